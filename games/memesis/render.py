"""Plain-text rendering of Memesis views for the terminal and Discord. Pure: it reads only a
:class:`games.core.contract.View` (its ``board``, ``private``, ``decisions``, ``waiting`` and ``result``).

The public board (``view.board``) has the turn, round, active and first seat, the phase, the table options
``stealth`` and ``teams``; per seat (``players``) name, team, Life, source, Brain Cell, hand and Ammunition
counts, turns begun, out, the Dead Cell and the Incubation Cell; every ``piece`` in play (a card or fused
group in a Main, Attack or Defend Cell) with its cards, fusion, Partial-Fusion fragments, Rune, sourced and
target, and, when face up, its kind, Attack, Life, Armor and rules text; the open ``combat``, response
``window`` and ``stall`` count. A face-down card (Stealth) is ``{"face_down": true}`` there: its identity is
only in its owner's ``view.private`` (MEM-STL-03). A face-up group with a face-down card shows its face-up
cards' stats only, with ``hidden_stats`` and ``fusion`` ``"fused"``; an Incubation Cell entry has its Rune and
fragments, and ``needed`` is ``None`` while a face-down card is in it (MEM-GAP-20). Brain Cells and Ammunition show counts only
(MEM-CEL-03, MEM-AMM-08); hands are counts (MEM-INF-01).
"""

from __future__ import annotations

from typing import Any

from games.core.contract import View
from games.core.teams import letter

PHASES = {"start": "Start of turn", "ammo": "Ammunition step", "main": "Main phase", "combat": "Combat",
          "over": "Game over"}
"""Board phase key -> words (MEM-TRN-01: steps 1-6 start, step 7 Ammunition, 8-10 main, 11 combat)."""
CELLS = {"main": "Main Cell", "attack": "Attack Cell", "defend": "Defend Cell"}
FUSIONS = {"true": "True Fusion", "trans": "Transfusion", "fused": "fused"}
"""Board ``fusion`` -> words; ``fused``: a group with a face-down card, whose kind of fusion is hidden (MEM-GAP-20)."""
UNSEEN = "face-down card's stats unseen"
"""Added to the stats of a group with a face-down card: they are the face-up cards' only (MEM-GAP-20)."""
HIDDEN = "face-down card"
"""How a card in Stealth is named to those who may not see it (MEM-STL-03)."""


def phase_word(phase: str) -> str:
    """The phase key of the board in words (``"main"`` -> ``"Main phase"``)."""
    return PHASES.get(phase, phase)


def card_name(card: dict[str, Any]) -> str:
    """A card-or-hidden entry's name, or ``"face-down card"`` for a hidden one (MEM-STL-03)."""
    return HIDDEN if card.get("face_down") else card["name"]


def group_name(piece: dict[str, Any]) -> str:
    """A piece's cards, base first, joined with " + " (a fused group), each face-down one unnamed."""
    return " + ".join(card_name(c) for c in piece["cards"]) or HIDDEN


def piece_label(b: dict[str, Any], uid: int) -> str:
    """``#uid`` and the piece's cards, for combat lines; just ``#uid`` once the piece has left play."""
    p = _piece(b, uid)
    return f"#{uid} {group_name(p)}" if p else f"#{uid}"


def _piece(b: dict[str, Any], uid: int) -> dict[str, Any] | None:
    return next((p for p in b["pieces"] if p["uid"] == uid), None)


def _names(b: dict[str, Any]) -> list[str]:
    return [pl["name"] for pl in b["players"]]


def _team(b: dict[str, Any], seat: int) -> str:
    """`` [A]``: the seat's team letter when some seats are allied (``teams``), else nothing (every seat is
    its own team, MEM-GEN-01)."""
    return f" [{letter(b['players'][seat]['team'])}]" if b.get("teams") else ""


def _rune(r: dict[str, Any], names: list[str]) -> str:
    """MEM-RUN-01/02, MEM-STL-08: the Rune upgrading a piece, face up or face down, with its owner."""
    return f"Rune: {card_name(r)} ({names[r['owner']]}'s)"


def _partials(parts: list[dict[str, Any]]) -> str:
    """MEM-FUS-01: the Partial-Fusion fragments fused under a piece, each with its marking."""
    return "Partial Fusion: " + ", ".join(
        HIDDEN if f.get("face_down") else f"{f['name']} ({f['marking']})" for f in parts)


def _stats(p: dict[str, Any]) -> list[str]:
    """A face-up piece's kind and, for creatures, Attack, Life (current/full) and Armor (MEM-CRE-01,
    MEM-ARM-01)."""
    if p["face_down"]:
        return ["Stealth"]
    out = [p["kind"].capitalize()]
    if p["kind"] == "creature":
        out += [f"Attack {p['attack']}", f"Life {p['life']}/{p['max_life']}"]
        if p["armor"]:
            out.append(f"Armor {p['armor']}")
    if p.get("hidden_stats"):
        out.append(UNSEEN)
    return out


def piece_parts(b: dict[str, Any], p: dict[str, Any], *, owner: bool = True) -> list[str]:
    """The " · " parts describing piece ``p`` (MEM-INF-02): ``#uid`` and its cards, the fusion, its kind
    and stats when face up ("Stealth" when face down), sourced, the attacked player, the Rune, the
    Partial-Fusion fragments and (with ``owner``) the base card's owner when another seat controls it."""
    names = _names(b)
    parts = [f"#{p['uid']} {group_name(p)}"]
    if p.get("fusion"):
        parts.append(FUSIONS.get(p["fusion"], p["fusion"]))
    parts += _stats(p)
    if p["sourced"]:
        parts.append("sourced")
    if p.get("target") is not None:
        parts.append(f"→ {names[p['target']]}")
    if p.get("rune"):
        parts.append(_rune(p["rune"], names))
    if p.get("partials"):
        parts.append(_partials(p["partials"]))
    if owner and p["owner"] != p["controller"]:
        parts.append(f"owner {names[p['owner']]}")
    return parts


def incubation_turns(inc: dict[str, Any]) -> str:
    """``"2/5 turns"``: turns elapsed of those needed; ``"2 turns elapsed"`` when the total is hidden (a
    face-down card's, MEM-GAP-20)."""
    if inc.get("needed") is None:
        return f"{inc['elapsed']} turn{'s' if inc['elapsed'] != 1 else ''} elapsed"
    return f"{inc['elapsed']}/{inc['needed']} turns"


def incubation_text(b: dict[str, Any], inc: dict[str, Any]) -> str:
    """MEM-INC-02/07: the incubating card or group, Stealth or not, its turns (:func:`incubation_turns`), its
    Rune and Partial-Fusion fragments (public when placed face up)."""
    cards = " + ".join(card_name(c) for c in inc["cards"]) or HIDDEN
    down = " (Stealth)" if inc.get("face_down") else ""
    parts = [f"Incubation Cell: #{inc['uid']} {cards}{down}", incubation_turns(inc)]
    if inc.get("rune"):
        parts.append(_rune(inc["rune"], _names(b)))
    if inc.get("partials"):
        parts.append(_partials(inc["partials"]))
    return " · ".join(parts)


def _player_line(b: dict[str, Any], s: int, viewer: int | None) -> str:
    pl = b["players"][s]
    mark = "▶ " if s == b["active"] and b["phase"] != "over" else "  "
    you = " (you)" if viewer == s else ""
    out = " · OUT" if pl["out"] else ""
    out += " · passing until their turn" if pl.get("holding") else ""
    ammo = f"Ammo {pl['ammo']}" + (f" ({pl['ammo_used']} used)" if pl["ammo_used"] else "")
    return (f"{mark}{pl['name']}{_team(b, s)}{you}{out}: {pl['life']} Life · source {pl['source']} · "
            f"hand {pl['hand']} · Brain {pl['brain']} · {ammo} · turns {pl['turns']}")


def board_text(view: View) -> str:
    """The public board as plain text (MEM-INF-02): turn, round, phase, first player and table options; per
    seat, in seat order, its Life, source, hand, Brain Cell and Ammunition counts (MEM-CEL-03, MEM-AMM-08),
    turns begun, out, team letter when allied, its Incubation Cell (MEM-INC-02), Dead Cell bottom first
    (MEM-CEL-10), then its pieces by Cell (MEM-CEL-01) with their rules text; a face-down card shows only
    "face-down card" (MEM-STL-03). Then the open combat, the response window (MEM-TRN-07), the stall count
    and the result. Every key of the board is shown."""
    b = view.board
    names = _names(b)
    head = f"== Turn {b['turn']} · round {b['round']} · {phase_word(b['phase'])} =="
    opts = [f"{names[b['first']]} went first", "Stealth allowed" if b["stealth"] else "no Stealth"]
    opts.append("teams" if b["teams"] else "free-for-all")
    lines = [head, " · ".join(opts)]
    for s, pl in enumerate(b["players"]):
        lines.append(_player_line(b, s, view.viewer))
        if pl["incubation"]:
            lines.append(f"     {incubation_text(b, pl['incubation'])}")
        if pl["dead"]:
            lines.append(f"     Dead Cell {len(pl['dead'])}: " + ", ".join(c["name"] for c in pl["dead"]))
        for cell, word in CELLS.items():
            mine = [p for p in b["pieces"] if p["controller"] == s and p["cell"] == cell]
            if not mine:
                continue
            lines.append(f"     {word}:")
            for p in mine:
                lines.append("       " + " · ".join(piece_parts(b, p)))
                if not p["face_down"] and p.get("line"):
                    lines.append("          " + p["line"])
    lines += _combat_lines(b)
    lines += _window_lines(b)
    if b.get("stall") is not None:
        lines.append(f"Stall: every Brain Cell is empty · {b['stall']} rounds left")
    if view.result is not None:
        lines.append(view.result.text)
    return "\n".join(lines)


def _combat_lines(b: dict[str, Any]) -> list[str]:
    """The open combat (MEM-TRN-04, MEM-CBT-09): its stage, each attacker and whom it attacks, each block."""
    cb = b.get("combat")
    if not cb:
        return []
    names = _names(b)
    lines = [f"Combat · {cb['stage']}"]
    for a in cb["attackers"]:
        lines.append(f"  {piece_label(b, a['uid'])} attacks {names[a['target']]}")
    for k in cb["blocks"]:
        lines.append(f"  {piece_label(b, k['uid'])} blocks {piece_label(b, k['attacker'])}")
    if not cb["blocks"]:
        lines.append("  no blocks")
    return lines


def _window_lines(b: dict[str, Any]) -> list[str]:
    """The open response window (MEM-TRN-07, MEM-GAP-28): why, who acted, whom it is asking."""
    w = b.get("window")
    if not w:
        return []
    names = _names(b)
    asking = f" · asking {names[w['asking']]}" if w.get("asking") is not None else ""
    return [f"Response window: {w['reason']} · by {names[w['actor']]}{asking}"]


def private_text(view: View) -> str:
    """The viewer's own hidden information (MEM-INF-01, MEM-STL-03, MEM-AMM-08): their hand with rules
    text, the identities of their face-down cards in play or incubation, their Ammunition Cell bottom first
    (top last, each used one marked), their incubating card. Empty for a spectator.

    ``view.private``: ``{"hand": [{card, name, line}], "face_down": [{uid, card, name}], "ammo": [{card,
    name, used}], "incubation": None | {card, name, elapsed, needed}, "stats": [{uid, attack, life, max_life,
    armor}]}`` (``stats``: the true values of the viewer's groups whose face-down cards the board leaves out,
    MEM-GAP-20)."""
    pv = view.private
    if pv is None:
        return ""
    lines = [f"Your hand ({len(pv['hand'])}):"]
    lines += [f"  {_hand_line(c)}" for c in pv["hand"]] or ["  (empty)"]
    if pv.get("face_down"):
        lines.append("Your face-down cards:")
        lines += [f"  #{f['uid']}: {f['name']}" for f in pv["face_down"]]
    for s in pv.get("stats") or []:  # MEM-GAP-20: the others see the face-up cards' stats only
        lines.append(f"  #{s['uid']} in truth: Attack {s['attack']} · Life {s['life']}/{s['max_life']}"
                     + (f" · Armor {s['armor']}" if s["armor"] else ""))
    if pv.get("ammo"):
        lines.append(f"Your Ammunition Cell ({len(pv['ammo'])}, top last):")
        top = len(pv["ammo"]) - 1
        for k, a in enumerate(pv["ammo"]):
            marks = [m for m, on in (("used", a["used"]), ("top", k == top)) if on]
            # bullets, not numbers: the terminal numbers the options just below (MEM-AMM-02: the order is kept)
            lines.append(f"  · {a['name']}" + (f" ({', '.join(marks)})" if marks else ""))
    inc = pv.get("incubation")
    if inc:
        lines.append(f"Incubating: {inc['name']} · {incubation_turns(inc)}")
    return "\n".join(lines)


def _hand_line(c: dict[str, Any]) -> str:
    line = c.get("line") or ""
    if not line or line.startswith(c["name"]):
        return line or c["name"]
    return f"{c['name']} — {line}"


def context_text(view: View) -> str:
    """What the viewer's open decision depends on, one whole line per item (never hard-wrapped:
    Discord and the terminal wrap to their own width): turn, whose turn and phase; every player's Life, source,
    hand and Brain Cell counts with team letters when allied (MEM-INF-02); each seat's pieces in play briefly (cards, Cell, stats, sourced,
    target, Rune; "face-down card" for Stealth, MEM-STL-03); the viewer's incubating card count; the open
    combat and response window. Built only from the public board; empty when ``view.decisions`` is empty."""
    if not view.decisions:
        return ""
    b = view.board
    names = _names(b)
    me = view.viewer
    lines = [f"Turn {b['turn']} · {names[b['active']]}'s turn · {phase_word(b['phase'])}"]
    for s, pl in enumerate(b["players"]):
        who = "You" if s == me else pl["name"]
        if pl["out"]:
            lines.append(f"{who}{_team(b, s)}: out")
            continue
        ammo = f" · Ammo {pl['ammo']}" + (f" ({pl['ammo_used']} used)" if pl["ammo_used"] else "")
        lines.append(f"{who}{_team(b, s)}: {pl['life']} Life · source {pl['source']} · hand {pl['hand']} · "
                     f"Brain {pl['brain']}" + (ammo if pl["ammo"] else ""))
        for p in (p for p in b["pieces"] if p["controller"] == s):
            lines.append(" " + " · ".join(_brief(b, p)))
        if pl["incubation"]:
            inc = pl["incubation"]
            lines.append(f" incubating {' + '.join(card_name(c) for c in inc['cards']) or HIDDEN} · "
                         f"{incubation_turns(inc)}")
    lines += [ln.strip() for ln in _combat_lines(b)]
    lines += _window_lines(b)
    if b.get("stall") is not None:
        lines.append(f"Stall: {b['stall']} rounds left")
    return "\n".join(lines)


def _brief(b: dict[str, Any], p: dict[str, Any]) -> list[str]:
    """A piece in a few words: ``#uid`` cards, Cell (when not Main), kind or Attack, Life and Armor, fusion,
    sourced, target, Rune, the number of Partial-Fusion fragments."""
    names = _names(b)
    parts = [f"#{p['uid']} {group_name(p)}"]
    if p["cell"] != "main":
        parts.append(CELLS[p["cell"]])
    if not p["face_down"]:
        if p["kind"] == "creature":
            parts += [f"Attack {p['attack']}", f"Life {p['life']}/{p['max_life']}"]
            parts += [f"Armor {p['armor']}"] if p["armor"] else []
            parts += ["+ face-down card"] if p.get("hidden_stats") else []
        else:
            parts.append(p["kind"].capitalize())
    if p.get("fusion"):
        parts.append(FUSIONS.get(p["fusion"], p["fusion"]))
    if p["sourced"]:
        parts.append("sourced")
    if p.get("target") is not None:
        parts.append(f"→ {names[p['target']]}")
    if p.get("rune"):
        parts.append(f"Rune: {card_name(p['rune'])}")
    if p.get("partials"):
        parts.append(f"+{len(p['partials'])} fragment" + ("s" if len(p["partials"]) > 1 else ""))
    return parts


def end_lines(view: View) -> dict[int, str]:
    """Per seat its end state for the game summary: ``"12 Life · Brain 20 · hand 3"``, with ``" · out"``
    when the seat is out (MEM-GEN-02, MEM-GAP-05)."""
    out: dict[int, str] = {}
    for s, pl in enumerate(view.board["players"]):
        line = f"{pl['life']} Life · Brain {pl['brain']} · hand {pl['hand']}"
        out[s] = line + (" · out" if pl["out"] else "")
    return out

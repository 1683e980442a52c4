"""The Memesis board as a picture layout (``Game.layout``, painted by the host), built only from a view's
public board (take the spectator's, ``viewer`` None: no face-down card's identity, hand or Ammunition card is on it, MEM-STL-03,
MEM-INF-01, MEM-AMM-08): the turn, round, phase and active player, the table options and the stall count;
per seat, in its palette colour, its name with team letter (when allied) and OUT, Life as a bar (of 20,
MEM-LIFE-01, or more), source, hand, Brain Cell, Ammunition (used) and turns, the Incubation Cell and the
Dead Cell; then its pieces as cards, Cell by Cell (face up: cards of the group, fusion, kind, Attack, Life
with damage, Armor, sourced, target, Rune, Partial-Fusion fragments, owner; face down: a dark card saying
only "face-down card"); then the open combat and response window; at the foot who is deciding or the
result. Rules text is left to the text board. 800 px wide so it reads at the ~400 px Discord shows on a
phone.

Sources (for tests): ``turn``, ``phase``, ``active``, ``options``, ``stall``,
``p{seat}.name|life|source|hand|brain|ammo|turns|incubation|dead|cell.{cell}``, ``piece.{uid}`` with
``.fusion``, ``.stats``, ``.life``, ``.sourced``, ``.target``, ``.rune``, ``.partial``, ``.owner``;
``combat``, ``combat.attack.{uid}``, ``combat.block.{uid}``; ``window``; ``waiting``; ``result``.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import View
from games.core.layout import (
    FACE_DOWN,
    INK,
    MUTED,
    PAD,
    PANEL,
    WHITE,
    WIDTH,
    Bar,
    Box,
    Colour,
    Label,
    Layout,
    column_width,
    footer,
    seat_colour,
    shade,
    tint,
    wrap,
)
from games.core.teams import letter

from .render import CELLS, FUSIONS, HIDDEN, UNSEEN, card_name, incubation_text, phase_word, piece_label
from .rules import STEP_NAMES

GAP = 12
COLS = 3
CARD_W = column_width(COLS, GAP)
LIFE_SCALE = 20
"""MEM-LIFE-01: a player starts at 20 Life; the bar is drawn against that (or more, MEM-GAP-07)."""
HURT: Colour = (160, 30, 30)
SOURCED: Colour = (222, 222, 226)

_Line = tuple[str, int, Colour, bool, str]  # text, size px, colour, bold, source


def board_layout(view: View) -> Layout:
    """The public board of ``view`` as a :class:`Layout` ``WIDTH`` px wide, as tall as the board needs.
    Reads only ``view.board``, ``view.waiting`` and ``view.result``, so every viewer's view gives the same
    picture apart from the "waiting" line."""
    b = view.board
    names = [pl["name"] for pl in b["players"]]
    over = b["phase"] == "over"
    out = Layout(WIDTH, 0)
    out.add(Box(0, 0, WIDTH, 60, fill=(40, 42, 52)))
    out.add(Label(PAD, 6, 150, 48, f"Turn {b['turn']}", 30, WHITE, bold=True, source="turn"))
    out.add(Label(170, 6, 330, 48, f"Round {b['round']} · {phase_word(b['phase'])}", 24, WHITE, source="phase"))
    if not over:
        out.add(Label(510, 6, WIDTH - 510 - PAD, 48, f"{names[b['active']]}'s turn", 26,
                      tint(seat_colour(b["active"]), 0.45), align="right", bold=True, source="active"))
    y = 66
    opts = [f"{names[b['first']]} went first", "Stealth allowed" if b["stealth"] else "no Stealth",
            "teams" if b["teams"] else "free-for-all"]
    for line in wrap(" · ".join(opts), 20, WIDTH - 2 * PAD):
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 28, line, 20, MUTED, source="options"))
        y += 28
    if b.get("stall") is not None:  # rounds left before the stall limit ends the game
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 30, f"Stall: every Brain Cell is empty · {b['stall']} rounds left",
                      22, HURT, bold=True, source="stall"))
        y += 30
    y += 8
    for s in range(len(names)):
        y = _seat(out, b, s, y)
    y = _combat(out, b, names, y)
    # who is deciding what, in player words ("Ana (responding)"), not the decision kinds
    waiting = [(seat, STEP_NAMES.get(kind, kind)) for seat, kind in view.waiting]
    y = footer(out, view.result.text if view.result else None, waiting, names, y, PAD)
    out.height = y + PAD
    return out


def _seat(out: Layout, b: dict[str, Any], s: int, y: int) -> int:
    pl = b["players"][s]
    colour = seat_colour(s)
    src = f"p{s}"
    top = y
    out.add(Box(PAD - 6, y, WIDTH - 2 * PAD + 12, 1, fill=tint(colour, 0.85), radius=10))  # height set below
    panel = len(out.elements) - 1
    out.add(Box(PAD - 6, y, WIDTH - 2 * PAD + 12, 52, fill=shade(colour, 0.3) if pl["out"] else colour, radius=10))
    x = PAD + 2
    if s == b["active"] and b["phase"] != "over":
        out.add(Box(x, y + 11, 70, 30, fill=WHITE, radius=8))
        out.add(Label(x, y + 11, 70, 30, "TURN", 18, colour, align="centre", bold=True, source="active"))
        x += 80
    team = f" [{letter(pl['team'])}]" if b["teams"] else ""
    gone = " (OUT)" if pl["out"] else ""
    out.add(Label(x, y + 4, 540 - x, 44, f"{pl['name']}{team}{gone}", 28, WHITE, bold=True, source=f"{src}.name"))
    out.add(Label(550, y + 4, WIDTH - PAD - 550, 44, f"{pl['life']} Life", 30, WHITE, align="right", bold=True,
                  source=f"{src}.life"))
    y += 58
    out.add(Bar(PAD, y, WIDTH - 2 * PAD, 18, max(pl["life"], 0), max(LIFE_SCALE, pl["life"]), fill=colour,
                back=WHITE, source=f"{src}.life"))
    y += 26
    ammo = f"Ammo {pl['ammo']}" + (f" ({pl['ammo_used']} used)" if pl["ammo_used"] else "")
    counts = (("source", f"source {pl['source']}", 150), ("hand", f"hand {pl['hand']}", 120),
              ("brain", f"Brain {pl['brain']}", 130), ("ammo", ammo, 220), ("turns", f"turns {pl['turns']}", 140))
    x = PAD
    for key, text, w in counts:
        out.add(Label(x, y, w - 6, 32, text, 24 if key != "turns" else 20, INK if key != "turns" else MUTED,
                      bold=key == "source", source=f"{src}.{key}"))
        x += w
    y += 34
    inc = pl["incubation"]
    if inc:  # MEM-INC-02/07, MEM-STL-02
        text = incubation_text(b, inc)
        for line in wrap(text, 22, WIDTH - 2 * PAD):
            out.add(Label(PAD, y, WIDTH - 2 * PAD, 30, line, 22, FACE_DOWN if inc["face_down"] else INK,
                          source=f"{src}.incubation"))
            y += 30
    if pl["dead"]:  # MEM-CEL-10: public, bottom first
        text = f"Dead Cell {len(pl['dead'])}: " + ", ".join(c["name"] for c in pl["dead"])
        for line in wrap(text, 20, WIDTH - 2 * PAD):
            out.add(Label(PAD, y, WIDTH - 2 * PAD, 28, line, 20, MUTED, source=f"{src}.dead"))
            y += 28
    y += 4
    mine = [p for p in b["pieces"] if p["controller"] == s]
    for cell, word in CELLS.items():
        pieces = [p for p in mine if p["cell"] == cell]
        if not pieces:
            continue
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 28, f"{word} · {len(pieces)}", 20, shade(colour, 0.35), bold=True,
                      source=f"{src}.cell.{cell}"))
        y += 30
        y = _grid(out, b, pieces, y, colour)
    if not mine:
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 30, "no cards in play", 20, MUTED, source=f"{src}.cell.main"))
        y += 34
    old = out.elements[panel]
    assert isinstance(old, Box)
    out.elements[panel] = Box(old.x, old.y, old.w, y - top, fill=old.fill, radius=old.radius)
    return y + 12


def _piece_lines(b: dict[str, Any], p: dict[str, Any], inner: int) -> list[_Line]:
    """The lines of one piece's card; a face-down base card shows nothing of its identity (MEM-STL-03)."""
    names = [pl["name"] for pl in b["players"]]
    src = f"piece.{p['uid']}"
    down = p["face_down"]
    head = WHITE if down else INK
    small = tint(FACE_DOWN, 0.7) if down else MUTED
    lines: list[_Line] = [(f"#{p['uid']}", 18, small, False, src)]
    for c in p["cards"]:
        lines += [(t, 22, head, True, src) for t in wrap(card_name(c), 22, inner)[:3]]
    if p.get("fusion"):
        lines.append((FUSIONS.get(p["fusion"], p["fusion"]), 19, tint(head, 0.2), True, f"{src}.fusion"))
    if down:
        lines.append(("Stealth", 19, small, False, f"{src}.stats"))
    elif p["kind"] == "creature":
        lines.append((f"Attack {p['attack']}" + (f" · Armor {p['armor']}" if p["armor"] else ""), 20, INK, False,
                      f"{src}.stats"))
        dmg = p["max_life"] - p["life"]
        hurt = f"  (-{dmg})" if dmg > 0 else ""
        lines.append((f"Life {p['life']}/{p['max_life']}{hurt}", 20, HURT if dmg > 0 else INK, True, f"{src}.life"))
        if p.get("hidden_stats"):  # MEM-GAP-20: the face-up cards' stats only
            lines += [(t, 18, MUTED, False, f"{src}.stats") for t in wrap(f"+ {UNSEEN}", 18, inner)]
    else:
        lines.append((p["kind"].capitalize(), 20, MUTED, False, f"{src}.stats"))
    if p["sourced"]:
        lines.append(("sourced", 19, (120, 80, 40) if not down else WHITE, True, f"{src}.sourced"))
    if p.get("target") is not None:
        lines.append((f"→ {names[p['target']]}", 19, HURT if not down else WHITE, True, f"{src}.target"))
    if p.get("rune"):
        r = p["rune"]
        lines += [(t, 18, (40, 90, 140) if not down else WHITE, False, f"{src}.rune")
                  for t in wrap(f"Rune: {card_name(r)} ({names[r['owner']]}'s)", 18, inner)]
    for f in p.get("partials") or []:
        text = f"+ {HIDDEN}" if f.get("face_down") else f"+ {f['name']} ({f['marking']})"
        lines += [(t, 18, small, False, f"{src}.partial") for t in wrap(text, 18, inner)]
    if p["owner"] != p["controller"]:
        lines.append((f"owner {names[p['owner']]}", 18, small, False, f"{src}.owner"))
    return lines


def _grid(out: Layout, b: dict[str, Any], pieces: list[dict[str, Any]], y: int, colour: Colour) -> int:
    inner = CARD_W - 20
    for row in range(0, len(pieces), COLS):
        cards = [(p, _piece_lines(b, p, inner)) for p in pieces[row:row + COLS]]
        h = max(16 + sum(ln[1] + 8 for ln in lines) for _, lines in cards)
        for k, (p, lines) in enumerate(cards):
            x = PAD + k * (CARD_W + GAP)
            fill = FACE_DOWN if p["face_down"] else SOURCED if p["sourced"] else PANEL
            out.add(Box(x, y, CARD_W, h, fill=fill, outline=colour, line=4, radius=12, source=f"piece.{p['uid']}"))
            ty = y + 8
            for text, size, col, bold, src in lines:
                out.add(Label(x + 10, ty, inner, size + 8, text, size, col, bold=bold, source=src))
                ty += size + 8
        y += h + GAP
    return y


def _combat_line(out: Layout, b: dict[str, Any], uid: int, text: str, source: str, y: int) -> int:
    """One attacker or blocker of the open combat: ``text`` beside a mark in the colour of the seat controlling
    piece ``uid``, wrapped; returns the y below it."""
    text_w = WIDTH - 2 * PAD
    piece = next((p for p in b["pieces"] if p["uid"] == uid), None)
    colour = seat_colour(piece["controller"]) if piece else MUTED
    for line in wrap(text, 22, text_w - 24):
        out.add(Box(PAD, y, 10, 30, fill=colour, radius=4))
        out.add(Label(PAD + 18, y, text_w - 24, 30, line, 22, shade(colour, 0.35), source=source))
        y += 30
    return y


def _combat(out: Layout, b: dict[str, Any], names: list[str], y: int) -> int:
    """The open combat (MEM-TRN-04, MEM-CBT-09) and response window (MEM-TRN-07)."""
    text_w = WIDTH - 2 * PAD
    cb = b.get("combat")
    if cb:
        out.add(Box(PAD, y, text_w, 2, fill=(150, 40, 40)))
        y += 6
        out.add(Label(PAD, y, text_w, 32, f"Combat · {cb['stage']}", 24, HURT, bold=True, source="combat"))
        y += 34
        for a in cb["attackers"]:
            y = _combat_line(out, b, a["uid"], f"{piece_label(b, a['uid'])} attacks {names[a['target']]}",
                             f"combat.attack.{a['uid']}", y)
        for k in cb["blocks"]:
            y = _combat_line(out, b, k["uid"], f"{piece_label(b, k['uid'])} blocks {piece_label(b, k['attacker'])}",
                             f"combat.block.{k['uid']}", y)
        if not cb["blocks"]:
            out.add(Label(PAD + 18, y, text_w - 24, 28, "no blocks", 20, MUTED, source="combat"))
            y += 28
        y += 6
    w = b.get("window")
    if w:
        asking = f" · asking {names[w['asking']]}" if w.get("asking") is not None else ""
        for line in wrap(f"Response window: {w['reason']} · by {names[w['actor']]}{asking}", 22, text_w):
            out.add(Label(PAD, y, text_w, 30, line, 22, MUTED, bold=True, source="window"))
            y += 30
        y += 6
    return y + 4

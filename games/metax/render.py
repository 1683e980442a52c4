"""Plain-text rendering of MetaX views for the terminal (and any text front end). Pure: it reads only
a :class:`games.core.View`."""

from __future__ import annotations

from games.core.contract import View

from .cards import Stat
from .pool import card_pool
from .rules import position_word, title

_PHASES = {
    "mulligan": "Mulligan",
    "mulligan_order": "Mulligan",
    "planning": "Planning Step",
    "attack": "Battle Step: attacks",
    "attack_card": "Battle Step: attacks",
    "link": "Battle Step: Team Attack",
    "defend": "Battle Step: defenders",
    "defend_card": "Battle Step: defenders",
    "damage_order": "Battle Step: Damage",
    "over": "Game over",
}
_SHORT = {s.value: s.short for s in Stat}


def board_text(view: View) -> str:
    """The public board: each seat's counters, Characters (Pushed, Damage; copies sharing a title marked by
    position, as in the option labels), discard top, the Battle Zone."""
    b = view.board
    lines = [f"== Turn {b['turn']} · {_PHASES.get(b['phase'], b['phase'])} =="]
    for p, pl in enumerate(b["players"]):
        mark = "▶ " if p == b["active"] and b["phase"] != "over" else "  "
        you = " (you)" if view.viewer == p else ""
        lines.append(
            f"{mark}{pl['name']}{you}: {pl['vp']} VP · {pl['mp']} MP · hand {pl['hand']} · deck {pl['deck']}"
            f" · discard {len(pl['discard'])}"
            + (f" (top: {pl['discard'][-1]['name']})" if pl["discard"] else "")
        )
        chars = pl["in_play"]
        titles = [title(ch["name"]) for ch in chars] if len(chars) > 1 else None
        for k, ch in enumerate(chars):
            # " (left)" when a copy shares the title, as :func:`_char_name` names it (instance ids are distinct:
            # the k-th Character is at position k)
            where = f" ({position_word(k, len(chars))})" if titles and titles.count(titles[k]) > 1 else ""
            ranks = " ".join([f"{_SHORT[s]}{r}" for s, r in ch["ranks"].items()])
            state = "Pushed" if ch["pushed"] else "Prepped"
            dmg = ""
            if ch["damage"]:
                dmg = " · Damage: " + ", ".join(f"{_SHORT[d['stat']]}{d['rank']}" for d in ch["damage"])
            new = " · new" if ch["new"] else ""
            lines.append(f"     {ch['name']}{where} ({ranks}) {state}{new}{dmg}")
    if b["battle"]:
        lines.append("  Battle Zone:")
        for a in b["battle"]:
            # After an attack resolves its Battle cards are attached as Damage (card/dcard None).
            card = f" with {a['card']['name']}" if a["card"] else ""
            links = f" + {', '.join(x['name'] for x in a['links'])}" if a["links"] else ""
            if a["defender"]:
                dcard = f" ({a['dcard']['name']})" if a["dcard"] else ""
                dfd = f" ← blocked by {a['defender']['name']}{dcard}"
            else:
                dfd = " (unblocked)"
            done = " · resolved" if a["resolved"] else ""
            lines.append(f"    {a['attack']}. {a['attacker']['name']}{links}{card}{dfd}{done}")
    return "\n".join(lines)


def private_text(view: View) -> str:
    """The viewer's hand, one card a line with its rules text."""
    if view.private is None:
        return ""
    lines = ["Your hand:"]
    for c in view.private["hand"]:
        text = f" — {c['text']}" if c["text"] else ""
        lines.append(f"  {c['line']}{text}")
    if view.private.get("event_negated"):
        lines.append("  (Your next Event card will be negated.)")
    return "\n".join(lines)


def context_text(view: View) -> str:
    """What ``view``'s open decision depends on, compactly (shown above the hand, so the player need not
    look at the channel): the opponent's counters and Characters (title, effective Ranks, Pushed/new,
    Damage), the Battle Zone (each attack's attacker, declared Stat, Battle cards played, Links, blocker),
    an Event being used, then the viewer's own counters and Characters. Characters stand left to right in
    play order; when a seat has two with the same title each line starts with its position, as in the
    option labels ("Beowulf (left)").
    For a mulligan, each seat's mulligan choice so far. One whole line per item, never hard-wrapped
    (Discord and the terminal wrap to their own width). Built only from the view (public board); empty
    when the viewer has no open decision."""
    if not view.decisions or view.viewer is None:
        return ""
    b = view.board
    me = view.viewer
    lines: list[str] = []
    mulligan = view.decisions[0].kind in ("mulligan", "mulligan_order")
    for p in (1 - me, me):
        lines += _seat_lines(b, p, me, mulligan)
        if p != me:
            lines += _battle_lines(b)
    return "\n".join(lines)


def _seat_lines(b: dict, p: int, me: int, mulligan: bool) -> list[str]:
    pl = b["players"][p]
    who = "You" if p == me else pl["name"]
    head = f"{who}: {pl['vp']} VP · {pl['mp']} MP · hand {pl['hand']} · deck {pl['deck']}"
    if mulligan:  # MX-SET-06: the second player sees the first player's choice
        order = "first" if p == b["first"] else "second"
        verb = "go" if p == me else "goes"
        choice = {"kept": "kept the hand", "mulliganed": "mulliganed"}.get(
            pl["mulligan"], "deciding" if p == me else "not decided yet")
        return [f"{who} {verb} {order}: {choice}"]
    lines = [head]
    chars = pl["in_play"]
    titles = [title(ch["name"]) for ch in chars]
    for k, ch in enumerate(chars):
        where = f"{position_word(k, len(chars))} " if titles.count(titles[k]) > 1 else ""
        ranks = " ".join(f"{_SHORT[s]}{r}" for s, r in ch["ranks"].items())
        notes = [n for n, on in (("Pushed", ch["pushed"]), ("new", ch["new"])) if on]
        if ch["damage"]:
            total = sum(d["rank"] for d in ch["damage"])
            notes.append(f"dmg {total}: " + " ".join(f"{_SHORT[d['stat']]}{d['rank']}" for d in ch["damage"]))
        lines.append(f" {where}{titles[k]} {ranks}" + "".join(f" · {n}" for n in notes))
    if not chars:
        lines.append(" (no Characters in play)")
    return lines


def _battle_lines(b: dict) -> list[str]:
    """One line per attack (wrapped between its parts): attacker, declared Stat, the attacking Battle
    card and its Rank, Links with their Ranks, the blocker and its Battle card, a Team Attack's
    comparison (MX-TEAM-07); and the Event being used, if any."""
    pool = card_pool()
    lines = [f"Using: {title(c['name'])}" for c in b["resolving"]]
    attacking, defending = b["active"], 1 - b["active"]
    for a in b["battle"]:
        stat = a["stat"]
        parts = [f"Attack {a['attack']}: {_char_name(b, attacking, a['attacker'])}", stat.capitalize()]
        if a["card"]:
            parts.append(f"{title(a['card']['name'])} ({_SHORT[stat]} {pool[a['card']['card']].rank})")
        linked = [_find(b, attacking, x["id"]) for x in a["links"]]
        if a["links"]:
            parts.append("+ " + ", ".join(f"{_char_name(b, attacking, x)} ({_SHORT[stat]}"
                                          f"{ch['ranks'].get(stat, 0) if ch else '-'})"
                                          for x, ch in zip(a["links"], linked, strict=True)))
        if a["defender"]:
            parts.append(f"blocked by {_char_name(b, defending, a['defender'])}")
            if a["dcard"]:
                parts.append(f"{title(a['dcard']['name'])} ({pool[a['dcard']['card']].rank})")
            blocker = _find(b, defending, a["defender"]["id"])
            if a["links"] and a["card"] and a["dcard"] and blocker:
                # MX-TEAM-07: lead card + Linked Ranks against the blocking card + the blocker's Rank
                team = pool[a["card"]["card"]].rank + sum(ch["ranks"].get(stat, 0) for ch in linked if ch)
                guard = pool[a["dcard"]["card"]].rank + blocker["ranks"].get(stat, 0)
                parts.append(f"Team Attack {team} vs {guard}")
        elif not a["resolved"]:
            parts.append("not blocked")
        if a["resolved"]:
            parts.append("resolved")
        lines.append(" · ".join(parts))
    return lines


def _find(b: dict, p: int, iid: int) -> dict | None:
    """Seat ``p``'s in-play entry for Character ``iid`` (None once it left play)."""
    return next((ch for ch in b["players"][p]["in_play"] if ch["id"] == iid), None)


def _char_name(b: dict, p: int, card: dict) -> str:
    """A Character's title, with its position when seat ``p`` has another in play with that title."""
    chars = b["players"][p]["in_play"]
    titles = [title(ch["name"]) for ch in chars]
    nm = title(card["name"])
    ids = [ch["id"] for ch in chars]
    if card["id"] in ids and titles.count(nm) > 1:
        return f"{nm} ({position_word(ids.index(card['id']), len(chars))})"
    return nm

"""Plain-text rendering of MetaX views for the terminal (and any text front end). Pure: it reads only
a :class:`games.core.View`."""

from __future__ import annotations

from games.core.contract import View

from .cards import Stat

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
    """The public board: each seat's counters, Characters (Pushed, Damage), discard top, the Battle Zone."""
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
        for ch in pl["in_play"]:
            ranks = " ".join(f"{_SHORT[s]}{r}" for s, r in ch["ranks"].items())
            state = "Pushed" if ch["pushed"] else "Prepped"
            dmg = ""
            if ch["damage"]:
                dmg = " · Damage: " + ", ".join(f"{_SHORT[d['stat']]}{d['rank']}" for d in ch["damage"])
            new = " · new" if ch["new"] else ""
            lines.append(f"     [{ch['id']}] {ch['name']} ({ranks}) {state}{new}{dmg}")
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

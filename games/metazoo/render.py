"""Plain-text rendering of MetaZoo views for the terminal. Pure: it reads only a :class:`games.core.View`."""

from __future__ import annotations

from typing import Any

from games.core.contract import View

_STEPS = {"predict": "Set-up: coin prediction", "choose_first": "Set-up: who goes first", "mulligan": "Mulligan",
          "start": "Start of turn (priority)", "actions": "Take Actions", "end": "End of turn (priority)",
          "trap_pay": "A Trap flipped", "sky": "4th Wall question", "over": "Game over",
          "burrow": "Start of turn: burrowing", "ticks": "Start of turn", "end_ticks": "End of turn",
          "order": "Simultaneous effects"}
"""The board's step (``State.step``) in player words."""

STEP_NAMES = {
    "predict": "predicting the coin flip", "choose_first": "choosing who goes first", "mulligan": "keeping or mulliganing",
    "burrow": "choosing Beasties to burrow", "order": "ordering effects that happen at once",
    "trap_pay": "deciding whether to pay for a flipped Trap", "target": "choosing a target",
    "attack_target": "choosing the target of an Attack", "trap_where": "placing a face-down Page",
    "defend": "declaring Defenders", "primary": "choosing the Primary Defender",
    "allocate": "splitting Combat Damage", "actions": "taking Actions", "priority": "responding",
    "sky": "answering a 4th Wall question",
}
"""Each decision kind in player words, as "Waiting for Ana (declaring Defenders)" says it."""


def _page(p: dict[str, Any]) -> str:
    if p["face_down"]:
        return f"#{p['uid']} face-down Page"
    bits = [f"#{p['uid']} {p['name']}"]
    if p["type"] in ("beastie", "artifact"):
        bits.append(f"{p['lp']}/{p['max_lp']} LP")
    bits.append("Fatigued" if p["fatigued"] else "Awakened")
    bits += [f"{i['status'].capitalize()}" + (f"({i['counters']})" if i["counters"] else "") for i in p["indicators"]]
    if p["trap_under"]:
        bits.append("face-down Page under it")
    if p["equipment"]:
        bits.append("equipped: " + ", ".join(e["name"] for e in p["equipment"]))
    if p.get("under"):  # MZ-PLACE-03, MZ-GAP-85: Pages put underneath are public
        bits.append("underneath: " + ", ".join(u["name"] or "Beastie token" for u in p["under"]))
    if p.get("on") is not None:  # MZ-PLACE-04
        bits.append(f"underneath #{p['on']}")
    return " · ".join(bits)


def board_text(view: View) -> str:
    """The public board: each Caster's LP, Aura pool, sizes, Status; the Arena by controller; the six Terra
    slots; the open chain and Combat."""
    b = view.board
    lines = [f"== Turn {b['turn']} · {_STEPS.get(b['step'], b['step'])} =="]
    for s, c in enumerate(b["casters"]):
        mark = "▶ " if s == b["active"] and b["step"] != "over" else "  "
        you = (" (you)" if view.viewer == s else "") + (" (left the game)" if c.get("out") else "")
        aura = ", ".join(f"{n} {t}" for t, n in c["aura"].items()) or "none"
        status = " · " + ", ".join(i["status"] for i in c["indicators"]) if c["indicators"] else ""
        lines.append(f"{mark}{c['name']}{you}: {c['lp']}/{c['max_lp']} LP · Aura {aura} · Spellbook "
                     f"{c['spellbook']} · Chapter {c['chapter']} · Limbo {len(c['limbo'])} · Cemetery "
                     f"{len(c['cemetery'])} · Afterlife {len(c['afterlife'])}{status}")
        for p in b["arena"]:
            if p["controller"] == s:
                lines.append(f"     {_page(p)}")
    slots = [f"{i + 1}: {t['name'] if t else '-'}" for i, t in enumerate(b["terra"])]
    lines.append("Terra slots  " + " | ".join(slots))
    if b["chain"]:
        lines.append("Chain (last resolves first):")
        for i, it in enumerate(b["chain"]):
            tgt = f" → {', '.join(it['targets'])}" if it["targets"] else ""
            stop = " (stopped)" if it["stopped"] else ""
            lines.append(f"  {i + 1}. {b['casters'][it['controller']]['name']}: {it['name']}{tgt}{stop}")
    if b["combat"]:
        cb = b["combat"]
        lines.append(f"Combat: {cb['attacker']} → {cb['target']}; Defenders: {', '.join(cb['defenders']) or 'none'}"
                     f"; Primary: {cb['primary'] or '-'}")
    if b["flipped"]:
        lines.append(f"Flipped Trap: {b['flipped']['name']}")
    lines += sky_lines(b.get("sky"))
    if view.result is not None:
        lines.append(view.result.text)
    return "\n".join(lines)


def context_text(view: View) -> str:
    """What the viewer's open decision depends on, one whole line per item, never hard-wrapped (a
    DM shows it above the hand; Discord and the terminal wrap to their own width): the turn, whose turn and the step;
    per Caster LP, Aura pool, Chapter and Spellbook counts and Statuses, then its face-up Arena Pages and the numbers of its face-down ones
    (MZ-TRAP-11); the Terra slots in use; the open chain, Combat, a flipped Trap and the open 4th Wall
    question. Built only from the public board; empty when ``view.decisions`` is empty. The whole board is
    :func:`board_text`."""
    if not view.decisions:
        return ""
    b = view.board
    casters = b["casters"]
    lines = [f"Turn {b['turn']} · {casters[b['active']]['name']}'s turn · "
             f"{_STEPS.get(b['step'], b['step'])}"]
    for s, c in enumerate(casters):
        who = "You" if s == view.viewer else c["name"]
        if c.get("out"):
            lines.append(f"{who}: left the game")
            continue
        aura = ", ".join(f"{n} {t}" for t, n in c["aura"].items()) or "none"
        status = [i["status"] for i in c["indicators"]]
        lines.append(" · ".join([f"{who}: {c['lp']} LP", f"Aura {aura}", f"Chapter {c['chapter']}",
                                 f"Spellbook {c['spellbook']}", *status]))
        mine = [p for p in b["arena"] if p["controller"] == s]
        lines += [" " + _page(p) for p in mine if not p["face_down"]]
        hidden = [f"#{p['uid']}" for p in mine if p["face_down"]]
        if hidden:
            lines.append(" face-down: " + " ".join(hidden))
    used = [f"{i + 1} {t['name']}" for i, t in enumerate(b["terra"]) if t]
    if used:
        lines.append("Terra: " + " · ".join(used))
    for i, it in enumerate(b["chain"]):
        tgt = f" → {', '.join(it['targets'])}" if it["targets"] else ""
        lines.append(f"Chain {i + 1}: {casters[it['controller']]['name']}: {it['name']}{tgt}"
                     + (" (stopped)" if it["stopped"] else ""))
    if b["combat"]:
        cb = b["combat"]
        lines.append(" · ".join([f"Combat: {cb['attacker']} → {cb['target']}",
                                 f"Defenders {', '.join(cb['defenders']) or 'none'}",
                                 f"Primary {cb['primary'] or '-'}"]))
    if b["flipped"]:
        lines.append(f"Flipped Trap: {b['flipped']['name']}")
    sky = b.get("sky")
    if sky and sky["asking"]:
        lines.append(f"Asking {sky['asking']['question']}")
    return "\n".join(lines)


def sky_lines(sky: dict[str, Any] | None) -> list[str]:
    """The surroundings (4th Wall Effects, MZ-WALL-04): the mode, the turn's instant and place, the open 4th Wall question
    and this turn's checks (✓ holds, ✗ does not), each with its basis."""
    if not sky:
        return []
    where = " · ".join(x for x in (sky["instant"], sky["place"]) if x)
    out = [f"Surroundings: {sky['mode']}" + (f" · {where}" if where else "")]
    if sky["asking"]:
        out.append(f"  Asking {sky['asking']['question']}")
    for a in sky["answers"]:
        out.append(f"  {'✓' if a['holds'] else '✗'} {a['caster']}: {a['basis']}")
    return out


def private_text(view: View) -> str:
    """The viewer's Chapter and own face-down Pages."""
    if view.private is None:
        return ""
    pv = view.private
    lines = ["Your Chapter:"] + ([f"  {c['line']}" for c in pv["chapter"]] or ["  (empty)"])
    for f in pv["face_down"]:
        lines.append(f"Your face-down #{f['uid']}: {f['name']}")
    for u in pv["under"]:
        lines.append(f"Under #{u['host']}: your face-down {u['name']}")
    return "\n".join(lines)

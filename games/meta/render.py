"""Plain-text rendering of a Meta view: the board (every tower level by level, top first, whose cards
are whose, trigger stacks with their announced targets, graveyards, life, hand and memory sizes;
META-STK-03/08), a player's private part (hand, own trigger conditions), and the decision kinds in player
words (:data:`STEP_NAMES`). Pure: used by the terminal and the Discord embeds; imports only
:mod:`games.core.contract`."""

from __future__ import annotations

import re
from functools import lru_cache

from games.core.contract import View

STEP_NAMES = {
    "drawing": "playing or saying Play!",
    "push": "playing or passing",
    "destination": "choosing where a card goes",
    "target": "choosing a target",
    "confirm_play": "confirming a play",
    "playing": "playing a card",
    "discard": "discarding",
}
"""Decision kind (and ``playing``, the kind others see for a play's own steps) -> player words: what the
board's "Waiting for Ana (…)" says."""


def step_name(kind: str) -> str:
    """``kind`` in player words; an unknown kind with its underscores as spaces."""
    return STEP_NAMES.get(kind, kind.replace("_", " "))


_LEVEL = {0: "stack", 1: "meta stack"}


def _level_name(k: int) -> str:
    return _LEVEL.get(k, f"level {k}")


def board_text(view: View) -> str:
    """The public board as text (the same for every viewer)."""
    b = view.board
    names = [p["name"] for p in b["players"]]
    stage = "game over" if b["stage"] == "over" else f"{b['stage']} stage"
    lines = [f"Meta · turn {b['turn']} · {names[b['at_turn']]} at turn · {stage}"]
    lines.append("Order: " + " → ".join(names[s] for s in b["order"]))
    for _s, p in enumerate(b["players"]):
        status = "OUT" if p["removed"] else ("disabled (" + ", ".join(p["causes"]) + ")" if p["disabled"] else "")
        mark = "▶ " if p["at_turn"] else "  "
        grave = p["graveyard"]
        top = f", top: {grave[-1]['title']}" if grave else ""
        lines.append(f"{mark}{p['name']}: {p['life']} life · hand {p['hand']} · memory {p['memory']} · "
                     f"graveyard {len(grave)}{top}" + (f" · {status}" if status else "") +
                     (" · passed" if p["passed"] else ""))
    for tw in b["towers"]:
        levels = tw["levels"]
        if tw["id"] != "main":
            target = f" · named: {tw['target']}" if tw["target"] else ""
            lines.append(f"{tw['name'][0].upper()}{tw['name'][1:]}: face-down trigger{target}")
        elif not any(levels):
            lines.append("Main tower: empty")
            continue
        else:
            lines.append("Main tower:")
        for k in range(len(levels) - 1, -1, -1):
            level = levels[k]
            if not level:
                continue
            lines.append(f"  {_level_name(k)} (top first):")
            for e in reversed(level):
                target = f" → {e['target']}" if e["target"] else ""
                lines.append(f"    {e['title']} ({names[e['player']]}){target}")
    for ch in b["changes"]:
        until = "rest of game" if ch["until"] < 0 else f"until end of turn {ch['until']}"
        lines.append(f"Rule: {ch['text']} ({ch['source']}, {until})")
    if view.result is not None:
        lines.append(f"Result: {view.result.text}")
    elif view.waiting:
        lines.append("Waiting for: " + ", ".join(f"{names[s]} ({step_name(k)})" for s, k in view.waiting))
    return "\n".join(lines)


def private_text(view: View) -> str:
    """The viewer's hand, one short line per card (name, type, target kind: the full text is looked up with
    /card), and the cards of their own face-down triggers."""
    if view.private is None:
        return ""
    pr = view.private
    lines = [f"Your hand ({len(pr['hand'])}):"]
    for c in pr["hand"]:
        lines.append(f"  {c['line']}")
    for t in pr["triggers"]:
        cond = t["condition"]
        lines.append(f"Face down on {t['name']}: your {t['title']} ({cond[:1].lower()}{cond[1:]})")
    if pr["playing"]:
        lines.append(f"Playing: {pr['playing']['title']}")
    if pr["discards"]:
        lines.append("Chosen to discard: " + ", ".join(c["title"] for c in pr["discards"]))
    return "\n".join(lines)


def _seat_names(b: dict) -> list[str]:
    """Players' names, with "#seat" added where two players share a name (two Anas stay told apart)."""
    names = [p["name"] for p in b["players"]]
    return [f"{n} #{s + 1}" if names.count(n) > 1 else n for s, n in enumerate(names)]


def _player_line(b: dict, s: int, names: list[str], viewer: int | None) -> str:
    p = b["players"][s]
    who = names[s] + (" (you)" if s == viewer else "")
    mark = "▶" if p["at_turn"] else "·"
    if p["removed"]:
        return f"{mark} {who}: out of the game"
    state = [f"{p['life']} life", f"hand {p['hand']}", f"mem {p['memory']}"]
    if p["disabled"]:
        state.append("disabled")
    elif p["passed"]:
        state.append("passed")
    return f"{mark} {who}: " + ", ".join(state)


_SHORT_TARGETS = (
    (re.compile(r"^top of the (main (?:meta )?stack) \(at execution\)$"), r"top of \1"),
    (re.compile(r"^the next card played onto the main stack$"), "next card on main stack"),
    (re.compile(r"^the player of the card below \(at execution\)$"), "player of card below"),
    (re.compile(r"^the (main (?:meta )?stack)$"), r"\1"),
    (re.compile(r"^level (\d+) of the main tower$"), r"main level \1"),
    (re.compile(r"^the meta stack of (.*)$"), r"\1, meta stack"),
)


@lru_cache(maxsize=4096)
def short_target(text: str) -> str:
    """A board entry's announced target in fewer words, for the phone-sized decision context (kept per text:
    the context lists every entry of every tower at each step)."""
    for pattern, repl in _SHORT_TARGETS:
        if pattern.match(text):
            return pattern.sub(repl, text)
    return text


def _entry_line(e: dict, names: list[str]) -> str:
    target = f" → {short_target(e['target'])}" if e["target"] else ""
    return f"  {e['title']} ({names[e['player']]}){target}"


def _tower_lines(tw: dict, names: list[str], viewer: int | None) -> list[str]:
    """A tower, top level first, each stack top card first; a trigger stack with its announced target
    only (its face-down card stays hidden, META-TRG-04)."""
    if tw["id"] == "main":
        head = "Main tower"
    else:
        name = tw["name"]
        mine = "Your " + name.split("'s ", 1)[1] if tw["owner"] == viewer else name
        head = mine + (f" (names {tw['target']})" if tw["target"] else "")
    levels = tw["levels"]
    if not any(levels):
        return [f"{head}: empty"]
    lines = [f"{head}:"]
    for k in range(len(levels) - 1, -1, -1):
        if levels[k]:
            lines.append(f" {_level_name(k)}, top first:")
            lines.extend(_entry_line(e, names) for e in reversed(levels[k]))
    return lines


def _where(tw: dict, k: int) -> str:
    """Level ``k`` of tower ``tw`` in few words: "main stack", "main meta stack", "Ana's trigger stack #2,
    meta stack"."""
    if tw["id"] == "main":
        return "main " + _level_name(k)
    return tw["name"] if k == 0 else f"{tw['name']}, {_level_name(k)}"


def _target_lines(view: View, names: list[str]) -> list[str]:
    """What each target option of the viewer's target decision refers to: a player's life, hand and
    memory; a graveyard's size and top cards; a card's stack, player and target; a stack's cards."""
    b = view.board
    towers = {tw["id"]: tw for tw in b["towers"]}
    entries = {e["id"]: (tw, k, e) for tw in b["towers"] for k, lv in enumerate(tw["levels"]) for e in lv}
    lines = ["Targets:"]
    for o in view.decisions[0].options:
        kind, rest = o.id[4:5], o.id[5:]
        if not o.id.startswith("tgt:"):
            continue
        if kind == "p":
            lines.append(f"· {names[int(rest)]}: {b['players'][int(rest)]['life']} life")
        elif kind == "g":
            grave = b["players"][int(rest)]["graveyard"]
            top = ", ".join(c["title"] for c in reversed(grave[-3:]))
            lines.append(f"· {names[int(rest)]}'s graveyard: {len(grave)}" + (f", top {top}" if top else ""))
        elif kind == "c" and int(rest) in entries:
            tw, k, e = entries[int(rest)]
            lines.append(f"· {e['title']} ({names[e['player']]}), {_where(tw, k)}" +
                         (f" → {short_target(e['target'])}" if e["target"] else ""))
        elif kind == "f" and rest in towers:
            tw = towers[rest]
            lines.append(f"· face-down trigger of {tw['name']}" +
                         (f", names {tw['target']}" if tw["target"] else ""))
        elif kind == "s":
            tid, _, lv = rest.rpartition(".")
            if tid not in towers:
                continue
            level = towers[tid]["levels"][int(lv)]
            lines.append(f"· {_where(towers[tid], int(lv))}: " +
                         ", ".join(e["title"] for e in reversed(level)))
    return lines


def context_text(view: View) -> str:
    """The compact part of the public board the viewer's open decision depends on (a private view shows it
    above the hand), built only from ``view`` (public board and the viewer's own decision; never another
    seat's hidden card): the turn and stage, every player's life, hand and memory sizes and whether they are
    disabled, out or passed, then by decision kind — a play (drawing, pushing, destination, confirm): every
    tower, level by level, with whose card each is and its announced target, and every trigger stack's
    announced target (never its condition); a target: what each target option refers to, then the towers; a
    discard: the hand limit. One whole line per item, never hard-wrapped (Discord and the terminal wrap to
    their own width). Empty when the viewer has no open decision."""
    if not view.decisions:
        return ""
    b = view.board
    d = view.decisions[0]
    names = _seat_names(b)
    lines = [f"Turn {b['turn']} · {b['stage']} stage"]
    lines += [_player_line(b, s, names, view.viewer) for s in b["order"]]
    if d.kind == "discard":
        lines.append(f"Hand limit: {b['rules']['hand_limit']}")
        return "\n".join(lines)
    if d.kind == "target":
        lines += _target_lines(view, names)
    for tw in b["towers"]:
        lines += _tower_lines(tw, names, view.viewer)
    for ch in b["changes"]:
        until = "game" if ch["until"] < 0 else f"to turn {ch['until']}"
        lines.append(f"Rule: {ch['text']} ({until})")
    return "\n".join(lines)

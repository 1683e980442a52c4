"""Plain-text rendering of a Meta view: the board (every tower level by level, top first, whose cards
are whose, trigger stacks with their announced targets, graveyards, life, hand and memory sizes;
META-STK-03/08) and a player's private part (hand, own trigger conditions). Pure: used by the terminal
and the Discord embeds."""

from __future__ import annotations

from games.core.contract import View

_LEVEL = {0: "stack", 1: "meta stack"}


def _level_name(k: int) -> str:
    return _LEVEL.get(k, f"level {k}")


def board_text(view: View) -> str:
    """The public board as text (the same for every viewer)."""
    b = view.board
    names = [p["name"] for p in b["players"]]
    lines = [f"Meta · turn {b['turn']} · {names[b['at_turn']]} at turn · {b['stage']} stage"]
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
            lines.append(f"{tw['name']}: face-down trigger{target}")
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
        lines.append("Waiting for: " + ", ".join(f"{names[s]} ({k})" for s, k in view.waiting))
    return "\n".join(lines)


def private_text(view: View) -> str:
    """The viewer's hand (with card text) and the conditions of their own face-down triggers."""
    if view.private is None:
        return ""
    pr = view.private
    lines = [f"Your hand ({len(pr['hand'])}):"]
    for c in pr["hand"]:
        lines.append(f"  {c['line']}: {c['text']}")
    for t in pr["triggers"]:
        lines.append(f"Your trigger {t['tower']} is {t['title']}: {t['condition']}")
    if pr["playing"]:
        lines.append(f"Playing: {pr['playing']['title']}")
    if pr["discards"]:
        lines.append("Chosen to discard: " + ", ".join(c["title"] for c in pr["discards"]))
    return "\n".join(lines)

"""The Meta board as a picture layout, built only from a :class:`View`'s public board: the turn,
stage and who is at turn; a panel per player in turn order (name, life bar with the disabling threshold,
scaled to the higher of the starting 15 life and the current life; hand, memory and graveyard sizes, the
graveyard's top card, passed/disabled/out); every tower level by level, top level first and each stack top
card first, each card a chip in its player's colour with the player's name and its announced target; each
trigger stack's face-down card with its announced target only (META-TRG-04: its card and condition are never
in the view), headed by its name in words ("Ana's trigger stack #2"); rule changes; who is awaited, and doing
what in words, or the result. 800 px wide so it reads at the ~400 px Discord shows on a phone.

Sources (for tests): ``turn``, ``stage``, ``at_turn``, ``order``, ``p{seat}.name|life|hand|memory|graveyard|
graveyard.top|status``, ``tower.{id}`` (heading), ``tower.{id}.facedown``, ``tower.{id}.{level}`` (level
heading), ``card.{id}`` (a chip: title and owner/target), ``rule.{k}``, ``waiting``, ``result``.
"""

from __future__ import annotations

from games.core.contract import View
from games.core.layout import (
    FACE_DOWN,
    INK,
    LINE,
    MUTED,
    PAD,
    PANEL,
    WHITE,
    WIDTH,
    Bar,
    Box,
    Label,
    Layout,
    column_width,
    footer,
    seat_colour,
    shade,
    tint,
    wrap,
)

from .render import _level_name, _seat_names, short_target, step_name
from .rules.queries import START_LIFE

COLS = 3
GAP = 8
CHIP_W = column_width(COLS, GAP)
CHIP_H = 62
PANEL_W = column_width(2, GAP)
PANEL_H = 146


def board_layout(view: View) -> Layout:
    """The public board of ``view`` (every viewer's view gives the same picture: only ``view.board``,
    ``view.waiting`` and ``view.result`` are read)."""
    b = view.board
    names = _seat_names(b)
    out = Layout(WIDTH, 0)
    out.add(Box(0, 0, WIDTH, 60, fill=(40, 42, 52)))
    out.add(Label(PAD, 6, 170, 48, f"Turn {b['turn']}", 30, WHITE, bold=True, source="turn"))
    stage = "game over" if b["stage"] == "over" else f"{b['stage']} stage"
    out.add(Label(190, 6, 250, 48, stage, 26, WHITE, source="stage"))
    out.add(Label(450, 6, WIDTH - 450 - PAD, 48, f"{names[b['at_turn']]} at turn", 26,
                  tint(seat_colour(b["at_turn"]), 0.45), align="right", bold=True, source="at_turn"))
    y = 70
    out.add(Label(PAD, y, WIDTH - 2 * PAD, 28, "Turn order, left to right, top to bottom", 18, MUTED, source="order"))
    y += 32
    for k, s in enumerate(b["order"]):
        _player(out, b, s, names, PAD + (k % 2) * (PANEL_W + GAP), y + (k // 2) * (PANEL_H + GAP), k + 1)
    y += ((len(b["order"]) + 1) // 2) * (PANEL_H + GAP) + 6
    for tw in b["towers"]:
        y = _tower(out, tw, names, y)
    for k, ch in enumerate(b["changes"]):
        until = "rest of game" if ch["until"] < 0 else f"to turn {ch['until']}"
        for line in wrap(f"Rule: {ch['text']} ({until})", 22, WIDTH - 2 * PAD):
            out.add(Label(PAD, y, WIDTH - 2 * PAD, 30, line, 22, INK, source=f"rule.{k}"))
            y += 30
    waiting = [(s, step_name(k)) for s, k in view.waiting]  # "playing or passing", not the decision kind
    y = footer(out, view.result.text if view.result else None, waiting, names, y + 6, PAD)
    out.height = y + PAD
    return out


def _player(out: Layout, b: dict, s: int, names: list[str], x: int, y: int, place: int) -> None:
    p = b["players"][s]
    colour = seat_colour(s)
    src = f"p{s}"
    out.add(Box(x, y, PANEL_W, PANEL_H, fill=tint(colour, 0.85) if not p["removed"] else (215, 215, 215),
                outline=colour, line=3 if p["at_turn"] else 0, radius=10))
    out.add(Box(x, y, PANEL_W, 42, fill=colour, radius=10))
    out.add(Label(x + 10, y + 2, 36, 38, f"{place}.", 22, WHITE, source="order"))
    out.add(Label(x + 44, y + 2, PANEL_W - 170, 38, names[s], 26, WHITE, bold=True, source=f"{src}.name"))
    status = ("OUT" if p["removed"] else "disabled" if p["disabled"] else "passed" if p["passed"] else
              "at turn" if p["at_turn"] else "")
    if status:
        out.add(Label(x + PANEL_W - 124, y + 2, 114, 38, status, 20, WHITE, align="right", bold=status != "passed",
                      source=f"{src}.status"))
    # The bar scales to the higher of the starting life and the current one (not the 25 cap).
    life_max = max(START_LIFE, p["life"], 1)
    disable_at = int(b["rules"].get("disable_at", 0))
    out.add(Label(x + 10, y + 48, 110, 34, f"{p['life']} life", 26, INK, bold=True, source=f"{src}.life"))
    out.add(Bar(x + 124, y + 56, PANEL_W - 136, 20, p["life"], life_max, fill=colour, back=WHITE,
                mark=disable_at if disable_at > 0 else None, source=f"{src}.life"))
    third = (PANEL_W - 20) // 3
    for k, (key, text) in enumerate((("hand", f"hand {p['hand']}"), ("memory", f"mem {p['memory']}"),
                                     ("graveyard", f"grave {len(p['graveyard'])}"))):
        out.add(Label(x + 10 + k * third, y + 84, third, 30, text, 22, INK, source=f"{src}.{key}"))
    if p["graveyard"]:
        out.add(Label(x + 10, y + 114, PANEL_W - 20, 28, f"grave top: {p['graveyard'][-1]['title']}", 19, MUTED,
                      source=f"{src}.graveyard.top"))


def _tower(out: Layout, tw: dict, names: list[str], y: int) -> int:
    levels = tw["levels"]
    src = f"tower.{tw['id']}"
    main = tw["id"] == "main"
    if main and not any(levels):
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 36, "Main tower: empty", 24, MUTED, source=src))
        return y + 42
    out.add(Box(PAD, y + 2, WIDTH - 2 * PAD, 2, fill=LINE))
    y += 8
    if main:
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 38, "Main tower", 28, INK, bold=True, source=src))
        y += 42
    else:
        owner = tw["owner"]
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 38, tw["name"], 26, seat_colour(owner),
                      bold=True, source=src))
        y += 42
    for k in range(len(levels) - 1, -1, -1):
        level = levels[k]
        if not level:
            continue
        name = _level_name(k)
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 30, f"{name[0].upper()}{name[1:]} · {len(level)}, top first", 22,
                      MUTED, bold=True, source=f"{src}.{k}"))
        y += 32
        for i, e in enumerate(reversed(level)):
            _chip(out, e, names, PAD + (i % COLS) * (CHIP_W + GAP), y + (i // COLS) * (CHIP_H + GAP))
        y += ((len(level) + COLS - 1) // COLS) * (CHIP_H + GAP) + 4
    if not main:
        # META-TRG-04: the face-down card is shown as a back with the announced target only.
        target = f"names {tw['target']}" if tw["target"] else "no target named"
        out.add(Box(PAD, y, CHIP_W, CHIP_H, fill=FACE_DOWN, outline=seat_colour(tw["owner"]), line=4, radius=8,
                    source=f"{src}.facedown"))
        out.add(Label(PAD + 12, y + 4, CHIP_W - 24, 28, "face-down trigger", 20, WHITE, bold=True,
                      source=f"{src}.facedown"))
        out.add(Label(PAD + 12, y + 32, CHIP_W - 24, 26, target, 20, tint(FACE_DOWN, 0.7),
                      source=f"{src}.facedown"))
        y += CHIP_H + GAP + 4
    return y


def _chip(out: Layout, e: dict, names: list[str], x: int, y: int) -> None:
    colour = seat_colour(e["player"])
    src = f"card.{e['id']}"
    out.add(Box(x, y, CHIP_W, CHIP_H, fill=PANEL, outline=colour, line=2, radius=8, source=src))
    out.add(Box(x, y, 10, CHIP_H, fill=colour, radius=4))
    out.add(Label(x + 16, y + 3, CHIP_W - 24, 30, e["title"], 22, INK, bold=True, source=src))
    target = f" → {short_target(e['target'])}" if e["target"] else ""
    out.add(Label(x + 16, y + 33, CHIP_W - 24, 26, f"{names[e['player']]}{target}", 18, shade(colour, 0.25),
                  source=src))

"""The MetaZoo board as a picture layout, built only from the spectator's public board
(``GAME.view(state, None).board``): the turn, step and active Caster; per Caster its name, LP as a bar
(of 1000, MZ-SETUP-01), Aura pool, Spellbook, Chapter, Limbo, Cemetery and Afterlife sizes and Statuses,
then its Arena Pages as cards (face-up: name, LP with damage, Fatigued, Statuses with Counters,
Equipment, a face-down Page under it; face-down: an anonymous dark card, MZ-TRAP-11); the six shared
Terra slots; Combat, a flipped Trap and the open chain top first; at the foot who is deciding or the
result. ``WIDTH`` px wide (:data:`games.core.layout.WIDTH`) so it reads on a phone.

Sources (for tests): ``turn``, ``step``, ``active``, ``p{seat}.name|lp|aura|spellbook|chapter|limbo|
cemetery|afterlife|status``, ``page.{uid}`` with ``.lp``, ``.state``, ``.status``, ``.equip.{k}``,
``.under``; ``terra.{slot}``; ``combat``; ``flipped``; ``chain.{k}``; ``waiting``; ``result``.
"""

from __future__ import annotations

from typing import Any

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

from .render import _STEPS, STEP_NAMES

GAP = 12
COLS = 3
CARD_W = column_width(COLS, GAP)
LP_SCALE = 1000
"""MZ-SETUP-01: a Caster starts at 1000 LP. Every Caster's bar is drawn against one scale: the higher of that
and the highest LP or maximum LP on the board (so 1100 and 1000 LP look different)."""

_Line = tuple[str, int, Colour, bool, str]  # text, size px, colour, bold, source


def board_layout(view: View) -> Layout:
    """The public board of ``view`` as a :class:`Layout` ``WIDTH`` px wide, as tall as the board needs.
    Reads only ``view.board``, ``view.waiting`` and ``view.result``, so every viewer's view gives the same
    picture apart from the "waiting" line."""
    b = view.board
    names = [c["name"] for c in b["casters"]]
    over = b["step"] == "over"
    out = Layout(WIDTH, 0)
    out.add(Box(0, 0, WIDTH, 60, fill=(40, 42, 52)))
    out.add(Label(PAD, 6, 150, 48, f"Turn {b['turn']}", 30, WHITE, bold=True, source="turn"))
    out.add(Label(170, 6, 360, 48, _STEPS.get(b["step"], b["step"]), 24, WHITE, source="step"))
    if not over:
        out.add(Label(540, 6, WIDTH - 540 - PAD, 48, f"{names[b['active']]}'s turn", 26,
                      tint(seat_colour(b["active"]), 0.45), align="right", bold=True, source="active"))
    y = 72
    scale = max([LP_SCALE] + [max(c["lp"], c["max_lp"]) for c in b["casters"]])
    y = _caster(out, b, 0, y, scale)
    y = _shared(out, b, names, y)
    for s in range(1, len(names)):  # MZ-GAP-12: every Caster's public zones, 3 or 4 included
        y = _caster(out, b, s, y, scale)
    y = _legend(out, y, scale)
    waiting = [(s, STEP_NAMES.get(k, k)) for s, k in view.waiting]  # steps in player words
    y = footer(out, view.result.text if view.result else None, waiting, names, y, PAD)
    out.height = y + PAD
    return out


def _legend(out: Layout, y: int, scale: int) -> int:
    """What the picture draws, in words."""
    text = (f"Bars: each Caster's LP out of {scale}. Cards: that Caster's Pages in the Arena (white: Awakened, "
            "grey: Fatigued, dark: face-down). Terra: the six shared slots. Chapter and Cemetery: counts only.")
    for line in wrap(text, 18, WIDTH - 2 * PAD):
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 26, line, 18, MUTED, source="legend"))
        y += 26
    return y + 6


def _caster(out: Layout, b: dict, s: int, y: int, scale: int = LP_SCALE) -> int:
    c = b["casters"][s]
    colour = seat_colour(s)
    src = f"p{s}"
    top = y
    out.add(Box(PAD - 6, y, WIDTH - 2 * PAD + 12, 0, fill=tint(colour, 0.85), radius=10))  # height set below
    panel = len(out.elements) - 1
    out.add(Box(PAD - 6, y, WIDTH - 2 * PAD + 12, 52, fill=colour, radius=10))
    x = PAD + 2
    if s == b["active"] and b["step"] != "over":
        out.add(Box(x, y + 11, 70, 30, fill=WHITE, radius=8))
        out.add(Label(x, y + 11, 70, 30, "TURN", 18, colour, align="centre", bold=True, source="active"))
        x += 80
    left = " (left the game)" if c.get("out") else ""  # MZ-GAP-12: left the game
    out.add(Label(x, y + 4, 470 - x, 44, c["name"] + left, 28, WHITE, bold=True, source=f"{src}.name"))
    out.add(Label(480, y + 4, WIDTH - PAD - 480, 44, f"{c['lp']} LP", 30, WHITE, align="right", bold=True,
                  source=f"{src}.lp"))
    y += 58
    out.add(Bar(PAD, y, WIDTH - 2 * PAD, 18, c["lp"], scale, fill=colour, back=WHITE, source=f"{src}.lp"))
    y += 26
    aura = ", ".join(f"{n} {t}" for t, n in c["aura"].items()) or "none"
    for line in wrap(f"Aura: {aura}", 24, WIDTH - 2 * PAD):
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 32, line, 24, INK, bold=True, source=f"{src}.aura"))
        y += 32
    sizes = (("spellbook", "Spellbook", c["spellbook"]), ("chapter", "Chapter", c["chapter"]),
             ("cemetery", "Cemetery", len(c["cemetery"])))
    w = (WIDTH - 2 * PAD) // 3
    for k, (key, word, n) in enumerate(sizes):
        out.add(Label(PAD + k * w, y, w, 32, f"{word} {n}", 24, INK, source=f"{src}.{key}"))
    y += 34
    extra = [(key, f"{word} {len(c[key])}") for key, word in (("limbo", "Limbo"), ("afterlife", "Afterlife"))
             if c[key]]
    for k, (key, text) in enumerate(extra):
        out.add(Label(PAD + k * w, y, w, 30, text, 22, MUTED, source=f"{src}.{key}"))
    if extra:
        y += 32
    if c["cemetery"]:
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 30, f"Cemetery top: {c['cemetery'][-1]['name']}", 20, MUTED,
                      source=f"{src}.cemetery"))
        y += 30
    if c["indicators"]:
        for line in wrap("Status: " + _statuses(c["indicators"]), 22, WIDTH - 2 * PAD):
            out.add(Label(PAD, y, WIDTH - 2 * PAD, 30, line, 22, (150, 40, 40), bold=True, source=f"{src}.status"))
            y += 30
    y += 6
    pages = [p for p in b["arena"] if p["controller"] == s]
    # the Arena has its own heading, apart from the Chapter and Cemetery counts above
    out.add(Box(PAD, y, WIDTH - 2 * PAD, 2, fill=shade(colour, 0.1)))
    y += 6
    n = len(pages)
    arena = f"{c['name']}'s Arena: " + (f"{n} Page{'s' if n != 1 else ''}" if n else "no Pages")
    out.add(Label(PAD, y, WIDTH - 2 * PAD, 32, arena, 22, shade(colour, 0.35), bold=True, source=f"{src}.arena"))
    y += 38
    if pages:
        y = _grid(out, pages, y, colour)
    old = out.elements[panel]
    assert isinstance(old, Box)
    out.elements[panel] = Box(old.x, old.y, old.w, y - top, fill=old.fill, radius=old.radius)
    return y + 12


def _statuses(indicators: list[dict[str, Any]]) -> str:
    return ", ".join(i["status"].capitalize() + (f" ({i['counters']})" if i["counters"] else "") for i in indicators)


def _page_lines(p: dict[str, Any], inner: int) -> list[_Line]:
    """The lines of one Arena Page card; a face-down Page shows nothing of its identity (MZ-TRAP-11)."""
    src = f"page.{p['uid']}"
    if p["face_down"]:
        return [("face-down", 24, WHITE, True, src), (f"Page #{p['uid']}", 20, tint(FACE_DOWN, 0.7), False, src)]
    lines: list[_Line] = [(t, 23, INK, True, src) for t in wrap(p["name"], 23, inner)[:3]]
    if p["type"] in ("beastie", "artifact"):
        dmg = p["max_lp"] - p["lp"]
        hurt = f"  (-{dmg})" if dmg > 0 else ""
        lines.append((f"{p['lp']}/{p['max_lp']} LP{hurt}", 22, (160, 30, 30) if dmg > 0 else INK, True, f"{src}.lp"))
    else:
        lines.append((p["type"].capitalize(), 20, MUTED, False, f"{src}.type"))
    lines.append(("Fatigued" if p["fatigued"] else "Awakened", 20, (120, 80, 40) if p["fatigued"] else MUTED,
                  p["fatigued"], f"{src}.state"))
    if p["indicators"]:
        lines += [(t, 20, (150, 40, 40), True, f"{src}.status") for t in wrap(_statuses(p["indicators"]), 20, inner)]
    for k, e in enumerate(p["equipment"]):
        lines += [(t, 20, (40, 90, 140), False, f"{src}.equip.{k}") for t in wrap(f"+ {e['name']}", 20, inner)]
    if p["trap_under"]:
        lines.append(("face-down under it", 19, FACE_DOWN, False, f"{src}.under"))
    return lines


def _grid(out: Layout, pages: list[dict[str, Any]], y: int, colour: Colour) -> int:
    inner = CARD_W - 20
    for row in range(0, len(pages), COLS):
        cards = [(p, _page_lines(p, inner)) for p in pages[row:row + COLS]]
        h = max(16 + sum(_height(ln) for ln in lines) for _, lines in cards)
        for k, (p, lines) in enumerate(cards):
            x = PAD + k * (CARD_W + GAP)
            down = p["face_down"]
            fill = FACE_DOWN if down else (222, 222, 226) if p["fatigued"] else PANEL
            out.add(Box(x, y, CARD_W, h, fill=fill, outline=colour, line=4, radius=12, source=f"page.{p['uid']}"))
            ty = y + 8
            for text, size, col, bold, src in lines:
                out.add(Label(x + 10, ty, inner, _height((text, size, col, bold, src)), text, size, col, bold=bold,
                              source=src))
                ty += _height((text, size, col, bold, src))
        y += h + GAP
    return y


def _height(line: _Line) -> int:
    return line[1] + 8


def _shared(out: Layout, b: dict, names: list[str], y: int) -> int:
    """The six Terra slots (shared), Combat, a flipped Trap and the open chain."""
    out.add(Label(PAD, y, WIDTH - 2 * PAD, 32, "Terra", 24, INK, bold=True, source="terra"))
    y += 34
    w = (WIDTH - 2 * PAD - 2 * GAP) // 3
    h = 62
    for i, t in enumerate(b["terra"]):
        x, ty = PAD + (i % 3) * (w + GAP), y + (i // 3) * (h + 8)
        src = f"terra.{i}"
        if t is None:
            out.add(Box(x, ty, w, h, outline=LINE, line=2, radius=8, source=src))
            out.add(Label(x + 10, ty, w - 20, h, f"{i + 1}: empty", 20, MUTED, align="centre", source=src))
            continue
        colour = seat_colour(t["controller"])
        if t["face_down"]:
            out.add(Box(x, ty, w, h, fill=FACE_DOWN, outline=colour, line=3, radius=8, source=src))
            out.add(Label(x + 10, ty, w - 20, h, f"{i + 1}: face-down", 20, WHITE, align="centre", source=src))
            continue
        out.add(Box(x, ty, w, h, fill=tint((60, 140, 70), 0.8), outline=colour, line=3, radius=8, source=src))
        out.add(Label(x + 10, ty + 3, w - 20, 30, f"{i + 1}: {t['name']}", 21, INK, bold=True, source=src))
        out.add(Label(x + 10, ty + 32, w - 20, 26, names[t["controller"]], 18, shade(colour, 0.25), source=src))
    y += 2 * (h + 8) + 4
    text_w = WIDTH - 2 * PAD
    sky = b.get("sky") or {}
    if sky.get("mode", "virtual") != "virtual" or sky.get("asking"):  # the turn's sky (4th Wall Effects)
        text = f"Sky ({sky.get('mode', 'virtual')})"
        text += f": {sky['instant']}" if sky.get("instant") else ""
        text += f" in {sky['place']}" if sky.get("place") else ""
        if sky.get("asking"):
            text += f"; {sky['asking']['caster']} is asked: {sky['asking']['condition']}"
        for line in wrap(text, 20, text_w):
            out.add(Label(PAD, y, text_w, 28, line, 20, MUTED, source="sky"))
            y += 28
        y += 4
    if b["combat"]:
        cb = b["combat"]
        text = (f"Combat: {cb['attacker']} → {cb['target']}; Defenders: {', '.join(cb['defenders']) or 'none'}"
                + (f"; Primary: {cb['primary']}" if cb["primary"] else ""))
        out.add(Box(PAD, y, text_w, 2, fill=LINE))
        y += 6
        for line in wrap(text, 22, text_w):
            out.add(Label(PAD, y, text_w, 30, line, 22, (150, 40, 40), bold=True, source="combat"))
            y += 30
    if b["flipped"]:
        out.add(Label(PAD, y, text_w, 32, f"Flipped Trap: {b['flipped']['name']}", 22, FACE_DOWN, bold=True,
                      source="flipped"))
        y += 34
    if b["chain"]:
        out.add(Box(PAD, y, text_w, 2, fill=LINE))
        y += 6
        out.add(Label(PAD, y, text_w, 32, f"Chain · {len(b['chain'])}, top resolves first", 22, MUTED, bold=True,
                      source="chain"))
        y += 34
        for k in range(len(b["chain"]) - 1, -1, -1):
            it = b["chain"][k]
            colour = seat_colour(it["controller"])
            tgt = f" → {', '.join(it['targets'])}" if it["targets"] else ""
            stop = " (stopped)" if it["stopped"] else ""
            lines = wrap(f"{k + 1}. {names[it['controller']]}: {it['name']}{tgt}{stop}", 22, text_w - 24)
            out.add(Box(PAD, y, 10, 30 * len(lines), fill=colour, radius=4))
            for line in lines:
                out.add(Label(PAD + 18, y, text_w - 24, 30, line, 22, shade(colour, 0.35), bold=k == len(b["chain"]) - 1,
                              source=f"chain.{k}"))
                y += 30
            y += 4
    return y + 8

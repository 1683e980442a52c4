"""The MetaX board as a picture layout (:func:`board_layout`, found by ``Game.layout``), built only from a
:class:`View`'s public board: the turn and step; per seat its name, VP and MP, hand, deck and discard counts
(with the discard's top card), and its Characters as cards (title, Ranks by Stat colour, Pushed or Prepped,
new, Damage by Stat colour with its total); between the two seats the Battle Zone (each attack's attacker,
Stat, Battle card, Links, blocker and blocking card, resolved) and an Event being used; at the foot who is
awaited or the result. :data:`games.core.layout.WIDTH` px wide so it reads at the ~400 px Discord shows on
a phone.

Sources (for tests): ``turn``, ``phase``, ``p{seat}.name|vp|mp|hand|deck|discard|discard.top|mulligan``,
``p{seat}.char.{id}`` with ``.rank.{stat}``, ``.pushed``, ``.new``, ``.damage.{id}``, ``.damage``;
``battle.{n}`` with ``.card``, ``.link.{id}``, ``.defender``, ``.dcard``, ``.resolved``;
``resolving.{id}``; ``waiting``; ``result``.
"""

from __future__ import annotations

from games.core.contract import View
from games.core.layout import (
    INK,
    MUTED,
    PAD,
    PANEL,
    WHITE,
    WIDTH,
    Box,
    Colour,
    Label,
    Layout,
    column_width,
    footer,
    seat_colour,
    tint,
    wrap,
)

from .cards import Stat
from .render import _PHASES
from .rules import step_name, title

STAT_RGB: dict[str, Colour] = {"strength": (200, 45, 45), "intelligence": (45, 95, 210), "special": (30, 140, 60)}
"""MX-STA-01: Strength red, Intelligence blue, Special green."""
_SHORT = {s.value: s.short.upper() for s in Stat}
CARD_W = column_width(3, 12)
CARD_H = 200


def board_layout(view: View) -> Layout:
    """The public board of ``view`` (any viewer's view gives the same picture: only ``view.board``,
    ``view.waiting`` and ``view.result`` are read)."""
    b = view.board
    out = Layout(WIDTH, 0)
    out.add(Box(0, 0, WIDTH, 60, fill=(40, 42, 52)))
    out.add(Label(PAD, 6, 200, 48, f"Turn {b['turn']}", 30, WHITE, bold=True, source="turn"))
    out.add(Label(220, 6, WIDTH - 220 - PAD, 48, _PHASES.get(b["phase"], b["phase"]), 26, WHITE, align="right",
                  source="phase"))
    y = 72
    y = _seat(out, b, 0, y)
    y = _battle(out, b, y)
    y = _seat(out, b, 1, y)
    names = [p["name"] for p in view.board["players"]]
    waiting = [(s, step_name(k)) for s, k in view.waiting]  # player words, not decision kinds
    y = footer(out, view.result.text if view.result else None, waiting, names, y, PAD)
    out.height = y + PAD
    return out


def _seat(out: Layout, b: dict, p: int, y: int) -> int:
    pl = b["players"][p]
    colour = seat_colour(p)
    src = f"p{p}"
    active = p == b["active"] and b["phase"] != "over"
    top = y
    out.add(Box(PAD - 6, y, WIDTH - 2 * PAD + 12, 0, fill=tint(colour, 0.85)))  # height fixed below
    panel_index = len(out.elements) - 1
    out.add(Box(PAD - 6, y, WIDTH - 2 * PAD + 12, 52, fill=colour))
    name_w = 420
    if active:
        out.add(Box(PAD + 2, y + 11, 70, 30, fill=WHITE, radius=8))
        out.add(Label(PAD + 2, y + 11, 70, 30, "TURN", 18, colour, align="centre", bold=True, source="active"))
        out.add(Label(PAD + 82, y + 4, name_w - 82, 44, pl["name"], 28, WHITE, bold=True, source=f"{src}.name"))
    else:
        out.add(Label(PAD + 2, y + 4, name_w, 44, pl["name"], 28, WHITE, bold=True, source=f"{src}.name"))
    out.add(Label(WIDTH - PAD - 300, y + 4, 150, 44, f"{pl['vp']} VP", 30, WHITE, align="right", bold=True,
                  source=f"{src}.vp"))
    out.add(Label(WIDTH - PAD - 140, y + 4, 140, 44, f"{pl['mp']} MP", 30, WHITE, align="right", bold=True,
                  source=f"{src}.mp"))
    y += 58
    x = PAD
    for key, text in (("hand", f"hand {pl['hand']}"), ("deck", f"deck {pl['deck']}"),
                      ("discard", f"discard {len(pl['discard'])}")):
        w = 140 if key != "discard" else 160
        out.add(Label(x, y, w, 34, text, 24, INK, source=f"{src}.{key}"))
        x += w
    if pl["discard"]:
        out.add(Label(x, y, WIDTH - PAD - x, 34, f"top: {pl['discard'][-1]['name']}", 20, MUTED,
                      source=f"{src}.discard.top"))
    y += 40
    if b["phase"] in ("mulligan", "mulligan_order"):
        choice = {"kept": "kept the hand", "mulliganed": "mulliganed"}.get(pl["mulligan"], "deciding")
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 34, f"Mulligan: {choice}", 24, INK, source=f"{src}.mulligan"))
        y += 40
    if pl["in_play"]:
        for k, ch in enumerate(pl["in_play"]):
            _character(out, ch, f"{src}.char.{ch['id']}", PAD + k * (CARD_W + 12), y, colour)
        y += CARD_H + 10
    else:
        out.add(Label(PAD, y, WIDTH - 2 * PAD, 34, "no Characters in play", 22, MUTED, source=f"{src}.chars"))
        y += 42
    old = out.elements[panel_index]
    assert isinstance(old, Box)
    out.elements[panel_index] = Box(old.x, old.y, old.w, y - top, fill=old.fill)
    return y + 12


def _character(out: Layout, ch: dict, src: str, x: int, y: int, colour: Colour) -> None:
    pushed = ch["pushed"]
    out.add(Box(x, y, CARD_W, CARD_H, fill=(222, 222, 226) if pushed else PANEL, outline=colour, line=4, radius=12,
                source=src))
    lines = wrap(title(ch["name"]), 26, CARD_W - 24)[:2]
    ty = y + 8
    for line in lines:
        out.add(Label(x + 12, ty, CARD_W - 24, 32, line, 26, INK, bold=True, source=src))
        ty += 32
    ty = y + 78
    px = x + 12
    for stat, rank in ch["ranks"].items():
        out.add(Box(px, ty, 72, 34, fill=STAT_RGB[stat], radius=8))
        out.add(Label(px, ty, 72, 34, f"{_SHORT[stat]} {rank}", 21, WHITE, align="centre", bold=True,
                      source=f"{src}.rank.{stat}"))
        px += 76
    ty += 42
    state = "PUSHED" if pushed else "Prepped"  # the game's own words (MX-CHR-08)
    out.add(Label(x + 12, ty, 110, 30, state, 22, (90, 60, 60) if pushed else MUTED, bold=pushed,
                  source=f"{src}.pushed"))
    if ch["new"]:
        out.add(Label(x + 130, ty, CARD_W - 142, 30, "new", 22, MUTED, align="right", source=f"{src}.new"))
    ty += 34
    if ch["damage"]:
        total = sum(d["rank"] for d in ch["damage"])
        out.add(Label(x + 12, ty, 58, 34, f"dmg {total}", 20, INK, bold=True, source=f"{src}.damage"))
        px, room = x + 72, CARD_W - 72 - 8
        step = min(78, room // len(ch["damage"]))
        for d in ch["damage"]:
            out.add(Box(px, ty + 2, step - 4, 30, outline=STAT_RGB[d["stat"]], fill=tint(STAT_RGB[d["stat"]], 0.8),
                        line=2, radius=6))
            out.add(Label(px, ty + 2, step - 4, 30, f"{_SHORT[d['stat']]} {d['rank']}", 19, STAT_RGB[d["stat"]],
                          align="centre", bold=True, source=f"{src}.damage.{d['id']}"))
            px += step


def _battle(out: Layout, b: dict, y: int) -> int:
    if not b["battle"] and not b["resolving"]:
        return y
    top = y
    out.add(Box(PAD - 6, y, WIDTH - 2 * PAD + 12, 0, fill=(255, 246, 222), outline=(210, 160, 40), line=3, radius=10))
    index = len(out.elements) - 1
    y += 6
    out.add(Label(PAD + 6, y, 300, 36, "Battle Zone", 26, (140, 90, 0), bold=True, source="battle"))
    y += 40
    for c in b["resolving"]:
        out.add(Label(PAD + 6, y, WIDTH - 2 * PAD - 12, 34, f"Using: {title(c['name'])}", 24, INK,
                      source=f"resolving.{c['id']}"))
        y += 36
    attacking, defending = b["active"], 1 - b["active"]
    for a in b["battle"]:
        src = f"battle.{a['attack']}"
        stat = a["stat"]
        out.add(Label(PAD + 6, y, 40, 36, f"{a['attack']}.", 26, INK, bold=True, source=src))
        out.add(Label(PAD + 46, y, 330, 36, title(a["attacker"]["name"]), 26, seat_colour(attacking), bold=True,
                      source=src))
        out.add(Box(PAD + 384, y + 2, 72, 32, fill=STAT_RGB[stat], radius=8))
        out.add(Label(PAD + 384, y + 2, 72, 32, _SHORT[stat], 20, WHITE, align="centre", bold=True,
                      source=f"{src}.stat"))
        if a["card"]:
            out.add(Label(PAD + 466, y, WIDTH - 2 * PAD - 472, 36, a["card"]["name"], 22, INK,
                          source=f"{src}.card"))
        y += 38
        for link in a["links"]:
            out.add(Label(PAD + 46, y, WIDTH - 2 * PAD - 52, 30, f"+ {title(link['name'])}", 22,
                          seat_colour(attacking), source=f"{src}.link.{link['id']}"))
            y += 32
        if a["defender"]:
            out.add(Label(PAD + 46, y, 110, 32, "blocked by", 20, MUTED))
            out.add(Label(PAD + 160, y, 300, 32, title(a["defender"]["name"]), 24, seat_colour(defending), bold=True,
                          source=f"{src}.defender"))
            if a["dcard"]:
                out.add(Label(PAD + 466, y, WIDTH - 2 * PAD - 472, 32, a["dcard"]["name"], 22, INK,
                              source=f"{src}.dcard"))
        elif not a["resolved"]:
            out.add(Label(PAD + 46, y, 300, 32, "not blocked", 20, MUTED, source=f"{src}.defender"))
        if a["resolved"]:
            out.add(Label(WIDTH - PAD - 160, y, 150, 32, "resolved", 20, MUTED, align="right",
                          source=f"{src}.resolved"))
        y += 40
    old = out.elements[index]
    assert isinstance(old, Box)
    out.elements[index] = Box(old.x, old.y, old.w, y - top, fill=old.fill, outline=old.outline, line=old.line,
                              radius=old.radius)
    return y + 12

"""Pure picture layouts: what a board or card picture shows, as boxes, labels and bars
placed on a canvas in pixels, with no drawing library. A game builds a :class:`Layout` from a view (for a
board: the spectator's view, ``viewer`` None, so no hidden card can reach a picture); ``bot/picture.py``
paints any layout with Pillow. Tests read layouts directly: every element carries a ``source`` naming the
public view element it shows (``"p0.vp"``, ``"tower.main.1.17"``), and :meth:`Layout.outside` lists
whatever would be drawn off the canvas.

Colours are RGB triples. :data:`SEAT_PALETTE` is the one seat palette: the terminal colours seat names with
its colour names (``bot/terminal.py``), pictures with its RGB values, so a seat looks the same in both.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass, field

Colour = tuple[int, int, int]

SEAT_PALETTE: tuple[tuple[str, Colour], ...] = (
    ("cyan", (0, 150, 175)),
    ("magenta", (185, 55, 185)),
    ("green", (40, 150, 60)),
    ("yellow", (190, 150, 0)),
    ("blue", (55, 95, 220)),
    ("red", (205, 50, 50)),
    ("bright_cyan", (20, 190, 205)),
    ("bright_magenta", (225, 95, 225)),
)
"""Seat ``k`` has entry ``k % 8``: (rich colour name for the terminal, RGB for pictures)."""

SEAT_COLOURS: tuple[str, ...] = tuple(name for name, _ in SEAT_PALETTE)
"""The terminal's seat colour names, in seat order (docs/terminal.md)."""

WHITE: Colour = (255, 255, 255)
INK: Colour = (30, 32, 38)
"""Text on light backgrounds."""
MUTED: Colour = (95, 100, 110)
PAPER: Colour = (246, 244, 238)
"""Canvas background."""
PANEL: Colour = (255, 255, 255)
LINE: Colour = (190, 192, 198)
FACE_DOWN: Colour = (70, 60, 95)

WIDTH = 800
"""Width in pixels of every board picture: it reads at the ~400 px Discord shows on a phone."""
PAD = 16
"""Margin in pixels between a board picture's edge and its content."""


def column_width(cols: int, gap: int, width: int = WIDTH, pad: int = PAD) -> int:
    """The width in pixels of one of ``cols`` equal columns ``gap`` pixels apart inside a ``width``-pixel
    picture with ``pad`` pixels of margin on each side (a board's card grid)."""
    return (width - 2 * pad - (cols - 1) * gap) // cols


CHAR_WIDTH = 0.5
"""Average glyph width of the painter's font as a fraction of its size (Pillow's built-in scalable font,
measured over card titles); layouts use it to plan wrapping, the painter still fits each label exactly."""


def seat_colour(seat: int) -> Colour:
    """The RGB colour of ``seat`` (0-based) from :data:`SEAT_PALETTE`."""
    return SEAT_PALETTE[seat % len(SEAT_PALETTE)][1]


def tint(colour: Colour, amount: float) -> Colour:
    """``colour`` mixed with white: ``amount`` 0 keeps it, 1 gives white."""
    return tuple(round(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]


def shade(colour: Colour, amount: float) -> Colour:
    """``colour`` mixed with black: ``amount`` 0 keeps it, 1 gives black (seat colours as text on white)."""
    return tuple(round(c * (1 - amount)) for c in colour)  # type: ignore[return-value]


def text_width(text: str, size: int) -> int:
    """Estimated width in px of ``text`` at font ``size`` px (see :data:`CHAR_WIDTH`)."""
    return math.ceil(len(text) * size * CHAR_WIDTH)


def wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` wrapped at word boundaries into lines estimated to fit ``width`` px at ``size`` px; a
    paragraph break (newline) starts a new line. A word longer than a line stays whole (the painter
    shrinks it)."""
    chars = max(1, int(width / (size * CHAR_WIDTH)))
    out: list[str] = []
    for para in text.split("\n"):
        out += textwrap.wrap(para, chars, break_long_words=False, break_on_hyphens=False) or [""]
    return out


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle: top-left ``x``, ``y`` and size ``w``×``h`` in px; ``fill``/``outline`` colours (None:
    none); ``radius`` of rounded corners; ``source``: the view element it shows ("" when decoration)."""

    x: int
    y: int
    w: int
    h: int
    fill: Colour | None = None
    outline: Colour | None = None
    line: int = 2
    radius: int = 0
    source: str = ""


@dataclass(frozen=True, slots=True)
class Label:
    """One line of text fitted into the rectangle ``x``, ``y``, ``w``×``h`` px: ``size`` is the font size
    in px (the painter shrinks it, then ends the text with "…", only if the text would not fit ``w``),
    ``align`` is ``"left"``, ``"centre"`` or ``"right"``; vertically centred. ``bold`` draws it with a
    one-pixel stroke. ``source`` as :class:`Box`."""

    x: int
    y: int
    w: int
    h: int
    text: str
    size: int
    colour: Colour = INK
    align: str = "left"
    bold: bool = False
    source: str = ""


@dataclass(frozen=True, slots=True)
class Bar:
    """A gauge: the rectangle ``x``, ``y``, ``w``×``h`` px filled ``value / maximum`` of its width with
    ``fill`` over ``back`` (``value`` is clamped to 0..``maximum``). ``mark``: an optional value drawn as
    a thin line (a threshold). ``source`` as :class:`Box`."""

    x: int
    y: int
    w: int
    h: int
    value: int
    maximum: int
    fill: Colour
    back: Colour = (225, 225, 228)
    mark: int | None = None
    source: str = ""


Element = Box | Label | Bar


@dataclass(slots=True)
class Layout:
    """A picture: ``width``×``height`` px on ``background``, ``elements`` painted in order (later on top)."""

    width: int
    height: int
    background: Colour = PAPER
    elements: list[Element] = field(default_factory=list)

    def add(self, *elements: Element) -> None:
        """Append ``elements`` (painted after, so over, those already there)."""
        self.elements.extend(elements)

    def texts(self) -> list[str]:
        """Every label's text, in painting order."""
        return [e.text for e in self.elements if isinstance(e, Label)]

    def sources(self) -> set[str]:
        """Every non-empty ``source`` of an element."""
        return {e.source for e in self.elements if e.source}

    def labels(self, source_prefix: str = "") -> Iterator[Label]:
        """Labels whose source starts with ``source_prefix``."""
        return (e for e in self.elements if isinstance(e, Label) and e.source.startswith(source_prefix))

    def outside(self) -> list[Element]:
        """Elements not wholly inside the canvas (a correct layout has none)."""
        return [e for e in self.elements
                if e.x < 0 or e.y < 0 or e.w <= 0 or e.h <= 0 or e.x + e.w > self.width or e.y + e.h > self.height]


def footer(out: Layout, result: str | None, waiting: list[tuple[int, str]], names: list[str], y: int,
           pad: int) -> int:
    """The last lines of a board picture, from ``y`` (px) across ``out``'s width less ``pad`` each side: the
    result text when the game is over (source ``result``), else who is deciding what, from a view's
    ``waiting`` ``[(seat, decision kind)]`` (source ``waiting``). Returns the ``y`` below them."""
    if result is not None:
        text, src, colour = result, "result", (140, 30, 30)
    elif waiting:
        text = "Waiting for " + ", ".join(f"{names[s]} ({k.replace('_', ' ')})" for s, k in waiting)
        src, colour = "waiting", MUTED
    else:
        return y
    width = out.width - 2 * pad
    out.add(Box(pad, y, width, 2, fill=LINE))
    y += 8
    for line in wrap(text, 24, width):
        out.add(Label(pad, y, width, 32, line, 24, colour, bold=src == "result", source=src))
        y += 32
    return y


def card_layout(name: str, type_: str, fields: tuple[tuple[str, str], ...], text: str, flavor: str = "",
                width: int = 600) -> Layout:
    """A card face for ``/card``: name, type, each ``(label, value)`` field, the rules text
    wrapped, the flavour text; ``width`` px wide, as tall as the text needs. Built from a catalogue entry
    (:class:`games.core.catalog.CardInfo`), which is public."""
    pad, inner = 24, width - 48
    out = Layout(width, 0, background=(52, 54, 64))
    y = pad
    body: list[Element] = []
    for line in wrap(name, 34, inner):
        body.append(Label(pad + 16, y, inner - 32, 42, line, 34, INK, bold=True, source="card.name"))
        y += 42
    body.append(Label(pad + 16, y, inner - 32, 32, type_, 24, MUTED, source="card.type"))
    y += 40
    for label, value in fields:
        body.append(Label(pad + 16, y, 190, 32, label, 22, MUTED, source=f"card.field.{label}"))
        body.append(Label(pad + 210, y, inner - 226, 32, value, 24, INK, bold=True, source=f"card.field.{label}"))
        y += 34
    y += 10
    body.append(Box(pad + 16, y, inner - 32, 2, fill=LINE))
    y += 14
    for line in wrap(text, 24, inner - 32):
        body.append(Label(pad + 16, y, inner - 32, 32, line, 24, INK, source="card.text"))
        y += 32
    if flavor:
        y += 8
        for line in wrap(flavor, 21, inner - 32):
            body.append(Label(pad + 16, y, inner - 32, 28, line, 21, MUTED, source="card.flavor"))
            y += 28
    y += pad
    out.add(Box(pad, pad // 2, inner, y - pad // 2, fill=PAPER, outline=(20, 20, 24), line=3, radius=18))
    out.add(*body)
    out.height = y + pad
    return out

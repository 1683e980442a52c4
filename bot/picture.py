"""Board and card pictures: PNG bytes painted with Pillow from a game's pure layout
(:mod:`games.core.layout`).

The painter knows nothing of any game: :func:`paint` draws any :class:`Layout`. Fonts are Pillow's
built-in scalable font (``ImageFont.load_default(size)``, Pillow ≥ 10.1), so no system font is assumed.
Equal layouts give equal bytes (no timestamps or metadata in the PNG).
"""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from games.core.contract import Game, View
from games.core.layout import Bar, Box, Element, Label, Layout, card_layout

MAX_PNG_BYTES = 300_000
"""The most a picture may weigh; :func:`paint` reduces colours to stay under it."""
MIN_FONT = 12
"""Smallest size a label is shrunk to before its end is cut with "…"."""


_SWAP = {"—": "-", "–": "-", "−": "-", "→": "->", "←": "<-", "▶": ">", "≤": "<=", "≥": ">=", "×": "x",
         "§": "S", "☆": "*", "★": "*", "●": "*"}
"""Stand-ins for characters the built-in font has no glyph for (it covers ASCII and a little Latin-1)."""


@lru_cache(maxsize=1)
def _glyphs() -> frozenset[str]:
    """The characters the built-in font draws (others would show as an empty box)."""
    font = _font(20)
    tofu = font.getmask("\uffff")
    blank = (tofu.getbbox(), bytes(tofu))
    # Latin-1 and general punctuation hold all it has; scanning more costs start-up time.
    codes = [*range(32, 0x180), *range(0x2000, 0x2070), 0x2122]
    return frozenset(chr(c) for c in codes
                     if (m := font.getmask(chr(c))) is not None and (m.getbbox(), bytes(m)) != blank)


def printable(text: str) -> str:
    """``text`` with every character the font lacks replaced: a dash by "-", an arrow by "->", an
    accented letter by its base letter, anything else by "?"."""
    glyphs = _glyphs()
    if all(ch in glyphs for ch in text):
        return text
    out = []
    for ch in text:
        if ch in glyphs:
            out.append(ch)
        elif ch in _SWAP:
            out.append(_SWAP[ch])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if c in glyphs)
            out.append(base or "?")
    return "".join(out)


@lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=4096)
def _fit(text: str, size: int, width: int) -> tuple[str, int]:
    """``text`` (made :func:`printable`) and the font size that fit ``width`` px: ``size``, else smaller
    down to two thirds of it (at least :data:`MIN_FONT`), else cut with "…" at that size."""
    text = printable(text)
    floor = min(size, max(MIN_FONT, size * 2 // 3))
    for s in range(size, floor - 1, -1):
        if _font(s).getlength(text) <= width:
            return text, s
    font = _font(floor)
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…", floor


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int, int]:
    """The coverage mask of ``text`` at ``size`` px cropped to its ink, where the mask's top-left sits
    relative to the text's left edge and middle line (dx, dy), and the text's advance width. Cached:
    boards repeat the same titles and counters."""
    font = _font(size)
    stroke = 1 if bold else 0
    width = int(font.getlength(text)) + 2 * stroke
    mask = Image.new("L", (width + 4, size * 2), 0)
    ImageDraw.Draw(mask).text((2 + stroke, size), text, fill=255, font=font, anchor="lm", stroke_width=stroke,
                              stroke_fill=255)
    box = mask.getbbox() or (0, 0, 1, 1)
    return mask.crop(box), box[0] - 2, box[1] - size, width


def _place(label: Label) -> tuple[str, int, int, int]:
    """The text and size :func:`_fit` gives ``label``, and where its mask's top-left goes."""
    text, size = _fit(label.text, label.size, label.w)
    _, dx, dy, width = _mask(text, size, label.bold)
    if label.align == "centre":
        x = label.x + (label.w - width) // 2
    elif label.align == "right":
        x = label.x + label.w - width
    else:
        x = label.x
    return text, size, x + dx, label.y + label.h // 2 + dy


def _draw_shape(draw: ImageDraw.ImageDraw, e: Box | Bar, ink: Any) -> None:
    """Draw a box or bar with ``ink(colour)`` as each colour's ink (RGB, or a palette index)."""
    if isinstance(e, Box):
        rect = (e.x, e.y, e.x + e.w - 1, e.y + e.h - 1)
        fill = None if e.fill is None else ink(e.fill)
        outline = None if e.outline is None else ink(e.outline)
        if e.radius:
            draw.rounded_rectangle(rect, e.radius, fill=fill, outline=outline, width=e.line if e.outline else 0)
        else:
            draw.rectangle(rect, fill=fill, outline=outline, width=e.line if e.outline else 0)
        return
    draw.rectangle((e.x, e.y, e.x + e.w - 1, e.y + e.h - 1), fill=ink(e.back))
    if e.maximum > 0:
        filled = round(e.w * max(0, min(e.value, e.maximum)) / e.maximum)
        if filled:
            draw.rectangle((e.x, e.y, e.x + filled - 1, e.y + e.h - 1), fill=ink(e.fill))
        if e.mark is not None and 0 <= e.mark <= e.maximum:
            mx = e.x + min(e.w - 2, round(e.w * e.mark / e.maximum))
            draw.rectangle((mx, e.y, mx + 1, e.y + e.h - 1), fill=ink(_MARK))


_MARK = (20, 20, 20)
"""The colour of a bar's mark."""


def render(layout: Layout) -> Image.Image:
    """``layout`` drawn on a new RGB image of its size (text anti-aliased over the pixels under it)."""
    img = Image.new("RGB", (layout.width, layout.height), layout.background)
    draw = ImageDraw.Draw(img)
    for e in layout.elements:
        if isinstance(e, Label):
            text, size, x, y = _place(e)
            img.paste(e.colour, (x, y), _mask(text, size, e.bold)[0])
        else:
            _draw_shape(draw, e, _same)
    return img


def _same(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return colour


RECENT_PICTURES = 8
"""How many of the last pictures :func:`paint` keeps: a board often goes back to a picture it showed a moment
ago (a response window opens and closes, the view changes only where the picture shows nothing)."""


def paint(layout: Layout) -> bytes:
    """``layout`` as PNG bytes with a palette (flat colours and anti-aliased text need few colours; a
    palette PNG is a third the size of an RGB one and quicker to compress), at most
    :data:`MAX_PNG_BYTES`: a picture over it is saved at half size. One of the last
    :data:`RECENT_PICTURES` layouts painted is not painted again (equal layouts give equal bytes).

    The palette holds every colour ``layout`` paints (:func:`_colours`) and the picture is drawn in it
    directly, each text edge pixel in the blend of its text colour and the fill under the label nearest
    its coverage; over 256 colours, it is drawn in RGB and given an adaptive palette of 128."""
    return _paint_recent((layout.width, layout.height, layout.background, tuple(layout.elements)))


@lru_cache(maxsize=RECENT_PICTURES)
def _paint_recent(key: tuple[int, int, tuple[int, int, int], tuple[Element, ...]]) -> bytes:
    width, height, background, elements = key
    return _paint(Layout(width, height, background, list(elements)))


def _paint(layout: Layout) -> bytes:
    found = _colours(layout)
    if found is not None:
        img = _render_indexed(layout, *found)
        data = _save(img)
        if len(data) <= MAX_PNG_BYTES:
            return data
        rgb = img.convert("RGB")
    else:
        rgb = render(layout)
        data = _save(_adaptive(rgb))
        if len(data) <= MAX_PNG_BYTES:
            return data
    return _save(_adaptive(rgb.resize((rgb.width // 2, rgb.height // 2), Image.Resampling.LANCZOS)))


_RAMP = (0.2, 0.4, 0.6, 0.8)
"""Where text edges blend into their background: the palette holds these mixes of each text colour and
the fill under it."""
_LEVEL = [round(v * (len(_RAMP) + 1) / 255) for v in range(256)]
"""A text mask's coverage (0-255) as the nearest blend step: 0 the background, 1-4 the blends of
:data:`_RAMP` from the background's side, 5 the text colour."""
_INKED = [0] + [255] * 255
"""A level mask as a "1" mask of the pixels the text touches."""


@lru_cache(maxsize=4096)
def _blend(fg: tuple[int, int, int], bg: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(a * (1 - t) + b * t) for a, b in zip(fg, bg, strict=True))  # type: ignore[return-value]


def _colours(layout: Layout) -> tuple[dict[tuple[int, int, int], int], list[tuple[int, ...]]] | None:
    """The palette index of every colour ``layout`` paints (its fills, outlines and text colours, and for
    each text colour over each fill it is drawn on, the blends of its anti-aliased edges), and for each
    label in painting order the indices of its blend levels (:data:`_LEVEL`). ``None`` when that is over
    256 colours."""
    colours: dict[tuple[int, int, int], None] = {layout.background: None}
    pairs: dict[tuple[tuple[int, int, int], tuple[int, int, int]], tuple[tuple[int, int, int], ...]] = {}
    labels: list[tuple[tuple[int, int, int], tuple[int, int, int]]] = []
    fills: list[Box] = []
    for e in layout.elements:
        if isinstance(e, Box):
            for c in (e.fill, e.outline):
                if c is not None:
                    colours[c] = None
            if e.fill is not None:
                fills.append(e)
        elif isinstance(e, Bar):
            colours[e.fill] = colours[e.back] = None
            colours[_MARK] = None
        elif isinstance(e, Label):
            cx, cy = e.x + e.w // 2, e.y + e.h // 2
            under = next((b.fill for b in reversed(fills) if b.x <= cx < b.x + b.w and b.y <= cy < b.y + b.h),
                         layout.background)
            assert under is not None
            pair = (e.colour, under)
            if pair not in pairs:
                pairs[pair] = (under, *(_blend(e.colour, under, t) for t in reversed(_RAMP)), e.colour)
            labels.append(pair)
    for fg, bg in pairs:
        colours[fg] = None
        for t in _RAMP:
            colours[_blend(fg, bg, t)] = None
    if len(colours) > 256:
        return None
    index = {c: i for i, c in enumerate(colours)}
    ramps = {pair: tuple(index[c] for c in steps) for pair, steps in pairs.items()}
    return index, [ramps[pair] for pair in labels]


@lru_cache(maxsize=4096)
def _levels(text: str, size: int, bold: bool) -> tuple[Image.Image, Image.Image]:
    """The mask of :func:`_mask` as blend levels (:data:`_LEVEL`), and the "1" mask of the pixels the text
    touches."""
    levels = _mask(text, size, bold)[0].point(_LEVEL)
    return levels, levels.point(_INKED, "1")


@lru_cache(maxsize=4096)
def _text_patch(text: str, size: int, bold: bool, ramp: tuple[int, ...]) -> tuple[Image.Image, Image.Image]:
    """The mask of :func:`_mask` in palette indices, each pixel the index ``ramp`` gives its blend level
    (:data:`_LEVEL`), and the "1" mask of the pixels the text touches. Cached: boards repeat labels."""
    levels, inked = _levels(text, size, bold)
    return levels.point([*ramp, *[0] * (256 - len(ramp))]), inked


def _render_indexed(layout: Layout, index: dict[tuple[int, int, int], int],
                    ramps: list[tuple[int, ...]]) -> Image.Image:
    """``layout`` drawn in palette indices (:func:`_colours`) on a new "P" image of its size."""
    img = Image.new("L", (layout.width, layout.height), index[layout.background])
    draw = ImageDraw.Draw(img)
    ramp = iter(ramps)
    for e in layout.elements:
        if isinstance(e, Label):
            text, size, x, y = _place(e)
            patch, inked = _text_patch(text, size, e.bold, next(ramp))
            img.paste(patch, (x, y), inked)
        else:
            _draw_shape(draw, e, index.__getitem__)
    flat = [v for c in index for v in c]
    img.putpalette(flat + flat[:3] * (256 - len(index)))  # an "L" image given a palette is a "P" image
    return img


def _adaptive(img: Image.Image) -> Image.Image:
    """An RGB image as "P" with an adaptive palette of 128 colours."""
    return img.quantize(128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _save(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)  # zlib's fastest: 10% bigger, 20% faster
    return buf.getvalue()


def board_png(game: Game, view: View) -> bytes | None:
    """The public board of ``view`` (a spectator's view: ``viewer`` None) as PNG bytes, or ``None`` when
    ``game`` has no picture layout (:meth:`Game.layout` returns None). Pure function of the view: equal
    views give equal bytes."""
    layout = game.layout(view)
    return None if layout is None else paint(layout)


def card_png(game: Game, card: Any) -> bytes | None:
    """The face of one card of ``game``'s catalogue (the :class:`games.core.catalog.CardInfo` ``/card``
    found) as PNG bytes: name, type, fields, rules text and flavour. ``None`` when ``card`` is not a
    catalogue entry (has no ``name``/``type``/``fields``/``text``)."""
    try:
        layout = card_layout(card.name, card.type, tuple(card.fields), card.text, getattr(card, "flavor", ""))
    except AttributeError:
        return None
    return paint(layout)

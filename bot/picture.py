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


def _draw_label(img: Image.Image, label: Label) -> None:
    text, size = _fit(label.text, label.size, label.w)
    mask, dx, dy, width = _mask(text, size, label.bold)
    if label.align == "centre":
        x = label.x + (label.w - width) // 2
    elif label.align == "right":
        x = label.x + label.w - width
    else:
        x = label.x
    img.paste(label.colour, (x + dx, label.y + label.h // 2 + dy), mask)


def render(layout: Layout) -> Image.Image:
    """``layout`` drawn on a new RGB image of its size."""
    img = Image.new("RGB", (layout.width, layout.height), layout.background)
    draw = ImageDraw.Draw(img)
    for e in layout.elements:
        if isinstance(e, Box):
            rect = (e.x, e.y, e.x + e.w - 1, e.y + e.h - 1)
            if e.radius:
                draw.rounded_rectangle(rect, e.radius, fill=e.fill, outline=e.outline,
                                       width=e.line if e.outline else 0)
            else:
                draw.rectangle(rect, fill=e.fill, outline=e.outline, width=e.line if e.outline else 0)
        elif isinstance(e, Bar):
            draw.rectangle((e.x, e.y, e.x + e.w - 1, e.y + e.h - 1), fill=e.back)
            if e.maximum > 0:
                filled = round(e.w * max(0, min(e.value, e.maximum)) / e.maximum)
                if filled:
                    draw.rectangle((e.x, e.y, e.x + filled - 1, e.y + e.h - 1), fill=e.fill)
                if e.mark is not None and 0 <= e.mark <= e.maximum:
                    mx = e.x + min(e.w - 2, round(e.w * e.mark / e.maximum))
                    draw.rectangle((mx, e.y, mx + 1, e.y + e.h - 1), fill=(20, 20, 20))
        elif isinstance(e, Label):
            _draw_label(img, e)
    return img


RECENT_PICTURES = 8
"""How many of the last pictures :func:`paint` keeps: a board often goes back to a picture it showed a moment
ago (a response window opens and closes, the view changes only where the picture shows nothing)."""


def paint(layout: Layout) -> bytes:
    """``layout`` as PNG bytes with a palette (flat colours and anti-aliased text need few colours; a
    palette PNG is a third the size of an RGB one and quicker to compress), at most
    :data:`MAX_PNG_BYTES`: a picture over it is saved at half size. One of the last
    :data:`RECENT_PICTURES` layouts painted is not painted again (equal layouts give equal bytes)."""
    return _paint_recent((layout.width, layout.height, layout.background, tuple(layout.elements)))


@lru_cache(maxsize=RECENT_PICTURES)
def _paint_recent(key: tuple[int, int, tuple[int, int, int], tuple[Element, ...]]) -> bytes:
    width, height, background, elements = key
    return _paint(Layout(width, height, background, list(elements)))


def _paint(layout: Layout) -> bytes:
    img = render(layout)
    data = _png(img, _palette(layout))
    if len(data) > MAX_PNG_BYTES:
        data = _png(img.resize((img.width // 2, img.height // 2), Image.Resampling.LANCZOS), None)
    return data


_RAMP = (0.2, 0.4, 0.6, 0.8)
"""Where text edges blend into their background: the palette holds these mixes of each text colour and
the fill under it."""


def _palette(layout: Layout) -> Image.Image | None:
    """A palette image holding every colour ``layout`` paints: its fills, outlines and text colours,
    and for each text colour over each fill it is drawn on, the blends of its anti-aliased edges.
    ``None`` when that is over 256 colours (then an adaptive palette is computed from the pixels)."""
    colours: dict[tuple[int, int, int], None] = {layout.background: None}
    pairs: dict[tuple[tuple[int, int, int], tuple[int, int, int]], None] = {}
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
            colours[(20, 20, 20)] = None
        elif isinstance(e, Label):
            cx, cy = e.x + e.w // 2, e.y + e.h // 2
            under = next((b.fill for b in reversed(fills) if b.x <= cx < b.x + b.w and b.y <= cy < b.y + b.h),
                         layout.background)
            assert under is not None
            pairs[(e.colour, under)] = None
    for fg, bg in pairs:
        colours[fg] = None
        for t in _RAMP:
            colours[tuple(round(a * (1 - t) + b * t) for a, b in zip(fg, bg, strict=True))] = None  # type: ignore[misc]
    if len(colours) > 256:
        return None
    flat = [v for c in colours for v in c]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + flat[:3] * (256 - len(colours)))
    return pal


def _png(img: Image.Image, palette: Image.Image | None) -> bytes:
    if palette is not None:
        img = img.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        img = img.quantize(128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
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

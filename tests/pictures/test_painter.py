"""The painter: PNG bytes Pillow can open, of the layout's size, at most 300 KB,
the same bytes for equal views; card faces for ``/card``; no pixel-exact golden images."""

from __future__ import annotations

import io

import pytest
from picture_helpers import positions
from PIL import Image

from bot import picture
from bot.picture import MAX_PNG_BYTES, board_png, card_png, paint, printable
from games import get_game
from games.core.contract import Game, View
from games.core.layout import Bar, Box, Label, Layout


def near(a: tuple, b: tuple) -> bool:
    """Colours equal but for the palette's rounding (the PNG has 128 colours)."""
    return all(abs(x - y) <= 6 for x, y in zip(a, b, strict=True))


def open_png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    img.load()
    return img


@pytest.mark.parametrize(("game_id", "seats", "after"), [("metax", 2, 0), ("metax", 2, 60), ("meta", 2, 40),
                                                          ("meta", 6, 300), ("metazoo", 2, 0),
                                                          ("metazoo", 2, 150), ("memesis", 2, 200),
                                                          ("memesis", 4, 400), ("metaolympia", 2, 100),
                                                          ("metaolympia", 4, 300)])
def test_board_png_opens_at_the_layouts_size_and_weighs_at_most_300_kb(game_id, seats, after):
    game = get_game(game_id)
    *_, (_, state) = positions(game_id, range(3, 4), seats=seats, every=10**6, limit=after)
    view = game.view(state, None)
    data = board_png(game, view)
    assert data is not None and len(data) <= MAX_PNG_BYTES
    layout = game.layout(view)
    assert open_png(data).size == (layout.width, layout.height)


def test_equal_views_give_equal_bytes():
    """Deterministic bytes, so the Discord side can tell when the picture changed."""
    for game_id in ("metax", "meta", "metazoo", "memesis", "metaolympia"):
        game = get_game(game_id)
        (_, s1), (_, s2) = (list(positions(game_id, range(5, 6), every=10**6, limit=30))[-1] for _ in range(2))
        assert s1 is not s2
        first = board_png(game, game.view(s1, None))
        picture._paint_recent.cache_clear()  # paint the second anew, not from the recent pictures
        assert first == board_png(game, game.view(s2, None))


def test_a_recent_picture_is_not_painted_again_and_is_the_same_bytes():
    """:func:`bot.picture.paint` keeps the last pictures: a board that goes back to a picture it just showed
    gets it without painting, and the bytes are those a new painting gives."""
    game = get_game("memesis")
    views = [game.view(state, None) for _, state in positions("memesis", range(3, 4), every=20, limit=41)]
    a, b = game.layout(views[1]), game.layout(views[2])
    picture._paint_recent.cache_clear()
    first, other = paint(a), paint(b)
    assert first != other
    again = paint(game.layout(views[1]))
    assert picture._paint_recent.cache_info().hits == 1 and again == first
    picture._paint_recent.cache_clear()
    assert paint(a) == first


def test_different_boards_give_different_pictures():
    game = get_game("metax")
    first = board_png(game, game.view(next(iter(positions("metax", range(1, 2))))[1], None))
    *_, (_, later) = positions("metax", range(1, 2), every=10**6, limit=40)
    assert first != board_png(game, game.view(later, None))


def test_a_game_without_a_layout_gets_no_picture():
    class Bare(Game):
        pass

    view = View(game="bare", viewer=None, board={}, private=None)
    assert board_png(Bare(), view) is None


def test_paint_draws_every_element_kind_and_keeps_the_canvas_size():
    lay = Layout(320, 200, background=(255, 255, 255))
    lay.add(Box(10, 10, 100, 50, fill=(200, 0, 0), outline=(0, 0, 0), radius=8),
            Bar(10, 70, 300, 20, 7, 10, fill=(0, 150, 0), mark=3),
            Label(10, 100, 300, 40, "Turn 3", 28, align="centre", bold=True),
            Label(10, 150, 80, 40, "a label far too long for its little box", 24, align="right"))
    img = open_png(paint(lay)).convert("RGB")
    assert img.size == (320, 200)
    assert near(img.getpixel((50, 35)), (200, 0, 0))  # the box's fill
    assert near(img.getpixel((15, 80)), (0, 150, 0))  # the bar's filled part
    assert not near(img.getpixel((300, 80)), (0, 150, 0))  # and its empty part
    assert any(not near(img.getpixel((x, y)), (255, 255, 255)) for x in range(120, 200) for y in range(105, 135))
    # The long label was shrunk or cut to its box: nothing painted right of it.
    assert all(near(img.getpixel((x, y)), (255, 255, 255)) for x in range(95, 320) for y in range(150, 190))


def test_text_edges_are_blends_of_the_text_colour_and_the_fill_under_it():
    """The picture is painted in its palette: a label's pixels are its colour, the fill under it, or one of
    the palette's blends of the two (its anti-aliased edges), and there are such edge pixels."""
    fill, ink = (30, 60, 120), (250, 240, 200)
    lay = Layout(300, 80, background=(255, 255, 255))
    lay.add(Box(0, 0, 300, 80, fill=fill), Label(10, 10, 280, 60, "Quiet window 12", 30, colour=ink, bold=True))
    img = open_png(paint(lay)).convert("RGB")
    blends = {tuple(round(a * (1 - t) + b * t) for a, b in zip(ink, fill, strict=True))
              for t in (0.2, 0.4, 0.6, 0.8)}
    seen = {img.getpixel((x, y)) for x in range(300) for y in range(80)}
    assert seen <= {fill, ink} | blends
    assert {fill, ink} < seen and seen & blends


def test_a_layout_of_over_256_colours_gets_an_adaptive_palette():
    """Over 256 colours the palette cannot hold them all: the picture is drawn in RGB and reduced to 128
    colours near those drawn."""
    lay = Layout(600, 40, background=(255, 255, 255))
    lay.add(*(Box(2 * i, 0, 2, 40, fill=(i % 256, 100, 255 - i % 256)) for i in range(300)))
    img = open_png(paint(lay))
    assert img.mode == "P" and img.size == (600, 40)
    assert all(abs(a - b) <= 12 for a, b in zip(img.convert("RGB").getpixel((21, 20)), (10, 100, 245), strict=True))


def test_printable_replaces_what_the_built_in_font_cannot_draw():
    """Card names use em dashes and arrows; the built-in font has no glyph for them (an empty box)."""
    assert printable("Beowulf — Bane of Grendel") == "Beowulf - Bane of Grendel"
    assert printable("Seat 1 → Seat 2") == "Seat 1 -> Seat 2"
    assert printable("Café") == "Cafe"
    assert printable("plain ASCII, it's 3 · 4…") == "plain ASCII, it's 3 · 4…"


@pytest.mark.parametrize("game_id", ["metax", "meta", "metazoo", "memesis", "metaolympia"])
def test_card_png_draws_every_catalogue_card_face(game_id):
    """``/card`` shows the face of the card found: a PNG 600 px wide for every entry."""
    game = get_game(game_id)
    cards = list(game.card_catalog())
    for card in cards[:: max(1, len(cards) // 12)]:
        data = card_png(game, card)
        assert data is not None and len(data) <= MAX_PNG_BYTES
        img = open_png(data)
        assert img.width == 600 and img.height > 150


def test_card_layout_shows_name_type_fields_and_text():
    from games.core.layout import card_layout

    card = next(iter(get_game("metax").card_catalog()))
    lay = card_layout(card.name, card.type, card.fields, card.text, card.flavor)
    assert lay.outside() == []
    by = {src: " ".join(e.text for e in lay.labels(src)) for src in ("card.name", "card.type", "card.text")}
    assert by["card.name"] == card.name and by["card.type"] == card.type
    assert by["card.text"].split() == card.text.split()
    for label, value in card.fields:
        assert [e.text for e in lay.labels(f"card.field.{label}")] == [label, value]


def test_card_png_refuses_what_is_not_a_catalogue_entry():
    assert card_png(get_game("meta"), "Spark of Ruin") is None

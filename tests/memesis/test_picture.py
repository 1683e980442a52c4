"""The Memesis board picture (``games/memesis/picture.py``) on the hand-built boards of ``test_render.py``:
every public element has its labelled place, no face-down card's identity is drawn, nothing lies outside
the 800-px canvas, and the painter draws it within its size limit."""

from __future__ import annotations

import copy
import io

from PIL import Image

from bot import picture
from bot.picture import MAX_PNG_BYTES, paint
from games.core.layout import SEAT_PALETTE, Box, Label, Layout, seat_colour
from games.core.values import Result
from games.memesis.picture import board_layout
from games.memesis.render import incubation_turns

from .test_render import DECISION, SECRETS, four_board, norm, private_ana, public_names, two_board, view_of


def texts(layout: Layout, source: str) -> list[str]:
    return [e.text for e in layout.elements if isinstance(e, Label) and e.source == source]


def one_text(layout: Layout, source: str) -> str:
    found = texts(layout, source)
    assert found, f"no label shows {source}"
    return " ".join(found)


def test_every_player_and_count_has_its_label():
    """MEM-INF-02, MEM-CEL-03, MEM-AMM-08: turn, phase, active player, options, stall; per seat its name
    with team letter, Life, source, hand, Brain Cell, Ammunition, turns, Incubation and Dead Cell."""
    b = four_board()
    lay = board_layout(view_of(b))
    assert one_text(lay, "turn") == "Turn 14"
    assert "Round 4" in one_text(lay, "phase") and "Combat" in one_text(lay, "phase")
    assert "Ana's turn" in one_text(lay, "active")
    assert "Cleo went first" in one_text(lay, "options") and "Stealth allowed" in one_text(lay, "options")
    assert "3 rounds left" in one_text(lay, "stall")
    for s, pl in enumerate(b["players"]):
        src = f"p{s}"
        assert one_text(lay, f"{src}.name").startswith(f"{pl['name']} [{'AB'[pl['team']]}]")
        assert ("OUT" in one_text(lay, f"{src}.name")) == pl["out"]
        assert f"{pl['life']} Life" in texts(lay, f"{src}.life")
        assert one_text(lay, f"{src}.source") == f"source {pl['source']}"
        assert one_text(lay, f"{src}.hand") == f"hand {pl['hand']}"
        assert one_text(lay, f"{src}.brain") == f"Brain {pl['brain']}"
        assert one_text(lay, f"{src}.ammo").startswith(f"Ammo {pl['ammo']}")
        assert one_text(lay, f"{src}.turns") == f"turns {pl['turns']}"
        if pl["incubation"]:
            inc = pl["incubation"]
            assert incubation_turns(inc) in one_text(lay, f"{src}.incubation")  # elapsed only when hidden
        if pl["dead"]:
            assert norm(f"Dead Cell {len(pl['dead'])}: " + ", ".join(c["name"] for c in pl["dead"])) == \
                   norm(one_text(lay, f"{src}.dead"))
    assert "(1 used)" in one_text(lay, "p0.ammo")


def test_every_piece_and_face_up_card_is_drawn_in_its_players_colour():
    """MEM-INF-02, MEM-STL-03: every piece is a card outlined in its controller's seat colour, a face-down
    one saying "face-down card"; every face-up card name on the board is drawn; stats, sourced, target,
    Rune, fragments, fusion, owner; the combat and the window."""
    b = four_board()
    lay = board_layout(view_of(b))
    drawn = norm(" ".join(lay.texts()))
    for name in public_names(b):
        assert norm(name) in drawn, name
    for p in b["pieces"]:
        src = f"piece.{p['uid']}"
        box = next(e for e in lay.elements if isinstance(e, Box) and e.source == src)
        assert box.outline == seat_colour(p["controller"])
        assert f"#{p['uid']}" in texts(lay, src)
        if p["face_down"]:
            assert "face-down card" in texts(lay, src) and one_text(lay, f"{src}.stats") == "Stealth"
        elif p["kind"] == "creature":
            assert one_text(lay, f"{src}.life").startswith(f"Life {p['life']}/{p['max_life']}")
            assert one_text(lay, f"{src}.stats").startswith(f"Attack {p['attack']}")
        else:
            assert one_text(lay, f"{src}.stats") == p["kind"].capitalize()
        assert bool(texts(lay, f"{src}.sourced")) == p["sourced"]
        assert bool(texts(lay, f"{src}.target")) == (p["target"] is not None)
        assert bool(texts(lay, f"{src}.rune")) == bool(p["rune"])
        assert len(texts(lay, f"{src}.partial")) >= len(p["partials"])
        assert bool(texts(lay, f"{src}.fusion")) == bool(p["fusion"])
        assert bool(texts(lay, f"{src}.owner")) == (p["owner"] != p["controller"])
    assert one_text(lay, "piece.3.rune") == "Rune: face-down card (Ana's)"
    assert one_text(lay, "piece.10.fusion") == "Transfusion"
    for cell in ("main", "attack", "defend"):
        assert texts(lay, f"p0.cell.{cell}")
    assert "Combat" in one_text(lay, "combat")
    for a in b["combat"]["attackers"]:
        assert "attacks" in one_text(lay, f"combat.attack.{a['uid']}")
    for k in b["combat"]["blocks"]:
        assert "blocks #1 Iron Minotaur" in one_text(lay, f"combat.block.{k['uid']}")
    assert norm("Effect card played · by Ana · asking Ben") in norm(one_text(lay, "window"))
    assert "Ben" in one_text(lay, "waiting")


def test_no_face_down_identity_is_drawn_and_every_viewer_gets_the_same_picture():
    """MEM-STL-03, MEM-AMM-08, MEM-INF-01: the picture reads only the public board; the owner's view gives
    the same elements (but the waiting line), and no hidden card's name is drawn."""
    b = four_board()
    spectator = board_layout(view_of(b))
    owner = board_layout(view_of(b, 0, private_ana(), (DECISION,)))
    assert [e for e in spectator.elements if e.source != "waiting"] == \
           [e for e in owner.elements if e.source != "waiting"]
    drawn = "\n".join(spectator.texts() + owner.texts())
    for secret in SECRETS + tuple(c["name"] for c in private_ana()["hand"]):
        assert secret not in drawn
    assert "face-down card" in drawn


def test_nothing_is_drawn_outside_the_canvas():
    """Four seats with many pieces, a quiet 1v1 board, a finished game, a crowded Cell with long names."""
    crowded = four_board()
    crowded["pieces"] += [copy.deepcopy(crowded["pieces"][k]) | {"uid": 100 + k} for k in range(16)]
    crowded["players"][1]["dead"] = crowded["players"][3]["dead"] * 6
    over = four_board() | {"phase": "over", "combat": None, "window": None}
    res = Result((0, 2), (1, 3), "life", "Ana and Cleo win: Ben and Dev are out of Life.")
    for board, result in ((four_board(), None), (two_board(), None), (crowded, None), (over, res)):
        lay = board_layout(view_of(board, result=result))
        assert lay.outside() == []
        assert lay.width == 800 and lay.height > 0
    lay = board_layout(view_of(over, result=res))
    assert res.text in one_text(lay, "result") and not texts(lay, "active")
    assert texts(board_layout(view_of(two_board())), "p0.cell.main") == ["no cards in play"]


def test_seats_use_the_shared_palette():
    lay = board_layout(view_of(four_board()))
    fills = {e.fill for e in lay.elements if isinstance(e, Box)}
    assert {rgb for _, rgb in SEAT_PALETTE[:3]} <= fills


def test_the_painter_draws_it():
    """``bot/picture.py`` paints the layout: a PNG of the layout's size within the size limit, the same
    bytes for the same board."""
    for board in (four_board(), two_board()):
        lay = board_layout(view_of(board))
        data = paint(lay)
        picture._paint_recent.cache_clear()  # paint it anew, not from the recent pictures
        assert len(data) <= MAX_PNG_BYTES and data == paint(board_layout(view_of(board)))
        img = Image.open(io.BytesIO(data))
        assert img.format == "PNG" and img.size == (lay.width, lay.height)

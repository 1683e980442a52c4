"""Board layouts: every public element of the view appears in the layout, nothing
from a hand or a face-down trigger does, nothing is drawn outside the canvas; checked over seeded random
games. Layouts only: no pixels here (see test_painter.py)."""

from __future__ import annotations

import json
from itertools import chain

import pytest
from picture_helpers import positions

from games import get_game
from games.core.contract import Game, View
from games.core.layout import SEAT_COLOURS, SEAT_PALETTE, Label, Layout, seat_colour
from games.metax.rules import title

MX_POSITIONS = list(range(1, 7))
META_SEATS = (2, 4, 6)


def texts(layout: Layout, source: str) -> list[str]:
    """The texts of the labels whose source is exactly ``source``."""
    return [e.text for e in layout.elements if isinstance(e, Label) and e.source == source]


def one_text(layout: Layout, source: str) -> str:
    found = texts(layout, source)
    assert found, f"no label shows {source}"
    return " ".join(found)


def test_games_without_a_picture_have_no_layout():
    """The contract's default is no layout (a later game adds only its own)."""
    view = View(game="none", viewer=None, board={}, private=None, decisions=(), waiting=(), result=None)
    assert Game().layout(view) is None


def test_the_terminal_and_pictures_share_one_seat_palette():
    """Colours by seat, consistent with the terminal."""
    from bot import terminal

    assert terminal.SEAT_COLOURS == SEAT_COLOURS == tuple(name for name, _ in SEAT_PALETTE)
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS) >= 6  # Meta seats up to 6, each its own colour
    assert seat_colour(0) != seat_colour(1)


# -- MetaX


def mx_views():
    for game, state in positions("metax", range(1, 9), every=5, limit=260):
        yield game, state, game.view(state, None)


def test_metax_layout_shows_every_public_element():
    """MetaX: both players' counters (VP, MP, hand, deck, discard and its top card), every
    Character with its title and Ranks, Pushed/ready, new, every Damage card with its Stat and Rank, and
    every attack of the Battle Zone (attacker, Stat, Battle card, Links, blocker, its card)."""
    seen_battle = seen_damage = seen_pushed = 0
    for game, _state, view in mx_views():
        lay = game.layout(view)
        b = view.board
        assert f"Turn {b['turn']}" in one_text(lay, "turn")
        assert texts(lay, "phase")
        for p, pl in enumerate(b["players"]):
            src = f"p{p}"
            assert one_text(lay, f"{src}.name") == pl["name"]
            assert one_text(lay, f"{src}.vp") == f"{pl['vp']} VP"
            assert one_text(lay, f"{src}.mp") == f"{pl['mp']} MP"
            assert one_text(lay, f"{src}.hand") == f"hand {pl['hand']}"
            assert one_text(lay, f"{src}.deck") == f"deck {pl['deck']}"
            assert one_text(lay, f"{src}.discard") == f"discard {len(pl['discard'])}"
            if pl["discard"]:
                assert pl["discard"][-1]["name"] in one_text(lay, f"{src}.discard.top")
            for ch in pl["in_play"]:
                c = f"{src}.char.{ch['id']}"
                shown = one_text(lay, c)
                assert shown.replace(" ", "") == title(ch["name"]).replace(" ", "")  # wrapped on 2 lines at most
                for stat, rank in ch["ranks"].items():
                    assert one_text(lay, f"{c}.rank.{stat}").endswith(f" {rank}")
                assert one_text(lay, f"{c}.pushed") == ("PUSHED" if ch["pushed"] else "Prepped")
                seen_pushed += ch["pushed"]
                assert bool(texts(lay, f"{c}.new")) == ch["new"]
                for d in ch["damage"]:
                    assert one_text(lay, f"{c}.damage.{d['id']}").endswith(f" {d['rank']}")
                    seen_damage += 1
                if ch["damage"]:
                    assert one_text(lay, f"{c}.damage") == f"dmg {sum(d['rank'] for d in ch['damage'])}"
        for a in b["battle"]:
            src = f"battle.{a['attack']}"
            assert title(a["attacker"]["name"]) in texts(lay, src)
            assert texts(lay, f"{src}.stat")
            if a["card"]:
                assert one_text(lay, f"{src}.card") == a["card"]["name"]
            for link in a["links"]:
                assert title(link["name"]) in one_text(lay, f"{src}.link.{link['id']}")
            if a["defender"]:
                assert one_text(lay, f"{src}.defender") == title(a["defender"]["name"])
            if a["dcard"]:
                assert one_text(lay, f"{src}.dcard") == a["dcard"]["name"]
            seen_battle += 1
        for c in b["resolving"]:
            assert title(c["name"]) in one_text(lay, f"resolving.{c['id']}")
        if view.result is not None:
            assert view.result.text in one_text(lay, "result")
        elif view.waiting:
            assert all(b["players"][s]["name"] in one_text(lay, "waiting") for s, _ in view.waiting)
    # The seeded games reach the interesting parts of the board.
    assert seen_battle and seen_damage and seen_pushed


# -- Meta


def meta_views():
    for seats in META_SEATS:
        for game, _state, view in ((g, s, g.view(s, None)) for g, s in positions("meta", range(1, 4), seats=seats,
                                                                                   every=9, limit=400)):
            yield game, view


def test_meta_layout_shows_every_public_element():
    """Meta (META-STK-03/08, META-TRG-04): turn, stage, who is at turn; every player's name,
    life, hand, memory and graveyard sizes, the graveyard's top card, passed/disabled/out; every tower
    level with its size and every card on it with its player's name and announced target; every trigger
    stack's face-down card with its announced target; rule changes; who is awaited or the result."""
    seen_levels = seen_triggers = 0
    for game, view in meta_views():
        lay = game.layout(view)
        b = view.board
        names = [p["name"] for p in b["players"]]
        assert one_text(lay, "turn") == f"Turn {b['turn']}"
        assert b["stage"] in one_text(lay, "stage")
        assert names[b["at_turn"]] in one_text(lay, "at_turn")
        for s, p in enumerate(b["players"]):
            src = f"p{s}"
            assert names[s] in one_text(lay, f"{src}.name")
            assert one_text(lay, f"{src}.life") == f"{p['life']} life"
            assert one_text(lay, f"{src}.hand") == f"hand {p['hand']}"
            assert one_text(lay, f"{src}.memory") == f"mem {p['memory']}"
            assert one_text(lay, f"{src}.graveyard") == f"grave {len(p['graveyard'])}"
            if p["graveyard"]:
                assert p["graveyard"][-1]["title"] in one_text(lay, f"{src}.graveyard.top")
            status = texts(lay, f"{src}.status")
            if p["removed"]:
                assert status == ["OUT"]
            elif p["disabled"]:
                assert status == ["disabled"]
            elif p["passed"]:
                assert status == ["passed"]
        for tw in b["towers"]:
            src = f"tower.{tw['id']}"
            assert texts(lay, src)
            for k, level in enumerate(tw["levels"]):
                if not level:
                    continue
                assert one_text(lay, f"{src}.{k}").split(" · ")[1].startswith(f"{len(level)},")
                seen_levels += k > 0
                for e in level:
                    shown = texts(lay, f"card.{e['id']}")
                    assert shown[0] == e["title"]
                    assert shown[1].startswith(names[e["player"]])
                    if e["target"]:
                        assert "→" in shown[1]
            if tw["id"] != "main":
                face = " ".join(texts(lay, f"{src}.facedown"))
                assert "face-down" in face
                if tw["target"]:
                    assert tw["target"] in face
                seen_triggers += 1
        for k, ch in enumerate(b["changes"]):
            assert ch["text"].split()[0] in one_text(lay, f"rule.{k}")
        if view.result is not None:
            assert view.result.text in one_text(lay, "result")
        elif view.waiting:
            assert all(names[s] in one_text(lay, "waiting") for s, _ in view.waiting)
    assert seen_levels and seen_triggers


def test_meta_chips_follow_the_stack_order_top_first():
    """META-STK-03: a stack is read top first; the picture places its top card first (left, then down)."""
    checked = 0
    for game, view in meta_views():
        lay = game.layout(view)
        for tw in view.board["towers"]:
            for level in tw["levels"]:
                boxes = [next(e for e in lay.elements if e.source == f"card.{x['id']}") for x in reversed(level)]
                assert [(bx.y, bx.x) for bx in boxes] == sorted((bx.y, bx.x) for bx in boxes)
                checked += len(level) > 1
    assert checked


def test_meta_cards_are_in_their_players_colour():
    """Each card's chip carries its player's seat colour (its outline)."""
    for game, view in meta_views():
        lay = game.layout(view)
        for tw in view.board["towers"]:
            for level in tw["levels"]:
                for e in level:
                    box = next(x for x in lay.elements if x.source == f"card.{e['id']}")
                    assert box.outline == seat_colour(e["player"])


# -- both games


def all_views():
    yield from ((g, s) for g, s in positions("metax", range(1, 5), every=6, limit=200))
    for seats in META_SEATS:
        yield from positions("meta", range(1, 3), seats=seats, every=11, limit=300)


@pytest.mark.parametrize("game_id", ["metax", "meta", "metazoo", "memesis", "metaolympia"])
def test_every_game_with_pictures_has_a_layout(game_id):
    game = get_game(game_id)
    state = game.new_game(__import__("games.core.playout").core.playout.starter_seats(game, 1), None, 1)
    assert isinstance(game.layout(game.view(state, None)), Layout)


def test_nothing_is_drawn_outside_the_canvas():
    """Every box, label and bar lies wholly inside the canvas, whose width is fixed."""
    for game, state in all_views():
        lay = game.layout(game.view(state, None))
        assert lay.outside() == []
        assert lay.width == 800 and 0 < lay.height


def drop_waiting(layout: Layout) -> list:
    return [e for e in layout.elements if e.source != "waiting"]


def test_no_hidden_card_reaches_a_layout():
    """META-INF-01/02, META-TRG-04, MetaX hands: no title of a card in any seat's hand, or
    of a face-down trigger card, appears in a board layout unless the same title is also public on the
    board; and the layout is the same whoever's view it is built from (it reads only the public board; the
    "waiting" line says what the viewer's own decision is, as the text board does)."""
    hidden_checked = 0
    for game, state in all_views():
        public = game.view(state, None)
        lay = game.layout(public)
        board = json.dumps(public.board, ensure_ascii=False)
        shown = "\n".join(lay.texts())
        for seat in range(len(public.board["players"])):
            mine = game.view(state, seat)
            # Only "waiting" may differ: a seat's own view names its own step (Meta hides others' steps).
            assert drop_waiting(game.layout(mine)) == drop_waiting(lay)
            private = mine.private or {}
            hidden = [c.get("title") or c.get("name") for c in private.get("hand", [])]
            hidden += [t["title"] for t in private.get("triggers", [])]
            for name in hidden:
                short = title(name)
                if short in board:
                    continue  # another copy is public
                assert short not in shown, f"hidden card {name!r} of seat {seat} is in the picture"
                hidden_checked += 1
    assert hidden_checked > 100


def test_metazoo_layouts_stay_on_the_canvas_and_never_show_a_chapter_or_face_down_page():
    """MZ-CORE-08, MZ-TRAP-11: a MetaZoo board picture lies inside its 800-px canvas, is the
    same from every seat's view, and names no Page of a Chapter or a face-down Page (its controller's private
    view names them) unless a copy of that Page is public on the board."""
    hidden_checked = 0
    for game, state in positions("metazoo", range(1, 5), every=9, limit=320):
        public = game.view(state, None)
        lay = game.layout(public)
        assert lay.outside() == [] and lay.width == 800 and lay.height > 0
        board = json.dumps(public.board, ensure_ascii=False)
        shown = "\n".join(lay.texts())
        for seat in range(len(public.board["casters"])):
            mine = game.view(state, seat)
            assert drop_waiting(game.layout(mine)) == drop_waiting(lay)
            private = mine.private
            hidden = [c["name"] for c in private["chapter"]]
            hidden += [f["name"] for f in private["face_down"]] + [u["name"] for u in private["under"]]
            for name in hidden:
                if name in board:
                    continue  # another copy is public
                assert name not in shown, f"hidden Page {name!r} of seat {seat} is in the picture"
                hidden_checked += 1
    assert hidden_checked > 100


def test_memesis_layouts_stay_on_the_canvas_and_never_show_a_hidden_card():
    """MEM-INF-01, MEM-STL-03, MEM-AMM-08: a Memesis board picture, two and four seats, lies
    inside its 800-px canvas, is the same from every seat's view, and names no card of a hand, Ammunition pile,
    face-down card or face-down incubating card (their owner's private view names them) unless a copy of that
    card is public on the board."""
    hidden_checked = 0
    views = list(positions("memesis", range(1, 4), every=9, limit=300))
    for game, state in views + list(positions("memesis", range(4, 6), seats=4, every=15, limit=400)):
        public = game.view(state, None)
        lay = game.layout(public)
        assert lay.outside() == [] and lay.width == 800 and lay.height > 0
        board = json.dumps(public.board, ensure_ascii=False)
        shown = "\n".join(lay.texts())
        for seat in range(len(public.board["players"])):
            mine = game.view(state, seat)
            assert drop_waiting(game.layout(mine)) == drop_waiting(lay)
            private = mine.private
            hidden = [c["name"] for c in private["hand"] + private["ammo"] + private["face_down"]]
            if private["incubation"] is not None:
                hidden.append(private["incubation"]["name"])
            for name in hidden:
                if name in board:
                    continue  # another copy is public
                assert name not in shown, f"hidden card {name!r} of seat {seat} is in the picture"
                hidden_checked += 1
    assert hidden_checked > 100


def test_metaolympia_layouts_stay_on_the_canvas_and_never_show_a_secret_card():
    """MO-INF-01, MO-INF-03: a Meta Olympia board picture, two and four teams, lies inside its
    800-px canvas, is the same from every seat's view, and names no tactic card, minor sponsor or drawn card of
    a seat's private view unless a copy of that card is public on the board."""
    hidden_checked = 0
    # the states are live: each is checked before the iterator advances it (no list() of them)
    views = chain(positions("metaolympia", range(1, 5), every=5, limit=600),
                  positions("metaolympia", range(5, 10), seats=4, every=7, limit=600))
    for game, state in views:
        public = game.view(state, None)
        lay = game.layout(public)
        assert lay.outside() == [] and lay.width == 800 and lay.height > 0
        board = json.dumps(public.board, ensure_ascii=False)
        shown = "\n".join(lay.texts())
        for seat in range(len(public.board["players"])):
            mine = game.view(state, seat)
            assert drop_waiting(game.layout(mine)) == drop_waiting(lay)
            private = mine.private
            hidden = [c["name"] for c in private["tactics"] + private["minors"] + private["pending"]]
            for name in hidden:
                if name in board:
                    continue  # another copy is public
                assert name not in shown, f"secret card {name!r} of seat {seat} is in the picture"
                hidden_checked += 1
    assert hidden_checked > 100

"""The web pages keep every secret: the cross-zone hidden-card permutation check (tests/hidden_twins.py) run
over the pages' HTML. A game whose spectator view is replaced by the HTML the web front renders of it
(:func:`bot.web.app.render_step`) goes through each game's own twin play-outs: permuting the cards hidden from
a spectator (hands, decks, memories, face-down cards, Spellbooks, Chapters) must not change one byte of the
page, before or after the next choice."""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path

import pytest

from bot.web.app import render_step
from bot.web.replays import Replay, Step
from games import get_game

TESTS = Path(__file__).resolve().parents[1]


def _load(relative: str):
    """One of the games' play-out test modules, loaded under a name of its own (its helpers, not its tests)."""
    path = TESTS / relative
    spec = importlib.util.spec_from_file_location(f"web_twins_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class PageGame:
    """``game`` whose spectator view's board is the web page's HTML of that view (the live region and a
    replay step share it); every other method is the game's own."""

    def __init__(self, game):
        self._game = game
        self.pages = 0

    def __getattr__(self, name):
        return getattr(self._game, name)

    def view(self, st, viewer):
        v = self._game.view(st, viewer)
        if viewer is not None:
            return v
        replay = Replay(self._game.id, "1a2b3c4d", [("Ana", ""), ("Ben", ""), ("Cy", ""), ("Dee", "")], "playing",
                        None, [Step(0, v, [], None)])
        self.pages += 1
        return dataclasses.replace(v, board={"page": render_step(replay, replay.steps[0], "/t/1a2b3c4d/0/x",
                                                                 live=True)})


def test_metazoo_pages_show_no_hidden_page():
    """MZ-CORE-08, MZ-TRAP-11 on the web: Spellbooks, Chapters and face-down Pages."""
    mod = _load("metazoo/test_mz_playouts.py")
    game = PageGame(get_game("metazoo"))
    assert mod.twin_playouts(game, 2, range(2), every=4, steps=160) > 40
    assert game.pages > 100


def test_metax_pages_show_no_hidden_card():
    mod = _load("metax/test_playouts.py")
    game = PageGame(get_game("metax"))
    assert mod.twin_playouts(game, range(2), every=4) > 40
    assert game.pages > 100


@pytest.mark.parametrize("seats", [2, 4])
def test_meta_pages_show_no_memory_hand_or_face_down_trigger(seats):
    """META-INF-02 on the web: memories, hands and face-down triggers."""
    mod = _load("meta/test_meta_playouts.py")
    game = PageGame(get_game("meta"))
    assert mod.twin_playouts(game, seats, range(1), every=4, steps=160) > 20
    assert game.pages > 50


def test_the_check_catches_a_page_that_shows_a_hidden_card():
    """The check is not blind: a page that prints the first hidden card of a Spellbook fails it."""
    mod = _load("metazoo/test_mz_playouts.py")
    real = get_game("metazoo")

    class Leaky(PageGame):
        def view(self, st, viewer):
            v = super().view(st, viewer)
            if viewer is None and st.casters[0].spellbook:
                leak = st.cards[st.casters[0].spellbook[0]]
                return dataclasses.replace(v, board={"page": v.board["page"] + f"<p>{leak}</p>"})
            return v

    with pytest.raises(AssertionError, match="spectator view"):
        mod.twin_playouts(Leaky(real), 2, range(1), every=1, steps=40)

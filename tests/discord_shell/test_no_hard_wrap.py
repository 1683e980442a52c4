"""Discord text is not hard-wrapped: phones wrap lines to their own width, so the shell passes a
game's lines to Discord as they are, however long; only a line longer than a whole code block (1,016
characters) is broken, and then at a space, never inside a word or name, and nothing is lost. Every message
stays within Discord's limits by construction. The game is the stand-in tests/team_game.py with a board of
long lines."""

from __future__ import annotations

import pytest
import team_game

from bot.shell import render

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .world import stand_in_game

ANA, BEN = 101, 102
NAMES = ["Vulture's Circle", "Olympus Summit Arena", "Tharsis Rovers", "Noctis Labyrinth", "Hellas Meteors"]


def long_line(n: int) -> str:
    """A line of about ``n`` characters of names apart by `` · `` (as boards write them)."""
    words, k = [], 0
    while sum(len(w) + 3 for w in words) < n:
        words.append(f"{NAMES[k % len(NAMES)]} {k}")
        k += 1
    return " · ".join(words)


def test_lines_shorter_than_a_block_are_never_wrapped():
    lines = [long_line(n) for n in (90, 200, 600, 1000)]
    blocks, left = render.text_blocks(lines, render.DESC_LIMIT)
    shown = [x for b in blocks for x in b.removeprefix(render.FENCE[0]).removesuffix(render.FENCE[1]).splitlines()]
    assert left == 0 and shown == lines


@pytest.mark.parametrize("n", [1100, 3000, 5000])
def test_a_line_longer_than_a_block_breaks_at_a_space_and_loses_nothing(n):
    line = long_line(n)
    pieces = render._pieces([line], render.FIELD_VALUE_MAX - 8)
    assert len(pieces) > 1 and " ".join(pieces) == line
    assert all(len(p) <= render.FIELD_VALUE_MAX - 8 for p in pieces)
    words = set(line.split(" "))
    assert all(set(p.split(" ")) <= words for p in pieces)  # no word or name cut in two


def test_only_a_single_word_longer_than_a_block_is_cut():
    word = "x" * 2500
    pieces = render._pieces([f"a {word} b"], 1000)
    assert pieces == ["a", "x" * 1000, "x" * 1000, "x" * 500 + " b"]


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    with stand_in_game(monkeypatch, team_game, "Team test", "teamtest"):
        lines = [long_line(n) for n in (120, 300, 700)]
        monkeypatch.setattr(team_game.TeamGame, "board_text", lambda self, view: "\n".join(lines), raising=False)
        yield lines


async def test_the_board_and_dm_reach_discord_with_the_games_lines_whole(world, _registered):
    w = world
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "teamtest", "seats": 2}, sub="new")
    tid = next(iter(w.service.tables))
    await w.fake.click(BEN, reply.message, f"mh:l:{tid}:join")
    await w.fake.click(ANA, reply.message, f"mh:l:{tid}:start")
    await w.settle()
    m = await w.bot.front.messages(tid)
    board = w.fake.messages[m.board[1]]
    shown = w.fake.text_of(board).splitlines()
    assert all(line in shown for line in _registered), "a board line was wrapped or cut"
    dm = [x for x in w.fake.dm_messages(ANA) if x.embeds][-1]  # the context above the hand: the whole board
    assert all(line in w.fake.text_of(dm).splitlines() for line in _registered)
    assert assert_all_within_limits(w.fake) > 0

"""Player help shared by the terminal and Discord: a quick start for every game, rule IDs
shown only as pointers, a rule ID's game found from its prefix."""

from __future__ import annotations

import re

import pytest

from bot import help as quick
from games import GAME_NAMES
from tests.player_texts import internal_hits


@pytest.mark.parametrize("game", list(GAME_NAMES))
def test_every_game_has_a_short_quick_start_in_player_words(game):
    """Each game's quick start says how a turn goes, what the choices mean and how to look a card and a rule
    up (`/card`, `/rules`); it is short (under 2,000 characters) and has no internal code."""
    text = quick.quick_start(game)
    headings = [h for h, _ in quick.sections(game)]
    assert quick.title(game) == f"{GAME_NAMES[game]} — quick start"
    assert headings[:1] == [""] and {"How a turn goes", "Your choices", "Looking things up"} <= set(headings)
    assert "`/card`" in text and "`/rules`" in text and len(text) < 2000
    assert not internal_hits(quick.plain(text))


def test_rule_ids_become_pointers_and_pointers_stay():
    assert quick.pointers("Up to 3 copies (MX-DCK-02).") == "Up to 3 copies (see /rules MX-DCK-02)."
    assert quick.pointers("(rule MEM-CE-07) and MZ-TURN-10") == "(see /rules MEM-CE-07) and /rules MZ-TURN-10"
    assert quick.pointers("see /rules MO-END-04") == "see /rules MO-END-04"
    assert quick.pointers("Stage 4 and T-1000") == "Stage 4 and T-1000"
    assert quick.pointer("META-TRG-03/04") == "see /rules META-TRG-03/04"


@pytest.mark.parametrize(("topic", "game"), [("MZ-TURN-10", "metazoo"), ("mx-ko", "metax"), ("META-TRG-03", "meta"),
                                             ("mem-ce-07", "memesis"), ("MO-END-04", "metaolympia"),
                                             ("meta tower", None), ("tko", None), ("Kindling", None)])
def test_a_rule_ids_prefix_names_its_game(topic, game):
    assert quick.game_of_rule(topic) == game


@pytest.mark.parametrize("game", list(GAME_NAMES))
def test_a_games_quick_start_reads_the_same_in_the_terminal_and_on_discord(game):
    """The per-game quick starts name no front end's controls (no "button", "DM", "Discord"): the terminal's
    `?` prints them as they are; Discord's own part is data/help/discord.md."""
    assert not re.search(r"\b(?:buttons?|DMs?|Discord|autocomplete)\b", quick.quick_start(game))

"""Player words everywhere: every text a player reads over seeded Meta Olympia games (board,
context, private text, prompts, labels, events, unplayable reasons, pictures, result, end lines) holds no
internal code (``tests/player_texts.internal_hits``); every decision kind has a step name in player words; and
``/card`` finds every component of the game (athletes, tactics, sponsors, scrimmage cards, Stage Tiles) with
a readable text."""

from __future__ import annotations

import pytest

from games.metaolympia import GAME
from games.metaolympia.game import STEP_NAMES
from games.metaolympia.pool import pool
from tests.player_texts import game_texts, internal_hits

ALL_OPTIONS = {"gambling": True, "wagers": True, "trades": True, "merger": True}


def _hits(seed: int, seats: int, options: dict | None = None) -> list[str]:
    out = []
    for where, text in game_texts(GAME, seed, seats, options, pictures_every=40):
        out += [f"{where}: {h} in {text[:160]!r}" for h in internal_hits(text)]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_internal_codes_in_player_texts(seats: int) -> None:
    """Seeded games at 2, 3 and 4 teams: no card id, step name, rule or gap tag in anything a player reads
    (a rule ID only as a "/rules" pointer)."""
    assert _hits(seats * 11, seats) == []


@pytest.mark.slow
def test_no_internal_codes_with_every_option_and_the_mega_league() -> None:
    """Gambling, side wagers, trades and mergers at 3 teams, and a five-team Mega League (short) (MO-OPT-01..08)."""
    assert _hits(5, 3, {**ALL_OPTIONS, "short": True}) == []
    assert _hits(6, 5, {"mega": True, "short": True}) == []


def test_every_decision_kind_has_a_step_name_in_player_words() -> None:
    """The board's "Waiting for Ana (…)" never shows a raw kind such as ``tactic_pick``."""
    from games.metaolympia.rules import CARD_KINDS
    from games.metaolympia.rules.trades import TRADE_KINDS

    for kind in {*STEP_NAMES, *TRADE_KINDS, *CARD_KINDS, "move", "spot", "keep", "dice", "bet", "wager"}:
        name = GAME.step_name(kind)
        assert name != kind and name != kind.replace("_", " ") and not internal_hits(name), (kind, name)
    assert GAME.step_name("tactic_pick") == "keeping a tactic card"
    assert GAME.step_name("trade_discard") == "discarding athletes"


def test_waiting_kinds_over_a_playout_have_step_names() -> None:
    """Every kind a seeded four-team game waits for (options on) has its own step name."""
    seen = set()
    for where, text in game_texts(GAME, 3, 4, ALL_OPTIONS, pictures_every=10_000):
        if where == "waiting":
            seen.add(text)
    assert seen and seen <= set(STEP_NAMES.values())


def test_card_catalog_holds_every_component_with_readable_texts() -> None:
    """``/card`` finds Meta Olympia's athletes, tactics, sponsors, scrimmage cards and Stage
    Tiles, by name, each with a rules text free of internal codes."""
    cat = GAME.card_catalog()
    p = pool()
    groups = {"Athlete": p.athletes, "Tactic": p.tactics, "Sponsor": p.sponsors, "Scrimmage": p.scrimmages,
              "Stage Tile": p.tiles}
    for type_, cards in groups.items():
        assert cards
        for cid, card in cards.items():
            info = cat.lookup(card.name)
            assert info.type == type_ and info.name == card.name, (cid, info)
            assert info.text
            for text in (info.text, info.limit, info.label, *(v for _, v in info.fields)):
                assert internal_hits(text) == [], (cid, text)
    assert len(cat) == sum(len(c) for c in groups.values())
    assert cat.lookup("Argyre Rest Dome").type == "Stage Tile"

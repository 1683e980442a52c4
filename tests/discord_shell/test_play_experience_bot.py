"""A four-player game of every game (MetaX: two players, its only size) played to the
end through the Discord fakes, by slash commands and DM clicks, checking what the players were shown:

* no turn notice (a new DM with decision buttons) for a publicly forced decision (``Decision.forced``), and
  no forced decision left open for a person: the host takes them (§1);
* a response window (``Decision.window``) notifies only the player who turned window pings on with
  ``/notify windows:on`` (§2);
* no internal code (:func:`tests.player_texts.internal_hits`) in any text the bot sent: every REST body
  (DMs, board, thread posts, edits) and every reply to a click (§5);
* every card the game says cannot be played now (``Game.unplayable``) is named with its reason in the DM
  that offers the decision (§7);
* the final summary names its deciding rule (``Result.rule``) and each seat's score line (§8).
"""

from __future__ import annotations

import pytest

from games.core.rng import Rng
from tests.player_texts import internal_hits

from .harness import CHANNEL_ID, text_of
from .test_bot import click_decision, decision_buttons, latest_dm
from .test_turns import notices_to, open_seeded_table, seat_of
from .world import PaceClock, World

USERS = (101, 102, 103, 104)
PINGED = 102  # the one player who asks for window pings
GAMES = [("meta", 4, 2), ("metazoo", 4, 3), ("memesis", 4, 4), ("metaolympia", 4, 5), ("metax", 2, 6)]


def _hits(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        for hit in internal_hits(text):
            found.append(f"{hit} in {text[:160]!r}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[g for g, _, _ in GAMES])
async def test_a_whole_game_talks_like_a_game(fake, new_db, game, players, seed):
    pace = [0.0]
    w = await World(fake, new_db("t"), clock=PaceClock(pace)).start()
    w.bot.front.now = lambda: pace[0]
    try:
        r = await fake.slash(PINGED, CHANNEL_ID, "notify", {"windows": "on"})
        assert "notify" in r.content.lower()
        users = USERS[:players]
        table_id = await open_seeded_table(w, game, users, seed)
        t = w.service.get(table_id)
        g = t.game
        rng = Rng.from_seed(seed)
        window_notices = {u: 0 for u in users}
        reasons_shown = 0
        since = len(fake.rest)
        clicks = 0
        replies: list[str] = []
        while t.status == "playing" and clicks < 4000:
            # what each player is asked now, and what their DMs announced since the last click
            open_ = {d.seat: d for d in g.decisions(t.state)}
            for d in open_.values():
                assert not d.forced, f"a forced decision was left for a person to answer: {d.prompt!r}"
            for u in users:
                seat = seat_of(t, u)
                new = notices_to(w, u, since)
                d = open_.get(t.answers_for(seat))
                if new and d is not None:
                    assert len(d.options) > 1 or not d.forced
                    if d.window:
                        window_notices[u] += 1
                        assert u == PINGED, f"user {u} was pinged for a response window without asking"
                if d is not None:
                    unplayable = g.unplayable(t.state, t.answers_for(seat))
                    if unplayable:
                        dm = text_of(latest_dm(w, u))
                        for name, why in unplayable:
                            assert name in dm and why in dm, f"{name}: {why} is not in the DM of user {u}"
                        reasons_shown += 1
            since = len(fake.rest)
            deciders = [u for u in users if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
            assert deciders, "nobody has a decision to click but the game is not over"
            user = deciders[rng.below(len(deciders))]
            pace[0] += 10
            reply = await click_decision(w, user, latest_dm(w, user), rng)
            replies.append(text_of(reply))
            await w.settle()
            clicks += 1
        assert t.status == "finished", f"{game} did not finish in {clicks} clicks"
        result = g.result(t.state)
        assert result is not None and result.rule, "the result names no deciding rule"
        summary = "\n".join(text_of(m) for m in fake.messages.values() if "game over" in text_of(m))
        assert result.rule in summary, "the final summary does not state the deciding rule"
        for line in result.scores:
            assert line in summary, f"the final summary lacks the score line {line!r}"
        if game in ("memesis", "metazoo", "metaolympia"):
            assert window_notices[PINGED] > 0, "the player who asked for window pings got none"
        if game != "metaolympia":  # Meta Olympia's hands hold tactics whose reasons appear only some turns
            assert reasons_shown > 0, "no unplayable card was ever explained"
        assert _hits([text_of(c) for c in fake.rest] + replies) == []
    finally:
        await w.stop()


@pytest.mark.parametrize(("game", "windows"), [("metazoo", True), ("meta", True), ("metaolympia", True),
                                               ("memesis", True), ("metax", False)])
async def test_the_lobby_names_the_window_timer_of_a_game_with_response_windows(world, game, windows):
    """Every game with response windows (``Game.has_windows``) names their round timer in the lobby
    (30 s by default); MetaX, which has none (MX-GAP-13), does not."""
    reply = await world.fake.slash(USERS[0], CHANNEL_ID, "table", {"game": game}, sub="new")
    footer = reply.message.embeds[0]["footer"]["text"]
    assert ("response windows 30 s" in footer) == windows, footer


@pytest.mark.parametrize("game", ["meta", "metax", "metazoo", "memesis", "metaolympia"])
def test_every_card_lookup_is_in_player_words(game):
    """``/card`` of every card of every game (Meta Olympia's athletes, tactics, sponsors,
    scrimmage cards and Stage Tiles included) shows no internal code: no card id, gap tag or bare rule ID."""
    from bot.shell.decks import card_embed
    from games import get_game

    catalog = get_game(game).card_catalog()
    assert len(catalog) > 20
    found = []
    for card in catalog:
        found += [f"{card.name}: {hit}" for hit in internal_hits(text_of(card_embed(card, catalog).to_dict()))]
    assert found == []

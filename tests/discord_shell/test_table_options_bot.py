"""What Meta Olympia needs of the host, on Discord: ``/table new options:`` (a game's own table
options; refusals list them; the lobby and board footers name the chosen ones; an autocomplete offers them),
``team_name:``/``colour:`` on ``/table new`` and ``/table join`` (MO-SET-09/10), ``/table join seat:`` to
co-manage a taken seat at a Team Up table (MO-OPT-06: every co-manager gets the seat's DM, the first click
wins, the other's click on the same decision is stale) and a merged team's player getting the acquiring seat's
DM (``Game.managed_by``, MO-OPT-08). The game is the stand-in tests/option_game.py."""

from __future__ import annotations

import option_game
import pytest

from bot.shell import render

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_bot import decision_buttons, latest_dm, refusal
from .world import World, stand_in_game

ANA, BEN, CY = 101, 102, 103


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    """The stand-in is a game for these tests only: in the registry and in `/table new`'s game choices."""
    with stand_in_game(monkeypatch, option_game, "Option test", "optiontest"):
        yield


async def new_lobby(w: World, **options):
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "optiontest", **options}, sub="new")
    assert reply.type == 5 and not reply.ephemeral, reply.content
    tid = next(t for t in w.service.tables)
    return reply.message, tid


def button(w: World, msg, key: str) -> str:
    """The custom id of the decision button labelled ``key`` on ``msg``."""
    return next(c["custom_id"] for c in decision_buttons(w, msg) if c.get("label") == key)


async def test_table_new_options_are_stored_and_shown_in_the_lobby_and_board_footers(world):
    w, fake = world, world.fake
    lobby, tid = await new_lobby(w, options="gambling=on bestof=5", seats=2)
    t = w.service.get(tid)
    assert t.game_options == {"gambling": True, "bestof": 5}
    footer = lobby.embeds[0]["footer"]["text"]
    assert "gambling=on bestof=5" in footer, footer
    await fake.click(BEN, lobby, f"mh:l:{tid}:join")
    await fake.click(ANA, lobby, f"mh:l:{tid}:start")
    await w.settle()
    assert option_game.RECEIVED[-1]["bestof"] == 5
    board = next(m for m in fake.messages.values() if m.embeds and (m.embeds[0].get("title") or "").startswith(
        "Option test · table"))
    assert "gambling=on bestof=5" in board.embeds[0]["footer"]["text"]
    assert assert_all_within_limits(fake) > 0


async def test_bad_table_options_are_refused_privately_with_the_games_options(world):
    w, fake = world, world.fake
    r = await fake.slash(ANA, CHANNEL_ID, "table", {"game": "optiontest", "options": "bestof=4"}, sub="new")
    text = refusal(r)
    assert "option bestof is one of 3, 5, 7, not '4'" in text and "`gambling=on|off` (default off)" in text
    assert not w.service.tables
    r = await fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax", "options": "gambling=on"}, sub="new")
    assert "MetaX takes no table options" in refusal(r) and not w.service.tables
    r = await fake.slash(ANA, CHANNEL_ID, "table", {"game": "optiontest", "seats": 6}, sub="new")
    assert "(more with the table option mega=on)" in refusal(r) and not w.service.tables
    assert assert_all_within_limits(fake) > 0


async def test_the_options_autocomplete_offers_the_games_options(world):
    choices = await world.fake.autocomplete(ANA, CHANNEL_ID, "table", {"game": "optiontest", "options": "gambling=on b"},
                                            sub="new")
    values = [c["value"] for c in choices]
    assert values == ["gambling=on bestof=3", "gambling=on bestof=5", "gambling=on bestof=7"], values


async def test_MO_SET_09_10_team_names_and_colours_on_new_and_join(world):
    w, fake = world, world.fake
    lobby, tid = await new_lobby(w, team_name="Red Planet", colour="gold")
    t = w.service.get(tid)
    r = await fake.slash(BEN, CHANNEL_ID, "table", {"team_name": "Red Planet"}, sub="join")
    assert "already called Red Planet" in refusal(r) and t.seat_of(str(BEN)) is None
    r = await fake.slash(BEN, CHANNEL_ID, "table", {"colour": "gold"}, sub="join")
    assert "Gold is taken by Red Planet: choose one of the free colours: red, blue" in refusal(r)
    r = await fake.slash(BEN, CHANNEL_ID, "table", {"team_name": "Dust Bunnies", "colour": "teal"}, sub="join")
    await w.settle()
    assert "took seat 2 at table" in r.followups[0].content and "Dust Bunnies** (teal)" in r.followups[0].content
    r = await fake.slash(BEN, CHANNEL_ID, "table", {"colour": "blue"}, sub="join")  # seated: changes the colour
    await w.settle()
    assert "your team is **Dust Bunnies** (blue)" in r.followups[0].content
    lines = fake.messages[lobby.id].embeds[0]["description"].splitlines()
    assert "**Red Planet** (gold)" in lines[1] and "**Dust Bunnies** (blue)" in lines[2], lines
    await fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax"}, sub="new")
    other = next(x for x in w.service.tables if x != tid)
    r = await fake.slash(BEN, CHANNEL_ID, "table", {"team_name": "Comets", "table": other}, sub="join")
    assert "MetaX has no team names or colours" in refusal(r)
    assert assert_all_within_limits(fake) > 0


async def test_MO_OPT_06_team_up_both_managers_are_dmed_first_click_wins_second_is_stale(world):
    w, fake = world, world.fake
    lobby, tid = await new_lobby(w, options="teamup=on", seats=2)
    t = w.service.get(tid)
    r = await fake.slash(CY, CHANNEL_ID, "table", {"seat": 1}, sub="join")
    assert "You now manage seat 1" in r.followups[0].content
    await fake.click(BEN, lobby, f"mh:l:{tid}:join")
    await w.settle()
    assert f"with <@{CY}>" in fake.messages[lobby.id].embeds[0]["description"]
    notices = w.bot.front.notices
    await fake.click(ANA, lobby, f"mh:l:{tid}:start")
    await w.settle()
    ana, cy = latest_dm(w, ANA), latest_dm(w, CY)
    assert decision_buttons(w, ana) and decision_buttons(w, cy)  # both managers of seat 1 got its decision
    assert [c["custom_id"] for c in decision_buttons(w, ana)] == [c["custom_id"] for c in decision_buttons(w, cy)]
    assert w.bot.front.notices - notices == 2  # one new DM per manager of the deciding seat
    go, merge = button(w, cy, "Go"), button(w, ana, "Merge")
    r = await fake.click(CY, cy, go)  # the co-manager answers first
    await w.settle()
    assert r.type == 6 and t.state.active == 1
    assert not decision_buttons(w, latest_dm(w, ANA))  # Ana's DM no longer offers the answered decision
    r = await fake.click(ANA, ana, merge, force=True)  # her click on the same decision, from before: stale
    await w.settle()
    assert "Already decided: your team answered that decision" in refusal(r)
    assert t.state.active == 1 and not t.state.merged
    assert assert_all_within_limits(fake) > 0


async def test_MO_OPT_06_without_team_up_a_taken_seat_is_refused(world):
    w, fake = world, world.fake
    _lobby, tid = await new_lobby(w)
    r = await fake.slash(CY, CHANNEL_ID, "table", {"seat": 1}, sub="join")
    assert "Seat 1 is taken by" in refusal(r) and "Team Up" in refusal(r)
    assert w.service.get(tid).seat_of(str(CY)) is None


async def test_MO_OPT_06_co_managers_keep_their_dms_after_a_restart(fake, new_db):
    w = await World(fake, new_db("bot")).start()
    lobby, tid = await new_lobby(w, options="teamup=on", seats=2)
    await fake.slash(CY, CHANNEL_ID, "table", {"seat": 1}, sub="join")
    await fake.click(BEN, lobby, f"mh:l:{tid}:join")
    await fake.click(ANA, lobby, f"mh:l:{tid}:start")
    await w.settle()
    cy = latest_dm(w, CY)
    await w.stop()
    w = await World(fake, new_db("bot")).start()
    try:
        t = w.service.get(tid)
        assert t.managers(0) == [str(ANA), str(CY)]
        r = await fake.click(CY, cy, button(w, cy, "Go"))  # a button from before the restart
        await w.settle()
        assert r.type == 6 and t.state.active == 1
    finally:
        await w.stop()


async def test_MO_OPT_08_a_merged_teams_player_gets_the_acquiring_seats_decision(world):
    w, fake = world, world.fake
    lobby, tid = await new_lobby(w, seats=3)
    t = w.service.get(tid)
    await fake.click(BEN, lobby, f"mh:l:{tid}:join")
    await fake.click(CY, lobby, f"mh:l:{tid}:join")
    await fake.click(ANA, lobby, f"mh:l:{tid}:start")
    await w.settle()
    ana = latest_dm(w, ANA)
    await fake.click(ANA, ana, button(w, ana, "Merge"))  # seat 1 merges into seat 2
    await w.settle()
    ana, ben = latest_dm(w, ANA), latest_dm(w, BEN)
    assert decision_buttons(w, ana) and decision_buttons(w, ben)  # Ana answers Ben's seat too
    r = await fake.click(ANA, ana, button(w, ana, "Go"))
    await w.settle()
    assert r.type == 6 and t.state.active == 2
    assert not decision_buttons(w, latest_dm(w, ANA)) and not decision_buttons(w, latest_dm(w, BEN))
    assert assert_all_within_limits(fake) > 0


async def test_MO_SET_09_the_waiting_line_and_the_result_name_the_team_and_its_managers(world):
    """MO-SET-09, MO-OPT-06: at a game with team names the board's and the DMs' "Waiting for" lines and the
    result's winner line name the team, then every user who answers for it (a Team Up co-manager too) or the
    computer."""
    w, fake = world, world.fake
    lobby, tid = await new_lobby(w, options="teamup=on", seats=2, team_name="Red Planet")
    t = w.service.get(tid)
    await fake.slash(CY, CHANNEL_ID, "table", {"seat": 1}, sub="join")
    await fake.click(ANA, lobby, f"mh:l:{tid}:computer")
    await fake.click(ANA, lobby, f"mh:l:{tid}:start")
    await w.settle()
    board = next(m for c in fake.threads for m in fake.channel_messages(c) if "spectators" in m.text)
    assert f"Waiting for Red Planet · <@{ANA}>, <@{CY}> (turn" in board.text, board.text
    computer = t.team_name(1)
    assert computer and render.who(t, 1) == f"{computer} · Computer 1 (easy computer)"
    ana = latest_dm(w, ANA)
    await fake.click(ANA, ana, button(w, ana, "Win"))
    await w.settle()
    result = next(m for m in fake.messages.values() if m.embeds and "game over" in (m.embeds[0].get("title") or ""))
    assert f"Winner: Red Planet · <@{ANA}>, <@{CY}>" in result.embeds[0]["description"]
    assert assert_all_within_limits(fake) > 0

"""Team games on Discord (MEM-GAP-03): ``/table new teams:``, the lobby's team select and
``/table team``, the lobby showing each seat's team, allies seated apart at the start, a restart keeping the
teams, and the result naming every winner of the winning team; refusals are ephemeral and change nothing,
every interaction is acknowledged first, every reply fits Discord's limits. The game is the stand-in
tests/team_game.py (registered for these tests only), not Memesis."""

from __future__ import annotations

import pytest
import team_game

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_bot import refusal
from .world import World, stand_in_game

ANA, BEN, CY = 101, 102, 103


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    """The stand-in is a game for these tests only: in the registry and in `/table new`'s game choices (the
    command keeps the list object it was declared with)."""
    with stand_in_game(monkeypatch, team_game, "Team test", "teamtest"):
        yield


async def new_lobby(w: World, **options):
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "teamtest", **options}, sub="new")
    assert reply.type == 5 and not reply.ephemeral, reply.content  # deferred first, public lobby
    tid = next(t for t in w.service.tables)
    return reply.message, tid


def lobby_lines(msg) -> list[str]:
    return msg.embeds[0]["description"].splitlines()


async def test_MEM_GAP_03_a_2v2_lobby_shows_teams_and_starts_allies_apart(world):
    w, fake = world, world.fake
    lobby, tid = await new_lobby(w, teams="2v2")
    t = w.service.get(tid)
    assert t.max_seats == 4 and t.options["team_format"] == "2v2"
    assert "team A" in lobby_lines(lobby)[1]
    selects = [c for c in fake.components(lobby) if c.get("custom_id") == f"mh:t:{tid}"]
    assert [o["value"] for o in selects[0]["options"]] == ["A", "B"]  # two teams, not four
    r = await fake.click(BEN, lobby, f"mh:l:{tid}:join")
    assert r.type == 6
    for _ in range(2):
        await fake.click(ANA, lobby, f"mh:l:{tid}:computer")
    await w.settle()
    lines = lobby_lines(fake.messages[lobby.id])
    assert [line.rsplit("team ", 1)[1][0] for line in lines[1:5]] == ["A", "A", "B", "B"], lines
    assert "Teams: 2v2" in lines[5]
    assert "Decision timeout 300 s · response windows 30 s" in fake.messages[lobby.id].embeds[0]["footer"]["text"]
    r = await fake.click(ANA, lobby, f"mh:l:{tid}:start")
    await w.settle()
    assert r.type == 6 and t.status == "playing"
    assert [s.name for s in t.seats][0::2] == [t.seats[0].name, t.seats[2].name]
    assert [t.team_of(s) for s in range(4)] == ["A", "B", "A", "B"]
    assert t.seat_of(str(BEN)).seat == 2 and team_game.RECEIVED[-1]["teams"] == [0, 1, 0, 1]
    assert assert_all_within_limits(fake) > 0


async def test_MEM_GAP_03_the_team_select_and_team_command_change_teams(world):
    w, fake = world, world.fake
    lobby, tid = await new_lobby(w, seats=3)
    t = w.service.get(tid)
    await fake.click(BEN, lobby, f"mh:l:{tid}:join")
    await fake.click(ANA, lobby, f"mh:l:{tid}:computer")
    await w.settle()
    assert t.options["teams"] == [0, 1, 2]  # free teams: each seat its own until players choose
    rest_before = len(fake.rest)
    r = await fake.click(BEN, lobby, f"mh:t:{tid}", ["A"], component_type=3)
    assert r.type == 6 and any(c.kind == "edit" for c in r.calls)  # deferred update, then the lobby edited
    assert t.options["teams"] == [0, 0, 2]
    assert "team A" in lobby_lines(fake.messages[lobby.id])[2]
    select_rest = len(fake.rest) - rest_before
    rest_before = len(fake.rest)
    r = await fake.slash(ANA, CHANNEL_ID, "table", {"team": "B", "seat": 3}, sub="team")
    await w.settle()
    assert r.type == 5 and r.ephemeral and "Computer 1 (seat 3) is in team B" in refusal(r)
    assert t.options["teams"] == [0, 0, 1]
    assert "team B" in lobby_lines(fake.messages[lobby.id])[3]  # the front edited the lobby
    command_rest = len(fake.rest) - rest_before
    # like a lobby button, the select costs at most one REST call (the front's coalesced lobby edit); the
    # command's reply is an interaction followup, and the lobby is edited once by REST
    assert select_rest <= 1 and command_rest == 1
    assert assert_all_within_limits(fake) > 0


@pytest.mark.parametrize("options, text", [
    ({"team": "B"}, None),  # a valid letter, see below
    ({"team": "C"}, "'C' is not a team: choose one of A, B. Nothing was changed."),  # 2v2 is two
    ({"team": "E"}, "'E' is not a team: choose one of A, B. Nothing was changed."),
    ({"team": "B", "seat": 1}, "Seat 1 is not a computer seat"),
])
async def test_bad_team_input_is_refused_privately_and_changes_nothing(world, options, text):
    w, fake = world, world.fake
    lobby, tid = await new_lobby(w, teams="2v2")
    t = w.service.get(tid)
    before = list(t.options["teams"])
    r = await fake.slash(ANA, CHANNEL_ID, "table", options, sub="team")
    await w.settle()
    assert r.type == 5 and r.ephemeral
    if text is None:
        assert t.options["teams"] == [1]
        return
    assert text in refusal(r) and t.options["teams"] == before
    assert assert_all_within_limits(fake) > 0


async def test_team_refusals_for_games_without_teams_and_bad_formats(world):
    w, fake = world, world.fake
    r = await fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax", "teams": "1v1"}, sub="new")
    assert "MetaX has no teams: leave the teams option out" in refusal(r) and not w.service.tables
    r = await fake.slash(ANA, CHANNEL_ID, "table", {"game": "teamtest", "teams": "2v2", "seats": 3}, sub="new")
    assert "2v2 seats 4 players, but the table has 3 seats" in refusal(r) and not w.service.tables
    await fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax"}, sub="new")
    r = await fake.slash(ANA, CHANNEL_ID, "table", {"team": "A"}, sub="team")
    assert r.type == 5 and "MetaX has no teams" in refusal(r)
    lobby = next(m for m in fake.channel_messages(CHANNEL_ID) if m.embeds)
    assert not [c for c in fake.components(lobby) if c.get("custom_id", "").startswith("mh:t:")]
    assert "team" not in lobby.embeds[0]["description"].lower()
    assert assert_all_within_limits(fake) > 0


async def test_MEM_GAP_03_a_start_with_one_team_is_refused_with_what_to_do(world):
    w, fake = world, world.fake
    lobby, tid = await new_lobby(w, seats=2)
    await fake.click(BEN, lobby, f"mh:l:{tid}:join")
    await fake.click(BEN, lobby, f"mh:t:{tid}", ["A"], component_type=3)
    r = await fake.click(ANA, lobby, f"mh:l:{tid}:start")
    await w.settle()
    assert "at least two teams, and everyone is in team A" in refusal(r) and "/table team" in refusal(r)
    assert w.service.get(tid).status == "lobby"


async def test_MEM_GAP_03_teams_survive_a_restart_and_the_result_names_the_whole_team(fake, new_db):
    w = await World(fake, new_db("bot")).start()
    lobby, tid = await new_lobby(w, teams="2v2")
    await fake.click(BEN, lobby, f"mh:l:{tid}:join")
    await fake.click(ANA, lobby, f"mh:l:{tid}:computer")
    await fake.click(ANA, lobby, f"mh:l:{tid}:computer")
    await fake.click(ANA, lobby, f"mh:l:{tid}:start")
    await w.settle()
    await w.stop()
    w = await World(fake, new_db("bot")).start()
    try:
        t = w.service.get(tid)
        assert t.options["teams"] == [0, 1, 0, 1] and t.state.teams == [0, 1, 0, 1]
        await w.service.act(tid, str(ANA), t.version, "win")
        await w.settle()
        result = next(m for m in fake.messages.values()
                      if m.embeds and "game over" in (m.embeds[0].get("title") or ""))
        text = result.embeds[0]["description"]
        assert f"Winners (team A): <@{ANA}>, <@{BEN}>" in text, text
        seats = result.embeds[0]["fields"][0]["value"]
        assert f"3. <@{BEN}> · team A 🏆" in seats and "2. Computer 1 (easy computer) · team B" in seats, seats
    finally:
        await w.stop()

"""The lobby in players' words: a ``teams:2v2`` table offers two teams (its format's), not one per
seat, and ``/table team`` refuses the others; the lobby's seats, the join replies and ``/table list`` name each
deck by its name, never by its id. Team games are the stand-in tests/team_game.py."""

from __future__ import annotations

import pytest
import team_game

from games import get_game

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_bot import refusal
from .world import World, stand_in_game

ANA, BEN = 101, 102


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    with stand_in_game(monkeypatch, team_game, "Team test", "teamtest"):
        yield


async def lobby_of(w: World, **options):
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", options, sub="new")
    assert not reply.ephemeral, reply.content
    return reply.message, next(iter(w.service.tables))


def offered_teams(w: World, msg, tid: str) -> list[str]:
    select = next(c for c in w.fake.components(msg) if c.get("custom_id") == f"mh:t:{tid}")
    return [o["value"] for o in select["options"]]


@pytest.mark.parametrize("options, teams", [
    ({"teams": "2v2"}, ["A", "B"]),
    ({"teams": "1v3"}, ["A", "B"]),
    ({"teams": "1v1v2"}, ["A", "B", "C"]),
    ({"seats": 3}, ["A", "B", "C"]),  # free teams: one per seat until players choose
    ({"teams": "ffa", "seats": 4}, ["A", "B", "C", "D"]),
])
async def test_a_team_lobby_offers_its_formats_teams(world, options, teams):
    w = world
    lobby, tid = await lobby_of(w, game="teamtest", **options)
    assert offered_teams(w, lobby, tid) == teams
    await w.fake.click(BEN, lobby, f"mh:l:{tid}:join")
    await w.settle()
    assert offered_teams(w, w.fake.messages[lobby.id], tid) == teams  # the edited lobby too


async def test_a_2v2_table_refuses_a_third_team_and_changes_nothing(world):
    w = world
    lobby, tid = await lobby_of(w, game="teamtest", teams="2v2")
    t = w.service.get(tid)
    r = await w.fake.slash(ANA, CHANNEL_ID, "table", {"team": "C"}, sub="team")
    assert "'C' is not a team: choose one of A, B." in refusal(r) and t.options["teams"] == [0]
    r = await w.fake.click(ANA, lobby, f"mh:t:{tid}", ["D"], component_type=3, force=True)  # a crafted pick
    await w.settle()
    assert "choose one of A, B" in refusal(r) and t.options["teams"] == [0]
    assert assert_all_within_limits(w.fake) > 0


async def test_the_lobby_and_table_list_name_each_deck_not_its_id(world):
    w = world
    names = get_game("metax").starter_names()
    lobby, tid = await lobby_of(w, game="metax")
    t = w.service.get(tid)
    r = await w.fake.click(BEN, lobby, f"mh:l:{tid}:join")
    await w.settle()
    ids = [s.deck_id for s in t.seats]
    assert all(names[i] != i for i in ids)  # the starter decks have names that differ from their ids
    assert f"You took seat 2 with **{names[ids[1]]}**" in w.fake.text_of(r)
    text = w.fake.messages[lobby.id].embeds[0]["description"]
    assert all(f"deck {names[i]}" in text and i not in text for i in ids), text
    r = await w.fake.slash(BEN, CHANNEL_ID, "table", {}, sub="list")
    assert all(f"({names[i]})" in r.content and i not in r.content for i in ids), r.content
    other = next(i for i in names if i not in ids)
    r = await w.fake.slash(BEN, CHANNEL_ID, "table", {"deck": other}, sub="join")
    assert f"you now bring **{names[other]}**" in refusal(r)  # an ephemeral reply, as refusals are
    assert assert_all_within_limits(w.fake) > 0

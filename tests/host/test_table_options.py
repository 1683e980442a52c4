"""What Meta Olympia needs of the host, built for any game: a game's own table options
(``Game.table_options``: parsed, refused with the game's options listed, stored, kept by a restart and a
rematch, passed to ``new_game``), the seat limit they set (``Game.seat_limit``, MO-OPT-05), team names and
colours (``Game.has_team_names``, MO-SET-09/10), Team Up (several users on one seat, MO-OPT-06) and a merged
team's co-managing (``Game.managed_by``, MO-OPT-08). The game is the stand-in tests/option_game.py."""

from __future__ import annotations

import option_game
import pytest

from bot.host import (
    PALETTE,
    TEAMUP,
    Listener,
    TableError,
    TableService,
    option_key,
    parse_table_options,
    token_for,
)
from bot.host.options import HOST_OPTIONS
from bot.store import Store
from games import game_ids, get_game


class Recorder(Listener):
    def __init__(self):
        self.views: list[dict] = []

    async def game_changed(self, table, events, views):
        self.views.append(views)


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    option_game.register(monkeypatch)


async def lobby(svc, options=None, **kw):
    return await svc.create("optiontest", "chan-1", "u1", "Ana", seed=5, table_options=options, **kw)


# -- table options


async def test_good_options_are_stored_without_defaults_and_reach_new_game(svc):
    t = await lobby(svc, "gambling=on bestof=5 mega=off")
    assert t.game_options == {"gambling": True, "bestof": 5}
    assert "mega" not in t.options and "teamup" not in t.options
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    got = option_game.RECEIVED[-1]
    assert got["gambling"] is True and got["bestof"] == 5 and "mega" not in got


async def test_options_come_as_one_text_or_repeated_words_with_any_case_and_commas(svc):
    game = get_game("optiontest")
    assert parse_table_options(game, ["Gambling=ON", "bestof=7"]) == {"gambling": True, "bestof": 7}
    assert parse_table_options(game, "gambling=yes, bestof=3") == {"gambling": True}  # 3 is the default
    assert parse_table_options(game, None) == {} and parse_table_options(game, "  ") == {}


@pytest.mark.parametrize("words, what", [
    ("gambling=maybe", "option gambling is on or off, not 'maybe'"),
    ("bestof=4", "option bestof is one of 3, 5, 7, not '4'"),
    ("colour=red", "Option test has no option 'colour'"),
    ("gambling", "'gambling' is not key=value"),
    ("gambling=on gambling=off", "option gambling is given twice"),
])
async def test_bad_options_are_refused_with_the_games_options_and_nothing_is_created(svc, store, words, what):
    with pytest.raises(TableError) as err:
        await lobby(svc, words)
    assert err.value.code == "bad_option"
    text = err.value.message
    assert what in text and "Nothing was changed" in text
    assert "`bestof=3|5|7` (default 3): the final's best-of length (MO-FIN-01)" in text  # the options listed
    assert "`gambling=on|off` (default off)" in text
    assert not svc.tables and await store.load_tables() == []


async def test_a_game_without_options_refuses_them(svc, store):
    with pytest.raises(TableError) as err:
        await svc.create("metax", "chan-1", "u1", "Ana", table_options="gambling=on")
    assert err.value.code == "bad_option" and "MetaX takes no table options" in err.value.message
    assert not svc.tables


@pytest.mark.backends
async def test_options_survive_a_restart_and_a_rematch_keeps_them(store, clock, db_url):
    svc = TableService(store, clock=clock, computer_delay=0)
    t = await lobby(svc, "gambling=on bestof=7 mega=on")
    await svc.join(t.id, "u2", "Ben")
    await store.close()
    store2 = await Store.open(db_url)
    try:
        svc2 = TableService(store2, clock=clock, computer_delay=0)
        await svc2.load()
        again = svc2.get(t.id)
        assert again.game_options == {"gambling": True, "bestof": 7, "mega": True} and again.max_seats == 8
        await svc2.start(t.id, "u1")
        await svc2.act(t.id, "u1", again.version, "win")
        assert again.status == "finished"
        await svc2.rematch(t.id, "u1")
        r = await svc2.rematch(t.id, "u2")
        assert r.started and r.table.game_options == {"gambling": True, "bestof": 7, "mega": True}
        assert option_game.RECEIVED[-1]["bestof"] == 7
        assert r.table.options["team_names"] == again.options["team_names"]
        assert r.table.options["colours"] == again.options["colours"]
    finally:
        await store2.close()


# -- the seat limit (Game.seat_limit, MO-OPT-05)


async def test_MO_OPT_05_the_seat_limit_follows_the_options(svc):
    t = await lobby(svc)
    assert t.max_seats == 4  # 4 without Mega League
    for n in range(3):
        await svc.join(t.id, f"v{n}", f"P{n}")
    with pytest.raises(TableError) as err:
        await svc.add_computer(t.id, "u1")
    assert err.value.code == "full"
    with pytest.raises(TableError) as err:
        await lobby(svc, seats=6)
    assert err.value.code == "bad_seats"
    assert "played by 2–4 players (more with the table option mega=on), not 6" in err.value.message
    mega = await lobby(svc, "mega=on", seats=6)
    assert mega.max_seats == 6
    assert (await lobby(svc, "mega=on")).max_seats == 8


# -- team names and colours (MO-SET-09/10)


async def test_MO_SET_09_10_generated_team_names_and_colours_are_distinct_and_reach_new_game(svc):
    t = await lobby(svc)
    await svc.join(t.id, "u2", "Ben")
    await svc.add_computer(t.id, "u1")
    names, colours = t.options["team_names"], t.options["colours"]
    gen = t.game.team_name
    assert names == [gen(5, 0, []), gen(5, 1, names[:1]), gen(5, 2, names[:2])]
    assert len(set(names)) == 3 and all(" " in n for n in names)  # "<Martian place> <Noun>s"
    assert colours == ["red", "blue", "green"]
    assert t.team_name(2) == names[2] and t.colour(2) == "green"  # a computer seat is named too
    await svc.start(t.id, "u1")
    got = option_game.RECEIVED[-1]
    assert got["team_names"] == names and got["colours"] == colours


async def test_MO_SET_09_10_chosen_names_and_colours_and_a_leaving_seat(svc):
    t = await lobby(svc, team_name="  Red   Planet  ", colour="Gold")
    assert t.team_name(0) == "Red Planet" and t.colour(0) == "gold"
    await svc.join(t.id, "u2", "Ben", team_name="Dust Bunnies")
    await svc.join(t.id, "u3", "Cy", colour="violet")
    assert t.options["colours"] == ["gold", "red", "violet"]  # Ben: the first free colour
    seat = await svc.choose_team_name(t.id, "u2", "Sand Storm", "teal")
    assert seat.seat == 1 and t.team_name(1) == "Sand Storm" and t.colour(1) == "teal"
    cy = t.team_name(2)
    await svc.leave(t.id, "u2")  # the names and colours follow the seats
    assert t.options["team_names"] == ["Red Planet", cy] and t.options["colours"] == ["gold", "violet"]


async def test_MO_SET_10_a_chosen_colour_and_the_next_default(svc):
    t = await lobby(svc)
    await svc.join(t.id, "u2", "Ben", colour="green")
    assert t.options["colours"] == ["red", "green"]
    await svc.add_computer(t.id, "u1")
    assert t.options["colours"] == ["red", "green", "blue"]  # the first free one


@pytest.mark.parametrize("kw, code, text", [
    ({"team_name": ""}, "bad_team_name", "A team name is 1 to 32 printable characters, not ''"),
    ({"team_name": "x" * 33}, "bad_team_name", "1 to 32 printable characters"),
    ({"team_name": "Bad\x07Bell"}, "bad_team_name", "printable"),
    ({"team_name": "red planet"}, "bad_team_name", "already called red planet"),
    ({"colour": "pink"}, "bad_colour", "'pink' is not a team colour: choose one of the free ones: red, blue, green, violet"),
    ({"colour": "gold"}, "colour_taken", "Gold is taken by Red Planet: choose one of the free colours: red, blue"),
])
async def test_MO_SET_09_10_bad_names_and_colours_are_refused_and_change_nothing(svc, store, kw, code, text):
    t = await lobby(svc, team_name="Red Planet", colour="gold")
    before_options, before_seats = dict(t.options), len(t.seats)
    with pytest.raises(TableError) as err:
        await svc.join(t.id, "u2", "Ben", **kw)
    assert err.value.code == code and text in err.value.message and "Nothing was changed" in err.value.message
    assert t.options == before_options and len(t.seats) == before_seats
    assert (await store.load_tables(table_id=t.id))[0].options == before_options


async def test_team_names_are_refused_for_a_game_without_them(svc):
    with pytest.raises(TableError) as err:
        await svc.create("metax", "chan-1", "u1", "Ana", team_name="Comets")
    assert "MetaX has no team names or colours" in err.value.message
    t = await svc.create("metax", "chan-1", "u1", "Ana")
    with pytest.raises(TableError) as err:
        await svc.join(t.id, "u2", "Ben", colour="red")
    assert err.value.code == "bad_option" and t.seat_of("u2") is None
    assert "team_names" not in t.options and "colours" not in t.options


# -- Team Up (MO-OPT-06)


async def teamup(svc):
    """u1 and u3 manage seat 1, u2 plays seat 2; started."""
    t = await lobby(svc, "teamup=on")
    await svc.join(t.id, "u2", "Ben")
    seat = await svc.join(t.id, "u3", "Cy", seat=0)
    assert seat.seat == 0 and len(t.seats) == 2
    await svc.start(t.id, "u1")
    return t


async def test_MO_OPT_06_without_team_up_a_taken_seat_is_refused(svc):
    t = await lobby(svc)
    with pytest.raises(TableError) as err:
        await svc.join(t.id, "u3", "Cy", seat=0)
    assert err.value.code == "seat_taken" and "Team Up (`options:teamup=on`)" in err.value.message
    assert t.seat_of("u3") is None and "co_managers" not in t.options


async def test_MO_OPT_06_co_manager_refusals(svc):
    t = await lobby(svc, "teamup=on")
    await svc.add_computer(t.id, "u1")
    with pytest.raises(TableError) as err:
        await svc.join(t.id, "u2", "Ben", seat=1)
    assert err.value.code == "forbidden" and "computer seat" in err.value.message
    with pytest.raises(TableError) as err:
        await svc.join(t.id, "u1", "Ana", seat=0)
    assert err.value.code == "already_seated"
    with pytest.raises(TableError) as err:
        await svc.join(t.id, "u2", "Ben", seat=0, team_name="Mine")
    assert err.value.code == "bad_option"
    assert t.options["co_managers"] == [[], []]


async def test_MO_OPT_06_two_users_answer_one_seat_first_answer_wins(svc):
    t = await teamup(svc)
    assert t.seat_of("u3").seat == 0 and t.managers(0) == ["u1", "u3"] and t.deciders(0) == ["u1", "u3"]
    assert svc.view(t.id, "u3").decisions[0].seat == 0  # the co-manager sees the seat's private view
    decision = t.game.decisions(t.state)[0]
    token = token_for(t, decision)
    await svc.act_option(t.id, "u3", token, option_key("go"))  # the co-manager answers first
    assert t.state.active == 1
    with pytest.raises(TableError) as err:  # the other manager's click on the same decision is stale
        await svc.act_option(t.id, "u1", token, option_key("merge"))
    assert err.value.code == "decided" and "Already decided: your team answered that decision" in err.value.message
    with pytest.raises(TableError) as err:
        await svc.act_option(t.id, "u1", token, option_key("go"))
    assert err.value.code == "duplicate"
    assert t.state.active == 1 and "0" not in t.state.merged


@pytest.mark.backends
async def test_MO_OPT_06_co_managers_survive_a_restart_share_the_result_and_leave(store, clock, db_url):
    svc = TableService(store, clock=clock, computer_delay=0)
    t = await lobby(svc, "teamup=on")
    await svc.join(t.id, "u2", "Ben")
    await svc.join(t.id, "u3", "Cy", seat=0)
    await svc.join(t.id, "u4", "Di", seat=0)
    await svc.leave(t.id, "u4")  # a co-manager leaves: the seat stays
    assert t.managers(0) == ["u1", "u3"]
    await store.close()
    store2 = await Store.open(db_url)
    try:
        svc2 = TableService(store2, clock=clock, computer_delay=0)
        await svc2.load()
        again = svc2.get(t.id)
        assert again.managers(0) == ["u1", "u3"] and again.teamup
        await svc2.start(t.id, "u3")
        await svc2.act(t.id, "u3", again.version, "win")
        assert again.status == "finished"
        assert await store2.stats("u3", "optiontest") == [("optiontest", 1, 1, 0, 0)]
        assert await store2.stats("u1", "optiontest") == [("optiontest", 1, 1, 0, 0)]
    finally:
        await store2.close()


async def test_MO_OPT_06_the_first_player_leaving_hands_the_seat_to_a_co_manager(svc):
    t = await lobby(svc, "teamup=on")
    await svc.join(t.id, "u2", "Ben")
    await svc.join(t.id, "u3", "Cy", seat=1)
    await svc.leave(t.id, "u2")
    assert len(t.seats) == 2 and t.seats[1].user_id == "u3" and t.seats[1].name == "Cy"
    assert t.managers(1) == ["u3"]


# -- a merged team's co-managing (Game.managed_by, MO-OPT-08)


async def test_MO_OPT_08_a_merged_seat_answers_the_acquiring_seats_decisions(svc):
    t = await lobby(svc)
    await svc.join(t.id, "u2", "Ben")
    await svc.join(t.id, "u3", "Cy")
    await svc.start(t.id, "u1")
    await svc.act(t.id, "u1", t.version, "merge")  # seat 0 merges into seat 1
    assert t.answers_for(0) == 1 and t.deciders(1) == ["u1", "u2"] and t.deciders(0) == []
    assert svc.view(t.id, "u1").viewer == 1  # u1 gets seat 1's private view
    assert 1 in svc.rec.views[-1]
    token = token_for(t, t.game.decisions(t.state)[0])
    await svc.act_option(t.id, "u1", token, option_key("go"))  # u1 answers seat 1's decision
    assert t.state.active == 2
    with pytest.raises(TableError) as err:
        await svc.act_option(t.id, "u2", token, option_key("go"))
    assert err.value.code in ("duplicate", "decided")
    await svc.act(t.id, "u3", t.version, "go")  # back to seat 1 (seat 0 is skipped)
    await svc.act_index(t.id, "u2", t.version, 1)  # its own player still answers too: win
    assert t.status == "finished" and t.game.result(t.state).winners == (1,)


async def test_managed_by_identity_changes_nothing_for_other_games(svc):
    t = await svc.create("metax", "chan-1", "u1", "Ana", seed=3)
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    assert [t.answers_for(s) for s in range(2)] == [0, 1] and t.deciders(0) == ["u1"]
    assert t.slots() == [(0, "u1"), (1, "u2")] and PALETTE[0] == "red"


@pytest.mark.parametrize("game_id", game_ids() + ["optiontest"])
def test_no_game_declares_an_option_the_host_sets_itself(game_id):
    """A game's table option must not overwrite what the host stores in the same options."""
    game = get_game(game_id)
    for o in game.table_options:
        assert o.key not in HOST_OPTIONS, f"{game.name}'s option {o.key} is one the host sets"
        assert o.key != TEAMUP or o.kind == "bool"
        o.parse(str(o.default).lower() if o.kind != "bool" else ("on" if o.default else "off"))  # its default parses

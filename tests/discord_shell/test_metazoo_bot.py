"""MetaZoo on Discord through the network-free harness: a whole game played by
clicks with no hidden Page ever in the channel (MZ-CORE-08, MZ-TRAP-11) and every request within Discord's
limits; ``/surroundings`` and ``/settings location`` with bad input refused; a table in *derived* mode with a
fixed fake clock and place."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from bot.host import Listener
from games.core.rng import Rng
from games.metazoo.rules.sky import TERRA_BONUSES

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_bot import ANA, BEN, click_decision, decision_buttons, latest_dm, refusal
from .test_turns import open_seeded_table
from .world import World

OSLO = "Oslo, 59.91, 10.75, Europe/Oslo"
WINTER_NIGHT = dt.datetime(2026, 12, 22, 20, 30, tzinfo=dt.UTC).timestamp()  # after sunset in Oslo


class FixedClock:
    """The table service's clock, standing still at ``t`` (epoch seconds) unless a test moves it."""

    def __init__(self, t: float):
        self.t = t

    def now(self) -> float:
        return self.t


class PublicLog(Listener):
    """Every public event text told so far: a Page named there is public knowledge from then on."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def game_changed(self, table, events, views) -> None:
        self.texts += [e.text for e in events if e.audience is None]


def hidden_names(t, public_log: str) -> set[str]:
    """Names of Pages in a Chapter or face-down now that nothing public names (not the public board, not a
    public log line so far): they must not appear in any channel message."""
    board = json.dumps(t.game.view(t.state, None).board, ensure_ascii=False)
    out: set[str] = set()
    for seat in range(len(t.seats)):
        private = t.game.view(t.state, seat).private
        names = [c["name"] for c in private["chapter"]]
        names += [f["name"] for f in private["face_down"]] + [u["name"] for u in private["under"]]
        out |= {n for n in names if n not in board and n not in public_log}
    return out


def channel_text(w: World) -> str:
    """Every message in the channel and the table's thread, as the members see it now."""
    places = [CHANNEL_ID, *w.fake.threads]
    return "\n".join(w.fake.text_of(m) for c in places for m in w.fake.channel_messages(c))


@pytest.mark.slow
async def test_a_whole_metazoo_game_through_discord_leaks_no_hidden_page(world):
    """MZ-CORE-08, MZ-TRAP-11: two players play a MetaZoo game to its end by clicking in
    their DMs; after every click, no Page in a Chapter or face-down (that nothing public names) appears in
    the channel or the thread, every request fits Discord's limits, and the result is posted."""
    w = world
    log = PublicLog()
    w.service.listeners.append(log)
    table_id = await open_seeded_table(w, "metazoo", (ANA, BEN), 5)
    t = w.service.get(table_id)
    assert t.status == "playing" and t.game.id == "metazoo"
    rng = Rng.from_seed(5)
    clicks = checked = 0
    while t.status == "playing" and clicks < 3000:
        users = [u for u in (ANA, BEN) if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        assert users, "nobody has a decision to click but the game is not over"
        user = users[rng.below(len(users))]
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        clicks += 1
        if t.status == "playing":
            hidden = hidden_names(t, "\n".join(log.texts))
            seen = channel_text(w)
            leaked = sorted(n for n in hidden if n in seen)
            assert not leaked, f"hidden Pages in the channel after click {clicks}: {leaked}"
            checked += len(hidden)
    assert t.status == "finished" and clicks > 20 and checked > 100
    assert (await w.store.result(table_id)) is not None
    assert assert_all_within_limits(w.fake) > clicks
    thread = next(iter(w.fake.threads))
    assert any("game over" in w.fake.text_of(m) for m in w.fake.channel_messages(thread))


async def test_surroundings_set_show_and_clear_with_bad_input_refused(world):
    """``/surroundings``: a bad place, weather or place text is refused with what would be
    right, and changes nothing; a good profile is stored and shown with the sky derived at the bot's clock
    (each of the 24 Terra Bonuses with its basis); ``clear`` forgets it."""
    w = world
    fake = w.fake
    w.service.clock = FixedClock(WINTER_NIGHT)
    bad = await fake.slash(ANA, CHANNEL_ID, "surroundings", {"places": "Forest, Volcano"}, sub="set")
    text = refusal(bad)
    assert "Volcano" in text and "choose from" in text and "Nothing was changed" in text
    bad = await fake.slash(ANA, CHANNEL_ID, "surroundings", {"weather": "Sunny"}, sub="set")
    assert "Sunny" in refusal(bad) and "Raining" in refusal(bad)
    bad = await fake.slash(ANA, CHANNEL_ID, "surroundings", {"place": "Oslo, north, 10.75, Europe/Oslo"}, sub="set")
    assert "latitude and longitude must be numbers" in refusal(bad) and OSLO in refusal(bad)
    bad = await fake.slash(ANA, CHANNEL_ID, "surroundings", {"place": "Oslo, 59.91, 10.75, Mars/Olympus"}, sub="set")
    assert "unknown timezone" in refusal(bad)
    empty = await fake.slash(ANA, CHANNEL_ID, "surroundings", {}, sub="set")
    assert "at least one of" in refusal(empty)
    assert await w.store.surroundings_of(str(ANA)) is None

    shown = await fake.slash(ANA, CHANNEL_ID, "surroundings", {}, sub="show")
    assert "no surroundings profile" in shown.text and "cannot read the sky" in shown.text

    ok = await fake.slash(ANA, CHANNEL_ID, "surroundings",
                          {"places": "forest, lake", "weather": "raining", "objects": "train", "place": OSLO},
                          sub="set")
    assert ok.ephemeral and "saved" in ok.text
    stored = await w.store.surroundings_of(str(ANA))
    assert stored["places"] == ["Forest", "Lake"] and stored["weather"] == ["Raining"]
    assert stored["objects"] == ["train"] and stored["place"]["name"] == "Oslo"
    assert "2026-12-22 20:30 UTC" in ok.text and "Nighttime" in ok.text and "sunset" in ok.text
    assert all(name in ok.text for name in TERRA_BONUSES)  # each of the 24 Terra Bonuses is surveyed
    assert "Around you:** Forest, Lake, Raining" in ok.text and "Meteor Shower" in ok.text

    kept = await fake.slash(ANA, CHANNEL_ID, "surroundings", {"weather": "Snowing"}, sub="set")
    assert "saved" in kept.text
    stored = await w.store.surroundings_of(str(ANA))
    assert stored["weather"] == ["Snowing"] and stored["places"] == ["Forest", "Lake"]  # the rest is kept

    gone = await fake.slash(ANA, CHANNEL_ID, "surroundings", {}, sub="clear")
    assert "cleared" in gone.text and await w.store.surroundings_of(str(ANA)) is None
    again = await fake.slash(ANA, CHANNEL_ID, "surroundings", {}, sub="clear")
    assert "nothing to clear" in again.text
    assert assert_all_within_limits(fake) >= 1


async def test_settings_location_admins_only_and_bad_input_refused(world):
    """``/settings location``: Manage Server only (BEN is a plain member); a bad place is
    refused saying what is expected; the location is stored per server, shown to anyone, and cleared."""
    w = world
    fake = w.fake
    no = await fake.slash(BEN, CHANNEL_ID, "settings", {"place": OSLO}, sub="location")
    assert "Manage Server" in refusal(no)
    assert await w.store.location_of(str(fake.guild_id)) is None
    bad = await fake.slash(ANA, CHANNEL_ID, "settings", {"place": "Oslo, 95, 10.75, Europe/Oslo"}, sub="location")
    assert "latitude" in refusal(bad) and "out of range" in refusal(bad) and "Nothing was changed" in refusal(bad)
    bad = await fake.slash(ANA, CHANNEL_ID, "settings", {"place": "Oslo"}, sub="location")
    assert "name, latitude, longitude, timezone" in refusal(bad)
    ok = await fake.slash(ANA, CHANNEL_ID, "settings", {"place": OSLO}, sub="location")
    assert "Oslo (59.91, 10.75, Europe/Oslo)" in ok.text
    assert (await w.store.location_of(str(fake.guild_id)))["timezone"] == "Europe/Oslo"
    shown = await fake.slash(BEN, CHANNEL_ID, "settings", {}, sub="location")
    assert "Oslo" in shown.text
    cleared = await fake.slash(ANA, CHANNEL_ID, "settings", {"clear": True}, sub="location")
    assert "no location" in cleared.text and await w.store.location_of(str(fake.guild_id)) is None


async def test_surroundings_option_is_refused_for_a_game_without_4th_wall_effects(world):
    """MZ-WALL-04 is MetaZoo's: ``/table new game:metax surroundings:derived`` is refused, nothing opens."""
    reply = await world.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax", "surroundings": "derived"}, sub="new")
    assert "no 4th Wall effects" in refusal(reply) and not world.service.tables


async def test_a_derived_table_without_any_place_refuses_to_start_clearly(world):
    """A derived MetaZoo table with no server location and no player place says how to set one."""
    w = world
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metazoo", "surroundings": "derived"}, sub="new")
    assert "surroundings derived" in w.fake.text_of(reply.message)  # the lobby says the mode
    table_id = next(iter(w.service.tables))
    await w.fake.click(BEN, reply.message, f"mh:l:{table_id}:join")
    start = await w.fake.click(ANA, reply.message, f"mh:l:{table_id}:start")
    await w.settle()
    assert "/settings location" in refusal(start) and "/surroundings" in refusal(start)
    assert w.service.get(table_id).status == "lobby"


async def open_derived(w: World) -> str:
    await w.fake.slash(ANA, CHANNEL_ID, "settings", {"place": OSLO}, sub="location")
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metazoo", "surroundings": "derived"}, sub="new")
    table_id = next(iter(w.service.tables))
    await w.fake.click(BEN, reply.message, f"mh:l:{table_id}:join")
    await w.fake.click(ANA, reply.message, f"mh:l:{table_id}:start")
    await w.settle()
    return table_id


@pytest.fixture
async def derived_world(fake, new_db):
    w = await World(fake, new_db("bot"), clock=FixedClock(WINTER_NIGHT)).start()
    yield w
    await w.stop()


async def test_a_derived_table_gets_the_server_place_and_the_fixed_clock(derived_world):
    """Host plumbing of derived mode: the start passes the server's location and the fixed clock to
    ``new_game``, and each choice is logged with the clock's instant (what the engine observes)."""
    w = derived_world
    table_id = await open_derived(w)
    t = w.service.get(table_id)
    assert t.status == "playing"
    assert t.options["surroundings"] == "derived" and t.options["clock"] == WINTER_NIGHT
    assert t.options["place"] == {"name": "Oslo", "latitude": 59.91, "longitude": 10.75, "timezone": "Europe/Oslo"}
    user = next(u for u in (ANA, BEN) if latest_dm(w, u) and decision_buttons(w, latest_dm(w, u)))
    await click_decision(w, user, latest_dm(w, user), Rng.from_seed(1))
    await w.settle()
    assert [r[3] for r in await w.store.actions(table_id, timed=True)] == [WINTER_NIGHT]


@pytest.mark.slow
async def test_a_whole_derived_game_through_discord_reads_the_fixed_clock(derived_world):
    """A game in *derived* mode with a fixed clock, played to the end through the
    harness; the board says derived mode and the clock's instant."""
    w = derived_world
    table_id = await open_derived(w)
    t = w.service.get(table_id)
    sky = t.game.view(t.state, None).board.get("sky")
    assert sky is not None and sky["mode"] == "derived" and sky["instant"] == "2026-12-22T20:30Z"
    rng = Rng.from_seed(2)
    clicks = 0
    while t.status == "playing" and clicks < 3000:
        users = [u for u in (ANA, BEN) if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        user = users[rng.below(len(users))]
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        clicks += 1
    assert t.status == "finished"
    assert t.game.view(t.state, None).board["sky"]["mode"] == "derived"

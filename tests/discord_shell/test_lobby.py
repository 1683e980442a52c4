"""The lobby through the Discord harness: a storm of concurrent lobby clicks and
Start presses gives exactly one game with consistent seats, a clean audit and a quiet timer; after the
start every lobby control answers "the game has started" and changes nothing; a lobby survives a
restart; the per-user table limit is refused with the tables to finish or cancel."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.audit import audit
from bot.decks import DeckService
from bot.host import Listener, TableService
from bot.shell.app import MetaBot
from bot.store import Store
from games import get_game
from games.core.rng import Rng

from .harness import CHANNEL_ID, MEMBER_IDS
from .test_bot import refusal
from .world import World, settings

HOST = MEMBER_IDS[0]
PLAYERS = tuple(range(201, 211))  # ten more members who crowd the lobby
STORM_TIMEOUT = 120.0  # real seconds a click may wait for the others (never reached; settle's limit)


class FakeClock:
    def __init__(self):
        self.t = 1_000_000.0

    def now(self) -> float:
        return self.t


class Starts(Listener):
    """Counts game starts: the intro is the only ``game_changed`` sent before any choice is logged."""

    def __init__(self):
        self.intros = 0
        self.playing = 0

    async def lobby_changed(self, table):
        self.playing += table.status == "playing"

    async def game_changed(self, table, events, views):
        self.intros += table.seq == 0


class CrowdWorld(World):
    """The world of the other shell tests with ten more server members."""

    async def start(self) -> CrowdWorld:
        self.store = await Store.open(self.path)
        self.service = TableService(self.store, computer_delay=0, clock=self.clock)
        await self.service.load()
        self.bot = MetaBot(self.service, self.store, settings(**self.over), sync=False, tick=None)
        await self.fake.boot(self.bot, members=(*MEMBER_IDS, *PLAYERS))
        return self


@pytest.fixture
async def crowd(fake, new_db):
    w = await CrowdWorld(fake, new_db("bot"), clock=FakeClock()).start()
    w.starts = Starts()
    w.service.listeners.append(w.starts)
    yield w
    await w.stop()


async def open_lobby(w: World, game: str = "meta", seats: int = 6):
    reply = await w.fake.slash(HOST, CHANNEL_ID, "table", {"game": game, "seats": seats}, sub="new")
    assert not reply.ephemeral, reply.content
    return reply.message, reply.message.embeds[0]["title"].split()[-1]


def seat_rows(t) -> list[tuple]:
    return [(s.seat, s.user_id, s.computer, s.deck_id, tuple(s.deck)) for s in t.seats]


def assert_consistent(t) -> None:
    """Seats numbered 0..n-1, one seat per human user, at most ``max_seats``, and (once started) a game
    with exactly one player per seat."""
    assert [s.seat for s in t.seats] == list(range(len(t.seats)))
    humans = [s.user_id for s in t.seats if not s.computer]
    assert len(humans) == len(set(humans)), humans
    assert len(t.seats) <= t.max_seats
    if t.state is not None:
        assert len(t.game.view(t.state, None).board["players"]) == len(t.seats)


def logged_errors(caplog) -> list[str]:
    """Errors logged meanwhile: a refusal turned into "Something went wrong", a task that raised."""
    return [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
async def test_a_hundred_concurrent_lobby_clicks_start_exactly_one_consistent_game(crowd, caplog, seed):
    """Joins, leaves, computers, deck choices (saved decks too, by select and by `/table join deck:`) and
    Starts, 100 at once from eleven users: one game (one intro, one `playing`, one thread with one board),
    seats consistent with the game, a clean audit, every click acknowledged (lobby buttons first with a
    deferred update) and a timer loop that ticks quietly."""
    caplog.set_level(logging.ERROR)
    w, fake = crowd, crowd.fake
    rng = Rng.from_seed(seed)
    decks = DeckService(w.store)
    starter = sorted(get_game("meta").starter_decks())
    saved = {}
    for i, user in enumerate(PLAYERS):
        deck = await decks.copy(str(user), f"starter:meta:{starter[i % len(starter)]}", "Mine")
        saved[user] = f"saved:{deck.id}"
    lobby, tid = await open_lobby(w)
    t = w.service.get(tid)
    # Every player gets the deck select once (Join, then Leave), as a player who joined earlier would.
    selects = {}
    for user in PLAYERS:
        r = await fake.click(user, lobby, f"mh:l:{tid}:join")
        selects[user] = r.followups[-1]
        await fake.click(user, lobby, f"mh:l:{tid}:leave")
    await fake.click(PLAYERS[0], lobby, f"mh:l:{tid}:join")
    await w.settle()

    clicks, kinds = [], []
    for _ in range(100):
        user = PLAYERS[rng.below(len(PLAYERS))] if rng.below(6) else HOST
        kind = ["join", "leave", "computer", "start", "select", "slash_join", "slash_start"][rng.below(7)]
        if kind in ("select", "slash_join") and user == HOST:
            kind = "start"
        kinds.append(kind)
        if kind in ("join", "leave", "computer", "start"):
            # force: the user's client still shows the lobby as it was when they clicked
            clicks.append(fake.click(user, lobby, f"mh:l:{tid}:{kind}", force=True, timeout=STORM_TIMEOUT))
        elif kind == "select":
            value = saved[user] if rng.below(2) else starter[rng.below(len(starter))]
            clicks.append(fake.click(user, selects[user], f"mh:k:{tid}", [value], component_type=3, force=True,
                                     timeout=STORM_TIMEOUT))
        elif kind == "slash_join":
            clicks.append(fake.slash(user, CHANNEL_ID, "table", {"deck": saved[user], "table": tid}, sub="join",
                                     timeout=STORM_TIMEOUT))
        else:
            clicks.append(fake.slash(user, CHANNEL_ID, "table", {"table": tid}, sub="start", timeout=STORM_TIMEOUT))
    replies = await asyncio.gather(*clicks)
    await w.settle()

    assert t.status == "playing", "a Start came after two seats were filled"
    assert (w.starts.intros, w.starts.playing) == (1, 1)
    assert len(fake.threads) == 1
    thread = next(iter(fake.threads))
    boards = [m for m in fake.channel_messages(thread) if m.embeds and m.embeds[0]["title"] == f"Meta · table {tid}"]
    assert len(boards) == 1
    assert_consistent(t)
    stored = (await w.store.load_tables(table_id=tid))[0]
    assert [(s.seat, s.user_id, s.deck_id) for s in stored.seats] == [(s.seat, s.user_id, s.deck_id) for s in t.seats]
    for kind, r in zip(kinds, replies, strict=True):
        assert r.acknowledged, (kind, r)
        if kind in ("join", "leave", "computer", "start", "select"):
            assert r.calls[0].kind == "callback" and r.type == 6, (kind, r)  # deferred update, first
    # Refusals and deck selects are ephemeral; nothing failed ("Something went wrong").
    assert all(m.ephemeral for r in replies for m in r.followups)
    assert all(r.ephemeral for kind, r in zip(kinds, replies, strict=True) if kind.startswith("slash"))
    assert not [m.content for r in replies for m in r.messages if "Something went wrong" in m.content]
    assert any("The game has started" in m.content for r in replies for m in r.messages)

    for _ in range(3):
        w.clock.t += t.timeout + 1
        await w.service.tick()
        await w.settle()
    assert all(f.ok for f in await audit(w.store)), await audit(w.store)
    assert not logged_errors(caplog)


async def test_after_the_start_lobby_controls_say_the_game_has_started_and_change_nothing(crowd, caplog):
    caplog.set_level(logging.ERROR)
    w, fake = crowd, crowd.fake
    lobby, tid = await open_lobby(w, seats=3)
    r = await fake.click(PLAYERS[0], lobby, f"mh:l:{tid}:join")
    select = r.followups[-1]
    await fake.click(HOST, lobby, f"mh:l:{tid}:start")
    await w.settle()
    t = w.service.get(tid)
    before, version = seat_rows(t), t.version
    attempts = [fake.click(user, lobby, f"mh:l:{tid}:{action}", force=True)
                for user, action in ((PLAYERS[1], "join"), (PLAYERS[0], "leave"), (HOST, "computer"),
                                     (HOST, "start"), (HOST, "cancel"))]
    attempts.append(fake.click(PLAYERS[0], select, f"mh:k:{tid}", ["burn-rush"], component_type=3, force=True))
    attempts.append(fake.slash(PLAYERS[1], CHANNEL_ID, "table", {"table": tid}, sub="join"))
    attempts.append(fake.slash(HOST, CHANNEL_ID, "table", {"table": tid}, sub="start"))
    for attempt in attempts:
        r = await attempt
        text = " ".join(m.content for m in r.messages if m.ephemeral)
        assert "The game has started" in text, (r, [m.content for m in r.messages])
    await w.settle()
    assert seat_rows(t) == before and t.version == version and t.status == "playing"
    assert w.starts.intros == 1
    assert not fake.components(lobby.id), "the lobby message lost its buttons at the start"
    assert not logged_errors(caplog)


async def test_a_lobby_survives_a_restart(fake, new_db):
    """A table created but not started: after a restart on the same store its old lobby message still
    takes Join and Start, and the game starts in a thread."""
    w = await World(fake, new_db("bot")).start()
    lobby, tid = await open_lobby(w, game="metax", seats=2)
    await w.stop()
    w2 = await World(fake, new_db("bot")).start()
    try:
        r = await fake.click(MEMBER_IDS[1], fake.messages[lobby.id], f"mh:l:{tid}:join")
        assert r.type == 6 and "You took seat 2" in r.followups[-1].content
        t = w2.service.get(tid)
        assert [s.user_id for s in t.seats] == [str(HOST), str(MEMBER_IDS[1])]
        await fake.click(HOST, fake.messages[lobby.id], f"mh:l:{tid}:start")
        await w2.settle()
        assert t.status == "playing" and len(fake.threads) == 1
    finally:
        await w2.stop()


async def test_table_new_over_the_per_user_limit_names_the_tables_to_cancel(fake, new_db):
    """MAX_TABLES_PER_USER=2: the third `/table new` of one host on the server is an ephemeral refusal
    naming the two open tables and `/table abort`; no lobby is posted; after an abort it works."""
    w = await World(fake, new_db("bot"), MAX_TABLES_PER_USER=2).start()
    try:
        _, first = await open_lobby(w, game="metax", seats=2)
        _, second = await open_lobby(w, game="metax", seats=2)
        posted = len(fake.channel_messages(CHANNEL_ID))
        r = await fake.slash(HOST, CHANNEL_ID, "table", {"game": "metax"}, sub="new")
        told = refusal(r)
        assert "You already host 2 open tables on this server" in told
        assert first in told and second in told and "/table abort table:" in told
        assert len(fake.channel_messages(CHANNEL_ID)) == posted and len(w.service.tables) == 2
        await fake.slash(HOST, CHANNEL_ID, "table", {"table": first}, sub="abort")
        _, third = await open_lobby(w, game="metax", seats=2)
        assert third in w.service.tables
    finally:
        await w.stop()


@pytest.mark.parametrize("control", ["join", "select"])
async def test_a_lobby_click_is_acknowledged_before_the_service_answers(crowd, control):
    """While the table's lock is held (a Start reading saved decks, a slow store), a lobby button or the
    deck select is already acknowledged with a deferred update, so Discord never shows "This
    interaction failed"; the change lands when the lock is free."""
    w, fake = crowd, crowd.fake
    lobby, tid = await open_lobby(w)
    user = PLAYERS[0]
    r = await fake.click(user, lobby, f"mh:l:{tid}:join")
    select = r.followups[-1]
    t = w.service.get(tid)
    deferred = sum(1 for c in fake.replies if c.kind == "callback" and c.type == 6)
    await t.lock.acquire()
    try:
        if control == "join":
            click = fake.click(PLAYERS[1], lobby, f"mh:l:{tid}:join")
        else:
            click = fake.click(user, select, f"mh:k:{tid}", ["trap-weaver"], component_type=3)
        task = asyncio.create_task(click)
        for _ in range(500):  # let the callback run up to the lock
            await asyncio.sleep(0)
            if sum(1 for c in fake.replies if c.kind == "callback" and c.type == 6) > deferred:
                break
        assert sum(1 for c in fake.replies if c.kind == "callback" and c.type == 6) == deferred + 1
        assert not task.done()
        assert len(t.seats) == 2 and t.seats[1].deck_id != "trap-weaver"
    finally:
        t.lock.release()
    reply = await task
    assert reply.type == 6
    assert len(t.seats) == 3 if control == "join" else t.seats[1].deck_id == "trap-weaver"


async def test_a_lobby_whose_message_was_not_remembered_still_starts_in_view(fake, new_db):
    """The store could not remember the lobby message (a refused write is only logged) and the bot
    restarted: the first click on the lobby re-learns it from the click, so Start still opens the
    table's thread with its board instead of a game nobody can see."""
    w = await World(fake, new_db("bot")).start()
    lobby, tid = await open_lobby(w, game="metax", seats=2)
    await w.store._tx("forget the lobby", [("DELETE FROM front_messages WHERE table_id = ?", (tid,))])
    await w.stop()
    w2 = await World(fake, new_db("bot")).start()
    try:
        await fake.click(MEMBER_IDS[1], fake.messages[lobby.id], f"mh:l:{tid}:join")
        await fake.click(HOST, fake.messages[lobby.id], f"mh:l:{tid}:start")
        await w2.settle()
        assert w2.service.get(tid).status == "playing"
        assert len(fake.threads) == 1
        thread = next(iter(fake.threads))
        assert [m for m in fake.channel_messages(thread) if m.embeds and tid in m.embeds[0]["title"]]
        assert not fake.components(lobby.id), "the lobby lost its buttons at the start"
    finally:
        await w2.stop()


async def test_first_clicks_after_a_restart_all_see_the_remembered_messages(fake, new_db):
    """Two "My hand" clicks at once as the first interactions after a restart: both private views name
    the table's server and channel (the remembered lobby), neither the "this server" of a front that
    had not finished loading the table's messages."""
    w = await World(fake, new_db("bot")).start()
    lobby, tid = await open_lobby(w, game="metax", seats=2)
    await fake.click(MEMBER_IDS[1], lobby, f"mh:l:{tid}:join")
    await fake.click(HOST, lobby, f"mh:l:{tid}:start")
    await w.settle()
    thread = next(iter(fake.threads))
    board = [m for m in fake.channel_messages(thread) if m.embeds][0]
    await w.stop()
    w2 = await World(fake, new_db("bot")).start()
    try:
        replies = await asyncio.gather(*(fake.click(u, fake.messages[board.id], f"mh:h:{tid}")
                                         for u in (HOST, MEMBER_IDS[1])))
        for r in replies:
            assert r.ephemeral and "Test Guild" in fake.text_of(r), fake.text_of(r)[-200:]
    finally:
        await w2.stop()


def test_table_limit_settings_default_to_3_and_10_and_refuse_nonsense():
    assert (settings().max_tables_per_user, settings().max_tables_per_channel) == (3, 10)
    assert settings(MAX_TABLES_PER_USER="5", MAX_TABLES_PER_CHANNEL="20").max_tables_per_channel == 20
    for bad in ({"MAX_TABLES_PER_USER": "0"}, {"MAX_TABLES_PER_CHANNEL": "-1"}, {"MAX_TABLES_PER_USER": "many"}):
        with pytest.raises(ValueError):
            settings(**bad)

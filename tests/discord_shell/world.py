"""The bot world used by the Discord shell tests: a store, a table service, a bot and the fake Discord
around them; ``fake`` and ``world`` fixtures live in conftest.py. The bot's board pictures are painted when
a test reads them (:func:`paint_pictures_later`)."""

from __future__ import annotations

import contextlib

from discord import app_commands

from bot import picture
from bot.host import TableService
from bot.settings import Settings
from bot.shell import cogs
from bot.shell.app import MetaBot
from bot.store import Store
from games.core.contract import Game, View

from .harness import CHANNEL_ID, MEMBER_IDS, FakeDiscord


def settings(**over) -> Settings:
    values = {"BOARD_EDIT_INTERVAL": 0, "BOARD_HOLD": 0, "TABLE_THREADS": True, "COMPUTER_DELAY": 0}
    values.update(over)
    return Settings(_env_file=None, **values)


BOARD_PNG = picture.board_png
"""The real board painter (:func:`bot.picture.board_png`)."""


def paint_pictures_later(fake: FakeDiscord) -> None:
    """Make the bot's board pictures uploads that ``fake`` paints only when a test reads them
    (:meth:`FakeDiscord.later`): the bytes are then those :func:`bot.picture.board_png` gives for the view the
    bot asked about. Most tests never read a picture; painting them was a third of these tests' time. A game
    whose picture comes from its package's ``picture.board_layout`` (every game) always has one; any other
    game (a test's stand-in, which may have none) is asked for its layout at once, so that a board without a
    picture is one here too. Done only while the painter is the real one: a test's own fake painter
    (tests/discord_shell/test_pictures_discord.py) is left alone, set before or after. Undone with
    ``fake``'s monkeypatch."""
    if picture.board_png is not BOARD_PNG:
        return

    def board_png(game: Game, view: View) -> bytes | None:
        if type(game).layout is not Game.layout or game._hook("picture", "board_layout") is None:
            layout = game.layout(view)
            return None if layout is None else fake.later(lambda: picture.paint(layout), "board.png")
        return fake.later(lambda: BOARD_PNG(game, view), "board.png")

    fake.monkeypatch.setattr(picture, "board_png", board_png)


class PaceClock:
    """A clock that moves only with a simulated pace: ``now()`` in seconds is ``1_000_000 + pace[0]``. For the
    table service of a whole seeded game whose REST calls are counted (``bench/bench_discord_rest.py``): with
    the machine's clock, the deadlines shown in DMs and on the board depend on how fast the run goes, so two
    runs of the same seed could differ by a call."""

    def __init__(self, pace: list[float]):
        self.pace = pace

    def now(self) -> float:
        return 1_000_000.0 + self.pace[0]


class World:
    """A store, a table service, a bot and the fake Discord around them; ``members``: the guild's members."""

    def __init__(self, fake: FakeDiscord, path, clock=None, members=MEMBER_IDS, **over):
        self.fake, self.path, self.over, self.clock, self.members = fake, path, over, clock, members
        self.store = self.service = self.bot = None

    async def start(self) -> World:
        self.store = await Store.open(self.path)
        self.service = TableService(self.store, computer_delay=0, clock=self.clock)
        await self.service.load()
        self.bot = MetaBot(self.service, self.store, settings(**self.over), sync=False, tick=None)
        paint_pictures_later(self.fake)
        await self.fake.boot(self.bot, members=self.members)
        return self

    async def settle(self) -> None:
        for _ in range(3):
            await self.fake.settle()
            await self.service.settle()
            await self.bot.front.drain()

    async def stop(self) -> None:
        await self.settle()
        await self.service.settle()
        await self.store.close()


@contextlib.contextmanager
def seeded_tables(w: World, seed: int):
    """Within the block, every table the service creates gets table seed ``seed`` (``/table new`` offers no
    seed: a known seed reveals hidden cards, so the tests pass it through the service)."""
    create = w.service.create

    async def seeded_create(*args, **kwargs):
        kwargs["seed"] = seed
        return await create(*args, **kwargs)

    w.service.create = seeded_create
    try:
        yield
    finally:
        w.service.create = create


async def open_seeded_table(w: World, game: str, users: tuple[int, ...], seed: int, teams: str | None = None,
                            options: tuple[str, ...] | list[str] = ()) -> str:
    """Open, join and start a table of ``game`` for ``users`` by slash command and lobby buttons, at table
    seed ``seed`` (see :func:`seeded_tables`), with a team format ``teams`` and table ``options`` given at
    ``/table new``. Used by the Discord tests and ``bench/bench_discord_rest.py``. Returns the table id; raises
    AssertionError if ``/table new`` is refused or the table did not start."""
    args: dict = {"game": game, "seats": len(users)}
    if teams:
        args["teams"] = teams
    if options:
        args["options"] = " ".join(options)
    with seeded_tables(w, seed):
        reply = await w.fake.slash(users[0], CHANNEL_ID, "table", args, sub="new")
    assert not reply.ephemeral, reply.content
    table_id = next(iter(w.service.tables))
    for user in users[1:]:
        await w.fake.click(user, reply.message, f"mh:l:{table_id}:join")
    await w.fake.click(users[0], reply.message, f"mh:l:{table_id}:start")
    await w.settle()
    assert w.service.get(table_id).status == "playing", "the table did not start"
    return table_id


@contextlib.contextmanager
def stand_in_game(monkeypatch, module, name: str, value: str):
    """Within the block, the stand-in game of ``module`` (tests/team_game.py, option_game.py, pings_game.py) is
    a game: ``module.register(monkeypatch)`` puts it in the registry, and it is one of `/table new`'s game
    choices ``name``/``value`` (the command keeps the list object it was declared with)."""
    module.register(monkeypatch)
    choice = app_commands.Choice(name=name, value=value)
    cogs.GAME_CHOICES.append(choice)
    try:
        yield
    finally:
        cogs.GAME_CHOICES.remove(choice)

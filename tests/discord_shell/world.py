"""The bot world used by the Discord shell tests: a store, a table service, a bot and the fake Discord
around them; ``fake`` and ``world`` fixtures live in conftest.py."""

from __future__ import annotations

from bot.host import TableService
from bot.settings import Settings
from bot.shell.app import MetaBot
from bot.store import Store

from .harness import MEMBER_IDS, FakeDiscord


def settings(**over) -> Settings:
    values = {"BOARD_EDIT_INTERVAL": 0, "BOARD_HOLD": 0, "TABLE_THREADS": True, "COMPUTER_DELAY": 0}
    values.update(over)
    return Settings(_env_file=None, **values)


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

"""Discord gives a table's web link (issue: replays on the web): with ``WEB_URL`` and ``WEB_SECRET`` set, the
final summary of a game and ``/table replay`` carry the table's signed link, in messages the bot sends anyway,
so the REST calls of a game are the same with and without it."""

from __future__ import annotations

import re
import time

from bot.web.links import check

from .harness import CHANNEL_ID
from .test_bot import ANA, BEN, open_table
from .test_endgame_bot import concede, thread_messages

WEB = ("https://games.example.org", "secret-of-the-test-server")


def link_in(text: str) -> str | None:
    m = re.search(r"https://games\.example\.org(/t/[^\s)]+)", text)
    return m.group(1) if m else None


async def finish(w) -> tuple[str, int]:
    """Open a MetaX table, concede it; ``(table id, REST calls made)``."""
    before = len(w.fake.rest)
    table_id, _ = await open_table(w)
    await concede(w, BEN, table_id)
    return table_id, len(w.fake.rest) - before


async def test_the_final_summary_and_table_replay_give_the_signed_link(world):
    w = world
    w.bot.front.web_links = WEB
    table_id, _ = await finish(w)
    summary = next(m for m in reversed(thread_messages(w, table_id)) if "game over" in w.fake.text_of(m))
    path = link_in(w.fake.text_of(summary))
    assert path is not None
    _, _, table, expires, sig = path.split("/")
    assert check(WEB[1], table, expires, sig, time.time()) == table_id
    replay = await w.fake.slash(ANA, CHANNEL_ID, "table", {"table": table_id}, sub="replay")
    path = link_in(w.fake.text_of(replay))
    assert path is not None and path.split("/")[2] == table_id
    status = await w.fake.slash(ANA, CHANNEL_ID, "table", {"table": table_id}, sub="status")
    assert link_in(w.fake.text_of(status)) is not None


async def test_without_web_settings_no_link_and_the_same_rest_calls(world):
    w = world
    await finish(w)  # the first table also opens the DM channels: measure the next ones
    table_id, calls_without = await finish(w)
    summary = next(m for m in reversed(thread_messages(w, table_id)) if "game over" in w.fake.text_of(m))
    assert link_in(w.fake.text_of(summary)) is None and "Replay" not in w.fake.text_of(summary)
    w.bot.front.web_links = WEB
    _, calls_with = await finish(w)
    assert calls_with == calls_without

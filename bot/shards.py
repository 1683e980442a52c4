"""Discord shards and the tables they hold (docs/hosting.md, "Several processes"): which shard a table's guild
is on (:func:`shard_of`, Discord's ``(guild_id >> 22) % shard_count``) and the shard range a process runs
(:func:`parse_shards`, ``--shards 0-3 --shard-count 8``). Pure functions; imports nothing of the project.
"""

from __future__ import annotations

import re

#: The most shards one bot may be split into (Discord's largest bots run thousands; this bounds a typo).
MAX_SHARD_COUNT = 4096


def guild_of(place: str) -> int | None:
    """The guild id of a table's ``place`` (``"<guild id>:<channel id>"``), or ``None`` for a place outside a
    guild (terminal play's ``"local"``, a DM)."""
    head, sep, _ = place.partition(":")
    return int(head) if sep and head.isdigit() else None


def shard_of(place: str, shard_count: int) -> int:
    """The shard that receives the guild events of a table at ``place``: ``(guild_id >> 22) % shard_count``
    (Discord's sharding formula); shard 0 for a place outside a guild (DMs arrive on shard 0)."""
    guild = guild_of(place)
    return 0 if guild is None or shard_count <= 1 else (guild >> 22) % shard_count


def parse_shards(text: str | None, shard_count: int | None) -> tuple[tuple[int, ...], int]:
    """The shards one process runs and the bot's shard count, from ``--shards``/``SHARDS`` (``"0-3"``, ``"5"``,
    ``"0,2,4-5"``; ``None`` or empty: every shard) and ``--shard-count``/``SHARD_COUNT`` (``None``: 1, or
    one more than the highest shard named). Raises ``ValueError`` with a sentence naming what is wrong:
    a shard count below 1 or above :data:`MAX_SHARD_COUNT`, a shard not below the count, an empty or reversed
    range, a word that is not a number."""
    if shard_count is not None and not 1 <= shard_count <= MAX_SHARD_COUNT:
        raise ValueError(f"the shard count must be 1 to {MAX_SHARD_COUNT}, not {shard_count}")
    text = (text or "").strip()
    if not text:
        count = shard_count or 1
        return tuple(range(count)), count
    shards: set[int] = set()
    for part in text.split(","):
        part = part.strip()
        m = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?", part)
        if m is None:
            raise ValueError(f"shards are numbers or ranges such as 0-3 or 0,2,4-5, not {part!r}")
        low, high = int(m[1]), int(m[2] if m[2] is not None else m[1])
        if high < low:
            raise ValueError(f"the shard range {part} runs backwards: write {high}-{low}")
        shards.update(range(low, high + 1))
    count = shard_count if shard_count is not None else max(shards) + 1
    too_high = sorted(s for s in shards if s >= count)
    if too_high:
        raise ValueError(f"shard {too_high[0]} does not exist with a shard count of {count}: shards are numbered "
                         f"0 to {count - 1}")
    return tuple(sorted(shards)), count

"""A series of games at one table (issue 16 item 4; MZ-BOOK-05/06, MZ-GAP-75): pure helpers of the table
service (:mod:`bot.tables`), no store and no discord.

A series is the games played at one table by the same seats, its length (1, 3 or 5 games, the game's
``series_lengths``) set when it opens; it ends when a seat has won a majority (``length // 2 + 1``); draws
do not count, so a drawn game is played again, up to ``2 * length`` games in all, after which the series
ends with the score as it stands. Its public state lives in the table option ``"series"`` (it survives a
restart with the table's row)::

    {"id": "<first table id>", "length": 3, "game": 2, "score": {"0": 1, "1": 0}, "draws": 0,
     "sizes": {"0": 5, "1": 0}}

Its private part (each seat's Spellbook and Archive as frozen at the first start, and the Archive as swapped
for the coming game) is kept in the store's kv table under :func:`private_key`, never in the options: the
options are printed in a finished table's replay while the series may go on.
"""

from __future__ import annotations

from typing import Any

SERIES = "series"  # the table option holding a series' public state


def info(options: dict[str, Any]) -> dict[str, Any] | None:
    """The public state of the series a table's ``options`` hold, or ``None`` when the table plays none."""
    value = options.get(SERIES)
    return value if isinstance(value, dict) else None


def private_key(series_id: str) -> str:
    """The kv key of a series' private part: ``{"books": {seat: [ids]}, "archives": {seat: [ids]},
    "current": {seat: [ids]}}`` (``current``: the Archive after this game's swaps, MZ-BOOK-06)."""
    return f"series:{series_id}"


def new_series(series_id: str, length: int) -> dict[str, Any]:
    """The public state of a series of ``length`` games that has not started (MZ-GAP-75)."""
    return {"id": series_id, "length": length, "game": 1, "score": {}, "draws": 0, "sizes": {}}


def majority(length: int) -> int:
    """Wins that end a series of ``length`` games (MZ-GAP-75): 1 of 1, 2 of 3, 3 of 5."""
    return length // 2 + 1


def record(info: dict[str, Any], winners: tuple[int, ...] | list[int], draw: bool) -> dict[str, Any]:
    """A copy of ``info`` with one more game played: each winner scores 1, a draw counts in ``draws``."""
    out = dict(info, score=dict(info.get("score", {})))
    if draw or not winners:
        out["draws"] = int(out.get("draws", 0)) + 1
    else:
        for seat in winners:
            out["score"][str(seat)] = int(out["score"].get(str(seat), 0)) + 1
    return out


def over(info: dict[str, Any]) -> bool:
    """Whether the series is decided (a seat has a majority) or has played its ``2 * length`` games."""
    length = int(info["length"])
    played = sum(int(n) for n in info.get("score", {}).values()) + int(info.get("draws", 0))
    return any(int(n) >= majority(length) for n in info.get("score", {}).values()) or played >= 2 * length


def score_text(info: dict[str, Any], names: list[str]) -> str:
    """``"Alice 1 – Bob 0"`` for the seats ``names`` (in seat order), with draws when there were any."""
    score = info.get("score", {})
    text = " – ".join(f"{name} {int(score.get(str(i), 0))}" for i, name in enumerate(names))
    draws = int(info.get("draws", 0))
    return text + (f" ({draws} drawn)" if draws else "")


def sizes_text(info: dict[str, Any], names: list[str]) -> str:
    """MZ-BOOK-05: each seat's Archive size, never its Pages: ``"Alice 5 Pages, Bob no Archive"``."""
    sizes = info.get("sizes", {})
    parts = []
    for i, name in enumerate(names):
        n = int(sizes.get(str(i), 0))
        parts.append(f"{name} {n} Page{'s' if n != 1 else ''}" if n else f"{name} no Archive")
    return ", ".join(parts)

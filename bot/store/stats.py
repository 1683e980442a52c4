"""The store's results read back as players' records: ``/stats`` and ``/leaderboard``. May import
:mod:`bot.store.connection`.
"""

from __future__ import annotations

import json

from .connection import Connection


class StatsQueries(Connection):
    """Per-user stats and a server's leaderboard."""

    async def leaderboard(self, game: str, place_prefix: str, limit: int = 10) -> list[tuple[str, int, int, int, int]]:
        """``[(user_id, games, wins, losses, draws)]`` from finished tables whose place starts with
        ``place_prefix`` (a server), best win count first."""
        rows = await self._fetchall(
            "SELECT r.result, s.seat, s.user_id FROM results r JOIN tables t ON t.id = r.table_id "
            "JOIN seats s ON s.table_id = t.id WHERE t.game = ? AND t.place LIKE ? AND s.computer = 0 "
            "AND s.user_id IS NOT NULL", (game, place_prefix + "%"))
        board: dict[str, list[int]] = {}
        for result_json, seat, user in rows:
            result = json.loads(result_json)
            row = board.setdefault(user, [0, 0, 0, 0])
            row[0] += 1
            if result.get("draw"):
                row[3] += 1
            elif seat in result["winners"]:
                row[1] += 1
            else:
                row[2] += 1
        ranked = sorted(board.items(), key=lambda kv: (-kv[1][1], kv[1][2], kv[0]))
        return [(u, *v) for u, v in ranked[:limit]]  # type: ignore[misc]

    async def stats(self, user_id: str, game: str | None = None) -> list[tuple[str, int, int, int, int]]:
        """``[(game, games, wins, losses, draws)]`` for a user (one game or all)."""
        if game is None:
            rows = await self._fetchall(
                "SELECT game, games, wins, losses, draws FROM stats WHERE user_id = ? ORDER BY game", (user_id,))
        else:
            rows = await self._fetchall(
                "SELECT game, games, wins, losses, draws FROM stats WHERE user_id = ? AND game = ?", (user_id, game))
        return [tuple(r) for r in rows]  # type: ignore[misc]

"""The store's personal decks, per user and game. Every query names the owner: a deck is only ever
found for its user. May import :mod:`bot.store.connection` and :mod:`bot.store.rows`.
"""

from __future__ import annotations

import json

from .connection import Connection
from .rows import DeckRow


class DeckQueries(Connection):
    """A user's saved decks (table ``decks``)."""

    @staticmethod
    def _deck(r: tuple) -> DeckRow:
        return DeckRow(r[0], r[1], r[2], r[3], [(c, int(n)) for c, n in json.loads(r[4])], r[5], r[6],
                       [(c, int(n)) for c, n in json.loads(r[7])])

    async def decks_of(self, user_id: str, game: str | None = None) -> list[DeckRow]:
        """The user's decks (of one game, or all), most recently changed first."""
        cols = "id, user_id, game, name, cards, created, updated, archive"
        if game is None:
            rows = await self._fetchall(
                f"SELECT {cols} FROM decks WHERE user_id = ? ORDER BY updated DESC, id DESC", (user_id,))
        else:
            rows = await self._fetchall(
                f"SELECT {cols} FROM decks WHERE user_id = ? AND game = ? ORDER BY updated DESC, id DESC",
                (user_id, game))
        return [self._deck(r) for r in rows]

    async def deck(self, user_id: str, deck_id: int) -> DeckRow | None:
        """The deck ``deck_id`` if ``user_id`` owns it, else ``None``."""
        if not 0 < deck_id < 2**63:  # beyond SQLite's INTEGER (a typed id): no such deck, not OverflowError
            return None
        rows = await self._fetchall(
            "SELECT id, user_id, game, name, cards, created, updated, archive FROM decks WHERE id = ? AND user_id = ?",
            (deck_id, user_id))
        return self._deck(rows[0]) if rows else None

    async def deck_named(self, user_id: str, game: str, name: str) -> DeckRow | None:
        """The user's deck of ``game`` called ``name`` (case-insensitive), else ``None``."""
        rows = await self._fetchall(
            "SELECT id, user_id, game, name, cards, created, updated, archive FROM decks "
            f"WHERE user_id = ? AND game = ? AND {self.nocase_equals('name')}", (user_id, game, name))
        return self._deck(rows[0]) if rows else None

    async def create_deck(self, user_id: str, game: str, name: str, cards: list[tuple[str, int]], at: float,
                          archive: list[tuple[str, int]] | None = None) -> DeckRow:
        """A new deck (``archive``: MetaZoo's Archive, MZ-BOOK-04); :class:`StoreError` when the user already has
        a deck of that name for the game."""
        await self._tx("save the deck", [(
            "INSERT INTO decks (user_id, game, name, cards, created, updated, archive) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (user_id, game, name, json.dumps([list(e) for e in cards]), at, at,
             json.dumps([list(e) for e in archive or []])))])
        row = await self.deck_named(user_id, game, name)
        assert row is not None
        return row

    async def update_deck(self, user_id: str, deck_id: int, at: float, *, name: str | None = None,
                          cards: list[tuple[str, int]] | None = None,
                          archive: list[tuple[str, int]] | None = None) -> None:
        """Rename and/or replace the cards (and/or the Archive) of the user's deck (nothing happens to another
        user's deck)."""
        sets, params = ["updated = ?"], [at]
        if name is not None:
            sets.append("name = ?")
            params.append(name)
        if cards is not None:
            sets.append("cards = ?")
            params.append(json.dumps([list(e) for e in cards]))
        if archive is not None:
            sets.append("archive = ?")
            params.append(json.dumps([list(e) for e in archive]))
        await self._tx("save the deck", [(
            f"UPDATE decks SET {', '.join(sets)} WHERE id = ? AND user_id = ?", (*params, deck_id, user_id))])

    async def delete_deck(self, user_id: str, deck_id: int) -> None:
        await self._tx("delete the deck", [("DELETE FROM decks WHERE id = ? AND user_id = ?", (deck_id, user_id))])

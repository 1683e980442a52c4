"""A series of games at one table (MZ-BOOK-05/06, MZ-GAP-75): its state and score (pure helpers, no store and
no discord), and the series concern of the table service (:class:`SeriesMixin`): the Spellbooks and Archives
frozen at its first start, the line opening each game, the next game opened after each one, and the Archive
swaps in the lobby between games.

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

:class:`SeriesMixin` is a mixin of :class:`bot.host.service.TableService`: it uses the service's ``store``,
``tables``, ``listeners`` and ``_rematched``, and calls through ``self`` the registry's ``get``, the lobby
(:mod:`bot.host.lobby`: ``_check_lobby``, ``_save_lobby``, ``start``), the rematch's ``_reseat``
(:mod:`bot.host.rematch`) and the listeners (``_tell_game``). May import :mod:`bot.host.tables`,
:mod:`bot.store` and ``games.core``.
"""

from __future__ import annotations

import json
from typing import Any

from games.core.contract import Event, Game, Result, RulesError

from ..store import StoreError
from .tables import SAVED, Table, TableError, copy_seats

SERIES = "series"  # the table option holding a series' public state


def state_of(options: dict[str, Any]) -> dict[str, Any] | None:
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


class SeriesMixin:
    """The series concern of the table service (see the module docstring)."""

    @staticmethod
    def _check_series_seats(t: Table) -> None:
        """MZ-GAP-75: from its second game a series keeps its Casters and decks (Archive swaps aside)."""
        info = state_of(t.options)
        if info is not None and int(info.get("game", 1)) > 1:
            raise TableError(f"Table {t.id} plays game {info['game']} of a series: the same Casters keep the "
                             "same decks (MZ-GAP-75). Swap Pages with your Archive with `/deck swap` "
                             "(MZ-BOOK-06), or open a new table.", "series")

    @staticmethod
    def _first_of_series(t: Table) -> bool:
        """False for the second and later games of a series, whose decks the series holds (MZ-GAP-75)."""
        info = state_of(t.options)
        return info is None or int(info.get("game", 1)) == 1

    async def _open_series(self, t: Table, info: dict[str, Any]) -> dict[str, Any]:
        """At a series' first start (MZ-BOOK-05): freeze each seat's Spellbook and its saved deck's Archive
        (validated, MZ-BOOK-04/02) in the kv table; returns the public state with the Archive sizes."""
        books: dict[str, list[str]] = {}
        archives: dict[str, list[str]] = {}
        for s in t.seats:
            archive: list[str] = []
            if s.deck_id and s.deck_id.startswith(SAVED) and s.user_id is not None and not s.computer:
                row = await self.store.deck(s.user_id, int(s.deck_id[len(SAVED):]))
                archive = row.archive_list() if row is not None else []
                problems = t.game.validate_archive(s.deck, archive) if archive else []
                if problems:
                    detail = "; ".join(f"{p.rule}: {p.message}" for p in problems[:3])
                    raise TableError(f"Seat {s.seat + 1} ({s.name}) cannot start: the Archive of its deck is not "
                                     f"legal: {detail}", "illegal_deck")
            books[str(s.seat)], archives[str(s.seat)] = list(s.deck), archive
        await self.store.put_kv(private_key(info["id"]), json.dumps(
            {"books": books, "archives": archives, "current": archives}))
        return dict(info, score={str(s.seat): 0 for s in t.seats}, draws=0,
                    sizes={k: len(v) for k, v in archives.items()})

    @staticmethod
    def _series_intro(t: Table) -> list[Event]:
        """The public line opening each game of a series: at the first, every seat's Archive size and never
        its Pages (MZ-BOOK-05); later, the score so far."""
        info = state_of(t.options)
        if info is None:
            return []
        names = [s.name for s in t.seats]
        head = f"Series of {info['length']} games (first to {majority(int(info['length']))} wins), game {info['game']}"
        if int(info["game"]) == 1:
            return [Event(f"{head}. Archive sizes (MZ-BOOK-05): {sizes_text(info, names)}.")]
        return [Event(f"{head}. Score: {score_text(info, names)}.")]

    async def _series_private(self, info: dict[str, Any]) -> dict[str, Any]:
        raw = await self.store.get_kv(private_key(info["id"]))
        return json.loads(raw) if raw else {"books": {}, "archives": {}, "current": {}}

    async def _series_end(self, t: Table, result: Result) -> None:
        """After game ``t`` of a series: post the score; when no seat has a majority yet, open the next game
        at the same place with the same seats, each deck its frozen Spellbook again and each Archive whole
        again (MZ-BOOK-06: Pages brought in go back), then start it at once if no human plays. A failure to
        open it is posted, never raised: the finished game stands."""
        info = record(t.options[SERIES], result.winners, result.draw)
        names = [s.name for s in t.seats]
        done = over(info)
        what = "Series over" if done else f"Series after game {info['game']}"
        await self._tell_game(t, [Event(f"{what}: {score_text(info, names)}.")])
        if done:
            return
        try:
            new = await self._reseat(t)
            private = await self._series_private(info)
            async with new.lock:
                before = copy_seats(new)
                for s in new.seats:
                    s.deck = list(private["books"].get(str(s.seat), s.deck))
                new.options[SERIES] = dict(info, game=int(info["game"]) + 1)
                private["current"] = dict(private["archives"])
                await self.store.put_kv(private_key(info["id"]), json.dumps(private))
                await self._save_lobby(new, before)
        except (TableError, StoreError) as exc:
            msg = exc.message if isinstance(exc, TableError) else str(exc)
            await self._tell_game(t, [Event(f"The next game of the series could not open: {msg}")])
            return
        self._rematched[t.id] = new.id
        for lst in self.listeners:
            await lst.series_next(t, new)
        if all(s.computer for s in new.seats):
            try:
                await self.start(new.id, new.host_user)
            except (TableError, StoreError):
                pass  # it waits in its lobby for /table start

    def next_of(self, table_id: str) -> Table | None:
        """The table that continues finished table ``table_id``'s series (its next game), if open here."""
        nxt = self._rematched.get(table_id)
        return self.tables.get(nxt) if nxt else None

    async def swap(self, table_id: str, user_id: str, out: list[str], into: list[str]) -> tuple[list[str], list[str]]:
        """``user_id`` swaps Pages one for one between their Spellbook (``out``) and their Archive (``into``)
        for the coming game of a series (MZ-BOOK-06), in its lobby from the second game on (MZ-BOOK-05);
        names or ids. Swaps add up until the game starts and hold for that game only. Returns the labels
        (out, in). :class:`TableError`: not in a series lobby after its first game (``series``), not seated
        (``not_seated``), an unknown Page (``unknown_card``), or a swap MZ-BOOK-06 refuses (``bad_swap``,
        naming the rule); a refused swap changes nothing."""
        t = self.get(table_id)
        async with t.lock:
            self._check_lobby(t)
            info = state_of(t.options)
            if info is None or not t.game.has_archive:
                raise TableError(f"Table {t.id} is not a series, so it has no Archive swaps (MZ-BOOK-05: an Archive "
                                 "is used only between games of a series; open one with `/table new series:3`).",
                                 "series")
            if int(info.get("game", 1)) == 1:
                raise TableError("An Archive is never used before the first game of a series (MZ-BOOK-05): swaps "
                                 "open in the lobby of the second game.", "series")
            seat = t.seat_of(user_id)
            if seat is None:
                raise TableError("You are not seated at this table.", "not_seated")
            ids_out, ids_in = self._page_ids(t.game, out), self._page_ids(t.game, into)
            private = await self._series_private(info)
            archive = private["current"].get(str(seat.seat), [])
            try:
                book, archive = t.game.archive_swap(seat.deck, archive, ids_out, ids_in)
            except RulesError as exc:
                raise TableError(f"{exc.rule}: {exc.message} Nothing was swapped.", "bad_swap") from None
            before = copy_seats(t)
            private["current"][str(seat.seat)] = archive
            await self.store.put_kv(private_key(info["id"]), json.dumps(private))
            seat.deck = book
            await self._save_lobby(t, before)
        catalog = t.game.card_catalog()
        return ([catalog.get(c).label for c in ids_out], [catalog.get(c).label for c in ids_in])

    @staticmethod
    def _page_ids(game: Game, names: list[str]) -> list[str]:
        """Card ids of ``names`` (ids, labels or names); :class:`TableError` ``unknown_card`` naming the first
        unknown one."""
        from games.core.catalog import CardNotFound
        catalog = game.card_catalog()
        out = []
        for name in names:
            card = catalog.get(name.strip())
            if card is None:
                try:
                    card = catalog.resolve(name)
                except CardNotFound as exc:
                    raise TableError(exc.message, "unknown_card") from None
            out.append(card.id)
        return out

"""A MetaZoo series in the terminal (MZ-BOOK-05, MZ-BOOK-06, MZ-GAP-75): ``play --series``
posts the Archive sizes at the first start, offers swaps between games (refused, then accepted), and stops
when the computer has won a majority."""

from __future__ import annotations

import asyncio
import io
from collections import Counter

from bot.decks import DeckService
from bot.local import LOCAL_USER, play
from bot.store import Store
from games.metazoo.pool import card_pool, starter_decks


class Script(io.StringIO):
    """Typed lines; then end of input."""


async def save_sided(db) -> None:
    pool = card_pool()
    counts = Counter(starter_decks()["ember-dawn"].card_list())
    text = "\n".join(f"{n} {pool[c].name}" for c, n in counts.items()) + "\nArchive:\n2 Moonwell\n3 Cockcrow\n"
    store = await Store.open(db)
    try:
        await DeckService(store).import_list(LOCAL_USER, "metazoo", "Sided", text)
    finally:
        await store.close()


def test_mz_book_06_a_terminal_series_with_a_swap_between_games(new_db):
    """MZ-BOOK-05: sizes only at the first start; MZ-BOOK-06: an unequal swap is refused naming the rule, an
    equal one accepted; MZ-GAP-75: the score after each game, and the series ends at 2 wins of 3."""
    db = new_db("series")
    asyncio.run(save_sided(db))
    typed = ("c\ny\n"  # game 1: concede
             "swap Ember Imp, Ember Imp / Moonwell\n"
             "swap Ember Imp, Ember Imp / Moonwell, Moonwell\n"
             "\n"  # start game 2
             "c\ny\n")
    out = io.StringIO()
    code = asyncio.run(play("metazoo", db, 3, "Tess", decks=["Sided", "tide-shadow"], out=out, inp=Script(typed),
                            width=120, series=3))
    text = out.getvalue()
    assert code == 0, text
    assert "Archive sizes (MZ-BOOK-05): Tess 5 Pages, Computer 1 no Archive." in text
    assert "Series after game 1: Tess 0 – Computer 1 1." in text
    assert "MZ-BOOK-06: Archive swaps are one for one: 2 out, 1 in. Nothing was swapped." in text
    assert "Swapped for this game: out Ember Imp, Ember Imp; in Moonwell, Moonwell." in text
    assert "Series over: Tess 0 – Computer 1 2." in text

"""A MetaZoo series on Discord through the network-free harness (MZ-BOOK-05, MZ-BOOK-06,
MZ-GAP-75): ``/table new series:3``, the Archive sizes (never a Page) in the channel at the first start, the
next game's lobby posted after game 1, and ``/deck swap`` refused (one for one) then accepted, privately."""

from __future__ import annotations

from collections import Counter

from bot.decks import DeckService
from games.metazoo.pool import card_pool, starter_decks

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_bot import ANA, BEN, refusal


def sided_list() -> str:
    pool = card_pool()
    counts = Counter(starter_decks()["ember-dawn"].card_list())
    return ("\n".join(f"{n} {pool[c].name}" for c, n in counts.items())
            + "\nArchive:\n2 Moonwell\n3 Cockcrow\n")


def channel_text(w) -> str:
    places = [CHANNEL_ID, *w.fake.threads]
    return "\n".join(w.fake.text_of(m) for c in places for m in w.fake.channel_messages(c))


async def test_mz_book_06_a_series_step_on_discord_with_a_swap_refused_then_accepted(world):
    """MZ-BOOK-05: the sizes reach the channel, no Archive Page does. MZ-GAP-75: after game 1 the next game's
    lobby is posted with the score. MZ-BOOK-06: 2 out for 1 in is refused naming the rule; 2 for 2 is accepted
    in an ephemeral reply and game 2's deck changes; every request fits Discord's limits."""
    w = world
    deck = await DeckService(w.store).import_list(str(ANA), "metazoo", "Sided", sided_list())
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metazoo", "series": 3}, sub="new")
    assert not reply.ephemeral, reply.content
    t1 = next(iter(w.service.tables.values()))
    assert t1.options["series"]["length"] == 3
    await w.fake.slash(ANA, CHANNEL_ID, "table", {"deck": f"saved:{deck.id}"}, sub="join")
    await w.fake.click(BEN, reply.message, f"mh:l:{t1.id}:join")
    await w.fake.click(ANA, reply.message, f"mh:l:{t1.id}:start")
    await w.settle()
    assert t1.status == "playing"
    await w.service.concede(t1.id, str(BEN))
    await w.settle()
    text = channel_text(w)
    assert "Archive sizes (MZ-BOOK-05): " in text and "5 Pages" in text
    assert "Moonwell" not in text and "Cockcrow" not in text
    assert "Game 2 of the series" in text and "/deck swap" in text
    t2 = next(t for t in w.service.tables.values() if t.id != t1.id)
    before = Counter(t2.seats[0].deck)

    bad = await w.fake.slash(ANA, CHANNEL_ID, "deck", {"out": "2 Ember Imp", "in": "Moonwell"}, sub="swap")
    await w.settle()
    assert "MZ-BOOK-06" in refusal(bad) and "one for one" in refusal(bad)
    assert Counter(t2.seats[0].deck) == before
    good = await w.fake.slash(ANA, CHANNEL_ID, "deck", {"out": "2 Ember Imp", "in": "2 Moonwell"}, sub="swap")
    await w.settle()
    assert good.ephemeral and "Swapped" in good.text and "Moonwell" in good.text
    after = Counter(t2.seats[0].deck)
    assert after["moonwell"] == 2 and after["ember-imp"] == before["ember-imp"] - 2
    assert "Moonwell" not in channel_text(w)
    assert assert_all_within_limits(w.fake) > 5

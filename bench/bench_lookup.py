"""Lookups behind autocomplete: Discord drops an autocomplete answer that takes over 3 s, and
players type a keystroke at a time, so one search must stay far below that.

Measures, per game, the mean and p99 time of one card search (``Catalog.search``, 25 results) and one
rules topic search (``RuleBook.topics``) over a fixed list of queries (exact names, prefixes, typos,
filters, empty), one typed-name lookup (``Catalog.lookup`` and ``RuleBook.answer``: what ``/card`` and
``/rules`` do with a name sent without picking from autocomplete, typos included), and the
start-up load of every catalog and checklist. Also the time to parse and
validate a 60-card deck list (an import).

Usage: python bench/bench_lookup.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.closed_pipe import run_main  # noqa: E402
from bot.decks import export_text, parse_list  # noqa: E402
from bot.rulebook import RuleBook  # noqa: E402
from bot.store import DeckRow  # noqa: E402
from games import GAME_NAMES, game_ids, get_game  # noqa: E402

CARD_QUERIES = ["", "k", "ki", "kin", "kindling", "spark of", "hercles", "son thunder", "type:battle",
                "type:event fire", "stat:str rank:5", "zzzz", "dracula", "nem", "wail"]
RULE_QUERIES = ["", "d", "deck", "deck constrution", "trigger", "MX-KO", "MX-KO-03", "paradox", "win", "zzzz",
                "paradx", "atack"]
TYPED_CARDS = ["Herculs", "kindlng", "hercules son of thundr", "spark", "zzzz", "e018.2"]
TYPED_TOPICS = ["paradx", "atack", "META-GAP-03", "damge", "zzqqxx", "gaps"]


def timed(fn, queries, repeat):
    samples = []
    for _ in range(repeat):
        for q in queries:
            t0 = time.perf_counter()
            fn(q)
            samples.append(time.perf_counter() - t0)
    samples.sort()
    return statistics.mean(samples) * 1000, samples[int(len(samples) * 0.99) - 1] * 1000


def _quiet(fn, q):
    """``fn(q)``; a refusal ("did you mean", no match) is a normal outcome here."""
    try:
        return fn(q)
    except LookupError:
        return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    t0 = time.perf_counter()
    catalogs = {g: get_game(g).card_catalog() for g in game_ids()}
    books = {g: RuleBook.load(g) for g in GAME_NAMES}
    print(f"start-up load of 2 catalogs and 5 checklists: {(time.perf_counter() - t0) * 1000:.0f} ms")
    for g, cat in catalogs.items():
        mean, p99 = timed(lambda q, c=cat: c.search(q, 25), CARD_QUERIES, args.repeat)
        print(f"card search  {g:<12} {len(cat):>4} cards   mean {mean:.2f} ms  p99 {p99:.2f} ms")
    for g, book in books.items():
        mean, p99 = timed(lambda q, b=book: b.topics(q, 25), RULE_QUERIES, args.repeat)
        print(f"rules topics {g:<12} {len(book.sections):>4} sections mean {mean:.2f} ms  p99 {p99:.2f} ms")
    for g, cat in catalogs.items():
        mean, p99 = timed(lambda q, c=cat: _quiet(c.lookup, q), TYPED_CARDS, args.repeat)
        print(f"card lookup  {g:<12} {len(cat):>4} cards   mean {mean:.2f} ms  p99 {p99:.2f} ms")
    for g, book in books.items():
        mean, p99 = timed(lambda q, b=book: _quiet(b.answer, q), TYPED_TOPICS, args.repeat)
        print(f"rules answer {g:<12} {len(book.sections):>4} sections mean {mean:.2f} ms  p99 {p99:.2f} ms")
    for g in game_ids():
        game = get_game(g)
        starter = next(iter(game.starter_decks().values()))
        counts: dict[str, int] = {}
        for cid in starter:
            counts[cid] = counts.get(cid, 0) + 1
        text = export_text(DeckRow(0, "bench", g, "bench", list(counts.items()), 0, 0), game.card_catalog())

        def imp(_q, text=text, game=game):
            cards = parse_list(text, game.card_catalog(), game.deck_size)
            game.validate_deck([c for c, n in cards for _ in range(n)])

        mean, p99 = timed(imp, [None], args.repeat * 5)
        print(f"import+validate {g:<9} {len(starter)} cards   mean {mean:.2f} ms  p99 {p99:.2f} ms")


if __name__ == "__main__":
    run_main(main)

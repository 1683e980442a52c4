"""MetaX, a probe of where the search's strength is lost: a flat, paired Monte Carlo player against the heuristic,
seated as ``bench_ai.py`` seats the search (game ``i`` is seed ``S+i``, the probe at seat ``i mod 2``).

At each decision of its seat with more than one option ("back" is left out while another option is open, as the
search's take-back rule does), the probe draws ``--pairs`` bases and plays every option out to the game's end
from each base with the heuristic (``MetaXBot``) deciding for both seats, then takes the option with the best
mean result (common random numbers: every option meets the same bases). ``--mode fair`` draws each base with
``ai.sample`` (only what the seat may know, as the search does); ``--mode cheat`` takes the true state with every
deck reshuffled and the generator reseeded, so the probe knows the other seat's hand but not the draws to come.
The gap between the two is what the hidden hand is worth to this kind of player (docs/performance.md).

Usage: python bench/flat_metax.py --mode fair|cheat [--games N] [--seed S] [--pairs P]
Prints ``game k: W|D|L  (w-d-l)  s s/decision`` per game (CPU seconds of the probe's choices) and a last line
``flat MODE vs heuristic: W-D-L, win rate X% (95% CI A-B%), s s/decision``. Not a player of the project: it reads
the true state in ``cheat`` mode.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_ai import wilson  # noqa: E402
from games import get_game  # noqa: E402
from games.core.determinize import shuffled  # noqa: E402
from games.core.playout import starter_seats  # noqa: E402
from games.core.rng import Rng  # noqa: E402
from games.core.serial import cloner  # noqa: E402
from games.metax import ai  # noqa: E402
from games.metax.rules import apply_choice  # noqa: E402
from games.metax.state import State  # noqa: E402

_clone = cloner(State)


def finish(st: State, seat: int) -> float:
    """``seat``'s result when the heuristic plays ``st`` on to the game's end for every seat (``ai.evaluate``,
    the paired search's scoring): 1.0 a win, 0.0 a loss, 0.5 a draw (``ai.estimate`` after ``ai.PLAY_ON_LIMIT``
    decisions, which no heuristic game reaches)."""
    return ai.evaluate(st)[seat]


def base(mode: str, st: State, seat: int, rng: Rng) -> State:
    """One base to play every option from: ``ai.sample`` (``fair``) or the true state with every deck
    reshuffled and the generator reseeded (``cheat``). ``st`` is not changed."""
    if mode == "fair":
        return ai.sample(st, seat, rng)
    b = _clone(st)
    for pl in b.players:
        for c, name in zip(pl.deck, shuffled([b.cards[c] for c in pl.deck], rng), strict=True):
            b.cards[c] = name
    b.rng = rng.next64()
    return b


def choose(mode: str, st: State, seat: int, option_ids: list[str], pairs: int, rng: Rng) -> str:
    """The option of ``option_ids`` with the best mean result over ``pairs`` bases (:func:`base`), each option
    played from the same bases; the first of equals."""
    ids = [i for i in option_ids if i != "back"] or option_ids
    if len(ids) == 1:
        return ids[0]
    total = dict.fromkeys(ids, 0.0)
    for _ in range(pairs):
        b = base(mode, st, seat, rng)
        for i in ids:
            x = _clone(b)
            apply_choice(x, seat, i)
            total[i] += finish(x, seat)
    return max(ids, key=total.__getitem__)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=["fair", "cheat"], required=True)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--pairs", type=int, default=100)
    a = ap.parse_args(argv)
    mx = get_game("metax")
    score = {"W": 0, "D": 0, "L": 0}
    cpu = 0.0
    asked = 0
    for i in range(a.games):
        seed = a.seed + i
        st = mx.new_game(starter_seats(mx, seed, 2), None, seed)
        me = i % 2
        bots = [mx.computer(seed * 7 + p) for p in range(2)]
        rng = Rng.from_seed(seed * 1_000_003)
        while open_ := mx.decisions(st):
            d = open_[0]
            if d.seat == me:
                t0 = time.process_time()
                choice = choose(a.mode, st, me, [o.id for o in d.options], a.pairs, rng)
                cpu += time.process_time() - t0
                asked += 1
            else:
                choice = bots[d.seat](d, mx.view(st, d.seat))
            mx.apply(st, d.seat, choice)
        res = mx.result(st)
        outcome = "D" if res.draw or not res.winners else "W" if me in res.winners else "L"
        score[outcome] += 1
        print(f"game {i + 1}: {outcome}  ({score['W']}-{score['D']}-{score['L']})  "
              f"{cpu / max(asked, 1):.3f} s/decision", flush=True)
    wins, draws, losses = score["W"], score["D"], score["L"]
    lo, hi = wilson(wins, wins + losses)
    print(f"flat {a.mode} vs heuristic: {wins}-{draws}-{losses}, win rate {100 * wins / max(wins + losses, 1):.0f}% "
          f"(95% CI {100 * lo:.0f}-{100 * hi:.0f}%), {cpu / max(asked, 1):.3f} s/decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Regression record of MetaX behaviour through the game contract (the engine was made faster and had
to behave identically; since then, every reshaping of the package must keep it).

Seeded random playouts hash every decision (seat, kind, prompt, option ids, labels and cards,
default), every applied choice's events, refused choices (rule ID and message, and that they change
nothing), views for both seats and a spectator, and the final state JSON and result. The golden hash
below was recorded from the engine BEFORE those speed-ups; it is a record of behaviour, not a
hand-computed answer. A deliberate change to labels, prompts, events or refusals changes it: then
re-record it (``python -m tests.metax.test_behaviour_fingerprint`` from the repository root) and say why in the commit.
Rules touched: every decision of MX-HST-02/03 (options listed), MX-HST-01 (same seed, same game).
"""

from __future__ import annotations

import hashlib
import json

from games import get_game
from games.core.contract import RulesError, SeatSetup
from games.core.players import RandomPlayer
from games.core.rng import Rng

mx = get_game("metax")
SEEDS = 30
GOLDEN = "555960bb28b7e3664b3a4e374f7453f1554649c6732386082f058bd4c292943f"
_PROBES = ("char:", "event:", "card:", "attack:", "defend:0:", "push:", "link:", "bottom:", "discard:", "target:")


def fingerprint(seeds: int = SEEDS) -> str:
    """sha256 over ``seeds`` seeded playouts (see the module docstring for what goes in)."""
    h = hashlib.sha256()
    decks = mx.starter_decks()
    names = sorted(decks)
    for seed in range(seeds):
        seats = [SeatSetup("Ana", decks[names[seed % len(names)]]),
                 SeatSetup("Ben", decks[names[(seed + 1) % len(names)]])]
        st = mx.new_game(seats, None, seed)
        h.update(repr(mx.intro(st)).encode())
        players = [RandomPlayer(seed * 7 + p) for p in range(2)]
        probe = Rng.from_seed(seed + 1000)
        while True:
            decs = mx.decisions(st)
            h.update(repr(decs).encode())
            if not decs:
                break
            d = decs[0]
            # The other seat's choice, a meaningless id, and a card- or instance-shaped id that is
            # usually refused (when it happens to be legal it is played instead).
            guess = _PROBES[probe.below(len(_PROBES))]
            guess += st.cards[probe.below(len(st.cards))] if probe.below(2) else str(probe.below(len(st.cards)))
            for seat, oid in ((1 - d.seat, d.options[0].id), (d.seat, "nonsense"), (d.seat, guess)):
                before = mx.to_json(st)
                try:
                    h.update(b"accepted" + repr(mx.apply(st, seat, oid)).encode())
                    break
                except RulesError as e:
                    h.update(f"{type(e).__name__}|{e.rule}|{e}".encode())
                    assert mx.to_json(st) == before, "a refused choice changed the state"
            else:
                h.update(repr(mx.apply(st, d.seat, players[d.seat](d))).encode())
            if probe.below(4) == 0:
                for viewer in (0, 1, None):
                    h.update(repr(mx.view(st, viewer)).encode())
        # the JSON with sorted keys: the text the record was taken from (the speed-ups changed field order)
        h.update(json.dumps(json.loads(mx.to_json(st)), sort_keys=True, separators=(",", ":")).encode())
        h.update(repr(mx.result(st)).encode())
    return h.hexdigest()


def test_behaviour_matches_the_record():
    """MX-HST-01/02/03: decisions, labels, events, refusals, views and final states are unchanged."""
    assert fingerprint() == GOLDEN


if __name__ == "__main__":
    print(fingerprint())

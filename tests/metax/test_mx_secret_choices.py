"""MetaX: a player's own secret choice reads the same whatever the card (MX-ZN-03/04, MX-SET-04/07,
MX-EFF-04, MX-GAP-20, MX-GAP-24).

VP piles are face down but nobody chooses what goes there (the top of the opponent's deck, MX-VP-02), and cards
in play and discarded are face up (MX-ZN-06). Two choices are secret, made from cards only their player sees:

* a deck search (MX-ZN-03, MX-EFF-04): public are that the deck was searched and shuffled and whether a card was
  taken (the hand's size is public, MX-ZN-04); never which card, and not whether one matched (MX-GAP-24);
* the order of a mulliganed hand on the bottom of the deck (MX-SET-04/07): public are the mulligan and the
  five new cards drawn (a count); never the old hand or its order. The player may stop ordering ("the rest in
  hand order") at any step, so how many steps they take is their own pacing, not the cards'.

The cross-zone permutation check (``tests/hidden_twins.py`` in ``test_playouts.py``) keeps the chooser's own
card fixed for the step it compares; these tests make that check over the whole card pool."""

from __future__ import annotations

from hidden_twins import asked, clone, relabel, view_key
from metax_helpers import FILLER

from games.core.contract import SeatSetup
from games.metax.pool import card_pool

SEATS = [SeatSetup("Ana"), SeatSetup("Ben")]


def _public(events) -> str:
    return " | ".join(e.text for e in events if e.audience is None)


def _shape(mx, st, events, watcher: int) -> tuple:
    return (_public(events), view_key(mx, st, watcher), view_key(mx, st, None), tuple(asked(mx, st)))


def test_MX_ZN_03_MX_EFF_04_every_card_taken_by_a_search_reads_the_same(mx):
    """MX-ZN-03, MX-EFF-04, MX-ZN-04, MX-GAP-24: Ana's deck holds the whole pool; for every card of
    the pool with a deck search (Characters and Events), taking any card it finds gives Ben and a spectator the
    same log, views and seats asked, and so does taking nothing."""
    pool = card_pool()
    sources = [cid for cid, c in pool.items()
               if any(s.do == "search" for e in getattr(c, "effects", ()) for s in e.steps)]
    assert {pool[c].kind for c in sources} >= {"character", "event"}
    for src in sources:
        st = mx.position({"turn": 3, "players": [{"hand": [src], "deck": list(pool), "mp": 9},
                                                 {"hand": ["b-int-2"], "deck": list(FILLER)}]}, SEATS, 1)
        play = next(o.id for o in mx.decision_for(st, 0).options if o.id.endswith(f":{src}"))
        mx.apply(st, 0, play)
        d = mx.decision_for(st, 0)
        assert d.kind == "search", src
        took, none = set(), set()
        for o in d.options:
            t = clone(mx, st)
            (none if o.id == "none" else took).add(_shape(mx, t, mx.apply(t, 0, o.id), 1))
        assert len(d.options) > 2 and len(took) == 1 and len(none) == 1, src


def test_MX_SET_07_MX_SET_04_the_order_of_a_mulliganed_hand_reads_the_same_whatever_the_hand(mx):
    """MX-SET-07, MX-SET-04, MX-ZN-04: Ana mulligans a hand given every card of the pool in turn
    (five different cards, five copies of one, two pairs and one); whichever card she puts under next, and
    whether she stops with "the rest in hand order" after 0 to 3 cards, Ben and a spectator see the same log,
    views and seats asked after each step."""
    decks = mx.starter_decks()
    base = mx.new_game([SeatSetup("Ana", list(decks["heroes-rush"])), SeatSetup("Ben", list(decks["villains-control"]))],
                       None, 0)
    p = base.first
    mx.apply(base, p, "mulligan")
    hand = list(base.players[p].hand)
    ids = list(card_pool())
    shapes: dict[tuple[str, ...], set] = {}

    def walk(st, path):
        d = next((x for x in mx.decisions(st) if x.seat == p), None)
        if d is None or d.kind != "mulligan_order":
            return
        for o in dict.fromkeys((d.options[0].id, d.options[-2].id, "rest")):
            t = clone(mx, st)
            key = path + ("rest" if o == "rest" else "bottom",)
            shapes.setdefault(key, set()).add(_shape(mx, t, mx.apply(t, p, o), 1 - p))
            if o != "rest":
                walk(t, key)

    for i in range(0, len(ids), 5):
        cards = [ids[(i + k) % len(ids)] for k in range(5)]
        for variant in (cards, [cards[0]] * 5, cards[:2] * 2 + cards[:1]):
            walk(relabel(mx, base, dict(zip(hand, variant, strict=True))), ())
    assert ("bottom",) * 4 in shapes and ("rest",) in shapes and ("bottom",) * 5 not in shapes
    for path, seen in shapes.items():
        assert len(seen) == 1, f"{path}: different mulliganed hands read differently"

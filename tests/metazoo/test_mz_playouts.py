"""Seeded playouts of MetaZoo checking invariants after every choice:
every game ends with a result (MZ-WIN-05), every Page is in exactly one place (MZ-CORE-10), no Chapter,
Spellbook or face-down Page reaches another seat's or a spectator's view (MZ-CORE-08, MZ-TRAP-11), the
public log never names a face-down or Bookmarked Page, same seed gives the same game (MZ-RNG-03), any state
survives a JSON round trip."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hidden_twins import Planted, check_twins

from games.core.contract import SeatSetup
from games.core.players import RandomPlayer
from games.core.playout import starter_seats
from games.core.rng import Rng
from games.metazoo import GAME as MZ
from games.metazoo import rules
from games.metazoo.pool import card_pool
from games.metazoo.rules import pages

GAMES = 60
NAMES = sorted({p.name for p in card_pool().values()}, key=len, reverse=True)


def new(seed: int):
    decks = MZ.starter_decks()
    ids = sorted(decks)
    a, b = decks[ids[seed % len(ids)]], decks[ids[(seed + 1) % len(ids)]]
    return MZ.new_game([SeatSetup("Ana", a), SeatSetup("Ben", b)], None, seed)


def places(st) -> list[int]:
    out: list[int] = []
    for c in st.casters:
        out += c.spellbook + c.chapter + c.limbo + c.cemetery + c.afterlife
    for ap in st.arena:
        out.append(ap.card)
        out += ap.equipment + ap.under  # Pages underneath left the Arena but stay with it (MZ-PLACE-03)
        if ap.trap >= 0:
            out.append(ap.trap)
    out += [it.card for it in st.chain if it.kind == "contract"]  # an Effect entry is not a place
    if st.trap_flip >= 0:
        out.append(st.trap_flip)
    # Pages waiting on a prompt: an Index's revealed Pages, flipped Traps to pay, paid Traps to order
    out += st.asked + [int(f.split(":")[0]) for f in st.flips] + st.paid
    return out + st.gone  # tokens and copies removed from the game (MZ-TOKEN-03, MZ-GAP-64)


def check_conservation(st) -> None:
    found = places(st)
    assert sorted(found) == list(range(len(st.cards))), "a Page is missing or in two places"


def public_cards(st) -> Counter:
    """Page ids that anyone may see: face-up Arena Pages and their Equipment, the zones, the chain, a
    flipped Trap."""
    out: Counter = Counter()
    for c in st.casters:
        out.update(st.cards[x] for x in c.limbo + c.cemetery + c.afterlife)
    for ap in st.arena:
        if not ap.face_down:
            out[st.cards[ap.card]] += 1
            out.update(st.cards[e] for e in ap.equipment + ap.under)  # Pages underneath are public (MZ-GAP-85)
    out.update(st.cards[it.card] for it in st.chain)
    if st.trap_flip >= 0:
        out[st.cards[st.trap_flip]] += 1
    return out


def cards_in(data) -> Counter:
    """Every ``card`` value in a view's JSON data (a string under the key ``card``, at any depth)."""
    found: list[str] = []
    stack = [data]
    while stack:  # one walk, counted at the end: this runs after every choice of every playout
        cur = stack.pop()
        if isinstance(cur, dict):
            for k, v in cur.items():
                if k == "card" and isinstance(v, str):
                    found.append(v)
                elif isinstance(v, (dict, list)):  # nothing else can hold a ``card`` key
                    stack.append(v)
        else:
            stack.extend([v for v in cur if isinstance(v, (dict, list))])
    return Counter(found)


def own_hidden(st, viewer: int) -> Counter:
    """The Pages only ``viewer`` may see, by Page id: its Chapter, its face-down Pages and the face-down Pages
    under its Pages (MZ-CORE-08, MZ-TRAP-11)."""
    mine: Counter = Counter(st.cards[c] for c in st.casters[viewer].chapter)
    for ap in st.arena:
        if ap.controller == viewer:
            if ap.face_down:
                mine[st.cards[ap.card]] += 1
            if ap.trap >= 0:
                mine[st.cards[ap.trap]] += 1
    return mine


def check_views(st) -> None:
    """MZ-CORE-08, MZ-TRAP-11: the board holds exactly the public Pages; a seat's private part exactly its own
    Chapter and face-down Pages."""
    want = public_cards(st)
    checked = None  # the last board walked: a board equal to it holds the same Pages
    for viewer in (None, 0, 1):
        v = MZ.view(st, viewer)
        if v.board != checked:
            assert cards_in(v.board) == want, f"board of viewer {viewer} shows a hidden Page"
            checked = v.board
        if viewer is None:
            assert v.private is None
            continue
        assert cards_in(v.private) == own_hidden(st, viewer), \
            f"private view of {viewer} is not exactly their own hidden Pages"
        for d in v.decisions:
            assert d.seat == viewer


def check_log(st, events) -> None:
    """The public log never names the Page Bookmarked, placed face-down or moved while face-down (a flip
    reveals it: that event names it on purpose)."""
    for e in events:
        if e.audience is not None:
            continue
        if any(w in e.text for w in ("Bookmarks", "places a face-down", "moves face-down")):
            text = e.text.split(" (")[0]  # "(reason)": the public Page that made the Caster Bookmark
            for ap in st.arena:
                if not ap.face_down:
                    text = text.replace(pages.label(st, ap), "")
            for n in NAMES:
                assert n not in text, f"public event names a hidden Page: {e.text}"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(GAMES))
def test_playout_invariants(seed):
    """MZ-WIN-05, MZ-CORE-08, MZ-CORE-10, MZ-TRAP-11, MZ-OWN-02, MZ-EMPTY-02: a seeded game (random or
    computer players) ends with a result and keeps every invariant after every choice."""
    st = new(seed)
    if seed % 3 == 0:
        players = [RandomPlayer(seed * 7), RandomPlayer(seed * 7 + 1)]
    elif seed % 3 == 1:
        players = [MZ.computer(seed), RandomPlayer(seed * 7 + 1)]
    else:
        players = [MZ.computer(seed), MZ.computer(seed + 1)]
    steps = 0
    while decs := MZ.decisions(st):
        (d,) = decs
        choice = players[d.seat](d, MZ.view(st, d.seat))
        events = MZ.apply(st, d.seat, choice)
        steps += 1
        check_conservation(st)
        check_views(st)
        check_log(st, events)
        if steps % 25 == 0:
            assert MZ.from_json(MZ.to_json(st)) == st
        assert steps < 20000, "the game does not end"
    res = MZ.result(st)
    assert res is not None and MZ.decisions(st) == []
    for p, c in enumerate(st.casters):
        assert all(st.owner[x] == p for x in c.limbo + c.cemetery + c.afterlife + c.chapter + c.spellbook)


NEW_STEPS_DECK = {
    "numbing-mist": 2, "salamander-mark": 2, "ashen-tithe": 2, "trolls-toll": 2, "four-leaf-draught": 1,
    "rust-wind": 2, "fetch": 1, "second-telling": 2, "hazel-rod": 2, "cock-crow": 2, "coiste-bodhar": 1,
    "hobs-lantern": 2, "pipers-tune": 1, "boggarts-jar": 2, "pixie-led": 2, "kappa": 2, "trollhide-girdle": 2,
    "fire-dart": 2, "blizzard": 1, "neutral-aura": 4, "frost-aura": 1, "flame-aura": 2, "earth-aura": 2,
    "spirit-aura": 2, "cosmic-aura": 1, "forest-aura": 1, "light-aura": 2, "dark-aura": 2, "water-aura": 2}
"""A legal Spellbook of the Pages using the later Effect steps (copies, placement, Index, Trap flips, added costs,
Unequip, cannot-lose) so that random games exercise their prompts and zones."""


class NoBluff:
    """A seeded random player that never places a Page face-down (so the games last and use the Pages)."""

    def __init__(self, seed: int):
        self.rng = Rng.from_seed(seed)

    def __call__(self, decision, view=None) -> str:
        ids = [o.id for o in decision.options if not o.id.startswith("trap:")] or [decision.options[0].id]
        return ids[self.rng.below(len(ids))]


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_playout_invariants_with_the_later_steps(seed):
    """MZ-CORE-10, MZ-TOKEN-03, MZ-TOKEN-05/06, MZ-PLACE-03/06, MZ-INFO-04, MZ-SIM-02/04, MZ-WIN-05: the same
    invariants when both Spellbooks use copies, placement underneath, Index, Traps flipped by Effects and the
    other later steps: every Page (tokens, copies, Pages underneath or waiting on a prompt) is in one place."""
    cards = [k for k, n in NEW_STEPS_DECK.items() for _ in range(n)]
    st = MZ.new_game([SeatSetup("Ana", cards), SeatSetup("Ben", cards)], None, seed)
    players = [MZ.computer(seed) if seed % 2 else NoBluff(seed), NoBluff(seed + 50)]
    steps = 0
    while decs := MZ.decisions(st):
        (d,) = decs
        events = MZ.apply(st, d.seat, players[d.seat](d, MZ.view(st, d.seat)))
        steps += 1
        check_conservation(st)
        if steps % 3 == 0 or st.ask:  # every prompt state, and a sample of the rest (these games are long)
            check_views(st)
        check_log(st, events)
        if steps % 25 == 0:
            assert MZ.from_json(MZ.to_json(st)) == st
        assert steps < 20000, "the game does not end"
    assert MZ.result(st) is not None


def test_MZ_RNG_03_replay_is_identical():
    """MZ-RNG-03: the same seed and the same choices give byte-identical states."""
    runs = []
    for _ in range(2):
        st = new(4)
        players = [RandomPlayer(1), RandomPlayer(2)]
        while MZ.decisions(st):
            (d,) = MZ.decisions(st)
            MZ.apply(st, d.seat, players[d.seat](d))
        runs.append(MZ.to_json(st))
    assert runs[0] == runs[1]


WIDE_GAMES = 240
"""With the 60 games of :func:`test_playout_invariants` and the others above: over 300 seeded games."""


@pytest.mark.slow
@pytest.mark.parametrize("block", range(WIDE_GAMES // 20))
def test_playout_invariants_over_300_games(block):
    """MZ-WIN-05, MZ-CORE-08, MZ-CORE-10, MZ-TRAP-11 (at least 300 seeded random games):
    240 more seeded games, 20 per block, of random players (one seed in four never bluffs, so its game runs
    long): every game ends, Pages are conserved and the public log never names a hidden Page after every
    choice, and no hidden Page is in another seat's or a spectator's view every 16th choice and at the end
    (the 60 games above check views after every choice)."""
    for seed in range(1000 + 20 * block, 1020 + 20 * block):
        st = new(seed)
        make = NoBluff if seed % 4 == 1 else RandomPlayer
        players = [make(seed * 7), make(seed * 7 + 1)]
        steps = 0
        while decs := MZ.decisions(st):
            d = decs[0]
            events = MZ.apply(st, d.seat, players[d.seat](d))  # random players read no view
            steps += 1
            check_conservation(st)
            check_log(st, events)
            if steps % 16 == 0:
                check_views(st)
            assert steps < 20000, f"seed {seed}: the game does not end"
        check_views(st)
        assert MZ.result(st) is not None, f"seed {seed}: no result"


# -- the cross-zone permutation check: hidden Pages change nothing public ------------------------------


def hidden_from(st, viewer) -> set[int]:
    """Pages whose identity ``viewer`` cannot see: every Spellbook (its owner's too), other Casters' Chapters,
    and the face-down Pages (standalone or under a Page) other Casters control (MZ-CORE-08, MZ-TRAP-11)."""
    hidden: set[int] = set()
    for p, c in enumerate(st.casters):
        hidden.update(c.spellbook)
        if p != viewer:
            hidden.update(c.chapter)
    for ap in st.arena:
        if ap.controller != viewer:
            if ap.face_down:
                hidden.add(ap.card)
            if ap.trap >= 0:
                hidden.add(ap.trap)
    return hidden


def pending_page(st) -> list[int]:
    """A Page whose Contract or face-down placing is being chosen: its Caster sees the steps (kept fixed)."""
    return [st.pending.card] if st.pending is not None and st.pending.what in ("contract", "trap_place") else []


def twin_playouts(game, seats: int, seeds, every: int = 3, steps: int = 240) -> int:
    """Seeded games at ``seats`` seats (their first ``steps`` choices, random players that place Pages
    face-down too, so bluffs and Traps are among the hidden Pages); before every ``every``-th choice,
    :func:`hidden_twins.check_twins` with the real next choice for the spectator and one seat, each seat in
    turn. Returns how many steps were compared."""
    compared = 0
    for seed in seeds:
        st = MZ.new_game(starter_seats(MZ, seed, seats), None, seed)
        rng = random.Random(seed)
        players = [RandomPlayer(seed * 7 + p) for p in range(seats)]
        n = 0
        while (decs := type(MZ).decisions(MZ, st)) and n < steps:  # the game's own, even when planted
            d = decs[0]
            oid = players[d.seat](d)
            if n % every == 0:
                for watcher in ((n // every) % seats, None):
                    compared += check_twins(game, st, watcher, hidden_from, (d.seat, oid), rng,
                                            fixed=pending_page, named=lambda s, c: pages.defs_of(s)[c].name)
            MZ.apply(st, d.seat, oid)
            n += 1
    return compared


@pytest.mark.parametrize("seats", [2, 4])
def test_MZ_CORE_08_MZ_TRAP_11_MZ_GAP_24_cross_zone_permutation_changes_nothing_public(seats):
    """MZ-CORE-08, MZ-TRAP-11, MZ-GAP-24: for each Caster and the spectator, permuting the
    identities of every Page hidden from them across Chapters, Spellbooks and face-down Pages (standalone or
    under a Page; any Page may be placed face-down, MZ-GAP-61) leaves their view, the spectator view and the
    seats asked unchanged, and so are the public log of the real next choice and everything after it."""
    assert twin_playouts(MZ, seats, range(3)) > 100


@pytest.mark.parametrize("leak, what", [("view", "view"), ("seats", "seats asked"), ("log", "log")])
def test_cross_zone_permutation_check_catches_a_planted_leak(monkeypatch, leak, what):
    """A leak planted in the view, in who is asked or in the public log is caught."""
    Planted(MZ, leak, lambda st: any(pages.defs_of(st)[c].any_time for c in st.casters[1].chapter)).install(monkeypatch)
    with pytest.raises(AssertionError, match=what):
        twin_playouts(MZ, 2, range(3))


def test_cross_zone_permutation_check_catches_an_automatic_pass(monkeypatch):
    """An engine that passed priority automatically for a Caster holding no "any time"
    Page (what MZ-GAP-24 rules out: every priority offer is a decision) is caught by the check."""
    own = rules.apply_choice

    def leaky(st, seat, choice):
        events = own(st, seat, choice)
        while (decs := rules.decisions_of(st)) and decs[0].kind == "priority" and not any(
                pages.defs_of(st)[c].any_time for c in st.casters[decs[0].seat].chapter):
            events += own(st, decs[0].seat, "pass")
        return events

    monkeypatch.setattr(rules, "apply_choice", leaky)
    with pytest.raises(AssertionError, match="differs for watcher"):
        twin_playouts(MZ, 2, range(3))

"""Meta Olympia: a team's own secret choice reads the same whatever the cards (MO-INF-01..03,
MO-FND-02/04, MO-STG-01/02, MO-OPT-04, MO-OPT-08, MO-GAP-12).

The cross-zone permutation check (``test_hidden_permutation.py``) keeps the cards the chooser's step reveals to
them fixed, so it cannot see a leak in how a team's own secret choice is reported. These tests make that check
over the whole card pool, grouping the results by what is public.

What is public, by the rulebook and the gap decisions:

* Fundraise, gaining a sponsor (MO-FND-02/04, MO-GAP-12, MO-INF-03): that two sponsors were drawn (the sponsor
  deck's size is public), that one was kept and the other discarded face down, and the kept card if it is a
  major sponsor, revealed to everyone; a kept minor sponsor and the discarded card are named to nobody else.
* Strategize (MO-STG-01/02): that two tactic cards were drawn, one kept and one discarded face down; neither
  is named.
* A merger (MO-OPT-08): how many tactic cards the buying team keeps and how many it discards face down; not
  which, to the other teams (the dissolved team's player co-manages the buying team from then on, so sees its
  cards as one of its managers, ``GAME.managed_by``).
* A trade (MO-OPT-04): who trades with whom, how many athletes go each way and the credits; never which
  athletes, except to the partner (and athletes discarded face up to even the rosters, which are public).

So within each group every pair of cards drawn (each kept in turn) or every athlete traded must give the same
public log, the same views for the other teams and a spectator, and the same seats asked."""

from __future__ import annotations

from hidden_twins import asked, clone, relabel, view_key

from games.metaolympia import GAME
from games.metaolympia.pool import pool

from .kit import TRACKS, choose, decision, landing_spec, option, position
from .test_merger import DISSOLVING, STARTERS, merged


def _public(events) -> str:
    return " | ".join(e.text for e in events if e.audience is None)


def _shape(st, events, watchers) -> tuple:
    return (_public(events), *(view_key(GAME, st, w) for w in watchers), tuple(asked(GAME, st)))


def _keeps(kind: str, deck: str, cards: list[str], first: str | None = None) -> dict[str, set]:
    """Seat 0 (of 3 teams) lands on ``kind`` with every ordered pair of ``cards`` on top of the ``deck`` (after
    the choice ``first``) and keeps each card of the pair in turn. The shapes seen by seats 1, 2 and a spectator,
    grouped by what is public: ``drawn`` after the draw, then the kept card if it is a major sponsor, else
    ``kept``."""
    groups: dict[str, set] = {}
    for a in cards:
        for b in cards:
            if a == b:
                continue
            st = position(landing_spec(kind, **{deck: [cards[0], a, b]}), n=3)
            ev = choose(st, 0, first) if first else []
            groups.setdefault("drawn", set()).add(_shape(st, ev, (1, 2, None)))
            for o in decision(st).options:
                t = clone(GAME, st)
                after = GAME.apply(t, 0, o.id)
                major = deck == "sponsor_deck" and pool().sponsors[o.cards[0]].major
                groups.setdefault(o.cards[0] if major else "kept", set()).add(_shape(t, after, (1, 2, None)))
    return groups


def test_MO_FND_02_MO_FND_04_MO_INF_03_every_sponsor_pair_kept_either_way_reads_the_same():
    """MO-FND-02, MO-FND-04, MO-INF-03, MO-GAP-12: every ordered pair of sponsors of the pool drawn
    on a Fundraise, keeping either one: the others see the same after the draw; a kept minor sponsor reads the
    same whatever the pair; a kept major sponsor reads the same whatever the card discarded face down."""
    sponsors = list(pool().sponsors)
    groups = _keeps("fundraise", "sponsor_deck", sponsors, first="sponsor")
    majors = [c for c in sponsors if pool().sponsors[c].major]
    assert majors and len(majors) < len(sponsors)
    assert set(groups) == {"drawn", "kept", *majors}
    for key, seen in groups.items():
        assert len(seen) == 1, f"{key}: the sponsors drawn or kept read differently"
    assert "gains a minor sponsor and keeps it secret" in next(iter(groups["kept"]))[0]


def test_MO_STG_01_MO_STG_02_every_tactic_pair_kept_either_way_reads_the_same():
    """MO-STG-01, MO-STG-02, MO-INF-01/03: every ordered pair of tactic cards of the pool drawn on
    Strategize, keeping either one, gives the others the same log, views and seats asked."""
    groups = _keeps("strategize", "tactic_deck", list(pool().tactics))
    assert set(groups) == {"drawn", "kept"}
    for key, seen in groups.items():
        assert len(seen) == 1, f"{key}: the tactic cards drawn or kept read differently"
    assert "keeps a tactic card and discards the other face down" in next(iter(groups["kept"]))[0]


def test_MO_OPT_08_MO_INF_03_the_tactic_cards_kept_in_a_merger_read_the_same_whatever_they_are():
    """MO-OPT-08, MO-INF-03: Ana's team dissolves into Ben's; of the combined three tactic cards
    (given every identity of the pool in turn) Ben keeps one, any one: Cy and a spectator see the same log,
    views and seats asked (and so does the dissolved seat's own view; its player now co-manages Ben's team)."""
    st, _ = merged()
    for cid in DISSOLVING[:3] + STARTERS[:3]:
        GAME.apply(st, 1, option(st, cid))
    assert (decision(st).kind, decision(st).seat) == ("merger_tactic", 1)
    held = list(st.players[1].tactics)
    tactics = list(pool().tactics)
    assert len(held) == 3
    seen = set()
    for i in range(len(tactics)):
        twin = relabel(GAME, st, {c: tactics[(i + 7 * k) % len(tactics)] for k, c in enumerate(held)})
        for o in decision(twin).options:
            t = clone(GAME, twin)
            seen.add(_shape(t, GAME.apply(t, 1, o.id), (0, 2, None)))
    assert len(seen) == 1
    assert "keep 1 tactic cards and discard 2 face down" in next(iter(seen))[0]


def test_MO_OPT_04_MO_INF_01_every_athlete_traded_reads_the_same_to_the_others():
    """MO-OPT-04, MO-INF-01: Ana offers one athlete to Ben for one of his choice, who accepts and
    picks one; with every athlete design of the pool as Ana's offer and as Ben's pick, Cy and a spectator see
    the same log, views and seats asked at every step of the trade."""
    mine = ["phlegra-forward", "dust-warden", "regolith-stopper", "crater-keeper", "red-runner", "canal-striker"]
    theirs = ["koroibos", "astylos", "tharsis-lancer", "valles-racer", "amazonis-striker", "huoxing"]
    base = position({"options": {"trades": True}, "tracks": TRACKS, "land": {"seat": 0, "tile": 0},
                     "athlete_deck": ["diagoras", "kyniska", "milo-of-croton"],
                     "players": [{"athletes": mine, "credits": 0}, {"athletes": theirs, "credits": 0}, {}]}, n=3)
    given, picked = base.players[0].athletes[0], base.players[1].athletes[0]
    steps = ["trade", "with:1", f"give:{given}", "next", "ask:1", "accept", f"pick:{picked}"]
    athletes = list(pool().athletes)
    seen: list[set] = [set() for _ in steps]
    for i, a in enumerate(athletes):
        st = relabel(GAME, base, {given: a, picked: athletes[(7 * i + 3) % len(athletes)]})
        for k, choice in enumerate(steps):
            ev = GAME.apply(st, decision(st).seat, choice)
            seen[k].add(_shape(st, ev, (2, None)))
    assert [len(s) for s in seen] == [1] * len(steps)
    assert "give 1 athlete and receive 1" in next(iter(seen[-1]))[0]

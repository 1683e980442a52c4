"""The cross-zone hidden-card permutation check for Meta Olympia (MO-INF-01..03, MO-STG-02,
MO-FND-04, MO-OPT-04).

At seeded positions of random playouts (2, 3 and 4 teams with the default rules; and with every optional rule:
gambling, side wagers, trades, mergers, Team Up, fewer stages, best-of lengths, the Mega League for 5 and 6
teams), for each watcher (every seat and a spectator) a *twin* of the position is made in which every card
hidden from that watcher is swapped with another card the watcher cannot tell it from, across zones: tactic
cards in the other teams' hands, the tactics deck, face-down discarded tactics and drawn tactic cards not the
watcher's; minor sponsors in the other teams' hands with the sponsor deck, face-down discarded sponsors and
drawn sponsors (a hand only ever receives a minor sponsor); the athlete deck, athletes drawn by another team
and the *secret* athletes in other hands (see below); the scrimmage deck within each tier (the tier on top is
on the board). Cards move as numbers, so a leak of a hidden card's number shows as well as one of its name.

Then, in the twin:

* the watcher's view and the spectator's view are the same (``View`` holds the board, the private part, the
  watcher's decisions and who is waited for);
* the same seats are asked, for the same kinds of decision;
* when the real next choice is offered in the twin too (the same option, its card numbers carried along), it
  is applied to both, and the seats then asked, the public log of the step (events with audience ``None``)
  and both views afterwards are the same. The cards the step reveals to the watcher in the real game (played,
  discarded face up, drawn by the watcher, recruited) stay where they are in the twin. A step that reveals
  other cards in the twin than in the real game (a minor sponsor whose goal the swapped card meets, a
  sponsor kept that is major in one and minor in the other) or that ends the game (final scoring counts every
  roster) follows the rules in revealing, and only the views before it are compared.

Athletes in hand: every team's roster is public knowledge except through trades (MO-OPT-04: the others see
how many athletes change hands, never which) - the six starting Rookies, recruits (named in the log) and
athletes played or injured are known. So the check tracks, along the playout, the athletes whose identity only
their team knows: after a trade step every athlete of a team whose roster changed; an athlete leaves that set
when it is played, injured or leaves the hand. An athlete offered in a trade is known to the partner while the
trade is open.

:func:`test_MO_INF_the_check_catches_a_planted_leak` plants one leak of each kind (a view, who is asked, the
public log) and shows the check fails on it."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from games.core.contract import Event, SeatSetup
from games.metaolympia import GAME, game, rules
from games.metaolympia.pool import pool
from games.metaolympia.rules.trades import TRADE_KINDS

from .test_playouts import check_cards

ALL = {"gambling": True, "wagers": True, "trades": True, "merger": True, "teamup": True}
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}),
    (2, {**ALL, "short": True, "bestof": 5, "final": 3}),
    (3, ALL), (4, ALL), (4, {**ALL, "short": True, "bestof": 7, "final": 7}),
    (5, {**ALL, "mega": True}), (6, {**ALL, "mega": True, "short": True}),
]
"""Seat counts and table options of the playouts: every optional rule appears (MO-OPT-01..08)."""

NUMBERED = rules.CARD_KINDS | {"trade_give", "trade_pick", "trade_discard"}
"""Decision kinds whose option ids end in a card number (``tactic:17``)."""
STATE_ZONES = ("athlete_deck", "athlete_discard", "market", "tactic_deck", "tactic_discard", "tactic_buried",
               "sponsor_deck", "sponsor_buried", "majors", "scrim_deck", "scrim_discard", "pending")
PLAYER_ZONES = ("athletes", "injured", "tactics", "minors", "shown", "scrims")


def kind_of(st, c: int) -> str:
    return pool().by_id[st.cards[c]][0]


def in_play(st) -> set[int]:
    """Athletes of the contest under way: played (revealed) or on the mat."""
    con = st.contest
    if con is None:
        return set()
    return {x for side in con["played"] for x in side if x >= 0} | {x for x in con["mat"] if x >= 0}


# ---------------------------------------------------------------- what a watcher cannot see

def hands(st) -> list[set[int]]:
    return [set(p.athletes) for p in st.players]


def secret_roster(secret: set[int], before: list[set[int]], after, kind: str, choice: str) -> set[int]:
    """The athletes in hand whose identity only their team knows after the step ``choice`` of ``kind`` (see the
    module docstring): a trade step makes secret every athlete of a team whose roster it changed; an athlete
    revealed (even if its contest ended in the same step), injured or out of every hand is known."""
    out: set[int] = set()
    if kind == "athlete":
        secret = secret - {int(choice.rpartition(":")[2])}
    for s, p in enumerate(after.players):
        hand = set(p.athletes)
        if kind in TRADE_KINDS and hand != before[s]:
            out |= hand
        else:
            out |= hand & secret  # a merger moves athletes with what is known of them
        out -= set(p.injured)
    return out - in_play(after)


def hidden(st, w: int | None, secret: set[int]) -> dict[str, list[int]]:
    """The card numbers hidden from watcher ``w`` (a seat; ``None`` a spectator), by the class of cards ``w``
    cannot tell apart: ``tactic``, ``minor`` (minor sponsors in hands), ``sponsor`` (sponsors elsewhere, major
    or minor), ``athlete``, ``scrim<tier>``."""
    out: dict[str, list[int]] = {}
    con = st.contest
    scrim = con is not None and con["kind"] == "scrimmage"
    if st.tile is not None and st.tile["seat"] == w and not scrim:
        pending: list[int] = []  # the drawer sees its drawn cards (MO-INF-01)
    else:
        pending = [c for c in st.pending if con is None or c != con["card"]]
    trade = (st.tile or {}).get("trade")
    offered = set(trade["give"]) if trade and trade["to"] == w else set()  # the partner is told the offer
    out["tactic"] = st.tactic_deck + st.tactic_buried + [c for c in pending if kind_of(st, c) == "tactic"]
    out["sponsor"] = st.sponsor_deck + st.sponsor_buried + [c for c in pending if kind_of(st, c) == "sponsor"]
    out["athlete"] = st.athlete_deck + [c for c in pending if kind_of(st, c) == "athlete"]
    out["minor"] = []
    known = in_play(st) | offered
    for s, p in enumerate(st.players):
        if s != w:
            out["tactic"] = out["tactic"] + p.tactics
            out["minor"] = out["minor"] + p.minors
            out["athlete"] = out["athlete"] + [a for a in p.athletes
                                               if a in secret and a not in p.injured and a not in known]
    for c in st.scrim_deck:
        out.setdefault(f"scrim{rules.cdef(st, c).tier}", []).append(c)
    return out


def flat(h: dict[str, list[int]]) -> set[int]:
    return {c for cs in h.values() for c in cs}


def permutation(st, h: dict[str, list[int]], fixed: set[int], rnd: random.Random) -> dict[int, int]:
    """A random swap of the hidden cards ``h`` within their classes, ``fixed`` left in place: card number
    ``old`` -> the number put in its place. Minor sponsor slots in hands get minor sponsors; the other sponsor
    slots get the remaining sponsors, major or minor."""
    sigma: dict[int, int] = {}

    def shuffle(slots: list[int], cards: list[int]) -> None:
        cards = list(cards)
        rnd.shuffle(cards)
        sigma.update(zip(slots, cards, strict=True))

    for k, cs in h.items():
        if k not in ("minor", "sponsor"):
            cs = [c for c in cs if c not in fixed]
            shuffle(cs, cs)
    hands = [c for c in h["minor"] if c not in fixed]
    rest = [c for c in h["sponsor"] if c not in fixed]
    minors = hands + [c for c in rest if not rules.cdef(st, c).major]
    rnd.shuffle(minors)
    to_hands, spare = minors[:len(hands)], minors[len(hands):]
    shuffle(hands, to_hands)
    shuffle(rest, spare + [c for c in rest if rules.cdef(st, c).major])
    return {a: b for a, b in sigma.items() if a != b}


def relabel(st, sigma: dict[int, int]) -> None:
    """Put card ``sigma[c]`` wherever card ``c`` is, in every zone and every reference to a card number."""
    def f(c: int) -> int:
        return sigma.get(c, c)

    for z in STATE_ZONES:
        setattr(st, z, [f(c) for c in getattr(st, z)])
    for p in st.players:
        for z in PLAYER_ZONES:
            setattr(p, z, [f(c) for c in getattr(p, z)])
    if st.tile is not None:
        if "new" in st.tile:
            st.tile["new"] = f(st.tile["new"])
        if "trade" in st.tile:
            t = st.tile["trade"]
            t["give"], t["picked"] = [f(c) for c in t["give"]], [f(c) for c in t["picked"]]
    if st.merger is not None:
        for k in ("kept", "kept_t"):
            if k in st.merger:
                st.merger[k] = [f(c) for c in st.merger[k]]
    con = st.contest
    if con is not None:
        con["played"] = [[f(c) if c >= 0 else c for c in side] for side in con["played"]]
        con["mat"] = [f(c) if c >= 0 else c for c in con["mat"]]
        con["card"] = f(con["card"]) if con["card"] >= 0 else -1
        con["tough"] = [f(c) for c in con["tough"]]
    for holder in [*st.queue, st.roll, st.prompt]:  # the board's last roll is history: it names its card
        if holder is not None and holder.get("athlete", -1) >= 0:
            holder["athlete"] = f(holder["athlete"])


def carried(kind: str, choice: str, sigma: dict[int, int]) -> str:
    """The twin's option for ``choice``: the same option with its card number carried along."""
    head, _, arg = choice.rpartition(":")
    if kind in NUMBERED and head and arg.isdigit():
        return f"{head}:{sigma.get(int(arg), int(arg))}"
    return choice


# ---------------------------------------------------------------- the check

def asked(st) -> list[tuple[int, str, bool, bool, bool]]:
    # whether a decision is forced, a window or aimed must follow from public facts too
    return [(d.seat, d.kind, d.forced, d.window, d.aimed) for d in GAME.decisions(st)]


def public(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.audience is None]


class Tally:
    """What the check compared: ``twins`` (views and seats asked), ``steps`` (the step applied to both too),
    ``reveals`` (a step revealing other cards in the twin, or ending the game: views only), ``absent`` (the
    real choice not offered in the twin); ``kinds``, the decision kinds checked."""

    def __init__(self) -> None:
        self.twins = self.steps = self.reveals = self.absent = 0
        self.kinds: Counter[str] = Counter()


def check(st, secret: set[int], choice: str, rnd: random.Random, tally: Tally, where: str) -> set[int]:
    """The permutation check of position ``st`` for every watcher, the real next step being ``choice`` (of the
    one open decision); returns the secret athletes after the step. AssertionError naming the watcher and
    what differs ("view", "seats asked", "log")."""
    d = GAME.decisions(st)[0]
    tally.kinds[d.kind] += 1
    real = copy.deepcopy(st)
    real_ev = GAME.apply(real, d.seat, choice)
    secret_after = secret_roster(secret, hands(st), real, d.kind, choice)
    over = GAME.result(real) is not None
    for w in [None, *range(len(st.players))]:
        before = hidden(st, w, secret)
        revealed = flat(before) - flat(hidden(real, w, secret_after))
        sigma = permutation(st, before, revealed, rnd)
        if not sigma:
            continue
        at = f"{where}, watcher {w}"
        twin = copy.deepcopy(st)
        relabel(twin, sigma)
        check_cards(twin, at)
        tally.twins += 1
        assert GAME.view(twin, w) == GAME.view(st, w), f"{at}: the watcher's view differs"
        assert GAME.view(twin, None) == GAME.view(st, None), f"{at}: the spectator view differs"
        assert asked(twin) == asked(st), f"{at}: seats asked differ"
        tchoice = carried(d.kind, choice, sigma)
        if GAME.decisions(twin)[0].option(tchoice) is None:
            tally.absent += 1
            continue
        tsecret = {sigma.get(a, a) for a in secret}
        thidden = flat(hidden(twin, w, tsecret))
        thands = hands(twin)
        twin_ev = GAME.apply(twin, d.seat, tchoice)
        tsecret_after = secret_roster(tsecret, thands, twin, d.kind, tchoice)
        if over or GAME.result(twin) is not None or thidden - flat(hidden(twin, w, tsecret_after)) != revealed:
            tally.reveals += 1
            continue
        tally.steps += 1
        assert asked(twin) == asked(real), f"{at}: after {choice}, seats asked differ: {asked(twin)} v {asked(real)}"
        assert public(twin_ev) == public(real_ev), (
            f"{at}: after {choice}, the public log differs: {public(twin_ev)} v {public(real_ev)}")
        assert GAME.view(twin, w) == GAME.view(real, w), f"{at}: after {choice}, the watcher's view differs"
        assert GAME.view(twin, None) == GAME.view(real, None), f"{at}: after {choice}, the spectator view differs"
    return secret_after


def choose(rnd: random.Random, d) -> str:
    ids = [o.id for o in d.options]
    if d.kind == "merger" and "none" in ids and rnd.random() < 0.75:
        return "none"
    return ids[rnd.randrange(len(ids))]


COMMON = frozenset({"move", "spot", "athlete", "tactic", "react", "dice", "keep", "recover_dice", "bet", "wager",
                    "wager_ok", "merger"})
"""The decision kinds met again and again: checked at a sample of them; every other kind is checked each time."""


def playout(seed: int, n: int, options: dict[str, Any], rate: float, tally: Tally) -> None:
    """A seeded random game of ``n`` teams; the check runs before a step of a :data:`COMMON` kind with
    probability ``rate``, before any other step always."""
    st = GAME.new_game([SeatSetup(f"P{i}") for i in range(n)], dict(options), seed)
    rnd = random.Random(seed * 7919 + n)
    secret: set[int] = set()
    for step in range(5000):
        decs = GAME.decisions(st)
        if not decs:
            return
        d = decs[0]
        choice = choose(rnd, d)
        if rnd.random() < rate or d.kind not in COMMON:
            secret = check(st, secret, choice, rnd, tally, f"seed {seed}, {n} teams, {options}, step {step}")
            GAME.apply(st, d.seat, choice)
        else:
            before = hands(st)
            GAME.apply(st, d.seat, choice)
            secret = secret_roster(secret, before, st, d.kind, choice)
    raise AssertionError(f"seed {seed}: no end in sight")



# ---------------------------------------------------------------- the tests

SEEDS = (3, 4)
RATE = 0.1
"""The check runs before one :data:`COMMON` step in 10 (each game of ``CONFIGS``, each seed; one seed for
five or more teams)."""


@pytest.mark.slow
@pytest.mark.parametrize(("n", "options"), CONFIGS, ids=[f"{n}-{'-'.join(sorted(o)) or 'default'}"
                                                          for n, o in CONFIGS])
def test_MO_INF_01_MO_INF_03_MO_OPT_04_hidden_cards_swapped_across_zones_change_nothing_seen(n, options):
    """MO-INF-01, MO-INF-03, MO-STG-02, MO-FND-04, MO-OPT-04, MO-GAP-16: at seeded positions of
    random games of ``n`` teams with ``options``, for every watcher, swapping the cards hidden from it across
    zones changes neither its view nor the spectator's nor who is asked, nor (the real next choice applied)
    who is asked next, the public log of the step or the views after it."""
    tally = Tally()
    for seed in SEEDS[:1] if n > 4 else SEEDS:
        playout(seed, n, options, RATE, tally)
    assert tally.twins >= 20 and tally.steps >= 0.8 * tally.twins, vars(tally)


def leak_view(monkeypatch) -> None:
    """The board shows every team's tactic cards."""
    board_of = game.board_of

    def leaky(st):
        b = board_of(st)
        for row, p in zip(b["players"], st.players, strict=True):
            row["peek"] = [st.cards[t] for t in p.tactics]
        return b

    monkeypatch.setattr(game, "board_of", leaky)


def leak_asked(monkeypatch) -> None:
    """The old rule: a team is asked its tactic turn or injury reaction only when it can play a card; here the
    others pass silently."""
    monkeypatch.setattr(rules, "holds_tactics", lambda st, s: bool(rules.playable_tactics(st, s)))


def leak_log(monkeypatch) -> None:
    """Strategize names the tactic card kept in the public log."""
    keep_tactic = rules.keep_tactic

    def leaky(st, s, c, ev):
        ev.append(Event(f"{rules.name(st, s)} keeps {rules.cname(st, c)}."))
        keep_tactic(st, s, c, ev)

    monkeypatch.setattr(rules, "keep_tactic", leaky)


@pytest.mark.parametrize(("plant", "caught"), [(leak_view, "view differs"), (leak_asked, "seats asked differ"),
                                               (leak_log, "public log differs")], ids=["view", "asked", "log"])
def test_MO_INF_the_check_catches_a_planted_leak(monkeypatch, plant, caught):
    """MO-INF-01: the permutation check fails on a planted leak of each kind: a view showing
    hidden cards, who is asked depending on which tactic cards a team holds, a public log line naming a
    secret card; without the plant the same games pass (the test above)."""
    plant(monkeypatch)
    with pytest.raises(AssertionError, match=caught):
        for seed in SEEDS:
            playout(seed, 3, {}, 1.0, Tally())

"""Seeded random Meta Olympia playouts: 300 games each of 2, 3 and 4 teams with the default options, and
300 with every optional rule on (gambling, side wagers, trades, mergers; some of them also with fewer stages and
the Mega League for 5 and 6 teams).

Checked after EVERY decision:

* cards are conserved: every card number 0..len(state.cards)-1 is in exactly one zone (decks, discard piles,
  market, revealed major sponsors, pending drawn cards, each team's athletes, tactics, minor sponsors, revealed
  minor sponsors and kept scrimmage cards; MO-CMP-01, MO-REC-03/04, MO-SCR-05);
* no token count is negative and no token total exceeds its supply: 40 credits, 24 popularity, 24 prestige,
  doubled in the Mega League (MO-CMP-04, MO-GAP-18);
* every team still playing holds exactly 6 athletes (MO-REC-04), except while a trade is being balanced
  (``trade_discard``: the team discarding is above 6, its partner may wait below 6 to draw) or while a merger's
  acquiring team chooses the six it keeps (``merger_keep``); injured athletes are always among them (MO-INJ-03);
* no hidden card reaches another seat's or a spectator's view (MO-INF-01, MO-INF-03): tactic cards and minor
  sponsors in other teams' hands, cards waiting in ``pending`` that are not the viewer's to see, face-down
  discards (``tactic_buried``, ``sponsor_buried``) and the face-down decks. A definition id (or its name) that
  is hidden from the viewer may still appear when a copy of it is visible to that viewer (a copy in a discard
  pile, the viewer's own hand, the market, ...): only ids with no visible copy are searched for, in the JSON of
  the view (board, private part and the viewer's decisions with prompts and labels).

Every game ends with a result after the last stage: the log announces exactly 4 Tournaments (2 with the fewer
stages option), the last one the Final Championship, and the board shows the last stage (MO-STR-01..03,
MO-RST-02, MO-OPT-03).

Speed (about 33 s of CPU for the file on the 2-core machine; more wall time under load): the state invariants are
checked in full after every decision, and so is the open decision (prompt, labels, cards) against its seat's
secrets. The board is the same for every viewer, so it is searched once, for the spectator's secrets (a superset
of any seat's); it and each seat's private part are rebuilt and searched whenever a key of what they are drawn
from (public zones, sizes of the hidden zones, pending cards, the tile and contest card; a seat's own hand
zones) differs from the one last checked. The players pick uniformly at random, except that a merger proposal is
made with probability 1/4 (else every game would merge at Stage 2)."""

from __future__ import annotations

import json
import random

import pytest

from games.core.contract import SeatSetup
from games.metaolympia import GAME
from games.metaolympia.pool import pool

GAMES = 300
SUPPLY = {"credits": 40, "popularity": 24, "prestige": 24}
ALL_OPTIONS = {"gambling": True, "wagers": True, "trades": True, "merger": True}


def _name(cid: str) -> str:
    return pool().by_id[cid][1].name


NAMES: dict[str, str] = {}


def name_of(cid: str) -> str:
    n = NAMES.get(cid)
    if n is None:
        n = NAMES[cid] = _name(cid)
    return n


# ---------------------------------------------------------------- state invariants

def zones(st) -> list[int]:
    """Every card number in every zone (a number twice if it were in two places)."""
    out = (st.athlete_deck + st.athlete_discard + st.market + st.tactic_deck + st.tactic_discard + st.tactic_buried
           + st.sponsor_deck + st.sponsor_buried + st.majors + st.scrim_deck + st.scrim_discard + st.pending)
    for p in st.players:
        out += p.athletes + p.tactics + p.minors + p.shown + p.scrims
    return out


NUMBERS: dict[int, frozenset[int]] = {}


def numbers(n: int) -> frozenset[int]:
    """``{0, ..., n - 1}``, made once per card count."""
    got = NUMBERS.get(n)
    if got is None:
        got = NUMBERS[n] = frozenset(range(n))
    return got


def check_cards(st, where: str) -> None:
    found = zones(st)
    if len(found) != len(st.cards) or set(found) != numbers(len(st.cards)):
        seen: dict[int, int] = {}
        for c in found:
            seen[c] = seen.get(c, 0) + 1
        twice = sorted(c for c, k in seen.items() if k > 1)
        lost = sorted(set(range(len(st.cards))) - set(found))
        raise AssertionError(f"{where}: cards in two zones {twice}, in none {lost}")


def check_tokens(st, where: str) -> None:
    mult = 2 if st.options.get("mega") else 1
    for tok, cap in SUPPLY.items():
        vals = [getattr(p, tok) for p in st.players]
        assert min(vals) >= 0, f"{where}: negative {tok} {vals}"
        assert sum(vals) <= cap * mult, f"{where}: {sum(vals)} {tok} held, supply {cap * mult}"


def check_athletes(st, kind: str | None, seat: int | None, where: str) -> None:
    """Exactly 6 athletes per team still playing, outside a trade's balancing and a merger's keep step."""
    below = []
    for s, p in enumerate(st.players):
        if p.injured:  # (an empty list passes both)
            assert set(p.injured) <= set(p.athletes) and len(set(p.injured)) == len(p.injured), where
        if p.out:
            assert not p.athletes, f"{where}: seat {s} is out but holds athletes"
            continue
        k = len(p.athletes)
        if s == seat and kind in ("trade_discard", "merger_keep"):
            assert k > 6, f"{where}: seat {s} asked to cut down from {k} athletes"
        elif kind == "trade_discard" and k < 6:
            below.append(s)  # the trade partner draws back to 6 once the discarding team is done
        else:
            assert k == 6, f"{where}: seat {s} holds {k} athletes"
    assert len(below) <= 1, f"{where}: seats {below} below 6 athletes"


# ---------------------------------------------------------------- hidden information

def public_ids(st) -> set[str]:
    """Definition ids of every card everyone may see: public zones and the contest."""
    c = st.cards
    ids = {c[x] for x in st.market + st.athlete_discard + st.tactic_discard + st.majors + st.scrim_discard}
    for p in st.players:
        ids.update(c[x] for x in p.shown + p.scrims)
    con = st.contest
    if con is not None:
        for side in con["played"]:
            ids.update(c[x] for x in side if x >= 0)
        if con["card"] >= 0:
            ids.add(c[con["card"]])
    return ids


def visible_ids(st, viewer: int | None, public: set[str] | None = None) -> set[str]:
    """Definition ids of every card the viewer may see: public zones, the contest, its own hand and drawn cards
    (``public``: :func:`public_ids` of ``st`` when already worked out)."""
    c = st.cards
    ids = public_ids(st) if public is None else set(public)
    if viewer is not None:
        p = st.players[viewer]
        ids.update(c[x] for x in p.athletes + p.tactics + p.minors)
        if st.tile is not None and st.tile["seat"] == viewer:
            ids.update(c[x] for x in st.pending)
    return ids


def hidden_ids(st, viewer: int | None) -> set[str]:
    """Definition ids of cards hidden from the viewer: other teams' tactics and minor sponsors, drawn cards that
    are not the viewer's, face-down discards."""
    c = st.cards
    hid = st.tactic_buried + st.sponsor_buried
    for s, p in enumerate(st.players):
        if s != viewer:
            hid = hid + p.tactics + p.minors
    if st.pending and not (st.tile is not None and st.tile["seat"] == viewer):
        scrim = st.contest is not None and st.contest["kind"] == "scrimmage"
        hid = hid + [x for x in st.pending if not (scrim and x == st.contest["card"])]
    return {c[x] for x in hid}


def secrets(st, viewer: int | None, public: set[str] | None = None) -> set[str]:
    return hidden_ids(st, viewer) - visible_ids(st, viewer, public)


MARKS: dict[str, tuple[str, str]] = {}


def search(text: str, secret: set[str], what: str) -> None:
    for cid in secret:
        marks = MARKS.get(cid)
        if marks is None:
            marks = MARKS[cid] = (f'"{cid}"', name_of(cid))
        assert marks[0] not in text and marks[1] not in text, f"{what} shows hidden {cid} ({name_of(cid)})"


def decisions_text(decs) -> str:
    return json.dumps([[d.kind, d.prompt, [[o.id, o.label, list(o.cards)] for o in d.options]] for d in decs],
                      ensure_ascii=False, check_circular=False)


def board_key(st) -> tuple:
    """What the board's cards are drawn from: the public zones, the sizes of the hidden ones, the contest's card
    and the tile in play (the athletes revealed in a contest are public by definition and not listed)."""
    con = st.contest
    return (tuple(st.market), len(st.athlete_discard), len(st.tactic_discard), len(st.tactic_buried),
            len(st.sponsor_buried), len(st.majors), len(st.scrim_discard), tuple(st.pending),
            tuple((len(p.tactics), len(p.minors), len(p.shown), len(p.scrims), p.out) for p in st.players),
            None if con is None else (con["kind"], con["card"]),
            None if st.tile is None else (st.tile["seat"], st.tile["kind"], st.tile.get("step")))


def private_key(st, viewer: int) -> tuple:
    """What ``viewer``'s private part is drawn from."""
    p = st.players[viewer]
    mine = st.tile is not None and st.tile["seat"] == viewer and st.contest is None
    return (tuple(p.athletes), tuple(p.injured), tuple(p.tactics), tuple(p.minors),
            tuple(st.pending) if mine else None, len(st.pending))


def check_views(st, decs, last: dict, where: str) -> None:
    """The spectator's board against every secret of the spectator (a superset of any seat's: the board is the
    same for everyone); each seat's private part against its own secrets; the open decision (in its seat's view
    only) against that seat's secrets."""
    known: dict[int | None, set[str]] = {}  # each viewer's secrets, worked out once per position
    public: list[set[str]] = []

    def secrets_of(viewer: int | None) -> set[str]:
        sec = known.get(viewer)
        if sec is None:
            if not public:
                public.append(public_ids(st))
            sec = known[viewer] = secrets(st, viewer, public[0])
        return sec

    key = board_key(st)
    if last.get("board") != key:
        last["board"] = key
        sec = secrets_of(None)
        v = GAME.view(st, None)
        assert v.private is None and not v.decisions, where
        if sec:
            search(json.dumps(v.board, ensure_ascii=False, check_circular=False), sec, f"{where}: the board")
    for s in range(len(st.players)):
        key = private_key(st, s)
        if last.get(s) != key:
            last[s] = key
            sec = secrets_of(s)
            v = GAME.view(st, s)
            assert list(v.decisions) == [d for d in decs if d.seat == s], where
            if sec:
                search(json.dumps(v.private, ensure_ascii=False, check_circular=False), sec,
                       f"{where}: seat {s}'s private view")
    for d in decs:
        sec = secrets_of(d.seat)
        if sec:
            search(decisions_text([d]), sec, f"{where}: seat {d.seat}'s decision")


# ---------------------------------------------------------------- the players and the games

def choose(rnd: random.Random, d) -> str:
    ids = [o.id for o in d.options]
    if d.kind == "merger" and "none" in ids and rnd.random() < 0.75:
        return "none"
    return ids[rnd.randrange(len(ids))]


def play(seed: int, n: int, options: dict | None) -> None:
    st = GAME.new_game([SeatSetup(f"P{i}") for i in range(n)], None if options is None else dict(options), seed)
    rnd = random.Random(seed * 7919 + n)
    last: dict = {}
    log = [e.text for e in GAME.intro(st)]
    steps = 0
    game = f"seed {seed}, {n} teams, {options}, decision "
    while True:
        decs = GAME.decisions(st)
        dseat = decs[0].seat if decs else -1
        kind = decs[0].kind if decs else None
        where = f"{game}{steps}"
        check_cards(st, where)
        check_tokens(st, where)
        check_athletes(st, kind, dseat, where)
        check_views(st, decs, last, where)
        if not decs:
            break
        assert len(decs) == 1, f"{where}: {len(decs)} decisions open"
        d = decs[0]
        log += [e.text for e in GAME.apply(st, d.seat, choose(rnd, d))]
        steps += 1
        assert steps < 5000, f"{where}: no end in sight"
    res = GAME.result(st)
    assert res is not None and res.reason == "prestige", f"{where}: ended without a result"
    stages = 2 if (options or {}).get("short") else 4
    starts = [t for t in log if t.startswith(("Tournament: ", "Final Championship: ", "Final Championship "))]
    assert len(starts) == stages, f"{where}: {len(starts)} Tournaments played, not {stages}"
    assert starts[-1].startswith("Final Championship") and not any(
        t.startswith("Final") for t in starts[:-1]), where
    board = GAME.view(st, None).board
    assert board["stage"] == stages - 1 and board["stages"] == stages and board["phase"] == "over"
    assert set(res.winners) | set(res.losers) == set(range(n)) and res.winners


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_MO_STR_01_MO_STR_03_MO_REC_04_MO_INF_01_MO_INF_03_random_games(n):
    """MO-STR-01, MO-STR-02, MO-STR-03, MO-RST-02, MO-CMP-04, MO-GAP-18, MO-REC-04, MO-INF-01, MO-INF-03: 300 seeded random games
    of ``n`` teams: cards conserved, supply never exceeded, six athletes each, no hidden card in another
    seat's or a spectator's view after every decision; four Tournaments, then a result."""
    for seed in range(GAMES):
        play(seed, n, None)


@pytest.mark.slow
def test_MO_OPT_01_MO_OPT_02_MO_OPT_04_MO_OPT_07_random_games_with_every_option():
    """MO-OPT-01/02/04/07/08 (with MO-OPT-03/05, MO-GAP-21, MO-GAP-18): 300 seeded random games with gambling,
    side wagers, trades and mergers on, for 3 and 4 teams, and some of them also with fewer stages or the Mega
    League for 5 and 6 teams; the same invariants after every decision."""
    for seed in range(GAMES):
        k = seed % 10
        if k == 0:
            n, extra = 2, {}
        elif k < 4:
            n, extra = 4, {}
        elif k < 7:
            n, extra = 3, {}
        elif k == 7:
            n, extra = 4, {"short": True}
        elif k == 8:
            n, extra = 5, {"mega": True}
        else:
            n, extra = 6, {"mega": True, "short": seed % 20 == 9}
        play(seed, n, {**ALL_OPTIONS, **extra})

"""Meta Olympia player-to-player athlete trades (MO-OPT-04, the ``trades`` table option), through the game
contract: the proposal, counter-offer and accept/decline decisions, hidden cards staying hidden, both teams
back to exactly 6 athletes (MO-REC-04) and credits as the only other thing that changes hands."""

from __future__ import annotations

import pytest

from games.core.contract import RulesError
from games.metaolympia import GAME

from .kit import (
    TRACKS,
    athlete_ids,
    board,
    decision,
    heard,
    ids,
    name_of,
    option,
    position,
    view_text,
)

MINE = ["phlegra-forward", "dust-warden", "regolith-stopper", "crater-keeper", "red-runner", "canal-striker"]
THEIRS = ["koroibos", "astylos", "tharsis-lancer", "valles-racer", "amazonis-striker", "huoxing"]
DECK = ["diagoras", "kyniska", "milo-of-croton"]
"""The athlete deck, top last: the first card drawn is Milo of Croton."""

TRADE_IDS = ("with:", "back", "give:", "next", "ask:", "credits:", "accept", "decline", "counter:", "pick:",
             "discard:")
"""Every option a trade decision may offer: teams, athletes, counts and credits, nothing else."""


def trade_position(trades: bool = True, **extra):
    """Seat 0 lands on a Recruit tile; seat 1 holds six Pros nobody else has; seat 2 looks on."""
    spec = {
        "options": {"trades": trades}, "tracks": TRACKS, "athlete_deck": DECK,
        "players": [
            {"athletes": MINE, "credits": 5, "popularity": 2, "prestige": 1, "tactics": ["field-medic"],
             "minors": ["syrtis-spice-traders"]},
            {"athletes": THEIRS, "credits": 4, "popularity": 3, "prestige": 2, "tactics": ["second-breath"],
             "minors": ["kasei-express"]},
            {},
        ],
        "land": {"seat": 0, "tile": 0},
    }
    spec.update(extra)
    return position(spec, n=3)


def tokens(st, seat: int) -> dict:
    p = board(st)["players"][seat]
    return {k: p[k] for k in ("popularity", "prestige", "tactics", "minors", "shown")}


def answer(st, seat: int, choice: str, log: list, kinds: list | None = None) -> None:
    d = decision(st)
    assert d.seat == seat, (d.seat, d.kind, seat)
    if kinds is not None:
        kinds.append(d)
    log.extend(GAME.apply(st, seat, choice))


def test_MO_OPT_04_without_the_option_a_recruit_tile_offers_no_trade():
    """MO-OPT-04 off (the default): recruiting offers the market, the deck, the discard pile or nobody, never
    a trade, and asking for one is refused."""
    st = trade_position(trades=False)
    d = decision(st)
    assert (d.kind, d.seat) == ("recruit", 0) and "trade" not in ids(st)
    with pytest.raises(RulesError, match="not one of your options"):
        GAME.apply(st, 0, "trade")


def test_MO_OPT_04_a_recruit_tile_may_propose_a_trade_instead_and_go_back():
    """MO-OPT-04: with the option a Recruit tile offers a trade with any other team, besides recruiting from
    the athlete deck; "back" returns to the recruit choice."""
    st = trade_position()
    d = decision(st)
    assert d.kind == "recruit" and {"draw", "trade", "decline"} <= set(ids(st))
    GAME.apply(st, 0, "trade")
    d = decision(st)
    assert (d.kind, d.seat) == ("trade_with", 0) and ids(st) == ["with:1", "with:2", "back"]
    GAME.apply(st, 0, "back")
    assert decision(st).kind == "recruit"


def test_MO_OPT_04_proposal_counter_accept_exchange_and_six_athletes_each():
    """MO-OPT-04, MO-REC-04: seat 0 offers Phlegra Forward and 1 credit for 2 athletes of seat 1's choice; seat
    1 counters with 2 credits; seat 0 accepts; seat 1 picks the two it gives. Seat 0, with 7, discards one
    face up; seat 1, with 5, draws the top athlete of the deck. Only the athletes and the credits move:
    popularity, prestige, tactic cards and minor sponsors stay where they were."""
    st = trade_position()
    before = {s: tokens(st, s) for s in (0, 1)}
    log: list = []
    seen_decisions: list = []
    answer(st, 0, "trade", log)
    answer(st, 0, "with:1", log, seen_decisions)
    give = option(st, "phlegra-forward")
    assert {o.cards[0] for o in decision(st).options if o.cards} == set(MINE)  # only your own athletes
    answer(st, 0, give, log, seen_decisions)
    assert give not in ids(st)
    answer(st, 0, "next", log, seen_decisions)
    assert ids(st) == [f"ask:{k}" for k in range(0, 7)]
    answer(st, 0, "ask:2", log, seen_decisions)
    d = decision(st)
    assert d.kind == "trade_credits" and d.default == "credits:0"
    # credits either way, never more than the paying team holds (5 at most)
    assert ids(st) == [f"credits:{k}" for k in range(-4, 6)]
    answer(st, 0, "credits:1", log, seen_decisions)
    d = decision(st)
    assert (d.kind, d.seat) == ("trade_reply", 1) and d.default == "decline"
    assert name_of("phlegra-forward") in d.prompt and "2 athletes of your choice" in d.prompt
    assert {"accept", "decline", "counter:2"} <= set(ids(st)) and "counter:1" not in ids(st)
    answer(st, 1, "counter:2", log, seen_decisions)
    d = decision(st)
    assert (d.kind, d.seat) == ("trade_final", 0) and ids(st) == ["accept", "decline"]
    answer(st, 0, "accept", log, seen_decisions)
    d = decision(st)
    assert (d.kind, d.seat) == ("trade_pick", 1)
    assert {o.cards[0] for o in d.options} == set(THEIRS)
    answer(st, 1, option(st, "koroibos"), log, seen_decisions)
    d = decision(st)
    assert d.kind == "trade_pick" and len(d.options) == 5
    answer(st, 1, option(st, "astylos"), log, seen_decisions)
    d = decision(st)
    assert (d.kind, d.seat) == ("trade_discard", 0) and len(d.options) == 7
    answer(st, 0, option(st, "dust-warden"), log, seen_decisions)

    assert decision(st).kind == "move"  # the tile is done
    assert sorted(athlete_ids(st, 0)) == sorted(["koroibos", "astylos"] + MINE[2:])
    assert sorted(athlete_ids(st, 1)) == sorted(["phlegra-forward", "milo-of-croton"] + THEIRS[2:])
    b = board(st)
    assert [p["athletes"] for p in b["players"]] == [6, 6, 6]
    assert b["athlete_discard"][-1]["card"] == "dust-warden"  # discarded face up
    assert [p["credits"] for p in b["players"]][:2] == [3, 6]
    assert {s: tokens(st, s) for s in (0, 1)} == before
    team = board(st)["players"][0]["team"]
    assert f"receive 2; {team} pay 2 credits." in heard(log, None)  # the credits are public
    for d in seen_decisions:
        assert all(o.id.startswith(TRADE_IDS) for o in d.options), (d.kind, [o.id for o in d.options])


def test_MO_OPT_04_MO_INF_01_the_partners_athletes_stay_hidden_until_traded():
    """MO-OPT-04, MO-INF-01: the proposer never sees the partner's athletes before the trade (it asks for a
    number, the partner chooses which), learns only the two it receives, and the team looking on never
    learns which athletes changed hands, only the one discarded face up."""
    st = trade_position()
    log: list = []
    for seat, choice in ((0, "trade"), (0, "with:1")):
        answer(st, seat, choice, log)
    answer(st, 0, option(st, "phlegra-forward"), log)
    for seat, choice in ((0, "next"), (0, "ask:2"), (0, "credits:1")):
        answer(st, seat, choice, log)
    theirs = [name_of(c) for c in THEIRS]
    for c, n in zip(THEIRS, theirs, strict=True):
        for viewer in (0, 2, None):
            assert c not in view_text(st, viewer) and n not in view_text(st, viewer), (viewer, c)
    assert name_of("koroibos") in view_text(st, 1)  # the partner sees its own hand
    answer(st, 1, "counter:2", log)
    answer(st, 0, "accept", log)
    before_pick = heard(log, 0) + view_text(st, 0)
    assert not any(n in before_pick for n in theirs)
    answer(st, 1, option(st, "koroibos"), log)
    answer(st, 1, option(st, "astylos"), log)
    answer(st, 0, option(st, "dust-warden"), log)
    # the proposer learns exactly the two it received
    to_proposer = heard(log, 0) + view_text(st, 0)
    assert name_of("koroibos") in to_proposer and name_of("astylos") in to_proposer
    assert not any(name_of(c) in to_proposer for c in THEIRS[2:] + ["milo-of-croton"])
    # the team looking on and spectators: no traded or drawn athlete, only the face-up discard
    for viewer in (2, None):
        public = heard(log, viewer) + view_text(st, viewer)
        for c in ["phlegra-forward", "koroibos", "astylos", "milo-of-croton"]:
            assert name_of(c) not in public, (viewer, c)
        assert name_of("dust-warden") in public


def test_MO_OPT_04_a_declined_trade_changes_nothing():
    """MO-OPT-04: the partner may decline; no athlete or credit moves and the tile is over."""
    st = trade_position()
    b0 = board(st)
    hands = (athlete_ids(st, 0), athlete_ids(st, 1))
    log: list = []
    answer(st, 0, "trade", log)
    answer(st, 0, "with:1", log)
    answer(st, 0, option(st, "red-runner"), log)
    for seat, choice in ((0, "next"), (0, "ask:1"), (0, "credits:-2"), (1, "decline")):
        answer(st, seat, choice, log)
    assert decision(st).kind == "move"
    assert (athlete_ids(st, 0), athlete_ids(st, 1)) == hands
    assert [p["credits"] for p in board(st)["players"]] == [p["credits"] for p in b0["players"]]


def test_MO_OPT_04_a_declined_counter_offer_changes_nothing():
    """MO-OPT-04: the proposer may decline the partner's counter-offer; nothing moves."""
    st = trade_position()
    hands = (athlete_ids(st, 0), athlete_ids(st, 1))
    log: list = []
    answer(st, 0, "trade", log)
    answer(st, 0, "with:1", log)
    answer(st, 0, option(st, "red-runner"), log)
    for seat, choice in ((0, "next"), (0, "ask:1"), (0, "credits:0"), (1, "counter:3"), (0, "decline")):
        answer(st, seat, choice, log)
    assert decision(st).kind == "move"
    assert (athlete_ids(st, 0), athlete_ids(st, 1)) == hands
    assert [p["credits"] for p in board(st)["players"]][:2] == [5, 4]


def test_MO_OPT_04_MO_REC_04_an_uneven_trade_is_balanced_one_athlete_at_a_time():
    """MO-OPT-04, MO-REC-04: seat 0 gives two athletes for none: it draws two from the top of the athlete deck,
    one at a time, and seat 1, with 8, discards two of its choice face up, one decision each."""
    st = trade_position()
    log: list = []
    answer(st, 0, "trade", log)
    answer(st, 0, "with:1", log)
    answer(st, 0, option(st, "red-runner"), log)
    answer(st, 0, option(st, "canal-striker"), log)
    for seat, choice in ((0, "next"), (0, "ask:0"), (0, "credits:0"), (1, "accept")):
        answer(st, seat, choice, log)
    d = decision(st)
    assert (d.kind, d.seat) == ("trade_discard", 1) and len(d.options) == 8
    assert sorted(athlete_ids(st, 0)) == sorted([c for c in MINE if c not in ("red-runner", "canal-striker")]
                                         + ["milo-of-croton", "kyniska"])
    assert heard(log, None).count("draw an athlete from the top of the deck") == 2
    answer(st, 1, option(st, "red-runner"), log)
    d = decision(st)
    assert (d.kind, d.seat) == ("trade_discard", 1) and len(d.options) == 7
    answer(st, 1, option(st, "huoxing"), log)
    assert decision(st).kind == "move"
    assert [p["athletes"] for p in board(st)["players"]] == [6, 6, 6]
    assert [a["card"] for a in board(st)["athlete_discard"]][-2:] == ["red-runner", "huoxing"]


def test_MO_OPT_04_asking_for_athletes_needs_no_gift_but_a_trade_is_never_empty():
    """MO-OPT-04: a team that gives nothing must ask for at least one athlete."""
    st = trade_position()
    log: list = []
    answer(st, 0, "trade", log)
    answer(st, 0, "with:1", log)
    answer(st, 0, "next", log)
    assert ids(st) == [f"ask:{k}" for k in range(1, 7)]


def test_MO_OPT_04_a_team_without_credits_trades_athletes_only():
    """MO-OPT-04: credits go into a trade only as far as the teams hold them; with none on either side the
    credits step is skipped and the offer goes straight to the partner."""
    st = trade_position(players=[{"athletes": MINE, "credits": 0}, {"athletes": THEIRS, "credits": 0}, {}])
    log: list = []
    answer(st, 0, "trade", log)
    answer(st, 0, "with:1", log)
    answer(st, 0, option(st, "red-runner"), log)
    answer(st, 0, "next", log)
    answer(st, 0, "ask:1", log)
    d = decision(st)
    assert (d.kind, d.seat) == ("trade_reply", 1)
    assert ids(st) == ["accept", "decline"]  # no credits to counter with

"""The one helper module of the Meta Olympia tests: scenario positions, the open decision, choices,
option look-ups, view accessors and a driver, all through the game contract (``GAME.position``,
``GAME.decisions``, ``GAME.apply``, ``GAME.view``, ``GAME.result``) and never through engine internals.

Conventions, the same in every helper:

* the state ``st`` comes first, then the ``seat`` when it matters, then the card id / option id / text;
* Meta Olympia keeps exactly one decision open at a time: :func:`decision` returns it (and asserts that);
* option ids name card NUMBERS (``athlete:<n>``), so tests find options by card id (:func:`option`,
  :func:`find_option`) or by label text (``option(st, label=...)``) instead of spelling numbers;
* a *spec* is a mapping for ``GAME.position`` (see its docstring); the ``*_spec`` builders return one and
  :func:`position` turns any spec into a state;
* results are steered with loaded dice (``dice``: faces consumed in order by every roll, recovery rolls
  included). Away reveals first in each Defining Moment (MO-MAT-02), so a moment's faces are (Away, Home).

API at a glance:

=====================  ==================================================================================
seats and positions    :func:`seats`, :func:`position`, :func:`roster`, :func:`team`, :func:`match_spec`,
                       :func:`landing_spec`, :func:`stage_end_spec`
dice                   :data:`HOME`, :data:`AWAY`, :data:`BLANK`, :func:`match_dice`, :data:`HOME_WINS`,
                       :data:`AWAY_WINS`, :data:`DRAW`
Stage Tiles            the tile ids (:data:`FUNDRAISE` ... :data:`FREEDAY`), :data:`TRACK`, :data:`TILE`,
                       :data:`TRACKS`
decisions and choices  :func:`decision`, :func:`waiting`, :func:`ids`, :func:`option`, :func:`find_option`,
                       :func:`choose`, :func:`pick`, :func:`reveal`, :data:`OPTIONAL_KINDS`
views                  :func:`board`, :func:`private`, :func:`athlete_ids`, :func:`card_ids`, :func:`pop`,
                       :func:`score`, :func:`name_of`, :func:`view_text`, :func:`hidden`
events                 :func:`texts`, :func:`heard`, :func:`full_times`, :func:`full_time_score`,
                       :func:`kickoffs`
driving                :func:`drive` (returns a :class:`Run`) with a policy (:func:`dull`,
                       :func:`random_policy`, or ``None``: the timeout choice), :func:`play_matches`,
                       :func:`pass_tactics`, :func:`answer_round`
=====================  ==================================================================================
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from games.core.contract import Decision, Event, SeatSetup
from games.metaolympia import GAME
from games.metaolympia.pool import pool, starters

Policy = Callable[[Any, Decision], "str | None"]
"""A driver policy: ``policy(st, decision)`` returns an option id, or ``None`` for the timeout choice."""
Until = Callable[[Any, Decision], bool]
"""A driver stop condition: ``until(st, decision)`` is true for the decision to leave open."""

# ---------------------------------------------------------------- seats and positions

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")
"""Player names of seats 0 to 8 (the teams keep the engine's default team names)."""


def seats(n: int = 2) -> list[SeatSetup]:
    """``n`` seat setups (1 to 9, :data:`NAMES`), for ``GAME.new_game`` and :func:`position`."""
    return [SeatSetup(NAMES[i]) for i in range(n)]


def position(spec: dict[str, Any], n: int = 2, seed: int = 7):
    """The state ``GAME.position(spec, seats(n), seed)``: the scenario ``spec`` for ``n`` teams."""
    return GAME.position(spec, seats(n), seed)


def roster(*ids: str) -> list[str]:
    """Six athlete ids: ``ids`` first, filled up with starting Rookies not already named."""
    out = list(ids)
    for s in starters():
        if len(out) >= 6:
            break
        if s not in out:
            out.append(s)
    return out


def team(*ids: str, popularity: int = 0, **kw: Any) -> dict[str, Any]:
    """A player mapping of a spec: roster ``ids`` (filled up by :func:`roster`), popularity 0 unless given (so
    no "spend popularity?" decision interrupts a test that is not about it), ``kw`` more player keys."""
    return {"athletes": roster(*ids), "popularity": popularity, **kw}


def match_spec(home: dict[str, Any], away: dict[str, Any], dice: list[str], **extra: Any) -> dict[str, Any]:
    """A spec of a two-team match under way: seat 0 (:data:`HOME`) plays ``home``, seat 1 (:data:`AWAY`)
    plays ``away`` (player mappings, e.g. from :func:`team`), ``dice`` loaded; ``extra``: more spec keys."""
    return {"match": [HOME, AWAY], "dice": list(dice), "players": [home, away], **extra}


def landing_spec(kind: str, **extra: Any) -> dict[str, Any]:
    """A spec in which seat 0 has just landed on the ``kind`` tile (a :data:`TILE` key) of the one-stage
    :data:`TRACK`; ``extra``: more spec keys (``players`` may name seat 0's mapping only)."""
    return {"tracks": [TRACK], "land": {"seat": 0, "tile": TILE[kind]}, **extra}


def stage_end_spec(stage: int, spots: Iterable[int], track_len: int = 3, **extra: Any) -> dict[str, Any]:
    """A spec in which every team stands at the end of ``stage`` (``track_len`` tiles) on the given Match Up
    spots (0-based, seat by seat; arrival order = seat order), so the Tournament starts at once (MO-BRK-01).
    ``extra``: more spec keys; a key ``p<i>`` adds keys to seat ``i``'s player mapping."""
    players = [{"pos": track_len, "spot": sp, "arrival": i, **extra.pop(f"p{i}", {})}
               for i, sp in enumerate(spots)]
    return {"stage": stage, "players": players, **extra}


# ---------------------------------------------------------------- loaded dice

HOME, AWAY = 0, 1
"""The seats of :func:`match_spec`: seat 0 is Home, seat 1 Away."""
BLANK = "special"
"""A die face that does nothing for a starting Rookie (MO-DIE-06: no Special Ability)."""


def match_dice(*moments: tuple[str, str]) -> list[str]:
    """Loaded faces for one match: (Away's face, Home's face) for each Defining Moment in play order."""
    return [f for pair in moments for f in pair]


HOME_WINS = match_dice(("special", "goal"), (BLANK, BLANK), (BLANK, BLANK))
"""One match (6 faces) between starting Rookies: Home 1, Away 0."""
AWAY_WINS = match_dice(("goal", BLANK), (BLANK, BLANK), (BLANK, BLANK))
"""One match: Away 1, Home 0."""
DRAW = match_dice((BLANK, BLANK), (BLANK, BLANK), (BLANK, BLANK))
"""One match: 0-0."""

# ---------------------------------------------------------------- Stage Tiles

# The twelve Stage Tile ids (data/metaolympia/tiles.yaml), named by kind; the suffix tells copies apart.
FUNDRAISE = "tharsis-fundraiser-gala"
FUNDRAISE_2 = "hellas-sponsor-expo"
FUNDRAISE_3 = "elysium-investor-summit"
STRATEGIZE = "noctis-war-room"
STRATEGIZE_2 = "chryse-strategy-room"
RECRUIT = "arcadia-open-trials"
RECRUIT_2 = "syrtis-scouting-combine"
RECRUIT_3 = "utopia-draft-night"
SCRIMMAGE = "gale-crater-training-ground"
SCRIMMAGE_2 = "valles-proving-grounds"
SCRIMMAGE_3 = "olympus-summit-arena"
FREEDAY = "argyre-rest-dome"

TRACK = [FUNDRAISE, STRATEGIZE, RECRUIT, SCRIMMAGE, FREEDAY, SCRIMMAGE_2]
"""One stage track holding every tile kind: tile 0 Fundraise, 1 Strategize, 2 Recruit, 3 Scrimmage,
4 Free Day, 5 another Scrimmage (for :func:`landing_spec`)."""
TILE = {"fundraise": 0, "strategize": 1, "recruit": 2, "scrimmage": 3, "freeday": 4, "scrimmage2": 5}
"""The index in :data:`TRACK` of each tile kind."""
TRACKS = [
    [RECRUIT, SCRIMMAGE, FREEDAY],
    [FUNDRAISE, RECRUIT_2, SCRIMMAGE_2],
    [FUNDRAISE_3, STRATEGIZE, SCRIMMAGE_3],
    [STRATEGIZE_2, FUNDRAISE_2, RECRUIT_3],
]
"""A legal four-stage layout (one white, grey and black tile each) whose Stage 1 starts with a Recruit
tile."""

# ---------------------------------------------------------------- decisions and choices

OPTIONAL_KINDS = frozenset({
    "bet", "wager", "wager_ok", "merger", "merger_accept", "merger_approve", "merger_keep", "merger_tactic",
    "trade_with", "trade_give", "trade_ask", "trade_credits", "trade_reply", "trade_final", "trade_pick",
    "trade_discard"})
"""The decision kinds only an optional rule (MO-OPT-01..08) opens."""


def decision(st) -> Decision:
    """The one open decision (the engine keeps exactly one open while the game runs)."""
    ds = GAME.decisions(st)
    assert len(ds) == 1, ds
    return ds[0]


def waiting(st) -> tuple[int, str] | None:
    """(seat, kind) of the open decision, or ``None`` when there is none (the game is over)."""
    ds = GAME.decisions(st)
    return (ds[0].seat, ds[0].kind) if ds else None


def ids(st) -> list[str]:
    """The option ids of the open decision, in order."""
    return [o.id for o in decision(st).options]


def find_option(st, card: str | None = None, *, label: str | None = None, prefix: str = "",
                seat: int | None = None, kind: str | None = None) -> str | None:
    """The id of the open decision's option that shows card ``card`` (a definition id such as
    ``"red-runner"``), or else whose label contains ``label`` (case-insensitive); ``None`` when none does.

    Only options whose id starts with ``prefix`` count. A card is found by the option's ``cards``; copies of
    one card are alike, so the first match is taken. A ``label`` must match at most one option
    (AssertionError listing them otherwise). ``seat`` / ``kind``,
    when given, are asserted to be the open decision's first, so a "not offered" answer is about the
    decision the test means."""
    d = decision(st)
    assert seat is None or d.seat == seat, f"expected seat {seat} to decide, got {d.seat} ({d.kind})"
    assert kind is None or d.kind == kind, f"expected a {kind} decision, got {d.kind} (seat {d.seat})"
    opts = [o for o in d.options if o.id.startswith(prefix)]
    if card is not None:
        hits = [o.id for o in opts if card in o.cards]
        return hits[0] if hits else None
    assert label is not None, "find_option needs a card or a label"
    hits = [o.id for o in opts if label.lower() in o.label.lower()]
    assert len(hits) <= 1, f"{label!r} matches {hits} among {[o.label for o in d.options]}"
    return hits[0] if hits else None


def option(st, card: str | None = None, *, label: str | None = None, prefix: str = "",
           seat: int | None = None, kind: str | None = None) -> str:
    """As :func:`find_option`, but the option must exist (AssertionError listing the options otherwise)."""
    found = find_option(st, card, label=label, prefix=prefix, seat=seat, kind=kind)
    assert found is not None, f"no option for {card or label!r} (prefix {prefix!r}): {ids(st)}"
    return found


def choose(st, seat: int, choice: str) -> list[Event]:
    """Apply option id ``choice`` for ``seat`` (``GAME.apply``), after asserting that the open decision is
    ``seat``'s; returns the events. The engine itself refuses an id that is not offered (RulesError)."""
    d = decision(st)
    assert d.seat == seat, f"expected seat {seat} to decide, got {d.seat} ({d.kind})"
    return GAME.apply(st, seat, choice)


def pick(st, seat: int, card: str, prefix: str = "") -> list[Event]:
    """``seat`` chooses the option showing card ``card`` (e.g. prefix ``keep:``, ``market:``, ``return:``,
    ``tactic:``); see :func:`option`."""
    return choose(st, seat, option(st, card, prefix=prefix, seat=seat))


def reveal(st, seat: int, card: str) -> list[Event]:
    """``seat`` reveals its athlete ``card`` in a Reveal & Roll (MO-MAT-03)."""
    return choose(st, seat, option(st, card, prefix="athlete:", seat=seat, kind="athlete"))


# ---------------------------------------------------------------- views

def board(st) -> dict[str, Any]:
    """The public board (a spectator's view)."""
    return GAME.view(st, None).board


def private(st, seat: int) -> dict[str, Any]:
    """``seat``'s private part of its view."""
    return GAME.view(st, seat).private


def card_ids(cards: list[dict[str, Any]]) -> list[str]:
    """Card ids of a view's card list (``[{"card": id, ...}, ...]``)."""
    return [c["card"] for c in cards]


def athlete_ids(st, seat: int, injured: bool = False) -> list[str]:
    """Card ids of ``seat``'s athletes (its private view); only the injured ones when ``injured``."""
    return [a["card"] for a in private(st, seat)["athletes"] if a["injured"] or not injured]


def pop(st, seat: int) -> int:
    """``seat``'s popularity tokens on the board."""
    return board(st)["players"][seat]["popularity"]


def score(st) -> dict[int, int]:
    """The live score by seat of the contest on the board (a scrimmage has no Home team)."""
    c = board(st)["contest"]
    assert c is not None, "no contest on the board"
    if c["home"] is None:
        return {c["away"]: c["score"][0]}
    return {c["away"]: c["score"][0], c["home"]: c["score"][1]}


def name_of(card: str) -> str:
    """The printed name of card ``card``."""
    return pool().by_id[card][1].name


def view_text(st, viewer: int | None, events: Iterable[Event] = ()) -> str:
    """Everything ``viewer`` (``None``: a spectator) can read: its whole view (board, private part, its
    decisions) and the ``events`` it may see, as text, to check what is hidden (MO-INF-*)."""
    return "\n".join([repr(GAME.view(st, viewer)), heard(events, viewer)])


def hidden(card: str, text: str) -> bool:
    """Neither the id nor the name of card ``card`` appears in ``text``."""
    return card not in text and name_of(card) not in text


# ---------------------------------------------------------------- events

def texts(events: Iterable[Event], viewer: int | None | str = "all") -> list[str]:
    """The texts of ``events``: every one (``viewer="all"``, the default) or only those ``viewer`` may see
    (a seat, or ``None``: the public ones)."""
    return [e.text for e in events if viewer == "all" or e.visible_to(viewer)]


def heard(events: Iterable[Event], viewer: int | None) -> str:
    """The texts of the ``events`` ``viewer`` may see (``None``: a spectator), one a line."""
    return "\n".join(texts(events, viewer))


def full_times(events: list[Event]) -> list[str]:
    """The public "Full time" lines (one per match played)."""
    return [t for t in texts(events, None) if t.startswith("Full time")]


def full_time_score(events: list[Event]) -> tuple[int, int]:
    """(home, away) goals from the "Full time" event of a finished match."""
    for t in texts(events):
        m = re.match(r"Full time: .* (\d+), .* (\d+) — ", t)
        if m:
            return int(m.group(1)), int(m.group(2))
    raise AssertionError(f"no Full time event in {texts(events)}")


def kickoffs(events: list[Event]) -> list[str]:
    """The public "Match ...: X (Home) v Y (Away)" lines, in play order."""
    return [t for t in texts(events, None) if t.startswith("Match") and "(Home) v" in t]


# ---------------------------------------------------------------- driving

@dataclass
class Run:
    """What :func:`drive` did: ``open``, the decision left open by ``until`` (``None``: the game is over);
    ``trace``, the (seat, kind) of every decision answered; ``events``, everything that happened."""

    open: Decision | None = None
    trace: list[tuple[int, str]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def kinds(self) -> list[str]:
        """The kinds of the decisions answered, in order."""
        return [k for _, k in self.trace]


def dull(st, d: Decision) -> str:
    """A fixed, dull policy: reveal the first athlete listed, pass every tactic turn, spend no popularity,
    roll no extra recovery die, end every move, else the first option."""
    fixed = {"tactic": "pass", "dice": "pop:0", "recover_dice": "extra:0", "move": "end"}
    return fixed.get(d.kind, d.options[0].id)


def random_policy(seed: int) -> Policy:
    """A seeded random player (deterministic): a uniformly random option of every decision."""
    rnd = random.Random(seed)
    return lambda st, d: rnd.choice(d.options).id


def drive(st, policy: Policy | None = None, until: Until | None = None, events: list[Event] | None = None,
          limit: int = 20000) -> Run:
    """Answer decisions with ``policy`` until the game is over or ``until(st, decision)`` holds (that
    decision is left open, in ``Run.open``). ``policy`` ``None``, or a policy returning ``None``, takes the
    timeout choice (MO-GAP-24). ``events``, when given, is the list the events are appended to as they come
    (``Run.events`` is that list), so ``until`` may look at them. AssertionError after ``limit`` answers."""
    run = Run(events=events if events is not None else [])
    for _ in range(limit):
        if GAME.result(st) is not None:
            return run
        d = decision(st)
        if until is not None and until(st, d):
            run.open = d
            return run
        run.trace.append((d.seat, d.kind))
        choice = (policy(st, d) if policy else None) or GAME.timeout_choice(st, d)
        run.events.extend(GAME.apply(st, d.seat, choice))
    raise AssertionError("the game did not end")


def play_matches(st, k: int, policy: Policy = dull) -> list[Event]:
    """Answer decisions with ``policy`` until ``k`` more matches reached full time; returns the events (the
    game has already run on to its next decision). AssertionError if the game ends first."""
    events: list[Event] = []
    drive(st, policy, until=lambda s, d: len(full_times(events)) >= k, events=events)
    assert len(full_times(events)) >= k, "the game ended first"
    return events


def pass_tactics(st) -> None:
    """Both teams pass their tactic turns until the Defining Moment ends (any tactic decision answered
    pass)."""
    while (w := waiting(st)) is not None and w[1] == "tactic":
        choose(st, w[0], "pass")


def answer_round(st, seat: int, athlete: str) -> list[Event]:
    """In a scrimmage: ``seat`` reveals ``athlete``, the loaded die decides, and a tactic turn of ``seat``, if
    one is offered, is passed."""
    ev = pick(st, seat, athlete, "athlete:")
    if waiting(st) == (seat, "tactic"):
        ev += choose(st, seat, "pass")
    return ev

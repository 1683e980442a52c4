"""Helpers for the Meta Olympia optional-rules tests (MO-OPT-01..08): seats, scenario positions and a driver
that answers decisions through the game contract (``GAME.decisions`` / ``GAME.apply``) only."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core.contract import Decision, Event, SeatSetup
from games.metaolympia import GAME
from games.metaolympia.pool import pool

HOME_WINS = ["special", "goal"] * 3
"""Loaded dice for one match: in each Defining Moment the Away team rolls first (a Special Ability, which a
starting Rookie does not have: nothing happens), then the Home team rolls a Goal. Home wins 3-0."""
AWAY_WINS = ["goal", "special"] * 3
"""Away wins 3-0."""
DRAW = ["special", "special"] * 3
"""Nobody scores: 0-0."""

TRACKS = [
    ["arcadia-open-trials", "gale-crater-training-ground", "argyre-rest-dome"],
    ["tharsis-fundraiser-gala", "syrtis-scouting-combine", "valles-proving-grounds"],
    ["elysium-investor-summit", "noctis-war-room", "olympus-summit-arena"],
    ["chryse-strategy-room", "hellas-sponsor-expo", "utopia-draft-night"],
]
"""A legal four-stage layout (one white, grey and black tile each) whose Stage 1 starts with a Recruit tile."""

OPTIONAL_KINDS = frozenset({
    "bet", "wager", "wager_ok", "merger", "merger_accept", "merger_approve", "merger_keep", "merger_tactic",
    "trade_with", "trade_give", "trade_ask", "trade_credits", "trade_reply", "trade_final", "trade_pick",
    "trade_discard"})
"""The decision kinds only an optional rule opens."""


def seats(n: int) -> list[SeatSetup]:
    return [SeatSetup(f"P{i}") for i in range(n)]


def position(n: int, spec: dict[str, Any], seed: int = 7):
    return GAME.position(spec, seats(n), seed)


def one(st) -> Decision:
    """The one open decision (Meta Olympia has one at a time)."""
    ds = GAME.decisions(st)
    assert len(ds) == 1, ds
    return ds[0]


def ids(d: Decision) -> list[str]:
    return [o.id for o in d.options]


def option_for(d: Decision, card_id: str) -> str:
    """The option of ``d`` that shows the card ``card_id`` (options name card numbers, not ids)."""
    found = [o.id for o in d.options if card_id in o.cards]
    assert found, (card_id, ids(d))
    return found[0]


def name_of(card_id: str) -> str:
    return pool().by_id[card_id][1].name


def seen(st, seat: int | None) -> str:
    """Everything ``seat`` (``None``: a spectator) can read in its view, as text."""
    return repr(GAME.view(st, seat))


def heard(events: list[Event], seat: int | None) -> str:
    """The events ``seat`` may see, as text."""
    return "\n".join(e.text for e in events if e.visible_to(seat))


def board(st) -> dict[str, Any]:
    return GAME.view(st, None).board


def hand(st, seat: int) -> list[str]:
    """Card ids of ``seat``'s athletes, from its private view."""
    return [a["card"] for a in GAME.view(st, seat).private["athletes"]]


def at_the_end(n: int, stage: int = 0, track_len: int = 3, **extra: Any) -> dict[str, Any]:
    """A position with all ``n`` teams at the end of ``stage`` on spots 1..n: the Tournament starts."""
    spec: dict[str, Any] = {"stage": stage,
                            "players": [{"pos": track_len, "spot": i, "arrival": i} for i in range(n)]}
    spec.update(extra)
    return spec


def drive(st, stop: Callable[[Decision], bool] = lambda d: False,
          policy: Callable[[Any, Decision], str | None] | None = None, events: list[Event] | None = None,
          kinds: list[str] | None = None, limit: int = 20000) -> Decision | None:
    """Answer decisions until ``stop(decision)`` holds (that decision is returned, unanswered) or the game is
    over (``None``). ``policy`` may choose (``None``: the timeout choice, MO-GAP-24); ``events`` and ``kinds``
    collect what happened and the decision kinds met."""
    for _ in range(limit):
        ds = GAME.decisions(st)
        if not ds:
            assert GAME.result(st) is not None, "no decision but the game is not over"
            return None
        d = ds[0]
        if stop(d):
            return d
        if kinds is not None:
            kinds.append(d.kind)
        choice = (policy(st, d) if policy else None) or GAME.timeout_choice(st, d)
        ev = GAME.apply(st, d.seat, choice)
        if events is not None:
            events.extend(ev)
    raise AssertionError("the game did not end")


def random_policy(seed: int) -> Callable[[Any, Decision], str]:
    """A seeded random player (deterministic)."""
    rnd = random.Random(seed)
    return lambda st, d: rnd.choice(d.options).id

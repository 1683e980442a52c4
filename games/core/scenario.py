"""Scenario files: set up a game, script choices, assert on views and the result.

A scenario is a YAML mapping::

    name: Sample turn                 # shown in reports
    game: metax
    seed: 7
    seats: [Ana, Ben]                 # names, or [{name, deck}] mappings
    decks: [heroes-rush, villains-control]   # starter deck ids or card-id lists (optional)
    position: {...}                   # optional: explicit zones and counters (Game.position)
    steps:
      - {seat: 0, choose: keep}                       # option id, exact label, or unique label part
      - {seat: 1, choose: "card:b-int-7:intelligence", error: MX-BTL-03}   # must be refused, no change
      - {seat: 0, choose: "Hercules", log: ["KO'd"]}  # public events of this choice must contain these
      - decision: {seat: 0, kind: attack, includes: ["attack:3"], excludes: ["done"]}
      - expect: {viewer: 1, path: board.players.0.mp, equals: 2}   # also: contains, length, absent
      - {observe: 1797883200}                         # Game.observe(state, at): the host's clock
    result: {winners: [0], reason: seven_vp}          # checked at the end (null = still running)

Every ``choose`` runs against the seat's current decision. :func:`run_file` returns a
:class:`ScenarioReport`; it never raises for a failing scenario, only reports it.

The runner is given the game registry's lookup (``games.get_game``) by its caller: ``games/core`` never
imports the registry above it (DESIGN.md, Layers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .contract import Decision, Event, Game, RulesError, SeatSetup


class ScenarioFailure(AssertionError):
    """A scenario's expectation did not hold; the message says which step and what was seen."""


@dataclass(frozen=True, slots=True)
class ScenarioReport:
    path: str
    name: str
    passed: bool
    message: str = ""
    steps: int = 0


def pick_option(decision: Decision, text: str) -> str:
    """The option id ``text`` names: an id, an exact label, or a unique case-insensitive part of a label.

    Raises :class:`ScenarioFailure` listing the options when nothing or several match."""
    found = decision.find(str(text))
    if found is not None:
        return found.id
    low = str(text).lower()
    matches = [o for o in decision.options if low in o.label.lower()]
    if len(matches) == 1:
        return matches[0].id
    listing = "; ".join(f"{o.id} = {o.label}" for o in decision.options)
    what = "matches several options" if matches else "matches no option"
    raise ScenarioFailure(f"'{text}' {what} of the {decision.kind} decision: {listing}")


def lookup(data: Any, path: str) -> Any:
    """Follow a dotted path (``board.players.0.mp``) through dicts and lists."""
    cur = data
    for part in str(path).split("."):
        if isinstance(cur, list):
            cur = cur[int(part)]
        elif isinstance(cur, dict):
            cur = cur[part]
        else:
            cur = getattr(cur, part)
    return cur


def _view_data(game: Game, state: Any, viewer: int | None) -> dict[str, Any]:
    v = game.view(state, viewer)
    return {
        "board": v.board,
        "private": v.private,
        "decisions": [{"seat": d.seat, "kind": d.kind, "options": [o.id for o in d.options]} for d in v.decisions],
        "result": None if v.result is None else v.result.to_dict(),
    }


def _seats(spec: dict[str, Any], game: Game) -> list[SeatSetup]:
    raw = spec.get("seats", ["Ana", "Ben"])
    decks = spec.get("decks", [])
    starters = game.starter_decks() if game.has_decks else {}
    seats = []
    for i, s in enumerate(raw):
        s = {"name": s} if isinstance(s, str) else dict(s)
        deck = s.get("deck", decks[i] if i < len(decks) else [])
        if isinstance(deck, str):
            deck = starters[deck]
        seats.append(SeatSetup(s["name"], list(deck)))
    return seats


GameLookup = Callable[[str], Game]
"""A game id -> its :class:`Game` (``games.get_game``); raises ``KeyError`` for an unknown id."""


def run_scenario(spec: dict[str, Any], games: GameLookup, *, name: str = "") -> int:
    """Run one scenario mapping against the game ``games(spec["game"])``; returns the number of steps run.
    Raises :class:`ScenarioFailure` (``KeyError`` for an unknown game)."""
    game: Game = games(spec["game"])
    seed = int(spec.get("seed", 0))
    seats = _seats(spec, game)
    if "position" in spec:
        state = game.position(spec["position"], seats, seed)
    else:
        state = game.new_game(seats, spec.get("options"), seed)
    for n, step in enumerate(spec.get("steps", []), 1):
        where = f"step {n}"
        try:
            _run_step(game, state, step)
        except ScenarioFailure as exc:
            raise ScenarioFailure(f"{where}: {exc}") from None
        except RulesError as exc:
            raise ScenarioFailure(f"{where}: refused: {exc}") from None
    if "result" in spec:
        want = spec["result"]
        got = game.result(state)
        if want is None:
            if got is not None:
                raise ScenarioFailure(f"result: expected the game to go on, but it ended: {got.text}")
        else:
            if got is None:
                raise ScenarioFailure("result: expected the game to be over, but it goes on")
            for key, val in want.items():
                have = got.to_dict()[key]
                if isinstance(val, list):
                    have = list(have)
                if have != val:
                    raise ScenarioFailure(f"result.{key}: expected {val!r}, got {have!r} ({got.text})")
    return len(spec.get("steps", []))


def _run_step(game: Game, state: Any, step: dict[str, Any]) -> None:
    if "choose" in step:
        seat = int(step["seat"])
        expected_error = step.get("error")
        if expected_error:
            before = game.to_json(state)
            try:
                decision = game.decision_for(state, seat)
                oid = decision.find(str(step["choose"]))
                game.apply(state, seat, oid.id if oid else str(step["choose"]))
            except RulesError as exc:
                if exc.rule != expected_error:
                    raise ScenarioFailure(f"refused under {exc.rule}, expected {expected_error}: {exc}") from None
                if game.to_json(state) != before:
                    raise ScenarioFailure("a refused choice changed the state") from None
                return
            raise ScenarioFailure(f"'{step['choose']}' was accepted; expected a refusal under {expected_error}")
        decision = game.decision_for(state, seat)
        events: list[Event] = game.apply(state, seat, pick_option(decision, step["choose"]))
        public = " | ".join(e.text for e in events if e.audience is None)
        for text in step.get("log", []):
            if text not in public:
                raise ScenarioFailure(f"log: '{text}' not among this choice's public events: {public}")
        return
    if "decision" in step:
        want = step["decision"]
        decision = game.decision_for(state, int(want["seat"]))
        ids = [o.id for o in decision.options]
        if "kind" in want and decision.kind != want["kind"]:
            raise ScenarioFailure(f"decision kind: expected {want['kind']}, got {decision.kind}")
        for oid in want.get("includes", []):
            if oid not in ids:
                raise ScenarioFailure(f"decision: option {oid} missing from {ids}")
        for oid in want.get("excludes", []):
            if oid in ids:
                raise ScenarioFailure(f"decision: option {oid} should not be offered ({ids})")
        return
    if "observe" in step:
        game.observe(state, float(step["observe"]))
        return
    if "expect" in step:
        want = step["expect"]
        data = _view_data(game, state, want.get("viewer"))
        try:
            got = lookup(data, want["path"])
        except (KeyError, IndexError, ValueError, TypeError):
            if want.get("absent"):
                return
            raise ScenarioFailure(f"expect: no value at {want['path']}") from None
        if want.get("absent"):
            raise ScenarioFailure(f"expect: {want['path']} should be absent, got {got!r}")
        if "equals" in want and got != want["equals"]:
            raise ScenarioFailure(f"expect {want['path']}: expected {want['equals']!r}, got {got!r}")
        if "length" in want and len(got) != want["length"]:
            raise ScenarioFailure(f"expect {want['path']}: expected length {want['length']}, got {len(got)}")
        if "contains" in want and want["contains"] not in (got if not isinstance(got, list) else
                                                            [g.get("card") if isinstance(g, dict) else g for g in got]):
            raise ScenarioFailure(f"expect {want['path']}: {want['contains']!r} not in {got!r}")
        return
    raise ScenarioFailure(f"unknown step {step!r}: use choose, decision, expect or observe")


def run_file(path: str | Path, games: GameLookup) -> ScenarioReport:
    """Run the scenario in ``path`` with the games of ``games`` (``games.get_game``); the report says pass
    or fail and why."""
    path = Path(path)
    try:
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        return ScenarioReport(str(path), path.stem, False, f"cannot read: {exc}")
    name = spec.get("name", path.stem) if isinstance(spec, dict) else path.stem
    try:
        steps = run_scenario(spec, games, name=name)
    except ScenarioFailure as exc:
        return ScenarioReport(str(path), name, False, str(exc))
    except (KeyError, ValueError, TypeError) as exc:
        return ScenarioReport(str(path), name, False, f"bad scenario: {exc!r}")
    return ScenarioReport(str(path), name, True, "", steps)

"""Information-set Monte Carlo tree search over the game contract: single-observer ISMCTS (Cowling, Powley and
Whitehouse 2012, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), algorithm 3 with availability
counts), for every game at 2 to 8 seats and in teams.

One tree holds the decisions of every seat as the searching seat can tell them apart. Each iteration

1. draws a *determinization*: ``Game.sample(state, seat, rng)``, a full state that gives ``seat`` the same view
   as the real one, every card hidden from it drawn from what it could know (never from the hidden cards of
   the real state; each game's ``ai.sample`` documents its prior, and the blindness tests prove it);
2. descends the tree while every option open in the sample has a child, choosing by UCB1 with availability
   counts (an option's exploration term uses how often it was *available*, not its parent's visits, since a
   sampled state offers only some of the options the tree has seen);
3. expands one untried option (at the root the game's heuristic choice first, which the root also favours by
   a bias that fades with its visits; elsewhere the play-out policy's choice when untried, else one at random).
   A game may name its *take-back* options (``ai.SEARCH["takeback"]``, option ids such as ``"back"``, which undo
   the choice before and offer that decision again): while any other option of a decision is open, the search
   never expands, descends into or finally chooses one, for every seat, at the root and in the tree (the
   alternatives were already weighed at the decision before, so a take-back only splits visits among equal
   lines, and in a real game a computer could cycle choose-and-take-back); a take-back that is the only option
   is taken. Play-outs (step 4) use the policy as it is;
4. plays on with the game's play-out policy (``ai.rollout_choice``, else uniform random) for at most
   ``max_plies`` decisions, and scores the end: the result (1 for a winner, 0 for a loser, ½ for a draw or a
   seat in neither list), or, when the play-out stopped first, the game's ``ai.evaluate`` estimate;
5. backs one reward per seat up the path: each node adds the reward of the seat whose choice led to it.

The choice is the searching seat's most visited option.

A game may instead opt in to a *paired* search at the root (``ai.SEARCH["paired"]``): each round draws one
determinization (step 1) and scores every open option of the root from it (its own copy, then steps 4 and 5),
so every option meets the same hidden cards and the same future shuffles (common random numbers) and their
difference is not buried in the samples' noise; ``iterations`` counts the options scored, and the choice is the
option with the best mean reward. No tree is grown below the root: it suits a game whose play-out runs to the
game's end and whose options differ by less than the spread of one sample's result (MetaX,
docs/performance.md). Options are keyed by what the searching seat can tell
apart, the decision kind and the option's label (an option id may name a card instance that is a different
card in another sample); two options with the same label in one decision are told apart by their order.

Pure: no clock (a budget is a number of iterations, so a seed gives one choice on any machine), and all
randomness comes from one :class:`~games.core.rng.Rng` seeded by the caller. May import ``games.core`` only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .rng import Rng
from .values import Decision

EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1] (Cowling et al. use 0.7)."""

HINT_BIAS = 3.0
"""The root's bias towards the game's heuristic choice, divided by (1 + its visits): the search starts from
what the easy computer would play and leaves it only when the play-outs say another option is better."""

MAX_PLIES = 40
"""The default play-out length in decisions, after which the game's ``evaluate`` scores the position."""

LEVELS = ("easy", "normal", "hard")
"""The computer levels, weakest first: ``easy`` is the game's heuristic player (no search); ``normal`` and
``hard`` search with the iteration budgets of :meth:`games.core.contract.Game.search_budget`."""


@dataclass(slots=True)
class SearchStats:
    """What one search did: ``iterations`` run, play-out ``plies`` applied, and ``visits`` of each of the
    searching seat's options by option id (options never tried are absent)."""

    iterations: int = 0
    plies: int = 0
    visits: dict[str, int] = field(default_factory=dict)


class _Node:
    """A tree node: reached by a choice of ``seat``; ``total`` sums that seat's rewards over ``visits``;
    ``avail`` counts the visits of the parent in which this node's option was open."""

    __slots__ = ("seat", "visits", "avail", "total", "children")

    def __init__(self, seat: int):
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[tuple, _Node] = {}


def option_keys(decision: Decision) -> list[tuple]:
    """The tree keys of ``decision``'s options, in option order: ``(kind, label)``, with a running number
    added to a label already seen in this decision."""
    seen: dict[str, int] = {}
    keys: list[tuple] = []
    kind = decision.kind
    for o in decision.options:
        n = seen.get(o.label, 0)
        seen[o.label] = n + 1
        keys.append((kind, o.label) if n == 0 else (kind, o.label, n))
    return keys


def rewards(game: Any, state: Any) -> dict[int, float]:
    """Each seat's reward in [0, 1] for ``state``: from its result when it is over (winners 1, losers 0,
    anyone else ½), else from the game's ``evaluate`` (``{}`` without one: every seat then scores ½)."""
    res = game.result(state)
    if res is not None:
        out = dict.fromkeys(res.losers, 0.0)
        out.update(dict.fromkeys(res.winners, 1.0))
        return out
    return game.evaluate(state) or {}


def result_rewards(result: dict[str, Any], seats: int) -> dict[int, float]:
    """Each of ``seats`` seats' reward for a finished game's stored ``result`` (a dict with ``winners`` and
    ``losers`` seat lists): winners 1, losers 0, anyone else ½ — :func:`rewards` for a game's own state, used by
    the games' ``evaluate`` when their play-on ends the game."""
    out = dict.fromkeys(range(seats), 0.5)
    out.update(dict.fromkeys(result["losers"], 0.0))
    out.update(dict.fromkeys(result["winners"], 1.0))
    return out


def search(game: Any, state: Any, seat: int, iterations: int, seed: int, max_plies: int = MAX_PLIES,
           exploration: float = EXPLORATION, hint_bias: float = HINT_BIAS,
           takeback: Sequence[str] = (), paired: bool = False) -> tuple[str, SearchStats]:
    """The option id ``seat`` chooses in ``state`` after ``iterations`` ISMCTS iterations seeded by ``seed``.

    ``state`` is read only through ``game.view(state, seat)`` (for ``seat``'s open decision and the game's
    heuristic computer, whose choice the root tries first and favours by a bias that fades with visits,
    :data:`HINT_BIAS`) and ``game.sample(state, seat, rng)``; it is not changed. A decision with one option is
    answered without searching. ``exploration`` is UCB1's constant and ``hint_bias`` the root's bias (a game
    sets its own in ``ai.SEARCH``, :attr:`games.core.contract.Game.search_options`). ``takeback`` holds the
    game's take-back option ids, never searched nor chosen while another option is open (module docstring,
    step 3; default none). ``paired`` scores the root's options side by side on shared samples instead of
    growing a tree (module docstring; default off). Raises ``ValueError`` when ``seat`` has no open decision in
    ``state``."""
    view = game.view(state, seat)
    decision = next((d for d in view.decisions if d.seat == seat), None)
    if decision is None:
        raise ValueError(f"seat {seat} has no open decision")
    stats = SearchStats()
    if len(decision.options) == 1:
        return decision.options[0].id, stats
    rng = Rng.from_seed(seed)
    root = _Node(-1)
    hint_id = game.computer(seed)(decision, view)
    root_keys = option_keys(decision)
    hint = next((k for o, k in zip(decision.options, root_keys, strict=True) if o.id == hint_id), None)
    backs = frozenset(takeback)
    decisions, apply, sample = game.decisions, game.apply, game.sample
    policy = game.rollout_choice
    if paired:
        return _paired(game, state, seat, decision, iterations, rng, max_plies, _shut(decision, backs), stats)
    log, sqrt = math.log, math.sqrt
    for _ in range(iterations):
        det = sample(state, seat, rng)
        node = root
        path: list[_Node] = []
        first = True
        while True:
            open_ = decisions(det)
            if not open_:
                break
            if first:  # the root is the searching seat's own decision, whoever else decides at once
                d = next(x for x in open_ if x.seat == seat)
                first = False
            else:
                d = open_[0]
            keys = option_keys(d)
            children = node.children
            untried: list[int] = []
            best, best_value = -1, -1.0
            at_root = node is root
            shut = _shut(d, backs) if backs else ()
            for i, k in enumerate(keys):
                if i in shut:
                    continue
                child = children.get(k)
                if child is None:
                    untried.append(i)
                    continue
                child.avail += 1
                if not untried:
                    value = child.total / child.visits + exploration * sqrt(log(child.avail) / child.visits)
                    if at_root and k == hint:
                        value += hint_bias / (1 + child.visits)
                    if value > best_value:
                        best, best_value = i, value
            if untried:
                i = _expansion(keys, untried, hint if at_root else None, policy, det, d, rng)
                child = children[keys[i]] = _Node(d.seat)
                apply(det, d.seat, d.options[i].id)
                path.append(child)
                break
            node = children[keys[best]]
            apply(det, d.seat, d.options[best].id)
            path.append(node)
        stats.plies += _play_out(game, det, max_plies, rng)
        reward = rewards(game, det)
        for n in path:
            n.visits += 1
            n.total += reward.get(n.seat, 0.5)
        stats.iterations += 1
    return _most_visited(decision, root, stats, _shut(decision, backs) if backs else ())


def _paired(game: Any, state: Any, seat: int, decision: Decision, iterations: int, rng: Rng, max_plies: int,
            shut: Sequence[int], stats: SearchStats) -> tuple[str, SearchStats]:
    """The paired root search (module docstring): rounds of one ``game.sample`` each, every open option of the
    root (those not in ``shut``) applied to its own copy of the sample, played on with the game's play-out policy
    for at most ``max_plies`` decisions and scored for ``seat`` (:func:`rewards`), until ``iterations`` options
    are scored (at least one round). Returns the option with the best mean reward (the first such in option
    order) and ``stats``, whose ``visits`` are the rounds each option was scored in."""
    keys = option_keys(decision)
    mine = [i for i in range(len(decision.options)) if i not in shut]
    total = dict.fromkeys(mine, 0.0)
    decisions, apply, copy = game.decisions, game.apply, game.copy_state
    rounds = max(1, iterations // len(mine))
    for _ in range(rounds):
        det = game.sample(state, seat, rng)
        d = next(x for x in decisions(det) if x.seat == seat)
        ids = dict(zip(option_keys(d), (o.id for o in d.options), strict=True))
        for i in mine:
            x = copy(det)
            apply(x, seat, ids[keys[i]])
            stats.plies += _play_out(game, x, max_plies, rng)
            total[i] += rewards(game, x).get(seat, 0.5)
            stats.iterations += 1
    best = max(mine, key=total.__getitem__)
    for i in mine:
        stats.visits[decision.options[i].id] = rounds
    return decision.options[best].id, stats


def _play_out(game: Any, det: Any, max_plies: int, rng: Rng) -> int:
    """Step 4's play-out: the game's play-out policy (``game.rollout_choice``) decides for whoever is asked first
    in ``det`` (changed in place), at most ``max_plies`` decisions or until nobody is asked. Returns the number
    of decisions applied."""
    decisions, apply, policy = game.decisions, game.apply, game.rollout_choice
    plies = 0
    while plies < max_plies:
        open_ = decisions(det)
        if not open_:
            break
        d = open_[0]
        apply(det, d.seat, policy(det, d, rng))
        plies += 1
    return plies


def _shut(decision: Decision, backs: frozenset[str]) -> tuple[int, ...]:
    """The indices of ``decision``'s take-back options (ids in ``backs``) the search leaves alone: all of them
    while another option is open, none when only take-backs are offered."""
    shut = tuple(i for i, o in enumerate(decision.options) if o.id in backs)
    return shut if len(shut) < len(decision.options) else ()


def _expansion(keys: list[tuple], untried: list[int], hint: tuple | None, policy: Any, det: Any, d: Decision,
               rng: Rng) -> int:
    """Which untried option to expand: the root's hint first; else the play-out policy's choice when it is
    untried (a guided policy then orders the expansions); else one at random."""
    if hint is not None:
        for i in untried:
            if keys[i] == hint:
                return i
    if len(untried) > 1:
        chosen = policy(det, d, rng)
        for i in untried:
            if d.options[i].id == chosen:
                return i
    return untried[rng.below(len(untried))]


def _most_visited(decision: Decision, root: _Node, stats: SearchStats,
                  shut: Sequence[int] = ()) -> tuple[str, SearchStats]:
    """The option of ``decision`` whose root child has the most visits (the first such in option order), of the
    options not in ``shut`` (the take-backs left alone)."""
    best, best_visits = decision.options[0].id, -1
    for i, (o, k) in enumerate(zip(decision.options, option_keys(decision), strict=True)):
        if i in shut:
            continue
        child = root.children.get(k)
        visits = child.visits if child is not None else 0
        if child is not None:
            stats.visits[o.id] = visits
        if visits > best_visits:
            best, best_visits = o.id, visits
    return best, stats


def uniform_choice(state: Any, decision: Decision, rng: Rng) -> str:
    """The default play-out policy: one of ``decision``'s options, uniformly at random."""
    options: Sequence = decision.options
    return options[rng.below(len(options))].id

"""The one helper kit of the Memesis rule tests: set up a position, choose options, look ahead on a copy, drive
the turn and read the result, all through the game contract (``GAME.position``, ``decisions``, ``apply``,
``view``). The state itself is read only to find the ids a choice needs (the card number of a hand card, the uid
of a piece), never to check an outcome.

Conventions (every function below follows them):

- ``st`` is a :class:`~games.memesis.state.State`, ``seat`` a seat index (0 = Ana, 1 = Ben, 2 = Cid, 3 = Dee).
- A *choice* is an option id of the open decision, or a unique part of one option's label (any case): see
  :func:`option_id`. Option ids follow ``games/memesis/rules/__init__.py``: ``h<card>`` for a hand card (card = card
  number, see :func:`hand_ref`), ``p<uid>`` for a piece (see :func:`uid`), then the action's components
  (``play``, ``main``, ``up``, ``s0`` ...), ``pass`` in a window, ``end`` to end the turn.
- Functions that apply choices return the events they produced (``list[Event]``); :func:`public` and
  :func:`seen_by` turn them into text.
- Look-ahead functions (:func:`draft_options`, :func:`draft_labels`, :func:`offers`, :func:`moves`) work on a
  :func:`copy`: ``st`` is left untouched.

Overview::

    set-up     seats, pos, new_game, NAMES, FILLER, BRAIN
    decisions  dec, ids, labels, option_id
    choosing   go (every choice asked), act (an action: later components may be skipped), play, blocks,
               blocker_of, refused
    look-ahead copy, snap, draft_options, draft_labels, offers, moves
    driving    pass_windows (MEM-TRN-07), settle, end_turn (MEM-GAP-28 defaults)
    reading    view, board, player, pieces, piece, stats, life, dead, hand, names, hand_ref, uid, public,
               seen_by
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games.core.contract import Decision, Event, Option, RulesError, SeatSetup, View
from games.memesis import GAME
from games.memesis.state import State

# ---------------------------------------------------------------------------------------------------- set-up

NAMES = ("Ana", "Ben", "Cid", "Dee")
"""The players' names, by seat."""

FILLER = "pilgrim-of-the-way"
"""A plain 1-cost 2/2 creature (no response, no ability) used to fill Brain Cells and hands."""

BRAIN = [FILLER] * 10
"""The default Brain Cell of :func:`pos`: enough fillers that the turn's draw (and the 1 source of step 5)
always happens and drawing never runs dry in a test."""


def seats(n: int = 2) -> list[SeatSetup]:
    """``n`` seats named after :data:`NAMES`, without decks."""
    return [SeatSetup(NAMES[i]) for i in range(n)]


def pos(*players: dict[str, Any], seed: int = 1, **spec: Any) -> State:
    """A position (``GAME.position``, see :meth:`games.memesis.game.MemesisGame.position` for the keys of a
    player mapping and of ``spec``, e.g. ``teams``, ``active``, ``turns``) with one seat per mapping of
    ``players`` (at least two: missing ones are empty), in the active player's main decision (seat 0 unless
    ``active`` is given). A Brain Cell not given is :data:`BRAIN`; give ``"brain": []`` for an empty one."""
    ps = [dict(p) for p in players] + [{} for _ in range(2 - len(players))]
    for p in ps:
        p.setdefault("brain", list(BRAIN))
    return GAME.position({"players": ps, **spec}, seats(len(ps)), seed)


def new_game(n: int = 2, seed: int = 1, **options: Any) -> State:
    """A new ``n``-player game from the starter decks (legal 40-card decks), with the table ``options``."""
    decks = list(GAME.starter_decks().values())
    return GAME.new_game(
        [SeatSetup(NAMES[i], decks[i % len(decks)]) for i in range(n)], options or None, seed
    )


# ------------------------------------------------------------------------------------------------- decisions


def dec(st: State, seat: int | None = None) -> Decision:
    """The one open decision; when ``seat`` is given it must be that seat's (fails naming whose it is)."""
    (d,) = GAME.decisions(st)
    if seat is not None:
        assert d.seat == seat, f"waiting for seat {d.seat} ({d.kind}: {d.prompt}), not seat {seat}"
    return d


def ids(st: State, seat: int | None = None) -> list[str]:
    """The option ids of the open decision (``seat``'s, checked, when given)."""
    return [o.id for o in dec(st, seat).options]


def labels(st: State, seat: int | None = None) -> list[str]:
    """The option labels of the open decision (``seat``'s, checked, when given)."""
    return [o.label for o in dec(st, seat).options]


def _find(d: Decision, text: str) -> str:
    """The id of the option of ``d`` whose id is ``text``, else of the unique one whose label contains it (any
    case); fails listing the options otherwise."""
    if d.option(text) is not None:
        return text
    hits = [o.id for o in d.options if text.lower() in o.label.lower()]
    assert len(hits) == 1, f"{text!r} matches {hits} among {[(o.id, o.label) for o in d.options]}"
    return hits[0]


def option_id(st: State, text: str, seat: int | None = None) -> str:
    """The option id that ``text`` chooses in the open decision (``seat``'s, checked, when given): ``text``
    itself when it is an option id, else the id of the unique option whose label contains it (any case)."""
    return _find(dec(st, seat), text)


# -------------------------------------------------------------------------------------------------- choosing


def go(st: State, seat: int, *choices: str) -> list[Event]:
    """Apply each of ``choices`` (see :func:`option_id`) in order to ``seat``'s open decision; every one must
    be offered when its turn comes. All their events."""
    out: list[Event] = []
    for c in choices:
        out += GAME.apply(st, seat, option_id(st, c, seat))
    return out


def act(st: State, seat: int, ref: str, *components: str) -> list[Event]:
    """``seat`` chooses ``ref`` (the thing that acts: ``h<card>``, ``p<uid>``, or a component of an open
    draft) then each of ``components`` while the draft is open. An action is carried out as soon as its
    components leave only one legal action, and a later step with a single next component is taken by the
    engine (rules.py docstring): such components are not asked for, so they are checked against the draft's
    path and skipped; the tests check the outcome. All the events."""
    ev = go(st, seat, ref)
    done = 0  # components of the draft's path already taken
    for c in components:
        d = dec(st)
        if d.kind != "act" or d.seat != seat:
            break  # the action was carried out: the rest of the path was the only way left
        path = (GAME.view(st, seat).private or {}).get("draft", {}) or {}
        taken = list(path.get("path", []))
        if done < len(taken):
            assert taken[done] == c, f"the draft took {taken[done]!r} where the test chose {c!r}"
            done += 1  # a single-choice step the engine took without asking
            continue
        ev += GAME.apply(st, seat, _find(d, c))
        done += 1
    return ev


def play(st: State, seat: int, card: str, target: str | None = None, how: str = "plain") -> list[Event]:
    """``seat`` plays the Effect card ``card`` from hand face up (at ``target`` when there is a target to
    choose, ``-`` for a fixed target; ``how`` = ``plain`` or a Rune option when that is asked too); the card
    must leave the hand. All the events."""
    ref = hand_ref(st, seat, card)
    ev = go(st, seat, ref, "play")
    if GAME.decisions(st) and dec(st).kind == "act":
        ev += go(st, seat, target if target is not None else "-")
    if GAME.decisions(st) and dec(st).kind == "act":
        ev += go(st, seat, how)
    assert ref not in [f"h{c}" for c in st.players[seat].hand]
    return ev


def blocker_of(d: Decision) -> int:
    """The uid of the Defend creature a ``block`` decision asks about (``#uid`` in its prompt; MEM-CBT-05)."""
    m = re.search(r"#(\d+)", d.prompt)
    assert m is not None, d.prompt
    return int(m.group(1))


def blocks(st: State, plan: dict[int, int | None]) -> int:
    """Answer every ``block`` decision (MEM-CBT-05): Defend creature uid -> the attacker uid it intercepts
    (None: no block); a creature not in ``plan`` does not block. The response window after the attack is
    declared is passed first (everyone holding a card is asked, MEM-GAP-28). Returns how many block decisions
    were asked."""
    pass_windows(st)
    n = 0
    while GAME.decisions(st) and dec(st).kind == "block":
        d = dec(st)
        a = plan.get(blocker_of(d))
        GAME.apply(st, d.seat, "none" if a is None else f"p{a}")
        n += 1
    return n


def refused(st: State, seat: int, choice: str) -> RulesError:
    """``choice`` (an option id, applied as is) is refused for ``seat`` with a :class:`RulesError` and the
    state is left exactly as it was; the error, for its message."""
    before = GAME.to_json(st)
    with pytest.raises(RulesError) as err:
        GAME.apply(st, seat, choice)
    assert GAME.to_json(st) == before
    return err.value


# ------------------------------------------------------------------------------------------------ look-ahead


def copy(st: State) -> State:
    """An independent copy of ``st`` (through the JSON form)."""
    return GAME.from_json(GAME.to_json(st))


def snap(st: State) -> dict[str, Any]:
    """The state as JSON without its version counter (which every applied choice bumps)."""
    d = json.loads(GAME.to_json(st))
    d.pop("version", None)
    return d


def _taken(st: State, seat: int) -> list[str]:
    """The components ``seat``'s open draft stands on (its private view), auto-taken steps included."""
    return list(((GAME.view(st, seat).private or {}).get("draft") or {}).get("path", []))


def _walk(st: State, seat: int, ref: str, path: tuple[str, ...]) -> State:
    """A copy of ``st`` after ``seat`` chooses ``ref`` then ``path``; a component the engine took itself (a
    single next choice, rules.py docstring) is checked against the draft's path instead of being chosen."""
    c = copy(st)
    go(c, seat, ref)
    for i, p in enumerate(path):
        d = dec(c)
        assert d.kind == "act" and d.seat == seat, f"the action ended before {path[i:]}"
        taken = _taken(c, seat)
        if i < len(taken):
            assert taken[i] == p, f"the draft took {taken[i]!r} where {p!r} was expected"
            continue
        GAME.apply(c, seat, _find(d, p))
    return c


def _draft(st: State, seat: int, ref: str, path: tuple[str, ...]) -> list[Option]:
    c = _walk(st, seat, ref, path)
    d = dec(c)
    if d.kind != "act" or d.seat != seat:
        return [Option("<done>", "<done>")]
    return list(d.options)


def draft_next(st: State, seat: int, ref: str, *path: str) -> list[str]:
    """The components the rules allow next after ``ref`` and ``path`` (on a copy): the one the engine took
    itself when it was the only one, else the options offered, ``back`` left out; ``["<done>"]`` when the
    action was carried out."""
    c = _walk(st, seat, ref, path)
    d = dec(c)
    if d.kind != "act" or d.seat != seat:
        return ["<done>"]
    taken = _taken(c, seat)
    if len(taken) > len(path):
        return [taken[len(path)]]
    return [o.id for o in d.options if o.id != "back"]


def draft_prompt(st: State, seat: int, ref: str, *path: str) -> str:
    """The prompt of ``seat``'s draft after ``ref`` and ``path`` (on a copy): it names every step taken so far,
    those the engine took itself included."""
    return dec(_walk(st, seat, ref, path)).prompt


def draft_path(st: State, seat: int, ref: str, *path: str) -> list[str]:
    """The components the draft stands on after ``ref`` and ``path`` (on a copy), the steps the engine took
    itself included; ``[]`` when the action was carried out."""
    c = _walk(st, seat, ref, path)
    d = dec(c)
    return _taken(c, seat) if d.kind == "act" and d.seat == seat else []


def draft_options(st: State, seat: int, ref: str, *path: str) -> list[str]:
    """The option ids of ``seat``'s draft after choosing ``ref`` then ``path`` (on a copy: ``st`` is
    untouched); ``["<done>"]`` when the last component already carried the action out (it was the only one
    left). Fails when the action ends before the whole path is chosen."""
    return [o.id for o in _draft(st, seat, ref, path)]


def draft_labels(st: State, seat: int, ref: str, *path: str) -> list[str]:
    """The labels matching :func:`draft_options`."""
    return [o.label for o in _draft(st, seat, ref, path)]


def offers(st: State, seat: int, ref: str, *path: str) -> bool:
    """Whether choosing ``ref`` then ``path`` (option ids) is allowed, each component an option while the
    draft is open or the step the engine took itself as the only one (on a copy)."""
    c = copy(st)
    if ref not in ids(c):
        return False
    GAME.apply(c, seat, ref)
    for i, p in enumerate(path):
        d = dec(c)
        if d.kind != "act" or d.seat != seat:
            return False
        taken = _taken(c, seat)
        if i < len(taken):  # a step the engine took itself: allowed exactly when it is that component
            if taken[i] != p:
                return False
            continue
        if p not in [o.id for o in d.options]:
            return False
        GAME.apply(c, seat, p)
    return True


def moves(st: State, seat: int, uid_: int) -> set[str]:
    """Where ``seat`` may move piece ``uid_`` now (MEM-CEL-*): the destination components (``main``,
    ``defend``, ``attack:s1``) offered after ``move``, found on a copy (empty when no move is offered). When
    only one destination exists the draft carries it out at once; it is then read from the board."""
    c = copy(st)
    ref = f"p{uid_}"
    if ref not in ids(c):
        return set()
    GAME.apply(c, seat, ref)
    if "move" not in ids(c):
        return set()
    GAME.apply(c, seat, "move")
    d = GAME.decisions(c)
    if d and d[0].kind == "act" and d[0].seat == seat:
        return {o.id for o in d[0].options if o.id != "back"}
    pc = piece(c, uid_)
    assert pc is not None
    return {f"attack:s{pc['target']}" if pc["cell"] == "attack" else pc["cell"]}


# --------------------------------------------------------------------------------------------------- driving


def pass_windows(st: State) -> list[Event]:
    """Whoever is asked in an open response window passes (MEM-TRN-07), until another kind of decision is
    open or the game is over. All the events."""
    out: list[Event] = []
    while GAME.decisions(st) and dec(st).kind == "window":
        out += GAME.apply(st, dec(st).seat, "pass")
    return out


def settle(st: State, seat: int | None = None) -> list[Event]:
    """Answer every open decision with its timeout default (MEM-GAP-28: pass, no block, leave ...) until a
    main decision (of ``seat`` when given: other players' main decisions end their turns) or the end of the
    game. All the events."""
    out: list[Event] = []
    for _ in range(200):
        if GAME.result(st) is not None:
            return out
        d = dec(st)
        if d.kind == "main" and (seat is None or d.seat == seat):
            return out
        out += GAME.apply(st, d.seat, GAME.timeout_choice(st, d))
    raise AssertionError("did not settle")


_NOBODY_ANSWERS = ("window", "intercept", "block", "ammo_take")
"""The decisions :func:`end_turn` answers with their MEM-GAP-28 default: nobody responds, intercepts or blocks."""


def end_turn(st: State) -> list[Event]:
    """The active player ends their turn: open decisions first take their defaults (:func:`settle`), then
    ``end``; in the combat and the turn change that follow nobody responds, intercepts or blocks and step 7's
    Ammunition offer is left (the MEM-GAP-28 defaults of ``window``, ``intercept``, ``block`` and
    ``ammo_take``), until the next main decision, the end of the game, or another prompt (a real choice,
    such as where a creature hatches, left open for the test). All the events."""
    out = settle(st)
    if GAME.result(st) is not None:
        return out
    out += GAME.apply(st, dec(st).seat, "end")
    while GAME.decisions(st) and dec(st).kind in _NOBODY_ANSWERS:
        d = dec(st)
        out += GAME.apply(st, d.seat, GAME.timeout_choice(st, d))
    return out


# --------------------------------------------------------------------------------------------------- reading


def view(st: State, viewer: int | None) -> View:
    """``viewer``'s view (``None``: a spectator's)."""
    return GAME.view(st, viewer)


def board(st: State, viewer: int | None = None) -> dict[str, Any]:
    """The public board (MEM-INF-02), as ``viewer`` sees it."""
    return GAME.view(st, viewer).board


def player(st: State, seat: int) -> dict[str, Any]:
    """``seat``'s entry of the public board (life, source, hand/brain/ammo counts, dead, ...)."""
    return board(st)["players"][seat]


def pieces(st: State, seat: int | None = None, card: str | None = None) -> list[dict[str, Any]]:
    """Public board pieces, optionally of one controller and with ``card`` among their (face-up) cards."""
    out = []
    for pc in board(st)["pieces"]:
        if seat is not None and pc["controller"] != seat:
            continue
        if card is not None and card not in [c.get("card") for c in pc["cards"]]:
            continue
        out.append(pc)
    return out


def piece(st: State, uid_: int, viewer: int | None = None) -> dict[str, Any] | None:
    """The entry of piece ``uid_`` on ``viewer``'s board (None once it has left play)."""
    return next((p for p in board(st, viewer)["pieces"] if p["uid"] == uid_), None)


def stats(st: State, uid_: int) -> tuple[int, int]:
    """(Attack, Life) of a face-up piece, as the public board shows them."""
    p = piece(st, uid_)
    assert p is not None, f"piece #{uid_} is not in play"
    return p["attack"], p["life"]


def life(st: State, seat: int) -> int:
    """``seat``'s Life total."""
    return player(st, seat)["life"]


def names(entries: list[dict[str, Any]]) -> list[str]:
    """The card ids of board entries (face-down entries, without a card, are left out)."""
    return [e["card"] for e in entries if "card" in e]


def dead(st: State, seat: int) -> list[str]:
    """The card ids in ``seat``'s Dead Cell (MEM-CEL-06), bottom first."""
    return names(player(st, seat)["dead"])


def hand(st: State, seat: int) -> list[str]:
    """The card ids of ``seat``'s hand, from their private view (MEM-INF-01)."""
    return [c["card"] for c in GAME.view(st, seat).private["hand"]]


def hand_ref(st: State, seat: int, card: str) -> str:
    """The option id (``h<number>``) of the first card ``card`` in ``seat``'s hand."""
    for c in st.players[seat].hand:
        if st.cards[c] == card:
            return f"h{c}"
    raise KeyError(f"{card} is not in seat {seat}'s hand")


def uid(st: State, card: str, seat: int | None = None) -> int:
    """The uid of the first piece (in play or incubating; controlled by ``seat`` when given) whose base card
    is ``card``, else of the first whose group holds it (a fused card)."""
    mine = [pc for pc in st.pieces if seat is None or pc.controller == seat]
    for pc in mine:
        if st.cards[pc.cards[0]] == card:
            return pc.uid
    for pc in mine:
        if any(st.cards[c] == card for c in pc.cards):
            return pc.uid
    raise KeyError(f"no piece holds {card}")


def public(events: list[Event]) -> str:
    """The public events' texts, joined with `` | ``."""
    return " | ".join(e.text for e in events if e.audience is None)


def seen_by(events: list[Event], seat: int) -> str:
    """What ``seat`` is told: the public events and those addressed to it, joined with `` | ``."""
    return " | ".join(e.text for e in events if e.audience is None or seat in e.audience)

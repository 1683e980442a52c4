"""The Meta rules engine, the entry :class:`games.meta.game.MetaGame` calls: decisions, plays, stages and
turns, player changes, disabling and victory, triggers.

:func:`decisions_of` lists the open decisions; :func:`apply_choice` validates one choice against them
and applies it through an :class:`Engine`, which runs everything that needs no decision (the executing
stage, triggers, the end of a turn, the next turn's drawing) until a decision is open again or the game
is over. The executing stage and the card steps are the engine's :class:`games.meta.rules.execution.Execution`
half; the state's queries (rule values, towers and their names) are :mod:`games.meta.rules.queries`. Rule IDs
refer to ``shared/rules/checklists/meta.md``; gap decisions (``META-GAP-NN``) are listed in
:mod:`games.meta.gaps`. Imports :mod:`games.core` and the package's ``queries``, ``execution``, ``cards``,
``pool`` and ``state``.

Option ids: ``go`` ("Play!"), ``pass``, ``play:<card>``, ``activate:<card>``, ``dest:<tower>``,
``tgt:p<seat>`` (player), ``tgt:g<seat>`` (graveyard), ``tgt:c<card>`` (a card on a stack),
``tgt:f<tower>`` (a face-down trigger), ``tgt:s<tower>.<level>`` (a stack), ``confirm`` (the
confirm step of a play whose target is fixed by the card), ``back``, ``discard:<card>``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from games.core.contract import Decision, Event, Option, Result, RulesError
from games.core.labels import LABEL_MAX, distinct, ordinal
from games.core.rng import Rng

from ..cards import MetaCard, param_text, target_text
from ..pool import card_pool
from ..state import Entry, State, Tower
from .execution import Execution
from .queries import (
    MAX_DEPTH,
    MAX_TURNS,
    GameOver,
    card_def,
    enabled,
    final_scores,
    find_entry,
    hand_limit,
    in_game,
    param,
    stack_name,
    title,
    tower_by_id,
    tower_name,
    towers,
    trigger_number,
    turn_seats,
    turn_summary,
)

# -- decisions -------------------------------------------------------------------------------------


def can_play(state: State, seat: int) -> bool:
    """Whether ``seat`` may play cards now (META-PLY-05, META-DRS-03, META-PSH-02)."""
    p = state.players[seat]
    if p.removed or p.disabled or state.result is not None:
        return False
    if state.stage == "drawing":
        return seat == state.at_turn
    return state.stage == "pushing" and not p.passed


def destinations(state: State, seat: int, card: MetaCard) -> list[Tower]:
    """Towers an Event-like card (an Event, or a Meta card that addresses no stack, META-GAP-07) may be
    played onto, level 0 (META-EVT-02, META-TRS-04/05, META-GRV-04, META-GAP-03)."""
    out = [state.main]
    if card.target == "graveyard":
        return out  # META-GRV-04
    access = param(state, "trigger_access")
    for tw in state.triggers:
        if (tw.owner == seat and seat == state.at_turn) or access == "all":
            out.append(tw)
    return out


def event_like(card: MetaCard) -> bool:
    return card.type == "event" or card.target in ("none", "player", "opponent", "graveyard", "below")


def player_targets(state: State, seat: int, card: MetaCard) -> list[int]:
    """Players a card may name: in the game and not disabled (META-PLY-10, META-TGT-08)."""
    out = enabled(state)
    if card.target == "opponent":
        out = [s for s in out if s != seat]
    return out


def card_targets(state: State, seat: int, card: MetaCard) -> list[tuple[str, Tower, int, Entry | None]]:
    """Cards a ``card`` target may name: (option id, tower, level, entry) — ``entry`` ``None`` for a
    face-down trigger (``filter: any`` only, META-TGT-10). In the drawing stage only the player's own
    trigger towers and the main tower are reachable (META-DRS-03)."""
    out: list[tuple[str, Tower, int, Entry | None]] = []
    for tw in towers(state):
        if state.stage == "drawing" and tw.owner not in (-1, seat):
            continue
        for lv, level in enumerate(tw.levels):
            for e in level:
                t = card_def(state, e.card).type
                if card.filter == "stack" or card.filter == "any" or card.filter == t:
                    out.append((f"tgt:c{e.card}", tw, lv, e))
        if card.filter == "any" and tw.trigger >= 0:
            out.append((f"tgt:f{tw.id}", tw, 0, None))
    return out


def stack_targets(state: State, seat: int) -> list[tuple[str, Tower, int]]:
    out = []
    for tw in towers(state):
        if state.stage == "drawing" and tw.owner not in (-1, seat):
            continue
        for lv, level in enumerate(tw.levels):
            if level:
                out.append((f"tgt:s{tw.id}.{lv}", tw, lv))
    return out


def needs_choice(card: MetaCard) -> bool:
    """Whether the card's target is chosen from a list (descriptive targets are not, META-TGT-02)."""
    return card.target in ("player", "opponent", "graveyard", "card", "stack")


@cache
def _seat_tags(n: int) -> dict[str, str]:
    """Player and graveyard target option ids of ``n`` seats -> "seat N", telling namesakes apart (read
    only: shared by every listing)."""
    return {f"tgt:{k}{s}": f"seat {s + 1}" for s in range(n) for k in "pg"}


def target_options(state: State, seat: int, card: MetaCard) -> list[Option]:
    """The legal announced targets of ``card`` for ``seat`` (META-TGT-01/08/09/10)."""
    names = [p.name for p in state.players]
    seat_tag = _seat_tags(len(names))
    if card.target in ("player", "opponent"):
        return list(distinct([Option(f"tgt:p{s}", f"{names[s]}" + (" (you)" if s == seat else "") +
                                     f" · {state.players[s].life} life") for s in player_targets(state, seat, card)],
                             seat_tag))
    if card.target == "graveyard":
        return list(distinct([Option(f"tgt:g{s}", f"{names[s]}'s graveyard ({len(state.players[s].graveyard)} cards)")
                              for s in in_game(state)], seat_tag))
    if card.target == "card":
        out, entries = [], []
        for oid, tw, lv, e in card_targets(state, seat, card):
            if e is None:
                out.append(Option(oid, f"Face-down trigger of {stack_name(state, tw, 0)}"))
            else:
                entries.append((oid, e.card))
                out.append(Option(oid, f"{title(state, e.card)} ({names[e.player]}'s, {stack_name(state, tw, lv)})",
                                  (state.cards[e.card],)))
        labels = [o.label for o in out]
        if len(set(labels)) == len(labels) and max(map(len, labels), default=0) <= LABEL_MAX:
            return out  # what distinct() returns as it is, without reading the positions
        depth: dict[int, int] = {}  # card instance -> 1 for the top card of its stack, 2 below it, ...
        for tw in towers(state):
            for level in tw.levels:
                n = len(level)
                for i, x in enumerate(level):
                    depth[x.card] = n - i
        where = {oid: "top" if depth[c] == 1 else f"{ordinal(depth[c])} from top" for oid, c in entries}
        return list(distinct(out, where))
    if card.target == "stack":
        return list(distinct([Option(oid, f"{stack_name(state, tw, lv)} ({len(tw.levels[lv])} cards)")
                              for oid, tw, lv in stack_targets(state, seat)]))
    return []


def has_target(state: State, seat: int, card: MetaCard) -> bool:
    """Whether ``card`` has at least one legal announced target for ``seat`` now (cheap form of
    :func:`target_options`, META-TGT-01)."""
    return _has_target(state, seat, card.target, card.filter)


def _has_target(state: State, seat: int, k: str, flt: str) -> bool:
    """:func:`has_target` for a card of target kind ``k`` and filter ``flt`` (all it depends on)."""
    if k in ("player", "opponent"):
        return any(s != seat or k == "player" for s in enabled(state))
    if k == "graveyard":
        return True
    if k == "stack":
        return any(level for tw in towers(state) if not (state.stage == "drawing" and tw.owner not in (-1, seat))
                   for level in tw.levels)
    if k == "card":
        pool = card_pool()
        for tw in towers(state):
            if state.stage == "drawing" and tw.owner not in (-1, seat):
                continue
            if flt == "any" and tw.trigger >= 0:
                return True
            for level in tw.levels:
                for e in level:
                    if flt in ("stack", "any") or pool[state.cards[e.card]].type == flt:
                        return True
        return False
    return True


def _reach(state: State, seat: int) -> tuple[bool, frozenset[str], bool]:
    """What the towers ``seat`` may reach now hold (every tower, or in the drawing stage the main tower and its
    own trigger towers, META-DRS-03): (any card on a stack, the card types on their stacks, any face-down
    trigger). :func:`_has_target` of a ``card`` or ``stack`` target kind follows from it."""
    types: set[str] = set()
    trigger = False
    pool = card_pool()
    cards = state.cards
    drawing = state.stage == "drawing"
    for tw in towers(state):
        if drawing and tw.owner not in (-1, seat):
            continue
        if tw.trigger >= 0:
            trigger = True
        for level in tw.levels:
            for e in level:
                types.add(pool[cards[e.card]].type)
    return bool(types), frozenset(types), trigger


def playable(state: State, seat: int, card: int) -> bool:
    """Whether ``seat`` can play ``card`` now with at least one legal target and destination."""
    d = card_pool()[state.cards[card]]
    if d.type == "trigger":
        # META-TRG-01: only the player at turn; META-GAP-03: in the drawing and the pushing stage.
        return seat == state.at_turn and (d.target == "none" or has_target(state, seat, d))
    return has_target(state, seat, d)


_CARD_WORDS = {"event": "Event card", "meta": "Meta card", "stack": "card", "any": "card"}


def unplayable_reason(state: State, seat: int, card: int) -> str:
    """Why ``seat`` cannot play ``card`` from its hand now, in a few player words; "" when it
    can (:func:`playable`). Only for a seat that may play (:func:`can_play`)."""
    if playable(state, seat, card):
        return ""
    d = card_def(state, card)
    if d.type == "trigger" and seat != state.at_turn:
        return "only the player at turn activates a trigger stack"
    reach = " you can reach in the drawing stage" if state.stage == "drawing" else ""
    if d.target == "opponent":
        return "no opponent in play to target"
    if d.target == "player":
        return "no player in play to target"
    if d.target == "stack":
        return f"no stack holds a card{reach}"
    if d.target == "card":
        what = _CARD_WORDS[d.filter]
        return f"no {what} or face-down trigger{reach}" if d.filter == "any" else f"no {what} on a stack{reach}"
    return "no legal target now"


def unplayable(state: State, seat: int) -> list[tuple[str, str]]:
    """``(card title, reason)`` for each card in ``seat``'s hand that its drawing or pushing decision does not
    offer; empty when the seat has no such decision (not its stage, passed, disabled, a play in
    progress). Reads only the seat's own hand and the public board."""
    p = state.players[seat]
    if not can_play(state, seat) or p.play >= 0:
        return []
    out = []
    for c in p.hand:
        why = unplayable_reason(state, seat, c)
        if why:
            out.append((title(state, c), why))
    return out


_GO = Option("go", "Play!")
_PASS = Option("pass", "Pass")
_HAND_OPTIONS: dict[tuple[int, str], Option] = {}
"""(card instance, card id) -> its option in a drawing or pushing decision; options are immutable values,
so one object serves every listing (the labels are built once, not after every choice)."""


def _hand_option(c: int, cid: str) -> Option:
    """The option playing card instance ``c`` (card id ``cid``) from hand: ``activate:<c>`` for a Trigger
    card (META-TRG-01), ``play:<c>`` otherwise."""
    o = _HAND_OPTIONS.get((c, cid))
    if o is None:
        d = card_pool()[cid]
        if d.type == "trigger":
            o = Option(f"activate:{c}", f"Activate a trigger stack with {d.title}", (d.id,))
        else:
            o = Option(f"play:{c}", f"Play {d.title}", (d.id,))
        _HAND_OPTIONS[(c, cid)] = o
    return o


_PLAY_NEEDS: dict[str, tuple[bool, str, str, bool]] = {}
"""Card id -> (is a Trigger card, target kind, filter, whether the answer depends on the seat outside the
drawing stage); target kind ``""`` when the card never lacks a target (see :func:`has_target`)."""


def _play_needs(cid: str) -> tuple[bool, str, str, bool]:
    need = _PLAY_NEEDS.get(cid)
    if need is None:
        d = card_pool()[cid]
        trig = d.type == "trigger"
        k = d.target if d.target in ("player", "opponent", "stack", "card") else ""
        need = _PLAY_NEEDS[cid] = (trig, k, d.filter, k == "opponent")
    return need


def _need_key(cid: str, seat: int, drawing: bool, at_turn: bool) -> tuple[str, str, int] | tuple[()] | None:
    """What card id ``cid`` needs to be playable by ``seat``: ``None`` (nothing), ``()`` (impossible: a
    Trigger card of a seat not at turn, META-TRG-01) or the key of a target availability (kind, filter,
    seat or -1 when it does not depend on the seat; see :func:`_has_target`, META-TGT-01)."""
    trig, k, flt, by_seat = _PLAY_NEEDS.get(cid) or _play_needs(cid)
    if trig and not at_turn:
        return ()
    if not k:
        return None
    return (k, flt, seat if drawing or by_seat else -1)


@lru_cache(maxsize=4096)
def _hand_needs(seat: int, drawing: bool, at_turn: bool, cids: tuple[str, ...]) -> tuple[tuple[str, str, int], ...]:
    """The distinct target availabilities the cards ``cids`` of ``seat``'s hand depend on, in order."""
    keys: list[tuple[str, str, int]] = []
    for cid in cids:
        key = _need_key(cid, seat, drawing, at_turn)
        if key and key not in keys:
            keys.append(key)
    return tuple(keys)


@lru_cache(maxsize=8192)
def _hand_listing(seat: int, drawing: bool, at_turn: bool, hand: tuple[int, ...], cids: tuple[str, ...],
                  available: tuple[bool, ...], aimed: bool = False) -> Decision:
    """``seat``'s drawing or pushing decision for a hand of instances ``hand`` (card ids ``cids``) when the
    target availabilities :func:`_hand_needs` lists are ``available``: the cards :func:`playable` allows,
    in hand order. A function of its arguments only, so it serves the next listing as long as that seat's
    hand and what its cards need stay the same (most seats, between two choices)."""
    ok = dict(zip(_hand_needs(seat, drawing, at_turn, cids), available, strict=True))
    cards = []
    for c, cid in zip(hand, cids, strict=True):
        key = _need_key(cid, seat, drawing, at_turn)
        if key is None or (key and ok[key]):
            cards.append((c, cid))
    # An empty hand (a public size) is forced; the pushing decision off turn is a window
    return _hand_decision(seat, drawing, tuple(cards), not hand, not drawing and not at_turn, aimed)


def decisions_of(state: State) -> list[Decision]:
    """The open decisions, one per seat at most, in seat order (several at once in the pushing and
    discarding stages, META-PSH-05, META-DIS-02); listed once per version (``State.cached``)."""
    if state.cached is not None and state.cached[0] == state.version:
        return list(state.cached[1])
    out = _decisions(state)
    state.cached = (state.version, out)
    return list(out)


def _decisions(state: State) -> list[Decision]:
    if state.result is not None:
        return []
    out = []
    if state.stage == "discarding":
        if param(state, "discarding") == "off":
            return []  # META-CBR-01: a card removed this turn's discarding stage
        limit = hand_limit(state)
        for s in turn_seats(state):
            p = state.players[s]
            left = len(p.hand) - len(p.discards) - limit
            if not p.removed and left > 0:
                opts = distinct([Option(f"discard:{c}", f"Discard {title(state, c)}", (state.cards[c],))
                                 for c in p.hand if c not in p.discards])
                # forced: a one-card hand (public count) before any discard is chosen
                out.append(Decision(s, "discard", f"Discarding stage: discard {left} more card"
                                    f"{'s' if left > 1 else ''} (hand limit {limit}).", opts,
                                    default=opts[-1].id, forced=len(opts) == 1 and not p.discards))
        return sorted(out, key=lambda d: d.seat)
    memo: dict[Any, Any] = {}  # target availability (and the seats in play), shared by the seats: same state
    for s in range(len(state.players)):
        if not can_play(state, s):
            continue
        out.append(seat_decision(state, s, memo))
    return out


def aimed_seat(state: State, player: int, target: dict[str, Any] | None) -> int:
    """The seat a play by ``player`` with the announced ``target`` is aimed at: the named player, the owner of
    the named graveyard, the player of the named card, the owner of the named face-down trigger or stack; -1
    for none or ``player`` themself (public: every announced target is, META-GAP-17)."""
    if target is None:
        return -1
    k = target["k"]
    seat = -1
    if k in ("player", "grave"):
        seat = target["seat"]
    elif k == "card":
        loc = find_entry(state, target["card"])
        seat = -1 if loc is None else loc[0].levels[loc[1]][loc[2]].player
    elif k in ("facedown", "stack"):
        tw = tower_by_id(state, target["tower"])
        seat = -1 if tw is None else tw.owner
    return -1 if seat == player else seat




def fixed_target(state: State, d: MetaCard) -> dict[str, Any] | None:
    """The target of a card whose target is fixed by the card (META-TGT-02 descriptive targets, or none):
    ``{"k": "top"|"next"|"below", ...}`` or ``None``. Only for cards that do not :func:`needs_choice`."""
    if d.target == "top":
        return {"k": "top", "tower": "main", "level": d.level}
    if d.target == "next":
        return {"k": "next", "tower": "main", "after": state.seq}
    if d.target == "below":
        return {"k": "below"}
    return None


def _fixed_target_now(state: State, seat: int, d: MetaCard, tw: Tower) -> str:
    """What a fixed target names, for the confirm step: the rule's words plus what it reads as now."""
    names = [p.name for p in state.players]
    if d.target == "top":
        level = state.main.levels[d.level] if d.level < len(state.main.levels) else []
        where = "main stack" if d.level == 0 else "main meta stack"
        now = (f"now {title(state, level[-1].card)} ({names[level[-1].player]}'s)" if level else "empty now")
        return f"the card on top of the {where} ({now}; read when it executes)"
    if d.target == "next":
        return "the next card played onto the main stack"
    if d.target == "below":
        base = tw.levels[0]
        now = f"now {names[base[-1].player]}" if base else "no card below now"
        return f"the player of the card below ({now}; read when it executes)"
    return "no target"


def confirm_decision(state: State, seat: int, d: MetaCard) -> Decision:
    """The confirm step of a play whose target is fixed by the card (META-TGT-01): the card,
    its target and its destination, with "Play" (``confirm``; "Activate" for a Trigger card) and "Back".
    Timeout default: ``back`` (META-GAP-18) — a timeout never plays a card its player did not confirm; the
    card stays in hand and the seat's drawing or pushing decision opens again (whose own default is
    "Play!" or pass)."""
    p = state.players[seat]
    if d.type == "trigger":
        prompt = (f"Activate a new trigger stack with {d.title} face down (it names no player)? "
                  "Only you will see which card it is.")
        return Decision(seat, "confirm_play", prompt, (Option("confirm", "Activate"), Option("back", "Back")),
                        default="back")
    target = fixed_target(state, d)
    if target is None:
        tw = tower_by_id(state, p.dest) or state.main
        where = stack_name(state, tw, 0)
    elif target["k"] in ("top", "next"):
        tw = state.main
        where = stack_name(state, tw, target["level"] + 1 if target["k"] == "top" else 1)
    else:
        tw = tower_by_id(state, p.dest) or state.main
        where = stack_name(state, tw, 0)
    prompt = (f"Play {d.title} onto {where}? It has no target." if d.target == "none" else
              f"Play {d.title} onto {where}, targeting {_fixed_target_now(state, seat, d, tw)}?")
    return Decision(seat, "confirm_play", prompt, (Option("confirm", "Play"), Option("back", "Back")),
                    default="back")


def seat_decision(state: State, seat: int, memo: dict[Any, Any] | None = None) -> Decision:
    """``seat``'s decision in the drawing or pushing stage: a card to play, or a step of a play. ``memo``
    (optional) shares target availability between the seats of one listing: see :func:`_hand_needs`."""
    p = state.players[seat]
    if p.play >= 0:
        d = card_def(state, p.play)
        if d.type != "trigger" and event_like(d):
            dests = destinations(state, seat, d)
            if not any(tw.id == p.dest for tw in dests):
                # META-GAP-03: no destination yet, or the chosen trigger stack fired meanwhile (choose again)
                gone = ("The trigger stack you chose has fired and is no longer active. " if p.dest else "")
                opts = [Option(f"dest:{tw.id}", "Onto " + stack_name(state, tw, 0)) for tw in dests]
                return Decision(seat, "destination", f"{gone}Where does {d.title} go?",
                                distinct([*opts, Option("back", "Back")]), default="back")
        if (d.type == "trigger" and d.target == "none") or (d.type != "trigger" and not needs_choice(d)):
            return confirm_decision(state, seat, d)
        opts = target_options(state, seat, d)
        return Decision(seat, "target", f"Announce the target of {d.title}: {target_text(d)}.",
                        distinct([*opts, Option("back", "Back")]), default="back")
    drawing, at_turn = state.stage == "drawing", seat == state.at_turn
    hand = tuple(p.hand)
    cids = tuple(map(state.cards.__getitem__, hand))
    if memo is None:
        memo = {}
    available = []
    for key in _hand_needs(seat, drawing, at_turn, cids):
        ok = memo.get(key)
        if ok is None:
            k = key[0]
            if k == "opponent":  # one per seat: from the seats in play, listed once per listing
                en = memo.get("enabled")
                if en is None:
                    en = memo["enabled"] = enabled(state)
                ok = len(en) > 1 or (len(en) == 1 and en[0] != seat)  # a seat in play other than ``seat``
            elif k in ("card", "stack"):
                # what the reachable towers hold, looked at once per listing (per seat in the drawing stage)
                reach = memo.get(key[2])
                if reach is None:
                    reach = memo[key[2]] = _reach(state, seat)
                flt = key[1]
                ok = reach[0] if k == "stack" or flt == "stack" else (
                    reach[0] or reach[2] if flt == "any" else flt in reach[1])
            else:
                ok = _has_target(state, seat, k, key[1])
            memo[key] = ok
        available.append(ok)
    aimed = not drawing and not at_turn and state.aimed == seat
    return _hand_listing(seat, drawing, at_turn, hand, cids, tuple(available), aimed)


@lru_cache(maxsize=4096)
def _hand_decision(seat: int, drawing: bool, cards: tuple[tuple[int, str], ...], forced: bool = False,
                   window: bool = False, aimed: bool = False) -> Decision:
    """The drawing (``drawing``) or pushing decision of ``seat`` offering ``cards`` ((instance, card id)
    of its playable cards, in hand order), with the flags: ``forced`` for an empty hand (its size is
    public, so "Play!" or "Pass" being the only option is too), ``window`` for the pushing decision of a
    player not at turn (their chance to answer the plays of another player's turn, META-PSH-05), ``aimed``
    when the last play or trigger activation named that player (``State.aimed``). A function of its
    arguments only, so kept for the next listing: between two choices most seats' hands and playable cards
    do not change."""
    opts = [_GO if drawing else _PASS, *(_hand_option(c, cid) for c, cid in cards)]
    if drawing:
        prompt = "Drawing stage: play onto your trigger stacks, activate one, play onto the main stack, or Play!"
        return Decision(seat, "drawing", prompt, distinct(opts), default="go", forced=forced)
    return Decision(seat, "push", "Pushing stage: play a card or pass.", distinct(opts), default="pass",
                    forced=forced, window=window, aimed=aimed)


# -- applying a choice -----------------------------------------------------------------------------


def apply_choice(state: State, seat: int, choice: str) -> list[Event]:
    """Validate ``choice`` against ``seat``'s open decision and apply it. Raises :class:`RulesError`
    (state unchanged) when it is not one of the current options."""
    cached = state.cached
    if cached is not None and cached[0] == state.version:
        # the decisions of this version are listed already (a player chose from them): the seat's listing says
        # whether ``choice`` is offered, and its kind, as the checks below would
        for dec in cached[1]:
            if dec.seat == seat:
                for o in dec.options:
                    if o.id == choice:
                        eng = Engine(state)
                        eng.run(seat, dec.kind, choice)
                        return eng.events
                break
    if can_play(state, seat):
        # a valid choice needs no listing of the decision (labels, prompt): only its option ids
        if state.players[seat].play < 0:
            kind = ("drawing" if state.stage == "drawing" else "push") if _offered_from_hand(state, seat, choice) else ""
        else:
            kind = _offered_in_play(state, seat, choice)
        if kind:
            eng = Engine(state)
            eng.run(seat, kind, choice)
            return eng.events
    decs = [d for d in decisions_of(state) if d.seat == seat] if state.stage == "discarding" else (
        [seat_decision(state, seat)] if can_play(state, seat) else [])
    if not decs:
        if state.result is not None:
            raise RulesError("META-WIN-02", "The game is over.")
        p = state.players[seat]
        if p.removed:
            raise RulesError("META-WIN-03", "You are out of the game.")
        if p.disabled:
            raise RulesError("META-PLY-05", "You are disabled: disabled players cannot play cards.")
        if state.stage == "drawing":
            raise RulesError("META-DRS-03", "Only the player at turn may play in the drawing stage.")
        if state.stage == "pushing" and p.passed:
            raise RulesError("META-PSH-05", "You have passed; you may play again after someone else plays.")
        raise RulesError("META-TRN-02", "You have no decision to make now.")
    dec = decs[0]
    if dec.option(choice) is None:
        raise _refusal(state, seat, dec, choice)
    eng = Engine(state)
    eng.run(seat, dec.kind, choice)
    return eng.events


def _offered_from_hand(state: State, seat: int, choice: str) -> bool:
    """Whether ``choice`` is an option id of ``seat``'s drawing or pushing decision (:func:`seat_decision`
    with no play in progress) — the same answer as listing it, without building the labels."""
    if choice == ("go" if state.stage == "drawing" else "pass"):
        return True
    kind, _, rest = choice.partition(":")
    if kind not in ("play", "activate") or not (rest.isascii() and rest.isdigit()) or str(int(rest)) != rest:
        return False
    c = int(rest)
    if c not in state.players[seat].hand or (kind == "activate") != (card_def(state, c).type == "trigger"):
        return False
    return playable(state, seat, c)


def _offered_in_play(state: State, seat: int, choice: str) -> str:
    """The kind of ``seat``'s open step of a play in progress (``destination``, ``confirm_play`` or
    ``target``, as :func:`seat_decision` decides it) when ``choice`` is one of its option ids, else ``""``."""
    p = state.players[seat]
    d = card_def(state, p.play)
    if d.type != "trigger" and event_like(d):
        dests = destinations(state, seat, d)
        if not any(tw.id == p.dest for tw in dests):
            ok = choice == "back" or any(choice == f"dest:{tw.id}" for tw in dests)
            return "destination" if ok else ""
    if (d.type == "trigger" and d.target == "none") or (d.type != "trigger" and not needs_choice(d)):
        return "confirm_play" if choice in ("confirm", "back") else ""
    if choice == "back":
        return "target"
    if not choice.startswith("tgt:"):
        return ""
    if d.target in ("player", "opponent"):
        ids = [f"tgt:p{s}" for s in player_targets(state, seat, d)]
    elif d.target == "graveyard":
        ids = [f"tgt:g{s}" for s in in_game(state)]
    elif d.target == "card":
        ids = [t[0] for t in card_targets(state, seat, d)]
    elif d.target == "stack":
        ids = [t[0] for t in stack_targets(state, seat)]
    else:
        ids = []
    return "target" if choice in ids else ""


def _refusal(state: State, seat: int, dec: Decision, choice: str) -> RulesError:
    """A readable refusal for an option id that is not offered, naming the rule (META-HST)."""
    listed = ", ".join(o.label for o in dec.options[:8])
    kind, _, rest = choice.partition(":")
    pool = card_pool()
    if kind in ("play", "activate", "discard") and rest.isdigit():
        c = int(rest)
        if c >= len(state.cards) or c not in state.players[seat].hand:
            return RulesError("META-INF-01", "That card is not in your hand.")
        d = pool[state.cards[c]]
        legal = f" You can choose: {listed}."
        if d.type == "trigger" and kind == "play":
            return RulesError("META-TRG-02", f"{d.title} is a Trigger card: it can only activate a trigger stack.")
        if d.type == "trigger" and seat != state.at_turn:
            return RulesError("META-TRG-01", "Only the player at turn can play Trigger cards." + legal)
        why = unplayable_reason(state, seat, c) or "no legal target now"
        return RulesError("META-TGT-01", f"{d.title} cannot be played now: {why}." + legal)
    if kind == "dest" and rest.startswith("g"):
        return RulesError("META-GRV-03", "No card can be played onto a graveyard.")
    stale = state.players[seat].dest
    if dec.kind == "destination" and stale and tower_by_id(state, stale) is None:
        what = title(state, state.players[seat].play)
        return RulesError("META-TRS-02", f"The trigger stack you chose has fired and is no longer active: choose "
                                         f"again where {what} goes ({listed}), or Back to take it back.")
    if kind == "dest":
        return RulesError("META-EVT-02", "An Event card goes onto the main stack or an active trigger stack you may use.")
    if kind == "tgt":
        if rest.startswith("p") and rest[1:].isdigit() and int(rest[1:]) < len(state.players):
            if state.players[int(rest[1:])].disabled:
                return RulesError("META-PLY-10", "A disabled player cannot be targeted.")
        return RulesError("META-TGT-08", f"That is not a legal target. Legal: {listed}.")
    return RulesError("META-TRN-02", f"That is not one of your options now: {listed}.")


_SEAT_ONLY = {"pass": 1, "play": 0, "activate": 0, "dest": 0, "back": 0}
"""Option id heads of choices that change only the choosing seat's own step (``Player.passed``, ``play``,
``dest``), with the number of events they say when nothing runs after them (see :meth:`Engine.run`)."""


class Engine(Execution):
    """Applies one choice and runs the game forward; collects the :class:`Event` log in ``events``. Executing
    towers and cards is inherited from :class:`games.meta.rules.execution.Execution`.

    Execution needs no decisions (targets are announced at play time), so a whole executing stage,
    every trigger it fires and the end of the turn run inside one ``apply``."""

    def __init__(self, state: State):
        self.st = state
        self.events: list[Event] = []
        self.rng = Rng(state.rng)
        self.steps = 0
        self.depth = 0
        self.seen: dict[Any, int] = {}
        self.trace: list[int] = []
        self.coin_used = False
        self.hold: set[int] = set()
        """Seats whose disabling belongs to a step still running (a trigger fired in its middle): nested
        settlements leave them, and the victory check, to that step's own settlement (META-MUT-05)."""
        self.copying: list[int] = []

    # -- plumbing

    def say(self, text: str, audience: tuple[int, ...] | None = None) -> None:
        self.events.append(Event(text, audience))

    def name(self, seat: int) -> str:
        return self.st.players[seat].name

    def run(self, seat: int, kind: str, choice: str) -> None:
        """Apply ``choice``, already validated against ``seat``'s open decision of kind ``kind``, and run
        the game forward."""
        st = self.st
        cached, stage = st.cached, st.stage
        try:
            self.choose(seat, kind, choice)
            self.advance()
        except GameOver:
            self.finish()
        st.rng = self.rng.state
        st.version += 1
        said = _SEAT_ONLY.get(choice.partition(":")[0])
        if (said is not None and len(self.events) == said and st.stage == stage and cached is not None
                and cached[0] == st.version - 1):
            # The choice changed only ``seat``'s own step (a pass, a card or destination chosen, back) and
            # nothing ran after it: every other seat's decision is the one listed before it (none reads another
            # seat's step), so the new listing is the old one with ``seat``'s decision listed again.
            out = []
            for d in cached[1]:
                if d.seat != seat:
                    out.append(d)
                elif can_play(st, seat):
                    out.append(seat_decision(st, seat))
            st.cached = (st.version, out)

    def finish(self) -> None:
        st = self.st
        for c in st.limbo:
            st.players[st.owner[c]].graveyard.append(c)
        st.limbo.clear()
        st.stage = "over"
        for p in st.players:
            p.play, p.dest, p.passed = -1, "", False
            p.discards.clear()

    # -- choices

    def choose(self, seat: int, dec_kind: str, choice: str) -> None:
        st = self.st
        p = st.players[seat]
        kind, _, rest = choice.partition(":")
        if dec_kind == "discard":
            p.discards.append(int(rest))
            return
        if kind == "go":
            self.say(f"{p.name} says “Play!”: the drawing stage ends.")
            self.start_pushing()
            return
        if kind == "pass":
            p.passed = True
            self.say(f"{p.name} passes.")
            return
        if kind == "back":
            p.play, p.dest = -1, ""
            st.takebacks[seat] = st.takebacks.get(seat, 0) + 1
            return
        if kind in ("play", "activate"):
            p.play = int(rest)
            d = card_def(st, p.play)
            if d.type != "trigger" and event_like(d):
                dests = destinations(st, seat, d)
                if len(dests) == 1:
                    p.dest = dests[0].id
            return  # a destination, target or confirm step follows (nothing is placed on one press)
        if kind == "dest":
            p.dest = rest
            return
        if kind == "confirm":
            self.place_fixed(seat)
            return
        if kind == "tgt":
            self.place(seat, self.parse_target(seat, rest))
            return
        raise AssertionError(choice)

    def parse_target(self, seat: int, rest: str) -> dict[str, Any]:
        k, val = rest[0], rest[1:]
        if k == "p":
            return {"k": "player", "seat": int(val)}
        if k == "g":
            return {"k": "grave", "seat": int(val)}
        if k == "c":
            return {"k": "card", "card": int(val)}
        if k == "f":
            return {"k": "facedown", "tower": val}
        if k == "s":
            tid, _, lv = val.rpartition(".")
            return {"k": "stack", "tower": tid, "level": int(lv)}
        raise AssertionError(rest)

    def place_fixed(self, seat: int) -> None:
        """Place the play in progress whose target is fixed by the card (descriptive or none), once its
        player confirmed it."""
        st = self.st
        self.place(seat, fixed_target(st, card_def(st, st.players[seat].play)))

    # -- placing a card (META-TGT-01, META-MTA-02..06, META-TRG-03)

    def place(self, seat: int, target: dict[str, Any] | None) -> None:
        st = self.st
        p = st.players[seat]
        card = p.play
        d = card_def(st, card)
        dest = p.dest
        p.play, p.dest = -1, ""
        p.hand.remove(card)
        if d.type == "trigger":
            tid = f"t{st.next_tower}"
            st.next_tower += 1
            tw = Tower(tid, owner=seat, trigger=card, target=target, seq=st.next_tower)
            st.triggers.append(tw)
            named = f", naming {self.name(target['seat'])}" if target else ""
            label = tower_name(st, tw)
            which = f": {label}" if trigger_number(st, tw) else ""
            self.say(f"{p.name} activates a trigger stack with a face-down trigger{named}{which}.")
            st.aimed = aimed_seat(st, seat, target)
            self.say(f"The face-down trigger of {label} is your {d.title}.", (seat,))
            self.clear_passes()
            self.emit("activated", seat, skip=tw)
            self.settle()
            return
        st.aimed = aimed_seat(st, seat, target)  # before placing: a card target is found where it is
        tw, level = self.placement(seat, d, dest, target)
        if tw.id == "main" and level == 0:
            st.limbo.append(card)  # META-TRG-06: "before" triggers fire while the card is on its way
            self.emit("card_main", seat, "before")
            st.limbo.remove(card)
            self.bind_next(card)
        st.seq += 1
        while len(tw.levels) <= level:
            tw.levels.append([])  # META-STK-04: a level is created when first needed
        tw.levels[level].append(Entry(card, seat, target, st.seq))
        where = stack_name(st, tw, level)
        tgt = self.describe_target(target, seat)
        self.say(f"{p.name} plays {d.title} on {where}" + (f", targeting {tgt}" if tgt else "") + ".")
        self.clear_passes()
        if st.stage == "drawing" and tw.id == "main":
            self.say("A card went onto the main tower: the drawing stage ends.")
            self.start_pushing()
        if tw.id == "main" and level == 0:
            self.emit("card_main", seat)
        if d.type == "meta":
            self.emit("meta_played", seat)
        self.settle()

    def placement(self, seat: int, d: MetaCard, dest: str, target: dict[str, Any] | None) -> tuple[Tower, int]:
        """The tower and level a card goes onto (META-MTA-02..06, META-GAP-07)."""
        st = self.st
        if target is not None:
            k = target["k"]
            if k == "card":
                loc = find_entry(st, target["card"])
                assert loc is not None
                return loc[0], loc[1] + 1
            if k == "stack":
                tw = tower_by_id(st, target["tower"])
                assert tw is not None
                return tw, target["level"] + 1
            if k in ("top", "next"):
                return st.main, (target["level"] + 1 if k == "top" else 1)
            if k == "facedown":
                return st.main, 0
        tw = tower_by_id(st, dest) if dest else None
        # seat_decision never lets a play reach here with a destination that fired (META-GAP-03)
        return (tw or st.main), 0

    def describe_target(self, target: dict[str, Any] | None, seat: int) -> str:
        st = self.st
        if target is None:
            return ""
        k = target["k"]
        if k == "player":
            return self.name(target["seat"])
        if k == "grave":
            return f"{self.name(target['seat'])}'s graveyard"
        if k == "card":
            loc = find_entry(st, target["card"])
            where = f" on {stack_name(st, loc[0], loc[1])}" if loc else ""
            return f"{title(st, target['card'])}{where}"
        if k == "facedown":
            tw = tower_by_id(st, target["tower"])
            return f"the face-down trigger of {tower_name(st, tw)}" if tw else "a face-down trigger"
        if k == "stack":
            tw = tower_by_id(st, target["tower"])
            return stack_name(st, tw, target["level"]) if tw else "a stack"
        if k == "top":
            return "the card on top of " + ("the main stack" if target["level"] == 0 else "the main meta stack")
        if k == "next":
            return "the next card played onto the main stack"
        if k == "below":
            return "the player who played the card below it"
        return ""

    def bind_next(self, card: int) -> None:
        """META-TGT-04: ``card`` is going onto the main stack: it is "the next card played onto the main
        stack" of every such target still waiting for one, for good (if it leaves, the target is invalid)."""
        for tw in towers(self.st):
            for level in tw.levels:
                for e in level:
                    if e.target is not None and e.target.get("k") == "next" and "card" not in e.target:
                        e.target["card"] = card

    def clear_passes(self) -> None:
        for p in self.st.players:
            p.passed = False  # META-PSH-05: a play clears every pass

    # -- stages

    def start_pushing(self) -> None:
        st = self.st
        st.stage = "pushing"
        self.clear_passes()

    def advance(self) -> None:
        """Run the game forward until a decision is open or the game is over."""
        st = self.st
        while st.result is None:
            if st.stage == "drawing":
                at = st.players[st.at_turn]
                if at.disabled or at.removed:
                    self.say(f"{at.name} cannot play: the drawing stage ends.")
                    self.start_pushing()
                    continue
                return
            if st.stage == "pushing":
                for s in range(len(st.players)):
                    if can_play(st, s):
                        return
                self.execute_stage()
                self.start_discarding()
                continue
            if st.stage == "discarding":
                limit = hand_limit(st)
                if param(st, "discarding") != "off" and any(
                        len(p.hand) - len(p.discards) > limit for p in st.players if not p.removed):
                    return
                self.apply_discards()
                self.end_turn()
                self.start_turn()
                continue
            return

    def execute_stage(self) -> None:
        """META-EXE-01..08: the main tower executes from its highest level down."""
        st = self.st
        st.stage = "executing"
        self.steps, self.seen, self.trace, self.coin_used = 0, {}, [], False
        self.emit("exec_start", st.at_turn, "before")  # META-TRG-06
        self.say("Everyone has passed: the executing stage begins.")
        self.emit("exec_start", st.at_turn)
        self.run_tower(st.main)
        st.main.levels = [[]]
        self.say("The main tower is empty: the executing stage ends.")

    def start_discarding(self) -> None:
        st = self.st
        st.stage = "discarding"
        if param(st, "discarding") == "off":
            self.say("There is no discarding stage this turn (a card changed the rule).")
            return
        limit = hand_limit(st)
        over = [s for s in turn_seats(st) if not st.players[s].removed and len(st.players[s].hand) > limit]
        if over:
            self.say("Discarding stage: " + ", ".join(self.name(s) for s in over) +
                     f" must discard down to {limit} cards.")

    def apply_discards(self) -> None:
        """META-DIS-01..04: every chosen discard is applied together; triggers in turn order."""
        st = self.st
        done = []
        for s in turn_seats(st):
            p = st.players[s]
            if not p.discards:
                continue
            for c in p.discards:
                p.hand.remove(c)
                p.graveyard.append(c)
            done.append(s)
            self.say(f"{p.name} discards {', '.join(title(st, c) for c in p.discards)}.")
            p.discards.clear()
        self.emit_batch([("discard", s) for s in done])  # META-DIS-04, META-TRS-09: one group, turn order
        self.settle()

    def end_turn(self) -> None:
        """META-SOE-02: end-of-turn effects, then rule changes that last "this turn" revert."""
        st = self.st
        self.emit("turn_end", st.at_turn)
        expired = [ch for ch in st.changes if ch.until == st.turn]
        if expired:
            st.changes = [ch for ch in st.changes if ch.until != st.turn]
            for ch in expired:
                self.say(f"{ch.source}'s rule change ends: {param_text(ch.param, param(st, ch.param))}.")
        self.clamp_all()
        self.settle()  # a changed threshold or bound disables or re-enables at once (META-PLY-11, META-WIN-02)
        self.say(turn_summary(st))

    def start_turn(self) -> None:
        """META-TRN-03, META-DRS-01/02: next player, beginning-of-turn effects, everyone draws."""
        st = self.st
        if st.turn >= MAX_TURNS:
            self.say(f"The turn cap of {MAX_TURNS} turns is reached: the game is a draw.")
            st.result = Result((), tuple(in_game(st)), "turn_cap", f"Draw: the {MAX_TURNS}-turn cap was reached.",
                               draw=True, rule=f"A draw: more than one player was still in play when the bot's "
                               f"{MAX_TURNS}-turn cap was reached (a gap the rulebook leaves open: see /rules)",
                               scores=final_scores(st)).to_dict()
            raise GameOver
        if st.turn > 0:
            step = 1 if param(st, "direction") == 1 else -1
            i = st.order.index(st.at_turn)
            for k in range(1, len(st.order) + 1):
                s = st.order[(i + step * k) % len(st.order)]
                if not st.players[s].removed:
                    st.at_turn = s
                    break
        st.turn += 1
        st.stage = "drawing"
        st.aimed = -1
        for p in st.players:
            p.passed = False
        self.say(f"Turn {st.turn}: {self.name(st.at_turn)} is at turn.")
        self.steps, self.seen, self.trace, self.coin_used = 0, {}, [], False
        self.emit("turn_start", st.at_turn, "before")  # META-TRG-06
        self.emit("turn_start", st.at_turn)
        n = int(param(st, "draw_count"))
        drawers = [s for s in turn_seats(st) if not st.players[s].disabled and not st.players[s].removed]
        for s in drawers:
            self.draw(s, n, announce=False)
        self.say(f"Everyone in play draws {n}.")
        self.settle()

    # -- player changes

    def lose(self, seat: int, n: int) -> None:
        st = self.st
        p = st.players[seat]
        if p.removed or n <= 0:
            return
        self.emit("lose_life", seat, "before")
        if p.removed:
            return
        low = int(param(st, "life_min"))
        new = max(low, p.life - n)
        if new == p.life:
            return
        self.emit("life_low", seat, "before", life=new)  # META-TRG-06: "just before life falls to n"
        if p.removed:
            return
        new = max(int(param(st, "life_min")), p.life - n)  # recomputed after "before" triggers (META-GAP-06)
        if new == p.life:
            return
        old, p.life = p.life, new
        self.say(f"{p.name} loses {n} life ({p.life}).")
        if p.disabled and old > int(param(st, "disable_at")) >= new and self.discard_hand(seat):
            self.emit("discard", seat)  # META-PLY-04, META-GAP-12/23: already disabled (no memory), now at 0 or less
        self.emit("lose_life", seat)
        self.emit("life_low", seat)

    def gain(self, seat: int, n: int) -> None:
        st = self.st
        p = st.players[seat]
        if p.removed or n <= 0:
            return
        self.emit("gain_life", seat, "before")
        if p.removed:
            return
        high = int(param(st, "life_max"))
        new = min(high, p.life + n)
        if new == p.life:
            return
        p.life = new
        self.say(f"{p.name} gains {n} life ({p.life}).")
        self.emit("gain_life", seat)

    def set_life(self, seat: int, n: int) -> None:
        st = self.st
        p = st.players[seat]
        n = max(int(param(st, "life_min")), min(int(param(st, "life_max")), n))
        if n > p.life:
            self.gain(seat, n - p.life)
        elif n < p.life:
            self.lose(seat, p.life - n)

    def clamp_all(self) -> None:
        """META-PLY-02 with card-changed bounds (META-GAP-22): lives are kept inside the bounds."""
        st = self.st
        low, high = int(param(st, "life_min")), int(param(st, "life_max"))
        for p in st.players:
            p.life = max(low, min(high, p.life))

    def draw(self, seat: int, n: int, announce: bool = True) -> None:
        """META-MEM-01..05: draw ``n``; an empty memory disables, a short one costs life."""
        st = self.st
        p = st.players[seat]
        if p.removed or p.disabled or n <= 0:
            return  # META-GAP-13: disabled players draw nothing
        self.emit("draw", seat, "before")
        if p.removed or p.disabled:
            return  # a "before" trigger disabled them
        if not p.memory:
            p.mem_out = True
            self.say(f"{p.name} must draw but their memory is empty.")
            return
        k = min(n, len(p.memory))
        got = p.memory[:k]
        del p.memory[:k]
        p.hand.extend(got)
        if announce:
            self.say(f"{p.name} draws {k}.")
        self.say("You draw " + ", ".join(title(st, c) for c in got) + ".", (seat,))
        self.emit("draw", seat)
        if k < n:
            penalty = (n - k) // max(1, int(param(st, "draw_penalty")))
            self.say(f"{p.name}'s memory had only {k} of {n} cards.")
            self.lose(seat, penalty)

    def to_memory(self, seat: int, cards: list[int], bottom: bool = True) -> None:
        p = self.st.players[seat]
        if bottom:
            p.memory.extend(cards)
        else:
            p.memory[:0] = cards
        if cards:
            p.mem_out = False  # META-MEM-06

    def discard_hand(self, seat: int) -> bool:
        """META-PLY-04: the whole hand goes to the graveyard; ``True`` when there was a card to discard (a
        discard from hand, META-GAP-23: the caller fires "discard" triggers)."""
        p = self.st.players[seat]
        if not p.hand:
            return False
        n = len(p.hand)
        self.say(f"{p.name} discards their hand ({n} card{'' if n == 1 else 's'}).")
        p.graveyard.extend(p.hand)
        p.hand.clear()
        p.play, p.dest = -1, ""
        return True

    def remove_player(self, seat: int, why: str) -> None:
        """META-MUT-02 / concession: out of the game; their trigger towers' cards go to graveyards
        (META-GAP-11); their cards on the main tower stay and execute."""
        st = self.st
        p = st.players[seat]
        p.removed = True
        p.play, p.dest, p.passed = -1, "", False
        p.discards.clear()
        self.say(f"{p.name} is removed from the game ({why}).")
        for tw in [t for t in st.triggers if t.owner == seat]:
            self.dismantle(tw)

    def dismantle(self, tw: Tower) -> None:
        st = self.st
        if tw.trigger >= 0:
            st.players[st.owner[tw.trigger]].graveyard.append(tw.trigger)
            tw.trigger = -1
        for level in tw.levels:
            for e in level:
                st.players[st.owner[e.card]].graveyard.append(e.card)
        tw.levels = [[]]
        if tw in st.triggers:
            st.triggers.remove(tw)

    # -- disabling, mutual disabling and victory (META-PLY, META-MUT, META-WIN)

    def settle(self) -> None:
        """End of one atomic step (META-MUT-05, META-GAP-11), run to a fixed point: judge every disabling
        the step produced together — "before disabled" triggers first (META-GAP-06), then the
        mutual-disabling rule or all the disablings at once, hands discarded — re-enable (META-PLY-11),
        check victory (META-WIN-02), then fire the "disabled", "discard" and "back in play" triggers as one
        group and judge again whatever they changed, until nothing changes (META-GAP-11). Cards executed by
        those triggers are steps of their own, settled after each. Seats in ``hold`` belong to a step
        still running and are left to it; while any are held, victory waits for that step too."""
        st = self.st
        # Most steps leave nobody due for disabling and nobody to re-enable: then the loop below would only
        # check victory (when no seat is held) and return.
        at = int(param(st, "disable_at"))
        players, hold = st.players, self.hold
        for s in st.order:
            p = players[s]
            if p.removed:
                continue
            if p.disabled:
                if p.life > at and not p.mem_out:
                    break  # back in play
            elif (p.life <= at or p.mem_out) and s not in hold:
                break  # due
        else:
            if not hold:
                self.check_win()
            return
        warned: set[int] = set()
        while True:
            at = int(param(st, "disable_at"))
            live = enabled(st)
            due = [s for s in turn_seats(st) if s in live and s not in self.hold
                   and (st.players[s].life <= at or st.players[s].mem_out)]
            warned.intersection_update(due)  # one healed meanwhile gets its "before" triggers again
            fresh = [s for s in due if s not in warned]
            if fresh:
                warned.update(fresh)
                self.emit_batch([("disabled", s) for s in fresh], "before")
                continue  # before-triggers may have changed everything
            events: list[tuple[str, int]] = []
            if due:
                if len(due) == len(live) and len(live) >= 2:
                    self.mutual(due)
                else:
                    for s in due:
                        if self.disable(s):
                            events.append(("discard", s))  # META-GAP-23
                        events.append(("disabled", s))
            back = [s for s in turn_seats(st) if st.players[s].disabled and not st.players[s].removed
                    and st.players[s].life > at and not st.players[s].mem_out]
            for s in back:
                st.players[s].disabled = False
                self.say(f"{self.name(s)} is back in play.")
                events.append(("reenabled", s))
            if not self.hold:
                self.check_win()
            if not due and not back:
                return
            self.emit_batch(events)

    def disable(self, seat: int) -> bool:
        """Disable ``seat`` (META-PLY-03/05, META-MEM-02); a life disabling discards the hand (META-PLY-04).
        Fires nothing itself (:meth:`settle` fires the group). ``True`` when a hand was discarded."""
        st = self.st
        p = st.players[seat]
        at = int(param(st, "disable_at"))
        p.disabled = True
        p.passed = False
        cause = "life" if p.life <= at else "memory"
        self.say(f"{p.name} is disabled ({'life ' + str(p.life) if cause == 'life' else 'no memory left'}).")
        discarded = cause == "life" and self.discard_hand(seat)
        p.play, p.dest = -1, ""
        return discarded

    def mutual(self, due: list[int]) -> None:
        """META-MUT-01..03: every player still in play would be disabled at once."""
        st = self.st
        at = int(param(st, "disable_at"))
        self.say("Every player in play would be disabled at the same time: the mutual-disabling rule applies.")
        for s, p in enumerate(st.players):
            if p.disabled and not p.removed:
                self.remove_player(s, "already disabled when the mutual-disabling rule applied")
        for s in due:
            p = st.players[s]
            cards = p.memory + p.graveyard  # the graveyard is shuffled into the whole memory
            p.graveyard.clear()
            self.rng.shuffle(cards)  # META-MUT-06
            p.memory = cards
            p.mem_out = False
            if p.life <= at:
                p.life = at + 1  # META-GAP-11
            self.say(f"{p.name} shuffles their graveyard into their memory ({len(p.memory)} cards) and plays on"
                     f" with {p.life} life.")

    def check_win(self) -> None:
        st = self.st
        live = enabled(st)
        if len(live) == 1:
            w = live[0]
            text = f"{self.name(w)} is the only player not disabled and wins."
            self.say(text)
            st.result = Result((w,), tuple(s for s in range(len(st.players)) if s != w), "last_active",
                               text, rule="The last player in play (not disabled) wins, see /rules META-WIN-02",
                               scores=final_scores(st)).to_dict()
            raise GameOver
        if not live:
            text = "No player is left in play: the game is a draw."
            self.say(text)
            st.result = Result((), tuple(range(len(st.players))), "no_players", text, draw=True,
                               rule="A draw: every player was disabled or out at once, see /rules META-WIN-02",
                               scores=final_scores(st)).to_dict()
            raise GameOver

    # -- triggers (META-TRS, META-TRG)

    def emit(self, event: str, subject: int, when: str = "after", skip: Tower | None = None,
             life: int | None = None) -> None:
        """A game event happened (or is about to, ``when='before'``): fire every matching armed trigger,
        in turn order from the player at turn, then activation order (META-TRS-07, META-GAP-06).
        ``life``: for a "before" ``life_low`` event, the life the subject is about to have."""
        if self.st.triggers:
            self.emit_batch([(event, subject)], when, skip, life)

    def emit_batch(self, events: list[tuple[str, int]], when: str = "after", skip: Tower | None = None,
                   life: int | None = None) -> None:
        """Several ``(event, subject)`` pairs of one step (the simultaneous discards, one settlement's
        disablings): every armed trigger matching any of them fires once, all in one order — owners in
        turn order from the player at turn, then activation order (META-DIS-04, META-TRS-09, META-GAP-06).
        A trigger is matched when its turn comes, so one fired earlier can no longer be met."""
        st = self.st
        if not st.triggers or not events:
            return
        # A trigger whose condition names another event or moment cannot match any of these (its face-down card
        # stays the same card): left out before ordering.
        kinds = {event for event, _ in events}
        pool, cards = card_pool(), st.cards
        armed = []
        for tw in st.triggers:
            if tw.trigger >= 0:
                c = pool[cards[tw.trigger]].condition
                if c is not None and c.when == when and c.event in kinds:
                    armed.append(tw)
        if not armed:
            return
        order = {s: i for i, s in enumerate(turn_seats(st))}
        cands = sorted(armed, key=lambda tw: (order.get(tw.owner, 99), tw.seq))
        for tw in cands:
            if tw.trigger < 0 or tw not in st.triggers or tw is skip:
                continue
            if any(self.matches(tw, event, subject, when, life) for event, subject in events):
                self.fire(tw)

    def matches(self, tw: Tower, event: str, subject: int, when: str, life: int | None = None) -> bool:
        st = self.st
        c = card_def(st, tw.trigger).condition
        if c is None or c.event != event or c.when != when:
            return False
        if event == "life_low" and (st.players[subject].life if life is None else life) > c.n:
            return False
        if event in ("turn_start", "turn_end", "exec_start") and c.who == "any":
            return True
        if c.who == "any":
            return True
        if c.who == "you":
            return subject == tw.owner
        if c.who == "opponent":
            return subject != tw.owner
        return tw.target is not None and subject == tw.target.get("seat")

    def fire(self, tw: Tower) -> None:
        """META-TRS-06, META-TRG-07: the trigger goes to its owner's graveyard, then the tower executes
        from its highest level; the trigger stack is then deactivated (META-TRS-10)."""
        st = self.st
        card = tw.trigger
        d = card_def(st, card)
        tw.trigger = -1
        st.players[st.owner[card]].graveyard.append(card)
        label = tower_name(st, tw)
        self.say(f"{label[0].upper()}{label[1:]} fires: {d.title}.")
        if self.depth >= MAX_DEPTH:
            self.say(f"Paradox: triggers nested {MAX_DEPTH} deep. The cards of {label} go "
                     "to their owners' graveyards without effect.")
            st.paradoxes += 1
            self.dismantle(tw)
            return
        self.depth += 1
        outer = (self.steps, self.seen, self.trace, self.coin_used)
        if st.stage != "executing" and self.depth == 1:
            self.steps, self.seen, self.trace, self.coin_used = 0, {}, [], False
        # META-MUT-05: the step this trigger interrupts is judged when it ends, not by the trigger's cards
        at = int(param(st, "disable_at"))
        pending = {s for s in enabled(st) if st.players[s].life <= at or st.players[s].mem_out} - self.hold
        self.hold |= pending
        try:
            self.run_tower(tw)
        finally:
            self.hold -= pending
            self.depth -= 1
            if st.stage != "executing" and self.depth == 0:
                self.steps, self.seen, self.trace, self.coin_used = outer
        label = tower_name(st, tw)
        if tw in st.triggers:
            st.triggers.remove(tw)
        self.say(f"{label[0].upper()}{label[1:]} has executed and is deactivated.")

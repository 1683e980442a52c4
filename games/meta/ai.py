"""The Meta computer players: the heuristic (:func:`computer`, level ``easy``), and what the search computer
(:mod:`games.core.search`, levels ``normal`` and ``hard``) needs of Meta: :func:`sample`, :func:`evaluate` (the
heuristic plays on to the next turn, then :func:`estimate` scores it), :func:`rollout_choice`, :data:`BUDGETS` and
:data:`PLIES`. It imports :mod:`games.core` and the package's ``cards``, ``pool``, ``rules`` (to play on) and
``state``.

The heuristic is legal, and not random-only. It decides from its own decision and view only, like a person
would.

Plan: pass when it has nothing useful; damage the opponent in play with the lowest life; heal itself
when hurt; counter an opponent's card that hurts it; in its own drawing stage, activate a trigger stack
and load it with a damaging Event before saying "Play!"; at most a few plays per pushing stage so that
turns move on. Discards keep damage and drop the rest first. It confirms its own plays (the confirm step
of a card with a fixed target).

Fair play: every tie — among equally weak opponents, graveyards, cards on stacks, equally
good cards to play or discard — is broken by the player's own seeded RNG (``Game.computer(seed)``), never
by seat or hand order, so the computers do not gang up on the lowest seat (the human host's seat 0).
"""

from __future__ import annotations

import math
from collections import Counter
from functools import cache

from games.core.contract import Decision, View
from games.core.determinize import deck_prior, shuffled, unseen_cards
from games.core.determinize import likely_deck as _likely_deck
from games.core.rng import Rng
from games.core.search import result_rewards
from games.core.serial import cloner

from .cards import MetaCard
from .pool import card_pool, starter_decks
from .rules import apply_choice, decisions_of
from .state import State, Tower

_DAMAGE = {"lose", "drain"}


def _hurts(card: MetaCard) -> bool:
    return any(s.do in _DAMAGE for s in card.steps)


def _score(card: MetaCard, life: int) -> int:
    """How much the bot wants to play ``card`` now (0 = not worth it)."""
    if card.type == "trigger":
        return 3
    score = 0
    for s in card.steps:
        if s.do in ("lose", "drain") and s.who in ("target", "others"):
            score += 5 + s.n
        elif s.do == "lose" and s.who == "all":
            score += 1
        elif s.do in ("gain", "set_life") and s.who in ("self", "target", "all"):
            score += 6 if life <= 8 else 0
        elif s.do in ("draw", "regrow", "recycle"):
            score += 2
        elif s.do in ("counter", "defuse", "clear", "redirect"):
            score += 4
        elif s.do in ("mill", "discard_random"):
            score += 1
    return score


class MetaBot:
    """``(decision, view) -> option id``, seeded for its tie-breaks."""

    def __init__(self, seed: int = 0):
        self.rng = Rng.from_seed(seed)

    def __call__(self, decision: Decision, view: View | None = None) -> str:
        ids = [o.id for o in decision.options]
        if view is None or view.private is None:
            return decision.default or ids[0]
        pool = card_pool()
        b = view.board
        me = decision.seat
        # Stateless (the host makes a new player per choice): count own cards already on the towers.
        plays = sum(1 for tw in b["towers"] if tw["owner"] in (None, me) for level in tw["levels"]
                    for e in level if e["player"] == me)
        life = b["players"][me]["life"]
        if decision.kind == "confirm_play":
            return "confirm"  # it chose this play a step earlier
        if decision.kind == "discard":
            # Drop what scores lowest (keep damage); equal scores by the RNG, not hand order.
            scores = {o.id: _score(pool[o.cards[0]], life) if o.cards else 0 for o in decision.options}
            low = min(scores.values())
            return self.rng.choice([oid for oid, sc in scores.items() if sc == low])
        if decision.kind == "destination":
            playing = pool[view.private["playing"]["card"]]
            traps = [o.id for o in decision.options if o.id.startswith("dest:t")]
            if _hurts(playing) and b["stage"] == "drawing" and traps:
                return self.rng.choice(traps)
            return "dest:main" if "dest:main" in ids else ids[0]
        if decision.kind == "target":
            return self._target(decision, view, pool, me)
        # drawing / push: pick the best playable card, or pass.
        limit = 3 if b["stage"] == "pushing" else 4
        if plays >= limit:
            return decision.default or ids[0]
        scored: list[tuple[int, str]] = []
        for o in decision.options:
            if not o.cards:
                continue
            card = pool[o.cards[0]]
            score = _score(card, life)
            if b["stage"] == "drawing" and card.type == "trigger":
                score = 9 if not view.private["triggers"] else 2
            if b["stage"] == "drawing" and card.type == "event" and not view.private["triggers"]:
                score = min(score, 1)  # keep events for the pushing stage unless loading a trap
            scored.append((score + self.rng.below(2), o.id))
        best_score = max((sc for sc, _ in scored), default=0)
        if best_score < 4:
            return decision.default or ids[0]
        return self.rng.choice([oid for sc, oid in scored if sc == best_score])

    def _target(self, decision: Decision, view: View, pool, me: int) -> str:
        b = view.board
        playing = view.private["playing"]
        card = pool[playing["card"]] if playing else None
        opts = [o for o in decision.options if o.id != "back"]
        if not opts:
            return "back"
        players = b["players"]
        if opts[0].id.startswith("tgt:p"):
            seats = [int(o.id[5:]) for o in opts]
            helpful = card is not None and any(s.do in ("gain", "set_life") for s in card.steps) and \
                not _hurts(card)
            if card is not None and card.type == "trigger":
                # Name an opponent for "their" triggers, yourself for protective ones.
                cond = card.condition
                want_self = cond is not None and cond.event in ("disabled", "life_low", "lose_life")
                helpful = want_self
            if helpful and me in seats:
                return f"tgt:p{me}"
            others = [s for s in seats if s != me] or seats
            weakest = min(players[x]["life"] for x in others)
            return f"tgt:p{self.rng.choice([x for x in others if players[x]['life'] == weakest])}"
        if opts[0].id.startswith("tgt:g"):
            others = [o for o in opts if o.id != f"tgt:g{me}"]
            return self.rng.choice(others or opts).id
        # A card or a stack: prefer an opponent's card aimed at it, then any opponent's card.
        offered = {o.id for o in opts}
        aimed, theirs = [], []
        for tw in b["towers"]:
            for level in tw["levels"]:
                for e in level:
                    oid = f"tgt:c{e['id']}"
                    if e["player"] != me and oid in offered:
                        theirs.append(oid)
                        if e["target"] == players[me]["name"]:
                            aimed.append(oid)
        return self.rng.choice(aimed or theirs or [o.id for o in opts])


def computer(seed: int) -> MetaBot:
    """A Meta computer player seeded with ``seed`` (found by :meth:`games.core.contract.Game.computer`)."""
    return MetaBot(seed)


# -- search (games.core.search): the determinization, the cut-off estimate and the play-out policy

BUDGETS = {"normal": 300, "hard": 2000}
"""Search iterations per level: about 0.3 s and 2 s a decision on the development machine (bench_ai, 30 two-seat
games of seed 1000: 1,014 iterations per CPU second, 0.30 s a ``normal`` decision; docs/performance.md)."""

PLIES = 0
"""Play-out length in decisions of the search's own loop before :func:`evaluate` scores the position: none, since
:func:`evaluate` itself lets the heuristic play on to the next turn's start (a sensible point to score: every
stacked card executed), about 12 decisions of two seats. The old fixed play-out of 40 heuristic decisions (about
three turns) cost about three times as much an iteration; against the heuristic both won 30 of 30 two-seat games
(seed 1000), the new one with twice the iterations in less time (docs/performance.md)."""


def hidden_from(state: State, seat: int) -> tuple[list[int], dict[int, list[int]], list[Tower]]:
    """What ``seat`` cannot see (META-INF-01/02, META-TRG-04): ``(its own memory, {other seat: its hand then
    its memory}, the other seats' active trigger towers)``. Every memory is hidden, its owner's too; another
    seat's hand and its face-down triggers are hidden; everything else (graveyards, stacks, the seat's own
    hand and triggers) is in sight. Lists keep their zone order, so a determinization assigns cards by
    position, never by instance number."""
    others = {p: pl.hand + pl.memory for p, pl in enumerate(state.players) if p != seat}
    return list(state.players[seat].memory), others, [tw for tw in state.triggers
                                                      if tw.owner != seat and tw.trigger >= 0]


def sample(state: State, seat: int, rng: Rng) -> State:
    """A determinization of ``state`` for ``seat`` (games.core.search): a copy in which every card hidden from
    ``seat`` (:func:`hidden_from`) is drawn again and the game's generator is reseeded, so the copy tells
    nothing of the real hidden cards nor of the real future shuffles, discards at random and coin flips.

    * The seat's own memory (hidden from it too, META-INF-02) holds its own unseen cards, which it knows as a
      list (its deck list less the cards of its own in sight) but not in order: shuffled
      (:func:`games.core.determinize.shuffled`).
    * Another seat's hand, memory and face-down triggers are drawn from a prior: one of the starter decks,
      drawn by how well it explains that seat's cards in sight (:func:`likely_deck`), less those cards (its
      graveyard and the cards it owns on stacks), topped up with uniform draws from the pool
      (:func:`games.core.determinize.unseen_cards`). A face-down trigger keeps what the board shows of it
      (META-TRG-03/04): it is a Trigger card, naming no player when its tower names none, else one that may
      name the player its tower names (``player``, or ``opponent`` when that is not its owner); it takes the
      first such card of the draw (which is in random order), else one of the pool's at random, and the card
      it displaces takes its place in hand or memory. A play in progress of another seat (shown only as
      "playing") is the card drawn for its place in hand.
    """
    det = cloner(State)(state)
    names = det.cards
    own, others, traps = hidden_from(det, seat)
    for c, name in zip(own, shuffled([names[c] for c in own], rng), strict=True):
        names[c] = name
    hidden = set(own)
    for cards in others.values():
        hidden.update(cards)
    hidden.update(tw.trigger for tw in traps)
    pool = _pool_ids()
    in_sight: dict[int, list[str]] = {p: [] for p in others}  # each other seat's cards in sight, by instance
    for c, p in enumerate(det.owner):
        if p in in_sight and c not in hidden:
            in_sight[p].append(names[c])
    for p, cards in others.items():
        mine = [tw for tw in traps if tw.owner == p]
        places = cards + [tw.trigger for tw in mine]
        seen = in_sight[p]
        drawn = unseen_cards(likely_deck(seen, rng), seen, len(places), pool, rng)
        for k, tw in enumerate(mine):
            fits, fit_set = _trigger_cards("none" if tw.target is None else
                                           "self" if tw.target["seat"] == p else "other")
            at = len(cards) + k
            j = next((i for i in range(len(cards)) if drawn[i] in fit_set), -1)
            if j >= 0:
                drawn[j], drawn[at] = drawn[at], drawn[j]
            else:
                drawn[at] = fits[rng.below(len(fits))]
        for c, name in zip(places, drawn, strict=True):
            names[c] = name
    det.rng = rng.next64()
    return det


MISS_WEIGHT = 0.1
"""In :func:`likely_deck`: how much likelier a starter deck is for each card in sight fewer that it lacks."""


def likely_deck(seen: list[str], rng: Rng) -> list[str]:
    """The card list of one starter deck for a seat whose cards in sight are ``seen``: each starter deck, in
    name order, drawn with weight ``MISS_WEIGHT ** misses``, ``misses`` being how many of ``seen`` it cannot
    hold (copies counted). With nothing in sight every starter deck is as likely (the prior of
    :func:`games.core.determinize.prior_deck`); a seat playing its own deck list soon has weight mostly on the
    starter decks nearest to it, and the cards no starter holds come from the pool."""
    return _likely_deck(_starters(), _starter_counts(), seen, rng, MISS_WEIGHT)


EVAL_WEIGHTS = (0.07, 0.17, 0.26, 0.18, 0.07)
"""In :func:`estimate`, a seat's strength per unit of: life, life up to 10, memory, memory up to 15, cards in hand.
Fitted (logistic regression, 400 two-seat games of heuristic computers, every fourth decision, the winner as the
label) on the seats' differences: a card in memory weighs more than a life point (a seat that draws its memory
dry first is disabled, META-MEM-01..05, the usual end of a long game), a life point more when life is low."""

DISABLED_PENALTY = 3.0
"""In :func:`estimate`: the strength a disabled seat loses (it may come back, META-PLY-11)."""


def estimate(state: State) -> dict[int, float]:
    """Each seat's chance to win an unfinished game (the last player in play wins, META-WIN-02), estimated from
    public counts where it stands (:func:`evaluate` plays on to the next turn first): a share proportional to
    ``exp(strength)``, strength being :data:`EVAL_WEIGHTS` times (life, min(life, 10), memory, min(memory, 15),
    hand), less :data:`DISABLED_PENALTY` for a disabled seat; a seat out of the game for good scores 0. At two seats this is the fitted logistic of the seats' difference (a lead of
    5 life points and 5 memory cards is about 0.9)."""
    w_life, w_low, w_mem, w_short, w_hand = EVAL_WEIGHTS
    weights = []
    for p in state.players:
        if p.removed:
            weights.append(0.0)
            continue
        life, mem = p.life, len(p.memory)
        strength = (w_life * life + w_low * min(life, 10) + w_mem * mem + w_short * min(mem, 15)
                    + w_hand * len(p.hand) - (DISABLED_PENALTY if p.disabled else 0.0))
        weights.append(math.exp(min(strength, 60.0)))
    total = sum(weights)
    if total <= 0:
        return {s: 1.0 / len(weights) for s in range(len(weights))}
    return {s: w / total for s, w in enumerate(weights)}


PLAY_ON_LIMIT = 40
"""Decisions :func:`evaluate` plays on at most (the old fixed play-out length): a two-seat turn of the heuristic
takes about 12 (at most 33 in 20 seeded games), a six-seat one about 42, so at four and six seats the longest
turns are cut short and scored where they stand."""


def evaluate(state: State) -> dict[int, float]:
    """Each seat's chance to win, for the search (games.core.search): the heuristic computer
    (:func:`heuristic_choice`, its tie-breaks from a generator seeded by the state's own) plays a copy of
    ``state`` on to the start of the next turn, at most :data:`PLAY_ON_LIMIT` decisions, so the plays on the
    towers are executed, the discards made and the new turn's cards drawn before the position is scored by
    :func:`estimate`; a game that ends on the way scores its result (1 a winner, 0 a loser, ½ anyone else).
    The play-out thus ends where a turn does, not in the middle of a pushing stage whose stacked damage the
    counts cannot see. ``state`` is not changed; in a determinization every card is known, and the generator
    was reseeded by :func:`sample`, so nothing hidden from the searching seat is read."""
    takebacks = dict(state.takebacks)  # the copy starts without them
    st = cloner(State)(state)
    rng = Rng.from_seed(st.rng)
    start = st.turn
    for _ in range(PLAY_ON_LIMIT):
        if st.turn != start:
            break
        open_ = decisions_of(st)
        if not open_:
            break
        d = open_[0]
        apply_choice(st, d.seat, heuristic_choice(st, d, rng))
    res = st.result
    if res is not None:
        out = result_rewards(res, len(st.players))
    else:
        out = estimate(st)
    for seat, n in takebacks.items():
        out[seat] = max(0.0, out[seat] - TAKEBACK_COST * n)
    return out


TAKEBACK_COST = 0.1
"""What :func:`evaluate` takes off a seat's score for each play it took back ("Back") since the search's
determinization was drawn (:attr:`games.meta.state.State.takebacks`). Without it a take-back is worth exactly
what the heuristic does from the decision before, so a card the root favours, chosen and then taken back,
looked as good as anything, and a search seat chose a card, took it back and chose it again for ever (seen in
seed 1017 of bench_ai); with it, a play is taken back only when confirming it is clearly worse."""


@cache
def _score_of(card_id: str, low: bool) -> tuple[int, str]:
    """(:func:`_score` of the card ``card_id`` at a life of 8 or less (``low``) or more, its type): the score
    reads the life only so, and a play-out asks it of every card offered."""
    card = card_pool()[card_id]
    return _score(card, 8 if low else 9), card.type


def heuristic_choice(state: State, decision: Decision, rng: Rng) -> str:
    """What :class:`MetaBot` would choose for ``decision`` in ``state``, read from the state instead of a view (no
    view is built: a play-out step costs little more than a random one), its tie-breaks drawn from ``rng``. It
    reads the deciding seat's own hand, card in play and face-down triggers and the public board only, the
    same as the bot (tests/meta/test_meta_search.py checks they agree)."""
    options = decision.options
    kind = decision.kind
    if kind == "confirm_play":
        return "confirm"
    pool = card_pool()
    me = decision.seat
    players = state.players
    names = state.cards
    life = players[me].life
    if kind == "discard":
        hurt = life <= 8
        scores = [_score_of(o.cards[0], hurt)[0] if o.cards else 0 for o in options]
        low = min(scores)
        lows = [o.id for o, sc in zip(options, scores, strict=True) if sc == low]
        return lows[rng.below(len(lows))]
    if kind == "destination":
        playing = pool[names[players[me].play]]
        traps = [o.id for o in options if o.id.startswith("dest:t")]
        if traps and state.stage == "drawing" and _hurts(playing):
            return traps[rng.below(len(traps))]
        return "dest:main" if any(o.id == "dest:main" for o in options) else options[0].id
    if kind == "target":
        return _heuristic_target(state, decision, pool, me, rng)
    plays = 0
    for tw in (state.main, *state.triggers):
        if tw.owner in (-1, me):
            for level in tw.levels:
                for e in level:
                    plays += e.player == me
    default = decision.default or options[0].id
    drawing = state.stage == "drawing"
    if plays >= (4 if drawing else 3):
        return default
    armed = drawing and any(tw.owner == me and tw.trigger >= 0 for tw in state.triggers)
    scored: list[tuple[int, str]] = []
    hurt = life <= 8
    below = rng.below
    for o in options:
        if not o.cards:
            continue
        score, ctype = _score_of(o.cards[0], hurt)
        if drawing:
            if ctype == "trigger":
                score = 2 if armed else 9
            elif ctype == "event" and not armed:
                score = min(score, 1)
        scored.append((score + below(2), o.id))
    best = max((sc for sc, _ in scored), default=0)
    if best < 4:
        return default
    tops = [oid for sc, oid in scored if sc == best]
    return tops[rng.below(len(tops))]


def _heuristic_target(state: State, decision: Decision, pool, me: int, rng: Rng) -> str:
    """:meth:`MetaBot._target` read from the state (:func:`heuristic_choice`)."""
    play = state.players[me].play
    card = pool[state.cards[play]] if play >= 0 else None
    opts = [o.id for o in decision.options if o.id != "back"]
    if not opts:
        return "back"
    players = state.players
    if opts[0].startswith("tgt:p"):
        seats = [int(o[5:]) for o in opts]
        helpful = card is not None and not _hurts(card) and any(s.do in ("gain", "set_life") for s in card.steps)
        if card is not None and card.type == "trigger":
            cond = card.condition
            helpful = cond is not None and cond.event in ("disabled", "life_low", "lose_life")
        if helpful and me in seats:
            return f"tgt:p{me}"
        others = [x for x in seats if x != me] or seats
        weakest = min(players[x].life for x in others)
        low = [x for x in others if players[x].life == weakest]
        return f"tgt:p{low[rng.below(len(low))]}"
    if opts[0].startswith("tgt:g"):
        others = [o for o in opts if o != f"tgt:g{me}"] or opts
        return others[rng.below(len(others))]
    offered = set(opts)
    aimed: list[str] = []
    theirs: list[str] = []
    for tw in (state.main, *state.triggers):
        for level in tw.levels:
            for e in level:
                oid = f"tgt:c{e.card}"
                if e.player != me and oid in offered:
                    theirs.append(oid)
                    t = e.target
                    if t is not None and t["k"] == "player" and t["seat"] == me:
                        aimed.append(oid)
    pick = aimed or theirs or opts
    return pick[rng.below(len(pick))]


def rollout_choice(state: State, decision: Decision, rng: Rng) -> str:
    """The play-out policy of a search: the heuristic computer's choice (:func:`heuristic_choice`), so a play-out
    plays the way the ``easy`` computer does, at about the speed of a random play-out."""
    return heuristic_choice(state, decision, rng)


_TRIGGER_TARGETS = {"none": ("none",), "self": ("player",), "other": ("player", "opponent")}


@cache
def _trigger_cards(named: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """The pool's Trigger cards a face-down trigger may be (META-TRG-03): ``named`` ``"none"`` when its tower
    names no player, ``"self"`` when it names its owner, ``"other"`` when it names another seat; as a sorted
    tuple and a set."""
    ids = tuple(sorted(c for c, d in card_pool().items()
                       if d.type == "trigger" and d.target in _TRIGGER_TARGETS[named]))
    return ids, frozenset(ids)


def _pool_ids() -> tuple[str, ...]:
    return deck_prior(card_pool, starter_decks)[0]


def _starters() -> dict[str, list[str]]:
    return deck_prior(card_pool, starter_decks)[1]


@cache
def _starter_counts() -> dict[str, Counter[str]]:
    return {k: Counter(v) for k, v in _starters().items()}

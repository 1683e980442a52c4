"""Memesis rules: the turn flow, the decisions and every ``MEM-*`` rule (``shared/rules/memesis.md``).

How a decision is built (DESIGN.md: compound actions are split into short steps)
---------------------------------------------------------------------------------
Everything a player may do with one card or piece is an *action*: a path of short components
(``("play", "attack", "s1", "down")``: play it into the Attack Cell, attacking seat 1, face down). The main
decision (``kind="main"``, the active player's turn) and a response window (``kind="window"``,
MEM-TRN-07) list the *things* a player can act with: ``h<card>`` (a card in hand), ``p<uid>`` (a piece in
play or incubating, or one carrying the player's Rune) and the global options ``draw`` (pay 5 source,
MEM-DRW-01), ``grant:<seat>`` (MEM-ALY-01), ``end`` (combat if anything attacks, then end of turn) or
``pass`` (in a window). Choosing a thing opens a draft (``kind="act"``): its options are the next
components of that thing's legal actions, plus ``back``; a component that leaves only one action carries
it out at once, and after the first component a step with a single next component is taken without asking. An action is legal exactly when it is listed, so legality is checked against the real
card even when it is face down (MEM-STL-10) and a refused choice is told only to its chooser.

Other decisions (``prompt`` kinds): ``ammo_take`` (step 7), ``intercept`` (damage aimed at a player,
MEM-TRN-03), ``block`` (one per Defend creature, MEM-CBT-05), ``cause`` / ``save`` / ``fuse_cause``
(MEM-CE-01..03, MEM-CE-09, MEM-GAP-16), ``discard``, ``fragment`` (MEM-CE-11), ``rune_return``
(MEM-RUN-07), ``attach`` (a Rune hatched or upturned, MEM-RUN-03/11), ``hatch_target`` (an Effect card
hatched). Each has a documented default for timeouts (MEM-GAP-28).

Issue 27: ``intercept``, ``block``, ``cause``, ``save``, ``discard`` and ``rune_return`` are windows ``aimed`` at
their seat (about its own cards), and so is a response window opened by an attack or damage aimed at that seat
(:func:`aimed_at`); a main decision with nothing to do on public facts (:func:`nothing_to_do`) and a
``hatch_target`` with one target are ``forced``; :data:`STEP_NAMES` names each kind in words; :func:`unplayable`
says why a hand card cannot be played now.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core.contract import Decision, Event, Option, RulesError
from games.core.labels import distinct_decision, ordinal
from games.core.rng import Rng

from .cards import CHOSEN, MARKINGS, Ability, Card, Upgrade
from .pool import card_pool
from .state import CELLS_IN_PLAY, Job, Piece, Prompt, State

START_LIFE = 20  # MEM-LIFE-01
OPENING_HAND = 7  # MEM-LIFE-02
DRAW_COST = 5  # MEM-DRW-01
STALL_ROUNDS = 5  # the stall limit (``games/memesis/game.py`` docstring, MEM-GEN-04)
CELL_NAMES = {"main": "Main Cell", "attack": "Attack Cell", "defend": "Defend Cell",
              "incubation": "Incubation Cell"}


# ---------------------------------------------------------------- basic lookups

def card(st: State, i: int) -> Card:
    """The definition of card number ``i``."""
    return card_pool()[st.cards[i]]


def cname(st: State, i: int) -> str:
    return card(st, i).name


def find(st: State, uid: int) -> Piece | None:
    for pc in st.pieces:
        if pc.uid == uid:
            return pc
    return None


def alive(st: State) -> list[int]:
    """Seats still in the game, in seat order."""
    return [s for s, p in enumerate(st.players) if not p.out]


def opposing(st: State, seat: int) -> list[int]:
    """Players of other teams still in (MEM-GEN-01, MEM-ALY-05)."""
    t = st.players[seat].team
    return [s for s, p in enumerate(st.players) if not p.out and p.team != t]


def allies(st: State, seat: int) -> list[int]:
    """The other players of ``seat``'s team still in (MEM-ALY-01/02)."""
    t = st.players[seat].team
    return [s for s, p in enumerate(st.players) if not p.out and p.team == t and s != seat]


def seat_order(st: State, after: int) -> list[int]:
    """Every other seat still in, in seat order starting after ``after`` (MEM-GAP-28)."""
    n = len(st.players)
    return [(after + k) % n for k in range(1, n) if not st.players[(after + k) % n].out]


def pname(st: State, seat: int) -> str:
    return st.players[seat].name


def first_turn(st: State, seat: int) -> bool:
    """MEM-TRN-06, MEM-GAP-04: the player's own first turn."""
    return st.players[seat].turns <= 1


# ---------------------------------------------------------------- pieces: what they are

def face_down(pc: Piece) -> bool:
    """The piece shows as a face-down card: its base card is hidden (MEM-STL-03)."""
    return pc.cards[0] in pc.hidden


def fused(pc: Piece) -> bool:
    """The piece is a fused group or carries Partial Fusion fragments (MEM-CE-10)."""
    return len(pc.cards) > 1 or bool(pc.partials)


def kind(st: State, pc: Piece) -> str:
    """``creature`` when the group holds a creature, else the base card's kind; ``fused`` for a fused group
    of Cause/Effect cards (they are no longer Cause or Effect cards, MEM-CE-10)."""
    kinds = [card(st, c).kind for c in pc.cards]
    if "creature" in kinds:
        return "creature"
    if fused(pc):
        return "fused"
    return kinds[0]


def revealed(pc: Piece) -> bool:
    """Every card of the piece is face up (MEM-STL-04/08/09): its abilities and upgrades work."""
    return not pc.hidden


def markings(st: State, pc: Piece) -> dict[str, list[Upgrade]]:
    """Marking -> the upgrades a Rune of it gives this piece. One card: its markings; a fused group: only the
    markings every card shares, each card's upgrade kept (MEM-FUS-11); Partial Fusion fragments do not count
    (the upgrade applies to the base card, MEM-RUN-10, MEM-FUS-13)."""
    groups = [card(st, c).markings for c in pc.cards]
    out: dict[str, list[Upgrade]] = {}
    for m in MARKINGS:
        if all(m in g for g in groups):
            out[m] = [g[m] for g in groups]
    return out


def upgrades(st: State, pc: Piece) -> list[Upgrade]:
    """The upgrades working on ``pc`` now: its Rune's (MEM-RUN-01), the True Fusion pair's result
    (MEM-FUS-16) and its fragments' (MEM-FUS-13); none while any card involved is face down (MEM-STL-08/09)."""
    if not revealed(pc):
        return []
    out: list[Upgrade] = []
    if pc.rune >= 0:
        out += markings(st, pc).get(card(st, pc.rune).predilection, [])
    ids = [st.cards[c] for c in pc.cards]
    for c in pc.cards:
        d = card(st, c)
        if d.partner and d.fusion and d.partner in ids and st.cards[c] < d.partner:
            out.append(d.fusion)
    for c, m in zip(pc.partials, pc.frags, strict=False):
        for f in card(st, c).fragments:
            if f.marking == m:
                out.append(f.upgrade)
                break
    return out


def attack(st: State, pc: Piece) -> int:
    """Attack Power: the group's sum (MEM-FUS-10), upgrades and this turn's changes, never below 0."""
    total = sum(card(st, c).attack for c in pc.cards) + sum(u.attack for u in upgrades(st, pc)) + pc.pump
    return max(0, total)


def max_life(st: State, pc: Piece) -> int:
    return max(1, sum(card(st, c).life for c in pc.cards) + sum(u.life for u in upgrades(st, pc)))


def life(st: State, pc: Piece) -> int:
    return max_life(st, pc) - pc.damage


def armor(st: State, pc: Piece) -> int:
    """Armor left: printed plus upgrades and shields, less the points destroyed (MEM-ARM-01..04), 0..3."""
    total = sum(card(st, c).armor for c in pc.cards) + sum(u.armor for u in upgrades(st, pc)) + pc.shield
    return max(0, min(3, total) - pc.hits)


def secret_members(st: State, pc: Piece, viewer: int | None = None) -> list[int]:
    """The cards of ``pc``'s group (base and fused cards, not fragments or Rune) face down and not owned by
    ``viewer`` (``None``: everyone but their owners): what ``viewer`` may not know of the group (MEM-STL-03,
    MEM-GAP-20)."""
    return [c for c in pc.cards if c in pc.hidden and st.owner[c] != viewer]


def shown_stats(st: State, pc: Piece, viewer: int | None = None) -> tuple[int, int, int, int]:
    """``(attack, life, max_life, armor)`` of ``pc`` as ``viewer`` knows them (MEM-GAP-20): the true values
    when no card of its group is hidden from ``viewer``; otherwise those of the cards ``viewer`` sees only,
    with the public changes (this turn's Attack change, shields, damage taken, Armor destroyed). Rules always
    use the true values (:func:`attack`, :func:`life`, :func:`armor`)."""
    secret = secret_members(st, pc, viewer)
    if not secret:
        return attack(st, pc), life(st, pc), max_life(st, pc), armor(st, pc)
    seen = [card(st, c) for c in pc.cards if c not in secret]  # no upgrade works while a card is hidden
    full = max(1, sum(d.life for d in seen))
    return (max(0, sum(d.attack for d in seen) + pc.pump), max(0, full - pc.damage), full,
            max(0, min(3, sum(d.armor for d in seen) + pc.shield) - pc.hits))


def shown_kind(st: State, pc: Piece, viewer: int | None = None) -> str:
    """:func:`kind` read from the cards of the group ``viewer`` sees (MEM-GAP-20)."""
    secret = secret_members(st, pc, viewer)
    kinds = [card(st, c).kind for c in pc.cards if c not in secret]
    if "creature" in kinds:
        return "creature"
    return "fused" if fused(pc) or not kinds else kinds[0]


def stats_text(st: State, pc: Piece, viewer: int | None = None) -> str:
    """``"3/2"`` (Attack/Life) with ``", Armor 1"`` when it has Armor, as ``viewer`` knows them; ``" + a
    face-down card"`` when a card of the group is hidden from ``viewer`` (:func:`shown_stats`, MEM-GAP-20)."""
    a, lf, _m, ar = shown_stats(st, pc, viewer)
    return f"{a}/{lf}" + (f", Armor {ar}" if ar else "") + (
        " + a face-down card" if secret_members(st, pc, viewer) else "")


def abilities(st: State, pc: Piece) -> list[tuple[Ability, int]]:
    """The abilities of ``pc`` with the card each comes from: every group card's own (a creature's inherent
    abilities, a Cause card's, a fused Effect card's one effect, MEM-FUS-08, MEM-FUS-10), then the ones its
    upgrades grant. Empty while face down or sourced (MEM-STL-04, MEM-SRC-06) and in incubation
    (MEM-CEL-11)."""
    if not revealed(pc) or pc.sourced or pc.cell == "incubation":
        return []
    out: list[tuple[Ability, int]] = []
    for c in pc.cards:
        for a in card(st, c).abilities:
            out.append((a, c))
    for u in upgrades(st, pc):
        if u.ability is not None:
            out.append((u.ability, pc.cards[0]))
    return out


def ability_cost(st: State, pc: Piece, a: Ability, c: int) -> int:
    """Source to use ``a``: its cost; a fused Effect card's effect costs the card's source cost (MEM-FUS-08)."""
    d = card(st, c)
    if d.kind == "effect" and a is d.abilities[0]:
        return d.cost
    return a.cost


def group_cost(st: State, pc: Piece) -> int:
    """A group's source cost: the sum of its cards' (MEM-GAP-23, MEM-GAP-27)."""
    return sum(card(st, c).cost for c in pc.cards + pc.partials)


def all_cards(pc: Piece) -> list[int]:
    return pc.cards + pc.partials + ([pc.rune] if pc.rune >= 0 else [])


def can_attack(st: State, pc: Piece) -> bool:
    """A creature in the Attack Cell that actively attacks now (MEM-CBT-03/04/11, MEM-GAP-02, MEM-ALY-04)."""
    return (pc.cell == "attack" and kind(st, pc) == "creature" and not face_down(pc) and not pc.sourced
            and pc.hatched != st.turn and pc.placed_by < 0 and pc.target >= 0
            and not st.players[pc.target].out)


def can_defend(st: State, pc: Piece) -> bool:
    """A creature in the Defend Cell able to intercept (MEM-CBT-03/04/11), judged on the true cards: whether it
    may really block (:func:`prompt_decision`, the damage step)."""
    return pc.cell == "defend" and kind(st, pc) == "creature" and not face_down(pc) and not pc.sourced


def may_be_creature(st: State, pc: Piece) -> bool:
    """Whether ``pc`` may be a creature for all anyone but its owner knows (MEM-GAP-20): a face-up card of its
    group is a creature, or a card of its group is face down. Reads no face-down card."""
    return any(c in pc.hidden or card(st, c).kind == "creature" for c in pc.cards)


def could_intercept(st: State, pc: Piece) -> bool:
    """Whether ``pc``, a face-up piece in play, not sourced, may be a creature on public information
    (:func:`may_be_creature`): who is asked to block or intercept follows this, never a face-down card's identity
    (MEM-GAP-20); the options offered are the true ones (:func:`can_defend`, :func:`interceptors`)."""
    return in_play(pc) and not face_down(pc) and not pc.sourced and may_be_creature(st, pc)


def defenders(st: State, seat: int) -> list[Piece]:
    """The pieces of ``seat`` in the Defend Cell asked to block (MEM-CBT-05, MEM-GAP-20): those that could
    defend on public information (:func:`could_intercept`); one that cannot really is offered "Do not block"
    only."""
    return [pc for pc in st.pieces if pc.controller == seat and pc.cell == "defend" and could_intercept(st, pc)]


def interceptors(st: State, seat: int) -> list[Piece]:
    """The creatures of ``seat`` able to intercept damage aimed at them: in the Defend Cell, or able to move
    there now (a card able to defend may defend at any time, MEM-CBT-01/02; MEM-TRN-03, MEM-GAP-28). Judged on
    the true cards: the options of the ``intercept`` prompt."""
    return [pc for pc in st.pieces if pc.controller == seat and in_play(pc) and kind(st, pc) == "creature"
            and not face_down(pc) and not pc.sourced]


def asked_to_intercept(st: State, seat: int) -> bool:
    """Whether ``seat`` is asked to intercept damage aimed at them (MEM-TRN-03, MEM-GAP-20): they control a
    piece that could intercept on public information (:func:`could_intercept`), whatever its face-down cards
    are; the prompt then offers the true interceptors, maybe none ("Take the damage yourself" only)."""
    return any(pc.controller == seat and could_intercept(st, pc) for pc in st.pieces)


# ---------------------------------------------------------------- moving cards

def draw(st: State, seat: int, n: int, ev: list[Event]) -> int:
    """Draw ``n`` cards from the top of the Brain Cell; an empty Brain Cell gives nothing (MEM-DRW-02,
    MEM-GEN-04). Returns the number drawn."""
    p = st.players[seat]
    got = 0
    for _ in range(n):
        if not p.brain:
            break
        c = p.brain.pop()
        p.hand.append(c)
        got += 1
        ev.append(Event(f"You draw {cname(st, c)}.", (seat,)))
    if got:
        ev.append(Event(f"{p.name} draws {got} card{'s' if got > 1 else ''}."))
    return got


def new_piece(st: State, cards: list[int], controller: int, cell: str, down: bool = False) -> Piece:
    pc = Piece(uid=st.next_uid, cards=list(cards), controller=controller, cell=cell,
               hidden=list(cards) if down else [], entered=st.turn)
    st.next_uid += 1
    st.pieces.append(pc)
    return pc


def to_dead(st: State, pc: Piece, ev: list[Event], why: str = "goes to the Dead Cell") -> None:
    """``pc`` leaves play: each card to its owner's Dead Cell (MEM-CEL-10, MEM-FUS-15), its Rune to the Rune
    owner's (MEM-RUN-06); a Rune its owner had on their own card may be paid back (MEM-RUN-07)."""
    st.pieces.remove(pc)
    shown = "a face-down card" if face_down(pc) else " + ".join(cname(st, c) for c in pc.cards)
    for c in pc.cards + pc.partials:
        st.players[st.owner[c]].dead.append(c)
    if pc.rune >= 0:
        r = pc.rune
        ro = st.owner[r]
        st.players[ro].dead.append(r)
        if ro == st.owner[pc.cards[0]] and not st.players[ro].out and st.players[ro].source >= 1:
            st.jobs.append(Job("rune_return", {"rune": r, "seat": ro}))
    ev.append(Event(f"{shown} ({pname(st, pc.controller)}) {why}."))
    if pc.hidden:
        ev.append(Event(f"It was {' + '.join(cname(st, c) for c in pc.cards)}."))


def to_hand(st: State, pc: Piece, ev: list[Event]) -> None:
    """``pc`` returns to hand: each card to its owner's hand (a group splits); its Rune to the Rune owner's
    hand (``bounce`` step)."""
    st.pieces.remove(pc)
    for c in pc.cards + pc.partials + ([pc.rune] if pc.rune >= 0 else []):
        st.players[st.owner[c]].hand.append(c)
    what = "A face-down card" if face_down(pc) else group_words(st, pc)  # MEM-STL-03: a hidden member unnamed
    ev.append(Event(f"{what} returns to its owner's hand."))


def pay(st: State, seat: int, n: int, rule: str = "MEM-SRC-12") -> None:
    p = st.players[seat]
    if n > p.source:
        raise RulesError(rule, f"That costs {n} source and you have {p.source}: source or consume cards first.")
    p.source -= n


# ---------------------------------------------------------------- damage and death

def hit_piece(st: State, pc: Piece, amount: int, ev: list[Event], attacking: bool = False, by: str = "") -> None:
    """One hit of ``amount`` damage on ``pc`` (MEM-GAP-14): while Armor is left it destroys one point and
    the Life takes nothing (MEM-ARM-02); otherwise the Life takes it (MEM-ARM-03). The log line names ``by``
    (the attacker, interceptor or card dealing it) and the Life or Armor left, unless a card of the group is
    face down: then what is left is not public (MEM-GAP-20)."""
    if amount <= 0:
        if by:  # a fight's outcome is logged whole, a 0 Attack included
            ev.append(Event(f"{by} deals no damage to {label_piece(st, pc)}."))
        return
    who = label_piece(st, pc)
    head = f"{by} deals {amount} damage to {who}" if by else f"{who} takes {amount} damage"
    secret = bool(secret_members(st, pc))  # what is left of a group with a face-down card is not public
    if armor(st, pc) > 0:
        pc.hits += 1
        left = "" if secret else f" (Armor {armor(st, pc)} left)"
        ev.append(Event(f"{head}: 1 Armor destroyed, no Life lost{left}."))
        return
    pc.damage += amount
    if attacking:
        pc.hurt = True
    ev.append(Event(f"{head}." if secret else f"{head} (Life {max(0, life(st, pc))} left)."))


def deaths(st: State, ev: list[Event]) -> None:
    """Creatures at 0 Life or less go to the Dead Cell at once (MEM-CRE-03)."""
    for pc in [p for p in st.pieces if p.cell in CELLS_IN_PLAY and kind(st, p) == "creature"]:
        if pc in st.pieces and life(st, pc) <= 0:
            to_dead(st, pc, ev, "dies and goes to the Dead Cell")


def check_life(st: State, ev: list[Event]) -> None:
    """MEM-GEN-02/03, MEM-GAP-05: players at 0 Life or less are out; the game ends when one team is left."""
    if st.result is not None:
        return
    down = [s for s in alive(st) if st.players[s].life <= 0]
    if not down:
        return
    teams_before = {st.players[s].team for s in alive(st)}
    for s in down:
        eliminate(st, s, ev, f"{pname(st, s)} is at {st.players[s].life} Life and is out")
    teams_after = {st.players[s].team for s in alive(st)}
    if len(teams_after) == 1:
        finish(st, teams_after.pop(), "life", ev)
    elif not teams_after:
        finish_draw(st, sorted(teams_before), ev)


def eliminate(st: State, seat: int, ev: list[Event], why: str) -> None:
    """MEM-GAP-05: ``seat`` is out; their cards in every Cell go to their Dead Cell (others' cards in pieces
    they control to their owners'), their Runes on other players' cards too."""
    p = st.players[seat]
    p.out = True
    ev.append(Event(why + "."))
    for pc in [x for x in st.pieces if x.controller == seat]:
        st.pieces.remove(pc)
        for c in all_cards(pc):
            st.players[st.owner[c]].dead.append(c)
    for pc in st.pieces:
        if pc.rune >= 0 and st.owner[pc.rune] == seat:
            p.dead.append(pc.rune)
            pc.rune = -1
    for c in p.hand + p.ammo + p.brain:  # an ally's card held or in Ammunition goes to its owner's (MEM-GAP-27)
        st.players[st.owner[c]].dead.append(c)
    p.hand, p.ammo, p.ammo_used, p.brain = [], [], [], []
    p.source = 0
    p.grants = []
    if st.draft is not None and st.draft["seat"] == seat:
        st.draft = None


def finish(st: State, team: int, reason: str, ev: list[Event]) -> None:
    winners = tuple(s for s, p in enumerate(st.players) if p.team == team)
    losers = tuple(s for s, p in enumerate(st.players) if p.team != team)
    names = " and ".join(pname(st, s) for s in winners)
    text = {"life": f"{names} win{'s' if len(winners) == 1 else ''}: every opponent is at 0 Life or less.",
            "concede": f"{names} win{'s' if len(winners) == 1 else ''}: the other side conceded.",
            "stall": f"{names} win{'s' if len(winners) == 1 else ''} on Life at the stall limit."}[reason]
    st.result = {"winners": list(winners), "losers": list(losers), "reason": reason, "text": text, "draw": False,
                 "rule": RESULT_RULES[reason], "scores": score_lines(st, reason == "stall")}
    _over(st, ev, text)


def finish_draw(st: State, teams: list[int], ev: list[Event], reason: str = "life") -> None:
    others = tuple(s for s, p in enumerate(st.players) if p.team not in teams)
    text = ("A draw: the last players reached 0 Life together." if reason == "life"
            else "A draw: equal Life at the stall limit.")
    rule = ("A draw: every player still in reached 0 Life in the same change, see /rules MEM-GEN-02"
            if reason == "life" else "A draw: the teams still in have equal Life at the stall limit, see /rules MEM-GEN-04")
    st.result = {"winners": [], "losers": list(others), "reason": reason, "text": text, "draw": True,
                 "rule": rule, "scores": score_lines(st, reason == "stall")}
    _over(st, ev, text)


RESULT_RULES = {
    "life": "Last team standing: every opponent is at 0 Life or less, see /rules MEM-GEN-02",
    "concede": "Last team standing: the other side conceded, see /rules MEM-GEN-03",
    "stall": f"Stall limit: every Brain Cell was empty for {STALL_ROUNDS} rounds and the team with the most Life "
             "wins, see /rules MEM-GEN-04",
}
"""A win's deciding rule in words with its pointer (issue 27 §8), by result reason."""


def score_lines(st: State, stall: bool) -> list[str]:
    """Each seat's standing as the rules count it (issue 27 §8), in seat order: its Life, or out; with teams,
    its team letter, and at the stall limit the team's Life added up (its players still in)."""
    from games.core.teams import letter

    allied = len({q.team for q in st.players}) < len(st.players)
    totals: dict[int, int] = {}
    for q in st.players:
        if not q.out:
            totals[q.team] = totals.get(q.team, 0) + q.life
    out = []
    for q in st.players:
        line = f"{q.name}{f' (team {letter(q.team)})' if allied else ''}: "
        line += f"out at {q.life} Life" if q.out else f"{q.life} Life"
        if stall and allied and not q.out:
            line += f", team total {totals[q.team]} Life"
        out.append(line)
    return out


def _over(st: State, ev: list[Event], text: str) -> None:
    st.phase = "over"
    st.jobs = []
    st.prompt = None
    st.draft = None
    ev.append(Event(text))


# ---------------------------------------------------------------- labels

def group_words(st: State, pc: Piece, viewer: int | None = None) -> str:
    """The group's cards, base first, joined with " + ", each hidden from ``viewer`` (``None``: everyone but
    its owner) as "face-down card" (MEM-STL-03)."""
    return " + ".join("face-down card" if c in pc.hidden and viewer != st.owner[c] else cname(st, c)
                      for c in pc.cards)


def label_piece(st: State, pc: Piece, viewer: int | None = None) -> str:
    """A piece as players see it: ``#uid Name (Cell)`` or ``#uid face-down card (Cell)``."""
    if face_down(pc) and viewer != st.owner[pc.cards[0]]:
        what = "face-down card"
    else:  # a card fused face down stays hidden from everyone but its owner (MEM-STL-03)
        what = group_words(st, pc, viewer)
    return f"#{pc.uid} {what}"


def label_target(st: State, t: str, viewer: int | None = None) -> str:
    if t.startswith("s"):
        return pname(st, int(t[1:]))
    pc = find(st, int(t[1:]))
    return label_piece(st, pc, viewer) if pc else t


# ---------------------------------------------------------------- targets

def in_play(pc: Piece) -> bool:
    return pc.cell in CELLS_IN_PLAY


CREATURE_TARGETS = frozenset({"creature", "opposing_creature", "own_creature", "ally_creature",
                              "all_opposing_creatures", "all_creatures"})
"""Targets naming creatures: judged on public information, checked against the true cards when resolving."""


def creatures(st: State) -> list[Piece]:
    """Face-up pieces in play that may be creatures for all anyone but their owner knows (targets of card
    abilities, :func:`may_be_creature`, MEM-GAP-20): which cards may be targeted, and so who holds a usable
    ability, never tells a face-down card's kind. One that holds no creature is not affected
    (:func:`_run_steps`)."""
    return [pc for pc in st.pieces if in_play(pc) and not face_down(pc) and may_be_creature(st, pc)]


def is_cause(st: State, pc: Piece) -> bool:
    """A face-up, unfused Cause card in play: the only cards an Effect can destroy (MEM-CE-01, MEM-CE-10)."""
    return in_play(pc) and not fused(pc) and not face_down(pc) and card(st, pc.cards[0]).kind == "cause"


def chosen_targets(st: State, seat: int, target: str, self_pc: Piece | None = None) -> list[str]:
    """The candidates for a chosen target (``s<seat>`` or ``p<uid>``; games.memesis.cards docstring)."""
    team = st.players[seat].team
    if target == "player":
        return [f"s{s}" for s in alive(st)]
    if target == "opposing_player":
        return [f"s{s}" for s in opposing(st, seat)]
    if target == "cause":
        return [f"p{pc.uid}" for pc in st.pieces if is_cause(st, pc) and st.players[pc.controller].team != team]
    cs = creatures(st)
    if target == "creature":
        return [f"p{pc.uid}" for pc in cs]
    if target == "opposing_creature":
        return [f"p{pc.uid}" for pc in cs if st.players[pc.controller].team != team]
    if target == "own_creature":
        return [f"p{pc.uid}" for pc in cs if pc.controller == seat]
    if target == "ally_creature":
        return [f"p{pc.uid}" for pc in cs if st.players[pc.controller].team == team]
    raise ValueError(target)


def fixed_targets(st: State, seat: int, target: str, self_pc: Piece | None) -> list[str]:
    """The targets of a fixed target (``you``, ``each_opponent``, ``team``, ``this``, the ``all_*``)."""
    team = st.players[seat].team
    if target == "you":
        return [f"s{seat}"]
    if target == "each_opponent":
        return [f"s{s}" for s in opposing(st, seat)]
    if target == "team":
        return [f"s{s}" for s in alive(st) if st.players[s].team == team]
    if target == "this":
        return [f"p{self_pc.uid}"] if self_pc is not None else []
    if target == "all_opposing_creatures":
        return [f"p{pc.uid}" for pc in creatures(st) if st.players[pc.controller].team != team]
    if target == "all_creatures":
        return [f"p{pc.uid}" for pc in creatures(st)]
    raise ValueError(target)


def target_choices(st: State, seat: int, a: Ability, self_pc: Piece | None) -> list[str]:
    """The target components for using ``a``: the candidates when chosen (empty: it cannot be used), else
    ``["-"]`` (fixed targets, found when it resolves)."""
    if a.target in CHOSEN:
        return chosen_targets(st, seat, a.target, self_pc)
    return ["-"]


def opposed_players(st: State, seat: int, targets: list[str]) -> list[int]:
    """The opposing players an Effect is "played at" (MEM-CE-01, MEM-GAP-15): targeted, or controlling a
    targeted card; allies never (MEM-ALY-05), the user's own side never (MEM-CE-04)."""
    team = st.players[seat].team
    out: list[int] = []
    for t in targets:
        if t.startswith("s"):
            s = int(t[1:])
        else:
            pc = find(st, int(t[1:]))
            if pc is None:
                continue
            s = pc.controller
        if st.players[s].team != team and not st.players[s].out and s not in out:
            out.append(s)
    return sorted(out, key=lambda s: (s - seat) % len(st.players))


# ---------------------------------------------------------------- legality helpers

def may_source(st: State, seat: int, pc: Piece) -> bool:
    """MEM-SRC-02..06/10/11, MEM-GAP-09/33: a face-up card in play, controlled by ``seat``, not a Rune or an
    unfused Effect card, not sourced, not come into play this turn."""
    return (pc.controller == seat and in_play(pc) and not pc.sourced and not pc.hidden
            and pc.entered != st.turn and kind(st, pc) not in ("rune", "effect"))


def may_consume(st: State, seat: int, pc: Piece) -> bool:
    """MEM-CON-01, MEM-GAP-27: a face-up piece in play that ``seat`` controls and whose every card they own."""
    return (pc.controller == seat and in_play(pc) and not pc.hidden
            and all(st.owner[c] == seat for c in pc.cards + pc.partials))


def attack_declared_on(st: State, seat: int) -> bool:
    """An attack of the active player is declared on ``seat`` (combat under way, MEM-CBT-02, MEM-GAP-10)."""
    for job in st.jobs:
        if job.kind == "combat":
            return any((pc := find(st, u)) is not None and pc.target == seat for u in job.data["attackers"])
    return False


def combat_on(st: State) -> bool:
    return any(job.kind == "combat" for job in st.jobs)


def move_dests(st: State, seat: int, pc: Piece, window: bool) -> list[tuple[str, str]]:
    """Where ``pc`` may move now (MEM-CEL-08/09, MEM-CBT-01/02, MEM-GAP-10): ``[(component, label)]``;
    ``attack`` components carry the attacked seat (``attack:s1``). Only creatures move (checked against the
    real card while face down, MEM-CBT-04, MEM-STL-10)."""
    if pc.controller != seat or not in_play(pc) or kind(st, pc) != "creature":
        return []
    if face_down(pc) and st.owner[pc.cards[0]] != seat:
        return []  # an ally's face-down card in your Cell: only its owner knows what it is (MEM-GAP-24)
    out: list[tuple[str, str]] = []
    mine = st.active == seat
    if pc.cell != "defend":
        out.append(("defend", "Move into the Defend Cell"))
    if pc.cell != "main" and (mine and not combat_on(st) or not mine and not attack_declared_on(st, seat)):
        out.append(("main", "Move back to the Main Cell"))
    if (mine and not window and not combat_on(st) and not first_turn(st, seat) and pc.placed_by < 0
            and pc.cell != "attack" and pc.hatched != st.turn):  # MEM-GAP-02: not the turn it hatched
        for s in opposing(st, seat):
            out.append((f"attack:s{s}", f"Attack {pname(st, s)}"))
    return out


def rune_hosts(st: State, seat: int, rune: int) -> list[Piece]:
    """Pieces the Rune ``rune`` (owned by ``seat``) may be placed on now (MEM-RUN-01/04/06/08/09,
    MEM-GAP-17/18/19): bearing its marking (the real card's, while face down: only your own face-down
    cards, since nobody else may see theirs; never a group holding another player's face-down card), in play
    or incubating; not a True Fusion group of your own;
    a card already upgraded only when you own neither it nor its Rune (the old Rune is displaced)."""
    m = card(st, rune).predilection
    out: list[Piece] = []
    for pc in st.pieces:
        if any(st.owner[c] != seat for c in pc.hidden):
            continue  # its markings depend on a card only its owner may see (MEM-STL-03, issue 26 §2)
        if kind(st, pc) == "rune":
            continue
        own = st.owner[pc.cards[0]] == seat or pc.controller == seat
        if pc.true and own:
            continue  # MEM-RUN-09, MEM-GAP-17
        if pc.rune >= 0 and (own or st.owner[pc.rune] == seat):
            continue  # MEM-RUN-04, MEM-RUN-08
        if m in markings(st, pc):
            out.append(pc)
    return out


SETS_OK = ({"sym", "bio"}, {"bio", "tic"}, {"sym", "bio", "tic"})  # MEM-FUS-02, MEM-GAP-26


def fusion_ways(st: State, seat: int, cards: list[int], src: Piece | None) -> list[tuple[Piece, str, str]]:
    """How the card(s) ``cards`` (one hand card, or the group of piece ``src``) may fuse onto another piece
    ``seat`` controls (MEM-FUS-01/02/06, MEM-GAP-23/25/26): ``[(onto, how, label)]`` with ``how`` ``true``
    (True Fusion partners), ``trans`` (a Sym/Bio/Tic chain) or ``frag:<marking>`` (Partial Fusion)."""
    out: list[tuple[Piece, str, str]] = []
    if src is not None and any(st.owner[c] != seat for c in src.hidden):
        return out  # an ally's face-down card in your Cell: only its owner knows what it fuses with (MEM-GAP-24)
    sets = [card(st, c).set for c in cards]
    single = len(cards) == 1 and (src is None or not src.partials)
    for pc in st.pieces:
        if pc is src or pc.controller != seat or any(st.owner[c] != seat for c in pc.hidden):
            continue
        if kind(st, pc) == "rune":
            continue
        if not (in_play(pc) or pc.cell == "incubation"):
            continue
        other = [st.cards[c] for c in pc.cards]
        if single and len(pc.cards) == 1 and card(st, cards[0]).partner == other[0]:
            out.append((pc, "true", "True Fusion (partners)"))
        osets = [card(st, c).set for c in pc.cards]
        if not pc.true and None not in sets and None not in osets:
            union = sets + osets
            if len(set(union)) == len(union) and set(union) in SETS_OK and "bio" in union:
                out.append((pc, "trans", "Trans Fusion" if len(union) < 3 else "Trans Fusion (completes a "
                            "True Fusion)"))
        if single and not pc.true:
            bm = card(st, pc.cards[0]).markings
            for f in card(st, cards[0]).fragments:
                if f.marking in bm:
                    out.append((pc, f"frag:{f.marking}", f"Partial Fusion: {f.marking.title()} fragment "
                                f"({f.upgrade.describe()})"))
    return out


# ---------------------------------------------------------------- actions

Act = tuple[tuple[str, ...], tuple[str, ...]]
"""An action: its path of components and their labels."""


def _faces(st: State, cost: int, seat: int, extra_down: int = 1) -> list[tuple[str, str, int]]:
    """The face choices: up at ``cost``, down at ``cost + extra_down`` when Stealth is on (MEM-STL-01/11)."""
    src = st.players[seat].source
    out = []
    if cost <= src:
        out.append(("up", f"face up ({cost} source)" if cost else "face up", cost))
    if st.stealth and cost + extra_down <= src:
        out.append(("down", f"face down, in Stealth ({cost + extra_down} source)", cost + extra_down))
    return out


def _down_dests(st: State, seat: int) -> list[tuple[str, str]]:
    """Where an Effect or Rune card played face down may go: ``[(component, label)]``, the player's Main Cell
    (``main``) or an ally's (``main@<seat>``), as for any card (MEM-STL-01, MEM-ALY-02; issue 26 §2: a face-down
    card into an ally's Main Cell must not show it is a creature or Cause card)."""
    return [("main", "into your Main Cell")] + [(f"main@{a}", f"into {pname(st, a)}'s Main Cell")
                                                 for a in allies(st, seat)]


def hand_actions(st: State, seat: int, c: int, window: bool) -> list[Act]:
    """Every legal action with hand card ``c`` of ``seat`` now (see the module docstring)."""
    d = card(st, c)
    p = st.players[seat]
    own = st.active == seat and not window and st.phase == "main"
    acts: list[Act] = []
    mates = allies(st, seat)
    if d.kind in ("creature", "cause") and own:
        dests: list[tuple[str, str]] = [("main", "into your Main Cell")]
        if d.kind == "creature":
            if not first_turn(st, seat):
                dests += [(f"attack:s{s}", f"into your Attack Cell, attacking {pname(st, s)}")
                          for s in opposing(st, seat)]
            dests.append(("defend", "into your Defend Cell"))
        for a in mates:  # MEM-ALY-02/03: never an ally's Attack Cell
            dests.append((f"main@{a}", f"into {pname(st, a)}'s Main Cell"))
            if d.kind == "creature":
                dests.append((f"defend@{a}", f"into {pname(st, a)}'s Defend Cell"))
        for dest, dl in dests:
            for face, fl, _cost in _faces(st, d.cost, seat):
                acts.append((("play", dest, face), ("Play", dl, fl)))
    if d.kind == "effect":
        a = d.abilities[0]
        tg = target_choices(st, seat, a, None)
        runes = [r for r in p.hand if card(st, r).kind == "rune" and card(st, r).predilection in d.markings
                 and st.owner[r] == seat]  # only the Rune's owner may place it (MEM-RUN-02)
        seen: set[str] = set()
        for t in tg:
            for opt, ol, extra in [("plain", "no Rune", 0)] + [
                    x for r in runes if st.cards[r] not in seen and not seen.add(st.cards[r])
                    for x in ((f"r{r}:1", f"upgraded by {cname(st, r)}, the Rune then goes to the Dead Cell", 1),
                              (f"r{r}:2", f"upgraded by {cname(st, r)}, the Rune returns to your hand", 2))]:
                if d.cost + extra <= p.source:
                    tl = "no target to choose" if t == "-" else f"at {label_target(st, t, seat)}"
                    acts.append((("play", t, opt), ("Play it", tl, ol)))
            seen = set()
        if st.stealth and d.cost + 1 <= p.source:  # MEM-ALY-02: into an ally's Main Cell too, like any card
            for dest, dl in _down_dests(st, seat):
                acts.append((("play", "down", dest), ("Play it", f"face down, in Stealth ({d.cost + 1} source; it "
                                                                 "works when upturned)", dl)))
    if d.kind == "rune" and st.owner[c] == seat:  # only its owner places it (MEM-RUN-02); an ally's may incubate
        if p.source >= 1:
            for pc in rune_hosts(st, seat, c):
                acts.append((("rune", f"p{pc.uid}"), ("Place the Rune (1 source)", f"on {label_piece(st, pc, seat)}")))
        if st.stealth and p.source >= 2:
            for dest, dl in _down_dests(st, seat):
                acts.append((("play", "down", dest), ("Play it", "face down, in Stealth, unattached (2 source)", dl)))
    if own:  # MEM-INC-01: any card, own turn, no source cost
        for who in [seat] + mates:
            cur = next((x for x in st.pieces if x.controller == who and x.cell == "incubation"), None)
            where = "your Incubation Cell" if who == seat else f"{pname(st, who)}'s Incubation Cell"
            if cur is not None:
                where += " (the card there goes back to its owner's hand)"
            for face in (["up", "down"] if st.stealth else ["up"]):
                acts.append((("incubate", f"s{who}", face),
                             ("Incubate", where, "face up" if face == "up" else "face down, in Stealth")))
    fuse_any = d.kind == "effect" or own  # MEM-FUS-07
    if fuse_any:
        for pc, how, hl in fusion_ways(st, seat, [c], None):
            for face, fl, _cost in _faces(st, 0, seat, 0 if pc.cell == "incubation" else 1):  # MEM-STL-02
                acts.append((("fuse", f"p{pc.uid}", how, face), ("Fuse it", f"onto {label_piece(st, pc, seat)}", hl,
                                                                  fl)))
    for who in [seat] + mates:  # MEM-AMM-01, MEM-ALY-02
        acts.append((("ammo", f"s{who}"), ("Put it face down into Ammunition",
                                          "your Ammunition Cell" if who == seat else f"{pname(st, who)}'s")))
    if st.owner[c] == seat:  # an ally's card taken from Ammunition is not yours to consume (MEM-CON-01, MEM-GAP-27)
        acts.append((("consume", "life"), ("Consume it", f"gain {d.cost} Life")))
        acts.append((("consume", "source"), ("Consume it", f"gain {d.cost} source")))
    return acts


def piece_actions(st: State, seat: int, pc: Piece, window: bool) -> list[Act]:
    """Every legal action of ``seat`` with piece ``pc`` now."""
    acts: list[Act] = []
    p = st.players[seat]
    own = st.active == seat and not window and st.phase == "main"
    mine = pc.controller == seat
    k = kind(st, pc)
    if mine and pc.cell == "incubation":
        if pc.rune >= 0 and st.owner[pc.rune] == seat and p.source >= 1:
            acts.append((("unrune",), ("Remove its Rune to your hand (1 source)",)))
        return acts
    mine_hidden = [c for c in pc.hidden if st.owner[c] == seat]
    if mine_hidden and in_play(pc):
        if k == "rune" and len(pc.cards) == 1:
            hosts = [h for h in rune_hosts(st, seat, pc.cards[0]) if h is not pc]
            for h in hosts:
                acts.append((("upturn", f"p{h.uid}"), ("Upturn it", f"and attach it to {label_piece(st, h, seat)}")))
            acts.append((("upturn", "dead"), ("Upturn it", "with nowhere to attach: it goes to the Dead Cell")))
            for h in hosts:  # MEM-STL-07: the first placement of a Stealth Rune costs nothing
                acts.append((("attach", f"p{h.uid}"), ("Attach it face down (free)", f"to {label_piece(st, h, seat)}")))
        elif k == "effect" and not fused(pc):
            a = card(st, pc.cards[0]).abilities[0]
            for t in target_choices(st, seat, a, None):
                acts.append((("upturn", t), ("Upturn it: the Effect works",
                                             "no target to choose" if t == "-" else f"at {label_target(st, t, seat)}")))
        else:
            acts.append((("upturn",), ("Upturn it",)))
    if mine and in_play(pc):
        if may_source(st, seat, pc):
            acts.append((("source",), ("Source it (+1 source)",)))
        if may_consume(st, seat, pc):
            v = group_cost(st, pc)
            acts.append((("consume", "life"), ("Consume it", f"gain {v} Life")))
            acts.append((("consume", "source"), ("Consume it", f"gain {v} source")))
        for dest, dl in move_dests(st, seat, pc, window):
            acts.append((("move", dest), ("Move it", dl)))
        for i, (a, c) in enumerate(abilities(st, pc)):
            if not ability_ok(st, seat, pc, i, a, c, window):
                continue
            for t in target_choices(st, seat, a, pc):
                acts.append(((f"use:{i}", t), (f"Use {a.name}: {a.describe()}",
                                                "no target to choose" if t == "-" else f"at {label_target(st, t, seat)}")))
        if own and len(pc.cards) <= 3 and k != "rune":
            for onto, how, hl in fusion_ways(st, seat, pc.cards, pc):
                acts.append((("fuse", f"p{onto.uid}", how), ("Fuse it", f"onto {label_piece(st, onto, seat)}", hl)))
        if all(st.owner[c] == seat for c in pc.cards + pc.partials):
            acts.append((("ammo",), ("Put it face down into your Ammunition Cell",)))
    if pc.rune >= 0 and st.owner[pc.rune] == seat and p.source >= 1:
        acts.append((("unrune",), ("Remove your Rune from it to your hand (1 source)",)))
    return acts


def ability_ok(st: State, seat: int, pc: Piece, i: int, a: Ability, c: int, window: bool) -> bool:
    """Whether ``seat`` may use ability ``i`` of ``pc`` now: once per owner turn (MEM-CE-06, MEM-FUS-08);
    outside its controller's turn only when "any time" (MEM-CBT-01); Ammo-fuelled ones in the owner's turn,
    from the Main or Attack Cell, with enough unused Ammo (MEM-AMM-03/05, MEM-CEL-05); the cost paid."""
    if i in pc.used:
        return False
    own_main = st.active == seat and not window and st.phase == "main"
    if not own_main and not a.any_time:
        return False
    if a.ammo:
        if st.active != seat or pc.cell not in ("main", "attack"):
            return False
        if st.players[seat].ammo_used.count(False) < a.ammo:
            return False
    return ability_cost(st, pc, a, c) <= st.players[seat].source


def thing_actions(st: State, seat: int, ref: str, window: bool) -> list[Act]:
    """The actions of ``seat`` with the thing ``ref`` (``h<card>`` or ``p<uid>``); [] when it is not theirs."""
    if ref.startswith("h"):
        try:
            c = int(ref[1:])
        except ValueError:
            return []
        if c not in st.players[seat].hand:
            return []
        return hand_actions(st, seat, c, window)
    if ref.startswith("p"):
        try:
            pc = find(st, int(ref[1:]))
        except ValueError:
            return []
        return [] if pc is None else piece_actions(st, seat, pc, window)
    return []


def things(st: State, seat: int) -> list[tuple[str, str, tuple[str, ...]]]:
    """The hand cards and pieces ``seat`` might act with: ``[(ref, label, card ids)]``."""
    out = []
    seen: dict[str, int] = {}  # copies of one card get "2nd", "3rd" (issue 13 §6), cheaper than relabelling later
    for c in st.players[seat].hand:
        name = cname(st, c)
        k = seen[name] = seen.get(name, 0) + 1
        out.append((f"h{c}", f"{name} (hand)" if k == 1 else f"{name} (hand, {ordinal(k)})", (st.cards[c],)))
    for pc in st.pieces:
        if pc.controller == seat or any(st.owner[c] == seat for c in pc.hidden) or (
                pc.rune >= 0 and st.owner[pc.rune] == seat):
            where = CELL_NAMES[pc.cell]
            if pc.controller != seat:
                where = f"{pname(st, pc.controller)}'s {where}"
            ids = tuple(st.cards[c] for c in pc.cards if c not in pc.hidden or st.owner[c] == seat)
            out.append((f"p{pc.uid}", f"{label_piece(st, pc, seat)} ({where})", ids))
    return out


# ---------------------------------------------------------------- decisions

def decisions_of(st: State) -> list[Decision]:
    """The one open decision (or none when the game is over): a prompt, a draft, a window or the main
    decision of the active player."""
    if st.result is not None:
        return []
    if st.prompt is not None:  # a prompt may list two copies of a card (issue 13 §6: labels told apart)
        return [distinct_decision(prompt_decision(st, st.prompt))]
    if st.draft is not None:
        return [draft_decision(st)]
    w = open_window(st)
    if w is not None:
        return [menu_decision(st, w.data["queue"][0], window=True, reason=w.data["reason"])]
    return [menu_decision(st, st.active, window=False)]


def open_window(st: State) -> Job | None:
    """The response window waiting on its first seat, when the top job is one (MEM-TRN-07)."""
    if st.jobs and st.jobs[-1].kind == "window" and st.jobs[-1].data["queue"]:
        return st.jobs[-1]
    return None


STEP_NAMES = {
    "main": "taking their turn",
    "window": "responding",
    "act": "choosing what to do with a card",
    "ammo_take": "deciding on their Ammunition card",
    "intercept": "deciding whether to intercept damage",
    "block": "choosing whom to block",
    "cause": "choosing a Cause card to lose",
    "save": "deciding whether to save a Cause card",
    "fuse_cause": "deciding whether to fuse with a Cause card",
    "discard": "discarding",
    "fragment": "deciding on a Rune fragment",
    "rune_return": "deciding whether to take a Rune back",
    "attach": "placing a hatched Rune",
    "hatch_target": "choosing a target for a hatched Effect",
}
"""Decision kind -> what the board's "Waiting for Ana (…)" says (issue 27 §5)."""


def unplayable(st: State, seat: int) -> list[tuple[str, str]]:
    """Why hand cards cannot be played (issue 27 §7): while ``seat`` has its main decision, a response window
    or an action being built open, each card in its hand with no way into play now (played into a Cell, face
    up or down, or placed as a Rune; incubating, fusing, Ammunition and consuming aside), as ``(name, reason)``
    (:func:`play_reason`), copies of a card once. Reads ``seat``'s own hand and face-down cards only."""
    decs = decisions_of(st)
    if not decs or decs[0].seat != seat or decs[0].kind not in ("main", "window", "act"):
        return []
    window = decs[0].window
    out: list[tuple[str, str]] = []
    for c in st.players[seat].hand:
        if not any(path[0] in ("play", "rune") for path, _ in hand_actions(st, seat, c, window)):
            why = (cname(st, c), play_reason(st, seat, c, window))
            if why not in out:  # copies of a card: once (a phone screen)
                out.append(why)
    return out


def play_reason(st: State, seat: int, c: int, window: bool) -> str:
    """Why hand card ``c`` of ``seat`` cannot be played or placed now, in a few words (issue 27 §7)."""
    d = card(st, c)
    p = st.players[seat]
    own = st.active == seat and not window and st.phase == "main"
    if d.kind in ("creature", "cause"):
        what = "creatures" if d.kind == "creature" else "Cause cards"
        if st.active != seat:
            return f"{what} go into play only in your own turn"
        if not own:
            return f"{what} go into play only in your main phase, not in a response"
        return f"costs {d.cost} source, you have {p.source} (Incubation is free)"
    if d.kind == "effect":
        if d.cost > p.source:
            return f"costs {d.cost} source, you have {p.source}"
        extra = f"; in Stealth it costs {d.cost + 1} source" if st.stealth else ""
        return f"no target for it now{extra}"
    if st.owner[c] != seat:
        return f"{pname(st, st.owner[c])}'s Rune: only its owner places it"
    if p.source < 1:
        return "placing a Rune costs 1 source, you have 0"
    extra = ", and Stealth costs 2 source" if st.stealth else ""
    return f"no card can take a {d.predilection.title()} Rune now{extra}"


HOLD_LABEL = "Pass until my turn"
"""The window option that passes every window up to the player's own next turn, except one opened by an
attack or damage aimed at them (MEM-GAP-28): one tap instead of one per action of the others."""


def menu_decision(st: State, seat: int, window: bool, reason: str = "") -> Decision:
    """The main decision (``window`` False) or a response window (MEM-TRN-07, MEM-GAP-28)."""
    p = st.players[seat]
    opts: list[Option] = []
    for ref, label, ids in things(st, seat):
        if ref[0] == "h" or thing_actions(st, seat, ref, window):  # a hand card can always be consumed
            opts.append(Option(ref, label, ids))
    if p.source >= DRAW_COST and p.brain:
        opts.append(Option("draw", f"Pay {DRAW_COST} source: draw a card"))
    if window:
        opts.append(Option("pass", "Pass"))
        opts.append(Option("hold", HOLD_LABEL))
        prompt = f"{reason} — respond, or pass. You have {p.source} source."
        return Decision(seat, "window", prompt, tuple(opts), default="pass", window=True,
                        aimed=aimed_at(st, seat))
    if p.grants:
        for a in allies(st, seat):
            if p.source >= p.grants[0]:
                opts.append(Option(f"grant:{a}", f"Grant {pname(st, a)} {p.grants[0]} source"))
    attackers = [pc for pc in st.pieces if pc.controller == seat and can_attack(st, pc)]
    opts.append(Option("end", "Combat, then end your turn" if attackers else "End your turn"))
    prompt = f"Your turn {p.turns}: act with a card, or end your turn. You have {p.source} source."
    return Decision(seat, "main", prompt, tuple(opts), default="end",
                    forced=len(opts) == 1 and nothing_to_do(st, seat))


def aimed_at(st: State, seat: int) -> bool:
    """Whether the open response window was opened by an attack or damage aimed at ``seat`` (public: the
    window's ``at``): the one a player who chose "Pass until my turn" is still asked (MEM-GAP-28), and so
    :attr:`Decision.aimed` (issue 27 §3)."""
    w = open_window(st)
    return w is not None and seat in w.data["at"]


def nothing_to_do(st: State, seat: int) -> bool:
    """Whether ``seat``'s main decision can only be "End your turn", judged on what every player sees (issue 27
    §1): an empty hand, no draw to pay for (under 5 source or an empty Brain Cell), no grant owed to an ally, and
    no piece they control and no card of theirs in any piece (a face-down card, a Rune, a fused card), whose
    actions could depend on a card only they may see. An incubating card counts only with their Rune on it
    (removing it is all one can do with an incubating card, MEM-CEL-11). Then the decision is ``forced``; with
    one option for any other reason it is asked like any other."""
    p = st.players[seat]
    if p.hand or (p.source >= DRAW_COST and p.brain) or p.grants:
        return False
    for pc in st.pieces:
        if pc.cell == "incubation":
            if pc.rune >= 0 and st.owner[pc.rune] == seat:
                return False
        elif pc.controller == seat or any(st.owner[c] == seat for c in all_cards(pc)):
            return False
    return True


def draft_decision(st: State) -> Decision:
    """The next step of the action being built (module docstring): the next components, and ``back``."""
    dr = st.draft
    assert dr is not None
    seat, ref, path = dr["seat"], dr["ref"], tuple(dr["path"])
    acts = thing_actions(st, seat, ref, dr["window"])
    k = len(path)
    opts: list[Option] = []
    seen: set[str] = set()
    for pth, labels in acts:
        if pth[:k] == path and len(pth) > k and pth[k] not in seen:
            seen.add(pth[k])
            opts.append(Option(pth[k], labels[k] if k < len(labels) else pth[k]))
    opts.append(Option("back", "Back"))
    what = ref_label(st, seat, ref)
    so_far = next((" → ".join(labels[:k]) for pth, labels in acts if pth[:k] == path), "")
    return Decision(seat, "act", f"{what}: what do you do?" if not path else f"{what} — {so_far}: choose.",
                    tuple(opts), default="back", window=dr["window"], aimed=dr["window"] and aimed_at(st, seat))


def ref_label(st: State, seat: int, ref: str) -> str:
    if ref.startswith("h"):
        return cname(st, int(ref[1:]))
    pc = find(st, int(ref[1:]))
    return label_piece(st, pc, seat) if pc else ref


def prompt_decision(st: State, pr: Prompt) -> Decision:
    """The decision of a prompt (module docstring), with its documented timeout default (MEM-GAP-28)."""
    s, d = pr.seat, pr.data
    if pr.kind == "ammo_take":
        ammo = st.players[s].ammo
        # empty only when the seat went out meanwhile (a concession): its prompt is answered with the default
        take = (Option("take", f"Take {cname(st, ammo[-1])}", (st.cards[ammo[-1]],)),) if ammo else ()
        return Decision(s, "ammo_take", "Start of your turn: take the top card of your Ammunition Cell into your hand?",
                        (*take, Option("leave", "Leave it")), default="leave")
    if pr.kind == "intercept":
        opts = [Option("absorb", f"Take the {d['amount']} damage yourself")]
        # a creature outside the Defend Cell moves there to intercept (MEM-CBT-01)
        opts += [Option(f"p{pc.uid}", f"Intercept with {label_piece(st, pc, s)} ({stats_text(st, pc, s)})")
                 for pc in interceptors(st, s)]
        return Decision(s, "intercept", f"{d['what']} deals {d['amount']} damage to you: intercept it with a "
                        "Defend creature, or take it?", tuple(opts), default="absorb", window=True, aimed=True)
    if pr.kind == "block":
        pc = find(st, d["uid"])
        opts = []
        for u in d["attackers"]:
            a = find(st, u)
            if a is not None and pc is not None and can_defend(st, pc):  # asked on public grounds, offered the truth
                opts.append(Option(f"p{u}", f"Block {label_piece(st, a, s)} ({stats_text(st, a, s)})"))
        opts.append(Option("none", "Do not block"))
        return Decision(s, "block", f"Combat: which attacker does {label_piece(st, pc, s)} "
                        f"({stats_text(st, pc, s)}) intercept?", tuple(opts),
                        default="none", window=True, aimed=True)
    if pr.kind == "cause":
        opts = [Option(f"p{u}", label_piece(st, find(st, u), s)) for u in d["uids"] if find(st, u)]
        return Decision(s, "cause", f"{d['what']} was played at you: choose which of your Cause cards is "
                        "destroyed.", tuple(opts), default=opts[0].id, window=True,
                        aimed=True)
    if pr.kind == "save":
        opts = [Option(f"h{c}", f"Discard {cname(st, c)}", (st.cards[c],)) for c in st.players[s].hand]
        opts.append(Option("let", "Let it be destroyed"))
        pc = find(st, d["uid"])
        return Decision(s, "save", f"{label_piece(st, pc, s)} is about to be destroyed: discard a card from your "
                        "hand to save it?", tuple(opts), default="let", window=True, aimed=True)
    if pr.kind == "fuse_cause":
        opts = [Option(how, f"Fuse {cname(st, d['card'])} with it: {hl}") for how, hl in d["ways"]]
        opts.append(Option("destroy", "Destroy it"))
        pc = find(st, d["uid"])
        return Decision(s, "fuse_cause", f"{cname(st, d['card'])} can fuse with {label_piece(st, pc, s)} instead "
                        "of destroying it: fuse?", tuple(opts), default="destroy")
    if pr.kind == "discard":
        opts = [Option(f"h{c}", f"Discard {cname(st, c)}", (st.cards[c],)) for c in st.players[s].hand]
        opts.append(Option("random", "Discard at random"))
        return Decision(s, "discard", f"{d['what']}: discard {d['left']} more card{'s' if d['left'] > 1 else ''} "
                        "from your hand.", tuple(opts), default="random", window=True, aimed=True)
    if pr.kind == "fragment":
        opts = [Option(f"p{u}", f"Fuse it onto {label_piece(st, find(st, u), s)}") for u in d["uids"]
                if find(st, u)]
        opts.append(Option("dead", "Let it go to the Dead Cell"))
        return Decision(s, "fragment", f"{cname(st, d['card'])} has been used: fuse it as a Rune fragment instead "
                        "of sending it to the Dead Cell?", tuple(opts), default="dead")
    if pr.kind == "rune_return":
        return Decision(s, "rune_return", f"{cname(st, d['rune'])} went to your Dead Cell with the card it "
                        "upgraded: pay 1 source to return it to your hand?",
                        (Option("pay", "Pay 1 source: back to hand"), Option("leave", "Leave it in the Dead Cell")),
                        default="leave", window=True, aimed=True)
    if pr.kind == "attach":
        opts = [Option(f"p{pc.uid}", f"Attach it to {label_piece(st, pc, s)}") for pc in
                rune_hosts(st, s, d["rune"])]
        opts.append(Option("dead", "Send it to the Dead Cell"))
        return Decision(s, "attach", f"{cname(st, d['rune'])} must attach to a card bearing its marking, or go to "
                        "the Dead Cell.", tuple(opts), default=opts[0].id)
    if pr.kind == "hatch_target":
        a = card(st, d["card"]).abilities[0]
        opts = [Option(t, label_target(st, t, s)) for t in target_choices(st, s, a, None)]
        # its targets are public (players, face-up pieces): a single one is publicly forced (issue 27 §1)
        return Decision(s, "hatch_target", f"{cname(st, d['card'])} has hatched and works now: choose its target.",
                        tuple(opts), default=opts[0].id, forced=len(opts) == 1)
    raise ValueError(pr.kind)


# ---------------------------------------------------------------- applying a choice

def apply_choice(st: State, seat: int, choice: str) -> list[Event]:
    """Apply one option id for ``seat``. Raises :class:`NotYourDecision` or :class:`StaleChoice` (a
    :class:`RulesError`) with the state unchanged when it is not one of the seat's options now."""
    from games.core.contract import NotYourDecision, StaleChoice

    decs = decisions_of(st)
    if not decs:
        raise NotYourDecision("GAME-OVER", "The game is over.")
    d = decs[0]
    if d.seat != seat:
        raise NotYourDecision("MEM-TRN-07", f"It is not your decision now: waiting for {pname(st, d.seat)} "
                              f"({STEP_NAMES.get(d.kind, d.kind)}).")
    if d.option(choice) is None:
        legal = ", ".join(o.label for o in d.options[:12]) + ("…" if len(d.options) > 12 else "")
        why = ""
        if d.kind == "act" and choice in ("play", "rune") and st.draft is not None and st.draft["ref"][0] == "h":
            c = int(st.draft["ref"][1:])  # a hand card that cannot be played now: say why (issue 27 §7)
            # the reason, not the card's name: a refusal names no card (MEM-STL-10)
            why = f"This card cannot be played now: {play_reason(st, seat, c, st.draft['window'])}. "
        raise StaleChoice("MEM-TRN-07", f"{why or 'That is not one of your options now. '}Choose one of: {legal}.")
    ev: list[Event] = []
    if d.kind in ("main", "window"):
        _menu(st, seat, choice, d.kind == "window", ev)
    elif d.kind == "act":
        _draft_step(st, choice, ev)
    else:
        pr = st.prompt
        assert pr is not None
        st.prompt = None
        _answer(st, pr, choice, ev)
    st.version += 1
    if d.kind != "act":  # a step of an action being built is not counted on the board (issue 26 §2)
        st.turn_choices += 1
    advance(st, ev)
    return ev


def _menu(st: State, seat: int, choice: str, window: bool, ev: list[Event]) -> None:
    p = st.players[seat]
    if choice in ("pass", "hold"):
        w = open_window(st)
        assert w is not None
        w.data["queue"].pop(0)
        if choice == "hold":
            p.holding = True
            ev.append(Event(f"{p.name} passes until their next turn (asked again if attacked or hit)."))
        return
    if choice == "draw":
        pay(st, seat, DRAW_COST, "MEM-DRW-01")
        ev.append(Event(f"{p.name} pays {DRAW_COST} source to draw a card."))
        draw(st, seat, 1, ev)
        return
    if choice.startswith("grant:"):
        a = int(choice[6:])
        g = p.grants.pop(0)
        pay(st, seat, g, "MEM-ALY-01")
        st.players[a].source += g
        ev.append(Event(f"{p.name} grants {pname(st, a)} {g} source."))
        return
    if choice == "end":
        st.jobs.append(Job("endturn"))
        if any(pc.controller == seat and can_attack(st, pc) for pc in st.pieces):
            st.jobs.append(Job("combat", {"stage": "declare", "attackers": [], "blocks": [], "queue": []}))
        return
    st.draft = {"seat": seat, "ref": choice, "path": [], "window": window}


def _draft_step(st: State, choice: str, ev: list[Event]) -> None:
    dr = st.draft
    assert dr is not None
    if choice == "back":
        st.draft = None
        return
    _draft_go(st, tuple(dr["path"]) + (choice,), ev)


def _draft_go(st: State, path: tuple[str, ...], ev: list[Event]) -> None:
    """Move the open draft to ``path`` (at least the first component, so choosing a thing always shows what it
    can do): carry the action out once ``path`` is one or leaves only one, and take any later step with a
    single next component without asking (a phone tap saved)."""
    dr = st.draft
    assert dr is not None
    acts = [a for a, _ in thing_actions(st, dr["seat"], dr["ref"], dr["window"]) if a[:len(path)] == path]
    while path not in acts and len(acts) > 1 and len({a[len(path)] for a in acts}) == 1:
        path = path + (acts[0][len(path)],)
        acts = [a for a in acts if a[:len(path)] == path]
    if path in acts or len(acts) == 1:
        full = path if path in acts else acts[0]
        st.draft = None
        perform(st, dr["seat"], dr["ref"], full, dr["window"], ev)
    else:
        dr["path"] = list(path)


def respond(st: State, actor: int, reason: str, at: Iterable[int] = ()) -> None:
    """Open (or restart) the response window after ``actor``'s action (MEM-TRN-07, MEM-GAP-28)."""
    if st.result is not None:
        return
    data = {"actor": actor, "reason": reason, "at": sorted(set(at)), "queue": seat_order(st, actor)}
    i = len(st.jobs)
    while i and st.jobs[i - 1].kind == "rune_return":
        i -= 1  # a Rune's return is offered first, in the moment its card died (MEM-RUN-07)
    if i and st.jobs[i - 1].kind == "window":
        # a response: the round starts again with the responder, who may go on (an upturned card's "any
        # time" ability at once, MEM-STL-05), then the others; it ends when all pass in a row (MEM-GAP-28)
        data["queue"].insert(0, actor)
        st.jobs[i - 1].data = data
    else:
        st.jobs.insert(i, Job("window", data))


def has_response(st: State, seat: int, at: list[int]) -> bool:
    """Whether ``seat`` is offered the response window (MEM-TRN-07, MEM-GAP-28, MEM-CON-01): a player still in
    who could take an "any time" action judged on public information only, so that being asked tells nobody
    what they hold: a card in hand (any hand card may at least go into Ammunition, an own one be consumed), a
    face-up piece in play they may consume, a face-down card of their own in play, their Rune on a card with 1
    source to remove it, 5 source and a non-empty Brain Cell (draw), a face-up "any time" ability they can use
    now, or, when an attack or damage is aimed at them, a creature able to move into Defend. Hand contents,
    face-down identities, Ammunition and incubating cards are never read."""
    p = st.players[seat]
    if p.out or (p.holding and seat not in at):  # "Pass until my turn" holds (MEM-GAP-28)
        return False
    if p.hand or (p.source >= DRAW_COST and p.brain):
        return True
    for pc in st.pieces:
        if pc.rune >= 0 and st.owner[pc.rune] == seat and p.source >= 1:
            return True
        if not in_play(pc):
            continue
        if any(st.owner[c] == seat for c in pc.hidden):
            return True
        if pc.controller != seat:
            continue
        if may_consume(st, seat, pc):
            return True
        if seat in at and pc.cell != "defend" and not pc.sourced and any(
                card(st, c).kind == "creature" for c in pc.cards if c not in pc.hidden):  # the face-up ones only
            return True
        for i, (a, c) in enumerate(abilities(st, pc)):
            if a.any_time and ability_ok(st, seat, pc, i, a, c, True) and target_choices(st, seat, a, pc):
                return True
    return False


def advance(st: State, ev: list[Event]) -> None:
    """Run the flow until a decision is open (a prompt, a draft, a window with someone to ask, or the
    active player's main decision) or the game is over."""
    guard = 0
    while st.result is None:
        guard += 1
        if guard > 10000:
            raise RuntimeError("the Memesis flow does not settle")
        if st.prompt is not None:
            if st.players[st.prompt.seat].out:
                pr, st.prompt = st.prompt, None
                _answer(st, pr, prompt_decision(st, pr).default or "", ev)
                continue
            return
        if st.draft is not None:
            return
        if not st.jobs:
            if st.players[st.active].out:
                st.jobs.append(Job("endturn"))
                continue
            st.phase = "main"
            return
        job = st.jobs[-1]
        if job.kind == "window":
            q = job.data["queue"]
            while q and not has_response(st, q[0], job.data["at"]):
                q.pop(0)
            if q:
                return
            st.jobs.pop()
            continue
        STEPS[job.kind](st, job, ev)


# ---------------------------------------------------------------- performing an action

def _dest(dest: str, seat: int) -> tuple[str, int, int]:
    """``main`` / ``defend`` / ``attack:s1`` / ``main@2`` -> (cell, controller, attacked seat)."""
    if dest.startswith("attack:s"):
        return "attack", seat, int(dest[8:])
    if "@" in dest:
        cell, who = dest.split("@")
        return cell, int(who), -1
    return dest, seat, -1


def _play_down(st: State, seat: int, c: int, cost: int, dest: str, ev: list[Event]) -> None:
    """Play the Effect or Rune card ``c`` from hand face down into the Main Cell ``dest`` (``main``, or an
    ally's: ``main@<seat>``, MEM-ALY-02) for ``cost`` source (MEM-STL-01/02). Everything public reads as for a
    face-down creature or Cause card played there (issue 26 §2): the log line, the window's reason, and an
    ally's grant of the source spent (MEM-ALY-01, MEM-GAP-24)."""
    p = st.players[seat]
    _cell, who, _tgt = _dest(dest, seat)
    pay(st, seat, cost)
    p.hand.remove(c)
    pc = new_piece(st, [c], who, "main", True)
    where = "their Main Cell"
    if who != seat:
        pc.placed_by = seat  # MEM-ALY-04
        where = f"{pname(st, who)}'s Main Cell"
    ev.append(Event(f"{p.name} pays {cost} source and plays a face-down card (#{pc.uid}) into {where}."))
    ev.append(Event(f"Your face-down card #{pc.uid} is {cname(st, c)}.", (seat,)))
    if allies(st, seat):
        p.grants.append(cost)
    respond(st, seat, f"{p.name} put a face-down card into play")


def perform(st: State, seat: int, ref: str, path: tuple[str, ...], window: bool, ev: list[Event]) -> None:
    """Carry out a listed action (module docstring)."""
    p = st.players[seat]
    verb = path[0]
    if ref.startswith("h"):
        c = int(ref[1:])
        d = card(st, c)
        if seat == st.active and verb in ("play", "rune", "incubate", "fuse"):
            st.turn_plays += 1  # for the turn summary
        if verb == "play" and d.kind in ("creature", "cause"):
            cell, who, tgt = _dest(path[1], seat)
            down = path[2] == "down"
            cost = d.cost + (1 if down else 0)
            pay(st, seat, cost)
            p.hand.remove(c)
            pc = new_piece(st, [c], who, cell, down)
            pc.target = tgt
            if who != seat:
                pc.placed_by = seat  # MEM-ALY-04
            where = f"their {CELL_NAMES[cell]}" if who == seat else f"{pname(st, who)}'s {CELL_NAMES[cell]}"
            att = f", attacking {pname(st, tgt)}" if tgt >= 0 else ""
            if down:
                ev.append(Event(f"{p.name} pays {cost} source and plays a face-down card (#{pc.uid}) into {where}"
                                f"{att}."))
                ev.append(Event(f"Your face-down card #{pc.uid} is {d.name}.", (seat,)))
            else:
                ev.append(Event(f"{p.name} plays {d.name} (#{pc.uid}) into {where}{att}"
                                + (f", paying {cost} source." if cost else ".")))
            if cell == "main" and cost > 0 and allies(st, seat):
                p.grants.append(cost)  # MEM-ALY-01, MEM-GAP-24
            respond(st, seat, f"{p.name} put a {'face-down ' if down else ''}card into play", [tgt] if tgt >= 0 else [])
            return
        if verb == "play" and d.kind == "effect" and path[1] == "down":
            _play_down(st, seat, c, d.cost + 1, path[2], ev)
            return
        if verb == "play" and d.kind == "effect":
            t, opt = path[1], path[2]
            rune, keep, extra = -1, False, 0
            if opt != "plain":
                r, n = opt[1:].split(":")
                rune, extra = int(r), int(n)
                keep = extra == 2
            pay(st, seat, d.cost + extra)
            p.hand.remove(c)
            st.players[st.owner[c]].dead.append(c)  # shown, then to its owner's Dead Cell (MEM-CE-08); fusion
            if rune >= 0:  # may take it back out
                p.hand.remove(rune)
                st.players[st.owner[rune]].dead.append(rune)
            up = f", upgraded by {cname(st, rune)}" if rune >= 0 else ""
            at = "" if t == "-" else f" at {label_target(st, t)}"
            ev.append(Event(f"{p.name} plays {d.name}{at}{up}."))
            start_resolve(st, seat, c, -1, effect_ability(st, c, rune), [] if t == "-" else [t], rune, keep)
            return
        if verb == "play" and d.kind == "rune":
            _play_down(st, seat, c, 2, path[2], ev)
            return
        if verb == "rune":
            host = find(st, int(path[1][1:]))
            assert host is not None
            pay(st, seat, 1, "MEM-RUN-02")
            p.hand.remove(c)
            attach_rune(st, seat, c, host, ev, hidden=False)
            respond(st, seat, f"{p.name} placed a Rune")
            return
        if verb == "incubate":
            who = int(path[1][1:])
            down = path[2] == "down"
            p.hand.remove(c)
            incubate(st, seat, [c], who, down, ev)
            return
        if verb == "fuse":
            onto = find(st, int(path[1][1:]))
            assert onto is not None
            down = path[3] == "down"
            if down and onto.cell != "incubation":  # MEM-STL-02: incubation doubles the turns instead
                pay(st, seat, 1, "MEM-STL-01")
            p.hand.remove(c)
            do_fuse(st, seat, [c], [c] if down else [], onto, path[2], ev)
            if onto.cell != "incubation":
                respond(st, seat, f"{p.name} fused a card from hand into play")  # MEM-GAP-28
            return
        if verb == "ammo":
            who = int(path[1][1:])
            p.hand.remove(c)
            q = st.players[who]
            q.ammo.append(c)
            q.ammo_used.append(False)
            ev.append(Event(f"{p.name} puts a card face down on top of "
                            + ("their" if who == seat else f"{q.name}'s") + " Ammunition Cell."))
            ev.append(Event(f"{d.name} goes into Ammunition.", (seat,)))
            return
        if verb == "consume":
            p.hand.remove(c)
            st.players[st.owner[c]].dead.append(c)
            gain(st, seat, d.cost, path[1], d.name, ev)
            return
        raise ValueError(path)
    pc = find(st, int(ref[1:]))
    assert pc is not None
    if verb == "source":
        pc.sourced = True
        p.source += 1
        ev.append(Event(f"{p.name} sources {label_piece(st, pc)} (+1 source, now {p.source})."))
        return
    if verb == "consume":
        v = group_cost(st, pc)
        to_dead(st, pc, ev, "is consumed")
        gain(st, seat, v, path[1], " + ".join(cname(st, c) for c in pc.cards), ev)
        return
    if verb == "move":
        cell, _who, tgt = _dest(path[1], seat)
        pc.cell = cell
        pc.target = tgt
        att = f", attacking {pname(st, tgt)}" if tgt >= 0 else ""
        ev.append(Event(f"{p.name} moves {label_piece(st, pc)} into the {CELL_NAMES[cell]}{att}."))
        return
    if verb == "upturn":
        mine = [c for c in pc.hidden if st.owner[c] == seat]
        for c in mine:
            pc.hidden.remove(c)
        names = ", ".join(cname(st, c) for c in mine)
        ev.append(Event(f"{p.name} upturns {names} (#{pc.uid})."))
        k = kind(st, pc)
        if k == "rune" and len(pc.cards) == 1:
            r = pc.cards[0]
            st.pieces.remove(pc)
            if path[1] == "dead":
                st.players[st.owner[r]].dead.append(r)
                ev.append(Event(f"{cname(st, r)} has nowhere to attach and goes to the Dead Cell."))
            else:
                host = find(st, int(path[1][1:]))
                assert host is not None
                attach_rune(st, seat, r, host, ev, hidden=False)
        elif k == "effect" and not fused(pc):
            c = pc.cards[0]
            st.pieces.remove(pc)
            st.players[st.owner[c]].dead.append(c)
            if pc.rune >= 0:  # MEM-CE-08, MEM-RUN-06: its Rune goes too, to the Rune owner's Dead Cell
                st.players[st.owner[pc.rune]].dead.append(pc.rune)
            d = card(st, c)
            t = path[1]
            ev.append(Event(f"{d.name} works{'' if t == '-' else ' at ' + label_target(st, t)}."))
            start_resolve(st, seat, c, -1, effect_ability(st, c, pc.rune), [] if t == "-" else [t], -1, False)
            return
        respond(st, seat, f"{p.name} upturned a card")
        return
    if verb == "attach":
        host = find(st, int(path[1][1:]))
        assert host is not None
        r = pc.cards[0]
        st.pieces.remove(pc)
        attach_rune(st, seat, r, host, ev, hidden=True)
        respond(st, seat, f"{p.name} placed a Rune")
        return
    if verb.startswith("use:"):
        i = int(verb[4:])
        a, c = abilities(st, pc)[i]
        pay(st, seat, ability_cost(st, pc, a, c))
        if a.ammo:
            mark_ammo(st, seat, a.ammo)
        pc.used.append(i)
        t = path[1]
        ev.append(Event(f"{p.name} uses {a.name} of {label_piece(st, pc)}"
                        + ("" if t == "-" else f" at {label_target(st, t)}")
                        + (f", with {a.ammo} Ammo" if a.ammo else "") + "."))
        start_resolve(st, seat, -1, pc.uid, a, [] if t == "-" else [t], -1, False)
        return
    if verb == "fuse":
        onto = find(st, int(path[1][1:]))
        assert onto is not None
        st.pieces.remove(pc)
        if pc.rune >= 0:
            st.players[st.owner[pc.rune]].dead.append(pc.rune)
            ev.append(Event(f"{cname(st, pc.rune)} is shattered by the fusion."))
        do_fuse(st, seat, pc.cards + pc.partials, list(pc.hidden), onto, path[2], ev)
        return
    if verb == "ammo":
        st.pieces.remove(pc)
        if pc.rune >= 0:
            st.players[st.owner[pc.rune]].hand.append(pc.rune)
        for c in pc.cards + pc.partials:  # MEM-AMM-06: a group of X cards is X Ammo
            p.ammo.append(c)
            p.ammo_used.append(False)
        ev.append(Event(f"{p.name} puts {label_piece(st, pc)} face down into their Ammunition Cell "
                        f"({len(pc.cards) + len(pc.partials)} Ammo)."))
        return
    if verb == "unrune":
        pay(st, seat, 1, "MEM-RUN-02")
        r = pc.rune
        pc.rune = -1
        was_down = r in pc.hidden
        if was_down:
            pc.hidden.remove(r)
        p.hand.append(r)
        what = "a face-down Rune" if was_down else cname(st, r)  # it goes back to hand unseen (MEM-STL-03)
        ev.append(Event(f"{p.name} pays 1 source and takes {what} back from {label_piece(st, pc)}."))
        respond(st, seat, f"{p.name} removed a Rune")
        return
    raise ValueError(path)


def gain(st: State, seat: int, v: int, how: str, what: str, ev: list[Event]) -> None:
    """MEM-CON-01..03: the consumed card's source cost as Life or as source, at once; named in public."""
    p = st.players[seat]
    if how == "life":
        p.life += v
        ev.append(Event(f"{p.name} consumes {what} for {v} Life (now {p.life})."))
    else:
        p.source += v
        ev.append(Event(f"{p.name} consumes {what} for {v} source (now {p.source})."))


def mark_ammo(st: State, seat: int, n: int) -> None:
    """MEM-AMM-04, MEM-GAP-22: ``n`` unused Ammo cards, top first, are used until they recycle."""
    p = st.players[seat]
    for i in range(len(p.ammo) - 1, -1, -1):
        if n == 0:
            break
        if not p.ammo_used[i]:
            p.ammo_used[i] = True
            n -= 1


def attach_rune(st: State, seat: int, r: int, host: Piece, ev: list[Event], hidden: bool) -> None:
    """Put Rune ``r`` on ``host``; a Rune already there is displaced to its owner's Dead Cell (MEM-GAP-18)."""
    if host.rune >= 0:
        old = host.rune
        if old in host.hidden:
            host.hidden.remove(old)
        st.players[st.owner[old]].dead.append(old)
        ev.append(Event(f"{cname(st, old)} is displaced from {label_piece(st, host)} to the Dead Cell."))
    host.rune = r
    if hidden:
        host.hidden.append(r)
        ev.append(Event(f"{pname(st, seat)} attaches a face-down Rune to {label_piece(st, host)}."))
        ev.append(Event(f"Your face-down Rune is {cname(st, r)}.", (seat,)))
    else:
        ev.append(Event(f"{pname(st, seat)} places {cname(st, r)} on {label_piece(st, host)}."))


def incubate(st: State, seat: int, cards: list[int], who: int, down: bool, ev: list[Event]) -> Piece:
    """MEM-INC-01/02/04/05, MEM-STL-02, MEM-RUN-11, MEM-GAP-30: into ``who``'s Incubation Cell, replacing
    (back to hand, its turns lost) what was there."""
    old = next((x for x in st.pieces if x.controller == who and x.cell == "incubation"), None)
    if old is not None:
        to_hand(st, old, ev)
        ev.append(Event("The card that was incubating loses its turns."))
    pc = new_piece(st, cards, who, "incubation", down)
    d = card(st, cards[0])
    n = 1 if d.kind == "rune" else sum(card(st, c).cost for c in cards)
    pc.needed = n * 2 if down else n
    where = "their" if who == seat else f"{pname(st, who)}'s"
    turns = f"{pc.needed} turn{'s' if pc.needed != 1 else ''}"
    if down:  # the total is twice the source cost: only the owner knows it (MEM-STL-03, MEM-GAP-20)
        ev.append(Event(f"{pname(st, seat)} incubates a face-down card (#{pc.uid}) in {where} Incubation Cell."))
        ev.append(Event(f"Your incubating card #{pc.uid} is {d.name}: {turns}.", (seat,)))
    else:
        ev.append(Event(f"{pname(st, seat)} incubates {d.name} (#{pc.uid}) in {where} Incubation Cell: {turns}."))
    return pc


def do_fuse(st: State, seat: int, cards: list[int], hidden: list[int], onto: Piece, how: str,
            ev: list[Event]) -> None:
    """Fuse ``cards`` onto ``onto`` (MEM-FUS-01..13, MEM-INC-07, MEM-GAP-21/23/26); irreversible
    (MEM-FUS-05)."""
    # a face-down card is unnamed, and so are its fragment's marking and the kind of fusion it makes, which
    # would narrow it down (MEM-STL-03, MEM-GAP-20); its owner is told
    shown = " + ".join("a face-down card" if c in hidden else cname(st, c) for c in cards)
    secret = any(c in hidden for c in cards) or any(c in onto.hidden and st.owner[c] != seat for c in onto.cards)
    if how.startswith("frag:"):
        onto.partials += cards
        onto.frags += [how[5:]] * len(cards)
        kindtxt = f"Partial Fusion ({how[5:].title()} fragment)"
    else:
        onto.cards += cards
        done = how == "true" or len(onto.cards) >= 3
        kindtxt = "True Fusion" if done else "Transfusion"
        if done:
            onto.true = True
            for c in onto.partials:  # MEM-FUS-09
                st.players[st.owner[c]].dead.append(c)
                ev.append(Event(f"{cname(st, c)} was partially fused and goes to the Dead Cell."))
            onto.partials, onto.frags = [], []
            if onto.rune >= 0 and st.owner[onto.rune] == st.owner[onto.cards[0]]:
                r = onto.rune  # MEM-FUS-04/12: the owner's Rune comes off, paid, or is shattered
                onto.rune = -1
                was_down = r in onto.hidden
                if was_down:
                    onto.hidden.remove(r)
                if st.players[st.owner[r]].source >= 1 and st.owner[r] == seat:
                    st.players[seat].source -= 1
                    st.players[seat].hand.append(r)
                    what = "a face-down Rune" if was_down else cname(st, r)  # back to hand unseen (MEM-STL-03)
                    ev.append(Event(f"{pname(st, seat)} pays 1 source to take {what} off first."))
                else:
                    st.players[st.owner[r]].dead.append(r)
                    ev.append(Event(f"{cname(st, r)} is shattered."))
    onto.hidden += [c for c in hidden if c not in onto.hidden]
    if onto.cell == "incubation":  # MEM-INC-07, MEM-GAP-21
        onto.needed += sum(card(st, c).cost * (2 if c in hidden else 1) for c in cards)
    if not secret:
        ev.append(Event(f"{pname(st, seat)} fuses {shown} onto {label_piece(st, onto)}: {kindtxt}."))
        return
    ev.append(Event(f"{pname(st, seat)} fuses {shown} onto {label_piece(st, onto)}"
                    + (": Partial Fusion." if how.startswith("frag:") else ".")))
    mine = f"{how[5:].title()} fragment" if how.startswith("frag:") else "True Fusion" if onto.true else "Transfusion"
    ev.append(Event(f"You fuse {' + '.join(cname(st, c) for c in cards)} onto {label_piece(st, onto, seat)}: "
                    f"{mine}.", (seat,)))


# ---------------------------------------------------------------- resolving Effects and abilities

def effect_ability(st: State, c: int, rune: int) -> Ability:
    """Effect card ``c``'s one effect, with the upgrade of Rune ``rune`` (-1: none) when it bears that Rune's
    marking: the upgrade's steps follow the effect's, on the same targets (MEM-RUN-01/05, MEM-STL-08)."""
    d = card(st, c)
    a = d.abilities[0]
    u = d.markings.get(card(st, rune).predilection) if rune >= 0 else None
    if u is not None and u.ability is not None and u.ability.target == a.target:
        a = a.model_copy(update={"steps": a.steps + u.ability.steps})
    return a


def start_resolve(st: State, seat: int, c: int, uid: int, a: Ability, targets: list[str], rune: int,
                  keep: bool) -> None:
    """Push the resolution of an Effect card ``c`` (or the ability ``a`` of piece ``uid``)."""
    st.jobs.append(Job("resolve", {"seat": seat, "card": c, "uid": uid, "ability": a.model_dump(mode="json"),
                                   "targets": targets, "rune": rune, "keep": keep, "stage": "init"}))


def _ability(job: Job) -> Ability:
    return Ability.model_validate(job.data["ability"])


def _valid(st: State, t: str) -> bool:
    if t.startswith("s"):
        return not st.players[int(t[1:])].out
    pc = find(st, int(t[1:]))
    return pc is not None and in_play(pc)


def step_resolve(st: State, job: Job, ev: list[Event]) -> None:
    d = job.data
    seat = d["seat"]
    a = _ability(job)
    what = cname(st, d["card"]) if d["card"] >= 0 else a.name
    if d["stage"] == "init":
        if not d["targets"]:
            self_pc = find(st, d["uid"]) if d["uid"] >= 0 else None
            d["targets"] = fixed_targets(st, seat, a.target, self_pc)
        d["targets"] = [t for t in d["targets"] if _valid(st, t)]
        dmg = sum(s.amount for s in a.steps if s.do == "damage")
        d["icpt"] = {}
        d["queue"] = [int(t[1:]) for t in d["targets"]
                      if t.startswith("s") and dmg and asked_to_intercept(st, int(t[1:]))]
        d["opp"] = opposed_players(st, seat, d["targets"]) if d["card"] >= 0 else []
        d["i"], d["j"] = 0, 0
        d["stage"] = "icpt"
    if d["stage"] == "icpt":
        if "answer" in d:
            ans = d.pop("answer")
            s = d["queue"].pop(0)
            d["icpt"][str(s)] = -1 if ans == "absorb" else int(ans[1:])
            if ans != "absorb":
                bp = find(st, int(ans[1:]))
                if bp is not None and bp.cell != "defend":
                    bp.cell, bp.target = "defend", -1
                    ev.append(Event(f"{pname(st, s)} moves {label_piece(st, bp)} into the Defend Cell."))
                ev.append(Event(f"{pname(st, s)} intercepts with {label_piece(st, bp)}."))
        while d["queue"] and not asked_to_intercept(st, d["queue"][0]):
            d["queue"].pop(0)
        if d["queue"]:
            dmg = sum(s.amount for s in a.steps if s.do == "damage")
            ask(st, job, d["queue"][0], "intercept", {"amount": dmg, "what": what})
            return
        d["stage"] = "steps"
    if d["stage"] == "steps":
        if not _run_steps(st, job, a, what, ev):
            return
        deaths(st, ev)
        check_life(st, ev)
        if st.result is not None:
            return
        d["stage"] = "causes"
    if d["stage"] == "causes":
        if not _causes(st, job, what, ev):
            return
        d["stage"] = "after"
    if d["stage"] == "after":
        c = d["card"]
        if "answer" in d:
            ans = d.pop("answer")
            if ans != "dead" and c in st.players[st.owner[c]].dead:
                onto = find(st, int(ans[1:]))
                if onto is not None:
                    st.players[st.owner[c]].dead.remove(c)
                    m = next(f.marking for f in card(st, c).fragments if f.marking in card(st, onto.cards[0]).markings)
                    do_fuse(st, seat, [c], [], onto, f"frag:{m}", ev)
            d["asked"] = True
        if c >= 0 and not d.get("asked") and c in st.players[st.owner[c]].dead and card(st, c).fragments:
            if fragment_asked(st, seat, c):
                ask(st, job, seat, "fragment", {"card": c, "uids": [pc.uid for pc in fragment_hosts(st, seat, c)]})
                return
        if d["rune"] >= 0 and d["keep"]:
            r = d["rune"]
            st.players[st.owner[r]].dead.remove(r)
            st.players[st.owner[r]].hand.append(r)
            ev.append(Event(f"{cname(st, r)} returns to {pname(st, st.owner[r])}'s hand."))
        st.jobs.remove(job)
        respond(st, seat, f"{pname(st, seat)} used {what}", [int(t[1:]) for t in d["targets"] if t.startswith("s")])


def _fragment_base(st: State, seat: int, pc: Piece) -> bool:
    """``pc`` is a piece of ``seat`` that a used card may fuse onto as a fragment, its markings aside
    (MEM-CE-11, MEM-FUS-13): in play or incubating, not a True Fusion, no other player's face-down card in it
    (only its owner may read that, MEM-GAP-24)."""
    return (pc.controller == seat and (in_play(pc) or pc.cell == "incubation") and not pc.true
            and all(st.owner[x] == seat for x in pc.hidden))


def fragment_hosts(st: State, seat: int, c: int) -> list[Piece]:
    """The pieces the used card ``c`` may really fuse onto as a fragment (MEM-CE-11): :func:`_fragment_base`,
    not a Rune, its base card bearing a marking of one of ``c``'s fragments (the true card, face down or not)."""
    return [pc for pc in st.pieces if _fragment_base(st, seat, pc) and kind(st, pc) != "rune"
            and any(f.marking in card(st, pc.cards[0]).markings for f in card(st, c).fragments)]


def fragment_asked(st: State, seat: int, c: int) -> bool:
    """Whether ``seat`` is asked to fuse the used card ``c`` as a fragment (MEM-CE-11, MEM-GAP-20), on public
    information: a piece of theirs (:func:`_fragment_base`) whose face-up base card bears a marking of one of
    ``c``'s fragments, or whose base card is face down, whatever it is; the prompt offers the true hosts
    (:func:`fragment_hosts`), maybe none ("Let it go to the Dead Cell" only)."""
    marks = {f.marking for f in card(st, c).fragments}
    return any(_fragment_base(st, seat, pc) and (face_down(pc) or marks & set(card(st, pc.cards[0]).markings))
               for pc in st.pieces)


def _run_steps(st: State, job: Job, a: Ability, what: str, ev: list[Event]) -> bool:
    """Apply the steps to every target in order; False when waiting on a discard prompt."""
    d = job.data
    seat = d["seat"]
    while d["i"] < len(a.steps):
        s = a.steps[d["i"]]
        while d["j"] < len(d["targets"]):
            t = d["targets"][d["j"]]
            if s.do == "discard":
                tgt = int(t[1:])
                if "answer" in d:
                    ans = d.pop("answer")
                    hand = st.players[tgt].hand
                    if hand:
                        c = -1 if ans == "random" else int(ans[1:])
                        if ans == "random":
                            r = Rng(st.rng)
                            c = hand[r.below(len(hand))]
                            st.rng = r.state
                        hand.remove(c)
                        st.players[st.owner[c]].dead.append(c)
                        ev.append(Event(f"{pname(st, tgt)} discards {cname(st, c)}."))
                    d["left"] = d.get("left", s.amount) - 1
                else:
                    d.setdefault("left", s.amount)
                if d["left"] > 0 and st.players[tgt].hand and not st.players[tgt].out:
                    ask(st, job, tgt, "discard", {"what": what, "left": d["left"]})
                    return False
                d.pop("left", None)
            elif _valid(st, t):
                pc = find(st, int(t[1:])) if t.startswith("p") else None
                if pc is not None and a.target in CREATURE_TARGETS and kind(st, pc) != "creature":
                    if t not in d.setdefault("void", []):  # chosen on public grounds; the rules read the truth
                        d["void"].append(t)
                        ev.append(Event(f"{what} has no effect on {label_piece(st, pc)}: it holds no creature."))
                else:
                    apply_step(st, seat, s.do, s.amount, t, d["icpt"], ev, what)
            d["j"] += 1
        d["j"] = 0
        d["i"] += 1
    return True


def apply_step(st: State, seat: int, do: str, n: int, t: str, icpt: dict[str, int], ev: list[Event],
               what: str = "") -> None:
    """One step on one target (the vocabulary in :mod:`games.memesis.cards`); ``what`` (the card or ability)
    is named as the source of damage in the log."""
    if t.startswith("s"):
        s = int(t[1:])
        p = st.players[s]
        if do == "damage":
            u = icpt.get(str(s), -1)
            blocker = find(st, u) if u >= 0 else None
            if blocker is not None and in_play(blocker):
                hit_piece(st, blocker, n, ev, by=what)  # MEM-GAP-12: one Defend creature takes it in full
            else:
                p.life -= n
                ev.append(Event(f"{what} deals {n} damage to {p.name} (Life {p.life})." if what
                                else f"{p.name} takes {n} damage (Life {p.life})."))
        elif do == "drain":
            p.life -= n
            ev.append(Event(f"{p.name} loses {n} Life (Life {p.life})."))
        elif do == "heal":
            p.life += n
            ev.append(Event(f"{p.name} gains {n} Life (Life {p.life})."))
        elif do == "source":
            p.source += n
            ev.append(Event(f"{p.name} gains {n} source."))
        elif do == "draw":
            draw(st, s, n, ev)
        return
    pc = find(st, int(t[1:]))
    assert pc is not None
    if do == "damage":
        hit_piece(st, pc, n, ev, by=what)
    elif do == "mend":
        pc.damage = max(0, pc.damage - n)
        ev.append(Event(f"{label_piece(st, pc)} recovers {n} Life."))
    elif do == "pump":
        pc.pump += n
        ev.append(Event(f"{label_piece(st, pc)} gets +{n} Attack this turn."))
    elif do == "weaken":
        pc.pump -= n
        ev.append(Event(f"{label_piece(st, pc)} gets -{n} Attack this turn."))
    elif do == "shield":
        pc.shield += max(0, min(n, 3 - armor(st, pc)))
        ev.append(Event(f"{label_piece(st, pc)} gains Armor (now {armor(st, pc)})."))
    elif do == "destroy":
        to_dead(st, pc, ev, "is destroyed")
    elif do == "bounce":
        to_hand(st, pc, ev)
    elif do == "unsource":
        pc.sourced = False
        ev.append(Event(f"{label_piece(st, pc)} is unsourced."))
    elif do == "exhaust":
        pc.sourced = True
        ev.append(Event(f"{label_piece(st, pc)} is sourced (its controller gains nothing)."))


def cause_fusions(st: State, c: int, pc: Piece) -> list[tuple[str, str]]:
    """How Effect card ``c`` could fuse with the Cause card ``pc`` (MEM-CE-09): partners, or a fragment of a
    marking the Cause bears."""
    out: list[tuple[str, str]] = []
    d = card(st, c)
    if d.partner == st.cards[pc.cards[0]]:
        out.append(("true", "True Fusion (partners)"))
    for f in d.fragments:
        if f.marking in card(st, pc.cards[0]).markings:
            out.append((f"frag:{f.marking}", f"Partial Fusion ({f.marking.title()} fragment)"))
    return out


def _causes(st: State, job: Job, what: str, ev: list[Event]) -> bool:
    """MEM-CE-01/02/03/09, MEM-GAP-15/16: one Cause card of each opposing player the Effect was played at is
    destroyed, unless fused with or saved. False while waiting on a prompt."""
    d = job.data
    c = d["card"]
    if c < 0:
        return True
    while True:
        cur = d.get("cur")
        if cur is None:
            if not d["opp"]:
                return True
            s = d["opp"][0]
            causes = [pc.uid for pc in st.pieces if pc.controller == s and is_cause(st, pc)]
            if not causes or st.players[s].out:
                d["opp"].pop(0)
                continue
            if len(causes) == 1:
                d["cur"] = {"uid": causes[0], "stage": "fuse"}
            else:
                if "answer" in d:
                    d["cur"] = {"uid": int(d.pop("answer")[1:]), "stage": "fuse"}
                else:
                    ask(st, job, s, "cause", {"uids": causes, "what": what})
                    return False
            continue
        s = d["opp"][0]
        pc = find(st, cur["uid"])
        if pc is None or not is_cause(st, pc):
            d.pop("cur")
            d["opp"].pop(0)
            continue
        if cur["stage"] == "fuse":
            ways = cause_fusions(st, c, pc) if c in st.players[st.owner[c]].dead else []
            if ways and "answer" not in d:
                ask(st, job, d["seat"], "fuse_cause", {"card": c, "uid": pc.uid, "ways": ways})
                return False
            ans = d.pop("answer", "destroy")
            if ans != "destroy":
                st.players[st.owner[c]].dead.remove(c)
                do_fuse(st, d["seat"], [c], [], pc, ans, ev)
                ev.append(Event(f"{label_piece(st, pc)} is fused, not destroyed."))
                d.pop("cur")
                d["opp"].pop(0)
                continue
            cur["stage"] = "save"
            continue
        if cur["stage"] == "save":
            if st.players[s].hand and "answer" not in d:
                ask(st, job, s, "save", {"uid": pc.uid})
                return False
            ans = d.pop("answer", "let")
            if ans != "let":
                h = int(ans[1:])
                st.players[s].hand.remove(h)
                st.players[st.owner[h]].dead.append(h)
                ev.append(Event(f"{pname(st, s)} discards {cname(st, h)} to save {label_piece(st, pc)}."))
            else:
                to_dead(st, pc, ev, f"is destroyed by {what}")
            d.pop("cur")
            d["opp"].pop(0)


# ---------------------------------------------------------------- combat

def step_combat(st: State, job: Job, ev: list[Event]) -> None:
    """MEM-TRN-04, MEM-CBT-*, MEM-GAP-11/12: declare, a window, interceptions, a window, damage."""
    d = job.data
    seat = st.active
    if d["stage"] == "declare":
        st.phase = "combat"
        atk = [pc for pc in st.pieces if pc.controller == seat and can_attack(st, pc)]
        if not atk:
            st.jobs.remove(job)
            return
        d["attackers"] = [pc.uid for pc in atk]
        ev.append(Event(f"{pname(st, seat)} attacks: " + "; ".join(
            f"{label_piece(st, pc)} ({stats_text(st, pc)}) at {pname(st, pc.target)}" for pc in atk) + "."))
        d["stage"] = "blocks_init"
        respond(st, seat, f"{pname(st, seat)} declared an attack", [pc.target for pc in atk])
        return
    attackers = [pc for u in d["attackers"] if (pc := find(st, u)) is not None and can_attack(st, pc)]
    if d["stage"] == "blocks_init":
        targets = {pc.target for pc in attackers}
        q = []
        for s in [seat] + seat_order(st, seat):
            if s in targets:
                q += [pc.uid for pc in defenders(st, s)]
        d["queue"] = q
        d["stage"] = "blocks"
    if d["stage"] == "blocks":
        if "answer" in d:
            ans = d.pop("answer")
            b = d["queue"].pop(0)
            if ans != "none":
                d["blocks"].append([b, int(ans[1:])])
                bp, ap = find(st, b), find(st, int(ans[1:]))
                ev.append(Event(f"{label_piece(st, bp)} intercepts {label_piece(st, ap)}."))
        while d["queue"]:
            b = find(st, d["queue"][0])
            opts = [pc.uid for pc in attackers if b is not None and pc.target == b.controller]
            if b is None or b.cell != "defend" or not could_intercept(st, b) or not opts:
                d["queue"].pop(0)
                continue
            ask(st, job, b.controller, "block", {"uid": b.uid, "attackers": opts})
            return
        d["stage"] = "damage"
        respond(st, seat, "Combat damage is next", [pc.target for pc in attackers])
        return
    if d["stage"] == "damage":
        hits: list[tuple[Piece, int, bool, str]] = []
        for a in attackers:
            blockers = [bp for b, u in d["blocks"] if u == a.uid and (bp := find(st, b)) is not None
                        and can_defend(st, bp)]
            a.attacked = True
            if blockers:  # MEM-CBT-06/08, MEM-GAP-12: full Attack to each; their Attacks add up
                for bp in blockers:
                    hits.append((bp, attack(st, a), False, label_piece(st, a)))
                    hits.append((a, attack(st, bp), True, label_piece(st, bp)))
            else:  # MEM-CBT-10, MEM-LIFE-03/04
                t = st.players[a.target]
                n = attack(st, a)
                t.life -= n
                ev.append(Event(f"{label_piece(st, a)} deals {n} damage to {t.name} (Life {t.life})."))
        for pc, n, att, by in hits:
            if pc in st.pieces:
                hit_piece(st, pc, n, ev, attacking=att, by=by)
        deaths(st, ev)
        check_life(st, ev)
        if job in st.jobs:
            st.jobs.remove(job)


# ---------------------------------------------------------------- the turn

def step_start(st: State, job: Job, ev: list[Event]) -> None:
    """MEM-TRN-01 steps 1 to 7 for the active player (MEM-GAP-02/03/13)."""
    d = job.data
    seat = st.active
    p = st.players[seat]
    if d["stage"] == "begin":
        st.phase = "start"
        st.turn_choices = 0
        st.turn_life = [q.life for q in st.players]
        st.turn_plays = 0
        p.turns += 1
        p.grants = []
        p.holding = False  # "Pass until my turn" ends here (MEM-GAP-28)
        ev.append(Event(f"— Turn {st.turn}: {p.name} ({'first turn' if p.turns == 1 else f'turn {p.turns}'}) —"))
        mine = [pc for pc in st.pieces if pc.controller == seat]
        for pc in mine:  # 1: regeneration (MEM-REG-01..03, MEM-GAP-13)
            if pc.cell == "incubation":
                continue
            if not (pc.hurt and pc.attacked):
                pc.damage = 0
                pc.hurt = False
            pc.attacked = False
            pc.used = []
        for pc in mine:  # 2: unsource (MEM-SRC-07)
            pc.sourced = False
        p.ammo_used = [False] * len(p.ammo)  # 3: Ammunition recycles (MEM-AMM-04)
        for pc in mine:  # 4: back to the Main Cell (MEM-TRN-02)
            if pc.cell in ("attack", "defend"):
                pc.cell = "main"
                pc.target = -1
        p.source = 1 if p.brain else 0  # 5: MEM-SRC-08
        d["stage"] = "hatch"
    if d["stage"] == "hatch":
        if "answer" in d:
            hatch_answer(st, seat, d, d.pop("answer"), ev)
            d["stage"] = "draw"
            return
        d["stage"] = "draw"
        pc = next((x for x in st.pieces if x.controller == seat and x.cell == "incubation"), None)
        if pc is not None and pc.entered < st.turn:  # MEM-INC-03: the placing turn does not count
            pc.elapsed += 1
            if pc.elapsed >= pc.needed:
                got = hatch(st, job, seat, pc, d, ev)
                if got == "prompt":
                    d["stage"] = "hatch"
                if got:
                    return
    if d["stage"] == "draw":
        if not (len(st.players) == 2 and seat == st.first and p.turns == 1):  # MEM-GAP-03
            draw(st, seat, 1, ev)
        d["stage"] = "ammo"
        if p.ammo:
            ask(st, job, seat, "ammo_take", {})
            return
    if d["stage"] == "ammo":
        if "answer" in d:
            if d.pop("answer") == "take" and p.ammo:
                c = p.ammo.pop()
                p.ammo_used.pop()
                p.hand.append(c)
                ev.append(Event(f"{p.name} takes the top card of their Ammunition Cell into their hand."))
                ev.append(Event(f"You take {cname(st, c)} from Ammunition.", (seat,)))
        st.jobs.remove(job)
        st.phase = "main"


def hatch(st: State, job: Job, seat: int, pc: Piece, d: dict[str, Any], ev: list[Event]) -> str:
    """The incubating ``pc`` has matured (MEM-INC-06, MEM-CE-13, MEM-RUN-11, MEM-GAP-02). ``"prompt"``
    when a prompt now waits (a Rune to attach, an Effect's target), ``"job"`` when the Effect resolves now,
    else ``""``. A Rune is placed by its owner, whoever's Incubation Cell it matured in (MEM-RUN-02, issue 26
    §3), and stays in that Cell until placed, so it is always in exactly one place. A face-down card, a Rune
    included, stays in Stealth and comes into the Main Cell like any other (MEM-INC-06, MEM-STL-07): were a
    face-down Rune's owner asked where to place it, everyone would know it was a Rune (MEM-GAP-20)."""
    k = kind(st, pc)
    c = pc.cards[0]
    if k == "rune" and not pc.hidden:
        owner = st.owner[c]
        d["hatch"] = {"rune": c, "down": False, "uid": pc.uid}
        ev.append(Event(f"{pname(st, seat)}'s incubating {cname(st, c)} hatches."))
        # whether the owner is asked must not tell which of their face-down cards bear its marking: they are
        # asked whenever one of them could (issue 26 §1); "Send it to the Dead Cell" is always an option
        could = any(not h.hidden for h in rune_hosts(st, owner, c)) or any(
            h is not pc and any(st.owner[x] == owner for x in h.hidden) for h in st.pieces)
        if not st.players[owner].out and could:
            ask(st, job, owner, "attach", {"rune": c})
            return "prompt"
        del d["hatch"]
        st.pieces.remove(pc)
        st.players[owner].dead.append(c)
        ev.append(Event(f"{cname(st, c)} has no card to attach to and goes to the Dead Cell."))
        return ""
    if k == "effect" and not pc.hidden:
        st.pieces.remove(pc)
        st.players[st.owner[c]].dead.append(c)
        if pc.rune >= 0:  # MEM-CE-08, MEM-RUN-06: its Rune goes too, to the Rune owner's Dead Cell
            st.players[st.owner[pc.rune]].dead.append(pc.rune)
        d["hatch"] = {"effect": c, "on_rune": pc.rune}
        a = effect_ability(st, c, pc.rune)
        tg = target_choices(st, seat, a, None)
        ev.append(Event(f"{pname(st, seat)}'s incubating {cname(st, c)} hatches and works."))
        if not tg:
            ev.append(Event(f"{cname(st, c)} has no target and goes to the Dead Cell."))
            return ""
        if tg == ["-"]:
            start_resolve(st, seat, c, -1, a, [], -1, False)
            return "job"
        ask(st, job, seat, "hatch_target", {"card": c})
        return "prompt"
    pc.cell = "main"
    pc.entered = st.turn
    pc.hatched = st.turn
    pc.placed_by = -1  # MEM-ALY-04: it incubated here, so it may attack from the next turn
    ev.append(Event(f"{pname(st, seat)}'s incubating {label_piece(st, pc)} hatches into the Main Cell."))
    return ""


def hatch_answer(st: State, seat: int, d: dict[str, Any], ans: str, ev: list[Event]) -> None:
    h = d.pop("hatch", {})
    if "rune" in h:
        r = h["rune"]
        owner = st.owner[r]  # the prompt was its owner's (MEM-RUN-02)
        pc = find(st, h["uid"]) if "uid" in h else None
        if "uid" in h:  # it waited in its Incubation Cell (a state saved before: in no Cell)
            if pc is None or r not in pc.cards:
                return  # it left with its Cell's player (MEM-GAP-05)
            st.pieces.remove(pc)
        host = find(st, int(ans[1:])) if ans != "dead" else None
        if host is None or st.players[owner].out:
            st.players[owner].dead.append(r)
            ev.append(Event(f"{cname(st, r)} goes to the Dead Cell."))
        else:
            attach_rune(st, owner, r, host, ev, hidden=h["down"])  # free: MEM-RUN-11
            respond(st, owner, f"{pname(st, owner)} placed a Rune")
    elif "effect" in h:
        c = h["effect"]
        start_resolve(st, seat, c, -1, effect_ability(st, c, h.get("on_rune", -1)), [ans], -1, False)


def turn_summary(st: State) -> str:
    """The one-line summary of the turn ending (issue 27 §6): the cards the active player put into play, each
    player's Life change this turn, and everyone's Life (or out)."""
    n = st.turn_plays
    parts = [f"{n} card{'s' if n != 1 else ''} played"]
    if len(st.turn_life) == len(st.players):
        for q, was in zip(st.players, st.turn_life, strict=True):
            if q.life != was:
                parts.append(f"{q.name} {'+' if q.life > was else '−'}{abs(q.life - was)} Life")
    now = ", ".join(f"{q.name} out" if q.out else f"{q.name} {q.life}" for q in st.players)
    return f"End of {pname(st, st.active)}'s turn: " + " · ".join(parts) + f" · Life: {now}."


def step_endturn(st: State, job: Job, ev: list[Event]) -> None:
    """MEM-TRN-05, MEM-GAP-03: the turn passes clockwise, after its one-line summary; the stall limit is
    counted per round."""
    st.jobs.remove(job)
    if not st.players[st.active].out:  # one knocked out in their own turn was said to be out already
        ev.append(Event(turn_summary(st)))
    for pc in st.pieces:
        pc.pump = 0
    n = len(st.players)
    order = seat_order(st, st.active)
    if not order:
        return
    nxt = order[0]
    if (nxt - st.first) % n <= (st.active - st.first) % n:
        st.round += 1
        if all(not st.players[s].brain for s in alive(st)):
            st.stall = STALL_ROUNDS if st.stall < 0 else st.stall - 1
            if st.stall <= 0:
                stall_end(st, ev)
                return
            ev.append(Event(f"Every Brain Cell is empty: {st.stall} round{'s' if st.stall > 1 else ''} left before "
                            "the stall limit."))
    st.turn += 1
    st.active = nxt
    st.jobs.append(Job("start", {"stage": "begin"}))


def stall_end(st: State, ev: list[Event]) -> None:
    """The stall limit (``game.py`` docstring): the team with the most Life still in wins; equal Life draws."""
    totals: dict[int, int] = {}
    for s in alive(st):
        totals[st.players[s].team] = totals.get(st.players[s].team, 0) + st.players[s].life
    best = max(totals.values())
    top = [t for t, v in totals.items() if v == best]
    if len(top) == 1:
        finish(st, top[0], "stall", ev)
    else:
        finish_draw(st, sorted(top), ev, "stall")


def step_rune_return(st: State, job: Job, ev: list[Event]) -> None:
    """MEM-RUN-07, MEM-GAP-32: pay 1 source to take the Rune back to hand, in the turn its card died."""
    d = job.data
    s, r = d["seat"], d["rune"]
    p = st.players[s]
    if "answer" in d:
        st.jobs.remove(job)
        if d["answer"] == "pay" and r in p.dead and p.source >= 1:
            p.source -= 1
            p.dead.remove(r)
            p.hand.append(r)
            ev.append(Event(f"{p.name} pays 1 source and returns {cname(st, r)} to their hand."))
        return
    if r not in p.dead or p.source < 1 or p.out:
        st.jobs.remove(job)
        return
    ask(st, job, s, "rune_return", {"rune": r})


STEPS = {"resolve": step_resolve, "combat": step_combat, "start": step_start, "endturn": step_endturn,
         "rune_return": step_rune_return}


def ask(st: State, job: Job, seat: int, kind_: str, data: dict[str, Any]) -> None:
    """Open a prompt for ``seat`` that ``job`` waits on (the answer goes to that job)."""
    st.prompt = Prompt(seat, kind_, {**data, "_job": st.jobs.index(job)})


def _answer(st: State, pr: Prompt, choice: str, ev: list[Event]) -> None:
    """Hand a prompt's answer to the job waiting on it."""
    st.jobs[pr.data["_job"]].data["answer"] = choice

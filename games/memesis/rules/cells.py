"""Memesis cards, pieces and Cells (rulebook Section 0, Layout and Flow; Section 2, Creature Cards): the
game's constants; looking cards, pieces and seats up; what a piece is (face down, fused, its kind, its Attack,
Life and Armor with its upgrades, what the table sees of it, its abilities); moving cards between the Brain
Cell, hand, Cells and Dead Cell and paying source; labels in player words; the targets an ability may choose;
the prompts jobs wait on and the response windows (MEM-TRN-07). Imports ``games.core``, ``cards``, ``pool``
and ``state`` only."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core.contract import Event, RulesError

from ..cards import CHOSEN, MARKINGS, Ability, Card, Upgrade
from ..pool import card_pool
from ..state import CELLS_IN_PLAY, Job, Piece, Prompt, State

START_LIFE = 20  # MEM-LIFE-01


OPENING_HAND = 7  # MEM-LIFE-02


DRAW_COST = 5  # MEM-DRW-01


STALL_ROUNDS = 5  # the stall limit (``games/memesis/game.py`` docstring, MEM-GEN-04)


CELL_NAMES = {"main": "Main Cell", "attack": "Attack Cell", "defend": "Defend Cell",
              "incubation": "Incubation Cell"}


def card(st: State, i: int) -> Card:
    """The definition of card number ``i``."""
    return card_pool()[st.cards[i]]


def cname(st: State, i: int) -> str:
    """The name of card number ``i`` (the true card: callers decide whether it may be shown)."""
    return card(st, i).name


def find(st: State, uid: int) -> Piece | None:
    """The piece with ``uid`` (in play or incubating), or ``None`` when it has left."""
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
    """The name of the player in ``seat``."""
    return st.players[seat].name


def first_turn(st: State, seat: int) -> bool:
    """MEM-TRN-06, MEM-GAP-04: the player's own first turn."""
    return st.players[seat].turns <= 1


def face_down(pc: Piece) -> bool:
    """The piece shows as a face-down card: its base card is hidden (MEM-STL-03)."""
    return pc.cards[0] in pc.hidden


def fused(pc: Piece) -> bool:
    """The piece is a fused group or carries Partial Fusion fragments (MEM-CE-10)."""
    return len(pc.cards) > 1 or bool(pc.partials)


def kind(st: State, pc: Piece) -> str:
    """``creature`` when the group holds a creature, else the base card's kind; ``fused`` for a fused group
    of Cause/Effect cards (they are no longer Cause or Effect cards, MEM-CE-10)."""
    if len(pc.cards) == 1:  # the common case, asked for every piece in every listing
        k = card_pool()[st.cards[pc.cards[0]]].kind
        return k if k == "creature" or not pc.partials else "fused"
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
    """Full Life of ``pc``: its cards' printed Life plus upgrades, at least 1."""
    return max(1, sum(card(st, c).life for c in pc.cards) + sum(u.life for u in upgrades(st, pc)))


def life(st: State, pc: Piece) -> int:
    """Life left: :func:`max_life` less the damage taken since it last regenerated (MEM-REG-01)."""
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
    secret = secret_members(st, pc, viewer) if pc.hidden else None
    if not secret:  # attack(), life(), max_life() and armor(), the cards and upgrades read once (every view)
        pool, cards = card_pool(), st.cards
        a = lf = ar = 0
        for c in pc.cards:
            d = pool[cards[c]]
            a += d.attack
            lf += d.life
            ar += d.armor
        for u in upgrades(st, pc):
            a += u.attack
            lf += u.life
            ar += u.armor
        full = max(1, lf)
        return max(0, a + pc.pump), full - pc.damage, full, max(0, min(3, ar + pc.shield) - pc.hits)
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
    """Every card in ``pc``: its cards, Partial-Fusion fragments and Rune."""
    return pc.cards + pc.partials + ([pc.rune] if pc.rune >= 0 else [])


def can_attack(st: State, pc: Piece) -> bool:
    """A creature in the Attack Cell that actively attacks now (MEM-CBT-03/04/11, MEM-GAP-02, MEM-ALY-04)."""
    return (pc.cell == "attack" and kind(st, pc) == "creature" and not face_down(pc) and not pc.sourced
            and pc.hatched != st.turn and pc.placed_by < 0 and pc.target >= 0
            and not st.players[pc.target].out)


def can_defend(st: State, pc: Piece) -> bool:
    """A creature in the Defend Cell able to intercept (MEM-CBT-03/04/11), judged on the true cards: whether it
    may really block (:func:`games.memesis.rules.prompt_decision`, the damage step)."""
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
    """A new piece of ``cards`` in ``controller``'s ``cell``, face down when ``down``, entered this turn."""
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
    """``seat`` pays ``n`` source; :class:`RulesError` citing ``rule`` (nothing paid) when it has less."""
    p = st.players[seat]
    if n > p.source:
        raise RulesError(rule, f"That costs {n} source and you have {p.source}: source or consume cards first.")
    p.source -= n


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
    """Target ``t`` in words for ``viewer``: a player (``s<seat>``) by name, a piece (``p<uid>``) by its label."""
    if t.startswith("s"):
        return pname(st, int(t[1:]))
    pc = find(st, int(t[1:]))
    return label_piece(st, pc, viewer) if pc else t


def in_play(pc: Piece) -> bool:
    """Whether ``pc`` is in the Main, Attack or Defend Cell (not incubating)."""
    return pc.cell in CELLS_IN_PLAY


CREATURE_TARGETS = frozenset({"creature", "opposing_creature", "own_creature", "ally_creature",
                              "all_opposing_creatures", "all_creatures"})
"""Targets naming creatures: judged on public information, checked against the true cards when resolving."""


def creatures(st: State) -> list[Piece]:
    """Face-up pieces in play that may be creatures for all anyone but their owner knows (targets of card
    abilities, :func:`may_be_creature`, MEM-GAP-20): which cards may be targeted, and so who holds a usable
    ability, never tells a face-down card's kind. One that holds no creature is not affected
    (``effects._run_steps``)."""
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


def open_window(st: State) -> Job | None:
    """The response window waiting on its first seat, when the top job is one (MEM-TRN-07)."""
    if st.jobs and st.jobs[-1].kind == "window" and st.jobs[-1].data["queue"]:
        return st.jobs[-1]
    return None


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


def ask(st: State, job: Job, seat: int, kind_: str, data: dict[str, Any]) -> None:
    """Open a prompt for ``seat`` that ``job`` waits on (the answer goes to that job)."""
    st.prompt = Prompt(seat, kind_, {**data, "_job": st.jobs.index(job)})

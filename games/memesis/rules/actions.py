"""Memesis actions: every legal action of a card in hand or a piece in play, as a path of short components
(``rules.py``'s docstring says how a decision is built from them), and the legality behind them: sourcing
(Section 1), consuming, moving between Cells (MEM-GAP-10), face up or in Stealth (Section 6), abilities
(MEM-CE-06). Imports ``cells``, ``fusion``, ``runes`` and below."""

from __future__ import annotations

from collections.abc import Iterator

from games.core.contract import Option
from games.core.labels import ordinal

from ..cards import Ability
from ..pool import card_pool
from ..state import Piece, State
from .cells import (
    CELL_NAMES,
    abilities,
    ability_cost,
    allies,
    card,
    cname,
    face_down,
    find,
    first_turn,
    fused,
    group_cost,
    in_play,
    kind,
    label_piece,
    label_target,
    opposing,
    pname,
    target_choices,
)
from .fusion import fusion_ways
from .runes import rune_hosts


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
    """Whether a combat is under way (its job is queued: attacks declared, damage not yet dealt)."""
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
    (``main``) or an ally's (``main@<seat>``), as for any card (MEM-STL-01, MEM-ALY-02, MEM-GAP-20: a face-down
    card into an ally's Main Cell must not show it is a creature or Cause card)."""
    return [("main", "into your Main Cell")] + [(f"main@{a}", f"into {pname(st, a)}'s Main Cell")
                                                 for a in allies(st, seat)]


def hand_actions(st: State, seat: int, c: int, window: bool) -> list[Act]:
    """Every legal action with hand card ``c`` of ``seat`` now (see ``rules.py``'s docstring)."""
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
    return list(_piece_actions(st, seat, pc, window))


def has_piece_action(st: State, seat: int, pc: Piece, window: bool) -> bool:
    """Whether :func:`piece_actions` is not empty: the same walk, stopped at its first action (a menu lists a
    piece only when it can do something; building every label of every piece for that cost the most)."""
    return next(_piece_actions(st, seat, pc, window), None) is not None


def _piece_actions(st: State, seat: int, pc: Piece, window: bool) -> Iterator[Act]:
    p = st.players[seat]
    own = st.active == seat and not window and st.phase == "main"
    mine = pc.controller == seat
    k = kind(st, pc)
    if mine and pc.cell == "incubation":
        if pc.rune >= 0 and st.owner[pc.rune] == seat and p.source >= 1:
            yield ("unrune",), ("Remove its Rune to your hand (1 source)",)
        return
    mine_hidden = [c for c in pc.hidden if st.owner[c] == seat]
    if mine_hidden and in_play(pc):
        if k == "rune" and len(pc.cards) == 1:
            hosts = [h for h in rune_hosts(st, seat, pc.cards[0]) if h is not pc]
            for h in hosts:
                yield ("upturn", f"p{h.uid}"), ("Upturn it", f"and attach it to {label_piece(st, h, seat)}")
            yield ("upturn", "dead"), ("Upturn it", "with nowhere to attach: it goes to the Dead Cell")
            for h in hosts:  # MEM-STL-07: the first placement of a Stealth Rune costs nothing
                yield ("attach", f"p{h.uid}"), ("Attach it face down (free)", f"to {label_piece(st, h, seat)}")
        elif k == "effect" and not fused(pc):
            a = card(st, pc.cards[0]).abilities[0]
            for t in target_choices(st, seat, a, None):
                yield ("upturn", t), ("Upturn it: the Effect works",
                                      "no target to choose" if t == "-" else f"at {label_target(st, t, seat)}")
        else:
            yield ("upturn",), ("Upturn it",)
    if mine and in_play(pc):
        if may_source(st, seat, pc):
            yield ("source",), ("Source it (+1 source)",)
        if may_consume(st, seat, pc):
            v = group_cost(st, pc)
            yield ("consume", "life"), ("Consume it", f"gain {v} Life")
            yield ("consume", "source"), ("Consume it", f"gain {v} source")
        for dest, dl in move_dests(st, seat, pc, window):
            yield ("move", dest), ("Move it", dl)
        for i, (a, c) in enumerate(abilities(st, pc)):
            if not ability_ok(st, seat, pc, i, a, c, window):
                continue
            for t in target_choices(st, seat, a, pc):
                yield (f"use:{i}", t), (f"Use {a.name}: {a.describe()}",
                                        "no target to choose" if t == "-" else f"at {label_target(st, t, seat)}")
        if own and len(pc.cards) <= 3 and k != "rune":
            for onto, how, hl in fusion_ways(st, seat, pc.cards, pc):
                yield ("fuse", f"p{onto.uid}", how), ("Fuse it", f"onto {label_piece(st, onto, seat)}", hl)
        if all(st.owner[c] == seat for c in pc.cards + pc.partials):
            yield ("ammo",), ("Put it face down into your Ammunition Cell",)
    if pc.rune >= 0 and st.owner[pc.rune] == seat and p.source >= 1:
        yield ("unrune",), ("Remove your Rune from it to your hand (1 source)",)


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


def has_thing_action(st: State, seat: int, ref: str, window: bool) -> bool:
    """Whether :func:`thing_actions` is not empty, for a piece stopped at its first action."""
    if ref.startswith("p"):
        try:
            pc = find(st, int(ref[1:]))
        except ValueError:
            return False
        return pc is not None and has_piece_action(st, seat, pc, window)
    return bool(thing_actions(st, seat, ref, window))


_HAND_OPTIONS: dict[tuple[int, str, str, int], Option] = {}
"""(card number, card id, name, copy of that name) -> the menu option of that hand card (:func:`things`): a hand
changes little from one decision to the next, and a menu lists every card in it."""


def things(st: State, seat: int) -> list[Option]:
    """The hand cards and pieces ``seat`` might act with, as options: ``h<card>`` labelled "Name (hand)" and
    ``p<uid>`` labelled as the piece with its Cell, each with the card ids ``seat`` may see."""
    out: list[Option] = []
    seen: dict[str, int] = {}  # copies of one card get "2nd", "3rd" (labels told apart), cheaper than relabelling later
    pool = card_pool()
    cards = st.cards
    for c in st.players[seat].hand:
        cid = cards[c]
        name = pool[cid].name
        k = seen[name] = seen.get(name, 0) + 1
        key = (c, cid, name, k)
        o = _HAND_OPTIONS.get(key)
        if o is None:
            if len(_HAND_OPTIONS) >= 65536:
                _HAND_OPTIONS.clear()
            o = _HAND_OPTIONS[key] = Option(f"h{c}", f"{name} (hand)" if k == 1 else f"{name} (hand, {ordinal(k)})",
                                            (cid,))
        out.append(o)
    for pc in st.pieces:
        if pc.controller == seat or any(st.owner[c] == seat for c in pc.hidden) or (
                pc.rune >= 0 and st.owner[pc.rune] == seat):
            where = CELL_NAMES[pc.cell]
            if pc.controller != seat:
                where = f"{pname(st, pc.controller)}'s {where}"
            ids = tuple(st.cards[c] for c in pc.cards if c not in pc.hidden or st.owner[c] == seat)
            out.append(Option(f"p{pc.uid}", f"{label_piece(st, pc, seat)} ({where})", ids))
    return out

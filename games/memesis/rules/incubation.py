"""Memesis Incubation (rulebook Section 0, the Incubation Cell; MEM-INC-*): placing cards to incubate and
hatching them at the start of their owner's turn, with the Rune to attach or the Effect's target to choose.
Imports ``cells``, ``runes``, ``effects`` and below."""

from __future__ import annotations

from typing import Any

from games.core.contract import Event

from ..state import Job, Piece, State
from .cells import (
    ask,
    card,
    cname,
    find,
    kind,
    label_piece,
    new_piece,
    pname,
    respond,
    target_choices,
    to_hand,
)
from .effects import effect_ability, start_resolve
from .runes import attach_rune, rune_hosts


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


def hatch(st: State, job: Job, seat: int, pc: Piece, d: dict[str, Any], ev: list[Event]) -> str:
    """The incubating ``pc`` has matured (MEM-INC-06, MEM-CE-13, MEM-RUN-11, MEM-GAP-02). ``"prompt"``
    when a prompt now waits (a Rune to attach, an Effect's target), ``"job"`` when the Effect resolves now,
    else ``""``. A Rune is placed by its owner, whoever's Incubation Cell it matured in (MEM-RUN-02, MEM-GAP-27),
    and stays in that Cell until placed, so it is always in exactly one place. A face-down card, a Rune
    included, stays in Stealth and comes into the Main Cell like any other (MEM-INC-06, MEM-STL-07): were a
    face-down Rune's owner asked where to place it, everyone would know it was a Rune (MEM-GAP-20)."""
    k = kind(st, pc)
    c = pc.cards[0]
    if k == "rune" and not pc.hidden:
        owner = st.owner[c]
        d["hatch"] = {"rune": c, "down": False, "uid": pc.uid}
        ev.append(Event(f"{pname(st, seat)}'s incubating {cname(st, c)} hatches."))
        # whether the owner is asked must not tell which of their face-down cards bear its marking: they are
        # asked whenever one of them could (MEM-GAP-20); "Send it to the Dead Cell" is always an option
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
    """Carry out the answer to a hatching's prompt: attach the Rune (or send it to the Dead Cell), or aim the
    hatched Effect card at the chosen target."""
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

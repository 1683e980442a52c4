"""Memesis Rune cards (rulebook Section 5, Rune Cards and Upgrading): the pieces a Rune may go on, attaching
one, and the payment that takes a Rune back to hand when its card dies (MEM-RUN-07, MEM-GAP-32). Imports
``cells`` and below."""

from __future__ import annotations

from games.core.contract import Event

from ..state import Job, Piece, State
from .cells import ask, card, cname, kind, label_piece, markings, pname


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
            continue  # its markings depend on a card only its owner may see (MEM-STL-03, MEM-GAP-20)
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

"""MetaZoo with 3 or 4 Casters: a Caster leaving a game that goes on (MZ-GAP-12, MZ-WIN-01, MZ-WIN-05).

:func:`games.metazoo.rules.ending.check_end` calls :func:`eliminate` when Casters reach 0 LP while at least two
Casters stay in the game, then raises :class:`games.metazoo.rules.pages.Eliminated`; ``rules.apply_choice`` catches it
and calls :func:`resume`, which picks the flow up where the leaving interrupted it. The rest of the
multi-Caster rules (turns, priority and windows clockwise, every opponent as a target) live in the chapters
through :func:`games.metazoo.rules.pages.clockwise`, :func:`~games.metazoo.rules.pages.other` (the next Caster
clockwise) and :func:`~games.metazoo.rules.pages.opponents`. Imports the chapters up to :mod:`games.metazoo.rules.turn`.
"""

from __future__ import annotations

from games.core.contract import Event

from ..state import State
from . import chain, pages, status, turn, zones


def eliminate(st: State, seats: list[int], ev: list[Event], why: str = "") -> None:
    """MZ-GAP-12: ``seats`` (at 0 LP, a bluff or a concession; ``why`` words the log line) lose and leave. Pages of others they control return to their owners'
    control; every Page they own leaves the Arena and the game (``State.gone``: not Destroyed, no DESTROYED
    Effect); their chain entries are removed (a Contracted Page of theirs leaves the game too); they leave
    every priority window and Combat they were part of. The turn flow is resumed by :func:`resume`."""
    for p in seats:
        st.out.append(p)
        st.casters[p].aura.clear()
        what = f"{why} and leaves" if why else "is at 0 LP: they lose and leave"
        ev.append(Event(f"{st.casters[p].name} {what} the game."))
    gone = set(st.out)
    while True:
        for ap in st.arena:
            if ap.controller in gone and st.owner[ap.card] not in gone:
                ap.controller = st.owner[ap.card]
                ev.append(Event(f"{pages.label(st, ap)} returns to its owner's control."))
        leaving = next((ap for ap in st.arena if st.owner[ap.card] in gone), None)
        if leaving is None:
            break
        ev.append(Event(f"{pages.label(st, leaving)} leaves the game with its owner."))
        zones.leave_arena(st, leaving, ev, destroyed=False, to="gone")
    kept: list[int] = []
    for i, it in enumerate(st.chain):
        if it.controller in gone:
            if it.kind == "contract":
                st.gone.append(it.card)
        else:
            kept.append(i)
    if len(kept) < len(st.chain):
        where = {old: new for new, old in enumerate(kept)}
        chain = [st.chain[i] for i in kept]
        for it in chain:  # a stopping entry whose target left stops nothing
            if it.chain_target >= 0:
                it.chain_target = where.get(it.chain_target, -1)
        st.chain = chain
        ev.append(Event("Their entries leave the chain."))
    st.window = [q for q in st.window if q not in gone]
    st.queue = [i for i in st.queue if not (i.startswith("poison:p") and int(i[8:]) in gone)]
    cb = st.combat
    if cb is not None:
        att = pages.find(st, cb.attacker)
        tgt_seat = -1 - cb.target if cb.target < 0 else (
            pages.find(st, cb.target).controller if pages.find(st, cb.target) else -1)
        if att is None or att.controller in gone or tgt_seat in gone or tgt_seat < 0:
            st.combat = None
            ev.append(Event("The Combat ends: a Caster in it left the game."))


def resume(st: State, ev: list[Event]) -> None:
    """Go on after Casters left (MZ-GAP-12), until the game waits for a decision. If the leaving Caster was
    active, their turn ends at once: the rest of the chain is ended (each Contracted Page to its owner's zone,
    like a stopped Contract, MZ-GAP-16) and the next Caster clockwise begins. Otherwise a chain being resolved
    goes on resolving, and the step that was interrupted goes on (the ticks of step 1a or 3b, a window, the
    Take Actions step). Another Caster leaving on the way is handled the same way."""
    while True:
        try:
            _resume(st, ev)
            return
        except pages.Ended:
            return
        except pages.Eliminated:
            continue


def _resume(st: State, ev: list[Event]) -> None:
    st.passes = 0
    st.pending = None
    if st.active in st.out:
        for it in st.chain:
            if it.kind == "contract":
                zones.discard_zone(st, it.card).append(it.card)
        st.chain = []
        _clear_asks(st)
        st.combat = None
        st.window = []
        st.queue = []
        turn.begin_turn(st, pages.other(st, st.active), ev)
        return
    if st.ask and (st.priority in st.out or st.priority < 0):
        _clear_asks(st)
    if st.ask:
        return
    if st.chain:
        chain.resolve_chain(st, ev)
        if st.ask:
            return
        if st.combat is None or st.window:
            turn.continue_flow(st, ev)
            return
    if st.step == "ticks":
        st.window = []
        turn.open_window(st, "start", pages.clockwise(st, st.active))
        return
    if st.step == "end_ticks":
        st.queue = status.end_items(st)
        turn.run_queue(st, ev)
        return
    if st.step == "order":
        turn.run_queue(st, ev)
        return
    if st.step in ("start", "end") and st.window:
        st.priority = st.window[0]
        return
    if st.step == "start":
        turn.after_start(st, ev)
        return
    if st.step == "end":
        turn.after_end(st, ev)
        return
    if st.step == "burrow":
        if st.window:
            st.priority = st.window[0]
        else:
            turn.open_window(st, "start", pages.clockwise(st, st.active))
        return
    if st.combat is not None and st.priority not in st.out and st.priority >= 0:
        return  # the Combat waits on a Caster still in the game
    st.combat = None
    st.step = "actions"
    st.window = []
    st.priority = st.active


def _clear_asks(st: State) -> None:
    """Drop a pause prompt whose Caster left: Index Pages go back on top of their owner's Spellbook, flipped
    Traps not yet paid go to their owners' Afterlife (not paid, MZ-GAP-60), paid ones to their zones."""
    for card in st.asked:
        st.casters[st.owner[card]].spellbook.insert(0, card)
    for f in st.flips:
        card = int(f.split(":")[0])
        st.casters[st.owner[card]].afterlife.append(card)
    for card in st.paid:
        zones.discard_zone(st, card).append(card)
    st.asked, st.flips, st.paid = [], [], []
    st.ask = ""

"""Memesis turn (rulebook Section 0, Layout and Flow; MEM-TRN-01): the start of a turn (regeneration,
unsourcing, Ammunition, incubation, the draw), its end with the turn summary, and the stall limit. Imports
``cells``, ``combat``, ``incubation`` and below."""

from __future__ import annotations

from games.core.contract import Event

from ..state import Job, State
from .cells import STALL_ROUNDS, alive, ask, cname, draw, pname, seat_order
from .combat import finish, finish_draw
from .incubation import hatch, hatch_answer


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


def turn_summary(st: State) -> str:
    """The one-line summary of the turn ending: the cards the active player put into play, each
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

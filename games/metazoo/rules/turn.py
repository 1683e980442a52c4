"""MetaZoo rules, checklist §2 (set-up and mulligan, MZ-SETUP-01..05) and §3 (turn steps, MZ-TURN-01..16):
dealing, mulligans, the start of a turn (step 1a ticks, burrowing, Special Terra, the turn's 4th Wall
reading), the fixed windows of steps 1b and 3a, the end-of-turn queue and the turn cap (MZ-GAP-73); and
:func:`continue_flow`, where a step goes on once a window or chain is done. Imports the lower chapters:
pages, ending, aura, zones, terra, status, chain, combat.
"""

from __future__ import annotations

from games.core.contract import Event

from ..state import ArenaPage, State
from .aura import dissolve
from .chain import run_steps
from .combat import begin_defend, strike
from .ending import check_end, finish
from .pages import (
    caster_lp,
    clockwise,
    defs_of,
    find,
    has_status,
    label,
    max_lp,
    other,
    shuffle,
    traits,
    untargeted,
)
from .status import end_items, end_ticks, item_label, resolve_end_item, start_ticks
from .terra import wall_begin
from .zones import bookmark

OPENING = 7  # MZ-SETUP-03
TURN_CAP = 500  # never reached: Spellbooks run out long before (MZ-EMPTY-02 ends it as a draw)


def run_queue(st: State, ev: list[Event]) -> None:
    """MZ-SIM-01, MZ-SIM-05, MZ-GAP-79: while two or more items still apply, the active Caster picks the next
    one (step ``order``; a timeout takes the first listed); the last one resolves by itself; then the turn
    ends (step 3c-3d)."""
    st.queue = [i for i in st.queue if item_label(st, i) is not None]
    if len(st.queue) >= 2:
        st.step = "order"
        st.priority = st.active
        st.window = []
        return
    while st.queue:  # each item leaves the queue before it resolves (a Caster may leave inside, MZ-GAP-12)
        resolve_end_item(st, st.queue.pop(0), ev)
    dissolve(st, ev, "step 3c")
    begin_turn(st, other(st, st.active), ev)


def begin_turn(st: State, p: int, ev: list[Event]) -> None:
    """Start of turn (MZ-TURN-01, MZ-TURN-02): the last turn's summary line, step 1a ticks, then the fixed
    window 1b."""
    if st.turn >= 1:
        ev.append(Event(turn_summary(st)))
    st.tally = {"lp": [caster_lp(c) for c in st.casters]}
    st.turn += 1
    st.active = p
    st.casters[p].aura_played = False
    for ap in st.arena:
        if "used" in ap.flags:
            ap.flags.remove("used")
    ev.append(Event(f"— Turn {st.turn}: {st.casters[p].name} —"))
    if st.turn > TURN_CAP:
        finish(st, (), (), "turn_cap", "The turn limit is reached: the game is a draw.", ev, draw=True)
    if wall_begin(st, ev):  # MZ-GAP-69: the turn's sky first; 4th Wall questions wait in step "sky"
        return
    step_1a(st, ev)


def turn_summary(st: State) -> str:
    """The turn that ends in one line of the log: "Turn 4 (Ana): 2 Contracts, 1 Attack, 1 Page Destroyed;
    Ben 1000 → 940 LP." Casters who left during the turn are not listed."""
    t = st.tally
    bits = []
    for key, one, many in (("contracts", "Contract", "Contracts"), ("attacks", "Attack", "Attacks"),
                           ("destroyed", "Page Destroyed", "Pages Destroyed")):
        n = t.get(key, 0)
        if n:
            bits.append(f"{n} {one if n == 1 else many}")
    did = ", ".join(bits) or "no Contract or Attack"
    start = t.get("lp", [])
    moved = [f"{c.name} {start[p]} → {caster_lp(c)} LP" for p, c in enumerate(st.casters)
             if p < len(start) and p not in st.out and start[p] != caster_lp(c)]
    return f"Turn {st.turn} ({st.casters[st.active].name}): {did}" + (f"; {', '.join(moved)}" if moved else "") + "."


def step_1a(st: State, ev: list[Event]) -> None:
    """The rest of step 1a once the turn's sky is settled: ticks, Special Terra, Defender, Burrow, then 1b."""
    p = st.active
    st.step = "ticks"  # where a Caster leaving during the ticks resumes (MZ-GAP-12)
    start_ticks(st, ev)
    special_terra(st, "start", ev)  # MZ-TERRA-09
    for ap in st.arena:  # MZ-DEFENDERTRAIT-01, MZ-GAP-52: double after all other modifiers, on opposing turns
        if ap.controller != p and "defender" in traits(st, ap):
            bonus = max_lp(st, ap)
            ap.gain += bonus
            ap.flags.append(f"defender:{bonus}")
            ev.append(Event(f"Defender: {label(st, ap)}'s maximum LP doubles to {max_lp(st, ap)}."))
    check_end(st, ev)
    burrowers = [q for q in clockwise(st, p) if burrow_candidates(st, q)]
    if burrowers:  # MZ-BURROW-01, MZ-GAP-26: each Caster in turn, active first, at the end of step 1a
        st.step = "burrow"
        st.window = burrowers
        st.priority = burrowers[0]
        return
    open_window(st, "start", clockwise(st, p))


def burrow_candidates(st: State, q: int) -> list[ArenaPage]:
    """Face-up Burrow Beasties ``q`` controls that are not burrowed yet (MZ-BURROW-01)."""
    return [ap for ap in st.arena if ap.controller == q and not ap.face_down and "burrow" in traits(st, ap)
            and "burrowed" not in ap.flags]


def open_window(st: State, step: str, seats: list[int]) -> None:
    st.step = step
    st.window = list(seats)
    st.priority = seats[0]


def after_start(st: State, ev: list[Event]) -> None:
    """Steps 1c-1e (MZ-TURN-03/04/05), then Take Actions."""
    p = st.active
    bookmark(st, p, ev, "step 1c")
    check_end(st, ev)
    for ap in st.arena:  # MZ-TURN-04, MZ-FROZEN-03, MZ-SLEEP-02
        if ap.controller == p and ap.fatigued and not ap.face_down:
            if has_status(ap.indicators, "frozen") or has_status(ap.indicators, "sleep"):
                continue
            ap.fatigued = False
    dissolve(st, ev, "step 1e")
    st.step = "actions"
    st.window = []
    st.priority = p


def after_end(st: State, ev: list[Event]) -> None:
    """Steps 3b-3d (MZ-TURN-14/15): end-of-turn effects (the simultaneous ones ordered by the active Caster,
    MZ-SIM-01), Aura dissolves, play passes."""
    st.step = "end_ticks"  # where a Caster leaving during the ticks resumes (MZ-GAP-12)
    end_ticks(st, ev)
    special_terra(st, "end", ev)  # MZ-TERRA-09
    check_end(st, ev)
    st.queue = end_items(st)
    run_queue(st, ev)


def continue_flow(st: State, ev: list[Event]) -> None:
    """After a window seat passed (or its chain resolved): the next window seat gets priority
    (MZ-PRIO-06, MZ-GAP-13/14); with the window done, the step or the Combat moves on."""
    if st.window:
        st.window.pop(0)
    if st.window:
        st.priority = st.window[0]
        return
    if st.combat is not None:
        cb = st.combat
        if cb.stage == "window_a":
            begin_defend(st, ev)
        elif cb.stage == "window_b":
            strike(st, ev)
        return
    if st.step == "start":
        after_start(st, ev)
    elif st.step == "end":
        after_end(st, ev)
    else:
        st.priority = st.active


def deal(st: State, ev: list[Event]) -> None:
    """MZ-SETUP-03: each Caster shuffles and Bookmarks 7 Pages; then the mulligans (MZ-SETUP-04)."""
    for p, c in enumerate(st.casters):
        shuffle(st, c.spellbook)
        c.chapter = c.spellbook[:OPENING]
        del c.spellbook[:OPENING]
        c.hand_size = OPENING
        ev.append(Event(f"{c.name} shuffles and Bookmarks {OPENING} Pages."))
        ev.append(Event("Your opening Chapter: " + ", ".join(defs_of(st)[x].name for x in c.chapter) + ".", (p,)))
    st.step = "mulligan"
    st.priority = st.first


def mulligan(st: State, p: int, again: bool, ev: list[Event]) -> None:
    """MZ-SETUP-04, MZ-GAP-23: the first Caster decides first, then the other, each seeing the other's
    choice and Chapter size in the log; a Mulligan puts the Chapter back, shuffles and Bookmarks N-1."""
    c = st.casters[p]
    if again:
        c.spellbook += c.chapter
        c.chapter = []
        shuffle(st, c.spellbook)
        c.hand_size -= 1
        c.chapter = c.spellbook[:c.hand_size]
        del c.spellbook[:c.hand_size]
        ev.append(Event(f"{c.name} Mulligans and Bookmarks {c.hand_size} Pages."))
        ev.append(Event("Your new Chapter: " + (", ".join(defs_of(st)[x].name for x in c.chapter) or "empty") + ".",
                        (p,)))
        if c.hand_size > 0:
            return
    c.mulligan = "kept"
    ev.append(Event(f"{c.name} keeps {len(c.chapter)} Pages."))
    nxt = [q for q in clockwise(st, st.first) if st.casters[q].mulligan != "kept"]
    if nxt:
        st.priority = nxt[0]
        return
    begin_turn(st, st.first, ev)  # MZ-SETUP-05, MZ-GAP-22: no first-turn exceptions


def special_terra(st: State, timing: str, ev: list[Event]) -> None:
    """MZ-TERRA-09: the ``start`` / ``end`` Effects of the Special Terra Pages in the slots, slot order; each
    copy's Effect happens (they stack). They affect every Caster as their text says."""
    d = defs_of(st)
    for u in list(st.terra):
        ap = find(st, u) if u >= 0 else None
        if ap is None or not d[ap.card].special:
            continue
        page = d[ap.card]
        for k, eff in enumerate(page.effects):
            if eff.timing == timing:
                ev.append(Event(f"{label(st, ap)}'s {timing}-of-turn Effect resolves."))  # its text: card NAME
                run_steps(st, page, k, ap.controller, untargeted(st, ap.controller, eff.target, None),
                          -1, page.base_types, ev)

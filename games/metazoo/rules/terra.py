"""MetaZoo rules, checklist §11 (Terra slots and rotation, MZ-TERRA-04..08, MZ-GAP-66) and the flow of the
4th Wall Effects (§12, MZ-WALL-01..06; the checks themselves are :mod:`games.metazoo.rules.wall`): Pages returning
to their Chapter, the yes/no questions at step 1a and before an Action a condition could stop, and the
reasons an Action is refused. Imports :mod:`games.metazoo.rules.pages` and :mod:`games.metazoo.rules.zones`.
"""

from __future__ import annotations

from games.core.contract import Event

from ..state import ArenaPage, SkyAsk, State
from . import wall
from .pages import chapter_card, clockwise, defs_of, find, label
from .zones import enter_arena, leave_arena

TERRA_SLOTS = 6  # MZ-TERRA-04


def place_terra(st: State, card: int, controller: int, ev: list[Event]) -> None:
    """MZ-TERRA-04/05/06, MZ-GAP-66: the first free slot from 1 to 6; with all six full, the slot at the
    rotation pointer is replaced (its Terra goes to the Afterlife, not Destroyed) and the pointer moves on."""
    ap = enter_arena(st, card, controller, ev)
    if -1 in st.terra:
        slot = st.terra.index(-1)
    else:
        slot = st.terra_next
        old = find(st, st.terra[slot])
        st.terra_next = (slot + 1) % TERRA_SLOTS
        if old is not None:
            ev.append(Event(f"{label(st, old)} is replaced in Terra slot {slot + 1} and goes to the Afterlife."))
            leave_arena(st, old, ev, destroyed=False)
    st.terra[slot] = ap.uid
    ap.slot = slot
    ev.append(Event(f"{label(st, ap)} takes Terra slot {slot + 1}."))


def wall_to_chapter(st: State, ap: ArenaPage, ev: list[Event]) -> None:
    """MZ-WALL-01: a ``to_chapter`` clause that holds returns the Page to its owner's Chapter."""
    d = defs_of(st)
    hit = wall.clause(st, d[ap.card], ap.controller, "to_chapter", d)
    if hit is not None and ap in st.arena:
        ev.append(Event(f"4th Wall: {label(st, ap)} returns to its owner's Chapter ({hit[1].basis})."))
        leave_arena(st, ap, ev, destroyed=False, to="chapter")


def wall_returns(st: State, ev: list[Event], pages: list[ArenaPage]) -> None:
    """MZ-WALL-01, MZ-WALL-06: each of ``pages`` (face-up) with a ``to_chapter`` clause checks it now."""
    d = defs_of(st)
    for ap in pages:
        if not ap.face_down and any(w.then == "to_chapter" for w in d[ap.card].wall):
            wall_to_chapter(st, ap, ev)


def wall_after_choice(st: State, first_uid: int, ev: list[Event]) -> None:
    """After every applied choice: Pages that entered the Arena in it check their ``to_chapter`` clauses
    (MZ-WALL-06), then every condition of a face-up Arena Page that is newly settled (or changed) this turn
    logs its basis (one line per Caster and condition while it stays the same)."""
    if st.result is not None:
        return
    d = defs_of(st)
    if st.uid_next > first_uid:  # a Page entered the Arena in this choice
        wall_returns(st, ev, [ap for ap in st.arena if ap.uid >= first_uid])
    asked = None
    board = None
    for ap in st.arena:
        if ap.face_down:
            continue
        page = d[ap.card]
        if not page.wall and not page.terra_bonuses:
            continue
        if asked is None:  # read at the first Page with a condition (nothing before it changes the asks)
            asked = {(a.seat, a.condition) for a in st.sky.asks}
        board = board or wall.board_features(st, d)
        for text in wall.conditions_of(page):
            if (ap.controller, text) not in asked:
                answer = wall.settle(st, ap.controller, text, d, board)
                wall.note(st, ap.controller, text, wall.unasked(st, ap.controller, text, answer), ev)


def wall_begin(st: State, ev: list[Event]) -> bool:
    """Step 1a (MZ-GAP-69): fix the turn's instant (turn 1: the clock option; later: the last observed one),
    forget last turn's answers, log the derived sky's instant and place(s), then ask every unsettled
    condition of the face-up Arena Pages (returns True: step ``sky`` waits for the answers) or return the
    Pages whose ``to_chapter`` clause holds (returns False: step 1a goes on)."""
    s = st.sky
    s.instant = s.clock if st.turn <= 1 or s.observed is None else s.observed
    s.answers.clear()
    s.notes.clear()
    s.asks.clear()
    if s.mode == "derived":
        _, profiles, _ = wall.built(st)
        table = s.place["name"] if s.place else None
        own = [f"{st.casters[k].name} in {p.place.name}" for k, p in sorted(profiles.items()) if p.place]
        where = " and ".join(own + ([f"{table} for everyone else" if own else table] if table
                                    and len(own) < len(st.casters) else []))
        ev.append(Event(f"The sky for turn {st.turn} is read at {wall.instant_text(s.instant)} in {where} "
                        "(derived surroundings)."))
    asks = wall_turn_asks(st)
    if asks:
        wall_ask(st, asks, "turn", ev)
        return True
    wall_returns(st, ev, list(st.arena))
    return False


def wall_turn_asks(st: State) -> list[SkyAsk]:
    """Step 1a's questions: every unsettled condition of each Caster's face-up Arena Pages, active first."""
    d = defs_of(st)
    out: list[SkyAsk] = []
    for seat in clockwise(st, st.active):
        for ap in st.arena:
            if ap.controller != seat or ap.face_down:
                continue
            for text in wall.conditions_of(d[ap.card]):
                if (all((a.seat, a.condition) != (seat, text) for a in out)
                        and wall.settle(st, seat, text, d).holds is None):
                    out.append(SkyAsk(seat, text, label(st, ap)))
    return out


def wall_ask(st: State, asks: list[SkyAsk], resume: str, ev: list[Event]) -> None:
    """Open step ``sky`` with ``asks`` (public: who is asked, about what, for which Page); ``resume`` is the
    step to go back to (``turn``: the rest of step 1a)."""
    s = st.sky
    s.asks = asks
    s.resume = resume
    st.step = "sky"
    st.priority = asks[0].seat
    sky = wall.built(st)[0]
    for a in asks:
        ev.append(Event(f"{st.casters[a.seat].name} is asked (for {a.page}): "
                        f"{sky.question(wall.condition(a.condition))}"))


def wall_gated(st: State, seat: int, choice: str) -> list[tuple[str, str]]:
    """The unsettled conditions an Action must ask first: (condition, Page label); [] = go ahead."""
    kind, _, rest = choice.partition(":")
    d = defs_of(st)
    if kind == "play":
        card = chapter_card(st, seat, rest)
        if card < 0:
            return []
        page = d[card]
        return [(t, page.name) for t in wall.conditions_of(page) if wall.settle(st, seat, t, d).holds is None]
    if kind == "attack":
        ap = find(st, int(rest.split(":")[0]))
        if ap is None:
            return []
        return [(w.condition, label(st, ap)) for w in d[ap.card].wall
                if w.then == "no_attack" and wall.settle(st, seat, w.condition, d).holds is None]
    return []


def wall_refusal(st: State, seat: int, choice: str) -> str:
    """Why a held Action is not carried out after its questions (the Page is public once tried)."""
    kind, _, rest = choice.partition(":")
    d = defs_of(st)
    if kind == "play":
        card = chapter_card(st, seat, rest)
        page = d[card]
        hit = wall.clause(st, page, seat, "no_contract", d)
        if hit is not None:
            return f"{page.name} cannot be Contracted: {wall.shown(hit[0])} ({wall.why(*hit)})."
        return f"{page.name} cannot be Contracted now."
    ap = find(st, int(rest.split(":")[0]))
    if ap is not None:
        hit = wall.clause(st, d[ap.card], seat, "no_attack", d)
        if hit is not None:
            return f"{label(st, ap)} cannot declare Attacks: {wall.shown(hit[0])} ({wall.why(*hit)})."
    return "That Attack cannot be declared now."

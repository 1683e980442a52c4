"""4th Wall Effects and Terra Bonuses in the MetaZoo engine (issue 16 item 2; MZ-WALL-01..06, MZ-TERRA-02,
MZ-TERRA-03, MZ-TERRA-09, MZ-TERRA-10, MZ-TERRA-11; gap decisions MZ-GAP-02, 24, 67, 68, 69, 82).

The sky itself (what holds where and when, and the sentence saying why) is :mod:`games.metazoo.sky`; this
module decides *when* the engine checks, what a holding condition does, and when a Caster is asked.
:mod:`games.metazoo.rules` calls it through small hooks: :func:`begin` at step 1a, :func:`intercept` for
every choice, :func:`after_choice` after every choice, :func:`gained_traits` (``traits``),
:func:`terra_lp` (``max_lp``), :func:`terra_damage` (``attack_damage`` step c), :func:`blocks_attack`
(``can_attack``), :func:`contract_problem` (``contract_problem``) and :func:`special_terra` (the start and
the end of every turn).

Inputs (the table options, frozen at game start; :func:`configure`): the mode (``virtual`` | ``derived`` |
``declared``), the table's place, each Caster's ``/surroundings`` profile and the game's start instant.
The host passes every other instant through ``MetaZooGame.observe``; step 1a of each turn fixes the
turn's instant (turn 1: the ``clock`` option; later turns: the last observed instant) and every check of
that turn reads it, so a replay with the logged instants gives the same answers (MZ-GAP-69).

A condition is a Page's data text (``pages.yaml``): a Terra Bonus data name (``nighttime``, ``full_moon``)
or ``object: …``, ``room: …``, ``person: …``. For the controller of the Page it is, in this order
(:func:`settle`): satisfied by the board (a Terra Page of that feature in a slot, for every Caster, or a
face-up Page named like the object, MZ-TERRA-03, MZ-TERRA-11, MZ-WALL-02/03; re-read at every check); else
the Caster's answer given this turn; else the mode's reading (:meth:`games.metazoo.sky.Sky.check` at the
turn's instant); else unsettled, and the Caster must be asked (declared mode, person and room
conditions in every mode, derived-mode objects not in the profile, MZ-WALL-05).

Asking (decision kind ``sky``, options ``yes``/``no``, default ``no`` = not met, MZ-GAP-24): at step 1a
every unsettled condition of every face-up Arena Page is asked of its controller (active Caster first, one
question at a time, each Page's conditions in printed order); an Action gated by an unsettled condition
(Contracting a Page that carries conditions, declaring an Attack with a Page that has ``no_attack``) is held,
asked, then carried out or refused with a logged reason. Anything else unsettled (a Page that entered by
another Effect) counts as not met until the next step 1a. Answers hold for the turn.
"""

from __future__ import annotations

import datetime as dt
import math
from functools import cache, lru_cache
from typing import Any

from games.core.contract import Decision, Event, Option, RulesError

from . import rules
from .cards import TRAITS, Page, TerraBonus
from .sky import Answer, Condition, Mode, Place, Sky, Surroundings, load_meteor_showers
from .state import ArenaPage, SkyAsk, SkyNote, State

CLAUSES = ("no_contract", "no_attack", "to_chapter")
"""The ``then`` values of a 4th Wall clause that are not a Trait gained (MZ-WALL-01)."""
KINDS = ("object", "room", "person")
MODES = ("virtual", "derived", "declared")

_VIRTUAL = Sky()


# -- set-up (the table options) ----------------------------------------------------------------------------


def configure(st: State, options: dict[str, Any] | None) -> None:
    """Read the surroundings options into ``st.sky`` (issue 16 item 2; MZ-WALL-04). ``options`` keys (others
    are ignored): ``surroundings`` ``"virtual"`` (default) | ``"derived"`` | ``"declared"``; ``place``
    (:meth:`games.metazoo.sky.Place.to_json`); ``profiles`` (``{"0": Surroundings.to_json(), ...}`` keyed by
    seat index as a string); ``clock`` (epoch seconds UTC, the game's start; turn 1 reads it).

    Derived mode needs ``clock`` and a place (the table's, or one in every seat's profile). Raises
    ValueError saying what is wrong and what would be right; ``st`` is unchanged then."""
    options = options or {}
    if not isinstance(options, dict):
        raise ValueError("MetaZoo options must be a mapping such as {\"surroundings\": \"derived\", ...}")
    raw_mode = options.get("surroundings", "virtual")
    if raw_mode is None:
        raw_mode = "virtual"
    if not isinstance(raw_mode, str) or raw_mode.strip().lower() not in MODES:
        raise ValueError(f"unknown surroundings mode {raw_mode!r}: choose virtual, derived or declared")
    mode = Mode.parse(raw_mode)
    place = options.get("place")
    if place is not None and not isinstance(place, dict):
        raise ValueError("the place option is a mapping {\"name\", \"latitude\", \"longitude\", \"timezone\"}, "
                         f"not {place!r}")
    place_json = Place.from_json(place).to_json() if place else None
    profiles: dict[str, dict[str, Any]] = {}
    raw_profiles = options.get("profiles") or {}
    if not isinstance(raw_profiles, dict):
        raise ValueError("the profiles option maps a seat index as a string (\"0\", \"1\") to a surroundings "
                         "profile")
    seats = [str(i) for i in range(len(st.casters))]
    for key, prof in raw_profiles.items():
        if key not in seats:
            raise ValueError(f"profiles are keyed by seat index as a string ({', '.join(seats)}), not {key!r}")
        if prof is None:
            continue
        if not isinstance(prof, dict):
            raise ValueError(f"the profile of seat {key} must be a mapping (Surroundings.to_json()), not {prof!r}")
        profiles[key] = Surroundings.from_json(prof).to_json()
    clock = options.get("clock")
    if clock is not None:
        if isinstance(clock, bool) or not isinstance(clock, (int, float)) or not math.isfinite(clock):
            raise ValueError(f"the clock option is the game's start in epoch seconds (UTC), a number, not {clock!r}")
        clock = float(clock)
    if mode is Mode.DERIVED:
        if clock is None:
            raise ValueError("derived surroundings need the clock option: the game's start in epoch seconds "
                             "(UTC)")
        if place_json is None and not all((profiles.get(k) or {}).get("place") for k in seats):
            raise ValueError("derived surroundings need a place: the place option (name, latitude, longitude, "
                             "timezone), unless every seat's profile has its own place")
    s = st.sky
    s.mode, s.place, s.profiles, s.clock = mode.value, place_json, profiles, clock
    s.built = None
    s.instant = clock


def observe(st: State, at: float) -> None:
    """Store the host's instant ``at`` (epoch seconds UTC) for the next step 1a (MZ-GAP-69). Raises
    ValueError for anything but a finite number; changes no rule state."""
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at):
        raise ValueError(f"observe takes the instant in epoch seconds (UTC), a finite number, not {at!r}")
    st.sky.observed = float(at)


@cache
def _showers() -> tuple[Any, ...]:
    return load_meteor_showers()


def _built(st: State) -> tuple[Sky, dict[int, Surroundings], dict[tuple[Any, ...], Answer]]:
    """The Sky, the profiles by seat and a memo of readings, built once from the frozen options."""
    s = st.sky
    if s.built is None:
        profiles = {int(k): Surroundings.from_json(v) for k, v in s.profiles.items()}
        place = Place.from_json(s.place) if s.place else None
        mode = Mode.parse(s.mode)
        if mode is Mode.DERIVED:
            if place is None:  # every profile has its own place: the table's is never read
                place = next(p.place for p in profiles.values() if p.place is not None)
            sky = Sky(mode, place, _showers())
        else:
            sky = Sky(mode, place)
        s.built = (sky, profiles, {})
    return s.built


def instant_text(at: float | None) -> str | None:
    """Epoch seconds -> ``"YYYY-MM-DDTHH:MMZ"`` (UTC minutes), or None."""
    if at is None:
        return None
    return dt.datetime.fromtimestamp(at, dt.UTC).strftime("%Y-%m-%dT%H:%MZ")


# -- conditions ------------------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def condition(text: str) -> Condition:
    """A Page's condition text -> :class:`games.metazoo.sky.Condition`: ``"object: a train"`` (also ``room``,
    ``person``) or a Terra Bonus data name (``"full_moon"`` -> Terra "Full Moon"). Raises ValueError."""
    kind, sep, rest = text.partition(":")
    if sep and kind.strip() in KINDS:
        return Condition(kind.strip(), rest.strip())
    return Condition("terra", text.replace("_", " "))


def shown(text: str) -> str:
    """How a condition is named in the log: ``"Nighttime"``, ``"you are wearing a hat"``."""
    return condition(text).text


def why(text: str, answer: Answer) -> str:
    """An answer's basis without its leading condition name, for "X cannot …: <condition> (<why>)"."""
    head = f"{shown(text)}: "
    return answer.basis[len(head):] if answer.basis.startswith(head) else answer.basis


def conditions_of(page: Page) -> tuple[str, ...]:
    """The condition texts a Page carries: its 4th Wall clauses, then its printed Terra Bonuses, each once."""
    got = _CONDITIONS.get(page.id)
    if got is None:
        out: list[str] = []
        for c in [w.condition for w in page.wall] + [tb.bonus for tb in page.terra_bonuses]:
            if c not in out:
                out.append(c)
        got = _CONDITIONS[page.id] = tuple(out)
    return got


_CONDITIONS: dict[str, tuple[str, ...]] = {}


def _board(st: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Terra Bonuses provided by the Terra Pages in the slots (any Caster's, MZ-TERRA-03) and the names of
    the face-up Pages in the Arena (MZ-WALL-02)."""
    d = rules.defs_of(st)
    terra = []
    for u in st.terra:
        if u >= 0:
            ap = rules.find(st, u)
            if ap is not None and d[ap.card].bonus:
                terra.append(d[ap.card].bonus.replace("_", " "))
    names = tuple(d[ap.card].name for ap in st.arena if not ap.face_down and d[ap.card].name)
    return tuple(terra), names


def _reading(st: State, seat: int, text: str) -> Answer:
    """The mode's reading of the real surroundings (no Terra, no Page names) at the turn's instant: pure, so
    memoised on the state's cache (never serialised)."""
    sky, profiles, memo = _built(st)
    key = (st.sky.instant, seat, text)
    got = memo.get(key)
    if got is None:
        instant = st.sky.instant
        when = dt.datetime.fromtimestamp(instant, dt.UTC) if instant is not None else None
        got = sky.check(condition(text), instant=when, profile=profiles.get(seat), caster=st.casters[seat].name)
        if len(memo) > 4096:
            memo.clear()
        memo[key] = got
    return got


def settle(st: State, seat: int, text: str, board: tuple[tuple[str, ...], tuple[str, ...]] | None = None) -> Answer:
    """Whether condition ``text`` holds for Caster ``seat`` now (MZ-WALL-02..06, MZ-TERRA-02/03/11, MZ-GAP-68):
    the board first (a Terra in a slot, a Page named like the object; read at every check), then ``seat``'s
    answer this turn, then the mode's reading at the turn's instant. ``holds is None``: unsettled (ask).
    ``board``: :func:`_board` when the caller has it. Pure: it changes nothing (but a cache)."""
    cond = condition(text)
    terra, names = board if board is not None else _board(st)
    if (cond.kind == "terra" and terra) or (cond.kind in ("object", "room") and names):
        seen = _VIRTUAL.check(cond, caster=st.casters[seat].name, terra=terra, arena_names=names)
        if seen.holds:
            return seen
    for a in st.sky.answers:
        if a.seat == seat and a.condition == text:
            return Answer(a.holds, a.basis)
    return _reading(st, seat, text)


def holds(st: State, seat: int, text: str) -> bool:
    """A passive check (a Trait, a bonus, a return): unsettled counts as not met (MZ-GAP-24, MZ-GAP-69)."""
    return settle(st, seat, text).holds is True


# -- what holding conditions do ----------------------------------------------------------------------------------


def gained_traits(st: State, ap: ArenaPage) -> list[str]:
    """MZ-WALL-01, MZ-TERRA-11: Traits a face-up Page gains from its 4th Wall clauses while they hold."""
    if ap.face_down:
        return []
    page = rules.defs_of(st)[ap.card]
    return [w.then for w in page.wall if w.then in TRAITS and holds(st, ap.controller, w.condition)]


def active_bonuses(st: State, ap: ArenaPage) -> list[TerraBonus]:
    """MZ-TERRA-02/03: the printed Terra Bonuses of a face-up Page active for its controller; one bonus counts
    once however many sources provide it (Terra Pages, surroundings)."""
    if ap.face_down:
        return []
    out: list[TerraBonus] = []
    for tb in rules.defs_of(st)[ap.card].terra_bonuses:
        if all(o.bonus != tb.bonus for o in out) and holds(st, ap.controller, tb.bonus):
            out.append(tb)
    return out


def terra_lp(st: State, ap: ArenaPage) -> int:
    """MZ-TERRA-10, MZ-GAP-67: the LP the active Terra Bonuses add to the maximum LP while active."""
    return sum(tb.lp for tb in active_bonuses(st, ap))


def terra_damage(st: State, ap: ArenaPage, ev: list[Event]) -> int:
    """MZ-TERRA-10, MZ-COMBAT-18 step (c): the Damage the attacker's active Terra Bonuses add, logged."""
    total = 0
    for tb in active_bonuses(st, ap):
        if tb.damage:
            total += tb.damage
            ev.append(Event(f"Terra Bonus ({shown(tb.bonus)}): +{tb.damage} Damage."))
    return total


def _clause(st: State, page: Page, seat: int, then: str) -> tuple[str, Answer] | None:
    """The first clause ``then`` of ``page`` whose condition holds (settled) for ``seat``, with its answer."""
    for w in page.wall:
        if w.then == then:
            a = settle(st, seat, w.condition)
            if a.holds:
                return w.condition, a
    return None


def blocks_attack(st: State, ap: ArenaPage) -> bool:
    """MZ-WALL-01: a ``no_attack`` clause known to hold stops the Page declaring Attacks."""
    page = rules.defs_of(st)[ap.card]
    return bool(page.wall) and _clause(st, page, ap.controller, "no_attack") is not None


def contract_problem(st: State, p: int, card: int) -> RulesError | None:
    """MZ-WALL-01: a ``no_contract`` clause known to hold for ``p`` stops the Contract (not offered)."""
    page = rules.defs_of(st)[card]
    if not page.wall:
        return None
    hit = _clause(st, page, p, "no_contract")
    if hit is None:
        return None
    return RulesError("MZ-WALL-01", f"{page.name} cannot be Contracted now: {shown(hit[0])} "
                                    f"({why(*hit)}).")


def _to_chapter(st: State, ap: ArenaPage, ev: list[Event]) -> None:
    """MZ-WALL-01: a ``to_chapter`` clause that holds returns the Page to its owner's Chapter."""
    page = rules.defs_of(st)[ap.card]
    hit = _clause(st, page, ap.controller, "to_chapter")
    if hit is not None and ap in st.arena:
        ev.append(Event(f"4th Wall: {rules.label(st, ap)} returns to its owner's Chapter ({hit[1].basis})."))
        rules.leave_arena(st, ap, ev, destroyed=False, to="chapter")


def _returns(st: State, ev: list[Event], pages: list[ArenaPage]) -> None:
    d = rules.defs_of(st)
    for ap in pages:
        if not ap.face_down and any(w.then == "to_chapter" for w in d[ap.card].wall):
            _to_chapter(st, ap, ev)


def special_terra(st: State, timing: str, ev: list[Event]) -> None:
    """MZ-TERRA-09: the ``start`` / ``end`` Effects of the Special Terra Pages in the slots, slot order; each
    copy's Effect happens (they stack). They affect every Caster as their text says."""
    d = rules.defs_of(st)
    for u in list(st.terra):
        ap = rules.find(st, u) if u >= 0 else None
        if ap is None or not d[ap.card].special:
            continue
        page = d[ap.card]
        for k, eff in enumerate(page.effects):
            if eff.timing == timing:
                ev.append(Event(f"{rules.label(st, ap)}'s {timing}-of-turn Effect resolves: "
                                f"{eff.text or 'Special Terra'}"))
                rules.run_steps(st, page, k, ap.controller, rules.untargeted(st, ap.controller, eff.target, None),
                                -1, page.base_types, ev)


# -- the log ---------------------------------------------------------------------------------------------------------


def note(st: State, seat: int, text: str, answer: Answer, ev: list[Event]) -> None:
    """Log ``answer``'s basis once per (Caster, condition, basis) per turn; the board shows the latest."""
    notes = st.sky.notes
    if st.sky.mode == "virtual" and answer.holds is not True and not st.sky.answers:
        return  # virtual mode: a feature no Page provides is simply absent, nothing to tell
    old = next((n for n in notes if n.seat == seat and n.condition == text), None)
    holds_now = answer.holds is True
    if old is not None and old.basis == answer.basis and old.holds == holds_now:
        return
    if old is not None:
        notes.remove(old)
    notes.append(SkyNote(seat, text, holds_now, answer.basis))
    ev.append(Event(f"Sky check for {st.casters[seat].name}: {answer.basis}."))


def _unasked(st: State, seat: int, text: str, answer: Answer) -> Answer:
    if answer.holds is not None:
        return answer
    return Answer(None, f"not {shown(text)}: {st.casters[seat].name} has not been asked this turn, so it counts "
                        "as not met until the next turn's step 1a")


def after_choice(st: State, first_uid: int, ev: list[Event]) -> None:
    """After every applied choice: Pages that entered the Arena in it check their ``to_chapter`` clauses
    (MZ-WALL-06), then every condition of a face-up Arena Page that is newly settled (or changed) this turn
    logs its basis (one line per Caster and condition while it stays the same)."""
    if st.result is not None:
        return
    d = rules.defs_of(st)
    _returns(st, ev, [ap for ap in st.arena if ap.uid >= first_uid])
    asked = {(a.seat, a.condition) for a in st.sky.asks}
    board = None
    for ap in st.arena:
        if ap.face_down:
            continue
        page = d[ap.card]
        if not page.wall and not page.terra_bonuses:
            continue
        board = board or _board(st)
        for text in conditions_of(page):
            if (ap.controller, text) not in asked:
                answer = settle(st, ap.controller, text, board)
                note(st, ap.controller, text, _unasked(st, ap.controller, text, answer), ev)


# -- step 1a and asking --------------------------------------------------------------------------------------------


def begin(st: State, ev: list[Event]) -> bool:
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
        sky, profiles, _ = _built(st)
        table = s.place["name"] if s.place else None
        own = [f"{st.casters[k].name} in {p.place.name}" for k, p in sorted(profiles.items()) if p.place]
        where = " and ".join(own + ([f"{table} for everyone else" if own else table] if table
                                    and len(own) < len(st.casters) else []))
        ev.append(Event(f"The sky for turn {st.turn} is read at {instant_text(s.instant)} in {where} "
                        "(derived surroundings)."))
    asks = _turn_asks(st)
    if asks:
        _ask(st, asks, "turn", ev)
        return True
    _returns(st, ev, list(st.arena))
    return False


def _turn_asks(st: State) -> list[SkyAsk]:
    d = rules.defs_of(st)
    out: list[SkyAsk] = []
    for seat in (st.active, rules.other(st, st.active)):
        for ap in st.arena:
            if ap.controller != seat or ap.face_down:
                continue
            for text in conditions_of(d[ap.card]):
                if all((a.seat, a.condition) != (seat, text) for a in out) and settle(st, seat, text).holds is None:
                    out.append(SkyAsk(seat, text, rules.label(st, ap)))
    return out


def _ask(st: State, asks: list[SkyAsk], resume: str, ev: list[Event]) -> None:
    s = st.sky
    s.asks = asks
    s.resume = resume
    st.step = "sky"
    st.priority = asks[0].seat
    sky = _built(st)[0]
    for a in asks:
        ev.append(Event(f"{st.casters[a.seat].name} is asked (for {a.page}): {sky.question(condition(a.condition))}"))


def question(st: State, ask: SkyAsk) -> str:
    """The prompt of a ``sky`` decision: the sky module's question, naming the Page."""
    sky = _built(st)[0]
    return f"{sky.question(condition(ask.condition), st.casters[ask.seat].name)} (for {ask.page})"


def decisions(st: State) -> list[Decision]:
    """Step ``sky``: the open yes/no question (MZ-WALL-04/05; timeout: no = not met, MZ-GAP-24)."""
    a = st.sky.asks[0]
    return [Decision(a.seat, "sky", question(st, a),
                     (Option("yes", "Yes, it is true for me now"), Option("no", "No")), default="no")]


def _gated(st: State, seat: int, choice: str) -> list[tuple[str, str]]:
    """The unsettled conditions an Action must ask first: (condition, Page label); [] = go ahead."""
    kind, _, rest = choice.partition(":")
    d = rules.defs_of(st)
    if kind == "play":
        card = rules.chapter_card(st, seat, rest)
        if card < 0:
            return []
        page = d[card]
        return [(t, page.name) for t in conditions_of(page) if settle(st, seat, t).holds is None]
    if kind == "attack":
        ap = rules.find(st, int(rest.split(":")[0]))
        if ap is None:
            return []
        return [(w.condition, rules.label(st, ap)) for w in d[ap.card].wall
                if w.then == "no_attack" and settle(st, seat, w.condition).holds is None]
    return []


def intercept(st: State, seat: int, choice: str, decision: Decision, ev: list[Event]) -> bool:
    """Before a choice is carried out: an answer to a ``sky`` question is recorded (and, after the last one,
    the held Action or step 1a goes on); an Action gated by unsettled conditions is held and its questions
    asked first (MZ-WALL-05, MZ-WALL-06). Returns True when the choice was handled here."""
    if decision.kind == "sky":
        _answer(st, seat, choice == "yes", ev)
        return True
    if decision.kind not in ("actions", "priority"):
        return False
    gates = _gated(st, seat, choice)
    if not gates:
        return False
    s = st.sky
    s.held, s.held_seat = choice, seat
    who = st.casters[seat].name
    what = (f"Contract {gates[0][1]}" if choice.startswith("play:") else f"Attack with {gates[0][1]}")
    ev.append(Event(f"{who} wants to {what}: 4th Wall questions first."))
    _ask(st, [SkyAsk(seat, t, page) for t, page in gates], st.step, ev)
    return True


def _answer(st: State, seat: int, yes: bool, ev: list[Event]) -> None:
    s = st.sky
    a = s.asks.pop(0)
    name = st.casters[seat].name
    basis = f"{shown(a.condition)}: {'yes' if yes else 'no'}, declared by {name}"
    s.answers.append(SkyNote(seat, a.condition, yes, basis))
    note(st, seat, a.condition, Answer(yes, basis), ev)
    if s.asks:
        st.priority = s.asks[0].seat
        return
    resume, s.resume = s.resume, ""
    if resume == "turn":
        st.step = "start"  # step 1a goes on (the window opens at its end)
        _returns(st, ev, list(st.arena))
        rules.step_1a(st, ev)
        return
    held, held_seat = s.held, s.held_seat
    s.held, s.held_seat = "", -1
    st.step = resume
    st.priority = held_seat
    mine = [dc for dc in rules.decisions_of(st) if dc.seat == held_seat]
    if mine and mine[0].option(held) is not None:
        rules._apply(st, held_seat, held, mine[0], ev)
        return
    ev.append(Event(_refusal(st, held_seat, held)))


def _refusal(st: State, seat: int, choice: str) -> str:
    """Why a held Action is not carried out after its questions (the Page is public once tried)."""
    kind, _, rest = choice.partition(":")
    d = rules.defs_of(st)
    if kind == "play":
        card = rules.chapter_card(st, seat, rest)
        page = d[card]
        hit = _clause(st, page, seat, "no_contract")
        if hit is not None:
            return f"{page.name} cannot be Contracted: {shown(hit[0])} ({why(*hit)})."
        return f"{page.name} cannot be Contracted now."
    ap = rules.find(st, int(rest.split(":")[0]))
    if ap is not None:
        hit = _clause(st, d[ap.card], seat, "no_attack")
        if hit is not None:
            return f"{rules.label(st, ap)} cannot declare Attacks: {shown(hit[0])} ({why(*hit)})."
    return "That Attack cannot be declared now."


# -- the public board ------------------------------------------------------------------------------------------------


def board(st: State) -> dict[str, Any]:
    """``board["sky"]``: ``mode``; ``instant`` (``"YYYY-MM-DDTHH:MMZ"`` UTC or None); ``place`` (the table's
    place name or None); ``asking`` (None, or ``{seat, caster, condition, page, question}`` while a Caster is
    asked); ``answers`` (this turn's logged checks: ``[{seat, caster, condition, holds, basis}]``)."""
    s = st.sky
    asking = None
    if st.step == "sky" and s.asks:
        a = s.asks[0]
        asking = {"seat": a.seat, "caster": st.casters[a.seat].name, "condition": shown(a.condition),
                  "page": a.page, "question": question(st, a)}
    return {
        "mode": s.mode, "instant": instant_text(s.instant), "place": s.place["name"] if s.place else None,
        "asking": asking,
        "answers": [{"seat": n.seat, "caster": st.casters[n.seat].name, "condition": shown(n.condition),
                     "holds": n.holds, "basis": n.basis} for n in s.notes],
    }

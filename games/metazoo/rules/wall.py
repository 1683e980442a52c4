"""4th Wall Effects and Terra Bonuses in the MetaZoo engine (MZ-WALL-01..06, MZ-TERRA-02,
MZ-TERRA-03, MZ-TERRA-09, MZ-TERRA-10, MZ-TERRA-11; gap decisions MZ-GAP-02, 24, 67, 68, 69, 82).

The sky itself (what holds where and when, and the sentence saying why) is :mod:`games.metazoo.rules.sky`. This
module holds the checks on a game state: the table options (:func:`configure`, :func:`observe`), whether a
Page's condition holds for its controller (:func:`settle`), what a holding condition does
(:func:`gained_traits` for ``pages.traits``, :func:`terra_lp` for ``pages.max_lp``, :func:`terra_damage` for
step (c) of ``combat.attack_damage``, :func:`blocks_attack` for ``combat.can_attack``, :func:`contract_problem`
for ``aura.contract_problem``), the log lines (:func:`note`), the ``sky`` question (:func:`decisions`) and the
public board (:func:`board`). It never imports the engine (the Page definitions come in as ``d``, the
engine's ``defs_of``); the flow (step 1a, asking, holding an Action, returns to the Chapter, Special Terra
Effects) is the ``wall_*`` functions of :mod:`games.metazoo.rules.terra` and :mod:`games.metazoo.rules`.

Inputs (the table options, frozen at game start; :func:`configure`): the mode (``virtual`` | ``derived`` |
``declared``), the table's place, each Caster's ``/surroundings`` profile and the game's start instant.
The host passes every other instant through ``MetaZooGame.observe``; step 1a of each turn fixes the
turn's instant (turn 1: the ``clock`` option; later turns: the last observed instant) and every check of
that turn reads it, so a replay with the logged instants gives the same answers (MZ-GAP-69).

A condition is a Page's data text (``pages.yaml``): a Terra Bonus data name (``nighttime``, ``full_moon``)
or ``object: …``, ``room: …``, ``person: …``. For the controller of the Page it is, in this order
(:func:`settle`): satisfied by the board (a Terra Page of that feature in a slot, for every Caster, or a
face-up Page named like the object, MZ-TERRA-03, MZ-TERRA-11, MZ-WALL-02/03; re-read at every check); else
the Caster's answer given this turn; else the mode's reading (:meth:`games.metazoo.rules.sky.Sky.check` at the
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

from ..cards import TRAITS, Page, TerraBonus
from ..state import ArenaPage, SkyAsk, SkyNote, State
from .sky import Answer, Condition, Mode, Place, Sky, Surroundings, load_meteor_showers

CLAUSES = ("no_contract", "no_attack", "to_chapter")
"""The ``then`` values of a 4th Wall clause that are not a Trait gained (MZ-WALL-01)."""
KINDS = ("object", "room", "person")
MODES = ("virtual", "derived", "declared")

_VIRTUAL = Sky()


# -- set-up (the table options) ----------------------------------------------------------------------------


def configure(st: State, options: dict[str, Any] | None) -> None:
    """Read the surroundings options into ``st.sky`` (MZ-WALL-04). ``options`` keys (others
    are ignored): ``surroundings`` ``"virtual"`` (default) | ``"derived"`` | ``"declared"``; ``place``
    (:meth:`games.metazoo.rules.sky.Place.to_json`); ``profiles`` (``{"0": Surroundings.to_json(), ...}`` keyed by
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


def built(st: State) -> tuple[Sky, dict[int, Surroundings], dict[tuple[Any, ...], Answer]]:
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
    """A Page's condition text -> :class:`games.metazoo.rules.sky.Condition`: ``"object: a train"`` (also ``room``,
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


Board = tuple[tuple[str, ...], tuple[str, ...]]


def board_features(st: State, d: list[Page]) -> Board:
    """Terra Bonuses provided by the Terra Pages in the slots (any Caster's, MZ-TERRA-03) and the names of
    the face-up Pages in the Arena (MZ-WALL-02). ``d``: the Page definitions by instance (the engine's)."""
    terra = []
    for ap in st.arena:
        if ap.slot >= 0 and d[ap.card].bonus:
            terra.append(d[ap.card].bonus.replace("_", " "))
    names = tuple(d[ap.card].name for ap in st.arena if not ap.face_down and d[ap.card].name)
    return tuple(terra), names


def _reading(st: State, seat: int, text: str) -> Answer:
    """The mode's reading of the real surroundings (no Terra, no Page names) at the turn's instant: pure, so
    memoised on the state's cache (never serialised)."""
    sky, profiles, memo = built(st)
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


def settle(st: State, seat: int, text: str, d: list[Page], board: Board | None = None) -> Answer:
    """Whether condition ``text`` holds for Caster ``seat`` now (MZ-WALL-02..06, MZ-TERRA-02/03/11, MZ-GAP-68):
    the board first (a Terra in a slot, a Page named like the object; read at every check), then ``seat``'s
    answer this turn, then the mode's reading at the turn's instant. ``holds is None``: unsettled (ask).
    ``d``: the Page definitions by instance; ``board``: :func:`board_features` when the caller has it. Pure:
    it changes nothing (but a cache)."""
    cond = condition(text)
    terra, names = board if board is not None else board_features(st, d)
    if (cond.kind == "terra" and terra) or (cond.kind in ("object", "room") and names):
        seen = _VIRTUAL.check(cond, caster=st.casters[seat].name, terra=terra, arena_names=names)
        if seen.holds:
            return seen
    for a in st.sky.answers:
        if a.seat == seat and a.condition == text:
            return Answer(a.holds, a.basis)
    return _reading(st, seat, text)


def holds(st: State, seat: int, text: str, d: list[Page], board: Board | None = None) -> bool:
    """A passive check (a Trait, a bonus, a return): unsettled counts as not met (MZ-GAP-24, MZ-GAP-69).
    ``board``: :func:`board_features` when the caller has it."""
    return settle(st, seat, text, d, board).holds is True


# -- what holding conditions do ----------------------------------------------------------------------------------


def gained_traits(st: State, ap: ArenaPage, d: list[Page]) -> list[str]:
    """MZ-WALL-01, MZ-TERRA-11: Traits a face-up Page gains from its 4th Wall clauses while they hold."""
    if ap.face_down:
        return []
    return [w.then for w in d[ap.card].wall if w.then in TRAITS and holds(st, ap.controller, w.condition, d)]


def active_bonuses(st: State, ap: ArenaPage, d: list[Page], board: Board | None = None) -> list[TerraBonus]:
    """MZ-TERRA-02/03: the printed Terra Bonuses of a face-up Page active for its controller; one bonus counts
    once however many sources provide it (Terra Pages, surroundings). ``board``: :func:`board_features` when
    the caller has it."""
    if ap.face_down:
        return []
    out: list[TerraBonus] = []
    for tb in d[ap.card].terra_bonuses:
        if all(o.bonus != tb.bonus for o in out) and holds(st, ap.controller, tb.bonus, d, board):
            out.append(tb)
    return out


def terra_lp(st: State, ap: ArenaPage, d: list[Page], board: Board | None = None) -> int:
    """MZ-TERRA-10, MZ-GAP-67: the LP the active Terra Bonuses add to the maximum LP while active (``board``:
    :func:`board_features` when the caller has it)."""
    return sum(tb.lp for tb in active_bonuses(st, ap, d, board))


def terra_damage(st: State, ap: ArenaPage, d: list[Page]) -> list[tuple[str, int]]:
    """MZ-TERRA-10, MZ-COMBAT-18 step (c): the attacker's active Terra Bonuses that add Damage, as (bonus name,
    Damage); the combat line logs them."""
    return [(shown(tb.bonus), tb.damage) for tb in active_bonuses(st, ap, d) if tb.damage]


def clause(st: State, page: Page, seat: int, then: str, d: list[Page]) -> tuple[str, Answer] | None:
    """The first clause ``then`` of ``page`` whose condition holds (settled) for ``seat``, with its answer."""
    for w in page.wall:
        if w.then == then:
            a = settle(st, seat, w.condition, d)
            if a.holds:
                return w.condition, a
    return None


def blocks_attack(st: State, ap: ArenaPage, d: list[Page]) -> bool:
    """MZ-WALL-01: a ``no_attack`` clause known to hold stops the Page declaring Attacks."""
    page = d[ap.card]
    return bool(page.wall) and clause(st, page, ap.controller, "no_attack", d) is not None


def contract_problem(st: State, p: int, card: int, d: list[Page]) -> RulesError | None:
    """MZ-WALL-01: a ``no_contract`` clause known to hold for ``p`` stops the Contract (not offered)."""
    page = d[card]
    if not page.wall:
        return None
    hit = clause(st, page, p, "no_contract", d)
    if hit is None:
        return None
    return RulesError("MZ-WALL-01", f"{page.name} cannot be Contracted now: {shown(hit[0])} "
                                    f"({why(*hit)}).")


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


def unasked(st: State, seat: int, text: str, answer: Answer) -> Answer:
    if answer.holds is not None:
        return answer
    return Answer(None, f"not {shown(text)}: {st.casters[seat].name} has not been asked this turn, so it counts "
                        "as not met until the next turn's step 1a")


# -- asking and the public board ---------------------------------------------------------------------------------


def question(st: State, ask: SkyAsk) -> str:
    """The prompt of a ``sky`` decision: the sky module's question, naming the Page."""
    sky = built(st)[0]
    return f"{sky.question(condition(ask.condition), st.casters[ask.seat].name)} (for {ask.page})"


def decisions(st: State) -> list[Decision]:
    """Step ``sky``: the open yes/no question (MZ-WALL-04/05; timeout: no = not met, MZ-GAP-24)."""
    a = st.sky.asks[0]
    return [Decision(a.seat, "sky", question(st, a),
                     (Option("yes", "Yes, it is true for me now"), Option("no", "No")), default="no")]


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

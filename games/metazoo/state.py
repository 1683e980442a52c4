"""The MetaZoo game state: a dataclass tree that serialises to JSON losslessly (games.core.serial).

Pages are *instances*: small ints indexing ``State.cards`` (the Page definition id) and ``State.owner``
(the Caster who brought it, MZ-OWN-01, never changes). Every instance is in exactly one place at all
times: a Spellbook (index 0 is the top), a Chapter, a Limbo, Cemetery or Afterlife (index -1 is the
top), the Arena (an :class:`ArenaPage`, standalone or face-down), a Terra slot (also an
:class:`ArenaPage`, referenced from ``State.terra``), equipped under an Arena Page
(``ArenaPage.equipment``), a face-down Trap under an Arena Page (``ArenaPage.trap``), or on the chain
(``State.chain``: a Contracted Page waiting to resolve). MZ-CORE-10: each Caster has their own Spellbook,
Chapter, Limbo, Cemetery and Afterlife; the Arena and its 6 Terra slots are shared.

Arena Pages are named in options, views and the log by their ``uid``, a number given afresh each time a
Page enters the Arena (never the instance number), so a face-down Page's handle tells nobody which Page it
is (MZ-CORE-08, MZ-TRAP-11). A Caster as a target is ``-1 - seat`` wherever a target int is stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

STATUSES = ("frozen", "burn", "poison", "paralyze", "sleep", "scared", "confusion")
"""MZ-STATUS-01: the seven Status Effects, in the rulebook's order."""


@dataclass(slots=True)
class Indicator:
    """A Status Effect Indicator (MZ-STATUS-07): its ``status`` (one of :data:`STATUSES`), ``counters``
    (Frozen X, Burn D6), the ``turn`` it was placed (Poison and Paralyze expiry) and the ``combat`` number it
    was inflicted in (0 = outside Combat; Frozen and Sleep same-Combat clauses)."""

    status: str
    counters: int = 0
    turn: int = 0
    combat: int = 0


@dataclass(slots=True)
class ArenaPage:
    """A Page in the Arena (MZ-CORE-02, MZ-CORE-09).

    ``uid`` is its public handle; ``card`` the instance; ``controller`` who controls it now (MZ-OWN-01);
    ``fatigued`` its orientation; ``damage`` the Damage plus LP Loss it has taken and ``gain`` its LP Gain
    (MZ-LP-02, MZ-LP-06: current LP = printed LP + gain − damage, never below 0); ``indicators`` its Status
    Effect Indicators; ``equipment`` instances equipped under it (MZ-EQUIP-01); ``trap`` the instance of
    the face-down Trap under it (-1 = none, MZ-TRAP-02); ``face_down`` for a standalone face-down Trap
    (MZ-TRAP-01); ``moved`` once a face-down Trap has been moved (MZ-TURN-10, MZ-GAP-19); ``entered`` the
    turn it entered; ``flags`` trait markers that are not Status Effects (``burrowed``, MZ-TRAIT-01);
    ``slot`` its Terra slot 0..5 (-1 = not a Terra in a slot). Placement (MZ-PLACE-01..08,
    :mod:`games.metazoo.rules.placement`): ``under`` the face-up Pages put underneath it by another Page's Effect
    (out of the Arena, MZ-PLACE-03); ``on`` the uid of the Page this one sits underneath while still in the
    Arena (its own Effect put it there, MZ-PLACE-04; -1 = not underneath). Flags also hold ``type:<aura>``
    (a Base Aura type set by an Effect, MZ-TYPE-04)."""

    uid: int
    card: int
    controller: int
    fatigued: bool = False
    damage: int = 0
    gain: int = 0
    indicators: list[Indicator] = field(default_factory=list)
    equipment: list[int] = field(default_factory=list)
    trap: int = -1
    face_down: bool = False
    moved: bool = False
    entered: int = 0
    flags: list[str] = field(default_factory=list)
    slot: int = -1
    under: list[int] = field(default_factory=list)
    on: int = -1


@dataclass(slots=True)
class Caster:
    """One Caster's zones and counters (MZ-CORE-10, MZ-SETUP-01).

    ``damage`` is the Damage plus LP Loss taken (LP = ``max_lp`` − ``damage``, MZ-LP-02); ``aura`` the
    generated Aura pool by Aura type (``neutral`` included, MZ-GAP-05), emptied at steps 1e and 3c;
    ``mulligan`` is ``""`` (deciding), ``"kept"``; ``hand_size`` is N, the number Bookmarked for the last
    hand (MZ-SETUP-04); ``aura_played`` the once-per-turn Aura Contract (MZ-TURN-06); ``flags`` markers
    set by Effects (``no_lose:<turn>``: cannot lose the game until the end of that turn, MZ-TRAP-07)."""

    name: str
    spellbook: list[int] = field(default_factory=list)
    chapter: list[int] = field(default_factory=list)
    limbo: list[int] = field(default_factory=list)
    cemetery: list[int] = field(default_factory=list)
    afterlife: list[int] = field(default_factory=list)
    max_lp: int = 1000
    damage: int = 0
    aura: dict[str, int] = field(default_factory=dict)
    indicators: list[Indicator] = field(default_factory=list)
    mulligan: str = ""
    hand_size: int = 7
    aura_played: bool = False
    flags: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ChainItem:
    """An entry of the resolution chain (MZ-PRIO-05): a Contracted Page (``card`` instance, ``kind``
    ``"contract"``) or an Effect of a Page (``kind`` ``"effect"``, ``card`` the source instance, ``effect``
    its index). ``targets`` are Arena uids or ``-1 - seat`` for a Caster; ``chain_target`` the index of a
    chain entry targeted (-1 = none); ``stopped`` is set by a ``stop`` effect (MZ-GAP-16); ``trap`` marks a
    Page Contracted by paying for a flipped Trap; ``equip`` the uid it will be equipped to; ``first`` the
    active Caster's answer to the Damage-or-Status ordering prompt (``damage``/``status``, MZ-SIM-02)."""

    kind: str
    card: int
    controller: int
    effect: int = 0
    targets: list[int] = field(default_factory=list)
    chain_target: int = -1
    stopped: bool = False
    trap: bool = False
    first: str = ""


@dataclass(slots=True)
class Combat:
    """The Combat being resolved (MZ-COMBAT-01..16).

    ``attacker`` is the attacking uid, ``attack`` the index of its chosen Attack; ``target`` the original
    target (uid, or ``-1 - seat``); ``defenders`` the declared Defender uids; ``primary`` the Primary
    Defender (uid, ``-1 - seat`` for a Caster, or ``None`` until chosen) and ``primary_attack`` its
    Attack (-1 = none); ``stage`` one of ``window_a``, ``defend``, ``primary``, ``window_b``, ``strike``,
    ``allocate``; ``number`` counts Combats in the game (Frozen and Sleep same-Combat clauses).
    Striking (MZ-COMBAT-13..15): ``order`` the sides (``attacker``, ``primary``) still to strike. Allocation
    (MZ-COMBAT-20, stage ``allocate``, :mod:`games.metazoo.rules.allocation`): ``dmg`` the attacker's modified
    Damage, ``alive`` the Defenders it is split over, ``split`` the amounts chosen so far (same order),
    ``auto`` the automatic fill (the timeout defaults, MZ-GAP-34)."""

    attacker: int
    attack: int
    target: int
    number: int
    defenders: list[int] = field(default_factory=list)
    primary: int | None = None
    primary_attack: int = -1
    stage: str = "window_a"
    order: list[str] = field(default_factory=list)
    dmg: int = 0
    alive: list[int] = field(default_factory=list)
    split: list[int] = field(default_factory=list)
    auto: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Pending:
    """A compound Action being chosen in steps (DESIGN.md: compound actions are split): ``what`` is
    ``contract`` (a Page from the Chapter awaiting its target), ``attack`` (an attacker and Attack
    awaiting the target), ``trap_place`` (a Page awaiting where to be placed face-down) or ``trap_move``;
    ``card`` the instance or attacker uid, ``index`` the Attack index."""

    what: str
    card: int
    index: int = 0


@dataclass(slots=True)
class SkyNote:
    """One settled 4th Wall or Terra Bonus answer of the current turn (MZ-WALL-04..06, MZ-GAP-69): for the
    Caster in ``seat``, the Page ``condition`` (its data text: ``nighttime``, ``person: you are wearing a
    hat``) ``holds`` or not, for the reason ``basis`` (the log sentence)."""

    seat: int
    condition: str
    holds: bool
    basis: str


@dataclass(slots=True)
class SkyAsk:
    """A yes/no 4th Wall question still to ask (step ``sky``): Caster ``seat``, the ``condition`` (data
    text) and ``page``, the public label of the Page it is asked for."""

    seat: int
    condition: str
    page: str


@dataclass(slots=True)
class SkyState:
    """The real-surroundings inputs and this turn's answers (4th Wall Effects; games/metazoo/rules/wall.py).

    Set at game start and frozen: ``mode`` (``virtual`` | ``derived`` | ``declared``, MZ-WALL-04),
    ``place`` (the table's :class:`games.metazoo.rules.sky.Place` as JSON, or None), ``profiles`` (seat index as a
    string -> :class:`games.metazoo.rules.sky.Surroundings` JSON), ``clock`` (the game's start, epoch seconds UTC,
    or None). Changing: ``observed`` (the last instant the host passed to ``observe``), ``instant`` (the
    instant this turn reads, fixed at step 1a, MZ-GAP-69), ``answers`` (this turn's asked answers),
    ``notes`` (this turn's logged bases, shown on the board), ``asks`` (questions still to ask, the first
    is open), ``held`` and ``held_seat`` (a choice held until its questions are answered), ``resume`` (the
    step to return to after the questions; ``turn`` = go on with step 1a)."""

    mode: str = "virtual"
    place: dict[str, Any] | None = None
    profiles: dict[str, dict[str, Any]] = field(default_factory=dict)
    clock: float | None = None
    observed: float | None = None
    instant: float | None = None
    answers: list[SkyNote] = field(default_factory=list)
    notes: list[SkyNote] = field(default_factory=list)
    asks: list[SkyAsk] = field(default_factory=list)
    held: str = ""
    held_seat: int = -1
    resume: str = ""
    # Cache, never serialised: the sky module's Sky and the profiles built from the fields above.
    built: Any = field(default=None, metadata={"serialise": False}, compare=False, repr=False)


@dataclass(slots=True)
class State:
    """A whole MetaZoo game.

    ``step`` is one of ``predict`` (MZ-SETUP-02 prediction), ``choose_first``, ``mulligan``, ``start``
    (step 1b window), ``actions`` (step 2), ``end`` (step 3a window), ``trap_pay`` (a flipped Trap waits
    for payment), ``over``. ``priority`` is the seat that holds priority (-1 = none): during a chain or a
    fixed window, and during the active Caster's Take Actions step it is the active seat. ``window`` is the
    fixed window's queue of seats still to get priority (MZ-PRIO-06). ``terra`` holds the 6 shared Terra
    slots (uid or -1, MZ-TERRA-04); ``terra_next`` the rotation pointer (MZ-TERRA-05, MZ-GAP-66).
    ``uid_next`` numbers Arena entries. ``rng`` is the :class:`games.core.rng.Rng` state. ``gone`` holds tokens
    that left the Arena: removed from the game, in no zone (MZ-TOKEN-03). A token is an instance whose
    ``cards`` entry is ``token:<source Page id>``. ``queue`` holds simultaneous end-of-turn items still to be
    ordered by the active Caster (step ``order``; ``poison:p<seat>``, ``poison:u<uid>``, ``regen:u<uid>``).
    A copy is an instance whose ``cards`` entry is ``copy:<copied entry>`` (MZ-TOKEN-05/06).

    Prompts that pause a chain's resolution (:mod:`games.metazoo.rules.effects`): ``ask`` is ``""`` or one of
    ``sim`` (Damage or Status first, MZ-SIM-02), ``trap_pay`` (Traps flipped by an Effect, each paid or not),
    ``flip_order`` (their FLIPPED Effects ordered, MZ-SIM-04), ``copy`` (the copier targets a copied Spell,
    MZ-TOKEN-06), ``index`` (an opponent orders the Pages an Index revealed, MZ-INFO-04); ``asked`` holds
    the Index's revealed Pages still to put back or the copy waiting for its target (out of every zone
    meanwhile), ``flips`` the flipped Traps still to be paid (``<instance>:<placer seat>``), ``paid``
    the paid Traps whose FLIPPED Effects wait for their order. ``costs`` holds Aura Cost added by Effects to
    a Page in a Chapter (str(instance) -> type -> count, MZ-AURA-11).
    ``sky`` holds the real surroundings and this turn's 4th Wall answers (:class:`SkyState`); step ``sky``
    is a 4th Wall question waiting for its Caster's yes or no.

    With 3 or 4 Casters (MZ-GAP-12/13): ``out`` lists the seats that lost and left the game, in order;
    ``passes`` counts the passes in a row on the open chain since its last Action (the chain resolves when
    every other Caster still in the game has passed). Step ``ticks`` is step 1a's ticks, ``end_ticks`` step 3b's.

    ``tally`` counts the turn in progress for its one-line summary in the log: ``lp`` each
    Caster's LP when it began, ``contracts``, ``attacks`` and ``destroyed`` (all public)."""

    cards: list[str]
    owner: list[int]
    casters: list[Caster]
    rng: int
    seed: int
    first: int = 0
    predictor: int = 1
    chooser: int = 1
    turn: int = 0
    active: int = 0
    step: str = "predict"
    priority: int = -1
    window: list[int] = field(default_factory=list)
    arena: list[ArenaPage] = field(default_factory=list)
    terra: list[int] = field(default_factory=lambda: [-1] * 6)
    terra_next: int = 0
    chain: list[ChainItem] = field(default_factory=list)
    combat: Combat | None = None
    combats: int = 0
    pending: Pending | None = None
    trap_flip: int = -1
    gone: list[int] = field(default_factory=list)
    queue: list[str] = field(default_factory=list)
    uid_next: int = 1
    ask: str = ""
    asked: list[int] = field(default_factory=list)
    flips: list[str] = field(default_factory=list)
    paid: list[int] = field(default_factory=list)
    costs: dict[str, dict[str, int]] = field(default_factory=dict)
    version: int = 0
    result: dict[str, Any] | None = None
    sky: SkyState = field(default_factory=SkyState)
    out: list[int] = field(default_factory=list)
    passes: int = 0
    tally: dict[str, Any] = field(default_factory=dict)
    # Cache, never serialised: the Page definitions by instance.
    defs: list[Any] | None = field(default=None, metadata={"serialise": False}, compare=False, repr=False)
    cached: tuple[int, list[Any]] | None = field(
        default=None, metadata={"serialise": False}, compare=False, repr=False)
    """The open decisions of version ``cached[0]`` (:func:`games.metazoo.rules.decisions_of`); never serialised.
    Every change of the state through the contract bumps ``version``; while a choice is being applied the
    cache is off (a held 4th Wall Action reads the decisions of the state in the middle of the change)."""
    shown: tuple[int, bytes | None] | None = field(
        default=None, metadata={"serialise": False}, compare=False, repr=False)
    """The public board of version ``shown[0]`` as :mod:`marshal` bytes (:meth:`games.metazoo.game.MetaZooGame.view`),
    ``None`` while it was viewed once: kept at its second viewer and copied for every later one; never
    serialised."""
    root_turn: int | None = field(default=None, metadata={"serialise": False}, compare=False, repr=False)
    """Search only: on a determinization (:func:`games.metazoo.ai.sample`), the turn of the real state it was drawn
    from (the search's root), which :func:`games.metazoo.ai.evaluate` counts its play-on from; ``None`` elsewhere.
    No rule, view or snapshot reads it; never serialised, and a copy starts without it."""

    @property
    def players(self) -> list[Caster]:
        """The Casters under the name :func:`games.core.playout.simulate` uses for the seat count."""
        return self.casters


def _json_copy(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists and scalars), as ``copy.deepcopy`` makes it, without its memo."""
    t = type(value)
    if t is dict:
        return {k: _json_copy(v) for k, v in value.items()}
    if t is list:
        return [_json_copy(v) for v in value]
    return value


def _indicators(items: list[Indicator]) -> list[Indicator]:
    return [Indicator(i.status, i.counters, i.turn, i.combat) for i in items] if items else []


def _arena_page(ap: ArenaPage) -> ArenaPage:
    return ArenaPage(ap.uid, ap.card, ap.controller, ap.fatigued, ap.damage, ap.gain, _indicators(ap.indicators),
                     ap.equipment[:], ap.trap, ap.face_down, ap.moved, ap.entered, ap.flags[:], ap.slot,
                     ap.under[:], ap.on)


def _caster(c: Caster) -> Caster:
    return Caster(c.name, c.spellbook[:], c.chapter[:], c.limbo[:], c.cemetery[:], c.afterlife[:], c.max_lp,
                  c.damage, dict(c.aura), _indicators(c.indicators), c.mulligan, c.hand_size, c.aura_played,
                  c.flags[:])


def _sky(s: SkyState) -> SkyState:
    return SkyState(s.mode, _json_copy(s.place), _json_copy(s.profiles), s.clock, s.observed, s.instant,
                    [SkyNote(n.seat, n.condition, n.holds, n.basis) for n in s.answers],
                    [SkyNote(n.seat, n.condition, n.holds, n.basis) for n in s.notes],
                    [SkyAsk(a.seat, a.condition, a.page) for a in s.asks], s.held, s.held_seat, s.resume)


def clone(st: State, keep_defs: bool = False) -> State:
    """A copy of ``st`` that shares no list, dict or dataclass with it: what ``games.core.serial.cloner(State)``
    makes (a JSON round trip's result), written out field by field, about three times faster (a search copies a
    state twice an iteration). The caches (``defs``, ``cached``, ``shown``, ``SkyState.built``) start empty, as
    after a JSON round trip, except ``defs`` with ``keep_defs``: the Page definitions by instance follow from
    ``cards`` alone and are never changed in place (a change of ``cards`` drops them, :func:`..rules.pages.defs_of`),
    so a copy whose ``cards`` are the same may share them."""
    cb = st.combat
    pend = st.pending
    out = State(
        st.cards[:], st.owner[:], [_caster(c) for c in st.casters], st.rng, st.seed, st.first, st.predictor,
        st.chooser, st.turn, st.active, st.step, st.priority, st.window[:], [_arena_page(ap) for ap in st.arena],
        st.terra[:], st.terra_next,
        [ChainItem(it.kind, it.card, it.controller, it.effect, it.targets[:], it.chain_target, it.stopped, it.trap,
                   it.first) for it in st.chain] if st.chain else [],
        None if cb is None else Combat(cb.attacker, cb.attack, cb.target, cb.number, cb.defenders[:], cb.primary,
                                       cb.primary_attack, cb.stage, cb.order[:], cb.dmg, cb.alive[:], cb.split[:],
                                       cb.auto[:]),
        st.combats, None if pend is None else Pending(pend.what, pend.card, pend.index), st.trap_flip, st.gone[:],
        st.queue[:], st.uid_next, st.ask, st.asked[:], st.flips[:], st.paid[:],
        {k: dict(v) for k, v in st.costs.items()} if st.costs else {}, st.version, _json_copy(st.result),
        _sky(st.sky), st.out[:], st.passes, _json_copy(st.tally))
    if keep_defs:
        out.defs = st.defs
    return out

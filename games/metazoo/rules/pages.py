"""MetaZoo rules, the ground every chapter stands on: the Page model and Page state lookups (checklist §1:
definitions by instance, LP, Traits, Tribal Boost counts, Aura types), ownership and the Casters in seat order
(§21, MZ-GAP-12), dice and coins (§8, MZ-RNG-01..03), targeting (§7: legal targets and their option codes)
and the turn summary's counts.

:data:`EXT` holds the modules that build on these rules and that lower modules must call back into
(the late binding that keeps the import graph free of cycles); :mod:`games.metazoo.rules` plugs them in.
Imports only ``games.core``, the Page schema, the pool, the state and :mod:`games.metazoo.rules.wall`.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Event, Option
from games.core.rng import Rng

from ..cards import Page, page_line, token_of
from ..pool import card_pool, wheel
from ..state import ArenaPage, Caster, ChainItem, Indicator, State
from . import wall

START_LP = 1000  # MZ-SETUP-01
ADVANTAGE = 20  # MZ-TYPE-05, MZ-AAA-01


class Extensions:
    """The modules that build on the lower chapters and that those call back into, plugged in by
    :mod:`games.metazoo.rules` when it is imported: :mod:`games.metazoo.rules.allocation` (MZ-COMBAT-20),
    :mod:`games.metazoo.rules.chain` (the DESTROYED Effects a Destroy resolves), :mod:`games.metazoo.rules.effects` (the
    later Effect steps and the prompts that pause a chain), :mod:`games.metazoo.rules.multi` (Casters leaving a game
    of 3 or 4, MZ-GAP-12) and :mod:`games.metazoo.rules.placement` (MZ-PLACE-*). They import the lower chapters and
    those never import them, so there is no import cycle (``tests/test_import_graph.py``)."""

    allocation: Any = None
    chain: Any = None
    effects: Any = None
    multi: Any = None
    placement: Any = None


EXT = Extensions()


class Ended(Exception):
    """Raised inside an apply when the game ends; the state already holds the result."""


class Defs(list):
    """The Page definitions by instance (a list of :class:`Page`), with ``lines`` and ``base``: each
    instance's :func:`games.metazoo.cards.page_line` and ``base_types``, filled in on first use
    (:func:`line_of`, :func:`base_types_of`)."""

    __slots__ = ("lines", "base")


def defs_of(st: State) -> list[Page]:
    """Page definition by instance (cached on the state, never serialised; rebuilt when instances are added)."""
    d = st.defs
    if d is None or len(d) != len(st.cards):
        pool = card_pool()
        d = st.defs = Defs(page_def(pool, c) for c in st.cards)
        d.lines = [None] * len(d)
        d.base = [None] * len(d)
    return d


def line_of(st: State, card: int) -> str:
    """:func:`games.metazoo.cards.page_line` of instance ``card`` (once per instance: the views show it for
    every Page in the Arena and the Chapter)."""
    d = defs_of(st)
    got = d.lines[card]
    if got is None:
        got = d.lines[card] = page_line(d[card])
    return got


def page_def(pool: dict[str, Page], code: str) -> Page:
    """The definition behind an instance code: a Page id, ``token:<id>`` (an Infectious token) or ``copy:<code>``
    (a copy: the same printed information, no set symbol; of a Beastie or Artifact a token, MZ-TOKEN-05/06)."""
    if code.startswith("token:"):
        return token_of(pool[code[6:]])
    if code.startswith("copy:"):
        base = page_def(pool, code[5:])
        return base.model_copy(update={"set": "", "token": base.type in ("beastie", "artifact")})
    return pool[code]


def base_types_of(st: State, card: int) -> tuple[str, ...]:
    """The printed Base Aura types of instance ``card`` (``Page.base_types``, MZ-TYPE-02), once per instance."""
    d = defs_of(st)
    got = d.base[card]
    if got is None:
        got = d.base[card] = d[card].base_types
    return got


def other(st: State, p: int) -> int:
    """The next Caster clockwise after ``p`` still in the game (MZ-GAP-12; with two Casters, the opponent)."""
    n = len(st.casters)
    for i in range(1, n + 1):
        q = (p + i) % n
        if q not in st.out:
            return q
    return p


def previous(st: State, p: int) -> int:
    """The Caster before ``p`` clockwise still in the game (MZ-GAP-12; with two Casters, the opponent)."""
    n = len(st.casters)
    for i in range(1, n + 1):
        q = (p - i) % n
        if q not in st.out:
            return q
    return p


def clockwise(st: State, p: int) -> list[int]:
    """The seats still in the game in turn order starting at ``p`` (MZ-GAP-12, MZ-GAP-13, MZ-SIM-01)."""
    n = len(st.casters)
    return [(p + i) % n for i in range(n) if (p + i) % n not in st.out]


def opponents(st: State, p: int) -> list[int]:
    """Every opposing Caster of ``p`` still in the game, clockwise from ``p`` (MZ-GAP-12: no teams)."""
    return [q for q in clockwise(st, p) if q != p]


class Eliminated(Exception):
    """Raised by :func:`check_end` when a Caster leaves a game of 3 or 4 that goes on (MZ-GAP-12); the apply
    then removes them and resumes the flow (:mod:`games.metazoo.rules.multi`)."""


def find(st: State, uid: int) -> ArenaPage | None:
    """The Arena Page with public handle ``uid``, or ``None`` (it left the Arena)."""
    for ap in st.arena:
        if ap.uid == uid:
            return ap
    return None


def max_lp(st: State, ap: ArenaPage, d: list[Page] | None = None, board: wall.Board | None = None) -> int:
    """Maximum LP: printed LP plus LP Gain plus Tribal Boost plus Equipment plus active Terra LP Bonuses
    (MZ-LP-01, MZ-LP-06, MZ-TRIBE-01, MZ-EQUIP-07, MZ-TERRA-10). ``d``: :func:`defs_of` when the caller holds it
    (a view asks for every Arena Page) and ``board``: :func:`wall.board_features` when the caller has it."""
    if d is None:
        d = defs_of(st)
    me = d[ap.card]
    extra = sum(d[e].equip.lp for e in ap.equipment if d[e].equip is not None) if ap.equipment else 0
    if me.terra_bonuses:
        extra += wall.terra_lp(st, ap, d, board)
    return me.lp + ap.gain + (10 * tribe_count(st, ap, d) if me.tribal_boost else 0) + extra


def lp(st: State, ap: ArenaPage) -> int:
    """Current LP = maximum LP − (Damage + LP Loss), never below 0 (MZ-LP-02)."""
    return max(0, max_lp(st, ap) - ap.damage)


def caster_lp(c: Caster) -> int:
    """A Caster's current LP (MZ-SETUP-01, MZ-LP-02)."""
    return max(0, c.max_lp - c.damage)


def cost_of(st: State, card: int) -> dict[str, int]:
    """The Aura Cost of ``card`` now, printed plus added by Effects (MZ-AURA-11; :func:`games.metazoo.rules.effects.cost_of`)."""
    return EXT.effects.cost_of(st, card)


def cannot_lose(st: State, p: int) -> bool:
    """Whether Caster ``p`` cannot lose the game now: a ``cannot_lose`` Effect this turn (``Caster.flags``
    ``no_lose:<turn>``, MZ-TRAP-07)."""
    return any(f.startswith("no_lose:") and st.turn <= int(f[8:]) for f in st.casters[p].flags)


def has_status(ind: list[Indicator], status: str) -> bool:
    for i in ind:  # a loop, not any(): most Pages carry no Indicator and this runs for each, every step
        if i.status == status:
            return True
    return False


def traits(st: State, ap: ArenaPage) -> list[str]:
    """The effective Traits of an Arena Page: its printed Traits plus those its attached Equipment gives
    (``equip`` bonus) and those its 4th Wall clauses give while they hold (MZ-WALL-01), with repeats (Regen
    stacks, MZ-GAP-47); ``[]`` when face-down. Every Trait check on a Page in the Arena goes through this
    (MZ-TRAIT-01, MZ-EQUIPTRAIT-01, MZ-EQUIP-03, MZ-EQUIP-07)."""
    if ap.face_down:
        return []
    d = defs_of(st)
    out = d[ap.card].traits
    if d[ap.card].wall:
        out = out + wall.gained_traits(st, ap, d)
    if not ap.equipment:
        return out
    return out + [t for e in ap.equipment if d[e].equip is not None for t in d[e].equip.traits]


def tribe_count(st: State, ap: ArenaPage, d: list[Page] | None = None) -> int:
    """MZ-TRIBE-01/03/04: other face-up Beasties of the same Tribe in the Arena (all Casters), when this
    Beastie has Tribal Boost and is not Paralyzed. ``d``: :func:`defs_of` when the caller holds it."""
    if d is None:
        d = defs_of(st)
    me = d[ap.card]
    if ap.face_down or not me.tribal_boost or has_status(ap.indicators, "paralyze"):
        return 0
    return sum(1 for o in st.arena if o is not ap and not o.face_down and d[o.card].type == "beastie"
               and d[o.card].tribe == me.tribe)


def label(st: State, ap: ArenaPage) -> str:
    """How an Arena Page is named in options and the public log: its name and handle, or "face-down Page"
    (MZ-CORE-08: a face-down Page's identity is never named publicly)."""
    if ap.face_down:
        return f"face-down Page #{ap.uid}"
    return f"{defs_of(st)[ap.card].name or 'Beastie token'} #{ap.uid}"


def target_label(st: State, t: int) -> str:
    if t < 0:
        return st.casters[-1 - t].name
    ap = find(st, t)
    return label(st, ap) if ap is not None else f"#{t} (gone)"


def types_of(st: State, card: int) -> tuple[str, ...]:
    """Base Aura types of an instance (MZ-TYPE-02), or the type an Effect set while it is in the Arena
    (MZ-TYPE-04)."""
    return EXT.effects.arena_types(st, card) or base_types_of(st, card)


def strong(attacker_types: tuple[str, ...], target_types: tuple[str, ...]) -> bool:
    """MZ-TYPE-05, MZ-GAP-08: whether any type of the dealer is strong against any type of the receiver
    (+20 once however many pairs match)."""
    w = wheel()
    return any(t in w.get(a, ()) for a in attacker_types for t in target_types)


def roll(st: State, who: int, reason: str, ev: list[Event]) -> int:
    """A D6 roll by Caster ``who`` from the game RNG, logged publicly with its reason (MZ-RNG-01, MZ-RNG-03)."""
    r = Rng(st.rng)
    n = r.die(6)
    st.rng = r.state
    ev.append(Event(f"{st.casters[who].name} rolls a D6 for {reason}: {n}."))
    return n


def flip(st: State, who: int, reason: str, ev: list[Event]) -> bool:
    """A coin flip made with a D6, even = heads (MZ-RNG-02), logged with its reason; True for heads."""
    r = Rng(st.rng)
    n = r.die(6)
    st.rng = r.state
    heads = n % 2 == 0
    ev.append(Event(f"{st.casters[who].name} flips for {reason}: D6 {n}, {'heads' if heads else 'tails'}."))
    return heads


def shuffle(st: State, pile: list[int]) -> None:
    r = Rng(st.rng)
    r.shuffle(pile)
    st.rng = r.state


def legal_targets(st: State, seat: int, target: str, *, spell: bool, power: bool = False) -> list[int]:
    """Targets an Effect of ``seat``'s may choose (MZ-TGT-01..06): face-up Beasties/Artifacts (never Aura or
    Terra, MZ-TGT-02), not Magiproof for Spells (MZ-MAGIPROOF-01), not burrowed for Spells and Powers
    (MZ-BURROW-02). ``chain``
    targets are chain indices of Spells or Effects (MZ-PRIO-05)."""
    d = defs_of(st)
    if target == "chain":
        return [i for i, it in enumerate(st.chain)
                if not it.stopped and (it.kind == "effect" or d[it.card].type in ("spell", "potion"))]
    if target == "opposing_caster":
        return [-1 - q for q in opponents(st, seat)]
    if target == "terra":
        return [u for u in st.terra if u >= 0]
    out = []
    for ap in st.arena:
        if ap.face_down:
            continue
        t = d[ap.card].type
        if t not in ("beastie", "artifact"):
            continue
        if target in ("opposing_beastie", "own_beastie", "beastie") and t != "beastie":
            continue
        if target in ("opposing_beastie", "opposing_page") and ap.controller == seat:
            continue
        if target == "own_beastie" and ap.controller != seat:
            continue
        if spell and "magiproof" in traits(st, ap):  # MZ-MAGIPROOF-01, MZ-EQUIP-07: Equipment Traits count
            continue
        if "burrowed" in ap.flags and (spell or power):  # MZ-BURROW-02: Potions and other Effects still may
            continue
        out.append(ap.uid)
    return out


def untargeted(st: State, seat: int, target: str, item: ChainItem | None) -> list[int]:
    """What a non-targeting Effect acts on (MZ-TGT-03: protections against targeting do not apply)."""
    d = defs_of(st)
    if target == "you":
        return [-1 - seat]
    if target == "opponents":
        return [-1 - p for p in opponents(st, seat)]
    if target in ("all_opposing_beasties", "all_beasties", "all_own_beasties"):
        return [ap.uid for ap in st.arena if not ap.face_down and d[ap.card].type == "beastie"
                and (target == "all_beasties" or (ap.controller != seat) == (target == "all_opposing_beasties"))]
    if target == "attacker":
        return [st.combat.attacker] if st.combat is not None else []
    return EXT.effects.extra_targets(st, seat, target)


def tally(st: State, key: str) -> None:
    """Count one ``key`` (``contracts``, ``attacks``, ``destroyed``) for this turn's summary."""
    st.tally[key] = st.tally.get(key, 0) + 1


def tcode(t: int) -> str:
    """Option code of a target: ``p<seat>`` for a Caster, ``u<uid>`` for an Arena Page."""
    return f"p{-1 - t}" if t < 0 else f"u{t}"


def distinct_chapter(st: State, p: int) -> list[int]:
    """One instance per Page id in ``p``'s Chapter (copies are the same choice), in Chapter order."""
    seen: set[str] = set()
    out = []
    for c in st.casters[p].chapter:
        if st.cards[c] not in seen:
            seen.add(st.cards[c])
            out.append(c)
    return out


def chapter_card(st: State, p: int, page_id: str) -> int:
    for c in st.casters[p].chapter:
        if st.cards[c] == page_id:
            return c
    return -1


def target_options(st: State, seat: int, target: str, spell: bool, power: bool = False) -> list[Option]:
    d = defs_of(st)
    if target == "chain":
        return [Option(f"target:c{i}", f"Target {d[st.chain[i].card].name} on the chain (entry {i + 1})")
                for i in legal_targets(st, seat, target, spell=spell)]
    return [Option(f"target:{tcode(t)}", f"Target {target_label(st, t)}")
            for t in legal_targets(st, seat, target, spell=spell, power=power)]


def parse_target(code: str) -> int:
    """Inverse of :func:`tcode` (``p1`` -> -2, ``u5`` -> 5)."""
    return -1 - int(code[1:]) if code[0] == "p" else int(code[1:])

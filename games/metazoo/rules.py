"""MetaZoo rules: set-up, the turn steps, Aura, Contracting, priority and the resolution chain, Combat,
Damage and LP, Status Effect ticks and the end of the game, as one state machine.

``decisions_of(st)`` lists the open decisions (one seat at a time); ``apply_choice(st, seat, option_id)``
applies one option after checking it is among that seat's current options. Everything past that check is
legal by construction (options are generated from the rules), so a refused choice changes nothing.
Rule IDs are from ``shared/rules/checklists/metazoo.md``; the decisions on its gaps are listed in the
package docstring (``games/metazoo/__init__.py``).

Flow: ``predict`` → ``choose_first`` → ``mulligan`` → turns. A turn is step 1a (ticks) → the fixed window
``start`` (1b) → 1c-1e → ``actions`` (2) → the fixed window ``end`` (3a) → 3b-3d. A *window* is a queue of
seats that get priority in turn (``State.window``); Combat windows A and B are one-seat windows. While the
chain is not empty, priority passes clockwise after every Action and pass; when every other Caster still in
the game has passed in a row (with two Casters: a single pass) the whole chain resolves, last in first out
(MZ-PRIO-04/05, MZ-GAP-13); then the window moves on to its next seat, or the step continues.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.core.contract import Decision, Event, NotYourDecision, Option, RulesError, StaleChoice
from games.core.rng import Rng

from . import wall
from .cards import TARGETING, Page, token_of
from .pool import card_pool, wheel
from .render import STEP_NAMES
from .sky import Answer
from .state import ArenaPage, Caster, ChainItem, Combat, Indicator, Pending, SkyAsk, SkyNote, State

START_LP = 1000  # MZ-SETUP-01
OPENING = 7  # MZ-SETUP-03
TERRA_SLOTS = 6  # MZ-TERRA-04
ADVANTAGE = 20  # MZ-TYPE-05, MZ-AAA-01
TURN_CAP = 500  # never reached: Spellbooks run out long before (MZ-EMPTY-02 ends it as a draw)
STATUS_OK = {  # MZ-STATUS-01: who can have each Status Effect
    "frozen": ("beastie", "artifact"), "burn": ("beastie", "caster"), "poison": ("beastie", "caster"),
    "paralyze": ("beastie",), "sleep": ("beastie",), "scared": ("beastie",), "confusion": ("beastie",),
}


class Extensions:
    """The rules kept in their own modules, plugged in by the package when it is imported
    (``games/metazoo/__init__.py``): :mod:`games.metazoo.allocation` (MZ-COMBAT-20),
    :mod:`games.metazoo.effects` (the later Effect steps and the prompts that pause a chain),
    :mod:`games.metazoo.multi` (Casters leaving a game of 3 or 4, MZ-GAP-12) and
    :mod:`games.metazoo.placement` (MZ-PLACE-*). They import this module and it never imports them, so there is
    no import cycle (``tests/test_import_graph.py``)."""

    allocation: Any = None
    effects: Any = None
    multi: Any = None
    placement: Any = None


EXT = Extensions()


class Ended(Exception):
    """Raised inside an apply when the game ends; the state already holds the result."""


# -- lookups -------------------------------------------------------------------------------------------


def defs_of(st: State) -> list[Page]:
    """Page definition by instance (cached on the state, never serialised)."""
    if st.defs is None or len(st.defs) != len(st.cards):
        pool = card_pool()
        st.defs = [_page_def(pool, c) for c in st.cards]
    return st.defs


def _page_def(pool: dict[str, Page], code: str) -> Page:
    """The definition behind an instance code: a Page id, ``token:<id>`` (an Infectious token) or ``copy:<code>``
    (a copy: the same printed information, no set symbol; of a Beastie or Artifact a token, MZ-TOKEN-05/06)."""
    if code.startswith("token:"):
        return token_of(pool[code[6:]])
    if code.startswith("copy:"):
        base = _page_def(pool, code[5:])
        return base.model_copy(update={"set": "", "token": base.type in ("beastie", "artifact")})
    return pool[code]


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
    then removes them and resumes the flow (:mod:`games.metazoo.multi`)."""


def find(st: State, uid: int) -> ArenaPage | None:
    """The Arena Page with public handle ``uid``, or ``None`` (it left the Arena)."""
    for ap in st.arena:
        if ap.uid == uid:
            return ap
    return None


def max_lp(st: State, ap: ArenaPage) -> int:
    """Maximum LP: printed LP plus LP Gain plus Tribal Boost plus Equipment plus active Terra LP Bonuses
    (MZ-LP-01, MZ-LP-06, MZ-TRIBE-01, MZ-EQUIP-07, MZ-TERRA-10)."""
    d = defs_of(st)
    extra = sum(d[e].equip.lp for e in ap.equipment if d[e].equip is not None)
    if d[ap.card].terra_bonuses:
        extra += wall.terra_lp(st, ap, d)
    return d[ap.card].lp + ap.gain + 10 * tribe_count(st, ap) + extra


def lp(st: State, ap: ArenaPage) -> int:
    """Current LP = maximum LP − (Damage + LP Loss), never below 0 (MZ-LP-02)."""
    return max(0, max_lp(st, ap) - ap.damage)


def caster_lp(c: Caster) -> int:
    """A Caster's current LP (MZ-SETUP-01, MZ-LP-02)."""
    return max(0, c.max_lp - c.damage)


def cost_of(st: State, card: int) -> dict[str, int]:
    """The Aura Cost of ``card`` now, printed plus added by Effects (MZ-AURA-11; :func:`games.metazoo.effects.cost_of`)."""
    return EXT.effects.cost_of(st, card)


def cannot_lose(st: State, p: int) -> bool:
    """Whether Caster ``p`` cannot lose the game now: a ``cannot_lose`` Effect this turn (``Caster.flags``
    ``no_lose:<turn>``, MZ-TRAP-07)."""
    return any(f.startswith("no_lose:") and st.turn <= int(f[8:]) for f in st.casters[p].flags)


def has_status(ind: list[Indicator], status: str) -> bool:
    return any(i.status == status for i in ind)


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


def tribe_count(st: State, ap: ArenaPage) -> int:
    """MZ-TRIBE-01/03/04: other face-up Beasties of the same Tribe in the Arena (all Casters), when this
    Beastie has Tribal Boost and is not Paralyzed."""
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
    return EXT.effects.arena_types(st, card) or defs_of(st)[card].base_types


def strong(attacker_types: tuple[str, ...], target_types: tuple[str, ...]) -> bool:
    """MZ-TYPE-05, MZ-GAP-08: whether any type of the dealer is strong against any type of the receiver
    (+20 once however many pairs match)."""
    w = wheel()
    return any(t in w.get(a, ()) for a in attacker_types for t in target_types)


# -- randomness (MZ-RNG-01..03) --------------------------------------------------------------------------


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


# -- end of the game (MZ-WIN-01..05, MZ-EMPTY-02) ---------------------------------------------------------


def finish(st: State, winners: tuple[int, ...], losers: tuple[int, ...], reason: str, text: str,
           ev: list[Event], draw: bool = False) -> None:
    """Record the result, with its deciding rule and each Caster's standing (issue 27 §8: :func:`result_rule`,
    :func:`standings`), and stop the apply (raises :class:`Ended`)."""
    st.result = {"winners": list(winners), "losers": list(losers), "reason": reason, "text": text, "draw": draw,
                 "rule": result_rule(st, reason, draw), "scores": standings(st, winners, draw)}
    st.step = "over"
    st.priority = -1
    st.window.clear()
    st.pending = None
    ev.append(Event(text))
    raise Ended


RESULT_RULES = {
    "lp": "A Caster at 0 LP loses; the last Caster above 0 LP wins (see /rules MZ-WIN-01)",
    "lp_draw": "Every Caster still in the game reached 0 LP at the same check: a Draw (see /rules MZ-WIN-05)",
    "pages": "Every Caster's Spellbook is empty: a Draw, nobody wins or loses (see /rules MZ-EMPTY-02)",
    "turn_cap": "The game reached its 500-turn limit: a Draw (see /rules MZ-WIN-05)",
    "effect": "A Page's Effect ended the game (see /rules MZ-WIN-03)",
    "bluff": "A face-down Page without the Trap Trait was revealed: its placer loses (see /rules MZ-WIN-04)",
    "concede": "A Caster who concedes loses (see /rules MZ-WIN-05)",
}
"""The deciding rule of each way a game ends, in player words with a pointer (issue 27 §8)."""


def result_rule(st: State, reason: str, draw: bool) -> str:
    """The deciding rule of a game ending for ``reason`` (:data:`RESULT_RULES`)."""
    if reason == "lp" and draw:
        return RESULT_RULES["lp_draw"]
    if reason == "bluff" and draw:
        return RESULT_RULES["bluff"] + "; nobody was left to win: a Draw"
    return RESULT_RULES.get(reason, "")


def standings(st: State, winners: tuple[int, ...] | list[int], draw: bool) -> list[str]:
    """Each Caster's line in seat order, as the rules count it (issue 27 §8): current and maximum LP, Spellbook
    and Chapter sizes, and where they finished: "wins", "draw", "loses", or when they left a game of 3 or 4
    (MZ-GAP-12) their place, the first to leave last."""
    n = len(st.casters)
    out = []
    for p, c in enumerate(st.casters):
        if p in winners:
            where = "wins"
        elif draw and p not in st.out:
            where = "draw"
        elif p in st.out and n > 2:
            where = f"left the game, {ordinal(n - st.out.index(p))} place"
        else:
            where = "loses"
        out.append(f"{c.name}: {caster_lp(c)} of {c.max_lp} LP · Spellbook {len(c.spellbook)} · Chapter "
                   f"{len(c.chapter)} · {where}")
    return out


def ordinal(k: int) -> str:
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


def lose(st: State, seats: list[int], reason: str, text: str, ev: list[Event]) -> None:
    """``seats`` lose at once (a bluff, MZ-TRAP-06). With two or more Casters staying they leave and the game
    goes on (MZ-GAP-12: raises :class:`Eliminated`); otherwise the game ends (raises :class:`Ended`), a
    draw when nobody stays."""
    stay = [p for p in range(len(st.casters)) if p not in st.out and p not in seats]
    if len(stay) >= 2:
        ev.append(Event(text))
        EXT.multi.eliminate(st, seats, ev, why="loses")
        raise Eliminated
    finish(st, tuple(stay), tuple(st.out) + tuple(seats), reason, text, ev, draw=not stay)


def check_end(st: State, ev: list[Event]) -> None:
    """MZ-WIN-05: checked after every event, mid-chain and mid-Combat. A Caster at 0 LP loses (MZ-WIN-01);
    both at 0 at once is a draw (MZ-GAP-73); every Spellbook empty is a draw (MZ-EMPTY-02)."""
    if st.result is not None:
        raise Ended
    down = [p for p, c in enumerate(st.casters) if p not in st.out and caster_lp(c) <= 0 and not cannot_lose(st, p)]
    if down and len(st.casters) - len(st.out) - len(down) >= 2:  # MZ-GAP-12: they leave, the game goes on
        EXT.multi.eliminate(st, down, ev)
        raise Eliminated
    if len(down) == len(st.casters) - len(st.out):
        finish(st, (), tuple(down), "lp", "Every Caster is at 0 LP at once: the game is a draw.", ev, draw=True)
    if down:
        alive = tuple(p for p in range(len(st.casters)) if p not in down and p not in st.out)
        names = " and ".join(st.casters[p].name for p in alive)
        finish(st, alive, tuple(st.out) + tuple(down), "lp",
               f"{', '.join(st.casters[p].name for p in down)} is at 0 LP: {names} wins.", ev)
    if st.step not in ("predict", "choose_first", "mulligan") and all(
            not c.spellbook for p, c in enumerate(st.casters) if p not in st.out):
        finish(st, (), (), "pages", "Every Caster's Spellbook is empty: the game is a draw.", ev, draw=True)


# -- zones -----------------------------------------------------------------------------------------------


def discard_zone(st: State, card: int) -> list[int]:
    """MZ-ZONE-04, MZ-OWN-02: the owner's zone for the Page's type (Limbo, Cemetery or Afterlife); a token or a
    copy goes to no zone (``State.gone``, MZ-TOKEN-03, MZ-GAP-64)."""
    if st.cards[card].startswith(("token:", "copy:")):
        return st.gone
    c = st.casters[st.owner[card]]
    t = defs_of(st)[card].type
    if t in ("beastie", "artifact"):
        return c.limbo
    if t in ("spell", "potion"):
        return c.cemetery
    return c.afterlife


def enter_arena(st: State, card: int, controller: int, ev: list[Event], *, face_down: bool = False,
                fatigued: bool | None = None) -> ArenaPage:
    """Put ``card`` into the Arena with a fresh handle. MZ-CORE-03: Aura and Terra enter Awakened, Fleet
    Pages Awakened (MZ-FLEET-01), everything else Fatigued; MZ-LP-01: printed LP, no Damage."""
    d = defs_of(st)[card]
    if fatigued is None:
        fatigued = not face_down and d.type not in ("aura", "terra") and "fleet" not in d.traits
    ap = ArenaPage(uid=st.uid_next, card=card, controller=controller, fatigued=fatigued, face_down=face_down,
                   entered=st.turn)
    st.uid_next += 1
    st.arena.append(ap)
    return ap


def leave_arena(st: State, ap: ArenaPage, ev: list[Event], *, destroyed: bool, to: str = "discard") -> None:
    """``ap`` leaves the Arena (MZ-ZONE-05/06: it keeps no Damage or Indicators). ``to`` is ``discard``
    (its type's zone), ``chapter``, ``under:<uid>`` (underneath that Page, MZ-PLACE-03). Equipment goes to its discard zone (MZ-EQUIP-08); a face-down Trap
    under it stays in the Arena standalone (MZ-TRAP-04); a Terra frees its slot (MZ-TERRA-06)."""
    st.arena.remove(ap)
    if ap.slot >= 0:
        st.terra[ap.slot] = -1
    for e in ap.equipment:
        discard_zone(st, e).append(e)
    if ap.trap >= 0:
        enter_arena(st, ap.trap, ap.controller, ev, face_down=True)
    EXT.placement.leave_with(st, ap, ev)  # MZ-PLACE-06/07: the Pages underneath go too
    owner = st.owner[ap.card]
    if st.cards[ap.card].startswith(("token:", "copy:")):  # MZ-TOKEN-03: removed from the game, no zone
        st.gone.append(ap.card)
        ev.append(Event(f"{label(st, ap)} is a token: it is removed from the game."))
    elif to == "gone":  # MZ-GAP-12: its owner left the game
        st.gone.append(ap.card)
    elif to == "chapter":
        st.casters[owner].chapter.append(ap.card)
    elif to.startswith("under:"):  # MZ-PLACE-03
        find(st, int(to[6:])).under.append(ap.card)
    else:
        discard_zone(st, ap.card).append(ap.card)
    if st.combat is not None:
        cb = st.combat
        if ap.uid in cb.defenders:
            cb.defenders.remove(ap.uid)


def destroy(st: State, ap: ArenaPage, ev: list[Event], why: str) -> None:
    """MZ-ZONE-01/03/05: Destroy an Arena Page: to Limbo (Beastie, Artifact) or Afterlife (Aura, Terra); then
    its DESTROYED Effects resolve (MZ-KW-04, MZ-COMBAT-25: at once, so within a Combat before the other
    Attack); a face-down Page has none (MZ-KW-03)."""
    ev.append(Event(f"{label(st, ap)} is Destroyed ({why})."))
    tally(st, "destroyed")
    face_up = not ap.face_down
    leave_arena(st, ap, ev, destroyed=True)
    page = defs_of(st)[ap.card]
    if face_up:
        for k, eff in enumerate(page.effects):
            if eff.timing == "destroyed":
                ev.append(Event(f"{page.name}'s DESTROYED Effect resolves."))
                run_steps(st, page, k, ap.controller, untargeted(st, ap.controller, eff.target, None), -1,
                          page.base_types, ev)
    zero_lp_check(st, ev)  # MZ-GAP-52: its leaving can lower other Pages' maximum LP (Tribal Boost)


def zero_lp_check(st: State, ev: list[Event]) -> None:
    """MZ-LP-05, MZ-GAP-52, MZ-IMMORTAL-01: Destroy every face-up Beastie or Artifact in the Arena whose current
    LP is 0, unless Immortal, whatever brought it there (Damage, LP Loss, or a lower maximum LP: a Defender
    Trait turn ending, a Tribal Boost count dropping, Equipment leaving or a negative ``equip`` bonus). One at a
    time in Arena order, repeated until none is left, since each Destroy can lower other maximums in turn.
    Damage and LP Loss Destroy their own Page directly (:func:`damage_page`, :func:`lose_page`); this runs after
    each Destroy, a Paralyze, the end of a Defender Trait turn and at the end of every applied choice."""
    while st.result is None:
        d = defs_of(st)  # fresh each round: a Destroy may have added a token (MZ-INFECTIOUS-01)
        dead = next((ap for ap in st.arena if not ap.face_down and d[ap.card].type in ("beastie", "artifact")
                     and lp(st, ap) <= 0 and "immortal" not in traits(st, ap)), None)
        if dead is None:
            return
        destroy(st, dead, ev, "0 LP")


# -- Damage, LP Loss, Recover (MZ-LP-01..07) ---------------------------------------------------------------


def damage_page(st: State, ap: ArenaPage, amount: int, ev: list[Event], why: str, *, in_combat: bool = False) -> int:
    """Deal ``amount`` Damage to an Arena Page (already modified); returns the LP actually removed.

    ``in_combat`` is True for an Attack's Damage to a Page that is attacking or defending in that Combat.
    Stone Skin makes any other Damage 0 (MZ-STONESKIN-01); then Sleep doubles Damage taken outside the Combat
    it was inflicted in, removes the Indicator and Awakens the Page (MZ-SLEEP-04, MZ-GAP-40); Damage above 0
    outside the Frozen Combat removes Frozen without Awakening (MZ-FROZEN-04, MZ-GAP-49). A Page at 0 LP is
    Destroyed at once unless Immortal (MZ-LP-05, MZ-COMBAT-19, MZ-IMMORTAL-01)."""
    name = label(st, ap)
    if "stone_skin" in traits(st, ap) and not in_combat and amount > 0:
        ev.append(Event(f"Stone Skin: {name} takes no Damage from {why}."))
        amount = 0
    number = st.combat.number if st.combat is not None else 0
    if amount > 0:
        for ind in list(ap.indicators):
            if ind.status == "sleep" and (ind.combat == 0 or ind.combat != number):
                amount *= 2
                ap.indicators.remove(ind)
                if not has_status(ap.indicators, "frozen"):
                    ap.fatigued = False
                ev.append(Event(f"{name} was Sleeping: the Damage is doubled and it wakes up Awakened."))
            elif ind.status == "frozen" and (ind.combat == 0 or ind.combat != number):
                ap.indicators.remove(ind)
                ev.append(Event(f"{name}'s Frozen Indicator is removed by the Damage (it stays Fatigued)."))
    before = lp(st, ap)
    taken = min(before, max(0, amount))
    ap.damage += taken
    ev.append(Event(f"{name} takes {amount} Damage ({why}): {lp(st, ap)} LP left."))
    if lp(st, ap) <= 0 and "immortal" not in traits(st, ap):
        destroy(st, ap, ev, "0 LP")
    return taken


def lose_page(st: State, ap: ArenaPage, amount: int, ev: list[Event], why: str) -> None:
    """LP Loss on a Page: lowers current LP like Damage but is not Damage (MZ-LP-04); 0 LP Destroys it
    (MZ-LP-05)."""
    ap.damage += min(lp(st, ap), amount)
    ev.append(Event(f"{label(st, ap)} loses {amount} LP ({why}): {lp(st, ap)} LP left."))
    if lp(st, ap) <= 0 and "immortal" not in traits(st, ap):
        destroy(st, ap, ev, "0 LP")


def hurt_caster(st: State, p: int, amount: int, ev: list[Event], why: str, *, damage: bool = True) -> int:
    """Damage (or LP Loss) to Caster ``p``; returns the LP removed (MZ-COMBAT-23, MZ-LP-04, MZ-WIN-01).
    The end of the game is checked by the caller's next :func:`check_end`."""
    c = st.casters[p]
    taken = min(caster_lp(c), amount)
    c.damage += taken
    word = "takes" if damage else "loses"
    ev.append(Event(f"{c.name} {word} {amount} {'Damage' if damage else 'LP'} ({why}): {caster_lp(c)} LP left."))
    return taken


def recover_page(st: State, ap: ArenaPage, amount: int, ev: list[Event], why: str) -> None:
    """MZ-LP-07, MZ-GAP-78: remove up to ``amount`` Damage (LP Loss included); never above maximum LP."""
    ap.damage = max(0, ap.damage - amount)
    ev.append(Event(f"{label(st, ap)} recovers {amount} LP ({why}): {lp(st, ap)} LP."))


# -- Status Effects (MZ-STATUS-01..04 and each Status) -----------------------------------------------------


def inflict(st: State, target: int, status: str, x: int, automatic: bool, source_controller: int,
            ev: list[Event], why: str, shared: dict[str, int] | None = None) -> None:
    """Inflict ``status`` on ``target`` (uid or ``-1 - seat``). MZ-STATUS-01: only on what can have it;
    MZ-STATUS-02: at most one Indicator of each (Poison up to 3, MZ-POISON-01) and no refresh;
    MZ-STATUS-04: ``automatic`` skips the coin flip of Paralyze and Sleep (MZ-PARALYZE-01, MZ-SLEEP-01)."""
    if target < 0:
        holder = st.casters[-1 - target].indicators
        kind = "caster"
        name = st.casters[-1 - target].name
        ap = None
    else:
        ap = find(st, target)
        if ap is None:
            return
        holder = ap.indicators
        kind = defs_of(st)[ap.card].type
        name = label(st, ap)
    if kind not in STATUS_OK[status]:
        return
    count = sum(1 for i in holder if i.status == status)
    if count >= (3 if status == "poison" else 1):
        ev.append(Event(f"{name} already has {status.capitalize()}; nothing happens."))
        return
    shared = {} if shared is None else shared  # MZ-SIM-03: one flip or roll for every target of one Effect
    if status in ("paralyze", "sleep") and not automatic:
        if "flip" not in shared:
            shared["flip"] = int(flip(st, source_controller, f"{status.capitalize()} on {name}", ev))
        elif shared["flip"]:
            ev.append(Event(f"The same flip (heads) applies to {name}."))
        if not shared["flip"]:
            return
    ind = Indicator(status, turn=st.turn, combat=st.combat.number if st.combat else 0)
    if status == "frozen":
        ind.counters = max(1, x)  # MZ-GAP-49: X <= 0 counts as 1
    elif status == "burn":
        if "burn" not in shared:  # MZ-BURN-01
            shared["burn"] = roll(st, source_controller, f"Burn counters on {name}", ev)
        ind.counters = shared["burn"]
    holder.append(ind)
    if ap is not None and status in ("frozen", "sleep"):
        ap.fatigued = True  # MZ-FROZEN-01, MZ-SLEEP-01
    ev.append(Event(f"{name} is inflicted with {status.capitalize()}"
                    + (f" ({ind.counters} counters)" if ind.counters else "") + f" ({why})."))
    if status == "paralyze":  # MZ-TRIBE-04, MZ-GAP-52: a Paralyzed Page loses its Tribal Boost LP
        zero_lp_check(st, ev)


def start_ticks(st: State, ev: list[Event]) -> None:
    """Step 1a (MZ-TURN-01, MZ-STATUS-06): Frozen and Burn lose a counter (MZ-FROZEN-02, MZ-BURN-02), Poison
    Indicators placed two turns ago are removed (MZ-POISON-03)."""
    holders: list[tuple[list[Indicator], ArenaPage | None, str]] = [
        (c.indicators, None, c.name) for c in st.casters]
    holders += [(ap.indicators, ap, label(st, ap)) for ap in list(st.arena)]
    for ind_list, ap, name in holders:
        for ind in list(ind_list):
            if ind.status in ("frozen", "burn"):
                ind.counters -= 1
                if ind.counters <= 0:
                    ind_list.remove(ind)
                    ev.append(Event(f"{name}'s {ind.status.capitalize()} Indicator is removed."))
                    if ind.status == "frozen" and ap is not None and not has_status(ind_list, "sleep"):
                        ap.fatigued = False
            elif ind.status == "poison" and st.turn >= ind.turn + 2:
                ind_list.remove(ind)
                ev.append(Event(f"A Poison Indicator is removed from {name}."))


def end_ticks(st: State, ev: list[Event]) -> None:
    """Step 3b (MZ-TURN-14), the fixed part: Flash and burrowed end, the Defender Trait's LP goes, Paralyze placed
    the turn before is removed (MZ-PARALYZE-04). Poison and Regen are the ordered part (:func:`end_items`)."""
    for ap in st.arena:  # MZ-FLASH-01: the restriction ends at the end of its last turn
        for flag in [f for f in ap.flags if f.startswith("flashed:") and int(f.split(":")[1]) <= st.turn]:
            ap.flags.remove(flag)
    for ap in st.arena:  # MZ-BURROW-01: burrowed until the end of the turn
        if "burrowed" in ap.flags:
            ap.flags.remove("burrowed")
            ev.append(Event(f"{label(st, ap)} comes up from its burrow."))
    for ap in list(st.arena):
        for flag in [f for f in ap.flags if f.startswith("defender:")]:  # MZ-DEFENDERTRAIT-01
            ap.flags.remove(flag)
            ap.gain -= int(flag.split(":")[1])
            ev.append(Event(f"Defender: {label(st, ap)}'s maximum LP returns to {max_lp(st, ap)}."))
    zero_lp_check(st, ev)  # MZ-GAP-52: Damage is kept, so a Page may now be at 0 LP
    for ap in st.arena:
        for ind in list(ap.indicators):
            if ind.status == "paralyze" and st.turn >= ind.turn + 1:
                ap.indicators.remove(ind)
                ev.append(Event(f"{label(st, ap)}'s Paralyze Indicator is removed."))


def end_items(st: State) -> list[str]:
    """The simultaneous end-of-turn items in their listed order: Poison LP Loss of Casters then Pages
    (MZ-POISON-02), Regen (MZ-REGEN-01)."""
    out = [f"poison:p{p}" for p, c in enumerate(st.casters) if has_status(c.indicators, "poison")]
    for ap in st.arena:
        if has_status(ap.indicators, "poison"):
            out.append(f"poison:u{ap.uid}")
        if "regen" in traits(st, ap):
            out.append(f"regen:u{ap.uid}")
    return out


def item_label(st: State, item: str) -> str | None:
    """Words for an end-of-turn item, or ``None`` when it no longer applies (its Page left the Arena)."""
    kind, _, code = item.partition(":")
    t = parse_target(code)
    if t < 0:
        n = sum(1 for i in st.casters[-1 - t].indicators if i.status == "poison")
        return f"Poison: {st.casters[-1 - t].name} loses {10 * n} LP" if n else None
    ap = find(st, t)
    if ap is None:
        return None
    if kind == "poison":
        n = sum(1 for i in ap.indicators if i.status == "poison")
        return f"Poison: {label(st, ap)} loses {10 * n} LP" if n else None
    return f"Regen: {label(st, ap)} recovers {10 * traits(st, ap).count('regen')} LP"


def resolve_end_item(st: State, item: str, ev: list[Event]) -> None:
    """Resolve one end-of-turn item (LP Loss is not Damage, MZ-LP-04), then check the end (MZ-WIN-05)."""
    kind, _, code = item.partition(":")
    t = parse_target(code)
    if item_label(st, item) is None:
        return
    if t < 0:
        n = sum(1 for i in st.casters[-1 - t].indicators if i.status == "poison")
        hurt_caster(st, -1 - t, 10 * n, ev, "Poison", damage=False)
    else:
        ap = find(st, t)
        if kind == "poison":
            lose_page(st, ap, 10 * sum(1 for i in ap.indicators if i.status == "poison"), ev, "Poison")
        elif ap.damage:
            recover_page(st, ap, 10 * traits(st, ap).count("regen"), ev, "Regen")
    check_end(st, ev)


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


# -- Aura (MZ-AURA-01..06) ---------------------------------------------------------------------------------


def can_pay(pool: dict[str, int], cost: dict[str, int]) -> bool:
    """MZ-AURA-05: each typed component is paid with Aura of exactly that type, Neutral with any Aura."""
    spare = 0
    for t, n in pool.items():
        need = cost.get(t, 0) if t != "neutral" else 0
        if n < need:
            return False
        spare += n - need
    for t, n in cost.items():
        if t != "neutral" and pool.get(t, 0) < n:
            return False
    return spare >= cost.get("neutral", 0)


def pay(pool: dict[str, int], cost: dict[str, int]) -> None:
    """Take ``cost`` from ``pool`` (checked with :func:`can_pay`): typed first, Neutral from Neutral Aura and
    then from the largest remaining types."""
    for t, n in cost.items():
        if t != "neutral":
            pool[t] -= n
    need = cost.get("neutral", 0)
    while need:
        t = "neutral" if pool.get("neutral", 0) else max(sorted(pool), key=lambda k: pool[k])
        pool[t] -= 1
        need -= 1
    for t in [t for t, n in pool.items() if n == 0]:
        del pool[t]


def cost_text(cost: dict[str, int]) -> str:
    return " + ".join(f"{n} {t.capitalize()}" for t, n in cost.items()) or "0 Aura"


def dissolve(st: State, ev: list[Event], when: str) -> None:
    """MZ-TURN-05, MZ-TURN-15, MZ-GAP-25: every Caster's unspent Aura dissolves."""
    for c in st.casters:
        if c.aura:
            ev.append(Event(f"{c.name}'s unspent Aura dissolves ({when})."))
            c.aura.clear()


# -- targets -----------------------------------------------------------------------------------------------


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


# -- resolving Effects ---------------------------------------------------------------------------------------


def run_steps(st: State, page: Page, eff_index: int, controller: int, targets: list[int], chain_target: int,
              source_types: tuple[str, ...], ev: list[Event]) -> None:
    """Resolve the steps of Effect ``eff_index`` of ``page`` on ``targets`` (MZ-GAP-16: targets that left
    the Arena are skipped, the rest still resolve). Damage from a Page's Effect gets Type Advantage
    (MZ-TYPE-05). Win/loss is checked after each step (MZ-WIN-05)."""
    effects = EXT.effects
    eff = page.effects[eff_index]
    for step in effects.steps_in_order(st, page, eff.steps):  # MZ-SIM-02
        if step.do in effects.NEW_STEPS:
            effects.run_step(st, page, step, controller, targets, chain_target, ev)
            continue
        if step.do in ("stop", "reflect"):
            if 0 <= chain_target < len(st.chain):
                it = st.chain[chain_target]
                name = defs_of(st)[it.card].name
                if step.do == "stop":
                    it.stopped = True
                    ev.append(Event(f"{page.name} stops {name}: it will not resolve."))
                else:
                    it.targets = [-1 - it.controller]
                    ev.append(Event(f"{page.name} turns {name} back at {st.casters[it.controller].name}."))
            continue
        if step.do == "bookmark":  # MZ-OWN-03: "you" is the controller
            for _ in range(step.amount):
                bookmark(st, controller, ev, page.name)
            check_end(st, ev)
            continue
        if step.do == "search":
            search(st, controller, step.page_type, ev, page.name)
            continue
        if step.do in ("look", "reveal"):  # MZ-INFO-03: a Look is private, a Reveal public; neither activates
            top = st.casters[controller].spellbook[:step.amount]
            shown = ", ".join(defs_of(st)[x].name for x in top) or "nothing (the Spellbook is empty)"
            who = st.casters[controller].name
            if step.do == "look":
                ev.append(Event(f"{who} looks at the top {len(top)} Pages of their Spellbook ({page.name})."))
                ev.append(Event(f"The top of your Spellbook: {shown}.", (controller,)))
            else:
                ev.append(Event(f"{who} reveals the top of their Spellbook ({page.name}): {shown}."))
            continue
        if step.do == "win":  # MZ-WIN-03
            finish(st, (controller,), tuple(q for q in range(len(st.casters)) if q != controller), "effect",
                   f"{page.name}: {st.casters[controller].name} wins the game.", ev)
        shared: dict[str, int] = {}
        for t in targets:
            if t < 0:
                p = -1 - t
                if step.do == "damage":
                    hurt_caster(st, p, step.amount, ev, page.name)
                elif step.do == "lose_lp":
                    hurt_caster(st, p, step.amount, ev, page.name, damage=False)
                elif step.do == "recover":
                    c = st.casters[p]
                    c.damage = max(0, c.damage - step.amount)  # MZ-GAP-74: never above maximum
                    ev.append(Event(f"{c.name} recovers {step.amount} LP: {caster_lp(c)} LP."))
                elif step.do == "inflict":
                    inflict(st, t, step.status or "", step.x, step.automatic, controller, ev, page.name, shared)
                check_end(st, ev)
                continue
            ap = find(st, t)
            if ap is None:
                continue
            if step.do == "damage":
                amount = step.amount
                if strong(source_types, types_of(st, ap.card)):
                    amount += ADVANTAGE
                    ev.append(Event(f"Type Advantage: +{ADVANTAGE} Damage to {label(st, ap)}."))
                damage_page(st, ap, amount, ev, page.name)
            elif step.do == "lose_lp":
                lose_page(st, ap, step.amount, ev, page.name)
            elif step.do == "recover":
                recover_page(st, ap, step.amount, ev, page.name)
            elif step.do == "gain_lp":
                ap.gain += step.amount
                ev.append(Event(f"{label(st, ap)} gains {step.amount} LP: {lp(st, ap)} LP."))
            elif step.do == "inflict":
                inflict(st, t, step.status or "", step.x, step.automatic, controller, ev, page.name, shared)
            elif step.do == "destroy":
                destroy(st, ap, ev, page.name)
            elif step.do == "to_chapter":
                ev.append(Event(f"{label(st, ap)} returns to its owner's Chapter ({page.name})."))
                leave_arena(st, ap, ev, destroyed=False, to="chapter")
            check_end(st, ev)


def resolve_item(st: State, it: ChainItem, ev: list[Event]) -> None:
    """Resolve one chain entry (MZ-AURA-09, MZ-KW-01). A stopped entry does nothing; a stopped Contract's
    Page goes to its discard zone (MZ-GAP-16, MZ-GAP-17)."""
    d = defs_of(st)
    page = d[it.card]
    who = st.casters[it.controller].name
    if it.stopped:
        ev.append(Event(f"{page.name} does not resolve."))
        if it.kind == "contract":
            discard_zone(st, it.card).append(it.card)
        return
    if it.kind == "effect":
        eff = page.effects[it.effect]
        tg = it.targets if eff.target in TARGETING else untargeted(st, it.controller, eff.target, it)
        run_steps(st, page, it.effect, it.controller, tg, it.chain_target, page.base_types, ev)
        return
    ev.append(Event(f"{who}'s {page.name} resolves."))
    if "equipment" in page.traits and (page.type != "beastie" or it.targets):
        equip(st, it, ev)
        return
    if page.type in ("spell", "potion"):
        for k, eff in enumerate(page.effects):
            if eff.timing == "contract":
                tg = it.targets if eff.target in TARGETING else untargeted(st, it.controller, eff.target, it)
                run_steps(st, page, k, it.controller, tg, it.chain_target, page.base_types, ev)
        discard_zone(st, it.card).append(it.card)  # MZ-CORE-07, MZ-ZONE-02
        return
    if page.type == "terra":
        place_terra(st, it.card, it.controller, ev)
        return
    for k, eff in enumerate(page.effects):  # MZ-KW-01, MZ-GAP-83: CONTRACT effects before entering
        if eff.timing == "contract":
            tg = it.targets if eff.target in TARGETING else untargeted(st, it.controller, eff.target, it)
            run_steps(st, page, k, it.controller, tg, -1, page.base_types, ev)
    ap = enter_arena(st, it.card, it.controller, ev)
    ev.append(Event(f"{label(st, ap)} enters the Arena {'Fatigued' if ap.fatigued else 'Awakened'}."))
    if page.targeting is None and it.targets and {"fear", "flash"} & set(page.traits):
        scare_or_flash(st, ap, it.targets[0], ev)


def fear_flash(st: State, seat: int, card: int) -> bool:
    """Whether Contracting ``card`` asks for an optional Fear/Flash target (an opposing Beastie exists)."""
    page = defs_of(st)[card]
    return page.type == "beastie" and bool({"fear", "flash"} & set(page.traits)) and bool(
        legal_targets(st, seat, "opposing_beastie", spell=False))


def scare_or_flash(st: State, ap: ArenaPage, target: int, ev: list[Event]) -> None:
    """MZ-FEAR-01, MZ-FLASH-01, MZ-GAP-58, MZ-GAP-46: after the Beastie enters, flip for its target: Fear on heads
    returns it to its owner's Chapter; Flash on heads stops its controller declaring Attacks with it until the
    end of their next turn (the turn after this one when it is theirs now)."""
    tap = find(st, target)
    if tap is None:
        return
    for trait in ("fear", "flash"):
        if trait not in traits(st, ap) or tap not in st.arena:
            continue
        if not flip(st, ap.controller, f"{trait.capitalize()} on {label(st, tap)}", ev):
            continue
        if trait == "fear":
            ev.append(Event(f"Fear: {label(st, tap)} returns to its owner's Chapter."))
            leave_arena(st, tap, ev, destroyed=False, to="chapter")
        else:
            until = st.turn + (2 if tap.controller == st.active else 1)
            tap.flags.append(f"flashed:{until}")
            ev.append(Event(f"Flash: {label(st, tap)} cannot declare Attacks until the end of turn {until}."))


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


def resolve_chain(st: State, ev: list[Event]) -> None:
    """MZ-PRIO-04/05: a pass resolves the whole chain, last in, first out."""
    while st.chain:
        it = st.chain[-1]
        if EXT.effects.needs_order(st, it):  # MZ-SIM-02: the active Caster answers first (State.ask)
            return
        resolve_item(st, it, ev)  # if the game ends inside, the entry stays on the chain (a Page is never lost)
        st.chain.pop()
        check_end(st, ev)
        if st.ask:  # a prompt the entry opened (MZ-SIM-04, MZ-INFO-04); effects.resume goes on
            return


# -- turn flow -----------------------------------------------------------------------------------------------


def bookmark(st: State, p: int, ev: list[Event], why: str) -> None:
    """MZ-INFO-01, MZ-EMPTY-01: take the top Page of the Spellbook into the Chapter; skipped when empty."""
    c = st.casters[p]
    if not c.spellbook:
        ev.append(Event(f"{c.name}'s Spellbook is empty: no Page to Bookmark ({why})."))
        return
    card = c.spellbook.pop(0)
    c.chapter.append(card)
    ev.append(Event(f"{c.name} Bookmarks a Page ({why})."))
    ev.append(Event(f"You Bookmark {defs_of(st)[card].name}.", (p,)))


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


def tally(st: State, key: str) -> None:
    """Count one ``key`` (``contracts``, ``attacks``, ``destroyed``) for this turn's summary."""
    st.tally[key] = st.tally.get(key, 0) + 1


def turn_summary(st: State) -> str:
    """The turn that ends in one line (issue 27 §6): "Turn 4 (Ana): 2 Contracts, 1 Attack, 1 Page Destroyed;
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


# -- Combat (MZ-COMBAT-01..25) ---------------------------------------------------------------------------------


def fatigue(st: State, ap: ArenaPage, ev: list[Event]) -> bool:
    """Fatigue ``ap``; a Scared Page first flips (MZ-SCARED-02, MZ-GAP-41): tails, it returns to its owner's
    Chapter (and the Action it was Fatigued for does not happen); heads, the Indicator goes and it is
    Fatigued. Returns whether the Page is still in the Arena."""
    if has_status(ap.indicators, "scared"):
        if not flip(st, ap.controller, f"Scared on {label(st, ap)}", ev):
            ev.append(Event(f"{label(st, ap)} is Scared away to its owner's Chapter."))
            leave_arena(st, ap, ev, destroyed=False, to="chapter")
            return False
        ap.indicators = [i for i in ap.indicators if i.status != "scared"]
        ev.append(Event(f"{label(st, ap)} shakes off Scared."))
    ap.fatigued = True
    return True


def can_attack(st: State, ap: ArenaPage) -> bool:
    """MZ-COMBAT-01/02, MZ-GAP-28: an Awakened face-up Beastie with an Attack that is not Paralyzed or
    burrowed, controlled by the active Caster."""
    d = defs_of(st)[ap.card]
    return (not ap.face_down and d.type == "beastie" and bool(d.attacks) and not ap.fatigued
            and not has_status(ap.indicators, "paralyze") and "burrowed" not in ap.flags
            and not any(f.startswith("flashed:") for f in ap.flags) and not wall.blocks_attack(st, ap, defs_of(st)))


def attack_targets(st: State, attacker: ArenaPage) -> list[int]:
    """MZ-COMBAT-04/05: the opposing Caster, opposing Beasties and Artifacts and standalone face-down Traps,
    except Spirit and Invisible Pages, Flight Pages unless the attacker has Flight, burrowed Beasties unless
    the attacker has Burrow; face-down Traps under a Page and Aura/Terra are never targets."""
    seat = attacker.controller
    mine = traits(st, attacker)
    out = [-1 - q for q in opponents(st, seat)]
    for ap in st.arena:
        if ap.controller == seat:
            continue
        if ap.face_down:
            out.append(ap.uid)
            continue
        d = defs_of(st)[ap.card]
        if d.type not in ("beastie", "artifact"):
            continue
        tr = traits(st, ap)  # MZ-EQUIP-07: Traits given by Equipment protect too
        if "spirit" in tr or "invisible" in tr:
            continue
        if "flight" in tr and "flight" not in mine:
            continue
        if "burrowed" in ap.flags and "burrow" not in mine:
            continue
        out.append(ap.uid)
    return out


def declare_attack(st: State, seat: int, uid: int, k: int, target: int, ev: list[Event]) -> None:
    """MZ-COMBAT-01/03/04/06/07: Fatigue the attacker, Burn LP Loss, choose Attack and target; a targeted
    face-down Trap flips; then window A for the targeted side."""
    ap = find(st, uid)
    assert ap is not None
    d = defs_of(st)
    if not fatigue(st, ap, ev):
        return
    st.combats += 1
    st.combat = Combat(attacker=uid, attack=k, target=target, number=st.combats)
    ev.append(Event(f"{st.casters[seat].name}'s {label(st, ap)} Attacks {target_label(st, target)} with "
                    f"{d[ap.card].attacks[k].name}."))
    tally(st, "attacks")
    if has_status(st.casters[seat].indicators, "burn"):  # MZ-COMBAT-03, MZ-BURN-03
        hurt_caster(st, seat, 20, ev, "Burn", damage=False)
        check_end(st, ev)
    if has_status(ap.indicators, "burn"):
        lose_page(st, ap, 20, ev, "Burn")
        check_end(st, ev)
        if ap not in st.arena:
            ev.append(Event("The attacker is gone: the Combat ends."))
            end_combat(st, ev)
            return
    if target >= 0:
        tap = find(st, target)
        assert tap is not None
        for ind in list(tap.indicators):  # MZ-SLEEP-03
            if ind.status == "sleep":
                tap.indicators.remove(ind)
                ev.append(Event(f"{label(st, tap)} wakes from Sleep as it is targeted (it stays Fatigued)."))
        if tap.face_down:
            flip_trap(st, tap.card, tap, ev)
            return
        if tap.trap >= 0:
            card = tap.trap
            tap.trap = -1
            flip_trap(st, card, None, ev)
            return
    start_window_a(st)


def start_window_a(st: State) -> None:
    cb = st.combat
    assert cb is not None
    cb.stage = "window_a"
    t = cb.target
    seat = -1 - t if t < 0 else find(st, t).controller
    st.window = [seat]
    st.priority = seat


def flip_trap(st: State, card: int, standalone: ArenaPage | None, ev: list[Event]) -> None:
    """MZ-TRAP-05/06/07, MZ-COMBAT-06: the Trap flips face-up and is revealed. Without the Trap Trait its
    placer loses at once; otherwise its controller decides whether to pay (``trap_pay``)."""
    d = defs_of(st)[card]
    placer = standalone.controller if standalone is not None else find(st, st.combat.target).controller
    if standalone is not None:
        st.arena.remove(standalone)
    ev.append(Event(f"The face-down Page flips face-up: it is {d.name}."))
    if "trap" not in d.traits:
        discard_zone(st, card).append(card)
        if cannot_lose(st, placer):  # MZ-TRAP-07: not Contracted, to its zone; the Attack goes on
            ev.append(Event(f"{d.name} has no Trap Trait, but {st.casters[placer].name} cannot lose: it goes to its "
                            "owner's zone, not Contracted (see /rules MZ-TRAP-07)."))
            if standalone is not None:
                ev.append(Event("The Attack's target is gone: the Combat ends."))
                end_combat(st, ev)
            else:
                start_window_a(st)
            return
        lose(st, [placer], "bluff", f"{d.name} has no Trap Trait: {st.casters[placer].name}, who placed it "
             f"face-down, loses (see /rules MZ-TRAP-06).", ev)
    st.trap_flip = card
    st.pending = Pending("trap", card, 1 if standalone is not None else 0)
    st.step = "trap_pay"
    st.priority = placer


def trap_paid(st: State, seat: int, pay_it: bool, ev: list[Event]) -> None:
    """MZ-TRAP-08/09/10, MZ-KW-02: paying is Contracting; a Beastie or Artifact becomes a Fatigued Defender, a
    Spell or Potion resolves at once (FLIPPED effects) then goes to the Cemetery. Unpaid: the Afterlife.
    MZ-GAP-31: a standalone Trap that was the Attack's target is gone; a Beastie/Artifact Trap becomes the
    original target, otherwise the Combat ends."""
    card = st.trap_flip  # stays set until the Page has its place, so an end mid-Effect loses no Page
    standalone = st.pending is not None and st.pending.index == 1
    st.pending = None
    st.step = "actions"
    d = defs_of(st)[card]
    cb = st.combat
    assert cb is not None
    if not pay_it:
        st.casters[st.owner[card]].afterlife.append(card)
        st.trap_flip = -1
        ev.append(Event(f"{st.casters[seat].name} does not pay for {d.name}: it goes to the Afterlife."))
    else:
        pay(st.casters[seat].aura, cost_of(st, card))
        ev.append(Event(f"{st.casters[seat].name} pays {cost_text(cost_of(st, card))} and Contracts {d.name}."))
        if d.type in ("beastie", "artifact"):
            ap = enter_arena(st, card, seat, ev, fatigued=True)
            st.trap_flip = -1
            ev.append(Event(f"{label(st, ap)} enters the Arena Fatigued as a Defender."))
            if standalone:
                cb.target = ap.uid
            else:
                cb.defenders.append(ap.uid)
            start_window_a(st)
            return
        for k, eff in enumerate(d.effects):
            if eff.timing == "flipped":
                run_steps(st, d, k, seat, untargeted(st, seat, eff.target, None), -1, d.base_types, ev)
        if d.type in ("spell", "potion"):
            discard_zone(st, card).append(card)
        else:
            enter_arena(st, card, seat, ev)
        st.trap_flip = -1
    if standalone or find(st, cb.attacker) is None:
        ev.append(Event("The Attack's target is gone: the Combat ends."))
        end_combat(st, ev)
        return
    start_window_a(st)


def defending_seat(st: State) -> int:
    cb = st.combat
    assert cb is not None
    return -1 - cb.target if cb.target < 0 else find(st, cb.target).controller


def can_defend(st: State, ap: ArenaPage, seat: int) -> bool:
    """MZ-COMBAT-08: an Awakened face-up Beastie of the defending Caster, not the original target, not
    Paralyzed or burrowed, not already declared."""
    cb = st.combat
    d = defs_of(st)[ap.card]
    return (ap.controller == seat and not ap.face_down and d.type == "beastie" and not ap.fatigued
            and ap.uid != cb.target and ap.uid not in cb.defenders
            and not has_status(ap.indicators, "paralyze") and "burrowed" not in ap.flags)


def begin_defend(st: State, ev: list[Event]) -> None:
    """Step 2 (MZ-COMBAT-08): the defending Caster declares Defenders, unless the attacker has Unblockable or
    Invisible (MZ-UNBLOCKABLE-01, MZ-INVISIBLE-01)."""
    cb = st.combat
    assert cb is not None
    att = find(st, cb.attacker)
    if att is None or (cb.target >= 0 and find(st, cb.target) is None and not cb.defenders):
        ev.append(Event("The Combat ends: a side of it is gone."))
        end_combat(st, ev)
        return
    if {"unblockable", "invisible"} & set(traits(st, att)):
        cb.stage = "primary"
        ev.append(Event("No Defenders may be declared against this Attack."))
        choose_primary_auto(st, ev)
        return
    cb.stage = "defend"
    st.priority = defending_seat(st)
    st.window = []
    if not any(can_defend(st, ap, st.priority) for ap in st.arena):
        ev.append(Event(f"{st.casters[st.priority].name} has no Beastie that can defend."))
        cb.stage = "primary"
        choose_primary_auto(st, ev)


def primary_options(st: State) -> list[tuple[int, int]]:
    """(uid, Attack index) pairs the defending Caster may choose as Primary Defender and its Attack
    (MZ-COMBAT-09/10; -1 = a Beastie without Attacks)."""
    cb = st.combat
    d = defs_of(st)
    pool = cb.defenders if cb.defenders else ([cb.target] if cb.target >= 0 else [])
    out = []
    for uid in pool:
        ap = find(st, uid)
        if ap is None:
            continue
        page = d[ap.card]
        if page.type == "beastie" and page.attacks:
            out += [(uid, k) for k in range(len(page.attacks))]
        else:
            out.append((uid, -1))
    return out


def choose_primary_auto(st: State, ev: list[Event]) -> None:
    """When the choice of Primary Defender is forced (one option, or a Caster/Artifact target), make it and
    go on to window B; otherwise leave the ``primary`` decision open."""
    cb = st.combat
    opts = primary_options(st)
    if cb.target < 0 and not cb.defenders:
        set_primary(st, cb.target, -1, ev)
    elif len(opts) <= 1:
        uid, k = opts[0] if opts else (cb.target, -1)
        set_primary(st, uid, k, ev)
    else:
        st.priority = defending_seat(st)


def set_primary(st: State, uid: int, k: int, ev: list[Event]) -> None:
    """MZ-COMBAT-09/10/12: fix the Primary Defender and its Attack, then window B for the attacker."""
    cb = st.combat
    cb.primary = uid
    cb.primary_attack = k
    what = target_label(st, uid)
    if k >= 0:
        ap = find(st, uid)
        what += f" with {defs_of(st)[ap.card].attacks[k].name}"
    ev.append(Event(f"Primary Defender: {what}."))
    if uid >= 0 and "venomous" in traits(st, find(st, uid)):  # MZ-VENOMOUS-01, MZ-GAP-42: when it is chosen
        inflict(st, cb.attacker, "poison", 1, True, find(st, uid).controller, ev, "Venomous")
    cb.stage = "window_b"
    att = find(st, cb.attacker)
    seat = att.controller if att is not None else st.active
    st.window = [seat]
    st.priority = seat


def attack_damage(st: State, ap: ArenaPage, k: int, receiver: int, ev: list[Event],
                  parts: list[str] | None = None) -> int:
    """MZ-COMBAT-18, MZ-GAP-39, MZ-GAP-09/10: printed Damage; (b) Type Advantage and Aura Attack Advantage
    against the receiver (the Primary Defender, or the attacker for the Primary Defender's own Attack),
    never against a Caster; (c) Terra Bonuses (MZ-TERRA-10); (d) Tribal Boost; Paralyze makes it 0. Each
    modifier goes into ``parts`` ("+20 Type Advantage") for the one combat line (issue 27 §6), or, without
    ``parts``, into its own log line."""
    page = defs_of(st)[ap.card]
    atk = page.attacks[k]
    dmg = atk.damage

    def add(n: int, what: str) -> None:
        if parts is None:
            ev.append(Event(f"{what}: {n:+d} Damage."))
        else:
            parts.append(f"{n:+d} {what}")

    if receiver >= 0:
        rap = find(st, receiver)
        if rap is not None and not rap.face_down:
            rtypes = types_of(st, rap.card)
            if strong(types_of(st, ap.card), rtypes):
                dmg += ADVANTAGE
                add(ADVANTAGE, "Type Advantage")
            if atk.advantage is not None and atk.advantage in rtypes:
                dmg += ADVANTAGE
                add(ADVANTAGE, f"Aura Attack Advantage ({atk.advantage.capitalize()})")
    if page.terra_bonuses:  # step (c)
        for name, n in wall.terra_damage(st, ap, defs_of(st)):
            dmg += n
            add(n, f"Terra Bonus ({name})")
    boost = tribe_count(st, ap)
    if boost:
        dmg += 10 * boost
        add(10 * boost, "Tribal Boost")
    d = defs_of(st)
    aura = arena_bonus(st, ap)
    if aura:
        dmg += aura
        add(aura, "ARENA Effects")
    gear = sum(d[e].equip.damage for e in ap.equipment if d[e].equip is not None)
    if gear:  # MZ-EQUIP-07, step (d)
        dmg = max(0, dmg + gear)
        add(gear, "Equipment")
    if has_status(ap.indicators, "paralyze"):
        dmg = 0
        if parts is not None:
            parts[:] = ["Paralyzed"]
    return dmg


def allocate(st: State, total: int, defenders: list[int], target: int) -> list[tuple[int, int]]:
    """MZ-COMBAT-20/21, MZ-GAP-34 (interim, automatic): at least 5 to each Defender if the total allows,
    then each Defender in declaration order up to its current LP (rounded up to a multiple of 5); only when
    every Defender got at least its current LP does the rest go to the original target (if it is still
    there), otherwise any odd remainder goes to the first Defender. Returns (receiver, amount) pairs."""
    alive = [u for u in defenders if find(st, u) is not None]
    if not alive:
        return [(target, total)]
    give = dict.fromkeys(alive, 0)
    left = total
    if left >= 5 * len(alive):
        for u in alive:
            give[u] = 5
        left -= 5 * len(alive)
    for u in alive:
        need = max(0, lp(st, find(st, u)) - give[u])
        need = -(-need // 5) * 5
        add = min(need, left)
        give[u] += add
        left -= add
    out = [(u, n) for u, n in give.items() if n]
    if left:
        covered = all(give[u] >= lp(st, find(st, u)) for u in alive)
        if covered:
            if target < 0 or (find(st, target) is not None and target not in give):
                out.append((target, left))
        else:
            give[alive[0]] += left
            out = [(u, n) for u, n in give.items() if n]
    return out


def resolve_attack(st: State, side: str, ev: list[Event]) -> bool:
    """Resolve one side's chosen Attack (MZ-COMBAT-17..25): Effects and Status icon on the Primary Defender
    (MZ-COMBAT-24), modified Damage, allocation over several Defenders, Damage to a Caster. Returns False when
    the attacking Caster must first choose how the Damage is split (MZ-COMBAT-20: stage ``allocate``)."""
    cb = st.combat
    assert cb is not None
    d = defs_of(st)
    if side == "attacker":
        ap = find(st, cb.attacker)
        k = cb.attack
        receiver = cb.primary if cb.primary is not None else cb.target
    else:
        ap = find(st, cb.primary) if cb.primary is not None and cb.primary >= 0 else None
        k = cb.primary_attack
        receiver = cb.attacker
    if ap is None or k < 0:
        return True
    atk = d[ap.card].attacks[k]
    if has_status(ap.indicators, "confusion"):  # MZ-CONFUSION-02, MZ-AAA-04, MZ-GAP-40
        if not flip(st, ap.controller, f"Confusion on {label(st, ap)}", ev):
            self_hit = attack_damage(st, ap, k, -1, ev)  # receiver -1: no Type/Aura Attack Advantage
            ap.indicators = [i for i in ap.indicators if i.status != "confusion"]
            ev.append(Event(f"{label(st, ap)} is Confused and hurts itself instead of using {atk.name}."))
            damage_page(st, ap, self_hit, ev, "Confusion")
            check_end(st, ev)
            return True
    parts: list[str] = []
    dmg = attack_damage(st, ap, k, receiver, ev, parts)
    split = side == "attacker" and len([u for u in cb.defenders if find(st, u) is not None]) > 1
    whom = "the Defenders" if split else target_label(st, receiver)
    how = "" if not parts else " (Paralyzed)" if parts == ["Paralyzed"] else f" ({atk.damage} {' '.join(parts)})"
    ev.append(Event(f"{st.casters[ap.controller].name}'s {label(st, ap)} strikes {whom} with {atk.name}: "
                    f"{dmg} Damage{how}."))
    if atk.status is not None and not has_status(ap.indicators, "paralyze"):
        inflict(st, receiver, atk.status, atk.x, atk.automatic, ap.controller, ev, atk.name)
        check_end(st, ev)
    if side == "attacker" and cb.defenders:
        plan = EXT.allocation.ask_split(st, ap, dmg, ev)  # MZ-COMBAT-20: the attacking Caster splits it
        if plan is None:
            return False
    else:
        plan = [(receiver, dmg)]
    deal_attack(st, ap, k, plan, ev)
    return True


def deal_attack(st: State, ap: ArenaPage, k: int, plan: list[tuple[int, int]], ev: list[Event]) -> None:
    """Deal an Attack's allocated Damage: ``plan`` is (receiver, amount) pairs (uid or ``-1 - seat``);
    Destroyer, Infectious and Blood Sucker follow (MZ-COMBAT-19/23, MZ-DESTROYER-01, MZ-INFECTIOUS-01,
    MZ-BLOODSUCKER-01)."""
    cb = st.combat
    atk = defs_of(st)[ap.card].attacks[k]
    mine = traits(st, ap)
    dealt = 0
    beasties_hit = {u for u, _ in plan if u >= 0 and find(st, u) is not None
                    and defs_of(st)[find(st, u).card].type == "beastie"}
    for uid, amount in plan:
        if uid < 0:
            dealt += hurt_caster(st, -1 - uid, amount, ev, atk.name)
        else:
            tap = find(st, uid)
            if tap is not None:
                beastie = defs_of(st)[tap.card].type == "beastie"
                fighting = uid == cb.attacker or uid in cb.defenders or uid == cb.primary
                taken = damage_page(st, tap, amount, ev, atk.name, in_combat=fighting)
                dealt += taken if beastie else 0  # MZ-GAP-43: Damage to Artifacts does not feed Blood Sucker
                if "destroyer" in mine and taken > 0 and tap in st.arena:  # MZ-DESTROYER-01, MZ-GAP-44
                    destroy(st, tap, ev, f"Destroyer ({label(st, ap)})")
        check_end(st, ev)
    if "infectious" in mine:  # MZ-INFECTIOUS-01: each Beastie this Attack Destroyed makes a token
        for uid, _ in plan:
            if uid >= 0 and find(st, uid) is None and uid in beasties_hit:
                make_token(st, ap, ev)
    if "blood_sucker" in mine and dealt and ap in st.arena:  # MZ-BLOODSUCKER-01
        recover_page(st, ap, dealt, ev, "Blood Sucker")


def strike(st: State, ev: list[Event]) -> None:
    """Steps 3-5 (MZ-COMBAT-13..16): who strikes first (First-Strike; both: the attacking Caster flips, heads
    the attacker first), the first Attack, the end test (MZ-GAP-33), the second Attack, end of Combat."""
    cb = st.combat
    assert cb is not None
    att = find(st, cb.attacker)
    prim = find(st, cb.primary) if cb.primary is not None and cb.primary >= 0 else None
    a_fs = att is not None and "first_strike" in traits(st, att)
    p_fs = prim is not None and "first_strike" in traits(st, prim)
    order = ["attacker", "primary"]
    if p_fs and not a_fs:
        order.reverse()
    elif a_fs and p_fs and att is not None:
        if not flip(st, att.controller, "First-Strike (heads: the attacker first)", ev):
            order.reverse()
    cb.order = order
    cb.stage = "strike"
    strike_on(st, ev)


def strike_on(st: State, ev: list[Event]) -> None:
    """Resolve the sides still in ``Combat.order``; stops while the attacking Caster allocates (MZ-COMBAT-20)
    and goes on from :func:`games.metazoo.allocation.apply_split`."""
    cb = st.combat
    assert cb is not None
    while cb.order:
        if not resolve_attack(st, cb.order[0], ev):
            return
        struck(st)
    end_combat(st, ev)


def struck(st: State) -> None:
    """The side at the head of ``Combat.order`` has struck; after the first Attack, the end test (MZ-GAP-33)."""
    cb = st.combat
    cb.order.pop(0)
    if len(cb.order) == 1:
        defending_left = any(find(st, u) is not None for u in cb.defenders) or (
            cb.primary is not None and (cb.primary < 0 or find(st, cb.primary) is not None)) or (
            cb.target < 0 or find(st, cb.target) is not None)
        if not defending_left or find(st, cb.attacker) is None:
            cb.order.clear()


def end_combat(st: State, ev: list[Event]) -> None:
    """Step 5: Combat ends; the active Caster goes on with Take Actions (MZ-COMBAT-16, MZ-TURN-12)."""
    st.combat = None
    st.step = "actions"
    st.window = []
    st.priority = st.active


# -- set-up (MZ-SETUP-01..05) --------------------------------------------------------------------------------


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


# -- options -----------------------------------------------------------------------------------------------


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


def contract_problem(st: State, p: int, card: int, *, actions: bool) -> RulesError | None:
    """Why ``p`` may not Contract ``card`` now (``None`` = allowed): MZ-PRIO-03 (only "any time" Pages
    outside Take Actions), MZ-TURN-06 (one Aura Page per turn), MZ-TURN-07 (Terra only in Take Actions),
    MZ-AURA-06/08 (the cost must already be in the pool), MZ-AURA-07 (a valid target must exist)."""
    page = defs_of(st)[card]
    if not actions and not page.any_time:
        return RulesError("MZ-PRIO-03", f"{page.name} is not an \"any time\" Page: it can be Contracted only in "
                                        "your Take Actions step with an empty chain.")
    if page.type == "aura" and st.casters[p].aura_played:
        return RulesError("MZ-TURN-06", "You have already Contracted an Aura Page this turn.")
    if page.type in ("aura", "terra") and not actions:
        return RulesError("MZ-TURN-07", f"{page.type.capitalize()} Pages are Contracted in your Take Actions step.")
    if not can_pay(st.casters[p].aura, cost_of(st, card)):
        have = cost_text(st.casters[p].aura) if st.casters[p].aura else "no Aura"
        return RulesError("MZ-AURA-08", f"{page.name} costs {cost_text(cost_of(st, card))}; your pool has {have}. "
                                        "Generate Aura first by Fatiguing Aura Pages (MZ-AURA-06).")
    eff = page.targeting
    optional = page.type == "beastie" and "equipment" in page.traits
    if eff is not None and not optional and not legal_targets(st, p, eff.target, spell=page.type == "spell"):
        return RulesError("MZ-AURA-07", f"{page.name} needs a target ({eff.target.replace('_', ' ')}) and none "
                                        "is legal now.")
    return wall.contract_problem(st, p, card, defs_of(st))  # MZ-WALL-01: no_contract known to hold


def unplayable(st: State, p: int) -> list[tuple[str, str]]:
    """Issue 27 §7: while ``p`` holds priority or is in its Take Actions step (choosing what to do, not the
    steps of an Action), each Page of its Chapter that cannot be Contracted now, once per Page id in Chapter
    order, as ``(name, reason in a few words)``: "only in your Take Actions step", "one Aura Page a turn",
    "needs 2 Dark, you have 1 Dark", "no legal target", "4th Wall: ...". Reads only ``p``'s own Chapter."""
    mine = [dc for dc in decisions_of(st) if dc.seat == p and dc.kind in ("actions", "priority")]
    if not mine or st.pending is not None:
        return []
    actions = mine[0].kind == "actions"
    out = []
    for card in distinct_chapter(st, p):
        err = contract_problem(st, p, card, actions=actions)
        if err is not None:
            out.append((defs_of(st)[card].name, short_reason(st, p, card, err)))
    return out


def short_reason(st: State, p: int, card: int, err: RulesError) -> str:
    """``err`` (from :func:`contract_problem`) in a few player words."""
    page = defs_of(st)[card]
    if err.rule == "MZ-PRIO-03":
        return "not an \"any time\" Page: only in your Take Actions step"
    if err.rule == "MZ-TURN-06":
        return "one Aura Page a turn"
    if err.rule == "MZ-TURN-07":
        return f"{page.type.capitalize()} Pages only in your Take Actions step"
    if err.rule == "MZ-AURA-08":
        pool = st.casters[p].aura
        return f"needs {cost_text(cost_of(st, card))}, you have {cost_text(pool) if pool else 'no Aura'}"
    if err.rule == "MZ-AURA-07":
        return f"no legal target ({page.targeting.target.replace('_', ' ') if page.targeting else 'none'})"
    return err.message.removeprefix(f"{page.name} ").rstrip(".")


def usable_effects(st: State, p: int) -> list[tuple[ArenaPage, int]]:
    """MZ-PRIO-03, MZ-GAP-20: "any time" Effects of ``p``'s face-up Arena Pages, once per turn per Page, not
    while Paralyzed (MZ-GAP-48), with a legal target."""
    out = []
    d = defs_of(st)
    for ap in st.arena:
        if ap.controller != p or ap.face_down or "used" in ap.flags or has_status(ap.indicators, "paralyze"):
            continue
        for k, eff in enumerate(d[ap.card].effects):
            if eff.timing != "any_time":
                continue
            if eff.target in TARGETING and not legal_targets(st, p, eff.target, spell=False):
                continue
            out.append((ap, k))
    return out


def gen_options(st: State, p: int) -> list[Option]:
    """MZ-AURA-01/02/03: Fatigue an Awakened Aura Page you control for one Aura (not an Action)."""
    d = defs_of(st)
    return [Option(f"gen:{ap.uid}", f"Fatigue {label(st, ap)} for 1 {(d[ap.card].aura or '').capitalize()} Aura",
                   (st.cards[ap.card],))
            for ap in st.arena if ap.controller == p and not ap.face_down and not ap.fatigued
            and d[ap.card].type == "aura"]


def trap_hosts(st: State, p: int) -> list[ArenaPage]:
    """MZ-TRAP-02, MZ-TURN-10: your face-up Beasties and Artifacts without a face-down Trap under them."""
    d = defs_of(st)
    return [ap for ap in st.arena if ap.controller == p and not ap.face_down and ap.trap < 0
            and d[ap.card].type in ("beastie", "artifact")]


def target_options(st: State, seat: int, target: str, spell: bool, power: bool = False) -> list[Option]:
    d = defs_of(st)
    if target == "chain":
        return [Option(f"target:c{i}", f"Target {d[st.chain[i].card].name} on the chain (entry {i + 1})")
                for i in legal_targets(st, seat, target, spell=spell)]
    return [Option(f"target:{tcode(t)}", f"Target {target_label(st, t)}")
            for t in legal_targets(st, seat, target, spell=spell, power=power)]


def chosen_from(st: State) -> str:
    """The decision kind the priority Caster chose their pending Action from: ``actions`` (their Take Actions
    step) or ``priority`` (a window, a chain or Combat), the same test as :func:`decisions_of`. Others see this
    kind while the Action's steps are open (MZ-GAP-24)."""
    actions = (st.step == "actions" and not st.chain and st.combat is None and not st.window
               and st.priority == st.active)
    return "actions" if actions else "priority"


ACTION_STEPS = ("target", "attack_target", "trap_where")
"""The decision kinds of an Action being chosen: its target, where a face-down Page goes (MZ-GAP-24)."""


def public_kind(st: State, kind: str) -> str:
    """The decision kind others see: an Action's own steps show as the step it was chosen from
    (:func:`chosen_from`), since they would tell which kind of hidden Page was picked (MZ-GAP-24)."""
    return chosen_from(st) if kind in ACTION_STEPS and st.pending is not None and not st.ask else kind


PUBLIC_KINDS = frozenset({"mulligan", "burrow", "defend", "primary", "trap_pay", "order", "allocate"})
"""Decision kinds whose options follow from the public board alone (Aura pools, Chapter sizes, face-up Pages, a
flipped Trap): with one option, everyone knows it is the only one (issue 27 §1)."""


def decisions_of(st: State) -> list[Decision]:
    """The open decisions: one seat at a time (MZ-GAP-23: mulligans in turn too). Empty when the game is over.

    Issue 27 §1-2 (MZ-GAP-24): a decision with one option is ``forced`` when that follows from public
    information: a kind in :data:`PUBLIC_KINDS`, or priority and the Take Actions step while the Caster's
    Chapter is empty (every other option of theirs is a public Page of the Arena). Every priority offer is a
    response window (``window``, default pass), ``aimed`` at a Caster whose Pages or self are attacked in the
    Combat in progress, or targeted by another Caster's chain entry (:func:`aimed_at`)."""
    return [_flagged(st, dc) for dc in _decisions(st)]


def _flagged(st: State, dc: Decision) -> Decision:
    window = dc.kind == "priority"
    forced = len(dc.options) == 1 and (
        dc.kind in PUBLIC_KINDS
        or (dc.kind in ("priority", "actions") and not st.casters[dc.seat].chapter and st.pending is None))
    aimed = window and aimed_at(st, dc.seat)
    if not (window or forced or aimed):
        return dc
    return replace(dc, window=window, forced=forced, aimed=aimed)


def aimed_at(st: State, seat: int) -> bool:
    """Whether the open priority window is aimed at ``seat`` (public, issue 27 §2): the Combat in progress
    attacks ``seat`` or a Page it controls, or an entry of the chain controlled by another Caster targets
    ``seat``, a Page it controls or one of its chain entries."""
    def mine(t: int) -> bool:
        if t < 0:
            return -1 - t == seat
        ap = find(st, t)
        return ap is not None and ap.controller == seat

    if st.combat is not None and mine(st.combat.target):
        return True
    for it in st.chain:
        if it.controller == seat:
            continue
        if any(mine(t) for t in it.targets):
            return True
        if 0 <= it.chain_target < len(st.chain) and st.chain[it.chain_target].controller == seat:
            return True
    return False


def _decisions(st: State) -> list[Decision]:
    if st.result is not None:
        return []
    if st.ask:  # a prompt pausing the chain (MZ-SIM-02/04, MZ-INFO-04)
        return EXT.effects.decisions(st)
    if st.step == "sky":
        return wall.decisions(st)
    d = defs_of(st)
    p = st.priority
    name = st.casters[p].name if p >= 0 else ""
    if st.step == "predict":
        return [Decision(p, "predict", f"{name}: predict the coin flip that decides who chooses to go first.",
                         (Option("heads", "Heads"), Option("tails", "Tails")), default="heads")]
    if st.step == "choose_first":
        return [Decision(p, "choose_first", f"{name}: go first or second?",
                         (Option("first", "Go first"), Option("second", "Go second")), default="first")]
    if st.step == "mulligan":
        c = st.casters[p]
        opts = [Option("keep", f"Keep these {len(c.chapter)} Pages")]
        if c.hand_size > 0:
            opts.append(Option("mulligan", f"Mulligan (Bookmark {c.hand_size - 1})"))
        return [Decision(p, "mulligan", f"{name}: keep your Chapter or Mulligan?", tuple(opts), default="keep")]
    if st.step == "burrow":
        opts = [Option(f"burrow:{ap.uid}", f"Burrow {label(st, ap)} until the end of this turn")
                for ap in burrow_candidates(st, p)]
        opts.append(Option("done", "Burrow nothing more"))
        return [Decision(p, "burrow", f"{name}: declare Beasties burrowed for this turn?", tuple(opts),
                         default="done")]
    if st.step == "order":
        opts = [Option(f"next:{item}", f"Next: {item_label(st, item)}") for item in st.queue]
        return [Decision(p, "order", f"{name}: these end-of-turn effects happen at the same time; choose the one "
                         "that resolves next.", tuple(opts), default=opts[0].id)]
    if st.step == "trap_pay":
        card = st.trap_flip
        page = d[card]
        opts = gen_options(st, p)
        if can_pay(st.casters[p].aura, cost_of(st, card)):
            opts.append(Option("pay", f"Pay {cost_text(cost_of(st, card))} and Contract {page.name}", (st.cards[card],)))
        opts.append(Option("decline", f"Do not pay: {page.name} goes to the Afterlife"))
        return [Decision(p, "trap_pay", f"{name}: your Trap {page.name} flipped. Pay its cost?", tuple(opts),
                         default="decline")]
    pend = st.pending
    if pend is not None:
        back = Option("back", "Back")
        if pend.what == "contract":
            page = d[pend.card]
            eff = page.targeting
            if eff is None:  # Fear / Flash: the optional target is chosen now (MZ-GAP-58)
                opts = target_options(st, p, "opposing_beastie", False)
                opts.append(Option("target:none", "No target for Fear/Flash"))
            else:
                opts = target_options(st, p, eff.target, page.type == "spell")
                if page.type == "beastie" and "equipment" in page.traits:  # MZ-EQUIP-04: may not equip
                    opts.append(Option("target:none", "Do not equip: enter the Arena as a Beastie"))
            return [Decision(p, "target", f"{name}: choose the target of {page.name}.", (*opts, back),
                             default="back")]
        if pend.what in ("use", "power"):
            ap = find(st, pend.card)
            eff = d[ap.card].effects[pend.index]
            opts = target_options(st, p, eff.target, False, power=pend.what == "power")
            return [Decision(p, "target", f"{name}: choose the target of {label(st, ap)}'s Effect.", (*opts, back),
                             default="back")]
        if pend.what == "attack":
            ap = find(st, pend.card)
            opts = [Option(f"target:{tcode(t)}", f"Attack {target_label(st, t)}") for t in attack_targets(st, ap)]
            return [Decision(p, "attack_target", f"{name}: choose the target of {label(st, ap)}'s "
                             f"{d[ap.card].attacks[pend.index].name}.", (*opts, back), default="back")]
        if pend.what == "trap_place":
            opts = [Option("alone", "Face-down on its own in the Arena")]
            opts += [Option(f"under:{h.uid}", f"Face-down under {label(st, h)}") for h in trap_hosts(st, p)]
            return [Decision(p, "trap_where", f"{name}: where does the face-down {d[pend.card].name} go?",
                             (*opts, back), default="alone")]
    cb = st.combat
    if cb is not None and cb.stage == "allocate":  # MZ-COMBAT-20
        return EXT.allocation.decisions(st)
    if cb is not None and cb.stage == "defend":
        opts = [Option(f"defend:{ap.uid}", f"Defend with {label(st, ap)}") for ap in st.arena
                if can_defend(st, ap, p)]
        opts.append(Option("done", "No more Defenders"))
        return [Decision(p, "defend", f"{name}: declare Defenders against {target_label(st, cb.attacker)}.",
                         tuple(opts), default="done")]
    if cb is not None and cb.stage == "primary":
        opts = []
        for uid, k in primary_options(st):
            ap = find(st, uid)
            what = d[ap.card].attacks[k].name if k >= 0 else "no Attack"
            opts.append(Option(f"primary:{uid}:{k}", f"{label(st, ap)} is Primary Defender ({what})"))
        return [Decision(p, "primary", f"{name}: choose the Primary Defender and its Attack.", tuple(opts))]
    actions = st.step == "actions" and not st.chain and cb is None and not st.window and p == st.active
    opts = gen_options(st, p)
    for card in distinct_chapter(st, p):
        if contract_problem(st, p, card, actions=actions) is None:
            page = d[card]
            opts.append(Option(f"play:{st.cards[card]}", f"Contract {page.name} ({cost_text(cost_of(st, card))})",
                               (st.cards[card],)))
    for ap, k in usable_effects(st, p):
        opts.append(Option(f"use:{ap.uid}:{k}", f"Use {label(st, ap)}: "
                           f"{d[ap.card].effects[k].text or 'its any time Effect'}"[:80], (st.cards[ap.card],)))
    if actions:
        for card in distinct_chapter(st, p):
            bluff = "" if "trap" in d[card].traits else " (a bluff: you lose if it is revealed)"
            opts.append(Option(f"trap:{st.cards[card]}", f"Place {d[card].name} face-down{bluff}",
                               (st.cards[card],)))
        hosts = trap_hosts(st, p)
        for ap in st.arena:
            if ap.controller == p and ap.face_down and not ap.moved:
                for h in hosts:
                    opts.append(Option(f"move:{ap.uid}:{h.uid}", f"Move {label(st, ap)} under {label(st, h)}"))
        for ap in st.arena:  # MZ-CORE-05, MZ-TURN-11, MZ-CONVERT-01, MZ-SELFDESTRUCT-01
            if ap.controller != p or ap.face_down or ap.fatigued or "burrowed" in ap.flags:
                continue
            page = d[ap.card]
            if not has_status(ap.indicators, "paralyze"):
                for k, eff in enumerate(page.effects):
                    if eff.timing == "power" and (eff.target not in TARGETING
                                                  or legal_targets(st, p, eff.target, spell=False, power=True)):
                        opts.append(Option(f"power:{ap.uid}:{k}", f"Power of {label(st, ap)}: {eff.text or 'use it'}"[:80],
                                           (st.cards[ap.card],)))
            if "convert" in traits(st, ap):
                opts.append(Option(f"convert:{ap.uid}", f"Convert: Fatigue {label(st, ap)} for 1 "
                                   f"{page.base_types[0].capitalize()} Aura", (st.cards[ap.card],)))
            if "self_destruct" in traits(st, ap):
                opts.append(Option(f"selfdestruct:{ap.uid}", f"Self-Destruct {label(st, ap)}", (st.cards[ap.card],)))
        for ap in st.arena:
            if ap.controller == p and can_attack(st, ap):
                for k, a in enumerate(d[ap.card].attacks):
                    opts.append(Option(f"attack:{ap.uid}:{k}", f"Attack with {label(st, ap)}: {a.name} ({a.damage})",
                                       (st.cards[ap.card],)))
        opts.append(Option("end", "End Take Actions (go to the end of the turn)"))
        return [Decision(p, "actions", f"{name}: take an Action.", tuple(opts), default="end")]
    opts.insert(0, Option("pass", "Pass (take no Action)"))
    if st.chain:
        why = "respond to the chain or pass (a pass resolves it)"
    elif cb is not None:
        why = "Combat window: use an \"any time\" Page or pass"
    else:
        why = f"{'start' if st.step == 'start' else 'end'}-of-turn priority: use an \"any time\" Page or pass"
    return [Decision(p, "priority", f"{name}: {why}.", tuple(opts), default="pass")]


# -- applying a choice -------------------------------------------------------------------------------------------


def explain(st: State, seat: int, choice: str, decision: Decision) -> RulesError:
    """The rule that refuses ``choice`` (not among ``decision``'s options), with what would be right."""
    kind, _, rest = choice.partition(":")
    actions = decision.kind == "actions"
    if decision.kind == "allocate":
        return EXT.allocation.refusal(st, choice)
    if kind == "play":
        card = chapter_card(st, seat, rest)
        if card < 0:
            return StaleChoice("MZ-CORE-08", f"There is no {rest} in your Chapter.")
        err = contract_problem(st, seat, card, actions=actions)
        if err is not None:  # issue 27 §7: name what would be legal
            legal = [o.label for o in decision.options if o.id.startswith("play:")]
            now = (f" You can Contract now: {'; '.join(legal)}." if legal
                   else " Nothing in your Chapter can be Contracted now.")
            return StaleChoice(err.rule, err.message + now)
    if kind == "attack":
        if not actions:
            return StaleChoice("MZ-COMBAT-01", "Attacks are declared only in your Take Actions step with an empty "
                                               "chain.")
        return StaleChoice("MZ-COMBAT-02", "That Beastie cannot declare an Attack now (it must be yours, Awakened, "
                                           "not Paralyzed or burrowed, and have that Attack).")
    if kind == "gen":
        return StaleChoice("MZ-CORE-02", "Only an Awakened Aura Page you control can be Fatigued for Aura.")
    if kind in ("trap", "move") and not actions:
        return StaleChoice("MZ-TURN-09", "Traps are placed and moved only in your Take Actions step.")
    if kind == "move":
        return StaleChoice("MZ-TURN-10", "A face-down Trap moves once, from standalone to under your Beastie or "
                                         "Artifact that has no Trap under it.")
    if kind == "defend":
        return StaleChoice("MZ-COMBAT-08", "Only your Awakened Beasties other than the original target, not "
                                           "Paralyzed or burrowed, can be declared as Defenders.")
    listing = "; ".join(o.label for o in decision.options)
    return StaleChoice("MZ-PRIO-10", f"That is not one of your options now. Options: {listing}")


def apply_choice(st: State, seat: int, choice: str) -> list[Event]:
    """Apply ``choice`` (an option id) for ``seat``. Raises :class:`RulesError` (naming the rule) and changes
    nothing unless the choice is one of the seat's current options."""
    decs = decisions_of(st)
    if not decs:
        raise NotYourDecision("MZ-WIN-05", "The game is over.")
    mine = [dc for dc in decs if dc.seat == seat]
    if not mine:
        owner = decs[0]
        kind = public_kind(st, owner.kind)  # MZ-GAP-24: the step as the others see it
        rule = {"mulligan": "MZ-SETUP-04", "predict": "MZ-SETUP-02", "choose_first": "MZ-SETUP-02",
                "defend": "MZ-COMBAT-08", "primary": "MZ-COMBAT-09", "trap_pay": "MZ-TRAP-08",
                "allocate": "MZ-COMBAT-20",
                "actions": "MZ-TURN-16"}.get(kind, "MZ-PRIO-02")
        raise NotYourDecision(rule, f"It is {st.casters[owner.seat].name}'s decision ({STEP_NAMES.get(kind, kind)}), "
                                    "not yours.")
    decision = mine[0]
    if decision.option(choice) is None:
        raise explain(st, seat, choice, decision)
    ev: list[Event] = []
    first = st.uid_next
    try:
        _apply(st, seat, choice, decision, ev)
        wall_after_choice(st, first, ev)  # MZ-WALL-06: entering Pages' returns; new bases logged
        zero_lp_check(st, ev)  # MZ-GAP-52: the 0-LP check after every event, whatever lowered a maximum
    except Ended:
        pass
    except Eliminated:  # MZ-GAP-12: a Caster left a game that goes on
        EXT.multi.resume(st, ev)
    st.version += 1
    return ev


def _apply(st: State, seat: int, choice: str, decision: Decision, ev: list[Event]) -> None:
    d = defs_of(st)
    name = st.casters[seat].name
    kind, _, rest = choice.partition(":")
    if wall_intercept(st, seat, choice, decision, ev):  # 4th Wall answers; Actions held until asked
        return
    if decision.kind == "predict":
        heads = flip(st, seat, "who chooses to go first", ev)
        right = heads == (choice == "heads")
        st.chooser = seat if right else (0 if seat else 1)  # MZ-GAP-12: predicted against the first seat
        ev.append(Event(f"{name} predicted {choice}: {'right' if right else 'wrong'}; "
                        f"{st.casters[st.chooser].name} chooses who goes first."))
        st.step = "choose_first"
        st.priority = st.chooser
        return
    if decision.kind == "choose_first":
        st.first = seat if choice == "first" else previous(st, seat)
        ev.append(Event(f"{name} chooses to go {choice}: {st.casters[st.first].name} takes the first turn."))
        deal(st, ev)
        return
    if decision.kind == "mulligan":
        mulligan(st, seat, choice == "mulligan", ev)
        return
    if kind == "gen":
        ap = find(st, int(rest))
        ap.fatigued = True
        t = d[ap.card].aura or "neutral"
        pool = st.casters[seat].aura
        pool[t] = pool.get(t, 0) + 1
        ev.append(Event(f"{name} Fatigues {label(st, ap)} and generates 1 {t.capitalize()} Aura."))
        return
    if st.ask:
        EXT.effects.apply(st, seat, choice, ev)
        return
    if decision.kind == "trap_pay":
        trap_paid(st, seat, choice == "pay", ev)
        return
    if decision.kind == "allocate":  # MZ-COMBAT-20
        EXT.allocation.apply_split(st, seat, choice, ev)
        return
    if decision.kind == "order":
        st.queue.remove(rest)
        ev.append(Event(f"{name} orders {item_label(st, rest)} next."))
        resolve_end_item(st, rest, ev)
        run_queue(st, ev)
        return
    if decision.kind == "burrow":
        if kind == "burrow":
            ap = find(st, int(rest))
            ap.flags.append("burrowed")
            ev.append(Event(f"{name} declares {label(st, ap)} burrowed until the end of the turn."))
            if burrow_candidates(st, seat):
                return
        st.window.pop(0)
        if st.window:
            st.priority = st.window[0]
        else:
            open_window(st, "start", clockwise(st, st.active))
        return
    if choice == "back":
        st.pending = None
        return
    if decision.kind in ("target", "attack_target", "trap_where"):
        pend = st.pending
        st.pending = None
        if pend.what == "attack":
            declare_attack(st, seat, pend.card, pend.index, parse_target(rest), ev)
        elif pend.what == "trap_place":
            place_trap(st, seat, pend.card, choice, ev)
        elif pend.what == "use":
            push_effect(st, seat, find(st, pend.card), pend.index, rest, ev)
        elif pend.what == "power":
            use_power(st, seat, find(st, pend.card), pend.index, rest, ev)
        else:
            push_contract(st, seat, pend.card, rest, ev)
        return
    if kind == "defend":
        ap = find(st, int(rest))
        ev.append(Event(f"{name} declares {label(st, ap)} as a Defender."))
        if fatigue(st, ap, ev):
            st.combat.defenders.append(ap.uid)
        return
    if choice == "done":
        st.combat.stage = "primary"
        choose_primary_auto(st, ev)
        return
    if kind == "primary":
        uid, k = (int(x) for x in rest.split(":"))
        set_primary(st, uid, k, ev)
        return
    if choice == "pass":
        ev.append(Event(f"{name} passes."))
        if st.chain:
            st.passes += 1
            if st.passes < len(st.casters) - len(st.out) - 1:  # MZ-GAP-13: the next Caster clockwise
                st.priority = other(st, seat)
                return
            st.passes = 0
            resolve_chain(st, ev)
            if st.ask:
                return
        continue_flow(st, ev)
        return
    if choice == "end":
        ev.append(Event(f"{name} ends their Take Actions step."))
        open_window(st, "end", clockwise(st, seat))
        return
    if kind == "play":
        card = chapter_card(st, seat, rest)
        page = d[card]
        optional_only = page.type == "beastie" and "equipment" in page.traits and not legal_targets(
            st, seat, page.targeting.target, spell=False) if page.targeting is not None else False
        if (page.targeting is not None and not optional_only) or fear_flash(st, seat, card):
            st.pending = Pending("contract", card)
            return
        push_contract(st, seat, card, "", ev)
        return
    if kind == "use":
        uid, k = (int(x) for x in rest.split(":"))
        ap = find(st, uid)
        if d[ap.card].effects[k].target in TARGETING:
            st.pending = Pending("use", uid, k)
            return
        push_effect(st, seat, ap, k, "", ev)
        return
    if kind == "trap":
        st.pending = Pending("trap_place", chapter_card(st, seat, rest))
        return
    if kind == "power":
        uid, k = (int(x) for x in rest.split(":"))
        ap = find(st, uid)
        if d[ap.card].effects[k].target in TARGETING:
            st.pending = Pending("power", uid, k)
            return
        use_power(st, seat, ap, k, "", ev)
        return
    if kind == "convert":  # MZ-CONVERT-01, MZ-GAP-55: not an Action; the Page's first Base Aura type
        ap = find(st, int(rest))
        t = d[ap.card].base_types[0]
        if fatigue(st, ap, ev):
            pool = st.casters[seat].aura
            pool[t] = pool.get(t, 0) + 1
            ev.append(Event(f"{name} Converts {label(st, ap)} into 1 {t.capitalize()} Aura."))
        return
    if kind == "selfdestruct":  # MZ-SELFDESTRUCT-01, MZ-GAP-56: not an Action
        ap = find(st, int(rest))
        if fatigue(st, ap, ev):
            destroy(st, ap, ev, "Self-Destruct")
            check_end(st, ev)
        return
    if kind == "move":
        fd, host = (int(x) for x in rest.split(":"))
        ap, h = find(st, fd), find(st, host)
        st.arena.remove(ap)
        h.trap = ap.card
        ev.append(Event(f"{name} moves {label(st, ap)} under {label(st, h)}."))
        st.priority = other(st, seat)  # moving a Trap is an Action (MZ-PRIO-01/02)
        st.passes = 0
        return
    if kind == "attack":
        uid, k = (int(x) for x in rest.split(":"))
        st.pending = Pending("attack", uid, k)
        return
    raise AssertionError(choice)


def parse_target(code: str) -> int:
    """Inverse of :func:`tcode` (``p1`` -> -2, ``u5`` -> 5)."""
    return -1 - int(code[1:]) if code[0] == "p" else int(code[1:])


def place_trap(st: State, seat: int, card: int, where: str, ev: list[Event]) -> None:
    """MZ-TURN-09, MZ-TRAP-01/02, MZ-GAP-18/61: any Page may be placed face-down for free, standalone or under
    your Beastie/Artifact without a Trap; not an Action. Its identity is told only to its controller."""
    c = st.casters[seat]
    c.chapter.remove(card)
    st.costs.pop(str(card), None)  # MZ-AURA-11: an added cost lasts while the Page is in the Chapter
    if where == "alone":
        ap = enter_arena(st, card, seat, ev, face_down=True)
        ev.append(Event(f"{c.name} places a face-down Page in the Arena (#{ap.uid})."))
        ev.append(Event(f"Your face-down #{ap.uid} is {defs_of(st)[card].name}.", (seat,)))
    else:
        h = find(st, int(where.split(":")[1]))
        h.trap = card
        ev.append(Event(f"{c.name} places a face-down Page under {label(st, h)}."))
        ev.append(Event(f"The face-down Page under {label(st, h)} is your {defs_of(st)[card].name}.", (seat,)))


def push_contract(st: State, seat: int, card: int, code: str, ev: list[Event]) -> None:
    """MZ-AURA-07..10, MZ-PRIO-02: reveal the Page, fix its target, pay, put it on the chain; priority passes
    to the opposing Caster."""
    c = st.casters[seat]
    page = defs_of(st)[card]
    item = ChainItem("contract", card, seat)
    if code.startswith("c"):
        item.chain_target = int(code[1:])
    elif code and code != "none":
        item.targets = [parse_target(code)]
    cost = cost_of(st, card)
    pay(c.aura, cost)
    st.costs.pop(str(card), None)  # MZ-AURA-11: an added cost lasts while the Page is in the Chapter
    c.chapter.remove(card)
    if page.type == "aura":
        c.aura_played = True
    st.chain.append(item)
    tgt = ""
    if item.targets:
        tgt = f" targeting {target_label(st, item.targets[0])}"
    elif item.chain_target >= 0:
        tgt = f" targeting {defs_of(st)[st.chain[item.chain_target].card].name} on the chain"
    ev.append(Event(f"{c.name} Contracts {page.name}, paying {cost_text(cost)}{tgt}."))
    tally(st, "contracts")
    st.priority = other(st, seat)
    st.passes = 0


def push_effect(st: State, seat: int, ap: ArenaPage, k: int, code: str, ev: list[Event]) -> None:
    """Using an "any time" Effect is an Action (MZ-PRIO-01): it goes on the chain; priority passes."""
    item = ChainItem("effect", ap.card, seat, effect=k)
    if code.startswith("c"):
        item.chain_target = int(code[1:])
    elif code:
        item.targets = [parse_target(code)]
    ap.flags.append("used")
    st.chain.append(item)
    tgt = f" on {target_label(st, item.targets[0])}" if item.targets else ""
    ev.append(Event(f"{st.casters[seat].name} uses {label(st, ap)}'s Effect{tgt}."))
    st.priority = other(st, seat)
    st.passes = 0


def use_power(st: State, seat: int, ap: ArenaPage, k: int, code: str, ev: list[Event]) -> None:
    """MZ-CORE-05, MZ-TURN-11, MZ-GAP-21: a Power Fatigues its Awakened Page (a Scared Page may run, MZ-SCARED-02)
    and, as an Action, goes on the chain; priority passes (MZ-PRIO-01/02)."""
    if not fatigue(st, ap, ev):
        return
    item = ChainItem("effect", ap.card, seat, effect=k)
    if code.startswith("c"):
        item.chain_target = int(code[1:])
    elif code:
        item.targets = [parse_target(code)]
    st.chain.append(item)
    tgt = f" on {target_label(st, item.targets[0])}" if item.targets else ""
    ev.append(Event(f"{st.casters[seat].name} uses the Power of {label(st, ap)}{tgt}."))
    st.priority = other(st, seat)
    st.passes = 0


def make_token(st: State, source: ArenaPage, ev: list[Event]) -> None:
    """MZ-INFECTIOUS-01/02, MZ-TOKEN-01..04: a nameless Beastie token for the Infectious Beastie's controller
    (its owner for good), entering Fatigued (MZ-CORE-03)."""
    card = len(st.cards)
    st.cards.append(f"token:{st.cards[source.card]}")
    st.owner.append(source.controller)
    st.defs = None
    ap = enter_arena(st, card, source.controller, ev)
    ev.append(Event(f"Infectious: {st.casters[source.controller].name} gets {label(st, ap)} "
                    f"({max_lp(st, ap)} LP), Fatigued."))


def search(st: State, p: int, page_type: str | None, ev: list[Event], why: str) -> None:
    """MZ-INFO-02, MZ-GAP-72: take the first Page of ``page_type`` in ``p``'s Spellbook, reveal it, put it into
    the Chapter, then shuffle (also when nothing is found)."""
    c = st.casters[p]
    d = defs_of(st)
    found = next((x for x in c.spellbook if page_type is None or d[x].type == page_type), -1)
    if found >= 0:
        c.spellbook.remove(found)
        c.chapter.append(found)
        ev.append(Event(f"{c.name} searches their Spellbook ({why}) and reveals {d[found].name}."))
    else:
        ev.append(Event(f"{c.name} searches their Spellbook ({why}) and finds nothing."))
    shuffle(st, c.spellbook)
    ev.append(Event(f"{c.name} shuffles their Spellbook."))


def equip(st: State, it: ChainItem, ev: list[Event]) -> None:
    """MZ-EQUIP-01..10, MZ-EQUIPTRAIT-01: the Equipment goes face-up under its target (any Page type; a Spell
    does not go to the Cemetery, MZ-EQUIP-10) and is controlled with it; if the target left the Arena first,
    the Equipment goes to its own discard zone (MZ-EQUIP-05)."""
    page = defs_of(st)[it.card]
    host = find(st, it.targets[0]) if it.targets and it.targets[0] >= 0 else None
    if host is None:
        discard_zone(st, it.card).append(it.card)
        ev.append(Event(f"{page.name} has nothing to equip: it goes to its owner's discard zone."))
        return
    host.equipment.append(it.card)
    ev.append(Event(f"{page.name} is equipped to {label(st, host)}."))


def arena_bonus(st: State, ap: ArenaPage) -> int:
    """MZ-KW-03, MZ-PARALYZE-02: the ``attack_bonus`` ARENA Effects that reach ``ap``'s Attacks, from face-up
    Arena Pages that are not Paralyzed (a face-down Page, or a Page in any other zone, gives nothing)."""
    d = defs_of(st)
    total = 0
    for src in st.arena:
        if src.face_down or has_status(src.indicators, "paralyze"):
            continue
        for eff in d[src.card].effects:
            if eff.timing == "arena" and ap.uid in untargeted(st, src.controller, eff.target, None):
                total += sum(s.amount for s in eff.steps if s.do == "attack_bonus")
    return total


# -- 4th Wall Effects and Terra Bonuses: the flow (issue 16 item 2; the checks are games/metazoo/wall.py) ----


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


def wall_after_choice(st: State, first_uid: int, ev: list[Event]) -> None:
    """After every applied choice: Pages that entered the Arena in it check their ``to_chapter`` clauses
    (MZ-WALL-06), then every condition of a face-up Arena Page that is newly settled (or changed) this turn
    logs its basis (one line per Caster and condition while it stays the same)."""
    if st.result is not None:
        return
    d = defs_of(st)
    wall_returns(st, ev, [ap for ap in st.arena if ap.uid >= first_uid])
    asked = {(a.seat, a.condition) for a in st.sky.asks}
    board = None
    for ap in st.arena:
        if ap.face_down:
            continue
        page = d[ap.card]
        if not page.wall and not page.terra_bonuses:
            continue
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


def wall_intercept(st: State, seat: int, choice: str, decision: Decision, ev: list[Event]) -> bool:
    """Before a choice is carried out: an answer to a ``sky`` question is recorded (and, after the last one,
    the held Action or step 1a goes on); an Action gated by unsettled conditions is held and its questions
    asked first (MZ-WALL-05, MZ-WALL-06). Returns True when the choice was handled here."""
    if decision.kind == "sky":
        wall_answer(st, seat, choice == "yes", ev)
        return True
    if decision.kind not in ("actions", "priority"):
        return False
    gates = wall_gated(st, seat, choice)
    if not gates:
        return False
    s = st.sky
    s.held, s.held_seat = choice, seat
    who = st.casters[seat].name
    what = (f"Contract {gates[0][1]}" if choice.startswith("play:") else f"Attack with {gates[0][1]}")
    ev.append(Event(f"{who} wants to {what}: 4th Wall questions first."))
    wall_ask(st, [SkyAsk(seat, t, page) for t, page in gates], st.step, ev)
    return True


def wall_answer(st: State, seat: int, yes: bool, ev: list[Event]) -> None:
    """Record a yes/no answer (MZ-WALL-04/05, "declared by"); after the last question, step 1a or the held
    Action goes on: carried out if it is still an option, else refused with the reason logged."""
    s = st.sky
    a = s.asks.pop(0)
    name = st.casters[seat].name
    basis = f"{wall.shown(a.condition)}: {'yes' if yes else 'no'}, declared by {name}"
    s.answers.append(SkyNote(seat, a.condition, yes, basis))
    wall.note(st, seat, a.condition, Answer(yes, basis), ev)
    if s.asks:
        st.priority = s.asks[0].seat
        return
    resume, s.resume = s.resume, ""
    if resume == "turn":
        st.step = "start"  # step 1a goes on (the window opens at its end)
        wall_returns(st, ev, list(st.arena))
        step_1a(st, ev)
        return
    held, held_seat = s.held, s.held_seat
    s.held, s.held_seat = "", -1
    st.step = resume
    st.priority = held_seat
    mine = [dc for dc in decisions_of(st) if dc.seat == held_seat]
    if mine and mine[0].option(held) is not None:
        _apply(st, held_seat, held, mine[0], ev)
        return
    ev.append(Event(wall_refusal(st, held_seat, held)))


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

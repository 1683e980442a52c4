"""MetaZoo rules, checklist §22 (zones: Limbo, Cemetery, Afterlife), §23 (LP: Damage, LP Loss, Recover) and
Bookmarking: Pages entering and leaving the Arena, Destroying (its DESTROYED Effects resolve through
:data:`games.metazoo.rules.pages.EXT` ``.chain``), the 0-LP check (MZ-GAP-52), Damage and LP Loss to Pages and
Casters (MZ-LP-01..07). Imports :mod:`games.metazoo.rules.pages` only.
"""

from __future__ import annotations

from games.core.contract import Event

from ..state import ArenaPage, State
from .pages import EXT, caster_lp, defs_of, find, has_status, label, lp, max_lp, tally, traits, untargeted


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
                EXT.chain.run_steps(st, page, k, ap.controller, untargeted(st, ap.controller, eff.target, None), -1,
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
        for ap in st.arena:  # the first, in Arena order
            # lp(st, ap) <= 0, read with the definitions at hand (this runs after every choice)
            if (not ap.face_down and d[ap.card].type in ("beastie", "artifact") and max_lp(st, ap, d) <= ap.damage
                    and "immortal" not in traits(st, ap)):
                destroy(st, ap, ev, "0 LP")
                break
        else:
            return


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

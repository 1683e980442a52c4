"""MetaZoo rules, checklist §9 (Combat, every step, MZ-COMBAT-01..25) with §10 (Type Advantage), §13 (Tribal
Boost), §14 (Aura Attack Advantage) and the Trap flip an Attack causes (§18): declaring an Attack, windows
A and B, Defenders and the Primary Defender, the Damage and its split (:mod:`games.metazoo.rules.allocation`,
through :data:`games.metazoo.rules.pages.EXT`), striking back and the end of Combat. Imports the lower chapters
(pages, ending, aura, zones, status, chain) and :mod:`games.metazoo.rules.wall`.
"""

from __future__ import annotations

from games.core.contract import Event

from ..state import ArenaPage, Combat, Pending, State
from . import wall
from .aura import cost_text, pay
from .chain import arena_bonus, make_token, run_steps
from .ending import check_end, lose
from .pages import (
    ADVANTAGE,
    EXT,
    cannot_lose,
    cost_of,
    defs_of,
    find,
    flip,
    has_status,
    label,
    lp,
    opponents,
    strong,
    tally,
    target_label,
    traits,
    tribe_count,
    types_of,
    untargeted,
)
from .status import fatigue, inflict
from .zones import damage_page, destroy, discard_zone, enter_arena, hurt_caster, lose_page, recover_page


def can_attack(st: State, ap: ArenaPage) -> bool:
    """MZ-COMBAT-01/02, MZ-GAP-28: an Awakened face-up Beastie with an Attack that is not Paralyzed or
    burrowed, controlled by the active Caster."""
    defs = defs_of(st)
    d = defs[ap.card]
    return (not ap.face_down and d.type == "beastie" and bool(d.attacks) and not ap.fatigued
            and not has_status(ap.indicators, "paralyze")
            and not (ap.flags and ("burrowed" in ap.flags or any(f.startswith("flashed:") for f in ap.flags)))
            and not wall.blocks_attack(st, ap, defs))


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
    modifier goes into ``parts`` ("+20 Type Advantage") for the one combat line of the log, or, without
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
    and goes on from :func:`games.metazoo.rules.allocation.apply_split`."""
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

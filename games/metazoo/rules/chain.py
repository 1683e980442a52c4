"""MetaZoo rules, checklist §5 (Priority, Actions and resolution chains) and the Effects that resolve on
them: pushing Contracts, "any time" Effects and Powers onto the chain, resolving an entry's steps
(MZ-PRIO-01..10, MZ-GAP-16/17/20/21), Fear and Flash (MZ-GAP-58), tokens (MZ-TOKEN-01..04), searching
(MZ-INFO-02), Equipment (MZ-EQUIP-*) and ARENA Attack bonuses (MZ-KW-01..04). The later Effect steps and the
prompts that pause a chain are :mod:`games.metazoo.rules.effects` (through :data:`games.metazoo.rules.pages.EXT`).
Imports the lower chapters: pages, ending, aura, zones, terra, status.
"""

from __future__ import annotations

from games.core.contract import Event

from ..cards import TARGETING, Page
from ..state import ArenaPage, ChainItem, State
from .aura import cost_text, pay
from .ending import check_end, finish
from .pages import (
    ADVANTAGE,
    EXT,
    caster_lp,
    cost_of,
    defs_of,
    find,
    flip,
    has_status,
    label,
    legal_targets,
    lp,
    max_lp,
    other,
    parse_target,
    shuffle,
    strong,
    tally,
    target_label,
    traits,
    types_of,
    untargeted,
)
from .status import fatigue, inflict
from .terra import place_terra
from .zones import (
    bookmark,
    damage_page,
    destroy,
    discard_zone,
    enter_arena,
    hurt_caster,
    leave_arena,
    lose_page,
    recover_page,
)


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

"""MetaZoo rules, checklist §15 (Status Effects, MZ-STATUS-01..07 and each Status): inflicting a Status,
its start- and end-of-turn ticks, the simultaneous end-of-turn items the active Caster orders (MZ-SIM-01/05,
MZ-GAP-79), and Fatigue with the Scared flip (MZ-GAP-41). Imports the Page lookups, the end of the game and
the zones (:mod:`games.metazoo.rules.pages`, :mod:`games.metazoo.rules.ending`, :mod:`games.metazoo.rules.zones`).
"""

from __future__ import annotations

from games.core.contract import Event

from ..state import ArenaPage, Indicator, State
from .ending import check_end
from .pages import defs_of, find, flip, has_status, label, max_lp, parse_target, roll, traits
from .zones import hurt_caster, leave_arena, lose_page, recover_page, zero_lp_check

STATUS_OK = {  # MZ-STATUS-01: who can have each Status Effect
    "frozen": ("beastie", "artifact"), "burn": ("beastie", "caster"), "poison": ("beastie", "caster"),
    "paralyze": ("beastie",), "sleep": ("beastie",), "scared": ("beastie",), "confusion": ("beastie",),
}


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

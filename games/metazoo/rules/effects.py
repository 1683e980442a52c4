"""MetaZoo Effect steps beyond the first vocabulary, and the prompts that pause a chain's resolution.

Steps (documented in :mod:`games.metazoo.cards`): ``fatigue`` (MZ-AURA-04), ``set_type`` (MZ-TYPE-04),
``add_cost`` (MZ-AURA-11, MZ-TYPE-04), ``cannot_lose`` (MZ-TRAP-07), ``unequip`` (MZ-EQUIP-09), ``copy``
(MZ-TOKEN-05/06), ``index`` (MZ-INFO-04), ``flip_traps`` (MZ-SIM-04, MZ-TRAP-05..09), ``put_under``,
``self_under`` and ``take_control`` (placement, :mod:`games.metazoo.rules.placement`).

Pauses (``State.ask``): while a chain resolves, an entry may need a Caster's choice before it resolves
(``sim``: the active Caster decides whether a Spell's Damage or its Status Effect comes first, MZ-SIM-02) or
after it resolved (``trap_pay``, ``flip_order``: Traps an Effect flipped, MZ-SIM-04; ``copy``: the copier
targets a copied Spell, MZ-TOKEN-06; ``index``: the opponent orders the Pages an Index revealed, MZ-INFO-04).
The chain stops there; the answer resumes it (:func:`resume`), and the flow goes on as after a pass. Every
prompt has a default (MZ-GAP-24): the printed order, do not pay, the listed order, the first legal target, the
revealed order.
"""

from __future__ import annotations

from games.core.contract import Decision, Event, Option

from ..cards import Page, Step
from ..state import ArenaPage, ChainItem, State
from . import aura, chain, ending, pages, placement, status, turn, zones

NEW_STEPS = frozenset({"fatigue", "set_type", "add_cost", "cannot_lose", "unequip", "copy", "index", "flip_traps",
                       "put_under", "self_under", "take_control"})
ORDERED = ("frozen", "sleep")  # the Statuses a same-time Damage changes (MZ-FROZEN-04, MZ-SLEEP-04)


# -- helpers the chapters call through EXT ----------------------------------------------------------------


def is_copy_or_token(st: State, card: int) -> bool:
    """A token (MZ-TOKEN-01) or a copy (MZ-TOKEN-05/06): it goes to no zone when it leaves (MZ-TOKEN-03,
    MZ-GAP-64)."""
    return st.cards[card].startswith(("token:", "copy:"))


def cost_of(st: State, card: int) -> dict[str, int]:
    """The Aura Cost of ``card`` now: printed, plus what ``add_cost`` Effects added to it (MZ-AURA-11). A Base
    type set by ``set_type`` changes nothing here (MZ-TYPE-04)."""
    cost = dict(pages.defs_of(st)[card].cost)
    if st.costs:
        for t, n in st.costs.get(str(card), {}).items():
            cost[t] = cost.get(t, 0) + n
    return cost


def arena_types(st: State, card: int) -> tuple[str, ...] | None:
    """The Base Aura type an Effect set on ``card`` while it is in the Arena (MZ-TYPE-04), or ``None``."""
    for ap in st.arena:
        if ap.card == card:
            for f in ap.flags:
                if f.startswith("type:"):
                    return (f[5:],)
    return None


def arena_types_by_card(st: State) -> dict[int, tuple[str, ...]]:
    """:func:`arena_types` of every instance it is not ``None`` for, in one pass over the Arena (the views
    show every Arena Page's types)."""
    out: dict[int, tuple[str, ...]] = {}
    for ap in st.arena:
        for f in ap.flags:
            if f.startswith("type:"):
                out.setdefault(ap.card, (f[5:],))
                break
    return out


def extra_targets(st: State, seat: int, target: str) -> list[int]:
    """Non-targeting ``opposing_auras``: every face-up Aura Page the opposing Casters control (MZ-TGT-03)."""
    d = pages.defs_of(st)
    return [ap.uid for ap in st.arena if target == "opposing_auras" and not ap.face_down and ap.controller != seat
            and d[ap.card].type == "aura"]


def source_of(st: State, page: Page) -> ArenaPage | None:
    """The Arena Page whose chain entry is resolving now, when it is ``page``'s (Powers, "any time")."""
    if st.chain and pages.defs_of(st)[st.chain[-1].card] is page:
        return next((ap for ap in st.arena if ap.card == st.chain[-1].card), None)
    return None


def on_chain(st: State, page: Page) -> bool:
    """Whether ``page``'s Effect is resolving as the top chain entry (a prompt may then pause the chain)."""
    return bool(st.chain) and pages.defs_of(st)[st.chain[-1].card] is page


def steps_in_order(st: State, page: Page, steps: list[Step]) -> list[Step]:
    """MZ-SIM-02: the steps of the resolving Spell with its Status steps first when the active Caster chose so."""
    if st.chain and st.chain[-1].first == "status" and pages.defs_of(st)[st.chain[-1].card] is page:
        return [s for s in steps if s.do == "inflict"] + [s for s in steps if s.do != "inflict"]
    return steps


# -- the steps -----------------------------------------------------------------------------------------------


def run_step(st: State, page: Page, step: Step, controller: int, targets: list[int], chain_target: int,
             ev: list[Event]) -> None:
    """Resolve one of :data:`NEW_STEPS` on its Effect's targets (uids, ``-1 - seat``) or chain entry."""
    do = step.do
    if do == "cannot_lose":
        for t in targets:
            if t < 0:
                c = st.casters[-1 - t]
                c.flags = [f for f in c.flags if not f.startswith("no_lose:")] + [f"no_lose:{st.turn}"]
                ev.append(Event(f"{c.name} cannot lose the game until the end of this turn ({page.name})."))
        return
    if do == "add_cost":
        kind = step.aura or "neutral"
        for t in targets:
            cards = st.casters[-1 - t].chapter if t < 0 else []
            for card in cards:
                add = st.costs.setdefault(str(card), {})
                add[kind] = add.get(kind, 0) + step.amount
            if t < 0:
                ev.append(Event(f"Every Page in {st.casters[-1 - t].name}'s Chapter costs {step.amount} more "
                                f"{kind.capitalize()} Aura ({page.name})."))
        return
    if do == "index":
        index(st, controller, step.page_type, page, ev)
        return
    if do == "flip_traps":
        flip_traps(st, [-1 - t for t in targets if t < 0], page, ev)
        return
    if do == "copy" and chain_target >= 0:
        copy_spell(st, controller, chain_target, page, ev)
        return
    if do == "self_under":
        src = source_of(st, page)
        for t in targets:
            host = pages.find(st, t)
            if src is not None and host is not None and host is not src:
                placement.self_under(st, src, host, ev)
        return
    for t in targets:
        ap = pages.find(st, t) if t >= 0 else None
        if ap is None:
            continue
        if do == "fatigue":  # MZ-AURA-04: Fatigued by an Effect, so it generates no Aura
            if not ap.fatigued and status.fatigue(st, ap, ev):
                ev.append(Event(f"{pages.label(st, ap)} is Fatigued by {page.name} (no Aura is generated)."))
        elif do == "set_type":  # MZ-TYPE-04: the Base type only; the Aura Cost stays as printed
            ap.flags = [f for f in ap.flags if not f.startswith("type:")] + [f"type:{step.aura}"]
            ev.append(Event(f"{pages.label(st, ap)}'s Base Aura type becomes {(step.aura or '').capitalize()} "
                            f"({page.name}); its Aura Cost does not change."))
        elif do == "unequip":
            placement.unequip(st, ap, page, ev)
        elif do == "copy":
            copy_page(st, controller, ap, page, ev)
        elif do == "put_under":
            src = source_of(st, page)
            if src is not None and src is not ap:
                placement.put_under(st, ap, src, page, ev)
        elif do == "take_control":
            placement.take_control(st, ap, controller, page, ev)
        ending.check_end(st, ev)
    zones.zero_lp_check(st, ev)


def new_instance(st: State, code: str, owner: int) -> int:
    """A new Page instance (a token or a copy) owned by ``owner`` (MZ-TOKEN-04)."""
    card = len(st.cards)
    st.cards.append(code)
    st.owner.append(owner)
    st.defs = None
    return card


def copy_page(st: State, seat: int, ap: ArenaPage, page: Page, ev: list[Event]) -> None:
    """MZ-TOKEN-05, MZ-GAP-65: a copy of a Beastie or Artifact is a token with its printed information (not its
    Damage, LP Gain, Indicators, Equipment or set symbol), for ``seat``, entering like a Contracted Page."""
    card = new_instance(st, f"copy:{st.cards[ap.card]}", seat)
    cp = zones.enter_arena(st, card, seat, ev)
    ev.append(Event(f"{st.casters[seat].name} gets {pages.label(st, cp)}, a copy token of {pages.label(st, ap)} "
                    f"({page.name}), {'Fatigued' if cp.fatigued else 'Awakened'}."))


def copy_spell(st: State, seat: int, index_: int, page: Page, ev: list[Event]) -> None:
    """MZ-TOKEN-06, MZ-GAP-64: a copy of the Spell or Potion at chain entry ``index_``, controlled by ``seat``, who
    chooses new legal targets for it (prompt ``copy``; a copy aimed at a chain entry keeps it); it goes on top of
    the chain with no priority, so it resolves next, and then ceases to exist (no zone). With no legal target
    the copy ceases to exist at once."""
    if not 0 <= index_ < len(st.chain):
        return
    it = st.chain[index_]
    d = pages.defs_of(st)
    if it.kind != "contract" or d[it.card].type not in ("spell", "potion"):
        return
    card = new_instance(st, f"copy:{st.cards[it.card]}", seat)
    copied = pages.defs_of(st)[card]
    ev.append(Event(f"{page.name} copies {copied.name} for {st.casters[seat].name}."))
    eff = copied.targeting
    if eff is None or eff.target == "chain":
        cp = ChainItem("contract", card, seat, chain_target=it.chain_target)
        st.chain.insert(len(st.chain) - 1, cp)  # under the resolving entry: it resolves next
        return
    if not pages.legal_targets(st, seat, eff.target, spell=copied.type == "spell"):
        st.gone.append(card)
        ev.append(Event(f"The copy of {copied.name} has no legal target: it ceases to exist."))
        return
    st.asked = [card]
    st.ask = "copy"
    st.priority = seat


def index(st: State, p: int, page_type: str | None, page: Page, ev: list[Event]) -> None:
    """MZ-INFO-04, MZ-GAP-71: reveal from the top of ``p``'s Spellbook until a Page of ``page_type`` appears; it
    goes into the Chapter and the opponent puts the other revealed Pages back on top in the order they choose
    (a prompt when the Index resolves on the chain; otherwise the revealed order). Never found: every
    revealed Page goes back and the Spellbook is shuffled."""
    c = st.casters[p]
    d = pages.defs_of(st)
    shown: list[int] = []
    found = -1
    while c.spellbook:
        card = c.spellbook.pop(0)
        if page_type is None or d[card].type == page_type:
            found = card
            break
        shown.append(card)
    names = ", ".join(d[x].name for x in shown + ([found] if found >= 0 else [])) or "nothing"
    ev.append(Event(f"{c.name} Indexes their Spellbook for a {page_type or 'Page'} ({page.name}): {names}."))
    if found < 0:
        c.spellbook[:0] = shown
        pages.shuffle(st, c.spellbook)
        ev.append(Event(f"No {page_type} was found: {c.name} shuffles their Spellbook."))
        return
    c.chapter.append(found)
    ev.append(Event(f"{c.name} puts {d[found].name} into their Chapter."))
    if len(shown) >= 2 and on_chain(st, page):
        st.asked = shown
        st.ask = "index"
        st.priority = pages.other(st, p)
        return
    c.spellbook[:0] = shown


def flip_traps(st: State, seats: list[int], page: Page, ev: list[Event]) -> None:
    """MZ-TRAP-05/06/07, MZ-SIM-04: every face-down Page the Casters ``seats`` control (standalone or under a
    Page) flips face-up at once. A Page without the Trap Trait makes its placer lose (MZ-TRAP-06) unless they
    cannot lose: then it goes to its zone, not Contracted (MZ-TRAP-07). Each Trap's controller then pays or
    not (MZ-TRAP-08/09); the paid Traps' FLIPPED Effects happen in the order the active Caster chooses."""
    d = pages.defs_of(st)
    flipped: list[tuple[int, int]] = []
    for ap in list(st.arena):
        if ap.controller not in seats:
            continue
        if ap.face_down:
            st.arena.remove(ap)
            flipped.append((ap.card, ap.controller))
        elif ap.trap >= 0:
            flipped.append((ap.trap, ap.controller))
            ap.trap = -1
    if not flipped:
        ev.append(Event(f"{page.name}: there is no face-down Page to flip."))
        return
    ev.append(Event(f"{page.name} flips every face-down Page face-up: "
                    + ", ".join(d[c].name for c, _ in flipped) + "."))
    losers: set[int] = set()
    for card, placer in flipped:
        if "trap" in d[card].traits:
            st.flips.append(f"{card}:{placer}")
        elif pages.cannot_lose(st, placer):
            zones.discard_zone(st, card).append(card)
            ev.append(Event(f"{d[card].name} has no Trap Trait, but {st.casters[placer].name} cannot lose: it goes "
                            "to its owner's zone, not Contracted (see /rules MZ-TRAP-07)."))
        else:
            zones.discard_zone(st, card).append(card)
            losers.add(placer)
    if losers:
        for card in [int(f.split(":")[0]) for f in st.flips]:
            st.casters[st.owner[card]].afterlife.append(card)
        st.flips = []
        names = " and ".join(st.casters[q].name for q in sorted(losers))
        ending.lose(st, sorted(losers), "bluff",
                   f"A face-down Page without the Trap Trait is revealed: {names} loses (see /rules MZ-TRAP-06).", ev)
    if st.flips:
        if on_chain(st, page):
            ask_next_payment(st)
        else:  # nobody can be asked here: no Trap is paid (MZ-GAP-60 default)
            for f in st.flips:
                card = int(f.split(":")[0])
                st.casters[st.owner[card]].afterlife.append(card)
            st.flips = []


def ask_next_payment(st: State) -> None:
    st.ask = "trap_pay"
    st.priority = int(st.flips[0].split(":")[1])


# -- the pauses ------------------------------------------------------------------------------------------------


def needs_order(st: State, it: ChainItem) -> bool:
    """MZ-SIM-02: a Spell about to resolve whose CONTRACT Effect both deals Damage and inflicts a Frozen or Sleep
    (the Statuses whose outcome the order changes) asks the active Caster first; other Statuses keep the
    printed order, which gives the same result either way."""
    if it.kind != "contract" or it.stopped or it.first:
        return False
    page = pages.defs_of(st)[it.card]
    if page.type != "spell" or "equipment" in page.traits:
        return False
    for eff in page.effects:
        dos = [s for s in eff.steps if eff.timing == "contract"]
        if any(s.do == "damage" for s in dos) and any(s.do == "inflict" and s.status in ORDERED for s in dos):
            st.ask = "sim"
            st.priority = st.active
            return True
    return False


def decisions(st: State) -> list[Decision]:
    """The open pause prompt (``State.ask``) as a decision for ``State.priority``."""
    p = st.priority
    name = st.casters[p].name
    d = pages.defs_of(st)
    if st.ask == "sim":
        it = st.chain[-1]
        page = d[it.card]
        eff = next(e for e in page.effects if e.timing == "contract")
        first = next(s.do for s in eff.steps if s.do in ("damage", "inflict"))
        dflt = "first:damage" if first == "damage" else "first:status"
        return [Decision(p, "order", f"{name}: {page.name} deals Damage and inflicts a Status Effect at the same "
                         "time; which is applied first?",
                         (Option("first:damage", "The Damage first"), Option("first:status", "The Status Effect first")),
                         default=dflt)]
    if st.ask == "trap_pay":
        card = int(st.flips[0].split(":")[0])
        page = d[card]
        opts = aura.gen_options(st, p)
        if aura.can_pay(st.casters[p].aura, cost_of(st, card)):
            opts.append(Option("pay", f"Pay {aura.cost_text(cost_of(st, card))} and Contract {page.name}",
                               (st.cards[card],)))
        opts.append(Option("decline", f"Do not pay: {page.name} goes to the Afterlife"))
        return [Decision(p, "trap_pay", f"{name}: your Trap {page.name} flipped. Pay its cost?", tuple(opts),
                         default="decline")]
    if st.ask == "copy":
        copied = d[st.asked[0]]
        eff = copied.targeting
        opts = tuple(pages.target_options(st, p, eff.target, copied.type == "spell"))
        return [Decision(p, "target", f"{name}: choose the target of your copy of {copied.name}.",
                         opts, default=opts[0].id)]
    if st.ask == "flip_order":
        opts = tuple(Option(f"next:{i}", f"Next: {d[c].name}'s FLIPPED Effect ({st.casters[st.owner[c]].name})")
                     for i, c in enumerate(st.paid))
        return [Decision(p, "order", f"{name}: these Traps flipped at the same time; choose the FLIPPED Effect that "
                         "resolves next.", opts, default=opts[0].id)]
    opts = tuple(Option(f"top:{i}", f"Put {d[c].name} back now (under the ones still to come)")
                 for i, c in enumerate(st.asked))
    owner = st.casters[pages.previous(st, p)].name  # the Indexing Caster (the orderer is next clockwise)
    return [Decision(p, "order", f"{name}: put the Pages {owner} revealed back on top of their Spellbook in the "
                     "order you choose: each one you pick goes on top of those already put back, so the last "
                     "is the top Page.", opts, default=opts[-1].id)]


def apply(st: State, seat: int, choice: str, ev: list[Event]) -> None:
    """Apply an answer to the open pause prompt (already checked against its options), then resume."""
    name = st.casters[seat].name
    d = pages.defs_of(st)
    kind, _, rest = choice.partition(":")
    if st.ask == "sim":
        st.chain[-1].first = rest
        ev.append(Event(f"{name} applies the {'Damage' if rest == 'damage' else 'Status Effect'} first."))
    elif st.ask == "trap_pay":
        entry = st.flips.pop(0)
        card = int(entry.split(":")[0])
        page = d[card]
        if choice == "pay":
            aura.pay(st.casters[seat].aura, cost_of(st, card))
            ev.append(Event(f"{name} pays {aura.cost_text(cost_of(st, card))} and Contracts {page.name}."))
            if page.type in ("beastie", "artifact", "aura"):
                ap = zones.enter_arena(st, card, seat, ev, fatigued=page.type != "aura")
                ev.append(Event(f"{pages.label(st, ap)} enters the Arena."))
            if any(e.timing == "flipped" for e in page.effects):
                st.paid.append(card)
            elif page.type in ("spell", "potion"):
                zones.discard_zone(st, card).append(card)
        else:
            st.casters[st.owner[card]].afterlife.append(card)
            ev.append(Event(f"{name} does not pay for {page.name}: it goes to the Afterlife."))
        if st.flips:
            ask_next_payment(st)
            return
        st.ask = ""
        if not run_flipped(st, ev):
            return
    elif st.ask == "copy":
        card = st.asked.pop()
        st.chain.append(ChainItem("contract", card, seat, targets=[pages.parse_target(rest)]))
        ev.append(Event(f"{name}'s copy of {d[card].name} targets {pages.target_label(st, st.chain[-1].targets[0])} "
                        "and resolves next."))
    elif st.ask == "flip_order":
        card = st.paid.pop(int(rest))
        ev.append(Event(f"{name} orders {d[card].name}'s FLIPPED Effect next."))
        resolve_flipped(st, card, ev)
        if not run_flipped(st, ev):
            return
    else:  # index: each pick goes on top of the ones put back before it (the last one ends on top)
        card = st.asked.pop(int(rest))
        c = st.casters[st.owner[card]]
        c.spellbook.insert(0, card)
        ev.append(Event(f"{name} puts {d[card].name} back on {c.name}'s Spellbook."))
        if len(st.asked) > 1:
            return
        c.spellbook[:0] = st.asked
        st.asked = []
    st.ask = ""
    resume(st, ev)


def run_flipped(st: State, ev: list[Event]) -> bool:
    """Resolve the paid Traps' FLIPPED Effects; two or more wait for the active Caster's order (MZ-SIM-04,
    step ``flip_order``). Returns True when none is left."""
    if len(st.paid) >= 2:
        st.ask = "flip_order"
        st.priority = st.active
        return False
    for card in st.paid:
        resolve_flipped(st, card, ev)
    st.paid = []
    return True


def resolve_flipped(st: State, card: int, ev: list[Event]) -> None:
    """MZ-KW-02, MZ-TRAP-08: a paid Trap's FLIPPED Effects; a Spell or Potion then goes to the Cemetery."""
    page = pages.defs_of(st)[card]
    seat = st.owner[card]
    for k, eff in enumerate(page.effects):
        if eff.timing == "flipped":
            ev.append(Event(f"{page.name}'s FLIPPED Effect resolves."))
            chain.run_steps(st, page, k, seat, pages.untargeted(st, seat, eff.target, None), -1, page.base_types, ev)
    if page.type in ("spell", "potion"):
        zones.discard_zone(st, card).append(card)


def resume(st: State, ev: list[Event]) -> None:
    """Go on after a pause: the rest of the chain resolves, then the flow continues as after a pass."""
    if st.ask:
        return
    if st.chain:
        chain.resolve_chain(st, ev)
        if st.ask:
            return
    turn.continue_flow(st, ev)

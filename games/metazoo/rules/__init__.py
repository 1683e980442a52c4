"""MetaZoo rules, the entry the Game calls: the open decisions and applying one choice, as one state machine
over the chapters of the rulebook (:mod:`games.metazoo.rules.pages`, :mod:`~games.metazoo.rules.ending`,
:mod:`~games.metazoo.rules.aura`, :mod:`~games.metazoo.rules.zones`, :mod:`~games.metazoo.rules.terra`,
:mod:`~games.metazoo.rules.status`, :mod:`~games.metazoo.rules.chain`, :mod:`~games.metazoo.rules.combat`,
:mod:`~games.metazoo.rules.turn`) and the concerns kept apart (:mod:`~games.metazoo.rules.effects`,
:mod:`~games.metazoo.rules.allocation`, :mod:`~games.metazoo.rules.placement`, :mod:`~games.metazoo.rules.multi`), which it
plugs into :data:`games.metazoo.rules.pages.EXT` so the lower modules can call them back without an import cycle.

``decisions_of(st)`` lists the open decisions (one seat at a time); ``apply_choice(st, seat, option_id)``
applies one option after checking it is among that seat's current options. Everything past that check is
legal by construction (options are generated from the rules), so a refused choice changes nothing.
Rule IDs are from ``shared/rules/checklists/metazoo.md``; the decisions on its gaps are
:mod:`games.metazoo.gaps`.

Flow: ``predict`` → ``choose_first`` → ``mulligan`` → turns. A turn is step 1a (ticks) → the fixed window
``start`` (1b) → 1c-1e → ``actions`` (2) → the fixed window ``end`` (3a) → 3b-3d. A *window* is a queue of
seats that get priority in turn (``State.window``); Combat windows A and B are one-seat windows. While the
chain is not empty, priority passes clockwise after every Action and pass; when every other Caster still in
the game has passed in a row (with two Casters: a single pass) the whole chain resolves, last in first out
(MZ-PRIO-04/05, MZ-GAP-13); then the window moves on to its next seat, or the step continues.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Decision, Event, NotYourDecision, Option, RulesError, StaleChoice

from ..cards import TARGETING
from ..render import STEP_NAMES
from ..state import ArenaPage, Pending, SkyAsk, SkyNote, State
from . import allocation, chain, effects, multi, placement, wall
from .aura import can_contract, can_pay, contract_problem, cost_text, gen_options, short_reason
from .chain import fear_flash, push_contract, push_effect, resolve_chain, use_power
from .combat import (
    attack_targets,
    can_attack,
    can_defend,
    choose_primary_auto,
    declare_attack,
    primary_options,
    set_primary,
    trap_paid,
)
from .ending import check_end
from .pages import (
    EXT,
    Eliminated,
    Ended,
    chapter_card,
    clockwise,
    cost_of,
    defs_of,
    distinct_chapter,
    find,
    flip,
    has_status,
    label,
    legal_targets,
    other,
    parse_target,
    previous,
    target_label,
    target_options,
    tcode,
    traits,
)
from .sky import Answer
from .status import fatigue, item_label, resolve_end_item
from .terra import wall_after_choice, wall_ask, wall_gated, wall_refusal, wall_returns
from .turn import burrow_candidates, continue_flow, deal, mulligan, open_window, run_queue, step_1a
from .zones import destroy, enter_arena, zero_lp_check


def unplayable(st: State, p: int) -> list[tuple[str, str]]:
    """Why Pages cannot be played now: while ``p`` holds priority or is in its Take Actions step (choosing what to do, not the
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


def usable_effects(st: State, p: int) -> list[tuple[ArenaPage, int]]:
    """MZ-PRIO-03, MZ-GAP-20: "any time" Effects of ``p``'s face-up Arena Pages, once per turn per Page, not
    while Paralyzed (MZ-GAP-48), with a legal target."""
    out = []
    d = defs_of(st)
    for ap in st.arena:
        if ap.controller != p or ap.face_down or not d[ap.card].effects or "used" in ap.flags \
                or has_status(ap.indicators, "paralyze"):
            continue
        for k, eff in enumerate(d[ap.card].effects):
            if eff.timing != "any_time":
                continue
            if eff.target in TARGETING and not legal_targets(st, p, eff.target, spell=False):
                continue
            out.append((ap, k))
    return out


def trap_hosts(st: State, p: int) -> list[ArenaPage]:
    """MZ-TRAP-02, MZ-TURN-10: your face-up Beasties and Artifacts without a face-down Trap under them."""
    d = defs_of(st)
    return [ap for ap in st.arena if ap.controller == p and not ap.face_down and ap.trap < 0
            and d[ap.card].type in ("beastie", "artifact")]


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
flipped Trap): with one option, everyone knows it is the only one."""


def decisions_of(st: State) -> list[Decision]:
    """The open decisions: one seat at a time (MZ-GAP-23: mulligans in turn too). Empty when the game is over.

    MZ-GAP-24: a decision with one option is ``forced`` when that follows from public
    information: a kind in :data:`PUBLIC_KINDS`, or priority and the Take Actions step while the Caster's
    Chapter is empty (every other option of theirs is a public Page of the Arena). Every priority offer is a
    response window (``window``, default pass), ``aimed`` at a Caster whose Pages or self are attacked in the
    Combat in progress, or targeted by another Caster's chain entry (:func:`aimed_at`).

    Listed once per ``version`` (``State.cached``): the host, the views and the checks ask several times a
    step. Not while :func:`apply_choice` changes the state (it reads them mid-change, :func:`wall_answer`)."""
    got = st.cached
    if got is not None and got[0] == st.version:
        return list(got[1])
    out = [_flagged(st, dc) for dc in _decisions(st)]
    if got is not APPLYING:
        st.cached = (st.version, out)
    return list(out)


APPLYING: tuple[int, list[Decision]] = (-1, [])
"""``State.cached`` while a choice is applied: nothing is cached until the version moves on."""


def _flagged(st: State, dc: Decision) -> Decision:
    window = dc.kind == "priority"
    forced = len(dc.options) == 1 and (
        dc.kind in PUBLIC_KINDS
        or (dc.kind in ("priority", "actions") and not st.casters[dc.seat].chapter and st.pending is None))
    aimed = window and aimed_at(st, dc.seat)
    if not (window or forced or aimed):
        return dc
    # dataclasses.replace, written out (it runs for most decisions)
    return Decision(dc.seat, dc.kind, dc.prompt, dc.options, dc.min, dc.max, dc.default, window, forced, aimed)


def aimed_at(st: State, seat: int) -> bool:
    """Whether the open priority window is aimed at ``seat`` (public): the Combat in progress
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
        if can_contract(st, p, card, actions=actions):
            page = d[card]
            opts.append(Option(f"play:{st.cards[card]}", f"Contract {page.name} ({cost_text(cost_of(st, card))})",
                               (st.cards[card],)))
    for ap, k in usable_effects(st, p):
        opts.append(Option(f"use:{ap.uid}:{k}", f"Use {label(st, ap)}: "
                           f"{d[ap.card].effects[k].text or 'its any time Effect'}"[:80], (st.cards[ap.card],)))
    if actions:
        for card in distinct_chapter(st, p):
            page = d[card]
            got = _TRAP.get(st.cards[card])
            if got is None or got[0] is not page:
                bluff = "" if "trap" in page.traits else " (a bluff: you lose if it is revealed)"
                got = _TRAP[st.cards[card]] = (page, Option(f"trap:{st.cards[card]}", f"Place {page.name} face-down{bluff}",
                                                            (st.cards[card],)))
            opts.append(got[1])
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
            has = traits(st, ap)
            if "convert" in has:
                opts.append(Option(f"convert:{ap.uid}", f"Convert: Fatigue {label(st, ap)} for 1 "
                                   f"{page.base_types[0].capitalize()} Aura", (st.cards[ap.card],)))
            if "self_destruct" in has:
                opts.append(Option(f"selfdestruct:{ap.uid}", f"Self-Destruct {label(st, ap)}", (st.cards[ap.card],)))
        for ap in st.arena:
            if ap.controller == p and can_attack(st, ap):
                page = d[ap.card]
                got = _ATTACK.get((ap.uid, st.cards[ap.card]))
                if got is None or got[0] is not page:
                    if len(_ATTACK) > 20_000:
                        _ATTACK.clear()
                    got = _ATTACK[(ap.uid, st.cards[ap.card])] = (page, tuple(
                        Option(f"attack:{ap.uid}:{k}", f"Attack with {label(st, ap)}: {a.name} ({a.damage})",
                               (st.cards[ap.card],)) for k, a in enumerate(page.attacks)))
                opts.extend(got[1])
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


_TRAP: dict[str, tuple[Any, Option]] = {}
_ATTACK: dict[tuple[int, str], tuple[Any, tuple[Option, ...]]] = {}
"""The ``trap:`` option of each Page id and the ``attack:`` options of each (handle, Page id), with the definition
they were made from: options are immutable and follow from these, and the decisions list them at every Take Actions
step (a search lists them thousands of times a second)."""


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
        if err is not None:  # name what would be legal
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
    st.cached = APPLYING
    try:
        _apply(st, seat, choice, decision, ev)
        wall_after_choice(st, first, ev)  # MZ-WALL-06: entering Pages' returns; new bases logged
        zero_lp_check(st, ev)  # MZ-GAP-52: the 0-LP check after every event, whatever lowered a maximum
    except Ended:
        pass
    except Eliminated:  # MZ-GAP-12: a Caster left a game that goes on
        EXT.multi.resume(st, ev)
    finally:
        st.cached = None
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
    if kind in ("use", "power"):  # an "any time" Effect (MZ-GAP-20) or a Power (MZ-GAP-21): its target first
        uid, k = (int(x) for x in rest.split(":"))
        ap = find(st, uid)
        if d[ap.card].effects[k].target in TARGETING:
            st.pending = Pending(kind, uid, k)
            return
        (push_effect if kind == "use" else use_power)(st, seat, ap, k, "", ev)
        return
    if kind == "trap":
        st.pending = Pending("trap_place", chapter_card(st, seat, rest))
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


# the modules the lower chapters call back into (no import cycle: they import those chapters, not the reverse)
EXT.allocation, EXT.chain, EXT.effects = allocation, chain, effects
EXT.multi, EXT.placement = multi, placement

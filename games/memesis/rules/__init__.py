"""Memesis rules, the entry the Game calls (``shared/rules/memesis.md``; rule IDs ``MEM-*``): the open decision
(:func:`decisions_of`), applying a choice (:func:`apply_choice`), who a response window asks (MEM-TRN-07,
MEM-GAP-28) and running the job queue (:func:`advance`: Effects and abilities, combat, the start and end of a
turn, Rune returns). The rules themselves live in the chapter modules below it (``cells``, ``actions``,
``play``, ``combat``, ``effects``, ``runes``, ``fusion``, ``incubation``, ``turn``; the package docstring maps
them); this module imports them and ``games.core``, and nothing imports it but ``game``, ``picture`` and the
tests.

How a decision is built (DESIGN.md: compound actions are split into short steps)
---------------------------------------------------------------------------------
Everything a player may do with one card or piece is an *action*: a path of short components
(``("play", "attack", "s1", "down")``: play it into the Attack Cell, attacking seat 1, face down). The main
decision (``kind="main"``, the active player's turn) and a response window (``kind="window"``,
MEM-TRN-07) list the *things* a player can act with: ``h<card>`` (a card in hand), ``p<uid>`` (a piece in
play or incubating, or one carrying the player's Rune) and the global options ``draw`` (pay 5 source,
MEM-DRW-01), ``grant:<seat>`` (MEM-ALY-01), ``end`` (combat if anything attacks, then end of turn) or
``pass`` (in a window). Choosing a thing opens a draft (``kind="act"``): its options are the next
components of that thing's legal actions, plus ``back``; a component that leaves only one action carries
it out at once, and after the first component a step with a single next component is taken without asking.
An action is legal exactly when it is listed (:mod:`games.memesis.rules.actions`), so legality is checked against
the real card even when it is face down (MEM-STL-10) and a refused choice is told only to its chooser.

Other decisions (``prompt`` kinds): ``ammo_take`` (step 7), ``intercept`` (damage aimed at a player,
MEM-TRN-03), ``block`` (one per Defend creature, MEM-CBT-05), ``cause`` / ``save`` / ``fuse_cause``
(MEM-CE-01..03, MEM-CE-09, MEM-GAP-16), ``discard``, ``fragment`` (MEM-CE-11), ``rune_return``
(MEM-RUN-07), ``attach`` (a Rune hatched or upturned, MEM-RUN-03/11), ``hatch_target`` (an Effect card
hatched). Each has a documented default for timeouts (MEM-GAP-28).

Asking: ``intercept``, ``block``, ``cause``, ``save``, ``discard`` and ``rune_return`` are windows ``aimed`` at
their seat (about its own cards), and so is a response window opened by an attack or damage aimed at that seat
(:func:`aimed_at`); a main decision with nothing to do on public facts (:func:`nothing_to_do`) and a
``hatch_target`` with one target are ``forced``; :data:`STEP_NAMES` names each kind in words; :func:`unplayable`
says why a hand card cannot be played now.
"""

from __future__ import annotations

from games.core.contract import Decision, Event, NotYourDecision, Option, StaleChoice
from games.core.labels import distinct_decision

from ..state import Job, Prompt, State
from .actions import Act, ability_ok, hand_actions, has_thing_action, may_consume, thing_actions, things
from .cells import (
    DRAW_COST,
    abilities,
    all_cards,
    allies,
    can_attack,
    can_defend,
    card,
    cname,
    draw,
    find,
    in_play,
    interceptors,
    label_piece,
    label_target,
    open_window,
    pay,
    pname,
    stats_text,
    target_choices,
)
from .combat import step_combat
from .effects import step_resolve
from .play import perform
from .runes import rune_hosts, step_rune_return
from .turn import step_endturn, step_start


def decisions_of(st: State) -> list[Decision]:
    """The one open decision (or none when the game is over): a prompt, a draft, a window or the main
    decision of the active player. Built once per :attr:`State.version` (``State.cached``); each call returns
    a new list of the same (frozen) decisions."""
    c = st.cached
    if c is not None and c[0] == st.version:
        return list(c[1])
    out = _decisions(st)
    st.cached = (st.version, tuple(out))
    return out


def _decisions(st: State) -> list[Decision]:
    if st.result is not None:
        return []
    if st.prompt is not None:  # a prompt may list two copies of a card (labels told apart)
        return [distinct_decision(prompt_decision(st, st.prompt))]
    if st.draft is not None:
        return [draft_decision(st)]
    w = open_window(st)
    if w is not None:
        return [menu_decision(st, w.data["queue"][0], window=True, reason=w.data["reason"])]
    return [menu_decision(st, st.active, window=False)]


STEP_NAMES = {
    "main": "taking their turn",
    "window": "responding",
    "act": "choosing what to do with a card",
    "ammo_take": "deciding on their Ammunition card",
    "intercept": "deciding whether to intercept damage",
    "block": "choosing whom to block",
    "cause": "choosing a Cause card to lose",
    "save": "deciding whether to save a Cause card",
    "fuse_cause": "deciding whether to fuse with a Cause card",
    "discard": "discarding",
    "fragment": "deciding on a Rune fragment",
    "rune_return": "deciding whether to take a Rune back",
    "attach": "placing a hatched Rune",
    "hatch_target": "choosing a target for a hatched Effect",
}
"""Decision kind -> what the board's "Waiting for Ana (…)" says, in player words."""


def unplayable(st: State, seat: int) -> list[tuple[str, str]]:
    """Why hand cards cannot be played: while ``seat`` has its main decision, a response window
    or an action being built open, each card in its hand with no way into play now (played into a Cell, face
    up or down, or placed as a Rune; incubating, fusing, Ammunition and consuming aside), as ``(name, reason)``
    (:func:`play_reason`), copies of a card once. Reads ``seat``'s own hand and face-down cards only."""
    # The open decision's seat, kind and ``window`` as decisions_of(st) gives them, without building its options
    # (every seat's text asks, most of them with no decision): none after the end; a prompt is of none of
    # these kinds; then the action being built, the response window, the active player's main decision.
    if st.result is not None or st.prompt is not None:
        return []
    if st.draft is not None:
        if st.draft["seat"] != seat:
            return []
        window = st.draft["window"]
    elif (w := open_window(st)) is not None:
        if w.data["queue"][0] != seat:
            return []
        window = True
    elif st.active != seat:
        return []
    else:
        window = False
    out: list[tuple[str, str]] = []
    for c in st.players[seat].hand:
        if not any(path[0] in ("play", "rune") for path, _ in hand_actions(st, seat, c, window)):
            why = (cname(st, c), play_reason(st, seat, c, window))
            if why not in out:  # copies of a card: once (a phone screen)
                out.append(why)
    return out


def play_reason(st: State, seat: int, c: int, window: bool) -> str:
    """Why hand card ``c`` of ``seat`` cannot be played or placed now, in a few words."""
    d = card(st, c)
    p = st.players[seat]
    own = st.active == seat and not window and st.phase == "main"
    if d.kind in ("creature", "cause"):
        what = "creatures" if d.kind == "creature" else "Cause cards"
        if st.active != seat:
            return f"{what} go into play only in your own turn"
        if not own:
            return f"{what} go into play only in your main phase, not in a response"
        return f"costs {d.cost} source, you have {p.source} (Incubation is free)"
    if d.kind == "effect":
        if d.cost > p.source:
            return f"costs {d.cost} source, you have {p.source}"
        extra = f"; in Stealth it costs {d.cost + 1} source" if st.stealth else ""
        return f"no target for it now{extra}"
    if st.owner[c] != seat:
        return f"{pname(st, st.owner[c])}'s Rune: only its owner places it"
    if p.source < 1:
        return "placing a Rune costs 1 source, you have 0"
    extra = ", and Stealth costs 2 source" if st.stealth else ""
    return f"no card can take a {d.predilection.title()} Rune now{extra}"


HOLD_LABEL = "Pass until my turn"
"""The window option that passes every window up to the player's own next turn, except one opened by an
attack or damage aimed at them (MEM-GAP-28): one tap instead of one per action of the others."""


def menu_decision(st: State, seat: int, window: bool, reason: str = "") -> Decision:
    """The main decision (``window`` False) or a response window (MEM-TRN-07, MEM-GAP-28)."""
    p = st.players[seat]
    opts: list[Option] = []
    for o in things(st, seat):
        if o.id[0] == "h" or has_thing_action(st, seat, o.id, window):  # a hand card can always be consumed
            opts.append(o)
    if p.source >= DRAW_COST and p.brain:
        opts.append(Option("draw", f"Pay {DRAW_COST} source: draw a card"))
    if window:
        opts.append(Option("pass", "Pass"))
        opts.append(Option("hold", HOLD_LABEL))
        prompt = f"{reason} — respond, or pass. You have {p.source} source."
        return Decision(seat, "window", prompt, tuple(opts), default="pass", window=True,
                        aimed=aimed_at(st, seat))
    if p.grants:
        for a in allies(st, seat):
            if p.source >= p.grants[0]:
                opts.append(Option(f"grant:{a}", f"Grant {pname(st, a)} {p.grants[0]} source"))
    attackers = [pc for pc in st.pieces if pc.controller == seat and can_attack(st, pc)]
    opts.append(Option("end", "Combat, then end your turn" if attackers else "End your turn"))
    prompt = f"Your turn {p.turns}: act with a card, or end your turn. You have {p.source} source."
    return Decision(seat, "main", prompt, tuple(opts), default="end",
                    forced=len(opts) == 1 and nothing_to_do(st, seat))


def aimed_at(st: State, seat: int) -> bool:
    """Whether the open response window was opened by an attack or damage aimed at ``seat`` (public: the
    window's ``at``): the one a player who chose "Pass until my turn" is still asked (MEM-GAP-28), and so
    :attr:`Decision.aimed`."""
    w = open_window(st)
    return w is not None and seat in w.data["at"]


def nothing_to_do(st: State, seat: int) -> bool:
    """Whether ``seat``'s main decision can only be "End your turn", judged on what every player sees
    (MEM-GAP-28): an empty hand, no draw to pay for (under 5 source or an empty Brain Cell), no grant owed to an ally, and
    no piece they control and no card of theirs in any piece (a face-down card, a Rune, a fused card), whose
    actions could depend on a card only they may see. An incubating card counts only with their Rune on it
    (removing it is all one can do with an incubating card, MEM-CEL-11). Then the decision is ``forced``; with
    one option for any other reason it is asked like any other."""
    p = st.players[seat]
    if p.hand or (p.source >= DRAW_COST and p.brain) or p.grants:
        return False
    for pc in st.pieces:
        if pc.cell == "incubation":
            if pc.rune >= 0 and st.owner[pc.rune] == seat:
                return False
        elif pc.controller == seat or any(st.owner[c] == seat for c in all_cards(pc)):
            return False
    return True


def draft_decision(st: State) -> Decision:
    """The next step of the action being built (module docstring): the next components, and ``back``."""
    dr = st.draft
    assert dr is not None
    seat, ref, path = dr["seat"], dr["ref"], tuple(dr["path"])
    acts = thing_actions(st, seat, ref, dr["window"])
    k = len(path)
    opts: list[Option] = []
    seen: set[str] = set()
    for pth, labels in acts:
        if pth[:k] == path and len(pth) > k and pth[k] not in seen:
            seen.add(pth[k])
            opts.append(Option(pth[k], labels[k] if k < len(labels) else pth[k]))
    opts.append(Option("back", "Back"))
    what = ref_label(st, seat, ref)
    so_far = next((" → ".join(labels[:k]) for pth, labels in acts if pth[:k] == path), "")
    return Decision(seat, "act", f"{what}: what do you do?" if not path else f"{what} — {so_far}: choose.",
                    tuple(opts), default="back", window=dr["window"], aimed=dr["window"] and aimed_at(st, seat))


def ref_label(st: State, seat: int, ref: str) -> str:
    """A thing (``h<card>`` or ``p<uid>``) in words for ``seat``."""
    if ref.startswith("h"):
        return cname(st, int(ref[1:]))
    pc = find(st, int(ref[1:]))
    return label_piece(st, pc, seat) if pc else ref


def prompt_decision(st: State, pr: Prompt) -> Decision:
    """The decision of a prompt (module docstring), with its documented timeout default (MEM-GAP-28)."""
    s, d = pr.seat, pr.data
    if pr.kind == "ammo_take":
        ammo = st.players[s].ammo
        # empty only when the seat went out meanwhile (a concession): its prompt is answered with the default
        take = (Option("take", f"Take {cname(st, ammo[-1])}", (st.cards[ammo[-1]],)),) if ammo else ()
        return Decision(s, "ammo_take", "Start of your turn: take the top card of your Ammunition Cell into your hand?",
                        (*take, Option("leave", "Leave it")), default="leave")
    if pr.kind == "intercept":
        opts = [Option("absorb", f"Take the {d['amount']} damage yourself")]
        # a creature outside the Defend Cell moves there to intercept (MEM-CBT-01)
        opts += [Option(f"p{pc.uid}", f"Intercept with {label_piece(st, pc, s)} ({stats_text(st, pc, s)})")
                 for pc in interceptors(st, s)]
        return Decision(s, "intercept", f"{d['what']} deals {d['amount']} damage to you: intercept it with a "
                        "Defend creature, or take it?", tuple(opts), default="absorb", window=True, aimed=True)
    if pr.kind == "block":
        pc = find(st, d["uid"])
        opts = []
        for u in d["attackers"]:
            a = find(st, u)
            if a is not None and pc is not None and can_defend(st, pc):  # asked on public grounds, offered the truth
                opts.append(Option(f"p{u}", f"Block {label_piece(st, a, s)} ({stats_text(st, a, s)})"))
        opts.append(Option("none", "Do not block"))
        return Decision(s, "block", f"Combat: which attacker does {label_piece(st, pc, s)} "
                        f"({stats_text(st, pc, s)}) intercept?", tuple(opts),
                        default="none", window=True, aimed=True)
    if pr.kind == "cause":
        opts = [Option(f"p{u}", label_piece(st, find(st, u), s)) for u in d["uids"] if find(st, u)]
        return Decision(s, "cause", f"{d['what']} was played at you: choose which of your Cause cards is "
                        "destroyed.", tuple(opts), default=opts[0].id, window=True,
                        aimed=True)
    if pr.kind == "save":
        opts = [Option(f"h{c}", f"Discard {cname(st, c)}", (st.cards[c],)) for c in st.players[s].hand]
        opts.append(Option("let", "Let it be destroyed"))
        pc = find(st, d["uid"])
        return Decision(s, "save", f"{label_piece(st, pc, s)} is about to be destroyed: discard a card from your "
                        "hand to save it?", tuple(opts), default="let", window=True, aimed=True)
    if pr.kind == "fuse_cause":
        opts = [Option(how, f"Fuse {cname(st, d['card'])} with it: {hl}") for how, hl in d["ways"]]
        opts.append(Option("destroy", "Destroy it"))
        pc = find(st, d["uid"])
        return Decision(s, "fuse_cause", f"{cname(st, d['card'])} can fuse with {label_piece(st, pc, s)} instead "
                        "of destroying it: fuse?", tuple(opts), default="destroy")
    if pr.kind == "discard":
        opts = [Option(f"h{c}", f"Discard {cname(st, c)}", (st.cards[c],)) for c in st.players[s].hand]
        opts.append(Option("random", "Discard at random"))
        return Decision(s, "discard", f"{d['what']}: discard {d['left']} more card{'s' if d['left'] > 1 else ''} "
                        "from your hand.", tuple(opts), default="random", window=True, aimed=True)
    if pr.kind == "fragment":
        opts = [Option(f"p{u}", f"Fuse it onto {label_piece(st, find(st, u), s)}") for u in d["uids"]
                if find(st, u)]
        opts.append(Option("dead", "Let it go to the Dead Cell"))
        return Decision(s, "fragment", f"{cname(st, d['card'])} has been used: fuse it as a Rune fragment instead "
                        "of sending it to the Dead Cell?", tuple(opts), default="dead")
    if pr.kind == "rune_return":
        return Decision(s, "rune_return", f"{cname(st, d['rune'])} went to your Dead Cell with the card it "
                        "upgraded: pay 1 source to return it to your hand?",
                        (Option("pay", "Pay 1 source: back to hand"), Option("leave", "Leave it in the Dead Cell")),
                        default="leave", window=True, aimed=True)
    if pr.kind == "attach":
        opts = [Option(f"p{pc.uid}", f"Attach it to {label_piece(st, pc, s)}") for pc in
                rune_hosts(st, s, d["rune"])]
        opts.append(Option("dead", "Send it to the Dead Cell"))
        return Decision(s, "attach", f"{cname(st, d['rune'])} must attach to a card bearing its marking, or go to "
                        "the Dead Cell.", tuple(opts), default=opts[0].id)
    if pr.kind == "hatch_target":
        a = card(st, d["card"]).abilities[0]
        opts = [Option(t, label_target(st, t, s)) for t in target_choices(st, s, a, None)]
        # its targets are public (players, face-up pieces): a single one is publicly forced (MEM-GAP-28)
        return Decision(s, "hatch_target", f"{cname(st, d['card'])} has hatched and works now: choose its target.",
                        tuple(opts), default=opts[0].id, forced=len(opts) == 1)
    raise ValueError(pr.kind)


def apply_choice(st: State, seat: int, choice: str) -> list[Event]:
    """Apply one option id for ``seat``. Raises :class:`NotYourDecision` or :class:`StaleChoice` (a
    :class:`RulesError`) with the state unchanged when it is not one of the seat's options now.

    The choice is checked against the open decision's options without listing all of them (the main
    decision's labels of every card and piece cost the most): :func:`_offered` answers exactly as
    ``decisions_of(st)[0].option(choice) is not None``; a refused choice lists them for its message."""
    if st.result is not None:
        raise NotYourDecision("GAME-OVER", "The game is over.")
    acts: list[Act] | None = None
    if st.prompt is not None:
        d: Decision | None = decisions_of(st)[0]
        assert d is not None
        kind, at, ok = d.kind, d.seat, d.option(choice) is not None
    elif st.draft is not None:
        d, kind, at = None, "act", st.draft["seat"]
        ok = at == seat and isinstance(choice, str)
        if ok:
            dr = st.draft
            acts = thing_actions(st, seat, dr["ref"], dr["window"])
            ok = _drafted(acts, tuple(dr["path"]), choice)
    else:
        w = open_window(st)
        d, kind = None, "main" if w is None else "window"
        at = st.active if w is None else w.data["queue"][0]
        ok = at == seat and isinstance(choice, str) and _offered(st, seat, w is not None, choice)
    if at != seat:
        raise NotYourDecision("MEM-TRN-07", f"It is not your decision now: waiting for {pname(st, at)} "
                              f"({STEP_NAMES.get(kind, kind)}).")
    if not ok:
        if d is None:
            d = decisions_of(st)[0]
        legal = ", ".join(o.label for o in d.options[:12]) + ("…" if len(d.options) > 12 else "")
        why = ""
        if d.kind == "act" and choice in ("play", "rune") and st.draft is not None and st.draft["ref"][0] == "h":
            c = int(st.draft["ref"][1:])  # a hand card that cannot be played now: say why
            # the reason, not the card's name: a refusal names no card (MEM-STL-10)
            why = f"This card cannot be played now: {play_reason(st, seat, c, st.draft['window'])}. "
        raise StaleChoice("MEM-TRN-07", f"{why or 'That is not one of your options now. '}Choose one of: {legal}.")
    ev: list[Event] = []
    if kind in ("main", "window"):
        _menu(st, seat, choice, kind == "window", ev)
    elif kind == "act":
        _draft_step(st, choice, ev, acts)
    else:
        pr = st.prompt
        assert pr is not None
        st.prompt = None
        _answer(st, pr, choice, ev)
    st.version += 1
    if kind != "act":  # a step of an action being built is not counted on the board (MEM-GAP-20)
        st.turn_choices += 1
    advance(st, ev)
    return ev


def _drafted(acts: list[Act], path: tuple[str, ...], choice: str) -> bool:
    """Whether ``choice`` is an option of the draft at ``path`` (:func:`draft_decision`): ``back``, or the
    next component of one of ``acts`` that starts with ``path``."""
    if choice == "back":
        return True
    k = len(path)
    return any(len(pth) > k and pth[k] == choice and pth[:k] == path for pth, _labels in acts)


def _offered(st: State, seat: int, window: bool, choice: str) -> bool:
    """Whether ``choice`` is an option of ``seat``'s main decision or response window (:func:`menu_decision`),
    read without building the options."""
    p = st.players[seat]
    if choice == "draw":
        return p.source >= DRAW_COST and bool(p.brain)
    if window:
        if choice in ("pass", "hold"):
            return True
    elif choice == "end":
        return True
    elif choice.startswith("grant:"):
        return bool(p.grants) and p.source >= p.grants[0] and any(choice == f"grant:{a}" for a in allies(st, seat))
    if choice.startswith("h"):
        return any(choice == f"h{c}" for c in p.hand)
    if choice.startswith("p"):  # a piece :func:`things` lists, with something to do
        for pc in st.pieces:
            if choice == f"p{pc.uid}" and (pc.controller == seat or any(st.owner[c] == seat for c in pc.hidden) or (
                    pc.rune >= 0 and st.owner[pc.rune] == seat)):
                return has_thing_action(st, seat, choice, window)
    return False


def _menu(st: State, seat: int, choice: str, window: bool, ev: list[Event]) -> None:
    p = st.players[seat]
    if choice in ("pass", "hold"):
        w = open_window(st)
        assert w is not None
        w.data["queue"].pop(0)
        if choice == "hold":
            p.holding = True
            ev.append(Event(f"{p.name} passes until their next turn (asked again if attacked or hit)."))
        return
    if choice == "draw":
        pay(st, seat, DRAW_COST, "MEM-DRW-01")
        ev.append(Event(f"{p.name} pays {DRAW_COST} source to draw a card."))
        draw(st, seat, 1, ev)
        return
    if choice.startswith("grant:"):
        a = int(choice[6:])
        g = p.grants.pop(0)
        pay(st, seat, g, "MEM-ALY-01")
        st.players[a].source += g
        ev.append(Event(f"{p.name} grants {pname(st, a)} {g} source."))
        return
    if choice == "end":
        st.jobs.append(Job("endturn"))
        if any(pc.controller == seat and can_attack(st, pc) for pc in st.pieces):
            st.jobs.append(Job("combat", {"stage": "declare", "attackers": [], "blocks": [], "queue": []}))
        return
    st.draft = {"seat": seat, "ref": choice, "path": [], "window": window}


def _draft_step(st: State, choice: str, ev: list[Event], acts: list[Act] | None = None) -> None:
    dr = st.draft
    assert dr is not None
    if choice == "back":
        st.draft = None
        return
    _draft_go(st, tuple(dr["path"]) + (choice,), ev, acts)


def _draft_go(st: State, path: tuple[str, ...], ev: list[Event], acts: list[Act] | None = None) -> None:
    """Move the open draft to ``path`` (at least the first component, so choosing a thing always shows what it
    can do): carry the action out once ``path`` is one or leaves only one, and take any later step with a
    single next component without asking (a phone tap saved). ``acts``: the draft's thing's actions when the
    caller has them already (the state unchanged since)."""
    dr = st.draft
    assert dr is not None
    if acts is None:
        acts = thing_actions(st, dr["seat"], dr["ref"], dr["window"])
    paths = [a for a, _ in acts if a[:len(path)] == path]
    while path not in paths and len(paths) > 1 and len({a[len(path)] for a in paths}) == 1:
        path = path + (paths[0][len(path)],)
        paths = [a for a in paths if a[:len(path)] == path]
    if path in paths or len(paths) == 1:
        full = path if path in paths else paths[0]
        st.draft = None
        perform(st, dr["seat"], dr["ref"], full, dr["window"], ev)
    else:
        dr["path"] = list(path)


def has_response(st: State, seat: int, at: list[int]) -> bool:
    """Whether ``seat`` is offered the response window (MEM-TRN-07, MEM-GAP-28, MEM-CON-01): a player still in
    who could take an "any time" action judged on public information only, so that being asked tells nobody
    what they hold: a card in hand (any hand card may at least go into Ammunition, an own one be consumed), a
    face-up piece in play they may consume, a face-down card of their own in play, their Rune on a card with 1
    source to remove it, 5 source and a non-empty Brain Cell (draw), a face-up "any time" ability they can use
    now, or, when an attack or damage is aimed at them, a creature able to move into Defend. Hand contents,
    face-down identities, Ammunition and incubating cards are never read."""
    p = st.players[seat]
    if p.out or (p.holding and seat not in at):  # "Pass until my turn" holds (MEM-GAP-28)
        return False
    if p.hand or (p.source >= DRAW_COST and p.brain):
        return True
    for pc in st.pieces:
        if pc.rune >= 0 and st.owner[pc.rune] == seat and p.source >= 1:
            return True
        if not in_play(pc):
            continue
        if any(st.owner[c] == seat for c in pc.hidden):
            return True
        if pc.controller != seat:
            continue
        if may_consume(st, seat, pc):
            return True
        if seat in at and pc.cell != "defend" and not pc.sourced and any(
                card(st, c).kind == "creature" for c in pc.cards if c not in pc.hidden):  # the face-up ones only
            return True
        for i, (a, c) in enumerate(abilities(st, pc)):
            if a.any_time and ability_ok(st, seat, pc, i, a, c, True) and target_choices(st, seat, a, pc):
                return True
    return False


def advance(st: State, ev: list[Event]) -> None:
    """Run the flow until a decision is open (a prompt, a draft, a window with someone to ask, or the
    active player's main decision) or the game is over."""
    guard = 0
    while st.result is None:
        guard += 1
        if guard > 10000:
            raise RuntimeError("the Memesis flow does not settle")
        if st.prompt is not None:
            if st.players[st.prompt.seat].out:
                pr, st.prompt = st.prompt, None
                _answer(st, pr, prompt_decision(st, pr).default or "", ev)
                continue
            return
        if st.draft is not None:
            return
        if not st.jobs:
            if st.players[st.active].out:
                st.jobs.append(Job("endturn"))
                continue
            st.phase = "main"
            return
        job = st.jobs[-1]
        if job.kind == "window":
            q = job.data["queue"]
            while q and not has_response(st, q[0], job.data["at"]):
                q.pop(0)
            if q:
                return
            st.jobs.pop()
            continue
        STEPS[job.kind](st, job, ev)


STEPS = {"resolve": step_resolve, "combat": step_combat, "start": step_start, "endturn": step_endturn,
         "rune_return": step_rune_return}


def _answer(st: State, pr: Prompt, choice: str, ev: list[Event]) -> None:
    """Hand a prompt's answer to the job waiting on it."""
    st.jobs[pr.data["_job"]].data["answer"] = choice

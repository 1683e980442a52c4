"""MetaZoo — the TCG where your surroundings matter (``shared/rules/metazoo.md``; rule IDs ``MZ-*``).

``GAME`` is the :class:`games.core.Game` for MetaZoo. NOT registered in ``games.REGISTRY`` yet: this is the
foundation that later sessions complete (issue 16). The rules live in :mod:`games.metazoo.rules`, the
state in :mod:`games.metazoo.state`, the Page schema in :mod:`games.metazoo.cards` (its docstring documents
the effect vocabulary), the pool, Aura wheel and Spellbook legality in :mod:`games.metazoo.pool`. The
4th Wall / real-sky evaluation (:mod:`games.metazoo.sky`) and the gap register (:mod:`games.metazoo.gaps`)
are written separately.

Built (with tests naming the IDs; ``rule_coverage.py --game metazoo``: 224/253 named)
-------------------------------------------------------------------------------------
* Page model and state: MZ-CORE-01/02/03/07/08/09/10, MZ-OWN-01/02/05, MZ-ZONE-01..06, MZ-LP-01..07.
* Set-up and mulligan: MZ-SETUP-01..05 (coin-flip prediction, choice of first, Bookmarking 7, N-1
  mulligans), MZ-RNG-01..03 (every flip is a logged D6, even = heads).
* Turn steps 1a-3d in order: MZ-TURN-01..16 (face-down placement and one move, Powers).
* Aura: MZ-AURA-01..03, 05..10 (generation is not an Action and never passes priority, MZ-PRIO-08; costs
  paid from the pool only; one Aura Page per turn; Terra only in Take Actions); Convert (MZ-CONVERT-01).
* Priority and the resolution chain: MZ-PRIO-01..10 (every Contract, Effect and Power waits on the chain;
  a single pass resolves it last in, first out; "stop" and "reflect"), MZ-KW-01..04 (ARENA: Attack
  Damage bonuses only, so far), MZ-SIM-03; the
  active Caster's ordering prompt for simultaneous end-of-turn Poison and Regen (MZ-SIM-01/05, step
  ``order``, timeout: the listed order).
* Combat: MZ-COMBAT-01..25 (declare, Burn LP Loss, targets, trap flip, windows A and B, Defenders, Primary
  Defender striking back, First-Strike with the coin, the end test, DESTROYED Effects at once), Type
  Advantage (MZ-TYPE-01/02/05/06) and Aura Attack Advantage (MZ-AAA-01..04) against the Primary Defender,
  Tribal Boost (MZ-TRIBE-01..04), Paralyze → 0.
* Status Effects: MZ-STATUS-01..07 and every Status (Frozen, Burn, Poison, Paralyze, Sleep, Scared,
  Confusion) with their counters, expiry and Damage clauses.
* Traits: Blood Sucker, Burrow, Convert, Defender, Destroyer, Fear, First-Strike, Flash, Fleet, Flight,
  Immortal, Infectious (nameless Beastie tokens, MZ-TOKEN-01..04, MZ-TGT-04), Invisible, Magiproof, Regen,
  Self-Destruct, Spirit, Stone Skin, Trap, Unblockable, Venomous.
* Equipment: MZ-EQUIP-01..04/06..08/10, MZ-EQUIPTRAIT-01 (an ``equip`` bonus of Damage, LP and Traits while
  attached; a Beastie may decline to equip). Unequip (MZ-EQUIP-09) and equipping the opponent's Pages are not
  built (MZ-GAP-59).
* Effects: search (MZ-INFO-02), "you" = the controller (MZ-OWN-03), an Effect that wins (MZ-WIN-03), dual
  Aura types (MZ-TYPE-03).
* Traps: MZ-TRAP-01..06, 08..11 (bluffs allowed, a revealed non-Trap loses; pay or decline).
* Terra slots and rotation: MZ-TERRA-01/04/05/06/07/08.
* End of game: MZ-WIN-01/02/04/05, MZ-EMPTY-01/02, concession (MZ-GAP-81).
* Spellbooks: MZ-BOOK-01/02/03 (configurable maximum 60), MZ-INFO-01; Archive checks and one-for-one swaps
  as pure functions (``pool.validate_archive``, ``pool.archive_swap``: MZ-BOOK-04/06); Look and Reveal
  (MZ-INFO-03).

Not yet built (the next sessions)
---------------------------------
Terra Bonuses and all 4th Wall effects (MZ-TERRA-02/03/09..11, MZ-WALL-*: the sky module; ``attack_damage``
has the step (c) slot for them); the Damage allocation choice (MZ-COMBAT-20 is automatic for now: 5 each,
then in declaration order, MZ-GAP-34); ordering prompts for Damage-versus-Status (MZ-SIM-02: a Spell's steps resolve in printed order now), simultaneous Trap flips
and CONTRACT effects (MZ-SIM-04: they cannot yet arise), and the other end-of-turn removals (fixed order); Unequip (MZ-EQUIP-09); copies (MZ-TOKEN-05/06) and Infectious from Effects or
Powers (only Attacks make tokens now); placement on top/underneath by Effects (MZ-PLACE-*); search/look/reveal/Index
(MZ-INFO-04 Index); control changes (MZ-OWN-03); ARENA continuous Effects other than Attack bonuses; Aura Pages Fatigued by
Effects (MZ-AURA-04) and Aura Cost changes (MZ-AURA-11); dual-type checks (MZ-TYPE-03/04, no dual Page yet);
MZ-TRAP-07 (a Caster who cannot lose); the Archive series on the host (MZ-BOOK-05, MZ-GAP-75); 3-4
Casters (MZ-GAP-12); the full 120-Page pool and four starter Spellbooks; a purposeful computer player; the
board picture layout; registration in ``games.REGISTRY``.

Host rules ([host] in the checklist)
------------------------------------
* MZ-RNG-03, MZ-SETUP-02/03: one seeded RNG in the state makes every shuffle, flip and roll; each flip is a
  D6 (MZ-RNG-02) logged publicly with its reason and the Caster who flips.
* MZ-CORE-08, MZ-TRAP-11: the Chapter, the Spellbook's order and face-down Pages' identities appear only in
  their controller's private view and private events. Arena Pages are named by a handle (``#uid``) given
  afresh on each entry into the Arena, never by their instance number, so a handle says nothing about a
  face-down Page.
* MZ-PRIO-10, MZ-GAP-24 timeouts: predict heads, go first, keep, pass, end Take Actions, back, no more
  Defenders, decline to pay a Trap, place a Trap standalone, burrow nothing more, the first listed end-of-turn
  item (MZ-SIM-05), the first Primary Defender option.

Decisions on the gaps (``MZ-GAP-NN``) this foundation relies on
---------------------------------------------------------------
01 Original test pool (``data/metazoo/test-pool.yaml``) with stand-ins: Fire Dart (Fireball), Mirror Ward
   (Reflection, "reflect": the Spell turns back on its own Caster), Hush (Dampen, "stop"), Hearth Brownie
   (Chupacabra), Tidal Surge (non-targeting), Snare Pit (Trap Spell), Bog Lurker (Trap Beastie).
02 Schema in :mod:`games.metazoo.cards`. 05 Neutral Aura is a pool type that pays only Neutral components
   (typed components need their exact type). 06 Basic Aura and Terra cost nothing unless printed.
07 The wheel is ``data/metazoo/wheel.yaml`` (Light > Dark and Spirit as the text says; the rest decided).
08 +20 once however many type pairs match. 09/10 Type Advantage and Aura Attack Advantage are checked against
   the Primary Defender (for its own Attack: against the attacker) and both add before allocation.
12 Two Casters only for now; seat 1 (the challenged Caster) predicts the flip; a right guess chooses.
13 One pass resolves the whole chain; in a fixed window, once a chain resolves the window moves on to the
   next Caster. 14 After a chain resolves in Take Actions, the active Caster continues.
15 Only "any time" Pages and Effects while a chain is open or in a window; everything else needs the
   active Caster's Take Actions step with an empty chain. 16 A stopped entry does nothing and its Page goes
   to its discard zone (Spells: the Cemetery); an Effect whose targets left the Arena skips them and still
   resolves the rest. 17 Every Contract (Aura and Terra too) goes on the chain and can be responded to.
18 Placing a face-down Trap is not an Action; moving one is (priority passes). 19 Each face-down Trap moves
   at most once, ever; one placed this turn may move this turn.
20 An "any time" Effect of a Beastie needs no Awakening, does not Fatigue, works once per turn per Page and
   not while Paralyzed. 22 No first-turn exceptions. 23 Mulligans one at a time, first Caster first, each
   seeing the other's in the log. 25 At step 1e and 3c every Caster's pool dissolves. 28 A Beastie with no
   Attack cannot declare one. 30/31/32 A flipped Trap is paid (or not) at once, before window A, with Aura
   generated then; a Beastie/Artifact Trap enters Fatigued as a Defender (a standalone one becomes the
   original target); a Spell/Potion Trap resolves its FLIPPED Effects; an unpaid Trap, or a Spell Trap that
   was itself the target, ends the Combat with no Damage. 33 The Combat ends after the first Attack when the
   attacker or every defending Page and the original target are gone. 34 Allocation is automatic for now
   (see above). 40 Stone Skin applies first, then Sleep doubles; Confusion's self-Damage has every modifier but Type and Aura
   Attack Advantage and Stone Skin stops it (it is Damage from an Effect). 41 Scared: on tails the Page goes
   to the Chapter and the Action it was Fatigued for does not happen; on heads it is Fatigued and acts.
   42 Venomous poisons the attacker when the Venomous Beastie becomes Primary Defender. 43 Damage to Artifacts
   does not feed Blood Sucker. 44 Destroyer needs Damage above 0 actually taken. 45 Burn counters are always
   a D6; a Burned attacker Destroyed on declaring ends the Combat. 48 Paralyze also stops "any time" Effects
   and Powers of the Page. 49 Frozen X <= 0 counts as 1; Damage reduced to 0 does not remove Frozen.
   52 The Defender Trait's LP goes at the end of that turn; Damage is kept and 0 LP Destroys.
   11/54 A token has its source's first Base Aura type, the source's printed LP, its Attacks' names, printed
   Damage and Aura Attack Advantage (no Status icon, text, Traits or Tribe), no name (shown as "Beastie
   token"), enters Fatigued; a token that leaves the Arena goes to ``State.gone`` (removed from the game).
   26 Burrow is declared at the end of step 1a of every turn, active Caster first, one Beastie at a time;
   burrowed lasts until step 3b. 46 Flash lasts until the end of the target controller's next turn (the turn
   after this one when it is theirs now). 58 Fear/Flash targets are chosen (or declined) when the Beastie
   is Contracted; the flip happens after it enters the Arena. 72 A search takes the first matching Page,
   reveals it and always shuffles.
   79 With two Casters the active Caster orders every simultaneous item, the opponent's included.
   55 Convert makes Aura of the Page's first Base type (Neutral for a Neutral Page). 56 Self-Destruct is not
   an Action. 60 A flipped Trap's
   controller may decline to pay. 61 Bluffs are allowed: any Page may be placed face-down; revealing one
   without the Trap Trait loses at once. 66 With all six slots full, a cyclic pointer picks the slot replaced
   (slot 1 first); the replaced Terra goes to the Afterlife, not Destroyed. 70 Limbo, Cemetery and Afterlife
   are public and ordered; Spellbook and Chapter sizes are public. 73 Both Casters at 0 LP at once is a draw;
   the empty-Spellbook draw is checked after every event. 74 Casters never go above 1000 LP. 76 Spellbook
   maximum 60 (configurable). 77 The Spellbook Limit is per Page id. 78 Recover removes LP Loss as well as
   Damage. 81 A Caster may concede at any time (a loss). 82 Only the 24 listed Terra Bonuses. 83 CONTRACT
   Effects of Beasties resolve before it enters the Arena, so they do not see it there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.contract import Choice, Decision, Event, Game, Result, RulesError, SeatSetup, View
from games.core.rng import Rng
from games.core.serial import dumps, loads

from . import rules
from .cards import page_line
from .pool import MIN_SPELLBOOK, card_pool, starter_decks, validate_deck
from .state import ArenaPage, Caster, Indicator, State


class MetaZooGame(Game):
    """MetaZoo through the game contract (DESIGN.md)."""

    id = "metazoo"
    name = "MetaZoo"
    min_seats = 2
    max_seats = 2
    has_decks = True
    deck_size = MIN_SPELLBOOK

    # -- creation

    def new_game(self, seats: Sequence[SeatSetup], options: dict[str, Any] | None, seed: int) -> State:
        """A new game: every Caster at 1000 LP (MZ-SETUP-01); seat 1 predicts the flip (MZ-SETUP-02,
        MZ-GAP-12). Raises :class:`RulesError` for a seat count other than 2 (MZ-GAP-12) or an illegal
        Spellbook (naming each rule broken)."""
        if len(seats) != 2:
            raise RulesError("MZ-GAP-12", f"MetaZoo is played by two Casters for now; got {len(seats)} seats.")
        for s in seats:
            problems = validate_deck(s.deck)
            if problems:
                raise RulesError(problems[0].rule, f"{s.name}'s Spellbook is illegal: "
                                 + " ".join(f"{p.message} [{p.rule}]" for p in problems))
        st = _empty(seats, seed)
        st.rng = Rng.from_seed(seed).state
        for p, s in enumerate(seats):
            st.casters[p].spellbook = _add(st, p, s.deck)
        st.predictor = 1
        st.priority = 1
        st.step = "predict"
        return st

    def intro(self, state: State) -> list[Event]:
        return [Event(f"MetaZoo: {state.casters[0].name} against {state.casters[1].name}. "
                      f"{state.casters[state.predictor].name} predicts the coin flip.")]

    def position(self, spec: dict[str, Any], seats: Sequence[SeatSetup], seed: int) -> State:
        """A state from a scenario's explicit position, in the active Caster's Take Actions step.

        ``spec`` keys: ``turn`` (default 1), ``active`` (default 0), ``first`` (default ``active``) and
        ``players``: two mappings with optional ``spellbook``, ``chapter``, ``limbo``, ``cemetery``,
        ``afterlife`` (Page ids), ``lp``, ``aura`` (type -> count), ``indicators`` (``[{status, counters,
        turn}]``) and ``arena``: Page ids or ``{card, fatigued, damage, indicators, face_down, trap,
        equipment}``
        (Terra Pages take the next Terra slot). Raises ``KeyError`` for an unknown Page id."""
        st = _empty(seats, seed)
        st.rng = Rng.from_seed(seed).state
        st.turn = spec.get("turn", 1)
        st.active = spec.get("active", 0)
        st.first = spec.get("first", st.active)
        ev: list[Event] = []
        for p, ps in enumerate(spec.get("players", [{}, {}])):
            c = st.casters[p]
            c.mulligan = "kept"
            for zone in ("spellbook", "chapter", "limbo", "cemetery", "afterlife"):
                setattr(c, zone, _add(st, p, ps.get(zone, [])))
            c.damage = c.max_lp - ps.get("lp", c.max_lp)
            c.aura = {k: v for k, v in ps.get("aura", {}).items() if v}
            c.indicators = [Indicator(**i) for i in ps.get("indicators", [])]
            for item in ps.get("arena", []):
                item = {"card": item} if isinstance(item, str) else dict(item)
                (card,) = _add(st, p, [item["card"]])
                if rules.defs_of(st)[card].type == "terra":
                    rules.place_terra(st, card, p, ev)
                    continue
                ap = rules.enter_arena(st, card, p, ev, face_down=item.get("face_down", False),
                                       fatigued=item.get("fatigued", False))
                ap.damage = item.get("damage", 0)
                ap.indicators = [Indicator(**i) for i in item.get("indicators", [])]
                if "trap" in item:
                    (ap.trap,) = _add(st, p, [item["trap"]])
                ap.equipment = _add(st, p, item.get("equipment", []))
        st.step = "actions"
        st.priority = st.active
        return st

    # -- the contract

    def decisions(self, state: State) -> list[Decision]:
        return rules.decisions_of(state)

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Apply one choice (an option id) for ``seat``. Raises :class:`RulesError` naming the rule and
        changes nothing when the choice is not one of the seat's current options."""
        if not isinstance(choice, str):
            if len(choice) != 1:
                raise RulesError("MZ-PRIO-10", "MetaZoo decisions take exactly one option.")
            choice = choice[0]
        if not 0 <= seat < len(state.casters):
            raise RulesError("MZ-GAP-12", f"There is no seat {seat}: this game has seats 0 and 1.")
        return rules.apply_choice(state, seat, choice)

    def result(self, state: State) -> Result | None:
        return None if state.result is None else Result.from_dict(state.result)

    def version(self, state: State) -> int:
        return state.version

    def concede(self, state: State, seat: int) -> list[Event]:
        """``seat`` concedes (MZ-WIN-05, MZ-GAP-81): the opponent wins (reason ``concede``)."""
        if state.result is not None:
            raise RulesError("MZ-WIN-05", "The game is already over.")
        other = 1 - seat
        text = f"{state.casters[seat].name} concedes: {state.casters[other].name} wins."
        state.result = Result((other,), (seat,), "concede", text).to_dict()
        state.step = "over"
        state.priority = -1
        state.pending = None
        state.version += 1
        return [Event(text)]

    def view(self, state: State, viewer: int | None) -> View:
        """The public board plus ``viewer``'s private Chapter and own face-down Pages (MZ-CORE-08,
        MZ-TRAP-11). Hidden from everyone else: Chapters and Spellbooks (sizes only) and face-down Pages'
        identities (shown as anonymous handles)."""
        st = state
        defs = rules.defs_of(st)

        def name(c: int) -> dict[str, Any]:
            return {"card": st.cards[c], "name": defs[c].name or "Beastie token"}

        def page(ap: ArenaPage) -> dict[str, Any]:
            if ap.face_down:
                return {"uid": ap.uid, "controller": ap.controller, "face_down": True}
            return {
                "uid": ap.uid, **name(ap.card), "controller": ap.controller, "owner": st.owner[ap.card],
                "face_down": False, "type": defs[ap.card].type, "fatigued": ap.fatigued,
                "lp": rules.lp(st, ap), "max_lp": rules.max_lp(st, ap), "slot": ap.slot,
                "indicators": [{"status": i.status, "counters": i.counters} for i in ap.indicators],
                "equipment": [name(e) for e in ap.equipment], "trap_under": ap.trap >= 0,
                "line": page_line(defs[ap.card]),
            }

        casters = []
        for c in st.casters:
            casters.append({
                "name": c.name, "lp": rules.caster_lp(c), "max_lp": c.max_lp, "aura": dict(sorted(c.aura.items())),
                "spellbook": len(c.spellbook), "chapter": len(c.chapter),
                "limbo": [name(x) for x in c.limbo], "cemetery": [name(x) for x in c.cemetery],
                "afterlife": [name(x) for x in c.afterlife],
                "indicators": [{"status": i.status, "counters": i.counters} for i in c.indicators],
                "mulligan": c.mulligan,
            })
        chain = [{"kind": it.kind, **name(it.card), "controller": it.controller, "stopped": it.stopped,
                  "targets": [rules.target_label(st, t) for t in it.targets],
                  "chain_target": it.chain_target} for it in st.chain]
        cb = st.combat
        combat = None if cb is None else {
            "attacker": rules.target_label(st, cb.attacker), "target": rules.target_label(st, cb.target),
            "defenders": [rules.target_label(st, u) for u in cb.defenders],
            "primary": None if cb.primary is None else rules.target_label(st, cb.primary), "stage": cb.stage,
        }
        board = {
            "turn": st.turn, "active": st.active, "first": st.first, "step": st.step,
            "priority": st.priority if st.priority >= 0 else None,
            "casters": casters,
            "arena": [page(ap) for ap in st.arena if ap.slot < 0],
            "terra": [None if u < 0 else page(rules.find(st, u)) for u in st.terra],
            "chain": chain, "combat": combat,
            "flipped": name(st.trap_flip) if st.trap_flip >= 0 else None,
        }
        private = None
        if viewer is not None:
            me = st.casters[viewer]
            private = {
                "chapter": [{**name(c), "line": page_line(defs[c])} for c in me.chapter],
                "face_down": [{"uid": ap.uid, **name(ap.card)} for ap in st.arena
                              if ap.face_down and ap.controller == viewer],
                "under": [{"host": ap.uid, **name(ap.trap)} for ap in st.arena
                          if ap.trap >= 0 and ap.controller == viewer],
            }
        decs = rules.decisions_of(st)
        return View(game=self.id, viewer=viewer, board=board, private=private,
                    decisions=tuple(d for d in decs if d.seat == viewer),
                    waiting=tuple((d.seat, d.kind) for d in decs), result=self.result(st))

    # -- front-end helpers

    def computer(self, seed: int):
        """A legal computer player that prefers developing and attacking (:class:`games.metazoo.ai.ZooBot`)."""
        from .ai import ZooBot

        return ZooBot(seed)

    def board_text(self, view: View) -> str:
        from .render import board_text

        return board_text(view)

    def private_text(self, view: View) -> str:
        from .render import private_text

        return private_text(view)

    def end_state(self, view: View) -> tuple[int | None, dict[int, str]]:
        lines = {s: f"{c['lp']} LP · Spellbook {c['spellbook']} · Chapter {c['chapter']}"
                 for s, c in enumerate(view.board["casters"])}
        return view.board["turn"], lines

    def timeout_choice(self, state: State, decision: Decision) -> str:
        """MZ-GAP-24: the decision's documented default (pass, end, keep, decline, no more Defenders...);
        the first option where none is set (the Primary Defender choice)."""
        return decision.default if decision.default is not None else decision.options[0].id

    # -- persistence

    def to_json(self, state: State) -> str:
        return dumps(state)

    def from_json(self, text: str) -> State:
        return loads(State, text)

    # -- decks

    def validate_deck(self, cards: Sequence[str]) -> list[RulesError]:
        return validate_deck(cards)

    def starter_decks(self) -> dict[str, list[str]]:
        return {k: d.card_list() for k, d in starter_decks().items()}

    def starter_names(self) -> dict[str, str]:
        return {k: d.name for k, d in starter_decks().items()}


def _empty(seats: Sequence[SeatSetup], seed: int) -> State:
    return State(cards=[], owner=[], casters=[Caster(s.name) for s in seats], rng=0, seed=seed)


def _add(st: State, owner: int, ids: Sequence[str]) -> list[int]:
    pool = card_pool()
    out = []
    for cid in ids:
        if cid not in pool:
            raise KeyError(f"unknown MetaZoo Page id {cid!r}")
        out.append(len(st.cards))
        st.cards.append(cid)
        st.owner.append(owner)
    st.defs = None
    return out


GAME = MetaZooGame()

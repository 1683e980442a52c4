"""MetaZoo through the game contract (DESIGN.md): :class:`MetaZooGame`, exposed as ``games.metazoo.GAME``.

The front-end hooks (the computer player, the text boards, the picture) are found by convention in
:mod:`games.metazoo.ai`, :mod:`games.metazoo.render` and :mod:`games.metazoo.picture`.

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
  item (MZ-SIM-05), the first Primary Defender option, the automatic Damage split (MZ-GAP-34), the printed
  order of a Spell's Damage and Status, the revealed order of an Index, the first legal target of a copy.
"""

from __future__ import annotations

import datetime as dt
import marshal
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.core.carddata import add_instances
from games.core.contract import Choice, Decision, Event, Game, Result, RulesError, SeatSetup, View
from games.core.rng import Rng
from games.core.surroundings import Place, Surroundings, SurveyLine

from . import rules
from .pool import MAX_SPELLBOOK, MIN_SPELLBOOK, card_pool, validate_deck
from .rules import effects, ending, multi, pages, sky, terra, wall, zones
from .state import ArenaPage, Caster, Indicator, State


class MetaZooGame(Game):
    """MetaZoo through the game contract (DESIGN.md)."""

    id = "metazoo"
    name = "MetaZoo"
    min_seats = 2
    max_seats = 4
    has_windows = True  # MZ-GAP-24: priority offers are response windows
    has_decks = True
    deck_size = MIN_SPELLBOOK
    state_type = State
    has_archive = True
    """A MetaZoo deck may carry an Archive of at most 15 Pages (MZ-BOOK-04)."""
    series_lengths = (1, 3, 5)
    """A table plays a series of 1, 3 or 5 games (MZ-GAP-75); Archive swaps happen between its games."""
    observes_clock = True
    reads_surroundings = True
    """MetaZoo reads the real clock in derived mode (the 4th Wall Effects, MZ-GAP-69): the host logs each
    instant and passes it to :meth:`observe`."""
    spellbook_max = MAX_SPELLBOOK
    """The most Pages a Spellbook may hold here (MZ-GAP-76: the host's configurable maximum; the host sets
    it from its ``METAZOO_SPELLBOOK_MAX`` setting). Every Spellbook check uses it: decks, joins and starts."""

    # -- creation

    def new_game(self, seats: Sequence[SeatSetup], options: dict[str, Any] | None, seed: int) -> State:
        """A new game: every Caster at 1000 LP (MZ-SETUP-01); seat 1 predicts the flip (MZ-SETUP-02,
        MZ-GAP-12: against seat 0). Raises :class:`RulesError` for a seat count outside 2..4 (MZ-GAP-12) or an
        illegal Spellbook (naming each rule broken).

        ``options`` (unknown keys such as the host's ``seats``, ``timeout`` are ignored): ``surroundings``
        ``"virtual"`` (default) | ``"derived"`` | ``"declared"``, ``place`` (``Place.to_json()``),
        ``profiles`` (``{"0": Surroundings.to_json(), ...}``), ``clock`` (epoch seconds UTC, the game's
        start; required in derived mode) — see :func:`games.metazoo.rules.wall.configure` (MZ-WALL-04). They are
        frozen at game start. Raises ValueError for a bad surroundings option."""
        if not 2 <= len(seats) <= 4:
            raise RulesError("MZ-GAP-12", f"MetaZoo is played by 2 to 4 Casters; got {len(seats)} seats.")
        for s in seats:
            problems = validate_deck(s.deck, maximum=self.spellbook_max)
            if problems:
                raise RulesError(problems[0].rule, f"{s.name}'s Spellbook is illegal: "
                                 + " ".join(f"{p.message} [{p.rule}]" for p in problems))
        st = _empty(seats, seed)
        wall.configure(st, options)
        st.rng = Rng.from_seed(seed).state
        for p, s in enumerate(seats):
            st.casters[p].spellbook = _add(st, p, s.deck)
        st.predictor = 1
        st.priority = 1
        st.step = "predict"
        return st

    def intro(self, state: State) -> list[Event]:
        return [Event(f"MetaZoo: {' against '.join(c.name for c in state.casters)}. "
                      f"{state.casters[state.predictor].name} predicts the coin flip.")]

    def position(self, spec: dict[str, Any], seats: Sequence[SeatSetup], seed: int) -> State:
        """A state from a scenario's explicit position, in the active Caster's Take Actions step.

        ``spec`` keys: ``turn`` (default 1), ``active`` (default 0), ``first`` (default ``active``) and
        ``players``: two mappings with optional ``spellbook``, ``chapter``, ``limbo``, ``cemetery``,
        ``afterlife`` (Page ids), ``lp``, ``aura`` (type -> count), ``indicators`` (``[{status, counters,
        turn}]``) and ``arena``: Page ids or ``{card, fatigued, damage, indicators, face_down, trap,
        equipment}``
        (Terra Pages take the next Terra slot); ``options``: the surroundings options of :meth:`new_game`
        (the turn reads their ``clock``). Raises ``KeyError`` for an unknown Page id."""
        st = _empty(seats, seed)
        wall.configure(st, spec.get("options"))
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
                if pages.defs_of(st)[card].type == "terra":
                    terra.place_terra(st, card, p, ev)
                    continue
                ap = zones.enter_arena(st, card, p, ev, face_down=item.get("face_down", False),
                                       fatigued=item.get("fatigued", False))
                ap.damage = item.get("damage", 0)
                ap.indicators = [Indicator(**i) for i in item.get("indicators", [])]
                if "trap" in item:
                    (ap.trap,) = _add(st, p, [item["trap"]])
                ap.equipment = _add(st, p, item.get("equipment", []))
        st.step = "actions"
        st.priority = st.active
        st.tally = {"lp": [pages.caster_lp(c) for c in st.casters]}  # the turn's summary counts from here
        return st

    # -- the contract

    def decisions(self, state: State) -> list[Decision]:
        return rules.decisions_of(state)

    def survey(self, place: Place, profile: Surroundings | None, instant: dt.datetime,
               caster: str) -> tuple[SurveyLine, ...]:
        """The 24 Terra Bonuses read from the surroundings alone (MZ-WALL-04 derived mode, MZ-GAP-68):
        :func:`games.metazoo.rules.sky.survey`."""
        return sky.survey(place, profile, instant, caster)

    def observe(self, state: State, at: float) -> None:
        """Store the host's instant ``at`` (epoch seconds UTC, the one it logs with the next choice); the next
        step 1a reads the last one stored (MZ-GAP-69). Changes no rule state; ValueError for a non-number."""
        wall.observe(state, at)

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Apply one choice (an option id) for ``seat``. Raises :class:`RulesError` naming the rule and
        changes nothing when the choice is not one of the seat's current options."""
        choice = self.one_choice(choice, seat, len(state.casters), ("MZ-PRIO-10", "MZ-GAP-12"))
        return rules.apply_choice(state, seat, choice)

    def out_seats(self, state: State) -> frozenset[int]:
        """The Casters who lost and left a game of 3 or 4 that goes on (MZ-GAP-12); empty once it is over."""
        return frozenset() if state.result is not None else frozenset(state.out)

    def concede(self, state: State, seat: int) -> list[Event]:
        """``seat`` concedes (MZ-WIN-05, MZ-GAP-81): the opponent wins (reason ``concede``). With 3 or 4 Casters
        and two or more staying, the conceding Caster leaves as at 0 LP (MZ-GAP-12) and the game goes on.
        Raises :class:`RulesError` when the game is over or the seat already left."""
        if state.result is not None:
            raise RulesError("MZ-WIN-05", "The game is already over.")
        if seat in state.out:
            raise RulesError("MZ-GAP-12", f"{state.casters[seat].name} has already left this game.")
        if len(state.casters) - len(state.out) > 2:
            ev = [Event(f"{state.casters[seat].name} concedes.")]
            multi.eliminate(state, [seat], ev)
            multi.resume(state, ev)
            state.version += 1
            return ev
        other = pages.other(state, seat)
        text = f"{state.casters[seat].name} concedes: {state.casters[other].name} wins."
        state.out.append(seat)  # the concession's place in the standings (MZ-GAP-12)
        state.result = Result((other,), tuple(state.out), "concede", text,
                              rule=ending.result_rule(state, "concede", False),
                              scores=tuple(ending.standings(state, (other,), False))).to_dict()
        state.out.remove(seat)
        state.step = "over"
        state.priority = -1
        state.pending = None
        state.version += 1
        return [Event(text)]

    def view(self, state: State, viewer: int | None) -> View:
        """The public board plus ``viewer``'s private Chapter and own face-down Pages (MZ-CORE-08,
        MZ-TRAP-11). Hidden from everyone else: Chapters and Spellbooks (sizes only) and face-down Pages'
        identities (shown as anonymous handles).

        The board of a ``version`` viewed more than once is kept as :mod:`marshal` bytes (``State.shown``) when
        its second viewer asks: every later viewer gets its own copy of it, so a caller that edits its view
        changes no other."""
        return self.view_of(state, viewer, True)

    def view_of(self, state: State, viewer: int | None, share: bool) -> View:
        """:meth:`view`; with ``share`` false the board is built afresh and not kept for other viewers (for a caller
        that views each version once; the search's play-outs read :meth:`bot_view` instead)."""
        st = state
        got = st.shown
        if got is not None and got[0] == st.version and st.cached is not rules.APPLYING:
            if got[1] is not None:
                board = marshal.loads(got[1])  # every viewer its own copy of the shared board
            else:  # a second viewer: keep a copy for the next ones (most versions are viewed once)
                board = self._board(st)
                st.shown = (st.version, marshal.dumps(board))
        else:
            board = self._board(st)
            if share and st.cached is not rules.APPLYING:
                st.shown = (st.version, None)
        defs = pages.defs_of(st)

        def name(c: int) -> dict[str, Any]:
            return {"card": st.cards[c], "name": defs[c].name or "Beastie token"}

        private = None
        if viewer is not None:
            me = st.casters[viewer]
            private = {
                "chapter": [{**name(c), "line": pages.line_of(st, c)} for c in me.chapter],
                "face_down": [{"uid": ap.uid, **name(ap.card)} for ap in st.arena
                              if ap.face_down and ap.controller == viewer],
                "under": [{"host": ap.uid, **name(ap.trap)} for ap in st.arena
                          if ap.trap >= 0 and ap.controller == viewer],
            }
        decs = rules.decisions_of(st)
        view = View.of(self.id, viewer, board, private, decs, self.result(st))
        if st.pending is None or st.ask or not view.waiting:
            return view
        # MZ-GAP-24: the steps of an Action being chosen (its target, where a face-down Page goes) would tell
        # the others which kind of hidden Page was picked: they see the step the Caster chose it from.
        return replace(view, waiting=tuple((s, k if s == viewer else rules.public_kind(st, k))
                                           for s, k in view.waiting))

    def bot_view(self, state: State, viewer: int) -> View:
        """The part of ``viewer``'s :meth:`view` that the computer player (:class:`games.metazoo.ai.ZooBot`) reads,
        for the search's play-outs, which view every position once: of the board, the turn's ``active`` Caster,
        each Caster's ``out``, ``name``, ``lp``, ``max_lp``, ``aura`` and Indicators, each Page's ``uid``,
        ``controller`` and ``face_down`` and, face-up, its ``card``, ``type``, ``fatigued``, ``lp``, ``max_lp``,
        Indicators, ``equipment`` (their ``card``) and ``trap_under``, the Terra slots, the chain, the Combat and
        the flipped Trap as in the view; of the private part, the ``card`` of each Chapter Page and own face-down
        Page. Each value is the view's (``tests/metazoo/test_mz_search.py`` checks it); no decisions, waiting
        seats or result. Built afresh, kept for nobody."""
        st = state
        defs = pages.defs_of(st)
        cards = st.cards
        feats: list[wall.Board] = []  # wall.board_features, read once for every Page's Terra Bonuses
        max_lp = pages.max_lp

        def page(ap: ArenaPage) -> dict[str, Any]:
            if ap.face_down:
                return {"uid": ap.uid, "controller": ap.controller, "face_down": True}
            c = ap.card
            p = defs[c]
            if p.terra_bonuses and not feats:
                feats.append(wall.board_features(st, defs))
            most = max_lp(st, ap, defs, feats[0] if feats else None)
            return {
                "uid": ap.uid, "card": cards[c], "controller": ap.controller, "face_down": False, "type": p.type,
                "fatigued": ap.fatigued, "lp": max(0, most - ap.damage), "max_lp": most,
                "indicators": [{"status": i.status, "counters": i.counters} for i in ap.indicators]
                if ap.indicators else [],
                "equipment": [{"card": cards[e]} for e in ap.equipment] if ap.equipment else [],
                "trap_under": ap.trap >= 0,
            }

        out = st.out
        casters = [{"out": p in out, "name": c.name, "lp": pages.caster_lp(c), "max_lp": c.max_lp,
                    "aura": dict(sorted(c.aura.items())),
                    "indicators": [{"status": i.status, "counters": i.counters} for i in c.indicators]}
                   for p, c in enumerate(st.casters)]
        label = pages.target_label
        chain = [{"kind": it.kind, "card": cards[it.card], "controller": it.controller, "stopped": it.stopped,
                  "targets": [label(st, t) for t in it.targets], "chain_target": it.chain_target}
                 for it in st.chain] if st.chain else []
        cb = st.combat
        combat = None if cb is None else {
            "attacker": label(st, cb.attacker), "target": label(st, cb.target),
            "defenders": [label(st, u) for u in cb.defenders],
            "primary": None if cb.primary is None else label(st, cb.primary), "stage": cb.stage,
        }
        board = {
            "active": st.active, "casters": casters,
            "arena": [page(ap) for ap in st.arena if ap.slot < 0],
            "terra": [None if u < 0 else page(pages.find(st, u)) for u in st.terra],
            "chain": chain, "combat": combat,
            "flipped": {"card": cards[st.trap_flip]} if st.trap_flip >= 0 else None,
        }
        private = {
            "chapter": [{"card": cards[c]} for c in st.casters[viewer].chapter],
            "face_down": [{"card": cards[ap.card]} for ap in st.arena if ap.face_down and ap.controller == viewer],
            "under": [{"card": cards[ap.trap]} for ap in st.arena if ap.trap >= 0 and ap.controller == viewer],
        }
        return View(self.id, viewer, board, private)

    @staticmethod
    def _board(st: State) -> dict[str, Any]:
        """The public board of :meth:`view` (the same for every viewer), built afresh."""
        defs = pages.defs_of(st)
        typed = effects.arena_types_by_card(st)  # MZ-TYPE-04: Base types set by Effects

        def name(c: int) -> dict[str, Any]:
            return {"card": st.cards[c], "name": defs[c].name or "Beastie token"}

        lines, base = defs.lines, defs.base  # filled in on first use (pages.line_of, pages.base_types_of)
        feats: list[wall.Board] = []  # wall.board_features, read once for every Page's Terra Bonuses

        def page(ap: ArenaPage) -> dict[str, Any]:
            if ap.face_down:
                return {"uid": ap.uid, "controller": ap.controller, "face_down": True}
            c = ap.card
            p = defs[c]
            if p.terra_bonuses and not feats:
                feats.append(wall.board_features(st, defs))
            most = pages.max_lp(st, ap, defs, feats[0] if feats else None)
            line = lines[c]
            return {
                "uid": ap.uid, "card": st.cards[c], "name": p.name or "Beastie token", "controller": ap.controller,
                "owner": st.owner[c], "face_down": False, "type": p.type, "fatigued": ap.fatigued,
                "lp": max(0, most - ap.damage), "max_lp": most, "slot": ap.slot,  # pages.lp, MZ-LP-02
                "indicators": [{"status": i.status, "counters": i.counters} for i in ap.indicators]
                if ap.indicators else [],
                "equipment": [name(e) for e in ap.equipment] if ap.equipment else [], "trap_under": ap.trap >= 0,
                "under": [name(x) for x in ap.under] if ap.under else [], "on": ap.on if ap.on >= 0 else None,
                "types": list(typed.get(c) or base[c] or pages.base_types_of(st, c)),  # pages.types_of
                "line": line if line is not None else pages.line_of(st, c),
            }

        casters = []
        for p, c in enumerate(st.casters):
            casters.append({
                "out": p in st.out,
                "name": c.name, "lp": pages.caster_lp(c), "max_lp": c.max_lp, "aura": dict(sorted(c.aura.items())),
                "spellbook": len(c.spellbook), "chapter": len(c.chapter),
                "limbo": [name(x) for x in c.limbo], "cemetery": [name(x) for x in c.cemetery],
                "afterlife": [name(x) for x in c.afterlife],
                "indicators": [{"status": i.status, "counters": i.counters} for i in c.indicators],
                "mulligan": c.mulligan,
            })
        chain = [{"kind": it.kind, **name(it.card), "controller": it.controller, "stopped": it.stopped,
                  "targets": [pages.target_label(st, t) for t in it.targets],
                  "chain_target": it.chain_target} for it in st.chain]
        cb = st.combat
        combat = None if cb is None else {
            "attacker": pages.target_label(st, cb.attacker), "target": pages.target_label(st, cb.target),
            "defenders": [pages.target_label(st, u) for u in cb.defenders],
            "primary": None if cb.primary is None else pages.target_label(st, cb.primary), "stage": cb.stage,
        }
        board = {
            "turn": st.turn, "active": st.active, "first": st.first, "step": st.step,
            "priority": st.priority if st.priority >= 0 else None,
            "casters": casters,
            "arena": [page(ap) for ap in st.arena if ap.slot < 0],
            "terra": [None if u < 0 else page(pages.find(st, u)) for u in st.terra],
            "chain": chain, "combat": combat,
            "flipped": name(st.trap_flip) if st.trap_flip >= 0 else None,
            "sky": wall.board(st),
        }
        return board

    # -- front-end helpers (computer, board_text, context_text, private_text, layout: by convention)

    def step_name(self, kind: str) -> str:
        """The decision kind ``kind`` in player words (:data:`games.metazoo.render.STEP_NAMES`: "declaring
        Defenders", "responding"); an unknown kind with its underscores as spaces."""
        from .render import STEP_NAMES

        return STEP_NAMES.get(kind, kind.replace("_", " "))

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        """The Pages of ``seat``'s Chapter it cannot Contract now, each with its reason in a few
        words (:func:`games.metazoo.rules.unplayable`); empty unless it holds priority or takes Actions. Any
        Page may still be placed face-down in the Take Actions step (MZ-GAP-61)."""
        return rules.unplayable(state, seat)

    def end_state(self, view: View) -> tuple[int | None, dict[int, str]]:
        lines = {s: f"{c['lp']} LP · Spellbook {c['spellbook']} · Chapter {c['chapter']}"
                 for s, c in enumerate(view.board["casters"])}
        return view.board["turn"], lines

    def timeout_choice(self, state: State, decision: Decision) -> str:
        """MZ-GAP-24: the decision's documented default (pass, end, keep, decline, no more Defenders...);
        the first option where none is set (the Primary Defender choice)."""
        return decision.default if decision.default is not None else decision.options[0].id

    # -- decks

    def validate_deck(self, cards: Sequence[str]) -> list[RulesError]:
        return validate_deck(cards, maximum=self.spellbook_max)

    def validate_archive(self, cards: Sequence[str], archive: Sequence[str]) -> list[RulesError]:
        """MZ-BOOK-04 (at most 15 Pages) and MZ-BOOK-02 (limits across the Spellbook and Archive)."""
        from .pool import validate_archive
        return validate_archive(cards, archive)

    def archive_swap(self, cards: Sequence[str], archive: Sequence[str], out: Sequence[str],
                     into: Sequence[str]) -> tuple[list[str], list[str]]:
        """MZ-BOOK-06: one for one between games of a series (:func:`games.metazoo.pool.archive_swap`)."""
        from .pool import archive_swap
        return archive_swap(cards, archive, out, into)


def _empty(seats: Sequence[SeatSetup], seed: int) -> State:
    return State(cards=[], owner=[], casters=[Caster(s.name) for s in seats], rng=0, seed=seed)


def _add(st: State, owner: int, ids: Sequence[str]) -> list[int]:
    """New instances of the card ids ``ids`` owned by ``owner`` (:func:`games.core.carddata.add_instances`)."""
    out = add_instances(st, owner, ids, card_pool(), "MetaZoo Page")
    st.defs = None  # the definitions cache is rebuilt on first use
    return out


GAME = MetaZooGame()

"""The :class:`MetaGame`, Meta through the game contract (``games.core.contract``), and ``GAME``.

It sets a game up (META-SET-01..07), opens scenario positions, hands decisions and choices to the engine
(:mod:`games.meta.rules`), and builds each seat's :class:`View` (what is hidden stays hidden). It imports
:mod:`games.core` and the package's ``rules``, ``state``, ``cards``, ``pool``, ``catalog`` and ``render``; the
computer player (``ai.computer``), the text boards (``render``) and the picture (``picture.board_layout``) are
found by convention in :class:`games.core.contract.Game`.

Host rules (``[host]`` in the checklist) — what the bot does instead of people:

* META-SET-01/03, META-MUT-06: shuffles, the D20 turn-order rolls and roll-offs, graveyard shuffles and
  random discards use the seeded RNG in the state; the rolls are posted publicly.
* META-STK-03, META-STK-08: the board lists every tower level by level, top first, each card with the
  player who played it; META-INF-01/02, META-TRG-04: hands and face-down trigger conditions appear only in
  their owner's private view, memories only as counts; the rest of the board is public.
* META-CRD-09, META-EVT-03, META-EXE-08, META-PSH-04: every card has one coded effect; its description and
  its engine reading are generated from that code and shown by the card lookup (``/card``, the catalog).
  Every play is announced in one short public line naming the player, the card, its stack and its target
  ("Ana plays Spark of Ruin on Ben's trigger stack, targeting Cleo"; the card's text is not repeated in the
  log or in each hand line, which shows name, type and target kind), and every executed card gets a public
  log line with its result. Each turn ends with a one-line summary of every player's life and hand.
* Trigger stacks are named in player words, never by an id: "Ana's trigger stack", or "Ana's trigger stack
  #2" while Ana has more than one (numbered in activation order among her active ones).
* META-TGT-01: a play is a short sequence of decisions — card, then destination (Event-like cards with a
  choice of stacks), then target (only when the target is chosen from a list) — with "Back" at each step.
  A card with no legal target is not offered. No card is played on one press (a mistaken tap on a phone
  must not play a card): a play whose target is fixed by the card (a descriptive target, or none; Trigger
  cards naming no player too) ends with a confirm step (decision kind ``confirm_play``) that shows the
  card, its target (with what it reads as now) and its destination, with "Play" (or "Activate") and "Back".
* META-TRN-02, META-PSH-03, META-PSH-05, META-GAP-25: the player at turn ends the drawing stage with
  "Play!" or by playing onto the main tower. In the pushing stage every player in play has an open "play or
  pass" decision at once; plays are applied in the order the host receives them; a play clears every pass;
  the stage ends when every player in play has passed since the last play. The executing stage then runs by
  itself (no decisions: targets were announced at play time).
* META-TRS-07: the engine evaluates every armed trigger at every game event and fires it itself.
* META-DIS-02: each player over the hand limit chooses discards one card at a time, privately; all discards
  are applied together when the last choice is in.
* META-DCK-04/05, META-CBR-04: every card of the pool version in ``data/meta/cards.yaml`` is in everyone's
  collection; a deck naming any other id is refused by name.
* META-PDX-01: paradoxes are detected and resolved by the engine (META-GAP-10), and logged publicly.

Response windows: the pushing-stage "play or pass" decision of a player not at turn is a response window
(``window``): it is their chance to answer the plays of another player's turn, open to all at once, and it
times out to pass; it is ``aimed`` at a player when the last play of the turn targets them, a card they
played, their graveyard or one of their stacks, or the last trigger stack activated names them. The player
at turn's drawing and pushing decisions, a play's own steps and the discarding stage are not windows (they
are that player's turn, or a play already begun, or a rule's demand).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from games.core.carddata import add_instances
from games.core.contract import Choice, Decision, Event, Game, RulesError, SeatSetup, View
from games.core.rng import Rng

from . import rules
from .cards import PARAMS, card_line, card_text, condition_text, engine_reading, param_text
from .pool import DECK_SIZE, card_pool, validate_deck
from .render import step_name
from .rules import queries
from .state import Change, Entry, Player, State, Static, Tower

MIN_SEATS, MAX_SEATS = 2, 6


@cache
def texts(card_id: str) -> tuple[str, str, str, str]:
    """(line, description, engine reading, condition) of a card id; generated once per id."""
    d = card_pool()[card_id]
    return card_line(d), card_text(d), engine_reading(d), condition_text(d) if d.type == "trigger" else ""


def roll_order(rng: Rng, seats: list[int], rounds: list[list[list[int]]]) -> list[int]:
    """META-SET-03/04: every seat throws a D20; higher goes first; tied seats roll off among
    themselves, recursively, and their sub-order takes the place of their tie. ``rounds`` collects each
    throw round as ``[[seat, roll], ...]`` for the public log."""
    throws = [(s, rng.die(20)) for s in seats]
    rounds.append([[s, r] for s, r in throws])
    out: list[int] = []
    for value in sorted({r for _, r in throws}, reverse=True):
        tied = [s for s, r in throws if r == value]
        out.extend(tied if len(tied) == 1 else roll_order(rng, tied, rounds))
    return out


class MetaGame(Game):
    """Meta through the game contract (DESIGN.md)."""

    id = "meta"
    name = "Meta"
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    has_windows = True  # a play or pass out of turn is a response window
    has_decks = True
    deck_size = DECK_SIZE
    state_type, player_type, static_type = State, Player, Static

    def new_game(self, seats: Sequence[SeatSetup], options: dict[str, Any] | None, seed: int) -> State:
        """A new game (META-SET-01..07): memories shuffled, turn order by D20 roll-offs, nine cards each,
        15 life, then the first turn's drawing stage. ``options``: ``{"paradox": "graveyard"|"coin"}``.

        Raises :class:`RulesError` for fewer than 2 or more than 6 seats (META-GAP-02) or an illegal deck
        (META-DCK-06, naming each rule broken)."""
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise RulesError("META-GAP-02", f"Meta is played by {MIN_SEATS} to {MAX_SEATS} players; got {len(seats)}.")
        for s in seats:
            problems = validate_deck(s.deck)
            if problems:
                raise RulesError("META-DCK-06", f"{s.name}'s deck is illegal: " +
                                 " ".join(f"{p.message} [{p.rule}]" for p in problems))
        opts = dict(options or {})
        if opts.get("paradox", "graveyard") not in ("graveyard", "coin"):
            raise RulesError("META-PDX-05", "The paradox option is 'graveyard' (default) or 'coin'.")
        st = _empty_state(seats, seed)
        st.options = opts
        rng = Rng.from_seed(seed)
        for p, s in enumerate(seats):
            ids = _add_cards(st, p, s.deck)
            rng.shuffle(ids)
            st.players[p].memory = ids
        st.order = roll_order(rng, list(range(len(seats))), st.rolls)
        st.at_turn = st.order[0]
        for pl in st.players:
            pl.hand = pl.memory[: queries.OPENING_HAND]
            del pl.memory[: queries.OPENING_HAND]
        st.rng = rng.state
        eng = rules.Engine(st)
        try:
            eng.start_turn()
            eng.advance()
        except queries.GameOver:
            eng.finish()
        st.rng = eng.rng.state
        # Only public lines: each player's private draws are in the "Your hand" lines of intro().
        st.opening = [e.text for e in eng.events if e.audience is None]
        return st

    def intro(self, state: State) -> list[Event]:
        """The set-up for the log: the D20 rounds, the turn order, the opening hands (private)."""
        out = []
        for k, rnd in enumerate(state.rolls):
            what = "Turn-order roll" if k == 0 else "Roll-off"
            out.append(Event(f"{what}: " + ", ".join(f"{state.players[s].name} {r}" for s, r in rnd) + "."))
        out.append(Event("Turn order: " + " → ".join(state.players[s].name for s in state.order) + "."))
        out.append(Event("Everyone draws 9 cards and starts with 15 life."))
        for line in state.opening:
            out.append(Event(line))
        for p, pl in enumerate(state.players):
            out.append(Event("Your hand: " + ", ".join(queries.title(state, c) for c in pl.hand) + ".", (p,)))
        return out

    def position(self, spec: dict[str, Any], seats: Sequence[SeatSetup], seed: int) -> State:
        """A state from a scenario's explicit position.

        ``spec`` keys: ``order`` (seats, default 0..n-1), ``at_turn`` (default the first in ``order``),
        ``turn`` (default 1), ``stage`` (``drawing`` or ``pushing``, default ``pushing``), ``options``,
        ``rules`` (``[{param, value|delta, until}]``; ``until`` a turn number or -1), ``main`` (levels:
        a list of lists of entries, bottom first), ``triggers`` (``[{owner, trigger, target, levels}]``)
        and ``players``: per seat ``life``, ``memory``, ``hand``, ``graveyard`` (card ids), ``disabled``,
        ``passed``. An entry is ``{card, player, target}`` where ``target`` is ``{player: s}``,
        ``{card: "<card id>#<k>"}`` (the k-th entry of that card id placed so far, from 1), ``{graveyard: s}``,
        ``{top: level}``, ``{next: true}`` or ``below``. Raises ``KeyError`` for an unknown card id."""
        st = _empty_state(seats, seed)
        st.rng = Rng.from_seed(seed).state
        n = len(seats)
        st.order = list(spec.get("order", range(n)))
        st.at_turn = spec.get("at_turn", st.order[0])
        st.turn = spec.get("turn", 1)
        st.stage = spec.get("stage", "pushing")
        st.options = dict(spec.get("options", {}))
        for p, pspec in enumerate(spec.get("players", [{}] * n)):
            pl = st.players[p]
            pl.life = pspec.get("life", queries.START_LIFE)
            pl.memory = _add_cards(st, p, pspec.get("memory", []))
            pl.hand = _add_cards(st, p, pspec.get("hand", []))
            pl.graveyard = _add_cards(st, p, pspec.get("graveyard", []))
            pl.disabled = pspec.get("disabled", False)
            pl.mem_out = pspec.get("mem_out", False)
            pl.passed = pspec.get("passed", False)
        placed: dict[str, list[int]] = {}

        def entries(levels: list[list[dict[str, Any]]]) -> list[list[Entry]]:
            out = []
            for level in levels:
                row = []
                for item in level:
                    owner = item.get("owner", item["player"])
                    (c,) = _add_cards(st, owner, [item["card"]])
                    placed.setdefault(item["card"], []).append(c)
                    st.seq += 1
                    row.append(Entry(c, item["player"], _target(item.get("target"), placed, st.seq), st.seq))
                out.append(row)
            return out or [[]]

        st.main = Tower("main", levels=entries(spec.get("main", [])))
        for tspec in spec.get("triggers", []):
            (trig,) = _add_cards(st, tspec["owner"], [tspec["trigger"]])
            tid = f"t{st.next_tower}"
            st.next_tower += 1
            target = {"k": "player", "seat": tspec["target"]} if "target" in tspec else None
            st.triggers.append(Tower(tid, tspec["owner"], trig, target, entries(tspec.get("levels", [])),
                                     st.next_tower))
        for r in spec.get("rules", []):
            st.changes.append(Change(r["param"], r.get("source", "scenario"), -1, r.get("until", -1), r.get("value"), r.get("delta")))
        if st.stage not in ("drawing", "pushing"):
            raise ValueError(f"a scenario position starts in 'drawing' or 'pushing', not {st.stage!r}")
        return st

    # -- the contract

    def decisions(self, state: State) -> list[Decision]:
        return rules.decisions_of(state)

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Apply one choice (an option id) for ``seat``. Raises :class:`RulesError` and changes nothing
        when it is not one of the seat's current options."""
        choice = self.one_choice(choice, seat, len(state.players), ("META-TGT-01", "META-WIN-03"))
        return rules.apply_choice(state, seat, choice)

    def concede(self, state: State, seat: int) -> list[Event]:
        """``seat`` leaves the game: removed like a permanently removed player (META-WIN-03); the last
        player in play wins (META-WIN-02)."""
        if state.result is not None:
            raise RulesError("META-WIN-02", "The game is already over.")
        if state.players[seat].removed:
            raise RulesError("META-WIN-03", "That player is already out of the game.")
        eng = rules.Engine(state)
        try:
            state.players[seat].conceded = True
            eng.remove_player(seat, "conceded")
            eng.settle()
            eng.advance()
        except queries.GameOver:
            eng.finish()
            res = state.result
            if res is not None and res["reason"] == "last_active":
                res["reason"] = "concede"
                res["rule"] = ("The last player in play wins; the others conceded or are out of the game, see "
                               "/rules META-WIN-03")
                res["scores"] = list(queries.final_scores(state))
        state.rng = eng.rng.state
        state.version += 1
        return eng.events

    def out_seats(self, state: State) -> frozenset[int]:
        """Seats removed from the game for good (META-WIN-03: conceded, or removed by the mutual-disabling
        rule) while it goes on. A disabled player is not out: they come back when healed (META-PLY-11)."""
        if state.result is not None:
            return frozenset()
        return frozenset(s for s, p in enumerate(state.players) if p.removed)

    def end_state(self, view: View) -> tuple[int | None, dict[int, str]]:
        """Turns played and, per seat, life, cards in hand and memory and whether it was disabled or out
        (from the public board only)."""
        lines = {}
        for s, p in enumerate(view.board["players"]):
            state = " · out of the game" if p["removed"] else " · disabled" if p["disabled"] else ""
            lines[s] = f"life {p['life']} · {p['hand']} cards in hand · {p['memory']} in memory{state}"
        return view.board["turn"], lines

    def view(self, state: State, viewer: int | None) -> View:
        """The public board, plus ``viewer``'s hand, their face-down trigger conditions and their
        decision. Hidden from everyone else (META-INF-01/02, META-TRG-04): hands and memories (counts
        only), face-down trigger cards (only the announced target), and which step of a play another seat
        is at (``waiting`` says ``playing`` for a destination, target or confirm step: the step would tell
        what kind of card it is)."""
        pool = card_pool()
        titles = _titles(pool)
        cards, owner = state.cards, state.owner
        names = [p.name for p in state.players]

        def card(c: int) -> dict[str, Any]:
            cid = cards[c]
            return {"id": c, "card": cid, "title": titles[cid]}

        def entry(e: Entry) -> dict[str, Any]:
            c = e.card
            cid = cards[c]
            title, kind, text = _entry_info(cid)
            target = None if e.target is None else _target_text(state, e.target, names)
            return {"id": c, "card": cid, "title": title, "type": kind, "player": e.player,
                    "owner": owner[c], "target": target, "text": text}

        towers = []
        for tw in queries.towers(state):
            towers.append({
                "id": tw.id,
                "owner": tw.owner if tw.owner >= 0 else None,
                "name": "Main tower" if tw.id == "main" else queries.tower_name(state, tw),
                "trigger": None if tw.id == "main" else "face-down",
                "target": None if tw.target is None else names[tw.target["seat"]],
                "levels": [[entry(e) for e in level] for level in tw.levels],
            })
        players = []
        at = int(queries.param(state, "disable_at"))
        for s, p in enumerate(state.players):
            causes = ([] if not p.disabled else
                      (["life"] if p.life <= at else []) + (["memory"] if p.mem_out else []))
            players.append({
                "name": p.name, "life": p.life, "hand": len(p.hand), "memory": len(p.memory),
                # card(c) written out: graveyards are most of a view's cards
                "graveyard": [{"id": c, "card": (cid := cards[c]), "title": titles[cid]}
                              for c in p.graveyard],
                "disabled": p.disabled, "causes": causes,
                "removed": p.removed, "passed": p.passed, "at_turn": s == state.at_turn,
            })
        rule_values = _rule_values(state)
        board = {
            "turn": state.turn,
            "at_turn": state.at_turn,
            "stage": state.stage,
            "order": list(state.order),
            "players": players,
            "towers": towers,
            "rules": rule_values,
            "changes": [{"param": ch.param, "text": param_text(ch.param, rule_values[ch.param] if ch.param in
                                                                rule_values else queries.param(state, ch.param)),
                         "source": ch.source,
                         "until": ch.until} for ch in state.changes],
            "paradoxes": state.paradoxes,
        }
        private = None
        if viewer is not None:
            pl = state.players[viewer]
            private = {
                # A short line per card, no text (the full text is one lookup away, /card).
                "hand": [{"id": c, "card": (cid := cards[c]), "title": titles[cid], "line": texts(cid)[0],
                          "type": pool[cid].type} for c in pl.hand],
                "triggers": [{"tower": tw.id, "name": queries.tower_name(state, tw), **card(tw.trigger),
                              "condition": texts(state.cards[tw.trigger])[3]}
                             for tw in state.triggers if tw.owner == viewer and tw.trigger >= 0],
                "playing": None if pl.play < 0 else card(pl.play),
                "discards": [card(c) for c in pl.discards],
            }
        decs = rules.decisions_of(state)
        # A play's steps (destination, target, confirm) would tell others what kind of hidden card is being
        # played (META-INF-01): others see only that the seat is playing a card.
        return View(game=self.id, viewer=viewer, board=board, private=private,
                    decisions=tuple(d for d in decs if d.seat == viewer),
                    waiting=tuple((d.seat, d.kind if d.seat == viewer or d.kind not in _PLAY_STEPS else "playing")
                                  for d in decs), result=self.result(state))

    # -- front-end helpers (the computer, text boards and picture are found by convention)

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        """Each card in ``seat``'s hand that its drawing or pushing decision does not offer, with why in a few
        words ("only the player at turn activates a trigger stack", "no opponent in play to target"); empty
        without such a decision: :func:`games.meta.rules.unplayable`."""
        return rules.unplayable(state, seat)

    def step_name(self, kind: str) -> str:
        """A decision kind in player words ("choosing a target"): :data:`games.meta.render.STEP_NAMES`."""
        return step_name(kind)

    def timeout_choice(self, state: State, decision: Decision) -> str:
        """META-GAP-18: Play!, pass, back (destination, target and confirm steps: never a play the player
        did not confirm), or the most recently drawn card (the decision defaults)."""
        return decision.default if decision.default is not None else decision.options[0].id


_TITLES: list[Any] = [None, {}]


def _titles(pool: dict[str, Any]) -> dict[str, str]:
    """Card id -> title in ``pool``, kept for the next call with the same pool (the views read a title per
    card shown: a dict is quicker than the card model's attribute)."""
    if _TITLES[0] is not pool:
        _TITLES[:] = [pool, {cid: d.title for cid, d in pool.items()}]
    return _TITLES[1]


@cache
def _entry_info(card_id: str) -> tuple[str, str, str]:
    """(title, type, description) of a card id, as a view's stack entry shows it; looked up once per id."""
    d = card_pool()[card_id]
    return d.title, d.type, texts(card_id)[1]


_RULEBOOK_VALUES = {k: v[0] for k, v in PARAMS.items()}


def _rule_values(state: State) -> dict[str, int | str]:
    """Every rule value in force (:func:`games.meta.rules.queries.param` of each of :data:`PARAMS`, in its
    order), the changes read in one pass."""
    values = dict(_RULEBOOK_VALUES)
    for ch in state.changes:
        if ch.param in values:
            values[ch.param] = ch.value if ch.value is not None else int(values[ch.param]) + int(ch.delta or 0)
    return values


_PLAY_STEPS = ("destination", "target", "confirm_play")
"""Decision kinds of a play in progress; another seat's view names them all "playing"."""


def _target(spec: Any, placed: dict[str, list[int]], seq: int) -> dict[str, Any] | None:
    if spec is None:
        return None
    if spec == "below":
        return {"k": "below"}
    if "player" in spec:
        return {"k": "player", "seat": spec["player"]}
    if "graveyard" in spec:
        return {"k": "grave", "seat": spec["graveyard"]}
    if "card" in spec:
        cid, _, k = str(spec["card"]).partition("#")
        return {"k": "card", "card": placed[cid][int(k or 1) - 1]}
    if "top" in spec:
        return {"k": "top", "tower": "main", "level": int(spec["top"])}
    if "next" in spec:
        return {"k": "next", "tower": "main", "after": seq}
    raise ValueError(f"unknown scenario target {spec!r}")


def _target_text(state: State, t: dict[str, Any] | None, names: list[str] | None = None) -> str | None:
    """An announced target in words; ``names`` (the players' names, optional) saves listing them again."""
    if t is None:
        return None
    if names is None:
        names = [p.name for p in state.players]
    k = t["k"]
    if k == "player":
        return names[t["seat"]]
    if k == "grave":
        return f"{names[t['seat']]}'s graveyard"
    if k == "card":
        return queries.title(state, t["card"])
    if k == "facedown":
        tw = queries.tower_by_id(state, t["tower"])
        return "face-down trigger of " + (queries.tower_name(state, tw) if tw else "a trigger stack no longer active")
    if k == "stack":
        tw = queries.tower_by_id(state, t["tower"])
        return queries.stack_name(state, tw, t["level"]) if tw else "a stack no longer active"
    if k == "top":
        return "top of the " + ("main stack" if t["level"] == 0 else "main meta stack") + " (at execution)"
    if k == "next":
        return "the next card played onto the main stack"
    return "the player of the card below (at execution)"


def _empty_state(seats: Sequence[SeatSetup], seed: int) -> State:
    return State(cards=[], owner=[], players=[Player(s.name, life=queries.START_LIFE) for s in seats], seed=seed, rng=0)


def _add_cards(st: State, owner: int, ids: Sequence[str]) -> list[int]:
    """New instances of the card ids ``ids`` owned by ``owner`` (:func:`games.core.carddata.add_instances`)."""
    return add_instances(st, owner, ids, card_pool(), "Meta card")


GAME = MetaGame()

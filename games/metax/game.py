"""MetaX through the game contract: :class:`MetaXGame` and ``GAME``, its one instance. Creation (a new
game, a scenario position), the view, conceding and deck checks live here; the rules engine is
:mod:`games.metax.rules`. Imports ``games.core`` and this package only.

Host rules (``[host]`` in the checklist) — what the bot does instead of people:

* MX-SET-01/02, MX-HST-01, MX-ZN-03: shuffles and the first-player coin flip use the seeded RNG in the state.
* MX-SET-06/07: the mulligan is offered to the first player, then to the second, who sees the first
  player's choice in the log; after a mulligan the player places the old hand on the bottom one card at
  a time, or "the rest in hand order" (the timeout default).
* MX-CHR-08, MX-MP-06: Pushed/Prepped and MP are shown on the public board.
* MX-ZN-04, MX-ZN-09: hands are seen only by their owner (the opponent sees the count); VP piles show
  only their count. MX-ZN-06: discard piles are public; a player reorders their own pile at any time with
  the free choice ``arrange:<id>,<id>,...`` (top card last), accepted outside their decisions.
* MX-HST-02: ``unplayable`` lists each hand card not offered in a decision that plays cards, with its
  reason; a refused card play also lists the options open now. A refused choice changes nothing and
  names the rule that forbids it (:mod:`games.metax.rules.refusals`), e.g.
  MX-DEF-02 for a Pushed defender, MX-BTL-08 for a card you cannot pay for, MX-ZN-04 for a card not
  in your hand; a choice in the other seat's decision names the rule that gives it to that seat
  (MX-SET-06, MX-PLN-01, MX-ATK-01, MX-DEF-01, MX-DMG-03, MX-EFF-04). Only an id that means nothing
  now, or several options at once, gets the generic MX-HST-02 with the options listed.
* MX-DEF-08, MX-HST-02/03: every decision lists its legal options; timeout defaults: keep the hand,
  rest in hand order, go to battle (play nothing), declare no more attacks, no more Links, back (from a
  Battle card choice), no more defenders, resolve attacks in declaration order, discard/target the first
  listed option, take nothing from a search.
* MX-EFF-04: a discard forced on the opponent is the opponent's decision, sent to them privately.
* Option labels: no two options of one decision share a label, and each fits 80
  characters. Cards are named by title (the name without its subtitle); Characters in play left to
  right in play order, and a Character whose controller has another with the same title is named by
  position and state, e.g. "Beowulf (left, Pushed, 2 damage)"; a target says "yours" or "opponent's".
* Decision context: ``context_text`` (:func:`games.metax.render.context_text`) shows both sides'
  Characters, MP, VP, hand and deck sizes and the Battle Zone (each attack's attacker, declared Stat,
  Battle cards, Links, blocker).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.core.carddata import add_instances
from games.core.contract import Choice, Decision, Event, Game, Result, RulesError, SeatSetup, View
from games.core.rng import Rng

from . import rules
from .pool import DECK_SIZE, card_pool, validate_deck
from .rules import refusals
from .state import Character, Damage, Player, State, Static


class MetaXGame(Game):
    """MetaX through the game contract (DESIGN.md)."""

    id = "metax"
    name = "MetaX"
    min_seats = 2
    max_seats = 2
    has_decks = True
    deck_size = DECK_SIZE
    state_type, player_type, static_type = State, Player, Static

    # -- creation

    def new_game(self, seats: Sequence[SeatSetup], options: dict[str, Any] | None, seed: int) -> State:
        """A new game: decks shuffled, first player by coin flip, 5 cards each (MX-SET-01..03).

        Raises :class:`RulesError` for a seat count other than 2 (MX-WIN-01) or an illegal deck
        (MX-DCK-06, naming each rule broken)."""
        if len(seats) != 2:
            raise RulesError("MX-WIN-01", f"MetaX is a two-player game; got {len(seats)} seats.")
        for s in seats:
            problems = validate_deck(s.deck)
            if problems:
                raise RulesError(
                    "MX-DCK-06",
                    f"{s.name}'s deck is illegal: " + " ".join(f"{p.message} [{p.rule}]" for p in problems),
                )
        st = _empty_state(seats, seed)
        rng = Rng.from_seed(seed)
        for p, s in enumerate(seats):
            ids = _add_cards(st, p, s.deck)
            rng.shuffle(ids)
            st.players[p].deck = ids
        st.first = rng.below(2)
        st.rng = rng.state
        for pl in st.players:
            pl.hand = pl.deck[: rules.HAND_SIZE]
            del pl.deck[: rules.HAND_SIZE]
        st.deciding = st.first
        st.phase = "mulligan"
        return st

    def intro(self, state: State) -> list[Event]:
        """The set-up events of a new game (coin flip, opening hands), for the log."""
        defs = rules.defs_of(state)
        out = [Event(f"{state.players[state.first].name} wins the coin flip and goes first.")]
        for p, pl in enumerate(state.players):
            out.append(Event(f"{pl.name} draws {len(pl.hand)} cards."))
            out.append(Event("Your opening hand: " + ", ".join(defs[c].name for c in pl.hand) + ".", (p,)))
        return out

    def position(self, spec: dict[str, Any], seats: Sequence[SeatSetup], seed: int) -> State:
        """A state from a scenario's explicit position.

        ``spec`` keys: ``first``, ``turn``, ``active`` (default: ``first``), ``phase`` (``planning`` or
        ``attack``, default ``planning``) and ``players``: a list of two mappings with optional
        ``deck``, ``hand``, ``discard``, ``vp`` (card ids; VP cards are owned by the opponent), ``mp``,
        ``in_play`` (a list of card ids or ``{card, pushed, entered, damage: [card id or
        {card, stat}]}``; damage cards are owned by the opponent) and ``played_character``.
        A deck left out is empty, and a position with an empty deck is returned already over by
        deck-out (MX-WIN-03, MX-GAP-11). Raises ``KeyError`` for an unknown card id."""
        st = _empty_state(seats, seed)
        st.rng = Rng.from_seed(seed).state
        st.first = spec.get("first", 0)
        st.turn = spec.get("turn", 1)
        st.active = st.deciding = spec.get("active", st.first)
        st.phase = spec.get("phase", "planning")
        pool = card_pool()
        for p, pspec in enumerate(spec.get("players", [{}, {}])):
            pl = st.players[p]
            opp = 1 - p
            pl.deck = _add_cards(st, p, pspec.get("deck", []))
            pl.hand = _add_cards(st, p, pspec.get("hand", []))
            pl.discard = _add_cards(st, p, pspec.get("discard", []))
            pl.vp = _add_cards(st, opp, pspec.get("vp", []))
            pl.mp = pspec.get("mp", 0)
            pl.mulligan = "kept"
            pl.played_character = pspec.get("played_character", False)
            for item in pspec.get("in_play", []):
                item = {"card": item} if isinstance(item, str) else item
                (iid,) = _add_cards(st, p, [item["card"]])
                ch = Character(iid, item.get("pushed", False), item.get("entered", 0))
                for d in item.get("damage", []):
                    d = {"card": d} if isinstance(d, str) else d
                    (did,) = _add_cards(st, opp, [d["card"]])
                    ch.damage.append(Damage(did, d.get("stat", pool[d["card"]].stats[0].value)))
                pl.in_play.append(ch)
        if st.phase not in ("planning", "attack"):
            raise ValueError(f"a scenario position starts in 'planning' or 'attack', not {st.phase!r}")
        rules.settle(st)  # MX-GAP-11: a position with an empty deck is already decided
        return st

    # -- the contract

    def decisions(self, state: State) -> list[Decision]:
        return rules.decisions_of(state)

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Apply one choice (an option id) for ``seat``. Raises :class:`RulesError` and changes nothing
        when the choice is not one of the seat's current options; the error names the rule that
        forbids it (:func:`games.metax.rules.refusals.explain`; MX-HST-02 only for an id that means nothing
        now, or several options at once). ``arrange:<ids>`` reorders the seat's own discard pile at
        any time (MX-ZN-06)."""
        choice = self.one_choice(choice, seat, len(state.players), ("MX-HST-02", "MX-WIN-01"))
        if choice.startswith("arrange:"):
            return self._arrange(state, seat, choice)
        refusals.check(state, seat, choice)
        return rules.apply_choice(state, seat, choice)

    def _arrange(self, state: State, seat: int, choice: str) -> list[Event]:
        if state.phase == "over":
            raise RulesError("MX-WIN-04", "The game is over.")
        pile = state.players[seat].discard
        try:
            order = [int(x) for x in choice.removeprefix("arrange:").split(",") if x]
        except ValueError:
            raise RulesError("MX-ZN-06", "Give the discard pile as card numbers separated by commas.") from None
        if sorted(order) != sorted(pile):
            raise RulesError("MX-ZN-06", "An arrangement must list every card of your discard pile exactly once.")
        pile[:] = order
        state.version += 1
        return [Event(f"{state.players[seat].name} rearranges their discard pile.")]

    def concede(self, state: State, seat: int) -> list[Event]:
        """``seat`` concedes: the opponent wins (reason ``concede``)."""
        if state.result is not None:
            raise RulesError("MX-WIN-04", "The game is already over.")
        other = 1 - seat
        text = f"{state.players[seat].name} concedes: {state.players[other].name} wins."
        state.result = Result((other,), (seat,), "concede", text, rule=rules.result_rule("concede", False),
                              scores=tuple(rules.scores(state))).to_dict()
        state.phase = "over"
        state.prompt = ""
        state.frames.clear()
        state.version += 1
        return [Event(text)]

    def end_state(self, view: View) -> tuple[int | None, dict[int, str]]:
        """Turns played and, per seat, victory points, MP and characters in play (public board only).
        MetaX has two players, so nobody is out before the end: :meth:`out_seats` keeps the default."""
        lines = {s: f"{p['vp']} VP · {p['mp']} MP · {len(p['in_play'])} characters in play · {p['deck']} cards in deck"
                 for s, p in enumerate(view.board["players"])}
        return view.board["turn"], lines

    def view(self, state: State, viewer: int | None) -> View:
        """The board for everyone, plus ``viewer``'s hand and decisions. Hidden: hands (count only),
        decks (count only), VP piles (count only, MX-GAP-20)."""
        defs = rules.defs_of(state)
        fs = state.facts  # per instance, with defs: names, lines and texts made once per card
        cards = state.cards

        def card(c: int) -> dict[str, Any]:
            return {"id": c, "card": cards[c], "name": fs[c].name}

        turn = state.turn
        players = []
        for p, pl in enumerate(state.players):
            # MX-CHR-06: with no Constant stat bonus among p's Characters each effective Rank is the printed one
            boosted = any(fs[ch.card].bonus for ch in pl.in_play)
            in_play = []
            for ch in pl.in_play:
                c = ch.card
                f = fs[c]
                stats = defs[c].stats
                in_play.append({
                    "id": c, "card": cards[c], "name": f.name,
                    "line": f.line,
                    "pushed": ch.pushed,
                    "new": ch.entered == turn,
                    "ranks": {s: rules.rank(state, p, c, s) for s in stats} if boosted else {
                        s: r or 0 for s, r in stats.items()},
                    "damage": [{**card(d.card), "stat": d.stat, "rank": defs[d.card].rank} for d in ch.damage],
                })
            players.append({
                "name": pl.name,
                "mp": pl.mp,
                "vp": len(pl.vp),
                "deck": len(pl.deck),
                "hand": len(pl.hand),
                "mulligan": pl.mulligan,
                "discard": [{"id": c, "card": cards[c], "name": fs[c].name} for c in pl.discard],
                "in_play": in_play,
            })
        battle = []
        for k, a in enumerate(state.attacks):
            battle.append({
                "attack": k + 1,
                "attacker": card(a.attacker),
                "card": card(a.card) if a.card >= 0 else None,
                "stat": a.stat,
                "links": [card(x) for x in a.links],
                "defender": card(a.defender) if a.defender >= 0 else None,
                "dcard": card(a.dcard) if a.dcard >= 0 else None,
                "resolved": a.resolved,
            })
        decs = rules.decisions_of(state)
        board = {
            "turn": state.turn,
            "active": state.active,
            "first": state.first,
            "phase": _PUBLIC_STEP.get(state.phase, state.phase),
            "players": players,
            "battle": battle,
            "resolving": [card(c) for c in state.resolving],
        }
        private = None
        if viewer is not None:
            pl = state.players[viewer]
            private = {
                "hand": [{"id": c, "card": cards[c], "name": (f := fs[c]).name, "line": f.line, "text": f.text}
                         for c in pl.hand],
                "event_negated": rules.event_negated(state, viewer),
            }
        view = View.of(self.id, viewer, board, private, decs, self.result(state))
        if not any(k in _PUBLIC_STEP for _, k in view.waiting):
            return view
        # MX-GAP-24: choosing an attacker's or a defender's Battle card is offered only with a usable one in
        # hand; others see the step it was chosen from (after "Back" nothing tells it happened).
        return replace(view, waiting=tuple((s, k if s == viewer else _PUBLIC_STEP.get(k, k)) for s, k in view.waiting))

    # -- front-end helpers

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        """Each card in ``seat``'s hand it cannot play in its open decision, with the reason in a few words
        ("one Character a turn", "costs 3 MP, you have 2"; :func:`games.metax.rules.unplayable`)."""
        return rules.unplayable(state, seat)

    def step_name(self, kind: str) -> str:
        """Decision kind ``kind`` in player words, e.g. "declaring attacks"
        (:data:`games.metax.rules.STEP_NAMES`)."""
        return rules.step_name(kind)


def _empty_state(seats: Sequence[SeatSetup], seed: int) -> State:
    return State(cards=[], owner=[], players=[Player(s.name) for s in seats], rng=0, seed=seed)


def _add_cards(st: State, owner: int, ids: Sequence[str]) -> list[int]:
    """New instances of the card ids ``ids`` owned by ``owner`` (:func:`games.core.carddata.add_instances`)."""
    out = add_instances(st, owner, ids, card_pool(), "MetaX card")
    st.defs = None  # the definitions cache is rebuilt on first use
    return out


_PUBLIC_STEP = rules.PUBLIC_STEP

GAME = MetaXGame()

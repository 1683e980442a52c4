"""Memesis through the game contract (DESIGN.md): :class:`MemesisGame`, exposed as ``games.memesis.GAME``, with
the public and private views. Imports the rest of the package and ``games.core``.

How the bot plays the host (``[host]`` rules)
---------------------------------------------
* MEM-CEL-02: the Main, Attack and Defend Cells are each card's state on the board (idle, attacking,
  defending). MEM-CEL-03: only Brain Cell counts are shown. MEM-SRC-02: "sourced" is public on each card.
* MEM-CON-02, MEM-INF-03: consumed cards and used Effect cards are named in the public log.
* MEM-TRN-07, MEM-GAP-28: after each action that allows a response, a response window (a decision with the
  table's response deadline) goes round the other players who could act on public information (anyone
  holding a card may consume it), so being asked reveals nothing; a timeout passes.
* MEM-STL-03/10/11, MEM-AMM-08, MEM-INF-01: hands, face-down identities and Ammunition piles are in their
  owner's private view only (allies included, MEM-GAP-24); only legal face-down plays are ever offered, so
  nothing illegal is refused in public; the table option ``stealth`` (lobby) turns Stealth off.
* MEM-INF-04: shuffles and the first player come from the game's seeded RNG.

Further rulings the engine needed (beyond the checklist's gaps)
---------------------------------------------------------------
* The stall limit (MEM-GEN-04): depleted Brain Cells never lose, but once every Brain Cell still in play is
  empty, the game lasts 5 more rounds; then the team with the most Life (its players still in, added up)
  wins, and equal Life is a draw. Without it two walls could play for ever on Discord.
* Every ability (a creature's, a Cause card's, a fused Effect's, one granted by an upgrade) may be used
  once between two starts of its controller's turns (MEM-CE-06 extended to creatures, so that no free
  ability repeats without end). A fused Effect card's effect costs the card's source cost (MEM-FUS-08).
* A Rune may be placed on another player's face-down card only by that card's owner: nobody else can see
  its markings (MEM-STL-10). A piece put into Ammunition returns its Rune to the Rune owner's hand.
* When a fusion makes a True Fusion (MEM-FUS-04/12), the fusing player's own Rune on it comes off to their
  hand for 1 source when they can pay, else it is shattered; other players' Runes stay (MEM-GAP-17);
  a Rune on a piece fused onto another is shattered.
* Creatures may attack the turn they are played (Section 0: "place a creature here from hand to attack
  directly"), but not in their player's first turn (MEM-TRN-06) nor the turn they hatch (MEM-GAP-02).
* Combat ends the turn (MEM-TRN-01 steps 11-12): "End your turn" runs combat first when creatures attack.
* A Rune's RUN-07 payment is asked right after its card dies (the turn it died, MEM-GAP-32).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.carddata import add_instances
from games.core.contract import Choice, Decision, Event, Game, RulesError, SeatSetup, View
from games.core.rng import Rng

from . import rules
from .cards import card_line
from .pool import DECK_SIZE, card_pool, validate_deck
from .rules import cells, combat
from .state import Job, Piece, Player, State


class MemesisGame(Game):
    """Memesis for 2 to 4 players in any alliance (MEM-GEN-01, MEM-GAP-03)."""

    id = "memesis"
    name = "Memesis"
    min_seats = 2
    max_seats = 4
    has_windows = True  # MEM-GAP-28: any-time response windows
    has_decks = True
    deck_size = DECK_SIZE
    state_type = State
    has_teams = True
    """Allies win together (MEM-GEN-01/03): the lobby picks teams and seats allies apart (MEM-GAP-03)."""
    has_stealth = True
    """Stealth is a table option (MEM-STL-11): a table opened with it off gets ``options["stealth"] = False``."""

    # -- creation

    def new_game(self, seats: Sequence[SeatSetup], options: dict[str, Any] | None, seed: int) -> State:
        """A new game: decks shuffled, seven cards each (MEM-LIFE-02), 20 Life (MEM-LIFE-01), the first player
        drawn by the seeded RNG (MEM-GAP-03, MEM-INF-04); the first turn starts.

        ``options``: ``teams`` (the team number of each seat, default everyone alone), ``stealth`` (bool,
        default True; False turns Stealth off, MEM-STL-11); unknown keys are ignored. Raises
        :class:`RulesError` for 2..4 seats broken (MEM-GEN-01), an illegal deck (MEM-GAP-01) or bad teams."""
        opts = dict(options or {})
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise RulesError("MEM-GEN-01", f"Memesis is played here by 2 to 4 players; got {len(seats)} seats.")
        for s in seats:
            problems = validate_deck(s.deck)
            if problems:
                raise RulesError(problems[0].rule, f"{s.name}'s deck is illegal: "
                                 + " ".join(f"{p.message} [{p.rule}]" for p in problems))
        st = _empty(seats, opts, seed)
        rng = Rng.from_seed(seed)
        for p, s in enumerate(seats):
            ids = _add(st, p, s.deck)
            rng.shuffle(ids)
            st.players[p].brain = ids
        st.first = rng.below(len(seats))
        st.rng = rng.state
        ev: list[Event] = []
        for p in range(len(seats)):
            cells.draw(st, p, cells.OPENING_HAND, ev)
        st.turn = 1
        st.round = 1
        st.active = st.first
        st.jobs.append(Job("start", {"stage": "begin"}))
        rules.advance(st, ev)
        return st

    def intro(self, state: State) -> list[Event]:
        st = state
        teams = {p.team for p in st.players}
        if len(teams) < len(st.players):
            from games.core.teams import letter
            sides = " against ".join(
                " and ".join(p.name for p in st.players if p.team == t) + f" (team {letter(t)})" for t in sorted(teams))
        else:
            sides = " against ".join(p.name for p in st.players)
        stealth = "" if st.stealth else " Stealth is off for this table."
        return [Event(f"Memesis: {sides}. Everyone draws seven cards and starts at 20 Life. "
                      f"{st.players[st.first].name} goes first (drawn at random).{stealth}")]

    def position(self, spec: dict[str, Any], seats: Sequence[SeatSetup], seed: int) -> State:
        """A state from a scenario's explicit position, in the active player's main phase.

        ``spec`` keys: ``turn`` (default 3), ``active`` and ``first`` (default 0), ``stealth`` (default true),
        ``teams`` (default everyone alone) and ``players``: mappings with optional ``life`` (20), ``source``
        (0), ``turns`` (own turns begun, default 2), ``brain`` (card ids, top last), ``hand``, ``dead``,
        ``ammo`` (bottom first), ``pieces`` (card ids or ``{card | cards, cell, down, sourced, damage, hits,
        rune, rune_down, target, partials: [[id, marking]], entered, true}``) and ``incubation`` (``{card |
        cards, down, elapsed, needed}``). Raises ``KeyError`` for an unknown card id."""
        st = _empty(seats, {"teams": spec.get("teams"), "stealth": spec.get("stealth", True)}, seed)
        st.rng = Rng.from_seed(seed).state
        st.turn = spec.get("turn", 3)
        st.round = spec.get("round", 2)
        st.active = spec.get("active", 0)
        st.first = spec.get("first", 0)
        for s, ps in enumerate(spec.get("players", [])):
            p = st.players[s]
            p.life = ps.get("life", cells.START_LIFE)
            p.source = ps.get("source", 0)
            p.turns = ps.get("turns", 2)
            for zone in ("brain", "hand", "dead", "ammo"):
                setattr(p, zone, _add(st, s, ps.get(zone, [])))
            p.ammo_used = [False] * len(p.ammo)
            for item in ps.get("pieces", []):
                _piece(st, s, {"card": item} if isinstance(item, str) else dict(item))
            if ps.get("incubation"):
                inc = dict(ps["incubation"])
                inc["cell"] = "incubation"
                pc = _piece(st, s, inc)
                pc.elapsed = inc.get("elapsed", 0)
                n = sum(cells.card(st, c).cost for c in pc.cards)
                if cells.card(st, pc.cards[0]).kind == "rune":
                    n = 1
                pc.needed = inc.get("needed", n * 2 if inc.get("down") else n)
        st.phase = "main"
        st.turn_life = [p.life for p in st.players]  # the turn summary counts Life changes from here
        return st

    # -- the contract

    def decisions(self, state: State) -> list[Decision]:
        return rules.decisions_of(state)

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Apply one option id for ``seat``; :class:`RulesError` (state unchanged) when it is not one of the
        seat's current options."""
        choice = self.one_choice(choice, seat, len(state.players), ("MEM-TRN-07", "MEM-GEN-01"))
        return rules.apply_choice(state, seat, choice)

    def out_seats(self, state: State) -> frozenset[int]:
        """Players out while their team plays on (MEM-GAP-05); empty once the game is over."""
        if state.result is not None:
            return frozenset()
        return frozenset(s for s, p in enumerate(state.players) if p.out)

    def concede(self, state: State, seat: int) -> list[Event]:
        """``seat`` leaves as if at 0 Life (MEM-GAP-05): out at once; the game ends when one team is left
        (its members win, reason ``concede``). Raises :class:`RulesError` when the game is over or the seat is
        already out."""
        st = state
        if st.result is not None:
            raise RulesError("MEM-GEN-03", "The game is already over.")
        if st.players[seat].out:
            raise RulesError("MEM-GAP-05", f"{st.players[seat].name} is already out of this game.")
        ev: list[Event] = []
        combat.eliminate(st, seat, ev, f"{st.players[seat].name} concedes and is out")
        teams = {st.players[s].team for s in cells.alive(st)}
        if len(teams) == 1:
            combat.finish(st, teams.pop(), "concede", ev)
        else:
            w = cells.open_window(st)
            if w is not None and seat in w.data["queue"]:
                w.data["queue"].remove(seat)
            rules.advance(st, ev)
        st.version += 1
        return ev

    def timeout_choice(self, state: State, decision: Decision) -> str:
        """MEM-GAP-28: pass, back, end the turn, no interception (absorb), no block, let the Cause go, leave
        the Rune, discard at random; the first option where none is set."""
        return decision.default if decision.default is not None else decision.options[0].id

    def view(self, state: State, viewer: int | None) -> View:
        """The public board (MEM-INF-02) and ``viewer``'s private hand, face-down cards, Ammunition and
        incubating card (MEM-INF-01, MEM-STL-03, MEM-AMM-08). Everyone else, allies included (MEM-GAP-24),
        sees counts and "face-down card" with its Cell."""
        st = state
        decs = rules.decisions_of(st)
        board = board_of(st)
        private = None if viewer is None else private_of(st, viewer)
        return View.of(self.id, viewer, board, private, decs, self.result(st))

    # -- front-end helpers

    def step_name(self, kind: str) -> str:
        """The decision kind in player words: ``"window"`` -> ``"responding"``; the kinds are listed
        in :data:`games.memesis.rules.STEP_NAMES`."""
        return rules.STEP_NAMES.get(kind, kind.replace("_", " "))

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        """Hand cards of ``seat`` that cannot be played now, with why (:func:`games.memesis.rules.unplayable`)."""
        return rules.unplayable(state, seat)

    def end_state(self, view: View) -> tuple[int | None, dict[int, str]]:
        from .render import end_lines

        return view.board["turn"], end_lines(view)


# ---------------------------------------------------------------- the view

def _card(st: State, c: int) -> dict[str, Any]:
    cid = st.cards[c]  # the view is built often: the pool is read here rather than through cells.cname
    return {"card": cid, "name": card_pool()[cid].name}


def _shown(st: State, pc: Piece, c: int) -> dict[str, Any]:
    return {"face_down": True} if c in pc.hidden else _card(st, c)


def _partials(st: State, pc: Piece) -> list[dict[str, Any]]:
    """MEM-FUS-13: the Partial-Fusion fragments with their marking; a face-down one shows as such only."""
    return [({**_card(st, c), "marking": m} if c not in pc.hidden else {"face_down": True})
            for c, m in zip(pc.partials, pc.frags, strict=False)]


def _rune(st: State, pc: Piece) -> dict[str, Any] | None:
    """MEM-RUN-01, MEM-STL-08: the Rune on ``pc`` with its owner, face up or face down."""
    if pc.rune < 0:
        return None
    shown = {"face_down": True} if pc.rune in pc.hidden else _card(st, pc.rune)
    return {**shown, "owner": st.owner[pc.rune]}


def piece_view(st: State, pc: Piece) -> dict[str, Any]:
    """One piece on the public board (MEM-INF-02, MEM-STL-03): face-down cards show only as such. A face-up
    group with a face-down card fused to it shows the face-up cards' stats only, ``hidden_stats`` true, and
    ``fusion`` ``"fused"`` (True Fusion or Transfusion would narrow the hidden card down); its owner reads
    the true values in ``view.private["stats"]`` (MEM-GAP-20)."""
    hidden = pc.hidden
    secret = cells.secret_members(st, pc) if hidden else []
    cards, pool = st.cards, card_pool()
    # as _shown and cells.face_down give them, without a call per card: the board lists every piece every view
    down = pc.cards[0] in hidden
    out: dict[str, Any] = {
        "uid": pc.uid, "controller": pc.controller, "owner": st.owner[pc.cards[0]], "cell": pc.cell,
        "face_down": down,
        "cards": [{"face_down": True} if c in hidden else {"card": (cid := cards[c]), "name": pool[cid].name}
                  for c in pc.cards],
        "fusion": None if len(pc.cards) < 2 else "fused" if secret else "true" if pc.true else "trans",
        "partials": _partials(st, pc), "rune": None if pc.rune < 0 else _rune(st, pc),
        "sourced": pc.sourced, "target": pc.target if pc.target >= 0 else None,
        "new": pc.entered == st.turn, "hatched": pc.hatched == st.turn, "used": list(pc.used),
    }
    if not down:
        a, lf, full, ar = cells.shown_stats(st, pc)
        out.update({"kind": cells.shown_kind(st, pc), "attack": a, "life": lf, "max_life": full, "armor": ar,
                    "line": " · ".join(card_line(pool[cards[c]]) for c in pc.cards if c not in hidden)})
        if secret:
            out["hidden_stats"] = True
    return out


def board_of(st: State) -> dict[str, Any]:
    """The public board dict (``games/memesis/render.py`` documents and shows every key)."""
    players = []
    cards, pool = st.cards, card_pool()
    for s, p in enumerate(st.players):
        inc = next((pc for pc in st.pieces if pc.controller == s and pc.cell == "incubation"), None)
        players.append({
            "name": p.name, "team": p.team, "life": p.life, "source": p.source, "brain": len(p.brain),
            "hand": len(p.hand), "out": p.out, "turns": p.turns, "holding": p.holding,
            # as _card makes them: the Dead Cells grow long, and every view of every seat lists them
            "dead": [{"card": (cid := cards[c]), "name": pool[cid].name} for c in p.dead],
            "ammo": len(p.ammo), "ammo_used": sum(p.ammo_used),
            "incubation": None if inc is None else {  # MEM-INC-02/07, MEM-STL-02, MEM-GAP-20
                "uid": inc.uid, "face_down": cells.face_down(inc), "cards": [_shown(st, inc, c) for c in inc.cards],
                "partials": _partials(st, inc), "rune": _rune(st, inc), "elapsed": inc.elapsed,
                # a face-down card's turns are twice its cost: only its owner sees the total
                "needed": None if any(c in inc.hidden for c in inc.cards + inc.partials) else inc.needed},
        })
    combat = None
    window = None
    for job in st.jobs:
        if job.kind == "combat" and job.data["attackers"]:
            d = job.data
            stage = {"blocks_init": "interceptions", "blocks": "interceptions", "damage": "damage"}.get(
                d["stage"], "attack declared")
            combat = {"attackers": [{"uid": u, "target": pc.target} for u in d["attackers"]
                                    if (pc := cells.find(st, u)) is not None],
                      "blocks": [{"uid": b, "attacker": a} for b, a in d["blocks"]], "stage": stage}
        if job.kind == "window":
            q = job.data["queue"]
            window = {"reason": job.data["reason"], "actor": job.data["actor"], "asking": q[0] if q else None}
    return {
        "turn": st.turn, "round": st.round, "active": st.active, "first": st.first, "phase": st.phase,
        "stealth": st.stealth, "teams": len({p.team for p in st.players}) < len(st.players),
        "players": players,
        "pieces": [piece_view(st, pc) for pc in st.pieces if pc.cell != "incubation"],
        "combat": combat, "window": window, "stall": st.stall if st.stall >= 0 else None,
        "choices": st.turn_choices,
    }


def private_of(st: State, viewer: int) -> dict[str, Any]:
    """What only ``viewer`` sees: hand (MEM-INF-01), own face-down cards (MEM-STL-03), Ammunition pile
    (MEM-AMM-08, MEM-GAP-22), incubating card with its turns needed (unless an ally's face-down card is in it,
    MEM-GAP-24) and ``stats``: the true ``{uid, attack, life, max_life, armor}`` of each group in play whose
    face-down cards are all the viewer's while the board shows the face-up cards' only (MEM-GAP-20)."""
    p = st.players[viewer]
    inc = next((pc for pc in st.pieces if pc.controller == viewer and pc.cell == "incubation"), None)
    dr = st.draft if st.draft is not None and st.draft["seat"] == viewer else None
    return {
        "hand": [{**_card(st, c), "ref": f"h{c}", "line": card_line(cells.card(st, c))} for c in p.hand],
        "draft": None if dr is None else {"ref": dr["ref"], "path": list(dr["path"])},
        "face_down": [{"uid": pc.uid, **_card(st, c)} for pc in st.pieces for c in pc.hidden
                      if st.owner[c] == viewer],
        "ammo": [{**_card(st, c), "used": u} for c, u in zip(p.ammo, p.ammo_used, strict=False)],
        "incubation": None if inc is None else {  # an ally's face-down card stays its owner's secret (MEM-GAP-24)
            "name": " + ".join("face-down card" if c in inc.hidden and st.owner[c] != viewer else cells.cname(st, c)
                               for c in inc.cards),
            "card": None if inc.cards[0] in inc.hidden and st.owner[inc.cards[0]] != viewer else st.cards[inc.cards[0]],
            "elapsed": inc.elapsed,
            "needed": None if any(c in inc.hidden and st.owner[c] != viewer for c in inc.cards + inc.partials)
            else inc.needed},
        "stats": [dict(zip(("uid", "attack", "life", "max_life", "armor"), (pc.uid, *cells.shown_stats(st, pc, viewer)),
                           strict=True))
                  for pc in st.pieces if cells.in_play(pc) and not cells.face_down(pc) and cells.secret_members(st, pc)
                  and not cells.secret_members(st, pc, viewer)],
    }


# ---------------------------------------------------------------- set-up helpers

def _empty(seats: Sequence[SeatSetup], opts: dict[str, Any], seed: int) -> State:
    teams = opts.get("teams")
    if teams is None:
        teams = list(range(len(seats)))
    teams = list(teams)
    if len(teams) != len(seats) or len(set(teams)) < 2 or not all(isinstance(t, int) for t in teams):
        raise RulesError("MEM-GEN-01", f"options['teams'] needs one team number per seat and at least two teams; "
                         f"got {teams!r} for {len(seats)} seats.")
    return State(cards=[], owner=[], players=[Player(s.name, t) for s, t in zip(seats, teams, strict=False)], seed=seed,
                 stealth=bool(opts.get("stealth", True)))


def _add(st: State, owner: int, ids: Sequence[str]) -> list[int]:
    """New instances of the card ids ``ids`` owned by ``owner`` (:func:`games.core.carddata.add_instances`)."""
    return add_instances(st, owner, ids, card_pool(), "Memesis card")


def _piece(st: State, seat: int, item: dict[str, Any]) -> Piece:
    cards = _add(st, seat, item.get("cards") or [item["card"]])
    pc = cells.new_piece(st, cards, seat, item.get("cell", "main"), item.get("down", False))
    pc.entered = item.get("entered", st.turn - 1)
    pc.sourced = item.get("sourced", False)
    pc.damage = item.get("damage", 0)
    pc.hits = item.get("hits", 0)
    pc.target = item.get("target", -1)
    pc.true = item.get("true", len(cards) > 1 and any(cells.card(st, c).partner for c in cards)) or len(cards) >= 3
    for cid, m in item.get("partials", []):
        (c,) = _add(st, seat, [cid])
        pc.partials.append(c)
        pc.frags.append(m)
    if item.get("rune"):
        (r,) = _add(st, seat, [item["rune"]])
        pc.rune = r
        if item.get("rune_down"):
            pc.hidden.append(r)
    return pc


GAME = MemesisGame()

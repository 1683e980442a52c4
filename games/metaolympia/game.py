"""Meta Olympia through the game contract (DESIGN.md): :class:`MetaOlympiaGame` and :data:`GAME`, exposed as
``games.metaolympia.GAME``; the set-up (MO-SET-*), scenario positions, the view (MO-INF-*) and conceding. The
front-end hooks are found by convention in :mod:`.ai`, :mod:`.render` and :mod:`.picture`.

How the bot plays the host (``[host]`` rules)
---------------------------------------------
* MO-CMP-01..05: cards, board, dice and tokens are data; the board is stage tracks of tiles with the teams'
  positions, an end area of Match Up spots and the live score of the contest. Dice are rolled with the seeded
  RNG over the fixed face table (MO-GAP-01) and every roll is posted. Each team has a name and a colour
  (chosen in the lobby, defaults generated: MO-SET-09/10).
* MO-SET-01: the layout is dealt by the seeded RNG and checked against the border rule.
* MO-ORD-01/04: the start roll is the seeded RNG, posted; "clockwise" is seat order.
* MO-MOV-07: each move is a decision listing the legal destinations; the engine enforces forward movement
  and capacity.
* MO-FND-04, MO-STG-02, MO-INF-01/03: tactic cards, minor sponsors, athletes in hand and drawn cards are in
  their owner's private view only; others see counts; cards discarded face down are counts for everyone.
  Whether a team is asked, and an automatic pass, follow from those counts only (MO-GAP-16).
* MO-POP-03: every roll of a team that can pay a tier is preceded by the decision "spend popularity for
  extra dice?" listing the affordable tiers.
* MO-MAT-09: scores are integers on the board, shown live. MO-REC-07: reshuffles use the seeded RNG.
* MO-BRK-04, MO-FIN-01: the series lengths are the table options ``bestof`` and ``final``.
* MO-OPT-01..08: every optional rule is a table option, off by default: ``gambling``, ``wagers``, ``short``,
  ``trades``, ``mega``, ``teamup`` (several people answer one seat: the host), ``merger``.

Further rulings the engine needed (beyond the checklist's gaps)
---------------------------------------------------------------
* Injuries belong to the team: an athlete that leaves a hand by a recruit trade-in is no longer injured; one
  moved by a player-to-player trade stays injured with its new team.
* After drawing two athletes on a Recruit tile a team may still take neither (recruiting is optional,
  MO-REC-06): both go face up to the athlete discard pile. Without it a team that can afford neither would
  be stuck.
* Recovery rolls before a match are made for every injured athlete (trying costs nothing); the only choice is
  popularity for extra dice.
* A Reveal & Roll with several dice that all show the same face needs no choice; a decision with one possible
  outcome (the last free Match Up spot, a single drawn card) is taken without asking, except a tactic turn
  or an injury reaction of a team holding tactic cards (MO-GAP-16): whether a team is asked, and an
  automatic pass, follow only from what the other teams know (MO-INF-01).
* A team that concedes leaves: its cards go to the discard piles (tactics and minor sponsors face down), its
  matches to come are not played, and the game ends when one team is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core.contract import (
    Choice,
    Decision,
    Event,
    Game,
    RulesError,
    SeatSetup,
    TableOption,
    View,
)
from games.core.rng import Rng
from games.core.teams import TEAM_COLOURS

from . import rules
from .pool import athlete_text, pool, scrimmage_text, sponsor_text, starters, tactic_text
from .state import Player, State

PALETTE = TEAM_COLOURS
"""Default team colours, one per seat (MO-SET-10)."""
DEFAULT_TEAMS = ("Gusev Super Colliders", "Jezero Dust Devils", "Tharsis Rovers", "Olympus Comets",
                 "Elysium Meteors", "Hellas Pioneers", "Utopia Pathfinders", "Arcadia Sandstorms")

OPTIONS: tuple[TableOption, ...] = (
    TableOption("bestof", "int", 3, "two teams: matches in each stage's best-of series (MO-BRK-04)", (3, 5, 7)),
    TableOption("final", "int", 5, "two teams: matches in the Final Championship series (MO-FIN-01)", (3, 5, 7)),
    TableOption("gambling", "bool", False, "teams not playing bet 1 credit on each match and scrimmage (MO-OPT-01)"),
    TableOption("wagers", "bool", False, "teams not playing may offer each other side wagers (MO-OPT-02)"),
    TableOption("short", "bool", False, "two longer stages instead of four (MO-OPT-03)"),
    TableOption("trades", "bool", False, "a Recruit tile may trade athletes with another team (MO-OPT-04)"),
    TableOption("mega", "bool", False, "Mega League: 5 to 8 teams, doubled tracks and decks (MO-OPT-05)"),
    TableOption("teamup", "bool", False, "several people may manage one team (MO-OPT-06)"),
    TableOption("merger", "bool", False, "a team may dissolve into another at a stage start (MO-OPT-07/08)"),
)


STEP_NAMES = {
    "move": "moving on the stage track", "spot": "choosing a Match Up spot", "freeday": "choosing a Free Day action",
    "fundraise": "fundraising", "sponsor_pick": "keeping a sponsor", "tactic_pick": "keeping a tactic card",
    "recruit": "recruiting", "draw_pick": "choosing a drawn athlete", "return": "choosing an athlete to trade in",
    "athlete": "revealing an athlete", "tactic": "playing a tactic or passing", "dice": "spending popularity on dice",
    "recover_dice": "rolling to recover", "keep": "keeping a die", "react": "answering an injury",
    "heal": "healing an athlete", "bet": "placing a bet", "wager": "offering a side wager",
    "wager_ok": "answering a side wager", "merger": "considering a merger", "merger_accept": "answering a buyout",
    "merger_approve": "voting on a merger", "merger_keep": "keeping athletes after a merger",
    "merger_tactic": "keeping tactic cards after a merger", "trade_with": "choosing a trade partner",
    "trade_give": "offering athletes", "trade_ask": "asking for athletes", "trade_credits": "adding credits",
    "trade_reply": "answering a trade", "trade_final": "confirming a trade", "trade_pick": "choosing an athlete",
    "trade_discard": "discarding athletes",
}
"""Each decision kind in player words (:meth:`MetaOlympiaGame.step_name`)."""

class MetaOlympiaGame(Game):
    """Meta Olympia for 2 to 4 teams (MO-CMP-06), 5 to 8 with the Mega League option (MO-OPT-05)."""

    id = "metaolympia"
    name = "Meta Olympia"
    min_seats = 2
    max_seats = 4
    has_windows = True  # tactic exchanges and injury answers are response windows
    """Without options (MO-CMP-06); :meth:`seat_limit` allows 8 with the Mega League (MO-OPT-05)."""
    has_decks = False
    state_type = State
    table_options = OPTIONS
    has_team_names = True
    team_words = (("Gusev", "Jezero", "Tharsis", "Olympus", "Elysium", "Utopia", "Hellas", "Arcadia"),
                  ("Colliders", "Comets", "Rovers", "Dust Devils", "Meteors", "Pioneers"))
    """Default team names the lobby gives: a Martian place and a noun (MO-SET-09)."""

    def seat_limit(self, options: dict[str, Any] | None) -> int:
        """4 teams, 8 with the ``mega`` option (MO-CMP-06, MO-OPT-05)."""
        return 8 if (options or {}).get("mega") else 4

    def managed_by(self, state: State, seat: int) -> int:
        """A team dissolved by a merger co-manages the team that bought it out (MO-OPT-08)."""
        m = state.players[seat].merged_into
        return seat if m < 0 else m

    # -- creation

    def new_game(self, seats: Sequence[SeatSetup], options: dict[str, Any] | None, seed: int) -> State:
        """A new game set up by MO-SET-01..10 and the start roll (MO-ORD-01..05); the first move is open.

        ``options``: the :data:`OPTIONS` keys, plus ``team_names`` and ``colours`` (one per seat; defaults
        generated). Raises :class:`RulesError` for a seat count the options do not allow (MO-CMP-06)."""
        opts = normalise(options)
        n = len(seats)
        limit = self.seat_limit(opts)
        if not 2 <= n <= limit:
            more = "" if opts.get("mega") else " (5 to 8 with the mega option, MO-OPT-05)"
            raise RulesError("MO-CMP-06", f"Meta Olympia is for 2 to {limit} teams{more}; got {n} seats.")
        st = _empty(seats, opts, seed)
        rng = Rng.from_seed(seed)
        sets = rules.sets(st)
        p = pool()
        st.tracks = build_tracks(rng, opts, sets)
        # athletes: each team gets one of each starting Rookie (MO-SET-03); the rest form the deck (MO-SET-04)
        start = starters()
        athletes: list[int] = []
        for aid, a in p.athletes.items():
            for _ in range(a.copies * sets):
                athletes.append(_add(st, aid))
        for pl in st.players:
            for sid in start:
                c = next(x for x in athletes if st.cards[x] == sid)
                athletes.remove(c)
                pl.athletes.append(c)
        rng.shuffle(athletes)
        st.athlete_deck = athletes
        st.market = [st.athlete_deck.pop() for _ in range(3)]
        tactics = [_add(st, tid) for tid, t in p.tactics.items() for _ in range(t.copies * sets)]
        rng.shuffle(tactics)
        st.tactic_deck = tactics
        majors = [_add(st, sid) for sid, s in p.sponsors.items() if s.major for _ in range(sets)]
        minors = [_add(st, sid) for sid, s in p.sponsors.items() if not s.major for _ in range(sets)]
        rng.shuffle(majors)
        st.majors = [majors.pop(), majors.pop()]  # MO-SET-02
        rest = majors + minors
        rng.shuffle(rest)
        st.sponsor_deck = rest  # MO-SET-06
        by_tier: dict[int, list[int]] = {}
        for sid, s in p.scrimmages.items():
            for _ in range(sets):
                by_tier.setdefault(s.tier, []).append(_add(st, sid))
        deck: list[int] = []
        for tier in sorted(by_tier, reverse=True):  # top last: the lowest tier ends on top (MO-SET-07)
            group = by_tier[tier]
            rng.shuffle(group)
            deck += group
        st.scrim_deck = deck
        for pl in st.players:
            pl.credits, pl.popularity = rules.START_CREDITS, rules.START_POPULARITY  # MO-SET-08
        st.rng = rng.state
        rules.start_roll(st)
        ev: list[Event] = []
        rules.begin_stage(st, list(st.order), ev)
        st.intro += [e.text for e in ev]
        rules.advance(st, ev)
        return st

    def intro(self, state: State) -> list[Event]:
        st = state
        teams = ", ".join(f"{p.team} ({p.colour}, {p.name})" for p in st.players)
        majors = "; ".join(f"{rules.cname(st, m)} — {sponsor_text(rules.cdef(st, m))}" for m in st.majors)
        head = (f"Meta Olympia: {teams}. Each team starts with six Rookies, {rules.START_CREDITS} credits and "
                f"{rules.START_POPULARITY} popularity. Major sponsors revealed: {majors}.")
        return [Event(head)] + [Event(t) for t in st.intro]

    def position(self, spec: dict[str, Any], seats: Sequence[SeatSetup], seed: int) -> State:
        """A state from a scenario's explicit position.

        ``spec`` keys (all optional): ``options`` (as for :meth:`new_game`), ``stage`` (0-based), ``tracks``
        (stage -> tile ids), ``order`` (turn order, default seat order), ``dice`` (loaded die faces for the
        next rolls: goal, counter, boost4, boost8, special, injury), ``market``, ``athlete_deck`` (top last),
        ``athlete_discard``, ``tactic_deck``, ``sponsor_deck``, ``scrim_deck`` (top last), ``majors``,
        ``start_roll`` (true: the start roll is made, with the loaded dice first, and sets the turn order and
        the start line; MO-ORD-01..05), ``players`` (mappings: ``athletes`` (6 ids; default the starters),
        ``injured`` (ids among them),
        ``tactics``, ``minors``, ``shown``, ``scrims``, ``credits`` (3), ``popularity`` (1), ``prestige``,
        ``wins``, ``pos`` (-1), ``spot``, ``arrival``) and what happens first: ``match: [home, away]`` (a
        Tournament with that one match, ``series`` for a best-of), ``scrimmage: {seat, card}``, ``land: {seat,
        tile}`` (the seat lands on that tile index), else the next move. Raises ``KeyError`` for an unknown id."""
        opts = normalise(spec.get("options"))
        st = _empty(seats, opts, seed)
        rng = Rng.from_seed(seed)
        if "tracks" in spec:
            st.tracks = [list(t) for t in spec["tracks"]]
        else:  # the Mega League deals its longer tracks from two sets of tiles (MO-OPT-05)
            st.tracks = build_tracks(rng, opts, rules.sets(st))
        st.rng = rng.state
        st.stage = spec.get("stage", 0)
        st.order = list(spec.get("order", range(len(seats))))
        st.loaded = list(spec.get("dice", []))
        for key in ("market", "athlete_deck", "athlete_discard", "tactic_deck", "sponsor_deck", "scrim_deck",
                    "majors"):
            setattr(st, key, [_add(st, cid) for cid in spec.get(key, [])])
        for s, ps in enumerate(spec.get("players", [])):
            p = st.players[s]
            ids = ps.get("athletes", starters())
            p.athletes = [_add(st, cid) for cid in ids]
            for cid in ps.get("injured", []):
                p.injured.append(next(a for a in p.athletes if st.cards[a] == cid and a not in p.injured))
            for zone in ("tactics", "minors", "shown", "scrims"):
                setattr(p, zone, [_add(st, cid) for cid in ps.get(zone, [])])
            p.credits = ps.get("credits", rules.START_CREDITS)
            p.popularity = ps.get("popularity", rules.START_POPULARITY)
            p.prestige = ps.get("prestige", 0)
            p.sponsor_prestige = ps.get("sponsor_prestige", 0)
            p.wins = ps.get("wins", 0)
            p.pos = ps.get("pos", -1)
            p.stamp = ps.get("stamp", s - len(seats))
            p.spot = ps.get("spot", -1)
            p.arrival = ps.get("arrival", -1)
        for p in st.players:
            if not p.athletes:
                p.athletes = [_add(st, cid) for cid in starters()]
                p.credits, p.popularity = rules.START_CREDITS, rules.START_POPULARITY
        ev: list[Event] = []
        if spec.get("start_roll"):
            rules.start_roll(st)
            rules.begin_stage(st, list(st.order), ev)
            st.intro += [e.text for e in ev]
            ev = []
        if "match" in spec:
            home, away = spec["match"]
            st.phase = "tournament"
            rec = {"home": home, "away": away, "score": None, "winner": None}
            if spec.get("series"):
                rec["series"] = spec["series"]
            st.bracket = [rec]
            if spec.get("third") is not None:
                st.bracket.append({"home": -1, "away": spec["third"], "score": None, "winner": None,
                                   "waits": "loser of the first match"})
        elif "scrimmage" in spec:
            sc = spec["scrimmage"]
            c = _add(st, sc["card"])
            st.pending = [c]
            st.tile = {"seat": sc["seat"], "kind": "scrimmage", "step": "play"}
            rules.start_contest(st, [sc["seat"]], c, ev)
        elif "land" in spec:
            ld = spec["land"]
            st.players[ld["seat"]].pos = ld["tile"]
            rules.start_tile(st, ld["seat"], rules.tile_def(st.tracks[st.stage][ld["tile"]]).kind, ev)
        rules.advance(st, ev)
        return st

    # -- the contract

    def decisions(self, state: State) -> list[Decision]:
        return rules.decisions_of(state)

    def apply(self, state: State, seat: int, choice: Choice) -> list[Event]:
        """Apply one option id for ``seat``; :class:`RulesError` (state unchanged) when it is not one of the
        seat's current options."""
        choice = self.one_choice(choice, seat, len(state.players), ("MO-MOV-07", "MO-CMP-06"))
        return rules.apply_choice(state, seat, choice)

    def out_seats(self, state: State) -> frozenset[int]:
        """Teams that conceded while the others play on; a merged team's player co-manages instead."""
        if state.result is not None:
            return frozenset()
        return frozenset(s for s, p in enumerate(state.players) if p.out and p.merged_into < 0)

    def concede(self, state: State, seat: int) -> list[Event]:
        """``seat``'s team withdraws: its cards go to the discard piles (tactics and minor sponsors face down),
        its matches still to come are not played; the game ends when one team is left (reason ``concede``).
        Raises :class:`RulesError` when the game is over or the team is already out."""
        st = state
        if st.result is not None:
            raise RulesError("MO-STR-03", "The game is already over.")
        p = st.players[seat]
        if p.out:
            raise RulesError("MO-STR-01", f"{p.team} are already out of this game.")
        ev = [Event(f"{p.team} withdraw from Meta Olympia.")]
        withdraw(st, seat, ev)
        left = rules.active(st)
        if len(left) < 2:
            rules.finish(st, left, "concede", ev)
        else:
            rules.advance(st, ev)
        st.version += 1
        return ev

    def timeout_choice(self, state: State, decision: Decision) -> str:
        """MO-GAP-24: the nearest tile, the first spot, 3 credits, decline recruiting, the first healthy athlete,
        pass, spend no popularity, keep the first listed die, no bet; the first option where none is set."""
        return decision.default if decision.default is not None else decision.options[0].id

    def view(self, state: State, viewer: int | None) -> View:
        """The public board (MO-INF-02) and ``viewer``'s athletes, tactics, minor sponsors and drawn cards
        (MO-INF-01); face-down discards are counts only (MO-INF-03)."""
        st = state
        decs = rules.decisions_of(st)
        private = None if viewer is None else private_of(st, viewer)
        return View.of(self.id, viewer, board_of(st), private, decs, self.result(st))

    # -- front-end helpers (computer, board_text, context_text, private_text, layout: by convention)

    def end_state(self, view: View) -> tuple[int | None, dict[int, str]]:
        """No turn count; per seat its final prestige and record (:func:`games.metaolympia.render.end_lines`)."""
        from .render import end_lines

        return None, end_lines(view)

    def step_name(self, kind: str) -> str:
        """The decision kind in player words for "Waiting for Ana (…)": :data:`STEP_NAMES`, the
        kind with spaces for one not listed."""
        return STEP_NAMES.get(kind, kind.replace("_", " "))

    def unplayable(self, state: State, seat: int) -> list[tuple[str, str]]:
        """The seat's tactic cards, athletes or tiles ahead it cannot take in its open decision, each with its
        reason in a few words: :func:`games.metaolympia.rules.unplayable`."""
        return rules.unplayable(state, seat)

    # -- decks: none (the roster is drafted in play)

    def validate_deck(self, cards: Sequence[str]) -> list[RulesError]:
        return [RulesError("MO-SET-03", "Meta Olympia has no personal decks: each team drafts its roster in play.")]

    def starter_decks(self) -> dict[str, list[str]]:
        return {}


GAME = MetaOlympiaGame()
"""The Meta Olympia game, registered in ``games.REGISTRY``."""


# ---------------------------------------------------------------- set-up helpers

def normalise(options: dict[str, Any] | None) -> dict[str, Any]:
    """The table options with defaults filled in; raises :class:`RulesError` for a bad value."""
    opts = dict(options or {})
    out: dict[str, Any] = {}
    for o in OPTIONS:
        v = opts.get(o.key, o.default)
        if o.kind == "bool":
            v = bool(v)
        elif o.choices and v not in o.choices:
            raise RulesError("MO-BRK-04", f"option {o.key} is one of {', '.join(map(str, o.choices))}, not {v!r}.")
        out[o.key] = v
    out["team_names"] = opts.get("team_names")
    out["colours"] = opts.get("colours")
    return out


def build_tracks(rng: Rng, opts: dict[str, Any], sets: int) -> list[list[str]]:
    """MO-SET-01, MO-OPT-03/05, MO-GAP-21: every stage track holds the same number of black, grey and white
    tiles (one each; two with ``short``; doubled again with ``mega``), tiles dealt and ordered at random."""
    stages = 2 if opts.get("short") else 4
    per = (2 if opts.get("short") else 1) * (2 if opts.get("mega") else 1)
    by_border: dict[str, list[str]] = {}
    for tid, t in pool().tiles.items():
        by_border.setdefault(t.border, []).extend([tid] * sets)
    for b in sorted(by_border):
        rng.shuffle(by_border[b])
    tracks = []
    for _ in range(stages):
        tr = [by_border[b].pop() for b in ("white", "grey", "black") for _ in range(per)]
        rng.shuffle(tr)
        tracks.append(tr)
    check_tracks(tracks)
    return tracks


def check_tracks(tracks: list[list[str]]) -> None:
    """MO-SET-01: each stage track holds as many black as grey as white tiles. Raises :class:`RulesError`."""
    for i, tr in enumerate(tracks):
        borders = [pool().tiles[t].border for t in tr]
        if not (borders.count("white") == borders.count("grey") == borders.count("black") >= 1):
            raise RulesError("MO-SET-01", f"Stage {i + 1}'s track needs one black, one grey and one white tile "
                             f"(per length); it has {', '.join(borders)}.")


def _empty(seats: Sequence[SeatSetup], opts: dict[str, Any], seed: int) -> State:
    names = list(opts.get("team_names") or [])
    colours = list(opts.get("colours") or [])
    players = []
    for i, s in enumerate(seats):
        team = names[i] if i < len(names) and names[i] else DEFAULT_TEAMS[i % len(DEFAULT_TEAMS)]
        colour = colours[i] if i < len(colours) and colours[i] else PALETTE[i % len(PALETTE)]
        players.append(Player(name=s.name, team=team, colour=colour))
    clean = {k: v for k, v in opts.items() if k not in ("team_names", "colours")}
    return State(cards=[], players=players, seed=seed, options=clean)


def _add(st: State, cid: str) -> int:
    if cid not in pool().by_id:
        raise KeyError(f"unknown Meta Olympia card id {cid!r}")
    st.cards.append(cid)
    return len(st.cards) - 1


def withdraw(st: State, seat: int, ev: list[Event]) -> None:
    """A conceding team leaves: cards to the discard piles, a contest or decision of theirs abandoned."""
    p = st.players[seat]
    p.out = True
    st.athlete_discard.extend(p.athletes)
    st.tactic_buried.extend(p.tactics)
    st.sponsor_buried.extend(p.minors + p.shown)
    st.scrim_discard.extend(p.scrims)
    p.athletes, p.injured, p.tactics, p.minors, p.shown, p.scrims = [], [], [], [], [], []
    c = st.contest
    if c is not None and seat in c["seats"] + [b["seat"] for b in c["bets"]] + [
            x for w in c["wagers"] for x in (w["from"], w["to"])]:
        if seat in c["seats"]:
            ev.append(Event("The contest is abandoned."))
            if c["kind"] == "scrimmage":
                st.scrim_discard.extend(st.pending)
                st.pending = []
                st.tile = None
            st.contest = None
            st.queue, st.roll = [], None
            st.prompt = None  # every decision during a contest is of the contest (its rival's too)
            for b in st.bracket:
                if seat in (b["home"], b["away"]) and not b.get("closed"):
                    b["done"] = b["closed"] = True
        else:
            c["bets"] = [b for b in c["bets"] if b["seat"] != seat]
            c["wagers"] = [w for w in c["wagers"] if seat not in (w["from"], w["to"])]
    if st.tile is not None and (st.tile["seat"] == seat or seat in (
            st.tile.get("trade", {}).get("from"), st.tile.get("trade", {}).get("to"))):
        tile_seat = st.tile["seat"]
        for c in st.pending:
            kind = pool().by_id[st.cards[c]][0]
            {"athlete": st.athlete_discard, "tactic": st.tactic_buried, "sponsor": st.sponsor_buried,
             "scrimmage": st.scrim_discard}[kind].append(c)
        st.pending = []
        st.tile = None
        st.prompt = None  # the tile's decision, whoever's it was, went with the tile
        if tile_seat != seat:
            ev.append(Event("The trade is off."))
    if st.merger is not None and seat in (st.merger.get("from"), st.merger.get("to")) \
            and st.merger.get("stage") in ("accept", "approve"):
        st.merger["stage"] = "propose"
    if st.prompt is not None and st.prompt["seat"] == seat:
        st.prompt = None
    for q in st.players:
        if q.merged_into == seat:
            q.merged_into = -1


# ---------------------------------------------------------------- the view

def _card(st: State, c: int) -> dict[str, Any]:
    return {"card": st.cards[c], "name": rules.cname(st, c)}


_OPTION_DEFAULTS = {o.key: o.default for o in OPTIONS}
assert len(_OPTION_DEFAULTS) == len(OPTIONS), "table option keys are unique"


def board_of(st: State) -> dict[str, Any]:
    """The public board dict (MO-INF-02); ``games/metaolympia/render.py`` shows every key."""
    # built on every view of every seat: card definitions are looked up once per card, not per key
    cards, by_id = st.cards, pool().by_id
    players = []
    for p in st.players:
        shown = []
        for c in p.shown:
            d = by_id[cards[c]][1]
            shown.append({"card": cards[c], "name": d.name, "text": sponsor_text(d)})
        scrims = []
        for c in p.scrims:
            d = by_id[cards[c]][1]
            scrims.append({"card": cards[c], "name": d.name, "tier": d.tier})
        players.append({
            "name": p.name, "team": p.team, "colour": p.colour, "credits": p.credits, "popularity": p.popularity,
            "prestige": p.prestige, "sponsor_prestige": p.sponsor_prestige, "athletes": len(p.athletes),
            "injured": len(p.injured), "tactics": len(p.tactics), "minors": len(p.minors),
            "shown": shown, "scrims": scrims,
            "wins": p.wins, "draws": p.draws, "losses": p.losses, "pos": p.pos, "spot": p.spot,
            "arrival": p.arrival, "out": p.out, "merged_into": p.merged_into if p.merged_into >= 0 else None,
        })
    c = st.contest
    contest = None
    if c is not None:
        contest = {
            "kind": c["kind"], "away": c["seats"][0], "home": c["seats"][1] if c["kind"] == "match" else None,
            "score": list(c["score"]), "moment": min(c["moment"] + 1, 3), "stage": c["stage"],
            "mat": [None if a < 0 else {"card": (cid := cards[a]), "name": (d := by_id[cid][1]).name,
                                        "line": athlete_text(d), "injured": a in st.players[s].injured}
                    for a, s in zip(c["mat"], c["seats"], strict=True)],
            "played": [[None if a < 0 else _card(st, a) for a in side] for side in c["played"]],
            "card": None if c["card"] < 0 else {**_card(st, c["card"]),
                                                "line": scrimmage_text(rules.cdef(st, c["card"])),
                                                "score": rules.cdef(st, c["card"]).score,
                                                "tier": rules.cdef(st, c["card"]).tier},
            "bets": [dict(b) for b in c["bets"]],
            "wagers": [dict(w) for w in c["wagers"] if w.get("accepted")],
        }
    rows = _tile_rows()
    tracks = [[rows[t].copy() for t in tr] for tr in st.tracks]
    market = []
    for a in st.market:
        d = by_id[cards[a]][1]
        market.append({"card": cards[a], "name": d.name, "line": athlete_text(d)})
    majors = []
    for m in st.majors:
        d = by_id[cards[m]][1]
        majors.append({"card": cards[m], "name": d.name, "text": sponsor_text(d)})
    top_tier = by_id[cards[st.scrim_deck[-1]]][1].tier if st.scrim_deck else None
    return {
        "stage": st.stage, "stages": len(st.tracks), "phase": st.phase, "capacity": rules.capacity(st),
        "spot_sides": rules.spot_sides(st),
        "tracks": tracks, "players": players, "order": list(st.order),
        "market": market,
        "athlete_deck": len(st.athlete_deck),
        "athlete_discard": _cards(cards, by_id, st.athlete_discard),
        "tactic_deck": len(st.tactic_deck), "tactic_discard": _cards(cards, by_id, st.tactic_discard),
        "tactic_buried": len(st.tactic_buried), "sponsor_deck": len(st.sponsor_deck),
        "sponsor_buried": len(st.sponsor_buried),
        "majors": majors,
        "scrim_deck": len(st.scrim_deck), "scrim_next_tier": top_tier,
        "scrim_discard": _cards(cards, by_id, st.scrim_discard),
        "bracket": [{k: v for k, v in b.items() if k in _BRACKET_KEYS} for b in st.bracket],
        "contest": contest, "last_roll": None if st.last_roll is None else dict(st.last_roll),
        "supply": rules.supplies_left(st),
        "options": {k: v for k, v in st.options.items() if k in _OPTION_DEFAULTS and _OPTION_DEFAULTS[k] != v},
        "tile": None if st.tile is None else {"seat": st.tile["seat"], "kind": st.tile["kind"]},
        "scores": rules.scores(st) if st.phase == "over" else None,
    }


_TILE_ROWS: list[Any] = [None, {}]


def _tile_rows() -> dict[str, dict[str, str]]:
    """Stage Tile id -> its board row ``{"id", "name", "kind", "border"}`` (copied into each board), made once
    per card pool."""
    p = pool()
    if _TILE_ROWS[0] is not p:
        _TILE_ROWS[:] = [p, {t: {"id": t, "name": d.name, "kind": d.kind, "border": d.border}
                             for t, d in p.tiles.items()}]
    return _TILE_ROWS[1]


_BRACKET_KEYS = frozenset(("home", "away", "score", "winner", "series", "games", "waits", "done", "closed"))


def _cards(cards: list[str], by_id: dict[str, tuple[str, Any]], zone: list[int]) -> list[dict[str, Any]]:
    """``{"card", "name"}`` of each card number in ``zone`` (as :func:`_card`)."""
    out = []
    for c in zone:
        cid = cards[c]
        out.append({"card": cid, "name": by_id[cid][1].name})
    return out


def private_of(st: State, viewer: int) -> dict[str, Any]:
    """What only ``viewer`` sees (MO-INF-01): athletes, tactics, minor sponsors, the cards they drew."""
    p = st.players[viewer]
    cards, by_id = st.cards, pool().by_id
    mine = st.tile is not None and st.tile["seat"] == viewer
    scrim = st.contest is not None and st.contest["kind"] == "scrimmage"
    pending = []
    if mine and not scrim:
        for c in st.pending:
            kind = by_id[cards[c]][0]
            pending.append({**_card(st, c), "kind": kind, "line": _line(st, c)})
    athletes = []
    for a in p.athletes:
        d = by_id[cards[a]][1]
        athletes.append({"card": cards[a], "name": d.name, "line": athlete_text(d), "injured": a in p.injured,
                         "value": d.value, "tier": d.tier, "type": d.type})
    tactics = []
    for t in p.tactics:
        d = by_id[cards[t]][1]
        tactics.append({"card": cards[t], "name": d.name, "line": tactic_text(d)})
    minors = []
    for m in p.minors:
        d = by_id[cards[m]][1]
        minors.append({"card": cards[m], "name": d.name, "line": sponsor_text(d)})
    return {"athletes": athletes, "tactics": tactics, "minors": minors, "pending": pending}


def _line(st: State, c: int) -> str:
    kind, d = pool().by_id[st.cards[c]]
    return {"athlete": athlete_text, "tactic": tactic_text, "sponsor": sponsor_text,
            "scrimmage": scrimmage_text}[kind](d)




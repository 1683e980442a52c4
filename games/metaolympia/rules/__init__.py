"""Meta Olympia rules engine: set-up, movement, Stage Tiles, contests (matches and scrimmages), tournaments and
final scoring (``shared/rules/metaolympia.md``; rule IDs ``MO-*``).

How a decision looks
--------------------
One decision is open at a time (``State.prompt``), always of one seat: a move (the legal destinations,
MO-MOV-07), a tile choice, a Match Up spot, an athlete to reveal, a tactic to play or pass, popularity to
spend before a roll (MO-POP-03), which die to keep (MO-DIE-08), a reaction to an injury (MO-INJ-04/05), a
bet or wager (options), a trade or merger step (options). :func:`decisions_of` lists it; :func:`apply_choice`
checks the option is still offered, applies it and runs the game on until the next decision
(:func:`advance`). The optional rules with decisions of their own build and answer them in their modules:
:mod:`.gambling` (MO-OPT-01/02), :mod:`.trades` (MO-OPT-04), :mod:`.mergers` (MO-OPT-07/08). Steps with one possible outcome are taken without asking, except a tactic turn or an
injury reaction of a team holding tactic cards: whether a team is asked never depends on which secret cards it
holds (:func:`holds_tactics`, MO-INF-01, MO-GAP-16).

Dice
----
:data:`FACES` is the one die (MO-GAP-01): Goal 3, Counter 3, 4-Boost 2, 8-Boost 2, Special Ability 1,
Injury 1 of 12 faces; every roll comes from the game's seeded RNG and is posted.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.core.contract import Decision, Event, NotYourDecision, Option, StaleChoice
from games.core.labels import distinct

from ..cards import TIER_NAMES, steps_text
from ..pool import sponsor_text
from ..state import State
from .base import (  # noqa: F401 - re-exported: game.py and the tests read them as rules.X
    FACE_NAMES,
    FACE_RANK,
    FACES,
    FUNDRAISE_CREDITS,
    KIND_NAMES,
    MAX_DICE,
    START_CREDITS,
    START_POPULARITY,
    SUPPLY,
    TILE_KINDS,
    active,
    ask,
    athlete_short,
    capacity,
    card_label,
    cdef,
    cname,
    contest,
    discard_athlete,
    draw_athlete,
    draw_from,
    final_stage,
    gain,
    name,
    pay,
    roll_faces,
    sets,
    supplies_left,
    supply_left,
    tile_def,
    track,
)
from .gambling import GAMBLING_KINDS, gambling_handle, gambling_options, settle_bets, step_gambling
from .mergers import MERGER_KINDS, merger_handle, merger_options, step_merger
from .trades import TRADE_KINDS, start_trade, trade_decision, trade_handle

# ---------------------------------------------------------------- set-up

def start_roll(st: State) -> None:
    """MO-ORD-01..05: everyone rolls; the one GOAL goes first; several GOALs roll off; none: all roll again."""
    rolling = list(range(len(st.players)))
    for _ in range(1000):
        faces = roll_faces(st, len(rolling))
        st.intro.append("Start roll: " + ", ".join(f"{name(st, s)} {FACE_NAMES[f]}" for s, f in
                                                    zip(rolling, faces, strict=True)) + ".")
        goals = [s for s, f in zip(rolling, faces, strict=True) if f == "goal"]
        if len(goals) == 1:
            first = goals[0]
            break
        if goals:
            rolling = goals
            st.intro.append("Several GOALs: " + ", ".join(name(st, s) for s in goals) + " roll off.")
        elif len(rolling) == len(st.players):
            st.intro.append("No GOAL: everyone rolls again.")
        else:
            st.intro.append("No GOAL in the roll-off: " + ", ".join(name(st, s) for s in rolling) + " roll again.")
    else:  # pragma: no cover - 1000 rounds without a single GOAL has probability ~0
        first = 0
    n = len(st.players)
    st.order = [(first + i) % n for i in range(n)]
    st.intro.append(f"{name(st, first)} rolled the GOAL and goes first; the order runs clockwise: "
                    + ", ".join(name(st, s) for s in st.order) + ".")


def begin_stage(st: State, start: list[int], ev: list[Event]) -> None:
    """Everyone to the start line of the current stage, ``start`` the order they move in (MO-ORD-05, MO-RST-01)."""
    for i, s in enumerate(start):
        p = st.players[s]
        p.pos, p.stamp, p.spot, p.arrival = -1, i - len(start), -1, -1
    st.arrivals = 0
    st.bracket = []
    names = ", ".join(name(st, s) for s in start)
    tiles = " → ".join(tile_def(t).name for t in track(st))
    ev.append(Event(f"Stage {st.stage + 1} of {len(st.tracks)}: Pre-Season on {tiles}. Start order: {names}."))
    if st.options.get("merger") and 0 < st.stage and len(active(st)) >= 3:
        st.merger = {"asked": [], "stage": "propose"}


# ---------------------------------------------------------------- the flow

def advance(st: State, ev: list[Event]) -> None:
    """Run the game on until a decision is needed or the game is over."""
    for _ in range(100000):
        if st.prompt is not None or st.result is not None:
            return
        if st.roll is not None:
            step_roll(st, ev)
        elif st.queue:
            run_step(st, ev)
        elif st.contest is not None:
            step_contest(st, ev)
        elif st.tile is not None:
            step_tile(st, ev)
        elif st.merger is not None:
            step_merger(st, ev)
        elif st.phase == "preseason":
            step_preseason(st, ev)
        elif st.phase == "tournament":
            step_tournament(st, ev)
        else:
            return
    raise RuntimeError("Meta Olympia: the game did not reach a decision")  # pragma: no cover


# ---------------------------------------------------------------- Pre-Season: movement

def mover(st: State) -> int | None:
    """MO-MOV-04, MO-GAP-08: the team furthest behind moves; on one tile, the earliest arrival there first."""
    left = [s for s in active(st) if st.players[s].pos < len(track(st))]
    if not left:
        return None
    return min(left, key=lambda s: (st.players[s].pos, st.players[s].stamp))


def destinations(st: State, s: int) -> list[int]:
    """MO-MOV-01/02/05, MO-GAP-07: every later tile with room, and the end (no capacity)."""
    n = len(track(st))
    return [i for i in range(st.players[s].pos + 1, n) if has_room(st, i)] + [n]


def has_room(st: State, i: int) -> bool:
    """MO-MOV-02: tile ``i`` of the current track holds fewer teams than the tile capacity."""
    return sum(1 for q in active(st) if st.players[q].pos == i) < capacity(st)


def step_preseason(st: State, ev: list[Event]) -> None:
    s = mover(st)
    if s is None:
        start_tournament(st, ev)
        return
    ask(st, s, "move")


def move(st: State, s: int, dest: int, ev: list[Event]) -> None:
    p = st.players[s]
    n = len(track(st))
    p.pos = dest
    st.clock += 1
    p.stamp = st.clock
    if dest == n:
        p.arrival = st.arrivals
        st.arrivals += 1
        ev.append(Event(f"{name(st, s)} reaches the end of Stage {st.stage + 1} "
                        f"({_ordinal(p.arrival + 1)} to arrive)."))
        free = free_spots(st)
        if len(free) == 1:
            take_spot(st, s, free[0], ev)
        else:
            ask(st, s, "spot")
        return
    t = tile_def(track(st)[dest])
    ev.append(Event(f"{name(st, s)} moves to {t.name} ({KIND_NAMES[t.kind]})."))
    start_tile(st, s, t.kind, ev)


def free_spots(st: State) -> list[int]:
    taken = {st.players[q].spot for q in active(st)}
    return [i for i in range(len(active(st))) if i not in taken]


def take_spot(st: State, s: int, spot: int, ev: list[Event]) -> None:
    st.players[s].spot = spot
    ev.append(Event(f"{name(st, s)} takes Match Up spot {spot + 1} ({spot_side(st, spot)})."))


def spot_side(st: State, spot: int) -> str:
    """MO-GAP-03, MO-GAP-23: the lower spot of every pairing is Home: in a bracket the odd-numbered spot, the
    odd last spot (it meets the loser of bracket 1, on a lower spot) Away; in a final round robin spot 1 is
    always Home, the last always Away, the others both."""
    return _side(len(active(st)), final_stage(st), spot)


def spot_sides(st: State) -> list[str]:
    """:func:`spot_side` of every Match Up spot, in spot order (one per team still playing)."""
    return list(_spot_sides(len(active(st)), final_stage(st)))


@lru_cache(maxsize=64)
def _spot_sides(n: int, final: bool) -> tuple[str, ...]:
    return tuple(_side(n, final, k) for k in range(n))


def _side(n: int, final: bool, spot: int) -> str:
    if n >= 3 and final:
        return "Home" if spot == 0 else "Away" if spot == n - 1 else "Home or Away"
    if n % 2 and spot == n - 1:
        return "Away"
    return "Home" if spot % 2 == 0 else "Away"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# ---------------------------------------------------------------- Stage Tiles

def start_tile(st: State, s: int, kind: str, ev: list[Event]) -> None:
    if kind == "freeday":
        st.tile = {"seat": s, "kind": "freeday", "step": "choose"}
        ask(st, s, "freeday")
    elif kind == "fundraise":
        st.tile = {"seat": s, "kind": kind, "step": "choose"}
        if not st.sponsor_deck:
            _fund_credits(st, s, ev)
        else:
            ask(st, s, "fundraise")
    elif kind == "strategize":
        st.tile = {"seat": s, "kind": kind, "step": "pick"}
        if not st.tactic_deck:
            ev.append(Event(f"The tactics deck is empty: {name(st, s)} draws nothing."))
            st.tile = None
            return
        draw_two(st, s, "tactic", ev)
    elif kind == "recruit":
        st.tile = {"seat": s, "kind": kind, "step": "choose"}
        ask(st, s, "recruit")
    elif kind == "scrimmage":
        st.tile = {"seat": s, "kind": kind, "step": "play"}
        if not st.scrim_deck:
            ev.append(Event(f"The scrimmage deck is empty: {name(st, s)} plays no scrimmage."))
            st.tile = None
            return
        c = st.scrim_deck.pop()
        st.pending = [c]
        d = cdef(st, c)
        ev.append(Event(f"{name(st, s)} plays a scrimmage against {d.name} (tier {d.tier}, score {d.score})."))
        start_contest(st, [s], c, ev)
    else:  # pragma: no cover
        raise ValueError(kind)


def step_tile(st: State, ev: list[Event]) -> None:
    """A tile with nothing left to ask or resolve is done (every action closes its tile itself; this keeps the
    flow moving should one not)."""
    st.tile = None


def _fund_credits(st: State, s: int, ev: list[Event]) -> None:
    got = gain(st, s, "credits", FUNDRAISE_CREDITS, ev)
    ev.append(Event(f"{name(st, s)} raises {got} credits (Fundraise)."))
    st.tile = None


def draw_two(st: State, s: int, deck: str, ev: list[Event]) -> None:
    """``s`` draws the top two cards of the ``deck`` deck (``"tactic"`` or ``"sponsor"``, not empty) to keep one
    (MO-STG-01, MO-FND-02): the log says how many, only ``s`` sees which; a single card left is kept at once."""
    drawn = [c for c in (draw_from(st, f"{deck}_deck"), draw_from(st, f"{deck}_deck")) if c is not None]
    st.pending = drawn
    ev.append(Event(f"{name(st, s)} draws {len(drawn)} {deck} card{'s' if len(drawn) > 1 else ''}."))
    ev.append(Event("You draw " + " and ".join(cname(st, c) for c in drawn) + ".", (s,)))
    if len(drawn) > 1:
        ask(st, s, f"{deck}_pick")
    elif deck == "tactic":
        keep_tactic(st, s, drawn[0], ev)
    else:
        keep_sponsor(st, s, drawn[0], ev)


def keep_tactic(st: State, s: int, c: int, ev: list[Event]) -> None:
    st.players[s].tactics.append(c)
    rest = [x for x in st.pending if x != c]
    st.tactic_buried.extend(rest)
    st.pending = []
    ev.append(Event(f"{name(st, s)} keeps a tactic card" + (" and discards the other face down." if rest else ".")))
    ev.append(Event(f"You keep {cname(st, c)}.", (s,)))
    st.tile = None


def keep_sponsor(st: State, s: int, c: int, ev: list[Event]) -> None:
    d = cdef(st, c)
    rest = [x for x in st.pending if x != c]
    st.sponsor_buried.extend(rest)
    st.pending = []
    if d.major:
        st.majors.append(c)
        ev.append(Event(f"{name(st, s)} gains a major sponsor and reveals it: {d.name} — "
                        f"{sponsor_text(d)} (every team meeting it scores at the end)."))
    else:
        st.players[s].minors.append(c)
        ev.append(Event(f"{name(st, s)} gains a minor sponsor and keeps it secret."))
        ev.append(Event(f"You keep {d.name}: {sponsor_text(d)}.", (s,)))
    st.tile = None


# -- recruiting (MO-REC-01..07)

def trade_cost(st: State, new: int, old: int) -> int:
    """MO-REC-02: the new athlete's value minus the returned one's, never below 0."""
    return max(0, cdef(st, new).value - cdef(st, old).value)


def affordable(st: State, s: int, new: int) -> bool:
    """MO-REC-05: some athlete in hand can be returned for ``new`` within the team's credits."""
    p = st.players[s]
    return any(trade_cost(st, new, a) <= p.credits for a in p.athletes)


def recruit_sources(st: State, s: int) -> list[tuple[str, str, tuple[str, ...]]]:
    """The recruit options (id, label, card ids) open to ``s`` (MO-REC-01, MO-REC-05/06, MO-OPT-04)."""
    out = []
    for c in st.market:
        if affordable(st, s, c):
            out.append((f"market:{c}", f"Recruit {cname(st, c)} from the market (value {cdef(st, c).value})",
                        (st.cards[c],)))
    if st.athlete_deck or st.athlete_discard:
        out.append(("draw", "Draw 2 athletes from the deck and choose one", ()))
    if st.athlete_discard and affordable(st, s, st.athlete_discard[-1]):
        c = st.athlete_discard[-1]
        out.append((f"discard:{c}", f"Recruit {cname(st, c)} from the discard pile (value {cdef(st, c).value})",
                    (st.cards[c],)))
    if st.options.get("trades") and any(q != s for q in active(st)):
        out.append(("trade", "Propose a trade with another team", ()))
    out.append(("decline", "Recruit nobody", ()))
    return out


def recruit_take(st: State, s: int, new: int, source: str, ev: list[Event]) -> None:
    """Chosen ``new``: ask which athlete is returned (only those that make it affordable)."""
    st.tile = {**(st.tile or {}), "step": "return", "new": new, "source": source}
    ask(st, s, "return")


def recruit_finish(st: State, s: int, old: int, ev: list[Event]) -> None:
    t = st.tile
    assert t is not None
    new, source = t["new"], t["source"]
    p = st.players[s]
    cost = trade_cost(st, new, old)
    if source == "market":
        st.market.remove(new)
        refill = draw_athlete(st, ev)
        if refill is not None:
            st.market.append(refill)  # MO-GAP-05: refilled at once
            ev.append(Event(f"{cname(st, refill)} joins the market."))
    elif source == "discard":
        st.athlete_discard.remove(new)
    else:
        st.pending.remove(new)
        st.athlete_discard.extend(st.pending)
        for c in st.pending:
            ev.append(Event(f"{cname(st, c)} goes face up to the athlete discard pile."))
        st.pending = []
    discard_athlete(st, s, old)
    p.athletes.append(new)
    pay(st, s, "credits", cost)
    ev.append(Event(f"{name(st, s)} recruits {cname(st, new)} ({TIER_NAMES[cdef(st, new).tier]}, value "
                    f"{cdef(st, new).value}) for {cname(st, old)}, paying {cost} credit{'s' if cost != 1 else ''}."))
    st.tile = None


# ---------------------------------------------------------------- contests: matches and scrimmages

def start_contest(st: State, seats: list[int], scrim: int | None, ev: list[Event]) -> None:
    """A match (``seats`` = [home, away]) or a scrimmage (``seats`` = [player], ``scrim`` its card)."""
    sides = [seats[1], seats[0]] if scrim is None else list(seats)  # Away first (MO-MAT-02)
    st.contest = {
        "kind": "match" if scrim is None else "scrimmage", "seats": sides, "card": -1 if scrim is None else scrim,
        "score": [0] * len(sides), "moment": 0, "played": [[] for _ in sides], "mat": [-1] * len(sides),
        "turn": 0, "passes": 0, "stage": "bets", "tough": [], "bets": [], "wagers": [], "asked": [],
    }


def contest_side(st: State, s: int) -> int:
    c = st.contest  # (contest(st) written out: asked several times a step)
    assert c is not None
    return c["seats"].index(s)


def opponent(st: State, s: int) -> int | None:
    c = st.contest
    if c is None or c["kind"] != "match":
        return None
    return c["seats"][1 - contest_side(st, s)]


def step_contest(st: State, ev: list[Event]) -> None:
    c = contest(st)
    if c["stage"] in ("bets", "wagers") and step_gambling(st):
        return
    if c["stage"] == "recover":
        c["stage"] = "reveal"
        c["turn"] = 0
        if c["kind"] == "match":
            for s in c["seats"]:  # MO-INJ-06: before each match, one die per injured athlete
                for a in list(st.players[s].injured):
                    st.queue.append(_st(s, "recover", 1, "recovery", a))
            if st.queue:
                return
    if c["stage"] == "reveal":
        if c["turn"] >= len(c["seats"]):
            c["stage"] = "tactics"
            c["turn"] = 0
            c["passes"] = 0
        else:
            s = c["seats"][c["turn"]]
            side = c["turn"]
            c["turn"] += 1
            if healthy_unplayed(st, s):
                ask(st, s, "athlete")
            else:
                c["played"][side].append(-1)
                c["mat"][side] = -1
                ev.append(Event(f"{name(st, s)} has no healthy athlete left to play in Defining Moment "
                                f"{c['moment'] + 1}: no Reveal & Roll."))
            return
    if c["stage"] == "tactics":
        need = 2 if c["kind"] == "match" else 1
        if c["passes"] >= need:
            c["moment"] += 1
            ev.append(Event(f"End of Defining Moment {c['moment']}: {score_text(st)}."))
            if c["moment"] >= 3:
                finish_contest(st, ev)
            else:
                c["stage"] = "reveal"
                c["turn"] = 0
                c["mat"] = [-1] * len(c["seats"])
            return
        s = c["seats"][c["turn"]]
        if holds_tactics(st, s):
            ask(st, s, "tactic")
        else:
            pass_tactic(st, s, ev, quiet=True)
        return


def healthy_unplayed(st: State, s: int) -> list[int]:
    """Athletes ``s`` may reveal now: healthy (MO-INJ-02) and not yet played in this contest (MO-GAP-09)."""
    c = contest(st)
    played = c["played"][contest_side(st, s)]
    p = st.players[s]
    return [a for a in p.athletes if a not in p.injured and a not in played]


def score_text(st: State) -> str:
    c = contest(st)
    if c["kind"] == "scrimmage":
        d = cdef(st, c["card"])
        return f"{name(st, c['seats'][0])} {c['score'][0]}, {d.name} {d.score}"
    # Home first, as the Full time line, the bracket and the picture name them
    seats, score, players = c["seats"], c["score"], st.players
    return f"{players[seats[1]].team} {score[1]}, {players[seats[0]].team} {score[0]}"


def reveal(st: State, s: int, a: int, ev: list[Event]) -> None:
    """MO-MAT-03: reveal, combo (MO-CMB-01..06), On Play (MO-ATH-04), then the roll."""
    c = contest(st)
    side = contest_side(st, s)
    prev = c["played"][side][-1] if c["played"][side] else -1
    c["played"][side].append(a)
    c["mat"][side] = a
    d = cdef(st, a)
    # one short line: the card's full text is a `card NAME` away
    ev.append(Event(f"{name(st, s)} reveals {d.name} ({TIER_NAMES[d.tier]}, {d.type}) for Defining Moment "
                    f"{c['moment'] + 1}."))
    steps: list[dict[str, Any]] = []
    if d.combo is not None and combo_ok(st, s, prev, d.combo.after):
        ev.append(Event(f"Combo: {d.name} follows {cname(st, prev)} — {steps_text(d.combo.do)}."))
        steps += [_st(s, k, v, "combo", a) for step in d.combo.do for k, v in step.items()]
    if d.on_play:
        ev.append(Event(f"On Play: {d.name} — {steps_text(d.on_play)}."))
        steps += [_st(s, k, v, "on play", a) for step in d.on_play for k, v in step.items()]
    dice = 2 if d.trait is not None and d.trait.lucky else 1
    steps.append(_st(s, "rollfor", dice, "Reveal & Roll", a))
    st.queue[:0] = steps


def combo_ok(st: State, s: int, prev: int, after: str) -> bool:
    """MO-CMB-01..06: the same player's athlete of the previous Defining Moment of this contest, still healthy,
    of the required type (a dual counts as either)."""
    if prev < 0 or prev in st.players[s].injured or prev not in st.players[s].athletes:
        return False
    t = cdef(st, prev).type
    if after == "any":
        return True
    return t == after or t == "dual"


def _st(s: int, key: str, n: int, why: str, athlete: int) -> dict[str, Any]:
    return {"seat": s, "key": key, "n": n, "why": why, "athlete": athlete}


def holds_tactics(st: State, s: int) -> bool:
    """Whether ``s`` is asked in its tactic turn and after an injury of its athlete (MO-INF-01, MO-GAP-16): it
    holds a tactic card. Only the count is public, so what it can pay or play must not decide it; a team
    holding none passes at once, silently."""
    return bool(st.players[s].tactics)


def playable_tactics(st: State, s: int) -> list[int]:
    """Tactics ``s`` may play in its tactic turn (MO-MAT-05, MO-INJ-02/05, MO-GAP-16)."""
    c = contest(st)
    p = st.players[s]
    mat = c["mat"][contest_side(st, s)]
    out = []
    for t in p.tactics:
        d = cdef(st, t)
        if d.cost.credits > p.credits or d.cost.popularity > p.popularity:
            continue
        if d.kind == "medic":
            if p.injured:
                out.append(t)
        elif d.kind == "reroll":
            if mat >= 0:
                out.append(t)
        else:
            if mat < 0 or mat in p.injured:
                continue  # MO-INJ-02: tactics are played on a healthy athlete
            if c["kind"] == "scrimmage" and all(next(iter(x)) in ("counter", "injure") for x in d.do):
                continue  # MO-GAP-11: nothing to counter or injure on a scrimmage card
            out.append(t)
    return out


def play_tactic(st: State, s: int, t: int, ev: list[Event]) -> None:
    c = contest(st)
    p = st.players[s]
    d = spend_tactic(st, s, t)
    c["passes"] = 0
    # an opponent's Counter or Injure makes the answer a window aimed at them
    if c["kind"] == "match" and any(next(iter(x)) in ("counter", "injure") for x in d.do):
        c["aimed_at"] = opponent(st, s)
    else:
        c.pop("aimed_at", None)
    cost = _cost_text(d)
    mat = c["mat"][contest_side(st, s)]
    ev.append(Event(f"{name(st, s)} plays {d.name}{cost}."))
    if d.kind == "medic":
        st.queue.insert(0, _st(s, "heal", 1, d.name, mat))
    elif d.kind == "reroll":
        if mat in p.injured:
            p.injured.remove(mat)
            ev.append(Event(f"{cname(st, mat)} is healed (Re-Roll)."))
        st.queue.insert(0, _st(s, "rollfor", 1, d.name, mat))
    else:
        st.queue[:0] = [_st(s, k, v, d.name, mat) for step in d.do for k, v in step.items()]
    _next_turn(st)


def spend_tactic(st: State, s: int, t: int) -> Any:
    """``s`` pays tactic card ``t``'s cost and discards it face up (MO-MAT-05); returns its definition."""
    d = cdef(st, t)
    pay(st, s, "credits", d.cost.credits)
    pay(st, s, "popularity", d.cost.popularity)
    st.players[s].tactics.remove(t)
    st.tactic_discard.append(t)
    return d


def _cost_text(d: Any) -> str:
    parts = []
    if d.cost.credits:
        parts.append(f"{d.cost.credits} credit{'s' if d.cost.credits > 1 else ''}")
    if d.cost.popularity:
        parts.append(f"{d.cost.popularity} popularity")
    return f", paying {' and '.join(parts)}" if parts else ""


def pass_tactic(st: State, s: int, ev: list[Event], quiet: bool = False) -> None:
    c = contest(st)
    c["passes"] += 1
    c.pop("aimed_at", None)
    if not quiet:
        ev.append(Event(f"{name(st, s)} passes."))
    _next_turn(st)


def _next_turn(st: State) -> None:
    c = contest(st)
    c["turn"] = (c["turn"] + 1) % len(c["seats"])


# -- effect steps

def run_step(st: State, ev: list[Event]) -> None:
    """Resolve the first queued step (card vocabulary: :mod:`games.metaolympia.cards`)."""
    item = st.queue.pop(0)
    s, key, n = item["seat"], item["key"], item["n"]
    c = st.contest
    p = st.players[s]
    a = item.get("athlete", -1)
    if key == "recover":
        if a in p.injured and a in p.athletes:
            st.roll = {"seat": s, "athlete": a, "dice": 1, "why": "recovery", "stage": "pop", "faces": []}
        return
    if c is None:
        return
    if a >= 0 and a in p.injured and key not in ("heal",):
        return  # MO-INJ-01: an injured athlete takes no further action
    side = contest_side(st, s)
    if key == "goal":
        c["score"][side] += n
        ev.append(Event(f"+{n} goal{'s' if n > 1 else ''} for {name(st, s)}: {score_text(st)}."))
    elif key == "counter":
        if c["kind"] == "match":
            o = 1 - side
            before = c["score"][o]
            c["score"][o] = max(0, before - n)  # MO-DIE-03/04
            if before == 0:
                ev.append(Event(f"Counter by {name(st, s)}: the opponent has no goal to block."))
            else:
                ev.append(Event(f"Counter by {name(st, s)}: {score_text(st)}."))
        else:
            ev.append(Event("The Counter has nothing to block against a scrimmage card."))
    elif key in ("credits", "popularity"):
        got = gain(st, s, key, n, ev)
        ev.append(Event(f"{name(st, s)} gains {got} {key[:-1] if key == 'credits' and got == 1 else key}."))
    elif key == "roll" or key == "rollfor":
        if a >= 0:
            st.roll = {"seat": s, "athlete": a, "dice": min(n, MAX_DICE), "why": item["why"], "stage": "pop",
                       "faces": []}
    elif key == "boost":
        d = cdef(st, a) if a >= 0 else None
        steps = [] if d is None else (d.boost4 if n == 4 else d.boost8)
        if steps:
            ev.append(Event(f"{d.name}'s {n}-Boost: {steps_text(steps)}."))
            st.queue[:0] = [_st(s, k, v, f"{n}-Boost", a) for step in steps for k, v in step.items()]
    elif key == "heal":
        hurt = [x for x in p.injured]
        if not hurt:
            ev.append(Event(f"{name(st, s)} has no injured athlete to heal."))
        elif len(hurt) == 1:
            heal(st, s, hurt[0], ev)
            if n > 1:
                st.queue.insert(0, {**item, "n": n - 1})
        else:
            ask(st, s, "heal", left=n)
    elif key == "injure":
        o = opponent(st, s)
        if o is None:
            return
        m = c["mat"][1 - side]
        if m >= 0 and m not in st.players[o].injured:
            injure(st, o, m, ev, aimed=True)
    else:  # pragma: no cover
        raise ValueError(key)


def heal(st: State, s: int, a: int, ev: list[Event]) -> None:
    st.players[s].injured.remove(a)
    ev.append(Event(f"{cname(st, a)} of {name(st, s)} is healed and back in play."))


def injure(st: State, s: int, a: int, ev: list[Event], aimed: bool = False) -> None:
    """MO-DIE-07, MO-INJ-01: face down, out of play; its queued steps are dropped. In a contest ``s`` is asked at
    once whether to play a Re-Roll or Medic (MO-INJ-04/05) when it holds any tactic card, whatever it can pay
    (MO-INF-01, MO-GAP-16: which cards it holds is secret). ``aimed``: the opponent's card injured it (not
    ``s``'s own roll), so the reaction window is aimed at ``s``."""
    p = st.players[s]
    p.injured.append(a)
    st.queue = [q for q in st.queue if not (q["seat"] == s and q.get("athlete") == a)]
    ev.append(Event(f"{cname(st, a)} of {name(st, s)} is injured: turned face down, out of play."))
    if st.contest is not None and holds_tactics(st, s):
        ask(st, s, "react", athlete=a, **({"aimed": True} if aimed else {}))


def reactions(st: State, s: int) -> list[int]:
    """The Re-Roll and Medic cards ``s`` can pay now: what its injury reaction offers (MO-INJ-04/05)."""
    p = st.players[s]
    return [t for t in p.tactics if cdef(st, t).kind in ("reroll", "medic")
            and cdef(st, t).cost.credits <= p.credits and cdef(st, t).cost.popularity <= p.popularity]


def pop_tiers(st: State, s: int, dice: int) -> list[int]:
    """MO-POP-02, MO-GAP-15: popularity tiers (2, 3, 4 tokens) ``s`` can pay that add dice (t tokens add t-1)."""
    p = st.players[s]
    return [t for t in (2, 3, 4) if t <= p.popularity and dice + t - 1 <= MAX_DICE]


def step_roll(st: State, ev: list[Event]) -> None:
    r = st.roll
    assert r is not None
    s = r["seat"]
    if r["stage"] == "pop":
        r["stage"] = "roll"
        if r["why"] == "recovery":
            if st.players[s].popularity >= 1:
                ask(st, s, "recover_dice")
                return
        elif pop_tiers(st, s, r["dice"]):
            ask(st, s, "dice")
            return
    if r["stage"] == "roll":
        r["faces"] = roll_faces(st, r["dice"])
        st.last_roll = {"seat": s, "athlete": r["athlete"], "faces": list(r["faces"]), "why": r["why"]}
        ev.append(Event(f"{name(st, s)} rolls {len(r['faces'])} {'dice' if len(r['faces']) > 1 else 'die'} for "
                        f"{cname(st, r['athlete'])} ({r['why']}): "
                        + ", ".join([FACE_NAMES[f] for f in r["faces"]]) + "."))
        if r["why"] == "recovery":
            st.roll = None
            if "special" in r["faces"]:
                heal(st, s, r["athlete"], ev)
            else:
                ev.append(Event(f"{cname(st, r['athlete'])} of {name(st, s)} stays injured."))
            return
        r["stage"] = "keep"
        if len(set(r["faces"])) > 1:
            ask(st, s, "keep")
            return
        keep_face(st, r["faces"][0], ev)


def keep_face(st: State, face: str, ev: list[Event]) -> None:
    """Resolve the kept result (MO-DIE-02..07) for the athlete rolled for."""
    r = st.roll
    assert r is not None
    st.roll = None
    s, a = r["seat"], r["athlete"]
    if st.last_roll is not None:
        st.last_roll["kept"] = face
    d = cdef(st, a)
    tr = d.trait
    if len(r["faces"]) > 1:
        ev.append(Event(f"{name(st, s)} keeps {FACE_NAMES[face]}."))
    if face == "goal":
        st.queue.insert(0, _st(s, "goal", 1 + (tr.goal if tr else 0), "Goal", a))
    elif face == "counter":
        st.queue.insert(0, _st(s, "counter", 1 + (tr.counter if tr else 0), "Counter", a))
    elif face in ("boost4", "boost8"):
        steps = d.boost4 if face == "boost4" else d.boost8
        if steps:
            st.queue.insert(0, _st(s, "boost", 4 if face == "boost4" else 8, FACE_NAMES[face], a))
        else:
            ev.append(Event(f"{d.name} has no {FACE_NAMES[face]}: nothing happens."))
    elif face == "special":
        if d.special:
            ev.append(Event(f"{d.name}'s Special Ability: {steps_text(d.special)}."))
            st.queue[:0] = [_st(s, k, v, "Special Ability", a) for step in d.special for k, v in step.items()]
        else:
            ev.append(Event(f"{d.name} has no Special Ability: nothing happens."))
    else:
        c = st.contest
        if tr is not None and tr.tough and c is not None and a not in c["tough"]:
            c["tough"].append(a)
            ev.append(Event(f"{d.name} shrugs off the Injury (tough, once a match)."))
            return
        injure(st, s, a, ev)


# -- the end of a contest

def finish_contest(st: State, ev: list[Event]) -> None:
    c = contest(st)
    st.contest = None
    st.queue = []
    if c["kind"] == "scrimmage":
        finish_scrimmage(st, c, ev)
    else:
        finish_match(st, c, ev)


def finish_scrimmage(st: State, c: dict[str, Any], ev: list[Event]) -> None:
    """MO-SCR-03..05."""
    s = c["seats"][0]
    card = c["card"]
    d = cdef(st, card)
    mine = c["score"][0]
    st.pending.remove(card)
    if mine > d.score:
        outcome = "win"
        st.players[s].scrims.append(card)
        ev.append(Event(f"{name(st, s)} beats {d.name} {mine}-{d.score}, collects its rewards and keeps the card."))
    elif mine == d.score:
        outcome = "tie"
        st.scrim_discard.append(card)
        ev.append(Event(f"{name(st, s)} ties {d.name} {mine}-{d.score}: rewards collected, the card is discarded."))
    else:
        outcome = "loss"
        st.scrim_discard.append(card)
        ev.append(Event(f"{name(st, s)} loses to {d.name} {mine}-{d.score}: no rewards, the card is discarded."))
    if outcome != "loss":
        _reward(st, s, d.reward, ev, d.name)
    settle_bets(st, c, {"win": "player", "tie": None, "loss": "card"}[outcome], ev)
    if outcome == "win":
        for sp in list(st.players[s].minors):
            sd = cdef(st, sp)
            if sd.when == "scrimmage" and d.tier >= sd.goal.get("beat", 99):
                pay_minor(st, s, sp, ev)
    st.tile = None


def _reward(st: State, s: int, rw: Any, ev: list[Event], why: str) -> None:
    parts = []
    for tok in ("credits", "popularity", "prestige"):
        n = getattr(rw, tok)
        if n:
            got = gain(st, s, tok, n, ev)
            parts.append(f"{got} {tok[:-1] if tok == 'credits' and got == 1 else tok}")
    if parts:
        ev.append(Event(f"{name(st, s)} collects " + ", ".join(parts) + f" ({why})."))


def pay_minor(st: State, s: int, sp: int, ev: list[Event]) -> None:
    """MO-RES-03, MO-GAP-13: a minor sponsor whose goal is met is revealed, paid once and stays face up."""
    p = st.players[s]
    d = cdef(st, sp)
    p.minors.remove(sp)
    p.shown.append(sp)
    ev.append(Event(f"{name(st, s)} reveals minor sponsor {d.name} — {sponsor_text(d)}."))
    if d.reward.prestige:
        p.sponsor_prestige += d.reward.prestige
        ev.append(Event(f"{name(st, s)} scores {d.reward.prestige} prestige from {d.name}."))
    rest = d.reward.model_copy(update={"prestige": 0})
    _reward(st, s, rest, ev, d.name)


def finish_match(st: State, c: dict[str, Any], ev: list[Event]) -> None:
    """MO-MAT-08, MO-RES-01..03."""
    away, home = c["seats"]
    sa, sh = c["score"]
    rec = next((b for b in st.bracket if b["home"] == home and b["away"] == away and b["winner"] is None
                and not b.get("done")), None)
    if sa == sh:
        ev.append(Event(f"Full time: {name(st, home)} {sh}, {name(st, away)} {sa} — a draw. Each team gets 1 "
                        f"popularity."))
        for s in (home, away):
            st.players[s].draws += 1
            gain(st, s, "popularity", 1, ev)
        winner = None
    else:
        winner, loser = (home, away) if sh > sa else (away, home)
        ev.append(Event(f"Full time: {name(st, home)} {sh}, {name(st, away)} {sa} — {name(st, winner)} win and "
                        f"collect 1 prestige, 1 credit and 2 popularity."))
        st.players[winner].wins += 1
        st.players[loser].losses += 1
        gain(st, winner, "prestige", 1, ev)
        gain(st, winner, "credits", 1, ev)
        gain(st, winner, "popularity", 2, ev)
    if rec is not None:
        rec["score"] = [sh, sa]
        rec["winner"] = winner
        rec["done"] = True
    settle_bets(st, c, winner, ev)
    for s, mine, theirs in ((home, sh, sa), (away, sa, sh)):
        for sp in list(st.players[s].minors):
            d = cdef(st, sp)
            if d.when != "match":
                continue
            (k, v), = d.goal.items()
            ok = ((k == "win_by" and mine - theirs >= v) or (k == "shutout" and mine > theirs == 0)
                  or (k == "draw" and mine == theirs) or (k == "score" and mine >= v))
            if ok:
                pay_minor(st, s, sp, ev)
    after_match(st, home, away, winner, ev)


# ---------------------------------------------------------------- Tournament

def start_tournament(st: State, ev: list[Event]) -> None:
    """MO-BRK-01..04, MO-FIN-01..05: the matches of this stage's Tournament."""
    st.phase = "tournament"
    by_spot = sorted(active(st), key=lambda s: st.players[s].spot)
    n = len(by_spot)
    st.schedule = []
    st.bracket = []
    final = final_stage(st)
    if n == 2:
        best = st.options.get("final", 5) if final else st.options.get("bestof", 3)
        st.bracket = [{"home": by_spot[0], "away": by_spot[1], "score": None, "winner": None, "series": best}]
        ev.append(Event(("Final Championship" if final else "Tournament")
                        + f": {name(st, by_spot[0])} (Home) against {name(st, by_spot[1])}, best of {best}."))
    elif final:
        for a, b in round_robin(n):
            st.bracket.append({"home": by_spot[min(a, b)], "away": by_spot[max(a, b)], "score": None,
                               "winner": None, "pair": [a, b]})
        ev.append(Event(f"Final Championship: a round robin of {len(st.bracket)} matches."))
    else:
        for i in range(0, n - 1, 2):
            st.bracket.append({"home": by_spot[i], "away": by_spot[i + 1], "score": None, "winner": None})
        if n % 2:
            st.bracket.append({"home": -1, "away": by_spot[-1], "score": None, "winner": None,
                               "waits": "loser of the first match"})
        ev.append(Event("Tournament: " + "; ".join(
            f"{name(st, b['home'])} (Home) v {name(st, b['away'])}" if b["home"] >= 0
            else f"{name(st, b['away'])} v the loser of the first match" for b in st.bracket) + "."))


def round_robin(n: int) -> list[tuple[int, int]]:
    """Spot pairs (0-based) in play order: MO-FIN-04/05 for 3 and 4 teams, the circle method beyond."""
    if n == 3:
        return [(0, 1), (1, 2), (2, 0)]
    if n == 4:
        return [(0, 1), (2, 3), (3, 0), (1, 2), (1, 3), (2, 0)]
    spots = list(range(n)) + ([-1] if n % 2 else [])
    m = len(spots)
    out = []
    for _ in range(m - 1):
        for i in range(m // 2):
            a, b = spots[i], spots[m - 1 - i]
            if a >= 0 and b >= 0:
                out.append((a, b))
        spots = [spots[0], spots[-1], *spots[1:-1]]
    return out


def next_match(st: State) -> dict[str, Any] | None:
    for b in st.bracket:
        if b.get("done"):
            continue
        if b["home"] < 0 or st.players[b["home"]].out or st.players[b["away"]].out:
            if b["home"] >= 0:
                b["done"] = True
                continue
            return None
        return b
    return None


def step_tournament(st: State, ev: list[Event]) -> None:
    b = next_match(st)
    if b is None:
        end_tournament(st, ev)
        return
    home, away = b["home"], b["away"]
    if "series" in b:
        b.setdefault("games", [])
        played = len(b["games"]) + 1
        ev.append(Event(f"Match {played} of the best-of-{b['series']}: {name(st, home)} (Home) v "
                        f"{name(st, away)} (Away)."))
    else:
        ev.append(Event(f"Match: {name(st, home)} (Home) v {name(st, away)} (Away)."))
    start_contest(st, [home, away], None, ev)


def after_match(st: State, home: int, away: int, winner: int | None, ev: list[Event]) -> None:
    """Series bookkeeping (MO-BRK-04, MO-GAP-10) and the 3-team second match (MO-BRK-03)."""
    b = next((x for x in st.bracket if x["home"] == home and x["away"] == away and x.get("done")
              and (x.get("series") is None or "games" in x) and not x.get("closed")), None)
    if b is None:
        return
    if "series" in b:
        b["games"].append(winner if winner is not None else -1)
        need = b["series"] // 2 + 1
        wins = {s: b["games"].count(s) for s in (home, away)}
        decided = max(wins.values()) >= need or len(b["games"]) >= b["series"]
        if decided:
            b["closed"] = True
            b["winner"] = (home if wins[home] > wins[away] else away if wins[away] > wins[home] else None)
            b["score"] = [wins[home], wins[away]]
            ev.append(Event(f"The series ends {wins[home]}-{wins[away]}"
                            + (f": {name(st, b['winner'])} take it." if b["winner"] is not None else ": level.")))
        else:
            b["done"] = False
            b["winner"] = None
        return
    b["closed"] = True
    waiting = next((x for x in st.bracket if x["home"] < 0), None)
    if waiting is not None and b is st.bracket[0]:
        loser = away if winner == home or winner is None else home  # MO-GAP-10: a draw sends the Away team
        other = waiting["away"]
        hs, as_ = (loser, other) if st.players[loser].spot < st.players[other].spot else (other, loser)
        waiting["home"], waiting["away"] = hs, as_
        waiting.pop("waits", None)
        ev.append(Event(f"{name(st, loser)} now play {name(st, other)}."))


def stage_summary(st: State, done: int) -> str:
    """The one-line summary after stage ``done`` (1-based): each team still playing with its
    prestige tokens, credits, popularity and match record, most prestige first."""
    teams = sorted(active(st), key=lambda s: (-st.players[s].prestige, s))
    return f"After Stage {done}: " + "; ".join(
        f"{name(st, s)} {st.players[s].prestige} prestige, {st.players[s].credits} credits, "
        f"{st.players[s].popularity} popularity ({st.players[s].wins}-{st.players[s].draws}-{st.players[s].losses})"
        for s in teams) + "."


def end_tournament(st: State, ev: list[Event]) -> None:
    if final_stage(st):
        final_scoring(st, ev)
        return
    order = sorted(active(st), key=lambda s: -st.players[s].arrival)  # MO-RST-01: last to arrive moves first
    st.stage += 1
    st.phase = "preseason"
    ev.append(Event(stage_summary(st, st.stage)))
    ev.append(Event("Post-Tournament reset: the teams move to the start of the next stage in reverse order."))
    begin_stage(st, order, ev)


# ---------------------------------------------------------------- final scoring (MO-SCO-01..03)

def goal_met(st: State, s: int, goal: dict[str, int]) -> bool:
    p = st.players[s]
    (k, v), = goal.items()
    tiers = [cdef(st, a).tier for a in p.athletes]
    return {
        "scrimmages": lambda: len(p.scrims) >= v,
        "tier": lambda: any(cdef(st, x).tier >= v for x in p.scrims),
        "wins": lambda: p.wins >= v,
        "allstars": lambda: tiers.count("allstar") >= v,
        "pros": lambda: sum(t != "rookie" for t in tiers) >= v,
        "popularity": lambda: p.popularity >= v,
        "credits": lambda: p.credits >= v,
        "healthy": lambda: not p.injured,
        "tactics": lambda: len(p.tactics) >= v,
    }.get(k, lambda: False)()


def scores(st: State) -> dict[int, dict[str, int]]:
    """Final prestige of each team still playing, by part (MO-SCO-02/03, MO-GAP-12)."""
    out = {}
    for s in active(st):
        p = st.players[s]
        majors = sum(cdef(st, m).reward.prestige for m in st.majors if goal_met(st, s, cdef(st, m).goal))
        out[s] = {"tokens": p.prestige, "sponsors": p.sponsor_prestige, "majors": majors,
                  "credits": p.credits // 3, "popularity": p.popularity // 2}
        out[s]["total"] = sum(out[s].values())
    return out


def final_scoring(st: State, ev: list[Event]) -> None:
    """Reveal end-of-game minor sponsors, score, and decide the winner (MO-SCO-01..03, MO-GAP-17)."""
    for s in active(st):
        for sp in list(st.players[s].minors):
            d = cdef(st, sp)
            if d.when == "end" and goal_met(st, s, d.goal):
                pay_minor(st, s, sp, ev)
    sc = scores(st)
    for s, parts in sc.items():
        ev.append(Event(f"{name(st, s)}: {parts['total']} prestige ({parts['tokens']} tokens, {parts['sponsors']} "
                        f"minor sponsors, {parts['majors']} major sponsors, {parts['credits']} from credits, "
                        f"{parts['popularity']} from popularity)."))
    best = max(v["total"] for v in sc.values())
    top = [s for s, v in sc.items() if v["total"] == best]
    rule = f"Most prestige wins: {best}, see /rules MO-SCO-01."
    if len(top) > 1:  # MO-GAP-17: more prestige tokens won in matches breaks a tie; else a shared win
        most = max(st.players[s].prestige for s in top)
        tied = len(top)
        top = [s for s in top if st.players[s].prestige == most]
        if len(top) == 1:
            rule = (f"{tied} teams tied on {best} prestige; the tie is broken on prestige tokens won in matches "
                    f"({most}), see /rules MO-SCO-01.")
        else:
            rule = (f"{len(top)} teams tied on {best} prestige and on prestige tokens ({most}): they share the win, "
                    f"see /rules MO-SCO-01.")
    finish(st, top, "prestige", ev, rule)


def score_lines(st: State) -> tuple[str, ...]:
    """One line per team, in seat order, with its final prestige as MO-SCO-02/03 compute it, parts shown:
    ``"Gusev Super Colliders: 9 prestige = 4 from tokens + 2 from minor sponsors + 0 from major
    sponsors + 2 from credits (7 ÷ 3) + 1 from popularity (3 ÷ 2)"``; a team that withdrew or merged says so."""
    sc = scores(st)
    out = []
    for s, p in enumerate(st.players):
        if p.merged_into >= 0:
            out.append(f"{p.team}: merged into {name(st, p.merged_into)}")
        elif s not in sc:
            out.append(f"{p.team}: withdrew")
        else:
            v = sc[s]
            out.append(f"{p.team}: {v['total']} prestige = {v['tokens']} from tokens + {v['sponsors']} from minor "
                       f"sponsors + {v['majors']} from major sponsors + {v['credits']} from credits "
                       f"({p.credits} ÷ 3) + {v['popularity']} from popularity ({p.popularity} ÷ 2)")
    return tuple(out)


def finish(st: State, top: list[int], reason: str, ev: list[Event], rule: str = "") -> None:
    """The game ends: ``top`` win (a team merged into a winner wins with it); ``reason`` is ``"prestige"``
    or ``"concede"``; ``rule`` the deciding rule in words, the result's scores each team's
    prestige by part (:func:`score_lines`)."""
    st.phase = "over"
    st.prompt = None
    winners = sorted(set(top) | {s for s, p in enumerate(st.players) if p.merged_into in top})
    losers = [s for s in range(len(st.players)) if s not in winners]
    names = " and ".join(name(st, s) for s in sorted(top))
    text = (f"{names} win{'s' if len(top) == 1 else ''} Meta Olympia" if len(top) == 1
            else f"{names} share the win of Meta Olympia")
    text += {"prestige": " with the most prestige.", "concede": ": every other team left."}.get(reason, ".")
    if not rule:
        rule = "Every other team withdrew: the last team left wins."
    st.result = {"winners": winners, "losers": losers, "reason": reason, "text": text, "draw": False,
                 "rule": rule, "scores": list(score_lines(st))}
    ev.append(Event(text))


# ---------------------------------------------------------------- decisions

def decisions_of(st: State) -> list[Decision]:
    if st.result is not None or st.prompt is None:
        return []
    return [open_decision(st)]


def open_decision(st: State) -> Decision:
    """:func:`build_decision` of ``st.prompt`` (there must be one), built once per version: the host, the views
    and :func:`apply_choice` ask for it several times a step. Kept in ``State.memo`` for the ``(version,
    prompt)`` it was built for; a state changed by hand without a new version must clear it (``State.memo =
    Memo()``)."""
    pr = st.prompt
    m = st.memo
    key = m.key
    if key is not None and key[0] == st.version and key[1] is pr:
        return m.value
    d = build_decision(st, pr)
    m.key, m.value = (st.version, pr), d
    return d


CARD_KINDS = frozenset({"sponsor_pick", "tactic_pick", "recruit", "draw_pick", "return", "athlete", "tactic",
                        "react", "heal", "merger_keep", "merger_tactic"})
"""Decision kinds whose options name cards (:func:`build_decision` makes their labels distinct and short)."""


def build_decision(st: State, pr: dict[str, Any]) -> Decision:
    s, kind = pr["seat"], pr["kind"]
    p = st.players[s]
    opts: list[Option] = []
    default = None
    prompt = ""
    if kind == "move":
        n = len(track(st))
        for i in destinations(st, s):
            if i == n:
                opts.append(Option("end", "Go to the end of the stage (Match Up)"))
            else:
                t = tile_def(track(st)[i])
                opts.append(Option(f"tile:{i}", f"{t.name} — {KIND_NAMES[t.kind]}"))
        where = "the start line" if p.pos < 0 else tile_def(track(st)[p.pos]).name
        prompt = f"Stage {st.stage + 1}: move forward from {where}. Where do you land?"
    elif kind == "spot":
        for i in free_spots(st):
            opts.append(Option(f"spot:{i}", f"Spot {i + 1} ({spot_side(st, i)}{_bracket_note(st, i)})"))
        prompt = "You reached the end first among those left: choose your Match Up spot."
    elif kind == "freeday":
        for k in TILE_KINDS:
            if k == "scrimmage" and not st.scrim_deck:
                continue
            opts.append(Option(k, KIND_NAMES[k]))
        prompt = "Free Day: take any one tile action."
    elif kind == "fundraise":
        opts = [Option("credits", f"Take {FUNDRAISE_CREDITS} credits"),
                Option("sponsor", "Draw 2 sponsors and keep one")]
        prompt = "Fundraise: take 3 credits or gain a sponsor."
    elif kind == "sponsor_pick":
        for c in st.pending:
            opts.append(Option(f"keep:{c}", card_label("Keep ", st.cards[c]), (st.cards[c],)))
        prompt = "Keep one sponsor; the other is discarded face down. A major sponsor is revealed to everyone."
    elif kind == "tactic_pick":
        for c in st.pending:
            opts.append(Option(f"keep:{c}", card_label("Keep ", st.cards[c]), (st.cards[c],)))
        prompt = "Strategize: keep one tactic card; the other is discarded face down."
    elif kind == "recruit":
        opts = [Option(i, lab, cards) for i, lab, cards in recruit_sources(st, s)]
        default = "decline"
        prompt = f"Recruit: trade one of your athletes for a new one, paying the difference ({p.credits} credits)."
    elif kind == "draw_pick":
        for c in st.pending:
            lab = card_label("Take ", st.cards[c])
            if affordable(st, s, c):
                opts.append(Option(f"take:{c}", lab, (st.cards[c],)))
        opts.append(Option("none", "Take neither (both go to the discard pile)"))
        prompt = "Choose one of the two athletes drawn; the other goes face up to the discard pile."
    elif kind == "return":
        new = st.tile["new"] if st.tile else -1
        for a in p.athletes:
            cost = trade_cost(st, new, a)
            if cost <= p.credits:
                hurt = ", injured" if a in p.injured else ""
                opts.append(Option(f"return:{a}", f"Return {cname(st, a)} (value {cdef(st, a).value}{hurt}) — "
                                                  f"pay {cost}", (st.cards[a],)))
        prompt = f"Which athlete do you trade in for {cname(st, new)}?"
    elif kind == "athlete":
        c = st.contest
        cards = st.cards
        listed = _athlete_options(tuple([(a, cards[a]) for a in healthy_unplayed(st, s)]))
        side = "Away" if contest_side(st, s) == 0 else "Home"
        what = "scrimmage" if c and c["kind"] == "scrimmage" else "match"
        prompt = (f"Defining Moment {c['moment'] + 1 if c else 1} of the {what} ({side if what == 'match' else 'solo'})"
                  f": reveal an athlete and roll. {score_text(st)}.")
    elif kind == "tactic":
        for t in playable_tactics(st, s):
            opts.append(Option(f"tactic:{t}", card_label("Play ", st.cards[t]), (st.cards[t],)))
        opts.append(Option("pass", "Pass"))
        default = "pass"
        if len(opts) > 1:
            prompt = f"Play a tactic card or pass. {score_text(st)}."
        else:  # asked all the same: whether a team is asked must not tell what it holds (MO-INF-01)
            prompt = (f"Your tactic turn: none of your tactic cards can be played now (its cost, or no healthy "
                      f"athlete of yours on the mat), so pass. {score_text(st)}.")
    elif kind == "dice":
        r = st.roll or {}
        opts.append(Option("pop:0", f"Roll {r.get('dice', 1)} {'dice' if r.get('dice', 1) > 1 else 'die'}, spend nothing"))
        for t in pop_tiers(st, s, r.get("dice", 1)):
            opts.append(Option(f"pop:{t}", f"Spend {t} popularity: roll {r.get('dice', 1) + t - 1} dice, keep one"))
        default = "pop:0"
        prompt = (f"Before the roll for {cname(st, r.get('athlete', 0))}: spend popularity for extra dice? "
                  f"(you have {p.popularity})")
    elif kind == "recover_dice":
        r = st.roll or {}
        opts.append(Option("extra:0", "Roll 1 die, spend nothing"))
        for k in range(1, min(p.popularity, MAX_DICE - 1) + 1):
            opts.append(Option(f"extra:{k}", f"Spend {k} popularity: roll {k + 1} dice"))
        default = "extra:0"
        prompt = (f"Recovery roll for {cname(st, r.get('athlete', 0))}: a Special Ability heals it. Spend popularity "
                  f"for extra dice (1 each)?")
    elif kind == "keep":
        r = st.roll or {}
        for f in sorted(set(r.get("faces", [])), key=FACE_RANK.get):
            opts.append(Option(f"face:{f}", f"Keep {FACE_NAMES[f]}{_face_note(st, r, f)}"))
        default = opts[0].id
        prompt = f"You rolled {', '.join(FACE_NAMES[f] for f in r.get('faces', []))}: keep one result."
    elif kind == "react":
        a = pr["athlete"]
        for t in reactions(st, s):
            opts.append(Option(f"tactic:{t}", card_label("Play ", st.cards[t]), (st.cards[t],)))
        opts.append(Option("accept", f"Leave {cname(st, a)} injured"))
        default = "accept"
        prompt = f"{cname(st, a)} is injured. Use a Re-Roll or Medic card now?"
        if len(opts) == 1:  # asked all the same (MO-INF-01)
            prompt = f"{cname(st, a)} is injured. You hold no Re-Roll or Medic you can pay now: leave it injured."
    elif kind == "heal":
        for a in p.injured:
            opts.append(Option(f"heal:{a}", f"Heal {cname(st, a)}", (st.cards[a],)))
        prompt = "Heal which injured athlete?"
    elif kind in GAMBLING_KINDS:
        opts, default, prompt = gambling_options(st, pr)
    elif kind in MERGER_KINDS:
        opts, default, prompt = merger_options(st, pr)
    elif kind in TRADE_KINDS:
        return trade_decision(st, pr)
    else:  # pragma: no cover
        raise ValueError(kind)
    # card lines make long labels, and a team may hold two copies of a card
    options = listed if kind == "athlete" else distinct(opts) if kind in CARD_KINDS else tuple(opts)
    forced = len(options) == 1 and kind in PUBLIC_KINDS
    # a scrimmage's tactic turn answers nobody: the team's own step, not a window
    window = kind in WINDOW_KINDS and not (kind == "tactic" and (st.contest or {}).get("kind") == "scrimmage")
    aimed = window and (bool(pr.get("aimed")) or (kind == "tactic" and st.contest is not None
                                                  and st.contest.get("aimed_at") == s))
    return Decision(s, kind, prompt, options, 1, 1, default, window, forced, aimed)


@lru_cache(maxsize=4096)
def _athlete_options(athletes: tuple[tuple[int, str], ...]) -> tuple[Option, ...]:
    """The options of an ``athlete`` decision revealing one of ``athletes`` ((card number, card id) each, in
    hand order), labels made distinct: the same hands come back Defining Moment after Defining Moment."""
    return distinct([Option(f"athlete:{a}", card_label("", cid), (cid,)) for a, cid in athletes])


PUBLIC_KINDS = frozenset({"move", "spot", "freeday", "fundraise", "sponsor_pick", "tactic_pick", "dice",
                          "recover_dice", "keep", "heal", "bet", "wager", "wager_ok", "merger", "merger_accept",
                          "merger_approve"})
"""Decision kinds whose options follow from public facts only (positions, free spots, credits, popularity, the
faces rolled, deck and hand counts, which athletes were injured on the mat): one of these with a single option
is publicly forced ("Go to the end of the stage" on a full track, MO-MOV-05) and the host applies
it at once. The others (a tactic turn, an injury reaction, recruiting, returning an athlete, revealing one)
may have one option because of what a team holds, and stay asked (MO-INF-01)."""

WINDOW_KINDS = frozenset({"tactic", "react"})
"""Response windows: the tactic exchange of a match's Defining Moment (MO-MAT-05; a scrimmage's
tactic turn answers nobody and is not one) and the Re-Roll or Medic answer to an injury (MO-INJ-04/05), each
defaulting to a pass. Aimed at a team when the opponent's
Counter or Injure tactic was the last play, or the opponent's card injured its athlete."""


def _bracket_note(st: State, spot: int) -> str:
    n = len(active(st))
    if n == 2:
        return ""
    if final_stage(st):
        return ", round robin"
    if spot == n - 1 and n % 2:
        return ", waits for the loser of the first match"
    return f", bracket {spot // 2 + 1}"


def _face_note(st: State, r: dict[str, Any], f: str) -> str:
    d = cdef(st, r["athlete"])
    if f == "boost4":
        return f": {steps_text(d.boost4)}" if d.boost4 else ": no 4-Boost"
    if f == "boost8":
        return f": {steps_text(d.boost8)}" if d.boost8 else ": no 8-Boost"
    if f == "special":
        return f": {steps_text(d.special)}" if d.special else ": no Special Ability"
    return ""


# ---------------------------------------------------------------- applying a choice

def apply_choice(st: State, seat: int, choice: str) -> list[Event]:
    """Apply ``choice`` for ``seat``; :class:`RulesError` (state unchanged) when it is not offered now."""
    if st.result is not None:
        raise NotYourDecision("MO-STR-03", f"The game is over: {st.result['text']}")
    pr = st.prompt
    if pr is None or pr["seat"] != seat:
        who = "nobody" if pr is None else name(st, pr["seat"])
        raise NotYourDecision("MO-MOV-04", f"It is not {name(st, seat)}'s decision now; waiting for {who}.")
    d = open_decision(st)
    if d.option(choice) is None:
        why = _why_not_choice(st, seat, pr["kind"], choice)
        raise StaleChoice("MO-MOV-07", f"'{choice}' is not one of your options now{why}; choose one of: "
                          + ", ".join(o.id for o in d.options) + ".")
    ev: list[Event] = []
    st.prompt = None
    handle(st, seat, pr, choice, ev)
    advance(st, ev)
    st.version += 1
    return ev


# ---------------------------------------------------------------- why an option is missing

def unplayable(st: State, s: int) -> list[tuple[str, str]]:
    """While ``s`` has a decision that plays or picks its own cards or a tile, each one it cannot take now, as
    ``(name, reason)``: a tactic card in its tactic turn (its cost, no athlete of its on the mat, nothing to
    heal; MO-MAT-05, MO-INJ-02/05, MO-GAP-11) or answering an injury (only a Re-Roll or Medic, MO-INJ-04/05); an
    athlete to reveal (injured, already played this match; MO-INJ-02, MO-GAP-09) or to trade in (its cost,
    MO-REC-05); a tile ahead that is full (MO-MOV-02). Reads only ``s``'s own cards. Empty otherwise."""
    pr = st.prompt
    if st.result is not None or pr is None or pr["seat"] != s:
        return []
    kind = pr["kind"]
    p = st.players[s]
    if kind == "move":
        return [(tile_def(track(st)[i]).name, why) for i in range(p.pos + 1, len(track(st)))
                if (why := _why_not(st, s, kind, i))]
    if kind in ("tactic", "react"):
        items = p.tactics
    elif kind in ("athlete", "return"):
        items = p.athletes
    else:
        return []
    return [(cname(st, c), why) for c in items if (why := _why_not(st, s, kind, c))]


def _why_not(st: State, s: int, kind: str, item: int) -> str:
    """Why card (or tile index) ``item`` is not an option of ``s``'s ``kind`` decision; empty when it is."""
    p = st.players[s]
    if kind == "move":
        cap = capacity(st)
        return "" if has_room(st, item) else f"full, {cap} team{'s' if cap > 1 else ''} per tile"
    if kind == "athlete":
        c = st.contest
        if c is None or item in healthy_unplayed(st, s):
            return ""
        return "injured" if item in p.injured else f"already played this {c['kind']}"
    if kind == "return":
        new = st.tile["new"] if st.tile else -1
        cost = trade_cost(st, new, item) if new >= 0 else 0
        return f"trading it in costs {cost} credits, you have {p.credits}" if cost > p.credits else ""
    d = cdef(st, item)
    cost = _cost_missing(d, p)
    if kind == "react":
        if d.kind not in ("reroll", "medic"):
            return "only a Re-Roll or Medic answers an injury"
        return cost
    c = st.contest
    if c is None or item in playable_tactics(st, s):
        return ""
    if cost:
        return cost
    mat = c["mat"][contest_side(st, s)]
    if d.kind == "medic":
        return "no injured athlete to heal"
    if mat < 0:
        return "no athlete of yours in play"
    if mat in p.injured:
        return "your athlete in play is injured"
    return "nothing to counter or injure on a scrimmage card"


def _cost_missing(d: Any, p: Any) -> str:
    if d.cost.credits > p.credits:
        return f"costs {d.cost.credits} credit{'s' if d.cost.credits > 1 else ''}, you have {p.credits}"
    if d.cost.popularity > p.popularity:
        return f"costs {d.cost.popularity} popularity, you have {p.popularity}"
    return ""


def _why_not_choice(st: State, s: int, kind: str, choice: str) -> str:
    """`` (Name: reason)`` for a refused choice naming one of ``s``'s cards or a tile it cannot take now."""
    head, _, arg = choice.partition(":")
    if not arg.isdigit() or (kind, head) not in {("move", "tile"), ("tactic", "tactic"), ("react", "tactic"),
                                                   ("athlete", "athlete"), ("return", "return")}:
        return ""
    item = int(arg)
    p = st.players[s]
    if kind == "move":
        if item >= len(track(st)):
            return ""
        why, what = _why_not(st, s, kind, item), tile_def(track(st)[item]).name
        if item <= p.pos:
            why = "teams only move forward"
    else:
        if item not in (p.tactics if head == "tactic" else p.athletes):
            return ""
        why, what = _why_not(st, s, kind, item), cname(st, item)
    return f" ({what}: {why})" if why else ""


def handle(st: State, s: int, pr: dict[str, Any], choice: str, ev: list[Event]) -> None:
    kind = pr["kind"]
    arg = choice.split(":", 1)[1] if ":" in choice else ""
    if kind == "move":
        move(st, s, len(track(st)) if choice == "end" else int(arg), ev)
    elif kind == "spot":
        take_spot(st, s, int(arg), ev)
    elif kind == "freeday":
        ev.append(Event(f"{name(st, s)} spends the Free Day on {KIND_NAMES[choice]}."))
        start_tile(st, s, choice, ev)
    elif kind == "fundraise":
        if choice == "credits":
            _fund_credits(st, s, ev)
        else:
            draw_two(st, s, "sponsor", ev)
    elif kind == "sponsor_pick":
        keep_sponsor(st, s, int(arg), ev)
    elif kind == "tactic_pick":
        keep_tactic(st, s, int(arg), ev)
    elif kind == "recruit":
        if choice == "decline":
            ev.append(Event(f"{name(st, s)} recruits nobody."))
            st.tile = None
        elif choice == "draw":
            drawn = [c for c in (draw_athlete(st, ev), draw_athlete(st, ev)) if c is not None]
            st.pending = drawn
            ev.append(Event(f"{name(st, s)} draws {len(drawn)} athletes from the deck."))
            ev.append(Event("You draw " + " and ".join(athlete_short(st, c) for c in drawn) + ".", (s,)))
            ask(st, s, "draw_pick")
        elif choice == "trade":
            start_trade(st, s, ev)
        else:
            src, c = choice.split(":")
            recruit_take(st, s, int(c), src, ev)
    elif kind == "draw_pick":
        if choice == "none":
            for c in st.pending:
                ev.append(Event(f"{cname(st, c)} goes face up to the athlete discard pile."))
            st.athlete_discard.extend(st.pending)
            st.pending = []
            ev.append(Event(f"{name(st, s)} takes neither athlete."))
            st.tile = None
        else:
            recruit_take(st, s, int(arg), "draw", ev)
    elif kind == "return":
        recruit_finish(st, s, int(arg), ev)
    elif kind == "athlete":
        reveal(st, s, int(arg), ev)
    elif kind == "tactic":
        if choice == "pass":
            pass_tactic(st, s, ev)
        else:
            play_tactic(st, s, int(arg), ev)
    elif kind == "dice":
        t = int(arg)
        if t:
            pay(st, s, "popularity", t)
            assert st.roll is not None
            st.roll["dice"] += t - 1
            ev.append(Event(f"{name(st, s)} spends {t} popularity for {st.roll['dice']} dice."))
    elif kind == "recover_dice":
        k = int(arg)
        if k:
            pay(st, s, "popularity", k)
            assert st.roll is not None
            st.roll["dice"] += k
            ev.append(Event(f"{name(st, s)} spends {k} popularity for {st.roll['dice']} recovery dice."))
    elif kind == "keep":
        keep_face(st, arg, ev)
    elif kind == "react":
        if choice != "accept":
            d = spend_tactic(st, s, int(arg))
            a = pr["athlete"]
            st.players[s].injured.remove(a)
            ev.append(Event(f"{name(st, s)} plays {d.name} at once: {cname(st, a)} is healed"
                            + (" and rolls again." if d.kind == "reroll" else ".")))
            if d.kind == "reroll":
                st.queue.insert(0, _st(s, "rollfor", 1, d.name, a))
    elif kind == "heal":
        heal(st, s, int(arg), ev)
        if pr.get("left", 1) > 1 and st.players[s].injured:
            st.queue.insert(0, _st(s, "heal", pr["left"] - 1, "heal", -1))
    elif kind in GAMBLING_KINDS:
        gambling_handle(st, s, pr, choice, ev)
    elif kind in MERGER_KINDS:
        merger_handle(st, s, pr, choice, ev)
    elif kind in TRADE_KINDS:
        trade_handle(st, s, pr, choice, ev)
    else:  # pragma: no cover
        raise ValueError(kind)


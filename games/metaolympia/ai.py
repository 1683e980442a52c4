"""The Meta Olympia computer player: :class:`OlympiaBot`, a callable ``(decision, view) -> option id``, and
:func:`computer`, the one the host seats.

It decides only from its own decision and its own view (``view.board``, ``view.private``: ``game.py``
``board_of`` / ``private_of``) plus the public card pool; it keeps no memory between decisions (the host may
build a new bot for every decision, ``bot/host/tables.py`` ``computer_choice``), so every plan is recomputed
from the view. Ties are broken by its own seeded :class:`games.core.rng.Rng`.

Its plan, per decision kind (kinds and option ids: :mod:`games.metaolympia.rules` ``build_decision``):

* Pre-Season. Each reachable Stage Tile is worth what the team needs now: Recruit the best affordable
  upgrade (its gain in expected result per roll, less the credits paid), Fundraise more when credits are
  short of an upgrade, Strategize more with few tactic cards, Scrimmage by the chance its three best healthy
  athletes beat the next tier (goal distributions convolved against the tier's possible scores), a Free
  Day the best of them. It lands on the best tile less half of the good tiles it would skip, and goes to the
  end when nothing ahead is worth a landing. Spots: a Home spot (lower number); with three teams the
  waiting spot when weak, bracket 1 when strong.
* Fundraise credits when short, a sponsor otherwise; sponsors by prestige times the chance of meeting the
  goal. Recruit the best value-for-money upgrade (returning the injured or weakest athlete), draw 2 when
  the market has nothing good and credits allow, else decline.
* Matches and scrimmages. Athletes are chosen by a short plan over the Defining Moments left: the expected
  value of each roll now (a Counter is worth only what the opponent has scored), the combo it triggers after
  the previous athlete, then the best follow-ups. Tactics: Medic when an athlete is injured, Re-Roll on an
  injured athlete or late when not ahead, free token cards at once, goals and counters when behind or level
  in the last Defining Moment (earlier only with many cards in hand). Popularity buys extra dice only in
  close late moments and keeps 2 in reserve. The kept die is the face with the most value now, never an
  Injury when another face is there. Injury reactions save valuable athletes.
* Bets on the better record, wagers accepted when the side it backs is favoured, mergers only when last by
  far, trades declined unless the athletes received are clearly worth more than those it would give.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any

from games.core.determinize import shuffled
from games.core.players import GuardedPlayer
from games.core.rng import Rng
from games.core.serial import cloner
from games.core.values import Decision, View

from . import rules
from .cards import Athlete, Tactic
from .pool import pool
from .rules.base import FACES
from .state import State

FACE_COUNT = {f: FACES.count(f) for f in set(FACES)}
"""Faces of the one die (MO-GAP-01): face -> how many of the 12."""
CREDIT, POP, PRESTIGE = 1.0, 1.5, 3.0
"""Worth of a credit, a popularity token and a prestige point in the bot's common unit (3 credits or 2
popularity convert to 1 prestige at the end, MO-SCO-02)."""
FUTURE_COUNTER = 0.6
"""A Counter later in a match blocks a goal this often (the opponent has scored by then)."""
INJURY_COST = 0.4
"""The cost of an injured athlete in goals of a roll (out of play until healed)."""
ROSTER_GAIN = 20.0
"""Units of one more expected goal per roll over the rest of the game (a recruit's worth)."""
LAND = 0.8
"""The least a Stage Tile must be worth to land on it rather than race to the end."""
POP_RESERVE = 2
"""Popularity kept when buying dice (2 tokens convert to 1 prestige)."""
TIER_REWARD = {1: 1.3, 2: 2.6, 3: 4.3, 4: 5.6}
"""Average reward of a scrimmage tier in units (data/metaolympia/scrimmages.yaml)."""


# ---------------------------------------------------------------- card knowledge (public pool only)

@cache
def _by_name() -> dict[str, str]:
    p = pool()
    out = {a.name: cid for cid, a in p.athletes.items()}
    out.update({t.name: cid for cid, t in p.tactics.items()})
    return out


def _card(cid: str | None) -> Any:
    if not cid:
        return None
    hit = pool().by_id.get(cid)
    return None if hit is None else hit[1]


def _athlete(cid: str | None) -> Athlete | None:
    a = _card(cid)
    return a if isinstance(a, Athlete) else None


def steps_value(steps: list[dict[str, int]], cap: float, a: Athlete | None = None, depth: int = 0) -> float:
    """What effect steps are worth in goals: a counter counts up to ``cap`` (what it can block), a boost
    step the athlete's printed boost, tokens at a small rate."""
    v = 0.0
    for s in steps:
        ((k, n),) = s.items()
        if k == "goal":
            v += n
        elif k == "counter":
            v += min(float(n), cap)
        elif k == "roll":
            v += 0.35 + 0.1 * (n - 1)
        elif k == "credits":
            v += 0.3 * n
        elif k == "popularity":
            v += 0.4 * n
        elif k == "heal":
            v += 0.3 * n
        elif k == "injure":
            v += 0.3
        elif k == "boost" and a is not None and depth < 2:
            v += steps_value(a.boost4 if n == 4 else a.boost8, cap, a, depth + 1)
    return v


def face_value(a: Athlete, face: str, cap: float) -> float:
    """A kept face for athlete ``a`` in goals (MO-DIE-02..07); ``cap`` is what a Counter can block."""
    tr = a.trait
    if face == "goal":
        return 1.0 + (tr.goal if tr else 0)
    if face == "counter":
        return min(1.0 + (tr.counter if tr else 0), cap)
    if face == "boost4":
        return steps_value(a.boost4, cap, a)
    if face == "boost8":
        return steps_value(a.boost8, cap, a)
    if face == "special":
        return steps_value(a.special, cap, a)
    return -0.1 if tr is not None and tr.tough else -INJURY_COST


@cache
def roll_value(cid: str, cap: float) -> float:
    """Expected value of the athlete's Reveal & Roll (a lucky athlete keeps the better of two dice)."""
    a = _athlete(cid)
    if a is None:
        return 0.0
    vals = [face_value(a, f, cap) for f in FACES]
    if a.trait is not None and a.trait.lucky:
        return sum(max(x, y) for x in vals for y in vals) / 144
    return sum(vals) / 12


@cache
def power(cid: str, cap: float = FUTURE_COUNTER) -> float:
    """An athlete's worth in a match: its roll, its On Play and half its combo."""
    a = _athlete(cid)
    if a is None:
        return 0.0
    v = roll_value(cid, cap) + steps_value(a.on_play, cap, a)
    if a.combo is not None:
        v += 0.35 * steps_value(a.combo.do, cap, a)  # it fires only after the right type
    return v


def _goals(steps: list[dict[str, int]], a: Athlete, depth: int = 0) -> int:
    g = 0
    for s in steps:
        ((k, n),) = s.items()
        if k == "goal":
            g += n
        elif k == "boost" and depth < 2:
            g += _goals(a.boost4 if n == 4 else a.boost8, a, depth + 1)
    return g


@cache
def goal_dist(cid: str) -> tuple[float, ...]:
    """Probabilities of 0, 1, 2, ... goals from one Reveal & Roll of the athlete, On Play included (for
    scrimmages, where Counters do nothing, MO-GAP-11)."""
    a = _athlete(cid)
    if a is None:
        return (1.0,)
    tr = a.trait
    per = []
    for f in FACES:
        if f == "goal":
            per.append(1 + (tr.goal if tr else 0))
        elif f in ("boost4", "boost8", "special"):
            per.append(_goals({"boost4": a.boost4, "boost8": a.boost8, "special": a.special}[f], a))
        else:
            per.append(0)
    if tr is not None and tr.lucky:
        outcomes = [max(x, y) for x in per for y in per]
    else:
        outcomes = per
    base = _goals(a.on_play, a)
    dist = [0.0] * (max(outcomes) + base + 1)
    for g in outcomes:
        dist[g + base] += 1 / len(outcomes)
    return tuple(dist)


def _convolve(a: list[float], b: tuple[float, ...]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def beat_chance(athletes: list[str], score: int) -> tuple[float, float]:
    """(win, tie) chances of the three best goal-scorers in ``athletes`` against a scrimmage score."""
    best = sorted(athletes, key=lambda c: -sum(i * p for i, p in enumerate(goal_dist(c))))[:3]
    dist = [1.0]
    for c in best:
        dist = _convolve(dist, goal_dist(c))
    win = sum(p for i, p in enumerate(dist) if i > score)
    tie = dist[score] if score < len(dist) else 0.0
    return win, tie


def tactic_value(t: Tactic, cap: float, mat: Athlete | None) -> float:
    """A tactic card's effect in goals now (its cost apart)."""
    if t.kind != "play":
        return 0.5
    return steps_value(t.do, cap, mat)


def _cost(t: Tactic) -> float:
    return t.cost.credits * CREDIT + t.cost.popularity * POP


# ---------------------------------------------------------------- what the bot reads from its view

class _Ctx:
    """The bot's reading of its own view: its team, the contest, the Stage Tiles."""

    def __init__(self, d: Decision, view: View):
        self.d = d
        self.board: dict[str, Any] = view.board or {}
        self.private: dict[str, Any] = view.private or {}
        self.me = d.seat
        players = self.board.get("players", [])
        self.p: dict[str, Any] = players[self.me] if self.me < len(players) else {}
        self.players = players
        self.credits = int(self.p.get("credits", 0))
        self.popularity = int(self.p.get("popularity", 0))
        self.athletes: list[dict[str, Any]] = list(self.private.get("athletes", []))
        self.tactics: list[dict[str, Any]] = list(self.private.get("tactics", []))
        self.stage = int(self.board.get("stage", 0))
        self.stages = int(self.board.get("stages", 4))
        self.contest: dict[str, Any] | None = self.board.get("contest")
        c = self.contest
        self.side = 0
        self.match = False
        self.my_score = self.opp_score = 0
        self.target = 0  # a scrimmage card's score
        self.moment = 1
        if c is not None:
            self.match = c["kind"] == "match"
            self.side = 1 if self.match and c.get("home") == self.me else 0
            self.my_score = c["score"][self.side] if self.side < len(c["score"]) else 0
            self.moment = int(c.get("moment", 1))
            if self.match:
                self.opp_score = c["score"][1 - self.side]
            elif c.get("card"):
                sc = _card(c["card"]["card"])
                self.target = getattr(sc, "score", 0)

    # -- the team

    def healthy(self) -> list[str]:
        return [a["card"] for a in self.athletes if not a.get("injured")]

    def injured(self) -> list[dict[str, Any]]:
        return [a for a in self.athletes if a.get("injured")]

    def worth(self, a: dict[str, Any]) -> float:
        """An athlete in hand: its match power, nothing while injured."""
        return 0.0 if a.get("injured") else power(a["card"])

    def strength(self) -> float:
        """The three best healthy athletes' match power."""
        return sum(sorted((power(c) for c in self.healthy()), reverse=True)[:3])

    def late(self) -> bool:
        return self.stage >= self.stages - 1

    def stage_factor(self) -> float:
        """How much of the game a roster change still serves."""
        return 0.4 + 0.6 * (self.stages - self.stage) / max(1, self.stages)

    # -- the contest

    def diff(self) -> int:
        """Own score minus the opponent's (or the scrimmage card's, where only more than it wins)."""
        return self.my_score - (self.opp_score if self.match else self.target)

    def cap_now(self) -> float:
        return float(self.opp_score) if self.match else 0.0

    def cap_future(self) -> float:
        return FUTURE_COUNTER if self.match else 0.0

    def mat(self, side: int | None = None) -> dict[str, Any] | None:
        c = self.contest
        if c is None:
            return None
        s = self.side if side is None else side
        mats = c.get("mat", [])
        return mats[s] if s < len(mats) else None

    def prev(self) -> str | None:
        """This team's athlete of the previous Defining Moment of the contest, if still healthy (combos)."""
        c = self.contest
        if c is None:
            return None
        played = c.get("played", [])
        mine = played[self.side] if self.side < len(played) else []
        if not mine or mine[-1] is None:
            return None
        cid = mine[-1]["card"]
        if any(a["card"] == cid and not a.get("injured") for a in self.athletes):
            return cid
        return None

    # -- records

    def record(self, seat: int) -> float:
        q = self.players[seat]
        return q["wins"] - q["losses"] + 0.5 * (q["prestige"] + q["sponsor_prestige"])

    def total(self, seat: int) -> float:
        q = self.players[seat]
        return q["prestige"] + q["sponsor_prestige"] + q["credits"] // 3 + q["popularity"] // 2


def combo_fires(cid: str, prev: str | None) -> bool:
    """MO-CMB-01..03 as the bot reads them: the previous athlete's type enables this athlete's combo."""
    a = _athlete(cid)
    if a is None or a.combo is None or prev is None:
        return False
    pa = _athlete(prev)
    if pa is None:
        return False
    return a.combo.after == "any" or pa.type == a.combo.after or pa.type == "dual"


def play_value(cid: str, prev: str | None, cap: float) -> float:
    """An athlete revealed now: its roll, its On Play and its combo if the previous athlete enables it."""
    a = _athlete(cid)
    if a is None:
        return 0.0
    v = roll_value(cid, cap) + steps_value(a.on_play, cap, a)
    if combo_fires(cid, prev):
        v += steps_value(a.combo.do, cap, a)  # type: ignore[union-attr]
    return v


def _arg(option_id: str) -> str:
    return option_id.split(":", 1)[1] if ":" in option_id else ""


def _name_in(text: str, pattern: str) -> str | None:
    m = re.search(pattern, text)
    return _by_name().get(m.group(1)) if m else None


# ---------------------------------------------------------------- the bot

class OlympiaBot(GuardedPlayer):
    """Callable ``(decision, view) -> option id``, always one of ``decision.options``. ``strict`` lets internal
    errors raise (for tests) instead of falling back to the decision's default."""

    def __init__(self, seed: int = 0, strict: bool = False):
        self.rng = Rng.from_seed(seed)
        self.strict = strict
        self.roster_gain = ROSTER_GAIN

    def decide(self, d: Decision, view: View | None) -> str | None:
        if view is None or view.board is None:
            return d.default
        c = _Ctx(d, view)
        handler = getattr(self, f"_k_{d.kind}", None)
        return handler(c) if handler else d.default

    def _best(self, scored: list[tuple[float, str]]) -> str | None:
        """The highest score; equal scores broken by the bot's RNG."""
        if not scored:
            return None
        top = max(s for s, _ in scored)
        tied = [o for s, o in scored if s >= top - 1e-9]
        return tied[self.rng.below(len(tied))] if len(tied) > 1 else tied[0]

    # ------------------------------------------------------------ Pre-Season

    def tile_worth(self, c: _Ctx, kind: str) -> float:
        """What landing on a tile of ``kind`` is worth to the team now, in units."""
        b = c.board
        if kind == "fundraise":
            v = 3 * CREDIT
            if c.credits < 3:
                v += 2.0
            best, short = self.upgrade(c, c.credits + 3)
            if best > 1.0 and short:
                v += 1.5
            return v
        if kind == "strategize":
            if not b.get("tactic_deck"):
                return 0.0
            return {0: 3.0, 1: 2.5, 2: 2.0, 3: 1.5}.get(len(c.tactics), 1.0)
        if kind == "recruit":
            best, _ = self.upgrade(c, c.credits)
            if best < 1.0 and c.credits >= 2 and b.get("athlete_deck"):
                best = 1.0
            return best
        if kind == "scrimmage":
            tier = b.get("scrim_next_tier")
            if not b.get("scrim_deck") or tier is None:
                return 0.0
            win = tie = 0.0
            for score in (tier - 1, tier):  # each tier's score is one of two (data/metaolympia/scrimmages.yaml)
                w, t = beat_chance(c.healthy(), score)
                win, tie = win + w / 2, tie + t / 2
            return win * (TIER_REWARD[tier] + 1.5) + tie * TIER_REWARD[tier] - 1.0
        if kind == "freeday":
            return max(self.tile_worth(c, k) for k in ("fundraise", "strategize", "recruit", "scrimmage"))
        return 0.0

    def upgrade(self, c: _Ctx, credits: int) -> tuple[float, bool]:
        """The best net worth of a recruit from the market or the discard top within ``credits``, and whether
        a better one needs more credits than the team has now."""
        cands = [a["card"] for a in c.board.get("market", [])]
        if c.board.get("athlete_discard"):
            cands.append(c.board["athlete_discard"][-1]["card"])
        best, short = 0.0, False
        for cid in cands:
            v, cost = self.recruit_gain(c, cid, credits)
            if v > best:
                best, short = v, cost > c.credits
        return best, short

    def recruit_gain(self, c: _Ctx, cid: str, credits: int) -> tuple[float, int]:
        """(net worth, credits paid) of recruiting ``cid`` for the best athlete to return within ``credits``."""
        new = _athlete(cid)
        if new is None:
            return 0.0, 0
        best, paid = 0.0, 0
        for a in c.athletes:
            cost = max(0, new.value - int(a.get("value", 0)))
            if cost > credits:
                continue
            gain = (power(cid) - c.worth(a)) * self.roster_gain * c.stage_factor() - cost * CREDIT
            if gain > best:
                best, paid = gain, cost
        return best, paid

    def _k_move(self, c: _Ctx) -> str | None:
        b = c.board
        tr = b["tracks"][c.stage] if c.stage < len(b.get("tracks", [])) else []
        tiles = [(int(_arg(o.id)), o.id) for o in c.d.options if o.id.startswith("tile:")]
        worth = {i: self.tile_worth(c, tr[i]["kind"]) for i, _ in tiles if i < len(tr)}
        # teams behind move before the bot moves again and may fill a tile it leaves for later
        pos = c.p.get("pos", -1)
        behind = sum(1 for s, q in enumerate(c.players) if s != c.me and not q.get("out") and q["pos"] <= pos)
        taken = min(0.8, 0.4 * behind if b.get("capacity", 2) == 1 else 0.15 * max(0, behind - 1))
        scored = []
        for i, oid in tiles:
            skipped = sum(max(0.0, worth[j] - LAND) for j, _ in tiles if j < i)
            later = sum(max(0.0, worth[j] - LAND) for j, _ in tiles if j > i)
            scored.append((worth.get(i, 0.0) - 0.5 * skipped + (1 - taken) * later, oid))
        best = self._best(scored)
        if best is not None and worth.get(int(_arg(best)), 0.0) >= LAND:
            return best
        return "end"

    def _k_spot(self, c: _Ctx) -> str | None:
        spots = sorted(int(_arg(o.id)) for o in c.d.options)
        n = sum(1 for q in c.players if not q.get("out"))
        if n == 3 and not c.late():
            others = [s for s in range(len(c.players)) if s != c.me and not c.players[s].get("out")]
            strong = c.strength() >= 1.6 or all(c.record(c.me) > c.record(s) for s in others)
            if not strong and 2 in spots:
                return "spot:2"  # the waiting spot: one match, against the loser of bracket 1
            home = [s for s in spots if s != 2]
            return f"spot:{(home or spots)[0]}"
        home = [s for s in spots if s % 2 == 0]
        return f"spot:{(home or spots)[0]}"

    def _k_freeday(self, c: _Ctx) -> str | None:
        return self._best([(self.tile_worth(c, o.id), o.id) for o in c.d.options])

    def _k_fundraise(self, c: _Ctx) -> str | None:
        if not c.board.get("sponsor_deck"):
            return "credits"
        best, short = self.upgrade(c, c.credits + 3)
        if c.credits < 4 or (short and best > 1.0):
            return "credits"
        return "sponsor"

    def sponsor_chance(self, c: _Ctx, goal: dict[str, int], seat: int | None = None) -> float:
        """How likely the team (``seat``, default the bot's) meets a sponsor goal by the end (a rough guess)."""
        ((k, v),) = goal.items()
        q = c.players[c.me if seat is None else seat]
        left = c.stages - c.stage
        tiers = [a.get("tier") for a in c.athletes]
        if k == "scrimmages":
            return min(1.0, (len(q["scrims"]) + 0.6 * left) / v)
        if k == "tier":
            return {1: 0.9, 2: 0.7, 3: 0.45, 4: 0.25}.get(v, 0.2)
        if k == "wins":
            return min(1.0, (q["wins"] + 0.6 * left) / v)
        if k == "allstars":
            return min(1.0, (tiers.count("allstar") + 0.3 * left) / v)
        if k == "pros":
            return min(1.0, (sum(t != "rookie" for t in tiers) + 0.6 * left) / v)
        if k == "popularity":
            return min(1.0, (q["popularity"] + 1.5 * left) / v)
        if k == "credits":
            return min(1.0, (q["credits"] + 1.5 * left) / v)
        if k == "tactics":
            return min(1.0, (len(c.tactics) + 0.5 * left) / v)
        return {"healthy": 0.6, "win_by": 0.5 if v <= 2 else 0.3, "shutout": 0.4, "draw": 0.4,
                "score": 0.5 if v <= 3 else 0.3, "beat": {1: 0.9, 2: 0.7, 3: 0.5, 4: 0.3}.get(v, 0.3)}.get(k, 0.3)

    def _k_sponsor_pick(self, c: _Ctx) -> str | None:
        scored = []
        others = [s for s in range(len(c.players)) if s != c.me and not c.players[s].get("out")]
        for o in c.d.options:
            sp = _card(o.cards[0]) if o.cards else None
            if sp is None:
                continue
            rw = sp.reward
            v = self.sponsor_chance(c, sp.goal) * (rw.prestige * PRESTIGE + rw.credits * CREDIT + rw.popularity * POP)
            if sp.major and others:  # public: the others may meet it too
                v -= 0.5 * rw.prestige * PRESTIGE * max(self.sponsor_chance(c, sp.goal, s) for s in others)
            scored.append((v, o.id))
        return self._best(scored)

    def _k_tactic_pick(self, c: _Ctx) -> str | None:
        scored = []
        for o in c.d.options:
            t = _card(o.cards[0]) if o.cards else None
            if isinstance(t, Tactic):
                base = 1.2 if t.kind != "play" else tactic_value(t, FUTURE_COUNTER, None) + 0.3 * any(
                    "boost" in s for s in t.do)
                scored.append((base - 0.5 * _cost(t), o.id))
        return self._best(scored)

    def _k_recruit(self, c: _Ctx) -> str | None:
        scored = []
        for o in c.d.options:
            if o.id.startswith(("market:", "discard:")) and o.cards:
                cid = o.cards[0]
                if cid in pool().athletes:
                    scored.append((self.recruit_gain(c, cid, c.credits)[0], o.id))
        best = self._best(scored)
        if best is not None and max(s for s, _ in scored) >= 1.0:
            return best
        if "draw" in {o.id for o in c.d.options} and (c.credits >= 2 or c.injured()):
            return "draw"
        return "decline"

    def _k_draw_pick(self, c: _Ctx) -> str | None:
        scored = [(self.recruit_gain(c, o.cards[0], c.credits)[0], o.id) for o in c.d.options
                  if o.id.startswith("take:") and o.cards]
        best = self._best(scored)
        if best is not None and max(s for s, _ in scored) > 0.3:
            return best
        return "none"

    def _k_return(self, c: _Ctx) -> str | None:
        scored = []
        for o in c.d.options:
            cid = o.cards[0] if o.cards else None
            hurt = "injured" in o.label
            m = re.search(r"— pay (\d+)", o.label)  # a namesake's label ends in "(2nd)"
            cost = int(m.group(1)) if m else 0
            keep = 0.0 if hurt else power(cid or "")
            scored.append((-(keep * self.roster_gain * c.stage_factor() + cost * CREDIT), o.id))
        return self._best(scored)

    # ------------------------------------------------------------ contests

    def _k_athlete(self, c: _Ctx) -> str | None:
        cands = [(o.cards[0], o.id) for o in c.d.options if o.cards]
        left = max(0, 3 - c.moment)  # Defining Moments after this one
        prev = c.prev()
        scored = []
        for cid, oid in cands:
            now = play_value(cid, prev, c.cap_now())
            rest = [x for x, _ in cands if x != cid]
            scored.append((now + self._follow(rest, cid, left, c.cap_future()), oid))
        return self._best(scored)

    def _follow(self, rest: list[str], prev: str, left: int, cap: float) -> float:
        """The best value of the next ``left`` Defining Moments from ``rest`` after ``prev``."""
        if left <= 0 or not rest:
            return 0.0
        best = 0.0
        for cid in rest:
            v = play_value(cid, prev, cap)
            if left > 1:
                v += self._follow([x for x in rest if x != cid], cid, left - 1, cap)
            best = max(best, v)
        return best

    def _k_tactic(self, c: _Ctx) -> str | None:
        mat = c.mat()
        mat_a = _athlete(mat["card"]) if mat else None
        mat_hurt = bool(mat and mat.get("injured"))
        diff = c.diff()
        last = c.moment >= 3
        need = diff <= 0  # behind or level (a scrimmage needs more than the card's score)
        many = len(c.tactics) >= 3
        hurt = c.injured()
        scored = []
        for o in c.d.options:
            if not o.cards:
                continue
            t = _card(o.cards[0])
            if not isinstance(t, Tactic):
                continue
            if t.kind == "medic":
                if hurt:
                    scored.append((2.0 + max(power(a["card"]) for a in hurt), o.id))
                continue
            if t.kind == "reroll":
                if mat_hurt:
                    scored.append((2.0 + power(mat["card"]), o.id))  # type: ignore[index]
                elif last and need and mat_a is not None:
                    scored.append((roll_value(mat["card"], c.cap_now()), o.id))  # type: ignore[index]
                continue
            cap = c.cap_now()
            score_v = sum(steps_value([s], cap, mat_a) for s in t.do if next(iter(s)) in (
                "goal", "counter", "roll", "boost"))
            tokens = sum(n * (CREDIT if k == "credits" else POP) for s in t.do for k, n in s.items()
                         if k in ("credits", "popularity"))
            heals = sum(n for s in t.do for k, n in s.items() if k == "heal")
            injures = any("injure" in s for s in t.do)
            cost = _cost(t)
            v = 0.0
            if score_v > 0.2 and (last and need or (diff < 0 and many) or (c.late() and last and diff <= 1)):
                v = score_v * 2 + 1.0
            if tokens > cost:
                v = max(v, tokens - cost)
            if heals and hurt:
                v = max(v, 1.0 + max(power(a["card"]) for a in hurt))
            if injures and c.match:
                opp = c.mat(1 - c.side)
                oa = _athlete(opp["card"]) if opp and not opp.get("injured") else None
                if oa is not None and oa.value >= 4:
                    v = max(v, oa.value * 0.3)
            if v > 0:
                scored.append((v - 0.2 * cost, o.id))
        best = self._best([(s, i) for s, i in scored if s > 0])
        return best or "pass"

    def _k_dice(self, c: _Ctx) -> str | None:
        tiers = sorted(int(_arg(o.id)) for o in c.d.options if o.id != "pop:0")
        spare = c.popularity - POP_RESERVE
        if not tiers or spare < 2:
            return "pop:0"
        diff = c.diff()
        if c.match:
            close = abs(diff) <= 1 and c.moment >= 2
        else:
            close = c.moment >= 2 and -2 <= diff <= 0
        if close or spare >= 8:
            affordable = [t for t in tiers if t <= spare]
            if affordable:
                return f"pop:{affordable[-1] if spare >= 8 and close else affordable[0]}"
        return "pop:0"

    def _k_recover_dice(self, c: _Ctx) -> str | None:
        cid = _name_in(c.d.prompt, r"Recovery roll for (.+?): ")
        a = _athlete(cid)
        if a is not None and a.value >= 3 and c.popularity - 1 >= POP_RESERVE + 1:
            return "extra:1"
        return "extra:0"

    def _k_keep(self, c: _Ctx) -> str | None:
        mat = c.mat()
        a = _athlete(mat["card"]) if mat else None
        faces = [_arg(o.id) for o in c.d.options]
        if a is None:
            pick = next((f for f in faces if f != "injury"), faces[0])
            return f"face:{pick}"
        cap = c.cap_now()
        scored = []
        for f in faces:
            v = face_value(a, f, cap) + (0.01 if f == "goal" else 0.0)
            if f == "injury":
                v -= 100.0  # never an Injury while another face is there
            scored.append((v, f"face:{f}"))
        return self._best(scored)

    def _k_react(self, c: _Ctx) -> str | None:
        cid = _name_in(c.d.prompt, r"^(.+?) is injured\.")
        a = _athlete(cid)
        cards = [(o.id, _card(o.cards[0])) for o in c.d.options if o.cards]
        if not cards:
            return "accept"
        healthy = len(c.healthy())
        valuable = a is None or a.value >= 3 or healthy <= 4 or len(c.tactics) >= 3 or (
            c.contest is not None and c.moment >= 3 and c.diff() <= 0)
        if not valuable:
            return "accept"
        rer = [oid for oid, t in cards if isinstance(t, Tactic) and t.kind == "reroll"]
        cheap = sorted(cards, key=lambda x: _cost(x[1]) if isinstance(x[1], Tactic) else 9)
        return rer[0] if rer else cheap[0][0]

    def _k_heal(self, c: _Ctx) -> str | None:
        return self._best([(power(o.cards[0]) if o.cards else 0.0, o.id) for o in c.d.options])

    # ------------------------------------------------------------ gambling (MO-OPT-01/02)

    def favourite(self, c: _Ctx) -> tuple[str | None, float]:
        """The side the bot backs in the coming contest and by how much (0 = no opinion)."""
        ct = c.contest
        if ct is None:
            return None, 0.0
        if ct["kind"] == "scrimmage":
            sc = _card(ct["card"]["card"]) if ct.get("card") else None
            score = getattr(sc, "score", 1)
            if score >= 2:
                return "card", float(score - 1)
            if score == 0:
                return "player", 1.0
            return None, 0.0
        home, away = ct["home"], ct["away"]
        d = c.record(home) - c.record(away) + 0.25  # Home acts second
        if abs(d) < 1:
            return None, 0.0
        return (str(home), d) if d > 0 else (str(away), -d)

    def _k_bet(self, c: _Ctx) -> str | None:
        side, _ = self.favourite(c)
        return f"bet:{side}" if side is not None else "none"

    def _k_wager(self, c: _Ctx) -> str | None:
        side, margin = self.favourite(c)
        if side is None or margin < 2:
            return "none"
        offers = [o.id for o in c.d.options if o.id.startswith("wager:") and o.id.split(":")[2] == side
                  and o.id.endswith(":1")]
        return offers[0] if offers else "none"

    def _k_wager_ok(self, c: _Ctx) -> str | None:
        m = re.search(r"they back '(.+)'\.?$", c.d.prompt)
        words = m.group(1) if m else ""
        side, _ = self.favourite(c)
        if side is None:
            return "decline"
        if side in ("player", "card"):
            backed = "player" if "beats the card" in words else "card"
        else:
            team = c.players[int(side)]["team"]
            backed = side if words.startswith(team) else "other"
        return "accept" if backed != side else "decline"  # they back the underdog: the bot is favoured

    # ------------------------------------------------------------ mergers (MO-OPT-07/08)

    def _k_merger(self, c: _Ctx) -> str | None:
        live = [s for s in range(len(c.players)) if not c.players[s].get("out")]
        mine = c.total(c.me)
        leader = max(live, key=c.total)
        hopeless = (c.stages - c.stage >= 1 and leader != c.me and all(c.total(s) > mine for s in live if s != c.me)
                    and c.total(leader) - mine >= 5)
        if hopeless and f"merge:{leader}" in {o.id for o in c.d.options}:
            return f"merge:{leader}"
        return "none"

    def _k_merger_accept(self, c: _Ctx) -> str | None:
        return "accept" if c.credits <= 2 else "decline"

    def _k_merger_approve(self, c: _Ctx) -> str | None:
        return "reject"

    def _k_merger_keep(self, c: _Ctx) -> str | None:
        hurt = {a["card"] for a in c.injured()} - set(c.healthy())
        return self._best([(power(o.cards[0]) - (1.0 if o.cards[0] in hurt else 0.0), o.id)
                           for o in c.d.options if o.cards])

    def _k_merger_tactic(self, c: _Ctx) -> str | None:
        return self._k_tactic_pick(c)

    # ------------------------------------------------------------ trades (MO-OPT-04)

    def _k_trade_with(self, c: _Ctx) -> str | None:
        return "back"

    def _k_trade_give(self, c: _Ctx) -> str | None:
        return "next"

    def _k_trade_ask(self, c: _Ctx) -> str | None:
        ids = [o.id for o in c.d.options]
        return "ask:1" if "ask:1" in ids else ids[0]

    def _k_trade_credits(self, c: _Ctx) -> str | None:
        return "credits:0"

    def _k_trade_reply(self, c: _Ctx) -> str | None:
        m = re.search(r"offer (.+) for (\d+) athletes? of your choice; (.+)\.", c.d.prompt)
        if not m:
            return "decline"
        names, ask, money = m.group(1), int(m.group(2)), m.group(3)
        got = sum(power(cid) for n in names.split(", ") if (cid := _by_name().get(n)))
        mine = sorted(c.worth(a) for a in c.athletes)
        give = sum(mine[:ask])
        k = re.search(r"(\d+) credit", money)
        credits = int(k.group(1)) if k else 0
        me_team = c.players[c.me]["team"].lower()
        credits = -credits if money.startswith(me_team) else credits
        net = (got - give) * self.roster_gain * c.stage_factor() + credits * CREDIT
        return "accept" if net >= 3.0 else "decline"

    def _k_trade_final(self, c: _Ctx) -> str | None:
        return "decline"

    def _k_trade_pick(self, c: _Ctx) -> str | None:
        return self._weakest(c)

    def _k_trade_discard(self, c: _Ctx) -> str | None:
        return self._weakest(c)

    def _weakest(self, c: _Ctx) -> str | None:
        hurt = {a["card"] for a in c.injured()}
        return self._best([(-(power(o.cards[0]) - (1.0 if o.cards[0] in hurt else 0.0)), o.id)
                           for o in c.d.options if o.cards])


def computer(seed: int) -> OlympiaBot:
    """The computer player the host seats (found by convention, :meth:`games.core.contract.Game.computer`):
    an :class:`OlympiaBot` seeded with ``seed``."""
    return OlympiaBot(seed)


# ---------------------------------------------------------------- search (games.core.search)

BUDGETS = {"normal": 360, "hard": 2400}
"""Search iterations per level: ``normal`` about 0.3 s, ``hard`` about 2 s a decision. From CPU time
(``time.process_time``, which a busy machine inflates less than the wall clock) of searches at positions of a
seeded two-team game: about 1,200 iterations per CPU second with heuristic play-outs of :data:`PLIES`
decisions (measured at a load average of 15 on two cores)."""


def sample(state: State, seat: int, rng: Rng) -> State:
    """A determinization of ``state`` for ``seat`` (games.core.search): a copy (:func:`games.core.serial.cloner`,
    so its decision cache :class:`~games.metaolympia.state.Memo` starts empty) in which every card hidden from
    ``seat`` is drawn again, and the game's generator is reseeded, so it tells nothing of the real hidden cards
    nor of the real future shuffles and rolls.

    Meta Olympia has no personal decks: every card of the game is in ``State.cards`` from the start and the card
    set follows from the table options, which are public. So the cards hidden from ``seat`` are, as a multiset,
    public knowledge (the whole set less the cards it sees), and the prior is that multiset itself: each class of
    cards ``seat`` cannot tell apart is dealt again, sorted by card id and shuffled with ``rng`` (so the result
    depends on the multiset only, never on where the real cards are), onto the same places. The classes
    (MO-INF-01..03, MO-STG-02, MO-FND-04; as tests/metaolympia/test_hidden_permutation.py):

    * tactic cards: the tactics deck, face-down discarded tactics (MO-INF-03), tactics drawn by another team
      (pending) and the other teams' tactic cards;
    * minor sponsors in the other teams' hands, which only ever get minor sponsors, and the other sponsors
      (the sponsor deck, face-down discarded sponsors, sponsors drawn by another team), major or minor;
    * athletes: the athlete deck, athletes drawn by another team and every athlete in another team's roster
      that is not in the contest under way (played or on the mat) nor offered to ``seat`` in a trade. The
      board shows other rosters as counts (injured ones too), so this is what the *view* allows; it is weaker
      than the public log, which names starting Rookies, recruits and injuries (only trades hide them,
      MO-OPT-04), but needs no memory of the log and is blind by construction;
    * scrimmage cards, each tier among itself (the tier order of the deck is public, MO-SET-07).

    Cards ``seat`` sees (its own hand and drawn cards, the market, face-up discards, revealed sponsors, the
    contest) are not touched: the redraw renames hidden card numbers, so every zone keeps its cards' numbers."""
    det = _clone(state)
    names = det.cards
    hidden = _hidden(det, seat)
    rosters = hidden.pop("rosters")
    for klass, slots in hidden.items():
        if klass in ("minor", "sponsor"):
            continue
        if klass == "athlete":
            _deal_athletes(det, seat, slots, rosters, rng)
            continue
        for c, name in zip(slots, shuffled([names[c] for c in slots], rng), strict=True):
            names[c] = name
    hands, rest = hidden["minor"], hidden["sponsor"]
    by_id = pool().by_id
    sponsors = [names[c] for c in hands + rest]
    minors = shuffled([n for n in sponsors if not by_id[n][1].major], rng)
    majors = [n for n in sponsors if by_id[n][1].major]
    for c, name in zip(hands, minors[:len(hands)], strict=True):
        names[c] = name
    for c, name in zip(rest, shuffled(minors[len(hands):] + majors, rng), strict=True):
        names[c] = name
    det.rng = rng.next64()
    return det


@cache
def _cloner() -> Any:
    return cloner(State)


def _clone(state: State) -> State:
    return _cloner()(state)


def _hidden(st: State, seat: int) -> dict[str, list[int]]:
    """The card numbers hidden from ``seat`` by class (see :func:`sample`): ``tactic``, ``minor`` (minor
    sponsors in other hands), ``sponsor`` (other sponsors), ``athlete``, ``scrim<tier>``; and ``rosters``, the
    athletes of ``athlete`` that are in the other teams' rosters."""
    by_id, cards = pool().by_id, st.cards
    con = st.contest
    scrim = con is not None and con["kind"] == "scrimmage"
    if st.tile is not None and st.tile["seat"] == seat and not scrim:
        pending: list[int] = []  # the drawer sees its drawn cards (MO-INF-01)
    else:
        pending = [c for c in st.pending if con is None or c != con["card"]]
    known: set[int] = set()
    if con is not None:
        known = {x for side in con["played"] for x in side if x >= 0} | {x for x in con["mat"] if x >= 0}
    trade = (st.tile or {}).get("trade")
    if trade and trade["to"] == seat:
        known |= set(trade["give"])  # the partner is told the offer
    out: dict[str, list[int]] = {"tactic": st.tactic_deck + st.tactic_buried, "minor": [],
                                 "sponsor": st.sponsor_deck + st.sponsor_buried, "athlete": list(st.athlete_deck)}
    for c in pending:
        kind = by_id[cards[c]][0]
        if kind in out:  # a scrimmage card drawn is the contest's, on the board
            out[kind].append(c)
    rosters: list[int] = []
    for s, p in enumerate(st.players):
        if s != seat:
            out["tactic"] += p.tactics
            out["minor"] += p.minors
            mine = [a for a in p.athletes if a not in known]
            out["athlete"] += mine
            rosters += mine
    for c in st.scrim_deck:
        out.setdefault(f"scrim{by_id[cards[c]][1].tier}", []).append(c)
    out["rosters"] = rosters
    return out


def _deal_athletes(det: State, seat: int, slots: list[int], rosters: list[int], rng: Rng) -> None:
    """Deal the athletes hidden from ``seat`` (``slots``: the deck, drawn ones, the other teams' rosters) again,
    the other teams' roster places (``rosters``) first: each takes a hidden athlete of the tier of one of
    ``seat``'s own athletes (in an order drawn with ``rng``; any athlete when none of that tier is left), the
    rest go onto the other places in a drawn order. The prior is that the other teams have built rosters like
    ``seat``'s own: a uniform deal would give Rookie teams the deck's Pros and All-Stars (the hidden athletes
    are mostly the deck), so every team would look stronger than it is. It depends on the multiset of hidden
    athletes and on ``seat``'s own roster only, both in its view."""
    names, by_id = det.cards, pool().by_id
    deck = shuffled([names[c] for c in slots], rng)
    own = shuffled([by_id[det.cards[a]][1].tier for a in det.players[seat].athletes], rng) or ["rookie"]
    taken: dict[int, str] = {}
    dealt = set(slots)
    for i, c in enumerate(c for c in rosters if c in dealt):
        tier = own[i % len(own)]
        j = next((k for k, n in enumerate(deck) if by_id[n][1].tier == tier), 0)
        taken[c] = deck.pop(j)
    rest = iter(deck)
    for c in slots:
        names[c] = taken[c] if c in taken else next(rest)


def evaluate(state: State) -> dict[int, float]:
    """Each team's chance to win an unfinished game, from what a search play-out leaves on the board: the
    prestige count (MO-SCO-02: tokens, minor sponsors shown, the major sponsors whose goal it meets now,
    credits / 3 without rounding down and popularity at :data:`POP_WORTH`), plus a share for what will score
    later: tactic cards and minor sponsors in hand, the roster's best healthy athletes (their :func:`power`) for every
    stage still to come, and the contest under way (:func:`contest_value`: a match's result by its score and
    the rolls left, a scrimmage's reward by the chance to beat its card). Two teams: a logistic of the
    difference, on a scale that narrows as the matches left (the game's dice) get fewer; more: each team
    against the best other."""
    live = rules.active(state)
    if not live:
        return {}
    stages = len(state.tracks) or 1
    ahead = stages - state.stage - (state.phase == "tournament") * 0.5
    by_id, cards = pool().by_id, state.cards
    value = contest_value(state)
    for s in live:
        p = state.players[s]
        majors = sum(by_id[cards[m]][1].reward.prestige for m in state.majors
                     if rules.goal_met(state, s, by_id[cards[m]][1].goal))
        hurt = set(p.injured)
        best = sorted((power(cards[a]) for a in p.athletes if a not in hurt), reverse=True)[:3]
        value[s] = value.get(s, 0.0) + (
            p.prestige + p.sponsor_prestige + majors + p.credits / 3 + p.popularity * POP_WORTH
            + TACTIC * len(p.tactics) + MINOR * len(p.minors) + ROSTER * ahead * sum(best))
    scale = math.sqrt(STAGE_VARIANCE * ahead + END_VARIANCE) / 1.7
    out = dict.fromkeys(range(len(state.players)), 0.0)
    for s in live:
        other = max((value[o] for o in live if o != s), default=value[s])
        out[s] = 1.0 / (1.0 + math.exp(-(value[s] - other) / scale))
    return out


POP_WORTH = 1.0
""":func:`evaluate`'s worth of a popularity token in prestige: 1, twice its end value (2 tokens convert to 1
prestige, MO-SCO-02; fitted on heuristic games the token held is worth 0.43 to 0.53 prestige, the policy apart),
so that two tokens paid for an extra die (MO-POP-02) cost two prestige in a play-out's score and the search
keeps them unless the die is clearly worth more. The easy computer's dice are its costliest habit: a heuristic
that never buys them wins 667 of 1,000 two-team games against it (and 144 of the 200 bench games of seed 1000,
where the easy computer in that seat wins 115). At 0.5 the search, whose root favours the easy computer's choice
(``hint_bias`` 3), bought them at 6 to 11 of 24 positions where the easy computer buys; at 1, at 2 of 24."""
MATCH_WIN, MATCH_DRAW = 1 + 1 / 3 + 2 * POP_WORTH, POP_WORTH
"""A match's pay in prestige (MO-RES-01/02): 1 prestige, 1 credit and 2 popularity to the winner, 1 popularity
to each team on a draw."""
ROLL = (0.40, 0.10, 0.24)
"""Chances of one Reveal & Roll in a match (dice, boosts and tactic cards together): one goal, two goals, a
Counter; fitted on heuristic against heuristic matches (score and rolls left against the result)."""
STAGE_VARIANCE, END_VARIANCE = 16.0, 2.0
"""The variance, in prestige squared, of the difference two teams make in a stage, and of what is left
however late: :func:`evaluate`'s logistic scale is the spread of what is left (a standard deviation is about
1.7 logistic scales). Fitted with :data:`TACTIC`, :data:`MINOR` and :data:`ROSTER` on positions of heuristic
against heuristic games (the maximum likelihood of the winner)."""


@cache
def match_odds(away: int, home: int, done: int, fa: float = 1.0, fh: float = 1.0) -> tuple[float, float, float]:
    """(Away wins, draw, Home wins) of a match at ``away``-``home`` after ``done`` of its six Reveal & Rolls
    (Away rolls first in each Defining Moment), each roll by :data:`ROLL` times the rolling side's strength
    ``fa`` or ``fh`` (1 = the athletes of an average match, :data:`REF_POWER`)."""
    if done >= 6:
        return (1.0, 0.0, 0.0) if away > home else (0.0, 1.0, 0.0) if away == home else (0.0, 0.0, 1.0)
    f = fa if done % 2 == 0 else fh
    one, two, counter = (min(0.95 / sum(ROLL), f) * x for x in ROLL)
    if done % 2 == 0:
        nxt = ((one, away + 1, home), (two, away + 2, home), (counter, away, max(0, home - 1)),
               (1 - one - two - counter, away, home))
    else:
        nxt = ((one, away, home + 1), (two, away, home + 2), (counter, max(0, away - 1), home),
               (1 - one - two - counter, away, home))
    w = d = h = 0.0
    for p, a, b in nxt:
        x, y, z = match_odds(min(a, 9), min(b, 9), done + 1, fa, fh)
        w, d, h = w + p * x, d + p * y, h + p * z
    return w, d, h


REF_POWER = 0.76
"""The mean :func:`power` of the athletes revealed in heuristic against heuristic matches: the strength the
fitted :data:`ROLL` belongs to."""


def _side_strength(state: State, c: dict[str, Any], side: int, rolls: int, pending: bool) -> float:
    """A side's strength for its ``rolls`` Reveal & Rolls left (``pending``: the first of them is the roll of
    the athlete on the mat, revealed and not yet rolled): the mean :func:`power` of those athletes, the others
    its best healthy athletes not yet played in the contest (one with too few left skips rolls), over
    :data:`REF_POWER`, rounded to a tenth (so :func:`match_odds` caches well)."""
    if rolls <= 0:
        return 1.0
    p = state.players[c["seats"][side]]
    played, hurt, cards = c["played"][side], p.injured, state.cards
    total = 0.0
    mat = c["mat"][side]
    if pending and mat >= 0 and mat not in hurt:
        total, rolls_left = power(cards[mat]), rolls - 1
    else:
        rolls_left = rolls
    left = sorted((power(cards[a]) for a in p.athletes if a not in hurt and a not in played), reverse=True)
    total += sum(left[:rolls_left])
    return round(min(1.8, max(0.3, total / rolls / REF_POWER)), 1)


@cache
def scrimmage_odds(score: int, need: int, rolls: int) -> tuple[float, float]:
    """(win, tie) of a scrimmage at ``score`` against a card scoring ``need`` with ``rolls`` Reveal & Rolls
    left (no Counters, MO-GAP-11)."""
    if rolls <= 0 or score > need:
        return (1.0, 0.0) if score > need else (0.0, 1.0) if score == need else (0.0, 0.0)
    one, two, _ = ROLL
    w = t = 0.0
    for p, g in ((one, 1), (two, 2), (1 - one - two, 0)):
        x, y = scrimmage_odds(score + g, need, rolls - 1)
        w, t = w + p * x, t + p * y
    return w, t


def contest_value(state: State) -> dict[int, float]:
    """What the contest under way is worth to each team playing it, in prestige: a match's expected pay
    (:func:`match_odds` of its score and the rolls done), a scrimmage's reward (credits / 3, popularity at
    :data:`POP_WORTH`) times the chance to beat or tie its card. ``{}`` without a contest."""
    c = state.contest
    if c is None:
        return {}
    m, stage = c["moment"], c["stage"]
    per = 2 if c["kind"] == "match" else 1
    if stage == "reveal":
        done = per * m + max(0, c["turn"] - 1)
    elif stage == "tactics":
        done = per * (m + 1)
    else:
        done = 0
    if c["kind"] == "match":
        (away, home), (sa, sh) = c["seats"], c["score"]
        rolling = stage == "reveal" and c["turn"] > 0  # the side of turn - 1 reveals and rolls now
        fa = _side_strength(state, c, 0, 3 - (done + 1) // 2, rolling and done % 2 == 0)  # Away: done 0, 2, 4
        fh = _side_strength(state, c, 1, 3 - done // 2, rolling and done % 2 == 1)
        w, d, h = match_odds(min(sa, 9), min(sh, 9), done, fa, fh)
        return {away: w * MATCH_WIN + d * MATCH_DRAW, home: h * MATCH_WIN + d * MATCH_DRAW}
    card = c["card"]
    if card < 0:
        return {}
    d = pool().by_id[state.cards[card]][1]
    w, t = scrimmage_odds(c["score"][0], d.score, 3 - done)
    return {c["seats"][0]: (w + t) * (d.reward.credits / 3 + d.reward.popularity * POP_WORTH)}


TACTIC, MINOR, ROSTER = 0.5, 0.1, 2.5
""":func:`evaluate`'s worth, in prestige, of a tactic card and a minor sponsor in hand, and of one expected
goal of a roll (:func:`power`) of the three best healthy athletes for each stage to come: fitted on positions
of 300 heuristic against heuristic two-team games (which of them predicts the winner; the roster most)."""
PLIES = 4
"""Decisions a search play-out runs before :func:`evaluate` scores it: a few, which resolve the choice (a
Reveal & Roll, a tile's action) and leave the rest to :func:`evaluate`, whose match odds are an expectation. A
longer play-out rolls more dice, and their noise drowns the small differences between options (a reward's
spread is about 0.13 a play-out of 4 decisions; of 8, 0.15; options differ by 0.01 to 0.03)."""
SEARCH = {"exploration": 0.7, "hint_bias": 3.0}
"""The search's tuning (:attr:`games.core.contract.Game.search_options`): the defaults. A bias of 1 let the
search leave the easy computer's athlete at half of its Reveal & Roll choices, where 4 plies and
:func:`evaluate` tell the athletes apart by less than their noise (visits of 65, 63, 62 ... of 360), so it
played a random plan in place of the heuristic's; it went 8-0-4 on the bench's seeds 1000-1011, where the easy
computer in its seat wins 8 and one that never buys extra dice 9. With the bias of 3 the extra dice are left
to :data:`POP_WORTH`."""
EXPLORE = 10
"""One play-out decision in this many is played uniformly at random, the others by the heuristic."""


def rollout_choice(state: State, decision: Decision, rng: Rng) -> str:
    """The search's play-out policy: :class:`PlayoutBot` on the deciding seat's view of the sample (its ties
    broken by the search's ``rng``), and one decision in :data:`EXPLORE` uniformly at random. Random play
    wastes the popularity that scores at the end on extra dice and wanders on the tracks, so its play-outs say
    little about a choice."""
    options = decision.options
    if rng.below(EXPLORE) == 0:
        return options[rng.below(len(options))].id
    bot = _rollout_bot()
    bot.rng = rng
    return bot(decision, _game().view(state, decision.seat))


class PlayoutBot(OlympiaBot):
    """The play-out policy: :class:`OlympiaBot` (the ``easy`` computer) except that it never pays popularity
    for extra dice (MO-POP-02). Two popularity tokens are one prestige at the end (MO-SCO-02) and an extra die
    gains less than that in a match: this bot wins about two games in three against :class:`OlympiaBot`
    (667-0-333 over 1,000 two-team games), so a play-out that spends like the easy computer makes every
    option that keeps popularity look worse than it is."""

    def _k_dice(self, c: _Ctx) -> str | None:
        return "pop:0"


@cache
def _rollout_bot() -> OlympiaBot:
    return PlayoutBot(0)


@cache
def _game() -> Any:
    from .game import GAME

    return GAME

"""The MetaZoo computer player, "legal and purposeful" (:func:`computer`). It decides only from its own
decision, its own view and the public Page pool: never from the state, so nothing hidden leaks into play.

Plan, one cheap evaluation per decision (no search):

* Set-up: predict heads, go first; Mulligan a Chapter with no Aura Page or no Beastie its Aura could pay.
* Take Actions, in this order: Contract the Aura Page its Chapter needs most; Contract the most valuable
  affordable Page (Beasties and Artifacts by LP, Attack Damage and Traits; Spells and Potions by what
  they would do now: a Beastie they Destroy, Damage to the Caster, a search; Terra only when its bonus
  matches one of its Pages), generating exactly the Aura that Page needs, and keeping Aura Pages Awakened
  for its face-down Traps and "any time" answers when it can; then every favourable Attack (expected
  Damage with Type and Aura Attack Advantage, Tribal Boost, ARENA and Equipment bonuses against the
  target's LP, the worst Defender the opponent could declare and the Primary Defender's strike-back, less
  the Burn toll on declaring); when the opponent's Beasties would win the race, a Beastie that would
  defend well stays Awakened unless attacking gains more; then Powers and Self-Destruct when their Effect
  is worth more than the Page; then real Traps placed face-down (under its most valuable Beastie). It
  never bluffs: a revealed non-Trap loses (MZ-TRAP-06).
* Opponent's turn and Combat windows: stop or reflect an opposing Spell or Effect that hurts it, heal a
  Page an Attack would Destroy, kill an attacker or a striking-back Primary Defender with an "any time"
  Spell; otherwise pass. Declares the Defender (and the Primary Defender) that loses least, pays for a
  flipped Trap whenever its Effect is worth the Aura, burrows Beasties an Attack could Destroy on the
  opponent's turn, and orders end-of-turn items so that its own Pages survive.
* Any other decision (new kinds included): the decision's default, else its first option that is not
  "back". A choice never leaves the offered options; ties go to the seeded RNG.

Limits: with 3 or 4 Casters it plays against one focus opponent at a time (:func:`_focus`, MZ-GAP-12); one
Defender per Attack; it never moves a
face-down Trap; the Page whose target is being chosen is read from the decision's prompt (the view does not
show the pending Action).

:class:`BasicZooBot` is the earlier thin player, kept as the baseline the tests and benchmarks beat.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import cached_property, lru_cache
from typing import Any

from games.core.contract import Decision, View
from games.core.determinize import deck_prior, shuffled, unseen_cards
from games.core.determinize import likely_deck as _likely_deck
from games.core.rng import Rng
from games.core.search import result_rewards

from .cards import Page, token_of
from .pool import card_pool, starter_decks, wheel
from .rules import apply_choice, decisions_of
from .rules.pages import Defs, defs_of, page_def
from .state import State, clone

ADVANTAGE = 20  # MZ-TYPE-05, MZ-AAA-01 (the engine's constant, repeated: the bot reads no rules state)
WIN = 100_000  # an outcome that ends the game in our favour
FACE_DOWN = 45  # worth of attacking an opposing standalone face-down Page: it flips (a bluff loses)
MAX_TRAPS = 3  # face-down Traps kept at once
_HANDLE = re.compile(r"#(\d+)")


@lru_cache(maxsize=4096)
def page_of(card: str) -> Page:
    """The Page definition of a card id seen in a view (``token:<id>`` for an Infectious token).
    Raises ``KeyError`` for an id not in the pool."""
    pool = card_pool()
    if card.startswith("token:"):
        return token_of(pool[card[6:]])
    return pool[card]


def _handle(text: str | None) -> int | None:
    """The ``#uid`` handle in a public label (``"Kappa #12"`` -> 12); ``None`` for a Caster's name."""
    if not text:
        return None
    m = _HANDLE.search(text)
    return int(m.group(1)) if m else None


def _strong(att: tuple[str, ...], rec: tuple[str, ...]) -> bool:
    w = wheel()
    return any(t in w.get(a, ()) for a in att for t in rec)


def _status(pv: dict[str, Any], status: str) -> bool:
    return any(i["status"] == status for i in pv.get("indicators", ()))


def _can_pay(pool: dict[str, int], cost: dict[str, int]) -> bool:
    """Whether ``pool`` pays ``cost``: typed components from their type, Neutral from anything left."""
    left = dict(pool)
    for t, n in cost.items():
        if t == "neutral":
            continue
        if left.get(t, 0) < n:
            return False
        left[t] -= n
    return sum(left.values()) >= cost.get("neutral", 0)


def _add(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for t, n in b.items():
        out[t] = out.get(t, 0) + n
    return out


def _focus(me: int, board: dict[str, Any]) -> int:
    """The opponent the bot plays against now (MZ-GAP-12: with 3 or 4 Casters, free-for-all): on another
    Caster's turn the active Caster (the one who can Attack it); on its own turn the opponent still in the
    game with the least LP (the nearest to leaving), the first clockwise on a tie. With two Casters, the other."""
    casters = board["casters"]
    n = len(casters)
    if board["active"] != me and not casters[board["active"]].get("out"):
        return board["active"]
    foes = [(me + i) % n for i in range(1, n) if not casters[(me + i) % n].get("out")]
    return min(foes, key=lambda q: casters[q]["lp"]) if foes else (me + 1) % n


class _Table:
    """What the bot knows at one decision: its view, read into handy shapes (public data and its own
    private part only)."""

    def __init__(self, decision: Decision, view: View):
        b = view.board
        self.me = decision.seat
        self.board = b
        self.opp = _focus(self.me, b)
        self.private = view.private or {"chapter": [], "face_down": [], "under": []}
        self.casters = b["casters"]
        self.pool: dict[str, int] = dict(self.casters[self.me]["aura"])
        self.pages = {pv["uid"]: pv for pv in b["arena"]}
        self.mine = [pv for pv in b["arena"] if pv["controller"] == self.me and not pv["face_down"]]
        self.theirs = [pv for pv in b["arena"] if pv["controller"] == self.opp and not pv["face_down"]]
        self.my_beasties = [pv for pv in self.mine if pv["type"] == "beastie"]
        self.their_beasties = [pv for pv in self.theirs if pv["type"] == "beastie"]
        self.chapter = [c["card"] for c in self.private["chapter"]]
        self.my_traps = [c["card"] for c in self.private["face_down"]] + [c["card"] for c in self.private["under"]]
        self.damage_memo: dict[tuple[int, int, int | None], int] = {}
        self.worth_memo: dict[int, float] = {}
        self.fight_memo: dict[tuple[Any, ...], float] = {}
        self.my_turn = b["active"] == self.me

    def lp(self, seat: int) -> int:
        """Caster ``seat``'s current LP (public)."""
        return self.casters[seat]["lp"]

    @cached_property
    def bonuses(self) -> set[str | None]:
        """Terra Bonuses of the Terra Pages in the slots (MZ-TERRA-01)."""
        return {page_of(t["card"]).bonus for t in self.board.get("terra", ()) if t}

    @cached_property
    def tribes(self) -> dict[str, int]:
        """Face-up Beasties per Tribe (MZ-TRIBE-01)."""
        out: dict[str, int] = {}
        for pv in self.board["arena"]:
            if not pv["face_down"] and pv["type"] == "beastie":
                tribe = page_of(pv["card"]).tribe
                if tribe:
                    out[tribe] = out.get(tribe, 0) + 1
        return out

    @cached_property
    def arena_bonus(self) -> list[int]:
        """ARENA ``attack_bonus`` reaching each Caster's Beasties (MZ-KW-03; not from Paralyzed Pages)."""
        out = [0] * len(self.casters)
        for pv in self.board["arena"]:
            if pv["face_down"] or _status(pv, "paralyze"):
                continue
            for eff in page_of(pv["card"]).effects:
                if eff.timing == "arena" and eff.target in ("all_beasties", "all_own_beasties", "all_opposing_beasties"):
                    amount = sum(s.amount for s in eff.steps if s.do == "attack_bonus")
                    for seat in range(len(out)):
                        own = seat == pv["controller"]
                        if eff.target == "all_beasties" or (eff.target == "all_own_beasties") == own:
                            out[seat] += amount
        return out


# -- values --------------------------------------------------------------------------------------------------


def best_attack(page: Page) -> int:
    """The printed Damage of ``page``'s strongest Attack (0 without Attacks)."""
    return max((a.damage for a in page.attacks), default=0)


_TRAIT_WORTH = {"first_strike": 15, "flight": 10, "unblockable": 15, "invisible": 10, "spirit": 10,
                "destroyer": 20, "blood_sucker": 10, "regen": 10, "stone_skin": 10, "immortal": 20,
                "venomous": 10, "defender": 10, "magiproof": 5, "fleet": 5, "infectious": 10, "fear": 10,
                "flash": 5, "burrow": 5}


def page_worth(page: Page, lp: int | None = None, atk: int | None = None) -> float:
    """How much a Beastie or Artifact is worth to its controller (same scale as Caster LP): its Attack
    Damage over a few turns, half its LP, and its Traits."""
    lp = page.lp if lp is None else lp
    atk = best_attack(page) if atk is None else atk
    worth = 2 * atk + lp / 2 + sum(_TRAIT_WORTH.get(t, 0) for t in page.traits)
    for eff in page.effects:
        if eff.timing == "arena":
            worth += 25
        elif eff.timing in ("power", "any_time"):
            worth += 15
    return worth + (10 if page.type == "artifact" else 0)


class ZooBot:
    """Callable ``(decision, view) -> option id`` (games.core.players.Player): the purposeful computer
    player described in the module docstring. ``seed`` feeds the RNG that breaks ties only. With
    ``strict`` an internal error is raised instead of falling back to the default (tests)."""

    def __init__(self, seed: int, strict: bool = False):
        self.rng = Rng.from_seed(seed)
        self.strict = strict
        self.table: _Table | None = None  # the decision being made (memos for Page worth)

    def __call__(self, decision: Decision, view: View | None = None) -> str:
        ids = [o.id for o in decision.options]
        try:
            choice = self._decide(decision, view) if view is not None else None
        except Exception:
            if self.strict:
                raise
            choice = None  # a computer player must never stop a table: fall back below
        if choice in ids:
            return choice
        return self.fallback(decision)

    @staticmethod
    def fallback(decision: Decision) -> str:
        """The decision's default, else its first option that is not "back" (MZ-GAP-24)."""
        ids = [o.id for o in decision.options]
        if decision.default in ids and decision.default != "back":
            return decision.default
        return next((i for i in ids if i != "back"), ids[0])  # "back" would offer the same Action again

    def pick(self, scored: dict[str, float]) -> str | None:
        """The best-scoring option id; ties broken by the seeded RNG."""
        if not scored:
            return None
        top = max(scored.values())
        return self.rng.choice(sorted(i for i, s in scored.items() if s == top))

    # -- dispatch

    def _decide(self, decision: Decision, view: View) -> str | None:
        t = self.table = _Table(decision, view)
        kind = decision.kind
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            return None
        return handler(decision, t)

    def _on_predict(self, decision: Decision, t: _Table) -> str:
        return "heads"

    def _on_choose_first(self, decision: Decision, t: _Table) -> str:
        return "first"  # tempo: the first Caster may attack on turn 1 too (MZ-GAP-22)

    def _on_mulligan(self, decision: Decision, t: _Table) -> str:
        pages = [page_of(c) for c in t.chapter]
        auras = {p.aura for p in pages if p.type == "aura"}
        playable = [p for p in pages if p.type == "beastie"
                    and all(k == "neutral" or k in auras for k in p.cost)]
        if (not auras or not playable) and len(pages) >= 5:
            return "mulligan"
        return "keep"

    # -- estimates

    def damage(self, t: _Table, attacker: dict[str, Any], k: int, receiver: dict[str, Any] | None) -> int:
        """Expected Damage of ``attacker``'s Attack ``k`` against ``receiver`` (a face-up Page view, or
        ``None`` for a Caster or a face-down Page): MZ-COMBAT-18's steps b and d, Paralyze -> 0."""
        key = (attacker["uid"], k, None if receiver is None or receiver.get("face_down") else receiver["uid"])
        got = t.damage_memo.get(key)
        if got is not None:
            return got
        page = page_of(attacker["card"])
        if not page.attacks or _status(attacker, "paralyze"):
            t.damage_memo[key] = 0
            return 0
        atk = page.attacks[k]
        dmg = atk.damage
        if key[2] is not None:
            rtypes = page_of(receiver["card"]).base_types
            if _strong(page.base_types, rtypes):
                dmg += ADVANTAGE
            if atk.advantage is not None and atk.advantage in rtypes:
                dmg += ADVANTAGE
        if page.tribal_boost and page.tribe:  # MZ-TRIBE-01: every other face-up Beastie of the Tribe
            dmg += 10 * (t.tribes.get(page.tribe, 0) - 1)
        dmg += t.arena_bonus[attacker["controller"]]
        gear = sum(page_of(e["card"]).equip.damage for e in attacker.get("equipment", ())
                   if page_of(e["card"]).equip is not None)
        t.damage_memo[key] = out = max(0, dmg + gear)
        return out

    def strike_back(self, t: _Table, defender: dict[str, Any], attacker: dict[str, Any]) -> int:
        """The most Damage ``defender`` could strike back at ``attacker`` as Primary Defender."""
        page = page_of(defender["card"])
        if page.type != "beastie":
            return 0
        return max((self.damage(t, defender, k, attacker) for k in range(len(page.attacks))), default=0)

    def worth(self, pv: dict[str, Any]) -> float:
        """What losing the Arena Page ``pv`` costs its controller."""
        got = self.table.worth_memo.get(pv["uid"]) if self.table is not None else None
        if got is not None:
            return got
        page = page_of(pv["card"])
        worth = page_worth(page, pv["lp"]) + 10 * len(pv.get("equipment", ()))
        worth = worth / 2 if page.token else worth
        if self.table is not None:
            self.table.worth_memo[pv["uid"]] = worth
        return worth

    def hurt(self, pv: dict[str, Any], dmg: int) -> float:
        """The worth taken from ``pv`` by ``dmg`` Damage: all of it when it dies, else a share."""
        if dmg <= 0:
            return 0.0
        if dmg >= pv["lp"] and "immortal" not in page_of(pv["card"]).traits:
            return self.worth(pv)
        return self.worth(pv) * dmg / max(1, pv["lp"]) * 0.4

    def caster_weight(self, t: _Table, seat: int, dmg: int) -> float:
        """Worth of ``dmg`` Damage to Caster ``seat``: 1 per LP, and a won game when it is lethal."""
        if dmg <= 0:
            return 0.0
        if dmg >= t.lp(seat):
            return WIN
        return dmg * (1.0 if t.lp(seat) > 300 else 1.5)

    def fight(self, t: _Table, att: dict[str, Any], k: int, prim: dict[str, Any] | None, victim_seat: int,
              overflow_to_caster: bool) -> float:
        """The attacker's gain (their loss minus ours) when ``att`` Attacks and ``prim`` is the Primary
        Defender taking the Damage (``None``: the Caster takes it)."""
        key = (att["uid"], k, None if prim is None else prim["uid"], victim_seat, overflow_to_caster)
        got = t.fight_memo.get(key)
        if got is None:
            got = t.fight_memo[key] = self._fight(t, att, k, prim, victim_seat, overflow_to_caster)
        return got

    def _fight(self, t: _Table, att: dict[str, Any], k: int, prim: dict[str, Any] | None, victim_seat: int,
               overflow_to_caster: bool) -> float:
        dmg = self.damage(t, att, k, prim)
        if prim is None:
            return self.caster_weight(t, victim_seat, dmg)
        ppage = page_of(prim["card"])
        apage = page_of(att["card"])
        # MZ-DESTROYER-01: any Damage taken from a Destroyer's Attack Destroys the Page
        dies = (dmg >= prim["lp"] or ("destroyer" in apage.traits and dmg > 0)) and "immortal" not in ppage.traits
        gain = self.worth(prim) if dies else self.hurt(prim, dmg)
        if overflow_to_caster and dmg > prim["lp"]:
            gain += self.caster_weight(t, victim_seat, dmg - prim["lp"])
        back = self.strike_back(t, prim, att)
        first = "first_strike" in ppage.traits and "first_strike" not in apage.traits
        if first or not dies:
            killed = "destroyer" in ppage.traits and back > 0 and "immortal" not in apage.traits
            gain -= self.worth(att) if killed else self.hurt(att, back)
        if "venomous" in ppage.traits:
            gain -= 10
        return gain

    def blockers(self, t: _Table, att: dict[str, Any], target_uid: int | None) -> list[dict[str, Any]]:
        """Opposing Beasties that could be declared Defenders against ``att`` (MZ-COMBAT-08)."""
        if {"unblockable", "invisible"} & set(page_of(att["card"]).traits):
            return []
        owner = t.opp if att["controller"] == t.me else t.me
        return [pv for pv in t.board["arena"] if pv["controller"] == owner and not pv["face_down"]
                and pv["type"] == "beastie" and not pv["fatigued"] and pv["uid"] != target_uid
                and not _status(pv, "paralyze") and page_of(pv["card"]).attacks]

    def attack_score(self, t: _Table, att: dict[str, Any], k: int, target: int) -> float:
        """Worth of Attacking ``target`` (``-1 - seat`` for a Caster, else a handle) with ``att``'s Attack
        ``k``, assuming the defending Caster then declares the Defender that is worst for us."""
        victim = t.opp if att["controller"] == t.me else t.me
        toll = 0.0  # MZ-COMBAT-03: declaring with Burn costs our Caster, and a Burned attacker, 20 LP
        if _status(t.casters[att["controller"]], "burn"):
            toll += self.caster_weight(t, att["controller"], 20)
        if _status(att, "burn"):
            toll += self.hurt(att, 20)
        return self.raw_attack_score(t, att, k, target, victim) - toll

    def raw_attack_score(self, t: _Table, att: dict[str, Any], k: int, target: int, victim: int) -> float:
        """:meth:`attack_score` before the Burn toll."""
        if target < 0:
            base = self.fight(t, att, k, None, victim, True)
            tpv = None
        else:
            tpv = t.pages.get(target)
            if tpv is None:
                return -1.0
            if tpv["face_down"]:
                risk = self.hurt(att, 30)  # a typical Trap hits the attacker for 20-30
                return FACE_DOWN - risk
            base = self.fight(t, att, k, tpv, victim, False)
            if tpv.get("trap_under"):
                base -= 15 + self.hurt(att, 30) / 2
        worst = base
        for b in self.blockers(t, att, None if tpv is None else tpv["uid"]):
            worst = min(worst, self.fight(t, att, k, b, victim, tpv is None))
        return worst

    def attack_targets(self, t: _Table, att: dict[str, Any]) -> list[int]:
        """The targets the engine will offer ``att`` (MZ-COMBAT-04/05), as far as the view shows them."""
        mine = set(page_of(att["card"]).traits)
        out = [-1 - t.opp]
        for pv in t.board["arena"]:
            if pv["controller"] != t.opp:  # MZ-GAP-12: it Attacks its focus Caster (see _focus)
                continue
            if pv["face_down"]:
                out.append(pv["uid"])
                continue
            if pv["type"] not in ("beastie", "artifact"):
                continue
            tr = set(page_of(pv["card"]).traits)
            for e in pv.get("equipment", ()):
                eq = page_of(e["card"]).equip
                tr |= set(eq.traits) if eq is not None else set()
            if tr & {"spirit", "invisible"} or ("flight" in tr and "flight" not in mine):
                continue
            out.append(pv["uid"])
        return out

    # -- Effects

    def effect_score(self, t: _Table, page: Page, timing: tuple[str, ...], target: int | None,
                     source_types: tuple[str, ...] | None = None) -> float:
        """Worth for us of ``page``'s Effects of the given timings resolving now with ``target`` (a handle,
        ``-1 - seat`` for a Caster, ``None`` for untargeted)."""
        types = source_types or page.base_types
        total = 0.0
        for eff in page.effects:
            if eff.timing not in timing:
                continue
            if eff.target in ("opposing_beastie", "own_beastie", "beastie", "opposing_page", "opposing_caster",
                              "terra"):
                tg = [target] if target is not None else []
            elif eff.target == "you":
                tg = [-1 - t.me]
            elif eff.target == "opponents":
                tg = [-1 - t.opp]
            elif eff.target in ("all_opposing_beasties", "all_beasties", "all_own_beasties"):
                tg = [pv["uid"] for pv in t.board["arena"] if not pv["face_down"] and pv["type"] == "beastie"
                      and (eff.target == "all_beasties"
                           or (pv["controller"] == t.me) == (eff.target == "all_own_beasties"))]
            elif eff.target == "attacker":
                cb = t.board.get("combat")
                a = _handle(cb["attacker"]) if cb else None
                tg = [a] if a is not None else []
            else:
                tg = []
            for step in eff.steps:
                total += self.step_score(t, step, tg, types)
        return total

    def step_score(self, t: _Table, step, targets: list[int | None], types: tuple[str, ...]) -> float:
        """Worth for us of one Effect step on ``targets`` (Caster codes or handles); ``types`` are the
        source's Aura types for Type Advantage on Damage (MZ-TYPE-05)."""
        do = step.do
        if do in ("bookmark", "search", "look"):
            return 25.0 * max(1, step.amount if do == "bookmark" else 1)
        if do == "win":
            return WIN
        total = 0.0
        for tg in targets:
            if tg is None:
                continue
            if tg < 0:
                seat = -1 - tg
                sign = 1 if seat != t.me else -1
                if do in ("damage", "lose_lp"):
                    total += sign * self.caster_weight(t, seat, step.amount)
                elif do == "recover":
                    total -= sign * min(step.amount, t.casters[seat]["max_lp"] - t.lp(seat))
                elif do == "inflict" and step.status in ("burn", "poison"):
                    total += sign * 20
                continue
            pv = t.pages.get(tg)
            if pv is None or pv["face_down"]:
                continue
            sign = 1 if pv["controller"] != t.me else -1
            page = page_of(pv["card"])
            if do == "damage":
                amt = step.amount + (ADVANTAGE if _strong(types, page.base_types) else 0)
                if "stone_skin" in page.traits:
                    amt = 0
                total += sign * self.hurt(pv, amt)
            elif do == "lose_lp":
                total += sign * self.hurt(pv, step.amount)
            elif do in ("destroy",):
                total += sign * self.worth(pv)
            elif do == "to_chapter":
                total += sign * self.worth(pv) * 0.6
            elif do == "recover":
                total -= sign * min(step.amount, pv["max_lp"] - pv["lp"]) * 0.8
            elif do == "gain_lp":
                total -= sign * step.amount * 0.4
            elif do == "inflict":
                total += sign * {"paralyze": 30, "sleep": 20, "frozen": 20, "scared": 20, "confusion": 15,
                                 "burn": 15, "poison": 15}.get(step.status or "", 10) * (
                    1.0 if page.attacks else 0.3)
            elif do == "equip":
                pass  # valued by the caller (its bonus, not a step)
        return total

    def best_target(self, t: _Table, page: Page, timing: tuple[str, ...], options: list[int],
                    source_types: tuple[str, ...] | None = None) -> tuple[float, int | None]:
        """The best of ``options`` (handles or Caster codes) for ``page``'s Effects, with its score."""
        best: tuple[float, int | None] = (float("-inf"), None)
        for tg in options:
            sc = self.effect_score(t, page, timing, tg, source_types) + self.equip_score(t, page, tg)
            if sc > best[0] or (sc == best[0] and self.rng.below(2)):
                best = (sc, tg)
        return best

    def equip_score(self, t: _Table, page: Page, tg: int | None) -> float:
        """Worth for us of Equipment ``page`` on the Page ``tg`` (MZ-EQUIP-07): its bonus, ours or theirs."""
        if page.equip is None or tg is None or tg < 0 or tg not in t.pages:
            return 0.0
        pv = t.pages[tg]
        host = page_of(pv["card"])
        gain = (2 * page.equip.damage if host.attacks else 0) + page.equip.lp / 2 + sum(
            _TRAIT_WORTH.get(x, 0) for x in page.equip.traits)
        return gain if pv["controller"] == t.me else -gain

    def legal(self, t: _Table, target: str, spell: bool) -> list[int]:
        """The targets ``target`` allows, as far as the view shows (MZ-TGT-01..06)."""
        if target == "opposing_caster":
            return [-1 - t.opp]
        if target in ("chain", "terra"):
            return []
        out = []
        for pv in t.board["arena"]:
            if pv["face_down"] or pv["type"] not in ("beastie", "artifact"):
                continue
            if target in ("opposing_beastie", "own_beastie", "beastie") and pv["type"] != "beastie":
                continue
            if target in ("opposing_beastie", "opposing_page") and pv["controller"] == t.me:
                continue
            if target == "own_beastie" and pv["controller"] != t.me:
                continue
            if spell and "magiproof" in page_of(pv["card"]).traits:
                continue
            out.append(pv["uid"])
        return out

    def play_score(self, t: _Table, page: Page) -> float:
        """How much Contracting ``page`` from the Chapter is worth now (0 or less: not worth it)."""
        if page.type == "aura":
            return 0.0
        if page.type == "terra":
            wanted = {b.bonus for c in t.chapter for b in page_of(c).terra_bonuses}
            wanted |= {b.bonus for pv in t.mine for b in page_of(pv["card"]).terra_bonuses}
            return 30.0 if page.bonus in wanted and page.bonus not in t.bonuses else 0.0
        if "trap" in page.traits and page.type in ("spell", "potion"):
            return 0.0  # only its FLIPPED text does anything: it is placed face-down instead
        if page.type in ("beastie", "artifact"):
            if page.equip is not None and page.type == "beastie" and len(t.my_beasties) >= 2:
                sc = max((self.equip_score(t, page, pv["uid"]) for pv in t.my_beasties), default=0.0)
                return max(sc, page_worth(page))
            worth = page_worth(page)
            if page.type == "beastie" and len(t.my_beasties) < 2:
                worth += 20  # a board to attack and defend with comes first
            worth += self.effect_score(t, page, ("contract",), None)
            return worth
        eff = page.targeting
        if eff is not None:
            opts = self.legal(t, eff.target, page.type == "spell")
            if eff.target == "chain":
                return 0.0  # answers are for the priority windows
            sc, _ = self.best_target(t, page, ("contract",), opts)
            return sc
        sc = self.effect_score(t, page, ("contract",), None)
        if page.any_time and sc < 40 and page.type == "potion":
            return 0.0  # keep a cheap "any time" Potion to answer with
        return sc

    # -- Aura planning

    def sources(self, decision: Decision) -> list[tuple[str, str]]:
        """``(option id, Aura type)`` of every Aura the decision lets us generate now: Aura Pages, and
        Convert (MZ-CONVERT-01) on Artifacts and on Beasties whose Attacks are weak."""
        out = []
        for o in decision.options:
            if o.id.startswith("gen:") and o.cards:
                out.append((o.id, page_of(o.cards[0]).aura or "neutral"))
        for o in decision.options:
            if o.id.startswith("convert:") and o.cards:
                page = page_of(o.cards[0])
                if page.type != "beastie" or best_attack(page) <= 10:
                    out.append((o.id, page.base_types[0]))
        return out

    def gen_for(self, t: _Table, decision: Decision, cost: dict[str, int]) -> str | None:
        """The ``gen:`` option that brings the pool closest to paying ``cost``, or ``None`` when the
        sources cannot pay it at all."""
        srcs = self.sources(decision)
        total = dict(t.pool)
        for _, a in srcs:
            total[a] = total.get(a, 0) + 1
        if _can_pay(t.pool, cost) or not _can_pay(total, cost):
            return None  # already paid for (the play is refused for another reason), or out of reach
        for t_, n in cost.items():
            if t_ != "neutral" and t.pool.get(t_, 0) < n:
                return next(i for i, a in srcs if a == t_)
        # only Neutral is missing: spend the type the Chapter asks for least
        demand = self.demand(t)
        srcs.sort(key=lambda s: (demand.get(s[1], 0), s[0].startswith("convert:"), s[0]))
        return srcs[0][0] if srcs else None

    def demand(self, t: _Table) -> dict[str, int]:
        """Typed Aura the Chapter's Pages cost in all, per type (Neutral left out)."""
        out: dict[str, int] = {}
        for c in t.chapter:
            for k, n in page_of(c).cost.items():
                if k != "neutral":
                    out[k] = out.get(k, 0) + n
        return out

    def reserve(self, t: _Table) -> dict[str, int]:
        """Aura to keep for the opponent's turn: the dearest face-down Trap of ours, and one answer."""
        res: dict[str, int] = {}
        traps = [page_of(c) for c in t.my_traps]
        if traps:
            res = dict(max(traps, key=lambda p: sum(p.cost.values())).cost)
        answers = [page_of(c) for c in t.chapter if page_of(c).any_time and page_of(c).cost]
        if answers:
            res = _add(res, dict(min(answers, key=lambda p: sum(p.cost.values())).cost))
        return res

    def buy(self, t: _Table, decision: Decision, scored: dict[str, float], reserve: dict[str, int]) -> str | None:
        """Toward the best Page we can pay (``scored``: card id -> worth): its ``play:`` option when
        affordable now, else the ``gen:`` that pays for it; keeps ``reserve`` unless the Page is worth a
        lot."""
        ids = {o.id for o in decision.options}
        total = dict(t.pool)
        for _, a in self.sources(decision):
            total[a] = total.get(a, 0) + 1
        ranked = sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))
        for card, sc in ranked:
            if sc <= 0:
                break
            cost = dict(page_of(card).cost)
            if not _can_pay(total, cost):
                continue
            if reserve and sc < 60 and not _can_pay(total, _add(cost, reserve)):
                continue
            if f"play:{card}" in ids:
                return f"play:{card}"
            gen = self.gen_for(t, decision, cost)
            if gen is not None:
                return gen
        return None

    # -- Take Actions

    def _on_actions(self, decision: Decision, t: _Table) -> str | None:
        ids = [o.id for o in decision.options]
        plays = {i[5:] for i in ids if i.startswith("play:")}
        # 1. the turn's Aura Page: the type the Chapter needs most and the Arena makes least
        auras = [c for c in plays if page_of(c).type == "aura"]
        if auras:
            demand = self.demand(t)
            have: dict[str, int] = {}
            for pv in t.mine:
                if pv["type"] == "aura":
                    a = page_of(pv["card"]).aura or "neutral"
                    have[a] = have.get(a, 0) + 1
            return f"play:{self.pick({c: demand.get(page_of(c).aura or '', 0) - have.get(page_of(c).aura or '', 0) for c in auras})}"
        # 2. the best Page to Contract (generating its Aura first)
        scored = {c: self.play_score(t, page_of(c)) for c in set(t.chapter)}
        traps_down = len(t.my_traps)
        for c in list(scored):
            p = page_of(c)
            if "trap" in p.traits and p.type in ("beastie", "artifact") and len(t.my_beasties) >= 2 \
                    and traps_down < MAX_TRAPS:
                scored[c] = 0.0  # it waits face-down instead
        choice = self.buy(t, decision, scored, self.reserve(t) if len(t.mine) >= 4 else {})
        if choice is not None:
            return choice
        # 3. every favourable Attack, the best first
        attacks: dict[str, float] = {}
        for i in ids:
            if i.startswith("attack:"):
                _, uid, k = i.split(":")
                att = t.pages[int(uid)]
                sc = max(self.attack_score(t, att, int(k), tg) for tg in self.attack_targets(t, att))
                if sc > 0:
                    attacks[i] = sc
        if attacks and not self.lethal(t, attacks) and self.losing_race(t):
            # behind in the race: a Beastie that would defend well stays Awakened unless attacking gains more
            attacks = {i: sc for i, sc in attacks.items() if sc > self.guard_value(t, t.pages[int(i.split(":")[1])])}
        if attacks:
            return self.pick(attacks)
        # 4. Powers and Self-Destruct worth more than what they cost
        extra: dict[str, float] = {}
        for o in decision.options:
            kind = o.id.split(":")[0]
            if kind == "power":
                _, uid, k = o.id.split(":")
                pv = t.pages[int(uid)]
                page = page_of(pv["card"])
                eff = page.effects[int(k)]
                if eff.target in ("opposing_beastie", "own_beastie", "beastie", "opposing_page", "opposing_caster",
                                  "terra", "chain"):
                    sc, _ = self.best_target(t, _only(page, int(k)), ("power",),
                                             self.legal(t, eff.target, False), page.base_types)
                else:
                    sc = self.effect_score(t, _only(page, int(k)), ("power",), None)
                if sc > 10:
                    extra[o.id] = sc
            elif kind == "selfdestruct":
                pv = t.pages[int(o.id.split(":")[1])]
                page = page_of(pv["card"])
                sc = self.effect_score(t, page, ("destroyed",), None) - self.worth(pv)
                if sc > 0:
                    extra[o.id] = sc
        if extra:
            return self.pick(extra)
        # 5. real Traps face-down (never a bluff: a revealed non-Trap loses, MZ-TRAP-06)
        if traps_down < MAX_TRAPS:
            traps = [i for i in ids if i.startswith("trap:") and "trap" in page_of(i[5:]).traits
                     and scored.get(i[5:], 0) <= 0]
            if traps:
                return self.pick({i: sum(page_of(i[5:]).cost.values()) for i in traps})
        return "end"

    def potential(self, t: _Table, seat: int) -> int:
        """Damage per turn Caster ``seat``'s Beasties could deal to the other Caster."""
        return sum(max((self.damage(t, pv, k, None) for k in range(len(page_of(pv["card"]).attacks))), default=0)
                   for pv in t.board["arena"] if pv["controller"] == seat and not pv["face_down"]
                   and pv["type"] == "beastie")

    def losing_race(self, t: _Table) -> bool:
        """Whether the opponent's Beasties would bring us to 0 LP in fewer turns than ours them."""
        mine, theirs = self.potential(t, t.me), self.potential(t, t.opp)
        if theirs == 0:
            return False
        return -(-t.lp(t.me) // theirs) < -(-t.lp(t.opp) // max(1, mine))

    def guard_value(self, t: _Table, pv: dict[str, Any]) -> float:
        """The Caster Damage ``pv`` would stop by defending next turn: the biggest opposing Attack it could
        defend against without losing more than the hit (a sensible opponent does not attack into a good
        Defender, so what it stops is the hit, not a kill)."""
        best = 0.0
        for b in t.their_beasties:
            page = page_of(b["card"])
            if not page.attacks or {"unblockable", "invisible"} & set(page.traits):
                continue
            for k in range(len(page.attacks)):
                hit = self.caster_weight(t, t.me, self.damage(t, b, k, None))
                if self.fight(t, b, k, pv, t.me, True) < hit:
                    best = max(best, hit)
        return best

    @staticmethod
    def lethal(t: _Table, attacks: dict[str, float]) -> bool:
        """Whether one of the scored Attacks would bring the opposing Caster to 0 LP."""
        return max(attacks.values()) >= WIN / 2

    # -- targets

    def _on_attack_target(self, decision: Decision, t: _Table) -> str | None:
        m = re.search(r"the target of .*#(\d+)'s (.+)\.$", decision.prompt)
        att = t.pages.get(int(m.group(1))) if m else None
        opts = [o.id for o in decision.options if o.id.startswith("target:")]
        if att is None or not opts:
            return None
        page = page_of(att["card"])
        k = next((n for n, a in enumerate(page.attacks) if a.name == m.group(2)), 0)
        return self.pick({o: self.attack_score(t, att, k, _code(o[7:])) for o in opts})

    def _on_target(self, decision: Decision, t: _Table) -> str | None:
        opts = [o.id for o in decision.options if o.id.startswith("target:")]
        if not opts:
            return None
        page, timing, types = self.pending_page(decision, t)
        if page is None:  # not read from the prompt: the opponent's most valuable Page, else the first
            theirs = {o: self.worth(t.pages[_code(o[7:])]) for o in opts if o[7] == "u"
                      and _code(o[7:]) in t.pages and t.pages[_code(o[7:])]["controller"] == t.opp}
            return self.pick(theirs) or opts[0]
        if any(o.startswith("target:c") for o in opts):
            return self.pick({o: self.chain_harm(t, int(o[8:])) for o in opts})
        codes = {o: _code(o[7:]) if o != "target:none" else None for o in opts}
        scores = {}
        for o, tg in codes.items():
            if tg is None:  # Fear/Flash with no target, or an Equipment Beastie entering as a Beastie
                scores[o] = page_worth(page) if page.equip is not None else 0.0
                continue
            if page.equip is None and {"fear", "flash"} & set(page.traits) and page.targeting is None:
                pv = t.pages.get(tg)
                scores[o] = self.worth(pv) * 0.5 if pv is not None else 0.0
                continue
            scores[o] = self.effect_score(t, page, timing, tg, types) + self.equip_score(t, page, tg)
        return self.pick(scores)

    def pending_page(self, decision: Decision, t: _Table) -> tuple[Page | None, tuple[str, ...], Any]:
        """The Page (and Effect timings) whose target is being chosen, read from the prompt: a Page of our
        Chapter ("the target of Fire Dart.") or an Arena Page's Effect ("of Hearth Brownie #4's Effect.")."""
        m = re.search(r"the target of (.+)\.$", decision.prompt)
        if not m:
            return None, (), None
        what = m.group(1)
        if what.endswith("'s Effect"):
            pv = t.pages.get(_handle(what))
            if pv is None:
                return None, (), None
            page = page_of(pv["card"])
            timing = ("any_time",) if not t.my_turn or t.board.get("combat") or t.board["chain"] else (
                "power", "any_time")
            return page, timing, page.base_types
        for c in t.chapter:
            if page_of(c).name == what:
                return page_of(c), ("contract",), None
        return None, (), None

    def chain_harm(self, t: _Table, index: int) -> float:
        """How much the chain entry ``index`` would hurt us if it resolved (its worth to the opponent)."""
        chain = t.board["chain"]
        if not 0 <= index < len(chain):
            return 0.0
        it = chain[index]
        if it["stopped"]:
            return 0.0
        page = page_of(it["card"])
        timing = ("contract",) if it["kind"] == "contract" else ("any_time", "power")
        target = it.get("chain_target", -1)
        if any(e.target == "chain" for e in page.effects if e.timing in timing) and 0 <= target < index:
            return -self.chain_harm(t, target)  # a stop or reflect: it hurts as much as what it answers helps
        tg = _handle(it["targets"][0]) if it["targets"] else None
        if tg is None and it["targets"]:  # a Caster by name
            tg = next((-1 - s for s, c in enumerate(t.casters) if c["name"] == it["targets"][0]), None)
        mirror = _Table.__new__(_Table)  # the same board seen from the entry's controller
        mirror.__dict__.update(t.__dict__)
        mirror.me, mirror.opp = it["controller"], (t.me if it["controller"] != t.me else t.opp)
        harm = self.effect_score(mirror, page, timing, tg)
        return harm if it["controller"] != t.me else -harm

    # -- the opponent's turn, windows, Combat

    def _on_priority(self, decision: Decision, t: _Table) -> str | None:
        chain = t.board["chain"]
        if chain and chain[-1]["controller"] == t.me:
            return "pass"
        answers: dict[str, float] = {}
        cost: dict[str, dict[str, int]] = {}
        cards = set(t.chapter)
        for c in cards:
            page = page_of(c)
            if not page.any_time or page.type in ("aura", "terra"):
                continue
            sc = self.answer_score(t, page, ("contract",), page.type == "spell")
            if sc > 0:
                answers[f"play:{c}"] = sc
                cost[f"play:{c}"] = dict(page.cost)
        for o in decision.options:
            if o.id.startswith("use:"):
                _, uid, k = o.id.split(":")
                page = page_of(t.pages[int(uid)]["card"])
                sc = self.answer_score(t, _only(page, int(k)), ("any_time",), False)
                if sc > 0:
                    answers[o.id] = sc
                    cost[o.id] = {}
        ids = {o.id for o in decision.options}
        for oid, _ in sorted(answers.items(), key=lambda kv: (-kv[1], kv[0])):
            if oid in ids:
                return oid
            gen = self.gen_for(t, decision, cost[oid])
            if gen is not None:
                return gen
        return "pass"

    def answer_score(self, t: _Table, page: Page, timing: tuple[str, ...], spell: bool) -> float:
        """Worth of answering now with ``page``'s Effect: stop/reflect a harmful chain entry; in Combat,
        destroy the attacker or Primary Defender or save our Page; at other times, only a kill."""
        eff = next((e for e in page.effects if e.timing in timing), None)
        if eff is None:
            return 0.0
        chain = t.board["chain"]
        if eff.target == "chain":
            if not chain:
                return 0.0
            harm = max((self.chain_harm(t, i) for i, it in enumerate(chain)
                        if it["kind"] == "effect" or page_of(it["card"]).type in ("spell", "potion")), default=0.0)
            return harm if harm >= 20 else 0.0
        if eff.target not in ("opposing_beastie", "own_beastie", "beastie", "opposing_page", "opposing_caster"):
            return 0.0
        opts = self.legal(t, eff.target, spell)
        cb = t.board.get("combat")
        if cb is not None:
            a_uid, p_uid, t_uid = _handle(cb["attacker"]), _handle(cb["primary"]), _handle(cb["target"])
            att = t.pages.get(a_uid)
            if att is None:
                return 0.0
            best = 0.0
            if att["controller"] != t.me:  # we defend: kill the attacker, or save the Page it would kill
                threatened = t.pages.get(p_uid if p_uid is not None else t_uid)
                for tg in opts:
                    sc = self.effect_score(t, page, timing, tg)
                    pv = t.pages[tg]
                    if tg == a_uid and self.kills(t, page, timing, pv):
                        best = max(best, self.worth(att) + 20)
                    elif threatened is not None and tg == threatened["uid"]:
                        dmg = self.damage(t, att, 0, threatened)
                        after = self.healed(page, timing, threatened)
                        if dmg >= threatened["lp"] and dmg < after:
                            best = max(best, self.worth(threatened))
                    elif pv["controller"] != t.me and self.kills(t, page, timing, pv):
                        best = max(best, sc * 0.5)
                return best
            prim = t.pages.get(p_uid) if p_uid is not None else None
            for tg in opts:  # we attack: clear a Primary Defender that would strike our attacker down
                pv = t.pages[tg]
                if prim is not None and tg == prim["uid"] and self.kills(t, page, timing, pv):
                    back = self.strike_back(t, prim, att)
                    best = max(best, self.worth(prim) + (self.worth(att) if back >= att["lp"] else 0))
            return best
        if chain:
            return 0.0
        best = 0.0
        for tg in opts:  # a free moment: only a clean kill or a big heal is worth an answer card
            pv = t.pages[tg]
            if pv["controller"] != t.me and self.kills(t, page, timing, pv):
                best = max(best, self.worth(pv))
            elif pv["controller"] == t.me and not page.cost and pv["max_lp"] - pv["lp"] >= 30 and \
                    any(s.do == "recover" for e in page.effects for s in e.steps) and not t.my_turn:
                best = max(best, 15.0)
        return best

    def kills(self, t: _Table, page: Page, timing: tuple[str, ...], pv: dict[str, Any]) -> bool:
        """Whether ``page``'s Effect Destroys ``pv`` (Damage with Type Advantage, Stone Skin, Destroy)."""
        tp = page_of(pv["card"])
        dmg = 0
        for eff in page.effects:
            if eff.timing not in timing:
                continue
            for s in eff.steps:
                if s.do == "destroy":
                    return True
                if s.do == "damage" and "stone_skin" not in tp.traits:
                    dmg += s.amount + (ADVANTAGE if _strong(page.base_types, tp.base_types) else 0)
                if s.do == "lose_lp":
                    dmg += s.amount
        return dmg >= pv["lp"] and "immortal" not in tp.traits

    @staticmethod
    def healed(page: Page, timing: tuple[str, ...], pv: dict[str, Any]) -> int:
        """``pv``'s LP after ``page``'s Recover and LP Gain steps (Recover never above maximum, MZ-LP-07)."""
        lp = pv["lp"]
        for eff in page.effects:
            if eff.timing in timing:
                for s in eff.steps:
                    if s.do == "recover":
                        lp = min(pv["max_lp"], lp + s.amount)
                    elif s.do == "gain_lp":
                        lp += s.amount
        return lp

    def _on_defend(self, decision: Decision, t: _Table) -> str | None:
        cb = t.board.get("combat")
        if cb is None or cb["defenders"]:
            return "done"  # one Defender at most: the automatic allocation would spread the rest
        att = t.pages.get(_handle(cb["attacker"]))
        if att is None:
            return "done"
        t_uid = _handle(cb["target"])
        target = t.pages.get(t_uid) if t_uid is not None else None
        k = self.likely_attack(t, att, target)
        # our loss with no Defender: the target takes it (Caster or Page) and strikes back
        if target is None:
            base = -self.fight(t, att, k, None, t.me, True)
        else:
            base = -self.fight(t, att, k, target, t.me, False)
        scores = {"done": base}
        for o in decision.options:
            if o.id.startswith("defend:"):
                pv = t.pages.get(int(o.id[7:]))
                if pv is not None:
                    scores[o.id] = -self.fight(t, att, k, pv, t.me, target is None) - 5
        return self.pick(scores)

    def likely_attack(self, t: _Table, att: dict[str, Any], target: dict[str, Any] | None) -> int:
        """The Attack index of ``att`` that deals most Damage to ``target`` (the one it most likely uses)."""
        page = page_of(att["card"])
        return max(range(len(page.attacks)), key=lambda k: self.damage(t, att, k, target), default=0)

    def _on_primary(self, decision: Decision, t: _Table) -> str | None:
        cb = t.board.get("combat")
        att = t.pages.get(_handle(cb["attacker"])) if cb else None
        if att is None:
            return None
        scores = {}
        for o in decision.options:
            _, uid, k = o.id.split(":")
            pv = t.pages.get(int(uid))
            if pv is None:
                continue
            back = self.damage(t, pv, int(k), att) if int(k) >= 0 else 0
            taken = self.damage(t, att, self.likely_attack(t, att, pv), pv)
            scores[o.id] = self.hurt(att, back) - self.hurt(pv, taken) * 0.5
        return self.pick(scores)

    def _on_trap_pay(self, decision: Decision, t: _Table) -> str | None:
        flipped = t.board.get("flipped")
        if flipped is None:
            return None
        page = page_of(flipped["card"])
        if page.type in ("beastie", "artifact"):
            worth = page_worth(page)
        else:
            worth = self.effect_score(t, page, ("flipped",), None)
        ids = {o.id for o in decision.options}
        if worth <= 0:
            return "decline"
        if "pay" in ids:
            return "pay"
        return self.gen_for(t, decision, dict(page.cost)) or "decline"

    def _on_trap_where(self, decision: Decision, t: _Table) -> str | None:
        scores = {"alone": 1.0}
        for o in decision.options:
            if o.id.startswith("under:"):
                pv = t.pages.get(int(o.id[6:]))
                if pv is not None:
                    scores[o.id] = self.worth(pv)
        return self.pick(scores)

    def _on_burrow(self, decision: Decision, t: _Table) -> str | None:
        if t.my_turn:
            return "done"  # burrowed Beasties cannot attack
        threat = max((self.damage(t, pv, k, None) for pv in t.their_beasties
                      for k in range(len(page_of(pv["card"]).attacks))), default=0)
        for o in decision.options:
            if o.id.startswith("burrow:"):
                pv = t.pages.get(int(o.id[7:]))
                if pv is not None and pv["lp"] <= threat:
                    return o.id
        return "done"

    def _on_order(self, decision: Decision, t: _Table) -> str | None:
        """End-of-turn Poison and Regen (MZ-SIM-01): our Pages Regen first when Poison would Destroy them,
        else Poison first (so Regen is not wasted at full LP); the opponent's the other way round."""
        scores = {}
        for o in decision.options:
            m = re.fullmatch(r"next:(poison|regen):([pu])(\d+)", o.id)
            if m is None:
                return None  # another kind of simultaneous item: the documented default order
            kind, code = m.group(1), m.group(2) + m.group(3)
            if code.startswith("p"):
                scores[o.id] = 0.0
                continue
            pv = t.pages.get(int(code[1:]))
            if pv is None:
                scores[o.id] = 0.0
                continue
            poison = 10 * sum(1 for i in pv["indicators"] if i["status"] == "poison")
            deadly = poison >= pv["lp"]
            ours = pv["controller"] == t.me
            regen_first = deadly if ours else not deadly
            scores[o.id] = 1.0 if (kind == "regen") == regen_first else -1.0
        return self.pick(scores)


def _only(page: Page, k: int) -> Page:
    """``page`` with only its Effect ``k`` (to value one Power or "any time" Effect)."""
    return page.model_copy(update={"effects": [page.effects[k]]})


def _code(code: str) -> int:
    """A target code (``p1``, ``u5``) as the engine's target number (``-2``, ``5``)."""
    return -1 - int(code[1:]) if code[0] == "p" else int(code[1:])


class BasicZooBot:
    """The earlier thin player (the baseline): keeps its Chapter, Contracts the first affordable Page,
    attacks the Caster with everything, pays for flipped Traps, never defends, passes priority."""

    def __init__(self, seed: int):
        self.rng = Rng.from_seed(seed)

    def __call__(self, decision: Decision, view: View | None = None) -> str:
        ids = [o.id for o in decision.options]
        kind = decision.kind
        if kind in ("mulligan", "predict", "choose_first", "trap_where") and decision.default in ids:
            return decision.default
        if kind == "trap_pay":
            gens = [i for i in ids if i.startswith("gen:")]
            return "pay" if "pay" in ids else (gens[0] if gens else "decline")
        if kind in ("priority", "defend"):
            return decision.default or ids[0]
        if kind in ("target", "attack_target"):
            real = [i for i in ids if i != "back"]
            casters = [i for i in real if i.startswith("target:p")]
            if casters and kind == "attack_target":
                return casters[0]
            return real[self.rng.below(len(real))] if real else "back"
        if kind == "actions":
            pool = card_pool()
            plays = [i for i in ids if i.startswith("play:")]
            auras = [i for i in plays if pool[i[5:]].type == "aura"]
            if auras:
                return auras[0]
            others = [i for i in plays if pool[i[5:]].type != "terra"]
            if others:
                return others[0]
            gens = [i for i in ids if i.startswith("gen:")]
            if gens and view is not None and view.private and any(
                    pool[c["card"]].type not in ("aura", "terra") for c in view.private["chapter"]):
                return gens[0]
            attacks = [i for i in ids if i.startswith("attack:")]
            if attacks:
                return attacks[0]
            return "end"
        return ids[self.rng.below(len(ids))]


def computer(seed: int) -> ZooBot:
    """The computer player the game offers (``Game.computer`` finds it by convention): a :class:`ZooBot`
    seeded with ``seed``."""
    return ZooBot(seed)


# -- search (games.core.search): the determinization, the cut-off estimate and the play-out policy

BUDGETS = {"normal": 150, "hard": 1000}
"""Search iterations per level: about 0.3 s and 2 s a decision. Each iteration plays a sample on with the heuristic
to the start of the next turn (:func:`evaluate`), about 2 ms of CPU (``time.process_time``) at every 13th decision
with a choice of two seeded heuristic games (seeds 300 and 301; 0.4-5.3 ms, dearer late in a game): 466-522
iterations per CPU second (2026-11-28, machine at load 4; 230 when the play-on went to the turn after next, 70 and
470 iterations then)."""

PLIES = 0
"""Play-out length in decisions of the search's own loop before :func:`evaluate` scores the position: none, since
:func:`evaluate` itself lets the heuristic play on to a turn counted from the search's root (a fixed play-out length
stops mid-Combat or mid-turn, and an option that ends the turn was scored a turn later than one that does not)."""

SEARCH = {"exploration": 0.15, "hint_bias": 1.0}
"""The search's tuning (games.core.search): UCB's constant and the root's bias towards the heuristic's choice, on the
scale of :func:`evaluate`, whose options differ by a few hundredths (70 LP of material two turns on is about 0.05).
The defaults (0.7 and 3.0) made every option's visits nearly even, so the most visited one was chance; with these
the search leaves the heuristic when another option is about 0.05 better over some twenty samples."""


def hidden_from(st: State, seat: int) -> list[int]:
    """The Page instances whose identity ``seat`` cannot see (MZ-CORE-08, MZ-TRAP-11), in instance order: every
    Spellbook (its own too: it knows what is in it, not the order), the other Casters' Chapters, and the
    face-down Pages (standalone or under a Page) that other Casters control. A Page whose Contract or face-down
    placing is being chosen (``State.pending``) is still in its Caster's Chapter, so it is hidden from the
    others too."""
    hidden: set[int] = set()
    for p, c in enumerate(st.casters):
        hidden.update(c.spellbook)
        if p != seat:
            hidden.update(c.chapter)
    for ap in st.arena:
        if ap.controller != seat:
            if ap.face_down:
                hidden.add(ap.card)
            if ap.trap >= 0:
                hidden.add(ap.trap)
    return sorted(hidden)


def sample(state: State, seat: int, rng: Rng) -> State:
    """A determinization of ``state`` for ``seat`` (games.core.search): a copy in which the identity of every
    Page hidden from ``seat`` (:func:`hidden_from`) is drawn again and the game's generator is reseeded, so the
    copy tells nothing of the real hidden Pages nor of the real future shuffles, flips and rolls.

    Each hidden instance keeps its place, owner and controller (all public: Spellbook and Chapter sizes, the
    face-down handles and where they sit); only its Page id changes.

    * ``seat``'s own hidden Pages (its Spellbook, MZ-CORE-08) are its own unseen Pages, which it knows as a list
      (its Spellbook list, after any Archive swaps of a series, MZ-BOOK-06, less the Pages it sees) but not in
      order: they are shuffled among those places (:func:`games.core.determinize.shuffled`).
    * Another Caster's hidden Pages (Spellbook, Chapter, its face-down Pages) are drawn from a prior
      (:func:`games.core.determinize.unseen_cards`): one of the starter Spellbooks, drawn by how well it explains
      that Caster's Pages in sight (:func:`likely_deck`), less those Pages (Limbo, Cemetery, Afterlife, face-up in the Arena, equipped, underneath, on the
      chain, flipped), topped up from the whole pool. A series' Archive (MZ-BOOK-06) may have changed that
      Caster's Spellbook since: the pool top-up covers Pages no starter holds. Any Page may be placed
      face-down (MZ-GAP-61) and the view shows nothing of it, but a revealed bluff loses the game (MZ-TRAP-06,
      MZ-WIN-04), so the prior believes the others place real Traps: their face-down Pages are drawn first,
      from the Trap Pages of that starter Spellbook (less those in sight), topped up from the pool's Traps;
      their Spellbook and Chapter from what is left.

    Kept as they are, being public: the board, the chain, every Caster's LP, Aura and Indicators, and the
    surroundings of the 4th Wall (``State.sky``: the table's mode, place, profiles and clock are frozen table
    inputs, and this turn's answers are on the board, MZ-WALL-04, MZ-GAP-69). Caches start empty."""
    det = clone(state)
    names = det.cards
    owner = det.owner
    hidden = hidden_from(det, seat)
    secret = set(hidden)
    face_down = {c for ap in det.arena if ap.controller != seat for c in ((ap.card,) if ap.face_down else ())
                 + ((ap.trap,) if ap.trap >= 0 else ())}
    own = [c for c in hidden if owner[c] == seat]
    for c, name in zip(own, shuffled([names[c] for c in own], rng), strict=True):
        names[c] = name
    pool = _pool_ids()
    for p in range(len(det.casters)):
        if p == seat:
            continue
        theirs = [c for c in hidden if owner[c] == p]
        if not theirs:
            continue
        seen = [names[c] for c in range(len(names)) if owner[c] == p and c not in secret]
        deck = _less(likely_deck(seen, rng), seen)
        down = [c for c in theirs if c in face_down]
        rest = [c for c in theirs if c not in face_down]
        trap_set = _trap_set()
        traps = unseen_cards([n for n in deck if n in trap_set], (), len(down), _trap_ids(), rng)
        drawn = traps + unseen_cards(_less(deck, traps), (), len(rest), pool, rng)
        for c, name in zip(down + rest, drawn, strict=True):
            names[c] = name
    det.defs = redrawn_defs(defs_of(state), names, hidden)
    det.rng = rng.next64()
    det.root_turn = state.turn  # the search's root, for evaluate (State.root_turn)
    return det


MISS_WEIGHT = 0.1
"""In :func:`likely_deck`: how much likelier a starter Spellbook is for each Page in sight fewer that it lacks."""


def likely_deck(seen: list[str], rng: Rng) -> list[str]:
    """The Page list of one starter Spellbook for a Caster whose Pages in sight are ``seen``: each starter, in name
    order, drawn with weight ``MISS_WEIGHT ** misses``, ``misses`` being how many of ``seen`` it cannot hold
    (copies counted). With nothing in sight every starter is as likely (the prior of
    :func:`games.core.determinize.prior_deck`). The starters share almost no Page and each has its own Aura
    types, so a Caster's first Aura Page in sight points at its Spellbook; drawn uniformly, six samples in seven
    gave it a Chapter of Pages its Aura cannot pay, and the search planned against an opponent who never
    Contracts. Pages no starter holds (a Spellbook of the Caster's own, an Archive swap) come from the pool."""
    return _likely_deck(_starters(), _starter_counts(), seen, rng, MISS_WEIGHT)


@lru_cache(maxsize=1)
def _starter_counts() -> dict[str, Counter[str]]:
    return {k: Counter(v) for k, v in _starters().items()}


def redrawn_defs(defs: Defs, names: list[str], redrawn: list[int]) -> Defs:
    """The Page definitions of a sample (``State.defs``): ``defs`` (the real state's) with those of the ``redrawn``
    instances whose Page id is now another (``names``) looked up again; what :func:`defs_of` would build from
    ``names`` alone, without looking up every instance of every sample."""
    out = Defs(defs)
    lines = out.lines = list(defs.lines)
    base = out.base = list(defs.base)
    pool = card_pool()
    get = pool.get  # a plain Page id (no "token:" or "copy:" code is a pool id): page_def's answer, looked up once
    for c in redrawn:
        page = get(names[c])
        if page is None:
            page = page_def(pool, names[c])
        if page is not out[c]:
            out[c] = page
            lines[c] = base[c] = None
    return out


def evaluate(state: State) -> dict[int, float]:
    """Each Caster's chance to win, for the search (games.core.search): the heuristic computer
    (:func:`play_on_choice`) plays a copy of ``state`` on to the start of turn ``root + PLAY_ON_TURNS`` (at most
    :data:`PLAY_ON_LIMIT` decisions), ``root`` the turn of the state the search sampled (``State.root_turn``, set by
    :func:`sample`; a state that is not a sample, a copy of one included, counts from its own turn), so the Action being built, its answers, the Combats,
    the end of the turn and the opponent's reply are played out before the position is scored (:func:`estimate`);
    a game that ends on the way scores its result (1 a winner, 0 a loser, ½ anyone else). ``state`` is not
    changed; in a determinization every Page is known and the generator was reseeded by :func:`sample`, so
    nothing hidden from the searching seat is read."""
    start = state.turn if state.root_turn is None else state.root_turn
    st = clone(state, keep_defs=True)
    rng = Rng.from_seed(st.rng)
    for _ in range(PLAY_ON_LIMIT):
        if st.turn - start >= PLAY_ON_TURNS:
            break
        open_ = decisions_of(st)
        if not open_:
            break
        d = open_[0]
        apply_choice(st, d.seat, play_on_choice(st, d, rng))
    res = st.result
    if res is not None:
        return result_rewards(res, len(st.casters))
    return estimate(st)


PLAY_ON_TURNS = 1
"""How many turns after the search root's :func:`evaluate` scores: the rest of the root's turn, to the start of the
next one (as Meta's, MetaX's and Memesis's ``evaluate``). At 2 (the rest of the root's turn and the next one, so an
Attack that leaves no Beastie Awakened to defend meets the opponent's reply) an iteration cost 1.7 ms of CPU at
``bench/bench_iteration.py``'s position even after the engine's same-choice speed-ups, over issue 29's 1 ms; at 1 it
costs about 0.6 ms. On branch zoo (2026-11-28) 1 let the search attack where the heuristic guards; its strength at 1
with the budgets below is in docs/performance.md ("Computer players")."""

PLAY_ON_LIMIT = 60
"""Decisions :func:`evaluate` plays on at most (a two-seat turn of the heuristic takes about 15)."""


def play_on_choice(state: State, decision: Decision, rng: Rng) -> str:
    """The heuristic computer's choice in ``state`` (:class:`ZooBot` reading the deciding Caster's view, its
    ties broken by ``rng``), without the play-out's noise (:func:`rollout_choice`, which orders the tree's
    expansions): :func:`evaluate` scores what an option leads to when both sides go on as the heuristic does."""
    if len(decision.options) == 1:
        return decision.options[0].id
    if decision.kind == "priority" and not _can_answer(state, decision):
        return "pass"
    from .game import GAME

    bot = _ROLLOUT_BOT
    bot.rng = rng
    return bot(decision, GAME.bot_view(state, decision.seat))


def estimate(state: State) -> dict[int, float]:
    """Each Caster's chance to win an unfinished game: a softmax, at a scale of :data:`EVAL_SCALE` LP, over
    the Casters still in the game (those who left score 0, MZ-GAP-12) of a material score (:func:`material`)."""
    st = state
    score = material(st)
    live = [p for p in range(len(st.casters)) if p not in st.out]
    top = max(score[p] for p in live)
    weight = {p: math.exp((score[p] - top) / EVAL_SCALE) for p in live}
    total = sum(weight.values())
    return {p: weight.get(p, 0.0) / total for p in range(len(st.casters))}


EVAL_SCALE = 350.0
"""The score difference (in LP) that makes one of two Casters about 2.7 times as likely to win as the other. Fitted
on the start of every turn of 179 decided heuristic-against-heuristic games (seeds 100-299): 350 gives a log loss
of 0.55 on held-out games, where the earlier 80 gave 0.96 (sure of the leader far too soon, so every play-out of a
lopsided position scored 0 or 1 and an even one swung on a few LP). Checked again on 9,801 turn starts of 268
games (seeds 100-399): 450 gives 0.587, 350 0.602; a logistic fit of LP, LP under 300, Aura Pages, Beastie worth,
Beasties and Chapter size does no better in cross-validation (0.591), and only 58% of the winners are told at a
game's first quarter, 86% at its last."""

AURA_WORTH = 60.0  # an Aura Page in the Arena: one more Aura every turn (MZ-AURA-01)
CHAPTER_WORTH = 20.0  # a Page in the Chapter: a choice to come
BLUFF_RISK = 40.0  # a face-down Page without the Trap Trait: its Caster loses if it is revealed (MZ-TRAP-06)


def material(st: State) -> list[float]:
    """Each Caster's material, in LP: their LP (a Caster at 0 LP loses, MZ-WIN-01), the worth of the face-up
    Beasties and Artifacts they control at their current LP (:func:`page_worth`), :data:`AURA_WORTH` per
    Aura Page and :data:`CHAPTER_WORTH` per Chapter Page, less :data:`BLUFF_RISK` per face-down bluff they
    control. Reads the determinized state (a search's sample), not a view. A winning Page still to come
    (The Last Page, MZ-WIN-03) is not counted: in another Caster's Spellbook it is a guess of the sample, so it
    moved every score of one sample by 230 LP and told the options apart by nothing but noise."""
    defs = _defs(st)
    score = [float(max(0, c.max_lp - c.damage)) + CHAPTER_WORTH * len(c.chapter) for c in st.casters]
    for ap in st.arena:
        d = defs[ap.card]
        if ap.face_down:
            if "trap" not in d.traits:
                score[ap.controller] -= BLUFF_RISK
            continue
        if ap.trap >= 0 and "trap" not in defs[ap.trap].traits:
            score[ap.controller] -= BLUFF_RISK
        if d.type == "aura":
            score[ap.controller] += AURA_WORTH
        elif d.lp:
            lp = max(0, d.lp + ap.gain - ap.damage)
            if lp:
                score[ap.controller] += _worth(st.cards[ap.card], d) - (d.lp - lp) / 2
    return score


_worth_cache: dict[str, float] = {}


def _worth(card: str, page: Page) -> float:
    """:func:`page_worth` of ``page`` (the definition of instance code ``card``) at its printed LP, memoised by
    the code."""
    got = _worth_cache.get(card)
    if got is None:
        got = _worth_cache[card] = page_worth(page)
    return got


ROLLOUT_NOISE = 8
"""One play-out decision in this many is made by :func:`quick_choice` (a purposeful random Caster) instead of the
heuristic computer, so play-outs from one position differ."""

_ROLLOUT_BOT = ZooBot(0)


def rollout_choice(state: State, decision: Decision, rng: Rng) -> str:
    """The play-out policy: the heuristic computer (:class:`ZooBot`, reading the deciding Caster's view of the
    sampled state, its ties broken by the search's ``rng``), except one decision in :data:`ROLLOUT_NOISE`, made by
    :func:`quick_choice`. A decision with one option is answered without either (both would choose it). At
    :data:`PLIES` 0 the search plays no play-out of its own: this policy picks which untried option of a tree node
    is expanded first, and :func:`evaluate` plays on with :func:`play_on_choice`."""
    if len(decision.options) == 1:
        return decision.options[0].id
    if rng.below(ROLLOUT_NOISE) == 0:
        return quick_choice(state, decision, rng)
    if decision.kind == "priority" and not _can_answer(state, decision):
        return "pass"  # what the heuristic answers without an "any time" Page or Effect, read without a view
    from .game import GAME

    bot = _ROLLOUT_BOT
    bot.rng = rng
    return bot(decision, GAME.bot_view(state, decision.seat))  # what ZooBot reads, viewed once


def _can_answer(st: State, decision: Decision) -> bool:
    """Whether a priority ``decision`` offers an "any time" Effect of an Arena Page (``use:``) or its Caster holds
    an "any time" Page other than Aura and Terra in the Chapter: else :class:`ZooBot` passes."""
    if any(o.id.startswith("use:") for o in decision.options):
        return True
    defs = _defs(st)
    return any(defs[c].any_time and defs[c].type not in ("aura", "terra") for c in st.casters[decision.seat].chapter)


def quick_choice(state: State, decision: Decision, rng: Rng) -> str:
    """A quick, purposeful random Caster that reads only the sampled state's option ids,
    labels and its own Chapter. It passes most priority offers, Contracts a Page when it can, generates Aura
    while its Chapter holds a Page needing it, Attacks, places only real Traps face-down (a bluff loses when
    revealed, MZ-TRAP-06), pays for a flipped Trap, never goes back, and ends its Take Actions step when
    nothing is left."""
    opts = decision.options
    kind = decision.kind
    if kind == "priority":
        acts = [o.id for o in opts if o.id.startswith(("play:", "use:"))]
        if acts and rng.below(4) == 0:
            return acts[rng.below(len(acts))]
        return "pass"
    if kind == "actions":
        plays, gens, attacks, traps, other = [], [], [], [], []
        for o in opts:
            head = o.id.split(":", 1)[0]
            if head == "play":
                plays.append(o.id)
            elif head == "gen":
                gens.append(o.id)
            elif head == "attack":
                attacks.append(o.id)
            elif head == "trap":
                if "bluff" not in o.label:
                    traps.append(o.id)
            elif head in ("use", "power"):
                other.append(o.id)
        if plays:
            return plays[rng.below(len(plays))]
        if gens and rng.below(4):
            useful = _useful_gens(state, decision.seat, gens)
            if useful:
                return useful[rng.below(len(useful))]
        if attacks and rng.below(8):
            return attacks[rng.below(len(attacks))]
        if traps and rng.below(2):
            return traps[rng.below(len(traps))]
        if other and rng.below(4) == 0:
            return other[rng.below(len(other))]
        return "end"
    if kind == "trap_pay":
        return "pay" if any(o.id == "pay" for o in opts) else "decline"
    real = [o.id for o in opts if o.id != "back"]
    if not real:
        return opts[0].id
    return real[rng.below(len(real))]


def _useful_gens(st: State, seat: int, gens: list[str]) -> list[str]:
    """The ``gen:<uid>`` options of ``gens`` whose Aura some Page of ``seat``'s Chapter needs (a typed cost of
    that Aura, or a Neutral cost)."""
    defs = _defs(st)
    need: set[str] = set()
    for c in st.casters[seat].chapter:
        need.update(defs[c].cost)
    if not need:
        return []
    if "neutral" in need:
        return gens
    aura = {ap.uid: defs[ap.card].aura for ap in st.arena if ap.controller == seat}
    return [g for g in gens if aura.get(int(g[4:])) in need]


def _defs(st: State) -> list[Page]:
    return defs_of(st)


def _pool_ids() -> tuple[str, ...]:
    return deck_prior(card_pool, starter_decks)[0]


def _less(deck: list[str], gone) -> list[str]:
    """``deck`` less one copy of each Page id in ``gone`` (as far as ``deck`` has it), in ``deck``'s order."""
    left: dict[str, int] = {}
    for c in gone:
        left[c] = left.get(c, 0) + 1
    out = []
    for c in deck:
        n = left.get(c)
        if n:
            left[c] = n - 1
        else:
            out.append(c)
    return out


@lru_cache(maxsize=1)
def _trap_ids() -> tuple[str, ...]:
    """The pool's Pages with the Trap Trait, by id."""
    return tuple(sorted(k for k, page in card_pool().items() if "trap" in page.traits))


@lru_cache(maxsize=1)
def _trap_set() -> frozenset[str]:
    return frozenset(_trap_ids())


def _starters() -> dict[str, list[str]]:
    return deck_prior(card_pool, starter_decks)[1]

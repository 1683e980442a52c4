"""The Memesis computer player: :class:`MemesisBot`, a callable ``(decision, view) -> option id``.

It decides only from its own decision and its own view (``view.board``, ``view.private``) plus the public
card pool; ties are broken by its own seeded :class:`games.core.rng.Rng`.

The main decision is built in draft steps (``games.memesis.rules`` docstring): the bot picks one *plan* (a
thing and the full path of components it means to take) and follows it through the ``act`` decisions; when
a planned component is not offered it goes ``back`` and never tries that thing and verb again this turn. A
per-turn budget of actions ends the turn in any case.

Each main decision it takes the best of, in order:

* the most valuable affordable use of source: an Effect at an opponent's creature or at an opponent (never
  at its own side or an ally), the best creature or Cause card, an ability (Ammo-fuelled ones included), a
  Rune on its own piece bearing the Rune's marking;
* else sourcing a piece that came in earlier turns, when that makes a clearly better play affordable;
* incubating a big card it cannot afford (its Incubation Cell empty), spare cards into Ammunition when it
  has Ammo users, consuming a card for Life when its Life is low;
* then the end of its turn (attacks not in its first turn): per opponent it weighs sets of its creatures
  (strongest first, cheapest first) against how that opponent would block them with every creature it has
  (the bot's own blocking rule): creatures killed on both sides plus the damage that gets through, a lethal
  attack above all; the best set with a gain attacks, so outnumbering the blockers presses the attack.
  Other creatures that survive the best blocker, or face none, attack the weakest-defended opponent; the
  rest wait in the Defend Cell (attackers may still move into Defend when attacked); source left over is
  granted to an ally when offered, 5 source buys a card when its hand is small; then ``end``.

In response windows it passes unless an attack or damage is aimed at it (it moves useful blockers into
Defend and may kill an attacker with an Effect). Prompts: intercept with a creature that survives, block the
attacker it kills or survives (chump when the damage would be lethal), and sensible answers to the rest.

The search computer (levels ``normal`` and ``hard``, :mod:`games.core.search`) uses the hooks at the end of this
module: :func:`sample` (a determinization from one seat's view: what is hidden and the prior are in its
docstring), :func:`evaluate` (the heuristic plays on to the start of the next turn, :func:`play_on`, then a
material estimate, :func:`material`), :func:`rollout_choice` (a quick random play-out policy, for longer
play-outs: uniform random ones take four times as many decisions to end a game), :data:`PLIES` and
:data:`BUDGETS`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from games.core.determinize import deck_prior, prior_deck, shuffled, unseen_cards
from games.core.players import GuardedPlayer
from games.core.rng import Rng
from games.core.serial import cloner
from games.core.values import Decision, View

from .cards import Ability, Card
from .pool import card_pool, starter_decks
from .rules import cells
from .state import Piece, State

BUDGET = 40  # main decisions per own turn before it ends the turn
HARD_LIMIT = 150  # choices in one turn (the board's "choices", anyone's) after which it only ends, backs or passes
WINDOW_BUDGET = 8  # responses per turn in windows
UNKNOWN = 3.0  # the value guessed for a face-down card
_UID = re.compile(r"#(\d+)")


def _card(cid: str) -> Card | None:
    return card_pool().get(cid)


def card_value(cid: str) -> float:
    """What a card is worth to have in play (creature stats, abilities) or in hand."""
    c = _card(cid)
    if c is None:
        return UNKNOWN
    if c.kind == "creature":
        return c.attack + c.life + 2 * c.armor + 1.5 * len(c.abilities)
    if c.kind == "cause":
        return 2 + 2 * len(c.abilities)
    if c.kind == "effect":
        return 2 + c.cost
    return 1.0


def computer(seed: int) -> MemesisBot:
    """The computer player of ``games.memesis.GAME`` (found by ``Game.computer``): a :class:`MemesisBot` seeded
    with ``seed``, acting from its decision and own view only."""
    return MemesisBot(seed)


class MemesisBot(GuardedPlayer):
    """Callable ``(decision, view) -> option id``; ``strict`` lets internal errors raise (for tests) instead
    of falling back to the decision's default."""

    def __init__(self, seed: int, strict: bool = False):
        self.rng = Rng.from_seed(seed)
        self.strict = strict
        self.turn = -1
        self.used = 0
        self.responses = 0
        self.failed: set[tuple[str, str]] = set()
        self.plan: tuple[str, tuple[str, ...]] | None = None
        self.step = 0
        self.incubating: str | None = None
        self.attack_cache: tuple | None = None

    # ------------------------------------------------------------ entry

    def decide(self, d: Decision, view: View | None) -> str | None:
        if view is None or view.board is None:
            return d.default
        ctx = _Ctx(d, view)
        if ctx.board.get("choices", 0) > HARD_LIMIT:
            # The host asks a new bot for every decision (bot/host/tables.py computer_choice): this bound on the
            # turn, read from the view, keeps a turn finite even without the bot's memory.
            quit_ = {"main": "end", "act": "back", "window": "pass"}.get(d.kind)
            if quit_ is not None:
                return quit_
        if ctx.turn != self.turn:
            self.turn, self.used, self.responses = ctx.turn, 0, 0
            self.failed = set()
        if ctx.private and ctx.private.get("incubation"):
            self.incubating = ctx.private["incubation"]["card"]
        if d.kind == "act":
            if self.plan is None:
                return self._resume(d, ctx)
            dr = ctx.private.get("draft") or {}
            taken = tuple(dr.get("path", ()))
            if self.plan[1][:len(taken)] == taken:
                self.step = len(taken)  # the engine takes single-choice steps itself
            return self._act(d)
        self.plan = None
        if d.kind == "main":
            return self._main(ctx)
        if d.kind == "window":
            return self._window(ctx)
        handler = getattr(self, f"_p_{d.kind}", None)
        return handler(ctx) if handler else d.default

    # ------------------------------------------------------------ drafts

    def _act(self, d: Decision) -> str:
        ids = {o.id for o in d.options}
        if self.plan is None:
            return "back"
        ref, path = self.plan
        if self.step < len(path):
            want = path[self.step]
            if want in ids:
                self.step += 1
                return want
        else:
            for dflt in ("up", "plain"):
                if dflt in ids:
                    return dflt
        self.failed.add((ref, path[0]))
        self.plan = None
        return "back"

    def _resume(self, d: Decision, c: _Ctx) -> str:
        """A draft this bot did not start (the host asks a new bot for each decision): plan again for the
        draft's card or piece only (``view.private["draft"]``) and go on when the plan fits what is chosen."""
        dr = c.private.get("draft")
        if not dr:
            return "back"
        ref, path = dr["ref"], tuple(dr["path"])
        # the main decision as it was: every hand card and every piece of this seat's, and "end"
        c.hand = [(h["ref"], h["card"]) for h in c.private.get("hand", []) if h.get("ref")]
        c.opts = {h for h, _ in c.hand} | {f"p{pc['uid']}" for pc in c.board["pieces"]
                                           if pc["controller"] == c.me} | {ref, "end"}
        used, responses = self.used, self.responses
        self.plan = None
        try:
            (self._window if d.window else self._main)(c)  # a draft inside a response window, or the turn's
        finally:
            self.used, self.responses = used, responses
        if self.plan is not None and self.plan[0] == ref and self.plan[1][:len(path)] == path:
            self.step = len(path)
            return self._act(d)
        self.plan = None
        return "back"

    def _start(self, ref: str, path: tuple[str, ...]) -> str:
        self.plan = (ref, path)
        self.step = 0
        return ref

    # ------------------------------------------------------------ main decision

    def _main(self, c: _Ctx) -> str:
        self.used += 1
        if self.used > BUDGET:
            return "end"
        best = self._best_spend(c, c.source)
        if best is not None and best[0] >= 1.0:
            return self._start(best[1], best[2])
        src = self._source_for(c)
        if src is not None:
            return self._start(src, ("source",))
        other = self._housekeeping(c)
        if other is not None:
            return other
        return self._end_phase(c)

    def _ok(self, c: _Ctx, ref: str, verb: str) -> bool:
        return ref in c.opts and (ref, verb) not in self.failed

    def _spends(self, c: _Ctx, window: bool) -> list[tuple[float, int, str, tuple[str, ...]]]:
        """Every use of source worth considering: (value, cost, ref, path)."""
        out: list[tuple[float, int, str, tuple[str, ...]]] = []
        for ref, cid in c.hand:
            card = _card(cid)
            if card is None:
                continue
            if card.kind == "effect" and self._ok(c, ref, "play"):
                v, t = c.best_target(card.abilities[0], None)
                if t is not None:
                    bonus = 2.0 if c.opp_causes and v > 0 and c.hits_opponent(card.abilities[0], t) else 0.0
                    out.append((v + bonus - 0.3 * card.cost, card.cost, ref, ("play", t, "plain")))
            elif window:
                continue
            elif card.kind in ("creature", "cause") and self._ok(c, ref, "play"):
                dest = "main"
                if card.kind == "creature":
                    dest = c.ally_defend_dest() or "main"
                out.append((card_value(cid) * 0.6 + 1, card.cost, ref, ("play", dest, "up")))
            elif card.kind == "rune" and self._ok(c, ref, "rune"):
                host, v = c.best_rune_host(card.predilection)
                if host is not None and v > 0:
                    out.append((v, 1, ref, ("rune", host)))
        for pc in c.mine:
            ref = f"p{pc['uid']}"
            if pc["face_down"] or pc["sourced"] or ref not in c.opts:
                continue
            for i, a in enumerate(c.abilities_of(pc)):
                if (window and not a.any_time) or (a.ammo and window):
                    continue
                key = f"use:{i}"
                if (ref, key) in self.failed or i in pc.get("used", ()):  # once per turn (MEM-CE-06)
                    continue
                if a.ammo and (a.ammo > c.ammo_free or pc["cell"] not in ("main", "attack")):
                    continue
                v, t = c.best_target(a, pc)
                if t is None:
                    continue
                out.append((v - 0.3 * a.cost, a.cost, ref, (key, t)))
        return out

    def _best_spend(self, c: _Ctx, budget: int, window: bool = False):
        best = None
        for v, cost, ref, path in self._spends(c, window):
            if cost > budget:
                continue
            key = (v, cost, self.rng.below(1000))
            if best is None or key > best[0]:
                best = (key, ref, path)
        if best is None:
            return None
        return best[0][0], best[1], best[2]

    def _source_for(self, c: _Ctx) -> str | None:
        """Source a piece when that makes a clearly better play affordable."""
        cands = []
        for pc in c.mine:
            ref = f"p{pc['uid']}"
            if (pc["face_down"] or pc["sourced"] or pc.get("new") or pc.get("kind") in ("effect", "rune")
                    or ref not in c.opts or (ref, "source") in self.failed):
                continue
            cands.append((c.keep_value(pc), self.rng.below(1000), ref))
        if not cands:
            return None
        cands.sort()
        best_gain = 0.0
        for v, cost, _ref, _path in self._spends(c, False):
            need = cost - c.source
            if need <= 0 or need > len(cands) or v < 2:
                continue
            loss = sum(k for k, _, _ in cands[:need])
            if v - loss > best_gain:
                best_gain = v - loss
        return cands[0][2] if best_gain > 0.5 else None

    def _housekeeping(self, c: _Ctx) -> str | None:
        me = c.me
        hand = [(ref, cid, _card(cid)) for ref, cid in c.hand]
        hand = [h for h in hand if h[2] is not None]
        # consume a card for Life when low
        if c.players[me]["life"] <= 6:
            pool = [(card.cost, ref) for ref, _cid, card in hand if card.cost >= 2 and self._ok(c, ref, "consume")
                    and card.cost > c.source]
            if pool:
                return self._start(max(pool)[1], ("consume", "life"))
        potential = c.source + len(c.sourceable)
        # incubate a big card the bot cannot afford
        if c.private.get("incubation") is None and c.players[me].get("incubation") is None:
            big = [(card_value(cid), ref) for ref, cid, card in hand
                   if card.kind == "creature" and card.cost >= 3 and card.cost > potential
                   and self._ok(c, ref, "incubate")]
            if big:
                return self._start(max(big)[1], ("incubate", f"s{me}", "up"))
        # spare cards into Ammunition for the Ammo users
        need = c.ammo_need()
        if need > len(c.private.get("ammo", [])) and len(hand) > 2:
            spare = [(card_value(cid) + (10 if card.cost <= potential and card.kind != "rune" else 0), ref)
                     for ref, cid, card in hand if self._ok(c, ref, "ammo")]
            if spare:
                v, ref = min(spare)
                if v < 10:
                    return self._start(ref, ("ammo", f"s{me}"))
        return None

    def _end_phase(self, c: _Ctx) -> str:
        me = c.me
        if c.players[me]["turns"] > 1 and c.opponents:
            for uid, tgt in self._attack_plan(c):
                ref = f"p{uid}"
                if self._ok(c, ref, "move"):
                    return self._start(ref, ("move", f"attack:s{tgt}"))
        for pc in c.fighters():
            ref = f"p{pc['uid']}"
            if pc["cell"] == "main" and self._ok(c, ref, "move") and (ref, "move:defend") not in self.failed:
                self.failed.add((ref, "move:defend"))
                return self._start(ref, ("move", "defend"))
        grants = [o for o in c.opts if o.startswith("grant:")]
        if grants and c.source > 0:
            return grants[0]
        if ("draw" in c.opts and c.players[me]["brain"] > 0 and c.players[me]["hand"] <= 4
                and ("draw", "draw") not in self.failed):
            self.failed.add(("draw", "draw"))
            return "draw"
        return "end"

    def _attackers(self, c: _Ctx) -> list[dict]:
        """Own creatures that may still be sent into the Attack Cell this turn."""
        out = []
        for pc in c.fighters():
            ref = f"p{pc['uid']}"
            if (pc["cell"] == "attack" or pc.get("hatched") or pc["attack"] <= 0 or pc.get("owner", c.me) != c.me
                    or not self._ok(c, ref, "move")):
                continue
            out.append(pc)
        return out

    def _attack_plan(self, c: _Ctx) -> list[tuple[int, int]]:
        """``[(uid, seat)]``: the creatures to send and whom they attack. Per opponent it weighs sets of
        attackers (the strongest first, the cheapest first) against how that opponent would block them (the
        bot's own blocking rule: every creature it has may move into Defend): creatures killed on both sides
        and the damage that gets through; the best set with a gain is sent, the rest attack where they are
        safe."""
        free = self._attackers(c)
        if not free:
            return []
        # the plan is made once per turn and board (moving its creatures into the Attack Cell keeps it)
        key = (c.turn, tuple((pc["uid"], pc["controller"], pc.get("attack"), pc.get("life"), pc.get("armor"),
                              pc["sourced"], pc["face_down"]) for pc in c.board["pieces"]))
        if self.attack_cache is not None and self.attack_cache[0] == key:
            ok = {pc["uid"] for pc in free}
            return [(u, t) for u, t in self.attack_cache[1] if u in ok]
        committed = [pc for pc in c.fighters() if pc["cell"] == "attack" and pc.get("target") is not None]
        best = None
        for tgt in c.opponents:
            fixed = [pc for pc in committed if pc["target"] == tgt]
            for order in (sorted(free, key=lambda p: (-(p["attack"] + p["life"] + 3 * p["armor"]), p["uid"])),
                          sorted(free, key=lambda p: (c.value(p), p["uid"]))):
                for k in range(1, len(order) + 1):
                    score = c.attack_score(fixed + order[:k], tgt)
                    if score > 0 and (best is None or score > best[0]):
                        best = (score, tgt, order[:k])
        plan: list[tuple[int, int]] = []
        sent: set[int] = set()
        if best is not None:
            plan = [(pc["uid"], best[1]) for pc in best[2]]
            sent = {pc["uid"] for pc in best[2]}
        tgt = c.weakest_opponent()
        for pc in free:
            if pc["uid"] not in sent and c.worth_attacking(pc, tgt):
                plan.append((pc["uid"], tgt))
        self.attack_cache = (key, plan)
        return plan

    # ------------------------------------------------------------ windows

    def _window(self, c: _Ctx) -> str:
        if self.responses >= WINDOW_BUDGET:
            return "pass"
        aimed = c.attackers_at_me()
        if aimed:
            for pc in c.fighters():
                ref = f"p{pc['uid']}"
                if pc["cell"] == "defend" or not self._ok(c, ref, "move"):
                    continue
                if c.useful_blocker(pc, aimed):
                    self.responses += 1
                    self.failed.add((ref, "move"))
                    return self._start(ref, ("move", "defend"))
        best = self._best_spend(c, c.source, window=True)
        if best is not None and best[0] >= (3.0 if aimed else 5.0):
            self.responses += 1
            return self._start(best[1], best[2])
        return "pass"

    # ------------------------------------------------------------ prompts

    def _p_ammo_take(self, c: _Ctx) -> str:
        need = c.ammo_need()
        return "leave" if need and len(c.private.get("ammo", [])) <= need else "take"

    def _p_intercept(self, c: _Ctx) -> str:
        m = re.search(r"deals (\d+) damage", c.d.prompt)
        amount = int(m.group(1)) if m else 3
        life = c.players[c.me]["life"]
        cands = []
        for o in c.d.options:
            if o.id == "absorb":
                continue
            pc = c.piece(int(o.id[1:]))
            if pc is None:
                continue
            survives = pc.get("armor", 0) > 0 or pc.get("life", 0) > amount
            cands.append((0 if survives else 1, c.value(pc), o.id))
        if not cands:
            return "absorb"
        cands.sort()
        if cands[0][0] == 0:
            return cands[0][2]
        if amount >= life or (amount >= 4 and cands[0][1] < 2 * amount):
            return cands[0][2]
        return "absorb"

    def _p_block(self, c: _Ctx) -> str:
        m = _UID.search(c.d.prompt)
        me_pc = c.piece(int(m.group(1))) if m else None
        if me_pc is None:
            return "none"
        my_atk, my_life, my_arm = me_pc.get("attack", 0), me_pc.get("life", 1), me_pc.get("armor", 0)
        blocked: dict[int, int] = {}
        combat = c.board.get("combat") or {}
        for b in combat.get("blocks", []):
            bp = c.piece(b["uid"])
            blocked[b["attacker"]] = blocked.get(b["attacker"], 0) + (bp.get("attack", 0) if bp else 0)
        best = None
        incoming = 0
        for o in c.d.options:
            if o.id == "none":
                continue
            a = c.piece(int(o.id[1:]))
            if a is None:
                continue
            a_atk, a_life, a_arm = a.get("attack", 0), a.get("life", 1), a.get("armor", 0)
            if a["uid"] not in blocked:
                incoming += a_atk
            kills = a_arm == 0 and blocked.get(a["uid"], 0) + my_atk >= a_life
            survives = my_arm > 0 or my_life > a_atk
            score = (4 if kills and survives else 3 if survives and a_atk > 0 else
                     2 if kills and c.value(a) >= c.value(me_pc) else 0)
            if score:
                key = (score, a_atk, c.value(a))
                if best is None or key > best[0]:
                    best = (key, o.id)
        if best is not None:
            return best[1]
        if incoming >= c.players[c.me]["life"] or c.players[c.me]["life"] <= 5:
            strongest = max((o for o in c.d.options if o.id != "none"),
                            key=lambda o: (c.piece(int(o.id[1:])) or {}).get("attack", 0), default=None)
            if strongest is not None:
                return strongest.id
        return "none"

    def _p_cause(self, c: _Ctx) -> str:
        return min(c.d.options, key=lambda o: c.value(c.piece(int(o.id[1:])) or {})).id

    def _p_save(self, c: _Ctx) -> str:
        m = _UID.search(c.d.prompt)
        pc = c.piece(int(m.group(1))) if m else None
        hand = [o for o in c.d.options if o.id != "let"]
        if pc is None or not hand or c.value(pc) < 6:
            return "let"
        cheapest = min(hand, key=lambda o: card_value(o.cards[0]) if o.cards else 0)
        return cheapest.id if (card_value(cheapest.cards[0]) if cheapest.cards else 0) < c.value(pc) else "let"

    def _p_fuse_cause(self, c: _Ctx) -> str:
        return c.d.options[0].id

    def _p_discard(self, c: _Ctx) -> str:
        hand = [o for o in c.d.options if o.cards]
        if not hand:
            return "random"
        return min(hand, key=lambda o: (card_value(o.cards[0]), o.id)).id

    def _p_fragment(self, c: _Ctx) -> str:
        return c.d.options[0].id

    def _p_rune_return(self, c: _Ctx) -> str:
        return "pay"

    def _p_attach(self, c: _Ctx) -> str:
        best, best_v = "dead", 0.0
        m = re.match(r"(.+?) must attach", c.d.prompt)
        pred = None
        if m:
            for card in card_pool().values():
                if card.kind == "rune" and card.name == m.group(1):
                    pred = card.predilection
        for o in c.d.options:
            if o.id == "dead":
                continue
            pc = c.piece(int(o.id[1:]))
            if pc is None:
                continue
            v = c.rune_gain(pc, pred) if pred else (1.0 if pc["controller"] in c.team_seats else -1.0)
            if v > best_v:
                best, best_v = o.id, v
        return best

    def _p_hatch_target(self, c: _Ctx) -> str:
        card = _card(self.incubating) if self.incubating else None
        if card is None or card.kind != "effect":
            return c.d.default or c.d.options[0].id
        a = card.abilities[0]
        return max(c.d.options, key=lambda o: c.target_value(a, o.id, None)).id


# ---------------------------------------------------------------- what the bot reads from its view


class _Ctx:
    """The bot's reading of one decision and view."""

    def __init__(self, d: Decision, view: View):
        self.d = d
        self.board = view.board
        self.private = view.private or {}
        self.me = d.seat
        self.turn = self.board["turn"]
        self.players = self.board["players"]
        team = self.players[self.me]["team"]
        self.team_seats = {s for s, p in enumerate(self.players) if p["team"] == team}
        self.opponents = [s for s, p in enumerate(self.players) if not p["out"] and p["team"] != team]
        self.allies = [s for s in self.team_seats if s != self.me and not self.players[s]["out"]]
        self.source = self.players[self.me]["source"]
        self.opts = {o.id for o in d.options}
        self.hand = [(o.id, o.cards[0]) for o in d.options if o.id.startswith("h") and o.cards]
        self.pieces = {pc["uid"]: pc for pc in self.board["pieces"]}
        self._values: dict[int, float] = {}
        self.mine = [pc for pc in self.board["pieces"] if pc["controller"] == self.me]
        self.opp_causes = any(pc.get("kind") == "cause" and pc["controller"] not in self.team_seats
                              for pc in self.board["pieces"])
        # pieces that came into play this turn ("new") cannot be sourced (MEM-SRC-04)
        self.sourceable = [pc for pc in self.mine if not pc["face_down"] and not pc["sourced"] and not pc.get("new")
                           and pc.get("kind") not in ("effect", "rune")]
        ammo = self.private.get("ammo", [])
        self.ammo_free = sum(1 for a in ammo if not a["used"])

    # -- pieces

    def piece(self, uid: int) -> dict | None:
        return self.pieces.get(uid)

    def value(self, pc: dict) -> float:
        if not pc:
            return 0.0
        uid = pc.get("uid")
        if uid is not None and self.pieces.get(uid) is pc:
            if uid not in self._values:
                self._values[uid] = self._value(pc)
            return self._values[uid]
        return self._value(pc)

    def _value(self, pc: dict) -> float:
        if pc.get("face_down"):
            return UNKNOWN
        k = pc.get("kind")
        if k == "creature":
            return pc["attack"] + pc["life"] + 2 * pc["armor"] + 1.5 * len(self.abilities_of(pc))
        if k == "cause":
            return 2 + 2 * len(self.abilities_of(pc))
        return 2.0

    def keep_value(self, pc: dict) -> float:
        """What sourcing ``pc`` gives up this turn (its fighting and its abilities)."""
        k = pc.get("kind")
        if k == "creature":
            return 0.5 * pc["attack"] + 0.3 * pc["life"] + 0.5 * pc["armor"] + 0.5
        return 0.5

    def abilities_of(self, pc: dict) -> list[Ability]:
        out: list[Ability] = []
        cards = [x.get("card") for x in pc.get("cards", [])]
        for cid in cards:
            card = _card(cid) if cid else None
            if card is not None:
                out.extend(card.abilities)
        rune = pc.get("rune")
        if rune and rune.get("card"):
            r = _card(rune["card"])
            if r is not None:
                ups = [(_card(cid).markings.get(r.predilection) if cid and _card(cid) else None) for cid in cards]
                if ups and all(u is not None for u in ups):
                    out.extend(u.ability for u in ups if u.ability is not None)
        return out

    def fighters(self) -> list[dict]:
        """Own face-up, unsourced creatures in play (those that may attack or defend)."""
        return [pc for pc in self.mine if not pc["face_down"] and not pc["sourced"] and pc.get("kind") == "creature"]

    def ammo_need(self) -> int:
        need = 0
        for pc in self.mine:
            if pc["face_down"]:
                continue
            for a in self.abilities_of(pc):
                need = max(need, a.ammo)
        return need

    # -- combat

    def blockers_of(self, seat: int) -> list[dict]:
        return [pc for pc in self.board["pieces"] if pc["controller"] == seat and not pc["face_down"]
                and not pc["sourced"] and pc.get("kind") == "creature"]

    def weakest_opponent(self) -> int:
        def key(s: int):
            bl = self.blockers_of(s)
            return (sum(p["attack"] for p in bl) + len(bl), self.players[s]["life"], s)
        return min(self.opponents, key=key)

    def threat(self) -> int:
        return max((sum(p.get("attack", 0) for p in self.board["pieces"] if p["controller"] == s
                        and p.get("kind") == "creature") for s in self.opponents), default=0)

    def worth_attacking(self, pc: dict, tgt: int) -> bool:
        if pc["attack"] <= 0:
            return False
        bl = self.blockers_of(tgt)
        if not bl or pc["armor"] > 0:
            return True
        if pc["attack"] >= self.players[tgt]["life"] and len(bl) <= 1:
            return True
        top = max(p["attack"] for p in bl)
        if pc["life"] > top:
            return True
        # trades: it kills every possible blocker and is worth no more than the cheapest of them
        return all(p["armor"] == 0 and p["life"] <= pc["attack"] for p in bl) and \
            self.value(pc) <= min(self.value(p) for p in bl)

    def attack_score(self, attackers: list[dict], tgt: int) -> float:
        """What attacking ``tgt`` with ``attackers`` gains, when ``tgt`` blocks with every creature it has as
        the bot itself would: blockers killed minus attackers lost plus the damage that gets through (a
        lethal attack counts most)."""
        life = self.players[tgt]["life"]
        blocks: dict[int, list[dict]] = {a["uid"]: [] for a in attackers}
        taken = {a["uid"]: 0 for a in attackers}
        unblocked = sum(a["attack"] for a in attackers)
        for b in sorted(self.blockers_of(tgt), key=lambda p: (-p["attack"], p["uid"])):
            pick, key = None, None
            for a in attackers:
                kills = a["armor"] == 0 and taken[a["uid"]] + b["attack"] >= a["life"]
                survives = b["armor"] > 0 or b["life"] > a["attack"]
                sc = (4 if kills and survives else 3 if survives and a["attack"] > 0 else
                      2 if kills and self.value(a) >= self.value(b) else 0)
                if sc and (key is None or (sc, a["attack"]) > key):
                    pick, key = a, (sc, a["attack"])
            if pick is None and (unblocked >= life or life <= 5):
                open_ = [a for a in attackers if not blocks[a["uid"]]] or attackers
                pick = max(open_, key=lambda a: (a["attack"], -a["uid"]))
            if pick is not None:
                if not blocks[pick["uid"]]:
                    unblocked -= pick["attack"]
                blocks[pick["uid"]].append(b)
                taken[pick["uid"]] += b["attack"]
        gain = 0.0
        for a in attackers:
            bl = blocks[a["uid"]]
            if not bl:
                continue
            hits = sorted(b["attack"] for b in bl)
            if a["armor"] < len(hits) and sum(hits[:len(hits) - a["armor"]]) >= a["life"]:
                gain -= self.value(a)
            for b in bl:
                if b["armor"] == 0 and a["attack"] >= b["life"]:
                    gain += self.value(b)
        if unblocked >= life:
            return gain + 100.0
        return gain + unblocked * (1.0 + (0.5 if life <= 10 else 0.0))

    def attackers_at_me(self) -> list[dict]:
        combat = self.board.get("combat")
        if not combat:
            return []
        out = []
        for a in combat["attackers"]:
            if a["target"] == self.me:
                pc = self.piece(a["uid"])
                if pc is not None:
                    out.append(pc)
        return out

    def useful_blocker(self, pc: dict, aimed: list[dict]) -> bool:
        incoming = sum(a.get("attack", 0) for a in aimed)
        for a in aimed:
            kills = a.get("armor", 0) == 0 and pc["attack"] >= a.get("life", 99)
            survives = pc["armor"] > 0 or pc["life"] > a.get("attack", 0)
            if survives or (kills and self.value(a) >= self.value(pc)):
                return True
        return incoming >= self.players[self.me]["life"]

    def ally_defend_dest(self) -> str | None:
        """2v2: a creature for an ally's Defend Cell when the ally is weaker and the bot has creatures to spare."""
        mine = len(self.fighters())
        for a in self.allies:
            theirs = len(self.blockers_of(a))
            if theirs + 1 < mine and self.players[a]["life"] <= self.players[self.me]["life"]:
                return f"defend@{a}"
        return None

    # -- Runes

    def rune_gain(self, pc: dict, pred: str | None) -> float:
        if pc.get("face_down") or pred is None:
            return 0.0
        ups = []
        for x in pc.get("cards", []):
            card = _card(x.get("card", ""))
            if card is None or pred not in card.markings:
                return 0.0
            ups.append(card.markings[pred])
        v = sum(u.attack + u.life + 2 * u.armor + (3 if u.ability else 0) for u in ups)
        return v if pc["controller"] in self.team_seats else -v

    def best_rune_host(self, pred: str) -> tuple[str | None, float]:
        best, best_v = None, 0.0
        for pc in self.board["pieces"]:
            if pc.get("rune") is not None or pc.get("fusion") == "true":
                continue
            v = self.rune_gain(pc, pred)
            if pc.get("kind") != "creature":
                v *= 0.5
            if v > best_v:
                best, best_v = f"p{pc['uid']}", v
        return best, best_v

    # -- targets

    def candidates(self, a: Ability, self_pc: dict | None) -> list[str]:
        t = a.target
        team = self.team_seats
        alive = [s for s, p in enumerate(self.players) if not p["out"]]
        creatures = [pc for pc in self.board["pieces"] if not pc["face_down"] and pc.get("kind") == "creature"]
        if t == "player":
            return [f"s{s}" for s in alive]
        if t == "opposing_player":
            return [f"s{s}" for s in self.opponents]
        if t == "cause":
            return [f"p{pc['uid']}" for pc in self.board["pieces"] if pc.get("kind") == "cause"
                    and not pc["face_down"] and pc["controller"] not in team]
        if t == "creature":
            return [f"p{pc['uid']}" for pc in creatures]
        if t == "opposing_creature":
            return [f"p{pc['uid']}" for pc in creatures if pc["controller"] not in team]
        if t == "own_creature":
            return [f"p{pc['uid']}" for pc in creatures if pc["controller"] == self.me]
        if t == "ally_creature":
            return [f"p{pc['uid']}" for pc in creatures if pc["controller"] in team]
        return ["-"]

    def fixed(self, a: Ability, self_pc: dict | None) -> list[str]:
        t = a.target
        team = self.team_seats
        if t == "you":
            return [f"s{self.me}"]
        if t == "each_opponent":
            return [f"s{s}" for s in self.opponents]
        if t == "team":
            return [f"s{s}" for s in team if not self.players[s]["out"]]
        if t == "this":
            return [f"p{self_pc['uid']}"] if self_pc else []
        creatures = [pc for pc in self.board["pieces"] if not pc["face_down"] and pc.get("kind") == "creature"]
        if t == "all_opposing_creatures":
            return [f"p{pc['uid']}" for pc in creatures if pc["controller"] not in team]
        if t == "all_creatures":
            return [f"p{pc['uid']}" for pc in creatures]
        return []

    def best_target(self, a: Ability, self_pc: dict | None) -> tuple[float, str | None]:
        cands = self.candidates(a, self_pc)
        best_v, best_t = -99.0, None
        for t in cands:
            v = self.target_value(a, t, self_pc)
            if v > best_v:
                best_v, best_t = v, t
        return best_v, best_t

    def hits_opponent(self, a: Ability, t: str) -> bool:
        if t == "-":
            return a.target in ("each_opponent", "all_opposing_creatures")
        if t.startswith("s"):
            return int(t[1:]) not in self.team_seats
        pc = self.piece(int(t[1:]))
        return pc is not None and pc["controller"] not in self.team_seats

    def target_value(self, a: Ability, t: str, self_pc: dict | None) -> float:
        targets = self.fixed(a, self_pc) if t == "-" else [t]
        return sum(self._step_value(s.do, s.amount, x) for x in targets for s in a.steps)

    def _step_value(self, do: str, n: int, t: str) -> float:
        if t.startswith("s"):
            s = int(t[1:])
            p = self.players[s]
            friend = s in self.team_seats
            if do in ("damage", "drain"):
                if friend:
                    return -2.0 * n
                lethal = 20.0 if n >= p["life"] else 0.0
                return n * (0.8 if do == "damage" else 1.0) + lethal
            if do == "heal":
                return (n * (1.5 if p["life"] <= 8 else 0.4)) if friend else -n
            if do == "source":
                return 0.7 * n if s == self.me else (0.3 * n if friend else -n)
            if do == "draw":
                return 1.5 * n if friend else -n
            if do == "discard":
                return -n * 1.5 if friend else min(n, p["hand"]) * 1.2
            return 0.0
        pc = self.piece(int(t[1:]))
        if pc is None:
            return 0.0
        friend = pc["controller"] in self.team_seats
        sign = -1.0 if friend else 1.0
        val = self.value(pc)
        life, armor, atk = pc.get("life", 1), pc.get("armor", 0), pc.get("attack", 0)
        combat = bool(self.board.get("combat"))
        if do == "damage":
            if armor > 0:
                return sign * 0.5
            if n >= life:
                return sign * (val + 1)
            return sign * 0.3
        if do == "destroy":
            return sign * (val + 1)
        if do == "bounce":
            return sign * 0.6 * val
        if do == "exhaust":
            if pc["sourced"]:
                return 0.0
            return sign * (0.4 * atk + (2 if pc["cell"] in ("attack", "defend") else 0.5))
        if do == "unsource":
            return (1.0 if pc["sourced"] else 0.0) * -sign
        if do == "weaken":
            busy = combat and pc["cell"] in ("attack", "defend")
            return sign * min(n, atk) * (0.8 if busy else 0.1)
        if do == "pump":
            busy = pc["cell"] == "attack" or combat
            return -sign * n * (0.8 if busy else 0.1)
        if do == "shield":
            return -sign * min(n, 3 - armor) * (1.0 if pc["cell"] in ("attack", "defend") else 0.5)
        if do == "mend":
            hurt = pc.get("max_life", life) - life
            return -sign * 0.5 * min(n, hurt)
        return 0.0


# -- search (games.core.search): the determinization, the cut-off estimate and the play-out policy

BUDGETS = {"normal": 70, "hard": 480}
"""Search iterations per level: about 0.3 s and 2 s a decision at the 240 iterations a CPU second measured on
the development machine (2026-11-27, mid-game main decisions; each iteration plays the rest of the turn on with
the heuristic, :func:`evaluate`)."""

SEARCH = {"hint_bias": 1.0}
"""The search's tuning (:attr:`games.core.contract.Game.search_options`): a root hint bias of 1 rather than the
default 3, so the search leaves the heuristic's choice when its play-ons say so. Measured on positions of
heuristic games (a probe scoring each choice by 24 heuristic games played out from it): at bias 1 the
choices that differed from the heuristic's won more often (consuming a card for source rather than Life at low
Life turned lost games into won ones); at bias 3 they were too rare to matter."""

PLIES = 0
"""Play-out length in decisions before :func:`evaluate` scores the position: none, since :func:`evaluate`
itself plays the position on with the heuristic computer to the start of the next turn (a guided play-out that
ends at a turn's boundary, not mid-action or mid-combat). :func:`rollout_choice` is the policy when a
play-out is asked for (``bench/bench_ai.py --plies``, and the search tests, which play out 40 decisions)."""

SCALE = 8.0
"""The score difference (:func:`evaluate`) at which a team's estimate moves by a factor e."""

CHOICE_COST = 0.5
"""What :func:`evaluate` charges the team of the player asked next for each choice of the turn beyond
:data:`FREE_CHOICES`."""

FREE_CHOICES = 30
"""Choices a turn may take (everyone's, response windows included) before :func:`evaluate` charges for them:
a turn that long is a search taking a card up and putting it back (charging every choice made ending the turn
look better than any play)."""


def sample(state: State, seat: int, rng: Rng) -> State:
    """A determinization of ``state`` for ``seat`` (games.core.search): a copy in which every card hidden
    from ``seat`` is drawn again and the game's generator is reseeded, so the copy tells nothing of the real
    hidden cards nor of the real future shuffles.

    Hidden from ``seat`` (the view; ``tests/memesis/test_hidden_permutation.py`` ``hidden_from``): every Brain
    Cell (MEM-CEL-03), the other players' hands and Ammunition Cells (MEM-INF-01, MEM-AMM-08) and the face-down
    cards of pieces it does not own (MEM-STL-03), allies' included (MEM-GAP-24).

    * Its own Brain Cell holds its own unseen cards, a list it knows (its deck less what it sees) in an order it
      does not: they are shuffled (:func:`games.core.determinize.shuffled`).
    * Another player's hidden cards are drawn from a prior (:func:`games.core.determinize.unseen_cards`): one
      of the starter decks at random, less that player's cards in sight (Dead Cell, face up in play or
      incubating, :func:`_in_sight`), topped up from the whole pool.
    * A face-down card of another player keeps what the board tells of it (:func:`_fit`, the classes of the
      hidden-permutation test's ``fits``: its paid cost, MEM-GAP-20; only creatures in the Attack and Defend
      Cells; a fused card's set; a hatched card's cost; the marking its Rune or fragments need): it takes the
      first card of its owner's prior draw that fits, else a card of the pool that fits. Derived hidden values
      follow the new card: a face-down incubating card's turns (MEM-INC-02, MEM-STL-02) and a face-down
      fragment's marking (MEM-FUS-13). A face-down Rune or fragment on a face-down card is drawn after that
      card, to fit what was drawn for it.

    The classes read the real card's public facts (cost, set, kind where the board narrows them) only, so two
    states with the same view give the same sample under the same ``rng`` (the blindness test in
    ``tests/memesis/test_search.py``). Raises nothing for a legal state."""
    det = cloner(State)(state)
    names = det.cards
    pool = _pool_ids()
    me = det.players[seat]
    for c, name in zip(me.brain, shuffled([names[c] for c in me.brain], rng), strict=True):
        names[c] = name
    down: dict[int, list[int]] = {}  # owner -> face-down cards hidden from seat, in board order
    for pc in det.pieces:
        for c in _in_order(pc):
            if c in pc.hidden and det.owner[c] != seat:
                down.setdefault(det.owner[c], []).append(c)
    drawn: dict[int, list[str]] = {}
    for p, pl in enumerate(det.players):
        if p != seat:
            count = len(pl.brain) + len(pl.hand) + len(pl.ammo) + len(down.get(p, ()))
            seen = [names[c] for c in _in_sight(det, p)]
            drawn[p] = unseen_cards(prior_deck(_starters(), rng), seen, count, pool, rng)
    # the face-down cards first, each piece's cards in order (a Rune or fragment fits what was drawn before it)
    fits = [(pc, c, _fit(det, pc, c)) for pc in det.pieces for c in _in_order(pc)
            if c in pc.hidden and det.owner[c] != seat]
    turns = {pc.uid: pc.needed - _turns(_card(names[pc.cards[0]])) for pc in det.pieces
             if pc.cell == "incubation" and len(pc.cards) == 1}
    for pc, c, fit in fits:
        bag = drawn[det.owner[c]]
        test = fit if fit is not None else _late_fit(det, pc, c)
        i = next((k for k, name in enumerate(bag) if test(_card(name))), -1)
        if i >= 0:
            names[c] = bag.pop(i)
        else:
            ok = [name for name in pool if test(_card(name))] or list(pool)
            names[c] = ok[rng.below(len(ok))]
    for p, pl in enumerate(det.players):
        if p != seat:
            loose = pl.brain + pl.hand + pl.ammo
            for c, name in zip(loose, drawn[p], strict=False):
                names[c] = name
    for pc in det.pieces:  # derived hidden values follow the new cards
        for i, c in enumerate(pc.partials):
            if c in pc.hidden and det.owner[c] != seat:
                borne = _card(names[pc.cards[0]]).markings
                marks = sorted({f.marking for f in _card(names[c]).fragments if f.marking in borne})
                if marks:
                    pc.frags[i] = marks[rng.below(len(marks))]
        if pc.uid in turns and pc.cards[0] in pc.hidden and det.owner[pc.cards[0]] != seat:
            pc.needed = _turns(_card(names[pc.cards[0]])) + turns[pc.uid]
    det.rng = rng.next64()
    return det


def _in_order(pc: Piece) -> list[int]:
    """A piece's cards in drawing order: its group (base first), its fragments, its Rune."""
    return pc.cards + pc.partials + ([pc.rune] if pc.rune >= 0 else [])


def _paid(d: Card) -> int:
    """What playing ``d`` face down costs less the 1 extra (MEM-STL-01/07): its cost; a Rune's is 1."""
    return 1 if d.kind == "rune" else d.cost


def _turns(d: Card) -> int:
    """The incubation turns of ``d`` face down (MEM-INC-02, MEM-STL-02)."""
    return 2 * _paid(d)


Fit = Callable[[Card], bool]


def _fit(st: State, pc: Piece, c: int) -> Fit | None:
    """What may stand for face-down card ``c`` of piece ``pc`` as the board tells it (the classes of
    ``tests/memesis/test_hidden_permutation.py`` ``fits``), read before any card is drawn again; ``None`` when
    it depends on another face-down card of the piece (:func:`_late_fit` then decides, after that card)."""
    d = _card(st.cards[c])
    base = pc.cards[0]
    inc = pc.cell == "incubation"
    conds: list[Fit] = []
    if c == pc.rune:
        if any(x in pc.hidden for x in pc.cards):
            return None
        marks = set(cells.markings(st, pc))
        return lambda e: e.kind == "rune" and e.predilection in marks
    if c in pc.partials:
        if base in pc.hidden:
            return None
        borne = set(_card(st.cards[base]).markings)
        conds.append(lambda e: any(f.marking in borne for f in e.fragments))
        if inc:
            conds.append(lambda e: e.cost == d.cost)
        return lambda e: all(f(e) for f in conds)
    if pc.rune >= 0 and pc.rune not in pc.hidden:
        m = _card(st.cards[pc.rune]).predilection
        conds.append(lambda e: m in e.markings and e.kind != "rune")
    if c == base and pc.partials:
        frags = {f for x, f in zip(pc.partials, pc.frags, strict=False) if x not in pc.hidden}
        conds.append(lambda e: frags <= set(e.markings) and e.kind != "rune")
    if len(pc.cards) == 1 and inc and pc.elapsed >= pc.needed:  # a hatched Rune waiting for its place
        conds.append(lambda e: e.kind == "rune")
    elif len(pc.cards) == 1 and inc:
        extra = pc.needed - _turns(d)
        conds.append(lambda e: _turns(e) + extra > pc.elapsed)
    elif len(pc.cards) == 1 and pc.hatched >= 0:
        conds.append(lambda e: e.cost == d.cost and e.kind != "rune")
    elif len(pc.cards) == 1:
        kinds = ({"creature"} if pc.cell in ("attack", "defend")
                 else {"creature", "cause"} if st.owner[c] != pc.controller else _ANY_KIND)
        conds.append(lambda e: _paid(e) == _paid(d) and e.kind in kinds)
    else:
        other = [x for x in pc.cards if x != c]
        if pc.true and len(pc.cards) == 2 and other[0] not in pc.hidden:
            partner = _card(st.cards[other[0]]).partner  # a True Fusion pair: the face-up card's partner
            conds.append(lambda e: e.id == partner)
        else:
            conds.append(lambda e: e.set == d.set and e.kind != "rune")
            shown = [x for x in pc.cards if x not in pc.hidden]
            if c == base or (pc.cell in ("attack", "defend") and all(_card(st.cards[x]).kind != "creature"
                                                                     for x in shown)):
                conds.append(lambda e: e.kind == d.kind)
            if inc:
                conds.append(lambda e: e.cost == d.cost)
            elif c == base:
                conds.append(lambda e: _paid(e) == _paid(d))
    return lambda e: all(f(e) for f in conds)


def _late_fit(st: State, pc: Piece, c: int) -> Fit:
    """What may stand for a face-down Rune or fragment on a face-down card of ``pc``, read from the cards
    drawn for the group: a Rune of a marking the group bears, a card with a fragment its base bears."""
    if c == pc.rune:
        marks = set(cells.markings(st, pc))
        return lambda e: e.kind == "rune" and e.predilection in marks
    borne = set(_card(st.cards[pc.cards[0]]).markings)
    return lambda e: any(f.marking in borne for f in e.fragments)


_ANY_KIND = frozenset({"creature", "cause", "effect", "rune"})


def _in_sight(st: State, seat: int) -> list[int]:
    """The cards of ``seat`` every player sees: its Dead Cell and its face-up cards in play or incubating
    (group cards, fragments and Runes), wherever they are."""
    out = list(st.players[seat].dead)
    for pc in st.pieces:
        out += [c for c in _in_order(pc) if c not in pc.hidden and st.owner[c] == seat]
    return out


def evaluate(state: State) -> dict[int, float]:
    """Each seat's chance to win an unfinished game: the heuristic computer (:class:`MemesisBot`, from each
    seat's own view) plays a copy of ``state`` on to the start of the next turn (:func:`play_on`), so a plan
    half built, an attack declared or a response window open is carried out as the easy computer would, and
    the position there is scored (:func:`estimate`). A game that ends on the way scores its result. Less
    :data:`CHOICE_COST` for each choice of the turn beyond :data:`FREE_CHOICES` (:attr:`State.turn_choices`,
    read before playing on) from the team of the player asked next: a search that takes a card up and puts it
    back, or keeps a response window open, is asked again and pays, so it ends its turn or passes rather than
    loop for ever. Read in a determinization, where every card is known; ``state`` is not changed."""
    st = cloner(State)(state)
    asked = _asked(st)
    penalty = CHOICE_COST * max(0, st.turn_choices - FREE_CHOICES) if asked >= 0 else 0.0
    play_on(st)
    if st.result is not None:
        from . import GAME

        res = GAME.result(st)
        out = {s: 0.5 for s in range(len(st.players))}
        out.update(dict.fromkeys(res.losers, 0.0))
        out.update(dict.fromkeys(res.winners, 1.0))
        return out
    return estimate(st, st.players[asked].team if penalty else -1, penalty)


PLAY_ON_LIMIT = 150
"""Decisions :func:`play_on` takes at most (a turn of the heuristic takes about 15)."""


def play_on(st: State, turns: int = 1) -> int:
    """Play ``st`` on in place with the heuristic computer at every seat (one :class:`MemesisBot` a seat, seeded
    from the state's generator, deciding from its own view) until ``turns`` turns have begun or the game ends,
    at most :data:`PLAY_ON_LIMIT` decisions; returns the decisions taken."""
    from . import GAME

    bots: dict[int, MemesisBot] = {}
    start = st.turn
    n = 0
    while n < PLAY_ON_LIMIT and st.result is None and st.turn - start < turns:
        seat = _asked(st)
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = MemesisBot((st.rng + 7919 * seat) & 0xFFFFFFFF)
        n += 1
        if st.draft is not None and st.prompt is None and bot.plan is not None and bot.turn == st.turn \
                and st.turn_choices <= HARD_LIMIT:
            # the next step of the bot's own plan (MemesisBot.decide on an "act"), without building the view
            d = next(x for x in GAME.decisions(st) if x.seat == seat)
            if d.kind == "act":
                taken = tuple(st.draft["path"])
                if bot.plan[1][:len(taken)] == taken:
                    bot.step = len(taken)
                GAME.apply(st, seat, bot._act(d))
                continue
        view = GAME.view(st, seat)  # its decisions are the game's open ones for that seat
        d = next((x for x in view.decisions if x.seat == seat), None)
        if d is None:
            break
        GAME.apply(st, seat, bot(d, view))
    return n


def estimate(st: State, team: int = -1, penalty: float = 0.0) -> dict[int, float]:
    """Each seat's share of a softmax over :data:`SCALE` of its team's :func:`material` (players still in),
    ``penalty`` taken from ``team``'s score."""
    score: dict[int, float] = {p.team: 0.0 for p in st.players}
    for s, p in enumerate(st.players):
        if not p.out:
            score[p.team] += material(st, s)
    if team >= 0:
        score[team] -= penalty
    top = max(score.values())
    w = {t: math.exp((v - top) / SCALE) for t, v in score.items()}
    total = sum(w.values())
    return {s: w[p.team] / total for s, p in enumerate(st.players)}


def _asked(st: State) -> int:
    """The seat whose decision is open in ``st`` (-1: none), read as :func:`games.memesis.rules.decisions_of`
    does, without building the decision."""
    if st.result is not None:
        return -1
    if st.prompt is not None:
        return st.prompt.seat
    if st.draft is not None:
        return st.draft["seat"]
    w = cells.open_window(st)
    return w.data["queue"][0] if w is not None else st.active


def material(st: State, seat: int) -> float:
    """What ``seat`` has, in Life points, with weights near a logistic fit of the winner on positions of
    heuristic-vs-heuristic games at their turns' starts: its Life (half beyond the 20 it starts with,
    MEM-LIFE-01), each hand card 2.5, each creature it controls in play ``2 + 2 × Attack + 1.2 × Life + 3 ×
    Armor`` (:func:`cells.kind`), another piece ``2 + cost``, an incubating card ``2 + cost``, each Ammunition
    card 1, source 0.3 a point and Brain cards 0.1 each."""
    p = st.players[seat]
    life = min(p.life, 20) + 0.5 * max(0, p.life - 20)
    value = life + 0.3 * p.source + 0.1 * len(p.brain) + 2.5 * len(p.hand) + W_AMMO * len(p.ammo)
    cards = st.cards
    for pc in st.pieces:
        if pc.controller != seat:
            continue
        if pc.cell == "incubation":
            value += 2.0 + sum(_card(cards[c]).cost for c in pc.cards)
        elif cells.kind(st, pc) == "creature":
            value += W_CRE + W_ATK * cells.attack(st, pc) + W_LIFE * cells.life(st, pc) + W_ARM * cells.armor(st, pc)
        else:
            value += 2.0 + sum(_card(cards[c]).cost for c in pc.cards)
    return value


W_CRE, W_ATK, W_LIFE, W_ARM, W_AMMO = 2.0, 2.0, 1.2, 3.0, 1.0


def rollout_choice(state: State, decision: Decision, rng: Rng) -> str:
    """The play-out policy: uniform random play barely moves on (a draft goes ``back`` and forth, a turn lasts
    dozens of decisions: about 800 decisions to end a 2-seat game at the stall limit, MEM-GEN-04), so, as the
    seeded playout tests' ``QuickPlayer``: end the turn with probability 0.7 when ``end`` is offered, pass a
    response window with probability 0.9, never go ``back`` in a draft; otherwise a uniformly random option
    (150 to 200 decisions a game)."""
    options = decision.options
    ids = [o.id for o in options]
    if "end" in ids and rng.below(10) < 7:
        return "end"
    if "pass" in ids and rng.below(10) < 9:
        return "pass"
    if decision.kind == "act":
        ids = [i for i in ids if i != "back"] or ids
    return ids[rng.below(len(ids))]


def _pool_ids() -> tuple[str, ...]:
    return deck_prior(card_pool, starter_decks)[0]


def _starters() -> dict[str, list[str]]:
    return deck_prior(card_pool, starter_decks)[1]

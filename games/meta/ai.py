"""The Meta computer player (:func:`computer`): legal, and not random-only. It decides from its own
decision and view only, like a person would. It imports :mod:`games.core` and the package's ``cards``
and ``pool``.

Plan: pass when it has nothing useful; damage the opponent in play with the lowest life; heal itself
when hurt; counter an opponent's card that hurts it; in its own drawing stage, activate a trigger stack
and load it with a damaging Event before saying "Play!"; at most a few plays per pushing stage so that
turns move on. Discards keep damage and drop the rest first. It confirms its own plays (the confirm step
of a card with a fixed target).

Fair play: every tie — among equally weak opponents, graveyards, cards on stacks, equally
good cards to play or discard — is broken by the player's own seeded RNG (``Game.computer(seed)``), never
by seat or hand order, so the computers do not gang up on the lowest seat (the human host's seat 0).
"""

from __future__ import annotations

from games.core.contract import Decision, View
from games.core.rng import Rng

from .cards import MetaCard
from .pool import card_pool

_DAMAGE = {"lose", "drain"}


def _hurts(card: MetaCard) -> bool:
    return any(s.do in _DAMAGE for s in card.steps)


def _score(card: MetaCard, life: int) -> int:
    """How much the bot wants to play ``card`` now (0 = not worth it)."""
    if card.type == "trigger":
        return 3
    score = 0
    for s in card.steps:
        if s.do in ("lose", "drain") and s.who in ("target", "others"):
            score += 5 + s.n
        elif s.do == "lose" and s.who == "all":
            score += 1
        elif s.do in ("gain", "set_life") and s.who in ("self", "target", "all"):
            score += 6 if life <= 8 else 0
        elif s.do in ("draw", "regrow", "recycle"):
            score += 2
        elif s.do in ("counter", "defuse", "clear", "redirect"):
            score += 4
        elif s.do in ("mill", "discard_random"):
            score += 1
    return score


class MetaBot:
    """``(decision, view) -> option id``, seeded for its tie-breaks."""

    def __init__(self, seed: int = 0):
        self.rng = Rng.from_seed(seed)

    def __call__(self, decision: Decision, view: View | None = None) -> str:
        ids = [o.id for o in decision.options]
        if view is None or view.private is None:
            return decision.default or ids[0]
        pool = card_pool()
        b = view.board
        me = decision.seat
        # Stateless (the host makes a new player per choice): count own cards already on the towers.
        plays = sum(1 for tw in b["towers"] if tw["owner"] in (None, me) for level in tw["levels"]
                    for e in level if e["player"] == me)
        life = b["players"][me]["life"]
        if decision.kind == "confirm_play":
            return "confirm"  # it chose this play a step earlier
        if decision.kind == "discard":
            # Drop what scores lowest (keep damage); equal scores by the RNG, not hand order.
            scores = {o.id: _score(pool[o.cards[0]], life) if o.cards else 0 for o in decision.options}
            low = min(scores.values())
            return self.rng.choice([oid for oid, sc in scores.items() if sc == low])
        if decision.kind == "destination":
            playing = pool[view.private["playing"]["card"]]
            traps = [o.id for o in decision.options if o.id.startswith("dest:t")]
            if _hurts(playing) and b["stage"] == "drawing" and traps:
                return self.rng.choice(traps)
            return "dest:main" if "dest:main" in ids else ids[0]
        if decision.kind == "target":
            return self._target(decision, view, pool, me)
        # drawing / push: pick the best playable card, or pass.
        limit = 3 if b["stage"] == "pushing" else 4
        if plays >= limit:
            return decision.default or ids[0]
        scored: list[tuple[int, str]] = []
        for o in decision.options:
            if not o.cards:
                continue
            card = pool[o.cards[0]]
            score = _score(card, life)
            if b["stage"] == "drawing" and card.type == "trigger":
                score = 9 if not view.private["triggers"] else 2
            if b["stage"] == "drawing" and card.type == "event" and not view.private["triggers"]:
                score = min(score, 1)  # keep events for the pushing stage unless loading a trap
            scored.append((score + self.rng.below(2), o.id))
        best_score = max((sc for sc, _ in scored), default=0)
        if best_score < 4:
            return decision.default or ids[0]
        return self.rng.choice([oid for sc, oid in scored if sc == best_score])

    def _target(self, decision: Decision, view: View, pool, me: int) -> str:
        b = view.board
        playing = view.private["playing"]
        card = pool[playing["card"]] if playing else None
        opts = [o for o in decision.options if o.id != "back"]
        if not opts:
            return "back"
        players = b["players"]
        if opts[0].id.startswith("tgt:p"):
            seats = [int(o.id[5:]) for o in opts]
            helpful = card is not None and any(s.do in ("gain", "set_life") for s in card.steps) and \
                not _hurts(card)
            if card is not None and card.type == "trigger":
                # Name an opponent for "their" triggers, yourself for protective ones.
                cond = card.condition
                want_self = cond is not None and cond.event in ("disabled", "life_low", "lose_life")
                helpful = want_self
            if helpful and me in seats:
                return f"tgt:p{me}"
            others = [s for s in seats if s != me] or seats
            weakest = min(players[x]["life"] for x in others)
            return f"tgt:p{self.rng.choice([x for x in others if players[x]['life'] == weakest])}"
        if opts[0].id.startswith("tgt:g"):
            others = [o for o in opts if o.id != f"tgt:g{me}"]
            return self.rng.choice(others or opts).id
        # A card or a stack: prefer an opponent's card aimed at it, then any opponent's card.
        offered = {o.id for o in opts}
        aimed, theirs = [], []
        for tw in b["towers"]:
            for level in tw["levels"]:
                for e in level:
                    oid = f"tgt:c{e['id']}"
                    if e["player"] != me and oid in offered:
                        theirs.append(oid)
                        if e["target"] == players[me]["name"]:
                            aimed.append(oid)
        return self.rng.choice(aimed or theirs or [o.id for o in opts])


def computer(seed: int) -> MetaBot:
    """A Meta computer player seeded with ``seed`` (found by :meth:`games.core.contract.Game.computer`)."""
    return MetaBot(seed)

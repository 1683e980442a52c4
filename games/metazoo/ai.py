"""A legal MetaZoo computer player (foundation): it decides only from its own decision and view.

It keeps its opening Chapter, Contracts an Aura Page when it can, generates Aura when its Chapter holds a
Page it could then afford, Contracts the first affordable Page, attacks with every Awakened Beastie (the
opposing Caster when nothing blocks the way, else the weakest opposing Beastie), pays for its flipped
Traps, declares no Defenders and passes priority; anything else is a seeded random pick among the options.
A purposeful player (issue 16 §5) comes later.
"""

from __future__ import annotations

from games.core.contract import Decision, View
from games.core.rng import Rng

from .pool import card_pool


class ZooBot:
    """Callable ``(decision, view) -> option id`` (games.core.players.Player)."""

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

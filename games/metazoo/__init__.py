"""MetaZoo — the TCG where your surroundings matter: 2 to 4 Casters Contract Pages with Aura, fight with
Beasties, and Terra Bonuses and 4th Wall Effects read the players' real surroundings.

Rules: ``shared/rules/metazoo.md``; checklist ``shared/rules/checklists/metazoo.md`` (rule IDs ``MZ-*``,
copied for players to ``data/rules/metazoo.md``); the gap decisions ``MZ-GAP-NN`` are
:mod:`games.metazoo.gaps`.

Package map
-----------
* ``game.py`` — :class:`MetaZooGame` (the contract, the host rules) and ``GAME``.
* ``state.py`` — the state dataclasses (Casters, Arena Pages, the chain, Combat, prompts).
* ``rules/__init__.py`` — the rules engine's entry the Game calls: the open decisions and applying a choice.
* ``rules/pages.py`` — Page state lookups, Casters in seat order, dice and coins, targeting (checklist §1, 7,
  8, 21).
* ``rules/ending.py`` — win, loss and draw, results and standings (§26-27).
* ``rules/aura.py`` — paying Aura, Contracting checks, generating Aura (§4).
* ``rules/zones.py`` — entering and leaving the Arena, Destroy, Damage, LP Loss and Recover (§22-23).
* ``rules/terra.py`` — Terra slots and rotation, the flow of the 4th Wall Effects (§11-12).
* ``rules/status.py`` — Status Effects, their ticks, the ordered end-of-turn items, Fatigue and Scared (§6,
  15).
* ``rules/chain.py`` — priority, Actions and the resolution chain; resolving Effects (§5, §16-17, §19, §25).
* ``rules/combat.py`` — Combat, Type and Aura Attack Advantage, Tribal Boost, the Trap flip of an Attack
  (§9-10, §13-14, §18).
* ``rules/turn.py`` — set-up, mulligans and the turn steps (§2-3).
* ``rules/effects.py`` — the later Effect steps and the prompts that pause a chain (ordering, Index, copies).
* ``rules/allocation.py`` — the attacking Caster's Damage split over several Defenders (MZ-COMBAT-20,
  MZ-GAP-34).
* ``rules/placement.py`` — Pages on top of and underneath, control changes (§20, MZ-PLACE-*).
* ``rules/multi.py`` — a Caster leaving a game of 3 or 4 (MZ-GAP-12).
* ``rules/wall.py`` — the checks of Terra Bonuses and 4th Wall conditions; ``rules/sky.py`` — the real sky,
  places and surroundings they read.
* ``cards.py`` — the Page schema and effect vocabulary; ``pool.py`` — the pool, the Aura wheel, starter
  Spellbooks and Spellbook/Archive legality; ``catalog.py`` — the searchable catalog.
* ``gaps.py`` — the gap decisions, the one record.
* ``ai.py`` — the computer player (``computer(seed)``); ``render.py`` — text boards and step names;
  ``picture.py`` — the board picture (``board_layout(view)``).
"""

from .game import GAME

__all__ = ["GAME"]

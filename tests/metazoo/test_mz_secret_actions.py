"""MetaZoo: a Caster's own secret action reads the same whatever the Page (MZ-TRAP-11, MZ-CORE-08).

The cross-zone permutation check (``tests/hidden_twins.py`` in ``test_mz_playouts.py``) keeps the chooser's own
hidden Page fixed for the step it compares, so it cannot see a leak in how that Caster's own secret choice is
reported. This test makes that check over the whole card pool: every Page of the pool is set face down in every
way the Caster may set it, and the results are grouped by what is public.

What is public, by the rulebook (Trap Pages, p. 41; MZ-TRAP-01/02/10/11, MZ-TURN-09/10, MZ-CORE-08):

* that a Page was placed face down, from the Chapter (the Chapter's size is public, MZ-GAP-70), and where:
  standalone in the Arena (with its handle) or under which of the Caster's Beasties or Artifacts;
* placing costs no Aura whatever the Page (MZ-TRAP-01), so no Aura paid tells anything;
* that a standalone face-down Page moved, and under which Page (MZ-TURN-10);
* never the Page itself, whether it has the Trap Trait (a bluff, MZ-GAP-61: the warning is in the placer's own
  option only), its type or cost.

So for each way of setting it (where it goes, what moves where), every Page of the pool must give the same
public log, the same view for every other Caster and for a spectator, and the same seats asked."""

from __future__ import annotations

import json

from hidden_twins import asked, clone, view_key
from mz_helpers import public

from games.core.contract import SeatSetup
from games.metazoo import GAME as MZ
from games.metazoo.pool import card_pool

NAMES = ("Ana", "Ben", "Cid")
HOST, ARTIFACT = "lampad", "brass-orrery"


def _table(n: int, card: str):
    """Ana (seat 0) in her Take Actions step with ``card`` and an Aura in her Chapter, a Beastie and an
    Artifact in play; every other Caster holds a Page and has a Beastie in play."""
    players = [{"chapter": [card, "flame-aura"], "arena": [HOST, ARTIFACT]}]
    players += [{"chapter": ["flame-aura"], "arena": [HOST]} for _ in range(n - 1)]
    for p in players:
        p["spellbook"] = ["flame-aura"] * 10
    return MZ.position({"players": players}, [SeatSetup(x) for x in NAMES[:n]], 1)


def _shape(st, events, n: int) -> tuple:
    """What others know after a step: its public log, every other seat's and a spectator's view, seats asked."""
    return (public(events), *(view_key(MZ, st, w) for w in [*range(1, n), None]), tuple(asked(MZ, st)))


def _settings(n: int, card: str) -> list[tuple[tuple[str, ...], tuple, str]]:
    """Every way Ana can set ``card`` face down (and then move it, when standalone): ``(path, what others
    know, Ana's own private view)`` after each step of it; the path names no Page."""
    st = _table(n, card)
    first = MZ.apply(st, 0, f"trap:{card}")
    out = [(("trap",), _shape(st, first, n), json.dumps(MZ.view(st, 0).private, sort_keys=True))]
    for where in [o.id for o in MZ.decisions(st)[0].options if o.id != "back"]:
        t = clone(MZ, st)
        ev = MZ.apply(t, 0, where)
        out.append((("trap", where), _shape(t, first + ev, n), json.dumps(MZ.view(t, 0).private, sort_keys=True)))
        if where != "alone":
            continue
        for move in [o.id for o in MZ.decisions(t)[0].options if o.id.startswith("move:")]:
            u = clone(MZ, t)
            out.append((("trap", where, move), _shape(u, MZ.apply(u, 0, move), n), ""))
    return out


def test_MZ_TRAP_11_MZ_TRAP_01_MZ_TURN_09_10_every_page_set_face_down_the_same_way_reads_the_same():
    """MZ-TRAP-11, MZ-TRAP-01/02, MZ-TURN-09/10, MZ-CORE-08, MZ-GAP-61: with 2 and 3 Casters, every
    Page of the pool (Traps and bluffs, every type and cost) set face down standalone, under Ana's Beastie or
    under her Artifact, and a standalone one then moved under either, gives the same public log, the same views
    for the other Casters and a spectator, and the same seats asked; Ana alone sees which Page it is."""
    pool = card_pool()
    assert HOST in pool and ARTIFACT in pool and pool[ARTIFACT].type == "artifact"
    assert {p.type for p in pool.values()} >= {"beastie", "artifact", "spell", "potion", "aura", "terra"}
    assert any("trap" in p.traits for p in pool.values()) and any("trap" not in p.traits for p in pool.values())
    for n in (2, 3):
        shapes: dict[tuple[str, ...], set] = {}
        own: dict[tuple[str, ...], set] = {}
        for card in pool:
            for path, shape, mine in _settings(n, card):
                shapes.setdefault(path, set()).add(shape)
                own.setdefault(path, set()).add(mine)
        assert {("trap", "alone"), ("trap", "under:1"), ("trap", "under:2")} <= set(shapes)
        assert any(len(path) == 3 for path in shapes)  # the moves were walked too
        for path, seen in shapes.items():
            assert len(seen) == 1, f"{n} Casters, {path}: setting different Pages face down reads differently"
        assert len(own[("trap", "alone")]) == len(pool)  # the placer's own view names the Page: it differs
        (shape,) = shapes[("trap", "alone")]
        assert "places a face-down Page in the Arena" in shape[0]

"""Helpers for the Stage Tile tests (``test_tiles.py``, ``test_recruit.py``, ``test_scrimmage.py``): explicit
positions through ``GAME.position`` and answering decisions through the game contract only."""

from __future__ import annotations

import json
from typing import Any

from games.core.contract import Event, SeatSetup
from games.core.scenario import pick_option
from games.metaolympia import GAME
from games.metaolympia.pool import pool

FUNDRAISE = "tharsis-fundraiser-gala"
FUNDRAISE_2 = "hellas-sponsor-expo"
STRATEGIZE = "noctis-war-room"
RECRUIT = "arcadia-open-trials"
SCRIMMAGE = "gale-crater-training-ground"
SCRIMMAGE_2 = "valles-proving-grounds"
FREEDAY = "argyre-rest-dome"

TRACK = [FUNDRAISE, STRATEGIZE, RECRUIT, SCRIMMAGE, FREEDAY, SCRIMMAGE_2]
"""One stage track holding every tile kind: tile 0 Fundraise, 1 Strategize, 2 Recruit, 3 Scrimmage, 4 Free Day,
5 another Scrimmage."""
TILE = {"fundraise": 0, "strategize": 1, "recruit": 2, "scrimmage": 3, "freeday": 4, "scrimmage2": 5}


def seats(n: int = 2) -> list[SeatSetup]:
    return [SeatSetup(f"P{i}") for i in range(n)]


def land(kind: str, n: int = 2, seed: int = 7, **spec: Any):
    """A state in which seat 0 has just landed on the ``kind`` tile of :data:`TRACK` (``spec``: more keys of
    ``GAME.position``; ``players`` may name seat 0's mapping only)."""
    full = {"tracks": [TRACK], "land": {"seat": 0, "tile": TILE[kind]}, **spec}
    return GAME.position(full, seats(n), seed)


def decision(st):
    """The one open decision (the engine keeps one open at a time)."""
    ds = GAME.decisions(st)
    assert len(ds) == 1, ds
    return ds[0]


def ids(st) -> list[str]:
    return [o.id for o in decision(st).options]


def choose(st, seat: int, text: str) -> list[Event]:
    """Apply the option of ``seat``'s decision that ``text`` names (id, label or unique label part)."""
    d = GAME.decision_for(st, seat)
    return GAME.apply(st, seat, pick_option(d, text))


def option_for(st, cid: str, prefix: str = "") -> str:
    """The id of the open decision's option about card ``cid`` (by the option's card ids or its label)."""
    d = decision(st)
    name = pool().by_id[cid][1].name
    found = [o.id for o in d.options if o.id.startswith(prefix) and (o.cards == (cid,) or name in o.label)]
    assert len(found) == 1, (cid, prefix, d.options)
    return found[0]


def pick(st, seat: int, cid: str, prefix: str = "") -> list[Event]:
    """Choose the option about card ``cid`` (e.g. ``keep:<n>``, ``athlete:<n>``, ``market:<n>``)."""
    assert decision(st).seat == seat
    return GAME.apply(st, seat, option_for(st, cid, prefix))


def board(st) -> dict[str, Any]:
    return GAME.view(st, None).board


def private(st, seat: int) -> dict[str, Any]:
    return GAME.view(st, seat).private


def names(cards: list[dict[str, Any]]) -> list[str]:
    """Card ids of a view's card list."""
    return [c["card"] for c in cards]


def public_text(st, viewer: int | None, events: list[Event]) -> str:
    """Everything ``viewer`` may see: the view (board, private part, decisions) and the visible events."""
    v = GAME.view(st, viewer)
    parts = [json.dumps(v.board), json.dumps(v.private), repr(v.decisions)]
    parts += [e.text for e in events if e.visible_to(viewer)]
    return "\n".join(parts)


def hidden(cid: str, text: str) -> bool:
    """Neither the id nor the name of card ``cid`` appears in ``text``."""
    return cid not in text and pool().by_id[cid][1].name not in text


def answer_round(st, seat: int, athlete: str) -> list[Event]:
    """In a scrimmage: reveal ``athlete`` and let the loaded die decide; pass a tactic turn if one is offered."""
    ev = pick(st, seat, athlete, "athlete:")
    if GAME.decisions(st) and decision(st).kind == "tactic" and decision(st).seat == seat:
        ev += GAME.apply(st, seat, "pass")
    return ev


def play_out(st, limit: int = 5000) -> None:
    """Answer every decision with its timeout default (MO-GAP-24) until the game ends."""
    for _ in range(limit):
        if GAME.result(st) is not None:
            return
        d = decision(st)
        GAME.apply(st, d.seat, GAME.timeout_choice(st, d))
    raise AssertionError("the game did not end")

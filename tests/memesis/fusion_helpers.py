"""Helpers for the Memesis Fusion, allied play and information tests: positions, choosing options by id or
label, and finding cards and pieces. Everything goes through the game contract (``GAME``); the state is read
only to find option ids (the card numbers of a position) for the set-up."""

from __future__ import annotations

import json
from typing import Any

from games.core.contract import Event, RulesError, SeatSetup
from games.memesis import GAME

NAMES = ("Ana", "Ben", "Cai", "Dee")


def pos(players: list[dict[str, Any]], seed: int = 1, **spec: Any):
    """A position (``GAME.position``) with one seat per mapping of ``players``, seat 0 active."""
    seats = [SeatSetup(NAMES[i]) for i in range(len(players))]
    return GAME.position({"players": players, **spec}, seats, seed)


def dec(st):
    """The one open decision."""
    (d,) = GAME.decisions(st)
    return d


def pick(d, text: str) -> str:
    """The option of ``d`` whose id is ``text``, else the unique one whose label contains it."""
    for o in d.options:
        if o.id == text:
            return o.id
    hits = [o.id for o in d.options if text.lower() in o.label.lower()]
    assert len(hits) == 1, f"{text!r} -> {hits} among {[(o.id, o.label) for o in d.options]}"
    return hits[0]


def choose(st, seat: int, text: str) -> list[Event]:
    d = dec(st)
    assert d.seat == seat, (d.seat, d.kind, d.prompt)
    return GAME.apply(st, seat, pick(d, text))


def act(st, seat: int, ref: str, *path: str) -> list[Event]:
    """Choose the thing ``ref`` then each component of ``path``; all the events."""
    ev = choose(st, seat, ref)
    for p in path:
        d = dec(st)
        if d.kind != "act" or d.seat != seat:
            break  # the action was carried out: the rest of the path was the only way left
        ev += GAME.apply(st, seat, pick(d, p))
    return ev


def ids(d) -> list[str]:
    return [o.id for o in d.options]


def labels(d) -> list[str]:
    return [o.label for o in d.options]


def hand(st, seat: int, card_id: str) -> str:
    """The option id of ``seat``'s hand card ``card_id`` (``h<number>``)."""
    return next(f"h{c}" for c in st.players[seat].hand if st.cards[c] == card_id)


def uid(st, card_id: str) -> int:
    """The uid of the piece whose group holds ``card_id``."""
    return next(pc.uid for pc in st.pieces if any(st.cards[c] == card_id for c in pc.cards))


def piece(st, u: int, viewer: int | None = None) -> dict[str, Any] | None:
    """Piece ``u`` on the public board of ``viewer``'s view."""
    return next((p for p in GAME.view(st, viewer).board["pieces"] if p["uid"] == u), None)


def names(entries) -> list[str]:
    return [e["card"] for e in entries if "card" in e]


def dead(st, seat: int) -> list[str]:
    return names(GAME.view(st, None).board["players"][seat]["dead"])


def board_player(st, seat: int) -> dict[str, Any]:
    return GAME.view(st, None).board["players"][seat]


def snap(st) -> dict[str, Any]:
    """The state as JSON without its version counter (which every applied choice bumps)."""
    d = json.loads(GAME.to_json(st))
    d.pop("version", None)
    return d


def copy(st):
    return GAME.from_json(GAME.to_json(st))


def draft_options(st, seat: int, ref: str, *path: str) -> list[str]:
    """The option ids of ``seat``'s draft after choosing ``ref`` and ``path`` (on a copy: ``st`` is untouched);
    ``["<done>"]`` when the last component already carried the action out (it was the only one left)."""
    return [o.id for o in _draft(st, seat, ref, path)]


def draft_labels(st, seat: int, ref: str, *path: str) -> list[str]:
    return [o.label for o in _draft(st, seat, ref, path)]


def _draft(st, seat, ref, path):
    from games.core.contract import Option

    c = copy(st)
    choose(c, seat, ref)
    for i, p in enumerate(path):
        d = dec(c)
        assert d.kind == "act" and d.seat == seat, f"the action ended before {path[i:]}"
        GAME.apply(c, seat, pick(d, p))
    d = dec(c)
    if d.kind != "act" or d.seat != seat:
        return [Option("<done>", "<done>")]
    return list(d.options)


def offers(st, seat: int, ref: str, *path: str) -> bool:
    """Whether choosing ``ref`` then ``path`` is allowed, each component an option while the draft is open (on
    a copy)."""
    c = copy(st)
    if ref not in ids(dec(c)):
        return False
    GAME.apply(c, seat, ref)
    for p in path:
        d = dec(c)
        if d.kind != "act" or d.seat != seat or p not in ids(d):
            return False
        GAME.apply(c, seat, p)
    return True


def refused(st, seat: int, choice: str) -> RulesError:
    """``choice`` must be refused with the state unchanged."""
    before = GAME.to_json(st)
    try:
        GAME.apply(st, seat, choice)
    except RulesError as e:
        assert GAME.to_json(st) == before
        return e
    raise AssertionError(f"{choice!r} was accepted")


def settle(st, seat: int | None = None) -> None:
    """Answer every open window or prompt with its default until ``seat`` (default: the active player) has
    the main decision."""
    for _ in range(200):
        d = dec(st)
        if d.kind == "main" and (seat is None or d.seat == seat):
            return
        GAME.apply(st, d.seat, d.default if d.default is not None else d.options[0].id)
    raise AssertionError("did not settle")


def end_turn(st) -> None:
    """The active player ends their turn; windows and prompts take their defaults until the next player's
    main decision."""
    settle(st)
    me = st.active
    GAME.apply(st, me, "end")
    for _ in range(200):
        d = dec(st)
        if d.kind == "main" and d.seat != me:
            return
        GAME.apply(st, d.seat, d.default if d.default is not None else d.options[0].id)
    raise AssertionError("the turn did not end")


def public(ev: list[Event]) -> str:
    return "\n".join(e.text for e in ev if e.audience is None)

"""Replaying stored games: a table's seed, seats and log of choices must rebuild its snapshot exactly
(``metahost audit``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games import get_game
from games.core.contract import RulesError, SeatSetup

from .host import CONCEDE
from .store import Store, TableRow


@dataclass(frozen=True, slots=True)
class AuditFinding:
    table_id: str
    ok: bool
    message: str


def replay_steps(row: TableRow, log: list[tuple], state: Any = None) -> Iterator[tuple[Any, list]]:
    """Replay a stored game one step at a time: yields ``(state, events)`` after the game's start (its intro
    events; only when ``state`` is None, else the given state is played on) and after each choice of ``log``
    (``[(seq, seat, choice, at)]``). The one replay path of the audit, the replay file and the web front's
    steps. A game that reads the clock observes each choice's logged ``at`` before it is applied again.
    Raises ``RulesError`` if a logged choice is refused on replay, and ``ValueError`` when such a game's log
    has no instants."""
    game = get_game(row.game)
    if state is None:
        state = game.new_game([SeatSetup(s.name, list(s.deck)) for s in row.seats], row.options, row.seed)
        yield state, game.intro(state)
    for entry in log:
        seat, choice = entry[1], entry[2]
        if game.observes_clock:
            if len(entry) < 4:
                raise ValueError(f"{game.name} reads the clock: replay its log with the logged instants "
                                 "(Store.actions(table_id, timed=True))")
            game.observe(state, entry[3])
        yield state, (game.concede(state, seat) if choice == CONCEDE else game.apply(state, seat, choice))


def replay(row: TableRow, log: list[tuple], events: list | None = None) -> str:
    """The state JSON rebuilt from a table's setup and choice log ``[(seq, seat, choice, at)]`` (``at``, the
    logged epoch seconds, may be left out for a game that does not read the clock); with ``events``, every
    event of the game is appended to it. Raises as :func:`replay_steps`."""
    last = None
    for last, out in replay_steps(row, log):  # noqa: B007 - the state after the last step is the answer
        if events is not None:
            events.extend(out)
    return get_game(row.game).to_json(last)


def public_log(row: TableRow, log: list[tuple]) -> list[str]:
    """Every public log line of a stored game, rebuilt from its seed and choices (private lines left out)."""
    events: list = []
    replay(row, log, events)
    return [e.text for e in events if e.audience is None]


def replay_export(row: TableRow, log: list[tuple], result: dict | None = None) -> str:
    """A table's replay as plain text for a file: its game, seats (names and deck names, never
    deck lists), result, every public log line, and, once the table is over (finished or cancelled), the
    audit record: seed, options and every choice in order, which ``metahost audit`` replays. Public
    information only: private log lines are left out, and while the game goes on the seed and choices are
    too (with the decks, they would tell the hidden cards still to come). ``result``: the stored result
    (:meth:`Store.result`). Raises ``RulesError`` if a logged choice is refused on replay."""
    game = get_game(row.game)
    over = row.status in ("finished", "aborted")
    status = {"finished": "finished", "aborted": "cancelled", "playing": "in play", "lobby": "in the lobby"}
    out = [f"{game.name} table {row.id} — replay (public information only)",
           f"Status: {status.get(row.status, row.status)}"]
    if result is not None:
        out.append(f"Result: {result.get('text', '')}")
    out.append("Seats:")
    for s in row.seats:
        who = f"{s.name} ({row.options.get('level', 'easy')} computer)" if s.computer else s.name
        deck = s.deck_name or s.deck_id
        out.append(f"  {s.seat + 1}. {who}" + (f" · deck {deck}" if deck else ""))
    out += ["", "Public log:"]
    lines = public_log(row, log) if row.snapshot is not None else []
    out += [f"  {line}" for line in lines] or ["  (no moves yet)"]
    out.append("")
    if over:
        out += ["Audit record (replaying these choices from this seed rebuilds the game; `metahost audit` "
                "checks it):", f"  seed {row.seed}", f"  options {json.dumps(row.options, sort_keys=True)}"]
        # a game that reads the clock replays with each choice's logged instant
        timed = game.observes_clock
        out += [f"  #{entry[0]} seat {entry[1] + 1}: {entry[2]}"
                + (f" at {entry[3]:.3f}" if timed and len(entry) > 3 else "") for entry in log]
    else:
        out.append("The seed and the choices are added once the game is over: now they would reveal hidden "
                   "cards.")
    return "\n".join(out) + "\n"


async def audit(store: Store) -> list[AuditFinding]:
    """Replay every started table; a finding per table, ``ok`` when the replay equals the snapshot."""
    findings = []
    for row in await store.load_tables(("playing", "finished", "aborted")):
        if row.snapshot is None:
            continue
        log = await store.actions(row.id, timed=True)
        try:
            rebuilt = replay(row, log[:row.seq])  # a snapshot may lag behind the log
            if len(log) > row.seq:
                replay(row, log)  # the choices after it must replay too
        except RulesError as exc:
            findings.append(AuditFinding(row.id, False, f"choice refused on replay: {exc}"))
            continue
        if len(log) < row.seq:
            findings.append(AuditFinding(row.id, False, f"log has {len(log)} choices, snapshot says {row.seq}"))
        elif rebuilt != _stored(row):
            findings.append(AuditFinding(row.id, False, "replay differs from the snapshot"))
        else:
            findings.append(AuditFinding(row.id, True, f"{len(log)} choices replayed"))
    return findings


def _stored(row: TableRow) -> str | None:
    """The stored state of ``row`` as whole ``to_json`` text, from its snapshot and static part
    (snapshots leave out the static part; a game started before keeps whole snapshots); ``None`` when they
    do not load."""
    game = get_game(row.game)
    try:
        return game.to_json(game.from_snapshot(row.snapshot, row.static))
    except (TypeError, ValueError):
        return None

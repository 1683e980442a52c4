"""Chess-clock time banks: a table option that gives each human seat a bank of time instead of a
fixed limit per decision.

The table option ``bank`` holds ``[start, add]`` in seconds (default :data:`DEFAULT_BANK`, 10 minutes plus 20 s
a decision; ``/table new clock:bank`` or the word ``bank=10m+20s`` among a table's options, the CLI's
``--option bank=10m+20s`` too). With it:

* When a seat gets a decision its timer runs for its bank plus ``add`` (so every decision has at least ``add``
  seconds): the deadline is ``now + bank + add``; the reminder comes at half of that.
* When the seat decides, it keeps what was left of its timer, never more than ``start`` (quick answers cannot
  pile up an hour): ``bank = min(start, deadline - now)``. A timer that ran out leaves 0, and the game's
  documented default is applied as for any timeout; three timeouts in a row concede the seat as always
  (``bot.host.tables.MAX_TIMEOUTS``). A timer stopped by others' moves (the seat's decision changed or went away
  without it deciding) gives the addition back: only the seat's own decisions add time.
* A response window (``Decision.window``) keeps its own short timer (option ``response``) and never touches the
  bank.
* A paused table's deadlines move on by the paused time (``TableService.resume``), so no bank runs meanwhile.

The bank lives on the seat (``Seat.bank``, ``None`` while full), is stored with the seat (``seats.bank``,
migration 11) in the same transaction as the choice that charged it, and a running timer is the stored
deadline, so both survive a restart. This module holds no state: the host calls it from its timer code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Table = Any
"""A :class:`bot.host.tables.Table` (not imported: ``bot.host.tables`` imports this module, and the layers have no
cycle)."""

BANK = "bank"
"""The table option: ``[start, add]`` seconds (absent: a fixed limit per decision, option ``timeout``)."""
DEFAULT_BANK = (600.0, 20.0)
START_RANGE = (60.0, 86400.0)  # a bank of 1 minute to 24 hours
ADD_RANGE = (10.0, 3600.0)  # every decision has at least 10 s (Discord's round trip), at most an hour more
_PART = re.compile(r"(\d+(?:\.\d+)?)\s*(h|m|min|s|sec)?")
_UNITS = {"h": 3600.0, "m": 60.0, "min": 60.0, "s": 1.0, "sec": 1.0, None: 1.0}


def _seconds(text: str, default_unit: str | None) -> float:
    """``"10m"``, ``"1h30m"``, ``"90s"``, ``"600"`` (``default_unit`` when no unit) in seconds; ``ValueError``."""
    text = text.strip().lower()
    pos, total = 0, 0.0
    while pos < len(text):
        m = _PART.match(text, pos)
        if m is None:
            raise ValueError(text)
        total += float(m[1]) * _UNITS[m[2] if m[2] else default_unit]
        pos = m.end()
    if not text:
        raise ValueError(text)
    return total


def parse_bank(text: str) -> tuple[float, float] | None:
    """A ``bank`` value in words: ``on`` (:data:`DEFAULT_BANK`), ``off`` (``None``: no bank), ``10m+20s``,
    ``5m`` (20 s a decision), ``600+20`` (seconds), ``1h30m+30s``. ``ValueError`` saying what is right: an
    unreadable value, a bank outside 1 minute–24 hours, an addition outside 10 s–1 hour."""
    word = text.strip().lower()
    if word in ("on", "yes", "true", "bank"):
        return DEFAULT_BANK
    if word in ("off", "no", "false", "decision"):
        return None
    start_text, plus, add_text = word.partition("+")
    try:
        start = _seconds(start_text, None)
        add = _seconds(add_text, None) if plus else DEFAULT_BANK[1]
    except ValueError:
        raise ValueError(f"the time bank {text.strip()!r} is not a time: write it as 10m+20s (a bank of 10 "
                         "minutes, plus 20 seconds a decision), 5m, 600+20 (seconds) or on") from None
    if not START_RANGE[0] <= start <= START_RANGE[1]:
        raise ValueError(f"a time bank holds 1 minute to 24 hours, not {clock_text(start)}")
    if not ADD_RANGE[0] <= add <= ADD_RANGE[1]:
        raise ValueError(f"a time bank adds 10 seconds to 1 hour a decision, not {clock_text(add)}")
    return (start, add)


def bank_word(bank: tuple[float, float] | list[float]) -> str:
    """``bank=10m+20s``: the word standing for a bank value (a rematch, the lobby)."""
    start, add = bank
    return f"{BANK}={_unit_text(start)}+{_unit_text(add)}"


def _unit_text(seconds: float) -> str:
    s = int(round(seconds))
    h, m, sec = s // 3600, s % 3600 // 60, s % 60
    return "".join(f"{n}{u}" for n, u in ((h, "h"), (m, "m"), (sec, "s")) if n) or "0s"


def is_bank_word(word: str) -> bool:
    """Whether ``word`` (of a table's ``key=value`` options) sets the time bank: ``bank=…``."""
    return word.partition("=")[0].strip().lower() == BANK


def from_words(parts: list[str]) -> tuple[float, float] | None | bool:
    """The bank the ``bank=…`` words among ``parts`` choose (the last one), ``False`` when none does;
    ``ValueError`` as :func:`parse_bank`."""
    chosen: tuple[float, float] | None | bool = False
    for word in parts:
        if is_bank_word(word):
            chosen = parse_bank(word.partition("=")[2])
    return chosen


def setting(t: Table) -> tuple[float, float] | None:
    """``(start, add)`` of table ``t``'s bank, or ``None`` when it has none."""
    value = t.options.get(BANK)
    return (float(value[0]), float(value[1])) if isinstance(value, (list, tuple)) and len(value) == 2 else None


def banked(t: Table, seat: int) -> bool:
    """Whether ``seat``'s running timer is its time bank (not a response window's, not a fixed limit)."""
    dl = t.deadlines.get(seat)
    return dl is not None and dl.banked


def bank_of(t: Table, seat: int) -> float | None:
    """What ``seat`` has banked (seconds, its running timer aside), ``None`` at a table without banks."""
    bank = setting(t)
    if bank is None:
        return None
    own = t.seats[seat].bank
    return bank[0] if own is None else float(own)


def start_timer(t: Table, seat: int, window: bool, now: float) -> None:
    """The timer ``seat``'s new decision runs on, set at ``now``: at a table with banks and not for a response
    window, its bank plus the addition (reminded at half), replacing the fixed limit; else left alone."""
    bank = setting(t)
    dl = t.deadlines.get(seat)
    if bank is None or window or dl is None:
        return
    span = bank_of(t, seat) + bank[1]
    dl.deadline, dl.remind_at, dl.banked = now + span, now + span / 2, True


def stop_timer(t: Table, seat: int, now: float) -> None:
    """``seat``'s timer stops at ``now``: a bank timer leaves the seat what was left of it (0 once run out), at
    most the bank's start. When the seat did not decide (others' moves changed or closed its decision) the
    addition its timer started with is taken back, so only the seat's own decisions add time: the new decision
    that follows runs on to the same deadline."""
    dl = t.deadlines.get(seat)
    bank = setting(t)
    if dl is None or not dl.banked or bank is None:
        return
    parts = (dl.token or "").split(".")
    decided = len(parts) != 3 or not parts[1].isdigit() or int(parts[1]) != t.acts.get(seat, 0)
    t.seats[seat].bank = min(bank[0], max(0.0, dl.deadline - now - (0.0 if decided else bank[1])))


def mark_loaded(t: Table) -> None:
    """After a restart: a loaded deadline of a seat whose decision is not a response window is a bank timer
    at a table with banks (the deadline itself was stored)."""
    if setting(t) is None or t.state is None:
        return
    firsts: dict[int, Any] = {}
    for d in t.game.decisions(t.state):
        firsts.setdefault(d.seat, d)  # a seat's first decision, as its token and timer take
    for seat, dl in t.deadlines.items():
        if seat in firsts:
            dl.banked = not firsts[seat].window


def saved(t: Table) -> dict[int, float | None]:
    """Each seat's bank now (to restore when a commit fails: :func:`restore`)."""
    return {s.seat: s.bank for s in t.seats}


def restore(t: Table, banks: dict[int, float | None]) -> None:
    for s in t.seats:
        s.bank = banks.get(s.seat, s.bank)


def changed(t: Table, before: dict[int, float | None]) -> dict[int, float]:
    """The seats whose bank changed since ``before`` (:func:`saved`), with their new bank: what to store."""
    return {s.seat: s.bank for s in t.seats if s.bank is not None and before.get(s.seat) != s.bank}


def left(t: Table, seat: int, now: float) -> float | None:
    """Seconds ``seat`` has at ``now``: its running bank timer's rest, else what it has banked; ``None`` at a
    table without banks."""
    bank = bank_of(t, seat)
    if bank is None:
        return None
    dl = t.deadlines.get(seat)
    return max(0.0, dl.deadline - now) if dl is not None and dl.banked else bank


def clock_text(seconds: float) -> str:
    """``7:40``, ``1:02:03``, ``0:05``: seconds as a clock shows them (rounded down)."""
    s = max(0, int(seconds))
    h, m, sec = s // 3600, s % 3600 // 60, s % 60
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def clocks_line(t: Table, now: float, name: Callable[[int], str] | None = None,
                live: Callable[[float], str] | None = None) -> str:
    """``⏱ Ana 7:40 left (running) · Ben 10:00 left``: every human seat still in the game with what it has at
    ``now``, the running ones marked; empty at a table without banks. ``name(seat)`` names a seat (default: its
    team name at a game with team names, else its player's name). ``live(deadline)``: how a running bank's end
    is shown instead of a number (Discord's live countdown, ``Ana's bank runs out <t:…:R>``), so the line stays
    true however late it is read and does not change while others play."""
    if setting(t) is None or t.state is None:
        return ""
    name = name or (lambda s: t.team_name(s) or t.seats[s].name)
    parts = []
    for s in t.seats:
        if s.computer or s.seat in t.out:
            continue
        if banked(t, s.seat) and live is not None:
            parts.append(f"{name(s.seat)}'s bank runs out {live(t.deadlines[s.seat].deadline)}")
            continue
        running = " (running)" if banked(t, s.seat) else ""
        parts.append(f"{name(s.seat)} {clock_text(left(t, s.seat, now) or 0.0)} left{running}")
    return "⏱ " + " · ".join(parts) if parts else ""


def lobby_text(t: Table) -> str | None:
    """``Time bank 10:00 + 20 s a decision``: a table's clock for its lobby, ``None`` without a bank."""
    bank = setting(t)
    if bank is None:
        return None
    return f"Time bank {clock_text(bank[0])} + {int(bank[1])} s a decision"

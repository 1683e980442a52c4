"""Teams of a team game (``Game.has_teams``, MEM-GAP-03): the team formats a table may
choose, and the seating that puts allies apart.

A team is a number (0 = team A, 1 = team B, ...). A game with teams receives ``options["teams"]``: the team
number of each seat, in seat order (``[0, 1, 0, 1]`` for 2v2), numbered 0..k-1 in letter order. Pure
functions, no host state: the host (``bot/host/``), the terminal and ``metahost simulate`` share them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from itertools import permutations

FORMATS = ("ffa", "1v1", "1v2", "2v2", "1v3", "1v1v2")
"""The formats offered as choices (``/table new teams:``); :func:`format_sizes` accepts any ``NvM…``."""
LETTERS = "ABCDEFGH"


def letter(team: int) -> str:
    """The letter naming team number ``team`` (0 → ``"A"``)."""
    return LETTERS[team] if 0 <= team < len(LETTERS) else str(team + 1)


def team_number(text: str, teams: int) -> int:
    """The team number a letter names (``"b"`` → 1), for a game of at most ``teams`` teams. ``ValueError``
    saying which letters are allowed otherwise."""
    allowed = LETTERS[:teams]
    t = text.strip().upper()
    if len(t) != 1 or t not in allowed:
        raise ValueError(f"'{text.strip()}' is not a team: choose one of {', '.join(allowed)}.")
    return allowed.index(t)


def format_sizes(fmt: str, seats: int | None) -> tuple[int, ...]:
    """The team sizes of format ``fmt`` (``"2v2"`` → ``(2, 2)``; ``"ffa"``, free-for-all, → one team per
    seat, so it needs ``seats``). ``ValueError`` with what would be right: an unknown format, fewer than two
    teams, or (when ``seats`` is given) sizes that do not add up to the seat count."""
    f = fmt.strip().lower()
    if f == "ffa":
        if seats is None:
            raise ValueError("ffa (free-for-all) gives every seat its own team: it needs the seat count.")
        return (1,) * seats
    if not re.fullmatch(r"[1-9](v[1-9])+", f):
        raise ValueError(f"Unknown team format '{fmt.strip()}': write team sizes joined by v (1v1, 2v2, 1v3, "
                         f"1v1v2) or ffa. Offered: {', '.join(FORMATS)}.")
    sizes = tuple(int(n) for n in f.split("v"))
    if seats is not None and sum(sizes) != seats:
        raise ValueError(f"{f} seats {sum(sizes)} players, but the table has {seats} seats: choose a format "
                         f"for {seats} players or {sum(sizes)} seats.")
    return sizes


def fill_team(teams: Sequence[int], sizes: Sequence[int] | None) -> int:
    """The team a new seat joins: with a format (``sizes``), the first team (in letter order) that still has
    room, else the last one; without one, the lowest team number nobody is in (free-for-all until players
    choose)."""
    have = Counter(teams)
    if sizes:
        for team, size in enumerate(sizes):
            if have[team] < size:
                return team
        return len(sizes) - 1
    team = 0
    while team in have:
        team += 1
    return team


def problems(teams: Sequence[int], sizes: Sequence[int] | None) -> str | None:
    """Why ``teams`` (a team number per seat) cannot start, or ``None``: fewer than two teams, or (with a
    format's ``sizes``) team sizes that differ from it."""
    have = Counter(teams)
    if len(have) < 2:
        only = letter(next(iter(have))) if have else "A"
        return f"a team game needs at least two teams, and everyone is in team {only}."
    if sizes is not None:
        got = sorted(have.values(), reverse=True)
        if got != sorted(sizes, reverse=True):
            want = "v".join(str(n) for n in sizes)
            now = ", ".join(f"{letter(t)}: {n}" for t, n in sorted(have.items()))
            return f"this table plays {want}, but the teams are {now}."
    return None


def normalise(teams: Sequence[int]) -> list[int]:
    """``teams`` renumbered 0..k-1 keeping the letters' order (A and C in use → A and B)."""
    order = {t: i for i, t in enumerate(sorted(set(teams)))}
    return [order[t] for t in teams]


def _adjacent_allies(seq: Sequence[int]) -> int:
    """Pairs of neighbours (around the table: the last seat sits next to the first) in the same team."""
    n = len(seq)
    if n < 2:
        return 0
    return sum(seq[i] == seq[(i + 1) % n] for i in range(n if n > 2 else 1))


def seating(teams: Sequence[int]) -> list[int]:
    """The seat order putting allies apart (MEM-GAP-03: A1, B1, A2, B2): a list of lobby positions, the
    one to seat first, then the next. The team pattern chosen has the fewest neighbouring allies around
    the table, the earliest in letter order among those (2v2 → ABAB, 1v3 → ABBB, 1v1v2 → ACBC); within a
    team the lobby order is kept (A1 before A2). Teams are as given (normalise them first)."""
    patterns = sorted(set(permutations(teams)), key=lambda p: (_adjacent_allies(p), p))
    best = patterns[0]
    queues: dict[int, list[int]] = {}
    for pos, team in enumerate(teams):
        queues.setdefault(team, []).append(pos)
    return [queues[team].pop(0) for team in best]


def arranged(teams: Sequence[int]) -> list[int]:
    """``teams`` (per lobby position) normalised and seated allies apart: the team number of each seat in
    the order :func:`seating` gives (``[0, 0, 1, 1]`` → ``[0, 1, 0, 1]``)."""
    norm = normalise(teams)
    return [norm[pos] for pos in seating(norm)]


TEAM_PALETTE: tuple[tuple[str, str, tuple[int, int, int]], ...] = (
    ("red", "red", (205, 50, 50)), ("blue", "blue", (55, 95, 220)), ("green", "green", (40, 150, 60)),
    ("gold", "gold1", (190, 150, 0)), ("violet", "violet", (135, 70, 195)), ("orange", "orange1", (225, 115, 20)),
    ("teal", "dark_cyan", (0, 140, 140)), ("silver", "grey70", (125, 130, 140)),
)
"""Each colour a team may take (MO-SET-10): (its name, the rich colour the terminal shows it in, its RGB in
pictures)."""

TEAM_COLOURS = tuple(name for name, _, _ in TEAM_PALETTE)
"""The colours a team of a game with team names may take (``Game.has_team_names``, MO-SET-10: one marker per
team, distinct per table): the lobby's choices and the games' defaults."""


def default_team_name(places: Sequence[str], nouns: Sequence[str], seed: int, seat: int,
                      taken: Sequence[str]) -> str:
    """A default team name for ``seat`` at a table with seed ``seed``: ``"<place> <noun>"`` over the two word
    lists, the same for the same seed and seat, never one of ``taken`` (compared without case); ``"Team N"``
    when the lists give no free name."""
    combos = [f"{p} {n}" for p in places for n in nouns]
    used = {t.casefold() for t in taken}
    if combos:
        start = (seed + 13 * seat) % len(combos)  # 13 steps: seats start apart in the list
        for i in range(len(combos)):
            name = combos[(start + i) % len(combos)]
            if name.casefold() not in used:
                return name
    return next(f"Team {k}" for k in range(seat + 1, seat + len(used) + 2) if f"team {k}" not in used)


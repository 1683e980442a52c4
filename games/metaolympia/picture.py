"""The Meta Olympia board as a picture layout, built only from a view's public board (take the
spectator's, ``viewer`` None; the board holds counts of the secret cards only, MO-INF-01, MO-INF-03): the stage
and phase; every stage track as a row of Stage Tiles in their border colours, the current stage highlighted;
the current track in detail, each place (the start line, each tile, the end's Match Up spots with Home/Away,
MO-GAP-03) with the team markers standing there in their colours (MO-CMP-05); the live contest with its score
dials (MO-MAT-09), Defining Moment and the athletes on the mat, or a scrimmage against its card; the
Tournament bracket with results and series scores; per team its tokens and counts (MO-INF-02); the last roll
and the token supply; at the foot who is deciding or the result. Card rules text is left to the text board.
800 px wide so it reads at the ~400 px Discord shows on a phone.

Sources (for tests): ``stage``, ``phase``, ``options``, ``track.{k}`` (a stage's row) with ``.{i}`` (its
tiles), ``now``, ``now.start``, ``now.{i}``, ``now.end`` (the current track and its places), ``marker.{seat}``,
``spot.{k}``, ``contest``, ``contest.score``, ``contest.side.{n}``, ``contest.mat.{n}``, ``contest.card``,
``tracks`` (their legend), ``bracket``, ``bracket.{k}``, ``teams``,
``p{seat}.name|player|credits|popularity|prestige|athletes|injured|tactics|minors|record|scrims|shown|where|final``,
``roll``, ``supply``, ``waiting``, ``result``.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import View
from games.core.layout import (
    INK,
    LINE,
    MUTED,
    PAD,
    PANEL,
    WHITE,
    WIDTH,
    Box,
    Colour,
    Label,
    Layout,
    column_width,
    footer,
    seat_colour,
    shade,
    tint,
    wrap,
)
from games.core.teams import TEAM_PALETTE

from .render import FACES, KINDS, STEPS, _options, _scores_of, phase_word, record, side_of_spot

INNER = WIDTH - 2 * PAD
"""The width between the margins."""
DARK: Colour = (40, 42, 52)
ACCENT: Colour = (214, 160, 30)
"""The current stage's highlight."""
HURT: Colour = (160, 30, 30)
"""Injured athletes (MO-INJ-01)."""
TILES_PER_ROW = 6
"""Longer tracks (the short game, the Mega League: MO-OPT-03/05) wrap onto more rows of tiles."""
TEAM_RGB: dict[str, Colour] = {name: rgb for name, _, rgb in TEAM_PALETTE}
"""Team colour name (MO-SET-10, :data:`games.core.teams.TEAM_PALETTE`) -> RGB; any other name falls back to the
seat's palette colour."""
BORDER_RGB: dict[str, tuple[Colour, Colour]] = {
    "white": ((250, 250, 250), INK), "grey": ((178, 181, 188), INK), "black": ((30, 30, 34), WHITE)}
"""A Stage Tile's border -> (fill, text colour) (MO-SET-01)."""


def team_colour(b: dict[str, Any], seat: int) -> Colour:
    """The RGB of ``seat``'s team colour (MO-CMP-05), or its seat palette colour for an unknown name."""
    return TEAM_RGB.get(str(b["players"][seat]["colour"]).strip().lower(), seat_colour(seat))


def board_layout(view: View) -> Layout:
    """The public board of ``view`` as a :class:`Layout` ``WIDTH`` px wide, as tall as the board needs.
    Reads only ``view.board``, ``view.waiting`` and ``view.result``, so every viewer's view gives the same
    picture apart from the "waiting" line."""
    b = view.board
    out = Layout(WIDTH, 0)
    out.add(Box(0, 0, WIDTH, 60, fill=DARK))
    out.add(Label(PAD, 6, 420, 48, f"Stage {b['stage'] + 1} of {b['stages']}", 30, WHITE, bold=True,
                  source="stage"))
    out.add(Label(440, 6, WIDTH - 440 - PAD, 48, phase_word(b["phase"]), 26, tint(ACCENT, 0.3), align="right",
                  bold=True, source="phase"))
    y = 68
    opts = _options(b)
    if opts:
        for line in wrap(opts, 20, INNER):
            out.add(Label(PAD, y, INNER, 28, line, 20, MUTED, source="options"))
            y += 28
        y += 4
    y = _stages(out, b, y)
    y = _current(out, b, y)
    y = _contest(out, b, y)
    y = _bracket(out, b, y)
    y = _teams(out, b, y)
    y = _extras(out, b, y)
    names = [pl["team"] for pl in b["players"]]
    y = footer(out, view.result.text if view.result else None, list(view.waiting), names, y, PAD)
    out.height = y + PAD
    return out


def _section(out: Layout, text: str, y: int, source: str) -> int:
    out.add(Box(PAD, y, INNER, 2, fill=LINE))
    out.add(Label(PAD, y + 6, INNER, 32, text, 24, INK, bold=True, source=source))
    return y + 42


# ---------------------------------------------------------------- the stage tracks

def _stages(out: Layout, b: dict[str, Any], y: int) -> int:
    """Every stage's track as a row of its tiles (kind and name, in the border's colour); the current stage
    outlined in the accent colour and marked "now" (MO-SET-01, MO-CMP-02)."""
    label_w = 120
    gap = 6
    for k, tr in enumerate(b["tracks"]):
        now = k == b["stage"] and b["phase"] != "over"
        h = 58
        lines = (max(len(tr), 1) + TILES_PER_ROW - 1) // TILES_PER_ROW
        if now:
            out.add(Box(PAD - 6, y - 4, INNER + 12, lines * (h + gap) - gap + 8, fill=tint(ACCENT, 0.75),
                        outline=ACCENT, line=3, radius=10))
        word = "now" if now else ("done" if k < b["stage"] or b["phase"] == "over" else "to come")
        out.add(Label(PAD + 4, y + 2, label_w - 8, 28, f"Stage {k + 1}", 22, INK, bold=True, source=f"track.{k}"))
        out.add(Label(PAD + 4, y + 30, label_w - 8, 24, word, 18, shade(ACCENT, 0.3) if now else MUTED,
                      bold=now, source=f"track.{k}"))
        n = min(max(len(tr), 1), TILES_PER_ROW)
        w = column_width(n, gap, WIDTH - label_w)
        for i, t in enumerate(tr):
            x = PAD + label_w + (i % n) * (w + gap)
            ty = y + (i // n) * (h + gap)
            fill, ink = BORDER_RGB.get(t["border"], (PANEL, INK))
            out.add(Box(x, ty, w, h, fill=fill, outline=(120, 120, 126), line=2, radius=8, source=f"track.{k}.{i}"))
            out.add(Label(x + 6, ty + 3, w - 12, 26, KINDS.get(t["kind"], t["kind"]), 20, ink, bold=True,
                          source=f"track.{k}.{i}"))
            out.add(Label(x + 6, ty + 30, w - 12, 24, t["name"], 15, ink, source=f"track.{k}.{i}"))
        y += h + 12 + (max(len(tr) - 1, 0) // n) * (h + gap)
    out.add(Label(PAD, y - 4, INNER, 24, "Each Stage Tile in its border colour (white, grey, black); the stage "
                  "being played is outlined", 16, MUTED, source="tracks"))
    return y + 24


def _chip(out: Layout, b: dict[str, Any], seat: int, x: int, y: int, w: int, h: int, text: str | None = None,
          source: str | None = None) -> None:
    """A team marker: a rounded box in the team's colour with its name (MO-CMP-05)."""
    col = team_colour(b, seat)
    out.add(Box(x, y, w, h, fill=col, radius=h // 2, source=source or f"marker.{seat}"))
    out.add(Label(x + 12, y, w - 24, h, text or b["players"][seat]["team"], 20, WHITE, bold=True,
                  source=source or f"marker.{seat}"))


def _current(out: Layout, b: dict[str, Any], y: int) -> int:
    """The current stage's places, each with the teams standing there (MO-MOV-02..06), then the end's Match
    Up spots (MO-MOV-06, MO-GAP-03)."""
    standing = [s for s in (b.get("order") or range(len(b["players"]))) if not b["players"][s]["out"]]
    tr = b["tracks"][b["stage"]]
    cap = b["capacity"]
    y = _section(out, f"Stage {b['stage'] + 1} track · {cap} team{'s' if cap != 1 else ''} per tile", y, "now")
    chip_x, chip_w, chip_h = 470, WIDTH - PAD - 470, 34
    places: list[tuple[int, str, str, str, dict[str, Any] | None]] = []
    if any(b["players"][s]["pos"] == -1 for s in standing):
        places.append((-1, "Start", "the start line", "now.start", None))
    for i, t in enumerate(tr):
        places.append((i, f"{i + 1}. {t['name']}", f"{KINDS.get(t['kind'], t['kind'])} · {t['border']} border",
                       f"now.{i}", t))
    for pos, title, sub, src, t in places:
        here = [s for s in standing if b["players"][s]["pos"] == pos]
        h = max(60, 8 + len(here) * (chip_h + 6))
        fill, ink = BORDER_RGB.get(t["border"], (PANEL, INK)) if t else (PANEL, INK)
        out.add(Box(PAD, y, 14, h, fill=fill, outline=(120, 120, 126), line=1, radius=4))
        out.add(Label(PAD + 24, y + 4, chip_x - PAD - 34, 30, title, 22, INK, bold=True, source=src))
        out.add(Label(PAD + 24, y + 32, chip_x - PAD - 34, 24, sub, 18, MUTED, source=src))
        for k, s in enumerate(here):
            _chip(out, b, s, chip_x, y + 4 + k * (chip_h + 6), chip_w, chip_h)
        y += h + 6
    out.add(Label(PAD, y, INNER, 30, "End · Match Up spots", 22, INK, bold=True, source="now.end"))
    y += 34
    taken = {b["players"][s]["spot"]: s for s in standing if b["players"][s]["spot"] >= 0}
    w = column_width(2, 8)
    for k in range(len(standing)):
        x = PAD + (k % 2) * (w + 8)
        text = f"{k + 1} {side_of_spot(b, k)}"
        if k in taken:
            _chip(out, b, taken[k], x, y, w, 36, f"{text} · {b['players'][taken[k]]['team']}", f"spot.{k}")
        else:
            out.add(Box(x, y, w, 36, fill=PANEL, outline=LINE, line=2, radius=18, source=f"spot.{k}"))
            out.add(Label(x + 12, y, w - 24, 36, f"{text} · free", 20, MUTED, source=f"spot.{k}"))
        if k % 2 == 1 or k == len(standing) - 1:
            y += 42
    return y + 8


# ---------------------------------------------------------------- the contest and the bracket

def _contest(out: Layout, b: dict[str, Any], y: int) -> int:
    """The live contest (MO-MAT-01..09, MO-SCR-01..03): the sides with their score dials, the Defining
    Moment, the step and the athletes on the mat."""
    c = b.get("contest")
    if not c:
        return y
    head = "Match" if c["kind"] == "match" else "Scrimmage"
    y = _section(out, f"{head} · Defining Moment {c['moment']} of 3 · {STEPS.get(c['stage'], c['stage'])}", y,
                 "contest")
    w = column_width(2, 60)
    h = 96
    # (index into the contest's lists, which are Away first; seat): Home on the left, as in the bracket
    sides = [(1, c["home"]), (0, c["away"])] if c["kind"] == "match" else [(0, c["away"])]
    for k, (n, s) in enumerate(sides):
        x = PAD + k * (w + 60)
        col = team_colour(b, s)
        out.add(Box(x, y, w, h, fill=col, radius=12, source=f"contest.side.{n}"))
        words = (b["players"][s]["team"], "Home" if n == 1 else "Away") if c["kind"] == "match" else (
            b["players"][s]["team"], "scrimmage")
        out.add(Label(x + 12, y + 6, w - 90, 34, words[0], 22, WHITE, bold=True, source=f"contest.side.{n}"))
        out.add(Label(x + 12, y + 44, w - 90, 28, words[1], 20, tint(col, 0.6), source=f"contest.side.{n}"))
        out.add(Label(x + w - 80, y + 8, 70, h - 16, str(c["score"][n]), 52, WHITE, align="right", bold=True,
                      source="contest.score"))
    if c["kind"] == "scrimmage":
        x = PAD + w + 60
        card = c.get("card") or {}
        out.add(Box(x, y, w, h, fill=DARK, radius=12, source="contest.card"))
        out.add(Label(x + 12, y + 6, w - 90, 34, card.get("name", "?"), 22, WHITE, bold=True, source="contest.card"))
        tier = f"tier {card['tier']} · " if card.get("tier") is not None else ""
        out.add(Label(x + 12, y + 44, w - 90, 28, f"{tier}to beat", 20, tint(DARK, 0.6), source="contest.card"))
        if card.get("score") is not None:
            out.add(Label(x + w - 80, y + 8, 70, h - 16, str(card["score"]), 52, WHITE, align="right", bold=True,
                          source="contest.score"))
    out.add(Label(PAD + w, y + 20, 60, h - 40, "v", 28, MUTED, align="centre", bold=True))
    y += h + 6
    for k, (n, s) in enumerate(sides):
        x = PAD + k * (w + 60)
        a = c["mat"][n]
        mat = f"playing: {a['name']}" + (" (injured)" if a.get("injured") else "") if a else "no athlete yet"
        out.add(Label(x, y, w, 28, mat, 20, shade(team_colour(b, s), 0.3), bold=True, source=f"contest.mat.{n}"))
        played = sum(1 for p in c["played"][n] if p)
        out.add(Label(x, y + 28, w, 24, f"{played} athlete{'s' if played != 1 else ''} played", 18, MUTED,
                      source=f"contest.mat.{n}"))
    return y + 60


def _bracket(out: Layout, b: dict[str, Any], y: int) -> int:
    """The Tournament's matches with results and series scores (MO-BRK-01..04, MO-FIN-01..05): a played
    match's loser is drawn pale, a draw leaves both in colour."""
    if not b["bracket"]:
        return y
    final = b["stage"] == b["stages"] - 1
    y = _section(out, ("Final Championship" if final else "Tournament") + f" · Stage {b['stage'] + 1}", y,
                 "bracket")
    c = b.get("contest")
    cw, h = 250, 36
    for k, m in enumerate(b["bracket"]):
        src = f"bracket.{k}"
        out.add(Label(PAD, y, 30, h, f"{k + 1}.", 20, MUTED, source=src))
        x = PAD + 32
        if m["home"] < 0:
            _chip(out, b, m["away"], x, y, cw, h, source=src)
            out.add(Label(x + cw + 8, y, WIDTH - PAD - x - cw - 8, h, f"v the {m.get('waits', 'loser of match 1')}",
                          20, MUTED, source=src))
            y += h + 8
            continue
        over = bool(m.get("closed") or (m.get("done") and "series" not in m))
        for n, s in enumerate((m["home"], m["away"])):
            cx = x + n * (cw + 40)
            loser = over and m.get("winner") is not None and m["winner"] != s
            col = team_colour(b, s)
            out.add(Box(cx, y, cw, h, fill=tint(col, 0.7) if loser else col, radius=h // 2, source=src))
            out.add(Label(cx + 12, y, cw - 24, h, b["players"][s]["team"], 19, shade(col, 0.3) if loser else WHITE,
                          bold=True, source=src))
        out.add(Label(x + cw, y, 40, h, "v", 20, MUTED, align="centre", source=src))
        rx = x + 2 * cw + 48
        out.add(Label(rx, y, WIDTH - PAD - rx, h, _result(m, c), 20, INK, bold=over, source=src))
        y += h + 8
    out.add(Label(PAD + 32, y, INNER - 32, 24, "Home v Away; a pale team lost the match", 16, MUTED,
                  source="bracket"))
    return y + 30


def _result(m: dict[str, Any], c: dict[str, Any] | None) -> str:
    """A bracket match's state: ``"2-1"``, ``"1-1 draw"``, a series' ``"bo3 1-0"``, ``"playing"``, ``"to play"``."""
    playing = (c is not None and c["kind"] == "match" and c["home"] == m["home"] and c["away"] == m["away"]
               and not m.get("closed"))
    if "series" in m:
        games = m.get("games") or []
        score = f"bo{m['series']} {games.count(m['home'])}-{games.count(m['away'])}"
        if games.count(-1):
            score += f" · {games.count(-1)} drawn"
        if m.get("closed"):
            return score + (" · level" if m.get("winner") is None else "")
        return score + (" · playing" if playing else "")
    if m.get("done"):
        sh, sa = m["score"] if m.get("score") else (0, 0)
        return f"{sh}-{sa}" + (" draw" if m.get("winner") is None else "")
    return "playing" if playing else "to play"


# ---------------------------------------------------------------- teams and the rest

def _count(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else word + 's'}"


def _where(b: dict[str, Any], s: int) -> str:
    pl = b["players"][s]
    n = len(b["tracks"][b["stage"]])
    if pl["out"]:
        return "out"
    if pl["spot"] >= 0:
        return f"spot {pl['spot'] + 1} {side_of_spot(b, pl['spot'])}"
    if pl["pos"] < 0:
        return "at the start"
    if pl["pos"] >= n:
        return "at the end"
    return f"on tile {pl['pos'] + 1}"


def _teams(out: Layout, b: dict[str, Any], y: int) -> int:
    """Per team (MO-INF-01/02): name and colour, credits, popularity, prestige tokens, athletes (injured),
    tactic and minor sponsor counts, W-D-L, kept scrimmage cards, revealed sponsors, where it stands, the
    final prestige when scored."""
    y = _section(out, "Teams", y, "teams")
    w = column_width(2, 12)
    row_h = 0
    for s, pl in enumerate(b["players"]):
        x = PAD + (s % 2) * (w + 12)
        if s % 2 == 0 and s:
            y += row_h + 12
        col = team_colour(b, s)
        src = f"p{s}"
        where: list[tuple[str, str]] = [("where", _where(b, s))]
        if pl["shown"] or pl["sponsor_prestige"]:
            extra = f" · +{pl['sponsor_prestige']} prestige" if pl["sponsor_prestige"] else ""
            where.append(("shown", f"{_count(len(pl['shown']), 'sponsor')} shown{extra}"))
        rows: list[list[tuple[str, str]]] = [
            [("credits", f"{pl['credits']} credits"), ("popularity", f"{pl['popularity']} popularity"),
             ("prestige", f"{pl['prestige']} prestige")],
            [("athletes", _count(pl["athletes"], "athlete")), ("injured", f"{pl['injured']} injured"),
             ("tactics", _count(pl["tactics"], "tactic"))],
            [("minors", _count(pl["minors"], "minor")), ("scrims", _count(len(pl["scrims"]), "scrimmage")),
             ("record", record(pl))],
            where,
        ]
        parts = _scores_of(b, s)
        if parts is not None:
            rows.append([("final", f"final: {parts['total']} prestige")])
        h = 44 + len(rows) * 30 + 8
        out.add(Box(x, y, w, h, fill=tint(col, 0.85), radius=10))
        out.add(Box(x, y, w, 40, fill=shade(col, 0.35) if pl["out"] else col, radius=10))
        gone = " (out)" if pl["out"] else ""
        out.add(Label(x + 10, y + 2, w - 80, 36, pl["team"] + gone, 22, WHITE, bold=True, source=f"{src}.name"))
        out.add(Label(x + w - 76, y + 2, 66, 36, pl["name"], 16, tint(col, 0.6), align="right",
                      source=f"{src}.player"))
        ty = y + 46
        for row in rows:
            cell = (w - 16) // len(row)
            for k, (key, text) in enumerate(row):
                big = key in ("credits", "popularity", "prestige", "final")
                hurt = key == "injured" and pl["injured"] > 0
                colour = INK if big else HURT if hurt else shade(col, 0.45)
                out.add(Label(x + 8 + k * cell, ty, cell - 4, 28, text, 19, colour, bold=big or hurt,
                              source=f"{src}.{key}"))
            ty += 30
        row_h = max(row_h, h) if s % 2 else h
    return y + row_h + 16


def _extras(out: Layout, b: dict[str, Any], y: int) -> int:
    """The last roll (MO-CMP-03) and the token supply (MO-GAP-18)."""
    r = b.get("last_roll")
    if r:
        faces = ", ".join(FACES.get(f, f) for f in r["faces"])
        kept = f" · kept {FACES.get(r['kept'], r['kept'])}" if r.get("kept") and len(r["faces"]) > 1 else ""
        text = f"Last roll: {b['players'][r['seat']]['team']} ({r['why']}): {faces}{kept}"
        for line in wrap(text, 20, INNER):
            out.add(Label(PAD, y, INNER, 28, line, 20, INK, source="roll"))
            y += 28
    sup = b["supply"]
    out.add(Label(PAD, y, INNER, 28, f"Supply left: {sup['credits']} credits · {sup['popularity']} popularity · "
                  f"{sup['prestige']} prestige", 20, MUTED, source="supply"))
    return y + 36

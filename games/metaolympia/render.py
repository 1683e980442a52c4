"""Plain-text rendering of Meta Olympia views for the terminal and Discord. Pure: it reads only a
:class:`games.core.contract.View` (its ``board``, ``private``, ``decisions``, ``waiting`` and ``result``).

The public board (``view.board``, :func:`games.metaolympia.game.board_of`, MO-INF-02) has the stage, the
number of stages, the phase, the tile capacity and each Match Up spot's side (``spot_sides``); every stage track's Stage Tiles (name, kind, border);
per team (``players``) its player's name, team name and colour (MO-CMP-05), credits, popularity, prestige
tokens and printed sponsor prestige, roster and injured counts, tactic and minor sponsor counts (MO-INF-01:
counts only), revealed minor sponsors, kept scrimmage cards, W-D-L, position on the current track, Match Up
spot and arrival; the turn order; the market, the decks as counts and the face-up discard piles (face-down
discards as counts only, MO-INF-03); the revealed major sponsors; the Tournament bracket; the live contest;
the last roll (MO-CMP-03); the token supply; the non-default options; the tile being resolved; the final
scores. One whole line per item, never hard-wrapped at a fixed width: Discord and the terminal
wrap lines to their own width, the terminal never inside a name.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import View

PHASES = {"preseason": "Pre-Season", "tournament": "Tournament", "over": "Game over"}
KINDS = {"fundraise": "Fundraise", "strategize": "Strategize", "recruit": "Recruit", "scrimmage": "Scrimmage",
         "freeday": "Free Day"}
STEPS = {"bets": "bets", "wagers": "side wagers", "recover": "recovery rolls", "reveal": "Reveal & Roll",
         "tactics": "tactic cards"}
"""Contest step key -> words (MO-MAT-03..07, MO-INJ-06, MO-OPT-01/02)."""
FACES = {"goal": "Goal", "counter": "Counter", "boost4": "4-Boost", "boost8": "8-Boost", "special": "Special Ability",
         "injury": "Injury"}
OPTION_WORDS = {"bestof": "best-of-{} series", "final": "best-of-{} Final", "gambling": "gambling",
                "wagers": "side wagers", "short": "short game (two stages)", "trades": "athlete trades",
                "mega": "Mega League", "teamup": "team-up", "merger": "mergers"}
"""Table option key -> words for the board's options line (only non-default options are listed)."""
SCORE_PARTS = (("tokens", "tokens"), ("sponsors", "minor"), ("majors", "major"), ("credits", "credits"),
               ("popularity", "popularity"))
"""MO-SCO-02/03: the final prestige parts of ``board["scores"]`` and their short words."""



# ---------------------------------------------------------------- small helpers

def phase_word(phase: str) -> str:
    """The board's phase key in words (``"preseason"`` -> ``"Pre-Season"``)."""
    return PHASES.get(phase, phase)


def team(b: dict[str, Any], seat: int) -> str:
    """The team name of ``seat``."""
    return b["players"][seat]["team"]


def marker(b: dict[str, Any], seat: int) -> str:
    """A team's marker (MO-CMP-05): ``"Tharsis Rovers (green)"``."""
    pl = b["players"][seat]
    return f"{pl['team']} ({pl['colour']})"


def side_of_spot(b: dict[str, Any], spot: int) -> str:
    """Match Up spot ``spot``'s side (0-based), as the board's ``spot_sides`` gives it from the engine
    (MO-GAP-03, MO-GAP-23: "Home", "Away", or "Home or Away" in a final round robin)."""
    sides = b.get("spot_sides") or []
    return sides[spot] if 0 <= spot < len(sides) else ("Home" if spot % 2 == 0 else "Away")


def tile_word(t: dict[str, Any]) -> str:
    """``"Olympus Summit Arena (Scrimmage, black)"``."""
    return f"{t['name']} ({KINDS.get(t['kind'], t['kind'])}, {t['border']})"


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _standing(b: dict[str, Any]) -> list[int]:
    """Seats still on the board (not out), in turn order."""
    order = b.get("order") or list(range(len(b["players"])))
    return [s for s in order if not b["players"][s]["out"]]


def _on(b: dict[str, Any], pos: int) -> list[int]:
    """Seats standing at ``pos`` of the current track (-1 the start line, n the end), earliest first."""
    return [s for s in _standing(b) if b["players"][s]["pos"] == pos]


def _card_line(name: str, line: str, indent: str) -> str:
    """A card as one line under ``indent``: ``"Name — rules line"``, or the name alone."""
    return indent + (f"{name} — {line}" if line else name)


def _scores_of(b: dict[str, Any], seat: int) -> dict[str, int] | None:
    """The final prestige parts of ``seat`` (keys are ints in process, strings after a JSON round trip)."""
    sc = b.get("scores") or {}
    return sc.get(seat) or sc.get(str(seat))


def score_line(parts: dict[str, int]) -> str:
    """``"9 prestige: 3 tokens + 2 minor + 2 major + 1 credits + 1 popularity"`` (MO-SCO-02/03)."""
    return f"{parts['total']} prestige: " + " + ".join(f"{parts[k]} {w}" for k, w in SCORE_PARTS)


def record(pl: dict[str, Any]) -> str:
    """Wins, draws and losses: ``"W-D-L 2-1-0"``."""
    return f"W-D-L {pl['wins']}-{pl['draws']}-{pl['losses']}"


# ---------------------------------------------------------------- the stage tracks (MO-CMP-02, MO-CMP-05)

def track_lines(b: dict[str, Any]) -> list[str]:
    """The current stage's track, one line per place: the start line, each Stage Tile (number, name, kind,
    border) with the teams on it (MO-CMP-05, MO-MOV-02), the end with its Match Up spots taken (MO-MOV-06,
    MO-GAP-03)."""
    tr = b["tracks"][b["stage"]]
    lines = []
    start = _on(b, -1)
    if start:
        lines.append("  Start: " + ", ".join(marker(b, s) for s in start))
    for i, t in enumerate(tr):
        here = _on(b, i)
        who = " · here: " + ", ".join(marker(b, s) for s in here) if here else ""
        lines.append(f"  {i + 1}. {tile_word(t)}{who}")
    lines.append("  End: " + spots_text(b))
    return lines


def spots_text(b: dict[str, Any]) -> str:
    """The Match Up spots (one per team still playing, MO-GAP-03/23): ``"spot 1 Home Olympus Comets (gold) ·
    spot 2 Away free"``."""
    n = len(_standing(b))
    taken = {b["players"][s]["spot"]: s for s in _standing(b) if b["players"][s]["spot"] >= 0}
    parts = []
    for k in range(n):
        who = marker(b, taken[k]) if k in taken else "free"
        parts.append(f"spot {k + 1} {side_of_spot(b, k)} {who}")
    return " · ".join(parts) if parts else "no spots"


def _tracks(b: dict[str, Any]) -> list[str]:
    cap = b["capacity"]
    lines = [f"Stage tracks ({_plural(cap, 'team')} per tile):"]
    for k, tr in enumerate(b["tracks"]):
        if k == b["stage"] and b["phase"] != "over":
            lines.append(f"▶ Stage {k + 1} (now):")
            lines += track_lines(b)
            continue
        when = "done" if k < b["stage"] or b["phase"] == "over" else "to come"
        lines.append(f"  Stage {k + 1} ({when}):")
        lines += [f"    {i + 1}. {tile_word(t)}" for i, t in enumerate(tr)]
    return lines


# ---------------------------------------------------------------- teams

def _team_line(b: dict[str, Any], s: int, viewer: int | None, waiting: set[int]) -> str:
    pl = b["players"][s]
    mark = "▶ " if s in waiting and b["phase"] != "over" else "  "
    you = ", you" if viewer == s else ""
    parts = [f"{mark}{pl['team']} ({pl['colour']}, {pl['name']}{you}):"]
    if pl["out"]:
        into = pl.get("merged_into")
        parts.append(f"merged into {team(b, into)}" if into is not None else "out")
    parts[0] += " " + _plural(pl["credits"], "credit")
    parts += [f"{pl['popularity']} popularity",
              _plural(pl["prestige"], "prestige token")]
    if pl["sponsor_prestige"]:
        parts.append(f"{pl['sponsor_prestige']} sponsor prestige")
    hurt = f" ({pl['injured']} injured)" if pl["injured"] else ""
    parts += [_plural(pl["athletes"], "athlete") + hurt, _plural(pl["tactics"], "tactic card"),
              _plural(pl["minors"], "minor sponsor"), record(pl)]
    return " · ".join(parts)


def _team_lines(b: dict[str, Any], viewer: int | None, waiting: set[int]) -> list[str]:
    """MO-INF-01/02: each team's public counts; its revealed minor sponsors and kept scrimmage cards."""
    lines = ["Teams:"]
    for s, pl in enumerate(b["players"]):
        lines.append(_team_line(b, s, viewer, waiting))
        for sp in pl["shown"]:
            lines.append(_card_line(sp["name"], sp.get("text", ""), "     revealed: "))
        if pl["scrims"]:
            lines.append("     scrimmages kept: " + " · ".join(f"{x['name']} (tier {x['tier']})"
                                                               for x in pl["scrims"]))
        parts = _scores_of(b, s)
        if parts is not None:
            lines.append("     final: " + score_line(parts))
    return lines


# ---------------------------------------------------------------- market, sponsors, decks

def _market(b: dict[str, Any]) -> list[str]:
    """MO-SET-04, MO-REC-03, MO-INF-02: the market athletes with their lines, the deck and the discard."""
    disc = b["athlete_discard"]
    top = f", top {disc[-1]['name']}" if disc else ""
    lines = [f"Market · athlete deck {b['athlete_deck']} · discard {len(disc)}{top}:"]
    for a in b["market"]:
        lines.append(_card_line(a["name"], a["line"], "  "))
    if not b["market"]:
        lines.append("  (empty)")
    return lines


def _sponsors_and_decks(b: dict[str, Any]) -> list[str]:
    """MO-SET-02, MO-FND-03: the revealed major sponsors; the decks as counts, face-up discards by their top
    card, face-down discards as counts only (MO-INF-03)."""
    lines = ["Major sponsors:"]
    for m in b["majors"]:
        lines.append(_card_line(m["name"], m["text"], "  "))
    if not b["majors"]:
        lines.append("  (none)")
    td = b["tactic_discard"]
    tactics = f"tactics {b['tactic_deck']} (used {len(td)}" + (f", top {td[-1]['name']}" if td else "")
    tactics += f"; {b['tactic_buried']} face down)"
    sponsors = f"sponsors {b['sponsor_deck']} ({b['sponsor_buried']} face down)"
    sd = b["scrim_discard"]
    nxt = f", next tier {b['scrim_next_tier']}" if b.get("scrim_next_tier") is not None else ""
    scrims = f"scrimmages {b['scrim_deck']}{nxt} ({len(sd)} played" + (f", last {sd[-1]['name']})" if sd else ")")
    lines.append(f"Decks: {tactics} · {sponsors} · {scrims}")
    return lines


# ---------------------------------------------------------------- the Tournament

def bracket_lines(b: dict[str, Any]) -> list[str]:
    """MO-BRK-01..04, MO-FIN-01..05: this Tournament's matches in play order with results and series
    scores; the 3-team second match waiting for the first's loser (MO-BRK-03)."""
    lines = []
    live = b.get("contest")
    for k, m in enumerate(b["bracket"]):
        if m["home"] < 0:
            lines.append(f"  {k + 1}. {team(b, m['away'])} v the {m.get('waits', 'loser of the first match')}")
            continue
        home, away = team(b, m["home"]), team(b, m["away"])
        head = f"  {k + 1}. {home} (Home) v {away} (Away)"
        parts = [head]
        if "series" in m:
            games = m.get("games") or []
            hw, aw = games.count(m["home"]), games.count(m["away"])
            draws = games.count(-1)
            parts.append(f"best of {m['series']}: {hw}-{aw}" + (f", {_plural(draws, 'draw')}" if draws else ""))
        playing = (live is not None and live["kind"] == "match" and live["home"] == m["home"]
                   and live["away"] == m["away"] and not m.get("closed"))
        if m.get("closed") or (m.get("done") and "series" not in m):
            sh, sa = m["score"] if m.get("score") else (0, 0)
            won = team(b, m["winner"]) + " win" if m.get("winner") is not None else "level"
            parts.append(f"{sh}-{sa}, {won}" if "series" not in m else f"over, {won}")
        elif playing:
            parts.append("playing now")
        else:
            parts.append("to play")
        lines.append(" · ".join(parts))
    return lines


def contest_lines(b: dict[str, Any], *, lines_of_athletes: bool = True) -> list[str]:
    """The live contest (MO-MAT-01..09, MO-SCR-01..03): a match's Home and Away teams with the score dials
    (MO-MAT-09), the Defining Moment of 3, the step, the athletes on the mat with their lines, the athletes
    played; a scrimmage's team, its card and the score to beat; accepted bets and wagers (MO-OPT-01/02)."""
    c = b.get("contest")
    if not c:
        return []
    step = STEPS.get(c["stage"], c["stage"])
    moment = f"Defining Moment {c['moment']} of 3"
    if c["kind"] == "match":
        sides = [c["away"], c["home"]]
        lines = [f"Match: {team(b, c['home'])} (Home) {c['score'][1]} – {c['score'][0]} "
                 f"{team(b, c['away'])} (Away) · {moment} · {step}"]
    else:
        sides = [c["away"]]
        card = c["card"] or {}
        beat = f" · score to beat {card['score']}" if card.get("score") is not None else ""
        tier = f" (tier {card['tier']})" if card.get("tier") is not None else ""
        lines = [f"Scrimmage: {team(b, c['away'])} {c['score'][0]} v {card.get('name', '?')}{tier}{beat} · "
                 f"{moment} · {step}"]
        if lines_of_athletes and card.get("line"):
            lines.append("  " + card["line"])
    for side, s in enumerate(sides):
        a = c["mat"][side]
        if a is not None:
            hurt = " (injured)" if a.get("injured") else ""
            if lines_of_athletes:
                lines.append(_card_line(f"{team(b, s)} playing: {a['name']}{hurt}", a["line"], "  "))
            else:
                lines.append(f"  playing for {team(b, s)}: {a['name']}{hurt}")
        played = [x["name"] if x else "none" for x in c["played"][side]]
        if played:
            lines.append(f"  played by {team(b, s)}: " + ", ".join(played))
    for bet in c.get("bets", []):
        lines.append(f"  bet: {team(b, bet['seat'])} on {_side(b, c, bet['side'])}")
    for w in c.get("wagers", []):
        lines.append(f"  wager: {team(b, w['from'])} v {team(b, w['to'])}, {_plural(w['stake'], 'credit')} "
                     f"on {_side(b, c, w['side'])}")
    return lines


def _side(b: dict[str, Any], c: dict[str, Any], side: str) -> str:
    if side == "player":
        return f"{team(b, c['away'])} to beat the card"
    if side == "card":
        return "the scrimmage card"
    return team(b, int(side))


def roll_line(b: dict[str, Any]) -> str | None:
    """The latest roll (MO-CMP-03: every roll is public): who, why, the faces and the die kept."""
    r = b.get("last_roll")
    if not r:
        return None
    faces = ", ".join(FACES.get(f, f) for f in r["faces"])
    kept = f" · kept {FACES.get(r['kept'], r['kept'])}" if r.get("kept") and len(r["faces"]) > 1 else ""
    return f"Last roll: {team(b, r['seat'])} ({r['why']}): {faces}{kept}"


def _options(b: dict[str, Any]) -> str | None:
    """The table options that differ from their defaults (MO-OPT-01..08, MO-BRK-04, MO-FIN-01)."""
    words = []
    for k, v in b.get("options", {}).items():
        word = OPTION_WORDS.get(k, k)
        if isinstance(v, bool):
            words.append(word if v else f"no {word}")
        else:
            words.append(word.format(v) if "{}" in word else f"{word} {v}")
    return "Options: " + ", ".join(words) if words else None


def _tile(b: dict[str, Any]) -> str | None:
    t = b.get("tile")
    if not t:
        return None
    return f"Now: {team(b, t['seat'])} on a {KINDS.get(t['kind'], t['kind'])} tile"


# ---------------------------------------------------------------- the texts

def board_text(view: View) -> str:
    """The public board as plain text (MO-INF-02, MO-CMP-02): stage N of M and phase; the non-default
    options and the turn order; every stage track (the current one with the teams on each tile, the start
    line and the end's Match Up spots, MO-CMP-05, MO-MOV-06); each team's line (MO-INF-01: counts of the
    secret cards only) with revealed minor sponsors and kept scrimmage cards; the market, major sponsors and
    decks (face-down discards as counts, MO-INF-03); the bracket; the live contest with its score dials
    (MO-MAT-09); the tile being resolved; the last roll; the token supply; the result. ``▶`` marks a team
    with an open decision. A team's line starts with its marker and its player's name, ``"Tharsis Rovers
    (green, Cleo): 3 credits · …"``, not with the player's name and a colon: the terminal then prints these
    lines as they are instead of a seats table, which for a team's sixteen counts would be too wide to read
    (``bot/terminal.py``)."""
    b = view.board
    waiting = {s for s, _ in view.waiting}
    lines = [f"== Meta Olympia · Stage {b['stage'] + 1} of {b['stages']} · {phase_word(b['phase'])} =="]
    opts = _options(b)
    if opts:
        lines.append(opts)
    lines.append("Turn order: " + ", ".join(team(b, s) for s in _standing(b)))
    lines += _tracks(b)
    lines += _team_lines(b, view.viewer, waiting)
    lines += _market(b)
    lines += _sponsors_and_decks(b)
    if b["bracket"]:
        final = b["stage"] == b["stages"] - 1
        lines.append(("Final Championship" if final else "Tournament") + f" of Stage {b['stage'] + 1}:")
        lines += bracket_lines(b)
    lines += contest_lines(b)
    for extra in (_tile(b), roll_line(b)):
        if extra:
            lines.append(extra)
    sup = b["supply"]
    lines.append(f"Supply left: {_plural(sup['credits'], 'credit')} · {sup['popularity']} popularity · "
                   f"{sup['prestige']} prestige")
    if view.result is not None:
        lines.append(view.result.text)
    return "\n".join(lines)


MOVE_KINDS = frozenset({"move", "spot"})
CONTEST_KINDS = frozenset({"athlete", "tactic", "dice", "recover_dice", "keep", "react", "heal", "bet", "wager",
                           "wager_ok"})
MARKET_KINDS = frozenset({"recruit", "draw_pick", "return", "trade_with", "trade_give", "trade_ask",
                          "trade_credits", "trade_reply", "trade_final", "trade_pick", "trade_discard"})
SPONSOR_KINDS = frozenset({"fundraise", "sponsor_pick", "freeday"})
TEAM_KINDS = frozenset({"merger", "merger_accept", "merger_approve", "merger_keep", "merger_tactic"})


def context_text(view: View) -> str:
    """What the viewer's open decision depends on, one whole line per item (never hard-wrapped),
    from the public board only: the stage and phase and the viewer's tokens; then for a move
    or a Match Up spot the current track with the teams on it and the capacity (MO-MOV-02/06); for a contest
    decision the contest's score, mat and played athletes (MO-MAT-09) and the last roll; for recruiting or a
    trade the market and the athlete discard (MO-REC-01..03); for a fundraise or Free Day the major sponsors
    (MO-FND-03); for a merger the teams' counts. Empty when ``view.decisions`` is empty."""
    if not view.decisions:
        return ""
    b = view.board
    me = view.viewer
    kind = view.decisions[0].kind
    lines = [f"Stage {b['stage'] + 1} of {b['stages']} · {phase_word(b['phase'])}"]
    if me is not None:
        pl = b["players"][me]
        lines.append(f"You: {pl['team']} · {_plural(pl['credits'], 'credit')} · {pl['popularity']} popularity · "
                     f"{pl['prestige']} prestige · {pl['athletes']} athletes"
                     + (f" ({pl['injured']} injured)" if pl["injured"] else ""))
    if kind in MOVE_KINDS:
        lines.append(f"Stage {b['stage'] + 1} track ({_plural(b['capacity'], 'team')} per tile):")
        lines += track_lines(b)
    elif kind in CONTEST_KINDS and b.get("contest"):
        lines += contest_lines(b, lines_of_athletes=False)
        roll = roll_line(b)
        if roll:
            lines.append(roll)
    elif kind in MARKET_KINDS:
        disc = b["athlete_discard"]
        lines.append(f"Market (deck {b['athlete_deck']}, discard {len(disc)}"
                     + (f", top {disc[-1]['name']})" if disc else ")"))
        for a in b["market"]:
            lines.append(_card_line(a["name"], a["line"], " "))
    elif kind in SPONSOR_KINDS:
        lines.append("Major sponsors:")
        for m in b["majors"]:
            lines.append(_card_line(m["name"], m["text"], " "))
    elif kind in TEAM_KINDS:
        for s in _standing(b):
            pl = b["players"][s]
            lines.append(f"{pl['team']}: {pl['credits']} cr · {pl['popularity']} pop · {pl['prestige']} prestige "
                         f"· {record(pl)}")
    elif b.get("contest"):
        lines += contest_lines(b, lines_of_athletes=False)
    return "\n".join(lines)


def private_text(view: View) -> str:
    """The viewer's own hidden information (MO-INF-01): their athletes (name, tier, value, type, abilities,
    injured; MO-ATH-01, MO-INJ-01), tactic cards with their text, minor sponsors with their goals, and the
    cards they drew that wait for their choice. Empty for a spectator.

    ``view.private``: ``{"athletes": [{card, name, line, injured, value, tier, type}], "tactics": [{card,
    name, line}], "minors": [{card, name, line}], "pending": [{card, name, kind, line}]}``."""
    pv = view.private
    if pv is None:
        return ""
    ath = pv["athletes"]
    hurt = sum(a["injured"] for a in ath)
    lines = [f"Your athletes ({len(ath)}" + (f", {hurt} injured" if hurt else "") + "):"]
    for a in ath:
        lines.append(_card_line(a["name"] + (" [INJURED]" if a["injured"] else ""), a["line"], "  "))
    lines.append(f"Your tactic cards ({len(pv['tactics'])}):")
    lines += [_card_line(t["name"], t["line"], "  ") for t in pv["tactics"]] or ["  (none)"]
    lines.append(f"Your minor sponsors ({len(pv['minors'])}):")
    lines += [_card_line(m["name"], m["line"], "  ") for m in pv["minors"]] or ["  (none)"]
    if pv.get("pending"):
        lines.append("Drawn, waiting for your choice:")
        for c in pv["pending"]:
            lines.append(_card_line(c["name"], c["line"], "  "))
    return "\n".join(lines)


def end_lines(view: View) -> dict[int, str]:
    """Per seat its end state for the game summary: the final prestige and its parts when scored
    (MO-SCO-02/03), else the prestige tokens; W-D-L; ``out`` for a team that withdrew or merged."""
    b = view.board
    out: dict[int, str] = {}
    for s, pl in enumerate(b["players"]):
        parts = _scores_of(b, s)
        head = score_line(parts) if parts is not None else _plural(pl["prestige"], "prestige token")
        line = f"{head} · {record(pl)}"
        out[s] = line + (" · out" if pl["out"] else "")
    return out

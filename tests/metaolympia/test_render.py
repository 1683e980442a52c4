"""Meta Olympia text rendering (``games/metaolympia/render.py``) through the game contract: boards of 2, 3
and 4 teams at many points of seeded random games and in set positions (mid-match, mid-scrimmage, a Strategize
draw, the end) show the stage, the tracks with the team markers, the teams' public counts, the market,
sponsors, decks, bracket, contest and roll; no private card (tactics, minor sponsors, drawn cards) reaches a
spectator's or another seat's text; every item is one whole line and a 2-4 team board fits
one Discord message.
The helpers here are also used by ``test_picture.py``."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.shell.render import text_overflows
from games.core.contract import SeatSetup, View
from games.metaolympia import GAME
from games.metaolympia.pool import pool

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eve", "Fox", "Gil", "Hal")
TEAMS = ("Ares United", "Phobos Wanderers", "Deimos Drifters", "Valles Velocity")


def seats(n: int) -> list[SeatSetup]:
    return [SeatSetup(NAMES[i]) for i in range(n)]


def playout(n: int, seed: int, options: dict[str, Any] | None = None, limit: int = 5000) -> Iterator[Any]:
    """The live state before every decision of a seeded random game of ``n`` teams, and once at its end
    (the /tmp/mo/rp.py driver: the first open decision, a random option)."""
    st = GAME.new_game(seats(n), options, seed)
    rnd = random.Random(seed)
    for _ in range(limit):
        yield st
        if GAME.result(st) is not None:
            return
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, rnd.choice(d.options).id)
    raise AssertionError("the random game did not end")


def sampled(n: int, seed: int, every: int, options: dict[str, Any] | None = None) -> Iterator[Any]:
    """Every ``every``-th state of :func:`playout` and its final state."""
    for k, st in enumerate(playout(n, seed, options)):
        if k % every == 0 or GAME.result(st) is not None:
            yield st


def first(n: int, seed: int, when, options: dict[str, Any] | None = None) -> Any:
    """The first state of a seeded random game whose public board satisfies ``when``."""
    for st in playout(n, seed, options):
        if when(GAME.view(st, None).board):
            return st
    raise AssertionError("no such position in this game")


def norm(text: str) -> str:
    """``text`` with line breaks and " · " separators as single spaces (wrapping drops a separator)."""
    return " ".join(text.replace("·", " ").replace("▶", " ").split())


def block(text: str, head: str) -> str:
    """The line of ``text`` whose body starts with ``head`` and its deeper-indented continuation lines,
    normalised (:func:`norm`); fails when there is none."""
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if line.lstrip(" ▶").startswith(head):
            ind = len(line) - len(line.lstrip(" "))
            out = [line]
            for nxt in lines[k + 1:]:
                if len(nxt) - len(nxt.lstrip(" ")) <= ind:
                    break
                out.append(nxt)
            return norm("\n".join(out))
    raise AssertionError(f"no line starts with {head!r}:\n{text}")


def secrets(st: Any, seat: int) -> list[str]:
    """Names of ``seat``'s secret cards from its own view (MO-INF-01): tactics, minor sponsors, drawn cards."""
    pv = GAME.view(st, seat).private
    return [c["name"] for c in pv["tactics"] + pv["minors"] + pv["pending"]]


def hidden_from_board(board: dict[str, Any]) -> list[str]:
    """Every tactic and sponsor name of the set that is not public on ``board`` (MO-INF-01, MO-INF-03: a
    card in a hand, drawn, or discarded face down is named nowhere public)."""
    public = json.dumps(board, ensure_ascii=False)
    names = [t.name for t in pool().tactics.values()] + [s.name for s in pool().sponsors.values()]
    return [x for x in names if x not in public]


def record_of(pl: dict[str, Any]) -> str:
    return f"W-D-L {pl['wins']}-{pl['draws']}-{pl['losses']}"


def plural(n: int, word: str) -> str:
    return f"{n} {word if n == 1 else word + 's'}"


def check_board(view: View) -> None:
    """The key public facts of ``view.board`` appear in its board text (MO-INF-02, MO-CMP-02, MO-CMP-05)."""
    b = view.board
    text = GAME.board_text(view)
    flat = norm(text)
    lines = text.splitlines()
    for pl in b["players"]:  # a team's summary is one line (this asserted 64 characters before)
        assert any(ln.lstrip(" ▶").startswith(f"{pl['team']} (") and ln.endswith(record_of(pl)) for ln in lines), text
    phase = {"preseason": "Pre-Season", "tournament": "Tournament", "over": "Game over"}[b["phase"]]
    assert text.splitlines()[0] == f"== Meta Olympia · Stage {b['stage'] + 1} of {b['stages']} · {phase} =="
    for k, tr in enumerate(b["tracks"]):
        for t in tr:
            assert t["name"] in text
        now = k == b["stage"] and b["phase"] != "over"
        assert (f"▶ Stage {k + 1} (now):" in text) == now
    tr = b["tracks"][b["stage"]]
    for s, pl in enumerate(b["players"]):
        mark = f"{pl['team']} ({pl['colour']})"
        you = ", you" if s == view.viewer else ""
        seat = block(text, f"{pl['team']} ({pl['colour']}, {pl['name']}{you}):")
        for part in (plural(pl["credits"], "credit"), f"{pl['popularity']} popularity",
                     plural(pl["prestige"], "prestige token"), plural(pl["athletes"], "athlete"),
                     plural(pl["tactics"], "tactic card"), plural(pl["minors"], "minor sponsor"),
                     f"W-D-L {pl['wins']}-{pl['draws']}-{pl['losses']}"):
            assert part in seat, (part, seat)
        assert (f"({pl['injured']} injured)" in seat) == bool(pl["injured"])
        for c in pl["shown"] + pl["scrims"]:
            assert c["name"] in seat
        if pl["out"]:
            continue
        if 0 <= pl["pos"] < len(tr) and b["phase"] != "over":  # MO-CMP-05: the marker on its tile
            t = tr[pl["pos"]]
            assert mark in block(text, f"{pl['pos'] + 1}. {t['name']}")
        elif pl["pos"] < 0 and b["phase"] != "over":
            assert mark in block(text, "Start:")
        if pl["spot"] >= 0 and b["phase"] != "over":  # MO-MOV-06, MO-GAP-03
            side = b["spot_sides"][pl["spot"]]
            assert f"spot {pl['spot'] + 1} {side} {mark}" in flat
    for a in b["market"]:
        assert a["name"] in text
    for m in b["majors"]:
        assert m["name"] in text
    for pile in ("athlete_discard", "tactic_discard", "scrim_discard"):
        if b[pile]:
            assert b[pile][-1]["name"] in text
    assert f"{b['tactic_buried']} face down" in flat and f"sponsors {b['sponsor_deck']}" in flat
    sup = b["supply"]
    assert f"Supply left: {plural(sup['credits'], 'credit')} {sup['popularity']} popularity" in flat
    if b["contest"]:
        c = b["contest"]
        assert f"Defining Moment {c['moment']} of 3" in flat
        if c["kind"] == "match":
            assert norm(f"{b['players'][c['home']]['team']} (Home) {c['score'][1]} – {c['score'][0]} "
                        f"{b['players'][c['away']]['team']} (Away)") in flat
        for a in c["mat"]:
            if a is not None:
                assert a["name"] in text
    for k, m in enumerate(b["bracket"]):
        assert block(text, f"{k + 1}. {b['players'][m['away'] if m['home'] < 0 else m['home']]['team']}")
    if view.result is not None:
        assert norm(view.result.text) in flat


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_MO_INF_02_MO_CMP_02_MO_CMP_05_boards_show_the_public_facts(n, seed):
    """MO-INF-02, MO-CMP-02, MO-CMP-05: at many points of a seeded game of ``n`` teams the board text shows
    the stage and phase, every track's tiles with the current one marked, each team's marker on its tile,
    at the start or on its Match Up spot, each team's public counts, the market, sponsors, discards and
    face-down counts, the supply, the contest and the bracket; a seat's own view names it "you"."""
    for st in sampled(n, seed, 9):
        check_board(GAME.view(st, None))
        check_board(GAME.view(st, seed % n))


def test_MO_INF_01_MO_INF_03_no_secret_card_reaches_another_seats_text():
    """MO-INF-01, MO-INF-03: no tactic or sponsor card that is not public on the board (in a hand, drawn and
    waiting, or discarded face down) is named in the spectator's board, nor in any seat's board or context
    text; a seat's own private text names its own secret cards, and no other seat's text does."""
    checked = 0
    for n, seed, opts in ((2, 5, None), (3, 6, {"gambling": True}), (4, 7, {"trades": True, "wagers": True})):
        for st in sampled(n, seed, 5, opts):
            public = GAME.view(st, None)
            hidden = hidden_from_board(public.board)
            texts = [GAME.board_text(public)]
            for s in range(n):
                mine = GAME.view(st, s)
                texts += [GAME.board_text(mine), GAME.context_text(mine)]
                private = GAME.private_text(mine)
                for name in secrets(st, s):
                    assert name in private
                for other in range(n):
                    if other == s:
                        continue
                    for name in secrets(st, other):
                        if name not in secrets(st, s) and name in hidden:
                            assert name not in private
                            checked += 1
            shown = "\n".join(texts)
            for name in hidden:
                assert name not in shown, name
                checked += 1
    assert checked > 1000


def test_MO_INF_01_a_strategize_draw_is_private_until_kept():
    """MO-INF-01, MO-STG-01: the two tactic cards a team draws are in its private text under "Drawn, waiting
    for your choice", and in nobody else's text nor the board."""
    st = GAME.position({"land": {"seat": 2, "tile": 1},
                        "tracks": [["chryse-strategy-room", "noctis-war-room", "arcadia-open-trials"]],
                        "tactic_deck": ["field-medic", "dust-devil-screen", "low-gravity-leap"]}, seats(3), 5)
    assert GAME.decisions(st)[0].kind == "tactic_pick"
    mine = GAME.private_text(GAME.view(st, 2))
    tail = mine.split("Drawn, waiting for your choice:")[1]
    assert "Low-Gravity Leap — Tactic · free · +1 goal" in tail and "Dust Devil Screen" in tail
    for viewer in (None, 0, 1):
        view = GAME.view(st, viewer)
        for text in (GAME.board_text(view), GAME.context_text(view), GAME.private_text(view)):
            assert "Low-Gravity Leap" not in text and "Dust Devil Screen" not in text
    board = GAME.board_text(GAME.view(st, None))
    assert "Now: Tharsis Rovers on a Strategize tile" in board
    assert "tactics 1 (used 0; 0 face down)" in board


def test_private_text_lists_athletes_tactics_and_minor_sponsors():
    """MO-INF-01, MO-ATH-01, MO-INJ-01: a seat's private text lists its athletes (tier, value, type,
    abilities, injured), its tactic cards with their text and its minor sponsors with their goals; a
    spectator has none."""
    st = GAME.position({"players": [{}, {"tactics": ["regolith-wall", "second-breath"], "minors": ["argyre-foundry"],
                                         "athletes": ["dust-warden", "regolith-stopper", "crater-keeper", "red-runner",
                                                      "canal-striker", "huoxing"], "injured": ["red-runner"]}]},
                       seats(2), 3)
    text = GAME.private_text(GAME.view(st, 1))
    assert text.startswith("Your athletes (6, 1 injured):")
    assert "Huoxing — Pro · 4 credits · offensive" in text
    assert "Red Runner [INJURED] — Rookie · 1 credit · offensive" in text
    assert "Your tactic cards (2):" in text and "Regolith Wall — Tactic · cost 1 popularity · counter 2" in text
    assert norm("Argyre Foundry — Minor sponsor · after a scrimmage: win a scrimmage of tier 4 or higher") in norm(text)
    assert "Drawn" not in text
    other = GAME.private_text(GAME.view(st, 0))
    assert "Your tactic cards (0):" in other and "Regolith Wall" not in other and "Argyre Foundry" not in other
    assert GAME.private_text(GAME.view(st, None)) == ""
    board = GAME.board_text(GAME.view(st, None))
    ben = block(board, "Jezero Dust Devils (blue, Ben):")
    assert "2 tactic cards" in ben and "1 minor sponsor" in ben and "(1 injured)" in ben and "Huoxing" not in board


def test_MO_MAT_09_a_live_match_shows_its_score_dials_moment_and_mat():
    """MO-MAT-09, MO-MAT-10: mid-match the board shows Away and Home with the live score, the Defining Moment
    of 3, the step, the athletes on the mat with their lines and those played; the contest decision's
    context shows the same in short lines."""
    st = first(4, 11, lambda b: b["contest"] and b["contest"]["kind"] == "match" and sum(b["contest"]["score"])
               and any(b["contest"]["mat"]) and b["contest"]["moment"] >= 2)
    view = GAME.view(st, None)
    b = view.board
    c = b["contest"]
    check_board(view)
    text = GAME.board_text(view)
    away, home = (b["players"][c[k]]["team"] for k in ("away", "home"))
    match = block(text, "Match:")
    assert match.startswith(norm(f"Match: {home} (Home) {c['score'][1]} – {c['score'][0]} {away} (Away)"))
    assert f"Defining Moment {c['moment']} of 3" in match
    for side, s in enumerate((c["away"], c["home"])):
        if c["mat"][side]:
            assert norm(f"{b['players'][s]['team']} playing: {c['mat'][side]['name']}") in norm(text)
        for a in c["played"][side]:
            if a:
                assert a["name"] in block(text, f"played by {b['players'][s]['team']}:")
    d = GAME.decisions(st)[0]
    ctx = GAME.context_text(GAME.view(st, d.seat))
    assert ctx.splitlines()[2].startswith(f"Match: {home} (Home) {c['score'][1]} – {c['score'][0]} {away} (Away) · ")
    assert norm(f"Match: {home} (Home) {c['score'][1]} – {c['score'][0]} {away} (Away)") in norm(ctx)
    bracket = text.split(f"Tournament of Stage {b['stage'] + 1}:")[1].split("Match:")[0]
    assert norm(f"{home} (Home) v {away} (Away) playing now") in norm(bracket)


def test_a_live_scrimmage_shows_its_card_and_the_score_to_beat():
    """MO-SCR-01..03: mid-scrimmage the board shows the team's score against the scrimmage card, its tier and
    the score to beat, the card's line, and the Defining Moment."""
    st = GAME.position({"scrimmage": {"seat": 1, "card": "miners-eleven"}}, seats(3), 5)
    text = GAME.board_text(GAME.view(st, None))
    assert norm("Scrimmage: Jezero Dust Devils 0 v Miners' Eleven (tier 1) score to beat 1 Defining Moment 1 of 3") \
        in block(text, "Scrimmage:")
    assert "Tier 1 scrimmage · score 1" in text
    ctx = GAME.context_text(GAME.view(st, 1))
    assert "score to beat 1" in ctx and "Miners' Eleven" in ctx
    st = first(3, 12, lambda b: b["contest"] and b["contest"]["kind"] == "scrimmage" and b["contest"]["moment"] >= 2)
    check_board(GAME.view(st, None))


def test_MO_BRK_04_the_bracket_shows_series_scores_and_results():
    """MO-BRK-01..04, MO-FIN-02: two teams play a best-of series whose games so far are counted; the matches
    of four teams' final round robin show their scores and winners once played."""
    st = first(2, 13, lambda b: b["bracket"] and b["bracket"][0].get("games") and not b["bracket"][0].get("closed"))
    b = GAME.view(st, None).board
    m = b["bracket"][0]
    games = m["games"]
    line = block(GAME.board_text(GAME.view(st, None)), f"1. {b['players'][m['home']]['team']} (Home)")
    assert f"best of {m['series']}: {games.count(m['home'])}-{games.count(m['away'])}" in line
    st = first(4, 14, lambda b: sum(bool(m.get("done")) for m in b["bracket"]) >= 3)
    b = GAME.view(st, None).board
    assert len(b["bracket"]) == 6 and "Final Championship of Stage 4:" in GAME.board_text(GAME.view(st, None))
    text = GAME.board_text(GAME.view(st, None))
    for k, m in enumerate(b["bracket"]):
        if not m.get("done"):
            continue
        line = block(text, f"{k + 1}. {b['players'][m['home']]['team']} (Home) v {b['players'][m['away']]['team']}")
        sh, sa = m["score"]
        won = f"{b['players'][m['winner']]['team']} win" if m["winner"] is not None else "level"
        assert f"{sh}-{sa}, {won}" in line


def test_context_follows_the_open_decision_with_one_line_per_item():
    """The context shows what the decision depends on: a move the current track with the teams on
    it and the capacity (MO-MOV-02); recruiting the market (MO-REC-01); a contest decision the score; it is
    empty without a decision; the viewer's summary is one line (this asserted 40-character lines
    before)."""
    seen = set()
    for st in sampled(3, 15, 1, {"trades": True}):
        if GAME.result(st) is not None:
            break
        d = GAME.decisions(st)[0]
        view = GAME.view(st, d.seat)
        ctx = GAME.context_text(view)
        b = view.board
        pl = b["players"][d.seat]
        hurt = f" ({pl['injured']} injured)" if pl["injured"] else ""
        assert ctx.splitlines()[1] == (f"You: {pl['team']} · {plural(pl['credits'], 'credit')} · {pl['popularity']} "
                                       f"popularity · {pl['prestige']} prestige · {pl['athletes']} athletes{hurt}"), ctx
        assert ctx.startswith(f"Stage {b['stage'] + 1} of {b['stages']}")
        assert norm(f"You: {b['players'][d.seat]['team']}") in norm(ctx)
        if d.kind == "move":
            assert f"({b['capacity']} teams per tile)" in ctx or f"({b['capacity']} team per tile)" in ctx
            for t in b["tracks"][b["stage"]]:
                assert norm(t["name"]) in norm(ctx)
            seen.add("move")
        elif d.kind == "recruit":
            assert any(line.startswith("Market (deck") for line in ctx.splitlines())
            for a in b["market"]:
                assert a["name"] in ctx
            seen.add("recruit")
        elif d.kind in ("athlete", "tactic", "keep", "dice"):
            assert "Defining Moment" in norm(ctx)
            seen.add("contest")
        others = [s for s in range(3) if s != d.seat]
        assert GAME.context_text(GAME.view(st, others[0])) == ""
    assert seen == {"move", "recruit", "contest"}


def test_MO_SCO_02_the_end_shows_final_prestige_and_end_lines():
    """MO-SCO-02/03: at the end the board shows each team's final prestige by part and the result; the end
    summary has one short line per seat with the total and the record."""
    for n, seed in ((2, 16), (4, 17)):
        *_, st = playout(n, seed)
        view = GAME.view(st, None)
        check_board(view)
        text = GAME.board_text(view)
        b = view.board
        turns, lines = GAME.end_state(view)
        assert turns is None and set(lines) == set(range(n))
        for s, pl in enumerate(b["players"]):
            parts = b["scores"][s]
            head = (f"{parts['total']} prestige: {parts['tokens']} tokens + {parts['sponsors']} minor + "
                    f"{parts['majors']} major + {parts['credits']} credits + {parts['popularity']} popularity")
            assert norm(f"final: {head}") in block(text, f"{pl['team']} ({pl['colour']}, {pl['name']}):")
            assert lines[s] == f"{head} · W-D-L {pl['wins']}-{pl['draws']}-{pl['losses']}"
            assert len(lines[s]) <= 100
        assert norm(view.result.text) in norm(text)


def test_options_and_last_roll_are_shown():
    """MO-OPT-01..08: the non-default table options are listed; MO-CMP-03: the last roll with its faces and
    the kept die."""
    opts = {"gambling": True, "trades": True, "bestof": 5}
    st = first(2, 18, lambda b: b["last_roll"] is not None, opts)
    text = GAME.board_text(GAME.view(st, None))
    assert "Options: best-of-5 series, gambling, athlete trades" in text
    r = GAME.view(st, None).board["last_roll"]
    assert block(text, "Last roll:").startswith(norm(f"Last roll: {GAME.view(st, None).board['players'][r['seat']]['team']}"))
    plain = GAME.board_text(GAME.view(next(playout(2, 18)), None))
    assert "Options:" not in plain


@pytest.mark.parametrize("n", [2, 3, 4])
def test_boards_fit_one_discord_message(n):
    """A 2-4 team board (no Mega League) fits the board message without the Full board button,
    each team's summary one line; custom team names and colours are shown as given (MO-SET-10)."""
    opts = {"team_names": list(TEAMS[:n]), "colours": ["crimson", "blue", "green", "gold"][:n], "gambling": True}
    for st in sampled(n, 20 + n, 4, opts):
        view = GAME.view(st, None)
        text = GAME.board_text(view)
        assert not text_overflows(text)
        for t in TEAMS[:n]:
            assert t in text
        assert "Ares United (crimson, Ana):" in text


def test_MO_GAP_03_MO_GAP_23_match_up_spots_carry_the_engines_sides():
    """MO-GAP-03, MO-GAP-23: three teams' spots read Home, Away, Away (the odd last spot meets a lower spot);
    in a final round robin spot 1 is Home, the last Away, the others "Home or Away"."""
    st = first(3, 19, lambda b: b["phase"] == "tournament" and b["stage"] == 0)
    b = GAME.view(st, None).board
    assert b["spot_sides"] == ["Home", "Away", "Away"]
    text = GAME.board_text(GAME.view(st, None))
    assert all(f"spot {k + 1} {side} " in block(text, "End:") for k, side in enumerate(b["spot_sides"]))
    st = first(4, 19, lambda b: b["phase"] == "tournament" and b["stage"] == b["stages"] - 1)
    b = GAME.view(st, None).board
    assert b["spot_sides"] == ["Home", "Home or Away", "Home or Away", "Away"]
    assert "spot 2 Home or Away " in block(GAME.board_text(GAME.view(st, None)), "End:")


def test_the_terminal_prints_the_team_lines_as_they_are():
    """In the terminal a team's line starts with its marker, not "name:", so the terminal prints the
    board text itself (a seats table of sixteen counts would not fit a terminal); the viewer's team says
    "you"."""
    import io

    from bot.terminal import Screen

    st = first(4, 21, lambda b: b["phase"] == "preseason" and b["stage"] == 1)
    out = io.StringIO()
    screen = Screen(out, me=0, width=80, colour=False)
    screen.seats(list(NAMES[:4]))
    view = GAME.view(st, 0)
    screen.board(GAME, view)
    shown = out.getvalue()
    assert "Gusev Super Colliders (red, Ana, you): " in shown
    for pl in view.board["players"][1:]:
        assert f"{pl['team']} ({pl['colour']}, {pl['name']}): " in shown
    assert "Credits" not in shown  # no seats table header

"""The Meta Olympia board picture (``games/metaolympia/picture.py``) on boards of seeded random games and set
positions: the stage tracks with the current stage highlighted, the team markers in their colours where they
stand, the Match Up spots, the live score, the bracket with results and every team's tokens each have their
labelled place; no secret card is drawn; nothing lies outside the 800-px canvas; the painter draws it within
its size limit."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from bot.picture import MAX_PNG_BYTES, board_png
from games.core.layout import Box, Label, Layout, seat_colour
from games.metaolympia import GAME
from games.metaolympia.picture import ACCENT, TEAM_RGB, team_colour

from .test_render import first, hidden_from_board, playout, plural, sampled, seats, secrets


def texts(layout: Layout, source: str) -> list[str]:
    return [e.text for e in layout.elements if isinstance(e, Label) and e.source == source]


def one_text(layout: Layout, source: str) -> str:
    found = texts(layout, source)
    assert found, f"no label shows {source}"
    return " ".join(found)


def boxes(layout: Layout, source: str) -> list[Box]:
    return [e for e in layout.elements if isinstance(e, Box) and e.source == source]


def drop_waiting(layout: Layout) -> list:
    return [e for e in layout.elements if e.source != "waiting"]


def check_layout(view) -> Layout:
    """The public facts of ``view.board`` have their labelled places in its layout (MO-INF-02, MO-CMP-02,
    MO-CMP-05, MO-MAT-09)."""
    b = view.board
    lay = GAME.layout(view)
    assert lay.outside() == [] and lay.width == 800 and lay.height > 0
    assert one_text(lay, "stage") == f"Stage {b['stage'] + 1} of {b['stages']}"
    assert texts(lay, "phase")
    for k, tr in enumerate(b["tracks"]):
        assert one_text(lay, f"track.{k}").startswith(f"Stage {k + 1}")
        for i, t in enumerate(tr):
            assert t["name"] in texts(lay, f"track.{k}.{i}")
    tr = b["tracks"][b["stage"]]
    for i, t in enumerate(tr):
        assert one_text(lay, f"now.{i}").startswith(f"{i + 1}. {t['name']}")
    for s, pl in enumerate(b["players"]):
        src = f"p{s}"
        assert one_text(lay, f"{src}.name").startswith(pl["team"])
        assert one_text(lay, f"{src}.credits") == f"{pl['credits']} credits"
        assert one_text(lay, f"{src}.popularity") == f"{pl['popularity']} popularity"
        assert one_text(lay, f"{src}.prestige") == f"{pl['prestige']} prestige"
        assert one_text(lay, f"{src}.athletes") == plural(pl["athletes"], "athlete")
        assert one_text(lay, f"{src}.injured") == f"{pl['injured']} injured"
        assert one_text(lay, f"{src}.tactics") == plural(pl["tactics"], "tactic")
        assert one_text(lay, f"{src}.minors") == plural(pl["minors"], "minor")
        assert one_text(lay, f"{src}.scrims") == plural(len(pl["scrims"]), "scrimmage")
        if pl["shown"]:
            assert one_text(lay, f"{src}.shown").startswith(plural(len(pl["shown"]), "sponsor") + " shown")
        assert one_text(lay, f"{src}.record") == f"W-D-L {pl['wins']}-{pl['draws']}-{pl['losses']}"
        if pl["out"]:
            continue
        if -1 <= pl["pos"] < len(tr):  # MO-CMP-05: the marker where the team stands, in its colour
            chip = boxes(lay, f"marker.{s}")
            assert len(chip) == 1 and chip[0].fill == team_colour(b, s)
            assert texts(lay, f"marker.{s}") == [pl["team"]]
            place = "now.start" if pl["pos"] < 0 else f"now.{pl['pos']}"
            rows = [e for e in lay.labels("now.") if e.source != "now.end" and e.y <= chip[0].y]
            assert max(rows, key=lambda e: e.y).source == place  # the nearest place above the chip
        if pl["spot"] >= 0:  # MO-MOV-06, MO-GAP-03
            side = b["spot_sides"][pl["spot"]]
            assert one_text(lay, f"spot.{pl['spot']}") == f"{pl['spot'] + 1} {side} · {pl['team']}"
            assert boxes(lay, f"spot.{pl['spot']}")[0].fill == team_colour(b, s)
    c = b["contest"]
    if c:
        scores = texts(lay, "contest.score")  # Home first in a match, as in the bracket
        shown = c["score"][::-1] if c["kind"] == "match" else c["score"]
        assert scores[:len(c["score"])] == [str(x) for x in shown]
        assert f"Defining Moment {c['moment']} of 3" in one_text(lay, "contest")
        for n, a in enumerate(c["mat"]):
            assert (a["name"] in one_text(lay, f"contest.mat.{n}")) if a else "no athlete yet" in texts(lay, f"contest.mat.{n}")
    for k, m in enumerate(b["bracket"]):
        shown = texts(lay, f"bracket.{k}")
        assert b["players"][m["away"]]["team"] in shown
        if m["home"] >= 0:
            assert b["players"][m["home"]]["team"] in shown
        if m.get("done") and "series" not in m:
            assert any(t.startswith(f"{m['score'][0]}-{m['score'][1]}") for t in shown)
    if view.result is not None:
        assert view.result.text in one_text(lay, "result")
    return lay


@pytest.mark.parametrize(("n", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_MO_CMP_02_MO_CMP_05_layouts_show_tracks_markers_spots_and_tokens(n, seed):
    """MO-CMP-02, MO-CMP-05, MO-INF-02, MO-MAT-09: at many points of a seeded game every track and tile, each
    team's marker in its colour on its place of the current track, the Match Up spots taken, each team's
    tokens and counts, the live score and the bracket results have their labels; the picture stays on its
    800-px canvas."""
    for st in sampled(n, seed, 11):
        check_layout(GAME.view(st, None))


def test_MO_CMP_02_the_current_stage_is_highlighted():
    """MO-CMP-02: the current stage's row has the accent outline; no other row has it; at the end none."""
    for st in sampled(4, 34, 40):
        b = GAME.view(st, None).board
        lay = GAME.layout(GAME.view(st, None))
        hi = [e for e in lay.elements if isinstance(e, Box) and e.outline == ACCENT]
        if b["phase"] == "over":
            assert hi == []
            continue
        assert len(hi) == 1
        label = next(lay.labels(f"track.{b['stage']}"))
        assert hi[0].y <= label.y < hi[0].y + hi[0].h
        assert "now" in texts(lay, f"track.{b['stage']}")


def test_MO_INF_01_MO_INF_03_no_secret_card_is_drawn_and_every_view_gives_the_same_picture():
    """MO-INF-01, MO-INF-03: the picture names no tactic or sponsor that is not public on the board (cards in
    hands, drawn cards, face-down discards) and no seat's secret card; it is the same from every seat's view
    but for the "waiting" line."""
    checked = 0
    for n, seed in ((2, 35), (4, 36)):
        for st in sampled(n, seed, 13, {"gambling": True}):
            public = GAME.view(st, None)
            lay = GAME.layout(public)
            shown = "\n".join(lay.texts())
            board = json.dumps(public.board, ensure_ascii=False)
            for name in hidden_from_board(public.board):
                assert name not in shown
                checked += 1
            for s in range(n):
                assert drop_waiting(GAME.layout(GAME.view(st, s))) == drop_waiting(lay)
                for name in secrets(st, s):
                    assert name in board or name not in shown
    assert checked > 300


def test_MO_MAT_09_a_match_and_a_scrimmage_show_their_score_dials():
    """MO-MAT-09, MO-MAT-10, MO-SCR-03: a match shows Home and Away with their scores in the teams' colours
    and the athletes playing, Home on the left as in the bracket; a scrimmage shows the team's
    score against the card's score to beat."""
    st = first(4, 11, lambda b: b["contest"] and b["contest"]["kind"] == "match" and sum(b["contest"]["score"])
               and any(b["contest"]["mat"]))
    view = GAME.view(st, None)
    lay = check_layout(view)
    c = view.board["contest"]
    for n, (s, word) in enumerate(((c["away"], "Away"), (c["home"], "Home"))):
        assert texts(lay, f"contest.side.{n}") == [view.board["players"][s]["team"], word]
        assert boxes(lay, f"contest.side.{n}")[0].fill == team_colour(view.board, s)
    home, away = boxes(lay, "contest.side.1")[0], boxes(lay, "contest.side.0")[0]
    assert home.x < away.x
    m = next(m for m in view.board["bracket"] if (m["home"], m["away"]) == (c["home"], c["away"]))
    k = view.board["bracket"].index(m)
    chips = [bx for bx in boxes(lay, f"bracket.{k}") if bx.fill in (team_colour(view.board, c["home"]),
                                                                    team_colour(view.board, c["away"]))]
    assert [bx.fill for bx in sorted(chips, key=lambda bx: bx.x)] == [team_colour(view.board, c["home"]),
                                                                      team_colour(view.board, c["away"])]
    assert "Home v Away; a pale team lost the match" in texts(lay, "bracket")
    st = GAME.position({"scrimmage": {"seat": 1, "card": "miners-eleven"}}, seats(3), 5)
    lay = check_layout(GAME.view(st, None))
    assert texts(lay, "contest.card") == ["Miners' Eleven", "tier 1 · to beat"]
    assert texts(lay, "contest.score") == ["0", "1"]


def test_the_bracket_marks_results_and_series():
    """MO-BRK-04, MO-FIN-02: a best-of series shows its games won; a played match its score; the loser's
    marker is drawn pale."""
    st = first(2, 13, lambda b: b["bracket"] and b["bracket"][0].get("games"))
    b = GAME.view(st, None).board
    lay = check_layout(GAME.view(st, None))
    m = b["bracket"][0]
    assert any(t.startswith(f"bo{m['series']} {m['games'].count(m['home'])}-{m['games'].count(m['away'])}")
               for t in texts(lay, "bracket.0"))
    st = first(4, 14, lambda b: any(m.get("done") and m["winner"] is not None for m in b["bracket"]))
    b = GAME.view(st, None).board
    lay = check_layout(GAME.view(st, None))
    k, m = next((k, m) for k, m in enumerate(b["bracket"]) if m.get("done") and m["winner"] is not None)
    loser = m["away"] if m["winner"] == m["home"] else m["home"]
    fills = {bx.fill for bx in boxes(lay, f"bracket.{k}")}
    assert team_colour(b, m["winner"]) in fills and team_colour(b, loser) not in fills


def test_team_colours_map_to_rgb_with_a_seat_fallback():
    """MO-SET-10, MO-CMP-05: the default colours are drawn as named; an unknown colour name falls back to the
    seat's palette colour."""
    st = GAME.new_game(seats(3), {"colours": ["crimson", "Blue", ""]}, 3)
    b = GAME.view(st, None).board
    assert team_colour(b, 0) == seat_colour(0)
    assert team_colour(b, 1) == TEAM_RGB["blue"] and team_colour(b, 2) == TEAM_RGB["green"]


@pytest.mark.parametrize(("n", "options", "after"), [(2, None, 0), (4, None, 150), (4, {"short": True}, 400),
                                                     (8, {"mega": True}, 300)])
def test_board_png_opens_at_the_layouts_size_within_the_size_limit(n, options, after):
    """The painted board opens at the layout's size and weighs at most 300 KB, also for the
    short game's longer tracks and an 8-team Mega League (MO-OPT-03, MO-OPT-05)."""
    for k, st in enumerate(playout(n, 37, options)):
        if k == after or GAME.result(st) is not None:
            break
    view = GAME.view(st, None)
    lay = check_layout(view)
    data = board_png(GAME, view)
    assert data is not None and len(data) <= MAX_PNG_BYTES
    img = Image.open(io.BytesIO(data))
    assert img.size == (lay.width, lay.height)

"""Meta Olympia text is not hard-wrapped: ``board_text``, ``context_text`` and ``private_text``
give one whole line per item, however long, and Discord or the terminal wrap it to their own width (before,
board lines were cut at 64 characters and context lines at 40)."""

from __future__ import annotations

from games.metaolympia import GAME

from .test_render import playout

LONG = ("The Extraordinarily Long-Named Olympus Mons Summit Climbers", "Valles Velocity")


def _start():
    return next(playout(2, 3, {"team_names": list(LONG), "colours": ["crimson", "blue"]}))


def test_a_long_team_summary_and_every_market_card_stay_one_line_on_the_board():
    view = GAME.view(_start(), None)
    b = view.board
    lines = GAME.board_text(view).splitlines()
    team = [ln for ln in lines if ln.lstrip(" ▶").startswith(f"{LONG[0]} (crimson, Ana): ")]
    assert len(team) == 1 and team[0].endswith(" · W-D-L 0-0-0") and len(team[0]) > 64, lines
    for a in b["market"]:
        assert f"  {a['name']} — {a['line']}" in lines


def test_a_long_summary_stays_one_line_in_the_context_and_cards_in_the_private_text():
    st = _start()
    seat = GAME.decisions(st)[0].seat
    view = GAME.view(st, seat)
    ctx = GAME.context_text(view).splitlines()
    assert ctx[1].startswith(f"You: {view.board['players'][seat]['team']} · ") and ctx[1].endswith(" athletes"), ctx
    private = GAME.private_text(view).splitlines()
    for a in view.private["athletes"]:
        assert f"  {a['name']} — {a['line']}" in private

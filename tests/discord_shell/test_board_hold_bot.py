"""``BOARD_HOLD`` (the Discord REST budget): while the same people go on deciding (one player's several
choices in a row), the board's edits wait, and their choices reach the board together when the decision passes
to someone else, when the game ends, or ``BOARD_HOLD`` seconds after the board's last edit. Nothing is dropped:
each time the board is edited it holds the whole current board."""

from __future__ import annotations

from games.core.rng import Rng

from .harness import text_of
from .test_bot import click_decision, decision_buttons, latest_dm
from .world import PaceClock, World, open_seeded_table

USERS = (101, 102)
HOLD = 30.0


def board_lines_missing(w: World, t, m) -> list[str]:
    shown = text_of(w.fake.messages[m.board[1]])
    return [ln for ln in t.game.board_text(t.game.view(t.state, None)).splitlines() if ln.strip() and ln not in shown]


async def test_one_players_choices_in_a_row_reach_the_board_together(fake, new_db):
    pace = [0.0]
    w = await World(fake, new_db("t"), clock=PaceClock(pace), BOARD_HOLD=HOLD).start()
    w.bot.front.now = lambda: pace[0]
    try:
        table_id = await open_seeded_table(w, "metax", USERS, 5)
        t, m = w.service.get(table_id), w.bot.front.tables[table_id]
        rng = Rng.from_seed(5)
        held = passed_on = 0
        while t.status == "playing":
            deciders = frozenset(d.seat for d in t.game.decisions(t.state))
            user = next(u for u in USERS if (dm := latest_dm(w, u)) is not None and decision_buttons(w, dm))
            board_id, since = m.board[1], len(fake.rest)
            pace[0] += 7
            await click_decision(w, user, latest_dm(w, user), rng)
            await w.settle()
            edited = any(c.method == "PATCH" and c.message_id == board_id for c in fake.rest[since:])
            now = frozenset(d.seat for d in t.game.decisions(t.state))
            if t.status != "playing" or now != deciders:
                # the decision passed on (or the game ended): the board shows everything at once
                assert board_lines_missing(w, t, m) == [], "the board was not brought up to date"
                passed_on += 1
            elif not edited:
                held += 1
                assert pace[0] - m.board_shown_at < HOLD, "the board waited longer than BOARD_HOLD"
        assert held > 10 and passed_on > 10, (held, passed_on)
    finally:
        await w.stop()


async def test_without_a_hold_every_action_edits_the_board(fake, new_db):
    """``BOARD_HOLD=0``: the board is edited after every action that changed it (the tests' default)."""
    pace = [0.0]
    w = await World(fake, new_db("t"), clock=PaceClock(pace), BOARD_HOLD=0).start()
    w.bot.front.now = lambda: pace[0]
    try:
        table_id = await open_seeded_table(w, "metax", USERS, 5)
        t, m = w.service.get(table_id), w.bot.front.tables[table_id]
        rng = Rng.from_seed(5)
        for _ in range(40):
            user = next(u for u in USERS if (dm := latest_dm(w, u)) is not None and decision_buttons(w, dm))
            pace[0] += 7
            await click_decision(w, user, latest_dm(w, user), rng)
            await w.settle()
            assert board_lines_missing(w, t, m) == []
    finally:
        await w.stop()

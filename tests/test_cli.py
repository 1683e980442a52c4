"""The metahost command: simulate's final line, scenario pass/fail, and terminal play to the end."""

from __future__ import annotations

import asyncio
import io
import json
import re
import sqlite3

from bot.cli import main
from bot.local import play
from games import get_game
from games.core.contract import SeatSetup


def test_simulate_prints_one_summary_line(capsys):
    assert main(["simulate", "metax", "--games", "5", "--seed", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"5 games, \d+ decisions, \d+ decisions/s", out[-1])


def test_scenario_command_reports_each_file(tmp_path, capsys):
    good = tmp_path / "good.yaml"
    good.write_text("name: g\ngame: metax\nseed: 1\ndecks: [heroes-rush, villains-control]\nsteps: []\nresult: null\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: b\ngame: metax\nseed: 1\ndecks: [heroes-rush, villains-control]\nresult: {winners: [0]}\n")
    assert main(["scenario", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"PASS {good}" in out and f"FAIL {bad}" in out and "1 passed, 1 failed" in out


def run_terminal(tmp_path, lines: str, seed: int = 5, resume: str | None = None):
    out = io.StringIO()
    code = asyncio.run(play("metax", tmp_path / "t.db", seed, "Tess", resume=resume, out=out, inp=io.StringIO(lines)))
    return code, out.getvalue()


def test_terminal_game_plays_to_the_end_without_showing_the_computers_hand(tmp_path):
    """A person typing '1' at every prompt finishes a game through the host; the printed log holds the
    person's private draws and none of the computer's (MX-ZN-04)."""
    code, text = run_terminal(tmp_path, "1\n" * 3000)
    assert code == 0
    assert "***" in text and "wins" in text
    lines = [ln.strip().removeprefix("> ").strip() for ln in text.splitlines()]
    draws = [ln for ln in lines if ln.startswith("· You draw")]
    assert draws  # the person's own draws are shown
    # Replay the stored game and collect the computer's private events: none may have been printed.
    db = sqlite3.connect(tmp_path / "t.db")
    log = db.execute("SELECT seat, choice FROM actions ORDER BY seq").fetchall()
    seed, = db.execute("SELECT seed FROM tables").fetchone()
    decks = [json.loads(d) for (d,) in db.execute("SELECT deck FROM seats ORDER BY seat")]
    mx = get_game("metax")
    st = mx.new_game([SeatSetup("Tess", decks[0]), SeatSetup("Computer 1", decks[1])], None, seed)
    computer_private = [e.text for e in mx.intro(st) if e.audience == (1,)]
    mine = [e.text for e in mx.intro(st) if e.audience == (0,)]
    for seat, choice in log:
        for e in mx.apply(st, seat, choice):
            if e.audience == (1,):
                computer_private.append(e.text)
            elif e.audience == (0,):
                mine.append(e.text)
    printed = [ln[2:] for ln in lines if ln.startswith("· ")]
    assert [t for t in printed if t.startswith(("You ", "Your "))] == mine
    assert computer_private


def test_terminal_rejects_nonsense_quits_and_resumes(tmp_path):
    code, text = run_terminal(tmp_path, "99\nq\n")
    assert code == 1
    assert "'99' is not an option" in text
    table_id = re.search(r"metahost resume (\w+)", text).group(1)
    code, text = run_terminal(tmp_path, "1\n" * 3000, resume=table_id)
    assert code == 0 and "Resuming MetaX table" in text and "***" in text


def test_resume_unknown_table_is_a_clear_error(tmp_path, capsys):
    code, _ = run_terminal(tmp_path, "", resume="nope")
    assert code == 2
    assert "no game in play with id 'nope'" in capsys.readouterr().err

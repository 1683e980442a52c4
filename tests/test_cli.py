"""The metahost command: simulate's final line, scenario pass/fail, and terminal play to the end."""

from __future__ import annotations

import asyncio
import io
import json
import re

import pytest
from store_places import rows

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


def run_terminal(new_db, lines: str, seed: int = 5, resume: str | None = None):
    out = io.StringIO()
    # A wide screen, so each log line is one printed line (wrapping is tested in test_terminal.py).
    code = asyncio.run(play("metax", new_db("t"), seed, "Tess", resume=resume, out=out, inp=io.StringIO(lines),
                            width=1000))
    return code, out.getvalue()


def test_terminal_game_plays_to_the_end_without_showing_the_computers_hand(new_db):
    """A person typing '1' at every prompt finishes a game through the host; the printed log holds the
    person's private draws and none of the computer's (MX-ZN-04)."""
    code, text = run_terminal(new_db, "1\n" * 3000)
    assert code == 0
    assert "***" in text and "wins" in text
    lines = [ln.strip().removeprefix("> ").strip() for ln in text.splitlines()]
    draws = [ln for ln in lines if ln.startswith("· You draw")]
    assert draws  # the person's own draws are shown
    # Replay the stored game and collect the computer's private events: none may have been printed.
    db = new_db("t")
    log = rows(db, "SELECT seat, choice FROM actions ORDER BY seq")
    ((seed,),) = rows(db, "SELECT seed FROM tables")
    decks = [json.loads(d) for (d,) in rows(db, "SELECT deck FROM seats ORDER BY seat")]
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


def test_terminal_rejects_nonsense_quits_and_resumes(new_db):
    code, text = run_terminal(new_db, "99\nq\n")
    assert code == 0  # leaving a game is not a failure (`make play` exits 0)
    assert "'99' is not an option" in text
    table_id = re.search(r"metahost resume (\w+)", text).group(1)
    code, text = run_terminal(new_db, "1\n" * 3000, resume=table_id)
    assert code == 0 and "Resuming MetaX table" in text and "***" in text


def test_resume_unknown_table_is_a_clear_error(new_db, capsys):
    code, _ = run_terminal(new_db, "", resume="nope")
    assert code == 2
    assert "no game in play with id 'nope'" in capsys.readouterr().err


def test_simulate_meta_with_four_seats_prints_the_same_summary_line(capsys):
    """``metahost simulate meta --seats 4 --games N --seed S`` ends with the MetaX summary line."""
    assert main(["simulate", "meta", "--seats", "4", "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"3 games, \d+ decisions, \d+ decisions/s", out[-1])


def test_simulate_refuses_a_seat_count_the_game_does_not_allow(capsys):
    assert main(["simulate", "meta", "--seats", "7", "--games", "1"]) == 2
    assert "2 to 6 players, not 7" in capsys.readouterr().err


def test_terminal_meta_game_with_four_seats_plays_to_the_end(new_db):
    """META-GAP-02: ``metahost play meta --seats 4`` — one person and three computer seats play
    through the host to a result; the person sees their own draws and none of the computers' hands."""
    out = io.StringIO()
    code = asyncio.run(play("meta", new_db("m"), 4, "Tess", out=out, inp=io.StringIO("1\n" * 3000), seats=4,
                            width=1000))
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert "against 3 computer players" in text
    assert "***" in text and ("wins" in text or "draw" in text)
    assert "Your hand:" in text and "Computer 3" in text
    assert rows(new_db("m"), "SELECT COUNT(*) FROM seats") == [(4,)]
    # The computers' opening hands were never printed: only the person's "Your hand" line.
    assert text.count("Your hand:") == 1


@pytest.mark.parametrize("extra", [
    ["--seats", "4"], [], ["--seats", "3", "--option", "gambling=on"],
    ["--seats", "4", "--option", "gambling=on", "--option", "wagers=on", "--option", "bestof=5"],
    ["--seats", "5", "--option", "mega=on"]])
def test_simulate_metaolympia_prints_the_same_summary_line(capsys, extra):
    """``metahost simulate metaolympia --seats 4 --games N --seed S`` (2 and 3 teams, table options
    such as gambling, MO-OPT-01/02/05) ends with the summary line of the other games."""
    assert main(["simulate", "metaolympia", "--games", "2", "--seed", "3", *extra]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"2 games, \d+ decisions, \d+ decisions/s", out[-1])


def test_simulate_metaolympia_refuses_a_seat_count_its_options_do_not_allow(capsys):
    """MO-CMP-06/MO-OPT-05: five teams need the Mega League option; the refusal names the range."""
    assert main(["simulate", "metaolympia", "--seats", "5", "--games", "1"]) == 2
    assert "Meta Olympia is played by 2 to 4 players, not 5." in capsys.readouterr().err

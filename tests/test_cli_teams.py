"""``metahost play|simulate GAME --teams FORMAT`` (MEM-GAP-03): the teams reach
``new_game`` as ``options["teams"]`` seated allies apart, the person plays in team A, and ``--teams`` is
refused with a clear message for a game without teams or a format that does not fit. The game is the
stand-in tests/team_game.py."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest
import team_game
from store_places import exists, rows

from bot.cli import main


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    team_game.register(monkeypatch)


def test_MEM_GAP_03_simulate_with_teams_2v2_passes_the_teams_seated_apart(capsys):
    assert main(["simulate", "teamtest", "--teams", "2v2", "--games", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith("3 games, ") and out[-1].endswith(" decisions/s")
    assert [o["teams"] for o in team_game.RECEIVED] == [[0, 1, 0, 1]] * 3


@pytest.mark.parametrize("fmt, teams", [("1v3", [0, 1, 1, 1]), ("1v1v2", [0, 2, 1, 2]), ("1v1", [0, 1])])
def test_simulate_team_formats_set_the_seat_count(capsys, fmt, teams):
    assert main(["simulate", "teamtest", "--teams", fmt, "--games", "1"]) == 0
    assert team_game.RECEIVED[-1]["teams"] == teams


def test_simulate_without_teams_sends_no_teams(capsys):
    assert main(["simulate", "teamtest", "--seats", "3", "--games", "1"]) == 0
    assert "teams" not in team_game.RECEIVED[-1]


@pytest.mark.parametrize("argv, message", [
    (["simulate", "metax", "--teams", "1v1", "--games", "1"], "MetaX has no teams, so --teams does not apply"),
    (["simulate", "teamtest", "--teams", "2v2", "--seats", "3"], "2v2 seats 4 players, but the table has 3 seats"),
    (["simulate", "teamtest", "--teams", "2-2"], "Unknown team format '2-2'"),
    (["simulate", "teamtest", "--teams", "3v3"], "played by 2 to 4 players, not 6"),
    (["play", "metax", "--teams", "1v1"], "MetaX has no teams, so --teams does not apply"),
    (["play", "teamtest", "--teams", "1v2", "--seats", "4"], "1v2 seats 3 players, but the table has 4 seats"),
])
def test_teams_refused_with_a_clear_message(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not team_game.RECEIVED


def test_MEM_GAP_03_play_with_teams_2v2_puts_the_person_in_team_a(new_db, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n"))  # option 2: Win (for the person's team)
    code = main(["play", "teamtest", "--teams", "2v2", "--seed", "3", "--db", str(new_db("t")),
                 "--name", "Tess"])
    out = " ".join(capsys.readouterr().out.split())  # the screen wraps long lines at 80 columns
    assert code == 0
    assert team_game.RECEIVED[-1]["teams"] == [0, 1, 0, 1]
    assert "Teams: A: Tess (seat 1), Computer 1 (seat 3) · B: Computer 2 (seat 2), Computer 3 (seat 4)" in out
    assert "Team A wins" in out


SUMMARY = re.compile(r"\d+ games, \d+ decisions, \d+ decisions/s")


@pytest.mark.parametrize("argv", [["--seats", "4"], ["--teams", "2v2"], ["--teams", "1v1"], ["--seats", "3"]])
def test_MEM_GEN_01_simulate_memesis_prints_the_same_summary_line(capsys, argv):
    """MEM-GEN-01, MEM-GAP-03: ``metahost simulate memesis`` at 2 to 4 seats and in teams ends with the
    summary line every game prints."""
    assert main(["simulate", "memesis", *argv, "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert SUMMARY.fullmatch(out[-1]) and out[-1].startswith("2 games, ")


def test_MEM_STL_11_simulate_no_stealth_sends_stealth_false(capsys, monkeypatch):
    """MEM-STL-11: ``--no-stealth`` reaches every ``new_game`` as ``options["stealth"]`` false, with the
    teams; without it no ``stealth`` option is sent (Stealth allowed, the default)."""
    from games import get_game

    mem = get_game("memesis")
    got: list = []
    real = type(mem).new_game

    def spy(self, seats, options, seed):
        got.append(options)
        return real(self, seats, options, seed)

    monkeypatch.setattr(type(mem), "new_game", spy)
    assert main(["simulate", "memesis", "--teams", "2v2", "--no-stealth", "--games", "2"]) == 0
    assert got == [{"teams": [0, 1, 0, 1], "stealth": False}] * 2
    got.clear()
    assert main(["simulate", "memesis", "--games", "1"]) == 0
    assert got == [None]


def test_MEM_STL_11_play_no_stealth_starts_a_table_without_stealth(new_db, monkeypatch, capsys):
    """MEM-STL-11: ``metahost play memesis --no-stealth`` starts a game whose intro says Stealth is off, and
    the table's stored options carry it (a replay or audit gets the same ``new_game``)."""
    db = new_db("ns")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "memesis", "--no-stealth", "--seed", "2", "--db", str(db)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Stealth is off for this table" in out
    ((options,),) = rows(db, "SELECT options FROM tables")
    assert json.loads(options)["stealth"] is False


@pytest.mark.parametrize("cmd", ["play", "simulate"])
def test_no_stealth_is_refused_for_a_game_without_stealth(new_db, capsys, cmd):
    """``--no-stealth`` for MetaX (no Stealth): exit 2 and one line saying so, nothing played."""
    db = new_db("x", fresh=True)
    argv = [cmd, "metax", "--no-stealth"] + (["--db", db] if cmd == "play" else ["--games", "1"])
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == "metahost: MetaX has no Stealth, so --no-stealth does not apply: leave it out."
    assert captured.out == "" and not exists(db)

"""``metahost play`` and ``metahost simulate`` with a game's table options (``--option key=value``,
repeatable) and ``--team-name`` (MO-SET-09): good values reach ``new_game``, bad ones are refused with the game's
options listed. The game is the stand-in tests/option_game.py."""

from __future__ import annotations

import io
import sys

import option_game
import pytest

from bot.cli import main
from bot.host import PALETTE


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    option_game.register(monkeypatch)


def test_simulate_passes_the_options_and_generated_team_names(capsys):
    assert main(["simulate", "optiontest", "--games", "2", "--seed", "3", "--seats", "3",
                 "--option", "gambling=on", "--option", "bestof=5"]) == 0
    got = option_game.RECEIVED[-1]
    assert got["gambling"] is True and got["bestof"] == 5 and "mega" not in got
    assert len(got["team_names"]) == 3 and len(set(got["team_names"])) == 3 and got["colours"] == list(PALETTE[:3])
    assert "2 games" in capsys.readouterr().out


@pytest.mark.parametrize("argv, text", [
    (["simulate", "optiontest", "--option", "bestof=4"], "option bestof is one of 3, 5, 7, not '4'"),
    (["simulate", "optiontest", "--option", "jackpot=on"], "Option test has no option 'jackpot'"),
    (["simulate", "optiontest", "--seats", "6"], "played by 2 to 4 players, not 6"),
    (["simulate", "metax", "--option", "gambling=on"], "MetaX takes no table options"),
    (["play", "metax", "--team-name", "Comets"], "MetaX has no team names, so --team-name does not apply"),
    (["play", "optiontest", "--option", "gambling"], "'gambling' is not key=value"),
])
def test_bad_options_are_refused_with_exit_2(capsys, argv, text):
    assert main(argv + ["--games", "1"] if argv[0] == "simulate" else argv + ["--db", "/nonexistent/x.db"]) == 2
    err = capsys.readouterr().err
    assert text in err
    if "option" in text and "MetaX" not in text:
        assert "bestof=3|5|7 (default 3)" in err  # the game's options, listed


def test_play_with_options_and_a_team_name(new_db, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n"))  # Win at once
    code = main(["play", "optiontest", "--seed", "4", "--seats", "5", "--option", "mega=on",
                 "--team-name", "Red Planet", "--db", str(new_db("t"))])
    assert code == 0, capsys.readouterr().err
    got = option_game.RECEIVED[-1]
    assert got["mega"] is True and len(got["team_names"]) == 5 and got["team_names"][0] == "Red Planet"
    assert got["colours"] == list(PALETTE[:5])

"""The metahost command: simulate's final line, scenario pass/fail, and terminal play to the end."""

from __future__ import annotations

import io
import re

from bot.cli import main
from bot.terminal import TerminalGame, new_local_game
from games import get_game


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


def test_terminal_game_plays_to_the_end_without_showing_the_computers_hand():
    """A person typing '1' at every prompt finishes a game; every private event of the person's seat
    is printed and no private event of the computer's seat is (MX-ZN-04)."""
    mx = get_game("metax")
    private: dict[int, list[str]] = {0: [], 1: []}

    class Recording(type(mx)):
        def apply(self, state, seat, choice):
            events = super().apply(state, seat, choice)
            for e in events:
                if e.audience is not None:
                    for s in e.audience:
                        private[s].append(e.text)
            return events

    game = Recording()
    state = new_local_game(game, "Tess", 5)
    out = io.StringIO()
    code = TerminalGame(game, state, 0, {1: game.computer(5)}, out=out, inp=io.StringIO("1\n" * 2000)).run()
    assert code == 0 and game.result(state) is not None
    lines = [ln.strip().removeprefix("> ").strip() for ln in out.getvalue().splitlines()]
    printed = [ln[2:] for ln in lines if ln.startswith("· ")]
    draws_printed = [t for t in printed if t.startswith("You draw") or t.startswith("You take")]
    assert private[1], "the computer drew cards privately"
    assert draws_printed == [t for t in private[0] if t.startswith(("You draw", "You take"))]


def test_terminal_rejects_nonsense_and_quits_cleanly():
    mx = get_game("metax")
    state = new_local_game(mx, "Tess", 5)
    out = io.StringIO()
    code = TerminalGame(mx, state, 0, {1: mx.computer(5)}, out=out, inp=io.StringIO("99\nq\n")).run()
    assert code == 1
    assert "'99' is not an option" in out.getvalue()

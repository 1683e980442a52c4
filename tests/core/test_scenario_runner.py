"""The scenario runner reports a failing expectation instead of passing it."""

from __future__ import annotations

import textwrap

from games import get_game
from games.core.scenario import run_file

BASE = """
name: runner check
game: metax
seed: 3
decks: [heroes-rush, villains-control]
steps:
"""


def write(tmp_path, body):
    p = tmp_path / "s.yaml"
    p.write_text(BASE + textwrap.indent(textwrap.dedent(body), "  "))
    return p


def test_passing_scenario(tmp_path):
    first = None
    from games.core.contract import SeatSetup

    mx = get_game("metax")
    d = mx.starter_decks()
    first = mx.new_game([SeatSetup("Ana", d["heroes-rush"]), SeatSetup("Ben", d["villains-control"])], None, 3).first
    rep = run_file(write(tmp_path, f"""
        - {{seat: {first}, choose: keep}}
        - expect: {{viewer: null, path: board.players.{first}.mulligan, equals: kept}}
        - decision: {{seat: {1 - first}, kind: mulligan, includes: [keep, mulligan]}}
    """), get_game)
    assert rep.passed, rep.message
    assert rep.steps == 3


def test_wrong_expectation_fails_with_a_message(tmp_path):
    rep = run_file(write(tmp_path, """
        - expect: {viewer: 0, path: board.players.0.mp, equals: 5}
    """), get_game)
    assert not rep.passed
    assert "expected 5, got 0" in rep.message


def test_wrong_seat_is_reported(tmp_path):
    rep = run_file(write(tmp_path, """
        - {seat: 0, choose: keep}
        - {seat: 0, choose: keep}
    """), get_game)
    assert not rep.passed and "step" in rep.message


def test_expected_error_that_does_not_happen_fails(tmp_path):
    rep = run_file(write(tmp_path, """
        - {seat: 0, choose: nonsense, error: MX-BTL-03}
    """), get_game)
    assert not rep.passed


def test_unknown_label_lists_the_options(tmp_path):
    from games.core.contract import SeatSetup

    mx = get_game("metax")
    d = mx.starter_decks()
    first = mx.new_game([SeatSetup("Ana", d["heroes-rush"]), SeatSetup("Ben", d["villains-control"])], None, 3).first
    rep = run_file(write(tmp_path, f"""
        - {{seat: {first}, choose: "fly to the moon"}}
    """), get_game)
    assert not rep.passed and "keep = Keep this hand" in rep.message

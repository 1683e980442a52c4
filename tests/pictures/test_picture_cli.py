"""``metahost picture`` and ``metahost play --pictures DIR``."""

from __future__ import annotations

import asyncio
import io
import os
from pathlib import Path

import pytest
from PIL import Image
from store_places import exists

from bot.cli import main
from bot.local import play


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("game", "seats", "after"), [("metax", None, "40"), ("meta", "4", "25"), ("meta", None, "0"),
                                                         ("metazoo", None, "120"), ("metaolympia", "4", "60")])
def test_picture_writes_the_public_board_and_prints_its_path(capsys, tmp_path, game, seats, after):
    out = tmp_path / f"{game}.png"
    argv = ["picture", game, "--seed", "3", "--after", after, "--out", str(out)]
    if seats:
        argv += ["--seats", seats]
    code, printed, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert printed.strip() == str(out)
    img = Image.open(out)
    assert img.format == "PNG" and img.width == 800


def test_MO_OPT_05_picture_takes_table_options_a_six_team_mega_league(capsys, tmp_path):
    """``--option`` passes a game's table options, so a Mega League board (5 to 8 teams, MO-OPT-05)
    can be drawn; its six teams are all on the picture."""
    out = tmp_path / "mega.png"
    code, printed, err = run(capsys, "picture", "metaolympia", "--seats", "6", "--option", "mega=on", "--seed", "3",
                             "--after", "40", "--out", str(out))
    assert (code, err) == (0, "") and printed.strip() == str(out)
    img = Image.open(out)
    assert img.format == "PNG" and img.width == 800


def test_a_bad_table_option_is_refused_with_the_games_options_and_exit_2(capsys, tmp_path):
    """A wrong value says what was wrong, then lists the game's options (one per line), and draws nothing."""
    out = tmp_path / "x.png"
    code, printed, err = run(capsys, "picture", "metaolympia", "--option", "mega=maybe", "--out", str(out))
    assert code == 2 and printed == "" and not out.exists()
    first, *listed = err.strip().splitlines()
    assert "option mega is on or off, not 'maybe'" in first
    assert any(line.startswith("mega=on|off") for line in listed)


def test_picture_is_the_same_for_the_same_seed(capsys, tmp_path):
    for name in ("a.png", "b.png"):
        assert run(capsys, "picture", "metax", "--seed", "9", "--after", "30", "--out", str(tmp_path / name))[0] == 0
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_picture_after_the_game_ended_pictures_the_final_board_and_says_so(capsys, tmp_path):
    code, printed, _ = run(capsys, "picture", "metax", "--seed", "3", "--after", "100000", "--out",
                           str(tmp_path / "end.png"))
    assert code == 0 and "the game ended after" in printed
    assert (tmp_path / "end.png").exists()


@pytest.mark.parametrize(("argv", "says"), [
    (["chess"], "unknown game 'chess'; choose one of: memesis, meta, metaolympia, metax, metazoo"),
    (["metax", "--after", "-1"], "--after must be 0 or more decisions, not -1"),
    (["meta", "--seats", "9"], "Meta is played by 2 to 6 players, not 9"),
    (["metaolympia", "--seats", "6"], "Meta Olympia is played by 2 to 4 players, not 6"),
    (["metax", "--option", "gambling=on"], "MetaX takes no table options"),
])
def test_picture_refuses_bad_input_with_one_line_and_exit_2(capsys, tmp_path, argv, says):
    out = tmp_path / "x.png"
    code, printed, err = run(capsys, "picture", *argv, "--out", str(out))
    assert code == 2 and printed == ""
    assert err.count("\n") == 1 and says in err
    assert not out.exists()


def test_picture_refuses_an_unwritable_path(capsys, tmp_path):
    out = tmp_path / "no-such-dir" / "x.png"
    code, printed, err = run(capsys, "picture", "metax", "--out", str(out))
    assert code == 2 and printed == ""
    assert err.count("\n") == 1 and f"cannot write '{out}'" in err and "--out" in err


def test_play_with_pictures_writes_the_board_when_it_is_your_turn(tmp_path, new_db):
    """``--pictures DIR``: the board is written (once per game version) when the person is to choose, and
    its path printed."""
    pictures = tmp_path / "pics"
    pictures.mkdir()
    out = io.StringIO()
    code = asyncio.run(play("metax", new_db("t"), 1, "Tess", out=out, inp=io.StringIO("1\n1\nq\n"), width=400,
                            pictures=pictures))
    assert code == 0
    files = sorted(pictures.glob("*.png"))
    assert len(files) >= 2
    text = out.getvalue()
    for f in files:
        assert f"Picture: {f}" in text
        assert Image.open(f).width == 800


def test_play_pictures_refuses_a_directory_it_cannot_make(capsys, tmp_path, new_db):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    code, printed, err = run(capsys, "play", "metax", "--db", new_db("t", fresh=True), "--pictures",
                             str(blocker / "pics"))
    assert code == 2 and err.count("\n") == 1 and "cannot use" in err and "--pictures" in err
    assert not exists(new_db("t"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_play_pictures_refuses_a_read_only_directory(capsys, tmp_path, new_db):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        code, _, err = run(capsys, "play", "metax", "--db", str(new_db("t")), "--pictures", str(ro))
    finally:
        ro.chmod(0o700)
    assert code == 2 and "cannot write pictures into" in err


def test_picture_module_needs_no_system_font():
    """Only Pillow's built-in font is used (no font file path anywhere in the painter)."""
    source = (Path(__file__).resolve().parents[2] / "bot" / "picture.py").read_text()
    assert "truetype(" not in source and "load_default(size=" in source


def test_picture_with_the_computers_decisions_shows_a_game_like_position(capsys, tmp_path):
    """``--computers``: the game's computer players decide (the README's MetaZoo picture):
    the same seed gives the same bytes, and another position than random decisions do."""
    paths = [tmp_path / f"{n}.png" for n in ("a", "b", "random")]
    for path in paths[:2]:
        assert run(capsys, "picture", "metazoo", "--computers", "--seed", "1", "--after", "120", "--out",
                   str(path))[0] == 0
    assert run(capsys, "picture", "metazoo", "--seed", "1", "--after", "120", "--out", str(paths[2]))[0] == 0
    assert paths[0].read_bytes() == paths[1].read_bytes() != paths[2].read_bytes()
    assert Image.open(paths[0]).width == 800

"""``metahost help [GAME]`` and ``metahost rules [GAME] TOPIC``: a game's quick start from the
command line, and a rule ID looked up without its game, as a refusal's "see /rules MX-DEF-02" names it."""

from __future__ import annotations

from bot import help as quick
from bot.cli import main


def test_help_prints_a_games_quick_start_in_terminal_text(capsys):
    assert main(["help", "metazoo"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("MetaZoo — quick start\n") and "How a turn goes" in out
    assert out.strip() == quick.plain(quick.quick_start("metazoo")).strip() and "**" not in out
    assert main(["help"]) == 0
    assert "metahost help GAME" in capsys.readouterr().out


def test_rules_takes_a_rule_id_without_its_game(capsys):
    """`metahost rules MX-DEF-02` prints MetaX's rule; `metahost rules metax MX-DEF-02` still works; a topic
    that is not a rule ID still needs its game (exit 2, saying so)."""
    assert main(["rules", "MX-DEF-02"]) == 0
    alone = capsys.readouterr().out
    assert alone.startswith("MetaX rules") and "MX-DEF-02 A Pushed Character cannot defend." in alone
    assert main(["rules", "metax", "MX-DEF-02"]) == 0
    assert capsys.readouterr().out == alone
    assert main(["rules", "tko"]) == 2
    assert "name the game first" in capsys.readouterr().err

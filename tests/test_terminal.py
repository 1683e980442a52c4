"""Terminal play with rich: help and keys, concede asks first, card lookup forgives a
typo, discard piles, leaving (q, end of input, Ctrl-C) exits 0 with a resume command that works as typed,
words wrapped at word boundaries, no option ids or developer tags, starter decks export and re-import.

Driven through :func:`bot.local.play` and :func:`bot.cli.main` with scripted input, as a person types."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import select
import shlex
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from store_places import exists, rows

from bot.cli import main
from bot.local import play
from bot.terminal import Screen
from games import get_game
from games.core.contract import SeatSetup

ROOT = Path(__file__).resolve().parents[1]
MX = get_game("metax")
TAG = re.compile(r"\[[A-Z]{2,}(?:-[A-Z0-9/]+)+\]")


class Script(io.StringIO):
    """Typed lines; after they run out, ``readline`` raises ``then`` (end of input when ``None``)."""

    def __init__(self, text: str, then: type[BaseException] | None = None):
        super().__init__(text)
        self.then = then

    def readline(self, *args) -> str:  # type: ignore[override]
        line = super().readline(*args)
        if line == "" and self.then is not None:
            raise self.then()
        return line


def run(db: str, typed: str, *, game: str = "metax", seed: int = 1, then=None, width: int | None = None,
        resume: str | None = None, seats: int | None = None) -> tuple[int, str]:
    out = io.StringIO()
    code = asyncio.run(play(game, db, seed, "Tess", resume=resume, out=out, inp=Script(typed, then), width=width,
                            seats=seats))
    return code, out.getvalue()


def stored(db: str) -> tuple[str, list[tuple[int, str]]]:
    """The table's status and its stored choices ``[(seat, choice)]``."""
    ((status,),) = rows(db, "SELECT status FROM tables")
    return status, rows(db, "SELECT seat, choice FROM actions ORDER BY seq")


def replay(db: str, game_id: str = "metax"):
    """The stored game replayed from its log: ``(game, state, seat-0 events, seat-0 option ids offered)``."""
    ((seed, options),) = rows(db, "SELECT seed, options FROM tables")
    options = json.loads(options)  # as the host passed them to new_game (team names, MO-SET-09)
    seats = rows(db, "SELECT name, deck FROM seats ORDER BY seat")
    log = rows(db, "SELECT seat, choice FROM actions ORDER BY seq")
    g = get_game(game_id)
    st = g.new_game([SeatSetup(n, json.loads(d)) for n, d in seats], options or None, seed)
    events = [e.text for e in g.intro(st) if e.visible_to(0)]
    ids: set[str] = set()
    for seat, choice in log:
        ids |= {o.id for d in g.decisions(st) if d.seat == 0 for o in d.options}
        events += [e.text for e in g.apply(st, seat, choice) if e.visible_to(0)]
    return g, st, events, ids


def resume_args(text: str) -> list[str]:
    """The arguments of the printed resume command, from ``resume`` on."""
    lines = text.rstrip().splitlines()
    assert lines[-2].removeprefix("> ").strip() == "The game is saved. Continue it with:", lines[-3:]
    words = shlex.split(lines[-1])
    return words[words.index("resume"):]


def test_question_mark_shows_the_keys_and_changes_nothing(new_db):
    """`?` prints the keys (h is the hand, ? the help) and applies no choice: the stored log equals that of
    a person who quit at once."""
    code, text = run(new_db("a"), "?\nq\n")
    assert code == 0
    help_lines = text.split("Keys (then Enter):", 1)[1]
    for key, what in [("?", "this help"), ("h", "your hand"), ("b", "the whole board"), ("l", "the log"),
                      ("d", "discard piles and graveyards"), ("card NAME", "look a card up"),
                      ("c", "concede (asks first)"), ("q", "quit")]:
        assert re.search(rf"^  {re.escape(key)} +{re.escape(what)}", help_lines, re.M), key
    assert "Type ? for help." in text and "h for help" not in text
    code, _ = run(new_db("b"), "q\n")
    assert stored(new_db("a")) == stored(new_db("b"))
    assert stored(new_db("a"))[0] == "playing"


def test_a_number_out_of_range_is_refused_naming_the_numbers_there_are(new_db):
    """Bad input changes nothing and says what would be right: "from 1 to N", or "type 1" when the decision
    has one option (MetaZoo's start-of-turn priority with nothing to use), never "from 1 to 1". An empty
    Chapter says so."""
    code, text = run(new_db("a"), "9\nq\n")
    assert code == 0 and re.search(r"'9' is not an option: type a number from 1 to \d+, or \? for help\.", text)
    code, text = run(new_db("z"), "1\n1\n2\nq\n", game="metazoo", seed=5)
    assert "Pass (take no Action)" in text and "from 1 to 1" not in text
    assert "'2' is not an option: type 1, or ? for help." in text
    assert "Your Chapter:\n  (empty)" in text  # at set-up, before the Chapter is drawn: said, not a blank


def test_concede_asks_first_and_no_keeps_the_game(new_db):
    """`c` then `n` (or just Enter) does not concede; the game goes on and nothing is stored for it."""
    code, text = run(new_db("a"), "c\nn\nc\n\nq\n")
    assert code == 0
    assert text.count("Concede the game? It cannot be undone. (y/N)") == 2
    assert text.count("Not conceded; the game goes on.") == 2
    run(new_db("b"), "q\n")
    assert stored(new_db("a")) == stored(new_db("b"))  # the same as leaving at once
    assert stored(new_db("a"))[0] == "playing" and "***" not in text


def test_concede_then_yes_ends_the_game(new_db):
    code, text = run(new_db("a"), "c\ny\n")
    assert code == 0
    assert stored(new_db("a"))[0] != "playing"
    assert "***" in text and "Continue it with" not in text


def test_card_lookup_forgives_a_typo(new_db):
    """`card NAME` finds the card from a misspelt name and shows its rules text; a name that matches
    nothing says so and changes nothing."""
    card = MX.card_catalog().resolve("Captain Nemo — Master of the Nautilus")
    code, text = run(new_db("a"), "card captian nemo\ncard zzqxv\nq\n")
    assert code == 0
    found = text.split("> ", 2)[1]  # the answer to the first command, up to the next prompt
    assert found.startswith(card.label) and card.text.split()[0] in found
    assert "No MetaX card is named 'zzqxv', and no name is close." in text
    assert stored(new_db("a"))[0] == "playing"


def test_d_shows_every_discard_pile_top_first(new_db):
    """`d` lists each player's discard pile from the public board, top card first."""
    db = new_db("a")
    code, text = run(db, "1\n1\n1\n1\nd\nq\n")
    assert code == 0
    _, st, _, _ = replay(db)
    board = MX.view(st, 0).board
    shown = text.rsplit("> ", 2)[1]
    assert any(p["discard"] for p in board["players"])  # the script discarded something
    for p in board["players"]:
        pile = p["discard"]
        if not pile:
            assert f"{p['name']}'s discard (0): empty" in shown
            continue
        head = f"{p['name']}'s discard ({len(pile)}), top first:"
        assert head in shown
        listed = shown.split(head, 1)[1].splitlines()[1:1 + len(pile)]
        assert [ln.strip().removeprefix("· ") for ln in listed] == [c["name"] for c in reversed(pile)]


@pytest.mark.parametrize("how", ["q", "eof", "ctrl-c"])
def test_leaving_exits_0_and_the_printed_command_resumes_the_same_table(new_db, monkeypatch, capsys, how):
    """q, end of input (Ctrl-D) and Ctrl-C at the prompt each leave with status 0 and print a command;
    its arguments, run through the CLI, resume that very table (with --db, since the store is not the
    default one). On PostgreSQL (``DATABASE_URL=postgresql://… make test``) the game is played and resumed
    through ``--db postgresql://…``."""
    db = new_db("game")
    typed, then = {"q": ("1\nq\n", None), "eof": ("1\n", None), "ctrl-c": ("1\n", KeyboardInterrupt)}[how]
    code, text = run(db, typed, then=then)
    assert code == 0 and "Traceback" not in text
    args = resume_args(text)
    table_id = re.search(r"table (\w+)", text).group(1)
    assert args[:2] == ["resume", table_id] and args[2:] == ["--db", str(db)]
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    capsys.readouterr()
    assert main(args) == 0
    assert f"Resuming MetaX table {table_id}." in capsys.readouterr().out


def test_resume_command_for_the_default_database_needs_no_db_option(tmp_path, monkeypatch, capsys, backend, new_db):
    """From the folder the game was started in, `metahost resume ID` alone continues it: the default store is
    ``var/metahost.db`` there, or on PostgreSQL the one ``DATABASE_URL`` names in the environment."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("METAHOST_DB", raising=False)
    if backend == "postgresql":
        monkeypatch.setenv("DATABASE_URL", new_db())
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "metax", "--seed", "3"]) == 0
    args = resume_args(capsys.readouterr().out)
    assert len(args) == 2 and args[0] == "resume"
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(args) == 0
    assert f"Resuming MetaX table {args[1]}." in capsys.readouterr().out


def test_ctrl_c_in_a_real_terminal_process_exits_0_with_the_resume_command(new_db):
    """A real SIGINT at the prompt (once a KeyboardInterrupt traceback) leaves cleanly."""
    db = new_db("sig")
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "play", "metax", "--seed", "1", "--db", str(db)],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen = b""
    deadline = time.monotonic() + 60
    try:
        while not seen.endswith(b"> ") and time.monotonic() < deadline:
            ready, _, _ = select.select([proc.stdout], [], [], 1)
            if ready:
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                seen += chunk
        assert seen.endswith(b"> "), seen[-500:]
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    text = (seen + out).decode()
    assert proc.returncode == 0, err.decode()
    assert b"Traceback" not in err and "KeyboardInterrupt" not in text
    assert resume_args(text)[2:] == ["--db", str(db)]


def test_lines_wrap_at_word_boundaries_at_40_columns(new_db):
    """At 40 columns no printed line is longer, and every log line, its wrapped lines joined again, is the
    event's text word for word: no word was cut."""
    db = new_db("a")
    code, text = run(db, "1\n" * 3000, width=40)
    assert code == 0
    lines = text.splitlines()
    assert max(len(ln.removeprefix("> ").rstrip()) for ln in lines) <= 40
    printed: list[str] = []
    for ln in lines:
        ln = ln.removeprefix("> ").rstrip()
        if ln.startswith("  · "):
            printed.append(ln[4:])
        elif printed and re.match(r"^    \S", ln) and printed[-1] is not None:
            printed[-1] += " " + ln.strip()
        else:
            printed.append(None)  # not a log line: ends the one before
    printed = [p for p in printed if p is not None]
    _, _, events, _ = replay(db)
    assert [" ".join(p.split()) for p in printed] == [" ".join(e.split()) for e in events]
    assert any(len(e) > 40 for e in events)  # some lines did need wrapping


@pytest.mark.parametrize(("game", "seats", "answers"), [
    ("metax", None, "1\n"), ("meta", 4, "1\n"), ("metazoo", None, "1\n"),
    # Memesis: always option 1 incubates card after card, each sending the last one back to the hand
    # (MEM-GAP-30), so the game would never end; some cycles fall in step with a loop of prompts (the turn's
    # menu, a card's menu, Back) and repeat one turn. Since single-choice draft steps are taken without asking,
    # 3, 2, 1 in turn plays this seed to its end (3, 2, 1, 2, 1 no longer does).
    ("memesis", None, "3\n2\n1\n")])
def test_a_scripted_game_shows_no_option_id_or_developer_tag(new_db, game, seats, answers):
    """Option ids (``play:…``, ``tgt:p1``), ``[RULE-ID]`` tags and card instance numbers (``[43] Captain
    Nemo``) never reach the player's screen."""
    db = new_db("a")
    code, text = run(db, "?\nh\nb\nl\nd\n" + answers * (3000 // answers.count("\n")), game=game, seats=seats,
                     seed=4)
    assert code == 0 and "***" in text
    _, _, _, ids = replay(db, game)
    # ids like "play:…" and Memesis' "h3" (a card in hand) and "p12" (a piece): none is a word of the screen
    internal = {i for i in ids if ":" in i or re.fullmatch(r"[a-z]+\d+", i)}
    assert internal  # the game did offer such ids
    assert not [i for i in internal if i in text]
    assert not TAG.search(text), TAG.search(text)
    assert not re.search(r"\[\d+\] ", text), re.search(r".*\[\d+\] .*", text)


def test_not_a_terminal_gets_no_colour_codes(new_db):
    code, text = run(new_db("a"), "b\nq\n")
    assert code == 0 and "\x1b[" not in text


def test_on_a_terminal_each_seat_has_its_own_colour_everywhere():
    """The person's name and a computer's name are coloured differently, the same in any text."""
    out = io.StringIO()
    screen = Screen(out, me=0, width=80, colour=True)
    screen.seats(["Tess", "Computer 1"])
    screen.event("Tess attacks Computer 1.")
    screen.print("Computer 1 passes; Tess waits.")
    first, second = out.getvalue().splitlines()[:2]

    def code_before(line: str, word: str) -> str:
        return re.findall(r"(\x1b\[[0-9;]*m)" + re.escape(word), line)[0]

    assert code_before(first, "Tess") == code_before(second, "Tess")
    assert code_before(first, "Computer 1") == code_before(second, "Computer 1")
    assert code_before(first, "Tess") != code_before(first, "Computer 1")


def test_a_refusal_names_its_rule_in_readable_form():
    """A refused choice shows its reason and its rule as a pointer the player can follow, "(see /rules
    MX-DEF-02)" (it once read "(rule MX-DEF-02)"), never the raw "[MX-DEF-02]" tag."""
    out = io.StringIO()
    Screen(out, width=80).refusal("That Character is Pushed and cannot defend. [MX-DEF-02]", "MX-DEF-02")
    assert out.getvalue().strip() == "That Character is Pushed and cannot defend. (see /rules MX-DEF-02)"


@pytest.mark.parametrize(("game", "ref"), [("metax", "heroes-rush"), ("meta", "Burn Rush")])
def test_a_starter_deck_exports_and_imports_back_to_the_same_cards(tmp_path, capsys, game, ref, new_db):
    """`metahost deck export STARTER --game G` writes the starter deck's list; importing that list saves a
    deck of exactly the starter's cards."""
    g = get_game(game)
    sid = next(k for k, v in g.starter_names().items() if ref in (k, v))
    db = new_db("d")
    listing = tmp_path / "starter.txt"
    assert main(["deck", "export", ref, "--game", game, "--out", str(listing), "--db", str(db)]) == 0
    assert main(["deck", "import", str(listing), "--game", game, "--name", "Mine", "--db", str(db)]) == 0
    ((cards,),) = rows(db, "SELECT cards FROM decks WHERE name = 'Mine'")
    saved = Counter({c: n for c, n in json.loads(cards)})
    assert saved == Counter(g.starter_decks()[sid])
    capsys.readouterr()
    assert main(["deck", "export", ref, "--game", game, "--db", str(db)]) == 0
    assert capsys.readouterr().out == listing.read_text(encoding="utf-8")


def test_exporting_an_unknown_deck_names_the_starter_decks(new_db, capsys):
    assert main(["deck", "export", "nope", "--game", "metax", "--db", str(new_db("d"))]) == 2
    err = capsys.readouterr().err
    assert "You have no MetaX deck named 'nope'" in err and "heroes-rush (MetaX)" in err


def test_the_resume_command_names_the_program_as_it_was_started(tmp_path, monkeypatch):
    """`make play` runs .venv/bin/metahost, which is not on PATH: the command names that path; a metahost
    on PATH is named plainly; `python -m bot.cli` is repeated as such."""
    from bot.local import resume_command

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("METAHOST_DB", raising=False)
    script = tmp_path / ".venv" / "bin" / "metahost"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setattr(sys, "argv", [".venv/bin/metahost", "play", "metax"])
    assert resume_command("abc", Path("var/metahost.db")) == ".venv/bin/metahost resume abc"
    monkeypatch.setenv("PATH", str(script.parent))
    monkeypatch.setattr(sys, "argv", [str(script), "play", "metax"])
    assert resume_command("abc", Path("other.db")) == "metahost resume abc --db other.db"
    monkeypatch.setattr(sys, "argv", [str(ROOT / "bot" / "cli.py"), "play", "metax"])
    assert resume_command("abc", Path("my games.db")).endswith(" -m bot.cli resume abc --db 'my games.db'")



def test_the_resume_command_names_a_database_url_without_its_password(monkeypatch):
    """A game stored through ``--db postgresql://…`` resumes with the same ``--db``, its password shown as
    ``***`` (never printed); a store that is the default (``DATABASE_URL``, or the same file as
    ``sqlite:///``) needs no ``--db``."""
    from bot.local import resume_command

    monkeypatch.setattr(sys, "argv", ["metahost"])
    monkeypatch.delenv("METAHOST_DB", raising=False)
    url = "postgresql://bot:hunter2@db.example/metahost?sslmode=require"
    assert resume_command("abc", url).endswith(" resume abc --db 'postgresql://bot:***@db.example/metahost?sslmode=require'")
    monkeypatch.setenv("DATABASE_URL", url)
    assert resume_command("abc", url).endswith(" resume abc")
    monkeypatch.setenv("DATABASE_URL", "sqlite:///var/metahost.db")
    assert resume_command("abc", "var/metahost.db").endswith(" resume abc")
    assert resume_command("abc", url).endswith(" --db 'postgresql://bot:***@db.example/metahost?sslmode=require'")
    monkeypatch.setenv("DATABASE_URL", "mysql://bot@db/metahost")  # no store of ours: the game's --db is named
    assert resume_command("abc", "var/metahost.db").endswith(" resume abc --db var/metahost.db")

def test_the_decision_context_is_shown_above_the_options(new_db, monkeypatch):
    """A game's ``context_text`` (the part of the board the decision depends on) is printed above the
    prompt; when it is smaller than the board, the whole board is one key away (b)."""
    def context(view):
        return "Nemo defends with Str3" if view.decisions else ""

    monkeypatch.setattr(MX, "context_text", context)
    code, text = run(new_db("a"), "q\n")
    assert code == 0
    screen = text.split("About this choice (b shows the whole board):", 1)[1]
    assert screen.index("Nemo defends with Str3") < screen.index("Keep your opening hand")
    assert "== Turn" not in screen  # the whole board waits for b


class Chooser(Script):
    """A person at the terminal who reads the screen: places the first Page it may face-down, then picks a
    seeded random option of whatever is asked, and looks at the keys ``h`` (private view) and ``d`` (piles)
    once on the way."""

    OPTION = re.compile(r"^\s*(\d+)\.\s+(.*)$")

    def __init__(self, screen: io.StringIO, seed: int):
        super().__init__("")
        self.screen, self.rng, self.placed, self.looked = screen, __import__("random").Random(seed), False, False

    def readline(self, *args) -> str:  # type: ignore[override]
        shown = self.screen.getvalue()
        if not self.looked and "Your Chapter:" in shown:
            self.looked = True
            return "h\n"
        tail = shown[shown.rfind("\n\n"):] if "\n\n" in shown else shown
        options = [(int(m.group(1)), m.group(2)) for ln in tail.splitlines() if (m := self.OPTION.match(ln))]
        if not options:
            return "d\n"
        face_down = [n for n, label in options if "face-down" in label and "Place" in label]
        if face_down and not self.placed:
            self.placed = True
            return f"{face_down[0]}\n"
        return f"{self.rng.choice(options)[0]}\n"


def options_end(lines: list[str]) -> list[str]:
    """``lines`` without the "Not playable now:" block the screen prints under a decision's options, so that
    the options are the last lines again."""
    for i in range(len(lines) - 1, max(-1, len(lines) - 200), -1):
        if lines[i] == "Not playable now:":
            return lines[:i]
        if Chooser.OPTION.match(lines[i]):
            break
    return lines


def test_a_metazoo_game_plays_to_its_end_in_the_terminal_with_the_private_view(new_db):
    """``metahost play metazoo`` to the end with typed input: the person sees their Chapter
    and, once they placed one, their own face-down Page (MZ-CORE-08, MZ-TRAP-11) in their private view;
    their decisions span several kinds (multi-step Contracts and Attacks: targets after the choice); the
    game ends with a result, and the stored log replays."""
    db = new_db("zoo")
    out = io.StringIO()
    code = asyncio.run(play("metazoo", db, 3, "Tess", out=out, inp=Chooser(out, 3), width=120))
    text = out.getvalue()
    assert code == 0 and "***" in text
    assert "Your Chapter:" in text and "Your face-down #" in text
    status, log = stored(db)
    assert status == "finished" and any(s == 0 and c.startswith("trap:") for s, c in log)
    g, st, _, _ = replay(db, "metazoo")
    assert g.result(st) is not None
    kinds: set[str] = set()
    st = g.new_game([SeatSetup(s.name, list(s.deck)) for s in _seats(db)], None, 3)
    for seat, choice in log:
        kinds |= {d.kind for d in g.decisions(st) if d.seat == 0 and seat == 0}
        g.apply(st, seat, choice)
    assert {"mulligan", "actions", "priority"} <= kinds and len(kinds) >= 5, kinds


def _seats(db: str) -> list[SeatSetup]:
    return [SeatSetup(n, json.loads(d)) for n, d in rows(db, "SELECT name, deck FROM seats ORDER BY seat")]


def test_play_metazoo_surroundings_and_place_flags(new_db, capsys):
    """``metahost play metazoo --surroundings derived --place "Oslo, …"`` opens a derived table at that
    place; a bad place is refused with the expected shape and opens nothing; MetaX takes no
    surroundings."""
    db = new_db("flags", fresh=True)
    code = main(["play", "metazoo", "--db", str(db), "--surroundings", "derived", "--place", "Oslo, north, 10.75, "
                 "Europe/Oslo"])
    err = capsys.readouterr().err
    assert code == 2 and "bad --place" in err and "latitude and longitude must be numbers" in err
    assert not exists(db) or rows(db, "SELECT COUNT(*) FROM tables") == [(0,)]

    out = io.StringIO()
    code = asyncio.run(play("metazoo", db, 2, "Tess", out=out, inp=Script("q\n"), surroundings="derived",
                            location={"name": "Oslo", "latitude": 59.91, "longitude": 10.75,
                                      "timezone": "Europe/Oslo"}))
    assert code == 0
    ((options,),) = rows(db, "SELECT options FROM tables")
    options = json.loads(options)
    assert options["surroundings"] == "derived" and options["place"]["name"] == "Oslo"
    assert isinstance(options["clock"], float)

    code = main(["play", "metax", "--db", str(new_db("x")), "--surroundings", "declared"])
    assert code == 2 and "no 4th Wall effects" in capsys.readouterr().err


def test_the_metazoo_ordering_prompt_reads_as_numbered_choices_without_ids():
    """MZ-SIM-05, MZ-GAP-79 in the terminal: the active Caster's ordering prompt for simultaneous Poison and
    Regen is printed as its prompt and numbered labels naming the Page; option ids never show."""
    zoo = get_game("metazoo")
    players = [{"spellbook": ["flame-aura"] * 10, "arena": [{"card": "bridge-troll", "damage": 80,
                                                             "indicators": [{"status": "poison", "turn": 1}]}]},
               {"spellbook": ["flame-aura"] * 10}]
    st = zoo.position({"players": players}, [SeatSetup("Ana"), SeatSetup("Ben")], 1)
    zoo.apply(st, 0, "end")
    zoo.apply(st, 0, "pass")
    zoo.apply(st, 1, "pass")
    d = zoo.decision_for(st, 0)
    assert d.kind == "order"
    out = io.StringIO()
    Screen(out, width=100, colour=False).decision(d)
    text = out.getvalue()
    assert d.prompt in " ".join(text.split())
    for i, o in enumerate(d.options, 1):
        assert f"{i}." in text and o.label in text and o.id not in text
    assert "Bridge Troll" in text or "Troll" in text


def test_play_derived_without_a_place_is_refused_in_terminal_words(new_db, capsys):
    """``--surroundings derived`` needs ``--place`` in the terminal (no server location or
    /surroundings profile there): exit 2 with one line saying so, no traceback, and no game left to resume."""
    db = new_db("nowhere", fresh=True)
    code = main(["play", "metazoo", "--db", str(db), "--surroundings", "derived"])
    err = capsys.readouterr().err
    assert code == 2 and "--place" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    if exists(db):
        assert rows(db, "SELECT COUNT(*) FROM tables WHERE status IN ('lobby', 'playing')") == [(0,)]


def test_a_start_the_host_refuses_ends_terminal_play_with_its_message(new_db, capsys):
    """A table the host will not start (derived surroundings with no place, called without the CLI's own
    check) is cancelled, its message printed on one line, exit 2: no traceback, nothing left in play."""
    db = new_db("refused")
    code = asyncio.run(play("metazoo", db, 1, "Tess", out=io.StringIO(), inp=Script(""), surroundings="derived"))
    err = capsys.readouterr().err
    assert code == 2 and "/settings location" in err and "Traceback" not in err
    assert rows(db, "SELECT status FROM tables") == [("aborted",)]


class MemesisChooser(io.StringIO):
    """A person at a Memesis game reading the screen: each time the numbered options of the last prompt, a
    seeded random one that is not Back; the first time a card's menu offers Back, Back (to see the turn's
    menu again). ``steps``: per answer, what was printed since the last answer, the prompt and the label
    chosen."""

    OPTION = re.compile(r"^\s*(\d+)\.\s+(.*)$")

    def __init__(self, screen: io.StringIO, seed: int):
        super().__init__("")
        self.screen, self.rng, self.backed, self.seen = screen, __import__("random").Random(seed), False, 0
        self.steps: list[tuple[str, str, str]] = []

    def readline(self, *args) -> str:  # type: ignore[override]
        shown = self.screen.getvalue()
        lines = options_end(shown.splitlines()[:-1])  # the last line is the "> " prompt itself
        options: dict[int, str] = {}
        while lines and (m := self.OPTION.match(lines[-1])):
            options[int(m.group(1))] = m.group(2)
            lines.pop()
        if not options:
            return "q\n"
        back = [n for n, label in options.items() if label == "Back"]
        if back and not self.backed:
            self.backed = True
            answer = back[0]
        else:
            answer = self.rng.choice([n for n, label in options.items() if label != "Back"] or list(options))
        self.steps.append((shown[self.seen:], lines[-1], options[answer]))
        self.seen = len(shown)
        return f"{answer}\n"


def test_a_1v1_memesis_game_plays_to_its_end_in_the_terminal(new_db):
    """MEM-GEN-01, MEM-GAP-03, MEM-TRN-07, MEM-GAP-28: ``metahost play memesis --teams
    1v1`` to the end with typed input. The person's private view shows their hand, face-down cards
    (MEM-STL-03), Ammunition Cell (MEM-AMM-08) and incubating card (MEM-INC-01); a card's two-step menu
    shows its next step without printing the board and hand again, and Back returns to the turn's menu;
    the person answers a response window; the game ends with a result and the stored log replays to it."""
    db = new_db("mem")
    out = io.StringIO()
    seed = 3  # a game (and typist) in which Tess also plays a card face down and answers a window
    chooser = MemesisChooser(out, seed)
    code = asyncio.run(play("memesis", db, seed, "Tess", out=out, inp=chooser, width=200, teams="1v1"))
    text = out.getvalue()
    assert code == 0 and "***" in text
    assert "Teams: A: Tess (seat 1) · B: Computer 1 (seat 2)" in text
    for shown in ("Your hand (", "Your face-down cards:", "Your Ammunition Cell (", "Incubating: "):
        assert shown in text, shown
    steps = chooser.steps
    card_menus = [k for k, (_, prompt, _) in enumerate(steps) if prompt.endswith(": what do you do?")]
    assert card_menus
    for k in card_menus:  # the step after choosing a card: only its menu, the context stays above it
        printed, _, _ = steps[k]
        assert "Your hand (" not in printed and "About this choice" not in printed, printed
    backed = next(k for k, (_, _, label) in enumerate(steps) if label == "Back")
    printed, prompt, _ = steps[backed + 1]
    assert prompt.startswith("Your turn") and "Your hand (" not in printed
    status, log = stored(db)
    assert status == "finished"
    g, st, _, _ = replay(db, "memesis")
    res = g.result(st)
    assert res is not None and f"*** {res.text} ***" in text
    kinds: set[tuple[str, bool]] = set()
    st = g.new_game([SeatSetup(s.name, list(s.deck)) for s in _seats(db)], {"teams": [0, 1]}, seed)
    for seat, choice in log:
        kinds |= {(d.kind, d.window) for d in g.decisions(st) if d.seat == 0 and seat == 0}
        g.apply(st, seat, choice)
    assert {("main", False), ("act", False), ("window", True)} <= kinds, kinds
    assert g.result(st) == res


class OlympiaChooser(io.StringIO):
    """A person at a Meta Olympia game reading the screen: at the first prompt the ``keys`` lines (help, hand,
    board, log, piles, a card), then at each prompt a seeded random one of the numbered options shown (after
    the keys, the ones shown before them), typed as its number. ``steps``: per answer, the prompt and the
    label chosen."""

    OPTION = MemesisChooser.OPTION

    def __init__(self, screen: io.StringIO, seed: int, keys: list[str]):
        super().__init__("")
        self.screen, self.rng, self.keys = screen, __import__("random").Random(seed), list(keys)
        self.held: tuple[str, dict[int, str]] | None = None
        self.steps: list[tuple[str, str]] = []

    def shown(self) -> tuple[str, dict[int, str]]:
        lines = options_end(self.screen.getvalue().splitlines()[:-1])  # the last line is the "> " prompt
        options: dict[int, str] = {}
        while lines and (m := self.OPTION.match(lines[-1])):
            options[int(m.group(1))] = m.group(2)
            lines.pop()
        return (lines[-1] if lines else ""), options

    def readline(self, *args) -> str:  # type: ignore[override]
        if self.keys:
            self.held = self.held or self.shown()
            return self.keys.pop(0) + "\n"
        prompt, options = self.held or self.shown()
        self.held = None
        if not options:
            return "q\n"
        answer = self.rng.choice(sorted(options))
        self.steps.append((prompt, options[answer]))
        return f"{answer}\n"


def test_a_two_team_meta_olympia_game_plays_to_its_end_in_the_terminal(new_db):
    """MO-SET-09/10, MO-INF-01/03: ``metahost play metaolympia --team-name
    "Red Planet" --option bestof=5`` — the person against the computer, choosing by number at every prompt
    (Pre-Season tiles, Match Up spots, athletes, dice), reaches the result; the stored log replays to it. The
    start line names the person's team and colour; the keys work at a game without decks (``d`` lists the
    shared face-up discards, ``card`` finds an athlete); no option id or tag reaches the screen, nor the
    computer's private draws."""
    db = new_db("mo")
    out = io.StringIO()
    seed = 3
    chooser = OlympiaChooser(out, seed, ["?", "h", "b", "l", "d", "card mangla"])
    code = asyncio.run(play("metaolympia", db, seed, "Tess", out=out, inp=chooser, width=200,
                            table_options=["bestof=5"], team_name="Red Planet"))
    text = out.getvalue()
    assert code == 0 and "***" in text, text[-2000:]
    assert "you are Tess, team Red Planet (red). Type ? for help." in text
    # The piles in the game's words (the board's keys read "Scrim discard" before).
    assert "Athlete discard pile (" in text and "Tactic discard pile (" in text and "Scrimmage discard pile (" in text
    assert "> Mangala\nAthlete · Tier Pro" in text  # "card mangla": a close spelling finds the athlete
    status, log = stored(db)
    assert status == "finished"
    (seed_, options), = rows(db, "SELECT seed, options FROM tables")
    names = [n for (n,) in rows(db, "SELECT name FROM seats ORDER BY seat")]
    options = json.loads(options)
    assert options["team_names"][0] == "Red Planet" and options["colours"][:2] == ["red", "blue"]
    assert options["bestof"] == 5 and names == ["Tess", "Computer 1"]
    g = get_game("metaolympia")
    st = g.new_game([SeatSetup(n, []) for n in names], options, seed_)
    kinds: set[str] = set()
    ids: set[str] = set()
    computer_only = [e.text for e in g.intro(st) if e.visible_to(1) and not e.visible_to(0)]
    asked = 0  # Tess's logged choices that were not publicly forced (the host takes those)
    for seat, choice in log:
        for d in g.decisions(st):
            if d.seat == 0 and seat == 0:
                kinds.add(d.kind)
                ids |= {o.id for o in d.options}
                asked += not d.forced
        computer_only += [e.text for e in g.apply(st, seat, choice) if e.visible_to(1) and not e.visible_to(0)]
    assert {"move", "spot", "athlete"} <= kinds, kinds
    res = g.result(st)
    assert res is not None and f"*** {res.text} ***" in text
    assert len(chooser.steps) == asked  # one typed number per choice of Tess that she was asked
    internal = {i for i in ids if ":" in i}
    assert internal and not [i for i in internal if i in text]
    assert not TAG.search(text), TAG.search(text)
    printed = {ln.strip().removeprefix("· ") for ln in text.splitlines()}
    assert not [t for t in computer_only if t in printed]


def test_meta_olympia_with_four_teams_plays_to_its_end_in_the_terminal(new_db):
    """``metahost play metaolympia --seats 4 --option gambling=on`` (MO-OPT-01): the person and three
    computer teams, typing 1 at every prompt, reach the result."""
    db = new_db("mo4")
    out = io.StringIO()
    code = asyncio.run(play("metaolympia", db, 2, "Tess", out=out, inp=Script("1\n" * 5000), width=200, seats=4,
                            table_options=["gambling=on"]))
    text = out.getvalue()
    assert code == 0 and "***" in text and "against 3 computer players" in text, text[-2000:]
    status, _ = stored(db)
    assert status == "finished"


def test_team_names_take_their_team_colour_on_a_terminal():
    """MO-SET-09/10: a team name is coloured as its seat wherever it appears, in the colour its player chose
    (not the seat palette's), the same as the player's name."""
    out = io.StringIO()
    screen = Screen(out, me=0, width=80, colour=True)
    screen.seats(["Tess", "Computer 1"], ["Red Planet", "Tharsis Meteors"], ["gold", "teal"])
    screen.event("Red Planet beats Tharsis Meteors; Tess and Computer 1 shake hands.")
    line = out.getvalue()

    def code_before(word: str) -> str:
        return re.findall(r"(\x1b\[[0-9;]*m)" + re.escape(word), line)[0]

    assert code_before("Red Planet") == code_before("Tess") != code_before("Tharsis Meteors")
    assert code_before("Tharsis Meteors") == code_before("Computer 1")
    plain = io.StringIO()
    palette = Screen(plain, me=0, width=80, colour=True)
    palette.seats(["Tess", "Computer 1"])  # a game without team colours: the seat palette
    palette.event("Tess waits.")
    assert code_before("Tess") != re.findall(r"(\x1b\[[0-9;]*m)Tess", plain.getvalue())[0]  # gold, not cyan


def test_play_refuses_a_deck_at_a_game_without_decks(new_db, capsys):
    """Meta Olympia drafts its roster in play (``Game.has_decks`` false): ``--deck`` is refused, exit 2."""
    assert main(["play", "metaolympia", "--deck", "heroes-rush", "--db", str(new_db("x"))]) == 2
    assert "Meta Olympia is played without decks, so --deck and --computer-deck do not apply" in \
        capsys.readouterr().err

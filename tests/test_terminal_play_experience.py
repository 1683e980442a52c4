"""Playing in the terminal: ``NO_COLOR`` honoured, ``d`` shows each game's public piles in its own words
(Memesis' Dead Cell), hints in terminal words, never Discord's, lines wrapped to the terminal's
width and never inside a name, ``?`` with the game's quick start and ``rules``/``/rules``,
``card NAME`` for every game (full text on demand), the cards that cannot be played now under the
options (§7), the deciding rule and the scores at the end (§8), refusals pointing to their rule (§5).

The games' play-help hooks default to empty on main: the tests give them values with ``monkeypatch``."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import random
import re

import pytest

from bot.help import pointers
from bot.local import play
from bot.terminal import PILE_KEYS, Screen, break_points
from games import get_game
from games.core.playout import starter_seats
from tests.player_texts import internal_hits

COLOUR = re.compile(r"\x1b\[[0-9;]*(?:3[0-7]|38;[0-9;]+|9[0-7])m")  # a foreground colour code


def run(new_db, typed: str, game: str = "metax", seed: int = 1, width: int | None = None,
        seats: int | None = None) -> str:
    out = io.StringIO()
    code = asyncio.run(play(game, new_db("t"), seed, "Tess", out=out, inp=io.StringIO(typed), width=width,
                            seats=seats))
    assert code == 0
    return out.getvalue()


def answer(text: str, n: int) -> str:
    """What the ``n``-th typed line (from 1) printed: the screen between its prompt and the next."""
    return text.split("> ")[n]


# -- §14: NO_COLOR, piles, hints -------------------------------------------------------------------------------


def test_no_color_turns_the_colours_off_even_on_a_terminal(monkeypatch):
    """https://no-color.org: with ``NO_COLOR`` set, a terminal gets no colour codes (bold may stay); without it,
    seats are coloured. The screen once passed ``no_color=False`` to rich, which overrode it."""
    def shown() -> str:
        out = io.StringIO()
        screen = Screen(out, me=0, width=60, colour=True)
        screen.seats(["Tess", "Computer 1"])
        screen.event("Tess attacks Computer 1.")
        return out.getvalue()

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert COLOUR.search(shown())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not COLOUR.search(shown()) and "Tess attacks Computer 1." in re.sub(r"\x1b\[[0-9;]*m", "", shown())
    out = io.StringIO()
    Screen(out, width=60, colour=False).print("plain")  # --no-colour style: never any code
    assert "\x1b[" not in out.getvalue()


def _played(game_id: str, seats: int, moves: int, seed: int):
    """A seeded game of ``game_id`` after ``moves`` random choices: ``(game, state)``."""
    g = get_game(game_id)
    st = g.new_game(starter_seats(g, seed, seats), None, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        ds = g.decisions(st)
        if not ds:
            break
        d = ds[0]
        g.apply(st, d.seat, d.options[rng.randrange(len(d.options))].id if d.max == 1
                else [o.id for o in d.options[:d.min]])
    return g, st


@pytest.mark.parametrize(("game_id", "seats", "titles"), [
    ("meta", 2, ["Seat 1's graveyard", "Seat 2's graveyard"]),
    ("metax", 2, ["Seat 1's discard", "Seat 2's discard"]),
    ("metazoo", 2, ["Seat 1's Limbo", "Seat 1's Cemetery", "Seat 1's Afterlife", "Seat 2's Afterlife"]),
    ("memesis", 2, ["Seat 1's Dead Cell", "Seat 2's Dead Cell"]),
    ("metaolympia", 2, ["Athlete discard pile", "Tactic discard pile", "Scrimmage discard pile"]),
])
def test_d_shows_each_games_public_piles(game_id, seats, titles):
    """`d` lists every public pile of the game's board under its own name (Memesis' Dead Cell:
    before, Memesis had "no public discard piles"), each card top first, nothing a spectator could not see."""
    g, st = _played(game_id, seats, 120, seed=2)
    view = g.view(st, 0)
    out = io.StringIO()
    Screen(out, width=100, colour=False).piles(view)
    text = out.getvalue()
    assert "no public discard piles" not in text
    for title in titles:
        assert re.search(rf"^{re.escape(title)} \(\d+\)", text, re.M), (title, text)
    spectator = g.view(st, None).board
    players = spectator.get("players", spectator.get("casters")) or []
    for p in players:
        for key in PILE_KEYS:
            for card in p.get(key) or []:
                assert card.get("name", card.get("title", "")) in text


def test_card_lookup_hints_speak_the_terminals_words(new_db):
    """A name that matches nothing, or several, tells what to type here (`card` and a name), never Discord's
    "pick a card from the list" or "send the command again"."""
    text = run(new_db, "card zzqxv\ncard Herak\nq\n")
    nothing, several = (" ".join(answer(text, n).split()) for n in (1, 2))
    assert "no name is close. Type card and part of a name." in nothing
    assert "Close: " in several and "Hercules — Son of Thunder" in several and "Type card and one of these." in several
    for discord_words in ("from the list", "Send the command", "autocomplete", "pick"):
        assert discord_words not in nothing + several


# -- §11: wrapping ---------------------------------------------------------------------------------------------


def test_lines_wrap_at_the_screens_width_and_never_inside_a_name():
    """At 30 columns, a seat's name ("Computer 1") and a card's name ("Hercules — Son of Thunder") stay on one
    line; a name longer than a line still breaks between its words; no line is wider than the screen."""
    out = io.StringIO()
    screen = Screen(out, me=0, width=30, colour=False)
    screen.seats(["Tess", "Computer 1"])
    screen.keep(["Hercules — Son of Thunder", "Captain Nemo — Master of the Nautilus"])
    screen.event("Tess plays Hercules — Son of Thunder; then Computer 1 plays Captain Nemo — Master of the "
                 "Nautilus against Tess and Computer 1 passes.")
    screen.print("Waiting for Computer 1 and Hercules — Son of Thunder.")
    lines = [ln.rstrip() for ln in out.getvalue().splitlines()]
    assert max(len(ln) for ln in lines) <= 30
    assert any("Hercules — Son of Thunder" in ln for ln in lines[:3])
    assert sum("Computer 1" in ln for ln in lines) == 3
    joined = " ".join(" ".join(ln.split()).removeprefix("· ") for ln in lines)
    assert "Captain Nemo — Master of the Nautilus" in joined  # broken between words, none cut


def test_break_points_keep_names_whole_and_fold_only_what_cannot_fit():
    assert break_points("aa bb cc", 5) == [6]  # "aa bb" / "cc"
    assert break_points("aa bb cc", 5, [(3, 8)]) == [3]  # "bb cc" kept together: "aa" / "bb cc"
    assert break_points("x " + "y" * 12, 5) == [2, 7, 12]  # a word longer than a line is folded


def test_a_whole_game_at_40_columns_never_breaks_a_card_name(new_db):
    """A MetaX game at 40 columns: every card name up to 40 characters that a log line holds is printed whole
    on one line."""
    names = [c.name for c in get_game("metax").card_catalog() if len(c.name) <= 36]
    text = run(new_db, "1\n" * 400, width=40)
    lines = text.splitlines()
    assert max(len(ln.removeprefix("> ").rstrip()) for ln in lines) <= 40
    found = 0
    for i, ln in enumerate(lines[:-1]):
        pair = " ".join([ln.strip(), lines[i + 1].strip().removeprefix("· ")])
        for name in names:
            if name in pair and name not in ln and name not in lines[i + 1]:
                pytest.fail(f"{name!r} broken across lines:\n{ln}\n{lines[i + 1]}")
            found += name in ln
    assert found > 10


# -- §10, §9: help, rules and cards ----------------------------------------------------------------------------


def test_question_mark_shows_the_games_quick_start_then_the_keys(new_db):
    """`?` prints the game's quick start in terminal text (no Markdown marks) before the keys, which now
    include `rules TOPIC`."""
    for game in ("metax", "memesis"):
        text = answer(run(lambda name, game=game: new_db(f"{game}-{name}"), "?\nq\n", game=game), 1)
        assert "quick start" in text.splitlines()[0] and "How a turn goes" in text and "Looking things up" in text
        assert "**" not in text and "`" not in text and "## " not in text
        assert text.index("How a turn goes") < text.index("Keys (then Enter):")
        assert re.search(r"^  rules TOPIC +the rules on a topic", text, re.M)
        assert not internal_hits(text.split("Keys (then Enter):")[0]), internal_hits(text)


def test_rules_and_slash_rules_show_the_rule_a_refusal_points_to(new_db):
    """`/rules MX-KO-03` (as a refusal says it) and `rules tko` print MetaX's rule; `/card` works like `card`."""
    text = run(new_db, "/rules MX-KO-03\nrules knock-outs\n/card herkules\nrules zzqq\nq\n")
    assert "MX-KO-03 HP KO" in answer(text, 1) and "MX-KO-01 TKO" in answer(text, 2)
    assert answer(text, 3).startswith("Hercules — Son of Thunder")
    assert answer(text, 4).strip()  # an unknown topic says so


@pytest.mark.parametrize("game_id", ["meta", "metazoo", "metax", "memesis", "metaolympia"])
def test_card_shows_any_card_of_every_game_in_full(game_id):
    """`card NAME` for every game finds one card of each type by its name (Meta Olympia's athletes, tactics,
    sponsors, scrimmage cards and Stage Tiles included) and prints its name, type and text, with rule IDs as
    pointers."""
    g = get_game(game_id)
    firsts = {}
    for card in g.card_catalog():
        firsts.setdefault(card.type, card)
    for card in firsts.values():
        out = io.StringIO()
        Screen(out, width=200, colour=False).card(g, card.name.lower())
        text = out.getvalue()
        assert text.startswith(card.name) or f"are named {card.name}" in text, text
        assert card.type in text and (not card.text or pointers(card.text).splitlines()[0][:40] in text)
        assert not re.search(r"(?<!/rules )\b(?:META|MZ|MX|MEM|MO)-[A-Z]{2,6}-\d{2}\b", text), text


# -- §7, §8, §5 ------------------------------------------------------------------------------------------------


def test_the_cards_that_cannot_be_played_are_listed_under_the_options(new_db, monkeypatch):
    """Under the numbered options, "Not playable now:" and each card with its reason, from
    ``Game.unplayable`` of the person's own seat."""
    mx = get_game("metax")
    asked: list[int] = []

    def unplayable(self, state, seat):
        asked.append(seat)
        return [("Hercules — Son of Thunder", "one Character a turn"), ("Anvil Blow", "costs 3 MP, you have 2")]

    monkeypatch.setattr(type(mx), "unplayable", unplayable)
    text = run(new_db, "q\n", width=100)
    options = text.rsplit("Keep this hand", 1)[1]
    assert re.search(r"Not playable now:\n +– Hercules — Son of Thunder: one Character a turn\n"
                     r" +– Anvil Blow: costs 3 MP, you have 2", options), options
    assert asked and set(asked) == {0}


def test_the_end_shows_the_deciding_rule_and_each_seats_score(new_db, monkeypatch):
    """After the result, ``Result.rule`` (its rule ID a pointer) and one line per seat of
    ``Result.scores``."""
    mx = get_game("metax")
    real = type(mx).result

    def result(self, state):
        res = real(self, state)
        return None if res is None else dataclasses.replace(
            res, rule="A player who concedes loses (MX-END-02)", scores=("Tess: 0 Victory Points",
                                                                       "Computer 1: 0 Victory Points"))

    monkeypatch.setattr(type(mx), "result", result)
    text = run(new_db, "c\ny\n", width=100)
    end = text.split("***", 1)[1]
    assert "A player who concedes loses (see /rules MX-END-02)" in end
    assert "· Tess: 0 Victory Points" in end and "· Computer 1: 0 Victory Points" in end


def test_a_name_several_cards_share_shows_every_one_of_them():
    """`card kindling` at Meta, whose two cards share the name, prints both in full instead of asking which."""
    meta = get_game("meta")
    versions = [c for c in meta.card_catalog() if c.name == "Kindling"]
    assert len(versions) == 2
    out = io.StringIO()
    Screen(out, width=200, colour=False).card(meta, "kindling")
    text = out.getvalue()
    assert text.startswith("2 Meta cards are named Kindling:")
    assert all(pointers(c.text).splitlines()[0] in text for c in versions)
    assert text.count("\nKindling\n") == 2


@pytest.mark.parametrize("width", [40, 50, 80])
def test_the_hand_and_the_seats_never_split_a_name_nor_crop_a_word(new_db, width):
    """The hand table keeps each card's name whole (its column at least that wide; rich then narrows only the
    text column) and crops no word of a card's text; a seats table too narrow for its screen is printed as the
    game's text instead of folding "Computer 1" (``fits`` once measured at the screen's width, which
    rich clamps to, so it always "fit")."""
    text = run(new_db, "h\nb\nq\n", width=width)
    mx = get_game("metax")
    hand = [c for c in mx.card_catalog() if c.name in text]
    assert len(hand) >= 5
    lines = [ln.rstrip() for ln in text.splitlines() if " resume " not in ln]  # the command is never wrapped
    assert max(len(ln.removeprefix("> ")) for ln in lines) <= width
    flat = " ".join(" ".join(ln.split()) for ln in lines)
    for card in hand:
        assert any(card.name in ln for ln in lines), card.name
        shown = card.text.split("\n")[0] if not card.text.startswith("No effect") else ""  # the hand omits it
        for word in re.findall(r"[A-Za-z']{4,}", shown)[:8]:
            assert word in flat, (card.name, word)
    assert "Computer 1" in answer(text, 2) and not re.search(r"\bCo\s*\n", answer(text, 2))

"""``metahost deck list|show|import|export|validate`` and ``metahost rules``: the deck list
format, checks and store of ``/deck``, from a terminal."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from store_places import exists, rows

from bot.cli import main
from bot.decks import MAX_IMPORT_LINES, parse_list
from games import get_game

META = get_game("meta")


def starter_text(game_id: str = "meta", sid: str | None = None) -> tuple[str, Counter]:
    """A starter deck written by hand in the accepted forms (headers, comments, ``3x``, bare names)."""
    g = get_game(game_id)
    sid = sid or sorted(g.starter_decks())[0]
    counts = Counter(g.starter_decks()[sid])
    cat = g.card_catalog()
    lines = ["# my list", "Main deck", ""]
    for i, (cid, n) in enumerate(counts.items()):
        label = cat.get(cid).label
        if i % 3 == 0:
            lines.append(f"{n} {label}")
        elif i % 3 == 1:
            lines.append(f"{n}x {label.lower()}")
        else:
            lines += [label] * n
    return "\n".join(lines) + "\n", counts


def cards_of(text: str, game_id: str = "meta") -> Counter:
    g = get_game(game_id)
    return Counter({cid: n for cid, n in parse_list(text, g.card_catalog(), g.deck_size)})


def deck(capsys, db, *args: str) -> tuple[int, str, str]:
    code = main(["deck", *args, "--db", str(db)])
    out = capsys.readouterr()
    return code, out.out, out.err


def saved_names(db) -> list[tuple[str, str]]:
    if not exists(db):  # validating a list file does not even create the database
        return []
    return rows(db, "SELECT user_id, name FROM decks ORDER BY id")


@pytest.fixture
def db(new_db):
    return new_db("decks", fresh=True)  # saved_names asks whether the command made a store


def test_import_list_show_and_export_round_trip(tmp_path, db, capsys):
    text, counts = starter_text()
    src = tmp_path / "burn.txt"
    src.write_text(text, encoding="utf-8")
    code, out, err = deck(capsys, db, "import", str(src), "--game", "meta", "--name", "Burn")
    assert code == 0, err
    assert "Imported Burn: 60 cards." in out and "Legal." in out

    code, out, _ = deck(capsys, db, "list")
    assert code == 0
    [line] = out.strip().splitlines()
    assert re.match(r"Burn\s+meta\s+60 cards\s+legal$", line)

    code, out, _ = deck(capsys, db, "show", "Burn", "--game", "meta")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Burn — Meta deck, 60 cards") and lines[-1] == "Legal."
    groups = {m[1]: int(m[2]) for ln in lines if (m := re.fullmatch(r"  (\w+) \((\d+)\)", ln))}
    cat = META.card_catalog()
    want = Counter()
    for cid, n in counts.items():
        want[cat.get(cid).type] += n
    assert groups == dict(want)
    shown = Counter({cat.resolve(m[2]).id: int(m[1]) for ln in lines if (m := re.fullmatch(r"    (\d+)× (.+)", ln))})
    assert shown == counts

    code, out, _ = deck(capsys, db, "export", "Burn", "--game", "meta")
    assert code == 0 and out.startswith("# Burn")
    assert cards_of(out) == counts == cards_of(text)

    dest = tmp_path / "out" / "burn-export.txt"
    dest.parent.mkdir()
    code, out, _ = deck(capsys, db, "export", "burn", "--game", "meta", "--out", str(dest))
    assert code == 0 and str(dest) in out
    assert cards_of(dest.read_text(encoding="utf-8")) == counts
    code, out, err = deck(capsys, db, "validate", str(dest), "--game", "meta")
    assert code == 0, err
    assert out.splitlines()[-1] == "Legal."
    assert saved_names(db) == [("local", "Burn")]  # validate FILE saves nothing


def test_validate_of_an_illegal_list_exits_1_with_rule_ids(tmp_path, db, capsys):
    """META-DCK-01 (exactly 60 cards) and META-DCK-02 (copies per base ID within its uniqueness)."""
    text, counts = starter_text()
    cid, n = next(iter(counts.items()))
    label = META.card_catalog().get(cid).label
    too_many = tmp_path / "too-many.txt"
    too_many.write_text(text + f"{10} {label}\n", encoding="utf-8")  # 70 cards, n + 10 copies of one card
    code, out, _ = deck(capsys, db, "validate", str(too_many), "--game", "meta")
    assert code == 1
    assert "Not legal:" in out and "META-DCK-01" in out and "META-DCK-02" in out
    short = tmp_path / "short.txt"
    short.write_text("\n".join(text.splitlines()[:-1]) + "\n", encoding="utf-8")
    code, out, _ = deck(capsys, db, "validate", str(short), "--game", "meta")
    assert code == 1 and "META-DCK-01" in out and "META-DCK-02" not in out
    assert saved_names(db) == []


def test_validate_a_saved_deck_by_name_and_the_latest_without_one(tmp_path, db, capsys):
    """MX-DCK-01: an incomplete saved deck is kept, and validate says what breaks."""
    src = tmp_path / "part.txt"
    src.write_text("3 Hercules — Son of Thunder\n", encoding="utf-8")
    assert deck(capsys, db, "import", str(src), "--game", "metax", "--name", "Part")[0] == 0
    code, out, _ = deck(capsys, db, "validate", "Part", "--game", "metax")
    assert code == 1 and "MX-DCK-01" in out
    code, out, _ = deck(capsys, db, "validate")
    assert code == 1 and out.startswith("Part — MetaX deck, 3 cards")


@pytest.mark.parametrize("case", ["unknown card", "too many lines", "meta olympia", "name taken", "no file"])
def test_bad_input_exits_2_with_the_message_on_stderr_and_saves_nothing(tmp_path, db, capsys, case):
    text, _ = starter_text()
    src = tmp_path / "list.txt"
    game, name, expect = "meta", "Bad", ""
    if case == "unknown card":
        src.write_text(text + "2 Card That Never Was\n", encoding="utf-8")
        expect = f"line {len(text.splitlines()) + 1}: No Meta card is named 'Card That Never Was'"
    elif case == "too many lines":
        src.write_text(text + "#\n" * (MAX_IMPORT_LINES + 1 - len(text.splitlines())), encoding="utf-8")
        expect = f"{MAX_IMPORT_LINES + 1} lines"
    elif case == "meta olympia":
        src.write_text(text, encoding="utf-8")
        game, expect = "metaolympia", "Meta Olympia has no personal decks"
    elif case == "name taken":
        src.write_text(text, encoding="utf-8")
        assert deck(capsys, db, "import", str(src), "--game", "meta", "--name", "Taken")[0] == 0
        name, expect = "TAKEN", "already have a Meta deck named 'Taken'"
    before = saved_names(db)
    args = ["import", str(src)] if case != "no file" else ["import"]
    code, out, err = deck(capsys, db, *args, "--game", game, "--name", name)
    assert code == 2
    assert expect in err and "Imported" not in out
    assert (saved_names(db)) == before


def test_user_option_separates_users(tmp_path, db, capsys):
    text, _ = starter_text()
    src = tmp_path / "list.txt"
    src.write_text(text, encoding="utf-8")
    assert deck(capsys, db, "import", str(src), "--game", "meta", "--name", "Alices", "--user", "alice")[0] == 0
    code, out, _ = deck(capsys, db, "list", "--user", "bob")
    assert code == 0 and "Alices" not in out and "No decks for user bob" in out
    code, out, _ = deck(capsys, db, "list", "--user", "alice")
    assert "Alices" in out
    code, out, _ = deck(capsys, db, "list")  # the default user, "local", is a third user
    assert "Alices" not in out
    for action in ("show", "export", "validate"):
        code, out, err = deck(capsys, db, action, "Alices", "--game", "meta", "--user", "bob")
        assert code == 2 and "no Meta deck named 'Alices'" in err and not out
    assert saved_names(db) == [("alice", "Alices")]


def test_rules_prints_the_section_holding_a_rule_id(capsys):
    assert main(["rules", "metax", "MX-KO-03"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^MX-KO-03 ", out, re.MULTILINE)
    ids = set(re.findall(r"^(MX-[A-Z]+)-\d+", out, re.MULTILINE))
    assert ids == {"MX-KO"}  # that section, not the whole rulebook
    assert "MX-KO-01" in out and "**" not in out


def test_rules_with_no_matching_section_exits_2(capsys):
    assert main(["rules", "metax", "nonsensequery"]) == 2
    out = capsys.readouterr()
    assert "nonsensequery" in out.err and not out.out


def test_terminal_play_brings_a_saved_deck_and_refuses_an_illegal_one(tmp_path, capsys, new_db):
    """``metahost play --deck NAME`` takes one of the terminal player's saved decks: the stored seat holds
    exactly its cards; an illegal saved deck (MX-DCK-01: 3 cards) is refused with exit 2 and its rule ID."""
    import asyncio
    import io

    from bot.local import play

    db = new_db("p")
    text, counts = starter_text("metax")
    (tmp_path / "good.txt").write_text(text)
    (tmp_path / "short.txt").write_text("3 hercules\n")
    assert deck(capsys, db, "import", str(tmp_path / "good.txt"), "--game", "metax", "--name", "Good")[0] == 0
    assert deck(capsys, db, "import", str(tmp_path / "short.txt"), "--game", "metax", "--name", "Short")[0] == 0
    def play_with(name: str) -> int:
        return asyncio.run(play("metax", db, 3, "Tess", [name, "villains-control"], out=io.StringIO(),
                                inp=io.StringIO("q\n")))

    assert play_with("good") == 0  # 0: the player left at once (leaving exits 0); the game stays stored
    (seat0,) = rows(db, "SELECT deck, deck_name FROM seats WHERE seat = 0")
    assert Counter(__import__("json").loads(seat0[0])) == counts and seat0[1] == "Good"
    capsys.readouterr()
    assert play_with("Short") == 2
    assert "MX-DCK-01" in capsys.readouterr().err


def test_a_metazoo_spellbook_imports_and_validates_by_rule_id(tmp_path, db, capsys, monkeypatch):
    """MZ-BOOK-01 (at least 40 Pages, at most the configurable maximum, MZ-GAP-76), MZ-BOOK-02 (a Page's
    Spellbook Limit): a starter Spellbook imports legal; one Page over its limit, a Spellbook under 40, and
    one over ``METAZOO_SPELLBOOK_MAX`` are each refused by their rule ID."""
    zoo = get_game("metazoo")
    text, counts = starter_text("metazoo")
    src = tmp_path / "zoo.txt"
    src.write_text(text, encoding="utf-8")
    code, out, err = deck(capsys, db, "import", str(src), "--game", "metazoo", "--name", "Zoo")
    assert code == 0, err
    assert f"Imported Zoo: {sum(counts.values())} cards." in out and "Legal." in out

    pool = zoo.card_catalog()
    limited = next(cid for cid in counts if pool.get(cid).limit.startswith("Up to"))
    limit = int(pool.get(limited).limit.split()[2])
    over = tmp_path / "over.txt"
    over.write_text(text + f"{limit} {pool.get(limited).label}\n", encoding="utf-8")
    code, out, _ = deck(capsys, db, "validate", str(over), "--game", "metazoo")
    assert code == 1 and "MZ-BOOK-02" in out

    short = tmp_path / "short.txt"
    short.write_text(f"39 {pool.get('flame-aura').label}\n", encoding="utf-8")
    code, out, _ = deck(capsys, db, "validate", str(short), "--game", "metazoo")
    assert code == 1 and "MZ-BOOK-01" in out and "at least 40" in out

    big = tmp_path / "big.txt"
    big.write_text(f"40 {pool.get('flame-aura').label}\n30 {pool.get('water-aura').label}\n", encoding="utf-8")
    code, out, _ = deck(capsys, db, "validate", str(big), "--game", "metazoo")
    assert code == 1 and "at most 60" in out  # the default maximum
    monkeypatch.setenv("METAZOO_SPELLBOOK_MAX", "80")
    monkeypatch.setattr(zoo, "spellbook_max", zoo.spellbook_max)  # restored after the test
    code, out, _ = deck(capsys, db, "validate", str(big), "--game", "metazoo")
    assert code == 0 and out.splitlines()[-1] == "Legal."
    monkeypatch.setenv("METAZOO_SPELLBOOK_MAX", "20")
    code, _, err = deck(capsys, db, "validate", str(big), "--game", "metazoo")
    assert code == 2 and "METAZOO_SPELLBOOK_MAX" in err and ".env.example" in err


def test_MEM_GAP_01_memesis_decks_export_import_and_validate_40_cards_at_most_3_copies(tmp_path, db, capsys):
    """MEM-GAP-01 from the terminal: a Memesis starter deck exports as a list that imports and validates as
    legal (exactly 40 cards); a 41st card, or a 4th copy of a card in 40, is not legal: exit 1, the rule
    ID and what to remove."""
    listing = tmp_path / "legion.txt"
    assert deck(capsys, db, "export", "legion-rush", "--game", "memesis", "--out", str(listing))[0] == 0
    code, out, _ = deck(capsys, db, "import", str(listing), "--game", "memesis", "--name", "Legion")
    assert code == 0 and "Legion — Memesis deck, 40 cards" in out and out.rstrip().endswith("Legal.")
    code, out, _ = deck(capsys, db, "validate", "Legion", "--game", "memesis")
    assert code == 0 and out.rstrip().endswith("Legal.")
    mem = get_game("memesis")
    counts = Counter(mem.starter_decks()["legion-rush"])
    three = next(cid for cid, n in counts.items() if n == 3)
    one = next(cid for cid, n in counts.items() if n == 1 and cid != three)
    names = {cid: mem.card_catalog().get(cid).label for cid in counts}
    plus_one = tmp_path / "forty-one.txt"
    plus_one.write_text(listing.read_text(encoding="utf-8") + f"1 {names[one]}\n", encoding="utf-8")
    code, out, _ = deck(capsys, db, "validate", str(plus_one), "--game", "memesis")
    assert code == 1 and "MEM-GAP-01: A Memesis deck has exactly 40 cards; this one has 41: remove 1." in out
    four = dict(counts)
    four[three], four[one] = 4, 0  # still 40 cards
    fourth = tmp_path / "four-copies.txt"
    fourth.write_text("".join(f"{n} {names[cid]}\n" for cid, n in four.items() if n), encoding="utf-8")
    code, out, _ = deck(capsys, db, "validate", str(fourth), "--game", "memesis")
    assert code == 1 and "40 cards" in out
    assert f"MEM-GAP-01: 4 copies of {names[three]}; a deck holds at most 3 copies of a card: remove 1." in out
    assert "exactly 40" not in out


def test_a_refusal_in_the_terminal_names_the_terminal_command_not_the_slash_command(db, capsys):
    """With no deck saved yet, ``metahost deck validate`` says how to start one in the terminal's
    words (``metahost deck new``), never Discord's ``/deck new``."""
    code, _out, err = deck(capsys, db, "validate", "--game", "metax")
    assert code == 2
    assert "`metahost deck new`" in err and "/deck" not in err

"""MetaZoo's Archive in saved decks (MZ-BOOK-04, MZ-BOOK-02 across both): the ``Archive:``
section of the deck list format, stored with the deck (migration 10), exported back, validated by rule ID,
and refused for a game without Archives."""

from __future__ import annotations

import pytest

from bot.decks import DeckError, DeckService
from games import get_game

OWNER = "u-owner"


@pytest.fixture
def decks(store, clock):
    return DeckService(store, clock=clock)


def ember_text(archive: str = "") -> str:
    """The ember-dawn starter as a list, then ``archive`` (its own ``Archive:`` section) if given."""
    from games.metazoo.pool import card_pool, starter_decks
    pool = card_pool()
    counts: dict[str, int] = {}
    for cid in starter_decks()["ember-dawn"].card_list():
        counts[cid] = counts.get(cid, 0) + 1
    lines = [f"{n} {pool[cid].name}" for cid, n in counts.items()]
    return "\n".join(lines) + ("\n" + archive if archive else "") + "\n"


async def test_mz_book_04_an_archive_imports_shows_and_exports_back(decks):
    """MZ-BOOK-04: lines after 'Archive:' are the deck's Archive, stored apart from the Spellbook; the export
    carries it and imports back to the same deck; check() finds it legal."""
    text = ember_text("Archive:\n2 Moonwell\n3 Cockcrow")
    deck = await decks.import_list(OWNER, "metazoo", "Sided", text)
    assert dict(deck.archive) == {"moonwell": 2, "cockcrow": 3}
    assert deck.total == 50 and "moonwell" not in deck.card_list()
    assert decks.check(deck).legal
    _, exported = await decks.export(OWNER, "Sided")
    assert "Archive (5):" in exported and "2 Moonwell" in exported.split("Archive (5):")[1]
    again = await decks.import_list(OWNER, "metazoo", "Again", exported)
    assert dict(again.cards) == dict(deck.cards) and again.archive == deck.archive


async def test_mz_book_04_an_archive_over_15_pages_is_refused_by_rule_id(decks):
    """MZ-BOOK-04: 16 Pages in the Archive is refused, naming the rule; nothing is saved."""
    text = ember_text("Archive (16):\n4 High Noon\n4 Gloaming\n4 Still Lake\n4 River Ford")
    with pytest.raises(DeckError) as err:
        await decks.import_list(OWNER, "metazoo", "Too big", text)
    assert "MZ-BOOK-04" in err.value.message and "16" in err.value.message
    assert await decks.decks(OWNER) == []


async def test_mz_book_02_the_limit_counts_the_spellbook_and_archive_together(decks):
    """MZ-BOOK-02: ember-dawn holds 4 Ember Imps (its limit); one more in the Archive breaks the limit."""
    with pytest.raises(DeckError) as err:
        await decks.import_list(OWNER, "metazoo", "Five imps", ember_text("Archive:\n1 Ember Imp"))
    assert "MZ-BOOK-02" in err.value.message and "Ember Imp" in err.value.message
    assert await decks.decks(OWNER) == []


async def test_mz_book_04_a_game_without_archives_refuses_the_section(decks):
    """MZ-BOOK-04 is MetaZoo's: a MetaX list with an 'Archive:' section is refused clearly, naming the line."""
    game = get_game("metax")
    starter = sorted(game.starter_decks())[0]
    cat = game.card_catalog()
    text = "\n".join(f"1 {cat.get(c).label}" for c in game.starter_decks()[starter]) + "\nArchive:\n1 Foo\n"
    with pytest.raises(DeckError) as err:
        await decks.import_list(OWNER, "metax", "Sided", text)
    assert err.value.code == "no_archive" and "no Archive" in err.value.message
    assert f"line {len(game.starter_decks()[starter]) + 1}" in err.value.message


def test_mz_book_04_metahost_deck_show_lists_the_archive(tmp_path, capsys, new_db):
    """MZ-BOOK-04: ``metahost deck import`` reads the Archive section and ``metahost deck show`` lists it after
    the Spellbook, the deck legal."""
    from bot.cli import main
    db, src = new_db("cli"), tmp_path / "sided.txt"
    src.write_text(ember_text("Archive:\n2 Moonwell\n3 Cockcrow"), encoding="utf-8")
    assert main(["deck", "import", str(src), "--game", "metazoo", "--name", "Sided", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["deck", "show", "Sided", "--game", "metazoo", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("  Archive (5)")
    assert lines[at + 1:at + 3] == ["    2× Moonwell", "    3× Cockcrow"] and lines[-1] == "Legal."


async def test_mz_book_04_deck_copy_carries_the_archive(decks):
    """MZ-BOOK-04: copying one of your MetaZoo decks copies its Archive with its Spellbook."""
    await decks.import_list(OWNER, "metazoo", "Sided", ember_text("Archive:\n2 Moonwell\n3 Cockcrow"))
    copied = await decks.copy(OWNER, "Sided", "Sided copy")
    assert dict(copied.archive) == {"moonwell": 2, "cockcrow": 3}
    assert copied.total == 50 and decks.check(copied).legal


async def test_mz_book_02_a_basic_aura_line_may_name_more_pages_than_the_minimum(decks):
    """MZ-BOOK-01/02: a Basic Aura Page has no Spellbook Limit, so one line may name up to the Spellbook
    maximum (``spellbook_max``, 60 by default), beyond the 40-Page minimum; above it is refused naming it."""
    top = get_game("metazoo").spellbook_max
    deck = await decks.import_list(OWNER, "metazoo", "Auras", "45 Neutral Aura\n")
    assert dict(deck.cards) == {"neutral-aura": 45} and decks.check(deck).legal
    deck, _ = await decks.add(OWNER, "Auras", "Neutral Aura", top - 45)
    assert dict(deck.cards) == {"neutral-aura": top}
    with pytest.raises(DeckError) as err:
        await decks.add(OWNER, "Auras", "Neutral Aura", 1)
    assert f"at most {top}" in err.value.message
    with pytest.raises(DeckError) as err:
        await decks.import_list(OWNER, "metazoo", "Too many", f"{top + 1} Neutral Aura\n")
    assert f"from 1 to {top}, not {top + 1}" in err.value.message


def test_mz_book_01_metahost_deck_show_names_the_spellbook_range(tmp_path, capsys, new_db):
    """MZ-BOOK-01: ``metahost deck show`` gives a MetaZoo Spellbook's size against 40..spellbook_max in
    Pages, not against the 40-Page minimum as if it were exact."""
    from bot.cli import main
    db, src = new_db("cli"), tmp_path / "ember.txt"
    src.write_text(ember_text(), encoding="utf-8")
    assert main(["deck", "import", str(src), "--game", "metazoo", "--name", "Ember", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["deck", "show", "Ember", "--game", "metazoo", "--db", str(db)]) == 0
    top = get_game("metazoo").spellbook_max
    assert capsys.readouterr().out.splitlines()[0] == f"Ember — MetaZoo deck, 50 Pages (40–{top})"

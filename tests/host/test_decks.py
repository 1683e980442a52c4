"""Personal decks (docs/decks.md) over the real store: ownership, migration 4, the deck list format
(parse_list), export/import round trips, name rules, and saved decks brought to a table. Every test that reads or
writes the store itself runs on SQLite and on PostgreSQL (``backends``)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

import pytest
from conftest import FakeClock
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.decks import (
    MAX_IMPORT_BYTES,
    MAX_IMPORT_LINES,
    MAX_NAME,
    DeckError,
    DeckService,
    export_text,
    parse_list,
)
from bot.host import TableError, TableService
from bot.store import SCHEMA_VERSION, Store
from games import get_game

OWNER, OTHER = "u-owner", "u-other"


@pytest.fixture
def decks(store, clock):
    return DeckService(store, clock=clock)


@pytest.fixture
async def tables(store, clock):
    svc = TableService(store, clock=clock, computer_delay=0)
    yield svc
    await svc.settle()


def catalog(game: str):
    return get_game(game).card_catalog()


def card_named(game: str, name: str):
    """The one card of ``game`` printed as ``name`` (looked up by iterating the pool, not by resolve)."""
    found = [c for c in catalog(game) if c.name == name]
    assert len(found) == 1, found
    return found[0]


def starters(game: str) -> list[str]:
    return sorted(get_game(game).starter_decks())


def body(text: str) -> list[str]:
    """An export without its first line (the line naming the deck)."""
    return text.splitlines()[1:]


async def snapshot(store: Store, user: str) -> list[tuple]:
    return [(d.id, d.game, d.name, d.cards, d.updated) for d in await store.decks_of(user)]


# -- ownership: "decks belong to their user — nobody else can show, edit or use them"


@pytest.mark.backends
async def test_store_finds_and_changes_only_the_owners_deck(store):
    """Store level: another user's deck(id), deck_named, update_deck and delete_deck find and change nothing."""
    mine = await store.create_deck(OWNER, "meta", "Burn", [("e001.1", 3)], 10.0)
    before = await snapshot(store, OWNER)
    assert await store.deck(OWNER, mine.id) == mine
    assert await store.deck(OTHER, mine.id) is None
    assert await store.deck_named(OTHER, "meta", "Burn") is None
    assert await store.deck_named(OTHER, "meta", "burn") is None
    assert await store.decks_of(OTHER) == []
    await store.update_deck(OTHER, mine.id, 99.0, name="Stolen", cards=[("e002.1", 1)])
    await store.delete_deck(OTHER, mine.id)
    assert await snapshot(store, OWNER) == before
    assert await store.decks_of(OTHER) == []
    # the owner's own calls do change it: the refusals above are ownership, not broken writes
    await store.update_deck(OWNER, mine.id, 11.0, name="Burn 2")
    assert (await store.deck(OWNER, mine.id)).name == "Burn 2"
    await store.delete_deck(OWNER, mine.id)
    assert await store.deck(OWNER, mine.id) is None


@pytest.mark.backends
async def test_store_deck_with_an_id_beyond_sqlite_integers_is_not_found(store):
    assert await store.deck(OWNER, 10**20) is None


@pytest.mark.backends
@pytest.mark.parametrize("ref_kind", ["id", "name", "name in other case"])
async def test_deck_service_refuses_another_users_deck_by_id_or_name(decks, store, ref_kind):
    """Service level: find/add/remove/rename/delete/export/copy by another user with the owner's deck id
    or name raise DeckError and change nothing."""
    mine = await decks.copy(OWNER, f"starter:meta:{starters('meta')[0]}", "Burn")
    ref = {"id": str(mine.id), "name": mine.name, "name in other case": mine.name.upper()}[ref_kind]
    card = catalog("meta").get(mine.cards[0][0]).label
    before = await snapshot(store, OWNER)
    attempts = {
        "find": lambda: decks.find(OTHER, ref),
        "find meta": lambda: decks.find(OTHER, ref, "meta"),
        "add": lambda: decks.add(OTHER, ref, card),
        "remove": lambda: decks.remove(OTHER, ref, card),
        "rename": lambda: decks.rename(OTHER, ref, "Mine now"),
        "delete": lambda: decks.delete(OTHER, ref),
        "export": lambda: decks.export(OTHER, ref),
        "copy": lambda: decks.copy(OTHER, ref, "Copied"),
        "copy meta": lambda: decks.copy(OTHER, ref, "Copied", game="meta"),
    }
    for what, call in attempts.items():
        with pytest.raises(DeckError) as err:
            await call()
        assert err.value.code == "no_deck", what
    assert await snapshot(store, OWNER) == before
    assert await store.decks_of(OTHER) == []


async def test_a_table_refuses_another_users_saved_deck_at_join_and_choose_deck(decks, tables):
    mine = await decks.copy(OWNER, f"starter:metax:{starters('metax')[0]}", "Heroes")
    assert decks.check(mine).legal
    t = await tables.create("metax", "chan", "host", "Hana")
    with pytest.raises(TableError) as err:
        await tables.join(t.id, OTHER, "Otto", deck_id=f"saved:{mine.id}")
    assert err.value.code == "unknown_deck"
    assert t.seat_of(OTHER) is None and len(t.seats) == 1
    seat = await tables.join(t.id, OTHER, "Otto")
    deck_before = (seat.deck_id, list(seat.deck), seat.deck_name)
    with pytest.raises(TableError) as err:
        await tables.choose_deck(t.id, OTHER, f"saved:{mine.id}")
    assert err.value.code == "unknown_deck"
    assert (seat.deck_id, seat.deck, seat.deck_name) == deck_before
    # the owner may bring it: the refusal is about whose deck it is
    await tables.leave(t.id, OTHER)
    seat = await tables.join(t.id, OWNER, "Olga", deck_id=f"saved:{mine.id}")
    assert seat.deck_name == "Heroes"


@pytest.mark.parametrize("deck_id", ["saved:", "saved:abc", "saved:²", "saved:99999999999999999999"])
async def test_a_table_refuses_malformed_saved_deck_ids(tables, deck_id):
    t = await tables.create("metax", "chan", "host", "Hana")
    with pytest.raises(TableError) as err:
        await tables.join(t.id, OTHER, "Otto", deck_id=deck_id)
    assert err.value.code == "unknown_deck"


@pytest.mark.parametrize("ref", ["²", "99999999999999999999"])
async def test_deck_lookup_by_odd_numbers_is_a_clear_refusal(decks, ref):
    await decks.new(OWNER, "meta", "Burn")
    with pytest.raises(DeckError) as err:
        await decks.find(OWNER, ref)
    assert err.value.code == "no_deck"


# -- migration 4


@pytest.mark.backends
async def test_schema_3_database_migrates_to_4_keeping_its_seats(db_url):
    old = await Store.open(db_url, upto=3, check_writable=False)
    assert await old.schema_version() == 3
    await old._tx("seed", [
        ("INSERT INTO tables (id, game, place, host_user, status, options, seed, created, updated) "
         "VALUES ('t1', 'metax', 'chan', 'u1', 'lobby', '{}', 7, 1.0, 1.0)", ()),
        ("INSERT INTO seats (table_id, seat, user_id, name, computer, deck_id, deck) "
         "VALUES ('t1', 0, 'u1', 'Ana', 0, 'heroes-rush', ?)", (json.dumps(["hercules"]),))])
    await old.close()

    store = await Store.open(db_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION >= 4  # 4 and every later migration
        [row] = await store.load_tables()
        [seat] = row.seats
        assert (seat.user_id, seat.name, seat.deck_id, seat.deck) == ("u1", "Ana", "heroes-rush", ["hercules"])
        assert seat.deck_name is None
        assert await store.decks_of("u1") == []
        made = await store.create_deck("u1", "metax", "New", [("hercules", 1)], 2.0)
        assert await store.deck("u1", made.id) == made
    finally:
        await store.close()


# -- the deck list format: parse_list


def test_parse_list_accepts_every_documented_form():
    cat = catalog("meta")
    spark, rain, hail = (card_named("meta", n) for n in ("Spark of Ruin", "Mending Rain", "Hailstorm"))
    kindling2 = next(c for c in cat if c.name == "Kindling" and c.id.endswith(".2"))
    text = "\n".join([
        f"3 {spark.name}",
        f"2x {rain.name}",
        f"  1 X {hail.name.upper()}  ",
        f"1× {kindling2.label}",
        hail.name.lower(),
        f"{spark.id}",
        f"4   {'  '.join(rain.name.split())}",
    ])
    assert parse_list(text, cat, 60) == [(spark.id, 4), (rain.id, 6), (hail.id, 2), (kindling2.id, 1)]


def test_parse_list_matches_names_without_case_or_accents():
    joan = next(c for c in catalog("metax") if "Orléans" in c.name)
    assert parse_list(f"2 {joan.name.replace('é', 'e').lower()}", catalog("metax"), 40) == [(joan.id, 2)]


@pytest.mark.parametrize("game, headers", [
    ("meta", ["Events:", "Event (12)", "Main deck", "Triggers", "Meta (3)", "Cards:", "# comment", "// note", ""]),
    ("metax", ["Battle (12)", "Characters:", "Main deck", "Events", "Deck", "  ", "#3 Hercules"]),
])
def test_parse_list_ignores_section_headers_comments_and_blank_lines(game, headers):
    cat = catalog(game)
    first, second = list(cat)[0], list(cat)[-1]
    lines = [f"2 {first.label}"] + headers + [f"1 {second.label}"] + headers
    assert parse_list("\n".join(lines), cat, get_game(game).deck_size) == [(first.id, 2), (second.id, 1)]


def test_parse_list_merges_repeats_in_order_of_first_appearance():
    cat = catalog("meta")
    a, b, c = list(cat)[5], list(cat)[1], list(cat)[9]
    text = f"1 {a.label}\n2 {b.label}\n{a.label}\n3x {c.label}\n1 {b.label}\n"
    assert parse_list(text, cat, 60) == [(a.id, 2), (b.id, 3), (c.id, 3)]


def test_parse_list_ambiguous_meta_name_names_every_version():
    """META-CRD-03: versions of one base ID share a title; a bare shared name must be written with its id."""
    cat = catalog("meta")
    versions = [c for c in cat if c.name == "Kindling"]
    assert len(versions) == 2
    with pytest.raises(DeckError) as err:
        parse_list("2 Kindling", cat, 60)
    assert err.value.code == "bad_list"
    [problem] = err.value.problems
    assert problem.startswith("line 1:")
    for v in versions:
        assert v.label in problem and v.label in err.value.message
    for v in versions:
        assert parse_list(f"2 {v.name} ({v.id})", cat, 60) == [(v.id, 2)]
        assert parse_list(f"2 {v.name.lower()} ({v.id.upper()})", cat, 60) == [(v.id, 2)]


def test_parse_list_lists_every_problem_with_its_line_number_at_once():
    cat = catalog("meta")
    spark = card_named("meta", "Spark of Ruin")
    text = "\n".join([
        f"3 {spark.name}",          # 1 fine
        "0 Mending Rain",           # 2 count below 1
        "Nonexistent Card Of Doom",  # 3 unknown
        "",                         # 4 blank
        "61 Hailstorm",             # 5 count above the deck size (META-DCK-01: 60)
        "2 Kindling",               # 6 ambiguous
        f"58 {spark.name}",         # 7 61 copies in all
    ])
    with pytest.raises(DeckError) as err:
        parse_list(text, cat, 60)
    problems = err.value.problems
    assert [p.split(":")[0] for p in problems] == ["line 2", "line 3", "line 5", "line 6", "line 7"]
    assert "from 1 to 60, not 0" in problems[0] and "from 1 to 60, not 61" in problems[2]
    assert "Nonexistent Card Of Doom" in problems[1]
    assert "61 copies" in problems[4]
    for p in problems:
        assert p in err.value.message


@pytest.mark.parametrize("game", ["meta", "metax"])
def test_parse_list_count_limit_is_the_deck_size(game):
    """A count runs from 1 to the deck size (META-DCK-01: 60, MX-DCK-01: 40)."""
    g = get_game(game)
    card = list(g.card_catalog())[0]
    assert parse_list(f"{g.deck_size} {card.label}", g.card_catalog(), g.deck_size) == [(card.id, g.deck_size)]
    for n in (0, -1, g.deck_size + 1):
        with pytest.raises(DeckError) as err:
            parse_list(f"{n} {card.label}", g.card_catalog(), g.deck_size)
        assert err.value.problems[0].startswith("line 1:")


def padded(total_bytes: int, lines: int, pad_char: str = "x") -> str:
    """A valid one-card list of exactly ``total_bytes`` UTF-8 bytes and ``lines`` lines (comments pad it)."""
    head = "1 Spark of Ruin\n"
    rest = ["#"] * (lines - 1)
    text = head + "\n".join(rest) + "\n"
    missing = total_bytes - len(text.encode())
    assert missing >= 0
    width = len(pad_char.encode())
    assert missing % width == 0
    rest[-1] += pad_char * (missing // width)
    text = head + "\n".join(rest) + "\n"
    assert len(text.encode()) == total_bytes and len(text.splitlines()) == lines
    return text


def test_parse_list_size_limits_hold_exactly_at_the_boundary():
    cat = catalog("meta")
    spark = card_named("meta", "Spark of Ruin")
    assert MAX_IMPORT_BYTES == 10 * 1024 and MAX_IMPORT_LINES == 300
    assert parse_list(padded(MAX_IMPORT_BYTES, 20), cat, 60) == [(spark.id, 1)]
    assert parse_list(padded(1000, MAX_IMPORT_LINES), cat, 60) == [(spark.id, 1)]
    for text in (padded(MAX_IMPORT_BYTES + 1, 20), padded(1000, MAX_IMPORT_LINES + 1),
                 # bytes, not characters: 10 KB of UTF-8 is fewer than 10,240 characters here
                 padded(MAX_IMPORT_BYTES + 2, 20, "é")):
        with pytest.raises(DeckError) as err:
            parse_list(text, cat, 60)
        assert err.value.code == "too_big"
        assert "Nothing was saved" in err.value.message


@pytest.mark.backends
async def test_import_refusals_save_nothing(decks, store):
    """Bad input gives one message and saves nothing: too big, unknown card, a used name, Meta Olympia."""
    spark = card_named("meta", "Spark of Ruin")
    cases = {
        "too_big": ("meta", "Big", padded(MAX_IMPORT_BYTES + 1, 5)),
        "bad_list": ("meta", "Bad", f"3 {spark.name}\n2 Not A Card\n"),
        "no_decks": ("metaolympia", "Team", f"3 {spark.name}\n"),
        "unknown_game": ("chess", "Opening", f"3 {spark.name}\n"),
        "bad_name": ("meta", "x" * (MAX_NAME + 1), f"3 {spark.name}\n"),
    }
    for code, (game, name, text) in cases.items():
        with pytest.raises(DeckError) as err:
            await decks.import_list(OWNER, game, name, text)
        assert err.value.code == code
    assert await store.decks_of(OWNER) == []
    with pytest.raises(DeckError, match="Meta Olympia has no personal decks"):
        await decks.import_list(OWNER, "metaolympia", "Team", "")
    kept = await decks.import_list(OWNER, "meta", "Kept", f"3 {spark.name}\n")
    with pytest.raises(DeckError) as err:
        await decks.import_list(OWNER, "meta", "KEPT", "1 Mending Rain\n")
    assert err.value.code == "name_taken"
    assert await store.decks_of(OWNER) == [kept]
    replaced = await decks.import_list(OWNER, "meta", "kept", "1 Mending Rain\n", replace=True)
    assert replaced.id == kept.id and replaced.cards == [(card_named("meta", "Mending Rain").id, 1)]


# -- export and import back


@pytest.mark.parametrize("game", ["meta", "metax"])
async def test_every_starter_deck_copies_exports_and_imports_back_unchanged(decks, game):
    g = get_game(game)
    for sid in starters(game):
        copied = await decks.copy(OWNER, f"starter:{game}:{sid}", f"Copy {sid}")
        assert Counter(copied.card_list()) == Counter(g.starter_decks()[sid])
        assert decks.check(copied).legal
        _, text = await decks.export(OWNER, copied.name, game)
        again = await decks.import_list(OWNER, game, f"Again {sid}", text)
        assert dict(again.cards) == dict(copied.cards)
        assert again.id != copied.id
        _, text2 = await decks.export(OWNER, again.name, game)
        assert body(text2) == body(text)
        assert text.splitlines()[0].startswith(f"# Copy {sid}") and text2.splitlines()[0].startswith(f"# Again {sid}")


FORMS = ["{n} {label}", "{n}x {label}", "{n}X {label}", "{n} x {label}", "{n}× {label}", "plain"]


@st.composite
def deck_lists(draw):
    """(game, {card id: count}, list text) — a random card multiset written in random accepted forms."""
    game = draw(st.sampled_from(["meta", "metax"]))
    cards = list(catalog(game))
    picked = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=30, unique_by=lambda c: c.id))
    counts = {c.id: draw(st.integers(1, 4)) for c in picked}
    lines: list[str] = []
    for c in picked:
        form = draw(st.sampled_from(FORMS))
        label = draw(st.sampled_from([c.label, c.label.lower(), c.label.upper()]))
        if form == "plain":
            lines += [label] * counts[c.id]
        else:
            lines.append(form.format(n=counts[c.id], label=label))
        if draw(st.booleans()):
            lines.append(draw(st.sampled_from(["", "# note", "Main deck", f"{c.type}s:"])))
    return game, counts, "\n".join(lines)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(deck_lists())
def test_random_decks_export_and_import_back_to_the_same_cards(session_db, example):
    game, counts, text = example
    g = get_game(game)
    assert dict(parse_list(text, g.card_catalog(), g.deck_size)) == counts

    async def run():
        store = await Store.open(session_db())
        try:
            svc = DeckService(store, clock=FakeClock())
            first = await svc.import_list(OWNER, game, "First", text)
            assert dict(first.cards) == counts
            _, exported = await svc.export(OWNER, "First", game)
            assert exported == export_text(first, g.card_catalog())
            second = await svc.import_list(OWNER, game, "Second", exported)
            assert dict(second.cards) == counts
            assert [cid for cid, _ in second.cards] == [cid for cid, _ in parse_list(exported, g.card_catalog(), 99)]
            _, again = await svc.export(OWNER, "Second", game)
            assert body(again) == body(exported)
            assert [(p.rule, p.message) for p in svc.check(second).problems] == \
                [(p.rule, p.message) for p in svc.check(first).problems]
        finally:
            await store.close()

    asyncio.run(run())


# -- names


@pytest.mark.backends
async def test_deck_names_up_to_64_characters(decks, store):
    ok = await decks.new(OWNER, "meta", "n" * MAX_NAME)
    assert ok.name == "n" * MAX_NAME
    for bad in ("n" * (MAX_NAME + 1), "", "   \n\t "):
        with pytest.raises(DeckError) as err:
            await decks.new(OWNER, "meta", bad)
        assert err.value.code == "bad_name"
        with pytest.raises(DeckError):
            await decks.rename(OWNER, ok.name, bad)
    assert [d.name for d in await store.decks_of(OWNER)] == ["n" * MAX_NAME]


async def test_deck_name_whitespace_is_collapsed(decks):
    d = await decks.new(OWNER, "meta", "  Fast \t  and\n  Loose  ")
    assert d.name == "Fast and Loose"
    assert (await decks.find(OWNER, " fast   and loose ")).id == d.id
    with pytest.raises(DeckError) as err:
        await decks.new(OWNER, "meta", "Fast  and Loose")
    assert err.value.code == "name_taken"


@pytest.mark.backends
async def test_deck_names_clash_case_insensitively_within_a_users_game(decks, store):
    await decks.new(OWNER, "meta", "Burn")
    other = await decks.new(OWNER, "meta", "Control")
    for attempt in (decks.new(OWNER, "meta", "BURN"),
                    decks.copy(OWNER, f"starter:meta:{starters('meta')[0]}", "burn"),
                    decks.import_list(OWNER, "meta", "bUrN", "1 Spark of Ruin"),
                    decks.rename(OWNER, other.name, "burn")):
        with pytest.raises(DeckError) as err:
            await attempt
        assert err.value.code == "name_taken"
    assert sorted(d.name for d in await store.decks_of(OWNER)) == ["Burn", "Control"]


@pytest.mark.backends
async def test_deck_names_clash_case_insensitively_beyond_ascii(decks, store):
    """SQLite's NOCASE folds ASCII only: 'Élan' and 'élan' are still one name."""
    await decks.new(OWNER, "meta", "Élan")
    with pytest.raises(DeckError) as err:
        await decks.new(OWNER, "meta", "élan")
    assert err.value.code == "name_taken"
    assert (await decks.find(OWNER, "ÉLAN")).name == "Élan"
    with pytest.raises(DeckError):
        await decks.import_list(OWNER, "meta", "éLAN", "1 Spark of Ruin")
    assert len(await store.decks_of(OWNER)) == 1


async def test_renaming_a_deck_to_its_own_name_in_another_case_is_allowed(decks):
    d = await decks.new(OWNER, "meta", "burn")
    renamed = await decks.rename(OWNER, "burn", "BURN")
    assert renamed.id == d.id and renamed.name == "BURN"


@pytest.mark.backends
async def test_the_same_name_is_free_across_games_and_users(decks, store):
    meta = await decks.new(OWNER, "meta", "Mine")
    metax = await decks.new(OWNER, "metax", "Mine")
    theirs = await decks.new(OTHER, "meta", "Mine")
    assert len({meta.id, metax.id, theirs.id}) == 3
    assert (await decks.find(OWNER, "Mine", "metax")).id == metax.id
    assert (await decks.find(OWNER, "mine", "meta")).id == meta.id
    with pytest.raises(DeckError) as err:  # without a game the name is ambiguous, and says so
        await decks.find(OWNER, "Mine")
    assert err.value.code == "ambiguous"
    assert [d.id for d in await store.decks_of(OTHER)] == [theirs.id]


# -- saved decks at a table


def state_cards(t, seat: int) -> Counter:
    """The card ids a seat owns in the game state, every zone together."""
    return Counter(c for c, owner in zip(t.state.cards, t.state.owner, strict=True) if owner == seat)


async def saved_table(decks, tables, name="Mine", starter=None):
    """A MetaX table hosted by Hana (seat 1, starter deck) that Ben (seat 2) joins with his saved deck."""
    starter = starter or starters("metax")[-1]
    deck = await decks.copy("ben", f"starter:metax:{starter}", name)
    t = await tables.create("metax", "chan", "hana", "Hana", seed=3)
    seat = await tables.join(t.id, "ben", "Ben", deck_id=f"saved:{deck.id}")
    return t, seat, deck


async def test_a_saved_legal_deck_joins_a_table_with_its_cards_and_name(decks, tables):
    """MX-DCK-01..05 hold for the saved deck, so the table accepts it."""
    t, seat, deck = await saved_table(decks, tables)
    assert decks.check(deck).legal
    assert seat.deck == deck.card_list() and seat.deck_id == f"saved:{deck.id}"
    assert seat.deck_name == deck.name == seat.deck_label


@pytest.mark.backends
async def test_lobby_edits_count_and_edits_after_the_start_do_not(decks, tables, store):
    t, seat, deck = await saved_table(decks, tables)
    # edit in the lobby: the whole list becomes another starter's
    other = starters("metax")[0]
    tmp = await decks.copy("ben", f"starter:metax:{other}", "Scratch")
    _, text = await decks.export("ben", "Scratch", "metax")
    await decks.delete("ben", "Scratch")
    edited = await decks.import_list("ben", "metax", "mine", text, replace=True)
    assert edited.id == deck.id and Counter(edited.card_list()) == Counter(tmp.card_list())
    assert Counter(edited.card_list()) != Counter(deck.card_list())
    await tables.start(t.id, "hana")
    assert t.status == "playing"
    assert t.seats[1].deck == edited.card_list()
    assert state_cards(t, 1) == Counter(edited.card_list())
    state_before, seat_deck_before = t.game.to_json(t.state), list(t.seats[1].deck)
    # after the start: edit, rename and delete the saved deck
    some = t.seats[1].deck[0]
    await decks.remove("ben", "Mine", some, 1)
    await decks.rename("ben", "Mine", "Renamed")
    assert t.seats[1].deck == seat_deck_before
    assert t.game.to_json(t.state) == state_before
    await decks.delete("ben", "Renamed")
    assert t.seats[1].deck == seat_deck_before and state_cards(t, 1) == Counter(edited.card_list())
    assert t.game.to_json(t.state) == state_before
    assert t.seats[1].deck_name == "Mine"
    [row] = await store.load_tables(table_id=t.id)
    assert row.seats[1].deck == seat_deck_before and row.seats[1].deck_name == "Mine"


@pytest.mark.backends
async def test_start_refuses_a_saved_deck_made_illegal_in_the_lobby(decks, tables, store):
    """MX-DCK-01: taking one card out leaves 39 of 40; the start names the seat and the rule."""
    t, seat, deck = await saved_table(decks, tables)
    await decks.remove("ben", deck.name, deck.cards[0][0], 1)
    with pytest.raises(TableError) as err:
        await tables.start(t.id, "hana")
    assert err.value.code == "illegal_deck"
    assert "Seat 2 (Ben)" in err.value.message and "MX-DCK-01" in err.value.message
    assert t.status == "lobby" and t.state is None
    [row] = await store.load_tables(table_id=t.id)
    assert row.status == "lobby" and row.snapshot is None
    # fixed again, the same table starts
    await decks.add("ben", deck.name, deck.cards[0][0], 1)
    await tables.start(t.id, "hana")
    assert t.status == "playing"


@pytest.mark.backends
async def test_start_refuses_a_saved_deck_deleted_in_the_lobby(decks, tables, store):
    t, seat, deck = await saved_table(decks, tables)
    await decks.delete("ben", deck.name)
    with pytest.raises(TableError) as err:
        await tables.start(t.id, "hana")
    assert err.value.code == "unknown_deck"
    assert "Seat 2 (Ben)" in err.value.message
    assert t.status == "lobby"
    [row] = await store.load_tables(table_id=t.id)
    assert row.status == "lobby"


async def test_choose_deck_brings_a_saved_deck_and_refuses_an_illegal_one(decks, tables):
    deck = await decks.copy("hana", f"starter:metax:{starters('metax')[1]}", "Hers")
    t = await tables.create("metax", "chan", "hana", "Hana")
    await tables.choose_deck(t.id, "hana", f"saved:{deck.id}")
    assert t.seats[0].deck_name == "Hers" and t.seats[0].deck == deck.card_list()
    empty = await decks.new("hana", "metax", "Unfinished")
    with pytest.raises(TableError) as err:
        await tables.choose_deck(t.id, "hana", f"saved:{empty.id}")
    assert err.value.code == "illegal_deck" and "MX-DCK-01" in err.value.message
    assert t.seats[0].deck_name == "Hers"
    meta_deck = await decks.copy("hana", f"starter:meta:{starters('meta')[0]}", "Meta one")
    with pytest.raises(TableError) as err:
        await tables.choose_deck(t.id, "hana", f"saved:{meta_deck.id}")
    assert err.value.code == "unknown_deck"


@pytest.mark.backends
@pytest.mark.parametrize("started", [False, True])
async def test_a_restarted_host_keeps_the_saved_decks_name(decks, tables, store, clock, started):
    t, seat, deck = await saved_table(decks, tables, name="Night Shift")
    if started:
        await tables.start(t.id, "hana")
    again = await TableService.open(store, clock=clock, computer_delay=0)
    t2 = again.get(t.id)
    assert t2.seats[1].deck_name == "Night Shift" and t2.seats[1].deck_id == f"saved:{deck.id}"
    assert t2.seats[1].deck == deck.card_list()
    assert t2.seats[0].deck_name is None
    if started:
        assert state_cards(t2, 1) == Counter(deck.card_list())
    else:
        await again.start(t.id, "hana")
        assert t2.status == "playing" and t2.seats[1].deck_name == "Night Shift"
    await again.settle()

"""Decks, cards and rules through the network-free Discord: autocomplete, import/show/export,
deck validation by rule ID (META-DCK-01/02/03/05, MX-DCK-01..05), decks built from nothing and brought
to tables, the lobby deck select, bad input, ownership, ``/card`` and ``/rules``.

Every reply is also checked against Discord's size limits (the harness does not enforce them): a
message Discord would reject with a 400 is a failure the user would see as "This interaction failed"."""

from __future__ import annotations

from collections import Counter

from bot.rulebook import RuleBook, pages
from bot.shell import render
from games import get_game

from .harness import CHANNEL_ID, Reply

ANA, BEN = 101, 102

META_STARTER = "burn-rush"
METAX_STARTER = "heroes-rush"


# -- helpers -----------------------------------------------------------------------------------------


def check_limits(w, reply: Reply) -> None:
    """Discord's limits on what the bot sent: content 2000, embed title 256 / description 4096 / field
    name 256 / value 1024 / 25 fields / footer 2048 / 6000 in all, 25 select options of 100 characters."""
    for msg in reply.messages:
        assert len(msg.content) <= 2000, f"content of {len(msg.content)} characters"
        assert len(msg.embeds) <= 10
        for e in msg.embeds:
            title, desc = e.get("title") or "", e.get("description") or ""
            fields = e.get("fields") or []
            footer = (e.get("footer") or {}).get("text") or ""
            assert len(title) <= 256 and len(desc) <= 4096 and len(footer) <= 2048, e
            assert len(fields) <= 25
            for f in fields:
                assert 0 < len(f["name"]) <= 256 and 0 < len(f["value"]) <= 1024, f
            total = len(title) + len(desc) + len(footer) + sum(len(f["name"]) + len(f["value"]) for f in fields)
            assert total <= 6000, f"embed of {total} characters"
        for c in w.fake.components(msg):
            if c.get("type") == 3:
                assert 1 <= len(c["options"]) <= 25
                assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in c["options"])


async def run(w, user: int, name: str, options: dict | None = None, sub: str | None = None) -> Reply:
    reply = await w.fake.slash(user, CHANNEL_ID, name, options or {}, sub=sub)
    await w.settle()
    check_limits(w, reply)
    return reply


async def deck(w, user: int, sub: str, **options) -> Reply:
    return await run(w, user, "deck", options, sub)


async def complete(w, user: int, name: str, options: dict, sub: str | None = None) -> list[dict]:
    choices = await w.fake.autocomplete(user, CHANNEL_ID, name, options, sub=sub)
    assert len(choices) <= 25
    assert all(0 < len(c["name"]) <= 100 and 0 < len(str(c["value"])) <= 100 for c in choices), choices
    return choices


async def paste_import(w, user: int, game: str, name: str, text: str, **extra) -> Reply:
    """``/deck import`` without a file: the modal, then its submission with ``text``."""
    opened = await deck(w, user, "import", game=game, name=name, **extra)
    modal = opened.modal
    assert modal is not None, opened.text
    inputs = [c for row in modal["components"] for c in row["components"]]
    box = next(c for c in inputs if c.get("style") == 2)
    reply = await w.fake.submit_modal(user, CHANNEL_ID, modal["custom_id"], {box["custom_id"]: text})
    await w.settle()
    check_limits(w, reply)
    return reply


async def file_import(w, user: int, game: str, name: str, data: bytes, filename: str = "deck.txt") -> Reply:
    aid = w.fake.attachment(filename, data)
    return await deck(w, user, "import", game=game, name=name, file=aid)


async def rows(w) -> list[tuple]:
    return (await w.store.fetch_named("SELECT * FROM decks ORDER BY id"))[1]


async def my_deck(w, user: int, name: str):
    found = [d for d in await w.store.decks_of(str(user)) if d.name == name]
    assert len(found) == 1, [d.name for d in await w.store.decks_of(str(user))]
    return found[0]


def starter_counts(game: str, sid: str) -> list[tuple[str, int]]:
    return list(Counter(get_game(game).starter_decks()[sid]).items())


def as_list(game: str, counts: list[tuple[str, int]]) -> str:
    catalog = get_game(game).card_catalog()
    return "\n".join(f"{n} {catalog.get(cid).label}" for cid, n in counts) + "\n"


def shown(reply: Reply) -> str:
    """The text of the ``/deck show`` embed of a reply."""
    embeds = [e for m in reply.messages for e in m.embeds]
    assert embeds, reply.text
    return "\n".join(w for e in embeds for w in [e.get("title") or "", e.get("description") or "",
                                                *(f"{f['name']}\n{f['value']}" for f in e.get("fields") or [])])


def seat_cards_in_game(t, seat: int) -> list[str]:
    st = t.state
    return sorted(st.cards[i] for i in range(len(st.cards)) if st.owner[i] == seat)


async def open_lobby(w, user: int, game: str, seats: int | None = None):
    options = {"game": game} | ({"seats": seats} if seats else {})
    known = set(w.service.tables)
    reply = await run(w, user, "table", options, sub="new")
    assert not reply.ephemeral, reply.text
    (table_id,) = set(w.service.tables) - known
    return w.service.get(table_id), reply.message


# -- 1. autocomplete ---------------------------------------------------------------------------------


async def test_card_autocomplete_at_most_25_best_first(world):
    """`/deck add card:` and `/card name:` offer at most 25 cards, best first: an empty query gives a
    full 25 in pool order, an exact name or id comes before cards that only contain a word of it."""
    w = world
    await deck(w, ANA, "new", game="meta", name="Sparks")
    empty = await complete(w, ANA, "deck", {"card": ""}, sub="add")
    pool = [c.id for c in get_game("meta").card_catalog()]
    assert [c["value"] for c in empty] == pool[:25]

    spark = await complete(w, ANA, "deck", {"card": "spark"}, sub="add")
    assert spark[0]["value"] == "e001.1" and spark[0]["name"].startswith("Spark of Ruin")
    kindling = await complete(w, ANA, "deck", {"card": "kindling"}, sub="add")
    assert {c["value"] for c in kindling[:2]} == {"e018.1", "e018.2"}

    # /card needs the game before the focused name. "Grendel" is the id of Grendel (later in the pool)
    # and a word of "Beowulf — Bane of Grendel" (earlier): the exact match ranks first.
    assert await complete(w, ANA, "card", {"name": "grendel"}) == []
    grendel = await complete(w, ANA, "card", {"game": "metax", "name": "grendel"})
    assert [c["value"] for c in grendel[:2]] == ["grendel", "beowulf"]
    full = await complete(w, ANA, "card", {"game": "metax", "name": ""})
    assert len(full) == 25
    # Meta Olympia's cards can be looked up too (before, its autocomplete offered nothing).
    olympia = get_game("metaolympia").card_catalog()
    assert [c["value"] for c in await complete(w, ANA, "card", {"game": "metaolympia", "name": ""})] == \
        [c.id for c in olympia][:25]


async def test_rules_deck_and_copy_autocomplete(world):
    """`/rules topic:`, `/deck show deck:` and `/deck copy source:` autocomplete: at most 25, best first
    (an exact deck name above a deck whose name only starts with it)."""
    w = world
    topics = await complete(w, ANA, "rules", {"game": "metazoo", "topic": ""})
    assert len(topics) == 25 and len(RuleBook.load("metazoo").sections) > 25
    deck_topic = await complete(w, ANA, "rules", {"game": "metax", "topic": "deck construction"})
    assert deck_topic[0]["value"] == "7. Deck construction"
    by_id = await complete(w, ANA, "rules", {"game": "meta", "topic": "META-DCK"})
    assert by_id and RuleBook.load("meta").find(by_id[0]["value"]).rule_ids[0].startswith("META-DCK")

    await deck(w, ANA, "new", game="meta", name="Burn")
    await deck(w, ANA, "new", game="meta", name="Burn Rush Copy")  # changed last: listed first unranked
    for i in range(24):
        await w.store.create_deck(str(ANA), "metax", f"Filler {i:02}", [], 1.0 + i)
    burn = await my_deck(w, ANA, "Burn")
    show = await complete(w, ANA, "deck", {"deck": "burn"}, sub="show")
    assert show[0]["value"] == str(burn.id) and "Burn Rush Copy" in show[1]["name"]
    assert len(await complete(w, ANA, "deck", {"deck": ""}, sub="show")) == 25

    sources = await complete(w, ANA, "deck", {"source": ""}, sub="copy")
    assert len(sources) == 25  # the starter decks (Memesis' first) and 26 of Ana's decks, cut at 25
    assert sources[0]["value"] == "starter:memesis:legion-rush"
    burn_src = await complete(w, ANA, "deck", {"source": "Burn"}, sub="copy")
    assert burn_src[0]["value"] == str(burn.id)
    heroes = await complete(w, ANA, "deck", {"source": "heroes"}, sub="copy")
    assert heroes[0]["value"] == "starter:metax:heroes-rush"
    # nobody else's decks: Ben sees the starters only
    assert all(c["value"].startswith("starter:") for c in await complete(w, BEN, "deck", {"source": ""}, sub="copy"))


async def test_table_join_autocomplete_offers_only_own_legal_decks_of_the_game(world):
    """`/table join deck:` offers the user's legal decks of the table's game and the starters: not an
    illegal deck (META-DCK-01), not a MetaX deck, not another user's deck."""
    w = world
    await deck(w, ANA, "copy", source="starter:meta:burn-rush", name="Ana Burn")
    await deck(w, ANA, "copy", source="starter:meta:memory-thief", name="Ana Thief")
    await deck(w, ANA, "new", game="meta", name="Ana Half")
    await deck(w, ANA, "add", card="e001.1", count=4, deck="Ana Half")
    await deck(w, ANA, "copy", source="starter:metax:heroes-rush", name="Ana Heroes")
    await deck(w, BEN, "copy", source="starter:meta:burn-rush", name="Ben Burn")
    legal = {(await my_deck(w, ANA, n)).id for n in ("Ana Burn", "Ana Thief")}
    await open_lobby(w, BEN, "meta", seats=2)

    choices = await complete(w, ANA, "table", {"deck": ""}, sub="join")
    values = [c["value"] for c in choices]
    starters = list(get_game("meta").starter_decks())
    assert sorted(values[:2]) == sorted(f"saved:{i}" for i in legal)
    assert values[2:] == starters
    assert not any(n in c["name"] for c in choices for n in ("Ana Half", "Ana Heroes", "Ben Burn"))
    thief = await complete(w, ANA, "table", {"deck": "thief"}, sub="join")
    assert thief[0]["value"] == f"saved:{(await my_deck(w, ANA, 'Ana Thief')).id}"
    # Ben, seated at his own table: his own legal deck and the starters
    ben = [c["value"] for c in await complete(w, BEN, "table", {"deck": ""}, sub="join")]
    assert ben == [f"saved:{(await my_deck(w, BEN, 'Ben Burn')).id}", *starters]


# -- 2. import → show → export ------------------------------------------------------------------------

PASTED = """# my burn list, typed by hand
Events:
4 Spark of Ruin
4x Wasp Nest
4X Leech Tithe

3 x Hailstorm
Kindling (e018.2)
2 Kindling (e018.2)
// another comment
Meta (5)
Hush
Hush
Hush
Triggers
4 Dawn Bell
"""
PASTED_CARDS = [("e001.1", 4), ("e006.1", 4), ("e008.1", 4), ("e005.1", 3), ("e018.2", 3), ("m001.1", 3),
                ("t001.1", 4)]


async def test_paste_import_show_export_round_trip(world):
    """Pasting a list (modal): `3 Name`, `3x Name`, `Name`, repeats, blank lines, `#`/`//` comments and
    headers (`Events:`, `Meta (5)`, `Triggers`) are read; `/deck show` groups the cards by type with
    counts and says what is wrong (META-DCK-01); the export imports back to the same cards and text."""
    w = world
    reply = await paste_import(w, ANA, "meta", "Pasted Burn", PASTED)
    assert reply.ephemeral and "Imported **Pasted Burn**: 25 cards" in reply.text
    d = await my_deck(w, ANA, "Pasted Burn")
    assert d.cards == PASTED_CARDS

    show = await deck(w, ANA, "show", deck="Pasted Burn")
    text = shown(show)
    assert show.ephemeral
    assert "Event (18)" in text and "Meta (3)" in text and "Trigger (4)" in text
    assert "4× Spark of Ruin" in text and "3× Kindling (e018.2)" in text and "3× Hush" in text
    assert "META-DCK-01" in text and "25" in text and "Not legal" in text
    fields = [f["name"] for f in show.embeds[0]["fields"]]
    assert fields == ["Event (18)", "Meta (3)", "Trigger (4)"]

    export = await deck(w, ANA, "export", deck="Pasted Burn")
    msg = export.message
    assert msg.attachments and msg.attachments[0]["filename"] == "Pasted-Burn.txt"
    exported = w.fake.cdn[msg.attachments[0]["url"]].decode("utf-8")
    assert exported in export.text  # a short list is shown inline too

    # Imported again under another name: the same cards; its export differs only in the first line,
    # the comment naming the deck (comments are ignored by import, so that line cannot round-trip).
    again = await paste_import(w, ANA, "meta", "Burn Again", exported)
    assert "Imported" in again.text
    assert dict((await my_deck(w, ANA, "Burn Again")).cards) == dict(PASTED_CARDS)  # in pool order now
    export2 = await deck(w, ANA, "export", deck="Burn Again")
    text2 = w.fake.cdn[export2.message.attachments[0]["url"]].decode("utf-8")
    first, _, rest = exported.partition("\n")
    first2, _, rest2 = text2.partition("\n")
    assert rest2 == rest and first2 == first.replace("Pasted Burn", "Burn Again")
    # ... and under the same name (by another user, whose names are their own): identical text.
    await paste_import(w, BEN, "meta", "Pasted Burn", exported)
    export3 = await deck(w, BEN, "export", deck="Pasted Burn")
    assert w.fake.cdn[export3.message.attachments[0]["url"]].decode("utf-8") == exported


async def test_file_import_show_export_round_trip_metax(world):
    """An attached .txt imports (MetaX); a legal deck shows as legal with its types; the exported file,
    attached again, imports to the same cards and exports to the same text after the name line."""
    w = world
    counts = starter_counts("metax", METAX_STARTER)
    body = "# Heroes\nCharacters:\n" + as_list("metax", counts)
    reply = await file_import(w, ANA, "metax", "Heroes", body.encode("utf-8"))
    assert "Imported **Heroes**: 40 cards" in reply.text, reply.text
    assert "Legal" in reply.text
    d = await my_deck(w, ANA, "Heroes")
    assert Counter(d.card_list()) == Counter(get_game("metax").starter_decks()[METAX_STARTER])

    text = shown(await deck(w, ANA, "show"))
    assert "Legal" in text and "40 cards" in text
    assert "Character (" in text and "Event (" in text and "Battle (" in text
    assert "3× Robin Hood — Outlaw of Sherwood" in text

    export = await deck(w, ANA, "export")
    data = w.fake.cdn[export.message.attachments[0]["url"]]
    back = await file_import(w, ANA, "metax", "Heroes II", data, filename="Heroes.txt")
    assert "Imported" in back.text
    assert dict((await my_deck(w, ANA, "Heroes II")).cards) == dict(d.cards)
    again = await deck(w, ANA, "export", deck="Heroes II")
    text2 = w.fake.cdn[again.message.attachments[0]["url"]].decode("utf-8")
    assert text2.partition("\n")[2] == data.decode("utf-8").partition("\n")[2]


# -- 3. every deck rule reported by /deck show -----------------------------------------------------------


async def test_show_reports_each_meta_deck_rule(world):
    """META-DCK-01 (60 cards), META-DCK-02 (copies per base id, all versions together: Kindling e018.1
    ×2 and e018.2 ×2 is 4, above e018.2's 3), META-DCK-03 (three `*` cards), META-DCK-05 (an id no
    longer in the pool, written straight into the store): each named by ID in `/deck show`."""
    w = world
    legal = starter_counts("meta", META_STARTER)
    assert not (await deck(w, ANA, "copy", source="starter:meta:burn-rush", name="Fine")).text.count("META-")
    assert "Legal" in shown(await deck(w, ANA, "show", deck="Fine"))

    short = await paste_import(w, ANA, "meta", "Short", as_list("meta", legal[1:]))
    text = shown(short)
    assert "META-DCK-01" in text and "56" in text
    assert not any(r in text for r in ("META-DCK-02", "META-DCK-03", "META-DCK-05"))

    # 60 cards with Kindling mixed: swap 3 of e018.2 for 2 + 2 of both versions, drop one Spark of Ruin
    mixed = [(c, n) for c, n in legal if c not in ("e018.2", "e001.1")] + [("e001.1", 3), ("e018.1", 2),
                                                                           ("e018.2", 2)]
    assert sum(n for _, n in mixed) == 60
    text = shown(await paste_import(w, ANA, "meta", "Mixed Kindling", as_list("meta", mixed)))
    assert "META-DCK-02" in text and "Kindling" in text and "e018" in text and "allows 3" in text
    assert "META-DCK-01" not in text

    # three cards of uniqueness *: Hydra's Bargain, Phoenix Feather, Gordian Cut
    stars = [(c, n) for c, n in legal if c not in ("e014.1", "e001.1")] + [("e001.1", 2), ("e014.1", 1),
                                                                           ("e020.1", 1), ("m013.1", 1)]
    assert sum(n for _, n in stars) == 60
    text = shown(await paste_import(w, ANA, "meta", "Stars", as_list("meta", stars)))
    assert "META-DCK-03" in text and "3 cards of uniqueness *" in text
    assert all(t in text for t in ("Hydra's Bargain", "Phoenix Feather", "Gordian Cut"))  # the cards at fault
    assert "META-DCK-01" not in text and "META-DCK-02" not in text

    fine = await my_deck(w, ANA, "Fine")
    retired = [(c, n) for c, n in fine.cards if c != "e001.1"] + [("e099.9", 4)]
    await w.store.update_deck(str(ANA), fine.id, 5.0, cards=retired)
    text = shown(await deck(w, ANA, "show", deck="Fine"))
    assert "META-DCK-05" in text and "e099.9" in text and "Unknown (4)" in text
    assert "META-DCK-01" not in text


async def test_show_reports_each_metax_deck_rule(world):
    """MX-DCK-01 (exactly 40), MX-DCK-02 (≤3 of a Character), MX-DCK-03 (≤3 of an Event), MX-DCK-04 (≤3
    single-Stat Battle cards per Stat and Rank), MX-DCK-05 (≤3 multi-Stat Battle cards per Rank): each
    reported by ID in `/deck show`, naming the cards at fault."""
    w = world
    legal = starter_counts("metax", METAX_STARTER)

    def varied(drop: dict[str, int], add: list[tuple[str, int]]) -> str:
        counts = [(c, n - drop.get(c, 0)) for c, n in legal]
        counts = [(c, n) for c, n in counts if n > 0] + add
        assert sum(n for _, n in counts) == 40
        return as_list("metax", counts)

    counts = [(c, n) for c, n in legal if c != "hercules"] + [("hercules", 1)]
    text = shown(await paste_import(w, ANA, "metax", "Thirty-nine", as_list("metax", counts)))
    assert "MX-DCK-01" in text and "39" in text

    cases = {
        "MX-DCK-02": (varied({"hercules": 1}, [("beowulf", 1)]), ["Beowulf"]),
        "MX-DCK-03": (varied({"ev-golden-fleece": 2}, [("ev-excaliburs-call", 2)]), ["Excalibur's Call"]),
        "MX-DCK-04": (varied({"b-spe-2": 2}, [("b-fishermans-net", 1), ("b-locked-shields", 1)]),
                      ["Iron Knuckles", "Fisherman's Net", "Locked Shields"]),
        "MX-DCK-05": (varied({"b-spe-2": 2}, [("b-legends-rally", 1), ("b-moonlit-ruse", 1)]),
                      ["Feint and Thrust", "Legends Rally", "Moonlit Ruse"]),
    }
    for rule, (listing, names) in cases.items():
        text = shown(await paste_import(w, ANA, "metax", rule, listing))
        reported = sorted({r for r in ("MX-DCK-01", "MX-DCK-02", "MX-DCK-03", "MX-DCK-04", "MX-DCK-05")
                           if r in text})
        assert reported == [rule], (rule, text)
        for name in names:
            assert name in text, (rule, name, text)


# -- 4. built from nothing, brought to a table ----------------------------------------------------------


async def build_from_nothing(w, user: int, game: str, sid: str, name: str) -> list[tuple[str, int]]:
    """`/deck new`, then `/deck add card:<id> count:<n>` for each card of a starter deck."""
    counts = starter_counts(game, sid)
    reply = await deck(w, user, "new", game=game, name=name)
    assert reply.ephemeral and f"**{name}** (empty)" in reply.text
    first, n = counts[0]
    offered = await complete(w, user, "deck", {"card": get_game(game).card_catalog().get(first).name}, sub="add")
    assert offered[0]["value"] == first  # what autocomplete sends is the id
    for i, (cid, n) in enumerate(counts):
        reply = await deck(w, user, "add", card=cid, count=n)
        assert f"Added {n}×" in reply.text and f"**{name}**" in reply.text, reply.text
        assert ("legal ✅" in reply.text) == (i == len(counts) - 1)
    assert "Legal" in shown(await deck(w, user, "show", deck=name))
    return counts


async def bring_saved_deck(w, user: int, t, name: str) -> str:
    """`/table join deck:<value offered by autocomplete>` for the user's deck ``name``."""
    choices = await complete(w, user, "table", {"deck": name}, sub="join")
    value = choices[0]["value"]
    assert value.startswith("saved:") and name in choices[0]["name"]
    reply = await run(w, user, "table", {"deck": value}, sub="join")
    assert reply.ephemeral and name in reply.text, reply.text
    return value


async def test_decks_built_from_nothing_reach_tables_and_later_edits_do_not(world):
    """A legal Meta deck and a legal MetaX deck built only with `/deck new` and `/deck add` (META-DCK-01,
    MX-DCK-01: legal once complete) are what the seats play with; `/deck add`, `/deck remove` and
    `/deck delete` afterwards change neither the seat's deck nor the game's cards."""
    w = world
    meta = await build_from_nothing(w, ANA, "meta", META_STARTER, "My Burn")
    metax = await build_from_nothing(w, ANA, "metax", METAX_STARTER, "My Heroes")

    # Meta: Ana opens the table (she is seat 1 with a starter), Ben joins by the lobby button, Ana brings
    # her deck with /table join, and starts.
    t, lobby = await open_lobby(w, ANA, "meta", seats=2)
    await w.fake.click(BEN, lobby, f"mh:l:{t.id}:join")
    await bring_saved_deck(w, ANA, t, "My Burn")
    assert "deck My Burn" in w.fake.text_of(w.fake.messages[lobby.id])
    start = await run(w, ANA, "table", {"table": t.id}, sub="start")
    assert t.status == "playing", start.text

    # MetaX: a computer added by the lobby button fills the second seat.
    tx, lobby_x = await open_lobby(w, ANA, "metax")
    await w.fake.click(ANA, lobby_x, f"mh:l:{tx.id}:computer")
    await bring_saved_deck(w, ANA, tx, "My Heroes")
    await run(w, ANA, "table", {"table": tx.id}, sub="start")
    assert tx.status == "playing"

    games = [(t, meta, "My Burn", "e001.1"), (tx, metax, "My Heroes", "hercules")]
    before = {}
    for table, counts, name, _ in games:
        seat = table.seat_of(str(ANA))
        built = sorted(cid for cid, n in counts for _ in range(n))
        assert seat.deck_name == name and sorted(seat.deck) == built
        assert seat_cards_in_game(table, seat.seat) == built
        before[table.id] = (list(seat.deck), list(table.state.cards), list(table.state.owner))

    for _table, _, name, card in games:
        await deck(w, ANA, "add", card=card, count=1, deck=name)
        await deck(w, ANA, "remove", card=card, deck=name)
        assert card not in dict((await my_deck(w, ANA, name)).cards)
        reply = await deck(w, ANA, "delete", deck=name)
        assert "Deleted" in reply.text
    assert await w.store.decks_of(str(ANA)) == []
    for table, _, name, _ in games:
        seat = table.seat_of(str(ANA))
        assert (seat.deck, table.state.cards, table.state.owner) == before[table.id]
        assert seat.deck_name == name


async def test_illegal_deck_refused_at_join_and_at_start(world):
    """`/table join` refuses an illegal saved deck with its rule IDs (META-DCK-01, META-DCK-02), by value
    or by name; a deck made illegal in the lobby after joining makes `/table start` refuse, naming the
    seat and the rule (META-DCK-01)."""
    w = world
    legal = starter_counts("meta", META_STARTER)
    bad = [(c, n) for c, n in legal if c != "e001.1"] + [("e002.1", 5)]  # 61 cards, 5 Mending Rain
    await paste_import(w, ANA, "meta", "Too Many", as_list("meta", bad))
    await deck(w, ANA, "copy", source="Burn Rush", name="Good Burn")
    too_many = await my_deck(w, ANA, "Too Many")
    t, lobby = await open_lobby(w, BEN, "meta", seats=2)

    for ref in (f"saved:{too_many.id}", "Too Many"):
        reply = await run(w, ANA, "table", {"deck": ref}, sub="join")
        assert reply.ephemeral and "META-DCK-01" in reply.text and "META-DCK-02" in reply.text, reply.text
        assert "Mending Rain" in reply.text
        assert t.seat_of(str(ANA)) is None
    # the MetaX deck of the same user is not a Meta deck
    await deck(w, ANA, "copy", source="starter:metax:heroes-rush", name="Heroes")
    reply = await run(w, ANA, "table", {"deck": "Heroes"}, sub="join")
    assert "no Meta deck named 'Heroes'" in reply.text and t.seat_of(str(ANA)) is None

    reply = await run(w, ANA, "table", {"deck": "Good Burn"}, sub="join")
    assert "took seat 2" in reply.text and t.seat_of(str(ANA)).deck_name == "Good Burn"
    await deck(w, ANA, "remove", card="Spark of Ruin", count=1, deck="Good Burn")
    reply = await run(w, BEN, "table", {}, sub="start")
    assert t.status == "lobby"
    assert "Seat 2" in reply.text and "user101" in reply.text and "META-DCK-01" in reply.text, reply.text
    await deck(w, ANA, "add", card="Spark of Ruin", count=1, deck="Good Burn")
    await run(w, BEN, "table", {}, sub="start")
    assert t.status == "playing"


# -- 5. the lobby's deck select ---------------------------------------------------------------------------


async def test_lobby_join_button_offers_a_deck_select(world):
    """Join on the lobby sends the joiner an ephemeral select of their legal decks and the starters;
    picking a saved deck changes the seat's deck and the lobby shows its name."""
    w = world
    await deck(w, ANA, "copy", source="starter:meta:stack-control", name="Control Freak")
    await deck(w, ANA, "new", game="meta", name="Unfinished")
    mine = await my_deck(w, ANA, "Control Freak")
    t, lobby = await open_lobby(w, BEN, "meta", seats=2)

    joined = await w.fake.click(ANA, lobby, f"mh:l:{t.id}:join")
    await w.settle()
    check_limits(w, joined)
    offer = joined.followups[0]
    assert offer.ephemeral and offer.visible_to == ANA
    select = next(c for c in w.fake.components(offer) if c["custom_id"] == f"mh:k:{t.id}")
    values = [o["value"] for o in select["options"]]
    assert values == [f"saved:{mine.id}", *get_game("meta").starter_decks()]
    assert t.seat_of(str(ANA)).deck_name is None

    picked = await w.fake.click(ANA, offer, f"mh:k:{t.id}", [f"saved:{mine.id}"], component_type=3)
    await w.settle()
    assert "Control Freak" in picked.text
    seat = t.seat_of(str(ANA))
    assert seat.deck_id == f"saved:{mine.id}" and seat.deck_name == "Control Freak"
    assert sorted(seat.deck) == sorted(mine.card_list())
    assert "deck Control Freak" in w.fake.text_of(w.fake.messages[lobby.id])

    # back to a starter deck through the same select (a fresh one from the lobby is not needed)
    again = await w.fake.click(ANA, offer, f"mh:k:{t.id}", ["trap-weaver"], component_type=3, force=True)
    await w.settle()
    # the reply names the starter deck as players read it, not by its id
    title = get_game("meta").starter_names()["trap-weaver"]
    assert title != "trap-weaver" and f"You bring **{title}**" in again.text
    assert seat.deck_id == "trap-weaver" and seat.deck_name is None
    assert sorted(seat.deck) == sorted(get_game("meta").starter_decks()["trap-weaver"])


# -- 6. bad input: a message, and nothing changed ------------------------------------------------------


async def test_bad_input_gets_its_message_and_changes_nothing(world):
    """Each refused request answers with what was wrong and leaves the decks table as it was: lists over
    10 KB or 300 lines (file and paste), counts of 0 and above the deck size (61 for Meta, META-DCK-01;
    41 for MetaX, MX-DCK-01), unknown cards (line number and closest names), names over 64 characters
    or already used (any case), Meta Olympia; a list with bad lines among good ones saves nothing and
    names every bad line."""
    w = world
    await deck(w, ANA, "new", game="meta", name="Alpha")
    await deck(w, ANA, "new", game="metax", name="Xeno")
    await deck(w, ANA, "add", card="Spark of Ruin", count=2, deck="Alpha")
    start = await rows(w)

    async def refused(reply: Reply, *expected: str) -> None:
        assert reply.ephemeral, reply.text
        for text in expected:
            assert text in reply.text, (text, reply.text)
        assert "Imported" not in reply.text and "Added" not in reply.text
        assert await rows(w) == start

    long_name = "N" * 65
    # sizes
    await refused(await file_import(w, ANA, "meta", "Big", b"# x\n" * 2600), "at most 10 KB")
    await refused(await paste_import(w, ANA, "meta", "Big", "€" * 3600 + "\nSpark of Ruin"), "at most 10 KB",
                  "300 lines", "Nothing was saved")
    await refused(await file_import(w, ANA, "meta", "Long", b"# x\n" * 300 + b"Spark of Ruin\n"), "300 lines",
                  "301 lines")
    await refused(await paste_import(w, ANA, "metax", "Long", "#\n" * 301), "300 lines")
    # counts
    await refused(await deck(w, ANA, "add", card="Spark of Ruin", count=0, deck="Alpha"), "from 1 to 60, not 0")
    await refused(await deck(w, ANA, "add", card="Spark of Ruin", count=61, deck="Alpha"), "from 1 to 60, not 61")
    await refused(await deck(w, ANA, "add", card="Spark of Ruin", count=59, deck="Alpha"), "61 copies",
                  "at most 60")
    await refused(await deck(w, ANA, "add", card="Shove", count=41, deck="Xeno"), "from 1 to 40, not 41")
    await refused(await deck(w, ANA, "remove", card="Spark of Ruin", count=0, deck="Alpha"), "at least 1")
    await refused(await paste_import(w, ANA, "meta", "Zero", "4 Spark of Ruin\n0 Hush\n"), "line 2",
                  "from 1 to 60, not 0")
    await refused(await paste_import(w, ANA, "meta", "Many", "61 Spark of Ruin\n"), "line 1",
                  "from 1 to 60, not 61")
    await refused(await file_import(w, ANA, "metax", "Many", b"Characters:\n41 Shove\n"), "line 2",
                  "from 1 to 40, not 41")
    await refused(await paste_import(w, ANA, "metax", "Repeat", "30 Shove\n\n11x Shove\n"), "line 3",
                  "41 copies of Shove")
    # unknown cards
    await refused(await deck(w, ANA, "add", card="Sprak of Ruin", deck="Alpha"),
                  "No Meta card is named 'Sprak of Ruin'", "Closest: Spark of Ruin")
    await refused(await paste_import(w, ANA, "meta", "Typo", "4 Spark of Ruin\n# fine\n3 Wasp Nets\n"),
                  "line 3", "'Wasp Nets'", "Closest: Wasp Nest")
    await refused(await paste_import(w, ANA, "meta", "Vague", "3 Kindling\n"), "line 1",
                  "Kindling (e018.1)", "Kindling (e018.2)")
    # names
    await refused(await deck(w, ANA, "new", game="meta", name=long_name), "at most 64 characters")
    await refused(await deck(w, ANA, "import", game="meta", name=long_name), "at most 64 characters")
    await refused(await file_import(w, ANA, "meta", long_name, b"4 Spark of Ruin\n"), "at most 64 characters")
    await refused(await deck(w, ANA, "rename", deck="Alpha", name=long_name), "at most 64 characters")
    await refused(await deck(w, ANA, "copy", source="Burn Rush", name=long_name), "at most 64 characters")
    await refused(await deck(w, ANA, "new", game="meta", name="ALPHA"), "already have a Meta deck named 'Alpha'")
    await refused(await deck(w, ANA, "import", game="meta", name="alpha"), "already have a Meta deck")
    await refused(await file_import(w, ANA, "meta", "aLpHa", b"4 Spark of Ruin\n"), "already have a Meta deck")
    await refused(await deck(w, ANA, "copy", source="Burn Rush", name="alpha "), "already have a Meta deck")
    await deck(w, ANA, "new", game="meta", name="Beta")
    start = await rows(w)
    await refused(await deck(w, ANA, "rename", deck="Beta", name="alpha"), "already have a Meta deck")
    # Meta Olympia has no personal decks
    for reply in (await deck(w, ANA, "new", game="metaolympia", name="Team"),
                  await deck(w, ANA, "import", game="metaolympia", name="Team"),
                  await file_import(w, ANA, "metaolympia", "Team", b"Zeus\n")):
        await refused(reply, "Meta Olympia has no personal decks")
        assert reply.modal is None
    # one list, three bad lines among good ones: nothing saved, each bad line named
    mixed = "4 Spark of Ruin\n3 Hush\n0 Wasp Nest\n2 Dawn Bell\nHushh\n3 Leech Tithe\n99 Hailstorm\n"
    reply = await paste_import(w, ANA, "meta", "Mixed", mixed)
    await refused(reply, "nothing was saved", "line 3:", "line 5:", "line 7:", "Closest: Hush")
    assert "line 1:" not in reply.text and "line 2:" not in reply.text and "line 4:" not in reply.text
    assert "line 6:" not in reply.text


# -- 7. ownership ------------------------------------------------------------------------------------------


async def test_nobody_reaches_another_users_deck(world):
    """Ben cannot show, add to, remove from, rename, delete, export, copy or bring Ana's deck, by its id
    number or by its name: each is refused and nothing changes (his own decks are all he can name)."""
    w = world
    await deck(w, ANA, "copy", source="starter:meta:burn-rush", name="Secret Burn")
    await deck(w, BEN, "new", game="meta", name="Ben's Own")
    secret = await my_deck(w, ANA, "Secret Burn")
    start = await rows(w)
    t, lobby = await open_lobby(w, ANA, "meta", seats=2)

    for ref in (str(secret.id), "Secret Burn", "secret burn"):
        for sub, options in (("show", {}), ("add", {"card": "Hush"}), ("remove", {"card": "Spark of Ruin"}),
                             ("rename", {"name": "Mine Now"}), ("delete", {}), ("export", {})):
            reply = await deck(w, BEN, sub, deck=ref, **options)
            assert reply.ephemeral and "You have no deck named" in reply.text, (sub, ref, reply.text)
            assert "Spark of Ruin" not in reply.text and not reply.message.attachments
        reply = await deck(w, BEN, "copy", source=ref, name="Stolen")
        assert "You have no deck named" in reply.text, reply.text
        assert await rows(w) == start
    assert [c["value"] for c in await complete(w, BEN, "deck", {"deck": ""}, sub="show")] == \
        [str((await my_deck(w, BEN, "Ben's Own")).id)]

    for ref in (f"saved:{secret.id}", "Secret Burn"):
        reply = await run(w, BEN, "table", {"deck": ref}, sub="join")
        assert reply.ephemeral and ("no saved Meta deck" in reply.text or "no Meta deck named" in reply.text)
        assert t.seat_of(str(BEN)) is None
    # seated by the Join button, a crafted select value naming Ana's deck is refused too
    await w.fake.click(BEN, lobby, f"mh:l:{t.id}:join")
    await w.settle()
    seat = t.seat_of(str(BEN))
    before = (seat.deck_id, list(seat.deck))
    offer = [m for m in w.fake.messages.values() if m.visible_to == BEN and "Bring another deck" in m.content][-1]
    crafted = await w.fake.click(BEN, offer, f"mh:k:{t.id}", [f"saved:{secret.id}"], component_type=3, force=True)
    await w.settle()
    assert "no saved Meta deck" in crafted.text and (seat.deck_id, seat.deck) == before
    assert seat.deck_name is None and await rows(w) == start


# -- 8. /card and /rules ------------------------------------------------------------------------------------


async def test_card_shows_everything_on_the_card(world):
    """`/card` shows a Meta card's and a MetaX card's name, type, fields, text and copy limit (with its rule
    ID, META-DCK-02 / MX-DCK-02); an unknown name gets the closest names; `share` posts it publicly."""
    w = world
    reply = await run(w, ANA, "card", {"game": "meta", "name": "e018.2"})
    assert reply.ephemeral
    e = reply.embeds[0]
    card = get_game("meta").card_catalog().get("e018.2")
    assert e["title"] == "Kindling" and card.text.splitlines()[0] in e["description"]
    fields = {f["name"]: f["value"] for f in e["fields"]}
    assert fields["Type"] == "Event" and fields["Uniqueness"] == "3"
    assert all(fields[label] == value for label, value in card.fields)
    # The rule a player can follow (a pointer, and no card id in the footer any more).
    assert "see /rules META-DCK-02" in fields["Deck limit"] and "e018.2" not in e["footer"]["text"]

    hero = await run(w, ANA, "card", {"game": "metax", "name": "hercules — son of thunder", "share": True})
    assert not hero.ephemeral
    e = hero.embeds[0]
    fields = {f["name"]: f["value"] for f in e["fields"]}
    assert e["title"] == "Hercules — Son of Thunder" and "No effect." in e["description"]
    assert "Twelve labours" in e["description"]  # the flavour text
    assert fields["Type"] == "Character" and fields["Stats"] == "STR 7 · SPE 3" and fields["MP"] == "+1"
    assert fields["Trait"] == "Hero" and "MX-DCK-02" in fields["Deck limit"]

    # A typo close to one name finds it; one close to several names asks which.
    typo = await run(w, ANA, "card", {"game": "metax", "name": "Herkules"})
    assert typo.embeds and typo.embeds[0]["title"] == "Hercules — Son of Thunder"
    unknown = await run(w, ANA, "card", {"game": "metax", "name": "Herak"})
    assert unknown.ephemeral and not unknown.embeds
    assert "No MetaX card is named exactly 'Herak'" in unknown.text and "Did you mean" in unknown.text
    assert "Hercules — Son of Thunder" in unknown.text
    vague = await run(w, ANA, "card", {"game": "meta", "name": "Kindling"})
    assert "Kindling (e018.1)" in vague.text and "Kindling (e018.2)" in vague.text
    olympia = await run(w, ANA, "card", {"game": "metaolympia", "name": "Zeus"})  # no such athlete
    assert olympia.ephemeral and not olympia.embeds and "No Meta Olympia card is named 'Zeus'" in olympia.text


async def test_rules_marks_the_rule_and_splits_long_sections(world):
    """`/rules` for a rule ID (MX-DCK-03) gives its section with the ID marked; the longest section of all
    the checklists comes in several messages, each description within 4096 characters, holding every
    rule ID of the section once and in order."""
    w = world
    reply = await run(w, ANA, "rules", {"game": "metax", "topic": "mx-dck-03"})
    assert reply.ephemeral and len(reply.messages) == 1
    desc = reply.embeds[0]["description"]
    assert "▶ **MX-DCK-03**" in desc and "**MX-DCK-01**" in desc and "▶ **MX-DCK-01**" not in desc
    assert "Deck construction" in reply.embeds[0]["title"]

    books = [RuleBook.load(g) for g in ("meta", "metazoo", "metax", "memesis", "metaolympia")]
    game, section = max(((b.game, s) for b in books for s in b.sections),
                        key=lambda gs: len("\n".join(pages(gs[1], 10**9))))
    expected = pages(section, render.DESC_MAX)
    assert len(expected) > 1, "no checklist section is long enough to need two messages"
    reply = await run(w, ANA, "rules", {"game": game, "topic": section.heading})
    descriptions = [e["description"] for m in reply.messages for e in m.embeds]
    assert len(descriptions) == len(expected)
    assert all(len(d) <= 4096 for d in descriptions)
    assert [m.embeds[0]["footer"]["text"].split(" · ")[0] for m in reply.messages] == \
        [f"part {i} of {len(expected)}" for i in range(1, len(expected) + 1)]
    text = "\n".join(descriptions)
    positions = [text.find(f"**{rid}**") for rid in section.rule_ids]
    assert all(p >= 0 for p in positions) and positions == sorted(positions)
    assert all(text.count(f"**{rid}**") == 1 for rid in section.rule_ids)

    missing = await run(w, ANA, "rules", {"game": "meta", "topic": "zzzz qqqq"})
    assert missing.ephemeral and "closest" in missing.text


async def test_the_worst_decks_still_fit_discord(world):
    """A saved deck can be far from legal (up to 300 cards): for the longest card names, every card over
    its limit (META-DCK-02, MX-DCK-02..05) and too many cards (META-DCK-01, MX-DCK-01), `/deck show`,
    `/deck list`, `/deck export` and the refusal at `/table join` stay within Discord's message and embed
    limits (checked on every reply by :func:`run`)."""
    w = world
    for game, copies in (("meta", 5), ("metax", 4)):
        longest = sorted(get_game(game).card_catalog(), key=lambda c: -len(c.label))
        cards = [(c.id, copies) for c in longest][: 300 // copies]
        name = f"Everything Wrong {game} " + "x" * 40
        reply = await file_import(w, ANA, game, name, as_list(game, cards).encode("utf-8"))
        assert "Imported" in reply.text, reply.text
        show = await deck(w, ANA, "show", deck=name)
        first = "META-DCK-01" if game == "meta" else "MX-DCK-01"
        assert first in shown(show) and "300 cards" in shown(show)
        await deck(w, ANA, "export", deck=name)
        t, _ = await open_lobby(w, BEN, game)
        join = await run(w, ANA, "table", {"deck": name, "table": t.id}, sub="join")
        assert first in join.text and t.seat_of(str(ANA)) is None
    await deck(w, ANA, "list")


async def test_metazoo_deck_replies_give_the_spellbook_range_in_pages(world):
    """MZ-BOOK-01/02: a MetaZoo Spellbook holds 40 to ``spellbook_max`` Pages, so `/deck add`, `/deck list`
    and `/deck show` give its size as "N Pages (40–max)", never "N/40 cards"; a Basic Aura line may name 45
    copies (no Spellbook Limit). Meta keeps its exact "N/60 cards"."""
    w = world
    top = get_game("metazoo").spellbook_max
    await deck(w, ANA, "new", game="metazoo", name="Auras")
    added = await deck(w, ANA, "add", card="Neutral Aura", count=45)
    assert f"45 Pages (40–{top})" in added.text and "/40" not in added.text, added.text
    assert f"45 Pages (40–{top})" in shown(await deck(w, ANA, "show", deck="Auras"))
    await deck(w, ANA, "new", game="meta", name="Burn")
    await deck(w, ANA, "add", card=get_game("meta").card_catalog().get(starter_counts("meta", META_STARTER)[0][0])
               .label, count=2)
    listed = (await deck(w, ANA, "list")).text
    assert f"45 Pages (40–{top})" in listed and "2/60 cards" in listed, listed

"""The rules lookup behind ``/rules`` and ``metahost rules``: parsing the checklists in ``data/rules``,
topics, find and Discord-sized pages."""

from __future__ import annotations

import re

import pytest

from bot.rulebook import GAPS_BUILT, GAPS_OPEN, RULE_GAMES, Rule, RuleBook, pages, split_host
from games import GAME_MODULES
from games.core.carddata import data_dir

BOLD_ID = re.compile(r"^- \*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\*\*", re.MULTILINE)
GAP_ID = re.compile(r"^- `([A-Z][A-Z0-9]*-GAP-\d+)`", re.MULTILINE)
ANY_ID = re.compile(r"\*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\*\*")


def checklist(game: str) -> str:
    return (data_dir("rules") / f"{game}.md").read_text(encoding="utf-8")


@pytest.fixture
def mx() -> RuleBook:
    return RuleBook.load("metax")


# -- loading ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(RULE_GAMES))
def test_every_checklist_loads(game):
    book = RuleBook.load(game)
    assert book.game == game
    assert book.name == RULE_GAMES[game]
    assert len(book.sections) >= 10
    assert book.sections[0].number == "1"
    # The gaps part is titled for players: decided in a built game, open otherwise.
    assert book.sections[-1].title == (GAPS_BUILT if game in GAME_MODULES else GAPS_OPEN)
    assert all(section.rules for section in book.sections)
    assert RuleBook.load(game) is book  # cached


@pytest.mark.parametrize("game", list(RULE_GAMES))
def test_every_bold_rule_id_is_in_exactly_one_section(game):
    text = checklist(game)
    bold = BOLD_ID.findall(text)
    gaps = GAP_ID.findall(text)
    assert len(bold) > 50 and len(gaps) > 5
    book = RuleBook.load(game)
    for rule_id in bold + gaps:
        holders = [s.heading for s in book.sections if rule_id in s.rule_ids]
        assert len(holders) == 1, (rule_id, holders)
    assert sum(len(s.rules) for s in book.sections) == len(bold) + len(gaps)
    gap_section = book.sections[-1]
    assert gap_section.number == ""
    assert list(gap_section.rule_ids) == gaps


@pytest.mark.parametrize("game", list(RULE_GAMES))
def test_rule_texts_have_no_markup_left_from_the_id(game):
    for section in RuleBook.load(game).sections:
        for rule in section.rules:
            assert rule.text and not rule.text.startswith(("**", "`", "-"))
            assert rule.id not in rule.text.split()[:1]


def test_subsections_and_headings():
    meta = RuleBook.load("meta")
    headings = [s.heading for s in meta.sections]
    assert "9. Decks and collections" in headings
    assert headings[headings.index("9. Decks and collections") + 1:][:3] == [
        "10. Card types — Event", "10. Card types — Meta", "10. Card types — Trigger"]
    # The parent "## 10. Card types" holds nothing of its own.
    assert "10. Card types" not in headings
    event = meta.find("10. Card types — Event")
    assert event.number == "10" and event.title == "Card types — Event"
    assert all(r.id.startswith("META-EVT-") for r in event.rules)


def test_unknown_game_is_a_readable_key_error():
    with pytest.raises(KeyError, match="no rules for a game called 'chess'.*metaolympia"):
        RuleBook.load("chess")


def test_data_folder_comes_from_metahost_data_and_bullets_may_continue(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "metax.md").write_text(
        "# MetaX — rules checklist\n\nPreamble naming `MX-GAP-NN`.\n\n"
        "## 1. Winning\n\nAn intro line.\n\n"
        "- **MX-WIN-01** First line\n  continues here.\n"
        "- **MX-WIN-02** Second.\n\n"
        "Later:\n\n"
        "- **MX-WIN-03** Third.\n\n"
        "## Gaps the source leaves open\n\n- `MX-GAP-01` A gap.\n",
        encoding="utf-8")
    monkeypatch.setenv("METAHOST_DATA", str(tmp_path))
    book = RuleBook.load("metax")
    assert book.source == tmp_path / "rules" / "metax.md"
    win, gaps = book.sections
    assert win.heading == "1. Winning" and win.intro == "An intro line."
    assert win.rules[0] == Rule("MX-WIN-01", "First line continues here.")
    assert win.labels == ((2, "Later:"),)
    # No rulings file there: the gap is shown as not decided, never as the checklist's question.
    assert gaps.heading == GAPS_BUILT and gaps.rule_ids == ("MX-GAP-01",)
    assert gaps.rules[0].text == "Not decided yet." and "A gap." not in "\n".join(pages(gaps))
    text = "\n".join(pages(win))
    assert text.index("Later:") < text.index("**MX-WIN-03**")
    assert text.index("**MX-WIN-02**") < text.index("Later:")


# -- rule, find and topics --------------------------------------------------------------------------


def test_rule_by_id(mx):
    rule = mx.rule("MX-KO-03")
    assert rule is not None and rule.id == "MX-KO-03" and "Rank" in rule.text
    assert mx.rule("mx ko 03") == rule
    assert mx.rule("MX-KO-99") is None


@pytest.mark.parametrize("topic", ["MX-KO-03", "mx ko 03", "mx_ko_03"])
def test_find_a_rule_id_gives_its_section(mx, topic):
    section = mx.find(topic)
    assert "MX-KO-03" in section.rule_ids
    assert section.heading == "14. Knock-outs"


def test_find_a_heading_a_number_and_a_near_miss(mx):
    assert mx.find("13. Damage").heading == "13. Damage"
    assert mx.find("9").heading == "9. Set-up and mulligan"
    assert mx.find("9.").heading == "9. Set-up and mulligan"
    assert mx.find("deck constrution").heading == "7. Deck construction"
    assert mx.find(GAPS_BUILT).rule_ids[0] == "MX-GAP-01"
    assert mx.find("gaps").rule_ids[0] == "MX-GAP-01"
    meta = RuleBook.load("meta")
    assert meta.find("meta").heading == "10. Card types — Meta"


def test_find_unknown_topic_names_closest_headings(mx):
    headings = {s.heading for s in mx.sections}
    with pytest.raises(LookupError) as info:
        mx.find("zzqqxx")
    message = str(info.value)
    assert "MetaX" in message and "'zzqqxx'" in message and "closest:" in message
    named = message.split("closest: ", 1)[1].split(", ")
    assert 1 <= len(named) <= 3
    assert set(named) <= headings


def test_topics_empty_lists_sections_in_order_at_most_25():
    for game in RULE_GAMES:
        book = RuleBook.load(game)
        listed = book.topics("")
        assert listed == book.sections[:25]
    assert len(RuleBook.load("metazoo").sections) > 25  # so the limit is really exercised
    assert len(RuleBook.load("metax").topics("", limit=3)) == 3


def test_topics_of_an_id_prefix(mx):
    assert [s.heading for s in mx.topics("MX-KO")] == ["14. Knock-outs"]
    assert [s.heading for s in mx.topics("mx ko 03")] == ["14. Knock-outs"]
    zoo = RuleBook.load("metazoo")
    status = zoo.topics("MZ-S")
    expected = [s for s in zoo.sections if any(r.id.startswith("MZ-S") for r in s.rules)]
    assert status == expected and len(status) >= 3
    # A bare game prefix is a word, not an ID prefix.
    assert RuleBook.load("meta").topics("meta")[0].heading == "10. Card types — Meta"


def test_topics_rank_headings_then_add_rule_texts(mx):
    found = mx.topics("damage")
    assert found[0].heading == "13. Damage"
    assert len(found) > 1
    for section in found[1:]:
        assert any("damage" in r.text.lower() for r in section.rules)
    # Order of the text matches follows the document.
    later = [mx.sections.index(s) for s in found[1:]]
    assert later == sorted(later)
    assert len(mx.topics("damage", limit=2)) == 2
    assert mx.topics("zzqqxx") == []


def test_topics_find_words_in_captions_and_rule_texts():
    zoo = RuleBook.load("metazoo")
    assert zoo.topics("frozen")[0].heading == "15. Status effects"
    both = zoo.topics("burrow regen")
    # a section's text is its rules and their rulings (the bot's rulings on the gaps say most of it)
    assert both and all(
        "burrow" in " ".join(f"{r.text} {r.ruling}".lower() for r in s.rules)
        and "regen" in " ".join(f"{r.text} {r.ruling}".lower() for r in s.rules)
        for s in both)


# -- pages ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(RULE_GAMES))
def test_pages_fit_discord_and_keep_every_rule_in_order(game):
    for section in RuleBook.load(game).sections:
        out = pages(section, 4000)
        assert out and all(len(p) <= 4000 for p in out)
        assert out[0].startswith(f"**{section.heading}**")
        joined = "\n".join(out)
        assert ANY_ID.findall(joined) == list(section.rule_ids)
        assert f"{game}.md" not in joined
        # Pages break only between rules: every later page starts with a rule line or its caption.
        captions = {text for _, text in section.labels}
        for page in out[1:]:
            first = page.split("\n", 1)[0]
            assert first in captions or re.match(r"\*\*[A-Z]+-[A-Z0-9]+-\d+\*\* ", first), first


def test_a_long_section_splits_into_small_pages():
    # Found by heading, not by a MetaZoo rule ID: an ID here would count as a MetaZoo rule kept (the
    # coverage tool reads test files), and MetaZoo is not built yet.
    section = RuleBook.load("metazoo").find("Status effects")
    out = pages(section, 300)
    assert len(out) > 5
    assert all(len(p) <= 300 for p in out)
    assert out[0].startswith("**15. Status effects**")
    joined = "\n".join(out)
    positions = [joined.index(f"**{rid}**") for rid in section.rule_ids]
    assert positions == sorted(positions)


def test_a_rule_longer_than_the_limit_is_cut_at_words():
    book = RuleBook.load("metazoo")
    longest = max((r for s in book.sections for r in s.rules), key=lambda r: len(r.text))
    section = book.section_of(longest.id)
    out = pages(section, 300)
    assert all(len(p) <= 300 for p in out)
    flat = " ".join(" ".join(out).split())
    assert " ".join(longest.text.split()) in flat


def test_highlight_marks_exactly_one_line(mx):
    section = mx.find("MX-KO-03")
    out = pages(section, highlight="mx ko 03")
    marked = [line for page in out for line in page.splitlines() if line.startswith("▶ ")]
    assert marked == [f"▶ **MX-KO-03** {mx.rule('MX-KO-03').text}"]
    assert all("▶" not in page for page in pages(section))
    assert all("▶" not in page for page in pages(section, highlight="MX-WIN-01"))


def test_pages_refuse_a_nonsense_limit(mx):
    with pytest.raises(ValueError):
        pages(mx.sections[0], 0)


# -- rules for players ------------------------------------------------------------------

# What only a developer's checklist says: markers, notes to implementers, test instructions. None of it may
# reach a player. (RNG is matched as a word, not inside the MetaZoo rule IDs MZ-RNG-NN.)
DEVELOPER = re.compile(
    r"\[host\]|(?-i:\bBot:)|Gaps the source|docstring|coverage tool|implementer|recommended|engine decision|"
    r"(?<![-\w])RNG\b|validator|as tests|Example to test|scenario test|\bthe engine\b(?! reading)|checklist|"
    r"\btests?\b", re.IGNORECASE)
# How a checklist asks an open question.
QUESTION = re.compile(r"\?|\bwhether\b|\bDecide\b", re.IGNORECASE)


def every_answer(book: RuleBook) -> list[str]:
    """Every page a player can get: each section, and each rule asked for by its ID."""
    out = [p for s in book.sections for p in pages(s, 4000)]
    out += [p for s in book.sections for r in s.rules for p in book.answer(r.id, 4000).pages]
    return out


def built_games() -> list[str]:
    return [g for g in RULE_GAMES if g in GAME_MODULES]


def docstring_gaps(game: str) -> dict[str, str]:
    """The gap decisions of a built game: ``"META-GAP-03"`` -> the entry's text, from the game's one record
    (``games/<id>/gaps.py``'s ``DECISIONS``), or from the ``NN text`` block its package docstring ends with
    while it keeps none."""
    import importlib
    import importlib.util

    package = GAME_MODULES[game]
    if importlib.util.find_spec(f"{package}.gaps") is not None:
        return {k: " ".join(v.split()) for k, v in importlib.import_module(f"{package}.gaps").DECISIONS.items()}
    doc = importlib.import_module(package).__doc__ or ""
    part = doc.split("Decisions on the gaps", 1)[1]
    prefix = re.search(r"``([A-Z]+)-GAP-NN``", part).group(1)
    entries: dict[str, str] = {}
    for number, text in re.findall(r"^(\d\d) (.*?)(?=^\d\d |\Z)", part, re.MULTILINE | re.DOTALL):
        entries[f"{prefix}-GAP-{number}"] = " ".join(text.split())
    return entries


@pytest.mark.parametrize("game", list(RULE_GAMES))
def test_no_answer_carries_developer_notes(game):
    """No page of any game holds a ``[host]`` tag, a "Bot:" note, the checklist's gap questions or its
    test instructions; every page fits a Discord embed description (4,096; pages are cut at 4,000)."""
    book = RuleBook.load(game)
    for page in every_answer(book):
        assert len(page) <= 4000
        hit = DEVELOPER.search(page)
        assert hit is None, (hit.group(0), page[max(0, hit.start() - 80):hit.end() + 80])
    gaps = book.sections[-1]
    for rule in gaps.rules:
        assert rule.checklist and rule.checklist not in "\n".join(pages(gaps))  # the question itself
        assert not QUESTION.search(f"{rule.text} {rule.ruling}"), rule


@pytest.mark.parametrize("game", list(RULE_GAMES))
def test_host_rules_say_how_the_bot_handles_them(game):
    """A ``[host]`` rule with a bot note reads "How the bot handles it: …" (a game not built yet: "How the
    bot will handle it"); the rule's own text loses the tag."""
    book = RuleBook.load(game)
    lead = "How the bot handles it:" if book.built else "How the bot will handle it:"
    # A rule that is only a bot note ("[host] Bot: …") is shown as the rule itself.
    hosted = [r for s in book.sections for r in s.rules if split_host(r.checklist)[1]]
    assert len(hosted) >= 5
    for rule in hosted:
        section = book.section_of(rule.id)
        block = "\n".join(pages(section, 10**9))
        assert rule.ruling and f"*{lead}* {rule.ruling}" in block, rule.id
        assert "[host]" not in rule.text


@pytest.mark.parametrize("game", built_games())
def test_every_gap_of_a_built_game_has_the_docstring_decision(game):
    """META-GAP-01..25 and MX-GAP-01..24: the rulings file decides exactly the gaps the checklist lists and
    the module docstring decides; each ruling says no number the docstring entry does not (0 and 1, the
    game's everyday values, aside), so a changed limit (a turn cap, a seat count) cannot drift apart."""
    book = RuleBook.load(game)
    gaps = book.sections[-1]
    listed = GAP_ID.findall(checklist(game))
    decided = docstring_gaps(game)
    assert list(gaps.rule_ids) == listed and set(decided) == set(listed)
    for rule in gaps.rules:
        assert rule.gap and rule.text != "Not decided yet." and rule.ruling, rule.id
        said = set(re.findall(r"(?<![\w.])\d+(?![\w.])", re.sub(r"\b[A-Z]+-[A-Z]+-\d+\b", "", rule.ruling)))
        there = set(re.findall(r"\d+", decided[rule.id]))
        assert {n for n in said if int(n) > 1} <= there, (rule.id, said - there)


@pytest.mark.parametrize("game", built_games())
def test_rulings_file_names_only_real_rules(game):
    """Host rulings belong to ``[host]`` rules and wording overrides to rules of the checklist."""
    from bot.rulebook import load_rulings

    rulings = load_rulings(data_dir("rules") / f"{game}.rulings.yaml")
    book = RuleBook.load(game)
    hosted = {r.id for s in book.sections for r in s.rules if "[host]" in r.checklist}
    assert rulings.host and set(rulings.host) <= hosted
    assert all(book.rule(rid) is not None and not book.rule(rid).gap for rid in rulings.wording)


@pytest.mark.parametrize("game", built_games())
def test_every_gap_is_reachable_by_id_and_by_a_word(game):
    """``/rules topic:META-GAP-03`` (any gap ID) answers with that ruling, under the rule ID, in one message;
    a word of the gap's topic lists the rulings among the topics."""
    book = RuleBook.load(game)
    gaps = book.sections[-1]
    for rule in gaps.rules:
        found = book.answer(rule.id, 4000)
        assert found.rule == rule and len(found.pages) == 1
        assert f"**{rule.id}** {rule.text}" in found.pages[0]
        assert f"*The bot's ruling:* {rule.ruling}" in found.pages[0]
        word = max(rule.text.split(), key=len).strip('".,:;()')
        assert gaps in book.topics(word), (rule.id, word)


def test_a_gap_asked_in_words_meta_gap_03():
    """META-GAP-03: "pushing stage" words find who may play what; the ID alone shows only that ruling."""
    meta = RuleBook.load("meta")
    found = meta.answer("META-GAP-03", 4000)
    assert found.alone and found.title == "Meta rules — META-GAP-03"
    assert "Event cards onto the main stack" in found.pages[0] and "META-GAP-04" not in found.pages[0]
    assert meta.section_of("META-GAP-03") in meta.topics("trigger stack owner")


def not_built(game: str) -> RuleBook:
    """``game``'s checklist (and rulings file, when it has one) read as a game that is not playable yet.
    Every game is built now, so this is how the "not built" behaviour stays tested."""
    from bot.rulebook import load_rulings

    extra = data_dir("rules") / f"{game}.rulings.yaml"
    rulings = load_rulings(extra) if extra.exists() else None
    return RuleBook.parse(game, checklist(game), rulings=rulings, built=False)


@pytest.mark.parametrize("game", list(RULE_GAMES))
def test_gaps_of_a_game_not_built_are_not_decided_yet(game):
    """A game not playable yet shows its gaps as "not decided yet", even when a rulings file exists, and its
    ``[host]`` rules as how the bot *will* handle them."""
    book = not_built(game)
    gaps = book.sections[-1]
    assert not book.built and gaps.title == GAPS_OPEN and "not playable here yet" in gaps.intro
    assert gaps.rules and all(r.text == "Not decided yet." and not r.ruling for r in gaps.rules)
    text = "\n".join(p for s in book.sections for p in pages(s, 10**9))
    assert "*How the bot will handle it:*" in text and "*How the bot handles it:*" not in text
    assert "*The bot's ruling:*" not in text


def test_a_game_missing_from_the_registry_loads_as_not_built(monkeypatch):
    """``RuleBook.load`` counts a game as built only when it is registered (``games.GAME_MODULES``): with
    Meta Olympia taken out of the registry, its gaps are not decided yet and its rulings are not shown."""
    import bot.rulebook

    monkeypatch.setattr(bot.rulebook, "GAME_MODULES", {g: m for g, m in GAME_MODULES.items() if g != "metaolympia"})
    monkeypatch.setattr(RuleBook, "_cache", {})
    book = RuleBook.load("metaolympia")
    gaps = book.sections[-1]
    assert not book.built and gaps.title == GAPS_OPEN and "not playable here yet" in gaps.intro
    assert gaps.rules and all(r.text == "Not decided yet." and not r.ruling for r in gaps.rules)
    assert RuleBook.load("metax").built


@pytest.mark.parametrize(("game", "typed", "heading"), [
    ("meta", "paradx", "18. Paradoxes"),
    ("metax", "knock outs", "14. Knock-outs"),
    ("metax", "damge", "13. Damage"),
    ("meta", "discardng stage", "19. Discarding stage"),
])
def test_a_topic_with_a_typo_finds_its_section(game, typed, heading):
    """A topic typed without picking from autocomplete forgives typos."""
    assert RuleBook.load(game).find(typed).heading == heading


def test_a_typo_close_to_several_headings_asks_which():
    book = RuleBook.parse("metax", "# X\n\n## 1. Stats\n\n- **MX-A-01** a\n\n## 2. Stars\n\n- **MX-B-01** b\n",
                          built=True)
    with pytest.raises(LookupError) as info:
        book.find("stafs")
    message = str(info.value)
    assert "Did you mean:" in message and "\n• 1. Stats" in message and "\n• 2. Stars" in message

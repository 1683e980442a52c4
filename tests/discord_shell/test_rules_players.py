"""``/rules`` and ``/card`` for players through the network-free Discord: rules in
player words with the bot's rulings under their rule IDs (every META-GAP and MX-GAP decision reachable),
never a checklist note; names and topics typed without picking from autocomplete forgive typos and ask
"did you mean" when they are ambiguous. Every reply is checked against Discord's limits."""

from __future__ import annotations

import re

from bot.rulebook import RuleBook

from .harness import CHANNEL_ID, Reply
from .limits import assert_all_within_limits

ANA = 101
DEVELOPER = re.compile(r"\[host\]|(?-i:\bBot:)|Gaps the source|checklist|docstring|recommended", re.IGNORECASE)


async def run(w, name: str, options: dict) -> Reply:
    reply = await w.fake.slash(ANA, CHANNEL_ID, name, options)
    await w.settle()
    assert reply.acknowledged
    return reply


def everything(reply: Reply) -> str:
    return "\n".join([reply.text, *(f"{e.get('title')}\n{e.get('description')}\n{(e.get('footer') or {}).get('text')}"
                                    for e in reply.embeds)])


async def test_every_gap_ruling_is_one_message_under_its_rule_id(world):
    """`/rules game:meta topic:META-GAP-03` (and every META-GAP-NN and MX-GAP-NN) answers with that gap's
    ruling in player words, titled with the rule ID, in one message within Discord's limits, with no
    developer note and a footer naming the section it belongs to."""
    w = world
    for game, name in (("meta", "Meta"), ("metax", "MetaX")):
        book = RuleBook.load(game)
        for rule in book.sections[-1].rules:
            reply = await run(w, "rules", {"game": game, "topic": rule.id})
            assert len(reply.messages) == 1 and reply.ephemeral, rule.id
            e = reply.embeds[0]
            assert e["title"] == f"{name} rules — {rule.id}"
            assert f"**{rule.id}** {rule.text}" in e["description"]
            assert f"*The bot's ruling:* {rule.ruling}" in e["description"]
            assert rule.checklist not in e["description"]
            assert not DEVELOPER.search(everything(reply)), everything(reply)
            assert "Rulings on what the rulebook leaves open" in e["footer"]["text"]
    assert assert_all_within_limits(w.fake) > 0


async def test_a_host_rule_says_how_the_bot_handles_it(world):
    """META-PSH-05: the pushing stage's end is shown with the bot's pass protocol as "How the bot handles
    it", never as "[host] … Bot: …"."""
    reply = await run(world, "rules", {"game": "meta", "topic": "META-PSH-05"})
    text = everything(reply)
    assert "▶ **META-PSH-05**" in text and "*How the bot handles it:* Every player still in play" in text
    assert not DEVELOPER.search(text)


async def test_a_game_not_built_yet_shows_no_open_question(world, monkeypatch):
    """A game not playable yet (here Meta Olympia, taken out of the registry the rulebook reads: every game
    is built now) shows its gaps as "not decided yet", without the checklist's questions."""
    import bot.rulebook
    from games import GAME_MODULES

    monkeypatch.setattr(bot.rulebook, "GAME_MODULES", {g: m for g, m in GAME_MODULES.items() if g != "metaolympia"})
    monkeypatch.setattr(RuleBook, "_cache", {})
    book = RuleBook.load("metaolympia")
    assert not book.built
    gap = book.sections[-1].rules[0]
    reply = await run(world, "rules", {"game": "metaolympia", "topic": "gaps"})
    text = everything(reply)
    assert "not playable here yet" in text and f"**{gap.id}** Not decided yet." in text
    assert gap.checklist not in text and "?" not in text.replace("not decided yet", "")


async def test_rules_topics_forgive_typos_and_ask_when_ambiguous(world):
    """A topic sent without picking from autocomplete: "paradx" finds Paradoxes (META-PDX-01); "atack" is
    as close to two MetaX headings, so the reply asks which one, changing nothing."""
    w = world
    reply = await run(w, "rules", {"game": "meta", "topic": "paradx"})
    assert reply.embeds and reply.embeds[0]["title"] == "Meta rules — 18. Paradoxes"
    assert "**META-PDX-01**" in reply.embeds[0]["description"]
    vague = await run(w, "rules", {"game": "metax", "topic": "atack"})
    assert not vague.embeds and vague.ephemeral
    assert "Did you mean:" in vague.text and "11. Declaring attacks" in vague.text and "16. Team attacks" in vague.text
    topics = await w.fake.autocomplete(ANA, CHANNEL_ID, "rules", {"game": "meta", "topic": "paradx"})
    assert topics[0]["value"] == "18. Paradoxes"


async def test_card_names_forgive_typos_and_ask_when_ambiguous(world):
    """`/card name:Herculs` shows Hercules; `/card game:meta name:kindlng` is as close to both versions of
    Kindling (META-CRD-03), so the reply lists both to pick from; autocomplete puts the typo's card first."""
    w = world
    hero = await run(w, "card", {"game": "metax", "name": "Herculs"})
    assert hero.embeds and hero.embeds[0]["title"] == "Hercules — Son of Thunder"
    vague = await run(w, "card", {"game": "meta", "name": "kindlng"})
    assert not vague.embeds and vague.ephemeral
    assert "Did you mean:" in vague.text
    assert "• Kindling (e018.1)" in vague.text and "• Kindling (e018.2)" in vague.text
    choices = await w.fake.autocomplete(ANA, CHANNEL_ID, "card", {"game": "metax", "name": "Herculs"})
    assert choices[0]["value"] == "hercules"
    assert assert_all_within_limits(w.fake) > 0


async def test_autocomplete_of_an_id_offers_the_rules_themselves(world):
    """Typing "META-GAP-0" offers META-GAP-01..09 with their topics; picking one answers with that ruling
    alone."""
    w = world
    choices = await w.fake.autocomplete(ANA, CHANNEL_ID, "rules", {"game": "meta", "topic": "META-GAP-0"})
    assert [c["value"] for c in choices] == [f"META-GAP-0{i}" for i in range(1, 10)]
    assert choices[2]["name"].startswith("META-GAP-03 · Who may play what")
    reply = await run(w, "rules", {"game": "meta", "topic": choices[2]["value"]})
    assert reply.embeds[0]["title"] == "Meta rules — META-GAP-03"
    assert assert_all_within_limits(w.fake) > 0

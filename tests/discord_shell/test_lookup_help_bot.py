"""Play help through the network-free Discord: looking cards and rules up where one plays, ``/help`` with
each game's quick start, and the contract pieces shown to players: the cards in hand that
cannot be played now under a decision, the deciding rule and the scores in the final summary, rule IDs only
as pointers. The games' hooks default to empty on main, so the tests give them values with
``monkeypatch``; nothing here depends on a game's own implementation of them."""

from __future__ import annotations

import dataclasses

from bot import help as quick
from bot.shell import render
from bot.shell.common import refusal_text
from bot.shell.help import help_embed
from games import GAME_NAMES, get_game
from games.core.contract import Result, RulesError
from tests.player_texts import internal_hits

from .harness import CHANNEL_ID, Reply
from .limits import assert_all_within_limits
from .world import World

ANA, BEN, SPECTATOR = 101, 102, 103
MX = get_game("metax")


async def open_table(w: World, game: str = "metax") -> str:
    """A started two-player table of Ana and Ben; its id."""
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": game}, sub="new")
    assert not reply.ephemeral, reply.content
    table_id = next(iter(w.service.tables))
    await w.fake.click(BEN, reply.message, f"mh:l:{table_id}:join")
    await w.fake.click(ANA, reply.message, f"mh:l:{table_id}:start")
    await w.settle()
    return table_id


def latest_dm(w: World, user: int):
    dms = [m for m in w.fake.dm_messages(user) if m.embeds]
    return dms[-1] if dms else None


def answer_text(reply: Reply) -> str:
    """Everything a reply showed: its content and its embeds' title, description, fields and footer."""
    parts = [reply.text]
    for e in reply.embeds:
        parts += [e.get("title") or "", e.get("description") or "", (e.get("footer") or {}).get("text") or ""]
        parts += [f"{f['name']}\n{f['value']}" for f in e.get("fields") or []]
    return "\n".join(parts)


async def slash(w: World, user: int, channel: int | None, name: str, options: dict) -> Reply:
    reply = await w.fake.slash(user, channel, name, options)
    await w.settle()
    return reply


# -- §9: /card for every game, the game taken from where one plays ---------------------------------------------


async def test_card_finds_every_kind_of_meta_olympia_component(world):
    """`/card game:metaolympia` finds an athlete, a tactic, a sponsor, a scrimmage card and a Stage Tile
    (it once refused Meta Olympia: no personal decks), answers privately, shows no card id, and its
    autocomplete offers Meta Olympia's cards."""
    w = world
    catalog = get_game("metaolympia").card_catalog()
    kinds = {}
    for card in catalog:
        kind = dict(card.tags).get("kind")
        kinds.setdefault(kind, card)
    assert set(kinds) == {"athlete", "tactic", "sponsor", "scrimmage", "tile"}
    for kind, card in kinds.items():
        reply = await slash(w, ANA, CHANNEL_ID, "card", {"game": "metaolympia", "name": card.name})
        assert reply.ephemeral and reply.embeds, (kind, reply.text)
        e = reply.embeds[0]
        assert e["title"] == card.name
        assert e["fields"][0]["value"] == card.type and e["fields"][0]["name"] in ("Type", "Card")
        assert len({f["name"] for f in e["fields"]}) == len(e["fields"])  # no two fields named alike
        assert card.id not in answer_text(reply) and not internal_hits(answer_text(reply)), answer_text(reply)
    choices = await w.fake.autocomplete(ANA, CHANNEL_ID, "card", {"game": "metaolympia", "name": "rook"})
    assert choices and all(catalog.get(c["value"]) is not None for c in choices)
    assert assert_all_within_limits(w.fake) > 0


async def test_card_and_rules_take_the_game_from_where_they_are_used(world):
    """Without `game:`: in a table's thread (and its channel, and the DM of a player at it) `/card` looks up
    that table's game; `/rules` takes a rule ID's own game anywhere (MZ-TURN-10 is MetaZoo's); where no game
    is known the answer asks for the option, and autocomplete follows the same game."""
    w = world
    before = await slash(w, ANA, CHANNEL_ID, "card", {"name": "hercules"})
    assert not before.embeds and "Which game?" in before.text and "`game`" in before.text
    rules = await slash(w, ANA, CHANNEL_ID, "rules", {"topic": "MZ-TURN-10"})
    assert rules.embeds and rules.embeds[0]["title"].startswith("MetaZoo rules"), answer_text(rules)

    await open_table(w)
    thread = next(iter(w.fake.threads))
    for user, channel in ((ANA, thread), (BEN, CHANNEL_ID), (BEN, None)):
        reply = await slash(w, user, channel, "card", {"name": "herkules"})
        assert reply.embeds and reply.embeds[0]["title"] == "Hercules — Son of Thunder", (channel, reply.text)
    tko = await slash(w, ANA, thread, "rules", {"topic": "tko"})
    assert tko.embeds and tko.embeds[0]["title"].startswith("MetaX rules"), answer_text(tko)
    choices = await w.fake.autocomplete(ANA, thread, "card", {"name": "hercu"})
    assert choices and choices[0]["value"] == "hercules"
    nobody = await slash(w, SPECTATOR, None, "card", {"name": "hercules"})  # a DM of a user at no table
    assert not nobody.embeds and "Which game?" in nobody.text


async def test_a_decision_dm_looks_a_card_up_in_three_calls_and_none_per_action(world):
    """Every decision DM has **Look up a card** (the same id on every decision, so it changes no payload
    between decisions: no REST call per game action). Pressing it opens a box for a name; a typo close to
    one card answers with it, privately: three REST calls in all (the box, the acknowledgement, the answer)
    and none to the table's messages."""
    w = world
    table_id = await open_table(w)
    dm = next(m for user in (ANA, BEN) if (m := latest_dm(w, user)) is not None and any(
        c.get("custom_id", "").startswith("mh:d:") for c in w.fake.components(m)))
    user = ANA if dm in w.fake.dm_messages(ANA) else BEN
    lookups = [c for c in w.fake.components(dm) if c.get("custom_id") == f"mh:c:{table_id}"]
    assert len(lookups) == 1 and lookups[0]["label"] == "Look up a card"
    opened = await w.fake.click(user, dm, f"mh:c:{table_id}")
    modal = opened.modal
    assert modal is not None and "MetaX" in modal["title"]
    box = next(c for row in modal["components"] for c in row["components"])
    answer = await w.fake.submit_modal(user, None, modal["custom_id"], {box["custom_id"]: "Herkules"})
    await w.settle()
    assert answer.ephemeral and answer.embeds and answer.embeds[0]["title"] == "Hercules — Son of Thunder"
    calls = opened.calls + answer.calls
    assert len(calls) == 3, calls  # the box; then the acknowledgement and the answer
    assert opened.rest + answer.rest == []  # no other REST call: nothing at the table moved
    assert w.service.get(table_id).status == "playing"


# -- §7, §8, §5: the contract pieces shown to players ----------------------------------------------------------


async def test_the_dm_lists_the_cards_that_cannot_be_played_now_only_to_the_deciding_seat(world, monkeypatch):
    """Under a decision the DM lists ``Game.unplayable`` of that seat, "Name: reason", in a
    **Not playable now** field; a seat that is waiting gets no such field, and the game is asked only about
    seats with a decision, each about itself."""
    w = world
    asked: list[int] = []

    def unplayable(self, state, seat):
        asked.append(seat)
        return [("Hercules — Son of Thunder", "one Character a turn"), ("Anvil Blow", "costs 3 MP, you have 2")]

    monkeypatch.setattr(type(MX), "unplayable", unplayable)
    table_id = await open_table(w)
    t = w.service.get(table_id)
    deciding = {d.seat for d in MX.decisions(t.state)}
    assert asked and set(asked) <= deciding
    for user, seat in ((ANA, t.seat_of(str(ANA)).seat), (BEN, t.seat_of(str(BEN)).seat)):
        fields = {f["name"]: f["value"] for f in latest_dm(w, user).embeds[0].get("fields") or []}
        if seat in deciding:
            assert fields.get("Not playable now") == ("· Hercules — Son of Thunder: one Character a turn\n"
                                                      "· Anvil Blow: costs 3 MP, you have 2")
        else:
            assert "Not playable now" not in fields
    assert assert_all_within_limits(w.fake) > 0


async def test_a_long_list_of_unplayable_cards_stays_within_one_message(world, monkeypatch):
    """Sixty cards that cannot be played fit the field (the rest counted), and the hand keeps every line."""
    w = world
    monkeypatch.setattr(type(MX), "unplayable",
                        lambda self, state, seat: [(f"Card {i} with a long name", "it costs far more MP than you "
                                                    "have now, and the Planning Step is over") for i in range(60)])
    table_id = await open_table(w)
    t = w.service.get(table_id)
    deciding = {d.seat for d in MX.decisions(t.state)}
    shown = 0
    for user in (ANA, BEN):
        e = latest_dm(w, user).embeds[0]
        field = next((f for f in e.get("fields") or [] if f["name"] == "Not playable now"), None)
        assert (field is not None) == (t.seat_of(str(user)).seat in deciding)
        if field is not None:
            shown += 1
            lines = field["value"].splitlines()
            assert len(field["value"]) <= 1024 and lines[0] == ("· Card 0 with a long name: it costs far more MP "
                                                                 "than you have now, and the Planning Step is over")
            assert lines[-1] == f"… and {60 - (len(lines) - 1)} more"
    assert shown and assert_all_within_limits(w.fake) > 0


async def test_the_final_summary_names_the_deciding_rule_and_each_seats_score(world):
    """``Result.rule`` (its rule ID a pointer) is the summary's "Why", and ``Result.scores`` a
    **Scores** field, one line per seat; a result without them keeps the reason in words."""
    w = world
    table_id = await open_table(w)
    t = w.service.get(table_id)
    view = MX.view(t.state, None)
    plain = Result((0,), (1,), "seven_vp", "Ana wins with 7 Victory Points.")
    ruled = dataclasses.replace(plain, rule="Seven Victory Points win the game, see /rules MX-WIN-01",
                                scores=("Ana: 7 Victory Points", "Ben: 4 Victory Points"))
    e = render.result_embed(t, ruled, [], view).to_dict()
    assert "Why: Seven Victory Points win the game, see /rules MX-WIN-01" in e["description"]
    fields = {f["name"]: f["value"] for f in e["fields"]}
    assert fields["Scores"] == "Ana: 7 Victory Points\nBen: 4 Victory Points"
    old = render.result_embed(t, plain, [], view).to_dict()
    assert "Why: seven vp" in old["description"] and "Scores" not in {f["name"] for f in old["fields"]}


def test_a_refusal_points_to_its_rule():
    """A refused choice names its rule as "see /rules MX-DEF-02", a pointer the player can
    follow (before: a bare "(MX-DEF-02)")."""
    text = refusal_text(RulesError("MX-DEF-02", "That Character is Pushed and cannot defend."))
    assert text == "Not allowed: That Character is Pushed and cannot defend. (see /rules MX-DEF-02)"
    assert not internal_hits(text)


# -- §10: /help -----------------------------------------------------------------------------------------------


def test_every_quick_start_fits_discord_without_clipping():
    """Each game's quick start and the Discord part: every section within a field's 1,024 characters and a
    heading within 256, the whole help embed within 6,000, so nothing is ever clipped; player words only."""
    for game in [*GAME_NAMES, "discord"]:
        sections = quick.sections(game)
        assert sections and all(0 < len(body) <= 1024 and len(h) <= 256 for h, body in sections), game
        assert not internal_hits(quick.plain(quick.quick_start(game))), game
    for game in [*GAME_NAMES, None]:
        embed = help_embed(game)
        assert render.embed_size(embed) <= 6000 and len(embed.fields) <= 25
        unclipped = [body for h, body in [*(quick.sections(game) if game else []), *quick.sections("discord")] if h]
        assert [f.value for f in embed.fields] == unclipped, game


async def test_help_gives_the_quick_start_of_the_game_where_it_is_asked(world):
    """`/help game:metazoo` is MetaZoo's quick start with how play works on Discord; `/help` in a MetaX table's
    thread is MetaX's; with no game known it lists the games; the lobby points to `/help`."""
    w = world
    zoo = await slash(w, ANA, CHANNEL_ID, "help", {"game": "metazoo"})
    assert zoo.ephemeral and zoo.embeds[0]["title"] == "MetaZoo — quick start"
    names = [f["name"] for f in zoo.embeds[0]["fields"]]
    assert "How a turn goes" in names and "Your decisions" in names and "Looking things up" in names
    anywhere = await slash(w, ANA, CHANNEL_ID, "help", {})
    assert all(name in anywhere.embeds[0]["description"] for name in GAME_NAMES.values())

    lobby = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax"}, sub="new")
    assert "`/help`" in w.fake.text_of(lobby.message)
    table_id = next(iter(w.service.tables))
    await w.fake.click(BEN, lobby.message, f"mh:l:{table_id}:join")
    await w.fake.click(ANA, lobby.message, f"mh:l:{table_id}:start")
    await w.settle()
    here = await slash(w, BEN, next(iter(w.fake.threads)), "help", {})
    assert here.embeds[0]["title"] == "MetaX — quick start"
    assert assert_all_within_limits(w.fake) > 0


async def test_a_card_box_submitted_after_a_restart_is_still_answered(world):
    """Looking a card up, with Discord's manners: a **Look up a card**
    box the bot no longer holds in memory (it was
    opened before a restart) is answered with the card, privately, never "This interaction failed"; a name that
    finds nothing is refused in words."""
    w = world
    answer = await w.fake.submit_modal(ANA, None, "mh:cm:metax", {"name": "Herkules"}, force=True)
    await w.settle()
    assert answer.acknowledged and answer.ephemeral
    assert answer.embeds and answer.embeds[0]["title"] == "Hercules — Son of Thunder"
    nothing = await w.fake.submit_modal(ANA, None, "mh:cm:metax", {"name": "zzzzqqq"}, force=True)
    await w.settle()
    assert nothing.acknowledged and nothing.ephemeral and "zzzzqqq" in nothing.text

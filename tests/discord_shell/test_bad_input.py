"""Bad input any user can send: oversized command options, a busy channel, and
crafted component payloads (values a select never offered, buttons sent on the wrong message, unknown
tables, a lobby's "My hand"). Each gets a clear ephemeral refusal saying what was wrong, changes nothing
(table version, store, the messages already posted), and every request the bot made fits Discord's
limits (:func:`limits.assert_all_within_limits`)."""

from __future__ import annotations

import pytest

from bot.host import TableLimits

from .harness import CHANNEL_ID, GUILD_ID
from .limits import assert_all_within_limits
from .test_bot import ANA, BEN, SPECTATOR, decision_buttons, latest_dm, open_table
from .test_meta_bot import USERS, open_meta_table

HUGE = "x" * 5000


def told(reply) -> str:
    """The ephemeral text the user got: the response, or the followups after an acknowledgement. Fails
    if any of it was public."""
    msgs = [reply.message] if reply.type in (4, 5) and reply.message is not None else []
    msgs += [m for m in reply.followups if m not in msgs]
    assert msgs and all(m.ephemeral for m in msgs), reply
    return "\n".join(m.content for m in msgs)


async def snapshot(w, table_id: str):
    """What must not change when a click is refused: the table's version, its stored moves and the edit
    count of every message posted so far."""
    t = w.service.get(table_id)
    return t.version, len(await w.store.actions(table_id)), {m.id: m.edits for m in w.fake.messages.values()}


async def unchanged(w, table_id: str, before) -> bool:
    version, actions, edits = await snapshot(w, table_id)
    return (version, actions) == before[:2] and {i: edits[i] for i in before[2]} == before[2]


# -- oversized options and busy channels (§3.1) ---------------------------------------------------------


@pytest.mark.parametrize(("command", "options"), [
    ("card", {"game": "meta", "name": HUGE}),
    ("rules", {"game": "meta", "topic": HUGE}),
])
async def test_a_5000_character_card_name_or_rules_topic_is_refused_within_limits(world, command, options):
    """`/card` and `/rules` with a 5,000-character option say how long it may be."""
    w = world
    reply = await w.fake.slash(ANA, CHANNEL_ID, command, options)
    await w.settle()
    text = told(reply)
    assert "1 to 200 characters" in text and "5,000" in text, text
    assert assert_all_within_limits(w.fake) >= 1


@pytest.mark.parametrize(("name", "options", "sub"), [
    ("deck", {"game": "meta", "name": HUGE}, "new"),
    ("deck", {"card": HUGE}, "add"),
    ("deck", {"deck": HUGE}, "show"),
    ("table", {"table": HUGE}, "status"),
    ("table", {"deck": HUGE}, "join"),
])
async def test_other_oversized_options_get_refusals_within_limits(world, name, options, sub):
    """A 5,000-character deck name, card, deck or table option is refused, and the refusal
    fits in a message (it may quote the input, trimmed)."""
    w = world
    if sub == "add":
        await w.fake.slash(ANA, CHANNEL_ID, "deck", {"game": "meta", "name": "Mine"}, sub="new")
    if sub == "join":
        await w.fake.slash(BEN, CHANNEL_ID, "table", {"game": "meta"}, sub="new")
    reply = await w.fake.slash(ANA, CHANNEL_ID, name, options, sub=sub)
    await w.settle()
    assert told(reply)
    assert assert_all_within_limits(w.fake) >= 1


async def test_table_list_with_200_tables_in_one_channel_fits(world):
    """`/table list` with 200 open tables here (the most MAX_TABLES_PER_CHANNEL allows) lists
    what fits (the user's own first) and says how many more there are."""
    w = world
    w.service.limits = TableLimits(per_user=3, per_channel=200)
    place = f"{GUILD_ID}:{CHANNEL_ID}"
    made = []
    for i in range(199):
        t = await w.service.create("meta", place, str(10_000 + i), f"Player {i} " + "y" * 40)
        made.append(t.id)
    mine = await w.service.create("metax", place, str(ANA), "Ana")
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {}, sub="list")
    await w.settle()
    text = told(reply)
    assert text.splitlines()[0].startswith(f"`{mine.id}`")
    shown = [tid for tid in made if f"`{tid}`" in text]
    assert shown and f"… and {200 - 1 - len(shown)} more" in text
    assert assert_all_within_limits(w.fake) >= 1


# -- crafted component payloads (§3.4) --------------------------------------------------------------------


async def meta_select(w, table_id):
    """A user and their DM holding a decision select menu (Meta pushing stage: one option per card)."""
    for user in USERS:
        msg = latest_dm(w, user)
        if msg and any(c["custom_id"].startswith("mh:m:") for c in decision_buttons(w, msg)):
            return user, msg, next(c for c in decision_buttons(w, msg) if c["custom_id"].startswith("mh:m:"))
    raise AssertionError("nobody has a select menu")


@pytest.mark.parametrize("values", [["-1"], ["abc"], ["999"], [""], ["30"], ["0", "1"], []])
async def test_select_values_never_offered_are_refused(world, values):
    """A select menu answer with a value the menu never offered (negative, not a number,
    out of range, off this page, two values, none) is refused by name and changes nothing."""
    w = world
    table_id = await open_meta_table(w)
    user, msg, select = await meta_select(w, table_id)
    before = await snapshot(w, table_id)
    reply = await w.fake.click(user, msg, select["custom_id"], values, component_type=3, force=True)
    await w.settle()
    assert "not offered" in told(reply)
    assert await unchanged(w, table_id, before)
    assert assert_all_within_limits(w.fake) >= 1


async def test_private_components_sent_on_the_board_are_refused(world):
    """A decision button, a select and a page button sent on the public board message (a
    crafted request) are refused: the board keeps its content (no private view lands on it) and no move
    is made."""
    w = world
    table_id = await open_meta_table(w)
    user, _msg, select = await meta_select(w, table_id)
    thread_id = next(iter(w.fake.threads))
    board = [m for m in w.fake.channel_messages(thread_id) if m.embeds][-1]
    board_before = (list(board.embeds), list(board.components))
    before = await snapshot(w, table_id)
    token = select["custom_id"].split(":")[3]
    for custom_id, values, kind in ((f"mh:d:{table_id}:{token}:0123abcd", None, 2),
                                    (select["custom_id"], ["0123abcd"], 3),
                                    (f"mh:g:{table_id}:{token}:1", None, 2)):
        reply = await w.fake.click(user, board, custom_id, values, component_type=kind, force=True)
        await w.settle()
        assert "not on the table's public messages" in told(reply) or "has none of that table's menus" in told(reply)
    assert await unchanged(w, table_id, before)
    assert (board.embeds, board.components) == board_before
    assert assert_all_within_limits(w.fake) >= 1


async def test_a_page_button_on_a_message_without_its_menu_or_past_the_last_page_is_refused(world):
    """A page button on a DM holding no menu of that decision, or asking for a page the
    decision does not have, is refused; the DM is not edited."""
    w = world
    table_id = await open_meta_table(w)
    user, msg, select = await meta_select(w, table_id)
    token = select["custom_id"].split(":")[3]
    before = await snapshot(w, table_id)
    reply = await w.fake.click(user, msg, f"mh:g:{table_id}:{token}:99", force=True)
    await w.settle()
    assert "there is no page 100" in told(reply)
    # a page of a decision this DM does not hold (another decision token)
    reply = await w.fake.click(user, msg, f"mh:g:{table_id}:0.99.abcdef:0", force=True)
    await w.settle()
    assert "passed" in told(reply) or "none of that table's menus" in told(reply)
    assert await unchanged(w, table_id, before)


async def test_my_hand_in_a_lobby_is_refused_until_the_table_starts(world):
    """"My hand" pressed on a lobby (a crafted request: the lobby has no such button) says
    the table has not started; a decision button for it likewise; nothing changes."""
    w = world
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax"}, sub="new")
    lobby = reply.message
    table_id = next(iter(w.service.tables))
    t = w.service.get(table_id)
    lobby_before = (list(lobby.embeds), list(lobby.components), lobby.edits)
    r = await w.fake.click(ANA, lobby, f"mh:h:{table_id}", force=True)
    await w.settle()
    assert "has not started" in told(r)
    for custom_id in (f"mh:o:{table_id}:0:0", f"mh:d:{table_id}:0.0.abcdef:0123abcd"):  # old, current
        r = await w.fake.click(ANA, lobby, custom_id, force=True)
        await w.settle()
        assert "has not started" in told(r)
    assert t.status == "lobby" and t.state is None
    assert (lobby.embeds, lobby.components, lobby.edits) == lobby_before
    assert assert_all_within_limits(w.fake) >= 1


@pytest.mark.parametrize("custom_id", ["mh:o:abcdef:1:0", "mh:s:abcdef:1:0", "mh:p:abcdef:1:1", "mh:h:abcdef",
                                       "mh:b:abcdef", "mh:d:abcdef:0.1.abcdef:0123abcd",
                                       "mh:m:abcdef:0.1.abcdef:0", "mh:g:abcdef:0.1.abcdef:1"])
async def test_components_of_unknown_tables_are_refused(world, custom_id):
    """A component naming a table that does not exist (any more) says so."""
    w = world
    table_id, _ = await open_table(w)
    msg = latest_dm(w, ANA)
    before = await snapshot(w, table_id)
    kind = 3 if custom_id.startswith(("mh:s:", "mh:m:")) else 2
    reply = await w.fake.click(ANA, msg, custom_id, ["0123abcd"] if kind == 3 else None, component_type=kind, force=True)
    await w.settle()
    assert "no open table 'abcdef'" in told(reply)
    assert await unchanged(w, table_id, before)


async def test_a_decision_by_someone_not_seated_is_refused(world):
    """A decision button pressed by a user without a seat (a crafted request on a player's
    DM message) is refused and changes nothing."""
    w = world
    table_id, _ = await open_table(w)
    before = await snapshot(w, table_id)
    decider = ANA if decision_buttons(w, latest_dm(w, ANA)) else BEN
    msg = latest_dm(w, decider)
    reply = await w.fake.click(SPECTATOR, msg, decision_buttons(w, msg)[0]["custom_id"], force=True)
    await w.settle()
    assert "not seated" in told(reply)
    assert await unchanged(w, table_id, before)


@pytest.mark.parametrize(("user", "options", "sub", "words"), [
    (ANA, {"game": "metax", "seats": 6}, "new", "not 6"),
    (BEN, {}, "abort", "host"),
])
async def test_a_refusal_after_a_public_acknowledgement_stays_private(world, user, options, sub, words):
    """`/table new` and `/table abort` acknowledge publicly (their answer is public);
    refused later (a seat count the game does not allow; not the host), the public "thinking" message is
    removed and the refusal comes to the user alone."""
    w = world
    if sub == "abort":
        await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax"}, sub="new")
    tables = set(w.service.tables)
    reply = await w.fake.slash(user, CHANNEL_ID, "table", options, sub=sub)
    await w.settle()
    assert reply.type == 5 and reply.message is not None and reply.message.deleted
    assert reply.followups and all(m.ephemeral for m in reply.followups)
    assert words in " ".join(m.content for m in reply.followups)
    assert set(w.service.tables) == tables
    visible = [m for m in w.fake.channel_messages(CHANNEL_ID) if not m.deleted and m.interaction_id == reply.id]
    assert not visible

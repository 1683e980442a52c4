"""Discord failing under the bot: every handler that waits for the store acknowledges
its interaction first (Discord fails one not answered within 3 s); a click whose acknowledgement fails
changes nothing; a choice applied whose message update then fails (10062 Unknown interaction, a 5xx) is
reported as applied, and the view that did not reach the player is re-sent."""

from __future__ import annotations

import asyncio

import pytest

from bot.host import decision_token
from games.core.rng import Rng

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_bot import ANA, BEN, click_decision, decision_buttons, latest_dm, open_table


def carries_embed(call) -> bool:
    """An interaction request that shows an embed (the player's updated private view)."""
    return bool(call.data.get("embeds"))


def said(reply) -> str:
    """What the user was told in messages of their own (responses and followups, not the clicked DM)."""
    parts = [m.content for m in reply.followups]
    if reply.type == 4:
        parts.append(reply.content)
    return "\n".join(parts)


async def deciding(w, table_id):
    """The user whose DM holds a decision, and that DM."""
    user = ANA if decision_buttons(w, latest_dm(w, ANA)) else BEN
    return user, latest_dm(w, user)


@pytest.mark.parametrize(("status", "code"), [(404, 10062), (500, 0)])
async def test_a_choice_applied_but_not_shown_is_reported_and_the_dm_re_sent(world, status, code):
    """The click is applied, then Discord refuses the update of the clicked DM (10062, or a
    server error). The player is told the choice was applied (never "nothing was changed"), and the front
    re-sends the DM (REST edit of the same message) since it was not recorded as updated."""
    w = world
    table_id, _ = await open_table(w)
    t = w.service.get(table_id)
    user, msg = await deciding(w, table_id)
    old = {c["custom_id"] for c in decision_buttons(w, msg)}
    v0, actions = t.version, len(await w.store.actions(table_id))
    rest_before = len(w.fake.rest)
    w.fake.fail_interaction(carries_embed, status=status, code=code)
    reply = await click_decision(w, user, msg, Rng.from_seed(3))
    await w.settle()
    assert t.version == v0 + 1 and len(await w.store.actions(table_id)) == actions + 1
    told = said(reply)
    assert "Your choice was applied" in told and "DM is being re-sent" in told, told
    assert "nothing was changed" not in told.lower()
    assert all(m.ephemeral for m in reply.followups)
    resent = [c for c in w.fake.rest[rest_before:] if c.method == "PATCH" and c.message_id == msg.id]
    assert resent, "the DM was not re-sent"
    now = {c.get("custom_id") for c in w.fake.components(w.fake.messages[msg.id])}
    assert not (old & now), "the DM still shows the decision that was already answered"
    assert assert_all_within_limits(w.fake) > 0


async def test_a_choice_applied_but_not_shown_in_my_hand_says_to_press_my_hand(world):
    """Closed DMs: the update of the ephemeral "My hand" message fails after the choice is
    applied; the player is told so and to press My hand, which then shows the current decision."""
    w = world
    w.fake.closed_dms.add(BEN)
    table_id, _ = await open_table(w)
    t = w.service.get(table_id)
    thread_id = next(iter(w.fake.threads))
    board = [m for m in w.fake.channel_messages(thread_id) if m.embeds][0]
    rng = Rng.from_seed(4)
    for _ in range(40):  # play until Ben decides
        hand = (await w.fake.click(BEN, w.fake.messages[board.id], f"mh:h:{table_id}")).message
        if decision_buttons(w, hand):
            break
        await click_decision(w, ANA, latest_dm(w, ANA), rng)
        await w.settle()
    assert decision_buttons(w, hand), "Ben never had a decision"
    v0 = t.version
    w.fake.fail_interaction(carries_embed, status=404, code=10062)
    reply = await click_decision(w, BEN, hand, rng)
    await w.settle()
    assert t.version == v0 + 1
    told = said(reply)
    assert "Your choice was applied" in told and "My hand" in told and "nothing was changed" not in told.lower()
    again = await w.fake.click(BEN, w.fake.messages[board.id], f"mh:h:{table_id}")
    await w.settle()
    seat = t.seat_of(str(BEN)).seat
    mine = next((d for d in t.game.decisions(t.state) if d.seat == seat), None)
    ids = [c["custom_id"] for c in decision_buttons(w, again.message)]
    assert (mine is None and not ids) or all(f":{decision_token(t, seat)}:" in cid for cid in ids)


async def test_a_click_whose_acknowledgement_fails_changes_nothing(world):
    """The click reaches the bot too late (its acknowledgement gets 10062): the choice
    is not applied, the store and the DM are unchanged, and no message claims otherwise."""
    w = world
    table_id, _ = await open_table(w)
    t = w.service.get(table_id)
    user, msg = await deciding(w, table_id)
    v0, actions, edits = t.version, len(await w.store.actions(table_id)), msg.edits
    w.fake.fail_interaction(lambda call: call.kind == "callback", status=404, code=10062)
    reply = await click_decision(w, user, msg, Rng.from_seed(5))
    await w.settle()
    assert t.version == v0 and len(await w.store.actions(table_id)) == actions
    assert w.fake.messages[msg.id].edits == edits
    assert "applied" not in said(reply)


# -- acknowledged before the store is awaited ------------------------------------------


async def acknowledged_while_store_waits(w, method: str, action):
    """Run ``action()`` (which returns a Reply) while the store's ``method`` is held back; returns
    ``(acknowledged before the store answered, reply)``."""
    original = getattr(w.store, method)
    entered, gate = asyncio.Event(), asyncio.Event()

    async def slow(*args, **kwargs):
        entered.set()
        await gate.wait()
        return await original(*args, **kwargs)

    setattr(w.store, method, slow)
    before = len(w.fake.replies)
    try:
        task = asyncio.ensure_future(action())
        await asyncio.wait_for(entered.wait(), 5)
        for _ in range(10):  # let anything already on its way reach Discord
            await asyncio.sleep(0)
        acked = any(c.kind == "callback" for c in w.fake.replies[before:])
        gate.set()
        reply = await task
    finally:
        setattr(w.store, method, original)
    await w.settle()
    return acked, reply


async def test_table_new_and_join_are_acknowledged_before_the_store_commits(world):
    """`/table new` and `/table join` answer Discord ("thinking") before the table is saved."""
    w = world
    acked, reply = await acknowledged_while_store_waits(
        w, "save_table", lambda: w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax"}, sub="new"))
    assert acked and not reply.ephemeral and reply.embeds  # the lobby, public
    table_id = next(iter(w.service.tables))
    acked, reply = await acknowledged_while_store_waits(
        w, "save_table", lambda: w.fake.slash(BEN, CHANNEL_ID, "table", {"table": table_id}, sub="join"))
    assert acked and reply.ephemeral and "seat 2" in reply.content


async def test_a_decision_click_is_acknowledged_before_the_store_commits(world):
    """A decision button is acknowledged (deferred update) before its move is recorded, then the clicked
    DM is edited."""
    w = world
    table_id, _ = await open_table(w)
    user, msg = await deciding(w, table_id)
    acked, reply = await acknowledged_while_store_waits(
        w, "record", lambda: click_decision(w, user, msg, Rng.from_seed(6)))
    assert acked and reply.type == 6
    assert any(c.kind == "edit" and c.message_id == msg.id for c in reply.calls)


async def test_deck_new_and_both_imports_are_acknowledged_before_the_store_commits(world):
    """`/deck new`, `/deck import` with a file, and the paste box of `/deck import` answer first."""
    w = world
    acked, reply = await acknowledged_while_store_waits(
        w, "create_deck", lambda: w.fake.slash(ANA, CHANNEL_ID, "deck", {"game": "meta", "name": "Empty"},
                                               sub="new"))
    assert acked and reply.ephemeral and "Empty" in reply.content
    aid = w.fake.attachment("deck.txt", b"3 Spark of Ruin\n")
    acked, reply = await acknowledged_while_store_waits(
        w, "create_deck", lambda: w.fake.slash(ANA, CHANNEL_ID, "deck", {"game": "meta", "name": "Filed",
                                                                         "file": aid}, sub="import"))
    assert acked and reply.ephemeral and "Imported **Filed**" in reply.content
    opened = await w.fake.slash(ANA, CHANNEL_ID, "deck", {"game": "meta", "name": "Pasted"}, sub="import")
    modal = opened.modal
    box = next(c for row in modal["components"] for c in row["components"] if c.get("style") == 2)
    acked, reply = await acknowledged_while_store_waits(
        w, "create_deck", lambda: w.fake.submit_modal(ANA, CHANNEL_ID, modal["custom_id"],
                                                      {box["custom_id"]: "3 Spark of Ruin\n"}))
    assert acked and reply.ephemeral and "Imported **Pasted**" in reply.content

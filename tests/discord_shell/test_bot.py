"""The metahost bot through the network-free harness: whole MetaX games played only through
interactions, closed DMs, a restart mid-game, refusals, hidden information and REST calls per action."""

from __future__ import annotations

import asyncio

import pytest

from bot.settings import Settings
from games.core.rng import Rng

from .harness import CHANNEL_ID
from .world import World

ANA, BEN, SPECTATOR = 101, 102, 103


async def open_table(w: World, seed_user=ANA, seats_with=BEN):
    reply = await w.fake.slash(seed_user, CHANNEL_ID, "table", {"game": "metax"}, sub="new")
    assert not reply.ephemeral, reply.content
    lobby = reply.message
    table_id = next(iter(w.service.tables))
    if seats_with is not None:
        await w.fake.click(seats_with, lobby, f"mh:l:{table_id}:join")
    await w.fake.click(seed_user, lobby, f"mh:l:{table_id}:start")
    await w.settle()
    return table_id, lobby


def decision_buttons(w: World, msg) -> list[dict]:
    return [c for c in w.fake.components(msg) if c.get("custom_id", "").startswith(("mh:d:", "mh:m:"))]


def updated_in_place(reply, msg) -> bool:
    """The click was acknowledged at once (a deferred update) and then the clicked message
    itself was edited with the new private view."""
    return reply.type == 6 and any(c.kind == "edit" and c.message_id == msg.id for c in reply.calls)


def refusal(reply) -> str:
    """The ephemeral refusal a click or command got: the response itself, or the followup after an
    acknowledgement. Fails if the refusal was not ephemeral."""
    if reply.type == 4:
        assert reply.ephemeral, reply.content
        return reply.content
    followups = reply.followups
    assert followups and all(m.ephemeral for m in followups), reply
    return "\n".join(m.content for m in followups)


def latest_dm(w: World, user: int):
    dms = [m for m in w.fake.dm_messages(user) if m.embeds]
    return dms[-1] if dms else None


async def click_decision(w: World, user: int, msg, rng: Rng):
    comps = decision_buttons(w, msg)
    comp = comps[rng.below(len(comps))]
    if comp["custom_id"].startswith("mh:m:"):
        values = [o["value"] for o in comp["options"]]
        return await w.fake.click(user, msg, comp["custom_id"], [values[rng.below(len(values))]], component_type=3)
    return await w.fake.click(user, msg, comp["custom_id"])


async def play_to_the_end(w: World, table_id: str, rng: Rng, hands: dict[int, object] | None = None,
                          max_clicks: int = 3000) -> int:
    """Click a random offered option in whichever player's message holds one, until the game ends.
    ``hands[user]`` is an ephemeral "My hand" message used instead of a DM. Returns the clicks made."""
    t = w.service.get(table_id)
    clicks = 0
    while t.status == "playing" and clicks < max_clicks:
        progressed = False
        for user in (ANA, BEN):
            msg = (hands or {}).get(user) or latest_dm(w, user)
            if msg is None or not decision_buttons(w, msg):
                continue
            reply = await click_decision(w, user, msg, rng)
            assert not (reply.ephemeral and reply.type == 4 and "Not allowed" in reply.content), reply.content
            if hands and user in hands and reply.message is not None:
                hands[user] = reply.message
            await w.settle()
            clicks += 1
            progressed = True
            break
        assert progressed, "nobody has a decision to click but the game is not over"
    return clicks


async def test_a_whole_game_between_two_users_through_interactions(world):
    """Lobby → start → every decision clicked in DMs → the result message with stats in the thread."""
    w = world
    table_id, lobby = await open_table(w)
    assert len(w.fake.threads) == 1
    thread_id = next(iter(w.fake.threads))
    board = [m for m in w.fake.channel_messages(thread_id) if m.embeds]
    assert board and "Waiting for" in w.fake.text_of(board[0])
    clicks = await play_to_the_end(w, table_id, Rng.from_seed(3))
    assert clicks > 10
    t_msgs = w.fake.channel_messages(thread_id)
    result = [m for m in t_msgs if "game over" in w.fake.text_of(m)]
    assert result, "the result is posted in the table's thread"
    text = w.fake.text_of(result[-1])
    assert "wins" in text and "games" in text  # the reason and the updated stats
    stats = await w.store.stats(str(ANA), "metax")
    assert stats and stats[0][1] == 1


async def test_a_choice_made_from_my_hand_brings_the_players_dm_up_to_date(world, monkeypatch):
    """A player with open DMs answers from the board's **My hand** (ephemeral) instead of the DM, and the
    front's flush lands while that click is being answered (it skips the clicking seat then). The DM must still
    end up showing the current view, never the decision just answered: found by
    tests/discord_shell/test_monkey.py, where a later click in the DM was refused as "Already decided"."""
    w = world
    table_id, _ = await open_table(w)
    t = w.service.get(table_id)
    board = [m for m in w.fake.channel_messages(next(iter(w.fake.threads))) if m.embeds][0]
    payload = w.bot.front.private_payload

    async def flush_first(table, slot):
        await w.bot.front.flush(table.id, table)  # the race: the front's flush while the seat is claimed
        return await payload(table, slot)

    monkeypatch.setattr(w.bot.front, "private_payload", flush_first)
    rng = Rng.from_seed(3)
    for _ in range(4):
        decider = next(u for u in (ANA, BEN) if decision_buttons(w, latest_dm(w, u)))
        old = [c["custom_id"] for c in decision_buttons(w, latest_dm(w, decider))]
        hand = await w.fake.click(decider, w.fake.messages[board.id], f"mh:h:{table_id}")
        await w.settle()
        version = t.version
        reply = await click_decision(w, decider, hand.message, rng)
        await w.settle()
        assert reply.acknowledged and t.version == version + 1
        now = [c["custom_id"] for c in decision_buttons(w, latest_dm(w, decider))]
        assert now != old, "the DM still offers the decision answered from My hand"


async def test_closed_dms_fall_back_to_the_ephemeral_my_hand(world):
    """Ben's DMs are closed (50007): the board says so, and Ben plays through "My hand" (ephemeral)."""
    w = world
    w.fake.closed_dms.add(BEN)
    table_id, _ = await open_table(w)
    thread_id = next(iter(w.fake.threads))
    board = [m for m in w.fake.channel_messages(thread_id) if m.embeds][0]
    assert "DMs closed" in w.fake.text_of(w.fake.messages[board.id])
    assert not latest_dm(w, BEN)
    reply = await w.fake.click(BEN, w.fake.messages[board.id], f"mh:h:{table_id}")
    assert reply.ephemeral and "table" in w.fake.text_of(reply)
    hands = {BEN: reply.message}
    await play_to_the_end(w, table_id, Rng.from_seed(5), hands)
    assert (await w.store.result(table_id)) is not None  # the game ended
    assert not w.fake.dm_messages(BEN)  # nothing ever reached Ben's closed DMs


async def test_a_restart_mid_game_keeps_old_buttons_working(fake, new_db):
    """A new bot instance on the same database applies a click on a DM posted before the restart."""
    w = await World(fake, new_db("bot")).start()
    table_id, _ = await open_table(w)
    rng = Rng.from_seed(9)
    for _ in range(4):
        await play_to_the_end(w, table_id, rng, max_clicks=1)
    version_before = w.service.get(table_id).version
    await w.stop()

    w2 = await World(fake, new_db("bot")).start()
    try:
        t = w2.service.get(table_id)
        assert t.version == version_before
        user = next(u for u in (ANA, BEN) if latest_dm(w2, u) and decision_buttons(w2, latest_dm(w2, u)))
        msg = latest_dm(w2, user)
        reply = await click_decision(w2, user, msg, rng)
        await w2.settle()
        assert updated_in_place(reply, msg)
        assert t.version == version_before + 1
    finally:
        await w2.stop()


async def test_refusals_spectator_out_of_turn_stale_and_double_click(world):
    """Only the deciding seat's clicks count; everyone else gets an ephemeral refusal and nothing changes."""
    w = world
    table_id, _ = await open_table(w)
    t = w.service.get(table_id)
    thread_id = next(iter(w.fake.threads))
    board = w.fake.messages[[m for m in w.fake.channel_messages(thread_id) if m.embeds][0].id]
    decider = ANA if decision_buttons(w, latest_dm(w, ANA)) else BEN
    other = BEN if decider == ANA else ANA
    assert not decision_buttons(w, latest_dm(w, other))
    current = decision_buttons(w, latest_dm(w, decider))[0]["custom_id"]
    v0 = t.version
    # A spectator: "My hand" and a (crafted) decision click are refused; /table concede too.
    r = await w.fake.click(SPECTATOR, board, f"mh:h:{table_id}")
    assert r.ephemeral and "not seated" in r.content
    r = await w.fake.click(SPECTATOR, board, current, force=True)
    assert r.ephemeral and "not seated" in r.content
    r = await w.fake.slash(SPECTATOR, thread_id, "table", {}, sub="concede")
    assert r.ephemeral and "not seated" in r.content
    # Out of turn: the other player presses the current decision's button.
    r = await w.fake.click(other, latest_dm(w, other), current, force=True)
    assert "not your decision" in refusal(r)
    assert t.version == v0
    # Double click: the same button twice at once; exactly one is applied.
    msg = latest_dm(w, decider)
    button = decision_buttons(w, msg)[0]["custom_id"]
    r1, r2 = await asyncio.gather(w.fake.click(decider, msg, button), w.fake.click(decider, msg, button))
    await w.settle()
    assert t.version == v0 + 1
    # Both are acknowledged at once (deferred updates); one edits the DM, one is refused.
    assert [r1.type, r2.type] == [6, 6]
    applied, refused = (r1, r2) if updated_in_place(r1, msg) else (r2, r1)
    assert updated_in_place(applied, msg) and not applied.followups
    assert not updated_in_place(refused, msg) and "Already decided" in refusal(refused)
    # A stale button, from a decision two versions back, after the game moved on.
    await play_to_the_end(w, table_id, Rng.from_seed(1), max_clicks=1)
    assert t.version >= v0 + 2
    r = await w.fake.click(decider, latest_dm(w, decider), current, force=True)
    assert "has passed" in refusal(r) or "Already decided" in refusal(r)
    before = t.version
    r = await w.fake.click(decider, latest_dm(w, decider), f"mh:o:{table_id}:0:0", force=True)
    assert t.version == before


async def test_no_hidden_card_reaches_a_channel_or_another_players_dm(world):
    """Across a whole game: no channel or thread message, and no DM of the other player, names a card
    that was only ever in a player's hand or deck (MX-ZN-04)."""
    w = world
    table_id, _ = await open_table(w)
    t = w.service.get(table_id)
    rng = Rng.from_seed(21)
    ever_public: set[str] = set()
    leaks: list[str] = []
    steps = 0
    while t.status == "playing":
        st = t.state
        defs = {c: st.cards[c] for c in range(len(st.cards))}
        for pl in st.players:
            for c in pl.discard:
                ever_public.add(defs[c])
            for ch in pl.in_play:
                ever_public.add(defs[ch.card])
                ever_public.update(defs[d.card] for d in ch.damage)
        for a in st.attacks:
            ever_public.update(defs[c] for c in (a.card, a.dcard) if c >= 0)
        ever_public.update(defs[c] for c in st.resolving)
        hidden = {0: set(), 1: set()}
        for p, pl in enumerate(st.players):
            hidden[p] |= {defs[c] for c in pl.hand + pl.deck}
        from games.metax.pool import card_pool

        names = {cid: card_pool()[cid].name for cid in set(defs.values())}
        public_text = " ".join(w.fake.text_of(m) for cid in [CHANNEL_ID, *w.fake.threads]
                               for m in w.fake.channel_messages(cid))
        for p, user in ((0, ANA), (1, BEN)):
            other_dm = " ".join(w.fake.text_of(m) for m in w.fake.dm_messages(BEN if user == ANA else ANA))
            for cid in hidden[p] - ever_public:
                if names[cid] in public_text:
                    leaks.append(f"{names[cid]} in a channel")
                if names[cid] in other_dm and cid not in hidden[1 - p]:
                    leaks.append(f"{names[cid]} in the other player's DM")
        if not await play_to_the_end(w, table_id, rng, max_clicks=1):
            break
        steps += 1
    assert steps > 10 and len(ever_public) > 5
    assert not leaks, leaks[:5]


async def test_rest_calls_per_player_action_stay_under_two(world):
    """The REST budget (docs/performance.md): at most 2 REST calls (interaction callbacks excluded) per
    action, on average."""
    w = world
    table_id, _ = await open_table(w)
    before = len(w.fake.rest)
    clicks = await play_to_the_end(w, table_id, Rng.from_seed(31))
    calls = len(w.fake.rest) - before
    print(f"REST calls per action: {calls}/{clicks} = {calls / clicks:.2f}")
    assert clicks > 10
    assert calls / clicks <= 2.0, f"{calls} REST calls for {clicks} actions"


async def test_table_commands_list_status_log_stats_leaderboard(world):
    w = world
    table_id, _ = await open_table(w)
    r = await w.fake.slash(SPECTATOR, CHANNEL_ID, "table", {}, sub="list")
    assert table_id in r.content
    t = w.service.get(table_id)
    # the decks each seat brings, by name, never by id
    assert all(f"({t.deck_title(s.seat)})" in r.content and s.deck_id not in r.content for s in t.seats)
    r = await w.fake.slash(SPECTATOR, CHANNEL_ID, "table", {}, sub="status")
    assert "Waiting for" in w.fake.text_of(r)
    await play_to_the_end(w, table_id, Rng.from_seed(2))
    r = await w.fake.slash(ANA, CHANNEL_ID, "stats", {})
    assert "1 games" in w.fake.text_of(r)
    r = await w.fake.slash(ANA, CHANNEL_ID, "leaderboard", {"game": "metax"})
    assert "wins" in w.fake.text_of(r)


async def test_table_new_names_missing_permissions(world, monkeypatch):
    import discord

    monkeypatch.setattr(discord.Interaction, "app_permissions",
                        property(lambda self: discord.Permissions(view_channel=True, send_messages=True)))
    r = await world.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax"}, sub="new")
    assert r.ephemeral and "Embed Links" in r.content and "Create Public Threads" in r.content
    assert not world.service.tables


def test_bot_without_a_token_exits_with_a_clear_message(monkeypatch, capsys, tmp_path):
    from bot.cli import main

    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here
    assert main(["bot"]) == 2
    out = capsys.readouterr().out
    assert "DISCORD_TOKEN is not set" in out


def test_settings_never_show_the_token():
    s = Settings(_env_file=None, DISCORD_TOKEN="super-secret-token-value")
    assert "super-secret" not in repr(s) and "super-secret" not in str(s.model_dump())



class FakeClock:
    def __init__(self):
        self.t = 1_000_000.0

    def now(self) -> float:
        return self.t


@pytest.mark.parametrize("closed", [False, True])
async def test_reminder_reaches_the_deciding_player_then_the_default_applies(fake, new_db, closed):
    """Half time: a DM reminder (a mention in the table's thread when DMs are closed); the deadline: the
    default choice is applied and the board shows it."""
    clock = FakeClock()
    w = await World(fake, new_db("bot"), clock=clock).start()
    try:
        if closed:
            fake.closed_dms.update({ANA, BEN})
        table_id, _ = await open_table(w)
        t = w.service.get(table_id)
        decider = int(t.seats[t.game.decisions(t.state)[0].seat].user_id)
        thread_id = next(iter(fake.threads))
        clock.t += t.timeout / 2 + 1
        await w.service.tick()
        await w.settle()
        if closed:
            mentions = [m for m in fake.channel_messages(thread_id) if "⏰" in m.content]
            assert mentions and f"<@{decider}>" in mentions[-1].content
        else:
            reminders = [m for m in fake.dm_messages(decider) if "⏰" in m.content]
            assert reminders and "mulligan" in reminders[-1].content.lower()
        version = t.version
        clock.t += t.timeout / 2
        await w.service.tick()
        await w.settle()
        assert t.version == version + 1
        board = [m for m in fake.channel_messages(thread_id) if m.embeds][0]
        assert "ran out of time" in fake.text_of(fake.messages[board.id])
    finally:
        await w.stop()

"""Random clicking at a table of every game through the network-free harness (the brief's Discord manners and
safety rules): four people (two at MetaX) play by clicking the options of their DMs, and between
their moves they also press buttons and select entries of DMs they were sent earlier (a phone showing an old
message), press the same button twice at once (a double tap), and a person who is not seated presses them too
(a crafted request); people and the outsider also look with ``/table status`` and the board's **My hand**, and
people play from that ephemeral view too (the way to play with DMs closed). Checked after every click: every interaction is acknowledged (nobody sees "This
interaction failed"), nothing discord.py logs is an error (the harness fails the test), an outsider's press
changes nothing and is told so, a double tap applies one choice and tells the second press it was already
decided, every request fits Discord's limits, and at the end the stored log replays to the stored game
(``bot.audit``). Halfway the bot restarts: a new bot on the same store has the same game, and the buttons of
the DMs sent before the restart still answer. A new game inherits this test by being registered.

Each table plays a fixed number of clicks, not to its end: the end of a game through Discord is each game's
own test (``test_<game>_bot.py``). A second test plays a table of every game with every person's DMs closed,
through the board's **My hand** only."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.audit import audit
from games import game_ids, get_game

from .harness import CHANNEL_ID, MEMBER_IDS
from .limits import assert_all_within_limits
from .test_board_fit import board_message
from .test_bot import refusal
from .test_memesis_bot import acknowledged_everything, click_option, latest_dm
from .test_turns import open_seeded_table
from .world import World

OUTSIDER = 199
"""A member of the server who sits at no table."""
CLICKS = 150


def people(game_id: str) -> tuple[int, ...]:
    return tuple(101 + i for i in range(min(4, get_game(game_id).max_seats)))


def deciding_users(t, users) -> list[tuple[int, object]]:
    """(user, decision) for each person whose seat has an open decision."""
    out = []
    for d in t.game.decisions(t.state):
        for u in users:
            seat = t.seat_of(str(u))
            if seat is not None and t.game.managed_by(t.state, seat.seat) == d.seat:
                out.append((u, d))
    return out


def pressable(w: World, msg) -> list[dict]:
    """The decision buttons, menus and page buttons on ``msg``."""
    return [c for c in w.fake.components(msg) if c.get("custom_id", "").startswith(("mh:d:", "mh:m:", "mh:g:"))]


async def press(w: World, user: int, msg, comp: dict, rng: random.Random, force: bool):
    """Press ``comp`` (a button, or a random entry of a menu) on ``msg`` as ``user``."""
    if comp.get("type") == 3:
        value = rng.choice([o["value"] for o in comp["options"]])
        return await w.fake.click(user, msg, comp["custom_id"], [value], component_type=3, force=force)
    return await w.fake.click(user, msg, comp["custom_id"], force=force)


@pytest.mark.parametrize("game_id", game_ids())
async def test_random_clicks_old_messages_double_taps_and_outsiders_never_break_a_table(fake, new_db, game_id):
    live = [await World(fake, new_db("bot"), members=(*MEMBER_IDS, OUTSIDER)).start()]
    try:
        await monkey(live, game_id)
    finally:
        await live[0].stop()


async def monkey(live: list[World], game_id: str) -> None:
    """The test's clicks at a new table of ``game_id``; ``live[0]`` is the running bot (replaced at the restart)."""
    w = live[0]
    users = people(game_id)
    tid = await open_seeded_table(w, game_id, users, seed=5)
    t = w.service.get(tid)
    assert t.status == "playing"
    rng = random.Random(game_id)
    seen: dict[tuple[int, int, str], tuple[int, object, dict]] = {}  # every component a person was offered
    kinds = {"move": 0, "old": 0, "double": 0, "outsider": 0, "old after the restart": 0, "board": 0,
             "move from My hand": 0}
    for step in range(CLICKS):
        if t.status != "playing":
            break
        if step == CLICKS // 2:  # a restart: a new bot on the same store takes the table where it was
            before, version = t.game.to_json(t.state), t.version
            await w.stop()
            w = live[0] = await World(w.fake, w.path, members=w.members).start()
            t = w.service.get(tid)
            assert t.version == version and t.game.to_json(t.state) == before
        for u in users:
            msg = latest_dm(w, u)
            for c in pressable(w, msg) if msg is not None else []:
                seen.setdefault((u, msg.id, c["custom_id"]), (u, msg, c))
        deciding = deciding_users(t, users)
        roll = rng.random()
        early = step == 2 and bool(deciding)  # one play from My hand early, whatever the game's length
        version = t.version
        if early:
            roll = 0.92
        if roll < 0.6 and deciding:
            kinds["move"] += 1
            u, d = rng.choice(deciding)
            await click_option(w, u, rng.choice(d.options).id)
            assert t.version > version or t.status != "playing"
        elif roll < 0.75 and seen:
            kinds["old"] += 1
            kinds["old after the restart"] += step > CLICKS // 2
            u, msg, comp = rng.choice(list(seen.values()))
            await press(w, u, msg, comp, rng, force=True)
        elif roll < 0.9 and deciding:
            u, _ = rng.choice(deciding)
            msg = latest_dm(w, u)
            comps = [c for c in pressable(w, msg) if not c["custom_id"].startswith("mh:g:")]
            if not comps:
                continue
            kinds["double"] += 1
            comp = rng.choice(comps)
            value = [rng.choice([o["value"] for o in comp["options"]])] if comp.get("type") == 3 else None
            kind = 3 if value else 2
            first, second = await asyncio.gather(
                w.fake.click(u, msg, comp["custom_id"], value, component_type=kind),
                w.fake.click(u, msg, comp["custom_id"], value, component_type=kind, force=True))
            await w.settle()
            assert t.version > version or t.status != "playing"
            told = [r for r in (first, second) if r.type == 4 or r.followups]
            assert len(told) == 1, "one of the two presses must be refused, and only one"
            words = refusal(told[0]).lower()
            assert any(w_ in words for w_ in ("already decided", "no longer offered", "over")), words
        elif roll < 0.95:
            kinds["board"] += 1
            u = rng.choice([x for x, _ in deciding]) if deciding and (early or rng.random() < 0.7) else \
                rng.choice([*users, OUTSIDER])
            if not early and rng.random() < 0.5:  # /table status: anyone may look
                reply = await w.fake.slash(u, CHANNEL_ID, "table", {"table": tid}, sub="status")
                await w.settle()
                assert reply.ephemeral and t.version == version
            else:  # "My hand" on the board: the seat's private view (where DMs are closed, the way to play)
                reply = await w.fake.click(u, board_message(w), f"mh:h:{tid}")
                await w.settle()
                assert reply.ephemeral and t.version == version
                mine = [d for x, d in deciding if x == u]
                comps = [c for c in pressable(w, reply.message) if not c["custom_id"].startswith("mh:g:")] \
                    if reply.message is not None else []
                if u == OUTSIDER:
                    assert "not seated" in w.fake.text_of(reply)
                elif mine and comps:
                    kinds["move from My hand"] += 1
                    await press(w, u, reply.message, rng.choice(comps), rng, force=False)
                    await w.settle()
                    assert t.version > version or t.status != "playing"
        elif seen:
            kinds["outsider"] += 1
            _, msg, comp = rng.choice(list(seen.values()))
            reply = await press(w, OUTSIDER, msg, comp, rng, force=True)
            await w.settle()
            assert t.version == version, "a person who is not seated changed the game"
            assert refusal(reply)
        await w.settle()
        assert acknowledged_everything(w), "an interaction was never acknowledged"
    assert all(kinds[k] for k in ("move", "old", "double", "outsider", "board", "move from My hand")), kinds
    assert assert_all_within_limits(w.fake) > 0
    findings = await audit(w.store)
    assert findings and all(f.ok for f in findings), findings


@pytest.mark.parametrize("game_id", game_ids())
async def test_with_every_dm_closed_every_game_plays_through_my_hand(world, game_id):
    """The brief: decisions reach a player by DM, "or an ephemeral message when DMs are closed". Every person
    at a table of every game has DMs closed (50007) and plays only through the board's **My hand**: the
    ephemeral view is kept up to date as the game moves (a press on it is applied), pressing **My hand** again
    gives a fresh one, nothing is ever sent by DM, and every interaction is acknowledged within the limits."""
    w: World = world
    users = people(game_id)
    w.fake.closed_dms.update(users)
    tid = await open_seeded_table(w, game_id, users, seed=3)
    t = w.service.get(tid)
    rng = random.Random(3)
    hands: dict[int, object] = {}
    played = 0
    for _ in range(CLICKS // 2):
        if t.status != "playing":
            break
        deciding = deciding_users(t, users)
        assert deciding, "nobody can act: the table is stuck"
        u, _ = rng.choice(deciding)
        msg = hands.get(u)
        comps = [c for c in pressable(w, msg) if not c["custom_id"].startswith("mh:g:")] if msg else []
        if not comps or rng.random() < 0.2:
            reply = await w.fake.click(u, board_message(w), f"mh:h:{tid}")
            await w.settle()
            assert reply.ephemeral
            msg = hands[u] = w.fake.messages[reply.message.id]
            comps = [c for c in pressable(w, msg) if not c["custom_id"].startswith("mh:g:")]
        assert comps, f"{u}'s My hand shows no decision while they decide"
        version = t.version
        await press(w, u, msg, rng.choice(comps), rng, force=False)
        await w.settle()
        assert t.version > version or t.status != "playing"
        played += 1
        assert acknowledged_everything(w), "an interaction was never acknowledged"
    assert played >= 40 or t.status == "finished"
    assert not any(w.fake.dm_messages(u) for u in users)
    assert assert_all_within_limits(w.fake) > played

"""Nothing on a board or in a hand is dropped on Discord. A six-seat Meta table is played
into a worst-case position (tall main tower, a trigger stack per player, long hands) and every line of the
board text must reach the board message, every card of a hand the player's DM, within Discord's limits;
a board too big for one message keeps what fits and hands the rest over as a file (**Full board**,
``/table status``)."""

from __future__ import annotations

import pytest

from games.core.contract import SeatSetup
from games.core.rng import Rng
from games.meta import GAME as META

from .harness import CHANNEL_ID, MEMBER_IDS
from .limits import assert_all_within_limits
from .test_bot import click_decision, decision_buttons, latest_dm
from .world import seeded_tables

EVENTS = [f"e{i:03d}.1" for i in range(1, 42)]
TRIGGERS = [f"t{i:03d}.1" for i in range(1, 23)]


def big_position(levels: int, per_level: int, trigger_levels: int, per_trigger_level: int, hand: int,
                 n: int = 6) -> dict:
    """A Meta position (``Game.position`` spec): a main tower of ``levels`` levels of ``per_level`` entries,
    one face-down trigger per player with ``trigger_levels`` levels of ``per_trigger_level`` entries, every
    entry aimed at a player, and ``hand`` cards in every hand."""
    count = 0

    def entry(p: int) -> dict:
        nonlocal count
        count += 1
        return {"card": EVENTS[count % len(EVENTS)], "player": p, "target": {"player": (p + 1) % n}}

    return {
        "main": [[entry(j % n) for j in range(per_level)] for _ in range(levels)],
        "triggers": [{"owner": s, "trigger": TRIGGERS[s], "target": (s + 2) % n,
                      "levels": [[entry((s + j) % n) for j in range(per_trigger_level)]
                                 for _ in range(trigger_levels)]} for s in range(n)],
        "players": [{"memory": ["e003.1"] * 12, "graveyard": EVENTS[:5],
                     "hand": [EVENTS[(s * 7 + j) % len(EVENTS)] for j in range(hand)]} for s in range(n)],
    }


async def six_seat_table(w):
    """A started six-seat Meta table: four users and two computer seats."""
    host = MEMBER_IDS[0]
    reply = await w.fake.slash(host, CHANNEL_ID, "table", {"game": "meta", "seats": 6}, sub="new")
    table_id = next(iter(w.service.tables))
    for user in MEMBER_IDS[1:]:
        await w.fake.click(user, reply.message, f"mh:l:{table_id}:join")
    for _ in range(2):
        await w.fake.click(host, reply.message, f"mh:l:{table_id}:computer")
    await w.fake.click(host, reply.message, f"mh:l:{table_id}:start")
    await w.settle()
    t = w.service.get(table_id)
    assert t.status == "playing" and len(t.seats) == 6
    return t


async def put_position(w, t, spec: dict) -> None:
    """Set the table's game to the position ``spec`` and let the front redraw the board and DMs."""
    t.state = META.position(spec, [SeatSetup(s.name) for s in t.seats], t.seed)
    await w.bot.front.game_changed(t, [], {})
    await w.settle()


def board_message(w):
    thread_id = next(iter(w.fake.threads))
    boards = [m for m in w.fake.channel_messages(thread_id) if m.embeds and "spectators" in w.fake.text_of(m)]
    return boards[-1]


async def test_a_tall_six_seat_board_reaches_discord_whole(world):
    """A six-seat board of about 4,000 characters (it was cut at 2,500) is in the board
    message line by line, within every limit, without "Version" in the footer and without a Full board
    button (it fits)."""
    w = world
    t = await six_seat_table(w)
    await put_position(w, t, big_position(4, 7, 2, 3, hand=9))
    text = META.board_text(META.view(t.state, None))
    assert len(text) > 3500
    board = board_message(w)
    shown = w.fake.text_of(board)
    missing = [line for line in text.splitlines() if line not in shown]
    assert not missing, f"{len(missing)} board lines not on Discord, e.g. {missing[:3]}"
    assert len(board.embeds) == 1 and len(board.embeds[0].get("fields") or []) >= 1
    assert "Version" not in board.embeds[0]["footer"]["text"]
    assert not [c for c in w.fake.components(board) if c.get("custom_id", "").startswith("mh:b:")]
    assert assert_all_within_limits(w.fake) > 10


async def test_a_board_too_big_for_a_message_hands_the_rest_over_as_a_file(world):
    """A board of about 7,000 characters (more than one message holds) shows what fits and
    says how many lines are left; "Full board" (a public button: anyone may press it) and `/table status` send the whole
    board as a file holding every line."""
    w = world
    t = await six_seat_table(w)
    await put_position(w, t, big_position(5, 10, 3, 5, hand=9))
    text = META.board_text(META.view(t.state, None))
    assert len(text) > 6000
    board = board_message(w)
    assert "more lines" in w.fake.text_of(board) and "Full board" in w.fake.text_of(board)
    full = [c for c in w.fake.components(board) if c.get("custom_id") == f"mh:b:{t.id}"]
    assert full and full[0]["label"] == "Full board"
    reply = await w.fake.click(MEMBER_IDS[3], board, f"mh:b:{t.id}")
    await w.settle()
    assert reply.ephemeral and reply.messages[0].attachments
    data = w.fake.cdn[reply.messages[0].attachments[0]["url"]].decode("utf-8")
    assert data == text
    status = await w.fake.slash(MEMBER_IDS[2], CHANNEL_ID, "table", {"table": t.id}, sub="status")
    await w.settle()
    assert status.ephemeral and status.message.attachments
    assert w.fake.cdn[status.message.attachments[0]["url"]].decode("utf-8") == text
    assert assert_all_within_limits(w.fake) > 10


async def test_a_sixty_card_hand_keeps_every_card_in_the_dm(world):
    """A hand of 60 cards keeps every card in the player's DM: lines get shorter, never fewer.
    (Each line once carried the card's text, about 5,400 characters; now one short line per card,
    under 2,000.)"""
    w = world
    t = await six_seat_table(w)
    await put_position(w, t, big_position(2, 3, 1, 1, hand=60))
    for seat in range(4):
        view = META.view(t.state, seat)
        assert len(META.private_text(view)) > 1500
        dms = [m for m in w.fake.dm_messages(MEMBER_IDS[seat]) if m.embeds]
        shown = w.fake.text_of(dms[-1])
        cards = [c["line"] for c in view.private["hand"]]
        assert len(cards) == 60
        # each line starts with its card; lines may be shortened, so compare the first 25 characters
        missing = [c for c in cards if f"  {c}"[:25] not in shown]
        assert not missing, missing[:3]
        assert shown.count("\n  ") >= 60
    assert assert_all_within_limits(w.fake) > 10


@pytest.mark.slow
async def test_every_board_of_a_seeded_six_seat_game_reaches_discord_whole(world):
    """A seeded six-seat Meta game (four users clicking random options in their DMs, two
    computer seats) keeps the whole board text in the board message after every click."""
    w = world
    with seeded_tables(w, 6006):
        t = await six_seat_table(w)
    rng = Rng.from_seed(6)
    checked = longest = 0
    for _ in range(150):
        if t.status != "playing":
            break
        open_now = [u for u in MEMBER_IDS if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        if not open_now:
            break
        user = open_now[rng.below(len(open_now))]
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        text = META.board_text(META.view(t.state, None))
        shown = w.fake.text_of(board_message(w))
        assert [line for line in text.splitlines() if line not in shown] == []
        checked += 1
        longest = max(longest, len(text))
    assert checked >= 50 and longest > 1500
    assert assert_all_within_limits(w.fake) > checked


async def big_table(w, game: str, seats: int, options: str | None, seed: int):
    """A started table of ``game`` with ``seats`` seats (four users, computers in the rest) and the table
    ``options``, at table seed ``seed``."""
    host = MEMBER_IDS[0]
    with seeded_tables(w, seed):
        reply = await w.fake.slash(host, CHANNEL_ID, "table", {"game": game, "seats": seats,
                                                               **({"options": options} if options else {})},
                                   sub="new")
    assert not reply.ephemeral, reply.content
    table_id = next(iter(w.service.tables))
    for user in MEMBER_IDS[1:4]:
        await w.fake.click(user, reply.message, f"mh:l:{table_id}:join")
    t = w.service.get(table_id)
    while len(t.seats) < seats:
        await w.fake.click(host, reply.message, f"mh:l:{table_id}:computer")
    await w.fake.click(host, reply.message, f"mh:l:{table_id}:start")
    await w.settle()
    assert t.status == "playing" and len(t.seats) == seats
    return t


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seats", "options"), [
    ("metazoo", 4, None), ("memesis", 4, None), ("metaolympia", 8, "mega=on gambling=on wagers=on")])
async def test_every_board_of_the_later_games_largest_tables_reaches_discord_whole(world, game, seats, options):
    """Boards within Discord's limits for the games built after Meta and MetaX, at their largest
    tables (four Casters, four Memesis players,
    a Mega League of eight teams with bets and wagers): after every click the board message holds every line of
    the board text, or what fits with "more lines" and the **Full board** button."""
    w = world
    t = await big_table(w, game, seats, options, 7)
    rng = Rng.from_seed(7)
    checked = longest = 0
    for _ in range(120):
        if t.status != "playing":
            break
        open_now = [u for u in MEMBER_IDS[:4] if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        if not open_now:
            break
        user = open_now[rng.below(len(open_now))]
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        text = t.game.board_text(t.game.view(t.state, None))
        board = board_message(w)
        shown = w.fake.text_of(board)
        if "more lines" in shown:
            assert [c for c in w.fake.components(board) if c.get("custom_id") == f"mh:b:{t.id}"]
        else:
            assert [line for line in text.splitlines() if line not in shown] == []
        checked += 1
        longest = max(longest, len(text))
    assert checked >= 40 and longest > 700, (checked, longest)  # MetaZoo's four Casters: 809 characters
    assert assert_all_within_limits(w.fake) > checked

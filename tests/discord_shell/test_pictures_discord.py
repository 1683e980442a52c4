"""Board pictures on Discord: the board message carries the picture of the public board as an
embed image from its attachment, uploaded only when the public view changed and inside the board's usual
edit (the REST count per action does not grow); a table option, a server setting and ``BOARD_PICTURES``
turn it off (the text board stays); ``/card`` shows the card face; a picture that fails to render leaves
the board as text. The painter (:mod:`bot.picture`) is replaced by a fake that returns small PNG-headed
bytes naming the view it was given, so these tests run whatever the real painter draws."""

from __future__ import annotations

import hashlib
import json
import logging
import re

import pytest

from bot import picture
from games.core.rng import Rng

from . import world as world_module
from .harness import CHANNEL_ID, Call, FakeDiscord
from .limits import assert_all_within_limits
from .test_bot import click_decision, decision_buttons, latest_dm, refusal
from .world import PaceClock, World, seeded_tables

ANA, BEN = 101, 102
PNG_HEAD = b"\x89PNG\r\n\x1a\n"
EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
POST = ("POST", "/channels/{channel_id}/messages")


def fake_png(tag: str) -> bytes:
    """Small bytes that start like a PNG and say what they picture."""
    return PNG_HEAD + tag.encode()


def public_tag(view) -> str:
    """What the fake painter writes for a public view: a digest of everything a picture may show."""
    result = view.result.to_dict() if view.result is not None else None
    text = json.dumps([view.board, list(view.waiting), result], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.fixture
def painter(monkeypatch):
    """The fake painter: ``painter.boards`` counts board renders; ``painter.fail`` makes them raise."""
    state = type("Painter", (), {"boards": 0, "cards": [], "fail": False})()

    def board_png(game, view):
        assert view.viewer is None and view.private is None  # only the public view is ever painted
        state.boards += 1
        if state.fail:
            raise RuntimeError("the painter broke")
        return fake_png("board:" + public_tag(view))

    def card_png(game, card):
        state.cards.append(card.id)
        return fake_png("card:" + card.id)

    monkeypatch.setattr(picture, "board_png", board_png)
    monkeypatch.setattr(picture, "card_png", card_png)
    return state


async def open_game(w: World, seed: int, **options) -> str:
    """A two-seat MetaX table at table seed ``seed`` opened by ``/table new`` (with ``options``), joined and
    started through the lobby's buttons. Returns the table id."""
    with seeded_tables(w, seed):
        reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax", **options}, sub="new")
    assert not reply.ephemeral, reply.content
    table_id = next(iter(w.service.tables))
    await w.fake.click(BEN, reply.message, f"mh:l:{table_id}:join")
    await w.fake.click(ANA, reply.message, f"mh:l:{table_id}:start")
    await w.settle()
    return table_id


async def play(w: World, table_id: str, rng: Rng, clicks: int, each=None) -> int:
    """Click a random offered option of a deciding player, ``clicks`` times or until the game ends; calls
    ``each()`` after every settled click. Returns the clicks made."""
    t = w.service.get(table_id)
    done = 0
    while t.status == "playing" and done < clicks:
        open_now = [u for u in (ANA, BEN) if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        assert open_now, "nobody has a decision to click but the game is not over"
        user = open_now[rng.below(len(open_now))]
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        done += 1
        if each is not None:
            each()
    return done


def board(w: World):
    """The table's board message (in its thread)."""
    thread_id = next(iter(w.fake.threads))
    boards = [m for m in w.fake.channel_messages(thread_id) if m.embeds and "spectators see only" in m.text]
    return boards[-1]


def shown_png(w: World, msg) -> bytes | None:
    """The bytes of the picture the board's embed shows (None: no image)."""
    att = msg.image()
    return w.fake.cdn[att["url"]] if att is not None else None


def board_calls(w: World, since: int = 0) -> list[Call]:
    thread_id = next(iter(w.fake.threads))
    return [c for c in w.fake.rest[since:] if (c.method, c.path) in (EDIT, POST) and c.channel_id == thread_id
            and "spectators see only" in w.fake.text_of(c)]


async def test_the_board_message_shows_the_picture_of_the_public_board_as_its_embed_image(world, painter):
    """The board message has the attachment board.png and its embed shows attachment://board.png;
    after every action the picture is the one of the current public view; the text board stays."""
    w = world
    table_id = await open_game(w, seed=3)
    t = w.service.get(table_id)
    msg = board(w)
    assert msg.files == [("board.png", len(fake_png("board:" + public_tag(t.game.view(t.state, None)))))]
    assert msg.embeds[0]["image"]["url"] == "attachment://board.png"
    assert t.game.board_text(t.game.view(t.state, None)).splitlines()[0] in msg.text  # the text stays

    def current() -> None:
        m = board(w)
        assert shown_png(w, m) == fake_png("board:" + public_tag(t.game.view(t.state, None)))
        assert len(m.attachments) == 1  # each new picture replaced the old one

    await play(w, table_id, Rng.from_seed(3), 25, each=current)
    assert_all_within_limits(w.fake)


async def test_a_picture_is_uploaded_only_when_the_public_view_changed(world, painter):
    """Over a seeded game no board request re-uploads the picture already shown, and a picture
    is painted at most once per public view; a board edit for a change outside the public view (a seat's
    DMs closed, so the board names it) carries no file and keeps the picture."""
    w = world
    table_id = await open_game(w, seed=5)
    t = w.service.get(table_id)
    views = [public_tag(t.game.view(t.state, None))]
    await play(w, table_id, Rng.from_seed(5), 30, each=lambda: views.append(public_tag(t.game.view(t.state, None))))
    uploads = [c.file_bytes[0] for c in board_calls(w) if c.files]
    assert uploads and all(a != b for a, b in zip(uploads, uploads[1:], strict=False)), "a picture was re-uploaded"
    changes = sum(1 for a, b in zip(views, views[1:], strict=False) if a != b)
    assert painter.boards <= 1 + changes and len(uploads) <= 1 + changes

    # BEN closed his DMs; a reminder finds out (50007): the board's text changes (it names him and offers
    # My hand), the public view does not.
    before, shown = len(w.fake.rest), shown_png(w, board(w))
    w.fake.closed_dms.add(BEN)
    renders = painter.boards
    decision = t.game.decisions(t.state)[0]
    await w.bot.front.reminder(t, t.seat_of(str(BEN)).seat, decision, 2_000_000_000.0)
    await w.settle()
    calls = board_calls(w, before)
    assert calls and not any(c.files for c in calls), calls
    assert "has DMs closed" in board(w).text and shown_png(w, board(w)) == shown
    assert painter.boards == renders


async def rest_per_game(new_db, monkeypatch, name: str, pictures: bool, seed: int) -> tuple[int, int, int]:
    """``(clicks, REST calls, board uploads)`` of a whole seeded MetaX game, pictures on or off."""
    fake = FakeDiscord(monkeypatch)
    pace = [0.0]
    w = await World(fake, new_db(name), clock=PaceClock(pace), BOARD_PICTURES=pictures).start()
    w.bot.front.now = lambda: pace[0]  # simulated time, as in bench/bench_discord_rest.py
    try:
        table_id = await open_game(w, seed)
        before = len(fake.rest)

        def tick() -> None:
            pace[0] += 10.0

        t = w.service.get(table_id)
        clicks = await play(w, table_id, Rng.from_seed(seed), 400, each=tick)
        assert t.status == "finished"
        return clicks, len(fake.rest) - before, sum(1 for c in fake.rest[before:] if "board.png" in c.files)
    finally:
        await w.stop()
        await fake.close()


async def test_pictures_cost_no_rest_call_over_a_seeded_game(new_db, monkeypatch, painter):
    """A whole seeded game makes exactly as many REST calls with pictures as
    without; the pictures ride on the board's edits."""
    off = await rest_per_game(new_db, monkeypatch, "off", False, seed=2)
    on = await rest_per_game(new_db, monkeypatch, "on", True, seed=2)
    assert on[0] == off[0] and on[1] == off[1], f"pictures on {on}, off {off}"
    assert on[2] > 1 and off[2] == 0


async def record_of_a_game(new_db, monkeypatch, later: bool) -> tuple[list[str], list[bytes], int]:
    """Every request and interaction reply of 40 clicks of a seeded MetaX game with the real painter (ids
    numbered in order of appearance, the table id named), the bytes of its uploads, and how many pictures were
    painted before those bytes were read. ``later``: pictures painted when read (the Discord tests' way,
    :func:`tests.discord_shell.world.paint_pictures_later`), else at once (the bot's own)."""
    if not later:
        monkeypatch.setattr(world_module, "paint_pictures_later", lambda fake: None)
    fake = FakeDiscord(monkeypatch)
    pace = [0.0]
    w = await World(fake, new_db(f"later-{later}"), clock=PaceClock(pace)).start()
    w.bot.front.now = lambda: pace[0]
    try:
        table_id = await open_game(w, seed=6)

        def tick() -> None:
            pace[0] += 10.0

        await play(w, table_id, Rng.from_seed(6), 40, each=tick)
    finally:
        await w.stop()
        await fake.close()
    painted = sum(1 for upload in fake._later.values() if upload._data is not None)
    ids: dict[str, str] = {}
    calls = [re.sub(r"\d{15,}", lambda m: ids.setdefault(m.group(), f"<id {len(ids)}>"),
                    json.dumps([c.kind, c.method, c.url, c.type, c.json, c.files], sort_keys=True).replace(table_id, "<table>"))
             for c in fake.rest + fake.replies]
    return calls, [data for c in fake.rest for data in c.file_bytes], painted


async def test_pictures_painted_when_read_are_the_ones_painted_at_once(new_db, monkeypatch):
    """The Discord tests paint the bot's board pictures only when a test reads them: the same seeded game
    makes the same requests and replies as with the bot's own painting, uploads the same bytes, and paints
    nothing no test read."""
    at_once, at_once_bytes, _ = await record_of_a_game(new_db, monkeypatch, later=False)
    monkeypatch.undo()
    when_read, when_read_bytes, painted = await record_of_a_game(new_db, monkeypatch, later=True)
    assert painted == 0 and len(at_once_bytes) > 10
    assert when_read == at_once
    assert when_read_bytes == at_once_bytes and all(data.startswith(PNG_HEAD) for data in when_read_bytes)


async def test_a_table_opened_with_pictures_off_shows_text_only(world, painter):
    """`/table new pictures:False` (kept in the table's options): no attachment, no image, the
    text board as always; the lobby says so."""
    w = world
    table_id = await open_game(w, seed=3, pictures=False)
    assert not w.service.get(table_id).pictures
    lobby = next(m for m in w.fake.channel_messages(CHANNEL_ID) if m.embeds and table_id in m.text)
    assert "board pictures off" in lobby.text
    await play(w, table_id, Rng.from_seed(3), 6)
    msg = board(w)
    assert not msg.attachments and "image" not in msg.embeds[0] and "spectators see only" in msg.text
    assert not any(c.files for c in board_calls(w)) and painter.boards == 0


async def test_a_server_setting_turns_pictures_off_and_on_admins_only(world, painter):
    """`/settings pictures state:off` by a member with Manage Server: stored for the server, and
    the board in play drops its picture in one edit (no extra call); other members are refused and nothing
    changes; `/settings pictures` alone says the setting; `state:on` brings the picture back. (ANA owns the
    fake server, so she has Manage Server; BEN is a plain member.)"""
    w = world
    fake = w.fake
    table_id = await open_game(w, seed=3)
    assert board(w).image() is not None

    no = await fake.slash(BEN, CHANNEL_ID, "settings", {"state": "off"}, sub="pictures")
    await w.settle()
    assert "Manage Server" in refusal(no) and board(w).image() is not None
    assert await w.store.get_kv(f"pictures:{fake.guild_id}") is None

    before = len(fake.rest)
    off = await fake.slash(ANA, CHANNEL_ID, "settings", {"state": "off"}, sub="pictures")
    await w.settle()
    assert off.ephemeral and "**off**" in off.text
    calls = board_calls(w, before)
    assert len(calls) == 1 and calls[0].json["attachments"] == [] and not calls[0].files
    assert not board(w).attachments and "image" not in board(w).embeds[0]
    assert await w.store.get_kv(f"pictures:{fake.guild_id}") == "off"
    renders = painter.boards
    await play(w, table_id, Rng.from_seed(4), 4)
    assert not board(w).attachments and painter.boards == renders

    shown = await fake.slash(BEN, CHANNEL_ID, "settings", {}, sub="pictures")  # reading it: anyone
    await w.settle()
    assert "**off**" in shown.text
    await fake.slash(ANA, CHANNEL_ID, "settings", {"state": "on"}, sub="pictures")
    await w.settle()
    t = w.service.get(table_id)
    assert shown_png(w, board(w)) == fake_png("board:" + public_tag(t.game.view(t.state, None)))


async def test_the_server_setting_survives_a_restart(fake, new_db, painter):
    """The server's setting is stored (key ``pictures:<guild id>``): a restarted bot's boards stay text-only."""
    w = await World(fake, new_db("bot")).start()
    try:
        await fake.slash(ANA, CHANNEL_ID, "settings", {"state": "off"}, sub="pictures")
        await w.settle()
    finally:
        await w.stop()
    w2 = await World(fake, new_db("bot")).start()
    try:
        await open_game(w2, seed=3)
        assert not board(w2).attachments and painter.boards == 0
    finally:
        await w2.stop()


async def test_bot_setting_board_pictures_false_turns_every_board_to_text(fake, new_db, painter):
    """``BOARD_PICTURES=false``: no board anywhere carries a picture."""
    w = await World(fake, new_db("bot"), BOARD_PICTURES=False).start()
    try:
        table_id = await open_game(w, seed=3)
        await play(w, table_id, Rng.from_seed(3), 3)
        assert not board(w).attachments and painter.boards == 0
    finally:
        await w.stop()


async def test_card_shows_a_picture_of_the_card_face_and_its_text(world, painter):
    """`/card` acknowledges first, then answers with the card's text and its face as the embed
    image (attachment card.png); a game without a card picture answers with the text alone."""
    w = world
    reply = await w.fake.slash(ANA, CHANNEL_ID, "card", {"game": "metax", "name": "hercules — son of thunder"})
    await w.settle()
    assert reply.type == 5 and reply.ephemeral  # acknowledged before painting
    msg = reply.messages[-1]
    assert msg.image() is not None and msg.image()["filename"] == "card.png"
    card_id = painter.cards[-1]
    assert w.fake.cdn[msg.image()["url"]] == fake_png("card:" + card_id)
    # The picture is of this card; its id is no longer printed (no card ids in /card).
    assert msg.embeds[0]["title"] == "Hercules — Son of Thunder" and card_id == "hercules" and card_id not in msg.text

    picture.card_png = lambda game, card: None  # the monkeypatch fixture restores it
    plain = await w.fake.slash(ANA, CHANNEL_ID, "card", {"game": "meta", "name": "e018.2"})
    await w.settle()
    assert plain.messages[-1].embeds[0]["title"] == "Kindling" and not plain.messages[-1].attachments
    assert_all_within_limits(w.fake)


async def test_a_picture_that_fails_to_render_leaves_the_board_as_text_logged_once(world, painter, caplog):
    """When painting raises, the board still goes out (text, no image), every click is answered,
    and the failure is logged once for the table, not at every edit; `/card` answers with its text."""
    w = world
    painter.fail = True
    with caplog.at_level(logging.ERROR, logger="metahost"):
        table_id = await open_game(w, seed=3)
        replies = []
        rng = Rng.from_seed(3)
        for _ in range(6):
            user = next(u for u in (ANA, BEN) if decision_buttons(w, latest_dm(w, u)))
            replies.append(await click_decision(w, user, latest_dm(w, user), rng))
            await w.settle()
    msg = board(w)
    assert "spectators see only" in msg.text and not msg.attachments and "image" not in msg.embeds[0]
    assert all(r.acknowledged for r in replies) and w.service.get(table_id).seq >= 6
    failed = [r for r in caplog.records if "board picture" in r.getMessage()]
    assert len(failed) == 1 and painter.boards > 1

    def broken(game, card):
        raise RuntimeError("no face")

    picture.card_png = broken
    card = await w.fake.slash(ANA, CHANNEL_ID, "card", {"game": "metax", "name": "hercules — son of thunder"})
    await w.settle()
    assert card.messages[-1].embeds[0]["title"] == "Hercules — Son of Thunder"
    assert not card.messages[-1].attachments


async def test_a_new_board_post_carries_the_picture_again(world, painter):
    """A board that can no longer be edited (30046) is posted anew: the new message carries the picture in
    that same post (an attachment belongs to its message)."""
    w = world
    table_id = await open_game(w, seed=3)
    old = board(w)
    w.fake.inject(30046, method=EDIT[0], path=EDIT[1], message_id=old.id)
    await play(w, table_id, Rng.from_seed(3), 1)
    new = board(w)
    t = w.service.get(table_id)
    assert new.id != old.id
    assert shown_png(w, new) == fake_png("board:" + public_tag(t.game.view(t.state, None)))


async def test_table_status_shows_the_board_picture_unless_the_table_has_pictures_off(world, painter):
    """`/table status` answers with the board's text and, like the board message, its picture (painted once
    per public view: the board already painted this one)."""
    w = world
    table_id = await open_game(w, seed=3)
    t = w.service.get(table_id)
    renders = painter.boards
    status = await w.fake.slash(BEN, CHANNEL_ID, "table", {"table": table_id}, sub="status")
    await w.settle()
    msg = status.messages[-1]
    assert "spectators see only" in msg.text
    assert shown_png(w, msg) == fake_png("board:" + public_tag(t.game.view(t.state, None)))
    assert painter.boards == renders
    t.options["pictures"] = False  # as `/table new pictures:False` stores it
    plain = await w.fake.slash(BEN, CHANNEL_ID, "table", {"table": table_id}, sub="status")
    await w.settle()
    assert not plain.messages[-1].attachments and "spectators see only" in plain.messages[-1].text
    assert_all_within_limits(w.fake)


async def test_a_rematch_of_a_table_with_pictures_off_keeps_them_off(world, painter):
    """A rematch keeps the options: the rematch's board is text only too."""
    w = world
    table_id = await open_game(w, seed=3, pictures=False)
    await w.fake.slash(ANA, CHANNEL_ID, "table", {"table": table_id}, sub="concede")
    await w.settle()
    concede = next(c["custom_id"] for m in w.fake.messages.values() for c in w.fake.components(m)
                   if c.get("custom_id", "").endswith(":yes") and table_id in c["custom_id"])
    confirm = next(m for m in w.fake.messages.values()
                   if any(c.get("custom_id") == concede for c in w.fake.components(m)))
    await w.fake.click(ANA, confirm, concede)
    await w.settle()
    result = [m for m in w.fake.messages.values() if "game over" in m.text and table_id in m.text][-1]
    rematch = next(c["custom_id"] for c in w.fake.components(result) if c.get("label", "").startswith("Rematch"))
    for user in (ANA, BEN):
        await w.fake.click(user, w.fake.messages[result.id], rematch)
        await w.settle()
    (new,) = w.service.tables.values()
    assert new.status == "playing" and not new.pictures
    assert not board(w).attachments and painter.boards == 0

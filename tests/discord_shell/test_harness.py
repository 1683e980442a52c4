"""Proves the network-free Discord harness against a tiny throwaway discord.py bot."""

from __future__ import annotations

import io
import re

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from .harness import BOT_ID, CHANNEL_ID, GUILD_ID, UPLOAD_MAX, FakeDiscord

ALICE, BOB, CAROL = 101, 102, 103
FRUITS = ["Apple", "Apricot", "Banana", "Cherry", "Grape"]


class DemoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:(?P<n>\d+)"):
    """A dynamic item: any bot instance that registered it answers clicks on any message carrying it."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Demo {n}", custom_id=f"demo:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=f"clicked {self.n} by {interaction.user.id}", view=None
        )


class PingView(discord.ui.View):
    """A persistent view: fixed custom id, no timeout, registered with bot.add_view in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Hello", custom_id="persist:hello")
    async def hello(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"hello {interaction.user.id}", ephemeral=True)


class DeckModal(discord.ui.Modal, title="Import deck"):
    """Two text inputs; ``owner`` set: only that user may submit (its interaction_check)."""

    deck_name = discord.ui.TextInput(label="Name", custom_id="deck_name", max_length=20)
    cards = discord.ui.TextInput(label="Cards", custom_id="cards", style=discord.TextStyle.paragraph)

    def __init__(self, owner: int | None = None) -> None:
        super().__init__()
        self.owner = owner

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return self.owner is None or interaction.user.id == self.owner

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"{self.deck_name.value}: {self.cards.value} (by {interaction.user.id})", ephemeral=True
        )


class NoteModal(discord.ui.Modal, title="Edit note"):
    text = discord.ui.TextInput(label="Note", custom_id="note_text", default="old note")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"note: {self.text.value}", view=None)


class NoteView(discord.ui.View):
    """A persistent button that opens a modal; the modal's submission edits the button's message."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Edit", custom_id="note:edit")
    async def edit(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(NoteModal(custom_id="note:modal"))


def make_bot() -> commands.Bot:
    class DemoBot(commands.Bot):
        async def setup_hook(self) -> None:
            self.add_dynamic_items(DemoButton)
            self.add_view(PingView())
            self.add_view(NoteView())

    bot = DemoBot(command_prefix="!", intents=discord.Intents.default())

    @bot.tree.command(description="pong")
    async def ping(interaction: discord.Interaction, private: bool = False) -> None:
        view = PingView()
        view.add_item(DemoButton(1))
        await interaction.response.send_message("pong", view=view, ephemeral=private)

    @bot.tree.command(description="DM the caller and post in the channel")
    async def notify(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.channel.send(embed=discord.Embed(title="Notice", description=f"public: {text}"))
        try:
            view = discord.ui.View(timeout=None)
            view.add_item(DemoButton(2))
            await interaction.user.send(f"secret: {text}", view=view)
        except discord.Forbidden as exc:
            await interaction.followup.send(f"cannot DM you (code {exc.code})", ephemeral=True)
            return
        await interaction.followup.send("sent", ephemeral=True)

    @bot.tree.command(description="pick a fruit")
    async def pick(interaction: discord.Interaction, fruit: str) -> None:
        await interaction.response.send_message(f"you picked {fruit}")

    @pick.autocomplete("fruit")
    async def fruit_autocomplete(interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=f, value=f) for f in FRUITS if current.lower() in f.lower()][:25]

    game = app_commands.Group(name="game", description="games")

    @game.command(description="start a game in a thread")
    async def start(interaction: discord.Interaction, opponent: discord.Member) -> None:
        await interaction.response.send_message(f"{interaction.user.name} vs {opponent.name}")
        thread = await interaction.channel.create_thread(name="game", type=discord.ChannelType.public_thread)
        assert interaction.client.get_channel(thread.id) is not None
        await thread.send("board")

    bot.tree.add_command(game)

    @bot.tree.command(description="files, followups, edits and a select")
    async def report(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.channel.send(
            "log attached", file=discord.File(io.BytesIO(b"abc"), filename="log.txt")
        )
        note = await interaction.followup.send("working", wait=True)
        await note.edit(content="done")
        view = discord.ui.View(timeout=None)
        select = discord.ui.Select(
            custom_id="color", options=[discord.SelectOption(label=c) for c in ("red", "blue")]
        )

        async def chosen(inter: discord.Interaction) -> None:
            await inter.response.edit_message(content=f"chose {select.values[0]}", view=None)

        select.callback = chosen
        view.add_item(select)
        await interaction.edit_original_response(content="pick a colour", view=view)

    @bot.tree.command(description="uses a route the fake does not know")
    async def roles(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.guild.fetch_roles()

    @bot.tree.command(description="raises")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    @bot.tree.command(description="echo an attached text file")
    async def upload(interaction: discord.Interaction, file: discord.Attachment) -> None:
        text = (await file.read()).decode()
        embed = discord.Embed(title=f"{file.filename} ({file.size} bytes, {file.content_type})")
        await interaction.response.send_message(text, embed=embed)

    @bot.tree.command(description="open the import modal")
    async def form(interaction: discord.Interaction, guarded: bool = False) -> None:
        await interaction.response.send_modal(DeckModal(interaction.user.id if guarded else None))

    @bot.tree.command(description="a picture in an embed, then edits of it")
    async def picture(interaction: discord.Interaction, broken: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = discord.Embed(title="v1").set_image(url="attachment://a.png")
        msg = await interaction.channel.send(embed=embed, file=discord.File(io.BytesIO(b"one"), filename="a.png"))
        await msg.edit(embed=embed.copy().set_footer(text="v2"))  # keeps the attachment it names
        await msg.edit(embed=embed, attachments=[discord.File(io.BytesIO(b"three!"), filename="a.png")])
        if broken:
            await msg.edit(embed=discord.Embed(title="v4").set_image(url="attachment://missing.png"))
        await interaction.followup.send(str(msg.id))

    @bot.tree.command(description="a note with an edit button")
    async def note(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("note: (empty)", view=NoteView())

    return bot


@pytest.fixture
async def fake(monkeypatch):
    fd = FakeDiscord(monkeypatch)
    yield fd
    await fd.close()


async def test_boot_logs_in_and_sees_the_guild(fake):
    bot = make_bot()
    await fake.boot(bot)
    assert bot.user.id == BOT_ID and bot.application_id is not None
    guild = bot.get_guild(GUILD_ID)
    assert guild is not None and guild.get_channel(CHANNEL_ID).name == f"channel-{CHANNEL_ID}"
    assert [(c.method, c.path) for c in fake.rest] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
    ]


async def test_slash_reply_public_and_ephemeral(fake):
    await fake.boot(make_bot())
    public = await fake.slash(ALICE, CHANNEL_ID, "ping")
    assert public.type == 4 and public.content == "pong" and not public.ephemeral
    assert [c["custom_id"] for c in public.components] == ["persist:hello", "demo:1"]
    assert fake.channel_messages(CHANNEL_ID) == [public.message]

    private = await fake.slash(BOB, CHANNEL_ID, "ping", {"private": True})
    assert private.type == 4 and private.ephemeral and private.message.visible_to == BOB
    assert fake.channel_messages(CHANNEL_ID) == [public.message]  # ephemeral is not in the channel
    assert len(fake.channel_messages(CHANNEL_ID, include_ephemeral=True)) == 2
    assert fake.rest[2:] == [] and len(fake.replies) == 2  # callbacks are not REST calls


async def test_click_dynamic_and_persistent_items(fake):
    await fake.boot(make_bot())
    reply = await fake.slash(ALICE, CHANNEL_ID, "ping")
    msg = reply.message

    click = await fake.click(BOB, msg, "demo:1")
    assert click.type == 7 and click.content == f"clicked 1 by {BOB}"
    assert fake.messages[msg.id].content == f"clicked 1 by {BOB}" and fake.components(msg) == []

    reply = await fake.slash(ALICE, CHANNEL_ID, "ping")
    hello = await fake.click(CAROL, reply.message, "persist:hello")
    assert hello.type == 4 and hello.ephemeral and hello.content == f"hello {CAROL}"

    with pytest.raises(AssertionError, match="no component"):
        await fake.click(ALICE, reply.message, "demo:99")


async def test_dm_and_channel_message_and_closed_dms(fake):
    await fake.boot(make_bot())
    ok = await fake.slash(ALICE, CHANNEL_ID, "notify", {"text": "hi"})
    assert ok.type == 5 and ok.ephemeral and ok.content == "sent"
    assert [m.content for m in fake.dm_messages(ALICE)] == ["secret: hi"]
    assert "public: hi" in fake.text_of(fake.channel_messages(CHANNEL_ID)[-1])
    assert "secret" not in fake.text_of(fake.channel_messages(CHANNEL_ID))
    assert [(c.method, c.path) for c in ok.rest] == [
        ("POST", "/channels/{channel_id}/messages"),
        ("POST", "/users/@me/channels"),
        ("POST", "/channels/{channel_id}/messages"),
    ]
    assert all("/interactions/" not in c.url and "/webhooks/" not in c.url for c in fake.rest)
    assert [c.kind for c in ok.calls] == ["callback", "followup"]

    # the DM message's button works from the DM
    dm = fake.dm_messages(ALICE)[0]
    click = await fake.click(ALICE, dm, "demo:2")
    assert click.type == 7 and fake.messages[dm.id].content == f"clicked 2 by {ALICE}"

    fake.closed_dms.add(BOB)
    refused = await fake.slash(BOB, CHANNEL_ID, "notify", {"text": "yo"})
    assert refused.content == "cannot DM you (code 50007)" and refused.ephemeral
    assert fake.dm_messages(BOB) == []
    assert len(refused.rest) == 3  # the failed DM send is still a REST call


async def test_autocomplete_returns_choices(fake):
    await fake.boot(make_bot())
    choices = await fake.autocomplete(ALICE, CHANNEL_ID, "pick", {"fruit": "ap"})
    assert [c["name"] for c in choices] == ["Apple", "Apricot", "Grape"]
    reply = await fake.slash(ALICE, CHANNEL_ID, "pick", {"fruit": "Grape"})
    assert reply.content == "you picked Grape"


async def test_group_command_with_member_option_and_thread(fake):
    await fake.boot(make_bot())
    reply = await fake.slash(ALICE, CHANNEL_ID, "game", {"opponent": BOB}, sub="start")
    assert reply.content == f"user{ALICE} vs user{BOB}"
    create = [c for c in fake.rest if c.path == "/channels/{channel_id}/threads"]
    assert len(create) == 1 and create[0].channel_id == CHANNEL_ID
    (thread_id,) = fake.threads
    assert [m.content for m in fake.channel_messages(thread_id)] == ["board"]


async def test_files_followups_edits_and_select(fake):
    await fake.boot(make_bot())
    reply = await fake.slash(ALICE, CHANNEL_ID, "report")
    assert [c.kind for c in reply.calls] == ["callback", "followup", "edit", "edit"]
    assert reply.type == 5 and reply.content == "pick a colour" and not reply.ephemeral
    assert [m.content for m in reply.followups] == ["pick a colour"]  # first followup fills the deferral
    upload = fake.rest[-1]
    assert (
        upload.files == ["log.txt"]
        and upload.file_bytes == [b"abc"]
        and upload.json["content"] == "log attached"
    )
    (select,) = fake.components(reply.message)
    assert select["custom_id"] == "color" and [o["label"] for o in select["options"]] == ["red", "blue"]
    with pytest.raises(AssertionError, match="no option"):
        await fake.click(BOB, reply.message, "color", ["green"], component_type=3)
    pick = await fake.click(BOB, reply.message, "color", ["blue"], component_type=3)
    assert pick.type == 7 and fake.messages[reply.message.id].content == "chose blue"


async def test_unknown_route_fails_loudly(fake):
    await fake.boot(make_bot())
    with pytest.raises(AssertionError, match="unknown REST route GET /guilds/{guild_id}/roles"):
        await fake.slash(ALICE, CHANNEL_ID, "roles")


async def test_command_exception_fails_the_test(fake):
    await fake.boot(make_bot())
    with pytest.raises(AssertionError, match="kaboom"):
        await fake.slash(ALICE, CHANNEL_ID, "boom")


async def test_sync_echoes_commands(fake):
    bot = make_bot()
    await fake.boot(bot)
    synced = await bot.tree.sync()
    assert {c.name for c in synced} == {
        "ping", "notify", "pick", "game", "report", "roles", "boom", "upload", "form", "note", "picture",
    }
    assert all(c.id for c in synced)
    assert fake.rest[-1].method == "PUT" and fake.rest[-1].path == "/applications/{application_id}/commands"


async def test_restart_new_bot_handles_old_message(fake):
    old = make_bot()
    await fake.boot(old)
    msg = (await fake.slash(ALICE, CHANNEL_ID, "ping")).message
    await old.close()

    new = make_bot()
    await fake.boot(new)
    assert fake.bot is new
    hello = await fake.click(BOB, msg, "persist:hello")
    assert hello.content == f"hello {BOB}" and hello.ephemeral
    click = await fake.click(BOB, msg, "demo:1")
    assert click.type == 7 and fake.messages[msg.id].content == f"clicked 1 by {BOB}"


async def test_attachment_option_is_downloaded_from_the_cdn(fake):
    await fake.boot(make_bot())
    data = "4 Bolt\n20 Mountain — café".encode()
    aid = fake.attachment("deck.txt", data)
    reply = await fake.slash(ALICE, CHANNEL_ID, "upload", {"file": aid})
    assert reply.content == data.decode() and reply.embeds[0]["title"] == (
        f"deck.txt ({len(data)} bytes, text/plain; charset=utf-8)"
    )
    (get,) = [c for c in reply.rest if c.kind == "cdn"]
    assert get.method == "GET" and get.channel_id == CHANNEL_ID
    assert get.url == f"https://cdn.discordapp.com/attachments/{CHANNEL_ID}/{aid}/deck.txt"
    assert reply.rest == [get]

    # the same file in the user's DM, with another content type
    csv = fake.attachment("my deck.csv", b"name,count\nBolt,4", "text/csv")
    dm = await fake.slash(BOB, None, "upload", {"file": csv})
    assert dm.content == "name,count\nBolt,4" and dm.embeds[0]["title"].endswith("text/csv)")
    assert dm.rest[0].url.endswith(f"/{fake.dm_channels[BOB]}/{csv}/my%20deck.csv")

    # files the bot uploaded are on the CDN too
    await fake.slash(ALICE, CHANNEL_ID, "report")
    (log,) = [m for m in fake.channel_messages(CHANNEL_ID) if m.attachments]
    assert await fake.bot.http.get_from_cdn(log.attachments[0]["url"]) == b"abc"


async def test_unknown_cdn_url_or_attachment_fails_loudly(fake):
    await fake.boot(make_bot())
    url = "https://cdn.discordapp.com/attachments/1/555/gone.txt"
    resolved = {
        "attachments": {
            "555": {"id": "555", "filename": "gone.txt", "size": 3, "url": url, "proxy_url": url}
        }
    }
    with pytest.raises(AssertionError, match=re.escape(f"unknown CDN url {url}")):
        await fake.slash(
            ALICE, CHANNEL_ID, "upload", [{"name": "file", "type": 11, "value": "555"}], resolved=resolved
        )
    assert fake.rest[-1].kind == "cdn" and fake.rest[-1].url == url
    with pytest.raises(AssertionError, match="attachment 777 was not registered"):
        await fake.slash(ALICE, CHANNEL_ID, "upload", {"file": 777})


async def test_modal_is_shown_and_submitted(fake):
    await fake.boot(make_bot())
    opened = await fake.slash(ALICE, CHANNEL_ID, "form")
    assert opened.type == 9 and opened.modal is not None and opened.message is None
    assert opened.modal["title"] == "Import deck"
    assert [c["custom_id"] for c in opened.components] == ["deck_name", "cards"]
    cid = opened.modal["custom_id"]
    assert (await fake.slash(ALICE, CHANNEL_ID, "ping")).modal is None

    # what a client would refuse to send
    with pytest.raises(AssertionError, match="has no input"):
        await fake.submit_modal(ALICE, CHANNEL_ID, cid, {"deck_name": "Burn", "cards": "x", "extra": "y"})
    with pytest.raises(AssertionError, match="'cards' is required"):
        await fake.submit_modal(ALICE, CHANNEL_ID, cid, {"deck_name": "Burn"})
    with pytest.raises(AssertionError, match="needs 0..20 characters"):
        await fake.submit_modal(ALICE, CHANNEL_ID, cid, {"deck_name": "B" * 21, "cards": "x"})
    with pytest.raises(AssertionError, match="no open modal"):
        await fake.submit_modal(ALICE, None, cid, {"deck_name": "Burn", "cards": "x"})  # wrong channel

    sent = await fake.submit_modal(ALICE, CHANNEL_ID, cid, {"deck_name": "Burn", "cards": "4 Bolt\n20 Mountain"})
    assert sent.type == 4 and sent.ephemeral and sent.message.visible_to == ALICE
    assert sent.content == f"Burn: 4 Bolt\n20 Mountain (by {ALICE})"
    with pytest.raises(AssertionError, match="no open modal"):  # closed once answered
        await fake.submit_modal(ALICE, CHANNEL_ID, cid, {"deck_name": "Burn", "cards": "x"})

    # in a DM
    dm = await fake.slash(BOB, None, "form")
    sent = await fake.submit_modal(BOB, None, dm.modal["custom_id"], {"deck_name": "Elves", "cards": "4 Elf"})
    assert sent.content == f"Elves: 4 Elf (by {BOB})" and sent.message.channel_id == fake.dm_channels[BOB]


async def test_modal_from_a_button_edits_its_message(fake):
    await fake.boot(make_bot())
    msg = (await fake.slash(ALICE, CHANNEL_ID, "note")).message
    opened = await fake.click(BOB, msg, "note:edit")
    assert opened.type == 9 and opened.modal["custom_id"] == "note:modal"
    sent = await fake.submit_modal(BOB, CHANNEL_ID, "note:modal", {})  # keeps the prefilled text
    assert sent.type == 7 and sent.message is fake.messages[msg.id]
    assert fake.messages[msg.id].content == "note: old note" and fake.components(msg) == []


async def test_modal_submitted_by_another_user(fake):
    await fake.boot(make_bot())
    values = {"deck_name": "Burn", "cards": "4 Bolt"}
    guarded = (await fake.slash(ALICE, CHANNEL_ID, "form", {"guarded": True})).modal["custom_id"]
    with pytest.raises(AssertionError, match=f"user {BOB} has no open modal .*open for .*{ALICE}"):
        await fake.submit_modal(BOB, CHANNEL_ID, guarded, values)

    # a crafted submission: the modal's interaction_check refuses it, nothing answers
    crafted = await fake.submit_modal(BOB, CHANNEL_ID, guarded, values, force=True)
    assert not crafted.acknowledged and crafted.calls == [] and crafted.rest == []
    assert (await fake.submit_modal(ALICE, CHANNEL_ID, guarded, values)).content == f"Burn: 4 Bolt (by {ALICE})"

    # discord.py finds a modal by custom_id alone: without a check, another user's submission runs
    # on_submit, and the modal is then gone for the user who opened it
    open_ = (await fake.slash(ALICE, CHANNEL_ID, "form")).modal["custom_id"]
    stolen = await fake.submit_modal(BOB, CHANNEL_ID, open_, values, force=True)
    assert stolen.content == f"Burn: 4 Bolt (by {BOB})"
    late = await fake.submit_modal(ALICE, CHANNEL_ID, open_, values)
    assert not late.acknowledged


async def test_an_upload_made_later_is_made_once_when_a_test_reads_it(fake):
    """``fake.later(make)``: the bot uploads the placeholder it returns, and the fake holds ``make()``'s bytes
    instead, made once, the first time a test reads them (``Msg.files``, ``Call.file_bytes``, ``fake.cdn``, a
    CDN download); the request and the message are the ones a plain upload gives. Such an upload over 10 MiB
    fails the test at the next settle once it is made."""
    bot = make_bot()
    made: list[str] = []

    def make(name: str, data: bytes):
        return lambda: made.append(name) or data

    @bot.tree.command(description="a picture uploaded with bytes made later")
    async def later(interaction: discord.Interaction, big: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = fake.later(make("big", b"x" * (UPLOAD_MAX + 1)) if big else make("a", b"painted"), "a.png")
        embed = discord.Embed(title="v1").set_image(url="attachment://a.png")
        msg = await interaction.channel.send(embed=embed, file=discord.File(io.BytesIO(data), filename="a.png"))
        await interaction.followup.send(str(msg.id))

    await fake.boot(bot)
    reply = await fake.slash(ALICE, CHANNEL_ID, "later")
    msg = fake.messages[int(reply.followups[-1].content)]
    (call,) = [c for c in fake.rest if c.files == ["a.png"]]
    assert call.method == "POST" and msg.image()["filename"] == "a.png" and made == []
    assert msg.files == [("a.png", 7)] and made == ["a"]
    assert call.file_bytes[0] == b"painted" and list(call.file_bytes) == [b"painted"]
    assert fake.cdn[msg.image()["url"]] == b"painted" and fake.cdn.get(msg.image()["url"]) == b"painted"
    assert await bot.http.get_from_cdn(msg.image()["url"]) == b"painted" and made == ["a"]
    reply = await fake.slash(ALICE, CHANNEL_ID, "later", {"big": True})
    big = fake.messages[int(reply.followups[-1].content)]
    await fake.settle()  # not made yet: nothing to fail
    assert made == ["a"] and big.files[0][1] == UPLOAD_MAX + 1
    with pytest.raises(AssertionError, match="over Discord's"):
        await fake.settle()


async def test_attachments_on_posts_and_edits_and_the_embed_image_they_back(fake):
    """A post's file is the message's attachment; an edit without ``attachments`` keeps it (its embed may
    name it again), an edit with ``attachments=[file]`` replaces it in that one request; an embed image
    naming an attachment the message lacks fails the test at settle (Discord would show a broken image)."""
    await fake.boot(make_bot())
    reply = await fake.slash(ALICE, CHANNEL_ID, "picture")
    msg = fake.messages[int(reply.followups[-1].content)]
    calls = [c for c in fake.rest if c.channel_id == CHANNEL_ID and c.path.startswith("/channels/{channel_id}/messages")]
    assert [(c.method, c.files) for c in calls] == [("POST", ["a.png"]), ("PATCH", []), ("PATCH", ["a.png"])]
    assert msg.files == [("a.png", 6)] and msg.edits == 2
    assert msg.image()["filename"] == "a.png" and fake.cdn[msg.image()["url"]] == b"three!"
    assert msg.history[-1]["attachments"][0]["size"] == 3  # the first picture, kept by the first edit
    with pytest.raises(AssertionError, match="missing.png"):
        await fake.slash(ALICE, CHANNEL_ID, "picture", {"broken": True})

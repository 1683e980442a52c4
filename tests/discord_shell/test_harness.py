"""Proves the network-free Discord harness against a tiny throwaway discord.py bot."""

from __future__ import annotations

import io

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from .harness import BOT_ID, CHANNEL_ID, GUILD_ID, FakeDiscord

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


def make_bot() -> commands.Bot:
    class DemoBot(commands.Bot):
        async def setup_hook(self) -> None:
            self.add_dynamic_items(DemoButton)
            self.add_view(PingView())

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
    assert {c.name for c in synced} == {"ping", "notify", "pick", "game", "report", "roles", "boom"}
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

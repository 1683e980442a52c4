"""Clicks on decisions of tables another process of the bot owns (docs/hosting.md, "Several processes";
:mod:`bot.host.owner`). The receiving process acknowledges the click at once (a deferred update, within Discord's
3 seconds) and forwards it (:func:`forward_decision`); the owner applies it and answers it here
(:class:`DiscordAnswerer`): the clicked message is edited through the interaction's webhook (its application id and
token, which any process may use for 15 minutes), a refusal follows as an ephemeral message. No REST call is
added: the deferral and the edit are the ones a local click makes. May import :mod:`bot.host`, the shell's
:mod:`~bot.shell.common`.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.http import handle_message_parameters
from discord.webhook.async_ import async_context

from bot.host import Table, TableError
from bot.host.owner import Answerer, Click, Outcome

from .common import acknowledge_update, on_board

log = logging.getLogger("metahost.shell")
APPLIED_NOT_SHOWN = "Your choice was applied, but Discord did not let me update this message; {next}."


class InteractionHook:
    """The webhook of an interaction received by another process: its first response edited, followups sent."""

    def __init__(self, client: discord.Client, application_id: int, token: str):
        self.client, self.application_id, self.token = client, application_id, token

    async def edit_original(self, content: str | None, embed: discord.Embed | None, view: Any) -> None:
        """Edit the clicked message (the interaction's deferred update), as ``edit_original_response`` does."""
        state = self.client._connection
        http = state.http
        with handle_message_parameters(content=content, embed=embed, view=view,
                                       previous_allowed_mentions=state.allowed_mentions) as params:
            await async_context.get().edit_original_interaction_response(
                self.application_id, self.token, session=http._HTTPClient__session, proxy=http.proxy,  # type: ignore[attr-defined]
                proxy_auth=http.proxy_auth, payload=params.payload, multipart=params.multipart, files=params.files)

    async def send(self, text: str) -> None:
        """An ephemeral followup."""
        hook = discord.Webhook.from_state({"id": self.application_id, "type": 3, "token": self.token},
                                          state=self.client._connection)
        await hook.send(text, ephemeral=True)


async def forward_decision(interaction: discord.Interaction, host: Any, table_id: str, token: str,
                           key: str | None) -> None:
    """A click on a decision of a table this process does not host: acknowledged at once, then applied by the
    table's owner (:meth:`bot.host.owner.Owner.forward`), which answers it. Raises :class:`TableError` when no
    owner answered (the one error path tells the user) or the table is not live."""
    if on_board(interaction):
        raise TableError("Decisions are made in your DM or your **My hand** message, not on the table's "
                         "public messages. Nothing was changed.", "wrong_message")
    await acknowledge_update(interaction)
    message = getattr(interaction.message, "id", None)
    click = Click(table_id, str(interaction.user.id), token, key, id=str(interaction.id),
                  reply={"app": interaction.application_id, "token": interaction.token, "message": message,
                         "dm": interaction.guild_id is None})
    outcome = await host.service.owner.forward(click)
    if outcome.status == "unanswered" or outcome.code == "unknown_table":
        raise TableError(outcome.message, outcome.code)


class DiscordAnswerer(Answerer):
    """The owner's answer to a forwarded click: the player's updated private view in the clicked message (a
    refusal because the option is gone shows the current decision too), and a refusal's words as an ephemeral
    followup; the front's DM bookkeeping as for a local click (:meth:`DiscordFront.claim`/``release``)."""

    def __init__(self, host: Any):
        self.host = host

    @staticmethod
    def _slot(t: Table, user: str) -> int | None:
        slot = t.slot_of(user)
        seat = t.seat_of(user)
        return slot if slot is not None else (seat.seat if seat is not None else None)

    def claim(self, click: Click, table: Table) -> None:
        slot = self._slot(table, click.user)
        if slot is not None:
            self.host.front.claim(table.id, slot)

    async def answer(self, click: Click, table: Table | None, outcome: Outcome) -> None:
        hook = InteractionHook(self.host, int(click.reply["app"]), str(click.reply["token"]))
        in_dm = bool(click.reply.get("dm"))
        slot = None if table is None else self._slot(table, click.user)
        shown = False
        content = embed = comps = None
        if table is not None and slot is not None:
            try:
                if outcome.applied or outcome.code == "gone":
                    content, embed, comps = await self.host.front.private_payload(table, slot)
                    await hook.edit_original(content, embed, comps)
                    shown = True
            except discord.HTTPException as exc:
                log.warning("table %s: a forwarded click's message was not updated: %s", table.id, exc)
                m = self.host.front.tables.get(table.id)
                if m is not None and outcome.applied:
                    m.dirty = True  # the front brings the seat's DM up to date
            finally:
                self.host.front.release(table.id, slot, embed if shown else None, comps if shown else None,
                                        in_dm=in_dm, content=content, message=click.reply.get("message"))
        if not outcome.applied:
            await hook.send(outcome.message)
        elif not shown:
            nxt = "your DM is being re-sent" if in_dm else "press **My hand** on the board for your next decision"
            await hook.send(APPLIED_NOT_SHOWN.format(next=nxt))

    async def changed(self, table_id: str) -> None:
        """Read the table's messages from the store again at their next use (a player left its DMs on another
        process)."""
        m = self.host.front.tables.get(table_id)
        if m is not None:
            m.loaded = False

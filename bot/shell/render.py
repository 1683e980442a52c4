"""Discord rendering of lobbies, boards, private views and results: embeds and component rows built from
:class:`games.core.View` objects and table facts, nothing else. Respects Discord's limits (embed
description 4,096 characters, 25 select options, 5 buttons a row, 80-character button labels)."""

from __future__ import annotations

import discord

from bot.tables import Table
from games.core.contract import Decision, Result, View

from . import ids

BUTTONS_MAX = 5  # more options than this become a select menu (issue 4)
SELECT_MAX = 25
DESC_MAX = 4000
EMBED_MAX = 6000  # Discord: title, description, fields, footer and author of one embed together
CONTENT_MAX = 2000
COLOUR = 0x5865F2


def clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def seat_line(t: Table, seat: int) -> str:
    s = t.seats[seat]
    if s.computer:
        return f"{s.name} (computer)"
    return f"<@{s.user_id}>" if s.user_id and s.user_id.isdigit() else s.name


def lobby_embed(t: Table) -> discord.Embed:
    e = discord.Embed(title=f"{t.game.name} table {t.id}", colour=COLOUR)
    seats = [f"{i + 1}. {seat_line(t, i)}" + (f" · deck {s.deck_label}" if s.deck_label else "") for i, s in enumerate(t.seats)]
    free = t.max_seats - len(t.seats)
    seats += [f"{len(t.seats) + i + 1}. (free)" for i in range(free)]
    status = {"lobby": "Waiting for players", "playing": "Playing", "finished": "Finished", "aborted": "Cancelled"}
    e.description = f"**{status.get(t.status, t.status)}** · host {seat_line(t, 0) if t.seats else '-'}\n" + "\n".join(seats)
    e.set_footer(text=f"Decision timeout {int(t.timeout)} s · table id {t.id}")
    return e


def lobby_view(t: Table) -> discord.ui.View | None:
    if t.status != "lobby":
        return None
    v = discord.ui.View(timeout=None)
    for action, label, style in (("join", "Join", discord.ButtonStyle.success), ("leave", "Leave", discord.ButtonStyle.secondary),
                                 ("computer", "Add computer", discord.ButtonStyle.secondary),
                                 ("start", "Start", discord.ButtonStyle.primary), ("cancel", "Cancel", discord.ButtonStyle.danger)):
        v.add_item(discord.ui.Button(label=label, style=style, custom_id=ids.lobby(t.id, action)))
    return v


def board_embed(t: Table, view: View, log: list[str], notes: list[str]) -> discord.Embed:
    """The public board: whose decision is pending, every seat's public state, the last log lines."""
    e = discord.Embed(title=f"{t.game.name} · table {t.id}", colour=COLOUR)
    if view.result is not None:
        waiting = f"**Game over:** {view.result.text}"
    elif view.waiting:
        waiting = "Waiting for " + ", ".join(f"{seat_line(t, s)} ({kind.replace('_', ' ')})" for s, kind in view.waiting)
    else:
        waiting = ""
    board = t.game.board_text(view)
    body = f"{waiting}\n```\n{clip(board, 2500)}\n```"
    if log:
        body += "\n" + "\n".join(f"· {line}" for line in log[-8:])
    if notes:
        body += "\n" + "\n".join(notes)
    e.description = clip(body, DESC_MAX)
    e.set_footer(text=f"Version {t.version} · spectators see only this board · table {t.id}")
    return e


def board_view(t: Table, dm_closed: bool) -> discord.ui.View | None:
    if t.status != "playing":
        return None
    v = discord.ui.View(timeout=None)
    v.add_item(discord.ui.Button(label="My hand", style=discord.ButtonStyle.secondary, custom_id=ids.hand(t.id),
                                 emoji="🂠" if dm_closed else None))
    return v


def private_embed(t: Table, view: View, where: str) -> discord.Embed:
    """A seat's private view (hand and counters) and its open decision, for its DM or an ephemeral reply."""
    e = discord.Embed(title=f"{t.game.name} · table {t.id}", colour=COLOUR)
    text = t.game.private_text(view)
    if view.result is not None:
        tail = f"**Game over:** {view.result.text}"
    elif view.decisions:
        tail = f"**Your decision:** {view.decisions[0].prompt}"
    else:
        waiting = ", ".join(seat_line(t, s) for s, _ in view.waiting)
        tail = f"Waiting for {waiting}." if waiting else ""
    e.description = clip(f"```\n{clip(text, 3000)}\n```\n{tail}", DESC_MAX)
    e.set_footer(text=where)
    return e


def decision_view(t: Table, decision: Decision | None, page: int = 0) -> discord.ui.View | None:
    """Buttons for up to 5 options, else a select menu of 25 options a page with page buttons."""
    if decision is None:
        return None
    v = discord.ui.View(timeout=None)
    opts = decision.options
    version = t.version
    if len(opts) <= BUTTONS_MAX:
        for i, o in enumerate(opts):
            style = discord.ButtonStyle.primary if o.id == decision.default else discord.ButtonStyle.secondary
            v.add_item(discord.ui.Button(label=clip(o.label, 80), style=style, custom_id=ids.option(t.id, version, i)))
        return v
    pages = (len(opts) + SELECT_MAX - 1) // SELECT_MAX
    page = max(0, min(page, pages - 1))
    chunk = list(enumerate(opts))[page * SELECT_MAX:(page + 1) * SELECT_MAX]
    select = discord.ui.Select(
        custom_id=ids.select(t.id, version, page),
        placeholder=clip(decision.prompt, 150),
        options=[discord.SelectOption(label=clip(o.label, 100), value=str(i)) for i, o in chunk],
    )
    v.add_item(select)
    if pages > 1:
        if page > 0:
            v.add_item(discord.ui.Button(label="◀ Previous", custom_id=ids.page(t.id, version, page - 1)))
        if page < pages - 1:
            v.add_item(discord.ui.Button(label="Next ▶", custom_id=ids.page(t.id, version, page + 1)))
    return v


def result_embed(t: Table, result: Result | None, stats: list[str]) -> discord.Embed:
    e = discord.Embed(title=f"{t.game.name} · table {t.id} · {'game over' if result else 'cancelled'}", colour=COLOUR)
    if result is None:
        e.description = "The table was cancelled."
    else:
        winners = ", ".join(seat_line(t, s) for s in result.winners) or "nobody"
        e.description = f"**{result.text}**\nWinner: {winners}\nWhy: {result.reason.replace('_', ' ')}"
        if stats:
            e.add_field(name="Stats", value=clip("\n".join(stats), 1000), inline=False)
    return e

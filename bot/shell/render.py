"""Discord rendering of lobbies, boards, private views and results: embeds and component rows built from
:class:`games.core.View` objects and table facts, nothing else.

Every message fits Discord's limits by construction: :func:`fit_embed` and :func:`fit_message`
bring any content and embeds within them (content 2,000 characters; per embed title 256, description
4,096, 25 fields of name 256 / value 1,024, footer 2,048, author 256; 10 embeds and 6,000 characters of
embed text per message), and every reply path of the shell goes through them. Boards and private views
never lose a line (§3.2): the text is split at line boundaries into code blocks across the description
and fields of one embed; a board too big even for that shows what fits and offers a **Full board** button
(:data:`ids.BOARD`) that sends the whole text as a file."""

from __future__ import annotations

import discord

from bot.help import pointers
from bot.host import SLOT, TEAM_FORMAT, Table, bank, option_key, options_text, token_for
from games.core import teams as tm
from games.core.contract import Decision, Result, View

from . import ids

BUTTONS_MAX = 5  # more options than this become a select menu
SELECT_MAX = 25
COLOUR = 0x5865F2

# Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
CONTENT_MAX = 2000
TITLE_MAX = 256
DESC_LIMIT = 4096
FIELDS_MAX = 25
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FOOTER_MAX = 2048
AUTHOR_MAX = 256
EMBED_MAX = 6000  # title, description, fields, footer and author of all embeds of one message together
EMBEDS_MAX = 10
DESC_MAX = 4000  # what long texts (rules pages) aim for: under DESC_LIMIT with room for a marker

HEAD_MAX = 1000  # the "waiting for"/"your decision" lines and notes above a board or hand
SHORT_MAX = 100  # titles and footers of boards and hands
BLANK = "\u200b"  # the name of a continuation field (Discord wants a non-empty name)
FENCE = "```\n", "\n```"
TEXT_ROOM = EMBED_MAX - 2 * SHORT_MAX - HEAD_MAX - 2 * len(BLANK) - 100
"""Characters of board or hand text (with its code fences and field names) one embed always has room for,
whatever the head and footer; what does not fit is the overflow."""


def clip(text: str, n: int) -> str:
    """``text`` cut to at most ``n`` characters, ending in "…" when cut."""
    return text if len(text) <= n else text[: max(n - 1, 0)] + "…"


def embed_size(e: discord.Embed) -> int:
    """Characters of ``e`` that count toward Discord's 6,000 per message."""
    return (len(e.title or "") + len(e.description or "") + len(e.footer.text or "") + len(e.author.name or "")
            + sum(len(f.name or "") + len(f.value or "") for f in e.fields))


def fit_embed(e: discord.Embed, budget: int = EMBED_MAX) -> discord.Embed:
    """``e`` trimmed in place to Discord's limits and to at most ``budget`` characters in all: each part
    clipped to its own limit (an empty field value becomes "-"), fields beyond 25 dropped, then the
    description and the last fields shortened until the total fits. Renderers build within the limits;
    this is the guarantee for every other path. Returns ``e``."""
    if e.title:
        e.title = clip(e.title, TITLE_MAX)
    if e.description:
        e.description = clip(e.description, DESC_LIMIT)
    if e.footer.text:
        e.set_footer(text=clip(e.footer.text, FOOTER_MAX), icon_url=e.footer.icon_url)
    if e.author.name:
        e.set_author(name=clip(e.author.name, AUTHOR_MAX), url=e.author.url, icon_url=e.author.icon_url)
    fields = [(clip(f.name or BLANK, FIELD_NAME_MAX), clip(f.value or "-", FIELD_VALUE_MAX), f.inline)
              for f in e.fields[:FIELDS_MAX]]
    e.clear_fields()
    for name, value, inline in fields:
        e.add_field(name=name, value=value, inline=inline)
    excess = embed_size(e) - budget
    if excess > 0 and e.description:
        keep = max(len(e.description) - excess, 0)
        e.description = clip(e.description, keep) if keep else None
        excess = embed_size(e) - budget
    while excess > 0 and e.fields:
        last = e.fields[-1]
        room = len(last.value or "") - excess
        if room >= 20:
            e.set_field_at(len(e.fields) - 1, name=last.name, value=clip(last.value, room), inline=last.inline)
        else:
            e.remove_field(len(e.fields) - 1)
        excess = embed_size(e) - budget
    if excess > 0:  # only the title, footer and author are left
        e.set_footer(text=clip(e.footer.text or "", max(len(e.footer.text or "") - excess, 1)))
        excess = embed_size(e) - budget
        if excess > 0 and e.title:
            e.title = clip(e.title, max(len(e.title) - excess, 1))
    return e


def fit_message(content: str | None, embeds: list[discord.Embed]) -> tuple[str | None, list[discord.Embed]]:
    """``content`` and ``embeds`` brought within one message's limits: content clipped to 2,000, at most 10
    embeds, each fitted (:func:`fit_embed`) into what the earlier ones leave of the 6,000."""
    if content:
        content = clip(content, CONTENT_MAX)
    out: list[discord.Embed] = []
    left = EMBED_MAX
    for e in embeds[:EMBEDS_MAX]:
        fit_embed(e, left)
        left -= embed_size(e)
        out.append(e)
    return content, out


def _pieces(lines: list[str], width: int) -> list[str]:
    """``lines`` with any line longer than ``width`` (more than a code block holds, so far beyond any screen:
    Discord wraps lines to the reader's screen itself) broken into pieces at its last space
    within ``width``, so no word or name is split; only a single word longer than ``width`` is cut. Nothing
    is lost: the pieces of a line joined by single spaces give it back."""
    out: list[str] = []
    for line in lines:
        while len(line) > width:
            cut = line.rfind(" ", 1, width + 1)
            if cut <= 0:  # one word longer than a block: it has to be cut
                out.append(line[:width])
                line = line[width:]
            else:
                out.append(line[:cut])
                line = line[cut + 1:]
        out.append(line)
    return out


def text_blocks(lines: list[str], first: int, room: int = TEXT_ROOM) -> tuple[list[str], int]:
    """Pack ``lines`` in order into code blocks: the first at most ``first`` characters (the description's
    share; ``""`` when it has no room), the others at most :data:`FIELD_VALUE_MAX` (one field each), all
    together within ``room`` characters (counting each continuation field's name). Splits only at line
    boundaries (a line longer than a block is broken at a space, never cut: :func:`_pieces`; shorter lines are
    never wrapped, Discord wraps them to the reader's screen). Returns ``(blocks, lines left over)``;
    nothing is left over when it all fits."""
    fence = len(FENCE[0]) + len(FENCE[1])
    queue = _pieces(lines, FIELD_VALUE_MAX - fence)
    blocks: list[str] = []
    used = i = 0
    while i < len(queue):
        in_desc = not blocks
        cost = 0 if in_desc else len(BLANK)
        cap = min((first if in_desc else FIELD_VALUE_MAX) - fence, room - used - cost - fence)
        chunk: list[str] = []
        size = 0
        while i < len(queue) and size + len(queue[i]) + (1 if chunk else 0) <= cap:
            size += len(queue[i]) + (1 if chunk else 0)
            chunk.append(queue[i])
            i += 1
        if not chunk:
            if in_desc:
                blocks.append("")  # no room in the description: the fields take it
                continue
            break
        block = FENCE[0] + "\n".join(chunk) + FENCE[1]
        blocks.append(block)
        used += len(block) + cost
    return blocks, len(queue) - i


def text_embed(title: str, head: str, text: str, footer: str, *, more: str,
               reserve: int = 0) -> tuple[discord.Embed, bool]:
    """An embed: ``head`` (clipped to :data:`HEAD_MAX`), then every line of ``text`` in code blocks across
    the description and continuation fields, split at line boundaries, in all the room the title, head
    and footer leave (at least :data:`TEXT_ROOM`, less ``reserve`` characters kept free for a field the caller
    adds). When ``text`` needs more, what fits is shown and a last field says ``more`` (``{n}``: the lines
    left). Returns ``(embed, overflowed)``; the embed is within every limit."""
    title, head, footer = clip(title, SHORT_MAX), clip(head, HEAD_MAX), clip(footer, SHORT_MAX)
    e = discord.Embed(title=title, colour=COLOUR)
    lines = text.splitlines() if text else []
    room = EMBED_MAX - len(title) - len(footer) - len(head) - 1 - len(BLANK) - len(more) - 10 - reserve
    blocks, left = text_blocks(lines, DESC_LIMIT - len(head) - 1, room)
    first = blocks[0] if blocks else ""
    e.description = "\n".join(p for p in (head, first) if p) or None
    for b in blocks[1:]:
        e.add_field(name=BLANK, value=b, inline=False)
    if left:
        e.add_field(name=BLANK, value=more.format(n=left), inline=False)
    e.set_footer(text=footer)
    return e, bool(left)


def text_overflows(text: str) -> bool:
    """Whether :func:`text_embed` may not show every line of ``text``: true whenever it overflows, as it
    packs into at least this much room (used to offer the whole text another way)."""
    return text_blocks(text.splitlines() if text else [], DESC_LIMIT - HEAD_MAX - 1, TEXT_ROOM)[1] > 0


MORE_BOARD = "… and {n} more lines: press **Full board** below for the whole board as a file."
MORE_HAND = "… and {n} more lines that do not fit in one message."
HAND_WIDTHS = (None, 120, 80, 50, 30)  # a hand too long for one message gets shorter lines, never fewer


def seat_line(t: Table, seat: int) -> str:
    """How a seat is named on Discord: a mention for a user, the name for a computer seat, marked with the
    table's computer level ("Computer 1 (hard computer)")."""
    s = t.seats[seat]
    if s.computer:
        return f"{s.name} ({t.level} computer)"
    return f"<@{s.user_id}>" if s.user_id and s.user_id.isdigit() else s.name


def slot_line(t: Table, slot: int) -> str:
    """How the user of DM slot ``slot`` (:data:`bot.host.SLOT`) is named: their seat's :func:`seat_line` for
    its player, a mention for a co-manager (Team Up, MO-OPT-06)."""
    if slot < SLOT:
        return seat_line(t, slot)
    user = t.slot_user(slot) or "?"
    return f"<@{user}>" if user.isdigit() else user


def team_mark(t: Table, seat: int) -> str:
    """`` · team A`` after a seat of a team game, else empty."""
    team = t.team_of(seat)
    return f" · team {team}" if team else ""


def team_label(t: Table, seat: int) -> str:
    """A seat's team at a game with team names (MO-SET-09/10): ``Gusev Colliders (red)``; else how the seat is
    named (:func:`seat_line`)."""
    name = t.team_name(seat)
    return f"{name} ({t.colour(seat)})" if name is not None else seat_line(t, seat)


def who(t: Table, seat: int) -> str:
    """How the waiting lines and the result name a seat: at a game with team names (MO-SET-09) its team, then
    who answers for it (its player and Team Up co-managers, MO-OPT-06, or a merged team's player, MO-OPT-08):
    ``Red Planet · <@1>, <@2>``, ``Hellas Meteors · Computer 2 (easy computer)``; else :func:`seat_line`."""
    name = t.team_name(seat)
    if name is None:
        return seat_line(t, seat)
    users = [] if t.seats[seat].computer else t.deciders(seat) if t.state is not None else t.managers(seat)
    people = ", ".join(f"<@{u}>" if u.isdigit() else u for u in users) or seat_line(t, seat)
    return f"{name} · {people}"


def seat_extras(t: Table, seat: int) -> str:
    """`` · **Gusev Colliders** (red) · with @Ben`` after a lobby seat: its team name and colour (MO-SET-09/10)
    and its co-managers (Team Up, MO-OPT-06); empty when it has neither."""
    out = f" · **{t.team_name(seat)}** ({t.colour(seat)})" if t.team_name(seat) is not None else ""
    co = t.managers(seat)[1:]
    if co:
        out += " · with " + ", ".join(f"<@{u}>" if u.isdigit() else u for u in co)
    return out


def options_mark(t: Table, room: int = 60) -> str:
    """`` · gambling=on bestof=5``: the table's game options that are not the default, within
    ``room`` characters; empty when there are none."""
    text = options_text(t.game, t.game_options)
    return f" · {clip(text, room)}" if text else ""


def lobby_embed(t: Table) -> discord.Embed:
    """A lobby: status, host, every seat with its team (a team game) and the deck it brings, the free seats,
    the team format, the decision timeout and the table options that are not the default (Stealth off,
    pictures off, surroundings)."""
    e = discord.Embed(title=f"{t.game.name} table {t.id}", colour=COLOUR)
    seats = [f"{i + 1}. {seat_line(t, i)}" + team_mark(t, i) + seat_extras(t, i)
             + (f" · deck {t.deck_title(i)}" if t.deck_title(i) else "") for i in range(len(t.seats))]
    free = t.max_seats - len(t.seats)
    seats += [f"{len(t.seats) + i + 1}. (free)" for i in range(free)]
    status = {"lobby": "Waiting for players", "playing": "Playing", "finished": "Finished", "aborted": "Cancelled"}
    e.description = f"**{status.get(t.status, t.status)}** · host {seat_line(t, 0) if t.seats else '-'}\n" + "\n".join(seats)
    if t.game.has_teams and t.status == "lobby":
        fmt = t.options.get(TEAM_FORMAT)
        e.description += (f"\nTeams: {fmt if fmt else 'free (at least two teams)'} · choose yours below or with "
                          "`/table team`; allies are seated apart at the start")
    pictures = "" if t.pictures else " · board pictures off"
    mode = t.options.get("surroundings")  # a game that reads the clock (MZ-WALL-04)
    sky = f" · surroundings {mode}" if isinstance(mode, str) else ""
    windows = f" · response windows {int(t.response)} s" if t.game.has_windows else ""
    stealth = " · Stealth off" if t.game.has_stealth and not t.stealth else ""  # MEM-STL-11
    if t.teamup and t.status == "lobby":  # MO-OPT-06
        e.description += "\nTeam Up: join a taken seat with `/table join seat:<number>` to manage that team together"
    if t.status == "lobby":  # how to play, linked from the lobby
        e.description += f"\nNew to {t.game.name}? `/help` shows how a turn goes and what the buttons mean."
    opts = options_mark(t, 300)  # the game's own options, when not the default
    clock = bank.lobby_text(t) or f"Decision timeout {int(t.timeout)} s"  # or a time bank
    e.set_footer(text=f"{clock}{windows}{stealth}{opts}{pictures}{sky} · table id {t.id}")
    return fit_embed(e)


def lobby_view(t: Table) -> discord.ui.View | None:
    """The lobby's buttons (join, leave, add computer, start, cancel); ``None`` once it has started. Add computer
    names the table's computer level when it is not easy ("Add hard computer", ``/table new computers:``)."""
    if t.status != "lobby":
        return None
    v = discord.ui.View(timeout=None)
    for action, label, style in (("join", "Join", discord.ButtonStyle.success), ("leave", "Leave", discord.ButtonStyle.secondary),
                                 ("computer", "Add computer" if t.level == "easy" else f"Add {t.level} computer",
                                  discord.ButtonStyle.secondary),
                                 ("start", "Start", discord.ButtonStyle.primary), ("cancel", "Cancel", discord.ButtonStyle.danger)):
        v.add_item(discord.ui.Button(label=label, style=style, custom_id=ids.lobby(t.id, action)))
    if t.game.has_teams:  # each player picks a team here (or with /table team)
        v.add_item(discord.ui.Select(custom_id=ids.team(t.id), placeholder="Choose your team",
                                     options=[discord.SelectOption(label=f"Team {tm.letter(n)}", value=tm.letter(n))
                                              for n in range(min(t.team_count, SELECT_MAX))]))
    return v


def board_embed(t: Table, view: View, log: list[str], notes: list[str], text: str | None = None) -> discord.Embed:
    """The public board: whose decision is pending and any notes, then every line of the game's board text
    (split across the description and fields, never cut; past :data:`TEXT_ROOM` the rest is behind the
    **Full board** button, see :func:`board_view`), then the newest log lines that fit. ``text``: the board
    text of ``view`` (``Game.board_text``, written when not given)."""
    if view.result is not None:
        waiting = f"**Game over:** {view.result.text}"
    elif view.waiting:
        def due(s: int) -> str:
            at = deadline_of(t, s)
            return f", {when(at)}" if at is not None else ""
        waiting = "Waiting for " + ", ".join(f"{who(t, s)} ({t.game.step_name(kind)}{due(s)})"
                                             for s, kind in view.waiting)
    else:
        waiting = ""
    # each player's time bank, a running one as a live countdown (true whenever it is read)
    clocks = bank.clocks_line(t, t.updated, live=when) if view.result is None else ""
    head = "\n".join(p for p in (waiting, clocks, *notes) if p)
    stealth = " · Stealth off" if t.game.has_stealth and not t.stealth else ""  # MEM-STL-11
    opts = options_mark(t, SHORT_MAX - len(f"spectators see only this board{stealth} · table {t.id}") - 3)
    e, _ = text_embed(f"{t.game.name} · table {t.id}", head, t.game.board_text(view) if text is None else text,
                      f"spectators see only this board{stealth}{opts} · table {t.id}", more=MORE_BOARD)
    room = min(FIELD_VALUE_MAX, EMBED_MAX - embed_size(e) - len("Recent"))
    recent: list[str] = []
    for line in reversed(log[-8:]):  # the newest first, as many as fit
        item = clip(f"· {line}", 300)
        if sum(len(r) + 1 for r in recent) + len(item) > room:
            break
        recent.insert(0, item)
    if recent and len(e.fields) < FIELDS_MAX:
        e.add_field(name="Recent", value="\n".join(recent), inline=False)
    return fit_embed(e)


def board_view(t: Table, dm_closed: bool, view: View | None = None, text: str | None = None) -> discord.ui.View | None:
    """The board's buttons: "My hand" (marked when someone's DMs are closed) and, when the board text does
    not fit in the board message, "Full board". ``view``: the public view (computed when not given);
    ``text``: its board text (``Game.board_text``, written when not given)."""
    if t.status != "playing":
        return None
    v = discord.ui.View(timeout=None)
    v.add_item(discord.ui.Button(label="My hand", style=discord.ButtonStyle.secondary, custom_id=ids.hand(t.id),
                                 emoji="🂠" if dm_closed else None))
    public = view if view is not None else (t.game.view(t.state, None) if t.state is not None else None)
    if public is not None and text_overflows(t.game.board_text(public) if text is None else text):
        v.add_item(discord.ui.Button(label="Full board", style=discord.ButtonStyle.secondary,
                                     custom_id=ids.board(t.id)))
    return v


CONTEXT_RULE = "── your hand ──"  # between the decision's board context and the hand
UNPLAYABLE = "Not playable now"  # the field under a decision listing the cards in hand it cannot use
UNPLAYABLE_ROOM = FIELD_VALUE_MAX + len(UNPLAYABLE)


def unplayable_lines(t: Table, view: View) -> list[str]:
    """``Name: reason`` for each card in the viewer's hand that cannot be played now (``Game.unplayable``),
    from the table's state: only while the viewer decides, and only its own secrets."""
    if t.state is None or view.viewer is None or not view.decisions or view.result is not None:
        return []
    return [f"{name}: {reason}" for name, reason in t.game.unplayable(t.state, view.viewer)]


def unplayable_value(lines: list[str]) -> str:
    """The lines as one field value within :data:`FIELD_VALUE_MAX`: as many as fit, then "… and N more"."""
    out: list[str] = []
    for i, line in enumerate(lines):
        item = clip(f"· {line}", 200)
        left = len(lines) - i - 1
        after = len(f"\n… and {left} more") if left else 0
        if sum(len(o) + 1 for o in out) + len(item) + after > FIELD_VALUE_MAX:
            out.append(f"… and {left + 1} more")
            break
        out.append(item)
    return "\n".join(out)


def private_embed(t: Table, view: View, where: str) -> discord.Embed:
    """A seat's private view and its open decision, for its DM or an ephemeral reply: the decision (or
    result, or whom it waits for) first, then the part of the board the decision depends on
    (``Game.context_text``), then every line of the game's private text (the hand), and last,
    right above the options, the cards in hand that cannot be played now with why. A hand too
    long for one message is shown with shorter lines (:data:`HAND_WIDTHS`), so no card is left out."""
    if view.result is not None:
        head = f"**Game over:** {view.result.text}"
    elif view.decisions:
        head = f"**Your decision:** {view.decisions[0].prompt}"
    else:
        waiting = ", ".join(who(t, s) for s, _ in view.waiting)
        head = f"Waiting for {waiting}." if waiting else ""
    context = t.game.context_text(view).splitlines()
    lines = (context + [CONTEXT_RULE] if context else []) + t.game.private_text(view).splitlines()
    missing = unplayable_lines(t, view)
    reserve = UNPLAYABLE_ROOM if missing else 0
    for width in HAND_WIDTHS:
        shown = lines if width is None else [clip(line, width) for line in lines]
        e, over = text_embed(f"{t.game.name} · table {t.id}", head, "\n".join(shown), where, more=MORE_HAND,
                             reserve=reserve)
        if not over:
            break
    if missing and len(e.fields) < FIELDS_MAX:
        e.add_field(name=UNPLAYABLE, value=unplayable_value(missing), inline=False)
    return fit_embed(e)


LOOKUP = "Look up a card"


def lookup_button(t: Table) -> discord.ui.Button:
    """"Look up a card" under a decision: a box asks for a name and the card answers privately.
    The same on every decision of the table, so it changes no DM payload between decisions."""
    return discord.ui.Button(label=LOOKUP, style=discord.ButtonStyle.secondary, custom_id=ids.card(t.id),
                             emoji="🔎", row=4)


STOP_LABEL = "Pass until my turn"  # the stop button of a response window


def decision_view(t: Table, decision: Decision | None, page: int = 0) -> discord.ui.View | None:
    """Buttons for up to 5 options, else a select menu of 25 options a page with page buttons; then, in the
    last row, **Look up a card** (:func:`lookup_button`)."""
    if decision is None:
        return None
    v = discord.ui.View(timeout=None)
    opts = decision.options
    token = token_for(t, decision)  # the seat's decision token: other seats' moves leave it
    # a stop, on its own row below the options (not when the game offers its own, Memesis' hold)
    if decision.window and not any(o.label.casefold() == STOP_LABEL.casefold() for o in opts):
        v.add_item(discord.ui.Button(label=STOP_LABEL, style=discord.ButtonStyle.secondary, row=4,
                                     custom_id=ids.stop(t.id, token)))
    if len(opts) <= BUTTONS_MAX:
        for o in opts:
            style = discord.ButtonStyle.primary if o.id == decision.default else discord.ButtonStyle.secondary
            v.add_item(discord.ui.Button(label=clip(o.label, 80), style=style,
                                         custom_id=ids.option(t.id, token, option_key(o.id))))
        v.add_item(lookup_button(t))
        return v
    pages = page_count(decision)
    page = max(0, min(page, pages - 1))
    chunk = opts[page * SELECT_MAX:(page + 1) * SELECT_MAX]
    select = discord.ui.Select(
        custom_id=ids.select(t.id, token, page),
        placeholder=clip(decision.prompt, 150),
        options=[discord.SelectOption(label=clip(o.label, 100), value=option_key(o.id)) for o in chunk],
    )
    v.add_item(select)
    if pages > 1:
        if page > 0:
            v.add_item(discord.ui.Button(label="◀ Previous", custom_id=ids.page(t.id, token, page - 1)))
        if page < pages - 1:
            v.add_item(discord.ui.Button(label="Next ▶", custom_id=ids.page(t.id, token, page + 1)))
    v.add_item(lookup_button(t))
    return v


def when(epoch: float) -> str:
    """A Discord timestamp showing a live countdown in every reader's own clock ("in 4 minutes"), for
    message content, descriptions and field values (footers and titles show it as raw text)."""
    return f"<t:{int(epoch)}:R>"


def deadline_of(t: Table, seat: int) -> float | None:
    """When ``seat``'s open decision times out (epoch seconds), or ``None`` when it has no timer."""
    dl = t.deadlines.get(seat)
    return None if dl is None else dl.deadline


def turn_content(t: Table, seat: int, deciding: bool) -> str | None:
    """The content line above a seat's private view: while it decides, the table and the live deadline
    (``<t:…:R>``; at a table with time banks, when the bank runs out); it is also what a notification shows.
    When not deciding: the seat's time bank (:func:`bank_note`), else ``None``."""
    if not deciding:
        return bank_note(t, seat)
    due = deadline_of(t, seat)
    tail = f" · decide {when(due)}, then the default is applied" if due is not None else ""
    if due is not None and bank.banked(t, seat):  # the bank is what runs out
        tail = f" · your time bank runs out {when(due)}, then the default is applied"
    return clip(f"🎲 Your decision at {t.game.name} table {t.id}{tail}.", CONTENT_MAX)


def bank_note(t: Table, seat: int) -> str | None:
    """``⏱ Your time bank: 9:20.``: the content line of a seat's DM while it does not decide at a table with
    time banks; it changes only when the seat's own bank does. ``None`` without a bank."""
    left = bank.bank_of(t, seat) if t.status == "playing" else None
    return None if left is None else f"⏱ Your time bank: {bank.clock_text(left)}."


def page_count(decision: Decision) -> int:
    """Pages of the select menu of a decision with more than :data:`BUTTONS_MAX` options."""
    return max(1, (len(decision.options) + SELECT_MAX - 1) // SELECT_MAX)


def result_embed(t: Table, result: Result | None, stats: list[str], view: View | None = None,
                 link: str | None = None) -> discord.Embed:
    """The end of a table: the result, winners and why (``None``: cancelled), and the players' stats. With
    the final public ``view``, the final summary: the turns played and each seat's end state
    (``Game.end_state``). With ``link`` (the table's web page, ``WEB_URL``), a Replay field pointing at it."""
    e = discord.Embed(title=f"{t.game.name} · table {t.id} · {'game over' if result else 'cancelled'}", colour=COLOUR)
    if result is None:
        e.description = "The table was cancelled."
    else:
        winners = ", ".join(who(t, s) for s in result.winners) or "nobody"
        teams = sorted({team for s in result.winners if (team := t.team_of(s))})
        label = "Winners" if len(result.winners) > 1 else "Winner"
        if teams:  # a team game: the winning team(s) and every member
            label = f"{label} (team {', '.join(teams)})"
        why = pointers(result.rule) if result.rule else result.reason.replace('_', ' ')
        e.description = f"**{result.text}**\n{label}: {winners}\nWhy: {why}"
        if view is not None:
            turns, lines = t.game.end_state(view)
            if turns is not None:
                e.description += f"\nTurns: {turns}"
            seats = []
            for s in range(len(t.seats)):
                mark = " 🏆" if s in result.winners else ""
                seats.append(clip(f"{s + 1}. {seat_line(t, s)}{team_mark(t, s)}{mark}"
                                  + (f" — {lines[s]}" if s in lines else ""), 200))
            e.add_field(name="Seats at the end", value=clip("\n".join(seats), FIELD_VALUE_MAX), inline=False)
        if result.scores:  # each seat's score as the rules count it
            e.add_field(name="Scores", value=clip("\n".join(result.scores), FIELD_VALUE_MAX), inline=False)
        if stats:
            e.add_field(name="Stats", value=clip("\n".join(stats), FIELD_VALUE_MAX), inline=False)
    if link is not None:  # first among the fields and as the title's link: fit_embed shortens the last ones
        e.url = link
        e.insert_field_at(0, name="Replay", value=f"[Step through the game on the web]({link})", inline=False)
    return fit_embed(e)


def rematch_view(t: Table, accepted: int = 0, started: str | None = None) -> discord.ui.View:
    """The Rematch button under a finished table's result: every human player presses it; the
    label counts who has (``accepted`` of them); once the rematch ``started`` (its table id) it is disabled
    and names the new table."""
    total = len({s.user_id for s in t.seats if not s.computer and s.user_id}) or 1
    if started:
        label, disabled = f"Rematch: table {started}", True
    else:
        label, disabled = f"Rematch ({accepted}/{total} ready)" if accepted else "Rematch", False
    v = discord.ui.View(timeout=None)
    v.add_item(discord.ui.Button(label=clip(label, 80), style=discord.ButtonStyle.success,
                                 custom_id=ids.rematch(t.id), disabled=disabled))
    return v


def concede_view(t: Table, user: str) -> discord.ui.View:
    """Concede / Keep playing: the confirmation ``/table concede`` shows ``user``."""
    v = discord.ui.View(timeout=None)
    v.add_item(discord.ui.Button(label="Concede", style=discord.ButtonStyle.danger,
                                 custom_id=ids.concede(t.id, user, "yes")))
    v.add_item(discord.ui.Button(label="Keep playing", style=discord.ButtonStyle.secondary,
                                 custom_id=ids.concede(t.id, user, "no")))
    return v


def out_text(t: Table, seat: int) -> str:
    """What a player who is out of a game that goes on is told."""
    return (f"You are out of {t.game.name} table {t.id}: you will have no more decisions there, and the game "
            "goes on without you. **Watch** to keep following it (the board in the table's thread and your DM "
            "keep updating), or **Leave** to get no more DMs from this table.")


def out_view(t: Table, seat: int) -> discord.ui.View:
    """Watch / Leave for a player who is out."""
    v = discord.ui.View(timeout=None)
    v.add_item(discord.ui.Button(label="Watch", style=discord.ButtonStyle.primary, custom_id=ids.out(t.id, seat, "watch")))
    v.add_item(discord.ui.Button(label="Leave", style=discord.ButtonStyle.secondary,
                                 custom_id=ids.out(t.id, seat, "leave")))
    return v

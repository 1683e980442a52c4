"""The Discord front end of the table service: a :class:`bot.host.Listener` that keeps each table's
messages up to date.

* One board message per table (in the table's thread when threads are on), edited in place, at most one
  edit per board per ``board_interval`` seconds (a burst of actions becomes one edit). A board older than
  an hour is posted anew rather than edited (Discord limits edits of old messages).
* One DM per human seat with its private view and decision components, edited only when what it shows
  changes. The DMs are kept per *slot* (:data:`bot.host.SLOT`): a Team Up seat (MO-OPT-06) has one slot per
  user managing it, each with its own DM (one more notice per co-manager per new decision), and a seat
  managed by another (a merger, MO-OPT-08, ``Game.managed_by``) shows the managing seat's view and decision. When a DM fails with 50007 (DMs closed) the board says so and the seat uses the board's
  "My hand" button (an ephemeral view) instead.
* The message ids live in the store (``front_messages``), so a restarted bot edits the same messages.

Discord failures mid-game, none of which costs a REST call while things work:

* 30046 (too many edits of a message older than an hour) on a DM: the private view is posted as a new DM,
  which becomes the seat's message, and the old one is deleted so that only one set of decision buttons
  is live. On the board: a new board is posted (as after an hour).
* 50013 (Missing Permissions) or 50001 (Missing Access) on the board, thread, reminder or result: the
  table's creator gets one DM per table and problem naming the permission the bot lacks there (read from
  the channel's permissions for the bot), or the action that failed when they do not show it, and
  ``/table status`` says why the board stopped. The front then makes no more calls there (Discord
  bans a client after 10,000 refused requests in 10 minutes; before, every action cost two):
  the channel or thread is *blocked* (:class:`Blocked`) until a gateway event says its permissions may
  have changed (CHANNEL_UPDATE of it or its parent channel, THREAD_UPDATE, GUILD_ROLE_UPDATE and
  GUILD_ROLE_DELETE in its server, the bot's own GUILD_MEMBER_UPDATE when Discord sends it), which lets
  one call try again at once and brings the board up to date; as a safety net for a change no event
  shows, one call tries again after :data:`BLOCK_FIRST` seconds, then after twice as long each time it
  is refused again, up to :data:`BLOCK_MAX` (the front's clock, ``now``). A call that succeeds lifts the
  block. DMs are never blocked: players keep getting theirs. ``/table resume`` elsewhere gives the table
  a new place (and lifts a block of the place it resumes in: someone chose it).
* 10003 (Unknown Channel) on the board, or the gateway's CHANNEL_DELETE / THREAD_DELETE for the table's
  channel or thread: the table is paused (:meth:`TableService.pause`) and its players are told by DM;
  ``/table resume`` in another channel calls :meth:`TableService.resume`, and :meth:`resumed` posts the
  table there with a new thread and board.

A seat whose click is being answered through its interaction (the reply edits the clicked message) is
*claimed*: the front does not spend a REST call editing that DM meanwhile.

Turn notices and the REST budget:

* When a seat gets a decision while its DM shows none, the private view goes out as a NEW DM (edits do
  not notify): that DM is the notice, one REST call, and becomes the seat's DM. The old DM needs no
  retiring: it showed no buttons. A player whose DMs are closed gets a mention in the table's thread
  instead, pointing to **My hand**. ``/notify off`` (per user, stored) turns both off: the DM is edited.
* A response window (``Decision.window``) is quiet: it is shown by editing the seat's DM in place,
  which does not notify, and closed DMs get no mention for it, unless the player turned window pings on
  (``/notify windows:on``, :attr:`bot.host.PlayPrefs.windows`). A decision that is not a window arriving while
  the DM shows a quiet window is a turn notice as usual (a new DM); the old DM's window buttons are then removed
  in one edit, so only one message has live buttons. Windows are never reminded (:mod:`bot.host.clock`).
* A DM whose buttons or content line (the deadline) changed is edited at once. A DM whose only change is
  the board context or the hand (other seats played, its own decision is the same) is refreshed at most
  once per ``context_interval`` seconds (``DM_CONTEXT_INTERVAL``), and at once when its player clicks (the
  click's reply is free). The decision's buttons stay valid meanwhile: their token changes only with the
  seat's own decision. A DM without a decision (its player waits) is refreshed that way only when the
  player's own hidden information in it changed (``Game.private_text``: the hand); who is being waited for and
  the board context are on the board (these refreshes were a third of a four-seat
  game's calls), and the next decision comes as a new DM with everything fresh.

Board pictures: the board message carries a picture of the public board
(:func:`bot.picture.board_png`) as an embed image from its attachment ``board.png``. It is rendered only
when the public view changed (after every interaction was acknowledged: the front runs in its own task)
and goes up inside the board's usual edit or post (``attachments=[file]`` replaces the old picture in the
same call), so a picture costs no REST call of its own; an edit whose picture is unchanged names the
attachment already there. ``BOARD_PICTURES``, the server's ``/settings pictures`` and the table's
``pictures`` option turn it off (the next board edit drops the picture); the text board always stays. A
picture that fails to render, or is larger than :data:`PICTURE_MAX`, is left out and logged once per
table: the board goes out without it.
"""

from __future__ import annotations

from bot.host import SLOT, Table
from games.core.contract import View

from .board import Boards
from .core import (
    BLOCK_FIRST,
    BLOCK_MAX,
    BOARD_MAX_AGE,
    BOARD_PNG,
    CANNOT_DM,
    EDIT_LIMIT,
    HAND_TOKEN_LIFE,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    PICTURE_MAX,
    REFUSED_HERE,
    THREAD_ACTION,
    UNKNOWN_CHANNEL,
    Blocked,
    TableMessages,
    buttons_key,
    payload_key,
    picture_file,
    private_key,
    view_fingerprint,
)
from .dms import DMs
from .events import TableEvents
from .failures import Failures

__all__ = [
    "BLOCK_FIRST", "BLOCK_MAX", "BOARD_MAX_AGE", "BOARD_PNG", "CANNOT_DM", "EDIT_LIMIT", "HAND_TOKEN_LIFE",
    "MISSING_ACCESS", "MISSING_PERMISSIONS", "PICTURE_MAX", "REFUSED_HERE", "THREAD_ACTION", "UNKNOWN_CHANNEL",
    "Blocked", "DiscordFront", "TableMessages", "buttons_key", "payload_key", "picture_file", "private_key",
    "view_fingerprint",
]


class DiscordFront(TableEvents, DMs, Boards, Failures):
    """Renders table changes to Discord. ``client`` is the bot; ``board_interval`` seconds between edits. Its
    parts, by concern: :class:`~bot.shell.front.events.TableEvents`, :class:`~bot.shell.front.dms.DMs`,
    :class:`~bot.shell.front.board.Boards`, :class:`~bot.shell.front.failures.Failures`, on
    :class:`~bot.shell.front.core.FrontCore`."""

    async def flush(self, table_id: str, t: Table) -> None:
        """Bring the lobby, board and DMs of ``t`` up to date with the latest views."""
        m = await self.messages(table_id)
        m.dirty = False
        await self._flush_lobby(t, m)
        if t.state is None:
            return
        views = m.views or self._views(t)
        await self._flush_board(t, m, views)
        for slot, _user in t.slots():  # every user of every human seat (Team Up: several per seat, MO-OPT-06)
            if slot in m.claimed or slot in m.left:
                continue
            seat = t.answers_for(slot % SLOT)  # MO-OPT-08: a merged team's player sees the acquiring team
            view = views.get(seat) or t.game.view(t.state, seat)
            if slot in m.closed:
                await self._mention(t, m, slot, view)
                await self._flush_hand(t, m, slot, view)
            else:
                await self._flush_dm(t, m, slot, view)

    def _views(self, t: Table) -> dict[int | None, View]:
        views: dict[int | None, View] = {None: t.game.view(t.state, None)}
        for s in t.seats:
            if not s.computer:
                views[s.seat] = t.game.view(t.state, s.seat)
        return views

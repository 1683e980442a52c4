"""The clock of the tables: each human seat's decision timer (a fixed limit, a response window's round, or
the seat's time bank through :mod:`bot.host.bank`), reminders at half time, timeouts (the game's default;
three in a row concede the seat), and the computer seats, which act after a jittered pause and take turns
for a few slots across all tables.

A mixin of :class:`bot.host.service.TableService`: it uses the service's ``store``, ``clock``, ``tables``,
``listeners``, ``computer_delay``, ``_tasks``, ``_computer_slots`` and ``thinker`` (:mod:`bot.host.think`: a
searching computer thinks off the loop, with the table unlocked, and its choice is applied only if the table is
still where it was), and calls through ``self`` the play
(:mod:`bot.host.play`: ``_act``, ``_observe``, ``_commit``, ``_commit_rows``). May import
:mod:`bot.host.tables`, :mod:`bot.host.bank`, :mod:`bot.store` and ``games.core``.
"""

from __future__ import annotations

import asyncio
import random

from games.core.contract import Decision, Event

from ..store import StoreError
from . import bank as cb
from .tables import CONCEDE, MAX_TIMEOUTS, Deadline, Table, decision_token, token_for

COMPUTER_JITTER = 0.25  # a computer's pause is computer_delay times 1 ± this, so tables do not act in lock-step
# Computer moves being decided or stored at once; more wait their turn. Measured with bench_host at
# 50 saturated tables: 8 gave act p99 4.3–6 ms, 4 gave 2.2–4 ms at 3,100–3,300 actions/s, 2 lost a quarter of those.
COMPUTER_SLOTS = 4
# The same on PostgreSQL, where a stored move waits for a round trip to the server: the moves in progress are the
# most a group commit can hold, and one commit (one ``metahost_record`` call) costs about the same for 4 as for 16.
# Measured with bench_host at 50 saturated tables on a busy 2-core machine: 4 gave 675-861 actions/s, 16 gave
# 982-1,422 and 32 1,601 (docs/performance.md, "The table host").
PG_COMPUTER_SLOTS = 16


class ClockMixin:
    """Deadlines, reminders, timeouts and computer seats (see the module docstring)."""

    def _set_deadlines(self, t: Table) -> bool:
        """Keep, drop or start each human seat's decision timer; ``True`` when a human seat has a decision
        open. Lists the decisions once (tokens only for human seats: computers have no timer)."""
        now = self.clock.now()
        open_: dict[int, Decision] = {}
        if t.state is not None and t.status == "playing" and not all(s.computer for s in t.seats):
            for d in t.game.decisions(t.state):
                if not t.seats[d.seat].computer:
                    open_.setdefault(d.seat, d)  # a seat's first decision, as decision_token takes
        if not open_ and not t.deadlines:
            return False
        tokens = {seat: token_for(t, d) for seat, d in open_.items()}
        for seat in list(t.deadlines):
            # a seat's timer runs while its own decision stays the same (its decision token), not per version
            if seat not in open_ or t.deadlines[seat].token != tokens[seat]:
                cb.stop_timer(t, seat, now)  # a time bank keeps what was left
                del t.deadlines[seat]
        for seat, d in open_.items():
            if seat not in t.deadlines:
                span = t.response if d.window else t.timeout  # MEM-GAP-28: a window has the shorter deadline
                t.deadlines[seat] = Deadline(t.version, now + span, now + span / 2, token=tokens[seat])
                cb.start_timer(t, seat, d.window, now)  # a time bank instead of the fixed limit
        self._round_deadlines(t, open_)  # rounds of response windows
        return bool(open_)

    @staticmethod
    def _round_deadlines(t: Table, open_: dict[int, Decision]) -> None:
        """An open response window's timer ends with its round (:attr:`Table.round`, see
        :meth:`_auto`), and a window is never reminded (a reminder is a notifying DM; windows are quiet)."""
        for seat, d in open_.items():
            dl = t.deadlines.get(seat)
            if d.window and dl is not None:
                if t.round is not None:
                    dl.deadline = min(dl.deadline, t.round)
                dl.remind_at = dl.deadline

    def _deadline_rows(self, t: Table) -> list[tuple[int, float, float]]:
        # a reminded seat's reminder time is its deadline, so a kept timer is not reminded twice after a restart
        return [(s, d.deadline, d.deadline if d.reminded else d.remind_at) for s, d in t.deadlines.items()]

    def _schedule(self, t: Table) -> None:
        """Let a computer seat with an open decision act after ``computer_delay`` seconds."""
        if t.status != "playing" or t.state is None or t.paused is not None:
            return
        task = self._tasks.get(t.id)
        if task is not None and not task.done():
            return  # its computers are playing (a commit by them lands here): no need to list decisions
        if any(t.seats[d.seat].computer for d in t.game.decisions(t.state)):
            self._tasks[t.id] = asyncio.get_running_loop().create_task(self._computers(t))

    async def _computers(self, t: Table) -> None:
        """Play ``t``'s computer seats while one has a decision: each waits about ``computer_delay``
        seconds (times 1 ± :data:`COMPUTER_JITTER`, from a generator seeded by the table, so tables started
        together drift apart instead of acting in bursts), then for one of :data:`COMPUTER_SLOTS` turns."""
        rng = random.Random(t.seed * 1_000_003 + t.seq)
        while t.status == "playing" and t.paused is None and not t.released:
            if self.computer_delay:
                await asyncio.sleep(self.computer_delay * (1 + COMPUTER_JITTER * (2 * rng.random() - 1)))
            job = answer = None
            async with self._computer_slots, t.lock:
                if t.status != "playing" or t.paused is not None or t.released:
                    return
                decs = [d for d in t.game.decisions(t.state) if t.seats[d.seat].computer]
                if not decs:
                    return
                d = decs[0]
                at = self.clock.now()
                self._observe(t, at)  # the computer decides on the clock its choice is applied with
                version = t.version
                if self.thinker.searches(t.game, t.level, d):
                    job = self.thinker.job(t.game, t.state, d.seat, t.level, t.seed)
                elif self.computer_delay and self.thinker.searching(t.game, t.level):
                    answer = d.options[0].id  # one option: answered at the search's pace all the same
                else:
                    try:
                        await self._act(t, d.seat, t.version, self.thinker.quick(t.game, t.state, d, t.seed),
                                        by_player=False, at=at)
                    except StoreError:
                        return  # the table stays as committed; tick() schedules the computer again
            if job is not None or answer is not None:  # unlocked: people at this table may act meanwhile
                loop = asyncio.get_running_loop()
                started = loop.time()
                choice = answer if job is None else await self.thinker.search(job)
                if self.computer_delay:  # paced: how long it took must not tell whether it had a choice
                    rest = started + self.thinker.pace(t.level) - loop.time()
                    if rest > 0:
                        await asyncio.sleep(rest)
                async with self._computer_slots, t.lock:
                    if t.status != "playing" or t.paused is not None or t.released:
                        return
                    if t.version == version and any(x.seat == d.seat and x.option(choice) is not None
                                                    for x in t.game.decisions(t.state)):
                        try:
                            await self._act(t, d.seat, version, choice, by_player=False, at=at)
                        except StoreError:
                            return
            if not self.computer_delay:
                await asyncio.sleep(0)

    async def settle(self, table_id: str | None = None) -> None:
        """Wait until no computer seat has work left (tests and terminal play)."""
        while True:
            tasks = [task for tid, task in self._tasks.items() if table_id in (None, tid) and not task.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    async def tick(self) -> None:
        """Fire due reminders and timeouts (call every second or so; tests call it with a fake clock).

        At half time the deciding player is reminded; at the deadline the game's documented default is
        applied; a seat that times out three times in a row is conceded. A paused table is skipped: its
        clock stands still until :meth:`resume` moves its deadlines on."""
        now = self.clock.now()
        for t in list(self.tables.values()):
            if t.status != "playing" or t.paused is not None:  # a paused table's clock stands still
                continue
            self._schedule(t)  # a computer stopped by a store fault resumes here
            if t.auto_due:  # choices the host takes at once (bot.host.auto), left pending
                async with t.lock:
                    if t.status == "playing" and t.paused is None and t.auto_due and not t.released:
                        try:
                            await self._commit_rows(t, [], t.version, [], {}, now, tell=False)
                        except StoreError:
                            pass  # tried again at the next tick
                if t.status != "playing":
                    continue
            for seat, dl in sorted(t.deadlines.items()):
                if dl.token != decision_token(t, seat):
                    continue
                if now >= dl.deadline:
                    await self._timeout(t, seat)
                    break
                if not dl.reminded and now >= dl.remind_at:
                    dl.reminded = True
                    try:
                        await self.store.mark_reminded(t.id, seat)
                    except StoreError:
                        pass
                    decision = t.game.decision_for(t.state, seat)
                    for lst in self.listeners:
                        await lst.reminder(t, seat, decision, dl.deadline)

    async def _timeout(self, t: Table, seat: int) -> None:
        async with t.lock:
            if (t.status != "playing" or t.paused is not None or t.released or seat not in t.deadlines
                    or t.deadlines[seat].token != decision_token(t, seat)):
                return
            decision = t.game.decision_for(t.state, seat)
            # MEM-GAP-28: a timed-out response window never counts towards conceding for absence
            count = {} if decision.window else {seat: t.seats[seat].timeouts + 1}
            t.round_over = t.round_over or decision.window  # the round's other windows pass too
            version = t.version
            at = self.clock.now()
            self._observe(t, at)
            if count.get(seat, 0) >= MAX_TIMEOUTS:
                events = t.game.concede(t.state, seat)
                events.insert(0, Event(f"{t.seats[seat].name} timed out {MAX_TIMEOUTS} times in a row."))
                await self._commit(t, seat, version, CONCEDE, events, count, at)
                return
            choice = t.game.timeout_choice(t.state, decision)
            events = t.game.apply(t.state, seat, choice)
            what = "did not respond in time" if decision.window else "ran out of time"
            events.insert(0, Event(f"{t.seats[seat].name} {what}: the default was applied."))
            await self._commit(t, seat, version, choice, events, count, at)

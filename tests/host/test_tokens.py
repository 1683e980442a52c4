"""Per-seat decision tokens: a seat's token changes only when its own decision changes, a
press with an outdated token still applies an option that is still offered, repeated presses change
nothing and say so, and tokens, duplicates and timers survive a restart. Played on four-seat Meta tables,
whose pushing stage gives every player a decision at once (META-PSH-05)."""

from __future__ import annotations

import pytest

from bot.host import TableError, TableService, decision_token, option_key
from games.core.rng import Rng

USERS = ("u0", "u1", "u2", "u3")


@pytest.fixture
async def svc(store, clock):
    return TableService(store, clock=clock, computer_delay=0)


async def meta_table(svc, seed=102):
    t = await svc.create("meta", "c", USERS[0], "P0", seats=4, seed=seed)
    for u in USERS[1:]:
        await svc.join(t.id, u, u.upper())
    await svc.start(t.id, USERS[0])
    return t


def open_seats(t):
    return [d.seat for d in t.game.decisions(t.state)]


async def play_one(svc, t, seat, rng):
    d = next(d for d in t.game.decisions(t.state) if d.seat == seat)
    o = d.options[rng.below(len(d.options))]
    await svc.act_option(t.id, USERS[seat], decision_token(t, seat), option_key(o.id))
    return o.id


async def until_two_decide(svc, t, rng, limit=400):
    """Play random options until at least two seats decide at once; returns those seats."""
    for _ in range(limit):
        seats = open_seats(t)
        if len(set(seats)) >= 2:
            return sorted(set(seats))
        await play_one(svc, t, seats[rng.below(len(seats))], rng)
    raise AssertionError("no two seats decided at once")


async def test_other_seats_moves_keep_a_token_and_outdated_tokens_apply_options_still_offered(svc):
    """META-PSH-05 with per-seat tokens: while others play, a seat's token stays as long as its options do;
    a press made with an older token is applied when its option is still offered."""
    t = await meta_table(svc)
    rng = Rng.from_seed(3)
    kept = applied_outdated = 0
    for _ in range(300):
        if t.status != "playing" or (kept and applied_outdated):
            break
        seats = await until_two_decide(svc, t, rng)
        a = seats[rng.below(len(seats))]
        b = [s for s in seats if s != a][rng.below(len(seats) - 1)]
        token = decision_token(t, a)
        before = {o.id for d in t.game.decisions(t.state) if d.seat == a for o in d.options}
        await play_one(svc, t, b, rng)
        now = {o.id for d in t.game.decisions(t.state) if d.seat == a for o in d.options}
        if now and now == before:
            assert decision_token(t, a) == token, "another seat's move changed this seat's token"
            kept += 1
        still = sorted(before & now)
        if still and decision_token(t, a) != token:
            version = t.version
            await svc.act_option(t.id, USERS[a], token, option_key(still[0]))
            assert t.version == version + 1 and t.last_choice[a] == still[0]
            applied_outdated += 1
    assert kept > 0 and applied_outdated > 0, (kept, applied_outdated)


async def test_a_repeated_press_is_already_decided_and_changes_nothing(svc, store):
    """The same press twice is "Already decided"; another option of a decision already
    answered is refused; an option no longer offered is refused; nothing changes in any of them."""
    t = await meta_table(svc)
    seat = open_seats(t)[0]
    d = next(d for d in t.game.decisions(t.state) if d.seat == seat)
    token = decision_token(t, seat)
    await svc.act_option(t.id, USERS[seat], token, option_key(d.options[0].id))
    version, logged = t.version, len(await store.actions(t.id))
    with pytest.raises(TableError, match="Already decided: that choice was applied") as err:
        await svc.act_option(t.id, USERS[seat], token, option_key(d.options[0].id))
    assert err.value.code == "duplicate"
    if len(d.options) > 1:
        with pytest.raises(TableError, match="Already decided") as err:
            await svc.act_option(t.id, USERS[seat], token, option_key(d.options[1].id))
        assert err.value.code == "decided"
    assert t.version == version and len(await store.actions(t.id)) == logged


async def test_bad_tokens_and_options_are_refused_by_name(svc):
    """A token of another seat, one this host never made, malformed, or an option the
    decision does not offer: each refused with what was wrong; nothing changes."""
    t = await meta_table(svc)
    seat = open_seats(t)[0]
    other = (seat + 1) % 4
    token = decision_token(t, seat)
    version = t.version
    cases = [(USERS[other], token, "another player's decision", "not_yours"),
             (USERS[seat], "nonsense", "not one this table offered", "bad_token"),
             (USERS[seat], f"{seat}.999.abcdef", "not one this table offered", "bad_token"),
             (USERS[seat], token, "no longer offered", "gone")]
    for user, tok, words, code in cases:
        with pytest.raises(TableError, match=words) as err:
            await svc.act_option(t.id, user, tok, "00000000" if code == "gone" else option_key("x"))
        assert err.value.code == code
    with pytest.raises(TableError, match="not seated"):
        await svc.act_option(t.id, "stranger", token, "00000000")
    assert t.version == version


async def test_tokens_and_duplicates_survive_a_restart(svc, store, clock):
    """After a restart (a new service on the same store) every seat has the same token, and
    a press repeated across the restart is still "Already decided"."""
    t = await meta_table(svc)
    rng = Rng.from_seed(8)
    for _ in range(15):
        seats = open_seats(t)
        await play_one(svc, t, seats[rng.below(len(seats))], rng)
    seat = open_seats(t)[0]
    token = decision_token(t, seat)
    choice = await play_one(svc, t, seat, rng)
    tokens = {s: decision_token(t, s) for s in range(4)}
    svc2 = await TableService.open(store, clock=clock, computer_delay=0)
    t2 = svc2.get(t.id)
    assert {s: decision_token(t2, s) for s in range(4)} == tokens
    with pytest.raises(TableError, match="Already decided: that choice was applied"):
        await svc2.act_option(t.id, USERS[seat], token, option_key(choice))


async def test_another_seats_move_does_not_restart_a_seats_timer(svc, clock):
    """A seat's deadline runs while its own decision is the same; another seat's move
    no longer restarts it (the shown countdown stays true)."""
    t = await meta_table(svc)
    rng = Rng.from_seed(3)
    for _ in range(200):
        a, b = (await until_two_decide(svc, t, rng))[:2]
        token, deadline = decision_token(t, a), t.deadlines[a].deadline
        clock.t += 10
        await play_one(svc, t, b, rng)
        if decision_token(t, a) == token:
            assert t.deadlines[a].deadline == deadline
            return
    raise AssertionError("no move left another seat's decision as it was")

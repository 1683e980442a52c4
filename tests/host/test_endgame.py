"""The end of a game through the table service: a player out of a game that goes on is told
once, a finished game can be played again by the same players (Rematch), finished tables stay readable,
and a replay exports public information only."""

from __future__ import annotations

import pytest

from bot.audit import public_log, replay, replay_export
from bot.host import Listener, TableError, TableLimits, TableService
from games import get_game


class Recorder(Listener):
    def __init__(self):
        self.calls: list[tuple] = []

    async def seat_out(self, table, seat):
        self.calls.append(("out", table.id, seat))

    async def finished(self, table, result, reason):
        self.calls.append(("finished", table.id, reason))


async def computers_only(svc, game="metax", seed=7, place="chan-1"):
    """A table of computers hosted by u1, played to the end."""
    t = await svc.create(game, place, "u1", "Ana", seed=seed, computer=True)
    await svc.add_computer(t.id, "u1")
    await svc.start(t.id, "u1")
    await svc.settle(t.id)
    assert t.status == "finished"
    return t


async def conceded_metax(svc, place="chan-1", seed=11):
    """Ana (u1) and Ben (u2) at MetaX; Ana concedes, so the table is finished."""
    t = await svc.create("metax", place, "u1", "Ana", seed=seed)
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    await svc.concede(t.id, "u1")
    assert t.status == "finished"
    return t


async def test_a_finished_table_is_looked_up_from_the_store(svc):
    """A finished table leaves the open tables, but ``lookup`` loads it, final state included."""
    t = await computers_only(svc)
    with pytest.raises(TableError):
        svc.get(t.id)
    found = await svc.lookup(t.id)
    assert found.status == "finished" and found.game.result(found.state) is not None
    assert found.game.to_json(found.state) == t.game.to_json(t.state)
    assert t.id not in svc.tables  # read-only: not reopened
    with pytest.raises(TableError) as exc:
        await svc.lookup("deadbeef")
    assert exc.value.code == "unknown_table" and "deadbeef" in exc.value.message


async def test_a_meta_player_who_concedes_is_told_once_that_they_are_out(svc):
    """META-WIN-03: Ana concedes a three-seat Meta game that goes on; the listeners hear once
    that seat 0 is out, and a second concession is refused and changes nothing."""
    t = await svc.create("meta", "chan-1", "u1", "Ana", seats=3, seed=5)
    await svc.join(t.id, "u2", "Ben")
    await svc.add_computer(t.id, "u1")
    await svc.start(t.id, "u1")
    await svc.settle(t.id)
    assert svc.rec.calls == []
    await svc.concede(t.id, "u1")
    await svc.settle(t.id)
    assert t.status == "playing"
    assert [c for c in svc.rec.calls if c[0] == "out"] == [("out", t.id, 0)]
    version = t.version
    with pytest.raises(TableError) as exc:
        await svc.concede(t.id, "u1")
    assert exc.value.code == "duplicate" and "already out" in exc.value.message
    assert t.version == version
    assert [c for c in svc.rec.calls if c[0] == "out"] == [("out", t.id, 0)]


async def test_out_seats_are_not_told_again_after_a_restart(svc, store, clock):
    """A restarted service knows who was out already: no second notice."""
    t = await svc.create("meta", "chan-1", "u1", "Ana", seats=3, seed=5)
    await svc.join(t.id, "u2", "Ben")
    await svc.add_computer(t.id, "u1")
    await svc.start(t.id, "u1")
    await svc.concede(t.id, "u1")
    await svc.settle(t.id)
    again = await TableService.open(store, clock=clock, computer_delay=0)
    rec = Recorder()
    again.listeners.append(rec)
    t2 = again.get(t.id)
    assert t2.out == {0}
    d = t2.game.decisions(t2.state)
    if d and not t2.seats[d[0].seat].computer:
        await again.act(t.id, t2.seats[d[0].seat].user_id, t2.version, d[0].options[0].id)
    await again.settle(t.id)
    assert not [c for c in rec.calls if c[0] == "out"]


async def test_metax_has_no_out_seats_the_concession_ends_the_game(svc):
    """MX-WIN-04: MetaX is two-player, so a concession ends the game; nobody is told they are out."""
    await conceded_metax(svc)
    assert not [c for c in svc.rec.calls if c[0] == "out"]


async def test_a_rematch_starts_once_every_player_accepts(svc):
    """Rematch: the same users in the same seats with the same decks, a new seed, at the same place,
    started once both players pressed Rematch; a repeat and a stranger are refused."""
    old = await conceded_metax(svc)
    first = await svc.rematch(old.id, "u1")
    assert first.table is None and first.waiting == ["u2"] and first.accepted == ["u1"]
    with pytest.raises(TableError) as exc:
        await svc.rematch(old.id, "u1")
    assert exc.value.code == "duplicate"
    with pytest.raises(TableError) as exc:
        await svc.rematch(old.id, "u3")
    assert exc.value.code == "not_seated"
    prepared = []

    async def prepare(t):
        prepared.append((t.id, t.status))

    done = await svc.rematch(old.id, "u2", prepare)
    new = done.table
    assert done.started and new is not None and new.status == "playing" and new.id != old.id
    assert prepared == [(new.id, "lobby")]
    assert [(s.user_id, s.name, s.deck_id, s.deck) for s in new.seats] == \
        [(s.user_id, s.name, s.deck_id, s.deck) for s in old.seats]
    assert new.place == old.place and new.host_user == old.host_user and new.options == old.options
    assert new.seed != old.seed
    with pytest.raises(TableError) as exc:
        await svc.rematch(old.id, "u1")
    assert exc.value.code == "duplicate" and new.id in exc.value.message


async def test_a_rematch_respects_the_table_limits(store, clock):
    """The table limits hold for a rematch: refused while the host has too many open tables, the
    acceptance withdrawn so that pressing again after closing one works."""
    svc = TableService(store, clock=clock, computer_delay=0, limits=TableLimits(per_user=1, per_channel=10))
    old = await conceded_metax(svc, place="1:2")
    other = await svc.create("metax", "1:2", "u1", "Ana")
    await svc.rematch(old.id, "u1")
    with pytest.raises(TableError) as exc:
        await svc.rematch(old.id, "u2")
    assert exc.value.code == "too_many_tables" and "Press Rematch again" in exc.value.message
    assert len(svc.tables) == 1
    await svc.abort(other.id, "u1")
    done = await svc.rematch(old.id, "u2")
    assert done.started


async def test_a_cancelled_or_running_table_has_no_rematch(svc):
    t = await svc.create("metax", "chan-1", "u1", "Ana")
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    with pytest.raises(TableError) as exc:
        await svc.rematch(t.id, "u1")
    assert exc.value.code == "not_finished"
    await svc.abort(t.id, "u1")
    with pytest.raises(TableError) as exc:
        await svc.rematch(t.id, "u1")
    assert exc.value.code == "not_finished" and "cancelled" in exc.value.message


@pytest.mark.parametrize("game", ["metax", "meta"])
async def test_the_replay_export_holds_public_information_only(svc, store, game):
    """The export has every public log line and, the game being over, the seed and choices;
    no private log line and no card that stayed hidden (in a hand at the end, never named publicly)."""
    t = await computers_only(svc, game=game)
    row = (await store.load_tables(table_id=t.id))[0]
    log = await store.actions(t.id)
    text = replay_export(row, log, await store.result(t.id))
    public = public_log(row, log)
    assert public and all(line in text for line in public)
    assert f"seed {t.seed}" in text and all(choice in text for _, _, choice in log)
    events: list = []
    replay(row, log, events)
    shown = "\n".join(public) + t.game.board_text(t.game.view(t.state, None))
    private = [e.text for e in events if e.audience is not None and e.text not in shown]
    assert private, "the game has private lines to leave out"
    assert not [p for p in private if p in text]
    hidden = set()
    for s in range(len(t.seats)):
        for c in t.game.view(t.state, s).private["hand"]:
            name = c.get("title") or c.get("name")
            if name not in shown:
                hidden.add(name)
    assert hidden, "some card stayed hidden to the end"
    assert not [h for h in hidden if h in text]


async def test_the_replay_export_of_a_game_in_play_has_no_seed_or_choices(svc, store):
    """While the game goes on the seed and the choices would tell hidden cards to come: left out."""
    t = await svc.create("metax", "chan-1", "u1", "Ana", seed=99)
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    d = t.game.decisions(t.state)[0]
    await svc.act(t.id, t.seats[d.seat].user_id, t.version, d.options[0].id)
    row = (await store.load_tables(table_id=t.id))[0]
    log = await store.actions(t.id)
    text = replay_export(row, log)
    assert "seed 99" not in text and "Audit record" not in text and f"#0 seat {log[0][1] + 1}" not in text
    assert "added once the game is over" in text


@pytest.mark.parametrize("game", ["metax", "meta"])
async def test_end_state_gives_turns_and_a_line_per_seat(svc, game):
    """The final summary's turns and seat lines come from the public view."""
    t = await computers_only(svc, game=game)
    turns, lines = get_game(game).end_state(t.game.view(t.state, None))
    assert isinstance(turns, int) and turns >= 1
    assert sorted(lines) == list(range(len(t.seats)))
    assert all(("VP" in v) if game == "metax" else ("life" in v) for v in lines.values())


async def test_a_rematch_the_front_cannot_show_is_cancelled_and_can_be_asked_again(svc):
    """When the front end fails to post the new table (``prepare`` raises), the new table is cancelled
    rather than left playing where nobody sees it, and the last player can press Rematch again."""
    old = await conceded_metax(svc)
    await svc.rematch(old.id, "u1")

    async def broken(t):
        raise RuntimeError("Discord is down")

    with pytest.raises(RuntimeError):
        await svc.rematch(old.id, "u2", broken)
    assert svc.tables == {}
    done = await svc.rematch(old.id, "u2")
    assert done.started and done.table.id in svc.tables

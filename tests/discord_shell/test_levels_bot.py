"""Computer levels through the network-free harness: ``/table new computers:normal`` (or ``hard``) opens a lobby
whose button adds a computer of that level and names it so, and a person plays a whole MetaX game against it by
clicking in DMs while the computer searches off the event loop (a thread here; a process pool in the bot)."""

from __future__ import annotations

import pytest

from games import get_game
from games.core.rng import Rng

from .harness import CHANNEL_ID
from .test_bot import ANA, play_to_the_end


@pytest.mark.parametrize("level", ["normal", "hard"])
async def test_a_person_plays_a_whole_game_against_a_searching_computer_through_discord(world, monkeypatch, level):
    """The lobby's button reads "Add normal computer" ("Add hard computer"), the lobby and board name
    "Computer 1 (normal computer)", every computer decision with more than one option is searched at the
    table's level, and the game ends with a result."""
    w = world
    mx = get_game("metax")
    monkeypatch.setattr(mx, "search_budget", lambda level: {"easy": 0, "normal": 6, "hard": 12}[level])
    searched: list[str] = []
    real = mx.search_choice

    def counted(state, seat, level, seed):
        searched.append(level)
        return real(state, seat, level, seed)

    monkeypatch.setattr(mx, "search_choice", counted)
    w.service.thinker.workers = 0  # a thread: the monkeypatched budget holds, and no process starts in a test
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax", "computers": level}, sub="new")
    assert not reply.ephemeral, reply.content
    lobby = reply.message
    table_id = next(iter(w.service.tables))
    labels = [c.get("label") for c in w.fake.components(lobby)]
    assert f"Add {level} computer" in labels, labels
    reply = await w.fake.click(ANA, lobby, f"mh:l:{table_id}:computer")
    await w.settle()
    t = w.service.get(table_id)
    assert t.level == level and t.seats[1].computer
    assert f"Computer 1 ({level} computer)" in w.fake.text_of(lobby)  # the lobby message, edited in place
    await w.fake.click(ANA, lobby, f"mh:l:{table_id}:start")
    await w.settle()
    clicks = await play_to_the_end(w, table_id, Rng.from_seed(4))
    assert clicks > 5 and t.status == "finished"
    assert searched and set(searched) == {level}
    thread_id = next(iter(w.fake.threads))
    texts = "\n".join(w.fake.text_of(m) for m in w.fake.channel_messages(thread_id))
    assert f"Computer 1 ({level} computer)" in texts

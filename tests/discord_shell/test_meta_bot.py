"""A four-seat Meta game through the network-free Discord harness (issue 5, hosting): four users open,
join and start a table with slash commands and buttons, every pushing stage gives every player in play
an open decision at once, the game is played to the end by clicking DMs, and no card hidden in a hand,
a memory or a face-down trigger reaches a channel or another player's DMs (META-INF-01, META-TRG-04)."""

from __future__ import annotations

from games.core.rng import Rng
from games.meta import rules
from games.meta.pool import card_pool

from .harness import CHANNEL_ID
from .test_bot import click_decision, decision_buttons, latest_dm

USERS = (101, 102, 103, 104)


async def open_meta_table(w):
    reply = await w.fake.slash(USERS[0], CHANNEL_ID, "table", {"game": "meta", "seats": 4}, sub="new")
    assert not reply.ephemeral, reply.content
    lobby = reply.message
    table_id = next(iter(w.service.tables))
    for user in USERS[1:]:
        await w.fake.click(user, lobby, f"mh:l:{table_id}:join")
    await w.fake.click(USERS[0], lobby, f"mh:l:{table_id}:start")
    await w.settle()
    return table_id


def public_cards(st) -> set[str]:
    """Titles of cards face up somewhere public at this moment (graveyards, stack entries); titles, as
    two versions of one card share a title."""
    out = set()
    for p in st.players:
        out.update(card_pool()[st.cards[c]].title for c in p.graveyard)
    for tw in rules.towers(st):
        out.update(card_pool()[st.cards[e.card]].title for level in tw.levels for e in level)
    return out


def hidden_by_seat(st) -> dict[int, set[str]]:
    """Titles of cards hidden from everyone but their holder: hands, memories, face-down triggers."""
    pool = card_pool()
    out: dict[int, set[str]] = {s: set() for s in range(len(st.players))}
    for s, p in enumerate(st.players):
        out[s].update(pool[st.cards[c]].title for c in p.hand + p.memory)
    for tw in st.triggers:
        if tw.trigger >= 0:
            out[tw.owner].add(pool[st.cards[tw.trigger]].title)
    return out


async def test_four_players_finish_a_meta_game_through_discord_without_leaks(world):
    """META-PSH-05, META-INF-01, META-TRG-04: a whole four-seat game by clicks in DMs; in the pushing
    stage all four players have buttons at once; no hidden card name is ever shown to anyone else."""
    w = world
    table_id = await open_meta_table(w)
    t = w.service.get(table_id)
    assert t.status == "playing" and len(t.seats) == 4
    rng = Rng.from_seed(5)
    ever_public: set[str] = set()
    leaks: list[str] = []
    simultaneous = 0
    clicks = 0
    while t.status == "playing" and clicks < 4000:
        st = t.state
        ever_public |= public_cards(st)
        hidden = hidden_by_seat(st)
        public_text = " ".join(w.fake.text_of(m) for cid in [CHANNEL_ID, *w.fake.threads]
                               for m in w.fake.channel_messages(cid))
        if clicks % 7 == 0:
            for s, user in enumerate(USERS):
                others_dm = " ".join(w.fake.text_of(m) for u in USERS if u != user for m in w.fake.dm_messages(u))
                for name in hidden[s] - ever_public:
                    if name in public_text:
                        leaks.append(f"{name} in a channel")
                    if name in others_dm and not any(name in hidden[o] for o in hidden if o != s):
                        leaks.append(f"{name} in another player's DM")
        open_now = [u for u in USERS if (m := latest_dm(w, u)) is not None and decision_buttons(w, m)]
        if st.stage == "pushing" and len(open_now) >= 3:
            simultaneous += 1
        assert open_now, "nobody has a decision to click but the game is not over"
        user = open_now[rng.below(len(open_now))]
        await click_decision(w, user, latest_dm(w, user), rng)
        await w.settle()
        clicks += 1
    assert t.status == "finished", f"not finished after {clicks} clicks"
    assert clicks > 20
    assert simultaneous > 0, "no pushing stage with three or more open decisions at once"
    assert not leaks, leaks[:5]
    thread_id = next(iter(w.fake.threads))
    result = [m for m in w.fake.channel_messages(thread_id) if "game over" in w.fake.text_of(m)]
    assert result and "wins" in w.fake.text_of(result[-1])

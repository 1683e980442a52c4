"""Memesis on Discord through the network-free harness ("Hosting").

* A 2v2 table opened with ``/table new game:memesis teams:2v2``: two people (Ana and Ben, team A) and two
  computers (team B), played to the end by clicking the decision components in the people's DMs (buttons,
  select menus and their pages, response windows included, MEM-TRN-07, MEM-GAP-28). The people's choices
  come from a seeded policy applied to their own decision. The result names both winners of the winning
  team (MEM-GEN-01/03, MEM-GAP-03); a person's DM shows their own hand and never another seat's hand or
  face-down identity, their ally's included (MEM-INF-01, MEM-STL-03, MEM-GAP-24); the board and the thread
  never name a hidden card; every interaction is acknowledged and every request fits Discord's limits.
* A game played to a real Life-0 result (MEM-LIFE-03 through the host), one person per team.
* The Stealth table option (MEM-STL-11): ``stealth:False`` shown in the lobby and on the board and passed
  to the game; refused, changing nothing, for a game without Stealth.
"""

from __future__ import annotations

import json

import pytest

from bot.host import Listener, option_key
from games.core.rng import Rng

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_bot import refusal
from .world import World, seeded_tables

ANA, BEN = 101, 102


class Aggressor:
    """A seeded policy for the people: a weighted random choice among the options of their own decision,
    weighted towards playing creatures that attack, taking source rather than Life, and passing response
    windows, so that games end on Life rather than at the stall limit. It reads only the decision."""

    WEIGHTS = {"attack": 60, "play": 30, "incubate": 1, "up": 6, "down": 2, "main": 4, "defend": 2, "end": 2,
               "back": 0.3, "pass": 20, "absorb": 3, "consume": 0.1, "ammo": 0.3, "draw": 0.5, "leave": 1,
               "take": 3, "life": 0.05, "source": 5, "rune": 0.3, "use": 3, "grant": 0.2}

    def __init__(self, seed: int, per_turn: int = 5):  # 5 things a turn: more games end on Life than with 3
        self.rng = Rng.from_seed(seed)
        self.per_turn, self.acted = per_turn, 0

    def weight(self, decision, option) -> float:
        oid = option.id
        if decision.kind in ("main", "window") and oid[:1] in ("h", "p") and oid[1:].isdigit():
            return 4 if decision.kind == "main" else 0.3  # act with a card: often on one's turn, seldom in a window
        if decision.kind == "intercept" and oid.startswith("p"):
            return 5
        return self.WEIGHTS.get(oid.split(":")[0].split("@")[0], 1)

    def __call__(self, decision, view=None) -> str:
        if decision.kind == "main":
            self.acted += 1
            if self.acted > self.per_turn and any(o.id == "end" for o in decision.options):
                self.acted = 0
                return "end"  # a few things a turn, then combat and the next turn
        weights = [self.weight(decision, o) for o in decision.options]
        x = self.rng.below(1_000_000) / 1_000_000 * sum(weights)
        for o, w in zip(decision.options, weights, strict=True):
            x -= w
            if x < 0:
                return o.id
        return decision.options[-1].id


class PublicLog(Listener):
    """Every public event text told so far: a card named there is public knowledge from then on."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    async def game_changed(self, table, events, views) -> None:
        self.texts += [e.text for e in events if e.audience is None]


async def open_table(w: World, people: tuple[int, ...], seed: int, **options) -> str:
    """``/table new game:memesis`` by the first person with ``options`` at table seed ``seed`` (a known seed
    reveals hidden cards, so ``/table new`` offers none: it is passed through the service), the other people
    join, computers fill the free seats, and the game starts. Returns the table id."""
    with seeded_tables(w, seed):
        reply = await w.fake.slash(people[0], CHANNEL_ID, "table", {"game": "memesis", **options}, sub="new")
    assert reply.type == 5 and not reply.ephemeral, reply.content
    tid = next(iter(w.service.tables))
    t = w.service.get(tid)
    for user in people[1:]:
        assert (await w.fake.click(user, reply.message, f"mh:l:{tid}:join")).type == 6
    while len(t.seats) < t.max_seats:
        assert (await w.fake.click(people[0], reply.message, f"mh:l:{tid}:computer")).type == 6
    await w.settle()
    assert (await w.fake.click(people[0], reply.message, f"mh:l:{tid}:start")).type == 6
    await w.settle()
    assert t.status == "playing"
    return tid


def latest_dm(w: World, user: int):
    dms = [m for m in w.fake.dm_messages(user) if m.embeds and not m.deleted]
    return dms[-1] if dms else None


async def click_option(w: World, user: int, option_id: str):
    """Click option ``option_id`` of ``user``'s open decision in their DM: its button, or its entry in the
    select menu, turning the menu's pages until it shows. Returns the replies, each one acknowledged."""
    key = option_key(option_id)
    replies = []
    for _ in range(20):
        msg = latest_dm(w, user)
        assert msg is not None, f"user {user} has a decision but no DM"
        comps = w.fake.components(msg)
        button = next((c for c in comps if c.get("custom_id", "").startswith("mh:d:")
                       and c["custom_id"].endswith(":" + key)), None)
        select = next((c for c in comps if c.get("custom_id", "").startswith("mh:m:")
                       and any(o["value"] == key for o in c["options"])), None)
        if button is not None:
            replies.append(await w.fake.click(user, msg, button["custom_id"]))
        elif select is not None:
            replies.append(await w.fake.click(user, msg, select["custom_id"], [key], component_type=3))
        else:  # on another page of a long menu: turn it
            pages = [c for c in comps if c.get("custom_id", "").startswith("mh:g:")]
            assert pages, f"option {option_id!r} is not in {user}'s DM: {[c.get('custom_id') for c in comps]}"
            replies.append(await w.fake.click(user, msg, pages[-1]["custom_id"]))
            await w.settle()
            continue
        await w.settle()
        assert all(r.acknowledged for r in replies), "an interaction failed (never acknowledged)"
        return replies
    raise AssertionError(f"option {option_id!r} never showed in {user}'s DM")


def unchecked_texts(w: World, msgs, seen: dict[int, int]) -> list[str]:
    """The texts of every version of ``msgs`` not yet read (``seen``: message id -> versions read, updated);
    the current version is read again once it is edited."""
    out = []
    for m in msgs:
        versions = [*m.history, None]
        for v in versions[seen.get(m.id, 0):]:
            out.append(w.fake.text_of(m) if v is None else w.fake.text_of(dict(v)))
        seen[m.id] = len(m.history)
    return out


def names(view_part: list[dict]) -> set[str]:
    return {c["name"] for c in view_part}


class Secrets:
    """Checks every version of every message the bot wrote, once, against what its readers may know
    (MEM-INF-01, MEM-STL-03, MEM-GAP-24). A card name is *known* to a person once it was in their own private
    view, on the public board or in a public log line; to the channel once it was public. A card in another
    seat's hand or face down (an ally's included) must not be named in a person's DM unless they know the
    name; a card in any hand or face down must not be named in the channel or the thread unless it is public.
    A person's latest DM shows their own hand (:meth:`hand_shown`)."""

    def __init__(self, w: World, t, users: dict[int, int], log: PublicLog):
        self.w, self.t, self.users, self.log = w, t, users, log
        self.public: set[str] = set()
        self.known: dict[int, set[str]] = {u: set() for u in users}
        self.seen: dict[int, int] = {}  # message id -> versions already checked
        self.checked = 0

    def _new_texts(self, msgs) -> list[str]:
        return unchecked_texts(self.w, msgs, self.seen)

    def check(self) -> None:
        t = self.t
        public = json.dumps(t.game.view(t.state, None).board, ensure_ascii=False) + "\n".join(self.log.texts)
        private = {s: t.game.view(t.state, s).private for s in range(len(t.seats))}
        secret = {s: names(p["hand"]) | names(p["face_down"]) for s, p in private.items()}
        everything = set().union(*secret.values())
        self.public |= {n for n in everything if n in public}
        for user, seat in self.users.items():
            p = private[seat]
            incubating = set((p["incubation"] or {}).get("name", "").split(" + ")) - {""}
            self.known[user] |= secret[seat] | names(p["ammo"]) | incubating | self.public
            hidden = set().union(*(secret[s] for s in secret if s != seat)) - self.known[user]
            text = "\n".join(self._new_texts(self.w.fake.dm_messages(user)))
            leaked = sorted(n for n in hidden if n in text)
            assert not leaked, f"{user}'s DM names another seat's hidden cards: {leaked}"
            self.checked += len(hidden)
        hidden = everything - self.public
        places = [CHANNEL_ID, *self.w.fake.threads]
        text = "\n".join(self._new_texts([m for c in places for m in self.w.fake.channel_messages(c)]))
        leaked = sorted(n for n in hidden if n in text)
        assert not leaked, f"the channel or thread names hidden cards: {leaked}"
        self.checked += len(hidden)

    def hand_shown(self, user: int) -> None:
        hand = self.t.game.view(self.t.state, self.users[user]).private["hand"]
        shown = self.w.fake.text_of(latest_dm(self.w, user))
        missing = [c["name"] for c in hand if c["name"] not in shown]
        assert not missing, f"{user}'s DM does not show their hand: {missing}"


async def play(w: World, tid: str, users: dict[int, int], seed: int, log: PublicLog, *, max_clicks: int,
               check_every: int = 1) -> tuple[int, int, int]:
    """Play ``users`` (user -> seat) with :class:`Aggressor` policies by clicking in their DMs until the game
    ends or ``max_clicks``. Returns (clicks, names checked, response windows answered)."""
    t = w.service.get(tid)
    policies = {u: Aggressor(seed * 10 + s) for u, s in users.items()}
    secrets = Secrets(w, t, users, log)
    clicks = windows = 0
    while t.status == "playing" and clicks < max_clicks:
        open_ = {d.seat: d for d in t.game.decisions(t.state)}
        user = next((u for u, s in users.items() if s in open_), None)
        assert user is not None, f"nobody here can decide, but the game is waiting for {sorted(open_)}"
        seat = users[user]
        view = t.game.view(t.state, seat)
        decision = next(d for d in view.decisions if d.seat == seat)
        await click_option(w, user, policies[user](decision, view))
        clicks += 1
        windows += bool(decision.window)
        if t.status == "playing":
            secrets.check()
            if clicks % check_every == 0:
                secrets.hand_shown(user)
    return clicks, secrets.checked, windows


def result_message(w: World):
    return next(m for m in w.fake.messages.values()
                if m.embeds and "game over" in (m.embeds[0].get("title") or ""))


def acknowledged_everything(w: World) -> bool:
    """Every interaction the people made got a callback (Discord shows "interaction failed" otherwise)."""
    tokens = {c.token for c in w.fake.replies if c.kind == "callback"}
    return all(token in tokens for token in w.fake._interactions)


@pytest.mark.slow
async def test_MEM_GAP_03_a_2v2_of_two_people_and_two_computers_through_discord(world):
    """MEM-GAP-03, MEM-GEN-01/03, MEM-INF-01, MEM-STL-03, MEM-GAP-24, MEM-TRN-07, MEM-GAP-28 (Done
    when): Ana and Ben (team A, seated apart) play a whole 2v2 against two computers (team B) in their DMs,
    response windows included, to its end on Life; no DM ever names another seat's hidden card (the ally's
    included), each DM shows its own hand, the channel names no hidden card, and the result names both
    members of the winning team."""
    w = world
    log = PublicLog()
    w.service.listeners.append(log)
    tid = await open_table(w, (ANA, BEN), 3, teams="2v2")
    t = w.service.get(tid)
    users = {ANA: t.seat_of(str(ANA)).seat, BEN: t.seat_of(str(BEN)).seat}
    assert [t.team_of(s) for s in range(4)] == ["A", "B", "A", "B"] and sorted(users.values()) == [0, 2]
    clicks, checked, windows = await play(w, tid, users, 3, log, max_clicks=3000, check_every=5)
    assert checked > 500 and t.status == "finished"
    result = t.game.result(t.state)
    assert result.reason == "life" and not result.draw  # a real end, not a concession or the stall limit
    team = {t.team_of(s) for s in result.winners}
    assert len(team) == 1 and sorted(result.winners) == [s for s in range(4) if t.team_of(s) in team]
    mentions = {s: f"<@{u}>" for u, s in users.items()}
    members = ", ".join(mentions.get(s, f"{t.seats[s].name} (easy computer)") for s in sorted(result.winners))
    text = result_message(w).embeds[0]["description"]
    assert f"Winners (team {team.pop()}): {members}" in text, text
    assert acknowledged_everything(w)
    assert assert_all_within_limits(w.fake) > clicks


@pytest.mark.slow
async def test_MEM_LIFE_a_1v1_of_two_people_through_discord_ends_at_0_life(world):
    """MEM-LIFE-01, MEM-GEN-01, MEM-INF-01, MEM-STL-03: Ana and Ben, one per team, play a whole game by
    clicks in their DMs to a real result: the loser at 0 Life or less; the result names the winner; nothing
    hidden ever reached the other player's DM or the channel; every interaction acknowledged, every request
    within Discord's limits. Table seed 3: with these starter decks and seeded policies some 1v1 games run
    their Brain Cells out and end at the stall limit instead; this one ends on Life (about 670 clicks). An
    engine change that alters the game may need another seed (seed 16 served until single-choice draft steps
    were taken without asking)."""
    w = world
    log = PublicLog()
    w.service.listeners.append(log)
    tid = await open_table(w, (ANA, BEN), 3, seats=2)
    t = w.service.get(tid)
    users = {ANA: t.seat_of(str(ANA)).seat, BEN: t.seat_of(str(BEN)).seat}
    clicks, checked, _ = await play(w, tid, users, 3, log, max_clicks=1000, check_every=5)
    assert t.status == "finished" and clicks > 100 and checked > 1000
    result = t.game.result(t.state)
    assert result.reason == "life" and len(result.winners) == 1
    board = t.game.view(t.state, None).board
    assert [p["life"] <= 0 for p in board["players"]] == [s in result.losers for s in range(2)]
    winner = next(u for u, s in users.items() if s == result.winners[0])
    line = next(x for x in result_message(w).embeds[0]["description"].splitlines() if x.startswith("Winner"))
    assert line.endswith(f": <@{winner}>"), line
    assert acknowledged_everything(w)
    assert assert_all_within_limits(w.fake) > clicks


async def test_MEM_STL_11_stealth_off_on_discord_is_stored_shown_and_played(world):
    """MEM-STL-11: ``/table new game:memesis stealth:False`` stores option ``stealth`` False, the lobby and
    the board say "Stealth off", and the game gets it (no face-down play: the board says "no Stealth")."""
    w = world
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "memesis", "stealth": False}, sub="new")
    tid = next(iter(w.service.tables))
    t = w.service.get(tid)
    assert t.options["stealth"] is False and not t.stealth
    assert "Stealth off" in reply.message.embeds[0]["footer"]["text"]
    await w.fake.click(BEN, reply.message, f"mh:l:{tid}:join")
    await w.fake.click(ANA, reply.message, f"mh:l:{tid}:start")
    await w.settle()
    assert t.status == "playing" and t.game.view(t.state, None).board["stealth"] is False
    board = next(m for c in w.fake.threads for m in w.fake.channel_messages(c) if "spectators" in m.text)
    assert "Stealth off" in board.embeds[0]["footer"]["text"] and "no Stealth" in board.text
    assert assert_all_within_limits(w.fake) > 0


async def test_MEM_STL_11_stealth_on_by_default_and_refused_for_a_game_without_stealth(world):
    """MEM-STL-11: without the option a Memesis lobby says nothing of Stealth and stores nothing; a game
    without Stealth refuses ``stealth:`` privately, saying what is wrong and what to do, and opens nothing."""
    w = world
    r = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metax", "stealth": False}, sub="new")
    text = refusal(r)
    assert "MetaX has no Stealth" in text and "leave it out" in text and "Nothing was created" in text
    assert not w.service.tables
    reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "memesis"}, sub="new")
    t = w.service.get(next(iter(w.service.tables)))
    assert "stealth" not in t.options and t.stealth
    assert "Stealth" not in reply.message.embeds[0]["footer"]["text"]

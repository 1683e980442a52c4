"""Meta Olympia on Discord through the network-free harness ("Done when").

* A four-team table opened with ``/table new game:metaolympia``: two people (Ana and Ben, each naming their team
  and choosing its colour, MO-SET-09/10) and two computers, played to its end on prestige (MO-END-*) by clicking
  the decision components in the people's DMs (buttons, select menus and their pages), exactly as a phone user
  would; the people's choices come from a seeded policy reading only their own decision. After every click no
  DM names a card hidden from its reader (another team's athletes, tactic cards and minor sponsors, cards drawn
  and not yet kept, face-down discards, the decks: MO-INF-01/03, MO-FND-04, MO-STG-02) and the channel and the
  thread name none at all; each DM shows its own tactics and minor sponsors; every interaction is acknowledged
  and every request fits Discord's limits. The table also plays with the side wagers and trades options, whose
  offers are private to the partner (MO-OPT-02/04).
* A two-team table with ``options:"bestof=5 gambling=on"`` (MO-BRK-04, MO-OPT-01) played to its end.
* A Team Up table (``teamup=on``, MO-OPT-06): Ana and Cy manage one team; both get its DMs, either may answer,
  the other's click on an answered decision is refused as decided; played to its end.
* A restart mid-game: the bot stops, a new one loads the store, and the game resumes where it was; the buttons
  of the DMs sent before the restart still answer; played to its end.

Seeds: every game is short whatever the seed (four stages of three tiles: about a hundred clicks of the
people's, a few seconds at most) and ends on prestige. The four-team game's seed (4) was picked because its people
meet most kinds of decision, the hidden-card ones included (a trade offered and one answered, athletes drawn,
tactic cards drawn and played); the test asserts that, so a change that loses it shows. The other tables play
without board pictures, which are not their subject and cost seconds.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from bot.host import Listener
from games.core.rng import Rng
from games.metaolympia import rules

from .harness import CHANNEL_ID
from .limits import assert_all_within_limits
from .test_memesis_bot import (
    acknowledged_everything,
    click_option,
    latest_dm,
    result_message,
    unchecked_texts,
)
from .world import World, seeded_tables

ANA, BEN, CY = 101, 102, 103


class Policy:
    """A seeded policy for a person: a random choice among the options of their own decision, weighted away
    from the long trade and wager negotiations so that a game stays a few hundred clicks. Reads only the
    decision (what the DM offers)."""

    WEIGHTS = {"trade": 0.3, "with": 1, "wager": 0.05, "none": 3, "decline": 2, "pass": 2}

    def __init__(self, seed: int, weights: dict[str, float] | None = None):
        self.rng = Rng.from_seed(seed)
        self.weights = {**self.WEIGHTS, **(weights or {})}

    def __call__(self, decision) -> str:
        weights = [self.weights.get(o.id.split(":")[0], 1) for o in decision.options]
        x = self.rng.below(1_000_000) / 1_000_000 * sum(weights)
        for o, w in zip(decision.options, weights, strict=True):
            x -= w
            if x < 0:
                return o.id
        return decision.options[-1].id


class Log(Listener):
    """Every event told so far: public texts (a card named there is public knowledge from then on) and, per
    seat, the texts only that seat was told (a trade offer names the athletes offered, MO-OPT-04)."""

    def __init__(self) -> None:
        self.public: list[str] = []
        self.private: dict[int, list[str]] = {}

    async def game_changed(self, table, events, views) -> None:
        for e in events:
            if e.audience is None:
                self.public.append(e.text)
            else:
                for s in e.audience:
                    self.private.setdefault(s, []).append(e.text)


def secret_names(st) -> set[str]:
    """The names of every card some team may not see (MO-INF-01/03): the teams' athletes, tactic cards and
    minor sponsors not revealed, the cards drawn and not yet kept, the face-down discards and the decks."""
    cards = list(st.pending) + st.tactic_buried + st.sponsor_buried + st.athlete_deck + st.tactic_deck \
        + st.sponsor_deck + st.scrim_deck
    for p in st.players:
        cards += p.athletes + p.tactics + p.minors
    return {rules.cname(st, c) for c in cards}


class Secrets:
    """Checks every version of every message the bot wrote, once, against what its readers may know. A card
    name is *known* to a person once it was in their seat's private view or decision, in an event told to
    their seat, on the public board or in a public log line; to the channel once it was public. A DM must name
    no secret card (:func:`secret_names`) its reader does not know; the channel and the thread none that is
    not public. Co-managers of one seat (MO-OPT-06) know what the seat knows."""

    def __init__(self, w: World, t, users: dict[int, int], log: Log):
        self.w, self.t, self.users, self.log = w, t, users, log
        self.public: set[str] = set()
        self.known: dict[int, set[str]] = {u: set() for u in users}
        self.seen: dict[int, int] = {}  # message id -> versions already checked
        self.checked = 0

    def _new_texts(self, msgs) -> list[str]:
        return unchecked_texts(self.w, msgs, self.seen)

    def check(self) -> None:
        t = self.t
        secret = secret_names(t.state)
        public = json.dumps(t.game.view(t.state, None).board, ensure_ascii=False) + "\n".join(self.log.public)
        self.public |= {n for n in secret if n in public}
        for user, seat in self.users.items():
            v = t.game.view(t.state, seat)
            own = json.dumps(v.private, ensure_ascii=False) + repr(v.decisions) + "\n".join(
                self.log.private.get(seat, []))
            self.known[user] |= {n for n in secret if n in own} | self.public
            hidden = secret - self.known[user]
            text = "\n".join(self._new_texts(self.w.fake.dm_messages(user)))
            leaked = sorted(n for n in hidden if n in text)
            assert not leaked, f"{user}'s DM names cards hidden from them: {leaked}"
            self.checked += len(hidden)
        hidden = secret - self.public
        places = [CHANNEL_ID, *self.w.fake.threads]
        text = "\n".join(self._new_texts([m for c in places for m in self.w.fake.channel_messages(c)]))
        leaked = sorted(n for n in hidden if n in text)
        assert not leaked, f"the channel or thread names hidden cards: {leaked}"
        self.checked += len(hidden)

    def hand_shown(self, user: int) -> None:
        """The user's newest DM shows their team's tactic cards and minor sponsors (MO-INF-01)."""
        private = self.t.game.view(self.t.state, self.users[user]).private
        shown = self.w.fake.text_of(latest_dm(self.w, user))
        missing = [c["name"] for c in private["tactics"] + private["minors"] if c["name"] not in shown]
        assert not missing, f"{user}'s DM does not show their cards: {missing}"


async def open_table(w: World, seed: int, people: dict[int, dict], computers: int = 0, **options) -> str:
    """``/table new game:metaolympia`` by the first of ``people`` (user -> their ``/table new``/``/table join``
    options: ``team_name``, ``colour``) with ``options`` at table seed ``seed`` (a known seed reveals hidden
    cards, so ``/table new`` offers none: it is passed through the service); the others ``/table join``,
    ``computers`` computers are added with the lobby button and the game starts. Returns the table id."""
    first, *others = people
    with seeded_tables(w, seed):
        reply = await w.fake.slash(first, CHANNEL_ID, "table", {"game": "metaolympia", **people[first], **options},
                                   sub="new")
    assert reply.type == 5 and not reply.ephemeral, reply.content
    tid = next(iter(w.service.tables))
    t = w.service.get(tid)
    for user in others:
        r = await w.fake.slash(user, CHANNEL_ID, "table", people[user], sub="join")
        await w.settle()
        assert r.followups and not any("Nothing was" in m.content for m in r.followups), r
    for _ in range(computers):
        assert (await w.fake.click(first, reply.message, f"mh:l:{tid}:computer")).type == 6
    await w.settle()
    assert (await w.fake.click(first, reply.message, f"mh:l:{tid}:start")).type == 6
    await w.settle()
    assert t.status == "playing"
    return tid


async def play(w: World, tid: str, users: dict[int, int], seed: int, log: Log, *, max_clicks: int = 3000,
               clicks_before: int = 0, secrets: Secrets | None = None, deciders=None,
               weights: dict[str, float] | None = None) -> tuple[int, Secrets, Counter]:
    """Play ``users`` (user -> seat) with :class:`Policy` (its weights updated by ``weights``) by clicking in
    their DMs until the game ends or ``clicks_before + clicks`` reaches ``max_clicks``; ``deciders(seat,
    click)`` picks which of a seat's users clicks (default: the first). Checks the secrets after every click.
    Returns (clicks, the checker, the kinds of decision answered)."""
    t = w.service.get(tid)
    policies = {s: Policy(seed * 10 + s, weights) for s in set(users.values())}
    secrets = secrets or Secrets(w, t, users, log)
    clicks, kinds = clicks_before, Counter()
    while t.status == "playing" and clicks < max_clicks:
        open_ = {d.seat: d for d in t.game.decisions(t.state)}
        seats = sorted({s for s in users.values() if s in open_})
        assert seats, f"nobody here can decide, but the game is waiting for {sorted(open_)}"
        seat = seats[0]
        mine = [u for u, s in users.items() if s == seat]
        user = deciders(seat, clicks) if deciders else mine[0]
        decision = next(d for d in t.game.view(t.state, seat).decisions if d.seat == seat)
        await click_option(w, user, policies[seat](decision))
        kinds[decision.kind] += 1
        clicks += 1
        secrets.check()
        if t.status == "playing" and clicks % 5 == 0:
            secrets.hand_shown(user)
    return clicks, secrets, kinds


def versions(w: World) -> list[str]:
    """The text of every version of every message in the channel and the thread."""
    msgs = [m for c in [CHANNEL_ID, *w.fake.threads] for m in w.fake.channel_messages(c)]
    return [w.fake.text_of(dict(v)) for m in msgs for v in m.history] + [w.fake.text_of(m) for m in msgs]


def check_end(w: World, t, users: dict[int, int]) -> None:
    """The game ended on prestige (MO-END-*, not a concession); the result message gives the game's result
    and names every winning team (several share a win on equal prestige and match tokens, MO-GAP-17) with who
    played it: the person's mention or the computer."""
    assert t.status == "finished"
    result = t.game.result(t.state)
    assert result.reason == "prestige" and result.winners and not result.draw, result
    text = result_message(w).embeds[0]["description"]
    line = next(x for x in text.splitlines() if x.startswith("Winner"))
    assert result.text in text and line.startswith("Winners: " if len(result.winners) > 1 else "Winner: "), text
    mentions = {s: f"<@{u}>" for u, s in users.items()}
    for s in result.winners:
        team = t.state.players[s].team
        assert team in result.text and f"{team} · {mentions.get(s, t.seats[s].name)}" in line, line


@pytest.mark.slow
async def test_MO_INF_01_four_teams_two_people_two_computers_play_to_the_end_on_discord(world):
    """MO-SET-09/10, MO-INF-01/03, MO-FND-04, MO-STG-02, MO-OPT-02/04, MO-END-*: Ana
    (Red Planet, gold) and Ben (Dust Bunnies, teal) play a whole four-team game against two computers in their
    DMs; their names and colours reach the lobby, the game and the board; no DM names a card hidden from its
    reader, the channel names no hidden card; the result names the winning team on prestige."""
    w = world
    log = Log()
    w.service.listeners.append(log)
    people = {ANA: {"team_name": "Red Planet", "colour": "gold"}, BEN: {"team_name": "Dust Bunnies", "colour": "teal"}}
    tid = await open_table(w, 4, people, computers=2, options="trades=on wagers=on")
    t = w.service.get(tid)
    users = {ANA: t.seat_of(str(ANA)).seat, BEN: t.seat_of(str(BEN)).seat}
    teams = {p.team: p.colour for p in t.state.players}
    assert teams["Red Planet"] == "gold" and teams["Dust Bunnies"] == "teal" and len(set(teams.values())) == 4
    board = next(m for c in w.fake.threads for m in w.fake.channel_messages(c) if "spectators" in m.text)
    assert "Red Planet" in board.text and "Dust Bunnies" in board.text
    assert "wagers=on trades=on" in board.embeds[0]["footer"]["text"]
    # more trades and athlete draws than the other tables' people make, so that both are met in one game (draws
    # weigh 6 since the host takes forced moves itself, and the seeded path changed)
    clicks, secrets, kinds = await play(w, tid, users, 11, log, weights={"trade": 3, "draw": 6})
    assert clicks > 60 and secrets.checked > 10_000
    waiting = [line for text in versions(w) for line in text.splitlines() if line.startswith("Waiting for ")]
    for team, user in (("Red Planet", ANA), ("Dust Bunnies", BEN)):  # the board names whose decision it is
        assert any(f"{team} · <@{user}> (" in line for line in waiting), waiting[:5]
    # seeds 4 and 11: the people also trade (an offer made and one answered), draw athletes, take wagers, play
    # tactics (seed 4 alone met no trade once a team holding tactic cards was asked every tactic turn)
    assert {"trade_give", "trade_reply", "draw_pick", "wager_ok", "tactic", "tactic_pick"} <= set(kinds), kinds
    check_end(w, t, users)
    assert acknowledged_everything(w)
    assert assert_all_within_limits(w.fake) > clicks


async def test_MO_BRK_04_two_teams_best_of_five_with_gambling_play_to_the_end(world):
    """MO-BRK-04, MO-FIN-01, MO-OPT-01: ``options:"bestof=5 gambling=on"`` is stored, named on the board and
    reaches the game; Ana and Ben play every best-of-five series to the end on prestige."""
    w = world
    log = Log()
    w.service.listeners.append(log)
    tid = await open_table(w, 3, {ANA: {}, BEN: {}}, options="bestof=5 gambling=on", seats=2, pictures=False)
    t = w.service.get(tid)
    assert t.game_options == {"bestof": 5, "gambling": True}
    assert t.state.options["bestof"] == 5 and t.state.options["gambling"] is True
    users = {ANA: t.seat_of(str(ANA)).seat, BEN: t.seat_of(str(BEN)).seat}
    clicks, _, _ = await play(w, tid, users, 3, log)
    check_end(w, t, users)
    board = t.game.view(t.state, None).board
    assert any(b.get("series") == 5 for b in board["bracket"]) or board["stage"] == board["stages"] - 1
    assert acknowledged_everything(w)
    assert assert_all_within_limits(w.fake) > clicks


async def test_MO_OPT_06_two_people_manage_one_team_to_the_end(world):
    """MO-OPT-06: at a ``teamup=on`` table Cy joins Ana's seat with ``/table join seat:1``; both get the team's
    DMs and take turns answering its decisions against a computer; a click on a decision the other answered is
    refused as decided and changes nothing; the game ends on prestige and neither DM ever named the computer's
    hidden cards."""
    w = world
    log = Log()
    w.service.listeners.append(log)
    with seeded_tables(w, 2):
        reply = await w.fake.slash(ANA, CHANNEL_ID, "table", {"game": "metaolympia", "options": "teamup=on",
                                                              "seats": 2, "team_name": "Twin Suns",
                                                              "pictures": False}, sub="new")
    tid = next(iter(w.service.tables))
    t = w.service.get(tid)
    r = await w.fake.slash(CY, CHANNEL_ID, "table", {"seat": 1}, sub="join")
    assert "You now manage seat 1" in r.followups[0].content
    await w.fake.click(ANA, reply.message, f"mh:l:{tid}:computer")
    await w.fake.click(ANA, reply.message, f"mh:l:{tid}:start")
    await w.settle()
    assert t.status == "playing" and t.managers(0) == [str(ANA), str(CY)]
    users = {ANA: 0, CY: 0}
    # the first decision is in both DMs; Cy answers it, Ana's click on it is then stale
    ana = latest_dm(w, ANA)
    decision = t.game.decisions(t.state)[0]
    assert decision.seat == 0
    before = [c for c in w.fake.components(ana) if c.get("custom_id", "").startswith(("mh:d:", "mh:m:"))]
    await click_option(w, CY, decision.options[0].id)
    version = t.version
    comp = before[-1]  # a component of the decision Cy just answered, on Ana's DM as it was
    values = [comp["options"][0]["value"]] if comp["custom_id"].startswith("mh:m:") else None
    r = await w.fake.click(ANA, ana, comp["custom_id"], values, component_type=3 if values else 2, force=True)
    await w.settle()
    assert r.acknowledged and t.version == version
    assert "Already decided" in "\n".join(m.content for m in r.followups) + (r.content or "")
    clicks, secrets, _ = await play(w, tid, users, 2, log, deciders=lambda seat, n: (ANA, CY)[n % 2])
    assert any(f"Waiting for Twin Suns · <@{ANA}>, <@{CY}> (" in text for text in versions(w))
    check_end(w, t, users)
    assert secrets.checked > 1000
    assert acknowledged_everything(w)
    assert assert_all_within_limits(w.fake) > clicks


async def test_a_restart_mid_game_resumes_from_the_store_and_plays_to_the_end(fake, new_db):
    """The bot stops mid-game; a new bot on the same store has the same game (its saved state) and the DMs'
    buttons from before the restart still answer; the game goes on to its end on prestige."""
    w = await World(fake, new_db("bot")).start()
    log = Log()
    w.service.listeners.append(log)
    tid = await open_table(w, 4, {ANA: {"team_name": "Red Planet"}, BEN: {}}, seats=2, pictures=False)
    t = w.service.get(tid)
    users = {ANA: t.seat_of(str(ANA)).seat, BEN: t.seat_of(str(BEN)).seat}
    clicks, secrets, _ = await play(w, tid, users, 4, log, max_clicks=40)
    assert t.status == "playing"
    saved, version = t.game.to_json(t.state), t.version
    await w.stop()
    w = await World(fake, new_db("bot")).start()
    try:
        w.service.listeners.append(log)
        t = w.service.get(tid)
        assert t.status == "playing" and t.version == version and t.game.to_json(t.state) == saved
        assert t.state.players[users[ANA]].team == "Red Planet"
        secrets.w, secrets.t = w, t  # what each person knew before the restart they still know
        clicks, _, _ = await play(w, tid, users, 5, log, clicks_before=clicks, secrets=secrets)
        check_end(w, t, users)
        assert acknowledged_everything(w)
    finally:
        await w.stop()

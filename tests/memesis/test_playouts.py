"""Seeded random Memesis playouts (games/__init__.py, "Adding a game", step 4): 300 games each of 2 seats, 4 seats
free-for-all and 2v2 (``{"teams": [0, 1, 0, 1]}``), with starter decks (``games.core.playout.starter_seats``).

Checked in every game:

* it ends with a result (MEM-GEN-03, the stall limit), within a bound on decisions;
* cards are conserved: every card number appears exactly once across the players' Brain, hand, Dead and
  Ammunition Cells and the pieces' cards, partials and Runes (read from the state), after every decision,
  prompts included (a hatched Rune waits in its Incubation Cell while its owner chooses where it attaches);
* no hidden identity leaks (MEM-INF-01, MEM-STL-03, MEM-AMM-08, MEM-GAP-24): for each seat's view and the
  spectator's, every face-down card on the board (piece, partial, Rune, incubating card) shows as
  ``{"face_down": True}`` only, hands, Brain and Ammunition Cells show as counts, the board is the same for
  every viewer, a spectator has no private part and ``view.private`` of seat s holds exactly seat s's own hand,
  Ammunition pile, face-down cards and incubating card (built from the state and compared);
* no public event (audience ``None``) names a card that stays hidden through the choice unless a copy of it
  is public (face up in play, incubating face up, or in a Dead Cell) before or after: the face-down plays, the
  Ammunition, hand and Brain cards stay unnamed (MEM-INF-03, MEM-STL-03).

Speed (the whole file must stay well under a minute on a 2-core machine): views are checked every
``VIEW_EVERY``-th decision and at the end (state invariants and events at every decision), and the players
are :class:`QuickPlayer`: a :class:`games.core.players.RandomPlayer` that ends its turn with probability
``END_P`` when "end" is an option, passes a response window with probability ``PASS_P`` and never picks
"back" while building an action; otherwise it picks uniformly, from its own seeded RNG. Games still run to
the stall limit (every Brain Cell empty), so turns are many and short. Measured on this 2-core machine: 32 s
of CPU for the whole file (61 s of wall time while other jobs kept the load average at 5)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.contract import Decision
from games.core.players import RandomPlayer
from games.core.playout import starter_seats
from games.memesis import GAME
from games.memesis.pool import card_pool

GAMES = 300
CHUNK = 25
VIEW_EVERY = 40
END_P = 70  # percent
PASS_P = 90  # percent
MAX_DECISIONS = 20000

CONFIGS = {"2p": (2, None), "4p": (4, None), "2v2": (4, {"teams": [0, 1, 0, 1]})}


class QuickPlayer:
    """A seeded random player biased to end turns and pass windows (see the module docstring)."""

    def __init__(self, seed: int):
        self.random = RandomPlayer(seed)
        self.rng = self.random.rng

    def __call__(self, d: Decision) -> str:
        ids = [o.id for o in d.options]
        if "end" in ids and self.rng.below(100) < END_P:
            return "end"
        if "pass" in ids and self.rng.below(100) < PASS_P:
            return "pass"
        if d.kind == "act":
            ids = [i for i in ids if i != "back"] or ids
            return ids[self.rng.below(len(ids))]
        return self.random(d)


# ---------------------------------------------------------------- invariants read from the state

def locations(st) -> Counter:
    """How many times each card number is somewhere."""
    seen: Counter = Counter()
    for p in st.players:
        seen.update(p.brain + p.hand + p.dead + p.ammo)
    for pc in st.pieces:
        seen.update(pc.cards + pc.partials + ([pc.rune] if pc.rune >= 0 else []))
    return seen


def check_conserved(st, where: str) -> None:
    n = len(st.cards)
    flat: list[int] = []  # every place's cards: as many as there are cards, and as many distinct ones
    for p in st.players:
        flat += p.brain
        flat += p.hand
        flat += p.dead
        flat += p.ammo
    for pc in st.pieces:
        flat += pc.cards
        flat += pc.partials
        if pc.rune >= 0:
            flat.append(pc.rune)
    if len(flat) == n and len(set(flat)) == n and all(len(p.ammo_used) == len(p.ammo) for p in st.players):
        return  # the fast path; the slow one says what is wrong
    seen = locations(st)
    assert set(seen) == set(range(n)) and all(v == 1 for v in seen.values()), (
        f"{where}: cards not conserved: missing {sorted(set(range(n)) - set(seen))}, "
        f"doubled {sorted(c for c, v in seen.items() if v > 1)}")
    for p in st.players:
        assert len(p.ammo_used) == len(p.ammo), where


def hidden_numbers(st) -> set[int]:
    """Card numbers whose identity is hidden from the public: hands, Brain and Ammunition Cells and every
    face-down card of a piece (incubating ones included)."""
    out: set[int] = set()
    for p in st.players:
        out.update(p.brain + p.hand + p.ammo)
    for pc in st.pieces:
        out.update(pc.hidden)
    return out


def public_ids(st) -> set[str]:
    """Card ids with a copy the public can see: in a Dead Cell or face up in a piece."""
    out = {st.cards[c] for p in st.players for c in p.dead}
    for pc in st.pieces:
        out.update(st.cards[c] for c in pc.cards + pc.partials + ([pc.rune] if pc.rune >= 0 else [])
                   if c not in pc.hidden)
    return out


_IDS: list = [None, frozenset()]
"""The last game's card list (kept, so its identity is not reused) and its distinct card ids."""


def _game_ids(st) -> frozenset[str]:
    """The distinct card ids of ``st`` (the engine never changes a game's card list)."""
    if _IDS[0] is not st.cards:
        _IDS[:] = [st.cards, frozenset(st.cards)]
    return _IDS[1]


def check_events(st, before_hidden: set[int], before_public: set[str], after_hidden: set[int],
                 after_public: set[str], events, where: str) -> None:
    """No public event names a card hidden before and after the choice whose id has no public copy."""
    text = "\n".join(e.text for e in events if e.audience is None)
    if not text:
        return
    pool = card_pool()
    # the card ids of this game whose name the text holds and with no public copy: few, usually none; only
    # those are looked for among the cards hidden before and after
    named = {cid for cid in _game_ids(st) if pool[cid].name in text} - before_public - after_public
    if not named:
        return
    still = before_hidden & after_hidden
    for cid in {st.cards[c] for c in still} & named:
        name = pool[cid].name
        # a Rune played with an Effect card to upgrade it is shown with it (MEM-RUN-05, MEM-INF-03), then may
        # return to its owner's hand: that one public mention is legitimate
        rest = text.replace(f"upgraded by {name}", "").replace(f"{name} returns to", "")
        assert name not in rest, f"{where}: the public log names hidden {name}: {text}"


# ---------------------------------------------------------------- invariants read from the views

def expected_private(st, s: int) -> dict:
    p = st.players[s]
    inc = next((pc for pc in st.pieces if pc.controller == s and pc.cell == "incubation"), None)
    return {
        "hand": [st.cards[c] for c in p.hand],
        "face_down": sorted((pc.uid, st.cards[c]) for pc in st.pieces for c in pc.hidden if st.owner[c] == s),
        "ammo": [st.cards[c] for c in p.ammo],
        "incubation": None if inc is None else [st.cards[c] for c in inc.cards],
    }


def check_views(st, where: str) -> None:
    n = len(st.players)
    spectator = GAME.view(st, None)
    assert spectator.private is None, where
    board = spectator.board
    pieces = {p["uid"]: p for p in board["pieces"]}
    for pc in st.pieces:
        if pc.cell == "incubation":
            shown = board["players"][pc.controller]["incubation"]
            assert shown is not None and shown["uid"] == pc.uid, where
            entries = list(zip(pc.cards, shown["cards"], strict=True))
        else:
            bp = pieces[pc.uid]
            entries = list(zip(pc.cards, bp["cards"], strict=True))
            entries += list(zip(pc.partials, bp["partials"], strict=True))
            if pc.rune >= 0:
                entries.append((pc.rune, bp["rune"]))
            if pc.cards[0] in pc.hidden:
                assert bp["face_down"] and "attack" not in bp and "line" not in bp, f"{where}: {bp}"
        for c, e in entries:
            if c in pc.hidden:
                assert set(e) <= {"face_down", "owner"} and e["face_down"] is True, f"{where}: {e} shows a hidden card"
            else:
                assert e["card"] == st.cards[c], where
    for s, bpl in enumerate(board["players"]):
        p = st.players[s]
        assert (bpl["hand"], bpl["brain"], bpl["ammo"]) == (len(p.hand), len(p.brain), len(p.ammo)), where
        assert [d["card"] for d in bpl["dead"]] == [st.cards[c] for c in p.dead], where
    for s in range(n):
        v = GAME.view(st, s)
        assert v.board == board, f"{where}: seat {s}'s board differs from the spectator's"
        assert all(d.seat == s for d in v.decisions), where
        pr = v.private
        exp = expected_private(st, s)
        got = {
            "hand": [h["card"] for h in pr["hand"]],
            "face_down": sorted((f["uid"], f["card"]) for f in pr["face_down"]),
            "ammo": [a["card"] for a in pr["ammo"]],
            "incubation": pr["incubation"],
        }
        assert got["hand"] == exp["hand"] and got["face_down"] == exp["face_down"], f"{where}: seat {s}: {got}"
        assert got["ammo"] == exp["ammo"], f"{where}: seat {s} ammo"
        if exp["incubation"] is None:
            assert got["incubation"] is None, where
        else:
            inc = next(pc for pc in st.pieces if pc.controller == s and pc.cell == "incubation")
            others_hidden = [c for c in inc.hidden if st.owner[c] != s]
            assert got["incubation"] is not None, where
            if others_hidden:  # an ally's face-down card in s's Incubation Cell: only its owner knows it
                names = got["incubation"]["name"]
                assert all(card_pool()[st.cards[c]].name not in names for c in others_hidden), (
                    f"{where}: seat {s} sees an ally's face-down incubating card: {names}")


# ---------------------------------------------------------------- the playouts

def play(n: int, options, seed: int) -> int:
    st = GAME.new_game(starter_seats(GAME, seed, n), None if options is None else dict(options), seed)
    players = [QuickPlayer(seed * 7 + p) for p in range(n)]
    check_conserved(st, f"seed {seed} start")
    check_views(st, f"seed {seed} start")
    hid, pub = hidden_numbers(st), public_ids(st)
    k = 0
    while True:
        decs = GAME.decisions(st)
        if not decs:
            break
        assert len(decs) == 1
        d = decs[0]
        ev = GAME.apply(st, d.seat, players[d.seat](d))
        k += 1
        where = f"seed {seed} decision {k}"
        check_conserved(st, where)  # prompts included: a hatched Rune waits in its Incubation Cell
        after = hidden_numbers(st), public_ids(st)
        check_events(st, hid, pub, *after, ev, where)
        hid, pub = after
        if k % VIEW_EVERY == 0:
            check_views(st, where)
        assert k < MAX_DECISIONS, f"seed {seed}: no result after {k} decisions"
    result = GAME.result(st)
    assert result is not None, f"seed {seed}: stopped without a result"
    check_views(st, f"seed {seed} end")
    if not result.draw:
        assert result.winners, seed
        teams = {st.players[s].team for s in result.winners}
        assert len(teams) == 1, f"seed {seed}: winners of several teams {result.winners}"
        assert set(result.winners) == {s for s, p in enumerate(st.players) if p.team in teams}
    return k


@pytest.mark.slow
@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
@pytest.mark.parametrize("config", list(CONFIGS))
def test_random_playouts_end_conserve_cards_and_hide_cards(config, start):
    """MEM-INF-01, MEM-INF-02, MEM-INF-04: seeded random games end, conserve cards and leak no hidden card."""
    n, options = CONFIGS[config]
    for seed in range(start, start + CHUNK):
        play(n, options, 1000 * n + (7 if options else 0) + seed)


def test_random_playouts_are_reproducible():
    """MEM-INF-04: the same seed gives the same game, choice for choice, and the same end."""
    def run(seed):
        st = GAME.new_game(starter_seats(GAME, seed, 4), {"teams": [0, 1, 0, 1]}, seed)
        players = [QuickPlayer(seed * 7 + p) for p in range(4)]
        log = []
        while GAME.decisions(st):
            d = GAME.decisions(st)[0]
            c = players[d.seat](d)
            log.append((d.seat, c, tuple(e.text for e in GAME.apply(st, d.seat, c))))
        return log, GAME.to_json(st)

    assert run(5) == run(5)
    assert run(5)[1] != run(6)[1]

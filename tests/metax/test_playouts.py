"""Seeded random playouts of MetaX checking invariants after every choice: every game ends with a
result (MX-WIN-01..04), each player's 40 cards are each in exactly one zone, no hidden card reaches
another seat's or a spectator's view (MX-ZN-04, MX-ZN-09, MX-GAP-20), same seed and choices give
byte-identical state JSON (MX-HST-01), any state survives a JSON round-trip, and whenever a deck is
empty the game is over (MX-WIN-03, MX-GAP-11), also from positions with small or empty decks."""

from __future__ import annotations

import json
import random
from dataclasses import fields, replace

import pytest
from hidden_twins import check_twins

from games import get_game
from games.core.contract import SeatSetup
from games.core.players import RandomPlayer
from games.metax.pool import card_pool

GAMES = 200
mx = get_game("metax")


def new(seed: int):
    decks = mx.starter_decks()
    names = sorted(decks)
    seats = [SeatSetup("Ana", decks[names[seed % len(names)]]), SeatSetup("Ben", decks[names[(seed + 1) % len(names)]])]
    return mx.new_game(seats, None, seed)


def zones(st) -> list[int]:
    """Every card instance in every zone (with repeats if a card were in two places)."""
    out: list[int] = []
    for pl in st.players:
        out += pl.deck + pl.hand + pl.discard + pl.vp
        for ch in pl.in_play:
            out.append(ch.card)
            out += [d.card for d in ch.damage]
    for a in st.attacks:
        out += [c for c in (a.card, a.dcard) if c >= 0]
    out += st.resolving
    return out


_EVERY: dict[int, set[int]] = {}
"""Number of cards -> the set of every instance (0 .. n-1), made once per size."""


def check_conservation(st) -> None:
    found = zones(st)
    n = len(st.cards)
    every = _EVERY.get(n)
    if every is None:
        every = _EVERY[n] = set(range(n))
    # as many zone places as cards, and each card in one: every card is in exactly one zone
    assert len(found) == n and set(found) == every, "a card is missing or in two zones"
    # ``found`` is every instance once, so its owners are ``st.owner`` itself: counted in C, as bytes
    owners = bytes(st.owner[: len(found)])
    for p in range(2):
        assert owners.count(p) == 40


def check_deck_out(st) -> None:
    """MX-WIN-03, MX-GAP-11: if any deck is empty the game is over."""
    empty = [p for p, pl in enumerate(st.players) if not pl.deck]
    if empty:
        res = mx.result(st)
        assert res is not None, f"deck of seat {empty} is empty but the game goes on"
        assert mx.decisions(st) == []
        if res.reason == "deck_out":
            assert set(res.losers) == set(empty) and (res.draw == (len(empty) == 2))


def hidden_from(st, viewer) -> set[int]:
    """Instances ``viewer`` must not see: other seats' hands and decks, every VP pile, own deck."""
    hidden: set[int] = set()
    for p, pl in enumerate(st.players):
        hidden.update(pl.deck)
        hidden.update(pl.vp)
        if p != viewer:
            hidden.update(pl.hand)
    return hidden


_SCALARS = frozenset({str, int, float, bool, type(None)})
"""Types that hold no card: :func:`ids_in` does not descend into them (anything else it looks at)."""


def ids_in(obj) -> set[int]:
    """Card instance ids mentioned in a view's board/private data (every card there is ``{"id": n, ...}``):
    every dict and list at any depth is looked at."""
    found: set[int] = set()
    _collect_ids(obj, found)
    return found


def _collect_ids(obj, found: set[int]) -> None:
    if isinstance(obj, dict):
        if "id" in obj and "card" in obj:
            found.add(obj["id"])
        obj = obj.values()
    elif not isinstance(obj, list):
        return
    for item in obj:
        if type(item) not in _SCALARS:  # a string or a number holds no card: no call for it
            _collect_ids(item, found)


def check_views(st, memo: dict | None = None) -> None:
    """No hidden instance id in any view; and a view does not change when the hidden cards change.
    ``memo`` (optional) keeps each viewer's view of this step for :func:`check_redaction`."""
    board_ids = None  # the last board looked at and its card ids: an equal board has the same ids
    for viewer in (0, 1, None):
        v = mx.view(st, viewer)
        if memo is not None:
            memo[viewer] = v
        assert mx.board_text(v) and (viewer is None or mx.private_text(v))  # every view renders as text
        if board_ids is None or v.board != board_ids[0]:
            board_ids = (v.board, ids_in(v.board))
        seen = board_ids[1] | ids_in(v.private)
        allowed_deck = {c for d in v.decisions if d.kind == "search" for c in st.players[viewer].deck}
        leak = (seen & hidden_from(st, viewer)) - allowed_deck
        assert not leak, f"viewer {viewer} sees hidden cards {leak}"
        for d in mx.decisions(st):
            if d.seat != viewer:
                assert d not in v.decisions


def view_json(st, viewer, memo: dict | None = None) -> str:
    """``viewer``'s view data and decisions as JSON; the view from ``memo`` (this step's) when it holds one."""
    v = memo[viewer] if memo is not None and viewer in memo else mx.view(st, viewer)
    return json.dumps([v.board, v.private, [(d.kind, [o.id for o in d.options]) for d in v.decisions]], sort_keys=True)


def twin_of(st):
    """A copy of ``st`` as ``mx.from_json(mx.to_json(st))`` gives it (caches at their defaults), with its own
    card list and every other part shared: a view only reads a state, and only card identities are changed."""
    caches = {f.name: f.default for f in fields(st) if not f.metadata.get("serialise", True)}
    return replace(st, cards=list(st.cards), **caches)


_KINDS: list = [None, {}]
"""The card pool last read by :func:`kinds_of` and its card id -> kind map."""


def kinds_of() -> dict[str, str]:
    """Card id -> kind over :func:`card_pool`, made once per pool (every check of every step asks)."""
    pool = card_pool()
    if _KINDS[0] is not pool:
        _KINDS[:] = [pool, {cid: card.kind for cid, card in pool.items()}]
    return _KINDS[1]


def check_redaction(st, rng: random.Random, memo: dict | None = None) -> None:
    """Permute the identities of cards hidden from each viewer: its view must stay byte-identical."""
    kinds = kinds_of()
    for viewer in (0, 1, None):
        if any(d.seat == viewer and d.kind == "search" for d in mx.decisions(st)):
            continue  # a search shows the searcher their own deck, by design
        before = view_json(st, viewer, memo)
        twin = twin_of(st)
        by_kind: dict[str, list[int]] = {}
        for c in sorted(hidden_from(twin, viewer)):
            by_kind.setdefault(kinds[twin.cards[c]], []).append(c)
        # Permute within a kind so that every open decision stays possible (e.g. "attach a Battle card").
        for group in by_kind.values():
            names = [twin.cards[c] for c in group]
            rng.shuffle(names)
            for c, name in zip(group, names, strict=True):
                twin.cards[c] = name
        twin.defs = None
        twin.cached = None
        assert view_json(twin, viewer) == before, f"viewer {viewer}'s view depends on hidden cards"


def play(seed: int, every_choice=None):
    st = new(seed)
    players = [RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)]
    choices = []
    while True:
        if every_choice:
            every_choice(st, len(choices))
        decs = mx.decisions(st)
        if not decs:
            break
        d = decs[0]
        oid = players[d.seat](d)
        choices.append((d.seat, oid))
        mx.apply(st, d.seat, oid)
    return st, choices


@pytest.mark.slow
def test_random_games_end_conserve_cards_and_hide_hands():
    """MX-WIN-01, MX-WIN-04, MX-ZN-01, MX-ZN-04, MX-ZN-09: over 200 seeded random games every game
    ends with a result naming winner and reason, every card is in exactly one zone after every choice,
    and no view shows a card hidden from that viewer (hands, decks, VP piles)."""
    rng = random.Random(0)
    reasons: dict[str, int] = {}

    def checks(st, n):
        check_conservation(st)
        check_deck_out(st)
        memo: dict = {}  # this step's views, for both checks below
        check_views(st, memo)
        if n % 9 == 0:
            check_redaction(st, rng, memo)

    for seed in range(GAMES):
        st, _ = play(seed, checks)
        res = mx.result(st)
        assert res is not None and res.reason in {"seven_vp", "deck_out"}
        assert len(res.winners) == 1 and res.text
        if res.reason == "seven_vp":
            assert len(st.players[res.winners[0]].vp) == 7
        reasons[res.reason] = reasons.get(res.reason, 0) + 1
    assert reasons.get("seven_vp", 0) > GAMES // 2  # games are won by VP, not only by deck-out


def small_deck_position(seed: int):
    """A seeded random mid-game position whose decks hold 0 to 3 cards (either seat may start empty),
    with random hands, Characters in play (some Pushed, some Damaged), MP and step."""
    rng = random.Random(seed)
    pool = card_pool()
    chars = sorted(c for c, card in pool.items() if card.kind == "character")
    battles = sorted(c for c, card in pool.items() if card.kind == "battle")
    every = sorted(pool)
    players = []
    for _ in range(2):
        in_play = []
        for _ in range(rng.randint(0, 3)):
            item = {"card": rng.choice(chars), "pushed": rng.random() < 0.3}
            if rng.random() < 0.3:
                item["damage"] = [rng.choice(["b-str-1", "b-int-1", "b-spe-1"])]
            in_play.append(item)
        players.append({
            "deck": [rng.choice(every) for _ in range(rng.choice([0, 0, 1, 1, 2, 3]))],
            "hand": [rng.choice(every if rng.random() < 0.4 else battles) for _ in range(rng.randint(0, 6))],
            "in_play": in_play,
            "mp": rng.randint(0, 10),
            "vp": ["b-str-1"] * rng.randint(0, 6),
        })
    spec = {"first": rng.randint(0, 1), "turn": 3, "phase": rng.choice(["planning", "attack"]),
            "players": players}
    return mx.position(spec, [SeatSetup("Ana"), SeatSetup("Ben")], seed)


def test_MX_WIN_03_MX_GAP_11_random_playouts_from_small_and_empty_decks():
    """MX-WIN-03, MX-GAP-11: from 300 seeded random positions with decks of 0-3 cards,
    random play keeps every card in exactly one zone, never leaves a game going on with an empty deck
    (checked on the position and after every applied choice), and every game ends by deck-out or 7 VP."""
    started_empty = reasons = 0
    for seed in range(300):
        st = small_deck_position(seed)
        started_empty += any(not pl.deck for pl in st.players)
        players = [RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)]
        for _ in range(500):
            assert sorted(zones(st)) == list(range(len(st.cards))), "a card is missing or in two zones"
            check_deck_out(st)
            decs = mx.decisions(st)
            if not decs:
                break
            d = decs[0]
            mx.apply(st, d.seat, players[d.seat](d))
        res = mx.result(st)
        assert res is not None and res.reason in {"deck_out", "seven_vp"} and res.text
        reasons += res.reason == "seven_vp"
    assert 50 < started_empty < 250 and reasons > 0  # both kinds of start, and both kinds of end, occur


@pytest.mark.parametrize("seed", [1, 17, 99])
def test_MX_HST_01_same_seed_and_choices_give_identical_json(seed):
    """MX-HST-01: seed + choices replay to byte-identical state JSON."""
    st, choices = play(seed)
    replay = new(seed)
    for seat, oid in choices:
        mx.apply(replay, seat, oid)
    assert mx.to_json(replay) == mx.to_json(st)


def test_every_state_survives_a_json_round_trip():
    """Any state (taken after every choice of several games) serialises to JSON and back losslessly,
    and the restored state plays on exactly like the original."""
    for seed in range(5):
        st = new(seed)
        players = [RandomPlayer(seed), RandomPlayer(seed + 100)]
        while mx.decisions(st):
            text = mx.to_json(st)
            restored = mx.from_json(text)
            assert mx.to_json(restored) == text
            assert mx.decisions(restored) == mx.decisions(st)
            d = mx.decisions(st)[0]
            oid = players[d.seat](d)
            assert [e.text for e in mx.apply(restored, d.seat, oid)] == [e.text for e in mx.apply(st, d.seat, oid)]
            assert mx.to_json(restored) == mx.to_json(st)


def test_different_seeds_give_different_games():
    """The seed matters: shuffles and the coin flip come from it (MX-SET-01, MX-SET-02)."""
    firsts = {new(s).first for s in range(20)}
    hands = {tuple(new(s).players[0].hand) for s in range(20)}
    assert firsts == {0, 1}
    assert len(hands) > 15


# -- the cross-zone permutation check: hidden cards never show through the shape of the game ---------------


def secret_from(st, viewer) -> set[int]:
    """Instances whose identity ``viewer`` cannot see: :func:`hidden_from`, less the viewer's own deck while
    a search shows it to them."""
    hidden = hidden_from(st, viewer)
    if viewer is not None and any(d.seat == viewer and d.kind == "search" for d in mx.decisions(st)):
        hidden -= set(st.players[viewer].deck)
    return hidden


def twin_playouts(game, seeds, every: int = 3) -> int:
    """Seeded random playouts; before every ``every``-th choice, :func:`hidden_twins.check_twins` for each
    seat and the spectator with the real next choice. Returns how many steps were compared."""
    compared = 0
    for seed in seeds:
        st = new(seed)
        rng = random.Random(seed)
        players = [RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)]
        n = 0
        while (decs := type(mx).decisions(mx, st)):  # the game's own, even under a planted leak
            d = decs[0]
            oid = players[d.seat](d)
            if n % every == 0:
                for watcher in (0, 1, None):
                    compared += check_twins(game, st, watcher, secret_from, (d.seat, oid), rng)
            mx.apply(st, d.seat, oid)
            n += 1
    return compared


@pytest.mark.slow
def test_MX_ZN_04_MX_ZN_09_MX_GAP_20_MX_GAP_24_cross_zone_permutation_changes_nothing_public():
    """MX-ZN-04/09, MX-GAP-20, MX-GAP-24: for each seat and the spectator, permuting the
    identities of every card hidden from them across hands, decks and VP piles (any kind: a watcher cannot
    tell a hidden Battle card from a Character) leaves their view, the spectator view and the seats asked
    unchanged, and so are the public log of the real next choice and everything after it."""
    assert twin_playouts(mx, range(8)) > 300


class _Planted:
    """The MetaX game with one planted leak (the check must catch each kind): its
    ``view``, ``decisions`` or ``apply``, monkeypatched onto the game object, calls the game's own."""

    def __init__(self, leak: str):
        self.leak = leak

    def _battle_in_hand(self, st, seat) -> bool:
        return any(card_pool()[st.cards[c]].kind == "battle" for c in st.players[seat].hand)

    def view(self, st, viewer):
        v = type(mx).view(mx, st, viewer)
        if self.leak == "view":  # the board tells whether Ben holds a Battle card
            v.board["ben_armed"] = self._battle_in_hand(st, 1)
        return v

    def decisions(self, st):
        decs = type(mx).decisions(mx, st)
        if self.leak == "seats" and decs and self._battle_in_hand(st, 1 - decs[0].seat):
            from games.core.contract import Decision, Option

            decs = [*decs, Decision(1 - decs[0].seat, "brace", "Brace.", (Option("ok", "OK"),))]
        return decs

    def apply(self, st, seat, choice):
        events = type(mx).apply(mx, st, seat, choice)
        if self.leak == "log" and self._battle_in_hand(st, 1):
            from games.core.contract import Event

            events = [*events, Event("Ben looks ready.")]
        return events


@pytest.mark.parametrize("leak, what", [("view", "view"), ("seats", "seats asked"), ("log", "log")])
def test_cross_zone_permutation_check_catches_a_planted_leak(monkeypatch, leak, what):
    """Permutation check: a leak planted in the view, in who is asked or in the public log is caught."""
    method = {"view": "view", "seats": "decisions", "log": "apply"}[leak]
    monkeypatch.setattr(mx, method, getattr(_Planted(leak), method))
    with pytest.raises(AssertionError, match=what):
        twin_playouts(mx, range(12))


def test_cross_zone_permutation_check_catches_the_old_defend_skip(monkeypatch):
    """Permutation check: the defend step skipped when no usable Battle card was in hand (before MX-GAP-24)
    is caught by the check, as a difference in the public log or in who is asked after the step."""
    from games.metax import rules

    monkeypatch.setattr(rules, "may_defend", lambda st, p: any(
        atk.defender < 0 and rules.find_char(st, atk.attacker) is not None for atk in st.attacks)
        and any(rules.can_defend(st, p, ch) for ch in st.players[p].in_play))
    with pytest.raises(AssertionError, match="after the step|log"):
        twin_playouts(mx, range(12))

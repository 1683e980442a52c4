"""The hidden-card permutation check of Memesis (MEM-INF-01, MEM-STL-03, MEM-AMM-08,
MEM-GAP-20, MEM-GAP-24, MEM-GAP-28).

For a watcher (each seat, and the spectator) the identities of every card hidden from them are permuted
**across zones** (Brain, hand, Ammunition, face-down in play, incubating face down, fused face down as a group
card or a Partial-Fusion fragment, a face-down Rune), keeping the state legal and consistent with what is
public: a card number keeps its owner and place, and a card only takes the place of one that could legally be
there and looks the same from outside (:func:`fits`; derived hidden values, a fragment's marking and an
incubating card's turns, follow). In the twin state (:func:`check_hidden`):

* the same seats are asked the same kinds of decision (so ``waiting`` is the same), and the watcher's and the
  spectator's views are the same;
* the real next choice, applied to a twin whose cards are hidden from the chooser too (so that the choice means
  the same to them), and which :func:`fits` both before and after the step (a card the step shows the watcher,
  or puts where another could not be, keeps its identity), logs the same public events (audience ``None``),
  then asks the same seats and shows the watcher, the chooser and the spectator the same views.

It runs on seeded random playouts of every table format (2 seats, 4 seats free-for-all and 2v2, Stealth on and
off: ``CONFIGS``) played by :class:`SneakyPlayer`, every few decisions; on a position with a face-down card
of every kind at each of 60 choices; and each planted leak (the board's stats of a fused face-down card, a
bounce naming it, a fragment's marking, an incubating card's total turns, a window that depends on a hand) is
shown to be caught.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import pytest

from games.core.contract import Event, View
from games.core.playout import starter_seats
from games.memesis import GAME, rules
from games.memesis.cards import Card
from games.memesis.pool import card_pool
from games.memesis.rules import cells, effects
from games.memesis.state import Piece, State

from .kit import act, hand_ref, pass_windows, pos, uid
from .test_playouts import QuickPlayer

POOL = card_pool()
CONFIGS = {  # name: (seats, table options, games, check every n-th decision)
    "2p": (2, {}, 3, 5), "2p-no-stealth": (2, {"stealth": False}, 3, 5),
    "4p": (4, {}, 1, 9), "4p-no-stealth": (4, {"stealth": False}, 1, 9),
    "2v2": (4, {"teams": [0, 1, 0, 1]}, 1, 9), "2v2-no-stealth": (4, {"teams": [0, 1, 0, 1], "stealth": False}, 1, 9),
}
"""The table formats checked (Stealth on and off: the table option ``stealth``, MEM-STL-11), with how many
seeded games and how often a decision is checked (a few seconds in all)."""
TRIES = 24
"""Random look-alikes tried per hidden card (a full search costs the square of the hidden cards)."""
ANY_KIND = frozenset({"creature", "cause", "effect", "rune"})

Fit = Callable[[str], bool]


# ---------------------------------------------------------------- what is hidden, and what may stand in for it

def hidden_from(st: State, watcher: int | None) -> set[int]:
    """Card numbers whose identity ``watcher`` does not see: every Brain Cell, the others' hands and
    Ammunition Cells, and the face-down cards of pieces that ``watcher`` does not own (MEM-INF-01, MEM-AMM-08,
    MEM-STL-03, MEM-GAP-24)."""
    out: set[int] = set()
    for s, p in enumerate(st.players):
        out.update(p.brain)
        if s != watcher:
            out.update(p.hand + p.ammo)
    for pc in st.pieces:
        out.update(c for c in pc.hidden if st.owner[c] != watcher)
    return out


def places(st: State) -> dict[int, str | Piece]:
    """Card number -> ``"brain"``, ``"hand"`` or ``"ammo"``, or the piece it is in (cards of a hatched Rune
    waiting for its place are in none)."""
    out: dict[int, str | Piece] = {}
    for p in st.players:
        for zone in ("brain", "hand", "ammo"):
            out.update((c, zone) for c in getattr(p, zone))
    for pc in st.pieces:
        out.update((c, pc) for c in cells.all_cards(pc))
    return out


def zone_of(c: int, where: str | Piece) -> str:
    """Where card number ``c`` is (``where``: from :func:`places`): ``brain``, ``hand``, ``ammo``, or, in a
    piece, ``in play`` (alone), ``incubating``, ``fused`` (a group card), ``fragment`` or ``rune``."""
    if isinstance(where, str):
        return where
    if c == where.rune:
        return "rune"
    if c in where.partials:
        return "fragment"
    return "fused" if len(where.cards) > 1 else "incubating" if where.cell == "incubation" else "in play"


MOVED: Counter[str] = Counter()
"""How many hidden cards each zone (:func:`zone_of`) had changed by :func:`permute`, over the session."""


def _paid(d: Card) -> int:
    """What playing ``d`` face down costs, less the 1 extra: its cost; a Rune's 2 is a 1-cost card's
    (MEM-STL-01/07, MEM-GAP-20)."""
    return 1 if d.kind == "rune" else d.cost


def _turns(d: Card) -> int:
    """The incubation turns of ``d`` face down (MEM-INC-02, MEM-STL-02)."""
    return 2 * (1 if d.kind == "rune" else d.cost)


def _any_card(cid: str) -> bool:
    """A card in a Brain, a hand or an Ammunition Cell may be any card (:func:`fits`)."""
    return True


def fits(st: State, c: int, where: str | Piece) -> Fit | None:
    """Which card ids could be hidden card number ``c`` of ``st``, from outside; ``None``: only its own.

    A card in a Brain, a hand or an Ammunition Cell: any card. A face-down card in play alone: a card that
    costs the same to play face down (the paid cost is public, MEM-GAP-20) and may be in that Cell (only
    creatures attack and defend; an ally places creatures and Cause cards only), bearing the marking of its
    Rune and of its fragments; one that hatched: a card of its cost, not a Rune. A face-down incubating card
    alone: one that would not have hatched yet, its turns then recomputed (:func:`permute`); one matured,
    waiting for its owner to place it: a Rune. A face-down card of a fused group: one of the same set (a
    Transfusion chain), of the same cost when incubating (its turns) or when it is the base (its paid cost),
    of any kind but a Rune (who is asked to block or intercept, and what may be targeted as a creature, read no
    face-down card, MEM-GAP-20) except the base, or in an Attack or Defend Cell with no face-up creature
    (only a group holding one gets there): the same kind; a True Fusion pair's card is its partner's partner,
    so it stays. A face-down fragment on a face-up card: one with a fragment of a marking that card bears (the
    marking then recomputed). A face-down Rune on a card with no face-down card: a Rune of a marking the card
    bears.
    """
    if isinstance(where, str):
        return _any_card
    d = POOL[st.cards[c]]
    pc = where
    base = pc.cards[0]
    inc = pc.cell == "incubation"
    conds: list[Callable[[Card], bool]] = []
    if c == pc.rune:
        if any(x in pc.hidden for x in pc.cards):
            return None
        marks = set(cells.markings(st, pc))
        return lambda cid: POOL[cid].kind == "rune" and POOL[cid].predilection in marks
    if c in pc.partials:
        if base in pc.hidden:
            return None
        borne = set(POOL[st.cards[base]].markings)
        conds.append(lambda e: any(f.marking in borne for f in e.fragments))
        if inc:
            conds.append(lambda e: e.cost == d.cost)
    else:
        if pc.rune >= 0:
            m = POOL[st.cards[pc.rune]].predilection
            conds.append(lambda e: m in e.markings and e.kind != "rune")
        if c == base and pc.partials:
            frags = set(pc.frags)
            conds.append(lambda e: frags <= set(e.markings) and e.kind != "rune")
        if len(pc.cards) == 1 and inc and pc.elapsed >= pc.needed:  # a hatched Rune waiting for its place
            conds.append(lambda e: e.kind == "rune")
        elif len(pc.cards) == 1 and inc:
            extra = pc.needed - _turns(d)
            conds.append(lambda e: _turns(e) + extra > pc.elapsed)
        elif len(pc.cards) == 1 and pc.hatched >= 0:  # hatching showed its turns: its cost; a Rune never hatches
            conds.append(lambda e: e.cost == d.cost and e.kind != "rune")  # into play (MEM-RUN-11)
        elif len(pc.cards) == 1:
            kinds = ({"creature"} if pc.cell in ("attack", "defend")
                     else {"creature", "cause"} if st.owner[c] != pc.controller else ANY_KIND)
            conds.append(lambda e: _paid(e) == _paid(d) and e.kind in kinds)
        elif pc.true and len(pc.cards) == 2:
            return None
        else:
            conds.append(lambda e: e.set == d.set and e.kind != "rune")
            shown = [x for x in pc.cards if x not in pc.hidden]
            if c == base or (pc.cell in ("attack", "defend") and all(POOL[st.cards[x]].kind != "creature"
                                                                     for x in shown)):
                conds.append(lambda e: e.kind == d.kind)  # only a group holding a creature gets there
            if inc:
                conds.append(lambda e: e.cost == d.cost)
            elif c == base:
                conds.append(lambda e: _paid(e) == _paid(d))
    return lambda cid: all(f(POOL[cid]) for f in conds)


def _both(f: Fit, g: Fit) -> Fit:
    return lambda cid: f(cid) and g(cid)


def permute(st: State, watchers: tuple[int | None, ...], rng: random.Random, after: State | None = None) -> (
        State | None):
    """A copy of ``st`` with the identities of the cards hidden from every one of ``watchers`` permuted across
    zones (each card number keeps its owner and place; :func:`fits` must hold for every moved identity in
    ``st`` and, when given, in ``after``, the state after the real next step, where the card must still be
    hidden from them); ``None`` when nothing could move. Derived hidden values follow: a fragment's marking, a
    face-down incubating card's turns."""
    hidden = set.intersection(*(hidden_from(st, w) for w in watchers))
    later = set.intersection(*(hidden_from(after, w) for w in watchers)) if after is not None else None
    now, then = places(st), places(after) if after is not None else {}
    slot: dict[int, Fit] = {}
    for c in sorted(hidden):
        f = fits(st, c, now[c])
        if f is None:
            continue
        if after is not None:
            g = fits(after, c, then[c]) if later is not None and c in later else None
            if g is None:
                continue
            f = _both(f, g)
        slot[c] = f
    ids = {c: st.cards[c] for c in slot}
    by_owner: dict[int, list[int]] = {}
    for c in sorted(slot):
        by_owner.setdefault(st.owner[c], []).append(c)
    order = sorted(slot)
    rng.shuffle(order)
    below = rng._randbelow  # the draw rng.randrange(n) makes for n > 0, without its checks (a hot loop)
    for a in order:  # each card swaps with a random look-alike of its owner's, when one is found soon
        mates = by_owner[st.owner[a]]
        n, fa = len(mates), slot[a]
        for _ in range(TRIES):
            b = mates[below(n)]
            ia, ib = ids[a], ids[b]
            # _any_card (a Brain, hand or Ammunition card) is True for every id: not called
            if ib != ia and (fa is _any_card or fa(ib)) and ((fb := slot[b]) is _any_card or fb(ia)):
                ids[a], ids[b] = ib, ia
                break
    moved = {c: cid for c, cid in ids.items() if cid != st.cards[c]}
    if not moved:
        return None
    MOVED.update([w if isinstance(w := now[c], str) else zone_of(c, w) for c in moved])
    twin = GAME.copy_state(st)  # as from_json(to_json(st)) gives it (Game.copy_state), faster
    for c, cid in moved.items():
        twin.cards[c] = cid
    for pc in twin.pieces:
        for i, c in enumerate(pc.partials):
            if c in moved:  # the fragment's marking is the new card's (one its card bears)
                borne = POOL[twin.cards[pc.cards[0]]].markings
                pc.frags[i] = rng.choice([f.marking for f in POOL[moved[c]].fragments if f.marking in borne])
        if pc.cell == "incubation" and len(pc.cards) == 1 and pc.cards[0] in moved:
            old, new = POOL[st.cards[pc.cards[0]]], POOL[moved[pc.cards[0]]]
            pc.needed += _turns(new) - _turns(old)
    return twin


# ---------------------------------------------------------------- the check

def _shown(v: View) -> str:
    """Everything a view shows, as one text (for a readable difference)."""
    return json.dumps({"board": v.board, "private": v.private, "waiting": v.waiting,
                       "decisions": [[d.seat, d.kind, d.prompt, d.default, [(o.id, o.label, o.cards) for o in
                                                                            d.options]] for d in v.decisions],
                       "result": None if v.result is None else v.result.to_dict()}, sort_keys=True)


def _diff(a: str, b: str) -> str:
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    return f"…{a[max(0, i - 160):i + 120]}…\n   vs …{b[max(0, i - 160):i + 120]}…"


def _same(st: State, twin: State, viewer: int | None, who: str, seen: dict) -> None:
    """``twin`` shows ``viewer`` what ``st`` does (``seen`` caches the views of ``st``)."""
    key = (id(st), viewer)
    if key not in seen:
        seen[key] = _shown(GAME.view(st, viewer))
    mine, theirs = seen[key], _shown(GAME.view(twin, viewer))
    assert theirs == mine, f"{who}: {viewer}'s view depends on hidden cards:\n{_diff(mine, theirs)}"


def _asked(d) -> tuple:
    """Who is asked what, and how the host treats it: a decision's seat, kind and flags
    ``window``, ``forced`` and ``aimed``, none of which may depend on a hidden card."""
    return d.seat, d.kind, d.window, d.forced, d.aimed


def public_log(ev: list[Event]) -> list[str]:
    return [e.text for e in ev if e.audience is None]


def check_hidden(st: State, rng: random.Random, choice: tuple[int, str] | None = None, where: str = "",
                 views: bool = True) -> int:
    """The permutation check (module docstring) of ``st`` for every seat and the spectator; ``choice`` is the
    real next choice ``(seat, option id)``. With ``views`` False, only the spectator's permutation, who is
    asked and the public log are checked (what is public must not depend on anything the spectator cannot
    see; a cheaper check). Raises AssertionError on a leak; returns the number of twins."""
    decs = [_asked(d) for d in GAME.decisions(st)]
    seen: dict = {}
    after, log = None, None
    if choice is not None:
        after = GAME.copy_state(st)
        log = public_log(GAME.apply(after, *choice))
    twins = 0
    for watcher in [*range(len(st.players)), None] if views else [None]:
        who = f"{where} watcher {watcher}"
        twin = permute(st, (watcher,), rng)
        if twin is not None:
            twins += 1
            asked = [_asked(d) for d in GAME.decisions(twin)]
            assert asked == decs, f"{who}: who is asked depends on hidden cards (MEM-GAP-28): {decs} vs {asked}"
            if views:
                _same(st, twin, watcher, who, seen)
                _same(st, twin, None, who, seen)
        if choice is None:
            continue
        # the next step: cards hidden from the chooser too, so that the choice means the same to them
        twin = permute(st, (watcher, choice[0]), rng, after)
        if twin is None:
            continue
        twins += 1
        if views:
            _same(st, twin, choice[0], who, seen)
        if GAME.decisions(twin)[0].option(choice[1]) is None:
            assert not views, f"{who}: {choice} is not offered in a twin its chooser cannot tell apart"
            continue
        got = public_log(GAME.apply(twin, *choice))
        assert got == log, f"{who}: the public log of {choice} depends on hidden cards:\n{log}\nvs\n{got}"
        assert after is not None
        now = [_asked(d) for d in GAME.decisions(after)]
        asked = [_asked(d) for d in GAME.decisions(twin)]
        assert asked == now, f"{who}: who is asked after {choice} depends on hidden cards: {now} vs {asked}"
        for v in {watcher, choice[0], None} if views else ():
            _same(after, twin, v, f"{who} after {choice}", seen)
    return twins


# ---------------------------------------------------------------- on random playouts

SNEAKY = {"fuse": 60, "down": 85, "incubate": 25, "attach": 70, "rune": 50, "ammo": 15}
"""Percent chances that :class:`SneakyPlayer` takes these components of an action when offered."""


class SneakyPlayer(QuickPlayer):
    """A :class:`QuickPlayer` that, building an action, often fuses, plays face down, incubates and places
    Runes (:data:`SNEAKY`): random games then have face-down fused cards, fragments and Runes to permute."""

    def __call__(self, d) -> str:
        if d.kind == "act":
            ids = [o.id for o in d.options]
            for comp, pct in SNEAKY.items():
                if comp in ids and self.rng.below(100) < pct:
                    return comp
            frags = [i for i in ids if i.startswith(("frag:", "trans", "true"))]
            if frags:
                return frags[self.rng.below(len(frags))]
        return super().__call__(d)

def playout(n: int, options: dict, seed: int, every: int) -> int:
    """A seeded random game with the full check every ``every``-th decision, and the public one
    (``views=False``) at every other decision that opens, goes round or closes a response window (MEM-GAP-28);
    returns the number of twins checked."""
    st = GAME.new_game(starter_seats(GAME, seed, n), dict(options) or None, seed)
    players = [SneakyPlayer(seed * 7 + p) for p in range(n)]
    rng = random.Random(seed)
    twins, k = 0, 0
    while (decs := GAME.decisions(st)):
        d = decs[0]
        choice = players[d.seat](d)
        if k % every == 0:
            twins += check_hidden(st, rng, (d.seat, choice), f"seed {seed} decision {k}")
        elif d.kind == "window" or cells.open_window(st) is None and choice not in ("back", "end"):
            twins += check_hidden(st, rng, (d.seat, choice), f"seed {seed} decision {k}", views=False)
        GAME.apply(st, d.seat, choice)
        k += 1
    return twins


@pytest.mark.slow
@pytest.mark.parametrize("config", list(CONFIGS))
def test_MEM_INF_01_MEM_STL_03_hidden_cards_permuted_across_zones_change_nothing_seen(config):
    """MEM-INF-01, MEM-STL-03, MEM-AMM-08, MEM-GAP-20, MEM-GAP-24, MEM-GAP-28: in seeded random games (Stealth on
    and off), permuting every card hidden from a watcher across zones changes neither their view, nor the
    spectator's, nor who is asked, nor the public log of the next step."""
    n, options, games, every = CONFIGS[config]
    assert sum(playout(n, options, 500 + 31 * g + n, every) for g in range(games)) > 0


def every_kind_of_hidden_card() -> State:
    """Ana's main phase with a face-down card of every kind (Stealth, MEM-STL-01..10) and look-alikes for each:
    a face-down Hunter in play and one in her Defend Cell; Möbius Serpent fused face down onto the Epicurean
    Host (a Transfusion); Golden Ratio fused face down onto the Pythagorean Acolyte (a Mathematical fragment),
    which carries a face-down Mathematical Rune; the Hoplite Phalanx incubating face down; an Ammunition pile;
    Ben with face-down cards of his own and an Effect card, Ammunition and an incubating card."""
    look = ["maxwells-demon", "leech-doctor", "holy-relic", "spiritual-rune", "roman-legionary", "fire-arrow",
            "oracle-of-delphi", "euclids-surveyor"]
    st = pos({"hand": ["mobius-serpent", "golden-ratio", *look[:4]], "source": 6, "ammo": look[4:6],
              "brain": ["cuckoo-chick", "mistletoe-bough", "damascus-steel", "castor", *look[6:]] * 2,
              "pieces": ["epicurean-host", {"card": "pythagorean-acolyte", "rune": "mathematical-rune",
                                            "rune_down": True},
                         {"card": "cro-magnon-hunter", "down": True},
                         {"card": "terracotta-warrior", "down": True, "cell": "defend"}],
              "incubation": {"card": "hoplite-phalanx", "down": True, "elapsed": 1}},
             {"hand": ["fire-arrow", "pilgrim-of-the-way", "oracle-of-delphi", "practical-rune"], "source": 2,
              "ammo": ["catapult-stone"], "brain": ["euclids-surveyor", "leech-doctor", "castor"] * 3,
              "pieces": [{"card": "roman-legionary", "down": True}, {"card": "fire-arrow", "down": True},
                         "cro-magnon-hunter"],
              "incubation": {"card": "oracle-of-delphi", "down": True, "elapsed": 2}})
    act(st, 0, hand_ref(st, 0, "mobius-serpent"), "fuse", f"p{uid(st, 'epicurean-host')}", "trans", "down")
    pass_windows(st)
    act(st, 0, hand_ref(st, 0, "golden-ratio"), "fuse", f"p{uid(st, 'pythagorean-acolyte')}",
        "frag:mathematical", "down")
    pass_windows(st)
    return st


def test_MEM_STL_03_MEM_GAP_20_every_kind_of_hidden_card_permuted_changes_nothing_seen():
    """MEM-STL-03, MEM-STL-08, MEM-FUS-13, MEM-INC-02, MEM-AMM-08, MEM-GAP-20, MEM-GAP-28: from a position with a
    face-down card in every place it can be (alone in play, in a Defend Cell, fused, as a fragment, as a Rune,
    incubating) and in hands, Brain and Ammunition Cells, 60 random choices, each checked; the permutations
    moved cards of every one of those places."""
    before = Counter(MOVED)
    st = every_kind_of_hidden_card()
    players = [SneakyPlayer(11 + p) for p in range(2)]
    rng = random.Random(3)
    for k in range(60):
        decs = GAME.decisions(st)
        if not decs:
            break
        choice = players[decs[0].seat](decs[0])
        check_hidden(st, rng, (decs[0].seat, choice), f"choice {k}")
        GAME.apply(st, decs[0].seat, choice)
    moved = MOVED - before
    assert {"brain", "hand", "ammo", "in play", "fused", "fragment", "rune", "incubating"} <= set(moved), moved


# ---------------------------------------------------------------- the check catches planted leaks

def _fused(hidden: str = "mobius-serpent"):
    """Ana's Epicurean Host (Bio) with ``hidden`` (Tic) fused face down; another Tic card in her hand and one in
    her Brain Cell, so the hidden one has look-alikes; Ben holds Exile to Elba and 3 source."""
    st = pos({"hand": [hidden, "maxwells-demon"], "source": 1, "pieces": ["epicurean-host"],
              "brain": ["leech-doctor", "cuckoo-chick"] + ["pilgrim-of-the-way"] * 4},
             {"hand": ["exile-to-elba"], "source": 3})
    u = uid(st, "epicurean-host")
    act(st, 0, hand_ref(st, 0, hidden), "fuse", f"p{u}", "trans", "down")
    return st, u


def _caught(st: State, choice=None) -> bool:
    try:
        for seed in range(6):
            check_hidden(st, random.Random(seed), choice)
    except AssertionError:
        return True
    return False


def test_the_check_catches_the_stats_of_a_face_down_fused_card(monkeypatch):
    """Planted: the board shows a group's true stats (as the engine once did): the check fails; not planted, it
    passes."""
    st, _ = _fused()
    assert not _caught(st)
    monkeypatch.setattr(cells, "shown_stats", lambda st, pc, viewer=None: (
        cells.attack(st, pc), cells.life(st, pc), cells.max_life(st, pc), cells.armor(st, pc)))
    assert _caught(st)


def test_the_check_catches_a_bounce_naming_a_face_down_card(monkeypatch):
    """Planted: the bounce's public line names every card of the group (as the engine once did): the check of Ben's
    playing Exile to Elba at the group fails; not planted, it passes."""
    st, u = _fused()
    GAME.apply(st, 1, hand_ref(st, 1, "exile-to-elba"))
    choice = (1, "play")  # at the group, its one target: carried out at once
    assert GAME.decisions(st)[0].option("play") is not None
    assert "Epicurean Host + face-down card returns to its owner's hand." in public_log(GAME.apply(
        GAME.from_json(GAME.to_json(st)), *choice))
    assert not _caught(st, choice)
    real = cells.to_hand

    def leaky(st, pc, ev):
        names = " + ".join(cells.cname(st, c) for c in pc.cards)
        real(st, pc, ev)
        ev.append(Event(f"({names})"))

    monkeypatch.setattr(effects, "to_hand", leaky)  # the bounce (apply_step)
    assert _caught(st, choice)


def test_the_check_catches_a_face_down_fragments_marking(monkeypatch):
    """Planted: the board shows a face-down fragment's marking: the check fails; not planted, it passes."""
    from games.memesis import game as mgame

    st = pos({"hand": ["golden-ratio", "holy-relic"], "source": 1, "pieces": ["pythagorean-acolyte"]})
    act(st, 0, hand_ref(st, 0, "golden-ratio"), "fuse", f"p{uid(st, 'pythagorean-acolyte')}", "frag:mathematical",
        "down")
    assert not _caught(st)
    monkeypatch.setattr(mgame, "_partials", lambda st, pc: [{"marking": m} for m in pc.frags])
    assert _caught(st)


def test_the_check_catches_a_face_down_incubating_cards_total(monkeypatch):
    """Planted: the board shows a face-down incubating card's total turns (as the engine once did): the check
    fails; not planted, it passes."""
    from games.memesis import game as mgame

    st = pos({"hand": ["hoplite-phalanx", "roman-legionary", "cro-magnon-hunter"], "source": 0})
    act(st, 0, hand_ref(st, 0, "hoplite-phalanx"), "incubate", "s0", "down")
    assert not _caught(st)
    real = mgame.board_of

    def leaky(st):
        b = real(st)
        for s, p in enumerate(b["players"]):
            inc = next((pc for pc in st.pieces if pc.controller == s and pc.cell == "incubation"), None)
            if inc is not None:
                p["incubation"]["needed"] = inc.needed
        return b

    monkeypatch.setattr(mgame, "board_of", leaky)
    assert _caught(st)


def test_the_check_catches_who_is_asked_depending_on_a_hand(monkeypatch):
    """Planted: a response window asks Ben only when he holds a card costing 3 or more (a window that depends
    on a hand, MEM-GAP-28): the check fails; with his hand and Brain of creatures that give no response, it
    passes."""
    st = pos({"hand": ["cro-magnon-hunter"], "source": 2},
             {"hand": ["pilgrim-of-the-way"] * 3, "brain": ["pilgrim-of-the-way"] * 4 + ["hoplite-phalanx"] * 2})
    GAME.apply(st, 0, hand_ref(st, 0, "cro-magnon-hunter"))
    GAME.apply(st, 0, "play")
    assert not _caught(st, (0, "main"))

    def leaky(st, seat, at):
        return any(cells.card(st, c).cost >= 3 for c in st.players[seat].hand)

    monkeypatch.setattr(rules, "has_response", leaky)
    assert _caught(st, (0, "main"))  # face up, the only face it can pay: the window opens


def _infinite_series_at_a_hidden_fusion(monkeypatch):
    """Ana's Sacred Grove (a Bio Cause card, planted) with Möbius Serpent fused face down and Magna Carta
    (planted Tic) in her Brain Cell to stand in for it; Ben has just played Infinite Series."""
    for cid, fs in {"sacred-grove": "bio", "magna-carta": "tic"}.items():
        monkeypatch.setitem(POOL, cid, POOL[cid].model_copy(update={"set": fs}))
    st = pos({"hand": ["mobius-serpent", "pilgrim-of-the-way"], "source": 1, "pieces": ["sacred-grove"],
              "brain": ["magna-carta", "pilgrim-of-the-way"] * 2},
             {"hand": ["infinite-series"], "source": 3})
    act(st, 0, hand_ref(st, 0, "mobius-serpent"), "fuse", f"p{uid(st, 'sacred-grove')}", "trans", "down")
    GAME.apply(st, 1, hand_ref(st, 1, "infinite-series"))
    return st


def test_the_check_catches_an_interception_asked_on_a_face_down_cards_kind(monkeypatch):
    """Planted: Ana is asked to intercept Infinite Series' damage only when her Sacred Grove (a Bio Cause card,
    planted) has a face-down creature fused (as the engine once did; MEM-TRN-03, MEM-GAP-20): the check of Ben's
    playing it fails, with Möbius Serpent face down and Magna Carta (planted Tic) in Ana's Brain Cell to stand
    in for it; not planted, it passes."""
    st = _infinite_series_at_a_hidden_fusion(monkeypatch)
    choice = (1, "play")  # at Ana, its one target: carried out at once, and the interception is asked
    assert GAME.decisions(st)[0].option("play") is not None
    assert not _caught(st, choice)
    monkeypatch.setattr(effects, "asked_to_intercept", lambda st, seat: bool(cells.interceptors(st, seat)))
    assert _caught(st, choice)


def test_the_check_catches_a_decision_forced_on_a_face_down_cards_kind(monkeypatch):
    """Planted: an interception prompt marked ``forced`` whenever it has one option ("Take the
    damage yourself"), which for Ana's Sacred Grove with a face-down card fused depends on what that card is:
    the check of Ben's playing Infinite Series at her fails; not planted (the rules never force an interception:
    being asked follows public facts, the options the truth), it passes."""
    import dataclasses

    st = _infinite_series_at_a_hidden_fusion(monkeypatch)
    choice = (1, "play")
    assert not _caught(st, choice)
    real = rules.prompt_decision

    def leaky(st, pr):
        d = real(st, pr)
        return dataclasses.replace(d, forced=len(d.options) == 1)

    monkeypatch.setattr(rules, "prompt_decision", leaky)
    assert _caught(st, choice)

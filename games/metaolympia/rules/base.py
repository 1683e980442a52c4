"""Meta Olympia: the constants and small helpers the rules modules share (:mod:`games.metaolympia.rules`,
:mod:`games.metaolympia.rules.gambling`, :mod:`games.metaolympia.rules.trades`, :mod:`games.metaolympia.rules.mergers`): card
lookups and option labels, the dice, the token supply, drawing from decks and discarding athletes, asking a
seat. It imports only :mod:`games.core` and the package's cards, pool and state."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core.contract import Event
from games.core.labels import fit
from games.core.rng import Rng

from ..cards import TIER_NAMES
from ..pool import athlete_text, pool, sponsor_text, tactic_text
from ..state import State

FACES: tuple[str, ...] = ("goal", "goal", "goal", "counter", "counter", "counter", "boost4", "boost4", "boost8",
                          "boost8", "special", "injury")
"""The twelve faces of every die (MO-CMP-03, MO-DIE-01, MO-GAP-01)."""
FACE_NAMES = {"goal": "Goal", "counter": "Counter", "boost4": "4-Boost", "boost8": "8-Boost",
              "special": "Special Ability", "injury": "Injury"}
FACE_RANK = {"goal": 0, "boost8": 1, "counter": 2, "boost4": 3, "special": 4, "injury": 5}
"""Order the kept-die options are listed in (best first for most athletes); the player still chooses."""
SUPPLY = {"credits": 40, "popularity": 24, "prestige": 24}
"""Token supply of one set (MO-CMP-04, MO-GAP-18): gains stop when the supply is empty."""
START_CREDITS = 3
START_POPULARITY = 1
FUNDRAISE_CREDITS = 3
MAX_DICE = 4
"""Four physical dice (MO-CMP-03): no roll uses more (MO-GAP-15)."""
MAX_STAKE = 5
"""The largest side wager (MO-OPT-02, MO-GAP-20)."""
TILE_KINDS = ("fundraise", "strategize", "recruit", "scrimmage")
KIND_NAMES = {"fundraise": "Fundraise", "strategize": "Strategize", "recruit": "Recruit", "scrimmage": "Scrimmage",
              "freeday": "Free Day"}


# ---------------------------------------------------------------- small helpers

def cdef(st: State, c: int) -> Any:
    """The definition (pydantic model) of card number ``c``."""
    return pool().by_id[st.cards[c]][1]


def cname(st: State, c: int) -> str:
    return cdef(st, c).name


def tile_def(tid: str) -> Any:
    return pool().tiles[tid]


def rng(st: State) -> Rng:
    return Rng(st.rng)


def roll_faces(st: State, n: int) -> list[str]:
    """``n`` dice from the game's RNG (MO-CMP-03); a scenario's loaded dice (``State.loaded``) come first."""
    r = rng(st)
    out = [st.loaded.pop(0) if st.loaded else FACES[r.below(12)] for _ in range(n)]
    st.rng = r.state
    return out


def active(st: State) -> list[int]:
    """Seats still playing, in turn order."""
    return [s for s in st.order if not st.players[s].out]


def name(st: State, s: int) -> str:
    return st.players[s].team


def sets(st: State) -> int:
    return 2 if st.options.get("mega") else 1


def supply_left(st: State, token: str) -> int:
    """Tokens of ``token`` left in the supply (MO-GAP-18)."""
    return SUPPLY[token] * sets(st) - sum(getattr(p, token) for p in st.players)


def supplies_left(st: State) -> dict[str, int]:
    """:func:`supply_left` of every token, in :data:`SUPPLY` order (the board shows them on every view)."""
    k = sets(st)
    credits = popularity = prestige = 0
    for p in st.players:
        credits += p.credits
        popularity += p.popularity
        prestige += p.prestige
    return {"credits": SUPPLY["credits"] * k - credits, "popularity": SUPPLY["popularity"] * k - popularity,
            "prestige": SUPPLY["prestige"] * k - prestige}


def gain(st: State, s: int, token: str, n: int, ev: list[Event], why: str = "") -> int:
    """``s`` takes up to ``n`` tokens from the supply; returns how many (MO-GAP-18: an empty supply caps gains)."""
    got = max(0, min(n, supply_left(st, token)))
    if got:
        setattr(st.players[s], token, getattr(st.players[s], token) + got)
    if got < n:
        ev.append(Event(f"The {token} supply is out: {name(st, s)} gets {got} of {n}{why}."))
    return got


def pay(st: State, s: int, token: str, n: int) -> None:
    p = st.players[s]
    assert getattr(p, token) >= n
    setattr(p, token, getattr(p, token) - n)


def capacity(st: State) -> int:
    """MO-MOV-02: one team per tile with two players, two otherwise."""
    return 1 if len(st.players) == 2 else 2


def track(st: State) -> list[str]:
    return st.tracks[st.stage]


def final_stage(st: State) -> bool:
    return st.stage == len(st.tracks) - 1


def contest(st: State) -> dict[str, Any]:
    """The match or scrimmage in play (``State.contest``); there must be one."""
    c = st.contest
    assert c is not None
    return c


def discard_athlete(st: State, s: int, a: int) -> None:
    """Athlete ``a`` leaves ``s``'s hand face up to the athlete discard pile, its injury with it (an injury
    belongs to the team)."""
    p = st.players[s]
    p.athletes.remove(a)
    if a in p.injured:
        p.injured.remove(a)
    st.athlete_discard.append(a)


def ask(st: State, seat: int, kind: str, **data: Any) -> None:
    st.prompt = {"seat": seat, "kind": kind, **data}


def draw_athlete(st: State, ev: list[Event]) -> int | None:
    """The top of the athlete deck; an empty deck is rebuilt from the shuffled discard pile (MO-REC-07)."""
    if not st.athlete_deck and st.athlete_discard:
        st.athlete_deck = st.athlete_discard
        st.athlete_discard = []
        r = rng(st)
        r.shuffle(st.athlete_deck)
        st.rng = r.state
        ev.append(Event("The athlete deck is empty: its discard pile is shuffled into a new deck."))
    return st.athlete_deck.pop() if st.athlete_deck else None


def draw_from(st: State, deck: str) -> int | None:
    """The top of the sponsor or tactics deck; ``None`` when it is empty (MO-GAP-19: face-down discards never
    come back, so a tile with an empty deck gives nothing)."""
    cards = getattr(st, deck)
    return cards.pop() if cards else None


def athlete_short(st: State, c: int) -> str:
    """Athlete ``c`` for a log line: ``"Mangala (Pro, value 4)"``; its full text is a `card NAME` away."""
    d = cdef(st, c)
    return f"{d.name} ({TIER_NAMES[d.tier]}, value {d.value})"


def athlete_line(st: State, c: int) -> str:
    return f"{cname(st, c)} ({athlete_text(cdef(st, c))})"


@cache
def card_label(prefix: str, cid: str) -> str:
    """An option label: ``prefix`` ("Take ", "Keep ", "Play " or "") and card ``cid`` with its rules line (an
    athlete's :func:`athlete_text`, a tactic's, a sponsor's kind and goal), shortened to fit a button
    (:data:`games.core.labels.LABEL_MAX`); the whole line is in the DM's text. Memoised per card."""
    kind, d = pool().by_id[cid]
    if kind == "athlete":
        text = athlete_text(d)
    elif kind == "tactic":
        text = tactic_text(d)
    else:
        text = f"{'major' if d.major else 'minor'}: {sponsor_text(d)}"
    return fit(f"{prefix}{d.name} ({text})")

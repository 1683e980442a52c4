"""What a Meta state reads as now, for the engine and the views: the rule values in force after every card's
changes (META-CBR-01/02), the seats in the game and in play, the towers and their names in player words,
the final scores and the end-of-turn summary; and the engine's constants and its two exceptions.

Pure queries of a :class:`games.meta.state.State`: nothing here changes it. Imports only the package's
``cards``, ``pool`` and ``state``; :mod:`games.meta.rules` and :mod:`games.meta.rules.execution` build on it.
"""

from __future__ import annotations

from ..cards import PARAMS, MetaCard
from ..pool import card_pool
from ..state import State, Tower

MAX_TURNS = 300
"""Turn cap (META-GAP-13 area): the game ends as a draw after this many turns."""
MAX_STEPS = 500
"""Paradox limit (META-PDX-02b): card executions in one executing stage or one trigger firing."""
MAX_DEPTH = 12
"""Paradox limit (META-PDX-02b): triggers firing inside triggers."""
OPENING_HAND = 9
START_LIFE = 15


class GameOver(Exception):
    """Raised inside the engine when the victory check ends the game (META-WIN-02)."""


class Paradox(Exception):
    """A card implementation found a contradiction (META-PDX-02c); ``cards`` are the cards involved."""

    def __init__(self, cards: list[int], why: str):
        super().__init__(why)
        self.cards = cards
        self.why = why


def card_def(state: State, card: int) -> MetaCard:
    """The pool card of the card instance ``card``."""
    return card_pool()[state.cards[card]]


def title(state: State, card: int) -> str:
    """The title of the card instance ``card``."""
    return card_pool()[state.cards[card]].title


def param(state: State, name: str) -> int | str:
    """The current value of a rule (META-CBR-01/02, META-WIN-04): the rulebook value changed by every
    active change in the order the cards made them."""
    value = PARAMS[name][0]
    for ch in state.changes:
        if ch.param == name:
            value = ch.value if ch.value is not None else int(value) + int(ch.delta or 0)
    return value


def hand_limit(state: State) -> int:
    """The hand limit in force (META-DIS-01, as cards changed it), never below 0."""
    return max(0, int(param(state, "hand_limit")))


def in_game(state: State) -> list[int]:
    """Seats still in the game (not removed, META-WIN-03)."""
    return [s for s, p in enumerate(state.players) if not p.removed]


def enabled(state: State) -> list[int]:
    """Seats in play: in the game and not disabled."""
    return [s for s, p in enumerate(state.players) if not (p.removed or p.disabled)]


def turn_seats(state: State) -> list[int]:
    """Seats in turn order starting with the player at turn (META-DIS-04, META-GAP-06/20)."""
    order = state.order
    i = order.index(state.at_turn)
    return order[i:] + order[:i]


def towers(state: State) -> list[Tower]:
    """The main tower, then every active trigger stack in activation order."""
    return [state.main, *state.triggers]


def tower_by_id(state: State, tid: str) -> Tower | None:
    """The tower with id ``tid`` (``main`` or ``t<n>``), or ``None`` when it is no longer active."""
    for tw in towers(state):
        if tw.id == tid:
            return tw
    return None


def find_entry(state: State, card: int) -> tuple[Tower, int, int] | None:
    """Where ``card`` is on a stack: (tower, level, index), or ``None``."""
    for tw in towers(state):
        for lv, level in enumerate(tw.levels):
            for i, e in enumerate(level):
                if e.card == card:
                    return tw, lv, i
    return None


def trigger_number(state: State, tw: Tower) -> int:
    """Which of its owner's active trigger stacks ``tw`` is, in activation order from 1; 0 when its owner has
    no other (stacks are named in player words, "Ana's trigger stack #2", never by an id)."""
    mine = [t for t in state.triggers if t.owner == tw.owner]
    if tw not in mine:
        mine.append(tw)
    if len(mine) < 2:
        return 0
    return sorted(mine, key=lambda t: t.seq).index(tw) + 1


def tower_name(state: State, tw: Tower) -> str:
    """"the main tower", "Ana's trigger stack", "Ana's trigger stack #2" (see :func:`trigger_number`)."""
    if tw.id == "main":
        return "the main tower"
    k = trigger_number(state, tw)
    return f"{state.players[tw.owner].name}'s trigger stack" + (f" #{k}" if k else "")


def stack_name(state: State, tw: Tower, level: int) -> str:
    """"the main stack", "the main meta stack", "level 3 of Ana's trigger stack #2"."""
    if tw.id == "main":
        return ("the main stack", "the main meta stack")[level] if level < 2 else f"level {level} of the main tower"
    base = tower_name(state, tw)
    if level == 0:
        return base
    if level == 1:
        return f"the meta stack of {base}"
    return f"level {level} of {base}"


def final_scores(state: State) -> tuple[str, ...]:
    """One line per seat, in seat order, for the final summary: Meta counts no points, so each
    line says what decides — whether the player was still in play (not disabled, META-WIN-02) — with the
    life, hand and memory sizes behind it: "Ana: in play · 12 life · 5 in hand · 30 in memory"."""
    at = int(param(state, "disable_at"))
    out = []
    for p in state.players:
        if p.removed:
            status = "conceded" if p.conceded else "out of the game"
        elif p.disabled:
            status = "disabled (" + ("life" if p.life <= at else "no memory left") + ")"
        else:
            status = "in play"
        out.append(f"{p.name}: {status} · {p.life} life · {len(p.hand)} in hand · {len(p.memory)} in memory")
    return tuple(out)


def turn_summary(state: State) -> str:
    """The one-line summary said when a turn ends: every player in turn order with their life
    and hand size, and whether they are disabled or out."""
    parts = []
    for s in state.order:
        p = state.players[s]
        if p.removed:
            parts.append(f"{p.name} out")
            continue
        parts.append(f"{p.name} {p.life} life, {len(p.hand)} in hand" + (" (disabled)" if p.disabled else ""))
    return f"End of turn {state.turn} ({state.players[state.at_turn].name}'s): " + "; ".join(parts) + "."

"""MetaZoo rules, checklist §27 (win, loss and draw) and §26 (running out of Pages): the end of the game,
its result and standings (MZ-WIN-01..05, MZ-EMPTY-02, MZ-GAP-73), and Casters leaving a game of 3 or 4
(MZ-GAP-12, through :mod:`games.metazoo.rules.multi`). Imports :mod:`games.metazoo.rules.pages` only.
"""

from __future__ import annotations

from games.core.contract import Event

from ..state import State
from .pages import EXT, Eliminated, Ended, cannot_lose, caster_lp


def finish(st: State, winners: tuple[int, ...], losers: tuple[int, ...], reason: str, text: str,
           ev: list[Event], draw: bool = False) -> None:
    """Record the result, with its deciding rule and each Caster's standing (:func:`result_rule`,
    :func:`standings`), and stop the apply (raises :class:`Ended`)."""
    st.result = {"winners": list(winners), "losers": list(losers), "reason": reason, "text": text, "draw": draw,
                 "rule": result_rule(st, reason, draw), "scores": standings(st, winners, draw)}
    st.step = "over"
    st.priority = -1
    st.window.clear()
    st.pending = None
    ev.append(Event(text))
    raise Ended


RESULT_RULES = {
    "lp": "A Caster at 0 LP loses; the last Caster above 0 LP wins (see /rules MZ-WIN-01)",
    "lp_draw": "Every Caster still in the game reached 0 LP at the same check: a Draw (see /rules MZ-WIN-05)",
    "pages": "Every Caster's Spellbook is empty: a Draw, nobody wins or loses (see /rules MZ-EMPTY-02)",
    "turn_cap": "The game reached its 500-turn limit: a Draw (see /rules MZ-WIN-05)",
    "effect": "A Page's Effect ended the game (see /rules MZ-WIN-03)",
    "bluff": "A face-down Page without the Trap Trait was revealed: its placer loses (see /rules MZ-WIN-04)",
    "concede": "A Caster who concedes loses (see /rules MZ-WIN-05)",
}
"""The deciding rule of each way a game ends, in player words with a pointer."""


def result_rule(st: State, reason: str, draw: bool) -> str:
    """The deciding rule of a game ending for ``reason`` (:data:`RESULT_RULES`)."""
    if reason == "lp" and draw:
        return RESULT_RULES["lp_draw"]
    if reason == "bluff" and draw:
        return RESULT_RULES["bluff"] + "; nobody was left to win: a Draw"
    return RESULT_RULES.get(reason, "")


def standings(st: State, winners: tuple[int, ...] | list[int], draw: bool) -> list[str]:
    """Each Caster's line in seat order, as the rules count it: current and maximum LP, Spellbook
    and Chapter sizes, and where they finished: "wins", "draw", "loses", or when they left a game of 3 or 4
    (MZ-GAP-12) their place, the first to leave last."""
    n = len(st.casters)
    out = []
    for p, c in enumerate(st.casters):
        if p in winners:
            where = "wins"
        elif draw and p not in st.out:
            where = "draw"
        elif p in st.out and n > 2:
            where = f"left the game, {ordinal(n - st.out.index(p))} place"
        else:
            where = "loses"
        out.append(f"{c.name}: {caster_lp(c)} of {c.max_lp} LP · Spellbook {len(c.spellbook)} · Chapter "
                   f"{len(c.chapter)} · {where}")
    return out


def ordinal(k: int) -> str:
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'}"


def lose(st: State, seats: list[int], reason: str, text: str, ev: list[Event]) -> None:
    """``seats`` lose at once (a bluff, MZ-TRAP-06). With two or more Casters staying they leave and the game
    goes on (MZ-GAP-12: raises :class:`Eliminated`); otherwise the game ends (raises :class:`Ended`), a
    draw when nobody stays."""
    stay = [p for p in range(len(st.casters)) if p not in st.out and p not in seats]
    if len(stay) >= 2:
        ev.append(Event(text))
        EXT.multi.eliminate(st, seats, ev, why="loses")
        raise Eliminated
    finish(st, tuple(stay), tuple(st.out) + tuple(seats), reason, text, ev, draw=not stay)


def check_end(st: State, ev: list[Event]) -> None:
    """MZ-WIN-05: checked after every event, mid-chain and mid-Combat. A Caster at 0 LP loses (MZ-WIN-01);
    both at 0 at once is a draw (MZ-GAP-73); every Spellbook empty is a draw (MZ-EMPTY-02)."""
    if st.result is not None:
        raise Ended
    down = [p for p, c in enumerate(st.casters) if p not in st.out and caster_lp(c) <= 0 and not cannot_lose(st, p)]
    if down and len(st.casters) - len(st.out) - len(down) >= 2:  # MZ-GAP-12: they leave, the game goes on
        EXT.multi.eliminate(st, down, ev)
        raise Eliminated
    if len(down) == len(st.casters) - len(st.out):
        finish(st, (), tuple(down), "lp", "Every Caster is at 0 LP at once: the game is a draw.", ev, draw=True)
    if down:
        alive = tuple(p for p in range(len(st.casters)) if p not in down and p not in st.out)
        names = " and ".join(st.casters[p].name for p in alive)
        finish(st, alive, tuple(st.out) + tuple(down), "lp",
               f"{', '.join(st.casters[p].name for p in down)} is at 0 LP: {names} wins.", ev)
    if st.step not in ("predict", "choose_first", "mulligan") and all(
            not c.spellbook for p, c in enumerate(st.casters) if p not in st.out):
        finish(st, (), (), "pages", "Every Caster's Spellbook is empty: the game is a draw.", ev, draw=True)

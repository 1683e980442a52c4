"""MetaZoo rules, checklist §4 (Aura generation and Contracting): paying Aura Costs from a pool
(MZ-AURA-05/06), Aura dissolving (MZ-GAP-25), whether a Page may be Contracted now and why not (in player
words), and the options that generate Aura (MZ-AURA-01..03). Imports :mod:`games.metazoo.rules.pages` and
:mod:`games.metazoo.rules.wall`.
"""

from __future__ import annotations

from games.core.contract import Event, Option, RulesError

from ..cards import Page
from ..state import State
from . import wall
from .pages import cost_of, defs_of, label, legal_targets


def can_pay(pool: dict[str, int], cost: dict[str, int]) -> bool:
    """MZ-AURA-05: each typed component is paid with Aura of exactly that type, Neutral with any Aura."""
    spare = 0
    for t, n in pool.items():
        need = cost.get(t, 0) if t != "neutral" else 0
        if n < need:
            return False
        spare += n - need
    for t, n in cost.items():
        if t != "neutral" and pool.get(t, 0) < n:
            return False
    return spare >= cost.get("neutral", 0)


def pay(pool: dict[str, int], cost: dict[str, int]) -> None:
    """Take ``cost`` from ``pool`` (checked with :func:`can_pay`): typed first, Neutral from Neutral Aura and
    then from the largest remaining types."""
    for t, n in cost.items():
        if t != "neutral":
            pool[t] -= n
    need = cost.get("neutral", 0)
    while need:
        t = "neutral" if pool.get("neutral", 0) else max(sorted(pool), key=lambda k: pool[k])
        pool[t] -= 1
        need -= 1
    for t in [t for t, n in pool.items() if n == 0]:
        del pool[t]


def cost_text(cost: dict[str, int]) -> str:
    return " + ".join(f"{n} {t.capitalize()}" for t, n in cost.items()) or "0 Aura"


def dissolve(st: State, ev: list[Event], when: str) -> None:
    """MZ-TURN-05, MZ-TURN-15, MZ-GAP-25: every Caster's unspent Aura dissolves."""
    for c in st.casters:
        if c.aura:
            ev.append(Event(f"{c.name}'s unspent Aura dissolves ({when})."))
            c.aura.clear()


def _refusal(st: State, p: int, card: int, actions: bool) -> str | RulesError | None:
    """The first check of :func:`contract_problem` that refuses the Contract: its rule ID, the 4th Wall's error
    (MZ-WALL-01), or ``None`` = allowed. Writes no message (the decisions test every Chapter Page each step)."""
    d = defs_of(st)
    page = d[card]
    if not actions and not page.any_time:
        return "MZ-PRIO-03"
    if page.type == "aura" and st.casters[p].aura_played:
        return "MZ-TURN-06"
    if page.type in ("aura", "terra") and not actions:
        return "MZ-TURN-07"
    if not can_pay(st.casters[p].aura, cost_of(st, card)):
        return "MZ-AURA-08"
    eff = page.targeting
    optional = page.type == "beastie" and "equipment" in page.traits
    if eff is not None and not optional and not legal_targets(st, p, eff.target, spell=page.type == "spell"):
        return "MZ-AURA-07"
    return wall.contract_problem(st, p, card, d)  # MZ-WALL-01: no_contract known to hold


def can_contract(st: State, p: int, card: int, *, actions: bool) -> bool:
    """Whether :func:`contract_problem` is ``None`` (the same checks, without writing the reason)."""
    return _refusal(st, p, card, actions) is None


def contract_problem(st: State, p: int, card: int, *, actions: bool) -> RulesError | None:
    """Why ``p`` may not Contract ``card`` now (``None`` = allowed): MZ-PRIO-03 (only "any time" Pages
    outside Take Actions), MZ-TURN-06 (one Aura Page per turn), MZ-TURN-07 (Terra only in Take Actions),
    MZ-AURA-06/08 (the cost must already be in the pool), MZ-AURA-07 (a valid target must exist)."""
    rule = _refusal(st, p, card, actions)
    if rule is None or isinstance(rule, RulesError):
        return rule
    page = defs_of(st)[card]
    if rule == "MZ-PRIO-03":
        return RulesError(rule, f"{page.name} is not an \"any time\" Page: it can be Contracted only in "
                                "your Take Actions step with an empty chain.")
    if rule == "MZ-TURN-06":
        return RulesError(rule, "You have already Contracted an Aura Page this turn.")
    if rule == "MZ-TURN-07":
        return RulesError(rule, f"{page.type.capitalize()} Pages are Contracted in your Take Actions step.")
    if rule == "MZ-AURA-08":
        have = cost_text(st.casters[p].aura) if st.casters[p].aura else "no Aura"
        return RulesError(rule, f"{page.name} costs {cost_text(cost_of(st, card))}; your pool has {have}. "
                                "Generate Aura first by Fatiguing Aura Pages (MZ-AURA-06).")
    return RulesError(rule, f"{page.name} needs a target ({page.targeting.target.replace('_', ' ')}) and none "
                            "is legal now.")


def short_reason(st: State, p: int, card: int, err: RulesError) -> str:
    """``err`` (from :func:`contract_problem`) in a few player words."""
    page = defs_of(st)[card]
    if err.rule == "MZ-PRIO-03":
        return "not an \"any time\" Page: only in your Take Actions step"
    if err.rule == "MZ-TURN-06":
        return "one Aura Page a turn"
    if err.rule == "MZ-TURN-07":
        return f"{page.type.capitalize()} Pages only in your Take Actions step"
    if err.rule == "MZ-AURA-08":
        pool = st.casters[p].aura
        return f"needs {cost_text(cost_of(st, card))}, you have {cost_text(pool) if pool else 'no Aura'}"
    if err.rule == "MZ-AURA-07":
        return f"no legal target ({page.targeting.target.replace('_', ' ') if page.targeting else 'none'})"
    return err.message.removeprefix(f"{page.name} ").rstrip(".")


def gen_options(st: State, p: int) -> list[Option]:
    """MZ-AURA-01/02/03: Fatigue an Awakened Aura Page you control for one Aura (not an Action)."""
    d = defs_of(st)
    cards = st.cards
    out = []
    for ap in st.arena:
        if ap.controller == p and not ap.face_down and not ap.fatigued and d[ap.card].type == "aura":
            page = d[ap.card]
            got = _GEN.get((ap.uid, cards[ap.card]))
            if got is None or got[0] is not page:
                if len(_GEN) > 20_000:
                    _GEN.clear()
                got = _GEN[(ap.uid, cards[ap.card])] = (page, Option(
                    f"gen:{ap.uid}", f"Fatigue {label(st, ap)} for 1 {(page.aura or '').capitalize()} Aura",
                    (cards[ap.card],)))
            out.append(got[1])
    return out


_GEN: dict[tuple[int, str], tuple[Page, Option]] = {}
"""The ``gen:`` option of each (handle, Page id) with the definition it was made from: an option is immutable and
follows from those two, and the decisions list it at every step (a search lists them thousands of times a
second)."""

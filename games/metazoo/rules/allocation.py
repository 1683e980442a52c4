"""The attacking Caster's Damage allocation over several Defenders (MZ-COMBAT-20/21, MZ-GAP-34).

With two or more Defenders still in the Arena when the attacker's Attack resolves, the attacking Caster
splits its modified Damage (stage ``allocate`` of :class:`games.metazoo.state.Combat`), one Defender at a
time in declaration order: each gets a multiple of 5, at least 5 when the Damage covers 5 for every
Defender; the last Defender takes whatever is left unless every Defender got at least its current LP, in
which case the rest may go to the original target (Page still there, or Caster; MZ-COMBAT-21). A
Damage that is not a multiple of 5 leaves its odd remainder with the last receiver. A step with a single
legal amount is applied without asking. The timeout default of every step is the automatic fill
(:func:`games.metazoo.rules.combat.allocate`), or the legal amount nearest to it once an earlier step differed.
"""

from __future__ import annotations

from games.core.contract import Decision, Event, Option, StaleChoice

from ..state import ArenaPage, State
from . import combat, pages


def ask_split(st: State, ap: ArenaPage, dmg: int, ev: list[Event]) -> list[tuple[int, int]] | None:
    """Start the split of ``dmg`` from the attacker ``ap``. Returns the (receiver, amount) plan when no choice
    is left to make (fewer than two Defenders, no Damage, or every step forced), else ``None`` with the
    ``allocate`` decision open for the attacking Caster."""
    cb = st.combat
    alive = [u for u in cb.defenders if pages.find(st, u) is not None]
    if len(alive) < 2 or dmg <= 0:
        return combat.allocate(st, dmg, cb.defenders, cb.target)
    fill = dict(combat.allocate(st, dmg, alive, cb.target))
    cb.dmg, cb.alive, cb.split = dmg, alive, []
    cb.auto = [fill.get(u, 0) for u in alive]
    cb.stage = "allocate"
    st.window = []
    st.priority = ap.controller
    return _forward(st, ev)


def amounts(st: State) -> list[int]:
    """The legal amounts for the next Defender (``Combat.alive[len(split)]``), smallest first."""
    cb = st.combat
    i = len(cb.split)
    n = len(cb.alive)
    left = cb.dmg - sum(cb.split)
    rest = n - i - 1
    lo = 5 if cb.dmg >= 5 * n else 0
    if rest:
        hi = (left - lo * rest) // 5 * 5
        return list(range(lo, hi + 1, 5)) or [0]
    if not _overflow_ok(st):
        return [left]
    need = pages.lp(st, pages.find(st, cb.alive[i]))
    start = max(lo, -(-need // 5) * 5)
    out = [a for a in range(start, left + 1, 5)]
    if left not in out:
        out.append(left)
    return out


def _overflow_ok(st: State) -> bool:
    """MZ-COMBAT-21: the rest may go to the original target only when every earlier Defender got at least its
    current LP and the target is a Caster or a Page still in the Arena that is not itself a Defender."""
    cb = st.combat
    for u, a in zip(cb.alive, cb.split, strict=False):
        tap = pages.find(st, u)
        if tap is not None and a < pages.lp(st, tap):
            return False
    return cb.target < 0 or (pages.find(st, cb.target) is not None and cb.target not in cb.alive)


def default_amount(st: State, opts: list[int]) -> int:
    """The automatic fill's amount for this Defender, or the legal amount nearest to it."""
    cb = st.combat
    want = cb.auto[len(cb.split)]
    return min(opts, key=lambda a: (abs(a - want), a))


def decisions(st: State) -> list[Decision]:
    """The ``allocate`` decision: one option ``give:<amount>`` per legal amount for the next Defender."""
    cb = st.combat
    opts = amounts(st)
    u = cb.alive[len(cb.split)]
    tap = pages.find(st, u)
    left = cb.dmg - sum(cb.split)
    last = len(cb.split) == len(cb.alive) - 1
    who = pages.label(st, tap)
    options = []
    for a in opts:
        text = f"Give {a} Damage to {who} ({pages.lp(st, tap)} LP)"
        if last and left - a:
            text += f"; {left - a} to {pages.target_label(st, cb.target)}"
        options.append(Option(f"give:{a}", text))
    seat = st.priority
    return [Decision(seat, "allocate", f"{st.casters[seat].name}: split {cb.dmg} Damage among the Defenders: "
                     f"{left} left to give; how much goes to {who}? (multiples of 5)",
                     tuple(options), default=f"give:{default_amount(st, opts)}")]


def refusal(st: State, choice: str) -> StaleChoice:
    """Why ``choice`` is not a legal amount for the next Defender (MZ-COMBAT-20/21), naming the legal ones."""
    cb = st.combat
    who = pages.target_label(st, cb.alive[len(cb.split)])
    legal = ", ".join(str(a) for a in amounts(st))
    return StaleChoice("MZ-COMBAT-20", f"'{choice}' is not a legal share for {who}: give a multiple of 5, at least 5 "
                       "to every Defender when the Damage covers it, and the last Defender everything left unless "
                       f"each Defender got its current LP (MZ-COMBAT-21). Legal now: give:<n> with n in {legal}.")


def apply_split(st: State, seat: int, choice: str, ev: list[Event]) -> None:
    """Apply ``give:<amount>`` (already checked against the options), then go on: the next Defender, or deal
    the Damage and continue the Combat (:func:`games.metazoo.rules.combat.strike_on`)."""
    cb = st.combat
    amount = int(choice.split(":")[1])
    u = cb.alive[len(cb.split)]
    ev.append(Event(f"{st.casters[seat].name} allocates {amount} Damage to {pages.target_label(st, u)}."))
    cb.split.append(amount)
    plan = _forward(st, ev)
    if plan is None:
        return
    cb.stage = "strike"
    ap = pages.find(st, cb.attacker)
    combat.deal_attack(st, ap, cb.attack, plan, ev)
    combat.struck(st)
    combat.strike_on(st, ev)


def _forward(st: State, ev: list[Event]) -> list[tuple[int, int]] | None:
    """Apply forced steps (a single legal amount); the finished plan, or ``None`` while a choice is open."""
    cb = st.combat
    while len(cb.split) < len(cb.alive):
        opts = amounts(st)
        if len(opts) > 1:
            return None
        cb.split.append(opts[0])
    plan = [(u, a) for u, a in zip(cb.alive, cb.split, strict=True) if a]
    rest = cb.dmg - sum(cb.split)
    if rest:
        plan.append((cb.target, rest))
    ev.append(Event("Damage allocation: " + ", ".join(
        f"{a} to {pages.target_label(st, u)}" for u, a in plan) + "."))
    cb.stage = "strike"
    return plan

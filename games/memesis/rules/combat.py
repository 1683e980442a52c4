"""Memesis damage, death and combat (rulebook Section 3, Attacking and Defending): a hit on a piece and its
Armor (MEM-GAP-14), deaths, a player at 0 Life out (MEM-GAP-05), the end of the game with its score lines, and
the combat step (blocks, interceptions, damage; MEM-CBT-*). Imports ``cells`` and below."""

from __future__ import annotations

from games.core.contract import Event

from ..state import CELLS_IN_PLAY, Job, Piece, State
from .cells import (
    STALL_ROUNDS,
    alive,
    all_cards,
    armor,
    ask,
    attack,
    can_attack,
    can_defend,
    could_intercept,
    defenders,
    find,
    kind,
    label_piece,
    life,
    pname,
    respond,
    seat_order,
    secret_members,
    stats_text,
    to_dead,
)


def hit_piece(st: State, pc: Piece, amount: int, ev: list[Event], attacking: bool = False, by: str = "") -> None:
    """One hit of ``amount`` damage on ``pc`` (MEM-GAP-14): while Armor is left it destroys one point and
    the Life takes nothing (MEM-ARM-02); otherwise the Life takes it (MEM-ARM-03). The log line names ``by``
    (the attacker, interceptor or card dealing it) and the Life or Armor left, unless a card of the group is
    face down: then what is left is not public (MEM-GAP-20)."""
    if amount <= 0:
        if by:  # a fight's outcome is logged whole, a 0 Attack included
            ev.append(Event(f"{by} deals no damage to {label_piece(st, pc)}."))
        return
    who = label_piece(st, pc)
    head = f"{by} deals {amount} damage to {who}" if by else f"{who} takes {amount} damage"
    secret = bool(secret_members(st, pc))  # what is left of a group with a face-down card is not public
    if armor(st, pc) > 0:
        pc.hits += 1
        left = "" if secret else f" (Armor {armor(st, pc)} left)"
        ev.append(Event(f"{head}: 1 Armor destroyed, no Life lost{left}."))
        return
    pc.damage += amount
    if attacking:
        pc.hurt = True
    ev.append(Event(f"{head}." if secret else f"{head} (Life {max(0, life(st, pc))} left)."))


def deaths(st: State, ev: list[Event]) -> None:
    """Creatures at 0 Life or less go to the Dead Cell at once (MEM-CRE-03)."""
    for pc in [p for p in st.pieces if p.cell in CELLS_IN_PLAY and kind(st, p) == "creature"]:
        if pc in st.pieces and life(st, pc) <= 0:
            to_dead(st, pc, ev, "dies and goes to the Dead Cell")


def check_life(st: State, ev: list[Event]) -> None:
    """MEM-GEN-02/03, MEM-GAP-05: players at 0 Life or less are out; the game ends when one team is left."""
    if st.result is not None:
        return
    down = [s for s in alive(st) if st.players[s].life <= 0]
    if not down:
        return
    teams_before = {st.players[s].team for s in alive(st)}
    for s in down:
        eliminate(st, s, ev, f"{pname(st, s)} is at {st.players[s].life} Life and is out")
    teams_after = {st.players[s].team for s in alive(st)}
    if len(teams_after) == 1:
        finish(st, teams_after.pop(), "life", ev)
    elif not teams_after:
        finish_draw(st, sorted(teams_before), ev)


def eliminate(st: State, seat: int, ev: list[Event], why: str) -> None:
    """MEM-GAP-05: ``seat`` is out; their cards in every Cell go to their Dead Cell (others' cards in pieces
    they control to their owners'), their Runes on other players' cards too."""
    p = st.players[seat]
    p.out = True
    ev.append(Event(why + "."))
    for pc in [x for x in st.pieces if x.controller == seat]:
        st.pieces.remove(pc)
        for c in all_cards(pc):
            st.players[st.owner[c]].dead.append(c)
    for pc in st.pieces:
        if pc.rune >= 0 and st.owner[pc.rune] == seat:
            p.dead.append(pc.rune)
            pc.rune = -1
    for c in p.hand + p.ammo + p.brain:  # an ally's card held or in Ammunition goes to its owner's (MEM-GAP-27)
        st.players[st.owner[c]].dead.append(c)
    p.hand, p.ammo, p.ammo_used, p.brain = [], [], [], []
    p.source = 0
    p.grants = []
    if st.draft is not None and st.draft["seat"] == seat:
        st.draft = None


def finish(st: State, team: int, reason: str, ev: list[Event]) -> None:
    """End the game: ``team`` wins for ``reason`` (``life``, ``concede`` or ``stall``; MEM-GEN-02..04)."""
    winners = tuple(s for s, p in enumerate(st.players) if p.team == team)
    losers = tuple(s for s, p in enumerate(st.players) if p.team != team)
    names = " and ".join(pname(st, s) for s in winners)
    text = {"life": f"{names} win{'s' if len(winners) == 1 else ''}: every opponent is at 0 Life or less.",
            "concede": f"{names} win{'s' if len(winners) == 1 else ''}: the other side conceded.",
            "stall": f"{names} win{'s' if len(winners) == 1 else ''} on Life at the stall limit."}[reason]
    st.result = {"winners": list(winners), "losers": list(losers), "reason": reason, "text": text, "draw": False,
                 "rule": RESULT_RULES[reason], "scores": score_lines(st, reason == "stall")}
    _over(st, ev, text)


def finish_draw(st: State, teams: list[int], ev: list[Event], reason: str = "life") -> None:
    """End the game drawn among ``teams`` (MEM-GAP-05: 0 Life together; or equal Life at the stall limit)."""
    others = tuple(s for s, p in enumerate(st.players) if p.team not in teams)
    text = ("A draw: the last players reached 0 Life together." if reason == "life"
            else "A draw: equal Life at the stall limit.")
    rule = ("A draw: every player still in reached 0 Life in the same change, see /rules MEM-GEN-02"
            if reason == "life" else "A draw: the teams still in have equal Life at the stall limit, see /rules MEM-GEN-04")
    st.result = {"winners": [], "losers": list(others), "reason": reason, "text": text, "draw": True,
                 "rule": rule, "scores": score_lines(st, reason == "stall")}
    _over(st, ev, text)


RESULT_RULES = {
    "life": "Last team standing: every opponent is at 0 Life or less, see /rules MEM-GEN-02",
    "concede": "Last team standing: the other side conceded, see /rules MEM-GEN-03",
    "stall": f"Stall limit: every Brain Cell was empty for {STALL_ROUNDS} rounds and the team with the most Life "
             "wins, see /rules MEM-GEN-04",
}
"""A win's deciding rule in words with its pointer, by result reason."""


def score_lines(st: State, stall: bool) -> list[str]:
    """Each seat's standing as the rules count it, in seat order: its Life, or out; with teams,
    its team letter, and at the stall limit the team's Life added up (its players still in)."""
    from games.core.teams import letter

    allied = len({q.team for q in st.players}) < len(st.players)
    totals: dict[int, int] = {}
    for q in st.players:
        if not q.out:
            totals[q.team] = totals.get(q.team, 0) + q.life
    out = []
    for q in st.players:
        line = f"{q.name}{f' (team {letter(q.team)})' if allied else ''}: "
        line += f"out at {q.life} Life" if q.out else f"{q.life} Life"
        if stall and allied and not q.out:
            line += f", team total {totals[q.team]} Life"
        out.append(line)
    return out


def _over(st: State, ev: list[Event], text: str) -> None:
    st.phase = "over"
    st.jobs = []
    st.prompt = None
    st.draft = None
    ev.append(Event(text))


def step_combat(st: State, job: Job, ev: list[Event]) -> None:
    """MEM-TRN-04, MEM-CBT-*, MEM-GAP-11/12: declare, a window, interceptions, a window, damage."""
    d = job.data
    seat = st.active
    if d["stage"] == "declare":
        st.phase = "combat"
        atk = [pc for pc in st.pieces if pc.controller == seat and can_attack(st, pc)]
        if not atk:
            st.jobs.remove(job)
            return
        d["attackers"] = [pc.uid for pc in atk]
        ev.append(Event(f"{pname(st, seat)} attacks: " + "; ".join(
            f"{label_piece(st, pc)} ({stats_text(st, pc)}) at {pname(st, pc.target)}" for pc in atk) + "."))
        d["stage"] = "blocks_init"
        respond(st, seat, f"{pname(st, seat)} declared an attack", [pc.target for pc in atk])
        return
    attackers = [pc for u in d["attackers"] if (pc := find(st, u)) is not None and can_attack(st, pc)]
    if d["stage"] == "blocks_init":
        targets = {pc.target for pc in attackers}
        q = []
        for s in [seat] + seat_order(st, seat):
            if s in targets:
                q += [pc.uid for pc in defenders(st, s)]
        d["queue"] = q
        d["stage"] = "blocks"
    if d["stage"] == "blocks":
        if "answer" in d:
            ans = d.pop("answer")
            b = d["queue"].pop(0)
            if ans != "none":
                d["blocks"].append([b, int(ans[1:])])
                bp, ap = find(st, b), find(st, int(ans[1:]))
                ev.append(Event(f"{label_piece(st, bp)} intercepts {label_piece(st, ap)}."))
        while d["queue"]:
            b = find(st, d["queue"][0])
            opts = [pc.uid for pc in attackers if b is not None and pc.target == b.controller]
            if b is None or b.cell != "defend" or not could_intercept(st, b) or not opts:
                d["queue"].pop(0)
                continue
            ask(st, job, b.controller, "block", {"uid": b.uid, "attackers": opts})
            return
        d["stage"] = "damage"
        respond(st, seat, "Combat damage is next", [pc.target for pc in attackers])
        return
    if d["stage"] == "damage":
        hits: list[tuple[Piece, int, bool, str]] = []
        for a in attackers:
            blockers = [bp for b, u in d["blocks"] if u == a.uid and (bp := find(st, b)) is not None
                        and can_defend(st, bp)]
            a.attacked = True
            if blockers:  # MEM-CBT-06/08, MEM-GAP-12: full Attack to each; their Attacks add up
                for bp in blockers:
                    hits.append((bp, attack(st, a), False, label_piece(st, a)))
                    hits.append((a, attack(st, bp), True, label_piece(st, bp)))
            else:  # MEM-CBT-10, MEM-LIFE-03/04
                t = st.players[a.target]
                n = attack(st, a)
                t.life -= n
                ev.append(Event(f"{label_piece(st, a)} deals {n} damage to {t.name} (Life {t.life})."))
        for pc, n, att, by in hits:
            if pc in st.pieces:
                hit_piece(st, pc, n, ev, attacking=att, by=by)
        deaths(st, ev)
        check_life(st, ev)
        if job in st.jobs:
            st.jobs.remove(job)

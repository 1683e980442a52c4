"""Mid-game mergers (MO-OPT-07/08, MO-GAP-22), a table option: at the start of Stages 2 to 4, with 3 or more
teams playing, each team in turn may propose to dissolve its club into another (``merger``); that team
accepts or declines the buyout (``merger_accept``), another team must approve it (``merger_approve``); the
acquiring team then keeps 6 athletes (``merger_keep``) and half its tactic cards (``merger_tactic``), and the
dissolved team's player co-manages it.

It may import :mod:`games.core`, :mod:`.base` beside it and the package's :mod:`..state`; the rules entry
(:mod:`games.metaolympia.rules`) calls it
(the merger's state is ``State.merger``, begun by ``rules.begin_stage``).
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Event, Option

from ..state import State
from .base import active, ask, card_label, cname, discard_athlete, name

MERGER_KINDS = frozenset({"merger", "merger_accept", "merger_approve", "merger_keep", "merger_tactic"})
"""The decision kinds of a merger."""


def step_merger(st: State, ev: list[Event]) -> None:
    """The merger in progress moves on: at a stage start each team still playing is asked in turn whether it
    proposes one (while 3 or more play); a buyout accepted by its partner waits for another team's approval;
    an approved one has the acquiring team keep 6 athletes and half its tactic cards (MO-OPT-07/08)."""
    m = st.merger
    assert m is not None
    if m["stage"] == "propose":
        for s in active(st):
            if s not in m["asked"]:
                m["asked"].append(s)
                if len(active(st)) >= 3:
                    ask(st, s, "merger")
                    return
        st.merger = None
        return
    if m["stage"] == "approve":
        for s in active(st):
            if s not in (m["from"], m["to"]) and s not in m["approvers"]:
                m["approvers"].append(s)
                ask(st, s, "merger_approve")
                return
        ev.append(Event(f"No other team approves the buyout of {name(st, m['from'])}: the merger is off."))
        m["stage"] = "propose"
        return
    if m["stage"] == "keep":
        to = m["to"]
        p = st.players[to]
        if len(m["kept"]) < 6 and len(p.athletes) > 6:
            ask(st, to, "merger_keep")
            return
        if len(p.athletes) > 6:
            drop = [a for a in p.athletes if a not in m["kept"]]
            for a in drop:
                discard_athlete(st, to, a)
            ev.append(Event(f"{name(st, to)} keep six athletes; " + ", ".join(cname(st, a) for a in drop)
                            + " go face up to the athlete discard pile."))
        want = m["tactics"]
        if len(m["kept_t"]) < want:
            ask(st, to, "merger_tactic")
            return
        drop_t = [t for t in p.tactics if t not in m["kept_t"]]
        for t in drop_t:
            p.tactics.remove(t)
            st.tactic_buried.append(t)
        if drop_t:
            ev.append(Event(f"{name(st, to)} keep {want} tactic cards and discard {len(drop_t)} face down."))
        ev.append(Event(f"{name(st, m['from'])}'s player now co-manages {name(st, to)}."))
        m["stage"] = "propose"


def merge(st: State, ev: list[Event]) -> None:
    """MO-OPT-08: the procedure once a buyout is approved."""
    m = st.merger
    assert m is not None
    d, to = m["from"], m["to"]
    pd, pt = st.players[d], st.players[to]
    ev.append(Event(f"Merger approved: {name(st, d)} dissolve into {name(st, to)}. {name(st, d)} forfeit their "
                    f"credits, popularity, prestige and minor sponsors; {name(st, to)} give up all their credits."))
    pd.credits = pd.popularity = pd.prestige = pd.sponsor_prestige = 0
    st.sponsor_buried.extend(pd.minors)
    pd.minors = []
    st.sponsor_buried.extend(pd.shown)  # MO-GAP-22: their revealed sponsors leave the game too
    pd.shown = []
    st.scrim_discard.extend(pd.scrims)
    pd.scrims = []
    pt.credits = 0
    pt.athletes.extend(pd.athletes)
    pt.injured.extend(pd.injured)
    pd.athletes, pd.injured = [], []
    pt.tactics.extend(pd.tactics)
    pd.tactics = []
    pd.out = True
    pd.merged_into = to
    pd.pos = -1
    pd.spot = -1
    for pq in st.players:
        if pq.merged_into == d:
            pq.merged_into = to
    m.update({"stage": "keep", "kept": [], "kept_t": [], "tactics": len(pt.tactics) // 2})


def merger_options(st: State, pr: dict[str, Any]) -> tuple[list[Option], str | None, str]:
    """The options, default and prompt of the open merger decision ``pr``."""
    s, kind = pr["seat"], pr["kind"]
    p = st.players[s]
    m = st.merger or {}
    opts: list[Option] = []
    if kind == "merger":
        opts.append(Option("none", "Keep your club"))
        for q in active(st):
            if q != s:
                opts.append(Option(f"merge:{q}", f"Dissolve your club and propose a buyout by {name(st, q)}"))
        return opts, "none", (f"Stage {st.stage + 1} begins. Mid-game merger: you may dissolve your club into "
                              f"another team (you forfeit your tokens and minor sponsors; they lose their credits).")
    if kind == "merger_accept":
        opts = [Option("accept", f"Accept {name(st, m.get('from', 0))}'s buyout (you lose all your credits)"),
                Option("decline", "Decline")]
        return opts, "decline", f"{name(st, m.get('from', 0))} propose to dissolve into your team."
    if kind == "merger_approve":
        opts = [Option("approve", "Approve the merger"), Option("reject", "Reject it")]
        return opts, "reject", (f"{name(st, m.get('from', 0))} want to dissolve into {name(st, m.get('to', 0))}: "
                                f"approve?")
    if kind == "merger_keep":
        for a in p.athletes:
            if a not in m.get("kept", []):
                opts.append(Option(f"keep:{a}", card_label("Keep ", st.cards[a]), (st.cards[a],)))
        return opts, None, f"Merger: choose the athletes to keep ({len(m.get('kept', []))} of 6 chosen)."
    for t in p.tactics:
        if t not in m.get("kept_t", []):
            opts.append(Option(f"keep:{t}", f"Keep {cname(st, t)}", (st.cards[t],)))
    return opts, None, f"Merger: keep {m.get('tactics', 0)} tactic cards ({len(m.get('kept_t', []))} chosen)."


def merger_handle(st: State, s: int, pr: dict[str, Any], choice: str, ev: list[Event]) -> None:
    """Apply ``s``'s answer ``choice`` to the merger decision ``pr``."""
    kind = pr["kind"]
    arg = choice.split(":", 1)[1] if ":" in choice else ""
    if kind == "merger":
        if choice != "none":
            q = int(arg)
            st.merger = {**(st.merger or {}), "stage": "accept", "from": s, "to": q, "approvers": []}
            ev.append(Event(f"{name(st, s)} propose to dissolve their club into {name(st, q)}."))
            ask(st, q, "merger_accept")
        return
    m = st.merger
    assert m is not None
    if kind == "merger_accept":
        if choice == "accept":
            ev.append(Event(f"{name(st, s)} accept; another team must approve."))
            m["stage"] = "approve"
        else:
            ev.append(Event(f"{name(st, s)} decline the buyout."))
            m["stage"] = "propose"
    elif kind == "merger_approve":
        if choice == "approve":
            ev.append(Event(f"{name(st, s)} approve the merger."))
            merge(st, ev)
        else:
            ev.append(Event(f"{name(st, s)} reject the merger."))
    else:
        m["kept" if kind == "merger_keep" else "kept_t"].append(int(arg))

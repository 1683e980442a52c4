"""Player-to-player athlete trades (MO-OPT-04), a table option: on a Recruit tile, instead of recruiting from the
athlete deck, a team may propose a trade to another team.

The flow, one decision at a time: the proposer chooses the partner (``trade_with``), the athletes they give
(``trade_give``, one at a time, then ``next``), how many athletes they ask for (``trade_ask``) and the credits
either way (``trade_credits``); the partner accepts, declines or counters with other credits
(``trade_reply``); a counter goes back to the proposer (``trade_final``). On acceptance the partner picks the
athletes they give (``trade_pick``): the proposer never sees the partner's hand, and nobody else sees any
card but those that end face up on the discard pile. Then each team is brought back to exactly 6 athletes
(MO-REC-04): one over discards athletes of its choice face up (``trade_discard``), one under draws from the
top of the athlete deck, one at a time. Trades carry credits only: never popularity, prestige, minor sponsors
or tactic cards (MO-OPT-04). An injured athlete stays injured with its new team.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Decision, Event, Option
from games.core.labels import distinct

from ..state import State
from . import base as r

TRADE_KINDS = frozenset({"trade_with", "trade_give", "trade_ask", "trade_credits", "trade_reply", "trade_final",
                         "trade_pick", "trade_discard"})
"""The decision kinds of a trade."""

MAX_CREDITS = 5
"""The most credits one trade moves (keeps the decision short; MO-OPT-04 sets no limit)."""


def start_trade(st: State, s: int, ev: list[Event]) -> None:
    assert st.tile is not None
    st.tile["trade"] = {"from": s, "to": -1, "give": [], "ask": 0, "credits": 0, "picked": []}
    r.ask(st, s, "trade_with")


def trade_decision(st: State, pr: dict[str, Any]) -> Decision:
    s, kind = pr["seat"], pr["kind"]
    t = st.tile["trade"] if st.tile else {}
    p = st.players[s]
    opts: list[Option] = []
    default = None
    if kind == "trade_with":
        for q in r.active(st):
            if q != s:
                opts.append(Option(f"with:{q}", f"Trade with {r.name(st, q)} ({st.players[q].credits} credits)"))
        opts.append(Option("back", "Back to recruiting"))
        default = "back"
        prompt = "Trade: with which team?"
    elif kind == "trade_give":
        for a in p.athletes:
            if a not in t["give"]:
                opts.append(Option(f"give:{a}", f"Offer {r.athlete_line(st, a)}", (st.cards[a],)))
        opts.append(Option("next", "Done choosing what you give"))
        default = "next"
        given = ", ".join(r.cname(st, a) for a in t["give"]) or "nothing yet"
        prompt = f"Trade with {r.name(st, t['to'])}: choose athletes to give (so far: {given})."
    elif kind == "trade_ask":
        lo = 0 if t["give"] else 1
        for k in range(lo, 7):
            opts.append(Option(f"ask:{k}", f"Ask for {k} athlete{'s' if k != 1 else ''} of their choice"))
        prompt = f"How many of {r.name(st, t['to'])}'s athletes do you ask for? They choose which."
    elif kind == "trade_credits":
        q = t["to"]
        for k in range(-min(MAX_CREDITS, st.players[q].credits), min(MAX_CREDITS, p.credits) + 1):
            opts.append(Option(f"credits:{k}", _credit_words(st, s, q, k)))
        default = "credits:0"
        prompt = "Credits in the trade (positive: you pay them; negative: they pay you)."
    elif kind in ("trade_reply", "trade_final"):
        frm, to = t["from"], t["to"]
        opts = [Option("accept", "Accept"), Option("decline", "Decline")]
        if kind == "trade_reply":
            for k in range(-min(MAX_CREDITS, st.players[to].credits), min(MAX_CREDITS, st.players[frm].credits) + 1):
                if k != t["credits"]:
                    opts.append(Option(f"counter:{k}", f"Counter: {_credit_words(st, frm, to, k)}"))
        default = "decline"
        prompt = f"{_offer_words(st, t)} " + ("Accept, decline or counter?" if kind == "trade_reply"
                                              else f"{r.name(st, to)} counter-offer. Accept?")
    elif kind == "trade_pick":
        for a in p.athletes:
            if a not in t["picked"]:
                opts.append(Option(f"pick:{a}", f"Give {r.athlete_line(st, a)}", (st.cards[a],)))
        prompt = f"Choose the athletes you give ({len(t['picked'])} of {t['ask']} chosen)."
    elif kind == "trade_discard":
        for a in p.athletes:
            opts.append(Option(f"discard:{a}", f"Discard {r.athlete_line(st, a)}", (st.cards[a],)))
        prompt = f"You have {len(p.athletes)} athletes: discard down to 6 (face up)."
    else:  # pragma: no cover
        raise ValueError(kind)
    # distinct labels: a team may hold two copies of a card
    return Decision(seat=s, kind=kind, prompt=prompt, options=distinct(opts), default=default)


def _credit_words(st: State, s: int, q: int, k: int) -> str:
    if k > 0:
        return f"{r.name(st, s)} pay {k} credit{'s' if k > 1 else ''}"
    if k < 0:
        return f"{r.name(st, q)} pay {-k} credit{'s' if k < -1 else ''}"
    return "No credits"


def _credit_clause(st: State, s: int, q: int, k: int) -> str:
    """:func:`_credit_words` inside a sentence: team names keep their capitals."""
    return _credit_words(st, s, q, k) if k else "no credits"


def _offer_words(st: State, t: dict[str, Any]) -> str:
    give = ", ".join(r.cname(st, a) for a in t["give"]) or "no athlete"
    return (f"{r.name(st, t['from'])} offer {give} for {t['ask']} athlete{'s' if t['ask'] != 1 else ''} of your "
            f"choice; {_credit_clause(st, t['from'], t['to'], t['credits'])}.")


def trade_handle(st: State, s: int, pr: dict[str, Any], choice: str, ev: list[Event]) -> None:
    kind = pr["kind"]
    assert st.tile is not None
    t = st.tile["trade"]
    arg = choice.split(":", 1)[1] if ":" in choice else ""
    if kind == "trade_with":
        if choice == "back":
            del st.tile["trade"]
            r.ask(st, s, "recruit")
            return
        t["to"] = int(arg)
        r.ask(st, s, "trade_give")
    elif kind == "trade_give":
        if choice == "next":
            r.ask(st, s, "trade_ask")
        else:
            t["give"].append(int(arg))
            r.ask(st, s, "trade_give")
    elif kind == "trade_ask":
        t["ask"] = int(arg)
        if st.players[s].credits or st.players[t["to"]].credits:
            r.ask(st, s, "trade_credits")
        else:
            _propose(st, ev)
    elif kind == "trade_credits":
        t["credits"] = int(arg)
        _propose(st, ev)
    elif kind == "trade_reply":
        if choice == "accept":
            _accepted(st, ev)
        elif choice == "decline":
            ev.append(Event(f"{r.name(st, s)} decline the trade."))
            st.tile = None
        else:
            t["credits"] = int(arg)
            ev.append(Event(f"{r.name(st, s)} counter: {_credit_words(st, t['from'], t['to'], t['credits'])}."))
            r.ask(st, t["from"], "trade_final")
    elif kind == "trade_final":
        if choice == "accept":
            _accepted(st, ev)
        else:
            ev.append(Event(f"{r.name(st, s)} decline the counter-offer: no trade."))
            st.tile = None
    elif kind == "trade_pick":
        t["picked"].append(int(arg))
        if len(t["picked"]) < t["ask"]:
            r.ask(st, s, "trade_pick")
        else:
            _exchange(st, ev)
    elif kind == "trade_discard":
        a = int(arg)
        r.discard_athlete(st, s, a)
        ev.append(Event(f"{r.name(st, s)} discard {r.cname(st, a)} face up."))
        _balance(st, ev)


def _propose(st: State, ev: list[Event]) -> None:
    assert st.tile is not None
    t = st.tile["trade"]
    # the offered athletes are secret (MO-INF-01): only the partner is told which, the table only who trades
    ev.append(Event(f"{r.name(st, t['from'])} propose a trade to {r.name(st, t['to'])}."))
    ev.append(Event(_offer_words(st, t), (t["to"],)))
    r.ask(st, t["to"], "trade_reply")


def _accepted(st: State, ev: list[Event]) -> None:
    assert st.tile is not None
    t = st.tile["trade"]
    frm, to = t["from"], t["to"]
    k = t["credits"]
    # credits may have changed hands elsewhere since the offer; the trade fails rather than overdraw
    if (k > 0 and st.players[frm].credits < k) or (k < 0 and st.players[to].credits < -k):
        ev.append(Event("The trade fails: the paying team no longer has the credits."))
        st.tile = None
        return
    ev.append(Event("The trade is agreed."))
    if t["ask"] and len(st.players[to].athletes) >= t["ask"]:
        r.ask(st, to, "trade_pick")
    else:
        _exchange(st, ev)


def _exchange(st: State, ev: list[Event]) -> None:
    assert st.tile is not None
    t = st.tile["trade"]
    frm, to = t["from"], t["to"]
    pf, pt = st.players[frm], st.players[to]
    for a, src, dst in [(a, pf, pt) for a in t["give"]] + [(a, pt, pf) for a in t["picked"]]:
        src.athletes.remove(a)
        dst.athletes.append(a)
        if a in src.injured:
            src.injured.remove(a)
            dst.injured.append(a)
    k = t["credits"]
    if k > 0:
        r.pay(st, frm, "credits", k)
        pt.credits += k
    elif k < 0:
        r.pay(st, to, "credits", -k)
        pf.credits += -k
    ev.append(Event(f"{r.name(st, frm)} give {len(t['give'])} athlete{'s' if len(t['give']) != 1 else ''} and "
                    f"receive {len(t['picked'])}; {_credit_clause(st, frm, to, k)}."))
    for a in t["picked"]:
        ev.append(Event(f"You receive {r.athlete_short(st, a)}.", (frm,)))
    for a in t["give"]:
        ev.append(Event(f"You receive {r.athlete_short(st, a)}.", (to,)))
    _balance(st, ev)


def _balance(st: State, ev: list[Event]) -> None:
    """MO-REC-04: back to exactly 6 athletes each, the proposer first."""
    assert st.tile is not None
    t = st.tile["trade"]
    for s in (t["from"], t["to"]):
        p = st.players[s]
        if len(p.athletes) > 6:
            r.ask(st, s, "trade_discard")
            return
        while len(p.athletes) < 6:
            a = r.draw_athlete(st, ev)
            if a is None:
                break
            p.athletes.append(a)
            ev.append(Event(f"{r.name(st, s)} draw an athlete from the top of the deck."))
            ev.append(Event(f"You draw {r.athlete_short(st, a)}.", (s,)))
    st.tile = None

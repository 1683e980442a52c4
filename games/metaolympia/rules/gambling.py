"""Gambling and side wagers (MO-OPT-01/02, MO-GAP-20), two table options: before each match or scrimmage
every team not playing may bet 1 credit with the house on one side (``bet``), then offer another such team a
side wager of 1 to 5 credits (``wager``), which that team accepts or declines (``wager_ok``); the contest's
end settles them (:func:`settle_bets`).

It may import :mod:`games.core`, :mod:`.base` beside it and the package's :mod:`..state`; the rules entry
(:mod:`games.metaolympia.rules`) calls it.
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Event, Option

from ..state import State
from .base import MAX_STAKE, active, ask, cdef, contest, gain, name, pay

GAMBLING_KINDS = frozenset({"bet", "wager", "wager_ok"})
"""The decision kinds of gambling and side wagers."""


def step_gambling(st: State) -> bool:
    """Before a contest: ask the next team not playing for its bet, then for its side wager (each option on,
    each team once, only with a credit to stake); ``True`` when a team was asked, else the contest moves on to
    the recovery rolls (``stage`` ``"recover"``)."""
    c = contest(st)
    if c["stage"] == "bets":
        if st.options.get("gambling"):
            for q in bettors(st):
                if q not in c["asked"] and st.players[q].credits >= 1:
                    c["asked"].append(q)
                    ask(st, q, "bet")
                    return True
        c["stage"] = "wagers"
        c["asked"] = []
    if c["stage"] == "wagers":
        if st.options.get("wagers"):
            for q in bettors(st):
                if q not in c["asked"] and st.players[q].credits >= 1 and wager_partners(st, q):
                    c["asked"].append(q)
                    ask(st, q, "wager")
                    return True
        c["stage"] = "recover"
    return False


def bettors(st: State) -> list[int]:
    """The teams not playing the contest in play: who may bet or wager on it (MO-OPT-01/02)."""
    c = contest(st)
    return [q for q in active(st) if q not in c["seats"]]


def wager_partners(st: State, s: int) -> list[int]:
    """The teams ``s`` may offer a side wager: not playing, holding a credit, with no wager yet, while ``s``
    has none either (MO-OPT-02, MO-GAP-20)."""
    c = contest(st)
    taken = {w["from"] for w in c["wagers"]} | {w["to"] for w in c["wagers"]}
    return [q for q in bettors(st) if q != s and st.players[q].credits >= 1 and q not in taken and s not in taken]


def side_names(st: State) -> list[tuple[str, str]]:
    """The sides a bet can be on: (id, words)."""
    c = contest(st)
    if c["kind"] == "scrimmage":
        return [("player", f"{name(st, c['seats'][0])} beats the card"), ("card", "the scrimmage card holds")]
    return [(str(s), f"{name(st, s)} win") for s in reversed(c["seats"])]


def score_text_pre(st: State) -> str:
    """Who meets whom in the coming contest, for the bet prompt; empty with no contest."""
    c = st.contest
    if c is None:
        return ""
    if c["kind"] == "scrimmage":
        d = cdef(st, c["card"])
        return f"{name(st, c['seats'][0])} against {d.name}, score to beat {d.score}"
    return f"{name(st, c['seats'][1])} (Home) v {name(st, c['seats'][0])} (Away)"


def settle_bets(st: State, c: dict[str, Any], winner: Any, ev: list[Event]) -> None:
    """MO-OPT-01/02, MO-GAP-20: right bets win 1 credit from the house, wrong ones pay 1 to it; a draw or tie
    returns every bet; a wager's loser pays its winner the stake."""
    key = None if winner is None else str(winner)
    for b in c["bets"]:
        s, side = b["seat"], b["side"]
        if key is None:
            ev.append(Event(f"{name(st, s)}'s bet is returned (no winner)."))
        elif side == key:
            got = gain(st, s, "credits", 1, ev)
            ev.append(Event(f"{name(st, s)} wins the bet: +{got} credit from the house."))
        else:
            n = min(1, st.players[s].credits)
            pay(st, s, "credits", n)
            ev.append(Event(f"{name(st, s)} loses the bet: {n} credit to the house."))
    for w in c["wagers"]:
        if not w.get("accepted"):
            continue
        if key is None:
            ev.append(Event(f"The wager between {name(st, w['from'])} and {name(st, w['to'])} is off (no winner)."))
            continue
        win, lose = (w["from"], w["to"]) if w["side"] == key else (w["to"], w["from"])
        n = min(w["stake"], st.players[lose].credits)
        pay(st, lose, "credits", n)
        st.players[win].credits += n
        ev.append(Event(f"{name(st, lose)} pays {name(st, win)} {n} credit{'s' if n != 1 else ''} (side wager)."))


def gambling_options(st: State, pr: dict[str, Any]) -> tuple[list[Option], str, str]:
    """The options, default and prompt of the open bet, wager or wager answer ``pr``."""
    s, kind = pr["seat"], pr["kind"]
    p = st.players[s]
    opts: list[Option] = []
    if kind == "bet":
        opts.append(Option("none", "No bet"))
        for sid, words in side_names(st):
            opts.append(Option(f"bet:{sid}", f"Bet 1 credit: {words}"))
        return opts, "none", f"Gambling: bet 1 credit against the house on the coming contest? ({score_text_pre(st)})"
    if kind == "wager":
        opts.append(Option("none", "No side wager"))
        for q in wager_partners(st, s):
            top = min(MAX_STAKE, p.credits, st.players[q].credits)
            for sid, words in side_names(st):
                for k in range(1, top + 1):
                    opts.append(Option(f"wager:{q}:{sid}:{k}", f"Offer {name(st, q)} {k} credit"
                                       f"{'s' if k > 1 else ''}: {words}"))
        return opts, "none", "Side wager: offer another team a bet on the coming contest?"
    w = pr["wager"]
    side = dict(side_names(st))[w["side"]]
    opts = [Option("accept", f"Accept: {w['stake']} credit{'s' if w['stake'] > 1 else ''}, you bet against "
                             f"'{side}'"), Option("decline", "Decline")]
    return opts, "decline", f"{name(st, w['from'])} offers you a side wager of {w['stake']}: they back '{side}'."


def gambling_handle(st: State, s: int, pr: dict[str, Any], choice: str, ev: list[Event]) -> None:
    """Apply ``s``'s answer ``choice`` to the bet, wager or wager answer ``pr``."""
    kind = pr["kind"]
    arg = choice.split(":", 1)[1] if ":" in choice else ""
    c = contest(st)
    if kind == "bet":
        if choice != "none":
            c["bets"].append({"seat": s, "side": arg})
            words = dict(side_names(st))[arg]
            ev.append(Event(f"{name(st, s)} bets 1 credit with the house: {words}."))
    elif kind == "wager":
        if choice != "none":
            _, q, side, k = choice.split(":")
            w = {"from": s, "to": int(q), "side": side, "stake": int(k)}
            c["wagers"].append(w)
            ask(st, int(q), "wager_ok", wager=w)
    else:
        w = pr["wager"]
        for x in c["wagers"]:
            if x == w:
                x["accepted"] = choice == "accept"
        side = dict(side_names(st))[w["side"]]
        ev.append(Event(f"{name(st, s)} {'accept' if choice == 'accept' else 'decline'} {name(st, w['from'])}'s "
                        f"side wager of {w['stake']} on '{side}'."))

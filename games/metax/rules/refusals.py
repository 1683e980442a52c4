"""MetaX refusals: why a choice is not taken (MX-HST-02). A refused option id names the rule that forbids
it. :func:`explain` first asks what the id tries to do (``char:``, ``attack:``, ``defend:``...) and checks it
against the rules for that action; if the id makes no sense there and it is another seat's decision, the
rule that gives the decision to that seat is named; only an id that means nothing at all gets the generic
MX-HST-02 refusal. :func:`check` is the gate :meth:`games.metax.game.MetaXGame.apply` passes a choice
through before :func:`games.metax.rules.apply_choice`.

Imports ``games.core``, and this package's cards, pool, state and rules (the queries it checks against).
"""

from __future__ import annotations

from typing import Any

from games.core.contract import Decision, NotYourDecision, RulesError, StaleChoice

from ..cards import BattleCard, describe_effect
from ..pool import card_pool
from ..state import Character, State
from . import (
    LINK_COST,
    MAX_IN_PLAY,
    MAX_LINKS,
    PUBLIC_STEP,
    STAT_NAMES,
    can_pay,
    controller_of,
    decisions_of,
    defending,
    defs_of,
    find_char,
    has_battle_card,
    in_attack,
    may_attack_on_entry,
    rank,
    step_name,
)


def check(st: State, seat: int, option_id: str) -> None:
    """Pass when ``option_id`` is one of ``seat``'s options in the open decision; otherwise raise (state
    unchanged) :class:`RulesError` under MX-WIN-04 when the game is over, :class:`NotYourDecision` when the
    open decision is another seat's and :class:`StaleChoice` when the id is not one of the seat's options,
    each naming the rule that forbids the choice (:func:`explain`)."""
    decs = decisions_of(st)
    if not decs:
        raise RulesError("MX-WIN-04", "The game is over; no more choices can be made.")
    dec = decs[0]
    if dec.seat != seat:
        raise NotYourDecision(*explain(st, seat, dec, option_id))
    if dec.option(option_id) is None:
        raise StaleChoice(*explain(st, seat, dec, option_id))


# Who makes each kind of decision, and the rule that says so (a choice sent by the other seat).
_DECIDER: dict[str, tuple[str, str]] = {
    "mulligan": ("MX-SET-06", "the first player decides on the mulligan before the second"),
    "mulligan_order": ("MX-SET-07", "the player who mulliganed orders their own old hand"),
    "planning": ("MX-PLN-01", "only the active player acts in the Planning Step (MetaX has no responses)"),
    "attack": ("MX-ATK-01", "only the active player declares attacks"),
    "attack_card": ("MX-ATK-01", "only the active player declares attacks"),
    "link": ("MX-TEAM-01", "only the attacking player Links Characters"),
    "defend": ("MX-DEF-01", "the defending player assigns defenders"),
    "defend_card": ("MX-DEF-01", "the defending player assigns defenders"),
    "damage_order": ("MX-DMG-03", "the attacking player chooses the order of defended attacks"),
    "discard": ("MX-EFF-04", "the player who discards chooses the card"),
    "search": ("MX-EFF-04", "the effect's player makes its choices"),
    "target": ("MX-EFF-04", "the effect's player makes its choices"),
    "attach": ("MX-EFF-04", "the effect's player makes its choices"),
}

Why = tuple[str, str] | None


def explain(st: State, seat: int, dec: Decision, oid: str) -> tuple[str, str]:
    """(rule ID, message) for ``oid`` sent by ``seat`` when it is not among the options of the open
    decision ``dec`` (which may be another seat's). Names the rule that forbids it (MX-DEF-02 for a
    Pushed defender, MX-BTL-08 for a card you cannot pay for, MX-ZN-04 for a card not in hand, ...);
    a choice in another seat's decision names the rule that gives it to that seat; an id that means
    nothing now is refused under MX-HST-02 with the options listed. Pure: reads ``st`` only."""
    kind, _, rest = oid.partition(":")
    check = _CHECKS.get(kind)
    if check is not None:
        try:
            found = check(_Ask(st, seat, dec), rest)
        except (ValueError, IndexError):  # a malformed number in a crafted id
            found = None
        if found is not None:
            if kind in _PLAYS and dec.seat == seat:  # a refused card play names what would be legal
                found = found[0], f"{found[1]} You can: {'; '.join(o.label for o in dec.options[:8])}."
            return found
    if dec.seat != seat:
        rule, why = _DECIDER.get(dec.kind, ("MX-HST-02", "it is not your decision"))
        shown = step_name(PUBLIC_STEP.get(dec.kind, dec.kind))  # MX-GAP-24: the step as others see it
        return rule, (f"It is {st.players[dec.seat].name}'s decision ({shown}), not "
                      f"{st.players[seat].name}'s: {why}.")
    listed = "; ".join(o.label for o in dec.options[:8])
    return "MX-HST-02", (f"That is not one of your options now ({step_name(dec.kind)}); choose one of: "
                         f"{listed}.")


class _Ask:
    """What the explaining checks need: the state, the seat that chose, and the open decision."""

    __slots__ = ("st", "seat", "dec", "pl", "defs", "mine")

    def __init__(self, st: State, seat: int, dec: Decision):
        self.st, self.seat, self.dec = st, seat, dec
        self.pl = st.players[seat]
        self.defs = defs_of(st)
        self.mine = dec.seat == seat

    def at(self, *kinds: str) -> bool:
        """Whether the open decision is this seat's and one of ``kinds``."""
        return self.mine and self.dec.kind in kinds

    def in_hand(self, cid: str) -> bool:
        return any(self.st.cards[c] == cid for c in self.pl.hand)

    def char(self, text: str) -> tuple[Character, int] | None:
        """The in-play Character with instance number ``text`` and its controller, or None."""
        iid = int(text)
        ch = find_char(self.st, iid)
        return None if ch is None else (ch, controller_of(self.st, iid))

    def name(self, iid: int) -> str:
        return self.defs[iid].name

    def own(self, text: str, rule: str, instead: str) -> tuple[Character | None, str, Why]:
        """The in-play Character with instance number ``text``, its name, and the refusal under ``rule``
        when this seat does not control it ("X is Y's Character; ``instead``"); ``(None, "", None)`` when
        no Character in play has that number."""
        found = self.char(text)
        if found is None:
            return None, "", None
        ch, owner = found
        nm = self.name(ch.card)
        if owner != self.seat:
            return ch, nm, (rule, f"{nm} is {self.st.players[owner].name}'s Character; {instead}")
        return ch, nm, None

    def from_hand(self, cid: str, kind: str, rule: str = "MX-ZN-04") -> tuple[Any, Why]:
        """The pool card ``cid`` (``None`` for an unknown id) and the refusal when it is not in this seat's
        hand (under ``rule``) or is not a ``kind`` card (the rule for how its own type is played)."""
        card = card_pool().get(cid)
        if card is None:
            return None, None
        if not self.in_hand(cid):
            return card, _not_in_hand(card, rule)
        if card.kind != kind:
            return card, _wrong_type(card)
        return card, None

    def prompt_step(self):
        f = self.st.frames[0]
        return f, self.defs[f.source].effects[f.effect].steps[f.step]


def _not_in_hand(card, rule: str = "MX-ZN-04") -> tuple[str, str]:
    return rule, f"{card.name} is not in your hand; cards are played from your hand."


def _wrong_type(card) -> tuple[str, str]:
    """The rule for playing ``card`` the way another card type is played."""
    if card.kind == "battle":
        return "MX-BTL-02", (f"{card.name} is a Battle card: it is played only in the Battle Step, for an "
                             "attacking or defending Character.")
    if card.kind == "event":
        return "MX-EVT-03", f"{card.name} is an Event card: play it as an Event, paying its MP cost."
    return "MX-PLN-02", f"{card.name} is a Character card: it is played into play, once per turn."


def _why_mulligan(a: _Ask, rest: str) -> Why:
    if a.pl.mulligan:
        done = "kept your hand" if a.pl.mulligan == "kept" else "mulliganed"
        return "MX-SET-05", f"You already {done}; each player decides on a mulligan once per game."
    if a.dec.kind == "mulligan" and not a.mine:
        first = a.st.players[a.dec.seat].name
        return "MX-SET-06", f"{first} decides on the mulligan first; you decide after seeing their choice."
    return None


def _why_bottom(a: _Ask, rest: str) -> Why:
    if not a.at("mulligan_order"):
        return "MX-SET-04", "Only a player who has just mulliganed puts their old hand on the bottom of their deck."
    card = card_pool().get(rest)
    if card is not None and not a.in_hand(rest):
        return "MX-SET-04", f"{card.name} is not in your old hand."
    return None


def _why_char(a: _Ask, cid: str) -> Why:
    if not a.at("planning"):
        return "MX-PLN-01", "Characters are played only in your own Planning Step."
    card, why = a.from_hand(cid, "character")
    if card is None or why:
        return why
    if a.pl.played_character:
        return "MX-PLN-04", "You already played a Character this turn; only one per turn."
    if len(a.pl.in_play) >= MAX_IN_PLAY:
        return "MX-CHR-03", (f"You have {MAX_IN_PLAY} Characters in play; no fourth can be played, and none "
                             "can be discarded to make room.")
    return None


def _why_event(a: _Ask, cid: str) -> Why:
    if not a.at("planning"):
        return "MX-EVT-02", "Event cards are played only in your own Planning Step (MetaX has no responses)."
    card, why = a.from_hand(cid, "event")
    if card is None or why:
        return why
    if card.cost > a.pl.mp:
        return "MX-EVT-04", f"{card.name} costs {card.cost} MP and you have {a.pl.mp} MP."
    return None


def _why_push(a: _Ask, rest: str) -> Why:
    ch, nm, why = a.own(rest, "MX-CHR-07", "only its controller can Push it.")
    if ch is None or why:
        return why
    if not a.at("planning"):
        return "MX-CHR-07", "Push effects are used only in your own Planning Step."
    if not any(e.timing == "push" for e in a.defs[ch.card].effects):
        return "MX-CHR-07", f"{nm} has no Push effect."
    if ch.entered == a.st.turn:
        return "MX-CHR-07", (f"{nm} came into play this turn and cannot use its Push effect "
                             "(see /rules MX-PLN-03).")
    if ch.pushed:
        return "MX-CHR-07", f"{nm} is Pushed; only a Prepped Character can Push."
    return None


def _why_battle(a: _Ask, rest: str) -> Why:
    if a.mine and a.dec.kind != "planning":  # another seat's decision: _DECIDER says whose
        return "MX-TRN-01", "You go to the Battle Step from your own Planning Step only."
    return None


def _why_attack(a: _Ask, rest: str) -> Why:
    ch, nm, why = a.own(rest, "MX-ATK-01", "you attack with your own.")
    if ch is None or why:
        return why
    if any(ch.card in atk.links for atk in a.st.attacks):
        return "MX-TEAM-09", f"{nm} Linked this turn: it is Pushed and cannot attack."
    if in_attack(a.st, ch.card):
        return "MX-ATK-07", f"{nm} already attacked this turn; each Character attacks at most once."
    if not a.at("attack"):
        where = "go to the Battle Step first" if a.at("planning") else "not now"
        return "MX-ATK-01", f"Attacks are declared only by the active player in their Battle Step ({where})."
    if ch.pushed:
        return "MX-ATK-02", f"{nm} is Pushed and cannot attack."
    if ch.entered == a.st.turn and not may_attack_on_entry(a.st, ch.card):
        return "MX-PLN-03", f"{nm} came into play this turn and cannot attack."
    if not has_battle_card(a.st, a.seat, ch.card):
        return "MX-ATK-04", f"{nm} has no usable Battle card you can pay for."
    return None


def _why_card(a: _Ask, rest: str) -> Why:
    cid, _, stat = rest.partition(":")
    if not a.at("attack_card", "defend_card"):
        if a.at("attack"):
            return "MX-ATK-03", "Choose the attacking Character first, then its Battle card."
        if a.at("defend"):
            return "MX-DEF-03", "Choose the defending Character and the attack first, then its Battle card."
        return "MX-BTL-02", ("Battle cards are played only in the Battle Step, one for each attacking or "
                             "defending Character.")
    attacking = a.dec.kind == "attack_card"
    card, why = a.from_hand(cid, "battle", "MX-ATK-03" if attacking else "MX-DEF-03")
    if card is None or why:
        return why
    iid = a.st.pick if attacking else a.st.pick2
    rule = "MX-BTL-05" if card.multi else "MX-BTL-03"
    listed = [s.value for s in card.stats]
    if stat and stat not in listed:
        return rule, f"{card.name} is a {'/'.join(STAT_NAMES[s] for s in listed)} card, not {STAT_NAMES.get(stat, stat)}."
    if not can_pay(a.pl.mp, card):
        return "MX-BTL-08", f"{card.name} costs {-card.mp} MP and you have {a.pl.mp} MP."
    stats = [stat] if stat else listed
    best = max(rank(a.st, a.seat, iid, s) for s in stats)
    if best < card.rank:
        need = "/".join(STAT_NAMES.get(s, s) for s in stats)
        return rule, f"{card.name} needs {need} Rank {card.rank}; {a.name(iid)} has {best}."
    return None


def _why_link(a: _Ask, rest: str) -> Why:
    if not a.at("link"):
        return "MX-TEAM-01", "Characters are Linked only by the attacking player, right after declaring an attack."
    if a.pl.mp < LINK_COST:
        return "MX-TEAM-01", f"Linking costs {LINK_COST} MP and you have {a.pl.mp} MP."
    atk = a.st.attacks[-1]
    ch, nm, why = a.own(rest, "MX-TEAM-01", "you Link your own.")
    if why:
        return why
    if ch is not None:
        if ch.card == atk.attacker:
            return "MX-TEAM-04", f"{nm} leads this attack; it cannot also Link to it."
        if in_attack(a.st, ch.card):
            return "MX-TEAM-09", f"{nm} already attacked or Linked this turn."
        if atk.stat not in a.defs[ch.card].stats:
            return "MX-TEAM-02", f"{nm} lacks {STAT_NAMES[atk.stat]}, the Stat of the lead's Battle card."
        if ch.pushed:
            return "MX-TEAM-03", f"{nm} is Pushed and cannot Link."
        if ch.entered == a.st.turn and not may_attack_on_entry(a.st, ch.card):
            return "MX-TEAM-03", f"{nm} came into play this turn and cannot Link."
    if len(atk.links) >= MAX_LINKS:
        return "MX-TEAM-01", f"At most {MAX_LINKS} Characters can Link to one attack."
    return None


def _why_defend(a: _Ask, rest: str) -> Why:
    if not a.at("defend"):
        return "MX-DEF-01", "Defenders are assigned by the defending player, after all attacks are declared."
    k_text, _, d = rest.partition(":")
    k = int(k_text)
    if not 0 <= k < len(a.st.attacks):
        return None
    atk = a.st.attacks[k]
    ch, nm, why = a.own(d, "MX-DEF-03", "you defend with your own.")
    if why:
        return why
    if ch is not None:
        if ch.pushed:
            return "MX-DEF-02", f"{nm} is Pushed and cannot defend."
        if defending(a.st, ch.card):
            return "MX-GAP-06", f"{nm} already defends an attack this turn."
        if not has_battle_card(a.st, a.seat, ch.card):
            return "MX-DEF-06", f"{nm} has no usable Battle card you can pay for."
    if atk.defender >= 0:
        return "MX-DEF-05", f"Attack {k + 1} already has a defender; one per attack."
    if find_char(a.st, atk.attacker) is None:
        return "MX-GAP-10", f"Attack {k + 1} ended: its attacker left play."
    return None


def _why_resolve(a: _Ask, rest: str) -> Why:
    if not a.at("damage_order"):
        return "MX-DMG-03", "The attacking player chooses the order of defended attacks, once defenders are assigned."
    k = int(rest)
    if not 0 <= k < len(a.st.attacks):
        return None
    if a.st.attacks[k].defender < 0:
        return "MX-DMG-01", (f"Attack {k + 1} is undefended: it deals no Damage and may gain a VP instead "
                             "(see /rules MX-VP-01).")
    if a.st.attacks[k].resolved:
        return "MX-DMG-03", f"Attack {k + 1} has already been resolved."
    return None


def _why_discard(a: _Ask, rest: str) -> Why:
    if a.at("discard"):
        card = card_pool().get(rest)
        if card is not None and not a.in_hand(rest):
            return "MX-ZN-04", f"{card.name} is not in your hand; you discard from your hand."
        return None
    if a.at("planning") and len(a.pl.in_play) >= MAX_IN_PLAY:
        return "MX-GAP-19", "A Character in play cannot be discarded to make room for another."
    return None


def _why_take(a: _Ask, rest: str) -> Why:
    if not a.at("search"):
        return None
    f, step = a.prompt_step()
    card = card_pool().get(rest)
    if card is None:
        return None
    what = describe_effect(a.defs[f.source].effects[f.effect]).rstrip(".")
    if not any(a.st.cards[c] == rest for c in a.pl.deck):
        return "MX-EFF-03", f"There is no {card.name} in your deck to take ({what})."
    return "MX-EFF-03", f"{card.name} is not what this search looks for ({what})."


def _why_target(a: _Ask, rest: str) -> Why:
    if not a.at("target"):
        return None
    found = a.char(rest)
    if found is None:
        return None
    f, step = a.prompt_step()
    what = describe_effect(a.defs[f.source].effects[f.effect]).rstrip(".")
    return "MX-EFF-03", f"{a.name(found[0].card)} is not a legal target of {a.name(f.source)} ({what})."


def _why_attach(a: _Ask, rest: str) -> Why:
    if not a.at("attach"):
        return None
    cid, _, stat = rest.partition(":")
    card = card_pool().get(cid)
    if card is None:
        return None
    f, step = a.prompt_step()
    zone = a.pl.hand if step.source == "hand" else a.pl.discard
    where = "hand" if step.source == "hand" else "discard pile"
    if not isinstance(card, BattleCard) or not any(a.st.cards[c] == cid for c in zone):
        return "MX-EFF-03", f"{a.name(f.source)} attaches a Battle card from your {where}; {card.name} is not one there."
    if stat not in [s.value for s in card.stats]:
        return "MX-DMG-05", f"{card.name} counts only as {'/'.join(STAT_NAMES[s.value] for s in card.stats)} Damage."
    return None


_PLAYS = ("char", "event", "card")
"""Choices that play a card from the hand: their refusal lists the options open now."""

_CHECKS = {
    "keep": _why_mulligan,
    "mulligan": _why_mulligan,
    "bottom": _why_bottom,
    "rest": _why_bottom,
    "char": _why_char,
    "event": _why_event,
    "push": _why_push,
    "battle": _why_battle,
    "attack": _why_attack,
    "card": _why_card,
    "link": _why_link,
    "defend": _why_defend,
    "resolve": _why_resolve,
    "discard": _why_discard,
    "take": _why_take,
    "target": _why_target,
    "attach": _why_attach,
}

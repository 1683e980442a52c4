"""MetaX rules: set-up, the turn, the battle and the effect steps, as one state machine.

``decisions_of(st)`` lists the open decisions; ``apply_choice(st, seat, option_id)`` applies one
option once :func:`games.metax.rules.refusals.check` has found it among the seat's current options. Everything
past that check is legal by construction (options are generated from the rules), so a rejected choice
changes nothing. Rule IDs are from ``shared/rules/checklists/metax.md``; decisions on the rulebook's gaps
are in :mod:`games.metax.gaps`. Imports ``games.core`` and this package's cards, pool and state.
"""

from __future__ import annotations

from games.core.contract import Decision, Event, Option
from games.core.rng import Rng

from ..cards import BattleCard, EventCard, Stat, card_line, card_text, describe_step
from ..pool import card_pool
from ..state import Attack, Character, Damage, Frame, State

MP_CAP = 10  # MX-MP-02
HAND_SIZE = 5  # MX-SET-03
MAX_IN_PLAY = 3  # MX-CHR-03
LINK_COST = 5  # MX-TEAM-01
MAX_LINKS = 2
VP_TO_WIN = 7  # MX-WIN-02
TURN_CAP = 400  # MX-GAP-17: unreachable in practice (decks run out first); a draw if reached

STAT_NAMES = {s.value: s.value.capitalize() for s in Stat}


class Ended(Exception):
    """Raised inside an apply when the game ends; the state already holds the result."""


def defs_of(st: State) -> list:
    """Card definition by instance (cached on the state, not serialised; rebuilt with the
    :class:`CardFacts` when instances were added)."""
    if st.defs is None or st.facts is None or len(st.defs) != len(st.cards):
        pool = card_pool()
        st.defs = [pool[c] for c in st.cards]
        st.facts = [facts(d) for d in st.defs]
    return st.defs


def facts_of(st: State) -> list[CardFacts]:
    """:class:`CardFacts` by instance (cached on the state with :func:`defs_of`, not serialised)."""
    defs_of(st)
    return st.facts


class CardFacts:
    """What the rules and labels ask of one card definition again and again, computed once per
    definition (listing decisions spent most of its time rebuilding these strings).

    ``title`` and ``details`` are :func:`title` of the name and :func:`card_details`; ``bonus`` maps a
    Stat to the Rank its Constant ``stat_bonus`` steps give the controller's other Characters
    (MX-CHR-06); ``on_entry`` is a Constant ``attack_on_entry`` (MX-EFF-02); ``push`` is the text of
    its first Push effect (``None`` without one, MX-CHR-07); ``stats`` are a Battle card's Stat
    values in printed order (empty for other kinds); ``printed`` maps a Character's Stat values to its
    printed Ranks (empty for other kinds). ``play`` (Characters and Events) and ``battle`` (Battle
    cards, by Stat value) are the card's options as :func:`planning_options` and
    :func:`battle_options` list them when no other offered card shares its title (options are
    immutable, so one object serves every decision). ``name``, ``line`` and ``text`` are the card's name,
    :func:`games.metax.cards.card_line` and :func:`games.metax.cards.card_text`, for the views."""

    __slots__ = ("title", "details", "bonus", "on_entry", "push", "stats", "printed", "play", "battle",
                 "name", "line", "text")

    def __init__(self, card) -> None:
        self.name = card.name
        self.line = card_line(card)
        self.text = card_text(card)
        self.title = title(card.name)
        self.details = card_details(card)
        self.bonus: dict[str, int] = {}
        self.on_entry = False
        self.push: str | None = None
        for eff in card.effects:
            if eff.timing == "constant":
                for s in eff.steps:
                    if s.do == "stat_bonus":
                        self.bonus[s.stat.value] = self.bonus.get(s.stat.value, 0) + s.amount
                    elif s.do == "attack_on_entry":
                        self.on_entry = True
            elif eff.timing == "push" and self.push is None:
                self.push = " ".join(describe_step(s) for s in eff.steps)
        self.stats = tuple(s.value for s in card.stats) if card.kind == "battle" else ()
        self.printed = {s.value: r for s, r in card.stats.items()} if card.kind == "character" else {}
        self.play: Option | None = None
        if card.kind != "battle":
            kind = "char" if card.kind == "character" else "event"
            self.play = Option(f"{kind}:{card.id}", fit(f"Play {self.title} {self.details}"), (card.id,))
        self.battle = {st: _battle_option(card, self.title, self.details, st) for st in self.stats}


def _battle_option(card, name: str, details: str, stat: str) -> Option:
    """Battle card ``card`` offered as ``stat``, named ``name`` (see :func:`card_names`)."""
    suffix = f" as {STAT_NAMES[stat]}" if card.multi else ""
    return Option(f"card:{card.id}:{stat}", fit(f"{name} {details}{suffix}"), (card.id,))


_FACTS: dict[int, tuple[object, CardFacts]] = {}


def facts(card) -> CardFacts:
    """The :class:`CardFacts` of definition ``card``, built on first use. Keyed by identity: the
    entry holds the definition, so its id cannot be reused while the entry lives."""
    hit = _FACTS.get(id(card))
    if hit is None or hit[0] is not card:
        hit = _FACTS[id(card)] = (card, CardFacts(card))
    return hit[1]


# -- queries ---------------------------------------------------------------------------------------


def find_char(st: State, iid: int) -> Character | None:
    """The in-play Character with instance ``iid`` (either seat), or ``None``."""
    for pl in st.players:
        for ch in pl.in_play:
            if ch.card == iid:
                return ch
    return None


def controller_of(st: State, iid: int) -> int:
    for p, pl in enumerate(st.players):
        for ch in pl.in_play:
            if ch.card == iid:
                return p
    return -1


def rank(st: State, p: int, iid: int, stat: str) -> int:
    """Effective Rank of in-play Character ``iid`` (controlled by ``p``) in ``stat``: printed Rank plus
    Constant ``stat_bonus`` effects of p's other Characters (MX-CHR-06). 0 if it lacks the Stat."""
    base = defs_of(st)[iid].stats.get(stat, 0)
    if not base:
        return 0
    fs = st.facts
    for ch in st.players[p].in_play:
        if ch.card != iid:
            bonus = fs[ch.card].bonus
            if bonus:
                base += bonus.get(stat, 0)
    return base


def ranks(st: State, p: int, iid: int) -> dict[str, int]:
    """Stat value -> :func:`rank` of in-play Character ``iid`` (controlled by ``p``), for the Stats it
    has (a missing Stat is Rank 0). One pass over p's Characters instead of one per Stat asked."""
    fs = facts_of(st)
    out = dict(fs[iid].printed)
    for ch in st.players[p].in_play:
        if ch.card != iid:
            bonus = fs[ch.card].bonus
            if bonus:
                for s, n in bonus.items():
                    if s in out:
                        out[s] += n
    return out


def max_rank(st: State, p: int, iid: int) -> int:
    """MX-CHR-10: the highest effective Rank (the HP threshold)."""
    return max(rank(st, p, iid, s) for s in defs_of(st)[iid].stats)


def may_attack_on_entry(st: State, iid: int) -> bool:
    """MX-EFF-02: a Constant ``attack_on_entry`` lifts MX-PLN-03 for attacking and Linking."""
    return facts_of(st)[iid].on_entry


def event_negated(st: State, p: int) -> bool:
    """MX-EFF-01, MX-GAP-13: whether seat ``p``'s next Event card will be negated (a ``negate:
    next_event`` played against it lasts until the end of its next turn; 0 = none pending)."""
    until = st.players[p].negate_until
    return until > 0 and until >= st.turn


def can_pay(mp: int, card) -> bool:
    """MX-BTL-08 / MX-EVT-04: a cost larger than current MP cannot be paid."""
    if isinstance(card, EventCard):
        return card.cost <= mp
    return card.mp >= 0 or -card.mp <= mp


def usable_stats(st: State, p: int, iid: int, card: BattleCard) -> list[str]:
    """Stats under which Character ``iid`` can use ``card`` (MX-BTL-03, MX-BTL-05)."""
    need = card.rank
    return [s for s in facts(card).stats if rank(st, p, iid, s) >= need]


def battle_options(st: State, p: int, iid: int) -> list[Option]:
    """One option per (distinct Battle card in p's hand, usable Stat) the Character can use and pay for."""
    mp = st.players[p].mp
    cards = [c for c in distinct_cards(st, st.players[p].hand) if c.kind == "battle" and can_pay(mp, c)]
    fl = [facts(c) for c in cards]
    unique = len({f.title for f in fl}) == len(fl)  # then every card is named by its title
    names = None if unique else card_names(cards)
    have = ranks(st, p, iid)
    out: list[Option] = []
    for card, f in zip(cards, fl, strict=True):
        need = card.rank
        for stat in f.stats:
            if have.get(stat, 0) < need:
                continue
            out.append(f.battle[stat] if names is None else _battle_option(card, names[card.id], f.details, stat))
    return out


def distinct_cards(st: State, zone: list[int]) -> list:
    """The definitions of the cards in ``zone``, one per card id, in zone order."""
    defs = defs_of(st)
    seen: dict[str, object] = {}
    for c in zone:
        seen.setdefault(defs[c].id, defs[c])
    return list(seen.values())


def has_battle_card(st: State, p: int, iid: int) -> bool:
    """Whether ``iid`` has at least one usable, affordable Battle card in p's hand (MX-ATK-04, MX-DEF-06)."""
    defs = defs_of(st)
    mp = st.players[p].mp
    have = None
    for c in st.players[p].hand:
        card = defs[c]
        if card.kind == "battle" and can_pay(mp, card):
            if have is None:
                have = ranks(st, p, iid)
            need = card.rank
            for s in st.facts[c].stats:
                if have.get(s, 0) >= need:
                    return True
    return False


def in_attack(st: State, iid: int) -> bool:
    return any(a.attacker == iid or iid in a.links for a in st.attacks)


def defending(st: State, iid: int) -> bool:
    return any(a.defender == iid for a in st.attacks)


def can_attack(st: State, p: int, ch: Character) -> bool:
    """MX-ATK-02/04/07, MX-PLN-03: Prepped, not entered this turn (unless it may), not yet attacked,
    and a usable Battle card it can pay for."""
    if ch.pushed or in_attack(st, ch.card):
        return False
    if ch.entered == st.turn and not may_attack_on_entry(st, ch.card):
        return False
    return has_battle_card(st, p, ch.card)


def can_link(st: State, p: int, ch: Character, attack: Attack) -> bool:
    """MX-TEAM-02/03: Prepped, not entered this turn, a Stat matching the lead's card, 5 MP to pay."""
    if ch.card == attack.attacker or ch.pushed or in_attack(st, ch.card):
        return False
    if ch.entered == st.turn and not may_attack_on_entry(st, ch.card):
        return False
    if st.players[p].mp < LINK_COST or len(attack.links) >= MAX_LINKS:
        return False
    return attack.stat in defs_of(st)[ch.card].stats


def can_defend(st: State, p: int, ch: Character) -> bool:
    """MX-DEF-02/06, MX-GAP-06: Prepped, not already defending, a usable Battle card it can pay for."""
    return not ch.pushed and not defending(st, ch.card) and has_battle_card(st, p, ch.card)


def name(st: State, iid: int) -> str:
    return defs_of(st)[iid].name


# -- option labels ----------------------------------------------------------------------------------
#
# Within one decision no two options share a label, and every label fits a Discord button (80
# characters). Cards offered once per card id are named by their title (the name without its
# subtitle) unless another offered card shares it; Characters in play are named by title, and a
# Character whose controller has another in play with the same title also gets its position and
# state: "Beowulf (left, 2 damage)".

LABEL_MAX = 80
"""The longest option label (Discord's button label limit)."""


def title(name: str) -> str:
    """A card name without its subtitle: ``"Beowulf — Slayer of Grendel"`` -> ``"Beowulf"``."""
    return name.split(" — ")[0]


def fit(label: str) -> str:
    """``label`` clipped to :data:`LABEL_MAX` characters (ending in "…" when clipped). Labels put what
    tells options apart first, so clipping the tail keeps them apart."""
    return label if len(label) <= LABEL_MAX else label[: LABEL_MAX - 1].rstrip() + "…"


def card_names(cards) -> dict[str, str]:
    """Card id -> the name its options show among ``cards`` (definitions, one per id): the title; the
    full name if another of ``cards`` has the same title (MX-GAP-14: versions are different cards);
    the full name and a number ("#2") if even that is shared (never the card id, which means nothing
    to players)."""
    titles = [facts(c).title for c in cards]
    if len(set(titles)) == len(titles):  # the usual case: every title tells its card apart
        return {c.id: t for c, t in zip(cards, titles, strict=True)}
    out: dict[str, str] = {}
    for card, t in zip(cards, titles, strict=True):
        same_title = [c for c, u in zip(cards, titles, strict=True) if u == t]
        if len(same_title) == 1:
            out[card.id] = t
        elif sum(c.name == card.name for c in same_title) == 1:
            out[card.id] = card.name
        else:
            twins = [c.id for c in same_title if c.name == card.name]
            out[card.id] = f"{card.name} #{twins.index(card.id) + 1}"
    return out


def card_details(card) -> str:
    """The numbers of ``card``'s one-line summary without its name: ``"[Battle Str 3, +1 MP]"``."""
    return card_line(card)[len(card.name):].strip()


POSITIONS = {1: ("",), 2: ("left", "right"), 3: ("left", "middle", "right")}
"""Position words of a seat's Characters in play, by how many it has (in play order)."""


def position_word(index: int, count: int) -> str:
    """Where the ``index``-th of ``count`` Characters in play stands: left, middle or right."""
    return POSITIONS[count][index] if count in POSITIONS else f"#{index + 1}"


def char_label(st: State, iid: int, seat: int, owner: bool = False) -> str:
    """How an option names in-play Character ``iid`` to ``seat``: its title, then (when ``owner``)
    "yours" or "opponent's", and — when its controller has another Character in play with the same
    title — its position and state (Pushed, total Damage): ``"Beowulf (left, Pushed, 2 damage)"``."""
    defs = defs_of(st)
    fs = st.facts
    nm = fs[iid].title
    p = k = -1
    for q, pl in enumerate(st.players):
        for i, ch in enumerate(pl.in_play):
            if ch.card == iid:
                p, k = q, i
                break
        if p >= 0:
            break
    if p < 0:  # no longer in play: nothing to tell it apart from
        return nm
    in_play = st.players[p].in_play
    quals = []
    if owner:
        quals.append("yours" if p == seat else "opponent's")
    if len(in_play) > 1 and sum(fs[ch.card].title == nm for ch in in_play) > 1:
        ch = in_play[k]
        quals.append(position_word(k, len(in_play)))
        if ch.pushed:
            quals.append("Pushed")
        if ch.damage:
            quals.append(f"{sum(defs[d.card].rank for d in ch.damage)} damage")
    return nm + (f" ({', '.join(quals)})" if quals else "")


# -- decisions -------------------------------------------------------------------------------------


PUBLIC_STEP = {"attack_card": "attack", "defend_card": "defend"}
"""The step the other seat sees while a seat chooses an attacker's or defender's Battle card (MX-GAP-24): that
step is offered only with a usable Battle card in hand."""

STEP_NAMES = {
    "mulligan": "deciding on a mulligan",
    "mulligan_order": "putting the old hand on the bottom",
    "planning": "in the Planning Step",
    "attack": "declaring attacks",
    "attack_card": "choosing an attacker's Battle card",
    "link": "Linking Characters to a Team Attack",
    "defend": "assigning defenders",
    "defend_card": "choosing a defender's Battle card",
    "damage_order": "choosing which attack resolves next",
    "discard": "choosing a card to discard",
    "search": "searching their deck",
    "target": "choosing a target",
    "attach": "choosing a Battle card to attach as Damage",
}
"""Each decision kind in player words, as "Waiting for Ana (declaring attacks)" says it."""


def step_name(kind: str) -> str:
    """The decision kind ``kind`` in player words (:data:`STEP_NAMES`; an unknown kind with spaces)."""
    return STEP_NAMES.get(kind, kind.replace("_", " "))


def decisions_of(st: State) -> list[Decision]:
    """The open decisions (at most one in MetaX), cached per version."""
    if st.cached is not None and st.cached[0] == st.version:
        return st.cached[1]
    out = [] if st.phase == "over" else [_decision(st)]
    st.cached = (st.version, out)
    return out


def _decision(st: State) -> Decision:
    if st.prompt:
        return _prompt_decision(st)
    phase = st.phase
    p = st.deciding
    pl = st.players[p]
    defs = defs_of(st)
    if phase == "mulligan":
        first = "You go first. " if p == st.first else "You go second. "
        return Decision(
            p,
            "mulligan",
            first + "Keep your opening hand, or mulligan (once per game)?",
            (
                Option("keep", "Keep this hand"),
                Option("mulligan", "Mulligan: hand to the bottom, draw 5"),
            ),
            default="keep",
        )
    if phase == "mulligan_order":
        cards = distinct_cards(st, pl.hand)
        names = card_names(cards)
        opts = [Option(f"bottom:{c.id}", fit(f"Next to the bottom: {names[c.id]}"), (c.id,)) for c in cards]
        opts.append(Option("rest", "Put the rest in hand order"))
        return Decision(
            p,
            "mulligan_order",
            "Order your old hand on the bottom of your deck: each card goes under the previous one.",
            tuple(opts),
            default="rest",
        )
    if phase == "planning":
        return Decision(p, "planning", "Planning Step: play cards, use Push effects, or go to battle.",
                        tuple(planning_options(st)), default="battle")
    if phase == "attack":
        opts = [
            Option(f"attack:{ch.card}", fit(f"Attack with {char_label(st, ch.card, p)}"), (st.cards[ch.card],))
            for ch in pl.in_play
            if can_attack(st, p, ch)
        ]
        opts.append(Option("done", "Done declaring attacks"))
        return Decision(p, "attack", "Battle Step: declare an attack, or finish.", tuple(opts), default="done")
    if phase == "attack_card":
        opts = battle_options(st, p, st.pick)
        opts.append(Option("back", "Back: choose another attacker"))
        return Decision(p, "attack_card", f"Attack with {char_label(st, st.pick, p)}: choose its Battle card.",
                        tuple(opts), default="back")
    if phase == "link":
        atk = st.attacks[-1]
        opts = [
            Option(f"link:{ch.card}", fit(f"Link {char_label(st, ch.card, p)} (-{LINK_COST} MP)"), (st.cards[ch.card],))
            for ch in pl.in_play
            if can_link(st, p, ch, atk)
        ]
        opts.append(Option("nolink", "No more Links"))
        return Decision(p, "link", f"Team Attack: Link Characters with {STAT_NAMES[atk.stat]} to the attack "
                        f"of {char_label(st, atk.attacker, p)}?", tuple(opts), default="nolink")
    if phase == "defend":
        opts = []
        for k, atk in enumerate(st.attacks):
            if atk.defender >= 0 or find_char(st, atk.attacker) is None:
                continue
            for ch in pl.in_play:
                if can_defend(st, p, ch):
                    blocker = char_label(st, ch.card, p)
                    full = f"Block attack {k + 1} ({title(defs[atk.attacker].name)}) with {blocker}"
                    short = f"Block attack {k + 1} with {blocker}"  # the context names attack k + 1
                    opts.append(Option(
                        f"defend:{k}:{ch.card}",
                        fit(full if len(full) <= LABEL_MAX else short),
                        (st.cards[atk.attacker], st.cards[ch.card]),
                    ))
        opts.append(Option("done", "Done assigning defenders"))
        return Decision(p, "defend", "Your opponent attacks: assign defenders, one per attack.", tuple(opts),
                        default="done")
    if phase == "defend_card":
        opts = battle_options(st, p, st.pick2)
        opts.append(Option("back", "Back: choose another defender"))
        atk = st.attacks[st.pick]
        return Decision(p, "defend_card", f"Block attack {st.pick + 1} ({title(defs[atk.attacker].name)}, "
                        f"{STAT_NAMES[atk.stat]}) with {char_label(st, st.pick2, p)}: choose its Battle card.",
                        tuple(opts), default="back")
    if phase == "damage_order":
        opts = [
            Option(f"resolve:{k}", fit(f"Resolve attack {k + 1} ({title(defs[a.attacker].name)} vs "
                                       f"{title(defs[a.defender].name)})"))
            for k, a in enumerate(st.attacks)
            if a.defender >= 0 and not a.resolved
        ]
        return Decision(p, "damage_order", "Choose which defended attack resolves next.", tuple(opts),
                        default=opts[0].id)
    raise AssertionError(f"no decision for phase {phase}")


def planning_options(st: State) -> list[Option]:
    """MX-PLN-01: a Character (one per turn, at most three in play), affordable Events, Push effects."""
    p = st.active
    pl = st.players[p]
    fs = facts_of(st)
    opts: list[Option] = []
    may_play_char = not pl.played_character and len(pl.in_play) < MAX_IN_PLAY
    playable = [card for card in distinct_cards(st, pl.hand)
                if card.kind == "character" and may_play_char or card.kind == "event" and card.cost <= pl.mp]
    fl = [facts(c) for c in playable]
    if len({f.title for f in fl}) == len(fl):  # every card named by its title: the ready-made options
        opts = [f.play for f in fl]
    else:
        names = card_names(playable)
        for card, f in zip(playable, fl, strict=True):
            kind = "char" if card.kind == "character" else "event"
            opts.append(Option(f"{kind}:{card.id}", fit(f"Play {names[card.id]} {f.details}"), (card.id,)))
    for ch in pl.in_play:
        if push_effect_ready(st, ch):
            what = fs[ch.card].push
            opts.append(Option(f"push:{ch.card}", fit(f"Push {char_label(st, ch.card, p)}: {what}"),
                               (st.cards[ch.card],)))
    opts.append(Option("battle", "Go to the Battle Step"))
    return opts


_HAND_STEPS = ("planning", "attack", "attack_card", "defend", "defend_card")
"""The decisions in which a seat plays cards from its hand: Characters and Events in the Planning Step,
Battle cards for an attacker or a defender (MX-PLN-01, MX-ATK-03, MX-DEF-03)."""


def unplayable(st: State, seat: int) -> list[tuple[str, str]]:
    """Why cards in ``seat``'s hand are not offered now: ``(card name, reason)`` for each
    distinct card that cannot be played in the seat's open decision, named as its options would name it;
    empty when the seat has no decision that plays cards from the hand. Reads only the seat's own hand and
    the public board, so it may be shown to that seat alone."""
    decs = decisions_of(st)
    if not decs or decs[0].seat != seat or st.prompt or decs[0].kind not in _HAND_STEPS:
        return []
    kind = decs[0].kind
    pl = st.players[seat]
    cards = distinct_cards(st, pl.hand)
    names = card_names(cards)
    out = []
    for card in cards:
        why = _why_not_now(st, seat, kind, card)
        if why:
            out.append((names[card.id], why))
    return out


def _why_not_now(st: State, seat: int, kind: str, card) -> str:
    """The reason ``card`` in ``seat``'s hand cannot be played in decision ``kind``, or "" when it can."""
    pl = st.players[seat]
    if kind == "planning":
        if card.kind == "battle":
            return "Battle cards are played in the Battle Step"
        if card.kind == "event":
            return "" if card.cost <= pl.mp else f"costs {card.cost} MP, you have {pl.mp}"
        if pl.played_character:
            return "one Character a turn"
        if len(pl.in_play) >= MAX_IN_PLAY:
            return f"{MAX_IN_PLAY} Characters in play already"
        return ""
    if card.kind != "battle":
        return "played in your own Planning Step" if kind.startswith("defend") else "played in the Planning Step"
    if not can_pay(pl.mp, card):
        return f"costs {-card.mp} MP, you have {pl.mp}"
    attacking = kind.startswith("attack")
    if kind == "attack_card":
        who = [st.pick]
    elif kind == "defend_card":
        who = [st.pick2]
    elif attacking:
        who = [ch.card for ch in pl.in_play if not ch.pushed and not in_attack(st, ch.card)
               and (ch.entered != st.turn or may_attack_on_entry(st, ch.card))]
    else:
        who = [ch.card for ch in pl.in_play if not ch.pushed and not defending(st, ch.card)]
    if not who:
        return "no Character of yours can attack now" if attacking else "no Character of yours can block now"
    if any(usable_stats(st, seat, iid, card) for iid in who):
        return ""
    need = "/".join(STAT_NAMES[s] for s in facts(card).stats)
    if len(who) == 1:
        best = max(rank(st, seat, who[0], s) for s in facts(card).stats)
        return f"needs {need} {card.rank}, {facts_of(st)[who[0]].title} has {best}"
    return f"needs {need} {card.rank}, more than your Characters have"


def may_plan(st: State) -> bool:
    """Whether the Planning Step is offered to the active player (MX-GAP-24): they hold a card, or a
    Character of theirs has a Push effect ready. Only public facts (hand size, the board): whether a card
    in hand is playable is the player's secret, so a hand of unplayable cards is still asked."""
    pl = st.players[st.active]
    return bool(pl.hand) or any(push_effect_ready(st, ch) for ch in pl.in_play)


def may_attack(st: State, p: int) -> bool:
    """Whether the ``attack`` decision is offered (MX-GAP-24): ``p`` holds a card and has a Character that
    may attack but for its Battle card (Prepped, not yet attacking, not new unless it may). Public facts
    only: whether a Battle card in hand is usable and affordable stays secret."""
    if not st.players[p].hand:
        return False
    return any(not ch.pushed and not in_attack(st, ch.card)
               and (ch.entered != st.turn or may_attack_on_entry(st, ch.card))
               for ch in st.players[p].in_play)


def may_defend(st: State, p: int) -> bool:
    """Whether the ``defend`` decision is offered (MX-GAP-24): an undefended attack whose attacker is still
    in play, ``p`` holds a card, and a Character of ``p`` is Prepped and not defending yet. Public facts
    only: whether a Battle card in hand is usable and affordable stays secret, so the defender is asked
    whenever they could hold one (the options list only the real blocks, and "Done")."""
    if not any(atk.defender < 0 and find_char(st, atk.attacker) is not None for atk in st.attacks):
        return False
    if not st.players[p].hand:
        return False
    return any(not ch.pushed and not defending(st, ch.card) for ch in st.players[p].in_play)


def push_effect_ready(st: State, ch: Character) -> bool:
    """MX-CHR-07: a Push effect needs a Prepped Character that did not come into play this turn."""
    if ch.pushed or ch.entered == st.turn:
        return False
    return facts_of(st)[ch.card].push is not None


# -- the log ----------------------------------------------------------------------------------------


def log_name(st: State, iid: int) -> str:
    """How the log names in-play Character ``iid``: its title, with its position when its controller has
    another in play with that title ("Beowulf (left)")."""
    fs = facts_of(st)
    nm = fs[iid].title
    for pl in st.players:
        ids = [ch.card for ch in pl.in_play]
        if iid in ids and sum(fs[c].title == nm for c in ids) > 1:
            return f"{nm} ({position_word(ids.index(iid), len(ids))})"
    return nm


def battle_words(card: BattleCard, stat: str, mp: bool = True) -> str:
    """A Battle card as played, in words: ``"Strength 3, +1 MP"`` (``mp=False``: ``"Strength 3"``)."""
    out = f"{STAT_NAMES[stat]} {card.rank}"
    if mp:
        out += f", {'+' if card.mp >= 0 else ''}{card.mp} MP"
    return out


def _damage_total(defs: list, ch: Character) -> int:
    return sum(defs[d.card].rank for d in ch.damage)


def ko_words(st: State, p: int, ch: Character) -> str:
    """How ``ch`` (controlled by ``p``) meets a KO condition, in words, or "" when it does not:
    ``"TKO (Damage in 2 colours against 2 Stats)"`` (MX-KO-01), ``"HP KO (5 Damage against HP 4)"``
    (MX-KO-03), or both joined by "and"."""
    defs = defs_of(st)
    colours = len({d.stat for d in ch.damage})
    stats = len(defs[ch.card].stats)
    total = _damage_total(defs, ch)
    hp = max_rank(st, p, ch.card)
    how = []
    if ch.damage and colours >= stats:
        how.append(f"TKO (Damage in {colours} colour{'s' if colours != 1 else ''} against "
                   f"{stats} Stat{'s' if stats != 1 else ''})")
    if ch.damage and total >= hp:
        how.append(f"HP KO ({total} Damage against HP {hp})")
    return " and ".join(how)


_RESULT_RULES = {
    "seven_vp": "Seven Victory Points win at once, see /rules MX-WIN-02",
    "deck_out": "A player whose deck runs out loses, see /rules MX-WIN-03",
    "concede": "A player who concedes loses, see /rules MX-WIN-04",
}


def result_rule(reason: str, draw: bool) -> str:
    """The rule that decided a game ended for ``reason``, in words with a pointer (``/rules``)."""
    if reason == "deck_out" and draw:
        return "Both decks ran out at once, so nobody wins: a draw, see /rules MX-WIN-03"
    if reason == "turn_cap":
        return f"The game reached the {TURN_CAP}-turn cap: a draw, see /rules MX-WIN-04"
    return _RESULT_RULES.get(reason, "")


def scores(st: State) -> list[str]:
    """Each seat's score as the rules count it (for the result), in seat order: Victory Points toward seven
    (MX-WIN-02) and the cards left in the deck (MX-WIN-03)."""
    return [f"{pl.name}: {len(pl.vp)} VP of {VP_TO_WIN}, {len(pl.deck)} card{'s' if len(pl.deck) != 1 else ''} "
            "left in the deck" for pl in st.players]


def turn_summary(st: State) -> str:
    """One line of the log at the end of a turn: the attacks made and blocked, then each seat's VP, MP
    and Characters: "End of turn 4 (Ben): 2 attacks, 1 blocked · Ben 1 VP, 5 MP, 2 Characters · Ana ..."."""
    p = st.active
    n = len(st.attacks)
    blocked = sum(a.defender >= 0 for a in st.attacks)
    did = "no attack" if not n else f"{n} attack{'s' if n != 1 else ''}, {blocked} blocked"
    seats = " · ".join(f"{pl.name} {len(pl.vp)} VP, {pl.mp} MP, {len(pl.in_play)} "
                       f"Character{'s' if len(pl.in_play) != 1 else ''}" for pl in (st.players[p], st.players[1 - p]))
    return f"End of turn {st.turn} ({st.players[p].name}): {did} · {seats}."


# -- applying --------------------------------------------------------------------------------------


def apply_choice(st: State, seat: int, option_id: str) -> list[Event]:
    """Apply ``option_id``, one of ``seat``'s options in the open decision (the caller has checked it with
    :func:`games.metax.rules.refusals.check`, which refuses anything else and names the rule; past that check
    everything is legal by construction). Returns the events."""
    play = Play(st)
    try:
        if st.prompt:
            play.answer_prompt(option_id)
        else:
            play.choose(option_id)
        play.advance()
        # MX-WIN-03, MX-GAP-11: every state change passes here, so an empty deck ends the game
        # whatever emptied it (the paths that take a card from a deck also check at once).
        play.check_decks()
    except Ended:
        pass
    st.version += 1
    return play.ev


def settle(st: State) -> list[Event]:
    """Judge a state built from outside the rules (a scenario position): if a deck is already empty
    the game ends now (MX-WIN-03, MX-GAP-11). Returns the events of that ending (none if it goes on)."""
    play = Play(st)
    if st.phase != "over":
        try:
            play.check_decks()
        except Ended:
            st.version += 1
    return play.ev


class Play:
    """One application of a choice: mutates ``st`` and collects events in ``ev``."""

    __slots__ = ("st", "ev", "defs")

    def __init__(self, st: State):
        self.st = st
        self.ev: list[Event] = []
        self.defs = defs_of(st)

    # -- logging

    def log(self, text: str) -> None:
        self.ev.append(Event(text))

    def tell(self, seat: int, text: str) -> None:
        self.ev.append(Event(text, (seat,)))

    def who(self, p: int) -> str:
        return self.st.players[p].name

    # -- game end (MX-WIN-*)

    def end(self, winners: tuple[int, ...], reason: str, text: str) -> None:
        st = self.st
        losers = tuple(p for p in range(len(st.players)) if p not in winners)
        st.result = {"winners": list(winners), "losers": list(losers), "reason": reason, "text": text,
                     "draw": not winners, "rule": result_rule(reason, not winners), "scores": scores(st)}
        st.phase = "over"
        st.prompt = ""
        st.frames.clear()
        self.log(f"Game over: {text}")
        raise Ended

    def check_decks(self) -> None:
        """MX-WIN-03, MX-GAP-11: the moment a deck is empty, its owner's opponent wins; both empty: draw.

        Runs where a card leaves a deck (:meth:`take_top` for draws and VPs, a search's take), after
        every applied choice (:func:`apply_choice`, whatever emptied the deck) and on a position
        (:func:`settle`). Raises :class:`Ended` when it ends the game."""
        st = self.st
        empty = [p for p, pl in enumerate(st.players) if not pl.deck]
        if not empty:
            return
        if len(empty) == 2:
            self.end((), "deck_out", "Both decks ran out at once: the game is a draw.")
        loser = empty[0]
        winner = 1 - loser
        self.end((winner,), "deck_out", f"{self.who(loser)}'s deck ran out: {self.who(winner)} wins.")

    # -- basic actions

    def take_top(self, p: int, why: str) -> int:
        """The top card of p's deck, removed (MX-ZN-02); the caller runs the deck-out check once the
        card is placed. An empty deck never passes silently: ``why`` is logged and the game ends by
        deck-out (MX-WIN-03, MX-GAP-11)."""
        deck = self.st.players[p].deck
        if not deck:
            self.log(why)
            self.check_decks()
            raise AssertionError("check_decks ends the game when a deck is empty")
        return deck.pop(0)

    def draw(self, p: int, n: int = 1) -> None:
        """MX-ZN-02: draw from the top; the deck-out check runs after every card (MX-WIN-03)."""
        pl = self.st.players[p]
        for _ in range(n):
            c = self.take_top(p, f"{self.who(p)} must draw a card, but their deck is empty.")
            pl.hand.append(c)
            self.tell(p, f"You draw {self.defs[c].name}.")
            self.check_decks()
        self.log(f"{self.who(p)} draws {n} card{'s' if n != 1 else ''}.")

    def gain_mp(self, p: int, n: int) -> None:
        """MX-MP-02: gains stop at 10."""
        pl = self.st.players[p]
        pl.mp = min(MP_CAP, pl.mp + n)

    def lose_mp(self, p: int, n: int) -> None:
        """MX-MP-03, MX-GAP-12: losses imposed by effects stop at 0."""
        pl = self.st.players[p]
        pl.mp = max(0, pl.mp - n)

    def apply_battle_mp(self, p: int, card: BattleCard) -> None:
        """MX-BTL-07: a Battle card's MP value is applied when it is played."""
        if card.mp >= 0:
            self.gain_mp(p, card.mp)
        else:
            self.st.players[p].mp += card.mp  # affordability checked by the options (MX-BTL-08)

    def to_discard(self, c: int) -> None:
        """MX-GAP-09: every card goes to its own owner's discard pile."""
        self.st.players[self.st.owner[c]].discard.append(c)

    def gain_vp(self, p: int) -> None:
        """MX-VP-02, MX-ZN-09: the top card of the opponent's deck goes face down to p's VP pile."""
        st = self.st
        pl = st.players[p]
        why = f"{self.who(p)} would gain a Victory Point, but {self.who(1 - p)}'s deck is empty."
        pl.vp.append(self.take_top(1 - p, why))
        self.log(f"{self.who(p)} gains a Victory Point ({len(pl.vp)} VP).")
        if len(pl.vp) >= VP_TO_WIN:  # MX-WIN-02, MX-VP-04
            self.end((p,), "seven_vp", f"{self.who(p)} has {VP_TO_WIN} Victory Points and wins.")
        self.check_decks()

    def leave_play(self, p: int, ch: Character, to_hand: bool = False) -> None:
        """A Character leaves play (KO, effect): its Damage to its owners' discard piles (MX-KO-06)."""
        pl = self.st.players[p]
        pl.in_play.remove(ch)
        for d in ch.damage:
            self.to_discard(d.card)
        ch.damage.clear()
        if to_hand:
            self.st.players[self.st.owner[ch.card]].hand.append(ch.card)
        else:
            self.to_discard(ch.card)

    def check_kos(self, told: tuple[int, ...] = ()) -> dict[int, str]:
        """MX-KO-01..08: KO every Character meeting the TKO or HP KO condition, repeatedly, since a KO
        can end a Constant ``stat_bonus`` and lower another Character's HP (MX-GAP-23). Logs one line per
        KO ("Merlin is KO'd by HP KO (5 Damage against HP 4)") except for the Characters in ``told``, whose
        KO the caller tells in its own line; returns instance -> how it was KO'd, in words."""
        st = self.st
        out: dict[int, str] = {}
        again = True
        while again:
            again = False
            for p, pl in enumerate(st.players):
                for ch in list(pl.in_play):
                    if not ch.damage:
                        continue
                    how = ko_words(st, p, ch)
                    if how:
                        out[ch.card] = how
                        if ch.card not in told:
                            self.log(f"{self.defs[ch.card].name} is KO'd by {how}.")
                        self.leave_play(p, ch)
                        again = True
        return out

    # -- phase choices

    def choose(self, oid: str) -> None:
        st = self.st
        phase = st.phase
        kind, _, rest = oid.partition(":")
        if phase == "mulligan":
            self.mulligan(oid == "mulligan")
        elif phase == "mulligan_order":
            self.mulligan_order(rest if kind == "bottom" else None)
        elif phase == "planning":
            if kind == "char":
                self.play_character(rest)
            elif kind == "event":
                self.play_event(rest)
            elif kind == "push":
                self.use_push(int(rest))
            else:
                self.log(f"{self.who(st.active)} goes to the Battle Step.")
                st.phase = "attack"
        elif phase == "attack":
            if kind == "attack":
                st.pick = int(rest)
                st.phase = "attack_card"
            else:
                self.end_declarations()
        elif phase == "attack_card":
            if kind == "back":
                st.pick = -1
                st.phase = "attack"
            else:
                cid, _, stat = rest.partition(":")
                self.declare_attack(st.pick, cid, stat)
        elif phase == "link":
            if kind == "link":
                self.link(int(rest))
            else:
                st.phase = "attack"
        elif phase == "defend":
            if kind == "defend":
                k, _, d = rest.partition(":")
                st.pick, st.pick2 = int(k), int(d)
                st.phase = "defend_card"
            else:
                self.log(f"{self.who(st.deciding)} is done assigning defenders.")
                self.start_damage()
        elif phase == "defend_card":
            if kind == "back":
                st.phase = "defend"
            else:
                cid, _, stat = rest.partition(":")
                self.assign_defender(st.pick, st.pick2, cid, stat)
        elif phase == "damage_order":
            self.resolve_attack(int(rest))

    def advance(self) -> None:
        """Run pending effects, then skip decisions that have nothing to decide (fewer clicks), judged on
        public facts only (MX-GAP-24: :func:`may_plan`, :func:`may_attack`, :func:`may_defend`)."""
        st = self.st
        while True:
            self.run_frames()
            if st.prompt or st.phase == "over":
                return
            phase = st.phase
            p = st.deciding
            if phase == "planning" and not may_plan(st):
                self.log(f"{self.who(p)} has no card in hand and goes to the Battle Step.")
                st.phase = "attack"
            elif phase == "attack" and not may_attack(st, p):
                self.end_declarations()
            elif phase == "link" and not any(
                can_link(st, p, ch, st.attacks[-1]) for ch in st.players[p].in_play
            ):
                st.phase = "attack"
            elif phase == "defend" and not may_defend(st, p):
                self.start_damage()
            elif phase == "damage_order":
                pending = [k for k, a in enumerate(st.attacks) if a.defender >= 0 and not a.resolved]
                if len(pending) > 1:
                    return
                if pending:
                    self.resolve_attack(pending[0])
                else:
                    self.finish_battle()
            else:
                return

    # -- set-up (MX-SET-*)

    def mulligan(self, take: bool) -> None:
        st = self.st
        p = st.deciding
        pl = st.players[p]
        if take:
            pl.mulligan = "mulliganed"
            self.log(f"{self.who(p)} mulligans.")
            st.phase = "mulligan_order"
        else:
            pl.mulligan = "kept"
            self.log(f"{self.who(p)} keeps their hand.")
            self.next_mulligan()

    def mulligan_order(self, cid: str | None) -> None:
        """MX-SET-04/07: each chosen card goes under the previous ones; ``None`` = rest in hand order."""
        st = self.st
        p = st.deciding
        pl = st.players[p]
        if cid is None:
            pl.deck.extend(pl.hand)
            pl.hand.clear()
        else:
            c = next(c for c in pl.hand if st.cards[c] == cid)
            pl.hand.remove(c)
            pl.deck.append(c)
            if len(pl.hand) == 1:
                pl.deck.append(pl.hand.pop())
        if not pl.hand:
            self.draw(p, HAND_SIZE)
            self.next_mulligan()

    def next_mulligan(self) -> None:
        """MX-SET-06: the first player decides first, then the second; then turn 1 begins."""
        st = self.st
        if st.deciding == st.first:
            st.deciding = 1 - st.first
            st.phase = "mulligan"
        else:
            self.start_turn(st.first)

    # -- turn (MX-TRN-*, MX-PRP-01)

    def start_turn(self, p: int) -> None:
        st = self.st
        st.turn += 1
        if st.turn > TURN_CAP:
            self.end((), "turn_cap", f"The game reached the {TURN_CAP}-turn cap and is a draw.")
        st.active = st.deciding = p
        pl = st.players[p]
        pl.played_character = False
        self.log(f"Turn {st.turn}: {self.who(p)}.")
        if st.turn == 1:  # MX-TRN-02: the very first turn skips the Prep Step
            self.log(f"{self.who(p)} goes first and skips the Prep Step.")
        else:
            for ch in pl.in_play:
                ch.pushed = False
            self.draw(p, 1)
        st.phase = "planning"

    def end_turn(self) -> None:
        st = self.st
        self.log(turn_summary(st))
        st.attacks.clear()
        st.pick = st.pick2 = -1
        self.start_turn(1 - st.active)

    # -- planning (MX-PLN-*, MX-EVT-*, MX-CHR-05/07)

    def take_from_hand(self, p: int, cid: str) -> int:
        hand = self.st.players[p].hand
        for c in hand:
            if self.st.cards[c] == cid:
                hand.remove(c)
                return c
        raise AssertionError(cid)

    def play_character(self, cid: str) -> None:
        st = self.st
        p = st.active
        pl = st.players[p]
        c = self.take_from_hand(p, cid)
        card = self.defs[c]
        pl.in_play.append(Character(c, pushed=False, entered=st.turn))  # MX-CHR-09: enters Prepped
        pl.played_character = True
        self.gain_mp(p, card.mp)  # MX-CHR-05: +MP first, then On-Play
        self.log(f"{self.who(p)} plays {card.name} (+{card.mp} MP) and has {pl.mp} MP.")
        self.queue_effects(p, c, ("on_play",))

    def play_event(self, cid: str) -> None:
        """MX-EVT-03: pay the cost, use the effect, then discard; negated if a ``negate`` is pending."""
        st = self.st
        p = st.active
        pl = st.players[p]
        c = self.take_from_hand(p, cid)
        card = self.defs[c]
        pl.mp -= card.cost
        self.log(f"{self.who(p)} plays {card.name} (costs {card.cost} MP) and has {pl.mp} MP.")
        if event_negated(st, p):
            pl.negate_until = 0
            self.log(f"The effect of {card.name} is negated.")
            self.to_discard(c)
            return
        st.resolving.append(c)
        self.queue_effects(p, c, ("event",))

    def push_active(self, iid: int) -> int:
        """Push the active player's Character ``iid`` as the cost of using it (its Push effect MX-CHR-07,
        an attack MX-ATK-03, a Link MX-TEAM-03); returns the active seat."""
        ch = find_char(self.st, iid)
        assert ch is not None
        ch.pushed = True
        return self.st.active

    def use_push(self, iid: int) -> None:
        """MX-CHR-07: Push the Character and queue its Push effect."""
        p = self.push_active(iid)
        self.log(f"{self.who(p)} pushes {self.defs[iid].name} to use its Push effect.")
        self.queue_effects(p, iid, ("push",))

    def queue_effects(self, p: int, source: int, timings: tuple[str, ...], attack: int = -1) -> None:
        for i, eff in enumerate(self.defs[source].effects):
            if eff.timing in timings:
                self.st.frames.append(Frame(p, source, i, 0, attack))

    # -- battle (MX-ATK-*, MX-TEAM-*, MX-DEF-*, MX-DMG-*, MX-VP-*)

    def declare_attack(self, iid: int, cid: str, stat: str) -> None:
        """MX-ATK-03: Push, move to the Battle Zone, play the Battle card, apply its MP, use its effects."""
        st = self.st
        p = self.push_active(iid)
        c = self.take_from_hand(p, cid)
        card = self.defs[c]
        st.attacks.append(Attack(iid, c, stat))
        self.apply_battle_mp(p, card)
        self.log(f"{self.who(p)} attacks with {self.defs[iid].name}, playing {card.name} "
                 f"({battle_words(card, stat)}) and has {st.players[p].mp} MP.")
        st.pick = -1
        st.phase = "link"  # MX-GAP-12: Links come after the lead's Battle card (its +MP can fund them)
        self.queue_effects(p, c, ("battle", "attack"), len(st.attacks) - 1)

    def link(self, iid: int) -> None:
        """MX-TEAM-01/03: pay 5 MP and Push the Linked Character."""
        st = self.st
        p = self.push_active(iid)
        st.players[p].mp -= LINK_COST
        atk = st.attacks[-1]
        atk.links.append(iid)
        self.log(f"{self.who(p)} links {log_name(st, iid)} to {log_name(st, atk.attacker)}'s attack "
                 f"and has {st.players[p].mp} MP.")

    def end_declarations(self) -> None:
        """MX-ATK-05, MX-DEF-01: when attacks are declared, the opponent may assign defenders."""
        st = self.st
        st.pick = -1
        if not st.attacks:
            self.log(f"{self.who(st.active)} declares no attacks.")
            self.end_turn()
            return
        self.log(f"{self.who(st.active)} is done declaring attacks.")
        st.deciding = 1 - st.active
        st.phase = "defend"

    def assign_defender(self, k: int, iid: int, cid: str, stat: str) -> None:
        """MX-DEF-03/05: one defender per attack; it plays a Battle card and uses its effects
        (Defense-only included) unless the attacker's card negated it."""
        st = self.st
        p = st.deciding
        atk = st.attacks[k]
        c = self.take_from_hand(p, cid)
        card = self.defs[c]
        atk.defender, atk.dcard, atk.dstat = iid, c, stat
        self.apply_battle_mp(p, card)
        self.log(f"{self.who(p)} blocks {self.defs[atk.attacker].name} with {self.defs[iid].name}, playing "
                 f"{card.name} ({battle_words(card, stat)}) and has {st.players[p].mp} MP.")
        st.pick = st.pick2 = -1
        st.phase = "defend"
        if atk.negated and card.effects:
            self.log(f"The effect of {card.name} is negated.")
        else:
            self.queue_effects(p, c, ("battle", "defense"), k)

    def start_damage(self) -> None:
        st = self.st
        st.deciding = st.active
        st.phase = "damage_order"  # MX-DMG-03: the attacking player orders defended attacks

    def resolve_attack(self, k: int) -> None:
        """MX-DMG-02, MX-KO-05, MX-TEAM-07/08: compare a Team Attack, attach both cards at once, check KOs.

        MX-GAP-10: if the attacker left play the attack ends (both cards discarded); if only the
        defender left play, its card is discarded and the attack counts as undefended.
        """
        st = self.st
        atk = st.attacks[k]
        atk.resolved = True
        p = st.active
        attacker = find_char(st, atk.attacker)
        defender = find_char(st, atk.defender)
        if attacker is None:
            self.log(f"Attack {k + 1} ends: {self.defs[atk.attacker].name} left play.")
            self.to_discard(atk.card)
            self.to_discard(atk.dcard)
            atk.card = atk.dcard = -1
            return
        if defender is None:
            self.log(f"Attack {k + 1} is undefended: {self.defs[atk.defender].name} left play.")
            self.to_discard(atk.dcard)
            atk.defender = atk.dcard = -1
            return
        if atk.links:
            self.team_attack(k)
        a_name, d_name = log_name(st, atk.attacker), log_name(st, atk.defender)
        if a_name == d_name:
            a_name, d_name = f"{self.who(p)}'s {a_name}", f"{self.who(1 - p)}'s {d_name}"
        defender.damage.append(Damage(atk.card, atk.stat))
        attacker.damage.append(Damage(atk.dcard, atk.dstat))
        took = (f"{d_name} takes {battle_words(self.defs[atk.card], atk.stat, mp=False)} Damage "
                f"({_damage_total(self.defs, defender)} in all, HP {max_rank(st, 1 - p, atk.defender)}) and "
                f"{a_name} takes {battle_words(self.defs[atk.dcard], atk.dstat, mp=False)} Damage "
                f"({_damage_total(self.defs, attacker)} in all, HP {max_rank(st, p, atk.attacker)})")
        atk.card = atk.dcard = -1
        at = len(self.ev)
        kos = self.check_kos(told=(atk.attacker, atk.defender))
        fates = [f"{nm} is KO'd by {kos[iid]}" if iid in kos else f"{nm} stays in play"
                 for nm, iid in ((d_name, atk.defender), (a_name, atk.attacker))]
        if (atk.defender in kos) != (atk.attacker in kos):
            verdict = f"{'; '.join(fates)}: {self.who(p if atk.defender in kos else 1 - p)} wins the fight"
        elif atk.defender in kos:
            verdict = f"{'; '.join(fates)}: nobody wins the fight"
        else:
            verdict = "No KO: both stay in play"
        # MX-DMG-02, MX-KO-05: both cards are attached at once, then both Characters are checked
        self.ev.insert(at, Event(f"Attack {k + 1}, {a_name} against {d_name}: {took}. {verdict}."))

    def team_attack(self, k: int) -> None:
        """MX-TEAM-07: a defended Team Attack compares the lead's card Rank plus each Linked Character's
        Rank in the Stat against the blocking card's Rank plus the blocker's; equal or more gains a VP."""
        st = self.st
        atk = st.attacks[k]
        p = st.active
        linked = [ln for ln in atk.links if find_char(st, ln) is not None]
        parts = [(self.defs[atk.card].name, self.defs[atk.card].rank)]
        parts += [(log_name(st, ln), rank(st, p, ln, atk.stat)) for ln in linked]
        guard = [(self.defs[atk.dcard].name, self.defs[atk.dcard].rank),
                 (log_name(st, atk.defender), rank(st, 1 - p, atk.defender, atk.stat))]
        attack_value = sum(n for _, n in parts)
        defence_value = sum(n for _, n in guard)
        sums = " + ".join(f"{nm} {n}" for nm, n in parts) + " against " + " + ".join(f"{nm} {n}" for nm, n in guard)
        wins = attack_value >= defence_value
        outcome = f"{self.who(p)} wins the Team Attack" if wins else f"{self.who(1 - p)}'s block holds"
        self.log(f"Team Attack {k + 1}: {attack_value} against {defence_value} ({sums}): {outcome}.")
        if wins:
            self.gain_vp(p)

    def finish_battle(self) -> None:
        """MX-VP-01/03: each undefended attack whose attacker is still in play gains 1 VP; then the
        undefended Battle cards are discarded and the turn ends."""
        st = self.st
        p = st.active
        for atk in st.attacks:
            if atk.defender < 0 and atk.card >= 0:
                if find_char(st, atk.attacker) is not None:
                    self.log(f"{log_name(st, atk.attacker)} is not blocked.")
                    self.gain_vp(p)
                else:
                    self.log(f"{self.defs[atk.attacker].name} left play and gains no VP.")
        for atk in st.attacks:
            if atk.card >= 0:
                self.to_discard(atk.card)
                atk.card = -1
        self.end_turn()

    # -- effects (MX-EFF-*)

    def run_frames(self) -> None:
        """Use pending effects in order (MX-EFF-03) until one needs a player's choice."""
        st = self.st
        while st.frames and not st.prompt:
            f = st.frames[0]
            steps = self.defs[f.source].effects[f.effect].steps
            if f.step >= len(steps):
                st.frames.pop(0)
                if f.source in st.resolving:  # MX-EVT-03: the Event is discarded after use
                    st.resolving.remove(f.source)
                    self.to_discard(f.source)
                continue
            if self.do_step(f, steps[f.step]):
                f.step += 1
                f.data.clear()

    def targets(self, f: Frame, step) -> list[int]:
        """Characters a targeted step may choose, in seat then play order."""
        st = self.st
        me = f.controller
        out = []
        for p, pl in enumerate(st.players):
            if step.target == "own" and p != me or step.target == "opponent" and p == me:
                continue
            for ch in pl.in_play:
                if step.trait is not None and self.defs[ch.card].trait != step.trait:
                    continue
                if step.do == "push" and ch.pushed or step.do == "prep" and not ch.pushed:
                    continue
                if step.do == "prep" and step.other and ch.card == f.source:
                    continue
                if step.do == "remove_damage" and not ch.damage:
                    continue
                out.append(ch.card)
        return out

    def do_step(self, f: Frame, step) -> bool:
        """Use one step; returns False when it waits for a choice (``st.prompt`` set)."""
        st = self.st
        me = f.controller
        who = me if step.who == "self" else 1 - me
        do = step.do
        if do == "draw":
            self.draw(who, step.count)
        elif do == "gain_mp":
            self.gain_mp(who, step.amount)
            self.log(f"{self.who(who)} gains {step.amount} MP ({st.players[who].mp} MP).")
        elif do == "lose_mp":
            self.lose_mp(who, step.amount)
            self.log(f"{self.who(who)} loses {step.amount} MP ({st.players[who].mp} MP).")
        elif do == "discard":
            pl = st.players[who]
            left = f.data[0] if f.data else step.count
            if left <= 0 or not pl.hand:
                return True
            if len(pl.hand) <= left:
                for c in list(pl.hand):
                    pl.hand.remove(c)
                    self.to_discard(c)
                    self.log(f"{self.who(who)} discards {self.defs[c].name}.")
                return True
            f.data[:] = [left]
            return self.ask(who, "discard")
        elif do == "negate":
            if step.what == "next_event":
                victim = 1 - me
                st.players[victim].negate_until = st.turn + (2 if st.active == victim else 1)
                self.log(f"{self.who(victim)}'s next Event card will be negated.")
            elif f.attack >= 0:
                st.attacks[f.attack].negated = True
                self.log("The Battle card that defends this attack will have its effect negated.")
        elif do == "search":  # MX-GAP-24: asked even when nothing matches (the deck is secret)
            return self.ask(me, "search")
        elif do in ("push", "prep", "return_to_hand", "remove_damage"):
            cands = self.targets(f, step)
            if not cands:
                return True
            if len(cands) == 1:
                self.target_chosen(f, step, cands[0])
                return True
            return self.ask(me, "target")
        elif do == "attach_damage":
            if not f.data:
                cands = self.targets(f, step)
                # MX-GAP-24: from the hand, only its size is public; an empty discard pile is public too
                if not cands or not (st.players[me].hand if step.source == "hand" else self.damage_cards(me, step)):
                    return True
                if len(cands) == 1:
                    f.data[:] = [cands[0]]
                else:
                    return self.ask(me, "target")
            return self.ask(me, "attach")
        # attack_on_entry / stat_bonus are Constant: nothing to do when used.
        return True

    def ask(self, seat: int, kind: str) -> bool:
        self.st.prompt = kind
        self.st.prompt_seat = seat
        return False

    def rng_shuffle(self, cards: list[int]) -> None:
        rng = Rng(self.st.rng)
        rng.shuffle(cards)
        self.st.rng = rng.state

    def search_matches(self, p: int, step) -> list[int]:
        out = []
        for c in self.st.players[p].deck:
            card = self.defs[c]
            if step.kind is not None and card.kind != step.kind:
                continue
            if step.trait is not None and getattr(card, "trait", None) != step.trait:
                continue
            if step.stat is not None and step.stat not in getattr(card, "stats", ()):
                continue
            out.append(c)
        return out

    def damage_cards(self, p: int, step) -> list[int]:
        zone = self.st.players[p].hand if step.source == "hand" else self.st.players[p].discard
        return [c for c in zone if self.defs[c].kind == "battle"]

    def target_chosen(self, f: Frame, step, iid: int) -> None:
        st = self.st
        p = controller_of(st, iid)
        ch = find_char(st, iid)
        assert ch is not None
        nm = self.defs[iid].name
        if step.do == "push":
            ch.pushed = True
            self.log(f"{nm} is Pushed.")
        elif step.do == "prep":
            ch.pushed = False
            self.log(f"{nm} is Prepped.")
        elif step.do == "return_to_hand":
            self.leave_play(p, ch, to_hand=True)
            self.log(f"{nm} returns to {self.who(st.owner[iid])}'s hand.")
            self.check_kos()  # MX-KO-08: a Constant bonus may have ended
        elif step.do == "remove_damage":
            for d in ch.damage[-step.count:]:
                self.to_discard(d.card)
            del ch.damage[-step.count:]
            self.log(f"Damage is removed from {nm}.")
        elif step.do == "attach_damage":
            f.data[:] = [iid]

    def answer_prompt(self, oid: str) -> None:
        """Complete the step waiting on ``st.prompt`` with option ``oid``."""
        st = self.st
        f = st.frames[0]
        step = self.defs[f.source].effects[f.effect].steps[f.step]
        kind = st.prompt
        st.prompt = ""
        st.prompt_seat = -1
        head, _, rest = oid.partition(":")
        if kind == "discard":
            who = f.controller if step.who == "self" else 1 - f.controller
            c = self.take_from_hand(who, rest)
            self.to_discard(c)
            self.log(f"{self.who(who)} discards {self.defs[c].name}.")
            f.data[:] = [f.data[0] - 1]
            if f.data[0] > 0:
                return  # do_step asks again for the next card
        elif kind == "search":
            me = f.controller
            pl = st.players[me]
            if head == "take":
                c = next(c for c in pl.deck if st.cards[c] == rest)
                pl.deck.remove(c)
                pl.hand.append(c)
                self.tell(me, f"You take {self.defs[c].name} into your hand.")
            self.rng_shuffle(pl.deck)  # MX-ZN-03
            self.log(f"{self.who(me)} searches their deck{' for a card' if head == 'take' else ''} and shuffles it.")
            self.check_decks()
        elif kind == "target":
            self.target_chosen(f, step, int(rest))
            if step.do == "attach_damage":
                return  # next: which card to attach
        elif kind == "attach" and head == "none":
            self.log(f"{self.who(f.controller)} has no Battle card to attach.")
        elif kind == "attach":
            cid, _, stat = rest.partition(":")
            me = f.controller
            zone = st.players[me].hand if step.source == "hand" else st.players[me].discard
            c = next(c for c in reversed(zone) if st.cards[c] == cid)
            zone.remove(c)
            ch = find_char(st, f.data[0])
            assert ch is not None
            ch.damage.append(Damage(c, stat))
            self.log(f"{self.who(me)} attaches {self.defs[c].name} to {self.defs[ch.card].name} as "
                     f"{battle_words(self.defs[c], stat, mp=False)} Damage ({_damage_total(self.defs, ch)} in all).")
            self.check_kos()  # MX-DMG-06, MX-KO-04
        f.step += 1
        f.data.clear()


def _prompt_decision(st: State) -> Decision:
    """The decision for an effect step waiting on a choice (MX-EFF-04: the discarding player chooses)."""
    defs = defs_of(st)
    f = st.frames[0]
    src = defs[f.source]
    step = src.effects[f.effect].steps[f.step]
    seat = st.prompt_seat
    kind = st.prompt
    play = Play(st)
    if kind == "discard":
        cards = distinct_cards(st, st.players[seat].hand)
        names = card_names(cards)
        opts = [Option(f"discard:{c.id}", fit(f"Discard {names[c.id]} {facts(c).details}"), (c.id,)) for c in cards]
        return Decision(seat, "discard", f"{src.name}: choose a card to discard ({f.data[0]} to go).",
                        tuple(opts), default=opts[0].id)
    if kind == "search":
        cards = distinct_cards(st, play.search_matches(seat, step))
        names = card_names(cards)
        opts = [Option(f"take:{c.id}", fit(f"Take {names[c.id]} {facts(c).details}"), (c.id,)) for c in cards]
        opts.append(Option("none", "Take nothing"))
        return Decision(seat, "search", f"{src.name}: search your deck for a card.", tuple(opts),
                        default="none")
    if kind == "target":
        opts = [Option(f"target:{iid}", fit(char_label(st, iid, seat, owner=True)), (st.cards[iid],))
                for iid in play.targets(f, step)]
        verb = {"push": "Push", "prep": "Prep", "return_to_hand": "Return to hand", "remove_damage":
                "Remove Damage from", "attach_damage": "Attach Damage to"}[step.do]
        return Decision(seat, "target", f"{src.name}: {verb} which Character?", tuple(opts),
                        default=opts[0].id)
    if kind == "attach":
        cards = distinct_cards(st, play.damage_cards(seat, step))
        names = card_names(cards)
        opts = []
        for card in cards:
            for s in card.stats:
                suffix = f" as {STAT_NAMES[s.value]}" if card.multi else ""
                opts.append(Option(f"attach:{card.id}:{s.value}",
                                   fit(f"Attach {names[card.id]} {facts(card).details}{suffix}"), (card.id,)))
        if not opts:  # MX-GAP-24: a hand without a Battle card was asked all the same
            opts.append(Option("none", "No Battle card to attach"))
        # MX-GAP-24: from the discard pile (public, MX-ZN-06) one option is forced for all to see; from
        # the hand a lone option follows from a secret, so that player is still asked.
        return Decision(seat, "attach", f"{src.name}: attach which Battle card to "
                        f"{char_label(st, f.data[0], seat, owner=True)}?",
                        tuple(opts), default=opts[0].id, forced=step.source == "discard" and len(opts) == 1)
    raise AssertionError(kind)

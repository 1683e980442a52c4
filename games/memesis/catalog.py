"""The Memesis card catalog: every card of the pool as :class:`games.core.catalog.CardInfo`, with
its rules text written from its data and its copy limit (MEM-GAP-01), for ``/card``, ``/deck`` and
``metahost deck``; :func:`card_line` gives the one-line lookup text of :func:`games.memesis.cards.card_line`.

Search tags: ``kind`` (creature, cause, effect, rune), ``predilection`` (the card front), ``cost``, ``attack``,
``life`` and ``armor`` (creatures), ``marking`` (each Rune marking the card bears), ``set`` (sym, bio, tic),
``fragment`` (the marking of each Rune fragment), ``fusion`` (true, partial, trans), ``ammo`` (yes, for a
card with an Ammo-fuelled ability), ``degrading`` (yes, for a card with a negative upgrade, MEM-GAP-19), so
``kind:creature marking:spiritual`` finds the creatures a Spiritual Rune upgrades.
"""

from __future__ import annotations

from functools import cache

from games.core import textsearch
from games.core.catalog import CardInfo, Catalog, labels

from . import cards as _cards
from .cards import Ability, Card, Step, Upgrade
from .pool import MAX_COPIES, card_pool

_WHO = {
    "player": "target player", "opposing_player": "target opposing player", "creature": "target creature",
    "opposing_creature": "target opposing creature", "own_creature": "target creature you control",
    "ally_creature": "target creature of your team", "cause": "target opposing Cause card", "you": "you",
    "each_opponent": "each opposing player", "all_opposing_creatures": "every opposing creature",
    "all_creatures": "every creature", "team": "each player of your team", "this": "this creature",
}
_PLURAL = {"you", "each_opponent", "team", "all_opposing_creatures", "all_creatures"}


def _n(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def step_text(step: Step, target: str) -> str:
    """One step in words, e.g. ``"deal 3 damage to target opposing creature"`` (vocabulary: the
    :mod:`games.memesis.cards` docstring)."""
    who, n = _WHO.get(target, target), step.amount
    match step.do:
        case "damage":
            return f"deal {n} damage to {who}"
        case "heal":
            return f"{who} gain{'' if target in _PLURAL else 's'} {n} Life"
        case "mend":
            return f"{who} recover{'' if target in _PLURAL else 's'} {n} Life, up to its full Life"
        case "source":
            return f"{who} gain{'' if target in _PLURAL else 's'} {n} source"
        case "draw":
            return f"{who} draw{'' if target in _PLURAL else 's'} {_n(n, 'card')}"
        case "discard":
            whose = "your" if target == "you" else "their"
            return f"{who} discard{'' if target in _PLURAL else 's'} {_n(n, 'card')} of {whose} choice"
        case "pump":
            return f"{who} get{'' if target in _PLURAL else 's'} +{n} Attack until end of turn"
        case "weaken":
            return f"{who} get{'' if target in _PLURAL else 's'} -{n} Attack until end of turn"
        case "shield":
            return f"{who} gain{'' if target in _PLURAL else 's'} {n} Armor (at most 3)"
        case "destroy":
            return f"put {who} into its owner's Dead Cell"
        case "bounce":
            return f"return {who} to its owner's hand"
        case "unsource":
            return f"unsource {who}"
        case "exhaust":
            return f"source {who} (its controller gains nothing)"
        case "drain":
            return f"{who} lose{'' if target in _PLURAL else 's'} {n} Life (not damage)"
    return step.do  # pragma: no cover - the schema allows no other step


def ability_text(ability: Ability, *, effect: bool = False) -> str:
    """``"Tally (2 source): you draw 1 card."``; an Effect card's one-time effect has no cost of its own.
    The ability's own ``text`` wins when it has one."""
    if ability.text:
        return f"{ability.name}: {ability.text}"
    pay = []
    if ability.cost:
        pay.append(f"{ability.cost} source")
    if ability.ammo:
        pay.append(f"{ability.ammo} Ammo")
    if ability.any_time and not effect:
        pay.append("any time")
    head = f"{ability.name} ({', '.join(pay)})" if pay else ability.name
    what = "; then ".join(step_text(s, ability.target) for s in ability.steps)
    return f"{head}: {what[:1].upper()}{what[1:]}."


def upgrade_text(upgrade: Upgrade) -> str:
    """An upgrade in words: its own text, else ``"+1 Attack, +1 Life"`` and the ability it grants."""
    if upgrade.text:
        return upgrade.text
    parts = [f"{v:+d} {k}" for k, v in (("Attack", upgrade.attack), ("Life", upgrade.life),
                                        ("Armor", upgrade.armor)) if v]
    if upgrade.ability:
        parts.append(ability_text(upgrade.ability).rstrip("."))
    return ", ".join(parts)


def card_text(card: Card) -> str:
    """Every rules line of ``card`` in reading order: kind rules, abilities, Rune markings, fragments, set and
    True Fusion partner; never empty."""
    pool = card_pool()
    lines: list[str] = []
    if card.kind == "rune":
        lines.append(f"Place it on a card bearing the {card.predilection.title()} marking to give that card its "
                     "upgrade (1 source to place, 1 to remove; see /rules MEM-RUN-02).")
    elif card.kind == "cause":
        lines.append("Cause: stays in the Main Cell; each ability once per turn (see /rules MEM-CE-06).")
    elif card.kind == "effect":
        lines.append("Effect: one-time use, any time (see /rules MEM-CE-07).")
    for a in card.abilities:
        lines.append(ability_text(a, effect=card.kind == "effect"))
    for marking, upgrade in card.markings.items():
        lines.append(f"[{marking.title()} Rune] {upgrade_text(upgrade)}.")
    for f in card.fragments:
        lines.append(f"Fragment [{f.marking.title()}]: fused onto a card bearing that marking, it gives "
                     f"{upgrade_text(f.upgrade)}.")
    if card.set:
        lines.append(f"Trans Fusion set: {card.set.title()} (see /rules MEM-FUS-02).")
    if card.partner and card.fusion:
        other = pool.get(card.partner)
        name = other.name if other else card.partner
        lines.append(f"True Fusion with {name}: {upgrade_text(card.fusion)}.")
    return "\n".join(lines) or "No ability."


def _fields(card: Card) -> list[tuple[str, str]]:
    fields = [("Kind", card.kind.title()), ("Predilection", card.predilection.title())]
    if card.kind != "rune":
        fields.append(("Cost", f"{card.cost} source"))
    if card.kind == "creature":
        fields.append(("Attack / Life", f"{card.attack} / {card.life}"))
        if card.armor:
            fields.append(("Armor", str(card.armor)))
    if card.markings:
        fields.append(("Markings", ", ".join(m.title() for m in card.markings)))
    if card.set:
        fields.append(("Set", card.set.title()))
    return fields


def _degrading(card: Card) -> bool:
    ups = list(card.markings.values()) + ([card.fusion] if card.fusion else [])
    return any(u.attack < 0 or u.life < 0 or u.armor < 0 for u in ups)


def card_info(card: Card, label: str) -> CardInfo:
    """``card`` as catalog data: display fields, rules text, copy limit and search tags (module docstring)."""
    tags: list[tuple[str, str]] = [("kind", card.kind), ("predilection", card.predilection)]
    if card.kind != "rune":
        tags.append(("cost", str(card.cost)))
    if card.kind == "creature":
        tags += [("attack", str(card.attack)), ("life", str(card.life)), ("armor", str(card.armor))]
    tags += [("marking", m) for m in card.markings]
    if card.set:
        tags += [("set", card.set), ("fusion", "trans")]
    if card.fragments:
        tags += [("fragment", f.marking) for f in card.fragments] + [("fusion", "partial")]
    if card.partner:
        tags.append(("fusion", "true"))
    abilities = list(card.abilities) + [u.ability for u in card.markings.values() if u.ability]
    if any(a.ammo for a in abilities):
        tags.append(("ammo", "yes"))
    if _degrading(card):
        tags.append(("degrading", "yes"))
    return CardInfo(
        id=card.id,
        name=card.name,
        type=card.kind.title(),
        label=label,
        fields=tuple(_fields(card)),
        text=card_text(card),
        flavor=card.flavor,
        limit=f"Up to {MAX_COPIES} copies by name in a 40-card deck",
        tags=tuple((textsearch.normalize(k), textsearch.normalize(v)) for k, v in tags),
    )


@cache
def build_catalog() -> Catalog:
    """The Memesis catalog, in pool order; built once. Raises ``CardDataError`` if the pool is invalid."""
    pool = card_pool()
    names = labels((c.id, c.name) for c in pool.values())
    return Catalog("memesis", "Memesis", (card_info(c, names[c.id]) for c in pool.values()))


def card_line(text: str) -> str:
    """The one-line description (:func:`games.memesis.cards.card_line`) of the card ``text`` names, as
    :meth:`Catalog.lookup` finds it (id, name, or a clear prefix or near miss).

    Raises :class:`games.core.catalog.CardNotFound` with a readable message when no single card matches."""
    return _cards.card_line(card_pool()[build_catalog().lookup(text).id])

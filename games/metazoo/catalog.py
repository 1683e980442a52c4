"""The MetaZoo card catalog: every Page of the pool as
:class:`games.core.catalog.CardInfo`, for ``/card``, ``/deck`` and ``metahost deck``, with its text written
from the Page's data and its Spellbook Limit (MZ-BOOK-02).

Search tags: ``type`` (aura, beastie, spell, potion, artifact, terra), ``aura`` (each Aura type of the cost,
or the type an Aura Page makes), ``cost`` (the total Aura Cost), ``lp``, ``trait`` (each Trait), ``tribe``,
``bonus`` (a Terra's bonus and each printed Terra Bonus), ``status`` (each status an Attack or Effect
inflicts), ``wall`` (yes, for a Page with a 4th Wall clause), so ``trait:flight aura:water`` finds the flying
Water Pages.
"""

from __future__ import annotations

from functools import cache

from games.core import textsearch
from games.core.catalog import CardInfo, Catalog, labels

from .cards import Attack, Effect, Page, Step
from .pool import card_pool


def _words(name: str) -> str:
    """A data name in words: ``full_moon`` -> ``Full Moon``, ``first_strike`` -> ``First Strike``."""
    return " ".join(w.capitalize() for w in name.replace("-", "_").split("_"))


def cost_text(page: Page) -> str:
    """``"2 Flame + 1 Neutral"``, or ``"0"`` for a Page that costs nothing (MZ-AURA-05)."""
    return " + ".join(f"{n} {_words(t)}" for t, n in page.cost.items()) or "0"


_TARGET = {
    "opposing_beastie": "target opposing Beastie", "own_beastie": "target Beastie you control",
    "beastie": "target Beastie", "opposing_page": "target opposing Beastie or Artifact",
    "opposing_caster": "target opposing Caster", "chain": "target Spell or Effect on the chain",
    "terra": "target Terra in a Terra slot", "all_opposing_beasties": "every opposing Beastie",
    "all_beasties": "every Beastie", "all_own_beasties": "every Beastie you control", "you": "you",
    "opponents": "every opposing Caster", "attacker": "the attacking Beastie", "this": "this Page",
}
_TIMING = {"contract": "CONTRACT", "flipped": "FLIPPED", "arena": "ARENA", "destroyed": "DESTROYED",
           "any_time": "Any time", "power": "Power (Fatigue this Page on your turn)",
           "start": "At the start of every turn", "end": "At the end of every turn"}


def _step(step: Step, target: str) -> str:
    who = _TARGET.get(target, target)
    n = step.amount
    match step.do:
        case "damage":
            return f"deal {n} Damage to {who}"
        case "lose_lp":
            return f"{who} loses {n} LP"
        case "recover":
            return f"{who} recovers {n} LP"
        case "gain_lp":
            return f"{who} gains {n} LP"
        case "inflict":
            x = f" {step.x}" if step.x else ""
            flip = "" if step.automatic else " (coin flip)"
            return f"inflict {_words(step.status or '')}{x} on {who}{flip}"
        case "destroy":
            return f"Destroy {who}"
        case "to_chapter":
            return f"return {who} to its owner's Chapter"
        case "bookmark":
            return f"Bookmark {n}"
        case "stop":
            return f"{who} does not resolve"
        case "reflect":
            return f"{who} targets its own Caster instead"
        case "search":
            return f"search your Spellbook for a {_words(step.page_type or 'Page')} Page, reveal it and put it " \
                   "into your Chapter"
        case "attack_bonus":
            return f"Attacks of {who} deal {n} more Damage"
        case "look":
            return f"look at the top {n} Pages of your Spellbook"
        case "reveal":
            return f"reveal the top {n} Pages of your Spellbook"
        case "win":
            return "you win the game"
        case "equip":
            return f"equip this Page to {who}"
    return step.do


def effect_text(effect: Effect) -> str:
    """An Effect's own text when the Page gives one, else one written from its keyword and steps."""
    if effect.text:
        return effect.text
    steps = "; ".join(_step(s, effect.target) for s in effect.steps)
    return f"{_TIMING.get(effect.timing, effect.timing)}: {steps[:1].upper()}{steps[1:]}."


def attack_text(attack: Attack) -> str:
    """``"Tail Lash: 40 Damage, Burn (coin flip), +20 vs Water"`` and the Attack's own text."""
    parts = [f"{attack.damage} Damage"]
    if attack.status:
        x = f" {attack.x}" if attack.x else ""
        parts.append(f"{_words(attack.status)}{x}" + ("" if attack.automatic else " (coin flip)"))
    if attack.advantage:
        parts.append(f"Aura Attack Advantage: {_words(attack.advantage)}")
    line = f"{attack.name}: {', '.join(parts)}"
    return f"{line}. {attack.text}" if attack.text else f"{line}."


def page_text(page: Page) -> str:
    """Every rules line of ``page`` in reading order: Attacks, Effects, Terra Bonuses, 4th Wall clauses,
    the Equipment bonus; ``"No effect."`` when it has none."""
    lines = [attack_text(a) for a in page.attacks]
    if page.type == "aura":
        lines.append(f"Fatigue it to make 1 {_words(page.aura or '')} Aura.")
    elif page.type == "terra":
        lines.append(f"Contract it into a Terra slot: while it is there, {_words(page.bonus or '')} counts as "
                     "true for every Terra Bonus and 4th Wall check.")
    lines += [effect_text(e) for e in page.effects]
    for tb in page.terra_bonuses:
        what = [f"+{tb.damage} Attack Damage" if tb.damage else "", f"+{tb.lp} LP" if tb.lp else ""]
        lines.append(f"Terra Bonus ({_words(tb.bonus)}): {' and '.join(w for w in what if w)}.")
    for w in page.wall:
        then = {"no_contract": "it cannot be Contracted", "no_attack": "it cannot attack",
                "to_chapter": "it returns to its owner's Chapter"}.get(w.then, f"it gains {_words(w.then)}")
        cond = w.condition.split(":", 1)[-1].strip() if ":" in w.condition else _words(w.condition)
        lines.append(f"4th Wall: while {cond}, {then}.")
    if page.equip is not None:
        eq = page.equip
        bits = [f"{eq.damage:+d} Attack Damage" if eq.damage else "", f"{eq.lp:+d} LP" if eq.lp else ""]
        bits += [_words(t) for t in eq.traits]
        lines.append(f"Equipped Page: {', '.join(b for b in bits if b)}.")
    if page.any_time:
        lines.append("You may Contract it any time you hold priority, on any turn.")
    return "\n".join(lines) or "No effect."


def _limit(page: Page) -> str:
    if page.limit is None:
        return "No Spellbook Limit: any number of copies (see /rules MZ-BOOK-02)"
    return f"Up to {page.limit} per Spellbook (see /rules MZ-BOOK-02)"


def card_info(page: Page, label: str) -> CardInfo:
    """``page`` as catalog data (fields for display, search tags)."""
    fields: list[tuple[str, str]] = [("Type", _words(page.type) + (" (Special)" if page.special else ""))]
    tags: list[tuple[str, str]] = [("type", page.type)]
    if page.type == "aura":
        fields.append(("Makes", f"{_words(page.aura or '')} Aura"))
        tags.append(("aura", page.aura or ""))
    elif page.type == "terra":
        fields.append(("Terra Bonus", _words(page.bonus or "")))
        tags.append(("bonus", page.bonus or ""))
    else:
        fields.append(("Aura Cost", cost_text(page)))
        tags += [("aura", t) for t in page.cost] + [("cost", str(sum(page.cost.values())))]
    if page.lp:
        fields.append(("LP", str(page.lp)))
        tags.append(("lp", str(page.lp)))
    if page.traits:
        fields.append(("Traits", ", ".join(_words(t) for t in page.traits)))
        tags += [("trait", t) for t in page.traits]
    if page.tribe:
        fields.append(("Tribe", page.tribe + (" (Tribal Boost)" if page.tribal_boost else "")))
        tags.append(("tribe", page.tribe))
    tags += [("bonus", tb.bonus) for tb in page.terra_bonuses]
    statuses = {a.status for a in page.attacks if a.status} | {
        s.status for e in page.effects for s in e.steps if s.status}
    tags += [("status", s) for s in sorted(statuses)]
    if page.wall:
        tags.append(("wall", "yes"))
    return CardInfo(
        id=page.id,
        name=page.name,
        type=_words(page.type),
        label=label,
        fields=tuple(fields),
        text=page_text(page),
        flavor=page.flavor,
        limit=_limit(page),
        tags=tuple((textsearch.normalize(k), textsearch.normalize(v)) for k, v in tags),
    )


@cache
def build_catalog() -> Catalog:
    """The MetaZoo catalog, in pool order; built once. Raises ``CardDataError`` if the pool is invalid."""
    pool = card_pool()
    names = labels((p.id, p.name) for p in pool.values())
    return Catalog("metazoo", "MetaZoo", (card_info(p, names[p.id]) for p in pool.values()))

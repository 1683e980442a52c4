"""A game's card catalog: every card of its pool as display data, searchable by name and by filters, and
resolvable from the names players write in deck lists and ``/card``. Pure; matching is
:mod:`games.core.textsearch`.

Each game builds its :class:`Catalog` from its own card models (``games/<game>/catalog.py``) and hands it
out through :meth:`games.core.contract.Game.card_catalog`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from games.core import textsearch


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card as the catalog shows it.

    ``id``: the card id deck lists store (``"e018.2"``, ``"hercules"``). ``name``: the printed name.
    ``type``: the display type, capitalised (``"Event"``, ``"Battle"``). ``label``: a name unique in the
    catalog, ``name`` or ``"name (id)"`` when another card shares the name (see :func:`labels`).
    ``fields``: ordered ``(label, value)`` pairs for display. ``text``: the full rules text. ``limit``: the
    copy limit in words with its rule ID. ``tags``: ``(key, value)`` pairs that search filters
    (``key:value``) match; keys and values are already :func:`textsearch.normalize`\\ d.
    """

    id: str
    name: str
    type: str
    label: str
    fields: tuple[tuple[str, str], ...]
    text: str
    flavor: str = ""
    limit: str = ""
    tags: tuple[tuple[str, str], ...] = ()


class CardNotFound(LookupError):
    """:meth:`Catalog.resolve` found no single card. ``message`` is readable as is; ``suggestions`` are
    the cards the player may have meant (the versions of an ambiguous name, or the closest names)."""

    def __init__(self, message: str, suggestions: list[CardInfo]):
        super().__init__(message)
        self.message = message
        self.suggestions = suggestions

    def __str__(self) -> str:
        return self.message


def labels(cards: Iterable[tuple[str, str]]) -> dict[str, str]:
    """``(id, name)`` pairs -> id -> label: the name, or ``"name (id)"`` when another card's name is the
    same once normalised (Meta versions of one base ID share their title, META-CRD-03)."""
    pairs = list(cards)
    # Normalised, because resolve() compares normalised names: "Kindling" and "kindling" would collide.
    counts = Counter(textsearch.normalize(name) for _, name in pairs)
    return {cid: f"{name} ({cid})" if counts[textsearch.normalize(name)] > 1 else name for cid, name in pairs}


_FILTER = re.compile(r"^(\w+):(\S*)$")
_NAME_WITH_ID = re.compile(r"^(.*\S)\s*\(\s*([^()]+?)\s*\)$")


def _tag_matches(tag_value: str, wanted: str) -> bool:
    # Numbers must match whole: "cost:1" must not find cost 10.
    if wanted.isdigit():
        return tag_value == wanted
    return tag_value.startswith(wanted)


class Catalog:
    """The cards of one game's pool, in pool order.

    ``game``: the game id; ``game_name``: its display name, used in messages. Raises ``ValueError`` if two
    cards share an id or a (normalised) label, since deck lists could not tell them apart.
    """

    def __init__(self, game: str, game_name: str, cards: Iterable[CardInfo]):
        self.game = game
        self.game_name = game_name
        self._cards: list[CardInfo] = list(cards)
        self._by_id: dict[str, CardInfo] = {}
        self._by_norm_id: dict[str, CardInfo] = {}
        self._by_label: dict[str, CardInfo] = {}
        self._by_name: dict[str, list[CardInfo]] = {}
        for card in self._cards:
            if card.id in self._by_id:
                raise ValueError(f"{game_name} catalog: card id {card.id!r} appears twice")
            label = textsearch.normalize(card.label)
            if label in self._by_label:
                raise ValueError(f"{game_name} catalog: label {card.label!r} is not unique")
            self._by_id[card.id] = card
            self._by_norm_id[textsearch.normalize(card.id)] = card
            self._by_label[label] = card
            self._by_name.setdefault(textsearch.normalize(card.name), []).append(card)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[CardInfo]:
        return iter(self._cards)

    def get(self, card_id: str) -> CardInfo | None:
        """The card with exactly this id, or ``None``."""
        return self._by_id.get(card_id)

    def types(self) -> list[str]:
        """Display types in order of first appearance in the pool."""
        return list(dict.fromkeys(c.type for c in self._cards))

    def filter_keys(self) -> list[str]:
        """Every tag key some card has, in order of first appearance (for help texts)."""
        return list(dict.fromkeys(k for c in self._cards for k, _ in c.tags))

    def search(self, query: str, limit: int | None = 25) -> list[CardInfo]:
        """Cards matching ``query``, best first, at most ``limit`` (``None``: all).

        Words of the form ``key:value`` are filters: a card passes if one of its tags has that key and a
        value starting with the normalised ``value`` (``stat:str`` finds ``strength``; a number must match
        whole). A key no card has matches nothing. The remaining words are matched against each card's
        name, label and id by :func:`textsearch.rank` (exact, prefix, word prefix, substring, fuzzy); with
        no remaining words the filtered cards come in pool order."""
        filters: list[tuple[str, str]] = []
        words: list[str] = []
        for token in query.split():
            m = _FILTER.match(token)
            if m:
                filters.append((textsearch.normalize(m.group(1)), textsearch.normalize(m.group(2))))
            else:
                words.append(token)
        cards = [c for c in self._cards
                 if all(any(k == key and _tag_matches(v, want) for k, v in c.tags) for key, want in filters)]
        name = " ".join(words)
        if not textsearch.normalize(name):
            return cards if limit is None else cards[:limit]
        return textsearch.rank(name, cards, lambda c: (c.name, c.label, c.id), limit)

    def resolve(self, text: str) -> CardInfo:
        """The one card ``text`` names exactly (case, accents and punctuation aside): its id, its label,
        ``"Name (id)"``, or its name when no other card has that name. A prefix or a near miss never
        resolves: deck lists must say exactly which card they mean.

        Raises :class:`CardNotFound` when the name is shared (the message lists each ``"Name (id)"`` to
        write, the suggestions are those cards), when ``"Name (id)"`` pairs an id with another card's name,
        or when nothing matches (the message names up to three closest labels)."""
        norm = textsearch.normalize(text)
        card = self._by_norm_id.get(norm) or self._by_label.get(norm)
        if card is not None:
            return card
        m = _NAME_WITH_ID.match(text.strip())
        if m:
            named = self._by_norm_id.get(textsearch.normalize(m.group(2)))
            if named is not None:
                if textsearch.normalize(m.group(1)) == textsearch.normalize(named.name):
                    return named
                raise CardNotFound(f"{self.game_name} card {named.id} is '{named.name}', not "
                                   f"'{m.group(1).strip()}'.", [named])
        same = self._by_name.get(norm, [])
        if len(same) == 1:
            return same[0]
        if same:
            options = [f"'{c.label}'" for c in same]
            choice = ", ".join(options[:-1]) + " or " + options[-1]
            raise CardNotFound(f"'{same[0].name}' has {len(same)} versions in {self.game_name}: write {choice}.",
                               same)
        near = textsearch.closest(text, self._cards, lambda c: (c.name, c.label, c.id), 3) if norm else []
        tail = f" Closest: {', '.join(c.label for c in near)}." if near else " No card is close to that name."
        raise CardNotFound(f"No {self.game_name} card is named '{text.strip()}'.{tail}", near)

    def lookup(self, text: str) -> CardInfo:
        """The card a player means by ``text`` typed without picking from autocomplete (``/card``):
        what :meth:`resolve` accepts, else the one card :func:`textsearch.pick` finds
        clearly (a unique prefix or word match, or a typo close to one name only: "Herculs").

        Raises :class:`CardNotFound` when the text is ambiguous or matches nothing: the message says
        "Did you mean" with up to five labels, one per line, and the suggestions are those cards (empty
        when nothing is close)."""
        try:
            return self.resolve(text)
        except CardNotFound as exc:
            if exc.suggestions and textsearch.normalize(text) in self._by_name:
                raise  # a shared name: the message already lists each version to write
        found = textsearch.pick(text, self._cards, lambda c: (c.name, c.label, c.id))
        if found.item is not None:
            return found.item
        shown = text.strip()
        if not found.maybe:
            raise CardNotFound(f"No {self.game_name} card is named '{shown}', and no name is close. Type part "
                               "of the name and pick a card from the list.", [])
        lines = "\n".join(f"• {c.label}" for c in found.maybe)
        raise CardNotFound(f"No {self.game_name} card is named exactly '{shown}'. Did you mean:\n{lines}\n"
                           "Send the command again with one of these names.", found.maybe)

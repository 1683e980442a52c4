"""Loading card data files, shared by every game's card pool (DESIGN.md: cards are data).

:func:`load_yaml` parses a YAML file strictly (a key repeated in one mapping is an error);
:class:`CardDataError` is raised for any invalid card or deck file, naming the file and the card.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError


class CardDataError(ValueError):
    """A card or deck file is invalid; the message names the file and the card at fault."""


class _Strict:
    """A mapping constructor that refuses a key repeated in one mapping (YAML would keep the last one
    silently, e.g. ``stats: {strength: 3, strength: 5}``)."""

    def construct_mapping(self, node, deep=False):
        seen: set = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)  # type: ignore[attr-defined]
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is repeated in one mapping", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)  # type: ignore[misc]


class _StrictLoader(_Strict, yaml.SafeLoader):
    """The safe YAML loader, strict (:class:`_Strict`); its errors quote the line at fault."""


class _FastStrictLoader(_Strict, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same with libyaml's parser when PyYAML has it: the card files parse in an eighth of the time."""


def load_yaml(path: Path) -> object:
    """Parse a YAML file, naming the file (and line) in any error; a repeated key is an error.

    Raises :class:`CardDataError`."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardDataError(f"{path}: {exc}") from None
    try:
        return yaml.load(text, Loader=_FastStrictLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError:
        pass  # parse it again with the pure-Python loader, whose message quotes the line at fault
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.load(fh, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except (OSError, yaml.YAMLError) as exc:
        raise CardDataError(f"{path}: {exc}") from None


def where(loc: Iterable) -> str:
    """A pydantic error location as a dotted path (``effects.0.steps.1``)."""
    return ".".join(str(x) for x in loc)


def data_dir(game: str) -> Path:
    """The folder of a game's card data: ``<project>/data/<game>`` or ``$METAHOST_DATA/<game>``."""
    root = os.environ.get("METAHOST_DATA")
    base = Path(root) if root else Path(__file__).resolve().parents[2] / "data"
    return base / game


def parse_models(raw: object, source: str, model: type[BaseModel], what: str = "card") -> dict[str, Any]:
    """Validate a list of mappings with ``model`` (a pydantic model with an ``id``); returns id -> model, in
    file order. ``what`` names an item in messages (``"card"``, ``"Page"``).

    Raises :class:`CardDataError` naming ``source`` and every item (by id, else by position) at fault, one
    line each, or the id used twice."""
    if not isinstance(raw, list):
        raise CardDataError(f"{source}: expected a list of {what}s at the top level")
    out: dict[str, Any] = {}
    problems: list[str] = []
    for i, item in enumerate(raw):
        who = f"{what} '{item['id']}'" if isinstance(item, dict) and "id" in item else f"{what} #{i + 1}"
        try:
            obj = model.model_validate(item)
        except ValidationError as exc:
            problems += [f"{source}: {who}: {where(e['loc']) or what}: {e['msg']}" for e in exc.errors()]
            continue
        if obj.id in out:
            problems.append(f"{source}: {who}: the id is used twice")
        out[obj.id] = obj
    if problems:
        raise CardDataError("\n".join(problems))
    return out


def parse_decks(raw: object, source: str, cards: dict[str, Any], model: type[BaseModel]) -> dict[str, Any]:
    """Validate a list of starter decks with ``model`` (a pydantic model with ``id`` and ``cards``) and
    check that every card id is in ``cards``; returns id -> deck. Raises :class:`CardDataError` naming
    ``source`` and the deck at fault."""
    decks = parse_models(raw, source, model, "deck")
    for deck in decks.values():
        unknown = [cid for cid in deck.cards if cid not in cards]
        if unknown:
            raise CardDataError(f"{source}: deck '{deck.id}': unknown card ids {', '.join(unknown)}")
    return decks


def checked_decks(path: Path, cards: dict[str, Any], model: type[BaseModel],
                  validate: Callable[[list[str]], list[Any]]) -> dict[str, Any]:
    """The starter decks of the YAML file ``path`` (:func:`parse_decks` with ``model``), each checked with
    ``validate`` (a game's deck-legality function over the deck's ``card_list()``, returning the rules it
    breaks, each with a ``message``). Raises :class:`CardDataError` naming the file and the first illegal
    deck with every problem."""
    decks = parse_decks(load_yaml(path), str(path), cards, model)
    for deck in decks.values():
        problems = validate(deck.card_list())
        if problems:
            raise CardDataError(f"{path}: deck '{deck.id}' is illegal: " + "; ".join(p.message for p in problems))
    return decks


def add_instances(state: Any, owner: int, ids: Iterable[str], pool: dict[str, Any], what: str) -> list[int]:
    """Add one card instance per id of ``ids`` to ``state`` (a game state whose ``cards`` lists each
    instance's card id and ``owner`` its owner's seat, both indexed by instance number), owned by ``owner``.
    Returns the new instance numbers, in order. Raises ``KeyError`` naming ``what`` (``"MetaX card"``) for an
    id not in ``pool``; ids before it are already added, so callers validate decks first."""
    out = []
    for cid in ids:
        if cid not in pool:
            raise KeyError(f"unknown {what} id {cid!r}")
        out.append(len(state.cards))
        state.cards.append(cid)
        state.owner.append(owner)
    return out

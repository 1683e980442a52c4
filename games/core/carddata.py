"""Loading card data files, shared by every game's card pool (DESIGN.md: cards are data).

:func:`load_yaml` parses a YAML file strictly (a key repeated in one mapping is an error);
:class:`CardDataError` is raised for any invalid card or deck file, naming the file and the card.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import yaml


class CardDataError(ValueError):
    """A card or deck file is invalid; the message names the file and the card at fault."""


class _StrictLoader(yaml.SafeLoader):
    """A safe YAML loader that refuses a key repeated in one mapping (YAML would keep the last one
    silently, e.g. ``stats: {strength: 3, strength: 5}``)."""

    def construct_mapping(self, node, deep=False):
        seen: set = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is repeated in one mapping", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def load_yaml(path: Path) -> object:
    """Parse a YAML file, naming the file (and line) in any error; a repeated key is an error.

    Raises :class:`CardDataError`."""
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.load(fh, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except (OSError, yaml.YAMLError) as exc:
        raise CardDataError(f"{path}: {exc}") from None


def where(loc: Iterable) -> str:
    """A pydantic error location as a dotted path (``effects.0.steps.1``)."""
    return ".".join(str(x) for x in loc)

"""Option labels a person can read and tell apart: every game's options fit a Discord button
(:data:`LABEL_MAX` characters) and no two options of one decision look the same. Written for Meta first. A
game applies :func:`distinct` (or :func:`distinct_decision`) where its labels name cards, which may be long or
come in copies, and builds its other labels short and unique; listing decisions is the engines' hot path, so
nothing relabels every decision. The contract test (``tests/core/test_contract_conformance.py``) checks every
label along seeded games of each game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache

from .values import Decision, Option

LABEL_MAX = 80
"""Longest option label: a Discord button label holds 80 characters (a select option 100)."""


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def fit(label: str, tail: str = "") -> str:
    """``label`` + ``tail`` within :data:`LABEL_MAX` characters: the label is shortened (ending in "…"), the
    tail (what tells options apart) kept."""
    room = LABEL_MAX - len(tail)
    return (label if len(label) <= room else label[: room - 1].rstrip() + "…") + tail


def distinct(options: Iterable[Option], tag: Mapping[str, str] | None = None) -> tuple[Option, ...]:
    """``options`` with labels a person can tell apart: labels shared by several options get ``tag[option
    id]`` (a position, owner or seat) or else their ordinal among the namesakes, e.g. "Play Spark of Ruin
    (2nd)"; every label fits :data:`LABEL_MAX`. Ids and order are unchanged, and so is every option whose
    label was already unique and short enough."""
    options = tuple(options)
    labels = [o.label for o in options]
    if len(set(labels)) == len(labels) and (not labels or max(map(len, labels)) <= LABEL_MAX):
        return options  # the common case, kept cheap: decisions are listed after every choice
    if tag:
        new = _relabel(labels, [tag.get(o.id) for o in options])
    else:
        new = _relabel_cached(tuple(labels))  # the same hands and menus come back turn after turn
    # options whose label did not change are kept as they are (equal by value to a copy)
    return tuple(o if o.label == lab else Option(o.id, lab, o.cards) for o, lab in zip(options, new, strict=True))


def _relabel(labels: list[str] | tuple[str, ...], tags: list[str | None] | None) -> tuple[str, ...]:
    """The labels of :func:`distinct`, with ``tags[i]`` (or ``None``) telling the i-th label's namesakes apart."""
    labels = [fit(lab) for lab in labels]  # fit keeps a label that fits as it is
    for use_tag in (True, False):  # tags first; ordinals for whatever shortening made equal again
        seen: dict[str, int] = {}
        count = Counter(labels)
        for i, lab in enumerate(labels):
            if count[lab] > 1:
                k = seen[lab] = seen.get(lab, 0) + 1
                extra = tags[i] if use_tag and tags else None
                labels[i] = fit(lab, f" ({extra or ordinal(k)})")
        if len(set(labels)) == len(labels):
            break
    return tuple(labels)


@lru_cache(maxsize=4096)
def _relabel_cached(labels: tuple[str, ...]) -> tuple[str, ...]:
    return _relabel(labels, None)


def distinct_decision(decision: Decision) -> Decision:
    """``decision`` with :func:`distinct` labels: the same object when they already are."""
    options = distinct(decision.options)
    if options is decision.options:
        return decision
    d = decision
    return Decision(d.seat, d.kind, d.prompt, options, d.min, d.max, d.default, d.window, d.forced, d.aimed)

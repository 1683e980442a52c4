"""Option labels a person can read and tell apart (issue 13 §6): every game's options fit a Discord button
(:data:`LABEL_MAX` characters) and no two options of one decision look the same. Written for Meta first;
every game's decisions go through :func:`distinct_decision` (the contract test in
``tests/core/test_contract_conformance.py`` checks it along seeded games of each)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping

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
    if all(len(lab) <= LABEL_MAX for lab in labels):
        if len(set(labels)) == len(labels):
            return options  # the common case, kept cheap: decisions are listed after every choice
    else:
        labels = [fit(lab) for lab in labels]  # fit keeps a label that fits as it is
    tag = tag or {}
    for use_tag in (True, False):  # tags first; ordinals for whatever shortening made equal again
        seen: dict[str, int] = {}
        count = Counter(labels)
        for i, lab in enumerate(labels):
            if count[lab] > 1:
                k = seen[lab] = seen.get(lab, 0) + 1
                extra = tag.get(options[i].id) if use_tag else None
                labels[i] = fit(lab, f" ({extra or ordinal(k)})")
        if len(set(labels)) == len(labels):
            break
    # options whose label did not change are kept as they are (equal by value to a copy)
    return tuple(o if o.label == lab else Option(o.id, lab, o.cards) for o, lab in zip(options, labels, strict=True))


def distinct_decision(decision: Decision) -> Decision:
    """``decision`` with :func:`distinct` labels: the same object when they already are."""
    options = distinct(decision.options)
    return decision if options is decision.options else dataclasses.replace(decision, options=options)

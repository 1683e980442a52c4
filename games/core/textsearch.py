"""Name matching for card and rule lookups: case and accent insensitive, exact, prefix, word-prefix,
substring and fuzzy (issue 6). Pure; :mod:`difflib` does the fuzzy part.

:func:`rank` orders candidates best first; :func:`closest` lists near misses for "did you mean".
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

_PUNCT = re.compile(r"[^\w*]+")
FUZZY_CUTOFF = 0.6  # difflib ratio below which two names are not "close"


@lru_cache(maxsize=8192)  # card names and headings are normalised at every keystroke of autocomplete
def normalize(text: str) -> str:
    """``"Héraklès — Son of Thunder!"`` → ``"herakles son of thunder"``: accents stripped, case folded,
    punctuation turned into single spaces (``*`` is kept: it is a Meta uniqueness)."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(_PUNCT.sub(" ", plain.casefold()).split())


def score(query: str, name: str) -> float | None:
    """How well normalised ``query`` matches normalised ``name``: 0 exact, 1 prefix, 2 every query word
    starts a word of the name, 3 substring, 4–5 fuzzy (closer is lower); ``None`` for no match."""
    if not query:
        return 5.0
    if query == name:
        return 0.0
    if name.startswith(query):
        return 1.0
    words = name.split()
    if all(any(w.startswith(q) for w in words) for q in query.split()):
        return 2.0
    if query in name:
        return 3.0
    # A short query against a long name: compare with the whole name, its start and each word.
    best = max(_ratio(query, other) for other in (name, name[: len(query)], *words))
    if best >= FUZZY_CUTOFF:
        return 4.0 + (1.0 - best)
    return None


def _ratio(a: str, b: str) -> float:
    m = difflib.SequenceMatcher(None, a, b)
    # The quick upper bounds skip most of the exact computations (they cannot be below the ratio).
    if m.real_quick_ratio() < FUZZY_CUTOFF or m.quick_ratio() < FUZZY_CUTOFF:
        return 0.0
    return m.ratio()


def rank(query: str, items: Iterable[T], names: Callable[[T], Sequence[str]], limit: int | None = 25) -> list[T]:
    """``items`` matching ``query`` on any of ``names(item)``, best first (ties keep the items' order);
    at most ``limit`` (``None``: all). An empty query matches everything in order."""
    q = normalize(query)
    scored: list[tuple[float, int, T]] = []
    for i, item in enumerate(items):
        best = None
        for n in names(item):
            s = score(q, normalize(n))
            if s is not None and (best is None or s < best):
                best = s
        if best is not None:
            scored.append((best, i, item))
    scored.sort(key=lambda x: (x[0], x[1]))
    out = [item for _, _, item in scored]
    return out if limit is None else out[:limit]


def closest(query: str, items: Iterable[T], names: Callable[[T], Sequence[str]], n: int = 5) -> list[T]:
    """Up to ``n`` items nearest to ``query`` (for "no card named X; did you mean …")."""
    return rank(query, items, names, n)

"""Name matching for card and rule lookups: case and accent insensitive, exact, prefix, word-prefix,
substring and fuzzy (fuzzy by rapidfuzz). Pure.

:func:`rank` orders candidates best first (autocomplete); :func:`closest` lists near misses for "did you
mean"; :func:`pick` decides whether a typed name (not picked from autocomplete) names one item clearly or
needs a "did you mean".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Generic, TypeVar

from rapidfuzz import fuzz

T = TypeVar("T")

_PUNCT = re.compile(r"[^\w*]+")
FUZZY_CUTOFF = 0.6  # similarity (0..1) below which two names are not "close" at all
SURE = 0.8  # a typo at least this similar may stand for the name without asking
MARGIN = 0.08  # ... provided the runner-up is at least this much less similar
FUZZY = 4.0  # scores from here on are fuzzy: 4 + (1 - similarity)


@lru_cache(maxsize=8192)  # card names and headings are normalised at every keystroke of autocomplete
def normalize(text: str) -> str:
    """``"Héraklès — Son of Thunder!"`` → ``"herakles son of thunder"``: accents stripped, case folded,
    punctuation turned into single spaces (``*`` is kept: it is a Meta uniqueness)."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(_PUNCT.sub(" ", plain.casefold()).split())


def score(query: str, name: str) -> float | None:
    """How well normalised ``query`` matches normalised ``name``: 0 exact, 1 prefix, 2 every query word
    starts a word of the name, 3 substring, 4–5 fuzzy (``4 + (1 - similarity)``, closer is lower; the
    similarity is rapidfuzz's normalised Indel ratio against the whole name, its start or one of its
    words); ``None`` for no match."""
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
    cutoff = FUZZY_CUTOFF * 100
    best = max(fuzz.ratio(query, other, score_cutoff=cutoff) for other in (name, name[: len(query)], *words))
    if best >= cutoff:
        return FUZZY + (1.0 - best / 100)
    return None


def scored(query: str, items: Iterable[T], names: Callable[[T], Sequence[str]]) -> list[tuple[float, T]]:
    """``(score, item)`` for every item matching ``query`` on any of ``names(item)`` (its best name
    counts), best first; ties keep the items' order. An empty query scores everything 5."""
    q = normalize(query)
    found: list[tuple[float, int, T]] = []
    for i, item in enumerate(items):
        best = None
        for n in names(item):
            s = score(q, normalize(n))
            if s is not None and (best is None or s < best):
                best = s
        if best is not None:
            found.append((best, i, item))
    found.sort(key=lambda x: (x[0], x[1]))
    return [(s, item) for s, _, item in found]


def rank(query: str, items: Iterable[T], names: Callable[[T], Sequence[str]], limit: int | None = 25) -> list[T]:
    """``items`` matching ``query`` on any of ``names(item)``, best first (ties keep the items' order);
    at most ``limit`` (``None``: all). An empty query matches everything in order."""
    out = [item for _, item in scored(query, items, names)]
    return out if limit is None else out[:limit]


def closest(query: str, items: Iterable[T], names: Callable[[T], Sequence[str]], n: int = 5) -> list[T]:
    """Up to ``n`` items nearest to ``query`` (for "no card named X; did you mean …")."""
    return rank(query, items, names, n)


@dataclass(frozen=True)
class Pick(Generic[T]):
    """What :func:`pick` made of a typed name: ``item`` when it names one item clearly (else ``None``),
    and ``maybe``, the items it may mean, best first (empty when nothing is even close)."""

    item: T | None
    maybe: list[T] = field(default_factory=list)


def pick(query: str, items: Iterable[T], names: Callable[[T], Sequence[str]], n: int = 5) -> Pick[T]:
    """Resolve a name typed without picking from autocomplete.

    The best literal tier (exact, prefix, word prefix, substring) decides when one item alone is in it;
    several items in it are ambiguous. With only fuzzy matches, the best is taken when it is at least
    :data:`SURE` similar and :data:`MARGIN` ahead of the next; otherwise it is ambiguous. An ambiguous or
    unclear query gives ``Pick(None, up to n candidates)``: the items of the best tier, or the fuzzy
    ones."""
    found = scored(query, items, names)
    if not normalize(query) or not found:
        return Pick(None, [])
    top = found[0][0]
    if top < FUZZY:
        tier = [item for s, item in found if s == top]
        return Pick(tier[0], tier) if len(tier) == 1 else Pick(None, tier[:n])
    similarity = FUZZY + 1 - top
    runner_up = FUZZY + 1 - found[1][0] if len(found) > 1 else 0.0
    if similarity >= SURE and similarity - runner_up >= MARGIN:
        return Pick(found[0][1], [found[0][1]])
    return Pick(None, [item for _, item in found[:n]])

"""The MetaZoo Page pool, the Aura wheel and the starter Spellbooks, loaded once from ``data/metazoo/``,
and Spellbook legality (MZ-BOOK-01..03).

The data folder is ``<project>/data/metazoo`` or ``$METAHOST_DATA/metazoo``; every ``*.yaml`` in it except
:data:`NOT_PAGES` holds Pages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from games.core import carddata
from games.core.carddata import CardDataError, load_yaml
from games.core.contract import RulesError

from .cards import Page, StarterDeck, parse_pages, parse_wheel

MIN_SPELLBOOK = 40  # MZ-BOOK-01
MAX_SPELLBOOK = 60  # MZ-GAP-76: the bot's configurable maximum (default)
NOT_PAGES = frozenset({"decks.yaml", "wheel.yaml", "meteor_showers.yaml"})
"""The data files of ``data/metazoo`` that hold no Pages: the starter Spellbooks, the Aura wheel and the
meteor shower calendar of :mod:`games.metazoo.rules.sky`."""


def data_dir() -> Path:
    """The folder holding the MetaZoo Pages, ``wheel.yaml`` and ``decks.yaml``."""
    return carddata.data_dir("metazoo")


@cache
def card_pool() -> dict[str, Page]:
    """Page id -> validated :class:`Page`, from every Page file. Raises ``CardDataError`` naming the file
    and Page at fault (also for an id defined in two files)."""
    out: dict[str, Page] = {}
    for path in sorted(data_dir().glob("*.yaml")):
        if path.name in NOT_PAGES:
            continue
        for pid, page in parse_pages(load_yaml(path), str(path)).items():
            if pid in out:
                raise CardDataError(f"{path}: Page '{pid}' is already defined in another file")
            out[pid] = page
    return out


@cache
def wheel() -> dict[str, tuple[str, ...]]:
    """The Aura wheel: type -> types it is strong against (MZ-TYPE-05/06, MZ-GAP-07)."""
    path = data_dir() / "wheel.yaml"
    return parse_wheel(load_yaml(path), str(path))


@cache
def starter_decks() -> dict[str, StarterDeck]:
    """Starter Spellbook id -> deck; each is checked for legality here (:func:`validate_deck`); raises
    :class:`CardDataError` for an illegal one."""
    return carddata.checked_decks(data_dir() / "decks.yaml", card_pool(), StarterDeck, validate_deck)


def validate_deck(card_ids: Sequence[str], pool: dict[str, Page] | None = None,
                  maximum: int = MAX_SPELLBOOK) -> list[RulesError]:
    """Every Spellbook rule ``card_ids`` breaks, each naming its rule ID (empty list = legal).

    MZ-BOOK-01: at least 40 Pages (and at most ``maximum``, MZ-GAP-76); MZ-BOOK-02: at most a Page's
    Spellbook Limit copies (no limit printed = unlimited); MZ-BOOK-03: the limit is per Page id
    (MZ-GAP-77: a Page id is one mechanically distinct Page; reprints share the id)."""
    pool = card_pool() if pool is None else pool
    problems: list[RulesError] = []
    unknown = sorted({c for c in card_ids if c not in pool})
    if unknown:
        problems.append(RulesError("MZ-BOOK-01", f"Unknown Page ids: {', '.join(unknown)}."))
    if len(card_ids) < MIN_SPELLBOOK:
        problems.append(RulesError("MZ-BOOK-01", f"A Spellbook has at least {MIN_SPELLBOOK} Pages; "
                                                 f"this one has {len(card_ids)}."))
    if len(card_ids) > maximum:
        problems.append(RulesError("MZ-BOOK-01", f"This table allows at most {maximum} Pages in a Spellbook "
                                                 f"(MZ-GAP-76); this one has {len(card_ids)}."))
    for cid, n in sorted(Counter(c for c in card_ids if c in pool).items()):
        limit = pool[cid].limit
        if limit is not None and n > limit:
            problems.append(RulesError("MZ-BOOK-02", f"{n} copies of {pool[cid].name}; its Spellbook Limit "
                                                     f"is {limit}."))
    return problems


MAX_ARCHIVE = 15  # MZ-BOOK-04


def validate_archive(spellbook: Sequence[str], archive: Sequence[str],
                     pool: dict[str, Page] | None = None) -> list[RulesError]:
    """Every Archive rule broken (empty = legal): MZ-BOOK-04 (at most 15 Pages, known ids) and MZ-BOOK-02 (a
    Page's Spellbook Limit counts its copies in the Spellbook and the Archive combined). The Spellbook itself
    is checked by :func:`validate_deck`."""
    pool = card_pool() if pool is None else pool
    problems: list[RulesError] = []
    unknown = sorted({c for c in archive if c not in pool})
    if unknown:
        problems.append(RulesError("MZ-BOOK-04", f"Unknown Page ids in the Archive: {', '.join(unknown)}."))
    if len(archive) > MAX_ARCHIVE:
        problems.append(RulesError("MZ-BOOK-04", f"An Archive holds at most {MAX_ARCHIVE} Pages; this one has "
                                                 f"{len(archive)}."))
    both = Counter(c for c in list(spellbook) + list(archive) if c in pool)
    for cid, n in sorted(both.items()):
        limit = pool[cid].limit
        if limit is not None and n > limit and cid in archive:
            problems.append(RulesError("MZ-BOOK-02", f"{n} copies of {pool[cid].name} in the Spellbook and Archive "
                                                     f"together; its Spellbook Limit is {limit}."))
    return problems


def archive_swap(spellbook: Sequence[str], archive: Sequence[str], out: Sequence[str],
                 into: Sequence[str]) -> tuple[list[str], list[str]]:
    """MZ-BOOK-06: swap Pages one for one between games: ``out`` leaves the Spellbook for the Archive, ``into``
    comes from the Archive. Returns the new (Spellbook, Archive), each the same size as before. Raises
    :class:`RulesError` (MZ-BOOK-06) when the counts differ or a Page is not where it should be."""
    if len(out) != len(into):
        raise RulesError("MZ-BOOK-06", f"Archive swaps are one for one: {len(out)} out, {len(into)} in.")
    missing_out = Counter(out) - Counter(spellbook)
    if missing_out:
        raise RulesError("MZ-BOOK-06", f"Not in the Spellbook: {', '.join(sorted(missing_out))}.")
    missing_in = Counter(into) - Counter(archive)
    if missing_in:
        raise RulesError("MZ-BOOK-06", f"Not in the Archive: {', '.join(sorted(missing_in))}.")
    book, arch = list(spellbook), list(archive)
    for cid in out:
        book.remove(cid)
    for cid in into:
        arch.remove(cid)
    return book + list(into), arch + list(out)

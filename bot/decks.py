"""Personal decks: build, import, export and validate a user's decks, per game, against the
store. Transport-agnostic: the ``/deck`` commands and ``metahost deck`` both call :class:`DeckService`.

Deck list text (import and export), one card per line::

    # comments and blank lines are ignored, and so are section headers ("Events:", "Battle (12)")
    3 Spark of Ruin
    3x Kindling (e018.2)
    Hercules — Son of Thunder

A name must match a card exactly (case and accents aside); a name shared by several versions needs its
id in brackets, as the export writes it. An export imports back to the same deck and the same text.

A MetaZoo deck may carry an Archive (MZ-BOOK-04): the lines after an ``Archive:`` header
(also ``Archive (3)``) list it, in the same format; a game without Archives refuses that section.

Validation is the game's own :meth:`games.core.Game.validate_deck` (every rule broken, by ID, with the
cards at fault). Incomplete or illegal decks can be saved and shown; only legal ones reach a table
(:mod:`bot.host`). Ownership: every read and write names the user; nobody else's deck is ever found.

Errors: :class:`DeckError` with a readable message (and, for a list, one line per problem with its line
number); a refused request changes nothing in the store.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from games import GAME_MODULES, GAME_NAMES, NO_PERSONAL_DECKS, get_game
from games.core.catalog import CardInfo, CardNotFound, Catalog
from games.core.contract import Game, RulesError

from .store import DeckRow, Store

MAX_IMPORT_BYTES = 10 * 1024
MAX_IMPORT_LINES = 300
MAX_NAME = 64
MAX_DECK_CARDS = 300  # a saved list may be unfinished or too big, but not without bound
MAX_ARCHIVE_LIST = 15  # copies one Archive line may name (MZ-BOOK-04: an Archive holds at most 15 Pages)
STARTER = "starter:"  # deck reference prefix for a starter deck: ``starter:<game>:<id>``

_COUNT = re.compile(r"^(?P<n>[+-]?\d+)\s*[x×]?\s+(?P<name>\S.*)$", re.IGNORECASE)
_HEADER_WORDS = ("deck", "main", "main deck", "cards", "maindeck")
_ARCHIVE = re.compile(r"^archive\s*(\(\d+\))?\s*:?$", re.IGNORECASE)


class DeckError(Exception):
    """A deck request refused; ``message`` says what was wrong and what would be right; ``problems``
    holds one line per fault of a deck list (``"line 3: …"``)."""

    def __init__(self, message: str, problems: list[str] | None = None, code: str = "refused"):
        self.problems = list(problems or [])
        full = message if not self.problems else message + "\n" + "\n".join(f"• {p}" for p in self.problems)
        super().__init__(full)
        self.message = full
        self.code = code


def terminal_words(message: str) -> str:
    """``message`` with the Discord deck commands it names as the terminal's (a refusal read in
    the terminal never points to a slash command): `` `/deck new` `` becomes `` `metahost deck new` ``."""
    return message.replace("`/deck ", "`metahost deck ")


@dataclass(frozen=True, slots=True)
class Checked:
    """A deck with its validation: ``problems`` empty means legal."""

    deck: DeckRow
    problems: list[RulesError]

    @property
    def legal(self) -> bool:
        return not self.problems


def copy_cap(game: Game) -> int:
    """The most copies of one card a deck list line or ``/deck add`` may name: the largest legal deck.
    That is ``deck_size`` for an exact size (Meta 60, MetaX 40), and MetaZoo's Spellbook maximum
    ``spellbook_max`` (MZ-BOOK-01; a Basic Aura Page has no Spellbook Limit, MZ-BOOK-02)."""
    return max(game.deck_size, getattr(game, "spellbook_max", 0) or 0)


def size_text(game: Game, total: int, of: bool = True) -> str:
    """A deck's size against its legal size: ``"58/60 cards"`` for an exact size (Meta, MetaX; ``"58
    cards"`` when ``of`` is false), and ``"45 Pages (40–60)"`` for a MetaZoo Spellbook (MZ-BOOK-01: at
    least 40, at most ``spellbook_max``)."""
    top = getattr(game, "spellbook_max", 0) or 0
    if top > game.deck_size:
        return f"{total} Pages ({game.deck_size}–{top})"
    return f"{total}/{game.deck_size} cards" if of else f"{total} cards"


def deck_game(game_id: str) -> Game:
    """The game of a deck command; :class:`DeckError` for an unknown game, one not built yet, or one
    without personal decks (Meta Olympia)."""
    if game_id in NO_PERSONAL_DECKS:
        raise DeckError(NO_PERSONAL_DECKS[game_id], code="no_decks")
    if game_id not in GAME_MODULES:
        if game_id in GAME_NAMES:
            raise DeckError(f"{GAME_NAMES[game_id]} is not playable here yet, so it has no card pool to build "
                            f"from. Decks can be built for: {', '.join(_deck_game_names())}.", code="no_decks")
        raise DeckError(f"Unknown game '{game_id}'. Decks can be built for: {', '.join(_deck_game_names())}.",
                        code="unknown_game")
    game = get_game(game_id)
    if not game.has_decks:
        raise DeckError(f"{game.name} has no personal decks.", code="no_decks")
    return game


def _deck_game_names() -> list[str]:
    return [GAME_NAMES[g] for g in sorted(GAME_MODULES) if g not in NO_PERSONAL_DECKS]


def check_name(name: str) -> str:
    """A deck name, stripped; :class:`DeckError` when empty, over 64 characters or multi-line."""
    clean = " ".join(name.split())
    if not clean:
        raise DeckError("A deck needs a name (1 to 64 characters).", code="bad_name")
    if len(clean) > MAX_NAME:
        raise DeckError(f"A deck name is at most {MAX_NAME} characters; '{clean[:20]}…' has {len(clean)}.",
                        code="bad_name")
    return clean


def _is_header(line: str, catalog: Catalog) -> bool:
    """A section header of a pasted list: ``Events:``, ``Battle (12)``, ``Main deck``."""
    if line.endswith(":"):
        return True
    head = re.sub(r"\s*\(\d+\)\s*:?$", "", line).strip().casefold()
    kinds = {t.casefold() for t in catalog.types()} | set(_HEADER_WORDS)
    return head in kinds or (head.endswith("s") and head[:-1] in kinds)


def parse_list(text: str, catalog: Catalog, max_count: int) -> list[tuple[str, int]]:
    """Parse deck list ``text`` into ``[(card id, count)]`` (first appearance order, repeats merged).

    Raises :class:`DeckError` listing every problem with its line number: more than 10 KB or 300 lines,
    a count below 1 or above ``max_count``, an unknown or ambiguous card name."""
    size = len(text.encode("utf-8"))
    lines = text.splitlines()
    if size > MAX_IMPORT_BYTES or len(lines) > MAX_IMPORT_LINES:
        raise DeckError(f"A deck list is at most {MAX_IMPORT_BYTES // 1024} KB and {MAX_IMPORT_LINES} lines; this "
                        f"one is {size:,} bytes and {len(lines)} lines. Nothing was saved.", code="too_big")
    problems: list[str] = []
    counts: dict[str, int] = {}
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")) or _is_header(line, catalog):
            continue
        m = _COUNT.match(line)
        count, name = (int(m["n"]), m["name"].strip()) if m else (1, line)
        if not 1 <= count <= max_count:
            problems.append(f"line {number}: '{line}': the count must be from 1 to {max_count}, not {count}.")
            continue
        try:
            card = catalog.resolve(name)
        except CardNotFound as exc:
            problems.append(f"line {number}: {exc.message}")
            continue
        counts[card.id] = counts.get(card.id, 0) + count
        if counts[card.id] > max_count:
            problems.append(f"line {number}: {counts[card.id]} copies of {card.label} in all; at most {max_count}.")
    if problems:
        raise DeckError("The deck list has problems; nothing was saved:", problems, code="bad_list")
    if sum(counts.values()) > MAX_DECK_CARDS:
        raise DeckError(f"A saved deck holds at most {MAX_DECK_CARDS} cards; this list has {sum(counts.values())}.",
                        code="too_big")
    return list(counts.items())


def split_archive(text: str) -> tuple[str, str | None, int]:
    """Split deck list ``text`` at its ``Archive:`` header line (MZ-BOOK-04): ``(Spellbook text, Archive text
    or None, header line number or 0)``. Both texts keep every line's number (the other part's lines are
    blanked), so problems name the line of the pasted list."""
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if _ARCHIVE.match(line.strip())), None)
    if at is None:
        return text, None, 0
    main = lines[:at] + [""] * (len(lines) - at)
    side = [""] * (at + 1) + lines[at + 1:]
    return "\n".join(main), "\n".join(side), at + 1


def export_text(deck: DeckRow, catalog: Catalog) -> str:
    """The deck as list text: a comment naming it, then one section comment per card type (in the
    catalog's order) with ``count label`` lines in pool order. :func:`parse_list` reads it back."""
    have = dict(deck.cards)
    lines = [f"# {deck.name} — {catalog.game_name} deck, {deck.total} cards"]
    for kind, cards in grouped(deck, catalog):
        lines.append(f"# {kind} ({sum(have[c.id] for c in cards)})")
        lines += [f"{have[c.id]} {c.label}" for c in cards]
    if deck.archive:
        lines.append(f"Archive ({sum(n for _, n in deck.archive)}):")
        for cid, n in deck.archive:
            card = catalog.get(cid)
            lines.append(f"{n} {card.label if card is not None else cid}")
    return "\n".join(lines) + "\n"


def archive_lines(deck: DeckRow, catalog: Catalog) -> list[str]:
    """The deck's Archive (MZ-BOOK-04) as ``"2× label"`` lines in build order; empty without one."""
    out = []
    for cid, n in deck.archive:
        card = catalog.get(cid)
        out.append(f"{n}× {card.label if card is not None else cid}")
    return out


def grouped(deck: DeckRow, catalog: Catalog) -> list[tuple[str, list[CardInfo]]]:
    """The deck's cards by type ``[(type, [card…])]``, types in catalog order, cards in pool order;
    ids missing from the pool (a retired card) come last under ``"Unknown"``."""
    have = dict(deck.cards)
    order = {c.id: i for i, c in enumerate(catalog)}
    out: list[tuple[str, list[CardInfo]]] = []
    for kind in catalog.types():
        cards = sorted((c for cid in have if (c := catalog.get(cid)) is not None and c.type == kind),
                       key=lambda c: order[c.id])
        if cards:
            out.append((kind, cards))
    missing = [cid for cid in have if catalog.get(cid) is None]
    if missing:
        out.append(("Unknown", [CardInfo(cid, cid, "Unknown", cid, (), "Not in the current card pool.")
                                for cid in missing]))
    return out


class DeckService:
    """A user's decks over a :class:`bot.store.Store`. ``clock`` gives epoch seconds (tests pass a fake).

    Every method takes the acting ``user`` and finds only that user's decks."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time):
        self.store = store
        self.clock = clock

    # -- lookups

    @staticmethod
    def catalog(game_id: str) -> Catalog:
        return deck_game(game_id).card_catalog()

    def check(self, deck: DeckRow) -> Checked:
        """The deck with every deck-construction rule it breaks (by rule ID), its Archive's too (MZ-BOOK-04,
        MZ-BOOK-02 counted across both)."""
        game = deck_game(deck.game)
        problems = game.validate_deck(deck.card_list())
        if deck.archive:
            problems += game.validate_archive(deck.card_list(), deck.archive_list())
        return Checked(deck, problems)

    async def decks(self, user: str, game: str | None = None) -> list[DeckRow]:
        return await self.store.decks_of(user, game)

    async def legal_decks(self, user: str, game: str) -> list[DeckRow]:
        """The user's decks of ``game`` that a table accepts."""
        return [d for d in await self.store.decks_of(user, game) if self.check(d).legal]

    async def find(self, user: str, ref: str | None, game: str | None = None) -> DeckRow:
        """The user's deck named (or numbered, as autocomplete sends) ``ref``; with no ``ref`` the deck
        changed most recently (of ``game`` if given). :class:`DeckError` when there is none."""
        mine = await self.store.decks_of(user, game)
        what = f"{GAME_NAMES.get(game, game)} deck" if game else "deck"
        if not ref or not ref.strip():
            if not mine:
                raise DeckError(f"You have no {what} yet. `/deck new` starts one, `/deck copy` copies a starter deck.",
                                code="no_deck")
            return mine[0]
        ref = ref.strip()
        if ref.isdecimal():  # not isdigit(): "²" is a digit that int() refuses
            row = await self.store.deck(user, int(ref))
            if row is not None and (game is None or row.game == game):
                return row
        named = [d for d in mine if d.name.casefold() == " ".join(ref.split()).casefold()]
        if len(named) == 1:
            return named[0]
        if len(named) > 1:
            games = ", ".join(GAME_NAMES[d.game] for d in named)
            raise DeckError(f"You have decks named '{ref}' for {games}; name the game too, or the deck's number "
                            "from your deck list.", code="ambiguous")
        have = ", ".join(f"'{d.name}'" for d in mine[:10]) or "none"
        raise DeckError(f"You have no {what} named '{ref}'. Your decks: {have}.", code="no_deck")

    async def _named(self, user: str, game: str, name: str) -> DeckRow | None:
        """The user's deck of ``game`` called ``name``, case-insensitive for every script (the store's
        NOCASE folds ASCII only, so 'Élan' and 'élan' would both be saved and neither found by name)."""
        folded = name.casefold()
        return next((d for d in await self.store.decks_of(user, game) if d.name.casefold() == folded), None)

    async def _free_name(self, user: str, game: str, name: str, keep: int | None = None) -> str:
        name = check_name(name)
        clash = await self._named(user, game, name)
        if clash is not None and clash.id != keep:
            raise DeckError(f"You already have a {GAME_NAMES[game]} deck named '{clash.name}'. Pick another name "
                            f"(or delete that deck first).", code="name_taken")
        return name

    # -- changes

    async def new(self, user: str, game: str, name: str) -> DeckRow:
        """An empty deck."""
        deck_game(game)
        name = await self._free_name(user, game, name)
        return await self.store.create_deck(user, game, name, [], self.clock())

    async def add(self, user: str, ref: str | None, card: str, count: int = 1) -> tuple[DeckRow, CardInfo]:
        """Add ``count`` copies of ``card`` (a name, label or id) to the deck."""
        deck = await self.find(user, ref)
        game = deck_game(deck.game)
        info = self._card(game, card)
        have = dict(deck.cards)
        cap = copy_cap(game)
        if not 1 <= count <= cap:
            raise DeckError(f"The count must be from 1 to {cap}, not {count}.", code="bad_count")
        if have.get(info.id, 0) + count > cap:
            raise DeckError(f"'{deck.name}' would hold {have.get(info.id, 0) + count} copies of {info.label}; "
                            f"at most {cap}.", code="bad_count")
        if deck.total + count > MAX_DECK_CARDS:
            raise DeckError(f"A saved deck holds at most {MAX_DECK_CARDS} cards.", code="too_big")
        have[info.id] = have.get(info.id, 0) + count
        await self.store.update_deck(user, deck.id, self.clock(), cards=list(have.items()))
        return await self._reload(user, deck), info

    async def remove(self, user: str, ref: str | None, card: str, count: int | None = None
                     ) -> tuple[DeckRow, CardInfo, int]:
        """Remove ``count`` copies (every copy when ``None``) of ``card``; returns how many went."""
        deck = await self.find(user, ref)
        info = self._card(deck_game(deck.game), card)
        have = dict(deck.cards)
        if info.id not in have:
            raise DeckError(f"{info.label} is not in '{deck.name}'.", code="not_in_deck")
        if count is not None and count < 1:
            raise DeckError(f"The count must be at least 1, not {count}.", code="bad_count")
        gone = have[info.id] if count is None else min(count, have[info.id])
        have[info.id] -= gone
        cards = [(c, n) for c, n in have.items() if n > 0]
        await self.store.update_deck(user, deck.id, self.clock(), cards=cards)
        return await self._reload(user, deck), info, gone

    async def rename(self, user: str, ref: str | None, new_name: str) -> DeckRow:
        deck = await self.find(user, ref)
        name = await self._free_name(user, deck.game, new_name, keep=deck.id)
        await self.store.update_deck(user, deck.id, self.clock(), name=name)
        return await self._reload(user, deck)

    async def delete(self, user: str, ref: str) -> DeckRow:
        deck = await self.find(user, ref)
        await self.store.delete_deck(user, deck.id)
        return deck

    async def copy(self, user: str, source: str, new_name: str, game: str | None = None) -> DeckRow:
        """A new deck copied from ``source``: ``starter:<game>:<id>``, a starter deck's id or name (of
        ``game``), or one of the user's own decks. A MetaZoo deck's Archive comes along (MZ-BOOK-04)."""
        src_game, cards, archive = await self._source(user, source, game)
        name = await self._free_name(user, src_game, new_name)
        return await self.store.create_deck(user, src_game, name, cards, self.clock(), archive=archive)

    async def import_list(self, user: str, game: str, name: str, text: str, replace: bool = False) -> DeckRow:
        """Save deck list ``text`` as the user's deck ``name`` (replacing a deck of that name only when
        ``replace``). All or nothing: any problem raises :class:`DeckError` and nothing is saved.

        Lines after an ``Archive:`` header are the deck's Archive (MZ-BOOK-04: at most 15 Pages, checked
        here with MZ-BOOK-02's limits across both; a game without Archives refuses the section)."""
        g = deck_game(game)
        name = check_name(name)
        text, side, header = split_archive(text)
        archive: list[tuple[str, int]] = []
        if side is not None:
            if not g.has_archive:
                raise DeckError(f"{g.name} decks have no Archive (a side-deck is MetaZoo's, MZ-BOOK-04): remove "
                                f"the 'Archive' section from line {header}. Nothing was saved.", code="no_archive")
            archive = parse_list(side, g.card_catalog(), MAX_ARCHIVE_LIST)
        cards = parse_list(text, g.card_catalog(), copy_cap(g))
        if archive:
            flat = [c for c, n in archive for _ in range(n)]
            book = [c for c, n in cards for _ in range(n)]
            wrong = [p for p in g.validate_archive(book, flat) if p.rule in ("MZ-BOOK-04", "MZ-BOOK-02")]
            if wrong:
                raise DeckError("The Archive breaks the deck rules; nothing was saved:", problem_lines(wrong),
                                code="bad_archive")
        old = await self._named(user, game, name)
        if old is not None and not replace:
            raise DeckError(f"You already have a {g.name} deck named '{old.name}'. Choose another name, or "
                            f"import with replace to overwrite it.", code="name_taken")
        if old is not None:
            await self.store.update_deck(user, old.id, self.clock(), cards=cards, archive=archive)
            return await self._reload(user, old)
        return await self.store.create_deck(user, game, name, cards, self.clock(), archive=archive)

    async def export(self, user: str, ref: str | None, game: str | None = None) -> tuple[DeckRow, str]:
        """The deck and its list text (:func:`export_text`)."""
        deck = await self.find(user, ref, game)
        return deck, export_text(deck, self.catalog(deck.game))

    # -- helpers

    async def _reload(self, user: str, deck: DeckRow) -> DeckRow:
        row = await self.store.deck(user, deck.id)
        assert row is not None
        return row

    @staticmethod
    def _card(game: Game, text: str) -> CardInfo:
        catalog = game.card_catalog()
        card = catalog.get(text.strip())  # autocomplete sends the id
        if card is not None:
            return card
        try:
            return catalog.resolve(text)
        except CardNotFound as exc:
            raise DeckError(exc.message, code="unknown_card") from None

    async def _source(self, user: str, source: str, game: str | None
                      ) -> tuple[str, list[tuple[str, int]], list[tuple[str, int]]]:
        """``(game id, cards, Archive)`` of a copy's source; starter decks have no Archive."""
        source = source.strip()
        if source.startswith(STARTER):
            _, _, rest = source.partition(":")
            game, _, source = rest.partition(":")
        games = [game] if game else [g for g in sorted(GAME_MODULES) if g not in NO_PERSONAL_DECKS]
        for gid in games:
            g = deck_game(gid)
            for sid, title in g.starter_names().items():
                if source.casefold() in (sid.casefold(), title.casefold()):
                    return gid, list(Counter(g.starter_decks()[sid]).items()), []
        deck = await self.find(user, source, game)
        return deck.game, list(deck.cards), list(deck.archive)


def problem_lines(problems: list[RulesError]) -> list[str]:
    """``"META-DCK-01: A deck has exactly 60 cards; …"`` per broken rule."""
    return [f"{p.rule}: {p.message}" for p in problems]

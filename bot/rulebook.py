"""The rules lookup behind ``/rules game:<game> topic:<topic>`` and ``metahost rules`` (issue 6).

The source of every rule ID is the team's rules checklists, copied into ``data/rules/<game>.md``
(``data/rules/README.md``). Plain Python, no Discord: the terminal uses it too.

:meth:`RuleBook.load` parses one game's checklist into :class:`Section` objects (one per ``##`` heading,
one per ``###`` sub-heading, and one for the "Gaps the source leaves open" part);
:meth:`RuleBook.topics` feeds autocomplete, :meth:`RuleBook.find` resolves the topic a user picked and
:func:`pages` cuts a section into Markdown pages that fit Discord's message limit.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from games import GAME_NAMES
from games.core.carddata import data_dir
from games.core.textsearch import normalize, rank

RULE_GAMES = GAME_NAMES  # every game has a checklist, built or not

MESSAGE_LIMIT = 4000  # characters in one Discord embed description
HIGHLIGHT = "▶ "

# Rules are "- **MX-KO-03** text"; gap entries are "- `MX-GAP-01` text" (not bold, so the coverage tool
# does not count them as rules), but a reader asking about them still wants them.
_RULE_LINE = re.compile(r"^- (?:\*\*|`)(?P<id>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)(?:\*\*|`)\s*(?P<text>.*)$")
_HEADING = re.compile(r"^(?P<level>#{2,3})\s+(?P<text>.+?)\s*#*\s*$")
_NUMBERED = re.compile(r"^(?P<number>\d+)\.\s+(?P<title>.+)$")
_ID_PARTS = re.compile(r"[\s_\-]+")


@dataclass(frozen=True)
class Rule:
    """One checklist entry: ``id`` like ``"MX-KO-03"`` (or a gap, ``"MX-GAP-11"``) and its text (Markdown)."""

    id: str
    text: str


@dataclass(frozen=True)
class Section:
    """One part of a checklist. ``number`` is ``"9"`` for "## 9. Decks and collections" and ``""`` for an
    unnumbered part (the gaps); a ``###`` sub-section keeps its parent's number and gets the title
    ``"Card types — Event"``. ``intro`` is the text between the heading and the first rule (may be
    empty). ``labels`` are the group captions found between rules (MetaZoo's "Frozen (X):"), as
    ``(index of the rule they precede, text)``; an index equal to ``len(rules)`` means after the last."""

    game: str
    number: str
    title: str
    intro: str
    rules: tuple[Rule, ...]
    labels: tuple[tuple[int, str], ...] = ()

    @property
    def heading(self) -> str:
        """``"9. Decks and collections"``, ``"10. Card types — Event"`` or ``"Gaps the source leaves open"``."""
        return f"{self.number}. {self.title}" if self.number else self.title

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.rules)


def canonical_id(text: str) -> str:
    """``"mx ko 03"`` / ``"mx_ko_03"`` / ``" MX-KO-03 "`` → ``"MX-KO-03"`` (no check that it exists)."""
    return "-".join(p for p in _ID_PARTS.split(text.strip().upper()) if p)


def _id_prefix_matches(query_parts: list[str], rule_id: str) -> bool:
    """Whether a query split into parts is a prefix of ``rule_id``: whole parts must be equal, the last
    part may be cut short, and a number matches by value so ``MX-KO-3`` finds ``MX-KO-03``."""
    parts = rule_id.split("-")
    if len(query_parts) > len(parts):
        return False
    *whole, last = query_parts
    if any(q != p for q, p in zip(whole, parts, strict=False)):
        return False
    target = parts[len(whole)]
    if target.startswith(last):
        return True
    return last.isdigit() and target.isdigit() and int(last) == int(target)


class RuleBook:
    """One game's rules checklist, parsed. Build it with :meth:`load` (cached per file)."""

    _cache: ClassVar[dict[Path, RuleBook]] = {}

    def __init__(self, game: str, sections: list[Section], source: Path):
        self.game = game
        self.name = RULE_GAMES.get(game, game)
        self.source = source
        self._sections = list(sections)
        self._by_id: dict[str, tuple[Rule, Section]] = {}
        for section in self._sections:
            for rule in section.rules:
                self._by_id[rule.id] = (rule, section)
        # Precomputed once: every autocomplete keystroke searches all of them.
        self._texts = [
            normalize(" ".join([s.intro, *(t for _, t in s.labels), *(r.text for r in s.rules)]))
            for s in self._sections
        ]

    # -- loading ----------------------------------------------------------------------------------

    @classmethod
    def load(cls, game: str) -> RuleBook:
        """The checklist of ``game`` (a key of :data:`RULE_GAMES`), read from
        ``data_dir("rules") / f"{game}.md"`` (so ``$METAHOST_DATA`` applies) and cached per file.

        Raises ``KeyError`` for an unknown game (the message lists the known ones) and ``OSError`` when
        the file cannot be read."""
        if game not in RULE_GAMES:
            raise KeyError(f"no rules for a game called {game!r}; choose one of {', '.join(RULE_GAMES)}")
        path = data_dir("rules") / f"{game}.md"
        book = cls._cache.get(path)
        if book is None:
            book = cls.parse(game, path.read_text(encoding="utf-8"), path)
            cls._cache[path] = book
        return book

    @classmethod
    def parse(cls, game: str, text: str, source: Path | None = None) -> RuleBook:
        """Parse checklist Markdown (the format of ``data/rules/*.md``) into a :class:`RuleBook`. Text
        before the first ``##`` heading (the title and the ID conventions) belongs to no section."""
        sections: list[Section] = []
        parent_number = parent_title = ""
        current: dict | None = None
        last_was_rule = False

        def close() -> None:
            if current is None:
                return
            rules = tuple(Rule(rid, " ".join(parts)) for rid, parts in current["rules"])
            intro = "\n".join(current["intro"]).strip()
            labels = tuple(current["labels"])
            # "## 10. Card types" holds only ### sub-sections: an empty page would help nobody.
            if rules or intro or labels:
                sections.append(Section(game, current["number"], current["title"], intro, rules, labels))

        for raw in text.splitlines():
            line = raw.rstrip()
            heading = _HEADING.match(line)
            if heading:
                close()
                title = heading["text"]
                if heading["level"] == "##":
                    numbered = _NUMBERED.match(title)
                    parent_number, parent_title = (numbered["number"], numbered["title"]) if numbered else ("", title)
                    number, title = parent_number, parent_title
                else:
                    number, title = parent_number, f"{parent_title} — {title}" if parent_title else title
                current = {"number": number, "title": title, "intro": [], "rules": [], "labels": []}
                last_was_rule = False
                continue
            if current is None:
                continue
            if not line.strip():
                last_was_rule = False
                continue
            rule = _RULE_LINE.match(line)
            if rule:
                current["rules"].append((rule["id"], [rule["text"].strip()]))
                last_was_rule = True
            elif current["rules"] and (last_was_rule or raw[:1].isspace()):
                # An indented line, or a lazy Markdown continuation, still belongs to the bullet above.
                current["rules"][-1][1].append(line.strip())
            elif not current["rules"]:
                current["intro"].append(line.strip())
            else:
                current["labels"].append((len(current["rules"]), line.strip()))
        close()
        return cls(game, sections, source or Path(f"{game}.md"))

    # -- lookups ----------------------------------------------------------------------------------

    @property
    def sections(self) -> list[Section]:
        """Every section in document order (a new list each time)."""
        return list(self._sections)

    def rule(self, rule_id: str) -> Rule | None:
        """The rule with this ID (``"mx ko 03"`` works too), or ``None``."""
        hit = self._by_id.get(canonical_id(rule_id))
        return hit[0] if hit else None

    def section_of(self, rule_id: str) -> Section | None:
        """The section holding this rule ID, or ``None``."""
        hit = self._by_id.get(canonical_id(rule_id))
        return hit[1] if hit else None

    def _id_query(self, query: str) -> list[Section] | None:
        """Sections holding rule IDs that start with ``query``, in document order; ``None`` when the
        query is not shaped like an ID prefix. A bare game prefix ("MX", "meta") is not: it would list
        everything, and "meta" is also a word people search for."""
        parts = canonical_id(query).split("-")
        if len(parts) < 2 or not any(rid.startswith(parts[0] + "-") for rid in self._by_id):
            return None
        return [s for s in self._sections if any(_id_prefix_matches(parts, r.id) for r in s.rules)]

    @staticmethod
    def _names(section: Section) -> list[str]:
        # The bare title lets "deck construction" be an exact match; captions make "Frozen" find
        # MetaZoo's status effects section.
        sub = section.title.split(" — ")[-1]
        return [section.heading, section.title, sub, *(text.rstrip(":") for _, text in section.labels)]

    def topics(self, query: str, limit: int = 25) -> list[Section]:
        """Sections for autocomplete, best first, at most ``limit``. An ID prefix ("MX-KO", "mx ko 03")
        gives the sections holding matching IDs; otherwise headings ranked by
        :func:`games.core.textsearch.rank`, followed by sections whose text contains every query word.
        An empty query lists the sections in order."""
        by_id = self._id_query(query)
        if by_id:
            return by_id[:limit]
        found = rank(query, self._sections, self._names, limit)
        words = normalize(query).split()
        if words and len(found) < limit:
            seen = {id(s) for s in found}
            for section, text in zip(self._sections, self._texts, strict=True):
                if id(section) not in seen and all(w in text for w in words):
                    found.append(section)
                    if len(found) >= limit:
                        break
        return found

    def find(self, topic: str) -> Section:
        """The section a user's topic names: an exact heading (as autocomplete offers it), a section
        number (``"9"``), a rule ID (its section) or else the best :meth:`topics` match.

        Raises ``LookupError`` naming up to three of the closest headings when nothing matches."""
        wanted = normalize(topic)
        for section in self._sections:
            if wanted and normalize(section.heading) == wanted:
                return section
        number = topic.strip().rstrip(".")
        if number.isdigit():
            for section in self._sections:
                if section.number and int(section.number) == int(number):
                    return section
        owner = self.section_of(topic)
        if owner is not None:
            return owner
        if wanted:
            found = self.topics(topic, 1)
            if found:
                return found[0]
        # textsearch found nothing, so its own "closest" would be empty too: fall back to plain
        # similarity just to give the user something to pick.
        headings = [s.heading for s in self._sections]
        near = difflib.get_close_matches(topic, headings, n=3, cutoff=0.0)
        hint = f"; closest: {', '.join(near)}" if near else ""
        raise LookupError(f"no {self.name} rules section matches {topic!r}{hint}")


# -- pages ----------------------------------------------------------------------------------------


def _split_words(text: str, limit: int) -> list[str]:
    """``text`` cut into pieces of at most ``limit`` characters at spaces (a word longer than the limit
    is cut inside)."""
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = rest.rfind(" ", 0, limit + 1)
        if cut <= 0:
            cut = limit
        pieces.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        pieces.append(rest)
    return pieces


def pages(section: Section, limit: int = MESSAGE_LIMIT, highlight: str | None = None) -> list[str]:
    """``section`` as Markdown pages of at most ``limit`` characters each: the first starts with
    ``**<heading>**``, then the intro, then one line per rule, ``**ID** text`` (a caption line goes
    just before the rule it introduces). Pages break only between rules, except that a rule (or intro)
    longer than ``limit`` is cut at word boundaries. ``highlight`` (a rule ID) prefixes that rule's
    line with ``"▶ "``. The game's name and the source file are left to the caller.

    Raises ``ValueError`` when ``limit`` is below 1."""
    if limit < 1:
        raise ValueError(f"a page limit must be at least 1 character, not {limit}")
    marked = canonical_id(highlight) if highlight else None
    captions: dict[int, list[str]] = {}
    for index, text in section.labels:
        captions.setdefault(index, []).append(text)

    blocks = [f"**{section.heading}**"]
    if section.intro:
        blocks.append(section.intro)
    for i, rule in enumerate(section.rules):
        line = f"**{rule.id}** {rule.text}".rstrip()
        if rule.id == marked:
            line = HIGHLIGHT + line
        blocks.append("\n".join([*captions.get(i, []), line]))
    if len(section.rules) in captions:
        blocks.append("\n".join(captions[len(section.rules)]))

    out: list[str] = []
    page = ""
    for block in blocks:
        for piece in _split_words(block, limit) if len(block) > limit else [block]:
            if page and len(page) + 1 + len(piece) <= limit:
                page += "\n" + piece
            else:
                if page:
                    out.append(page)
                page = piece
    if page:
        out.append(page)
    return out

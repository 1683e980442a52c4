"""The rules lookup behind ``/rules game:<game> topic:<topic>`` and ``metahost rules``, in
player words.

The source of every rule ID is the team's rules checklists, copied into ``data/rules/<game>.md``
(``data/rules/README.md``). Plain Python, no Discord: the terminal uses it too.

The checklists are written for developers; players see them rewritten: a ``[host]`` note becomes the
rule's :attr:`Rule.ruling` ("How the bot handles it"), and a built game's open-gap questions are replaced by
the host's decisions, in player words, from ``data/rules/<game>.rulings.yaml`` (``gaps``: ID -> ``topic``
and ``ruling``; ``host``: ID -> ruling; ``wording``: ID -> rule text for a rule the checklist phrases as a
test). A game that is not built shows its gaps as "not decided yet".

:meth:`RuleBook.load` parses one game's checklist into :class:`Section` objects (one per ``##`` heading,
one per ``###`` sub-heading, and one for the "Gaps the source leaves open" part);
:meth:`RuleBook.topics` feeds autocomplete, :meth:`RuleBook.find` resolves the topic a user picked and
:func:`pages` cuts a section into Markdown pages that fit Discord's message limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from games import GAME_MODULES, GAME_NAMES
from games.core.carddata import data_dir, load_yaml
from games.core.textsearch import FUZZY, closest, normalize, pick, scored

RULE_GAMES = GAME_NAMES  # every game has a checklist, built or not

MESSAGE_LIMIT = 4000  # characters in one Discord embed description
HIGHLIGHT = "▶ "
GAPS_BUILT = "Rulings on what the rulebook leaves open"
GAPS_OPEN = "What the rulebook leaves open (not decided yet)"
NOT_DECIDED = "Not decided yet."
HOW = "How the bot handles it:"
HOW_LATER = "How the bot will handle it:"
RULING = "The bot's ruling:"

# Rules are "- **MX-KO-03** text"; gap entries are "- `MX-GAP-01` text" (not bold, so the coverage tool
# does not count them as rules), but a reader asking about them still wants them.
_RULE_LINE = re.compile(r"^- (?:\*\*|`)(?P<id>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)(?:\*\*|`)\s*(?P<text>.*)$")
_HEADING = re.compile(r"^(?P<level>#{2,3})\s+(?P<text>.+?)\s*#*\s*$")
_NUMBERED = re.compile(r"^(?P<number>\d+)\.\s+(?P<title>.+)$")
_ID_PARTS = re.compile(r"[\s_\-]+")


# Developer phrasing of the checklists -> player words. Applied in order.
_PLAYER_WORDS: tuple[tuple[str, str], ...] = (
    ("(engine decision, see ", "(the bot's ruling: "),
    ("Rulebook scenarios as tests: ", "Examples from the rulebook: "),
    ("The sample turn is a scenario test: ", "The rulebook's sample turn: "),
    ("Example to test: ", "For example: "),
    ("Golden test of the rulebook example: ", "The rulebook's example: "),
    (", and tests can inject results", ""),
    ("; recommended default", "; the default"),
    (". Test: ", ". For example: "),
    ("the game's seeded RNG stored in the state", "the bot's random numbers, recorded with the game"),
    ("the game's seeded RNG", "the bot's random numbers"),
    ("the seeded game RNG", "the bot's random numbers"),
    ("the seeded RNG", "the bot's random numbers"),
    ("the game RNG", "the bot's random numbers"),
    ("one seeded RNG per game produces", "the bot's random numbers produce"),
    ("Seeded RNG", "The bot's random numbers"),
    ("seeded RNG", "the bot's random numbers"),
    ("the card-pool validator", "the bot"),
    ("atomic engine step", "step of the game"),
    ("The engine ", "The bot "),
    ("the engine ", "the bot "),
    ("the bot reading", "the engine reading"),  # "engine reading" is a card's own field: keep its name
    ("The source", "The rulebook"),
    ("the source", "the rulebook"),
)


def player_words(text: str) -> str:
    """``text`` with the checklists' developer phrasing ("the engine", "seeded RNG", "Example to test")
    said the way a player would read it (:data:`_PLAYER_WORDS`)."""
    for old, new in _PLAYER_WORDS:
        text = text.replace(old, new)
    return text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def split_host(text: str) -> tuple[str, str]:
    """A checklist rule text -> ``(rule, bot)``: the rule without its ``[host]`` note, and what the bot
    does instead (the text after ``Bot:``, ``""`` when there is none). A rule that is only a bot note
    (``[host] Bot: …``) becomes that note."""
    if "[host]" not in text:
        return text, ""
    before, after = text.split("[host]", 1)
    note, bot = after.split("Bot:", 1) if "Bot:" in after else (after, "")
    rule = " ".join(f"{before.strip()} {note.strip()}".split())
    bot = _capital(bot.strip())
    return (rule, bot) if rule else (bot, "")


@dataclass(frozen=True)
class Rule:
    """One rule as players read it: ``id`` like ``"MX-KO-03"`` (or a gap, ``"MX-GAP-11"``), ``text``
    (Markdown, player words: for a decided gap, what it is about) and ``ruling``: how the bot handles it
    (a ``[host]`` rule) or the bot's decision (a gap); ``""`` when the rule needs none. ``gap`` marks an
    entry of the gaps part. ``checklist`` is the developer text it came from (never shown)."""

    id: str
    text: str
    ruling: str = ""
    gap: bool = False
    checklist: str = field(default="", compare=False, repr=False)


@dataclass(frozen=True)
class Section:
    """One part of a checklist. ``number`` is ``"9"`` for "## 9. Decks and collections" and ``""`` for an
    unnumbered part (the gaps); a ``###`` sub-section keeps its parent's number and gets the title
    ``"Card types — Event"``; the gaps part is titled :data:`GAPS_BUILT` or :data:`GAPS_OPEN`. ``intro`` is the text between the heading and the first rule (may be
    empty). ``labels`` are the group captions found between rules (MetaZoo's "Frozen (X):"), as
    ``(index of the rule they precede, text)``; an index equal to ``len(rules)`` means after the last. ``built``: whether the game is playable here."""

    game: str
    number: str
    title: str
    intro: str
    rules: tuple[Rule, ...]
    labels: tuple[tuple[int, str], ...] = ()
    built: bool = False

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


@dataclass(frozen=True)
class Rulings:
    """A built game's player-words rulings (``data/rules/<game>.rulings.yaml``): ``gaps`` maps a gap ID
    to ``(topic, ruling)``; ``host`` a ``[host]`` rule ID to how the bot handles it; ``wording`` a rule ID
    to the rule's text when the checklist phrases it for developers."""

    gaps: dict[str, tuple[str, str]] = field(default_factory=dict)
    host: dict[str, str] = field(default_factory=dict)
    wording: dict[str, str] = field(default_factory=dict)


def load_rulings(path: Path) -> Rulings:
    """Read a rulings file (format: :class:`Rulings`; keys ``gaps``, ``host``, ``wording``, all optional).

    Raises ``ValueError`` naming the file and the entry when the shape is wrong (an unknown key, a gap
    without ``topic`` or ``ruling``, an empty text)."""
    raw = load_yaml(path) or {}

    def fail(what: str) -> ValueError:
        return ValueError(f"{path.name}: {what}")

    if not isinstance(raw, dict) or set(raw) - {"gaps", "host", "wording"}:
        raise fail("expected a mapping with the keys gaps, host and wording")
    gaps: dict[str, tuple[str, str]] = {}
    for rid, entry in (raw.get("gaps") or {}).items():
        if not isinstance(entry, dict) or set(entry) != {"topic", "ruling"} or not all(
                isinstance(v, str) and v.strip() for v in entry.values()):
            raise fail(f"gap {rid} needs a non-empty 'topic' and 'ruling', nothing else")
        gaps[str(rid)] = (" ".join(entry["topic"].split()), " ".join(entry["ruling"].split()))
    texts: dict[str, dict[str, str]] = {}
    for key in ("host", "wording"):
        texts[key] = {}
        for rid, value in (raw.get(key) or {}).items():
            if not isinstance(value, str) or not value.strip():
                raise fail(f"{key} {rid} needs a non-empty text")
            texts[key][str(rid)] = " ".join(value.split())
    return Rulings(gaps, texts["host"], texts["wording"])


class RuleBook:
    """One game's rules checklist, parsed into player words. Build it with :meth:`load` (cached per file).
    ``built``: whether the game can be played here (its gaps are decided only then)."""

    _cache: ClassVar[dict[Path, RuleBook]] = {}

    def __init__(self, game: str, sections: list[Section], source: Path, built: bool = False):
        self.game = game
        self.name = RULE_GAMES.get(game, game)
        self.source = source
        self.built = built
        self._sections = list(sections)
        self._by_id: dict[str, tuple[Rule, Section]] = {}
        for section in self._sections:
            for rule in section.rules:
                self._by_id[rule.id] = (rule, section)
        # Precomputed once: every autocomplete keystroke searches all of them.
        self._texts = [
            normalize(" ".join([s.intro, *(t for _, t in s.labels), *(f"{r.text} {r.ruling}" for r in s.rules)]))
            for s in self._sections
        ]

    # -- loading ----------------------------------------------------------------------------------

    @classmethod
    def load(cls, game: str) -> RuleBook:
        """The checklist of ``game`` (a key of :data:`RULE_GAMES`), read from
        ``data_dir("rules") / f"{game}.md"`` (so ``$METAHOST_DATA`` applies) with its rulings from
        ``<game>.rulings.yaml`` next to it (optional), cached per file.

        Raises ``KeyError`` for an unknown game (the message lists the known ones), ``OSError`` when
        the checklist cannot be read and ``ValueError`` for a malformed rulings file."""
        if game not in RULE_GAMES:
            raise KeyError(f"no rules for a game called {game!r}; choose one of {', '.join(RULE_GAMES)}")
        path = data_dir("rules") / f"{game}.md"
        book = cls._cache.get(path)
        if book is None:
            extra = path.with_name(f"{game}.rulings.yaml")
            rulings = load_rulings(extra) if extra.exists() else None
            book = cls.parse(game, path.read_text(encoding="utf-8"), path, rulings)
            cls._cache[path] = book
        return book

    @classmethod
    def parse(cls, game: str, text: str, source: Path | None = None, rulings: Rulings | None = None,
              built: bool | None = None) -> RuleBook:
        """Parse checklist Markdown (the format of ``data/rules/*.md``) into a :class:`RuleBook` in player
        words (see the module docstring). Text before the first ``##`` heading (the title and the ID
        conventions) belongs to no section. ``built`` defaults to whether ``game`` is registered as
        playable (:data:`games.GAME_MODULES`); ``rulings`` to none."""
        built = game in GAME_MODULES if built is None else built
        rulings = rulings or Rulings()
        name = RULE_GAMES.get(game, game)
        sections: list[Section] = []
        parent_number = parent_title = ""
        current: dict | None = None
        last_was_rule = False

        def player_rule(rid: str, raw: str, gaps: bool) -> Rule:
            if gaps:
                decided = rulings.gaps.get(rid) if built else None
                if decided:
                    return Rule(rid, decided[0], decided[1], True, raw)
                return Rule(rid, NOT_DECIDED, "", True, raw)
            rule, bot = split_host(raw)
            return Rule(rid, rulings.wording.get(rid) or player_words(rule),
                        rulings.host.get(rid) or player_words(bot), False, raw)

        def close() -> None:
            if current is None:
                return
            gaps = current["gaps"]
            rules = tuple(player_rule(rid, " ".join(parts), gaps) for rid, parts in current["rules"])
            intro = player_words("\n".join(current["intro"]).strip())
            title = current["title"]
            if gaps:
                title = GAPS_BUILT if built else GAPS_OPEN
                intro = ("What the bot does where the rulebook says nothing or is unclear." if built else
                         f"{name} is not playable here yet, so these questions are not decided yet.")
            labels = tuple(current["labels"])
            # "## 10. Card types" holds only ### sub-sections: an empty page would help nobody.
            if rules or intro or labels:
                sections.append(Section(game, current["number"], title, intro, rules, labels, built))

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
                current = {"number": number, "title": title, "intro": [], "rules": [], "labels": [],
                           "gaps": not number and title.startswith("Gaps ")}
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
        return cls(game, sections, source or Path(f"{game}.md"), built)

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

    def rules_like(self, query: str, limit: int = 25) -> list[Rule]:
        """Rules whose ID starts with ``query`` ("MX-KO", "meta gap 3"), in document order, at most
        ``limit``; empty when the query is not shaped like an ID prefix (see :meth:`topics`). Autocomplete
        offers these so that picking one answers with that rule."""
        parts = canonical_id(query).split("-")
        if self._id_query(query) is None:
            return []
        return [r for s in self._sections for r in s.rules if _id_prefix_matches(parts, r.id)][:limit]

    @staticmethod
    def _names(section: Section) -> list[str]:
        # The bare title lets "deck construction" be an exact match; captions make "Frozen" find
        # MetaZoo's status effects section; the gaps part answers to "gaps" and "rulings" too.
        sub = section.title.split(" — ")[-1]
        extra = ["gaps", "rulings", "open questions"] if any(r.gap for r in section.rules) else []
        return [section.heading, section.title, sub, *extra, *(text.rstrip(":") for _, text in section.labels)]

    def _text_hits(self, query: str, exclude: set[int]) -> list[Section]:
        words = normalize(query).split()
        if not words:
            return []
        return [section for section, text in zip(self._sections, self._texts, strict=True)
                if id(section) not in exclude and all(w in text for w in words)]

    def topics(self, query: str, limit: int = 25) -> list[Section]:
        """Sections for autocomplete, best first, at most ``limit``. An ID prefix ("MX-KO", "mx ko 03")
        gives the sections holding matching IDs; otherwise headings matched literally (exact, prefix,
        word prefix, substring: :func:`games.core.textsearch.score`), then sections whose text (rules and
        rulings) contains every query word, then headings close to the query (typos: "paradx").
        An empty query lists the sections in order."""
        by_id = self._id_query(query)
        if by_id:
            return by_id[:limit]
        if not normalize(query):
            return self._sections[:limit]
        ranked = scored(query, self._sections, self._names)
        found = [s for sc, s in ranked if sc < FUZZY]
        found += self._text_hits(query, {id(s) for s in found})
        seen = {id(s) for s in found}
        found += [s for sc, s in ranked if sc >= FUZZY and id(s) not in seen]
        return found[:limit]

    def find(self, topic: str) -> Section:
        """The section a user's topic names: an exact heading (as autocomplete offers it), a section
        number (``"9"``), a rule ID (its section), the best literal heading match, the first section whose
        text holds every word, or a heading clearly close to a typo.

        Raises ``LookupError`` when nothing matches (naming up to three of the closest headings) or when
        a typo is close to several headings ("did you mean", up to five, one per line)."""
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
        by_id = self._id_query(topic)
        if by_id:
            return by_id[0]
        if wanted:
            ranked = scored(topic, self._sections, self._names)
            if ranked and ranked[0][0] < FUZZY:
                return ranked[0][1]
            hits = self._text_hits(topic, set())
            if hits:
                return hits[0]
            typo = pick(topic, self._sections, self._names)
            if typo.item is not None:
                return typo.item
            if len(typo.maybe) == 1:  # reading a section is harmless: a lone near miss is worth showing
                return typo.maybe[0]
            if typo.maybe:
                lines = "\n".join(f"• {s.heading}" for s in typo.maybe)
                raise LookupError(f"No {self.name} rules section is called {topic!r}. Did you mean:\n{lines}")
        near = closest(topic, self._sections, self._names, 3) or self._sections[:3]
        raise LookupError(f"no {self.name} rules section matches {topic!r}; closest: "
                          + ", ".join(s.heading for s in near))

    def answer(self, topic: str, limit: int = MESSAGE_LIMIT) -> Answer:
        """What ``/rules`` and ``metahost rules`` show for ``topic``, as :func:`pages` of at
        most ``limit`` characters. A rule ID gives its section with that rule marked when the section fits
        one page, else the rule alone with its ruling (one message per question: the gaps part of a built
        game is long); anything else gives the section :meth:`find` finds.

        Raises ``LookupError`` as :meth:`find` does."""
        rule = self.rule(topic)
        if rule is not None:
            section = self.section_of(topic)
            assert section is not None
            whole = pages(section, limit, rule.id)
            if len(whole) == 1:
                return Answer(f"{self.name} rules — {section.heading}", whole, section, rule)
            one = Section(section.game, section.number, section.title, "", (rule,), (), section.built)
            return Answer(f"{self.name} rules — {rule.id}", pages(one, limit), section, rule, True)
        section = self.find(topic)
        return Answer(f"{self.name} rules — {section.heading}", pages(section, limit), section, None)


@dataclass(frozen=True)
class Answer:
    """A reply to a rules question: ``title`` (``"Meta rules — META-GAP-03"``), ``pages`` (Markdown, each
    within the limit asked for), the ``section`` it comes from and the ``rule`` asked about, if any.
    ``alone``: the pages hold only that rule, not its whole section."""

    title: str
    pages: list[str]
    section: Section
    rule: Rule | None
    alone: bool = False


def plain(markdown: str) -> str:
    """A page as plain text for the terminal: bold IDs and italic leads ("*How the bot handles it:*")
    lose their asterisks; a ``*`` uniqueness stays."""
    return re.sub(r"\*([^*\n]+:)\*", r"\1", markdown.replace("**", ""))


def rule_block(rule: Rule, built: bool) -> str:
    """One rule as players read it: ``**ID** text``, then on the next line its ruling, if any, after
    "How the bot handles it:" (a gap: "The bot's ruling:"; a game not built yet: "How the bot will
    handle it:")."""
    line = f"**{rule.id}** {rule.text}".rstrip()
    if rule.ruling:
        lead = RULING if rule.gap else HOW if built else HOW_LATER
        line += f"\n↳ *{lead}* {rule.ruling}"
    return line


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
    ``**<heading>**``, then the intro, then each rule as :func:`rule_block` gives it (a caption line
    goes just before the rule it introduces). Pages break only between rules, except that a rule (or intro)
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
        line = rule_block(rule, section.built)
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

"""Player help shared by the terminal and Discord: each game's quick start, written in
player words in ``data/help/<game>.md``, and rule IDs shown only as pointers a player can follow
(``see /rules MZ-TURN-10``).

A quick start file is Markdown: a ``# Title`` line, then short ``## Heading`` sections (how a turn goes,
what the buttons mean, looking things up). :func:`quick_start` reads it; :func:`sections` splits it for a
Discord embed's fields; both fail loudly (``FileNotFoundError``) for a game without one, so a new game
cannot ship without its quick start (tests/test_help.py checks every game of the registry).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

HELP_DIR = Path(__file__).resolve().parents[1] / "data" / "help"

RULE_ID = re.compile(r"(?<!/rules )(?<![\w/-])((?:META|MZ|MX|MEM|MO)-[A-Z]{2,6}-\d{2}(?:/\d{2})?)(?![\w-])")
"""A bare rule ID of one of the five games ("MZ-TURN-10", "META-TRG-03/04"), not already after ``/rules``."""

_IN_PARENS = re.compile(r"\((?:rule\s+)?" + RULE_ID.pattern + r"\)")

GAME_PREFIXES = {"META": "meta", "MZ": "metazoo", "MX": "metax", "MEM": "memesis", "MO": "metaolympia"}
"""The prefix of a game's rule IDs -> the game id (``MZ-TURN-10`` is MetaZoo's)."""


def game_of_rule(text: str) -> str | None:
    """The game a rule ID (or a topic starting with one: ``"mz-turn-10"``, ``"MX-KO"``) belongs to, else
    ``None``."""
    m = re.match(r"^\s*([A-Za-z]{2,4})-[A-Za-z]{2,6}(?:-|\s*$)", text)
    return GAME_PREFIXES.get(m.group(1).upper()) if m else None


def pointer(rule: str) -> str:
    """How a player is sent to a rule: ``see /rules MZ-TURN-10`` (the terminal takes ``/rules`` too)."""
    return f"see /rules {rule}"


def pointers(text: str) -> str:
    """``text`` with each bare rule ID made a pointer: ``"3 copies (MO-CMP-01)"`` -> ``"3 copies (see /rules
    MO-CMP-01)"``, a bare ``MX-KO-03`` elsewhere -> ``/rules MX-KO-03``. IDs already after ``/rules`` stay."""
    text = _IN_PARENS.sub(lambda m: f"({pointer(m.group(1))})", text)
    return RULE_ID.sub(lambda m: f"/rules {m.group(1)}", text)


@cache
def quick_start(game_id: str) -> str:
    """The quick start of ``game_id`` as written (Markdown). ``FileNotFoundError`` when it has none."""
    return (HELP_DIR / f"{game_id}.md").read_text(encoding="utf-8").strip()


def title(game_id: str) -> str:
    """The quick start's ``# Title`` line without the mark."""
    first = quick_start(game_id).splitlines()[0]
    return first.lstrip("#").strip()


def sections(game_id: str) -> list[tuple[str, str]]:
    """The quick start's ``## Heading`` sections as ``(heading, body)`` in order; text before the first
    heading (after the title) comes as ``("", intro)``."""
    out: list[tuple[str, str]] = []
    heading, body = "", []
    for line in quick_start(game_id).splitlines()[1:]:
        if line.startswith("## "):
            if heading or "".join(body).strip():
                out.append((heading, "\n".join(body).strip()))
            heading, body = line[3:].strip(), []
        else:
            body.append(line)
    if heading or "".join(body).strip():
        out.append((heading, "\n".join(body).strip()))
    return out


def plain(markdown: str) -> str:
    """Quick start Markdown as terminal text: ``**bold**`` and backticks dropped, ``## Heading`` kept as
    its words."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", markdown)
    text = re.sub(r"`([^`]+)`", r"\1", text)
    return re.sub(r"^#+\s*", "", text, flags=re.M)

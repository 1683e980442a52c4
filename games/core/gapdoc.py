"""Gap-decision records shared by the games (MetaZoo's ``MZ-GAP-NN``, Memesis' ``MEM-GAP-NN``, …).

A game's ``gaps.py`` module holds, in its docstring, one decision for every gap its checklist lists: an entry
starts at a line ``<PREFIX>-GAP-NN — text`` and goes on over the following indented lines; a section title is
the line above a ``---`` underline. :func:`parse` reads those entries and :func:`numbered` prints them as the
``NN text`` block the game package's docstring ends with (the format ``tests/host/test_rulebook.py`` and
``/rules`` read).
"""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path


def module_doc(doc: str | None, path: str) -> str:
    """``doc`` (a module's ``__doc__``), or the docstring read from the source file ``path`` when Python runs
    with ``-OO`` (which drops docstrings). Returns ``""`` when the file has none."""
    if doc:
        return doc
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    return ast.get_docstring(tree, clean=False) or ""


def parse(doc: str, prefix: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The entries of ``doc`` for the gap prefix ``prefix`` (``"MEM"``): gap ID -> decision (one line, inner
    runs of spaces kept as written), and section title -> gap IDs in order.

    Raises ``ValueError`` when a gap is decided twice."""
    entry = re.compile(rf"^({re.escape(prefix)}-GAP-\d\d) — (.*)$")
    decisions: dict[str, str] = {}
    sections: dict[str, list[str]] = {}
    lines = doc.splitlines()
    current: str | None = None
    section = ""
    for i, line in enumerate(lines):
        if set(line) == {"-"} and i:
            section = lines[i - 1].strip()
            sections[section] = []
            current = None
            continue
        hit = entry.match(line)
        if hit:
            current = hit.group(1)
            if current in decisions:
                raise ValueError(f"{current} is decided twice")
            decisions[current] = hit.group(2).strip()
            sections.setdefault(section, []).append(current)
        elif current and line.startswith(" ") and line.strip():
            decisions[current] += " " + line.strip()
        else:
            current = None
    return decisions, sections


def numbered(decisions: dict[str, str], width: int = 104) -> str:
    """``decisions`` (gap ID -> text) as the ``NN text`` block: each entry starts with its two-digit number
    and wraps at ``width`` characters with a 3-space indent. Returns the text without a trailing newline."""
    out: list[str] = []
    for gap, text in decisions.items():
        out.append(textwrap.fill(f"{gap[-2:]} {text}", width=width, subsequent_indent="   ",
                                 break_on_hyphens=False, break_long_words=False))
    return "\n".join(out)

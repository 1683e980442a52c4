"""Plain-text line wrapping shared by the games' text boards (pure; issue 13 §2: boards read on a phone)."""

from __future__ import annotations

import textwrap


def wrap_parts(line: str, width: int) -> list[str]:
    """``line`` cut to ``width`` characters between its ``" · "`` parts (within a part at word boundaries),
    continuation lines indented two spaces under it; a single word longer than ``width`` stays whole.
    Returns the lines, ``[line]`` when it fits."""
    if len(line) <= width:
        return [line]
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    out: list[str] = []
    cur = ""
    for part in line.split(" · "):
        joined = f"{cur} · {part}" if cur else part
        if len(joined) <= width or not cur:
            cur = joined
        else:
            out.append(cur)
            cur = indent + part
    out.append(cur)
    wrapped: list[str] = []
    for piece in out:
        wrapped += textwrap.wrap(piece, width, subsequent_indent=indent, break_long_words=False) or [piece]
    return wrapped

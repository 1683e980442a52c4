"""Discord's message limits as a test checker: :func:`assert_within_discord_limits` for one
request body, :func:`assert_all_within_limits` for every request the harness recorded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .harness import FakeDiscord

CONTENT = 2000
TITLE, DESCRIPTION, FIELDS, FIELD_NAME, FIELD_VALUE, FOOTER, AUTHOR = 256, 4096, 25, 256, 1024, 2048, 256
EMBED_TOTAL, EMBEDS = 6000, 10
ROWS, ROW_BUTTONS, OPTIONS, CUSTOM_ID, BUTTON_LABEL, OPTION_TEXT, PLACEHOLDER = 5, 5, 25, 100, 80, 100, 150
CHOICES, CHOICE_NAME = 25, 100


def assert_within_discord_limits(body: Mapping[str, Any] | None) -> None:
    """Fail if one request body (a message send or edit, an interaction callback, a followup) breaks a
    Discord limit: content 2,000; per embed title 256, description 4,096, 25 fields (name 1–256, value
    1–1,024), footer 2,048, author 256; 10 embeds and 6,000 embed characters per message; 5 action rows of
    5 buttons or one select; custom ids 100; button labels 80; 25 select options of 100; placeholders
    150; 25 autocomplete choices of 100."""
    if not body:
        return
    if "data" in body and isinstance(body.get("data"), Mapping) and "type" in body:
        body = body["data"]  # an interaction callback: {type, data}
    content = body.get("content") or ""
    assert len(content) <= CONTENT, f"content of {len(content)} characters"
    embeds = body.get("embeds") or []
    assert len(embeds) <= EMBEDS, f"{len(embeds)} embeds"
    total = 0
    for e in embeds:
        title, desc = e.get("title") or "", e.get("description") or ""
        footer = (e.get("footer") or {}).get("text") or ""
        author = (e.get("author") or {}).get("name") or ""
        fields = e.get("fields") or []
        assert len(title) <= TITLE, f"embed title of {len(title)}"
        assert len(desc) <= DESCRIPTION, f"embed description of {len(desc)}"
        assert len(footer) <= FOOTER and len(author) <= AUTHOR, e
        assert len(fields) <= FIELDS, f"{len(fields)} fields"
        for f in fields:
            assert 0 < len(f.get("name") or "") <= FIELD_NAME, f
            assert 0 < len(f.get("value") or "") <= FIELD_VALUE, f"field value of {len(f.get('value') or '')}"
        total += len(title) + len(desc) + len(footer) + len(author) + sum(
            len(f["name"]) + len(f["value"]) for f in fields)
    assert total <= EMBED_TOTAL, f"embeds of {total} characters in one message"
    rows = body.get("components") or []
    assert len(rows) <= ROWS, f"{len(rows)} action rows"
    for row in rows:
        children = row.get("components") or []
        assert len(children) <= ROW_BUTTONS
        for c in children:
            assert len(c.get("custom_id") or "") <= CUSTOM_ID, c
            if c.get("type") == 2:
                assert len(c.get("label") or "") <= BUTTON_LABEL, c
            if c.get("type") == 3:
                assert len(children) == 1, "a select fills its row"
                assert 1 <= len(c.get("options") or []) <= OPTIONS
                assert len(c.get("placeholder") or "") <= PLACEHOLDER
                for o in c["options"]:
                    assert len(o["label"]) <= OPTION_TEXT and len(o["value"]) <= OPTION_TEXT, o
    choices = body.get("choices") or []
    assert len(choices) <= CHOICES and all(len(ch["name"]) <= CHOICE_NAME for ch in choices)


def assert_all_within_limits(fake: FakeDiscord) -> int:
    """Apply :func:`assert_within_discord_limits` to every REST request and interaction reply the harness
    recorded. Returns how many bodies were checked (so a test can tell it checked something)."""
    checked = 0
    for call in [*fake.rest, *fake.replies]:
        if isinstance(call.json, Mapping):
            assert_within_discord_limits(call.json)
            checked += 1
    return checked

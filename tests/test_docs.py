"""The README a newcomer reads and the pages it links to: the README stays under 15 KB, keeps
the two set-up commands, the board pictures and the invite link with its scopes and permissions, and every
relative link in the README and docs/ leads to a file (and heading) that exists."""

from __future__ import annotations

import re
from pathlib import Path

import discord

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_the_readme_is_short_and_says_how_to_start():
    """Under 15 KB, with the two commands of the Makefile, the pictures, and the bot's set-up."""
    text = (ROOT / "README.md").read_text()
    assert len(text.encode()) < 15_000
    assert "make play    # creates .venv/, installs metahost, starts a game of MetaX against the computer" in text
    assert "make test    # creates .venv/ (with test tools) if needed, then lints and runs the whole test suite" in text
    for target in ("play:", "test:"):
        assert target in (ROOT / "Makefile").read_text()
    for game in ("metax", "meta", "metazoo", "memesis", "metaolympia"):
        assert f"(docs/{game}-board.png)" in text
        assert f"(docs/games/{game}.md)" in text
    assert "scope=bot+applications.commands" in text and "DISCORD_TOKEN" in text


def test_the_invite_permissions_are_the_ones_named():
    """The permissions integer of the invite link is exactly the permissions the README names."""
    text = (ROOT / "README.md").read_text()
    number = int(re.search(r"permissions=(\d+)", text).group(1))
    named = discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                                read_message_history=True, create_public_threads=True,
                                send_messages_in_threads=True)
    assert number == named.value
    for words in ("View Channel", "Send Messages", "Embed Links", "Attach Files", "Read Message History",
                  "Create Public Threads", "Send Messages in Threads"):
        assert words in text


def test_every_setting_of_env_example_is_documented():
    """docs/hosting.md has a row for every setting .env.example names."""
    settings = re.findall(r"^#?\s*([A-Z][A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M)
    hosting = (ROOT / "docs" / "hosting.md").read_text()
    assert settings and all(f"| `{s}` |" in hosting for s in settings), settings


def _anchors(path: Path) -> set[str]:
    out = set()
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            out.add(re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-"))
    return out


def test_every_relative_link_leads_somewhere():
    """Each ``[text](path#heading)`` in the README and docs/ names a file that exists and a heading in it."""
    for page in DOCS:
        for link in re.findall(r"\]\(([^)]+)\)", page.read_text()):
            if link.startswith(("http", "<", "mailto:")):
                continue
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            assert target.exists(), (page.name, link)
            if anchor and target.suffix == ".md":
                assert anchor in _anchors(target), (page.name, link)

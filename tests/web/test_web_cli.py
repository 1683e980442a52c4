"""``metahost web`` on the command line: ``link`` prints a table's signed link, bad settings and arguments get
a message saying what is wrong and what is right, and ``metahost bot`` refuses ``WEB_PORT`` without
``WEB_SECRET``."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.cli import main
from bot.settings import Settings
from bot.shell.app import run
from bot.web.links import check

SECRET = "test-secret-of-the-web-front"


@pytest.fixture
def env(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env of the developer's
    for name in ("WEB_SECRET", "WEB_URL", "WEB_PORT", "DATABASE_URL", "METAHOST_DB"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_web_link_prints_the_tables_signed_link(env, finished_metazoo, capsys):
    db, table = finished_metazoo
    env.setenv("WEB_SECRET", SECRET)
    env.setenv("WEB_URL", "https://games.example.org/")
    assert main(["web", "link", table, "--db", db]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("https://games.example.org/t/")
    _, _, _, _, t, expires, sig = out.split("/")
    assert check(SECRET, t, expires, sig, time.time()) == table
    assert int(expires) > time.time() + 364 * 86400  # WEB_LINK_DAYS: a year by default


def test_web_link_without_a_secret_or_of_an_unknown_table_says_what_is_wrong(env, finished_metazoo, capsys):
    db, table = finished_metazoo
    assert main(["web", "link", table, "--db", db]) == 2
    assert "WEB_SECRET is not set" in capsys.readouterr().err
    env.setenv("WEB_SECRET", SECRET)
    assert main(["web", "link", "abcdef12", "--db", db]) == 2
    assert "there is no table abcdef12" in capsys.readouterr().err
    assert main(["web", "link", "--db", db]) == 2
    assert "which table?" in capsys.readouterr().err
    assert main(["web", "link", table, "--db", "/nonexistent/none.db"]) == 3
    assert "no such database file" in capsys.readouterr().err


def test_web_open_refuses_a_file_that_is_not_a_replay(env, tmp_path, capsys):
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": 1}')
    assert main(["web", "open", str(bad)]) == 2
    assert "not a replay file" in capsys.readouterr().err
    assert main(["web", "open", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_bad_web_url_is_refused(env, capsys):
    env.setenv("WEB_URL", "games.example.org")
    assert main(["web", "link", "abc"]) == 2
    assert "WEB_URL" in capsys.readouterr().err


def test_the_bot_refuses_web_port_without_web_secret(env, tmp_path, capsys):
    settings = Settings(DISCORD_TOKEN="not-a-real-token", WEB_PORT=8765, METAHOST_DB=str(tmp_path / "bot.db"))
    assert asyncio.run(run(settings)) == 2
    assert "WEB_PORT is set but WEB_SECRET is not set" in capsys.readouterr().err


def test_metahost_web_serves_a_selfplay_store(env, finished_metazoo, tmp_path):
    """The whole command in its own process: ``metahost web`` over a store made by ``metahost selfplay``
    serves the table's page at the link ``metahost web link`` prints, and a plain 404 elsewhere."""
    import os
    import socket
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    db, table = finished_metazoo
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    environ = {**os.environ, "WEB_SECRET": SECRET, "DATABASE_URL": db, "WEB_URL": f"http://127.0.0.1:{port}"}
    root = Path(__file__).resolve().parents[2]  # this checkout's code (the settings given win over any .env)
    link = subprocess.run([sys.executable, "-m", "bot.cli", "web", "link", table], env=environ, capture_output=True,
                          text=True, check=True, cwd=root).stdout.strip()
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "web", "--port", str(port)], env=environ, cwd=root,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "serving the tables of DATABASE_URL" in proc.stdout.readline()
        deadline = time.monotonic() + 30
        while True:
            try:
                page = urllib.request.urlopen(link + "?step=3", timeout=5).read().decode()
                break
            except (ConnectionError, urllib.error.URLError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert 'data-step="3"' in page and "MetaZoo" in page
        with pytest.raises(urllib.error.HTTPError) as exc:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/t/{table}", timeout=5)
        assert exc.value.code == 404
    finally:
        proc.terminate()
        proc.wait(timeout=10)

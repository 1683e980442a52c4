"""The web front's pages over a store (issue: replays and live spectating on the web): signed links, the
step-through replay of a finished game, the live page of a game in play, the replay file, and the plain 4xx
pages that bad and hostile requests get, with the store never written."""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import html
import io
import re
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bot.audit import public_log
from bot.host import TableService
from bot.local import selfplay
from bot.store import Store, StoreError
from bot.web.app import WebConfig, make_app, open_read_only
from bot.web.links import LinkError, check, signature, table_path
from bot.web.replays import Timeline, read_file

SECRET = "test-secret-of-the-web-front"


def client(db: str, secret: str, **kw) -> TestClient:
    return TestClient(make_app(WebConfig(secret, **kw), store_url=db))


@pytest.fixture(scope="module")
def seen(finished_metazoo):
    """``(client, path)``: one web front over the finished game for the module (its replay is built once), and
    the table's signed path; a rate no test reaches."""
    db, table = finished_metazoo
    with client(db, SECRET, rate=10**6) as c:
        yield c, table_path(SECRET, table, time.time(), 30)


def steps_of(html: str) -> int:
    return int(re.search(r'data-step="(\d+)"', html).group(1))


# -- links ---------------------------------------------------------------------------------------------------


def test_a_link_opens_only_its_own_table_until_it_expires(secret):
    now = 1_800_000_000.0
    path = table_path(secret, "1a2b3c4d", now, 2)
    _, _, table, expires, sig = path.split("/")
    assert check(secret, table, expires, sig, now + 86400) == "1a2b3c4d"
    with pytest.raises(LinkError) as exc:
        check(secret, table, expires, sig, now + 3 * 86400)
    assert exc.value.reason == "expired"
    for bad in (("1a2b3c4e", expires, sig), (table, str(int(expires) + 1), sig), (table, expires, sig[:-1] + "A"),
                (table, expires, signature("another secret", table, int(expires)))):
        with pytest.raises(LinkError) as exc:
            check(secret, *bad, now)
        assert exc.value.reason == "signature"
    with pytest.raises(LinkError) as exc:
        check(secret, "../etc", expires, sig, now)
    assert exc.value.reason == "malformed"
    never = table_path(secret, "1a2b3c4d", now, 0).split("/")
    assert never[3] == "0" and check(secret, never[2], never[3], never[4], now + 10**9) == "1a2b3c4d"


# -- the replay of a finished game -------------------------------------------------------------------------


def test_a_finished_games_link_shows_its_last_step_and_steps_back_and_forth(seen):
    c, path = seen
    page = c.get(path)
    assert page.status_code == 200
    html = page.text
    last = steps_of(html)
    assert last > 50 and "MetaZoo" in html and "Finished" in html and "wins" in html
    assert f'href="?step={last - 1}"' in html and 'id="next"' not in html
    first = c.get(path + "?step=0").text
    assert steps_of(first) == 0 and 'id="prev"' not in first and 'href="?step=1"' in first
    middle = c.get(path + "?step=40").text
    assert steps_of(middle) == 40 and 'href="?step=39"' in middle and 'href="?step=41"' in middle
    assert 'board.png?step=40' in middle
    pic = c.get(path + "/board.png?step=40")
    assert pic.status_code == 200 and pic.headers["content-type"] == "image/png" and pic.content[:4] == b"\x89PNG"


def test_each_step_shows_the_public_log_lines_that_led_to_it(finished_metazoo, seen):
    """The steps' lines, read one after another, are the game's whole public log in order (bot.audit), and a
    step's page lists that step's lines."""
    db, table = finished_metazoo

    async def stored():
        store = await Store.open(db, check_writable=False)
        try:
            row = (await store.load_tables(("finished",), table_id=table))[0]
            log = await store.actions(table, timed=True)
            timeline = Timeline(row)
            timeline.extend(log)
            return public_log(row, log), timeline.steps
        finally:
            await store.close()

    lines, steps = asyncio.run(stored())
    assert [x for s in steps for x in s.lines] == lines
    c, path = seen
    for k in (0, 1, 2, 10, 100, len(steps) - 1):
        shown = [html.unescape(x) for x in re.findall(r"<li>(.*?)</li>", c.get(path + f"?step={k}").text)]
        assert shown == steps[k].lines


def test_the_turn_slider_goes_to_the_first_step_of_a_turn(seen):
    c, path = seen
    page = c.get(path + "?turn=3").text
    k = steps_of(page)
    assert re.search(r'class="where">[^<]* turn 3\b', page)
    before = c.get(path + f"?step={k - 1}").text
    assert re.search(r'class="where">[^<]* turn 2\b', before)
    assert 'name="turn" type="range"' in page


def test_pictures_differ_between_steps(seen):
    c, path = seen
    pictures = {c.get(path + f"/board.png?step={k}").content for k in range(0, 60, 6)}
    assert len(pictures) > 3


@pytest.mark.parametrize("query, status", [
    ("?step=99999", 400), ("?step=-1", 400), ("?step=abc", 400), ("?turn=9999", 400),
    ("?step=" + "9" * 300, 414), ("?x=" + "a" * 5000, 414),
])
def test_steps_out_of_range_and_huge_queries_get_a_plain_4xx_page(seen, query, status):
    c, path = seen
    r = c.get(path + query)
    assert r.status_code == status
    assert "<h1>" in r.text and "Traceback" not in r.text and r.headers["content-type"].startswith("text/html")


def test_wrong_expired_and_unknown_links_get_a_plain_4xx_page(finished_metazoo, secret, sign):
    db, table = finished_metazoo
    with client(db, secret) as c:
        good = sign(table)
        assert c.get(good[:-2] + "AA").status_code == 404
        assert "signature is wrong" in c.get(good[:-2] + "AA").text
        assert c.get(sign(table, days=1, now=time.time() - 2 * 86400)).status_code == 410
        assert c.get(sign("deadbeef")).status_code == 404  # signed, but no such table
        assert c.get("/t/" + table).status_code == 404
        assert c.get("/tables").status_code == 404
        assert c.get("/static/../app.py").status_code == 404
        assert c.get("/static/%2e%2e/app.py").status_code == 404
        assert c.post(good).status_code == 405
        home = c.get("/").text
        assert table not in home and "no list of tables" in home


def test_every_answer_carries_the_safety_headers(seen):
    c, path = seen
    for r in (c.get(path), c.get("/nowhere"), c.get("/static/style.css")):
        assert r.headers["referrer-policy"] == "no-referrer"
        assert "default-src 'none'" in r.headers["content-security-policy"]
        assert r.headers["x-robots-tag"].startswith("noindex")


def test_an_address_over_its_rate_is_refused_and_let_in_again_a_minute_later(finished_metazoo, secret):
    db, table = finished_metazoo
    now = [1_000.0]
    with client(db, secret, rate=10, clock=lambda: now[0]) as c:
        path = table_path(secret, table, now[0], 1)
        assert all(c.get(path + "?step=1").status_code == 200 for _ in range(10))
        r = c.get(path + "?step=1")
        assert r.status_code == 429 and "Too many requests" in r.text
        now[0] += 61
        assert c.get(path + "?step=1").status_code == 200


def test_the_web_front_never_writes_to_the_store(finished_metazoo, secret, sign):
    db, table = finished_metazoo
    before = hashlib.sha256(Path(db).read_bytes()).hexdigest()
    with client(db, secret) as c:
        for q in ("", "?step=0", "?step=5", "/board.png?step=3", "/replay.json", "?turn=2", "/live?seq=1"):
            assert c.get(sign(table) + q).status_code in (200, 204)
    assert hashlib.sha256(Path(db).read_bytes()).hexdigest() == before
    wal = Path(db + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0


def test_a_missing_database_is_not_created(tmp_path, secret):
    missing = tmp_path / "none.db"
    with pytest.raises(Exception, match="no such database file"), client(str(missing), secret):
        pass
    assert not missing.exists()


# -- the replay file -----------------------------------------------------------------------------------------


def test_the_replay_file_opens_offline_with_the_same_steps(seen):
    c, path = seen
    r = c.get(path + "/replay.json")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    online = [c.get(path + f"?step={k}").text for k in (0, 7, 30)]
    picture = c.get(path + "/board.png?step=7").content
    assert r.content[:2] == b"\x1f\x8b" and r.headers["content-type"] == "application/gzip"
    replay = read_file(r.content)
    assert read_file(gzip.decompress(r.content).decode("utf-8")).steps[7].lines == replay.steps[7].lines
    assert replay.audit["seed"] == 3 and replay.audit["choices"]
    with TestClient(make_app(WebConfig(""), replay=replay)) as off:
        assert off.get("/", follow_redirects=False).headers["location"] == "/replay"
        offline = [off.get(f"/replay?step={k}").text for k in (0, 7, 30)]
        assert off.get("/replay/board.png?step=7").content == picture
    section = re.compile(r'<section id="live".*?</details>\s*</section>', re.S)
    for a, b in zip(online, offline, strict=True):
        assert section.search(a).group(0).replace(path, "/replay") == section.search(b).group(0)


@pytest.mark.parametrize("text, problem", [
    ("not json", "not JSON"), ('{"format": "other"}', "format"), (b"\x1f\x8b\x08garbage", "gzipped"),
    ('{"format": "metahost-replay", "version": 99}', "version"),
    ('{"format": "metahost-replay", "version": 1, "game": "metazoo", "steps": [{}]}', "malformed"),
])
def test_a_bad_replay_file_is_refused_with_what_is_wrong(text, problem):
    with pytest.raises(ValueError, match=problem):
        read_file(text)


# -- a game in play: the live page ----------------------------------------------------------------------------


async def _duel(db: str):
    store = await Store.open(db)
    svc = TableService(store, computer_delay=0)
    t = await svc.create("memesis", "chan-1", "u1", "Ana", seed=7, seats=2)
    await svc.join(t.id, "u2", "Ben")
    await svc.start(t.id, "u1")
    return store, svc, t


async def _play_one(svc, t) -> None:
    d = t.game.decisions(t.state)[0]
    user = "u1" if d.seat == 0 else "u2"
    await svc.act(t.id, user, t.version, d.options[0].id)


def test_a_game_in_play_is_followed_live_and_has_no_steps_or_file_yet(tmp_path, secret, sign):
    db = str(tmp_path / "live.db")

    async def scenario():
        store, svc, t = await _duel(db)
        try:
            with client(db, secret) as c:
                page = c.get(sign(t.id))
                assert page.status_code == 200
                text = page.text
                assert 'hx-get="' in text and "/live?seq=" in text and "htmx.min.js" in text and 'id="next"' not in text
                assert 'http-equiv="refresh"' in text  # without JavaScript it reloads
                seq = steps_of(text)
                assert c.get(sign(t.id) + f"/live?seq={seq}").status_code == 204
                assert c.get(sign(t.id) + "?step=0").status_code == 400
                assert c.get(sign(t.id) + "/replay.json").status_code == 409
                await _play_one(svc, t)
                news = c.get(sign(t.id) + f"/live?seq={seq}")
                assert news.status_code == 200 and steps_of(news.text) == seq + 1
                # two choices between two polls: the live log shows the lines of both
                await _play_one(svc, t)
                await _play_one(svc, t)
                news = c.get(sign(t.id) + f"/live?seq={seq + 1}")
                assert steps_of(news.text) == seq + 3
                steps = c.app.app.state.pages.timelines[t.id].steps
                shown = [html.unescape(x) for x in re.findall(r"<li>(.*?)</li>", news.text)]
                assert steps[seq + 2].lines + steps[seq + 3].lines and \
                    shown[-len(steps[seq + 2].lines + steps[seq + 3].lines):] == steps[seq + 2].lines + steps[seq + 3].lines
                await svc.concede(t.id, "u2")
                over = c.get(sign(t.id) + f"/live?seq={seq + 3}")
                assert over.status_code == 204 and over.headers["hx-refresh"] == "true"
                assert c.get(sign(t.id) + "?step=0").status_code == 200
        finally:
            await svc.settle()
            await store.close()

    asyncio.run(scenario())


# -- both back ends -------------------------------------------------------------------------------------------


@pytest.mark.backends
def test_the_web_front_serves_a_selfplay_store_on_either_back_end_and_writes_nothing(backend, db_url, sign):
    """A store made by ``metahost selfplay``, SQLite or PostgreSQL: the page and the replay file are served. On
    PostgreSQL the web front's sessions are read-only: a write through its store is refused by the server."""
    out = io.StringIO()
    asyncio.run(selfplay("metax", db_url, 5, out=out))
    table = next(line.split()[1] for line in out.getvalue().splitlines() if line.startswith("table "))
    with client(db_url, SECRET) as c:
        page = c.get(sign(table))
        assert page.status_code == 200 and "MetaX" in page.text and "Finished" in page.text
        assert read_file(c.get(sign(table) + "/replay.json").content).table == table

    async def try_a_write():
        store = await open_read_only(db_url)
        try:
            await store.set_status(table, "aborted", 0.0)
        finally:
            await store.close()

    if backend == "postgresql":
        with pytest.raises(StoreError):
            asyncio.run(try_a_write())

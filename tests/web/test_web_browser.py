"""The web front in a real browser: Playwright driving the machine's own Chromium (Debian's ``chromium``,
passed by ``executable_path``; Playwright's own browser download is not used). A finished MetaZoo game's link
is stepped forward and back with the buttons and the keyboard; a live Memesis table's page follows a choice.

Without Chromium these tests are skipped, unless ``METAHOST_REQUIRE_BROWSER=1`` (``.ci/run`` sets it and
installs Chromium). ``METAHOST_SCREENSHOT=PATH`` saves a replay step's screenshot (docs/web-replay.png)."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import threading
import time

import pytest
import uvicorn

from bot.host import TableService
from bot.store import Store
from bot.web.app import WebConfig, make_app
from bot.web.links import table_path

SECRET = "test-secret-of-the-web-front"
CHROMIUM = next((p for p in (os.environ.get("METAHOST_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium")
                 if p and os.path.exists(p)), None)
# Chromium's own network chatter is refused on a closed machine: turn it off (docs/web.md).
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]

if CHROMIUM is None:
    if os.environ.get("METAHOST_REQUIRE_BROWSER") == "1":
        raise RuntimeError("METAHOST_REQUIRE_BROWSER=1 but there is no Chromium: install Debian's chromium package")
    pytest.skip("no Chromium on this machine (apt install chromium)", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


class Serving:
    """The web front over ``db`` on a free local port, in a thread of its own; ``url(path)``."""

    def __init__(self, db: str):
        app = make_app(WebConfig(SECRET, rate=10**6), store_url=db)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Serving:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web front did not start")
            time.sleep(0.02)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        return self

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


def in_thread(coro):
    """Run ``coro`` to its end on an event loop of its own thread (Playwright's sync API holds this one)."""
    box: list = []
    worker = threading.Thread(target=lambda: box.append(asyncio.run(coro)))
    worker.start()
    worker.join(timeout=60)
    return box[0]


def step_of(page) -> int:
    return int(page.get_attribute("#live", "data-step"))


def test_stepping_through_a_finished_metazoo_game_with_buttons_and_keys(browser, finished_metazoo):
    db, table = finished_metazoo
    with Serving(db) as web:
        page = browser.new_page(viewport={"width": 412, "height": 915})  # a phone
        page.goto(web.url(table_path(SECRET, table, time.time(), 1)))
        last = step_of(page)
        assert last > 50 and page.locator("#next").count() == 0
        page.click("#first")
        assert step_of(page) == 0
        first_picture = page.get_attribute("figure.board img", "src")
        page.click("#next")
        page.click("#next")
        assert step_of(page) == 2
        page.keyboard.press("ArrowRight")
        page.wait_for_url(re.compile(r"step=3$"))
        assert step_of(page) == 3
        page.keyboard.press("ArrowLeft")
        page.wait_for_url(re.compile(r"step=2$"))
        assert step_of(page) == 2
        picture = page.get_attribute("figure.board img", "src")
        assert picture != first_picture
        # the picture loaded (not a broken image), and the log lines changed with the step
        assert page.evaluate("document.querySelector('figure.board img').naturalWidth") > 100
        log_two = page.inner_text("section.lines")
        page.click("#prev")
        assert step_of(page) == 1 and page.inner_text("section.lines") != log_two
        # the turn slider, let go on turn 3, opens turn 3's first step
        page.fill("#turn", "3")
        page.dispatch_event("#turn", "change")
        page.wait_for_url(re.compile(r"turn=3$"))
        assert "turn 3" in page.inner_text("p.where")
        page.keyboard.press("End")
        page.wait_for_url(re.compile(rf"step={last}$"))
        if os.environ.get("METAHOST_SCREENSHOT"):
            page.goto(web.url(table_path(SECRET, table, time.time(), 1) + "?step=120"))
            page.screenshot(path=os.environ["METAHOST_SCREENSHOT"], full_page=True)
        page.close()


def _hidden_names(t) -> set[str]:
    """Card names in the players' hands that nothing public shows (the spectator's board does not name them)."""
    import json

    game = t.game
    public = json.dumps(game.view(t.state, None).board) + game.board_text(game.view(t.state, None))
    names: set[str] = set()
    for seat in range(len(t.seats)):
        private = json.dumps(game.view(t.state, seat).private)
        names |= {n for n in re.findall(r'"name": "([^"]{4,})"', private) if n not in public}
    return names


def test_a_live_memesis_table_updates_after_a_choice(browser, tmp_path):
    db = str(tmp_path / "live.db")

    async def start():
        store = await Store.open(db)
        svc = TableService(store, computer_delay=0)
        t = await svc.create("memesis", "chan-1", "u1", "Ana", seed=7, seats=2)
        await svc.join(t.id, "u2", "Ben")
        await svc.start(t.id, "u1")
        await store.close()
        return t.id

    async def play_one(table_id):
        store = await Store.open(db)
        svc = await TableService.open(store, computer_delay=0)
        t = await svc.lookup(table_id)
        d = t.game.decisions(t.state)[0]
        await svc.act(t.id, "u1" if d.seat == 0 else "u2", t.version, d.options[0].id)
        hidden = _hidden_names(t)
        await svc.settle()
        await store.close()
        return hidden

    table_id = in_thread(start())
    with Serving(db) as web:
        page = browser.new_page()
        page.goto(web.url(table_path(SECRET, table_id, time.time(), 1)))
        before = step_of(page)
        assert "Live" in page.inner_text("p.where")
        hidden = in_thread(play_one(table_id))
        # htmx asks every 2 s; the page's CSP forbids evaluated strings, so wait with a locator
        sync_api.expect(page.locator("#live")).to_have_attribute("data-step", str(before + 1), timeout=15000)
        html = page.content()
        assert hidden and not [n for n in hidden if n in html]
        page.close()

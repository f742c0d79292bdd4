"""A browser check of ``boardroom preview`` (issue 8): headless Chromium opens the page, a
Masters of Commerce game is created by typing ``/game new``, joined and started by clicking,
a private offer is made by clicking through the Play panel, the landlord sees it in their
DMs (opened from the preview's bar) and accepts it, and after a restart of the preview the
channel shows the current board; and a 30-second negotiation shows its real countdown and
ends on the page without any click. Screenshots of every step go to ``tmp_path/screens``.

Needs the ``playwright`` package and a Chromium binary (Debian's ``chromium``; Playwright's
own browser downloads are never used); skipped with the reason when either is missing.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("BOARDROOM_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
]

HAVE_PLAYWRIGHT = importlib.util.find_spec("playwright") is not None

pytestmark = [
    pytest.mark.skipif(
        not HAVE_PLAYWRIGHT, reason="playwright is not installed (pip install -e '.[test]')"
    ),
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason=f"no Chromium at {CHROMIUM} (apt-get install -y chromium)",
    ),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


WAIT = 180  # seconds a step may take: only a hang trips it (tools/busy_suite.py loads the CPUs)


class Preview:
    """``boardroom preview`` in a child process, as a user starts it."""

    def __init__(self, database: Path, port: int) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-u",
                "-m",
                "bot.cli",
                "--log-level",
                "WARNING",
                "preview",
                "--database",
                str(database),
                "--port",
                str(port),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.output: list[str] = []
        self.url = self._wait_for_url(port)

    def _wait_for_url(self, port: int) -> str:
        deadline = time.monotonic() + WAIT
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.output.append(line)
            found = re.search(rf"http://127\.0\.0\.1:{port}/#\S+", line)
            if found:
                return found.group(0)
        self.stop()
        raise AssertionError("the preview printed no address:\n" + "".join(self.output))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield chromium
        finally:
            chromium.close()


class Steps:
    def __init__(self, page: Any, folder: Path) -> None:
        self.page = page
        self.folder = folder
        self.n = 0
        folder.mkdir(parents=True, exist_ok=True)

    def shot(self, name: str) -> None:
        self.n += 1
        self.page.screenshot(path=str(self.folder / f"{self.n:02d}-{name}.png"))

    def see(self, text: str | re.Pattern[str], timeout: float = WAIT) -> None:
        self.page.get_by_text(text).last.wait_for(timeout=timeout * 1000)

    def click(self, name: str | re.Pattern[str]) -> None:
        button = self.page.get_by_role("button", name=name).last
        button.wait_for(timeout=WAIT * 1000)
        button.click()

    def boards_loaded(self) -> None:
        """Wait until a board image is shown and every image has loaded."""
        self.page.locator(".preview-stage img").last.wait_for(timeout=WAIT * 1000)
        self.page.wait_for_function(
            "() => [...document.querySelectorAll('.preview-stage img')]"
            ".every(i => i.complete && i.naturalWidth > 0)",
            timeout=WAIT * 1000,
        )

    def view_as(self, member: str) -> None:
        self.page.get_by_label("Viewing as").select_option(label=member)
        self.page.wait_for_function(
            "m => document.querySelector('#viewer-picker')?.selectedOptions[0]?.text === m",
            arg=member,
        )

    def open_bar(self, view: str) -> None:
        """Press a button of the preview's bar (``#games`` or a member's DMs)."""
        self.page.locator(f'#boardroom-nav button[data-label="{view}"]').click()
        if view != "+ thread":
            self.page.wait_for_selector(
                f'#boardroom-nav button[aria-current="page"][data-label="{view}"]',
                timeout=WAIT * 1000,
            )
        self.page.locator("#viewer-picker option").first.wait_for(state="attached")


def test_preview_in_a_browser(browser: Any, tmp_path: Path) -> None:
    database = tmp_path / "preview.sqlite3"
    port = free_port()
    preview = Preview(database, port)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        s = Steps(page, tmp_path / "screens")
        page.goto(preview.url)
        s.see("Welcome to the Boardroom preview")
        s.shot("welcome")

        # a game created by typing /game new and picking the game in the option list
        box = page.get_by_placeholder("Message #games")
        box.click()
        box.type("/game new")
        page.get_by_text("/game new").last.click()
        page.get_by_text(re.compile(r"^Masters of Commerce")).last.click()
        page.locator("#send-message").click()
        s.see(re.compile("opened a Masters of Commerce table"))
        s.shot("lobby")

        for joined, member in enumerate(("bob", "carol"), start=2):
            s.view_as(member)
            s.click("Join")
            s.see(re.compile(rf"Players {joined}/11"))
        s.view_as("alice")
        s.click("Start")
        s.see(re.compile("has started"))
        s.boards_loaded()
        s.see(re.compile(r"Ends in [12] minutes?"))  # the countdown against the real clock
        s.shot("started")

        # a move made by clicking: a private rent offer through the Play panel
        # (issue 8: the panel lists each deed's offer in one menu, so it is two clicks)
        s.click(re.compile(r"Play$"))
        menu = page.get_by_role("combobox", name=re.compile(r"^Offer")).last
        menu.wait_for(timeout=WAIT * 1000)
        menu.click()
        expanded = page.locator('[role="combobox"][aria-expanded="true"]')
        if not expanded.count():  # the preview re-renders the panel on the first click
            menu.press("ArrowDown")
        expanded.first.wait_for(timeout=WAIT * 1000)
        option = page.get_by_role("option", name=re.compile(r"^Offer \$[\d,]+ for [a-z]\d+")).first
        option.wait_for(timeout=WAIT * 1000)
        found = re.search(r"for ([a-z]\d+)", option.inner_text())
        assert found is not None
        deed_id = found[1]
        option.click()
        s.see(re.compile(rf"Offer \$[\d,]+ for {deed_id} — sent privately to"))
        s.shot("offer-sent")

        # the landlord's DMs show a red count in the bar; open them and accept
        badge = page.locator("#boardroom-nav button:has(.unread)")
        badge.wait_for(timeout=WAIT * 1000)
        landlord = badge.get_attribute("data-label")
        landlord_id = badge.get_attribute("data-view").removeprefix("dm:")
        assert landlord in ("bob", "carol")
        s.shot("dm-badge")
        s.open_bar(landlord)
        s.see(re.compile(rf"alice offers \$[\d,]+ rent for {deed_id}"))
        s.shot("dm-offer")
        s.click(re.compile(rf"^Accept alice's offer on {deed_id}"))
        s.see(re.compile(rf"Played: Accept alice's offer on {deed_id}"))
        s.shot("dm-accepted")

        s.open_bar("#games")
        s.see(re.compile(rf"rented {deed_id}.* to alice for \$"))
        s.shot("table-after-accept")

        # a thread started from the bar opens as the member shown
        s.open_bar("+ thread")  # becomes "🧵 table 2" once open
        page.locator('#boardroom-nav button[aria-current="page"]', has_text="table 2").wait_for()
        page.locator("#channel-context-name", has_text="table 2").wait_for(timeout=WAIT * 1000)
        s.see("No messages in this channel.")
        assert page.locator("#viewer-picker").input_value() == str(landlord_id)
        s.shot("thread")
        page.close()
    finally:
        preview.stop()

    # a restart on the same database shows the current board and a fitting welcome
    preview = Preview(database, port)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        s = Steps(page, tmp_path / "screens")
        s.n = 20
        page.goto(preview.url)
        s.see("Welcome back to the Boardroom preview")
        s.see("The preview restarted; this is the current board.")
        s.boards_loaded()
        assert "Type /game new" not in page.inner_text("body")
        s.shot("after-restart")
        s.click(re.compile(r"Play$"))  # the reposted board's button works
        s.see(re.compile(r"you are alice"))
        s.shot("play-after-restart")
    finally:
        preview.stop()


def test_preview_page_updates_when_a_timer_fires(browser: Any, tmp_path: Path) -> None:
    """A 30-second negotiation: its countdown reads the real time left, and when it ends
    while nobody acts, the page shows the next phase's board without any click."""
    preview = Preview(tmp_path / "preview.sqlite3", free_port())
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        s = Steps(page, tmp_path / "screens")
        page.goto(preview.url)
        s.see("Welcome to the Boardroom preview")
        box = page.get_by_placeholder("Message #games")
        box.click()
        box.type("/game new")
        page.get_by_text("/game new").last.click()
        page.get_by_text(re.compile(r"^Masters of Commerce")).last.click()
        page.get_by_text(re.compile(r"^\+\d more$")).click()
        page.get_by_text(re.compile(r"^options")).last.click()
        page.keyboard.type("timer=30")
        page.locator("#send-message").click()
        s.see(re.compile("opened a Masters of Commerce table"))
        for joined, member in enumerate(("bob", "carol"), start=2):
            s.view_as(member)
            s.click("Join")
            s.see(re.compile(rf"Players {joined}/11"))
        s.view_as("alice")
        s.click("Start")
        started = time.monotonic()
        s.see(re.compile(r"Ends in (30|[12]?\d) seconds"))  # against the real clock
        s.boards_loaded()
        s.shot("countdown")
        s.see(re.compile(r"Year 1 · Auction"), timeout=WAIT)  # nobody clicked meanwhile
        assert time.monotonic() - started > 20
        s.boards_loaded()
        s.shot("timer-fired")
    finally:
        preview.stop()

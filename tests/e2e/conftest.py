"""End-to-end fixtures: the service on a loopback port, and phones -- headless
Chromium pages at a phone's size -- driven by Playwright.

The browser is the system Chromium (Debian's package), never a downloaded build.
Without it the tests skip on a developer's machine; under CI (CI=true) they fail,
because .ci/run installs it and a skipped browser test would hide a broken page.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from referee import create_app

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
PHONE = {"width": 360, "height": 740}
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    found = os.environ.get("REFEREE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return found if Path(found).exists() else None


@dataclass
class Server:
    url: str
    app: object
    requests: list[str] = field(default_factory=list)


class _RecordRequests:
    """Every request line the server saw, as an access log would record it."""

    def __init__(self, app, lines: list[str]):
        self.app, self.lines = app, lines

    def __call__(self, environ, start_response):
        query = environ.get("QUERY_STRING")
        self.lines.append(f"{environ['REQUEST_METHOD']} {environ.get('PATH_INFO', '')}{'?' + query if query else ''}")
        return self.app(environ, start_response)


@pytest.fixture
def server(tmp_path) -> Iterator[Server]:
    app = create_app({"REFEREE_DATABASE": str(tmp_path / "e2e.sqlite3")})
    lines: list[str] = []
    httpd = make_server("127.0.0.1", 0, _RecordRequests(app, lines), threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield Server(f"http://127.0.0.1:{httpd.server_port}", app, lines)
    finally:
        httpd.shutdown()
        thread.join(10)


@pytest.fixture(scope="session")
def browser():
    executable = chromium_path()
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail(
                "CI needs the system Chromium for the page's tests; .ci/run installs it (apt-get install chromium)"
            )
        pytest.skip("no system Chromium here (apt-get install chromium): the page's browser tests need it")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        # launch() gives each context a fresh profile; the flag keeps Chromium's own state out of $HOME too
        launched = playwright.chromium.launch(
            executable_path=executable, args=[*CHROMIUM_FLAGS, f"--disk-cache-dir={profile}/cache"]
        )
        yield launched
        launched.close()


@pytest.fixture
def phone(browser, request):
    """A new phone: phone("uk-UA") is a fresh 360×740 touch browser with that language."""
    contexts, errors = [], []

    def open_phone(locale: str = "en-US"):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_phone
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture
def shot(request):
    """shot(page, "name") saves a phone-sized screenshot under test-artifacts/e2e/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = ARTIFACTS / f"{request.node.name}-{name}.png"
        page.screenshot(path=str(path))
        return path

    return take

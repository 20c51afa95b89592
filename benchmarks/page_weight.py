"""What the table phone costs the network (a measurement, not a test): a cold
load, a reload, and a poll that finds nothing new, in bytes on the wire and
requests, as headless Chromium at 360×740 sees them. A file the browser's cache
answers is no request: only what reached the server is counted.

    python -m benchmarks.page_weight

The service runs in process on 127.0.0.1 (werkzeug, as the browser tests do),
over a fresh database; Chromium is the system one (apt-get install chromium).
Targets (issue 15): cold load ≤ 100 KB transferred, a reload ≤ 3 requests
besides the state, a poll that finds nothing new ≤ 300 bytes.
"""

from __future__ import annotations

import logging
import tempfile
import threading
from pathlib import Path

from werkzeug.serving import make_server

from referee import create_app

PHONE = {"width": 360, "height": 740}
COLD = "cold load, bytes"
RELOAD = "reload, requests besides the state"
POLL = "poll finding nothing new, bytes (status line and headers of the 304)"
# Issue 15's targets, each an upper bound (100 KB read as 100 000 bytes, the stricter reading).
TARGETS = {COLD: 100_000, RELOAD: 3, POLL: 300}


def _serve(folder: str):
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app = create_app({"REFEREE_DATABASE": str(Path(folder) / "weight.sqlite3")})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return app, httpd


def _table_link(app, url: str) -> str:
    created = app.test_client().post(
        "/games", json={"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]}
    )
    body = created.json
    return f"{url}/play/{body['id']}#token={body['token']}"


class Wire:
    """Every request of a page that reached the server, with its bytes on the wire (headers
    and encoded body), from Chromium's own log; what the cache answered is left out."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.urls: dict[str, str] = {}
        self.sizes: dict[str, int] = {}
        self.cached: set[str] = set()
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.requestServedFromCache", lambda e: self.cached.add(e["requestId"]))
        self.cdp.on("Network.loadingFinished", lambda e: self.sizes.__setitem__(e["requestId"], e["encodedDataLength"]))

    def _response(self, event) -> None:
        self.urls[event["requestId"]] = event["response"]["url"]
        if event["response"].get("fromDiskCache") or event["response"].get("fromPrefetchCache"):
            self.cached.add(event["requestId"])

    def take(self) -> tuple[list[tuple[str, int]], int]:
        """The requests that reached the server, and how many the cache answered."""
        found = [(self.urls.get(key, "?"), size) for key, size in self.sizes.items() if key not in self.cached]
        from_cache = len(self.sizes) - len(found)
        self.urls.clear()
        self.sizes.clear()
        self.cached.clear()
        return found, from_cache


def cold_load(browser, link: str):
    """A new phone opens the table's link: its page, its ``Wire`` and what that first load asked of the server."""
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    wire = Wire(page)
    page.goto(link)
    page.get_by_role("radio", name="Die 2: 6").wait_for()
    page.wait_for_timeout(1500)  # the first polls
    cold, _ = wire.take()
    return page, wire, cold


def _poll_bytes(app, state: str, token: str) -> int:
    """The answer to "still version N?" as it goes on the wire: its status line and headers (a 304 has no body)."""
    client = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    etag = client.get(state, headers=auth).headers["ETag"]
    answer = client.get(state, headers={**auth, "If-None-Match": etag})
    assert answer.status_code == 304
    lines = ["HTTP/1.1 304 NOT MODIFIED", *(f"{k}: {v}" for k, v in answer.headers.items())]
    return len("\r\n".join(lines).encode()) + 4 + len(answer.data)


def measure() -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        app, httpd = _serve(folder)
        url = f"http://127.0.0.1:{httpd.server_port}"
        link = _table_link(app, url)
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        page, wire, cold = cold_load(browser, link)
        page.reload()
        page.get_by_role("radio", name="Die 2: 6").wait_for()
        page.wait_for_timeout(300)
        reload, reload_cached = wire.take()
        browser.close()
        httpd.shutdown()
        state = f"/games/{link.split('/play/')[1].split('#')[0]}"
        poll = _poll_bytes(app, state, link.split("#token=")[1])
    return {
        COLD: sum(size for _, size in cold),
        "cold load, requests": len(cold),
        RELOAD: len([a for a, _ in reload if not a.endswith(state)]),
        "reload, what the requests were": sorted(address.replace(url, "") for address, _ in reload),
        "reload, files the cache answered": reload_cached,
        "reload, bytes": sum(size for _, size in reload),
        POLL: poll,
        "largest files": sorted(((size, address.replace(url, "")) for address, size in cold), reverse=True)[:5],
    }


def verdict(name: str, value: object) -> str:
    """ "(target ≤ 3: met)" after a figure issue 15 sets a target for, else nothing."""
    if name not in TARGETS:
        return ""
    bound = TARGETS[name]
    met = isinstance(value, int) and value <= bound
    return f" (target ≤ {bound:,}: {'met' if met else 'missed'})".replace(",", " ")


def main() -> None:
    for name, value in measure().items():
        print(f"{name}: {value}{verdict(name, value)}")


if __name__ == "__main__":
    main()

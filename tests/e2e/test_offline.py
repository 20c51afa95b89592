"""Through a Wi-Fi drop: the page is an installable app whose service worker opens it
with no network, and what the table phone taps meanwhile waits, survives a reload,
and is sent in order once the network is back -- never twice, and an action the
table overtook in the meantime is shown refused with its reason."""

from __future__ import annotations

import re
import shutil

from playwright.sync_api import expect

from referee.web import STATIC, shipped_documents
from referee.web.shell import Shell, build

from .phones import cash, module_address, roll
from .test_accessibility import serious
from .test_table_phone import open_table

DROP_MS = 30_000  # the Wi-Fi drop, once; the second drop below lasts only as long as its taps


def reached(server, since: int) -> list[str]:
    """What reached the server since then, but the browser's own check for a new worker,
    which Chromium's offline emulation does not hold back."""
    return [line for line in server.requests[since:] if line != "GET /sw.js"]


def writes(server, since: int) -> list[str]:
    """The writes that reached the server since then. A read may slip past Chromium's offline
    emulation from the service worker's own fetch (seen once in a few runs, never from the page);
    what matters at the table is that no action went out while the network was down."""
    return [line for line in reached(server, since) if not line.startswith("GET ")]


def controlled(page) -> None:
    """Wait until the service worker controls the page (it claims it once active)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def test_actions_tapped_in_a_wifi_drop_are_sent_in_order_once_and_an_overtaken_one_is_refused(server, phone, shot):
    page, api, _ = open_table(server, phone, "Anna", "Boris", "Vera")
    api.act({"type": "roll", "seat": 0, "dice": [1, 2]})
    api.act({"type": "buy", "seat": 0})
    api.act({"type": "end_turn", "seat": 0})
    version = api.act({"type": "roll", "seat": 1, "dice": [3, 3]})["state"]["version"]  # Boris on Oriental Avenue
    buy = page.get_by_role("button", name="Buy Oriental Avenue for M100")
    expect(buy).to_be_visible()
    controlled(page)
    before = len(api.events())
    sent = []  # what reached the network: each action's If-Match and Idempotency-Key
    page.on("requestfinished", lambda r: sent.append(r.headers) if r.method == "POST" else None)

    # The Wi-Fi drops mid-turn: Boris buys, then Anna mortgages Baltic Avenue from its card.
    page.context.set_offline(True)
    expect(page.locator("#connection")).to_have_text("Reconnecting…")
    buy.click()
    waiting = page.locator(".outbox .waiting")
    expect(waiting).to_have_text(["Waiting to send: Boris: Buy"])
    page.get_by_role("tab", name="Board").click()
    page.get_by_role("button", name=re.compile(r"^Baltic Avenue, owned by Anna")).click()
    page.get_by_role("dialog").get_by_role("button", name="Mortgage Baltic Avenue (the bank lends M30)").click()
    expect(waiting).to_have_text(["Waiting to send: Boris: Buy", "Waiting to send: Anna: Mortgage"])

    # A reload with no network: the worker opens the page, and nothing tapped is lost.
    seen = len(server.requests)
    page.reload()
    expect(page.get_by_role("button", name="Buy Oriental Avenue for M100")).to_be_visible()
    expect(waiting).to_have_count(2)
    shot(page, "waiting-to-send")
    assert serious(page) == []
    assert writes(server, seen) == [] and len(api.events()) == before  # nothing reached the table yet
    # the drop lasts its 30 s, as a table's Wi-Fi would: the outbox keeps trying, nothing gets out or is lost
    page.wait_for_timeout(DROP_MS)
    expect(waiting).to_have_count(2)
    assert writes(server, seen) == [] and len(api.events()) == before
    page.context.set_offline(False)

    expect(page.locator(".outbox")).to_have_count(0)
    expect(cash(page, 0)).to_have_attribute("data-cash", str(1500 - 60 + 30))
    expect(cash(page, 1)).to_have_attribute("data-cash", str(1500 - 100))
    entered = [(e["type"], e["seat"]) for e in api.events()[before:]]
    assert entered == [("buy", 1), ("mortgage", 0)]  # in the order tapped, each once
    # both were tapped on one screen; the mortgage follows the purchase this phone sent before it
    assert [h["if-match"] for h in sent] == [f'"{version}"', f'"{version + 1}"']
    assert len({h["idempotency-key"] for h in sent}) == 2

    # Another drop: Boris rolls his doubles again on the table phone, while his own phone
    # enters a roll first. His tap answered a screen the table overtook: refused, and shown.
    page.get_by_role("tab", name="Play").click()
    expect(page.get_by_role("radio", name="Die 1: 2")).to_be_visible()
    page.context.set_offline(True)
    expect(page.locator("#connection")).to_have_text("Reconnecting…")
    page.get_by_role("radio", name="Die 1: 2").check()
    page.get_by_role("radio", name="Die 2: 2").check()
    page.get_by_role("button", name="Roll 2 + 2 = 4").click()
    expect(waiting).to_have_text(["Waiting to send: Boris: rolled 2+2"])
    api.act({"type": "roll", "seat": 1, "dice": [1, 1]})
    page.context.set_offline(False)
    refused = page.locator(".outbox .refused")
    expect(refused).to_contain_text("Not entered: Boris: rolled 2+2. The table moved on before it could be sent.")
    assert sent[-1]["if-match"] == f'"{version + 2}"'  # the screen it was tapped on
    shot(page, "overtaken")
    assert serious(page) == []
    rolls = [e["action"].get("dice") for e in api.events()[before:] if e["type"] == "roll"]
    assert rolls == [[1, 1]]
    refused.get_by_role("button", name="Close").click()
    expect(page.locator(".outbox")).to_have_count(0)


def test_the_start_page_opens_with_no_network_after_one_visit_and_the_app_is_installable(server, phone):
    page = phone()
    page.goto(server.url + "/")
    expect(page.locator('input[name="player"]').first).to_be_visible()
    controlled(page)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert re.search(r"/web/[0-9a-f]+/manifest\.webmanifest$", manifest["url"]) and manifest["errors"] == []
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []  # a test's profile is incognito
    # another of the server's pages: the worker keeps it out of the app's place; the docs
    # fetch their document once loaded, and that fetch must be over before the count starts
    with page.expect_response(lambda answer: answer.url.endswith("/openapi.json")):
        page.goto(server.url + "/docs")
    page.context.set_offline(True)
    seen = len(server.requests)
    page.goto(server.url + "/")
    expect(page.locator('input[name="player"]').first).to_be_visible()
    expect(page.locator("#edition")).to_contain_text("Monopoly, classic")
    assert reached(server, seen) == []  # the worker opened it: nothing reached the server


def test_an_action_whose_answers_were_lost_waits_and_is_entered_once_with_its_one_key(server, phone):
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    version = api.act({"type": "roll", "seat": 0, "dice": [1, 2]})["state"]["version"]
    sent = []

    def lose_the_answer(route):
        sent.append(route.request.headers)
        if len(sent) > 3:  # the phone's own retries are spent: the outbox sends it again
            return route.continue_()
        route.fetch()  # it reaches the table, and the answer is lost on the way back
        route.abort("connectionreset")

    page.route(re.compile(r".*/actions$"), lose_the_answer)
    with page.expect_request_finished(lambda r: r.method == "POST"):  # the lost ones failed: this is the fourth
        page.get_by_role("button", name="Buy Baltic Avenue for M60").click()
    expect(cash(page, 0)).to_have_attribute("data-cash", "1440")
    expect(page.locator(".outbox")).to_have_count(0)
    expect(page.get_by_role("alert")).to_have_count(0)
    # one key and the version it was tapped on, though a poll brought the purchase to the screen meanwhile
    assert len(sent) == 4 and {(h["idempotency-key"], h["if-match"]) for h in sent} == {
        (sent[0]["idempotency-key"], f'"{version}"')
    }
    assert [e["type"] for e in api.events()].count("buy") == 1


# Every cache the page's origin holds, and the paths each keeps.
CACHES = """async () => Object.fromEntries(await Promise.all((await caches.keys()).map(async (name) =>
  [name, (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)])))"""
# Wait (40 s at most: a whole suite on two cores slows the worker's downloads) until one
# cache holds the page and every file of the release given that the page loaded: the worker
# keeps them as it answers, or once it takes the page over.
# (caches.match looks a cache up by name without making it again, as caches.open would
# make one the worker has just deleted.)
KEPT = """async (release) => {
  const wanted = ["/", ...performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname)
    .filter((path) => path.startsWith(`/web/${release}/`))];
  const holds = async (cacheName) =>
    (await Promise.all(wanted.map((path) => caches.match(path, { cacheName })))).every(Boolean);
  for (const end = Date.now() + 40000; Date.now() < end; await new Promise((wake) => setTimeout(wake, 50))) {
    for (const name of await caches.keys()) if (await holds(name)) return true;
  }
  return false;
}"""


def next_release(server, monkeypatch, tmp_path) -> Shell:
    """The server's next release: one file of the page changed, so every address moves."""
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    with (static / "app.css").open("a", encoding="utf-8") as styles:
        styles.write("\n/* the next release */\n")
    release = build(static, shipped_documents(server.app.extensions["referee"]))
    monkeypatch.setitem(server.app.extensions, "referee.shell", release)
    return release


def test_a_new_release_leaves_only_its_own_files_cached_and_the_table_still_plays_offline(
    server, phone, monkeypatch, tmp_path
):
    page, api, _ = open_table(server, phone, "Anna", "Boris")
    first = server.app.extensions["referee.shell"]
    controlled(page)
    assert page.evaluate(KEPT, first.digest)

    second = next_release(server, monkeypatch, tmp_path)
    page.reload()
    expect(page.get_by_role("radio", name="Die 2: 6")).to_be_attached()
    assert page.evaluate("() => document.querySelector('script[type=module]').src").startswith(
        f"{server.url}/web/{second.digest}/"
    )
    assert page.evaluate(KEPT, second.digest)  # the new worker's, once it took over
    page.wait_for_function("() => navigator.serviceWorker.controller?.state === 'activated'")
    kept = page.evaluate(CACHES)
    assert sorted(kept) == sorted([f"referee-shell-{second.digest}", "referee-states"])
    assert not [path for path in kept[f"referee-shell-{second.digest}"] if first.digest in path]

    # The Wi-Fi drops right after the release: the table opens from the new release's files
    # and its last state, and a roll tapped meanwhile is entered once the network is back.
    page.context.set_offline(True)
    seen = len(server.requests)
    page.reload()
    expect(page.get_by_role("radio", name="Die 2: 6")).to_be_attached()
    # the files came from the new release's cache (a read of the worker's own may slip past
    # Chromium's offline emulation: see writes())
    assert [line for line in reached(server, seen) if line.startswith("GET /web/")] == []
    roll(page, 1, 2)
    expect(page.locator(".outbox .waiting")).to_have_text(["Waiting to send: Anna: rolled 1+2"])
    assert writes(server, seen) == []
    page.context.set_offline(False)
    expect(page.locator(".outbox")).to_have_count(0)
    assert [(e["type"], e["action"].get("dice")) for e in api.events()][-1] == ("roll", [1, 2])

    copies_stay_few(page, server, api, second, monkeypatch)


def copies_stay_few(page, server, api, release: Shell, monkeypatch) -> None:
    """The copies kept stay few: the states of the 10 tables last read (a table read again
    is the newest), the edition documents last read from the API (a club's own editions)."""
    page.evaluate(
        """async ([address, game]) => {
          const { rememberState } = await import(address);
          for (let i = 0; i < 9; i++) await rememberState(`old-${i}`, { version: 1 });
          await rememberState(game, { version: 1 }); // ten tables kept, this one read again last
          await rememberState("old-9", { version: 1 });
        }""",
        [module_address(server, "offline.js"), api.game],
    )
    states = page.evaluate(CACHES)["referee-states"]
    assert sorted(states) == sorted([f"/games/old-{i}" for i in range(1, 10)] + [f"/games/{api.game}"])
    monkeypatch.setitem(server.app.config, "REFEREE_LIMIT_EDITIONS", "100/minute")
    client = server.app.test_client()
    made = [f"club-{i}" for i in range(11)]
    for edition_id in made:
        assert client.post("/editions", json={"id": edition_id, "base": "classic"}).status_code == 201
    page.evaluate("async (ids) => { for (const id of ids) await fetch(`/editions/${id}`); }", made)
    kept = [path for path in page.evaluate(CACHES)[f"referee-shell-{release.digest}"] if path.startswith("/editions/")]
    assert sorted(kept) == sorted(f"/editions/{edition_id}" for edition_id in made[1:])  # the first read is gone

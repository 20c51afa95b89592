"""The page as an installable app: its manifest and icon, and the service worker
served from the root (so that its scope covers / and /play/<id>), never cached."""

from __future__ import annotations

import json
import re
from urllib.parse import urljoin


def test_the_page_links_a_manifest_that_installs_it_standalone_from_the_start_page(client):
    page = client.get("/play/some-game").data.decode()
    [address] = re.findall(r'<link rel="manifest" href="(/web/[0-9a-f]+/manifest\.webmanifest)">', page)
    response = client.get(address)
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = json.loads(response.data)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    [icon] = manifest["icons"]
    drawn = client.get(urljoin(address, icon["src"]))
    assert drawn.status_code == 200 and drawn.mimetype == icon["type"] == "image/svg+xml"
    assert drawn.data.startswith(b"<svg") and icon["sizes"] == "any"


def test_the_service_worker_is_served_from_the_root_as_a_script_revalidated_every_time(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert b'addEventListener("fetch"' in response.data
    assert "Service-Worker-Allowed" not in response.headers  # its own directory, /, is the scope it needs


def test_the_service_worker_names_the_release_it_serves_so_a_release_installs_a_new_one(client, app):
    shell = app.extensions["referee.shell"]
    response = client.get("/sw.js")
    assert f'const RELEASE = "{shell.digest}";'.encode() in response.data
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304  # the browser's check at each visit costs no script between releases

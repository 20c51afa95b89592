"""The committed document is valid OpenAPI, passes Redocly's recommended
rules with no error, and the running service serves it with docs that work
offline."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest
from openapi_spec_validator import validate

from referee import openapi

ROOT = openapi.TARGET.parent.parent


def test_the_document_is_valid_openapi():
    validate(json.loads(openapi.TARGET.read_text(encoding="utf-8")))


def test_redocly_finds_no_error_in_the_document():
    redocly = shutil.which("redocly")
    if redocly is None:
        if os.environ.get("CI"):
            pytest.fail("CI needs Redocly's linter; .ci/run installs it (npm install -g @redocly/cli)")
        pytest.skip("no redocly here (npm install -g @redocly/cli): the document's lint needs it")
    linted = subprocess.run(
        [redocly, "lint", str(openapi.TARGET), "--format=summary"], cwd=ROOT, capture_output=True, text=True
    )
    assert linted.returncode == 0, linted.stdout + linted.stderr


def test_the_server_serves_its_document(client):
    assert client.get("/openapi.json").json == json.loads(openapi.TARGET.read_text(encoding="utf-8"))


def test_the_docs_page_loads_only_the_servers_own_files(client):
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.data.decode()
    urls = re.findall(r"""(?:src|href|url)\s*[=:]\s*["']([^"']+)["']""", html)
    assert urls and all(url.startswith("/") and not url.startswith("//") for url in urls), urls
    assert '"validatorUrl": null' in html  # no badge fetched from the online validator
    for url in urls:
        assert client.get(url).status_code == 200, url

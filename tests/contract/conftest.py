"""A typed client generated from the committed document by a generator nobody
here wrote (openapi-python-client), and a real server on 127.0.0.1 for it."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from types import ModuleType

import pytest
from werkzeug.serving import make_server

from referee import create_app, openapi


@pytest.fixture(scope="session")
def generated(tmp_path_factory) -> ModuleType:
    """The generated client package, imported as ``referee_client``."""
    generator = shutil.which("openapi-python-client")
    if generator is None:
        pytest.fail("openapi-python-client is in the test extra: pip install -e '.[test]'")
    out = tmp_path_factory.mktemp("client")
    subprocess.run(
        [
            generator,
            "generate",
            "--path",
            str(openapi.TARGET),
            "--output-path",
            str(out / "referee_client"),
            "--meta",
            "none",
        ],
        check=True,
        capture_output=True,
    )
    sys.path.insert(0, str(out))
    try:
        return importlib.import_module("referee_client")
    finally:
        sys.path.remove(str(out))


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[str]:
    """The service over HTTP in a thread: its base URL."""
    app = create_app({"REFEREE_DATABASE": str(tmp_path_factory.mktemp("served") / "db.sqlite3")})
    served = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{served.server_port}"
    served.shutdown()
    thread.join()

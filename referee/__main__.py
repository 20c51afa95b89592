"""Serve Referee: ``python -m referee`` (gunicorn, production settings).

Settings: REFEREE_BIND (default 127.0.0.1:8000; use 0.0.0.0:8000 so phones on
the same network can reach it), REFEREE_DATABASE (default ./referee.sqlite3),
REFEREE_WORKERS and REFEREE_THREADS.
"""

from __future__ import annotations

import os

from gunicorn.app.base import BaseApplication

from referee import create_app


class _Server(BaseApplication):
    def __init__(self, options: dict):
        self.options = options
        super().__init__()

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        return create_app()


def settings() -> dict:
    return {
        "bind": os.environ.get("REFEREE_BIND", "127.0.0.1:8000"),
        "workers": int(os.environ.get("REFEREE_WORKERS", "2")),
        "threads": int(os.environ.get("REFEREE_THREADS", "4")),
        "worker_class": "gthread",
        "timeout": 60,
        "accesslog": "-",
    }


def main() -> None:
    options = settings()
    database = os.environ.get("REFEREE_DATABASE", "referee.sqlite3")
    print(f"Referee serving on http://{options['bind']} (database: {database})")
    _Server(options).run()


if __name__ == "__main__":
    main()

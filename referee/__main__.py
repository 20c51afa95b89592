"""Serve Referee: ``python -m referee`` (gunicorn, production settings);
check stored games: ``python -m referee audit [GAME]``.

Settings: REFEREE_BIND (default 127.0.0.1:8000; use 0.0.0.0:8000 so phones on
the same network can reach it), REFEREE_DATABASE (default ./referee.sqlite3),
REFEREE_WORKERS and REFEREE_THREADS.
"""

from __future__ import annotations

import argparse
import os
import sys

from gunicorn.app.base import BaseApplication

from referee import DEFAULT_DATABASE, create_app


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
        "worker_class": "referee.serving.ProblemWorker",
        "timeout": 60,
        "accesslog": "-",
    }


def serve() -> None:
    options = settings()
    database = os.environ.get("REFEREE_DATABASE", DEFAULT_DATABASE)
    print(f"Referee serving on http://{options['bind']} (database: {database})")
    _Server(options).run()


def audit(games: list[str], database: str) -> int:
    """Check stored games (each named, or all): print what disagrees; 1 if anything does."""
    from referee.audit import audit_all

    found = audit_all(database, games)
    for game_id, problems in found.items():
        for problem in problems:
            print(f"{game_id}: {problem}")
    checked = len(games) if games else "all"
    print(f"audited {checked} game(s): {sum(map(len, found.values()))} problem(s) in {len(found)} game(s)")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] != "audit":
        serve()
        return 0
    parser = argparse.ArgumentParser(prog="python -m referee audit", description="Check stored games")
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--database", default=os.environ.get("REFEREE_DATABASE", DEFAULT_DATABASE))
    options = parser.parse_args(args[1:])
    return audit(options.games, options.database)


if __name__ == "__main__":
    sys.exit(main())

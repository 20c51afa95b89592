"""Serve Referee: ``python -m referee`` (gunicorn's master, waitress in each
worker: ``referee.serving``; production settings);
check stored games: ``python -m referee audit [GAME]``; copy the database
while it serves: ``python -m referee backup FILE``; remove the games kept
long enough: ``python -m referee prune [--dry-run]`` (``referee.retention``).

Settings: REFEREE_BIND (default 127.0.0.1:8000; use 0.0.0.0:8000 so phones on
the same network can reach it), REFEREE_DATABASE (default ./referee.sqlite3),
REFEREE_WORKERS and REFEREE_THREADS, REFEREE_CONNECTIONS_PER_CLIENT and
REFEREE_READ_TIMEOUT_SECONDS; the README's Settings table has them all.
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


def counted(count: int, noun: str) -> str:
    """A count with its English noun: "1 game", "2 games", "0 problems" (the commands speak English)."""
    return f"{count} {noun if count == 1 else noun + 's'}"


UNIX_SOCKET_PATH = 100  # bytes a unix socket's path may take, with room to spare (the kernel's limit is 108)


def settings(database: str | None = None) -> dict:
    database = database or os.environ.get("REFEREE_DATABASE", DEFAULT_DATABASE)
    # gunicorn's control socket goes beside the database, not in the home directory,
    # so that two servers of two databases on one machine do not take each other's.
    control = os.path.abspath(database) + ".gunicorn.ctl"
    return {
        "bind": os.environ.get("REFEREE_BIND", "127.0.0.1:8000"),
        "workers": int(os.environ.get("REFEREE_WORKERS", "2")),
        "threads": int(os.environ.get("REFEREE_THREADS", "4")),
        "worker_class": "referee.serving.BufferedWorker",
        "timeout": 60,
        "accesslog": "-",
        **(
            {"control_socket": control}
            if len(control.encode()) <= UNIX_SOCKET_PATH
            else {"control_socket_disable": True}
        ),
    }


def serve() -> None:
    database = os.environ.get("REFEREE_DATABASE", DEFAULT_DATABASE)
    options = settings(database)
    print(f"Referee serving on http://{options['bind']} (database: {database})")
    _Server(options).run()


def audit(games: list[str], database: str) -> int:
    """Check stored games (each named, or all): print what disagrees; 1 if anything does."""
    from referee.audit import audit_all

    found = audit_all(database, games)
    for game_id, problems in found.items():
        for problem in problems:
            print(f"{game_id}: {problem}")
    checked = counted(len(games), "game") if games else "all games"
    problems = counted(sum(map(len, found.values())), "problem")
    print(f"audited {checked}: {problems} in {counted(len(found), 'game')}")
    return 1 if found else 0


def backup(target: str, database: str) -> int:
    """Copy the database, consistent, while a server may be writing it."""
    from referee.store import Store

    if os.path.exists(target):
        print(f"{target} exists: name a new file", file=sys.stderr)
        return 1
    Store(database).backup(target)
    print(f"copied {database} to {target}")
    return 0


def prune(database: str, dry_run: bool) -> int:
    """Remove the finished and the idle games past their time (print them)."""
    from referee.retention import Retention, expired
    from referee.retention import prune as remove
    from referee.store import Store

    retention, store = Retention.from_environment(), Store(database)
    games = expired(store, retention) if dry_run else remove(store, retention)
    for game_id in games:
        print(game_id)
    kept = f"finished games {retention.finished_days:g} days, any game {retention.idle_days:g} days idle"
    print(f"{'would remove' if dry_run else 'removed'} {counted(len(games), 'game')} ({kept})")
    return 0


COMMANDS = ("audit", "backup", "prune")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in COMMANDS:
        if os.environ.get("REFEREE_PRUNE_ON_START", "off") == "on":
            prune(os.environ.get("REFEREE_DATABASE", DEFAULT_DATABASE), dry_run=False)
        serve()
        return 0
    database = os.environ.get("REFEREE_DATABASE", DEFAULT_DATABASE)
    parser = argparse.ArgumentParser(prog=f"python -m referee {args[0]}")
    if args[0] == "audit":
        parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    elif args[0] == "backup":
        parser.add_argument("file", help="the copy to write (a new file)")
    else:
        parser.add_argument("--dry-run", action="store_true", help="only list the games that would go")
    parser.add_argument("--database", default=database)
    options = parser.parse_args(args[1:])
    if args[0] == "audit":
        return audit(options.games, options.database)
    if args[0] == "backup":
        return backup(options.file, options.database)
    return prune(options.database, options.dry_run)


if __name__ == "__main__":
    sys.exit(main())

"""The floor: a bare Flask app with the shape of Referee's two hot endpoints
(a JSON body in, a small JSON answer out), and nothing else.

``python -m benchmarks.bare`` serves it with Referee's production settings.
"""

from __future__ import annotations

from flask import Flask, request

from referee.__main__ import _Server, settings


def bare_app() -> Flask:
    app = Flask(__name__)

    @app.post("/games/<game_id>/actions")
    def action(game_id: str):
        body = request.get_json()
        return {"game": game_id, "type": body["type"], "seat": body["seat"]}, 201

    @app.get("/games/<game_id>")
    def game(game_id: str):
        return {"id": game_id, "version": 1}

    return app


def check_floor(status: int, answer) -> None:
    if status != 201 or answer.get("seat") != 0:
        raise AssertionError(f"bare endpoint answered {status} {answer}")


FLOOR_ACTION = {"type": "roll", "seat": 0, "dice": [1, 2]}


class _Bare(_Server):
    def load(self):
        return bare_app()


if __name__ == "__main__":
    _Bare(settings()).run()

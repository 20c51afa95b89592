"""Write the OpenAPI document from the code: ``python -m referee.openapi``.

The file in ``openapi/`` is what clients read; a test regenerates it and
fails when the committed copy is stale.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from referee import create_app
from referee.api.spec_once import REUSE

TARGET = Path(__file__).resolve().parent.parent / "openapi" / "openapi.json"


def document() -> dict:
    """The document built anew from the code, never the one this process's apps share."""
    with tempfile.TemporaryDirectory() as scratch:
        app = create_app({"REFEREE_DATABASE": str(Path(scratch) / "spec.sqlite3"), REUSE: False})
        with app.app_context():
            return app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()


def render() -> str:
    return json.dumps(document(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else TARGET
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()

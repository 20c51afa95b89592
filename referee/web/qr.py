"""QR codes for seat and table links, as SVG (segno: pure Python, no imaging
library, standard-conformant, writes SVG itself)."""

from __future__ import annotations

import io

import segno

MAX_TEXT = 1000


def svg(text: str) -> bytes:
    """A scalable QR code of ``text`` with a white quiet zone, readable on dark screens."""
    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=4, border=4, light="#fff", xmldecl=False, omitsize=True, title="QR")
    return out.getvalue()

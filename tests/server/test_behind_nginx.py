"""The README's reverse proxy, run as shipped (examples/club/referee.nginx.conf):
nginx ends TLS in front of a real server, which counts each client by the
address nginx names -- a client cannot name another to get a new share of
the rate limits."""

from __future__ import annotations

import datetime
import http.client
import ipaddress
import json
import os
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest
import requests
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from .gunicorn import ROOT, gunicorn

EXAMPLE = ROOT / "examples" / "club" / "referee.nginx.conf"
GAME = {"edition": "classic", "players": [{"name": "Anna"}, {"name": "Boris"}]}


def nginx() -> str:
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(found).exists():
        if os.environ.get("CI"):
            pytest.fail(
                "CI needs nginx for the reverse proxy's test; .ci/run installs it (apt-get install nginx-light)"
            )
        pytest.skip("no nginx here (apt-get install nginx-light)")
    return found


def certificate(directory: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / "fullchain.pem", directory / "privkey.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


def create_from(source: str, port: int, cert: Path, forwarded: str) -> int:
    """POST /games through the proxy from the loopback address ``source``, claiming to be ``forwarded``."""
    context = ssl.create_default_context(cafile=str(cert))
    connection = http.client.HTTPSConnection("127.0.0.1", port, source_address=(source, 0), context=context, timeout=30)
    headers = {"Content-Type": "application/json", "X-Forwarded-For": forwarded}
    connection.request("POST", "/games", json.dumps(GAME), headers)
    status = connection.getresponse().status
    connection.close()
    return status


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_example_proxy_ends_tls_and_names_each_client_itself(tmp_path, monkeypatch):
    binary = nginx()
    monkeypatch.setenv("REFEREE_PROXIES", "1")
    monkeypatch.setenv("REFEREE_LIMIT_GAMES", "2/minute")
    cert, key = certificate(tmp_path)
    with gunicorn(tmp_path / "referee.sqlite3", workers=1, threads=4) as server:
        port = free_port()
        site = (
            EXAMPLE.read_text()
            .replace("listen 443 ssl", f"listen 127.0.0.1:{port} ssl")
            .replace("/etc/ssl/referee/fullchain.pem", str(cert))
            .replace("/etc/ssl/referee/privkey.pem", str(key))
            .replace("http://127.0.0.1:8000", server.url)
        )
        (tmp_path / "referee.conf").write_text(site)
        (tmp_path / "nginx.conf").write_text(
            f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/nginx-error.log;\nevents {{}}\n"
            f"http {{\n  access_log off;\n  client_body_temp_path {tmp_path}/body;\n"
            f"  proxy_temp_path {tmp_path}/proxy;\n  include {tmp_path}/referee.conf;\n}}\n"
        )
        proxy = subprocess.Popen(
            [binary, "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path), "-g", "daemon off;"],
            stderr=subprocess.PIPE,
        )
        try:
            url = f"https://127.0.0.1:{port}"
            deadline = time.monotonic() + 20
            while True:
                try:
                    health = requests.get(f"{url}/health", verify=str(cert), timeout=5)
                    break
                except requests.ConnectionError:
                    assert proxy.poll() is None and time.monotonic() < deadline, proxy.stderr.read()
                    time.sleep(0.1)
            assert health.status_code == 200 and health.json()["status"] == "ok"
            # 127.0.0.1 uses its share; a forged X-Forwarded-For gets it no other; 127.0.0.2 has its own
            forged = [create_from("127.0.0.1", port, cert, f"203.0.113.{i}") for i in range(3)]
            assert forged == [201, 201, 429]
            assert create_from("127.0.0.2", port, cert, "203.0.113.1") == 201
        finally:
            proxy.terminate()
            proxy.wait(timeout=15)

"""The rooms server's own web defences over real sockets on 127.0.0.1 (issue 23, item 9 and 11):
Host and Origin checks on pages and ``/ws``, the security headers, proxy headers believed only
with ``--behind-proxy``, TLS with ``--certfile/--keyfile``, and what the CLI prints where."""

from __future__ import annotations

import base64
import datetime
import http.client
import ipaddress
import os
import re
import socket
import ssl
import stat
import subprocess
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from websockets.exceptions import InvalidStatus

import rooms_harness as R
from brady_widgets.rooms import cli
from brady_widgets.rooms.web import CSP, WebGuard

HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
ALLOWED = "https://lms.school.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = R.ThreadServer(
        tmp_path_factory.mktemp("web") / "rooms.sqlite3",
        pace=0,
        allowed_origins=(ALLOWED,),
        allowed_hosts=("games.school.example",),
    ).start()
    yield s
    s.stop()


def request(
    server,
    path: str,
    method: str = "GET",
    host: str | None = None,
    headers: dict | None = None,
):
    """One HTTP request with exactly the Host given (default: the server's own); (status, headers, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", f"127.0.0.1:{server.port}" if host is None else host)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        conn.endheaders()
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def handshake(server, host: str, origin: str | None = None) -> int:
    """A WebSocket opening handshake on /ws with that Host (and Origin): the answer's status."""
    headers = {
        "Upgrade": "websocket",
        "Connection": "Upgrade",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
    }
    if origin:
        headers["Origin"] = origin
    return request(server, "/ws", host=host, headers=headers)[0]


def refused(server, **kw) -> int:
    """The HTTP status a refused WebSocket handshake got (the test fails if it was accepted)."""
    with pytest.raises(InvalidStatus) as info:
        R.Client(server, **kw)
    return info.value.response.status_code


def assert_usable(client: R.Client) -> None:
    """The connection is really served: the teacher's token gives the lobby."""
    assert client.op({"op": "teacher", "token": R.TEACHER}, "lobby")["op"] == "lobby"
    client.close()


def test_ws_accepts_its_own_origin_an_allowed_one_and_scripts_without_origin(server):
    assert_usable(R.Client(server))  # a script: no Origin header
    assert_usable(R.Client(server, origin=server.url))
    by_name = SimpleNamespace(url=f"http://localhost:{server.port}")  # another served name, its own origin
    assert_usable(R.Client(by_name, origin=by_name.url))
    assert_usable(R.Client(server, origin=ALLOWED))


@pytest.mark.parametrize(
    "origin",
    [
        "http://127.0.0.1:{other}",  # a page on another local port
        "http://evil.example",
        "https://127.0.0.1:{port}",  # the right host, the wrong scheme
        "http://localhost:{port}",  # another name for this machine is another origin
        "https://lms.school.example:8443",  # an allowed host on another port
        "null",  # a sandboxed frame, a file:// page
    ],
)
def test_ws_refuses_a_foreign_origin_before_the_handshake(server, origin):
    origin = origin.format(port=server.port, other=R.free_port())
    assert refused(server, origin=origin) == 403


def test_a_table_cannot_be_joined_from_a_foreign_origin(server):
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=2)
    refused(server, origin=f"http://127.0.0.1:{R.free_port()}")
    room = server.rooms.rooms[code]
    assert not room.seats, "a refused connection took a seat"
    a = R.join(server, code, "Ann")  # the server's own clients still join
    assert len(room.seats) == 1
    a.close()
    t.close()


def test_state_changing_requests_need_the_servers_own_origin(server):
    own = server.url
    # the middleware lets these through; no route takes a POST, so the router answers 405
    assert request(server, "/", "POST", headers={"Origin": own, "Content-Length": "0"})[0] == 405
    assert request(server, "/", "POST", headers={"Origin": ALLOWED, "Content-Length": "0"})[0] == 405
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {}):
        status, h, body = request(server, "/teacher", "POST", headers={**headers, "Content-Length": "0"})
        assert status == 403 and b"own pages" in body, (headers, status)
        assert h["content-type"].startswith("text/plain")
    assert request(server, "/", "GET", headers={"Origin": "http://evil.example"})[0] == 200  # a link from elsewhere


def test_a_wrong_host_is_refused_for_pages_and_ws(server):
    port = server.port
    for path in ["/", "/teacher", "/assets/rooms.js", "/games.json"]:
        status, h, body = request(server, path, host=f"evil.example:{port}")
        assert status == 400 and h["content-type"].startswith("text/plain"), (
            path,
            status,
        )
        assert body.decode() == "This server does not answer to that name."
        assert {k: h.get(k) for k in HEADERS} == HEADERS
        assert request(server, path)[0] == 200
    for host in [
        "evil.example",
        f"evil.example:{port}",
        f"127.0.0.1.evil.example:{port}",
        "",
        "a b",
    ]:
        assert handshake(server, host) in (400, 403), host
    assert request(server, "/", host="")[0] == 400
    # the served names: loopback, this machine, and the ones given
    for host in [
        f"127.0.0.1:{port}",
        f"localhost:{port}",
        f"[::1]:{port}",
        f"LocalHost.:{port}",
        "games.school.example",
        f"{cli.lan_address()}:{port}",
        f"{socket.gethostname()}:{port}",
        f"{socket.gethostname().removesuffix('.local')}.local",
    ]:
        assert request(server, "/", host=host)[0] == 200, host
        assert handshake(server, host) == 101, host
    # a DNS-rebound page: its own origin, but a Host this server does not serve
    assert handshake(server, f"evil.example:{port}", origin=f"http://evil.example:{port}") == 403


def test_every_page_and_asset_carries_the_security_headers(server):
    paths = [
        "/",
        "/teacher",
        "/watch/ABCDE",
        "/games.json",
        "/assets/style.css",
        "/assets/rooms.js",
        "/assets/student.js",
        "/assets/teacher.js",
        "/assets/watch.js",
        "/views/costume_party.js",
        "/views/costume_party.css",
        "/no-such-page",
    ]
    for path in paths:
        status, h, _ = request(server, path)
        assert status == (404 if path == "/no-such-page" else 200), path
        assert {k: h.get(k) for k in HEADERS} == HEADERS, path
        assert h["content-security-policy"].startswith("default-src 'self'")


def test_the_pages_have_no_inline_script_style_or_handler():
    """What the CSP would block: every script is a file, no style= or on...= attribute."""
    pages = sorted((Path(cli.__file__).parent / "static").glob("*.html"))
    assert {p.name for p in pages} >= {"student.html", "teacher.html", "watch.html"}
    for page in pages:
        html = page.read_text()
        scripts = re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.DOTALL)
        assert scripts and all(s.strip() == "" for s in scripts), page.name
        assert all("src=" in tag for tag in re.findall(r"<script\b[^>]*>", html)), page.name
        assert not re.search(r"<[^>]*\s(style|on[a-z]+)\s*=", html, re.IGNORECASE), page.name


def test_bad_names_and_origins_are_refused_when_the_app_is_built(tmp_path):
    for kw in (
        {"origins": ["lms.school.example"]},
        {"origins": ["ftp://x"]},
        {"hosts": ["a/b"]},
    ):
        with pytest.raises(ValueError):
            WebGuard(None, **kw)
    g = WebGuard(None, hosts=["*"], defaults=False)
    assert g.host_ok("anything.example:1") == ("anything.example", 1)
    assert WebGuard(None, hosts=["fe80::1"], defaults=False).host_ok("[fe80::1]:80") == ("fe80::1", 80)


# ---------------------------------------------------------------- the CLI (a subprocess)
def wait_for(log: Path, text: str, timeout: float = 15) -> str:
    deadline = time.time() + timeout
    while time.time() < deadline:
        out = log.read_text() if log.exists() else ""
        if text in out:
            return out
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not printed in {timeout}s: {log.read_text() if log.exists() else ''}")


def join_codes(server, forged: list[str]) -> list[str]:
    """One join try with a wrong code per connection, each with its own forged X-Forwarded-For."""
    codes = []
    for ip in forged:
        c = R.Client(server, headers={"X-Forwarded-For": ip})
        f = c.op({"op": "join", "code": "QQQQQ", "name": "Eve"})
        codes.append(f["code"])
        c.close()
    return codes


@pytest.mark.parametrize("behind_proxy", [False, True])
def test_forged_forwarded_for_escapes_the_join_limit_only_behind_a_proxy(tmp_path, behind_proxy):
    args = ("--joins-per-minute", "4", *(("--behind-proxy",) if behind_proxy else ()))
    p = R.ProcessServer(tmp_path / "p.sqlite3", args=args).start()
    try:
        codes = join_codes(p, [f"10.1.2.{i}" for i in range(10)])
    finally:
        p.stop()
    if behind_proxy:  # the proxy (on 127.0.0.1) is believed: ten addresses, one try each
        assert codes == ["bad_code"] * 10
    else:  # forged headers are ignored: one address, limited after four tries
        assert codes[:4] == ["bad_code"] * 4 and set(codes[4:]) == {"rate_limited"}, codes


def self_signed(tmp_path: Path) -> tuple[Path, Path]:
    """A throwaway certificate for 127.0.0.1 and localhost (cryptography, else openssl)."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:
        subprocess.run(
            [
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:prime256v1",
                "-nodes",
                "-days",
                "1",
                "-subj",
                "/CN=127.0.0.1",
                "-addext",
                "subjectAltName=IP:127.0.0.1,DNS:localhost",
                "-keyout",
                str(key),
                "-out",
                str(cert),
            ],
            check=True,
            capture_output=True,
        )
        return cert, key
    k = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    c = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(k.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName(
                [
                    x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                    x509.DNSName("localhost"),
                ]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(k, hashes.SHA256())
    )
    cert.write_bytes(c.public_bytes(serialization.Encoding.PEM))
    key.write_bytes(
        k.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert, key


def test_tls_serves_https_and_wss_with_the_given_certificate(tmp_path):
    cert, key = self_signed(tmp_path)
    log = tmp_path / "tls.log"
    p = R.ProcessServer(
        tmp_path / "tls.sqlite3",
        log=log,
        scheme="https",
        args=("--certfile", str(cert), "--keyfile", str(key)),
    ).start()
    try:
        text = wait_for(log, "Teacher's link")
        assert f"students open https://127.0.0.1:{p.port}/" in text
        trust = ssl.create_default_context(cafile=str(cert))
        c = R.Client(p, ssl=trust, origin=p.url)  # wss://, the page's own https origin
        assert_usable(c)
        conn = http.client.HTTPSConnection("127.0.0.1", p.port, context=trust, timeout=10)
        conn.request("GET", "/")
        r = conn.getresponse()
        assert r.status == 200 and r.getheader("Content-Security-Policy") == CSP
        conn.close()
        # a client that does not trust the certificate is not served
        with pytest.raises(ssl.SSLCertVerificationError):
            R.Client(p, ssl=ssl.create_default_context())
    finally:
        p.stop()


def test_tls_takes_both_files_or_neither(tmp_path, capsys):
    cert, key = self_signed(tmp_path)
    db = tmp_path / "never.sqlite3"
    assert cli.main(["rooms", "--db", str(db), "--certfile", str(cert)]) == 2
    assert cli.main(["rooms", "--db", str(db), "--keyfile", str(key)]) == 2
    assert cli.main(["rooms", "--db", str(db), "--certfile", str(key), "--keyfile", str(cert)]) == 2
    assert cli.main(["rooms", "--db", str(db), "--allow-origin", "lms.school.example"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 4 and "both --certfile and --keyfile" in err[0] and "lms.school.example" in err[3], err
    assert not db.exists()


def test_the_teachers_link_goes_to_a_private_file_and_a_restart_keeps_it(tmp_path):
    db, link = tmp_path / "keep.sqlite3", tmp_path / "teacher-link.txt"
    link.write_text("an old link\n")
    link.chmod(0o644)  # even a file that was there before ends up private
    log = tmp_path / "one.log"
    p = R.ProcessServer(db, log=log, args=("--teacher-link-file", str(link)))
    p.start()
    try:
        text = wait_for(log, "Teacher's link")
    finally:
        p.stop()
    assert stat.S_IMODE(link.stat().st_mode) == 0o600
    assert link.read_text() == f"http://127.0.0.1:{p.port}/teacher#t={R.TEACHER}\n"
    assert R.TEACHER not in text and f"written to {link}" in text
    assert text.index("students open") < text.index("Teacher's link")
    # a start without a token keeps the stored one: the link from before still works
    log2 = tmp_path / "two.log"
    p2 = R.ProcessServer(db, log=log2, teacher_token=None).start()
    try:
        text2 = wait_for(log2, "Teacher's link")
        assert_usable(R.Client(p2))
    finally:
        p2.stop()
    assert "the one from the last start still works" in text2 and "#t=" not in text2
    # --new-teacher-token: a new link, the old token is refused
    log3 = tmp_path / "three.log"
    p3 = R.ProcessServer(db, log=log3, teacher_token=None, args=("--new-teacher-token",)).start()
    try:
        text3 = wait_for(log3, "#t=")
        new = re.search(r"#t=(\S+)", text3).group(1)
        assert new != R.TEACHER and len(new) >= 24
        old = R.Client(p3)
        assert old.op({"op": "teacher", "token": R.TEACHER})["code"] == "teacher_only"
        c = R.Client(p3)
        assert c.op({"op": "teacher", "token": new}, "lobby")["op"] == "lobby"
        c.close()
        old.close()
    finally:
        p3.stop()

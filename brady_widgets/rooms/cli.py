"""``brady-widgets rooms``: start the rooms server and print how to reach it.

    brady-widgets rooms                      # 0.0.0.0:8765, rooms.sqlite3 in the current folder
    brady-widgets rooms --port 9000 --db /srv/class.sqlite3 --pace 0.6

It prints the students' URL (with a QR code in text), and the teacher's link,
whose token is in the ``#fragment`` (never sent in a request; the teacher page
moves it into session storage and out of the address bar before anything is
projected).
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import sys

__all__ = ["main"]


def lan_address() -> str:
    """This machine's address on the local network (what other devices reach), else 127.0.0.1."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with text blocks (segno), for a terminal or a slide."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="brady-widgets", description="brady_widgets command line")
    sub = parser.add_subparsers(dest="command", required=True)
    rooms = sub.add_parser("rooms", help="start the class-play rooms server")
    rooms.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    rooms.add_argument("--port", type=int, default=8765)
    rooms.add_argument("--db", default="rooms.sqlite3", help="the SQLite file every table is saved in")
    rooms.add_argument("--pace", type=float, default=0.8, help="seconds between bot actions")
    rooms.add_argument("--public-url", default=None, help="the URL students open (behind a proxy or a JupyterHub service)")
    rooms.add_argument("--teacher-token", default=os.environ.get("BRADY_ROOMS_TEACHER_TOKEN"),
                       help="the teacher's token (default: $BRADY_ROOMS_TEACHER_TOKEN, else a new random one)")
    rooms.add_argument("--code-ttl", type=float, default=4 * 3600, help="seconds a table code accepts joins")
    rooms.add_argument("--joins-per-minute", type=int, default=20, help="join tries per minute from one address")
    rooms.add_argument("--code-prefix", default="", help="every table code starts with these letters (one prefix per server when rooms shard by code)")
    args = parser.parse_args(argv)

    from .store import Store, StoreError

    try:  # a file that is not a rooms database: one line naming it, a non-zero exit, the file untouched
        Store(args.db, log=lambda line: None).close()
    except StoreError as exc:
        print(f"brady-widgets rooms: {exc}", file=sys.stderr)
        return 2

    import uvicorn

    from .server import create_app

    token = args.teacher_token or secrets.token_urlsafe(18)
    app = create_app(args.db, token, pace=args.pace, code_ttl=args.code_ttl, joins_per_minute=args.joins_per_minute, code_prefix=args.code_prefix.upper())
    host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    url = (args.public_url or f"http://{host}:{args.port}").rstrip("/") + "/"
    print(f"Class play: students open {url}", flush=True)
    try:
        print(qr_text(url), flush=True)
    except Exception as exc:  # noqa: BLE001 -- the URL is enough
        print(f"(no QR code: {exc})")
    print(f"Teacher's page (keep it to yourself): {url}teacher#t={token}", flush=True)
    print(f"Tables are saved in {os.path.abspath(args.db)}", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024)
    return 0


if __name__ == "__main__":
    sys.exit(main())

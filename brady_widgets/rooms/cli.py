"""``brady-widgets rooms``: start the rooms server and print how to reach it.

    brady-widgets rooms                      # 0.0.0.0:8765, rooms.sqlite3 in the current folder
    brady-widgets rooms --port 9000 --db /srv/class.sqlite3 --pace 0.6

It prints the students' URL (with a QR code in text) first, and apart from it,
marked private, the teacher's link, whose token is in the ``#fragment`` (never
sent in a request; the teacher page moves it into session storage and out of the
address bar before anything is projected). ``--teacher-link-file PATH`` writes the
link to a file only its owner may read instead. The teacher's token survives a
restart (its hash is kept in the database): a later start without
``--teacher-token`` keeps the link that was printed before.

On a school network: ``--certfile/--keyfile`` serve HTTPS and WSS;
``--allow-host NAME`` and ``--allow-origin ORIGIN`` add served names and page
origins to the web checks (``web.py``); ``--behind-proxy [IPS]`` is the only way
``X-Forwarded-For``/``-Proto`` are believed (from those proxies' addresses).

    brady-widgets rooms --workers 2          # two server processes behind the one address

shares tables out by code over N processes (``front.py``: worker A's codes start with
``A`` and are saved in ``rooms.A.sqlite3``, worker B's...; the teacher's page sees them
all; a worker that stops is started again). Start again with the same ``--workers``.

    brady-widgets rooms export --db rooms.sqlite3 --out class-data/

writes every table of the database as CSV (``tables.csv``, ``seats.csv``,
``actions.csv``, see ``export.py``; files only their owner may read) for
``notebooks/class_data.ipynb``. It reads the file only, so it works while the
server runs.
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import sys
from collections.abc import Callable
from urllib.parse import urlsplit

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


def write_private(path: str, text: str) -> str:
    """Write ``text`` to ``path``, readable and writable by its owner only (0600, also when
    the file was there before); returns the absolute path."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, text.encode())
    finally:
        os.close(fd)
    return os.path.abspath(path)


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with text blocks (segno), for a terminal or a slide."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


#: the collector's young generation, in allocations (CPython's default is 700): an update
#: allocates thousands of short-lived objects (each device's screen), so the default ran a
#: young collection several times an update and a middle one every few updates (issue 28:
#: 20-25 ms pauses under load), each walking every object not yet old
GC_YOUNG = 20_000


def gc_for_server() -> None:
    """Tune the collector for a long-running server (called just before it serves): what is
    loaded by then (modules, the games' code) is frozen out of every later collection
    (CPython's ``gc.freeze``: a full collection walked it all, 150 ms on a loaded machine),
    and young collections run every GC_YOUNG allocations. Nothing else is left uncollected:
    cycles are still found, in fewer, larger sweeps of the young objects."""
    import gc

    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, middle, old)


def export_main(argv: list[str]) -> int:
    """``brady-widgets rooms export --db FILE [--out DIR]``."""
    parser = argparse.ArgumentParser(
        prog="brady-widgets rooms export",
        description="write every table of a rooms database as CSV (the teacher's full record)",
    )
    parser.add_argument("--db", default="rooms.sqlite3", help="the rooms database (default: rooms.sqlite3)")
    parser.add_argument("--out", default="class-data", help="the folder the CSV files go to (default: class-data)")
    args = parser.parse_args(argv)
    from .export import read_db, write_dir

    try:
        tables = read_db(args.db)
    except (OSError, ValueError) as exc:
        print(f"brady-widgets rooms export: {exc}", file=sys.stderr)
        return 2
    paths = write_dir(tables, args.out)
    print(
        f"{len(tables)} tables exported: {', '.join(str(p) for p in paths)} (readable by you only: they hold every hand)"
    )
    return 0


#: the fewest characters of a teacher's token this command takes (a drawn one has 24): a wrong
#: token counts toward its address's join rate, but the right one is never refused for that (a
#: class behind one school address must not lock its teacher out), so a short one could be guessed
MIN_TEACHER_TOKEN = 16


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:2] == ["rooms", "export"]:
        return export_main(argv[2:])
    parser = argparse.ArgumentParser(prog="brady-widgets", description="brady_widgets command line")
    sub = parser.add_subparsers(dest="command", required=True)
    rooms = sub.add_parser("rooms", help="start the class-play rooms server")
    rooms.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every interface)")
    rooms.add_argument("--port", type=int, default=8765)
    rooms.add_argument("--db", default="rooms.sqlite3", help="the SQLite file every table is saved in")
    rooms.add_argument("--pace", type=float, default=0.8, help="seconds between bot actions")
    rooms.add_argument(
        "--public-url", default=None, help="the URL students open (behind a proxy or a JupyterHub service)"
    )
    rooms.add_argument(
        "--teacher-token",
        default=os.environ.get("BRADY_ROOMS_TEACHER_TOKEN"),
        help="the teacher's token (default: $BRADY_ROOMS_TEACHER_TOKEN, else the one kept in --db since the last start, else a new one)",
    )
    rooms.add_argument("--code-ttl", type=float, default=4 * 3600, help="seconds a table code accepts joins")
    rooms.add_argument("--joins-per-minute", type=int, default=20, help="join tries per minute from one address")
    rooms.add_argument(
        "--connections-per-address",
        type=int,
        default=200,
        help="open pages (connections) one address may hold at once",
    )
    rooms.add_argument(
        "--code-prefix",
        default="",
        help="every table code starts with these letters (one prefix per server when rooms shard by code)",
    )
    rooms.add_argument(
        "--new-teacher-token", action="store_true", help="make a new teacher's token (the old link stops working)"
    )
    rooms.add_argument(
        "--teacher-link-file",
        default=None,
        metavar="PATH",
        help="write the teacher's link to this file (readable by you only) instead of printing it",
    )
    rooms.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a name the server answers to besides this machine's own (repeatable; '*' for any)",
    )
    rooms.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a page origin (https://host[:port]) that may connect besides the server's own (repeatable)",
    )
    rooms.add_argument(
        "--behind-proxy",
        nargs="?",
        const="127.0.0.1",
        default=None,
        metavar="IPS",
        help="believe X-Forwarded-For/-Proto from these proxy addresses (default 127.0.0.1); never without this flag",
    )
    rooms.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="run N server processes behind this one address (tables are shared out by code: each worker has its "
        "own code letter and its own SQLite file beside --db, e.g. rooms.A.sqlite3); a worker that stops is "
        "started again",
    )
    rooms.add_argument("--certfile", default=None, help="serve HTTPS/WSS with this certificate (PEM), with --keyfile")
    rooms.add_argument("--keyfile", default=None, help="the certificate's private key (PEM), with --certfile")
    rooms.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)  # started by a front
    args = parser.parse_args(argv)
    if args.teacher_token and not args.new_teacher_token and len(args.teacher_token) < MIN_TEACHER_TOKEN:
        print(
            f"brady-widgets rooms: a teacher's token is at least {MIN_TEACHER_TOKEN} characters "
            "(a shorter one can be guessed): leave it out and a long one is drawn",
            file=sys.stderr,
        )
        return 2
    if (args.certfile is None) != (args.keyfile is None):
        print("brady-widgets rooms: give both --certfile and --keyfile, or neither", file=sys.stderr)
        return 2
    if args.certfile:
        import ssl

        try:  # a wrong file is one line here, not a traceback from uvicorn
            ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(args.certfile, args.keyfile)
        except (OSError, ssl.SSLError) as exc:
            print(f"brady-widgets rooms: cannot use {args.certfile} and {args.keyfile}: {exc}", file=sys.stderr)
            return 2
    # the names and origins the web checks accept besides this machine's own
    hosts = [*args.allow_host, *([] if args.host in ("0.0.0.0", "::") else [args.host])]
    origins = list(args.allow_origin)
    if args.public_url:
        public = urlsplit(args.public_url)
        if public.hostname:
            hosts.append(public.hostname)
            origins.append(f"{public.scheme}://{public.netloc.rpartition('@')[2]}")
    from .web import WebGuard

    try:  # checked before anything touches the database
        WebGuard(None, hosts, origins, defaults=False)
    except ValueError as exc:
        print(f"brady-widgets rooms: {exc} (in --allow-host, --allow-origin or --public-url)", file=sys.stderr)
        return 2

    from .store import Store, StoreError

    if args.workers != 1:
        from .front import MAX_WORKERS, worker_dbs

        if not 1 <= args.workers <= MAX_WORKERS:
            print(f"brady-widgets rooms: --workers takes 1 to {MAX_WORKERS}", file=sys.stderr)
            return 2
        if args.code_prefix:
            print(
                "brady-widgets rooms: --workers gives each worker its own code prefix: no --code-prefix",
                file=sys.stderr,
            )
            return 2
    dbs = [args.db] if args.workers == 1 else worker_dbs(args.db, args.workers)
    try:  # a file that is not a rooms database: one line naming it, a non-zero exit, the file untouched
        for db in dbs:
            Store(db, log=lambda line: None).close()
    except StoreError as exc:
        print(f"brady-widgets rooms: {exc}", file=sys.stderr)
        return 2

    import uvicorn

    from .server import create_app

    # None: the database's stored token hash is reused (the link printed before still works)
    token = secrets.token_urlsafe(18) if args.new_teacher_token else (args.teacher_token or None)
    host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    scheme = "https" if args.certfile else "http"
    url = (args.public_url or f"{scheme}://{f'[{host}]' if ':' in host else host}:{args.port}").rstrip("/") + "/"
    proxy = (
        {"proxy_headers": True, "forwarded_allow_ips": args.behind_proxy}
        if args.behind_proxy
        else {"proxy_headers": False}
    )
    tls = {"ssl_certfile": args.certfile, "ssl_keyfile": args.keyfile} if args.certfile else {}
    if args.workers != 1:  # the front: the workers first, then the one address
        from .front import run as run_front

        return run_front(args, hosts, origins, url, token, announce=lambda token: _announce(args, url, token))
    try:
        app = create_app(
            args.db,
            token,
            allowed_origins=tuple(origins),
            allowed_hosts=tuple(hosts),
            pace=args.pace,
            code_ttl=args.code_ttl,
            joins_per_minute=args.joins_per_minute,
            connections_per_address=args.connections_per_address,
            code_prefix=args.code_prefix.upper(),
            join_url=url,  # the teacher's and the projector's pages show it, with its QR code
        )
    except ValueError as exc:  # a bad --code-prefix
        print(f"brady-widgets rooms: {exc}", file=sys.stderr)
        return 2
    token = getattr(app.state, "teacher_token", token)
    if args.worker:  # behind a front, which said all this once
        print(f"rooms: worker {args.code_prefix} on 127.0.0.1:{args.port}, tables in {args.db}", flush=True)
        _stop_with_parent()
    else:
        _announce(args, url, token)
    run = lambda: uvicorn.run(  # noqa: E731
        app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024, **proxy, **tls
    )
    gc_for_server()
    run_profiled(run, os.environ.get("BRADY_ROOMS_PROFILE"))
    return 0


def run_profiled(serve: Callable[[], object], profile: str | None) -> None:
    """``serve()``; with ``profile`` (``BRADY_ROOMS_PROFILE``, benchmarks only) under cProfile in
    CPU time (process time), its stats written to that file when it stops (on SIGINT)."""
    if not profile:
        serve()
        return
    import cProfile
    import time

    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    try:
        serve()
    finally:
        profiler.disable()
        profiler.dump_stats(profile)


def _stop_with_parent() -> None:
    """A worker stops (saving its tables, as on Ctrl+C) when its front is gone, even killed:
    it runs in its own session, so nothing else would stop it."""
    import signal
    import threading
    import time

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=watch, name="rooms-worker-parent", daemon=True).start()


def _announce(args: argparse.Namespace, url: str, token: str | None) -> None:
    """The students' address (with its QR code) first, then apart, the teacher's link."""
    # what goes on the slide first: the students' URL and its QR code
    print(f"Class play: students open {url}", flush=True)
    try:
        print(qr_text(url), flush=True)
    except Exception as exc:  # noqa: BLE001 -- the URL is enough
        print(f"(no QR code: {exc})")
    if args.workers == 1:
        print(f"Tables are saved in {os.path.abspath(args.db)}", flush=True)
    # then, apart, the teacher's link: whoever has it runs the class
    print("\n" + "-" * 60, flush=True)
    if token is None:
        print(
            "Teacher's link: the one from the last start still works (use --new-teacher-token for a new one)",
            flush=True,
        )
    elif args.teacher_link_file:
        path = write_private(args.teacher_link_file, f"{url}teacher#t={token}\n")
        print(f"Teacher's link -- private: written to {path} (readable by you only)", flush=True)
    else:
        print("Teacher's link -- private: do not project this", flush=True)
        print(f"  {url}teacher#t={token}", flush=True)
    print("-" * 60, flush=True)


if __name__ == "__main__":
    sys.exit(main())

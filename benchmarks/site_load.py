"""How heavy the static site is and how fast a game opens in it (issue 26).

    python benchmarks/site_load.py [--game big_brother] [--runs 2] [--site build/site] [--json] [--check]

Builds the site with ``bash scripts/site.sh`` (skipped when no input changed; ``--site DIR``
uses a site built there), serves it on 127.0.0.1 with the same static server as
``site.sh --serve``, and opens a game's landing-page link in Debian's chromium:

* site size: bytes and files on disk, and the bytes a host that gzips its answers sends (each
  file gzipped at level 6; GitHub Pages does);
* bytes to first widget: what the server sent from the click to the game's view (body bytes,
  counted in the server: the kernel's worker fetches Pyodide and the wheels too), and how many
  requests it answered (a 304 or a cache hit sends no body);
* time to first widget, cold (a fresh browser profile: nothing cached) and warm (a second visit
  in the same profile: the browser's HTTP cache answers or revalidates). Timed from the click
  on the landing page to the view on the screen, by the test side (about 0.1 s more than the page
  sees). Each run's profile is a real one on disk (``launch_persistent_context``), as a student's
  browser has: Playwright's ``new_context()`` is an incognito profile whose HTTP cache lives in
  memory and stores no entry above an eighth of its size, so it fetched ``pyodide.asm.wasm``
  (9.6 MB) again on every visit, which no student's browser does;
* with ``--timeline``: where each visit's time goes, on the click's clock: the JupyterLite app,
  the kernel's worker, the Pyodide runtime (its files requested, then the first package load),
  the wheels (Pyodide's "Loading ..."/"Loaded ..." lines), the package's import and the first draw.

Every request off 127.0.0.1 is refused and counted (0 expected). Targets: first widget within
20 s cold and 8 s warm from a local server (``--check`` exits 1 when one is missed). The figures
depend on the machine's load: the shared 2-core machine makes them slower.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))
sys.path.insert(0, str(REPO / "scripts"))

import jlab_harness as H
import site_build

ROOTS = {"costume_party": ".bw-costume", "brady_bunch": ".bw-brady", "brouhaha": ".bw-brouhaha"}
ROOTS["big_brother"] = ".bw-big-brother"
TARGET_COLD_S, TARGET_WARM_S = 20.0, 8.0


def site_size(root: Path) -> dict:
    files = [p for p in root.rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    gz = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
    return {"files": len(files), "bytes": raw, "gzip_bytes": gz}


class Counter:
    """What the local server sent: requests, and body bytes (a 304 or a cache hit sends none)."""

    def __init__(self):
        self.requests = self.bytes = 0


COUNT = Counter()


class CountingHandler(site_build.SiteHandler):
    def send_response(self, code, message=None):
        COUNT.requests += 1
        super().send_response(code, message)

    def copyfile(self, source, outputfile):
        data = source.read()
        COUNT.bytes += len(data)
        outputfile.write(data)


#: the timeline's marks: (name, what starts it) -- a request whose path ends so, or a console line
#: that starts so (Pyodide prints "Loading a, b" and "Loaded a, b" around each package load)
MARKS = [
    ("REPL page requested", "request", "/repl/index.html"),
    ("kernel worker requested", "request", ".worker."),
    ("Pyodide runtime requested", "request", "/pyodide.mjs"),
    ("Pyodide wasm requested", "request", "/pyodide.asm.wasm"),
    ("first wheel requested (the preloaded packages, fetched while the runtime starts)", "request", ".whl"),
    ("the drive mounted (runtime and packages done; IPython imported next)", "request", "/api/drive"),
]


def visit(context, base: str, game: str, timeout: float = 240) -> dict:
    """Click the game's link on the landing page; time and bytes until its view shows. (No
    request routing here: Playwright turns the HTTP cache off for a routed page. Requests off
    127.0.0.1 are counted instead; the browser test refuses them.) The timeline: the marks
    above, every "Loading"/"Loaded" line, and the first draw, in seconds after the click."""
    page = context.new_page()
    outside: list[str] = []
    events: list[tuple[float, str]] = []
    t0 = time.perf_counter()

    def on_request(r):
        if r.url.startswith("http") and not r.url.startswith(base):
            outside.append(r.url)
        events.append((time.perf_counter() - t0, "request " + r.url.split("?")[0]))

    page.on("request", on_request)
    page.on("console", lambda m: events.append((time.perf_counter() - t0, "console " + m.text)))
    page.goto(base)
    page.wait_for_load_state("load")
    COUNT.requests = COUNT.bytes = 0
    events.clear()
    t0 = time.perf_counter()
    page.locator(f"#play-{game}").click()
    page.locator(ROOTS[game]).first.wait_for(timeout=timeout * 1000)
    seconds = time.perf_counter() - t0
    sent = {"bytes": COUNT.bytes, "requests": COUNT.requests}
    page.close()
    timeline = []
    for name, kind, needle in MARKS:
        hit = next((t for t, e in events if e.startswith(kind) and needle in e), None)
        if hit is not None:
            timeline.append((round(hit, 2), name))
    for t, e in events:
        if e.startswith(("console Loading ", "console Loaded ")):
            timeline.append((round(t, 2), e.removeprefix("console ")[:90]))
    timeline.append((round(seconds, 2), "the game's view drawn"))
    return {"seconds": round(seconds, 2), **sent, "outside": outside, "timeline": sorted(timeline)}


def new_profile(pw, workdir: Path):
    """A fresh browser with a profile on disk (a student's browser: its HTTP cache on disk)."""
    env = dict(os.environ)
    for key, sub in {"XDG_CONFIG_HOME": "xdg-config", "XDG_CACHE_HOME": "xdg-cache", "HOME": "home"}.items():
        (workdir / sub).mkdir(parents=True, exist_ok=True)
        env[key] = str(workdir / sub)
    return pw.chromium.launch_persistent_context(
        str(workdir / "profile"),
        executable_path=H.chromium_path(),
        args=H.CHROMIUM_FLAGS,
        env=env,
        headless=True,
        timeout=60_000,
        viewport={"width": 1280, "height": 900},
        service_workers="block",
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="big_brother", choices=sorted(ROOTS))
    p.add_argument("--runs", type=int, default=2, help="cold+warm pairs, each in a fresh profile")
    p.add_argument("--site", type=Path, default=None, help="a built site (default: build one into build/site)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--check", action="store_true")
    p.add_argument("--timeline", action="store_true", help="print where each visit's time went")
    args = p.parse_args()

    site = args.site
    build_s = None
    if site is None:
        site = REPO / "build" / "site"
        t0 = time.perf_counter()
        env = {**os.environ, "BRADY_SITE_OUT": str(site), "PYTHON": sys.executable}
        subprocess.run(["bash", str(REPO / "scripts" / "site.sh")], env=env, check=True, stdout=subprocess.DEVNULL)
        build_s = round(time.perf_counter() - t0, 1)
    size = site_size(site)

    handler = functools.partial(CountingHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    import tempfile

    from playwright.sync_api import sync_playwright

    cold, warm = [], []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        for run in range(args.runs):
            context = new_profile(pw, Path(tmp) / f"run{run}")
            try:
                cold.append(visit(context, base, args.game))
                warm.append(visit(context, base, args.game))
            finally:
                context.close()
    server.shutdown()

    def summary(runs):
        return {
            "seconds_median": round(statistics.median(r["seconds"] for r in runs), 2),
            "seconds": [r["seconds"] for r in runs],
            "bytes_median": int(statistics.median(r["bytes"] for r in runs)),
            "requests_median": int(statistics.median(r["requests"] for r in runs)),
        }

    result = {
        "game": args.game,
        "build_seconds": build_s,
        "site": size,
        "cold": summary(cold),
        "warm": summary(warm),
        "outside_requests": sum(len(r["outside"]) for r in cold + warm),
        "outside": [u for r in cold + warm for u in r["outside"]],
        "load": os.getloadavg()[0],
        "timelines": {"cold": [r["timeline"] for r in cold], "warm": [r["timeline"] for r in warm]},
    }
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        mb = lambda n: f"{n / 1e6:.1f} MB"  # noqa: E731
        print(f"site: {mb(size['bytes'])} in {size['files']} files, {mb(size['gzip_bytes'])} gzipped")
        if build_s is not None:
            print(f"build (scripts/site.sh): {build_s} s")
        for name, s, target in (("cold", result["cold"], TARGET_COLD_S), ("warm", result["warm"], TARGET_WARM_S)):
            print(
                f"first widget ({args.game}), {name}: median {s['seconds_median']} s {s['seconds']} "
                f"(target {target:.0f} s), {mb(s['bytes_median'])} over the wire in {s['requests_median']} requests"
            )
        print(f"requests off 127.0.0.1: {result['outside_requests']} {sorted(set(result['outside']))[:3]}")
        print(f"load average (1 min) at the end: {result['load']:.1f} (2 cores)")
        if args.timeline:
            for name in ("cold", "warm"):
                for i, timeline in enumerate(result["timelines"][name]):
                    print(f"timeline, {name} visit {i + 1} (seconds after the click):")
                    for t, what in timeline:
                        print(f"  {t:6.2f}  {what}")
    ok = (
        result["cold"]["seconds_median"] <= TARGET_COLD_S
        and result["warm"]["seconds_median"] <= TARGET_WARM_S
        and result["outside_requests"] == 0
    )
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())

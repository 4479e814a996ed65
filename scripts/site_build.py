"""The static site's sources and build, called by ``scripts/site.sh`` (which fetches the pinned
tools and wheels), and its LAN server (``site.sh --serve``).

    python scripts/site_build.py --repo . --cache build/site-cache --out build/site --pyodide TGZ ...
    python scripts/site_build.py --serve build/site --port 8000

The site is JupyterLite (the Pyodide kernel: Python in each student's browser) with:

* ``static/pyodide/``: the Pyodide core runtime (npm) and every wheel the kernel loads, with a
  ``pyodide-lock.json`` rewritten to list exactly the shipped wheels with their sha256 (so every
  ``import`` of a cell, ``import brady_widgets`` included, resolves from the site, and nothing
  from a CDN or PyPI: ``disablePyPIFallback``);
* ``files/``: the start notebook and the four rules tutorials;
* ``index.html``: the landing page, one big link per game (a REPL page that builds the game's
  widget and shows it alone) and one per tutorial, the lessons that need numpy or matplotlib
  with where to run them, and the teacher's note on secrets.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.parse
from pathlib import Path

#: the games on the landing page: key, title, the code its page runs, one line on how it plays
GAMES = [
    (
        "costume_party",
        "Costume Party Detective",
        "from brady_widgets import CostumePartyWidget\nwidget = CostumePartyWidget(players=4)\nwidget",
        "Move the suspects, ask who is where, and unmask the others before they unmask you.",
    ),
    (
        "brady_bunch",
        "The Brady Bunch Party Game",
        "from brady_widgets import BradyBunchWidget\nwidget = BradyBunchWidget(players=5)\nwidget",
        "Claim a Brady, snoop, and call out who is bluffing.",
    ),
    (
        "brouhaha",
        "Brouhaha",
        'from brady_widgets import BrouhahaWidget\nwidget = BrouhahaWidget(players=5, bot="medium")\nwidget',
        "Turn the cards, make the noise, and slap first when two animals match.",
    ),
    (
        "big_brother",
        "Big Brother: The Game",
        'from brady_widgets import BigBrotherWidget\nwidget = BigBrotherWidget(players=5, bot="medium")\nwidget',
        "Roll around the house, win the challenges, and survive the votes.",
    ),
    (
        "total_black",
        "Total Black",
        'from brady_widgets import TotalBlackWidget\nwidget = TotalBlackWidget(players=12, bot="sloppy")\nwidget',
        "Lights out: find your partner in the dark by their cry alone, and hold hands.",
    ),
]

#: the notebooks the site holds and runs (they need neither numpy nor matplotlib); the Costume
#: Party tutorial is not one of them: its streak experiment (an early cell) and its last part
#: (charts, fast simulations) compute with numpy, so the landing page sends it elsewhere
TUTORIALS = [
    ("00_start_here.ipynb", "Start here: what the package is, two games, what the browser is sent"),
    ("brady_bunch.ipynb", "The Brady Bunch Party Game: the tutorial"),
    ("brouhaha.ipynb", "Brouhaha: the tutorial"),
    ("big_brother.ipynb", "Big Brother: The Game, step by step"),
]

#: lock entries added for what Pyodide's own lock lacks: name -> (imports, depends)
ADDED = {
    "comm": (["comm"], ["traitlets"]),
    "ipython-pygments-lexers": (["ipython_pygments_lexers"], ["pygments"]),
    "ipywidgets": (["ipywidgets"], ["comm", "ipython", "traitlets", "widgetsnbextension", "jupyterlab-widgets"]),
    "jupyterlab-widgets": (["jupyterlab_widgets"], []),
    "widgetsnbextension": (["widgetsnbextension"], []),
    "psygnal": (["psygnal"], ["typing-extensions"]),
    "anywidget": (["anywidget"], ["ipywidgets", "psygnal", "typing-extensions"]),
    "brady-widgets": (["brady_widgets"], ["anywidget", "ipywidgets", "traitlets"]),
    # the Pyodide kernel's own wheels (its extension's pypi/ folder): in the lock, the kernel
    # loads them with everything else in one parallel batch instead of one piplite install each
    "piplite": (["piplite"], ["micropip"]),
    "pyodide-kernel": (["pyodide_kernel"], ["comm", "ipython"]),
    "ipykernel": (["ipykernel"], ["pyodide-kernel"]),
}
#: what the kernel's worker loads while Python starts (``loadPyodideOptions.packages``: one
#: ``loadPackage`` call, every wheel fetched in parallel and cached by the browser): the names the
#: kernel would otherwise install one after another (micropip, then piplite, then ipykernel, comm,
#: pyodide-kernel, jedi, ipython: each a round of resolution), and the package every game link and
#: tutorial imports first (its import would load its wheels only after the kernel is up)
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "brady-widgets"]
#: IPython 9 needs these, which Pyodide's lock entry for it does not list
EXTRA_DEPENDS = {"ipython": ["ipython-pygments-lexers", "jedi"]}

#: the Pyodide core runtime files the site serves (the npm package also holds maps, types, docs)
PYODIDE_CORE = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.js", "pyodide.asm.wasm"]
PYODIDE_CORE += ["python_stdlib.zip", "pyodide-lock.json", "package.json"]

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name_version(path: Path) -> tuple[str, str]:
    parts = path.name.split("-")
    return norm(parts[0]), parts[1]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def rewrite_lock(lock: dict, wheels: list[Path]) -> dict:
    """Pyodide's lock with exactly ``wheels``: each known entry's file, version and sha256 set to
    the shipped wheel's, entries added for the packages it lacks (``ADDED``), every other entry
    (files not shipped) dropped."""
    old = {norm(k): v for k, v in lock["packages"].items()}
    packages = {}
    for whl in sorted(wheels):
        name, version = wheel_name_version(whl)
        if name in old:
            entry = dict(old[name])
        elif name in ADDED:
            imports, depends = ADDED[name]
            entry = {"name": name, "imports": imports, "depends": depends, "install_dir": "site"}
            entry.update(package_type="package", unvendored_tests=False)
        else:
            raise SystemExit(f"site: no lock entry known for {whl.name}: add it to ADDED in {__file__}")
        entry["depends"] = sorted({norm(d) for d in entry["depends"] + EXTRA_DEPENDS.get(name, [])})
        entry.update(file_name=whl.name, version=version, sha256=sha256(whl))
        packages[name] = entry
    for name, entry in packages.items():
        missing = [d for d in entry["depends"] if d not in packages]
        if missing:
            raise SystemExit(f"site: {name} depends on {missing}, which the site does not ship")
    return {"info": lock["info"], "packages": packages}


def extract_pyodide(tgz: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_CORE:
            try:
                member = tar.getmember(f"package/{name}")
            except KeyError:
                continue
            src = tar.extractfile(member)
            assert src is not None
            (dest / name).write_bytes(src.read())
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        if not (dest / name).exists():
            raise SystemExit(f"site: {tgz.name} has no {name}")


def kernel_stub_wheels(venv_prefix: Path) -> list[Path]:
    """The Pyodide kernel's own wheels: its stand-in widgetsnbextension (ipywidgets requires one;
    the real one is a notebook-classic extension with nothing to do in the browser), its ipykernel
    shim, piplite and pyodide-kernel (listed in the lock so that the kernel preloads them)."""
    pypi = venv_prefix / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    found = []
    for pattern in ("widgetsnbextension-4.*", "ipykernel-*", "piplite-*", "pyodide_kernel-*"):
        wheels = sorted(pypi.glob(f"{pattern}-py3-none-any.whl"))
        if not wheels:
            raise SystemExit(f"site: no {pattern} wheel in {pypi}")
        found.append(wheels[-1])
    return found


def compile_wheels(wheels: list[Path], pyodide: Path, cache: Path) -> list[Path]:
    """``wheels`` with their modules' bytecode compiled by Pyodide's own Python (``site_pyc.mjs``,
    run by node on the runtime in ``pyodide``): the browser then imports the IPython stack and the
    package without compiling them at every kernel start. Kept in ``cache`` by the input wheel's
    sha256 (a second build compiles only the project's wheel, when it changed)."""
    out = []
    todo = cache / "todo"
    shutil.rmtree(todo, ignore_errors=True)
    todo.mkdir(parents=True)
    for whl in wheels:
        done = cache / sha256(whl)[:16] / whl.name
        if not done.exists():
            shutil.copy2(whl, todo / whl.name)
        out.append(done)
    if any(todo.iterdir()):
        result = cache / "result"
        shutil.rmtree(result, ignore_errors=True)
        result.mkdir()
        script = Path(__file__).resolve().with_name("site_pyc.mjs")
        subprocess.run(["node", str(script), str(pyodide.resolve()), str(todo), str(result)], check=True)
        for whl in wheels:
            done = cache / sha256(whl)[:16] / whl.name
            if (result / whl.name).exists() and not done.exists():
                done.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(result / whl.name, done)
    shutil.rmtree(todo, ignore_errors=True)
    missing = [w.name for w in out if not w.exists()]
    if missing:
        raise SystemExit(f"site: no compiled wheel for {missing}")
    return out


def repl_url(code: str) -> str:
    """The REPL page that runs ``code`` on load and shows only its output (the game)."""
    query = [("kernel", "python"), ("toolbar", "1"), ("showBanner", "0"), ("hideCodeInput", "1")]
    query += [("promptCellPosition", "bottom"), ("clearCodeContentOnExecute", "1"), ("code", code)]
    return "repl/index.html?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote)


def lessons_elsewhere(repo: Path) -> list[tuple[str, str]]:
    """The lesson notebooks the site does not run (numpy, matplotlib or a cluster) and their titles."""
    held = {name for name, _ in TUTORIALS}
    out = []
    for nb in sorted((repo / "notebooks").glob("*.ipynb")):
        if nb.name in held:
            continue
        cells = json.loads(nb.read_text())["cells"]
        first = "".join(cells[0]["source"]).splitlines()[0] if cells else nb.stem
        out.append((nb.name, first.lstrip("# ").strip()))
    return out


def landing_page(repo: Path, repo_url: str) -> str:
    e = html.escape
    games = "\n".join(
        f'    <li><a class="big" id="play-{key}" href="{e(repl_url(code))}">{e(title)}</a><span>{e(blurb)}</span></li>'
        for key, title, code, blurb in GAMES
    )
    tutorials = "\n".join(
        f'    <li><a id="open-{Path(name).stem}" href="notebooks/index.html?path={e(name)}">{e(title)}</a></li>'
        for name, title in TUTORIALS
    )
    binder = ""
    if repo_url.startswith("https://github.com/"):
        slug = repo_url.removeprefix("https://github.com/").strip("/")
        binder = (
            f' or on <a href="https://mybinder.org/v2/gh/{e(slug)}/main?urlpath=lab/tree/notebooks/00_start_here.ipynb">'
            "Binder</a> (a server for you, ready in a few minutes)"
        )
    where = f'<a href="{e(repo_url)}">the repository</a>' if repo_url else "the repository"
    elsewhere = "\n".join(f"    <li><code>{e(name)}</code>: {e(title)}</li>" for name, title in lessons_elsewhere(repo))
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Brady widgets: play in the browser</title>
<!-- read by the JupyterLite pages below this one (the root of the site's configuration) -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<style>
  body {{ font: 17px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 0 auto; padding: 1rem; color: #222; }}
  h1 {{ font-size: 1.8rem; margin-bottom: .2rem; }}
  ul.games {{ list-style: none; padding: 0; display: grid; gap: .8rem;
             grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); }}
  ul.games li {{ border: 1px solid #ccd; border-radius: .6rem; padding: .8rem; background: #f7f8ff; }}
  a.big {{ display: block; font-size: 1.3rem; font-weight: 600; padding: .5rem 0; min-height: 44px; }}
  ul.games span {{ color: #444; }}
  .note {{ border-left: 4px solid #c80; background: #fff8ec; padding: .5rem 1rem; }}
  code {{ background: #eee; padding: 0 .2rem; }}
</style>
</head>
<body>
<main>
  <h1>Play in the browser, nothing to install</h1>
  <p>Each game runs in your own browser: the first visit loads Python (about 25 MB, some seconds),
  a second visit starts faster. Pick a game:</p>
  <ul class="games" id="games">
{games}
  </ul>
  <h2>Tutorials</h2>
  <p>The rules, step by step, in notebooks you can run and change (Shift+Enter runs a cell):</p>
  <ul id="tutorials">
{tutorials}
  </ul>
  <h2>Lessons that need more than a browser</h2>
  <p>These lessons draw charts or run fast simulations with numpy and matplotlib, which this site
  does not have. Run them on your computer (from {where}: <code>bash scripts/play.sh</code>){binder}:</p>
  <ul id="elsewhere">
{elsewhere}
  </ul>
  <h2>For the teacher</h2>
  <p class="note" id="secrets-note">Everything runs in the student's own browser, and a student who opens the
  browser's developer tools can read anything that browser holds, the other players' hidden cards
  included. That is fine for playing against the bots and for the tutorials. For class play where
  hidden cards must stay hidden between students, use the rooms server (<code>brady-widgets rooms</code>,
  see the teacher guide): there each device is sent only what its seat may see.</p>
</main>
</body>
</html>
"""


def input_key(repo: Path) -> str:
    """A hash of everything the site is built from (the package, the notebooks, these scripts and
    their pins): a build whose key matches is up to date."""
    h = hashlib.sha256()
    files = [
        repo / "pyproject.toml",
        repo / "scripts/site.sh",
        repo / "scripts/site_build.py",
        repo / "scripts/site_pyc.mjs",
    ]
    files += sorted(p for p in (repo / "brady_widgets").rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    files += sorted((repo / "notebooks").glob("*.ipynb"))
    for f in files:
        h.update(str(f.relative_to(repo)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def build(args: argparse.Namespace) -> None:
    repo, cache, out = Path(args.repo), Path(args.cache), Path(args.out)
    lite = cache / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    pyodide = lite / "static" / "pyodide"
    extract_pyodide(Path(args.pyodide), pyodide)

    pins = args.pins.split()
    wheels: list[Path] = []
    for pin in pins:
        name, version = pin.split("==")
        found = [w for w in Path(args.wheels).glob("*.whl") if wheel_name_version(w) == (norm(name), version)]
        if len(found) != 1:
            raise SystemExit(f"site: expected one wheel for {pin} in {args.wheels}, found {found}")
        wheels += found
    wheels += kernel_stub_wheels(Path(sys.prefix))
    project = sorted(Path(args.project_wheel).glob("brady_widgets-*.whl"))
    if len(project) != 1:
        raise SystemExit(f"site: expected the project's wheel in {args.project_wheel}, found {project}")
    wheels += project
    wheels = compile_wheels(wheels, pyodide, cache / "pyc")
    for whl in wheels:
        shutil.copy2(whl, pyodide / whl.name)
    lock_path = pyodide / "pyodide-lock.json"
    lock = rewrite_lock(json.loads(lock_path.read_text()), wheels)
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True))

    files = lite / "files"
    files.mkdir(parents=True)
    for name, _ in TUTORIALS:
        shutil.copy2(repo / "notebooks" / name, files / name)

    settings = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": PRELOAD},
    }
    config = {
        "jupyter-config-data": {
            "appName": "Brady widgets",
            # window.jupyterapp: what the site's browser test drives (as the JupyterLab tests do)
            "exposeAppInBrowser": True,
            "litePluginSettings": {KERNEL_PLUGIN: settings},
            # nothing leaves the page: no news, no update checks
            "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
        }
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    federated = [str(w) for w in wheels if wheel_name_version(w)[0] in {"anywidget", "jupyterlab-widgets"}]
    build_config = {
        "LiteBuildConfig": {"federated_extensions": federated, "no_sourcemaps": True, "no_unused_shared_packages": True}
    }
    (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1))

    shutil.rmtree(out, ignore_errors=True)
    jupyter_lite = Path(sys.prefix) / "bin" / "jupyter-lite"
    cmd = [str(jupyter_lite), "build", "--lite-dir", str(lite), "--contents", str(files), "--output-dir", str(out)]
    subprocess.run(cmd, cwd=lite, check=True, stdout=subprocess.DEVNULL if not args.verbose else None)
    # the landing page replaces JupyterLite's own index.html (which only redirects to lab/)
    repo_url = os.environ.get("BRADY_SITE_REPO_URL", "")
    (out / "index.html").write_text(landing_page(repo, repo_url))
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve folders that start with "_" too
    (out / "brady-site.json").write_text(
        json.dumps({"key": input_key(repo), "pins": pins, "pyodide": Path(args.pyodide).name}, indent=1)
    )


# ------------------------------------------------------------------------ serve
def serve(root: Path, port: int, host: str = "0.0.0.0") -> None:
    """Serve the built site to the classroom: a static server on every interface, with the
    students' URL and its QR code printed first (as ``brady-widgets rooms`` prints its own)."""
    import functools
    import http.server

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from brady_widgets.rooms.cli import lan_address, qr_text

    handler = functools.partial(SiteHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    url = f"http://{lan_address() if host == '0.0.0.0' else host}:{server.server_address[1]}/"
    print(f"Students open: {url}", flush=True)
    try:
        print(qr_text(url), flush=True)
    except Exception as exc:  # noqa: BLE001 -- the QR code is a nicety (segno is in the rooms extra)
        print(f"(no QR code: {exc})")
    print("Each browser runs its own Python: this machine only hands out files. Ctrl+C stops.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def _handler_class():
    import http.server

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".wasm": "application/wasm",
            ".mjs": "text/javascript",
            ".js": "text/javascript",
            ".json": "application/json",
            ".whl": "application/zip",
        }

        def end_headers(self):
            # as GitHub Pages does: a second visit within 10 minutes loads from the browser's cache
            # (after that, a 304 answer per file); a rebuilt site reaches every browser within 10 min
            self.send_header("Cache-Control", "public, max-age=600")
            super().end_headers()

        def log_message(self, format, *args):
            if os.environ.get("BRADY_SITE_LOG"):
                super().log_message(format, *args)

    return Handler


SiteHandler = _handler_class()


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--serve", metavar="DIR")
    p.add_argument("--key", action="store_true", help="print the inputs' key (of --repo) and stop")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--repo")
    p.add_argument("--cache")
    p.add_argument("--out")
    p.add_argument("--pyodide")
    p.add_argument("--wheels")
    p.add_argument("--project-wheel")
    p.add_argument("--pins", default="")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args(argv)
    if args.key:
        print(input_key(Path(args.repo)))
    elif args.serve:
        serve(Path(args.serve), args.port)
    else:
        build(args)


if __name__ == "__main__":
    main()

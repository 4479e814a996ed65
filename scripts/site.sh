#!/usr/bin/env bash
# The static site: the four games and the tutorials in any browser, no Python anywhere (each
# browser runs its own Python kernel, Pyodide in JupyterLite). Built from the package registries
# only, with pinned versions; the build tools live in their own venv and the downloads in a cache,
# both reused between runs (a second build takes seconds).
#
#   bash scripts/site.sh              # build into build/site/
#   bash scripts/site.sh --serve      # build, then serve it on the LAN (URL and QR code printed)
#   bash scripts/site.sh --serve-only # serve what is built
#   BRADY_SITE_PORT=8000              # the port --serve uses (default 8000)
#   BRADY_SITE_OUT=dir BRADY_SITE_CACHE=dir   # where the site and the cache go
#   BRADY_SITE_FORCE=1                # rebuild even when no input changed (else: skipped)
#
# Any static host serves build/site/ as it is (GitHub Pages: .github/workflows/pages.yml).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO=$PWD
OUT=${BRADY_SITE_OUT:-$REPO/build/site}
CACHE=${BRADY_SITE_CACHE:-$REPO/build/site-cache}
PORT=${BRADY_SITE_PORT:-8000}
PY=${PYTHON:-python3}

# ------------------------------------------------------------------ pins
# JupyterLite and its Pyodide kernel; the Pyodide runtime the kernel 0.8.6 is made for (npm)
JUPYTERLITE_CORE=0.8.6
JUPYTERLITE_PYODIDE_KERNEL=0.8.6
# jupyter_server indexes the notebooks for the site's file browser (the build needs it)
JUPYTER_SERVER=2.21.1
PYODIDE=314.0.6
# The wheels the browser runs, for Pyodide 314 (Python 3.14, PEP 783's pyemscripten_2026_0):
# the versions its pyodide-lock.json names, plus what it lacks (ipywidgets, anywidget, comm, ...).
BROWSER_WHEELS=(
  micropip==0.11.1 packaging==26.1
  ipython==9.12.0 ipython-pygments-lexers==1.1.1 asttokens==3.0.1 decorator==5.2.1 executing==2.2.1
  matplotlib-inline==0.2.1 prompt_toolkit==3.0.52 pure-eval==0.2.3 pygments==2.20.0 six==1.17.0
  stack-data==0.6.3 traitlets==5.14.3 wcwidth==0.6.0 jedi==0.19.2 parso==0.8.6
  typing_extensions==4.15.0 tqdm==4.67.3
  comm==0.2.3 ipywidgets==8.1.9 jupyterlab_widgets==3.0.17 anywidget==0.11.0 psygnal==0.16.1
)

mode=build
case "${1:-}" in
  --serve) mode=serve ;;
  --serve-only) mode=serve-only ;;
  "") ;;
  -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
  *) echo "unknown option: $1 (try --help)" >&2; exit 2 ;;
esac

T0=$(date +%s)
step() { printf '==> [%3ss] %s\n' "$(( $(date +%s) - T0 ))" "$*"; }

key=$("$PY" "$REPO/scripts/site_build.py" --key --repo "$REPO")
if [ "$mode" != serve-only ] && [ -z "${BRADY_SITE_FORCE:-}" ] && [ -f "$OUT/index.html" ] \
   && grep -q "\"key\": \"$key\"" "$OUT/brady-site.json" 2>/dev/null; then
  step "up to date: $OUT (inputs $key; BRADY_SITE_FORCE=1 rebuilds)"
  up_to_date=1
fi

if [ "$mode" != serve-only ] && [ -z "${up_to_date:-}" ]; then
  mkdir -p "$CACHE/wheels" "$CACHE/npm" "$CACHE/project"
  VENV=$CACHE/venv
  stamp="core=$JUPYTERLITE_CORE kernel=$JUPYTERLITE_PYODIDE_KERNEL server=$JUPYTER_SERVER"
  if [ ! -x "$VENV/bin/python" ] || [ "$(cat "$VENV/.brady-pins" 2>/dev/null)" != "$stamp" ]; then
    step "build venv ($stamp)"
    rm -rf "$VENV"
    "$PY" -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check \
      "jupyterlite-core==$JUPYTERLITE_CORE" "jupyterlite-pyodide-kernel==$JUPYTERLITE_PYODIDE_KERNEL" \
      "jupyter_server==$JUPYTER_SERVER" "hatchling>=1.21"
    echo "$stamp" > "$VENV/.brady-pins"
  fi

  tgz=$CACHE/npm/pyodide-$PYODIDE.tgz
  if [ ! -f "$tgz" ]; then
    step "pyodide $PYODIDE (npm)"
    command -v npm >/dev/null || { echo "npm is missing (apt-get install -y nodejs npm)" >&2; exit 1; }
    (cd "$CACHE/npm" && npm pack --silent "pyodide@$PYODIDE" >/dev/null)
  fi

  missing=()
  for pin in "${BROWSER_WHEELS[@]}"; do
    name=${pin%%==*}; ver=${pin##*==}
    norm=$(echo "$name" | tr 'A-Z-.' 'a-z__')
    compgen -G "$CACHE/wheels/${norm}-${ver}-*.whl" >/dev/null || missing+=("$pin")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    step "browser wheels from PyPI: ${missing[*]}"
    "$VENV/bin/python" -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
      --platform pyemscripten_2026_0_wasm32 --implementation cp --abi cp314 --python-version 3.14 \
      -d "$CACHE/wheels" "${missing[@]}"
  fi

  # node runs Pyodide's own Python at build time to compile the wheels' bytecode (site_pyc.mjs)
  command -v node >/dev/null || { echo "node is missing (apt-get install -y nodejs npm)" >&2; exit 1; }

  step "the project's wheel"
  rm -f "$CACHE/project/"*.whl
  "$VENV/bin/python" -m pip wheel -q --disable-pip-version-check --no-deps --no-build-isolation \
    -w "$CACHE/project" "$REPO" >/dev/null

  step "site sources and jupyter lite build"
  "$VENV/bin/python" "$REPO/scripts/site_build.py" --repo "$REPO" --cache "$CACHE" --out "$OUT" \
    --pyodide "$tgz" --wheels "$CACHE/wheels" --project-wheel "$CACHE/project" \
    --pins "${BROWSER_WHEELS[*]}"
  step "built: $OUT ($(du -sh "$OUT" | cut -f1), $(find "$OUT" -type f | wc -l) files)"
fi

if [ "$mode" = serve ] || [ "$mode" = serve-only ]; then
  [ -f "$OUT/index.html" ] || { echo "no site in $OUT: run bash scripts/site.sh first" >&2; exit 1; }
  exec "$PY" "$REPO/scripts/site_build.py" --serve "$OUT" --port "$PORT"
fi

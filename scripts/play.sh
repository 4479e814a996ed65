#!/usr/bin/env bash
# Install the package with JupyterLab (in its own virtual environment) and open the start notebook.
#   bash scripts/play.sh [extra jupyter lab options]
#   bash scripts/play.sh --dry-run      # say what it would do (venv, install or not, the command), do nothing
# The venv is .venv-play/ in the repository (BRADY_VENV=... for another place), made once with
# the python3 found first (PYTHON=... for another) and reused. The package is installed into it
# (editable, with its `play` extra) only when the venv is new or the package changed since the last
# install: a stamp in the venv holds the hash of pyproject.toml and of every file of brady_widgets/.
# As root (a container, a classroom server) JupyterLab is told it may run as root.
# The server's root is the repository (not notebooks/), so the notebooks' links to ../docs/*.md and
# ../README.md open; scripts/lab-settings/overrides.json makes Markdown open formatted (a preview).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

DRY=0
if [ "${1:-}" = "--dry-run" ]; then
  DRY=1
  shift
fi
VENV=${BRADY_VENV:-$PWD/.venv-play}
VPY="$VENV/bin/python"
STAMP="$VENV/brady-play.stamp"

# the hash of what an install depends on: pyproject.toml and the package's files (not caches)
package_hash() {
  {
    sha256sum pyproject.toml
    find brady_widgets -type f ! -path '*/__pycache__/*' ! -name '*.pyc' -print0 | LC_ALL=C sort -z |
      xargs -0 sha256sum
  } | sha256sum | cut -d' ' -f1
}

say() { echo "play.sh: $*"; }

if [ -x "$VPY" ]; then
  say "reusing the venv $VENV"
else
  BASE=${PYTHON:-$(command -v python3 || command -v python)}
  say "creating the venv $VENV with $BASE"
  [ "$DRY" = 1 ] || "$BASE" -m venv "$VENV"
fi

WANT=$(package_hash)
HAVE=$(cat "$STAMP" 2>/dev/null || true)
if [ "$WANT" = "$HAVE" ]; then
  say "the package is unchanged since the last install (stamp $WANT): no install"
else
  say "installing the package into the venv (stamp ${HAVE:-none} -> $WANT)"
  if [ "$DRY" = 0 ]; then
    "$VPY" -m pip install --progress-bar off -e ".[play]"
    echo "$WANT" >"$STAMP"
  fi
fi

if [ "$(id -u)" = 0 ]; then
  say "running as root: JupyterLab is started with --allow-root"
fi
# exec the command, or (--dry-run) say it
run() {
  if [ "$DRY" = 1 ]; then
    say "would run: $*"
    exit 0
  fi
  exec "$@"
}
# (--ServerApp.allow_root changes nothing for other users: JupyterLab refuses root without it)
run "$VPY" -m jupyterlab --ServerApp.allow_root=True --ServerApp.root_dir="$PWD" --LabApp.app_settings_dir="$PWD/scripts/lab-settings" \
  notebooks/00_start_here.ipynb "$@"

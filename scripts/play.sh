#!/usr/bin/env bash
# Install the package with JupyterLab and open the start notebook.
#   bash scripts/play.sh [extra jupyter lab options]
# The server's root is the repository (not notebooks/), so the notebooks' links to ../docs/*.md and
# ../README.md open; scripts/lab-settings/overrides.json makes Markdown open formatted (a preview).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=${PYTHON:-$(command -v python3 || command -v python)}
"$PY" -m pip install --progress-bar off -e ".[play]"
exec "$PY" -m jupyterlab --ServerApp.root_dir="$PWD" --LabApp.app_settings_dir="$PWD/scripts/lab-settings" \
  notebooks/00_start_here.ipynb "$@"

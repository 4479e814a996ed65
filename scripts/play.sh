#!/usr/bin/env bash
# Install the package with JupyterLab and open the start notebook.
#   bash scripts/play.sh [extra jupyter lab options]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=${PYTHON:-$(command -v python3 || command -v python)}
"$PY" -m pip install --progress-bar off -e ".[play]"
exec "$PY" -m jupyterlab notebooks/00_start_here.ipynb "$@"

#!/usr/bin/env bash
# Install the package with Voila and serve the games as app pages (no code on the page).
#   bash scripts/apps.sh [extra voila options]        # e.g. --Voila.ip=0.0.0.0 to serve a classroom
#   BRADY_APPS_PORT=9000 bash scripts/apps.sh         # another port than 8866
# Then open (see README, "Play"):
#   http://localhost:8866/voila/render/costume_party.ipynb           a student's game
#   http://localhost:8866/voila/render/costume_party_teacher.ipynb   the teacher's (reveal all, replay)
#   http://localhost:8866/voila/render/brady_bunch.ipynb             and brady_bunch_teacher.ipynb
# Add ?seed=123 to a page's address to deal a known game (otherwise each visit deals a new one).
# Voila's defaults already strip the sources and the stderr/tracebacks; they are spelled out here
# (tests/e2e/test_voila_browser.py starts Voila with the same options: VOILA_OPTIONS there).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=${PYTHON:-$(command -v python3 || command -v python)}
"$PY" -m pip install --progress-bar off -e ".[play]"
# the pages' template (share/jupyter/voila/templates/brady_apps): Voila's "lab" template centred, the
# game filling the width, and nothing loaded from another machine (lab links a CDN's icon font)
export JUPYTER_PATH="$PWD/share/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
exec "$PY" -m voila notebooks/app --port="${BRADY_APPS_PORT:-8866}" --no-browser \
  --template=brady_apps --strip_sources=True --show_tracebacks=False "$@"

#!/usr/bin/env bash
# THE test command (README): installs everything on a fresh Debian machine and
# runs every test -- the lint (ruff) and type (mypy) checks, JS unit tests and the
# bundle freshness check, then Python unit, conformance, widget, nbval (notebooks)
# and binder tests in one pytest run spread over the cores (pytest-xdist), then the
# browser tests in a second one. Fails on any failure, on "no tests collected", and
# on ANY skipped test (the browser tests in particular are never skipped).
#
#   bash scripts/test.sh                 # everything
#   BRADY_NO_INSTALL=1 bash scripts/test.sh   # skip the install steps (dev loop)
#   PYTHON=/path/to/python bash scripts/test.sh
#   BRADY_TEST_WORKERS=2 bash scripts/test.sh   # pytest-xdist workers (default auto; 0: none)
#   BRADY_BROWSER_WORKERS=0 bash scripts/test.sh   # the browser tests' workers (default 2; 0: none)
#
# Outputs (junit.xml and junit-browser.xml, one screenshot per browser test) go to test-output/
# (override with BRADY_TEST_OUTPUT).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO=$PWD
OUT=${BRADY_TEST_OUTPUT:-$REPO/test-output}
export BRADY_TEST_OUTPUT=$OUT
mkdir -p "$OUT"

T0=$(date +%s)
step() { printf '\n==> [%4ss] %s\n' "$(( $(date +%s) - T0 ))" "$*"; }
die() { printf '\nFAIL: %s\n' "$*" >&2; exit 1; }
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "root needed to run: $*"
  fi
}

# ------------------------------------------------------------------ python
PY=${PYTHON:-}
if [ -z "$PY" ]; then
  if command -v python3 >/dev/null; then PY=python3
  elif command -v python >/dev/null; then PY=python
  fi
fi
externally_managed() {
  "$PY" - <<'EOF'
import os, sys, sysconfig
managed = os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))
sys.exit(0 if managed and sys.prefix == sys.base_prefix else 1)
EOF
}

if [ -z "${BRADY_NO_INSTALL:-}" ]; then
  # ---------------------------------------------------------- system packages
  apt_pkgs=()
  command -v chromium >/dev/null || apt_pkgs+=(chromium)
  # the figures are emoji: without a color emoji font the screenshots show boxes
  fc-list 2>/dev/null | grep -qi "Noto Color Emoji" || apt_pkgs+=(fonts-noto-color-emoji)
  command -v git >/dev/null || apt_pkgs+=(git)
  if [ -f js/package.json ] && ! command -v npm >/dev/null; then apt_pkgs+=(nodejs npm); fi
  if [ -z "$PY" ]; then apt_pkgs+=(python3 python3-venv python3-pip); PY=python3
  elif externally_managed && ! "$PY" -m venv --help >/dev/null 2>&1; then apt_pkgs+=(python3-venv)
  fi
  if [ ${#apt_pkgs[@]} -gt 0 ]; then
    step "apt-get install ${apt_pkgs[*]}"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "${apt_pkgs[@]}"
  fi
  # Debian's own python refuses `pip install` (PEP 668): use a venv beside the repo.
  if externally_managed; then
    step "externally managed python: using the venv .venv-test"
    [ -x .venv-test/bin/python ] || "$PY" -m venv .venv-test
    PY=$REPO/.venv-test/bin/python
  fi
  step "pip install -e .[test]"
  "$PY" -m pip install --progress-bar off -e ".[test]"
elif [ -x .venv-test/bin/python ] && [ -z "${PYTHON:-}" ]; then
  PY=$REPO/.venv-test/bin/python
fi
[ -n "$PY" ] || die "no python found"
command -v chromium >/dev/null || die "Debian's chromium is missing (apt-get install -y chromium); browser tests are never skipped"
step "python: $("$PY" -c 'import sys; print(sys.executable, sys.version.split()[0])'); $(chromium --version 2>/dev/null || echo 'chromium ?')"

# ------------------------------------------------------------ lint and types
# settings in pyproject.toml ([tool.ruff], [tool.mypy]); both take seconds, so they go first
for tool in ruff mypy; do
  "$PY" -m "$tool" --version >/dev/null 2>&1 || die "$tool is missing: pip install -e '.[test]' (the test extra has it)"
done
step "ruff check (lint)"
"$PY" -m ruff check brady_widgets tests benchmarks scripts \
  || die "ruff check found problems (\`ruff check --fix\` mends the simple ones)"
step "ruff format --check"
"$PY" -m ruff format --check brady_widgets tests benchmarks scripts \
  || die "not formatted: run ruff format brady_widgets tests benchmarks scripts"
step "mypy (types of the files listed in [tool.mypy])"
"$PY" -m mypy || die "mypy found type errors"

# ---------------------------------------------------------------------- JS
if [ -f js/package.json ]; then
  command -v npm >/dev/null || die "npm is missing (apt-get install -y nodejs npm)"
  node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  [ "$node_major" -ge 20 ] || die "Node $(node --version 2>/dev/null) is too old: vitest and jsdom need Node >= 20 (Debian 12's nodejs is 18; install Node 20 from NodeSource, e.g. the nodejs 20.x deb)"
  if [ -z "${BRADY_NO_INSTALL:-}" ] || [ ! -d js/node_modules ]; then
    if [ -f js/package-lock.json ]; then
      step "npm ci"
      (cd js && npm ci --no-audit --no-fund)
    else step "npm install (no js/package-lock.json)"; (cd js && npm install --no-audit --no-fund)
    fi
  fi
  step "JS unit tests (npm test)"
  (cd js && npm test)
  step "bundle freshness: npm run build, then the committed bundles must be unchanged"
  snap=$(mktemp -d)
  cp -a brady_widgets/static/. "$snap/" 2>/dev/null || true
  (cd js && npm run build)
  if ! diff -r "$snap" brady_widgets/static >/dev/null; then
    diff -r "$snap" brady_widgets/static | head -20 || true
    rm -rf "$snap"
    die "brady_widgets/static was stale: 'npm run build' changed it (rebuilt now; commit the bundles)"
  fi
  rm -rf "$snap"
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git diff --exit-code --stat -- brady_widgets/static \
      || die "brady_widgets/static differs from the committed bundles: commit the rebuilt bundles"
    untracked=$(git ls-files --others --exclude-standard -- brady_widgets/static)
    [ -z "$untracked" ] || die "bundles not committed: $untracked"
  fi
else
  step "no js/package.json: no JS tests"
fi

# ------------------------------------------------------------------ pytest
# Two pytest runs: everything but the browser tests spread over the cores (pytest-xdist,
# BRADY_TEST_WORKERS workers, default "auto": one per core; 0 runs them in this process),
# then the browser tests (tests/e2e) on BRADY_BROWSER_WORKERS workers (default 2, whatever the
# cores: a browser test mostly waits -- for a kernel, a game clock, a bot's move --, and on a
# busy 2-core machine the 88 took 8.0 min on two workers against 11.3 min one at a time; 0 runs
# them one at a time in this process). Each worker has its own JupyterLab, chromium and temp
# folders (tests/e2e/conftest.py).
# "--dist loadfile" keeps each file on one worker: a notebook's cells share one kernel, a
# module's fixtures (the Binder venv, a Voila server, the site's browser profile) are built once.
# The browser files go out in the order tests/e2e/conftest.py gives them (the longest first:
# --no-loadscope-reorder, else pytest-xdist orders them by their number of tests).
"$PY" -c "import xdist" 2>/dev/null || die "pytest-xdist is missing: pip install -e '.[test]'"
workers=${BRADY_TEST_WORKERS:-auto}
targets=(tests)
nbval_args=()
shopt -s nullglob
notebooks=(notebooks/*.ipynb)
shopt -u nullglob
if [ ${#notebooks[@]} -gt 0 ]; then
  targets+=("${notebooks[@]}")
  nbval_args=(--nbval --nbval-current-env)
  for cfg in notebooks/nbval-sanitize.cfg notebooks/nbval_sanitize.cfg notebooks/sanitize.cfg; do
    if [ -f "$cfg" ]; then nbval_args+=(--nbval-sanitize-with "$cfg"); break; fi
  done
fi
junit=$OUT/junit.xml
junit_browser=$OUT/junit-browser.xml
rm -f "$junit" "$junit_browser"
step "pytest -n $workers ${targets[*]} ${nbval_args[*]} (all but the browser tests)"
set +e
"$PY" -m pytest -p no:cacheprovider -rs --durations=15 --junitxml="$junit" \
  -n "$workers" --dist loadfile --ignore=tests/e2e \
  "${targets[@]}" "${nbval_args[@]}" "$@"
rc=$?
set -e
browser_workers=${BRADY_BROWSER_WORKERS:-2}
step "pytest -n $browser_workers tests/e2e (the browser tests)"
set +e
"$PY" -m pytest -p no:cacheprovider -rs --durations=15 --junitxml="$junit_browser" \
  -n "$browser_workers" --dist loadfile --no-loadscope-reorder tests/e2e "$@"
rc_browser=$?
set -e
for run in "all but the browser tests:$rc" "the browser tests:$rc_browser"; do
  case ${run##*:} in
    0) ;;
    5) die "pytest collected no tests (exit 5): ${run%:*}" ;;
    *) die "pytest failed (exit ${run##*:}): ${run%:*}" ;;
  esac
done

# No skips, no xfails, both runs ran tests, and the browser tests really ran (in the second).
"$PY" - "$junit" "$junit_browser" <<'EOF'
import sys
import xml.etree.ElementTree as ET

runs = [list(ET.parse(path).getroot().iter("testcase")) for path in sys.argv[1:]]
cases = [c for run in runs for c in run]
skipped = [c for c in cases if c.find("skipped") is not None]
bad = [c for c in cases if c.find("failure") is not None or c.find("error") is not None]
is_browser = lambda c: ".e2e." in "." + c.get("classname", "") + "."
browser = [c for c in cases if is_browser(c)]
misplaced = [c for c in runs[0] if is_browser(c)] + [c for c in runs[1] if not is_browser(c)]
name = lambda c: f"{c.get('classname')}::{c.get('name')}"
print(f"{len(cases)} tests: {len(browser)} browser, {len(skipped)} skipped, {len(bad)} failed")
if skipped:
    for c in skipped:
        print(f"SKIPPED (not allowed): {name(c)}: {c.find('skipped').get('message')}")
if bad:
    for c in bad:
        print(f"FAILED: {name(c)}")
for c in misplaced:
    print(f"IN THE WRONG RUN: {name(c)}")
if not all(runs) or skipped or bad or not browser or misplaced:
    if not browser:
        print("no browser test ran")
    if not runs[0]:
        print("no test ran but the browser tests")
    sys.exit(1)
EOF
step "all tests passed (junit: $junit and $junit_browser, screenshots: $OUT/<test>/)"

#!/usr/bin/env bash
# THE test command (README): installs everything on a fresh Debian machine and
# runs every test -- the lint (ruff) and type (mypy) checks, JS unit tests and the
# bundle freshness check, then Python unit, conformance, widget, nbval
# (notebooks), binder and browser tests in one pytest run. Fails on any failure, on "no tests collected", and on ANY skipped
# test (the browser tests in particular are never skipped).
#
#   bash scripts/test.sh                 # everything
#   BRADY_NO_INSTALL=1 bash scripts/test.sh   # skip the install steps (dev loop)
#   PYTHON=/path/to/python bash scripts/test.sh
#
# Outputs (junit xml, one screenshot per browser test) go to test-output/
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
# enabled once the tree is formatted (one `ruff format brady_widgets tests benchmarks scripts`):
# step "ruff format --check"
# "$PY" -m ruff format --check brady_widgets tests benchmarks scripts \
#   || die "not formatted: run ruff format brady_widgets tests benchmarks scripts"
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
rm -f "$junit"
step "pytest ${targets[*]} ${nbval_args[*]}"
set +e
"$PY" -m pytest -p no:cacheprovider -rs --durations=15 --junitxml="$junit" \
  "${targets[@]}" "${nbval_args[@]}" "$@"
rc=$?
set -e
case $rc in
  0) ;;
  5) die "pytest collected no tests (exit 5)" ;;
  *) die "pytest failed (exit $rc)" ;;
esac

# No skips, no xfails, and the browser tests really ran.
"$PY" - "$junit" <<'EOF'
import sys
import xml.etree.ElementTree as ET

root = ET.parse(sys.argv[1]).getroot()
cases = list(root.iter("testcase"))
skipped = [c for c in cases if c.find("skipped") is not None]
bad = [c for c in cases if c.find("failure") is not None or c.find("error") is not None]
browser = [c for c in cases if ".e2e." in "." + c.get("classname", "") + "."]
name = lambda c: f"{c.get('classname')}::{c.get('name')}"
print(f"{len(cases)} tests: {len(browser)} browser, {len(skipped)} skipped, {len(bad)} failed")
if skipped:
    for c in skipped:
        print(f"SKIPPED (not allowed): {name(c)}: {c.find('skipped').get('message')}")
if bad:
    for c in bad:
        print(f"FAILED: {name(c)}")
if not cases or skipped or bad or not browser:
    if not browser:
        print("no browser test ran")
    sys.exit(1)
EOF
step "all tests passed (junit: $junit, screenshots: $OUT/<test>/)"

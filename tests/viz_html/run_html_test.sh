#!/usr/bin/env bash
# The HTML page in a real browser (headless Chromium): it loads with no
# console error and no network request, and a click on a node shows the
# node's details (name, id, line, saved fields). Fails when Chromium is not
# installed (scripts/setup --tests installs it): a skipped check passes nothing.
#
#   tests/viz_html/run_html_test.sh [BUILD_DIR]
#
# The page is the one test_viz writes for BACKSTEP_VIZ_HTML_OUT; a copy gets
# a probe script that records errors, clicks a node, zooms, and writes what
# it saw into the DOM, which Chromium's --dump-dom prints.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-${BACKSTEP_BUILD_DIR:-$root/build}}
here="$root/tests/viz_html"

chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  echo "viz_html: FAILED: chromium is not installed (scripts/setup --tests installs it)" >&2
  exit 1
fi
test_viz="$build/tests/unit/viz/test_viz"
if [ ! -x "$test_viz" ]; then
  echo "viz_html: $test_viz is not built (scripts/build --target test_viz)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! BACKSTEP_VIZ_HTML_OUT="$tmp/graph.html" "$test_viz" -tc="*HTML page*" >"$tmp/test_viz.log" 2>&1; then
  cat "$tmp/test_viz.log" >&2
  echo "viz_html: test_viz could not write the page" >&2
  exit 1
fi
python3 "$here/probe.py" inject "$tmp/graph.html" "$tmp/probe.html" || exit 1

# Every host unresolvable: a page that tried the network would log an error.
timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --disable-dev-shm-usage \
  --host-resolver-rules="MAP * ~NOTFOUND" --enable-logging=stderr --v=0 \
  --virtual-time-budget=3000 --window-size=1200,800 \
  --dump-dom "file://$tmp/probe.html" >"$tmp/dom.html" 2>"$tmp/chromium.log"
status=$?
if [ $status -ne 0 ]; then
  tail -20 "$tmp/chromium.log" >&2
  echo "viz_html: chromium failed (status $status)" >&2
  exit 1
fi
python3 "$here/probe.py" check "$tmp/dom.html" "$tmp/chromium.log" "$tmp/graph.html"

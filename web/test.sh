#!/usr/bin/env bash
# web/test.sh: build the page and test it in Debian's Chromium.
#
#   web/test.sh                 build, serve target/web on 127.0.0.1, run web/test/*.test.mjs
#   web/test.sh --regenerate    the same, writing the screenshots to web/test/golden/
#                               instead of comparing (look at every one before committing)
#
# It installs what it lacks: Debian's chromium (apt, about 435 MB with its dependencies),
# the npm package tablic (ffi-wasm/build.sh, which installs its own tools), and the page's
# tools pinned in web/package-lock.json (npm ci).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
NPM_PACKAGE=${TABLIC_NPM_DIR:-$ROOT/target/npm/tablic}

if [[ "${1:-}" == "--regenerate" ]]; then
    export TABLIC_WEB_REGENERATE=1
elif [[ $# -gt 0 ]]; then
    echo "usage: web/test.sh [--regenerate]" >&2
    exit 2
fi

if ! dpkg-query -W -f='${Status}' chromium 2>/dev/null | grep -q "ok installed"; then
    echo "test.sh: apt-get install chromium"
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=1200 update -qq
    apt-get -o DPkg::Lock::Timeout=1200 install -y -qq --no-install-recommends chromium >/dev/null
fi

"$ROOT/ffi-wasm/build.sh"
if ! (cd "$HERE" && npm ls --depth=0 >/dev/null 2>&1); then
    echo "test.sh: npm ci (esbuild, TypeScript, markdown-it, the font, playwright-core, pngjs, pixelmatch)"
    (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error)
fi
# The page imports the built package by its name, as a user of the package does.
ln -sfn "$NPM_PACKAGE" "$HERE/node_modules/tablic"
node "$HERE/build.mjs"
cd "$HERE/test"
node --test --test-concurrency=1 ./*.test.mjs

#!/usr/bin/env bash
# web/build.sh: build the page into target/web (or $TABLIC_WEB_DIR), a static site to serve
# with any static file server:
#
#   web/build.sh
#   python3 -m http.server --directory target/web 8000 --bind 127.0.0.1   # then open
#                                                # http://127.0.0.1:8000/
#
# It installs what it lacks: the npm package tablic (ffi-wasm/build.sh, which installs its
# own tools) and the page's tools pinned in web/package-lock.json (npm ci: esbuild,
# TypeScript, markdown-it, the font), then type-checks and bundles (web/build.mjs).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
NPM_PACKAGE=${TABLIC_NPM_DIR:-$ROOT/target/npm/tablic}

"$ROOT/ffi-wasm/build.sh"
if ! (cd "$HERE" && npm ls --depth=0 >/dev/null 2>&1); then
    echo "build.sh: npm ci (esbuild, TypeScript, markdown-it, the font, playwright-core, pngjs, pixelmatch)"
    (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error)
fi
# The page imports the built package by its name, as a user of the package does.
ln -sfn "$NPM_PACKAGE" "$HERE/node_modules/tablic"
node "$HERE/build.mjs"

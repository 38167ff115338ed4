#!/usr/bin/env bash
# web/test.sh: build the page and test it in Debian's Chromium.
#
#   web/test.sh                 build, serve target/web on 127.0.0.1, run web/test/*.test.mjs
#   web/test.sh --regenerate    the same, writing the screenshots to web/test/golden/
#                               instead of comparing (look at every one before committing)
#
# It installs what it lacks: Debian's chromium (apt, about 435 MB with its dependencies),
# then builds the page with web/build.sh (which installs the rest).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

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

"$HERE/build.sh"
cd "$HERE/test"
node --test --test-concurrency=1 ./*.test.mjs

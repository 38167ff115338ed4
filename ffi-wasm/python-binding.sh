#!/usr/bin/env bash
# ffi-wasm/python-binding.sh: prints the path of a Python that has the native engine's
# Python binding, the reference that tests/make-vectors.sh and bench.sh compare the
# package with: $TABLIC_PYTHON if set, else a virtual environment in the target directory
# with ffi-python installed from this tree (pip and maturin, on each call: quick once built).
set -euo pipefail
ROOT=$(dirname "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)")
if [[ -n ${TABLIC_PYTHON:-} ]]; then
    echo "$TABLIC_PYTHON"
    exit
fi
venv=${CARGO_TARGET_DIR:-$ROOT/target}/python-venv
[[ -x $venv/bin/python ]] || python3 -m venv "$venv" >&2
"$venv/bin/pip" install --quiet --disable-pip-version-check "$ROOT/ffi-python" >&2
echo "$venv/bin/python"

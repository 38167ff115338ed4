#!/usr/bin/env bash
# test-all.sh — THE single command that runs every test of tablic (CI runs it via .ci/run).
#
# Needs: a Debian machine as root, rustup stable on PATH, apt and crates.io reachable.
# Installs what it lacks itself (quick no-op when all is there).
#
# Steps:
#   setup        apt packages (Debian rustc + rust-src, arm-none-eabi binutils, QEMU) and
#                rustup components clippy, rustfmt
#   fmt          cargo fmt --check (workspace) + rustfmt --check (firmware)
#   clippy       cargo clippy --workspace --all-targets -D warnings
#   doc          cargo doc for the workspace with rustdoc warnings as errors (broken links)
#   docs         every relative link and #anchor in the Markdown resolves
#                (scripts/check_links.py), and tablic-core packages as crates.io would take it
#                (cargo package, its build verified)
#   test         cargo test --workspace (import-graph/tests/house.rs: no import circles in the
#                crates, the Python package and the page's TypeScript)
#   qemu         firmware/ (Cortex-M3, LM3S6965) under qemu-system-arm: exit code, and its
#                output equal to firmware/expected-output.txt (the host test agrees too)
#   header       include/tablic.h is exactly what cbindgen (pinned version) generates today
#   c-api        ffi-c/Makefile: the C tests under ASan + UBSan and under valgrind (no errors,
#                no leaks); an install to a fresh prefix (its tablic.pc, no debug info in the
#                libraries, libtablic.so's SONAME and links) and the C/C++ examples built from
#                it via pkg-config and via CMake's find_package (tablic::tablic and
#                tablic::tablic_static, -Werror; wrong versions refused), run without
#                LD_LIBRARY_PATH; the README's and the guides' whole C programs built from
#                such an install with -Werror and run (scripts/check_c_examples.sh)
#   handheld     ffi-c/handheld: a C firmware linking the no_std libtablic.a plays seeded games
#                on QEMU (Cortex-M3 and M4F), printing exactly what the host build prints;
#                no allocator from the library; flash, RAM and stack figures; the game's
#                board and screen, its levels' budgets, and a whole game played by keys on
#                both CPUs (screens, golden PNGs, the host's replay, mashed keys)
#                Its libraries are the no_std check too: tablic-core, with the solver and
#                without, built for thumbv7m-none-eabi and thumbv7em-none-eabihf by Debian's
#                rustc with -Z build-std=core (no std, no alloc to be had)
#   python       ffi-python/'s abi3 wheel built once (maturin build --release), installed into a
#                fresh virtual environment whose PATH has no cargo or rustc, then pytest
#                (warnings as errors; OpenSpiel's, PettingZoo's and Gymnasium's own tests of
#                tablic.openspiel, tablic.env, tablic.gym; the docs' Python blocks) and mypy
#                --strict on the package and tests; then the same wheel under CPython 3.10
#                (the abi3 floor), if the machine has it: imports and docstring examples
#   training     scripts/train-evaluation.sh --smoke and scripts/train-move-model.sh --smoke:
#                the learned evaluation's and the move model's pipelines (games, `tablic
#                dataset`, the numpy fit, the Rust weights) end to end on a few games, into
#                a temporary folder (the committed weights' own checks are cargo tests)
#   wasm         ffi-wasm/test.sh: the npm package built for WebAssembly (installing
#                wasm-bindgen-cli, about 6 minutes the first time, and npm's binaryen and
#                TypeScript), then its Node tests against the native engine's games
#   web          web/test.sh: the page where a person plays against the bots, built
#                (TypeScript strict, esbuild) and played in Debian's Chromium (installed by
#                apt if missing) through playwright-core: whole games by keys and clicks
#                checked against the engine, a bad record, mashed keys, golden screenshots
#   server       tablic-server's tests: whole matches of people and bots over real sockets
#                on 127.0.0.1, 1,000 games checked for hidden cards, hostile clients, 20
#                SIGKILLs in a match, a clock across a restart (docs/ONLINE.md)
#   fuzz         fuzz/ formatted and clippy-clean, then scripts/fuzz.sh 5:
#                every fuzz target 5 s under AddressSanitizer and every committed seed
#                replayed; installs cargo-fuzz (pinned) if missing (see docs/FUZZING.md)
#
# Usage: scripts/test-all.sh [STEP...]   (no argument: every step; else only those named)
#
# Ends with "test-all: N passed, 0 failed"; any failure exits non-zero after printing
# "test-all: FAILED at step <name>" on stderr.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Host builds use $ROOT/target; the Cortex-M builds their own dirs (the handheld's Makefile, firmware/).
HOST_TARGET_DIR="$ROOT/target"
FIRMWARE_DIR="$ROOT/firmware"
FIRMWARE_ELF="$FIRMWARE_DIR/target/thumbv7m-none-eabi/release/tablic-firmware"
APT_PACKAGES=(rustc-web cargo-web rust-web-src gcc-arm-none-eabi libnewlib-arm-none-eabi
    qemu-system-arm gcc g++ make pkg-config valgrind cmake)
# The tools installed from crates.io run for seconds: built unoptimized they compile in a
# fraction of the time (cbindgen: 28 s against 128 s here), and give the same output.
QUICK_TOOL_BUILD=(env CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_LTO=false
    CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16)
# include/tablic.h is generated by exactly this cbindgen (crates.io).
CBINDGEN_VERSION=0.29.2
CARGO_FUZZ_VERSION=0.13.2
# Debian's toolchain (1.96 + matching library source) for -Z build-std.
DEB_CARGO=/usr/bin/cargo
DEB_RUSTC=/usr/bin/rustc

passed=0
current=init

on_exit() {
    local rc=$?
    if [[ $rc -ne 0 ]]; then
        echo "test-all: FAILED at step $current" >&2
    fi
}
trap on_exit EXIT

run_step() {
    current=$1
    local start=$SECONDS
    echo "==> $1"
    "$2"
    echo "    $1 ok ($((SECONDS - start)) s)"
    passed=$((passed + 1))
}

# ---------------------------------------------------------------------------------------------

deb_installed() {
    [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

# Another apt/dpkg may be running (e.g. an install started by hand): wait for it.
wait_for_apt() {
    local waited=0
    command -v fuser >/dev/null || return 0
    while fuser /var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock \
        >/dev/null 2>&1; do
        if [[ $waited -eq 0 ]]; then echo "    waiting for another apt/dpkg to finish..."; fi
        if [[ $waited -ge 1200 ]]; then echo "    apt/dpkg still locked after ${waited} s" >&2; return 1; fi
        sleep 5
        waited=$((waited + 5))
    done
}

step_setup() {
    local missing=() p
    for p in "${APT_PACKAGES[@]}"; do deb_installed "$p" || missing+=("$p"); done
    if [[ ${#missing[@]} -gt 0 ]]; then
        wait_for_apt
        missing=()
        for p in "${APT_PACKAGES[@]}"; do deb_installed "$p" || missing+=("$p"); done
    fi
    if [[ ${#missing[@]} -gt 0 ]]; then
        echo "    apt-get install ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        local lock=(-o DPkg::Lock::Timeout=1200)
        apt-get "${lock[@]}" update -qq
        apt-get "${lock[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
    local c installed
    installed=$(rustup component list --installed 2>/dev/null || true)
    for c in clippy rustfmt; do
        grep -q "^$c" <<<"$installed" || rustup component add "$c"
    done
    if [[ "$(cbindgen --version 2>/dev/null)" != "cbindgen $CBINDGEN_VERSION" ]]; then
        echo "    cargo install cbindgen $CBINDGEN_VERSION"
        "${QUICK_TOOL_BUILD[@]}" cargo install --quiet --locked cbindgen --version "$CBINDGEN_VERSION"
    fi
    local tool
    for tool in "$DEB_CARGO" "$DEB_RUSTC" arm-none-eabi-ld qemu-system-arm cargo-clippy rustfmt \
        cbindgen cc c++ pkg-config valgrind cmake; do
        command -v "$tool" >/dev/null || { echo "    missing after setup: $tool" >&2; return 1; }
    done
}

step_fmt() {
    cargo fmt --all -- --check
    rustfmt --check --edition 2021 "$FIRMWARE_DIR/src/main.rs" "$FIRMWARE_DIR/build.rs"
}

step_clippy() {
    CARGO_TARGET_DIR="$HOST_TARGET_DIR" cargo clippy --workspace --all-targets -- -D warnings
}

step_doc() {
    CARGO_TARGET_DIR="$HOST_TARGET_DIR" RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps -q
}

step_docs() {
    python3 scripts/check_links.py
    # The check can fail: a page with a missing file and a missing heading is two broken links.
    local sample="$HOST_TARGET_DIR/docs-check/broken.md"
    mkdir -p "$(dirname "$sample")"
    printf '# Here\n\n[a](missing.md) [b](#nowhere) [c](#here) [d](../../README.md#tablic)\n' >"$sample"
    local found
    found=$(python3 scripts/check_links.py "$sample" || true)
    if [[ $(tail -n 1 <<<"$found") != "check_links: 1 files, 2 broken links" ]]; then
        echo "    check_links.py missed the broken links of $sample: $found" >&2
        return 1
    fi
    CARGO_TARGET_DIR="$HOST_TARGET_DIR" cargo package -p tablic-core --allow-dirty --quiet
}

step_test() {
    # A hung test must fail the run, not eat CI's 90 minutes.
    # The server's tests have a step of their own (a thousand games over sockets).
    CARGO_TARGET_DIR="$HOST_TARGET_DIR" timeout 1200 cargo test --workspace --exclude tablic-server
}

# Debian's cargo/rustc, nightly features via RUSTC_BOOTSTRAP, no host flags leaking in.
deb_cargo() {
    env -u RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS -u CARGO_TARGET_DIR \
        -u CARGO_BUILD_TARGET RUSTC="$DEB_RUSTC" RUSTC_BOOTSTRAP=1 "$DEB_CARGO" "$@"
}

step_qemu() {
    # firmware/.cargo/config.toml holds target, build-std, linker and rustc settings.
    (cd "$FIRMWARE_DIR" && deb_cargo build --release --target-dir "$FIRMWARE_DIR/target")
    local out rc=0
    out=$(timeout 60 qemu-system-arm -machine lm3s6965evb -cpu cortex-m3 -nographic \
        -semihosting-config enable=on,target=native -kernel "$FIRMWARE_ELF" </dev/null 2>&1) \
        || rc=$?
    printf '%s\n' "$out" | head -3 | sed 's/^/    qemu| /'
    if [[ $rc -ne 0 ]]; then echo "    qemu exited with $rc" >&2; return 1; fi
    # QEMU adds a "Timer with period zero" line on stderr; the rest must match exactly.
    if ! diff <(grep -v '^Timer with period zero' <<<"$out") "$FIRMWARE_DIR/expected-output.txt"; then
        echo "    the firmware's output differs from firmware/expected-output.txt" >&2
        return 1
    fi
}

step_header() {
    local generated
    generated=$(mktemp)
    cbindgen --quiet --config ffi-c/cbindgen.toml --crate tablic-ffi --output "$generated" ffi-c
    if ! diff -u include/tablic.h "$generated"; then
        rm -f "$generated"
        echo "    include/tablic.h is stale: regenerate it with the command in ffi-c/cbindgen.toml" >&2
        return 1
    fi
    rm -f "$generated"
}

step_c_api() {
    make --no-print-directory -C ffi-c test TARGET_DIR="$HOST_TARGET_DIR"
    scripts/check_c_examples.sh "$HOST_TARGET_DIR/c-examples"
}

step_handheld() {
    make --no-print-directory -C ffi-c/handheld check HOST_TARGET_DIR="$HOST_TARGET_DIR"
}

step_python() {
    local venv="$HOST_TARGET_DIR/python-venv" tools="$HOST_TARGET_DIR/python-tools"
    local wheels="$HOST_TARGET_DIR/wheels" floor="$HOST_TARGET_DIR/python-floor-venv"
    local pip_install=(install --quiet --disable-pip-version-check)
    # The wheel, built once (abi3: this one file serves every CPython from the floor up).
    if [[ ! -x "$tools/bin/maturin" ]]; then
        python3 -m venv --clear "$tools"
        "$tools/bin/pip" "${pip_install[@]}" "maturin>=1.9,<2"
    fi
    rm -rf "$wheels"
    (cd ffi-python && "$tools/bin/maturin" build --release --quiet --out "$wheels")
    local wheel=("$wheels"/tablic-*-abi3-*.whl)
    echo "    built ${wheel[0]##*/}"
    # Installed from the wheel into a fresh environment with no Rust on its PATH: the tests,
    # the docs' Python blocks (tests/test_docs.py) and mypy run from what a user installs.
    python3 -m venv --clear "$venv"
    "$venv/bin/pip" "${pip_install[@]}" "${wheel[0]}[test]"
    (
        cd ffi-python
        export PATH="$venv/bin"
        if ! python -c 'import shutil, sys; sys.exit(any(map(shutil.which, ["cargo", "rustc"])))'
        then
            echo "    cargo or rustc is on the test environment's PATH" >&2
            exit 1
        fi
        python -m pytest -q -p no:cacheprovider && mypy
    )
    # The abi3 floor, CPython 3.10: the same wheel installs and its examples run.
    local floor_python="" candidate
    for candidate in python3.10 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.10*/bin/python3.10; do
        if "$candidate" -c '' 2>/dev/null; then floor_python=$candidate; break; fi
    done
    if [[ -n $floor_python ]]; then
        "$floor_python" -m venv --clear "$floor"
        "$floor/bin/pip" "${pip_install[@]}" "${wheel[0]}[env]"
        (cd / && PATH="$floor/bin" "$floor/bin/python" -W error -c 'import doctest, sys
import tablic, tablic.encoding, tablic.env, tablic.gym, tablic.training
assert sys.version_info[:2] == (3, 10), sys.version
for module in [tablic, tablic.env, tablic.gym]:
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0, module
print("    CPython 3.10: tablic, tablic.env, tablic.gym import and their examples run")')
    else
        echo "    no python3.10 on this machine: the abi3 floor is not checked here"
    fi
}

step_training() {
    scripts/train-evaluation.sh --smoke
    scripts/train-move-model.sh --smoke
}

step_wasm() {
    bash ffi-wasm/test.sh
}

step_web() {
    wait_for_apt
    bash web/test.sh
}

step_server() {
    # Servers on 127.0.0.1 only; a hung socket fails its test after 20 s, the step at 15 min.
    # The test profile (the workspace's crates at opt-level 1) shares the test step's build.
    CARGO_TARGET_DIR="$HOST_TARGET_DIR" timeout 900 cargo test -p tablic-server
}

step_fuzz() {
    if [[ "$(cargo fuzz --version 2>/dev/null)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]]; then
        echo "    cargo install cargo-fuzz $CARGO_FUZZ_VERSION"
        "${QUICK_TOOL_BUILD[@]}" cargo install --quiet --locked cargo-fuzz \
            --version "$CARGO_FUZZ_VERSION"
    fi
    # fuzz/ is its own workspace (the sanitizer build wants RUSTC_BOOTSTRAP), so the
    # workspace's fmt and clippy steps do not see it.
    (cd fuzz && cargo fmt -- --check && RUSTC_BOOTSTRAP=1 cargo clippy --all-targets -- -D warnings)
    scripts/fuzz.sh 5
}

# ---------------------------------------------------------------------------------------------

STEPS=(setup:step_setup fmt:step_fmt clippy:step_clippy doc:step_doc docs:step_docs test:step_test
    qemu:step_qemu header:step_header
    c-api:step_c_api handheld:step_handheld python:step_python training:step_training
    wasm:step_wasm web:step_web server:step_server fuzz:step_fuzz)
for entry in "${STEPS[@]}"; do
    name=${entry%%:*}
    # With arguments, run only the named steps (setup always runs).
    if [[ $# -gt 0 && $name != setup && " $* " != *" $name "* ]]; then continue; fi
    run_step "$name" "${entry#*:}"
done

current=done
echo "test-all: $passed passed, 0 failed"

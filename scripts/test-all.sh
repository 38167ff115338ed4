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
#   test         cargo test --workspace
#   no_std-m3    tablic-core for thumbv7m-none-eabi   (Debian rustc, -Z build-std; no alloc)
#   no_std-m4f   tablic-core for thumbv7em-none-eabihf
#   qemu         firmware/ (Cortex-M3, LM3S6965) under qemu-system-arm: exit code, and its
#                output equal to firmware/expected-output.txt (the host test agrees too)
# Later (not yet implemented):
#   c-tests      C API tests built with -fsanitize=address,undefined
#   pytest       Python bindings tests
#   cbindgen     generated C header is up to date (cbindgen --verify)
#
# Usage: scripts/test-all.sh [STEP...]   (no argument: every step; else only those named)
#
# Ends with "test-all: N passed, 0 failed"; any failure exits non-zero after printing
# "test-all: FAILED at step <name>" on stderr.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Host builds use $ROOT/target; the Cortex-M builds their own dirs.
HOST_TARGET_DIR="$ROOT/target"
EMBEDDED_TARGET_DIR="$ROOT/target/embedded"
FIRMWARE_DIR="$ROOT/firmware"
FIRMWARE_ELF="$FIRMWARE_DIR/target/thumbv7m-none-eabi/release/tablic-firmware"
EMBEDDED_TARGETS=(thumbv7m-none-eabi thumbv7em-none-eabihf)
APT_PACKAGES=(rustc-web cargo-web rust-web-src gcc-arm-none-eabi libnewlib-arm-none-eabi
    qemu-system-arm)
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
    local tool
    for tool in "$DEB_CARGO" "$DEB_RUSTC" arm-none-eabi-ld qemu-system-arm cargo-clippy rustfmt; do
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

step_test() {
    # A hung test must fail the run, not eat CI's 90 minutes.
    CARGO_TARGET_DIR="$HOST_TARGET_DIR" timeout 1200 cargo test --workspace
}

# Debian's cargo/rustc, nightly features via RUSTC_BOOTSTRAP, no host flags leaking in.
deb_cargo() {
    env -u RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS -u CARGO_TARGET_DIR \
        -u CARGO_BUILD_TARGET RUSTC="$DEB_RUSTC" RUSTC_BOOTSTRAP=1 "$DEB_CARGO" "$@"
}

# The real no_std / no-alloc check: only `core` exists for these targets.
build_core_for() {
    deb_cargo build --release -p tablic-core --target "$1" --target-dir "$EMBEDDED_TARGET_DIR" \
        -Z build-std=core,compiler_builtins -Z build-std-features=compiler-builtins-mem
}
step_nostd_m3() { build_core_for thumbv7m-none-eabi; }
step_nostd_m4f() { build_core_for thumbv7em-none-eabihf; }

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

# ---------------------------------------------------------------------------------------------

STEPS=(setup:step_setup fmt:step_fmt clippy:step_clippy doc:step_doc test:step_test
    no_std-m3:step_nostd_m3 no_std-m4f:step_nostd_m4f qemu:step_qemu)
for entry in "${STEPS[@]}"; do
    name=${entry%%:*}
    # With arguments, run only the named steps (setup always runs).
    if [[ $# -gt 0 && $name != setup && " $* " != *" $name "* ]]; then continue; fi
    run_step "$name" "${entry#*:}"
done

current=done
echo "test-all: $passed passed, 0 failed"

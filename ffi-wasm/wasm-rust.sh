#!/usr/bin/env bash
# ffi-wasm/wasm-rust.sh: which Rust ffi-wasm/build.sh compiles the WebAssembly with, as one
# line: `rustup CARGO RUSTC` (the active rustup toolchain's cargo and rustc) where rustup's
# wasm32-unknown-unknown target is installed (`rustup target list --installed`), else
# `debian` (Debian's rustc-web with -Z build-std, installed by build.sh with apt, as root).
#
#   ffi-wasm/wasm-rust.sh
#
# Run from the repository, so that a rust-toolchain file or `rustup override` there counts.
set -euo pipefail

if command -v rustup >/dev/null 2>&1 &&
    installed=$(rustup target list --installed 2>/dev/null) &&
    grep -qx 'wasm32-unknown-unknown' <<<"$installed"; then
    echo "rustup $(rustup which cargo) $(rustup which rustc)"
else
    echo debian
fi

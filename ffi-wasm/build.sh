#!/usr/bin/env bash
# ffi-wasm/build.sh: build the npm package `tablic` (the engine as WebAssembly).
#
#   ffi-wasm/build.sh    the package in target/npm/tablic (or $TABLIC_NPM_DIR), and the
#                        same packed by `npm pack` beside it: target/npm/tablic-VERSION.tgz,
#                        for `npm install path/to/tablic-VERSION.tgz` in any project
#
# Which Rust compiles it (ffi-wasm/wasm-rust.sh decides, and the output says):
# - rustup's, where its wasm32-unknown-unknown target is installed (`rustup target add
#   wasm32-unknown-unknown`): no root, nothing from apt;
# - else Debian's: rustc-web with its library source and wasm-ld, installed with apt (as
#   root) when missing, building the standard library itself (-Z build-std).
# It also installs the wasm-bindgen CLI of the exact version in Cargo.lock (crates.io, into
# ~/.cargo/tablic-tools/wasm-bindgen-VERSION or $WASM_TOOLS; about 6 minutes the first time
# on a machine), and binaryen's
# wasm-opt and TypeScript (npm, into ffi-wasm/node_modules). Nothing it writes is tracked.
#
# The build: tablic-wasm for wasm32-unknown-unknown, wasm-bindgen --target web, then npm
# binaryen's wasm-opt -O3 (not Debian's binaryen 108, which breaks wasm-bindgen's externref
# table), then the hand-written entry points, package.json and README from ffi-wasm/npm.
# The types drop wasm-bindgen's loader (init, initSync and their input types): the entry
# points load the WebAssembly themselves, and those declarations are what needed the DOM
# library (RequestInfo, Response, BufferSource, the WebAssembly namespace).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
OUT=${TABLIC_NPM_DIR:-$ROOT/target/npm/tablic}
WASM_TARGET_DIR=${TABLIC_WASM_TARGET_DIR:-$ROOT/target/wasm}
APT_PACKAGES=(rustc-web cargo-web rust-web-src lld-22)
BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' \
    "$ROOT/Cargo.lock")
# Beside cargo's own tools, one folder per version: every checkout and clone on the machine
# shares the one build (six minutes), as they share cbindgen and cargo-fuzz in ~/.cargo/bin.
TOOLS=${WASM_TOOLS:-${CARGO_HOME:-$HOME/.cargo}/tablic-tools/wasm-bindgen-$BINDGEN_VERSION}
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' "$ROOT/Cargo.toml" | head -n 1)

read -r RUST CARGO RUSTC < <(cd "$ROOT" && "$HERE/wasm-rust.sh")
if [[ "$RUST" == rustup ]]; then
    echo "build.sh: Rust: rustup's $RUSTC (its wasm32-unknown-unknown target is installed)"
    BUILD_ENV=(RUSTC="$RUSTC")
    BUILD_ARGS=()
else
    echo "build.sh: Rust: Debian's /usr/bin/rustc with -Z build-std (rustup has no" \
        "wasm32-unknown-unknown target here: \`rustup target add wasm32-unknown-unknown\`" \
        "to use it instead)"
    missing=()
    for package in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" ||
            missing+=("$package")
    done
    if [[ ${#missing[@]} -gt 0 ]]; then
        echo "build.sh: apt-get install ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get -o DPkg::Lock::Timeout=1200 update -qq
        apt-get -o DPkg::Lock::Timeout=1200 install -y -qq --no-install-recommends \
            "${missing[@]}" >/dev/null
    fi
    CARGO=/usr/bin/cargo
    BUILD_ENV=(RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22)
    BUILD_ARGS=(-Z build-std=std,panic_abort)
fi

BINDGEN=$TOOLS/bin/wasm-bindgen
if [[ "$("$BINDGEN" --version 2>/dev/null)" != "wasm-bindgen $BINDGEN_VERSION" ]]; then
    echo "build.sh: cargo install wasm-bindgen-cli $BINDGEN_VERSION (about 6 minutes)"
    # Not --locked: its lock file wants a webpki-roots the index here lacks.
    cargo install --quiet wasm-bindgen-cli --version "$BINDGEN_VERSION" --root "$TOOLS"
fi

if [[ ! -x "$HERE/node_modules/.bin/wasm-opt" || ! -x "$HERE/node_modules/.bin/tsc" ||
    ! -f "$HERE/node_modules/@types/node/package.json" ]]; then
    echo "build.sh: npm ci (binaryen, typescript, @types/node)"
    (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error)
fi

echo "build.sh: cargo build tablic-wasm (wasm32-unknown-unknown)"
(cd "$ROOT" && env -u RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS \
    -u CARGO_BUILD_TARGET "${BUILD_ENV[@]}" \
    CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    "$CARGO" build --quiet --release -p tablic-wasm --target wasm32-unknown-unknown \
    --target-dir "$WASM_TARGET_DIR" "${BUILD_ARGS[@]}")

rm -rf "$OUT"
mkdir -p "$OUT"
"$BINDGEN" --target web --out-dir "$OUT" --out-name tablic_wasm \
    "$WASM_TARGET_DIR/wasm32-unknown-unknown/release/tablic_wasm.wasm"
"$HERE/node_modules/.bin/wasm-opt" -O3 "$OUT/tablic_wasm_bg.wasm" -o "$OUT/tablic_wasm_bg.wasm"
TYPES=$OUT/tablic_wasm.d.ts
LOADER=$(grep -n '^export type InitInput = ' "$TYPES" | cut -d: -f1) || {
    echo "build.sh: no loader declarations (export type InitInput) in $TYPES" >&2
    exit 1
}
head -n "$((LOADER - 1))" "$TYPES" >"$TYPES.new"
mv "$TYPES.new" "$TYPES"
cp "$HERE"/npm/*.js "$HERE"/npm/*.d.ts "$HERE/npm/README.md" "$OUT/"
sed "s/\"version\": \"[^\"]*\"/\"version\": \"$VERSION\"/" "$HERE/npm/package.json" \
    >"$OUT/package.json"
PACKS=$(dirname "$OUT")
rm -f "$PACKS"/tablic-*.tgz
TARBALL=$(cd "$PACKS" && npm pack --silent "$OUT")
echo "build.sh: $OUT"
echo "build.sh: $PACKS/$TARBALL (npm install $PACKS/$TARBALL)"

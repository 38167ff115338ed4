#!/usr/bin/env bash
# ffi-wasm/build.sh: build the npm package `tablic` (the engine as WebAssembly).
#
#   ffi-wasm/build.sh            the package in target/npm/tablic (or $TABLIC_NPM_DIR)
#
# It installs what it lacks: Debian's Rust with its library source and wasm-ld (apt), the
# wasm-bindgen CLI of the exact version in Cargo.lock (crates.io, into target/wasm-tools or
# $WASM_TOOLS; about 6 minutes the first time), and binaryen's wasm-opt and TypeScript
# (npm, into ffi-wasm/node_modules). Nothing it writes is tracked by git.
#
# The build: tablic-wasm for wasm32-unknown-unknown with Debian's rustc and -Z build-std
# (the rustup toolchains here have no rust-src), wasm-bindgen --target web, then npm
# binaryen's wasm-opt -O3 (not Debian's binaryen 108, which breaks wasm-bindgen's externref
# table), then the hand-written entry points, package.json and README from ffi-wasm/npm.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
OUT=${TABLIC_NPM_DIR:-$ROOT/target/npm/tablic}
TOOLS=${WASM_TOOLS:-$ROOT/target/wasm-tools}
WASM_TARGET_DIR=${TABLIC_WASM_TARGET_DIR:-$ROOT/target/wasm}
APT_PACKAGES=(rustc-web cargo-web rust-web-src lld-22)
BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' \
    "$ROOT/Cargo.lock")
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' "$ROOT/Cargo.toml" | head -n 1)

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

BINDGEN=$TOOLS/bin/wasm-bindgen
if [[ "$("$BINDGEN" --version 2>/dev/null)" != "wasm-bindgen $BINDGEN_VERSION" ]]; then
    echo "build.sh: cargo install wasm-bindgen-cli $BINDGEN_VERSION (about 6 minutes)"
    # Not --locked: its lock file wants a webpki-roots the index here lacks.
    cargo install --quiet wasm-bindgen-cli --version "$BINDGEN_VERSION" --root "$TOOLS"
fi

if [[ ! -x "$HERE/node_modules/.bin/wasm-opt" || ! -x "$HERE/node_modules/.bin/tsc" ]]; then
    echo "build.sh: npm ci (binaryen, typescript)"
    (cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error)
fi

echo "build.sh: cargo build tablic-wasm (wasm32-unknown-unknown)"
(cd "$ROOT" && env -u RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS \
    -u CARGO_BUILD_TARGET RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22 \
    CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    /usr/bin/cargo build --quiet --release -p tablic-wasm --target wasm32-unknown-unknown \
    --target-dir "$WASM_TARGET_DIR" -Z build-std=std,panic_abort)

rm -rf "$OUT"
mkdir -p "$OUT"
"$BINDGEN" --target web --out-dir "$OUT" --out-name tablic_wasm \
    "$WASM_TARGET_DIR/wasm32-unknown-unknown/release/tablic_wasm.wasm"
"$HERE/node_modules/.bin/wasm-opt" -O3 "$OUT/tablic_wasm_bg.wasm" -o "$OUT/tablic_wasm_bg.wasm"
cp "$HERE"/npm/*.js "$HERE"/npm/*.d.ts "$HERE/npm/README.md" "$OUT/"
sed "s/\"version\": \"[^\"]*\"/\"version\": \"$VERSION\"/" "$HERE/npm/package.json" \
    >"$OUT/package.json"
echo "build.sh: $OUT"

#!/usr/bin/env bash
# check_install.sh: `make install` checked as a user meets it.
#
# Installs to one prefix, then to a fresh one, and deletes the first, so nothing left by
# the first install (a cached tablic.pc naming it) can pass. Then checks the second:
# - tablic.pc names its prefix;
# - libtablic.a and libtablic.so carry no debug info and no LLVM bitcode;
# - the examples, built through pkg-config (ffi-c/examples/Makefile), run with
#   LD_LIBRARY_PATH unset: play and play-cpp find the installed libtablic.so by the rpath,
#   play-static needs no libtablic.so and plays the same game.
# It prints the sizes of the installed libraries and of the linked programs (BENCHMARKS.md).
#
# Usage: check_install.sh DIR     (a scratch directory; `make -C ffi-c test` gives one)
set -euo pipefail

ffi_c=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=${1:?usage: check_install.sh DIR}
first=$scratch/first
prefix=$scratch/prefix
examples=$scratch/examples

fail() {
    echo "check_install: $*" >&2
    exit 1
}

rm -rf "$scratch"
make --no-print-directory -C "$ffi_c" install PREFIX="$first"
make --no-print-directory -C "$ffi_c" install PREFIX="$prefix"
rm -rf "$first"

pc=$prefix/lib/pkgconfig/tablic.pc
grep -qx "prefix=$prefix" "$pc" || fail "$pc names $(grep '^prefix=' "$pc"), not prefix=$prefix"

# (Outputs are read whole: `grep -q` stopping a pipe early would fail it under pipefail.)
for library in "$prefix"/lib/libtablic.a "$prefix"/lib/libtablic.so; do
    sections=$(readelf -S --wide "$library")
    if grep -q -e '\.debug_' -e '\.llvmbc' <<<"$sections"; then
        fail "$library carries debug info or LLVM bitcode"
    fi
done

unset LD_LIBRARY_PATH
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
make --no-print-directory -C "$ffi_c/examples" OUT="$examples" all

for program in play play-cpp; do
    loaded=$(ldd "$examples/$program")
    grep -q "libtablic.so => $prefix/lib/libtablic.so " <<<"$loaded" ||
        fail "$program does not load $prefix/lib/libtablic.so: $loaded"
done
needed=$(readelf -d "$examples/play-static")
if grep -q 'NEEDED.*libtablic' <<<"$needed"; then
    fail "play-static needs libtablic.so"
fi

"$examples/play" greedy minimax 7 >"$examples/play.out"
"$examples/play-static" greedy minimax 7 >"$examples/play-static.out"
cmp "$examples/play.out" "$examples/play-static.out" || fail "play and play-static differ"
tail -n 4 "$examples/play.out"
"$examples/play-cpp"

echo "check_install: installed and used from $prefix; sizes in bytes:"
stat --format '  %s %n' "$prefix"/lib/libtablic.a "$prefix"/lib/libtablic.so \
    "$examples"/play "$examples"/play-static

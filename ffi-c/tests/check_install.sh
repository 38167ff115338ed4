#!/usr/bin/env bash
# check_install.sh: `make install` checked as a user meets it.
#
# Installs to one prefix, then to a fresh one, and deletes the first, so nothing left by
# the first install (a cached tablic.pc naming it) can pass. Then checks the second:
# - tablic.pc names its prefix;
# - libtablic.a and libtablic.so carry no debug info and no LLVM bitcode;
# - libtablic.so has the SONAME libtablic.so.0.1 (0.x: major.minor), installed as
#   libtablic.so.VERSION with the links libtablic.so.0.1 and libtablic.so;
# - the examples, built through pkg-config (ffi-c/examples/Makefile), run with
#   LD_LIBRARY_PATH unset: play and play-cpp find the installed libtablic.so by the rpath,
#   play-static needs no libtablic.so and plays the same game;
# - the CMake project tests/cmake, configured with find_package(tablic 0.1) against the
#   prefix and built with -Werror, links tablic::tablic (by its SONAME, run by the rpath)
#   and tablic::tablic_static and plays the same game; find_package refuses 1.0, 0.2 and 0.0.
# It prints the sizes of the installed libraries and of the linked programs (BENCHMARKS.md).
#
# Usage: check_install.sh DIR     (a scratch directory; `make -C ffi-c test` gives one)
set -euo pipefail

ffi_c=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=${1:?usage: check_install.sh DIR}
first=$scratch/first
prefix=$scratch/prefix
examples=$scratch/examples
cmake_build=$scratch/cmake
version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$ffi_c/../Cargo.toml" | head -n 1)
soname=libtablic.so.${version%.*}

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
lib=$prefix/lib
[[ $(readlink "$lib/libtablic.so") == "$soname" && $(readlink "$lib/$soname") == "libtablic.so.$version" ]] ||
    fail "$lib: libtablic.so -> $(readlink "$lib/libtablic.so"), $soname -> $(readlink "$lib/$soname")"
dynamic=$(readelf -d "$lib/libtablic.so.$version")
grep -q "Library soname: \[$soname\]" <<<"$dynamic" || fail "libtablic.so.$version: SONAME is not $soname"

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
    grep -q "$soname => $prefix/lib/$soname " <<<"$loaded" ||
        fail "$program does not load $prefix/lib/$soname: $loaded"
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

# CMake, as a user's project finds the install. (cmake prints the command on failure.)
unset PKG_CONFIG_PATH
configure() { cmake -S "$ffi_c/tests/cmake" -B "$cmake_build" -DCMAKE_PREFIX_PATH="$prefix" "$@"; }
configure -DTABLIC_WANTED=0.1 >"$scratch/cmake.log" || { cat "$scratch/cmake.log"; fail "CMake did not find tablic 0.1"; }
cmake --build "$cmake_build" >>"$scratch/cmake.log" || { cat "$scratch/cmake.log"; fail "the CMake build failed"; }
needed=$(readelf -d "$cmake_build/play-shared")
grep -q "NEEDED.*\[$soname\]" <<<"$needed" || fail "play-shared (CMake) does not need $soname"
grep -q "R.*PATH.*\[$(realpath "$prefix/lib")\]" <<<"$needed" ||
    fail "play-shared (CMake) has no rpath to $prefix/lib"
if grep -q 'NEEDED.*libtablic' <<<"$(readelf -d "$cmake_build/play-static")"; then
    fail "play-static (CMake) needs libtablic.so"
fi
for program in play-shared play-static; do
    "$cmake_build/$program" greedy minimax 7 >"$cmake_build/$program.out"
    cmp "$examples/play.out" "$cmake_build/$program.out" || fail "$program (CMake) plays another game"
done
for wanted in 1.0 0.2 0.0; do
    rm -rf "$cmake_build"
    if configure -DTABLIC_WANTED=$wanted >"$scratch/cmake.log" 2>&1; then
        fail "find_package(tablic $wanted) accepted tablic $version"
    fi
    grep -q "tablicConfig.cmake, version: $version" "$scratch/cmake.log" ||
        fail "find_package(tablic $wanted) failed for another reason: $(cat "$scratch/cmake.log")"
done
echo "check_install: CMake found tablic $version (refusing 1.0, 0.2 and 0.0), linked it both ways"

echo "check_install: installed and used from $prefix; sizes in bytes:"
stat --format '  %s %n' "$prefix"/lib/libtablic.a "$prefix/lib/libtablic.so.$version" \
    "$examples"/play "$examples"/play-static

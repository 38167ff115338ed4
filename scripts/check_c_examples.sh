#!/usr/bin/env bash
# check_c_examples.sh: every whole C program in the README and the guides builds and runs as
# a reader would build it: `make install` to a fresh prefix, then `cc` with pkg-config, with
# -Wall -Wextra -Werror, run without LD_LIBRARY_PATH.
#
# A whole program is a ```c block that defines `main`; the other blocks are fragments.
#
# Usage: scripts/check_c_examples.sh DIR     (a scratch directory, emptied first)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=${1:?usage: check_c_examples.sh DIR}
rm -rf "$scratch"
mkdir -p "$scratch/programs"

make --no-print-directory -C "$root/ffi-c" install PREFIX="$scratch/prefix" >/dev/null
export PKG_CONFIG_PATH=$scratch/prefix/lib/pkgconfig

# One file per program, named after the page and its place there.
python3 - "$root" "$scratch/programs" <<'EOF'
import re, sys
from pathlib import Path
root, out = Path(sys.argv[1]), Path(sys.argv[2])
for page in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
    blocks = re.findall(r"^```c\n(.*?)^```$", page.read_text(encoding="utf-8"), re.M | re.S)
    for number, block in enumerate(blocks, 1):
        if re.search(r"^int main\(", block, re.M):
            (out / f"{page.stem.lower()}-{number}.c").write_text(block, encoding="utf-8")
EOF

count=0
for program in "$scratch"/programs/*.c; do
    [[ -e $program ]] || continue
    binary=${program%.c}
    # shellcheck disable=SC2046
    cc -std=c11 -Wall -Wextra -Werror "$program" $(pkg-config --cflags --libs tablic) -o "$binary"
    if ! output=$(env -u LD_LIBRARY_PATH "$binary"); then
        echo "check_c_examples: $(basename "$program") failed" >&2
        exit 1
    fi
    echo "    $(basename "$program"): $output"
    count=$((count + 1))
done
if [[ $count -eq 0 ]]; then
    echo "check_c_examples: no whole C program in the README or docs/" >&2
    exit 1
fi
echo "    check_c_examples: $count programs built and run"

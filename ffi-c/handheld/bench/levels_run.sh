#!/usr/bin/env bash
# levels_run.sh: runs the level bench (levels_bench.c) under QEMU for every level, with two
# players and with four in pairs, and summarises (levels_summary.py). Exits non-zero when a
# run fails: a decision over its budget, an error, a fault, a stack overflow.
#
#   levels_run.sh ELF CPU FIRST_SEED GAMES OUTPUT_DIR
#
# CPU is cortex-m3 or cortex-m4 (the M4F build), both on QEMU's lm3s6965evb. QEMU runs with
# `-icount shift=0`: one instruction a nanosecond of its virtual clock, which SysTick counts.
# The opponent is OPPONENT (default minimax:depth=2,nodes=1000, level 2: it does not always
# play the greedy move, so the searching levels' worlds are weighed as against a person);
# LEVELS lists the levels to run (default: every level).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ELF=$1 CPU=$2 FIRST_SEED=$3 GAMES=$4 OUT=$5
OPPONENT=${OPPONENT:-minimax:depth=2,nodes=1000}
LEVELS=${LEVELS:-$(seq 1 "$(awk '/#define HANDHELD_LEVEL_COUNT/ { print $3 }' "$HERE/../game/levels.h")")}
mkdir -p "$OUT"

status=0
for level in $LEVELS; do
    for players in 2 4; do
        log=$OUT/level$level-players$players-$CPU.txt
        if ! timeout 3600 qemu-system-arm -machine lm3s6965evb -cpu "$CPU" -icount shift=0 \
            -display none -serial null -monitor none \
            -semihosting-config enable=on,target=native -kernel "$ELF" \
            -append "$level $players $FIRST_SEED $GAMES $OPPONENT" >"$log" 2>&1 </dev/null; then
            echo "levels: FAIL: level $level, $players players on $CPU (see $log):" >&2
            grep -E '^# (FAIL|over budget|error)|HardFault' "$log" >&2 || tail -n 3 "$log" >&2
            status=1
        fi
    done
done
python3 "$HERE/levels_summary.py" "$OUT"/level*-"$CPU".txt
exit $status

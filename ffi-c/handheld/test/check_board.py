#!/usr/bin/env python3
"""check_board.py: the game's board and screen tested on QEMU's lm3s6965evb and on the host
(`make board-check`). Drives test/board_check.c's firmware (its protocol is described there):

- Cortex-M3 under -icount shift=0 (instruction counts) and Cortex-M4F (the M4F build of the
  same sources) in real time: every frame the firmware reports (`# frame N HASH`) is what
  QEMU's screendump shows; every key pressed is echoed once, in order, the five buttons'
  first presses (QEMU's boot trap) included; 20 keys pressed while the firmware is busy give
  the first 16 in order and 4 counted as dropped; a 300 ms wait for a key returns without one
  between 300 and 300 + 84 ms (SysTick's wake-ups, + 100 ms for
  the host's scheduling) later; the firmware waiting for a key
  leaves QEMU idle (its CPU time), which the busy period shows the measure can see;
  `-append seed=N` is the seed; QEMU reports no error (the OLED model names unknown commands).
- The host build: keys from a recording give the same echo and the same frame hashes as the
  board, board_key_waiting says true while keys are left and false when none are, the PNG frames it writes are QEMU's pictures, the end of the recording ends the run
  with status 0, and a bad recording is refused with status 2.

Writes the sheets' pictures (QEMU's) and the host's frames under --build. Exits 1 on any
failure, printing each.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from qemu_board import (BoardError, QemuBoard, read_png, screen_hash,  # noqa: E402
                        write_png)

SEED = 18446744073709551557  # the largest prime below 2^64: every digit of a 64-bit seed
# The echo phase: the first key shows the cards' sheet; each button's first press is QEMU's
# boot trap (only its release makes an edge), the second a normal press.
ECHO_KEYS = ["select", "up", "down", "left", "right", "up", "down", "left", "right", "select"]
HOST_QUEUED_KEYS = ["left", "select", "up"]  # the host's recording after the echo phase
BUSY_KEYS = (["up", "down", "left", "right", "select"] * 4)[:20]
QUEUE = 16  # BOARD_KEY_QUEUE
# Presses pending together are taken in the NVIC's order (port E before F, then pin order),
# not the order they came in: the gap lets the guest take each before the next comes, even
# on a loaded machine. A person presses far slower.
PRESS_GAP_SECONDS = 0.02
WAIT_MS, WAKE_MS = 300, 84  # board_check.c's wait; SysTick wraps every 2^24 * 5 ns
LATE_MS = 100  # the host's scheduling (under -icount a sleeping guest's clock runs in real time)
IDLE_SECONDS, IDLE_CPU_LIMIT = 1.0, 0.15
# The busy period shows the measure sees work, even on a loaded machine.
BUSY_CPU_LEAST = 0.10

failures = []


def fail(message):
    print(f"check_board: FAIL: {message}", file=sys.stderr)
    failures.append(message)


def expect(condition, message):
    if not condition:
        fail(message)
    return condition


def frame_checked(board, label, expected_number, pictures):
    """The next frame, checked against QEMU's screen by board.frame(), and its cost line:
    (hash, draw instructions, show instructions)."""
    number, pixels = board.frame()
    cost = board.wait_for(r"^# cost draw (\d+) show (\d+)$")
    expect(number == expected_number, f"{label}: frame {number}, want {expected_number}")
    pictures[number] = pixels
    return f"{screen_hash(pixels):08x}", int(cost.group(1)), int(cost.group(2))


def run_board(elf, cpu, icount, build, label):
    """One boot of the check firmware; returns its transcript facts for the host comparison."""
    facts = {"pictures": {}}
    started = time.monotonic()
    with QemuBoard(elf, cpu=cpu, icount=icount, append=f"seed={SEED}") as board:
        seed = int(board.wait_for(r"^seed (\d+)$").group(1))
        expect(seed == SEED, f"{label}: seed {seed}, want {SEED} (-append seed=...)")
        frames = [frame_checked(board, label, 1, facts["pictures"])]
        board.wait_for(r"^ready$")
        for key in ECHO_KEYS:
            board.press(key)
            echoed = board.wait_for(r"^key (\w+)$").group(1)
            expect(echoed == key, f"{label}: pressed {key}, the firmware took {echoed}")
            frames.append(frame_checked(board, label, len(frames) + 1, facts["pictures"]))
        facts["hashes"] = [frame_hash for frame_hash, _, _ in frames]
        costs = [(draw, show) for _, draw, show in frames]
        for name, frame in (("fonts", 1), ("cards", 2)):
            write_png(os.path.join(build, f"{label}-{name}.png"), facts["pictures"][frame])

        # Keys while busy: queued in order up to the queue's size, the rest counted.
        board.wait_for(r"^busy \d+$")
        cpu_before, busy_start = board.cpu_seconds(), time.monotonic()
        for key in BUSY_KEYS:
            board.press(key)
            time.sleep(PRESS_GAP_SECONDS)
        if not expect(not any(line == "busy done" for line in board.lines()),
                      f"{label}: the busy period ended before the test had pressed "
                      f"{len(BUSY_KEYS)} keys (the machine too slow for board_check.c's BUSY_MS?)"):
            return facts
        board.wait_for(r"^busy done$")
        busy_cpu = (board.cpu_seconds() - cpu_before) / (time.monotonic() - busy_start)
        queued = []
        while True:
            match = board.wait_for(r"^(queued (\w+)|dropped (\d+))$")
            if match.group(3) is not None:
                dropped = int(match.group(3))
                break
            queued.append(match.group(2))
        expect(queued == BUSY_KEYS[:QUEUE], f"{label}: keys pressed while busy came out as "
                                            f"{queued}, want {BUSY_KEYS[:QUEUE]}")
        expect(dropped == len(BUSY_KEYS) - QUEUE,
               f"{label}: {dropped} keys dropped, want {len(BUSY_KEYS) - QUEUE}")

        # A timed wait with no key.
        match = board.wait_for(r"^waited (\d+) ms key (\d)$")
        waited, key = int(match.group(1)), int(match.group(2))
        expect(key == 0 and WAIT_MS <= waited <= WAIT_MS + WAKE_MS + LATE_MS,
               f"{label}: board_key_waiting({WAIT_MS}) took {waited} ms and said {key}")

        # Asleep while waiting for a key: QEMU's CPU time stays near zero.
        board.wait_for(r"^idle$")
        cpu_before = board.cpu_seconds()
        time.sleep(IDLE_SECONDS)
        idle_cpu = (board.cpu_seconds() - cpu_before) / IDLE_SECONDS
        expect(idle_cpu <= IDLE_CPU_LIMIT, f"{label}: QEMU used {idle_cpu:.0%} of a CPU while "
                                           f"the firmware waited for a key (it should sleep)")
        expect(busy_cpu >= BUSY_CPU_LEAST and busy_cpu >= 4 * idle_cpu,
               f"{label}: QEMU used {busy_cpu:.0%} of a CPU busy and {idle_cpu:.0%} idle: the "
               f"measure cannot tell them apart")
        board.press("select")
        expect(board.wait_for(r"^key (\w+)$").group(1) == "select",
               f"{label}: the key ending the idle wait was not select")
        board.wait_for(r"^done$")
        status = board.wait_exit()
        expect(status == 0, f"{label}: exit status {status}")
        complaints = [line for line in board.stderr().splitlines() if "error" in line.lower()]
        expect(not complaints, f"{label}: QEMU complained: {complaints}")
    print(f"check_board: {label}: {len(facts['hashes'])} frames as QEMU shows them, "
          f"{len(ECHO_KEYS)} keys echoed, {len(queued)} queued while busy and {dropped} dropped, "
          f"a {WAIT_MS} ms wait took {waited} ms, CPU {idle_cpu:.0%} idle and {busy_cpu:.0%} "
          f"busy ({time.monotonic() - started:.1f} s)")
    if icount:
        print(f"check_board: {label}: instructions to draw + show (send, hash, report) a frame: "
              f"fonts sheet {costs[0][0]} + {costs[0][1]}, cards sheet {costs[1][0]} + "
              f"{costs[1][1]}, a key's name {costs[2][0]} + {costs[2][1]}")
    return facts


def run_host(binary, build, board_facts):
    """The host board: the same echo and frames as the board, from a recording."""
    directory = os.path.join(build, "board-host")
    frames = os.path.join(directory, "frames")
    shutil.rmtree(frames, ignore_errors=True)
    os.makedirs(frames)
    keys = os.path.join(directory, "keys.txt")
    with open(keys, "w") as out:
        out.write("# board_check's echo phase\n" + "\n".join(ECHO_KEYS) + "\n\n"
                  + "# queued\n" + "\n".join(HOST_QUEUED_KEYS) + "\n")

    def host(keys_path, frames_directory=None):
        environment = dict(os.environ, HANDHELD_KEYS=keys_path, HANDHELD_SEED=str(SEED))
        if frames_directory:
            environment["HANDHELD_FRAMES"] = frames_directory
        return subprocess.run([binary], env=environment, capture_output=True, text=True,
                              timeout=60)

    result = host(keys, frames)
    lines = result.stdout.splitlines()
    expect(result.returncode == 0, f"host: exit status {result.returncode}: {result.stderr}")
    expect(f"seed {SEED}" in lines, f"host: no `seed {SEED}` line")
    echoed = [line.split()[1] for line in lines if line.startswith("key ")]
    expect(echoed == ECHO_KEYS, f"host: echoed {echoed}, want {ECHO_KEYS}")
    queued = [line.split()[1] for line in lines if line.startswith("queued ")]
    expect(queued == HOST_QUEUED_KEYS and lines[-2:] == ["dropped 0", "done"],
           f"host: board_key_waiting gave {queued} then {lines[-2:]}, want {HOST_QUEUED_KEYS} "
           f"then dropped 0, done")
    hashes = [line.split()[3] for line in lines if line.startswith("# frame ")]
    expect(hashes == board_facts["hashes"], f"host frames {hashes} differ from the board's "
                                            f"{board_facts['hashes']}")
    for number, pixels in board_facts["pictures"].items():
        path = os.path.join(frames, f"frame-{number:04d}.png")
        expect(read_png(path) == pixels, f"host: {path} is not QEMU's frame {number}")

    short = os.path.join(directory, "keys-short.txt")
    with open(short, "w") as out:
        out.write("select\nup  # two keys of ten\n")
    result = host(short)
    expect(result.returncode == 0 and result.stdout.splitlines()[-1] == "# end of keys",
           f"host: a short recording gave status {result.returncode}, last line "
           f"{result.stdout.splitlines()[-1:]}")
    bad = os.path.join(directory, "keys-bad.txt")
    with open(bad, "w") as out:
        out.write("select\n\nupp\n")
    result = host(bad)
    expect(result.returncode == 2 and f"{bad}:3: unknown key 'upp'" in result.stderr,
           f"host: a bad recording gave status {result.returncode}: {result.stderr.strip()}")
    print(f"check_board: host: the same {len(hashes)} frames and {len(echoed)} keys as the "
          f"board, its PNG frames QEMU's pictures, {len(queued)} keys waiting then none; a short "
          f"recording ends with status 0, a bad one is refused with 2")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", required=True, help="the handheld's build directory ($(BUILD))")
    arguments = parser.parse_args()
    build = arguments.build
    try:
        m3 = run_board(os.path.join(build, "board-m3", "board_check.elf"), "cortex-m3", True,
                       os.path.join(build, "board-m3"), "qemu-m3")
        m4f = run_board(os.path.join(build, "board-m4f", "board_check.elf"), "cortex-m4", False,
                        os.path.join(build, "board-m4f"), "qemu-m4f")
        expect(m3["hashes"] == m4f["hashes"], "Cortex-M3 and M4F frames differ")
        run_host(os.path.join(build, "board-host", "board_check"), build, m3)
    except (BoardError, OSError, subprocess.SubprocessError) as error:
        fail(str(error))
    print(f"check_board: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

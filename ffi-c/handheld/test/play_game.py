"""Plays the handheld game in QEMU by pressing its keys, and checks what a person would see.

    python3 play_game.py --m3 GAME_M3.elf --m4f GAME_M4F.elf --host GAME_HOST
        --crowded CROWDED_TABLE --out DIR [--golden DIR] [--regenerate]

Checks, each failing the run:
- game equivalence: the firmware's transcript (its lines without '#') equals the host
  program's, given the keys the firmware took and the same seed; the M4F firmware's too;
- screen equivalence: whenever the firmware waits for a key or pauses, QEMU's screen
  (downscaled 4 x 4) hashes to the frame the firmware last reported drawing;
- golden screens: the menu, a choice among captures, a bot's move, a tabla, the score
  sheet, a watched move (paused) and a watched game's sheet equal the committed PNGs
  (--regenerate writes them instead, to be looked at);
- watching: bots play a whole seeded game watched by keys (pause, steps, speed up, on to the
  sheet), then a game in pairs left at its first move; the transcript equals the host's
  replay of the keys and timeouts the firmware took;
- the budget: every bot decision under -icount takes at most its level's instructions;
- the stack: the firmware's peak (painted at boot, reported on each score sheet) leaves at
  least STACK_MARGIN_FLOOR bytes of its stack region free, on the Cortex-M3 and the M4F, in
  runs that include Expert's exact solve of a two-player last deal (its deepest decision);
- a crowded table: the host's crowded_table (test/crowded_table.c) draws tables of up to 51
  cards, the most a game reaches, and checks every card can still be told; its screens of
  25 and 51 cards equal the committed PNGs;
- key mashing: thousands of random keys, many while a bot thinks, end in finished games
  with no fault; every key pressed is taken once or counted as dropped.
"""
import argparse
import pathlib
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import qemu_board  # noqa: E402

# One instruction a cycle: 1 s at the LM3S6965's top clock of 50 MHz.
DECISION_BUDGET = 50_000_000
# A seed whose game shows every golden moment (a tabla among them).
SEED = 4
GOLDEN = ("menu", "choice", "bot-move", "tabla", "sheet", "watch", "watch-sheet", "crowded-25",
          "crowded-51")


# Expert, the level that solves the two-player last deal exactly (game/levels.c): the game's
# deepest decisions.
EXPERT_LEVEL = 4
# With two players a game is four deals of 12 moves: the last deal starts at the 37th.
LAST_DEAL_FIRST_PLY = 36
# The free stack a run must leave. The checked games' peak is Expert's first decision in the
# last deal: 27,608 B in tablic_bot_choose under 504 B of the game's own frames (28,112 B of
# the 36,864 B region on both CPUs, seed 4). The level bench's deepest such decision took
# 29,168 B (300 deals: BENCHMARKS.md), 1,560 B more, and an interrupt at the deepest moment
# adds under 200 B (the gamepad's handler, 76 B, on the M4F's 104 B exception frame). 4 KiB
# is that twice over, for deals deeper than any benched, rounded up: while the check passes
# the deepest benched deal keeps 2.5 KB free. It fails once the stack grows 4.6 KB (about
# 420 B in each of the solve's 11 plies below the decision).
STACK_MARGIN_FLOOR = 4096


class Failure(Exception):
    pass


def transcript(lines):
    return [line for line in lines if not line.startswith("#")]


FRAME_LINE = re.compile(r"^# frame (\d+) ([0-9a-f]{8})$")


class Player:
    """Drives one firmware run: presses keys at the moments the firmware waits, checks the
    screen at each, and keeps the golden moments."""

    def __init__(self, board, out, rng):
        self.board, self.out, self.rng = board, out, rng
        self.moments = {}
        self.waits = 0
        self.presses = 0

    def wait(self, pattern):
        """Waits for a line the firmware writes once it has drawn and sleeps (a key's wait,
        a pause), and checks that the screen is the frame it last reported drawing."""
        line = self.board.wait_for(pattern, timeout=300).string
        frames = [FRAME_LINE.match(earlier) for earlier in self.board.lines()[:self.board.cursor]]
        drawn = [match for match in frames if match][-1]
        # A pause ends by itself: the machine stops (its clock too) while its picture is taken.
        pausing = line.startswith("# pause")
        if pausing:
            self.board.execute("stop")
        greys = self.board.screen()
        if pausing:
            self.board.execute("cont")
        if qemu_board.screen_hash(greys) != int(drawn.group(2), 16):
            qemu_board.write_png(self.out / "mismatch.png", greys)
            (self.out / "mismatch.txt").write_text("\n".join(self.board.lines()) + "\n")
            raise Failure(f"at {line!r} the screen is not frame {drawn.group(1)} "
                          f"({drawn.group(2)}): see {self.out / 'mismatch.png'} and mismatch.txt")
        self.waits += 1
        return line, greys

    def keep(self, name, greys):
        if name not in self.moments:
            self.moments[name] = greys

    def press(self, key):
        self.board.press(key)
        self.presses += 1


def choose_in_menu(player, level_steps, pairs, length_steps):
    line, greys = player.wait(r"# wait menu")
    player.keep("menu", greys)
    # From START: down past WATCH to LEVEL.
    keys = ["down", "down"] + ["right"] * level_steps + ["down"] + (["right"] if pairs else [])
    keys += ["down"] + ["right"] * length_steps + ["down", "select"]  # RULES
    keys += ["down", "down", "select", "down"]  # scroll, back, to START
    for key in keys:
        player.press(key)
        player.wait(r"# wait (menu|rules)")
    player.press("select")


def play_one_game(player):
    """Plays until the score sheet: at each turn some moves right, maybe a capture further
    down the list, then select; a choice among captures is kept as a golden screen."""
    while True:
        line, greys = player.wait(r"# (wait (turn|sheet).*|pause .*)")
        if line.startswith("# pause"):
            if "bot move takes" in line:
                player.keep("bot-move", greys)
            elif "tabla" in line:
                player.keep("tabla", greys)
            continue
        if line.startswith("# wait sheet"):
            player.keep("sheet", greys)
            return
        choice = re.search(r"choice=(\d+)/(\d+) takes=(\d+)", line)
        index, count, takes = (int(group) for group in choice.groups())
        if count >= 3 and takes >= 2 and "choice" not in player.moments:
            player.keep("choice", greys)
        for _ in range(player.rng.randrange(3)):
            player.press("right")
            player.wait(r"# wait turn.*")
        player.press("select")


def run_game(elf, cpu, out, icount, seed):
    rng = random.Random(seed)
    with qemu_board.QemuBoard(elf, cpu=cpu, icount=icount, append=f"seed={seed}") as board:
        player = Player(board, out, rng)
        choose_in_menu(player, level_steps=2, pairs=False, length_steps=0)
        play_one_game(player)
        player.press("select")
        player.wait(r"# wait menu")
        return player, board.lines()


def run_watch(elf, out, seed):
    """Watches bots play: from the menu's WATCH (MEDIUM against EXPERT) a game paused at its
    first move, stepped twice, sped up to MAX and watched to its sheet; then a game in pairs
    left at its first move."""
    with qemu_board.QemuBoard(elf, cpu="cortex-m3", icount=True, append=f"seed={seed}") as board:
        player = Player(board, out, random.Random(seed))
        player.wait(r"# wait menu")
        for key in ("down", "right", "right"):  # from START to WATCH, VS EXPERT
            player.press(key)
            player.wait(r"# wait menu")
        player.press("select")
        player.wait(r"# pause watch move")  # the first move, up for 1.5 s at X1
        player.press("select")
        _, greys = player.wait(r"# wait watch paused")
        player.keep("watch", greys)
        for key in ("right", "right", "up", "up", "up"):  # two moves on, then X2, X5, MAX
            player.press(key)
            player.wait(r"# wait watch paused")
        player.press("select")
        _, greys = player.wait(r"# wait sheet")
        player.keep("watch-sheet", greys)
        player.press("select")
        player.wait(r"# wait menu")
        for key in ("up", "up", "up", "right", "down", "down", "down", "down"):  # pairs, WATCH
            player.press(key)
            player.wait(r"# wait menu")
        player.press("select")
        player.wait(r"# pause watch move")
        player.press("left")
        player.wait(r"# wait menu")
        lines = board.lines()
    watched = transcript(lines)
    sessions = [line for line in watched if line.startswith("session")]
    if len(sessions) != 2 or not all("watch against=minimax:depth=3" in line for line in sessions):
        raise Failure(f"watch: expected two watched sessions against EXPERT, got {sessions}")
    if "pairs=1" not in sessions[1] or watched[-1] != "watch left":
        raise Failure(f"watch: the game in pairs was not left: last line {watched[-1]!r}")
    if sum(line.startswith("result game") for line in watched) != 1:
        raise Failure("watch: the first watched game did not end once")
    return player, lines


KEYS = ("up", "down", "left", "right", "select")
MASHING_INTERVAL = 0.01  # seconds between two random presses: faster than any thumb
MASHING_MERGED = 2  # presses a loaded host may merge (see mash), or 5 % of them
QUIET_SECONDS = 5
KEY_LINE = re.compile(r"^# key (\w+)(?: dropped=(\d+))?$")


def keys_taken(lines):
    """The firmware's `# key` lines, and how many presses it dropped in all."""
    keys = [match for match in map(KEY_LINE.match, lines) if match]
    return keys, max((int(key.group(2) or 0) for key in keys), default=0)


def mash(elf, host, out, presses, seed):
    """Presses `presses` random keys a hundred a second, whatever the firmware is
    doing (many land while a bot thinks), then lets the firmware take what is queued. The
    run must finish games without a fault, never take a key twice, take every key or count
    it as dropped (but for the few a loaded host merges, below), and play what the host
    plays with the keys it took."""
    rng = random.Random(seed + 1)
    with qemu_board.QemuBoard(elf, cpu="cortex-m3", append=f"seed={seed}") as board:
        player = Player(board, out, rng)
        choose_in_menu(player, level_steps=2, pairs=True, length_steps=0)
        for _ in range(presses):
            player.press(rng.choice(KEYS))
            time.sleep(MASHING_INTERVAL)
        lines = settled(board, player)
    keys, dropped = keys_taken(lines)
    # Two presses of one button whose four edges all reach QEMU's GPIO model before the
    # firmware's interrupt runs are one no firmware can tell from a single press (one edge
    # latched, the line as it was). That takes a host that starves QEMU's CPU thread for
    # tens of milliseconds: none merged at a load of 1-2 on two cores, up to 73 (3.6 %) at
    # a load of 4-5. A firmware that loses keys loses far more; one that takes a key twice
    # is caught exactly (more taken and dropped than pressed).
    lost = player.presses - len(keys) - dropped
    if lost < 0:
        raise Failure(f"mashing: {player.presses} keys pressed, but {len(keys)} taken and "
                      f"{dropped} dropped: keys doubled")
    if lost > max(MASHING_MERGED, player.presses // 20):
        raise Failure(f"mashing: {player.presses} keys pressed, {len(keys)} taken, {dropped} "
                      f"dropped: {lost} lost")
    errors = [line for line in lines if line.startswith("error") or "HardFault" in line]
    if errors:
        raise Failure(f"mashing: {errors[0]}")
    games = sum(line.startswith("result game") for line in lines)
    if games == 0:
        raise Failure("mashing: no game finished")
    check_stack(lines, "mashing")
    host_lines = replay_on_host(host, lines, out, "mashing", seed)
    if transcript(host_lines) != transcript(lines):
        raise Failure("mashing: the host's transcript differs from the firmware's")
    print(f"mashing: {player.presses} keys pressed, {len(keys)} taken, {dropped} dropped, "
          f"{lost} merged by the host, {games} games finished")


def watching(lines):
    """True while the last session is a watch that has not been left: it goes on by itself."""
    for line in reversed(transcript(lines)):
        if line == "watch left":
            return False
        if line.startswith("session"):
            return "watch against=" in line
    return False


def settled(board, player):
    """The transcript once the firmware waits for a key and has written nothing for
    QUIET_SECONDS (its queue is empty: a queued key would be taken at once). A watched game
    plays on by itself (a match to 101 for minutes): every QUIET_SECONDS while one runs,
    `left` leaves it."""
    deadline = time.monotonic() + 300
    lines, since = board.lines(), time.monotonic()
    left_at = since
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = board.lines()
        if len(now) != len(lines):
            lines, since = now, time.monotonic()
        elif lines and lines[-1].startswith("# wait") and time.monotonic() - since > QUIET_SECONDS:
            return lines
        if watching(lines) and not lines[-1].startswith("# wait") \
                and time.monotonic() - left_at > QUIET_SECONDS:
            player.press("left")
            left_at = time.monotonic()
    raise Failure(f"mashing: the firmware did not settle within 300 s; last line {lines[-1:]}")


def report_drawing(lines, cpu):
    """Instructions to draw the game's screen on a person's turn (before it is sent)."""
    drawings = sorted(int(m.group(1)) for m in map(re.compile(r"# wait turn .*draw=(\d+)").match, lines) if m)
    if drawings:
        print(f"{cpu}: drawing the table took {drawings[len(drawings) // 2]:,} instructions "
              f"(median of {len(drawings)}), at most {drawings[-1]:,}")


def check_budget(lines, cpu):
    decisions = [int(m.group(1)) for m in map(re.compile(r"# decision .*instructions=(\d+)").match, lines) if m]
    if not decisions:
        raise Failure(f"{cpu}: no decision measured")
    worst = max(decisions)
    print(f"{cpu}: {len(decisions)} decisions, at most {worst:,} instructions")
    if worst > DECISION_BUDGET:
        raise Failure(f"{cpu}: a decision took {worst:,} instructions, over {DECISION_BUDGET:,}")


STACK_LINE = re.compile(r"^# stack peak=(\d+) region=(\d+)$")


def check_stack(lines, cpu):
    """The firmware's stack peak over the run (the last report: a high-water mark only
    rises), against its region; fails under STACK_MARGIN_FLOOR bytes free."""
    reports = [match for match in map(STACK_LINE.match, lines) if match]
    if not reports:
        raise Failure(f"{cpu}: no stack peak reported")
    peak, region = (int(group) for group in reports[-1].groups())
    margin = region - peak
    print(f"{cpu}: stack peak {peak:,} B of the {region:,} B region, {margin:,} B free "
          f"(at least {STACK_MARGIN_FLOOR:,})")
    if margin < STACK_MARGIN_FLOOR:
        raise Failure(f"{cpu}: {margin:,} B of stack free, under {STACK_MARGIN_FLOOR:,}")


SESSION_PLAYERS = re.compile(r"^session players=(\d+)")
DECISION = re.compile(r"^# decision level=(\d+) ply=(\d+)")


def check_last_deal_solved(lines, cpu):
    """The run's stack peak is the worst case only if Expert decided in a two-player last
    deal, where it solves exactly."""
    players, solves = 0, 0
    for line in lines:
        session = SESSION_PLAYERS.match(line)
        if session:
            players = int(session.group(1))
        decision = DECISION.match(line)
        if decision and players == 2 and int(decision.group(1)) == EXPERT_LEVEL \
                and int(decision.group(2)) >= LAST_DEAL_FIRST_PLY:
            solves += 1
    if solves == 0:
        raise Failure(f"{cpu}: Expert never decided in a two-player last deal: the stack peak "
                      "is not the worst case")


def check_played_run(lines, cpu):
    """A run with Expert in a two-player game: every decision within its budget, the last
    deal solved, and the stack's peak (that solve's) within its margin."""
    check_budget(lines, cpu)
    check_last_deal_solved(lines, cpu)
    check_stack(lines, cpu)


RECORDED = re.compile(r"^# (?:key (\w+)|(timeout))")


def replay_on_host(host, lines, out, name, seed):
    """The host program's transcript given the keys the firmware took and its pauses that
    ended with no key, in order (board_host.c)."""
    events = [match.group(1) or match.group(2) for match in map(RECORDED.match, lines) if match]
    path = out / f"{name}.keys"
    path.write_text("".join(event + "\n" for event in events))
    result = subprocess.run([host], env={"HANDHELD_KEYS": str(path), "HANDHELD_SEED": str(seed)},
                            capture_output=True, text=True, timeout=600, check=False)
    if result.returncode != 0:
        raise Failure(f"host replay of {name}: exit {result.returncode}: {result.stderr.strip()}")
    return result.stdout.splitlines()


def crowded_table(program, out):
    """Runs the crowded-table check; its two screens, as golden moments."""
    result = subprocess.run([program, str(out)], capture_output=True, text=True, timeout=120,
                            check=False)
    if result.returncode != 0:
        raise Failure(f"crowded table: exit {result.returncode}: {result.stderr.strip()}")
    print(result.stdout.splitlines()[-1])
    return {name: qemu_board.read_png(out / f"{name}.png") for name in ("crowded-25", "crowded-51")}


def compare_goldens(moments, golden, out, regenerate):
    golden.mkdir(exist_ok=True)
    for name in GOLDEN:
        if name not in moments:
            raise Failure(f"the game never showed the moment {name!r}")
        greys = moments[name]
        qemu_board.write_png(out / f"{name}.png", greys)
        path = golden / f"{name}.png"
        if regenerate:
            qemu_board.write_png(path, greys)
            print(f"wrote {path}: look at it")
        elif qemu_board.read_png(path) != greys:
            raise Failure(f"{name}: the screen differs from {path} (see {out / (name + '.png')}; "
                          "regenerate with --regenerate and look at it)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--m3", required=True)
    parser.add_argument("--m4f", required=True)
    parser.add_argument("--host", required=True)
    parser.add_argument("--crowded", required=True, help="the host's crowded_table program")
    parser.add_argument("--out", required=True, type=pathlib.Path)
    parser.add_argument("--golden", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent / "golden")
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--seed", type=int, default=SEED, help="the deals' and the keys' seed")
    parser.add_argument("--mash", type=int, default=2000, help="random keys to press")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        player, m3_lines = run_game(args.m3, "cortex-m3", args.out, icount=True, seed=args.seed)
        check_played_run(m3_lines, "cortex-m3")
        report_drawing(m3_lines, "cortex-m3")
        host_lines = replay_on_host(args.host, m3_lines, args.out, "m3", args.seed)
        if transcript(host_lines) != transcript(m3_lines):
            raise Failure("the host's transcript differs from the Cortex-M3's")
        watcher, watch_lines = run_watch(args.m3, args.out, args.seed)
        check_played_run(watch_lines, "cortex-m3 watching")
        if transcript(replay_on_host(args.host, watch_lines, args.out, "watch", args.seed)) \
                != transcript(watch_lines):
            raise Failure("watch: the host's transcript differs from the Cortex-M3's")
        print(f"watch ok: {len(transcript(watch_lines))} transcript lines, "
              f"{watcher.waits} screens checked")
        crowded = crowded_table(args.crowded, args.out)
        compare_goldens({**player.moments, **watcher.moments, **crowded}, args.golden, args.out,
                        args.regenerate)
        _, m4f_lines = run_game(args.m4f, "cortex-m4", args.out, icount=True, seed=args.seed)
        check_played_run(m4f_lines, "cortex-m4")
        if transcript(m4f_lines) != transcript(m3_lines):
            raise Failure("the Cortex-M4F's transcript differs from the Cortex-M3's")
        mash(args.m3, args.host, args.out, presses=args.mash, seed=args.seed)
        print(f"game ok: {len(transcript(m3_lines))} transcript lines, {player.waits} screens checked")
    except (Failure, qemu_board.BoardError) as failure:
        print(f"play_game: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

/* board.h: what the game needs of a device: a screen, five keys, a clock, a seed and a line
 * out. The LM3S6965 board under QEMU (board_lm3s6965.c) and the host (board_host.c, keys
 * from a recording) implement it, so the same game code runs on both. */
#ifndef HANDHELD_BOARD_H
#define HANDHELD_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "../draw/screen.h"

typedef enum board_key {
    KEY_NONE,
    KEY_UP,
    KEY_DOWN,
    KEY_LEFT,
    KEY_RIGHT,
    KEY_SELECT,
} board_key;

/* Keys pressed and not yet read: a bounded queue. A press that finds it full is dropped and
 * counted (board_keys_dropped). */
#define BOARD_KEY_QUEUE 16

/* Sets the device up; the board first paints its free stack (board_report_stack). */
void board_init(void);

/* Sends the picture to the display, and reports its hash as a transcript line
 * `# frame N HASH` (hex) so a test can compare the screen with what was drawn. */
void board_show(const screen *s);

/* "up", "down", "left", "right", "select" (NULL for KEY_NONE): the names of the keys in
 * the transcript and in a host's recording. */
const char *board_key_name(board_key key);

/* The next key, taken from the queue; waits for it asleep (WFI) if there is none. Reports
 * `# key NAME` (with ` dropped=N` once presses have been dropped), so a run's keys can be
 * replayed on the host exactly as they were taken. */
board_key board_next_key(void);
/* Waits asleep until a key is queued or `timeout_ms` milliseconds have passed, and says
 * whether a key is queued. The key stays queued: a key that cuts a pause short is the next
 * screen's. A wait that ends with no key reports `# timeout`, so a replay of the `# key` and
 * `# timeout` lines in order makes every pause end as it did (board_host.c). */
bool board_key_waiting(uint32_t timeout_ms);
/* Key presses dropped because the queue was full. */
uint32_t board_keys_dropped(void);

/* Instructions since board_init (one a nanosecond under QEMU's -icount shift=0: clock.h),
 * to measure a decision. The host counts none and returns 0. */
uint64_t board_instructions(void);

/* The seed for the next game: a fixed one if the build or the command line set it
 * (`seed=N` over semihosting), otherwise one from the timer at the latest key press (the one
 * that started the game, so that each game of a run has its own). */
uint64_t board_seed(void);

/* One line of the transcript (no newline in `line`): semihosting on the board, standard
 * output on the host. */
void board_report(const char *line);

/* Reports the most stack taken since board_init painted the free stack (interrupts' frames
 * included), as a transcript line `# stack peak=N region=M` in bytes, M the stack region's
 * size, so that a test can hold the margin. The host's stack is the operating system's and
 * not measured: it reports nothing. */
void board_report_stack(void);

/* Ends the run (QEMU exits with `status`); a board never returns from it. */
__attribute__((noreturn)) void board_exit(int status);

#endif

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

void board_init(void);

/* Sends the picture to the display, and reports its hash as a transcript line
 * `# frame N HASH` (hex) so a test can compare the screen with what was drawn. */
void board_show(const screen *s);

/* The next key, waiting for it asleep (WFI) at most `timeout_ms` milliseconds (0: forever).
 * KEY_NONE when the time ran out. */
board_key board_wait_key(uint32_t timeout_ms);
/* The next queued key, or KEY_NONE at once. */
board_key board_poll_key(void);
/* Key presses dropped because the queue was full. */
uint32_t board_keys_dropped(void);

/* Milliseconds since board_init. */
uint32_t board_millis(void);

/* Instructions (one a cycle under QEMU's -icount) since an arbitrary start: to measure a
 * decision. The host counts nothing and returns 0. */
uint64_t board_instructions(void);

/* The seed for the next game: a fixed one if the build or the command line set it
 * (`seed=N` over semihosting), otherwise one from the timer at the first key press. */
uint64_t board_seed(void);

/* One line of the transcript (no newline in `line`): semihosting on the board, standard
 * output on the host. */
void board_report(const char *line);

/* Ends the run (QEMU exits with `status`); a board never returns from it. */
__attribute__((noreturn)) void board_exit(int status);

#endif

/* board_lm3s6965.c: board.h on TI's LM3S6965 evaluation board as QEMU's lm3s6965evb models
 * it: the SSD0323 OLED (oled.c), the five-button gamepad (gamepad.c) into a queue of keys
 * (key_queue.c), SysTick's clock (clock.c), and semihosting for the transcript, the command
 * line and the exit. The stack is painted at boot (../stack_paint.c), so its high-water mark
 * is the firmware's peak.
 *
 * The seed (board_seed): `seed=N` on the command line (QEMU's `-append "seed=N"`); else the
 * build's -DHANDHELD_SEED=N; else the clock's nanoseconds at the latest key press (or now, if
 * no key has been pressed yet): the press that started the game, so each game has its own
 * (the first press's time would give every game of a run the same deal). */
#include <stdbool.h>
#include <stddef.h>

#include <stdio.h>

#include "../stack_paint.h"
#include "../startup.h"

#include "board.h"
#include "clock.h"
#include "gamepad.h"
#include "key_queue.h"
#include "oled.h"

#define COMMAND_LINE_BYTES 512 /* the kernel's path and -append's text */
#define DECIMAL_DIGITS_64 20
#define HEX_DIGITS_32 8
#define NANOSECONDS_PER_MILLISECOND 1000000u

static uint32_t frames;
static volatile bool key_pressed;
static volatile uint64_t last_press_nanoseconds;

/* Called from the gamepad's interrupt. */
static void pressed(board_key key) {
    last_press_nanoseconds = clock_nanoseconds();
    key_pressed = true;
    key_queue_push(key);
}

void board_init(void) {
    stack_paint(read_sp());
    clock_init();
    oled_init();
    gamepad_init(pressed);
}

/* `value` in decimal at `out` (room for DECIMAL_DIGITS_64 + 1): the text's end (its NUL). */
static char *write_decimal(char *out, uint64_t value) {
    char digits[DECIMAL_DIGITS_64];
    int count = 0;
    do {
        digits[count++] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value > 0);
    while (count > 0) *out++ = digits[--count];
    *out = '\0';
    return out;
}

void board_show(const screen *s) {
    oled_send(s);
    char line[sizeof "# frame " + DECIMAL_DIGITS_64 + 1 + HEX_DIGITS_32];
    static const char prefix[] = "# frame ";
    char *end = line;
    for (const char *p = prefix; *p != '\0'; p++) *end++ = *p;
    end = write_decimal(end, ++frames);
    *end++ = ' ';
    uint32_t hash = screen_hash(s);
    for (int i = 0; i < HEX_DIGITS_32; i++)
        *end++ = "0123456789abcdef"[(hash >> (28 - 4 * i)) & 0xFu];
    *end = '\0';
    board_report(line);
}

/* Sleeps until a key is queued or the clock reaches `deadline`; whether a key is queued.
 * Interrupts are masked while the queue is looked at, so a key that comes after the look
 * wakes the WFI (a pending interrupt ends it even masked) instead of being slept through. */
static bool sleep_until_key(uint64_t deadline) {
    for (;;) {
        __asm__ volatile("cpsid i" ::: "memory");
        bool waiting = !key_queue_empty();
        if (waiting || clock_nanoseconds() >= deadline) {
            __asm__ volatile("cpsie i" ::: "memory");
            return waiting;
        }
        __asm__ volatile("wfi" ::: "memory");
        /* The interrupt that woke us runs here. */
        __asm__ volatile("cpsie i\n\tisb" ::: "memory");
    }
}

board_key board_next_key(void) {
    sleep_until_key(UINT64_MAX);
    board_key key = key_queue_pop();
    char line[40];
    uint32_t dropped = key_queue_dropped();
    if (dropped) snprintf(line, sizeof line, "# key %s dropped=%lu", board_key_name(key), (unsigned long)dropped);
    else snprintf(line, sizeof line, "# key %s", board_key_name(key));
    board_report(line);
    return key;
}

bool board_key_waiting(uint32_t timeout_ms) {
    bool waiting =
        sleep_until_key(clock_nanoseconds() + (uint64_t)timeout_ms * NANOSECONDS_PER_MILLISECOND);
    if (!waiting) board_report("# timeout");
    return waiting;
}

uint32_t board_keys_dropped(void) { return key_queue_dropped(); }

uint64_t board_instructions(void) { return clock_instructions(); }

/* `seed=N` among the command line's words: true and *seed if there is one; a bad number
 * ends the run with a message. */
static bool command_line_seed(uint64_t *seed) {
    static const char key[] = "seed=";
    char line[COMMAND_LINE_BYTES];
    if (semihost_command_line(line, sizeof line) < 0) return false;
    for (const char *word = line; *word != '\0';) {
        size_t length = 0;
        while (word[length] != '\0' && word[length] != ' ') length++;
        size_t k = 0;
        while (key[k] != '\0' && k < length && word[k] == key[k]) k++;
        if (key[k] == '\0') {
            uint64_t value = 0;
            bool number = k < length && length - k <= DECIMAL_DIGITS_64;
            for (size_t i = k; number && i < length; i++) {
                unsigned digit = (unsigned)(word[i] - '0');
                number = digit <= 9u && value <= (UINT64_MAX - digit) / 10u;
                value = value * 10u + digit;
            }
            if (!number) {
                board_report("board: seed= on the command line wants a number from 0 to 2^64 - 1");
                board_exit(2);
            }
            *seed = value;
            return true;
        }
        word += length;
        while (*word == ' ') word++;
    }
    return false;
}

uint64_t board_seed(void) {
    uint64_t seed;
    if (command_line_seed(&seed)) return seed;
#ifdef HANDHELD_SEED
    return (uint64_t)(HANDHELD_SEED);
#else
    __asm__ volatile("cpsid i" ::: "memory"); /* the interrupt writes the 64 bits in two */
    seed = key_pressed ? last_press_nanoseconds : clock_nanoseconds();
    __asm__ volatile("cpsie i" ::: "memory");
    return seed;
#endif
}

void board_report(const char *line) {
    semihost_write(line);
    semihost_write("\n");
}

void board_report_stack(void) {
    char line[sizeof "# stack peak= region=" + 2 * DECIMAL_DIGITS_64];
    snprintf(line, sizeof line, "# stack peak=%lu region=%lu",
             (unsigned long)((uintptr_t)_estack - stack_lowest_used()),
             (unsigned long)((uintptr_t)_estack - (uintptr_t)__stack_start));
    board_report(line);
}

void board_exit(int status) { semihost_exit(status); }

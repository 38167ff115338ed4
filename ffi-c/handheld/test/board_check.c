/* board_check.c: the board's self-test firmware (test/check_board.py drives it), built from
 * the same source for the LM3S6965 (Cortex-M3 and M4F) and for the host board.
 *
 * 1. `seed N` (board_seed), then a sheet of every glyph of both fonts, and `ready`.
 * 2. Echoes ECHOED_KEYS keys as `key NAME`, showing a frame after each: after the first a
 *    sheet of the four suits and cards in each look, after the others the key's name.
 *    Every frame is followed by `# cost draw D show S`: the instructions drawing it and
 *    showing it took (board_show: sending, hashing, reporting).
 * 3. (board only) `busy MS`: MS milliseconds busy with interrupts on, then `busy done`.
 *    Then the keys already queued (board_key_waiting(0)) as `queued NAME`, and `dropped N`
 *    (presses the full queue lost; on the host, the rest of the recording and 0).
 * 4. (board only) board_key_waiting(WAIT_MS) with no key: `waited MS ms key 0|1`.
 * 5. (board only) `idle`: sleeps in board_next_key until a key: `key NAME`.
 * 6. `done`, exit status 0. */
#include <stdarg.h>
#include <stdio.h>

#include "../board/board.h"

#define ECHOED_KEYS 10
#define BUSY_MS 1200u
#define WAIT_MS 300u
#define SPIN_LOOPS 1000u
#define NANOSECONDS_PER_MILLISECOND 1000000u
#define LINE_BYTES 80

static screen picture;

static __attribute__((format(printf, 1, 2))) void report(const char *format, ...) {
    char line[LINE_BYTES];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line, sizeof line, format, arguments);
    va_end(arguments);
    board_report(line);
}

/* Every printable character of both fonts, the large one first. */
static void draw_fonts(screen *s) {
    char line[32 + 1];
    int character = ' ';
    for (int y = 0; character <= '~'; y += LARGE_CELL_HEIGHT) {
        int count = 0;
        for (; count < SCREEN_WIDTH / LARGE_CELL_WIDTH && character <= '~'; count++)
            line[count] = (char)character++;
        line[count] = '\0';
        screen_text(s, 0, y, line, GREY_WHITE);
    }
    character = ' ';
    for (int y = 5 * LARGE_CELL_HEIGHT; character <= '~'; y += SMALL_CELL_HEIGHT) {
        int count = 0;
        for (; count < SCREEN_WIDTH / SMALL_CELL_WIDTH && character <= '~'; count++)
            line[count] = (char)character++;
        line[count] = '\0';
        screen_small_text(s, 0, y, line, GREY_WHITE);
    }
}

/* The suits; the thirteen ranks; three cards in each of the four looks; the greys. */
static void draw_cards(screen *s) {
    static const char *const suit_names[] = {"CLUB", "DIAM", "HEART", "SPADE"};
    static const char *const look_names[] = {"PLAIN", "CURSOR", "MARKED", "BACK"};
    int x = 0;
    for (unsigned suit = 0; suit < 4; suit++) {
        screen_suit(s, x, 0, suit, GREY_WHITE);
        x = screen_small_text(s, x + 6, 0, suit_names[suit], GREY_MID) + 3;
    }
    for (unsigned rank = 0; rank < 13; rank++)
        screen_card(s, 4 + 9 * (int)rank, 7, rank, rank % 4, CARD_PLAIN);
    static const unsigned ranks[] = {9, 11, 0}, suits[] = {2, 3, 1};
    for (unsigned look = 0; look < 4; look++) {
        int left = 2 + 32 * (int)look;
        for (unsigned i = 0; i < 3; i++)
            screen_card(s, left + 10 * (int)i, 22, ranks[i], suits[i], (card_look)look);
        screen_small_text(s, left, 36, look_names[look], GREY_MID);
    }
    for (unsigned grey = 0; grey < 16; grey++) screen_fill(s, 8 * (int)grey, 43, 8, 4, grey);
    screen_box(s, 0, 48, 128, 16, GREY_DIM);
    int end = screen_text(s, 3, 52, "Tablic 10+J", GREY_WHITE);
    screen_invert(s, 2, 50, end - 1, 12);
    screen_small_text(s, end + 4, 54, "cursor select", GREY_MID);
}

static void show_timed(void (*draw)(screen *)) {
    uint64_t start = board_instructions();
    screen_clear(&picture);
    draw(&picture);
    uint64_t drawn = board_instructions();
    board_show(&picture);
    report("# cost draw %llu show %llu", (unsigned long long)(drawn - start),
           (unsigned long long)(board_instructions() - drawn));
}

static const char *echoed;
static void draw_key(screen *s) {
    int x = (SCREEN_WIDTH - screen_text_width(echoed)) / 2;
    screen_box(s, x - 3, 26, screen_text_width(echoed) + 5, 12, GREY_MID);
    screen_text(s, x, 28, echoed, GREY_WHITE);
}

static void echo_key(const char *prefix) {
    echoed = board_key_name(board_next_key());
    report("%s %s", prefix, echoed);
}

#ifndef BOARD_HOST /* the host's recording has no time: busy, waiting, idle are the board's */
/* A few thousand instructions without touching a device: under -icount, reading the clock
 * (a device) is slow, so the busy loop reads it only between spins. */
static void spin(void) {
    for (unsigned i = 0; i < SPIN_LOOPS; i++) __asm__ volatile("" ::: "memory");
}

/* Phase 3's busy period. */
static void busy(void) {
    report("busy %u", BUSY_MS);
    /* The board's instructions are its clock's nanoseconds (clock.h): BUSY_MS of its time. */
    uint64_t until = board_instructions() + (uint64_t)BUSY_MS * NANOSECONDS_PER_MILLISECOND;
    while (board_instructions() < until) spin();
    board_report("busy done");
}

/* Phases 4 and 5. */
static void wait_and_idle(void) {
    uint64_t start = board_instructions();
    int key = board_key_waiting(WAIT_MS);
    report("waited %llu ms key %d",
           (unsigned long long)((board_instructions() - start) / NANOSECONDS_PER_MILLISECOND), key);

    board_report("idle");
    echo_key("key");
}
#endif

int main(void) {
    board_init();
    report("seed %llu", (unsigned long long)board_seed());
    show_timed(draw_fonts);
    board_report("ready");
    for (int i = 0; i < ECHOED_KEYS; i++) {
        echo_key("key");
        show_timed(i == 0 ? draw_cards : draw_key);
    }
#ifndef BOARD_HOST
    busy();
#endif
    while (board_key_waiting(0)) echo_key("queued");
    report("dropped %lu", (unsigned long)board_keys_dropped());
#ifndef BOARD_HOST
    wait_and_idle();
#endif
    board_report("done");
    board_exit(0);
}

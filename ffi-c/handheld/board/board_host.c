/* board_host.c: board.h on the host, a normal program, for tests and for looking at the game.
 *
 * Set up from the environment, so the game's main() is the same as on the board:
 *   HANDHELD_KEYS=FILE    the keys, one a line: up, down, left, right or select, or timeout
 *                         for a pause that ended with no key; blank lines and text after '#'
 *                         ignored (required)
 *   HANDHELD_SEED=N       what board_seed returns (required if the program asks for a seed)
 *   HANDHELD_FRAMES=DIR   if set, every frame shown is also written as DIR/frame-NNNN.png
 *
 * Keys are taken in order without waiting. A pause (board_key_waiting) says true at once if
 * a key comes next, and takes a `timeout` and says false if one does, as the board's pause
 * did. When nothing is left board_next_key reports `# end of keys` and exits 0, and a pause
 * says false. Transcript lines go to standard output. Bad set-up, and a `timeout` where the
 * game waits for a key (a recording this game did not make), stop the program with a
 * message and status 2. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "png.h"

#define SETUP_ERROR 2
#define LINE_MAX_BYTES 256
#define PATH_MAX_BYTES 4096

static board_key *keys;
static size_t key_count, next_key;
static unsigned long frames;
static const char *frames_directory;

static __attribute__((noreturn, format(printf, 1, 2))) void setup_error(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fputs("board: ", stderr);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    va_end(arguments);
    exit(SETUP_ERROR);
}

/* A pause that ended with no key, in the recording. */
#define TIMEOUT KEY_NONE
static const char timeout_name[] = "timeout";

static board_key key_named(const char *name) {
    for (board_key key = KEY_UP; key <= KEY_SELECT; key++)
        if (strcmp(name, board_key_name(key)) == 0) return key;
    return KEY_NONE;
}

static void add_key(board_key key) {
    static size_t capacity;
    if (key_count == capacity) {
        capacity = capacity == 0 ? 64 : 2 * capacity;
        keys = realloc(keys, capacity * sizeof *keys);
        if (keys == NULL) setup_error("out of memory for the keys");
    }
    keys[key_count++] = key;
}

static void read_keys(const char *path) {
    FILE *file = fopen(path, "r");
    if (file == NULL) setup_error("cannot read HANDHELD_KEYS=%s: %s", path, strerror(errno));
    char line[LINE_MAX_BYTES];
    for (unsigned number = 1; fgets(line, sizeof line, file) != NULL; number++) {
        if (strchr(line, '\n') == NULL && !feof(file))
            setup_error("%s:%u: line longer than %d bytes", path, number, LINE_MAX_BYTES - 2);
        line[strcspn(line, "#")] = '\0';
        char *name = line + strspn(line, " \t\r\n");
        name[strcspn(name, " \t\r\n")] = '\0';
        if (*name == '\0') continue;
        board_key key = key_named(name);
        if (key == KEY_NONE && strcmp(name, timeout_name) != 0)
            setup_error("%s:%u: unknown key '%s' (keys: up, down, left, right, select; or %s)",
                        path, number, name, timeout_name);
        add_key(key);
    }
    fclose(file);
}

void board_init(void) {
    const char *keys_path = getenv("HANDHELD_KEYS");
    if (keys_path == NULL) setup_error("set HANDHELD_KEYS to a file of keys, one a line");
    read_keys(keys_path);
    frames_directory = getenv("HANDHELD_FRAMES");
}

void board_show(const screen *s) {
    frames++;
    if (frames_directory != NULL) {
        char path[PATH_MAX_BYTES];
        snprintf(path, sizeof path, "%s/frame-%04lu.png", frames_directory, frames);
        if (!png_write_screen(s, path)) setup_error("cannot write %s: %s", path, strerror(errno));
    }
    printf("# frame %lu %08lx\n", frames, (unsigned long)screen_hash(s));
    fflush(stdout);
}

board_key board_next_key(void) {
    if (next_key == key_count) {
        board_report("# end of keys");
        board_exit(0);
    }
    if (keys[next_key] == TIMEOUT)
        setup_error("entry %zu of HANDHELD_KEYS is a %s, but the game waits for a key",
                    next_key + 1, timeout_name);
    board_key key = keys[next_key++];
    char line[16];
    snprintf(line, sizeof line, "# key %s", board_key_name(key));
    board_report(line);
    return key;
}

bool board_key_waiting(uint32_t timeout_ms) {
    (void)timeout_ms; /* the recording has no time: a key comes next, or a timeout */
    if (next_key == key_count) return false;
    if (keys[next_key] != TIMEOUT) return true;
    next_key++;
    board_report("# timeout");
    return false;
}

uint32_t board_keys_dropped(void) { return 0; }

uint64_t board_instructions(void) { return 0; }

uint64_t board_seed(void) {
    const char *text = getenv("HANDHELD_SEED");
    if (text == NULL) setup_error("set HANDHELD_SEED to the seed of the game");
    char *end;
    errno = 0;
    unsigned long long seed = strtoull(text, &end, 10);
    if (*text < '0' || *text > '9' || *end != '\0' || errno != 0)
        setup_error("HANDHELD_SEED=%s is not a number from 0 to 2^64 - 1", text);
    return seed;
}

void board_report(const char *line) {
    puts(line);
    fflush(stdout);
}

/* The host's stack is the operating system's: nothing to report (board.h). */
void board_report_stack(void) {}

void board_exit(int status) {
    fflush(stdout);
    exit(status);
}

/* capture.c: a tablić bot for `tablic match --engine`, over the C API (tablic.h).
 *
 * It speaks the line protocol of PROTOCOL.md on stdin/stdout. It keeps its own hand and the
 * table from the `deal` and `played` lines (it never sees the deck, so it cannot make a
 * tablic_game), and on `go` it asks tablic_captures for every legal capture of every card
 * in its hand and plays the one that takes the most points (then the most cards); with
 * nothing to take it discards its card worth the fewest points.
 *
 *   make -C examples/bots lib all     (builds target/release/libtablic.a, then target/bots/capture)
 *   tablic match --players greedy,engine --engine target/bots/capture
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tablic.h>

#define MAX_CAPTURES 4096

static uint64_t hand, table;
static int seat = -1;

/* The cards of `text` (space-separated, any notation tablic reads) as a set; 0 if bad. */
static uint64_t cards_of(const char *text) {
    uint64_t cards = 0;
    return tablic_cards_parse(text, &cards, NULL, 0) == TABLIC_RESULT_OK ? cards : 0;
}

static uint32_t points_of(uint64_t cards) {
    uint32_t points = 0;
    tablic_cards_points(cards, &points);
    return points;
}

static int count_of(uint64_t cards) {
    int count = 0;
    for (; cards; cards &= cards - 1) count++;
    return count;
}

static void say(const char *line) {
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

/* `play CARD [CAPTURED…]` for the best move. */
static void play(void) {
    static uint64_t captures[MAX_CAPTURES];
    int best_card = -1;
    uint64_t best_capture = 0;
    long best_key = -1000000;
    for (int card = 0; card < 52; card++) {
        if (!(hand >> card & 1)) continue;
        size_t count = 0;
        if (tablic_captures(table, (uint8_t)card, captures, MAX_CAPTURES, &count) !=
            TABLIC_RESULT_OK) {
            count = 1; /* a crowded table: the first captures are enough here */
            captures[0] = 0;
        }
        for (size_t i = 0; i < count && i < MAX_CAPTURES; i++) {
            uint64_t taken = captures[i];
            uint32_t card_points = points_of((uint64_t)1 << card);
            long key = taken ? 1000 * (long)(points_of(taken) + card_points) + count_of(taken)
                             : -(long)card_points; /* a discard: lose as little as possible */
            if (key > best_key) {
                best_key = key;
                best_card = card;
                best_capture = taken;
            }
        }
    }
    if (best_card < 0) {
        say("info no card in hand");
        return;
    }
    char line[320] = "play ";
    char text[256];
    tablic_card_format((uint8_t)best_card, false, text, sizeof text, NULL);
    strcat(line, text);
    if (best_capture) {
        tablic_cards_format(best_capture, false, text, sizeof text, NULL);
        strcat(line, " ");
        strcat(line, text);
    }
    say(line);
}

int main(void) {
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "tablic ", 7) == 0) {
            say("id name capture");
            say("id version 1.0");
            say("ready");
        } else if (strncmp(line, "newgame ", 8) == 0) {
            const char *at = strstr(line, " seat ");
            seat = at ? atoi(at + 6) : -1;
            hand = table = 0;
        } else if (strncmp(line, "deal hand", 9) == 0) {
            /* deal hand C… table C… */
            char *at = strstr(line, " table");
            const char *table_text = "";
            if (at) {
                *at = '\0';
                table_text = at + 6;
            }
            hand = cards_of(line + 9);
            table = cards_of(table_text);
        } else if (strncmp(line, "played ", 7) == 0) {
            /* played SEAT CARD [CAPTURED…] [tabla] */
            char *rest = line + 7;
            int mover = (int)strtol(rest, &rest, 10);
            char *tabla = strstr(rest, " tabla");
            if (tabla) *tabla = '\0';
            uint64_t cards = cards_of(rest);
            char first[16] = "";
            sscanf(rest, "%15s", first);
            uint64_t card = cards_of(first);
            uint64_t taken = cards & ~card;
            if (taken) {
                table &= ~taken;
            } else {
                table |= card;
            }
            if (mover == seat) hand &= ~card;
        } else if (strncmp(line, "go", 2) == 0) {
            play();
        } else if (strcmp(line, "quit") == 0) {
            return 0;
        }
        /* end …, and anything unknown: nothing to do */
    }
    return 0;
}

/* table_view.c: the game screen (table_view.h). */
#include "table_view.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define STATUS_Y 0
#define TABLE_Y 7
#define TABLE_ROW_STEP 14
#define TABLE_PER_ROW 12
#define CARD_STEP 10
#define HAND_Y 35
#define BESIDE_HAND_X 64
#define TALLY_Y 51
#define PROMPT_Y 58

unsigned table_view_cards(uint64_t cards, uint8_t out[52]) {
    unsigned count = 0;
    for (uint8_t card = 0; card < 52; card++)
        if (cards >> card & 1u) out[count++] = card;
    return count;
}

static void draw_card(screen *s, int x, int y, uint8_t card, card_look look) {
    uint8_t rank, suit;
    session_check(tablic_card_rank(card, &rank), "rank");
    session_check(tablic_card_suit(card, &suit), "suit");
    screen_card(s, x, y, rank, suit, look);
}

static void draw_status_line(screen *s, const session *game, const tablic_view *view) {
    char text[40];
    snprintf(text, sizeof text, "DEAL %" PRIu32 " DECK %" PRIu32, view->deals_dealt,
             view->undealt);
    screen_small_text(s, 0, STATUS_Y, text, GREY_MID);
    if (game->setup.length == LENGTH_ONE_GAME) return;
    uint32_t totals[PAIRS_PLAYERS];
    session_totals(game, totals);
    uint32_t mine = session_side_of(game, PERSON);
    int at = game->setup.length == LENGTH_SERIES
                 ? snprintf(text, sizeof text, "G%" PRIu32 "/%u ", session_game_number(game),
                            SERIES_GAMES)
                 : snprintf(text, sizeof text, "G%" PRIu32 " ", session_game_number(game));
    snprintf(text + at, sizeof text - (size_t)at, "%" PRIu32 ":%" PRIu32, totals[mine],
             totals[1 - mine]);
    screen_small_text(s, SCREEN_WIDTH - screen_small_text_width(text), STATUS_Y, text,
                      GREY_WHITE);
}

static void draw_table(screen *s, uint64_t table, uint64_t marked) {
    uint8_t cards[52];
    unsigned count = table_view_cards(table, cards);
    unsigned per_row = count <= 2 * TABLE_PER_ROW ? TABLE_PER_ROW : (count + 1) / 2;
    int step = per_row <= TABLE_PER_ROW ? CARD_STEP : (SCREEN_WIDTH - CARD_WIDTH) / (int)(per_row - 1);
    for (unsigned i = 0; i < count; i++) {
        int x = (int)(i % per_row) * step;
        int y = TABLE_Y + (int)(i / per_row) * TABLE_ROW_STEP;
        draw_card(s, x, y, cards[i], marked >> cards[i] & 1u ? CARD_MARKED : CARD_PLAIN);
    }
}

static void draw_lines(screen *s, int x, int y, const char *text) {
    char line[24];
    while (text && *text) {
        size_t length = strcspn(text, "\n");
        if (length >= sizeof line) length = sizeof line - 1;
        memcpy(line, text, length);
        line[length] = '\0';
        screen_small_text(s, x, y, line, GREY_WHITE);
        y += SMALL_CELL_HEIGHT + 1;
        text += length;
        if (*text == '\n') text++;
    }
}

static void draw_tallies(screen *s, const session *game) {
    tablic_side_result so_far[PAIRS_PLAYERS];
    size_t sides;
    session_check(tablic_game_side_results_so_far(session_game(game), so_far, PAIRS_PLAYERS, &sides),
                  "results so far");
    uint32_t mine = session_game_side_of(game, PERSON);
    for (uint32_t order = 0; order < 2 && order < sides; order++) {
        uint32_t side = order == 0 ? mine : 1 - mine;
        const tablic_side_result *tally = &so_far[side];
        char text[24];
        snprintf(text, sizeof text, "%s %" PRIu32 "C %" PRIu32 "P %" PRIu32 "T",
                 order == 0 ? session_side_name(game, session_side_of(game, PERSON))
                            : session_side_name(game, 1 - session_side_of(game, PERSON)),
                 tally->cards, tally->card_points, tally->tablas);
        int x = order == 0 ? 0 : SCREEN_WIDTH - screen_small_text_width(text);
        screen_small_text(s, x, TALLY_Y, text, order == 0 ? GREY_WHITE : GREY_MID);
    }
}

void table_view_draw(screen *s, const session *game, const table_marks *marks) {
    screen_clear(s);
    const tablic_game *g = session_game(game);
    tablic_view view;
    session_check(tablic_game_view(g, session_seat_of(game, PERSON), &view), "view");
    draw_status_line(s, game, &view);
    draw_table(s, view.table, marks->marked);
    uint8_t hand[52];
    unsigned count = table_view_cards(view.hand, hand);
    for (unsigned i = 0; i < count; i++)
        draw_card(s, (int)i * CARD_STEP, HAND_Y, hand[i],
                  (int)i == marks->cursor ? CARD_CURSOR : CARD_PLAIN);
    int beside = BESIDE_HAND_X;
    if (marks->played_card != NO_CARD) {
        draw_card(s, beside, HAND_Y, (uint8_t)marks->played_card, CARD_CURSOR);
        beside += CARD_STEP + 2;
    }
    draw_lines(s, beside, HAND_Y + 1, marks->status);
    draw_tallies(s, game);
    if (marks->prompt) screen_small_text(s, 0, PROMPT_Y, marks->prompt, GREY_WHITE);
}

void table_view_banner(screen *s, const char *text) {
    int width = screen_text_width(text) + 8;
    int x = (SCREEN_WIDTH - width) / 2, y = TABLE_Y + 6;
    screen_fill(s, x, y, width, LARGE_CELL_HEIGHT + 6, GREY_WHITE);
    screen_text(s, x + 4, y + 3, text, GREY_BLACK);
}

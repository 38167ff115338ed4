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

static unsigned rank_of(uint8_t card) {
    uint8_t rank;
    session_check(tablic_card_rank(card, &rank), "rank");
    return rank;
}

/* A card's face, or its chip. */
static void draw_card_as(screen *s, int x, int y, uint8_t card, card_look look, bool chip) {
    uint8_t suit;
    session_check(tablic_card_suit(card, &suit), "suit");
    (chip ? screen_chip : screen_card)(s, x, y, rank_of(card), suit, look);
}

static void draw_card(screen *s, int x, int y, uint8_t card, card_look look) {
    draw_card_as(s, x, y, card, look, false);
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

/* Faces show their rank and suit in their first FACE_SHOWN columns (cards.c: the suit's
 * symbol from column 2 to 6), so a face may be covered from there on: two rows of faces hold
 * MOST_FACES cards. A table with more (it can reach 51) is drawn as chips, rank beside suit,
 * in CHIP_ROWS rows of CHIP_ROW_STEP from CHIP_Y, the status line's blank row above them and
 * the hand below. */
#define FACE_SHOWN 7
#define MOST_FACES (2 * (1 + (SCREEN_WIDTH - CARD_WIDTH) / FACE_SHOWN))
#define CHIP_Y 6
#define CHIP_ROW_STEP (SUIT_SIZE + 1)
#define CHIP_ROWS 5
#define CHIP_GAP 2

unsigned table_view_layout(uint64_t table, table_place places[52]) {
    uint8_t cards[52];
    unsigned count = table_view_cards(table, cards);
    bool chips = count > MOST_FACES;
    unsigned per_row = count <= 2 * TABLE_PER_ROW ? TABLE_PER_ROW : (count + 1) / 2;
    int step = per_row <= TABLE_PER_ROW ? CARD_STEP : (SCREEN_WIDTH - CARD_WIDTH) / (int)(per_row - 1);
    int x = 0, y = CHIP_Y;
    for (unsigned i = 0; i < count; i++) {
        table_place *place = &places[i];
        place->card = cards[i];
        place->chip = chips;
        if (!chips) {
            place->x = (int)(i % per_row) * step;
            place->y = TABLE_Y + (int)(i / per_row) * TABLE_ROW_STEP;
            continue;
        }
        /* Chips left to right, a new row when the next does not fit; 51 cards with every
         * ten among them take 5 rows of 11 (tested: test/crowded_table.c). */
        int width = screen_chip_width(rank_of(cards[i]));
        if (x + width > SCREEN_WIDTH) {
            x = 0;
            y += CHIP_ROW_STEP;
        }
        place->x = x + 1; /* room for a marked chip's grey */
        place->y = y;
        x += width + CHIP_GAP;
    }
    return count;
}

static void draw_table(screen *s, uint64_t table, uint64_t marked) {
    table_place places[52];
    unsigned count = table_view_layout(table, places);
    for (unsigned i = 0; i < count; i++) {
        const table_place *place = &places[i];
        draw_card_as(s, place->x, place->y, place->card,
                     marked >> place->card & 1u ? CARD_MARKED : CARD_PLAIN, place->chip);
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

/* sheet_view.c: the score sheet (sheet_view.h). */
#include "sheet_view.h"

#include <inttypes.h>
#include <stdio.h>

#define LABEL_X 0
#define FIRST_COLUMN_X 56
#define COLUMN_STEP 36
#define HEADER_Y 9
#define ROW_STEP 7
#define PROMPT_Y 58

static const char *const row_labels[] = {"CARDS", "CARD POINTS", "TABLAS", "MOST CARDS", "GAME", "TOTAL"};
enum { ROW_CARDS, ROW_POINTS, ROW_TABLAS, ROW_MOST, ROW_GAME, ROW_TOTAL, ROWS };

/* Tablas as tally marks: strokes, every fifth struck through the four before it. */
static void draw_tally(screen *s, int x, int y, uint32_t count) {
    if (count == 0) {
        screen_small_text(s, x, y, "-", GREY_WHITE);
        return;
    }
    for (uint32_t i = 0; i < count; i++) {
        uint32_t group = i / 5, in_group = i % 5;
        int left = x + (int)group * 12;
        if (in_group < 4) screen_fill(s, left + (int)in_group * 2, y, 1, 5, GREY_WHITE);
        else screen_fill(s, left - 1, y + 2, 9, 1, GREY_WHITE);
    }
}

/* The side in the sheet's column: the person's side first. */
static uint32_t column_side(const session *game, uint32_t column) {
    uint32_t mine = session_side_of(game, PERSON);
    return column == 0 ? mine : (column <= mine ? column - 1 : column);
}

/* "YOU WIN", "MARKO WINS", "WE WIN", "THEY WIN", "A TIE" (side -1), into `text`; in a
 * watch "SOUTH WINS", "E-W WIN". */
static const char *winner_words(const session *game, int side, char *text, size_t size) {
    if (side < 0) return "A TIE";
    bool mine = (uint32_t)side == session_side_of(game, PERSON);
    if (game->setup.watch) {
        snprintf(text, size, "%s WIN%s", session_side_name(game, (uint32_t)side),
                 game->setup.pairs ? "" : "S");
        return text;
    }
    if (game->setup.pairs) return mine ? "WE WIN" : "THEY WIN";
    if (mine) return "YOU WIN";
    snprintf(text, size, "%s WINS", session_side_name(game, (uint32_t)side));
    return text;
}

static void draw_title(screen *s, const char *text) {
    screen_text(s, (SCREEN_WIDTH - screen_text_width(text)) / 2, 0, text, GREY_WHITE);
}

void sheet_view_draw(screen *s, const session *game) {
    screen_clear(s);
    tablic_sheet_line sheet;
    session_check(tablic_match_to_target_sheet_line(game->match, &sheet), "sheet line");
    uint32_t sides = session_side_count(game);
    /* A single game has no running total. */
    int rows = game->setup.length == LENGTH_ONE_GAME ? ROW_TOTAL : ROWS;
    char title[32];
    char words[24];
    snprintf(title, sizeof title, "GAME %" PRIu32 ": %s", session_game_number(game),
             winner_words(game, session_game_winner(game), words, sizeof words));
    draw_title(s, title);
    for (uint32_t column = 0; column < sides; column++) {
        uint32_t side = column_side(game, column);
        const tablic_sheet_side *line = &sheet.sides[side];
        int x = FIRST_COLUMN_X + (int)column * COLUMN_STEP;
        screen_small_text(s, x, HEADER_Y, session_side_name(game, side), GREY_WHITE);
        for (int row = 0; row < rows; row++) {
            int y = HEADER_Y + (row + 1) * ROW_STEP;
            char value[12];
            switch (row) {
            case ROW_CARDS: snprintf(value, sizeof value, "%" PRIu32, line->cards); break;
            case ROW_POINTS: snprintf(value, sizeof value, "%" PRIu32, line->card_points); break;
            case ROW_TABLAS: draw_tally(s, x, y, line->tablas); continue;
            case ROW_MOST: snprintf(value, sizeof value, "%s", line->most_cards ? "+3" : "-"); break;
            case ROW_GAME: snprintf(value, sizeof value, "%" PRIu32, line->total); break;
            default: snprintf(value, sizeof value, "%" PRIu32, line->running_total); break;
            }
            screen_small_text(s, x, y, value, row >= ROW_GAME ? GREY_WHITE : GREY_MID);
        }
    }
    for (int row = 0; row < rows; row++)
        screen_small_text(s, LABEL_X, HEADER_Y + (row + 1) * ROW_STEP, row_labels[row], GREY_MID);
    screen_small_text(s, 0, PROMPT_Y,
                      !session_match_over(game)                ? "SELECT: NEXT GAME"
                      : game->setup.length == LENGTH_ONE_GAME ? "SELECT: MENU"
                                                               : "SELECT: THE RESULT",
                      GREY_WHITE);
}

void sheet_view_draw_match_end(screen *s, const session *game) {
    screen_clear(s);
    char text[32], words[24];
    snprintf(text, sizeof text, "%s", winner_words(game, session_match_winner(game), words, sizeof words));
    draw_title(s, game->setup.length == LENGTH_TO_101 ? "MATCH TO 101" : "SERIES OVER");
    screen_text(s, (SCREEN_WIDTH - screen_text_width(text)) / 2, 16, text, GREY_WHITE);
    uint32_t totals[PAIRS_PLAYERS];
    session_totals(game, totals);
    uint32_t mine = session_side_of(game, PERSON);
    snprintf(text, sizeof text, "%s %" PRIu32 " : %" PRIu32 " %s", session_side_name(game, mine),
             totals[mine], totals[1 - mine], session_side_name(game, 1 - mine));
    screen_text(s, (SCREEN_WIDTH - screen_text_width(text)) / 2, 30, text, GREY_MID);
    snprintf(text, sizeof text, "%" PRIu32 " GAME%s", session_game_number(game),
             session_game_number(game) == 1 ? "" : "S");
    screen_small_text(s, (SCREEN_WIDTH - screen_small_text_width(text)) / 2, 42, text, GREY_MID);
    screen_small_text(s, 0, PROMPT_Y, "SELECT: MENU", GREY_WHITE);
}

/* person_turn.c: the person's turn (person_turn.h). */
#include "person_turn.h"

#include <stdio.h>

#include "../board/board.h"
#include "move_words.h"
#include "table_view.h"

/* More moves than a card has in any real game: a crowded table's extra ones are not shown. */
#define MOVES_SHOWN 32

typedef struct card_moves {
    tablic_move moves[MOVES_SHOWN];
    size_t count;
} card_moves;

/* The card's moves, best first; laying it down is the last. */
static void list_moves(const session *game, uint8_t card, card_moves *out) {
    uint64_t captures[MOVES_SHOWN];
    size_t count;
    tablic_result listed =
        tablic_game_card_captures(session_game(game), card, captures, MOVES_SHOWN, &count);
    if (listed == TABLIC_RESULT_BUFFER_TOO_SMALL) {
        /* The best ones, and laying down, which the C API leaves out of a full buffer. */
        count = MOVES_SHOWN;
        captures[MOVES_SHOWN - 1] = 0;
    } else {
        session_check(listed, "card captures");
    }
    for (size_t i = 0; i < count; i++) out->moves[i] = (tablic_move){card, captures[i]};
    out->count = count;
}

/* "2/3 TAKE 5S KH": the choice, and the cards it takes (as many as fit). */
static void describe(const tablic_move *move, size_t index, size_t count, char *text, size_t size) {
    int at = snprintf(text, size, "%u/%u ", (unsigned)index + 1, (unsigned)count);
    move_words(move, NULL, text + at, size - (size_t)at);
}

tablic_move person_turn(const session *game, person_cursor *cursor, screen *picture) {
    tablic_view view;
    session_check(tablic_game_view(session_game(game), session_seat_of(game, PERSON), &view),
                  "view");
    uint8_t hand[52];
    int count = (int)table_view_cards(view.hand, hand);
    if (cursor->card_index >= count) cursor->card_index = count - 1;
    if (cursor->card_index < 0) cursor->card_index = 0;
    card_moves moves;
    list_moves(game, hand[cursor->card_index], &moves);
    size_t choice = 0;
    for (;;) {
        char prompt[33]; /* a line of the small font */
        describe(&moves.moves[choice], choice, moves.count, prompt, sizeof prompt);
        table_marks marks = {
            .cursor = cursor->card_index,
            .marked = moves.moves[choice].capture,
            .played_card = NO_CARD,
            .status = "YOUR TURN",
            .prompt = prompt,
        };
        uint64_t before = board_instructions();
        table_view_draw(picture, game, &marks);
        uint64_t drawing = board_instructions() - before;
        board_show(picture);
        /* What the screen offers, for a test to choose its moments, and what drawing it
         * took (BENCHMARKS.md). */
        char line[80];
        snprintf(line, sizeof line, "# wait turn choice=%u/%u takes=%u draw=%lu", (unsigned)choice + 1,
                 (unsigned)moves.count, (unsigned)__builtin_popcountll(moves.moves[choice].capture),
                 (unsigned long)drawing);
        board_report(line);
        board_key key = board_next_key();
        switch (key) {
        case KEY_LEFT:
        case KEY_RIGHT: {
            int step = key == KEY_LEFT ? count - 1 : 1;
            cursor->card_index = (cursor->card_index + step) % count;
            list_moves(game, hand[cursor->card_index], &moves);
            choice = 0;
            break;
        }
        case KEY_UP: choice = (choice + moves.count - 1) % moves.count; break;
        case KEY_DOWN: choice = (choice + 1) % moves.count; break;
        case KEY_SELECT: return moves.moves[choice];
        default: break;
        }
    }
}

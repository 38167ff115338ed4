/* table_view.h: the game screen, drawn from the game in play and what the person is doing.
 *
 *   y  0  the deal, the deck, the match's running totals
 *   y  7  the table: up to 12 cards a row, two rows, closer together past 24
 *   y 35  the person's hand (cursor), and beside it whose turn it is or a bot's card
 *   y 51  each side's pile so far: cards, card points, tablas
 *   y 58  the prompt: what the chosen move takes, or what a bot did */
#ifndef HANDHELD_TABLE_VIEW_H
#define HANDHELD_TABLE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "../draw/screen.h"
#include "session.h"

#define NO_CARD (-1)

typedef struct table_marks {
    int cursor;          /* index in the person's hand under the cursor, or NO_CARD */
    uint64_t marked;     /* table cards a move takes */
    int played_card;     /* a card a bot plays, drawn beside the hand, or NO_CARD */
    const char *status;  /* beside the hand: two lines, split at '\n' */
    const char *prompt;  /* the bottom line */
} table_marks;

void table_view_draw(screen *s, const session *game, const table_marks *marks);
/* A word across the middle of the screen, inverted: "TABLA", "DEAL 2". */
void table_view_banner(screen *s, const char *text);
/* The cards of `cards` in order, as the hand shows them: their indices into `out`. */
unsigned table_view_cards(uint64_t cards, uint8_t out[52]);

/* Where a table card is drawn: a face (screen_card) at (x, y), or on a table too crowded for
 * faces a chip (screen_chip). Up to 24 cards are faces in two rows of 12; up to 36, faces
 * squeezed closer, each still showing its rank and suit; more, chips in five rows. */
typedef struct table_place {
    uint8_t card;
    bool chip;
    int x, y;
} table_place;

/* The places of `table`'s cards, in card order; returns how many. */
unsigned table_view_layout(uint64_t table, table_place places[52]);

#endif

/* person_turn.h: the person chooses a move with the keys: left and right go through their
 * hand, up and down through the chosen card's moves (best first, laying it down among
 * them), select plays. */
#ifndef HANDHELD_PERSON_TURN_H
#define HANDHELD_PERSON_TURN_H

#include "../draw/screen.h"
#include "session.h"

/* Where the cursor was, kept from one turn to the next. */
typedef struct person_cursor {
    int card_index;
} person_cursor;

tablic_move person_turn(const session *game, person_cursor *cursor, screen *picture);

#endif

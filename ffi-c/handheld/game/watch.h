/* watch.h: a game with bots in every seat, for the person to watch (the menu's WATCH). Each
 * move is shown as a bot's move is in a game the person plays, then stays up for the
 * speed's pause. The keys, taken between moves:
 *   select  pause, or go on
 *   right   the next move now (paused: one move, and stay paused)
 *   up/down faster/slower: X1 (a bot's pause in play, 1.5 s), X2, X5, MAX (no pause)
 *   left    leave, back to the menu
 * Under the mover's name: what the move does ("TAKES", "LAYS DOWN") or PAUSED, and the
 * speed. */
#ifndef HANDHELD_WATCH_H
#define HANDHELD_WATCH_H

#include <stdbool.h>

#include "../draw/screen.h"
#include "session.h"

/* How the person watches, kept from one game to the next. */
typedef struct watch_state {
    unsigned speed; /* 0 (X1) to WATCH_SPEEDS - 1 (MAX) */
    bool paused;
} watch_state;

#define WATCH_SPEEDS 4u

/* Watches the game in play to its end (true), or until the person leaves (false). */
bool watch_game(session *game, screen *picture, watch_state *state);

#endif

/* play.h: one game, from its deal to its last move: the person's turns, the bots' turns
 * shown so a person can follow them, tablas and new deals announced. */
#ifndef HANDHELD_PLAY_H
#define HANDHELD_PLAY_H

#include "../draw/screen.h"
#include "session.h"

/* How long a bot's move stays highlighted, and a banner stays up, unless a key cuts it
 * short (the key is kept for the next screen). */
#define BOT_MOVE_PAUSE_MS 1500u
#define BANNER_PAUSE_MS 1000u

void play_game(session *game, screen *picture);

#endif

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

/* A bot's turn as the screen shows it, in two steps: "THINKING" under its name while it
 * decides (the move is returned, not played), then its move shown with `state` under its
 * name (play_move_verb's word, or a watch's), its card beside the hand, what it takes
 * marked and the move in words at the bottom. */
tablic_move play_bot_decides(session *game, int player, screen *picture);
void play_bot_move_show(session *game, int player, const tablic_move *move, const char *state,
                        screen *picture);
/* "TAKES" or "LAYS DOWN". */
const char *play_move_verb(const tablic_move *move);
/* Reports `# pause WHAT` and waits `milliseconds` unless a key comes (board_key_waiting):
 * whether one did. */
bool play_pause(const char *what, uint32_t milliseconds);
/* After a move: a tabla, a new deal, announced over the table for `banner_ms` each. */
void play_announce(session *game, screen *picture, uint32_t banner_ms);

#endif

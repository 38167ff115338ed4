/* session.h: the games a person plays on the handheld, from the start menu's choices to the
 * end of a match: one match-to-a-target handle (the C API's) holds them all. A single game
 * and a series are matches that stop after their games; a match to 101 stops when the C API
 * says it is decided. The person is player 0; in pairs, player 2 is their partner.
 *
 * Every call that changes the games writes the transcript (board_report): the lines a test
 * compares between the board and the host. */
#ifndef HANDHELD_SESSION_H
#define HANDHELD_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "tablic.h"

/* How long the person plays. */
typedef enum session_length {
    LENGTH_ONE_GAME,
    LENGTH_SERIES,  /* SERIES_GAMES games, their scores added up */
    LENGTH_TO_101,  /* a match to TABLIC_MATCH_DEFAULT_TARGET */
    LENGTH_CHOICES,
} session_length;

#define SERIES_GAMES 5u
/* Players: two alone, or four in two pairs (the person and player 2 against 1 and 3). In a
 * watch, a bot plays for the person: "the person" below is the seat the screen shows. */
#define PAIRS_PLAYERS 4u
#define PERSON 0u

/* What the start menu chose. */
typedef struct session_setup {
    unsigned level; /* index into handheld_levels: every bot's, or in a watch side 0's */
    bool pairs;
    session_length length;
    bool watch;           /* bots in every seat, the person watching (watch.h) */
    unsigned watch_level; /* in a watch, side 1's level */
} session_setup;

typedef struct session {
    session_setup setup;
    uint64_t seed;
    uint32_t players;
    tablic_match_to_target *match;
    tablic_played last_played;
} session;

/* Deals the first game. */
void session_start(session *s, session_setup setup, uint64_t seed);

/* The game in play (or just over): the match's, read-only. */
const tablic_game *session_game(const session *s);
/* The player to move, or -1 when the game is over. */
int session_player_to_move(const session *s);
/* The seat `player` has in the game in play, and the player in `seat`. */
uint32_t session_seat_of(const session *s, uint32_t player);
uint32_t session_player_at(const session *s, uint32_t seat);
/* The side `player` plays for, and the number of sides. */
uint32_t session_side_of(const session *s, uint32_t player);
uint32_t session_side_count(const session *s);
/* The side `player` plays for in the game in play's numbering (by seat), which the game's
 * results use; the match numbers its sides by player. */
uint32_t session_game_side_of(const session *s, uint32_t player);
/* A player's name on the screen. In a watch the players are SOUTH (player 0, whose hand is
 * shown) and NORTH alone, SOUTH, WEST, NORTH and EAST in pairs. */
const char *session_player_name(const session *s, uint32_t player);
/* A side's name: the person's side is "YOU" alone and "US" in pairs; in a watch, the
 * player's name alone and "N-S", "E-W" in pairs. */
const char *session_side_name(const session *s, uint32_t side);
/* The level `player` plays at (an index into handheld_levels). */
unsigned session_level_of(const session *s, uint32_t player);

/* The bot to move decides (measured: a `# decision` line); the move is not played. */
tablic_move session_bot_move(session *s);
/* Plays `move` for the player to move and reports it; its effects are in last_played. */
void session_play(session *s, tablic_move move);

bool session_game_over(const session *s);
/* The match is over: its last game is over and no other follows. */
bool session_match_over(const session *s);
/* 1 for the first game. */
uint32_t session_game_number(const session *s);
/* Deals the next game (the match is not over). */
void session_next_game(session *s);
/* The running totals by side, including the game in play once it is over. */
void session_totals(const session *s, uint32_t totals[PAIRS_PLAYERS]);
/* The side that won the game just over, or -1 on a tie. */
int session_game_winner(const session *s);
/* The side that won the match once it is over, or -1 on a tie (a series can end level). */
int session_match_winner(const session *s);

/* A C API call that failed is a bug: report it and stop the run. */
void session_check(tablic_result result, const char *what);

#endif

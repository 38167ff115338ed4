/* match.h: one seeded two-player game of tablić between two bots, every move and the result
 * printed. The same source runs on the handheld (Cortex-M, no_std libtablic, caller storage
 * only) and on the host (std libtablic); the test compares their printed lines byte by byte.
 *
 * Everything lives in static memory of match.c: no handle, bot or search memory is ever
 * allocated, on either build. */
#ifndef HANDHELD_MATCH_H
#define HANDHELD_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "tablic.h"

/* Search memory (bytes) the searching bot of a game (pimc, ismcts) gets: static, the same on both builds, so both search
 * the same transposition table and choose the same moves. 128 entries of 16 bytes: the
 * solver's recursion needs most of the handheld's 64 KB of RAM as stack (README.md). */
#ifndef MATCH_SEARCH_MEMORY_BYTES
#define MATCH_SEARCH_MEMORY_BYTES (2u * 1024u)
#endif

/* How a bot's move is asked for: tablic_bot_choose itself, or (on the handheld) a wrapper
 * that measures the stack the call uses. `spec` is the bot's spec text. */
typedef enum tablic_result (*match_choose_fn)(void *context, const char *spec, tablic_bot *bot,
                                              const tablic_game *game, uint32_t seat,
                                              tablic_move *chosen);

/* One game: seat s is played by `bots[s]`, a spec as on the command line. */
struct match_game {
    const char *title;
    uint64_t seed;          /* deal seed (tablic_game_new) */
    uint64_t bot_seeds[2];  /* the bots' own seeds */
    const char *bots[2];
};

/* Plays the game, printing a header, one line per move and the result with printf.
 * Returns 0 when every call returned TABLIC_RESULT_OK and the game ended properly (all 48
 * moves, 52 cards and 22 card points in the piles, a consistent winner), 1 otherwise. Every
 * line it prints starts with a character other than '#': lines starting with '#' are
 * reserved for what only one build prints (the handheld's memory figures). */
int match_play(const struct match_game *game, match_choose_fn choose, void *context);

/* tablic_bot_choose with the match_choose_fn signature (for builds that measure nothing). */
enum tablic_result match_choose_direct(void *context, const char *spec, tablic_bot *bot,
                                       const tablic_game *game, uint32_t seat,
                                       tablic_move *chosen);

/* The games both builds play, in order, and their count. */
extern const struct match_game match_games[];
extern const size_t match_game_count;

/* The game storage, both bot storages and the search memory: the static memory the
 * library works in (reported by the handheld). */
size_t match_static_bytes(void);

#endif

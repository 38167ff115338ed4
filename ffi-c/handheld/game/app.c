/* app.c: menu, games, sheets (app.h). */
#include "app.h"

#include "../board/board.h"
#include "menu.h"
#include "play.h"
#include "sheet_view.h"
#include "watch.h"

/* The one picture every screen draws on: 4 KB of the 64. */
static screen picture;

/* Shows a picture until the person presses select; every wait for a key is reported, as
 * every other screen's is, so that a test knows the firmware waits after any key. These
 * screens follow each game: each reports the stack's peak so far once (the game's decisions
 * and the sheet's drawing included). */
static void show_until_select(const char *what) {
    board_show(&picture);
    board_report_stack();
    do {
        board_report(what);
    } while (board_next_key() != KEY_SELECT);
}

/* The game in play to its end (true), or until the person leaves a watch (false). */
static bool play_or_watch(session *game, watch_state *watching) {
    if (game->setup.watch) return watch_game(game, &picture, watching);
    play_game(game, &picture);
    return true;
}

static void play_session(session *game) {
    watch_state watching = {.speed = 0, .paused = false};
    for (;;) {
        if (!play_or_watch(game, &watching)) return;
        sheet_view_draw(&picture, game);
        show_until_select("# wait sheet");
        if (session_match_over(game)) break;
        session_next_game(game);
    }
    if (game->setup.length == LENGTH_ONE_GAME) return;
    sheet_view_draw_match_end(&picture, game);
    show_until_select("# wait end");
}

void app_run(void) {
    session_setup setup = {.level = 1, .pairs = false, .length = LENGTH_ONE_GAME,
                           .watch = false, .watch_level = 1};
    static session game;
    /* A fixed seed (a test's, or a build's) would deal every session the same: the n-th
     * session's seed is the board's moved on n times. */
    for (uint64_t sessions = 0;; sessions++) {
        setup = menu_run(&picture, setup);
        session_start(&game, setup, board_seed() + sessions * 0x9E3779B97F4A7C15ull);
        play_session(&game);
    }
}

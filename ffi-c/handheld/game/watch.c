/* watch.c: bots in every seat, watched (watch.h). */
#include "watch.h"

#include <stdio.h>

#include "../board/board.h"
#include "play.h"

/* A move's pause at each speed; a banner (tabla, deal) stays up two thirds of it, as in
 * play (play.h). */
static const uint32_t move_pause_ms[WATCH_SPEEDS] = {BOT_MOVE_PAUSE_MS, BOT_MOVE_PAUSE_MS / 2,
                                                     BOT_MOVE_PAUSE_MS / 5, 0};
static const char *const speed_names[WATCH_SPEEDS] = {"X1", "X2", "X5", "MAX"};

static void show_move(session *game, screen *picture, const watch_state *state, int player,
                      const tablic_move *move) {
    char words[16];
    snprintf(words, sizeof words, "%s %s", state->paused ? "PAUSED" : play_move_verb(move),
             speed_names[state->speed]);
    play_bot_move_show(game, player, move, words, picture);
}

/* The keys while a move is shown, until the next move is due (true) or the person leaves
 * (false). */
static bool keys_after_move(session *game, screen *picture, watch_state *state, int player,
                            const tablic_move *move) {
    for (;;) {
        if (state->paused) {
            board_report("# wait watch paused");
        } else if (!play_pause("watch move", move_pause_ms[state->speed])) {
            return true;
        }
        switch (board_next_key()) {
        case KEY_SELECT:
            state->paused = !state->paused;
            if (!state->paused) return true;
            break;
        case KEY_RIGHT: return true;
        case KEY_UP:
            if (state->speed + 1 < WATCH_SPEEDS) state->speed++;
            break;
        case KEY_DOWN:
            if (state->speed > 0) state->speed--;
            break;
        case KEY_LEFT: return false;
        default: break;
        }
        show_move(game, picture, state, player, move);
    }
}

bool watch_game(session *game, screen *picture, watch_state *state) {
    for (int player; (player = session_player_to_move(game)) >= 0;) {
        tablic_move move = play_bot_decides(game, player, picture);
        show_move(game, picture, state, player, &move);
        if (!keys_after_move(game, picture, state, player, &move)) {
            board_report("watch left");
            return false;
        }
        session_play(game, move);
        play_announce(game, picture, move_pause_ms[state->speed] * 2 / 3);
    }
    return true;
}

/* play.c: one game (play.h). */
#include "play.h"

#include <stdio.h>

#include "../board/board.h"
#include "move_words.h"
#include "person_turn.h"
#include "table_view.h"

bool play_pause(const char *what, uint32_t milliseconds) {
    char line[40];
    snprintf(line, sizeof line, "# pause %s", what);
    board_report(line);
    return board_key_waiting(milliseconds);
}

tablic_move play_bot_decides(session *game, int player, screen *picture) {
    char status[24];
    snprintf(status, sizeof status, "%s\nTHINKING", session_player_name(game, (uint32_t)player));
    table_marks marks = {.cursor = NO_CARD, .played_card = NO_CARD, .status = status};
    table_view_draw(picture, game, &marks);
    board_show(picture);
    return session_bot_move(game);
}

const char *play_move_verb(const tablic_move *move) {
    return move->capture ? "TAKES" : "LAYS DOWN";
}

void play_bot_move_show(session *game, int player, const tablic_move *move, const char *state,
                        screen *picture) {
    const char *name = session_player_name(game, (uint32_t)player);
    char status[24], prompt[33]; /* a line of the small font */
    snprintf(status, sizeof status, "%s\n%s", name, state);
    move_words(move, name, prompt, sizeof prompt);
    table_marks marks = {.cursor = NO_CARD, .marked = move->capture, .played_card = move->card,
                         .status = status, .prompt = prompt};
    if ((uint32_t)player == PERSON) {
        /* A watched game's shown seat: its card is in the hand on the screen, under the
         * cursor as a person's choice is (the hand is in card order). */
        tablic_view view;
        session_check(tablic_game_view(session_game(game), session_seat_of(game, PERSON), &view),
                      "view");
        marks.cursor = __builtin_popcountll(view.hand & ((1ull << move->card) - 1u));
        marks.played_card = NO_CARD;
    }
    table_view_draw(picture, game, &marks);
    board_show(picture);
}

static tablic_move bot_turn(session *game, int player, screen *picture) {
    tablic_move move = play_bot_decides(game, player, picture);
    play_bot_move_show(game, player, &move, play_move_verb(&move), picture);
    play_pause(move.capture ? "bot move takes" : "bot move lays down", BOT_MOVE_PAUSE_MS);
    return move;
}

void play_announce(session *game, screen *picture, uint32_t banner_ms) {
    const tablic_played *played = &game->last_played;
    if (played->finished || !(played->tabla || played->new_deal)) return;
    table_marks marks = {.cursor = NO_CARD, .played_card = NO_CARD};
    table_view_draw(picture, game, &marks);
    if (played->tabla) {
        table_view_banner(picture, "TABLA!");
        board_show(picture);
        play_pause("tabla", banner_ms);
        table_view_draw(picture, game, &marks);
    }
    if (played->new_deal) {
        tablic_view view;
        session_check(tablic_game_view(session_game(game), session_seat_of(game, PERSON), &view),
                      "view");
        char text[16];
        snprintf(text, sizeof text, "DEAL %u", (unsigned)view.deals_dealt);
        table_view_banner(picture, text);
        board_show(picture);
        play_pause("deal", banner_ms);
    }
}

void play_game(session *game, screen *picture) {
    person_cursor cursor = {0};
    for (int player; (player = session_player_to_move(game)) >= 0;) {
        tablic_move move = player == (int)PERSON ? person_turn(game, &cursor, picture)
                                                 : bot_turn(game, player, picture);
        session_play(game, move);
        play_announce(game, picture, BANNER_PAUSE_MS);
    }
}

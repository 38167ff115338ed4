/* play.c: one game (play.h). */
#include "play.h"

#include <stdio.h>

#include "../board/board.h"
#include "move_words.h"
#include "person_turn.h"
#include "table_view.h"

static void pause_for(const char *what, uint32_t milliseconds) {
    char line[40];
    snprintf(line, sizeof line, "# pause %s", what);
    board_report(line);
    board_key_waiting(milliseconds);
}

static tablic_move bot_turn(session *game, int player, screen *picture) {
    const char *name = session_player_name(game, (uint32_t)player);
    char status[24];
    snprintf(status, sizeof status, "%s\nTHINKING", name);
    table_marks marks = {.cursor = NO_CARD, .played_card = NO_CARD, .status = status};
    table_view_draw(picture, game, &marks);
    board_show(picture);
    tablic_move move = session_bot_move(game);

    char prompt[33]; /* a line of the small font */
    move_words(&move, name, prompt, sizeof prompt);
    snprintf(status, sizeof status, "%s\n%s", name, move.capture ? "TAKES" : "LAYS DOWN");
    marks = (table_marks){.cursor = NO_CARD, .marked = move.capture,
                          .played_card = move.card, .status = status, .prompt = prompt};
    table_view_draw(picture, game, &marks);
    board_show(picture);
    pause_for(move.capture ? "bot move takes" : "bot move lays down", BOT_MOVE_PAUSE_MS);
    return move;
}

/* A tabla, a new deal: shown over the table after the move. */
static void announce(session *game, screen *picture) {
    const tablic_played *played = &game->last_played;
    if (played->finished || !(played->tabla || played->new_deal)) return;
    table_marks marks = {.cursor = NO_CARD, .played_card = NO_CARD};
    table_view_draw(picture, game, &marks);
    if (played->tabla) {
        table_view_banner(picture, "TABLA!");
        board_show(picture);
        pause_for("tabla", BANNER_PAUSE_MS);
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
        pause_for("deal", BANNER_PAUSE_MS);
    }
}

void play_game(session *game, screen *picture) {
    person_cursor cursor = {0};
    for (int player; (player = session_player_to_move(game)) >= 0;) {
        tablic_move move = player == (int)PERSON ? person_turn(game, &cursor, picture)
                                                 : bot_turn(game, player, picture);
        session_play(game, move);
        announce(game, picture);
    }
}

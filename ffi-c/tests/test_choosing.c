/* test_choosing.c: what a device needs to let a person play, through tablic.h: a card's
 * captures best first, the score so far, and the last move with who played it. Orders and
 * scores on hand-made positions are counted by hand. Built with -Wall -Wextra -Werror
 * -pedantic and run under ASan + UBSan and under valgrind by ffi-c/Makefile. Exits with 1
 * when a check fails. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "tablic.h"

/* Four moves from the end, seat 0 to move with 10S and 2S; seat 1 holds 9H and QD. Seat 0's
 * pile: 21 cards worth 5 points (the aces and 2C); seat 1's: 22 cards worth 11 (10C, the
 * jacks, three queens, three kings). 10D is worth 2 points, 10H and 10S 1 each. */
#define FOUR_FROM_THE_END                                                                  \
    "players=2 ply=44 table=10D,10H,4S,6C,KC hands=10S,2S;9H,QD "                          \
    "piles=AC,AD,AH,AS,2C,2D,2H,3C,3D,3H,3S,4C,4D,4H,5C,5D,5H,5S,6D,6H,6S;"                \
    "7C,7D,7H,7S,8C,8D,8H,8S,9C,9D,9S,10C,JC,JD,JH,JS,QC,QH,QS,KD,KH,KS "                   \
    "tablas=0,0 last=1 deck=-"

/* Everyone laid every card down: 48 cards on the table, where a king takes in billions of
 * ways. */
#define CROWDED                                                                            \
    "players=2 ply=44 table=AC,AD,AH,AS,2C,2D,2H,2S,3C,3D,3H,3S,4C,4D,4H,4S,5C,5D,5H,5S,"  \
    "6C,6D,6H,6S,7C,7D,7H,7S,8C,8D,8H,8S,9C,9D,9H,9S,10C,10D,10H,10S,JC,JD,JH,JS,QC,QD,"  \
    "QH,QS hands=KC,KD;KH,KS piles=-;- tablas=0,0 last=- deck=-"

static tablic_game *game_at(const char *text) {
    tablic_position *position = NULL;
    tablic_game *game = NULL;
    char reason[256] = "";
    CHECK_OK(tablic_position_new_from_text(NULL, text, &position, reason, sizeof reason));
    if (reason[0] != '\0') fprintf(stderr, "    %s\n", reason);
    CHECK_OK(tablic_game_new_from_position(NULL, position, &game));
    tablic_position_free(position);
    return game;
}

static void test_a_cards_captures_come_best_first(void) {
    tablic_game *game = game_at(FOUR_FROM_THE_END);
    /* The most points first, then the most cards; laying the card down last. */
    const uint64_t expected[8] = {
        cards("10D 10H 4S 6C"), cards("10D 10H"), cards("10D 4S 6C"), cards("10D"),
        cards("10H 4S 6C"),     cards("10H"),     cards("4S 6C"),     0,
    };
    uint64_t captures[10];
    size_t count = 0;
    CHECK_OK(tablic_game_card_captures(game, card("10S"), captures, 10, &count));
    CHECK(count == 8);
    CHECK(memcmp(captures, expected, sizeof expected) == 0);

    /* A short buffer holds the best, and the count says how many there are. */
    memset(captures, 0xff, sizeof captures);
    CHECK_RESULT(tablic_game_card_captures(game, card("10S"), captures, 3, &count),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 8);
    CHECK(memcmp(captures, expected, 3 * sizeof captures[0]) == 0);
    CHECK(captures[3] == UINT64_MAX);
    CHECK_RESULT(tablic_game_card_captures(game, card("10S"), NULL, 0, &count),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 8);

    /* Nothing sums to two: the card can only be laid down; the rest is cleared. */
    memset(captures, 0xff, sizeof captures);
    CHECK_OK(tablic_game_card_captures(game, card("2S"), captures, 10, &count));
    CHECK(count == 1 && captures[0] == 0 && captures[1] == 0 && captures[9] == 0);

    /* Each refusal with its code, the buffer and count untouched. */
    memset(captures, 0xff, sizeof captures);
    count = 99;
    CHECK_RESULT(tablic_game_card_captures(game, card("9H"), captures, 10, &count),
                 TABLIC_RESULT_CARD_NOT_IN_HAND);
    CHECK_RESULT(tablic_game_card_captures(game, card("10D"), captures, 10, &count),
                 TABLIC_RESULT_CARD_NOT_IN_HAND);
    CHECK_RESULT(tablic_game_card_captures(game, 52, captures, 10, &count),
                 TABLIC_RESULT_INVALID_CARD);
    CHECK_RESULT(tablic_game_card_captures(NULL, card("10S"), captures, 10, &count),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_card_captures(game, card("10S"), captures, 10, NULL),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_card_captures(game, card("10S"), NULL, 10, &count),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK(count == 99 && captures[0] == UINT64_MAX && captures[9] == UINT64_MAX);

    /* The best is a move to play; after it, the other seat's cards. */
    tablic_played played;
    CHECK_OK(tablic_game_play(game, (tablic_move){card("10S"), expected[0]}, &played));
    CHECK(played.seat == 0 && !played.tabla);
    CHECK_RESULT(tablic_game_card_captures(game, card("2S"), captures, 10, &count),
                 TABLIC_RESULT_CARD_NOT_IN_HAND);
    /* Only KC is left, which a queen cannot take. */
    CHECK_OK(tablic_game_card_captures(game, card("QD"), captures, 10, &count));
    CHECK(count == 1 && captures[0] == 0);
    tablic_game_free(game);

    /* A tabla comes first, whatever it takes. */
    game = game_at("players=2 ply=44 table=3H,4D,7C hands=7S,2S;9H,QD "
                   "piles=AC,AD,AH,AS,2C,2D,2H,3C,3D,3S,4C,4H,4S,5C,5D,5H,5S,6C,6D,6H,6S,7D;"
                   "7H,8C,8D,8H,8S,9C,9D,9S,10C,10D,10H,10S,JC,JD,JH,JS,QC,QH,QS,KC,KD,KH,KS "
                   "tablas=0,0 last=1 deck=-");
    const uint64_t with_tabla[4] = {cards("3H 4D 7C"), cards("3H 4D"), cards("7C"), 0};
    CHECK_OK(tablic_game_card_captures(game, card("7S"), captures, 10, &count));
    CHECK(count == 4 && memcmp(captures, with_tabla, sizeof with_tabla) == 0);
    tablic_game_free(game);

    /* Too many to list: refused at once, nothing written. */
    game = game_at(CROWDED);
    memset(captures, 0xff, sizeof captures);
    count = 99;
    CHECK_RESULT(tablic_game_card_captures(game, card("KC"), captures, 10, &count),
                 TABLIC_RESULT_TOO_MANY);
    CHECK(count == 99 && captures[0] == UINT64_MAX);
    tablic_game_free(game);
}

/* The first legal move, played; what the play returned. */
static tablic_played play_first(tablic_game *game, tablic_move *chosen) {
    tablic_move legal[64];
    size_t count = 0;
    tablic_result listed = tablic_game_legal_moves(game, legal, 64, &count);
    CHECK(listed == TABLIC_RESULT_OK || listed == TABLIC_RESULT_BUFFER_TOO_SMALL);
    /* The last legal move: a capture more often than the first, a discard. */
    *chosen = legal[(count < 64 ? count : 64) - 1];
    tablic_played played = {0};
    CHECK_OK(tablic_game_play(game, *chosen, &played));
    return played;
}

static void test_the_last_move_is_told_as_it_was_played(void) {
    tablic_game *game = NULL;
    CHECK_OK(tablic_game_new(NULL, 3, 5, &game));
    tablic_move last = {0, 0};
    tablic_played how = {0};
    CHECK_RESULT(tablic_game_last_move(game, &last, &how), TABLIC_RESULT_NO_MOVE_YET);
    bool finished = false, captured = false;
    while (!finished) {
        tablic_move chosen;
        tablic_played played = play_first(game, &chosen);
        memset(&last, 0xff, sizeof last);
        memset(&how, 0xff, sizeof how);
        CHECK_OK(tablic_game_last_move(game, &last, &how));
        CHECK(last.card == chosen.card && last.capture == chosen.capture);
        CHECK(how.seat == played.seat && how.tabla == played.tabla);
        CHECK(how.new_deal == played.new_deal && how.finished == played.finished);
        CHECK_OK(tablic_game_last_move(game, &last, NULL));
        captured = captured || chosen.capture != 0;
        finished = played.finished;
    }
    CHECK(captured);
    CHECK_RESULT(tablic_game_last_move(game, NULL, &how), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_last_move(NULL, &last, &how), TABLIC_RESULT_NULL_ARGUMENT);
    tablic_game_free(game);

    /* A game from a position has no move until one is played from it. */
    game = game_at(FOUR_FROM_THE_END);
    CHECK_RESULT(tablic_game_last_move(game, &last, &how), TABLIC_RESULT_NO_MOVE_YET);
    CHECK_OK(tablic_game_play(game, (tablic_move){card("2S"), 0}, NULL));
    CHECK_OK(tablic_game_last_move(game, &last, &how));
    CHECK(last.card == card("2S") && last.capture == 0);
    CHECK(how.seat == 0 && !how.tabla && !how.new_deal && !how.finished);
    tablic_game_free(game);
}

static void test_the_score_so_far_counts_the_piles_as_they_stand(void) {
    tablic_game *game = game_at(FOUR_FROM_THE_END);
    tablic_side_result sides[3];
    size_t count = 0;
    CHECK_OK(tablic_game_side_results_so_far(game, sides, 3, &count));
    CHECK(count == 2);
    CHECK(sides[0].cards == 21 && sides[0].card_points == 5 && sides[0].tablas == 0);
    CHECK(!sides[0].most_cards && sides[0].total == 5);
    CHECK(sides[1].cards == 22 && sides[1].card_points == 11 && sides[1].tablas == 0);
    CHECK(sides[1].most_cards && sides[1].total == 14);

    /* 10S takes 10D 10H 4S 6C: five cards and four points, and the most cards change hands. */
    CHECK_OK(tablic_game_play(game, (tablic_move){card("10S"), cards("10D 10H 4S 6C")}, NULL));
    CHECK_OK(tablic_game_side_results_so_far(game, sides, 3, &count));
    CHECK(sides[0].cards == 26 && sides[0].card_points == 9);
    CHECK(sides[0].most_cards && sides[0].total == 12);
    CHECK(sides[1].cards == 22 && !sides[1].most_cards && sides[1].total == 11);

    CHECK_RESULT(tablic_game_side_results_so_far(game, sides, 1, &count),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    CHECK_RESULT(tablic_game_side_results_so_far(game, sides, 3, NULL),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_side_results_so_far(NULL, sides, 3, &count),
                 TABLIC_RESULT_NULL_ARGUMENT);

    /* At the end: the result itself. */
    bool finished = false;
    while (!finished) {
        tablic_move chosen;
        finished = play_first(game, &chosen).finished;
    }
    tablic_side_result final_sides[2];
    CHECK_OK(tablic_game_side_results_so_far(game, sides, 3, &count));
    CHECK_OK(tablic_game_side_results(game, final_sides, 2, &count));
    CHECK(count == 2);
    for (int side = 0; side < 2; side++) {
        CHECK(sides[side].cards == final_sides[side].cards);
        CHECK(sides[side].card_points == final_sides[side].card_points);
        CHECK(sides[side].tablas == final_sides[side].tablas);
        CHECK(sides[side].most_cards == final_sides[side].most_cards);
        CHECK(sides[side].total == final_sides[side].total);
    }
    CHECK(sides[0].card_points + sides[1].card_points == 22);

    /* Game over: nothing to choose. */
    uint64_t captures[4];
    CHECK_RESULT(tablic_game_card_captures(game, card("9H"), captures, 4, &count),
                 TABLIC_RESULT_GAME_OVER);
    tablic_game_free(game);
}

int main(void) {
    test_a_cards_captures_come_best_first();
    test_the_last_move_is_told_as_it_was_played();
    test_the_score_so_far_counts_the_piles_as_they_stand();
    if (check_failures > 0) {
        fprintf(stderr, "test_choosing: %d check(s) failed\n", check_failures);
        return 1;
    }
    printf("test_choosing: all checks passed\n");
    return 0;
}

/* test_sides.c: rules and sides through tablic.h: rules as a struct and as text, every
 * error with its message, games under house rules scored by hand (the core's worked
 * examples), side results, and rules carried by positions and records. Built with -Wall
 * -Wextra -Werror -pedantic and run under ASan + UBSan and under valgrind by
 * ffi-c/Makefile. Exits with 1 when a check fails. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "tablic.h"

static const tablic_rules PAIRS = {2, TABLIC_LEFTOVERS_LAST_CAPTURER, TABLIC_FINAL_TABLA_COUNTS};

static int rules_equal(tablic_rules a, tablic_rules b) {
    return a.side_size == b.side_size && a.leftovers == b.leftovers &&
           a.final_tabla == b.final_tabla;
}

/* True when `text` equals `expected`, printing both when not. */
static int same_text(const char *text, const char *expected) {
    if (strcmp(text, expected) != 0) {
        fprintf(stderr, "    got:      %s\n    expected: %s\n", text, expected);
        return 0;
    }
    return 1;
}

static void test_rules_text(void) {
    tablic_rules rules = PAIRS;
    char text[128];
    char message[256];
    size_t length = 99;

    CHECK_OK(tablic_rules_parse("side-size=2 leftovers=last-player final-tabla=no", &rules, NULL,
                                0));
    CHECK(rules.side_size == 2 && rules.leftovers == TABLIC_LEFTOVERS_LAST_PLAYER &&
          rules.final_tabla == TABLIC_FINAL_TABLA_DOES_NOT_COUNT);
    CHECK_OK(tablic_rules_text(rules, text, sizeof text, &length));
    CHECK(same_text(text, "side-size=2 leftovers=last-player final-tabla=no"));
    CHECK(length == strlen(text));

    /* The original rules are the empty text, both ways. */
    CHECK_OK(tablic_rules_parse("", &rules, NULL, 0));
    CHECK(rules_equal(rules, TABLIC_RULES_ORIGINAL));
    CHECK(rules.side_size == 1 && rules.leftovers == TABLIC_LEFTOVERS_LAST_CAPTURER &&
          rules.final_tabla == TABLIC_FINAL_TABLA_COUNTS);
    CHECK_OK(tablic_rules_text(TABLIC_RULES_ORIGINAL, text, sizeof text, &length));
    CHECK(same_text(text, "") && length == 0);
    CHECK_RESULT(tablic_rules_text(PAIRS, text, 11, &length), TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(length == strlen("side-size=2"));

    /* Bad text: the code, and the reason in the message buffer. */
    rules = PAIRS;
    CHECK_RESULT(tablic_rules_parse("pairs", &rules, message, sizeof message),
                 TABLIC_RESULT_INVALID_RULES);
    CHECK(same_text(message, "unknown rule \"pairs\" (rules: side-size=K, "
                             "leftovers=WHO, final-tabla=yes|no)"));
    CHECK(rules_equal(rules, PAIRS));
    CHECK_RESULT(tablic_rules_parse("leftovers=dealer", &rules, message, sizeof message),
                 TABLIC_RESULT_INVALID_RULES);
    CHECK(same_text(message, "leftovers=\"dealer\": expected last-capturer or last-player"));
    CHECK_RESULT(tablic_rules_parse("side-size=2 side-size=2", &rules, NULL, 0),
                 TABLIC_RESULT_INVALID_RULES);
    CHECK_RESULT(tablic_rules_parse("\xff", &rules, NULL, 0), TABLIC_RESULT_INVALID_UTF8);
    CHECK_RESULT(tablic_rules_parse(NULL, &rules, NULL, 0), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_rules_parse("", NULL, NULL, 0), TABLIC_RESULT_NULL_ARGUMENT);
}

static void test_rules_check(void) {
    char message[256] = "";
    CHECK_OK(tablic_rules_check(PAIRS, 4, message, sizeof message));
    CHECK_OK(tablic_rules_check(TABLIC_RULES_ORIGINAL, 2, NULL, 0));
    CHECK_RESULT(tablic_rules_check(PAIRS, 3, message, sizeof message),
                 TABLIC_RESULT_INVALID_RULES);
    CHECK(same_text(message, "3 players cannot sit in sides of 2 (the side size must divide the "
                             "player count)"));
    CHECK_RESULT(tablic_rules_check(PAIRS, 2, message, sizeof message),
                 TABLIC_RESULT_INVALID_RULES);
    CHECK(same_text(message,
                    "sides of 2 leave 2 players on one side, with nobody to play against"));
    CHECK_RESULT(tablic_rules_check(PAIRS, 5, message, sizeof message),
                 TABLIC_RESULT_INVALID_PLAYER_COUNT);

    /* Fields that hold no rule. */
    tablic_rules bad = {1, 7, TABLIC_FINAL_TABLA_COUNTS};
    CHECK_RESULT(tablic_rules_check(bad, 2, message, sizeof message), TABLIC_RESULT_INVALID_RULES);
    CHECK(same_text(message, "leftovers=\"7\": expected last-capturer or last-player"));
    bad = (tablic_rules){1, TABLIC_LEFTOVERS_LAST_CAPTURER, 2};
    CHECK_RESULT(tablic_rules_check(bad, 2, message, sizeof message), TABLIC_RESULT_INVALID_RULES);
    CHECK(same_text(message, "final-tabla=\"2\": expected yes or no"));
    bad = (tablic_rules){0, TABLIC_LEFTOVERS_LAST_CAPTURER, TABLIC_FINAL_TABLA_COUNTS};
    CHECK_RESULT(tablic_rules_check(bad, 2, message, sizeof message), TABLIC_RESULT_INVALID_RULES);
    CHECK(same_text(message, "a side needs at least 1 player"));
    bad.side_size = 300;
    CHECK_RESULT(tablic_rules_check(bad, 2, message, sizeof message), TABLIC_RESULT_INVALID_RULES);
    CHECK(same_text(message, "side-size=\"300\": expected a number of players"));
    char text[8];
    CHECK_RESULT(tablic_rules_text(bad, text, sizeof text, NULL), TABLIC_RESULT_INVALID_RULES);
}

/* Plays the first legal move until the game ends. */
static void play_to_the_end(tablic_game *game) {
    bool finished = false;
    CHECK_OK(tablic_game_is_finished(game, &finished));
    while (!finished) {
        tablic_move legal[64];
        size_t count = 0;
        tablic_result listed = tablic_game_legal_moves(game, legal, 64, &count);
        CHECK(listed == TABLIC_RESULT_OK || listed == TABLIC_RESULT_BUFFER_TOO_SMALL);
        tablic_played played;
        CHECK_OK(tablic_game_play(game, legal[0], &played));
        finished = played.finished;
    }
}

static void test_a_game_in_pairs(void) {
    tablic_game *game = NULL;
    tablic_rules rules = TABLIC_RULES_ORIGINAL;
    uint32_t sides = 0, side = 99;

    CHECK_RESULT(tablic_game_new_with_rules(NULL, 3, PAIRS, 1, &game), TABLIC_RESULT_INVALID_RULES);
    CHECK_RESULT(tablic_game_new_with_rules(NULL, 5, PAIRS, 1, &game),
                 TABLIC_RESULT_INVALID_PLAYER_COUNT);
    CHECK(game == NULL);

    CHECK_OK(tablic_game_new_with_rules(NULL, 4, PAIRS, 1, &game));
    CHECK_OK(tablic_game_rules(game, &rules));
    CHECK(rules_equal(rules, PAIRS));
    CHECK_OK(tablic_game_side_count(game, &sides));
    CHECK(sides == 2);
    for (uint32_t seat = 0; seat < 4; seat++) {
        CHECK_OK(tablic_game_side_of(game, seat, &side));
        CHECK(side == seat % 2);
    }
    CHECK_RESULT(tablic_game_side_of(game, 4, &side), TABLIC_RESULT_INVALID_SEAT);
    CHECK_RESULT(tablic_game_side_of(game, 0, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_side_results(game, NULL, 0, &(size_t){0}),
                 TABLIC_RESULT_GAME_NOT_OVER);

    play_to_the_end(game);
    tablic_seat_result seats[4];
    tablic_side_result side_results[2];
    size_t count = 0;
    CHECK_OK(tablic_game_result(game, seats, 4, &count));
    CHECK(count == 4);
    CHECK_RESULT(tablic_game_side_results(game, side_results, 1, &count),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    CHECK_OK(tablic_game_side_results(game, side_results, 2, &count));
    CHECK(count == 2);
    /* A side pools its seats' piles and tablas; the +3 is the side's, no seat's. */
    for (int s = 0; s < 2; s++) {
        const tablic_side_result *part = &side_results[s];
        CHECK(part->cards == seats[s].cards + seats[s + 2].cards);
        CHECK(part->card_points == seats[s].card_points + seats[s + 2].card_points);
        CHECK(part->tablas == seats[s].tablas + seats[s + 2].tablas);
        CHECK(part->most_cards == (part->cards > side_results[1 - s].cards));
        CHECK(part->total == part->card_points + part->tablas + (part->most_cards ? 3u : 0u));
        CHECK(!seats[s].most_cards && !seats[s + 2].most_cards);
    }
    CHECK(side_results[0].card_points + side_results[1].card_points == 22);
    int32_t winner = -2;
    CHECK_OK(tablic_game_winner(game, &winner));
    int32_t expected = side_results[0].total > side_results[1].total   ? 0
                       : side_results[1].total > side_results[0].total ? 1
                                                                         : -1;
    CHECK(winner == expected);

    /* The record says the rules and reads back under them. */
    char record[4096];
    CHECK_OK(tablic_game_record(game, record, sizeof record, NULL));
    CHECK(strncmp(record, "tablic-record 1\nplayers 4\nrules side-size=2\nseed 1\n", 50) == 0);
    tablic_game *replayed = NULL;
    CHECK_OK(tablic_game_new_from_record(NULL, record, &replayed, NULL, 0));
    CHECK_OK(tablic_game_rules(replayed, &rules));
    CHECK(rules_equal(rules, PAIRS));
    tablic_game_free(replayed);
    tablic_game_free(game);

    /* A given deck, under rules. */
    uint8_t deck[52];
    for (int card = 0; card < 52; card++) deck[card] = (uint8_t)card;
    tablic_rules last_player = {1, TABLIC_LEFTOVERS_LAST_PLAYER, TABLIC_FINAL_TABLA_COUNTS};
    CHECK_OK(tablic_game_new_from_deck_with_rules(NULL, 2, last_player, deck, 52, &game));
    CHECK_OK(tablic_game_rules(game, &rules));
    CHECK(rules_equal(rules, last_player));
    tablic_game_free(game);
    game = NULL;
    CHECK_RESULT(tablic_game_new_from_deck_with_rules(NULL, 2, PAIRS, deck, 52, &game),
                 TABLIC_RESULT_INVALID_RULES);
    CHECK(game == NULL);
}

/* The last move of a four-player game (the core's worked example): seat 3 sweeps 5C with
 * 5D. Seats 0 and 2 then hold 13 cards each, seat 1 10 and seat 3 16. */
#define FOUR_PLAYERS_LAST_MOVE(rules)                                                           \
    "players=4 " rules " ply=47 table=5C hands=-;-;-;5D "                                      \
    "piles=AC,AD,AH,AS,2D,2H,2S,3S,4C,4D,4H,4S,6C;JC,JD,JH,JS,10C,10H,6D,6H,6S,7C;"            \
    "QC,QD,QH,QS,2C,10D,7D,7H,7S,8C,8D,8H,8S;KC,KD,KH,KS,10S,9C,9D,9H,9S,3C,3D,3H,5H,5S "      \
    "tablas=0,0,0,0 last=2 deck=-"

/* The game from `text`, after `move`. */
static tablic_game *played_from(const char *text, tablic_move move) {
    tablic_position *position = NULL;
    tablic_game *game = NULL;
    char message[256] = "";
    CHECK_RESULT(tablic_position_new_from_text(NULL, text, &position, message, sizeof message),
                 TABLIC_RESULT_OK);
    if (message[0] != '\0') fprintf(stderr, "    %s\n", message);
    CHECK_OK(tablic_game_new_from_position(NULL, position, &game));
    tablic_position_free(position);
    tablic_played played;
    CHECK_OK(tablic_game_play(game, move, &played));
    CHECK(played.finished);
    return game;
}

static void test_worked_examples(void) {
    const tablic_move sweep = {card("5D"), cards("5C")};
    tablic_seat_result seats[4];
    tablic_side_result sides[4];
    size_t count = 0;
    int32_t winner = -2;

    /* In pairs: 0+2 have 11 points (aces, queens, 2C, 10D), 1+3 12 (jacks, kings, three
     * tens, the tabla); 26 cards each, no +3. Each seat's share is its own pile's. */
    tablic_game *game = played_from(FOUR_PLAYERS_LAST_MOVE("side-size=2"), sweep);
    CHECK_OK(tablic_game_side_results(game, sides, 4, &count));
    CHECK(count == 2);
    CHECK(sides[0].total == 11 && sides[1].total == 12);
    CHECK(sides[0].cards == 26 && sides[1].cards == 26);
    CHECK(!sides[0].most_cards && !sides[1].most_cards);
    CHECK(sides[1].tablas == 1);
    CHECK_OK(tablic_game_result(game, seats, 4, &count));
    CHECK(count == 4);
    CHECK(seats[0].total == 4 && seats[1].total == 6 && seats[2].total == 7 &&
          seats[3].total == 6);
    CHECK_OK(tablic_game_winner(game, &winner));
    CHECK(winner == 1);
    tablic_game_free(game);

    /* Everyone alone: seat 3 has strictly the most cards, 5 + the tabla + 3; a side is a seat. */
    game = played_from(FOUR_PLAYERS_LAST_MOVE(""), sweep);
    CHECK_OK(tablic_game_side_results(game, sides, 4, &count));
    CHECK(count == 4);
    CHECK(sides[0].total == 4 && sides[1].total == 6 && sides[2].total == 7 &&
          sides[3].total == 9);
    CHECK(sides[3].most_cards);
    CHECK_OK(tablic_game_winner(game, &winner));
    CHECK(winner == 3);
    tablic_game_free(game);
}

/* Two players, the last move: seat 1 holds 5D, 5C is on the table, seat 0 captured last.
 * Seat 1's pile has all 22 points in 24 cards; seat 0's 26 cards have none. */
#define TWO_PLAYERS_LAST_MOVE(rules)                                                            \
    "players=2 " rules " ply=47 table=5C hands=-;5D "                                          \
    "piles=2D,2H,2S,3S,4C,4D,4H,4S,5H,5S,6C,6D,6H,6S,7C,7D,7H,7S,8C,8D,8H,8S,9C,9D,9H,9S;"     \
    "AC,AD,AH,AS,JC,JD,JH,JS,QC,QD,QH,QS,KC,KD,KH,KS,2C,10C,10D,10H,10S,3C,3D,3H "             \
    "tablas=0,0 last=0 deck=-"

/* The two seats' totals after `move` from TWO_PLAYERS_LAST_MOVE(rules). */
static void check_totals(const char *text, tablic_move move, uint32_t first, uint32_t second) {
    tablic_game *game = played_from(text, move);
    tablic_seat_result seats[2];
    size_t count = 0;
    CHECK_OK(tablic_game_result(game, seats, 2, &count));
    if (seats[0].total != first || seats[1].total != second) {
        fprintf(stderr, "%s: totals %u %u, expected %u %u\n", text, seats[0].total,
                seats[1].total, first, second);
        check_failures++;
    }
    tablic_game_free(game);
}

static void test_house_rules(void) {
    const tablic_move sweep = {card("5D"), cards("5C")};
    const tablic_move discard = {card("5D"), 0};
    /* A tabla on the last move: counted, or not with final-tabla=no. */
    check_totals(TWO_PLAYERS_LAST_MOVE(""), sweep, 0, 23);
    check_totals(TWO_PLAYERS_LAST_MOVE("final-tabla=no"), sweep, 0, 22);
    /* The last cards: to seat 0, the last capturer (28 cards to 24, the +3), or to seat 1,
     * the last player (26 each). */
    check_totals(TWO_PLAYERS_LAST_MOVE(""), discard, 3, 22);
    check_totals(TWO_PLAYERS_LAST_MOVE("leftovers=last-player"), discard, 0, 22);

    /* The position's rules, and its text keeps them. */
    tablic_position *position = NULL;
    tablic_rules rules = TABLIC_RULES_ORIGINAL;
    CHECK_OK(tablic_position_new_from_text(
        NULL, TWO_PLAYERS_LAST_MOVE("leftovers=last-player final-tabla=no"), &position, NULL, 0));
    CHECK_OK(tablic_position_rules(position, &rules));
    CHECK(rules.side_size == 1 && rules.leftovers == TABLIC_LEFTOVERS_LAST_PLAYER &&
          rules.final_tabla == TABLIC_FINAL_TABLA_DOES_NOT_COUNT);
    char text[1024];
    CHECK_OK(tablic_position_text(position, text, sizeof text, NULL));
    CHECK(strncmp(text, "players=2 leftovers=last-player final-tabla=no ply=47 ", 54) == 0);
    CHECK_RESULT(tablic_position_rules(position, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_position_rules(NULL, &rules), TABLIC_RESULT_NULL_ARGUMENT);
    tablic_position_free(position);

    /* A position whose players cannot sit in its sides names the reason. */
    char message[256] = "";
    position = NULL;
    CHECK_RESULT(tablic_position_new_from_text(NULL, TWO_PLAYERS_LAST_MOVE("side-size=2"),
                                               &position, message, sizeof message),
                 TABLIC_RESULT_INVALID_POSITION);
    CHECK(strstr(message, "sides of 2 leave 2 players on one side") != NULL);
    CHECK(position == NULL);
}

int main(void) {
    test_rules_text();
    test_rules_check();
    test_a_game_in_pairs();
    test_worked_examples();
    test_house_rules();
    if (check_failures) {
        fprintf(stderr, "test_sides: %d checks failed\n", check_failures);
        return 1;
    }
    printf("test_sides: all checks passed\n");
    return 0;
}

/* test_position.c: positions through tablic.h: written and read back exactly, every error
 * path, caller and library memory, and games that play on from them. Built with -Wall
 * -Wextra -Werror -pedantic and run under ASan + UBSan and under valgrind by
 * ffi-c/Makefile. Exits with 1 when a check fails. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "tablic.h"

/* Seed 3, two players, after its first 13 moves (each the first legal one). */
#define SEAT                                                                                  \
    "players=2 ply=13 turn=1 seat=1 table=4C,5C,7H,7S,10D,JH,KH hand=2C,4H,5D,8S,9D,JS "      \
    "piles=2S,6C,6D,KD;AD,AH,2H,3C,3D,3S tablas=0,0 last=0"
#define MOVES " moves=3C;AD;3S;AHxAD,2H,3C,3D,3S;6D;2S;JH;6C;KDx2S,6C,6D;7H;KH;10D;5C"
#define EVERYTHING                                                                            \
    "players=2 ply=13 turn=1 table=4C,5C,7H,7S,10D,JH,KH "                                    \
    "hands=5H,8H,10S,QC,KC;2C,4H,5D,8S,9D,JS piles=2S,6C,6D,KD;AD,AH,2H,3C,3D,3S tablas=0,0 " \
    "last=0 deck=7C,7D,AC,QD,QS,2D,6H,AS,10C,KS,3H,5S,9C,8D,8C,4D,QH,JD,4S,9S,9H,10H,6S,JC"

/* Plays `moves` moves, each the first legal one (fewer if the game ends). */
static void play_first(tablic_game *game, int moves) {
    for (int played = 0; played < moves; played++) {
        tablic_move legal[64];
        size_t count = 0;
        tablic_result listed = tablic_game_legal_moves(game, legal, 64, &count);
        CHECK(listed == TABLIC_RESULT_OK || listed == TABLIC_RESULT_BUFFER_TOO_SMALL);
        if (count == 0) return;
        CHECK_OK(tablic_game_play(game, legal[0], NULL));
    }
}

/* True when the position's text is `expected`. */
static int text_is(const tablic_position *position, const char *expected) {
    char text[1024];
    size_t length = 0;
    CHECK_OK(tablic_position_text(position, text, sizeof text, &length));
    if (strcmp(text, expected) != 0 || length != strlen(expected)) {
        fprintf(stderr, "    text:     %s\n    expected: %s\n", text, expected);
        return 0;
    }
    return 1;
}

static void test_positions_of_a_game(void) {
    tablic_game *game = NULL;
    tablic_position *position = NULL;
    tablic_position_info info;

    CHECK_OK(tablic_game_new(NULL, 2, 3, &game));
    play_first(game, 13);

    CHECK_OK(tablic_position_new_from_view(NULL, game, 1, false, &position));
    CHECK(text_is(position, SEAT));
    CHECK_OK(tablic_position_describe(position, &info));
    CHECK(info.players == 2 && info.plies == 13 && info.seat == 1 && info.to_move == 1);
    CHECK(info.table == cards("4C 5C 7H 7S 10D JH KH"));
    CHECK(info.last_capturer == 0 && info.undealt == 24 && !info.has_moves);
    tablic_position_free(position);

    CHECK_OK(tablic_position_new_from_view(NULL, game, 1, true, &position));
    CHECK(text_is(position, SEAT MOVES));
    CHECK_OK(tablic_position_describe(position, &info));
    CHECK(info.seat == 1 && info.has_moves);
    tablic_position_free(position);

    CHECK_OK(tablic_position_new_from_game(NULL, game, false, &position));
    CHECK(text_is(position, EVERYTHING));
    CHECK_OK(tablic_position_describe(position, &info));
    CHECK(info.seat == -1 && info.to_move == 1 && !info.has_moves);
    tablic_position_free(position);

    /* In the caller's storage: the handle is the storage. */
    tablic_position_storage storage;
    CHECK_OK(tablic_position_new_from_game(&storage, game, true, &position));
    CHECK((void *)position == (void *)&storage);
    CHECK(text_is(position, EVERYTHING MOVES));
    tablic_position_free(position);

    /* A seat the game does not have, a game or an output that is NULL, misaligned storage. */
    position = NULL;
    CHECK_RESULT(tablic_position_new_from_view(NULL, game, 2, false, &position),
                 TABLIC_RESULT_INVALID_SEAT);
    CHECK_RESULT(tablic_position_new_from_view(NULL, NULL, 0, false, &position),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_position_new_from_view(NULL, game, 0, false, NULL),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_position_new_from_game(NULL, NULL, false, &position),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_position_new_from_game(NULL, game, false, NULL),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_position_new_from_game(
                     (tablic_position_storage *)((char *)&storage + 4), game, false, &position),
                 TABLIC_RESULT_MISALIGNED);
    CHECK(position == NULL);
    tablic_game_free(game);
}

static void test_text_round_trip_and_buffers(void) {
    tablic_position *position = NULL;
    tablic_position_info info;
    char text[1024];
    size_t length = 0;

    CHECK_OK(tablic_position_new_from_text(NULL, SEAT MOVES, &position, NULL, 0));
    CHECK(text_is(position, SEAT MOVES));

    /* Too small: nothing written, the length needed reported. */
    const size_t needed = strlen(SEAT MOVES);
    CHECK_RESULT(tablic_position_text(position, NULL, 0, &length), TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(length == needed);
    memset(text, 'x', sizeof text);
    CHECK_RESULT(tablic_position_text(position, text, needed, &length),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(text[0] == 'x' && length == needed);
    CHECK_OK(tablic_position_text(position, text, needed + 1, NULL));
    CHECK(strcmp(text, SEAT MOVES) == 0);
    tablic_position_free(position);

    /* Fields in any order, cards in any notation; written back in the one order. */
    CHECK_OK(tablic_position_new_from_text(
        NULL,
        "last=0 tablas=0,0 piles=2S,6C,6D,KD;AD,AH,2H,3C,3D,3S seat=1 players=2 ply=13 "
        "table=4♣,5C,7H,7S,10D,JH,KH hand=2C,4H,5D,8S,9D,JS",
        &position, NULL, 0));
    CHECK(text_is(position, SEAT));
    tablic_position_free(position);

    /* The end of a game: nobody to move. */
    tablic_game *game = NULL;
    CHECK_OK(tablic_game_new(NULL, 2, 3, &game));
    play_first(game, 48);
    CHECK_OK(tablic_position_new_from_game(NULL, game, false, &position));
    CHECK_OK(tablic_position_describe(position, &info));
    CHECK(info.to_move == -1 && info.plies == 48 && info.table == 0 && info.undealt == 0);
    CHECK_OK(tablic_position_text(position, text, sizeof text, NULL));
    CHECK(strncmp(text, "players=2 ply=48 turn=- table=- ", 32) == 0);
    tablic_position_free(position);
    tablic_game_free(game);

    /* NULL handles and outputs. */
    CHECK_RESULT(tablic_position_text(NULL, text, sizeof text, &length),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_position_describe(NULL, &info), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_OK(tablic_position_new_from_text(NULL, SEAT, &position, NULL, 0));
    CHECK_RESULT(tablic_position_describe(position, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_position_text(position, NULL, sizeof text, &length),
                 TABLIC_RESULT_NULL_ARGUMENT);
    tablic_position_free(position);
    tablic_position_free(NULL);
}

/* `text` is refused as a position with exactly `reason`. */
static void check_refused(const char *text, const char *reason) {
    tablic_position *position = NULL;
    char message[256];
    memset(message, 'x', sizeof message);
    CHECK_RESULT(tablic_position_new_from_text(NULL, text, &position, message, sizeof message),
                 TABLIC_RESULT_INVALID_POSITION);
    CHECK(position == NULL);
    if (strcmp(message, reason) != 0) {
        fprintf(stderr, "    message:  %s\n    expected: %s\n", message, reason);
        check_failures++;
    }
}

static void test_bad_positions_say_why(void) {
    check_refused("", "players= is missing");
    check_refused(SEAT " oops", "expected key=value, found \"oops\"");
    check_refused(SEAT " ply=13", "ply= is given twice");
    check_refused("players=5 ply=0", "players=: a game cannot have 5 players (use 2, 3, 4, 6, 8, "
                                     "12, 16, 24 or 48)");
    check_refused("players=2 ply=13 turn=1 seat=2", "seat=: the game has no seat 2");
    check_refused("players=2 ply=13 turn=0 seat=1 table=4C,5C,7H,7S,10D,JH,KH "
                  "hand=2C,4H,5D,8S,9D,JS piles=2S,6C,6D,KD;AD,AH,2H,3C,3D,3S tablas=0,0 last=0",
                  "turn=: seat 1 is to move, not seat 0");
    check_refused("players=2 ply=13 seat=1 table=4C,5C,7H,7S,10D,JH,KH hand=2C,4H,5D,8S,9D,KH "
                  "piles=2S,6C,6D,KD;AD,AH,2H,3C,3D,3S tablas=0,0 last=0",
                  "card KH is in two places");
    check_refused("players=2 ply=13 seat=1 table=4C,5C,7H,7S,10D,JH,KH hand=2C,4H,5D,8S,9D,JS "
                  "piles=2S,6C,6D,KD;AD,AH,2H,3C,3D,3S tablas=0,0 last=-",
                  "last=: nobody, yet cards have been captured");
    check_refused(SEAT " moves=3C;AD;3S;AHxAD,2H,3C,3D,3S;6D;2S;JH;6C;KDx2S,6C;7H;KH;10D;5C",
                  "moves=: move 9 (KD 2S 6C) is illegal: the captured cards cannot be split "
                  "into groups that each sum to the played card");

    /* The message is cut to fit (at a character), or left out. */
    tablic_position *position = NULL;
    char message[8];
    CHECK_RESULT(tablic_position_new_from_text(NULL, "", &position, message, sizeof message),
                 TABLIC_RESULT_INVALID_POSITION);
    CHECK(strcmp(message, "players") == 0);
    CHECK_RESULT(tablic_position_new_from_text(NULL, "", &position, NULL, 0),
                 TABLIC_RESULT_INVALID_POSITION);
    CHECK_RESULT(tablic_position_new_from_text(NULL, "", &position, message, 0),
                 TABLIC_RESULT_INVALID_POSITION);

    /* Not text: NULL, not UTF-8; nowhere to put the handle. */
    CHECK_RESULT(tablic_position_new_from_text(NULL, NULL, &position, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_position_new_from_text(NULL, "players=2 \xC3(", &position, NULL, 0),
                 TABLIC_RESULT_INVALID_UTF8);
    CHECK_RESULT(tablic_position_new_from_text(NULL, SEAT, NULL, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK(position == NULL);

    char text[128];
    CHECK_OK(tablic_result_message(TABLIC_RESULT_INVALID_POSITION, text, sizeof text, NULL));
    CHECK(strcmp(text, "the position could not be read") == 0);
}

/* The totals of a finished game's seats, into `totals` (2 seats). */
static void totals_of(const tablic_game *game, uint32_t totals[2]) {
    tablic_seat_result seats[2];
    size_t count = 0;
    CHECK_OK(tablic_game_result(game, seats, 2, &count));
    CHECK(count == 2);
    totals[0] = seats[0].total;
    totals[1] = seats[1].total;
}

static void test_games_from_positions_play_on(void) {
    static const int plies[] = {0, 1, 20, 47, 48};
    for (size_t at = 0; at < sizeof plies / sizeof plies[0]; at++) {
        for (int with_moves = 0; with_moves <= 1; with_moves++) {
            tablic_game *original = NULL, *resumed = NULL, *replayed = NULL;
            tablic_game_storage storage;
            tablic_position *position = NULL;
            CHECK_OK(tablic_game_new(NULL, 2, 9, &original));
            play_first(original, plies[at]);
            CHECK_OK(tablic_position_new_from_game(NULL, original, with_moves, &position));
            CHECK_OK(tablic_game_new_from_position(&storage, position, &resumed));
            CHECK((void *)resumed == (void *)&storage);
            tablic_position_free(position);

            /* Both play on with the same moves, to the same result. */
            play_first(original, 48);
            play_first(resumed, 48);
            uint32_t expected[2], got[2];
            totals_of(original, expected);
            totals_of(resumed, got);
            CHECK(expected[0] == got[0] && expected[1] == got[1]);
            size_t history = 0;
            tablic_result listed = tablic_game_history(resumed, NULL, 0, &history);
            CHECK(listed == (history == 0 ? TABLIC_RESULT_OK : TABLIC_RESULT_BUFFER_TOO_SMALL));
            CHECK(history == (size_t)(with_moves ? 48 : 48 - plies[at]));

            /* Its record reads back: from the position when it started there. */
            char record[4096], again[4096];
            CHECK_OK(tablic_game_record(resumed, record, sizeof record, NULL));
            CHECK((strstr(record, "\nposition players=2 ply=") != NULL) == (!with_moves));
            CHECK_OK(tablic_game_new_from_record(NULL, record, &replayed, NULL, 0));
            CHECK_OK(tablic_game_record(replayed, again, sizeof again, NULL));
            CHECK(strcmp(record, again) == 0);
            tablic_game_free(replayed);
            tablic_game_free(resumed);
            tablic_game_free(original);
        }
    }
}

static void test_a_seat_sees_the_same_in_a_game_from_its_position(void) {
    tablic_game *live = NULL, *game = NULL;
    tablic_position *position = NULL;
    CHECK_OK(tablic_game_new(NULL, 2, 3, &live));
    play_first(live, 13);
    CHECK_OK(tablic_position_new_from_text(NULL, SEAT, &position, NULL, 0));
    CHECK_OK(tablic_game_new_from_position(NULL, position, &game));
    tablic_view expected, got;
    CHECK_OK(tablic_game_view(live, 1, &expected));
    CHECK_OK(tablic_game_view(game, 1, &got));
    CHECK(got.seat == 1 && got.players == 2 && got.to_move == 1);
    CHECK(got.hand == expected.hand && got.table == expected.table);
    CHECK(got.seen == expected.seen && got.unseen == expected.unseen);
    CHECK(got.last_capturer == 0 && expected.last_capturer == 0);
    CHECK(got.undealt == 24 && expected.undealt == 24);
    CHECK(got.deals_dealt == expected.deals_dealt && got.is_last_deal == expected.is_last_deal);

    /* NULL position, NULL output, misaligned storage. */
    tablic_game_storage storage;
    tablic_game *none = NULL;
    CHECK_RESULT(tablic_game_new_from_position(NULL, NULL, &none), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_new_from_position(NULL, position, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_new_from_position((tablic_game_storage *)((char *)&storage + 1),
                                               position, &none),
                 TABLIC_RESULT_MISALIGNED);
    CHECK(none == NULL);
    tablic_position_free(position);
    tablic_game_free(game);
    tablic_game_free(live);
}

int main(void) {
    test_positions_of_a_game();
    test_text_round_trip_and_buffers();
    test_bad_positions_say_why();
    test_games_from_positions_play_on();
    test_a_seat_sees_the_same_in_a_game_from_its_position();
    if (check_failures) {
        fprintf(stderr, "test_position: %d checks failed\n", check_failures);
        return 1;
    }
    printf("test_position: all checks passed\n");
    return 0;
}

/* test_api.c: every function of tablic.h, with good input and bad (NULL, invalid cards,
 * illegal moves, tiny buffers). Built with -Wall -Wextra -Werror -pedantic and run under
 * ASan + UBSan and under valgrind by ffi-c/Makefile. Exits with the number of failures. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tablic.h"

static int popcount(uint64_t set) {
    int count = 0;
    for (; set; set &= set - 1) count++;
    return count;
}

static void test_version(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", TABLIC_VERSION_MAJOR, TABLIC_VERSION_MINOR,
             TABLIC_VERSION_PATCH);
    CHECK(strcmp(tablic_version(), expected) == 0);
}

static void test_result_messages(void) {
    char text[128];
    size_t length = 0;
    CHECK_OK(tablic_result_message(TABLIC_RESULT_OK, text, sizeof text, &length));
    CHECK(strcmp(text, "success") == 0);
    CHECK(length == strlen("success"));

    CHECK_OK(tablic_result_message(TABLIC_RESULT_CARD_NOT_IN_HAND, text, sizeof text, NULL));
    CHECK(strstr(text, "not in the hand") != NULL);

    /* Every code has its own message; codes past the last are named as unknown. */
    for (unsigned code = 0; code <= TABLIC_RESULT_INVALID_NAME; code++) {
        CHECK_OK(tablic_result_message(code, text, sizeof text, NULL));
        CHECK(strlen(text) > 0 && strstr(text, "unknown tablic result code") == NULL);
    }
    CHECK_OK(tablic_result_message(TABLIC_RESULT_INVALID_NAME + 1, text, sizeof text, NULL));
    CHECK(strcmp(text, "unknown tablic result code 34") == 0);
    CHECK_OK(tablic_result_message(999, text, sizeof text, NULL));
    CHECK(strcmp(text, "unknown tablic result code 999") == 0);

    /* Too small: nothing written, the length needed reported. */
    memset(text, 'x', sizeof text);
    CHECK_RESULT(tablic_result_message(TABLIC_RESULT_OK, text, 7, &length),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(length == 7);
    CHECK(text[0] == 'x');
    CHECK_OK(tablic_result_message(TABLIC_RESULT_OK, text, 8, &length));
    CHECK(strcmp(text, "success") == 0);
    /* Asking for the length alone. */
    CHECK_RESULT(tablic_result_message(TABLIC_RESULT_OK, NULL, 0, &length),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(length == 7);
    CHECK_RESULT(tablic_result_message(TABLIC_RESULT_OK, NULL, 8, &length),
                 TABLIC_RESULT_NULL_ARGUMENT);
}

static void test_cards(void) {
    char text[64];
    size_t length = 0;
    uint8_t parsed = 0;
    uint32_t value = 0;
    uint64_t set = 0;

    /* Three notations, one card: 10 of diamonds is 4 * 9 + 1. */
    CHECK(card("10D") == 37);
    CHECK(card("10\xE2\x99\xA6") == 37); /* 10♦ */
    CHECK(card("karo 10") == 37);
    CHECK(card("ac") == 0);
    CHECK(card("KS") == 51);

    CHECK_RESULT(tablic_card_parse("11X", &parsed, text, sizeof text), TABLIC_RESULT_INVALID_CARD);
    CHECK(strstr(text, "11X") != NULL);
    CHECK_RESULT(tablic_card_parse("", &parsed, NULL, 0), TABLIC_RESULT_INVALID_CARD);
    CHECK_RESULT(tablic_card_parse("\xff", &parsed, NULL, 0), TABLIC_RESULT_INVALID_UTF8);
    CHECK_RESULT(tablic_card_parse(NULL, &parsed, NULL, 0), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_card_parse("KS", NULL, NULL, 0), TABLIC_RESULT_NULL_ARGUMENT);
    /* A message buffer too small for the reason gets a cut, NUL-terminated reason. */
    memset(text, 'x', sizeof text);
    CHECK_RESULT(tablic_card_parse("11X", &parsed, text, 5), TABLIC_RESULT_INVALID_CARD);
    CHECK(strlen(text) == 4);

    CHECK_OK(tablic_card_format(37, false, text, sizeof text, &length));
    CHECK(strcmp(text, "10D") == 0 && length == 3);
    CHECK_OK(tablic_card_format(37, true, text, sizeof text, &length));
    CHECK(strcmp(text, "10\xE2\x99\xA6") == 0 && length == 5);
    CHECK_RESULT(tablic_card_format(37, false, text, 3, &length), TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(length == 3);
    CHECK_RESULT(tablic_card_format(52, false, text, sizeof text, &length),
                 TABLIC_RESULT_INVALID_CARD);

    CHECK_OK(tablic_card_points(card("2C"), &value));
    CHECK(value == 1);
    CHECK_OK(tablic_card_points(card("10D"), &value));
    CHECK(value == 2);
    CHECK_OK(tablic_card_points(card("5H"), &value));
    CHECK(value == 0);
    CHECK_OK(tablic_card_points(card("2D"), &value));
    CHECK(value == 0);
    CHECK_RESULT(tablic_card_points(200, &value), TABLIC_RESULT_INVALID_CARD);
    CHECK_RESULT(tablic_card_points(0, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_OK(tablic_card_capture_value(card("AS"), &value));
    CHECK(value == 1);
    CHECK_OK(tablic_card_capture_value(card("JH"), &value));
    CHECK(value == 12);
    CHECK_OK(tablic_card_capture_value(card("KH"), &value));
    CHECK(value == 14);
    CHECK_RESULT(tablic_card_capture_value(52, &value), TABLIC_RESULT_INVALID_CARD);

    set = cards("3H 3S, 4D");
    CHECK(set == ((1ull << 10) | (1ull << 11) | (1ull << 13)));
    CHECK(cards("") == 0);
    CHECK_RESULT(tablic_cards_parse("3H 3H", &set, text, sizeof text),
                 TABLIC_RESULT_INVALID_CARD_SET);
    CHECK(strstr(text, "3H") != NULL);
    CHECK_RESULT(tablic_cards_parse("3H ZZ", &set, NULL, 0), TABLIC_RESULT_INVALID_CARD_SET);
    CHECK_RESULT(tablic_cards_parse(NULL, &set, NULL, 0), TABLIC_RESULT_NULL_ARGUMENT);

    CHECK_OK(tablic_cards_format(cards("4D 3S 3H"), false, text, sizeof text, &length));
    CHECK(strcmp(text, "3H 3S 4D") == 0 && length == 8);
    CHECK_OK(tablic_cards_format(cards("10D AC"), true, text, sizeof text, &length));
    CHECK(strcmp(text, "A\xE2\x99\xA3 10\xE2\x99\xA6") == 0);
    CHECK_OK(tablic_cards_format(0, false, text, sizeof text, &length));
    CHECK(strcmp(text, "") == 0 && length == 0);
    CHECK_RESULT(tablic_cards_format(1ull << 52, false, text, sizeof text, &length),
                 TABLIC_RESULT_INVALID_CARD_SET);
    CHECK_RESULT(tablic_cards_format(cards("3H 3S"), false, text, 5, &length),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(length == 5);

    CHECK_OK(tablic_cards_points((1ull << 52) - 1, &value));
    CHECK(value == 22);
    CHECK_RESULT(tablic_cards_points(UINT64_MAX, &value), TABLIC_RESULT_INVALID_CARD_SET);
}

static int contains(const uint64_t *list, size_t count, uint64_t set) {
    for (size_t i = 0; i < count; i++)
        if (list[i] == set) return 1;
    return 0;
}

static void test_ranks_and_suits(void) {
    uint8_t made = 255, rank = 255, suit = 255;

    CHECK_OK(tablic_card_index(TABLIC_RANK_TEN, TABLIC_SUIT_DIAMONDS, &made));
    CHECK(made == 37 && made == card("10D"));
    CHECK_OK(tablic_card_index(TABLIC_RANK_ACE, TABLIC_SUIT_CLUBS, &made));
    CHECK(made == 0 && made == card("AC"));
    CHECK_OK(tablic_card_index(TABLIC_RANK_TWO, TABLIC_SUIT_CLUBS, &made));
    CHECK(made == 4 && made == card("2C"));
    CHECK_OK(tablic_card_index(TABLIC_RANK_JACK, TABLIC_SUIT_HEARTS, &made));
    CHECK(made == 42 && made == card("JH"));
    CHECK_OK(tablic_card_index(TABLIC_RANK_KING, TABLIC_SUIT_SPADES, &made));
    CHECK(made == 51 && made == card("KS"));

    CHECK_OK(tablic_card_rank(card("10D"), &rank));
    CHECK(rank == TABLIC_RANK_TEN && rank == 9);
    CHECK_OK(tablic_card_suit(card("10D"), &suit));
    CHECK(suit == TABLIC_SUIT_DIAMONDS && suit == 1);
    CHECK_OK(tablic_card_rank(card("QS"), &rank));
    CHECK(rank == TABLIC_RANK_QUEEN && rank == 11);
    CHECK_OK(tablic_card_suit(card("QS"), &suit));
    CHECK(suit == TABLIC_SUIT_SPADES && suit == 3);

    /* Every card is its rank and suit, 4 * rank + suit, and back. */
    for (uint8_t each = 0; each < 52; each++) {
        CHECK_OK(tablic_card_rank(each, &rank));
        CHECK_OK(tablic_card_suit(each, &suit));
        CHECK(rank == each / 4 && suit == each % 4);
        CHECK_OK(tablic_card_index(rank, suit, &made));
        CHECK(made == each);
    }

    /* Bad input: a code naming what was wrong, and the output left alone. */
    made = rank = suit = 99;
    CHECK_RESULT(tablic_card_index(13, TABLIC_SUIT_CLUBS, &made), TABLIC_RESULT_INVALID_RANK);
    CHECK_RESULT(tablic_card_index(255, TABLIC_SUIT_CLUBS, &made), TABLIC_RESULT_INVALID_RANK);
    CHECK_RESULT(tablic_card_index(TABLIC_RANK_ACE, 4, &made), TABLIC_RESULT_INVALID_SUIT);
    CHECK_RESULT(tablic_card_index(TABLIC_RANK_ACE, TABLIC_SUIT_CLUBS, NULL),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_card_rank(52, &rank), TABLIC_RESULT_INVALID_CARD);
    CHECK_RESULT(tablic_card_suit(52, &suit), TABLIC_RESULT_INVALID_CARD);
    CHECK_RESULT(tablic_card_rank(0, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_card_suit(0, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK(made == 99 && rank == 99 && suit == 99);

    char text[128];
    CHECK_OK(tablic_result_message(TABLIC_RESULT_INVALID_RANK, text, sizeof text, NULL));
    CHECK(strcmp(text, "not a rank (ranks go from 0, an ace, to 12, a king)") == 0);
    CHECK_OK(tablic_result_message(TABLIC_RESULT_INVALID_SUIT, text, sizeof text, NULL));
    CHECK(strcmp(text, "not a suit (suits go from 0, clubs, to 3, spades)") == 0);
}

static void test_captures(void) {
    uint64_t table = cards("2C 3D 5H");
    uint8_t five = card("5S");
    uint64_t found[8];
    uint64_t total = 0;
    size_t count = 0;

    /* 5 takes 5, or 2 + 3, or both groups; the empty capture is a discard. */
    CHECK_OK(tablic_captures(table, five, found, 8, &count));
    CHECK(count == 4);
    CHECK(contains(found, count, 0));
    CHECK(contains(found, count, cards("5H")));
    CHECK(contains(found, count, cards("2C 3D")));
    CHECK(contains(found, count, cards("2C 3D 5H")));
    CHECK_OK(tablic_capture_count(table, five, &total));
    CHECK(total == 4);

    /* A buffer too small is filled as far as it goes, and the total is reported. */
    found[2] = 12345;
    CHECK_RESULT(tablic_captures(table, five, found, 2, &count), TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 4);
    CHECK(found[2] == 12345);
    CHECK_RESULT(tablic_captures(table, five, NULL, 0, &count), TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 4);
    CHECK_RESULT(tablic_captures(table, five, NULL, 4, &count), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_captures(table, five, found, 8, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_captures(table, card("5H"), found, 8, &count),
                 TABLIC_RESULT_CARD_ON_TABLE);
    CHECK_RESULT(tablic_captures(table, 52, found, 8, &count), TABLIC_RESULT_INVALID_CARD);
    CHECK_RESULT(tablic_captures(1ull << 60, five, found, 8, &count),
                 TABLIC_RESULT_INVALID_CARD_SET);
    CHECK_RESULT(tablic_capture_count(table, five, NULL), TABLIC_RESULT_NULL_ARGUMENT);

    /* An ace takes as 1 or 11: on 5 + 6 it takes both. */
    CHECK_OK(tablic_captures(cards("5C 6C"), card("AH"), found, 8, &count));
    CHECK(count == 2 && contains(found, count, cards("5C 6C")));

    CHECK_OK(tablic_capture_check(table, five, cards("2C 3D")));
    CHECK_OK(tablic_capture_check(table, five, 0));
    CHECK_RESULT(tablic_capture_check(table, five, cards("2C")),
                 TABLIC_RESULT_CAPTURE_CANNOT_SPLIT);
    CHECK_RESULT(tablic_capture_check(table, five, cards("4S")),
                 TABLIC_RESULT_CAPTURE_NOT_ON_TABLE);
    CHECK_RESULT(tablic_capture_check(cards("2C 3D"), card("KC"), cards("2C")),
                 TABLIC_RESULT_CAPTURE_DOES_NOT_SUM);
    CHECK_RESULT(tablic_capture_check(table, five, 1ull << 52), TABLIC_RESULT_INVALID_CARD_SET);

    /* A king on the other 51 cards has billions of captures: refused at once, nothing written. */
    uint8_t king = card("KS");
    uint64_t crowded = ((1ull << 52) - 1) & ~(1ull << king);
    found[0] = 12345;
    count = 777;
    CHECK_RESULT(tablic_captures(crowded, king, found, 8, &count), TABLIC_RESULT_TOO_MANY);
    CHECK(found[0] == 12345 && count == 777);
    CHECK(TABLIC_MAX_LISTED == 1048576);
}

/* A game in which every move is a discard: after three deals 40 cards lie on the table, and
 * the hand to move has too many moves to list. */
static void test_crowded_game(void) {
    tablic_game_storage storage;
    tablic_game *game = NULL;
    tablic_view view;
    tablic_move moves[8];
    size_t count = 0;
    int32_t seat = 0;
    CHECK_OK(tablic_game_new(&storage, 2, 3, &game));
    for (int ply = 0; ply < 36; ply++) {
        CHECK_OK(tablic_game_to_move(game, &seat));
        CHECK_OK(tablic_game_view(game, (uint32_t)seat, &view));
        tablic_move discard = {(uint8_t)__builtin_ctzll(view.hand), 0};
        CHECK_OK(tablic_game_play(game, discard, NULL));
    }
    CHECK_OK(tablic_game_view(game, (uint32_t)seat, &view));
    CHECK(popcount(view.table) == 40);
    count = 777;
    CHECK_RESULT(tablic_game_legal_moves(game, moves, 8, &count), TABLIC_RESULT_TOO_MANY);
    CHECK(count == 777);
    CHECK_RESULT(tablic_game_legal_moves(game, moves, 8, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    tablic_game_free(game);
}

/* Plays the first legal move each turn, checking the API's bookkeeping as it goes. */
static void play_first_moves(tablic_game *game) {
    tablic_move moves[64];
    size_t count = 0;
    int32_t seat = 0;
    bool finished = false;
    int plies = 0;
    for (;;) {
        CHECK_OK(tablic_game_is_finished(game, &finished));
        if (finished) break;
        CHECK_OK(tablic_game_to_move(game, &seat));
        tablic_result listed = tablic_game_legal_moves(game, moves, 64, &count);
        CHECK(listed == TABLIC_RESULT_OK || listed == TABLIC_RESULT_BUFFER_TOO_SMALL);
        CHECK(count >= 1);
        CHECK_OK(tablic_game_check(game, moves[0]));
        tablic_played played;
        CHECK_OK(tablic_game_play(game, moves[0], &played));
        CHECK(played.seat == (uint32_t)seat);
        plies++;
        if (plies > 48) break;
    }
    CHECK(plies == 48);
}

static void test_game(void) {
    tablic_game_storage storage;
    tablic_game *game = NULL;
    tablic_view view;
    tablic_seat seat_info;
    tablic_move moves[64];
    size_t count = 0;
    uint32_t players = 0;
    int32_t seat = -2;
    uint64_t table = 0;
    bool finished = true;

    CHECK_RESULT(tablic_game_new(&storage, 1, 42, &game), TABLIC_RESULT_INVALID_PLAYER_COUNT);
    CHECK_RESULT(tablic_game_new(&storage, 0, 42, &game), TABLIC_RESULT_INVALID_PLAYER_COUNT);
    CHECK_RESULT(tablic_game_new(&storage, 1000, 42, &game), TABLIC_RESULT_INVALID_PLAYER_COUNT);
    CHECK_RESULT(tablic_game_new(&storage, 2, 42, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_new((tablic_game_storage *)((char *)&storage + 1), 2, 42, &game),
                 TABLIC_RESULT_MISALIGNED);

    /* Seed 42 deals QH 4S 3D 5D to the table, everywhere and forever. */
    CHECK_OK(tablic_game_new(&storage, 2, 42, &game));
    CHECK((void *)game == (void *)&storage);
    CHECK_OK(tablic_game_players(game, &players));
    CHECK(players == 2);
    CHECK_OK(tablic_game_table(game, &table));
    CHECK(table == cards("QH 4S 3D 5D"));
    CHECK_OK(tablic_game_to_move(game, &seat));
    CHECK(seat == 0);
    CHECK_OK(tablic_game_is_finished(game, &finished));
    CHECK(!finished);

    CHECK_OK(tablic_game_view(game, 0, &view));
    CHECK(view.seat == 0 && view.players == 2);
    CHECK(popcount(view.hand) == 6);
    CHECK((view.hand & cards("KC 7S")) == cards("KC 7S"));
    CHECK(view.table == table);
    CHECK(view.seen == (view.hand | table));
    CHECK(view.unseen == (((1ull << 52) - 1) & ~view.seen));
    CHECK(view.to_move == 0 && view.last_capturer == -1);
    CHECK(view.undealt == 36 && view.deals_dealt == 1 && !view.is_last_deal);
    CHECK_RESULT(tablic_game_view(game, 2, &view), TABLIC_RESULT_INVALID_SEAT);
    CHECK_RESULT(tablic_game_view(game, 0, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_view(NULL, 0, &view), TABLIC_RESULT_NULL_ARGUMENT);

    CHECK_OK(tablic_game_seat(game, 1, &seat_info));
    CHECK(seat_info.pile == 0 && seat_info.tablas == 0 && seat_info.hand_size == 6);
    CHECK_RESULT(tablic_game_seat(game, 7, &seat_info), TABLIC_RESULT_INVALID_SEAT);

    /* Counting first, then listing. */
    CHECK_RESULT(tablic_game_legal_moves(game, NULL, 0, &count), TABLIC_RESULT_BUFFER_TOO_SMALL);
    size_t legal = count;
    CHECK(legal >= 6);
    CHECK_OK(tablic_game_legal_moves(game, moves, 64, &count));
    CHECK(count == legal);
    for (size_t i = 0; i < count; i++) {
        CHECK((view.hand >> moves[i].card) & 1);
        CHECK_OK(tablic_game_check(game, moves[i]));
    }

    /* Illegal moves change nothing and say why. */
    tablic_move not_in_hand = {card("QH"), 0};
    tablic_move bad_capture = {moves[0].card, cards("QH 4S 3D 5D")};
    tablic_move off_table = {moves[0].card, cards("AS")};
    tablic_move bad_card = {52, 0};
    tablic_move bad_set = {moves[0].card, 1ull << 55};
    CHECK_RESULT(tablic_game_play(game, not_in_hand, NULL), TABLIC_RESULT_CARD_NOT_IN_HAND);
    CHECK_RESULT(tablic_game_check(game, off_table), TABLIC_RESULT_CAPTURE_NOT_ON_TABLE);
    CHECK_RESULT(tablic_game_play(game, off_table, NULL), TABLIC_RESULT_CAPTURE_NOT_ON_TABLE);
    tablic_result refused = tablic_game_play(game, bad_capture, NULL);
    CHECK(refused == TABLIC_RESULT_CAPTURE_CANNOT_SPLIT ||
          refused == TABLIC_RESULT_CAPTURE_DOES_NOT_SUM);
    CHECK_RESULT(tablic_game_play(game, bad_card, NULL), TABLIC_RESULT_INVALID_CARD);
    CHECK_RESULT(tablic_game_play(game, bad_set, NULL), TABLIC_RESULT_INVALID_CARD_SET);
    CHECK_RESULT(tablic_game_play(NULL, moves[0], NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_OK(tablic_game_history(game, moves, 64, &count));
    CHECK(count == 0);
    CHECK_OK(tablic_game_table(game, &table));
    CHECK(table == cards("QH 4S 3D 5D"));

    tablic_seat_result results[2];
    int32_t winner = 7;
    CHECK_RESULT(tablic_game_result(game, results, 2, &count), TABLIC_RESULT_GAME_NOT_OVER);
    CHECK_RESULT(tablic_game_winner(game, &winner), TABLIC_RESULT_GAME_NOT_OVER);
    CHECK(winner == 7);

    play_first_moves(game);

    CHECK_OK(tablic_game_is_finished(game, &finished));
    CHECK(finished);
    CHECK_OK(tablic_game_to_move(game, &seat));
    CHECK(seat == -1);
    CHECK_OK(tablic_game_legal_moves(game, moves, 64, &count));
    CHECK(count == 0);
    CHECK_RESULT(tablic_game_play(game, moves[0], NULL), TABLIC_RESULT_GAME_OVER);
    CHECK_RESULT(tablic_game_history(game, NULL, 0, &count), TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 48);
    CHECK_OK(tablic_game_view(game, 1, &view));
    CHECK(view.to_move == -1 && view.hand == 0 && view.table == 0 && view.undealt == 0);

    /* The result: 22 card points, 52 cards, +3 for strictly the most cards. */
    CHECK_RESULT(tablic_game_result(game, results, 1, &count), TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    CHECK_OK(tablic_game_result(game, results, 2, &count));
    CHECK(count == 2);
    CHECK(results[0].card_points + results[1].card_points == 22);
    CHECK(results[0].cards + results[1].cards == 52);
    for (int i = 0; i < 2; i++) {
        tablic_seat_result r = results[i];
        CHECK(r.most_cards == (r.cards > results[1 - i].cards));
        CHECK(r.total == r.card_points + r.tablas + (r.most_cards ? 3u : 0u));
        CHECK_OK(tablic_game_seat(game, (uint32_t)i, &seat_info));
        CHECK(popcount(seat_info.pile) == (int)r.cards);
        CHECK(seat_info.tablas == r.tablas);
    }
    CHECK_OK(tablic_game_winner(game, &winner));
    if (results[0].total == results[1].total) {
        CHECK(winner == -1);
    } else {
        CHECK(winner == (results[0].total > results[1].total ? 0 : 1));
    }
    tablic_game_free(game);

    /* The library's memory: the same game from the same seed. */
    tablic_game *allocated = NULL;
    CHECK_OK(tablic_game_new(NULL, 4, 42, &allocated));
    CHECK_OK(tablic_game_players(allocated, &players));
    CHECK(players == 4);
    CHECK_OK(tablic_game_view(allocated, 3, &view));
    CHECK(popcount(view.hand) == 6 && view.undealt == 24);
    tablic_game_free(allocated);
    tablic_game_free(NULL);
    CHECK_RESULT(tablic_game_players(NULL, &players), TABLIC_RESULT_NULL_ARGUMENT);
}

static void test_deck(void) {
    uint8_t deck[53];
    tablic_game *game = NULL;
    tablic_view view;
    for (int i = 0; i < 53; i++) deck[i] = (uint8_t)i;

    /* The sorted deck: four aces on the table, the rest dealt round the seats. */
    CHECK_OK(tablic_game_new_from_deck(NULL, 2, deck, 52, &game));
    CHECK_OK(tablic_game_view(game, 0, &view));
    CHECK(view.table == cards("AC AD AH AS"));
    CHECK(view.hand == cards("2C 2H 3C 3H 4C 4H"));
    tablic_game_free(game);

    CHECK_RESULT(tablic_game_new_from_deck(NULL, 2, deck, 51, &game), TABLIC_RESULT_INVALID_DECK);
    /* A length no array can have is refused before the deck is read. */
    CHECK_RESULT(tablic_game_new_from_deck(NULL, 2, deck, SIZE_MAX, &game),
                 TABLIC_RESULT_INVALID_DECK);
    CHECK_RESULT(tablic_game_new_from_deck(NULL, 2, deck + 1, 52, &game),
                 TABLIC_RESULT_INVALID_CARD);
    deck[5] = 4;
    CHECK_RESULT(tablic_game_new_from_deck(NULL, 2, deck, 52, &game), TABLIC_RESULT_INVALID_DECK);
    CHECK_RESULT(tablic_game_new_from_deck(NULL, 2, NULL, 52, &game), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_new_from_deck(NULL, 9, deck, 52, &game),
                 TABLIC_RESULT_INVALID_PLAYER_COUNT);
}

static void test_record(void) {
    tablic_game_storage storage, copy_storage;
    tablic_game *game = NULL, *copy = NULL;
    char message[128] = "";
    size_t length = 0, copy_length = 0;

    CHECK_OK(tablic_game_new(&storage, 2, 7, &game));
    play_first_moves(game);
    CHECK_RESULT(tablic_game_record(game, NULL, 0, &length), TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(length > 100);
    char *text = malloc(length + 1);
    char *copy_text = malloc(length + 1);
    CHECK_RESULT(tablic_game_record(game, text, length, &length), TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK_OK(tablic_game_record(game, text, length + 1, &length));
    CHECK(strncmp(text, "tablic-record 1\nplayers 2\nseed 7\n", 33) == 0);
    CHECK(strstr(text, "\nresult ") != NULL);

    /* Read back, it writes itself again. */
    CHECK_OK(tablic_game_new_from_record(&copy_storage, text, &copy, message, sizeof message));
    CHECK_OK(tablic_game_record(copy, copy_text, length + 1, &copy_length));
    CHECK(copy_length == length && strcmp(text, copy_text) == 0);
    tablic_game_free(copy);

    /* A broken record says where. */
    char *broken = strstr(text, "\nplay ");
    CHECK(broken != NULL);
    if (broken) memcpy(broken + 1, "plax", 4);
    CHECK_RESULT(tablic_game_new_from_record(NULL, text, &copy, message, sizeof message),
                 TABLIC_RESULT_INVALID_RECORD);
    CHECK(strncmp(message, "line ", 5) == 0);
    CHECK_RESULT(tablic_game_new_from_record(NULL, "tablic-record 1\nplayers 1\n", &copy, message,
                                             sizeof message),
                 TABLIC_RESULT_INVALID_RECORD);
    CHECK(strstr(message, "line 2") != NULL);
    /* A line of wide characters longer than the message keeps of it: cut, not a panic. */
    CHECK_RESULT(tablic_game_new_from_record(
                     NULL, "tablic-record 1\nplayers 2\nseed 1\n\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
                           "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\n",
                     &copy, message, sizeof message),
                 TABLIC_RESULT_INVALID_RECORD);
    CHECK(strstr(message, "line 4") != NULL);
    CHECK_RESULT(tablic_game_new_from_record(
                     NULL, "tablic-record 1\nplayers \xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
                           "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\n",
                     &copy, message, sizeof message),
                 TABLIC_RESULT_INVALID_RECORD);
    CHECK(strstr(message, "line 2") != NULL);
    CHECK_RESULT(tablic_game_new_from_record(NULL, NULL, &copy, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_new_from_record(NULL, "x", NULL, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_game_record(NULL, text, length + 1, &length), TABLIC_RESULT_NULL_ARGUMENT);
    free(text);
    free(copy_text);
    tablic_game_free(game);
}

/* Plays a whole game between two bots; writes its record into `record`. */
static void play_bots(tablic_bot *first, tablic_bot *second, uint64_t seed, char *record,
                      size_t capacity) {
    tablic_game *game = NULL;
    tablic_bot *bots[2] = {first, second};
    int32_t seat = 0;
    CHECK_OK(tablic_game_new(NULL, 2, seed, &game));
    for (int ply = 0; ply < 48; ply++) {
        tablic_move chosen;
        CHECK_OK(tablic_game_to_move(game, &seat));
        CHECK(seat == ply % 2);
        CHECK_RESULT(tablic_bot_choose(bots[seat], game, (uint32_t)(1 - seat), &chosen),
                     TABLIC_RESULT_NOT_SEATS_TURN);
        CHECK_OK(tablic_bot_choose(bots[seat], game, (uint32_t)seat, &chosen));
        CHECK_OK(tablic_game_play(game, chosen, NULL));
    }
    tablic_move chosen;
    CHECK_RESULT(tablic_bot_choose(first, game, 0, &chosen), TABLIC_RESULT_GAME_OVER);
    CHECK_OK(tablic_game_record(game, record, capacity, NULL));
    tablic_game_free(game);
}

static void test_bots(void) {
    char message[128] = "";
    size_t bytes = 1;
    tablic_bot_storage storage;
    tablic_bot *greedy = NULL, *minimax = NULL, *pimc = NULL, *bot = NULL;
    static char record[4096], again[4096];

    CHECK_OK(tablic_bot_memory_bytes("greedy", &bytes, NULL, 0));
    CHECK(bytes == 0);
    CHECK_OK(tablic_bot_memory_bytes("pimc", &bytes, NULL, 0));
    CHECK(bytes == 16384 * 16);
    CHECK_OK(tablic_bot_memory_bytes("ismcts:iterations=60,memory=2", &bytes, NULL, 0));
    CHECK(bytes == 2048);
    CHECK_RESULT(tablic_bot_memory_bytes("nosuch", &bytes, message, sizeof message),
                 TABLIC_RESULT_INVALID_BOT);
    CHECK(strstr(message, "unknown bot \"nosuch\"") != NULL);
    CHECK_RESULT(tablic_bot_new(NULL, "minimax:depth=99", 1, NULL, 0, &bot, message,
                                sizeof message),
                 TABLIC_RESULT_INVALID_BOT);
    CHECK(strstr(message, "depth") != NULL);
    CHECK_RESULT(tablic_bot_new(NULL, "greedy:speed=2", 1, NULL, 0, &bot, NULL, 0),
                 TABLIC_RESULT_INVALID_BOT);
    /* Names and options of wide characters, longer than the message keeps of them. */
    const char *wide = "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
                       "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"; /* 13 x é */
    CHECK_RESULT(tablic_bot_memory_bytes(wide, &bytes, message, sizeof message),
                 TABLIC_RESULT_INVALID_BOT);
    CHECK(strstr(message, "unknown bot") != NULL);
    CHECK_RESULT(tablic_bot_new(NULL, wide, 1, NULL, 0, &bot, message, sizeof message),
                 TABLIC_RESULT_INVALID_BOT);
    char wide_option[64];
    snprintf(wide_option, sizeof wide_option, "greedy:%s", wide);
    CHECK_RESULT(tablic_bot_new(NULL, wide_option, 1, NULL, 0, &bot, message, sizeof message),
                 TABLIC_RESULT_INVALID_BOT);
    CHECK(strstr(message, "bad bot option") != NULL);
    snprintf(wide_option, sizeof wide_option, "minimax:depth=%s", wide);
    CHECK_RESULT(tablic_bot_new(NULL, wide_option, 1, NULL, 0, &bot, message, sizeof message),
                 TABLIC_RESULT_INVALID_BOT);
    CHECK(strstr(message, "depth") != NULL);
    CHECK_RESULT(tablic_bot_new(NULL, NULL, 1, NULL, 0, &bot, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_bot_new(NULL, "greedy", 1, NULL, 0, NULL, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_bot_new((tablic_bot_storage *)((char *)&storage + 4), "greedy", 1, NULL,
                                0, &bot, NULL, 0),
                 TABLIC_RESULT_MISALIGNED);

    /* Caller storage for one bot, the library's for the other. */
    CHECK_OK(tablic_bot_new(&storage, "greedy", 1, NULL, 0, &greedy, NULL, 0));
    CHECK((void *)greedy == (void *)&storage);
    CHECK_OK(tablic_bot_new(NULL, "minimax:depth=2,nodes=2000", 2, NULL, 0, &minimax, NULL, 0));
    play_bots(greedy, minimax, 11, record, sizeof record);
    tablic_bot_free(greedy);
    tablic_bot_free(minimax);

    /* Same seeds, same game. */
    CHECK_OK(tablic_bot_new(&storage, "greedy", 1, NULL, 0, &greedy, NULL, 0));
    CHECK_OK(tablic_bot_new(NULL, "minimax:depth=2,nodes=2000", 2, NULL, 0, &minimax, NULL, 0));
    play_bots(greedy, minimax, 11, again, sizeof again);
    CHECK(strcmp(record, again) == 0);

    /* PIMC in the caller's (small, unaligned, then aligned) memory. */
    uint64_t *memory = malloc(4096 + 8);
    CHECK_RESULT(tablic_bot_new(NULL, "pimc:samples=2,nodes=2000", 3, (char *)memory + 1, 4096,
                                &pimc, NULL, 0),
                 TABLIC_RESULT_MISALIGNED);
    CHECK_OK(tablic_bot_new(NULL, "pimc:samples=2,nodes=2000", 3, memory, 4096, &pimc, NULL, 0));
    play_bots(pimc, greedy, 12, record, sizeof record);
    tablic_bot_free(pimc);
    free(memory);

    /* ISMCTS with memory for 256 nodes and 300 iterations a move: its tree fills up and
       stops growing, and it still plays every move. */
    memory = malloc(4096);
    CHECK_OK(tablic_bot_new(NULL, "ismcts:iterations=300", 5, memory, 4096, &bot, NULL, 0));
    play_bots(bot, greedy, 13, record, sizeof record);
    tablic_bot_free(bot);
    bot = NULL;
    free(memory);

    /* The strongest bot by the name users know, and its memory: ismcts's. */
    size_t best_bytes = 0, ismcts_bytes = 0;
    CHECK_OK(tablic_bot_memory_bytes("best", &best_bytes, NULL, 0));
    CHECK_OK(tablic_bot_memory_bytes("ismcts", &ismcts_bytes, NULL, 0));
    CHECK(best_bytes == ismcts_bytes && best_bytes > 0);
    CHECK_OK(tablic_bot_new(NULL, "best:iterations=200,learned=1", 7, NULL, 0, &bot, NULL, 0));
    play_bots(bot, greedy, 14, record, sizeof record);
    tablic_bot_free(bot);
    bot = NULL;

    /* The best reply to greedy play, in the library's memory: a whole game, solved once. */
    CHECK_OK(tablic_bot_new(NULL, "bestresponse", 0, NULL, 0, &bot, NULL, 0));
    play_bots(bot, greedy, 5, record, sizeof record);
    tablic_bot_free(bot);
    bot = NULL;

    /* The library's memory for a solving bot; choosing for a seat out of range. */
    CHECK_OK(tablic_bot_new(NULL, "clairvoyant", 4, NULL, 0, &bot, NULL, 0));
    tablic_game *game = NULL;
    tablic_move chosen;
    CHECK_OK(tablic_game_new(NULL, 2, 5, &game));
    CHECK_RESULT(tablic_bot_choose(bot, game, 2, &chosen), TABLIC_RESULT_INVALID_SEAT);
    CHECK_RESULT(tablic_bot_choose(bot, game, 0, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_bot_choose(NULL, game, 0, &chosen), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_bot_choose(bot, NULL, 0, &chosen), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_OK(tablic_bot_choose(bot, game, 0, &chosen));
    CHECK_OK(tablic_game_check(game, chosen));
    tablic_game_free(game);
    tablic_bot_free(bot);
    tablic_bot_free(greedy);
    tablic_bot_free(minimax);
    tablic_bot_free(NULL);
}

int main(void) {
    test_version();
    test_result_messages();
    test_cards();
    test_ranks_and_suits();
    test_captures();
    test_crowded_game();
    test_game();
    test_deck();
    test_record();
    test_bots();
    if (check_failures) {
        fprintf(stderr, "test_api: %d checks failed\n", check_failures);
        return 1;
    }
    printf("test_api: all checks passed\n");
    return 0;
}

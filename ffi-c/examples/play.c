/* play.c: a full game of tablić between two bots, through the C API.
 *
 *   play [BOT0 [BOT1 [SEED]]]     e.g.  play greedy minimax:depth=3 7
 *
 * Prints every move and the score. Build: see Makefile (pkg-config tablic). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <tablic.h>

/* Prints what went wrong and exits, for any result but OK. */
static void check(tablic_result code, const char *what) {
    if (code != TABLIC_RESULT_OK) {
        char message[256];
        tablic_result_message((unsigned)code, message, sizeof message, NULL);
        fprintf(stderr, "play: %s: %s\n", what, message);
        exit(2);
    }
}

int main(int argc, char **argv) {
    const char *specs[2] = {argc > 1 ? argv[1] : "greedy", argc > 2 ? argv[2] : "minimax"};
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    tablic_game *game = NULL;
    tablic_bot *bots[2] = {NULL, NULL};
    char reason[256] = "";

    check(tablic_game_new(NULL, 2, seed, &game), "new game");
    for (int seat = 0; seat < 2; seat++) {
        if (tablic_bot_new(NULL, specs[seat], seed + (uint64_t)seat, NULL, 0, &bots[seat], reason,
                           sizeof reason) != TABLIC_RESULT_OK) {
            fprintf(stderr, "play: bot %s: %s\n", specs[seat], reason);
            return 2;
        }
    }
    printf("seed %" PRIu64 ": seat 0 %s, seat 1 %s\n", seed, specs[0], specs[1]);

    int32_t seat = 0;
    for (int ply = 1; check(tablic_game_to_move(game, &seat), "turn"), seat >= 0; ply++) {
        tablic_move move;
        tablic_played played;
        char card[8], taken[256];
        check(tablic_bot_choose(bots[seat], game, (uint32_t)seat, &move), "choose");
        check(tablic_game_play(game, move, &played), "play");
        check(tablic_card_format(move.card, true, card, sizeof card, NULL), "card");
        check(tablic_cards_format(move.capture, true, taken, sizeof taken, NULL), "cards");
        printf("%2d  seat %d plays %s", ply, seat, card);
        if (move.capture) printf(" and takes %s", taken);
        printf("%s\n", played.tabla ? ": tabla" : "");
    }

    tablic_seat_result results[2];
    size_t count = 0;
    int32_t winner = -1;
    check(tablic_game_result(game, results, 2, &count), "result");
    check(tablic_game_winner(game, &winner), "winner");
    printf("seat  bot           points  tablas  cards  +3  total\n");
    for (size_t i = 0; i < count; i++) {
        printf("%4zu  %-12s  %6u  %6u  %5u  %2s  %5u\n", i, specs[i], results[i].card_points,
               results[i].tablas, results[i].cards, results[i].most_cards ? "+3" : "",
               results[i].total);
    }
    if (winner < 0) {
        printf("a tie\n");
    } else {
        printf("seat %d wins\n", winner);
    }

    /* The two cards worth more than others of their rank, by rank and suit: who took them. */
    const uint8_t ranks[2] = {TABLIC_RANK_TEN, TABLIC_RANK_TWO};
    const uint8_t suits[2] = {TABLIC_SUIT_DIAMONDS, TABLIC_SUIT_CLUBS};
    for (int i = 0; i < 2; i++) {
        uint8_t special = 0;
        uint32_t points = 0;
        char text[8];
        check(tablic_card_index(ranks[i], suits[i], &special), "card");
        check(tablic_card_points(special, &points), "points");
        check(tablic_card_format(special, true, text, sizeof text, NULL), "card");
        for (uint32_t taker = 0; taker < 2; taker++) {
            tablic_seat info;
            check(tablic_game_seat(game, taker, &info), "seat");
            if ((info.pile >> special) & 1) {
                printf("%s (worth %u) went to seat %u\n", text, points, taker);
            }
        }
    }

    tablic_bot_free(bots[0]);
    tablic_bot_free(bots[1]);
    tablic_game_free(game);
    return 0;
}

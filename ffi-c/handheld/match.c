/* match.c: a seeded two-player game between two bots, printed move by move (see match.h).
 * Shared by the handheld firmware (main.c) and the host build (host_main.c). */
#include "match.h"

#include <stdbool.h>
#include <stdio.h>

#define SEATS 2u
/* A two-player game: 52 cards, 4 on the table, so 48 moves; 22 card points in the deck. */
#define GAME_MOVES 48u
#define DECK_CARDS 52u
#define DECK_POINTS 22u

/* The games both builds play (without the library's solver, only the first). Budgets are chosen for QEMU's speed on a small CI machine:
 * see README.md for the figures. */
const struct match_game match_games[] = {
    {
        .title = "greedy vs minimax",
        .seed = 2024,
        .bot_seeds = {1, 2},
        .bots = {"greedy", "minimax:depth=2,nodes=1000"},
    },
#ifndef HANDHELD_WITHOUT_SOLVER
    {
        .title = "minimax vs pimc",
        .seed = 7,
        .bot_seeds = {3, 4},
        .bots = {"minimax:depth=2,nodes=1000", "pimc:samples=2,nodes=2000"},
    },
    {
        .title = "ismcts vs greedy",
        .seed = 11,
        .bot_seeds = {5, 6},
        .bots = {"ismcts:iterations=60", "greedy"},
    },
#endif
};
const size_t match_game_count = sizeof match_games / sizeof match_games[0];

/* All the memory the library works in: caller storage for the handles, and the searching
 * bot's memory (pimc's transposition table, ismcts's tree). Nothing is allocated. */
static tablic_game_storage game_storage;
static tablic_bot_storage bot_storage[SEATS];
static uint64_t search_memory[MATCH_SEARCH_MEMORY_BYTES / sizeof(uint64_t)];

size_t match_static_bytes(void) {
    return sizeof game_storage + sizeof bot_storage + sizeof search_memory;
}

enum tablic_result match_choose_direct(void *context, const char *spec, tablic_bot *bot,
                                       const tablic_game *game, uint32_t seat,
                                       tablic_move *chosen) {
    (void)context;
    (void)spec;
    return tablic_bot_choose(bot, game, seat, chosen);
}

/* The moves played, to compare with tablic_game_history at the end. */
static tablic_move history[GAME_MOVES];

/* Set by any call that does not return TABLIC_RESULT_OK or any check that fails. */
static bool failed;

static bool ok(enum tablic_result result, const char *function) {
    char message[96];
    if (result == TABLIC_RESULT_OK) return true;
    if (tablic_result_message((uint32_t)result, message, sizeof message, NULL) !=
        TABLIC_RESULT_OK)
        message[0] = '\0';
    printf("error: %s returned %d (%s)\n", function, (int)result, message);
    failed = true;
    return false;
}

/* Calls a tablic function; on failure prints which one and why, and yields false. */
#define CALL(function, arguments) ok(function arguments, #function)

static bool check(bool condition, const char *what) {
    if (!condition) {
        printf("error: check failed: %s\n", what);
        failed = true;
    }
    return condition;
}

static const char *card_text(uint8_t card, char *buffer, size_t capacity) {
    if (!CALL(tablic_card_format, (card, false, buffer, capacity, NULL))) return "?";
    return buffer;
}

static const char *cards_text(uint64_t cards, char *buffer, size_t capacity) {
    if (!CALL(tablic_cards_format, (cards, false, buffer, capacity, NULL))) return "?";
    return cards == 0 ? "-" : buffer;
}

/* The bots of one game, in bot_storage. */
struct seats {
    tablic_bot *bot[SEATS];
    const char *spec[SEATS];
};

static void free_bots(struct seats *seats) {
    for (unsigned seat = 0; seat < SEATS; seat++) {
        tablic_bot_free(seats->bot[seat]);
        seats->bot[seat] = NULL;
    }
}

/* Makes the bots `specs` in bot_storage; at most one of them may search (search_memory). */
static bool make_bots(struct seats *seats, const char *const specs[SEATS],
                      const uint64_t bot_seeds[SEATS]) {
    bool memory_taken = false;
    for (unsigned seat = 0; seat < SEATS; seat++) {
        char message[96] = "";
        size_t wanted = 0;
        void *memory = NULL;
        size_t memory_bytes = 0;
        seats->spec[seat] = specs[seat];
        if (!CALL(tablic_bot_memory_bytes, (specs[seat], &wanted, message, sizeof message))) {
            printf("error: bot %s: %s\n", specs[seat], message);
            return false;
        }
        if (wanted > 0) {
            if (!check(!memory_taken, "one searching bot per game")) return false;
            memory_taken = true;
            memory = search_memory;
            memory_bytes = sizeof search_memory;
        }
        if (!CALL(tablic_bot_new, (&bot_storage[seat], specs[seat], bot_seeds[seat], memory,
                                   memory_bytes, &seats->bot[seat], message, sizeof message))) {
            printf("error: bot %s: %s\n", specs[seat], message);
            return false;
        }
    }
    return true;
}

static void print_deal(const tablic_game *game, uint32_t deal) {
    char table[256];
    uint64_t cards = 0;
    if (CALL(tablic_game_table, (game, &cards)))
        printf("deal %u, table %s\n", (unsigned)deal, cards_text(cards, table, sizeof table));
}

/* Plays every move; returns the number of moves played. */
static uint32_t play_moves(tablic_game *game, struct seats *seats, match_choose_fn choose,
                           void *context) {
    uint32_t ply = 0;
    tablic_view view;
    if (!CALL(tablic_game_view, (game, 0, &view))) return ply;
    print_deal(game, view.deals_dealt);
    for (;;) {
        bool finished = true;
        int32_t to_move = -1;
        tablic_move move;
        tablic_played played;
        char card[8];
        char capture[256];
        if (!CALL(tablic_game_is_finished, (game, &finished)) || finished) break;
        if (!CALL(tablic_game_to_move, (game, &to_move))) break;
        if (!check(to_move >= 0 && (uint32_t)to_move < SEATS, "a seat is to move")) break;
        if (!CALL(choose, (context, seats->spec[to_move], seats->bot[to_move], game,
                           (uint32_t)to_move, &move)))
            break;
        if (!CALL(tablic_game_play, (game, move, &played))) break;
        ply++;
        check(played.seat == (uint32_t)to_move, "the seat that moved is the seat to move");
        if (ply <= GAME_MOVES) history[ply - 1] = move;
        if (move.capture)
            printf("%2u seat %u plays %-3s takes %s%s\n", (unsigned)ply, (unsigned)played.seat,
                   card_text(move.card, card, sizeof card),
                   cards_text(move.capture, capture, sizeof capture),
                   played.tabla ? "  (tabla)" : "");
        else
            printf("%2u seat %u plays %-3s discards\n", (unsigned)ply, (unsigned)played.seat,
                   card_text(move.card, card, sizeof card));
        if (played.finished) break;
        if (played.new_deal && CALL(tablic_game_view, (game, 0, &view)))
            print_deal(game, view.deals_dealt);
    }
    return ply;
}

/* Prints the result and checks that it adds up. */
static void print_result(const tablic_game *game, uint32_t moves) {
    tablic_seat_result results[SEATS];
    size_t count = 0;
    tablic_move recorded[GAME_MOVES];
    int32_t winner = -2;
    int32_t to_move = 0;
    bool finished = false;
    uint32_t cards = 0;
    uint32_t points = 0;
    uint32_t best = 0;
    uint32_t best_count = 0;
    int32_t best_seat = -1;

    if (!CALL(tablic_game_is_finished, (game, &finished)) ||
        !check(finished, "the game is finished"))
        return;
    CALL(tablic_game_to_move, (game, &to_move));
    check(to_move == -1, "nobody is to move after the end");
    check(moves == GAME_MOVES, "48 moves were played");
    if (CALL(tablic_game_history, (game, recorded, GAME_MOVES, &count)) &&
        check(count == moves, "the history holds every move")) {
        bool same = true;
        for (size_t i = 0; i < count; i++)
            same = same && recorded[i].card == history[i].card &&
                   recorded[i].capture == history[i].capture;
        check(same, "the history holds the moves played");
    }
    if (!CALL(tablic_game_result, (game, results, SEATS, &count)) ||
        !check(count == SEATS, "two seats in the result"))
        return;
    for (unsigned seat = 0; seat < SEATS; seat++) {
        const tablic_seat_result *r = &results[seat];
        printf("seat %u: card points %u, tablas %u, cards %u, most cards %s, total %u\n", seat,
               (unsigned)r->card_points, (unsigned)r->tablas, (unsigned)r->cards,
               r->most_cards ? "+3" : "+0", (unsigned)r->total);
        check(r->total == r->card_points + r->tablas + (r->most_cards ? 3u : 0u),
              "total = card points + tablas + bonus");
        cards += r->cards;
        points += r->card_points;
        if (r->total > best) {
            best = r->total;
            best_count = 1;
            best_seat = (int32_t)seat;
        } else if (r->total == best) {
            best_count++;
        }
    }
    check(cards == DECK_CARDS, "the piles hold all 52 cards");
    check(points == DECK_POINTS, "the piles hold all 22 card points");
    if (!CALL(tablic_game_winner, (game, &winner))) return;
    check(winner == (best_count == 1 ? best_seat : -1), "the winner has the highest total");
    if (winner >= 0)
        printf("winner: seat %d\n", (int)winner);
    else
        printf("winner: none (tie)\n");
}

int match_play(const struct match_game *config, match_choose_fn choose, void *context) {
    struct seats seats = {{NULL, NULL}, {NULL, NULL}};
    tablic_game *game = NULL;
    uint32_t moves = 0;

    failed = false;
    printf("game: %s, seed %llu\n", config->title, (unsigned long long)config->seed);
    printf("seat 0: %s (seed %llu), seat 1: %s (seed %llu)\n", config->bots[0],
           (unsigned long long)config->bot_seeds[0], config->bots[1],
           (unsigned long long)config->bot_seeds[1]);
    if (CALL(tablic_game_new, (&game_storage, SEATS, config->seed, &game)) &&
        make_bots(&seats, config->bots, config->bot_seeds)) {
        moves = play_moves(game, &seats, choose, context);
        print_result(game, moves);
    }
    free_bots(&seats);
    tablic_game_free(game);
    printf("game %s\n", failed ? "FAILED" : "ok");
    return failed ? 1 : 0;
}

/* test_analysis.c: tablic_analyze through tablic.h: the figures `tablic analyze --json`
 * prints for the same positions, bot and seed; the best line played out; caller and library
 * memory; every error path. Built with -Wall -Wextra -Werror -pedantic and run under ASan +
 * UBSan and under valgrind by ffi-c/Makefile. Exits with 1 when a check fails. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tablic.h"

/* Seat 0 in the third deal of two players, as in `tablic analyze --help`. */
#define SEAT_POSITION                                                                        \
    "players=2 ply=24 turn=0 seat=0 table=8C hand=AD,2D,3C,6S,9D,JD "                         \
    "piles=3D,4S,6D,7H,7S,10C,10S,QC,QH;2C,3S,4D,4H,5C,5D,5H,5S,8H,8S,9H,9S,10D,JH,QS,KC,KH," \
    "KS tablas=0,0 last=1"

/* Three moves from the end with everything known. */
#define KNOWN_POSITION                                                                       \
    "players=2 ply=42 turn=0 table=3H,6C,QD hands=AC,10H,KD;2H,4C,8D "                        \
    "piles=AD,AH,2D,3D,4S,6D,7C,7H,7S,9D,10C,10S,JC,JD,QC,QH;AS,2C,2S,3C,3S,4D,4H,5C,5D,5H," \
    "5S,6H,6S,7D,8C,8H,8S,9C,9H,9S,10D,JH,JS,QS,KC,KH,KS tablas=0,0 last=1 deck=-"

/* Twenty cards on the table, the most a search takes, all aces to fives: two kings and two
 * queens capture them in more than 256 ways between them. */
#define MANY_MOVES_POSITION                                                                  \
    "players=2 ply=16 turn=0 seat=0 table=AC,AD,AH,AS,2C,2D,2H,2S,3C,3D,3H,3S,4C,4D,4H,4S,5C," \
    "5D,5H,5S hand=KC,KD,QC,QD piles=; tablas=0,0 last=-"

/* The node budget `tablic analyze` gives an exact analysis. */
#define NODES 100000000u

static tablic_position *position_of(const char *text) {
    tablic_position *position = NULL;
    CHECK_OK(tablic_position_new_from_text(NULL, text, &position, NULL, 0));
    return position;
}

/* True when `got` is the move `card` capturing `capture` (cards as text, "" for none). */
static int is_move(tablic_move got, const char *played, const char *capture) {
    return got.card == card(played) && got.capture == (*capture ? cards(capture) : 0);
}

/* One move's figures as `tablic analyze --json` prints them. */
struct expected_move {
    const char *card;
    double margin, margin_se, ahead, loss, loss_se;
    tablic_mark mark;
};

static void check_moves(const tablic_move_analysis *got, const struct expected_move *expected,
                        size_t count, uint32_t worlds) {
    for (size_t i = 0; i < count; i++) {
        CHECK(is_move(got[i].move, expected[i].card, ""));
        CHECK(got[i].margin == expected[i].margin);
        CHECK(got[i].margin_se == expected[i].margin_se);
        CHECK(got[i].ahead == expected[i].ahead);
        CHECK(got[i].loss == expected[i].loss);
        CHECK(got[i].loss_se == expected[i].loss_se);
        CHECK(got[i].mark == expected[i].mark);
        CHECK(got[i].worlds == worlds);
    }
}

/* tablic analyze --json --bot pimc:samples=8 SEAT_POSITION (seed 1) */
static const struct expected_move SEAT_MOVES[] = {
    {"AD", -11.041666666666666, 1.522890813082615, 0.0, 0.0, 0.0, TABLIC_MARK_NONE},
    {"2D", -11.125, 0.875, 0.0, 0.08333333333333333, 1.3812089252673165, TABLIC_MARK_NONE},
    {"9D", -11.25, 0.8903138380137254, 0.0, 0.20833333333333334, 1.5183239244912594,
     TABLIC_MARK_NONE},
    {"3C", -11.5, 1.5223207012519793, 0.0, 0.4583333333333333, 0.6297439010839097,
     TABLIC_MARK_NONE},
    {"6S", -12.0, 1.251982554774753, 0.0, 0.9583333333333334, 1.0530332227683836,
     TABLIC_MARK_NONE},
    {"JD", -13.625, 0.743857118469947, 0.0, 2.5833333333333335, 0.9875213479709756,
     TABLIC_MARK_MISTAKE},
};

static void check_seat_analysis(const tablic_move_analysis *moves, size_t count,
                                const tablic_analysis *found) {
    CHECK(count == 6);
    check_moves(moves, SEAT_MOVES, 6, 8);
    CHECK(found->seat == 0 && !found->exact && found->horizon == TABLIC_HORIZON_DEAL_END);
    CHECK(found->horizon_moves == 0 && found->worlds == 8 && found->left_out == 0);
    CHECK(found->moves == 6 && found->nodes == 78733 && found->line_length == 0);
    CHECK(is_move(found->best, "AD", ""));
    CHECK(found->has_bot_move && is_move(found->bot_move, "AD", ""));
}

static void test_a_seats_position_gives_the_figures_of_tablic_analyze(void) {
    tablic_position *position = position_of(SEAT_POSITION);
    tablic_move_analysis moves[TABLIC_MAX_ANALYSED_MOVES];
    tablic_analysis found;
    size_t count = 0;

    CHECK_OK(tablic_analyze(position, "pimc:samples=8", 1, NODES, NULL, 0, moves,
                            TABLIC_MAX_ANALYSED_MOVES, &count, &found, NULL, 0));
    check_seat_analysis(moves, count, &found);

    /* The learned evaluation at the deal's end, named as such. */
    tablic_move_analysis learned_moves[TABLIC_MAX_ANALYSED_MOVES];
    tablic_analysis learned;
    CHECK_OK(tablic_analyze(position, "pimc:samples=8,learned=1", 1, NODES, NULL, 0,
                            learned_moves, TABLIC_MAX_ANALYSED_MOVES, &count, &learned, NULL, 0));
    CHECK(learned.horizon == TABLIC_HORIZON_LEARNED_DEAL_END && learned.horizon_moves == 0);

    /* The bot's move is the pimc bot's with the same seed. */
    tablic_game *game = NULL;
    tablic_bot *bot = NULL;
    tablic_move chosen;
    CHECK_OK(tablic_game_new_from_position(NULL, position, &game));
    CHECK_OK(tablic_bot_new(NULL, "pimc:samples=8", 1, NULL, 0, &bot, NULL, 0));
    CHECK_OK(tablic_bot_choose(bot, game, 0, &chosen));
    CHECK(chosen.card == found.bot_move.card && chosen.capture == found.bot_move.capture);
    tablic_bot_free(bot);
    tablic_game_free(game);

    /* The memory: 8 worlds × 6 moves of values, then the solver's table. */
    size_t least = 0, best = 0;
    CHECK_OK(tablic_analysis_memory_bytes(position, "pimc:samples=8", &least, &best, NULL, 0));
    CHECK(least == 8 * 6 * sizeof(int32_t) && best == least + 262144);
    /* `memory=K` asks for K KiB of table instead. */
    size_t small_best = 0;
    CHECK_OK(tablic_analysis_memory_bytes(position, "pimc:samples=8,memory=2", &least, &small_best,
                                          NULL, 0));
    CHECK(small_best == least + 2048);
    uint64_t *memory = malloc(best);
    CHECK(memory != NULL);
    memset(&found, 0, sizeof found);
    CHECK_OK(tablic_analyze(position, "pimc:samples=8", 1, NODES, memory, best, moves,
                            TABLIC_MAX_ANALYSED_MOVES, &count, &found, NULL, 0));
    check_seat_analysis(moves, count, &found);

    /* Too little memory says how much is needed; nothing is written. */
    char reason[128] = "";
    count = 99;
    CHECK_RESULT(tablic_analyze(position, "pimc:samples=8", 1, NODES, memory, least - 1, moves,
                                TABLIC_MAX_ANALYSED_MOVES, &count, &found, reason, sizeof reason),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(strcmp(reason, "the memory must be at least 192 bytes") == 0 && count == 99);
    CHECK_RESULT(tablic_analyze(position, "pimc:samples=8", 1, NODES, (char *)memory + 4, least,
                                moves, TABLIC_MAX_ANALYSED_MOVES, &count, &found, NULL, 0),
                 TABLIC_RESULT_MISALIGNED);
    free(memory);

    /* Too few slots: the count, and no move. */
    CHECK_RESULT(tablic_analyze(position, "pimc:samples=8", 1, NODES, NULL, 0, NULL, 0, &count,
                                &found, NULL, 0),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 6);
    memset(moves, 0, sizeof moves);
    CHECK_RESULT(tablic_analyze(position, "pimc:samples=8", 1, NODES, NULL, 0, moves, 5, &count,
                                &found, NULL, 0),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 6 && moves[0].worlds == 0);
    tablic_position_free(position);
}

static void test_three_players_are_solved_a_few_moves_ahead(void) {
    /* tablic analyze --json --bot pimc:samples=2,nodes=2000 (seat 0 at the start, seed 1) */
    static const struct expected_move expected[] = {
        {"7H", -2.5833333333333335, 0.25, 0.0, 0.0, 0.0, TABLIC_MARK_NONE},
        {"4D", -2.6666666666666665, 0.16666666666666666, 0.0, 0.08333333333333333,
         0.08333333333333333, TABLIC_MARK_NONE},
    };
    tablic_game *game = NULL;
    tablic_position *position = NULL;
    tablic_move_analysis moves[TABLIC_MAX_ANALYSED_MOVES];
    tablic_analysis found;
    size_t count = 0;
    CHECK_OK(tablic_game_new(NULL, 3, 1, &game));
    CHECK_OK(tablic_position_new_from_view(NULL, game, 0, false, &position));
    CHECK_OK(tablic_analyze(position, "pimc:samples=2,nodes=2000", 1, NODES, NULL, 0, moves,
                            TABLIC_MAX_ANALYSED_MOVES, &count, &found, NULL, 0));
    CHECK(count == 6);
    check_moves(moves, expected, 2, 2);
    CHECK(found.horizon == TABLIC_HORIZON_MOVES && found.horizon_moves == 3);
    CHECK(found.worlds == 2 && found.nodes == 8129 && is_move(found.bot_move, "7H", ""));
    tablic_position_free(position);
    tablic_game_free(game);
}

static void check_known_analysis(const tablic_move_analysis *moves, size_t count,
                                 const tablic_analysis *found) {
    static const struct expected_move expected[] = {
        {"10H", -1.0, 0.0, 0.0, 0.0, 0.0, TABLIC_MARK_NONE},
        {"KD", -1.0, 0.0, 0.0, 0.0, 0.0, TABLIC_MARK_NONE},
        {"AC", -9.0, 0.0, 0.0, 8.0, 0.0, TABLIC_MARK_BLUNDER},
    };
    CHECK(count == 3);
    check_moves(moves, expected, 3, 1);
    CHECK(found->exact && found->horizon == TABLIC_HORIZON_GAME_END && found->worlds == 1);
    CHECK(!found->has_bot_move && found->bot_move.card == 0 && found->bot_move.capture == 0);
    CHECK(is_move(found->best, "10H", "") && found->line_length == 6);
    CHECK(is_move(found->line[0], "10H", ""));
}

/* The best value is the margin of playing the best line to the end. */
static void check_line_reaches(const tablic_position *position, const tablic_analysis *found,
                               double margin) {
    tablic_game *game = NULL;
    tablic_seat_result results[2];
    size_t count = 0;
    CHECK_OK(tablic_game_new_from_position(NULL, position, &game));
    for (uint32_t ply = 0; ply < found->line_length; ply++) {
        CHECK_OK(tablic_game_play(game, found->line[ply], NULL));
    }
    CHECK_OK(tablic_game_result(game, results, 2, &count));
    CHECK((double)results[0].total - (double)results[1].total == margin);
    tablic_game_free(game);
}

static void test_everything_known_is_exact_with_the_best_line(void) {
    tablic_position *position = position_of(KNOWN_POSITION);
    tablic_move_analysis moves[3];
    tablic_analysis found;
    size_t count = 0;
    CHECK_OK(tablic_analyze(position, "pimc", 1, NODES, NULL, 0, moves, 3, &count, &found, NULL,
                            0));
    check_known_analysis(moves, count, &found);
    CHECK(found.nodes == 105);
    /* tablic analyze --json KNOWN_POSITION */
    CHECK(is_move(found.line[1], "4C", "") && is_move(found.line[2], "KD", "4C 10H"));
    CHECK(is_move(found.line[3], "2H", "") && is_move(found.line[4], "AC", "2H 3H 6C"));
    CHECK(is_move(found.line[5], "8D", ""));
    check_line_reaches(position, &found, -1.0);

    /* No values, and the solver's table as the caller likes: none at all works too (another
     * line may come out, as good). */
    size_t least = 1, best = 0;
    CHECK_OK(tablic_analysis_memory_bytes(position, "pimc", &least, &best, NULL, 0));
    CHECK(least == 0 && best == 16777216);
    uint64_t none;
    CHECK_OK(tablic_analyze(position, "pimc", 1, NODES, &none, 0, moves, 3, &count, &found, NULL,
                            0));
    check_known_analysis(moves, count, &found);
    check_line_reaches(position, &found, -1.0);
    tablic_position_free(position);
}

/* The analysis refuses with `expected`, and says `reason`; its outputs stay untouched. */
static void check_refused(const tablic_position *position, const char *bot, uint64_t nodes,
                          tablic_result expected, const char *reason) {
    tablic_move_analysis moves[TABLIC_MAX_ANALYSED_MOVES];
    tablic_analysis found;
    size_t count = 99;
    char message[160] = "";
    found.worlds = 99;
    CHECK_RESULT(tablic_analyze(position, bot, 1, nodes, NULL, 0, moves,
                                TABLIC_MAX_ANALYSED_MOVES, &count, &found, message,
                                sizeof message),
                 expected);
    if (strcmp(message, reason) != 0) {
        fprintf(stderr, "    message:  %s\n    expected: %s\n", message, reason);
        check_failures++;
    }
    CHECK(count == 99 && found.worlds == 99);
}

/* As `check_refused`, for the position of `game` as `seat` sees it (-1: everything known). */
static void check_game_refused(const tablic_game *game, int32_t seat, uint64_t nodes,
                               tablic_result expected, const char *reason) {
    tablic_position *position = NULL;
    if (seat < 0) {
        CHECK_OK(tablic_position_new_from_game(NULL, game, false, &position));
    } else {
        CHECK_OK(tablic_position_new_from_view(NULL, game, (uint32_t)seat, false, &position));
    }
    check_refused(position, "pimc", nodes, expected, reason);
    tablic_position_free(position);
}

/* A game whose players only discarded until 21 cards lay on the table. */
static tablic_game *crowded_game(void) {
    tablic_game *game = NULL;
    CHECK_OK(tablic_game_new(NULL, 2, 5, &game));
    for (;;) {
        uint64_t table = 0;
        int on_table = 0;
        CHECK_OK(tablic_game_table(game, &table));
        for (; table; table &= table - 1) on_table++;
        if (on_table > 20) return game;
        int32_t seat = -1;
        tablic_view view;
        CHECK_OK(tablic_game_to_move(game, &seat));
        CHECK_OK(tablic_game_view(game, (uint32_t)seat, &view));
        uint8_t lowest = 0;
        while (!((view.hand >> lowest) & 1)) lowest++;
        tablic_move discard = {lowest, 0};
        CHECK_OK(tablic_game_play(game, discard, NULL));
    }
}

static void test_what_cannot_be_analysed_says_why(void) {
    tablic_position *seat = position_of(SEAT_POSITION);
    check_refused(seat, "greedy", NODES, TABLIC_RESULT_INVALID_BOT,
                  "greedy cannot weigh moves (use pimc)");
    check_refused(seat, "pimc:x=1", NODES, TABLIC_RESULT_INVALID_BOT,
                  "bad bot option \"x=1\": pimc takes samples, nodes, learned, inference, "
                  "alone, memory or exact");
    check_refused(seat, "pimc:samples=1,nodes=1", NODES, TABLIC_RESULT_OUT_OF_BUDGET,
                  "the search ran out of its budget of 1 nodes");
    check_refused(seat, "\xff", NODES, TABLIC_RESULT_INVALID_UTF8, "");

    /* The whole game, from its first move, is far past 1000 nodes. */
    tablic_game *game = NULL;
    CHECK_OK(tablic_game_new(NULL, 2, 5, &game));
    check_game_refused(game, -1, 1000, TABLIC_RESULT_OUT_OF_BUDGET,
                       "the search ran out of its budget of 1000 nodes");
    tablic_game_free(game);

    game = crowded_game();
    check_game_refused(game, -1, NODES, TABLIC_RESULT_CROWDED_TABLE,
                       "21 cards on the table: more than 20, where no search is made");
    check_game_refused(game, 0, NODES, TABLIC_RESULT_NOT_SEATS_TURN,
                       "the position is seat 0's, but seat 1 is to move");
    tablic_game_free(game);

    tablic_position *many_moves = position_of(MANY_MOVES_POSITION);
    check_refused(many_moves, "pimc", NODES, TABLIC_RESULT_TOO_MANY_MOVES,
                  "more than 256 legal moves, too many to analyse");
    tablic_position_free(many_moves);

    /* A finished game: the known position played out. */
    tablic_position *known = position_of(KNOWN_POSITION);
    CHECK_OK(tablic_game_new_from_position(NULL, known, &game));
    for (int ply = 0; ply < 6; ply++) {
        tablic_move legal[16];
        size_t count = 0;
        CHECK_OK(tablic_game_legal_moves(game, legal, 16, &count));
        CHECK_OK(tablic_game_play(game, legal[0], NULL));
    }
    check_game_refused(game, -1, NODES, TABLIC_RESULT_GAME_OVER,
                       "the game is over: there is no move to analyse");
    check_game_refused(game, 1, NODES, TABLIC_RESULT_GAME_OVER,
                       "the game is over: there is no move to analyse");
    tablic_game_free(game);

    /* NULL arguments. */
    tablic_move_analysis moves[1];
    tablic_analysis found;
    size_t count = 0, least = 0, best = 0;
    CHECK_RESULT(tablic_analyze(NULL, "pimc", 1, NODES, NULL, 0, moves, 1, &count, &found, NULL,
                                0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_analyze(seat, NULL, 1, NODES, NULL, 0, moves, 1, &count, &found, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_analyze(seat, "pimc", 1, NODES, NULL, 0, NULL, 1, &count, &found, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_analyze(seat, "pimc", 1, NODES, NULL, 0, moves, 1, NULL, &found, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_analyze(seat, "pimc", 1, NODES, NULL, 0, moves, 1, &count, NULL, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_analysis_memory_bytes(NULL, "pimc", &least, &best, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_analysis_memory_bytes(seat, NULL, &least, &best, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_analysis_memory_bytes(seat, "pimc", NULL, &best, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_analysis_memory_bytes(seat, "pimc", &least, NULL, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    char reason[64] = "";
    CHECK_RESULT(tablic_analysis_memory_bytes(seat, "minimax", &least, &best, reason,
                                              sizeof reason),
                 TABLIC_RESULT_INVALID_BOT);
    CHECK(strcmp(reason, "minimax cannot weigh moves (use pimc)") == 0);

    /* The new codes say what they mean. */
    CHECK_OK(tablic_result_message(TABLIC_RESULT_OUT_OF_BUDGET, reason, sizeof reason, NULL));
    CHECK(strcmp(reason, "the search ran out of its node budget") == 0);
    char longer[96] = "";
    CHECK_OK(tablic_result_message(TABLIC_RESULT_TOO_MANY_MOVES, longer, sizeof longer, NULL));
    CHECK(strcmp(longer,
                 "more than TABLIC_MAX_ANALYSED_MOVES (256) legal moves, too many to analyse") == 0);
    tablic_position_free(known);
    tablic_position_free(seat);
}

static void test_a_single_sampled_world_has_no_standard_error(void) {
    tablic_position *position = position_of(SEAT_POSITION);
    tablic_move_analysis moves[TABLIC_MAX_ANALYSED_MOVES];
    tablic_analysis found;
    size_t count = 0;
    CHECK_OK(tablic_analyze(position, "pimc:samples=1", 1, NODES, NULL, 0, moves,
                            TABLIC_MAX_ANALYSED_MOVES, &count, &found, NULL, 0));
    CHECK(count == 6 && found.worlds == 1 && !found.exact);
    for (size_t i = 0; i < count; i++) {
        CHECK(isnan(moves[i].margin_se) && isnan(moves[i].loss_se));
        CHECK(moves[i].mark == TABLIC_MARK_NONE);
    }
    tablic_position_free(position);
}

int main(void) {
    test_a_seats_position_gives_the_figures_of_tablic_analyze();
    test_three_players_are_solved_a_few_moves_ahead();
    test_everything_known_is_exact_with_the_best_line();
    test_what_cannot_be_analysed_says_why();
    test_a_single_sampled_world_has_no_standard_error();
    if (check_failures) {
        fprintf(stderr, "test_analysis: %d checks failed\n", check_failures);
        return 1;
    }
    printf("test_analysis: all checks passed\n");
    return 0;
}

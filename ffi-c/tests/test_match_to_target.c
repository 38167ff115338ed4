/* test_match_to_target.c: a match to a target score through tablic.h: a whole match in
 * pairs, its score sheet checked line by line, its record written as it goes and read back
 * (whole and cut in the middle of a game), undo, bots playing the match's game, caller
 * storage, and every error. Built with -Wall -Wextra -Werror -pedantic and run under ASan +
 * UBSan and under valgrind by ffi-c/Makefile. Exits with 1 when a check fails. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "tablic.h"

static const tablic_rules PAIRS = {2, TABLIC_LEFTOVERS_LAST_CAPTURER, TABLIC_FINAL_TABLA_COUNTS};

/* A record as the caller keeps it: the header, each finished game's block, then the game in
 * play's block. */
struct record {
    char text[32768];
    size_t kept; /* the header and the finished games' blocks */
};

static void append(struct record *record, tablic_result (*write)(const tablic_match_to_target *,
                                                                 char *, size_t, size_t *),
                   const tablic_match_to_target *match, int keep) {
    size_t length = 0;
    CHECK_OK(write(match, record->text + record->kept, sizeof record->text - record->kept,
                   &length));
    if (keep) record->kept += length;
}

/* The record's header without names, as `append` takes a writer. */
static tablic_result write_header(const tablic_match_to_target *match, char *buffer,
                                  size_t capacity, size_t *length) {
    return tablic_match_to_target_record_header(match, NULL, 0, buffer, capacity, length);
}

/* The first legal move in the match's game in play. */
static tablic_move first_move(const tablic_match_to_target *match) {
    const tablic_game *game = NULL;
    tablic_move legal[64];
    size_t count = 0;
    CHECK_OK(tablic_match_to_target_game(match, &game));
    tablic_result listed = tablic_game_legal_moves(game, legal, 64, &count);
    CHECK(listed == TABLIC_RESULT_OK || listed == TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count > 0);
    return legal[0];
}

/* Plays the game in play to its end by the first legal move, or `moves` moves of it. */
static void play_moves(tablic_match_to_target *match, int moves) {
    for (int made = 0; made < moves; made++) {
        tablic_played played;
        CHECK_OK(tablic_match_to_target_play(match, first_move(match), &played));
        if (played.finished) return;
    }
}

#define WHOLE_GAME 48

/* Sheet lines as the match gives them and as a record read back gives them. */
static tablic_sheet_line sheet[16];
static size_t sheet_lines;

/* True when two sheet lines say the same (field by field: structs have padding). */
static int same_line(const tablic_sheet_line *a, const tablic_sheet_line *b) {
    int same = a->game == b->game && a->leader == b->leader && a->side_count == b->side_count &&
               a->player_count == b->player_count;
    for (int i = 0; i < TABLIC_MAX_PLAYERS; i++) {
        const tablic_sheet_side *x = &a->sides[i], *y = &b->sides[i];
        same = same && x->card_points == y->card_points && x->tablas == y->tablas &&
               x->cards == y->cards && x->most_cards == y->most_cards && x->total == y->total &&
               x->running_total == y->running_total;
        const tablic_seat_result *p = &a->players[i], *q = &b->players[i];
        same = same && p->card_points == q->card_points && p->tablas == q->tablas &&
               p->cards == q->cards && p->most_cards == q->most_cards && p->total == q->total;
    }
    return same;
}

static void collect(void *context, const tablic_sheet_line *line) {
    size_t *count = context;
    if (*count < 16) CHECK(same_line(&sheet[*count], line));
    (*count)++;
}

static void test_a_match_in_pairs(void) {
    static struct record record;
    tablic_match_to_target *match = NULL;
    tablic_match_to_target_info info;
    uint32_t totals[2] = {0, 0};
    size_t count = 0;

    CHECK_OK(tablic_match_to_target_new(NULL, 4, PAIRS, TABLIC_MATCH_DEFAULT_TARGET, 3, &match));
    CHECK_OK(tablic_match_to_target_describe(match, &info));
    CHECK(info.players == 4 && info.sides == 2 && info.target == 101 && info.seed == 3);
    CHECK(info.rules.side_size == 2 && info.game_number == 1 && info.finished_games == 0);
    CHECK(info.leader == 0 && info.winner == -1);
    CHECK_RESULT(tablic_match_to_target_next_game(match), TABLIC_RESULT_GAME_NOT_OVER);
    tablic_sheet_line line;
    CHECK_RESULT(tablic_match_to_target_sheet_line(match, &line), TABLIC_RESULT_GAME_NOT_OVER);

    record.kept = 0;
    append(&record, write_header, match, 1);
    CHECK(strcmp(record.text, "tablic-match 1\nplayers 4\nrules side-size=2\ntarget 101\nseed 3\n") ==
          0);

    uint32_t running[2] = {0, 0};
    sheet_lines = 0;
    for (;;) {
        CHECK_OK(tablic_match_to_target_describe(match, &info));
        uint32_t game_index = info.game_number - 1;
        CHECK(info.leader == game_index % 4);
        for (uint32_t player = 0; player < 4; player++) {
            uint32_t seat = 99, back = 99, side = 99;
            CHECK_OK(tablic_match_to_target_seat_of(match, player, &seat));
            CHECK(seat == (player + 4 - info.leader) % 4);
            CHECK_OK(tablic_match_to_target_player_at(match, seat, &back));
            CHECK(back == player);
            CHECK_OK(tablic_match_to_target_side_of(match, player, &side));
            CHECK(side == player % 2);
        }
        play_moves(match, WHOLE_GAME);
        CHECK_OK(tablic_match_to_target_sheet_line(match, &line));
        CHECK(line.game == info.game_number && line.leader == info.leader);
        CHECK(line.side_count == 2 && line.player_count == 4);
        for (uint32_t s = 0; s < 2; s++) {
            const tablic_sheet_side *part = &line.sides[s];
            uint32_t shares = line.players[s].total + line.players[s + 2].total;
            CHECK(part->cards == line.players[s].cards + line.players[s + 2].cards);
            CHECK(part->total == shares + (part->most_cards ? 3u : 0u));
            CHECK(!line.players[s].most_cards && !line.players[s + 2].most_cards);
            running[s] += part->total;
            CHECK(part->running_total == running[s]);
        }
        CHECK(line.sides[2].total == 0 && line.players[4].cards == 0);
        if (sheet_lines < 16) sheet[sheet_lines++] = line;
        append(&record, tablic_match_to_target_game_record, match, 1);
        tablic_result next = tablic_match_to_target_next_game(match);
        if (next == TABLIC_RESULT_MATCH_OVER) break;
        CHECK_OK(next);
        if (next != TABLIC_RESULT_OK) break;
    }

    /* Decided: a side reached 101 and leads alone. The figures are the engine's for seed 3
     * with the first legal move (the core's tests play the same match). */
    CHECK_OK(tablic_match_to_target_totals(match, totals, 2, &count));
    CHECK(count == 2 && totals[0] == running[0] && totals[1] == running[1]);
    CHECK_OK(tablic_match_to_target_describe(match, &info));
    CHECK(info.finished_games == sheet_lines && info.game_number == sheet_lines);
    CHECK(info.winner == (totals[0] > totals[1] ? 0 : 1));
    CHECK(totals[info.winner] >= 101);
    CHECK(sheet_lines == 9 && totals[0] == 122 && totals[1] == 103 && info.winner == 0);
    int32_t ahead = -2;
    CHECK_OK(tablic_match_to_target_ahead(match, &ahead));
    CHECK(ahead == info.winner); /* decided: the side ahead is the winner */
    CHECK_RESULT(tablic_match_to_target_totals(match, totals, 1, &count),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    CHECK_RESULT(tablic_match_to_target_next_game(match), TABLIC_RESULT_MATCH_OVER);
    const tablic_move any = {0, 0};
    CHECK_RESULT(tablic_match_to_target_play(match, any, NULL), TABLIC_RESULT_GAME_OVER);

    /* The record reads back to the same match, every sheet line given again in order. */
    tablic_match_to_target *read = NULL;
    size_t given = 0;
    char message[256] = "";
    CHECK_OK(tablic_match_to_target_new_from_record(NULL, record.text, collect, &given, &read,
                                                    message, sizeof message));
    CHECK(given == sheet_lines);
    tablic_match_to_target_info read_info;
    CHECK_OK(tablic_match_to_target_describe(read, &read_info));
    CHECK(memcmp(&read_info, &info, sizeof info) == 0);
    tablic_match_to_target_free(read);
    tablic_match_to_target_free(match);
}

/* Names go into the header as `tablic play --to` writes them, and read back with the record;
   a name a record cannot keep, or one too many, is refused. */
static void test_names_travel_with_the_record(void) {
    tablic_match_to_target *match = NULL, *resumed = NULL;
    CHECK_OK(tablic_match_to_target_new(NULL, 4, PAIRS, 61, 11, &match));
    const char *names[] = {"you", NULL, "partner"};
    char header[512];
    size_t length = 0;
    CHECK_OK(tablic_match_to_target_record_header(match, names, 3, header, sizeof header,
                                                  &length));
    CHECK(strcmp(header, "tablic-match 1\nplayers 4\nrules side-size=2\ntarget 61\nseed 11\n"
                         "name 0 you\nname 2 partner\n") == 0);
    CHECK(length == strlen(header));
    char saved[sizeof header + 8];
    snprintf(saved, sizeof saved, "%sgame 1\n", header);
    CHECK_OK(tablic_match_to_target_new_from_record(NULL, saved, NULL, NULL, &resumed, NULL, 0));
    char again[512];
    CHECK_OK(tablic_match_to_target_record_header(resumed, names, 3, again, sizeof again, NULL));
    CHECK(strcmp(again, header) == 0);

    const char *too_many[] = {"a", "b", "c", "d", "e"};
    CHECK_RESULT(tablic_match_to_target_record_header(match, too_many, 5, header, sizeof header,
                                                      NULL),
                 TABLIC_RESULT_INVALID_NAME);
    const char *empty[] = {""};
    CHECK_RESULT(tablic_match_to_target_record_header(match, empty, 1, header, sizeof header, NULL),
                 TABLIC_RESULT_INVALID_NAME);
    const char *spaced[] = {"you", " me"};
    CHECK_RESULT(
        tablic_match_to_target_record_header(match, spaced, 2, header, sizeof header, NULL),
        TABLIC_RESULT_INVALID_NAME);
    CHECK_RESULT(tablic_match_to_target_record_header(match, NULL, 1, header, sizeof header, NULL),
                 TABLIC_RESULT_NULL_ARGUMENT);
    tablic_match_to_target_free(resumed);
    tablic_match_to_target_free(match);
}

static void test_resume_in_the_middle_of_a_game(void) {
    static struct record record;
    tablic_match_to_target *match = NULL, *resumed = NULL;
    record.kept = 0;

    CHECK_OK(tablic_match_to_target_new(NULL, 2, TABLIC_RULES_ORIGINAL, 40, 4, &match));
    append(&record, write_header, match, 1);
    play_moves(match, WHOLE_GAME);
    append(&record, tablic_match_to_target_game_record, match, 1);
    CHECK_OK(tablic_match_to_target_next_game(match));
    play_moves(match, 10);
    append(&record, tablic_match_to_target_game_record, match, 0);

    /* Saved after move 10 of game 2: read back there, and both play on alike. */
    CHECK_OK(tablic_match_to_target_new_from_record(NULL, record.text, NULL, NULL, &resumed, NULL,
                                                    0));
    tablic_match_to_target_info info, resumed_info;
    CHECK_OK(tablic_match_to_target_describe(resumed, &resumed_info));
    CHECK(resumed_info.game_number == 2 && resumed_info.finished_games == 1);
    CHECK(resumed_info.leader == 1);
    const tablic_game *game = NULL;
    tablic_move history[48];
    size_t count = 0;
    CHECK_OK(tablic_match_to_target_game(resumed, &game));
    CHECK_OK(tablic_game_history(game, history, 48, &count));
    CHECK(count == 10);
    for (;;) {
        play_moves(match, WHOLE_GAME);
        play_moves(resumed, WHOLE_GAME);
        tablic_result next = tablic_match_to_target_next_game(match);
        CHECK_RESULT(tablic_match_to_target_next_game(resumed), next);
        if (next != TABLIC_RESULT_OK) break;
    }
    CHECK_OK(tablic_match_to_target_describe(match, &info));
    CHECK_OK(tablic_match_to_target_describe(resumed, &resumed_info));
    CHECK(memcmp(&info, &resumed_info, sizeof info) == 0);
    CHECK(info.winner >= 0);
    tablic_match_to_target_free(resumed);
    tablic_match_to_target_free(match);
}

static void test_bots_play_the_match_game(void) {
    static tablic_match_to_target_storage storage;
    tablic_match_to_target *match = NULL;
    tablic_bot *bot = NULL;
    const tablic_game *game = NULL;

    CHECK_OK(tablic_match_to_target_new(&storage, 4, PAIRS, 20, 9, &match));
    CHECK((void *)match == (void *)&storage);
    CHECK_OK(tablic_bot_new(NULL, "greedy", 1, NULL, 0, &bot, NULL, 0));
    CHECK_OK(tablic_match_to_target_game(match, &game));
    int32_t seat = 0;
    bool finished = false;
    while (!finished) {
        /* The game handle stays the match's game in play as the match goes on. */
        CHECK_OK(tablic_game_to_move(game, &seat));
        tablic_move chosen;
        CHECK_OK(tablic_bot_choose(bot, game, (uint32_t)seat, &chosen));
        tablic_played played;
        CHECK_OK(tablic_match_to_target_play(match, chosen, &played));
        CHECK(played.seat == (uint32_t)seat);
        finished = played.finished;
    }
    int32_t winner = -2;
    CHECK_OK(tablic_game_winner(game, &winner));
    tablic_sheet_line line;
    CHECK_OK(tablic_match_to_target_sheet_line(match, &line));
    CHECK(line.game == 1 && line.leader == 0);
    /* Game 1 is led by player 0, so the game's sides are the match's. */
    tablic_side_result sides[2];
    size_t count = 0;
    CHECK_OK(tablic_game_side_results(game, sides, 2, &count));
    CHECK(sides[0].total == line.sides[0].total && sides[1].total == line.sides[1].total);
    tablic_bot_free(bot);
    tablic_match_to_target_free(match);
}

/* The side alone at the top of the running totals, -1 while sides share it: what a series
 * stopped after its games is won by. Checked after every game of five of a match that never
 * reaches its target, against the totals and against the engine's figures for seed 10 with
 * the first legal move, where the fourth game leaves the sides level. */
static void test_the_side_ahead_wins_a_series(void) {
    static const uint32_t expected_totals[5][2] = {{1, 24}, {6, 44}, {29, 46}, {50, 50}, {57, 68}};
    static const int32_t expected_ahead[5] = {1, 1, 1, -1, 1};
    tablic_match_to_target *match = NULL;
    CHECK_OK(tablic_match_to_target_new(NULL, 2, TABLIC_RULES_ORIGINAL, TABLIC_MATCH_MAX_TARGET, 10,
                                        &match));
    int32_t ahead = 7;
    CHECK_OK(tablic_match_to_target_ahead(match, &ahead));
    CHECK(ahead == -1); /* 0 to 0 */
    for (int game = 0; game < 5; game++) {
        if (game > 0) CHECK_OK(tablic_match_to_target_next_game(match));
        play_moves(match, WHOLE_GAME);
        uint32_t totals[2];
        size_t count = 0;
        CHECK_OK(tablic_match_to_target_totals(match, totals, 2, &count));
        CHECK_OK(tablic_match_to_target_ahead(match, &ahead));
        CHECK(ahead == (totals[0] > totals[1] ? 0 : totals[1] > totals[0] ? 1 : -1));
        CHECK(totals[0] == expected_totals[game][0] && totals[1] == expected_totals[game][1]);
        CHECK(ahead == expected_ahead[game]);
        tablic_match_to_target_info info;
        CHECK_OK(tablic_match_to_target_describe(match, &info));
        CHECK(info.winner == -1); /* far from the target: only `ahead` names a side */
    }
    CHECK_RESULT(tablic_match_to_target_ahead(match, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_match_to_target_ahead(NULL, &ahead), TABLIC_RESULT_NULL_ARGUMENT);
    tablic_match_to_target_free(match);
}

/* Undo: back to a move of the game in play, and back into a game just over, its scores off
 * the totals, as the record cut there reads back. Seed 10, first legal moves: game 1 ends
 * 1 to 24, as in test_the_side_ahead_wins_a_series. */
static void test_rewind(void) {
    static struct record record;
    tablic_match_to_target *match = NULL, *cut = NULL;
    tablic_match_to_target_info info, cut_info;
    uint32_t totals[2] = {99, 99};
    size_t count = 0;
    const tablic_game *game = NULL;
    record.kept = 0;

    CHECK_OK(tablic_match_to_target_new(NULL, 2, TABLIC_RULES_ORIGINAL, TABLIC_MATCH_MAX_TARGET,
                                        10, &match));
    CHECK_OK(tablic_match_to_target_game(match, &game));
    append(&record, write_header, match, 1);
    play_moves(match, WHOLE_GAME);
    CHECK_OK(tablic_match_to_target_totals(match, totals, 2, &count));
    CHECK(totals[0] == 1 && totals[1] == 24);
    tablic_move history[WHOLE_GAME];
    CHECK_OK(tablic_game_history(game, history, WHOLE_GAME, &count));
    CHECK(count == WHOLE_GAME);

    /* The last move undone: game 1 in play again, 0 to 0, no sheet line yet. */
    CHECK_OK(tablic_match_to_target_rewind(match, WHOLE_GAME - 1));
    CHECK_OK(tablic_match_to_target_describe(match, &info));
    CHECK(info.game_number == 1 && info.finished_games == 0 && info.leader == 0);
    CHECK(info.winner == -1);
    CHECK_OK(tablic_match_to_target_totals(match, totals, 2, &count));
    CHECK(totals[0] == 0 && totals[1] == 0);
    tablic_sheet_line line;
    CHECK_RESULT(tablic_match_to_target_sheet_line(match, &line), TABLIC_RESULT_GAME_NOT_OVER);
    int32_t seat = -1;
    CHECK_OK(tablic_game_to_move(game, &seat)); /* the lent game handle follows the match */
    CHECK(seat == 1);
    tablic_played played;
    CHECK_OK(tablic_match_to_target_play(match, history[WHOLE_GAME - 1], &played));
    CHECK(played.finished && played.seat == 1);
    CHECK_OK(tablic_match_to_target_totals(match, totals, 2, &count));
    CHECK(totals[0] == 1 && totals[1] == 24);

    /* Game 2, 10 moves in, back to 4: the match its record cut after move 4 reads back to. */
    append(&record, tablic_match_to_target_game_record, match, 1);
    CHECK_OK(tablic_match_to_target_next_game(match));
    play_moves(match, 4);
    append(&record, tablic_match_to_target_game_record, match, 0);
    CHECK_OK(tablic_match_to_target_new_from_record(NULL, record.text, NULL, NULL, &cut, NULL, 0));
    play_moves(match, 6);
    CHECK_OK(tablic_match_to_target_rewind(match, 4));
    CHECK_OK(tablic_match_to_target_describe(match, &info));
    CHECK_OK(tablic_match_to_target_describe(cut, &cut_info));
    CHECK(info.game_number == 2 && info.finished_games == 1 && info.leader == 1);
    CHECK(cut_info.game_number == 2 && cut_info.finished_games == 1 && cut_info.leader == 1);
    static char again[4096], expected[4096];
    CHECK_OK(tablic_match_to_target_game_record(match, again, sizeof again, NULL));
    CHECK_OK(tablic_match_to_target_game_record(cut, expected, sizeof expected, NULL));
    CHECK(strcmp(again, expected) == 0);
    CHECK(strncmp(again, "game 2\nplay ", 12) == 0);

    /* More moves than the game has: nothing changes. */
    CHECK_OK(tablic_match_to_target_rewind(match, 1000));
    CHECK_OK(tablic_game_history(game, history, WHOLE_GAME, &count));
    CHECK(count == 4);
    CHECK_RESULT(tablic_match_to_target_rewind(NULL, 0), TABLIC_RESULT_NULL_ARGUMENT);
    tablic_match_to_target_free(cut);
    tablic_match_to_target_free(match);
}

static void test_errors(void) {
    tablic_match_to_target *match = NULL;
    char message[256] = "";

    CHECK_RESULT(tablic_match_to_target_new(NULL, 2, TABLIC_RULES_ORIGINAL, 0, 1, &match),
                 TABLIC_RESULT_INVALID_TARGET);
    CHECK_RESULT(tablic_match_to_target_new(NULL, 2, TABLIC_RULES_ORIGINAL,
                                            TABLIC_MATCH_MAX_TARGET + 1, 1, &match),
                 TABLIC_RESULT_INVALID_TARGET);
    CHECK_RESULT(tablic_match_to_target_new(NULL, 3, PAIRS, 101, 1, &match),
                 TABLIC_RESULT_INVALID_RULES);
    CHECK_RESULT(tablic_match_to_target_new(NULL, 5, TABLIC_RULES_ORIGINAL, 101, 1, &match),
                 TABLIC_RESULT_INVALID_PLAYER_COUNT);
    CHECK_RESULT(tablic_match_to_target_new(NULL, 2, TABLIC_RULES_ORIGINAL, 101, 1, NULL),
                 TABLIC_RESULT_NULL_ARGUMENT);
    static tablic_match_to_target_storage storage;
    CHECK_RESULT(tablic_match_to_target_new((tablic_match_to_target_storage *)((char *)&storage + 4),
                                            2, TABLIC_RULES_ORIGINAL, 101, 1, &match),
                 TABLIC_RESULT_MISALIGNED);
    CHECK(match == NULL);
    CHECK(strlen(message) == 0);

    /* An illegal move changes nothing; seats and players past the table are refused. */
    CHECK_OK(tablic_match_to_target_new(NULL, 2, TABLIC_RULES_ORIGINAL, 101, 1, &match));
    const tablic_game *game = NULL;
    CHECK_OK(tablic_match_to_target_game(match, &game));
    tablic_view view;
    CHECK_OK(tablic_game_view(game, 1, &view));
    uint8_t other = 0;
    while (!(view.hand >> other & 1)) other++;
    tablic_move wrong = {other, 0};
    CHECK_RESULT(tablic_match_to_target_play(match, wrong, NULL), TABLIC_RESULT_CARD_NOT_IN_HAND);
    size_t count = 99;
    CHECK_OK(tablic_game_history(game, NULL, 0, &count));
    CHECK(count == 0);
    wrong.card = 52;
    CHECK_RESULT(tablic_match_to_target_play(match, wrong, NULL), TABLIC_RESULT_INVALID_CARD);
    uint32_t out = 0;
    CHECK_RESULT(tablic_match_to_target_side_of(match, 2, &out), TABLIC_RESULT_INVALID_SEAT);
    CHECK_RESULT(tablic_match_to_target_player_at(match, 2, &out), TABLIC_RESULT_INVALID_SEAT);
    CHECK_RESULT(tablic_match_to_target_seat_of(match, 2, &out), TABLIC_RESULT_INVALID_SEAT);
    CHECK_RESULT(tablic_match_to_target_describe(match, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_match_to_target_describe(NULL, &(tablic_match_to_target_info){0}),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_match_to_target_game(match, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_match_to_target_play(NULL, wrong, NULL), TABLIC_RESULT_NULL_ARGUMENT);
    CHECK_RESULT(tablic_match_to_target_next_game(NULL), TABLIC_RESULT_NULL_ARGUMENT);
    char small[8];
    size_t length = 0;
    CHECK_RESULT(tablic_match_to_target_record_header(match, NULL, 0, small, sizeof small, &length),
                 TABLIC_RESULT_BUFFER_TOO_SMALL);
    CHECK(length == strlen("tablic-match 1\nplayers 2\ntarget 101\nseed 1\n"));
    tablic_match_to_target_free(match);
    tablic_match_to_target_free(NULL);

    /* Bad records: the line and the reason. */
    match = NULL;
    CHECK_RESULT(tablic_match_to_target_new_from_record(
                     NULL, "tablic-match 1\nplayers 2\ntarget 0\nseed 3\ngame 1\n", NULL, NULL,
                     &match, message, sizeof message),
                 TABLIC_RESULT_INVALID_RECORD);
    CHECK(strcmp(message, "line 4: a target of 0 points (expected 1 to 1000000)") == 0);
    CHECK_RESULT(tablic_match_to_target_new_from_record(
                     NULL, "tablic-match 1\nplayers 4\nrules side-size=4\ntarget 9\nseed 3\n",
                     NULL, NULL, &match, message, sizeof message),
                 TABLIC_RESULT_INVALID_RECORD);
    CHECK(strcmp(message, "line 3: rules: sides of 4 leave 4 players on one side, with nobody "
                          "to play against") == 0);
    CHECK_RESULT(tablic_match_to_target_new_from_record(NULL, "tablic-record 1\n", NULL, NULL,
                                                        &match, message, sizeof message),
                 TABLIC_RESULT_INVALID_RECORD);
    CHECK(strcmp(message, "line 1: a match record starts with \"tablic-match 1\"") == 0);
    CHECK_RESULT(tablic_match_to_target_new_from_record(NULL, NULL, NULL, NULL, &match, NULL, 0),
                 TABLIC_RESULT_NULL_ARGUMENT);
    CHECK(match == NULL);
}

int main(void) {
    test_a_match_in_pairs();
    test_names_travel_with_the_record();
    test_resume_in_the_middle_of_a_game();
    test_bots_play_the_match_game();
    test_the_side_ahead_wins_a_series();
    test_rewind();
    test_errors();
    if (check_failures) {
        fprintf(stderr, "test_match_to_target: %d checks failed\n", check_failures);
        return 1;
    }
    printf("test_match_to_target: all checks passed\n");
    return 0;
}

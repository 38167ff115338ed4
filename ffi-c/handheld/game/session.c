/* session.c: the games a person plays, through the C API's match to a target (session.h). */
#include "session.h"

#include <inttypes.h>
#include <stdio.h>

#include "../board/board.h"
#include "levels.h"

static tablic_match_to_target_storage match_storage;
static tablic_bot_storage bot_storage;
/* One search memory, lent to the bot that decides: bots are made for one decision each
 * (their choices depend only on the game and their seed), so the bots of a table of four
 * need no more memory than one. */
#if HANDHELD_SEARCH_MEMORY_BYTES > 0
static uint64_t search_memory[HANDHELD_SEARCH_MEMORY_BYTES / sizeof(uint64_t)];
#define SEARCH_MEMORY search_memory
#else
#define SEARCH_MEMORY NULL
#endif

static const char *const names_alone[] = {"YOU", "MARKO"};
static const char *const names_in_pairs[] = {"YOU", "MARKO", "PARTNER", "IVAN"};
/* Short enough for two sides' tallies on one line (table_view.c). */
static const char *const watched_alone[] = {"SOUTH", "NORTH"};
static const char *const watched_in_pairs[] = {"SOUTH", "WEST", "NORTH", "EAST"};
static const char *const watched_pairs[] = {"N-S", "E-W"};

void session_check(tablic_result result, const char *what) {
    if (result == TABLIC_RESULT_OK) return;
    char message[96], line[160];
    tablic_result_message((uint32_t)result, message, sizeof message, NULL);
    snprintf(line, sizeof line, "error: %s: %s", what, message);
    board_report(line);
    board_exit(1);
}

static const char *length_name(session_length length) {
    switch (length) {
    case LENGTH_ONE_GAME: return "one-game";
    case LENGTH_SERIES: return "series";
    default: return "to-101";
    }
}

static void report_game_start(const session *s) {
    tablic_match_to_target_info info;
    session_check(tablic_match_to_target_describe(s->match, &info), "describe");
    char line[64];
    snprintf(line, sizeof line, "game %" PRIu32 " leader %" PRIu32, info.finished_games + 1,
             info.leader);
    board_report(line);
}

void session_start(session *s, session_setup setup, uint64_t seed) {
    s->setup = setup;
    s->seed = seed;
    s->players = setup.pairs ? PAIRS_PLAYERS : 2u;
    s->last_played = (tablic_played){0};
    tablic_rules rules = TABLIC_RULES_ORIGINAL;
    if (setup.pairs) rules.side_size = 2;
    uint32_t target =
        setup.length == LENGTH_TO_101 ? TABLIC_MATCH_DEFAULT_TARGET : TABLIC_MATCH_MAX_TARGET;
    session_check(tablic_match_to_target_new(&match_storage, s->players, rules, target, seed,
                                             &s->match),
                  "new match");
    char line[200];
    int at = snprintf(line, sizeof line,
                      "session players=%" PRIu32 " pairs=%d level=%s length=%s seed=%llu",
                      s->players, setup.pairs ? 1 : 0, handheld_levels[setup.level].bot_spec,
                      length_name(setup.length), (unsigned long long)seed);
    if (setup.watch)
        snprintf(line + at, sizeof line - (size_t)at, " watch against=%s",
                 handheld_levels[setup.watch_level].bot_spec);
    board_report(line);
    report_game_start(s);
}

const tablic_game *session_game(const session *s) {
    const tablic_game *game;
    session_check(tablic_match_to_target_game(s->match, &game), "game");
    return game;
}

int session_player_to_move(const session *s) {
    int32_t seat;
    session_check(tablic_game_to_move(session_game(s), &seat), "to move");
    return seat < 0 ? -1 : (int)session_player_at(s, (uint32_t)seat);
}

uint32_t session_seat_of(const session *s, uint32_t player) {
    uint32_t seat;
    session_check(tablic_match_to_target_seat_of(s->match, player, &seat), "seat of");
    return seat;
}

uint32_t session_player_at(const session *s, uint32_t seat) {
    uint32_t player;
    session_check(tablic_match_to_target_player_at(s->match, seat, &player), "player at");
    return player;
}

uint32_t session_side_of(const session *s, uint32_t player) {
    uint32_t side;
    session_check(tablic_match_to_target_side_of(s->match, player, &side), "side of");
    return side;
}

uint32_t session_game_side_of(const session *s, uint32_t player) {
    uint32_t side;
    session_check(tablic_game_side_of(session_game(s), session_seat_of(s, player), &side),
                  "side of seat");
    return side;
}

uint32_t session_side_count(const session *s) {
    tablic_match_to_target_info info;
    session_check(tablic_match_to_target_describe(s->match, &info), "describe");
    return info.sides;
}

const char *session_player_name(const session *s, uint32_t player) {
    if (s->setup.watch) return s->setup.pairs ? watched_in_pairs[player] : watched_alone[player];
    return s->setup.pairs ? names_in_pairs[player] : names_alone[player];
}

const char *session_side_name(const session *s, uint32_t side) {
    if (s->setup.watch) return s->setup.pairs ? watched_pairs[side] : watched_alone[side];
    if (side == session_side_of(s, PERSON)) return s->setup.pairs ? "US" : "YOU";
    return s->setup.pairs ? "THEM" : names_alone[1];
}

unsigned session_level_of(const session *s, uint32_t player) {
    bool second_side = session_side_of(s, player) != session_side_of(s, PERSON);
    return s->setup.watch && second_side ? s->setup.watch_level : s->setup.level;
}

/* A bot's seed for one decision: from the match's seed, the game and the move, so a
 * replay of the same keys makes the same choices. */
static uint64_t decision_seed(const session *s, uint32_t ply) {
    uint64_t z = s->seed + 0x9E3779B97F4A7C15ull * (session_game_number(s) * 64ull + ply + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

tablic_move session_bot_move(session *s) {
    const tablic_game *game = session_game(s);
    int32_t seat;
    session_check(tablic_game_to_move(game, &seat), "to move");
    unsigned level = session_level_of(s, session_player_at(s, (uint32_t)seat));
    size_t ply; /* the moves so far: their count, without room for them */
    tablic_result counted = tablic_game_history(game, NULL, 0, &ply);
    if (counted != TABLIC_RESULT_BUFFER_TOO_SMALL) session_check(counted, "history");
    tablic_bot *bot;
    char message[96];
    session_check(tablic_bot_new(&bot_storage, handheld_levels[level].bot_spec,
                                 decision_seed(s, (uint32_t)ply), SEARCH_MEMORY,
                                 HANDHELD_SEARCH_MEMORY_BYTES, &bot, message, sizeof message),
                  message);
    tablic_move move;
    uint64_t before = board_instructions();
    session_check(tablic_bot_choose(bot, game, (uint32_t)seat, &move), "bot choose");
    uint64_t instructions = board_instructions() - before;
    tablic_bot_free(bot);
    char line[96];
    snprintf(line, sizeof line, "# decision level=%u ply=%u instructions=%llu",
             level + 1, (unsigned)ply, (unsigned long long)instructions);
    board_report(line);
    return move;
}

void session_play(session *s, tablic_move move) {
    int player = session_player_to_move(s);
    session_check(tablic_match_to_target_play(s->match, move, &s->last_played), "play");
    char card[8], capture[64], line[112];
    session_check(tablic_card_format(move.card, false, card, sizeof card, NULL), "card");
    session_check(tablic_cards_format(move.capture, false, capture, sizeof capture, NULL),
                  "capture");
    snprintf(line, sizeof line, "play %d %s %s%s", player, card,
             move.capture ? capture : "-", s->last_played.tabla ? " tabla" : "");
    board_report(line);
    if (s->last_played.finished) {
        tablic_sheet_line sheet;
        session_check(tablic_match_to_target_sheet_line(s->match, &sheet), "sheet line");
        int at = snprintf(line, sizeof line, "result game %" PRIu32, session_game_number(s));
        for (uint32_t side = 0; side < session_side_count(s); side++)
            at += snprintf(line + at, sizeof line - (size_t)at, " side%" PRIu32 "=%" PRIu32 "/%" PRIu32,
                           side, sheet.sides[side].total, sheet.sides[side].running_total);
        board_report(line);
        if (session_match_over(s)) {
            snprintf(line, sizeof line, "match over winner %d", session_match_winner(s));
            board_report(line);
        }
    }
}

bool session_game_over(const session *s) {
    bool finished;
    session_check(tablic_game_is_finished(session_game(s), &finished), "finished");
    return finished;
}

uint32_t session_game_number(const session *s) {
    tablic_match_to_target_info info;
    session_check(tablic_match_to_target_describe(s->match, &info), "describe");
    return info.finished_games + (session_game_over(s) ? 0u : 1u);
}

bool session_match_over(const session *s) {
    if (!session_game_over(s)) return false;
    tablic_match_to_target_info info;
    session_check(tablic_match_to_target_describe(s->match, &info), "describe");
    switch (s->setup.length) {
    case LENGTH_ONE_GAME: return true;
    case LENGTH_SERIES: return info.finished_games >= SERIES_GAMES;
    default: return info.winner >= 0;
    }
}

void session_next_game(session *s) {
    session_check(tablic_match_to_target_next_game(s->match), "next game");
    s->last_played = (tablic_played){0};
    report_game_start(s);
}

void session_totals(const session *s, uint32_t totals[PAIRS_PLAYERS]) {
    size_t count;
    session_check(tablic_match_to_target_totals(s->match, totals, PAIRS_PLAYERS, &count),
                  "totals");
}

int session_game_winner(const session *s) {
    const tablic_game *game = session_game(s);
    int32_t winner;
    session_check(tablic_game_winner(game, &winner), "winner");
    if (winner < 0) return -1;
    /* The game numbers its sides by seat; the match, by player. */
    for (uint32_t player = 0; player < s->players; player++)
        if (session_game_side_of(s, player) == (uint32_t)winner)
            return (int)session_side_of(s, player);
    return -1;
}

int session_match_winner(const session *s) {
    /* Once the match is over, the side alone ahead won it: past 101 the C API's winner, and
     * after a series' (or a single game's) games whatever the totals; none when level. */
    int32_t ahead;
    session_check(tablic_match_to_target_ahead(s->match, &ahead), "ahead");
    return ahead;
}

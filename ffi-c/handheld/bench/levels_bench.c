/* levels_bench.c: the instructions and stack each decision of a handheld level takes.
 *
 * Plays seeded games of one level (game/levels.h) against an opponent bot and prints one
 * line for every decision of the level's seats: the instructions tablic_bot_choose took
 * (board/clock.h: SysTick, instructions when QEMU runs with `-icount shift=0`) and its stack
 * high-water mark (stack_paint.h). Two players: the level sits at seat `seed % 2`, so it
 * leads in half the games. Four players in pairs: the level is a side of two seats, `seed %
 * 2` and `seed % 2 + 2`, and both seats' decisions count, as the player's bot partner is
 * also of the player's level. bench/levels_summary.py gives the median and the maximum.
 *
 * The command line (QEMU's `-append`): LEVEL PLAYERS FIRST_SEED GAMES OPPONENT, e.g.
 * `4 2 1 100 minimax:depth=2,nodes=1000`: level 4 (1 is the first), 2 players (or 4 in
 * pairs), games dealt from seeds 1 to 100. Exit status 0 when every game was played to its
 * end with every call ok and no decision took more than the budget
 * (HANDHELD_DECISION_BUDGET_INSTRUCTIONS); 1 otherwise, 2 for a bad command line. */
#include <malloc.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board/clock.h"
#include "../game/levels.h"
#include "../stack_paint.h"
#include "../startup.h"
#include "tablic.h"

#define MAX_SEATS 4u
#define LEVEL_SEATS_IN_PAIRS 2u
/* 52 cards, 4 of them on the table at the start: 48 moves whatever the player count. */
#define GAME_MOVES 48u

#if defined(__ARM_ARCH_7EM__) && defined(__ARM_FP)
#define CPU "cortex-m4f"
#elif defined(__ARM_ARCH_7M__)
#define CPU "cortex-m3"
#else
#define CPU "unknown"
#endif

struct bench {
    unsigned level; /* index into handheld_levels */
    uint32_t players;
    uint64_t first_seed;
    uint32_t games;
    const char *opponent;
};

/* What the level's decisions took over the whole run. */
struct totals {
    uint32_t decisions;
    uint64_t max_instructions;
    uint32_t max_stack;      /* bytes below the caller's sp */
    uint32_t caller_depth;   /* stack in use at the call that reached deepest */
    uint32_t over_budget;
};

static tablic_game_storage game_storage;
static tablic_bot_storage bot_storage[MAX_SEATS];
/* One search memory for each of the level's seats: a bot keeps its own while it lives. None
 * when no level searches. */
#if HANDHELD_SEARCH_MEMORY_BYTES > 0
static uint64_t search_memory[LEVEL_SEATS_IN_PAIRS][HANDHELD_SEARCH_MEMORY_BYTES / sizeof(uint64_t)];
static void *search_memory_of(unsigned level_seat) { return search_memory[level_seat]; }
#else
static void *search_memory_of(unsigned level_seat) {
    (void)level_seat;
    return NULL;
}
#endif

static bool ok(enum tablic_result result, const char *what) {
    char message[96] = "";
    if (result == TABLIC_RESULT_OK) return true;
    tablic_result_message((uint32_t)result, message, sizeof message, NULL);
    printf("# error: %s: %d (%s)\n", what, (int)result, message);
    return false;
}

/* The level's seats in a game of `seed`. */
static bool level_seat(const struct bench *bench, uint64_t seed, uint32_t seat) {
    uint32_t first = (uint32_t)(seed % 2u);
    return seat == first || (bench->players == 4u && seat == first + 2u);
}

/* Makes the game's bots; the level's seats get a search memory each. */
static bool make_bots(const struct bench *bench, uint64_t seed, tablic_bot *bots[MAX_SEATS]) {
    unsigned memories = 0;
    for (uint32_t seat = 0; seat < bench->players; seat++) {
        bool level = level_seat(bench, seed, seat);
        const char *spec = level ? handheld_levels[bench->level].bot_spec : bench->opponent;
        char message[96] = "";
        size_t wanted = 0;
        void *memory = NULL;
        size_t memory_bytes = 0;
        if (!ok(tablic_bot_memory_bytes(spec, &wanted, message, sizeof message), spec))
            return false;
        if (wanted > 0) {
            if (!level || wanted > HANDHELD_SEARCH_MEMORY_BYTES) {
                printf("# error: %s wants %u bytes of search memory; the bench gives only the "
                       "level %u\n", spec, (unsigned)wanted, (unsigned)HANDHELD_SEARCH_MEMORY_BYTES);
                return false;
            }
            memory = search_memory_of(memories++);
            memory_bytes = HANDHELD_SEARCH_MEMORY_BYTES;
        }
        if (!ok(tablic_bot_new(&bot_storage[seat], spec, seed * MAX_SEATS + seat, memory,
                               memory_bytes, &bots[seat], message, sizeof message),
                spec)) {
            printf("# error: %s\n", message);
            return false;
        }
    }
    return true;
}

/* One decision, measured: instructions and stack, printed and added to the totals. */
static bool decide(const struct bench *bench, uint64_t seed, uint32_t ply, tablic_bot *bot,
                   const tablic_game *game, uint32_t seat, tablic_move *move,
                   struct totals *totals) {
    uintptr_t sp = read_sp();
    stack_paint(sp);
    uint64_t before = clock_instructions();
    enum tablic_result result = tablic_bot_choose(bot, game, seat, move);
    uint64_t instructions = clock_instructions() - before;
    uint32_t stack = (uint32_t)(sp - stack_lowest_used());
    if (!ok(result, "tablic_bot_choose")) return false;
    printf("decision level %u players %u seed %llu ply %u seat %u instructions %llu"
           " stack %u\n",
           bench->level + 1, (unsigned)bench->players, (unsigned long long)seed, (unsigned)ply,
           (unsigned)seat, (unsigned long long)instructions, (unsigned)stack);
    totals->decisions++;
    if (instructions > totals->max_instructions) totals->max_instructions = instructions;
    if (stack > totals->max_stack) {
        totals->max_stack = stack;
        totals->caller_depth = (uint32_t)((uintptr_t)_estack - sp);
    }
    if (instructions > HANDHELD_DECISION_BUDGET_INSTRUCTIONS) {
        printf("# over budget: level %u, %u players, seed %llu, ply %u: %llu"
               " instructions\n",
               bench->level + 1, (unsigned)bench->players, (unsigned long long)seed,
               (unsigned)ply, (unsigned long long)instructions);
        totals->over_budget++;
    }
    return true;
}

/* Plays the game of `seed` to its end. */
static bool play(const struct bench *bench, uint64_t seed, struct totals *totals) {
    tablic_bot *bots[MAX_SEATS] = {NULL, NULL, NULL, NULL};
    tablic_game *game = NULL;
    tablic_rules rules = TABLIC_RULES_ORIGINAL;
    uint32_t ply = 0;
    bool finished = false;
    bool fine;
    rules.side_size = bench->players == 4u ? 2u : 1u;
    fine = ok(tablic_game_new_with_rules(&game_storage, bench->players, rules, seed, &game),
              "tablic_game_new_with_rules") &&
           make_bots(bench, seed, bots);
    while (fine && ok(tablic_game_is_finished(game, &finished), "tablic_game_is_finished") &&
           !finished) {
        int32_t to_move = -1;
        tablic_move move;
        tablic_played played;
        fine = ok(tablic_game_to_move(game, &to_move), "tablic_game_to_move") && to_move >= 0;
        if (!fine) break;
        uint32_t seat = (uint32_t)to_move;
        ply++;
        if (level_seat(bench, seed, seat))
            fine = decide(bench, seed, ply, bots[seat], game, seat, &move, totals);
        else
            fine = ok(tablic_bot_choose(bots[seat], game, seat, &move), "tablic_bot_choose");
        fine = fine && ok(tablic_game_play(game, move, &played), "tablic_game_play");
    }
    for (uint32_t seat = 0; seat < MAX_SEATS; seat++) tablic_bot_free(bots[seat]);
    tablic_game_free(game);
    if (fine && ply != GAME_MOVES) {
        printf("# error: seed %llu: %u moves, not %u\n", (unsigned long long)seed, (unsigned)ply,
               GAME_MOVES);
        fine = false;
    }
    return fine;
}

/* LEVEL PLAYERS FIRST_SEED GAMES OPPONENT after the kernel's name (see the top). */
static bool parse_command_line(char *line, struct bench *bench) {
    char *words[6];
    unsigned count = 0;
    for (char *word = strtok(line, " "); word != NULL && count < 6; word = strtok(NULL, " "))
        words[count++] = word;
    if (count != 6) return false;
    char *end;
    unsigned long level = strtoul(words[1], &end, 10);
    if (*end != '\0' || level < 1 || level > HANDHELD_LEVEL_COUNT) return false;
    unsigned long players = strtoul(words[2], &end, 10);
    if (*end != '\0' || (players != 2 && players != 4)) return false;
    unsigned long long first_seed = strtoull(words[3], &end, 10);
    if (*end != '\0') return false;
    unsigned long games = strtoul(words[4], &end, 10);
    if (*end != '\0' || games < 1) return false;
    bench->level = (unsigned)(level - 1);
    bench->players = (uint32_t)players;
    bench->first_seed = first_seed;
    bench->games = (uint32_t)games;
    bench->opponent = words[5];
    return true;
}

int main(void) {
    static char line[256];
    struct bench bench;
    struct totals totals = {0, 0, 0, 0, 0};
    int status = 0;

    if (semihost_command_line(line, sizeof line) < 0 || !parse_command_line(line, &bench)) {
        printf("# usage: -append 'LEVEL PLAYERS FIRST_SEED GAMES OPPONENT', LEVEL 1 to %u, "
               "PLAYERS 2 or 4 (pairs)\n",
               (unsigned)HANDHELD_LEVEL_COUNT);
        return 2;
    }
    clock_init();
    printf("# levels bench on %s, libtablic %s: level %u (%s, %s), %u players, against %s, "
           "seeds %llu to %llu\n",
           CPU, tablic_version(), bench.level + 1, handheld_levels[bench.level].name,
           handheld_levels[bench.level].bot_spec, (unsigned)bench.players, bench.opponent,
           (unsigned long long)bench.first_seed,
           (unsigned long long)(bench.first_seed + bench.games - 1));
    for (uint32_t game = 0; game < bench.games && status == 0; game++)
        if (!play(&bench, bench.first_seed + game, &totals)) status = 1;
    printf("# level %u, %u players: %u decisions, max %llu instructions, stack peak %u "
           "bytes in tablic_bot_choose (%u with the caller's %u), search memory %u bytes a "
           "bot, .data/.bss %u bytes, newlib heap in use %u\n",
           bench.level + 1, (unsigned)bench.players, (unsigned)totals.decisions,
           (unsigned long long)totals.max_instructions, (unsigned)totals.max_stack,
           (unsigned)(totals.max_stack + totals.caller_depth), (unsigned)totals.caller_depth,
           (unsigned)HANDHELD_SEARCH_MEMORY_BYTES,
           (unsigned)((uintptr_t)_ebss - (uintptr_t)_sdata), (unsigned)mallinfo().uordblks);
    if (totals.over_budget > 0) {
        printf("# FAIL: %u decisions over the budget of %u instructions\n",
               (unsigned)totals.over_budget, HANDHELD_DECISION_BUDGET_INSTRUCTIONS);
        status = 1;
    }
    if (stack_lowest_used() <= (uintptr_t)__stack_start) {
        printf("# FAIL: the stack ran out\n");
        status = 1;
    }
    printf("# exit status %d\n", status);
    fflush(stdout);
    return status;
}

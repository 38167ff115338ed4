/* test_threads.c: independent handles on different threads at once (what tablic.h promises).
 * Each thread plays the same seeded bot game; every record must equal the one played alone.
 * Exits with the number of failures. */
#include <pthread.h>
#include <string.h>

#include "check.h"
#include "tablic.h"

enum { THREADS = 4, RECORD_BYTES = 4096 };

typedef struct {
    char record[RECORD_BYTES];
    tablic_result failure;
} outcome;

/* Plays greedy against minimax on seed 3 in caller storage; keeps the record. */
static void *play(void *argument) {
    outcome *out = argument;
    tablic_game_storage game_storage;
    tablic_bot_storage bot_storage[2];
    tablic_game *game = NULL;
    tablic_bot *bots[2] = {NULL, NULL};
    const char *specs[2] = {"greedy", "minimax:depth=2,nodes=3000"};
    int32_t seat = 0;
    tablic_result result = tablic_game_new(&game_storage, 2, 3, &game);
    for (int i = 0; i < 2 && result == TABLIC_RESULT_OK; i++) {
        result = tablic_bot_new(&bot_storage[i], specs[i], 10 + (uint64_t)i, NULL, 0, &bots[i],
                                NULL, 0);
    }
    while (result == TABLIC_RESULT_OK) {
        tablic_move move;
        result = tablic_game_to_move(game, &seat);
        if (result != TABLIC_RESULT_OK || seat < 0) break;
        result = tablic_bot_choose(bots[seat], game, (uint32_t)seat, &move);
        if (result == TABLIC_RESULT_OK) result = tablic_game_play(game, move, NULL);
    }
    if (result == TABLIC_RESULT_OK) {
        result = tablic_game_record(game, out->record, sizeof out->record, NULL);
    }
    out->failure = result;
    tablic_bot_free(bots[0]);
    tablic_bot_free(bots[1]);
    tablic_game_free(game);
    return NULL;
}

int main(void) {
    static outcome alone, together[THREADS];
    pthread_t threads[THREADS];
    play(&alone);
    CHECK_OK(alone.failure);
    for (int i = 0; i < THREADS; i++) CHECK(pthread_create(&threads[i], NULL, play, &together[i]) == 0);
    for (int i = 0; i < THREADS; i++) CHECK(pthread_join(threads[i], NULL) == 0);
    for (int i = 0; i < THREADS; i++) {
        CHECK_OK(together[i].failure);
        CHECK(strcmp(together[i].record, alone.record) == 0);
    }
    if (check_failures) {
        fprintf(stderr, "test_threads: %d checks failed\n", check_failures);
        return 1;
    }
    printf("test_threads: %d threads agree\n", THREADS);
    return 0;
}

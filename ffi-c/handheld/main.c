/* main.c: the handheld firmware. Plays match.c's games against the no_std libtablic, with
 * every handle in static caller storage, and measures the stack each bot's move takes:
 * before each tablic_bot_choose the free stack is painted with a pattern, after it the
 * lowest overwritten word is the call's high-water mark.
 *
 * Lines starting with '#' are the firmware's own figures; every other line is a game line,
 * which the host build (host_main.c) prints identically. Exit status 0 only when every game
 * was ok and the stack never ran out; a fault exits with 1 (startup.c). */
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "match.h"
#include "stack_paint.h"
#include "startup.h"
#define KINDS 4u

#if defined(__ARM_ARCH_7EM__) && defined(__ARM_FP)
#define CPU "Cortex-M4F"
#elif defined(__ARM_ARCH_7M__)
#define CPU "Cortex-M3"
#else
#define CPU "unknown"
#endif

/* The stack one bot kind ("greedy", "minimax", ...) took in tablic_bot_choose. */
struct figure {
    char kind[16];
    int searching;       /* the bot wants search memory (tablic_bot_memory_bytes > 0) */
    uint32_t calls;
    uint32_t peak;       /* bytes below the caller's sp */
    uint32_t call_depth; /* bytes of stack in use at the deepest-reaching call */
};

static struct figure figures[KINDS];
/* The lowest stack address written since the last reset of this mark. */
static uintptr_t stack_low;

static struct figure *figure_for(const char *spec) {
    size_t length = strcspn(spec, ":");
    for (unsigned i = 0; i < KINDS; i++) {
        struct figure *figure = &figures[i];
        if (figure->kind[0] == '\0' && length < sizeof figure->kind) {
            size_t bytes = 0;
            memcpy(figure->kind, spec, length);
            figure->kind[length] = '\0';
            figure->searching =
                tablic_bot_memory_bytes(spec, &bytes, NULL, 0) == TABLIC_RESULT_OK && bytes > 0;
        }
        if (strlen(figure->kind) == length && memcmp(figure->kind, spec, length) == 0)
            return figure;
    }
    return NULL;
}

/* tablic_bot_choose, with the stack it takes measured. */
static enum tablic_result choose_measured(void *context, const char *spec, tablic_bot *bot,
                                          const tablic_game *game, uint32_t seat,
                                          tablic_move *chosen) {
    struct figure *figure = figure_for(spec);
    uintptr_t sp;
    uintptr_t low = stack_lowest_used(); /* what ran since the last call (printf, ...) */
    enum tablic_result result;
    (void)context;
    if (low < stack_low) stack_low = low;
    sp = read_sp();
    stack_paint(sp);
    result = tablic_bot_choose(bot, game, seat, chosen);
    low = stack_lowest_used();
    if (low < stack_low) stack_low = low;
    if (figure != NULL) {
        figure->calls++;
        if (sp - low > figure->peak) {
            figure->peak = (uint32_t)(sp - low);
            figure->call_depth = (uint32_t)((uintptr_t)_estack - sp);
        }
    }
    return result;
}

static uint32_t stack_size(void) { return (uint32_t)((uintptr_t)_estack - (uintptr_t)__stack_start); }

int main(void) {
    int status = 0;
    /* Static RAM without the search memory, and the library's share of it. */
    const uint32_t static_ram = (uint32_t)((uintptr_t)_ebss - (uintptr_t)_sdata);
    const uint32_t search_ram = MATCH_SEARCH_MEMORY_BYTES;
    const uint32_t storage = (uint32_t)(match_static_bytes() - MATCH_SEARCH_MEMORY_BYTES);

    stack_low = (uintptr_t)_estack;
    stack_paint(read_sp());
#ifdef HANDHELD_FAULT_TEST
    /* What a panic in libtablic executes: the fault handler must report it and exit 1. */
    printf("# fault test: udf\n");
    fflush(stdout);
    __asm__ volatile("udf #0");
#endif
    printf("# handheld firmware on %s, libtablic %s (no_std, caller storage)\n", CPU,
           tablic_version());
    for (size_t i = 0; i < match_game_count; i++) {
        uint32_t game_stack;
        uint32_t heap;
        unsigned game = (unsigned)(i + 1);
        memset(figures, 0, sizeof figures);
        stack_low = read_sp();
        stack_paint(stack_low);
        if (match_play(&match_games[i], choose_measured, NULL) != 0) status = 1;
        fflush(stdout);
        if (stack_lowest_used() < stack_low) stack_low = stack_lowest_used();
        game_stack = (uint32_t)((uintptr_t)_estack - stack_low);
        for (unsigned k = 0; k < KINDS; k++) {
            const struct figure *f = &figures[k];
            if (f->calls == 0) continue;
            printf("# game %u stack %s: peak %u bytes in tablic_bot_choose (%u moves), %u with "
                   "the caller's %u\n",
                   game, f->kind, (unsigned)f->peak, (unsigned)f->calls,
                   (unsigned)(f->peak + f->call_depth), (unsigned)f->call_depth);
        }
        /* newlib's malloc takes more from _sbrk than it hands out: count what is in use. */
        heap = (uint32_t)mallinfo().uordblks;
        printf("# game %u stack whole program: peak %u of %u bytes\n", game,
               (unsigned)game_stack, (unsigned)stack_size());
        printf("# game %u ram: .data/.bss %u (search memory %u of it) + newlib heap in use %u "
               "(%u taken) + stack %u = %u bytes; without the search memory %u\n",
               game, (unsigned)static_ram, (unsigned)search_ram, (unsigned)heap,
               (unsigned)heap_peak_bytes, (unsigned)game_stack,
               (unsigned)(static_ram + heap + game_stack),
               (unsigned)(static_ram - search_ram + heap + game_stack));
        for (unsigned k = 0; k < KINDS; k++) {
            const struct figure *f = &figures[k];
            if (f->calls == 0) continue;
            printf("# game %u library ram %s: handle storage %u%s + stack %u = %u bytes\n",
                   game, f->kind,
                   (unsigned)storage, f->searching ? " + search memory" : "", (unsigned)f->peak,
                   (unsigned)(storage + f->peak + (f->searching ? search_ram : 0u)));
        }
        if (stack_low <= (uintptr_t)__stack_start) {
            printf("# error: the stack ran out\n");
            status = 1;
        }
    }
    printf("# exit status %d\n", status);
    fflush(stdout);
    return status;
}

/* levels.h: the handheld's bot levels, easiest first, shared by the game (its start menu,
 * and the partner in pairs plays the player's level) and the level bench
 * (bench/levels_bench.c, which measures them).
 *
 * A level is a bot spec as `tablic match` takes it, so the host measures the strength of the
 * very same bot (STRENGTH.md, "Handheld levels"). Every decision of every level must take at
 * most HANDHELD_DECISION_BUDGET_INSTRUCTIONS (1 s at the LM3S6965's 50 MHz, counting one
 * instruction a cycle), with two players and with four in pairs; `make levels-check` fails
 * when one does not (BENCHMARKS.md, "Handheld levels"). */
#ifndef HANDHELD_LEVELS_H
#define HANDHELD_LEVELS_H

typedef struct handheld_level {
    const char *name;     /* as the menu shows it */
    const char *bot_spec; /* tablic_bot_new's spec */
} handheld_level;

#define HANDHELD_LEVEL_COUNT 4

extern const handheld_level handheld_levels[HANDHELD_LEVEL_COUNT];

/* Instructions a decision may take: 1 s at 50 MHz, one instruction a cycle. */
#define HANDHELD_DECISION_BUDGET_INSTRUCTIONS 50000000u

/* Search memory for each bot that solves, 8-byte aligned, static: the most any level's spec
 * asks for (its `memory=` option, in KiB, which tablic_bot_memory_bytes reports): Expert's
 * exact solve of the two-player last deal (`exact=`, `memory=8`). Every bot needs its own
 * while it lives (tablic_bot_new); the other levels take NULL and 0. */
#define HANDHELD_SEARCH_MEMORY_BYTES 8192u

#endif

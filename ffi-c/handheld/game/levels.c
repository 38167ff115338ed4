/* levels.c: the handheld's bot levels (levels.h). Every level is greedy or a minimax with a
 * node budget: the budget bounds a decision's instructions (at most about 2,800 a node on
 * the Cortex-M3); Expert's exact solve of the two-player last deal has one too (`exact=`,
 * about 5,400 instructions a solver node), where pimc and ismcts solve that deal exactly
 * with no bound (up to 186 million instructions a decision in the bench's first games).
 * Given a bound (`exact=N`), the one that fits, `ismcts:iterations=40,memory=8,exact=1000`
 * (30.2 million at most), is 3.0 points a game behind Expert (STRENGTH.md). Strength is the
 * host's, on 1,000 duplicated deal pairs against minimax's defaults
 * (`minimax:depth=3,nodes=20000`) and against greedy (STRENGTH.md, "Handheld levels"); the
 * instructions are the Cortex-M3's, the most over 100 seeded games with two players and
 * 100 in pairs (`make levels`, BENCHMARKS.md). Chosen for even steps in strength, before
 * Expert solved the last deal. */
#include "levels.h"

const handheld_level handheld_levels[HANDHELD_LEVEL_COUNT] = {
    /* The original game's greedy player: the best capture now, no look-ahead. 6.5 points a
     * game behind minimax. */
    {"EASY", "greedy"},
    /* One own move ahead: 4.0 points ahead of greedy, 3.5 behind minimax. */
    {"MEDIUM", "minimax:depth=1,nodes=1000"},
    /* Two own moves ahead, 3,000 nodes: 5.9 ahead of greedy, 1.1 behind minimax. */
    {"HARD", "minimax:depth=2,nodes=3000"},
    /* The strongest that fits: 12,000 nodes, whose most, about 33 million instructions in
     * pairs, leaves a third of the budget (minimax's defaults, 20,000 nodes, took up to 51
     * million). In the two-player last deal, where every card is known, the solver decides
     * within 3,000 nodes in 8 KiB of search memory (the search when that runs out): 0.15
     * points a game over the same minimax without it, at most 40 million instructions in
     * 300 games (4,000 nodes: 44 million; 8,000 passed the budget). 8.7 ahead of greedy
     * and level with minimax's defaults. */
    {"EXPERT", "minimax:depth=3,nodes=12000,exact=3000,memory=8"},
};

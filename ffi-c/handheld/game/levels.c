/* levels.c: the handheld's bot levels (levels.h). Every level is a minimax with a node
 * budget, or greedy: the budget bounds a decision's instructions (about 2,500 a node at
 * most on the Cortex-M3), where pimc and ismcts solve the two-player last deal exactly with
 * no bound (up to 186 million instructions a decision with a few KiB of memory). The figures
 * below are the Cortex-M3's, over 100 seeded games with two players and 100 in pairs
 * (`make levels`), and the strength on the host against greedy and against minimax's
 * defaults, 1,000 duplicated deal pairs (STRENGTH.md, "Handheld levels"). */
#include "levels.h"

const handheld_level handheld_levels[HANDHELD_LEVEL_COUNT] = {
    /* The original game's greedy player: the best capture now, no look-ahead. */
    {"Easy", "greedy"},
    /* Two own moves ahead, 1,000 nodes: about 5.5 points a game ahead of greedy, 2.1 behind
     * minimax's defaults. */
    {"Medium", "minimax:depth=2,nodes=1000"},
    /* Three own moves ahead, 5,000 nodes: 0.7 points behind minimax's defaults. */
    {"Hard", "minimax:depth=3,nodes=5000"},
    /* The strongest that fits: 12,000 nodes, 0.2 points behind minimax's defaults (20,000
     * nodes, which took 51 million instructions in pairs: over the budget). Its most, about
     * 30 million, leaves 40 % of the budget for what 100 games did not meet. */
    {"Expert", "minimax:depth=3,nodes=12000"},
};

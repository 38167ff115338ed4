/* stack_paint.h: how much stack a call takes, by paint and high-water mark. Before the call
 * the free stack is painted with a pattern; after it, the lowest word no longer holding the
 * pattern is the deepest the call reached. Used by the firmware (main.c), the level bench
 * (bench/levels_bench.c) and the game's board, which paints once at boot
 * (board/board_lm3s6965.c). */
#ifndef HANDHELD_STACK_PAINT_H
#define HANDHELD_STACK_PAINT_H

#include <stdint.h>

/* Paints the stack from its start (__stack_start) up to a little below `sp`, the caller's
 * stack pointer (read_sp()): the bytes just below are left for stack_paint's own frame. */
void stack_paint(uintptr_t sp);

/* The lowest stack address written since it was painted. */
uintptr_t stack_lowest_used(void);

#endif

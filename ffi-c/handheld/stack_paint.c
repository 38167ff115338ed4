/* stack_paint.c: paint and high-water mark of the stack (stack_paint.h). */
#include "stack_paint.h"

#include "startup.h"

#define PAINT 0xC5A5C5A5u
/* Bytes below the caller's sp left unpainted: room for stack_paint's own frame. */
#define GUARD 64u

__attribute__((noinline)) void stack_paint(uintptr_t sp) {
    for (volatile uint32_t *word = __stack_start; (uintptr_t)word < sp - GUARD; word++)
        *word = PAINT;
}

__attribute__((noinline)) uintptr_t stack_lowest_used(void) {
    const volatile uint32_t *word = __stack_start;
    while ((uintptr_t)word < (uintptr_t)_estack && *word == PAINT) word++;
    return (uintptr_t)word;
}

/* clock.c: SysTick as a 64-bit clock (clock.h). */
#include "clock.h"

#define REGISTER(address) (*(volatile uint32_t *)(address))
#define RCC2 REGISTER(0x400FE070u)
#define SYST_CSR REGISTER(0xE000E010u)
#define SYST_RVR REGISTER(0xE000E014u)
#define SYST_CVR REGISTER(0xE000E018u)
#define ICSR REGISTER(0xE000ED04u)
#define ICSR_PENDSTSET (1u << 26)

/* RCC2 with USERCC2 and the divisor QEMU's model turns into 200 MHz: 5 ns a tick. */
#define RCC2_FIVE_NS_TICKS 0x80002810u
#define TICK_NANOSECONDS 5u
#define SYSTICK_PERIOD (1u << 24)
/* CSR: enable, interrupt on wrap, processor clock. */
#define SYST_CSR_RUN 7u

static volatile uint32_t wraps;

void SysTick_Handler(void) { wraps++; }

void clock_init(void) {
    RCC2 = RCC2_FIVE_NS_TICKS;
    SYST_RVR = SYSTICK_PERIOD - 1;
    SYST_CVR = 0;
    SYST_CSR = SYST_CSR_RUN;
}

uint64_t clock_nanoseconds(void) {
    uint32_t before, count, pending, after;
    do { /* a wrap counted between the two reads of `wraps` reads again */
        before = wraps;
        count = SYST_CVR;
        pending = ICSR & ICSR_PENDSTSET;
        after = wraps;
    } while (before != after);
    /* A wrap not yet counted (its interrupt pending) that `count` already shows: the
     * counter restarted from the top. */
    uint32_t uncounted = (pending && count >= SYSTICK_PERIOD / 2) ? 1u : 0u;
    uint64_t ticks =
        (uint64_t)(after + uncounted) * SYSTICK_PERIOD + (SYSTICK_PERIOD - 1 - count);
    return ticks * TICK_NANOSECONDS;
}

uint64_t clock_instructions(void) { return clock_nanoseconds(); }

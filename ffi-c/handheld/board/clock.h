/* clock.h: time and instructions on the LM3S6965 under QEMU, from SysTick.
 *
 * clock_init sets RCC2 so that SysTick ticks every 5 ns of QEMU's virtual clock; under
 * `-icount shift=0` (one instruction a nanosecond) a tick is 5 instructions, so
 * clock_instructions measures a call to within 5. SysTick's 24-bit counter wraps every
 * 84 ms and its interrupt counts the wraps. */
#ifndef HANDHELD_CLOCK_H
#define HANDHELD_CLOCK_H

#include <stdint.h>

void clock_init(void);
/* Nanoseconds of QEMU's virtual clock since clock_init, in 5 ns ticks. */
uint64_t clock_nanoseconds(void);
/* Instructions since clock_init: nanoseconds under -icount shift=0. */
uint64_t clock_instructions(void);

#endif

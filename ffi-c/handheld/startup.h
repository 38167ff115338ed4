/* startup.h: what startup.c and the linker script (handheld.ld) give the firmware. */
#ifndef HANDHELD_STARTUP_H
#define HANDHELD_STARTUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The stack: its own region at the bottom of RAM, [__stack_start, _estack), so an overflow
 * runs off the start of RAM into a bus fault instead of into the data. */
extern uint32_t __stack_start[];
extern uint32_t _estack[];
/* .data and .bss in RAM. */
extern uint32_t _sdata[], _ebss[];
/* newlib's heap: from the end of .bss to the end of RAM. */
extern char __heap_start[], __heap_end[];

/* The most the heap (newlib's stdio) has grown, in bytes. */
extern size_t heap_peak_bytes;

/* Writes a NUL-terminated text to the host's console (semihosting SYS_WRITE0). */
void semihost_write(const char *text);

/* The command line QEMU passes (`-append`, after the kernel's name) into `buffer`,
 * NUL-terminated; its length, or -1 when the host gives none or it does not fit. */
int semihost_command_line(char *buffer, size_t capacity);

/* Ends the program: QEMU exits with `status`. */
__attribute__((noreturn)) void semihost_exit(int status);

/* The current stack pointer. */
static inline uintptr_t read_sp(void) {
    uintptr_t sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    return sp;
}

#endif

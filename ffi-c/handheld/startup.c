/* startup.c: reset and fault handling for the handheld firmware (Cortex-M3 and Cortex-M4F).
 *
 * - The vector table: initial stack pointer, reset, every fault to one handler, and the
 *   interrupts the game's board takes (SysTick, the gamepad's GPIO ports), weak.
 * - Reset: copy .data from flash, zero .bss, enable the FPU (M4F), set up newlib's
 *   semihosting (rdimon) and run exit(main()).
 * - Faults (a Rust panic in libtablic executes `udf`, which becomes a HardFault): print the
 *   faulting pc and the fault status registers through semihosting and exit with status 1.
 * - _sbrk for newlib's stdio buffers: a bounded heap between .bss and the end of RAM, whose
 *   high-water mark the firmware reports (libtablic itself never allocates).
 *
 * The symbols come from handheld.ld (included by lm3s6965.ld and m4f.ld). */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "startup.h"

extern uint32_t _sidata[], _edata[], _sbss[];

int main(void);
void initialise_monitor_handles(void); /* newlib's rdimon */
void Reset_Handler(void);
void Fault_Handler(void);
void Default_Handler(void);
void fault_report(const uint32_t *frame, uint32_t exc_return);
void *_sbrk(ptrdiff_t increment);
void _init(void);
void _fini(void);

/* Semihosting operations (ARM "Semihosting for AArch32 and AArch64"). */
#define SYS_WRITE0 0x04u
#define SYS_GET_CMDLINE 0x15u
#define SYS_EXIT 0x18u
#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u
#define ADP_STOPPED_RUN_TIME_ERROR_UNKNOWN 0x20023u

static uint32_t semihost(uint32_t operation, const void *argument) {
    register uint32_t r0 __asm__("r0") = operation;
    register const void *r1 __asm__("r1") = argument;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void semihost_write(const char *text) { semihost(SYS_WRITE0, text); }

int semihost_command_line(char *buffer, size_t capacity) {
    /* The host writes the text and its length (without the NUL) back into the block. */
    uint32_t block[2] = {(uint32_t)(uintptr_t)buffer, (uint32_t)capacity};
    if (capacity == 0 || semihost(SYS_GET_CMDLINE, block) != 0) return -1;
    return (int)block[1];
}

__attribute__((noreturn)) void semihost_exit(int status) {
    /* SYS_EXIT_EXTENDED carries the status; QEMU passes it on as its own exit status. Were it
     * not understood, SYS_EXIT with a run-time error still makes QEMU exit with 1. */
    const uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
    semihost(SYS_EXIT_EXTENDED, block);
    semihost(SYS_EXIT, (const void *)(uintptr_t)(status == 0 ? ADP_STOPPED_APPLICATION_EXIT
                                                               : ADP_STOPPED_RUN_TIME_ERROR_UNKNOWN));
    for (;;) {
    }
}

/* The vector table: a struct, so the stack address needs no cast to a function pointer. */
struct vector_table {
    uint32_t *initial_stack;
    void (*handlers[15])(void);
    void (*interrupts[31])(void); /* the LM3S6965's IRQ 0 to 30 (GPIO port F) */
};

/* Handlers a firmware may define (the game's board does); the others fault. */
void SysTick_Handler(void) __attribute__((weak, alias("Default_Handler")));
void GPIOPortE_Handler(void) __attribute__((weak, alias("Default_Handler")));
void GPIOPortF_Handler(void) __attribute__((weak, alias("Default_Handler")));

__attribute__((section(".vectors"), used)) const struct vector_table vector_table = {
    _estack,
    {
        Reset_Handler,
        Default_Handler, /* NMI */
        Fault_Handler,   /* HardFault */
        Fault_Handler,   /* MemManage */
        Fault_Handler,   /* BusFault */
        Fault_Handler,   /* UsageFault */
        NULL,
        NULL,
        NULL,
        NULL,
        Default_Handler, /* SVCall */
        Default_Handler, /* DebugMonitor */
        NULL,
        Default_Handler, /* PendSV */
        SysTick_Handler,
    },
    {
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        GPIOPortE_Handler, /* IRQ 4: GPIO port E (up, down, left, right) */
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        Default_Handler,
        GPIOPortF_Handler, /* IRQ 30: GPIO port F (select) */
    },
};

void Reset_Handler(void) {
    const uint32_t *from = _sidata;
    for (uint32_t *to = _sdata; to < _edata;) *to++ = *from++;
    for (uint32_t *to = _sbss; to < _ebss;) *to++ = 0;
#if defined(__ARM_FP)
    /* CPACR: full access to CP10 and CP11 (the FPU), before any floating-point instruction. */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    initialise_monitor_handles();
    exit(main());
}

/* An interrupt nobody expects: report it as a fault. */
void Default_Handler(void) { Fault_Handler(); }

/* Finds the exception frame (on MSP or PSP, from EXC_RETURN in lr) for fault_report. */
__attribute__((naked)) void Fault_Handler(void) {
    __asm__ volatile(
        "tst lr, #4\n\t"
        "ite eq\n\t"
        "mrseq r0, msp\n\t"
        "mrsne r0, psp\n\t"
        "mov r1, lr\n\t"
        "b fault_report\n\t");
}

static void write_hex(char *out, uint32_t value) {
    static const char digits[] = "0123456789abcdef";
    out[0] = '0';
    out[1] = 'x';
    for (int i = 0; i < 8; i++) out[2 + i] = digits[(value >> (28 - 4 * i)) & 0xFu];
}

void fault_report(const uint32_t *frame, uint32_t exc_return) {
    static char line[] = "HardFault: pc=0x........ lr=0x........ cfsr=0x........ "
                         "hfsr=0x........ exc_return=0x........\n";
    volatile const uint32_t *scb = (volatile const uint32_t *)0xE000ED28u; /* CFSR, HFSR */
    write_hex(line + 14, frame[6]);
    write_hex(line + 28, frame[5]);
    write_hex(line + 44, scb[0]);
    write_hex(line + 60, scb[1]);
    write_hex(line + 82, exc_return);
    semihost_write(line);
    semihost_exit(1);
}

/* newlib's heap (stdio buffers): from the end of .bss to the end of RAM. */
static char *heap_top = __heap_start;
size_t heap_peak_bytes;

void *_sbrk(ptrdiff_t increment) {
    char *previous = heap_top;
    if (increment > __heap_end - heap_top || increment < __heap_start - heap_top) {
        errno = ENOMEM;
        return (void *)-1;
    }
    heap_top += increment;
    if ((size_t)(heap_top - __heap_start) > heap_peak_bytes)
        heap_peak_bytes = (size_t)(heap_top - __heap_start);
    return previous;
}

/* No constructors or destructors to run. */
void _init(void) {}
void _fini(void) {}

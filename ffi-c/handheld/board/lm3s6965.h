/* lm3s6965.h: the LM3S6965's registers the board's drivers use (TI's LM3S6965 data sheet;
 * what QEMU's lm3s6965evb models of them: ffi-c/handheld/README.md). */
#ifndef HANDHELD_LM3S6965_H
#define HANDHELD_LM3S6965_H

#include <stdint.h>

#define REGISTER(address) (*(volatile uint32_t *)(address))

/* System control: the clock gates of the peripherals. */
#define RCGC1 REGISTER(0x400FE104u)
#define RCGC1_SSI0 (1u << 4)
#define RCGC2 REGISTER(0x400FE108u)
#define RCGC2_GPIO(port) (1u << (port))

/* GPIO ports (A = 0 ... G = 6), on the APB. */
#define GPIO_A 0u
#define GPIO_C 2u
#define GPIO_D 3u
#define GPIO_E 4u
#define GPIO_F 5u
#define GPIO_BASE(port) (0x40004000u + 0x1000u * (port) + ((port) >= GPIO_E ? 0x1C000u : 0u))
/* DATA is address-masked: a read or write touches only the pins whose bits are in `pins`. */
#define GPIO_DATA(base, pins) REGISTER((base) + ((uint32_t)(pins) << 2))
#define GPIO_DIR(base) REGISTER((base) + 0x400u)
#define GPIO_IS(base) REGISTER((base) + 0x404u)  /* 1: level, 0: edge */
#define GPIO_IBE(base) REGISTER((base) + 0x408u) /* 1: both edges */
#define GPIO_IM(base) REGISTER((base) + 0x410u)
#define GPIO_MIS(base) REGISTER((base) + 0x418u)
#define GPIO_ICR(base) REGISTER((base) + 0x41Cu)
#define GPIO_AFSEL(base) REGISTER((base) + 0x420u)
#define GPIO_PUR(base) REGISTER((base) + 0x510u)
#define GPIO_DEN(base) REGISTER((base) + 0x51Cu)

/* SSI0, an ARM PL022. */
#define SSI0_CR0 REGISTER(0x40008000u)
#define SSI0_CR1 REGISTER(0x40008004u)
#define SSI0_DR REGISTER(0x40008008u)
#define SSI0_SR REGISTER(0x4000800Cu)
#define SSI0_CPSR REGISTER(0x40008010u)
#define SSI_SR_TNF (1u << 1) /* transmit FIFO not full */
#define SSI_SR_RNE (1u << 2) /* receive FIFO not empty */
#define SSI_CR1_SSE (1u << 1)

/* The NVIC's interrupt enables: IRQ n is bit n of ISER0 (n < 32). */
#define NVIC_ISER0 REGISTER(0xE000E100u)
#define IRQ_GPIO_E 4u
#define IRQ_GPIO_F 30u

#endif

/* oled.c: the SSD0323 OLED over SSI0 (oled.h). PC7 tells the controller whether a byte is a
 * command (low) or display data (high); PD0 selects the OLED (high). The picture's layout is
 * the display memory's own, so a frame is sent as it is, row by row. */
#include "oled.h"

#include "lm3s6965.h"

#define DATA_COMMAND_PIN (1u << 7) /* PC7 */
#define CHIP_SELECT_PIN (1u << 0)  /* PD0 */
/* SSI0's clock, frame and data pins on port A: PA2, PA3, PA5 (PA4 receives). */
#define SSI0_PINS ((1u << 2) | (1u << 3) | (1u << 4) | (1u << 5))
/* CR0: 8-bit data (DSS = 7), SPI frames, clock idle high and data on its second edge (mode
 * 3, the SSD0323's). Written before anything is sent: until then QEMU sends every byte as 0. */
#define SSI_CR0_8_BIT_MODE_3 (0x7u | (1u << 6) | (1u << 7))
#define SSI_CLOCK_PRESCALE 2u

/* The set-up of TI's StellarisWare osram128x64x4 driver: the whole memory as the window,
 * contrast, horizontal addressing with the high nibble on the left, 64 rows, timing and
 * grey scale, display on. */
static const uint8_t setup_commands[] = {
    0x15, 0x00, 0x3F, /* columns 0 to 63 (two pixels each) */
    0x75, 0x00, 0x3F, /* rows 0 to 63 */
    0x81, 0x32,       /* contrast */
    0x85,             /* full current range */
    0xA0, 0x52,       /* re-map: horizontal address increment */
    0xA1, 0x00,       /* display start line */
    0xA2, 0x4C,       /* display offset */
    0xA4,             /* normal display */
    0xA8, 0x3F,       /* multiplex ratio: 64 rows */
    0xB1, 0x22,       /* phase length */
    0xB2, 0x46,       /* row period */
    0xB3, 0xF1,       /* clock divider */
    0xBF, 0x0D,       /* VSL */
    0xBE, 0x02,       /* VCOMH */
    0xBC, 0x10,       /* VP */
    0xB8, 0x01, 0x11, 0x22, 0x32, 0x43, 0x54, 0x65, 0x76, /* grey scale table */
    0xAD, 0x03,       /* master configuration: DC-DC on */
    0xAF,             /* display on */
};

/* Before each frame: the window back to the whole memory, so the data starts at (0, 0). */
static const uint8_t whole_window[] = {0x15, 0x00, 0x3F, 0x75, 0x00, 0x3F};

static void send_byte(uint8_t byte) {
    while (!(SSI0_SR & SSI_SR_TNF)) {
    }
    SSI0_DR = byte;
    /* Every byte sent brings one back; a full receive FIFO would stall the sending. */
    while (!(SSI0_SR & SSI_SR_RNE)) {
    }
    (void)SSI0_DR;
}

static void send_commands(const uint8_t *bytes, unsigned count) {
    GPIO_DATA(GPIO_BASE(GPIO_C), DATA_COMMAND_PIN) = 0;
    for (unsigned i = 0; i < count; i++) send_byte(bytes[i]);
}

void oled_init(void) {
    RCGC1 |= RCGC1_SSI0;
    RCGC2 |= RCGC2_GPIO(GPIO_A) | RCGC2_GPIO(GPIO_C) | RCGC2_GPIO(GPIO_D);
    GPIO_AFSEL(GPIO_BASE(GPIO_A)) |= SSI0_PINS;
    GPIO_DEN(GPIO_BASE(GPIO_A)) |= SSI0_PINS;
    GPIO_DIR(GPIO_BASE(GPIO_C)) |= DATA_COMMAND_PIN;
    GPIO_DEN(GPIO_BASE(GPIO_C)) |= DATA_COMMAND_PIN;
    GPIO_DIR(GPIO_BASE(GPIO_D)) |= CHIP_SELECT_PIN;
    GPIO_DEN(GPIO_BASE(GPIO_D)) |= CHIP_SELECT_PIN;
    GPIO_DATA(GPIO_BASE(GPIO_D), CHIP_SELECT_PIN) = CHIP_SELECT_PIN;

    SSI0_CR1 = 0;
    SSI0_CPSR = SSI_CLOCK_PRESCALE;
    SSI0_CR0 = SSI_CR0_8_BIT_MODE_3;
    SSI0_CR1 = SSI_CR1_SSE;
    send_commands(setup_commands, sizeof setup_commands);
}

void oled_send(const screen *s) {
    send_commands(whole_window, sizeof whole_window);
    GPIO_DATA(GPIO_BASE(GPIO_C), DATA_COMMAND_PIN) = DATA_COMMAND_PIN;
    for (int y = 0; y < SCREEN_HEIGHT; y++)
        for (int i = 0; i < SCREEN_ROW_BYTES; i++) send_byte(s->rows[y][i]);
}

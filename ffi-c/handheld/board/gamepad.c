/* gamepad.c: presses from the buttons' edges (gamepad.h).
 *
 * Both edges of each line interrupt. A fall (the line low: pressed) is a press. QEMU's boot
 * trap: nothing drives a line before its button's first event, so every line reads low
 * (pressed) from reset and the first press makes no edge, only its release does; so the first
 * rise of a line never seen high is a press too. If two edges came before the interrupt was
 * served (the line reads as it did last time), the line went the other way and back: a
 * release and a press, or a press and a release, which is one press either way (two if the
 * line had never been high: the boot-trap press's release, then a new press). Presses of
 * different buttons pending together are taken port E first, then by pin: nothing tells
 * their order (a person's presses are tens of milliseconds apart; the interrupt takes
 * microseconds). */
#include "gamepad.h"

#include <stdbool.h>
#include <stdint.h>

#include "lm3s6965.h"

struct button_port {
    uint32_t base;
    uint8_t pins;
    board_key keys[8]; /* the key of each pin */
    uint8_t levels;    /* the lines as last read */
    uint8_t seen_high; /* lines that have been high since reset */
};

static struct button_port port_e = {
    GPIO_BASE(GPIO_E), 0x0Fu, {KEY_UP, KEY_DOWN, KEY_LEFT, KEY_RIGHT}, 0, 0};
static struct button_port port_f = {GPIO_BASE(GPIO_F), 0x02u, {KEY_NONE, KEY_SELECT}, 0, 0};
static void (*on_press)(board_key key);

static void serve(struct button_port *port) {
    uint32_t edges = GPIO_MIS(port->base) & port->pins;
    /* The lines are read before their edges are cleared. Cleared first, an edge coming
     * between the clear and the read would be seen twice: in this read, and again as a
     * latched edge with an unchanged line, which reads as a release and a press. Read first,
     * an edge coming between the read and the clear is lost instead, and the line's next
     * edge finds it as last read, which counts one press: the press that edge is, or the
     * one a lost press edge began. Under QEMU the window lasts as long as the host keeps
     * the CPU thread waiting: key mashing on a loaded host once took a key twice. */
    uint32_t levels = GPIO_DATA(port->base, port->pins);
    GPIO_ICR(port->base) = edges;
    for (unsigned pin = 0; pin < 8; pin++) {
        uint32_t bit = 1u << pin;
        if (!(edges & bit)) continue;
        bool high = levels & bit, was_high = port->levels & bit;
        bool fell = !high || high == was_high;
        bool rose = high || high == was_high;
        if (rose && !(port->seen_high & bit)) on_press(port->keys[pin]);
        if (fell) on_press(port->keys[pin]);
        if (rose) port->seen_high |= (uint8_t)bit;
        port->levels = (uint8_t)((port->levels & ~bit) | (high ? bit : 0u));
    }
}

void GPIOPortE_Handler(void) { serve(&port_e); }
void GPIOPortF_Handler(void) { serve(&port_f); }

static void enable(struct button_port *port) {
    GPIO_DIR(port->base) &= ~(uint32_t)port->pins;
    GPIO_DEN(port->base) |= port->pins;
    GPIO_PUR(port->base) |= port->pins; /* the real board's buttons need it; QEMU ignores it */
    GPIO_IS(port->base) &= ~(uint32_t)port->pins;
    GPIO_IBE(port->base) |= port->pins;
    GPIO_ICR(port->base) = port->pins;
    port->levels = (uint8_t)GPIO_DATA(port->base, port->pins);
    port->seen_high = port->levels; /* a real board's pull-ups: high from the start */
    GPIO_IM(port->base) |= port->pins;
}

void gamepad_init(void (*pressed)(board_key key)) {
    on_press = pressed;
    RCGC2 |= RCGC2_GPIO(GPIO_E) | RCGC2_GPIO(GPIO_F);
    enable(&port_e);
    enable(&port_f);
    NVIC_ISER0 = (1u << IRQ_GPIO_E) | (1u << IRQ_GPIO_F);
}

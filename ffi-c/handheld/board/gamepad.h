/* gamepad.h: the board's five buttons (PE0-PE3 up, down, left, right; PF1 select), active
 * low, read by edge interrupts. */
#ifndef HANDHELD_GAMEPAD_H
#define HANDHELD_GAMEPAD_H

#include "board.h"

/* Enables the buttons' interrupts; `pressed` is then called from the interrupt, once for
 * every press of a button, in the order of the presses. */
void gamepad_init(void (*pressed)(board_key key));

#endif

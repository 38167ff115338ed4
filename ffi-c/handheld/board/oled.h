/* oled.h: the board's SSD0323 OLED (128 x 64, 16 greys) on SSI0. */
#ifndef HANDHELD_OLED_H
#define HANDHELD_OLED_H

#include "../draw/screen.h"

/* Sets up SSI0 and the OLED's pins and sends the controller its set-up commands. */
void oled_init(void);
/* Sends the whole picture to the display memory. */
void oled_send(const screen *s);

#endif

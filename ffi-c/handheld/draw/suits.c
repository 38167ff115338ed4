/* suits.c: the four suits' 5 x 5 symbols (screen_suit), told apart by their outline alone:
 * clubs a flat top and a stem between two lobes, diamonds pointed at both ends, hearts
 * notched on top and pointed below, spades pointed on top and standing on a foot. */
#include "screen.h"

#define SUITS 4

static const uint8_t symbols[SUITS][SUIT_SIZE] = {
    {0x0E, 0x0E, 0x1F, 0x15, 0x04}, /* clubs    .###. .###. ##### #.#.# ..#.. */
    {0x04, 0x0E, 0x1F, 0x0E, 0x04}, /* diamonds ..#.. .###. ##### .###. ..#.. */
    {0x1B, 0x1F, 0x1F, 0x0E, 0x04}, /* hearts   ##.## ##### ##### .###. ..#.. */
    {0x04, 0x0E, 0x1F, 0x04, 0x0E}, /* spades   ..#.. .###. ##### ..#.. .###. */
};

void screen_suit(screen *s, int x, int y, unsigned suit, unsigned grey) {
    if (suit >= SUITS) return;
    screen_bitmap(s, x, y, symbols[suit], SUIT_SIZE, SUIT_SIZE, grey);
}

/* cards.c: a card face, CARD_WIDTH x CARD_HEIGHT (screen_card): a one-pixel frame with its
 * corners cut, the rank in the small font at the top and the suit's symbol below it.
 *
 *   plain:     grey frame, black face, white rank and suit
 *   cursor:    white face, black rank and suit
 *   marked:    mid grey face, black rank and suit
 *   face down: grey frame, a face hatched with dim diagonals, nothing else
 * and the same card as a chip (screen_chip): rank and suit side by side, no face. */
#include "screen.h"

#include "font.h"

#define RANKS 13
#define RANK_TEN 9
#define RANK_TOP 1
#define SUIT_LEFT 2
#define SUIT_TOP 7
/* The ten: a one-pixel 1 beside a 0, five pixels wide, so it fits where other ranks take 3. */
#define TEN_WIDTH 5
static const uint8_t ten[SMALL_GLYPH_HEIGHT] = {
    0x17, /* #.### */
    0x15, /* #.#.# */
    0x15, /* #.#.# */
    0x15, /* #.#.# */
    0x17, /* #.### */
};
/* The rank's character, ace to king; the ten has its own glyph. */
static const char rank_characters[RANKS] = "A234567890JQK";

/* Every pixel of the card but its four corners. */
static void fill_face(screen *s, int x, int y, unsigned grey) {
    screen_fill(s, x + 1, y, CARD_WIDTH - 2, CARD_HEIGHT, grey);
    screen_fill(s, x, y + 1, 1, CARD_HEIGHT - 2, grey);
    screen_fill(s, x + CARD_WIDTH - 1, y + 1, 1, CARD_HEIGHT - 2, grey);
}

static void frame(screen *s, int x, int y, unsigned grey) {
    screen_fill(s, x + 1, y, CARD_WIDTH - 2, 1, grey);
    screen_fill(s, x + 1, y + CARD_HEIGHT - 1, CARD_WIDTH - 2, 1, grey);
    screen_fill(s, x, y + 1, 1, CARD_HEIGHT - 2, grey);
    screen_fill(s, x + CARD_WIDTH - 1, y + 1, 1, CARD_HEIGHT - 2, grey);
}

static void hatch(screen *s, int x, int y) {
    for (int row = 1; row < CARD_HEIGHT - 1; row++)
        for (int column = 1; column < CARD_WIDTH - 1; column++)
            if ((column + row) % 3 == 0) screen_pixel(s, x + column, y + row, GREY_DIM);
}

static int rank_width(unsigned rank) {
    return rank == RANK_TEN ? TEN_WIDTH : SMALL_GLYPH_WIDTH;
}

/* The rank's glyph with its top left at (x, y). */
static void rank_glyph(screen *s, int x, int y, unsigned rank, unsigned grey) {
    if (rank == RANK_TEN) {
        screen_bitmap(s, x, y, ten, TEN_WIDTH, SMALL_GLYPH_HEIGHT, grey);
    } else if (rank < RANKS) {
        uint8_t rows[SMALL_GLYPH_HEIGHT];
        font_small_glyph(rank_characters[rank], rows);
        screen_bitmap(s, x, y, rows, SMALL_GLYPH_WIDTH, SMALL_GLYPH_HEIGHT, grey);
    }
}

static void rank_and_suit(screen *s, int x, int y, unsigned rank, unsigned suit, unsigned grey) {
    rank_glyph(s, x + (CARD_WIDTH - rank_width(rank)) / 2, y + RANK_TOP, rank, grey);
    screen_suit(s, x + SUIT_LEFT, y + SUIT_TOP, suit, grey);
}

void screen_card(screen *s, int x, int y, unsigned rank, unsigned suit, card_look look) {
    switch (look) {
    case CARD_PLAIN:
        fill_face(s, x, y, GREY_BLACK);
        frame(s, x, y, GREY_MID);
        rank_and_suit(s, x, y, rank, suit, GREY_WHITE);
        break;
    case CARD_CURSOR:
        fill_face(s, x, y, GREY_WHITE);
        rank_and_suit(s, x, y, rank, suit, GREY_BLACK);
        break;
    case CARD_MARKED:
        fill_face(s, x, y, GREY_MID);
        rank_and_suit(s, x, y, rank, suit, GREY_BLACK);
        break;
    case CARD_FACEDOWN:
        fill_face(s, x, y, GREY_BLACK);
        frame(s, x, y, GREY_MID);
        hatch(s, x, y);
        break;
    }
}

int screen_chip_width(unsigned rank) { return rank_width(rank) + 1 + SUIT_SIZE; }

void screen_chip(screen *s, int x, int y, unsigned rank, unsigned suit, card_look look) {
    unsigned grey = GREY_WHITE;
    if (look == CARD_MARKED || look == CARD_CURSOR) {
        screen_fill(s, x - 1, y - 1, screen_chip_width(rank) + 2, SUIT_SIZE + 1, GREY_MID);
        grey = GREY_BLACK;
    }
    rank_glyph(s, x, y, rank, grey);
    screen_suit(s, x + rank_width(rank) + 1, y, suit, grey);
}

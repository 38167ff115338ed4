/* move_words.c: moves in words (move_words.h). */
#include "move_words.h"

#include <stdio.h>
#include <string.h>

#include "session.h"

/* Appends `text` at `*at`; false, with ".." at the end, when it does not fit. */
static bool append(char *out, size_t size, size_t *at, const char *text) {
    size_t length = strlen(text);
    if (*at + length + 1 > size) {
        if (size >= 3) strcpy(out + (size - 3 < *at ? size - 3 : *at), "..");
        return false;
    }
    memcpy(out + *at, text, length + 1);
    *at += length;
    return true;
}

static void card_name(uint8_t card, char name[8]) {
    session_check(tablic_card_format(card, false, name, 8, NULL), "card");
}

void move_words(const tablic_move *move, const char *who, char *out, size_t size) {
    char card[8];
    size_t at = 0;
    out[0] = '\0';
    if (who && !(append(out, size, &at, who) && append(out, size, &at, " "))) return;
    card_name(move->card, card);
    if (move->capture == 0) {
        if (append(out, size, &at, who ? "LAYS " : "LAY ") && append(out, size, &at, card))
            append(out, size, &at, " DOWN");
        return;
    }
    if (!append(out, size, &at, who ? "TAKES" : "TAKE")) return;
    for (uint8_t taken = 0; taken < 52; taken++) {
        if (!(move->capture >> taken & 1u)) continue;
        card_name(taken, card);
        if (!(append(out, size, &at, " ") && append(out, size, &at, card))) return;
    }
}

/* move_words.h: moves in words for the prompt line: "TAKE 5S KH", "MARKO LAYS 7H DOWN". */
#ifndef HANDHELD_MOVE_WORDS_H
#define HANDHELD_MOVE_WORDS_H

#include <stddef.h>

#include "tablic.h"

/* The move as `who` made it (NULL: the person's choice, "TAKE 5S KH" / "LAY 7H DOWN"), cut
 * with ".." where `size` is too short. */
void move_words(const tablic_move *move, const char *who, char *out, size_t size);

#endif

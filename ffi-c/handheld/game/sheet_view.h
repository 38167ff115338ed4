/* sheet_view.h: the score sheet after a game (each side's cards, card points, tablas as
 * tally marks, the +3, the game's score and the running total), and the match's end. */
#ifndef HANDHELD_SHEET_VIEW_H
#define HANDHELD_SHEET_VIEW_H

#include "../draw/screen.h"
#include "session.h"

void sheet_view_draw(screen *s, const session *game);
/* The end of a series or a match (a single game ends on its sheet). */
void sheet_view_draw_match_end(screen *s, const session *game);

#endif

/* rules_view.c: the rules screen (rules_view.h). The text is the game this handheld plays:
 * the original rules, alone or in pairs. */
#include "rules_view.h"

#include "../board/board.h"
#include "../draw/screen.h"

static const char *const rules_text[] = {
    "TABLIC: THE RULES",
    "",
    "2 PLAYERS, OR 4 IN TWO PAIRS",
    "(PARTNERS SIT OPPOSITE). EACH",
    "GETS 6 CARDS; 4 GO ON THE TABLE.",
    "PLAY ONE CARD A TURN. IT TAKES",
    "TABLE CARDS WORTH ITS VALUE,",
    "ALONE OR IN GROUPS THAT ADD UP",
    "TO IT, AS MANY GROUPS AS YOU",
    "LIKE IF NO CARD IS IN TWO.",
    "TAKING NOTHING IS ALLOWED: THE",
    "CARD STAYS ON THE TABLE.",
    "",
    "VALUES: A 1 OR 11, 2-10 AS",
    "NUMBERED, J 12, Q 13, K 14.",
    "",
    "A CAPTURE THAT EMPTIES THE",
    "TABLE IS A TABLA: 1 POINT.",
    "HANDS EMPTY: 6 MORE EACH, UNTIL",
    "THE DECK ENDS. WHAT IS LEFT ON",
    "THE TABLE GOES TO THE LAST ONE",
    "WHO TOOK CARDS.",
    "",
    "POINTS: A, K, Q, J, 10: 1 EACH;",
    "10 OF DIAMONDS 2; 2 OF CLUBS 1;",
    "MOST CARDS 3 (NOBODY ON A TIE).",
    "PARTNERS ADD THEIR PILES UP.",
    "A MATCH ENDS AFTER THE GAME IN",
    "WHICH A SIDE REACHES 101; THE",
    "HIGHEST TOTAL WINS (A TIE PLAYS",
    "ON).",
    "",
    "KEYS: LEFT/RIGHT CHOOSE A CARD,",
    "UP/DOWN ITS MOVES (BEST FIRST,",
    "MARKED ON THE TABLE), SELECT",
    "PLAYS.",
};

#define LINES (int)(sizeof rules_text / sizeof rules_text[0])
#define LINES_SHOWN 10

void rules_view_run(screen *picture) {
    int top = 0;
    for (;;) {
        screen_clear(picture);
        for (int i = 0; i < LINES_SHOWN && top + i < LINES; i++)
            screen_small_text(picture, 0, 1 + i * SMALL_CELL_HEIGHT + (i > 0 ? 1 : 0),
                              rules_text[top + i], top + i == 0 ? GREY_WHITE : GREY_MID);
        /* A scroll bar on the right edge. */
        int bar = SCREEN_HEIGHT * LINES_SHOWN / LINES;
        screen_fill(picture, SCREEN_WIDTH - 1, (SCREEN_HEIGHT - bar) * top / (LINES - LINES_SHOWN), 1, bar, GREY_DIM);
        board_show(picture);
        board_report("# wait rules");
        switch (board_next_key()) {
        case KEY_UP: if (top > 0) top--; break;
        case KEY_DOWN: if (top + LINES_SHOWN < LINES) top++; break;
        case KEY_SELECT:
        case KEY_LEFT: return;
        default: break;
        }
    }
}

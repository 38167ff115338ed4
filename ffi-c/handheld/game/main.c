/* main.c: the handheld game, on the LM3S6965 board or on the host (board.h). */
#include "../board/board.h"
#include "app.h"

int main(void) {
    board_init();
    app_run();
}

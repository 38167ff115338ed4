/* firmware_main.c: the handheld game on the LM3S6965 board. */
#include "../board/board.h"
#include "app.h"

int main(void) {
    board_init();
    app_run();
}

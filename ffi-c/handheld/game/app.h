/* app.h: the handheld's game from power-on: the start menu, then the games it chose with a
 * score sheet after each, then the menu again. The firmware and the host program both run
 * it on their board (board.h). */
#ifndef HANDHELD_APP_H
#define HANDHELD_APP_H

__attribute__((noreturn)) void app_run(void);

#endif

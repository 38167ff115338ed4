/* menu.h: the start menu. Up and down choose a line, left and right (or select) change
 * its value; select on RULES shows the rules, on START starts the games, on WATCH starts
 * them with bots in every seat: LEVEL's on the shown seat's side, WATCH's value (VS
 * EASY...) on the other. */
#ifndef HANDHELD_MENU_H
#define HANDHELD_MENU_H

#include "../draw/screen.h"
#include "session.h"

session_setup menu_run(screen *picture, session_setup current);

#endif

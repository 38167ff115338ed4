/* rules_view.h: the rules on the screen, ten lines at a time: up and down scroll, select
 * or left goes back. */
#ifndef HANDHELD_RULES_VIEW_H
#define HANDHELD_RULES_VIEW_H

#include "../draw/screen.h"

void rules_view_run(screen *picture);

#endif

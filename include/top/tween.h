/* SPDX-License-Identifier: MIT */
/* Installed as tween.h beside the directory tween/, which holds libtween's
 * header: #include <tween.h> and #include <tween/tween.h> are the same. */
#include "tween/tween.h"

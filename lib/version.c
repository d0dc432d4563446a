/* SPDX-License-Identifier: MIT */
/* The version, as built. */
#include "tween-private.h"

const char *tw_version_string(void) { return TW_VERSION_STRING; }

unsigned tw_version(void) { return TW_VERSION_HEX; }

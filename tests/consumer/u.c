/* SPDX-License-Identifier: MIT */
/* A program that uses an installed libtween: built by tests/consumer/run.sh
 * with pkg-config (TW_BARE: #include <tween.h>) and with CMake
 * (#include <tween/tween.h>).  Exits 0 when a tween moves as it should. */
#ifdef TW_BARE
#include <tween.h>
#else
#include <tween/tween.h>
#endif

#include <stdio.h>
#include <string.h>

int main(void) {
  tw_manager *m;
  tw_handle h;
  float x = 0.0f;

  if (strcmp(tw_version_string(), TW_VERSION_STRING) != 0) {
    printf("u: library %s, header %s\n", tw_version_string(),
           TW_VERSION_STRING);
    return 1;
  }
  if (tw_manager_new(NULL, &m) != 0 || tw_float_to(m, &x, 8.0f, 2.0, &h) != 0 ||
      tw_set_ease(m, h, TW_EASE_LINEAR) != 0 ||
      tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0) != 0)
    return 2;
  if (x < 3.99f || x > 4.01f) {
    printf("u: x = %g after half the tween, not 4\n", (double)x);
    return 3;
  }
  tw_manager_free(m);
  printf("u: libtween %s works\n", tw_version_string());
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* Built with -fshort-enums by tests/check-short-enums.sh, as enums are on
 * arm-none-eabi: every public enum keeps the room of an int, and a value
 * out of range that a caller passes is refused, never cut down to a valid
 * member. */
#include <stdio.h>

#include "tween.h"

static int fails;

#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      printf("FAIL: %s (line %d)\n", #c, __LINE__);                            \
      fails++;                                                                 \
    }                                                                          \
  } while (0)

int main(void) {
  tw_manager *m;
  tw_handle h;
  float x = 0;

  CHECK(sizeof(tw_errno) == sizeof(int));
  CHECK(sizeof(tw_update_type) == sizeof(int));
  CHECK(sizeof(tw_ease) == sizeof(int));
  CHECK(sizeof(tw_loop_type) == sizeof(int));
  CHECK(sizeof(tw_event) == sizeof(int));
  CHECK(sizeof(tw_warning) == sizeof(int));
  CHECK(sizeof(tw_overwrite) == sizeof(int));
  CHECK(sizeof(tw_jump) == sizeof(int));
  CHECK(sizeof(tw_path_kind) == sizeof(int));
  CHECK(sizeof(tw_stagger_from) == sizeof(int));
  CHECK(sizeof(tw_stagger_axis) == sizeof(int));
  CHECK(sizeof(tw_do) == sizeof(int));
  CHECK(sizeof(tw_count_what) == sizeof(int));
  if (tw_manager_new(NULL, &m) != 0 || tw_float_to(m, &x, 1, 1, &h) != 0) {
    printf("FAIL: no manager\n");
    return 1;
  }
  /* the documented "no yoyo ease of its own" */
  CHECK(tw_set_yoyo_ease(m, h, (tw_ease)-1) == 0);
  /* values a byte would alias to valid members */
  CHECK(tw_set_ease(m, h, (tw_ease)256) == TW_EEASE);
  CHECK(tw_set_ease(m, h, (tw_ease)-255) == TW_EEASE);
  CHECK(tw_set_yoyo_ease(m, h, (tw_ease)257) == TW_EEASE);
  CHECK(tw_set_loops(m, h, 2, (tw_loop_type)257) == TW_EINVAL);
  CHECK(tw_set_update_type(m, h, (tw_update_type)256) == TW_EINVAL);
  CHECK(tw_set_overwrite(m, h, (tw_overwrite)257) == TW_EINVAL);
  CHECK(tw_update(m, (tw_update_type)256, 0.1, 0.1) == TW_EINVAL);
  CHECK(tw_do_all(m, (tw_do)256) == TW_EINVAL);
  CHECK(tw_manager_validate(m) == 0);
  tw_manager_free(m);
  printf("%d passed, %d failed\n", fails == 0, fails != 0);
  return fails != 0;
}

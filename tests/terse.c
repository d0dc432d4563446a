/* SPDX-License-Identifier: MIT */
/* Built by tests/check-terse.sh with the library built with
 * TW_TERSE_ERRORS: every refusal still returns its code and changes
 * nothing (the manager's snapshot is the same bytes before and after),
 * and its detail is the call's name and the code's text, "tw_float_to:
 * invalid argument". */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tween.h"

static int fails, checked;
static tw_manager *m;
static unsigned char before[8192], after[8192];

#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      printf("FAIL: %s (line %d)\n", #c, __LINE__);                            \
      fails++;                                                                 \
    }                                                                          \
  } while (0)

static size_t image(unsigned char *buf) {
  size_t used = 0;

  CHECK(tw_snapshot(m, buf, sizeof before, &used) == 0);
  return used;
}

static float x, y, end = 1;
static tw_handle live, started, seq, dead, zero, never = {999, 1};

/* Makes refusal k: its call's name in *fn, its code in *want, what it
 * returned in *rc; 0 past the last. */
static int refuse(int k, const char **fn, int *want, int *rc) {
  tw_handle h, out[2];
  double d;
  float v;
  size_t used;
  int i = 0;

#define R(name, code, call)                                                    \
  if (k == i++) {                                                              \
    *fn = name;                                                                \
    *want = code;                                                              \
    *rc = call;                                                                \
    return 1;                                                                  \
  }
  R("tw_float_to", TW_EINVAL, tw_float_to(m, &x, 1, -1, &h))
  R("tw_float_to", TW_EINVAL, tw_float_to(m, &x, 1, NAN, &h))
  R("tw_float_to", TW_EINVAL, tw_float_to(m, &x, 1, HUGE_VAL, &h))
  R("tw_float_to", TW_EINVAL, tw_float_to(m, NULL, 1, 1, &h))
  R("tw_float_to", TW_EINVAL, tw_float_to(m, &x, NAN, 1, &h))
  R("tw_double_to", TW_EINVAL, tw_double_to(m, NULL, 1, 1, &h))
  R("tw_to", TW_ETYPE, tw_to(m, 99, &x, &end, 1, &h))
  R("tw_to", TW_EINVAL, tw_to(m, TW_TYPE_FLOAT, &x, &end, -2, &h))
  R("tw_from_to", TW_EINVAL,
    tw_from_to(m, TW_TYPE_FLOAT, NULL, &end, &end, 1, &h))
  R("tw_punch", TW_EINVAL, tw_punch(m, TW_TYPE_FLOAT, &x, &end, -1, 10, 1, &h))
  R("tw_shake", TW_EINVAL,
    tw_shake(m, TW_TYPE_FLOAT, &x, &end, NAN, 10, 90, 1, 1, &h))
  R("tw_path", TW_EUNSUPPORTED,
    tw_path(m, TW_TYPE_FLOAT, &x, &x, 2, TW_PATH_LINEAR, 1, &h))
  R("tw_update", TW_EINVAL, tw_update(m, TW_UPDATE_NORMAL, -1, 0))
  R("tw_update", TW_EINVAL, tw_update(m, TW_UPDATE_NORMAL, 0, NAN))
  R("tw_update", TW_EINVAL, tw_update(m, (tw_update_type)7, 0, 0))
  R("tw_set_ease", TW_EEASE, tw_set_ease(m, live, (tw_ease)999))
  R("tw_set_update_type", TW_EINVAL,
    tw_set_update_type(m, live, (tw_update_type)9))
  R("tw_set_overwrite", TW_EINVAL, tw_set_overwrite(m, live, (tw_overwrite)9))
  R("tw_set_overwrite", TW_ELOCKED,
    tw_set_overwrite(m, started, TW_OVERWRITE_KILL))
  R("tw_set_loops", TW_ELOCKED, tw_set_loops(m, started, 2, TW_LOOP_RESTART))
  R("tw_set_speed_based", TW_EINVAL, tw_set_speed_based(m, seq, 1))
  R("tw_set_from", TW_EINVAL, tw_set_from(m, seq, &end))
  R("tw_set_relative", TW_EINVAL, tw_set_relative(m, seq, 1))
  R("tw_set_autokill", TW_ELOCKED, tw_set_autokill(m, started, 0))
  R("tw_set_yoyo_ease", TW_EEASE, tw_set_yoyo_ease(m, live, (tw_ease)999))
  R("tw_set_delay", TW_EINVAL, tw_set_delay(m, live, -1))
  R("tw_set_delay", TW_EINVAL, tw_set_delay(m, live, NAN))
  R("tw_set_timescale", TW_EINVAL, tw_set_timescale(m, live, -1))
  R("tw_set_loop_delay", TW_EINVAL, tw_set_loop_delay(m, live, -1))
  R("tw_set_snap", TW_EINVAL, tw_set_snap(m, live, NAN))
  R("tw_manager_set_timescale", TW_EINVAL, tw_manager_set_timescale(m, -1))
  R("tw_manager_set_capacity", TW_ERANGE, tw_manager_set_capacity(m, 1, 0))
  R("tw_goto", TW_EINVAL, tw_goto(m, live, NAN, 0))
  R("tw_elapsed", TW_EINVAL, tw_elapsed(m, live, NULL))
  R("tw_count", TW_EINVAL, tw_count(m, (tw_count_what)99))
  R("tw_find_id", TW_EINVAL, tw_find_id(m, 7, NULL, 2))
  R("tw_find_target", TW_EINVAL, tw_find_target(m, NULL, out, 2))
  R("tw_writer", TW_EINVAL, tw_writer(m, NULL, &h))
  R("tw_do_all", TW_EINVAL, tw_do_all(m, (tw_do)99))
  R("tw_do_target", TW_EINVAL, tw_do_target(m, NULL, TW_DO_PAUSE))
  R("tw_kill_all_except", TW_EINVAL, tw_kill_all_except(m, NULL, 2, 0))
  R("tw_path_tangent", TW_EINVAL, tw_path_tangent(m, live, &v))
  R("tw_do_id", TW_EINVAL, tw_do_id(m, 7, (tw_do)-5))
  R("tw_pause", TW_ESTALE, tw_pause(m, dead))
  R("tw_kill", TW_ESTALE, tw_kill(m, zero, 0))
  R("tw_complete", TW_ESTALE, tw_complete(m, never))
  R("tw_elapsed", TW_ESTALE, tw_elapsed(m, dead, &d))
  R("tw_set_ease", TW_ESTALE, tw_set_ease(m, dead, TW_EASE_LINEAR))
  R("tw_set_delay", TW_ESTALE, tw_set_delay(m, dead, -1))
  R("tw_snapshot", TW_ERANGE, tw_snapshot(m, after, 8, &used))
  R("tw_restore", TW_ECORRUPT, tw_restore(m, "not a snapshot", 14))
#undef R
  return 0;
}

int main(void) {
  const char *fn;
  char want_detail[200];
  int k, want, rc;
  size_t n;

  CHECK(tw_manager_new(NULL, &m) == 0);
  CHECK(tw_float_to(m, &y, 1, 1, &started) == 0);
  CHECK(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1) == 0);
  CHECK(tw_float_to(m, &x, 1, 1, &live) == 0);
  CHECK(tw_sequence(m, &seq) == 0);
  CHECK(tw_float_to(m, &x, 1, 1, &dead) == 0);
  CHECK(tw_kill(m, dead, 0) == 0);
  zero = dead;
  zero.index = 0;
  CHECK(strcmp(tw_last_error_detail(m), "") == 0);
  CHECK(strcmp(tw_last_error_detail(NULL), "the manager is NULL") == 0);
  for (k = 0;; k++) {
    n = image(before);
    if (!refuse(k, &fn, &want, &rc))
      break;
    checked++;
    if (rc != want)
      printf("FAIL: refusal %d, %s returned %s, not %s\n", k, fn,
             tw_err_name(rc), tw_err_name(want));
    snprintf(want_detail, sizeof want_detail, "%s: %s", fn, tw_strerror(want));
    if (strcmp(tw_last_error_detail(m), want_detail) != 0)
      printf("FAIL: refusal %d: detail \"%s\", not \"%s\"\n", k,
             tw_last_error_detail(m), want_detail);
    if (image(after) != n || memcmp(before, after, n) != 0)
      printf("FAIL: refusal %d (%s) changed the manager\n", k, fn);
    fails += rc != want || strcmp(tw_last_error_detail(m), want_detail) != 0 ||
             memcmp(before, after, n) != 0;
  }
  CHECK(x == 0 && y > 0);
  CHECK(tw_manager_validate(m) == 0);
  CHECK(tw_manager_free(m) == 0);
  printf("terse: %d refusals checked, %d failures\n", checked, fails);
  return fails != 0 || checked < 50;
}

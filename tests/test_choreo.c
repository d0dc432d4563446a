/* SPDX-License-Identifier: MIT */
/* Choreography: loop delay, yoyo ease, snapping, labels and stagger.
 *
 * Values at chosen times, exact ends, refusals that change nothing, and
 * re-entrancy from callbacks.  Tweens are linear (or a named ease) with
 * dyadic durations and steps, so expected floats are exact and compared
 * with ==.  Every manager uses the counting allocator and must give back
 * every block when freed. */
#include "util.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define NOW(m, dt)                                                             \
  ck_assert_int_eq(tw_update((m), TW_UPDATE_NORMAL, (dt), (dt)), 0)

static tt_alloc_state al;

static tw_manager *mk(void) { return tt_manager(&al, 0); }

static void done(tw_manager *m) {
  tt_valid(m);
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(al.live_blocks, 0);
  ck_assert_uint_eq(al.live_bytes, 0);
}

/* A linear float tween of x from its value to `to`. */
static tw_handle lin(tw_manager *m, float *x, float to, double d) {
  tw_handle h;

  ck_assert_int_eq(tw_float_to(m, x, to, d, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  return h;
}

/* ------------------------------------------------------------------ */
/* loop delay                                                          */

START_TEST(test_loop_delay_values) {
  tw_manager *m = mk();
  float x = 0;
  double d;
  tw_handle h = lin(m, &x, 1, 1);

  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, h, 0.5), 0);
  ck_assert_int_eq(tw_duration(m, h, 1, &d), 0);
  EQD(d, 4.0); /* 3 loops, 2 waits */
  ck_assert_int_eq(tw_duration(m, h, 0, &d), 0);
  EQD(d, 1.0);
  NOW(m, 0.5);
  EQF(x, 0.5f);
  NOW(m, 0.75); /* 1.25: waiting, holding the loop's end */
  EQF(x, 1.0f);
  ck_assert_int_eq(tw_loops_done(m, h), 0);
  ck_assert_int_eq(tw_position(m, h, &d), 0);
  EQD(d, 1.0);
  NOW(m, 0.5); /* 1.75: the second loop, 0.25 in */
  EQF(x, 0.25f);
  ck_assert_int_eq(tw_loops_done(m, h), 1);
  ck_assert_int_eq(tw_elapsed_percentage(m, h, 1, &d), 0);
  EQD(d, 1.75 / 4.0);
  NOW(m, 1.0); /* 2.75: the second wait */
  EQF(x, 1.0f);
  NOW(m, 1.0); /* 3.75 */
  EQF(x, 0.75f);
  ck_assert(tw_is_active(m, h));
  NOW(m, 0.25); /* 4: the end, exactly, and killed */
  EQF(x, 1.0f);
  ck_assert(!tw_is_active(m, h));
  done(m);
}
END_TEST

START_TEST(test_loop_delay_yoyo) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = lin(m, &x, 1, 1);

  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, h, 1), 0);
  NOW(m, 1.5); /* waiting at the end of the forward half */
  EQF(x, 1.0f);
  NOW(m, 0.75); /* 2.25: back, 0.25 in */
  EQF(x, 0.75f);
  NOW(m, 0.75); /* 3: the start, exactly */
  EQF(x, 0.0f);
  ck_assert(!tw_is_active(m, h));
  done(m);
}
END_TEST

/* One jump over the waits ends where small steps end, and goto lands in a
 * wait. */
START_TEST(test_loop_delay_jump) {
  tw_manager *m = mk(), *m2 = tt_manager(NULL, 0);
  float x = 0, y = 0;
  tw_handle a = lin(m, &x, 1, 1), b = lin(m2, &y, 1, 1);
  int i;

  ck_assert_int_eq(tw_set_loops(m, a, 4, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_set_loops(m2, b, 4, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, a, 0.25), 0);
  ck_assert_int_eq(tw_set_loop_delay(m2, b, 0.25), 0);
  ck_assert_int_eq(tw_set_autokill(m, a, 0), 0);
  for (i = 0; i < 21; i++) /* b: 21 steps of 1/8 */
    NOW(m2, 0.125);
  NOW(m, 21 * 0.125);
  EQF(x, y); /* 2.625: third loop, forwards, 0.125 in */
  EQF(x, 0.125f);
  ck_assert_int_eq(tw_manager_free(m2), 0);
  ck_assert_int_eq(tw_goto(m, a, 2.375, 0), 0); /* the second wait */
  EQF(x, 0.0f);
  ck_assert_int_eq(tw_goto(m, a, 3.625, 0), 0); /* the third wait */
  EQF(x, 1.0f);
  ck_assert_int_eq(tw_goto(m, a, 10, 0), 0); /* past the end: the end */
  EQF(x, 0.0f);
  ck_assert(tw_is_complete(m, a));
  done(m);
}
END_TEST

START_TEST(test_loop_delay_span) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle s, h = lin(m, &x, 1, 1);
  double at, span, d;

  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, h, 0.5), 0);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_seq_append(m, s, h), 0);
  ck_assert_int_eq(tw_seq_child_at(m, h, &at, &span), 0);
  EQD(span, 2.5);
  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  EQD(d, 2.5);
  NOW(m, 1.25);
  EQF(x, 1.0f);
  NOW(m, 0.5); /* 1.75 */
  EQF(x, 0.25f);
  NOW(m, 0.75);
  EQF(x, 1.0f);
  ck_assert(!tw_is_active(m, s));
  /* a sequence's own loops wait too */
  x = 0;
  h = lin(m, &x, 1, 1);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_seq_append(m, s, h), 0);
  ck_assert_int_eq(tw_set_loops(m, s, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, s, 1), 0);
  ck_assert_int_eq(tw_duration(m, s, 1, &d), 0);
  EQD(d, 3.0);
  NOW(m, 1.5);
  EQF(x, 1.0f);
  NOW(m, 1.0); /* 2.5: back, half way */
  EQF(x, 0.5f);
  NOW(m, 0.5);
  EQF(x, 0.0f);
  ck_assert(!tw_is_active(m, s));
  done(m);
}
END_TEST

START_TEST(test_loop_delay_refusals) {
  tw_manager *m = mk();
  float x = 0;
  double d;
  tw_handle h = lin(m, &x, 1, 1), stale;

  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, h, -1), TW_EINVAL);
  ck_assert_int_eq(tw_set_loop_delay(m, h, NAN), TW_EINVAL);
  ck_assert_int_eq(tw_set_loop_delay(m, h, HUGE_VAL), TW_EINVAL);
  ck_assert_int_eq(tw_duration(m, h, 1, &d), 0);
  EQD(d, 2.0); /* unchanged */
  NOW(m, 0.25);
  ck_assert_int_eq(tw_set_loop_delay(m, h, 1), TW_ELOCKED);
  ck_assert_int_eq(tw_duration(m, h, 1, &d), 0);
  EQD(d, 2.0);
  stale = h;
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, stale, 1), TW_ESTALE);
  ck_assert_int_eq(tw_set_loop_delay(NULL, stale, 1), TW_EINVAL);
  done(m);
}
END_TEST

static int hits;

/* STEP_COMPLETE: the loop ends after its wait; the callback jumps into
 * the next wait, which the step respects. */
static void jump_to_wait(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  hits++;
  ck_assert_int_eq(tw_set_loop_delay(m, h, 2), TW_ELOCKED);
  if (hits == 1)
    ck_assert_int_eq(tw_goto(m, h, 2.75, 1), 0);
}

START_TEST(test_loop_delay_reentrancy) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = lin(m, &x, 1, 1);

  hits = 0;
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, h, 0.5), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_STEP_COMPLETE, jump_to_wait, NULL), 0);
  NOW(m, 1.25);
  ck_assert_int_eq(hits, 0); /* still waiting: no loop done */
  NOW(m, 0.25);
  ck_assert_int_eq(hits, 1);
  EQF(x, 1.0f); /* the goto won: in the second wait */
  NOW(m, 0.5);  /* 2.75: the third loop, 0.25 in */
  ck_assert_int_eq(hits, 2);
  EQF(x, 0.25f);
  done(m);
}
END_TEST

/* No allocation in steady state: a recycled record keeps its choreography
 * block. */
START_TEST(test_loop_delay_pool) {
  tw_manager *m = mk();
  float x = 0;
  size_t before;
  tw_handle h = lin(m, &x, 1, 0.25);
  int i;

  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, h, 0.25), 0);
  NOW(m, 1);
  ck_assert(!tw_is_active(m, h));
  before = al.allocs + al.reallocs;
  for (i = 0; i < 4; i++) {
    h = lin(m, &x, 1, 0.25);
    ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_RESTART), 0);
    ck_assert_int_eq(tw_set_snap(m, h, 0.5), 0);
    ck_assert_int_eq(tw_set_loop_delay(m, h, 0.25), 0);
    NOW(m, 1);
    ck_assert(!tw_is_active(m, h));
  }
  ck_assert_uint_eq(al.allocs + al.reallocs, before);
  /* and a recycled record starts with the defaults */
  x = 0;
  h = lin(m, &x, 1, 1);
  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_RESTART), 0);
  NOW(m, 1.25);
  EQF(x, 0.25f);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* yoyo ease                                                           */

START_TEST(test_yoyo_ease_values) {
  tw_manager *m = mk();
  float x = 0, y = 0;
  tw_handle h = lin(m, &x, 1, 1), g = lin(m, &y, 1, 1);

  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_set_loops(m, g, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_set_yoyo_ease(m, h, TW_EASE_IN_QUAD), 0);
  ck_assert_int_eq(tw_set_yoyo_ease(m, g, TW_EASE_OUT_QUAD), 0);
  NOW(m, 0.5);
  EQF(x, 0.5f); /* the forward half keeps the ease */
  NOW(m, 1.0);  /* 1.5: back, 1 - InQuad(0.5) */
  EQF(x, 0.75f);
  EQF(y, 0.25f); /* 1 - OutQuad(0.5) */
  NOW(m, 0.25);
  EQF(x, (float)(1.0 - 0.75 * 0.75));
  NOW(m, 0.25); /* the end: the start, exactly */
  EQF(x, 0.0f);
  EQF(y, 0.0f);
  ck_assert(!tw_is_active(m, h));
  done(m);
}
END_TEST

START_TEST(test_yoyo_ease_ends) {
  tw_manager *m = mk();
  float x = 0.1f;
  tw_handle h;
  int e;

  /* every ease ends the backward half exactly on the start */
  for (e = 0; e < TW_EASE_COUNT; e++) {
    x = 0.1f;
    h = lin(m, &x, 0.7f, 0.3);
    ck_assert_int_eq(tw_set_loops(m, h, 4, TW_LOOP_YOYO), 0);
    ck_assert_int_eq(tw_set_yoyo_ease(m, h, (tw_ease)e), 0);
    NOW(m, 0.45);
    NOW(m, 0.1);
    ck_assert_int_eq(tw_complete(m, h), 0);
    EQF(x, (float)0.1f); /* the cast rounds a constant x87 keeps wider */
  }
  /* -1 goes back to the reversed ease; bad eases change nothing */
  x = 0;
  h = lin(m, &x, 1, 1);
  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_set_yoyo_ease(m, h, TW_EASE_IN_QUAD), 0);
  ck_assert_int_eq(tw_set_yoyo_ease(m, h, (tw_ease)TW_EASE_COUNT), TW_EEASE);
  ck_assert_int_eq(tw_set_yoyo_ease(m, h, (tw_ease)-2), TW_EEASE);
  NOW(m, 1.5);
  EQF(x, 0.75f);
  ck_assert_int_eq(tw_set_yoyo_ease(m, h, (tw_ease)-1), 0);
  ck_assert_int_eq(tw_goto(m, h, 1.75, 1), 0);
  EQF(x, 0.25f);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_set_yoyo_ease(m, h, TW_EASE_LINEAR), TW_ESTALE);
  done(m);
}
END_TEST

static void switch_yoyo(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  hits++;
  ck_assert_int_eq(tw_set_yoyo_ease(m, h, TW_EASE_IN_QUAD), 0);
}

START_TEST(test_yoyo_ease_reentrancy) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = lin(m, &x, 1, 1);

  hits = 0;
  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_STEP_COMPLETE, switch_yoyo, NULL), 0);
  NOW(m, 1.25);
  ck_assert_int_eq(hits, 1);
  EQF(x, 0.75f); /* written before the callback: the reversed ease */
  NOW(m, 0.25);
  EQF(x, 0.75f); /* 1 - InQuad(0.5) */
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* snapping                                                            */

START_TEST(test_snap_values) {
  tw_manager *m = mk();
  float x = 0;
  int n = 0;
  tw_vec2 v = {0, 0}, to = {10, -4};
  tw_handle h = lin(m, &x, 10, 1), g, k;

  ck_assert_int_eq(tw_set_snap(m, h, 1), 0);
  ck_assert_int_eq(tw_int_to(m, &n, 20, 1, &g), 0);
  ck_assert_int_eq(tw_set_ease(m, g, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_snap(m, g, 5), 0);
  ck_assert_int_eq(tw_vec2_to(m, &v, to, 1, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_snap(m, k, 1.5), 0);
  NOW(m, 0.25);
  EQF(x, 3.0f); /* 2.5, half away from zero */
  ck_assert_int_eq(n, 5);
  EQF(v.x, 3.0f);  /* 2.5 */
  EQF(v.y, -1.5f); /* -1 */
  NOW(m, 0.125);
  EQF(x, 4.0f);                              /* 3.75 */
  ck_assert_int_eq(n, 10);                   /* 7.5 */
  EQF(v.x, 4.5f);                            /* 3.75 */
  EQF(v.y, -1.5f);                           /* -1.5 */
  ck_assert_int_eq(tw_set_snap(m, h, 0), 0); /* off */
  NOW(m, 0.125);
  EQF(x, 5.0f);
  NOW(m, 0.125);
  EQF(x, 6.25f);
  NOW(m, 0.375);
  EQF(x, 10.0f);
  ck_assert_int_eq(n, 20);
  EQF(v.x, 10.5f); /* an end that is no multiple is snapped too */
  EQF(v.y, -4.5f);
  done(m);
}
END_TEST

/* Ends that are multiples stay exact, however the step rounds. */
START_TEST(test_snap_exact_ends) {
  tw_manager *m = mk();
  static const double steps[] = {0.1, 0.3, 1.0 / 3, 0.05, 0.7};
  size_t i;

  for (i = 0; i < sizeof steps / sizeof *steps; i++) {
    int j;
    for (j = -7; j <= 7; j++) {
      float x = (float)(steps[i] * 3), end = (float)(steps[i] * j);
      double y = steps[i] * 2, dend = steps[i] * j;
      tw_handle h, g;
      ck_assert_int_eq(tw_float_to(m, &x, end, 0.5, &h), 0);
      ck_assert_int_eq(tw_set_snap(m, h, steps[i]), 0);
      ck_assert_int_eq(tw_double_to(m, &y, dend, 0.5, &g), 0);
      ck_assert_int_eq(tw_set_snap(m, g, steps[i]), 0);
      NOW(m, 0.25);
      ck_assert(fabs(x / steps[i] - floor(x / steps[i] + 0.5)) < 1e-5);
      ck_assert(fabs(y / steps[i] - floor(y / steps[i] + 0.5)) < 1e-9);
      NOW(m, 0.25);
      EQF(x, end);
      EQD(y, dend);
    }
  }
  done(m);
}
END_TEST

static float seen;
static int set_seen(void *ud, const void *v) {
  (void)ud;
  memcpy(&seen, v, sizeof seen);
  return 0;
}
static void get_zero(void *ud, void *out) {
  float z = 0;
  (void)ud;
  memcpy(out, &z, sizeof z);
}

static void reg_lerp(void *out, const void *a, const void *b, double e,
                     void *ud) {
  (void)ud;
  (void)e;
  (void)a;
  memcpy(out, b, 4);
}

START_TEST(test_snap_refusals) {
  tw_manager *m = mk();
  tw_rgba8 rgba = {0, 0, 0, 0}, rgba_end = {9, 9, 9, 9};
  float x = 0;
  int type;
  tw_handle h, s, r;
  char v[4] = {0}, end[4] = {1, 2, 3, 4};

  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, set_seen, get_zero, NULL, &(float){8}, 1, &h),
      0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_snap(m, h, 4), 0);
  ck_assert_int_eq(tw_set_snap(m, h, -1), TW_EINVAL);
  ck_assert_int_eq(tw_set_snap(m, h, NAN), TW_EINVAL);
  ck_assert_int_eq(tw_set_snap(m, h, HUGE_VAL), TW_EINVAL);
  NOW(m, 0.25); /* through the setter, snapped to 4 still */
  EQF(seen, 4.0f);
  ck_assert_int_eq(tw_register_type(m, 4, reg_lerp, NULL, &type), 0);
  ck_assert_int_eq(tw_to(m, type, v, end, 1, &r), 0);
  ck_assert_int_eq(tw_set_snap(m, r, 1), TW_ETYPE);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_set_snap(m, s, 1), TW_ETYPE);
  ck_assert_int_eq(tw_rgba8_to(m, &rgba, rgba_end, 1, &r), 0);
  ck_assert_int_eq(tw_set_snap(m, r, 1), TW_ETYPE);
  h = lin(m, &x, 1, 1);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_set_snap(m, h, 1), TW_ESTALE);
  done(m);
}
END_TEST

static void snap_on(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  hits++;
  ck_assert_int_eq(tw_set_snap(m, h, 4), 0);
}

START_TEST(test_snap_reentrancy) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = lin(m, &x, 16, 1);

  hits = 0;
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, snap_on, NULL), 0);
  NOW(m, 0.125);
  EQF(x, 2.0f); /* written before the callback */
  NOW(m, 0.125);
  EQF(x, 4.0f);
  NOW(m, 0.25);
  EQF(x, 8.0f);
  NOW(m, 0.375);
  EQF(x, 16.0f);
  ck_assert_int_eq(hits, 4);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* stagger                                                             */

/* Where child i of n goes for `from`, from the rule in the header: rings
 * by distance from the middle for the centre and the edges. */
static double expected_place(int i, int n, tw_stagger_from from, double at,
                             double each) {
  double mid = (n - 1) / 2.0, d = fabs(i - mid), dmin = fmod(mid, 1.0),
         dmax = mid;

  switch (from) {
  case TW_STAGGER_START:
    return at + each * i;
  case TW_STAGGER_END:
    return at + each * (n - 1 - i);
  case TW_STAGGER_CENTER:
    return at + each * (d - dmin);
  default:
    return at + each * (dmax - d);
  }
}

START_TEST(test_stagger_positions) {
  static const tw_stagger_from froms[] = {TW_STAGGER_START, TW_STAGGER_END,
                                          TW_STAGGER_CENTER, TW_STAGGER_EDGES};
  tw_manager *m = mk();
  float x[8];
  tw_handle s, c[8];
  double at, span, d, far;
  size_t f;
  int n, i;

  for (f = 0; f < 4; f++) {
    for (n = 1; n <= 8; n++) {
      far = 0;
      ck_assert_int_eq(tw_sequence(m, &s), 0);
      for (i = 0; i < n; i++)
        c[i] = lin(m, &x[i], 1, 1);
      ck_assert_int_eq(
          tw_seq_stagger(m, s, c, (size_t)n, 0.5, 0.25, froms[f], 0), 0);
      for (i = 0; i < n; i++) {
        double want = expected_place(i, n, froms[f], 0.5, 0.25);
        ck_assert_int_eq(tw_seq_child_at(m, c[i], &at, &span), 0);
        ck_assert_msg(at == want, "from %d, n %d, child %d at %g, not %g",
                      (int)froms[f], n, i, at, want);
        EQD(span, 1.0);
        if (at > far)
          far = at;
      }
      ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
      EQD(d, far + 1);
      ck_assert_int_eq(tw_kill(m, s, 0), 0);
    }
  }
  done(m);
}
END_TEST

/* The random places of n children: a permutation of the steps. */
static void random_places(tw_manager *m, int n, uint32_t seed, int *rank) {
  float x[16];
  tw_handle s, c[16];
  int i, used[16] = {0};
  double at;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < n; i++)
    c[i] = lin(m, &x[i], 1, 1);
  ck_assert_int_eq(
      tw_seq_stagger(m, s, c, (size_t)n, 1, 0.5, TW_STAGGER_RANDOM, seed), 0);
  for (i = 0; i < n; i++) {
    ck_assert_int_eq(tw_seq_child_at(m, c[i], &at, NULL), 0);
    rank[i] = (int)((at - 1) / 0.5);
    EQD(at, 1 + 0.5 * rank[i]);
    ck_assert(rank[i] >= 0 && rank[i] < n && !used[rank[i]]);
    used[rank[i]] = 1;
  }
  ck_assert_int_eq(tw_kill(m, s, 0), 0);
}

START_TEST(test_stagger_random) {
  /* the order of seed 12345 for 10 children, on every platform (PCG
   * RXS-M-XS 32 and a Fisher-Yates shuffle from the top, computed apart) */
  static const int golden[10] = {1, 8, 6, 4, 5, 7, 3, 2, 0, 9};
  tw_manager *m = mk(), *m2 = tt_manager(NULL, 0);
  int a[16], b[16], i, differs = 0, moved = 0;
  uint32_t seed;

  random_places(m, 10, 12345, a);
  for (i = 0; i < 10; i++)
    ck_assert_msg(a[i] == golden[i], "child %d: rank %d, not %d", i, a[i],
                  golden[i]);
  for (seed = 0; seed < 8; seed++) {
    random_places(m, 16, seed, a);
    random_places(m2, 16, seed, b); /* another manager, the same order */
    ck_assert(memcmp(a, b, sizeof a) == 0);
    random_places(m2, 16, seed + 1, b);
    differs += memcmp(a, b, sizeof a) != 0;
    for (i = 0; i < 16; i++)
      moved += a[i] != i;
  }
  ck_assert_int_eq(differs, 8);
  ck_assert_int_gt(moved, 8 * 8);
  ck_assert_int_eq(tw_manager_free(m2), 0);
  done(m);
}
END_TEST

START_TEST(test_stagger_values) {
  tw_manager *m = mk();
  float x[3] = {0, 0, 0};
  tw_handle s, c[3];
  int i;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 3; i++)
    c[i] = lin(m, &x[i], 1, 1);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 3, 0, 0.5, TW_STAGGER_END, 0), 0);
  NOW(m, 0.75);
  EQF(x[2], 0.75f);
  EQF(x[1], 0.25f);
  EQF(x[0], 0.0f);
  NOW(m, 1.25); /* 2: the end, exactly */
  EQF(x[0], 1.0f);
  EQF(x[1], 1.0f);
  EQF(x[2], 1.0f);
  ck_assert(!tw_is_active(m, s));
  done(m);
}
END_TEST

START_TEST(test_stagger_refusals) {
  tw_manager *m = mk();
  float x[4] = {0};
  tw_handle s, c[4], dead;
  double d;
  int i;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 4; i++)
    c[i] = lin(m, &x[i], 1, 1);
  dead = lin(m, &x[0], 1, 1);
  ck_assert_int_eq(tw_kill(m, dead, 0), 0);
  ck_assert_int_eq(tw_seq_stagger(m, s, NULL, 2, 0, 1, TW_STAGGER_START, 0),
                   TW_EINVAL);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, -1, 1, TW_STAGGER_START, 0),
                   TW_EINVAL);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, -1, TW_STAGGER_START, 0),
                   TW_EINVAL);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, NAN, TW_STAGGER_START, 0),
                   TW_EINVAL);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, 1, (tw_stagger_from)99, 0),
                   TW_EINVAL);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, 1e300, TW_STAGGER_END, 0),
                   TW_ERANGE);
  ck_assert_int_eq(tw_seq_stagger(m, c[0], c + 1, 2, 0, 1, TW_STAGGER_END, 0),
                   TW_EINVAL); /* not a sequence */
  c[3] = c[1];                 /* twice */
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, 1, TW_STAGGER_START, 0),
                   TW_EINVAL);
  c[3] = dead;
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, 1, TW_STAGGER_START, 0),
                   TW_ESTALE);
  /* nothing changed: no child went in, and the marks are gone */
  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  EQD(d, 0.0);
  for (i = 0; i < 3; i++)
    ck_assert_int_eq(tw_seq_child_at(m, c[i], NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 0, 0, 1, TW_STAGGER_START, 0), 0);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 3, 0, 1, TW_STAGGER_START, 0), 0);
  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  EQD(d, 3.0);
  NOW(m, 0.5);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 3, 0, 1, TW_STAGGER_START, 0),
                   TW_ELOCKED);
  done(m);
}
END_TEST

/* Every allocation of a stagger may fail: then nothing changes. */
START_TEST(test_stagger_nomem) {
  size_t fail;
  int ok = 0;

  for (fail = 1; !ok && fail < 64; fail++) {
    tw_manager *m = mk();
    float x[40];
    tw_handle s, c[40];
    double d;
    int i, rc;

    ck_assert_int_eq(tw_sequence(m, &s), 0);
    for (i = 0; i < 40; i++)
      c[i] = lin(m, &x[i], 1, 1);
    al.fail_at = al.calls + fail;
    rc = tw_seq_stagger(m, s, c, 40, 0, 0.125, TW_STAGGER_EDGES, 0);
    al.fail_at = 0;
    ck_assert(rc == 0 || rc == TW_ENOMEM);
    ok = rc == 0;
    ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
    EQD(d, ok ? 1 + 19 * 0.125 : 0.0);
    for (i = 0; i < 40; i++)
      ck_assert_int_eq(tw_seq_child_at(m, c[i], NULL, NULL),
                       ok ? 0 : TW_EINVAL);
    done(m);
  }
  ck_assert(ok);
  ck_assert_uint_gt(fail, 2); /* at least one failure was seen */
}
END_TEST

static tw_handle victim;
static int order[8], norder;

static void started_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  order[norder++] = *(int *)ud;
  if (norder == 1)
    ck_assert_int_eq(tw_kill(m, victim, 0), TW_ENESTED);
}

/* START callbacks fire in stagger order; a callback's refused kill of a
 * later child changes nothing; building from a callback works. */
START_TEST(test_stagger_reentrancy) {
  static int tags[4] = {0, 1, 2, 3};
  tw_manager *m = mk();
  float x[4] = {0};
  tw_handle s, c[4];
  int i;

  norder = 0;
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 4; i++) {
    c[i] = lin(m, &x[i], 1, 1);
    ck_assert_int_eq(tw_on(m, c[i], TW_ON_START, started_cb, &tags[i]), 0);
  }
  victim = c[3];
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, 0.25, TW_STAGGER_CENTER, 0),
                   0);
  NOW(m, 0.125);
  NOW(m, 0.25);
  NOW(m, 4);
  ck_assert_int_eq(norder, 4);
  ck_assert(order[0] == 1 || order[0] == 2);
  ck_assert(order[1] == 1 || order[1] == 2);
  ck_assert(order[2] == 0 || order[2] == 3);
  EQF(x[3], 1.0f);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* labels                                                              */

START_TEST(test_labels_values) {
  tw_manager *m = mk();
  float x = 0, y = 0;
  tw_handle s, a = lin(m, &x, 1, 2), b = lin(m, &y, 1, 1);
  double at;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "mid", 1), 0);
  ck_assert_int_eq(tw_seq_label_at(m, s, "mid", &at), 0);
  EQD(at, 1.0);
  ck_assert_int_eq(tw_seq_insert_at_label(m, s, "mid", 0.5, b), 0);
  ck_assert_int_eq(tw_seq_child_at(m, b, &at, NULL), 0);
  EQD(at, 1.5);
  ck_assert_int_eq(tw_seq_add_label(m, s, "mid", 0.25), 0); /* moves */
  ck_assert_int_eq(tw_seq_label_at(m, s, "mid", &at), 0);
  EQD(at, 0.25);
  ck_assert_int_eq(tw_seq_add_label(m, s, "late", 2), 0);
  ck_assert_int_eq(tw_goto_label(m, s, "late", 0), 0);
  EQF(x, 1.0f);
  EQF(y, 0.5f);
  ck_assert(!tw_is_playing(m, s));
  ck_assert_int_eq(tw_goto_label(m, s, "mid", 1), 0);
  EQF(x, 0.125f);
  ck_assert(tw_is_playing(m, s));
  NOW(m, 2.25); /* 2.5: the end */
  EQF(x, 1.0f);
  EQF(y, 1.0f);
  ck_assert(!tw_is_active(m, s));
  done(m);
}
END_TEST

START_TEST(test_labels_prepend) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s, a = lin(m, &x, 1, 1), b = lin(m, &y, 1, 2), c = lin(m, &z, 1, 1);
  double at;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "a-end", 1), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "zero", 0), 0);
  ck_assert_int_eq(tw_seq_prepend(m, s, b), 0);
  ck_assert_int_eq(tw_seq_label_at(m, s, "a-end", &at), 0);
  EQD(at, 3.0);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 0.5), 0);
  ck_assert_int_eq(tw_seq_label_at(m, s, "a-end", &at), 0);
  EQD(at, 3.5);
  ck_assert_int_eq(tw_seq_label_at(m, s, "zero", &at), 0);
  EQD(at, 2.5);
  ck_assert_int_eq(tw_seq_append_interval(m, s, 1), 0); /* no move */
  ck_assert_int_eq(tw_seq_label_at(m, s, "a-end", &at), 0);
  EQD(at, 3.5);
  ck_assert_int_eq(tw_seq_insert_at_label(m, s, "a-end", -0.5, c), 0);
  ck_assert_int_eq(tw_seq_child_at(m, c, &at, NULL), 0);
  EQD(at, 3.0);
  done(m);
}
END_TEST

START_TEST(test_labels_refusals) {
  tw_manager *m = mk();
  float x = 0;
  char name[8] = "intro";
  tw_handle s, t = lin(m, &x, 1, 1), c = lin(m, &x, 1, 1);
  double at = -7;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, name, 0.5), 0);
  name[0] = 'o'; /* the label keeps its own copy */
  ck_assert_int_eq(tw_seq_label_at(m, s, "intro", &at), 0);
  EQD(at, 0.5);
  ck_assert_int_eq(tw_seq_label_at(m, s, name, &at), TW_EINVAL);
  ck_assert_int_eq(tw_seq_add_label(m, s, NULL, 1), TW_EINVAL);
  ck_assert_int_eq(tw_seq_add_label(m, s, "", 1), TW_EINVAL);
  ck_assert_int_eq(tw_seq_add_label(m, s, "x", -1), TW_EINVAL);
  ck_assert_int_eq(tw_seq_add_label(m, s, "x", NAN), TW_EINVAL);
  ck_assert_int_eq(tw_seq_add_label(m, s, "intro", HUGE_VAL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_add_label(m, t, "x", 1), TW_EINVAL);
  ck_assert_int_eq(tw_seq_label_at(m, s, "x", &at), TW_EINVAL);
  ck_assert_int_eq(tw_seq_label_at(m, s, "intro", NULL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_label_at(m, s, "intro", &at), 0);
  EQD(at, 0.5); /* unchanged by the refusals */
  ck_assert_int_eq(tw_goto_label(m, s, "nope", 1), TW_EINVAL);
  ck_assert_int_eq(tw_seq_insert_at_label(m, s, "nope", 0, c), TW_EINVAL);
  ck_assert_int_eq(tw_seq_insert_at_label(m, s, "intro", -1, c), TW_EINVAL);
  ck_assert_int_eq(tw_seq_insert_at_label(m, s, "intro", NAN, c), TW_EINVAL);
  ck_assert_int_eq(tw_seq_child_at(m, c, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_kill(m, s, 0), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "x", 1), TW_ESTALE);
  ck_assert_int_eq(tw_goto_label(m, s, "intro", 1), TW_ESTALE);
  done(m);
}
END_TEST

static void back_to_label(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  if (hits++ == 0)
    ck_assert_int_eq(tw_goto_label(m, h, "second", 1), 0);
}

/* A sequence callback jumps to a label of its own timeline. */
START_TEST(test_labels_reentrancy) {
  tw_manager *m = mk();
  float x = 0, y = 0;
  tw_handle s, a = lin(m, &x, 1, 1), b = lin(m, &y, 1, 1);

  hits = 0;
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "second", 1), 0);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, 1.5, back_to_label, NULL), 0);
  NOW(m, 1.75); /* the callback at 1.5 jumps back to 1 */
  ck_assert_int_eq(hits, 1);
  EQF(y, 0.0f);
  EQF(x, 1.0f);
  NOW(m, 0.25);
  EQF(y, 0.25f);
  NOW(m, 1);
  ck_assert_int_eq(hits, 2);
  EQF(y, 1.0f);
  ck_assert(!tw_is_active(m, s));
  done(m);
}
END_TEST

/* Labels keep their buffers in the pool: a second round allocates
 * nothing. */
START_TEST(test_labels_pool) {
  tw_manager *m = mk();
  size_t before = 0;
  int round, i;
  char name[32];

  for (round = 0; round < 3; round++) {
    tw_handle s;
    double at;
    if (round == 1)
      before = al.allocs + al.reallocs;
    ck_assert_int_eq(tw_sequence(m, &s), 0);
    for (i = 0; i < 20; i++) {
      snprintf(name, sizeof name, "label %d", i);
      ck_assert_int_eq(tw_seq_add_label(m, s, name, i), 0);
    }
    ck_assert_int_eq(tw_seq_label_at(m, s, "label 0", &at), 0);
    EQD(at, 0.0);
    ck_assert_int_eq(tw_seq_label_at(m, s, "label 19", &at), 0);
    EQD(at, 19.0);
    ck_assert_int_eq(tw_kill(m, s, 0), 0);
  }
  ck_assert_uint_eq(al.allocs + al.reallocs, before);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* punch and shake                                                     */

/* The punch's offset at fraction e from the header's rule (n segments,
 * waypoints 0 and n the start, peak i alternating, decaying). */
static double punch_at(double amount, double elasticity, int n, double e) {
  double p = e * n, j = floor(p), u = p - j, w = u * (2 - u), a, b;
  double wp[64];
  int i;

  for (i = 0; i <= n; i++) {
    int k = i - 1;
    double amp = amount * (n - k) / n;
    wp[i] = i == 0 || i == n ? 0 : k % 2 == 0 ? amp : -amp * elasticity;
  }
  if (e <= 0 || e >= 1)
    return 0;
  a = wp[(int)j];
  b = wp[(int)j + 1];
  return a + (b - a) * w;
}

START_TEST(test_punch_values) {
  tw_manager *m = mk();
  float x = 2;
  float punch = 1;
  tw_handle h;
  int i;

  /* vibrato 4 over 1 s: 4 segments */
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &punch, 1, 4, 0.5, &h), 0);
  for (i = 1; i < 16; i++) {
    NOW(m, 0.0625);
    EQF(x, (float)(2.0 + punch_at(1, 0.5, 4, i / 16.0)));
  }
  EQF(x, (float)(2.0 + punch_at(1, 0.5, 4, 15 / 16.0)));
  NOW(m, 0.0625);
  EQF(x, 2.0f); /* the end: the start, exactly */
  ck_assert(!tw_is_active(m, h));
  /* the waypoints themselves */
  EQD(punch_at(1, 0.5, 4, 0.25), 1.0);
  EQD(punch_at(1, 0.5, 4, 0.5), -0.375);
  EQD(punch_at(1, 0.5, 4, 0.75), 0.5);
  done(m);
}
END_TEST

START_TEST(test_punch_vectors) {
  tw_manager *m = mk();
  tw_vec3 v = {1, 2, 3}, punch = {0.5f, -1, 0};
  tw_vec2 w = {0.1f, 0.2f}, wp = {3, 3};
  tw_handle h, g;
  double e;

  /* vibrato 10 over 0.5 s: 5 segments; the default elasticity 1 */
  ck_assert_int_eq(tw_punch(m, TW_TYPE_VEC3, &v, &punch, 0.5, 10, 1, &h), 0);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_VEC2, &w, &wp, 0.5, 0, 1, &g), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  NOW(m, 0.1); /* the first peak */
  e = 0.1 / 0.5;
  EQF(v.x, (float)(1 + punch_at(0.5, 1, 5, e)));
  EQF(v.y, (float)(2 + punch_at(-1, 1, 5, e)));
  EQF(v.z, 3.0f);
  EQF(w.x, (float)(0.1f + punch_at(3, 1, 2, e)));
  NOW(m, 0.4);
  EQF(v.x, 1.0f);
  EQF(v.y, 2.0f);
  EQF(v.z, 3.0f);
  EQF(w.x, (float)0.1f);
  EQF(w.y, (float)0.2f);
  /* a jump lands where the steps landed */
  ck_assert_int_eq(tw_goto(m, h, 0.1, 0), 0);
  EQF(v.x, (float)(1 + punch_at(0.5, 1, 5, e)));
  done(m);
}
END_TEST

/* The shake's offsets at the 1/16 points of 2 s. */
static void shake_run(tw_manager *m, uint32_t seed, int fade, double rnd,
                      tw_vec2 *out) {
  tw_vec2 v = {1, -1}, strength = {2, 1};
  tw_handle h;
  int i;

  ck_assert_int_eq(
      tw_shake(m, TW_TYPE_VEC2, &v, &strength, 2, 4, rnd, seed, fade, &h), 0);
  for (i = 0; i < 16; i++) {
    NOW(m, 0.125);
    out[i].x = v.x - 1;
    out[i].y = v.y + 1;
  }
  EQF(v.x, 1.0f); /* the end: the start, exactly */
  EQF(v.y, -1.0f);
  ck_assert(!tw_is_active(m, h));
}

START_TEST(test_shake_seeded) {
  tw_manager *m = mk(), *m2 = tt_manager(NULL, 0);
  tw_vec2 a[16], b[16];
  int i, differ = 0, moved = 0;

  shake_run(m, 7, 1, 90, a);
  shake_run(m2, 7, 1, 90, b);
  ck_assert(memcmp(a, b, sizeof a) == 0);
  shake_run(m2, 8, 1, 90, b);
  for (i = 0; i < 15; i++) {
    differ += a[i].x != b[i].x;
    moved += a[i].x != 0 && a[i].y != 0;
    /* within the strength, and with fade-out within its decay: at the
     * waypoint 8 segments of 2 s x 4 */
    ck_assert(fabs(a[i].x) <= 2.0f && fabs(a[i].y) <= 1.0f);
  }
  ck_assert_int_gt(differ, 10);
  ck_assert_int_gt(moved, 10);
  /* waypoint j (at j/8 of the time) has |offset| <= (8 - (j - 1)) / 8 */
  for (i = 1; i < 15; i += 2) {
    int j = (i + 1) / 2;
    ck_assert(fabs(a[i].x) <= 2.0 * (8 - (j - 1)) / 8 + 1e-6);
  }
  ck_assert_int_eq(tw_manager_free(m2), 0);
  done(m);
}
END_TEST

START_TEST(test_shake_randomness) {
  tw_manager *m = mk();
  tw_vec2 a[16], b[16];
  int i, off_axis = 0;

  /* randomness 0: along the strength (2, 1), signs alternating, full
   * strength without fade-out at every waypoint */
  shake_run(m, 3, 0, 0, a);
  for (i = 1; i < 15; i += 2) {
    int j = (i + 1) / 2;
    EQF(a[i].x, (float)((j % 2 ? 2.0 : -2.0) + 1) - 1);
    EQF(a[i].y, (float)((j % 2 ? 1.0 : -1.0) - 1) + 1);
  }
  /* with fade-out, peak j - 1 keeps (8 - (j - 1)) / 8 of the strength */
  shake_run(m, 3, 1, 0, a);
  for (i = 1; i < 15; i += 2) {
    int j = (i + 1) / 2;
    double f = (8.0 - (j - 1)) / 8.0;
    EQF(a[i].x, (float)((j % 2 ? 2.0 : -2.0) * f + 1) - 1);
    EQF(a[i].y, (float)((j % 2 ? 1.0 : -1.0) * f - 1) + 1);
  }
  /* randomness 180: off the axis */
  shake_run(m, 3, 0, 180, b);
  for (i = 1; i < 15; i += 2)
    off_axis += fabs(b[i].x - 2 * b[i].y) > 1e-3;
  ck_assert_int_gt(off_axis, 3);
  done(m);
}
END_TEST

START_TEST(test_punch_refusals) {
  tw_manager *m = mk();
  float x = 0, p = 1, bad = NAN;
  double d = 0;
  int n = 0;
  tw_handle h = {0, 0};

  ck_assert_int_eq(tw_punch(m, TW_TYPE_INT, &n, &p, 1, 10, 1, &h), TW_ETYPE);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_DOUBLE, &d, &p, 1, 10, 1, &h), TW_ETYPE);
  ck_assert_int_eq(tw_shake(m, TW_TYPE_COLOR, &x, &p, 1, 10, 90, 0, 1, &h),
                   TW_ETYPE);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, NULL, &p, 1, 10, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, NULL, 1, 10, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &bad, 1, 10, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &p, -1, 10, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &p, 1, -1, 1, &h), TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &p, 1, 10, 1.5, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &x, &p, 1, 10, NAN, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_shake(m, TW_TYPE_FLOAT, &x, &p, 1, 10, 181, 0, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_shake(m, TW_TYPE_FLOAT, &x, &p, 1, 10, -1, 0, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_shake(NULL, TW_TYPE_FLOAT, &x, &p, 1, 10, 9, 0, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0); /* nothing created */
  ck_assert(TW_HANDLE_IS_NONE(h));
  NOW(m, 1);
  EQF(x, 0.0f);
  done(m);
}
END_TEST

static void replay(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  if (hits++ == 0)
    ck_assert_int_eq(tw_restart(m, h, 1, -1), 0);
}

/* A COMPLETE callback restarts a shake: it replays the same values. */
START_TEST(test_shake_reentrancy) {
  tw_manager *m = mk();
  float x = 5, s = 1, first[8];
  tw_handle h;
  int i;

  hits = 0;
  ck_assert_int_eq(tw_shake(m, TW_TYPE_FLOAT, &x, &s, 1, 8, 90, 42, 1, &h), 0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, replay, NULL), 0);
  for (i = 0; i < 8; i++) {
    NOW(m, 0.125);
    first[i] = x;
  }
  ck_assert_int_eq(hits, 1);
  EQF(x, 5.0f); /* restarted at its start */
  for (i = 0; i < 8; i++) {
    NOW(m, 0.125);
    EQF(x, first[i]);
  }
  ck_assert_int_eq(hits, 2);
  ck_assert(!tw_is_active(m, h));
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* additive                                                            */

/* An additive "move by" tween of x. */
static tw_handle by(tw_manager *m, float *x, float amount, double d) {
  tw_handle h = lin(m, x, amount, d);

  ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
  ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
  return h;
}

/* Alone on its value, with steps of every size: the changes it adds sum to
 * end - start exactly, and it ends exactly on its end. */
START_TEST(test_additive_sum) {
  static const double dts[] = {0.013, 0.2, 0.0071, 0.31, 0.05, 0.6};
  tw_manager *m = mk();
  float x = 0.37f, prev;
  double sum = 0;
  tw_handle h = lin(m, &x, 12.71f, 1);
  size_t i = 0;

  ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_IN_OUT_SINE), 0);
  while (tw_is_active(m, h)) {
    prev = x;
    NOW(m, dts[i % 6]);
    i++;
    sum += (double)x - prev;
  }
  {
    /* through variables: x87 may keep float constants wider */
    volatile float end = 12.71f, start = 0.37f;
    EQD(sum, (double)end - (double)start);
  }
  EQF(x, (float)12.71f);
  done(m);
}
END_TEST

/* Additive tweens combine with each other and with the program's writes,
 * in creation order. */
START_TEST(test_additive_combine) {
  tw_manager *m = mk();
  float x = 1;
  tw_handle base = lin(m, &x, 11, 1), a, b;
  int i;

  ck_assert_int_eq(tw_set_additive(m, base, 1), 0); /* moves by 10 */
  a = by(m, &x, 4, 0.5);
  b = by(m, &x, -2, 2);
  for (i = 1; i <= 32; i++) {
    double t = i / 16.0;
    NOW(m, 0.0625);
    EQF(x, (float)(1 + 10 * fmin(t, 1) + 4 * fmin(t / 0.5, 1) -
                   2 * fmin(t / 2, 1) + (i > 8 ? 100 : 0)));
    if (i == 8)
      x += 100; /* the program's own write */
  }
  ck_assert(!tw_is_active(m, a) && !tw_is_active(m, b));
  EQF(x, 113.0f);
  done(m);
}
END_TEST

START_TEST(test_additive_moves) {
  tw_manager *m = mk();
  float x = 0;
  int n = 10;
  tw_vec2 v = {1, 1}, to = {2, -2};
  tw_handle h = by(m, &x, 8, 1), g, k;

  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  ck_assert_int_eq(tw_int_to(m, &n, 5, 1, &g), 0);
  ck_assert_int_eq(tw_set_ease(m, g, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_relative(m, g, 1), 0);
  ck_assert_int_eq(tw_set_additive(m, g, 1), 0);
  ck_assert_int_eq(tw_vec2_to(m, &v, to, 1, &k), 0);
  ck_assert_int_eq(tw_set_ease(m, k, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_relative(m, k, 1), 0);
  ck_assert_int_eq(tw_set_additive(m, k, 1), 0);
  NOW(m, 0.5);
  EQF(x, 4.0f);
  ck_assert_int_eq(n, 13); /* 12.5, rounded half up */
  EQF(v.x, 2.0f);
  EQF(v.y, 0.0f);
  x += 1;
  ck_assert_int_eq(tw_goto(m, h, 0.25, 0), 0); /* adds -2 */
  EQF(x, 3.0f);
  ck_assert_int_eq(tw_rewind(m, h, 0), 0); /* adds -2 more */
  EQF(x, 1.0f);
  NOW(m, 1);
  ck_assert_int_eq(tw_play(m, h), 0);
  NOW(m, 1);
  EQF(x, 9.0f);
  ck_assert_int_eq(n, 15);
  EQF(v.x, 3.0f);
  EQF(v.y, -1.0f);
  done(m);
}
END_TEST

START_TEST(test_additive_refusals) {
  tw_manager *m = mk();
  tw_rgba8 rgba = {0, 0, 0, 0}, rgba_end = {9, 9, 9, 9};
  float x = 0;
  int type;
  char v[4] = {0}, end[4] = {1, 2, 3, 4};
  tw_handle h, s, r, f;

  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, set_seen, get_zero, NULL, &(float){8}, 1, &f),
      0);
  ck_assert_int_eq(tw_set_additive(m, f, 1), TW_EINVAL);
  ck_assert_int_eq(tw_register_type(m, 4, reg_lerp, NULL, &type), 0);
  ck_assert_int_eq(tw_to(m, type, v, end, 1, &r), 0);
  ck_assert_int_eq(tw_set_additive(m, r, 1), TW_ETYPE);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_set_additive(m, s, 1), TW_ETYPE);
  ck_assert_int_eq(tw_rgba8_to(m, &rgba, rgba_end, 1, &r), 0);
  ck_assert_int_eq(tw_set_additive(m, r, 1), TW_ETYPE);
  h = lin(m, &x, 1, 1);
  NOW(m, 0.5);
  EQF(x, 0.5f);
  ck_assert_int_eq(tw_set_additive(m, h, 1), TW_ELOCKED);
  NOW(m, 0.25);
  EQF(x, 0.75f); /* still writing its value */
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_set_additive(m, h, 1), TW_ESTALE);
  done(m);
}
END_TEST

static float *shared;

static void nudge_and_stop(tw_manager *m, tw_handle h, void *ud) {
  (void)ud;
  *shared += 1; /* the program's write, from the callback */
  if (++hits == 2)
    ck_assert_int_eq(tw_kill(m, h, 0), 0);
}

START_TEST(test_additive_reentrancy) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = by(m, &x, 4, 1), g = by(m, &x, 2, 1);

  hits = 0;
  shared = &x;
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, nudge_and_stop, NULL), 0);
  NOW(m, 0.25); /* h +1, nudge +1, g +0.5 */
  EQF(x, 2.5f);
  NOW(m, 0.25); /* h +1, nudge +1 and killed, g +0.5 */
  EQF(x, 5.0f);
  ck_assert(!tw_is_active(m, h));
  NOW(m, 0.5); /* g alone: +1 */
  EQF(x, 6.0f);
  ck_assert(!tw_is_active(m, g));
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* paths                                                               */

START_TEST(test_path_linear_values) {
  tw_manager *m = mk();
  tw_vec2 pts[3] = {{0, 0}, {3, 0}, {3, 1}}, v = {9, 9};
  tw_vec2 w = {9, 9};
  tw_handle h, g;

  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 3, TW_PATH_LINEAR, 1, &h),
                   0);
  ck_assert_int_eq(
      tw_path(m, TW_TYPE_VEC2, &w, pts, 3,
              (tw_path_kind)(TW_PATH_LINEAR | TW_PATH_CONSTANT_SPEED), 1, &g),
      0);
  pts[1].x = 100; /* the points were copied */
  NOW(m, 0.25);   /* each segment half the time */
  EQF(v.x, 1.5f);
  EQF(v.y, 0.0f);
  EQF(w.x, 1.0f); /* constant speed: a quarter of the length 4 */
  EQF(w.y, 0.0f);
  NOW(m, 0.625);
  EQF(v.x, 3.0f);
  EQF(v.y, 0.75f);
  EQF(w.x, 3.0f);
  EQF(w.y, 0.5f);
  NOW(m, 0.125); /* the end, exactly */
  EQF(v.x, 3.0f);
  EQF(v.y, 1.0f);
  EQF(w.x, 3.0f);
  EQF(w.y, 1.0f);
  ck_assert(!tw_is_active(m, h) && !tw_is_active(m, g));
  done(m);
}
END_TEST

START_TEST(test_path_closed) {
  tw_manager *m = mk();
  tw_vec2 sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}, v = {5, 5}, c = {5, 5};
  tw_handle h, g;
  int i;

  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, sq, 4,
                           (tw_path_kind)(TW_PATH_LINEAR | TW_PATH_CLOSED), 1,
                           &h),
                   0);
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &c, sq, 4,
                           (tw_path_kind)(TW_PATH_CATMULL_ROM | TW_PATH_CLOSED),
                           1, &g),
                   0);
  for (i = 1; i <= 8; i++) {
    NOW(m, 0.125);
    if (i == 7) {
      EQF(v.x, 0.0f);
      EQF(v.y, 0.5f);
    }
    if (i % 2 == 0 && i < 8) { /* Catmull-Rom passes through the points */
      ck_assert(fabs(c.x - sq[i / 2].x) < 1e-6 &&
                fabs(c.y - sq[i / 2].y) < 1e-6);
    }
    if (i % 2 == 1) /* and bulges out between them */
      ck_assert(c.x < -1e-3 || c.x > 1 + 1e-3 || c.y < -1e-3 || c.y > 1 + 1e-3);
  }
  EQF(v.x, 0.0f); /* back on the first point, exactly */
  EQF(v.y, 0.0f);
  EQF(c.x, 0.0f);
  EQF(c.y, 0.0f);
  done(m);
}
END_TEST

/* Centripetal Catmull-Rom: between two close points after a sharp turn,
 * the curve stays near its chord (the uniform spline overshoots there). */
START_TEST(test_path_centripetal) {
  tw_manager *m = mk();
  tw_vec2 pts[4] = {{0, 0}, {1, 1}, {1.1f, 1}, {2, 0}}, v;
  tw_handle h;
  double top = 0;
  int i;

  ck_assert_int_eq(
      tw_path(m, TW_TYPE_VEC2, &v, pts, 4, TW_PATH_CATMULL_ROM, 3, &h), 0);
  NOW(m, 1);
  for (i = 0; i < 64; i++) { /* the middle segment */
    float x = v.x;
    NOW(m, 1.0 / 64);
    ck_assert(v.x >= x);
    if (v.y > top)
      top = v.y;
  }
  ck_assert_msg(top < 1.02, "top %g", top);
  ck_assert(fabs(v.x - 1.1f) < 1e-6 && fabs(v.y - 1) < 1e-6);
  done(m);
}
END_TEST

/* The largest gap, over n steps, between the length travelled (a fine
 * polyline) and the fraction of the whole, as a fraction of the whole. */
static double speed_error(const tw_vec3 *pts, size_t n, tw_path_kind kind) {
  tw_manager *m = tt_manager(NULL, 0);
  static double at[2049];
  tw_vec3 v = {0, 0, 0}, prev;
  tw_handle h;
  double worst = 0;
  int i, steps = 2048;

  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC3, &v, pts, n, kind, 1, &h), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  NOW(m, 0);
  prev = v;
  at[0] = 0;
  for (i = 1; i <= steps; i++) {
    NOW(m, 1.0 / steps);
    at[i] = at[i - 1] + sqrt((v.x - prev.x) * (double)(v.x - prev.x) +
                             (v.y - prev.y) * (double)(v.y - prev.y) +
                             (v.z - prev.z) * (double)(v.z - prev.z));
    prev = v;
  }
  for (i = 0; i <= steps; i++) {
    double gap = fabs(at[i] - at[steps] * i / steps) / at[steps];
    if (gap > worst)
      worst = gap;
  }
  ck_assert_int_eq(tw_manager_free(m), 0);
  return worst;
}

START_TEST(test_path_arc_length) {
  /* a Bezier whose parameter crawls at its start and races at its end */
  static const tw_vec3 bez[7] = {{0, 0, 0}, {0, 0, 0},  {0.1f, 0.1f, 0},
                                 {4, 0, 1}, {6, -2, 1}, {8, 3, 0},
                                 {10, 0, 0}};
  static const tw_vec3 zig[6] = {{0, 0, 0}, {1, 3, 0}, {2, 0, 1},
                                 {6, 3, 1}, {7, 0, 0}, {7.5f, 0.5f, 0}};
  double e;

  e = speed_error(bez, 7,
                  (tw_path_kind)(TW_PATH_BEZIER | TW_PATH_CONSTANT_SPEED));
  ck_assert_msg(e <= 1e-3, "Bezier: %g", e);
  e = speed_error(zig, 6,
                  (tw_path_kind)(TW_PATH_CATMULL_ROM | TW_PATH_CONSTANT_SPEED));
  ck_assert_msg(e <= 1e-3, "Catmull-Rom: %g", e);
  e = speed_error(zig, 6,
                  (tw_path_kind)(TW_PATH_CATMULL_ROM | TW_PATH_CLOSED |
                                 TW_PATH_CONSTANT_SPEED));
  ck_assert_msg(e <= 1e-3, "closed Catmull-Rom: %g", e);
  /* without constant speed, the same paths are far off: the test sees it */
  ck_assert(speed_error(bez, 7, TW_PATH_BEZIER) > 1e-2);
  ck_assert(speed_error(zig, 6, TW_PATH_CATMULL_ROM) > 1e-2);
}
END_TEST

START_TEST(test_path_tangent) {
  tw_manager *m = mk();
  tw_vec2 pts[3] = {{0, 0}, {2, 0}, {2, 2}}, v, tan;
  tw_vec2 ring[6], c;
  tw_handle h, g;
  float x = 0;
  int i;

  for (i = 0; i < 6; i++) {
    ring[i].x = (float)cos(i * 3.14159265358979 / 3);
    ring[i].y = (float)sin(i * 3.14159265358979 / 3);
  }
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 3, TW_PATH_LINEAR, 1, &h),
                   0);
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &c, ring, 6,
                           (tw_path_kind)(TW_PATH_CATMULL_ROM | TW_PATH_CLOSED),
                           1, &g),
                   0);
  NOW(m, 0.25);
  ck_assert_int_eq(tw_path_tangent(m, h, &tan), 0);
  EQF(tan.x, 1.0f);
  EQF(tan.y, 0.0f);
  for (i = 0; i < 4; i++) { /* on the ring: across the radius, turning left */
    double dot, cross;
    ck_assert_int_eq(tw_path_tangent(m, g, &tan), 0);
    dot = c.x * tan.x + c.y * tan.y;
    cross = c.x * tan.y - c.y * tan.x;
    ck_assert_msg(fabs(dot) < 0.1 && cross > 0.9, "dot %g cross %g", dot,
                  cross);
    ck_assert(fabs(tan.x * tan.x + tan.y * tan.y - 1) < 1e-5);
    NOW(m, 0.1);
  }
  ck_assert_int_eq(tw_path_tangent(m, h, &tan), 0);
  EQF(tan.x, 0.0f);
  EQF(tan.y, 1.0f);
  h = lin(m, &x, 1, 1);
  ck_assert_int_eq(tw_path_tangent(m, h, &tan), TW_EINVAL);
  ck_assert_int_eq(tw_path_tangent(m, g, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_kill(m, g, 0), 0);
  ck_assert_int_eq(tw_path_tangent(m, g, &tan), TW_ESTALE);
  done(m);
}
END_TEST

START_TEST(test_path_refusals) {
  tw_manager *m = mk();
  tw_vec2 pts[5] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 2}}, v = {7, 7};
  tw_vec3 p3[2] = {{0, 0, 0}, {1, 1, 1}}, w;
  float x = 0;
  tw_handle h = {0, 0};

  ck_assert_int_eq(tw_path(m, TW_TYPE_FLOAT, &x, pts, 2, TW_PATH_LINEAR, 1, &h),
                   TW_ETYPE);
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 1, TW_PATH_LINEAR, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 5, TW_PATH_BEZIER, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 4,
                           (tw_path_kind)(TW_PATH_BEZIER | TW_PATH_CLOSED), 1,
                           &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 2, (tw_path_kind)3, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(
      tw_path(m, TW_TYPE_VEC2, &v, pts, 2, (tw_path_kind)64, 1, &h), TW_EINVAL);
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, NULL, 2, TW_PATH_LINEAR, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(
      tw_path(m, TW_TYPE_VEC2, NULL, pts, 2, TW_PATH_LINEAR, 1, &h), TW_EINVAL);
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 2, TW_PATH_LINEAR, -1, &h),
                   TW_EINVAL);
  pts[1].y = NAN;
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 2, TW_PATH_LINEAR, 1, &h),
                   TW_EINVAL);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  ck_assert(TW_HANDLE_IS_NONE(h));
  NOW(m, 1);
  EQF(v.x, 7.0f);
  /* a Bezier of 4 points open, 3 closed; vec3 */
  pts[1].y = 0;
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 4, TW_PATH_BEZIER, 1, &h),
                   0);
  ck_assert_int_eq(tw_path(m, TW_TYPE_VEC2, &v, pts, 3,
                           (tw_path_kind)(TW_PATH_BEZIER | TW_PATH_CLOSED), 1,
                           &h),
                   0);
  ck_assert_int_eq(
      tw_path(m, TW_TYPE_VEC3, &w, p3, 2, TW_PATH_CATMULL_ROM, 0.5, &h), 0);
  NOW(m, 1);
  EQF(w.x, 1.0f);
  EQF(w.z, 1.0f);
  done(m);
}
END_TEST

/* Every allocation of a path may fail: then nothing is created. */
START_TEST(test_path_nomem) {
  tw_vec2 pts[7] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 2}, {2, 2}, {3, 3}};
  size_t fail;
  int ok = 0;

  for (fail = 1; !ok && fail < 32; fail++) {
    tw_manager *m = mk();
    tw_vec2 v = {4, 4};
    tw_handle h;
    int rc;

    al.fail_at = al.calls + fail;
    rc =
        tw_path(m, TW_TYPE_VEC2, &v, pts, 7,
                (tw_path_kind)(TW_PATH_BEZIER | TW_PATH_CONSTANT_SPEED), 1, &h);
    al.fail_at = 0;
    ck_assert(rc == 0 || rc == TW_ENOMEM);
    ok = rc == 0;
    ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), ok);
    NOW(m, 2);
    EQF(v.x, ok ? 3.0f : 4.0f);
    done(m);
  }
  ck_assert(ok);
  ck_assert_uint_gt(fail, 2);
}
END_TEST

static void path_replay(tw_manager *m, tw_handle h, void *ud) {
  tw_vec2 tan;
  (void)ud;
  ck_assert_int_eq(tw_path_tangent(m, h, &tan), 0);
  if (hits++ == 0)
    ck_assert_int_eq(tw_restart(m, h, 0, -1), 0);
}

/* A COMPLETE callback reads the tangent and restarts the path, which
 * replays; the buffers stay with the record in the pool. */
START_TEST(test_path_reentrancy) {
  tw_manager *m = mk();
  tw_vec2 pts[4] = {{0, 0}, {1, 2}, {3, 2}, {4, 0}}, v, first[4];
  tw_handle h;
  size_t before;
  int i;

  hits = 0;
  ck_assert_int_eq(
      tw_path(m, TW_TYPE_VEC2, &v, pts, 4,
              (tw_path_kind)(TW_PATH_CATMULL_ROM | TW_PATH_CONSTANT_SPEED), 1,
              &h),
      0);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, path_replay, NULL), 0);
  for (i = 0; i < 4; i++) {
    NOW(m, 0.25);
    first[i] = v;
  }
  ck_assert_int_eq(hits, 1);
  EQF(v.x, 0.0f); /* restarted on its first point */
  for (i = 0; i < 3; i++) {
    NOW(m, 0.25);
    EQF(v.x, first[i].x);
    EQF(v.y, first[i].y);
  }
  NOW(m, 0.25); /* the end, exactly, this time */
  EQF(v.x, 4.0f);
  EQF(v.y, 0.0f);
  ck_assert_int_eq(hits, 2);
  ck_assert(!tw_is_active(m, h));
  before = al.allocs + al.reallocs;
  ck_assert_int_eq(
      tw_path(m, TW_TYPE_VEC2, &v, pts, 4,
              (tw_path_kind)(TW_PATH_CATMULL_ROM | TW_PATH_CONSTANT_SPEED), 1,
              &h),
      0);
  ck_assert_uint_eq(al.allocs + al.reallocs, before);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */

/* A growth hook that kills everything (tt_kill_all_hook), called by the
 * growth that a punch's, a shake's or a path's creation causes: the
 * creation returns 0 with a stale handle, as tw_to does, and nothing is
 * touched after. */
START_TEST(test_killed_by_hook) {
  static const float pts[4] = {0, 0, 1, 1};
  tw_config c;
  tw_manager *m;
  float f[8] = {0, 0, 0, 0, 0, 0, 0, 0}, one = 1;
  tw_vec2 v[2];
  tw_handle h;
  int kind;

  for (kind = 0; kind < 3; kind++) {
    tw_config_init(&c);
    c.tweens = 1;
    c.warn = tt_kill_all_hook;
    ck_assert_int_eq(tw_manager_new(&c, &m), 0);
    ck_assert_int_eq(tw_float_to(m, &f[0], 1.0f, 1.0, &h), 0);
    if (kind == 0)
      ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &f[1], &one, 1, 10, 1, &h),
                       0);
    else if (kind == 1)
      ck_assert_int_eq(
          tw_shake(m, TW_TYPE_FLOAT, &f[1], &one, 1, 10, 90, 7, 1, &h), 0);
    else
      ck_assert_int_eq(
          tw_path(m, TW_TYPE_VEC2, &v[0], pts, 2, TW_PATH_LINEAR, 1.0, &h), 0);
    ck_assert_int_eq(tw_is_active(m, h), 0); /* the growth's hook killed it */
    tt_valid(m);
    tw_manager_free(m);
  }
}
END_TEST

/* Finite and accepted means handled: a punch past the largest float, and a
 * Catmull-Rom path through a repeated point far out, write finite values
 * all the way. */
START_TEST(test_huge_finite) {
  tw_manager *m = mk();
  float f = 3e38f, amount = 3e38f;
  tw_vec3 v, p[5] = {{0, 0, 0},
                     {1, 0, 0},
                     {1, 1, 1e9f},
                     {1e9f, 1e9f, 1e9f},
                     {1e9f, 1e9f, 1e9f}};
  tw_handle h, g;
  int i, kind;

  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &f, &amount, 1.0, 10, 1, &h), 0);
  for (kind = 0; kind < 3; kind++) {
    static const int kinds[3] = {TW_PATH_CATMULL_ROM,
                                 TW_PATH_CATMULL_ROM | TW_PATH_CLOSED,
                                 TW_PATH_CATMULL_ROM | TW_PATH_CONSTANT_SPEED};
    ck_assert_int_eq(
        tw_path(m, TW_TYPE_VEC3, &v, p, 5, (tw_path_kind)kinds[kind], 1.0, &g),
        0);
    ck_assert_int_eq(tw_set_autokill(m, g, 0), 0);
    for (i = 0; i <= 64; i++) {
      tw_vec3 d;
      ck_assert_int_eq(tw_goto(m, g, i / 64.0, 0), 0);
      ck_assert_msg(v.x - v.x == 0 && v.y - v.y == 0 && v.z - v.z == 0,
                    "kind %d, at %d/64: %g %g %g", kind, i, v.x, v.y, v.z);
      ck_assert_int_eq(tw_path_tangent(m, g, &d), 0);
      ck_assert_msg(d.x - d.x == 0 && d.y - d.y == 0 && d.z - d.z == 0,
                    "tangent, kind %d, at %d/64", kind, i);
    }
    ck_assert_int_eq(tw_kill(m, g, 0), 0);
  }
  for (i = 0; i < 64; i++) {
    NOW(m, 1.0 / 60.0);
    ck_assert_msg(f - f == 0, "punch, frame %d: %g", i, f);
  }
  EQF(f, amount); /* it ended on its start */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* An additive tween whose changes carry its target past the largest value
 * of its type writes that largest value, not an infinity. */
START_TEST(test_additive_saturates) {
  tw_manager *m = mk();
  float f = 3e38f, big = FLT_MAX;
  double d = DBL_MAX;
  tw_handle h;
  int i;

  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, &f, &(float){0.0f},
                              &(float){3e38f}, 1.0, &h),
                   0);
  ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
  ck_assert_int_eq(tw_from_to(m, TW_TYPE_DOUBLE, &d, &(double){0.0},
                              &(double){DBL_MAX}, 1.0, &h),
                   0);
  ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
  f = 3e38f; /* from_to wrote the start */
  d = DBL_MAX;
  for (i = 0; i < 8; i++) {
    NOW(m, 0.25);
    ck_assert_msg(f - f == 0 && d - d == 0, "step %d: %g %g", i, f, d);
  }
  EQF(f, big);
  ck_assert(d == DBL_MAX);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* A snap step whose multiples pass the largest float: the values that no
 * float multiple is near are written as they are, never as infinities. */
START_TEST(test_snap_huge_step) {
  tw_manager *m = mk();
  float f = 0;
  tw_handle h;
  int i;

  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, &f, &(float){0.0f},
                              &(float){3e38f}, 1.0, &h),
                   0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_snap(m, h, 4e38), 0);
  for (i = 0; i < 4; i++) {
    NOW(m, 0.25);
    ck_assert_msg(f - f == 0, "step %d: %g", i, f);
    if (i == 0)
      EQF(f, 0.0f); /* 7.5e37: the multiple 0 */
  }
  EQF(f, (float)3e38f); /* the end: as given */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

static Suite *choreo_suite(void) {
  Suite *s = suite_create("choreo");
  TCase *tc;

#define ADD(name)                                                              \
  tc = tcase_create(#name);                                                    \
  tcase_set_timeout(tc, 10);                                                   \
  tcase_add_test(tc, test_##name);                                             \
  suite_add_tcase(s, tc);
  ADD(loop_delay_values)
  ADD(loop_delay_yoyo)
  ADD(loop_delay_jump)
  ADD(loop_delay_span)
  ADD(loop_delay_refusals)
  ADD(loop_delay_reentrancy)
  ADD(loop_delay_pool)
  ADD(yoyo_ease_values)
  ADD(yoyo_ease_ends)
  ADD(yoyo_ease_reentrancy)
  ADD(snap_values)
  ADD(snap_exact_ends)
  ADD(snap_refusals)
  ADD(snap_reentrancy)
  ADD(stagger_positions)
  ADD(stagger_random)
  ADD(stagger_values)
  ADD(stagger_refusals)
  ADD(stagger_nomem)
  ADD(stagger_reentrancy)
  ADD(labels_values)
  ADD(labels_prepend)
  ADD(labels_refusals)
  ADD(labels_reentrancy)
  ADD(labels_pool)
  ADD(punch_values)
  ADD(punch_vectors)
  ADD(punch_refusals)
  ADD(shake_seeded)
  ADD(shake_randomness)
  ADD(shake_reentrancy)
  ADD(additive_sum)
  ADD(additive_combine)
  ADD(additive_moves)
  ADD(additive_refusals)
  ADD(additive_reentrancy)
  ADD(path_linear_values)
  ADD(path_closed)
  ADD(path_centripetal)
  ADD(path_arc_length)
  ADD(path_tangent)
  ADD(path_refusals)
  ADD(path_nomem)
  ADD(path_reentrancy)
  ADD(killed_by_hook)
  ADD(huge_finite)
  ADD(additive_saturates)
  ADD(snap_huge_step)
#undef ADD
  return s;
}

int main(void) { return tt_run(choreo_suite()); }

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
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  ck_assert_int_eq(tw_set_snap(m, r, 1), TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_set_snap(m, s, 1), TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_rgba8_to(m, &rgba, rgba_end, 1, &r), 0);
  ck_assert_int_eq(tw_set_snap(m, r, 1), TW_EUNSUPPORTED);
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

/* GSAP 3's utils.distribute() for stagger times, as GSAP computes them
 * (its source, gsap-core.js), without its final rounding to 1e-7: a line
 * wraps at GSAP's 1e8; the origin is a ratio of the extent (start, end,
 * centre, edges, random) or a child; the edges negate the total and run
 * the inverted ease from base |total|; a spread of 0 is 0.  The one
 * deviation libtween documents is kept here: with every child as far
 * from the origin, every offset is 0 (GSAP: the whole total for the
 * edges). */
#define GSAP_BIG 1e8
typedef struct gsap_case {
  int n, from, index, cols, axis;
  double each, amount;
  tw_ease ease;
} gsap_case;

static double gsap_ease(tw_ease ease, int inverted, double p) {
  if (ease == TW_EASE_LINEAR)
    return p;
  return inverted ? 1.0 - tw_ease_eval(ease, 1.0 - p, 1.70158, 0)
                  : tw_ease_eval(ease, p, 1.70158, 0);
}

static void gsap_distribute(const gsap_case *c, double *out) {
  double wrap = c->cols > 0 ? c->cols : GSAP_BIG, l = c->n, ratio, ox, oy,
         d[256], max = 0, min = GSAP_BIG, v, b;
  int j, ratios = c->from != TW_STAGGER_INDEX;

  ratio = c->from == TW_STAGGER_END      ? 1
          : c->from == TW_STAGGER_CENTER ? 0.5
          : c->from == TW_STAGGER_EDGES  ? 0.5
                                         : 0;
  ox = ratios ? (wrap < l ? wrap : l) * ratio - 0.5 : fmod(c->index, wrap);
  oy = wrap == GSAP_BIG ? 0
       : ratios         ? l * ratio / wrap - 0.5
                        : floor(c->index / wrap);
  for (j = 0; j < c->n; j++) {
    double x = fmod(j, wrap) - ox, y = oy - floor(j / wrap);
    d[j] = c->axis == TW_AXIS_BOTH ? sqrt(x * x + y * y)
           : c->axis == TW_AXIS_Y  ? fabs(y)
                                   : fabs(x);
    max = d[j] > max ? d[j] : max;
    min = d[j] < min ? d[j] : min;
  }
  v = c->amount > 0 ? c->amount
                    : c->each * (wrap > l ? l - 1
                                 : c->axis == TW_AXIS_BOTH
                                     ? (wrap > l / wrap ? wrap : l / wrap)
                                 : c->axis == TW_AXIS_Y ? l / wrap
                                                        : wrap);
  if (c->from == TW_STAGGER_EDGES)
    v = -v;
  b = v < 0 ? -v : 0;
  for (j = 0; j < c->n; j++)
    out[j] = max - min > 0
                 ? b + gsap_ease(c->ease, v < 0, (d[j] - min) / (max - min)) * v
                 : 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* tw_stagger_offsets against GSAP's for one case, to 1e-12 of the total
 * (a random order: as a set, the distances shuffled); fails the test at
 * the first difference (Check's assertions are too slow for a loop of
 * this size). */
static void check_case(const gsap_case *c) {
  double want[256], got[256], tol;
  tw_stagger st;
  int i;

  tw_stagger_init(&st);
  st.each = c->each;
  st.amount = c->amount;
  st.from = (tw_stagger_from)c->from;
  st.index = (size_t)c->index;
  st.cols = (size_t)c->cols;
  st.axis = (tw_stagger_axis)c->axis;
  st.ease = c->ease;
  gsap_distribute(c, want);
  if (tw_stagger_offsets(&st, (size_t)c->n, got) != 0)
    ck_abort_msg("n %d from %d: refused", c->n, c->from);
  if (c->from == TW_STAGGER_RANDOM) {
    qsort(want, (size_t)c->n, sizeof *want, cmp_double);
    qsort(got, (size_t)c->n, sizeof *got, cmp_double);
  }
  tol = 1e-12 * (1 + (c->amount > 0 ? c->amount : c->each * c->n));
  for (i = 0; i < c->n; i++)
    if (!(fabs(got[i] - want[i]) <= tol))
      ck_abort_msg("n %d from %d index %d cols %d axis %d each %g amount %g "
                   "ease %d: child %d at %.17g, GSAP %.17g",
                   c->n, c->from, c->index, c->cols, c->axis, c->each,
                   c->amount, (int)c->ease, i, got[i], want[i]);
}

/* The figures, and a grid's, worked by hand from GSAP's rule. */
START_TEST(test_stagger_gsap_figures) {
  static const struct {
    int n, from, cols;
    double want[5];
  } fig[] = {
      {5, TW_STAGGER_CENTER, 0, {0.4, 0.2, 0, 0.2, 0.4}},
      {4, TW_STAGGER_CENTER, 0, {0.3, 0, 0, 0.3}},
      {5, TW_STAGGER_EDGES, 0, {0, 0.2, 0.4, 0.2, 0}},
      {4, TW_STAGGER_EDGES, 0, {0, 0.3, 0.3, 0}},
      {3, TW_STAGGER_END, 0, {0.2, 0.1, 0}},
      {2, TW_STAGGER_EDGES, 0, {0, 0}}, /* GSAP: 0.1 0.1 (see tween.h) */
      {2, TW_STAGGER_CENTER, 0, {0, 0}},
      {1, TW_STAGGER_EDGES, 0, {0}},
      {4, TW_STAGGER_CENTER, 2, {0, 0, 0, 0}}, /* 2 x 2: all alike */
  };
  /* 2 x 2 from the start: distances from (-0.5, -0.5), total 0.1 x 2 */
  double r2 = (sqrt(2.5) - sqrt(0.5)) / (sqrt(4.5) - sqrt(0.5)) * 0.2;
  double grid[4] = {0, r2, r2, 0.2}, out[5];
  tw_stagger st;
  size_t f;
  int i;

  for (f = 0; f < sizeof fig / sizeof fig[0]; f++) {
    tw_stagger_init(&st);
    st.each = 0.1;
    st.from = (tw_stagger_from)fig[f].from;
    st.cols = (size_t)fig[f].cols;
    ck_assert_int_eq(tw_stagger_offsets(&st, (size_t)fig[f].n, out), 0);
    for (i = 0; i < fig[f].n; i++)
      ck_assert_msg(fabs(out[i] - fig[f].want[i]) < 1e-15,
                    "figure %d child %d: %.17g, not %g", (int)f, i, out[i],
                    fig[f].want[i]);
  }
  tw_stagger_init(&st);
  st.each = 0.1;
  st.cols = 2;
  ck_assert_int_eq(tw_stagger_offsets(&st, 4, out), 0);
  for (i = 0; i < 4; i++)
    ck_assert(fabs(out[i] - grid[i]) < 1e-15);
  st.from = TW_STAGGER_INDEX; /* from child 0 itself: 0 1 1 sqrt 2 */
  ck_assert_int_eq(tw_stagger_offsets(&st, 4, out), 0);
  ck_assert(fabs(out[1] - 0.2 / sqrt(2.0)) < 1e-15);
  ck_assert(fabs(out[3] - 0.2) < 1e-15 && out[0] == 0);
}
END_TEST

/* Every n from 1 to 64, every from (and several indices), on a line and in
 * grids of many widths (a full row, and a row longer than n), along every
 * axis. */
START_TEST(test_stagger_distribution) {
  gsap_case c;
  int n, f, cols;

  for (n = 1; n <= 64; n++)
    for (f = 0; f < 8; f++) {
      c.n = n;
      c.from = f < 5 ? f : TW_STAGGER_INDEX;
      /* indices: the second, the middle, the last */
      c.index = f == 5 ? 1 % n : f == 6 ? n / 2 : n - 1;
      c.each = 0.1;
      c.amount = 0;
      c.ease = TW_EASE_LINEAR;
      for (cols = 0; cols <= 6; cols++) {
        c.cols = cols <= 3 ? cols : cols == 4 ? 5 : cols == 5 ? n : n + 1;
        for (c.axis = 0; c.axis < 3; c.axis++)
          if (cols > 0 || c.axis != TW_AXIS_X) /* a line's x is its d */
            check_case(&c);
      }
    }
}
END_TEST

/* The same with an ease over the distribution, by each and by amount. */
START_TEST(test_stagger_distribution_eased) {
  static const tw_ease eases[] = {TW_EASE_IN_QUAD,     TW_EASE_OUT_CUBIC,
                                  TW_EASE_IN_OUT_SINE, TW_EASE_IN_CIRC,
                                  TW_EASE_OUT_BACK,    TW_EASE_OUT_BOUNCE,
                                  TW_EASE_IN_EXPO,     TW_EASE_OUT_ELASTIC};
  gsap_case c;
  int n, f, e;

  for (n = 1; n <= 64; n++)
    for (f = 0; f < 6; f++)
      for (e = 0; e < 5; e++) {
        c.n = n;
        c.from = f < 5 ? f : TW_STAGGER_INDEX;
        c.index = n / 3;
        c.cols = (n + e) % 2 ? 0 : 3;
        c.axis = TW_AXIS_BOTH;
        c.ease = eases[e];
        c.each = 0.1;
        c.amount = 0;
        check_case(&c);
        c.amount = 1.3;
        check_case(&c);
      }
}
END_TEST

/* A sequence places child i at at + its offset, and runs it from there. */
START_TEST(test_stagger_places) {
  static const tw_stagger_from froms[] = {TW_STAGGER_START,  TW_STAGGER_END,
                                          TW_STAGGER_CENTER, TW_STAGGER_EDGES,
                                          TW_STAGGER_RANDOM, TW_STAGGER_INDEX};
  tw_manager *m = mk();
  float x[12];
  tw_handle s, c[12];
  double off[12], at, span, d, far;
  tw_stagger st;
  size_t f;
  int n, i, cols;

  for (f = 0; f < 6; f++)
    for (cols = 0; cols <= 4; cols += 4)
      for (n = 1; n <= 12; n++) {
        tw_stagger_init(&st);
        st.each = 0.25;
        st.from = froms[f];
        st.index = (size_t)n / 3;
        st.seed = 77;
        st.cols = (size_t)cols;
        st.ease = n % 2 ? TW_EASE_LINEAR : TW_EASE_IN_OUT_QUAD;
        ck_assert_int_eq(tw_stagger_offsets(&st, (size_t)n, off), 0);
        ck_assert_int_eq(tw_sequence(m, &s), 0);
        for (i = 0; i < n; i++)
          c[i] = lin(m, &x[i], 1, 1);
        ck_assert_int_eq(tw_seq_stagger_with(m, s, c, (size_t)n, 0.5, &st), 0);
        far = 0;
        for (i = 0; i < n; i++) {
          volatile double want = 0.5 + off[i]; /* rounded to double */
          ck_assert_int_eq(tw_seq_child_at(m, c[i], &at, &span), 0);
          EQD(at, want);
          EQD(span, 1.0);
          far = at > far ? at : far;
        }
        ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
        EQD(d, far + 1);
        ck_assert_int_eq(tw_kill(m, s, 0), 0);
      }
  /* tw_seq_stagger is tw_seq_stagger_with on the defaults */
  for (f = 0; f < 5; f++) {
    tw_stagger_init(&st);
    st.each = 0.125;
    st.from = froms[f];
    st.seed = 9;
    ck_assert_int_eq(tw_stagger_offsets(&st, 7, off), 0);
    ck_assert_int_eq(tw_sequence(m, &s), 0);
    for (i = 0; i < 7; i++)
      c[i] = lin(m, &x[i], 1, 1);
    ck_assert_int_eq(tw_seq_stagger(m, s, c, 7, 2, 0.125, froms[f], 9), 0);
    for (i = 0; i < 7; i++) {
      volatile double want = 2 + off[i];
      ck_assert_int_eq(tw_seq_child_at(m, c[i], &at, NULL), 0);
      EQD(at, want);
    }
    ck_assert_int_eq(tw_kill(m, s, 0), 0);
  }
  done(m);
}
END_TEST

/* The random order: a permutation of the steps, the same for a seed on
 * every platform and manager, another for another seed. */
static void random_ranks(int n, uint32_t seed, int *rank) {
  double off[16];
  tw_stagger st;
  int i, used[16] = {0};

  tw_stagger_init(&st);
  st.each = 0.5;
  st.from = TW_STAGGER_RANDOM;
  st.seed = seed;
  ck_assert_int_eq(tw_stagger_offsets(&st, (size_t)n, off), 0);
  for (i = 0; i < n; i++) {
    rank[i] = (int)floor(off[i] / 0.5 + 0.5);
    ck_assert(fabs(off[i] - 0.5 * rank[i]) < 1e-12);
    ck_assert(rank[i] >= 0 && rank[i] < n && !used[rank[i]]);
    used[rank[i]] = 1;
  }
}

START_TEST(test_stagger_random) {
  /* the order of seed 12345 for 10 children, on every platform (PCG
   * RXS-M-XS 32 and a Fisher-Yates shuffle from the top, computed apart) */
  static const int golden[10] = {1, 8, 6, 4, 5, 7, 3, 2, 0, 9};
  int a[16], b[16], i, differs = 0, moved = 0;
  uint32_t seed;

  random_ranks(10, 12345, a);
  for (i = 0; i < 10; i++)
    ck_assert_msg(a[i] == golden[i], "child %d: rank %d, not %d", i, a[i],
                  golden[i]);
  for (seed = 0; seed < 8; seed++) {
    random_ranks(16, seed, a);
    random_ranks(16, seed, b);
    ck_assert(memcmp(a, b, sizeof a) == 0);
    random_ranks(16, seed + 1, b);
    differs += memcmp(a, b, sizeof a) != 0;
    for (i = 0; i < 16; i++)
      moved += a[i] != i;
  }
  ck_assert_int_eq(differs, 8);
  ck_assert_int_gt(moved, 8 * 8);
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

/* Each refusal changes nothing: no child goes in, no mark stays. */
#define refused(m, s, c, n, at, st, code)                                      \
  refused_at(__LINE__, m, s, c, n, at, st, code)
static void refused_at(int line, tw_manager *m, tw_handle s, const tw_handle *c,
                       size_t n, double at, const tw_stagger *st, int code) {
  int rc = tw_seq_stagger_with(m, s, c, n, at, st);
  double d;
  size_t i;

  ck_assert_msg(rc == code, "line %d: %d, not %d", line, rc, code);
  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  ck_assert_msg(d == 0, "line %d: duration %g", line, d);
  for (i = 0; c != NULL && i < n; i++)
    ck_assert_int_ne(tw_seq_child_at(m, c[i], NULL, NULL), 0);
}

START_TEST(test_stagger_refusals) {
  tw_manager *m = mk();
  float x[4] = {0};
  tw_handle s, c[4], dead, twice[4];
  tw_stagger st, bad;
  double d, out[4];
  int i;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 4; i++)
    c[i] = lin(m, &x[i], 1, 1);
  dead = lin(m, &x[0], 1, 1);
  ck_assert_int_eq(tw_kill(m, dead, 0), 0);
  tw_stagger_init(&st);
  st.each = 1;
  refused(m, s, NULL, 2, 0, &st, TW_EINVAL);
  refused(m, s, c, 4, 0, NULL, TW_EINVAL);
  refused(m, s, c, 4, -1, &st, TW_EINVAL);
  refused(m, s, c, 4, NAN, &st, TW_EINVAL);
  refused(m, s, c, 4, INFINITY, &st, TW_EINVAL);
  /* each bad field of st, in tw_stagger_offsets too */
  for (i = 0; i < 14; i++) {
    bad = st;
    switch (i) {
    case 0:
      bad.each = -1;
      break;
    case 1:
      bad.each = NAN;
      break;
    case 2:
      bad.each = INFINITY;
      break;
    case 3:
      bad.amount = -0.5;
      break;
    case 4:
      bad.amount = NAN;
      break;
    case 5:
      bad.amount = INFINITY;
      break;
    case 6:
      bad.from = (tw_stagger_from)99;
      break;
    case 7:
      bad.from = TW_STAGGER_INDEX;
      bad.index = 4;
      break;
    case 8:
      bad.axis = (tw_stagger_axis)3;
      break;
    case 9:
      bad.ease = TW_EASE_COUNT;
      break;
    case 10:
      bad.rows = 2;
      break; /* rows without cols */
    case 11:
      bad.rows = 1;
      bad.cols = 3;
      break; /* 1 x 3 < 4 */
    case 12:
      bad.ease = (tw_ease)-1;
      break;
    default:
      bad.from = (tw_stagger_from)-1;
      break;
    }
    refused(m, s, c, 4, 0, &bad, TW_EINVAL);
    ck_assert_int_eq(tw_stagger_offsets(&bad, 4, out), TW_EINVAL);
  }
  ck_assert_int_eq(tw_stagger_offsets(NULL, 4, out), TW_EINVAL);
  ck_assert_int_eq(tw_stagger_offsets(&st, 4, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_stagger_offsets(&st, 0, NULL), 0);
  /* the old call takes the named froms only */
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, 1, TW_STAGGER_INDEX, 0),
                   TW_EINVAL);
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, 1, (tw_stagger_from)99, 0),
                   TW_EINVAL);
  /* offsets past any time, places past the longest timeline, or before 0 */
  bad = st;
  bad.each = 1e308;
  refused(m, s, c, 4, 0, &bad, TW_ERANGE);
  ck_assert_int_eq(tw_stagger_offsets(&bad, 4, out), TW_ERANGE);
  bad.each = 1e307;
  refused(m, s, c, 4, 1.7e308, &bad, TW_ERANGE);
  bad.each = 1e300; /* DBL_MAX + 1 is DBL_MAX, + 3e300 is not finite */
  refused(m, s, c, 4, DBL_MAX, &bad, TW_ERANGE);
  bad = st;
  bad.ease = TW_EASE_IN_BACK; /* dips below 0: before at */
  refused(m, s, c, 4, 0, &bad, TW_ERANGE);
  ck_assert_int_eq(tw_stagger_offsets(&bad, 4, out), 0);
  ck_assert(out[1] < 0 && out[3] == 3);
  ck_assert_int_eq(tw_seq_stagger_with(m, c[0], c + 1, 2, 0, &st),
                   TW_EINVAL); /* not a sequence */
  memcpy(twice, c, sizeof twice);
  twice[3] = twice[1];
  refused(m, s, twice, 4, 0, &st, TW_EINVAL);
  twice[3] = dead;
  refused(m, s, twice, 4, 0, &st, TW_ESTALE);
  ck_assert_int_eq(tw_seq_stagger_with(m, s, c, 0, 0, &st), 0);
  ck_assert_int_eq(tw_seq_stagger_with(m, s, NULL, 0, 0, &st), 0);
  /* accepted now: */
  ck_assert_int_eq(tw_seq_stagger_with(m, s, c, 1, 0, &bad), 0); /* one */
  ck_assert_int_eq(tw_seq_stagger_with(m, s, c + 1, 3, 0, &st), 0);
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
    tw_stagger st;
    double d;
    int i, rc;

    ck_assert_int_eq(tw_sequence(m, &s), 0);
    for (i = 0; i < 40; i++)
      c[i] = lin(m, &x[i], 1, 1);
    tw_stagger_init(&st);
    st.each = 0.125;
    st.from = TW_STAGGER_EDGES;
    st.cols = 8;
    st.ease = TW_EASE_IN_QUAD;
    al.fail_at = al.calls + fail;
    rc = tw_seq_stagger_with(m, s, c, 40, 0, &st);
    al.fail_at = 0;
    ck_assert(rc == 0 || rc == TW_ENOMEM);
    ok = rc == 0;
    ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
    /* the edges: the centre's cells last, after the whole 0.125 x 8 */
    EQD(d, ok ? 1 + 8 * 0.125 : 0.0);
    for (i = 0; i < 40; i++)
      ck_assert_int_eq(tw_seq_child_at(m, c[i], NULL, NULL),
                       ok ? 0 : TW_EINVAL);
    done(m);
  }
  ck_assert(ok);
  ck_assert_uint_gt(fail, 2); /* at least one failure was seen */
}
END_TEST

/* No allocation in the steady state: a program that builds a staggered
 * sequence again and again (every `from`, on a line and in grids) takes
 * no memory once the first rounds have warmed the manager up. */
START_TEST(test_stagger_steady_no_alloc) {
  tw_manager *m = mk();
  float x[40];
  int round, from, grid, i;
  size_t calls = 0;

  for (round = 0; round < 3; round++) {
    if (round == 2)
      calls = al.calls;
    for (from = TW_STAGGER_START; from <= TW_STAGGER_INDEX; from++)
      for (grid = 0; grid < 3; grid++) {
        tw_handle s, c[40];
        tw_stagger st;
        int n = 40 - 7 * grid; /* and sizes that differ */
        ck_assert_int_eq(tw_sequence(m, &s), 0);
        for (i = 0; i < n; i++)
          c[i] = lin(m, &x[i], 1, 1);
        tw_stagger_init(&st);
        st.each = 0.125;
        st.from = (tw_stagger_from)from;
        st.index = 3;
        st.seed = 7;
        st.cols = grid == 0 ? 0 : grid == 1 ? 8 : 5;
        st.axis = grid == 2 ? TW_AXIS_Y : TW_AXIS_BOTH;
        if (grid == 0 && from != TW_STAGGER_INDEX) /* the short form */
          ck_assert_int_eq(tw_seq_stagger(m, s, c, (size_t)n, 0, 0.125,
                                          (tw_stagger_from)from, 7),
                           0);
        else
          ck_assert_int_eq(tw_seq_stagger_with(m, s, c, (size_t)n, 0, &st), 0);
        ck_assert_int_eq(tw_kill(m, s, 0), 0);
      }
  }
  ck_assert_msg(al.calls == calls, "%lu allocations in a warm round",
                (unsigned long)(al.calls - calls));
  done(m);
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
  /* GSAP's centre of 4: 0.75 0 0 0.75 */
  ck_assert_int_eq(tw_seq_stagger(m, s, c, 4, 0, 0.25, TW_STAGGER_CENTER, 0),
                   0);
  NOW(m, 0.125);
  ck_assert_int_eq(norder, 2);
  NOW(m, 0.5);
  ck_assert_int_eq(norder, 2);
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

/* x within an ulp of y, y rounded to a double first: sums of huge
 * times may round twice on x87, and its constants are wider. */
#define NEAR_ULP(x, y)                                                         \
  do {                                                                         \
    volatile double want_ = (y);                                               \
    ck_assert_msg(fabs((x)-want_) <= 2.3e-16 * fabs(want_),                    \
                  "%s == %.17g, expected %.17g", #x, (double)(x), want_);      \
  } while (0)

/* One rule for every time a sequence call takes (insert, callbacks,
 * stagger's at, each and amount, labels, label offsets, intervals): any
 * finite time >= 0 (-0 is 0), and TW_ERANGE only past the longest
 * timeline (DBL_MAX seconds), a prepend's move of a label included; no
 * cap below that, and no inf or NaN written anywhere after it. */
static void no_op(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  ++*(int *)ud;
}

START_TEST(test_times_huge) {
  tw_manager *m = mk();
  float x[4] = {0, 0, 0, 0};
  tw_handle s, c[4], late, spare;
  tw_stagger st;
  double at, d;
  int i, calls = 0;

  /* durations in proportion: a second is nothing at 1e300 */
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 4; i++)
    c[i] = lin(m, &x[i], 1, 1e299);
  late = lin(m, &x[3], 2, 5e306);
  spare = lin(m, &x[3], 3, 1);
  /* the former caps at 1e300 */
  ck_assert_int_eq(tw_seq_insert(m, s, 1.0000001e300, c[0]), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "far", 1e301), 0);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, 1e305, no_op, &calls), 0);
  tw_stagger_init(&st);
  st.each = 1e306;
  ck_assert_int_eq(tw_seq_stagger_with(m, s, c + 1, 2, 1e307, &st), 0);
  ck_assert_int_eq(tw_seq_child_at(m, c[2], &at, NULL), 0);
  NEAR_ULP(at, 1e307 + 1e306);
  ck_assert_int_eq(tw_seq_insert_at_label(m, s, "far", 1e301, c[3]), 0);
  ck_assert_int_eq(tw_seq_child_at(m, c[3], &at, NULL), 0);
  NEAR_ULP(at, 2e301);
  ck_assert_int_eq(tw_seq_insert(m, s, 1.7e308, late), 0);
  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  NEAR_ULP(d, 1.7e308 + 5e306);
  /* past the longest timeline: TW_ERANGE, nothing changed */
  ck_assert_int_eq(tw_seq_append_interval(m, s, 1e308), TW_ERANGE);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 1e308), TW_ERANGE);
  ck_assert_int_eq(tw_seq_add_label(m, s, "top", DBL_MAX), 0);
  ck_assert_int_eq(tw_seq_insert_at_label(m, s, "top", DBL_MAX, spare),
                   TW_ERANGE);
  ck_assert_int_eq(tw_seq_child_at(m, spare, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_label_at(m, s, "far", &at), 0);
  NEAR_ULP(at, 1e301);
  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  NEAR_ULP(d, 1.7e308 + 5e306);
  /* driven: every value finite, the callback once, the ends exact */
  ck_assert_int_eq(tw_goto_label(m, s, "far", 1), 0);
  for (i = 0; i < 4; i++)
    ck_assert(x[i] - x[i] == 0);
  EQF(x[0], 1.0f);
  for (i = 0; i < 8 && tw_is_active(m, s); i++)
    NOW(m, 1e308);
  ck_assert(!tw_is_active(m, s));
  ck_assert_int_eq(calls, 1);
  for (i = 0; i < 3; i++)
    EQF(x[i], 1.0f);
  EQF(x[3], 2.0f);
  done(m);
}
END_TEST

/* A prepend moves every label, and refuses to move one past DBL_MAX; a
 * label moved past 1e300 is still a place to go to. */
START_TEST(test_times_prepend_labels) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s, a = lin(m, &x, 1, 1e300), b, c;
  double at, d;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "late", 1e300), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "top", 1e308), 0);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 1e300), 0);
  ck_assert_int_eq(tw_seq_label_at(m, s, "late", &at), 0);
  NEAR_ULP(at, 2e300);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 1e308), TW_ERANGE);
  b = lin(m, &y, 1, 1);
  ck_assert_int_eq(tw_set_delay(m, b, 1e308), 0);
  ck_assert_int_eq(tw_seq_prepend(m, s, b), TW_ERANGE); /* top: 2e308 */
  ck_assert_int_eq(tw_seq_child_at(m, b, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_label_at(m, s, "top", &at), 0);
  NEAR_ULP(at, 1e308 + 1e300);
  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  NEAR_ULP(d, 2e300);
  /* a label past the end may be inserted at, and the timeline grows */
  c = lin(m, &z, 1, 1e300);
  ck_assert_int_eq(tw_seq_insert_at_label(m, s, "top", -1e308, c), 0);
  ck_assert_int_eq(tw_seq_child_at(m, c, &at, NULL), 0);
  NEAR_ULP(at, 1e308 + 1e300 - 1e308);
  /* to a label past 1e300: the timeline's time there */
  ck_assert_int_eq(tw_set_autokill(m, s, 0), 0);
  ck_assert_int_eq(tw_goto_label(m, s, "late", 0), 0);
  EQF(x, 1.0f);
  EQF(z, 1.0f);
  ck_assert_int_eq(tw_elapsed(m, s, &d), 0);
  NEAR_ULP(d, 2e300);
  ck_assert_int_eq(tw_goto_label(m, s, "top", 0), 0); /* past the end */
  ck_assert_int_eq(tw_kill(m, s, 0), 0);
  done(m);
}
END_TEST

/* -0 is 0 in every time a sequence call takes. */
START_TEST(test_times_negative_zero) {
  tw_manager *m = mk();
  float x[4] = {0};
  tw_handle s, c[4];
  tw_stagger st;
  double at;
  int i;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 4; i++)
    c[i] = lin(m, &x[i], 1, 1);
  ck_assert_int_eq(tw_seq_insert(m, s, -0.0, c[0]), 0);
  ck_assert_int_eq(tw_seq_child_at(m, c[0], &at, NULL), 0);
  ck_assert(at == 0 && !signbit(at));
  ck_assert_int_eq(tw_seq_add_label(m, s, "z", -0.0), 0);
  ck_assert_int_eq(tw_seq_label_at(m, s, "z", &at), 0);
  ck_assert(at == 0 && !signbit(at));
  ck_assert_int_eq(tw_seq_insert_at_label(m, s, "z", -0.0, c[1]), 0);
  ck_assert_int_eq(tw_seq_child_at(m, c[1], &at, NULL), 0);
  ck_assert(at == 0 && !signbit(at));
  tw_stagger_init(&st);
  st.each = -0.0;
  st.amount = -0.0;
  ck_assert_int_eq(tw_seq_stagger_with(m, s, c + 2, 2, -0.0, &st), 0);
  for (i = 2; i < 4; i++) {
    ck_assert_int_eq(tw_seq_child_at(m, c[i], &at, NULL), 0);
    ck_assert(at == 0 && !signbit(at));
  }
  ck_assert_int_eq(tw_seq_append_interval(m, s, -0.0), 0);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, -0.0), 0);
  ck_assert_int_eq(tw_goto(m, s, -0.0, 1), 0);
  NOW(m, 1);
  for (i = 0; i < 4; i++)
    EQF(x[i], 1.0f);
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

  ck_assert_int_eq(tw_punch(m, TW_TYPE_INT, &n, &p, 1, 10, 1, &h),
                   TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_punch(m, TW_TYPE_DOUBLE, &d, &p, 1, 10, 1, &h),
                   TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_shake(m, TW_TYPE_COLOR, &x, &p, 1, 10, 90, 0, 1, &h),
                   TW_EUNSUPPORTED);
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
  ck_assert_int_eq(tw_set_additive(m, r, 1), TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_set_additive(m, s, 1), TW_EUNSUPPORTED);
  ck_assert_int_eq(tw_rgba8_to(m, &rgba, rgba_end, 1, &r), 0);
  ck_assert_int_eq(tw_set_additive(m, r, 1), TW_EUNSUPPORTED);
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

/* The tangent over every kind, open and closed, at constant speed or not,
 * on point sets that stand still (all equal, repeated points, two points)
 * and one that does not, sampled densely with the edge moments 0 and 1:
 *  - a unit vector where the path moves, zeros inside a segment that
 *    stands still (its points all equal: two for linear and Catmull-Rom,
 *    four for Bezier; constant speed never waits there);
 *  - never against the motion: of two neighbouring samples, one at least
 *    points along the chord between them (a corner turns between), and
 *    where both agree, both point along it. */
/* all equal; repeated points; two points (Bezier: each twice); none */
static const tw_vec2 still_sets[4][7] = {
    {{2, 3}, {2, 3}, {2, 3}, {2, 3}, {2, 3}, {2, 3}, {2, 3}},
    {{0, 0}, {1, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 0}, {3, 1}},
    {{1, 2}, {1, 2}, {3, 5}, {3, 5}, {3, 5}, {3, 5}, {3, 5}},
    {{0, 0}, {3, 1}, {5, 4}, {2, 6}, {-1, 3}, {0, 1}, {1, 0}}};

static int same_pt(tw_vec2 a, tw_vec2 b) { return a.x == b.x && a.y == b.y; }

/* Whether segment k of the path stands still (the header's rule). */
static int seg_still(const tw_vec2 *p, size_t n, int kind, int closed,
                     size_t k) {
  size_t i, last = kind == TW_PATH_BEZIER ? 3 : 1;

  (void)closed;
  for (i = 1; i <= last; i++)
    if (!same_pt(p[(kind == TW_PATH_BEZIER ? 3 * k : k) % n],
                 p[((kind == TW_PATH_BEZIER ? 3 * k : k) + i) % n]))
      return 0;
  return 1;
}

#define TAN_SAMPLES 600

START_TEST(test_path_tangent_still) {
  static const int kinds[3] = {TW_PATH_LINEAR, TW_PATH_CATMULL_ROM,
                               TW_PATH_BEZIER};
  tw_manager *m = mk();
  int kk, closed, cs, set, bad = 0;
  char why[200] = "";

  for (kk = 0; kk < 3; kk++)
    for (closed = 0; closed < 2; closed++)
      for (cs = 0; cs < 2; cs++)
        for (set = 0; set < 4; set++) {
          int kind = kinds[kk], flags = kind | (closed ? TW_PATH_CLOSED : 0) |
                                        (cs ? TW_PATH_CONSTANT_SPEED : 0);
          size_t n = kind == TW_PATH_BEZIER ? (closed ? 6 : 7)
                     : set == 2             ? 2
                                            : 7;
          size_t nseg = kind == TW_PATH_BEZIER ? (closed ? n / 3 : (n - 1) / 3)
                        : closed               ? n
                                               : n - 1;
          static const tw_vec2 two[2] = {{1, 2}, {3, 5}};
          const tw_vec2 *pts =
              set == 2 && kind != TW_PATH_BEZIER ? two : still_sets[set];
          tw_vec2 v, pos[TAN_SAMPLES + 1], tan[TAN_SAMPLES + 1];
          tw_handle h;
          int i;

          ck_assert_int_eq(
              tw_path(m, TW_TYPE_VEC2, &v, pts, n, (tw_path_kind)flags, 1, &h),
              0);
          ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
          for (i = 0; i <= TAN_SAMPLES; i++) {
            double e = (double)i / TAN_SAMPLES, len;
            double g = e * (double)nseg;
            size_t k = i == TAN_SAMPLES ? nseg - 1 : (size_t)g;
            int inside = g - floor(g) > 1e-9 || i == 0 || i == TAN_SAMPLES;
            /* no Check assertion in the loop: each costs a message */
            if (tw_goto(m, h, e, 0) != 0 || tw_path_tangent(m, h, &tan[i]) != 0)
              ck_abort_msg("refused at %d", i);
            pos[i] = v;
            len =
                sqrt((double)tan[i].x * tan[i].x + (double)tan[i].y * tan[i].y);
            if (!(len == 0 || fabs(len - 1) < 1e-6)) {
              snprintf(why, sizeof why, "length %g", len);
            } else if (!cs && inside &&
                       (len == 0) != seg_still(pts, n, kind, closed, k)) {
              snprintf(why, sizeof why, "length %g in segment %u", len,
                       (unsigned)k);
            } else if (cs && (len == 0) != (set == 0)) {
              snprintf(why, sizeof why, "length %g at constant speed", len);
            } else {
              continue;
            }
            bad++;
            break;
          }
          for (i = 0; !bad && i < TAN_SAMPLES; i++) {
            double cx = (double)pos[i + 1].x - pos[i].x,
                   cy = (double)pos[i + 1].y - pos[i].y,
                   cl = sqrt(cx * cx + cy * cy), a, b;
            if (cl < 1e-5) /* too short to tell a float's way */
              continue;
            a = (tan[i].x * cx + tan[i].y * cy) / cl;
            b = (tan[i + 1].x * cx + tan[i + 1].y * cy) / cl;
            if (a < 0 && b < 0) {
              snprintf(why, sizeof why, "backwards at %d: %g %g", i, a, b);
              bad++;
            } else if (tan[i].x * tan[i + 1].x + tan[i].y * tan[i + 1].y >
                           0.999 &&
                       (a < 0.95 || b < 0.95)) {
              snprintf(why, sizeof why, "off the chord at %d: %g %g", i, a, b);
              bad++;
            }
          }
          ck_assert_msg(!bad, "kind %d closed %d constant %d set %d: %s", kind,
                        closed, cs, set, why);
          ck_assert_int_eq(tw_kill(m, h, 0), 0);
        }
  done(m);
}
END_TEST

/* A punch, a shake or a path has no end value of its own to set: the
 * calls about it are refused, changing nothing; a path's start is its
 * first point, and a punch's or a shake's start (what it vibrates
 * around) may change. */
START_TEST(test_shaped_values_refused) {
  static const float pts[6] = {0, 0, 4, 0, 4, 4};
  int kind, call;

  for (kind = 0; kind < 3; kind++)
    for (call = 0; call < 7; call++) {
      tw_manager *m = mk();
      tw_vec2 v = {1.5f, 0}, other = {9, 9};
      float five = 5, *fx = &v.x;
      tw_handle h;
      int rc, i, want;

      if (kind == 0)
        ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, fx, &five, 1, 10, 1, &h),
                         0);
      else if (kind == 1)
        ck_assert_int_eq(
            tw_shake(m, TW_TYPE_FLOAT, fx, &five, 1, 10, 90, 3, 1, &h), 0);
      else
        ck_assert_int_eq(
            tw_path(m, TW_TYPE_VEC2, &v, pts, 3, TW_PATH_LINEAR, 1, &h), 0);
      switch (call) {
      case 0:
        rc = tw_set_from(m, h, &other);
        break;
      case 1:
        rc = tw_set_from(m, h, NULL);
        break;
      case 2:
        rc = tw_set_relative(m, h, 1);
        break;
      case 3:
        rc = tw_set_speed_based(m, h, 1);
        break;
      case 4:
        rc = tw_change_end(m, h, &other, 0);
        break;
      case 5:
        rc = tw_change_values(m, h, &other, &other);
        break;
      default:
        rc = tw_change_start(m, h, &other);
        break;
      }
      want = call == 6 && kind < 2 ? 0 : TW_EINVAL;
      ck_assert_msg(rc == want, "kind %d call %d: %d", kind, call, rc);
      for (i = 0; i < 8 && tw_is_active(m, h); i++)
        NOW(m, 0.25);
      ck_assert(!tw_is_active(m, h));
      if (kind == 2) {
        EQF(v.x, 4.0f);
        EQF(v.y, 4.0f);
      } else {
        EQF(v.x, call == 6 ? 9.0f : 1.5f); /* on its (new) start */
      }
      done(m);
    }
}
END_TEST

START_TEST(test_path_refusals) {
  tw_manager *m = mk();
  tw_vec2 pts[5] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 2}}, v = {7, 7};
  tw_vec3 p3[2] = {{0, 0, 0}, {1, 1, 1}}, w;
  float x = 0;
  tw_handle h = {0, 0};

  ck_assert_int_eq(tw_path(m, TW_TYPE_FLOAT, &x, pts, 2, TW_PATH_LINEAR, 1, &h),
                   TW_EUNSUPPORTED);
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
/* The calls that make a tween of a kind of its own, each on v (a float at
 * v.x, or the vec2), from v.x = 1.5 towards 5 (or along a path), and the
 * value each ends on. */
enum {
  MK_TO,
  MK_PUNCH,
  MK_SHAKE,
  MK_PATH,
  MK_CURVE,
  MK_BEZIER,
  MK_SPRING,
  MK_SPRING_V,
  MK_SPRING_FN,
  MK_COUNT
};
static const float mk_pts[2][8] = {{0, 0, 4, 0, 4, 4},
                                   {0, 0, 4, 0, 4, 4, 0, 4}};

static int set_vx(void *ud, const void *v) {
  memcpy(&((tw_vec2 *)ud)->x, v, sizeof(float));
  return 0;
}

static void get_vx(void *ud, void *out) {
  memcpy(out, &((tw_vec2 *)ud)->x, sizeof(float));
}

static int make_kind(tw_manager *m, int kind, tw_vec2 *v, tw_handle *h) {
  float five = 5;
  tw_spring sp;

  tw_spring_init(&sp);
  switch (kind) {
  case MK_TO:
    return tw_to(m, TW_TYPE_FLOAT, &v->x, &five, 1, h);
  case MK_PUNCH:
    return tw_punch(m, TW_TYPE_FLOAT, &v->x, &five, 1, 10, 1, h);
  case MK_SHAKE:
    return tw_shake(m, TW_TYPE_FLOAT, &v->x, &five, 1, 10, 90, 3, 1, h);
  case MK_PATH:
    return tw_path(m, TW_TYPE_VEC2, v, mk_pts[0], 3, TW_PATH_LINEAR, 1, h);
  case MK_CURVE:
    return tw_path(m, TW_TYPE_VEC2, v, mk_pts[0], 3,
                   TW_PATH_CATMULL_ROM | TW_PATH_CONSTANT_SPEED, 1, h);
  case MK_BEZIER:
    return tw_path(m, TW_TYPE_VEC2, v, mk_pts[1], 4, TW_PATH_BEZIER, 1, h);
  case MK_SPRING:
    return tw_spring_to(m, TW_TYPE_FLOAT, &v->x, &five, &sp, h);
  case MK_SPRING_V: {
    float flick = -20;
    return tw_spring_to_v(m, TW_TYPE_FLOAT, &v->x, &five, &sp, &flick, h);
  }
  default:
    return tw_spring_to_fn(m, TW_TYPE_FLOAT, set_vx, get_vx, v, &five, &sp, h);
  }
}

static void check_end(int kind, const tw_vec2 *v) {
  if (kind == MK_PUNCH || kind == MK_SHAKE) {
    EQF(v->x, 1.5f); /* on its start, not on the amount */
  } else if (kind >= MK_PATH && kind <= MK_BEZIER) {
    EQF(v->x, kind == MK_BEZIER ? 0.0f : 4.0f);
    EQF(v->y, 4.0f);
  } else {
    EQF(v->x, 5.0f);
  }
}

/* What a warning hook does to the tween whose growth it reports. */
enum {
  ACT_START,
  ACT_SEQUENCE,
  ACT_KILL,
  ACT_KILL_ALL,
  ACT_CREATE,
  ACT_GROW,
  ACT_COUNT
};
static struct hook_state {
  int kind, act, runs, depth, live_at_hook;
  tw_handle seen, seq;
  float spare[240];
} hk;

/* The newest live tween of m. */
static tw_handle newest(tw_manager *m) {
  tw_handle all[16];
  int n = tw_manager_order(m, all, 16);

  ck_assert_int_gt(n, 0);
  return all[n < 16 ? n - 1 : 15];
}

static void acting_hook(tw_manager *m, tw_warning what, size_t old_cap,
                        size_t new_cap, void *ud) {
  tw_stats st;
  size_t i;

  (void)what;
  (void)old_cap;
  (void)new_cap;
  (void)ud;
  hk.runs++;
  if (hk.depth++ > 0) { /* the growth this hook forced */
    hk.depth--;
    return;
  }
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  hk.live_at_hook = (int)st.live;
  hk.seen = newest(m);
  switch (hk.act) {
  case ACT_START: /* starts it, halfway */
    ck_assert_int_eq(tw_goto(m, hk.seen, 0.5, 1), 0);
    break;
  case ACT_SEQUENCE:
    ck_assert_int_eq(tw_sequence(m, &hk.seq), 0);
    /* a spring with a velocity of its own is refused, as documented */
    ck_assert_int_eq(tw_seq_append(m, hk.seq, hk.seen),
                     hk.kind == MK_SPRING_V ? TW_EINVAL : 0);
    break;
  case ACT_KILL:
    ck_assert_int_eq(tw_kill(m, hk.seen, 0), 0);
    break;
  case ACT_KILL_ALL:
    ck_assert_int_ge(tw_kill_all(m, 0), 1);
    break;
  case ACT_CREATE:
    for (i = 0; i < 3; i++)
      ck_assert_int_eq(tw_float_to(m, &hk.spare[i], 1, 1, NULL), 0);
    break;
  default: /* creates until the capacity grows again */
    for (i = 0; i < 240 && hk.runs < 2; i++)
      ck_assert_int_eq(tw_float_to(m, &hk.spare[i], 1, 1, NULL), 0);
    ck_assert_int_eq(hk.runs, 2);
    break;
  }
  hk.depth--;
}

/* A manager at its capacity, whose next creation grows it: fill tweens
 * made, the hook set. */
static tw_manager *full_manager(int act, float *fill, int nfill) {
  tw_config c;
  tw_manager *m;
  int i;

  tw_config_init(&c);
  c.tweens = (size_t)nfill;
  c.alloc = tt_alloc;
  c.alloc_ud = &al;
  c.warn = acting_hook;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  for (i = 0; i < nfill; i++) {
    fill[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &fill[i], 1, 100, NULL), 0);
  }
  memset(&hk, 0, sizeof hk);
  hk.act = act;
  return m;
}

/* Every call that makes a tween of its own kind is whole when the warning
 * hook of its growth runs: whatever the hook does to it (starts it, puts
 * it in a sequence, kills it or everything, creates, grows again), the
 * call returns 0 and the tween behaves as any finished one. */
START_TEST(test_created_whole_for_hook) {
  int kind, act;

  for (kind = 0; kind < MK_COUNT; kind++)
    for (act = 0; act < ACT_COUNT; act++) {
      float fill[4];
      tw_vec2 v = {1.5f, 0}, half = {0, 0}, ref = {1.5f, 0};
      tw_manager *m = full_manager(act, fill, 4), *r = tt_manager(NULL, 0);
      tw_handle h, rh;
      int i;

      hk.kind = kind;
      ck_assert_msg(make_kind(m, kind, &v, &h) == 0, "kind %d act %d", kind,
                    act);
      ck_assert_int_ge(hk.runs, 1);
      SAME_HANDLE(hk.seen, h);
      ck_assert_int_eq(hk.live_at_hook, 5);
      half = v;
      /* the same, made in a manager with no hook, for its values */
      ck_assert_int_eq(make_kind(r, kind, &ref, &rh), 0);
      ck_assert_int_eq(tw_goto(r, rh, 0.5, 1), 0);
      if (act == ACT_KILL || act == ACT_KILL_ALL) {
        ck_assert_int_eq(tw_is_active(m, h), 0);
      } else {
        ck_assert_int_eq(tw_is_active(m, h), 1);
        if (act == ACT_START) { /* written at its half by the hook */
          EQF(half.x, ref.x);
          EQF(half.y, ref.y);
        }
        if (act == ACT_SEQUENCE && kind != MK_SPRING_V)
          ck_assert_int_eq(tw_is_playing(m, h), TW_ENESTED);
        for (i = 0; i < 8 && tw_is_active(m, h); i++)
          NOW(m, 1);
        ck_assert_int_eq(tw_is_active(m, h), 0);
        check_end(kind, &v);
      }
      tt_valid(m);
      ck_assert_int_eq(tw_manager_free(m), 0);
      ck_assert_int_eq(tw_manager_free(r), 0);
      ck_assert_uint_eq(al.live_blocks, 0);
    }
}
END_TEST

/* A creation that fails for memory does so before its hook has seen the
 * new tween, and changes nothing; one that succeeds makes it whole. */
START_TEST(test_created_nomem_unseen) {
  int kind;

  for (kind = 0; kind < MK_COUNT; kind++) {
    size_t fail;
    int ok = 0, failures = 0;

    for (fail = 1; !ok && fail < 64; fail++) {
      float fill[4];
      tw_vec2 v = {1.5f, 0};
      tw_manager *m = full_manager(ACT_CREATE, fill, 4);
      tw_stats st;
      tw_handle h = {0, 0};
      int rc, i;

      al.fail_at = al.calls + fail;
      rc = make_kind(m, kind, &v, &h);
      al.fail_at = 0;
      ck_assert_msg(rc == 0 || rc == TW_ENOMEM, "kind %d: %d", kind, rc);
      ck_assert_int_eq(tw_manager_stats(m, &st), 0);
      if (rc == TW_ENOMEM) {
        failures++;
        ck_assert_int_eq(hk.runs, 0); /* nothing grew, nothing was seen */
        ck_assert_uint_eq(st.live, 4);
        EQF(v.x, 1.5f);
      } else {
        ok = 1;
        ck_assert_int_eq(hk.runs, 1);
        SAME_HANDLE(hk.seen, h);
        for (i = 0; i < 8 && tw_is_active(m, h); i++)
          NOW(m, 1);
        check_end(kind, &v);
      }
      tt_valid(m);
      ck_assert_int_eq(tw_manager_free(m), 0);
      ck_assert_uint_eq(al.live_blocks, 0);
    }
    ck_assert(ok);
    ck_assert_int_gt(failures, 0);
  }
}
END_TEST

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
static size_t live_of(const tw_manager *m) {
  tw_stats st;
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  return st.live;
}

/* Point counts at both ends of what a path takes.  Every kind, open,
 * closed and at constant speed, with a count the kind takes: the
 * smallest count that is too many is refused with TW_EINVAL and a
 * sentence that says why (not "2 at least"), reading no point past the
 * buffer's 2,000 (ASan and valgrind would tell), changing nothing; a
 * path of 2,000 points is made and ends exactly on its last point. */
START_TEST(test_path_counts) {
  static float pts[2000 * 3];
  const size_t over = ((size_t)-1) / 64 / 3 + 1;
  tw_manager *m = mk();
  tw_vec3 v = {0, 0, 0}, before;
  tw_handle h;
  int kind, closed, constant, rc;
  size_t n, i;

  for (i = 0; i < 2000 * 3; i++)
    pts[i] = (float)(i % 3 == 0 ? i / 3 : (i % 3 == 1 ? (i / 3) % 7 : -1.0));
  for (kind = 0; kind <= TW_PATH_BEZIER; kind++)
    for (closed = 0; closed < 2; closed++)
      for (constant = 0; constant < 2; constant++) {
        int k = kind | (closed ? TW_PATH_CLOSED : 0) |
                (constant ? TW_PATH_CONSTANT_SPEED : 0);
        /* too many: the smallest such count the kind takes */
        for (n = over; kind == TW_PATH_BEZIER && n % 3 != (closed ? 0u : 1u);)
          n++;
        before = v;
        rc = tw_path(m, TW_TYPE_VEC3, &v, pts, n, (tw_path_kind)k, 1.0, &h);
        ck_assert_int_eq(rc, TW_EINVAL);
        ck_assert_msg(strstr(tw_last_error_detail(m), "more than") != NULL,
                      "kind %d: \"%s\"", k, tw_last_error_detail(m));
        ck_assert_uint_eq(live_of(m), 0);
        ck_assert(memcmp(&v, &before, sizeof v) == 0);
        /* many: made, and on its last point (its first, closed) at the end */
        for (n = 2000; kind == TW_PATH_BEZIER && n % 3 != (closed ? 0u : 1u);)
          n--;
        ck_assert_int_eq(
            tw_path(m, TW_TYPE_VEC3, &v, pts, n, (tw_path_kind)k, 1.0, &h), 0);
        ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
        ck_assert(v.x - v.x == 0 && v.y - v.y == 0 && v.z - v.z == 0);
        ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
        i = closed ? 0 : (n - 1) * 3;
        ck_assert(v.x == pts[i] && v.y == pts[i + 1] && v.z == pts[i + 2]);
        ck_assert_uint_eq(live_of(m), 0);
      }
  done(m);
}
END_TEST

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
/* Every numeric type: a start at 38.21 (38 for an int) in each component,
 * and a change that dwarfs it. */
static const int num_types[] = {TW_TYPE_FLOAT, TW_TYPE_DOUBLE, TW_TYPE_INT,
                                TW_TYPE_VEC2,  TW_TYPE_VEC3,   TW_TYPE_VEC4,
                                TW_TYPE_COLOR};

/* A value of the type with each component c (alternating in sign past
 * the first, for vectors). */
static void num_value(int type, double c, void *out) {
  size_t size = type == TW_TYPE_VEC2 ? 8 : type == TW_TYPE_VEC3 ? 12 : 16;
  float f[4];
  int i;

  if (type == TW_TYPE_DOUBLE) {
    memcpy(out, &c, sizeof c);
  } else if (type == TW_TYPE_INT) {
    i = (int)c;
    memcpy(out, &i, sizeof i);
  } else {
    for (i = 0; i < 4; i++)
      f[i] = (float)(i % 2 ? -c : c);
    memcpy(out, f, type == TW_TYPE_FLOAT ? sizeof *f : size);
  }
}

/* The largest change each type takes. */
static double num_big(int type) {
  return type == TW_TYPE_DOUBLE ? 1e300 : type == TW_TYPE_INT ? 2e9 : 1e30;
}

/* Additive, alone on its value, at magnitudes that dwarf the start: a
 * yoyo to the huge end and back, and a punch of it, end on the start
 * exactly, however the updates fall. */
START_TEST(test_additive_large) {
  static const double dts[] = {0.1, 0.013, 0.31, 0.5, 4};
  tw_manager *m = mk();
  size_t ti, di;

  for (ti = 0; ti < sizeof num_types / sizeof num_types[0]; ti++)
    for (di = 0; di < sizeof dts / sizeof dts[0]; di++) {
      int type = num_types[ti], kind, size = tw_type_size(m, type);
      for (kind = 0; kind < 2; kind++) {
        unsigned char x[16], start[16], end[16];
        tw_handle h;
        int i, rc;

        num_value(type, type == TW_TYPE_INT ? 38 : 38.21, start);
        memcpy(x, start, (size_t)size);
        if (kind == 0) { /* there and back */
          num_value(type, num_big(type), end);
          ck_assert_int_eq(tw_to(m, type, x, end, 1, &h), 0);
          ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
        } else { /* a punch of it */
          float amount[4] = {1e30f, -1e30f, 1e30f, -1e30f};
          rc = tw_punch(m, type, x, amount, 1, 10, 1, &h);
          if (rc == TW_EUNSUPPORTED)
            continue; /* punches are of floats and vectors */
          ck_assert_int_eq(rc, 0);
        }
        ck_assert_int_eq(tw_set_additive(m, h, 1), 0);
        for (i = 0; i < 400 && tw_is_active(m, h); i++)
          NOW(m, dts[di]);
        ck_assert(!tw_is_active(m, h));
        ck_assert_msg(memcmp(x, start, (size_t)size) == 0,
                      "type %d, kind %d, dt %g: not back on its start", type,
                      kind, dts[di]);
      }
    }
  done(m);
}
END_TEST

/* A relative end past the type's largest value saturates there, as every
 * other sum does: the values on the way and the end are finite. */
START_TEST(test_relative_saturates) {
  tw_manager *m = mk();
  size_t ti;
  int sign;

  for (ti = 0; ti < sizeof num_types / sizeof num_types[0]; ti++)
    for (sign = -1; sign <= 1; sign += 2) {
      int type = num_types[ti], size = tw_type_size(m, type), i, from;
      double huge = type == TW_TYPE_DOUBLE ? 1e308
                    : type == TW_TYPE_INT  ? 2e9
                                           : 3e38;
      for (from = 0; from < 2; from++) {
        unsigned char x[16], by[16], want[16];
        double c[4];
        unsigned k;
        tw_handle h;

        num_value(type, sign * huge, x);
        num_value(type, sign * huge, by);
        num_value(type,
                  sign * (type == TW_TYPE_DOUBLE ? DBL_MAX
                          : type == TW_TYPE_INT  ? 2147483647.0
                                                 : FLT_MAX),
                  want);
        if (type == TW_TYPE_INT && sign < 0) {
          int lo = INT_MIN;
          memcpy(want, &lo, sizeof lo);
        }
        ck_assert_int_eq(tw_to(m, type, x, by, 1, &h), 0);
        ck_assert_int_eq(tw_set_relative(m, h, 1), 0);
        if (from) /* tw_set_from's relative start: x + by */
          ck_assert_int_eq(tw_set_from(m, h, by), 0);
        for (i = 0; i < 8 && tw_is_active(m, h); i++) {
          NOW(m, 0.25);
          ck_assert_int_gt(tw_manager_validate(m), -1);
          if (type == TW_TYPE_DOUBLE) {
            memcpy(&c[0], x, sizeof c[0]);
            ck_assert(c[0] - c[0] == 0);
          } else if (type != TW_TYPE_INT) {
            float f[4];
            memcpy(f, x, (size_t)size);
            for (k = 0; k < (unsigned)size / sizeof(float); k++)
              ck_assert_msg(f[k] - f[k] == 0, "type %d step %d: %g", type, i,
                            f[k]);
          }
        }
        ck_assert(!tw_is_active(m, h));
        ck_assert_msg(from || memcmp(x, want, (size_t)size) == 0,
                      "type %d sign %d: not on the largest value", type, sign);
      }
    }
  tt_valid(m);
  done(m);
}
END_TEST

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

#define ADD(name) TT_ADD(s, test_##name, #name, 10);
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
  ADD(stagger_gsap_figures)
  ADD(stagger_distribution)
  ADD(stagger_distribution_eased)
  ADD(stagger_places)
  ADD(stagger_random)
  ADD(stagger_values)
  ADD(stagger_refusals)
  ADD(stagger_nomem)
  ADD(stagger_steady_no_alloc)
  ADD(stagger_reentrancy)
  ADD(labels_values)
  ADD(labels_prepend)
  ADD(labels_refusals)
  ADD(labels_reentrancy)
  ADD(labels_pool)
  ADD(times_huge)
  ADD(times_prepend_labels)
  ADD(times_negative_zero)
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
  ADD(path_tangent_still)
  ADD(path_refusals)
  ADD(shaped_values_refused)
  ADD(path_nomem)
  ADD(path_reentrancy)
  ADD(killed_by_hook)
  ADD(created_whole_for_hook)
  ADD(created_nomem_unseen)
  ADD(path_counts)
  ADD(huge_finite)
  ADD(additive_saturates)
  ADD(additive_large)
  ADD(relative_saturates)
  ADD(snap_huge_step)
#undef ADD
  return s;
}

int main(void) { return tt_run(choreo_suite()); }

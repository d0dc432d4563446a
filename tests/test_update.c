/* SPDX-License-Identifier: MIT */
/* The update pass: creation order is update order, the last-created tween
 * wins, deferred compaction, walking only the occupied prefix, update types
 * and time scales, re-entrant callbacks (DESIGN §3) and the time model
 * (loops in one update, an hour at 60 Hz, zero duration, delay, callback
 * order).
 *
 * Values are chosen so that every expected float is exact: durations and
 * steps are powers of two, so OutQuad y = x * (2 - x) and every product
 * below are dyadic with few bits, and the tests compare with ==. */
/* tw__short_bits, which only builds with software doubles take */
#define TW__SHORT_BITS_TEST 1
#include "storage.h" /* tw__holes_allowed, the rule of compaction */
#include "util.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* exact float comparison with the values in the message */

static double outquad(double x) { return x * (2.0 - x); }

/* What one tween alone writes: start + (end - start) * y, in float. */
static float lerpf(float a, float b, double y) {
  if (y == 1.0)
    return b;
  return a + (b - a) * (float)y;
}

static tw_stats stats(tw_manager *m) {
  tw_stats st;

  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  return st;
}

static tw_handle none(void) {
  tw_handle h;

  h.index = 0;
  h.gen = 0;
  return h;
}

/* tw_manager_order of m into out (room for n), the holes left out: the
 * live tweens in creation order, whether a compaction ran or not. */
static int live_order(tw_manager *m, tw_handle *out, int n) {
  tw_handle all[64];
  int i, k = 0, len = tw_manager_order(m, all, 64);

  ck_assert_int_le(len, 64);
  for (i = 0; i < len; i++)
    if (all[i].index != 0) {
      ck_assert_int_lt(k, n);
      out[k++] = all[i];
    }
  return k;
}

/* A small LCG of our own, so the subsets are the same everywhere. */
static uint32_t lcg_state;
static uint32_t lcg(void) {
  lcg_state = lcg_state * 1664525u + 1013904223u;
  return lcg_state >> 8;
}

/* ------------------------------------------------------------------ */
/* The fast paths' test of a step's end, in both its forms (the bits' one
 * is what builds with software doubles take): TW__SHORT_BITS is 1 -
 * TW__SNAP's bits, and the bits say short exactly where the double
 * compare does, but for a negative x, which they leave to the general
 * way. */
START_TEST(test_update_short_of_end) {
  const double end = 1.0 - TW__SNAP, xs[] = {0.0,           DBL_MIN,
                                             DBL_MIN / 4.0, 1e-300,
                                             0.25,          0.5,
                                             1.0 - 2e-9,    nextafter(end, 0.0),
                                             end,           nextafter(end, 2.0),
                                             1.0,           1.5,
                                             DBL_MAX,       HUGE_VAL,
                                             NAN,           -0.0,
                                             -1e-300,       -0.5,
                                             -HUGE_VAL};
  uint64_t b;
  size_t i;

  memcpy(&b, &end, sizeof b);
  ck_assert(b == TW__SHORT_BITS);
  for (i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    int neg = signbit(xs[i]) != 0 && xs[i] == xs[i];
    ck_assert_int_eq(tw__short_bits(xs[i]), neg ? 0 : xs[i] < end);
#ifdef TW__SOFT_DOUBLES /* the bits' form there */
    ck_assert_int_eq(tw__short_of_end(xs[i]), tw__short_bits(xs[i]));
#else
    ck_assert_int_eq(tw__short_of_end(xs[i]), xs[i] < end);
#endif
  }
}
END_TEST

/* The two other tests of a running step that builds with software doubles
 * take on the bits (numbers.h): tw__in_unit, 0 < y < 1, and tw__within,
 * |e| <= max, in both forms, at the edges of each, signed zeros, the
 * infinities and NaNs of either sign. */
START_TEST(test_update_bits_tests) {
  const double max = TW__FRACTION_MAX;
  double xs[] = {0.0,
                 -0.0,
                 (DBL_MIN / 4.0),
                 -(DBL_MIN / 4.0),
                 DBL_MIN,
                 0.5,
                 nextafter(1.0, 0.0),
                 1.0,
                 nextafter(1.0, 2.0),
                 -nextafter(1.0, 0.0),
                 -1.0,
                 max,
                 nextafter(max, 0.0),
                 nextafter(max, HUGE_VAL),
                 -max,
                 -nextafter(max, HUGE_VAL),
                 2.5,
                 DBL_MAX,
                 -DBL_MAX,
                 HUGE_VAL,
                 -HUGE_VAL,
                 NAN,
                 -NAN};
  size_t i;
  int k;

  for (i = 0; i < sizeof xs / sizeof xs[0]; i++) {
    double x = xs[i];
    int unit = x > 0.0 && x < 1.0, within = x >= -max && x <= max;

    ck_assert_int_eq(tw__in_unit_bits(x), unit);
    ck_assert_int_eq(tw__in_unit(x), unit);
    ck_assert_int_eq(tw__within_bits(x, max), within);
    ck_assert_int_eq(tw__within(x, max), within);
    for (k = 1; k <= 3; k++) /* other bounds */
      ck_assert_int_eq(tw__within_bits(x, (double)k),
                       x >= -(double)k && x <= (double)k);
  }
}
END_TEST

/* order                                                               */

#define ORD_FIRST 200
#define ORD_MAX 1000
static int ord_tag[ORD_MAX];
static float ord_val[ORD_MAX];
static tw_handle ord_h[ORD_MAX];
static int ord_live[ORD_MAX];

static void ord_create(tw_manager *m, int n) {
  ck_assert_int_lt(n, ORD_MAX);
  ord_tag[n] = n;
  ord_val[n] = 0;
  ck_assert_int_eq(tw_float_to(m, &ord_val[n], 1.0f, 1000.0, &ord_h[n]), 0);
  tt_on(m, ord_h[n], TW_ON_UPDATE, &ord_tag[n]);
  ord_live[n] = 1;
}

static void ord_kill_some(tw_manager *m, int n) {
  int i;

  for (i = 0; i < n; i++) {
    if (ord_live[i] && lcg() % 3 == 0) {
      ck_assert_int_eq(tw_kill(m, ord_h[i], 0), 0);
      ord_live[i] = 0;
    }
  }
}

START_TEST(test_update_order) {
  static const uint32_t seeds[] = {1u, 42u, 12345u, 0xdeadbeefu, 7u, 99991u};
  static tw_handle order[ORD_MAX];
  tw_manager *m = tt_manager(NULL, 0);
  int n = 0, round, i, k, len;

  lcg_state = seeds[_i];
  for (round = 0; round < 6; round++) {
    int add = round == 0 ? ORD_FIRST : 20 + (int)(lcg() % 100);
    /* create, kill, create more (appending compacts), kill again */
    for (i = 0; i < add / 2; i++)
      ord_create(m, n++);
    ord_kill_some(m, n);
    tt_valid(m);
    for (; i < add; i++)
      ord_create(m, n++);
    ord_kill_some(m, n);
    tt_valid(m);

    tt_log_reset();
    NOW_OF(m, TW_UPDATE_NORMAL, 0.25);
    tt_valid(m);
    /* exactly the survivors, in creation order */
    k = 0;
    for (i = 0; i < n; i++) {
      if (!ord_live[i])
        continue;
      ck_assert_int_lt(k, tt_nlog);
      ck_assert_int_eq(tt_log[k].event, TW_ON_UPDATE);
      ck_assert_int_eq(tt_log[k].tag, i);
      k++;
    }
    ck_assert_int_eq(tt_nlog, k);
    ck_assert_int_gt(k, 0);
    for (i = 1; i < tt_nlog; i++)
      ck_assert_int_lt(tt_log[i - 1].tag, tt_log[i].tag);
    /* the active array is the same list, its holes no more than the rule
     * of compaction leaves after an update (tw__holes_allowed) */
    len = tw_manager_order(m, order, ORD_MAX);
    ck_assert_int_le(len - k, (int)tw__holes_allowed((uint32_t)len));
    for (i = 0, k = 0; i < len; i++)
      if (order[i].index != 0)
        order[k++] = order[i];
    k = 0;
    for (i = 0; i < n; i++) {
      if (ord_live[i]) {
        SAME_HANDLE(order[k], ord_h[i]);
        k++;
      }
    }
  }
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* last writer wins: a reference model of tweens on one float          */

#define LW_MAX 8
typedef struct lw_tween {
  float end;
  double dur;
  double el;
  float start;
  int started, live;
  tw_handle h;
} lw_tween;

static float lw_x;     /* the float the tweens share */
static float lw_model; /* what the model says it holds */
static lw_tween lw[LW_MAX];
static int lw_n;

static void lw_noop(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
}

/* slow: give the tween a callback, which takes it off the fast path */
static void lw_create(tw_manager *m, float end, double dur, int slow) {
  lw_tween *t = &lw[lw_n++];

  ck_assert_int_le(lw_n, LW_MAX);
  t->end = end;
  t->dur = dur;
  t->el = 0;
  t->started = 0;
  t->live = 1;
  ck_assert_int_eq(tw_float_to(m, &lw_x, end, dur, &t->h), 0);
  if (slow)
    ck_assert_int_eq(tw_on(m, t->h, TW_ON_UPDATE, lw_noop, NULL), 0);
}

static void lw_kill(tw_manager *m, int i) {
  ck_assert_int_eq(tw_kill(m, lw[i].h, 0), 0);
  lw[i].live = 0;
}

/* One update of dt: the model, then the library, then compare.  The model
 * walks the tweens in creation order; each reads its start value from the
 * float at its first update, after the earlier tweens wrote it. */
static void lw_update(tw_manager *m, double dt) {
  int i, last = -1;
  float last_alone = 0;

  for (i = 0; i < lw_n; i++) {
    lw_tween *t = &lw[i];
    if (!t->live)
      continue;
    if (!t->started) {
      t->start = lw_model;
      t->started = 1;
    }
    t->el += dt;
    if (t->el >= t->dur) {
      lw_model = t->end;
      t->live = 0; /* auto-kill */
    } else {
      lw_model = lerpf(t->start, t->end, outquad(t->el / t->dur));
    }
    last = i;
    last_alone = lw_model;
  }
  NOW_OF(m, TW_UPDATE_NORMAL, dt);
  tt_valid(m);
  EQF(lw_x, lw_model);
  /* the last-created tween that ran wrote last, alone */
  if (last >= 0)
    EQF(lw_x, last_alone);
  for (i = 0; i < lw_n; i++)
    ck_assert_int_eq(tw_is_active(m, lw[i].h), lw[i].live);
}

START_TEST(test_update_last_writer_two) {
  tw_manager *m = tt_manager(NULL, 0);
  int u;

  lw_x = lw_model = 0;
  lw_n = 0;
  lw_create(m, 10.0f, 1.0, 0);
  lw_create(m, -5.0f, 2.0, _i);
  /* worked out by hand for the first update: A writes 10 * y(1/4) = 4.375,
   * B starts from 4.375 and writes 4.375 - 9.375 * y(1/8) */
  NOW_OF(m, TW_UPDATE_NORMAL, 0.25);
  EQF(lw_x, 4.375f - 9.375f * 0.234375f);
  EQF(lw_x, 2.177734375f);
  lw[0].started = lw[1].started = 1;
  lw[0].start = 0.0f;
  lw[1].start = 4.375f;
  lw[0].el = lw[1].el = 0.25;
  lw_model = lw_x;
  for (u = 0; u < 8; u++)
    lw_update(m, 0.25);
  EQF(lw_x, -5.0f);
  ck_assert_int_eq(stats(m).live, 0);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_update_last_writer_three) {
  tw_manager *m = tt_manager(NULL, 0);

  lw_x = lw_model = 1.0f;
  lw_n = 0;
  lw_create(m, 10.0f, 4.0, 0);
  lw_create(m, -5.0f, 2.0, 1);
  lw_create(m, 20.0f, 8.0, _i);
  lw_update(m, 0.25);
  lw_update(m, 0.25);
  /* kill the winner: the middle one wins again from its own start */
  lw_kill(m, 2);
  lw_update(m, 0.25);
  lw_update(m, 0.5);
  /* a new tween starts from what the earlier ones wrote this update */
  lw_create(m, 3.0f, 0.5, !_i);
  lw_update(m, 0.125);
  lw_update(m, 0.125);
  /* kill one below the winner: nothing changes for the winner */
  lw_kill(m, 1);
  lw_update(m, 0.125);
  lw_create(m, 7.0f, 1.0, _i);
  lw_update(m, 0.125); /* D completes: the newest still writes after it */
  lw_update(m, 0.25);
  lw_update(m, 0.25);
  lw_update(m, 4.0);
  EQF(lw_x, 7.0f);
  ck_assert_int_eq(stats(m).live, 0);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* compaction                                                          */

#define CP_N 200
static float cp_val[CP_N + 10];
static tw_handle cp_h[CP_N + 10];
static int cp_live[CP_N + 10];

static void cp_check_order(tw_manager *m, int n, int holes_kept) {
  static tw_handle order[CP_N + 10];
  int len = tw_manager_order(m, order, CP_N + 10), i, k = 0;

  if (holes_kept) {
    ck_assert_int_eq(len, n);
    for (i = 0; i < n; i++)
      SAME_HANDLE(order[i], cp_live[i] ? cp_h[i] : none());
    return;
  }
  for (i = 0; i < n; i++) {
    if (cp_live[i]) {
      SAME_HANDLE(order[k], cp_h[i]);
      k++;
    }
  }
  ck_assert_int_eq(len, k);
}

START_TEST(test_update_compaction_hundred) {
  tw_manager *m = tt_manager(NULL, 0);
  size_t c0;
  int i, killed = 0;

  for (i = 0; i < CP_N; i++) {
    cp_val[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &cp_val[i], 1.0f, 8.0, &cp_h[i]), 0);
    cp_live[i] = 1;
  }
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  c0 = stats(m).compactions;
  lcg_state = 2024;
  while (killed < 100) {
    i = (int)(lcg() % CP_N);
    if (!cp_live[i] || i == 0) /* the oldest lives: the holes are inside */
      continue;
    ck_assert_int_eq(tw_kill(m, cp_h[i], 0), 0);
    cp_live[i] = 0;
    killed++;
    /* a kill only marks its slot */
    ck_assert_uint_eq(stats(m).compactions, c0);
    ck_assert_int_eq(tw_manager_order(m, NULL, 0), CP_N);
  }
  tt_valid(m);
  cp_check_order(m, CP_N, 1);
  ck_assert_uint_eq(stats(m).live, 100);
  /* one pass at the start of the next update */
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).compactions, c0 + 1);
  cp_check_order(m, CP_N, 0);
  for (i = 0; i < CP_N; i++)
    EQF(cp_val[i], cp_live[i] ? 0.4375f : 0.234375f);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  ck_assert_uint_eq(stats(m).compactions, c0 + 1);

  /* kill 50, create one: the short creation of a plain float leaves
   * the holes (a kill counts none), and the next update closes them */
  killed = 0;
  while (killed < 50) {
    i = (int)(lcg() % CP_N);
    if (!cp_live[i] || i == 0) /* the oldest lives: the holes are inside */
      continue;
    ck_assert_int_eq(tw_kill(m, cp_h[i], 0), 0);
    cp_live[i] = 0;
    killed++;
  }
  ck_assert_uint_eq(stats(m).compactions, c0 + 1);
  cp_val[CP_N] = 0;
  ck_assert_int_eq(tw_float_to(m, &cp_val[CP_N], 1.0f, 8.0, &cp_h[CP_N]), 0);
  cp_live[CP_N] = 1;
  tt_valid(m);
  /* without the fast paths, the creation the general way compacted */
  ck_assert_uint_eq(stats(m).compactions, c0 + 1 + !TT_FAST);
  if (TT_FAST)
    ck_assert_int_gt(tw_manager_order(m, NULL, 0), 51); /* with its holes */
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  ck_assert_uint_eq(stats(m).compactions, c0 + 2);
  cp_check_order(m, CP_N + 1, 0);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 51);
  EQF(cp_val[CP_N], 0.234375f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* Churn, the oldest dying first: the holes at the front are not closed
 * but left below the window's begin, which moves over them.  Nothing
 * moves until the appends reach the array's end; then one compaction
 * moves each survivor once.  Every update walks the live tweens only
 * (the window has no hole), and the order is creation order.  Half the
 * rounds kill the oldest by tw_kill, half let it complete in the pass. */
#define WN_CAP 256
#define WN_LIVE 64
#define WN_ROUNDS 1000
START_TEST(test_update_window) {
  static float v[WN_ROUNDS + WN_LIVE];
  static tw_handle h[WN_ROUNDS + WN_LIVE], order[WN_CAP];
  tw_manager *m = tt_manager(NULL, WN_CAP);
  size_t c0;
  int i, r, k, oldest = 0, done = 0;

  for (i = 0; i < WN_LIVE; i++)
    ck_assert_int_eq(tw_float_to(m, &v[i], 1.0f, 1e6, &h[i]), 0);
  c0 = stats(m).compactions;
  for (r = 0; r < WN_ROUNDS; r++) {
    if (r % 2 == 0) {
      ck_assert_int_eq(tw_kill(m, h[oldest], 0), 0);
    } else { /* it completes in the next update */
      ck_assert_int_eq(tw_goto(m, h[oldest], 1e6, 1), 0);
      done = oldest;
    }
    oldest++;
    i = oldest + WN_LIVE - 1;
    ck_assert_int_eq(tw_float_to(m, &v[i], 1.0f, 1e6, &h[i]), 0);
    NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
    if (r % 2 == 1)
      ck_assert_int_eq(tw_is_active(m, h[done]), 0);
    ck_assert_uint_eq(stats(m).live, WN_LIVE);
    ck_assert_uint_eq(stats(m).last_visited, WN_LIVE);
    k = tw_manager_order(m, order, WN_CAP);
    ck_assert_int_eq(k, WN_LIVE);
    for (i = 0; i < WN_LIVE; i++)
      SAME_HANDLE(order[i], h[oldest + i]);
    if (r % 97 == 0)
      tt_valid(m);
  }
  /* one compaction per WN_CAP - WN_LIVE appends: each survivor moves
   * once per 192 creations, not once per 8 kills */
  ck_assert_uint_le(stats(m).compactions - c0,
                    WN_ROUNDS / (WN_CAP - WN_LIVE) + 1);
  ck_assert_uint_ge(stats(m).compactions - c0,
                    WN_ROUNDS / (WN_CAP - WN_LIVE) - 1);
  ck_assert_uint_eq(stats(m).growths, 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* The order lists the occupied part from the oldest live tween: the
 * holes the oldest leave when killed between updates are not listed, as
 * the header says, though the kill leaves the window to the next pass;
 * holes inside stay listed as none. */
START_TEST(test_update_order_from_oldest) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h[4], order[8];
  float v[4] = {0, 0, 0, 0};
  int i;

  for (i = 0; i < 4; i++)
    ck_assert_int_eq(tw_float_to(m, &v[i], 1.0f, 8.0, &h[i]), 0);
  ck_assert_int_eq(tw_kill(m, h[0], 0), 0);
  ck_assert_int_eq(tw_kill(m, h[2], 0), 0);
  ck_assert_int_eq(tw_manager_order(m, order, 8), 3);
  SAME_HANDLE(order[0], h[1]);
  SAME_HANDLE(order[1], none());
  SAME_HANDLE(order[2], h[3]);
  ck_assert_int_eq(tw_kill(m, h[1], 0), 0);
  ck_assert_int_eq(tw_manager_order(m, order, 8), 1);
  SAME_HANDLE(order[0], h[3]);
  ck_assert_int_eq(tw_kill(m, h[3], 0), 0);
  ck_assert_int_eq(tw_manager_order(m, order, 8), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_update_compaction_last) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle order[8];
  size_t c0;
  int i;

  for (i = 0; i < 5; i++) {
    cp_val[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &cp_val[i], 1.0f, 8.0, &cp_h[i]), 0);
    cp_live[i] = 1;
  }
  c0 = stats(m).compactions;
  /* kill only the last: a hole at the end until the next update */
  ck_assert_int_eq(tw_kill(m, cp_h[4], 0), 0);
  cp_live[4] = 0;
  tt_valid(m);
  ck_assert_int_eq(tw_manager_order(m, order, 8), 5);
  SAME_HANDLE(order[4], none());
  /* the pass walks the hole once, then drops it */
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).compactions, c0 + 1);
  ck_assert_uint_eq(stats(m).last_visited, 5);
  ck_assert_int_eq(tw_manager_order(m, order, 8), 4);
  for (i = 0; i < 4; i++)
    SAME_HANDLE(order[i], cp_h[i]);
  EQF(cp_val[4], 0.0f);
  EQF(cp_val[3], 0.234375f);

  /* kill the last two, then append: the short creation of a plain float
   * appends past the holes (more than tw__holes_allowed of the 5), which
   * the next update closes */
  ck_assert_uint_gt(2, tw__holes_allowed(5));
  ck_assert_int_eq(tw_kill(m, cp_h[3], 0), 0);
  ck_assert_int_eq(tw_kill(m, cp_h[2], 0), 0);
  ck_assert_int_eq(tw_float_to(m, &cp_val[5], 1.0f, 8.0, &cp_h[5]), 0);
  tt_valid(m);
  /* without the fast paths, the creation the general way compacted */
  ck_assert_uint_eq(stats(m).compactions, c0 + 1 + !TT_FAST);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).compactions, c0 + 2);
  ck_assert_int_eq(tw_manager_order(m, order, 8), 3);
  for (i = 0; i < 2; i++)
    SAME_HANDLE(order[i], cp_h[i]);
  SAME_HANDLE(order[2], cp_h[5]);
  tw_manager_free(m);
}
END_TEST

/* Few holes stay where they are: an update or an append compacts only
 * when more of the array is holes than the rule allows
 * (tw__holes_allowed), or when the holes are all that keeps an append
 * from room. */
START_TEST(test_update_compaction_deferred) {
  tw_manager *m = tt_manager(NULL, 100);
  tw_handle order[CP_N];
  size_t c0;
  int i, k;

  ck_assert_int_eq(tw_manager_set_capacity(m, 100, 1), 0); /* 101 slots */
  for (i = 0; i < 100; i++) {
    cp_val[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &cp_val[i], 1.0f, 8.0, &cp_h[i]), 0);
  }
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  c0 = stats(m).compactions;
  for (i = 10; i < 100; i += 10) /* 9 holes of 100 */
    ck_assert_int_eq(tw_kill(m, cp_h[i], 0), 0);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).compactions, c0);
  ck_assert_int_eq(tw_manager_order(m, order, CP_N), 100);
  for (i = 0; i < 100; i++) {
    SAME_HANDLE(order[i], i % 10 == 0 && i > 0 ? none() : cp_h[i]);
    EQF(cp_val[i], i % 10 == 0 && i > 0 ? 0.234375f : 0.4375f);
  }
  /* an append with few holes goes to the end */
  ck_assert_int_eq(tw_float_to(m, &cp_val[100], 1.0f, 8.0, &cp_h[100]), 0);
  ck_assert_uint_eq(stats(m).compactions, c0);
  ck_assert_int_eq(tw_manager_order(m, order, CP_N), 101);
  SAME_HANDLE(order[100], cp_h[100]);
  tt_valid(m);
  /* at the capacity's end, the holes make room instead of a growth */
  for (i = 101; i < 109; i++)
    ck_assert_int_eq(tw_float_to(m, &cp_val[i], 1.0f, 8.0, &cp_h[i]), 0);
  ck_assert_uint_eq(stats(m).growths, 0);
  ck_assert_uint_eq(stats(m).compactions, c0 + 1);
  ck_assert_int_eq(tw_manager_order(m, order, CP_N), 100);
  for (i = 0; i < 100; i++)
    ck_assert_int_eq(tw_is_active(m, order[i]), 1);
  SAME_HANDLE(order[99], cp_h[108]);
  tt_valid(m);
  /* as many holes as the rule allows in 100 stay; one more compacts */
  for (i = 1, k = 0; k < (int)tw__holes_allowed(100); i++)
    if (i % 10 != 0) {
      ck_assert_int_eq(tw_kill(m, cp_h[i], 0), 0);
      k++;
    }
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  ck_assert_uint_eq(stats(m).compactions, c0 + 1);
  ck_assert_int_eq(tw_manager_order(m, order, CP_N), 100);
  if (i % 10 == 0)
    i++;
  ck_assert_int_eq(tw_kill(m, cp_h[i], 0), 0);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).compactions, c0 + 2);
  ck_assert_int_eq(tw_manager_order(m, order, CP_N), 99 - k);
  SAME_HANDLE(order[0], cp_h[0]);
  SAME_HANDLE(order[1], cp_h[(i + 1) % 10 == 0 ? i + 2 : i + 1]);
  for (i = 0; i < 99 - k; i++)
    ck_assert_int_eq(tw_is_active(m, order[i]), 1);
  tw_manager_free(m);
}
END_TEST

/* A callback that kills and creates in the middle of a pass. */
static struct {
  int fired;
  tw_handle created;
  float created_v;
  int rc[4];
  int len;
  tw_handle order[16];
  size_t compactions;
} mid;

static void mid_cb(tw_manager *m, tw_handle h, void *ud) {
  tw_stats st;

  (void)h;
  (void)ud;
  if (mid.fired++)
    return;
  mid.rc[0] = tw_kill(m, cp_h[2], 0);
  mid.rc[1] = tw_kill(m, cp_h[7], 0);
  mid.rc[3] = tw_kill(m, cp_h[8], 0);
  mid.rc[2] = tw_float_to(m, &mid.created_v, 8.0f, 8.0, &mid.created);
  mid.len = tw_manager_order(m, mid.order, 16);
  tw_manager_stats(m, &st);
  mid.compactions = st.compactions;
}

START_TEST(test_update_compaction_mid_pass) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle order[16];
  double el = -1;
  size_t c0;
  int i;

  for (i = 0; i < 10; i++) {
    cp_val[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &cp_val[i], 1.0f, 8.0, &cp_h[i]), 0);
  }
  ck_assert_int_eq(tw_on(m, cp_h[5], TW_ON_UPDATE, mid_cb, NULL), 0);
  memset(&mid, 0, sizeof mid);
  mid.created_v = 0;
  c0 = stats(m).compactions;
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  ck_assert_int_eq(mid.fired, 1);
  ck_assert_int_eq(mid.rc[0], 0);
  ck_assert_int_eq(mid.rc[1], 0);
  ck_assert_int_eq(mid.rc[2], 0);
  ck_assert_int_eq(mid.rc[3], 0);
  /* inside the callback: holes in place, the new one after the old end */
  ck_assert_uint_eq(mid.compactions, c0);
  ck_assert_int_eq(mid.len, 11);
  for (i = 0; i < 10; i++)
    SAME_HANDLE(mid.order[i], (i == 2 || i == 7 || i == 8) ? none() : cp_h[i]);
  SAME_HANDLE(mid.order[10], mid.created);
  /* after the pass: still untouched, and the new one did not run */
  ck_assert_uint_eq(stats(m).compactions, c0);
  ck_assert_int_eq(tw_manager_order(m, order, 16), 11);
  SAME_HANDLE(order[2], none());
  SAME_HANDLE(order[7], none());
  SAME_HANDLE(order[8], none());
  SAME_HANDLE(order[10], mid.created);
  ck_assert_uint_eq(stats(m).last_visited, 10);
  EQF(mid.created_v, 0.0f);
  ck_assert_int_eq(tw_elapsed(m, mid.created, &el), 0);
  ck_assert(el == 0.0);
  ck_assert_int_eq(tw_is_active(m, mid.created), 1);
  for (i = 0; i < 10; i++)
    EQF(cp_val[i], i == 7 || i == 8 ? 0.0f : 0.234375f);
  /* the next update compacts once as it walks (three holes in 11 are
   * more than the rule allows), and moves the new one */
  ck_assert_uint_gt(3, tw__holes_allowed(11));
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).compactions, c0 + 1);
  ck_assert_uint_eq(stats(m).last_visited, 11);
  ck_assert_int_eq(tw_manager_order(m, order, 16), 8);
  SAME_HANDLE(order[1], cp_h[1]);
  SAME_HANDLE(order[2], cp_h[3]);
  SAME_HANDLE(order[6], cp_h[9]);
  SAME_HANDLE(order[7], mid.created);
  EQF(mid.created_v, 8.0f * 0.234375f);
  EQF(cp_val[2], 0.234375f);
  EQF(cp_val[7], 0.0f);
  EQF(cp_val[8], 0.0f);
  EQF(cp_val[9], 0.4375f);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* the occupied prefix                                                 */

START_TEST(test_update_prefix) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle h[5];
  float v[5] = {0, 0, 0, 0, 0};
  int i;

  ck_assert_int_eq(tw_manager_set_capacity(m, 1000000, 0), 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 1000000);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  ck_assert_uint_eq(stats(m).last_visited, 0);
  for (i = 0; i < 5; i++)
    ck_assert_int_eq(tw_float_to(m, &v[i], 1.0f, 8.0, &h[i]), 0);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  ck_assert_uint_eq(stats(m).last_visited, 5);
  NOW_OF(m, TW_UPDATE_MANUAL, 1.0); /* other types walk the same prefix */
  ck_assert_uint_eq(stats(m).last_visited, 5);
  ck_assert_int_eq(tw_kill(m, h[1], 0), 0);
  ck_assert_int_eq(tw_kill(m, h[4], 0), 0);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0); /* walks the holes once, closing them */
  ck_assert_uint_eq(stats(m).last_visited, 5);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 3);
  EQF(v[0], 0.4375f);
  EQF(v[4], 0.234375f);
  tt_valid(m);
  ck_assert_int_eq(tw_kill_all(m, 0), 3);
  /* the three holes, at the front: the pass moves the window past them
   * first, and walks none */
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  ck_assert_uint_eq(stats(m).last_visited, 0);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 0);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  ck_assert_uint_eq(stats(m).last_visited, 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 1000000);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* update types and time scales                                        */

enum { UT_N, UT_L, UT_F, UT_M, UT_I, UT_S, UT_IS, UT_COUNT };

START_TEST(test_update_types) {
  tw_manager *m = tt_manager(NULL, 0);
  float v[UT_COUNT];
  tw_handle h[UT_COUNT];
  double el;
  int i;

  /* linear 0 -> 128 over 128 s: the value is the elapsed time */
  for (i = 0; i < UT_COUNT; i++) {
    v[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &v[i], 128.0f, 128.0, &h[i]), 0);
    ck_assert_int_eq(tw_set_ease(m, h[i], TW_EASE_LINEAR), 0);
  }
  ck_assert_int_eq(tw_set_update_type(m, h[UT_L], TW_UPDATE_LATE), 0);
  ck_assert_int_eq(tw_set_update_type(m, h[UT_F], TW_UPDATE_FIXED), 0);
  ck_assert_int_eq(tw_set_update_type(m, h[UT_M], TW_UPDATE_MANUAL), 0);
  ck_assert_int_eq(tw_set_independent(m, h[UT_I], 1), 0);
  ck_assert_int_eq(tw_set_timescale(m, h[UT_S], 0.5), 0);
  ck_assert_int_eq(tw_set_independent(m, h[UT_IS], 1), 0);
  ck_assert_int_eq(tw_set_timescale(m, h[UT_IS], 0.5), 0);

  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 4.0), 0);
  EQF(v[UT_N], 1.0f);
  EQF(v[UT_L], 0.0f);
  EQF(v[UT_F], 0.0f);
  EQF(v[UT_M], 0.0f);
  EQF(v[UT_I], 4.0f);
  EQF(v[UT_S], 0.5f);
  EQF(v[UT_IS], 2.0f);
  tt_valid(m);

  ck_assert_int_eq(tw_update(m, TW_UPDATE_LATE, 2.0, 16.0), 0);
  EQF(v[UT_L], 2.0f);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_FIXED, 4.0, 16.0), 0);
  EQF(v[UT_F], 4.0f);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_MANUAL, 8.0, 16.0), 0);
  EQF(v[UT_M], 8.0f);
  /* none of those touched the normal ones */
  EQF(v[UT_N], 1.0f);
  EQF(v[UT_I], 4.0f);
  EQF(v[UT_S], 0.5f);
  EQF(v[UT_IS], 2.0f);
  EQF(v[UT_L], 2.0f);
  EQF(v[UT_F], 4.0f);

  /* manager time scale: multiplies scaled dt, and the tween's own */
  ck_assert_int_eq(tw_manager_set_timescale(m, 2.0), 0);
  ck_assert(tw_manager_timescale(m) == 2.0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 4.0), 0);
  EQF(v[UT_N], 3.0f);
  EQF(v[UT_S], 1.5f);
  EQF(v[UT_I], 8.0f);  /* independent: unscaled dt, no manager scale */
  EQF(v[UT_IS], 4.0f); /* ... but its own scale */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_LATE, 1.0, 4.0), 0);
  EQF(v[UT_L], 4.0f);
  /* own time scale may change at any time */
  ck_assert_int_eq(tw_set_timescale(m, h[UT_S], 4.0), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 4.0), 0);
  EQF(v[UT_S], 9.5f);
  EQF(v[UT_N], 5.0f);
  ck_assert_int_eq(tw_elapsed(m, h[UT_S], &el), 0);
  ck_assert(el == 9.5);
  ck_assert_int_eq(tw_elapsed(m, h[UT_M], &el), 0);
  ck_assert(el == 8.0);
  /* time scale 0 freezes the scaled ones */
  ck_assert_int_eq(tw_manager_set_timescale(m, 0.0), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0), 0);
  EQF(v[UT_N], 5.0f);
  EQF(v[UT_I], 13.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* re-entrancy (DESIGN §3)                                             */

enum { PE, PX, PL, PK, PZ, NPROBE }; /* earlier, trigger, later, kept, Z */
enum {
  A_CREATE,
  A_KILL_SELF,
  A_KILL_OTHERS,
  A_COMPLETE_OTHERS,
  A_KILL_ALL,
  A_CLEAR,
  A_CAPACITY,
  A_GROW,
  A_BUSY
};

#define GROW_N 1000

typedef struct probe {
  float v;
  tw_handle h;
  int n[TW_ON_COUNT];
  int bad_handle;
} probe;

static struct {
  tw_manager *m;
  tt_alloc_state a;
  probe p[NPROBE];
  int action, ev, fired;
  int rc[4];
  tw_handle created;
  float created_v;
  int order_len;
  tw_handle order[8];
  float grow_v[GROW_N];
  tw_handle grow_h[GROW_N];
  int grown;
  size_t cap_in_cb;
} W;

static const float re_end[NPROBE] = {100, 1, 200, 300, 400};
static const double re_dur[NPROBE] = {8, 1, 8, 8, 8};
/* after one 1 s update with nothing interfering: y(1/8) = 0.234375 */
static const float re_v1[NPROBE] = {23.4375f, 1, 46.875f, 70.3125f, 93.75f};
static const int re_events[3] = {TW_ON_UPDATE, TW_ON_COMPLETE, TW_ON_KILL};

static void re_act(tw_manager *m) {
  tw_stats st;
  int i;

  switch (W.action) {
  case A_CREATE:
    W.rc[0] = tw_float_to(m, &W.created_v, 8.0f, 8.0, &W.created);
    W.order_len = tw_manager_order(m, W.order, 8);
    break;
  case A_KILL_SELF:
    W.rc[0] = tw_kill(m, W.p[PX].h, 0);
    break;
  case A_KILL_OTHERS:
    W.rc[0] = tw_kill(m, W.p[PE].h, 0);
    W.rc[1] = tw_kill(m, W.p[PL].h, 0);
    break;
  case A_COMPLETE_OTHERS:
    W.rc[0] = tw_complete(m, W.p[PE].h);
    W.rc[1] = tw_complete(m, W.p[PL].h);
    W.rc[2] = tw_complete(m, W.p[PK].h);
    break;
  case A_KILL_ALL:
    W.rc[0] = tw_kill_all(m, 0);
    break;
  case A_CLEAR:
    W.rc[0] = tw_manager_clear(m);
    break;
  case A_CAPACITY:
    W.rc[0] = tw_manager_set_capacity(m, 100000, 0);
    break;
  case A_GROW:
    for (i = 0; i < GROW_N; i++) {
      W.grow_v[i] = 0;
      if (tw_float_to(m, &W.grow_v[i], 1.0f, 8.0, &W.grow_h[i]) == 0)
        W.grown++;
    }
    tw_manager_stats(m, &st);
    W.cap_in_cb = st.tweens_capacity;
    /* issued after the growth, in the same callback */
    W.rc[0] = tw_kill(m, W.p[PL].h, 0);
    W.rc[1] = tw_pause(m, W.p[PZ].h);
    W.rc[2] = tw_kill(m, W.p[PE].h, 0);
    break;
  case A_BUSY:
    W.rc[0] = tw_update(m, TW_UPDATE_NORMAL, 1.0, 1.0);
    W.rc[1] = tw_update(m, TW_UPDATE_MANUAL, 1.0, 1.0);
    W.rc[2] = tw_manager_free(m);
    break;
  default:
    break;
  }
}

static void re_event(tw_manager *m, tw_handle h, void *ud, int ev) {
  probe *p = ud;

  p->n[ev]++;
  if (h.index != p->h.index || h.gen != p->h.gen)
    p->bad_handle++;
  if (p == &W.p[PX] && ev == W.ev && !W.fired) {
    W.fired = 1;
    re_act(m);
  }
}

#define RE_THUNK(ev)                                                           \
  static void re_cb_##ev(tw_manager *m, tw_handle h, void *ud) {               \
    re_event(m, h, ud, ev);                                                    \
  }
RE_THUNK(0)
RE_THUNK(1)
RE_THUNK(2)
RE_THUNK(3)
RE_THUNK(4)
RE_THUNK(5)
RE_THUNK(6)
RE_THUNK(7)

static tw_manager *re_setup(int action, int ev_index) {
  static const tw_callback cbs[TW_ON_COUNT] = {
      re_cb_0, re_cb_1, re_cb_2, re_cb_3, re_cb_4, re_cb_5, re_cb_6, re_cb_7};
  tw_manager *m;
  int i, e;

  memset(&W, 0, sizeof W);
  m = tt_manager(&W.a, 0);
  W.m = m;
  W.action = action;
  W.ev = re_events[ev_index];
  for (i = 0; i < 4; i++)
    W.rc[i] = 12345;
  for (i = 0; i < NPROBE; i++) {
    probe *p = &W.p[i];
    p->v = 0;
    ck_assert_int_eq(tw_float_to(m, &p->v, re_end[i], re_dur[i], &p->h), 0);
    for (e = 0; e < TW_ON_COUNT; e++)
      ck_assert_int_eq(tw_on(m, p->h, (tw_event)e, cbs[e], p), 0);
  }
  ck_assert_int_eq(tw_set_autokill(m, W.p[PK].h, 0), 0);
  return m;
}

static void re_pass(tw_manager *m) {
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  ck_assert_int_eq(W.fired, 1);
  tt_valid(m);
}

/* A probe after the pass. */
static void re_expect(int i, float v, int active, int completes, int kills) {
  probe *p = &W.p[i];

  ck_assert_msg(p->v == v, "probe %d holds %.9g, expected %.9g", i,
                (double)p->v, (double)v);
  ck_assert_msg(tw_is_active(W.m, p->h) == active, "probe %d active", i);
  ck_assert_msg(p->n[TW_ON_COMPLETE] == completes,
                "probe %d: %d COMPLETE, expected %d", i, p->n[TW_ON_COMPLETE],
                completes);
  ck_assert_msg(p->n[TW_ON_KILL] == kills, "probe %d: %d KILL, expected %d", i,
                p->n[TW_ON_KILL], kills);
  ck_assert_int_eq(p->bad_handle, 0);
}

/* The trigger completed normally in the pass (auto-kill). */
static void re_expect_x_normal(void) {
  re_expect(PX, 1.0f, 0, 1, 1);
  ck_assert_int_eq(W.p[PX].n[TW_ON_STEP_COMPLETE], 1);
  ck_assert_int_eq(W.p[PX].n[TW_ON_UPDATE], 1);
}

/* Kill what is left; every KILL ran exactly once, COMPLETE at most once. */
static void re_finish(tw_manager *m) {
  int i;

  tt_valid(m);
  ck_assert_int_ge(tw_kill_all(m, 0), 0);
  tt_valid(m);
  ck_assert_uint_eq(stats(m).live, 0);
  for (i = 0; i < NPROBE; i++) {
    ck_assert_msg(W.p[i].n[TW_ON_KILL] == 1, "probe %d: %d KILL", i,
                  W.p[i].n[TW_ON_KILL]);
    ck_assert_int_le(W.p[i].n[TW_ON_COMPLETE], 1);
    ck_assert_int_le(W.p[i].n[TW_ON_START], 1);
    ck_assert_int_eq(W.p[i].bad_handle, 0);
  }
  ck_assert_int_eq(tw_manager_free(m), 0);
  /* nothing leaked, whatever the callbacks did */
  ck_assert_uint_eq(W.a.live_blocks, 0);
  ck_assert_uint_eq(W.a.live_bytes, 0);
}

START_TEST(test_update_reentrant_create) {
  tw_manager *m = re_setup(A_CREATE, _i);
  tw_handle order[8];
  double el = -1;
  int i;

  re_pass(m);
  ck_assert_int_eq(W.rc[0], 0);
  /* in the callback: the new one appended after the old end */
  ck_assert_int_eq(W.order_len, 6);
  for (i = 0; i < NPROBE; i++)
    SAME_HANDLE(W.order[i], i == PX && W.ev == TW_ON_KILL ? none() : W.p[i].h);
  SAME_HANDLE(W.order[5], W.created);
  /* after: it did not run, and the array is untouched */
  EQF(W.created_v, 0.0f);
  ck_assert_int_eq(tw_is_active(m, W.created), 1);
  ck_assert_int_eq(tw_elapsed(m, W.created, &el), 0);
  ck_assert(el == 0.0);
  ck_assert_int_eq(tw_manager_order(m, order, 8), 6);
  SAME_HANDLE(order[PX], none());
  SAME_HANDLE(order[5], W.created);
  re_expect(PE, re_v1[PE], 1, 0, 0);
  re_expect_x_normal();
  re_expect(PL, re_v1[PL], 1, 0, 0);
  re_expect(PK, re_v1[PK], 1, 0, 0);
  re_expect(PZ, re_v1[PZ], 1, 0, 0);
  /* it first moves on the next update, still after the others (the
   * hole closed or not, as the rule of compaction says) */
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  EQF(W.created_v, 8.0f * 0.234375f);
  EQF(W.p[PE].v, 43.75f);
  ck_assert_int_eq(live_order(m, order, 8), 5);
  SAME_HANDLE(order[4], W.created);
  re_finish(m);
}
END_TEST

START_TEST(test_update_reentrant_kill_self) {
  tw_manager *m = re_setup(A_KILL_SELF, _i);

  re_pass(m);
  /* inside its own KILL callback the handle is already stale */
  ck_assert_int_eq(W.rc[0], W.ev == TW_ON_KILL ? TW_ESTALE : 0);
  /* killed in UPDATE: no STEP_COMPLETE, no COMPLETE after it */
  re_expect(PX, 1.0f, 0, W.ev == TW_ON_UPDATE ? 0 : 1, 1);
  ck_assert_int_eq(W.p[PX].n[TW_ON_STEP_COMPLETE],
                   W.ev == TW_ON_UPDATE ? 0 : 1);
  ck_assert_int_eq(W.p[PX].n[TW_ON_PAUSE], 0);
  re_expect(PE, re_v1[PE], 1, 0, 0);
  re_expect(PL, re_v1[PL], 1, 0, 0);
  re_expect(PK, re_v1[PK], 1, 0, 0);
  re_expect(PZ, re_v1[PZ], 1, 0, 0);
  re_finish(m);
}
END_TEST

START_TEST(test_update_reentrant_kill_others) {
  tw_manager *m = re_setup(A_KILL_OTHERS, _i);

  re_pass(m);
  ck_assert_int_eq(W.rc[0], 0);
  ck_assert_int_eq(W.rc[1], 0);
  re_expect(PE, re_v1[PE], 0, 0, 1); /* already written this pass */
  re_expect(PL, 0.0f, 0, 0, 1);      /* never written */
  ck_assert_int_eq(W.p[PL].n[TW_ON_UPDATE], 0);
  ck_assert_int_eq(W.p[PL].n[TW_ON_START], 0);
  re_expect_x_normal();
  re_expect(PK, re_v1[PK], 1, 0, 0);
  re_expect(PZ, re_v1[PZ], 1, 0, 0);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  EQF(W.p[PE].v, re_v1[PE]);
  EQF(W.p[PL].v, 0.0f);
  EQF(W.p[PZ].v, 400.0f * 0.4375f);
  re_finish(m);
}
END_TEST

START_TEST(test_update_reentrant_complete_others) {
  tw_manager *m = re_setup(A_COMPLETE_OTHERS, _i);

  re_pass(m);
  ck_assert_int_eq(W.rc[0], 0);
  ck_assert_int_eq(W.rc[1], 0);
  ck_assert_int_eq(W.rc[2], 0);
  /* each at its end value exactly, COMPLETE once, not written again */
  re_expect(PE, 100.0f, 0, 1, 1);
  ck_assert_int_eq(W.p[PE].n[TW_ON_UPDATE], 1);
  re_expect(PL, 200.0f, 0, 1, 1);
  ck_assert_int_eq(W.p[PL].n[TW_ON_UPDATE], 0);
  ck_assert_int_eq(W.p[PL].n[TW_ON_START], 1);
  re_expect(PK, 300.0f, 1, 1, 0); /* auto-kill off: stays, paused */
  ck_assert_int_eq(W.p[PK].n[TW_ON_UPDATE], 0);
  ck_assert_int_eq(W.p[PK].n[TW_ON_PAUSE], 1);
  ck_assert_int_eq(tw_is_complete(m, W.p[PK].h), 1);
  ck_assert_int_eq(tw_is_playing(m, W.p[PK].h), 0);
  re_expect_x_normal();
  re_expect(PZ, re_v1[PZ], 1, 0, 0);
  /* the kept one is never written again; completing it again is a no-op */
  W.p[PK].v = -1.0f;
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  EQF(W.p[PK].v, -1.0f);
  ck_assert_int_eq(tw_complete(m, W.p[PK].h), 0);
  EQF(W.p[PK].v, -1.0f);
  ck_assert_int_eq(W.p[PK].n[TW_ON_COMPLETE], 1);
  ck_assert_int_eq(W.p[PK].n[TW_ON_UPDATE], 0);
  EQF(W.p[PE].v, 100.0f);
  EQF(W.p[PL].v, 200.0f);
  re_finish(m);
}
END_TEST

static void re_check_all_killed(tw_manager *m) {
  int i;

  ck_assert_uint_eq(stats(m).live, 0);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 0); /* holes dropped */
  re_expect(PE, re_v1[PE], 0, 0, 1);
  re_expect(PX, 1.0f, 0, W.ev == TW_ON_UPDATE ? 0 : 1, 1);
  for (i = PL; i < NPROBE; i++) {
    re_expect(i, 0.0f, 0, 0, 1);
    ck_assert_int_eq(W.p[i].n[TW_ON_START], 0);
  }
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  ck_assert_int_eq(tw_manager_order(m, NULL, 0), 0);
  EQF(W.p[PL].v, 0.0f);
}

START_TEST(test_update_reentrant_kill_all) {
  tw_manager *m = re_setup(A_KILL_ALL, _i);

  re_pass(m);
  /* from KILL the trigger is already dead */
  ck_assert_int_eq(W.rc[0], W.ev == TW_ON_KILL ? NPROBE - 1 : NPROBE);
  re_check_all_killed(m);
  re_finish(m);
}
END_TEST

START_TEST(test_update_reentrant_clear) {
  tw_manager *m = re_setup(A_CLEAR, _i);

  re_pass(m);
  ck_assert_int_eq(W.rc[0], 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, TW_DEFAULT_TWEENS);
  /* the trigger's own record goes back after its KILL callback returns */
  if (W.ev != TW_ON_KILL)
    ck_assert_uint_eq(stats(m).pool_size, 0);
  re_check_all_killed(m);
  re_finish(m);
}
END_TEST

START_TEST(test_update_reentrant_capacity) {
  tw_manager *m = re_setup(A_CAPACITY, _i);
  int i;

  re_pass(m);
  ck_assert_int_eq(W.rc[0], 0);
  ck_assert_uint_eq(stats(m).tweens_capacity, 100000);
  ck_assert_uint_eq(stats(m).growths, 0);
  for (i = 0; i < NPROBE; i++)
    if (i != PX)
      re_expect(i, re_v1[i], 1, 0, 0);
  re_expect_x_normal();
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  EQF(W.p[PZ].v, 400.0f * 0.4375f);
  re_finish(m);
}
END_TEST

START_TEST(test_update_reentrant_grow) {
  tw_manager *m = re_setup(A_GROW, _i);
  int i;

  re_pass(m);
  ck_assert_int_eq(W.grown, GROW_N);
  ck_assert_uint_eq(W.cap_in_cb, 1250);
  ck_assert_uint_eq(stats(m).growths, 2);
  ck_assert_uint_eq(stats(m).tweens_capacity, 1250);
  ck_assert_int_eq(W.rc[0], 0);
  ck_assert_int_eq(W.rc[1], 0);
  ck_assert_int_eq(W.rc[2], 0);
  /* the kills and the pause issued after the growth took effect */
  re_expect(PL, 0.0f, 0, 0, 1);
  ck_assert_int_eq(W.p[PL].n[TW_ON_UPDATE], 0);
  re_expect(PZ, 0.0f, 1, 0, 0);
  ck_assert_int_eq(tw_is_playing(m, W.p[PZ].h), 0);
  ck_assert_int_eq(W.p[PZ].n[TW_ON_PAUSE], 1);
  ck_assert_int_eq(W.p[PZ].n[TW_ON_UPDATE], 0);
  re_expect(PE, re_v1[PE], 0, 0, 1);
  re_expect(PK, re_v1[PK], 1, 0, 0);
  re_expect_x_normal();
  ck_assert_uint_eq(stats(m).live, GROW_N + 2);
  for (i = 0; i < GROW_N; i++) {
    ck_assert_int_eq(tw_is_active(m, W.grow_h[i]), 1);
    EQF(W.grow_v[i], 0.0f);
  }
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  for (i = 0; i < GROW_N; i++)
    EQF(W.grow_v[i], 0.234375f);
  EQF(W.p[PZ].v, 0.0f);
  EQF(W.p[PK].v, 300.0f * 0.4375f);
  EQF(W.p[PL].v, 0.0f);
  ck_assert_int_eq(tw_play(m, W.p[PZ].h), 0);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  EQF(W.p[PZ].v, re_v1[PZ]);
  re_finish(m);
}
END_TEST

START_TEST(test_update_reentrant_busy) {
  tw_manager *m = re_setup(A_BUSY, _i);
  int i;

  re_pass(m);
  ck_assert_int_eq(W.rc[0], TW_EBUSY);
  ck_assert_int_eq(W.rc[1], TW_EBUSY);
  ck_assert_int_eq(W.rc[2], TW_EBUSY);
  /* the refused update moved nothing twice */
  for (i = 0; i < NPROBE; i++)
    if (i != PX)
      re_expect(i, re_v1[i], 1, 0, 0);
  re_expect_x_normal();
  re_finish(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* time                                                                */

static int tm_steps[2], tm_completes[2];
static void tm_step_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  tm_steps[*(int *)ud]++;
}
static void tm_complete_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  tm_completes[*(int *)ud]++;
}

/* The value a 2 -> 10 tween with duration 1 and loops of type lt holds at
 * elapsed e, worked out from the definitions. */
static float loop_value(int lt, int loops, double e) {
  double pos, y;
  int k;

  if (loops > 0 && e >= loops) {
    k = loops - 1;
    pos = 1.0;
  } else {
    k = (int)e;
    pos = e - k;
  }
  if (lt == TW_LOOP_YOYO && (k & 1))
    y = outquad(1.0 - pos);
  else
    y = outquad(pos);
  if (lt == TW_LOOP_INCREMENTAL)
    y += k;
  if (y == 0.0)
    return 2.0f;
  return lerpf(2.0f, 10.0f, y);
}

static const struct {
  int type, loops;
} loop_cases[] = {{TW_LOOP_RESTART, 3},     {TW_LOOP_YOYO, 3},
                  {TW_LOOP_YOYO, 2},        {TW_LOOP_INCREMENTAL, 3},
                  {TW_LOOP_RESTART, -1},    {TW_LOOP_YOYO, -1},
                  {TW_LOOP_INCREMENTAL, -1}};

/* Every built-in ease of a running tween, by pointer (_i 0) and by
 * setter (_i 1), with the default parameters, with overshoot 3 and with
 * an overshoot so large that its fraction is clamped: the value at each
 * step is the general way's, sane(tw__ease), bit for bit (the update's
 * inline eases, easeform.h, and Back with the record's overshoot). */
static float er_value;

static int er_set(void *ud, const void *value) {
  memcpy(ud, value, sizeof(float));
  return 0;
}

static void er_get(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

START_TEST(test_update_eases_running) {
  static const double overs[] = {-1.0, 3.0, 1e19}; /* -1: none set */
  int e;
  size_t k;

  for (e = 0; e < TW_EASE_SPRING; e++)
    for (k = 0; k < sizeof overs / sizeof overs[0]; k++) {
      tw_manager *m = tt_manager(NULL, 0);
      float end = 1.0f;
      double el = 0.0;
      tw_handle h;
      int step;

      er_value = 0.0f;
      if (_i == 0)
        ck_assert_int_eq(tw_float_to(m, &er_value, end, 1.0, &h), 0);
      else
        ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, er_set, er_get, &er_value,
                                  &end, 1.0, &h),
                         0);
      ck_assert_int_eq(tw_set_ease(m, h, (tw_ease)e), 0);
      if (overs[k] >= 0)
        ck_assert_int_eq(tw_set_ease_params(m, h, overs[k], 0.0), 0);
      for (step = 0; step < 7; step++) {
        double a = overs[k] >= 0 ? overs[k] : 1.70158, y;

        ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.125, 0.125), 0);
        el += 0.125;
        y = tw__ease(e, el, 1.0, a, 0.0);
        y = y > 1e18 ? 1e18 : y < -1e18 ? -1e18 : y;
        if (!(er_value == lerpf(0.0f, 1.0f, y)))
          ck_abort_msg("%s (overshoot %g, by %s) at %g: %.9g, not %.9g",
                       tw_ease_name((tw_ease)e), a, _i ? "setter" : "pointer",
                       el, er_value, lerpf(0.0f, 1.0f, y));
      }
      tw_manager_free(m);
    }
}
END_TEST

START_TEST(test_update_loops_one_vs_many) {
  static int tags[2] = {0, 1};
  static const double checkpoints[] = {1.25, 2.5, 10.0};
  int lt = loop_cases[_i].type, loops = loop_cases[_i].loops;
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle big, small;
  float vb = 2.0f, vs = 2.0f;
  double e = 0, eb, es;
  int c, done;

  /* big: normal updates; small: late updates of 1/8 s */
  ck_assert_int_eq(tw_float_to(m, &vb, 10.0f, 1.0, &big), 0);
  ck_assert_int_eq(tw_float_to(m, &vs, 10.0f, 1.0, &small), 0);
  ck_assert_int_eq(tw_set_update_type(m, small, TW_UPDATE_LATE), 0);
  ck_assert_int_eq(tw_set_loops(m, big, loops, (tw_loop_type)lt), 0);
  ck_assert_int_eq(tw_set_loops(m, small, loops, (tw_loop_type)lt), 0);
  ck_assert_int_eq(tw_on(m, big, TW_ON_STEP_COMPLETE, tm_step_cb, &tags[0]), 0);
  ck_assert_int_eq(tw_on(m, small, TW_ON_STEP_COMPLETE, tm_step_cb, &tags[1]),
                   0);
  ck_assert_int_eq(tw_on(m, big, TW_ON_COMPLETE, tm_complete_cb, &tags[0]), 0);
  ck_assert_int_eq(tw_on(m, small, TW_ON_COMPLETE, tm_complete_cb, &tags[1]),
                   0);
  memset(tm_steps, 0, sizeof tm_steps);
  memset(tm_completes, 0, sizeof tm_completes);

  for (c = 0; c < 3; c++) {
    double to = checkpoints[c];
    NOW_OF(m, TW_UPDATE_NORMAL, to - e);
    while (e < to) {
      e += 0.125;
      NOW_OF(m, TW_UPDATE_LATE, 0.125);
      /* one STEP_COMPLETE per finished loop, as it finishes */
      done = loops > 0 && e >= loops ? loops : (int)e;
      ck_assert_int_eq(tm_steps[1], done);
    }
    tt_valid(m);
    done = loops > 0 && e >= loops ? loops : (int)e;
    EQF(vb, loop_value(lt, loops, e));
    EQF(vs, loop_value(lt, loops, e));
    ck_assert_int_eq(tm_steps[0], done);
    ck_assert_int_eq(tm_steps[1], done);
    ck_assert_int_eq(tm_completes[0], loops > 0 && e >= loops);
    ck_assert_int_eq(tm_completes[1], loops > 0 && e >= loops);
    ck_assert_int_eq(tw_is_active(m, big), !(loops > 0 && e >= loops));
    ck_assert_int_eq(tw_is_active(m, small), !(loops > 0 && e >= loops));
    if (tw_is_active(m, big)) {
      ck_assert_int_eq(tw_loops_done(m, big), done);
      ck_assert_int_eq(tw_loops_done(m, small), done);
      ck_assert_int_eq(tw_elapsed(m, big, &eb), 0);
      ck_assert_int_eq(tw_elapsed(m, small, &es), 0);
      ck_assert(eb == e);
      ck_assert(es == e);
    }
  }
  if (loops > 0) {
    EQF(vb, lt == TW_LOOP_INCREMENTAL              ? 26.0f
            : lt == TW_LOOP_YOYO && loops % 2 == 0 ? 2.0f
                                                   : 10.0f);
  }
  tw_manager_free(m);
}
END_TEST

START_TEST(test_update_hour) {
  static int tag = 0;
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle fast, slow, kept;
  float vf = 0, vs = 0, vk = 0;
  const double dt = 1.0 / 60;
  double el;
  long k;

  ck_assert_int_eq(tw_float_to(m, &vf, 5.0f, 3600.0, &fast), 0);
  ck_assert_int_eq(tw_float_to(m, &vs, 6.0f, 3600.0, &slow), 0);
  ck_assert_int_eq(tw_float_to(m, &vk, 7.0f, 3600.0, &kept), 0);
  ck_assert_int_eq(tw_on(m, slow, TW_ON_COMPLETE, tm_complete_cb, &tag), 0);
  ck_assert_int_eq(tw_set_autokill(m, kept, 0), 0);
  /* linear, so that the value one update before the end is below it */
  ck_assert_int_eq(tw_set_ease(m, fast, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_set_ease(m, kept, TW_EASE_LINEAR), 0);
  memset(tm_completes, 0, sizeof tm_completes);
  for (k = 1; k <= 215999; k++) {
    ck_assert(tw_update(m, TW_UPDATE_NORMAL, dt, dt) == 0);
    if (k == 1 || k == 60 || k == 3600 || k == 108000 || k == 215999) {
      ck_assert_int_eq(tw_elapsed(m, fast, &el), 0);
      ck_assert_double_eq_tol(el, k / 60.0, 1e-6);
      ck_assert_int_eq(tw_elapsed(m, slow, &el), 0);
      ck_assert_double_eq_tol(el, k / 60.0, 1e-6);
      ck_assert_int_eq(tw_elapsed(m, kept, &el), 0);
      ck_assert_double_eq_tol(el, k / 60.0, 1e-6);
    }
  }
  ck_assert_int_eq(tw_is_active(m, fast), 1);
  ck_assert_int_eq(tw_is_complete(m, fast), 0);
  ck_assert_int_eq(tw_is_active(m, slow), 1);
  ck_assert_int_eq(tw_is_complete(m, kept), 0);
  ck_assert_int_eq(tm_completes[0], 0);
  ck_assert(vf < 5.0f);
  ck_assert(vk < 7.0f);
  /* update 216,000 */
  NOW_OF(m, TW_UPDATE_NORMAL, dt);
  tt_valid(m);
  ck_assert_int_eq(tw_is_active(m, fast), 0);
  EQF(vf, 5.0f);
  ck_assert_int_eq(tw_is_active(m, slow), 0);
  ck_assert_int_eq(tm_completes[0], 1);
  EQF(vs, 6.0f);
  ck_assert_int_eq(tw_is_complete(m, kept), 1);
  ck_assert_int_eq(tw_elapsed(m, kept, &el), 0);
  ck_assert(el == 3600.0);
  EQF(vk, 7.0f);
  vk = -1.0f;
  NOW_OF(m, TW_UPDATE_NORMAL, dt);
  EQF(vk, -1.0f);
  ck_assert_int_eq(tm_completes[0], 1);
  tw_manager_free(m);
}
END_TEST

/* Steps that do not add up exactly (10 x 0.1 < 1) still reach the loop
 * boundaries and the end on the update that should reach them. */
START_TEST(test_update_snap) {
  static int tag = 0;
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle one, looped;
  float v1 = 0, vl = 0;
  int k;

  ck_assert_int_eq(tw_float_to(m, &v1, 1.0f, 1.0, &one), 0);
  ck_assert_int_eq(tw_float_to(m, &vl, 1.0f, 1.0, &looped), 0);
  ck_assert_int_eq(tw_set_loops(m, looped, 3, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_on(m, looped, TW_ON_STEP_COMPLETE, tm_step_cb, &tag), 0);
  ck_assert_int_eq(tw_on(m, looped, TW_ON_COMPLETE, tm_complete_cb, &tag), 0);
  memset(tm_steps, 0, sizeof tm_steps);
  memset(tm_completes, 0, sizeof tm_completes);
  for (k = 1; k <= 30; k++) {
    NOW_OF(m, TW_UPDATE_NORMAL, 0.1);
    ck_assert_int_eq(tw_is_active(m, one), k < 10);
    ck_assert_int_eq(tm_steps[0], k / 10);
    ck_assert_int_eq(tm_completes[0], k == 30);
    ck_assert_int_eq(tw_is_active(m, looped), k < 30);
  }
  EQF(v1, 1.0f);
  EQF(vl, 1.0f);
  tw_manager_free(m);
}
END_TEST

static int all_events[TW_ON_COUNT] = {0, 1, 2, 3, 4, 5, 6, 7};

static void log_all(tw_manager *m, tw_handle h) {
  int e;

  for (e = 0; e < TW_ON_COUNT; e++)
    tt_on(m, h, (tw_event)e, &all_events[e]);
}

static void expect_log(const int *evs, int n) {
  int i;

  for (i = 0; i < n && i < tt_nlog; i++)
    ck_assert_msg(tt_log[i].event == evs[i], "event %d is %d, expected %d", i,
                  tt_log[i].event, evs[i]);
  ck_assert_int_eq(tt_nlog, n);
}

START_TEST(test_update_zero_duration) {
  static const int order[] = {TW_ON_START,         TW_ON_PLAY,     TW_ON_UPDATE,
                              TW_ON_STEP_COMPLETE, TW_ON_COMPLETE, TW_ON_KILL};
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle a, b, c;
  float va = 0.1f, vb = 0.3f, vc = 0.7f;

  /* dt 0 and dt > 0 both complete on the first update, exactly */
  ck_assert_int_eq(tw_float_to(m, &va, 0.7f, 0.0, &a), 0);
  log_all(m, a);
  tt_log_reset();
  NOW_OF(m, TW_UPDATE_NORMAL, 0.0);
  /* (float): a float constant may be evaluated in a wider format
   * (FLT_EVAL_METHOD 2, x87 with ISO excess precision); a cast rounds it */
  EQF(va, (float)0.7f);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  expect_log(order, 6);

  ck_assert_int_eq(tw_float_to(m, &vb, 0.9f, 0.0, &b), 0);
  ck_assert_int_eq(tw_set_autokill(m, b, 0), 0);
  ck_assert_int_eq(tw_float_to(m, &vc, 0.1f, 0.0, &c), 0);
  ck_assert_int_eq(tw_set_loops(m, c, 3, TW_LOOP_RESTART), 0);
  tt_on(m, c, TW_ON_STEP_COMPLETE, &all_events[5]);
  ck_assert_int_eq(tw_loops_done(m, b), 0); /* nothing finished yet */
  ck_assert_int_eq(tw_loops_done(m, c), 0);
  ck_assert_int_eq(tw_is_complete(m, b), 0);
  tt_log_reset();
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0 / 60);
  tt_valid(m);
  EQF(vb, (float)0.9f);
  EQF(vc, (float)0.1f);
  ck_assert_int_eq(tw_is_complete(m, b), 1);
  ck_assert_int_eq(tw_loops_done(m, b), 1);
  ck_assert_int_eq(tw_is_active(m, c), 0);
  ck_assert_int_eq(tt_nlog, 3); /* one STEP_COMPLETE per loop */
  tw_manager_free(m);
}
END_TEST

START_TEST(test_update_delay) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle a, b;
  float va = 1.0f, vb = 1.0f;
  double el;

  ck_assert_int_eq(tw_float_to(m, &va, 7.0f, 1.0, &a), 0);
  ck_assert_int_eq(tw_set_delay(m, a, 0.5), 0);
  log_all(m, a);
  tt_log_reset();
  NOW_OF(m, TW_UPDATE_NORMAL, 0.25);
  EQF(va, 1.0f);
  ck_assert_int_eq(tt_nlog, 0); /* no START during the delay */
  ck_assert_int_eq(tw_elapsed(m, a, &el), 0);
  ck_assert(el == 0.0);
  /* the program changes the value during the delay */
  va = 3.0f;
  /* the delay just ends: the start value is read now, nothing played */
  NOW_OF(m, TW_UPDATE_NORMAL, 0.25);
  EQF(va, 3.0f);
  ck_assert_int_eq(tt_nlog, 3);
  ck_assert_int_eq(tt_log[0].event, TW_ON_START);
  ck_assert_int_eq(tt_log[1].event, TW_ON_PLAY);
  ck_assert_int_eq(tt_log[2].event, TW_ON_UPDATE);
  ck_assert_int_eq(tw_elapsed(m, a, &el), 0);
  ck_assert(el == 0.0);
  NOW_OF(m, TW_UPDATE_NORMAL, 0.25);
  EQF(va, 3.0f + 4.0f * 0.4375f);
  ck_assert_int_eq(tw_set_delay(m, a, 1.0), TW_ELOCKED);
  tw_manager_free(m);

  /* a delay with time left over in the same update */
  m = tt_manager(NULL, 0);
  ck_assert_int_eq(tw_float_to(m, &vb, 9.0f, 1.0, &b), 0);
  ck_assert_int_eq(tw_set_delay(m, b, 0.5), 0);
  NOW_OF(m, TW_UPDATE_NORMAL, 0.25);
  vb = 5.0f;
  NOW_OF(m, TW_UPDATE_NORMAL, 0.5);
  EQF(vb, 5.0f + 4.0f * 0.4375f);
  ck_assert_int_eq(tw_elapsed(m, b, &el), 0);
  ck_assert(el == 0.25);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  EQF(vb, 9.0f);
  ck_assert_int_eq(tw_is_active(m, b), 0);
  tw_manager_free(m);
}
END_TEST

/* The UPDATE callback sees the value already written. */
static float cb_seen;
static void seen_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  cb_seen = *(float *)ud;
  tt_log_add(TW_ON_UPDATE, 99);
}

START_TEST(test_update_callback_order) {
  /* the header: START, PLAY, (value), UPDATE, REWIND, STEP_COMPLETE,
   * COMPLETE, then the kill (KILL) or PAUSE */
  static const int autokill[] = {TW_ON_START,    TW_ON_PLAY,
                                 TW_ON_UPDATE,   TW_ON_STEP_COMPLETE,
                                 TW_ON_COMPLETE, TW_ON_KILL};
  static const int kept[] = {TW_ON_START,         TW_ON_PLAY,     TW_ON_UPDATE,
                             TW_ON_STEP_COMPLETE, TW_ON_COMPLETE, TW_ON_PAUSE};
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle a, b;
  float va = 0, vb = 0;

  ck_assert_int_eq(tw_float_to(m, &va, 3.0f, 0.5, &a), 0);
  log_all(m, a);
  ck_assert_int_eq(tw_on(m, a, TW_ON_UPDATE, seen_cb, &va), 0);
  tt_log_reset();
  cb_seen = -1;
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  expect_log(autokill, 6);
  ck_assert_int_eq(tt_log[2].tag, 99);
  EQF(cb_seen, 3.0f);
  EQF(va, 3.0f);
  ck_assert_int_eq(tw_is_active(m, a), 0);

  ck_assert_int_eq(tw_float_to(m, &vb, 4.0f, 0.5, &b), 0);
  ck_assert_int_eq(tw_set_autokill(m, b, 0), 0);
  log_all(m, b);
  tt_log_reset();
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  tt_valid(m);
  expect_log(kept, 6);
  EQF(vb, 4.0f);
  ck_assert_int_eq(tw_is_active(m, b), 1);
  ck_assert_int_eq(tw_is_complete(m, b), 1);
  ck_assert_int_eq(tw_is_playing(m, b), 0);
  /* complete: never written again, no more callbacks */
  vb = 42.0f;
  tt_log_reset();
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  NOW_OF(m, TW_UPDATE_NORMAL, 1.0);
  EQF(vb, 42.0f);
  ck_assert_int_eq(tt_nlog, 0);
  ck_assert_int_eq(tw_is_complete(m, b), 1);
  ck_assert_int_eq(tw_kill(m, b, 0), 0);
  ck_assert_int_eq(tt_nlog, 1);
  ck_assert_int_eq(tt_log[0].event, TW_ON_KILL);
  tw_manager_free(m);
}
END_TEST

/* A tween that a running setter tween's setter makes when the array is
 * full to its end compacts the array during the pass; it first runs on the
 * next update, also when the setter tween was the last of the pass and the
 * compaction moved it down by one hole (the setters' loop then leaves the
 * walk at the index it took the setter tween from).  Both ways: the
 * setter tween running, and at its first step. */
static tw_manager *grows_m;
static float grows_v[64], grows_new;
static int grows_armed;
static tw_handle grows_h;
static int grows_set(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  if (grows_armed) {
    grows_armed = 0;
    ck_assert_int_eq(tw_float_to(grows_m, &grows_new, 1.0f, 1.0, &grows_h), 0);
  }
  return 0;
}
static void grows_get(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

START_TEST(test_update_setter_creates_at_the_arrays_end) {
  tw_handle hole, s;
  double el = -1;
  int i;

  grows_m = tt_manager_cfg(NULL, 52, 1, 0, tw_warn_silent, NULL);
  memset(grows_v, 0, sizeof grows_v);
  for (i = 0; i < 52; i++) /* the array holds 53 */
    ck_assert_int_eq(
        tw_float_to(grows_m, &grows_v[i], 1.0f, 10.0, i == 1 ? &hole : NULL),
        0);
  ck_assert_int_eq(tw_kill(grows_m, hole, 0), 0);
  ck_assert_int_eq(tw_to_fn(grows_m, TW_TYPE_FLOAT, grows_set, grows_get,
                            &grows_v[60], &grows_v[1], 10.0, &s),
                   0);
  if (_i == 1) /* running */
    ck_assert_int_eq(tw_update(grows_m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  grows_armed = 1;
  grows_new = 0.5f;
  ck_assert_int_eq(tw_update(grows_m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  ck_assert_int_eq(grows_armed, 0);
  tt_valid(grows_m);
  ck_assert_int_eq(tw_elapsed(grows_m, grows_h, &el), 0);
  ck_assert_msg(el == 0 && grows_new == 0.5f,
                "the tween made during the pass ran in it: elapsed %g, %g", el,
                (double)grows_new);
  tw_manager_free(grows_m);
}
END_TEST

/* A running setter tween's setter that acts and then fails (returns
 * non-zero): the tween is killed if it still lives, and only then (a
 * failure counts in setter_failures then), whatever the setter's code did
 * to it, to the other tweens and to the array.  X is the third of E0, E1,
 * X, L, setter tweens all, started by a first pass; below them, three
 * killed floats' holes, so that the array is full to its end and a
 * creation in X's setter compacts it (fail_make).  Each of X's ways
 * through the setters' loop: a float with near ends, OutQuad and
 * InOutCubic, a float with far ends and a vector of 2. */
enum {
  FA_NONE,
  FA_KILL_SELF,
  FA_KILL_SELF_MAKE,          /* the new tween takes X's slot */
  FA_KILL_EARLIER,            /* E1 */
  FA_KILL_SELF_COMPACT,       /* then a creation compacts: E1 before X */
  FA_KILL_EARLIER_COMPACT,    /* E0, then a compaction moves X down */
  FA_KILL_SELF_COMPACT_TWICE, /* E0 killed after the first, then again */
  FA_PAUSE_SELF,
  FA_COMPLETE_SELF, /* auto-kill: dead */
  FA_RETARGET_SELF,
  FA_KILL_ALL,
  FA_CLEAR,
  FA_GROW, /* the array moves to a larger block */
  FA_COUNT
};
enum { FX_E0, FX_E1, FX_X, FX_L, FX_N };

static struct {
  tw_manager *m;
  tw_handle h[FX_N], made[8];
  float v[FX_N][2], made_v[8];
  int armed, action, nmade;
} fail_s;

static void fail_make(void) {
  int k = fail_s.nmade++;
  ck_assert_int_lt(k, 8);
  ck_assert_int_eq(
      tw_float_to(fail_s.m, &fail_s.made_v[k], 1.0f, 10.0, &fail_s.made[k]), 0);
}

static int fail_set(void *ud, const void *val) {
  float *v = ud;
  tw_manager *m = fail_s.m;
  float to[2] = {5.0f, 5.0f};

  memcpy(v, val, sizeof(float));
  if (v != fail_s.v[FX_X] || !fail_s.armed)
    return 0;
  fail_s.armed = 0;
  switch (fail_s.action) {
  case FA_KILL_SELF:
    ck_assert_int_eq(tw_kill(m, fail_s.h[FX_X], 0), 0);
    break;
  case FA_KILL_SELF_MAKE: /* with room: no compaction */
    ck_assert_int_eq(tw_kill(m, fail_s.h[FX_X], 0), 0);
    ck_assert_int_eq(tw_manager_set_capacity(m, 1000, 10), 0);
    fail_make();
    ck_assert_uint_eq(fail_s.made[0].index, fail_s.h[FX_X].index);
    break;
  case FA_KILL_EARLIER:
    ck_assert_int_eq(tw_kill(m, fail_s.h[FX_E1], 0), 0);
    break;
  case FA_KILL_SELF_COMPACT:
    ck_assert_int_eq(tw_kill(m, fail_s.h[FX_X], 0), 0);
    fail_make(); /* compacts: E1 is the entry before the walk's cursor */
    break;
  case FA_KILL_EARLIER_COMPACT:
    ck_assert_int_eq(tw_kill(m, fail_s.h[FX_E0], 0), 0);
    fail_make(); /* compacts: X moves down */
    break;
  case FA_KILL_SELF_COMPACT_TWICE:
    ck_assert_int_eq(tw_kill(m, fail_s.h[FX_X], 0), 0);
    fail_make(); /* compacts: E0, E1, L, the new one */
    ck_assert_int_eq(tw_kill(m, fail_s.h[FX_E0], 0), 0);
    while (fail_s.nmade < 5) /* full to its end again, then compacts */
      fail_make();
    break;
  case FA_PAUSE_SELF:
    ck_assert_int_eq(tw_pause(m, fail_s.h[FX_X]), 0);
    break;
  case FA_COMPLETE_SELF:
    ck_assert_int_eq(tw_complete(m, fail_s.h[FX_X]), 0);
    break;
  case FA_RETARGET_SELF:
    ck_assert_int_eq(tw_retarget(m, fail_s.h[FX_X], to, 20.0), 0);
    break;
  case FA_KILL_ALL:
    ck_assert_int_eq(tw_kill_all(m, 0), 4); /* X too */
    break;
  case FA_CLEAR:
    ck_assert_int_eq(tw_manager_clear(m), 0);
    break;
  case FA_GROW:
    ck_assert_int_eq(tw_manager_set_capacity(m, 1000, 10), 0);
    break;
  default:
    break;
  }
  return 1;
}

static void fail_get(void *ud, void *out) {
  memcpy(out, ud, 2 * sizeof(float));
}

START_TEST(test_update_setter_fails_after_acting) {
  static const char *const ways[] = {"OutQuad", "InOutCubic", "far ends",
                                     "vec2"};
  int way = _i / FA_COUNT, action = _i % FA_COUNT, i, k, lives[FX_N];
  tw_handle pad[3];
  tw_stats st;
  float pv[3] = {0, 0, 0};
  size_t failures;

  memset(&fail_s, 0, sizeof fail_s);
  fail_s.action = action;
  /* 6 tweens and a sequence: 7 entries, full to the end with L */
  fail_s.m = tt_manager_cfg(NULL, 6, 1, 0, tw_warn_silent, NULL);
  for (i = 0; i < 3; i++)
    ck_assert_int_eq(tw_float_to(fail_s.m, &pv[i], 1.0f, 10.0, &pad[i]), 0);
  for (i = 0; i < FX_N; i++) {
    float end[2] = {1.0f, 1.0f};
    int vec = i == FX_X && way == 3;
    if (i == FX_L)
      for (k = 0; k < 3; k++)
        ck_assert_int_eq(tw_kill(fail_s.m, pad[k], 0), 0);
    if (i == FX_X && way == 2)
      end[0] = 3e38f; /* far */
    ck_assert_int_eq(tw_to_fn(fail_s.m, vec ? TW_TYPE_VEC2 : TW_TYPE_FLOAT,
                              fail_set, fail_get, fail_s.v[i], end, 10.0,
                              &fail_s.h[i]),
                     0);
    if (i == FX_X && way == 1)
      ck_assert_int_eq(tw_set_ease(fail_s.m, fail_s.h[i], TW_EASE_IN_OUT_CUBIC),
                       0);
  }
  ck_assert_int_eq(tw_update(fail_s.m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  fail_s.armed = 1;
  ck_assert_int_eq(tw_update(fail_s.m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  ck_assert_int_eq(fail_s.armed, 0);
  tt_valid(fail_s.m);
  for (i = 0; i < FX_N; i++)
    lives[i] = 1;
  lives[FX_X] = 0;
  failures = 1; /* X lived: the failure killed it */
  switch (action) {
  case FA_KILL_SELF:
  case FA_KILL_SELF_MAKE:
  case FA_KILL_SELF_COMPACT:
  case FA_COMPLETE_SELF:
    failures = 0;
    break;
  case FA_KILL_EARLIER:
    lives[FX_E1] = 0;
    break;
  case FA_KILL_EARLIER_COMPACT:
    lives[FX_E0] = 0;
    break;
  case FA_KILL_SELF_COMPACT_TWICE:
    lives[FX_E0] = 0;
    failures = 0;
    break;
  case FA_KILL_ALL:
  case FA_CLEAR:
    lives[FX_E0] = lives[FX_E1] = lives[FX_L] = 0;
    failures = 0;
    break;
  default:
    break;
  }
  ck_assert_int_eq(tw_manager_stats(fail_s.m, &st), 0);
  ck_assert_msg(st.setter_failures == failures,
                "%s, action %d: %lu failures, not %lu", ways[way], action,
                (unsigned long)st.setter_failures, (unsigned long)failures);
  for (i = 0; i < FX_N; i++)
    ck_assert_msg(tw_is_active(fail_s.m, fail_s.h[i]) == lives[i],
                  "%s, action %d: tween %d %s", ways[way], action, i,
                  lives[i] ? "died" : "lives");
  for (i = 0; i < fail_s.nmade; i++)
    ck_assert_msg(tw_is_active(fail_s.m, fail_s.made[i]) == 1,
                  "%s, action %d: the tween made %d died", ways[way], action,
                  i);
  /* the next pass runs the survivors as ever */
  ck_assert_int_eq(tw_update(fail_s.m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  tt_valid(fail_s.m);
  tw_manager_free(fail_s.m);
}
END_TEST

/* The compacting pass's run of running setter tweens writes what the
 * pass that does not compact writes: two managers with the same setter
 * tweens (four eases, some of another update type, ends within the
 * updates), the first with a hole before each (more than a quarter: its
 * first update compacts, its array full to its end), the second without.
 * The setters log every value; the logs must be the same, bit for bit,
 * update after update.  By _i, a setter at the first update: does nothing
 * more (0), kills its own tween (1), kills one ahead and one behind (2),
 * fails (3), makes three tweens, which in the first manager compacts the
 * array during the pass (4). */
#define CS_N 48
#define CS_MORE 3
typedef struct cs_entry {
  int id;
  uint32_t bits;
} cs_entry;
typedef struct cs_side {
  tw_manager *m;
  tw_handle h[CS_N + CS_MORE];
  float v[CS_N + CS_MORE];
  int ud[CS_N + CS_MORE];
  cs_entry log[4096];
  int nlog, armed;
} cs_side;
static cs_side cs[2];
static int cs_action;
static int cs_set(void *ud, const void *v);
static void cs_get(void *ud, void *out) {
  int *p = ud;
  cs_side *c = &cs[p[0] >> 16];
  memcpy(out, &c->v[p[0] & 0xFFFF], sizeof(float));
}
static void cs_make(cs_side *c, int id, float to, double dur) {
  c->ud[id] = (int)((c - cs) << 16) | id;
  ck_assert_int_eq(tw_to_fn(c->m, TW_TYPE_FLOAT, cs_set, cs_get, &c->ud[id],
                            &to, dur, &c->h[id]),
                   0);
}
static int cs_set(void *ud, const void *v) {
  int *p = ud, id = p[0] & 0xFFFF, k;
  cs_side *c = &cs[p[0] >> 16];
  cs_entry *e = &c->log[c->nlog++];

  ck_assert_int_lt(c->nlog, 4096);
  memcpy(&c->v[id], v, sizeof(float));
  e->id = id;
  memcpy(&e->bits, v, sizeof e->bits);
  if (!c->armed)
    return 0;
  if (cs_action == 1 && id == 5) {
    ck_assert_int_eq(tw_kill(c->m, c->h[5], 0), 0);
  } else if (cs_action == 2 && id == 8) {
    ck_assert_int_eq(tw_kill(c->m, c->h[21], 0), 0); /* ahead */
    ck_assert_int_eq(tw_kill(c->m, c->h[3], 0), 0);  /* behind */
  } else if (cs_action == 3 && id == 11) {
    c->armed = 0;
    return 1;
  } else if (cs_action == 4 && id == 9) {
    c->armed = 0;
    for (k = 0; k < CS_MORE; k++)
      cs_make(c, CS_N + k, 50.0f, 0.75);
  }
  return 0;
}

START_TEST(test_update_compaction_setters) {
  static const tw_ease eases[4] = {TW_EASE_OUT_QUAD, TW_EASE_IN_OUT_CUBIC,
                                   TW_EASE_LINEAR, TW_EASE_OUT_BACK};
  static float fv[CS_N];
  tw_handle filler[CS_N];
  size_t c0;
  int side, i, u;

  cs_action = _i;
  memset(cs, 0, sizeof cs);
  for (side = 0; side < 2; side++) {
    cs_side *c = &cs[side];
    c->m = tt_manager(NULL, side == 0 ? 2 * CS_N : 4 * CS_N);
    for (i = 0; i < CS_N; i++) {
      if (side == 0)
        ck_assert_int_eq(tw_float_to(c->m, &fv[i], 1.0f, 8.0, &filler[i]), 0);
      c->v[i] = (float)(i % 7);
      cs_make(c, i, (float)(10 + i), 0.25 + 0.125 * (i % 5));
      ck_assert_int_eq(tw_set_ease(c->m, c->h[i], eases[i % 4]), 0);
      if (i % 9 == 4)
        ck_assert_int_eq(tw_set_update_type(c->m, c->h[i], TW_UPDATE_MANUAL),
                         0);
    }
    NOW(c->m, 0.0625); /* their starts */
    NOW_OF(c->m, TW_UPDATE_MANUAL, 0.0625);
    if (side == 0)
      for (i = 0; i < CS_N; i++)
        ck_assert_int_eq(tw_kill(c->m, filler[i], 0), 0);
    c->nlog = 0;
  }
  c0 = stats(cs[0].m).compactions;
  for (u = 0; u < 12; u++) {
    for (side = 0; side < 2; side++) {
      cs[side].armed = u == 0;
      NOW(cs[side].m, 0.0625);
      tt_valid(cs[side].m);
    }
    ck_assert_int_eq(cs[0].nlog, cs[1].nlog);
    for (i = 0; i < cs[0].nlog; i++)
      ck_assert_msg(cs[0].log[i].id == cs[1].log[i].id &&
                        cs[0].log[i].bits == cs[1].log[i].bits,
                    "update %d, write %d: tween %d %08lx, not %d %08lx", u, i,
                    cs[0].log[i].id, (unsigned long)cs[0].log[i].bits,
                    cs[1].log[i].id, (unsigned long)cs[1].log[i].bits);
    for (i = 0; i < CS_N + (cs_action == 4 ? CS_MORE : 0); i++)
      ck_assert_int_eq(tw_is_active(cs[0].m, cs[0].h[i]),
                       tw_is_active(cs[1].m, cs[1].h[i]));
    cs[0].nlog = cs[1].nlog = 0;
    if (u == 0) /* no hole left but the one behind a kill of action 2 */
      ck_assert_int_eq(tw_manager_order(cs[0].m, NULL, 0),
                       (int)stats(cs[0].m).live + (cs_action == 2));
  }
  /* the first manager's first update compacted */
  ck_assert_uint_gt(stats(cs[0].m).compactions, c0);
  ck_assert_int_eq(tw_manager_order(cs[0].m, NULL, 0),
                   tw_manager_order(cs[1].m, NULL, 0));
  for (side = 0; side < 2; side++)
    tw_manager_free(cs[side].m);
}
END_TEST

static Suite *update_suite(void) {
  Suite *s = suite_create("update");
  int nloop = (int)(sizeof loop_cases / sizeof loop_cases[0]);

#define ADD(name) TT_ADD(s, test_update_##name, #name, 60);
#define ADD_LOOP(name, n) TT_ADD_LOOP(s, test_update_##name, #name, 60, (n));
  ADD(short_of_end)
  ADD(bits_tests)
  ADD_LOOP(order, 6)
  ADD_LOOP(last_writer_two, 2)
  ADD_LOOP(last_writer_three, 2)
  ADD(compaction_hundred)
  ADD(window)
  ADD(order_from_oldest)
  ADD(compaction_last)
  ADD(compaction_deferred)
  ADD(compaction_mid_pass)
  ADD_LOOP(compaction_setters, 5)
  ADD(prefix)
  ADD(types)
  ADD_LOOP(reentrant_create, 3)
  ADD_LOOP(reentrant_kill_self, 3)
  ADD_LOOP(reentrant_kill_others, 3)
  ADD_LOOP(reentrant_complete_others, 3)
  ADD_LOOP(reentrant_kill_all, 3)
  ADD_LOOP(reentrant_clear, 3)
  ADD_LOOP(reentrant_capacity, 3)
  ADD_LOOP(reentrant_grow, 3)
  ADD_LOOP(reentrant_busy, 3)
  ADD_LOOP(setter_creates_at_the_arrays_end, 2)
  ADD_LOOP(setter_fails_after_acting, 4 * FA_COUNT)
  ADD_LOOP(eases_running, 2)
  ADD_LOOP(loops_one_vs_many, nloop)
  ADD(hour)
  ADD(snap)
  ADD(zero_duration)
  ADD(delay)
  ADD(callback_order)
#undef ADD
#undef ADD_LOOP
  return s;
}

int main(void) { return tt_run(update_suite()); }

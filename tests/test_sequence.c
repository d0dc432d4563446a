/* SPDX-License-Identifier: MIT */
/* Sequences: building (durations and child places after every call),
 * refusals that change nothing, running (timeline order, the later child
 * wins, a jump equals many small updates, callback order forwards and
 * backwards, yoyo and restart loops, nesting, the sequence's ease), kill
 * and complete, the sequence capacity, and re-entrant callbacks.
 *
 * Children use TW_EASE_LINEAR and durations, places and steps are powers of
 * two (or small dyadic numbers), so every expected float is exact and the
 * tests compare with ==.  Every manager uses the counting allocator and
 * must give back every block when freed. */
/* The deprecated calls tw_set_target and tw_loops are called here on purpose,
 * without the warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* helpers                                                             */

static tt_alloc_state al;
static int T[32]; /* tags: T[i] == i */

/* A manager on the counting allocator al (zeroed), the log and the tags
 * reset. */
static tw_manager *mk_cfg(size_t tweens, size_t seqs, size_t pool_bound,
                          tw_warn_fn warn, void *wud) {
  int i;

  for (i = 0; i < 32; i++)
    T[i] = i;
  memset(&al, 0, sizeof al);
  tt_log_reset();
  return tt_manager_cfg(&al, tweens, seqs, pool_bound, warn, wud);
}

static tw_manager *mk(void) { return mk_cfg(0, 0, 0, NULL, NULL); }

/* Frees m; every block must be back. */
static void done(tw_manager *m) {
  tt_valid(m);
  ck_assert_int_eq(tw_manager_free(m), 0);
  ck_assert_uint_eq(al.live_blocks, 0);
  ck_assert_uint_eq(al.live_bytes, 0);
}

static tw_handle none(void) {
  tw_handle h;

  h.index = 0;
  h.gen = 0;
  return h;
}

static int same(tw_handle a, tw_handle b) {
  return a.index == b.index && a.gen == b.gen;
}

/* A linear float tween from the target's value to end. */
static tw_handle lin(tw_manager *m, float *x, float end, double d) {
  tw_handle h;

  ck_assert_int_eq(tw_float_to(m, x, end, d, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  return h;
}

static tw_handle seq(tw_manager *m) {
  tw_handle h;

  ck_assert_int_eq(tw_sequence(m, &h), 0);
  ck_assert_int_eq(tw_is_sequence(m, h), 1);
  return h;
}

static double seq_dur(const tw_manager *m, tw_handle s) {
  double d = -1;

  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  return d;
}

#define DUR(m, s, d) EQD(seq_dur((m), (s)), (d))

#define AT(m, c, a, sp)                                                        \
  do {                                                                         \
    double at_ = -1, span_ = -1;                                               \
    ck_assert_int_eq(tw_seq_child_at((m), (c), &at_, &span_), 0);              \
    ck_assert_msg(at_ == (a) && span_ == (sp),                                 \
                  "%s: at %.17g span %.17g, expected at %.17g span %.17g", #c, \
                  at_, span_, (double)(a), (double)(sp));                      \
  } while (0)

/* 1 if h is in the active array. */
static int in_array(const tw_manager *m, tw_handle h) {
  static tw_handle order[4096];
  int n = tw_manager_order(m, order, 4096), i;

  ck_assert_int_ge(n, 0);
  ck_assert_int_le(n, 4096);
  for (i = 0; i < n; i++)
    if (same(order[i], h))
      return 1;
  return 0;
}

/* A tween that is in the array and answers controls. */
#define FREE_CHILD(m, c)                                                       \
  do {                                                                         \
    ck_assert_int_eq(in_array((m), (c)), 1);                                   \
    ck_assert_int_eq(tw_is_active((m), (c)), 1);                               \
    ck_assert_int_eq(tw_seq_child_at((m), (c), NULL, NULL), TW_EINVAL);        \
    ck_assert_int_eq(tw_pause((m), (c)), 0);                                   \
    ck_assert_int_eq(tw_is_playing((m), (c)), 0);                              \
    ck_assert_int_eq(tw_play((m), (c)), 0);                                    \
    ck_assert_int_ge(tw_is_playing((m), (c)), 0);                              \
  } while (0)

/* ------------------------------------------------------------------ */
/* the callback log                                                    */

enum {
  ST = TW_ON_START,
  PL = TW_ON_PLAY,
  PA = TW_ON_PAUSE,
  RW = TW_ON_REWIND,
  UP = TW_ON_UPDATE,
  SC = TW_ON_STEP_COMPLETE,
  CO = TW_ON_COMPLETE,
  KI = TW_ON_KILL,
  CB = 100 /* a callback item of a timeline */
};

enum {
  H_ST = 1 << TW_ON_START,
  H_PL = 1 << TW_ON_PLAY,
  H_PA = 1 << TW_ON_PAUSE,
  H_RW = 1 << TW_ON_REWIND,
  H_UP = 1 << TW_ON_UPDATE,
  H_SC = 1 << TW_ON_STEP_COMPLETE,
  H_CO = 1 << TW_ON_COMPLETE,
  H_KI = 1 << TW_ON_KILL
};

/* A timeline callback: logs (CB, tag). */
static void kcb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  tt_log_add(CB, *(int *)ud);
}

/* Logs each event of mask for h as (event, tag). */
static void hook(tw_manager *m, tw_handle h, int tag, unsigned mask) {
  int ev;

  for (ev = 0; ev < TW_ON_COUNT; ev++)
    if (mask & (1u << ev))
      tt_on(m, h, (tw_event)ev, &T[tag]);
}

static int count(int ev, int tag) {
  int i, n = 0;

  for (i = 0; i < tt_nlog; i++)
    if (tt_log[i].event == ev && tt_log[i].tag == tag)
      n++;
  return n;
}

static int count_ev(int ev) {
  int i, n = 0;

  for (i = 0; i < tt_nlog; i++)
    if (tt_log[i].event == ev)
      n++;
  return n;
}

static void put_entry(char *buf, size_t cap, int ev, int tag) {
  static const char names[] = "SPpRUTCK";
  size_t len = strlen(buf);
  char c = ev == CB ? 'X' : ev >= 0 && ev < TW_ON_COUNT ? names[ev] : '?';

  if (len + 16 < cap)
    snprintf(buf + len, cap - len, "%c%d ", c, tag);
}

/* The log, or the pairs, as "S0 U0 C0 X10 K3 ..." (S start, P play,
 * p pause, R rewind, U update, T step complete, C complete, K kill, X a
 * timeline callback). */
static const char *log_str(void) {
  static char buf[8192];
  int i;

  buf[0] = 0;
  for (i = 0; i < tt_nlog; i++)
    put_entry(buf, sizeof buf, tt_log[i].event, tt_log[i].tag);
  return buf;
}

static const char *pairs_str(const int *p, int n) {
  static char buf[8192];
  int i;

  buf[0] = 0;
  for (i = 0; i < n; i++)
    put_entry(buf, sizeof buf, p[2 * i], p[2 * i + 1]);
  return buf;
}

/* The log from entry `from` on is exactly the n (event, tag) pairs. */
static void expect_log_from(int from, const int *p, int n) {
  int i, ok = tt_nlog - from == n;

  for (i = 0; ok && i < n; i++)
    ok = tt_log[from + i].event == p[2 * i] &&
         tt_log[from + i].tag == p[2 * i + 1];
  ck_assert_msg(ok, "log [%d..]: %s\nexpected: %s", from, log_str(),
                pairs_str(p, n));
}

#define EXPECT_LOG(...)                                                        \
  do {                                                                         \
    static const int e_[] = {__VA_ARGS__};                                     \
    expect_log_from(0, e_, (int)(sizeof e_ / sizeof e_[0] / 2));               \
  } while (0)

/* The events `ev` of the log, in order, have exactly these tags. */
static void expect_events(int ev, const int *tags, int n) {
  int i, k = 0, ok = 1;

  for (i = 0; i < tt_nlog; i++) {
    if (tt_log[i].event != ev)
      continue;
    if (k >= n || tt_log[i].tag != tags[k])
      ok = 0;
    k++;
  }
  ck_assert_msg(ok && k == n, "event %d in log %s: wrong tags or count %d/%d",
                ev, log_str(), k, n);
}

#define EXPECT_EVENTS(ev, ...)                                                 \
  do {                                                                         \
    static const int t_[] = {__VA_ARGS__};                                     \
    expect_events((ev), t_, (int)(sizeof t_ / sizeof t_[0]));                  \
  } while (0)

/* START times: the elapsed time of g_seq when each tag's START fired. */
static tw_handle g_seq;
static double g_start[32];

static void start_rec(tw_manager *m, tw_handle h, void *ud) {
  double el = -2;

  (void)h;
  ck_assert_int_eq(tw_elapsed(m, g_seq, &el), 0);
  g_start[*(int *)ud] = el;
  tt_log_add(ST, *(int *)ud);
}

static void hook_start(tw_manager *m, tw_handle h, int tag) {
  g_start[tag] = -1;
  ck_assert_int_eq(tw_on(m, h, TW_ON_START, start_rec, &T[tag]), 0);
}

/* Runs s from its start (an update of 0 starts it at timeline 0) in n
 * steps of dt, validating after each. */
static void run_steps(tw_manager *m, tw_handle s, double dt, int n) {
  int i;

  g_seq = s;
  NOW(m, 0.0);
  tt_valid(m);
  for (i = 0; i < n; i++) {
    NOW(m, dt);
    tt_valid(m);
  }
}

#define STARTED_AT(tag, t)                                                     \
  ck_assert_msg(g_start[tag] == (t),                                           \
                "child %d started at %.17g, expected %.17g", (tag),            \
                g_start[tag], (double)(t))

/* ------------------------------------------------------------------ */
/* building                                                            */

START_TEST(test_sequence_append) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s = seq(m), a, b, c;

  DUR(m, s, 0.0);
  tt_valid(m);
  a = lin(m, &x, 1, 1.0);
  ck_assert_int_eq(tw_is_sequence(m, a), 0);
  ck_assert_int_eq(tw_seq_child_at(m, a, NULL, NULL), TW_EINVAL);
  hook_start(m, a, 0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  tt_valid(m);
  DUR(m, s, 1.0);
  AT(m, a, 0.0, 1.0);

  b = lin(m, &y, 1, 2.0);
  hook_start(m, b, 1);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);
  tt_valid(m);
  DUR(m, s, 3.0);
  AT(m, a, 0.0, 1.0);
  AT(m, b, 1.0, 2.0);

  c = lin(m, &z, 1, 1.0);
  hook_start(m, c, 2);
  ck_assert_int_eq(tw_seq_append(m, s, c), 0);
  tt_valid(m);
  DUR(m, s, 4.0);
  AT(m, a, 0.0, 1.0);
  AT(m, b, 1.0, 2.0);
  AT(m, c, 3.0, 1.0);

  /* the children left the array and stay live */
  ck_assert_int_eq(in_array(m, s), 1);
  ck_assert_int_eq(in_array(m, a), 0);
  ck_assert_int_eq(in_array(m, b), 0);
  ck_assert_int_eq(in_array(m, c), 0);
  ck_assert_int_eq(tw_is_active(m, a), 1);
  ck_assert_int_eq(tw_is_sequence(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 4);

  /* the places are where they start */
  run_steps(m, s, 0.5, 8);
  STARTED_AT(0, 0.0);
  STARTED_AT(1, 1.0);
  STARTED_AT(2, 3.0);
  EQF(x, 1.0f);
  EQF(y, 1.0f);
  EQF(z, 1.0f);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  done(m);
}
END_TEST

START_TEST(test_sequence_join) {
  tw_manager *m = mk();
  float v[8] = {0};
  tw_handle s = seq(m), s2 = seq(m), h[7];
  int i;

  for (i = 0; i < 7; i++) {
    static const double d[7] = {1, 2, 4, 0.5, 1, 2, 1};
    h[i] = lin(m, &v[i], 1, d[i]);
    hook_start(m, h[i], i);
  }
  ck_assert_int_eq(tw_seq_append(m, s, h[0]), 0); /* [0, 1] */
  tt_valid(m);
  ck_assert_int_eq(tw_seq_append(m, s, h[1]), 0); /* [1, 3] */
  tt_valid(m);
  DUR(m, s, 3.0);
  ck_assert_int_eq(tw_seq_join(m, s, h[2]), 0); /* where h1 starts */
  tt_valid(m);
  AT(m, h[2], 1.0, 4.0);
  DUR(m, s, 5.0);
  ck_assert_int_eq(tw_seq_join(m, s, h[3]), 0); /* where h2 starts */
  tt_valid(m);
  AT(m, h[3], 1.0, 0.5);
  DUR(m, s, 5.0);
  ck_assert_int_eq(tw_seq_append(m, s, h[4]), 0);
  tt_valid(m);
  AT(m, h[4], 5.0, 1.0);
  DUR(m, s, 6.0);
  ck_assert_int_eq(tw_seq_join(m, s, h[5]), 0);
  tt_valid(m);
  AT(m, h[5], 5.0, 2.0);
  DUR(m, s, 7.0);
  AT(m, h[0], 0.0, 1.0);
  AT(m, h[1], 1.0, 2.0);
  ck_assert_int_eq(tw_seq_append_interval(m, s, 1.0), 0);
  DUR(m, s, 8.0);

  /* joining an empty sequence: at 0 */
  ck_assert_int_eq(tw_seq_join(m, s2, h[6]), 0);
  tt_valid(m);
  AT(m, h[6], 0.0, 1.0);
  DUR(m, s2, 1.0);

  run_steps(m, s, 0.5, 16);
  STARTED_AT(0, 0.0);
  STARTED_AT(1, 1.0);
  STARTED_AT(2, 1.0);
  STARTED_AT(3, 1.0);
  STARTED_AT(4, 5.0);
  STARTED_AT(5, 5.0);
  for (i = 0; i < 6; i++)
    EQF(v[i], 1.0f);
  done(m);
}
END_TEST

START_TEST(test_sequence_insert) {
  tw_manager *m = mk();
  float v[6] = {0};
  tw_handle s = seq(m), h[6];
  static const double d[6] = {1, 1, 2, 1, 1, 1};
  int i;

  for (i = 0; i < 6; i++) {
    h[i] = lin(m, &v[i], 1, d[i]);
    hook_start(m, h[i], i);
  }
  ck_assert_int_eq(tw_seq_insert(m, s, 2.0, h[0]), 0);
  tt_valid(m);
  AT(m, h[0], 2.0, 1.0);
  DUR(m, s, 3.0);
  ck_assert_int_eq(tw_seq_insert(m, s, 0.5, h[1]), 0);
  tt_valid(m);
  AT(m, h[1], 0.5, 1.0);
  DUR(m, s, 3.0);
  ck_assert_int_eq(tw_seq_insert(m, s, 0.0, h[2]), 0);
  tt_valid(m);
  AT(m, h[2], 0.0, 2.0);
  DUR(m, s, 3.0);
  ck_assert_int_eq(tw_seq_join(m, s, h[3]), 0); /* where h2 went */
  tt_valid(m);
  AT(m, h[3], 0.0, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, h[4]), 0);
  tt_valid(m);
  AT(m, h[4], 3.0, 1.0);
  DUR(m, s, 4.0);
  AT(m, h[0], 2.0, 1.0);
  AT(m, h[1], 0.5, 1.0);

  /* bad times change nothing */
  ck_assert_int_eq(tw_seq_insert(m, s, -1.0, h[5]), TW_EINVAL);
  ck_assert_int_eq(tw_seq_insert(m, s, NAN, h[5]), TW_EINVAL);
  ck_assert_int_eq(tw_seq_insert(m, s, INFINITY, h[5]), TW_EINVAL);
  tt_valid(m);
  DUR(m, s, 4.0);
  FREE_CHILD(m, h[5]);
  ck_assert_int_eq(tw_kill(m, h[5], 0), 0);

  run_steps(m, s, 0.5, 8);
  STARTED_AT(0, 2.0);
  STARTED_AT(1, 0.5);
  STARTED_AT(2, 0.0);
  STARTED_AT(3, 0.0);
  STARTED_AT(4, 3.0);
  done(m);
}
END_TEST

START_TEST(test_sequence_prepend) {
  tw_manager *m = mk();
  float v[4] = {0};
  tw_handle s = seq(m), a, b, c, d;

  a = lin(m, &v[0], 1, 1.0);
  b = lin(m, &v[1], 1, 2.0);
  c = lin(m, &v[2], 1, 4.0);
  d = lin(m, &v[3], 1, 1.0);
  hook_start(m, a, 0);
  hook_start(m, b, 1);
  hook_start(m, c, 2);
  hook_start(m, d, 3);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);
  tt_valid(m);
  DUR(m, s, 3.0);
  ck_assert_int_eq(tw_seq_prepend(m, s, c), 0);
  tt_valid(m);
  AT(m, c, 0.0, 4.0);
  AT(m, a, 4.0, 1.0);
  AT(m, b, 5.0, 2.0);
  DUR(m, s, 7.0);
  ck_assert_int_eq(tw_seq_prepend(m, s, d), 0);
  tt_valid(m);
  AT(m, d, 0.0, 1.0);
  AT(m, c, 1.0, 4.0);
  AT(m, a, 5.0, 1.0);
  AT(m, b, 6.0, 2.0);
  DUR(m, s, 8.0);

  run_steps(m, s, 0.5, 16);
  STARTED_AT(3, 0.0);
  STARTED_AT(2, 1.0);
  STARTED_AT(0, 5.0);
  STARTED_AT(1, 6.0);
  done(m);
}
END_TEST

/* Join after a prepend: join adds "where the last tween or callback added
 * starts (where it starts now, if a prepend has moved it since)": after a
 * prepended child that is 0; after a prepended interval, the last appended
 * child, moved later with everything else. */
START_TEST(test_sequence_join_after_prepend) {
  tw_manager *m = mk();
  float v[8] = {0};
  tw_handle s = seq(m), a, b, c, d;

  a = lin(m, &v[0], 1, 1.0);
  b = lin(m, &v[1], 1, 2.0);
  c = lin(m, &v[2], 1, 4.0);
  d = lin(m, &v[3], 1, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);  /* [1, 3] */
  ck_assert_int_eq(tw_seq_prepend(m, s, c), 0); /* b now [5, 7] */
  AT(m, b, 5.0, 2.0);
  ck_assert_int_eq(tw_seq_join(m, s, d), 0);
  tt_valid(m);
  AT(m, d, 0.0, 1.0);
  DUR(m, s, 7.0);

  /* the same after a prepended interval */
  s = seq(m);
  a = lin(m, &v[4], 1, 1.0);
  b = lin(m, &v[5], 1, 2.0);
  d = lin(m, &v[6], 1, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0); /* [1, 3] */
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 0.5), 0);
  AT(m, b, 1.5, 2.0);
  ck_assert_int_eq(tw_seq_join(m, s, d), 0); /* DOTween: a prepend joins 0 */
  tt_valid(m);
  AT(m, d, 0.0, 1.0);
  DUR(m, s, 3.5);
  done(m);
}
END_TEST

START_TEST(test_sequence_interval) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s = seq(m), a, b, c;

  ck_assert_int_eq(tw_seq_append_interval(m, s, 1.0), 0);
  tt_valid(m);
  DUR(m, s, 1.0);
  a = lin(m, &x, 8, 1.0);
  hook_start(m, a, 0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  AT(m, a, 1.0, 1.0);
  DUR(m, s, 2.0);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 0.5), 0);
  tt_valid(m);
  AT(m, a, 1.5, 1.0);
  DUR(m, s, 2.5);
  ck_assert_int_eq(tw_seq_append_interval(m, s, 0.25), 0);
  tt_valid(m);
  DUR(m, s, 2.75);
  ck_assert_int_eq(tw_seq_append_interval(m, s, 0.0), 0);
  DUR(m, s, 2.75);
  b = lin(m, &y, 8, 1.25);
  hook_start(m, b, 1);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);
  tt_valid(m);
  AT(m, b, 2.75, 1.25);
  AT(m, a, 1.5, 1.0);
  DUR(m, s, 4.0);

  /* bad intervals change nothing */
  ck_assert_int_eq(tw_seq_append_interval(m, s, -1.0), TW_EINVAL);
  ck_assert_int_eq(tw_seq_append_interval(m, s, NAN), TW_EINVAL);
  ck_assert_int_eq(tw_seq_append_interval(m, s, INFINITY), TW_EINVAL);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, -0.5), TW_EINVAL);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, NAN), TW_EINVAL);
  tt_valid(m);
  DUR(m, s, 4.0);
  AT(m, a, 1.5, 1.0);
  AT(m, b, 2.75, 1.25);
  /* intervals on something that is not a sequence */
  c = lin(m, &z, 1, 1.0);
  ck_assert_int_eq(tw_seq_append_interval(m, c, 1.0), TW_EINVAL);
  ck_assert_int_eq(tw_kill(m, c, 0), 0);

  run_steps(m, s, 0.25, 16);
  STARTED_AT(0, 1.5);
  STARTED_AT(1, 2.75);
  EQF(x, 8.0f);
  EQF(y, 8.0f);
  done(m);
}
END_TEST

/* Records the sequence's elapsed time when a timeline callback fires. */
static double k_at[32];
static void ktime(tw_manager *m, tw_handle h, void *ud) {
  double el = -2;

  ck_assert_int_eq(tw_elapsed(m, h, &el), 0); /* h: the sequence */
  ck_assert(same(h, g_seq));
  k_at[*(int *)ud] = el;
  tt_log_add(CB, *(int *)ud);
}

START_TEST(test_sequence_callbacks) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s = seq(m), a, b, c;
  int i;

  for (i = 0; i < 32; i++)
    k_at[i] = -1;
  a = lin(m, &x, 1, 1.0);
  b = lin(m, &y, 1, 2.0);
  c = lin(m, &z, 1, 4.0);
  hook(m, a, 0, H_ST | H_CO);
  hook(m, b, 1, H_ST | H_CO);
  hook(m, c, 2, H_ST | H_CO);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_append_callback(m, s, ktime, &T[10]), 0); /* 1 */
  tt_valid(m);
  DUR(m, s, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);
  AT(m, b, 1.0, 2.0);
  ck_assert_int_eq(tw_seq_join_callback(m, s, ktime, &T[11]), 0); /* 1 */
  tt_valid(m);
  DUR(m, s, 3.0);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, 2.5, ktime, &T[12]), 0);
  tt_valid(m);
  DUR(m, s, 3.0);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, 4.0, ktime, &T[13]), 0);
  tt_valid(m);
  DUR(m, s, 4.0);                            /* the latest item ends at 4 */
  ck_assert_int_eq(tw_seq_join(m, s, c), 0); /* where the last one went */
  tt_valid(m);
  AT(m, c, 4.0, 4.0);
  DUR(m, s, 8.0);

  /* refused: no function, bad time, not a sequence */
  ck_assert_int_eq(tw_seq_append_callback(m, s, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_join_callback(m, s, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, 1.0, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, -1.0, ktime, &T[14]),
                   TW_EINVAL);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, NAN, ktime, &T[14]), TW_EINVAL);
  tt_valid(m);
  DUR(m, s, 8.0);

  run_steps(m, s, 0.5, 16);
  EQD(k_at[10], 1.0);
  EQD(k_at[11], 1.0);
  EQD(k_at[12], 2.5);
  EQD(k_at[13], 4.0);
  EQD(k_at[14], -1.0);
  /* one entry each, in timeline order within each step */
  EXPECT_LOG(ST, 0,                        /* t 0 */
             CO, 0, CB, 10, ST, 1, CB, 11, /* t 1 */
             CB, 12,                       /* t 2.5 */
             CO, 1,                        /* t 3 */
             CB, 13, ST, 2,                /* t 4 */
             CO, 2);                       /* t 8 */
  ck_assert_int_eq(tw_is_active(m, s), 0);
  done(m);
}
END_TEST

/* A child's delay and loops are part of its place. */
START_TEST(test_sequence_child_span) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s = seq(m), a, b, c, d;
  int i;

  a = lin(m, &x, 8, 1.0);
  ck_assert_int_eq(tw_set_delay(m, a, 0.5), 0);
  ck_assert_int_eq(tw_set_loops(m, a, 3, TW_LOOP_YOYO), 0);
  b = lin(m, &y, 8, 0.25);
  ck_assert_int_eq(tw_set_delay(m, b, 0.25), 0);
  c = lin(m, &z, 8, 0.25);
  ck_assert_int_eq(tw_set_loops(m, c, 2, TW_LOOP_RESTART), 0);
  hook_start(m, a, 0);
  hook_start(m, b, 1);
  hook_start(m, c, 2);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  tt_valid(m);
  AT(m, a, 0.0, 3.5);
  DUR(m, s, 3.5);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);
  tt_valid(m);
  AT(m, b, 3.5, 0.5);
  DUR(m, s, 4.0);
  ck_assert_int_eq(tw_seq_join(m, s, c), 0); /* where b starts moving */
  tt_valid(m);
  AT(m, c, 3.75, 0.5);
  DUR(m, s, 4.25);

  /* not in a sequence / stale */
  d = lin(m, &x, 1, 1.0);
  ck_assert_int_eq(tw_seq_child_at(m, d, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_child_at(m, s, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_kill(m, d, 0), 0);
  ck_assert_int_eq(tw_seq_child_at(m, d, NULL, NULL), TW_ESTALE);
  ck_assert_int_eq(tw_seq_child_at(m, none(), NULL, NULL), TW_ESTALE);

  g_seq = s;
  NOW(m, 0.0);
  for (i = 1; i <= 17; i++) {
    double t = 0.25 * i, e = t - 0.5, frac;
    NOW(m, 0.25);
    tt_valid(m);
    if (e <= 0) {
      frac = 0;
    } else if (e >= 3) {
      frac = 1;
    } else {
      double k = floor(e), pos = e - k;
      frac = ((int)k & 1) ? 1.0 - pos : pos;
    }
    ck_assert_msg(x == (float)(8.0 * frac), "t %g: x %g, expected %g", t, x,
                  8.0 * frac);
    if (t < 3.75)
      EQF(y, 0.0f);
    if (t < 4.25)
      EQF(z, 0.0f); /* t 4: the second loop starts at its start */
  }
  EQF(y, 8.0f);
  EQF(z, 8.0f);
  STARTED_AT(0, 0.5);
  STARTED_AT(1, 3.75);
  STARTED_AT(2, 3.75);
  ck_assert_int_eq(count(ST, 0), 1);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  done(m);
}
END_TEST

START_TEST(test_sequence_nesting) {
  tw_manager *m = mk();
  float w = 0, x = 0, y = 0, z = 0;
  tw_handle in = seq(m), out = seq(m), a, b, c, d;

  a = lin(m, &x, 8, 1.0);
  b = lin(m, &y, 8, 1.0);
  hook_start(m, a, 0);
  hook_start(m, b, 1);
  hook_start(m, in, 2);
  ck_assert_int_eq(tw_seq_append(m, in, a), 0);
  ck_assert_int_eq(tw_seq_append(m, in, b), 0);
  DUR(m, in, 2.0);
  ck_assert_int_eq(tw_set_delay(m, in, 1.0), 0);
  ck_assert_int_eq(tw_set_loops(m, in, 2, TW_LOOP_RESTART), 0);
  d = lin(m, &w, 8, 1.0);
  hook_start(m, d, 3);
  ck_assert_int_eq(tw_seq_append(m, out, d), 0);
  ck_assert_int_eq(tw_seq_append(m, out, in), 0);
  tt_valid(m);
  AT(m, in, 1.0, 5.0); /* delay 1 + 2 loops of 2 */
  DUR(m, out, 6.0);
  AT(m, a, 0.0, 1.0); /* places in their own sequence */
  AT(m, b, 1.0, 1.0);
  ck_assert_int_eq(tw_is_sequence(m, in), TW_ENESTED);
  ck_assert_int_eq(tw_is_active(m, in), 1);
  ck_assert_int_eq(in_array(m, in), 0);
  c = lin(m, &z, 8, 2.0);
  hook_start(m, c, 4);
  /* where `in` starts moving, after its delay */
  ck_assert_int_eq(tw_seq_join(m, out, c), 0);
  tt_valid(m);
  AT(m, c, 2.0, 2.0);
  DUR(m, out, 6.0);
  ck_assert_int_eq(tw_seq_append_interval(m, out, 2.0), 0);
  DUR(m, out, 8.0);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 6);

  run_steps(m, out, 0.5, 16);
  STARTED_AT(3, 0.0);
  STARTED_AT(4, 2.0);
  STARTED_AT(2, 2.0);
  STARTED_AT(0, 2.0);
  STARTED_AT(1, 3.0);
  ck_assert_int_eq(count(ST, 0), 1);
  EQF(x, 8.0f);
  EQF(y, 8.0f);
  EQF(w, 8.0f);
  EQF(z, 8.0f);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* refusals                                                            */

typedef struct snap {
  tw_handle seq[4];
  int ns;
  tw_handle kid[8];
  int nk;
  double dur[4], at[8], span[8];
  tw_handle order[64];
  int norder;
  tw_stats st;
  size_t blocks;
} snap;

static void snap_fill(const tw_manager *m, snap *sn) {
  int i;

  for (i = 0; i < sn->ns; i++)
    ck_assert_int_eq(tw_duration(m, sn->seq[i], 0, &sn->dur[i]), 0);
  for (i = 0; i < sn->nk; i++)
    ck_assert_int_eq(tw_seq_child_at(m, sn->kid[i], &sn->at[i], &sn->span[i]),
                     0);
  sn->norder = tw_manager_order(m, sn->order, 64);
  ck_assert_int_le(sn->norder, 64);
  ck_assert_int_eq(tw_manager_stats(m, &sn->st), 0);
  sn->blocks = al.live_blocks;
}

/* Nothing changed since sn was filled. */
static void snap_same(const tw_manager *m, const snap *sn) {
  snap now = *sn;
  int i;

  tt_valid(m);
  snap_fill(m, &now);
  for (i = 0; i < sn->ns; i++)
    EQD(now.dur[i], sn->dur[i]);
  for (i = 0; i < sn->nk; i++) {
    EQD(now.at[i], sn->at[i]);
    EQD(now.span[i], sn->span[i]);
  }
  ck_assert_int_eq(now.norder, sn->norder);
  for (i = 0; i < sn->norder; i++)
    ck_assert(same(now.order[i], sn->order[i]));
  ck_assert_uint_eq(now.st.live, sn->st.live);
  ck_assert_uint_eq(now.st.bytes, sn->st.bytes);
  ck_assert_uint_eq(now.blocks, sn->blocks);
}

/* The four ways to add a child: append, join, insert at 0.5, prepend. */
static int add_op(tw_manager *m, int k, tw_handle s, tw_handle c) {
  switch (k) {
  case 0:
    return tw_seq_append(m, s, c);
  case 1:
    return tw_seq_join(m, s, c);
  case 2:
    return tw_seq_insert(m, s, 0.5, c);
  default:
    return tw_seq_prepend(m, s, c);
  }
}

START_TEST(test_sequence_refuse_nested) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s1 = seq(m), s2 = seq(m), in = seq(m), a, b, c;
  snap sn;
  int k;

  a = lin(m, &x, 8, 1.0);
  b = lin(m, &y, 8, 1.0);
  c = lin(m, &z, 8, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s1, a), 0);
  ck_assert_int_eq(tw_seq_append(m, s2, b), 0);
  ck_assert_int_eq(tw_seq_append(m, in, c), 0);
  ck_assert_int_eq(tw_seq_append(m, s1, in), 0);
  memset(&sn, 0, sizeof sn);
  sn.seq[0] = s1;
  sn.seq[1] = s2;
  sn.ns = 2;
  sn.kid[0] = a;
  sn.kid[1] = b;
  sn.kid[2] = c;
  sn.kid[3] = in;
  sn.nk = 4;
  snap_fill(m, &sn);
  for (k = 0; k < 4; k++) {
    ck_assert_int_eq(add_op(m, k, s2, a), TW_ENESTED); /* in another */
    snap_same(m, &sn);
    ck_assert_int_eq(add_op(m, k, s1, a), TW_ENESTED); /* in this one */
    snap_same(m, &sn);
    ck_assert_int_eq(add_op(m, k, s2, in), TW_ENESTED); /* a sequence */
    snap_same(m, &sn);
    ck_assert_int_eq(add_op(m, k, s2, c), TW_ENESTED); /* a grandchild */
    snap_same(m, &sn);
  }
  /* a still belongs to s1 and runs with it */
  ck_assert_int_eq(tw_pause(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_is_active(m, a), 1);
  NOW(m, 2.0);
  tt_valid(m);
  EQF(x, 8.0f);
  EQF(y, 8.0f);
  EQF(z, 8.0f);
  done(m);
}
END_TEST

START_TEST(test_sequence_refuse_stale) {
  tw_manager *m = mk();
  float x = 0, y = 0;
  tw_handle s = seq(m), s2 = seq(m), a, c, d;
  snap sn;
  int k;

  a = lin(m, &x, 8, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  c = lin(m, &y, 8, 1.0);
  ck_assert_int_eq(tw_kill(m, c, 0), 0);
  d = lin(m, &y, 8, 1.0);
  ck_assert_int_eq(tw_kill(m, s2, 0), 0);
  memset(&sn, 0, sizeof sn);
  sn.seq[0] = s;
  sn.ns = 1;
  sn.kid[0] = a;
  sn.nk = 1;
  snap_fill(m, &sn);
  for (k = 0; k < 4; k++) {
    ck_assert_int_eq(add_op(m, k, s, c), TW_ESTALE); /* a dead child */
    snap_same(m, &sn);
    ck_assert_int_eq(add_op(m, k, s, none()), TW_ESTALE);
    snap_same(m, &sn);
    ck_assert_int_eq(add_op(m, k, s2, d), TW_ESTALE); /* a dead sequence */
    snap_same(m, &sn);
  }
  ck_assert_int_eq(tw_seq_append_interval(m, s2, 1.0), TW_ESTALE);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s2, 1.0), TW_ESTALE);
  ck_assert_int_eq(tw_seq_append_callback(m, s2, kcb, &T[0]), TW_ESTALE);
  ck_assert_int_eq(tw_seq_join_callback(m, s2, kcb, &T[0]), TW_ESTALE);
  ck_assert_int_eq(tw_seq_insert_callback(m, s2, 0.0, kcb, &T[0]), TW_ESTALE);
  snap_same(m, &sn);
  FREE_CHILD(m, d);
  ck_assert_int_eq(tw_is_active(m, c), 0);
  done(m);
}
END_TEST

START_TEST(test_sequence_refuse_started_child) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s = seq(m), a, c, d;
  snap sn;
  int k;

  a = lin(m, &x, 8, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_pause(m, s), 0);
  c = lin(m, &y, 8, 1.0);
  d = lin(m, &z, 8, 1.0);
  ck_assert_int_eq(tw_set_delay(m, d, 1.0), 0);
  NOW(m, 0.25); /* c starts; d waits its delay */
  EQF(y, 2.0f);
  memset(&sn, 0, sizeof sn);
  sn.seq[0] = s;
  sn.ns = 1;
  sn.kid[0] = a;
  sn.nk = 1;
  snap_fill(m, &sn);
  for (k = 0; k < 4; k++) {
    ck_assert_int_eq(add_op(m, k, s, c), TW_ELOCKED);
    snap_same(m, &sn);
  }
  FREE_CHILD(m, c);
  NOW(m, 0.25);
  tt_valid(m);
  EQF(y, 4.0f); /* still running on its own */

  /* a tween still in its delay has not started: it may be added */
  ck_assert_int_eq(tw_seq_append(m, s, d), 0);
  tt_valid(m);
  AT(m, d, 1.0, 2.0);
  DUR(m, s, 3.0);
  done(m);
}
END_TEST

/* A child with a given start and no getter (a write-only property): the
 * sequence starts it without reading, and each new loop writes its start
 * again. */
static float wo_val;
static int wo_set(void *ud, const void *v) {
  (void)ud;
  wo_val = *(const float *)v;
  return 0;
}

START_TEST(test_sequence_from_to_child) {
  tw_manager *m = mk();
  float x = 0, a = 2, b = 10;
  tw_handle s = seq(m), first = lin(m, &x, 8, 1.0), c;

  wo_val = -1;
  ck_assert_int_eq(
      tw_from_to_fn(m, TW_TYPE_FLOAT, wo_set, NULL, &a, &b, 2.0, &c), 0);
  EQF(wo_val, 2.0f); /* at once */
  ck_assert_int_eq(tw_set_ease(m, c, TW_EASE_LINEAR), 0);
  ck_assert_int_eq(tw_seq_append(m, s, first), 0);
  ck_assert_int_eq(tw_seq_append(m, s, c), 0);
  ck_assert_int_eq(tw_set_loops(m, s, 2, TW_LOOP_RESTART), 0);
  wo_val = -1;
  NOW(m, 0.5);
  EQF(wo_val, -1.0f); /* not reached yet */
  NOW(m, 1.5);
  EQF(wo_val, 6.0f); /* half way: 2 -> 10 */
  NOW(m, 1.0);
  EQF(wo_val, 2.0f); /* the second loop rewound it to its start */
  NOW(m, 2.0);
  EQF(wo_val, 6.0f);
  NOW(m, 1.0);
  EQF(wo_val, 10.0f);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* The refusal's sentence says what happened, for a started sequence and
 * for a started child alike. */
START_TEST(test_sequence_locked_message) {
  tw_manager *m = mk();
  float x = 0, y = 0;
  tw_handle s = seq(m), a = lin(m, &x, 8, 1.0), b = lin(m, &y, 8, 1.0);
  int rc;

  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  NOW(m, 0.25);
  rc = tw_seq_append(m, s, b);
  ck_assert_int_eq(rc, TW_ELOCKED);
  ck_assert_str_eq(tw_err_name(rc), "TW_ELOCKED");
  ck_assert_msg(strstr(tw_strerror(rc), "sequence") != NULL &&
                    strstr(tw_strerror(rc), "started") != NULL,
                "\"%s\" says nothing of a started sequence", tw_strerror(rc));
  ck_assert_int_eq(tw_seq_append_interval(m, s, 1.0), TW_ELOCKED);
  /* a started tween: the same code, and its text names tweens too */
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  rc = tw_seq_append(m, s, b);
  ck_assert_int_eq(rc, TW_ELOCKED);
  ck_assert_ptr_nonnull(strstr(tw_strerror(rc), "tween"));
  ck_assert_int_eq(tw_set_delay(m, b, 1.0), TW_ELOCKED);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_sequence_refuse_started_seq) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s = seq(m), s2 = seq(m), a, b, d;
  snap sn;
  int k;

  a = lin(m, &x, 8, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_set_delay(m, s2, 1.0), 0);
  NOW(m, 0.25);
  EQF(x, 2.0f);
  b = lin(m, &y, 8, 1.0);
  memset(&sn, 0, sizeof sn);
  sn.seq[0] = s;
  sn.ns = 1;
  sn.kid[0] = a;
  sn.nk = 1;
  snap_fill(m, &sn);
  for (k = 0; k < 4; k++) {
    ck_assert_int_eq(add_op(m, k, s, b), TW_ELOCKED);
    snap_same(m, &sn);
  }
  ck_assert_int_eq(tw_seq_append_interval(m, s, 1.0), TW_ELOCKED);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 1.0), TW_ELOCKED);
  ck_assert_int_eq(tw_seq_append_callback(m, s, kcb, &T[0]), TW_ELOCKED);
  ck_assert_int_eq(tw_seq_join_callback(m, s, kcb, &T[0]), TW_ELOCKED);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, 0.5, kcb, &T[0]), TW_ELOCKED);
  snap_same(m, &sn);
  FREE_CHILD(m, b);
  NOW(m, 0.25);
  tt_valid(m);
  EQF(x, 4.0f);
  EQF(y, 2.0f);
  ck_assert_int_eq(tt_nlog, 0); /* no refused callback ran */

  /* a sequence in its own delay has not started */
  d = lin(m, &z, 8, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s2, d), 0);
  tt_valid(m);
  DUR(m, s2, 1.0);
  done(m);
}
END_TEST

START_TEST(test_sequence_refuse_self) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle s = seq(m), a;
  snap sn;
  int k;

  a = lin(m, &x, 8, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  memset(&sn, 0, sizeof sn);
  sn.seq[0] = s;
  sn.ns = 1;
  sn.kid[0] = a;
  sn.nk = 1;
  snap_fill(m, &sn);
  for (k = 0; k < 4; k++) {
    ck_assert_int_eq(add_op(m, k, s, s), TW_EINVAL);
    snap_same(m, &sn);
  }
  ck_assert_int_eq(in_array(m, s), 1);
  ck_assert_int_eq(tw_is_sequence(m, s), 1);
  ck_assert_int_eq(tw_seq_child_at(m, s, NULL, NULL), TW_EINVAL);
  NOW(m, 1.0);
  EQF(x, 8.0f);
  done(m);
}
END_TEST

START_TEST(test_sequence_refuse_descendant) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle l1 = seq(m), l2 = seq(m), l3 = seq(m), a, b, c;
  snap sn;
  int k;

  a = lin(m, &x, 8, 1.0);
  b = lin(m, &y, 8, 1.0);
  c = lin(m, &z, 8, 1.0);
  ck_assert_int_eq(tw_seq_append(m, l3, a), 0);
  ck_assert_int_eq(tw_seq_append(m, l2, b), 0);
  ck_assert_int_eq(tw_seq_append(m, l2, l3), 0);
  ck_assert_int_eq(tw_seq_append(m, l1, c), 0);
  ck_assert_int_eq(tw_seq_append(m, l1, l2), 0);
  memset(&sn, 0, sizeof sn);
  sn.seq[0] = l1;
  sn.ns = 1;
  sn.kid[0] = a;
  sn.kid[1] = b;
  sn.kid[2] = c;
  sn.kid[3] = l2;
  sn.kid[4] = l3;
  sn.nk = 5;
  snap_fill(m, &sn);
  DUR(m, l1, 3.0);
  for (k = 0; k < 4; k++) {
    ck_assert_int_eq(add_op(m, k, l3, l1), TW_ENESTED);
    snap_same(m, &sn);
    ck_assert_int_eq(add_op(m, k, l2, l1), TW_ENESTED);
    snap_same(m, &sn);
    ck_assert_int_eq(add_op(m, k, l3, l2), TW_ENESTED);
    snap_same(m, &sn);
  }
  ck_assert_int_eq(in_array(m, l1), 1);
  NOW(m, 4.0);
  tt_valid(m);
  EQF(x, 8.0f);
  EQF(y, 8.0f);
  EQF(z, 8.0f);
  done(m);
}
END_TEST

START_TEST(test_sequence_refuse_infinite) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s = seq(m), a, c, d;
  snap sn;
  int k;

  a = lin(m, &x, 8, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  c = lin(m, &y, 8, 1.0);
  ck_assert_int_eq(tw_set_loops(m, c, -1, TW_LOOP_YOYO), 0);
  d = lin(m, &z, 2, 1.0);
  ck_assert_int_eq(tw_set_speed_based(m, d, 1), 0);
  memset(&sn, 0, sizeof sn);
  sn.seq[0] = s;
  sn.ns = 1;
  sn.kid[0] = a;
  sn.nk = 1;
  snap_fill(m, &sn);
  for (k = 0; k < 4; k++) {
    ck_assert_int_eq(add_op(m, k, s, c), TW_EINFINITE);
    snap_same(m, &sn);
    ck_assert_int_eq(add_op(m, k, s, d), TW_EINVAL); /* speed-based */
    snap_same(m, &sn);
  }
  FREE_CHILD(m, c);
  FREE_CHILD(m, d);
  NOW(m, 0.5);
  tt_valid(m);
  EQF(y, 4.0f);
  EQF(x, 4.0f);
  done(m);
}
END_TEST

static double ease_half(double x, void *ud) {
  (void)ud;
  return x;
}

START_TEST(test_sequence_child_controls) {
  tw_manager *m = mk();
  float x = 0, y = 0, f = 1;
  tw_handle s = seq(m), a, b;
  double d;
  tw_key key = {0, 0, 1, 1};

  a = lin(m, &x, 8, 1.0);
  ck_assert_int_eq(tw_set_id(m, a, 7), 0);
  b = lin(m, &y, 8, 1.0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);
  tt_valid(m);
  NOW(m, 0.5); /* a is half way */
  EQF(x, 4.0f);

  ck_assert_int_eq(tw_is_active(m, a), 1);
  /* settings */
  ck_assert_int_eq(tw_set_delay(m, a, 1.0), TW_ENESTED);
  ck_assert_int_eq(tw_set_loops(m, a, 2, TW_LOOP_RESTART), TW_ENESTED);
  ck_assert_int_eq(tw_set_ease(m, a, TW_EASE_IN_QUAD), TW_ENESTED);
  ck_assert_int_eq(tw_set_autokill(m, a, 0), TW_ENESTED);
  ck_assert_int_eq(tw_set_update_type(m, a, TW_UPDATE_LATE), TW_ENESTED);
  ck_assert_int_eq(tw_set_independent(m, a, 1), TW_ENESTED);
  ck_assert_int_eq(tw_set_id(m, a, 3), TW_ENESTED);
  ck_assert_int_eq(tw_set_target(m, a, &x), TW_ENESTED);
  ck_assert_int_eq(tw_set_timescale(m, a, 2.0), TW_ENESTED);
  ck_assert_int_eq(tw_set_recyclable(m, a, 0), TW_ENESTED);
  ck_assert_int_eq(tw_set_from(m, a, &f), TW_ENESTED);
  ck_assert_int_eq(tw_set_relative(m, a, 1), TW_ENESTED);
  ck_assert_int_eq(tw_set_speed_based(m, a, 1), TW_ENESTED);
  ck_assert_int_eq(tw_set_ease_params(m, a, 1.0, 0.0), TW_ENESTED);
  ck_assert_int_eq(tw_set_ease_fn(m, a, ease_half, NULL), TW_ENESTED);
  ck_assert_int_eq(tw_set_ease_bezier(m, a, 0.25, 0.1, 0.25, 1.0), TW_ENESTED);
  ck_assert_int_eq(tw_set_ease_steps(m, a, 4, TW_JUMP_END), TW_ENESTED);
  ck_assert_int_eq(tw_set_ease_curve(m, a, &key, 1), TW_ENESTED);
  ck_assert_int_eq(tw_change_start(m, a, &f), TW_ENESTED);
  ck_assert_int_eq(tw_change_end(m, a, &f, 0), TW_ENESTED);
  ck_assert_int_eq(tw_change_values(m, a, &f, &f), TW_ENESTED);
  ck_assert_int_eq(tw_on(m, a, TW_ON_UPDATE, kcb, &T[0]), TW_ENESTED);
  /* controls */
  ck_assert_int_eq(tw_kill(m, a, 0), TW_ENESTED);
  ck_assert_int_eq(tw_kill(m, a, 1), TW_ENESTED);
  ck_assert_int_eq(tw_complete(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_complete_silent(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_play(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_pause(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_toggle(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_restart(m, a, 1, -1), TW_ENESTED);
  ck_assert_int_eq(tw_rewind(m, a, 1), TW_ENESTED);
  ck_assert_int_eq(tw_smooth_rewind(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_goto(m, a, 0.25, 1), TW_ENESTED);
  ck_assert_int_eq(tw_flip(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_play_forward(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_play_backwards(m, a), TW_ENESTED);
  /* queries */
  ck_assert_int_eq(tw_is_playing(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_is_complete(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_elapsed(m, a, &d), TW_ENESTED);
  ck_assert_int_eq(tw_loops_done(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_loops(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_is_backwards(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_position(m, a, &d), TW_ENESTED);
  ck_assert_int_eq(tw_elapsed_percentage(m, a, 1, &d), TW_ENESTED);
  ck_assert_int_eq(tw_duration(m, a, 0, &d), TW_ENESTED);
  ck_assert_int_eq(tw_delay(m, a, &d), TW_ENESTED);
  ck_assert_int_eq(tw_elapsed_delay(m, a, &d), TW_ENESTED);
  ck_assert_int_eq(tw_is_sequence(m, a), TW_ENESTED);
  ck_assert_int_eq(tw_is_active(m, a), 1);
  tt_valid(m);
  EQF(x, 4.0f);
  AT(m, a, 0.0, 1.0);
  AT(m, b, 1.0, 1.0);
  DUR(m, s, 2.0);

  /* the many-tween controls see the sequence only */
  ck_assert_int_eq(tw_do_all(m, TW_DO_PAUSE), 1);
  NOW(m, 0.25);
  EQF(x, 4.0f);
  ck_assert_int_eq(tw_do_all(m, TW_DO_PLAY), 1);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 3);
  ck_assert_int_eq(tw_count(m, TW_COUNT_PLAYING), 1);

  /* still driven by its sequence, to its end */
  NOW(m, 0.25);
  EQF(x, 6.0f);
  NOW(m, 2.0);
  tt_valid(m);
  EQF(x, 8.0f);
  EQF(y, 8.0f);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_int_eq(tw_pause(m, a), TW_ESTALE);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* running                                                             */

/* Children update in timeline order, not creation order. */
START_TEST(test_sequence_timeline_order) {
  tw_manager *m = mk();
  float v[3] = {0, 0, 0};
  tw_handle s = seq(m), h[3];
  /* created a, b, c; placed b [0, 2], c [0.5, 1.5], a [1, 3] */
  static const double at[3] = {1.0, 0.0, 0.5}, span[3] = {2.0, 2.0, 1.0};
  static const int tl[3] = {1, 2, 0}; /* timeline order */
  int i, k;

  for (i = 0; i < 3; i++) {
    h[i] = lin(m, &v[i], 8, span[i]);
    hook(m, h[i], i, H_UP);
  }
  ck_assert_int_eq(tw_seq_insert(m, s, at[0], h[0]), 0);
  ck_assert_int_eq(tw_seq_insert(m, s, at[1], h[1]), 0);
  ck_assert_int_eq(tw_seq_insert(m, s, at[2], h[2]), 0);
  ck_assert_int_eq(tw_seq_append_interval(m, s, 1.0), 0);
  DUR(m, s, 4.0);
  tt_valid(m);
  NOW(m, 0.0);
  EXPECT_LOG(UP, 1);
  for (k = 1; k <= 16; k++) {
    double to = 0.25 * k, from = to - 0.25;
    int n = 0;
    tt_log_reset();
    NOW(m, 0.25);
    tt_valid(m);
    for (i = 0; i < 3; i++) {
      int c = tl[i];
      double e;
      if (!(at[c] <= to && from < at[c] + span[c]))
        continue;
      ck_assert_msg(n < tt_nlog && tt_log[n].tag == c,
                    "t %g: log %s, expected child %d at %d", to, log_str(), c,
                    n);
      n++;
      e = (to - at[c]) / span[c];
      ck_assert_msg(v[c] == (float)(8.0 * (e > 1 ? 1 : e)),
                    "t %g: child %d is %g", to, c, v[c]);
    }
    ck_assert_msg(tt_nlog == n, "t %g: log %s", to, log_str());
  }
  for (i = 0; i < 3; i++)
    EQF(v[i], 8.0f);
  done(m);
}
END_TEST

/* Of two overlapping children on one float, the later one in the timeline
 * (for the same start: the one inserted last) writes last. */
START_TEST(test_sequence_overlap_wins) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle s = seq(m), a, b;
  int k;

  if (_i == 0) { /* a [0, 2] -> 8, then b joined [0, 1] -> 16 */
    a = lin(m, &x, 8, 2.0);
    b = lin(m, &x, 16, 1.0);
    ck_assert_int_eq(tw_seq_insert(m, s, 0.0, a), 0);
    ck_assert_int_eq(tw_seq_join(m, s, b), 0);
  } else if (_i == 1) { /* the same, b created first */
    b = lin(m, &x, 16, 1.0);
    a = lin(m, &x, 8, 2.0);
    ck_assert_int_eq(tw_seq_append(m, s, a), 0);
    ck_assert_int_eq(tw_seq_insert(m, s, 0.0, b), 0);
  } else { /* a [1, 2] -> 0 inserted first; b [0, 2] -> 16 starts earlier */
    a = lin(m, &x, 0, 1.0);
    b = lin(m, &x, 16, 2.0);
    ck_assert_int_eq(tw_seq_insert(m, s, 1.0, a), 0);
    ck_assert_int_eq(tw_seq_insert(m, s, 0.0, b), 0);
  }
  tt_valid(m);
  DUR(m, s, 2.0);
  NOW(m, 0.0);
  EQF(x, 0.0f);
  for (k = 1; k <= 8; k++) {
    double t = 0.25 * k;
    float want;
    NOW(m, 0.25);
    tt_valid(m);
    if (_i < 2) /* b while it runs, then a */
      want = t <= 1.0 ? (float)(16.0 * t) : (float)(4.0 * t);
    else /* b until a starts at 1 (reading 8), then a */
      want = t <= 1.0 ? (float)(8.0 * t) : (float)(16.0 - 8.0 * t);
    ck_assert_msg(x == want, "t %g: x %g, expected %g", t, x, want);
  }
  done(m);
}
END_TEST

/* Timelines for the jump-versus-steps comparison.  Returns the sequence
 * and sets *full to its whole time (delay and loops included). */
#define JV 6
static tw_handle jv_build(tw_manager *m, int which, float *v, double *full) {
  tw_handle s = seq(m), h, in;
  int i = 0;

#define CH(k, end, d)                                                          \
  (h = lin(m, &v[k], (end), (d)), hook(m, h, i, H_ST), i++, h)
  switch (which) {
  case 0: /* one after another on v0, and v1 */
    ck_assert_int_eq(tw_seq_append(m, s, CH(0, 8, 1.0)), 0);
    ck_assert_int_eq(tw_seq_append(m, s, CH(0, -4, 1.0)), 0);
    ck_assert_int_eq(tw_seq_append(m, s, CH(1, 8, 2.0)), 0);
    ck_assert_int_eq(tw_seq_join(m, s, CH(0, 2, 0.5)), 0);
    *full = 4.0;
    break;
  case 1: /* overlaps on v0; a delayed child on v1 */
    ck_assert_int_eq(tw_seq_append(m, s, CH(0, 8, 2.0)), 0);
    ck_assert_int_eq(tw_seq_join(m, s, CH(0, 16, 1.0)), 0);
    ck_assert_int_eq(tw_seq_insert(m, s, 1.0, CH(0, 4, 2.0)), 0);
    h = CH(1, 8, 1.0);
    ck_assert_int_eq(tw_set_delay(m, h, 0.25), 0);
    ck_assert_int_eq(tw_seq_insert(m, s, 0.5, h), 0);
    *full = 3.0;
    break;
  case 2: /* child loops of every kind, a delay */
    h = CH(0, 8, 0.5);
    ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_RESTART), 0);
    ck_assert_int_eq(tw_seq_append(m, s, h), 0);
    h = CH(1, 8, 0.5);
    ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), 0);
    ck_assert_int_eq(tw_set_delay(m, h, 0.25), 0);
    ck_assert_int_eq(tw_seq_insert(m, s, 0.0, h), 0);
    h = CH(2, 2, 1.0);
    ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_YOYO), 0);
    ck_assert_int_eq(tw_seq_append(m, s, h), 0);
    h = CH(3, 1, 0.5);
    ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_INCREMENTAL), 0);
    ck_assert_int_eq(tw_seq_join(m, s, h), 0);
    *full = 3.75;
    break;
  case 3: /* a nested sequence ending with an outer child on v0 */
    in = seq(m);
    ck_assert_int_eq(tw_seq_append(m, in, CH(0, 8, 1.0)), 0);
    ck_assert_int_eq(tw_seq_join(m, in, CH(1, 4, 1.0)), 0);
    ck_assert_int_eq(tw_seq_append(m, s, CH(0, -8, 2.0)), 0);
    ck_assert_int_eq(tw_seq_insert(m, s, 1.0, in), 0);
    ck_assert_int_eq(tw_seq_append(m, s, CH(1, 16, 1.0)), 0);
    *full = 3.0;
    break;
  case 4: /* restart loops, timeline callbacks */
    ck_assert_int_eq(tw_seq_append(m, s, CH(0, 8, 1.0)), 0);
    ck_assert_int_eq(tw_seq_append(m, s, CH(1, 8, 1.0)), 0);
    ck_assert_int_eq(tw_seq_insert_callback(m, s, 0.5, kcb, &T[10]), 0);
    ck_assert_int_eq(tw_seq_append_callback(m, s, kcb, &T[11]), 0);
    ck_assert_int_eq(tw_set_loops(m, s, 2, TW_LOOP_RESTART), 0);
    *full = 4.0;
    break;
  case 5: /* yoyo loops, two children on v0 */
    ck_assert_int_eq(tw_seq_append(m, s, CH(0, 8, 1.0)), 0);
    ck_assert_int_eq(tw_seq_append(m, s, CH(0, 16, 1.0)), 0);
    ck_assert_int_eq(tw_set_loops(m, s, 3, TW_LOOP_YOYO), 0);
    *full = 6.0;
    break;
  default: /* the sequence's ease and delay; overlaps on v0 */
    ck_assert_int_eq(tw_seq_append(m, s, CH(0, 8, 1.0)), 0);
    ck_assert_int_eq(tw_seq_insert(m, s, 0.5, CH(0, -8, 2.0)), 0);
    ck_assert_int_eq(tw_seq_insert(m, s, 0.0, CH(1, 8, 1.5)), 0);
    ck_assert_int_eq(tw_seq_append_interval(m, s, 1.5), 0);
    ck_assert_int_eq(tw_set_ease(m, s, TW_EASE_IN_QUAD), 0);
    ck_assert_int_eq(tw_set_delay(m, s, 0.5), 0);
    *full = 4.5;
    break;
  }
#undef CH
  tt_valid(m);
  return s;
}

START_TEST(test_sequence_jump_vs_steps) {
  /* the final values, the same both ways */
  static const float want[7][4] = {{2, 8, 0, 0},  {4, 8, 0, 0}, {8, 8, 0, 3},
                                   {8, 16, 0, 0}, {8, 8, 0, 0}, {16, 0, 0, 0},
                                   {-8, 8, 0, 0}};
  float vj[4] = {0}, vs[4] = {0};
  int starts[8], cbs[2], i;
  double full;
  tw_manager *m = mk();
  tw_handle s = jv_build(m, _i, vj, &full);

  NOW(m, full);
  tt_valid(m);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  for (i = 0; i < 8; i++)
    starts[i] = count(ST, i);
  cbs[0] = count(CB, 10);
  cbs[1] = count(CB, 11);
  done(m);

  m = mk();
  s = jv_build(m, _i, vs, &full);
  for (i = 0; i < 64; i++) {
    NOW(m, full / 64);
    tt_valid(m);
  }
  ck_assert_int_eq(tw_is_active(m, s), 0);
  for (i = 0; i < 4; i++) {
    ck_assert_msg(vj[i] == vs[i], "timeline %d, v%d: jump %g, steps %g", _i, i,
                  vj[i], vs[i]);
    ck_assert_msg(vs[i] == want[_i][i], "timeline %d, v%d: %g, expected %g", _i,
                  i, vs[i], want[_i][i]);
  }
  for (i = 0; i < 8; i++) {
    ck_assert_int_eq(starts[i], count(ST, i));
    ck_assert_int_le(starts[i], 1);
  }
  ck_assert_int_eq(cbs[0], count(CB, 10));
  ck_assert_int_eq(cbs[1], count(CB, 11));
  if (_i == 4) {
    ck_assert_int_eq(cbs[0], 2);
    ck_assert_int_eq(cbs[1], 2);
  }
  done(m);
}
END_TEST

/* A child that reads its start value where an earlier overlapping child is
 * still writing: a jump must read it where small updates would (the
 * header: "every child ends as many small updates would leave it").  The
 * yoyo child ends at its start value, so its start value shows. */
START_TEST(test_sequence_jump_start_read) {
  float xs = 0, xj = 0;
  tw_manager *m;
  tw_handle s, a, c;
  int i;

  for (i = 0; i < 2; i++) {
    float *x = i == 0 ? &xs : &xj;
    m = mk();
    s = seq(m);
    a = lin(m, x, 8, 2.0);   /* [0, 2] */
    c = lin(m, x, 100, 0.5); /* [1, 2], yoyo twice: back to its start */
    ck_assert_int_eq(tw_set_loops(m, c, 2, TW_LOOP_YOYO), 0);
    ck_assert_int_eq(tw_seq_append(m, s, a), 0);
    ck_assert_int_eq(tw_seq_insert(m, s, 1.0, c), 0);
    if (i == 0) {
      int k;
      for (k = 0; k < 64; k++)
        NOW(m, 2.0 / 64);
    } else {
      NOW(m, 2.0);
    }
    tt_valid(m);
    ck_assert_int_eq(tw_is_active(m, s), 0);
    done(m);
  }
  /* small steps: c starts at 1 reading a's 4, and ends there */
  EQF(xs, 4.0f);
  ck_assert_msg(xj == xs, "one jump leaves x %g, small updates %g", xj, xs);
}
END_TEST

/* Builds the callback-order timeline: a [0, 1] x -> 8, b [1, 2] x -> 16,
 * c joined [1, 1.5] z -> 8, callbacks at 0.5 (10), 1.5 (11), 2 (12). */
static tw_handle co_build(tw_manager *m, float *x, float *z, unsigned kid,
                          unsigned sm, int autokill) {
  tw_handle s = seq(m), a, b, c;

  a = lin(m, x, 8, 1.0);
  b = lin(m, x, 16, 1.0);
  c = lin(m, z, 8, 0.5);
  hook(m, a, 0, kid);
  hook(m, b, 1, kid);
  hook(m, c, 2, kid);
  hook(m, s, 3, sm);
  ck_assert_int_eq(tw_set_autokill(m, s, autokill), 0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);
  ck_assert_int_eq(tw_seq_join(m, s, c), 0);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, 0.5, kcb, &T[10]), 0);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, 1.5, kcb, &T[11]), 0);
  ck_assert_int_eq(tw_seq_append_callback(m, s, kcb, &T[12]), 0);
  tt_valid(m);
  DUR(m, s, 2.0);
  return s;
}

/* A jump over the whole timeline is driven in stages, stopping at every
 * child start and callback (0.5, 1, 1.5): within a stage, children in the
 * order they reach their state there (ties in timeline order), so every
 * callback fires in timeline order. */
START_TEST(test_sequence_callback_order_forward) {
  tw_manager *m = mk();
  float x = 0, z = 0;
  tw_handle s = co_build(m, &x, &z, H_ST | H_UP | H_CO | H_KI,
                         H_ST | H_UP | H_SC | H_CO | H_KI, 1);

  NOW(m, 2.0);
  tt_valid(m);
  EXPECT_LOG(ST, 3, ST, 0, UP, 0, CB, 10, UP, 0, CO, 0, ST, 1, UP, 1, ST, 2, UP,
             2, UP, 1, UP, 2, CO, 2, CB, 11, UP, 1, CO, 1, CB, 12, UP, 3, SC, 3,
             CO, 3, KI, 0, KI, 1, KI, 2, KI, 3);
  EQF(x, 16.0f);
  EQF(z, 8.0f);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  done(m);
}
END_TEST

/* Backwards over the whole timeline (goto 0, or playing backwards): the
 * latest first, the earliest child writes its start value last; callbacks
 * at 1.5 and 0.5 are crossed, the one at the end is not. */
START_TEST(test_sequence_callback_order_backward) {
  tw_manager *m = mk();
  float x = 0, z = 0;
  unsigned sm = _i == 0 ? 0 : H_UP | H_RW | H_CO;
  tw_handle s = co_build(m, &x, &z, H_UP | H_RW | H_CO, sm, 0);
  double el = -1;

  NOW(m, 2.0);
  tt_valid(m);
  EQF(x, 16.0f);
  EQF(z, 8.0f);
  ck_assert_int_eq(tw_is_complete(m, s), 1);
  tt_log_reset();
  if (_i == 0) {
    ck_assert_int_eq(tw_goto(m, s, 0.0, 0), 0);
    tt_valid(m);
    EXPECT_LOG(UP, 1, CB, 11, UP, 1, RW, 1, UP, 2, RW, 2, UP, 0, CB, 10, UP, 0,
               RW, 0);
  } else {
    ck_assert_int_eq(tw_play_backwards(m, s), 0);
    NOW(m, 2.0);
    tt_valid(m);
    EXPECT_LOG(UP, 1, CB, 11, UP, 1, RW, 1, UP, 2, RW, 2, UP, 0, CB, 10, UP, 0,
               RW, 0, UP, 3, RW, 3);
    ck_assert_int_eq(tw_is_playing(m, s), 0);
  }
  EQF(x, 0.0f);
  EQF(z, 0.0f);
  ck_assert_int_eq(tw_is_complete(m, s), 0);
  ck_assert_int_eq(tw_elapsed(m, s, &el), 0);
  EQD(el, 0.0);
  ck_assert_int_eq(tw_is_active(m, s), 1);
  done(m);
}
END_TEST

/* Timeline position of a 2-second timeline looping 3 times at time t. */
static double loop_pos(double t, int yoyo) {
  double k, pos;

  if (t >= 6.0)
    return 2.0;
  k = floor(t / 2.0);
  pos = t - 2.0 * k;
  return yoyo && ((int)k & 1) ? 2.0 - pos : pos;
}

static float clamp8(double p) {
  return (float)(8.0 * (p < 0 ? 0 : p > 1 ? 1 : p));
}

/* a [0, 1] x -> 8, b [1, 2] y -> 8, a callback at 1.5 (10), 3 loops;
 * _i: 0 small steps, 1 one jump, 2 uneven jumps of 1.25. */
static void loops_run(int yoyo, int how) {
  tw_manager *m = mk();
  float x = 0, y = 0;
  tw_handle s = seq(m), a, b;
  double t = 0, d = -1;
  int k;

  a = lin(m, &x, 8, 1.0);
  b = lin(m, &y, 8, 1.0);
  hook(m, a, 0, H_ST | H_CO | H_RW);
  hook(m, b, 1, H_ST | H_CO | H_RW);
  hook(m, s, 3, H_SC | H_CO);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_append(m, s, b), 0);
  ck_assert_int_eq(tw_seq_insert_callback(m, s, 1.5, kcb, &T[10]), 0);
  ck_assert_int_eq(tw_set_loops(m, s, 3, yoyo ? TW_LOOP_YOYO : TW_LOOP_RESTART),
                   0);
  ck_assert_int_eq(tw_loops(m, s), 3);
  DUR(m, s, 2.0);
  ck_assert_int_eq(tw_duration(m, s, 1, &d), 0);
  EQD(d, 6.0);
  tt_valid(m);

  if (how == 1) {
    NOW(m, 6.0);
    t = 6.0;
  } else {
    double dt = how == 0 ? 0.25 : 1.25;
    NOW(m, 0.0);
    for (k = 0; t < 6.0; k++) {
      double p;
      NOW(m, dt);
      tt_valid(m);
      t += dt;
      p = loop_pos(t, yoyo);
      ck_assert_msg(x == clamp8(p) && y == clamp8(p - 1.0),
                    "t %g (timeline %g): x %g y %g, expected %g %g", t, p, x, y,
                    clamp8(p), clamp8(p - 1.0));
    }
  }
  tt_valid(m);
  EQF(x, 8.0f);
  EQF(y, 8.0f);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  ck_assert_int_eq(count(SC, 3), 3);
  ck_assert_int_eq(count(CO, 3), 1);
  ck_assert_int_eq(count(ST, 0), 1);
  ck_assert_int_eq(count(ST, 1), 1);
  if (how != 2) {
    /* crossed forwards in each loop (and backwards in the yoyo one) */
    ck_assert_msg(count(CB, 10) == 3, "callback at 1.5: %d times, log %s",
                  count(CB, 10), log_str());
    /* a child completes in each forward loop */
    ck_assert_msg(count(CO, 0) == (yoyo ? 2 : 3) &&
                      count(CO, 1) == (yoyo ? 2 : 3),
                  "children complete %d and %d times, log %s", count(CO, 0),
                  count(CO, 1), log_str());
  }
  if (!yoyo) /* the rewinds between loops are silent */
    ck_assert_int_eq(count_ev(RW), 0);
  done(m);
}

START_TEST(test_sequence_yoyo) { loops_run(1, _i); }
END_TEST

START_TEST(test_sequence_restart) { loops_run(0, _i); }
END_TEST

/* Three levels: l1 = {d [0, 1] w, l2 [1, 4] = {c [0, 1] z, l3 [1, 3] =
 * {a [0, 1] x, b [1, 2] y}}}.  _i: 0 steps, 1 one jump. */
START_TEST(test_sequence_nested_three) {
  tw_manager *m = mk();
  float w = 0, x = 0, y = 0, z = 0;
  tw_handle l1 = seq(m), l2 = seq(m), l3 = seq(m), a, b, c, d;
  unsigned mask = H_ST | H_CO | H_KI;
  int k;

  d = lin(m, &w, 8, 1.0);
  c = lin(m, &z, 8, 1.0);
  a = lin(m, &x, 8, 1.0);
  b = lin(m, &y, 8, 1.0);
  hook(m, d, 0, mask);
  hook(m, c, 1, mask);
  hook(m, a, 2, mask);
  hook(m, b, 3, mask);
  hook(m, l1, 4, mask);
  hook(m, l2, 5, mask);
  hook(m, l3, 6, mask);
  ck_assert_int_eq(tw_seq_append(m, l3, a), 0);
  ck_assert_int_eq(tw_seq_append(m, l3, b), 0);
  ck_assert_int_eq(tw_seq_append(m, l2, c), 0);
  ck_assert_int_eq(tw_seq_append(m, l2, l3), 0);
  ck_assert_int_eq(tw_seq_append(m, l1, d), 0);
  ck_assert_int_eq(tw_seq_append(m, l1, l2), 0);
  tt_valid(m);
  DUR(m, l1, 4.0);
  AT(m, l2, 1.0, 3.0);
  AT(m, l3, 1.0, 2.0);
  AT(m, c, 0.0, 1.0);
  AT(m, a, 0.0, 1.0);
  AT(m, b, 1.0, 1.0);
  AT(m, d, 0.0, 1.0);

  if (_i == 0) {
    NOW(m, 0.0);
    for (k = 1; k <= 16; k++) {
      double t = 0.25 * k;
      NOW(m, 0.25);
      tt_valid(m);
      ck_assert_msg(w == clamp8(t) && z == clamp8(t - 1) &&
                        x == clamp8(t - 2) && y == clamp8(t - 3),
                    "t %g: w %g z %g x %g y %g", t, w, z, x, y);
    }
  } else {
    NOW(m, 4.0);
    tt_valid(m);
  }
  EQF(w, 8.0f);
  EQF(z, 8.0f);
  EQF(x, 8.0f);
  EQF(y, 8.0f);
  EXPECT_LOG(ST, 4, ST, 0, CO, 0, ST, 5, ST, 1, CO, 1, ST, 6, ST, 2, CO, 2, ST,
             3, CO, 3, CO, 6, CO, 5, CO, 4, KI, 0, KI, 1, KI, 2, KI, 3, KI, 6,
             KI, 5, KI, 4);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  done(m);
}
END_TEST

/* The sequence's ease warps the timeline (default Linear). */
START_TEST(test_sequence_ease) {
  static const tw_ease ease[3] = {TW_EASE_LINEAR, TW_EASE_IN_QUAD,
                                  TW_EASE_OUT_QUAD};
  /* x at t = 2 and t = 3 of a 4 s timeline with x -> 16 over it */
  static const float at2[3] = {8, 4, 12}, at3[3] = {12, 9, 15};
  tw_manager *m = mk();
  float x = 0;
  tw_handle s = seq(m), a;
  double el = -1;

  a = lin(m, &x, 16, 4.0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  if (_i != 0)
    ck_assert_int_eq(tw_set_ease(m, s, ease[_i]), 0);
  NOW(m, 0.0);
  NOW(m, 2.0);
  tt_valid(m);
  EQF(x, at2[_i]);
  ck_assert_int_eq(tw_elapsed(m, s, &el), 0);
  EQD(el, 2.0);
  NOW(m, 1.0);
  EQF(x, at3[_i]);
  NOW(m, 1.0);
  EQF(x, 16.0f);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  done(m);
}
END_TEST

/* The sequence's own delay: nothing starts before it has passed. */
START_TEST(test_sequence_delay) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle s = seq(m), a;
  double d = -1;

  a = lin(m, &x, 8, 1.0);
  hook(m, a, 0, H_ST);
  hook(m, s, 1, H_ST);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_set_delay(m, s, 1.0), 0);
  DUR(m, s, 1.0);
  ck_assert_int_eq(tw_delay(m, s, &d), 0);
  EQD(d, 1.0);
  NOW(m, 0.5);
  EQF(x, 0.0f);
  ck_assert_int_eq(tt_nlog, 0);
  NOW(m, 0.5);
  EXPECT_LOG(ST, 1, ST, 0);
  EQF(x, 0.0f);
  NOW(m, 0.5);
  EQF(x, 4.0f);
  NOW(m, 0.5);
  EQF(x, 8.0f);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* kill and complete                                                   */

/* s = {a [0, 1] x, c [0.5, 1.5] z, b [1, 2] y, in [2, 3] = {d w}};
 * tags a 0, b 1, c 2, d 3, in 4, s 5. */
static tw_handle kc_build(tw_manager *m, float *v, tw_handle *h) {
  tw_handle s = seq(m), in = seq(m);
  unsigned mask = H_ST | H_CO | H_KI;
  int i;

  for (i = 0; i < 4; i++) {
    h[i] = lin(m, &v[i], 8, 1.0);
    hook(m, h[i], i, mask);
  }
  h[4] = in;
  h[5] = s;
  hook(m, in, 4, mask);
  hook(m, s, 5, mask);
  ck_assert_int_eq(tw_seq_append(m, s, h[0]), 0);
  ck_assert_int_eq(tw_seq_append(m, s, h[1]), 0);
  ck_assert_int_eq(tw_seq_insert(m, s, 0.5, h[2]), 0);
  ck_assert_int_eq(tw_seq_append(m, in, h[3]), 0);
  ck_assert_int_eq(tw_seq_append(m, s, in), 0);
  tt_valid(m);
  DUR(m, s, 3.0);
  AT(m, in, 2.0, 1.0);
  return s;
}

START_TEST(test_sequence_complete) {
  tw_manager *m = mk();
  float v[4] = {0};
  tw_handle h[6], s = kc_build(m, v, h);
  int i;

  if (_i == 2)
    ck_assert_int_eq(tw_set_autokill(m, s, 0), 0);
  if (_i != 1) {
    NOW(m, 0.5);
    tt_valid(m);
    EQF(v[0], 4.0f);
  }
  ck_assert_int_eq(tw_complete(m, s), 0);
  tt_valid(m);
  for (i = 0; i < 4; i++)
    EQF(v[i], 8.0f);
  for (i = 0; i < 6; i++) {
    ck_assert_msg(count(CO, i) == 1, "COMPLETE of %d: log %s", i, log_str());
    ck_assert_msg(count(ST, i) == 1, "START of %d: log %s", i, log_str());
  }
  if (_i != 2) {
    EXPECT_EVENTS(KI, 0, 2, 1, 3, 4, 5);
    for (i = 0; i < 6; i++) {
      ck_assert_int_eq(tw_is_active(m, h[i]), 0);
      ck_assert_int_eq(tw_pause(m, h[i]), TW_ESTALE);
    }
    ck_assert_int_eq(tw_complete(m, s), TW_ESTALE);
    ck_assert_int_eq(tw_seq_child_at(m, h[0], NULL, NULL), TW_ESTALE);
    ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  } else {
    ck_assert_int_eq(count_ev(KI), 0);
    ck_assert_int_eq(tw_is_complete(m, s), 1);
    ck_assert_int_eq(tw_is_active(m, h[0]), 1);
    tt_log_reset();
    ck_assert_int_eq(tw_complete(m, s), 0); /* already complete */
    v[0] = 42.0f;
    NOW(m, 1.0);
    tt_valid(m);
    ck_assert_int_eq(tt_nlog, 0);
    EQF(v[0], 42.0f);
    ck_assert_int_eq(tw_kill(m, s, 0), 0);
    EXPECT_LOG(KI, 0, KI, 2, KI, 1, KI, 3, KI, 4, KI, 5);
  }
  done(m);
}
END_TEST

/* s = {a [0, 1] x, b [1, 2] y, in [2, 4] = {c [0, 1] z, d [1, 2] w}};
 * tags a 0, b 1, c 2, d 3, in 4, s 5.  _i: 0 kill, 1 kill completing
 * first, 2 kill all, 3 free the manager. */
START_TEST(test_sequence_kill) {
  tw_manager *m = mk();
  float v[4] = {0};
  tw_handle s = seq(m), in = seq(m), h[6];
  unsigned mask = H_ST | H_CO | H_KI;
  int i;

  for (i = 0; i < 4; i++) {
    h[i] = lin(m, &v[i], 8, 1.0);
    hook(m, h[i], i, mask);
  }
  h[4] = in;
  h[5] = s;
  hook(m, in, 4, mask);
  hook(m, s, 5, mask);
  ck_assert_int_eq(tw_seq_append(m, s, h[0]), 0);
  ck_assert_int_eq(tw_seq_append(m, s, h[1]), 0);
  ck_assert_int_eq(tw_seq_append(m, in, h[2]), 0);
  ck_assert_int_eq(tw_seq_append(m, in, h[3]), 0);
  ck_assert_int_eq(tw_seq_append(m, s, in), 0);
  DUR(m, s, 4.0);
  NOW(m, 0.0);
  NOW(m, 0.5);
  tt_valid(m);
  EQF(v[0], 4.0f);
  tt_log_reset();
  switch (_i) {
  case 0:
    ck_assert_int_eq(tw_kill(m, s, 0), 0);
    break;
  case 1:
    ck_assert_int_eq(tw_kill(m, s, 1), 0);
    break;
  case 2:
    ck_assert_int_eq(tw_kill_all(m, 0), 1);
    break;
  default:
    ck_assert_int_eq(tw_manager_free(m), 0);
    ck_assert_uint_eq(al.live_blocks, 0);
    ck_assert_uint_eq(al.live_bytes, 0);
    EXPECT_LOG(KI, 0, KI, 1, KI, 2, KI, 3, KI, 4, KI, 5);
    return;
  }
  tt_valid(m);
  EXPECT_EVENTS(KI, 0, 1, 2, 3, 4, 5);
  if (_i == 1) {
    for (i = 0; i < 4; i++)
      EQF(v[i], 8.0f);
    for (i = 0; i < 6; i++)
      ck_assert_int_eq(count(CO, i), 1);
    /* the completes first, then the kills */
    ck_assert_int_eq(tt_log[tt_nlog - 7].event, CO);
    ck_assert_int_eq(tt_log[tt_nlog - 7].tag, 5);
  } else {
    EXPECT_LOG(KI, 0, KI, 1, KI, 2, KI, 3, KI, 4, KI, 5);
    EQF(v[0], 4.0f);
    EQF(v[1], 0.0f);
  }
  for (i = 0; i < 6; i++) {
    ck_assert_int_eq(tw_is_active(m, h[i]), 0);
    ck_assert_int_eq(tw_play(m, h[i]), TW_ESTALE);
    ck_assert_int_eq(tw_seq_child_at(m, h[i], NULL, NULL), TW_ESTALE);
  }
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  /* nothing is written after the kill */
  v[0] = 42.0f;
  tt_log_reset();
  NOW(m, 4.0);
  tt_valid(m);
  EQF(v[0], 42.0f);
  ck_assert_int_eq(tt_nlog, 0);
  done(m);
}
END_TEST

/* Killing the outer of three levels kills everything below, innermost
 * children first; the inner ones refuse direct kills. */
START_TEST(test_sequence_kill_nested) {
  tw_manager *m = mk();
  float w = 0, x = 0, y = 0, z = 0;
  tw_handle l1 = seq(m), l2 = seq(m), l3 = seq(m), a, b, c, d, all[7];
  snap sn;
  int i;

  d = lin(m, &w, 8, 1.0);
  c = lin(m, &z, 8, 1.0);
  a = lin(m, &x, 8, 1.0);
  b = lin(m, &y, 8, 1.0);
  all[0] = d;
  all[1] = c;
  all[2] = a;
  all[3] = b;
  all[4] = l1;
  all[5] = l2;
  all[6] = l3;
  for (i = 0; i < 7; i++)
    hook(m, all[i], i, H_KI | H_CO);
  ck_assert_int_eq(tw_seq_append(m, l3, a), 0);
  ck_assert_int_eq(tw_seq_append(m, l3, b), 0);
  ck_assert_int_eq(tw_seq_append(m, l2, c), 0);
  ck_assert_int_eq(tw_seq_append(m, l2, l3), 0);
  ck_assert_int_eq(tw_seq_append(m, l1, d), 0);
  ck_assert_int_eq(tw_seq_append(m, l1, l2), 0);
  NOW(m, 0.0);
  NOW(m, 2.5);
  tt_valid(m);
  EQF(x, 4.0f);
  memset(&sn, 0, sizeof sn);
  sn.seq[0] = l1;
  sn.ns = 1;
  for (i = 0; i < 7; i++)
    if (i != 4)
      sn.kid[sn.nk++] = all[i];
  snap_fill(m, &sn);
  tt_log_reset();
  ck_assert_int_eq(tw_kill(m, l2, 0), TW_ENESTED);
  ck_assert_int_eq(tw_kill(m, l3, 1), TW_ENESTED);
  ck_assert_int_eq(tw_complete(m, l3), TW_ENESTED);
  ck_assert_int_eq(tw_kill(m, a, 0), TW_ENESTED);
  snap_same(m, &sn);
  ck_assert_int_eq(tt_nlog, 0);
  ck_assert_int_eq(tw_kill(m, l1, 0), 0);
  tt_valid(m);
  EXPECT_LOG(KI, 0, KI, 1, KI, 2, KI, 3, KI, 6, KI, 5, KI, 4);
  for (i = 0; i < 7; i++)
    ck_assert_int_eq(tw_is_active(m, all[i]), 0);
  EQF(x, 4.0f);
  EQF(y, 0.0f);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* capacity                                                            */

typedef struct wrec {
  int n;
  tw_manager *m[8];
  tw_warning what[8];
  size_t old_cap[8], new_cap[8];
} wrec;

static void rec_warn(tw_manager *m, tw_warning what, size_t old_cap,
                     size_t new_cap, void *ud) {
  wrec *r = ud;

  if (r->n < 8) {
    r->m[r->n] = m;
    r->what[r->n] = what;
    r->old_cap[r->n] = old_cap;
    r->new_cap[r->n] = new_cap;
  }
  r->n++;
}

START_TEST(test_sequence_capacity) {
  static float v[201];
  wrec r;
  tw_manager *m;
  tw_stats st;
  tw_handle h;
  int i;

  memset(&r, 0, sizeof r);
  m = mk_cfg(0, 0, 0, rec_warn, &r);
  /* a full tween capacity does not touch the sequences' */
  for (i = 0; i < 200; i++)
    lin(m, &v[i], 1, 1.0);
  for (i = 0; i < 50; i++)
    seq(m);
  tt_valid(m);
  ck_assert_int_eq(r.n, 0);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.sequences_capacity, 50);
  ck_assert_uint_eq(st.tweens_capacity, 200);
  ck_assert_uint_eq(st.growths, 0);

  ck_assert_int_eq(tw_sequence(m, &h), 0);
  tt_valid(m);
  ck_assert_int_eq(r.n, 1);
  ck_assert_ptr_eq(r.m[0], m);
  ck_assert_int_eq(r.what[0], TW_WARN_GROW_SEQUENCES);
  ck_assert_uint_eq(r.old_cap[0], 50);
  ck_assert_uint_eq(r.new_cap[0], 125);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.sequences_capacity, 125);
  ck_assert_uint_eq(st.tweens_capacity, 200);
  ck_assert_uint_eq(st.growths, 1);
  ck_assert_uint_eq(st.live, 251);

  /* and the 201st tween grows the tweens' only */
  lin(m, &v[200], 1, 1.0);
  ck_assert_int_eq(r.n, 2);
  ck_assert_int_eq(r.what[1], TW_WARN_GROW_TWEENS);
  ck_assert_uint_eq(r.old_cap[1], 200);
  ck_assert_uint_eq(r.new_cap[1], 500);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.sequences_capacity, 125);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* re-entrancy                                                         */

/* s = {a [0, 1] x, a callback at 0.5 (tag 9), in [1, 2] = {b [0, 1] y}};
 * tags a 0, b 1, in 2, s 3, the new sequence's child c 4, the new
 * sequence 5.  The trigger: 0 a's START, 1 a's UPDATE, 2 a's COMPLETE,
 * 3 the timeline callback, 4 b's UPDATE (two levels down). */
enum { ACT_KILL, ACT_COMPLETE, ACT_CREATE, ACT_KILL_CREATE };

static struct re_state {
  int trig, action, ev, calls, acted;
  int rc_kill, rc_complete, rc_seq, rc_append;
  tw_handle s, s2, c;
  float *z;
} re;

static const int re_step[5] = {1, 1, 4, 2, 4}; /* when it fires, in steps */
static const int re_ev[5] = {ST, UP, CO, CB, UP};

static void re_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  re.calls++;
  tt_log_add(re.ev, *(int *)ud);
  if (re.acted)
    return;
  re.acted = 1;
  if (re.action == ACT_KILL || re.action == ACT_KILL_CREATE) {
    re.rc_kill = tw_kill(m, re.s, 0);
    tt_valid(m);
  }
  if (re.action == ACT_COMPLETE) {
    re.rc_complete = tw_complete(m, re.s);
    tt_valid(m);
  }
  if (re.action == ACT_CREATE || re.action == ACT_KILL_CREATE) {
    re.rc_seq = tw_sequence(m, &re.s2);
    re.c = lin(m, re.z, 8, 1.0);
    hook(m, re.c, 4, H_ST | H_KI);
    hook(m, re.s2, 5, H_KI);
    re.rc_append = tw_seq_append(m, re.s2, re.c);
    tt_valid(m);
  }
}

static tw_manager *re_build(int trig, int action, int variant, float *v) {
  tw_manager *m;
  tw_handle a, b, in, dummy;

  /* variant 1: records are freed at once (pool bound 1), or, to create,
   * the sequence capacity is full so the creation grows the array in the
   * middle of the update pass */
  if (variant && (action == ACT_CREATE || action == ACT_KILL_CREATE))
    m = mk_cfg(4, 2, 0, NULL, NULL);
  else
    m = mk_cfg(0, 0, variant ? 1 : 0, NULL, NULL);
  memset(&re, 0, sizeof re);
  re.trig = trig;
  re.action = action;
  re.ev = re_ev[trig];
  re.z = &v[2];
  re.s = seq(m);
  in = seq(m);
  a = lin(m, &v[0], 8, 1.0);
  b = lin(m, &v[1], 8, 1.0);
  hook(m, a, 0, H_ST | H_UP | H_CO | H_KI);
  hook(m, b, 1, H_ST | H_UP | H_CO | H_KI);
  hook(m, in, 2, H_ST | H_CO | H_KI);
  hook(m, re.s, 3, H_ST | H_CO | H_KI);
  if (trig <= 2)
    ck_assert_int_eq(tw_on(m, a, (tw_event)re.ev, re_cb, &T[0]), 0);
  if (trig == 4)
    ck_assert_int_eq(tw_on(m, b, TW_ON_UPDATE, re_cb, &T[1]), 0);
  ck_assert_int_eq(tw_seq_append(m, re.s, a), 0);
  ck_assert_int_eq(
      tw_seq_insert_callback(m, re.s, 0.5, trig == 3 ? re_cb : kcb, &T[9]), 0);
  ck_assert_int_eq(tw_seq_append(m, in, b), 0);
  ck_assert_int_eq(tw_seq_append(m, re.s, in), 0);
  if (variant && (action == ACT_CREATE || action == ACT_KILL_CREATE)) {
    /* fill the sequence capacity (2): s and a paused one */
    dummy = seq(m);
    ck_assert_int_eq(tw_pause(m, dummy), 0);
  }
  tt_valid(m);
  DUR(m, re.s, 2.0);
  return m;
}

/* x when the trigger fires */
static const float re_x[5] = {0, 2, 8, 4, 8};

START_TEST(test_sequence_reentrant_kill) {
  int trig = _i % 5, k;
  float v[3] = {0, 0, 0};
  tw_manager *m = re_build(trig, ACT_KILL, _i / 5, v);
  tw_handle s = re.s;

  for (k = 1; k <= 12; k++) {
    NOW(m, 0.25);
    tt_valid(m);
    if (k == re_step[trig]) {
      ck_assert_int_eq(re.calls, 1);
      ck_assert_int_eq(re.rc_kill, 0);
      EQF(v[0], re_x[trig]);
      EQF(v[1], 0.0f);
    }
  }
  ck_assert_int_eq(re.calls, 1);
  EQF(v[0], re_x[trig]);
  EQF(v[1], 0.0f);
  EXPECT_EVENTS(KI, 0, 1, 2, 3);
  /* nothing completes but a, when it reached its end first */
  ck_assert_int_eq(count_ev(CO), trig == 2 || trig == 4);
  ck_assert_int_eq(count(CO, 0), trig == 2 || trig == 4);
  ck_assert_int_eq(count(ST, 1), trig == 4);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  done(m);
}
END_TEST

START_TEST(test_sequence_reentrant_complete) {
  /* a's and b's UPDATE fire again when the complete moves them (a's twice:
   * the complete's drive stops at the callback at 0.5) */
  static const int calls[5] = {1, 3, 1, 1, 2};
  int trig = _i % 5, k, i;
  float v[3] = {0, 0, 0};
  tw_manager *m = re_build(trig, ACT_COMPLETE, _i / 5, v);
  tw_handle s = re.s;

  for (k = 1; k <= 12; k++) {
    NOW(m, 0.25);
    tt_valid(m);
    if (k == re_step[trig]) {
      ck_assert_int_eq(re.rc_complete, 0);
      EQF(v[0], 8.0f);
      EQF(v[1], 8.0f);
      ck_assert_int_eq(tw_is_active(m, s), 0);
    }
  }
  ck_assert_msg(re.calls == calls[trig], "trigger ran %d times, log %s",
                re.calls, log_str());
  EQF(v[0], 8.0f);
  EQF(v[1], 8.0f);
  for (i = 0; i < 4; i++) {
    ck_assert_msg(count(CO, i) == 1, "COMPLETE %d: log %s", i, log_str());
    ck_assert_msg(count(ST, i) == 1, "START %d: log %s", i, log_str());
  }
  ck_assert_int_eq(count(CB, 9), 1);
  EXPECT_EVENTS(KI, 0, 1, 2, 3);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  done(m);
}
END_TEST

static void re_create_run(int action, int variant, int trig) {
  int k, fired = re_step[trig];
  float v[3] = {0, 0, 0};
  tw_manager *m = re_build(trig, action, variant, v);
  double el = -1;

  for (k = 1; k <= 16; k++) {
    NOW(m, 0.25);
    tt_valid(m);
    if (k == fired) {
      ck_assert_int_eq(re.rc_seq, 0);
      ck_assert_int_eq(re.rc_append, 0);
      ck_assert_int_eq(re.rc_kill, 0);
      /* created in the pass: not moved yet */
      EQF(v[2], 0.0f);
      ck_assert_int_eq(count(ST, 4), 0);
      ck_assert_int_eq(tw_elapsed(m, re.s2, &el), 0);
      EQD(el, 0.0);
      ck_assert_int_eq(tw_is_playing(m, re.s2), 1);
      AT(m, re.c, 0.0, 1.0);
    } else if (k == fired + 1) {
      EQF(v[2], 2.0f);
      ck_assert_int_eq(count(ST, 4), 1);
    } else if (k == fired + 4) {
      EQF(v[2], 8.0f);
      ck_assert_int_eq(tw_is_active(m, re.s2), 0);
    }
  }
  ck_assert_int_eq(re.acted, 1);
  if (action == ACT_CREATE) {
    EQF(v[0], 8.0f);
    EQF(v[1], 8.0f);
    ck_assert_int_eq(count(CO, 3), 1);
  } else {
    EQF(v[0], re_x[trig]);
    EQF(v[1], 0.0f);
    ck_assert_int_eq(count(CO, 3), 0);
  }
  EQF(v[2], 8.0f);
  ck_assert_int_eq(count(ST, 4), 1);
  for (k = 0; k < 6; k++)
    ck_assert_msg(count(KI, k) == 1, "KILL %d: log %s", k, log_str());
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), variant ? 1 : 0);
  done(m);
}

START_TEST(test_sequence_reentrant_create) {
  re_create_run(ACT_CREATE, _i / 5, _i % 5);
}
END_TEST

START_TEST(test_sequence_reentrant_kill_create) {
  re_create_run(ACT_KILL_CREATE, _i / 5, _i % 5);
}
END_TEST

/* ------------------------------------------------------------------ */

/* A child whose place ends a hair short of the timeline's end (the times
 * of its place add up in floating point) still ends at its end value, and
 * is not taken back to its start as if a loop had begun: a toast that
 * slides in, waits and slides out stays out. */
static void count_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (*(int *)ud)++;
}

START_TEST(test_sequence_end_short_of_loop) {
  tw_manager *m = tt_manager(NULL, 0);
  float y = 610;
  int done = 0;
  tw_handle s, in, out;
  int i;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 526, 0.45, &in), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 610, 0.3, &out), 0);
  ck_assert_int_eq(tw_seq_append_interval(m, s, 1.0), 0);
  ck_assert_int_eq(tw_seq_append(m, s, in), 0);
  ck_assert_int_eq(tw_seq_append_interval(m, s, 1.6), 0);
  ck_assert_int_eq(tw_on(m, out, TW_ON_COMPLETE, count_cb, &done), 0);
  ck_assert_int_eq(tw_seq_append(m, s, out), 0);
  for (i = 1; i <= 240; i++) {
    ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60), 0);
    if (i > 201)
      ck_assert_msg(y == 610.0f, "frame %d: y %g", i, y);
  }
  ck_assert_int_eq(done, 1); /* and it completed, once */
  ck_assert_int_eq(tw_is_active(m, s), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* a frame's drive: the items active at its time, the child's fast step  */

/* The value of child k of `settled_build` at timeline time t: 0 -> 8 over
 * [k, k + 1]. */
static float settled_want(int k, double t) {
  double x = t - k;

  return x <= 0 ? 0.0f : x >= 1 ? 8.0f : (float)(8 * x);
}

/* Three linear children one after another, each 1 s (x[k] 0 -> 8 over
 * [k, k + 1]), then a callback (tag 10): s. */
static tw_handle settled_build(tw_manager *m, float *x) {
  tw_handle s = seq(m);
  int k;

  for (k = 0; k < 3; k++)
    ck_assert_int_eq(tw_seq_append(m, s, lin(m, &x[k], 8, 1.0)), 0);
  ck_assert_int_eq(tw_seq_append_callback(m, s, kcb, &T[10]), 0);
  return s;
}

/* Frames of 1/8 s from timeline time *t to `to`: after each, every child
 * at its value and the manager valid. */
static void settled_frames(tw_manager *m, const float *x, double *t,
                           double to) {
  int k;

  for (; *t < to; *t += 0.125) {
    NOW(m, 0.125);
    tt_valid(m);
    for (k = 0; k < 3; k++)
      ck_assert_msg(x[k] == settled_want(k, *t + 0.125),
                    "t %g: child %d at %g, expected %g", *t + 0.125, k, x[k],
                    settled_want(k, *t + 0.125));
  }
}

/* The children a frame's drive passes over (those ended, the callbacks
 * passed) move again when the sequence goes back: a goto back into the
 * first child, then frames forwards, writes every child as the first time
 * (the callback at the end fires once, the sequence completes once).  So
 * does a restart. */
START_TEST(test_sequence_settled_back) {
  float x[3] = {0, 0, 0};
  tw_manager *m = mk();
  tw_handle s = settled_build(m, x);
  double t = 0;

  hook(m, s, 11, H_CO);
  NOW(m, 0.0);
  settled_frames(m, x, &t, 2.5); /* the third child running */
  ck_assert_int_eq(tw_goto(m, s, 0.5, 1), 0);
  tt_valid(m);
  EQF(x[0], 4.0f);
  EQF(x[1], 0.0f); /* back at their starts */
  EQF(x[2], 0.0f);
  t = 0.5;
  settled_frames(m, x, &t, 2.5);
  ck_assert_int_eq(tw_restart(m, s, 1, 0), 0);
  tt_valid(m);
  t = 0;
  settled_frames(m, x, &t, 3.0);
  EXPECT_LOG(CB, 10, CO, 11);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  done(m);
}
END_TEST

/* The same through a sequence's restarting loops: each loop writes every
 * child from its start again. */
START_TEST(test_sequence_settled_loops) {
  float x[3] = {0, 0, 0};
  tw_manager *m = mk();
  tw_handle s = settled_build(m, x);
  double t;
  int loop;

  ck_assert_int_eq(tw_set_loops(m, s, 3, TW_LOOP_RESTART), 0);
  NOW(m, 0.0);
  for (loop = 0; loop < 3; loop++) {
    t = 0;
    settled_frames(m, x, &t, loop < 2 ? 2.875 : 3.0);
    if (loop < 2) {
      /* one frame over the loop's end: the next loop's values at 0.125
       * (the first child's 1), then back to that loop's start, from
       * which the next frames count */
      NOW(m, 0.125 + 0.125);
      tt_valid(m);
      EQF(x[0], 1.0f);
      EQF(x[1], 0.0f);
      EQF(x[2], 0.0f);
      ck_assert_int_eq(tw_goto(m, s, (loop + 1) * 3.0, 1), 0);
      tt_valid(m);
    }
  }
  ck_assert_int_eq(count(CB, 10), 3);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  done(m);
}
END_TEST

/* A setter child's value, the setter's. */
static float fs_val[4];
static int fs_calls[4], fs_fail_at[4];

static int fs_set(void *ud, const void *v) {
  int k = (int)((float *)ud - fs_val);

  memcpy(&fs_val[k], v, sizeof(float));
  return ++fs_calls[k] == fs_fail_at[k];
}

static void fs_get(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

/* A child running alone in a frame, for every ease, by setter and by
 * pointer: at each frame its ease at its time, 0 -> 1 over 1 s, its end
 * exactly at its end. */
START_TEST(test_sequence_child_every_ease) {
  int e;

  for (e = 0; e < TW_EASE_COUNT; e++) {
    tw_manager *m = mk();
    tw_handle s[2], c[2];
    float x = 0, end = 1;
    int k, f;

    memset(fs_val, 0, sizeof fs_val);
    memset(fs_fail_at, 0, sizeof fs_fail_at);
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, fs_set, fs_get, &fs_val[0],
                              &end, 1.0, &c[0]),
                     0);
    ck_assert_int_eq(tw_float_to(m, &x, 1, 1.0, &c[1]), 0);
    for (k = 0; k < 2; k++) {
      s[k] = seq(m);
      ck_assert_int_eq(tw_set_ease(m, c[k], (tw_ease)e), 0);
      ck_assert_int_eq(tw_seq_append(m, s[k], c[k]), 0);
    }
    NOW(m, 0.0);
    for (f = 1; f <= 16; f++) {
      double y = tw_ease_eval((tw_ease)e, f / 16.0, 1.70158, 0);
      float want = f == 16 ? 1.0f : (float)y;
      NOW(m, 1.0 / 16);
      tt_valid(m);
      ck_assert_msg(fs_val[0] == want && x == want,
                    "ease %s at %g: setter %.9g, pointer %.9g, expected %.9g",
                    tw_ease_name((tw_ease)e), f / 16.0, fs_val[0], x, want);
    }
    ck_assert_int_eq(tw_is_active(m, s[0]), 0);
    done(m);
  }
}
END_TEST

/* A setter child that fails in a frame's drive is killed (KILL once, its
 * handle stale at once), the timeline keeps its shape: the next child
 * runs at its time, the callback fires once. */
START_TEST(test_sequence_child_setter_fails) {
  tw_manager *m = mk();
  tw_handle s = seq(m), c[2];
  float end = 8;
  int k, f;

  memset(fs_val, 0, sizeof fs_val);
  memset(fs_calls, 0, sizeof fs_calls);
  memset(fs_fail_at, 0, sizeof fs_fail_at);
  fs_fail_at[0] = 4; /* its start's write, then three frames' */
  for (k = 0; k < 2; k++) {
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, fs_set, fs_get, &fs_val[k],
                              &end, 1.0, &c[k]),
                     0);
    ck_assert_int_eq(tw_set_ease(m, c[k], TW_EASE_LINEAR), 0);
    hook(m, c[k], k, H_KI);
    ck_assert_int_eq(tw_seq_append(m, s, c[k]), 0);
  }
  ck_assert_int_eq(tw_seq_append_callback(m, s, kcb, &T[10]), 0);
  NOW(m, 0.0);
  for (f = 1; f <= 16; f++) {
    NOW(m, 0.125);
    tt_valid(m);
    if (f >= 3) { /* its third frame's write failed: 3 written, killed */
      EQF(fs_val[0], 3.0f);
      ck_assert_int_eq(tw_pause(m, c[0]), TW_ESTALE);
    }
    ck_assert_msg(fs_val[1] == settled_want(1, f * 0.125),
                  "frame %d: the second child at %g", f, fs_val[1]);
  }
  ck_assert_int_eq(fs_calls[0], 4);
  EXPECT_LOG(KI, 0, CB, 10, KI, 1);
  ck_assert_int_eq(tw_is_active(m, s), 0);
  done(m);
}
END_TEST

/* A frame's drive of the running child, its item the first not settled:
 * the items after it that the frame reaches (a callback item inside its
 * span, a child inserted to overlap it) stop it, and what the program
 * does during the drive holds.  The timeline: child 0 (rc_val[0], 0 -> 8
 * over 1 s, from 0, delayed by 0.25 s in mode 5), a callback at 0.5 (tag
 * 9), child 1 inserted at 0.75 (0 -> 8 over 1 s), child 2 appended at
 * 1.75, a callback at its end (tag 10).  Modes, when child 0's setter
 * writes 5 (mode 5: nothing): 0 nothing; 1 the callback at 0.5 creates
 * 200 tweens and a sequence of two; 2 the setter kills the sequence; 3
 * it sends the sequence back to 0.25 (the callback at 0.5 fires on the
 * way back, and again forwards); 4 it gives the sequence a COMPLETE
 * callback; 6 it fails (child 0 killed, never written again); 7 child
 * 2's setter fails when it writes 5 (the last child: no item after it in
 * the frames that follow). */
static tw_manager *rc_m;
static tw_handle rc_s;
static int rc_mode, rc_acted, rc_calls[3];
static float rc_val[3], rc_sink[202];

static int rc_set(void *ud, const void *v) {
  int k = (int)((float *)ud - rc_val);

  memcpy(&rc_val[k], v, sizeof(float));
  rc_calls[k]++;
  if (k == (rc_mode == 7 ? 2 : 0) && rc_val[k] == 5.0f && !rc_acted) {
    rc_acted = 1;
    if (rc_mode == 2)
      ck_assert_int_eq(tw_kill(rc_m, rc_s, 0), 0);
    else if (rc_mode == 3)
      ck_assert_int_eq(tw_goto(rc_m, rc_s, 0.25, 1), 0);
    else if (rc_mode == 4)
      hook(rc_m, rc_s, 11, H_CO);
    else if (rc_mode >= 6)
      return 1; /* fails: the child is killed, the timeline keeps its shape */
  }
  return 0;
}

static void rc_get(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

static void rc_cb(tw_manager *m, tw_handle h, void *ud) {
  kcb(m, h, ud);
  if (rc_mode == 1) {
    tw_handle c, q;
    int i;
    for (i = 0; i < 200; i++)
      ck_assert_int_eq(tw_float_to(m, &rc_sink[i], 1, 1.0, &c), 0);
    q = seq(m);
    ck_assert_int_eq(tw_seq_append(m, q, lin(m, &rc_sink[200], 8, 1.0)), 0);
    ck_assert_int_eq(tw_seq_append(m, q, lin(m, &rc_sink[201], 8, 1.0)), 0);
  }
}

/* Child k's value at timeline time t, child 0 delayed by d0. */
static float rc_want(int k, double t, double d0) {
  double x = t - (k == 0 ? d0 : k == 1 ? 0.75 : 1.75);

  return x <= 0 ? 0.0f : x >= 1 ? 8.0f : (float)(8 * x);
}

static tw_handle rc_child(tw_manager *m, int k, double delay) {
  tw_handle c;
  float end = 8;

  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, rc_set, rc_get, &rc_val[k], &end, 1.0, &c), 0);
  ck_assert_int_eq(tw_set_ease(m, c, TW_EASE_LINEAR), 0);
  if (delay > 0)
    ck_assert_int_eq(tw_set_delay(m, c, delay), 0);
  return c;
}

START_TEST(test_sequence_running_child) {
  tw_manager *m = mk();
  double d0 = _i == 5 ? 0.25 : 0, t = 0;
  tw_handle c[3];
  int k, crossed = 0, calls = 0;

  rc_m = m;
  rc_mode = _i;
  rc_acted = 0;
  memset(rc_val, 0, sizeof rc_val);
  memset(rc_calls, 0, sizeof rc_calls);
  rc_s = seq(m);
  hook(m, rc_s, 12, H_KI);
  c[0] = rc_child(m, 0, d0);
  ck_assert_int_eq(tw_seq_append(m, rc_s, c[0]), 0);
  ck_assert_int_eq(tw_seq_insert_callback(m, rc_s, 0.5, rc_cb, &T[9]), 0);
  c[1] = rc_child(m, 1, 0);
  ck_assert_int_eq(tw_seq_insert(m, rc_s, 0.75, c[1]), 0);
  c[2] = rc_child(m, 2, 0);
  ck_assert_int_eq(tw_seq_append(m, rc_s, c[2]), 0);
  ck_assert_int_eq(tw_seq_append_callback(m, rc_s, kcb, &T[10]), 0);
  AT(m, c[0], 0, 1 + d0);
  AT(m, c[1], 0.75, 1);
  AT(m, c[2], 1.75, 1);
  NOW(m, 0.0);
  while (t < 2.75) {
    NOW(m, 0.125);
    tt_valid(m);
    if (rc_mode == 2 && rc_acted) { /* killed in this frame: never again */
      if (calls == 0)
        calls = rc_calls[0] + rc_calls[1] + rc_calls[2];
      ck_assert_int_eq(rc_calls[0] + rc_calls[1] + rc_calls[2], calls);
      ck_assert_int_eq(tw_is_active(m, rc_s), 0);
      EQF(rc_val[0], 5.0f);
      EQF(rc_val[1], 0.0f);
      t += 0.125;
      continue;
    }
    if (rc_mode == 3 && rc_acted == 1) {
      rc_acted = 2; /* sent back in this frame, 0.25 written, the */
      t = 0.25;     /* callback at 0.5 crossed backwards */
      crossed++;
    } else {
      crossed += t < 0.5 && t + 0.125 >= 0.5;
      t += 0.125;
    }
    if (rc_mode >= 6 && rc_acted) {
      int f = rc_mode == 7 ? 2 : 0; /* the child killed */
      if (calls == 0)
        calls = rc_calls[f];
      ck_assert_int_eq(rc_calls[f], calls);
      EQF(rc_val[f], 5.0f);
    }
    for (k = 0; k < 3; k++)
      if (!(rc_mode >= 6 && rc_acted && k == (rc_mode == 7 ? 2 : 0)))
        ck_assert_msg(rc_val[k] == rc_want(k, t, d0),
                      "mode %d, t %g: child %d at %g, expected %g", rc_mode, t,
                      k, rc_val[k], rc_want(k, t, d0));
    ck_assert_msg(count(CB, 9) == crossed, "mode %d, t %g: %d callbacks at 0.5",
                  rc_mode, t, count(CB, 9));
  }
  ck_assert_int_eq(count(KI, 12), 1);
  if (rc_mode != 2) {
    ck_assert_int_eq(crossed, rc_mode == 3 ? 3 : 1);
    ck_assert_int_eq(count(CB, 10), 1);
    ck_assert_int_eq(count(CO, 11), rc_mode == 4);
  } else {
    ck_assert_int_eq(count(CB, 9), 1);
    ck_assert_int_eq(count(CB, 10), 0);
  }
  ck_assert_int_eq(tw_is_active(m, rc_s), 0);
  done(m);
}
END_TEST

/* Sequences one after another in the array, stepped in one run: a child's
 * setter that kills the next sequence and makes a new one leaves the
 * killed one unwritten, the one after it written, the new one to start at
 * the next update (test_reentrancy's seq_run_compacted: the same with a
 * compaction during the run). */
static tw_manager *rs_m;
static tw_handle rs_kill, rs_new;
static float rs_x[4];

static int rs_set(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  if (ud == &rs_x[0] && rs_kill.index != 0) {
    float end = 8;
    tw_handle c;
    ck_assert_int_eq(tw_kill(rs_m, rs_kill, 0), 0);
    rs_kill = none();
    ck_assert_int_eq(tw_sequence(rs_m, &rs_new), 0);
    ck_assert_int_eq(
        tw_to_fn(rs_m, TW_TYPE_FLOAT, rs_set, fs_get, &rs_x[3], &end, 1.0, &c),
        0);
    ck_assert_int_eq(tw_set_ease(rs_m, c, TW_EASE_LINEAR), 0);
    ck_assert_int_eq(tw_seq_append(rs_m, rs_new, c), 0);
  }
  return 0;
}

/* A toolkit's sequence frame by frame (three setter children one after
 * the other, a callback at the end), against the stages a drive makes:
 * every stop (a child's start, a callback, the frame's time) moves the
 * children reached, in timeline order (their keys never cross here),
 * each written where its time changes, a child at its start written
 * there, a callback fired when crossed.  The frames cover the short ways
 * of a drive: a child's end alone, the next child's start in a later
 * frame or in the frame of the end (one stage, or two), the callback in
 * the frame of the last end, a callback between two frames of a child,
 * a delayed child.  Linear children and dyadic times: every value exact.
 *   _i: 0 appended, steps of 1/8 (the ends on frames); 1 the same, steps
 *   of 3/16 (a start between frames); 2 a gap before the second child
 *   (its end alone, then its start); 3 the second delayed 1/8, steps of
 *   3/16; 4 a callback at 1/4, steps of 3/16; 5 the gap, steps of 3/16
 *   (the end passed). */
enum { UF_MAX = 64 };
static int uf_k[UF_MAX];
static float uf_v[UF_MAX], uf_x[3];
static int uf_n;

static void uf_log(int k, float v) {
  ck_assert_int_lt(uf_n, UF_MAX);
  uf_k[uf_n] = k;
  uf_v[uf_n++] = v;
}

#define UF_SETTER(name, k)                                                     \
  static int name(void *ud, const void *v) {                                   \
    memcpy(ud, v, sizeof(float));                                              \
    uf_log(k, *(const float *)v);                                              \
    return 0;                                                                  \
  }
UF_SETTER(uf_set0, 0)
UF_SETTER(uf_set1, 1)
UF_SETTER(uf_set2, 2)

static void uf_get(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

static void uf_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  uf_log(*(int *)ud, 0);
}

START_TEST(test_sequence_ui_frames) {
  static tw_setter_fn const set[3] = {uf_set0, uf_set1, uf_set2};
  tw_manager *m = mk();
  tw_handle s = seq(m), c[3];
  /* the model: each item's place (a child's start after its delay), a
   * child's duration (0: a callback), end value, time (-1: not started) */
  double at[5], delay[5], dur[5], e[5], t = 0, prev = -1, d, dt;
  float end[5];
  int tag[5], n = 0, k, i, j, want_k[UF_MAX], want_n;
  float want_v[UF_MAX];

  memset(uf_x, 0, sizeof uf_x);
  uf_n = 0;
  dt = _i == 0 || _i == 2 ? 0.125 : 0.1875;
  for (k = 0; k < 3; k++) {
    float to = 4.0f * (float)(k + 1);
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, set[k], uf_get, &uf_x[k], &to, 0.5, &c[k]),
        0);
    ck_assert_int_eq(tw_set_ease(m, c[k], TW_EASE_LINEAR), 0);
    delay[n] = k == 1 && _i == 3 ? 0.125 : 0;
    if (delay[n] > 0)
      ck_assert_int_eq(tw_set_delay(m, c[k], delay[n]), 0);
    if (k == 1 && (_i == 2 || _i == 5)) {
      ck_assert_int_eq(tw_seq_insert(m, s, 0.625, c[k]), 0);
      at[n] = 0.625;
    } else {
      at[n] = seq_dur(m, s);
      ck_assert_int_eq(tw_seq_append(m, s, c[k]), 0);
    }
    if (k == 0 && _i == 4) { /* the callback between: the item after */
      at[n + 1] = 0.25;
      ck_assert_int_eq(tw_seq_insert_callback(m, s, 0.25, uf_cb, &T[4]), 0);
    }
    dur[n] = 0.5;
    end[n] = to;
    tag[n] = k;
    e[n++] = -1;
    if (k == 0 && _i == 4) {
      delay[n] = dur[n] = 0;
      tag[n] = 4;
      e[n++] = -1;
    }
  }
  at[n] = seq_dur(m, s);
  ck_assert_int_eq(tw_seq_append_callback(m, s, uf_cb, &T[3]), 0);
  delay[n] = dur[n] = 0;
  tag[n] = 3;
  e[n++] = -1;
  d = seq_dur(m, s);
  while (prev < d) {
    uf_n = 0;
    NOW(m, dt);
    tt_valid(m);
    t = t + dt < d ? t + dt : d;
    /* the stages: each start or callback strictly inside, then t */
    want_n = 0;
    for (;;) {
      double lo = prev < 0 ? 0 : prev, stop = t;
      for (i = 0; i < n; i++) {
        double ev = at[i] + delay[i];
        if ((dur[i] == 0 || e[i] < 0) && ev > lo && ev < stop)
          stop = ev;
      }
      for (i = 0; i < n; i++) {
        double x;
        if (dur[i] == 0) { /* a callback, crossed */
          if (prev < at[i] && at[i] <= stop)
            want_k[want_n] = tag[i], want_v[want_n++] = 0;
          continue;
        }
        x = stop - at[i] - delay[i];
        if (at[i] > stop || (e[i] < 0 && x < 0))
          continue;
        x = x < 0 ? 0 : x > dur[i] ? dur[i] : x;
        if (x == e[i])
          continue;
        e[i] = x;
        want_k[want_n] = tag[i];
        want_v[want_n++] = end[i] * (float)(x / dur[i]);
      }
      prev = stop;
      if (stop == t)
        break;
    }
    ck_assert_msg(uf_n == want_n, "mode %d, t %g: %d writes, expected %d", _i,
                  t, uf_n, want_n);
    for (j = 0; j < want_n; j++)
      ck_assert_msg(uf_k[j] == want_k[j] && uf_v[j] == want_v[j],
                    "mode %d, t %g, write %d: %d %g, expected %d %g", _i, t, j,
                    uf_k[j], (double)uf_v[j], want_k[j], (double)want_v[j]);
  }
  ck_assert_int_eq(tw_is_active(m, s), 0);
  EQF(uf_x[2], 12.0f);
  done(m);
}
END_TEST

START_TEST(test_sequence_run_of_sequences) {
  tw_manager *m = mk();
  tw_handle s[3];
  float end = 8;
  int k, f;

  rs_m = m;
  memset(rs_x, 0, sizeof rs_x);
  for (k = 0; k < 3; k++) {
    tw_handle c;
    s[k] = seq(m);
    ck_assert_int_eq(
        tw_to_fn(m, TW_TYPE_FLOAT, rs_set, fs_get, &rs_x[k], &end, 1.0, &c), 0);
    ck_assert_int_eq(tw_set_ease(m, c, TW_EASE_LINEAR), 0);
    ck_assert_int_eq(tw_seq_append(m, s[k], c), 0);
  }
  rs_kill = none();
  NOW(m, 0.0);
  NOW(m, 0.125);
  rs_kill = s[1];
  NOW(m, 0.125); /* the first kills the second and makes a fourth */
  tt_valid(m);
  EQF(rs_x[0], 2.0f);
  EQF(rs_x[1], 1.0f); /* killed before its step */
  EQF(rs_x[2], 2.0f);
  EQF(rs_x[3], 0.0f); /* made during the pass: not run in it */
  ck_assert_int_eq(tw_pause(m, s[1]), TW_ESTALE);
  for (f = 3; f <= 8; f++) {
    NOW(m, 0.125);
    tt_valid(m);
    ck_assert_msg(rs_x[0] == f && rs_x[2] == f && rs_x[3] == f - 2,
                  "frame %d: %g %g %g", f, rs_x[0], rs_x[2], rs_x[3]);
  }
  done(m);
}
END_TEST

/* Starts and ends of setter children, and of a setter tween of the array,
 * with nothing to call: what the program does in a getter at a start or in
 * a setter at an end holds as it does on the general way.  Three children
 * of 0.5 s (0 -> 8, Linear) in a sequence, and a setter tween of 1.25 s
 * beside it; mode / 6 says who acts, once: 0 child 1's getter (its start),
 * 1 child 1's setter writing its end, 2 the free tween's setter writing its
 * end; mode % 6 what: 0 kills the sequence, 1 sends it back to 0.25, 2
 * gives it a COMPLETE callback, 3 gives it an UPDATE callback (the free
 * tween: itself a COMPLETE and a START), 4 kills the free tween, 5 sends the
 * sequence on to 1.25 (past child 1: it completes while its start is being
 * read).  Every write, read and event is logged; the same run with a callback
 * that does nothing on every tween (the general ways) must log the same. */
static tw_manager *se_m;
static tw_handle se_s, se_c[4];
static int se_mode, se_acted, se_n;
static float se_val[4];
static double se_log[512];

static void se_put(double kind, double v) {
  if (se_n + 2 <= (int)(sizeof se_log / sizeof se_log[0])) {
    se_log[se_n++] = kind;
    se_log[se_n++] = v;
  }
}

static void se_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  se_put(30 + *(int *)ud, h.index);
}

static void se_act(int k) {
  int what = se_mode % 6;

  if (se_acted || k != (se_mode / 6 == 2 ? 3 : 1))
    return;
  se_acted = 1;
  if (what == 0)
    ck_assert_int_eq(tw_kill(se_m, se_s, 0), 0);
  else if (what == 1)
    ck_assert_int_eq(tw_goto(se_m, se_s, 0.25, 1), 0);
  else if (what == 2)
    ck_assert_int_eq(tw_on(se_m, se_s, TW_ON_COMPLETE, se_cb, &T[1]), 0);
  else if (what == 3 && k < 3) /* a child's own: refused */
    ck_assert_int_eq(tw_on(se_m, se_s, TW_ON_UPDATE, se_cb, &T[2]), 0);
  else if (what == 3) {
    ck_assert_int_eq(tw_on(se_m, se_c[k], TW_ON_COMPLETE, se_cb, &T[2]), 0);
    ck_assert_int_eq(tw_on(se_m, se_c[k], TW_ON_START, se_cb, &T[3]), 0);
  } else if (what == 4)
    ck_assert_int_eq(tw_kill(se_m, se_c[3], 0), 0);
  else
    ck_assert_int_eq(tw_goto(se_m, se_s, 1.25, 1), 0);
}

static int se_set(void *ud, const void *v) {
  int k = (int)((float *)ud - se_val);

  memcpy(&se_val[k], v, sizeof(float));
  se_put(10 + k, se_val[k]);
  if (se_mode / 6 != 0 && se_val[k] == 8.0f)
    se_act(k);
  return 0;
}

static void se_get(void *ud, void *out) {
  int k = (int)((float *)ud - se_val);

  memcpy(out, ud, sizeof(float));
  se_put(20 + k, se_val[k]);
  if (se_mode / 6 == 0)
    se_act(k);
}

static void se_run(int general, double *log, int *n) {
  tw_manager *m = mk();
  float end = 8;
  int k, f;

  se_m = m;
  se_acted = 0;
  se_n = 0;
  memset(se_val, 0, sizeof se_val);
  se_s = seq(m);
  ck_assert_int_eq(tw_on(m, se_s, TW_ON_KILL, se_cb, &T[4]), 0);
  for (k = 0; k < 4; k++) {
    ck_assert_int_eq(tw_to_fn(m, TW_TYPE_FLOAT, se_set, se_get, &se_val[k],
                              &end, k == 3 ? 1.25 : 0.5, &se_c[k]),
                     0);
    ck_assert_int_eq(tw_set_ease(m, se_c[k], TW_EASE_LINEAR), 0);
    if (general) /* nothing to do, but the short ways are shut */
      ck_assert_int_eq(tw_on(m, se_c[k], TW_ON_PAUSE, se_cb, &T[5]), 0);
    if (k < 3)
      ck_assert_int_eq(tw_seq_append(m, se_s, se_c[k]), 0);
  }
  NOW(m, 0.0);
  for (f = 0; f < 20; f++) {
    NOW(m, 0.125);
    tt_valid(m);
    for (k = 0; k < 4; k++)
      se_put(40 + k, se_val[k]);
    se_put(50, tw_is_active(m, se_s));
    se_put(51, tw_is_active(m, se_c[3]));
  }
  ck_assert_int_eq(se_acted, 1);
  memcpy(log, se_log, sizeof se_log);
  *n = se_n;
  done(m);
}

START_TEST(test_sequence_child_start_end_acts) {
  static double fast[512], slow[512];
  int nf, ns, i;

  se_mode = _i;
  se_run(0, fast, &nf);
  se_run(1, slow, &ns);
  ck_assert_int_lt(nf, 512);
  for (i = 0; i < nf && i < ns; i++)
    ck_assert_msg(fast[i] == slow[i],
                  "mode %d: entry %d: %g, the general way's %g (kind %g)",
                  se_mode, i, fast[i], slow[i], fast[i - i % 2]);
  ck_assert_int_eq(nf, ns);
}
END_TEST

static Suite *sequence_suite(void) {
  Suite *s = suite_create("sequence");

#define ADD(name) TT_ADD(s, test_sequence_##name, #name, 60);
#define ADD_LOOP(name, n) TT_ADD_LOOP(s, test_sequence_##name, #name, 60, (n));
  /* building */
  ADD(append)
  ADD(join)
  ADD(insert)
  ADD(prepend)
  ADD(join_after_prepend)
  ADD(interval)
  ADD(callbacks)
  ADD(child_span)
  ADD(nesting)
  /* refusals */
  ADD(refuse_nested)
  ADD(refuse_stale)
  ADD(refuse_started_child)
  ADD(refuse_started_seq)
  ADD(locked_message)
  ADD(from_to_child)
  ADD(refuse_self)
  ADD(refuse_descendant)
  ADD(refuse_infinite)
  ADD(child_controls)
  /* running */
  ADD(timeline_order)
  ADD_LOOP(overlap_wins, 3)
  ADD_LOOP(jump_vs_steps, 7)
  ADD(jump_start_read)
  ADD(callback_order_forward)
  ADD_LOOP(callback_order_backward, 2)
  ADD_LOOP(yoyo, 3)
  ADD_LOOP(restart, 3)
  ADD_LOOP(nested_three, 2)
  ADD_LOOP(ease, 3)
  ADD(delay)
  /* kill and complete */
  ADD_LOOP(complete, 3)
  ADD_LOOP(kill, 4)
  ADD(kill_nested)
  ADD(end_short_of_loop)
  /* a frame's drive */
  ADD(settled_back)
  ADD(settled_loops)
  ADD(child_every_ease)
  ADD(child_setter_fails)
  ADD(run_of_sequences)
  ADD_LOOP(running_child, 8)
  ADD_LOOP(ui_frames, 6)
  ADD_LOOP(child_start_end_acts, 18)
  /* capacity */
  ADD(capacity)
  /* re-entrancy */
  ADD_LOOP(reentrant_kill, 10)
  ADD_LOOP(reentrant_complete, 10)
  ADD_LOOP(reentrant_create, 10)
  ADD_LOOP(reentrant_kill_create, 10)
#undef ADD
#undef ADD_LOOP
  return s;
}

int main(void) { return tt_run(sequence_suite()); }

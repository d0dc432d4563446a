/* SPDX-License-Identifier: MIT */
/* Keys and interruption: what a tween animates (its key), the controls and
 * queries by target that use it, opt-in overwrite, and tw_writer. */
/* The deprecated call tw_set_target is called here on purpose, without the
 * warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "util.h"

#include <stdint.h>
#include <string.h>

static tw_handle ftween(tw_manager *m, float *x, float end, double d) {
  tw_handle h;

  ck_assert_int_eq(tw_float_to(m, x, end, d, &h), 0);
  return h;
}

static void run(tw_manager *m, double dt) {
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, dt, dt), 0);
}

/* keys by default */

START_TEST(test_keys_kill_target_by_pointer) {
  tw_manager *m = tt_mgr();
  float x = 0, y = 0;
  tw_vec3 p = {0, 0, 0}, q = {0, 0, 0}, e3 = {1, 1, 1};
  tw_handle hx, hy, hp, hq;

  hx = ftween(m, &x, 1.0f, 1.0);
  hy = ftween(m, &y, 1.0f, 1.0);
  ck_assert_int_eq(tw_vec3_to(m, &p, e3, 1.0, &hp), 0);
  ck_assert_int_eq(tw_vec3_to(m, &q, e3, 1.0, &hq), 0);
  ck_assert_int_eq(tw_kill_target(m, &x, 0), 1);
  ck_assert_int_eq(tw_is_active(m, hx), 0);
  ck_assert_int_eq(tw_is_active(m, hy), 1);
  ck_assert_int_eq(tw_kill_target(m, &p.y, 0), 1); /* inside the vec3 */
  ck_assert_int_eq(tw_is_active(m, hp), 0);
  ck_assert_int_eq(tw_is_active(m, hq), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_keys_find_and_do_target) {
  tw_manager *m = tt_mgr();
  float x = 0;
  tw_vec2 v = {0, 0}, e2 = {2, 2};
  tw_handle a, b, c, out[4];

  a = ftween(m, &x, 1.0f, 1.0);
  ck_assert_int_eq(tw_vec2_to(m, &v, e2, 1.0, &b), 0);
  c = ftween(m, &x, 3.0f, 1.0);
  ck_assert_int_eq(tw_find_target(m, &x, out, 4), 2);
  SAME_HANDLE(out[0], a); /* creation order */
  SAME_HANDLE(out[1], c);
  ck_assert_int_eq(tw_find_target(m, &v.y, out, 4), 1);
  SAME_HANDLE(out[0], b);
  ck_assert_int_eq(tw_do_target(m, &x, TW_DO_PAUSE), 2);
  ck_assert_int_eq(tw_is_playing(m, a), 0);
  ck_assert_int_eq(tw_is_playing(m, c), 0);
  ck_assert_int_eq(tw_is_playing(m, b), 1);
  tw_manager_free(m);
}
END_TEST

static int set_float(void *ud, const void *v) {
  *(float *)ud = *(const float *)v;
  return 0;
}

static void get_float(void *ud, void *out) { *(float *)out = *(float *)ud; }

START_TEST(test_keys_setter_by_user_data) {
  tw_manager *m = tt_mgr();
  float x = 0, y = 0, end = 1;
  tw_handle a, b;

  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &x, &end, 1.0, &a), 0);
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &y, &end, 1.0, &b), 0);
  ck_assert_int_eq(tw_kill_target(m, &x, 0), 1);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_int_eq(tw_is_active(m, b), 1);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_keys_program_key) {
  tw_manager *m = tt_mgr();
  float x = 0;
  int key;
  tw_handle a, b;

  a = ftween(m, &x, 1.0f, 1.0);
  b = ftween(m, &x, 1.0f, 1.0);
  ck_assert_int_eq(tw_set_key(m, a, &key), 0);
  ck_assert_int_eq(tw_set_target(m, b, &key), 0); /* the old name */
  ck_assert_int_eq(tw_find_target(m, &x, NULL, 0), 0);
  ck_assert_int_eq(tw_find_target(m, &key, NULL, 0), 2);
  ck_assert_int_eq(tw_set_key(m, b, NULL), 0); /* back to its bytes */
  ck_assert_int_eq(tw_find_target(m, &x, NULL, 0), 1);
  ck_assert_int_eq(tw_kill_target(m, &key, 0), 1);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_int_eq(tw_is_active(m, b), 1);
  ck_assert_int_eq(tw_set_key(m, a, &key), TW_ESTALE);
  tw_manager_free(m);
}
END_TEST

/* A sequence has no key: tw_set_key (and its old name) refuse one with
 * TW_EINVAL, changing nothing (the snapshot is the same bytes); NULL, the
 * default, is what it has. */
START_TEST(test_keys_sequence_refuses_key) {
  tw_manager *m = tt_mgr();
  float x = 0;
  int key;
  tw_handle q;
  unsigned char before[4096], after[4096];
  size_t n0, n1;

  ck_assert_int_eq(tw_sequence(m, &q), 0);
  ck_assert_int_eq(tw_seq_append(m, q, ftween(m, &x, 1.0f, 1.0)), 0);
  ck_assert_int_eq(tw_snapshot(m, before, sizeof before, &n0), 0);
  ck_assert_int_eq(tw_set_key(m, q, &key), TW_EINVAL);
  ck_assert_int_eq(tw_set_target(m, q, &key), TW_EINVAL);
  ck_assert_int_eq(tw_set_key(m, q, &x), TW_EINVAL);
  ck_assert_int_eq(tw_snapshot(m, after, sizeof after, &n1), 0);
  ck_assert_uint_eq(n0, n1);
  ck_assert(memcmp(before, after, n0) == 0);
  ck_assert_int_eq(tw_set_key(m, q, NULL), 0);
  ck_assert_int_eq(tw_snapshot(m, after, sizeof after, &n1), 0);
  ck_assert(n0 == n1 && memcmp(before, after, n0) == 0);
  ck_assert_int_eq(tw_find_target(m, &key, NULL, 0), 0);
  tw_manager_free(m);
}
END_TEST

/* overwrite */

static int kills[64], nkills;

static void log_kill(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  if (nkills < 64)
    kills[nkills] = *(int *)ud;
  nkills++;
}

START_TEST(test_keys_no_overwrite_by_default) {
  tw_manager *m = tt_mgr();
  float x = 0;
  tw_handle a, b;

  a = ftween(m, &x, 10.0f, 2.0);
  ck_assert_int_eq(tw_set_ease(m, a, TW_EASE_LINEAR), 0);
  run(m, 0.5);
  b = ftween(m, &x, -10.0f, 0.5);
  ck_assert_int_eq(tw_set_ease(m, b, TW_EASE_LINEAR), 0);
  run(m, 0.25);
  ck_assert_int_eq(tw_is_active(m, a), 1); /* both write; b, newer, wins */
  ck_assert(x < 0);
  run(m, 0.5);
  ck_assert_int_eq(tw_is_active(m, b), 0);
  run(m, 0.25); /* a takes the value back: DOTween's jump */
  EQF(x, 7.5f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_keys_overwrite_kills_older) {
  tw_manager *m = tt_mgr();
  float x = 0, y = 0;
  tw_vec3 p = {0, 0, 0}, e3 = {1, 1, 1};
  static int tags[] = {1, 2, 3, 4, 5};
  tw_handle a, b, c, d, n, later;

  nkills = 0;
  a = ftween(m, &x, 1.0f, 1.0);
  ck_assert_int_eq(tw_vec3_to(m, &p, e3, 1.0, &b), 0);
  c = ftween(m, &x, 2.0f, 1.0);
  d = ftween(m, &y, 1.0f, 1.0);
  ck_assert_int_eq(tw_on(m, a, TW_ON_KILL, log_kill, &tags[0]), 0);
  ck_assert_int_eq(tw_on(m, b, TW_ON_KILL, log_kill, &tags[1]), 0);
  ck_assert_int_eq(tw_on(m, c, TW_ON_KILL, log_kill, &tags[2]), 0);
  ck_assert_int_eq(tw_on(m, d, TW_ON_KILL, log_kill, &tags[3]), 0);
  run(m, 0.1);
  n = ftween(m, &x, 5.0f, 1.0);
  ck_assert_int_eq(tw_set_overwrite(m, n, TW_OVERWRITE_KILL), 0);
  ck_assert_int_eq(tw_set_delay(m, n, 0.5), 0);
  later = ftween(m, &x, 9.0f, 3.0); /* newer than n: never its victim */
  run(m, 0.25);
  ck_assert_int_eq(nkills, 0); /* n has not started */
  ck_assert_int_eq(tw_is_active(m, a), 1);
  run(m, 0.5);
  ck_assert_int_eq(nkills, 2);
  ck_assert_int_eq(kills[0], 1); /* creation order */
  ck_assert_int_eq(kills[1], 3);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_int_eq(tw_is_active(m, c), 0);
  ck_assert_int_eq(tw_is_active(m, b), 1); /* p: other bytes */
  ck_assert_int_eq(tw_is_active(m, d), 1);
  ck_assert_int_eq(tw_is_active(m, n), 1);
  ck_assert_int_eq(tw_is_active(m, later), 1);
  ck_assert_int_eq(tw_set_overwrite(m, n, TW_OVERWRITE_NONE), TW_ELOCKED);
  ck_assert_int_eq(tw_set_overwrite(m, d, (tw_overwrite)7), TW_EINVAL);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_keys_overwrite_overlap_only) {
  tw_manager *m = tt_mgr();
  tw_vec3 p = {0, 0, 0}, q = {0, 0, 0}, e3 = {1, 1, 1};
  tw_handle hp, hpx, hqx, n1, n2;

  ck_assert_int_eq(tw_vec3_to(m, &p, e3, 1.0, &hp), 0);
  ck_assert_int_eq(tw_float_to(m, &p.x, 1.0f, 1.0, &hpx), 0);
  ck_assert_int_eq(tw_float_to(m, &q.x, 1.0f, 1.0, &hqx), 0);
  /* a float on p.y overlaps the vec3 on p, not the float on p.x */
  ck_assert_int_eq(tw_float_to(m, &p.y, 2.0f, 1.0, &n1), 0);
  ck_assert_int_eq(tw_set_overwrite(m, n1, TW_OVERWRITE_KILL), 0);
  run(m, 0.1);
  ck_assert_int_eq(tw_is_active(m, hp), 0);
  ck_assert_int_eq(tw_is_active(m, hpx), 1);
  ck_assert_int_eq(tw_is_active(m, hqx), 1);
  /* p.x and q.x do not overlap */
  ck_assert_int_eq(tw_float_to(m, &q.y, 2.0f, 1.0, &n2), 0);
  ck_assert_int_eq(tw_set_overwrite(m, n2, TW_OVERWRITE_KILL), 0);
  run(m, 0.1);
  ck_assert_int_eq(tw_is_active(m, hpx), 1);
  ck_assert_int_eq(tw_is_active(m, hqx), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_keys_overwrite_pairs) {
  tw_manager *m = tt_mgr();
  float x = 0, y = 0, end = 1;
  tw_handle a, b, n;

  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &x, &end, 1.0, &a), 0);
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &y, &end, 1.0, &b), 0);
  ck_assert_int_eq(
      tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &x, &end, 1.0, &n), 0);
  ck_assert_int_eq(tw_set_overwrite(m, n, TW_OVERWRITE_KILL), 0);
  run(m, 0.1);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_int_eq(tw_is_active(m, b), 1);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_keys_overwrite_default_and_many) {
  tw_config c;
  tw_manager *m;
  float x = 0;
  tw_handle h[40], last;
  int i;

  tw_config_init(&c);
  c.overwrite = TW_OVERWRITE_KILL;
  c.warn = tw_warn_silent;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  nkills = 0;
  for (i = 0; i < 40; i++) {
    h[i] = ftween(m, &x, 1.0f, 1.0);
    ck_assert_int_eq(tw_set_overwrite(m, h[i], TW_OVERWRITE_NONE), 0);
    ck_assert_int_eq(tw_on(m, h[i], TW_ON_KILL, log_kill, &kills[63]), 0);
  }
  run(m, 0.1);
  last = ftween(m, &x, 2.0f, 1.0); /* overwrites by the manager default */
  run(m, 0.1);
  ck_assert_int_eq(nkills, 40);
  for (i = 0; i < 40; i++)
    ck_assert_int_eq(tw_is_active(m, h[i]), 0);
  ck_assert_int_eq(tw_is_active(m, last), 1);
  c.overwrite = 5;
  ck_assert_int_eq(tw_manager_new(&c, &m), TW_EINVAL);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* With the index built, plain float tweens that overwrite start in the
 * update's short path when nothing older is on their key, and the slow way
 * when something is: it dies, the others live. */
START_TEST(test_keys_overwrite_plain_with_index) {
  tw_config c;
  tw_manager *m;
  float x = 0, y = 0, z[4] = {0, 0, 0, 0};
  tw_handle a, b, d, e, none;
  int i;

  tw_config_init(&c);
  c.overwrite = TW_OVERWRITE_KILL;
  c.warn = tw_warn_silent;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  ck_assert_int_eq(tw_writer(m, &x, &none), 0); /* builds the index */
  a = ftween(m, &x, 1.0f, 1.0);
  for (i = 0; i < 4; i++) /* neighbours in the same 16 bytes */
    (void)ftween(m, &z[i], 1.0f, 1.0);
  run(m, 0.25);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 5); /* nothing older */
  b = ftween(m, &x, 2.0f, 1.0);
  d = ftween(m, &y, 3.0f, 1.0);
  run(m, 0.25);
  ck_assert_int_eq(tw_is_active(m, a), 0); /* b's overwrite */
  ck_assert_int_eq(tw_is_active(m, b), 1);
  ck_assert_int_eq(tw_is_active(m, d), 1);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 6);
  e = ftween(m, &z[2], 5.0f, 1.0);
  run(m, 0.25);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 6); /* one of z died */
  ck_assert_int_eq(tw_writer(m, &z[2], &none), 1);
  ck_assert_uint_eq(none.index, e.index);
  ck_assert_uint_eq(none.gen, e.gen);
  tt_valid(m);
  run(m, 2.0);
  EQF(x, 2.0f);
  EQF(y, 3.0f);
  EQF(z[2], 5.0f);
  EQF(z[1], 1.0f);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_keys_overwrite_sequences) {
  tw_manager *m = tt_mgr();
  float x = 0;
  tw_handle outside, s, c1, c2;

  outside = ftween(m, &x, 7.0f, 10.0);
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  c1 = ftween(m, &x, 1.0f, 0.5);
  c2 = ftween(m, &x, 2.0f, 0.5);
  ck_assert_int_eq(tw_set_overwrite(m, c1, TW_OVERWRITE_KILL), 0);
  ck_assert_int_eq(tw_set_overwrite(m, c2, TW_OVERWRITE_KILL), 0);
  ck_assert_int_eq(tw_seq_append(m, s, c1), 0);
  ck_assert_int_eq(tw_seq_append(m, s, c2), 0);
  run(m, 0.25); /* c1 starts: the older tween outside dies */
  ck_assert_int_eq(tw_is_active(m, outside), 0);
  ck_assert_int_eq(tw_is_active(m, c1), 1);
  run(m, 0.5); /* c2 starts: c1, of the same sequence, lives */
  ck_assert_int_eq(tw_is_active(m, c1), 1);
  ck_assert_int_eq(tw_is_active(m, c2), 1);
  tt_valid(m);
  run(m, 1.0);
  EQF(x, 2.0f);
  tw_manager_free(m);
}
END_TEST

static tw_handle victim_kills;

static void kill_the_starter(tw_manager *m, tw_handle h, void *ud) {
  float *x = ud;
  tw_handle fresh;

  (void)h;
  tw_kill(m, victim_kills, 0); /* the starting tween itself */
  ck_assert_int_eq(tw_float_to(m, x, 3.0f, 1.0, &fresh), 0);
}

START_TEST(test_keys_overwrite_reentrant) {
  tw_manager *m = tt_mgr();
  float x = 0;
  tw_handle a, n;

  a = ftween(m, &x, 1.0f, 1.0);
  ck_assert_int_eq(tw_on(m, a, TW_ON_KILL, kill_the_starter, &x), 0);
  n = ftween(m, &x, 2.0f, 1.0);
  victim_kills = n;
  ck_assert_int_eq(tw_set_overwrite(m, n, TW_OVERWRITE_KILL), 0);
  run(m, 0.1);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_int_eq(tw_is_active(m, n), 0);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 1); /* the fresh one */
  tt_valid(m);
  run(m, 0.1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

static void kill_the_starter_only(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  (void)ud;
  tw_kill(m, victim_kills, 1); /* completes, then kills, the starting tween */
}

/* Once the starting tween is dead, its overwrite ends: the older tweens it
 * had not reached yet live on. */
START_TEST(test_keys_overwrite_stops_when_starter_dies) {
  tw_manager *m = tt_mgr();
  float x = 0;
  tw_handle a, b, n;

  a = ftween(m, &x, 1.0f, 1.0);
  b = ftween(m, &x, 4.0f, 1.0);
  ck_assert_int_eq(tw_on(m, a, TW_ON_KILL, kill_the_starter_only, NULL), 0);
  n = ftween(m, &x, 2.0f, 1.0);
  victim_kills = n;
  ck_assert_int_eq(tw_set_overwrite(m, n, TW_OVERWRITE_KILL), 0);
  run(m, 0.1);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_int_eq(tw_is_active(m, n), 0);
  ck_assert_int_eq(tw_is_active(m, b), 1); /* not reached */
  tt_valid(m);
  run(m, 0.1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* tw_writer */

START_TEST(test_keys_writer) {
  tw_manager *m = tt_mgr();
  float x = 0;
  tw_vec3 p = {0, 0, 0}, e3 = {1, 1, 1};
  tw_handle a, b, c, w, hp;

  ck_assert_int_eq(tw_writer(m, &x, &w), 0);
  ck_assert_uint_eq(w.index, 0);
  a = ftween(m, &x, 1.0f, 1.0);
  ck_assert_int_eq(tw_writer(m, &x, &w), 0); /* not started */
  run(m, 0.1);
  ck_assert_int_eq(tw_writer(m, &x, &w), 1);
  SAME_HANDLE(w, a);
  b = ftween(m, &x, 2.0f, 1.0);
  c = ftween(m, &x, 3.0f, 1.0);
  ck_assert_int_eq(tw_set_delay(m, c, 5.0), 0);
  run(m, 0.1);
  ck_assert_int_eq(tw_writer(m, &x, &w), 1);
  SAME_HANDLE(w, b); /* c waits for its delay */
  ck_assert_int_eq(tw_kill(m, b, 0), 0);
  ck_assert_int_eq(tw_writer(m, &x, &w), 1);
  SAME_HANDLE(w, a);
  ck_assert_int_eq(tw_vec3_to(m, &p, e3, 1.0, &hp), 0);
  run(m, 0.1);
  ck_assert_int_eq(tw_writer(m, &p.z, &w), 1);
  SAME_HANDLE(w, hp);
  ck_assert_int_eq(tw_writer(NULL, &x, &w), TW_EINVAL);
  ck_assert_int_eq(tw_writer(m, NULL, &w), TW_EINVAL);
  ck_assert_int_eq(tw_writer(m, &x, NULL), TW_EINVAL);
  tw_manager_free(m);
}
END_TEST

/* a, on x, the index built: wrote x last and stands still, paused or
 * playing in TW_UPDATE_LATE, whose pass came before a TW_UPDATE_NORMAL
 * one; *xa is its value. */
static tw_handle writer_a(tw_manager *m, float *x, int late, float *xa) {
  float zero = 0, one = 1;
  tw_handle a, got;

  ck_assert_int_eq(tw_writer(m, x, &got), 0); /* builds the index */
  ck_assert_int_eq(tw_from_to(m, TW_TYPE_FLOAT, x, &zero, &one, 4.0, &a), 0);
  ck_assert_int_eq(tw_set_ease(m, a, TW_EASE_LINEAR), 0);
  if (late) {
    ck_assert_int_eq(tw_set_update_type(m, a, TW_UPDATE_LATE), 0);
    ck_assert_int_eq(tw_update(m, TW_UPDATE_LATE, 0.1, 0.1), 0);
    run(m, 0.1); /* a pass of the other type since, which a skips */
  } else {
    run(m, 0.1);
    ck_assert_int_eq(tw_pause(m, a), 0);
  }
  *xa = *x;
  ck_assert(*xa > 0.0f && *xa < 1.0f);
  return a;
}

typedef struct asker {
  float *x;
  int asked, r, pause;
  tw_handle got;
  float value; /* x when asked */
} asker;

static void ask_writer(tw_manager *m, tw_handle h, void *ud) {
  asker *a = ud;

  a->r = tw_writer(m, a->x, &a->got);
  a->value = *a->x;
  a->asked++;
  if (a->pause)
    ck_assert_int_eq(tw_pause(m, h), 0);
}

/* A killed tween's slot goes to the next tween created, which has written
 * nothing: a tween that has started and not yet written (in its START or
 * PLAY callback, paused by its START callback, or while its overwrite
 * kills) never wins over the tween whose value the key holds, however
 * the tween before it in its slot wrote and died.  a wrote x last and
 * stands still (paused, or playing in another update type whose pass came
 * before a pass of c's); b, on y, wrote later and is killed (each way a tween
 * dies, a plain one and one with a record); c, on x, takes b's slot and writes
 * nothing before it starts. */
static void nothing(tw_manager *m, tw_handle h, void *ud) {
  (void)m, (void)h, (void)ud;
}

enum {
  KILL,
  PAUSE_KILL,
  KILL_TARGET,
  KILL_ID,
  COMPLETE,
  COMPLETES,
  OVERWRITTEN,
  KILLS
};
enum { IN_START, IN_PLAY, PAUSED_BY_START, IN_VICTIM_KILL, MOMENTS };

START_TEST(test_keys_writer_reused_slot) {
  int how, when, late, rec;

  for (late = 0; late < 2; late++)
    for (rec = 0; rec < 2; rec++)
      for (how = 0; how < KILLS; how++)
        for (when = 0; when < MOMENTS; when++) {
          tw_manager *m = tt_mgr();
          float x = 0, y = 0, xa;
          tw_handle v, a, b, c, d, got;
          asker ask = {NULL, 0, 0, 0, {0, 0}, 0};
          ask.x = &x;
          /* v, older than a, never starts: a victim of c's overwrite */
          v = ftween(m, &x, 5.0f, 1.0);
          ck_assert_int_eq(tw_set_delay(m, v, 100.0), 0);
          a = writer_a(m, &x, late, &xa);
          b = ftween(m, &y, 1.0f, how == COMPLETES ? 0.2 : 1.0);
          if (how == KILL_ID)
            ck_assert_int_eq(tw_set_id(m, b, 7), 0);
          if (rec) /* a record of its own */
            ck_assert_int_eq(tw_on(m, b, TW_ON_KILL, nothing, NULL), 0);
          run(m, 0.1); /* b writes y, after a's last write */
          if (how == OVERWRITTEN) {
            d = ftween(m, &y, 2.0f, 1.0);
            ck_assert_int_eq(tw_set_overwrite(m, d, TW_OVERWRITE_KILL), 0);
          }
          switch (how) {
          case PAUSE_KILL: /* its write, settled by the pause */
            ck_assert_int_eq(tw_pause(m, b), 0);
            /* fall through */
          case KILL:
            ck_assert_int_eq(tw_kill(m, b, 0), 0);
            break;
          case KILL_TARGET:
            ck_assert_int_eq(tw_kill_target(m, &y, 0), 1);
            break;
          case KILL_ID:
            ck_assert_int_eq(tw_kill_id(m, 7, 0), 1);
            break;
          case COMPLETE:
            ck_assert_int_eq(tw_complete(m, b), 0);
            break;
          default: /* it completes, or d kills it as it starts */
            run(m, 0.1);
            break;
          }
          ck_assert_int_eq(tw_is_active(m, b), 0);
          EQF(x, xa);
          ck_assert_int_eq(tw_writer(m, &x, &got), 1);
          SAME_HANDLE(got, a);
          c = ftween(m, &x, 100.0f, 2.0);      /* reads x as it starts */
          ck_assert_uint_eq(c.index, b.index); /* b's slot */
          switch (when) {
          case IN_START:
            ck_assert_int_eq(tw_on(m, c, TW_ON_START, ask_writer, &ask), 0);
            break;
          case IN_PLAY:
            ck_assert_int_eq(tw_on(m, c, TW_ON_PLAY, ask_writer, &ask), 0);
            break;
          case PAUSED_BY_START:
            ask.pause = 1;
            ck_assert_int_eq(tw_on(m, c, TW_ON_START, ask_writer, &ask), 0);
            break;
          default:
            ck_assert_int_eq(tw_on(m, v, TW_ON_KILL, ask_writer, &ask), 0);
            ck_assert_int_eq(tw_set_overwrite(m, c, TW_OVERWRITE_KILL), 0);
            break;
          }
          run(m, 0.1);
          ck_assert_int_eq(ask.asked, 1);
          ck_assert_msg(
              ask.r == 1 && ask.got.index == a.index && ask.got.gen == a.gen,
              "late %d, record %d, kill %d, moment %d: writer %d %u:%u, a "
              "%u:%u",
              late, rec, how, when, ask.r, (unsigned)ask.got.index,
              (unsigned)ask.got.gen, (unsigned)a.index, (unsigned)a.gen);
          EQF(ask.value, xa); /* the value a wrote */
          ck_assert_int_eq(tw_writer(m, &x, &got), 1);
          if (when == PAUSED_BY_START) { /* c never wrote */
            SAME_HANDLE(got, a);
            EQF(x, xa);
          } else {
            SAME_HANDLE(got, c);
            ck_assert(x > 1.0f); /* c wrote: 0 to 100 */
          }
          tt_valid(m);
          tw_manager_free(m);
        }
}
END_TEST

/* A tween started by a control (a goto, a completion, a kill that
 * completes first) has not written yet when its START callback runs: the
 * tween whose value the key holds still wins there, whether the control
 * comes outside an update or from a callback during one, on a tween that
 * pass has not reached yet or on one made in that callback, of the pass's
 * update type or of another.  a is as above; c, on x, is new. */
enum { GOTO, GOTO_PLAY, COMPLETE_IT, COMPLETE_SILENT, KILL_COMPLETE, CONTROLS };
enum { OUTSIDE, IN_PASS, MADE_IN_PASS, PLACES };

typedef struct starter {
  int ctl, late_c, made, done;
  tw_handle c;
  asker ask;
} starter;

static tw_handle make_c(tw_manager *m, starter *st) {
  tw_handle c = ftween(m, st->ask.x, 100.0f, 2.0);

  if (st->late_c)
    ck_assert_int_eq(tw_set_update_type(m, c, TW_UPDATE_LATE), 0);
  ck_assert_int_eq(tw_on(m, c, TW_ON_START, ask_writer, &st->ask), 0);
  return c;
}

static void start_by_control(tw_manager *m, starter *st) {
  switch (st->ctl) {
  case GOTO:
    ck_assert_int_eq(tw_goto(m, st->c, 0.5, 0), 0);
    break;
  case GOTO_PLAY:
    ck_assert_int_eq(tw_goto(m, st->c, 0.5, 1), 0);
    break;
  case COMPLETE_IT:
    ck_assert_int_eq(tw_complete(m, st->c), 0);
    break;
  case COMPLETE_SILENT:
    ck_assert_int_eq(tw_complete_silent(m, st->c), 0);
    break;
  default:
    ck_assert_int_eq(tw_kill(m, st->c, 1), 0);
    break;
  }
}

static void control_once(tw_manager *m, tw_handle h, void *ud) {
  starter *st = ud;

  (void)h;
  if (st->done++)
    return;
  if (st->made)
    st->c = make_c(m, st);
  start_by_control(m, st);
}

START_TEST(test_keys_writer_started_by_control) {
  int late, ctl, where, late_c;

  for (late = 0; late < 2; late++)
    for (ctl = 0; ctl < CONTROLS; ctl++)
      for (where = 0; where < PLACES; where++)
        for (late_c = 0; late_c < 2; late_c++) {
          tw_manager *m = tt_mgr();
          float x = 0, z = 0, xa;
          tw_handle a, d, got;
          starter st;
          memset(&st, 0, sizeof st);
          st.ask.x = &x;
          st.ctl = ctl;
          st.late_c = late_c;
          st.made = where == MADE_IN_PASS;
          a = writer_a(m, &x, late, &xa);
          if (where != OUTSIDE) { /* d is older than c */
            d = ftween(m, &z, 1.0f, 1.0);
            ck_assert_int_eq(tw_on(m, d, TW_ON_UPDATE, control_once, &st), 0);
          }
          if (where != MADE_IN_PASS)
            st.c = make_c(m, &st);
          if (where == OUTSIDE)
            start_by_control(m, &st);
          else
            run(m, 0.1);
          ck_assert_int_eq(st.ask.asked, 1);
          ck_assert_msg(st.ask.r == 1 && st.ask.got.index == a.index &&
                            st.ask.got.gen == a.gen,
                        "late %d, control %d, place %d, late c %d: writer %d "
                        "%u:%u, a %u:%u",
                        late, ctl, where, late_c, st.ask.r,
                        (unsigned)st.ask.got.index, (unsigned)st.ask.got.gen,
                        (unsigned)a.index, (unsigned)a.gen);
          EQF(st.ask.value, xa);
          ck_assert_int_eq(tw_writer(m, &x, &got), 1);
          if (tw_is_active(m, st.c)) {
            SAME_HANDLE(got, st.c); /* it wrote */
          } else {
            SAME_HANDLE(got, a); /* it completed and died */
          }
          tt_valid(m);
          tw_manager_free(m);
        }
}
END_TEST

/* The index, once built, follows creations, kills, growth and keys. */
START_TEST(test_keys_index_churn) {
  tw_manager *m = tt_mgr();
  static float v[600];
  tw_handle h[600], w;
  int i, round;

  ck_assert_int_eq(tw_writer(m, &v[0], &w), 0); /* builds the index */
  for (round = 0; round < 3; round++) {
    for (i = 0; i < 600; i++)
      h[i] = ftween(m, &v[i], 1.0f, 1.0 + round);
    run(m, 0.01);
    for (i = 0; i < 600; i += 3)
      ck_assert_int_eq(tw_kill(m, h[i], 0), 0);
    ck_assert_int_eq(tw_set_key(m, h[1], &v[2]), 0);
    for (i = 0; i < 600; i++) {
      int r = tw_writer(m, &v[i], &w);
      if (i % 3 == 0 || i == 1) {
        ck_assert_int_eq(r, 0);
      } else if (i == 2) {
        ck_assert_int_eq(r, 1);
        SAME_HANDLE(w, h[2]); /* h[1]'s key is older */
      } else {
        ck_assert_int_eq(r, 1);
        SAME_HANDLE(w, h[i]);
      }
    }
    tt_valid(m);
    ck_assert_int_ge(tw_kill_all(m, 0), 0);
  }
  tw_manager_free(m);
}
END_TEST

static Suite *keys_suite(void) {
  Suite *s = suite_create("keys");

#define ADD(name) TT_ADD(s, test_keys_##name, #name, 0);
  ADD(kill_target_by_pointer)
  ADD(find_and_do_target)
  ADD(setter_by_user_data)
  ADD(program_key)
  ADD(sequence_refuses_key)
  ADD(no_overwrite_by_default)
  ADD(overwrite_kills_older)
  ADD(overwrite_overlap_only)
  ADD(overwrite_pairs)
  ADD(overwrite_default_and_many)
  ADD(overwrite_plain_with_index)
  ADD(overwrite_sequences)
  ADD(overwrite_reentrant)
  ADD(overwrite_stops_when_starter_dies)
  ADD(writer)
  ADD(writer_reused_slot)
  ADD(writer_started_by_control)
  ADD(index_churn)
#undef ADD
  return s;
}

int main(void) { return tt_run(keys_suite()); }

/* SPDX-License-Identifier: MIT */
/* tests/test_model.c's harness (model-harness.h): known library bugs, and
 * probes that fixed ones stay fixed. */
#include "model-harness.h"

/* ------------------------------------------------------------------ */
/* known library bugs                                                  */

/* Each known bug has a reproducer written against the public API alone,
 * returning 1 while the bug is there.  While it is, the random runs copy
 * it (a TM_QUIRK_ of the model) or steer around it, so that they go on
 * finding other things; test_model_bugs prints it, and fails when
 * TW_MODEL_BUGS=1.  Once the library is fixed the reproducer returns 0,
 * the model stops copying the bug, and the entry can go. */

static tw_handle bug_h;

static void bug_pause_cb(tw_manager *m, tw_handle h, void *ud) {
  tt_log_add(*(int *)ud, 0);
  tw_pause(m, h);
}

static int bug_log_is(const int *evs, int n) {
  int i;

  if (tt_nlog != n)
    return 0;
  for (i = 0; i < n; i++)
    if (tt_log[i].event != evs[i])
      return 0;
  return 1;
}

/* B1: a START callback pauses its tween.  The step then stops (START and
 * PAUSE fire, nothing else: "START and PLAY on the first step that moves
 * the tween"), and PLAY fires when it resumes ("PLAY each time it
 * resumes").  libtween fires PLAY right after START although the tween is
 * paused, and so not when it resumes. */
int bug_start_pause_play(void) {
  static int start = TW_ON_START, play = TW_ON_PLAY, pause = TW_ON_PAUSE;
  static const int first[] = {TW_ON_START, TW_ON_PAUSE}, then[] = {TW_ON_PLAY};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  int ok;

  tt_log_reset();
  ck_assert_int_eq(tw_float_to(m, &v, 1.0f, 1.0, &bug_h), 0);
  ck_assert_int_eq(tw_on(m, bug_h, TW_ON_START, bug_pause_cb, &start), 0);
  tt_on(m, bug_h, TW_ON_PLAY, &play);
  tt_on(m, bug_h, TW_ON_PAUSE, &pause);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  ok = bug_log_is(first, 2);
  tt_log_reset();
  ck_assert_int_eq(tw_play(m, bug_h), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  ok = ok && bug_log_is(then, 1);
  ck_assert_int_eq(tw_manager_free(m), 0);
  return !ok;
}

/* Once bug B2 (found by the random runs, fixed since): a tween that is
 * not auto-killed, paused by its own COMPLETE callback, got a second PAUSE
 * when the completion paused it.  One PAUSE, through an update and through
 * tw_complete.  Returns 1 if the bug is back (test_model_fixed). */
int bug_double_pause(void) {
  static int complete = TW_ON_COMPLETE, pause = TW_ON_PAUSE;
  static const int once[] = {TW_ON_COMPLETE, TW_ON_PAUSE};
  int pass, ok = 1;

  for (pass = 0; pass < 2; pass++) {
    tw_manager *m = tt_manager(NULL, 0);
    float v = 0;
    tt_log_reset();
    ck_assert_int_eq(tw_float_to(m, &v, 1.0f, 1.0, &bug_h), 0);
    ck_assert_int_eq(tw_set_autokill(m, bug_h, 0), 0);
    ck_assert_int_eq(tw_on(m, bug_h, TW_ON_COMPLETE, bug_pause_cb, &complete),
                     0);
    tt_on(m, bug_h, TW_ON_PAUSE, &pause);
    if (pass == 0)
      ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 2.0, 2.0), 0);
    else
      ck_assert_int_eq(tw_complete(m, bug_h), 0);
    ok = ok && bug_log_is(once, 2);
    ck_assert_int_eq(tw_manager_free(m), 0);
  }
  return !ok;
}

/* B3: tw_kill_target(m, NULL, ...) kills the tweens without a target key
 * that happen to own an internal record (any setting beyond the plainest
 * does that: an id, a delay, a callback...) and spares the others; two
 * tweens that differ only in their id are treated differently. */
static int bug_kill_target_null(void) {
  tw_manager *m = tt_manager(NULL, 0);
  float a = 0, b = 0;
  tw_handle ha, hb;
  int differ;

  ck_assert_int_eq(tw_float_to(m, &a, 1.0f, 1.0, &ha), 0);
  ck_assert_int_eq(tw_float_to(m, &b, 1.0f, 1.0, &hb), 0);
  ck_assert_int_eq(tw_set_id(m, hb, 7), 0);
  /* the contract: NULL is refused (TW_EINVAL) and nothing dies */
  differ = tw_kill_target(m, NULL, 0) != TW_EINVAL || !tw_is_active(m, ha) ||
           !tw_is_active(m, hb);
  ck_assert_int_eq(tw_manager_free(m), 0);
  return differ;
}

/* B4: a step judges whether a callback moved its tween by a change of
 * elapsed, so it misses controls that leave elapsed where it was.  (a) A
 * START callback completes a zero-duration tween (elapsed 0 before and
 * after), not auto-killed: PLAY follows COMPLETE and PAUSE.  (b) A START
 * callback completes a 1 s tween and restarts it (elapsed back to 0): the
 * step goes on as if nothing had happened, PLAY and UPDATE follow. */
static void bug_complete_cb(tw_manager *m, tw_handle h, void *ud) {
  tt_log_add(*(int *)ud, 0);
  tw_complete(m, h);
}

static void bug_complete_restart_cb(tw_manager *m, tw_handle h, void *ud) {
  tt_log_add(*(int *)ud, 0);
  tw_complete(m, h);
  tw_restart(m, h, 0, -1);
}

static int bug_restart_aba(void) {
  static int start = TW_ON_START, play = TW_ON_PLAY, update = TW_ON_UPDATE;
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  int i, bad = 0;

  tt_log_reset();
  ck_assert_int_eq(tw_float_to(m, &v, 1.0f, 1.0, &bug_h), 0);
  ck_assert_int_eq(
      tw_on(m, bug_h, TW_ON_START, bug_complete_restart_cb, &start), 0);
  tt_on(m, bug_h, TW_ON_PLAY, &play);
  tt_on(m, bug_h, TW_ON_UPDATE, &update);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  for (i = 0; i < tt_nlog; i++) /* the step must stop after START */
    bad |= tt_log[i].event == TW_ON_PLAY || tt_log[i].event == TW_ON_UPDATE;
  ck_assert_int_eq(tw_manager_free(m), 0);
  return bad;
}

int bug_zero_complete_play(void) {
  static int start = TW_ON_START, play = TW_ON_PLAY, pause = TW_ON_PAUSE,
             complete = TW_ON_COMPLETE;
  static const int want[] = {TW_ON_START, TW_ON_COMPLETE, TW_ON_PAUSE};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  int ok;

  tt_log_reset();
  ck_assert_int_eq(tw_float_to(m, &v, 1.0f, 0.0, &bug_h), 0);
  ck_assert_int_eq(tw_set_autokill(m, bug_h, 0), 0);
  ck_assert_int_eq(tw_on(m, bug_h, TW_ON_START, bug_complete_cb, &start), 0);
  tt_on(m, bug_h, TW_ON_PLAY, &play);
  tt_on(m, bug_h, TW_ON_PAUSE, &pause);
  tt_on(m, bug_h, TW_ON_COMPLETE, &complete);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  ok = bug_log_is(want, 3);
  ck_assert_int_eq(tw_manager_free(m), 0);
  return !ok || bug_restart_aba();
}

/* B5: with a hard limit (tw_config.max_tweens), a tween created during an
 * update pass can fail with TW_ELIMIT while fewer tweens than the limit
 * live: the kills of the pass leave holes that are not compacted until the
 * pass ends, and when they fill the array the creation asks for growth,
 * which the limit refuses.  Limit 2, one tween live, creation refused. */
static float bug_vals[4];
static int bug_rc;

static void bug_churn_cb(tw_manager *m, tw_handle h, void *ud) {
  tw_handle c;

  (void)ud;
  tw_kill(m, h, 0);
  ck_assert_int_eq(tw_float_to(m, &bug_vals[1], 1.0f, 1.0, &c), 0);
  ck_assert_int_eq(tw_kill(m, c, 0), 0);
  bug_rc = tw_float_to(m, &bug_vals[2], 1.0f, 1.0, NULL);
}

int bug_limit_holes(void) {
  tw_config c;
  tw_manager *m = NULL;
  tw_handle a;
  tw_stats st;
  int bad;

  tw_config_init(&c);
  c.tweens = 2;
  c.max_tweens = 2;
  c.sequences = 1;
  c.warn = tw_warn_silent;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  ck_assert_int_eq(tw_float_to(m, &bug_vals[0], 1.0f, 1.0, &a), 0);
  ck_assert_int_eq(tw_float_to(m, &bug_vals[3], 1.0f, 1.0, NULL), 0);
  ck_assert_int_eq(tw_on(m, a, TW_ON_UPDATE, bug_churn_cb, NULL), 0);
  bug_rc = 1;
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  bad = bug_rc != 0 || st.live != 2;
  ck_assert_int_eq(tw_manager_free(m), 0);
  return bad;
}

/* B6: a tween without callbacks that is paused and played again resumes
 * on the next update, but the PLAY of that resume is kept back (the fast
 * path of the update does not note it) and fires when the tween first
 * takes the slow path, e.g. updates later once a PLAY callback is set:
 * a PLAY for a resume that happened long before. */
int bug_late_play(void) {
  static int play = TW_ON_PLAY;
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  int ok;

  tt_log_reset();
  ck_assert_int_eq(tw_float_to(m, &v, 1.0f, 1.0, &bug_h), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.125, 0.125), 0);
  ck_assert_int_eq(tw_pause(m, bug_h), 0);
  ck_assert_int_eq(tw_play(m, bug_h), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.125, 0.125), 0);
  tt_on(m, bug_h, TW_ON_PLAY, &play);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.125, 0.125), 0);
  ok = tt_nlog == 0;
  ck_assert_int_eq(tw_manager_free(m), 0);
  return !ok;
}

/* P1 (performance): an update whose dt spans many loops of an infinitely
 * looping tween costs one iteration per loop even when the tween has no
 * STEP_COMPLETE callback: a 0.01 s loop and a dt of a year (a program
 * resumed after a long sleep) spin 2^31 times, seconds in one tw_update.
 * Here 2 * 10^7 loops: present when that takes over 20 ms of CPU. */
static int bug_spin_loops(void) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  clock_t t0;
  double cpu;

  ck_assert_int_eq(tw_float_to(m, &v, 1.0f, 0.01, &bug_h), 0);
  ck_assert_int_eq(tw_set_loops(m, bug_h, -1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.001, 0.001), 0);
  t0 = clock();
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 2e5, 2e5), 0);
  cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
  ck_assert_int_eq(tw_manager_free(m), 0);
  return cpu > 0.02;
}

/* B8 (found by the fuzzer): a speed-based tween whose end value is NaN
 * gets a NaN duration (distance / speed) when it starts, and from then on
 * tw_manager_validate fails (TW_EINTERNAL) and tw_duration reports 0.  A
 * NaN end is refused now; a NaN start, read from the target, is not. */
static int bug_speed_nan(void) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = NAN;
  int bad;

  ck_assert_int_eq(tw_float_to(m, &v, 1.0f, 2.0, &bug_h), 0);
  ck_assert_int_eq(tw_set_speed_based(m, bug_h, 1), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.1, 0.1), 0);
  bad = tw_manager_validate(m) != 0;
  ck_assert_int_eq(tw_manager_free(m), 0);
  return bad;
}

/* B9 (found by the fuzzer): killing a sequence kills its children one by
 * one; inside a child's KILL callback the children not killed yet still
 * count as nested in a sequence that is gone, and tw_manager_validate
 * fails (TW_EINTERNAL). */
static int bug_b9_rc;

static void bug_validate_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  (void)ud;
  if (tw_manager_validate(m) != 0)
    bug_b9_rc = 1;
}

static int bug_seq_kill_validate(void) {
  tw_manager *m = tt_manager(NULL, 0);
  float a = 0, b = 0;
  tw_handle s, ca, cb;

  bug_b9_rc = 0;
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_float_to(m, &a, 1.0f, 1.0, &ca), 0);
  ck_assert_int_eq(tw_float_to(m, &b, 1.0f, 1.0, &cb), 0);
  ck_assert_int_eq(tw_on(m, ca, TW_ON_KILL, bug_validate_cb, NULL), 0);
  ck_assert_int_eq(tw_seq_append(m, s, ca), 0);
  ck_assert_int_eq(tw_seq_append(m, s, cb), 0);
  ck_assert_int_eq(tw_kill(m, s, 0), 0);
  ck_assert_int_eq(tw_manager_validate(m), 0);
  ck_assert_int_eq(tw_manager_free(m), 0);
  return bug_b9_rc;
}

/* B10: the update's fast path (a started tween without callbacks,
 * delay, loops or own time scale) interpolates floats as a + (b - a) * y
 * even when the eased fraction y is exactly 1 before the end (InOutQuint
 * near its end, OutExpo, OutCirc, Bounce...), where the slow path (the
 * same tween with a callback) and lib/types.c's rule copy the end value:
 * a tween's values depend on whether it has a callback, and are a unit in
 * the last place off the end value.  0.113000005f to 0.7f, InOutQuint, at
 * 0.9999 of 1 s: 0.700000048 instead of 0.699999988. */
static int bug_fast_lerp_end(void) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0x1.ced918p-4f /* 0.113000005 */, b = 0.7f;
  int bad;

  {
    /* in float: a wider evaluation (FLT_EVAL_METHOD 2) would give b */
    volatile float d = b - v, sum = v + d;
    ck_assert(sum != b);
  }
  ck_assert_int_eq(tw_float_to(m, &v, b, 1.0, &bug_h), 0);
  ck_assert_int_eq(tw_set_ease(m, bug_h, TW_EASE_IN_OUT_QUINT), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.4999, 0.4999), 0);
  bad = v != b;
  ck_assert_int_eq(tw_manager_free(m), 0);
  return bad;
}

/* B11 (fixed): tw_retarget on a path or a punch returned 0 but kept it a
 * path or a punch: a path jumped back to its first point and ended on its
 * last, a punch vibrated around the value it had and ended there; tween.h
 * promises "without a jump" and "ends exactly at the new end after the
 * duration".  Now refused with TW_EINVAL.  Returns 1 if it is back. */
int bug_retarget_shaped(void) {
  tw_manager *m = tt_manager(NULL, 0);
  static const float pts[6] = {0, 0, 10, 0, 20, 0};
  tw_vec2 v = {5, 5}, to = {100, 100};
  float f = 1, amount = 2, end = 7;
  int rc, bad;

  ck_assert_int_eq(
      tw_path(m, TW_TYPE_VEC2, &v, pts, 3, TW_PATH_LINEAR, 1.0, &bug_h), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  ck_assert(v.x == 10 && v.y == 0);
  rc = tw_retarget(m, bug_h, &to, 1.0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 2.0, 2.0), 0);
  bad = rc != TW_EINVAL || !(v.x == 20 && v.y == 0); /* ran its course */
  ck_assert_int_eq(
      tw_punch(m, TW_TYPE_FLOAT, &f, &amount, 1.0, 10, 1.0, &bug_h), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  rc = tw_retarget(m, bug_h, &end, 1.0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 2.0, 2.0), 0);
  bad = bad || rc != TW_EINVAL || f != 1; /* ended on its start */
  ck_assert_int_eq(tw_manager_free(m), 0);
  return bad;
}

const known_bug known_bugs[] = {
    {"B3",
     "tw_kill_target(NULL) kills only the keyless tweens that own an "
     "internal record",
     bug_kill_target_null, 0, &steer_kill_target_null},
    {"B8",
     "a speed-based tween with a NaN end value gets a NaN duration: "
     "tw_manager_validate fails",
     bug_speed_nan, 0, NULL},
    {"B9",
     "inside the KILL callback of a sequence's child, while the "
     "sequence is killed, tw_manager_validate fails",
     bug_seq_kill_validate, 0, NULL},
    {"B10",
     "the update's fast path writes a + (b - a) * 1 instead of the end "
     "value when an ease reaches 1 before the end",
     bug_fast_lerp_end, 0, &loose_floats},
    /* last: detect_bugs skips it (nothing to copy, and it costs time) */
    {"P1",
     "a huge dt on an infinitely looping tween spins once per loop, "
     "even without a STEP_COMPLETE callback",
     bug_spin_loops, 0, NULL},
};
#define NBUGS ((int)(sizeof known_bugs / sizeof *known_bugs))

int known_bug_count(void) { return NBUGS; }

/* Sets quirks_now and the steering flags from the bugs still present
 * (none with TW_MODEL_STRICT=1: the random runs then report them). */
void detect_bugs(void) {
  const char *strict = getenv("TW_MODEL_STRICT");
  int i;

  quirks_now = 0;
  if (strict != NULL && *strict != 0 && *strict != '0')
    return;
  for (i = 0; i < NBUGS - 1; i++) {
    int on = known_bugs[i].present();
    if (on)
      quirks_now |= known_bugs[i].quirk;
    if (known_bugs[i].steer != NULL)
      *known_bugs[i].steer = on;
  }
  tt_log_reset();
}

/* Bugs the random runs found that are fixed: each must stay fixed. */

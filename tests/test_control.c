/* SPDX-License-Identifier: MIT */
/* Controls on a handle and on many tweens, and the queries: play, pause,
 * toggle, restart, rewind, smooth rewind, goto, flip, play forward and
 * backwards, complete (with and without callbacks), kill; tw_do_all/id/
 * target for every tw_do; tw_kill_all_except; loops, direction, position,
 * percentages, durations, delays, counts and finds; TW_EINFINITE and
 * TW_ESTALE.  The semantics are DOTween's, as tween.h states them.
 *
 * Every expected value is worked out here, not asked of the library:
 * tweens run Linear (or OutQuad, y = x * (2 - x)) over power-of-two
 * durations with power-of-two steps, so the floats are exact and compared
 * with ==. */
/* The deprecated calls tw_set_target and tw_loops are called here on purpose,
 * without the warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static tw_handle none(void) {
  tw_handle h;

  h.index = 0;
  h.gen = 0;
  return h;
}

/* A query returning a double, asserted to succeed. */
static double q_elapsed(tw_manager *m, tw_handle h) {
  double d = -12345;
  ck_assert_int_eq(tw_elapsed(m, h, &d), 0);
  return d;
}
static double q_position(tw_manager *m, tw_handle h) {
  double d = -12345;
  ck_assert_int_eq(tw_position(m, h, &d), 0);
  return d;
}
static double q_percent(tw_manager *m, tw_handle h, int all) {
  double d = -12345;
  ck_assert_int_eq(tw_elapsed_percentage(m, h, all, &d), 0);
  return d;
}
static double q_duration(tw_manager *m, tw_handle h, int all) {
  double d = -12345;
  ck_assert_int_eq(tw_duration(m, h, all, &d), 0);
  return d;
}
static double q_delay(tw_manager *m, tw_handle h) {
  double d = -12345;
  ck_assert_int_eq(tw_delay(m, h, &d), 0);
  return d;
}
static double q_elapsed_delay(tw_manager *m, tw_handle h) {
  double d = -12345;
  ck_assert_int_eq(tw_elapsed_delay(m, h, &d), 0);
  return d;
}

/* A linear float tween start -> end over dur seconds. */
static tw_handle linear(tw_manager *m, float *v, float end, double dur) {
  tw_handle h;

  ck_assert_int_eq(tw_float_to(m, v, end, dur, &h), 0);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), 0);
  return h;
}

/* Every event of h logged with tag *tag. */
static void log_all(tw_manager *m, tw_handle h, int *tag) {
  int e;

  for (e = 0; e < TW_ON_COUNT; e++)
    tt_on(m, h, (tw_event)e, tag);
}

static int count_ev(int ev) {
  int i, n = 0;

  for (i = 0; i < tt_nlog; i++)
    n += tt_log[i].event == ev;
  return n;
}

static const char *ev_name(int ev) {
  static const char *names[] = {"START",  "PLAY",          "PAUSE",    "REWIND",
                                "UPDATE", "STEP_COMPLETE", "COMPLETE", "KILL"};
  return ev >= 0 && ev < TW_ON_COUNT ? names[ev] : "?";
}

/* The log is exactly these events (tags not checked). */
static void expect_log(const int *evs, int n) {
  int i;

  for (i = 0; i < n && i < tt_nlog; i++)
    ck_assert_msg(tt_log[i].event == evs[i], "event %d is %s, expected %s", i,
                  ev_name(tt_log[i].event), ev_name(evs[i]));
  ck_assert_msg(tt_nlog == n, "%d events logged, expected %d", tt_nlog, n);
}

static int tag0 = 0;

/* ------------------------------------------------------------------ */
/* play, pause, toggle                                                 */

START_TEST(test_control_pause_and_play_fire_once_each_and_hold_the_value) {
  static const int first[] = {TW_ON_START, TW_ON_PLAY, TW_ON_UPDATE};
  static const int resumed[] = {TW_ON_PLAY, TW_ON_UPDATE};
  static const int upd[] = {TW_ON_UPDATE};
  static const int paused[] = {TW_ON_PAUSE};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  log_all(m, h, &tag0);
  tt_log_reset();
  NOW(m, 1.0);
  EQF(v, 1.0f);
  expect_log(first, 3);

  /* pause: PAUSE now, since it was playing */
  tt_log_reset();
  ck_assert_int_eq(tw_pause(m, h), 0);
  expect_log(paused, 1);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  /* pausing a paused tween: nothing fires */
  ck_assert_int_eq(tw_pause(m, h), 0);
  expect_log(paused, 1);
  NOW(m, 1.0);
  EQF(v, 1.0f);
  EQD(q_elapsed(m, h), 1.0);
  expect_log(paused, 1);

  /* play: PLAY only on the next step */
  tt_log_reset();
  ck_assert_int_eq(tw_play(m, h), 0);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  ck_assert_int_eq(tt_nlog, 0);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  expect_log(resumed, 2);
  /* once per resume */
  tt_log_reset();
  NOW(m, 1.0);
  EQF(v, 3.0f);
  expect_log(upd, 1);
  /* playing a playing tween changes nothing */
  tt_log_reset();
  ck_assert_int_eq(tw_play(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 4.0f);
  expect_log(upd, 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_pause_before_the_start_fires_pause_and_moves_nothing) {
  static const int first[] = {TW_ON_START, TW_ON_PLAY, TW_ON_UPDATE};
  static const int paused[] = {TW_ON_PAUSE};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  log_all(m, h, &tag0);
  tt_log_reset();
  /* a new tween is playing: pausing it fires PAUSE */
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  ck_assert_int_eq(tw_pause(m, h), 0);
  expect_log(paused, 1);
  NOW(m, 1.0);
  EQF(v, 0.0f);
  EQD(q_elapsed(m, h), 0.0);
  expect_log(paused, 1); /* no START while paused */
  tt_log_reset();
  ck_assert_int_eq(tw_play(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 1.0f);
  expect_log(first, 3);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_toggle_switches_between_playing_and_paused) {
  static const int paused[] = {TW_ON_PAUSE};
  static const int resumed[] = {TW_ON_PLAY, TW_ON_UPDATE};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, w = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0), k;

  log_all(m, h, &tag0);
  NOW(m, 1.0);
  tt_log_reset();
  ck_assert_int_eq(tw_toggle(m, h), 0); /* playing -> paused */
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  expect_log(paused, 1);
  NOW(m, 1.0);
  EQF(v, 1.0f);
  tt_log_reset();
  ck_assert_int_eq(tw_toggle(m, h), 0); /* paused -> playing */
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  ck_assert_int_eq(tt_nlog, 0);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  expect_log(resumed, 2);

  /* a complete tween: play and toggle do nothing */
  k = linear(m, &w, 4.0f, 1.0);
  ck_assert_int_eq(tw_set_autokill(m, k, 0), 0);
  NOW(m, 1.0);
  EQF(w, 4.0f);
  ck_assert_int_eq(tw_is_complete(m, k), 1);
  log_all(m, k, &tag0);
  tt_log_reset();
  ck_assert_int_eq(tw_play(m, k), 0);
  ck_assert_int_eq(tw_is_playing(m, k), 0);
  ck_assert_int_eq(tw_toggle(m, k), 0);
  ck_assert_int_eq(tw_is_playing(m, k), 0);
  ck_assert_int_eq(tw_is_complete(m, k), 1);
  w = -1.0f;
  NOW(m, 1.0);
  EQF(w, -1.0f);
  /* only the other tween's UPDATE fired */
  ck_assert_int_eq(count_ev(TW_ON_PLAY), 0);
  ck_assert_int_eq(count_ev(TW_ON_UPDATE), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* restart                                                             */

static const struct {
  double delay;     /* the tween's delay */
  int include;      /* include_delay */
  double new_delay; /* restart's new_delay */
} restart_cases[] = {
    {0.0, 0, -1.0}, {0.0, 1, -1.0}, {0.5, 1, -1.0},
    {0.5, 0, -1.0}, {0.0, 1, 1.0},  {0.5, 1, 0.25},
};

START_TEST(test_control_restart_replays_from_the_start_after_its_delay) {
  double delay = restart_cases[_i].delay;
  int include = restart_cases[_i].include;
  double nd = restart_cases[_i].new_delay;
  double now_delay = nd >= 0 ? nd : delay;
  double wait = include ? now_delay : 0.0;
  tw_manager *m = tt_manager(NULL, 0);
  float v = 5.0f;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  if (delay > 0)
    ck_assert_int_eq(tw_set_delay(m, h, delay), 0);
  log_all(m, h, &tag0);
  /* before the start: nothing moved, nothing written, no REWIND */
  tt_log_reset();
  ck_assert_int_eq(tw_restart(m, h, 1, -1.0), 0);
  EQF(v, 5.0f);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 0);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  v = 0.0f;
  if (delay > 0)
    NOW(m, delay);
  NOW(m, 1.0);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  EQD(q_elapsed(m, h), 2.0);

  /* the program moves the value; restart writes the start read before */
  v = 100.0f;
  tt_log_reset();
  ck_assert_int_eq(tw_restart(m, h, include, nd), 0);
  EQF(v, 0.0f);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 1);
  ck_assert_int_eq(count_ev(TW_ON_START), 0);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  EQD(q_elapsed(m, h), 0.0);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  ck_assert_int_eq(tw_is_backwards(m, h), 0);
  ck_assert_int_eq(tw_is_complete(m, h), 0);
  EQD(q_delay(m, h), now_delay);
  tt_valid(m);
  if (wait > 0) {
    EQD(q_elapsed_delay(m, h), 0.0);
    NOW(m, wait / 2);
    EQF(v, 0.0f);
    EQD(q_elapsed(m, h), 0.0);
    EQD(q_elapsed_delay(m, h), wait / 2);
    NOW(m, wait / 2);
    EQF(v, 0.0f);
    EQD(q_elapsed(m, h), 0.0);
  }
  NOW(m, 1.0);
  EQF(v, 1.0f);
  EQD(q_elapsed(m, h), 1.0);
  ck_assert_int_eq(count_ev(TW_ON_START), 0); /* START once per life */
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_restart_plays_forwards_from_any_state) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, w = 0, x = 0;
  tw_handle a = linear(m, &v, 8.0f, 8.0), b = linear(m, &w, 8.0f, 8.0), c;

  log_all(m, a, &tag0);
  NOW(m, 2.0);
  /* paused: restart plays it */
  ck_assert_int_eq(tw_pause(m, a), 0);
  ck_assert_int_eq(tw_restart(m, a, 0, -1.0), 0);
  ck_assert_int_eq(tw_is_playing(m, a), 1);
  EQF(v, 0.0f);
  /* backwards: restart plays forwards */
  ck_assert_int_eq(tw_play_backwards(m, b), 0);
  ck_assert_int_eq(tw_is_backwards(m, b), 1);
  ck_assert_int_eq(tw_restart(m, b, 0, -1.0), 0);
  ck_assert_int_eq(tw_is_backwards(m, b), 0);
  EQF(w, 0.0f);
  NOW(m, 1.0);
  EQF(v, 1.0f);
  EQF(w, 1.0f);
  /* complete and kept: restart makes it play again from the start */
  c = linear(m, &x, 4.0f, 2.0);
  ck_assert_int_eq(tw_set_autokill(m, c, 0), 0);
  NOW(m, 2.0);
  EQF(x, 4.0f);
  ck_assert_int_eq(tw_is_complete(m, c), 1);
  ck_assert_int_eq(tw_restart(m, c, 1, -1.0), 0);
  ck_assert_int_eq(tw_is_complete(m, c), 0);
  ck_assert_int_eq(tw_is_playing(m, c), 1);
  EQF(x, 0.0f);
  NOW(m, 1.0);
  EQF(x, 2.0f);
  NOW(m, 1.0);
  EQF(x, 4.0f);
  ck_assert_int_eq(tw_is_complete(m, c), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* rewind                                                              */

START_TEST(test_control_rewind_goes_to_the_start_and_pauses) {
  int include = _i;
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  ck_assert_int_eq(tw_set_delay(m, h, 0.5), 0);
  log_all(m, h, &tag0);
  /* not moved yet: paused, no REWIND */
  tt_log_reset();
  ck_assert_int_eq(tw_rewind(m, h, 1), 0);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 0);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  ck_assert_int_eq(tw_play(m, h), 0);
  NOW(m, 0.5);
  NOW(m, 2.0);
  EQF(v, 2.0f);
  v = 100.0f;
  tt_log_reset();
  ck_assert_int_eq(tw_rewind(m, h, include), 0);
  EQF(v, 0.0f);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 1);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  ck_assert_int_eq(tw_is_complete(m, h), 0);
  EQD(q_elapsed(m, h), 0.0);
  EQD(q_elapsed_delay(m, h), include ? 0.0 : 0.5);
  tt_valid(m);
  /* paused at the start */
  NOW(m, 1.0);
  EQF(v, 0.0f);
  EQD(q_elapsed(m, h), 0.0);
  /* rewinding again: it did not move, no REWIND */
  ck_assert_int_eq(tw_rewind(m, h, include), 0);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 1);
  ck_assert_int_eq(tw_play(m, h), 0);
  NOW(m, 0.25);
  if (include) {
    EQF(v, 0.0f);
    EQD(q_elapsed_delay(m, h), 0.25);
    NOW(m, 0.25);
    NOW(m, 0.25);
  }
  EQF(v, 0.25f);
  ck_assert_int_eq(count_ev(TW_ON_START), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_rewind_makes_a_complete_tween_incomplete) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 1.0f;
  tw_handle h = linear(m, &v, 5.0f, 4.0);

  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  log_all(m, h, &tag0);
  NOW(m, 4.0);
  EQF(v, 5.0f);
  ck_assert_int_eq(tw_is_complete(m, h), 1);
  tt_log_reset();
  ck_assert_int_eq(tw_rewind(m, h, 1), 0);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 1);
  EQF(v, 1.0f);
  ck_assert_int_eq(tw_is_complete(m, h), 0);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  ck_assert_int_eq(tw_loops_done(m, h), 0);
  ck_assert_int_eq(tw_play(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* smooth rewind                                                       */

START_TEST(test_control_smooth_rewind_plays_backwards_from_where_it_is) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0);
  int n;

  log_all(m, h, &tag0);
  NOW(m, 1.0);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  /* from a pause: it plays, backwards */
  ck_assert_int_eq(tw_pause(m, h), 0);
  tt_log_reset();
  ck_assert_int_eq(tw_smooth_rewind(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 1);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 0);
  EQF(v, 2.0f);
  NOW(m, 1.0);
  EQF(v, 1.0f);
  EQD(q_elapsed(m, h), 1.0);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 0);
  ck_assert_int_eq(count_ev(TW_ON_UPDATE), 1);
  /* two seconds played, two seconds back: at the start, REWIND, paused */
  NOW(m, 1.0);
  EQF(v, 0.0f);
  EQD(q_elapsed(m, h), 0.0);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 1);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  n = tt_nlog;
  NOW(m, 1.0);
  EQF(v, 0.0f);
  ck_assert_int_eq(tt_nlog, n);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_smooth_rewind_goes_back_over_loops) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 2.0);

  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_RESTART), 0);
  log_all(m, h, &tag0);
  NOW(m, 2.5); /* loop 1, 0.5 s in */
  EQF(v, 2.0f);
  ck_assert_int_eq(tw_loops_done(m, h), 1);
  tt_log_reset();
  ck_assert_int_eq(tw_smooth_rewind(m, h), 0);
  NOW(m, 1.0); /* 1.5 s: loop 0, 1.5 s in */
  EQF(v, 6.0f);
  EQD(q_elapsed(m, h), 1.5);
  ck_assert_int_eq(tw_loops_done(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 0);
  NOW(m, 0.5); /* 2.5 s back in all */
  EQF(v, 0.0f);
  EQD(q_elapsed(m, h), 0.0);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 1);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_smooth_rewind_plays_a_complete_tween_back) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  log_all(m, h, &tag0);
  NOW(m, 8.0);
  EQF(v, 8.0f);
  ck_assert_int_eq(tw_is_complete(m, h), 1);
  tt_log_reset();
  ck_assert_int_eq(tw_smooth_rewind(m, h), 0);
  NOW(m, 2.0);
  EQF(v, 6.0f);
  ck_assert_int_eq(tw_is_complete(m, h), 0);
  NOW(m, 6.0);
  EQF(v, 0.0f);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 1);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* goto                                                                */

START_TEST(test_control_goto_writes_the_value_at_its_time) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 1.0f;
  tw_handle h = linear(m, &v, 9.0f, 8.0);

  log_all(m, h, &tag0);
  tt_log_reset();
  /* not started: the start value is read, then the value at 4 s written */
  ck_assert_int_eq(tw_goto(m, h, 4.0, 0), 0);
  EQF(v, 5.0f);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  EQD(q_elapsed(m, h), 4.0);
  EQD(q_position(m, h), 4.0);
  ck_assert_int_eq(count_ev(TW_ON_UPDATE), 0);
  ck_assert_int_eq(count_ev(TW_ON_STEP_COMPLETE), 0);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  NOW(m, 1.0);
  EQF(v, 5.0f);
  /* and_play */
  ck_assert_int_eq(tw_goto(m, h, 6.0, 1), 0);
  EQF(v, 7.0f);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  NOW(m, 1.0);
  EQF(v, 8.0f);
  /* backwards in time, and_play 0 pauses a playing tween */
  ck_assert_int_eq(tw_goto(m, h, 2.0, 0), 0);
  EQF(v, 3.0f);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 3.0f);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ck_assert_int_eq(count_ev(TW_ON_STEP_COMPLETE), 0);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* goto over loops: 0 -> 8 over 2 s, 3 loops, Linear */
START_TEST(test_control_goto_lands_in_its_loop_for_every_loop_type) {
  static const float at35[3] = {6.0f, 2.0f, 14.0f}; /* restart yoyo incr */
  static const float at5[3] = {4.0f, 4.0f, 20.0f};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 2.0);

  ck_assert_int_eq(tw_set_loops(m, h, 3, (tw_loop_type)_i), 0);
  log_all(m, h, &tag0);
  tt_log_reset();
  ck_assert_int_eq(tw_goto(m, h, 3.5, 0), 0);
  EQF(v, at35[_i]);
  ck_assert_int_eq(tw_loops_done(m, h), 1);
  EQD(q_position(m, h), 1.5);
  ck_assert_int_eq(tw_goto(m, h, 5.0, 0), 0);
  EQF(v, at5[_i]);
  ck_assert_int_eq(tw_loops_done(m, h), 2);
  EQD(q_position(m, h), 1.0);
  ck_assert_int_eq(count_ev(TW_ON_UPDATE), 0);
  ck_assert_int_eq(count_ev(TW_ON_STEP_COMPLETE), 0);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  ck_assert_int_eq(tw_is_complete(m, h), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* goto to or past the end: complete, COMPLETE once, auto-kill kills */
START_TEST(test_control_goto_past_the_end_completes_once) {
  static const double to[] = {6.0, 100.0};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, w = 0;
  tw_handle a = linear(m, &v, 8.0f, 2.0), b = linear(m, &w, 8.0f, 2.0);
  int and_play = _i & 1;
  double t = to[_i >> 1];

  ck_assert_int_eq(tw_set_loops(m, a, 3, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_loops(m, b, 3, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_autokill(m, b, 0), 0);
  log_all(m, a, &tag0);
  tt_log_reset();
  ck_assert_int_eq(tw_goto(m, a, t, and_play), 0);
  EQF(v, 8.0f);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 1);
  ck_assert_int_eq(count_ev(TW_ON_KILL), 1);
  ck_assert_int_eq(count_ev(TW_ON_UPDATE), 0);
  ck_assert_int_eq(count_ev(TW_ON_STEP_COMPLETE), 0);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_int_eq(tw_goto(m, a, 1.0, 0), TW_ESTALE);
  tt_valid(m);

  log_all(m, b, &tag0);
  tt_log_reset();
  ck_assert_int_eq(tw_goto(m, b, t, and_play), 0);
  EQF(w, 8.0f);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 1);
  ck_assert_int_eq(count_ev(TW_ON_KILL), 0);
  ck_assert_int_eq(tw_is_active(m, b), 1);
  ck_assert_int_eq(tw_is_complete(m, b), 1);
  ck_assert_int_eq(tw_is_playing(m, b), 0);
  EQD(q_elapsed(m, b), 6.0);
  ck_assert_int_eq(tw_loops_done(m, b), 3);
  /* the end again: already complete, no second COMPLETE */
  ck_assert_int_eq(tw_goto(m, b, t, and_play), 0);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 1);
  w = -1.0f;
  NOW(m, 1.0);
  EQF(w, -1.0f);
  /* back into the tween: no longer complete */
  ck_assert_int_eq(tw_goto(m, b, 1.0, 0), 0);
  EQF(w, 4.0f);
  ck_assert_int_eq(tw_is_complete(m, b), 0);
  ck_assert_int_eq(tw_loops_done(m, b), 0);
  ck_assert_int_eq(tw_goto(m, b, 1.0, 1), 0);
  NOW(m, 0.5);
  EQF(w, 6.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_goto_on_infinite_loops_never_completes) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 2.0);

  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_RESTART), 0);
  log_all(m, h, &tag0);
  tt_log_reset();
  ck_assert_int_eq(tw_goto(m, h, 5.0, 0), 0);
  EQF(v, 4.0f);
  ck_assert_int_eq(tw_loops_done(m, h), 2);
  ck_assert_int_eq(tw_is_complete(m, h), 0);
  ck_assert_int_eq(tw_goto(m, h, 1000.5, 1), 0);
  EQF(v, 2.0f);
  ck_assert_int_eq(tw_loops_done(m, h), 500);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  ck_assert_int_eq(count_ev(TW_ON_STEP_COMPLETE), 0);
  NOW(m, 0.5);
  EQF(v, 4.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* flip, play forward, play backwards                                  */

START_TEST(test_control_flip_reverses_the_direction_only) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  log_all(m, h, &tag0);
  NOW(m, 2.0);
  EQF(v, 2.0f);
  ck_assert_int_eq(tw_is_backwards(m, h), 0);
  ck_assert_int_eq(tw_flip(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 1);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  NOW(m, 1.0);
  EQF(v, 1.0f);
  EQD(q_elapsed(m, h), 1.0);
  ck_assert_int_eq(tw_flip(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  EQD(q_elapsed(m, h), 2.0);
  /* flipping a paused tween changes the direction only */
  ck_assert_int_eq(tw_pause(m, h), 0);
  ck_assert_int_eq(tw_flip(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 1);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  ck_assert_int_eq(tw_play(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 1.0f);
  /* reaching the start backwards: REWIND, paused */
  tt_log_reset();
  NOW(m, 4.0);
  EQF(v, 0.0f);
  EQD(q_elapsed(m, h), 0.0);
  ck_assert_int_eq(count_ev(TW_ON_REWIND), 1);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  ck_assert_int_eq(tw_is_playing(m, h), 0);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_play_forward_and_backwards_set_the_direction_and_play) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, w = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0), k;
  double e0, e1;

  NOW(m, 4.0);
  ck_assert_int_eq(tw_play_backwards(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 1);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  e0 = q_elapsed(m, h);
  NOW(m, 1.0);
  e1 = q_elapsed(m, h);
  ck_assert(e1 < e0);
  EQD(e1, 3.0);
  EQF(v, 3.0f);
  NOW(m, 1.0);
  ck_assert(q_elapsed(m, h) < e1);
  EQF(v, 2.0f);
  /* twice is the same as once */
  ck_assert_int_eq(tw_play_backwards(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 1);
  ck_assert_int_eq(tw_play_forward(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 3.0f);
  /* from a pause each one plays */
  ck_assert_int_eq(tw_pause(m, h), 0);
  ck_assert_int_eq(tw_play_backwards(m, h), 0);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  NOW(m, 1.0);
  EQF(v, 2.0f);
  ck_assert_int_eq(tw_pause(m, h), 0);
  ck_assert_int_eq(tw_play_forward(m, h), 0);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  ck_assert_int_eq(tw_is_backwards(m, h), 0);
  NOW(m, 1.0);
  EQF(v, 3.0f);

  /* complete and kept: backwards from the end */
  k = linear(m, &w, 8.0f, 8.0);
  ck_assert_int_eq(tw_set_autokill(m, k, 0), 0);
  NOW(m, 8.0);
  EQF(w, 8.0f);
  ck_assert_int_eq(tw_is_complete(m, k), 1);
  ck_assert_int_eq(tw_play_backwards(m, k), 0);
  NOW(m, 2.0);
  EQF(w, 6.0f);
  ck_assert_int_eq(tw_is_complete(m, k), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* complete, complete_silent, kill                                     */

START_TEST(test_control_complete_writes_the_end_and_fires_complete_once) {
  static const int killed[] = {TW_ON_COMPLETE, TW_ON_KILL};
  static const int kept[] = {TW_ON_COMPLETE, TW_ON_PAUSE};
  static const int kept_paused[] = {TW_ON_COMPLETE};
  tw_manager *m = tt_manager(NULL, 0);
  float va = 0, vb = 0, vc = 0, vd = 2.0f;
  tw_handle a = linear(m, &va, 8.0f, 8.0), b = linear(m, &vb, 8.0f, 8.0);
  tw_handle c = linear(m, &vc, 8.0f, 8.0), d;

  ck_assert_int_eq(tw_set_autokill(m, b, 0), 0);
  ck_assert_int_eq(tw_set_autokill(m, c, 0), 0);
  NOW(m, 2.0);
  log_all(m, a, &tag0);
  log_all(m, b, &tag0);
  log_all(m, c, &tag0);

  /* auto-kill: end value, COMPLETE, then the kill */
  tt_log_reset();
  ck_assert_int_eq(tw_complete(m, a), 0);
  EQF(va, 8.0f);
  expect_log(killed, 2);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  ck_assert_int_eq(tw_complete(m, a), TW_ESTALE);

  /* kept, playing: COMPLETE, PAUSE; stays complete, never written again */
  tt_log_reset();
  ck_assert_int_eq(tw_complete(m, b), 0);
  EQF(vb, 8.0f);
  expect_log(kept, 2);
  ck_assert_int_eq(tw_is_complete(m, b), 1);
  ck_assert_int_eq(tw_is_playing(m, b), 0);
  EQD(q_elapsed(m, b), 8.0);
  ck_assert_int_eq(tw_complete(m, b), 0); /* left alone */
  expect_log(kept, 2);
  vb = -1.0f;
  NOW(m, 1.0);
  EQF(vb, -1.0f);

  /* kept, paused: no PAUSE */
  ck_assert_int_eq(tw_pause(m, c), 0);
  tt_log_reset();
  ck_assert_int_eq(tw_complete(m, c), 0);
  EQF(vc, 8.0f);
  expect_log(kept_paused, 1);

  /* not started: start read, end written */
  d = linear(m, &vd, 8.0f, 8.0);
  ck_assert_int_eq(tw_complete(m, d), 0);
  EQF(vd, 8.0f);
  ck_assert_int_eq(tw_is_active(m, d), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* complete jumps to the end of the last loop */
START_TEST(test_control_complete_jumps_to_the_end_of_the_last_loop) {
  static const struct {
    int type, loops;
    float end;
  } cases[] = {{TW_LOOP_RESTART, 3, 8.0f},
               {TW_LOOP_YOYO, 2, 0.0f},
               {TW_LOOP_YOYO, 3, 8.0f},
               {TW_LOOP_INCREMENTAL, 3, 24.0f}};
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 2.0);
  int steps = 0;

  ck_assert_int_eq(
      tw_set_loops(m, h, cases[_i].loops, (tw_loop_type)cases[_i].type), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  log_all(m, h, &tag0);
  NOW(m, 1.0);
  tt_log_reset();
  ck_assert_int_eq(tw_complete(m, h), 0);
  EQF(v, cases[_i].end);
  ck_assert_int_eq(tw_loops_done(m, h), cases[_i].loops);
  EQD(q_elapsed(m, h), 2.0 * cases[_i].loops);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 1);
  steps = count_ev(TW_ON_UPDATE);
  ck_assert_int_eq(steps, 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_complete_silent_fires_no_callback) {
  static const int killed[] = {TW_ON_KILL};
  tw_manager *m = tt_manager(NULL, 0);
  float va = 0, vb = 0, vc = 0;
  tw_handle a = linear(m, &va, 8.0f, 8.0), b = linear(m, &vb, 8.0f, 8.0);
  tw_handle c = linear(m, &vc, 8.0f, 2.0);

  ck_assert_int_eq(tw_set_autokill(m, a, 0), 0);
  ck_assert_int_eq(tw_set_loops(m, c, 3, TW_LOOP_YOYO), 0);
  log_all(m, a, &tag0);
  log_all(m, b, &tag0);
  log_all(m, c, &tag0);
  NOW(m, 2.0);
  tt_log_reset();
  /* kept: end value, complete, paused, no callback */
  ck_assert_int_eq(tw_complete_silent(m, a), 0);
  EQF(va, 8.0f);
  ck_assert_int_eq(tt_nlog, 0);
  ck_assert_int_eq(tw_is_complete(m, a), 1);
  ck_assert_int_eq(tw_is_playing(m, a), 0);
  ck_assert_int_eq(tw_complete_silent(m, a), 0);
  ck_assert_int_eq(tw_complete(m, a), 0); /* already complete: no COMPLETE */
  ck_assert_int_eq(tt_nlog, 0);
  va = -1.0f;
  NOW(m, 1.0);
  EQF(va, -1.0f);
  tt_log_reset();
  ck_assert_int_eq(tw_kill(m, a, 0), 0);
  expect_log(killed, 1);

  /* auto-kill: end value, killed; no COMPLETE, no PAUSE */
  tt_log_reset();
  ck_assert_int_eq(tw_complete_silent(m, b), 0);
  EQF(vb, 8.0f);
  ck_assert_int_eq(tw_is_active(m, b), 0);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  ck_assert_int_eq(count_ev(TW_ON_PAUSE), 0);
  ck_assert_int_eq(count_ev(TW_ON_STEP_COMPLETE), 0);
  ck_assert_int_le(count_ev(TW_ON_KILL), 1);

  /* loops: the end of the last loop */
  tt_log_reset();
  ck_assert_int_eq(tw_complete_silent(m, c), 0);
  EQF(vc, 8.0f);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 0);
  ck_assert_int_eq(count_ev(TW_ON_STEP_COMPLETE), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_kill_completes_first_only_when_asked) {
  static const int completed[] = {TW_ON_COMPLETE, TW_ON_KILL};
  static const int killed[] = {TW_ON_KILL};
  tw_manager *m = tt_manager(NULL, 0);
  float va = 0, vb = 0, vc = 0, vd = 0;
  tw_handle a = linear(m, &va, 8.0f, 8.0), b = linear(m, &vb, 8.0f, 8.0);
  tw_handle c = linear(m, &vc, 8.0f, 8.0), d = linear(m, &vd, 8.0f, 1.0);

  ck_assert_int_eq(tw_set_autokill(m, c, 0), 0);
  ck_assert_int_eq(tw_set_autokill(m, d, 0), 0);
  NOW(m, 2.0);
  log_all(m, a, &tag0);
  log_all(m, b, &tag0);
  log_all(m, c, &tag0);
  log_all(m, d, &tag0);
  tt_log_reset();
  ck_assert_int_eq(tw_kill(m, a, 1), 0);
  EQF(va, 8.0f);
  expect_log(completed, 2);
  ck_assert_int_eq(tw_is_active(m, a), 0);
  tt_log_reset();
  ck_assert_int_eq(tw_kill(m, b, 0), 0);
  EQF(vb, 2.0f);
  expect_log(killed, 1);
  /* kept: COMPLETE once, KILL last */
  tt_log_reset();
  ck_assert_int_eq(tw_kill(m, c, 1), 0);
  EQF(vc, 8.0f);
  ck_assert_int_eq(count_ev(TW_ON_COMPLETE), 1);
  ck_assert_int_eq(count_ev(TW_ON_KILL), 1);
  ck_assert_int_eq(tt_log[tt_nlog - 1].event, TW_ON_KILL);
  /* already complete: no second COMPLETE */
  ck_assert_int_eq(tw_is_complete(m, d), 1);
  tt_log_reset();
  vd = -1.0f;
  ck_assert_int_eq(tw_kill(m, d, 1), 0);
  expect_log(killed, 1);
  EQF(vd, -1.0f);
  ck_assert_int_eq(tw_kill(m, d, 0), TW_ESTALE);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* complete on an infinite loop: refused at once, nothing touched */
START_TEST(test_control_complete_of_infinite_loops_is_refused_untouched) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 2.0);

  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_YOYO), 0);
  log_all(m, h, &tag0);
  NOW(m, 1.0);
  EQF(v, 4.0f);
  tt_log_reset();
  ck_assert_int_eq(tw_complete(m, h), TW_EINFINITE);
  ck_assert_int_eq(tw_complete_silent(m, h), TW_EINFINITE);
  ck_assert_int_eq(tw_kill(m, h, 1), TW_EINFINITE);
  ck_assert_int_eq(tt_nlog, 0);
  EQF(v, 4.0f);
  EQD(q_elapsed(m, h), 1.0);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ck_assert_int_eq(tw_is_playing(m, h), 1);
  ck_assert_int_eq(tw_is_complete(m, h), 0);
  NOW(m, 2.0); /* 3 s: loop 1 (backwards), 1 s in */
  EQF(v, 4.0f);
  NOW(m, 0.5);
  EQF(v, 2.0f);
  tt_valid(m);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* controls on many tweens                                             */

#define DO_N 5
static float do_v[DO_N];
static tw_handle do_h[DO_N];
static int do_tags[DO_N] = {0, 1, 2, 3, 4};
static int do_log_pause; /* log PAUSE only for the actions that promise it */
static int kA, kB, kC;
/* t3 has no id and no key; t4 loops forever */
static const int do_ids[DO_N] = {1, 2, 1, 0, 1};
static const int do_has_id[DO_N] = {1, 1, 1, 0, 1};
static const void *const do_keys[DO_N] = {&kA, &kB, &kB, NULL, &kB};

static void do_cb(tw_manager *m, tw_handle h, void *ud, int ev) {
  int i = *(int *)ud;

  (void)m;
  if (h.index != do_h[i].index || h.gen != do_h[i].gen)
    tt_log_add(-1, i);
  if (ev == TW_ON_PAUSE && !do_log_pause)
    return;
  tt_log_add(ev, i);
}
static void do_pause(tw_manager *m, tw_handle h, void *ud) {
  do_cb(m, h, ud, TW_ON_PAUSE);
}
static void do_rewind(tw_manager *m, tw_handle h, void *ud) {
  do_cb(m, h, ud, TW_ON_REWIND);
}
static void do_complete(tw_manager *m, tw_handle h, void *ud) {
  do_cb(m, h, ud, TW_ON_COMPLETE);
}
static void do_kill(tw_manager *m, tw_handle h, void *ud) {
  do_cb(m, h, ud, TW_ON_KILL);
}

static tw_manager *do_setup(void) {
  tw_manager *m = tt_manager(NULL, 0);
  int i;

  for (i = 0; i < DO_N; i++) {
    do_v[i] = 0;
    do_h[i] = linear(m, &do_v[i], 8.0f, 8.0);
    if (do_has_id[i])
      ck_assert_int_eq(tw_set_id(m, do_h[i], do_ids[i]), 0);
    if (do_keys[i] != NULL)
      ck_assert_int_eq(tw_set_target(m, do_h[i], do_keys[i]), 0);
    ck_assert_int_eq(tw_on(m, do_h[i], TW_ON_PAUSE, do_pause, &do_tags[i]), 0);
    ck_assert_int_eq(tw_on(m, do_h[i], TW_ON_REWIND, do_rewind, &do_tags[i]),
                     0);
    ck_assert_int_eq(
        tw_on(m, do_h[i], TW_ON_COMPLETE, do_complete, &do_tags[i]), 0);
    ck_assert_int_eq(tw_on(m, do_h[i], TW_ON_KILL, do_kill, &do_tags[i]), 0);
  }
  ck_assert_int_eq(tw_set_loops(m, do_h[4], -1, TW_LOOP_RESTART), 0);
  NOW(m, 2.0);
  ck_assert_int_eq(tw_pause(m, do_h[2]), 0);
  tt_log_reset();
  return m;
}

/* The model of one tween. */
typedef struct do_model {
  int alive, playing, back;
  double el;
  float v;
} do_model;

static const char *do_names[TW_DO_COUNT] = {
    "PLAY",         "PAUSE",          "TOGGLE",   "RESTART",
    "REWIND",       "SMOOTH_REWIND",  "COMPLETE", "FLIP",
    "PLAY_FORWARD", "PLAY_BACKWARDS", "KILL",     "KILL_COMPLETE"};

static int do_picked(int filter, int i) {
  if (filter == 0)
    return 1;
  if (filter == 1)
    return do_has_id[i] && do_ids[i] == 1;
  return do_keys[i] == &kB;
}

static int do_call(tw_manager *m, int filter, tw_do what) {
  if (filter == 0)
    return tw_do_all(m, what);
  if (filter == 1)
    return tw_do_id(m, 1, what);
  return tw_do_target(m, &kB, what);
}

START_TEST(test_control_do_applies_in_creation_order) {
  int filter = _i / TW_DO_COUNT;
  tw_do what = (tw_do)(_i % TW_DO_COUNT);
  tw_manager *m = do_setup();
  do_model md[DO_N];
  tt_entry want[3 * DO_N];
  int nwant = 0, npicked = 0, i, rc;

  /* filters that pick nothing change nothing; "no id" is not id 0 */
  do_log_pause = 1;
  ck_assert_int_eq(tw_do_id(m, 42, what), 0);
  ck_assert_int_eq(tw_do_id(m, 0, what), 0);
  ck_assert_int_eq(tw_do_target(m, &kC, what), 0);
  ck_assert_int_eq(tt_nlog, 0);
  for (i = 0; i < DO_N; i++) {
    ck_assert_int_eq(tw_is_active(m, do_h[i]), 1);
    ck_assert_int_eq(tw_is_playing(m, do_h[i]), i != 2);
    ck_assert_int_eq(tw_is_backwards(m, do_h[i]), 0);
  }

  for (i = 0; i < DO_N; i++) {
    do_model *t = &md[i];
    int inf = i == 4;
    t->alive = 1;
    t->playing = i != 2;
    t->back = 0;
    t->el = 2.0;
    t->v = 2.0f;
    if (!do_picked(filter, i))
      continue;
    npicked++;
#define WANT(ev)                                                               \
  do {                                                                         \
    want[nwant].event = (ev);                                                  \
    want[nwant].tag = i;                                                       \
    nwant++;                                                                   \
  } while (0)
    switch (what) {
    case TW_DO_PLAY:
      t->playing = 1;
      break;
    case TW_DO_PAUSE:
      if (t->playing)
        WANT(TW_ON_PAUSE);
      t->playing = 0;
      break;
    case TW_DO_TOGGLE:
      if (t->playing)
        WANT(TW_ON_PAUSE);
      t->playing = !t->playing;
      break;
    case TW_DO_RESTART:
      WANT(TW_ON_REWIND);
      t->el = 0;
      t->v = 0;
      t->playing = 1;
      t->back = 0;
      break;
    case TW_DO_REWIND:
      WANT(TW_ON_REWIND);
      t->el = 0;
      t->v = 0;
      t->playing = 0;
      break;
    case TW_DO_SMOOTH_REWIND:
      t->back = 1;
      t->playing = 1;
      break;
    case TW_DO_COMPLETE:
      if (!inf) {
        WANT(TW_ON_COMPLETE);
        WANT(TW_ON_KILL);
        t->v = 8.0f;
        t->alive = 0;
      }
      break;
    case TW_DO_FLIP:
      t->back = !t->back;
      break;
    case TW_DO_PLAY_FORWARD:
      t->back = 0;
      t->playing = 1;
      break;
    case TW_DO_PLAY_BACKWARDS:
      t->back = 1;
      t->playing = 1;
      break;
    case TW_DO_KILL:
      WANT(TW_ON_KILL);
      t->alive = 0;
      break;
    case TW_DO_KILL_COMPLETE:
      if (!inf) {
        WANT(TW_ON_COMPLETE);
        t->v = 8.0f;
      }
      WANT(TW_ON_KILL);
      t->alive = 0;
      break;
    default:
      ck_abort();
    }
#undef WANT
  }

  do_log_pause = what == TW_DO_PAUSE || what == TW_DO_TOGGLE;
  rc = do_call(m, filter, what);
  ck_assert_msg(rc == npicked, "filter %d, %s: returned %d, expected %d",
                filter, do_names[what], rc, npicked);
  tt_valid(m);
  /* the callbacks, in creation order */
  for (i = 0; i < nwant && i < tt_nlog; i++)
    ck_assert_msg(tt_log[i].event == want[i].event &&
                      tt_log[i].tag == want[i].tag,
                  "filter %d, %s: log[%d] is %s of t%d, expected %s of t%d",
                  filter, do_names[what], i, ev_name(tt_log[i].event),
                  tt_log[i].tag, ev_name(want[i].event), want[i].tag);
  ck_assert_msg(tt_nlog == nwant, "filter %d, %s: %d callbacks, expected %d",
                filter, do_names[what], tt_nlog, nwant);
  for (i = 0; i < DO_N; i++) {
    do_model *t = &md[i];
    ck_assert_msg(tw_is_active(m, do_h[i]) == t->alive,
                  "filter %d, %s: t%d active", filter, do_names[what], i);
    ck_assert_msg(do_v[i] == t->v, "filter %d, %s: t%d holds %g, expected %g",
                  filter, do_names[what], i, (double)do_v[i], (double)t->v);
    if (!t->alive)
      continue;
    ck_assert_msg(tw_is_playing(m, do_h[i]) == t->playing,
                  "filter %d, %s: t%d playing", filter, do_names[what], i);
    ck_assert_msg(tw_is_backwards(m, do_h[i]) == t->back,
                  "filter %d, %s: t%d backwards", filter, do_names[what], i);
    EQD(q_elapsed(m, do_h[i]), t->el);
  }

  /* one more second moves each the way the model says */
  do_log_pause = 0;
  NOW(m, 1.0);
  tt_valid(m);
  for (i = 0; i < DO_N; i++) {
    do_model *t = &md[i];
    if (!t->alive)
      continue;
    if (t->playing)
      t->el += t->back ? -1.0 : 1.0;
    t->v = (float)t->el;
    ck_assert_msg(do_v[i] == t->v,
                  "filter %d, %s: t%d holds %g after 1 s, expected %g", filter,
                  do_names[what], i, (double)do_v[i], (double)t->v);
    EQD(q_elapsed(m, do_h[i]), t->el);
  }
  tw_manager_free(m);
}
END_TEST

/* Tweens created by callbacks during a tw_do call are not picked. */
static tw_handle made[4];
static float made_v[4];
static int nmade;
static void make_cb(tw_manager *m, tw_handle h, void *ud) {
  (void)h;
  (void)ud;
  if (nmade >= 4)
    return;
  made_v[nmade] = 0;
  ck_assert_int_eq(tw_float_to(m, &made_v[nmade], 8.0f, 8.0, &made[nmade]), 0);
  ck_assert_int_eq(tw_set_id(m, made[nmade], 1), 0);
  ck_assert_int_eq(tw_set_target(m, made[nmade], &kB), 0);
  nmade++;
}

START_TEST(test_control_do_leaves_the_tweens_its_callbacks_create) {
  tw_manager *m = do_setup();

  nmade = 0;
  ck_assert_int_eq(tw_on(m, do_h[0], TW_ON_PAUSE, make_cb, NULL), 0);
  ck_assert_int_eq(tw_on(m, do_h[1], TW_ON_KILL, make_cb, NULL), 0);
  /* id 1: t0 (its PAUSE makes one with id 1), t2, t4 */
  ck_assert_int_eq(tw_do_id(m, 1, TW_DO_PAUSE), 3);
  ck_assert_int_eq(nmade, 1);
  ck_assert_int_eq(tw_is_playing(m, made[0]), 1);
  /* key kB: t1 (its KILL makes one with key kB), t2, t4 and made[0] */
  ck_assert_int_eq(tw_do_target(m, &kB, TW_DO_KILL), 4);
  ck_assert_int_eq(nmade, 2);
  ck_assert_int_eq(tw_is_active(m, made[0]), 0);
  ck_assert_int_eq(tw_is_active(m, made[1]), 1);
  tt_valid(m);
  /* all: t0 (its KILL makes one), t3, made[1] */
  ck_assert_int_eq(tw_on(m, do_h[0], TW_ON_KILL, make_cb, NULL), 0);
  ck_assert_int_eq(tw_do_all(m, TW_DO_KILL), 3);
  ck_assert_int_eq(nmade, 3);
  ck_assert_int_eq(tw_is_active(m, made[1]), 0);
  ck_assert_int_eq(tw_is_active(m, made[2]), 1);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_kill_all_except_keeps_the_ids_given) {
  static const int ids[] = {2, 3};
  int complete_first = _i;
  tw_manager *m = do_setup();
  int i;

  /* ids 1, 2, 1, none, 1 (t4 infinite): keep 2 and 3 */
  ck_assert_int_eq(tw_kill_all_except(m, ids, 2, complete_first), 4);
  tt_valid(m);
  for (i = 0; i < DO_N; i++)
    ck_assert_int_eq(tw_is_active(m, do_h[i]), i == 1);
  /* in creation order, each KILL once; the infinite one only killed */
  {
    int k = 0, want_k;
    for (i = 0; i < DO_N; i++) {
      if (i == 1)
        continue;
      if (complete_first && i != 4) {
        ck_assert_int_lt(k, tt_nlog);
        ck_assert_int_eq(tt_log[k].event, TW_ON_COMPLETE);
        ck_assert_int_eq(tt_log[k].tag, i);
        k++;
      }
      ck_assert_int_lt(k, tt_nlog);
      ck_assert_int_eq(tt_log[k].event, TW_ON_KILL);
      ck_assert_int_eq(tt_log[k].tag, i);
      k++;
    }
    want_k = complete_first ? 3 + 4 : 4;
    ck_assert_int_eq(tt_nlog, want_k);
  }
  EQF(do_v[0], complete_first ? 8.0f : 2.0f);
  EQF(do_v[3], complete_first ? 8.0f : 2.0f);
  EQF(do_v[4], 2.0f);
  EQF(do_v[1], 2.0f);
  /* none kept */
  ck_assert_int_eq(tw_kill_all_except(m, NULL, 0, 0), 1);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  ck_assert_int_eq(tw_kill_all_except(m, ids, 2, 0), 0);
  ck_assert_int_eq(tw_kill_all_except(m, NULL, 1, 0), TW_EINVAL);
  ck_assert_int_eq(tw_kill_all_except(NULL, ids, 2, 0), TW_EINVAL);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* queries                                                             */

START_TEST(test_control_loops_answers_the_count_set) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  ck_assert_int_eq(tw_loops(m, h), 1);
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_loops(m, h), 3);
  ck_assert_int_eq(tw_set_loops(m, h, -1, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_loops(m, h), -1);
  NOW(m, 20.0);
  ck_assert_int_eq(tw_loops(m, h), -1);
  ck_assert_int_eq(tw_loops_done(m, h), 2);
  ck_assert_int_eq(tw_loops(NULL, h), TW_EINVAL);
  tw_manager_free(m);
}
END_TEST

/* tw_loops_get keeps counts and errors apart: TW_LOOPS_INFINITE in *out,
 * errors as the return, *out untouched then. */
START_TEST(test_control_loops_get_keeps_counts_and_errors_apart) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0), seq, child;
  int n = 12345;

  ck_assert_int_eq(tw_loops_get(m, h, &n), 0);
  ck_assert_int_eq(n, 1);
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), 0);
  ck_assert_int_eq(tw_loops_get(m, h, &n), 0);
  ck_assert_int_eq(n, 3);
  ck_assert_int_eq(tw_set_loops(m, h, TW_LOOPS_INFINITE, TW_LOOP_RESTART), 0);
  n = 12345;
  ck_assert_int_eq(tw_loops_get(m, h, &n), 0);
  ck_assert_int_eq(n, TW_LOOPS_INFINITE);
  NOW(m, 20.0);
  ck_assert_int_eq(tw_loops_done(m, h), 2); /* it does loop forever */
  n = 12345;
  ck_assert_int_eq(tw_loops_get(NULL, h, &n), TW_EINVAL);
  ck_assert_int_eq(tw_loops_get(m, h, NULL), TW_EINVAL);
  ck_assert_int_eq(n, 12345);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  ck_assert_int_eq(tw_loops_get(m, h, &n), TW_ESTALE);
  ck_assert_int_eq(n, 12345);
  ck_assert_int_eq(tw_sequence(m, &seq), 0);
  child = linear(m, &v, 1.0f, 1.0);
  ck_assert_int_eq(tw_set_loops(m, child, 2, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_seq_append(m, seq, child), 0);
  ck_assert_int_eq(tw_loops_get(m, child, &n), TW_ENESTED);
  ck_assert_int_eq(n, 12345);
  ck_assert_int_eq(tw_loops_get(m, seq, &n), 0);
  ck_assert_int_eq(n, 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_is_backwards_follows_every_change_of_direction) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0);

  ck_assert_int_eq(tw_is_backwards(m, h), 0);
  NOW(m, 4.0);
  ck_assert_int_eq(tw_play_backwards(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 1);
  ck_assert_int_eq(tw_flip(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 0);
  ck_assert_int_eq(tw_smooth_rewind(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 1);
  ck_assert_int_eq(tw_play_forward(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(m, h), 0);
  ck_assert_int_eq(tw_is_backwards(NULL, h), TW_EINVAL);
  tw_manager_free(m);
}
END_TEST

/* 0 -> 8 over 2 s, 3 loops, kept: position and percentages */
START_TEST(test_control_position_and_percentages_follow_the_loops) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, w = 0, x = 0;
  tw_handle h = linear(m, &v, 8.0f, 2.0), inf = linear(m, &w, 8.0f, 2.0);
  tw_handle one = linear(m, &x, 8.0f, 8.0);
  double d;

  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), 0);
  ck_assert_int_eq(tw_set_loops(m, inf, -1, TW_LOOP_RESTART), 0);
  EQD(q_position(m, h), 0.0);
  EQD(q_percent(m, h, 1), 0.0);
  EQD(q_percent(m, h, 0), 0.0);
  NOW(m, 1.5);
  EQD(q_position(m, h), 1.5);
  EQD(q_percent(m, h, 1), 0.25);
  EQD(q_percent(m, h, 0), 0.75);
  EQD(q_position(m, one), 1.5);
  NOW(m, 0.5); /* a loop boundary: the next loop, at its start */
  EQD(q_position(m, h), 0.0);
  ck_assert_int_eq(tw_loops_done(m, h), 1);
  NOW(m, 1.0);
  EQD(q_position(m, h), 1.0);
  EQD(q_percent(m, h, 1), 0.5);
  EQD(q_percent(m, h, 0), 0.5);
  /* no loops: both percentages agree */
  EQD(q_percent(m, one, 1), 0.375);
  EQD(q_percent(m, one, 0), 0.375);
  /* infinite: 0 over all loops, the loop's fraction otherwise */
  EQD(q_position(m, inf), 1.0);
  EQD(q_percent(m, inf, 1), 0.0);
  EQD(q_percent(m, inf, 0), 0.5);
  NOW(m, 3.5);
  EQD(q_position(m, inf), 0.5);
  EQD(q_percent(m, inf, 0), 0.25);
  /* complete: at the end of the last loop */
  ck_assert_int_eq(tw_is_complete(m, h), 1);
  EQD(q_position(m, h), 2.0);
  EQD(q_percent(m, h, 1), 1.0);
  EQD(q_percent(m, h, 0), 1.0);
  ck_assert_int_eq(tw_position(m, h, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_elapsed_percentage(m, h, 1, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_position(NULL, h, &d), TW_EINVAL);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_duration_leaves_out_the_delay) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, w = 0;
  tw_handle h = linear(m, &v, 8.0f, 2.0), k = linear(m, &w, 8.0f, 0.5);
  double d;

  EQD(q_duration(m, h, 0), 2.0);
  EQD(q_duration(m, h, 1), 2.0);
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), 0);
  EQD(q_duration(m, h, 0), 2.0);
  EQD(q_duration(m, h, 1), 6.0);
  ck_assert_int_eq(tw_set_loops(m, k, -1, TW_LOOP_RESTART), 0);
  EQD(q_duration(m, k, 0), 0.5);
  d = q_duration(m, k, 1);
  ck_assert_msg(d == HUGE_VAL, "infinite loops: duration %g", d);
  /* the delay is not part of it */
  ck_assert_int_eq(tw_set_delay(m, h, 1.0), 0);
  EQD(q_duration(m, h, 1), 6.0);
  NOW(m, 2.0);
  EQD(q_duration(m, h, 1), 6.0);
  ck_assert_int_eq(tw_duration(m, h, 1, NULL), TW_EINVAL);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_delay_queries_answer_the_delay_and_its_progress) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, w = 0;
  tw_handle h = linear(m, &v, 8.0f, 8.0), k = linear(m, &w, 8.0f, 8.0);

  EQD(q_delay(m, k), 0.0);
  EQD(q_elapsed_delay(m, k), 0.0);
  ck_assert_int_eq(tw_set_delay(m, h, 1.0), 0);
  EQD(q_delay(m, h), 1.0);
  EQD(q_elapsed_delay(m, h), 0.0);
  NOW(m, 0.25);
  EQD(q_elapsed_delay(m, h), 0.25);
  NOW(m, 0.5);
  EQD(q_elapsed_delay(m, h), 0.75);
  EQF(v, 0.0f);
  NOW(m, 0.5); /* the delay ends a quarter into this update */
  EQD(q_elapsed_delay(m, h), 1.0);
  EQD(q_delay(m, h), 1.0);
  EQD(q_elapsed(m, h), 0.25);
  EQF(v, 0.25f);
  NOW(m, 1.0);
  EQD(q_elapsed_delay(m, h), 1.0);
  EQD(q_elapsed_delay(m, k), 0.0);
  ck_assert_int_eq(tw_delay(m, h, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_elapsed_delay(m, h, NULL), TW_EINVAL);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_count_tells_active_playing_and_paused_apart) {
  tw_manager *m = tt_manager(NULL, 0);
  float v[5] = {0, 0, 0, 0, 0};
  tw_handle h[5];
  int i;

  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 0);
  ck_assert_int_eq(tw_count(m, TW_COUNT_PLAYING), 0);
  ck_assert_int_eq(tw_count(m, TW_COUNT_PAUSED), 0);
  for (i = 0; i < 5; i++)
    h[i] = linear(m, &v[i], 8.0f, 8.0);
  ck_assert_int_eq(tw_set_autokill(m, h[2], 0), 0);
  ck_assert_int_eq(tw_set_delay(m, h[4], 1.0), 0);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 5);
  ck_assert_int_eq(tw_count(m, TW_COUNT_PLAYING), 5);
  ck_assert_int_eq(tw_count(m, TW_COUNT_PAUSED), 0);
  NOW(m, 0.5);
  ck_assert_int_eq(tw_pause(m, h[1]), 0);
  ck_assert_int_eq(tw_complete(m, h[2]), 0); /* kept: complete, paused */
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 5);
  ck_assert_int_eq(tw_count(m, TW_COUNT_PLAYING), 3);
  ck_assert_int_eq(tw_count(m, TW_COUNT_PAUSED), 2);
  ck_assert_int_eq(tw_kill(m, h[0], 0), 0);
  ck_assert_int_eq(tw_kill(m, h[1], 0), 0);
  ck_assert_int_eq(tw_count(m, TW_COUNT_ACTIVE), 3);
  ck_assert_int_eq(tw_count(m, TW_COUNT_PLAYING), 2);
  ck_assert_int_eq(tw_count(m, TW_COUNT_PAUSED), 1);
  ck_assert_int_eq(tw_count(NULL, TW_COUNT_ACTIVE), TW_EINVAL);
  ck_assert_int_eq(tw_count(m, (tw_count_what)99), TW_EINVAL);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_control_find_lists_matches_in_creation_order_up_to_its_room) {
  static const int ids[6] = {7, 3, 7, 0, 7, 7};
  static const int has_id[6] = {1, 1, 1, 0, 1, 1};
  const void *keys[6];
  tw_manager *m = tt_manager(NULL, 0);
  float v[6];
  tw_handle h[6], out[10];
  int i;

  keys[0] = &kA;
  keys[1] = &kB;
  keys[2] = &kA;
  keys[3] = &kA;
  keys[4] = NULL;
  keys[5] = &kB;
  for (i = 0; i < 6; i++) {
    v[i] = 0;
    h[i] = linear(m, &v[i], 8.0f, 8.0);
    if (has_id[i])
      ck_assert_int_eq(tw_set_id(m, h[i], ids[i]), 0);
    if (keys[i] != NULL)
      ck_assert_int_eq(tw_set_target(m, h[i], keys[i]), 0);
  }
  /* small buffer: the first ones in creation order, the total returned */
  for (i = 0; i < 10; i++)
    out[i] = none();
  out[2].index = 77;
  ck_assert_int_eq(tw_find_id(m, 7, out, 2), 4);
  SAME_HANDLE(out[0], h[0]);
  SAME_HANDLE(out[1], h[2]);
  ck_assert_int_eq(out[2].index, 77); /* not written past cap */
  ck_assert_int_eq(tw_find_id(m, 7, NULL, 0), 4);
  /* large buffer */
  for (i = 0; i < 10; i++)
    out[i] = none();
  out[4].index = 77;
  ck_assert_int_eq(tw_find_id(m, 7, out, 10), 4);
  SAME_HANDLE(out[0], h[0]);
  SAME_HANDLE(out[1], h[2]);
  SAME_HANDLE(out[2], h[4]);
  SAME_HANDLE(out[3], h[5]);
  ck_assert_int_eq(out[4].index, 77);
  ck_assert_int_eq(tw_find_id(m, 3, out, 10), 1);
  SAME_HANDLE(out[0], h[1]);
  ck_assert_int_eq(tw_find_id(m, 0, out, 10), 0); /* t3 has no id */
  ck_assert_int_eq(tw_find_id(m, 99, out, 10), 0);
  /* targets */
  for (i = 0; i < 10; i++)
    out[i] = none();
  out[1].index = 77;
  ck_assert_int_eq(tw_find_target(m, &kA, out, 1), 3);
  SAME_HANDLE(out[0], h[0]);
  ck_assert_int_eq(out[1].index, 77);
  ck_assert_int_eq(tw_find_target(m, &kA, out, 10), 3);
  SAME_HANDLE(out[0], h[0]);
  SAME_HANDLE(out[1], h[2]);
  SAME_HANDLE(out[2], h[3]);
  ck_assert_int_eq(tw_find_target(m, &kB, out, 10), 2);
  SAME_HANDLE(out[0], h[1]);
  SAME_HANDLE(out[1], h[5]);
  ck_assert_int_eq(tw_find_target(m, &kC, out, 10), 0);
  /* after kills and compaction: the same order, without the dead */
  ck_assert_int_eq(tw_kill(m, h[2], 0), 0);
  ck_assert_int_eq(tw_find_id(m, 7, out, 10), 3);
  SAME_HANDLE(out[0], h[0]);
  SAME_HANDLE(out[1], h[4]);
  SAME_HANDLE(out[2], h[5]);
  NOW(m, 1.0);
  ck_assert_int_eq(tw_kill(m, h[0], 0), 0);
  ck_assert_int_eq(tw_set_id(m, h[1], 7), 0);
  ck_assert_int_eq(tw_find_id(m, 7, out, 10), 3);
  SAME_HANDLE(out[0], h[1]);
  SAME_HANDLE(out[1], h[4]);
  SAME_HANDLE(out[2], h[5]);
  ck_assert_int_eq(tw_find_target(m, &kA, out, 10), 1);
  SAME_HANDLE(out[0], h[3]);
  ck_assert_int_eq(tw_find_id(NULL, 7, out, 10), TW_EINVAL);
  ck_assert_int_eq(tw_find_target(NULL, &kA, out, 10), TW_EINVAL);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* stale handles                                                       */

static double ease_half(double x, void *ud) {
  (void)ud;
  return x / 2;
}

/* Every new call on h; each result stored in rc[] (returns how many). */
static int call_all(tw_manager *m, tw_handle h, int *rc) {
  static const tw_key keys[2] = {{0, 0, 0, 0}, {1, 1, 0, 0}};
  float f = 1.0f;
  double d;
  int n = 0;

  rc[n++] = tw_set_from(m, h, &f);
  rc[n++] = tw_set_from(m, h, NULL);
  rc[n++] = tw_set_relative(m, h, 1);
  rc[n++] = tw_set_speed_based(m, h, 1);
  rc[n++] = tw_set_ease_params(m, h, 2.0, 0.5);
  rc[n++] = tw_set_ease_fn(m, h, ease_half, NULL);
  rc[n++] = tw_set_ease_bezier(m, h, 0.25, 0.1, 0.25, 1.0);
  rc[n++] = tw_set_ease_steps(m, h, 4, TW_JUMP_END);
  rc[n++] = tw_set_ease_curve(m, h, keys, 2);
  rc[n++] = tw_change_start(m, h, &f);
  rc[n++] = tw_change_end(m, h, &f, 0);
  rc[n++] = tw_change_end(m, h, &f, 1);
  rc[n++] = tw_change_values(m, h, &f, &f);
  rc[n++] = tw_complete_silent(m, h);
  rc[n++] = tw_toggle(m, h);
  rc[n++] = tw_restart(m, h, 1, -1.0);
  rc[n++] = tw_restart(m, h, 0, 2.0);
  rc[n++] = tw_rewind(m, h, 1);
  rc[n++] = tw_smooth_rewind(m, h);
  rc[n++] = tw_goto(m, h, 1.0, 1);
  rc[n++] = tw_flip(m, h);
  rc[n++] = tw_play_forward(m, h);
  rc[n++] = tw_play_backwards(m, h);
  rc[n++] = tw_loops(m, h);
  rc[n++] = tw_is_backwards(m, h);
  rc[n++] = tw_position(m, h, &d);
  rc[n++] = tw_elapsed_percentage(m, h, 1, &d);
  rc[n++] = tw_elapsed_percentage(m, h, 0, &d);
  rc[n++] = tw_duration(m, h, 0, &d);
  rc[n++] = tw_duration(m, h, 1, &d);
  rc[n++] = tw_delay(m, h, &d);
  rc[n++] = tw_elapsed_delay(m, h, &d);
  return n;
}

START_TEST(test_control_calls_on_a_stale_handle_touch_nothing) {
  tw_manager *m = tt_manager(NULL, 0);
  float v = 0, w = 0;
  tw_handle old = linear(m, &v, 8.0f, 8.0), cur;
  int rc[64], n, i;

  ck_assert_int_eq(tw_kill(m, old, 0), 0);
  /* a new tween, likely in the old one's slot */
  ck_assert_int_eq(tw_float_to(m, &w, 8.0f, 8.0, &cur), 0);
  log_all(m, cur, &tag0);
  tt_log_reset();
  n = call_all(m, old, rc);
  for (i = 0; i < n; i++)
    ck_assert_msg(rc[i] == TW_ESTALE, "call %d on a stale handle: %d (%s)", i,
                  rc[i], tw_err_name(rc[i]));
  n = call_all(m, none(), rc);
  for (i = 0; i < n; i++)
    ck_assert_msg(rc[i] == TW_ESTALE, "call %d on the none handle: %d (%s)", i,
                  rc[i], tw_err_name(rc[i]));
  n = call_all(NULL, cur, rc);
  for (i = 0; i < n; i++)
    ck_assert_msg(rc[i] == TW_EINVAL, "call %d on a NULL manager: %d (%s)", i,
                  rc[i], tw_err_name(rc[i]));
  /* the new tween was not touched */
  ck_assert_int_eq(tt_nlog, 0);
  EQF(w, 0.0f);
  ck_assert_int_eq(tw_is_playing(m, cur), 1);
  ck_assert_int_eq(tw_is_backwards(m, cur), 0);
  ck_assert_int_eq(tw_loops(m, cur), 1);
  EQD(q_delay(m, cur), 0.0);
  EQD(q_duration(m, cur, 1), 8.0);
  NOW(m, 1.0);
  EQF(w, 8.0f * 0.234375f); /* OutQuad, as created */
  /* the same on a stale handle killed by an update */
  ck_assert_int_eq(tw_complete(m, cur), 0);
  n = call_all(m, cur, rc);
  for (i = 0; i < n; i++)
    ck_assert_msg(rc[i] == TW_ESTALE, "call %d after completion: %d (%s)", i,
                  rc[i], tw_err_name(rc[i]));
  ck_assert_int_eq(tw_kill_all_except(m, NULL, 0, 0), 0);
  ck_assert_int_eq(tw_do_all(m, TW_DO_PLAY), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

static Suite *control_suite(void) {
  Suite *s = suite_create("control");

#define ADD(name) TT_ADD(s, test_control_##name, #name, 0);
#define ADD_LOOP(name, n) TT_ADD_LOOP(s, test_control_##name, #name, 0, (n));
  ADD(pause_and_play_fire_once_each_and_hold_the_value)
  ADD(pause_before_the_start_fires_pause_and_moves_nothing)
  ADD(toggle_switches_between_playing_and_paused)
  ADD_LOOP(restart_replays_from_the_start_after_its_delay,
           (int)(sizeof restart_cases / sizeof restart_cases[0]))
  ADD(restart_plays_forwards_from_any_state)
  ADD_LOOP(rewind_goes_to_the_start_and_pauses, 2)
  ADD(rewind_makes_a_complete_tween_incomplete)
  ADD(smooth_rewind_plays_backwards_from_where_it_is)
  ADD(smooth_rewind_goes_back_over_loops)
  ADD(smooth_rewind_plays_a_complete_tween_back)
  ADD(goto_writes_the_value_at_its_time)
  ADD_LOOP(goto_lands_in_its_loop_for_every_loop_type, 3)
  ADD_LOOP(goto_past_the_end_completes_once, 4)
  ADD(goto_on_infinite_loops_never_completes)
  ADD(flip_reverses_the_direction_only)
  ADD(play_forward_and_backwards_set_the_direction_and_play)
  ADD(complete_writes_the_end_and_fires_complete_once)
  ADD_LOOP(complete_jumps_to_the_end_of_the_last_loop, 4)
  ADD(complete_silent_fires_no_callback)
  ADD(kill_completes_first_only_when_asked)
  ADD(complete_of_infinite_loops_is_refused_untouched)
  ADD_LOOP(do_applies_in_creation_order, 3 * TW_DO_COUNT)
  ADD(do_leaves_the_tweens_its_callbacks_create)
  ADD_LOOP(kill_all_except_keeps_the_ids_given, 2)
  ADD(loops_answers_the_count_set)
  ADD(loops_get_keeps_counts_and_errors_apart)
  ADD(is_backwards_follows_every_change_of_direction)
  ADD(position_and_percentages_follow_the_loops)
  ADD(duration_leaves_out_the_delay)
  ADD(delay_queries_answer_the_delay_and_its_progress)
  ADD(count_tells_active_playing_and_paused_apart)
  ADD(find_lists_matches_in_creation_order_up_to_its_room)
  ADD(calls_on_a_stale_handle_touch_nothing)
#undef ADD
#undef ADD_LOOP
  return s;
}

int main(void) { return tt_run(control_suite()); }

/* SPDX-License-Identifier: MIT */
/* choreo.c's settings of one tween: the delay between loops and the ease
 * of yoyo loops' backward halves.
 *
 * Values at chosen times, exact ends, refusals that change nothing, and
 * re-entrancy from callbacks.  Tweens are linear (or a named ease) with
 * dyadic durations and steps, so expected floats are exact and compared
 * with ==.  Every manager uses the counting allocator and must give back
 * every block when freed. */
#include "util.h"

#include <math.h>

static tt_alloc_state al;

static tw_manager *mk(void) { return tt_manager(&al, 0); }

static void done(tw_manager *m) { tt_done(&al, m); }

/* ------------------------------------------------------------------ */
/* loop delay                                                          */

START_TEST(test_choreo_loop_delay_waits_between_loops_holding_the_end) {
  tw_manager *m = mk();
  float x = 0;
  double d;
  tw_handle h = tt_linear(m, &x, 1, 1);

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

START_TEST(test_choreo_loop_delay_waits_at_each_end_of_a_yoyo) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = tt_linear(m, &x, 1, 1);

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
START_TEST(test_choreo_loop_delay_one_jump_ends_where_small_steps_end) {
  tw_manager *m = mk(), *m2 = tt_manager(NULL, 0);
  float x = 0, y = 0;
  tw_handle a = tt_linear(m, &x, 1, 1), b = tt_linear(m2, &y, 1, 1);
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

START_TEST(test_choreo_loop_delay_counts_in_durations_and_sequences) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle s, h = tt_linear(m, &x, 1, 1);
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
  h = tt_linear(m, &x, 1, 1);
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

START_TEST(test_choreo_loop_delay_refused_changes_nothing) {
  tw_manager *m = mk();
  float x = 0;
  double d;
  tw_handle h = tt_linear(m, &x, 1, 1), stale;

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

START_TEST(test_choreo_loop_delay_goto_from_a_callback_lands_in_a_wait) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = tt_linear(m, &x, 1, 1);

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
START_TEST(test_choreo_loop_delay_steady_state_allocates_nothing) {
  tw_manager *m = mk();
  float x = 0;
  size_t before;
  tw_handle h = tt_linear(m, &x, 1, 0.25);
  int i;

  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_RESTART), 0);
  ck_assert_int_eq(tw_set_loop_delay(m, h, 0.25), 0);
  NOW(m, 1);
  ck_assert(!tw_is_active(m, h));
  before = al.allocs + al.reallocs;
  for (i = 0; i < 4; i++) {
    h = tt_linear(m, &x, 1, 0.25);
    ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_RESTART), 0);
    ck_assert_int_eq(tw_set_snap(m, h, 0.5), 0);
    ck_assert_int_eq(tw_set_loop_delay(m, h, 0.25), 0);
    NOW(m, 1);
    ck_assert(!tw_is_active(m, h));
  }
  ck_assert_uint_eq(al.allocs + al.reallocs, before);
  /* and a recycled record starts with the defaults */
  x = 0;
  h = tt_linear(m, &x, 1, 1);
  ck_assert_int_eq(tw_set_loops(m, h, 2, TW_LOOP_RESTART), 0);
  NOW(m, 1.25);
  EQF(x, 0.25f);
  done(m);
}
END_TEST

/* ------------------------------------------------------------------ */
/* yoyo ease                                                           */

START_TEST(test_choreo_yoyo_ease_runs_the_backward_half) {
  tw_manager *m = mk();
  float x = 0, y = 0;
  tw_handle h = tt_linear(m, &x, 1, 1), g = tt_linear(m, &y, 1, 1);

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

START_TEST(test_choreo_yoyo_ease_ends_exactly_on_the_start) {
  tw_manager *m = mk();
  float x = 0.1f;
  tw_handle h;
  int e;

  /* every ease ends the backward half exactly on the start */
  for (e = 0; e < TW_EASE_COUNT; e++) {
    x = 0.1f;
    h = tt_linear(m, &x, 0.7f, 0.3);
    ck_assert_int_eq(tw_set_loops(m, h, 4, TW_LOOP_YOYO), 0);
    ck_assert_int_eq(tw_set_yoyo_ease(m, h, (tw_ease)e), 0);
    NOW(m, 0.45);
    NOW(m, 0.1);
    ck_assert_int_eq(tw_complete(m, h), 0);
    EQF(x, (float)0.1f); /* the cast rounds a constant x87 keeps wider */
  }
  /* -1 goes back to the reversed ease; bad eases change nothing */
  x = 0;
  h = tt_linear(m, &x, 1, 1);
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

START_TEST(test_choreo_yoyo_ease_set_from_a_callback_applies_at_once) {
  tw_manager *m = mk();
  float x = 0;
  tw_handle h = tt_linear(m, &x, 1, 1);

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

static Suite *choreo_suite(void) {
  Suite *s = suite_create("choreo");

#define ADD(name) TT_ADD(s, test_##name, #name, 10);
  ADD(choreo_loop_delay_waits_between_loops_holding_the_end)
  ADD(choreo_loop_delay_waits_at_each_end_of_a_yoyo)
  ADD(choreo_loop_delay_one_jump_ends_where_small_steps_end)
  ADD(choreo_loop_delay_counts_in_durations_and_sequences)
  ADD(choreo_loop_delay_refused_changes_nothing)
  ADD(choreo_loop_delay_goto_from_a_callback_lands_in_a_wait)
  ADD(choreo_loop_delay_steady_state_allocates_nothing)
  ADD(choreo_yoyo_ease_runs_the_backward_half)
  ADD(choreo_yoyo_ease_ends_exactly_on_the_start)
  ADD(choreo_yoyo_ease_set_from_a_callback_applies_at_once)
#undef ADD
  return s;
}

int main(void) { return tt_run(choreo_suite()); }

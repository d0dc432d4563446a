/* SPDX-License-Identifier: MIT */
/* labels.c: named times of a sequence's timeline; and the one rule for
 * every time a sequence call takes.  Every manager uses the counting
 * allocator and must give back every block when freed. */
#include "util.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

static tt_alloc_state al;
static int hits; /* callbacks that ran */

static tw_manager *mk(void) { return tt_manager(&al, 0); }

static void done(tw_manager *m) { tt_done(&al, m); }

START_TEST(test_labels_name_times_to_go_to) {
  tw_manager *m = mk();
  float x = 0, y = 0;
  tw_handle s, a = tt_linear(m, &x, 1, 2), b = tt_linear(m, &y, 1, 1);
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

START_TEST(test_labels_move_with_a_prepend) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s, a = tt_linear(m, &x, 1, 1), b = tt_linear(m, &y, 1, 2),
               c = tt_linear(m, &z, 1, 1);
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

START_TEST(test_labels_refused_change_nothing) {
  tw_manager *m = mk();
  float x = 0;
  char name[8] = "intro";
  tw_handle s, t = tt_linear(m, &x, 1, 1), c = tt_linear(m, &x, 1, 1);
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
START_TEST(test_labels_goto_from_a_callback_jumps_back) {
  tw_manager *m = mk();
  float x = 0, y = 0;
  tw_handle s, a = tt_linear(m, &x, 1, 1), b = tt_linear(m, &y, 1, 1);

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
START_TEST(test_labels_second_round_allocates_nothing) {
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

START_TEST(test_labels_huge_times_are_kept_up_to_erange) {
  tw_manager *m = mk();
  float x[4] = {0, 0, 0, 0};
  tw_handle s, c[4], late, spare;
  tw_stagger st;
  double at, d;
  int i, calls = 0;

  /* durations in proportion: a second is nothing at 1e300 */
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 4; i++)
    c[i] = tt_linear(m, &x[i], 1, 1e299);
  late = tt_linear(m, &x[3], 2, 5e306);
  spare = tt_linear(m, &x[3], 3, 1);
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
START_TEST(test_labels_prepend_refuses_to_move_one_past_dbl_max) {
  tw_manager *m = mk();
  float x = 0, y = 0, z = 0;
  tw_handle s, a = tt_linear(m, &x, 1, 1e300), b, c;
  double at, d;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  ck_assert_int_eq(tw_seq_append(m, s, a), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "late", 1e300), 0);
  ck_assert_int_eq(tw_seq_add_label(m, s, "top", 1e308), 0);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 1e300), 0);
  ck_assert_int_eq(tw_seq_label_at(m, s, "late", &at), 0);
  NEAR_ULP(at, 2e300);
  ck_assert_int_eq(tw_seq_prepend_interval(m, s, 1e308), TW_ERANGE);
  b = tt_linear(m, &y, 1, 1);
  ck_assert_int_eq(tw_set_delay(m, b, 1e308), 0);
  ck_assert_int_eq(tw_seq_prepend(m, s, b), TW_ERANGE); /* top: 2e308 */
  ck_assert_int_eq(tw_seq_child_at(m, b, NULL, NULL), TW_EINVAL);
  ck_assert_int_eq(tw_seq_label_at(m, s, "top", &at), 0);
  NEAR_ULP(at, 1e308 + 1e300);
  ck_assert_int_eq(tw_duration(m, s, 0, &d), 0);
  NEAR_ULP(d, 2e300);
  /* a label past the end may be inserted at, and the timeline grows */
  c = tt_linear(m, &z, 1, 1e300);
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
START_TEST(test_labels_negative_zero_is_zero_in_every_time) {
  tw_manager *m = mk();
  float x[4] = {0};
  tw_handle s, c[4];
  tw_stagger st;
  double at;
  int i;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 4; i++)
    c[i] = tt_linear(m, &x[i], 1, 1);
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

static Suite *labels_suite(void) {
  Suite *s = suite_create("labels");

#define ADD(name) TT_ADD(s, test_##name, #name, 10);
  ADD(labels_name_times_to_go_to)
  ADD(labels_move_with_a_prepend)
  ADD(labels_refused_change_nothing)
  ADD(labels_goto_from_a_callback_jumps_back)
  ADD(labels_second_round_allocates_nothing)
  ADD(labels_huge_times_are_kept_up_to_erange)
  ADD(labels_prepend_refuses_to_move_one_past_dbl_max)
  ADD(labels_negative_zero_is_zero_in_every_time)
#undef ADD
  return s;
}

int main(void) { return tt_run(labels_suite()); }

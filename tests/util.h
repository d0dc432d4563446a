/* SPDX-License-Identifier: MIT */
/* Helpers the test suites share: a counting, failing allocator, a
 * callback log, managers set up with both, an update that must succeed,
 * and a suite's cases. */
#ifndef TESTS_UTIL_H
#define TESTS_UTIL_H

#include <check.h>
#include <stddef.h>

#include "tween.h"

/* 1 when the library's fast paths are built, 0 with configure
 * --disable-fast-paths (TW_NO_FAST_PATHS): the values and events are the
 * same in both builds, but not when compactions happen, since the short
 * creation of a plain float leaves the holes to the next update where a
 * creation the general way compacts first (see the tests that count
 * them). */
#ifdef TW_NO_FAST_PATHS
#define TT_FAST 0
#else
#define TT_FAST 1
#endif

/* The allocator state: pass as tw_config.alloc_ud with tt_alloc. */
typedef struct tt_alloc_state {
  size_t calls;    /* allocations and growing reallocations attempted */
  size_t allocs;   /* successful fresh allocations (ptr NULL) */
  size_t reallocs; /* successful reallocations */
  size_t frees;
  size_t live_blocks;
  size_t live_bytes;
  size_t fail_at; /* fail the fail_at-th call (1-based); 0: never */
  size_t failures;
  int fill; /* 0: new bytes as realloc gives them; else each set to fill */
} tt_alloc_state;

void *tt_alloc(void *ud, void *p, size_t old_size, size_t new_size);

/* A manager with tt_alloc on *a (may be NULL: the default allocator),
 * the given capacities and pool bound (0: the defaults), and the warning
 * hook warn with wud (NULL: a silent one). */
tw_manager *tt_manager_cfg(tt_alloc_state *a, size_t tweens, size_t sequences,
                           size_t pool_bound, tw_warn_fn warn, void *wud);
/* tt_manager_cfg with the given tween capacity (0: default) and the
 * defaults else. */
tw_manager *tt_manager(tt_alloc_state *a, size_t tweens);
/* tt_manager(NULL, 0): a manager of the defaults, silent. */
tw_manager *tt_mgr(void);
/* Checks m (tw_manager_validate), frees it, and checks that every block
 * of the allocator state *a came back. */
void tt_done(tt_alloc_state *a, tw_manager *m);
/* A Linear float tween of x from its value to `to` over d seconds. */
tw_handle tt_linear(tw_manager *m, float *x, float to, double d);

/* A warning hook that kills every tween: set as tw_config.warn, it runs
 * inside the growth a creation causes, so the creation's new tween dies
 * before the call returns. */
void tt_kill_all_hook(tw_manager *m, tw_warning what, size_t old_cap,
                      size_t new_cap, void *ud);

/* The callback log: each entry is (event, tag). */
#define TT_LOG_MAX 4096
typedef struct tt_entry {
  int event;
  int tag;
} tt_entry;
extern tt_entry tt_log[TT_LOG_MAX];
extern int tt_nlog;
void tt_log_reset(void);
void tt_log_add(int event, int tag);
/* A tw_callback that logs (ev, *(int *)ud); use tt_on to install it. */
void tt_on(tw_manager *m, tw_handle h, tw_event ev, int *tag);

/* Exact equality of floats or doubles (no tolerance), with both values in
 * the message. */
#define EQF(x, y)                                                              \
  ck_assert_msg((x) == (y), "%s == %.17g, expected %.17g", #x, (double)(x),    \
                (double)(y))
#define EQD(x, y) EQF(x, y)

/* Two handles are the same. */
#define SAME_HANDLE(a, b)                                                      \
  ck_assert_msg((a).index == (b).index && (a).gen == (b).gen,                  \
                "%s is %u:%u, expected %u:%u", #a, (unsigned)(a).index,        \
                (unsigned)(a).gen, (unsigned)(b).index, (unsigned)(b).gen)

/* One update of m's normal tweens (NOW_OF: of update type `type`) by dt,
 * scaled and unscaled alike, which must succeed. */
#define NOW(m, dt) NOW_OF(m, TW_UPDATE_NORMAL, dt)
#define NOW_OF(m, type, dt)                                                    \
  ck_assert_int_eq(tw_update((m), (type), (dt), (dt)), 0)

/* Adds the test fn to suite s as a case of its own named name, with a
 * timeout of t seconds (0: Check's default); TT_ADD_LOOP runs it for _i
 * from 0 to n - 1.  A suite binds them to its names and timeout:
 * #define ADD(name) TT_ADD(s, test_x_##name, #name, 60); */
#define TT_ADD(s, fn, name, t) TT_ADD_LOOP(s, fn, name, t, 1)
#define TT_ADD_LOOP(s, fn, name, t, n)                                         \
  do {                                                                         \
    TCase *tt_tc = tcase_create(name);                                         \
    if ((t) > 0)                                                               \
      tcase_set_timeout(tt_tc, (t));                                           \
    tcase_add_loop_test(tt_tc, fn, 0, (n));                                    \
    suite_add_tcase((s), tt_tc);                                               \
  } while (0)

/* ck_assert that tw_manager_validate(m) passes. */
#define tt_valid(m) ck_assert_int_eq(tw_manager_validate(m), 0)

/* Runs a suite in Check's default (fork) mode; returns the exit status. */
int tt_run(Suite *s);

#ifdef TWEEN_PRIVATE_H
/* The single-precision form of ease `ease` (easeform.h's
 * TW__FLOAT_FORMS and TW__FLOAT_FORMS_MORE, Back's at its default
 * overshoot), x = time / duration in [0, 1], into *y: returns 1, or 0 for
 * an ease that has none.  test_ease compares them with the double
 * forms on every target. */
static inline int tt_ease_form_f(int ease, double x, double time,
                                 double duration, double *y) {
  double a = TW__OVERSHOOT; /* Back's, at its default */

  switch (ease) {
#define TT_FORM_CASE(id, name, args)                                           \
  case TW_EASE_##id:                                                           \
    *y = tw__##name##_f args;                                                  \
    return 1;
    TW__FLOAT_FORMS(TT_FORM_CASE)
    TW__FLOAT_FORMS_MORE(TT_FORM_CASE)
#undef TT_FORM_CASE
  default:
    return 0;
  }
}

/* How far a fraction the library gives an ease may be from x = e / d in
 * this build: 0, or where the fractions are floats (TW__FLOAT_FRACTIONS,
 * numbers.h) tw__frac's bound, TW__FRAC_REL * |x|. */
static inline double tt_frac_tol(double x) {
  return TW__FLOAT_FRACTIONS ? (x < 0 ? -x : x) * TW__FRAC_REL : 0.0;
}

/* Whether ease e is computed in single precision in this build: its
 * single-precision form (TW__FLOAT_EASES, easeform.h), or any ease where
 * the fractions are floats (TW__FLOAT_FRACTIONS, numbers.h).  A velocity
 * read off values a microsecond apart sees that rounding there, which
 * test_ease_float_forms bounds. */
static inline int tt_float_ease(int e) {
  double y;

  return TW__FLOAT_FRACTIONS ||
         (TW__FLOAT_EASES && tt_ease_form_f(e, 0.5, 0.5, 1.0, &y));
}
#endif

#endif

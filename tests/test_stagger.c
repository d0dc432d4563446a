/* SPDX-License-Identifier: MIT */
/* Staggers (sequence.c): GSAP 3's distribute() for the start times, the
 * children placed by them, the random order, refusals and memory.
 * Every manager uses the counting allocator and must give back every
 * block when freed. */
#include "util.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static tt_alloc_state al;

static tw_manager *mk(void) { return tt_manager(&al, 0); }

static void done(tw_manager *m) { tt_done(&al, m); }

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
START_TEST(test_stagger_matches_gsap_figures_by_hand) {
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
START_TEST(test_stagger_matches_gsap_for_every_n_from_and_grid) {
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
START_TEST(test_stagger_eased_matches_gsap) {
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
START_TEST(test_stagger_places_each_child_at_its_offset) {
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
          c[i] = tt_linear(m, &x[i], 1, 1);
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
      c[i] = tt_linear(m, &x[i], 1, 1);
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

START_TEST(test_stagger_random_order_is_the_same_for_a_seed) {
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

START_TEST(test_stagger_children_run_from_their_places) {
  tw_manager *m = mk();
  float x[3] = {0, 0, 0};
  tw_handle s, c[3];
  int i;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 3; i++)
    c[i] = tt_linear(m, &x[i], 1, 1);
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

START_TEST(test_stagger_refused_changes_nothing) {
  tw_manager *m = mk();
  float x[4] = {0};
  tw_handle s, c[4], dead, twice[4];
  tw_stagger st, bad;
  double d, out[4];
  int i;

  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 4; i++)
    c[i] = tt_linear(m, &x[i], 1, 1);
  dead = tt_linear(m, &x[0], 1, 1);
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
START_TEST(test_stagger_failed_allocation_changes_nothing) {
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
      c[i] = tt_linear(m, &x[i], 1, 1);
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
 * sequence again and again (every `from`, on a line and in grids of
 * either shape, measured along every axis, with rows given or not) takes
 * no memory once the first rounds have warmed the manager up. */
START_TEST(test_stagger_steady_state_allocates_nothing) {
  tw_manager *m = mk();
  float x[40];
  int round, from, grid, axis, i;
  size_t calls = 0;

  for (round = 0; round < 3; round++) {
    if (round == 2)
      calls = al.calls;
    for (from = TW_STAGGER_START; from <= TW_STAGGER_INDEX; from++)
      for (grid = 0; grid < 3 * (TW_AXIS_Y + 1); grid++) {
        tw_handle s, c[40];
        tw_stagger st;
        int n = 40 - 7 * (grid % 3); /* and sizes that differ */
        ck_assert_int_eq(tw_sequence(m, &s), 0);
        for (i = 0; i < n; i++)
          c[i] = tt_linear(m, &x[i], 1, 1);
        tw_stagger_init(&st);
        st.each = 0.125;
        st.from = (tw_stagger_from)from;
        st.index = 3;
        st.seed = 7;
        axis = grid / 3;
        st.cols = grid % 3 == 0 ? 0 : grid % 3 == 1 ? 8 : 5;
        st.rows = grid % 3 == 2 && axis != TW_AXIS_X ? (size_t)n / 5 + 1 : 0;
        st.axis = (tw_stagger_axis)axis;
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
START_TEST(test_stagger_start_callbacks_fire_in_stagger_order) {
  static int tags[4] = {0, 1, 2, 3};
  tw_manager *m = mk();
  float x[4] = {0};
  tw_handle s, c[4];
  int i;

  norder = 0;
  ck_assert_int_eq(tw_sequence(m, &s), 0);
  for (i = 0; i < 4; i++) {
    c[i] = tt_linear(m, &x[i], 1, 1);
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

static Suite *stagger_suite(void) {
  Suite *s = suite_create("stagger");

#define ADD(name) TT_ADD(s, test_##name, #name, 10);
  ADD(stagger_matches_gsap_figures_by_hand)
  ADD(stagger_matches_gsap_for_every_n_from_and_grid)
  ADD(stagger_eased_matches_gsap)
  ADD(stagger_places_each_child_at_its_offset)
  ADD(stagger_random_order_is_the_same_for_a_seed)
  ADD(stagger_children_run_from_their_places)
  ADD(stagger_refused_changes_nothing)
  ADD(stagger_failed_allocation_changes_nothing)
  ADD(stagger_steady_state_allocates_nothing)
  ADD(stagger_start_callbacks_fire_in_stagger_order)
#undef ADD
  return s;
}

int main(void) { return tt_run(stagger_suite()); }

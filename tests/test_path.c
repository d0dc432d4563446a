/* SPDX-License-Identifier: MIT */
/* path.c: paths for vec2 and vec3 tweens, their values, tangents, arc
 * length, point counts, refusals and memory.  Every manager uses the
 * counting allocator and must give back every block when freed. */
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static tt_alloc_state al;
static int hits; /* callbacks that ran */

static tw_manager *mk(void) { return tt_manager(&al, 0); }

static void done(tw_manager *m) { tt_done(&al, m); }

START_TEST(test_path_linear_gives_each_segment_an_equal_time) {
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

START_TEST(test_path_closed_returns_to_its_first_point) {
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
START_TEST(test_path_catmull_rom_stays_near_its_chord) {
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

START_TEST(test_path_constant_speed_covers_equal_lengths) {
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

START_TEST(test_path_tangent_follows_the_direction_of_travel) {
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
  h = tt_linear(m, &x, 1, 1);
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

START_TEST(test_path_tangent_is_zero_where_still_and_never_against_the_motion) {
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

START_TEST(test_path_refused_creates_nothing) {
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
START_TEST(test_path_failed_allocation_creates_nothing) {
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
START_TEST(test_path_restarted_by_its_callback_replays) {
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
START_TEST(test_path_takes_every_count_its_kind_allows_and_no_more) {
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

static Suite *path_suite(void) {
  Suite *s = suite_create("path");

#define ADD(name) TT_ADD(s, test_##name, #name, 10);
  ADD(path_linear_gives_each_segment_an_equal_time)
  ADD(path_closed_returns_to_its_first_point)
  ADD(path_catmull_rom_stays_near_its_chord)
  ADD(path_constant_speed_covers_equal_lengths)
  ADD(path_tangent_follows_the_direction_of_travel)
  ADD(path_tangent_is_zero_where_still_and_never_against_the_motion)
  ADD(path_refused_creates_nothing)
  ADD(path_failed_allocation_creates_nothing)
  ADD(path_restarted_by_its_callback_replays)
  ADD(path_takes_every_count_its_kind_allows_and_no_more)
#undef ADD
  return s;
}

int main(void) { return tt_run(path_suite()); }

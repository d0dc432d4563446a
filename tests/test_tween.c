/* SPDX-License-Identifier: MIT */
/* tween.c's creation of the tweens of a kind of their own (punch, shake,
 * path, curves, springs) beside tw_to: whole for a growth hook that acts,
 * unseen when memory fails, and finite values from huge finite input.
 * Every manager uses the counting allocator and must give back every
 * block when freed. */
#include "util.h"

#include <string.h>

static tt_alloc_state al;

static tw_manager *mk(void) { return tt_manager(&al, 0); }

/* ------------------------------------------------------------------ */

/* A growth hook that kills everything (tt_kill_all_hook), called by the
 * growth that a punch's, a shake's or a path's creation causes: the
 * creation returns 0 with a stale handle, as tw_to does, and nothing is
 * touched after. */
/* The calls that make a tween of a kind of its own, each on v (a float at
 * v.x, or the vec2), from v.x = 1.5 towards 5 (or along a path), and the
 * value each ends on. */
enum {
  MK_TO,
  MK_PUNCH,
  MK_SHAKE,
  MK_PATH,
  MK_CURVE,
  MK_BEZIER,
  MK_SPRING,
  MK_SPRING_V,
  MK_SPRING_FN,
  MK_COUNT
};
static const float mk_pts[2][8] = {{0, 0, 4, 0, 4, 4},
                                   {0, 0, 4, 0, 4, 4, 0, 4}};

static int set_vx(void *ud, const void *v) {
  memcpy(&((tw_vec2 *)ud)->x, v, sizeof(float));
  return 0;
}

static void get_vx(void *ud, void *out) {
  memcpy(out, &((tw_vec2 *)ud)->x, sizeof(float));
}

static int make_kind(tw_manager *m, int kind, tw_vec2 *v, tw_handle *h) {
  float five = 5;
  tw_spring sp;

  tw_spring_init(&sp);
  switch (kind) {
  case MK_TO:
    return tw_to(m, TW_TYPE_FLOAT, &v->x, &five, 1, h);
  case MK_PUNCH:
    return tw_punch(m, TW_TYPE_FLOAT, &v->x, &five, 1, 10, 1, h);
  case MK_SHAKE:
    return tw_shake(m, TW_TYPE_FLOAT, &v->x, &five, 1, 10, 90, 3, 1, h);
  case MK_PATH:
    return tw_path(m, TW_TYPE_VEC2, v, mk_pts[0], 3, TW_PATH_LINEAR, 1, h);
  case MK_CURVE:
    return tw_path(m, TW_TYPE_VEC2, v, mk_pts[0], 3,
                   TW_PATH_CATMULL_ROM | TW_PATH_CONSTANT_SPEED, 1, h);
  case MK_BEZIER:
    return tw_path(m, TW_TYPE_VEC2, v, mk_pts[1], 4, TW_PATH_BEZIER, 1, h);
  case MK_SPRING:
    return tw_spring_to(m, TW_TYPE_FLOAT, &v->x, &five, &sp, h);
  case MK_SPRING_V: {
    float flick = -20;
    return tw_spring_to_v(m, TW_TYPE_FLOAT, &v->x, &five, &sp, &flick, h);
  }
  default:
    return tw_spring_to_fn(m, TW_TYPE_FLOAT, set_vx, get_vx, v, &five, &sp, h);
  }
}

static void check_end(int kind, const tw_vec2 *v) {
  if (kind == MK_PUNCH || kind == MK_SHAKE) {
    EQF(v->x, 1.5f); /* on its start, not on the amount */
  } else if (kind >= MK_PATH && kind <= MK_BEZIER) {
    EQF(v->x, kind == MK_BEZIER ? 0.0f : 4.0f);
    EQF(v->y, 4.0f);
  } else {
    EQF(v->x, 5.0f);
  }
}

/* What a warning hook does to the tween whose growth it reports. */
enum {
  ACT_START,
  ACT_SEQUENCE,
  ACT_KILL,
  ACT_KILL_ALL,
  ACT_CREATE,
  ACT_GROW,
  ACT_COUNT
};
static struct hook_state {
  int kind, act, runs, depth, live_at_hook;
  tw_handle seen, seq;
  float spare[240];
} hk;

/* The newest live tween of m. */
static tw_handle newest(tw_manager *m) {
  tw_handle all[16];
  int n = tw_manager_order(m, all, 16);

  ck_assert_int_gt(n, 0);
  return all[n < 16 ? n - 1 : 15];
}

static void acting_hook(tw_manager *m, tw_warning what, size_t old_cap,
                        size_t new_cap, void *ud) {
  tw_stats st;
  size_t i;

  (void)what;
  (void)old_cap;
  (void)new_cap;
  (void)ud;
  hk.runs++;
  if (hk.depth++ > 0) { /* the growth this hook forced */
    hk.depth--;
    return;
  }
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  hk.live_at_hook = (int)st.live;
  hk.seen = newest(m);
  switch (hk.act) {
  case ACT_START: /* starts it, halfway */
    ck_assert_int_eq(tw_goto(m, hk.seen, 0.5, 1), 0);
    break;
  case ACT_SEQUENCE:
    ck_assert_int_eq(tw_sequence(m, &hk.seq), 0);
    /* a spring with a velocity of its own is refused, as documented */
    ck_assert_int_eq(tw_seq_append(m, hk.seq, hk.seen),
                     hk.kind == MK_SPRING_V ? TW_EINVAL : 0);
    break;
  case ACT_KILL:
    ck_assert_int_eq(tw_kill(m, hk.seen, 0), 0);
    break;
  case ACT_KILL_ALL:
    ck_assert_int_ge(tw_kill_all(m, 0), 1);
    break;
  case ACT_CREATE:
    for (i = 0; i < 3; i++)
      ck_assert_int_eq(tw_float_to(m, &hk.spare[i], 1, 1, NULL), 0);
    break;
  default: /* creates until the capacity grows again */
    for (i = 0; i < 240 && hk.runs < 2; i++)
      ck_assert_int_eq(tw_float_to(m, &hk.spare[i], 1, 1, NULL), 0);
    ck_assert_int_eq(hk.runs, 2);
    break;
  }
  hk.depth--;
}

/* A manager at its capacity, whose next creation grows it: fill tweens
 * made, the hook set. */
static tw_manager *full_manager(int act, float *fill, int nfill) {
  tw_config c;
  tw_manager *m;
  int i;

  tw_config_init(&c);
  c.tweens = (size_t)nfill;
  c.alloc = tt_alloc;
  c.alloc_ud = &al;
  c.warn = acting_hook;
  ck_assert_int_eq(tw_manager_new(&c, &m), 0);
  for (i = 0; i < nfill; i++) {
    fill[i] = 0;
    ck_assert_int_eq(tw_float_to(m, &fill[i], 1, 100, NULL), 0);
  }
  memset(&hk, 0, sizeof hk);
  hk.act = act;
  return m;
}

/* Every call that makes a tween of its own kind is whole when the warning
 * hook of its growth runs: whatever the hook does to it (starts it, puts
 * it in a sequence, kills it or everything, creates, grows again), the
 * call returns 0 and the tween behaves as any finished one. */
START_TEST(test_tween_every_kind_is_whole_when_its_growth_hook_runs) {
  int kind, act;

  for (kind = 0; kind < MK_COUNT; kind++)
    for (act = 0; act < ACT_COUNT; act++) {
      float fill[4];
      tw_vec2 v = {1.5f, 0}, half = {0, 0}, ref = {1.5f, 0};
      tw_manager *m = full_manager(act, fill, 4), *r = tt_manager(NULL, 0);
      tw_handle h, rh;
      int i;

      hk.kind = kind;
      ck_assert_msg(make_kind(m, kind, &v, &h) == 0, "kind %d act %d", kind,
                    act);
      ck_assert_int_ge(hk.runs, 1);
      SAME_HANDLE(hk.seen, h);
      ck_assert_int_eq(hk.live_at_hook, 5);
      half = v;
      /* the same, made in a manager with no hook, for its values */
      ck_assert_int_eq(make_kind(r, kind, &ref, &rh), 0);
      ck_assert_int_eq(tw_goto(r, rh, 0.5, 1), 0);
      if (act == ACT_KILL || act == ACT_KILL_ALL) {
        ck_assert_int_eq(tw_is_active(m, h), 0);
      } else {
        ck_assert_int_eq(tw_is_active(m, h), 1);
        if (act == ACT_START) { /* written at its half by the hook */
          EQF(half.x, ref.x);
          EQF(half.y, ref.y);
        }
        if (act == ACT_SEQUENCE && kind != MK_SPRING_V)
          ck_assert_int_eq(tw_is_playing(m, h), TW_ENESTED);
        for (i = 0; i < 8 && tw_is_active(m, h); i++)
          NOW(m, 1);
        ck_assert_int_eq(tw_is_active(m, h), 0);
        check_end(kind, &v);
      }
      tt_valid(m);
      ck_assert_int_eq(tw_manager_free(m), 0);
      ck_assert_int_eq(tw_manager_free(r), 0);
      ck_assert_uint_eq(al.live_blocks, 0);
    }
}
END_TEST

/* A creation that fails for memory does so before its hook has seen the
 * new tween, and changes nothing; one that succeeds makes it whole. */
START_TEST(test_tween_failed_creation_is_unseen_by_the_hook) {
  int kind;

  for (kind = 0; kind < MK_COUNT; kind++) {
    size_t fail;
    int ok = 0, failures = 0;

    for (fail = 1; !ok && fail < 64; fail++) {
      float fill[4];
      tw_vec2 v = {1.5f, 0};
      tw_manager *m = full_manager(ACT_CREATE, fill, 4);
      tw_stats st;
      tw_handle h = {0, 0};
      int rc, i;

      al.fail_at = al.calls + fail;
      rc = make_kind(m, kind, &v, &h);
      al.fail_at = 0;
      ck_assert_msg(rc == 0 || rc == TW_ENOMEM, "kind %d: %d", kind, rc);
      ck_assert_int_eq(tw_manager_stats(m, &st), 0);
      if (rc == TW_ENOMEM) {
        failures++;
        ck_assert_int_eq(hk.runs, 0); /* nothing grew, nothing was seen */
        ck_assert_uint_eq(st.live, 4);
        EQF(v.x, 1.5f);
      } else {
        ok = 1;
        ck_assert_int_eq(hk.runs, 1);
        SAME_HANDLE(hk.seen, h);
        for (i = 0; i < 8 && tw_is_active(m, h); i++)
          NOW(m, 1);
        check_end(kind, &v);
      }
      tt_valid(m);
      ck_assert_int_eq(tw_manager_free(m), 0);
      ck_assert_uint_eq(al.live_blocks, 0);
    }
    ck_assert(ok);
    ck_assert_int_gt(failures, 0);
  }
}
END_TEST

START_TEST(test_tween_killed_by_its_growth_hook_is_stale) {
  static const float pts[4] = {0, 0, 1, 1};
  tw_config c;
  tw_manager *m;
  float f[8] = {0, 0, 0, 0, 0, 0, 0, 0}, one = 1;
  tw_vec2 v[2];
  tw_handle h;
  int kind;

  for (kind = 0; kind < 3; kind++) {
    tw_config_init(&c);
    c.tweens = 1;
    c.warn = tt_kill_all_hook;
    ck_assert_int_eq(tw_manager_new(&c, &m), 0);
    ck_assert_int_eq(tw_float_to(m, &f[0], 1.0f, 1.0, &h), 0);
    if (kind == 0)
      ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &f[1], &one, 1, 10, 1, &h),
                       0);
    else if (kind == 1)
      ck_assert_int_eq(
          tw_shake(m, TW_TYPE_FLOAT, &f[1], &one, 1, 10, 90, 7, 1, &h), 0);
    else
      ck_assert_int_eq(
          tw_path(m, TW_TYPE_VEC2, &v[0], pts, 2, TW_PATH_LINEAR, 1.0, &h), 0);
    ck_assert_int_eq(tw_is_active(m, h), 0); /* the growth's hook killed it */
    tt_valid(m);
    tw_manager_free(m);
  }
}
END_TEST

/* Finite and accepted means handled: a punch past the largest float, and a
 * Catmull-Rom path through a repeated point far out, write finite values
 * all the way. */

START_TEST(test_tween_huge_finite_input_writes_finite_values) {
  tw_manager *m = mk();
  float f = 3e38f, amount = 3e38f;
  tw_vec3 v, p[5] = {{0, 0, 0},
                     {1, 0, 0},
                     {1, 1, 1e9f},
                     {1e9f, 1e9f, 1e9f},
                     {1e9f, 1e9f, 1e9f}};
  tw_handle h, g;
  int i, kind;

  ck_assert_int_eq(tw_punch(m, TW_TYPE_FLOAT, &f, &amount, 1.0, 10, 1, &h), 0);
  for (kind = 0; kind < 3; kind++) {
    static const int kinds[3] = {TW_PATH_CATMULL_ROM,
                                 TW_PATH_CATMULL_ROM | TW_PATH_CLOSED,
                                 TW_PATH_CATMULL_ROM | TW_PATH_CONSTANT_SPEED};
    ck_assert_int_eq(
        tw_path(m, TW_TYPE_VEC3, &v, p, 5, (tw_path_kind)kinds[kind], 1.0, &g),
        0);
    ck_assert_int_eq(tw_set_autokill(m, g, 0), 0);
    for (i = 0; i <= 64; i++) {
      tw_vec3 d;
      ck_assert_int_eq(tw_goto(m, g, i / 64.0, 0), 0);
      ck_assert_msg(v.x - v.x == 0 && v.y - v.y == 0 && v.z - v.z == 0,
                    "kind %d, at %d/64: %g %g %g", kind, i, v.x, v.y, v.z);
      ck_assert_int_eq(tw_path_tangent(m, g, &d), 0);
      ck_assert_msg(d.x - d.x == 0 && d.y - d.y == 0 && d.z - d.z == 0,
                    "tangent, kind %d, at %d/64", kind, i);
    }
    ck_assert_int_eq(tw_kill(m, g, 0), 0);
  }
  for (i = 0; i < 64; i++) {
    NOW(m, 1.0 / 60.0);
    ck_assert_msg(f - f == 0, "punch, frame %d: %g", i, f);
  }
  EQF(f, amount); /* it ended on its start */
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* An additive tween whose changes carry its target past the largest value
 * of its type writes that largest value, not an infinity. */
/* Every numeric type: a start at 38.21 (38 for an int) in each component,
 * and a change that dwarfs it. */

static Suite *tween_suite(void) {
  Suite *s = suite_create("tween");

#define ADD(name) TT_ADD(s, test_##name, #name, 10);
  ADD(tween_killed_by_its_growth_hook_is_stale)
  ADD(tween_every_kind_is_whole_when_its_growth_hook_runs)
  ADD(tween_failed_creation_is_unseen_by_the_hook)
  ADD(tween_huge_finite_input_writes_finite_values)
#undef ADD
  return s;
}

int main(void) { return tt_run(tween_suite()); }

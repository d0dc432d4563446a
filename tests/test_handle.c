/* SPDX-License-Identifier: MIT */
/* Versioned handles: the none handle, staleness after every way a tween
 * dies, slot reuse, forged handles, generation retirement, and handles
 * that stay valid while their tweens move in the active array. */
/* The deprecated call tw_set_target is called here on purpose, without the
 * warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "util.h"

#include <stdint.h>
#include <stdlib.h>

#include "life.h"

/* exact float comparison with the values in the message */
static void never_called(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  ck_abort_msg("a callback installed through a stale handle ran");
}

/* Every call that takes a handle, with valid arguments otherwise, must
 * answer TW_ESTALE (tw_is_active 0) for h and leave *out untouched. */
static void assert_stale_everywhere(tw_manager *m, tw_handle h) {
  double el = 12345.0;
  int key = 0;

  ck_assert_int_eq(tw_is_active(m, h), 0);
  ck_assert_int_eq(tw_set_delay(m, h, 5.0), TW_ESTALE);
  ck_assert_int_eq(tw_set_loops(m, h, 3, TW_LOOP_YOYO), TW_ESTALE);
  ck_assert_int_eq(tw_set_ease(m, h, TW_EASE_LINEAR), TW_ESTALE);
  ck_assert_int_eq(tw_set_autokill(m, h, 0), TW_ESTALE);
  ck_assert_int_eq(tw_set_update_type(m, h, TW_UPDATE_MANUAL), TW_ESTALE);
  ck_assert_int_eq(tw_set_independent(m, h, 1), TW_ESTALE);
  ck_assert_int_eq(tw_set_id(m, h, 77), TW_ESTALE);
  ck_assert_int_eq(tw_set_target(m, h, &key), TW_ESTALE);
  ck_assert_int_eq(tw_set_timescale(m, h, 0.0), TW_ESTALE);
  ck_assert_int_eq(tw_set_recyclable(m, h, 0), TW_ESTALE);
  ck_assert_int_eq(tw_on(m, h, TW_ON_KILL, never_called, NULL), TW_ESTALE);
  ck_assert_int_eq(tw_on(m, h, TW_ON_UPDATE, never_called, NULL), TW_ESTALE);
  ck_assert_int_eq(tw_on(m, h, TW_ON_COMPLETE, NULL, NULL), TW_ESTALE);
  ck_assert_int_eq(tw_pause(m, h), TW_ESTALE);
  ck_assert_int_eq(tw_play(m, h), TW_ESTALE);
  ck_assert_int_eq(tw_complete(m, h), TW_ESTALE);
  ck_assert_int_eq(tw_kill(m, h, 1), TW_ESTALE);
  ck_assert_int_eq(tw_kill(m, h, 0), TW_ESTALE);
  ck_assert_int_eq(tw_is_playing(m, h), TW_ESTALE);
  ck_assert_int_eq(tw_is_complete(m, h), TW_ESTALE);
  ck_assert_int_eq(tw_elapsed(m, h, &el), TW_ESTALE);
  EQF(el, 12345.0);
  ck_assert_int_eq(tw_loops_done(m, h), TW_ESTALE);
  ck_assert_int_eq(tw_is_active(m, h), 0);
}

static tw_handle none(void) {
  tw_handle h;

  h.index = 0;
  h.gen = 0;
  return h;
}

/* zero handle */

START_TEST(test_handle_zero_is_never_valid) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f;
  tw_handle h, z = none();
  tw_stats st;

  ck_assert(TW_HANDLE_IS_NONE(z));
  /* on an empty manager */
  assert_stale_everywhere(m, z);
  /* and with live tweens, the first of which holds slot 0 */
  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 1.0, &h), 0);
  ck_assert(!TW_HANDLE_IS_NONE(h));
  ck_assert_uint_eq(h.index, 1);
  ck_assert_uint_eq(h.gen, 1);
  assert_stale_everywhere(m, z);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  tt_valid(m);
  /* nothing was touched: no record, value moves with the default ease */
  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  ck_assert_uint_eq(st.pool_misses, 0);
  ck_assert_uint_eq(st.live, 1);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 7.5f);
  /* after it is killed the zero handle is still none */
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  assert_stale_everywhere(m, z);
  assert_stale_everywhere(m, h);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* stale after each way of dying */

START_TEST(test_handle_is_stale_after_a_kill) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f, y = 0.0f;
  tw_handle h, o;

  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 10.0f, 1.0, &o), 0);
  ck_assert_int_eq(tw_is_active(m, h), 1);
  ck_assert_int_eq(tw_kill(m, h, 0), 0);
  assert_stale_everywhere(m, h);
  ck_assert_int_eq(tw_is_active(m, o), 1);
  tt_valid(m);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 0.0f); /* killed before it ever ran */
  EQF(y, 7.5f);
  assert_stale_everywhere(m, h);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_handle_is_stale_after_completion) {
  tw_manager *m = tt_manager(NULL, 0);
  float x = 0.0f, y = 0.0f;
  tw_handle h, k;

  /* tw_complete of an auto-kill tween */
  ck_assert_int_eq(tw_float_to(m, &x, 10.0f, 1.0, &h), 0);
  ck_assert_int_eq(tw_complete(m, h), 0);
  EQF(x, 10.0f);
  assert_stale_everywhere(m, h);
  tt_valid(m);
  /* completing by time */
  ck_assert_int_eq(tw_float_to(m, &y, 4.0f, 1.0, &k), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  ck_assert_int_eq(tw_is_active(m, k), 1);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(y, 4.0f);
  assert_stale_everywhere(m, k);
  tt_valid(m);
  /* a tween that is not auto-kill stays live when it completes */
  ck_assert_int_eq(tw_float_to(m, &y, 8.0f, 1.0, &k), 0);
  ck_assert_int_eq(tw_set_autokill(m, k, 0), 0);
  ck_assert_int_eq(tw_complete(m, k), 0);
  ck_assert_int_eq(tw_is_active(m, k), 1);
  ck_assert_int_eq(tw_is_complete(m, k), 1);
  EQF(y, 8.0f);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

START_TEST(test_handle_is_stale_after_a_clear) {
  tw_manager *m = tt_manager(NULL, 0);
  float x[8] = {0};
  tw_handle h[8], n;
  int i;

  for (i = 0; i < 8; i++)
    ck_assert_int_eq(tw_float_to(m, &x[i], 1.0f, 1.0, &h[i]), 0);
  ck_assert_int_eq(tw_set_id(m, h[3], 3), 0);
  ck_assert_int_eq(tw_manager_clear(m), 0);
  for (i = 0; i < 8; i++)
    assert_stale_everywhere(m, h[i]);
  tt_valid(m);
  /* new tweens reuse the slots with new generations; old handles stay
   * stale */
  for (i = 0; i < 8; i++) {
    ck_assert_int_eq(tw_float_to(m, &x[i], 2.0f, 1.0, &n), 0);
    ck_assert_uint_ge(n.gen, 3);
    ck_assert_int_eq(tw_is_active(m, n), 1);
  }
  for (i = 0; i < 8; i++)
    assert_stale_everywhere(m, h[i]);
  ck_assert_int_eq(tw_manager_clear(m), 0);
  for (i = 0; i < 8; i++)
    assert_stale_everywhere(m, h[i]);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* one slot reused 10,000 times */

#define REUSES 10000

START_TEST(test_handle_reused_slot_gets_a_new_generation) {
  tw_manager *m = tt_manager(NULL, 0);
  tw_handle *hs = malloc(REUSES * sizeof *hs);
  float x = 0.0f, y = 0.0f;
  tw_handle other;
  int i, live;

  ck_assert_ptr_nonnull(hs);
  /* a neighbour that lives throughout */
  ck_assert_int_eq(tw_float_to(m, &y, 100.0f, 1000.0, &other), 0);
  for (i = 0; i < REUSES; i++) {
    ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &hs[i]), 0);
    /* the same slot every time, its generation rising by 2 */
    ck_assert_uint_eq(hs[i].index, 2);
    ck_assert_uint_eq(hs[i].gen, 2u * (uint32_t)i + 1u);
    if (i > 0)
      ck_assert_int_eq(tw_is_active(m, hs[i - 1]), 0);
    if (i + 1 < REUSES)
      ck_assert_int_eq(tw_kill(m, hs[i], 0), 0);
  }
  tt_valid(m);
  live = 0;
  for (i = 0; i < REUSES; i++)
    live += tw_is_active(m, hs[i]);
  ck_assert_int_eq(live, 1);
  ck_assert_int_eq(tw_is_active(m, hs[REUSES - 1]), 1);
  ck_assert_int_eq(tw_is_active(m, other), 1);
  /* every old handle is rejected by every call and reaches nothing */
  for (i = 0; i < REUSES - 1; i++) {
    ck_assert_int_eq(tw_kill(m, hs[i], 0), TW_ESTALE);
    ck_assert_int_eq(tw_set_ease(m, hs[i], TW_EASE_LINEAR), TW_ESTALE);
  }
  assert_stale_everywhere(m, hs[0]);
  assert_stale_everywhere(m, hs[REUSES / 2]);
  assert_stale_everywhere(m, hs[REUSES - 2]);
  ck_assert_int_eq(tw_is_active(m, hs[REUSES - 1]), 1);
  /* the newest still runs with the default ease */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(x, 0.75f);
  tt_valid(m);
  free(hs);
  tw_manager_free(m);
}
END_TEST

/* a stale handle changes nothing on the tween that reused its slot */

START_TEST(test_handle_stale_one_changes_nothing_of_its_successor) {
  tw_manager *m = tt_manager(NULL, 0);
  float a = 0.0f, b = 0.0f;
  tw_handle ha, hb;
  const tw__tween *t;
  uint32_t flags;
  tw_stats st0, st1;

  ck_assert_int_eq(tw_float_to(m, &a, 50.0f, 1.0, &ha), 0);
  ck_assert_int_eq(tw_kill(m, ha, 0), 0);
  ck_assert_int_eq(tw_float_to(m, &b, 100.0f, 1.0, &hb), 0);
  ck_assert_uint_eq(hb.index, ha.index); /* the very same slot */
  ck_assert_uint_eq(hb.gen, ha.gen + 2);
  t = tw__lookup(m, hb);
  ck_assert_ptr_nonnull(t);
  flags = t->flags;
  ck_assert_ptr_null(tw__rec(m, t));
  ck_assert_int_eq(tw_manager_stats(m, &st0), 0);

  assert_stale_everywhere(m, ha);

  t = tw__lookup(m, hb);
  ck_assert_ptr_nonnull(t);
  ck_assert_uint_eq(t->flags, flags);
  ck_assert_ptr_null(tw__rec(m, t)); /* no record was attached through ha */
  ck_assert_int_eq(t->ease, TW_EASE_OUT_QUAD);
  ck_assert_int_eq(t->utype, TW_UPDATE_NORMAL);
  ck_assert_int_eq(tw__loops(m, t), 1);
  ck_assert_int_eq(tw_manager_stats(m, &st1), 0);
  ck_assert_uint_eq(st1.pool_misses, st0.pool_misses);
  ck_assert_uint_eq(st1.pool_hits, st0.pool_hits);
  ck_assert_uint_eq(st1.live, 1);
  tt_valid(m);

  /* b runs as if ha had never been used: no delay, OutQuad, normal
   * update, scale 1, auto-kill */
  ck_assert_int_eq(tw_is_playing(m, hb), 1);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(b, 75.0f);
  EQF(a, 0.0f);
  ck_assert_int_eq(tw_is_active(m, hb), 1);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  EQF(b, 100.0f);
  ck_assert_int_eq(tw_is_active(m, hb), 0);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* forged handles */

START_TEST(test_handle_forged_ones_are_refused) {
  tw_manager *m = tt_manager(NULL, 0);
  float x[40];
  tw_handle h[40], f;
  uint32_t i, j, tries;
  int k;

  for (i = 0; i < 40; i++) {
    x[i] = 0.0f;
    ck_assert_int_eq(tw_float_to(m, &x[i], (float)(i + 1), 1.0, &h[i]), 0);
  }
  /* some slots freed and reused so that generations differ */
  for (i = 0; i < 40; i += 3)
    ck_assert_int_eq(tw_kill(m, h[i], 0), 0);
  for (i = 0; i < 40; i += 3)
    ck_assert_int_eq(tw_float_to(m, &x[i], (float)(i + 1), 1.0, &h[i]), 0);
  tt_valid(m);

  /* even generations of live slots, neighbours of the right one */
  for (i = 0; i < 40; i++) {
    f = h[i];
    f.gen = h[i].gen + 1;
    assert_stale_everywhere(m, f);
    f.gen = h[i].gen - 1;
    if (f.gen != 0 || f.index != 0)
      assert_stale_everywhere(m, f);
    f.gen = h[i].gen + 2; /* a future generation */
    assert_stale_everywhere(m, f);
    f.gen = h[i].gen ^ 0x80000000u;
    assert_stale_everywhere(m, f);
    f.gen = 0;
    assert_stale_everywhere(m, f);
  }
  /* free slots, named with their current (even) generation */
  for (i = 1; i < 40; i += 7) {
    ck_assert_int_eq(tw_kill(m, h[i], 0), 0);
    f = h[i];
    f.gen = h[i].gen + 1; /* the slot's generation now */
    ck_assert_uint_eq(m->slots[h[i].index - 1].gen, f.gen);
    assert_stale_everywhere(m, f);
    assert_stale_everywhere(m, h[i]);
    ck_assert_int_eq(tw_float_to(m, &x[i], (float)(i + 1), 1.0, &h[i]), 0);
  }
  tt_valid(m);
  /* out-of-range indexes, with plausible generations */
  {
    static const uint32_t idx[] = {
        0u,        41u, 42u, 64u, 65u, 1000u, UINT32_MAX / 2, UINT32_MAX - 1,
        UINT32_MAX};
    for (k = 0; k < (int)(sizeof idx / sizeof idx[0]); k++) {
      for (j = 1; j < 8; j += 2) {
        f.index = idx[k];
        f.gen = j;
        assert_stale_everywhere(m, f);
      }
      f.index = idx[k];
      f.gen = UINT32_MAX;
      assert_stale_everywhere(m, f);
    }
  }
  /* random pairs: none that is not exactly a live handle gets through */
  srand(12345);
  for (tries = 0; tries < 20000; tries++) {
    int is_live = 0;
    f.index = (uint32_t)rand() % 100u;
    f.gen =
        ((uint32_t)rand() % 8u) | (tries & 1u ? 0u : ((uint32_t)rand() << 8));
    if (tries % 5 == 0)
      f.gen = (uint32_t)rand();
    for (i = 0; i < 40; i++)
      if (f.index == h[i].index && f.gen == h[i].gen)
        is_live = 1;
    if (is_live)
      continue;
    ck_assert_int_eq(tw_is_active(m, f), 0);
    ck_assert_int_eq(tw_kill(m, f, 0), TW_ESTALE);
    ck_assert_int_eq(tw_set_ease(m, f, TW_EASE_LINEAR), TW_ESTALE);
    ck_assert_int_eq(tw_pause(m, f), TW_ESTALE);
  }
  /* every live tween is untouched: all alive, OutQuad at half time */
  for (i = 0; i < 40; i++)
    ck_assert_int_eq(tw_is_active(m, h[i]), 1);
  tt_valid(m);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.5, 0.5), 0);
  for (i = 0; i < 40; i++)
    EQF(x[i], (float)(i + 1) * 0.75f);
  tw_manager_free(m);
}
END_TEST

/* generation wrap: a slot retires instead of wrapping */

/* Forces slot 0 (free) to generation g and reuses it until it is never
 * handed out again; returns how many tweens it held meanwhile. */
static int reuse_until_retired(tw_manager *m, uint32_t g, tw_handle *old,
                               int nold) {
  float x = 0.0f;
  tw_handle h;
  int reuses = 0, i, k;

  ck_assert_int_eq(tw__test_set_generation(m, 0, g), 0);
  tt_valid(m);
  for (i = 0; i < 10; i++) {
    ck_assert_int_eq(tw_float_to(m, &x, 1.0f, 1.0, &h), 0);
    if (h.index != 1) {
      ck_assert_int_eq(tw_kill(m, h, 0), 0);
      break;
    }
    reuses++;
    ck_assert_uint_eq(h.gen, g + 2u * (uint32_t)(reuses - 1) + 1u);
    ck_assert_uint_eq(h.gen & 1u, 1u);
    for (k = 0; k < nold; k++)
      assert_stale_everywhere(m, old[k]);
    ck_assert_int_eq(tw_is_active(m, h), 1);
    ck_assert_int_eq(tw_kill(m, h, 0), 0);
    assert_stale_everywhere(m, h);
    tt_valid(m);
  }
  ck_assert_int_lt(i, 10);
  return reuses;
}

START_TEST(test_handle_slot_retires_before_its_generation_wraps) {
  tw_manager *m = tt_manager(NULL, 0);
  float x[600], y = 0.0f;
  tw_handle a, b, c, h, old[4];
  int i, n;

  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &a), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &b), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &c), 0);
  ck_assert_uint_eq(a.index, 1);
  /* the hook refuses live slots, odd generations, and generations at or
   * past the retirement point */
  ck_assert_int_eq(tw__test_set_generation(m, 0, UINT32_MAX - 3), TW_EINVAL);
  ck_assert_int_eq(tw_kill(m, a, 0), 0);
  ck_assert_int_eq(tw__test_set_generation(m, 0, 7), TW_EINVAL);
  ck_assert_int_eq(tw__test_set_generation(m, 0, UINT32_MAX), TW_EINVAL);
  ck_assert_int_eq(tw__test_set_generation(m, 0, UINT32_MAX - 1), TW_EINVAL);
  ck_assert_int_eq(tw__test_set_generation(m, 99, 4), TW_EINVAL);
  tt_valid(m);

  old[0] = a;
  n = reuse_until_retired(m, UINT32_MAX - 3, old, 1);
  ck_assert_int_eq(n, 1);
  /* slot 0 is retired for good: many new tweens, none gets index 1 */
  for (i = 0; i < 600; i++) {
    x[i] = 0.0f;
    ck_assert_int_eq(tw_float_to(m, &x[i], 2.0f, 1.0, &h), 0);
    ck_assert_uint_ne(h.index, 1);
  }
  /* the retired slot cannot be forced back either */
  ck_assert_int_eq(tw__test_set_generation(m, 0, 2), TW_EINVAL);
  tt_valid(m);
  /* nor after a clear, which never resets generations */
  ck_assert_int_eq(tw_manager_clear(m), 0);
  for (i = 0; i < 600; i++) {
    ck_assert_int_eq(tw_float_to(m, &x[i], 2.0f, 1.0, &h), 0);
    ck_assert_uint_ne(h.index, 1);
  }
  /* no handle naming slot 0 reaches anything, its retired generation
   * included */
  ck_assert_uint_eq(m->slots[0].gen, UINT32_MAX - 1);
  h.index = 1;
  h.gen = UINT32_MAX - 1;
  assert_stale_everywhere(m, h);
  for (i = 1; i < 64; i += 2) {
    h.index = 1;
    h.gen = (uint32_t)i;
    assert_stale_everywhere(m, h);
    h.gen = UINT32_MAX - (uint32_t)(i - 1);
    assert_stale_everywhere(m, h);
  }
  assert_stale_everywhere(m, a);
  assert_stale_everywhere(m, b);
  assert_stale_everywhere(m, c);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* A slot two reuses from retirement, with old handles kept throughout. */
START_TEST(test_handle_old_handles_stay_stale_over_two_retirements) {
  tw_manager *m = tt_manager(NULL, 0);
  float y = 0.0f;
  tw_handle a, keep, h, old[1];
  int n;

  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &a), 0);
  ck_assert_int_eq(tw_float_to(m, &y, 5.0f, 1.0, &keep), 0);
  ck_assert_int_eq(tw_kill(m, a, 0), 0);
  old[0] = a;
  n = reuse_until_retired(m, UINT32_MAX - 5, old, 1);
  ck_assert_int_eq(n, 2);
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 1.0, &h), 0);
  ck_assert_uint_eq(h.index, 3);
  ck_assert_int_eq(tw_is_active(m, keep), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

/* handles survive compaction */

START_TEST(test_handle_stays_valid_while_its_tween_moves) {
  tw_manager *m = tt_manager(NULL, 0);
  float x[10];
  tw_handle h[10], order[16], extra, first;
  float mid[10], y = 0;
  double xd = 0;
  int i;

  /* the oldest lives throughout: the kills below make holes inside the
   * window, which compactions close (holes at the front would only move
   * the window's begin: test_update_window) */
  ck_assert_int_eq(tw_float_to(m, &y, 1.0f, 100.0, &first), 0);

  for (i = 0; i < 10; i++) {
    x[i] = 0.0f;
    ck_assert_int_eq(tw_float_to(m, &x[i], (float)(10 * (i + 1)), 1.0, &h[i]),
                     0);
    ck_assert_int_eq(tw_set_ease(m, h[i], TW_EASE_LINEAR), 0);
  }
  for (i = 0; i < 5; i++)
    ck_assert_int_eq(tw_kill(m, h[i], 0), 0);
  /* nothing moved yet: five holes after the first */
  ck_assert_int_eq(tw_manager_order(m, order, 16), 11);
  for (i = 0; i < 5; i++)
    ck_assert(TW_HANDLE_IS_NONE(order[i + 1]));
  ck_assert_uint_eq(tw__slot_of(m, tw__lookup(m, h[5])), h[5].index - 1);
  ck_assert_uint_eq(m->slots[h[5].index - 1].index, 6);
  /* the update compacts: the survivors move to 1..5 in order */
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  ck_assert_int_eq(tw_manager_order(m, order, 16), 6);
  SAME_HANDLE(order[0], first);
  for (i = 5; i < 10; i++) {
    ck_assert_uint_eq(order[i - 4].index, h[i].index);
    ck_assert_uint_eq(order[i - 4].gen, h[i].gen);
    ck_assert_uint_eq(m->slots[h[i].index - 1].index, (uint32_t)(i - 4));
    ck_assert_int_eq(tw_is_active(m, h[i]), 1);
    EQF(x[i], (float)(10 * (i + 1)) * 0.25f);
  }
  tt_valid(m);
  /* the handles still control the same tweens */
  ck_assert_int_eq(tw_pause(m, h[7]), 0);
  ck_assert_int_eq(tw_kill(m, h[8], 0), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  for (i = 5; i < 10; i++)
    mid[i] = x[i];
  EQF(x[5], 60.0f * 0.5f);
  EQF(x[6], 70.0f * 0.5f);
  EQF(x[7], 80.0f * 0.25f); /* paused */
  EQF(x[8], 90.0f * 0.25f); /* killed */
  EQF(x[9], 100.0f * 0.5f);
  /* an append the general way compacts too (no update in between; the
   * short one of a plain float leaves the holes to the next update) */
  ck_assert_int_eq(tw_kill(m, h[5], 0), 0);
  ck_assert_int_eq(tw_double_to(m, &xd, 1.0, 1.0, &extra), 0);
  ck_assert_int_eq(tw_manager_order(m, order, 16), 5);
  ck_assert_uint_eq(order[1].index, h[6].index);
  ck_assert_uint_eq(order[2].index, h[7].index);
  ck_assert_uint_eq(order[3].index, h[9].index);
  ck_assert_uint_eq(order[4].index, extra.index);
  ck_assert_uint_eq(m->slots[h[9].index - 1].index, 3);
  tt_valid(m);
  ck_assert_int_eq(tw_play(m, h[7]), 0);
  ck_assert_int_eq(tw_complete(m, h[9]), 0);
  EQF(x[9], 100.0f);
  ck_assert_int_eq(tw_is_active(m, h[9]), 0);
  ck_assert_int_eq(tw_update(m, TW_UPDATE_NORMAL, 0.25, 0.25), 0);
  EQF(x[5], mid[5]);
  EQF(x[6], 70.0f * 0.75f);
  EQF(x[7], 80.0f * 0.5f);
  EQF(x[8], mid[8]);
  ck_assert_int_eq(tw_is_active(m, h[6]), 1);
  ck_assert_int_eq(tw_is_active(m, h[7]), 1);
  tt_valid(m);
  tw_manager_free(m);
}
END_TEST

static Suite *handle_suite(void) {
  Suite *s = suite_create("handle");

#define ADD(name) TT_ADD(s, test_handle_##name, #name, 60);
  ADD(zero_is_never_valid)
  ADD(is_stale_after_a_kill)
  ADD(is_stale_after_completion)
  ADD(is_stale_after_a_clear)
  ADD(reused_slot_gets_a_new_generation)
  ADD(stale_one_changes_nothing_of_its_successor)
  ADD(forged_ones_are_refused)
  ADD(slot_retires_before_its_generation_wraps)
  ADD(old_handles_stay_stale_over_two_retirements)
  ADD(stays_valid_while_its_tween_moves)
#undef ADD
  return s;
}

int main(void) { return tt_run(handle_suite()); }

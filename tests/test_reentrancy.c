/* SPDX-License-Identifier: MIT */
/* Re-entrancy (DESIGN §3) as a table: every kind of callback (START,
 * PLAY, PAUSE, REWIND, UPDATE, STEP_COMPLETE, COMPLETE, KILL, a setter, a
 * getter, the warning hook) does every action (create a tween, kill
 * itself, kill an earlier / a later tween, complete an earlier / a later
 * tween, kill all, clear the manager, raise the capacity, force growth by
 * creating many).  One TCase per kind, looping over the actions.  The
 * kind SETTER_FAST is SETTER on the update's shortest path for setter
 * tweens: E, X, L and Z have no callback (the ones with callbacks take the
 * slow step), are started by a pass of dt 0 first, and their callback
 * counts are not looked at.
 *
 * The scene, in creation order: E (earlier), X (the tween whose callback
 * acts), L (later), Z (a bystander after L).  All are bound by setter and
 * getter, so every write is seen.  Most kinds fire inside an update pass,
 * after E has run and before L runs; PAUSE_CALL and REWIND_CALL fire from
 * tw_pause and tw_rewind, outside any pass.  After each case: the manager
 * validates (inside the callback too); a tween created in a pass did not
 * run in it; a completed tween holds its end value and is never written
 * again; COMPLETE and KILL ran exactly once per tween that completed or
 * died; nothing leaked.
 *
 * Values: OutQuad over 8 s in 1 s steps, y(1/8) = 0.234375 and
 * y(2/8) = 0.4375, exact in float. */
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum {
  K_START,
  K_PLAY,
  K_PAUSE,       /* completion with auto-kill off, in a pass */
  K_PAUSE_CALL,  /* tw_pause, outside a pass */
  K_REWIND,      /* a smooth rewind reaching the start, in a pass */
  K_REWIND_CALL, /* tw_rewind, outside a pass */
  K_UPDATE,
  K_STEP_COMPLETE,
  K_COMPLETE,
  K_KILL,
  K_SETTER,
  K_SETTER_FAST, /* SETTER, the tweens without callbacks, already started */
  K_GETTER,
  K_WARN, /* X's UPDATE creates a tween that grows the full array */
  K_COUNT
};

static const char *kind_names[K_COUNT] = {
    "START",       "PLAY",        "PAUSE",         "PAUSE_CALL", "REWIND",
    "REWIND_CALL", "UPDATE",      "STEP_COMPLETE", "COMPLETE",   "KILL",
    "SETTER",      "SETTER_FAST", "GETTER",        "WARN"};

enum {
  A_CREATE,
  A_KILL_SELF,
  A_KILL_EARLIER,
  A_KILL_LATER,
  A_COMPLETE_EARLIER,
  A_COMPLETE_LATER,
  A_KILL_ALL,
  A_CLEAR,
  A_CAPACITY,
  A_GROW,
  A_COUNT
};

static const char *action_names[A_COUNT] = {
    "create",           "kill self",
    "kill earlier",     "kill later",
    "complete earlier", "complete later",
    "kill all",         "clear",
    "set capacity",     "grow"};

/* probes: the four of the scene, the one A_CREATE makes, the one K_WARN
 * makes */
enum { PE, PX, PL, PZ, PC, PG, NPROBE };
static const char *probe_names[NPROBE] = {"E", "X", "L", "Z", "C", "G"};

#define GROW_N 1000

typedef struct probe {
  float v;
  float end;
  tw_handle h;
  int made;      /* created */
  int callbacks; /* its callbacks were installed */
  int n[TW_ON_COUNT];
  int writes;
  int writes_after_complete;
  int bad_handle;
} probe;

static struct {
  tw_manager *m;
  tt_alloc_state a;
  probe p[NPROBE];
  int kind, action, fired, in_pass;
  int rc[2];
  int expect_all;
  size_t live_after;
  int valid_in_cb;
  int warns;
  int warn_what;
  size_t warn_old, warn_new;
  int g_tried;
  int grown;
  float grow_v[GROW_N];
  tw_handle grow_h[GROW_N];
  int grow_kills[GROW_N];
} R;

/* every assertion says which case failed */
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      char msg_[256];                                                          \
      snprintf(msg_, sizeof msg_, __VA_ARGS__);                                \
      ck_abort_msg("%s / %s: %s", kind_names[R.kind], action_names[R.action],  \
                   msg_);                                                      \
    }                                                                          \
  } while (0)

static int kind_event(int kind) {
  switch (kind) {
  case K_START:
    return TW_ON_START;
  case K_PLAY:
    return TW_ON_PLAY;
  case K_PAUSE:
  case K_PAUSE_CALL:
    return TW_ON_PAUSE;
  case K_REWIND:
  case K_REWIND_CALL:
    return TW_ON_REWIND;
  case K_UPDATE:
    return TW_ON_UPDATE;
  case K_STEP_COMPLETE:
    return TW_ON_STEP_COMPLETE;
  case K_COMPLETE:
    return TW_ON_COMPLETE;
  case K_KILL:
    return TW_ON_KILL;
  default:
    return -1;
  }
}

static int create_probe(tw_manager *m, int i, float end, double dur);

static int live_count(tw_manager *m) {
  int i, n = 0;

  for (i = 0; i < NPROBE; i++)
    if (R.p[i].made && tw_is_active(m, R.p[i].h))
      n++;
  for (i = 0; i < R.grown; i++)
    n += tw_is_active(m, R.grow_h[i]);
  /* the warning hook runs at the end of G's creation, before made is set */
  if (R.kind == K_WARN && !R.p[PG].made)
    n++;
  return n;
}

static void grow_kill(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (*(int *)ud)++;
}

/* The action, from inside the callback of the kind under test. */
static void act(tw_manager *m) {
  tw_stats st;
  int i;

  R.fired = 1;
  switch (R.action) {
  case A_CREATE:
    R.rc[0] = create_probe(m, PC, 8.0f, 8.0);
    break;
  case A_KILL_SELF:
    R.rc[0] = tw_kill(m, R.p[PX].h, 0);
    break;
  case A_KILL_EARLIER:
    R.rc[0] = tw_kill(m, R.p[PE].h, 0);
    break;
  case A_KILL_LATER:
    R.rc[0] = tw_kill(m, R.p[PL].h, 0);
    break;
  case A_COMPLETE_EARLIER:
    R.rc[0] = tw_complete(m, R.p[PE].h);
    break;
  case A_COMPLETE_LATER:
    R.rc[0] = tw_complete(m, R.p[PL].h);
    break;
  case A_KILL_ALL:
    R.expect_all = live_count(m);
    R.rc[0] = tw_kill_all(m, 0);
    tw_manager_stats(m, &st);
    R.live_after = st.live;
    break;
  case A_CLEAR:
    R.rc[0] = tw_manager_clear(m);
    tw_manager_stats(m, &st);
    R.live_after = st.live;
    break;
  case A_CAPACITY:
    R.rc[0] = tw_manager_set_capacity(m, 100000, 0);
    break;
  case A_GROW:
    for (i = 0; i < GROW_N; i++) {
      R.grow_v[i] = 0;
      if (tw_float_to(m, &R.grow_v[i], 1.0f, 8.0, &R.grow_h[i]) != 0)
        break;
      if (tw_on(m, R.grow_h[i], TW_ON_KILL, grow_kill, &R.grow_kills[i]) != 0)
        break;
      R.grown++;
    }
    /* issued after the growth, in the same callback */
    R.rc[0] = tw_kill(m, R.p[PL].h, 0);
    R.rc[1] = tw_pause(m, R.p[PZ].h);
    break;
  default:
    ck_abort();
  }
  R.valid_in_cb = tw_manager_validate(m);
}

static void on_event(tw_manager *m, tw_handle h, void *ud, int ev) {
  probe *p = ud;

  p->n[ev]++;
  if (h.index != p->h.index || h.gen != p->h.gen)
    p->bad_handle++;
  if (p != &R.p[PX])
    return;
  if (R.kind == K_WARN && ev == TW_ON_UPDATE && !R.g_tried) {
    R.g_tried = 1;
    ck_assert_int_eq(create_probe(m, PG, 8.0f, 8.0), 0);
  }
  if (ev == kind_event(R.kind) && !R.fired)
    act(m);
}

#define THUNK(ev)                                                              \
  static void on_##ev(tw_manager *m, tw_handle h, void *ud) {                  \
    on_event(m, h, ud, ev);                                                    \
  }
THUNK(0)
THUNK(1)
THUNK(2)
THUNK(3)
THUNK(4)
THUNK(5)
THUNK(6)
THUNK(7)

static int pr_set(void *ud, const void *val) {
  probe *p = ud;

  p->v = *(const float *)val;
  p->writes++;
  if (p->n[TW_ON_COMPLETE] > 0)
    p->writes_after_complete++;
  if (p == &R.p[PX] && (R.kind == K_SETTER || R.kind == K_SETTER_FAST) &&
      !R.fired)
    act(R.m);
  return 0;
}

static void pr_get(void *ud, void *out) {
  probe *p = ud;

  *(float *)out = p->v;
  if (p == &R.p[PX] && R.kind == K_GETTER && !R.fired)
    act(R.m);
}

static void on_warn(tw_manager *m, tw_warning what, size_t old_cap,
                    size_t new_cap, void *ud) {
  (void)ud;
  if (R.warns++ == 0) {
    R.warn_what = (int)what;
    R.warn_old = old_cap;
    R.warn_new = new_cap;
  }
  if (R.kind == K_WARN && !R.fired)
    act(m);
}

static int create_probe(tw_manager *m, int i, float end, double dur) {
  static const tw_callback cbs[TW_ON_COUNT] = {on_0, on_1, on_2, on_3,
                                               on_4, on_5, on_6, on_7};
  probe *p = &R.p[i];
  int rc, e;

  p->v = 0;
  p->end = end;
  rc = tw_to_fn(m, TW_TYPE_FLOAT, pr_set, pr_get, p, &end, dur, &p->h);
  if (rc != 0)
    return rc;
  p->made = 1;
  /* G may be dead already: the warning hook ran inside its creation */
  if (!tw_is_active(m, p->h))
    return 0;
  if (R.kind == K_SETTER_FAST && i <= PZ)
    return 0; /* the scene on the shortest path: no callback */
  for (e = 0; e < TW_ON_COUNT; e++)
    ck_assert_int_eq(tw_on(m, p->h, (tw_event)e, cbs[e], p), 0);
  p->callbacks = 1;
  return 0;
}

static int in_pass_kind(int kind) {
  return kind != K_PAUSE_CALL && kind != K_REWIND_CALL;
}

static tw_manager *setup(int kind, int action) {
  tw_manager *m;
  double xdur = 8.0;

  memset(&R, 0, sizeof R);
  R.kind = kind;
  R.action = action;
  R.rc[0] = R.rc[1] = 12345;
  R.valid_in_cb = 12345;
  /* K_WARN: the four fill the array exactly */
  m = tt_manager(&R.a, kind == K_WARN ? 4 : 0);
  R.m = m;
  ck_assert_int_eq(tw_manager_set_warn(m, on_warn, NULL), 0);
  if (kind == K_PAUSE || kind == K_COMPLETE || kind == K_KILL ||
      kind == K_STEP_COMPLETE)
    xdur = 1.0;
  ck_assert_int_eq(create_probe(m, PE, 100.0f, 8.0), 0);
  ck_assert_int_eq(create_probe(m, PX, 50.0f, xdur), 0);
  ck_assert_int_eq(create_probe(m, PL, 200.0f, 8.0), 0);
  ck_assert_int_eq(create_probe(m, PZ, 400.0f, 8.0), 0);
  switch (kind) {
  case K_PAUSE:
    ck_assert_int_eq(tw_set_autokill(m, R.p[PX].h, 0), 0);
    break;
  case K_STEP_COMPLETE:
    ck_assert_int_eq(tw_set_loops(m, R.p[PX].h, 3, TW_LOOP_RESTART), 0);
    break;
  case K_REWIND:
    ck_assert_int_eq(tw_goto(m, R.p[PX].h, 0.5, 1), 0);
    ck_assert_int_eq(tw_smooth_rewind(m, R.p[PX].h), 0);
    break;
  case K_REWIND_CALL:
    ck_assert_int_eq(tw_goto(m, R.p[PX].h, 2.0, 1), 0);
    break;
  default:
    break;
  }
  if (kind == K_SETTER_FAST) { /* started, not acting yet */
    int i;
    R.fired = 1;
    NOW(m, 0.0);
    R.fired = 0;
    for (i = PE; i <= PZ; i++)
      R.p[i].writes = 0;
  }
  ck_assert_int_eq(R.fired, 0);
  tt_valid(m);
  return m;
}

/* The count n of a callback of probe i, or want where its callbacks are
 * not installed (SETTER_FAST's scene), so that a check of n holds there. */
static int seen(int i, int ev, int want) {
  return R.p[i].callbacks ? R.p[i].n[ev] : want;
}

static int is_action(int a, int b, int c, int d) {
  return R.action == a || R.action == b || R.action == c || R.action == d;
}

/* What every probe must satisfy at any time. */
static void check_probes(void) {
  int i;

  for (i = 0; i < NPROBE; i++) {
    probe *p = &R.p[i];
    const char *pn = probe_names[i];
    if (!p->made)
      continue;
    CHECK(p->bad_handle == 0, "%s: callback with a wrong handle", pn);
    CHECK(p->n[TW_ON_COMPLETE] <= 1, "%s: %d COMPLETE", pn,
          p->n[TW_ON_COMPLETE]);
    CHECK(p->n[TW_ON_KILL] <= 1, "%s: %d KILL", pn, p->n[TW_ON_KILL]);
    CHECK(p->n[TW_ON_START] <= 1, "%s: %d START", pn, p->n[TW_ON_START]);
    CHECK(p->writes_after_complete == 0, "%s: written %d times after COMPLETE",
          pn, p->writes_after_complete);
    if (p->n[TW_ON_COMPLETE] == 1)
      CHECK(p->v == p->end, "%s: completed, holds %.9g, not its end %.9g", pn,
            (double)p->v, (double)p->end);
  }
}

static void expect(int i, int active, float v) {
  probe *p = &R.p[i];

  CHECK(tw_is_active(R.m, p->h) == active, "%s: active is %d, expected %d",
        probe_names[i], tw_is_active(R.m, p->h), active);
  CHECK(p->v == v, "%s: holds %.9g, expected %.9g", probe_names[i],
        (double)p->v, (double)v);
}

static void run(int kind, int action) {
  tw_manager *m = setup(kind, action);
  int in_pass = in_pass_kind(kind);
  int kill_e = is_action(A_KILL_EARLIER, A_KILL_ALL, A_CLEAR, -1);
  int comp_e = action == A_COMPLETE_EARLIER;
  int kill_l = is_action(A_KILL_LATER, A_KILL_ALL, A_CLEAR, A_GROW);
  int comp_l = action == A_COMPLETE_LATER;
  int kill_z = is_action(A_KILL_ALL, A_CLEAR, -1, -1);
  int pause_z = action == A_GROW;
  int x_comp = kind == K_COMPLETE || kind == K_KILL || kind == K_PAUSE;
  int x_dead = is_action(A_KILL_SELF, A_KILL_ALL, A_CLEAR, -1) ||
               kind == K_COMPLETE || kind == K_KILL;
  float c1 = in_pass ? 0.0f : 1.875f, c2 = in_pass ? 1.875f : 3.5f;
  float g1 = in_pass ? 0.0f : 0.234375f, g2 = in_pass ? 0.234375f : 0.4375f;
  tw_stats st;
  int i;

  /* the trigger */
  if (kind == K_PAUSE_CALL)
    ck_assert_int_eq(tw_pause(m, R.p[PX].h), 0);
  if (kind == K_REWIND_CALL)
    ck_assert_int_eq(tw_rewind(m, R.p[PX].h, 0), 0);
  if (!in_pass) {
    CHECK(R.fired == 1, "the callback did not fire");
    tt_valid(m);
  }
  R.in_pass = 1;
  NOW(m, 1.0);
  R.in_pass = 0;
  CHECK(R.fired == 1, "the callback did not fire");
  CHECK(R.valid_in_cb == 0, "validate in the callback: %d", R.valid_in_cb);
  tt_valid(m);
  check_probes();

  /* what the action returned */
  switch (action) {
  case A_KILL_SELF:
    /* inside its own KILL callback the handle is already stale */
    CHECK(R.rc[0] == (kind == K_KILL ? TW_ESTALE : 0), "kill self: %d",
          R.rc[0]);
    break;
  case A_KILL_ALL:
    CHECK(R.rc[0] == R.expect_all, "kill all returned %d, expected %d", R.rc[0],
          R.expect_all);
    CHECK(R.live_after == 0, "%u live after kill all", (unsigned)R.live_after);
    break;
  case A_CLEAR:
    CHECK(R.rc[0] == 0, "clear: %d", R.rc[0]);
    CHECK(R.live_after == 0, "%u live after clear", (unsigned)R.live_after);
    break;
  case A_CAPACITY:
    CHECK(R.rc[0] == 0, "set capacity: %d", R.rc[0]);
    ck_assert_int_eq(tw_manager_stats(m, &st), 0);
    CHECK(st.tweens_capacity == 100000, "capacity %u",
          (unsigned)st.tweens_capacity);
    break;
  case A_GROW:
    CHECK(R.grown == GROW_N, "created %d of %d", R.grown, GROW_N);
    CHECK(R.rc[0] == 0, "kill after growth: %d", R.rc[0]);
    CHECK(R.rc[1] == 0, "pause after growth: %d", R.rc[1]);
    ck_assert_int_eq(tw_manager_stats(m, &st), 0);
    CHECK(st.tweens_capacity >= st.live, "capacity %u below live %u",
          (unsigned)st.tweens_capacity, (unsigned)st.live);
    for (i = 0; i < GROW_N; i++) {
      CHECK(tw_is_active(m, R.grow_h[i]), "grown %d lost", i);
      CHECK(R.grow_v[i] == g1, "grown %d holds %.9g after the pass", i,
            (double)R.grow_v[i]);
    }
    break;
  default:
    CHECK(R.rc[0] == 0, "the action returned %d", R.rc[0]);
    break;
  }

  /* E */
  if (comp_e) {
    expect(PE, 0, 100.0f);
    CHECK(seen(PE, TW_ON_COMPLETE, 1) == 1, "E: no COMPLETE");
  } else if (kill_e) {
    expect(PE, 0, in_pass ? 23.4375f : 0.0f);
    CHECK(R.p[PE].writes == in_pass, "E: %d writes", R.p[PE].writes);
  } else {
    expect(PE, 1, 23.4375f);
  }
  CHECK(seen(PE, TW_ON_KILL, comp_e || kill_e) == (comp_e || kill_e),
        "E: %d KILL", R.p[PE].n[TW_ON_KILL]);
  /* L */
  if (comp_l) {
    expect(PL, 0, 200.0f);
    CHECK(seen(PL, TW_ON_COMPLETE, 1) == 1, "L: no COMPLETE");
    CHECK(R.p[PL].n[TW_ON_UPDATE] == 0, "L: ran after its completion");
  } else if (kill_l) {
    expect(PL, 0, 0.0f);
    CHECK(R.p[PL].writes == 0, "L: written %d times", R.p[PL].writes);
    CHECK(R.p[PL].n[TW_ON_START] == 0, "L: started");
  } else {
    expect(PL, 1, 46.875f);
  }
  CHECK(seen(PL, TW_ON_KILL, comp_l || kill_l) == (comp_l || kill_l),
        "L: %d KILL", R.p[PL].n[TW_ON_KILL]);
  /* Z */
  if (kill_z) {
    expect(PZ, 0, 0.0f);
  } else if (pause_z) {
    expect(PZ, 1, 0.0f);
    CHECK(tw_is_playing(m, R.p[PZ].h) == 0, "Z: still playing");
    CHECK(seen(PZ, TW_ON_PAUSE, 1) == 1, "Z: %d PAUSE", R.p[PZ].n[TW_ON_PAUSE]);
  } else {
    expect(PZ, 1, 93.75f);
  }
  CHECK(seen(PZ, TW_ON_KILL, kill_z) == kill_z, "Z: %d KILL",
        R.p[PZ].n[TW_ON_KILL]);
  CHECK(R.p[PZ].n[TW_ON_COMPLETE] == 0, "Z: COMPLETE");
  /* X */
  CHECK(tw_is_active(m, R.p[PX].h) == !x_dead, "X: active is %d",
        tw_is_active(m, R.p[PX].h));
  CHECK(seen(PX, TW_ON_KILL, x_dead) == x_dead, "X: %d KILL",
        R.p[PX].n[TW_ON_KILL]);
  CHECK(seen(PX, TW_ON_COMPLETE, x_comp) == x_comp, "X: %d COMPLETE",
        R.p[PX].n[TW_ON_COMPLETE]);
  /* C: created in the pass, it did not run in it */
  if (action == A_CREATE) {
    probe *c = &R.p[PC];
    CHECK(c->made && c->callbacks, "C not created");
    expect(PC, 1, c1);
    if (in_pass) {
      double el = -1;
      CHECK(c->writes == 0, "C: written %d times in its creation pass",
            c->writes);
      CHECK(c->n[TW_ON_START] == 0 && c->n[TW_ON_UPDATE] == 0,
            "C: callbacks in its creation pass");
      ck_assert_int_eq(tw_elapsed(m, c->h, &el), 0);
      CHECK(el == 0.0, "C: elapsed %g", el);
    }
  }
  /* G: created by X's UPDATE, grew the array */
  if (kind == K_WARN) {
    probe *g = &R.p[PG];
    int g_alive = !is_action(A_KILL_ALL, A_CLEAR, -1, -1);
    CHECK(g->made, "G not created");
    CHECK(R.warns >= 1, "no warning");
    CHECK(R.warn_what == TW_WARN_GROW_TWEENS && R.warn_old == 4 &&
              R.warn_new == 204,
          "warning (%d, %u, %u), expected (%d, 4, 204)", R.warn_what,
          (unsigned)R.warn_old, (unsigned)R.warn_new, TW_WARN_GROW_TWEENS);
    CHECK(g->callbacks == g_alive, "G: callbacks %d", g->callbacks);
    expect(PG, g_alive, 0.0f);
    CHECK(g->writes == 0, "G: written in its creation pass");
  }

  /* the next pass */
  NOW(m, 1.0);
  tt_valid(m);
  check_probes();
  if (!comp_e && !kill_e)
    expect(PE, 1, 43.75f);
  if (!comp_l && !kill_l)
    expect(PL, 1, 87.5f);
  if (!kill_z)
    expect(PZ, 1, pause_z ? 0.0f : 175.0f);
  if (action == A_CREATE)
    expect(PC, 1, c2);
  if (kind == K_WARN && R.p[PG].callbacks)
    expect(PG, 1, 1.875f);
  for (i = 0; i < R.grown; i++)
    CHECK(R.grow_v[i] == g2, "grown %d holds %.9g after the next pass", i,
          (double)R.grow_v[i]);

  /* free kills the rest: every KILL exactly once, COMPLETE where due */
  CHECK(tw_manager_free(m) == 0, "free refused");
  for (i = 0; i < NPROBE; i++) {
    probe *p = &R.p[i];
    int want_complete =
        (i == PE && comp_e) || (i == PL && comp_l) || (i == PX && x_comp);
    if (!p->made)
      continue;
    CHECK(p->n[TW_ON_KILL] == p->callbacks, "%s: %d KILL in all",
          probe_names[i], p->n[TW_ON_KILL]);
    CHECK(seen(i, TW_ON_COMPLETE, want_complete) == want_complete,
          "%s: %d COMPLETE in all", probe_names[i], p->n[TW_ON_COMPLETE]);
    CHECK(p->bad_handle == 0, "%s: callback with a wrong handle",
          probe_names[i]);
  }
  for (i = 0; i < R.grown; i++)
    CHECK(R.grow_kills[i] == 1, "grown %d: %d KILL", i, R.grow_kills[i]);
  CHECK(R.a.live_blocks == 0, "%u blocks leaked", (unsigned)R.a.live_blocks);
  CHECK(R.a.live_bytes == 0, "%u bytes leaked", (unsigned)R.a.live_bytes);
}

#define KIND_TEST(name, kind)                                                  \
  START_TEST(test_reentrancy_##name) { run((kind), _i); }                      \
  END_TEST
KIND_TEST(start, K_START)
KIND_TEST(play, K_PLAY)
KIND_TEST(pause, K_PAUSE)
KIND_TEST(pause_call, K_PAUSE_CALL)
KIND_TEST(rewind, K_REWIND)
KIND_TEST(rewind_call, K_REWIND_CALL)
KIND_TEST(update, K_UPDATE)
KIND_TEST(step_complete, K_STEP_COMPLETE)
KIND_TEST(complete, K_COMPLETE)
KIND_TEST(kill, K_KILL)
KIND_TEST(setter, K_SETTER)
KIND_TEST(setter_fast, K_SETTER_FAST)
KIND_TEST(getter, K_GETTER)
KIND_TEST(warn, K_WARN)

/* A run of setter tweens on the update's shortest path, in which the
 * one at `actor` kills the one at `victim` (earlier or later), then
 * creates tweens until the array, full, is compacted in the middle of the
 * pass: the tweens after a killed earlier one move down under the pass's
 * cursor.  Every live tween of the run is still written exactly once in
 * the pass, at its right value, and again once in the next.  Every pair
 * of places in a run of six.  The same for a run of sequences (the
 * update's loop of running sequences), each of one setter child, the
 * actor's child killing the victim sequence. */
enum { RUN_N = 6, RUN_EXTRA = 64 };

static struct {
  tw_manager *m;
  float v[RUN_N], extra[RUN_EXTRA];
  tw_handle h[RUN_N];
  int writes[RUN_N];
  int actor, victim, acted, made;
  size_t compactions;
} C;

static size_t compactions(tw_manager *m) {
  tw_stats st;

  ck_assert_int_eq(tw_manager_stats(m, &st), 0);
  return st.compactions;
}

static int run_set(void *ud, const void *v) {
  int k = (int)((float *)ud - C.v);

  C.writes[k]++;
  memcpy(ud, v, sizeof(float));
  if (k == C.actor && !C.acted) {
    size_t before = compactions(C.m);
    C.acted = 1;
    ck_assert_int_eq(tw_kill(C.m, C.h[C.victim], 0), 0);
    while (C.made < RUN_EXTRA && compactions(C.m) == before) {
      ck_assert_int_eq(tw_float_to(C.m, &C.extra[C.made], 1.0f, 8.0, NULL), 0);
      C.made++;
    }
    C.compactions = compactions(C.m) - before;
  }
  return 0;
}

static void run_get(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

static void run_compacted(int seqs) {
  static const float y[3] = {0.0f, 0.234375f, 0.4375f}; /* OutQuad, t/8 */
  const float end = 1.0f;
  tw_config c;
  tw_handle child;
  int actor, victim, i, pass;

  for (actor = 0; actor < RUN_N; actor++) {
    for (victim = 0; victim < RUN_N; victim++) {
      if (victim == actor)
        continue;
      memset(&C, 0, sizeof C);
      tw_config_init(&c);
      c.tweens = RUN_N;
      c.sequences = seqs ? RUN_N : 1; /* the array: six tweens and one more,
                                         or six sequences and their six
                                         children (holes once added) */
      c.warn = tw_warn_silent;
      ck_assert_int_eq(tw_manager_new(&c, &C.m), 0);
      C.actor = -1; /* no act on the starting pass */
      for (i = 0; i < RUN_N; i++) {
        if (seqs)
          ck_assert_int_eq(tw_sequence(C.m, &C.h[i]), 0);
        ck_assert_int_eq(tw_to_fn(C.m, TW_TYPE_FLOAT, run_set, run_get, &C.v[i],
                                  &end, 8.0, seqs ? &child : &C.h[i]),
                         0);
        if (seqs)
          ck_assert_int_eq(tw_seq_append(C.m, C.h[i], child), 0);
      }
      NOW(C.m, 0); /* started: the next passes take the shortest path */
      C.actor = actor;
      C.victim = victim;
      for (pass = 1; pass <= 2; pass++) {
        memset(C.writes, 0, sizeof C.writes);
        NOW(C.m, 1);
        ck_assert_int_eq(tw_manager_validate(C.m), 0);
        for (i = 0; i < RUN_N; i++) {
          /* the victim: written before it dies when earlier, never
           * after */
          int want = i != victim ? 1 : pass == 1 && victim < actor;
          ck_assert_msg(C.writes[i] == want,
                        "actor %d, victim %d, pass %d: tween %d written %d "
                        "times, expected %d",
                        actor, victim, pass, i, C.writes[i], want);
          if (i != victim)
            ck_assert_msg(C.v[i] == y[pass],
                          "actor %d, victim %d, pass %d: tween %d is %.9g",
                          actor, victim, pass, i, (double)C.v[i]);
        }
      }
      ck_assert_msg(C.acted && C.compactions == 1,
                    "actor %d, victim %d: %zu compactions in the setter", actor,
                    victim, C.compactions);
      tw_manager_free(C.m);
    }
  }
}

START_TEST(test_reentrancy_setter_run_compacted) { run_compacted(0); }
END_TEST

START_TEST(test_reentrancy_seq_run_compacted) { run_compacted(1); }
END_TEST

/* A float setter tween's getter, at its start, changes its own tween:
 * the start must then go on as the general start does, whatever way the
 * update takes (START fired, the new end, nothing written, nothing
 * written while paused, or the frame's step left out after a move to
 * 4 s, which changes neither its flags nor its place). */
enum { G_ON_START, G_RETARGET, G_KILL, G_PAUSE, G_GOTO, G_COUNT };

static struct {
  tw_manager *m;
  tw_handle h;
  int act, got, started, written;
  float v;
} G;

static void g_start(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  G.started++;
}

static int g_set(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  G.written++;
  return 0;
}

static void g_get(void *ud, void *out) {
  const float two = 2.0f;

  memcpy(out, ud, sizeof(float));
  G.got++;
  if (G.act == G_ON_START)
    ck_assert_int_eq(tw_on(G.m, G.h, TW_ON_START, g_start, NULL), 0);
  else if (G.act == G_RETARGET)
    ck_assert_int_eq(tw_retarget(G.m, G.h, &two, -1), 0);
  else if (G.act == G_KILL)
    ck_assert_int_eq(tw_kill(G.m, G.h, 0), 0);
  else if (G.act == G_GOTO)
    ck_assert_int_eq(tw_goto(G.m, G.h, 4.0, 1), 0);
  else
    ck_assert_int_eq(tw_pause(G.m, G.h), 0);
}

START_TEST(test_reentrancy_getter_changes_its_tween) {
  const float end = 1.0f;

  memset(&G, 0, sizeof G);
  G.act = _i;
  G.m = tt_mgr();
  ck_assert_int_eq(
      tw_to_fn(G.m, TW_TYPE_FLOAT, g_set, g_get, &G.v, &end, 8.0, &G.h), 0);
  NOW(G.m, 1); /* OutQuad at 1/8: 0.234375 of the way */
  tt_valid(G.m);
  ck_assert_int_eq(G.got, 1);
  ck_assert_int_eq(G.started, _i == G_ON_START);
  ck_assert_int_eq(G.written,
                   _i == G_ON_START || _i == G_RETARGET || _i == G_GOTO);
  ck_assert(G.v == (_i == G_ON_START   ? 0.234375f
                    : _i == G_RETARGET ? 0.46875f
                    : _i == G_GOTO     ? 0.75f /* OutQuad at 4/8 */
                                       : 0.0f));
  if (_i == G_GOTO) { /* where the move left it: the frame's step left out */
    double e;
    ck_assert_int_eq(tw_elapsed(G.m, G.h, &e), 0);
    ck_assert(e == 4.0);
  }
  ck_assert_int_eq(tw_is_active(G.m, G.h), _i != G_KILL);
  tw_manager_free(G.m);
}
END_TEST

/* A setter tween's setter that, at its last write (its end), gives its
 * tween an UPDATE or a COMPLETE callback, or rewinds it: the end goes on
 * as the general step's does, the callback fired once, or, rewound, no
 * COMPLETE and the tween lives.  A tween with no callbacks takes a short
 * end (tw__end_step), which must see what its setter did. */
enum { L_ON_UPDATE, L_ON_COMPLETE, L_REWIND, L_COUNT };

static struct {
  tw_manager *m;
  tw_handle h;
  float v;
  int act, acted, fired;
} L;

static void l_count(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  L.fired++;
}

static int l_set(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  if (L.v != 1.0f || L.acted++ > 0)
    return 0;
  if (L.act == L_REWIND)
    ck_assert_int_eq(tw_rewind(L.m, L.h, 0), 0);
  else
    ck_assert_int_eq(tw_on(L.m, L.h,
                           L.act == L_ON_UPDATE ? TW_ON_UPDATE : TW_ON_COMPLETE,
                           l_count, NULL),
                     0);
  return 0;
}

static void l_get(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

START_TEST(test_reentrancy_setter_at_its_end) {
  const float end = 1.0f;

  memset(&L, 0, sizeof L);
  L.act = _i;
  L.m = tt_mgr();
  ck_assert_int_eq(
      tw_to_fn(L.m, TW_TYPE_FLOAT, l_set, l_get, &L.v, &end, 1.0, &L.h), 0);
  NOW(L.m, 0.5);
  ck_assert_int_eq(L.acted, 0);
  NOW(L.m, 0.5); /* its end */
  tt_valid(L.m);
  ck_assert_int_eq(L.acted, 1);
  ck_assert_int_eq(L.fired, _i != L_REWIND);
  ck_assert_int_eq(tw_is_active(L.m, L.h), _i == L_REWIND);
  ck_assert(L.v == (_i == L_REWIND ? 0.0f : 1.0f)); /* rewound: its start */
  tw_manager_free(L.m);
}
END_TEST

/* A sequence's callback item at its end (the last of its timeline) that
 * gives the sequence an UPDATE or a COMPLETE callback, rewinds it, kills
 * it, or creates tweens (enough to compact the array) and a sequence: the
 * end goes on as the general step's does, the callback fired once, or,
 * rewound, no COMPLETE and the sequence lives.  A sequence with no
 * callbacks of its own takes a short end (tw__end_step), which must see
 * what its item did. */
enum { Q_ON_UPDATE, Q_ON_COMPLETE, Q_REWIND, Q_KILL, Q_CREATE, Q_COUNT };

static struct {
  tw_manager *m;
  tw_handle h, made, before[8];
  float v, w[80];
  int act, acted, fired;
} Q;

static void q_count(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  (void)ud;
  Q.fired++;
}

static void q_item(tw_manager *m, tw_handle h, void *ud) {
  int i;

  (void)ud;
  (void)h;
  if (Q.acted++ > 0)
    return;
  switch (Q.act) {
  case Q_ON_UPDATE:
  case Q_ON_COMPLETE:
    ck_assert_int_eq(tw_on(m, h,
                           Q.act == Q_ON_UPDATE ? TW_ON_UPDATE : TW_ON_COMPLETE,
                           q_count, NULL),
                     0);
    break;
  case Q_REWIND:
    ck_assert_int_eq(tw_rewind(m, h, 0), 0);
    break;
  case Q_KILL:
    ck_assert_int_eq(tw_kill(m, h, 0), 0);
    break;
  default:
    for (i = 0; i < 80; i++)
      ck_assert_int_eq(tw_float_to(m, &Q.w[i], 1.0f, 1.0, NULL), 0);
    ck_assert_int_eq(tw_sequence(m, &Q.made), 0);
    break;
  }
}

START_TEST(test_reentrancy_sequence_item_at_its_end) {
  tw_handle child;
  int i;

  memset(&Q, 0, sizeof Q);
  Q.act = _i;
  Q.m = tt_mgr();
  for (i = 0; i < 8; i++) /* holes before it, made at its end's pass */
    ck_assert_int_eq(tw_float_to(Q.m, &Q.w[i], 1.0f, 9.0, &Q.before[i]), 0);
  ck_assert_int_eq(tw_sequence(Q.m, &Q.h), 0);
  ck_assert_int_eq(tw_float_to(Q.m, &Q.v, 1.0f, 1.0, &child), 0);
  ck_assert_int_eq(tw_seq_append(Q.m, Q.h, child), 0);
  ck_assert_int_eq(tw_seq_append_callback(Q.m, Q.h, q_item, NULL), 0);
  NOW(Q.m, 0.5);
  ck_assert_int_eq(Q.acted, 0);
  ck_assert(Q.v > 0.0f && Q.v < 1.0f);
  for (i = 0; i < 8; i++)
    ck_assert_int_eq(tw_kill(Q.m, Q.before[i], 0), 0);
  NOW(Q.m, 0.5); /* its end */
  tt_valid(Q.m);
  ck_assert_int_eq(Q.acted, 1);
  ck_assert_int_eq(Q.fired, _i == Q_ON_UPDATE || _i == Q_ON_COMPLETE);
  ck_assert_int_eq(tw_is_active(Q.m, Q.h), _i == Q_REWIND);
  if (_i != Q_REWIND)
    ck_assert(Q.v == 1.0f);
  if (_i == Q_CREATE)
    ck_assert(tw_is_active(Q.m, Q.made));
  NOW(Q.m, 0.25);
  tt_valid(Q.m);
  ck_assert_int_eq(Q.fired, _i == Q_ON_UPDATE || _i == Q_ON_COMPLETE);
  tw_manager_free(Q.m);
}
END_TEST

static Suite *reentrancy_suite(void) {
  Suite *s = suite_create("reentrancy");
  TCase *tc;

#define ADD(name) TT_ADD_LOOP(s, test_reentrancy_##name, #name, 60, A_COUNT);
  ADD(start)
  ADD(play)
  ADD(pause)
  ADD(pause_call)
  ADD(rewind)
  ADD(rewind_call)
  ADD(update)
  ADD(step_complete)
  ADD(complete)
  ADD(kill)
  ADD(setter)
  ADD(setter_fast)
  ADD(getter)
  ADD(warn)
#undef ADD
  TT_ADD_LOOP(s, test_reentrancy_getter_changes_its_tween,
              "getter_changes_its_tween", 60, G_COUNT);
  TT_ADD_LOOP(s, test_reentrancy_setter_at_its_end, "setter_at_its_end", 60,
              L_COUNT);
  TT_ADD_LOOP(s, test_reentrancy_sequence_item_at_its_end,
              "sequence_item_at_its_end", 60, Q_COUNT);
  tc = tcase_create("setter_run_compacted");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_reentrancy_setter_run_compacted);
  suite_add_tcase(s, tc);
  tc = tcase_create("seq_run_compacted");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_reentrancy_seq_run_compacted);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return tt_run(reentrancy_suite()); }

/* SPDX-License-Identifier: MIT */
/* tests/test_model.c's harness (model-harness.h): a world: its log, callbacks,
 * keys, sequences, and apply(). */
#include "model-harness.h"

unsigned char hook_acts[MAXSER];
long hook_count;       /* acts of the hook, for the batch's line */
long setter_act_count; /* setters that acted (setter_acts), too */
/* springs made or sent (tw_spring_go) in the model's world, and of them
 * those refused, for the batch's line */
long spring_count, spring_refused;

/* Set while the library's tw_kill_target(NULL) bug is present (see
 * known_bugs): the random runs then never kill by the NULL key. */
int steer_kill_target_null;
/* Set while bug B5 is present: hard-limit runs get room for holes. */
int steer_limit_holes;
/* Set while bug B6 is present: no PLAY callback is added after creation. */
int steer_late_play;
/* Runs that build sequences (see seq_run); the others keep overwrite and
 * tw_writer, which the model has not learnt among children (see model.h):
 * in a run with sequences no tween is set to overwrite, and tw_writer is
 * not called.  Nor are sequences made in runs with a hard limit on tweens
 * (the model counts no sequence capacity). */
int seq_on;

unsigned par_threads;

/* With the parallel update on (par_threads), no sequences yet: the model
 * is the serial update, and how a sequence's drive meets the eligible
 * tweens' writes of an update (which land first, tween.h) is not
 * steered around yet. */
int seq_run(uint64_t seed, size_t max_tweens) {
  return max_tweens == 0 && seed % 4 != 3 && par_threads == 0;
}

/* The parallel update in the library's world (see parallel_on). */
tw_threads *par_pool;

/* With the parallel update on, a tween bound by a setter writes targets
 * of its own, the last of each kind, and one bound by pointer the others:
 * a setter's writes are the program's, which the library cannot see and
 * orders after the eligible tweens' writes of an update (tween.h), where
 * the serial update, which the model is, orders them by creation. */
int par_target(int tgt, int bind) {
  if (par_threads == 0)
    return tgt;
  return bind ? NTARGET - 1 : tgt % (NTARGET - 1);
}

int target_key(rng *r) {
  int kind = rnd(r, K_COUNT);

  return 100 + (kind * NTARGET + rnd(r, NTARGET)) * 64 +
         rnd(r, (int)kind_size[kind]);
}

static const char key_storage[4] = {0, 1, 2, 3};
/* A key: < 0 NULL, 0..3 a program key, from 100 a byte of a target of
 * world w (kind, index and offset in the value packed in k - 100). */
static const void *key_in(world *w, int k);
const void *key_of(int k) { return k < 0 ? NULL : &key_storage[k & 3]; }

static const void *key_in(world *w, int k) {
  int kind, i;

  if (k < 100)
    return key_of(k);
  k -= 100;
  kind = k / (NTARGET * 64);
  i = k / 64 % NTARGET;
  return (const char *)target_of(&w->tg, kind, i) + k % 64;
}

void logw(world *w, int kind, int a, int b, int c, double v) {
  if (w->nlog == w->logcap) {
    int ncap = w->logcap < 256 ? 256 : w->logcap * 2;
    logent *l = realloc(w->log, (size_t)ncap * sizeof *l);
    if (l == NULL)
      abort();
    w->log = l;
    w->logcap = ncap;
  }
  w->log[w->nlog].kind = kind;
  w->log[w->nlog].a = a;
  w->log[w->nlog].b = b;
  w->log[w->nlog].c = c;
  w->log[w->nlog].v = v;
  w->nlog++;
}

/* the library handle for a serial, forged for bad serials */
tw_handle handle_of(const world *w, int s) {
  tw_handle h;

  if (s >= 0 && s < w->nserial)
    return w->h[s];
  h.index = 0;
  h.gen = 0;
  if (s == -2) { /* a live-looking index with an even generation */
    h.index = 1;
    h.gen = 2;
  } else if (s != S_NONE) { /* an index never handed out */
    h.index = 1000000u + (uint32_t)(s < 0 ? -s : s);
    h.gen = 1;
  }
  return h;
}

/* A setter about to fail acts first, mostly (two in three), as tween.h
 * lets any setter, and so does one that does not fail, now and then
 * (setter_act_at): a plan of gen_setter_act's, the same in both worlds,
 * from the tween's seed and its count of calls.  So the library's update
 * finds the failing setter's tween where that code left it (killed,
 * moved by a compaction, complete, paused, retargeted) and kills it if it
 * lives, as the model does, and goes on from where that code left its
 * walk.  Not during the tween's own creation
 * (tw_from_to_fn's write of its start: no handle yet), nor from a tween
 * made this deep (MAXDEPTH).  SACT_COMPACT creates SACT_MOST / 2 to
 * SACT_MOST tweens, enough to compact the array under the update's walk
 * often: a count of the plan's own, not the library's, since when the
 * array compacts differs between builds (the fast paths' creations defer
 * it to the update) while the values and events may not (the fast paths'
 * comparison digests them, tests/check-fast-paths.sh). */
#define SACT_MOST 64

static void setter_acts(world *w, meta *mt) {
  int s = mt->serial, plan, n, i;
  rng r;
  op o;

  if (s >= w->nserial || mt->depth >= MAXDEPTH)
    return;
  r.s = mix64(mt->cbseed ^ 0x5e77e25e77e2ull ^
              (uint64_t)mt->sets * 0x2545f4914f6cdd1dull);
  if (rnd(&r, 3) == 0)
    return;
  plan = rnd(&r, SACT_COUNT);
  n = plan == SACT_GROW      ? 1 + rnd(&r, 8)
      : plan == SACT_COMPACT ? SACT_MOST / 2 + rnd(&r, SACT_MOST / 2 + 1)
      : plan == SACT_ANY     ? 1 + rnd(&r, 3)
                             : 1;
  if (!w->model)
    setter_act_count++;
  for (i = 0; i < n; i++) {
    gen_setter_act(&r, w, s, plan, i, &o);
    if ((o.kind == OP_CREATE || o.kind == OP_SEQ_NEW) &&
        w->nserial >= SER_LIMIT)
      continue;
    logw(w, L_OP, o.kind, o.s, o.a, o.x);
    apply(w, &o, mt->depth + 1);
  }
}

/* A setter that does not fail acts as a failing one does (setter_acts)
 * on one of its calls, the second to the sixth, in one tween of twelve:
 * at most once. */
static int setter_act_at(const meta *mt) {
  uint64_t x = mix64(mt->cbseed ^ 0xac75e77e2ull);

  return x % 12 == 0 ? 2 + (int)(x / 12 % 5) : 0;
}

/* setter and getter, for both worlds: ud is the tween's meta */
int w_setter(void *ud, const void *value) {
  meta *mt = ud;
  unsigned char copy[TM_VALUE_MAX];

  rollback_busy(mt->w);
  mt->sets++;
  if (mt->fail_at != 0 && mt->sets == mt->fail_at) {
    logw(mt->w, L_SETFAIL, mt->serial, mt->sets, 0, 0);
    setter_acts(mt->w, mt);
    return 1;
  }
  if (mt->fail_at == 0 && mt->sets == setter_act_at(mt)) {
    /* value is good until the setter calls the library (tween.h: a
     * write through this setter may reuse its place): copied first */
    memcpy(copy, value, kind_size[mt->kind]);
    value = copy;
    setter_acts(mt->w, mt);
  }
  memcpy(target_of(&mt->w->tg, mt->kind, mt->tgt), value, kind_size[mt->kind]);
  return 0;
}

void w_getter(void *ud, void *out) {
  meta *mt = ud;

  memcpy(out, target_of(&mt->w->tg, mt->kind, mt->tgt), kind_size[mt->kind]);
}

static int w_is_active(world *w, int s) {
  return w->model ? tm_is_active(&w->tm, s)
                  : tw_is_active(w->m, handle_of(w, s));
}

void apply(world *w, const op *o, int depth);

/* The hook's act on serial s (see hook_acts), in either world. */
static void hook_act(world *w, int s, int act, int depth) {
  op o;

  memset(&o, 0, sizeof o);
  o.s = s;
  o.kind = act == HOOK_PAUSE      ? OP_PAUSE
           : act == HOOK_GOTO     ? OP_GOTO
           : act == HOOK_COMPLETE ? OP_COMPLETE
                                  : OP_KILL;
  o.a = act == HOOK_KILL_COMPLETE || act == HOOK_GOTO;
  o.x = act == HOOK_GOTO ? 0.25 : 0;
  logw(w, L_OP, o.kind, o.s, o.a, o.x);
  /* s is counted while the act runs (the tween has no callbacks yet: no
   * code of the program creates meanwhile) */
  w->nserial++;
  apply(w, &o, depth + 1);
  w->nserial--;
}

/* The library's warning hook, in runs that set one: a growth during a
 * creation of the harness acts on the tween made (the last in the
 * array's order), now and then, and says what it did in hook_acts. */
void w_warn(tw_manager *m, tw_warning what, size_t old_cap, size_t new_cap,
            void *ud) {
  static tw_handle order[2 * MAXSER];
  world *w = ud;
  int s = w->nserial, n, i;
  tw_handle h;
  uint64_t x;

  (void)what;
  (void)old_cap;
  (void)new_cap;
  if (w->model || w->rollback || w->creating != 1 || s >= MAXSER)
    return;
  n = tw_manager_order(m, order, sizeof order / sizeof *order);
  if (n <= 0 || n > (int)(sizeof order / sizeof *order))
    return;
  while (n > 0 && TW_HANDLE_IS_NONE(order[n - 1]))
    n--;
  if (n == 0)
    return;
  h = order[n - 1];
  for (i = 0; i < s; i++) /* not a tween of before */
    if (w->h[i].index == h.index && w->h[i].gen == h.gen)
      return;
  x = mix64(w->hook_seed ^ (uint64_t)s * 0x9e3779b97f4a7c15ull);
  if (x % 3 == 0)
    return;
  w->h[s] = h;
  hook_acts[s] = (unsigned char)(1 + (x >> 8) % (HOOK_COUNT - 1));
  hook_count++;
  hook_act(w, s, hook_acts[s], w->creating_depth);
}

/* Around a creation of serial s: the library's world lets its hook act,
 * and the model's does what the hook did, after its call (rc its
 * result). */
void hook_begin(world *w, int s, int depth) {
  if (w->model)
    return;
  hook_acts[s] = HOOK_NONE;
  w->creating++;
  w->creating_depth = depth;
}

void hook_end(world *w, int s, int rc, int depth) {
  if (!w->model)
    w->creating--;
  else if (rc == 0 && hook_acts[s] != HOOK_NONE)
    hook_act(w, s, hook_acts[s], depth);
}

/* Every callback of both worlds: log it, then maybe act. */
static void on_event(world *w, meta *mt, int ev, int hmatch) {
  int s = mt->serial, call = mt->ncalls++;
  rng r;
  op o;

  logw(w, L_CB, ev, s, (w_is_active(w, s) ? 2 : 0) | hmatch,
       value_digest(&w->tg, mt->kind, mt->tgt));
  rollback_busy(w);
  /* An infinitely looping tween of a hostile time (a duration of 1e-300,
   * a time scale of 1e300) crosses up to 2^31 loops in one step, and fires
   * a STEP_COMPLETE for each, as tween.h says: after 1000 in a row, the
   * callback kills it, in both worlds alike. */
  mt->steps = ev == TW_ON_STEP_COMPLETE ? mt->steps + 1 : 0;
  /* A sequence with callbacks loops forever over a hostile time (a child
   * of 1e-300 s): every loop crossed is driven (tween.h), up to 2^31 in
   * one step.  After RUNAWAY_CALLS callbacks in one top-level operation,
   * a callback kills every tween, in both worlds alike, once. */
  if (++w->op_calls == RUNAWAY_CALLS) {
    memset(&o, 0, sizeof o);
    o.kind = OP_KILL_ALL;
    logw(w, L_OP, o.kind, o.s, o.a, o.x);
    apply(w, &o, mt->depth + 1);
    return;
  }
  if (mt->steps >= RUNAWAY_STEPS) {
    memset(&o, 0, sizeof o);
    o.kind = OP_KILL;
    o.s = s;
    mt->steps = 0;
    logw(w, L_OP, o.kind, o.s, o.a, o.x);
    apply(w, &o, mt->depth + 1);
    return;
  }
  if (mt->depth >= MAXDEPTH || mt->nacts >= MAXACTS)
    return;
  r.s =
      mix64(mt->cbseed ^ (uint64_t)call * 0x2545f4914f6cdd1dull) ^ (uint64_t)ev;
  if (!chance(&r, 30))
    return;
  gen_cb_op(&r, w, s, &o);
  if (o.kind == OP_CREATE && w->nserial >= SER_LIMIT)
    return;
  mt->nacts++;
  logw(w, L_OP, o.kind, o.s, o.a, o.x);
  apply(w, &o, mt->depth + 1);
}

#define LIB_CB(ev)                                                             \
  static void lib_cb_##ev(tw_manager *m, tw_handle h, void *ud) {              \
    meta *mt = ud;                                                             \
    world *w = mt->w;                                                          \
    tw_handle mine = w->h[mt->serial];                                         \
    (void)m;                                                                   \
    on_event(w, mt, ev,                                                        \
             m == w->m && h.index == mine.index && h.gen == mine.gen);         \
  }                                                                            \
  static void model_cb_##ev(tm_model *m, int s, void *ud) {                    \
    meta *mt = ud;                                                             \
    on_event(mt->w, mt, ev, m == &mt->w->tm && s == mt->serial);               \
  }
LIB_CB(0)
LIB_CB(1)
LIB_CB(2)
LIB_CB(3)
LIB_CB(4)
LIB_CB(5)
LIB_CB(6)
LIB_CB(7)
#undef LIB_CB

const tw_callback lib_cbs[TW_ON_COUNT] = {lib_cb_0, lib_cb_1, lib_cb_2,
                                          lib_cb_3, lib_cb_4, lib_cb_5,
                                          lib_cb_6, lib_cb_7};
const tm_callback model_cbs[TW_ON_COUNT] = {model_cb_0, model_cb_1, model_cb_2,
                                            model_cb_3, model_cb_4, model_cb_5,
                                            model_cb_6, model_cb_7};

/* A sequence's callback item: its ud is the sequence's meta; logged as
 * event TW_ON_COUNT. */
static void lib_item_cb(tw_manager *m, tw_handle h, void *ud) {
  meta *mt = ud;
  world *w = mt->w;
  tw_handle mine = w->h[mt->serial];

  on_event(w, mt, TW_ON_COUNT,
           m == w->m && h.index == mine.index && h.gen == mine.gen);
}

static void model_item_cb(tm_model *m, int s, void *ud) {
  meta *mt = ud;

  on_event(mt->w, mt, TW_ON_COUNT, m == &mt->w->tm && s == mt->serial);
}

/* sequences                                                           */

/* tw_sequence with p's settings (those a sequence takes; the others are
 * refused as they are for any sequence); its serial, or -1. */
static int w_sequence(world *w, const params *p, int depth) {
  int s = w->nserial, rc;
  meta *mt = &w->meta[s];

  if (s >= MAXSER) {
    logw(w, L_RC, C_SEQUENCE, -1, 0, 0);
    return -1;
  }
  memset(mt, 0, sizeof *mt);
  mt->w = w;
  mt->serial = s;
  mt->kind = K_FLOAT;
  /* the value its callbacks log: with the parallel update on, one no
   * eligible tween writes (par_target) */
  mt->tgt = par_target(0, 1);
  mt->depth = depth;
  mt->cbseed = p->cbseed;
  if (w->model) {
    int serial = -1;
    rc = tm_sequence(&w->tm, &serial);
    if (rc == 0 && serial != s)
      rc = -1000;
  } else {
    tw_handle h = {0, 0};
    rc = tw_sequence(w->m, &h);
    w->h[s] = h;
  }
  logw(w, L_RC, C_SEQUENCE, s, rc, 0);
  if (rc != 0)
    return -1;
  w->nserial++;
  w_settings(w, s, p, 1);
  return s;
}

static void w_seq_add(world *w, int s, int where, double at, int c) {
  tw_manager *m = w->m;
  tw_handle h = handle_of(w, s), ch = handle_of(w, c);
  int rc;

  if (w->model)
    rc = tm_seq_add(&w->tm, s, where, at, c);
  else if (where == TM_AT_APPEND)
    rc = tw_seq_append(m, h, ch);
  else if (where == TM_AT_JOIN)
    rc = tw_seq_join(m, h, ch);
  else if (where == TM_AT_INSERT)
    rc = tw_seq_insert(m, h, at, ch);
  else
    rc = tw_seq_prepend(m, h, ch);
  logw(w, L_RC, C_SEQ_ADD, s, rc, c * 4.0 + where);
}

/* A stagger from a seed: the simple form (tw_seq_stagger, *simple set) or
 * a whole tw_stagger, now and then with a bad field. */
static void gen_stagger(uint64_t seed, size_t n, tw_stagger *st, int *simple) {
  rng r;

  r.s = mix64(seed ^ 0x57a6u);
  tw_stagger_init(st);
  *simple = chance(&r, 40);
  st->each = chance(&r, 70) ? gen_seq_time(&r) : 0;
  st->seed = (uint32_t)rnext(&r);
  st->from = (tw_stagger_from)rnd(&r, chance(&r, 4) ? 7 : 6);
  if (*simple)
    return;
  if (chance(&r, 30))
    st->amount = chance(&r, 80) ? runif(&r) * 2 : gen_seq_time(&r);
  st->index = (size_t)rnd(&r, (int)n + 1);
  if (chance(&r, 30)) {
    st->cols = (size_t)rnd(&r, 5);
    st->rows = chance(&r, 50) ? 0 : (size_t)rnd(&r, 4);
  }
  st->axis = (tw_stagger_axis)rnd(&r, chance(&r, 3) ? 4 : 3);
  if (chance(&r, 40))
    st->ease =
        (tw_ease)rnd(&r, chance(&r, 3) ? TW_EASE_COUNT + 2 : TW_EASE_COUNT);
}

/* tw_seq_stagger(_with) of children[0 .. n) into s at `at`, the stagger
 * from seed. */
static void w_seq_stagger(world *w, int s, const int *children, size_t n,
                          double at, uint64_t seed) {
  tw_handle hs[8];
  tw_stagger st;
  size_t i;
  int rc, simple;

  gen_stagger(seed, n, &st, &simple);
  for (i = 0; i < n; i++)
    hs[i] = handle_of(w, children[i]);
  if (w->model) {
    tw_stagger ms = st; /* tw_seq_stagger's, as tween.h says */
    if (simple) {
      tw_stagger_init(&ms);
      ms.each = st.each;
      ms.from = (unsigned)st.from <= TW_STAGGER_RANDOM ? st.from
                                                       : (tw_stagger_from)-1;
      ms.seed = st.seed;
    }
    rc = tm_seq_stagger(&w->tm, s, n > 0 || (seed & 1) ? children : NULL, n, at,
                        &ms);
  } else if (simple) {
    rc = tw_seq_stagger(w->m, handle_of(w, s), n > 0 || (seed & 1) ? hs : NULL,
                        n, at, st.each, st.from, st.seed);
  } else {
    rc = tw_seq_stagger_with(w->m, handle_of(w, s),
                             n > 0 || (seed & 1) ? hs : NULL, n, at, &st);
  }
  logw(w, L_RC, C_SEQ_STAGGER, s, rc, (double)n);
}

/* The n newest live tweens of w (not s), newest last; now and then one
 * given twice.  Both worlds see the same live tweens, or their logs
 * differ already. */
static size_t newest_live(world *w, int s, int n, uint64_t seed, int *out) {
  int k = 0, i;

  for (i = w->nserial - 1; i >= 0 && k < n; i--)
    if (i != s && w_is_active(w, i))
      out[k++] = i;
  for (i = 0; i < k / 2; i++) {
    int x = out[i];
    out[i] = out[k - 1 - i];
    out[k - 1 - i] = x;
  }
  if (k > 1 && seed % 11 == 0)
    out[0] = out[k - 1];
  return (size_t)k;
}

static const char *const label_names[] = {"a", "b", "intro", "", NULL};

static void w_seq_label(world *w, const op *o) {
  int k = (int)o->y, rc;
  const char *name = label_names[k >= 0 && k < 5 ? k : 0];
  tw_handle h = handle_of(w, o->s);
  tm_model *t = &w->tm;
  double at = -1;

  switch (o->a) {
  case LABEL_ADD:
    rc = w->model ? tm_seq_add_label(t, o->s, name, o->x)
                  : tw_seq_add_label(w->m, h, name, o->x);
    break;
  case LABEL_INSERT:
    rc = w->model
             ? tm_seq_insert_at_label(t, o->s, name, o->x, o->b)
             : tw_seq_insert_at_label(w->m, h, name, o->x, handle_of(w, o->b));
    break;
  case LABEL_GOTO:
    rc = w->model ? tm_goto_label(t, o->s, name, o->b & 1)
                  : tw_goto_label(w->m, h, name, o->b & 1);
    break;
  default:
    rc = w->model ? tm_seq_label_at(t, o->s, name, &at)
                  : tw_seq_label_at(w->m, h, name, &at);
    break;
  }
  logw(w, L_RC, C_SEQ_LABEL, o->s, rc * 100 + o->a * 10 + k, at);
}

/* OP_SEQ_NEW: the sequence, then o->a children, each made (a tween from
 * gen_params, or, one build deep, a sequence built the same way) and
 * added at a place drawn from o->p.pseed. */
static void w_seq_build(world *w, const op *o, int depth) {
  int s = w_sequence(w, &o->p, depth), i;
  rng r;

  r.s = mix64(o->p.pseed ^ 0x5e9u);
  if (s >= 0 && o->a > 0 && chance(&r, 25)) { /* made, then staggered */
    int kids[8], n = 0;
    for (i = 0; i < o->a && w->nserial < SER_LIMIT; i++) {
      params cp;
      int c = w->nserial;
      gen_params(&r, &cp);
      w_create(w, &cp, depth);
      if (w->nserial > c)
        kids[n++] = c;
    }
    if (n > 1 && chance(&r, 10))
      kids[0] = kids[n - 1]; /* given twice */
    w_seq_stagger(w, s, kids, (size_t)n, gen_seq_time(&r), rnext(&r));
    return;
  }
  for (i = 0; s >= 0 && i < o->a; i++) {
    int where = rnd(&r, 4), c = w->nserial;
    double at = gen_seq_time(&r);
    if (o->b < 1 && chance(&r, 15)) {
      op sub;
      memset(&sub, 0, sizeof sub);
      sub.kind = OP_SEQ_NEW;
      sub.a = rnd(&r, 4);
      sub.b = o->b + 1;
      gen_params(&r, &sub.p);
      sub.p.pseed = rnext(&r);
      w_seq_build(w, &sub, depth);
    } else {
      params cp;
      gen_params(&r, &cp);
      w_create(w, &cp, depth);
    }
    if (w->nserial > c && c < SER_LIMIT)
      w_seq_add(w, s, where, at, c);
  }
}

/* Runs one operation in world w; depth: how deep in callbacks. */
void apply(world *w, const op *o, int depth) {
  tw_manager *m = w->m;
  tm_model *t = &w->tm;
  tw_handle h = handle_of(w, o->s);
  int rc = 0, call = 0;

  if (depth == 0)
    w->op_calls = 0;
  switch (o->kind) {
  case OP_CREATE:
    w_create(w, &o->p, depth);
    return;
  case OP_UPDATE:
    call = C_UPDATE;
    rc = w->model ? tm_update(t, o->s, o->x, o->y)
                  : tw_update(m, (tw_update_type)o->s, o->x, o->y);
    break;
  case OP_KILL:
    call = C_KILL;
    rc =
        w->model ? tm_kill(t, o->s, o->a && !w->sabotage) : tw_kill(m, h, o->a);
    break;
  case OP_COMPLETE:
    call = C_COMPLETE;
    rc = w->model ? tm_complete(t, o->s) : tw_complete(m, h);
    break;
  case OP_PAUSE:
    call = C_PAUSE;
    rc = w->model ? tm_pause(t, o->s) : tw_pause(m, h);
    break;
  case OP_PLAY:
    call = C_PLAY;
    rc = w->model ? tm_play(t, o->s) : tw_play(m, h);
    break;
  case OP_SET:
    w_set(w, o->s, o->a, o->b, o->x);
    return;
  case OP_KILL_ID:
    call = C_KILL_ID;
    rc = w->model ? tm_kill_id(t, o->a, o->b) : tw_kill_id(m, o->a, o->b);
    break;
  case OP_KILL_TARGET:
    call = C_KILL_TARGET;
    rc = w->model ? tm_kill_target(t, key_in(w, o->a), o->b)
                  : tw_kill_target(m, key_in(w, o->a), o->b);
    break;
  case OP_KILL_ALL:
    call = C_KILL_ALL;
    rc = w->model ? tm_kill_all(t, o->b) : tw_kill_all(m, o->b);
    break;
  case OP_CLEAR:
    call = C_CLEAR;
    rc = w->model ? tm_clear(t) : tw_manager_clear(m);
    break;
  case OP_TIMESCALE:
    call = C_MTIMESCALE;
    rc = w->model ? tm_manager_set_timescale(t, o->x)
                  : tw_manager_set_timescale(m, o->x);
    break;
  case OP_CAPACITY:
    call = C_CAPACITY;
    rc = w->model ? tm_manager_set_capacity(t, (size_t)o->a)
                  : tw_manager_set_capacity(m, (size_t)o->a, 0);
    break;
  case OP_FREE:
    call = C_FREE;
    rc = w->model ? tm_free(t) : tw_manager_free(m);
    if (rc == 0 && depth == 0)
      w->freed = 1;
    break;
  case OP_TOGGLE:
    call = C_TOGGLE;
    rc = w->model ? tm_toggle(t, o->s) : tw_toggle(m, h);
    break;
  case OP_COMPLETE_SILENT:
    call = C_COMPLETE_SILENT;
    rc = w->model ? tm_complete_silent(t, o->s) : tw_complete_silent(m, h);
    break;
  case OP_RESTART:
    call = C_RESTART;
    rc = w->model ? tm_restart(t, o->s, o->a, o->x)
                  : tw_restart(m, h, o->a, o->x);
    break;
  case OP_REWIND:
    call = C_REWIND;
    rc = w->model ? tm_rewind(t, o->s, o->a) : tw_rewind(m, h, o->a);
    break;
  case OP_GOTO:
    call = C_GOTO;
    rc = w->model ? tm_goto(t, o->s, o->x, o->a) : tw_goto(m, h, o->x, o->a);
    break;
  case OP_KILL_ALL_EXCEPT: {
    int ids[4], n = 0, i;
    for (i = 0; i < 4; i++)
      if (o->a & (1 << i))
        ids[n++] = i;
    call = C_KILL_ALL_EXCEPT;
    rc = w->model
             ? tm_kill_all_except(t, o->y != 0 ? NULL : ids, (size_t)n, o->b)
             : tw_kill_all_except(m, o->y != 0 ? NULL : ids, (size_t)n, o->b);
    break;
  }
  case OP_RETARGET: {
    /* an end of the tween's kind, from y */
    int kind = o->s >= 0 && o->s < w->nserial ? w->meta[o->s].kind : K_FLOAT;
    double nums[4];
    unsigned char end[TM_VALUE_MAX];
    const void *e = o->a ? NULL : end;
    nums[0] = o->y;
    nums[1] = -o->y;
    nums[2] = o->y * 0.5 + 1.0;
    nums[3] = 3.0 - o->y;
    memset(end, 0, sizeof end);
    make_value(kind, nums, end);
    call = C_RETARGET;
    rc = w->model ? tm_retarget(t, o->s, e, o->x) : tw_retarget(m, h, e, o->x);
    break;
  }
  case OP_WRITER: {
    /* logs the serial of the writer found, -1 for none */
    const void *key = key_in(w, o->a);
    int who = -1;
    if (w->model) {
      rc = tm_writer(t, key, o->b ? NULL : &who);
    } else {
      tw_handle wh = {7, 7};
      int i;
      rc = tw_writer(m, key, o->b ? NULL : &wh);
      for (i = 0; rc == 1 && i < w->nserial; i++)
        if (w->h[i].index == wh.index && w->h[i].gen == wh.gen)
          who = i;
      if (rc == 0 && (wh.index != 0 || wh.gen != 0))
        rc = -1000; /* no writer: the none handle */
    }
    logw(w, L_RC, C_WRITER, who, rc, 0);
    return;
  }
  case OP_GO:
  case OP_SPRING_GO:
    w_go(w, o, depth);
    return;
  case OP_SEQ_NEW:
    if (w->nserial < SER_LIMIT)
      w_seq_build(w, o, depth);
    return;
  case OP_SEQ_ADD:
    w_seq_add(w, o->s, o->a, o->x, o->b);
    return;
  case OP_SEQ_LABEL:
    w_seq_label(w, o);
    return;
  case OP_SEQ_STAGGER: {
    int kids[8];
    size_t n = newest_live(w, o->s, o->a, o->p.pseed, kids);
    w_seq_stagger(w, o->s, kids, n, o->x, o->p.pseed);
    return;
  }
  case OP_SEQ_INTERVAL:
    call = C_SEQ_INTERVAL;
    rc = w->model ? tm_seq_interval(t, o->s, o->a, o->x)
         : o->a   ? tw_seq_prepend_interval(m, h, o->x)
                  : tw_seq_append_interval(m, h, o->x);
    break;
  case OP_SEQ_CALLBACK: {
    meta *mt = o->s >= 0 && o->s < w->nserial ? &w->meta[o->s] : NULL;
    tw_callback lf = o->b || mt == NULL ? NULL : lib_item_cb;
    tm_callback mf = o->b || mt == NULL ? NULL : model_item_cb;
    call = C_SEQ_CALLBACK;
    if (w->model)
      rc = tm_seq_callback(t, o->s, o->a, o->x, mf, mt);
    else if (o->a == TM_AT_APPEND)
      rc = tw_seq_append_callback(m, h, lf, mt);
    else if (o->a == TM_AT_JOIN)
      rc = tw_seq_join_callback(m, h, lf, mt);
    else
      rc = tw_seq_insert_callback(m, h, o->x, lf, mt);
    break;
  }
  default:
    abort();
  }
  logw(w, L_RC, call, o->s, rc, 0);
}

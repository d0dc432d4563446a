/* SPDX-License-Identifier: MIT */
/* tests/test_model.c's harness (model-harness.h): running both worlds,
 * comparing, shrinking and printing. */
/* The deprecated calls tw_set_target and tw_loops are called here on purpose,
 * without the warning. */
#define TW_DISABLE_DEPRECATION_WARNINGS 1

#include "model-harness.h"

/* ------------------------------------------------------------------ */
/* running and comparing                                               */

unsigned quirks_now; /* TM_QUIRK_* of the bugs still present */

config config_of(uint64_t seed) {
  rng r;
  config c;

  r.s = mix64(seed * 7919u + 17);
  memset(&c, 0, sizeof c);
  switch (rnd(&r, 6)) {
  case 0:
    c.tweens = 1 + (size_t)rnd(&r, 8);
    break;
  case 1:
    c.tweens = 1 + (size_t)rnd(&r, 8);
    c.sequences = 1;
    break;
  case 2:
    /* a hard limit (and a tiny array, so holes fill it) */
    c.tweens = 4 + (size_t)rnd(&r, 8);
    c.max_tweens = c.tweens + (size_t)rnd(&r, 24);
    c.sequences = 1 + (size_t)rnd(&r, 3);
    if (steer_limit_holes)
      c.sequences = 2 * MAXSER; /* room for every hole a run can make */
    break;
  default:
    break;
  }
  c.pool_bound = (size_t)(rnd(&r, 3) == 0 ? rnd(&r, 3) : 0);
  /* a hook where the array is small, so that it grows (its own stream:
   * the other choices stay those of before) */
  c.hook = c.tweens != 0 && mix64(seed ^ 0x600d600du) % 2 == 0;
  return c;
}

/* The parallel update in the library's world: with par_threads > 0, every
 * manager has the ready pool of that many threads as its hook, with
 * threshold 0 (every update with a tween it can take goes parallel) and a
 * grain of 1 to 64 drawn from the seed; the model is the same, since the
 * parallel update promises the serial update's results (DESIGN.md
 * section 11).  TW_MODEL_PARALLEL=N sets it for every run of the
 * process; test_model_parallel sets it for its own. */
/* par_threads from TW_MODEL_PARALLEL, else `fallback`; 0 where the
 * library has no pool (no POSIX threads). */
void parallel_on(unsigned fallback) {
  const char *e = getenv("TW_MODEL_PARALLEL");

  par_threads = e != NULL && atoi(e) > 0 ? (unsigned)atoi(e) : fallback;
  if (par_threads > 0 && par_pool == NULL &&
      tw_threads_new(par_threads, &par_pool) != 0) {
    printf("model: no ready pool (no POSIX threads): serial updates\n");
    par_threads = 0;
  }
}

void parallel_off(void) {
  ck_assert_int_eq(tw_threads_free(par_pool), 0);
  par_pool = NULL;
  par_threads = 0;
}

void world_init(world *w, int model, uint64_t seed, const config *c) {
  rng r;
  int k, i;

  memset(w, 0, sizeof *w);
  w->model = model;
  for (k = 0; k < K_COUNT; k++)
    w->types[k] = k < K_SMALL    ? TW_TYPE_FLOAT + k
                  : k == K_RGBA8 ? TW_TYPE_RGBA8
                                 : 0;
  if (model) {
    tm_init(&w->tm, c->max_tweens);
    ck_assert_int_eq(tm_register_type(&w->tm, sizeof(small_t), small_lerp,
                                      &lerp_ud_small, &w->types[K_SMALL]),
                     0);
    ck_assert_int_eq(tm_register_type(&w->tm, sizeof(big_t), big_lerp,
                                      &lerp_ud_big, &w->types[K_BIG]),
                     0);
    if (par_threads > 0) /* the hook builds the index of keys */
      tm_keys_on(&w->tm);
  } else {
    tw_config cf;
    tw_config_init(&cf);
    if (c->tweens)
      cf.tweens = c->tweens;
    if (c->sequences)
      cf.sequences = c->sequences;
    cf.max_tweens = c->max_tweens;
    cf.pool_bound = c->pool_bound;
    cf.alloc = tt_alloc;
    cf.alloc_ud = &w->alloc;
    cf.warn = c->hook ? w_warn : tw_warn_silent;
    cf.warn_ud = w;
    if (par_threads > 0) {
      cf.parallel = tw_threads_parallel_for;
      cf.parallel_pool = par_pool;
      cf.parallel_grain = 1 + (size_t)(mix64(seed ^ 0x9a7a11e1u) % 64);
      cf.parallel_threshold = 0;
    }
    w->hook_seed = mix64(seed ^ 0x4008u);
    ck_assert_int_eq(tw_manager_new(&cf, &w->m), 0);
    ck_assert_int_eq(tw_register_type(w->m, sizeof(small_t), small_lerp,
                                      &lerp_ud_small, &w->types[K_SMALL]),
                     0);
    ck_assert_int_eq(tw_register_type(w->m, sizeof(big_t), big_lerp,
                                      &lerp_ud_big, &w->types[K_BIG]),
                     0);
  }
  /* the same start values in both worlds */
  r.s = mix64(seed ^ 0x5eed);
  for (k = 0; k < K_COUNT; k++)
    for (i = 0; i < NTARGET; i++) {
      double v[4];
      int j;
      for (j = 0; j < 4; j++)
        v[j] = gen_number(&r);
      make_value(k, v, target_of(&w->tg, k, i));
    }
}

void world_done(world *w) {
  if (!w->freed) {
    if (w->model)
      tm_free(&w->tm);
    else
      tw_manager_free(w->m);
  }
  free(w->log);
  w->log = NULL;
}

static const char *const kind_names[K_COUNT] = {
    "float", "double", "int",   "vec2", "vec3",
    "vec4",  "color",  "small", "big",  "rgba8"};

static const char *const call_names[] = {"create",
                                         "set_delay",
                                         "set_loops",
                                         "set_ease",
                                         "set_autokill",
                                         "set_update_type",
                                         "set_independent",
                                         "set_id",
                                         "set_target",
                                         "set_timescale",
                                         "set_recyclable",
                                         "on",
                                         "update",
                                         "kill",
                                         "complete",
                                         "pause",
                                         "play",
                                         "kill_id",
                                         "kill_target",
                                         "kill_all",
                                         "clear",
                                         "manager_set_timescale",
                                         "manager_set_capacity",
                                         "manager_free",
                                         "toggle",
                                         "complete_silent",
                                         "restart",
                                         "rewind",
                                         "goto",
                                         "kill_all_except",
                                         "set_overwrite",
                                         "set_loop_delay",
                                         "set_yoyo_ease",
                                         "set_snap",
                                         "retarget",
                                         "writer",
                                         "go",
                                         "set_additive",
                                         "punch",
                                         "shake",
                                         "path",
                                         "spring_params",
                                         "spring_to",
                                         "spring_to_v",
                                         "spring_go",
                                         "sequence",
                                         "seq_add",
                                         "seq_interval",
                                         "seq_callback",
                                         "seq_label",
                                         "seq_stagger",
                                         "set_ease_params"};
/* a name for every call */
typedef char call_names_complete
    [sizeof call_names / sizeof *call_names == C_END - C_CREATE ? 1 : -1];
static const char *const event_names[TW_ON_COUNT] = {
    "START",  "PLAY",          "PAUSE",    "REWIND",
    "UPDATE", "STEP_COMPLETE", "COMPLETE", "KILL"};

int trace; /* print both logs at a mismatch */

static void print_log(FILE *f, const world *w) {
  int i;

  fprintf(f, "  %s log:\n", w->model ? "model" : "library");
  for (i = 0; i < w->nlog; i++) {
    const logent *e = &w->log[i];
    switch (e->kind) {
    case L_RC:
      fprintf(f, "    %3d tw_%s(%d) = %d (%g)\n", i,
              call_names[e->a - C_CREATE], e->b, e->c, e->v);
      break;
    case L_CB:
      fprintf(f, "    %3d   %s callback of %d%s%s, target %.9g\n", i,
              e->a >= 0 && e->a < TW_ON_COUNT ? event_names[e->a]
              : e->a == TW_ON_COUNT           ? "item"
                                              : "?",
              e->b, (e->c & 2) ? "" : " (not active)",
              (e->c & 1) ? "" : " (WRONG HANDLE)", e->v);
      break;
    case L_SETFAIL:
      fprintf(f, "    %3d   setter of %d fails (call %d)\n", i, e->a, e->b);
      break;
    default:
      fprintf(f, "    %3d   the callback runs %s (s %d, a %d)\n", i,
              op_names[e->a], e->b, e->c);
      break;
    }
  }
}

/* The mismatch, or "" (msg has room for 512). */
/* The digest of what the library did (its log and its targets at each
 * comparison), printed with each batch's counts: a build with the fast
 * paths off (configure --disable-fast-paths) must print the same, bit for
 * bit, for the same seeds (tests/check-fast-paths.sh). */
uint64_t digest;

/* tw__test_retarget_state, from lib/floors.h (a test hook): the numbers
 * of a retargeted tween's record, which the values written show only to a
 * float's precision. */
size_t tw__test_retarget_state(const tw_manager *m, tw_handle h, double *out,
                               size_t cap);

static void digest_bytes(const void *p, size_t n) {
  const unsigned char *b = p;
  size_t i;

  for (i = 0; i < n; i++)
    digest = (digest ^ b[i]) * 0x100000001b3ull;
}

static void digest_world(world *L) {
  int i, k;

  for (i = 0; i < L->nlog; i++) {
    const logent *e = &L->log[i];
    int v[4];
    double x = e->v != e->v ? 0.0 : e->v; /* NaN: one pattern */
    v[0] = e->kind;
    v[1] = e->a;
    v[2] = e->b;
    v[3] = e->c;
    digest_bytes(v, sizeof v);
    digest_bytes(&x, sizeof x);
  }
  for (k = 0; k < K_COUNT; k++)
    for (i = 0; i < NTARGET; i++)
      digest_bytes(target_of(&L->tg, k, i), kind_size[k]);
  for (i = 0; i < L->nserial && !L->freed; i++) { /* the retargets' records */
    double x[64];
    size_t n = tw__test_retarget_state(L->m, L->h[i], x, 64);
    digest_bytes(x, (n < 64 ? n : 64) * sizeof *x);
  }
}

void compare(world *L, world *M, char *msg) {
  static tw_handle order[MAXSER + 64];
  tw_stats st;
  int i, k, n;

  msg[0] = 0;
  digest_world(L);
  if (trace) {
    print_log(stderr, L);
    print_log(stderr, M);
  }
  n = L->nlog < M->nlog ? L->nlog : M->nlog;
  for (i = 0; i < n; i++) {
    logent *a = &L->log[i], *b = &M->log[i];
    if (a->kind != b->kind || a->a != b->a || a->b != b->b || a->c != b->c ||
        !feq(a->v, b->v)) {
      snprintf(msg, 512,
               "log entry %d: library (%d: %d %d %d %.9g), model (%d: %d %d "
               "%d %.9g)",
               i, a->kind, a->a, a->b, a->c, a->v, b->kind, b->a, b->b, b->c,
               b->v);
      return;
    }
  }
  if (L->nlog != M->nlog) {
    logent *e = L->nlog > M->nlog ? &L->log[n] : &M->log[n];
    snprintf(msg, 512,
             "log length: library %d, model %d; first extra (%d: %d %d %d "
             "%.9g) in the %s",
             L->nlog, M->nlog, e->kind, e->a, e->b, e->c, e->v,
             L->nlog > M->nlog ? "library" : "model");
    return;
  }
  L->nlog = M->nlog = 0;
  if (L->nserial != M->nserial) {
    snprintf(msg, 512, "serials: library %d, model %d", L->nserial, M->nserial);
    return;
  }
  for (k = 0; k < K_COUNT; k++)
    for (i = 0; i < NTARGET; i++)
      if (!value_eq(k, target_of(&L->tg, k, i), target_of(&M->tg, k, i))) {
        snprintf(msg, 512, "target %s[%d]: library %.9g, model %.9g",
                 kind_names[k], i, value_digest(&L->tg, k, i),
                 value_digest(&M->tg, k, i));
        return;
      }
  if (L->freed != M->freed) {
    snprintf(msg, 512, "freed: library %d, model %d", L->freed, M->freed);
    return;
  }
  if (L->freed) {
    if (L->alloc.live_bytes != 0 || L->alloc.live_blocks != 0)
      snprintf(msg, 512, "after tw_manager_free: %lu bytes in %lu blocks",
               (unsigned long)L->alloc.live_bytes,
               (unsigned long)L->alloc.live_blocks);
    return;
  }
  if (tw_manager_validate(L->m) != 0) {
    snprintf(msg, 512, "tw_manager_validate failed");
    return;
  }
  tw_manager_stats(L->m, &st);
  if (st.live != (size_t)tm_live(&M->tm) || st.peak != M->tm.peak ||
      st.setter_failures - L->replayed_failures != M->tm.setter_failures) {
    snprintf(msg, 512,
             "stats: live %lu peak %lu setter failures %lu; model %d %lu %lu",
             (unsigned long)st.live, (unsigned long)st.peak,
             (unsigned long)st.setter_failures, tm_live(&M->tm),
             (unsigned long)M->tm.peak, (unsigned long)M->tm.setter_failures);
    return;
  }
  if (st.bytes != L->alloc.live_bytes) {
    snprintf(msg, 512, "stats.bytes %lu, allocator %lu",
             (unsigned long)st.bytes, (unsigned long)L->alloc.live_bytes);
    return;
  }
  /* the order: the live handles, holes skipped, are the model's */
  k = tw_manager_order(L->m, order, sizeof order / sizeof *order);
  if (k < 0 || k > (int)(sizeof order / sizeof *order)) {
    snprintf(msg, 512, "tw_manager_order returned %d", k);
    return;
  }
  n = 0;
  for (i = 0; i < k; i++) {
    tw_handle h;
    if (TW_HANDLE_IS_NONE(order[i]))
      continue;
    if (n >= M->tm.n) {
      snprintf(msg, 512, "order: more live slots than the model's %d", M->tm.n);
      return;
    }
    h = L->h[M->tm.tw[n].serial];
    if (h.index != order[i].index || h.gen != order[i].gen) {
      snprintf(msg, 512, "order: slot %d is %u:%u, model's tween %d is %u:%u",
               i, (unsigned)order[i].index, (unsigned)order[i].gen,
               M->tm.tw[n].serial, (unsigned)h.index, (unsigned)h.gen);
      return;
    }
    n++;
  }
  if (n != M->tm.n) {
    snprintf(msg, 512, "order: %d live, model %d", n, M->tm.n);
    return;
  }
  /* counts, and the tweens of each id and key */
  for (i = TW_COUNT_ACTIVE; i <= TW_COUNT_PAUSED; i++) {
    int a = tw_count(L->m, (tw_count_what)i), b = tm_count(&M->tm, i);
    if (a != b) {
      snprintf(msg, 512, "tw_count(%d): library %d, model %d", i, a, b);
      return;
    }
  }
  for (k = 0; k < 8; k++) {
    static int serials[MAXSER];
    int a = k < 4 ? tw_find_id(L->m, k, order, MAXSER)
                  : tw_find_target(L->m, key_of(k - 4), order, MAXSER);
    int b = k < 4 ? tm_find_id(&M->tm, k, serials, MAXSER)
                  : tm_find_target(&M->tm, key_of(k - 4), serials, MAXSER);
    if (a != b) {
      snprintf(msg, 512, "tw_find_%s(%d): library %d, model %d",
               k < 4 ? "id" : "target", k & 3, a, b);
      return;
    }
    for (i = 0; i < a && i < MAXSER; i++)
      if (order[i].index != L->h[serials[i]].index ||
          order[i].gen != L->h[serials[i]].gen) {
        snprintf(msg, 512, "tw_find_%s(%d): entry %d is not tween %d",
                 k < 4 ? "id" : "target", k & 3, i, serials[i]);
        return;
      }
  }
  /* every handle ever issued */
  for (i = 0; i < L->nserial; i++) {
    tw_handle h = L->h[i];
    int a = tw_is_active(L->m, h), b = tm_is_active(&M->tm, i);
    int pl = tw_is_playing(L->m, h), pm = tm_is_playing(&M->tm, i);
    int cl = tw_is_complete(L->m, h), cm = tm_is_complete(&M->tm, i);
    double el = -1, em = -1;
    int rl = tw_elapsed(L->m, h, &el), rm = tm_elapsed(&M->tm, i, &em);
    int ll = tw_loops_done(L->m, h), lm = tm_loops_done(&M->tm, i);
    double dl = -1, dm = -1, tl = -1, tmm = -1, yl = -1, ym = -1;
    int lo = tw_loops(L->m, h), lom = tm_loops(&M->tm, i);
    int r1 = tw_duration(L->m, h, 0, &dl), r1m = tm_duration(&M->tm, i, 0, &dm);
    int r2 = tw_duration(L->m, h, 1, &tl),
        r2m = tm_duration(&M->tm, i, 1, &tmm);
    int r3 = tw_delay(L->m, h, &yl), r3m = tm_delay(&M->tm, i, &ym);
    if (a != b || pl != pm || cl != cm || rl != rm || el != em || ll != lm) {
      snprintf(msg, 512,
               "tween %d: active %d playing %d complete %d elapsed %d %.17g "
               "loops done %d; model %d %d %d %d %.17g %d",
               i, a, pl, cl, rl, el, ll, b, pm, cm, rm, em, lm);
      return;
    }
    double al = -1, am = -1, sl = -1, sm = -1;
    int r4 = tw_seq_child_at(L->m, h, &al, &sl),
        r4m = tm_seq_child_at(&M->tm, i, &am, &sm);
    if (r4 != r4m || al != am || sl != sm) {
      snprintf(msg, 512,
               "tween %d: tw_seq_child_at %d %.17g %.17g; model %d %.17g "
               "%.17g",
               i, r4, al, sl, r4m, am, sm);
      return;
    }
    if (lo != lom || r1 != r1m || r2 != r2m || r3 != r3m || dl != dm ||
        tl != tmm || yl != ym) {
      snprintf(msg, 512,
               "tween %d: loops %d duration %d %.17g / %.17g delay %d "
               "%.17g; model %d %d %.17g / %.17g %d %.17g",
               i, lo, r1, dl, tl, r3, yl, lom, r1m, dm, tmm, r3m, ym);
      return;
    }
  }
}

/* operations that callbacks ran, in w's log */
long count_ops(const world *w) {
  long n = 0;
  int i;

  for (i = 0; i < w->nlog; i++)
    n += w->log[i].kind == L_OP;
  return n;
}

/* Runs ops[0 .. n) (or, gen set, generates n of them into ops) on a fresh
 * library and model; stops at the first mismatch. */
void run(uint64_t seed, op *ops, int n, int gen, int sabotage, outcome *out) {
  static world L, M;
  config c = config_of(seed);
  rng r;
  int i, crowd;

  memset(out, 0, sizeof *out);
  seq_on = seq_run(seed, c.max_tweens);
  world_init(&L, 0, seed, &c);
  world_init(&M, 1, seed, &c);
  M.sabotage = sabotage;
  M.tm.quirks = quirks_now;
  r.s = mix64(seed);
  crowd = (int[]){8, 24, 48, 120}[seed % 4];
  for (i = 0; i < n && !out->failed; i++) {
    if (gen) {
      if (i == n - 1) {
        memset(&ops[i], 0, sizeof ops[i]);
        ops[i].kind = OP_FREE;
      } else {
        gen_op(&r, &M, crowd, &ops[i]);
        if (ops[i].kind == OP_CREATE && M.nserial >= SER_LIMIT)
          ops[i].kind = OP_KILL_ALL;
      }
    }
    if (L.freed) /* a list shrunk to something after its free */
      break;
    apply(&L, &ops[i], 0);
    apply(&M, &ops[i], 0);
    out->ops += 1 + count_ops(&M);
    compare(&L, &M, out->msg);
    if (out->msg[0])
      out->failed = i + 1;
  }
  world_done(&L);
  world_done(&M);
}

/* ------------------------------------------------------------------ */
/* shrinking and printing                                              */

int fails(uint64_t seed, const op *ops, int n, int sabotage) {
  static op buf[TT_MODEL_MAXOPS];
  outcome o;

  memcpy(buf, ops, (size_t)n * sizeof *ops);
  run(seed, buf, n, 0, sabotage, &o);
  return o.failed != 0;
}

/* Delta debugging: drops chunks of ops, halving the chunk size, while the
 * run still fails; returns the new length. */
int shrink(uint64_t seed, op *ops, int n, int sabotage) {
  static op tmp[TT_MODEL_MAXOPS];
  int chunk = n / 2 > 0 ? n / 2 : 1;

  while (chunk >= 1) {
    int start = 0, progress = 0;
    while (start < n) {
      int len = start + chunk > n ? n - start : chunk;
      memcpy(tmp, ops, (size_t)start * sizeof *ops);
      memcpy(tmp + start, ops + start + len,
             (size_t)(n - start - len) * sizeof *ops);
      if (n - len > 0 && fails(seed, tmp, n - len, sabotage)) {
        memcpy(ops, tmp, (size_t)(n - len) * sizeof *ops);
        n -= len;
        progress = 1;
      } else {
        start += len;
      }
    }
    if (!progress)
      chunk /= 2;
  }
  return n;
}

void print_ops(FILE *f, uint64_t seed, const op *ops, int n) {
  int i;

  fprintf(f, "/* seed %" PRIu64 ", %d operations */\n", seed, n);
  for (i = 0; i < n; i++) {
    const op *o = &ops[i];
    const params *p = &o->p;
    fprintf(f, "{%s, %d, %d, %d, %a, %a", op_names[o->kind], o->s, o->a, o->b,
            o->x, o->y);
    if (o->kind == OP_CREATE || o->kind == OP_GO || o->kind == OP_SPRING_GO)
      fprintf(f,
              ", {%d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, 0x%x, "
              "%d, %a, %a, %a, {%a, %a, %a, %a}, 0x%" PRIx64
              "u, %d, {%a, %a, %a, %a}, %d, %d, %a, %d, 0x%x, %d, %d, %d, "
              "0x%" PRIx64 "u, %d, %d, {%a, %a, %a, %a, %a}, {%a, %a, %a, %a}}",
              p->kind, p->tgt, p->bind, p->bad, p->ease, p->loops, p->loop_type,
              p->autokill, p->utype, p->independent, p->recyclable, p->id,
              p->key, (unsigned)p->cbmask, p->fail_at, p->duration, p->delay,
              p->timescale, p->end[0], p->end[1], p->end[2], p->end[3],
              p->cbseed, p->from_to, p->start[0], p->start[1], p->start[2],
              p->start[3], p->shape, p->vibrato, p->spread, p->fade,
              (unsigned)p->pkind, p->npts, p->sbad, p->additive, p->pseed,
              p->spring, p->spmake, p->sp[0], p->sp[1], p->sp[2], p->sp[3],
              p->sp[4], p->svel[0], p->svel[1], p->svel[2], p->svel[3]);
    fprintf(f, "},\n");
  }
}

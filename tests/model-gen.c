/* SPDX-License-Identifier: MIT */
/* tests/test_model.c's harness (model-harness.h): generating operations. */
#include "model-harness.h"

/* ------------------------------------------------------------------ */
/* generating operations                                               */

static double gen_duration(rng *r) {
  /* dyadic ones, and ones that sums of dt reach only within rounding (the
   * snap to boundaries) */
  static const double nice[] = {0.125, 0.25, 0.5, 1.0,       1.5,
                                0.1,   0.3,  0.7, 1.0 / 3.0, 0.05};
  static const double hostile[] = {-0.0, 5e-324, 1e-300, 1e-320, 1e300};
  int x = rnd(r, 100);

  if (x < 7)
    return 0;
  if (x < 8)
    return hostile[rnd(r, 5)];
  if (x < 45)
    return nice[rnd(r, 10)];
  return 0.01 + runif(r) * 2.0;
}

static double gen_dt(rng *r) {
  static const double frame[] = {1.0 / 60.0, 1.0 / 30.0, 0.1, 0.05, 0.01};
  static const double hostile[] = {-0.0, 5e-324, 1e-300, 1e-9};
  int x = rnd(r, 1000);

  if (x < 112)
    return 0;
  if (x < 120)
    return hostile[rnd(r, 4)];
  if (x < 300)
    return 1.0 / 60.0;
  if (x < 450)
    return frame[rnd(r, 5)];
  if (x < 650)
    return runif(r) * 0.3;
  if (x < 820)
    return 0.125 * (1 + rnd(r, 8));
  if (x < 960)
    return runif(r) * 8.0;
  return 50.0 + runif(r) * 200.0;
}

double gen_number(rng *r) {
  /* magnitudes at the edges of float: half its largest, its denormals */
  static const double hostile[] = {-0.0,  FLT_MAX / 2, -FLT_MAX / 2, 1e30,
                                   -1e30, 1e-40,       -1e-40};
  int x = rnd(r, 100);

  if (x < 15)
    return (double)(rnd(r, 21) - 10);
  if (x < 19)
    return 0;
  if (x < 20)
    return hostile[rnd(r, 7)];
  return (runif(r) - 0.5) * 200.0;
}

/* A punch, a shake or a path (by pointer, no given start), a sixth of them
 * with a bad argument of its own. */
static void gen_shape(rng *r, params *p) {
  static const int wobble_kinds[] = {K_FLOAT, K_FLOAT, K_VEC2, K_VEC3, K_VEC4};
  int k;

  p->shape = 1 + rnd(r, SHAPE_COUNT - 1);
  p->bind = 0;
  p->from_to = 0;
  p->fail_at = 0;
  p->pseed = rnext(r);
  if (p->shape == SHAPE_PATH)
    p->kind =
        chance(r, 90) ? (chance(r, 50) ? K_VEC2 : K_VEC3) : rnd(r, K_COUNT);
  else
    p->kind = chance(r, 90) ? wobble_kinds[rnd(r, 5)] : rnd(r, K_COUNT);
  /* now and then a huge vibrato: up to 2^31 segments */
  p->vibrato = chance(r, 10)  ? 0
               : chance(r, 4) ? (chance(r, 50) ? INT_MAX : 1000000)
                              : rnd(r, 30);
  p->fade = rnd(r, 2);
  if (p->shape == SHAPE_PUNCH)
    p->spread = chance(r, 40) ? (double)rnd(r, 3) * 0.5 : runif(r);
  else /* randomness: 0 (the model's own), or the library's draw */
    p->spread = chance(r, 40)   ? 0
                : chance(r, 30) ? (double)rnd(r, 3) * 90.0
                                : runif(r) * 180.0;
  k = rnd(r, 3);
  p->pkind = k | (chance(r, 30) ? TW_PATH_CLOSED : 0) |
             (chance(r, 40) ? TW_PATH_CONSTANT_SPEED : 0);
  if (k == TW_PATH_BEZIER)
    p->npts = (p->pkind & TW_PATH_CLOSED) ? 3 * (1 + rnd(r, 2))
                                          : 3 * (1 + rnd(r, 2)) + 1;
  else
    p->npts = 2 + rnd(r, MAXPTS - 1);
  p->sbad = chance(r, 16) ? 1 + rnd(r, SBAD_COUNT - 1) : SBAD_NONE;
  if (p->sbad == SBAD_NPTS && p->shape == SHAPE_PATH && k != TW_PATH_BEZIER &&
      (p->pseed & 1))
    p->npts = 2; /* w_create_shape makes it 1 */
}

/* A positive spring parameter from lo to hi (log-uniform), now and then
 * a hostile one: +-0, negative, a denormal, 1e+-150 (the edges of the
 * range w0 and zeta are held in), 1e+-300, the largest double, NaN or
 * infinite. */
static double gen_spring_param(rng *r, double lo, double hi) {
  static const double hostile[] = {0.0,    -0.0,   -1.0,  5e-324, 1e-310,
                                   1e-300, 1e-150, 1e150, 1e300,  DBL_MAX};
  int x = rnd(r, 100);

  if (x >= 6)
    return lo * pow(hi / lo, runif(r));
  x = rnd(r, 12);
  return x == 10 ? NAN : x == 11 ? INFINITY : hostile[x];
}

/* A spring's parameters (p->spmake, p->sp, and now and then p->bad, p->sbad
 * for tw_spring_go): ordinary ones mostly, hostile ones (see
 * gen_spring_param; huge velocities, epsilon at and past its edges) a few
 * percent of the time each. */
static void gen_spring_params(rng *r, params *p) {
  static const double eps_edge[] = {
      0.0,   -0.0, 1.0,  0x1.fffffffffffffp-1 /* below 1 */, 5e-324, 1e-300,
      1e-12, 0.5,  0.999};
  static const double vel_edge[] = {1e300,  -1e300, DBL_MAX, -DBL_MAX,
                                    5e-324, -0.0,   1e30,    -1e-300};
  static const double dur_edge[] = {5e-324,  1e-160,  4.8e-154, 4.6e-154,
                                    2.7e162, 2.9e162, 1e300,    -1.0};
  static const double bounce_edge[] = {
      -1.0, 1.0, -0x1.fffffffffffffp-1, 0x1.fffffffffffffp-1, 0.0, -0.0};
  int x;

  p->spmake = rnd(r, SPMAKE_COUNT);
  p->sp[0] = gen_spring_param(r, 10, 1000); /* stiffness */
  p->sp[1] = gen_spring_param(r, 1, 60);    /* damping */
  p->sp[2] = gen_spring_param(r, 0.1, 10);  /* mass */
  if (p->spmake == SPMAKE_RATIO)
    p->sp[1] = gen_spring_param(r, 0.05, 5); /* a damping ratio */
  if (p->spmake == SPMAKE_BOUNCE) {
    p->sp[0] = chance(r, 8) ? dur_edge[rnd(r, 8)]
                            : gen_spring_param(r, 0.05, 3); /* seconds */
    p->sp[1] = chance(r, 8)   ? bounce_edge[rnd(r, 6)]
               : chance(r, 3) ? NAN
                              : runif(r) * 1.9 - 0.95;
  }
  x = rnd(r, 100);
  p->sp[3] = x < 30   ? 0.0
             : x < 94 ? (runif(r) - 0.5) * 20.0
             : x < 98 ? vel_edge[rnd(r, 8)]
             : x < 99 ? NAN
                      : INFINITY; /* velocity along the way */
  x = rnd(r, 100);
  p->sp[4] = x < 55   ? 0.001
             : x < 88 ? 1e-6 * pow(5e5, runif(r))
             : x < 98 ? eps_edge[rnd(r, 9)]
                      : NAN; /* epsilon */
}

/* A spring tween: tw_spring_to or, a third of the time, tw_spring_to_v
 * (its velocity vector now and then all zeros, NULL, huge or not finite);
 * its bad arguments its own (see params). */
static void gen_spring(rng *r, params *p) {
  int i, x = rnd(r, 100);

  p->spring = x < 66 ? SPRING_TO : x < 95 ? SPRING_V : SPRING_V_NULL;
  p->shape = SHAPE_NONE;
  p->from_to = 0;
  p->pseed = rnext(r);
  p->sbad = chance(r, 3) ? SBAD_NAN : SBAD_NONE;
  if (p->ease >= 0 && chance(r, 85))
    p->ease = -1; /* mostly a spring to its end */
  gen_spring_params(r, p);
  x = rnd(r, 100);
  for (i = 0; i < 4; i++)
    p->svel[i] = x < 10 ? 0.0 : gen_number(r) * (x < 60 ? 0.1 : 10.0);
  if (x >= 96) { /* huge: the float kinds' largest, a double's 1e300 */
    p->svel[rnd(r, 4)] = p->kind == K_DOUBLE ? (chance(r, 50) ? 1e300 : -1e300)
                         : chance(r, 50)     ? FLT_MAX
                                             : -FLT_MAX;
  } else if (x >= 93 && p->kind != K_INT && p->kind != K_RGBA8) {
    p->svel[0] = chance(r, 50) ? NAN : -INFINITY;
  }
}

/* A setter tween that fails on a later write, on the update's loop of
 * running setter tweens (lib/steps.h's run_setters): a float (or a vec2)
 * with nothing for the slow step, so that its setter's acts (w_setter)
 * meet that loop's search for its tween. */
static void gen_failing(rng *r, params *p) {
  p->kind = chance(r, 80) ? K_FLOAT : K_VEC2;
  p->fail_at = 2 + rnd(r, 5);
  p->loops = 0;
  p->delay = 0;
  p->timescale = 1;
  p->cbmask = 0;
  p->additive = 0;
  p->independent = -1;
  if (p->duration < 1)
    p->duration = 1 + runif(r) * 3;
}

void gen_params(rng *r, params *p) {
  int i;

  memset(p, 0, sizeof *p);
  p->kind = rnd(r, 100) < 40 ? K_FLOAT : rnd(r, K_COUNT);
  p->tgt = rnd(r, NTARGET);
  p->bind = chance(r, 15);
  p->tgt = par_target(p->tgt, p->bind);
  p->bad = chance(r, 3) ? 1 + rnd(r, BAD_COUNT - 1) : BAD_NONE;
  p->duration = gen_duration(r);
  i = rnd(r, 100);
  p->ease = i < 45 ? -1 : i < 65 ? TW_EASE_LINEAR : rnd(r, TW_EASE_COUNT);
  if (chance(r, 35)) {
    i = rnd(r, 100);
    p->loops = i < 60 ? 2 + rnd(r, 4) : i < 85 ? -1 : i < 95 ? 1 : 0;
    p->loop_type = rnd(r, 3);
  }
  p->autokill = chance(r, 25) ? rnd(r, 2) : -1;
  i = rnd(r, 100);
  p->utype = i < 75 ? -1 : rnd(r, 4);
  p->independent = chance(r, 10) ? rnd(r, 2) : -1;
  p->recyclable = chance(r, 10) ? rnd(r, 2) : -1;
  p->id = chance(r, 50) ? rnd(r, 4) : -1;
  p->key = chance(r, 40) ? rnd(r, 4) : -1;
  if (chance(r, 25)) {
    static const double d[] = {0.125, 0.5, 0.0, 1.0};
    p->delay = chance(r, 50) ? d[rnd(r, 4)] : runif(r);
  }
  p->timescale = 1;
  if (chance(r, 10)) {
    static const double ts[] = {0, 0.5, 2, 1};
    p->timescale = chance(r, 60) ? ts[rnd(r, 4)] : runif(r) * 3;
  }
  if (chance(r, 55)) {
    /* a few events, each often */
    for (i = 0; i < TW_ON_COUNT; i++)
      if (chance(r, 45))
        p->cbmask |= 1 << i;
  }
  if (p->bind && chance(r, 15))
    p->fail_at = 1 + rnd(r, 6);
  for (i = 0; i < 4; i++)
    p->end[i] = gen_number(r);
  p->cbseed = rnext(r);
  if (chance(r, 15)) {
    p->from_to = 1;
    for (i = 0; i < 4; i++)
      p->start[i] = gen_number(r);
  }
  if (chance(r, 12))
    p->additive = chance(r, 80) ? 2 : 1;
  if (chance(r, 9))
    gen_shape(r, p);
  else if (chance(r, 9))
    gen_spring(r, p);
  else if (p->bind && chance(r, 12))
    gen_failing(r, p);
}

static void gen_set(rng *r, op *o) {
  o->kind = OP_SET;
  o->a = rnd(r, SET_COUNT);
  switch (o->a) {
  case SET_DELAY:
  case SET_LOOP_DELAY:
    o->x = chance(r, 10)   ? (chance(r, 50) ? NAN : -1.0)
           : chance(r, 15) ? (chance(r, 70)   ? 0.0
                              : chance(r, 50) ? -0.0
                                              : 1e-300)
                           : runif(r);
    break;
  case SET_LOOPS:
    o->b = chance(r, 10) ? -2 + rnd(r, 3) * 2 /* -2, 0, 2 */ : rnd(r, 5) - 1;
    if (o->b == 0 && chance(r, 50))
      o->b = 1;
    o->x = chance(r, 5) ? 7 : rnd(r, 3);
    break;
  case SET_EASE:
    o->b = chance(r, 5) ? TW_EASE_COUNT + rnd(r, 3) : rnd(r, TW_EASE_COUNT);
    break;
  case SET_SNAP: {
    static const double steps[] = {0.25, 0.5, 1, 0.1, 3, 1e-3};
    o->x = chance(r, 10)   ? (chance(r, 50) ? NAN : -1.0)
           : chance(r, 15) ? 0.0
                           : steps[rnd(r, 6)];
    break;
  }
  case SET_YOYO_EASE:
    o->b = chance(r, 5)    ? (chance(r, 50) ? TW_EASE_COUNT : -2 - rnd(r, 3))
           : chance(r, 10) ? -1
                           : rnd(r, TW_EASE_COUNT);
    break;
  case SET_UTYPE:
    o->b = chance(r, 5) ? 4 + rnd(r, 4) : rnd(r, 4);
    break;
  case SET_ADDITIVE:
    o->b = chance(r, 70);
    break;
  case SET_EASE_PARAMS: { /* x: the overshoot; b: the period (w_set) */
    static const double a[] = {1.70158, 0.0, 2.5, -1.0, 4.0, 1e-3};
    o->x = chance(r, 8) ? (chance(r, 50) ? NAN : INFINITY) : a[rnd(r, 6)];
    o->b = chance(r, 8) ? 3 : rnd(r, 3);
    break;
  }
  case SET_ID:
  case SET_KEY:
    o->b = rnd(r, 4);
    break;
  case SET_OVERWRITE:
    o->b = chance(r, 5) ? 2 : seq_on ? 0 : rnd(r, 2);
    break;
  case SET_TIMESCALE:
    o->x = chance(r, 8)    ? (chance(r, 50) ? NAN : -0.5)
           : chance(r, 20) ? (chance(r, 80)   ? 1.0
                              : chance(r, 50) ? -0.0
                                              : 1e300)
                           : runif(r) * 2;
    break;
  case SET_ON:
    o->b = chance(r, 3) ? TW_ON_COUNT + 3 : rnd(r, TW_ON_COUNT);
    if (o->b == TW_ON_PLAY && steer_late_play)
      o->b = TW_ON_UPDATE;
    o->x = rnd(r, 2);
    break;
  default:
    o->b = rnd(r, 2);
    break;
  }
}

/* A quickTo: to a target of any kind, mostly floats; now and then a NULL
 * target or a bad duration. */
static void gen_go(rng *r, op *o) {
  static const double d[] = {0, 0.25, 0.5, 1, -0.0, 1e-300};
  int i;

  o->kind = OP_GO;
  o->p.kind = chance(r, 60) ? K_FLOAT : rnd(r, K_COUNT);
  o->p.tgt = rnd(r, NTARGET);
  for (i = 0; i < 4; i++)
    o->p.end[i] = gen_number(r);
  o->a = rnd(r, 3); /* tw_go, tw_float_go (floats), tw_go_fn */
  o->p.tgt = par_target(o->p.tgt, o->a == 2);
  o->b = chance(r, 3);
  o->x = chance(r, 4)    ? (chance(r, 50)   ? NAN
                            : chance(r, 50) ? -1
                                            : 1e301)
         : chance(r, 50) ? d[rnd(r, 6)]
                         : runif(r) * 2.0;
  if (chance(r, 35)) { /* tw_spring_go (tw_spring_go_fn) */
    o->kind = OP_SPRING_GO;
    o->a = o->a == 2 ? 2 : 0;
    o->p.pseed = rnext(r);
    o->p.bad = chance(r, 4) ? 1 + rnd(r, BAD_NULL) : BAD_NONE;
    o->p.sbad = chance(r, 2) ? SBAD_NAN : SBAD_NONE;
    gen_spring_params(r, &o->p);
  }
}

/* A tw_retarget (s left to the caller). */
static void gen_retarget(rng *r, op *o) {
  static const double d[] = {0, 0.25, 0.5, 1, 1.0 / 3.0, -0.0, 5e-324};

  o->kind = OP_RETARGET;
  o->a = chance(r, 3);
  o->x = chance(r, 30)   ? -1.0
         : chance(r, 4)  ? (chance(r, 50) ? NAN : 1e301)
         : chance(r, 50) ? d[rnd(r, 7)]
                         : runif(r) * 2.0;
  o->y = gen_number(r);
}

/* One of the controls added with sequences (s left to the caller). */
static void gen_control(rng *r, op *o) {
  switch (rnd(r, 10)) {
  case 0:
    o->kind = OP_TOGGLE;
    break;
  case 1:
    o->kind = OP_COMPLETE_SILENT;
    break;
  case 2:
    o->kind = OP_RESTART;
    o->a = rnd(r, 2);
    o->x = chance(r, 60)   ? -1.0
           : chance(r, 10) ? (chance(r, 50) ? NAN : -0.0)
                           : runif(r) * 0.5;
    break;
  case 3:
    o->kind = OP_REWIND;
    o->a = rnd(r, 2);
    break;
  case 4:
  case 5: {
    static const double to[] = {0, 0.25, 0.5,  1,     1.5,
                                3, 100,  -0.0, 1e300, DBL_MAX};
    o->kind = OP_GOTO;
    o->a = rnd(r, 2);
    o->x = chance(r, 5) ? -1.0 : chance(r, 50) ? to[rnd(r, 10)] : runif(r) * 4;
    break;
  }
  case 8:
    o->kind = OP_WRITER;
    o->a = KILL_TARGET_KEY(r);
    o->b = chance(r, 3);
    break;
  case 6:
  case 7:
    gen_retarget(r, o);
    break;
  default:
    o->kind = OP_KILL_ALL_EXCEPT;
    o->a = rnd(r, 16);
    o->b = chance(r, 40);
    o->y = o->a != 0 && chance(r, 5);
    break;
  }
}

/* A time for a building call: mostly plain, now and then hostile (+-0,
 * denormals, 1e300, DBL_MAX, negative, NaN, infinite). */
double gen_seq_time(rng *r) {
  static const double nice[] = {0.125, 0.25, 0.5, 1.0, 0.1, 1.0 / 3.0};
  static const double hostile[] = {-0.0,  5e-324,  1e-320, 1e-300,
                                   1e300, DBL_MAX, -1.0,   -5e-324};
  int x = rnd(r, 100);

  if (x < 6)
    return hostile[rnd(r, 8)];
  if (x < 8)
    return chance(r, 50) ? NAN : INFINITY;
  if (x < 30)
    return 0;
  if (x < 60)
    return nice[rnd(r, 6)];
  return runif(r) * 2.0;
}

/* Whether a sequence operation takes a child (in b). */
static int takes_child(const op *o) {
  return o->kind == OP_SEQ_ADD ||
         (o->kind == OP_SEQ_LABEL && o->a == LABEL_INSERT);
}

/* A sequence operation on s (left to the caller but for OP_SEQ_ADD's
 * child, in b, and OP_SEQ_NEW). */
static void gen_seq(rng *r, op *o) {
  int x = rnd(r, 100);

  if (x < 30) {
    o->kind = OP_SEQ_NEW;
    gen_params(r, &o->p);
    o->p.pseed = rnext(r);
    o->a = rnd(r, 6);
  } else if (x < 70) {
    o->kind = OP_SEQ_ADD;
    o->a = rnd(r, 4);
    o->x = gen_seq_time(r);
  } else if (x < 78) {
    o->kind = OP_SEQ_INTERVAL;
    o->a = rnd(r, 2);
    o->x = gen_seq_time(r);
  } else if (x < 86) {
    o->kind = OP_SEQ_LABEL;
    o->a = rnd(r, LABEL_COUNT);
    o->y = chance(r, 8) ? 3 + rnd(r, 2) : rnd(r, 3);
    o->x = o->a == LABEL_INSERT && chance(r, 30) ? -gen_seq_time(r)
                                                 : gen_seq_time(r);
    o->b = rnd(r, 2);
  } else if (x < 92) {
    o->kind = OP_SEQ_STAGGER;
    o->a = rnd(r, 6);
    o->x = gen_seq_time(r);
    o->p.pseed = rnext(r);
  } else {
    o->kind = OP_SEQ_CALLBACK;
    o->a = rnd(r, 3);
    o->x = gen_seq_time(r);
    o->b = chance(r, 5);
  }
}

/* A serial for a top-level operation: mostly live tweens. */
static int pick_serial(rng *r, const world *mw) {
  int x = rnd(r, 100);

  if (x < 78 && mw->tm.n > 0)
    return mw->tm.tw[rnd(r, mw->tm.n)].serial;
  if (x < 94 && mw->nserial > 0)
    return rnd(r, mw->nserial);
  return -1 - rnd(r, 3);
}

/* No live tween loops forever, nor has a callback (that could make one
 * loop forever during the pass). */
static int no_infinite(const world *mw) {
  int i, ev;

  for (i = 0; i < mw->tm.n; i++) {
    if (mw->tm.tw[i].loops < 0)
      return 0;
    for (ev = 0; ev < TW_ON_COUNT; ev++)
      if (mw->tm.tw[i].cb[ev] != NULL)
        return 0;
  }
  return 1;
}

/* A top-level operation, knowing the model's state (mw); crowd: how many
 * live tweens the run likes (creation slows down beyond). */
void gen_op(rng *r, const world *mw, int crowd, op *o) {
  int x, live = mw->tm.n;

  memset(o, 0, sizeof *o);
  o->y = 0;
  if (seq_on && chance(r, 10)) {
    /* mostly on the newest sequence not started, with the newest tween
     * not started as the child */
    int i, q = -1, c = -1;
    gen_seq(r, o);
    for (i = live - 1; i >= 0 && (q < 0 || c < 0); i--) {
      const tm_tween *t = &mw->tm.tw[i];
      if (t->seq && !t->started && q < 0)
        q = t->serial;
      else if (!t->started && c < 0)
        c = t->serial;
    }
    o->s = q >= 0 && chance(r, 85) ? q : pick_serial(r, mw);
    o->b = !takes_child(o)           ? o->b
           : c >= 0 && chance(r, 80) ? c
           : chance(r, 10)           ? o->s
                                     : pick_serial(r, mw);
    return;
  }
  x = rnd(r, 1000);
  if (live < crowd && x >= 520 && x < 770 && chance(r, 50))
    x = 0; /* more creations than kills until crowded */
  if (live >= crowd && x < 220 && chance(r, 50))
    x = 600; /* and fewer when crowded */
  if (x >= 520 && chance(r, 14)) {
    gen_control(r, o);
    o->s = pick_serial(r, mw);
    if (o->kind == OP_RETARGET && chance(r, 50)) {
      /* again, mostly: the newest tween retargeted additively, not
       * complete (lib/retarget.c's fast path of a float retargeted
       * again, which a random serial seldom meets) */
      int i;
      for (i = live - 1; i >= 0; i--)
        if (mw->tm.tw[i].extra == TM_EXTRA_ADD && !mw->tm.tw[i].complete) {
          o->s = mw->tm.tw[i].serial;
          break;
        }
    }
    if (o->kind == OP_KILL_ALL_EXCEPT && !chance(r, 15))
      o->kind = OP_TOGGLE; /* it kills nearly everything */
    if (o->kind == OP_WRITER && seq_on)
      o->kind = OP_TOGGLE;
  } else if (x < 220 && chance(r, 8)) {
    gen_go(r, o);
    o->s = pick_serial(r, mw); /* tw_go_fn: that tween's setter and ud */
  } else if (x < 220) {
    o->kind = OP_CREATE;
    gen_params(r, &o->p);
  } else if (x < 520) {
    o->kind = OP_UPDATE;
    o->s = chance(r, 65) ? TW_UPDATE_NORMAL : rnd(r, 4);
    o->x = gen_dt(r);
    o->y = chance(r, 70) ? o->x : gen_dt(r);
    if (chance(r, 1) && no_infinite(mw)) {
      /* a huge jump; not with infinite loops, which would fire (or, with
       * bug P1, spin through) a STEP_COMPLETE per loop */
      o->x = 1e9 * (1 + runif(r));
      o->y = chance(r, 50) ? o->x : 1e9;
    }
    if (chance(r, 2)) {
      switch (rnd(r, 4)) {
      case 0:
        o->s = 4 + rnd(r, 4);
        break;
      case 1:
        o->x = NAN;
        break;
      case 2:
        o->y = -1;
        break;
      default:
        o->x = INFINITY;
        break;
      }
    }
  } else if (x < 600) {
    o->kind = OP_KILL;
    o->s = pick_serial(r, mw);
    o->a = chance(r, 40);
  } else if (x < 660) {
    o->kind = OP_COMPLETE;
    o->s = pick_serial(r, mw);
  } else if (x < 710) {
    o->kind = OP_PAUSE;
    o->s = pick_serial(r, mw);
  } else if (x < 770) {
    o->kind = OP_PLAY;
    o->s = pick_serial(r, mw);
  } else if (x < 880) {
    gen_set(r, o);
    o->s = pick_serial(r, mw);
  } else if (x < 910) {
    o->kind = OP_KILL_ID;
    o->a = rnd(r, 5);
    o->b = chance(r, 40);
  } else if (x < 940) {
    o->kind = OP_KILL_TARGET;
    o->a = KILL_TARGET_KEY(r);
    o->b = chance(r, 40);
  } else if (x < 947) {
    o->kind = OP_KILL_ALL;
    o->b = chance(r, 40);
  } else if (x < 953) {
    o->kind = OP_CLEAR;
  } else if (x < 975) {
    static const double ts[] = {0, 0.5, 1, 1, 2};
    o->kind = OP_TIMESCALE;
    o->x = chance(r, 5)    ? (chance(r, 50) ? NAN : -1.0)
           : chance(r, 70) ? ts[rnd(r, 5)]
                           : runif(r) * 3;
  } else {
    o->kind = OP_CAPACITY;
    o->a = live + rnd(r, 300) - 3;
    if (o->a < 0)
      o->a = 0;
  }
}

/* What a callback does, from its own seed only (the worlds must agree
 * without sharing anything). */
static void gen_cb_op_any(rng *r, world *w, int self, op *o) {
  int x = rnd(r, 100), y = rnd(r, 100);
  int s;

  memset(o, 0, sizeof *o);
  if (y < 35 || w->nserial == 0)
    s = self;
  else if (y < 80)
    s = rnd(r, w->nserial);
  else if (y < 95)
    s = w->nserial - 1 - rnd(r, w->nserial < 4 ? w->nserial : 4);
  else
    s = -1 - rnd(r, 3);
  o->s = s;
  if (seq_on && chance(r, 8)) {
    gen_seq(r, o);
    o->s = s;
    o->b = !takes_child(o) ? o->b
           : chance(r, 50) ? w->nserial - 1
                           : rnd(r, w->nserial + 1) - 1;
  } else if (chance(r, 12)) {
    gen_control(r, o);
    o->s = s;
    if (o->kind == OP_KILL_ALL_EXCEPT && !chance(r, 10))
      o->kind = OP_REWIND;
    if (o->kind == OP_WRITER && seq_on)
      o->kind = OP_TOGGLE;
  } else if (x < 24 && chance(r, 10) && !seq_on) { /* see gen_op */
    gen_go(r, o);
    o->s = s;
  } else if (x < 24) {
    o->kind = OP_CREATE;
    gen_params(r, &o->p);
  } else if (x < 44) {
    o->kind = OP_KILL;
    o->a = chance(r, 40);
  } else if (x < 58) {
    o->kind = OP_COMPLETE;
  } else if (x < 66) {
    o->kind = OP_PAUSE;
  } else if (x < 74) {
    o->kind = OP_PLAY;
  } else if (x < 80) {
    gen_set(r, o);
    o->s = s;
  } else if (x < 84) {
    o->kind = OP_KILL_ID;
    o->a = rnd(r, 5);
    o->b = chance(r, 40);
  } else if (x < 88) {
    o->kind = OP_KILL_TARGET;
    o->a = KILL_TARGET_KEY(r);
    o->b = chance(r, 40);
  } else if (x < 89) {
    o->kind = OP_KILL_ALL;
    o->b = chance(r, 40);
  } else if (x < 90) {
    o->kind = OP_CLEAR;
  } else if (x < 94) {
    /* grow (or shrink) well above anything live or in the array, so that
     * the call never needs to move tweens: it succeeds */
    o->kind = OP_CAPACITY;
    o->a = 5000 + rnd(r, 3000);
  } else if (x < 97) {
    o->kind = OP_UPDATE; /* TW_EBUSY */
    o->s = TW_UPDATE_NORMAL;
    o->x = o->y = 0.25;
  } else {
    o->kind = OP_FREE; /* TW_EBUSY */
  }
}

/* An operation o for the code of serial self (a callback, a setter) to
 * run, made fit for the parallel update: with it on, that code acts on
 * its own tween only, and creates: the
 * eligible tweens of an update step before any callback runs (tween.h:
 * as if they came first in the array), so a callback that moves, kills,
 * sends (tw_go), queries or rescales tweens further on sees them after
 * their step, where the serial update, which the model is, would not;
 * its own tween, having callbacks, is never eligible, nor are those on
 * its key.  Nor does it create a tween with a given start, which
 * tw_from_to writes at once, after the steps of any eligible tweens on
 * that target, nor a spring with a velocity vector, whose settling time
 * its creation computes from its target's value. */
static void par_own(rng *r, int self, op *o) {
  if (par_threads == 0)
    return;
  switch (o->kind) {
  case OP_CREATE:
  case OP_SEQ_NEW: /* with children of its own, made now */
  case OP_UPDATE:
  case OP_CAPACITY:
  case OP_FREE:
    break;
  case OP_KILL_ID:
  case OP_KILL_TARGET:
  case OP_KILL_ALL:
  case OP_KILL_ALL_EXCEPT:
  case OP_CLEAR:
  case OP_TIMESCALE:
  case OP_WRITER:
  case OP_GO:
  case OP_SPRING_GO:
  case OP_SEQ_ADD: /* a tween further on into a sequence */
  case OP_SEQ_INTERVAL:
  case OP_SEQ_CALLBACK:
  case OP_SEQ_LABEL:
  case OP_SEQ_STAGGER: /* the newest tweens into a sequence */
    memset(o, 0, sizeof *o);
    o->kind = OP_CREATE;
    gen_params(r, &o->p);
    break;
  default: /* on a handle: its own, or a bad one */
    if (o->s >= 0)
      o->s = self;
    break;
  }
  if (o->kind == OP_CREATE) {
    o->p.from_to = 0;
    if (o->p.spring == SPRING_V) /* reads its target: its settling time */
      o->p.spring = SPRING_TO;
  }
}

/* An operation for a callback of serial self to run (par_own). */
void gen_cb_op(rng *r, world *w, int self, op *o) {
  gen_cb_op_any(r, w, self, o);
  par_own(r, self, o);
}

/* The act `i` of the plan `plan` (SACT_*) of a failing setter of serial
 * self, which acts before it returns its failure (w_setter): on its own
 * tween (kill, kill completing, complete, pause, retarget, goto,
 * restart); on another (kill, complete, pause); creations, enough to grow
 * the array; its own kill, others', then creations, so that the array
 * compacts under the update's walk while the tween the walk is at is
 * dead; a clear or a kill of all; or any callback's act (gen_cb_op).
 * With the parallel update on, as a callback's (gen_cb_op). */
void gen_setter_act(rng *r, world *w, int self, int plan, int i, op *o) {
  memset(o, 0, sizeof *o);
  o->s = self;
  switch (plan) {
  case SACT_SELF:
    switch (rnd(r, 8)) {
    case 0:
    case 1:
      o->kind = OP_KILL;
      o->a = chance(r, 30);
      break;
    case 2:
      o->kind = OP_COMPLETE;
      break;
    case 3:
      o->kind = OP_PAUSE;
      break;
    case 4:
      gen_retarget(r, o);
      break;
    case 5:
      o->kind = OP_GOTO;
      o->a = rnd(r, 2);
      o->x = runif(r) * 2;
      break;
    case 6:
      o->kind = OP_RESTART;
      o->a = rnd(r, 2);
      o->x = -1.0;
      break;
    default:
      o->kind = OP_COMPLETE_SILENT;
      break;
    }
    break;
  case SACT_OTHER:
    o->s = w->nserial > 0 ? rnd(r, w->nserial) : self;
    o->kind = chance(r, 60) ? OP_KILL : chance(r, 50) ? OP_COMPLETE : OP_PAUSE;
    o->a = o->kind == OP_KILL && chance(r, 30);
    break;
  case SACT_COMPACT:
    if (i == 0) {
      o->kind = OP_KILL;
      break;
    }
    if (i < 3 && chance(r, 60)) {
      o->kind = OP_KILL;
      o->s = w->nserial > 0 ? rnd(r, w->nserial) : self;
      break;
    }
    o->kind = OP_CREATE;
    gen_params(r, &o->p);
    break;
  case SACT_GROW:
    o->kind = OP_CREATE;
    gen_params(r, &o->p);
    break;
  case SACT_CLEAR:
    o->kind = chance(r, 50) ? OP_CLEAR : OP_KILL_ALL;
    o->b = chance(r, 40);
    break;
  default:
    gen_cb_op_any(r, w, self, o);
    break;
  }
  par_own(r, self, o);
}

/* SPDX-License-Identifier: MIT */
/* The harness of tests/test_model.c: the two worlds (the library and the
 * reference model of tests/model.c), the operations they run, and what
 * the modes share.
 *
 *   model-values.c    value kinds, targets and their comparison
 *   model-world.c     a world: its log, callbacks, keys, sequences, and
 *                     apply(), which runs one operation
 *   model-calls.c     each call, on the library or on the model
 *   model-gen.c       generating operations
 *   model-run.c       running both worlds, comparing, shrinking, printing
 *   model-bugs.c      known library bugs, and probes that they stay fixed
 *   model-rollback.c  the rollback mode's runs
 *   test_model.c      the modes: random, parallel, rollback, shrink,
 *                     regress, fixed, bugs, soak */
#ifndef TT_MODEL_HARNESS_H
#define TT_MODEL_HARNESS_H

#include "util.h"

#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model.h"

/* the longest operation list a seed runs or shrinks (a board with little
 * RAM builds with less: four lists of it are static) */
#ifndef TT_MODEL_MAXOPS
#define TT_MODEL_MAXOPS 4096
#endif

/* ------------------------------------------------------------------ */
/* random numbers                                                      */

static inline uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

typedef struct rng {
  uint64_t s;
} rng;

static inline uint64_t rnext(rng *r) {
  r->s += 0x9e3779b97f4a7c15ull;
  return mix64(r->s);
}

/* 0 .. n - 1 */
static inline int rnd(rng *r, int n) { return (int)(rnext(r) % (uint64_t)n); }
static inline double runif(rng *r) {
  return (double)(rnext(r) >> 11) * 0x1p-53;
}
static inline int chance(rng *r, int percent) { return rnd(r, 100) < percent; }

/* ------------------------------------------------------------------ */
/* value kinds and targets                                             */

enum {
  K_FLOAT,
  K_DOUBLE,
  K_INT,
  K_VEC2,
  K_VEC3,
  K_VEC4,
  K_COLOR,
  K_SMALL, /* registered, 12 bytes: stored inline */
  K_BIG,   /* registered, 32 bytes: stored in the record */
  K_RGBA8, /* built-in, 4 bytes */
  K_COUNT
};

typedef struct small_t {
  float x;
  int32_t n;
  float y;
} small_t;

typedef struct big_t {
  double d[3];
  int32_t n;
  float f;
} big_t;

#define NTARGET 4

typedef struct targets {
  float f[NTARGET];
  double d[NTARGET];
  int i[NTARGET];
  tw_vec2 v2[NTARGET];
  tw_vec3 v3[NTARGET];
  tw_vec4 v4[NTARGET];
  tw_color c[NTARGET];
  small_t sm[NTARGET];
  big_t bg[NTARGET];
  tw_rgba8 c8[NTARGET];
} targets;

/* ------------------------------------------------------------------ */
/* operations                                                          */

/* Everything a creation decides.  255 (or 0 for the counts) leaves a
 * setting at its default, so that plain tweens stay plain. */
typedef struct params {
  int kind, tgt;
  int bind;  /* 0: by pointer; 1: by setter and getter */
  int bad;   /* 0, or a bad argument: BAD_* */
  int ease;  /* -1: default */
  int loops; /* 0: default (1) */
  int loop_type;
  int autokill;                /* -1: default (1) */
  int utype;                   /* -1: default (normal) */
  int independent, recyclable; /* -1: default */
  int id;                      /* -1: none */
  int key;                     /* -1: none */
  int cbmask;                  /* events with a callback */
  int fail_at; /* the setter fails on its fail_at-th call; 0: never */
  double duration, delay, timescale; /* delay 0 / timescale 1: default */
  double end[4];
  uint64_t cbseed;
  int from_to; /* 1: created with a given start (tw_from_to) */
  double start[4];
  /* punch, shake, path: SHAPE_*; 0 a plain tween.  The amount (punch,
   * strength) is end; a path's points come from pseed. */
  int shape;
  int vibrato;
  double spread; /* elasticity, or randomness in degrees */
  int fade;      /* a shake's fade-out */
  int pkind;     /* tw_path_kind */
  int npts;
  int sbad;     /* 0, or a bad argument of the shape: SBAD_* */
  int additive; /* 0: default; 1: tw_set_additive(0); 2: (1) */
  uint64_t pseed;
  /* a spring (SPRING_*; 0 none): its parameters made as spmake says
   * (SPMAKE_*) from sp (stiffness, damping or the damping ratio, mass,
   * velocity, epsilon; for tw_spring_duration_bounce, sp[0] and sp[1] its
   * duration and bounce), its velocity vector from svel.  A spring's bad
   * arguments: BAD_NAN a NaN damping, BAD_NEG a negative mass, BAD_INF an
   * infinite velocity; BAD_NULL target, getter, params, end or setter
   * NULL (by pseed); sbad SBAD_NAN an end not finite. */
  int spring;
  int spmake;
  double sp[5];
  double svel[4];
} params;

enum { SHAPE_NONE, SHAPE_PUNCH, SHAPE_SHAKE, SHAPE_PATH, SHAPE_COUNT };
/* tw_spring_to (tw_spring_to_fn when bound by setter), tw_spring_to_v
 * (tw_spring_to_fn_v) with a velocity vector, and with a NULL one */
enum { SPRING_NONE, SPRING_TO, SPRING_V, SPRING_V_NULL };
/* the parameters: tw_spring_init and sp's five; tw_spring_init, the
 * stiffness and mass, then tw_spring_damping_ratio; tw_spring_init, then
 * tw_spring_duration_bounce; tw_spring_init alone (and sp's velocity) */
enum { SPMAKE_FIELDS, SPMAKE_RATIO, SPMAKE_BOUNCE, SPMAKE_INIT, SPMAKE_COUNT };
/* vibrato < 0; elasticity or randomness out of range (or NaN); a component
 * NaN or infinite; an unknown path kind; a count the kind does not take
 * (for punch and shake: a NULL amount) */
enum {
  SBAD_NONE,
  SBAD_VIBRATO,
  SBAD_SPREAD,
  SBAD_NAN,
  SBAD_KIND,
  SBAD_NPTS,
  SBAD_COUNT
};
#define MAXPTS 7 /* points of a path */

enum { BAD_NONE, BAD_NAN, BAD_NEG, BAD_INF, BAD_NULL, BAD_TYPE, BAD_COUNT };

enum {
  OP_CREATE,
  OP_UPDATE,      /* s: update type; x, y: dt, unscaled dt */
  OP_KILL,        /* s; a: complete first */
  OP_COMPLETE,    /* s */
  OP_PAUSE,       /* s */
  OP_PLAY,        /* s */
  OP_SET,         /* s; a: SET_*; b, x: the value */
  OP_KILL_ID,     /* a: id; b: complete first */
  OP_KILL_TARGET, /* a: key; b: complete first */
  OP_KILL_ALL,    /* b: complete first */
  OP_CLEAR,
  OP_TIMESCALE,       /* x */
  OP_CAPACITY,        /* a */
  OP_FREE,            /* tw_manager_free: refused inside callbacks; ends a run
                         when top-level */
  OP_TOGGLE,          /* s */
  OP_COMPLETE_SILENT, /* s */
  OP_RESTART,         /* s; a: include delay; x: new delay (< 0: keep) */
  OP_REWIND,          /* s; a: include delay */
  OP_GOTO,            /* s; x: to; a: and play */
  OP_KILL_ALL_EXCEPT, /* a: the ids kept, a bit mask of 0..3; b: complete
                         first; y != 0: ids NULL (TW_EINVAL) */
  OP_RETARGET,  /* s; x: duration (< 0: keep); y: the end's numbers; a: 1 for
                   a NULL end */
  OP_WRITER,    /* a: the key (key_in); b: 1 for a NULL out */
  OP_GO,        /* tw_go (a: 1 tw_float_go when a float, 2 tw_go_fn with the
                   setter and ud of s): p.kind, p.tgt, p.end; x: duration */
  OP_SPRING_GO, /* tw_spring_go (a: 2 tw_spring_go_fn, as OP_GO), the
                   spring of p (spmake, sp, bad) */
  /* sequences (see "sequences" below) */
  OP_SEQ_NEW,      /* a sequence with p's settings and a children made and
                      added from p.pseed; b: how deep in such a build */
  OP_SEQ_ADD,      /* s: the sequence; b: the child; a: TM_AT_*; x: at */
  OP_SEQ_INTERVAL, /* s; a: 1 prepend; x: seconds */
  OP_SEQ_CALLBACK, /* s; a: TM_AT_APPEND, _JOIN, _INSERT; x: at; b: 1 for a
                      NULL fn */
  OP_SEQ_LABEL,    /* s; a: LABEL_*; y: the name (label_names); x: the time or
                      offset; b: the child, or and_play */
  OP_SEQ_STAGGER,  /* s; a: n, the newest live tweens (w_seq_stagger); x: at;
                      p.pseed: the tw_stagger */
  OP_COUNT
};

enum {
  SET_DELAY,
  SET_LOOPS, /* b: loops; x: loop type */
  SET_EASE,
  SET_AUTOKILL,
  SET_UTYPE,
  SET_INDEPENDENT,
  SET_ID,
  SET_KEY,
  SET_TIMESCALE,
  SET_RECYCLABLE,
  SET_ON,        /* b: event; x: 1 set, 0 remove */
  SET_OVERWRITE, /* b: the mode (2: a bad one) */
  SET_LOOP_DELAY,
  SET_YOYO_EASE,
  SET_SNAP,
  SET_ADDITIVE,
  SET_EASE_PARAMS, /* x: overshoot; y: period */
  SET_COUNT
};

typedef struct op {
  int kind;
  int s; /* a serial: -1 none handle, -2 / -3 forged handles */
  int a, b;
  double x, y;
  params p;
} op;

/* serials < -1 and >= nserial name forged handles */
#define S_NONE (-1)

/* ------------------------------------------------------------------ */
/* the two worlds                                                      */

#define MAXSER 4096             /* serials per run */
#define SER_LIMIT (MAXSER - 64) /* no creation beyond this */
#define RUNAWAY_STEPS 1000      /* see on_event */
#define RUNAWAY_CALLS 20000     /* see on_event */
#define MAXDEPTH 2 /* tweens created this deep do nothing in callbacks */
#define MAXACTS 3  /* operations one tween's callbacks do at most */

typedef struct world world;

typedef struct meta {
  world *w;
  int serial;
  int kind, tgt;
  int depth;
  uint64_t cbseed;
  int ncalls, nacts;
  int sets, fail_at;
  int steps; /* STEP_COMPLETEs in a row (see on_event) */
} meta;

enum { L_RC, L_CB, L_SETFAIL, L_OP };

typedef struct logent {
  int kind;
  int a, b, c;
  double v;
} logent;

struct world {
  int model;
  tw_manager *m;
  tm_model tm;
  tt_alloc_state alloc;
  int freed;
  int nserial;
  tw_handle h[MAXSER];
  meta meta[MAXSER];
  targets tg;
  logent *log;
  int nlog, logcap;
  int types[K_COUNT]; /* type id of each kind */
  int sabotage;       /* shrink self-test: the model ignores complete_first */
  /* rollback mode (see "rollback"): callbacks check that tw_snapshot and
   * tw_restore are refused; setter failures of replays, counted twice */
  int rollback;
  size_t replayed_failures;
  /* the warning hook (the library's world; see w_warn): set while a
   * creation of the harness runs, with the depth of its callbacks */
  int creating, creating_depth;
  uint64_t hook_seed;
  /* callbacks run by the top-level operation running (see on_event) */
  long op_calls;
};

/* What the library's warning hook did to the tween whose creation ran it,
 * by serial (see w_warn): 0 nothing, else HOOK_*.  The library's world
 * runs each operation first; the model's creation of that serial then
 * does the same right after its call, as the hook sees the tween whole,
 * with the call's work done (tween.h). */
enum {
  HOOK_NONE,
  HOOK_KILL,
  HOOK_KILL_COMPLETE,
  HOOK_PAUSE,
  HOOK_GOTO,
  HOOK_COMPLETE,
  HOOK_COUNT
};

/* What a failing setter does before it fails, now and then (w_setter):
 * gen_setter_act's plans. */
enum {
  SACT_SELF,    /* one act on its own tween */
  SACT_OTHER,   /* one act on another */
  SACT_GROW,    /* creations */
  SACT_COMPACT, /* its own kill, maybe others', then creations */
  SACT_CLEAR,   /* tw_clear or tw_kill_all */
  SACT_ANY,     /* a callback's acts */
  SACT_COUNT
};

typedef struct config {
  size_t tweens, sequences, max_tweens, pool_bound;
  int hook; /* the library's world has a warning hook (w_warn) */
} config;

typedef struct outcome {
  int failed; /* the index of the failing operation + 1, or 0 */
  char msg[512];
  long ops; /* operations run, callbacks' included */
} outcome;

/* the calls, each on the library or the model */

enum {
  C_CREATE = 100,
  C_DELAY,
  C_LOOPS,
  C_EASE,
  C_AUTOKILL,
  C_UTYPE,
  C_INDEP,
  C_ID,
  C_KEY,
  C_TSCALE,
  C_RECYC,
  C_ON,
  C_UPDATE,
  C_KILL,
  C_COMPLETE,
  C_PAUSE,
  C_PLAY,
  C_KILL_ID,
  C_KILL_TARGET,
  C_KILL_ALL,
  C_CLEAR,
  C_MTIMESCALE,
  C_CAPACITY,
  C_FREE,
  C_TOGGLE,
  C_COMPLETE_SILENT,
  C_RESTART,
  C_REWIND,
  C_GOTO,
  C_KILL_ALL_EXCEPT,
  C_OVERWRITE,
  C_LOOP_DELAY,
  C_YOYO_EASE,
  C_SNAP,
  C_RETARGET,
  C_WRITER,
  C_GO,
  C_ADDITIVE,
  C_PUNCH,
  C_SHAKE,
  C_PATH,
  C_SPRING_PARAMS, /* b: spmake; v: damping, stiffness, mass */
  C_SPRING,
  C_SPRING_V,
  C_SPRING_GO,
  C_SEQUENCE,
  C_SEQ_ADD,
  C_SEQ_INTERVAL,
  C_SEQ_CALLBACK,
  C_SEQ_LABEL, /* logged with 10 x LABEL_* + the name's index */
  C_SEQ_STAGGER,
  C_EASE_PARAMS,
  C_END /* one past the last */
};

typedef struct known_bug {
  const char *name, *what;
  int (*present)(void);
  unsigned quirk; /* the model copies it */
  int *steer;     /* or the generator steers around it */
} known_bug;

enum { LABEL_ADD, LABEL_INSERT, LABEL_GOTO, LABEL_AT, LABEL_COUNT };

/* A key for OP_KILL_TARGET (see key_in): a program key or NULL, or a third
 * of the time one byte of a target, which a pointer tween's key covers. */
#define KILL_TARGET_KEY(r)                                                     \
  (chance(r, 33)            ? target_key(r)                                    \
   : steer_kill_target_null ? rnd(r, 4)                                        \
                            : rnd(r, 5) - 1)

/* ------------------------------------------------------------------ */
/* shared between the files                                            */

/* model-values.c */
extern const size_t kind_size[K_COUNT];
extern int loose_floats;
extern const char *const op_names[OP_COUNT];

/* model-world.c */
extern unsigned char hook_acts[MAXSER];
extern long hook_count;
extern long setter_act_count;
extern int steer_kill_target_null;
extern int steer_limit_holes;
extern int steer_late_play;
extern int seq_on;
extern unsigned par_threads;
extern tw_threads *par_pool;
extern const tw_callback lib_cbs[TW_ON_COUNT];
extern const tm_callback model_cbs[TW_ON_COUNT];

/* model-run.c */
extern unsigned quirks_now;
extern int trace;
extern uint64_t digest;

/* model-bugs.c */
extern const known_bug known_bugs[];

/* model-values.c */
void small_lerp(void *out, const void *a, const void *b, double t, void *ud);
void big_lerp(void *out, const void *a, const void *b, double t, void *ud);
void *target_of(targets *tg, int kind, int i);
void make_value(int kind, const double v[4], void *out);
double value_digest(targets *tg, int kind, int i);
int feq(double a, double b);
int value_eq(int kind, const void *a, const void *b);

/* model-world.c */
int seq_run(uint64_t seed, size_t max_tweens);
int par_target(int tgt, int bind);
const void *key_of(int k);
void logw(world *w, int kind, int a, int b, int c, double v);
tw_handle handle_of(const world *w, int s);
int w_setter(void *ud, const void *value);
void w_getter(void *ud, void *out);
void w_warn(tw_manager *m, tw_warning what, size_t old_cap, size_t new_cap,
            void *ud);
void hook_begin(world *w, int s, int depth);
void hook_end(world *w, int s, int rc, int depth);
void apply(world *w, const op *o, int depth);

/* model-calls.c */
int w_set(world *w, int s, int what, int b, double x);
int w_create_shape(world *w, const params *p, int type, void *target,
                   const void *amount, double d, tw_handle *h, int *serial);
void w_settings(world *w, int s, const params *p, int seq);
void w_create(world *w, const params *p, int depth);
void w_go(world *w, const op *o, int depth);

/* model-gen.c */
double gen_number(rng *r);
void gen_params(rng *r, params *p);
double gen_seq_time(rng *r);
void gen_op(rng *r, const world *mw, int crowd, op *o);
void gen_cb_op(rng *r, world *w, int self, op *o);
void gen_setter_act(rng *r, world *w, int self, int plan, int i, op *o);

/* model-run.c */
config config_of(uint64_t seed);
void parallel_on(unsigned fallback);
void parallel_off(void);
void world_init(world *w, int model, uint64_t seed, const config *c);
void world_done(world *w);
void compare(world *L, world *M, char *msg);
long count_ops(const world *w);
void run(uint64_t seed, op *ops, int n, int gen, int sabotage, outcome *out);
int fails(uint64_t seed, const op *ops, int n, int sabotage);
int shrink(uint64_t seed, op *ops, int n, int sabotage);
void print_ops(FILE *f, uint64_t seed, const op *ops, int n);

/* model-bugs.c */
int bug_start_pause_play(void);
int bug_double_pause(void);
int bug_zero_complete_play(void);
int bug_limit_holes(void);
int bug_late_play(void);
int bug_retarget_shaped(void);
void detect_bugs(void);

/* model-rollback.c */
void rollback_busy(const world *w);
void run_rollback(uint64_t seed, int n, outcome *out);

/* model-world.c */
extern long spring_count, spring_refused;
int target_key(rng *r);

/* model-bugs.c */
int known_bug_count(void);

/* model-values.c */
extern int lerp_ud_small, lerp_ud_big;

#endif

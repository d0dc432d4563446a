/* SPDX-License-Identifier: MIT */
/* What the parts of libtween share.  Not installed. */
#ifndef TWEEN_PRIVATE_H
#define TWEEN_PRIVATE_H

#include "tween.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* Hidden by default (-fvisibility=hidden); tw__ names stay internal. */
#define TW__INTERNAL

#define TW__EMPTY UINT32_MAX /* tw__tween.slot of a hole */

/* A value stored inline: built-in types and registered types of up to 16
 * bytes.  Bigger registered types keep their values in the record. */
typedef union tw__value {
  float f[4];
  double d[2];
  int32_t i[4];
  unsigned char b[16];
} tw__value;

#define TW__INLINE_MAX sizeof(tw__value)

/* tw__tween.flags */
enum {
  TW__F_PLAYING = 1u << 0,  /* not paused */
  TW__F_STARTED = 1u << 1,  /* start value read, START fired */
  TW__F_COMPLETE = 1u << 2, /* at its end; not written again */
  TW__F_AUTOKILL = 1u << 3,
  TW__F_SETTER = 1u << 4,      /* bound by setter (set, target = ud) */
  TW__F_INDEPENDENT = 1u << 5, /* runs on unscaled dt */
  TW__F_BACKWARDS = 1u << 6,
  TW__F_DELAYED = 1u << 7,   /* has a delay still to wait */
  TW__F_CALLBACKS = 1u << 8, /* at least one callback set */
  TW__F_BIG = 1u << 9,       /* values live in rec->big */
  TW__F_RECYCLABLE = 1u << 10,
  TW__F_PLAYED = 1u << 11,   /* PLAY fired since the last pause */
  TW__F_SCALED = 1u << 12,   /* own time scale != 1 */
  TW__F_LOOPS = 1u << 13,    /* loops != 1 */
  TW__F_PLAIN = 1u << 14,    /* a float by pointer, eased OutQuad: the
                                commonest tween gets the shortest path */
  TW__F_STARTSET = 1u << 15, /* start value given: not read at start */
  TW__F_FROM = 1u << 16,     /* the end is read from the target at start */
  TW__F_RELATIVE = 1u << 17, /* end (or from) is an offset */
  TW__F_SPEED = 1u << 18,    /* duration holds a speed until start */
  TW__F_SEQ = 1u << 19,      /* a sequence (type TW__TYPE_SEQ) */
  /* anything that keeps a tween off the update's fast path */
  TW__F_SLOW = TW__F_BACKWARDS | TW__F_DELAYED | TW__F_CALLBACKS | TW__F_BIG |
               TW__F_SCALED | TW__F_LOOPS | TW__F_SEQ
};

struct tw__record;

/* One slot of the active array: what an update touches every frame, 88
 * bytes.  Everything else is in the optional record. */
typedef struct tw__tween {
  double elapsed;         /* seconds played, all loops, delay excluded */
  double duration;        /* seconds per loop */
  void *target;           /* the bound value, or the setter's ud */
  tw_setter_fn set;       /* setter binding, else NULL */
  struct tw__record *rec; /* cold part; NULL when not needed */
  tw__value start;        /* read when the tween starts */
  tw__value end;
  uint32_t slot; /* handle slot, TW__EMPTY for a hole */
  uint32_t flags;
  uint16_t type;
  uint8_t ease;
  uint8_t utype; /* TW__HOLE for a hole, so that one compare
                    skips holes and other update types */
  int32_t loops; /* >= 1, or -1 for infinite */
} tw__tween;

#define TW__HOLE 0xFF

typedef struct tw__cb {
  tw_callback fn;
  void *ud;
} tw__cb;

/* The cold part of a tween, allocated only for tweens that need one and
 * recycled through the pool keyed by value type. */
typedef struct tw__record {
  struct tw__record *next; /* pool free list */
  uint16_t type;           /* pool key */
  uint8_t loop_type;
  uint8_t has_id;
  int id;
  const void *key; /* filter target */
  tw_getter_fn get;
  double delay;
  double delay_elapsed;
  double timescale;
  double overshoot; /* Back overshoot, Elastic amplitude, flashes */
  double period;    /* Elastic period, Flash weight */
  tw__cb cb[TW_ON_COUNT];
  union { /* the ease beyond DOTween's set */
    struct {
      tw_ease_fn fn;
      void *ud;
    } fn;
    double bezier[4];
    struct {
      int n, jump;
    } steps;
  } ex;
  tw_key *curve; /* keyframe curve; kept with the record in the
                    pool and reused, freed with the record */
  size_t ncurve, curve_cap;
  unsigned char *big; /* big types: start, end, scratch (3 x size) */
  /* sequences (sequence.c); the buffers stay with the record in the pool */
  struct tw__item *items; /* sorted by (at, order) */
  uint32_t *order;        /* scratch for a drive, items_cap long */
  size_t nitems, items_cap;
  double seq_t;       /* timeline time last applied; < 0: never */
  double last_insert; /* where the last append/insert/join went */
  uint32_t next_order;
  uint32_t epoch; /* rises at every drive */
} tw__record;

/* One entry of a sequence's timeline: a child tween (slot set) or a
 * callback (slot TW__EMPTY). */
typedef struct tw__item {
  double at;      /* start in the sequence's timeline */
  double span;    /* child delay + duration x loops; 0 */
  double key;     /* drive scratch: when it reaches its state */
  uint32_t order; /* insertion order, for ties */
  uint32_t slot;
  tw_callback fn;
  void *ud;
  uint32_t gen; /* the child's generation, kept for its
                   KILL while a sequence dies */
  tw__tween tw; /* the child, out of the active array */
} tw__item;

/* tw__tween.ease values beyond tw_ease, each with its data in the record */
enum { TW__EASE_FN = 64, TW__EASE_BEZIER, TW__EASE_STEPS, TW__EASE_CURVE };

/* A value type: built-ins and registered ones. */
typedef struct tw__type {
  size_t size;
  tw_lerp_fn lerp; /* NULL for built-ins */
  void *ud;
  tw__record *pool; /* recycled records of this type */
  size_t pooled;
} tw__type;

/* Where a child of a sequence lives (inside its sequence's items). */
typedef struct tw__nest {
  struct tw__tween *t;
  uint32_t next; /* free list */
} tw__nest;

typedef struct tw__slot {
  uint32_t gen;   /* odd while live; rises on every alloc/free */
  uint32_t index; /* active index while live, next free if not */
} tw__slot;

#define TW__NO_SLOT UINT32_MAX

/* A slot whose index has this bit names a child of a sequence: the rest is
 * its entry in manager.nested. */
#define TW__NESTED 0x80000000u

/* The pool key and type of sequences (a reserved type id). */
#define TW__TYPE_SEQ 8

struct tw_manager {
  tw__tween *active;   /* creation order, holes marked TW__EMPTY */
  uint32_t end;        /* one past the highest occupied index */
  uint32_t first_hole; /* lowest hole, == end when none */
  uint32_t live;       /* occupied slots in [0, end) */
  uint32_t live_sequences;
  size_t cap_tweens, cap_sequences;
  size_t max_tweens, max_sequences;

  tw__slot *slots;
  uint32_t nslots, slots_cap;
  uint32_t free_slot; /* head of the free slot list, TW__NO_SLOT */

  tw__type *types; /* indexed by type id; [0] unused */
  int ntypes, types_cap;
  size_t pool_bound, pool_size;

  double timescale;
  int busy;         /* walks of the active array in progress */
  int depth;        /* user callbacks in progress */
  int dying;        /* tw_manager_free in progress */
  int pending_warn; /* growths not yet reported */
  size_t warn_old[4], warn_new[4];
  tw_warning warn_what[4];

  tw_alloc_fn alloc;
  void *alloc_ud;
  tw_warn_fn warn;
  void *warn_ud;

  struct tw__nest *nested; /* children of sequences, by nested index */
  uint32_t nnested, nested_cap, nested_free; /* free list through `next`,
                                                 TW__NO_SLOT */
  uint32_t live_nested;
  int quiet; /* > 0: callbacks are not fired */

  tw_stats st;
};

/* The live tween in slot s, in the array or in a sequence. */
static inline tw__tween *tw__t(const tw_manager *m, uint32_t s) {
  uint32_t i = m->slots[s].index;

  return (i & TW__NESTED) ? m->nested[i & ~TW__NESTED].t : &m->active[i];
}

/* The tween h names, or NULL (for children of sequences too, which cannot
 * be controlled).  Inline: every call on a handle starts here. */
static inline tw__tween *tw__lookup(const tw_manager *m, tw_handle h) {
  uint32_t s = h.index - 1;

  if (m == NULL || h.index == 0 || (h.gen & 1u) == 0 || s >= m->nslots ||
      m->slots[s].gen != h.gen || (m->slots[s].index & TW__NESTED))
    return NULL;
  return &m->active[m->slots[s].index];
}

/* Why tw__lookup(m, h) failed: TW_EINVAL, TW_ENESTED or TW_ESTALE. */
static inline int tw__handle_err(const tw_manager *m, tw_handle h) {
  uint32_t s = h.index - 1;

  if (m == NULL)
    return TW_EINVAL;
  if (h.index != 0 && (h.gen & 1u) && s < m->nslots &&
      m->slots[s].gen == h.gen && (m->slots[s].index & TW__NESTED))
    return TW_ENESTED;
  return TW_ESTALE;
}

static inline tw_handle tw__handle_of(const tw_manager *m, uint32_t s) {
  tw_handle h;

  h.index = s + 1;
  h.gen = m->slots[s].gen;
  return h;
}

/* alloc.c */
TW__INTERNAL void *tw__alloc(tw_manager *m, size_t n);
TW__INTERNAL void *tw__realloc(tw_manager *m, void *p, size_t old_n,
                               size_t new_n);
TW__INTERNAL void tw__free(tw_manager *m, void *p, size_t n);

/* handle.c */
TW__INTERNAL int tw__slots_reserve(tw_manager *m);
TW__INTERNAL uint32_t tw__slot_take(tw_manager *m, uint32_t index);
TW__INTERNAL void tw__slot_release(tw_manager *m, uint32_t slot);
/* Test hook: set a free slot's generation (to force wrap-around). */
TW__INTERNAL int tw__test_set_generation(tw_manager *m, uint32_t slot,
                                         uint32_t gen);

/* pool.c */
TW__INTERNAL tw__record *tw__record_get(tw_manager *m, int type);
TW__INTERNAL void tw__record_put(tw_manager *m, tw__record *r);
TW__INTERNAL void tw__record_drop(tw_manager *m, tw__record *r);
TW__INTERNAL void tw__pool_drain(tw_manager *m);

/* types.c */
TW__INTERNAL int tw__types_init(tw_manager *m);
TW__INTERNAL void tw__types_free(tw_manager *m);
TW__INTERNAL int tw__type_valid(const tw_manager *m, int type);
/* Writes into out (a value of the type) the value e of the way from a to
 * b. */
TW__INTERNAL void tw__lerp(const tw_manager *m, int type, void *out,
                           const void *a, const void *b, double e);
/* Built-in types only: out = a + b, and the distance from a to b. */
TW__INTERNAL void tw__add(int type, void *out, const void *a, const void *b);
TW__INTERNAL double tw__distance(int type, const void *a, const void *b);

/* ease.c: DOTween's EaseManager.Evaluate.  time in [0, duration]; returns
 * the eased fraction (may leave [0, 1]).  overshoot is Back's overshoot,
 * Elastic's amplitude and Flash's flash count (DOTween default 1.70158);
 * period is Elastic's period (0: DOTween's default) and Flash's weight. */
TW__INTERNAL double tw__ease(int ease, double time, double duration,
                             double overshoot, double period);
/* CSS cubic-bezier(x1, y1, x2, y2) at input progress x. */
TW__INTERNAL double tw__cubic_bezier(double x1, double y1, double x2, double y2,
                                     double x);
/* CSS steps(n, jump) at input progress x; jump: 0 jump-start, 1 jump-end,
 * 2 jump-none, 3 jump-both. */
TW__INTERNAL double tw__steps(int n, int jump, double x);

/* manager.c */
TW__INTERNAL int tw__grow(tw_manager *m, int sequence);
TW__INTERNAL void tw__compact(tw_manager *m);
TW__INTERNAL void tw__vacate(tw_manager *m, uint32_t idx);
TW__INTERNAL void tw__flush_warnings(tw_manager *m);

/* The internal functions below name a tween by its slot, since a callback
 * may move it in the array (outside an update pass) or grow the array. */

/* Accumulated time within this fraction of a boundary reaches it. */
#define TW__SNAP 1e-9

/* The live tween in slot s (see tw__t). */
#define TW__T(m, s) tw__t(m, s)

static inline int tw__alive(const tw_manager *m, uint32_t s, uint32_t gen) {
  return m->slots[s].gen == gen;
}

/* Seconds over all loops (infinite for infinite loops). */
static inline double tw__total_time(const tw__tween *t) {
  return t->loops < 0 ? HUGE_VAL : t->duration * (double)t->loops;
}

/* A usable duration, delay or dt: finite and not negative. */
static inline int tw__time_ok(double d) { return d >= 0 && d <= DBL_MAX; }

/* ease.c: a keyframe curve at x (keys sorted, n >= 1). */
TW__INTERNAL double tw__curve(const tw_key *keys, size_t n, double x);

/* A tween's start (which 0) or end (1) value; for big types also the
 * scratch buffer (2). */
static inline unsigned char *tw__val(tw__tween *t, size_t size, int which) {
  if (t->flags & TW__F_BIG)
    return t->rec->big + (size_t)which * size;
  return which == 0 ? t->start.b : t->end.b;
}

/* update.c */
TW__INTERNAL void tw__locate(const tw__tween *t, double e, int32_t *k,
                             double *pos);
TW__INTERNAL int32_t tw__loops_done_at(const tw__tween *t, double e);
TW__INTERNAL double tw__fraction(const tw__tween *t, int32_t k, double pos);
TW__INTERNAL int tw__write_value(tw_manager *m, uint32_t s, double e);
TW__INTERNAL int tw__fire(tw_manager *m, uint32_t s, uint32_t gen, tw_event ev);
TW__INTERNAL int tw__fire_step(tw_manager *m, uint32_t s, uint32_t gen,
                               tw_event ev, double e);
TW__INTERNAL int tw__start(tw_manager *m, uint32_t s, uint32_t gen);
TW__INTERNAL void tw__advance(tw_manager *m, uint32_t s, uint32_t gen, double e,
                              int back, int nested);
TW__INTERNAL int tw__read_target(tw_manager *m, uint32_t s, uint32_t gen,
                                 void *out);
TW__INTERNAL void tw__finish(tw_manager *m, uint32_t s, uint32_t gen,
                             int was_playing);

/* sequence.c */
/* Drives a sequence's timeline to time `to`; returns 0, or -1 if the
 * sequence died or a callback moved it. */
TW__INTERNAL int tw__seq_drive(tw_manager *m, uint32_t s, double to);
/* Kills a sequence's children, each KILL callback once, in order. */
TW__INTERNAL void tw__seq_kill_children(tw_manager *m, tw__record *r);
TW__INTERNAL void tw__seq_kill_nested(tw_manager *m, uint32_t s);

/* control.c */
TW__INTERNAL int tw__kill_slot(tw_manager *m, uint32_t slot, int complete);
TW__INTERNAL void tw__dispose(tw_manager *m, tw_handle h, tw__record *rec,
                              int recycle);

#endif

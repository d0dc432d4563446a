/* SPDX-License-Identifier: MIT */
/* What the parts of libtween share: the structs, small inline helpers,
 * and (floors.h) every internal function, floor by floor.  Not
 * installed. */
#ifndef TWEEN_PRIVATE_H
#define TWEEN_PRIVATE_H

#include "tween.h"

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "numbers.h"

/* The aslot entry of a hole, and the slot of an item without a child. */
#define TW__EMPTY UINT32_MAX

/* A value of up to 16 bytes: the wide values beside the array (tw__wide),
 * and the scratch a value is computed in.  Bigger registered types keep
 * their values in the record. */
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
  TW__F_PLAYED = 1u << 11,    /* PLAY fired since the last pause */
  TW__F_SCALED = 1u << 12,    /* own time scale != 1 */
  TW__F_LOOPS = 1u << 13,     /* loops != 1 */
  TW__F_PLAIN = 1u << 14,     /* a float by pointer, eased OutQuad: the
                                 commonest tween gets the shortest path */
  TW__F_STARTSET = 1u << 15,  /* start value given: not read at start */
  TW__F_FROM = 1u << 16,      /* the end is read from the target at start */
  TW__F_RELATIVE = 1u << 17,  /* end (or from) is an offset */
  TW__F_SPEED = 1u << 18,     /* duration holds a speed until start */
  TW__F_SEQ = 1u << 19,       /* a sequence (type TW__TYPE_SEQ) */
  TW__F_OVERWRITE = 1u << 20, /* kills older tweens on its key at start */
  TW__F_GIVEN = 1u << 21,     /* start given at creation (tw_from_to): the
                                 target is never read for it */
  TW__F_EXTRA = 1u << 22,     /* its value has a velocity term (rec->extra) */
  TW__F_SNAPPED = 1u << 23,   /* written values are snapped (rec->ch) */
  TW__F_MARK = 1u << 24,      /* inside one call only: a stagger's child */
  TW__F_WOBBLE = 1u << 25,    /* a punch or a shake (rec->ch) */
  TW__F_ADDITIVE = 1u << 26,  /* adds its changes to the target (rec->ch) */
  TW__F_PATH = 1u << 27,      /* follows a path (rec->ch) */
  TW__F_CHILD = 1u << 28,     /* a child of a sequence, in its item */
  /* the state bits of a tween the fast path may advance: started, playing,
   * PLAY fired since it last played, not complete */
  TW__F_RUN = TW__F_PLAYING | TW__F_STARTED | TW__F_PLAYED | TW__F_COMPLETE,
  TW__F_RUNNING = TW__F_PLAYING | TW__F_STARTED | TW__F_PLAYED,
  /* anything that keeps a tween off the update's fast path */
  TW__F_SLOW = TW__F_BACKWARDS | TW__F_DELAYED | TW__F_CALLBACKS | TW__F_BIG |
               TW__F_SCALED | TW__F_LOOPS | TW__F_SEQ | TW__F_EXTRA |
               TW__F_SNAPPED | TW__F_WOBBLE | TW__F_ADDITIVE | TW__F_PATH
};

/* A spring (spring.c): natural frequency, damping ratio, the initial
 * velocity along the way (in distances per second) and the rest threshold
 * (a fraction of the distance). */
typedef struct tw__spring {
  double w0, zeta, v0, eps;
} tw__spring;

struct tw__record;

#include "choreo.h"

/* A value of at most 4 bytes (a float, an rgba8, a small registered type),
 * kept in the hot record itself. */
typedef union tw__small {
  float f;
  int32_t i;
  unsigned char b[4];
} tw__small;

#define TW__SMALL_MAX sizeof(tw__small)

/* One entry of the active array: what an update touches every frame, 48
 * bytes on 64-bit machines (40 on 32-bit ones), so that a plain float
 * tween is read and written in one short record.  The rest lives beside
 * it, at the same index, in arrays that move with it (manager.c): its
 * handle slot (tw_manager.aslot) and, for values of 5 to 16 bytes, its
 * start and end (tw_manager.wide, allocated when the first such tween is
 * made).  Values of up to 4 bytes are here; bigger ones are in the record.
 * A child of a sequence keeps the same things in its item (tw__item).
 * Everything else is in the optional record (a setter binding, loops and
 * callbacks always have one). */
typedef struct tw__tween {
  double elapsed;         /* seconds played, all loops, delay excluded */
  double duration;        /* seconds per loop */
  void *target;           /* the bound value, or the setter's ud */
  struct tw__record *rec; /* cold part; NULL when not needed */
  tw__small sv, ev;       /* start and end of a value of <= 4 bytes */
  uint32_t flags;
  uint16_t type;
  uint8_t ease;
  uint8_t utype; /* TW__HOLE for a hole, so that one compare
                    skips holes and other update types */
} tw__tween;

/* A tween's start and end for values of 5 to 16 bytes. */
typedef struct tw__wide {
  tw__value start, end;
} tw__wide;

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
  const void *key;  /* filter target */
  tw_setter_fn set; /* setter binding (TW__F_SETTER), else NULL */
  tw_getter_fn get;
  double delay;
  double delay_elapsed;
  double elapsed_c; /* compensation of elapsed's sum (life.c) */
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
  uint32_t epoch;    /* rises at every drive of the timeline */
  uint8_t extra;     /* TW__EXTRA_*: the velocity term of the value */
  double extra_c[4]; /* its vector c, per component */
  double extra_j;    /* the ease's jump at 0, blended out (retarget.c) */
  tw__spring spring; /* a spring tween's spring (ease TW__EASE_SPRING) */
  uint32_t moves;    /* the move counter (life.c) */
  int32_t loops;     /* >= 1, or -1 for infinite; 1 without a record */
  tw__choreo *ch;    /* choreography; NULL until set */
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
  tw__wide w;   /* its values of 5 to 16 bytes */
} tw__item;

/* The item that holds t, a child of a sequence. */
static inline tw__item *tw__item_of(tw__tween *t) {
  return (tw__item *)(void *)((char *)t - offsetof(tw__item, tw));
}

/* The velocity term's shapes at a time (shape.c): g and its rate dg (per
 * second), and the blend w of the ease's jump at 0 and its rate dw. */
typedef struct tw__extra {
  double g, dg, w, dw;
} tw__extra;

/* tw__record.extra: the term a tween adds to its value, c * g(t), to
 * keep the velocity it had when it was retargeted (life.c). */
enum { TW__EXTRA_NONE, TW__EXTRA_RETARGET, TW__EXTRA_SPRING };

/* tw__tween.ease values beyond tw_ease, each with its data in the record */
enum {
  TW__EASE_FN = 64,
  TW__EASE_BEZIER,
  TW__EASE_STEPS,
  TW__EASE_CURVE,
  TW__EASE_SPRING /* a spring's motion (rec->spring), over its settling */
};

/* A value type: built-ins and registered ones. */
typedef struct tw__type {
  size_t size;
  tw_lerp_fn lerp; /* NULL for built-ins */
  void *ud;
  tw__record *pool; /* recycled records of this type */
  uint32_t pooled;  /* records in `pool` (at most the pool bound) */
  uint32_t floats;  /* float components of a built-in, else 0 */
} tw__type;

/* Where a child of a sequence lives (inside its sequence's items). */
typedef struct tw__nest {
  struct tw__tween *t;
  uint32_t next;  /* free list */
  uint32_t owner; /* the slot of the sequence that holds the child */
} tw__nest;

/* A key (keys.c): a byte range [at, at + len), or (len 0) the pair
 * (set, at) of a setter tween; at 0: no key. */
typedef struct tw__key {
  uintptr_t at;
  size_t len;
  tw_setter_fn set;
} tw__key;

/* A slot's place in the key index (keys.c): its chain links, and its key
 * as indexed (at 0: not in the index; len 0: a pair, its setter not kept
 * here). */
typedef struct tw__link {
  uint32_t prev, next;
  uintptr_t at;
  size_t len;
} tw__link;

typedef struct tw__slot {
  uint32_t gen;   /* odd while live; rises on every alloc/free */
  uint32_t index; /* active index while live, next free if not */
} tw__slot;

#define TW__NO_SLOT UINT32_MAX

/* A slot whose index has this bit names a child of a sequence: the rest is
 * its entry in manager.nested. */
#define TW__NESTED 0x80000000u

/* The pool key and type of sequences (a reserved type id, between the
 * built-ins TW_TYPE_COLOR and TW_TYPE_RGBA8). */
#define TW__TYPE_SEQ 8

/* A walk of the active array in progress (an update pass, a filtered
 * control): the index it is at and the end it stops at.  A compaction
 * during the walk (a creation in a callback that finds the array full of
 * holes) moves these with the tweens; see manager.c. */
typedef struct tw__walk {
  uint32_t i, end;
} tw__walk;

/* Walks nested deeper than this wait for compaction until they end. */
#define TW__WALKS 8

struct tw_manager {
  tw__tween *active;   /* creation order, holes marked TW__HOLE */
  uint32_t *aslot;     /* each entry's handle slot, TW__EMPTY for a hole */
  tw__wide *wide;      /* each entry's wide values; NULL until needed */
  tw_setter_fn *aset;  /* each setter tween's setter; NULL until needed */
  uint32_t end;        /* one past the highest occupied index */
  uint32_t first_hole; /* lowest hole, TW__EMPTY when none */
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
  int busy;                   /* walks of the active array in progress */
  tw__walk *walks[TW__WALKS]; /* the first TW__WALKS of them */
  int depth;                  /* user callbacks in progress */
  int dying;                  /* tw_manager_free in progress */
  int pending_warn;           /* growths not yet reported */
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

  /* the key index (keys.c): built on first use */
  uint32_t *key_heads; /* key_nheads chains (a power of 2), then the
                          wide one */
  tw__link *key_links; /* per slot */
  uint32_t key_nheads, key_links_cap, key_count;
  int overwrite; /* tw_config.overwrite: the mode of new tweens */

  tw_stats st;
};

/* A plain tween's ends are near: within half the largest float of 0, so
 * that b - a and a + (b - a) e (e in [0, 1]) cannot overflow, and the
 * update's shortest path can interpolate without looking (update.c).  A
 * plain tween whose ends are not near is no longer plain: every place
 * that sets a plain tween's start or end calls tw__plain_check. */
static inline int tw__near(float x) {
  return x >= -FLT_MAX / 2 && x <= FLT_MAX / 2;
}

static inline void tw__plain_check(tw__tween *t) {
  if ((t->flags & TW__F_PLAIN) && !(tw__near(t->sv.f) && tw__near(t->ev.f)))
    t->flags &= ~(uint32_t)TW__F_PLAIN;
}

/* The handle slot of t, a live tween in the array or in a sequence. */
static inline uint32_t tw__slot_of(const tw_manager *m, const tw__tween *t) {
  if (t->flags & TW__F_CHILD) /* read only */
    return tw__item_of((tw__tween *)t)->slot;
  return m->aslot[t - m->active];
}

/* The wide values of t (a value of 5 to 16 bytes). */
static inline tw__wide *tw__wide_of(const tw_manager *m, tw__tween *t) {
  if (t->flags & TW__F_CHILD)
    return &tw__item_of(t)->w;
  return &m->wide[t - m->active];
}

/* The loops of t: >= 1, or -1 for infinite. */
static inline int32_t tw__loops(const tw__tween *t) {
  return t->rec != NULL ? t->rec->loops : 1;
}

/* Whether the built key index takes one more tween as it is (links for
 * every slot, chains not too full): then adding one needs no memory. */
static inline int tw__keys_room(const tw_manager *m) {
  return m->key_links_cap >= m->slots_cap && m->key_count < m->key_nheads / 2;
}

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

/* Storage (manager.c): moves the tween at index `from` down to the hole
 * `to` (every index in [to, from) a hole), leaving a hole behind.  Inline:
 * the update pass shifts every survivor it passes over a hole. */
static inline void tw__shift(tw_manager *m, uint32_t from, uint32_t to) {
  tw__tween *a = m->active;

  a[to] = a[from];
  m->aslot[to] = m->aslot[from];
  if (m->wide != NULL)
    m->wide[to] = m->wide[from];
  if (m->aset != NULL)
    m->aset[to] = m->aset[from];
  m->slots[m->aslot[to]].index = to;
  m->aslot[from] = TW__EMPTY;
  a[from].utype = TW__HOLE;
  a[from].rec = NULL;
  if (m->first_hole == to)
    m->first_hole = to + 1; /* from, at least, is a hole now */
}

/* Storage (manager.c): whether the holes are many enough to compact:
 * more than an eighth of the array's occupied part. */
static inline int tw__compact_due(const tw_manager *m) {
  return m->first_hole != TW__EMPTY && (m->end - m->live) * 8u > m->end;
}

static inline tw_handle tw__handle_of(const tw_manager *m, uint32_t s) {
  tw_handle h;

  h.index = s + 1;
  h.gen = m->slots[s].gen;
  return h;
}

/* small helpers */

/* Keeps a rare path out of line, so that the common one around it stays
 * short (no register saves for what it seldom does). */
#if defined(__GNUC__)
#define TW__NOINLINE __attribute__((noinline))
#else
#define TW__NOINLINE
#endif

/* Asks that a function be copied into each caller: a loop body written
 * once for two loops. */
#if defined(__GNUC__)
#define TW__INLINE inline __attribute__((always_inline))
#else
#define TW__INLINE inline
#endif

/* The error for a call whose arguments are bad: the handle's own error if
 * it names no tween (it comes first), else TW_EINVAL. */
static inline int tw__arg_err(const tw_manager *m, tw_handle h) {
  return tw__lookup(m, h) == NULL ? tw__handle_err(m, h) : TW_EINVAL;
}

/* Runs one piece of the program's code (a callback, setter, getter or
 * hook) with the callback depth raised, so that calls which must not run
 * inside a callback refuse with TW_EBUSY. */
#define TW__CALL(m, call)                                                      \
  do {                                                                         \
    (m)->depth++;                                                              \
    call;                                                                      \
    (m)->depth--;                                                              \
  } while (0)

/* Sets or clears flags of t. */
static inline void tw__flag(tw__tween *t, uint32_t flags, int on) {
  if (on)
    t->flags |= flags;
  else
    t->flags &= ~flags;
}

/* Which of a tween's values tw__val returns. */
enum { TW__START, TW__END, TW__SCRATCH };

/* A tween's start or end value; for big types also the scratch buffer.
 * Values of up to 4 bytes are in the tween, of up to 16 beside it
 * (tw__wide_of), bigger ones in its record. */
static inline unsigned char *tw__val(const tw_manager *m, tw__tween *t,
                                     size_t size, int which) {
  tw__wide *w;

  if (t->flags & TW__F_BIG)
    return t->rec->big + (size_t)which * size;
  if (size <= TW__SMALL_MAX)
    return which == TW__START ? t->sv.b : t->ev.b;
  w = tw__wide_of(m, t);
  return which == TW__START ? w->start.b : w->end.b;
}

/* Seconds from one loop's start to the next: the duration and the loop
 * delay (a tween with loops != 1 has a record). */
static inline double tw__period(const tw__tween *t) {
  if (tw__loops(t) == 1 || t->rec->ch == NULL)
    return t->duration;
  return tw__sat(t->duration + t->rec->ch->loop_delay);
}

/* Seconds over all loops, loop delays between them included (infinite for
 * infinite loops). */
static inline double tw__total_time(const tw__tween *t) {
  int32_t n = tw__loops(t);

  if (n < 0)
    return HUGE_VAL;
  if (n == 1 || t->rec->ch == NULL || t->rec->ch->loop_delay == 0)
    return t->duration * (double)n;
  return tw__sat(t->duration * (double)n +
                 t->rec->ch->loop_delay * (double)(n - 1));
}

static inline int tw__alive(const tw_manager *m, uint32_t s, uint32_t gen) {
  return m->slots[s].gen == gen;
}

/* The move counter of a tween: 0 for a tween without a record, which runs
 * no code of the program and so cannot be moved in the middle of its own
 * step. */
static inline uint32_t tw__moves(const tw__tween *t) {
  return t->rec != NULL ? t->rec->moves : 0;
}

#include "floors.h"

/* The shortest paths of a creation and a kill, inline: each is a few
 * stores, and a call would cost as much as the rest. */

/* Handles (handle.c): the last generation a slot may reach before
 * retiring (even: free). */
#define TW__GEN_RETIRE (UINT32_MAX - 1u)

/* Takes a slot for the tween at active index `index`.  Call
 * tw__slots_reserve first. */
static inline uint32_t tw__slot_take(tw_manager *m, uint32_t index) {
  uint32_t s;

  if (m->free_slot != TW__NO_SLOT) {
    s = m->free_slot;
    m->free_slot = m->slots[s].index;
  } else {
    s = m->nslots++;
    m->slots[s].gen = 0;
  }
  m->slots[s].gen++;
  m->slots[s].index = index;
  return s;
}

/* Frees slot s: its generation rises (its handles are stale), and it
 * joins the free list unless its generation is used up. */
static inline void tw__slot_release(tw_manager *m, uint32_t s) {
  m->slots[s].gen++;
  if (m->slots[s].gen >= TW__GEN_RETIRE) {
    m->slots[s].gen = TW__GEN_RETIRE;
    m->slots[s].index = TW__NO_SLOT;
    return;
  }
  m->slots[s].index = m->free_slot;
  m->free_slot = s;
}

/* Storage (kill.c): empties entry idx of the active array (a kill, or a
 * child leaving for its sequence): a hole until the next compaction. */
static inline void tw__vacate_entry(tw_manager *m, tw__tween *t, uint32_t idx) {
  if (t->flags & TW__F_SEQ)
    m->live_sequences--;
  m->aslot[idx] = TW__EMPTY;
  t->utype = TW__HOLE;
  t->rec = NULL;
  if (idx < m->first_hole)
    m->first_hole = idx;
  m->live--;
}

/* The kill of a tween of the array at index idx, slot s, without a record
 * and out of the key index: vacated, its slot released.  Nothing runs. */
static inline void tw__kill_plain(tw_manager *m, uint32_t s, uint32_t idx) {
  tw__vacate_entry(m, &m->active[idx], idx);
  tw__slot_release(m, s);
}

/* Kills the tween in slot s (kill.c): the handle is stale at once, then
 * the KILL callbacks run, a sequence's children first.  A tween of the
 * array without a record runs nothing: it is only vacated, here. */
static inline void tw__kill(tw_manager *m, uint32_t s) {
  uint32_t idx = m->slots[s].index;

  if (!(idx & TW__NESTED) && m->active[idx].rec == NULL) {
    if (m->key_nheads != 0) /* the index, once it is built */
      tw__keys_remove(m, s);
    tw__kill_plain(m, s, idx);
    return;
  }
  tw__kill_recorded(m, s);
}

#endif

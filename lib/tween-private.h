/* SPDX-License-Identifier: MIT */
/* What the parts of libtween share: the structs, small macros, (access.h)
 * the inline accessors of a tween's parts and small helpers, and
 * (floors.h) every internal function, floor by floor.  Not installed. */
#ifndef TWEEN_PRIVATE_H
#define TWEEN_PRIVATE_H

#include "tween.h"

#include <float.h>
#include <stdarg.h>
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
  TW__F_READING = 1u << 29,   /* its start is being read at its start (a
                                 getter runs): not started for retarget */
  TW__F_SHARED = 1u << 30,    /* another live tween's key overlapped its
                                 own: ordered, not parallel (parallel.c) */
  /* the state bits of a tween the fast path may advance: started, playing,
   * PLAY fired since it last played, not complete */
  TW__F_RUN = TW__F_PLAYING | TW__F_STARTED | TW__F_PLAYED | TW__F_COMPLETE,
  TW__F_RUNNING = TW__F_PLAYING | TW__F_STARTED | TW__F_PLAYED,
  /* anything that keeps a tween off the update's fast path */
  TW__F_SLOW = TW__F_BACKWARDS | TW__F_DELAYED | TW__F_CALLBACKS | TW__F_BIG |
               TW__F_SCALED | TW__F_LOOPS | TW__F_SEQ | TW__F_EXTRA |
               TW__F_SNAPPED | TW__F_WOBBLE | TW__F_ADDITIVE | TW__F_PATH
};

/* tw__tween.flags, past the enum (an enum constant is an int): a float
 * vector (vec2, vec3, vec4, colour), or a float that is not plain (one
 * bound by a setter, say), whose start and end components are all near
 * (tw__ends_near), which the update interpolates unchecked.  Never with
 * TW__F_PLAIN, whose floats have their own promise. */
#define TW__F_NEAR 0x80000000u

/* A spring (spring.c): natural frequency, damping ratio, the initial
 * velocity along the way (in distances per second) and the rest threshold
 * (a fraction of the distance). */
typedef struct tw__spring {
  double w0, zeta, v0, eps;
} tw__spring;

struct tw__record;
struct tw__par;

/* tw_manager.phase while an update's chunks run on the parallel-for hook
 * (parallel.c): every public call on the manager refuses at its door
 * (tw__door). */
#define TW__PHASE_PARALLEL 1

#include "choreo.h"

/* A value of at most 4 bytes (a float, an rgba8, a small registered type),
 * kept in the hot record itself. */
typedef union tw__small {
  float f;
  int32_t i;
  unsigned char b[4];
} tw__small;

#define TW__SMALL_MAX sizeof(tw__small)

/* What an update of a running tween reads besides its head and its
 * elapsed time, and never writes back: 24 bytes on 64-bit machines (20 on
 * 32-bit x86, whose doubles align to 4 in structs; 24 where they align to
 * 8).  The elapsed time, the one number an update writes, is in an array
 * of its own (tw_manager.elapsed, tw__elapsed_of), so that the hot parts'
 * lines stay clean: an update of a million tweens streams them in and
 * writes back 8 bytes a tween, not 32 (DESIGN.md section 6). */
typedef struct tw__hot {
  double duration;  /* seconds per loop */
  void *target;     /* the bound value, or the setter's ud */
  tw__small sv, ev; /* start and end of a value of <= 4 bytes */
#ifdef TW__SOFT_DOUBLES
  /* the duration rounded to a float, kept beside it (tw__set_duration)
   * for the fraction's float division (tw__frac_hot), where doubles are
   * software: in the 4 bytes that the double's alignment leaves unused
   * after the small values on such 32-bit targets */
  float duration_f;
#endif
} tw__hot;

#ifdef TW__SOFT_DOUBLES
/* the float costs no byte on a 32-bit target (a Cortex-M4F) */
typedef char
    tw__hot_float_free[sizeof(void *) != 4 || sizeof(tw__hot) == 24 ? 1 : -1];
#endif

/* Sets h's duration to d: every write of a duration goes here, so that
 * its float stays the duration's (tw_manager_validate checks it). */
static inline void tw__set_duration(tw__hot *h, double d) {
  h->duration = d;
#ifdef TW__SOFT_DOUBLES
  h->duration_f = (float)d;
#endif
}

/* tw__frac(e, h->duration), with the duration's float kept beside it
 * where doubles are software (the same fraction, without the
 * conversion). */
static inline double tw__frac_hot(double e, const tw__hot *h) {
#ifdef TW__SOFT_DOUBLES
  return tw__frac_in(e, h->duration, h->duration_f, TW__FLOAT_FRACTIONS);
#else
  return tw__frac(e, h->duration);
#endif
}

/* One entry of the active array: the 8-byte head an update tests first.
 * Everything else lives beside it, at the same index, in arrays that move
 * with it (manager.c): its elapsed time (tw_manager.elapsed), its hot
 * part (tw_manager.hot: duration, target, small values), its handle slot
 * (aslot), its record (arec, allocated when the first tween with a record
 * is made) and, for values of 5 to 16 bytes, its start and end (wide,
 * likewise).  Values of up to 4 bytes are in its hot part; bigger ones
 * are in the record.  A child of a sequence keeps its head, elapsed time,
 * hot part, record and wide values in its item (tw__item).  Everything
 * else is in the optional record (a setter binding, loops and callbacks
 * always have one).  The elapsed time is reached through tw__elapsed_of,
 * the hot part through tw__hot_of, the record through tw__rec and
 * tw__set_rec. */
typedef struct tw__tween {
  uint32_t flags;
  uint16_t type;
  uint8_t ease;
  uint8_t utype; /* TW__HOLE for a hole, so that one compare
                    skips holes and other update types */
} tw__tween;

/* A head (flags, type, ease, update type) as 8 bytes, so that one
 * compare tests its flags, type and update type at once. */
static inline uint64_t head_bits(const tw__tween *t) {
  uint64_t b;

  memcpy(&b, t, sizeof b);
  return b;
}

/* The bits of a head that head_bits' compare reads: the flags in mask,
 * the type and the update type whole (the ease not). */
static inline uint64_t head_mask(uint32_t mask) {
  tw__tween k;

  k.flags = mask;
  k.type = 0xFFFF;
  k.ease = 0;
  k.utype = 0xFF;
  return head_bits(&k);
}

/* The head of update type `type` with flags f and value type `vtype`,
 * the ease 0 (as head_mask leaves it). */
static inline uint64_t head_want(uint32_t f, int vtype, unsigned type) {
  tw__tween k;

  k.flags = f;
  k.type = (uint16_t)vtype;
  k.ease = 0;
  k.utype = (uint8_t)type;
  return head_bits(&k);
}

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
  uint32_t seq_lo;   /* items [0, seq_lo) are settled at seq_t: a drive
                        forwards from it leaves them as they are
                        (tw__item_settled); 0 after any drive but the
                        short one (timeline.c) */
  uint8_t extra;     /* TW__EXTRA_*: the velocity term of the value */
  double extra_c[4]; /* its velocity c, per component */
  double extra_j;    /* the ease's jump at 0, blended out (retarget.c) */
  /* an additive retarget (extra TW__EXTRA_ADD, retarget.c): the running
   * motion (its start and end components, its duration, where it was and
   * its direction) plays on, plus the difference term, which starts at
   * add_c0 with the velocity extra_c at elapsed 0 and ends at add_k at
   * the tween's end (its duration, the hot part's: a retarget sets it,
   * and nothing else changes it after the start) */
  double add_a[4], add_b[4], add_c0[4], add_k[4];
  double add_e0, add_d0;
  uint8_t add_back, add_on; /* add_on: a term that is not all zeros */
  /* a record lent by the short creation of a setter tween (tw_to_fn) and
   * not asked for since by any setting (tw__rec_need clears it): its
   * fields are tw__record_get's but for set, get, next and what the life
   * floor's steps write (moves, elapsed_c, delay_elapsed), so that it goes
   * back to such a tween with those reset, not cleared whole
   * (tw__record_lite; tw_manager_validate checks it) */
  uint8_t lite;
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
  uint32_t gen;    /* the child's generation, kept for its
                      KILL while a sequence dies */
  tw__tween tw;    /* the child's head, out of the active array */
  tw__record *rec; /* its record; NULL when it has none */
  double elapsed;  /* its elapsed time */
  tw__hot hot;     /* its duration, target and small values */
  tw__wide w;      /* its values of 5 to 16 bytes */
} tw__item;

/* The item that holds t, a child of a sequence. */
static inline tw__item *tw__item_of(tw__tween *t) {
  return (tw__item *)(void *)((char *)t - offsetof(tw__item, tw));
}

/* The record of the child that item `it` holds. */
static inline tw__record *tw__item_rec(const tw__item *it) { return it->rec; }

static inline void tw__item_set_rec(tw__item *it, tw__record *r) {
  it->rec = r;
}

/* A retargeted tween's shapes at a time (shape.c): the velocity term's g
 * (seconds) and its rate dg; the fraction drawn is (e - jw) r, the ease's
 * fraction e less the blend jw of its jump at 0, times the ramp r from
 * rest; djw and dr are their rates per second.  Without a retarget: g 0,
 * jw 0, r 1. */
typedef struct tw__extra {
  double g, dg, jw, djw, r, dr;
} tw__extra;

/* tw__record.extra: the term a tween adds to its value, c * g(t), to
 * keep the velocity it had when it was retargeted (life.c). */
enum {
  TW__EXTRA_NONE,
  TW__EXTRA_RETARGET, /* from where it stands: its ease ramped in */
  TW__EXTRA_SPRING,
  TW__EXTRA_ADD /* the running motion plus the difference's (retarget.c) */
};

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
  union {
    void *ud; /* a registered type's */
    /* a built-in's lerp (types.c), NULL until a creation of the type (or
     * a restore) puts it here, float's from the start: a program links
     * the lerps of the types it creates only */
    void (*blerp)(void *out, const void *a, const void *b, double e,
                  unsigned n);
  } u;
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

/* When a tween last wrote its value (at the clock of the pass it wrote in,
 * and at its own time), and when it last set off playing, on the manager's
 * write clock (keys.c); per slot, after the links. */
typedef struct tw__stamp {
  uint64_t wrote, at, run;
} tw__stamp;

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
 * control): the index of the next entry it visits (the one it is at
 * having been visited, or being visited now) and the end it stops at.  A
 * compaction during the walk (a creation in a callback that finds the
 * array full of holes) moves both with the tweens; see manager.c.  Both
 * are counts of entries below, so they never go below 0.  lost: the
 * cursor a compaction left when the entry before the cursor (the one the
 * walk is at) was a hole, or was lost to an earlier compaction: then the
 * entry before the cursor is another tween (TW__NO_SLOT when none was
 * lost), so that the walk knows where the tween it is at is without
 * keeping its slot and generation (tw__walk_at). */
typedef struct tw__walk {
  uint32_t next, end, lost;
} tw__walk;

/* A tween the parallel phase leaves to the ordered one (parallel.c): its
 * slot and generation, which find it wherever a callback moves it; at a
 * chunk's first entry, the chunk's end and how many it left. */
typedef struct tw__mark {
  uint32_t slot, gen;
  uint32_t end, count;
} tw__mark;

/* The parallel update (parallel.c): the hook, and the marks of the last
 * parallel phase.  bheads, blinks: the pointer tweens with a key of their
 * own (tw_set_key), which the key index finds by that key, chained by the
 * bytes they write (keys.c, which grows and frees them), nbytes of them;
 * if one could not be kept,
 * lost is set and updates stay serial. */
struct tw__par {
  tw_parallel_fn hook;
  void *pool;
  size_t grain, threshold;
  tw__mark *list; /* cap marks, one per entry of the array */
  size_t cap;
  uint32_t *bheads; /* nbheads chains (a power of 2), then the wide one */
  tw__link *blinks; /* per slot, blinks_cap of them */
  uint32_t nbheads, blinks_cap, nbytes;
  int lost;
  size_t looks; /* entries of the bytes chains walked (a test hook) */
};

/* 1 in a build that optimises for size (-Os): the update then reaches a
 * feature's step through the manager's entry (m->fx) even where a copy
 * inline would be faster, and a running tween's end takes the general
 * way (tw__end_step), so that a program links only what it calls. */
#ifdef __OPTIMIZE_SIZE__
#define TW__FOR_SIZE 1
#else
#define TW__FOR_SIZE 0
#endif

/* The features' entries (pay for what you call: doc/DESIGN.md).  The
 * update, a kill and a tween's value reach the code of a feature only
 * through these, each filled in by the call that gives a tween the
 * feature (and by a restore), so that a program that never calls it
 * links none of that code (gc-sections).  Zero until then: no tween of
 * the manager has the feature's flag before. */
typedef struct tw__fx {
  /* sequences (timeline.c; tw__fx_seq, from tw__fx_sequences: a
   * sequence's creation) */
  int (*seq_drive)(tw_manager *m, uint32_t s, double to);
  int (*seq_drive_rec)(tw_manager *m, uint32_t s, struct tw__record *r,
                       double to);
  int (*seq_has_callbacks)(const struct tw__record *r);
  void (*seq_kill_children)(tw_manager *m, struct tw__record *r);
  void (*seq_kill_nested)(tw_manager *m, uint32_t s);
  /* and the update's steps of them (update.c; tw__fx_sequences) */
  uint32_t (*run_seqs)(tw_manager *m, tw__walk *w, uint32_t i, unsigned type,
                       double sdt);
  int (*step_seq)(tw_manager *m, tw__walk *w, tw__tween *t, const tw__hot *h,
                  uint32_t idx, double dt);
  /* punch and shake, snapping, additive writes (wobble.c), paths (path.c):
   * choreo.c's settings */
  void (*wobble)(const tw_manager *m, const tw__tween *t, void *out, double e);
  void (*snap_value)(const tw_manager *m, tw__tween *t, void *v);
  void (*add_change)(const tw_manager *m, tw__tween *t, void *out,
                     const void *v);
  void (*path_value)(const tw_manager *m, const tw__tween *t, void *out,
                     double e);
  /* a retargeted tween's value (life.c's tw__extra_value), an additive
   * retarget's and the update's steps of it (retarget.c): tw__fx_retarget,
   * the retargets and a spring's velocity */
  void (*extra_value)(const tw_manager *m, tw__tween *t, void *out, double e);
  void (*add_value)(const tw_manager *m, const tw__tween *t, void *out,
                    double e);
#if TW__FOR_SIZE /* each float by pointer alone (the same place) */
  int (*step_add_float)(tw_manager *m, tw__tween *t, const tw__hot *h,
                        uint32_t idx, double dt);
#else
  uint32_t (*run_add_floats)(tw_manager *m, uint32_t i, uint32_t end,
                             unsigned type, double sdt);
#endif
  int (*step_add)(tw_manager *m, tw__walk *w, tw__tween *t, tw__hot *h,
                  uint32_t idx, double dt);
  /* a spring's time to rest (spring.c): tw_spring_to, a retarget */
  double (*spring_span)(const tw_manager *m, tw__tween *t);
  /* a start's relative end and speed-based duration (life.c;
   * tw__fx_start_ends: tw_set_relative, tw_set_speed_based) */
  void (*start_ends)(const tw_manager *m, tw__tween *t, uint32_t f);
  /* the update's steps of setter tweens (update.c; tw__fx_setters: the
   * creations of setter tweens) */
  uint32_t (*run_setters)(tw_manager *m, tw__walk *w, uint32_t i, unsigned type,
                          double sdt);
  uint32_t (*run_firsts)(tw_manager *m, tw__walk *w, uint32_t i, unsigned type,
                         double sdt);
  int (*start_setter)(tw_manager *m, tw__walk *w, uint32_t idx, double dt);
  /* the CSS and keyframe curve eases (curves.c; tw__fx_ease_kept: their
   * settings) */
  double (*ease_kept)(const struct tw__record *r, int ease, double x);
  double (*ease_kept_slope)(const struct tw__record *r, int ease, double x,
                            int before);
} tw__fx;

/* Walks nested deeper than this wait for compaction until they end. */
#define TW__WALKS 8

/* The kinds of a refused handle whose sentence is made when asked
 * (tw_manager.detail_kind; tw__fail_handle). */
enum {
  TW__DETAIL_TEXT = 0, /* detail holds the sentence */
  TW__DETAIL_NESTED,   /* a child of a sequence */
  TW__DETAIL_ZERO,     /* index 0 */
  TW__DETAIL_FOREIGN,  /* never given by this manager */
  TW__DETAIL_STALE     /* its tween was killed */
};

/* The room of tw_manager.detail, its end included. */
#define TW__DETAIL_MAX 160

/* The numbers (%g) of one sentence kept for tw_last_error_detail
 * (error.c): the most a sentence of the library has (a cubic Bezier
 * ease's four); a further one would be left out of the sentence. */
#define TW__DETAIL_NUMS 4

struct tw_manager {
  tw__tween *active;  /* creation order, holes marked TW__HOLE */
  double *elapsed;    /* each entry's elapsed time: what an update writes */
  tw__hot *hot;       /* each entry's duration, target and small values */
  uint32_t *aslot;    /* each entry's handle slot, TW__EMPTY for a hole */
  tw__record **arec;  /* each entry's record; NULL until needed */
  tw__wide *wide;     /* each entry's wide values; NULL until needed */
  tw_setter_fn *aset; /* each setter tween's setter; NULL until needed */
  uint32_t end;       /* one past the highest occupied index */
  uint32_t begin;     /* every index below it a hole: the window */
  uint32_t live;      /* occupied slots in [0, end) */
  /* How many plain tweens tw_float_to may still create with nothing to
   * do first (array room, room in the key index if it is built, not
   * dying; tw__room_reset): a lower bound, lowered by each such creation,
   * set to 0 by anything that may take that room away, and computed
   * afresh by every creation the general way and at the end of every
   * update pass.  A kill changes it not (it takes no room away): the
   * holes kills make are the update pass's to count and close
   * (tw__compact_due), so that a kill does nothing but empty its entry
   * and free its slot. */
  uint32_t plain_room;
  /* The records' array (arec) holds a record or NULL at every entry below
   * this, at least end, and anything above: the entries past end are
   * cleared a stretch at a time as creations reach them (tw__arec_ready),
   * so that neither a growth nor the array's first record clears the
   * capacity's unused room.  plain_room counts no entry above it. */
  uint32_t arec_clean;
  uint32_t live_sequences;
  size_t cap_tweens, cap_sequences;
  size_t max_tweens, max_sequences;

  tw__slot *slots;
  uint32_t nslots, slots_cap;
  uint32_t free_slot; /* head of the free slot list, TW__NO_SLOT */
  /* A release whose new generation reaches gen_limit goes the slow way
   * (tw__slot_release_slow): TW__GEN_RETIRE, or 0 while `lowered` slots
   * that a restore gave back an older generation must skip the ones they
   * issued since.  slot_top: each slot's highest generation as of the
   * last restore, slot_top_cap long; NULL until the first (snapcommit.c). */
  uint32_t gen_limit;
  uint32_t lowered, slot_top_cap;
  uint32_t *slot_top;

  tw__type *types; /* indexed by type id; [0] unused */
  int ntypes, types_cap;
  size_t pool_bound, pool_size;
  size_t pool_most; /* the bound in force (tw__pool_most) */

  double timescale;
  int busy;                   /* walks of the active array in progress */
  tw__walk *walks[TW__WALKS]; /* the first TW__WALKS of them */
  int depth;                  /* user callbacks in progress */
  int dying;                  /* tw_manager_free in progress */
  int phase;                  /* 0, or TW__PHASE_PARALLEL */
  double *stagger;            /* a stagger's places (sequence.c), kept */
  size_t stagger_cap;         /* so that staggers stop allocating */
  size_t moved;               /* bytes the array's resizes copied */
  int pending_warn;           /* growths not yet reported */
  size_t warn_old[4], warn_new[4];
  tw_warning warn_what[4];
  /* 1 once a record of this manager has held an overshoot other than
   * TW__OVERSHOOT (tw_set_ease_params, a restore: tw__note_overshoot),
   * never 0 again; while 0, every record's overshoot is TW__OVERSHOOT, so
   * that a running Back ease need not read its record (shape.c;
   * tw_manager_validate checks it) */
  int custom_overshoot;

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
  tw__stamp *key_stamps;  /* per slot, in key_links's block */
  int pass;               /* update type + 1 of the pass running; 0 */
  uint64_t wclock;        /* the write clock (keys.c) */
  uint64_t pass_clock[4]; /* the clock at each update type's last pass */
  uint64_t prev_clock[4]; /* and at the one before */
  int overwrite;          /* tw_config.overwrite: the mode of new tweens */

  uint64_t tag; /* this manager's own, in its snapshots (snapshot.c) */
  /* the sentence of the last refusal that wrote one (error.c), for
   * tw_last_error_detail; written on error paths only.  A refused handle
   * (the commonest refusal: a stale one) writes only its numbers, and
   * tw_last_error_detail makes the sentence of them when asked: a kind
   * (TW__DETAIL_*, 0: detail holds the sentence), the call, the handle
   * and its slot's generation then.  A sentence's numbers (%g) too are
   * written into it when asked, so that a program that never asks links
   * no conversion of doubles to text: detail_nums of them, each with
   * where it stands in detail. */
  char detail[TW__DETAIL_MAX];
  int detail_kind;
  int detail_nums;
  union {
    struct {
      const char *fn;
      tw_handle h;
      uint32_t gen;
    } handle; /* a kind other than TW__DETAIL_TEXT */
    struct {
      double num[TW__DETAIL_NUMS];
      unsigned char at[TW__DETAIL_NUMS];
    } text; /* TW__DETAIL_TEXT */
  } detail_of;

  struct tw__par *par; /* the parallel update (parallel.c); NULL: serial */
  tw__fx fx;           /* the features' entries, filled in by their calls */

  tw_stats st;
};

/* small helpers */

/* Keeps a rare path out of line, so that the common one around it stays
 * short (no register saves for what it seldom does). */
#if defined(__GNUC__)
#define TW__NOINLINE __attribute__((noinline))
#else
#define TW__NOINLINE
#endif

/* Whether the fast paths are on: 0 with TW_NO_FAST_PATHS (configure
 * --disable-fast-paths), when every tween takes the general step (life.c's
 * tw__step, kill.c's tw__kill_recorded, tween.c's create), the reference
 * of every fast path: the reference model's values and events are the
 * same in both builds, bit for bit (tests/check-fast-paths.sh).  A
 * constant, so that a fast path's test `TW__FAST_PATHS && ...` folds. */
#ifdef TW_NO_FAST_PATHS
#define TW__FAST_PATHS 0
#else
#define TW__FAST_PATHS 1
#endif

/* Asks that a function be copied into each caller: a loop body written
 * once for two loops. */
#if defined(__GNUC__) && !defined(__OPTIMIZE_SIZE__)
#define TW__INLINE inline __attribute__((always_inline))
#else
#define TW__INLINE inline
#endif

/* Runs one piece of the program's code (a callback, setter, getter or
 * hook) with the callback depth raised, so that calls which must not run
 * inside a callback refuse with TW_EBUSY. */
#define TW__CALL(m, call)                                                      \
  do {                                                                         \
    (m)->depth++;                                                              \
    call;                                                                      \
    (m)->depth--;                                                              \
  } while (0)

#include "easeform.h"

#include "access.h"

#include "floors.h"

/* The door of every public call that takes a manager, its first test:
 * while the manager's parallel phase runs (the hook's own thread calling
 * back in), it refuses with TW_EBUSY and the sentence naming fn, and
 * returns nonzero; otherwise 0.  One rule, in one place: the calls that
 * pass it are listed in include/tween.h (the parallel update). */
#if TW__FOR_SIZE
/* A build for size keeps one copy, in error.c, where it would copy it into
 * each object that calls it. */
TW__PRIVATE int tw__door_once(const tw_manager *m, const char *fn);
#define tw__door(m, fn) tw__door_once(m, fn)
#else
static inline int tw__door(const tw_manager *m, const char *fn) {
  return m != NULL && m->phase != 0 && tw__busy(m, fn) != 0;
}
#endif

/* The door's test alone, for a call's short way that calls nothing that
 * returns to it (no stack frame): nonzero while the parallel phase runs,
 * when the call takes its general way, whose first statement is the door
 * (tests/check-doors.sh).  Nothing of the manager is read before it. */
static inline int tw__door_shut(const tw_manager *m) {
  return m != NULL && m->phase != 0;
}

#endif

/* SPDX-License-Identifier: MIT */
/* Snapshot and restore: a manager's whole state at a frame boundary, and
 * the same state again later, in the same process (rollback, undo,
 * replay).  This header is the image's format, the one description of
 * what a snapshot holds, which its users read: snapshot.c (the sizes,
 * the build's signature, the tag), snapwrite.c (the writer), snapcheck.c
 * (the restore's check), snapalloc.c (its allocations) and snapcommit.c
 * (its commit, and tw_restore), with snaprestore.h (a restore in
 * progress).  Not installed.
 *
 * What is kept.  Every live tween and sequence, in array order (holes
 * left out: positions are not a promise, order is), each with its slot
 * and generation, its fields, its values of 5 to 16 bytes, and its
 * record; and the manager's scalars that a replay needs: its time scale
 * and its overwrite mode.  Not kept, because they are not the state of
 * the animation: the capacities (a restore grows them if the snapshot
 * needs more, and never shrinks them), the hard limits, the pool, the
 * allocator, the warning hook, the registered types (they stay
 * registered), the key index itself (rebuilt), and the statistics,
 * which stay cumulative.  Whether the index is built is kept, and when
 * it is, its write clocks and each live tween's stamps (tw_writer's
 * answers): a restore builds or drops the index as it was then.
 *
 * The format.  A header of six words, outside the checksum: the magic,
 * the format version and the header's size, a signature of this build's
 * layout (pointer size, byte order, the sizes and offsets of the structs
 * copied whole, the library's version), the manager's tag, the body's
 * size and the body's checksum.  The body, in 8-byte words: the live
 * tweens and sequences of the array (the top-level ones), n of them, as
 * columns of n entries each, in array order: their ids (slot, and
 * generation, whose low bit, always set, says instead whether a record
 * image follows), their heads (flags, type, ease and update type, the
 * word as it is in memory), their elapsed times, their hot parts (three
 * words each: duration, target, the start and end of a small value), as
 * the array keeps them since format version 3 (version 2 had the elapsed
 * time as the first of four words of the hot part; a snapshot of it is
 * refused, TW_EFORMAT, as any other version is); then their
 * extras, in array order, for those that have any: four words of values
 * of 5 to 16 bytes, then the record's image.  Then the key index's clocks
 * and stamps if it is built, and a trailer of the manager's scalars and
 * the counts (n among them).  A plain float is 48 bytes.  A record's
 * image is the record as a whole struct, then the buffers it owns, each
 * padded to a word (see "owned buffers": that list is the one place that
 * knows them), and for a sequence, after its items, one word per child
 * (its generation and whether a record follows) with each child's record
 * image.  The columns are copies of the array's runs between holes (the
 * hot parts too, where they are laid out as their three words:
 * HOT_AS_IMAGE), and a restore checks them a chunk at a time, with no
 * branch, and copies them back whole.  The checksum, Fletcher's two sums
 * over the body's words in order, then mixed, is computed while writing,
 * in the one pass, over eight lanes at once (sum_rows).
 *
 * Layout.  Every read and write of a tween's fields is in columns_image
 * (snapwrite.c), tween_from (here), plain_bad (snapcheck.c),
 * commit_columns (snapcommit.c) and the two accessors of a child's record
 * (rec_of, set_rec, here); every read and write of a record's fields is in
 * record_image (snapwrite.c) and record_from (snapcommit.c), with own_list
 * and own_set (here) for its buffers.  A change of the active array's layout or
 * of a record's touches only those.  A record's plain fields, old and new, are
 * carried without code here.
 * */
#ifndef TWEEN_SNAPSHOT_H
#define TWEEN_SNAPSHOT_H

#include "life.h"

/* the format */

#define SNAP_VERSION 3u
#define HEAD_WORDS 6
#define HEAD_BYTES (HEAD_WORDS * 8)
#define TRAILER_WORDS 5
/* the most words of a tween's image, its record's aside: its id, its
 * elapsed time, its hot part's HOT_WORDS and its head */
#define TWEEN_WORDS 6
#define HOT_WORDS 3
#define TWEEN_MAX_WORDS (TWEEN_WORDS + 4)
/* deeper nesting is refused, as tw_manager_validate refuses it */
#define MAX_DEPTH 1000

/* the first 8 bytes of a snapshot */
#define SNAP_MAGIC "libtwsnp"

static inline size_t pad8(size_t n) { return (n + 7) & ~(size_t)7; }

/* a + b K, K even: a word changed by d changes it by d (1 + k K) for
 * some k, never 0, since 1 + k K is odd: no change of one word, any byte
 * or bit of it, goes unseen. */
static inline uint64_t checksum(uint64_t a, uint64_t b) {
  return a + b * 0x9e3779b97f4a7c16u;
}

/* writing: words, summed as they go */

typedef struct wr {
  unsigned char *p, *end;
  uint64_t a, b;
} wr;

static TW__INLINE void put(wr *w, uint64_t x) {
  memcpy(w->p, &x, 8);
  w->p += 8;
  w->a += x;
  w->b += w->a;
}

/* put() on a writer kept in locals p, a and b. */
#define SUM_PUT(p, a, b, x)                                                    \
  do {                                                                         \
    uint64_t x_ = (x);                                                         \
    memcpy(p, &x_, 8);                                                         \
    p += 8;                                                                    \
    a += x_;                                                                   \
    b += a;                                                                    \
  } while (0)

/* Vectors of two words, where the compiler has them (GCC's and clang's
 * vector extensions); elsewhere the same sums, a word at a time. */
#if defined(__GNUC__) && !defined(__TINYC__)
typedef uint64_t snap_v2 __attribute__((vector_size(16)));
#define SNAP_VECTORS 1
#else
#define SNAP_VECTORS 0
#endif

/* How many records ahead record_from() asks for the one it will write,
 * and how many tweens ahead tw_snapshot() asks for a record it will
 * read. */
#define AHEAD 4
#define AHEAD_TWEENS 32

/* Asks the cache for the n bytes at p, to be written (prefetch_w) or read
 * (prefetch_r), where the compiler can. */
static TW__INLINE void prefetch_w(const void *p, size_t n) {
#if SNAP_VECTORS
  size_t k;

  for (k = 0; k < n; k += 64)
    __builtin_prefetch((const unsigned char *)p + k, 1);
#else
  (void)p;
  (void)n;
#endif
}

static TW__INLINE void prefetch_r(const void *p, size_t n) {
#if SNAP_VECTORS
  size_t k;

  for (k = 0; k < n; k += 64)
    __builtin_prefetch((const unsigned char *)p + k);
#else
  (void)p;
  (void)n;
#endif
}

/* Fletcher's two sums of the rows of eight words at p into *pa and *pb,
 * the words copied to dst too if copy (a constant where it is inlined).  The
 * eight columns of the rows are summed apart, each its own two sums (la, lb),
 * so that no add waits for another column's: they vectorise.  Over r rows, the
 * word of row j and column l adds x (8 (r - j) - l) to b, which the columns'
 * sums give back: the very sums of one word at a time. */
static TW__INLINE void sum_rows(unsigned char *dst, const unsigned char *p,
                                size_t rows, uint64_t *pa, uint64_t *pb,
                                int copy) {
  uint64_t la[8], lb[8], sa = 0, sb = 0, sl = 0;
  size_t j;
  int l;

#if SNAP_VECTORS
  snap_v2 a0 = {0, 0}, a1 = a0, a2 = a0, a3 = a0, b0 = a0, b1 = a0, b2 = a0,
          b3 = a0, x0, x1, x2, x3;

  for (j = 0; j < rows; j++, p += 64) {
    memcpy(&x0, p, 16);
    memcpy(&x1, p + 16, 16);
    memcpy(&x2, p + 32, 16);
    memcpy(&x3, p + 48, 16);
    if (copy) {
      memcpy(dst, &x0, 16);
      memcpy(dst + 16, &x1, 16);
      memcpy(dst + 32, &x2, 16);
      memcpy(dst + 48, &x3, 16);
      dst += 64;
    }
    a0 += x0;
    a1 += x1;
    a2 += x2;
    a3 += x3;
    b0 += a0;
    b1 += a1;
    b2 += a2;
    b3 += a3;
  }
  memcpy(la, &a0, 16);
  memcpy(la + 2, &a1, 16);
  memcpy(la + 4, &a2, 16);
  memcpy(la + 6, &a3, 16);
  memcpy(lb, &b0, 16);
  memcpy(lb + 2, &b1, 16);
  memcpy(lb + 4, &b2, 16);
  memcpy(lb + 6, &b3, 16);
#else
  memset(la, 0, sizeof la);
  memset(lb, 0, sizeof lb);
  for (j = 0; j < rows; j++, p += 64) {
    if (copy) {
      memcpy(dst, p, 64);
      dst += 64;
    }
    for (l = 0; l < 8; l++) {
      uint64_t x;
      memcpy(&x, p + 8 * l, 8);
      la[l] += x;
      lb[l] += la[l];
    }
  }
#endif
  for (l = 0; l < 8; l++) {
    sa += la[l];
    sb += lb[l];
    sl += (uint64_t)l * la[l];
  }
  *pb += 8 * (uint64_t)rows * *pa + 8 * sb - sl;
  *pa += sa;
}

/* Fletcher's two sums of the n words at p into *pa and *pb, the words
 * copied to dst too if copy. */
static TW__INLINE void sum_copy(unsigned char *dst, const unsigned char *p,
                                size_t n, uint64_t *pa, uint64_t *pb,
                                int copy) {
  uint64_t a, b, x;
  size_t whole = n & ~(size_t)7;

  sum_rows(dst, p, whole / 8, pa, pb, copy);
  a = *pa;
  b = *pb;
  for (p += whole * 8, n -= whole; n > 0; n--, p += 8) {
    memcpy(&x, p, 8);
    if (copy) {
      memcpy(dst + whole * 8, &x, 8);
      dst += 8;
    }
    a += x;
    b += a;
  }
  *pa = a;
  *pb = b;
}

static inline void sum_words(const unsigned char *p, size_t n, uint64_t *pa,
                             uint64_t *pb) {
  sum_copy(NULL, p, n, pa, pb, 0);
}

/* sum_words() of the n words at src, copied to dst. */
static inline void copy_words(unsigned char *dst, const unsigned char *src,
                              size_t n, uint64_t *pa, uint64_t *pb) {
  sum_copy(dst, src, n, pa, pb, 1);
}

/* The sums s[0] and s[1] of some words, then of n words more whose own
 * sums are a and b: Fletcher's sums of the words joined. */
static inline void join(uint64_t s[2], uint64_t a, uint64_t b, size_t n) {
  s[1] += (uint64_t)n * s[0] + b;
  s[0] += a;
}

/* n bytes, padded to a word with zeros: one copy, and the sums read from
 * the source (not from the copy, whose wide stores would stall them). */
static inline void put_bytes(wr *w, const void *src, size_t n) {
  size_t whole = n & ~(size_t)7;
  uint64_t x = 0;

  if (n == 0)
    return;
  memcpy(w->p, src, whole);
  sum_words(src, whole / 8, &w->a, &w->b);
  w->p += whole;
  if (n > whole) {
    memcpy(&x, (const unsigned char *)src + whole, n - whole);
    put(w, x);
  }
}

/* reading: the same words, never past the end (the checksum is the whole
 * body's, in one pass: tw__snap_check) */

typedef struct rd {
  const unsigned char *p, *end;
  int checked; /* the body is checked: no bound to test */
} rd;

static TW__INLINE int get(rd *r, uint64_t *x) {
  if (r->end - r->p < 8)
    return 0;
  memcpy(x, r->p, 8);
  r->p += 8;
  return 1;
}

/* The next n bytes (and their padding), or NULL if the body is shorter. */
static const unsigned char *take(rd *r, size_t n) {
  const unsigned char *at = r->p;

  if (r->checked) {
    r->p += pad8(n);
    return at;
  }
  if (n > (size_t)(r->end - r->p) || pad8(n) > (size_t)(r->end - r->p))
    return NULL;
  r->p = at + pad8(n);
  return at;
}

/* n bytes into dst; 0 if the body is shorter. */
static inline int take_into(rd *r, void *dst, size_t n) {
  const unsigned char *at = take(r, n);

  if (at == NULL)
    return 0;
  memcpy(dst, at, n);
  return 1;
}

/* tweens: the only code here that knows a tween's fields */

static inline uint64_t dbits(double d) {
  uint64_t x;
  memcpy(&x, &d, 8);
  return x;
}

static inline double bitsd(uint64_t x) {
  double d;
  memcpy(&d, &x, 8);
  return d;
}

/* Whether the tween's values of 5 to 16 bytes are beside it (tw__wide). */
static inline int has_wide(const tw_manager *m, const tw__tween *t) {
  size_t size = m->types[t->type].size;

  return !(t->flags & (TW__F_BIG | TW__F_SEQ)) && size > TW__SMALL_MAX &&
         size <= TW__INLINE_MAX;
}

/* The start and end of a small value are 8 bytes together, and so are
 * the flags, type, ease and update type: each pair is one word of the
 * image, as it is in memory (this build's byte order, in the layout
 * signature).  A compile-time check that they have no gap. */
typedef char
    tw__snap_sv_ev[offsetof(tw__hot, ev) == offsetof(tw__hot, sv) + 4 ? 1 : -1];
typedef char tw__snap_head
    [offsetof(tw__tween, utype) + 1 == offsetof(tw__tween, flags) + 8 ? 1 : -1];

/* The head, elapsed time and hot part of a tween from its image's six
 * words: its id, its elapsed time, its hot part's three words (duration,
 * target, the small values), its head (its record is set apart). */
static TW__INLINE void tween_from(const uint64_t w[TWEEN_WORDS], tw__tween *t,
                                  double *el, tw__hot *h) {
  *el = bitsd(w[1]);
  tw__set_duration(h, bitsd(w[2]));
  h->target = (void *)(uintptr_t)w[3];
  memcpy((unsigned char *)h + offsetof(tw__hot, sv), &w[4], 8);
  memcpy((unsigned char *)t + offsetof(tw__tween, flags), &w[5], 8);
}

/* Whether a tween's hot part is laid out as its image's three words
 * (duration, target, the small values): 64-bit pointers. */
#define HOT_AS_IMAGE                                                           \
  (sizeof(tw__hot) == 8 * HOT_WORDS && offsetof(tw__hot, duration) == 0 &&     \
   offsetof(tw__hot, target) == 8 && sizeof(void *) == 8 &&                    \
   offsetof(tw__hot, sv) == 16)

static inline uint32_t img_slot(const uint64_t w[TWEEN_WORDS]) {
  return (uint32_t)w[0];
}
static inline uint32_t img_gen(const uint64_t w[TWEEN_WORDS]) {
  return (uint32_t)(w[0] >> 32) | 1u;
}
static inline int img_rec(const uint64_t w[TWEEN_WORDS]) {
  return (w[0] >> 32) & 1u;
}

/* A child's record, inside its item. */
static inline tw__record *rec_of(const tw__tween *t) {
  return tw__item_rec(tw__item_of((tw__tween *)t));
}
static inline void set_rec(tw__tween *t, tw__record *r) {
  tw__item_set_rec(tw__item_of(t), r);
}

/* owned buffers */

/* EVERY BUFFER A RECORD OWNS IS LISTED HERE, in the order a record image
 * carries them after the record's own bytes: a pointer field of
 * tw__record or tw__choreo that owns memory and is not in this list
 * would be restored as a copy of the pointer, shared with whatever the
 * memory holds by then.  To add one: a constant before OWN_ITEMS, its
 * line in own_list (the pointer, the count of elements in use, the
 * element's size, the capacity), its case in own_set (and in own_free
 * if it is not freed alone); the restore
 * then carries, allocates and frees it, and test_snapshot's state
 * comparison should read it.  Big values live in the record's own block
 * (record_size in pool.c) and are carried right after the record. */
enum {
  OWN_CURVE,  /* the keyframe curve: ncurve of curve_cap keys */
  OWN_CH,     /* the choreography block (one) */
  OWN_PTS,    /* its path's points: npts x dims floats, pts_cap */
  OWN_ARC,    /* its path's arc-length table: narc, arc_cap */
  OWN_LABELS, /* a sequence's labels: nlabels, labels_cap */
  OWN_NAMES,  /* their names: names_len bytes, names_cap */
  OWN_ITEMS,  /* a sequence's timeline: nitems of items_cap items, the
                 children inside; its drive scratch `order` has items_cap
                 entries too, and is not carried */
  OWN_COUNT
};

typedef struct own {
  void *p;
  size_t n, size, cap; /* elements in use, their size, elements held */
} own;

static TW__INLINE own own_of(void *p, size_t n, size_t size, size_t cap) {
  own o;

  o.p = p;
  o.n = n;
  o.size = size;
  o.cap = cap;
  return o;
}

/* Every buffer of r into o, whose choreography block is x (r->ch, or an
 * image's copy; NULL for none: its buffers are then empty). */
static TW__INLINE void own_list(const tw__record *r, const tw__choreo *x,
                                own o[OWN_COUNT]) {
  o[OWN_CURVE] = own_of(r->curve, r->ncurve, sizeof *r->curve, r->curve_cap);
  o[OWN_CH] = own_of(r->ch, r->ch != NULL, sizeof *r->ch, r->ch != NULL);
  o[OWN_ITEMS] = own_of(r->items, r->nitems, sizeof *r->items, r->items_cap);
  if (x == NULL) {
    int k;
    /* field by field: a copy of the one element to the others, read back
     * across the narrower stores that wrote it, stalls */
    for (k = OWN_PTS; k <= OWN_NAMES; k++) {
      o[k].p = NULL;
      o[k].n = 0;
      o[k].size = 1;
      o[k].cap = 0;
    }
    return;
  }
  o[OWN_PTS] =
      own_of(x->pts, tw__mul(x->npts, x->dims), sizeof *x->pts, x->pts_cap);
  if (o[OWN_PTS].n == 0 && x->npts != 0 && x->dims != 0)
    o[OWN_PTS].n = (size_t)-1; /* wraps: no body holds it */
  o[OWN_ARC] = own_of(x->arc, x->narc, sizeof *x->arc, x->arc_cap);
  o[OWN_LABELS] =
      own_of(x->labels, x->nlabels, sizeof *x->labels, x->labels_cap);
  o[OWN_NAMES] = own_of(x->names, x->names_len, 1, x->names_cap);
}

/* Points buffer k of r at p, of cap elements (r->ch set first for those
 * of the choreography block). */
static inline void own_set(tw__record *r, int k, void *p, size_t cap) {
  switch (k) {
  case OWN_CURVE:
    r->curve = p;
    r->curve_cap = cap;
    break;
  case OWN_CH:
    r->ch = p;
    break;
  case OWN_PTS:
    r->ch->pts = p;
    r->ch->pts_cap = cap;
    break;
  case OWN_ARC:
    r->ch->arc = p;
    r->ch->arc_cap = cap;
    break;
  case OWN_LABELS:
    r->ch->labels = p;
    r->ch->labels_cap = cap;
    break;
  case OWN_NAMES:
    r->ch->names = p;
    r->ch->names_cap = cap;
    break;
  default:
    r->items = p;
    r->items_cap = cap;
    break;
  }
}

/* Frees buffer o, number k (the items with their scratch `order`, whose
 * cap it shares). */
static inline void own_free(tw_manager *m, int k, own o, uint32_t *order) {
  tw__free(m, o.p, o.cap * o.size);
  if (k == OWN_ITEMS)
    tw__free(m, order, o.cap * sizeof *order);
}

/* The write clocks of the key index, when it is built: the clock, each
 * update type's last and previous pass (keys.c). */
#define CLOCK_WORDS 9

/* The key index's section: its clocks, then the stamp of each live slot
 * in slot order; nothing when the index is not built (then a restore
 * drops it, and it is built again when the replay needs it, as it was). */
static inline size_t keys_bytes(const tw_manager *m) {
  if (m->key_nheads == 0)
    return 0;
  return CLOCK_WORDS * 8 +
         ((size_t)m->live + m->live_nested) * pad8(sizeof(tw__stamp));
}

/* snapshot.c */
/* What a snapshot of another build would differ in (its header's word). */
TW__PRIVATE uint64_t tw__snap_signature(void);
/* The bytes of record r's image, and of a snapshot of m now. */
TW__PRIVATE size_t tw__snap_record_bytes(const tw_manager *m,
                                         const tw__record *r);
TW__PRIVATE size_t tw__snap_bytes(const tw_manager *m);

#endif

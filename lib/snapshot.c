/* SPDX-License-Identifier: MIT */
/* Snapshot and restore: a manager's whole state at a frame boundary, and
 * the same state again later, in the same process (rollback, undo,
 * replay).
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
 * word as it is in memory), their hot parts (four words each: elapsed,
 * duration, target, the start and end of a small value); then their
 * extras, in array order, for those that have any: four words of values
 * of 5 to 16 bytes, then the record's image.  Then the key index's clocks
 * and stamps if it is built, and a trailer of the manager's scalars and
 * the counts (n among them).  A plain float is 48 bytes.  A record's
 * image is the record as a whole struct, then the buffers it owns, each
 * padded to a word (see "owned buffers": that list is the one place that
 * knows them), and for a sequence, after its items, one word per child
 * (its generation and whether a record follows) with each child's record
 * image.  The columns are copies of the array's runs between holes (the
 * hot parts too, where they are laid out as their four words:
 * HOT_AS_IMAGE), and a restore checks them a chunk at a time, with no
 * branch, and copies them back whole.  The checksum, Fletcher's two sums
 * over the body's words in order, then mixed, is computed while writing,
 * in the one pass, over eight lanes at once (sum_rows).
 *
 * Layout.  Every read and write of a tween's fields is in columns_image,
 * tween_from, plain_bad, commit_columns and the two accessors of a
 * child's record (rec_of, set_rec); every read and write of a record's
 * fields is in record_image and record_from (with own_list and own_set
 * for its buffers).  A change of the active array's layout or of a
 * record's touches only those.  A record's plain fields, old and new, are
 * carried without code here.
 *
 * Restore.  Nothing changes before everything is known to fit:
 *  1. the header, and one pass over the body that checks its structure
 *     (every count against the bytes there, every slot, generation, type,
 *     ease and flag as tw_manager_validate would) and its checksum;
 *  2. every allocation: the scratch, the slots' highest generations, the
 *     nested table, a record for each record image (the very record of
 *     the same tween when it is alive with one, else a pooled one, else a
 *     new one), each buffer a record lacks room for, the values and
 *     setters beside the array, and last the capacity.  TW_ENOMEM undoes
 *     them all;
 *  3. the commit, which cannot fail: the records of the tweens not kept
 *     go to the pool, silently (no KILL callback: a rollback is not an
 *     event of the game), the slots are rebuilt, each image is decoded
 *     into its place, and the key index is rebuilt.
 * A restore writes no target: the next update does.
 *
 * Handles.  A slot alive at the snapshot gets that snapshot's generation
 * back, so that the handles of then work again.  Every other slot is
 * free, at a generation above every one it ever issued.  A slot given
 * back an older generation than it has issued since is "lowered": its
 * next release jumps past its highest (handle.c), so that a handle to a
 * tween made after the snapshot is stale forever and none ever names a
 * tween it did not name. */
#include "life.h"

/* the manager's tag */

/* A process-wide count of managers made, so that no two share a tag.
 * Atomic where the compiler has the builtins, since managers may be made
 * on several threads at once; elsewhere the address keeps two managers
 * alive at once apart. */
static uint32_t managers_made;

static uint32_t mix32(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdu;
  x ^= x >> 33;
  return (uint32_t)x;
}

uint64_t tw__manager_tag(const tw_manager *m) {
  uint32_t n;

#if defined(__GNUC__)
  n = __atomic_add_fetch(&managers_made, 1u, __ATOMIC_RELAXED);
#else
  n = ++managers_made;
#endif
  return (uint64_t)n << 32 | mix32((uint64_t)(uintptr_t)m);
}

void tw__restore_free(tw_manager *m) {
  tw__free(m, m->slot_top, (size_t)m->slot_top_cap * sizeof *m->slot_top);
  m->slot_top = NULL;
  m->slot_top_cap = 0;
}

/* the format */

#define SNAP_VERSION 2u
#define HEAD_WORDS 6
#define HEAD_BYTES (HEAD_WORDS * 8)
#define TRAILER_WORDS 5
/* the most words of a tween's image, its record's aside */
#define TWEEN_WORDS 6
#define TWEEN_MAX_WORDS (TWEEN_WORDS + 4)
/* deeper nesting is refused, as tw_manager_validate refuses it */
#define MAX_DEPTH 1000

static const unsigned char snap_magic[8] = {'l', 'i', 'b', 't',
                                            'w', 's', 'n', 'p'};

static size_t pad8(size_t n) { return (n + 7) & ~(size_t)7; }

/* What a snapshot of another build would differ in. */
static uint64_t layout_signature(void) {
  static const size_t v[] = {sizeof(void *),
                             sizeof(size_t),
                             sizeof(double),
                             sizeof(tw__tween),
                             sizeof(tw__wide),
                             sizeof(tw__record),
                             sizeof(tw__item),
                             sizeof(tw__choreo),
                             sizeof(tw__label),
                             sizeof(tw_key),
                             sizeof(tw__stamp),
                             offsetof(tw__record, curve),
                             offsetof(tw__record, items),
                             offsetof(tw__record, ch),
                             offsetof(tw__record, cb),
                             sizeof(tw__hot),
                             offsetof(tw__item, tw),
                             offsetof(tw__item, hot),
                             offsetof(tw__item, w),
                             offsetof(tw__choreo, pts),
                             offsetof(tw__choreo, labels),
                             TW_ON_COUNT,
                             TW_VERSION_HEX};
  const uint32_t one = 1;
  unsigned char first;
  uint64_t h = 0xcbf29ce484222325u;
  size_t i;

  memcpy(&first, &one, 1); /* the byte order */
  h = (h ^ first) * 0x100000001b3u;
  for (i = 0; i < sizeof v / sizeof *v; i++)
    h = (h ^ (uint64_t)v[i]) * 0x100000001b3u;
  return h;
}

/* a + b K, K even: a word changed by d changes it by d (1 + k K) for
 * some k, never 0, since 1 + k K is odd: no change of one word, any byte
 * or bit of it, goes unseen. */
static uint64_t checksum(uint64_t a, uint64_t b) {
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

static void sum_words(const unsigned char *p, size_t n, uint64_t *pa,
                      uint64_t *pb) {
  sum_copy(NULL, p, n, pa, pb, 0);
}

/* sum_words() of the n words at src, copied to dst. */
static void copy_words(unsigned char *dst, const unsigned char *src, size_t n,
                       uint64_t *pa, uint64_t *pb) {
  sum_copy(dst, src, n, pa, pb, 1);
}

/* The sums s[0] and s[1] of some words, then of n words more whose own
 * sums are a and b: Fletcher's sums of the words joined. */
static void join(uint64_t s[2], uint64_t a, uint64_t b, size_t n) {
  s[1] += (uint64_t)n * s[0] + b;
  s[0] += a;
}

/* n bytes, padded to a word with zeros: one copy, and the sums read from
 * the source (not from the copy, whose wide stores would stall them). */
static void put_bytes(wr *w, const void *src, size_t n) {
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
 * body's, in one pass: check_body) */

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
static int take_into(rd *r, void *dst, size_t n) {
  const unsigned char *at = take(r, n);

  if (at == NULL)
    return 0;
  memcpy(dst, at, n);
  return 1;
}

/* tweens: the only code here that knows a tween's fields */

static uint64_t dbits(double d) {
  uint64_t x;
  memcpy(&x, &d, 8);
  return x;
}

static double bitsd(uint64_t x) {
  double d;
  memcpy(&d, &x, 8);
  return d;
}

/* Whether the tween's values of 5 to 16 bytes are beside it (tw__wide). */
static int has_wide(const tw_manager *m, const tw__tween *t) {
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

/* The head and hot part of a tween from its image's six words (its
 * record is set apart). */
static TW__INLINE void tween_from(const uint64_t w[TWEEN_WORDS], tw__tween *t,
                                  tw__hot *h) {
  h->elapsed = bitsd(w[1]);
  h->duration = bitsd(w[2]);
  h->target = (void *)(uintptr_t)w[3];
  memcpy((unsigned char *)h + offsetof(tw__hot, sv), &w[4], 8);
  memcpy((unsigned char *)t + offsetof(tw__tween, flags), &w[5], 8);
}

/* Whether a tween's hot part is laid out as its image's words 1 to 4
 * (elapsed, duration, target, the small values): 64-bit pointers. */
#define HOT_AS_IMAGE                                                           \
  (sizeof(tw__hot) == 32 && offsetof(tw__hot, duration) == 8 &&                \
   offsetof(tw__hot, target) == 16 && sizeof(void *) == 8 &&                   \
   offsetof(tw__hot, sv) == 24)

static uint32_t img_slot(const uint64_t w[TWEEN_WORDS]) {
  return (uint32_t)w[0];
}
static uint32_t img_gen(const uint64_t w[TWEEN_WORDS]) {
  return (uint32_t)(w[0] >> 32) | 1u;
}
static int img_rec(const uint64_t w[TWEEN_WORDS]) { return (w[0] >> 32) & 1u; }

/* A child's record, inside its item. */
static tw__record *rec_of(const tw__tween *t) {
  return tw__item_rec(tw__item_of((tw__tween *)t));
}
static void set_rec(tw__tween *t, tw__record *r) {
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

/* tw__test_snapshot_parts names buffer k TW__PART_CURVE + k. */
typedef char
    tw__snap_parts[TW__PART_CURVE + OWN_ITEMS == TW__PART_ITEMS &&
                           TW__PART_CURVE + OWN_CH == TW__PART_CHOREO &&
                           TW__PART_CURVE + OWN_NAMES == TW__PART_NAMES
                       ? 1
                       : -1];

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
static void own_set(tw__record *r, int k, void *p, size_t cap) {
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
static void own_free(tw_manager *m, int k, own o, uint32_t *order) {
  tw__free(m, o.p, o.cap * o.size);
  if (k == OWN_ITEMS)
    tw__free(m, order, o.cap * sizeof *order);
}

/* sizes */

static size_t record_bytes(const tw_manager *m, const tw__record *r);

/* The bytes of r's image: itself, its big values, its buffers, and its
 * children's words and records. */
static size_t record_bytes(const tw_manager *m, const tw__record *r) {
  size_t n = pad8(sizeof *r), size = m->types[r->type].size, i;
  own o[OWN_COUNT];
  int k;

  if (size > TW__INLINE_MAX)
    n += pad8(2 * size);
  own_list(r, r->ch, o);
  for (k = 0; k < OWN_COUNT; k++)
    n += pad8(o[k].n * o[k].size);
  for (i = 0; i < r->nitems; i++) {
    const tw__item *it = &r->items[i];
    if (it->slot == TW__EMPTY)
      continue;
    n += 8;
    if (rec_of(&it->tw) != NULL)
      n += record_bytes(m, rec_of(&it->tw));
  }
  return n;
}

/* The write clocks of the key index, when it is built: the clock, each
 * update type's last and previous pass (keys.c). */
#define CLOCK_WORDS 9

/* The key index's section: its clocks, then the stamp of each live slot
 * in slot order; nothing when the index is not built (then a restore
 * drops it, and it is built again when the replay needs it, as it was). */
static size_t keys_bytes(const tw_manager *m) {
  if (m->key_nheads == 0)
    return 0;
  return CLOCK_WORDS * 8 +
         ((size_t)m->live + m->live_nested) * pad8(sizeof(tw__stamp));
}

static void keys_image(const tw_manager *m, wr *w) {
  uint32_t s;
  int u;

  put(w, m->wclock);
  for (u = 0; u < 4; u++) {
    put(w, m->pass_clock[u]);
    put(w, m->prev_clock[u]);
  }
  for (s = 0; s < m->nslots; s++)
    if (m->slots[s].gen & 1u)
      put_bytes(w, &m->key_stamps[s], sizeof(tw__stamp));
}

static size_t snapshot_bytes(const tw_manager *m) {
  size_t n = HEAD_BYTES + TRAILER_WORDS * 8 + keys_bytes(m);
  uint32_t i;

  for (i = 0; i < m->end; i++) {
    const tw__tween *t = &m->active[i];
    if (m->aslot[i] == TW__EMPTY)
      continue;
    n += TWEEN_WORDS * 8;
    if (!(t->flags & TW__F_PLAIN) && has_wide(m, t))
      n += sizeof(tw__wide);
    if (tw__rec(m, t) != NULL)
      n += record_bytes(m, tw__rec(m, t));
  }
  return n;
}

int tw_snapshot_size(const tw_manager *m, size_t *bytes) {
  if (m == NULL || bytes == NULL)
    return TW_EINVAL;
  *bytes = snapshot_bytes(m);
  return 0;
}

/* writing */

static uint32_t record_image(const tw_manager *m, wr *w, const tw__record *r);

/* Record r's image (room checked: record_bytes); returns how many records
 * it carries, its children's included. */
static uint32_t record_image(const tw_manager *m, wr *w, const tw__record *r) {
  size_t size = m->types[r->type].size, i;
  uint32_t n = 1;
  own o[OWN_COUNT];
  int k;

  put_bytes(w, r, sizeof *r);
  if (size > TW__INLINE_MAX)
    put_bytes(w, r->big, 2 * size); /* start and end; not the scratch */
  own_list(r, r->ch, o);
  for (k = 0; k < OWN_COUNT; k++)
    put_bytes(w, o[k].p, o[k].n * o[k].size);
  for (i = 0; i < r->nitems; i++) {
    const tw__item *it = &r->items[i];
    const tw__record *cr = rec_of(&it->tw);
    if (it->slot == TW__EMPTY)
      continue;
    put(w, m->slots[it->slot].gen | (uint64_t)(cr != NULL) << 32);
    if (cr != NULL)
      n += record_image(m, w, cr);
  }
  return n;
}

/* The first of the live entries of the array from index i on, and in
 * *stop the end of their run (the next hole, or the array's end). */
static TW__INLINE uint32_t next_run(const tw_manager *m, uint32_t i,
                                    uint32_t *stop) {
  if (m->live == m->end - m->begin) { /* no hole */
    *stop = m->end;
    return i;
  }
  while (i < m->end && m->aslot[i] == TW__EMPTY)
    i++;
  for (*stop = i; *stop < m->end && m->aslot[*stop] != TW__EMPTY;)
    ++*stop;
  return i;
}

/* The columns of the n live tweens of the array at p (room checked):
 * their ids, their heads, their hot parts, summed into *pa and *pb. */
static void columns_image(const tw_manager *m, unsigned char *restrict p,
                          uint32_t n, uint64_t *pa, uint64_t *pb) {
  unsigned char *heads = p + (size_t)n * 8, *hot = heads + (size_t)n * 8;
  tw__record *const *arec = m->arec; /* the array's: no child here */
  const uint32_t *aslot = m->aslot;
  const tw__slot *slots = m->slots;
  uint64_t a = *pa, b = *pb;
  uint32_t i, stop;

  for (i = next_run(m, m->begin, &stop); i < stop;
       i = next_run(m, stop, &stop)) {
    for (; i < stop; i++) {
      uint32_t s = aslot[i];
      uint32_t gen = (slots[s].gen & ~1u) | (arec != NULL && arec[i] != NULL);
      SUM_PUT(p, a, b, s | (uint64_t)gen << 32);
    }
  }
  for (i = next_run(m, m->begin, &stop); i < stop;
       i = next_run(m, stop, &stop)) {
    copy_words(heads, (const unsigned char *)&m->active[i], stop - i, &a, &b);
    heads += (size_t)(stop - i) * 8;
  }
  for (i = next_run(m, m->begin, &stop); i < stop;
       i = next_run(m, stop, &stop)) {
    if (HOT_AS_IMAGE) { /* the hot parts are their words already */
      copy_words(hot, (const unsigned char *)&m->hot[i], (size_t)(stop - i) * 4,
                 &a, &b);
      hot += (size_t)(stop - i) * 32;
      continue;
    }
    for (; i < stop; i++) {
      const tw__hot *h = &m->hot[i];
      uint64_t x;
      SUM_PUT(hot, a, b, dbits(h->elapsed));
      SUM_PUT(hot, a, b, dbits(h->duration));
      SUM_PUT(hot, a, b, (uint64_t)(uintptr_t)h->target);
      memcpy(&x, (const unsigned char *)h + offsetof(tw__hot, sv), 8);
      SUM_PUT(hot, a, b, x);
    }
  }
  *pa = a;
  *pb = b;
}

int tw_snapshot(const tw_manager *m, void *buf, size_t cap, size_t *used) {
  unsigned char *out = buf;
  uint64_t head[HEAD_WORDS];
  uint32_t i, nrec = 0;
  wr w;

  if (m == NULL || (buf == NULL && cap > 0))
    return tw__fail(m, TW_EINVAL, "tw_snapshot", "buf is NULL, cap %zu", cap);
  if (m->depth > 0 || m->busy > 0)
    return tw__fail(m, TW_EBUSY, "tw_snapshot",
                    "called from inside a callback of this manager: a "
                    "snapshot is of a frame boundary");
  if (cap < HEAD_BYTES + TRAILER_WORDS * 8)
    goto full;
  memset(out, 0, 8); /* no magic until the snapshot is whole */
  w.p = out + HEAD_BYTES;
  w.end = out + cap - TRAILER_WORDS * 8;
  w.a = w.b = 0;
  if ((size_t)(w.end - w.p) / (TWEEN_WORDS * 8) < m->live)
    goto full;
  columns_image(m, w.p, m->live, &w.a, &w.b);
  w.p += (size_t)m->live * TWEEN_WORDS * 8;
  if (m->arec != NULL || m->wide != NULL) {
    /* the extras: the writer in locals for the loop; restrict: its
     * stores do not change the manager, which need not be read again
     * after each */
    tw__record *const *arec = m->arec;
    unsigned char *restrict p = w.p;
    uint64_t a = w.a, b = w.b;
    for (i = m->begin; i < m->end; i++) {
      const tw__tween *t = &m->active[i];
      const tw__record *r;
      if (m->aslot[i] == TW__EMPTY)
        continue;
      if (m->wide != NULL && !(t->flags & TW__F_PLAIN) && has_wide(m, t)) {
        uint64_t v[4];
        if ((size_t)(w.end - p) < sizeof v)
          goto full;
        memcpy(v, &m->wide[i], sizeof v);
        SUM_PUT(p, a, b, v[0]);
        SUM_PUT(p, a, b, v[1]);
        SUM_PUT(p, a, b, v[2]);
        SUM_PUT(p, a, b, v[3]);
      }
      r = arec != NULL ? arec[i] : NULL;
      if (arec != NULL && i + AHEAD_TWEENS < m->end &&
          arec[i + AHEAD_TWEENS] != NULL) /* read soon: asked for now */
        prefetch_r(arec[i + AHEAD_TWEENS], sizeof *r);
      if (r == NULL)
        continue;
      if (r->ch == NULL && r->ncurve == 0 && r->nitems == 0 &&
          m->types[r->type].size <= TW__INLINE_MAX) {
        /* the common record, its words alone (record_image() of a
         * record that owns nothing), inline */
        const unsigned char *q = (const unsigned char *)r;
        uint64_t x;
        if ((size_t)(w.end - p) < pad8(sizeof *r))
          goto full;
        copy_words(p, q, sizeof *r / 8, &a, &b);
        p += sizeof *r & ~(size_t)7;
        if (sizeof *r % 8 != 0) {
          x = 0;
          memcpy(&x, q + (sizeof *r & ~(size_t)7), sizeof *r % 8);
          SUM_PUT(p, a, b, x);
        }
        nrec++;
      } else {
        if ((size_t)(w.end - p) < record_bytes(m, r))
          goto full;
        w.p = p;
        w.a = a;
        w.b = b;
        nrec += record_image(m, &w, r);
        p = w.p;
        a = w.a;
        b = w.b;
      }
    }
    w.p = p;
    w.a = a;
    w.b = b;
  }
  if ((size_t)(w.end - w.p) < keys_bytes(m))
    goto full;
  if (m->key_nheads != 0)
    keys_image(m, &w);
  /* the trailer: the manager's scalars and the counts */
  put(&w, dbits(m->timescale));
  put(&w, (uint32_t)m->overwrite);
  put(&w, m->live | (uint64_t)m->live_sequences << 32);
  put(&w, m->live_nested | (uint64_t)nrec << 32);
  put(&w, m->nslots | (uint64_t)(m->key_nheads != 0) << 32);
  memcpy(&head[0], snap_magic, 8);
  head[1] = SNAP_VERSION | (uint64_t)HEAD_BYTES << 32;
  head[2] = layout_signature();
  head[3] = m->tag;
  head[4] = (uint64_t)(w.p - out - HEAD_BYTES);
  head[5] = checksum(w.a, w.b);
  memcpy(out, head, HEAD_BYTES);
  if (used != NULL)
    *used = (size_t)(w.p - out);
  return 0;
full:
  if (used != NULL)
    *used = snapshot_bytes(m);
  return tw__fail(m, TW_ERANGE, "tw_snapshot",
                  "cap %zu is below the %zu bytes the snapshot needs", cap,
                  snapshot_bytes(m));
}

/* restoring */

/* Where a record image goes: the record of the same tween, alive with one
 * now; a pooled record; a new one. */
enum { SRC_KEPT, SRC_POOL, SRC_NEW };

typedef struct plan {
  tw__record *r;
  size_t img; /* its image's offset in the body */
  uint32_t slot, gen;
  uint16_t type;
  uint8_t src;
  uint8_t owns; /* whether its image holds any owned buffer */
} plan;

/* A buffer allocated for record j's buffer k, which lacked room. */
typedef struct newbuf {
  uint32_t j;
  int k;
  void *p;
  uint32_t *order; /* the items' drive scratch */
  size_t cap, size;
} newbuf;

/* A restore in progress. */
typedef struct rs {
  tw_manager *m;
  const unsigned char *body;
  size_t nbody;
  /* the trailer */
  double timescale;
  int overwrite;
  int keys; /* the key index was built: its section is there */
  const unsigned char *stamps; /* that section */
  uint32_t ntop, nseq, nnested, nrec;
  /* found by the check */
  uint32_t nplans, children, seqs;
  int wide, aset, arec;
  /* the scratch: two bitmaps by slot and the plans */
  void *scratch;
  size_t scratch_bytes;
  uint64_t *seen, *kept;
  plan *plans;
  uint32_t assigned; /* plans given a record so far */
  newbuf *nb;
  size_t nnb, nb_cap, nb_at;
  /* blocks that replace the manager's at the commit */
  uint32_t *top;
  tw__nest *nested;
  uint32_t nested_cap;
  int made_wide, made_aset, made_arec, made_keys;
  uint32_t nested_at;
  /* tw__test_snapshot_parts's log of what the check reads; NULL */
  tw__part *parts;
  size_t nparts, parts_cap;
} rs;

/* The check read the part of kind `kind` at p, of n bytes (a test's log). */
static void note(rs *x, int kind, const unsigned char *p, size_t n) {
  if (x->parts == NULL)
    return;
  if (x->nparts < x->parts_cap) {
    x->parts[x->nparts].at = (size_t)(p - x->body) + HEAD_BYTES;
    x->parts[x->nparts].bytes = n;
    x->parts[x->nparts].kind = kind;
  }
  x->nparts++;
}

static TW__INLINE int bit(const uint64_t *b, uint32_t i) {
  return (b[i / 64] >> i % 64) & 1;
}
static TW__INLINE void set_bit(uint64_t *b, uint32_t i) {
  b[i / 64] |= (uint64_t)1 << i % 64;
}

/* 1. the check */

/* The highest generation slot s ever had. */
static TW__INLINE uint32_t highest(const tw_manager *m, uint32_t s) {
  uint32_t g = m->slots[s].gen;

  if (s < m->slot_top_cap && m->slot_top[s] > g)
    g = m->slot_top[s];
  return g;
}

/* Slot s lived at generation g when the snapshot was taken, once. */
static TW__INLINE int slot_ok(rs *x, uint32_t s, uint32_t g) {
  uint64_t *word, one;

  if (s >= x->m->nslots || (g & 1u) == 0 || g > highest(x->m, s))
    return 0;
  word = &x->seen[s / 64];
  one = (uint64_t)1 << s % 64;
  if (*word & one)
    return 0;
  *word |= one;
  return 1;
}

static int check_tween(rs *x, rd *r, tw__tween *t, const uint64_t w[], int top,
                       int depth);

/* The record image of tween t (slot s, generation g), into rc. */
static int check_record(rs *x, rd *r, const tw__tween *t, uint32_t s,
                        uint32_t g, int depth, tw__record *rc) {
  const tw_manager *m = x->m;
  size_t size = m->types[t->type].size, i;
  const unsigned char *at, *items = NULL;
  tw__choreo ch, *xp = NULL;
  tw__bufs b = {NULL, NULL, NULL, NULL, NULL};
  own o[OWN_COUNT];
  double prev = 0;
  plan *p;
  int k;

  if (x->nplans >= x->nrec || depth > MAX_DEPTH)
    return 0;
  p = &x->plans[x->nplans++];
  p->img = (size_t)(r->p - x->body);
  p->slot = s;
  p->gen = g;
  p->type = t->type;
  note(x, TW__PART_RECORD, r->p, sizeof *rc);
  if (!take_into(r, rc, sizeof *rc) || rc->type != t->type)
    return 0;
  if (size > TW__INLINE_MAX) {
    note(x, TW__PART_BIG, r->p, 2 * size);
    if (take(r, 2 * size) == NULL)
      return 0;
  }
  p->owns = rc->ncurve > 0 || rc->ch != NULL || rc->nitems > 0;
  if (!p->owns) /* no curve, no block, no timeline: no buffer follows */
    return tw__record_ok(m, t, rc, NULL, &b) == 0;
  own_list(rc, NULL, o);
  for (k = 0; k < OWN_COUNT; k++) {
    if (o[k].n > ((size_t)-1) / o[k].size ||
        (at = take(r, o[k].n * o[k].size)) == NULL)
      return 0;
    if (o[k].n > 0)
      note(x, TW__PART_CURVE + k, at, o[k].n * o[k].size);
    if (k == OWN_CH && o[k].n > 0) {
      memcpy(&ch, at, sizeof ch);
      xp = &ch;
      own_list(rc, xp, o);
    } else if (k == OWN_CURVE) {
      b.curve = at;
    } else if (k == OWN_PTS) {
      b.pts = at;
    } else if (k == OWN_ARC) {
      b.arc = at;
    } else if (k == OWN_LABELS) {
      b.labels = at;
    } else if (k == OWN_NAMES) {
      b.names = at;
    } else if (k == OWN_ITEMS) {
      items = at;
    }
  }
  for (k = 0, p->owns = 0; k < OWN_COUNT; k++)
    p->owns |= o[k].n > 0;
  if (tw__record_ok(m, t, rc, xp, &b) != 0 ||
      (rc->nitems > 0 && !(t->flags & TW__F_SEQ)))
    return 0;
  for (i = 0; i < rc->nitems; i++) {
    tw__item it;
    tw__record crc;
    uint64_t cw = 0;
    memcpy(&it, items + i * sizeof it, sizeof it);
    if (tw__item_ok(&it, prev) != 0)
      return 0;
    prev = it.at;
    if (it.slot == TW__EMPTY)
      continue;
    note(x, TW__PART_CHILD, r->p, 8);
    if (!get(r, &cw) || cw >> 32 > 1 || it.gen != 0 ||
        !slot_ok(x, it.slot, (uint32_t)cw) || !(it.tw.flags & TW__F_CHILD) ||
        (rec_of(&it.tw) != NULL) != (cw >> 32 == 1))
      return 0;
    x->children++;
    set_rec(&it.tw, NULL);
    if (!check_tween(x, r, &it.tw, NULL, 0, depth + 1))
      return 0;
    if (cw >> 32 == 1) {
      if (!check_record(x, r, &it.tw, it.slot, (uint32_t)cw, depth + 1, &crc))
        return 0;
      set_rec(&it.tw, &crc);
    }
    if (tw__tween_ok(m, &it.tw) != 0)
      return 0;
  }
  return 1;
}

/* Tween t of the image: a top-level one (its words w; its record image
 * follows), or a child (its record checked by the caller, which then
 * checks it whole). */
static int check_tween(rs *x, rd *r, tw__tween *t, const uint64_t w[], int top,
                       int depth) {
  const tw_manager *m = x->m;
  tw__record rc;

  if ((t->flags & TW__F_SEQ) ? t->type != TW__TYPE_SEQ
                             : !tw__type_valid(m, t->type))
    return 0;
  if (!(tw__hot_of(m, t)->elapsed >= 0)) /* inf: all the loops of a tween
                                            whose total time is past any
                                            double, played */
    return 0;
  if (!top)
    return 1;
  if (t->flags & TW__F_SEQ)
    x->seqs++;
  if (!slot_ok(x, img_slot(w), img_gen(w)))
    return 0;
  if (!(t->flags & TW__F_PLAIN) && has_wide(m, t)) {
    const unsigned char *wide;
    note(x, TW__PART_WIDE, r->p, sizeof(tw__wide));
    wide = take(r, sizeof(tw__wide));
    if (wide == NULL)
      return 0;
    /* beside it, for tw__tween_ok: a vector's ends near (TW__F_NEAR) */
    memcpy(tw__wide_of(m, t), wide, sizeof(tw__wide));
    x->wide = 1;
  }
  if (t->flags & TW__F_SETTER)
    x->aset = 1;
  if (img_rec(w)) {
    x->arec = 1;
    if (!check_record(x, r, t, img_slot(w), img_gen(w), depth, &rc))
      return 0;
    tw__set_rec(m, t, &rc);
  }
  return tw__tween_ok(m, t) == 0;
}

/* The word of a tween's head (flags, type, ease, update type) as this
 * build lays it in memory and in an image. */
static TW__INLINE uint64_t head_word(uint32_t flags, unsigned type,
                                     unsigned ease, unsigned utype) {
  tw__tween t;
  uint64_t w;

  t.flags = flags;
  t.type = (uint16_t)type;
  t.ease = (uint8_t)ease;
  t.utype = (uint8_t)utype;
  memcpy(&w, &t, 8);
  return w;
}

/* What a plain float's flags hold none of: the settings that need a
 * record, being a child, and the near-ends flag (TW__F_NEAR: a plain
 * float's ends keep their own promise). */
#define PLAIN_NONE                                                             \
  (TW__F_SETTER | TW__F_BIG | TW__F_CALLBACKS | TW__F_DELAYED | TW__F_LOOPS |  \
   TW__F_SCALED | TW__F_SEQ | TW__F_CHILD | TW__F_SNAPPED | TW__F_WOBBLE |     \
   TW__F_ADDITIVE | TW__F_PATH | TW__F_NEAR)

/* An update type is at most TW_UPDATE_MANUAL when its bits above 3 are 0. */
typedef char tw__snap_utype[TW_UPDATE_MANUAL == 3 ? 1 : -1];

/* The word of a small value's start and end, each a + b, as this build
 * lays them in memory. */
static TW__INLINE uint64_t ends_word(uint32_t start, uint32_t end) {
  uint32_t v[2];
  uint64_t w;

  v[0] = start;
  v[1] = end;
  memcpy(&w, v, 8);
  return w;
}

/* Whether the tween of head h, elapsed el, duration du and small ends e
 * fails tw__tween_ok's checks for a plain float without a record, the
 * tween most snapshots hold most of (and check_tween's), its record
 * aside (its id tells): nonzero if so.  Its head in one compare; a given
 * start is set (TW__F_GIVEN, its bit six above TW__F_STARTSET's in either
 * byte order, without it); its end near (and its start, once read), on
 * both floats' bits at once: a float is near when its bits but the sign
 * are at most those of FLT_MAX / 2 (NaN and inf above), so that 2^31 +
 * near - bits, no lane borrowing from the other, has its top bit set. */
typedef char tw__snap_given[TW__F_GIVEN == TW__F_STARTSET << 6 ? 1 : -1];

#define PLAIN_CONSTANTS                                                        \
  const uint64_t head =                                                        \
                     head_word(PLAIN_NONE | TW__F_PLAIN, 0xffff, 0xff, 0xfc),  \
                 want = head_word(TW__F_PLAIN, TW_TYPE_FLOAT,                  \
                                  TW_EASE_OUT_QUAD, 0),                        \
                 given = head_word(TW__F_GIVEN, 0, 0, 0),                      \
                 mag = ends_word(0x7fffffffu, 0x7fffffffu),                    \
                 near = ends_word(0xfeffffffu, 0xfeffffffu), /* 2^31 + */      \
      top_s = ends_word(0x80000000u, 0), top_e = ends_word(0, 0x80000000u)

/* TW__F_STARTED's bit of a head word moved to that of the start's sign
 * in the word of the small values: the flags and the start are each the
 * first 4 bytes of their word, so the shift is the same in either byte
 * order. */
#define STARTED_TO_SIGN 30
typedef char tw__snap_started[TW__F_STARTED == 1u << (31 - STARTED_TO_SIGN) &&
                                      offsetof(tw__tween, flags) == 0
                                  ? 1
                                  : -1];

static TW__INLINE uint64_t plain_bad(uint64_t h, double el, double du,
                                     uint64_t e) {
  PLAIN_CONSTANTS;
  uint64_t in = near - (e & mag), bad;

  bad = (h & head) ^ want;
  bad |= h & given & ~(h << 6);
  bad |= ~in & (top_e | (top_s & h << STARTED_TO_SIGN));
  bad |= !(du >= 0) | !(el >= 0) | !(el <= DBL_MAX);
  return bad;
}

/* plain_bad() of the c tweens whose heads and hot parts are at heads and
 * hot, or'ed: 0 if every one passes.  Two at a time where there are
 * vectors, no branch between them. */
static uint64_t plain_bad_all(const unsigned char *heads,
                              const unsigned char *hot, size_t c) {
  uint64_t bad = 0, e;
  double el, du;
  size_t k = 0;

#if SNAP_VECTORS
  PLAIN_CONSTANTS;
  typedef double d2 __attribute__((vector_size(16)));
  const snap_v2 vhead = {head, head}, vwant = {want, want},
                vgiven = {given, given}, vmag = {mag, mag},
                vnear = {near, near}, vtop_s = {top_s, top_s},
                vtop_e = {top_e, top_e}, zero = {0, 0};
  const d2 dzero = {0, 0}, most = {DBL_MAX, HUGE_VAL}; /* el, du */
  snap_v2 vbad = zero;
  snap_v2 tgood = ~zero;

  for (; k + 2 <= c; k += 2, heads += 16, hot += 64) {
    snap_v2 h, ends, in;
    d2 t0, t1;
    uint64_t e1;
    memcpy(&h, heads, 16);
    memcpy(&t0, hot, 16); /* elapsed, duration */
    memcpy(&t1, hot + 32, 16);
    memcpy(&e, hot + 24, 8);
    memcpy(&e1, hot + 56, 8);
    ends = (snap_v2){e, e1};
    in = vnear - (ends & vmag);
    vbad |= (h & vhead) ^ vwant;
    vbad |= h & vgiven & ~(h << 6);
    vbad |= ~in & (vtop_e | (vtop_s & h << STARTED_TO_SIGN));
    tgood &= (snap_v2)(t0 >= dzero) & (snap_v2)(t0 <= most) &
             (snap_v2)(t1 >= dzero) & (snap_v2)(t1 <= most);
  }
  bad = vbad[0] | vbad[1] | ~(tgood[0] & tgood[1]);
#endif
  for (; k < c; k++, heads += 8, hot += 32) {
    uint64_t h;
    memcpy(&h, heads, 8);
    memcpy(&el, hot, 8);
    memcpy(&du, hot + 8, 8);
    memcpy(&e, hot + 24, 8);
    bad |= plain_bad(h, el, du, e);
  }
  return bad;
}

/* The tweens plain_bad_all() reads at once, from the L1 cache. */
#define CHUNK 256

/* Top-level tween c of the columns, not a plain float without a record:
 * checked whole (check_tween), its extras read from r. */
static TW__NOINLINE int check_other(rs *x, rd *r, size_t c) {
  const unsigned char *ids = x->body, *heads = ids + (size_t)x->ntop * 8,
                      *hot = heads + (size_t)x->ntop * 8;
  /* the tween is checked apart from the array, in an item of its own,
   * marked a child for the while so that its accessors find it there */
  tw__item ti;
  tw__tween *t = &ti.tw;
  uint64_t w[TWEEN_WORDS];

  memcpy(&w[0], ids + 8 * c, 8);
  memcpy(&w[1], hot + 32 * c, 32);
  memcpy(&w[5], heads + 8 * c, 8);
  tween_from(w, t, &ti.hot);
  if (!img_rec(w) && (t->flags & TW__F_PLAIN))
    return 0;
  if (t->flags & TW__F_CHILD)
    return 0;
  t->flags |= TW__F_CHILD;
  ti.rec = NULL;
  return check_tween(x, r, t, w, 1, 0);
}

/* The plain floats without a record whose ids are at ids, from tween c
 * to end or to the first with a record, each through slot_ok(): the
 * tables in locals, few enough to stay in registers, and the word of the
 * seen bitmap in use in one (the next slot is most often in it), not
 * stored and read back at once.  Returns where it stopped: end, a tween
 * with a record, or end + 1 if a slot was refused. */
static TW__NOINLINE size_t plain_slots(const tw_manager *m, uint64_t *seen,
                                       const unsigned char *ids, size_t c,
                                       size_t end) {
  const tw__slot *slots = m->slots;
  uint32_t nslots = m->nslots;
  size_t at = 0; /* word is seen[at] */
  uint64_t word = seen[0];

  for (; c < end; c++) {
    uint64_t id, one;
    uint32_t s, g;
    memcpy(&id, ids + 8 * c, 8);
    if (id >> 32 & 1)
      break;
    s = (uint32_t)id;
    g = (uint32_t)(id >> 32) | 1u;
    if (s >= nslots || (g > slots[s].gen && g > highest(m, s))) {
      c = end + 1;
      break;
    }
    if (s / 64 != at) {
      seen[at] = word;
      at = s / 64;
      word = seen[at];
    }
    one = (uint64_t)1 << s % 64;
    if (word & one) {
      c = end + 1;
      break;
    }
    word |= one;
  }
  seen[at] = word;
  return c;
}

/* The top-level tweens, each checked, its slot and generation in the
 * snapshot once (slot_ok); the plain floats without a record (plain_bad,
 * a chunk at a time first) by their slot alone.  Their columns' sums into
 * sum[0] and sum[1], and the extras' they read into sum[2] and sum[3]. */
static int check_columns(rs *x, rd *r, uint64_t sum[4]) {
  const unsigned char *ids = x->body, *heads = ids + (size_t)x->ntop * 8,
                      *hot = heads + (size_t)x->ntop * 8;
  size_t k, c, len;
  uint64_t col[6] = {0, 0, 0, 0, 0, 0}; /* each column's sums */
  const unsigned char *summed = r->p;   /* the extras up to here are summed */

  for (k = 0; k < x->ntop; k += len) {
    int all;
    len = x->ntop - k < CHUNK ? x->ntop - k : CHUNK;
    /* the chunk's words summed, and checked, while the cache holds them */
    sum_words(ids + 8 * k, len, &col[0], &col[1]);
    sum_words(heads + 8 * k, len, &col[2], &col[3]);
    sum_words(hot + 32 * k, 4 * len, &col[4], &col[5]);
    all = plain_bad_all(heads + 8 * k, hot + 32 * k, len) == 0;
    for (c = k; c < k + len; c++) {
      uint64_t id;
      if (all) {
        c = plain_slots(x->m, x->seen, ids, c, k + len);
        if (c > k + len)
          return 0;
        if (c == k + len)
          break;
      }
      memcpy(&id, ids + 8 * c, 8);
      if ((id >> 32 & 1) ||
          plain_bad_all(heads + 8 * c, hot + 32 * c, 1) != 0) {
        if (!check_other(x, r, c))
          return 0;
      } else if (!slot_ok(x, (uint32_t)id, (uint32_t)(id >> 32) | 1u)) {
        return 0;
      }
    }
    /* the extras the chunk's tweens read */
    sum_words(summed, (size_t)(r->p - summed) / 8, &sum[2], &sum[3]);
    summed = r->p;
  }
  join(col, col[2], col[3], x->ntop);
  join(col, col[4], col[5], (size_t)x->ntop * 4);
  sum[0] = col[0];
  sum[1] = col[1];
  return 1;
}

/* The body's structure, every count against the bytes there, and the
 * checksum h. */
static TW__NOINLINE int check_body(rs *x, uint64_t h) {
  rd r;
  const unsigned char *extras;
  /* the sums of the columns, then those of the extras, then the rest's */
  uint64_t sum[6] = {0, 0, 0, 0, 0, 0};

  r.checked = 0;
  r.p = x->body;
  r.end = x->body + x->nbody - TRAILER_WORDS * 8;
  if ((size_t)(r.end - r.p) / (TWEEN_WORDS * 8) < x->ntop)
    return 0;
  r.p = extras = x->body + (size_t)x->ntop * TWEEN_WORDS * 8;
  if (!check_columns(x, &r, sum))
    return 0;
  sum_words(r.p, (size_t)(x->body + x->nbody - r.p) / 8, &sum[4], &sum[5]);
  join(sum, sum[2], sum[3], (size_t)(r.p - extras) / 8);
  join(sum, sum[4], sum[5], (size_t)(x->body + x->nbody - r.p) / 8);
  if (x->keys &&
      (x->stamps = take(&r, CLOCK_WORDS * 8 + ((size_t)x->ntop + x->nnested) *
                                                  pad8(sizeof(tw__stamp)))) ==
          NULL)
    return 0;
  return r.p == r.end && x->nplans == x->nrec && x->seqs == x->nseq &&
         x->children == x->nnested && checksum(sum[0], sum[1]) == h;
}

/* The trailer: the manager's scalars and the counts, each checked
 * against what the body can hold. */
static int read_trailer(rs *x, uint32_t *nslots) {
  const unsigned char *t = x->body + x->nbody - TRAILER_WORDS * 8;
  uint64_t w[TRAILER_WORDS];
  size_t room = x->nbody / 8;

  memcpy(w, t, sizeof w);
  x->timescale = bitsd(w[0]);
  x->overwrite = (int)(uint32_t)w[1];
  x->ntop = (uint32_t)w[2];
  x->nseq = (uint32_t)(w[2] >> 32);
  x->nnested = (uint32_t)w[3];
  x->nrec = (uint32_t)(w[3] >> 32);
  *nslots = (uint32_t)w[4];
  x->keys = (int)(w[4] >> 32);
  return tw__time_in(&x->timescale) && (w[1] >> 32) == 0 &&
         (unsigned)x->overwrite <= TW_OVERWRITE_KILL && (w[4] >> 32) <= 1 &&
         x->ntop <= room / TWEEN_WORDS && x->nseq <= x->ntop &&
         x->nnested <= room && x->nrec <= room / (sizeof(tw__record) / 8) &&
         (uint64_t)x->ntop + x->nnested <= x->m->nslots;
}

/* 2. the allocations, and their undoing */

static void undo(rs *x) {
  tw_manager *m = x->m;
  size_t i;
  uint32_t j;

  for (i = 0; i < x->nnb; i++) {
    own o;
    o.p = x->nb[i].p;
    o.cap = x->nb[i].cap;
    o.size = x->nb[i].size;
    own_free(m, x->nb[i].k, o, x->nb[i].order);
  }
  for (j = x->assigned; j > 0; j--) {
    plan *p = &x->plans[j - 1];
    if (p->src == SRC_POOL)
      tw__record_unpop(m, p->r);
    else if (p->src == SRC_NEW)
      tw__record_drop(m, p->r);
  }
  if (x->made_wide) {
    tw__free(m, m->wide, tw__array_len(m) * sizeof *m->wide);
    m->wide = NULL;
  }
  if (x->made_keys)
    tw__keys_free(m);
  if (x->made_aset) {
    tw__free(m, m->aset, tw__array_len(m) * sizeof *m->aset);
    m->aset = NULL;
  }
  if (x->made_arec) {
    tw__free(m, m->arec, tw__array_len(m) * sizeof *m->arec);
    m->arec = NULL;
  }
}

/* The end of a restore, done or undone: the temporary blocks go. */
static void done(rs *x) {
  tw_manager *m = x->m;

  tw__free(m, x->nb, x->nb_cap * sizeof *x->nb);
  tw__free(m, x->scratch, x->scratch_bytes);
  tw__free(m, x->top, (size_t)m->nslots * sizeof *x->top);
  tw__free(m, x->nested, (size_t)x->nested_cap * sizeof *x->nested);
}

/* A buffer of cap elements of o.size for buffer k of plan j. */
static int new_buffer(rs *x, uint32_t j, int k, own o, size_t cap) {
  tw_manager *m = x->m;
  void *buf = x->nb;
  newbuf *b;

  if (tw__room(m, &buf, &x->nb_cap, x->nnb + 1, sizeof *x->nb) != 0)
    return 0;
  x->nb = buf;
  b = &x->nb[x->nnb];
  b->j = j;
  b->k = k;
  b->cap = cap;
  b->size = o.size;
  b->order = NULL;
  if ((b->p = tw__alloc(m, cap * o.size)) == NULL)
    return 0;
  if (k == OWN_ITEMS &&
      (b->order = tw__alloc(m, cap * sizeof *b->order)) == NULL) {
    tw__free(m, b->p, cap * o.size);
    return 0;
  }
  x->nnb++;
  return 1;
}

/* A record for each record image, and each buffer it lacks room for. */
static int plan_records(rs *x) {
  tw_manager *m = x->m;
  uint32_t j;
  int k;

  for (j = 0; j < x->nrec; j++) {
    plan *p = &x->plans[j];
    tw__record *r = NULL, img;
    tw__choreo ch;
    own need[OWN_COUNT], have[OWN_COUNT];
    const unsigned char *at = x->body + p->img + pad8(sizeof img);
    size_t size = m->types[p->type].size;
    if (m->slots[p->slot].gen == p->gen &&
        (r = tw__rec(m, tw__t(m, p->slot))) != NULL) {
      /* the same tween (no generation names two), alive with its record,
       * of its type (a tween's type never changes): the record's own
       * memory need not be read here */
      p->src = SRC_KEPT;
      set_bit(x->kept, p->slot);
    } else if ((r = tw__record_pop(m, p->type)) != NULL) {
      p->src = SRC_POOL;
    } else if ((r = tw__record_new(m, p->type)) != NULL) {
      p->src = SRC_NEW;
    } else {
      return 0;
    }
    p->r = r;
    x->assigned = j + 1;
    if (!p->owns)
      continue; /* needs no room */
    /* what the image needs, against what r has */
    memcpy(&img, x->body + p->img, sizeof img);
    if (size > TW__INLINE_MAX)
      at += pad8(2 * size);
    own_list(&img, NULL, need);
    own_list(r, r->ch, have);
    for (k = 0; k < OWN_COUNT; k++) {
      if (k == OWN_CH && need[k].n > 0) {
        memcpy(&ch, at, sizeof ch);
        own_list(&img, &ch, need);
      }
      at += pad8(need[k].n * need[k].size);
      if (need[k].n > have[k].cap && !new_buffer(x, j, k, need[k], need[k].n))
        return 0;
    }
  }
  return 1;
}

/* The rest: the slots' highest generations, the nested table, the
 * values and setters beside the array, and last the capacity, the one
 * that cannot be undone. */
static int allocate(rs *x) {
  tw_manager *m = x->m;
  size_t tweens = m->cap_tweens, seqs = m->cap_sequences;

  if (m->slot_top_cap < m->nslots) {
    x->top = tw__alloc(m, (size_t)m->nslots * sizeof *x->top);
    if (x->top == NULL)
      return 0;
    if (m->slot_top_cap > 0)
      memcpy(x->top, m->slot_top, m->slot_top_cap * sizeof *x->top);
    memset(x->top + m->slot_top_cap, 0,
           (m->nslots - m->slot_top_cap) * sizeof *x->top);
  }
  if (m->nested_cap < x->nnested) {
    x->nested_cap = 16;
    while (x->nested_cap < x->nnested)
      x->nested_cap *= 2;
    x->nested = tw__alloc(m, (size_t)x->nested_cap * sizeof *x->nested);
    if (x->nested == NULL)
      return 0;
  }
  if (!plan_records(x))
    return 0;
  if (x->wide && m->wide == NULL) {
    if (tw__wide_init(m) != 0)
      return 0;
    x->made_wide = 1;
  }
  if (x->aset && m->aset == NULL) {
    if (tw__aset_init(m) != 0)
      return 0;
    x->made_aset = 1;
  }
  if (x->arec && m->arec == NULL) {
    if (tw__arec_init(m) != 0)
      return 0;
    x->made_arec = 1;
  }
  if (x->keys && m->key_nheads == 0) { /* built at the snapshot */
    if (!tw__keys_on(m))
      return 0;
    x->made_keys = 1;
  }
  if (x->keys && m->key_links_cap < m->nslots && tw__keys_reserve(m) != 0)
    return 0;
  if (tweens < x->ntop - x->nseq)
    tweens = x->ntop - x->nseq;
  if (seqs < x->nseq)
    seqs = x->nseq;
  if (tweens + seqs < x->ntop) /* the array holds every live entry */
    tweens = x->ntop - seqs;
  if (tweens != m->cap_tweens || seqs != m->cap_sequences)
    return tw_manager_set_capacity(m, tweens, seqs) == 0;
  return 1;
}

/* 3. the commit */

/* Sends the record of t, a live tween (slot s), to the pool as a kill
 * would, but silently, unless an image keeps it.  A sequence's children
 * go through the nested table (commit), so its items are not read. */
static void discard(rs *x, const tw__tween *t, uint32_t s) {
  if (tw__rec(x->m, t) == NULL || bit(x->kept, s))
    return;
  if (t->flags & TW__F_RECYCLABLE)
    tw__record_put(x->m, tw__rec(x->m, t));
  else
    tw__record_drop(x->m, tw__rec(x->m, t));
}

/* discard() for every child in the tree of the sequence record r, each
 * after its own children (depth: how deep r is). */
static void discard_children(rs *x, const tw__record *r, int depth) {
  uint32_t i;

  if (r == NULL || depth > MAX_DEPTH)
    return;
  for (i = 0; i < r->nitems; i++) {
    tw__item *it = &r->items[i];
    if (it->slot == TW__EMPTY)
      continue;
    if (it->tw.flags & TW__F_SEQ)
      discard_children(x, tw__item_rec(it), depth + 1);
    discard(x, &it->tw, it->slot);
  }
}

/* Slot s (child or not) lives again at generation g, at index, and
 * keeps the highest generation it had (slot_top holds every slot by
 * now). */
static TW__INLINE void revive(tw_manager *m, uint32_t s, uint32_t g,
                              uint32_t index) {
  uint32_t top = m->slots[s].gen;

  if (m->slot_top[s] > top)
    top = m->slot_top[s];
  m->slot_top[s] = top;
  m->slots[s].gen = g;
  m->slots[s].index = index;
  if (top > g)
    m->lowered++; /* its next release skips what it issued since */
}

static tw__record *record_from(rs *x, rd *r, uint32_t s);

/* Decodes the next record image into its planned record (the tween's
 * slot s) and returns it. */
static tw__record *record_from(rs *x, rd *r, uint32_t s) {
  tw_manager *m = x->m;
  uint32_t j = x->nplans++, *old_order, *order;
  tw__record *d = x->plans[j].r;
  size_t size = m->types[x->plans[j].type].size, i;
  tw__choreo *old_ch;
  own old[OWN_COUNT], img[OWN_COUNT];
  int k;

  if (j + AHEAD < x->nrec) /* a record written soon, asked for now */
    prefetch_w(x->plans[j + AHEAD].r, sizeof *d);
  old_ch = d->ch;
  own_list(d, d->ch, old);
  old_order = order = d->order;
  memcpy(d, take(r, sizeof *d), sizeof *d);
  d->next = NULL;
  d->big = size > TW__INLINE_MAX ? (unsigned char *)(d + 1) : NULL;
  if (d->big != NULL)
    memcpy(d->big, take(r, 2 * size), 2 * size);
  if (!x->plans[j].owns && old_ch == NULL) {
    /* the image owns nothing and d no block: d keeps its curve's and
     * timeline's buffers, empty, for later */
    own_set(d, OWN_CURVE, old[OWN_CURVE].p, old[OWN_CURVE].cap);
    own_set(d, OWN_ITEMS, old[OWN_ITEMS].p, old[OWN_ITEMS].cap);
    d->order = old_order;
    d->ch = NULL;
    return d;
  }
  own_list(d, NULL, img);
  for (k = 0; k < OWN_COUNT; k++) {
    const unsigned char *src = take(r, img[k].n * img[k].size);
    void *buf = old[k].p;
    size_t cap = old[k].cap;
    if (x->nb_at < x->nnb && x->nb[x->nb_at].j == j && x->nb[x->nb_at].k == k) {
      newbuf *b = &x->nb[x->nb_at++];
      own_free(m, k, old[k], old_order);
      buf = b->p;
      cap = b->cap;
      if (k == OWN_ITEMS)
        order = b->order;
      if (k == OWN_CH)
        old_ch = NULL; /* there was none */
    }
    if (k == OWN_CH) {
      d->ch = img[k].n > 0 ? buf : NULL;
      if (d->ch != NULL) {
        memcpy(d->ch, src, sizeof *d->ch);
        old_ch = NULL; /* kept */
        own_list(d, d->ch, img);
      }
      continue;
    }
    if (k != OWN_CURVE && k != OWN_ITEMS && d->ch == NULL) {
      if (old_ch != NULL) /* the image has no block: the old one goes */
        own_free(m, k, old[k], NULL);
      continue;
    }
    own_set(d, k, buf, cap);
    if (img[k].n > 0)
      memcpy(buf, src, img[k].n * img[k].size);
  }
  tw__free(m, old_ch, sizeof *old_ch);
  d->order = order;
  for (i = 0; i < d->nitems; i++) {
    tw__item *it = &d->items[i];
    uint64_t cw = 0;
    uint32_t n;
    if (it->slot == TW__EMPTY)
      continue;
    get(r, &cw);
    n = x->nested_at++;
    m->nested[n].t = &it->tw;
    m->nested[n].next = TW__NO_SLOT;
    m->nested[n].owner = s;
    revive(m, it->slot, (uint32_t)cw, TW__NESTED | n);
    set_rec(&it->tw, cw >> 32 ? record_from(x, r, it->slot) : NULL);
  }
  return d;
}

/* The columns of the n top-level tweens at p into the array: each slot
 * alive again at its index (revive(), in locals), first, while the check
 * has left the slot table in the cache; then the heads and hot parts
 * copied. */
static void commit_columns(tw_manager *m, const unsigned char *p, uint32_t n) {
  const unsigned char *heads = p + (size_t)n * 8, *hot = heads + (size_t)n * 8;
  uint32_t *restrict aslot = m->aslot, *restrict tops = m->slot_top, i;
  tw__slot *restrict slots = m->slots;
  uint32_t lowered = 0;

  for (i = 0; i < n; i++) {
    uint64_t id;
    uint32_t s, g, top;
    memcpy(&id, p + (size_t)i * 8, 8);
    s = (uint32_t)id;
    g = (uint32_t)(id >> 32) | 1u;
    aslot[i] = s;
    top = tops[s] > slots[s].gen ? tops[s] : slots[s].gen;
    tops[s] = top;
    slots[s].gen = g;
    slots[s].index = i;
    lowered += top > g;
  }
  memcpy(m->active, heads, (size_t)n * sizeof *m->active);
  if (HOT_AS_IMAGE) {
    memcpy(m->hot, hot, (size_t)n * sizeof *m->hot);
  } else {
    for (i = 0; i < n; i++) {
      uint64_t w[TWEEN_WORDS];
      memcpy(&w[1], hot + (size_t)i * 32, 32);
      memcpy(&w[5], heads + (size_t)i * 8, 8);
      tween_from(w, &m->active[i], &m->hot[i]);
    }
  }
  m->lowered += lowered;
}

static TW__NOINLINE void commit(rs *x) {
  tw_manager *m = x->m;
  uint32_t i, s, old_end = m->end;
  rd r;

  /* what is not kept goes, silently: the children's records now, each
   * sequence's tree innermost first (a sequence's record holds its
   * children: the child table, whose entries are reused, may list it
   * before them); those of the array's tweens as the images replace
   * them, below */
  for (i = m->begin; m->live_nested > 0 && i < old_end; i++)
    if (m->aslot[i] != TW__EMPTY && (m->active[i].flags & TW__F_SEQ))
      discard_children(x, tw__rec(m, &m->active[i]), 0);
  if (x->top != NULL) {
    tw__free(m, m->slot_top, (size_t)m->slot_top_cap * sizeof *m->slot_top);
    m->slot_top = x->top;
    m->slot_top_cap = m->nslots;
    x->top = NULL;
  }
  if (x->nested != NULL) {
    tw__free(m, m->nested, (size_t)m->nested_cap * sizeof *m->nested);
    m->nested = x->nested;
    m->nested_cap = x->nested_cap;
    x->nested = NULL;
  }
  /* every slot free above its highest generation, but those that live
   * again (revive), the free list in slot order; a word of the seen
   * bitmap with every bit set is 64 slots that live again */
  m->free_slot = TW__NO_SLOT;
  m->lowered = 0;
  for (s = m->nslots; s-- > 0;) {
    uint32_t top;
    if (x->seen[s / 64] == ~(uint64_t)0) {
      s -= s % 64;
      continue;
    }
    if (bit(x->seen, s))
      continue;
    top = highest(m, s);
    m->slot_top[s] = top;
    m->slots[s].gen = top >= TW__GEN_RETIRE ? TW__GEN_RETIRE : top + (top & 1);
    if (m->slots[s].gen >= TW__GEN_RETIRE) {
      m->slots[s].gen = TW__GEN_RETIRE;
      m->slots[s].index = TW__NO_SLOT;
    } else {
      m->slots[s].index = m->free_slot;
      m->free_slot = s;
    }
  }
  /* the tweens: the records of those the images replace go first, their
   * heads still there; then the columns, each into its array at once */
  if (m->arec != NULL) { /* no tween of the array is a child */
    uint32_t end = x->ntop < old_end ? x->ntop : old_end;
    for (i = 0; i < end; i++) {
      if (m->arec[i] == NULL)
        continue;
      if (m->aslot[i] != TW__EMPTY)
        discard(x, &m->active[i], m->aslot[i]);
      m->arec[i] = NULL;
    }
    if (x->ntop > end)
      memset(m->arec + end, 0, (size_t)(x->ntop - end) * sizeof *m->arec);
  }
  commit_columns(m, x->body, x->ntop);
  x->nplans = 0;
  r.p = x->body + (size_t)x->ntop * TWEEN_WORDS * 8;
  r.end = x->body + x->nbody;
  r.checked = 1;
  for (i = 0; (x->wide || x->arec) && i < x->ntop; i++) {
    /* the extras, in array order; without wide values, only the tweens
     * whose id says a record follows have any */
    tw__tween *t;
    uint64_t id;
    memcpy(&id, x->body + (size_t)i * 8, 8);
    if (!x->wide && !(id >> 32 & 1))
      continue;
    t = &m->active[i];
    if (x->wide && !(t->flags & TW__F_PLAIN) && has_wide(m, t))
      memcpy(&m->wide[i], take(&r, sizeof(tw__wide)), sizeof(tw__wide));
    if (id >> 32 & 1) {
      tw__set_rec(m, t, record_from(x, &r, m->aslot[i]));
      if (t->flags & TW__F_SETTER)
        m->aset[i] = tw__rec(m, t)->set;
    }
  }
  for (i = x->ntop; i < old_end; i++) {
    if (m->aslot[i] != TW__EMPTY)
      discard(x, &m->active[i], m->aslot[i]);
    m->aslot[i] = TW__EMPTY;
    m->active[i].utype = TW__HOLE;
    tw__set_rec(m, &m->active[i], NULL);
  }
  m->end = x->ntop;
  m->first_hole = TW__EMPTY;
  m->begin = 0;
  m->plain_room = 0;
  m->live = x->ntop;
  m->live_sequences = x->nseq;
  m->live_nested = m->nnested = x->nnested;
  m->nested_free = TW__NO_SLOT;
  m->gen_limit = m->lowered > 0 ? 0 : TW__GEN_RETIRE;
  m->timescale = x->timescale;
  m->overwrite = x->overwrite;
  if (!x->keys) {
    tw__keys_free(m); /* not built then: built again when next needed */
  } else {
    const unsigned char *at = x->stamps;
    int u;
    tw__keys_rebuild(m);
    memcpy(&m->wclock, at, 8);
    for (u = 0; u < 4; u++) {
      memcpy(&m->pass_clock[u], at + 8 + 16 * u, 8);
      memcpy(&m->prev_clock[u], at + 16 + 16 * u, 8);
    }
    at += CLOCK_WORDS * 8;
    for (s = 0; s < m->nslots; s++) {
      if (!bit(x->seen, s)) { /* as a kill leaves it */
        memset(&m->key_stamps[s], 0, sizeof *m->key_stamps);
        continue;
      }
      memcpy(&m->key_stamps[s], at, sizeof *m->key_stamps);
      at += pad8(sizeof *m->key_stamps);
    }
  }
}

int tw_restore(tw_manager *m, const void *buf, size_t n) {
  const unsigned char *in = buf;
  uint64_t head[HEAD_WORDS];
  uint32_t nslots, words;
  size_t need;
  rs x;
  int rc = 0;

  if (m == NULL)
    return TW_EINVAL;
  if (m->depth > 0 || m->busy > 0)
    return tw__fail(m, TW_EBUSY, "tw_restore",
                    "called from inside a callback of this manager");
  if (buf == NULL || n == 0)
    return tw__fail(m, TW_EINVAL, "tw_restore", "%s",
                    buf == NULL ? "buf is NULL" : "n is 0");
  if (n < HEAD_BYTES)
    return tw__fail(m, TW_ECORRUPT, "tw_restore",
                    "%zu bytes are fewer than a snapshot's header", n);
  memcpy(head, in, HEAD_BYTES);
  if (memcmp(in, snap_magic, 8) != 0)
    return tw__fail(m, TW_EFORMAT, "tw_restore",
                    "the buffer does not start as a snapshot does");
  if (head[1] != (SNAP_VERSION | (uint64_t)HEAD_BYTES << 32) ||
      head[2] != layout_signature())
    return tw__fail(m, TW_EFORMAT, "tw_restore",
                    "a snapshot of another format version or build");
  if (head[3] != m->tag)
    return tw__fail(m, TW_EFOREIGN, "tw_restore",
                    "a snapshot of another manager");
  if (head[4] > n - HEAD_BYTES || head[4] % 8 != 0 ||
      head[4] < TRAILER_WORDS * 8)
    return tw__fail(m, TW_ECORRUPT, "tw_restore",
                    "its body does not fit the %zu bytes given", n);
  memset(&x, 0, sizeof x);
  x.m = m;
  x.body = in + HEAD_BYTES;
  x.nbody = (size_t)head[4];
  if (!read_trailer(&x, &nslots) || nslots > m->nslots)
    return tw__fail(m, TW_ECORRUPT, "tw_restore", "its trailer is damaged");
  /* the scratch: two bitmaps of the slots, then the plans */
  words = (m->nslots + 63) / 64;
  need = (size_t)words * 2 * sizeof(uint64_t);
  x.scratch_bytes = need + (size_t)x.nrec * sizeof(plan) + 8; /* not 0 */
  m->depth++; /* the allocator's code runs: no restore inside it */
  x.scratch = tw__alloc(m, x.scratch_bytes);
  if (x.scratch == NULL) {
    m->depth--;
    return tw__fail(m, TW_ENOMEM, "tw_restore",
                    "no memory for %zu bytes of scratch", x.scratch_bytes);
  }
  memset(x.scratch, 0, need);
  x.seen = x.scratch;
  x.kept = x.seen + words;
  x.plans = (plan *)(void *)(x.kept + words);
  if (!check_body(&x, head[5]))
    rc = TW_ECORRUPT;
  else if (!allocate(&x))
    rc = TW_ENOMEM;
  if (rc != 0)
    undo(&x);
  else
    commit(&x);
  done(&x);
  m->depth--;
  if (rc != 0)
    return tw__fail(m, rc, "tw_restore", "%s",
                    rc == TW_ECORRUPT ? "its checksum or body is damaged"
                                      : "no memory for the tweens it holds");
  return rc;
}

#ifdef TW__TEST_HOOKS
int tw__test_snapshot_seal(void *buf, size_t n) {
  unsigned char *p = buf;
  uint64_t head[HEAD_WORDS], x;
  wr w;
  size_t i;

  if (buf == NULL || n < HEAD_BYTES)
    return TW_EINVAL;
  memcpy(head, p, HEAD_BYTES);
  if (head[4] > n - HEAD_BYTES || head[4] % 8 != 0)
    return TW_EINVAL;
  w.a = w.b = 0;
  for (i = 0; i < head[4]; i += 8) {
    memcpy(&x, p + HEAD_BYTES + i, 8);
    w.a += x;
    w.b += w.a;
  }
  head[5] = checksum(w.a, w.b);
  memcpy(p, head, HEAD_BYTES);
  return 0;
}

size_t tw__test_snapshot_parts(tw_manager *m, const void *buf, size_t n,
                               tw__part *out, size_t cap) {
  const unsigned char *in = buf;
  uint64_t head[HEAD_WORDS];
  uint32_t nslots, words;
  size_t need, got = 0;
  rs x;

  if (m == NULL || buf == NULL || n < HEAD_BYTES)
    return 0;
  memcpy(head, in, HEAD_BYTES);
  if (head[4] > n - HEAD_BYTES || head[4] % 8 != 0 ||
      head[4] < TRAILER_WORDS * 8)
    return 0;
  memset(&x, 0, sizeof x);
  x.m = m;
  x.body = in + HEAD_BYTES;
  x.nbody = (size_t)head[4];
  x.parts = out;
  x.parts_cap = cap;
  if (!read_trailer(&x, &nslots) || nslots > m->nslots)
    return 0;
  words = (m->nslots + 63) / 64;
  need = (size_t)words * 2 * sizeof(uint64_t);
  x.scratch_bytes = need + (size_t)x.nrec * sizeof(plan) + 8;
  if ((x.scratch = tw__alloc(m, x.scratch_bytes)) == NULL)
    return 0;
  memset(x.scratch, 0, need);
  x.seen = x.scratch;
  x.kept = x.seen + words;
  x.plans = (plan *)(void *)(x.kept + words);
  if (check_body(&x, head[5]))
    got = x.nparts;
  done(&x);
  return got;
}

size_t tw__test_snapshot_field(const void *buf, size_t n, size_t j, int which) {
  const unsigned char *p = buf;
  uint64_t head[HEAD_WORDS], ntop;

  if (buf == NULL || n < HEAD_BYTES)
    return 0;
  memcpy(head, p, HEAD_BYTES);
  if (head[4] > n - HEAD_BYTES || head[4] < TRAILER_WORDS * 8)
    return 0;
  memcpy(&ntop, p + HEAD_BYTES + head[4] - 3 * 8, 8);
  ntop = (uint32_t)ntop; /* the trailer's third word: live | sequences */
  if (ntop > head[4] / (TWEEN_WORDS * 8) ||
      (which != TW__SNAP_EXTRAS && j >= ntop))
    return 0;
  if (which == TW__SNAP_ID)
    return HEAD_BYTES + 8 * j;
  if (which == TW__SNAP_HEAD)
    return HEAD_BYTES + 8 * (ntop + j);
  if (which >= TW__SNAP_HOT && which < TW__SNAP_HOT + 4)
    return HEAD_BYTES + 16 * ntop + 32 * j + 8 * (size_t)(which - TW__SNAP_HOT);
  if (which == TW__SNAP_EXTRAS)
    return HEAD_BYTES + TWEEN_WORDS * 8 * ntop;
  return 0;
}
#endif

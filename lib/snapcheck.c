/* SPDX-License-Identifier: MIT */
/* Snapshot and restore: the restore's check, its step 1 (snapcommit.c),
 * of the image's format (snapshot.h). */
#include "snaprestore.h"

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

/* 1. the check */

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
    if (it.slot == TW__EMPTY) {
      if (i < rc->seq_lo && !tw__item_settled(m, &it, rc->seq_t))
        return 0;
      continue;
    }
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
    if (tw__tween_ok(m, &it.tw) != 0 ||
        (i < rc->seq_lo && !tw__item_settled(m, &it, rc->seq_t)))
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
  if (!(*tw__elapsed_of(m, t) >= 0)) /* inf: all the loops of a tween
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
 * near - bits, no lane borrowing from the other, has its top bit set;
 * its duration a time as tw__time_kept takes one (no -0.0: its sign bit),
 * its elapsed time finite. */
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
  bad |= !(du >= 0) | !(du <= DBL_MAX) | (dbits(du) >> 63) | !(el >= 0) |
         !(el <= DBL_MAX);
  return bad;
}

/* plain_bad() of the tween whose head, elapsed time and hot part are at
 * heads, el and hot. */
static uint64_t plain_bad_at(const unsigned char *heads,
                             const unsigned char *el,
                             const unsigned char *hot) {
  uint64_t h, e;
  double te, du;

  memcpy(&h, heads, 8);
  memcpy(&te, el, 8);
  memcpy(&du, hot, 8);
  memcpy(&e, hot + 16, 8);
  return plain_bad(h, te, du, e);
}

/* The tweens chunk_pass() reads at once, from the L1 cache. */
#define CHUNK 256

/* Fletcher's sums of rows of L words, their lane l summed apart into
 * la[l] (the first sum), folded into *pa and *pb as sum_rows() folds its
 * eight, but for the lanes' second sums, whose total sb the caller adds
 * once (L sb) to the second sums of any of the columns (they only add up,
 * and chunk_pass() keeps one total for several columns). */
static TW__INLINE void fold_lanes(const uint64_t *la, int L, size_t rows,
                                  uint64_t *pa, uint64_t *pb) {
  uint64_t sa = 0, sl = 0;
  int l;

  for (l = 0; l < L; l++) {
    sa += la[l];
    sl += (uint64_t)l * la[l];
  }
  *pb += (uint64_t)L * rows * *pa - sl;
  *pa += sa;
}

/* The len tweens of a chunk at ids, heads, el and hot, in one pass: their
 * four columns' sums into col[8] (ids, heads, elapsed times, hot parts,
 * each two words), and plain_bad() of each or'ed (0 if every one is a
 * plain float as its head, times and ends go), with a slot at or past
 * nslots in any id counted as a failure too (so that plain_slots() need
 * not test it).  Two tweens at a time where there are vectors, no branch
 * between them; the second sums of the ids, heads and elapsed times kept
 * as one, those of the hot parts' three words as one, so that the sums
 * and tests stay in registers. */
static uint64_t chunk_pass(const unsigned char *ids, const unsigned char *heads,
                           const unsigned char *el, const unsigned char *hot,
                           size_t len, uint32_t nslots, uint64_t col[8]) {
  uint64_t bad = 0;
  size_t k = 0;

#if SNAP_VECTORS
  PLAIN_CONSTANTS;
  typedef double d2 __attribute__((vector_size(16)));
  const uint64_t n1 = (uint64_t)nslots - 1, /* all ones for none */
      one_exp = (uint64_t)1 << 52;
  const snap_v2 vhead = {head, head}, vwant = {want, want},
                vgiven = {given, given}, vmag = {mag, mag},
                vnear = {near, near}, vtop_s = {top_s, top_s},
                vtop_e = {top_e, top_e}, zero = {0, 0},
                vlow = {0xffffffffu, 0xffffffffu}, vn1 = {n1, n1},
                vexp = {one_exp, one_exp};
  const d2 dzero = {0, 0}, most = {DBL_MAX, DBL_MAX};
  snap_v2 vbad = zero, tgood = ~zero, top = zero;
  snap_v2 ai = zero, ah = zero, ae = zero, b3 = zero, a0 = zero, a1 = zero,
          a2 = zero, bh = zero;
  uint64_t la[6], sb;
  size_t rows = len / 2;

  for (; k + 2 <= len; k += 2, ids += 16, heads += 16, el += 16, hot += 48) {
    snap_v2 vi, h, x0, x1, x2, ends, in, tdi;
    d2 te;
    memcpy(&vi, ids, 16);
    memcpy(&h, heads, 16);
    memcpy(&te, el, 16); /* the two elapsed times */
    memcpy(&x0, hot, 16);
    memcpy(&x1, hot + 16, 16);
    memcpy(&x2, hot + 32, 16);
    ai += vi;
    ah += h;
    ae += (snap_v2)te;
    b3 += ai + ah + ae;
    a0 += x0;
    a1 += x1;
    a2 += x2;
    bh += a0 + a1 + a2;
    tdi = (snap_v2){x0[0], x1[1]}; /* the two durations */
    ends = (snap_v2){x1[0], x2[1]};
    /* in the top bits: the slot at or past nslots; the duration's bits
     * past DBL_MAX's (inf, NaN) or its sign set (-0.0 too) */
    top |= (vn1 - (vi & vlow)) | tdi | (tdi + vexp);
    in = vnear - (ends & vmag);
    vbad |= (h & vhead) ^ vwant;
    vbad |= h & vgiven & ~(h << 6);
    vbad |= ~in & (vtop_e | (vtop_s & h << STARTED_TO_SIGN));
    tgood &= (snap_v2)(te >= dzero) & (snap_v2)(te <= most);
  }
  bad = vbad[0] | vbad[1] | ~(tgood[0] & tgood[1]) | (top[0] | top[1]) >> 63;
  memcpy(la, &ai, 16);
  fold_lanes(la, 2, rows, &col[0], &col[1]);
  memcpy(la, &ah, 16);
  fold_lanes(la, 2, rows, &col[2], &col[3]);
  memcpy(la, &ae, 16);
  fold_lanes(la, 2, rows, &col[4], &col[5]);
  memcpy(la, &a0, 16);
  memcpy(la + 2, &a1, 16);
  memcpy(la + 4, &a2, 16);
  fold_lanes(la, 6, rows, &col[6], &col[7]);
  sb = b3[0] + b3[1];
  col[1] += 2 * sb;
  sb = bh[0] + bh[1];
  col[7] += 6 * sb;
#endif
  sum_words(ids, len - k, &col[0], &col[1]);
  sum_words(heads, len - k, &col[2], &col[3]);
  sum_words(el, len - k, &col[4], &col[5]);
  sum_words(hot, HOT_WORDS * (len - k), &col[6], &col[7]);
  for (; k < len; k++, ids += 8, heads += 8, el += 8, hot += 8 * HOT_WORDS) {
    uint64_t h, e, id;
    double te1, du;
    memcpy(&id, ids, 8);
    memcpy(&h, heads, 8);
    memcpy(&te1, el, 8);
    memcpy(&du, hot, 8);
    memcpy(&e, hot + 16, 8);
    bad |= plain_bad(h, te1, du, e) | ((uint32_t)id >= nslots);
  }
  return bad;
}

/* Top-level tween c of the columns: its image's words into w, and the
 * tween from them into the item ti (its head, elapsed time and hot
 * part). */
static TW__INLINE void column_tween(const rs *x, size_t c, uint64_t *w,
                                    tw__item *ti) {
  const unsigned char *ids = x->body, *heads = ids + (size_t)x->ntop * 8,
                      *el = heads + (size_t)x->ntop * 8,
                      *hot = el + (size_t)x->ntop * 8;

  memcpy(&w[0], ids + 8 * c, 8);
  memcpy(&w[1], el + 8 * c, 8);
  memcpy(&w[2], hot + 8 * HOT_WORDS * c, 8 * HOT_WORDS);
  memcpy(&w[5], heads + 8 * c, 8);
  tween_from(w, &ti->tw, &ti->elapsed, &ti->hot);
}

/* Top-level tween c of the columns, not a plain float without a record:
 * checked whole (check_tween), its extras read from r. */
static TW__NOINLINE int check_other(rs *x, rd *r, size_t c) {
  /* the tween is checked apart from the array, in an item of its own,
   * marked a child for the while so that its accessors find it there */
  tw__item ti;
  tw__tween *t = &ti.tw;
  uint64_t w[TWEEN_WORDS];

  column_tween(x, c, w, &ti);
  if (!img_rec(w) && (t->flags & TW__F_PLAIN))
    return 0;
  if (t->flags & TW__F_CHILD)
    return 0;
  t->flags |= TW__F_CHILD;
  ti.rec = NULL;
  return check_tween(x, r, t, w, 1, 0);
}

#if TW__FAST_PATHS && !TW__FOR_SIZE
/* Top-level tween c of the columns, a plain float as its head, times and
 * ends go (plain_bad() 0), with a record: check_other() for that case.
 * Of check_tween() and tw__tween_ok() only what the record decides is
 * left to test: its slot, the record itself (check_record), no setter in
 * it (the tween has none), and a start given but not yet read finite
 * (plain_bad() tests a start once read). */
static TW__NOINLINE int check_plain_rec(rs *x, rd *r, size_t c) {
  tw__item ti;
  tw__tween *t = &ti.tw;
  tw__record rc;
  uint64_t w[TWEEN_WORDS];

  column_tween(x, c, w, &ti);
  t->flags |= TW__F_CHILD; /* its accessors find it in ti */
  ti.rec = NULL;
  if (!slot_ok(x, img_slot(w), img_gen(w)))
    return 0;
  x->arec = 1;
  return check_record(x, r, t, img_slot(w), img_gen(w), 0, &rc) &&
         rc.set == NULL &&
         (!(t->flags & TW__F_STARTSET) || tw__finite(ti.hot.sv.f));
}
#endif

/* The plain floats without a record whose ids are at ids, from tween c
 * to end or to the first with a record, each through slot_ok(): the
 * tables in locals, few enough to stay in registers, and the word of the
 * seen bitmap in use in one (the next slot is most often in it), not
 * stored and read back at once.  Every slot is below m->nslots
 * (chunk_pass() has tested it).  Returns where it stopped: end, a tween
 * with a record, or end + 1 if a slot was refused. */
static TW__NOINLINE size_t plain_slots(const tw_manager *m, uint64_t *seen,
                                       const unsigned char *ids, size_t c,
                                       size_t end) {
  const tw__slot *slots = m->slots;
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
    if (g > slots[s].gen && g > highest(m, s)) {
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
                      *el = heads + (size_t)x->ntop * 8,
                      *hot = el + (size_t)x->ntop * 8;
  size_t k, c, len;
  uint64_t col[8] = {0, 0, 0, 0, 0, 0, 0, 0}; /* each column's sums */
  const unsigned char *summed = r->p; /* the extras up to here are summed */

  for (k = 0; k < x->ntop; k += len) {
    int all;
    len = x->ntop - k < CHUNK ? x->ntop - k : CHUNK;
    /* the chunk's words summed, and checked, in one pass */
    all = chunk_pass(ids + 8 * k, heads + 8 * k, el + 8 * k,
                     hot + 8 * HOT_WORDS * k, len, x->m->nslots, col) == 0;
    for (c = k; c < k + len; c++) {
      uint64_t id, bad;
      if (all) {
        c = plain_slots(x->m, x->seen, ids, c, k + len);
        if (c > k + len)
          return 0;
        if (c == k + len)
          break;
      }
      memcpy(&id, ids + 8 * c, 8);
      /* chunk_pass() has tested every tween of the chunk when all */
      bad = all ? 0
                : plain_bad_at(heads + 8 * c, el + 8 * c,
                               hot + 8 * HOT_WORDS * c);
#if TW__FAST_PATHS && !TW__FOR_SIZE
      if ((id >> 32 & 1) && bad == 0) {
        if (!check_plain_rec(x, r, c))
          return 0;
        continue;
      }
#endif
      if ((id >> 32 & 1) || bad != 0) {
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
  join(col, col[4], col[5], x->ntop);
  join(col, col[6], col[7], (size_t)x->ntop * HOT_WORDS);
  sum[0] = col[0];
  sum[1] = col[1];
  return 1;
}

/* The key index's section: its clocks and the stamps of the ntop +
 * nnested live tweens, as tw_manager_validate takes them. */
static int stamps_ok(const rs *x) {
  const unsigned char *at = x->stamps;
  uint64_t wclock, pass[4], prev[4];
  size_t i, n = (size_t)x->ntop + x->nnested;
  int u;

  memcpy(&wclock, at, 8);
  for (u = 0; u < 4; u++) {
    memcpy(&pass[u], at + 8 + 16 * u, 8);
    memcpy(&prev[u], at + 16 + 16 * u, 8);
  }
  if (tw__clocks_ok(wclock, pass, prev, TW__CLOCK_ROOM) != 0)
    return 0;
  for (i = 0, at += CLOCK_WORDS * 8; i < n; i++) {
    tw__stamp st;
    memcpy(&st, at + i * pad8(sizeof st), sizeof st);
    if (tw__stamp_ok(wclock, &st) != 0)
      return 0;
  }
  return 1;
}

/* The body's structure, every count against the bytes there, and the
 * checksum h. */
int tw__snap_check(rs *x, uint64_t h) {
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
      ((x->stamps = take(&r, CLOCK_WORDS * 8 + ((size_t)x->ntop + x->nnested) *
                                                   pad8(sizeof(tw__stamp)))) ==
           NULL ||
       !stamps_ok(x)))
    return 0;
  return r.p == r.end && x->nplans == x->nrec && x->seqs == x->nseq &&
         x->children == x->nnested && checksum(sum[0], sum[1]) == h;
}

/* The trailer: the manager's scalars and the counts, each checked
 * against what the body can hold. */
int tw__snap_trailer(rs *x, uint32_t *nslots) {
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

/* SPDX-License-Identifier: MIT */
/* Snapshot and restore: the writer, tw_snapshot (the image's format:
 * snapshot.h). */
#include "snapshot.h"

/* The key index's section (keys_bytes): its clocks, then the stamp of
 * each live slot in slot order. */
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
 * their ids, their heads, their elapsed times, their hot parts, summed
 * into *pa and *pb. */
static void columns_image(const tw_manager *m, unsigned char *restrict p,
                          uint32_t n, uint64_t *pa, uint64_t *pb) {
  unsigned char *heads = p + (size_t)n * 8, *el = heads + (size_t)n * 8,
                *hot = el + (size_t)n * 8;
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
    copy_words(el, (const unsigned char *)&m->elapsed[i], stop - i, &a, &b);
    el += (size_t)(stop - i) * 8;
  }
  for (i = next_run(m, m->begin, &stop); i < stop;
       i = next_run(m, stop, &stop)) {
    if (HOT_AS_IMAGE) { /* the hot parts are their words already */
      copy_words(hot, (const unsigned char *)&m->hot[i],
                 (size_t)(stop - i) * HOT_WORDS, &a, &b);
      hot += (size_t)(stop - i) * HOT_WORDS * 8;
      continue;
    }
    for (; i < stop; i++) {
      const tw__hot *h = &m->hot[i];
      uint64_t x;
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

  if (tw__door(m, "tw_snapshot"))
    return TW_EBUSY;
  if (m == NULL || (buf == NULL && cap > 0))
    return tw__fail(m, TW_EINVAL, "tw_snapshot", "buf is NULL, cap %lu",
                    (unsigned long)cap);
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
        if ((size_t)(w.end - p) < tw__snap_record_bytes(m, r))
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
  memcpy(&head[0], SNAP_MAGIC, 8);
  head[1] = SNAP_VERSION | (uint64_t)HEAD_BYTES << 32;
  head[2] = tw__snap_signature();
  head[3] = m->tag;
  head[4] = (uint64_t)(w.p - out - HEAD_BYTES);
  head[5] = checksum(w.a, w.b);
  memcpy(out, head, HEAD_BYTES);
  if (used != NULL)
    *used = (size_t)(w.p - out);
  return 0;
full:
  if (used != NULL)
    *used = tw__snap_bytes(m);
  return tw__fail(m, TW_ERANGE, "tw_snapshot",
                  "cap %lu is below the %lu bytes the snapshot needs",
                  (unsigned long)cap, (unsigned long)tw__snap_bytes(m));
}

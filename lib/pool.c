/* SPDX-License-Identifier: MIT */
/* The recycle pool.
 *
 * A tween that needs more than its active-array slot (callbacks, a delay,
 * loops, an id, a setter, a big registered value) owns a record; a record
 * of a big type carries that type's value buffers in the same block.  When
 * the tween dies its record goes to the free list of its value type, and a
 * new tween of that type takes it back without allocating.  The free lists
 * hang off the type table, which is indexed by type id: a request looks at
 * exactly one key, however many records of other types are pooled.  A
 * record keeps its keyframe-curve buffer in the pool, for the next curve, and
 * its choreography settings (tw__choreo) with their buffers.  The
 * pool holds at most pool_bound records (0: the tween capacity, or its
 * default before the first tween); beyond that, records are freed.  A
 * record lent to a setter tween made the short way and asked for by no
 * setting since (tw__record.lite) goes back to such a tween with the few
 * fields its steps wrote reset (tw__record_relend, storage.h), not
 * cleared whole. */
#include "storage.h"

static size_t record_size(const tw_manager *m, int type) {
  size_t size = m->types[type].size;

  return sizeof(tw__record) + (size > TW__INLINE_MAX ? 3 * size : 0);
}

void tw__pool_most(tw_manager *m) {
  m->pool_most = m->pool_bound   ? m->pool_bound
                 : m->cap_tweens ? m->cap_tweens
                                 : TW_DEFAULT_TWEENS;
}

/* A pooled record r of type `type` taken back, as tw__record_get gives it:
 * the record and its big values cleared at once (a size known only here,
 * so that the C library's memset clears it in wide stores; the record's
 * constant size compiled to rep stos, one count per 8 bytes), its buffers
 * kept for reuse and its choreography's settings reset.  Out of line, so
 * that a record made new pays none of its registers. */
static TW__NOINLINE tw__record *record_reuse(tw_manager *m, tw__record *r,
                                             int type) {
  tw__type *ty = &m->types[type];
  unsigned char *big;
  tw_key *curve;
  struct tw__item *items;
  uint32_t *order;
  size_t curve_cap, items_cap;
  tw__choreo *ch;

  ty->pool = r->next;
  ty->pooled--;
  m->pool_size--;
  m->st.pool_hits++;
  big = ty->size > TW__INLINE_MAX ? (unsigned char *)(r + 1) : NULL;
  curve = r->curve;
  curve_cap = r->curve_cap;
  items = r->items;
  order = r->order;
  items_cap = r->items_cap;
  ch = r->ch;
  memset(r, 0, record_size(m, type));
  r->curve = curve;
  r->curve_cap = curve_cap;
  r->items = items;
  r->order = order;
  r->items_cap = items_cap;
  r->ch = ch;
  if (r->ch != NULL) { /* settings reset, buffers kept */
    r->ch->loop_delay = 0;
    r->ch->snap = 0;
    r->ch->yoyo_ease = -1;
    r->ch->wobble = 0;
    r->ch->path = 0;
    r->ch->npts = 0; /* no path: its buffers hold nothing */
    r->ch->narc = 0;
    r->ch->nlabels = 0;
    r->ch->names_len = 0;
  }
  r->seq_t = -1;
  r->loops = 1;
  r->type = (uint16_t)type;
  r->timescale = 1.0;
  r->overshoot = TW__OVERSHOOT;
  r->big = big; /* its values 0: a snapshot holds its start before it is
                   read */
  return r;
}

/* A record of type `type`, from its pool or made new.  Made new: the
 * allocator hook called here as tw__alloc calls it (the same count of
 * bytes), the record and its big values cleared at once, and the fields
 * that start other than 0 set; no buffers to keep, no settings to reset.
 * The fields set after either clearing are the same. */
tw__record *tw__record_get(tw_manager *m, int type) {
  size_t size = m->types[type].size;
  size_t n;
  tw__record *r = m->types[type].pool;

  m->st.pool_last_probes = 1;
  if (r != NULL)
    return record_reuse(m, r, type);
  n = sizeof(tw__record) + (size > TW__INLINE_MAX ? 3 * size : 0);
  if ((r = m->alloc(m->alloc_ud, NULL, 0, n)) == NULL)
    return NULL;
  m->st.bytes += n;
  m->st.pool_misses++;
  memset(r, 0, n);
  r->seq_t = -1;
  r->loops = 1;
  r->type = (uint16_t)type;
  r->timescale = 1.0;
  r->overshoot = TW__OVERSHOOT;
  /* its values 0: a snapshot holds its start before it is read */
  r->big = size > TW__INLINE_MAX ? (unsigned char *)(r + 1) : NULL;
  return r;
}

void tw__record_put(tw_manager *m, tw__record *r) {
  if (r == NULL)
    return;
  if (!tw__pool_room(m)) {
    tw__record_drop(m, r);
    return;
  }
  tw__pool_push(m, r);
}

void tw__record_drop(tw_manager *m, tw__record *r) {
  if (r == NULL)
    return;
  tw__free(m, r->curve, r->curve_cap * sizeof *r->curve);
  tw__free(m, r->items, r->items_cap * sizeof *r->items);
  tw__free(m, r->order, r->items_cap * sizeof *r->order);
  if (r->ch != NULL) {
    tw__free(m, r->ch->labels, r->ch->labels_cap * sizeof *r->ch->labels);
    tw__free(m, r->ch->names, r->ch->names_cap);
    tw__free(m, r->ch->pts, r->ch->pts_cap * sizeof *r->ch->pts);
    tw__free(m, r->ch->arc, r->ch->arc_cap * sizeof *r->ch->arc);
    tw__free(m, r->ch, sizeof *r->ch);
  }
  tw__free(m, r, record_size(m, r->type));
}

tw__record *tw__record_new(tw_manager *m, int type) {
  tw__record *r = tw__alloc(m, record_size(m, type));

  if (r != NULL) {
    memset(r, 0, record_size(m, type)); /* its big values too */
    r->type = (uint16_t)type;
    r->big =
        m->types[type].size > TW__INLINE_MAX ? (unsigned char *)(r + 1) : NULL;
  }
  return r;
}

tw__record *tw__record_pop(tw_manager *m, int type) {
  tw__type *ty = &m->types[type];
  tw__record *r = ty->pool;

  if (r != NULL) {
    ty->pool = r->next;
    ty->pooled--;
    m->pool_size--;
  }
  return r;
}

void tw__record_unpop(tw_manager *m, tw__record *r) { tw__pool_push(m, r); }

tw__choreo *tw__choreo_get(tw_manager *m, tw__record *r) {
  if (r->ch == NULL && (r->ch = tw__alloc(m, sizeof *r->ch)) != NULL) {
    memset(r->ch, 0, sizeof *r->ch);
    r->ch->yoyo_ease = -1;
  }
  return r->ch;
}

void tw__pool_drain(tw_manager *m) {
  int t;

  for (t = 1; t < m->ntypes; t++) {
    tw__type *ty = &m->types[t];
    while (ty->pool != NULL) {
      tw__record *r = ty->pool;
      ty->pool = r->next;
      tw__record_drop(m, r);
    }
    ty->pooled = 0;
  }
  m->pool_size = 0;
}

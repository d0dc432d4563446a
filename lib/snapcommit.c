/* SPDX-License-Identifier: MIT */
/* Snapshot and restore: the restore, and its commit (the image's format:
 * snapshot.h; its check: snapcheck.c; its allocations: snapalloc.c).
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
#include "snaprestore.h"

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
  int k, keep;

  if (j + AHEAD < x->nrec) /* a record written soon, asked for now */
    prefetch_w(x->plans[j + AHEAD].r, sizeof *d);
  old_ch = d->ch;
  keep = !x->plans[j].owns && old_ch == NULL;
  if (keep) { /* the two buffers kept below, the rest not read */
    old[OWN_CURVE] = own_of(d->curve, 0, sizeof *d->curve, d->curve_cap);
    old[OWN_ITEMS] = own_of(d->items, 0, sizeof *d->items, d->items_cap);
  } else {
    own_list(d, d->ch, old);
  }
  old_order = order = d->order;
  memcpy(d, take(r, sizeof *d), sizeof *d);
  d->next = NULL;
  d->lite = 0; /* an image's fields are not known to be the defaults */
  tw__note_overshoot(m, d->overshoot);
  d->big = size > TW__INLINE_MAX ? (unsigned char *)(d + 1) : NULL;
  if (d->big != NULL)
    memcpy(d->big, take(r, 2 * size), 2 * size);
  if (keep) {
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
 * has left the slot table in the cache; then the heads, elapsed times and
 * hot parts copied. */
static void commit_columns(tw_manager *m, const unsigned char *p, uint32_t n) {
  const unsigned char *heads = p + (size_t)n * 8, *el = heads + (size_t)n * 8,
                      *hot = el + (size_t)n * 8;
  uint32_t *restrict aslot = m->aslot, *restrict tops = m->slot_top, i;
  tw__slot *restrict slots = m->slots;
  uint32_t lowered = 0;

  if (n == 0)
    return; /* a manager of the defaults may have no array yet */
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
  memcpy(m->elapsed, el, (size_t)n * sizeof *m->elapsed);
  if (HOT_AS_IMAGE) {
    memcpy(m->hot, hot, (size_t)n * sizeof *m->hot);
  } else {
    for (i = 0; i < n; i++) {
      uint64_t w[TWEEN_WORDS];
      memcpy(&w[1], el + (size_t)i * 8, 8);
      memcpy(&w[2], hot + (size_t)i * HOT_WORDS * 8, HOT_WORDS * 8);
      memcpy(&w[5], heads + (size_t)i * 8, 8);
      tween_from(w, &m->active[i], &m->elapsed[i], &m->hot[i]);
    }
  }
  m->lowered += lowered;
}

/* The manager's entries of every feature (m->fx): an image may hold a
 * tween of any. */
static void fx_every(tw_manager *m) {
  tw__fx_sequences(m);
  m->fx.wobble = tw__wobble;
  m->fx.snap_value = tw__snap_value;
  m->fx.add_change = tw__add_change;
  m->fx.path_value = tw__path_value;
  tw__fx_retarget(m);
  m->fx.spring_span = tw__spring_span;
  tw__fx_start_ends(m);
  tw__fx_ease_kept(m);
  tw__fx_setters(m);
}

static TW__NOINLINE void commit(rs *x) {
  tw_manager *m = x->m;
  uint32_t i, s, old_end = m->end;
  rd r;

  fx_every(m);

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
    tw__record **arec = m->arec;
    uint32_t end = x->ntop < old_end ? x->ntop : old_end;
    for (i = 0; i < end; i++) {
      if (arec[i] == NULL)
        continue;
      if (m->aslot[i] != TW__EMPTY)
        discard(x, &m->active[i], m->aslot[i]);
      arec[i] = NULL;
    }
    if (x->ntop > end)
      memset(arec + end, 0, (size_t)(x->ntop - end) * sizeof *arec);
  }
  commit_columns(m, x->body, x->ntop);
  x->nplans = 0;
  r.p = x->body + (size_t)x->ntop * TWEEN_WORDS * 8;
  r.end = x->body + x->nbody;
  r.checked = 1;
  /* without wide values, the extras are the record images alone, of the
   * plans' order: each top-level one found by its slot (its index set
   * above), its children's taken by record_from() */
  while (!x->wide && x->nplans < x->nrec) {
    tw__tween *t;
    s = x->plans[x->nplans].slot;
    i = m->slots[s].index;
    t = &m->active[i];
    tw__set_rec(m, t, record_from(x, &r, s));
    if (t->flags & TW__F_SETTER)
      m->aset[i] = tw__rec(m, t)->set;
  }
  for (i = 0; x->wide && i < x->ntop; i++) {
    /* with wide values, the extras of each tween in array order */
    tw__tween *t = &m->active[i];
    uint64_t id;
    memcpy(&id, x->body + (size_t)i * 8, 8);
    if (!(t->flags & TW__F_PLAIN) && has_wide(m, t))
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
  if (m->arec_clean < x->ntop) /* [0, ntop) written above */
    m->arec_clean = x->ntop;
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

  if (tw__door(m, "tw_restore"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  tw__types_fill(m); /* the lerps of the types it may hold */
  if (m->depth > 0 || m->busy > 0)
    return tw__fail(m, TW_EBUSY, "tw_restore",
                    "called from inside a callback of this manager");
  if (buf == NULL || n == 0)
    return tw__fail(m, TW_EINVAL, "tw_restore", "%s",
                    buf == NULL ? "buf is NULL" : "n is 0");
  if (n < HEAD_BYTES)
    return tw__fail(m, TW_ECORRUPT, "tw_restore",
                    "%lu bytes are fewer than a snapshot's header",
                    (unsigned long)n);
  memcpy(head, in, HEAD_BYTES);
  if (memcmp(in, SNAP_MAGIC, 8) != 0)
    return tw__fail(m, TW_EFORMAT, "tw_restore",
                    "the buffer does not start as a snapshot does");
  if (head[1] != (SNAP_VERSION | (uint64_t)HEAD_BYTES << 32) ||
      head[2] != tw__snap_signature())
    return tw__fail(m, TW_EFORMAT, "tw_restore",
                    "a snapshot of another format version or build");
  if (head[3] != m->tag)
    return tw__fail(m, TW_EFOREIGN, "tw_restore",
                    "a snapshot of another manager");
  if (head[4] > n - HEAD_BYTES || head[4] % 8 != 0 ||
      head[4] < TRAILER_WORDS * 8)
    return tw__fail(m, TW_ECORRUPT, "tw_restore",
                    "its body does not fit the %lu bytes given",
                    (unsigned long)n);
  memset(&x, 0, sizeof x);
  x.m = m;
  x.body = in + HEAD_BYTES;
  x.nbody = (size_t)head[4];
  if (!tw__snap_trailer(&x, &nslots) || nslots > m->nslots)
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
                    "no memory for %lu bytes of scratch",
                    (unsigned long)x.scratch_bytes);
  }
  memset(x.scratch, 0, need);
  x.seen = x.scratch;
  x.kept = x.seen + words;
  x.plans = (plan *)(void *)(x.kept + words);
  if (!tw__snap_check(&x, head[5]))
    rc = TW_ECORRUPT;
  else if (!tw__snap_allocate(&x))
    rc = TW_ENOMEM;
  if (rc != 0)
    tw__snap_undo(&x);
  else
    commit(&x);
  tw__snap_done(&x);
  m->depth--;
  if (rc != 0)
    return tw__fail(m, rc, "tw_restore", "%s",
                    rc == TW_ECORRUPT ? "its checksum or body is damaged"
                                      : "no memory for the tweens it holds");
  return rc;
}

#ifdef TW__TEST_HOOKS
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
  if (!tw__snap_trailer(&x, &nslots) || nslots > m->nslots)
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
  if (tw__snap_check(&x, head[5]))
    got = x.nparts;
  tw__snap_done(&x);
  return got;
}
#endif

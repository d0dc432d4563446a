/* SPDX-License-Identifier: MIT */
/* Snapshot and restore: the restore's allocations, its step 2
 * (snapcommit.c), and their undoing (the image's format: snapshot.h). */
#include "snaprestore.h"

/* 2. the allocations, and their undoing */

void tw__snap_undo(rs *x) {
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
void tw__snap_done(rs *x) {
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
int tw__snap_allocate(rs *x) {
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
    x->nested_cap = (uint32_t)tw__grown(0, 16, x->nnested, UINT32_MAX);
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

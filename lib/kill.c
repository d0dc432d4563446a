/* SPDX-License-Identifier: MIT */
/* A tween's end: its slot emptied, its handle made stale, its KILL
 * callback run once, its record recycled; and overwrite, the end of the
 * older tweens on a starting tween's key.  The first file of the life
 * floor (see life.c): it calls nothing of the files after it, and up only
 * into timeline.c, whose children die with their sequence. */
#include "life.h"

void tw__vacate(tw_manager *m, uint32_t idx) {
  tw__vacate_entry(m, &m->active[idx], idx);
}

/* The end of a killed tween whose slot is already released: its KILL
 * callback runs (once: nothing can reach the dead tween any more), then its
 * record goes back to the pool, or to the allocator if not recyclable. */
void tw__dispose(tw_manager *m, tw_handle h, tw__record *rec, int recycle) {
  tw__cb cb;

  if (rec == NULL)
    return;
  cb = rec->cb[TW_ON_KILL];
  if (cb.fn != NULL)
    TW__CALL(m, cb.fn(m, h, cb.ud));
  if (recycle)
    tw__record_put(m, rec);
  else
    tw__record_drop(m, rec);
}

/* tw__kill for a tween with a record, or a child of a sequence. */
void tw__kill_recorded(tw_manager *m, uint32_t s) {
  uint32_t idx = m->slots[s].index;
  tw__tween *t;
  tw__record *rec;
  tw_handle h;
  int recycle, seq;

  if (idx & TW__NESTED) {
    m->fx.seq_kill_nested(m, s);
    return;
  }
  if (m->key_nheads == 0 && tw__kill_pooled(m, s, idx))
    return; /* nothing to call: vacated, the record to its pool */
  tw__keys_drop(m, s);
  t = &m->active[idx];
  rec = tw__rec(m, t);
  seq = (t->flags & TW__F_SEQ) != 0;
  recycle = (t->flags & TW__F_RECYCLABLE) != 0;
  tw__vacate_entry(m, t, idx);
  h = tw__handle_of(m, s);
  tw__slot_release(m, s);
  if (seq) /* children first, each KILL once, then the sequence's own */
    m->fx.seq_kill_children(m, rec);
  tw__dispose(m, h, rec, recycle);
}

/* Overwrite: the older tweens whose keys overlap a starting tween's. */
#define TW__VICTIMS 16

typedef struct victims {
  const tw_manager *m;
  uint32_t self, top, n;
  int more; /* older ones beyond the buffer: look again after these */
  uint32_t slot[TW__VICTIMS], gen[TW__VICTIMS], at[TW__VICTIMS];
} victims;

/* Keeps the TW__VICTIMS oldest candidates, sorted by creation order, so
 * that the kills run in creation order however many there are. */
static int add_victim(void *ctx, uint32_t s) {
  victims *v = ctx;
  uint32_t top = tw__top_index(v->m, s), i;

  /* older only, and never a tween of its own sequence */
  if (s == v->self || top >= v->top)
    return 0;
  if (v->n == TW__VICTIMS) {
    v->more = 1;
    if (top >= v->at[TW__VICTIMS - 1])
      return 0;
    v->n--; /* the youngest makes room */
  }
  for (i = v->n; i > 0 && v->at[i - 1] > top; i--) {
    v->slot[i] = v->slot[i - 1];
    v->gen[i] = v->gen[i - 1];
    v->at[i] = v->at[i - 1];
  }
  v->slot[i] = s;
  v->gen[i] = v->m->slots[s].gen;
  v->at[i] = top;
  v->n++;
  return 0;
}

/* Kills every older live tween whose key overlaps that of the tween in
 * slot s, in creation order, each KILL callback once.  Returns 1 if the
 * tween lives after them. */
int tw__overwrite(tw_manager *m, uint32_t s, uint32_t gen) {
  victims v;
  tw__key k;
  uint32_t i;

  tw__keys_on(m); /* without memory for the index, the slots are scanned */
  v.m = m;
  v.self = s;
  do {
    tw__key_of(m, tw__t(m, s), &k);
    v.top = tw__top_index(m, s);
    v.n = 0;
    v.more = 0;
    tw__keys_each(m, &k, add_victim, &v);
    for (i = 0; i < v.n; i++) {
      if (tw__alive(m, v.slot[i], v.gen[i]))
        tw__kill(m, v.slot[i]);
      if (!tw__alive(m, s, gen))
        return 0; /* a KILL callback ended it: the rest live on */
    }
  } while (v.more);
  return 1;
}

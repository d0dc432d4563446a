/* Controls and queries on live tweens: complete, kill, play, pause, the
 * filtered kills, and what a program can ask of a handle. */
#include "tween-private.h"

/* complete and kill */

static int complete_slot(tw_manager *m, uint32_t s) {
  uint32_t gen = m->slots[s].gen;
  tw__tween *t = TW__T(m, s);
  int was_playing;
  double total;

  if (t->flags & TW__F_COMPLETE)
    return 0;
  if (t->loops < 0)
    return TW_EINFINITE;
  if (!(t->flags & TW__F_STARTED) && !tw__start(m, s, gen))
    return 0;
  t = TW__T(m, s);
  if (t->flags & TW__F_COMPLETE)
    return 0; /* a START callback completed it */
  total = tw__total_time(t);
  was_playing = (t->flags & TW__F_PLAYING) != 0;
  t->flags &= ~(uint32_t)TW__F_DELAYED;
  t->flags |= TW__F_COMPLETE;
  t->elapsed = total;
  if (tw__write_value(m, s, tw__fraction(t, t->loops - 1, t->duration)) != 0)
    return 0;
  if (!tw__fire_step(m, s, gen, TW_ON_COMPLETE, total))
    return 0;
  tw__finish(m, s, gen, was_playing);
  return 0;
}

int tw__kill_slot(tw_manager *m, uint32_t s, int complete_first) {
  uint32_t gen = m->slots[s].gen, idx;
  tw__tween *t;
  tw__record *rec;
  tw__cb cb = {NULL, NULL};
  tw_handle h;
  int recycle;

  if (complete_first) {
    int rc = complete_slot(m, s);
    if (rc != 0)
      return rc;
    if (!tw__alive(m, s, gen))
      return 0;
  }
  idx = m->slots[s].index;
  t = &m->active[idx];
  rec = t->rec;
  if (rec != NULL)
    cb = rec->cb[TW_ON_KILL];
  recycle = (t->flags & TW__F_RECYCLABLE) != 0;
  t->slot = TW__EMPTY;
  t->utype = TW__HOLE;
  t->rec = NULL;
  if (idx < m->first_hole)
    m->first_hole = idx;
  m->live--;
  h = tw__handle_of(m, s);
  tw__slot_release(m, s);
  if (cb.fn != NULL) {
    m->depth++;
    cb.fn(m, h, cb.ud);
    m->depth--;
  }
  if (rec == NULL)
    return 0;
  if (recycle)
    tw__record_put(m, rec);
  else
    tw__record_drop(m, rec);
  return 0;
}

static int slot_of(const tw_manager *m, tw_handle h, uint32_t *s) {
  if (m == NULL)
    return TW_EINVAL;
  if (tw__lookup(m, h) == NULL)
    return TW_ESTALE;
  *s = h.index - 1;
  return 0;
}

int tw_kill(tw_manager *m, tw_handle h, int complete_first) {
  uint32_t s;
  int rc = slot_of(m, h, &s);

  if (rc != 0)
    return rc;
  if (complete_first && TW__T(m, s)->loops < 0)
    return TW_EINFINITE;
  return tw__kill_slot(m, s, complete_first);
}

int tw_complete(tw_manager *m, tw_handle h) {
  uint32_t s;
  int rc = slot_of(m, h, &s);

  return rc != 0 ? rc : complete_slot(m, s);
}

int tw_play(tw_manager *m, tw_handle h) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return m == NULL ? TW_EINVAL : TW_ESTALE;
  if (!(t->flags & TW__F_COMPLETE))
    t->flags |= TW__F_PLAYING;
  return 0;
}

int tw_pause(tw_manager *m, tw_handle h) {
  tw__tween *t = tw__lookup(m, h);
  uint32_t s;

  if (t == NULL)
    return m == NULL ? TW_EINVAL : TW_ESTALE;
  if (!(t->flags & TW__F_PLAYING))
    return 0;
  s = t->slot;
  t->flags &= ~(uint32_t)(TW__F_PLAYING | TW__F_PLAYED);
  tw__fire(m, s, h.gen, TW_ON_PAUSE);
  return 0;
}

/* kills by filter */

enum { BY_ALL, BY_ID, BY_KEY };

static int kill_where(tw_manager *m, int by, int id, const void *key,
                      int complete_first) {
  uint32_t i, end;
  int n = 0;

  if (m == NULL)
    return TW_EINVAL;
  m->busy++;
  end = m->end;
  for (i = 0; i < end; i++) {
    tw__tween *t = &m->active[i];
    if (t->slot == TW__EMPTY)
      continue;
    if (by == BY_ID && (t->rec == NULL || !t->rec->has_id || t->rec->id != id))
      continue;
    if (by == BY_KEY && (t->rec == NULL || t->rec->key != key))
      continue;
    /* infinitely looping tweens cannot complete: they are just killed */
    tw__kill_slot(m, t->slot, complete_first && t->loops > 0);
    n++;
  }
  m->busy--;
  return n;
}

int tw_kill_all(tw_manager *m, int complete_first) {
  return kill_where(m, BY_ALL, 0, NULL, complete_first);
}

int tw_kill_id(tw_manager *m, int id, int complete_first) {
  return kill_where(m, BY_ID, id, NULL, complete_first);
}

int tw_kill_target(tw_manager *m, const void *key, int complete_first) {
  return kill_where(m, BY_KEY, 0, key, complete_first);
}

/* queries */

int tw_is_active(const tw_manager *m, tw_handle h) {
  return tw__lookup(m, h) != NULL;
}

#define TW__QUERY(t, m, h)                                                   \
  const tw__tween *t = tw__lookup(m, h);                                     \
  if (t == NULL)                                                             \
    return m == NULL ? TW_EINVAL : TW_ESTALE;

int tw_is_playing(const tw_manager *m, tw_handle h) {
  TW__QUERY(t, m, h)
  return (t->flags & TW__F_PLAYING) != 0 && !(t->flags & TW__F_COMPLETE);
}

int tw_is_complete(const tw_manager *m, tw_handle h) {
  TW__QUERY(t, m, h)
  return (t->flags & TW__F_COMPLETE) != 0;
}

int tw_elapsed(const tw_manager *m, tw_handle h, double *out) {
  TW__QUERY(t, m, h)
  if (out == NULL)
    return TW_EINVAL;
  *out = t->elapsed;
  return 0;
}

int tw_loops_done(const tw_manager *m, tw_handle h) {
  TW__QUERY(t, m, h)
  return (int)tw__loops_done_at(t, t->elapsed);
}


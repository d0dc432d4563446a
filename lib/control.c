/* SPDX-License-Identifier: MIT */
/* Controls and queries on live tweens: complete, kill, play, pause, the
 * filtered kills, and what a program can ask of a handle. */
#include "tween-private.h"

/* complete and kill */

/* Completes the tween in slot s: the end of its last loop, COMPLETE (with
 * callbacks), then the kill or the pause. */
static int complete_slot(tw_manager *m, uint32_t s, int callbacks) {
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
  if (callbacks && !tw__fire_step(m, s, gen, TW_ON_COMPLETE, total))
    return 0;
  tw__finish(m, s, gen, callbacks && was_playing);
  return 0;
}

/* The end of a killed tween whose slot is already released: its KILL
 * callback runs (once: nothing can reach the dead tween any more), then its
 * record goes back to the pool, or to the allocator if not recyclable. */
void tw__dispose(tw_manager *m, tw_handle h, tw__record *rec, int recycle) {
  tw__cb cb;

  if (rec == NULL)
    return;
  cb = rec->cb[TW_ON_KILL];
  if (cb.fn != NULL) {
    m->depth++;
    cb.fn(m, h, cb.ud);
    m->depth--;
  }
  if (recycle)
    tw__record_put(m, rec);
  else
    tw__record_drop(m, rec);
}

int tw__kill_slot(tw_manager *m, uint32_t s, int complete_first) {
  uint32_t gen = m->slots[s].gen, idx;
  tw__tween *t;
  tw__record *rec;
  tw_handle h;
  int recycle, seq;

  if (complete_first) {
    int rc = complete_slot(m, s, 1);
    if (rc != 0)
      return rc;
    if (!tw__alive(m, s, gen))
      return 0;
  }
  idx = m->slots[s].index;
  if (idx & TW__NESTED) {
    tw__seq_kill_nested(m, s);
    return 0;
  }
  t = &m->active[idx];
  rec = t->rec;
  seq = (t->flags & TW__F_SEQ) != 0;
  recycle = (t->flags & TW__F_RECYCLABLE) != 0;
  tw__vacate(m, idx);
  h = tw__handle_of(m, s);
  tw__slot_release(m, s);
  if (seq) /* children first, each KILL once, then the sequence's own */
    tw__seq_kill_children(m, rec);
  tw__dispose(m, h, rec, recycle);
  return 0;
}

static int slot_of(const tw_manager *m, tw_handle h, uint32_t *s) {
  if (m == NULL)
    return TW_EINVAL;
  if (tw__lookup(m, h) == NULL)
    return tw__handle_err(m, h);
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

  return rc != 0 ? rc : complete_slot(m, s, 1);
}

int tw_complete_silent(tw_manager *m, tw_handle h) {
  uint32_t s;
  int rc = slot_of(m, h, &s);

  return rc != 0 ? rc : complete_slot(m, s, 0);
}

/* play, pause, rewind, goto: each on a slot, then on a handle */

static void play_slot(tw_manager *m, uint32_t s) {
  tw__tween *t = TW__T(m, s);

  if (!(t->flags & TW__F_COMPLETE))
    t->flags |= TW__F_PLAYING;
}

static void pause_slot(tw_manager *m, uint32_t s) {
  tw__tween *t = TW__T(m, s);

  if (!(t->flags & TW__F_PLAYING))
    return;
  t->flags &= ~(uint32_t)(TW__F_PLAYING | TW__F_PLAYED);
  if (!(t->flags & TW__F_COMPLETE))
    tw__fire(m, s, m->slots[s].gen, TW_ON_PAUSE);
}

static void toggle_slot(tw_manager *m, uint32_t s) {
  if (TW__T(m, s)->flags & TW__F_PLAYING)
    pause_slot(m, s);
  else
    play_slot(m, s);
}

/* Back to elapsed 0 (and the delay, with include_delay); writes the start
 * value of a started tween and fires REWIND if it had moved.  Leaves the
 * play state to the caller. */
static void rewind_slot(tw_manager *m, uint32_t s, int include_delay) {
  uint32_t gen = m->slots[s].gen;
  tw__tween *t = TW__T(m, s);
  int moved = t->elapsed > 0 || (t->flags & TW__F_COMPLETE);

  t->flags &= ~(uint32_t)(TW__F_COMPLETE | TW__F_PLAYED);
  if (t->rec != NULL) {
    tw__record *r = t->rec;
    if (include_delay && r->delay > 0) {
      r->delay_elapsed = 0;
      t->flags |= TW__F_DELAYED;
    } else {
      r->delay_elapsed = r->delay;
      t->flags &= ~(uint32_t)TW__F_DELAYED;
    }
  }
  t->elapsed = 0;
  if (!(t->flags & TW__F_STARTED))
    return;
  if (tw__write_value(m, s, tw__fraction(t, 0, 0)) != 0)
    return;
  if (moved)
    tw__fire(m, s, gen, TW_ON_REWIND);
}

static int restart_slot(tw_manager *m, uint32_t s, int include_delay,
                        double new_delay) {
  uint32_t gen = m->slots[s].gen;
  tw__tween *t = TW__T(m, s);

  if (new_delay >= 0) {
    if (t->rec == NULL && (t->rec = tw__record_get(m, t->type)) == NULL)
      return TW_ENOMEM;
    t->rec->delay = new_delay;
  }
  t->flags &= ~(uint32_t)TW__F_BACKWARDS;
  rewind_slot(m, s, include_delay);
  if (tw__alive(m, s, gen))
    TW__T(m, s)->flags |= TW__F_PLAYING;
  return 0;
}

static void rewind_paused(tw_manager *m, uint32_t s, int include_delay) {
  TW__T(m, s)->flags &= ~(uint32_t)TW__F_PLAYING;
  rewind_slot(m, s, include_delay);
}

static void smooth_rewind_slot(tw_manager *m, uint32_t s) {
  tw__tween *t = TW__T(m, s);

  if (!(t->flags & TW__F_STARTED) || t->elapsed <= 0) {
    rewind_paused(m, s, 1);
    return;
  }
  t->flags &= ~(uint32_t)(TW__F_COMPLETE | TW__F_DELAYED);
  t->flags |= TW__F_BACKWARDS | TW__F_PLAYING;
}

static void direction_slot(tw_manager *m, uint32_t s, int backwards, int play) {
  tw__tween *t = TW__T(m, s);

  if (backwards) {
    t->flags |= TW__F_BACKWARDS;
    if (t->elapsed > 0)
      t->flags &= ~(uint32_t)TW__F_COMPLETE; /* it can move back now */
  } else {
    t->flags &= ~(uint32_t)TW__F_BACKWARDS;
  }
  if (play && !(t->flags & TW__F_COMPLETE))
    t->flags |= TW__F_PLAYING;
}

static void flip_slot(tw_manager *m, uint32_t s) {
  direction_slot(m, s, !(TW__T(m, s)->flags & TW__F_BACKWARDS), 0);
}

static int goto_slot(tw_manager *m, uint32_t s, double to, int and_play) {
  uint32_t gen = m->slots[s].gen;
  tw__tween *t = TW__T(m, s);
  int32_t k;
  double pos, total;

  if (!(t->flags & TW__F_STARTED) && !tw__start(m, s, gen))
    return 0;
  t = TW__T(m, s);
  if (t->rec != NULL)
    t->rec->delay_elapsed = t->rec->delay;
  t->flags &= ~(uint32_t)TW__F_DELAYED;
  total = tw__total_time(t);
  if (to > total)
    to = total;
  if (t->loops > 0 && to >= total) {
    if (and_play)
      t->flags |= TW__F_PLAYING;
    else
      t->flags &= ~(uint32_t)TW__F_PLAYING;
    return complete_slot(m, s, 1);
  }
  t->flags &= ~(uint32_t)TW__F_COMPLETE;
  t->elapsed = to;
  if (and_play)
    t->flags |= TW__F_PLAYING;
  else
    t->flags &= ~(uint32_t)(TW__F_PLAYING | TW__F_PLAYED);
  tw__locate(t, to, &k, &pos);
  tw__write_value(m, s, tw__fraction(t, k, pos));
  return 0;
}

static int slot_of(const tw_manager *m, tw_handle h, uint32_t *s);

#define TW__ON_SLOT(call)                                                      \
  uint32_t s;                                                                  \
  int rc = slot_of(m, h, &s);                                                  \
  if (rc != 0)                                                                 \
    return rc;                                                                 \
  call;                                                                        \
  return 0;

int tw_play(tw_manager *m, tw_handle h) { TW__ON_SLOT(play_slot(m, s)) }
int tw_pause(tw_manager *m, tw_handle h) { TW__ON_SLOT(pause_slot(m, s)) }
int tw_toggle(tw_manager *m, tw_handle h) { TW__ON_SLOT(toggle_slot(m, s)) }
int tw_flip(tw_manager *m, tw_handle h) { TW__ON_SLOT(flip_slot(m, s)) }

int tw_rewind(tw_manager *m, tw_handle h, int include_delay) {
  TW__ON_SLOT(rewind_paused(m, s, include_delay))
}

int tw_smooth_rewind(tw_manager *m, tw_handle h) {
  TW__ON_SLOT(smooth_rewind_slot(m, s))
}

int tw_play_forward(tw_manager *m, tw_handle h) {
  TW__ON_SLOT(direction_slot(m, s, 0, 1))
}

int tw_play_backwards(tw_manager *m, tw_handle h) {
  TW__ON_SLOT(direction_slot(m, s, 1, 1))
}

int tw_restart(tw_manager *m, tw_handle h, int include_delay,
               double new_delay) {
  uint32_t s;
  int rc = slot_of(m, h, &s);

  if (rc != 0)
    return rc;
  if (new_delay != new_delay || new_delay > 1e300)
    return TW_EINVAL;
  return restart_slot(m, s, include_delay, new_delay);
}

int tw_goto(tw_manager *m, tw_handle h, double to, int and_play) {
  uint32_t s;
  int rc = slot_of(m, h, &s);

  if (rc != 0)
    return rc;
  if (!(to >= 0) || to > 1e300)
    return TW_EINVAL;
  return goto_slot(m, s, to, and_play);
}

/* controls on many tweens */

enum { BY_ALL, BY_ID, BY_KEY, BY_NOT_IDS };

typedef struct pick {
  int by, id;
  const void *key;
  const int *ids;
  size_t nids;
} pick;

static int picked(const tw__tween *t, const pick *p) {
  size_t i;

  switch (p->by) {
  case BY_ID:
    return t->rec != NULL && t->rec->has_id && t->rec->id == p->id;
  case BY_KEY:
    return t->rec != NULL && t->rec->key == p->key;
  case BY_NOT_IDS:
    if (t->rec == NULL || !t->rec->has_id)
      return 1;
    for (i = 0; i < p->nids; i++)
      if (p->ids[i] == t->rec->id)
        return 0;
    return 1;
  default:
    return 1;
  }
}

static void do_slot(tw_manager *m, uint32_t s, tw_do what) {
  tw__tween *t = TW__T(m, s);

  switch (what) {
  case TW_DO_PLAY:
    play_slot(m, s);
    break;
  case TW_DO_PAUSE:
    pause_slot(m, s);
    break;
  case TW_DO_TOGGLE:
    toggle_slot(m, s);
    break;
  case TW_DO_RESTART:
    restart_slot(m, s, 1, -1);
    break;
  case TW_DO_REWIND:
    rewind_paused(m, s, 1);
    break;
  case TW_DO_SMOOTH_REWIND:
    smooth_rewind_slot(m, s);
    break;
  case TW_DO_COMPLETE:
    if (t->loops > 0)
      complete_slot(m, s, 1);
    break;
  case TW_DO_FLIP:
    flip_slot(m, s);
    break;
  case TW_DO_PLAY_FORWARD:
    direction_slot(m, s, 0, 1);
    break;
  case TW_DO_PLAY_BACKWARDS:
    direction_slot(m, s, 1, 1);
    break;
  case TW_DO_KILL:
    tw__kill_slot(m, s, 0);
    break;
  default: /* TW_DO_KILL_COMPLETE; infinite loops are just killed */
    tw__kill_slot(m, s, t->loops > 0);
    break;
  }
}

/* Applies `what` to the picked tweens among those alive when the call
 * starts, in creation order.  busy keeps the array still meanwhile. */
static int do_where(tw_manager *m, const pick *p, tw_do what) {
  uint32_t i, end;
  int n = 0;

  if (m == NULL || (unsigned)what >= TW_DO_COUNT)
    return TW_EINVAL;
  m->busy++;
  end = m->end;
  for (i = 0; i < end; i++) {
    tw__tween *t = &m->active[i];
    if (t->slot == TW__EMPTY || !picked(t, p))
      continue;
    do_slot(m, t->slot, what);
    n++;
  }
  m->busy--;
  return n;
}

int tw_do_all(tw_manager *m, tw_do what) {
  pick p = {BY_ALL, 0, NULL, NULL, 0};
  return do_where(m, &p, what);
}

int tw_do_id(tw_manager *m, int id, tw_do what) {
  pick p = {BY_ID, 0, NULL, NULL, 0};
  p.id = id;
  return do_where(m, &p, what);
}

int tw_do_target(tw_manager *m, const void *key, tw_do what) {
  pick p = {BY_KEY, 0, NULL, NULL, 0};

  if (key == NULL)
    return TW_EINVAL; /* NULL is "no target", not a target */
  p.key = key;
  return do_where(m, &p, what);
}

static tw_do kill_op(int complete_first) {
  return complete_first ? TW_DO_KILL_COMPLETE : TW_DO_KILL;
}

int tw_kill_all(tw_manager *m, int complete_first) {
  return tw_do_all(m, kill_op(complete_first));
}

int tw_kill_id(tw_manager *m, int id, int complete_first) {
  return tw_do_id(m, id, kill_op(complete_first));
}

int tw_kill_target(tw_manager *m, const void *key, int complete_first) {
  return tw_do_target(m, key, kill_op(complete_first));
}

int tw_kill_all_except(tw_manager *m, const int *ids, size_t n,
                       int complete_first) {
  pick p = {BY_NOT_IDS, 0, NULL, NULL, 0};

  if (ids == NULL && n > 0)
    return TW_EINVAL;
  p.ids = ids;
  p.nids = n;
  return do_where(m, &p, kill_op(complete_first));
}

/* queries */

int tw_is_active(const tw_manager *m, tw_handle h) {
  return tw__lookup(m, h) != NULL || tw__handle_err(m, h) == TW_ENESTED;
}

#define TW__QUERY(t, m, h)                                                     \
  const tw__tween *t = tw__lookup(m, h);                                       \
  if (t == NULL)                                                               \
    return tw__handle_err(m, h);

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

int tw_loops(const tw_manager *m, tw_handle h) {
  TW__QUERY(t, m, h)
  return (int)t->loops;
}

int tw_is_backwards(const tw_manager *m, tw_handle h) {
  TW__QUERY(t, m, h)
  return (t->flags & TW__F_BACKWARDS) != 0;
}

int tw_position(const tw_manager *m, tw_handle h, double *out) {
  int32_t k;
  TW__QUERY(t, m, h)
  if (out == NULL)
    return TW_EINVAL;
  tw__locate(t, t->elapsed, &k, out);
  return 0;
}

int tw_elapsed_percentage(const tw_manager *m, tw_handle h, int all_loops,
                          double *out) {
  double whole, pos;
  int32_t k;
  TW__QUERY(t, m, h)
  if (out == NULL)
    return TW_EINVAL;
  if (all_loops) {
    whole = tw__total_time(t);
    *out = t->loops < 0 ? 0.0 : whole > 0 ? t->elapsed / whole : 1.0;
    return 0;
  }
  tw__locate(t, t->elapsed, &k, &pos);
  *out = t->duration > 0 ? pos / t->duration : 1.0;
  return 0;
}

int tw_duration(const tw_manager *m, tw_handle h, int all_loops, double *out) {
  TW__QUERY(t, m, h)
  if (out == NULL)
    return TW_EINVAL;
  *out = all_loops ? tw__total_time(t) : t->duration;
  return 0;
}

int tw_delay(const tw_manager *m, tw_handle h, double *out) {
  TW__QUERY(t, m, h)
  if (out == NULL)
    return TW_EINVAL;
  *out = t->rec != NULL ? t->rec->delay : 0.0;
  return 0;
}

int tw_elapsed_delay(const tw_manager *m, tw_handle h, double *out) {
  TW__QUERY(t, m, h)
  if (out == NULL)
    return TW_EINVAL;
  *out = t->rec != NULL ? t->rec->delay_elapsed : 0.0;
  return 0;
}

int tw_count(const tw_manager *m, tw_count_what what) {
  uint32_t i;
  int n = 0;

  if (m == NULL || (unsigned)what > TW_COUNT_PAUSED)
    return TW_EINVAL;
  if (what == TW_COUNT_ACTIVE)
    return (int)(m->live + m->live_nested);
  for (i = 0; i < m->end; i++) {
    const tw__tween *t = &m->active[i];
    int playing = (t->flags & TW__F_PLAYING) && !(t->flags & TW__F_COMPLETE);
    if (t->slot == TW__EMPTY)
      continue;
    if (what == TW_COUNT_PLAYING ? playing : !(t->flags & TW__F_PLAYING))
      n++;
  }
  return n;
}

static int find(const tw_manager *m, const pick *p, tw_handle *out,
                size_t cap) {
  uint32_t i;
  size_t n = 0;

  if (m == NULL || (out == NULL && cap > 0))
    return TW_EINVAL;
  for (i = 0; i < m->end; i++) {
    const tw__tween *t = &m->active[i];
    if (t->slot == TW__EMPTY || !picked(t, p))
      continue;
    if (n < cap)
      out[n] = tw__handle_of(m, t->slot);
    n++;
  }
  return (int)n;
}

int tw_find_id(const tw_manager *m, int id, tw_handle *out, size_t cap) {
  pick p = {BY_ID, 0, NULL, NULL, 0};
  p.id = id;
  return find(m, &p, out, cap);
}

int tw_find_target(const tw_manager *m, const void *key, tw_handle *out,
                   size_t cap) {
  pick p = {BY_KEY, 0, NULL, NULL, 0};

  if (key == NULL)
    return TW_EINVAL;
  p.key = key;
  return find(m, &p, out, cap);
}

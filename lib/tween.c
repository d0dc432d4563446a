/* A tween's life: creation, settings, the update step, complete and kill.
 *
 * Time.  A tween keeps one number, `elapsed`: the seconds it has played
 * over all its loops, delay excluded.  The loop it is in and the position
 * inside that loop are derived from it, so one update spanning several
 * loops ends exactly where many small updates end, and nothing can turn a
 * reset into a giant delta.  Accumulated dt within TW__SNAP (relative) of a
 * loop boundary or of the end counts as reaching it, so an hour of 60 Hz
 * updates completes on its last update, not one later.
 *
 * Callbacks.  Within one step the order is START, PLAY, (value written),
 * UPDATE, REWIND, STEP_COMPLETE per finished loop, COMPLETE, then PAUSE or
 * the kill (KILL).  A callback may do anything; after each one the step
 * goes on only if the tween is alive and no callback moved it (complete,
 * restart...).  Every internal function names the tween by its slot and
 * finds it again after a callback, since the array may have grown (or, out
 * of an update pass, been compacted) meanwhile.
 *
 * Fast path.  A started, playing tween with no record-held features (no
 * callbacks, delay, loops, own time scale, big value) is advanced inline by
 * tw_update: add dt, ease, write. */
#include "tween-private.h"

#include <math.h>

#define TW__SNAP 1e-9

#define T(m, s) (&(m)->active[(m)->slots[s].index])

static int alive(const tw_manager *m, uint32_t s, uint32_t gen) {
  return m->slots[s].gen == gen;
}

static double total_time(const tw__tween *t) {
  return t->loops < 0 ? INFINITY : t->duration * (double)t->loops;
}

/* creation */

static int dur_ok(double d) { return isfinite(d) && d >= 0; }

static int create(tw_manager *m, int type, void *target, tw_setter_fn set,
                  tw_getter_fn get, const void *end, double duration,
                  tw_handle *out) {
  tw__record *rec = NULL;
  tw__tween *t;
  size_t size;
  uint32_t idx, s;
  int rc, big;

  if (m == NULL || end == NULL || !dur_ok(duration) ||
      (set == NULL ? target == NULL : get == NULL))
    return TW_EINVAL;
  if (!tw__type_valid(m, type))
    return TW_ETYPE;
  if (m->dying)
    return TW_EBUSY;
  size = m->types[type].size;
  big = size > TW__INLINE_MAX;
  if (m->busy == 0)
    tw__compact(m);
  /* Take everything that can fail before anything changes; growth last,
   * since it cannot be undone. */
  rc = tw__slots_reserve(m);
  if (rc == 0 && (big || set != NULL)) {
    rec = tw__record_get(m, type);
    if (rec == NULL)
      rc = TW_ENOMEM;
  }
  if (rc == 0 && (m->live - m->live_sequences >= m->cap_tweens ||
                  m->end >= m->cap_tweens + m->cap_sequences))
    rc = tw__grow(m, 0);
  if (rc != 0) {
    tw__record_put(m, rec);
    return rc;
  }
  idx = m->end++;
  s = tw__slot_take(m, idx);
  t = &m->active[idx];
  memset(t, 0, sizeof *t);
  t->duration = duration;
  t->target = target;
  t->rec = rec;
  t->slot = s;
  t->flags = TW__F_PLAYING | TW__F_AUTOKILL | TW__F_RECYCLABLE;
  t->type = (uint16_t)type;
  t->ease = TW_EASE_OUT_QUAD;
  t->utype = TW_UPDATE_NORMAL;
  t->loops = 1;
  if (big) {
    t->flags |= TW__F_BIG;
    memcpy(rec->big + size, end, size);
  } else {
    memcpy(&t->end, end, size);
  }
  if (set != NULL) {
    t->flags |= TW__F_SETTER;
    rec->set = set;
    rec->get = get;
  }
  m->live++;
  if (m->live > m->st.peak)
    m->st.peak = m->live;
  if (out != NULL)
    *out = tw__handle_of(m, s);
  tw__flush_warnings(m);
  return 0;
}

int tw_to(tw_manager *m, int type, void *target, const void *end,
          double duration, tw_handle *out) {
  return create(m, type, target, NULL, NULL, end, duration, out);
}

int tw_to_fn(tw_manager *m, int type, tw_setter_fn set, tw_getter_fn get,
             void *ud, const void *end, double duration, tw_handle *out) {
  if (set == NULL)
    return TW_EINVAL;
  return create(m, type, ud, set, get, end, duration, out);
}

#define TW__TYPED_TO(name, ctype, id)                                        \
  int name(tw_manager *m, ctype *target, ctype end, double duration,        \
           tw_handle *out) {                                                 \
    return create(m, id, target, NULL, NULL, &end, duration, out);           \
  }
TW__TYPED_TO(tw_float_to, float, TW_TYPE_FLOAT)
TW__TYPED_TO(tw_double_to, double, TW_TYPE_DOUBLE)
TW__TYPED_TO(tw_int_to, int, TW_TYPE_INT)
TW__TYPED_TO(tw_vec2_to, tw_vec2, TW_TYPE_VEC2)
TW__TYPED_TO(tw_vec3_to, tw_vec3, TW_TYPE_VEC3)
TW__TYPED_TO(tw_vec4_to, tw_vec4, TW_TYPE_VEC4)
TW__TYPED_TO(tw_color_to, tw_color, TW_TYPE_COLOR)
#undef TW__TYPED_TO

/* settings */

/* The tween h names, with its record; NULL and *err set if there is none. */
static tw__tween *with_record(tw_manager *m, tw_handle h, int *err) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL) {
    *err = m == NULL ? TW_EINVAL : TW_ESTALE;
    return NULL;
  }
  if (t->rec == NULL) {
    t->rec = tw__record_get(m, t->type);
    if (t->rec == NULL) {
      *err = TW_ENOMEM;
      return NULL;
    }
  }
  return t;
}

static tw__tween *unstarted(tw_manager *m, tw_handle h, int *err) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    *err = m == NULL ? TW_EINVAL : TW_ESTALE;
  else if (t->flags & TW__F_STARTED)
    *err = TW_ELOCKED;
  else
    return with_record(m, h, err);
  return NULL;
}

int tw_set_delay(tw_manager *m, tw_handle h, double delay) {
  tw__tween *t;
  int err = 0;

  if (!dur_ok(delay))
    return tw__lookup(m, h) == NULL && m != NULL ? TW_ESTALE : TW_EINVAL;
  if ((t = unstarted(m, h, &err)) == NULL)
    return err;
  t->rec->delay = delay;
  t->rec->delay_elapsed = 0;
  if (delay > 0)
    t->flags |= TW__F_DELAYED;
  else
    t->flags &= ~(uint32_t)TW__F_DELAYED;
  return 0;
}

int tw_set_loops(tw_manager *m, tw_handle h, int loops, tw_loop_type type) {
  tw__tween *t;
  int err = 0;

  if (loops < -1 || loops == 0 || (unsigned)type > TW_LOOP_INCREMENTAL)
    return tw__lookup(m, h) == NULL && m != NULL ? TW_ESTALE : TW_EINVAL;
  if ((t = tw__lookup(m, h)) != NULL && !(t->flags & TW__F_STARTED) &&
      loops == -1 && t->duration == 0)
    return TW_EINVAL; /* infinitely many loops of no time */
  if ((t = unstarted(m, h, &err)) == NULL)
    return err;
  t->loops = loops;
  t->rec->loop_type = (uint8_t)type;
  if (loops != 1 || type != TW_LOOP_RESTART)
    t->flags |= TW__F_LOOPS;
  else
    t->flags &= ~(uint32_t)TW__F_LOOPS;
  return 0;
}

int tw_set_ease(tw_manager *m, tw_handle h, tw_ease ease) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return m == NULL ? TW_EINVAL : TW_ESTALE;
  if ((unsigned)ease >= TW_EASE_COUNT)
    return TW_EEASE;
  t->ease = (uint8_t)ease;
  return 0;
}

static int set_flag(tw_manager *m, tw_handle h, uint32_t flag, int on,
                    int locks) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return m == NULL ? TW_EINVAL : TW_ESTALE;
  if (locks && (t->flags & TW__F_STARTED))
    return TW_ELOCKED;
  if (on)
    t->flags |= flag;
  else
    t->flags &= ~flag;
  return 0;
}

int tw_set_autokill(tw_manager *m, tw_handle h, int on) {
  return set_flag(m, h, TW__F_AUTOKILL, on, 1);
}

int tw_set_independent(tw_manager *m, tw_handle h, int on) {
  return set_flag(m, h, TW__F_INDEPENDENT, on, 0);
}

int tw_set_recyclable(tw_manager *m, tw_handle h, int on) {
  return set_flag(m, h, TW__F_RECYCLABLE, on, 0);
}

int tw_set_update_type(tw_manager *m, tw_handle h, tw_update_type type) {
  tw__tween *t = tw__lookup(m, h);

  if (t == NULL)
    return m == NULL ? TW_EINVAL : TW_ESTALE;
  if ((unsigned)type > TW_UPDATE_MANUAL)
    return TW_EINVAL;
  t->utype = (uint8_t)type;
  return 0;
}

int tw_set_id(tw_manager *m, tw_handle h, int id) {
  int err = 0;
  tw__tween *t = with_record(m, h, &err);

  if (t == NULL)
    return err;
  t->rec->id = id;
  t->rec->has_id = 1;
  return 0;
}

int tw_set_target(tw_manager *m, tw_handle h, const void *key) {
  int err = 0;
  tw__tween *t = with_record(m, h, &err);

  if (t == NULL)
    return err;
  t->rec->key = key;
  return 0;
}

int tw_set_timescale(tw_manager *m, tw_handle h, double scale) {
  int err = 0;
  tw__tween *t;

  if (!isfinite(scale) || scale < 0)
    return tw__lookup(m, h) == NULL && m != NULL ? TW_ESTALE : TW_EINVAL;
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  t->rec->timescale = scale;
  if (scale != 1.0)
    t->flags |= TW__F_SCALED;
  else
    t->flags &= ~(uint32_t)TW__F_SCALED;
  return 0;
}

int tw_on(tw_manager *m, tw_handle h, tw_event ev, tw_callback fn, void *ud) {
  int err = 0, i;
  tw__tween *t;

  if ((unsigned)ev >= TW_ON_COUNT)
    return tw__lookup(m, h) == NULL && m != NULL ? TW_ESTALE : TW_EINVAL;
  if ((t = with_record(m, h, &err)) == NULL)
    return err;
  t->rec->cb[ev].fn = fn;
  t->rec->cb[ev].ud = fn != NULL ? ud : NULL;
  t->flags &= ~(uint32_t)TW__F_CALLBACKS;
  for (i = 0; i < TW_ON_COUNT; i++)
    if (t->rec->cb[i].fn != NULL)
      t->flags |= TW__F_CALLBACKS;
  return 0;
}

/* values */

static double ease_of(const tw__tween *t, double pos, double d) {
  if (t->ease == TW_EASE_OUT_QUAD) {
    double x = pos / d;
    return x * (2.0 - x);
  }
  if (t->ease == TW_EASE_LINEAR)
    return pos / d;
  return tw__ease(t->ease, pos, d, t->rec != NULL ? t->rec->overshoot : 1.70158,
                  t->rec != NULL ? t->rec->period : 0.0);
}

/* The loop (0-based) and the position in it at elapsed e. */
static void locate(const tw__tween *t, double e, int32_t *k, double *pos) {
  double d = t->duration, q, f;

  if (t->loops > 0 && e >= total_time(t)) {
    *k = t->loops - 1;
    *pos = d;
    return;
  }
  if (d <= 0) {
    *k = 0;
    *pos = 0;
    return;
  }
  q = e / d;
  f = floor(q);
  if (f + 1.0 - q <= TW__SNAP)
    f += 1.0;
  if (f > (double)INT32_MAX - 1)
    f = (double)INT32_MAX - 1;
  *k = (int32_t)f;
  *pos = e - f * d;
  if (*pos < 0)
    *pos = 0;
}

/* Loops finished at elapsed e.  A zero-duration tween is at its total
 * from the start, so its loops count as finished only once it completes
 * (step sets TW__F_COMPLETE before asking). */
static int32_t loops_done_at(const tw__tween *t, double e) {
  int32_t k;
  double pos;

  if (t->duration <= 0)
    return (t->flags & TW__F_COMPLETE) ? t->loops : 0;
  if (t->loops > 0 && e >= total_time(t))
    return t->loops;
  locate(t, e, &k, &pos);
  return k;
}

/* The interpolation fraction at loop k, position pos. */
static double fraction(const tw__tween *t, int32_t k, double pos) {
  int lt = t->rec != NULL ? t->rec->loop_type : TW_LOOP_RESTART;
  int back = lt == TW_LOOP_YOYO && (k & 1);
  double d = t->duration, e;

  if (d <= 0)
    e = back ? 0.0 : 1.0;
  else
    e = ease_of(t, back ? d - pos : pos, d);
  if (lt == TW_LOOP_INCREMENTAL)
    e += (double)k;
  return e;
}

/* Writes the value at fraction e.  Returns 0, or -1 if the tween died
 * (its setter failed or killed it). */
static int write_value(tw_manager *m, uint32_t s, double e) {
  tw__tween *t = T(m, s);
  size_t size = m->types[t->type].size;
  const void *a = &t->start, *b = &t->end;
  tw__value tmp;
  void *out = &tmp;
  uint32_t gen = m->slots[s].gen;
  tw_setter_fn set;
  int rc;

  if (t->flags & TW__F_BIG) {
    a = t->rec->big;
    b = t->rec->big + size;
    out = t->rec->big + 2 * size;
  }
  if (!(t->flags & TW__F_SETTER)) {
    tw__lerp(m, t->type, t->target, a, b, e);
    return 0;
  }
  tw__lerp(m, t->type, out, a, b, e);
  set = t->rec->set;
  m->depth++;
  rc = set(t->target, out);
  m->depth--;
  if (!alive(m, s, gen))
    return -1;
  if (rc != 0) {
    m->st.setter_failures++;
    tw__kill_slot(m, s, 0);
    return -1;
  }
  return 0;
}

/* Fires ev if set; returns 1 if the tween is still alive after it. */
static int fire(tw_manager *m, uint32_t s, uint32_t gen, tw_event ev) {
  tw__tween *t = T(m, s);
  tw_callback fn;
  void *ud;
  tw_handle h;

  if (t->rec == NULL || t->rec->cb[ev].fn == NULL)
    return 1;
  fn = t->rec->cb[ev].fn;
  ud = t->rec->cb[ev].ud;
  h.index = s + 1;
  h.gen = gen;
  m->depth++;
  fn(m, h, ud);
  m->depth--;
  return alive(m, s, gen);
}

/* Reads the start value and fires START.  Returns 1 if the tween lives. */
static int start(tw_manager *m, uint32_t s, uint32_t gen) {
  tw__tween *t = T(m, s);
  size_t size = m->types[t->type].size;
  void *dst = (t->flags & TW__F_BIG) ? (void *)t->rec->big : (void *)&t->start;

  t->flags |= TW__F_STARTED;
  if (t->flags & TW__F_SETTER) {
    tw_getter_fn get = t->rec->get;
    if (t->flags & TW__F_BIG) {
      /* the getter writes into scratch, which no callback can reach */
      unsigned char *scratch = t->rec->big + 2 * size;
      m->depth++;
      get(t->target, scratch);
      m->depth--;
      if (!alive(m, s, gen))
        return 0;
      t = T(m, s);
      memcpy(t->rec->big, t->rec->big + 2 * size, size);
    } else {
      tw__value v;
      m->depth++;
      get(t->target, &v);
      m->depth--;
      if (!alive(m, s, gen))
        return 0;
      memcpy(&T(m, s)->start, &v, size);
    }
  } else {
    memcpy(dst, t->target, size);
  }
  return fire(m, s, gen, TW_ON_START);
}

/* Fires ev and tells whether the step may go on: the tween lives and no
 * callback moved it away from elapsed e. */
static int fire_step(tw_manager *m, uint32_t s, uint32_t gen, tw_event ev,
                     double e) {
  return fire(m, s, gen, ev) && T(m, s)->elapsed == e;
}

/* After a complete: kill an auto-kill tween, or pause the others. */
static void finish(tw_manager *m, uint32_t s, uint32_t gen, int was_playing) {
  tw__tween *t = T(m, s);

  if (t->flags & TW__F_AUTOKILL) {
    tw__kill_slot(m, s, 0);
    return;
  }
  t->flags &= ~(uint32_t)(TW__F_PLAYING | TW__F_PLAYED);
  if (was_playing)
    fire(m, s, gen, TW_ON_PAUSE);
}

/* The slow step: everything the fast path in tw_update leaves out.  dt is
 * already scaled by the manager. */
static void step(tw_manager *m, uint32_t s, double dt) {
  uint32_t gen = m->slots[s].gen;
  tw__tween *t = T(m, s);
  double old, e, total;
  int32_t k, done_old, done_new, n;
  double pos;
  int back, complete, rewound;

  if (!(t->flags & TW__F_PLAYING) || (t->flags & TW__F_COMPLETE))
    return;
  if (t->flags & TW__F_SCALED)
    dt *= t->rec->timescale;
  if (t->flags & TW__F_DELAYED) {
    tw__record *r = t->rec;
    r->delay_elapsed += dt;
    if (r->delay_elapsed < r->delay)
      return;
    dt = r->delay_elapsed - r->delay;
    r->delay_elapsed = r->delay;
    t->flags &= ~(uint32_t)TW__F_DELAYED;
  }
  if (!(t->flags & TW__F_STARTED)) {
    old = t->elapsed;
    if (!start(m, s, gen) || T(m, s)->elapsed != old)
      return;
    t = T(m, s);
  }
  if (!(t->flags & TW__F_PLAYED)) {
    old = t->elapsed;
    t->flags |= TW__F_PLAYED;
    if (!fire(m, s, gen, TW_ON_PLAY) || T(m, s)->elapsed != old)
      return;
    t = T(m, s);
    if (!(t->flags & TW__F_PLAYING) || (t->flags & TW__F_COMPLETE))
      return;
  }

  total = total_time(t);
  old = t->elapsed;
  back = (t->flags & TW__F_BACKWARDS) != 0;
  if (!back) {
    e = old + dt;
    if (t->loops > 0 && e >= total - total * TW__SNAP)
      e = total;
    complete = t->loops > 0 && e >= total;
    rewound = 0;
  } else {
    e = old - dt;
    if (e <= t->duration * TW__SNAP)
      e = 0;
    complete = 0;
    rewound = e <= 0;
  }
  t->elapsed = e;
  done_old = loops_done_at(t, old);
  if (complete)
    t->flags |= TW__F_COMPLETE;
  done_new = loops_done_at(t, e);
  n = done_new > done_old ? done_new - done_old : done_old - done_new;
  locate(t, e, &k, &pos);
  if (write_value(m, s, fraction(t, k, pos)) != 0)
    return;
  if (!fire_step(m, s, gen, TW_ON_UPDATE, e))
    return;
  if (rewound) {
    T(m, s)->flags &= ~(uint32_t)(TW__F_PLAYING | TW__F_PLAYED);
    if (!fire_step(m, s, gen, TW_ON_REWIND, e))
      return;
  }
  while (n-- > 0)
    if (!fire_step(m, s, gen, TW_ON_STEP_COMPLETE, e))
      return;
  if (complete) {
    if (!fire_step(m, s, gen, TW_ON_COMPLETE, e))
      return;
    finish(m, s, gen, 1);
  }
}

int tw_update(tw_manager *m, tw_update_type type, double dt,
              double unscaled_dt) {
  tw__tween *act;
  uint32_t i, end;
  double sdt;

  if (m == NULL || (unsigned)type > TW_UPDATE_MANUAL || !dur_ok(dt) ||
      !dur_ok(unscaled_dt))
    return TW_EINVAL;
  if (m->depth > 0 || m->busy > 0)
    return TW_EBUSY;
  tw__compact(m);
  sdt = dt * m->timescale;
  m->busy++;
  end = m->end;
  act = m->active;
  for (i = 0; i < end; i++) {
    tw__tween *t = &act[i];
    uint32_t f = t->flags;

    if (t->slot == TW__EMPTY || t->utype != type)
      continue;
    if ((f & (TW__F_SLOW | TW__F_PLAYING | TW__F_STARTED | TW__F_COMPLETE)) ==
        (TW__F_PLAYING | TW__F_STARTED)) {
      double e = t->elapsed + sdt, d = t->duration;
      if (e < d - d * TW__SNAP) {
        t->elapsed = e;
        if (f & TW__F_SETTER) {
          write_value(m, t->slot, ease_of(t, e, d));
          act = m->active;
        } else if (t->type == TW_TYPE_FLOAT) {
          float a = t->start.f[0];
          *(float *)t->target = a + (t->end.f[0] - a) * (float)ease_of(t, e, d);
        } else {
          tw__lerp(m, t->type, t->target, &t->start, &t->end,
                   ease_of(t, e, d));
        }
        continue;
      }
    }
    step(m, t->slot, (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
    act = m->active;
  }
  m->busy--;
  m->st.last_visited = end;
  return 0;
}

/* complete and kill */

static int complete_slot(tw_manager *m, uint32_t s) {
  uint32_t gen = m->slots[s].gen;
  tw__tween *t = T(m, s);
  int was_playing;
  double total;

  if (t->flags & TW__F_COMPLETE)
    return 0;
  if (t->loops < 0)
    return TW_EINFINITE;
  if (!(t->flags & TW__F_STARTED) && !start(m, s, gen))
    return 0;
  t = T(m, s);
  if (t->flags & TW__F_COMPLETE)
    return 0; /* a START callback completed it */
  total = total_time(t);
  was_playing = (t->flags & TW__F_PLAYING) != 0;
  t->flags &= ~(uint32_t)TW__F_DELAYED;
  t->flags |= TW__F_COMPLETE;
  t->elapsed = total;
  if (write_value(m, s, fraction(t, t->loops - 1, t->duration)) != 0)
    return 0;
  if (!fire_step(m, s, gen, TW_ON_COMPLETE, total))
    return 0;
  finish(m, s, gen, was_playing);
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
    if (!alive(m, s, gen))
      return 0;
  }
  idx = m->slots[s].index;
  t = &m->active[idx];
  rec = t->rec;
  if (rec != NULL)
    cb = rec->cb[TW_ON_KILL];
  recycle = (t->flags & TW__F_RECYCLABLE) != 0;
  t->slot = TW__EMPTY;
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
  if (complete_first && T(m, s)->loops < 0)
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
  fire(m, s, h.gen, TW_ON_PAUSE);
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
  return (int)loops_done_at(t, t->elapsed);
}

/* SPDX-License-Identifier: MIT */
/* Time: the update pass and one tween's step.
 *
 * A tween keeps one number, `elapsed`: the seconds it has played over all
 * its loops, delay excluded.  The loop it is in and the position inside
 * that loop are derived from it, so one update spanning several loops ends
 * exactly where many small updates end, and nothing can turn a reset into
 * a giant delta.  Accumulated dt within TW__SNAP (relative) of a loop
 * boundary or of the end counts as reaching it, so an hour of 60 Hz updates
 * completes on its last update, not one later.
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
 * tw_update: add dt, ease, write (or call its setter). */
#include "tween-private.h"

#include <math.h>

/* values */

/* The eases kept in the record: user function, CSS, keyframe curve. */
static double ease_ex(const tw__record *r, int ease, double x) {
  switch (ease) {
  case TW__EASE_FN:
    return r->ex.fn.fn(x, r->ex.fn.ud);
  case TW__EASE_BEZIER:
    return tw__cubic_bezier(r->ex.bezier[0], r->ex.bezier[1], r->ex.bezier[2],
                            r->ex.bezier[3], x);
  case TW__EASE_STEPS:
    return tw__steps(r->ex.steps.n, r->ex.steps.jump, x);
  default:
    return tw__curve(r->curve, r->ncurve, x);
  }
}

static double ease_of(const tw__tween *t, double pos, double d) {
  if (t->ease == TW_EASE_OUT_QUAD) {
    double x = pos / d;
    return x * (2.0 - x);
  }
  if (t->ease == TW_EASE_LINEAR)
    return pos / d;
  if (t->ease < TW_EASE_COUNT)
    return tw__ease(t->ease, pos, d,
                    t->rec != NULL ? t->rec->overshoot : 1.70158,
                    t->rec != NULL ? t->rec->period : 0.0);
  return ease_ex(t->rec, t->ease, pos / d);
}

/* The loop (0-based) and the position in it at elapsed e. */
void tw__locate(const tw__tween *t, double e, int32_t *k, double *pos) {
  double d = t->duration, q, f;

  if (t->loops > 0 && e >= tw__total_time(t)) {
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
int32_t tw__loops_done_at(const tw__tween *t, double e) {
  int32_t k;
  double pos;

  if (t->duration <= 0)
    return (t->flags & TW__F_COMPLETE) ? t->loops : 0;
  if (t->loops > 0 && e >= tw__total_time(t))
    return t->loops;
  tw__locate(t, e, &k, &pos);
  return k;
}

/* The interpolation fraction at loop k, position pos. */
double tw__fraction(const tw__tween *t, int32_t k, double pos) {
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

static int write_plain(tw_manager *m, uint32_t s, double e);

/* Writes the value at fraction e.  Returns 0, or -1 if the tween died
 * (its setter failed or killed it). */
int tw__write_value(tw_manager *m, uint32_t s, double e) {
  tw__tween *t = TW__T(m, s);

  if (t->flags & TW__F_SEQ) { /* e warps the timeline */
    double to = e * t->duration;
    return tw__seq_drive(m, s,
                         to < 0             ? 0
                         : to > t->duration ? t->duration
                                            : to);
  }
  return write_plain(m, s, e);
}

static int write_plain(tw_manager *m, uint32_t s, double e) {
  tw__tween *t = TW__T(m, s);
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
  set = t->set;
  m->depth++;
  rc = set(t->target, out);
  m->depth--;
  if (!tw__alive(m, s, gen))
    return -1;
  if (rc != 0) {
    m->st.setter_failures++;
    tw__kill_slot(m, s, 0);
    return -1;
  }
  return 0;
}

/* Fires ev if set; returns 1 if the tween is still alive after it. */
int tw__fire(tw_manager *m, uint32_t s, uint32_t gen, tw_event ev) {
  tw__tween *t = TW__T(m, s);
  tw_callback fn;
  void *ud;
  tw_handle h;

  if (t->rec == NULL || t->rec->cb[ev].fn == NULL || m->quiet > 0)
    return 1;
  fn = t->rec->cb[ev].fn;
  ud = t->rec->cb[ev].ud;
  h.index = s + 1;
  h.gen = gen;
  m->depth++;
  fn(m, h, ud);
  m->depth--;
  return tw__alive(m, s, gen);
}

/* Reads the target's current value (through the getter for setter
 * tweens) into out, which must not be reachable by callbacks.  Returns 1 if
 * the tween still lives after the getter. */
int tw__read_target(tw_manager *m, uint32_t s, uint32_t gen, void *out) {
  tw__tween *t = TW__T(m, s);
  size_t size = m->types[t->type].size;

  if (!(t->flags & TW__F_SETTER)) {
    memcpy(out, t->target, size);
    return 1;
  }
  m->depth++;
  t->rec->get(t->target, out);
  m->depth--;
  return tw__alive(m, s, gen);
}

/* Starts the tween: reads its start value from the target (unless it was
 * given), applies relative and speed-based, and fires START.  Returns 1 if
 * the tween lives. */
int tw__start(tw_manager *m, uint32_t s, uint32_t gen) {
  tw__tween *t = TW__T(m, s);
  size_t size = m->types[t->type].size;
  uint32_t f = t->flags;
  unsigned char *a, *b;

  t->flags |= TW__F_STARTED;
  if (!(f & TW__F_STARTSET)) {
    tw__value v;
    void *cur = (f & TW__F_BIG) ? (void *)tw__val(t, size, 2) : (void *)&v;
    if (!tw__read_target(m, s, gen, cur))
      return 0;
    t = TW__T(m, s);
    memcpy(tw__val(t, size, 0), cur, size);
  }
  a = tw__val(t, size, 0);
  b = tw__val(t, size, 1);
  if ((f & TW__F_RELATIVE) && !(f & TW__F_FROM)) /* from did its own */
    tw__add(t->type, b, a, b);
  if (f & TW__F_SPEED) {
    double speed = t->duration;
    t->duration = tw__distance(t->type, a, b) / speed;
    if (!tw__time_ok(t->duration))
      t->duration = 0; /* a NaN or infinite value goes nowhere */
    t->flags &= ~(uint32_t)TW__F_SPEED;
  }
  return tw__fire(m, s, gen, TW_ON_START);
}

/* Fires ev and tells whether the step may go on: the tween lives and no
 * callback moved it away from elapsed e. */
int tw__fire_step(tw_manager *m, uint32_t s, uint32_t gen, tw_event ev,
                  double e) {
  return tw__fire(m, s, gen, ev) && TW__T(m, s)->elapsed == e;
}

/* After a complete: kill an auto-kill tween, or pause the others. */
void tw__finish(tw_manager *m, uint32_t s, uint32_t gen, int was_playing) {
  tw__tween *t = TW__T(m, s);

  if (t->flags & TW__F_AUTOKILL) {
    tw__kill_slot(m, s, 0);
    return;
  }
  t->flags &= ~(uint32_t)(TW__F_PLAYING | TW__F_PLAYED);
  if (was_playing)
    tw__fire(m, s, gen, TW_ON_PAUSE);
}

/* The slow step: everything the fast path in tw_update leaves out.  dt is
 * already scaled by the manager. */
static void step(tw_manager *m, uint32_t s, double dt) {
  uint32_t gen = m->slots[s].gen;
  tw__tween *t = TW__T(m, s);
  double old, e, total;
  int back;

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
    if (!tw__start(m, s, gen) || TW__T(m, s)->elapsed != old)
      return;
    t = TW__T(m, s);
  }
  if (!(t->flags & TW__F_PLAYED)) {
    old = t->elapsed;
    t->flags |= TW__F_PLAYED;
    if (!tw__fire(m, s, gen, TW_ON_PLAY) || TW__T(m, s)->elapsed != old)
      return;
    t = TW__T(m, s);
    if (!(t->flags & TW__F_PLAYING) || (t->flags & TW__F_COMPLETE))
      return;
  }

  total = tw__total_time(t);
  old = t->elapsed;
  back = (t->flags & TW__F_BACKWARDS) != 0;
  if (!back) {
    e = old + dt;
    if (t->loops > 0 && e >= total - total * TW__SNAP)
      e = total;
  } else {
    e = old - dt;
    if (e <= t->duration * TW__SNAP)
      e = 0;
  }
  tw__advance(m, s, gen, e, back, 0);
}

/* Moves the tween in slot s to elapsed e (within [0, total]) in the given
 * direction: writes the value, then fires UPDATE, REWIND (reaching the
 * start backwards), STEP_COMPLETE once per loop crossed and COMPLETE
 * (reaching the end forwards).  A tween of the array then finishes (killed
 * or paused) and one that reached the start backwards pauses; a child of a
 * sequence (nested) is only marked complete, and only when it moved. */
void tw__advance(tw_manager *m, uint32_t s, uint32_t gen, double e, int back,
                 int nested) {
  tw__tween *t = TW__T(m, s);
  double old = t->elapsed, total = tw__total_time(t), pos;
  int32_t k, done_old, done_new, n;
  int complete, rewound;

  complete = !back && t->loops > 0 && e >= total &&
             !(nested && (t->flags & TW__F_COMPLETE));
  rewound = back && e <= 0 && (!nested || old > 0);
  if (back)
    t->flags &= ~(uint32_t)TW__F_COMPLETE;
  t->elapsed = e;
  done_old = tw__loops_done_at(t, old);
  if (complete)
    t->flags |= TW__F_COMPLETE;
  done_new = tw__loops_done_at(t, e);
  n = done_new > done_old ? done_new - done_old : done_old - done_new;
  if ((t->flags & TW__F_SEQ) && !back && n > 0) {
    /* a sequence ends each loop it crosses, as small steps would: a
     * restarting one then rewinds its children silently, and comes back
     * to its timeline as new (callbacks at 0 fire again) */
    int yoyo = t->rec->loop_type == TW_LOOP_YOYO;
    int32_t i, last = complete ? n - 1 : n;
    for (i = 0; i < last; i++) {
      int rc;
      int32_t ended = done_old + i;
      if (tw__seq_drive(m, s, yoyo && (ended & 1) ? 0 : t->duration) != 0)
        return;
      if (!yoyo) {
        m->quiet++;
        rc = tw__seq_drive(m, s, 0);
        m->quiet--;
        if (rc != 0)
          return;
        TW__T(m, s)->rec->seq_t = -1;
      }
      t = TW__T(m, s);
    }
  }
  tw__locate(t, e, &k, &pos);
  if (tw__write_value(m, s, tw__fraction(t, k, pos)) != 0)
    return;
  if (!tw__fire_step(m, s, gen, TW_ON_UPDATE, e))
    return;
  if (rewound) {
    if (!nested)
      TW__T(m, s)->flags &= ~(uint32_t)(TW__F_PLAYING | TW__F_PLAYED);
    if (!tw__fire_step(m, s, gen, TW_ON_REWIND, e))
      return;
  }
  t = TW__T(m, s);
  if (t->rec == NULL || t->rec->cb[TW_ON_STEP_COMPLETE].fn == NULL ||
      m->quiet > 0)
    n = 0; /* nothing to call: a year of 10 ms loops costs nothing */
  while (n-- > 0)
    if (!tw__fire_step(m, s, gen, TW_ON_STEP_COMPLETE, e))
      return;
  if (complete) {
    if (!tw__fire_step(m, s, gen, TW_ON_COMPLETE, e))
      return;
    if (!nested)
      tw__finish(m, s, gen, 1);
  }
}

/* Float components of the built-in types (0: not made of floats). */
static const unsigned char float_parts[TW_TYPE_FIRST_CUSTOM] = {
    0, 1, 0, 0, 2, 3, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0};

/* The fast path's write of fraction y for a tween bound by pointer.  A
 * loop over the components, not a switch on the type: mixed types in the
 * array would make a switch mispredict on every tween. */
static void write_fast(const tw_manager *m, tw__tween *t, double y) {
  unsigned n = t->type < TW_TYPE_FIRST_CUSTOM ? float_parts[t->type] : 0, k;

  if (y == 1.0) { /* as tw__lerp: the end value exactly */
    memcpy(t->target, &t->end, m->types[t->type].size);
  } else if (n != 0) {
    float f = (float)y, *out = t->target;
    const float *a = t->start.f, *b = t->end.f;
    for (k = 0; k < n; k++)
      out[k] = a[k] + (b[k] - a[k]) * f;
  } else if (t->type == TW_TYPE_DOUBLE) {
    double *o = t->target, x = t->start.d[0];
    *o = x + (t->end.d[0] - x) * y;
  } else {
    tw__lerp(m, t->type, t->target, &t->start, &t->end, y);
  }
}

/* The fast path's write through a setter, for the tween at index i; a
 * failing setter kills.  During a pass nothing moves, so the tween still
 * lives after the call if and only if index i still holds its slot. */
static void set_fast(tw_manager *m, uint32_t i, double y) {
  tw__tween *t = &m->active[i];
  uint32_t s = t->slot;
  tw__value v;
  int rc;

  if (t->type == TW_TYPE_FLOAT && y != 1.0) {
    float a = t->start.f[0];
    v.f[0] = a + (t->end.f[0] - a) * (float)y;
  } else {
    tw__lerp(m, t->type, &v, &t->start, &t->end, y);
  }
  rc = t->set(t->target, &v); /* busy > 0 already refuses what depth would */
  if (rc != 0 && m->active[i].slot == s) {
    m->st.setter_failures++;
    tw__kill_slot(m, s, 0);
  }
}

int tw_update(tw_manager *m, tw_update_type type, double dt,
              double unscaled_dt) {
  tw__tween *act;
  uint32_t i, end;
  double sdt;

  if (m == NULL || (unsigned)type > TW_UPDATE_MANUAL || !tw__time_ok(dt) ||
      !tw__time_ok(unscaled_dt))
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
    uint32_t f;
    double e, d, x;

    if (t->utype != type) /* holes carry TW__HOLE */
      continue;
    f = t->flags;
    if ((f & (TW__F_SLOW | TW__F_PLAYING | TW__F_STARTED | TW__F_COMPLETE |
              TW__F_PLAIN | TW__F_INDEPENDENT)) ==
        (TW__F_PLAYING | TW__F_STARTED | TW__F_PLAIN)) {
      e = t->elapsed + sdt;
      x = e / t->duration;
      if (x < 1.0 - TW__SNAP) {
        float a = t->start.f[0];
        double y = x * (2.0 - x);
        t->elapsed = e;
        *(float *)t->target =
            y != 1.0 ? a + (t->end.f[0] - a) * (float)y : t->end.f[0];
        continue;
      }
    }
    if ((f & (TW__F_SLOW | TW__F_PLAYING | TW__F_STARTED | TW__F_COMPLETE)) ==
        (TW__F_PLAYING | TW__F_STARTED)) {
      e = t->elapsed + ((f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
      d = t->duration;
      x = e / d; /* a zero duration gives inf or NaN: slow path */
      if (x < 1.0 - TW__SNAP) {
        double y =
            t->ease == TW_EASE_OUT_QUAD ? x * (2.0 - x) : ease_of(t, e, d);
        t->elapsed = e;
        if (f & TW__F_SETTER) {
          set_fast(m, i, y);
          act = m->active;
        } else {
          write_fast(m, t, y);
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

/* SPDX-License-Identifier: MIT */
/* The update pass: one walk of the active array, in creation order.
 *
 * tw_update compacts the array first, then visits every slot below `end`
 * (its walk's cursor, which a compaction inside a callback moves, see
 * manager.c).  Holes and tweens of
 * other update types fail one compare of their update-type byte.  A
 * started, playing tween with no record-held features (no callbacks,
 * delay, loops, own time scale, big value; see TW__F_SLOW) that stays
 * short of its end is advanced inline here: add dt, ease, write through
 * the one lerp of types.c (or call its setter).  That is tw__step's middle
 * part for the commonest tweens, and runs none of the program's code but a
 * setter, as the last thing done for that tween.  Everything else (start,
 * delay, loops, callbacks, the end) is tw__step, in life.c.
 *
 * A tween created during the pass is appended past `end` as read at the
 * start, so it first runs on the next update.  A setter or callback may
 * grow the array: the walk reads `active` afresh after each. */
#include "tween-private.h"

/* The fast path's write of fraction y for a tween bound by pointer.  A
 * loop over the components, not a switch on the type: mixed types in the
 * array would make a switch mispredict on every tween. */
static void write_fast(const tw_manager *m, tw__tween *t, double y) {
  unsigned n = m->types[t->type].floats, k;

  if (n != 0) {
    float *out = t->target;
    for (k = 0; k < n; k++)
      out[k] = tw__lerpf(t->start.f[k], t->end.f[k], y);
  } else if (t->type == TW_TYPE_DOUBLE) {
    *(double *)t->target = tw__lerpd(t->start.d[0], t->end.d[0], y);
  } else {
    tw__lerp(m, t->type, t->target, &t->start, &t->end, y);
  }
}

/* The fast path's write through a setter; a failing setter kills. */
static void set_fast(tw_manager *m, tw__tween *t, double y) {
  uint32_t s = t->slot, gen = m->slots[s].gen;
  tw__value v;
  int rc;

  if (t->type == TW_TYPE_FLOAT)
    v.f[0] = tw__lerpf(t->start.f[0], t->end.f[0], y);
  else
    tw__lerp(m, t->type, &v, &t->start, &t->end, y);
  rc = t->set(t->target, &v); /* busy > 0 already refuses what depth would */
  if (rc != 0 && tw__alive(m, s, gen))
    tw__setter_failed(m, s);
}

int tw_update(tw_manager *m, tw_update_type type, double dt,
              double unscaled_dt) {
  tw__tween *act;
  tw__walk w;
  uint32_t i, end;
  double sdt;

  if (m == NULL || (unsigned)type > TW_UPDATE_MANUAL || !tw__time_ok(dt) ||
      !tw__time_ok(unscaled_dt))
    return TW_EINVAL;
  if (m->depth > 0 || m->busy > 0)
    return TW_EBUSY;
  tw__compact(m);
  sdt = tw__sat(dt * m->timescale);
  tw__walk_begin(m, &w);
  end = w.end;
  act = m->active;
  for (i = 0; i < end; i++) {
    tw__tween *t = &act[i];
    uint32_t f;
    double e, d, x;

    if (t->utype != type) /* holes carry TW__HOLE */
      continue;
    f = t->flags;
    if ((f & (TW__F_SLOW | TW__F_RUN | TW__F_PLAIN | TW__F_INDEPENDENT)) ==
        (TW__F_RUNNING | TW__F_PLAIN)) {
      e = t->elapsed + sdt;
      x = e / t->duration;
      if (x < 1.0 - TW__SNAP) {
        t->elapsed = e;
        *(float *)t->target =
            tw__lerpf(t->start.f[0], t->end.f[0], tw__out_quad(x));
        continue;
      }
    }
    if ((f & (TW__F_SLOW | TW__F_RUN)) == TW__F_RUNNING) {
      e = t->elapsed + ((f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
      d = t->duration;
      x = e / d; /* a zero duration gives inf or NaN: slow path */
      if (x < 1.0 - TW__SNAP) {
        double y = t->ease == TW_EASE_OUT_QUAD ? tw__out_quad(x)
                                               : tw__ease_at(t, e, d);
        t->elapsed = e;
        if (f & TW__F_SETTER) {
          w.i = i;
          set_fast(m, t, y);
          i = w.i; /* the program's code may have moved the array */
          end = w.end;
          act = m->active;
        } else {
          write_fast(m, t, y);
        }
        continue;
      }
    }
    w.i = i;
    tw__step(m, t->slot, (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
    i = w.i;
    end = w.end;
    act = m->active;
  }
  tw__walk_end(m);
  m->st.last_visited = end;
  return 0;
}

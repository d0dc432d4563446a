/* SPDX-License-Identifier: MIT */
/* The update pass: one walk of the active array, in creation order.
 *
 * tw_update visits every slot below `end`.  Holes and tweens of other
 * update types fail one compare of their update-type byte.  When the
 * holes are many (tw__compact_due), the pass also compacts as it goes:
 * each survivor is shifted over the holes just before its visit, so it
 * is written once, to its new place (manager.c says how).  A
 * started, playing tween with no record-held features (no callbacks,
 * delay, loops, own time scale, big value; see TW__F_SLOW) that stays
 * short of its end is advanced inline here: add dt, ease, write through
 * the one lerp of types.c (or call its setter).  That is tw__step's middle
 * part for the commonest tweens, and runs none of the program's code but a
 * setter, as the last thing done for that tween.  Everything else (start,
 * delay, loops, callbacks, the end) is tw__step, in life.c, but for the
 * start and the end of a plain tween (a float by pointer, OutQuad, nothing
 * else set), which are inline too.  Runs of running plain tweens, and of
 * running float vectors by pointer with nothing for the slow step, go
 * through one inner loop that calls nothing (run_inline), so that the
 * array and dt stay in registers; the first tween it cannot take goes to
 * visit, and the loop picks up again after it.
 *
 * A tween created during the pass is appended past `end` as read at the
 * start, so it first runs on the next update.  A setter or callback may
 * grow the array: the walk reads `active` afresh after each.  It may also,
 * by creating tweens when the array is full to its end, compact it: the
 * pass's walk cursor (tw__walk) then moves with the tweens, see
 * manager.c. */
#include "tween-private.h"

/* Writes the n float components of a vector at fraction y between its
 * wide values: with tw__lerpf_in, one test of y for all components, when y
 * is strictly between its ends. */
static TW__INLINE void write_floats(float *out, const tw__wide *w, unsigned n,
                                    double y) {
  unsigned k;

  if (y > 0.0 && y < 1.0)
    for (k = 0; k < n; k++)
      out[k] = tw__lerpf_in(w->start.f[k], w->end.f[k], y);
  else
    for (k = 0; k < n; k++)
      out[k] = tw__lerpf(w->start.f[k], w->end.f[k], y);
}

/* The fast path's write of fraction y for a tween bound by pointer.  A
 * loop over the components, not a switch on the type: mixed types in the
 * array would make a switch mispredict on every tween. */
static void write_fast(const tw_manager *m, tw__tween *t, uint32_t idx,
                       double y) {
  unsigned n = m->types[t->type].floats;
  size_t size;

  if (n == 1) {
    *(float *)t->target = tw__lerpf(t->sv.f, t->ev.f, y);
  } else if (n != 0) {
    write_floats(t->target, &m->wide[idx], n, y);
  } else if (t->type == TW_TYPE_DOUBLE) {
    const tw__wide *w = &m->wide[idx];
    *(double *)t->target = tw__lerpd(w->start.d[0], w->end.d[0], y);
  } else {
    size = m->types[t->type].size;
    tw__lerp(m, t->type, t->target, tw__val(m, t, size, TW__START),
             tw__val(m, t, size, TW__END), y);
  }
}

/* The fast path's write through a setter: returns the setter's result.
 * Inline, so that the pass's registers serve it. */
static TW__INLINE int set_fast(const tw_manager *m, tw__tween *t, uint32_t idx,
                               double y) {
  tw__value v;
  size_t size;

  if (t->type == TW_TYPE_FLOAT) {
    v.f[0] = tw__lerpf(t->sv.f, t->ev.f, y);
  } else {
    size = m->types[t->type].size;
    tw__lerp(m, t->type, &v, tw__val(m, t, size, TW__START),
             tw__val(m, t, size, TW__END), y);
  }
  /* busy > 0 refuses what depth would */
  return m->aset[idx](t->target, &v);
}

/* A plain tween's first step, inline: what tw__step and tw__start do for
 * it (no delay, no record-held feature, no callback to fire).  Read the
 * start value unless it was given; from, relative and speed-based tweens
 * take the slow path, and so does an overwriting tween with an older one
 * on its key to kill. */
#define TW__PLAIN_START (TW__F_FROM | TW__F_RELATIVE | TW__F_SPEED)

/* The flags that decide the shortest path: a running plain tween (see
 * TW__F_RUN) with nothing that needs the slow step. */
#define TW__FAST (TW__F_SLOW | TW__F_RUN | TW__F_PLAIN | TW__F_INDEPENDENT)

/* The flags of a plain tween's first step: playing, not started. */
#define TW__FIRST                                                              \
  (TW__F_SLOW | TW__F_PLAYING | TW__F_STARTED | TW__F_COMPLETE | TW__F_PLAIN | \
   TW__F_INDEPENDENT | TW__PLAIN_START)

/* A plain tween's first step, when its flags f are TW__FIRST's plain case
 * (playing, not started, nothing else set): reads its start unless it was
 * given, and marks it started and played.  Returns 0 when the slow step
 * must start it instead: an overwriting tween with an older one on its
 * key, or a start value that is not near (then it is no longer plain). */
static TW__INLINE int start_plain(tw_manager *m, tw__tween *t, uint32_t idx,
                                  uint32_t f) {
  float v;

  if ((f & TW__F_OVERWRITE) && tw__keys_older(m, m->aslot[idx]))
    return 0;
  if (!(f & TW__F_STARTSET)) {
    v = *(float *)t->target;
    if (!tw__near(v)) {
      t->flags = f & ~(uint32_t)TW__F_PLAIN;
      return 0;
    }
    t->sv.f = v;
  }
  t->flags = f | TW__F_STARTED | TW__F_PLAYED;
  return 1;
}

/* A running plain tween's step short of its end (x < 1 - TW__SNAP): the
 * shortest path of all.  Its ends are near (tw__near), x in [0, 1):
 * nothing to look out for. */
static TW__INLINE void step_plain(tw__tween *t, double e, double x) {
  t->elapsed = e;
  *(float *)t->target = t->sv.f + (t->ev.f - t->sv.f) * (float)tw__out_quad(x);
}

/* The end of a plain tween whose step reaches its end exactly as tw__step
 * would find it (one loop, forwards, no callbacks): at its end, complete,
 * then killed or paused.  Returns 0 if it is not at its end, when the slow
 * step must decide. */
static int finish_plain(tw_manager *m, tw__tween *t, uint32_t idx, double e) {
  double d = t->duration;

  if (e < d - d * TW__SNAP)
    return 0;
  tw__move(t, d);
  t->flags |= TW__F_COMPLETE;
  *(float *)t->target = t->ev.f;
  tw__finish(m, m->aslot[idx], 0); /* no PAUSE callback: it has none */
  return 1;
}

/* What visit returns: bits. */
enum {
  TW__V_LIVES = 1, /* the tween lives after its update */
  TW__V_RAN = 2    /* the program's code ran: the array may have moved */
};

/* One tween's update, the one at index idx, of the pass's type.  The
 * walk's cursor is set to idx before any code of the program runs.
 * Returns TW__V_ bits.  Inline: the two loops of tw_update each get
 * their own copy. */
static TW__INLINE int visit(tw_manager *m, tw__walk *w, uint32_t idx,
                            double sdt, double unscaled_dt) {
  tw__tween *t = &m->active[idx];
  uint32_t f = t->flags, s, gen;
  double e, d, x;

  if ((f & TW__FAST) != (TW__F_RUNNING | TW__F_PLAIN)) {
    if ((f & (TW__F_SLOW | TW__F_RUN)) == TW__F_RUNNING)
      goto general;
    if ((f & TW__FIRST) != (TW__F_PLAYING | TW__F_PLAIN) ||
        !start_plain(m, t, idx, f)) {
      f = t->flags;
      goto slow;
    }
  }
  e = t->elapsed + sdt;
  x = e / t->duration;
  if (x < 1.0 - TW__SNAP) {
    step_plain(t, e, x);
    return TW__V_LIVES;
  }
  s = m->aslot[idx];
  gen = m->slots[s].gen;
  if (finish_plain(m, t, idx, e)) /* runs no code of the program */
    return tw__alive(m, s, gen) ? TW__V_LIVES : 0;
  f = t->flags;
  goto slow;
general: /* running, with nothing for the slow step */
  e = t->elapsed + ((f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
  d = t->duration;
  x = e / d; /* a zero duration gives inf or NaN: slow path */
  if (x < 1.0 - TW__SNAP) {
    double y =
        t->ease == TW_EASE_OUT_QUAD ? tw__out_quad(x) : tw__ease_at(t, e, d);
    t->elapsed = e;
    if (!(f & TW__F_SETTER)) {
      write_fast(m, t, idx, y);
      return TW__V_LIVES;
    }
    s = m->aslot[idx];
    gen = m->slots[s].gen;
    w->i = idx;
    if (set_fast(m, t, idx, y) != 0 && tw__alive(m, s, gen))
      tw__setter_failed(m, s); /* a failing setter kills */
    return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
  }
slow:
  s = m->aslot[idx];
  gen = m->slots[s].gen;
  w->i = idx;
  tw__step(m, s, (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
  return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
}

/* The pass's inner loop over a run of tweens that need nothing but their
 * values written, and of the entries it skips (holes, other update
 * types): plain tweens (their first step too), and running tweens of
 * float vectors by pointer with nothing for the slow step, each short of
 * its end.  It does what visit's shortest paths do for them, in a loop
 * that runs no code of the program, so that the array, dt and the update
 * type stay in registers.  Returns the index of the first entry it leaves
 * to visit (or end).  Setters stay with visit: calling them from this
 * loop measured slower for every tween. */
static TW__INLINE uint32_t run_inline(tw_manager *m, uint32_t i, uint32_t end,
                                      unsigned type, double sdt) {
  tw__tween *a = m->active;

  for (; i < end; i++) {
    tw__tween *t = &a[i];
    uint32_t f;
    double e, x, y;
    unsigned n;
    if (t->utype != type)
      continue;
    f = t->flags;
    if ((f & TW__FAST) != (TW__F_RUNNING | TW__F_PLAIN)) {
      if ((f & TW__FIRST) == (TW__F_PLAYING | TW__F_PLAIN)) {
        if (!start_plain(m, t, i, f))
          break; /* visit takes it the slow way */
      } else {
        if ((f & (TW__F_SLOW | TW__F_RUN | TW__F_SETTER | TW__F_INDEPENDENT)) !=
                TW__F_RUNNING ||
            (n = m->types[t->type].floats) < 2)
          break; /* anything else: visit */
        e = t->elapsed + sdt;
        x = e / t->duration;
        if (!(x < 1.0 - TW__SNAP))
          break;
        y = t->ease == TW_EASE_OUT_QUAD ? tw__out_quad(x)
                                        : tw__ease_at(t, e, t->duration);
        t->elapsed = e;
        write_floats(t->target, &m->wide[i], n, y);
        continue;
      }
    }
    e = t->elapsed + sdt; /* a running plain tween */
    x = e / t->duration;
    if (!(x < 1.0 - TW__SNAP))
      break;
    step_plain(t, e, x);
  }
  return i;
}

int tw_update(tw_manager *m, tw_update_type type, double dt,
              double unscaled_dt) {
  tw__walk w;
  uint32_t i, end, dst;
  double sdt;

  if (m == NULL || (unsigned)type > TW_UPDATE_MANUAL || !tw__time_ok(dt) ||
      !tw__time_ok(unscaled_dt))
    return TW_EINVAL;
  if (m->depth > 0 || m->busy > 0)
    return TW_EBUSY;
  sdt = tw__sat(dt * m->timescale);
  tw__walk_begin(m, &w);
  end = w.end;
  if (!tw__compact_due(m)) { /* the holes stay: nothing moves */
    for (i = 0; i < end; i++) {
      i = run_inline(m, i, end, (unsigned)type, sdt);
      if (i < end && (visit(m, &w, i, sdt, unscaled_dt) & TW__V_RAN))
        i = w.i, end = w.end; /* as a compaction may have moved them */
    }
    dst = end;
  } else {
    size_t c = m->st.compactions;
    for (i = 0, dst = 0; i < end; i++) {
      tw__tween *t = &m->active[i];
      int r;
      if (t->utype != type) { /* a hole, or another update type */
        if (m->aslot[i] != TW__EMPTY && dst++ != i)
          tw__shift(m, i, dst - 1);
        continue;
      }
      if (dst != i)
        tw__shift(m, i, dst);
      t = &m->active[dst];
      if ((t->flags & TW__FAST) == (TW__F_RUNNING | TW__F_PLAIN)) {
        double e = t->elapsed + sdt, x = e / t->duration;
        if (x < 1.0 - TW__SNAP) { /* visit's shortest path, inline */
          step_plain(t, e, x);
          dst++;
          continue;
        }
      }
      r = visit(m, &w, dst, sdt, unscaled_dt);
      if ((r & TW__V_RAN) && m->st.compactions != c) {
        c = m->st.compactions; /* a callback compacted all: go on */
        i = w.i, dst = w.i + 1, end = w.end; /* past the tween, or before
                                                the next survivor */
      } else if (r & TW__V_LIVES) {
        dst++; /* else its place is free again */
      }
    }
  }
  tw__walk_end(m);
  m->st.last_visited = end;
  tw__drop_tail(m, dst, end);
  return 0;
}

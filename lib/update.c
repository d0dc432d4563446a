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
 * array and dt stay in registers; runs of running setter tweens short of
 * their end through a loop of their own (run_setters), which reads the
 * array again after each setter; the first tween neither can take goes
 * to visit, and the loops pick up again after it.
 *
 * A tween created during the pass is appended past `end` as read at the
 * start, so it first runs on the next update.  A setter or callback may
 * grow the array: the walk reads `active` afresh after each.  It may also,
 * by creating tweens when the array is full to its end, compact it: the
 * pass's walk cursor (tw__walk) then moves with the tweens, see
 * manager.c. */
#include "life.h"

/* Writes the n float components of a vector at fraction y between its
 * wide values: one test of y for all components, when y is strictly
 * between its ends; then, when its ends are near (near: TW__F_NEAR, see
 * tw__ends_near), without looking, as a plain float is (a + (b - a) y
 * between near ends cannot overflow: what tw__lerpf_in gives, bit for
 * bit), else with tw__lerpf_in. */
static TW__INLINE void write_floats(float *out, const tw__wide *w, unsigned n,
                                    double y, int near) {
  unsigned k;

  if (y > 0.0 && y < 1.0 && near) {
    /* the four lanes in one pass, which a compiler does at once (those
     * past n computed, never written out); then the n of them, n being
     * 2, 3 or 4 */
    float f = (float)y, r[4];
    for (k = 0; k < 4; k++)
      r[k] = w->start.f[k] + (w->end.f[k] - w->start.f[k]) * f;
    out[0] = r[0];
    out[1] = r[1];
    if (n > 2) {
      out[2] = r[2];
      if (n > 3)
        out[3] = r[3];
    }
  } else if (y > 0.0 && y < 1.0)
    for (k = 0; k < n; k++)
      out[k] = tw__lerpf_in(w->start.f[k], w->end.f[k], y);
  else
    for (k = 0; k < n; k++)
      out[k] = tw__lerpf(w->start.f[k], w->end.f[k], y);
}

/* The fast path's write of fraction y for a tween bound by pointer.  A
 * loop over the components, not a switch on the type: mixed types in the
 * array would make a switch mispredict on every tween. */
static void write_fast(const tw_manager *m, tw__tween *t, const tw__hot *h,
                       uint32_t idx, double y) {
  unsigned n = m->types[t->type].floats;
  size_t size;

  if (n == 1) {
    *(float *)h->target = tw__lerpf(h->sv.f, h->ev.f, y);
  } else if (n != 0) {
    write_floats(h->target, &m->wide[idx], n, y, (t->flags & TW__F_NEAR) != 0);
  } else if (t->type == TW_TYPE_DOUBLE) {
    const tw__wide *w = &m->wide[idx];
    *(double *)h->target = tw__lerpd(w->start.d[0], w->end.d[0], y);
  } else {
    size = m->types[t->type].size;
    tw__lerp(m, t->type, h->target, tw__val(m, t, size, TW__START),
             tw__val(m, t, size, TW__END), y);
  }
}

/* The fast path's write through a setter: returns the setter's result.
 * A float strictly between its ends, its ends near (TW__F_NEAR), without
 * looking, as write_floats does a vector's: what tw__lerpf gives there,
 * bit for bit.  Inline, so that the pass's registers serve it. */
static TW__INLINE int set_fast(const tw_manager *m, tw__tween *t,
                               const tw__hot *h, uint32_t idx, double y) {
  tw__value v;
  size_t size;

  if (t->type == TW_TYPE_FLOAT) {
    if (y > 0.0 && y < 1.0 && (t->flags & TW__F_NEAR))
      v.f[0] = h->sv.f + (h->ev.f - h->sv.f) * (float)y;
    else
      v.f[0] = tw__lerpf(h->sv.f, h->ev.f, y);
  } else {
    size = m->types[t->type].size;
    tw__lerp(m, t->type, &v, tw__val(m, t, size, TW__START),
             tw__val(m, t, size, TW__END), y);
  }
  /* busy > 0 refuses what depth would */
  return m->aset[idx](h->target, &v);
}

/* A running tween's step by dt short of its end, on a fast path: its
 * eased fraction into *y and its elapsed time *el moved, or 0 and nothing
 * changed when the step reaches its end (a zero duration gives inf or
 * NaN: the same), which the slow step decides. */
static TW__INLINE int step_running(const tw_manager *m, tw__tween *t,
                                   const tw__hot *h, double *el, double dt,
                                   double *y) {
  double e = *el + dt, d = h->duration, x = e / d;

  if (!(x < 1.0 - TW__SNAP))
    return 0;
  *y = t->ease == TW_EASE_OUT_QUAD ? tw__out_quad(x) : tw__ease_at(m, t, e, d);
  *el = e;
  return 1;
}

/* Writes fraction y of the running setter tween at index idx through its
 * setter (set_fast), the walk w's cursor past it first; a setter that
 * fails kills it.  Its slot and generation before the call into *ps and
 * *pgen: the program's code ran, which may have killed it. */
static TW__INLINE void set_running(tw_manager *m, tw__walk *w, tw__tween *t,
                                   const tw__hot *h, uint32_t idx, double y,
                                   uint32_t *ps, uint32_t *pgen) {
  uint32_t s = m->aslot[idx], gen = m->slots[s].gen;

  w->next = idx + 1;
  if (set_fast(m, t, h, idx, y) != 0 && tw__alive(m, s, gen))
    tw__setter_failed(m, s); /* a failing setter kills */
  *ps = s;
  *pgen = gen;
}

/* The flags of a running setter tween with nothing for the slow step. */
#define TW__SETTER_MASK                                                        \
  (TW__F_SLOW | TW__F_RUN | TW__F_SETTER | TW__F_INDEPENDENT)
#define TW__SETTER_RUNNING (TW__F_RUNNING | TW__F_SETTER)

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
 * key, or a start value that is not near, or -0.0 (tw__plain_start: then
 * it is no longer plain). */
static TW__INLINE int start_plain(tw_manager *m, tw__tween *t, tw__hot *h,
                                  uint32_t f) {
  float v;

  if ((f & TW__F_OVERWRITE) && tw__keys_older(m, m->aslot[t - m->active]))
    return 0;
  if (!(f & TW__F_STARTSET)) {
    v = *(float *)h->target;
    if (!tw__plain_start(v)) {
      t->flags = f & ~(uint32_t)TW__F_PLAIN;
      return 0;
    }
    h->sv.f = v;
  }
  t->flags = f | TW__F_STARTED | TW__F_PLAYED;
  return 1;
}

/* A running plain tween's step short of its end (x < 1 - TW__SNAP), to
 * elapsed e (into *el): the shortest path of all.  Its ends are near
 * (tw__near), x in [0, 1): nothing to look out for.  Its hot part is only
 * read. */
static TW__INLINE void step_plain(const tw__hot *h, double *el, double e,
                                  double x) {
  *el = e;
  *(float *)h->target = h->sv.f + (h->ev.f - h->sv.f) * (float)tw__out_quad(x);
}

/* The end of a plain tween whose step reaches its end exactly as tw__step
 * would find it (one loop, forwards, no callbacks): at its end, complete,
 * then killed or paused.  Returns 0 if it is not at its end, when the slow
 * step must decide. */
static TW__INLINE int finish_plain(tw_manager *m, tw__tween *t, tw__hot *h,
                                   uint32_t idx, double e) {
  double d = h->duration;

  if (e < d - d * TW__SNAP)
    return 0;
  tw__move(m, t, d);
  t->flags |= TW__F_COMPLETE;
  *(float *)h->target = h->ev.f;
  tw__wrote(m, m->aslot[idx]);     /* it stops writing: when, for tw_writer */
  tw__finish(m, m->aslot[idx], 0); /* no PAUSE callback: it has none */
  return 1;
}

/* What visit returns: bits. */
enum {
  TW__V_LIVES = 1, /* the tween lives after its update */
  TW__V_RAN = 2    /* the program's code ran: the array may have moved */
};

/* The flags of a running tween retargeted additively (rec->extra
 * TW__EXTRA_ADD) with nothing else for the slow step. */
#define TW__ADD_RUNNING (TW__F_RUNNING | TW__F_EXTRA)

/* The step by dt of the tween at index idx, running, retargeted
 * additively, with nothing else for the slow step, short of its end: what
 * tw__step, tw__advance and tw__write_value do for it (the time added, the
 * value of retarget.c written, through its setter if it has one, which
 * kills it if it fails), the walk w's cursor past it before a setter
 * runs.  Returns TW__V_ bits, or -1 (nothing changed) when the step
 * reaches its end, which the slow step decides. */
static TW__NOINLINE int step_add(tw_manager *m, tw__walk *w, tw__tween *t,
                                 tw__hot *h, uint32_t idx, double dt) {
  double e = m->elapsed[idx] + dt;
  uint32_t s = m->aslot[idx], gen;
  tw__record *r = m->arec[idx]; /* tw__rec's, of a tween of the array */
  tw__value v;

  if (!(e / h->duration < 1.0 - TW__SNAP))
    return -1;
  m->elapsed[idx] = e; /* tw__move's */
  r->moves++;
  r->elapsed_c = 0;
  tw__wrote(m, s);
  if (t->type == TW_TYPE_FLOAT)
    v.f[0] = tw__add_float(m, t, r, e); /* tw__add_value's float */
  else
    tw__add_value(m, t, &v, e);
  if (!(t->flags & TW__F_SETTER)) {
    if (t->type == TW_TYPE_FLOAT)
      *(float *)h->target = v.f[0];
    else
      memcpy(h->target, &v, m->types[t->type].size);
    return TW__V_LIVES;
  }
  gen = m->slots[s].gen;
  w->next = idx + 1;
  if (r->set(h->target, &v) != 0 && tw__alive(m, s, gen))
    tw__setter_failed(m, s); /* a failing setter kills */
  return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
}

/* A head (flags, type, ease, update type) as 8 bytes, so that one
 * compare tests its flags, type and update type at once. */
static inline uint64_t head_bits(const tw__tween *t) {
  uint64_t b;

  memcpy(&b, t, sizeof b);
  return b;
}

/* The bits of a head that head_bits' compare reads: the flags in mask,
 * the type and the update type whole (the ease not). */
static inline uint64_t head_mask(uint32_t mask) {
  tw__tween k;

  k.flags = mask;
  k.type = 0xFFFF;
  k.ease = 0;
  k.utype = 0xFF;
  return head_bits(&k);
}

/* The head of update type `type` with flags f and value type `vtype`,
 * the ease 0 (as head_mask leaves it). */
static inline uint64_t head_want(uint32_t f, int vtype, unsigned type) {
  tw__tween k;

  k.flags = f;
  k.type = (uint16_t)vtype;
  k.ease = 0;
  k.utype = (uint8_t)type;
  return head_bits(&k);
}

/* The update's inner loop for a run of running setter tweens (visit's
 * setter path), from entry i, the first of them: each short of its end
 * written through its setter, the entries of other update types and the
 * holes skipped.  A loop of its own, out of line, so that its registers
 * are not the plain floats' loop's: the program's code runs at each
 * tween, so the cursor (set past the tween first) and the arrays are
 * read again after each.  The commonest, a float whose ends are near,
 * is known by one compare of its head (head_bits) and written as
 * set_fast writes it there; a float setter retargeted additively takes
 * visit's step_add, without visit's tests.  Returns the index of the first
 * entry it leaves (or the walk's end): a tween that is not a running setter, or
 * one whose step reaches its end, for visit. */
static TW__NOINLINE uint32_t run_setters(tw_manager *m, tw__walk *w, uint32_t i,
                                         unsigned type, double sdt) {
  const uint64_t mask = head_mask(TW__SETTER_MASK | TW__F_NEAR),
                 want = head_want(TW__SETTER_RUNNING | TW__F_NEAR,
                                  TW_TYPE_FLOAT, type);

  while (i < w->end) {
    tw__tween *t = &m->active[i];
    tw__hot *h = &m->hot[i];
    uint32_t s, gen;
    double y;
    if (TW__FAST_PATHS && (head_bits(t) & mask) == want) {
      tw__value v;
      if (!step_running(m, t, h, &m->elapsed[i], sdt, &y))
        break;
      if (y > 0.0 && y < 1.0) /* set_fast's, its ends near */
        v.f[0] = h->sv.f + (h->ev.f - h->sv.f) * (float)y;
      else
        v.f[0] = tw__lerpf(h->sv.f, h->ev.f, y);
      s = m->aslot[i];
      gen = m->slots[s].gen;
      w->next = i + 1;
      if (m->aset[i](h->target, &v) != 0 && tw__alive(m, s, gen))
        tw__setter_failed(m, s); /* a failing setter kills */
      i = w->next; /* where a compaction during the setter moved it */
      continue;
    }
    if (t->utype != type) {
      i++;
      continue;
    }
    if (TW__FAST_PATHS &&
        (t->flags & TW__SETTER_MASK) == (TW__SETTER_RUNNING | TW__F_EXTRA) &&
        t->type == TW_TYPE_FLOAT && m->arec[i]->extra == TW__EXTRA_ADD) {
      /* a float retargeted additively: visit's step_add */
      if (step_add(m, w, t, h, i, sdt) < 0)
        break;
      i = w->next; /* where a compaction during the setter moved it */
      continue;
    }
    if (!TW__FAST_PATHS || (t->flags & TW__SETTER_MASK) != TW__SETTER_RUNNING ||
        !step_running(m, t, h, &m->elapsed[i], sdt, &y))
      break;
    set_running(m, w, t, h, i, y, &s, &gen);
    i = w->next; /* where a compaction during the setter moved it */
  }
  return i;
}

/* The step by dt of the sequence at index idx, running, with nothing else
 * for the slow step (no callback of its own, one loop, no delay, its own
 * time scale 1), short of its end: what tw__step and tw__advance do for it
 * (the time added, its timeline driven to its eased place, where the
 * children's and the items' callbacks run), the walk w's cursor past it
 * first.  Returns TW__V_ bits, or -1 (nothing changed) when the step
 * reaches its end, which the slow step decides. */
static TW__NOINLINE int step_seq(tw_manager *m, tw__walk *w, tw__tween *t,
                                 const tw__hot *h, uint32_t idx, double dt) {
  double e = m->elapsed[idx] + dt;
  uint32_t s = m->aslot[idx], gen = m->slots[s].gen;

  if (!(e / h->duration < 1.0 - TW__SNAP))
    return -1;
  w->next = idx + 1;
  tw__move(m, t, e);
  if (t->ease == TW_EASE_LINEAR &&
      m->arec[idx]->loop_type != TW_LOOP_INCREMENTAL) {
    /* tw__write_value's drive to tw__fraction_at's fraction, for one loop
     * of Linear short of its end (its place e, loop 0): e / d, back to a
     * time of the timeline */
    double d = h->duration, to = e / d * d;
    tw__seq_drive(m, s, to < 0 ? 0 : to > d ? d : to);
  } else {
    tw__write_value(m, s, tw__fraction_at(m, t, e)); /* tw__seq_drive */
  }
  return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
}

/* The flags of a setter tween's first step that starts it the short way:
 * playing, not started, a setter, nothing for the slow step, no from,
 * relative or speed-based start. */
#define TW__SETTER_FIRST_MASK                                                  \
  (TW__F_SLOW | TW__F_PLAYING | TW__F_STARTED | TW__F_COMPLETE |               \
   TW__F_SETTER | TW__PLAIN_START)
#define TW__SETTER_FIRST (TW__F_PLAYING | TW__F_SETTER)

/* The flags that keep a setter tween's start from the short way
 * (start_float), besides those TW__SETTER_FIRST_MASK tests: a callback
 * (START), an overwrite (its victims' KILL), a start given. */
#define TW__SETTER_START_SLOW                                                  \
  (TW__F_CALLBACKS | TW__F_OVERWRITE | TW__F_STARTSET | TW__F_BIG)

/* tw__start of the float setter tween at index idx, slot s, generation
 * gen, flags TW__SETTER_FIRST and none of TW__SETTER_START_SLOW, so that
 * nothing runs but its getter: tw__start's steps for it, written out (the
 * getter once, the start taken, whether its ends are near).  When the
 * getter changed it (its flags, its place in the array, its move
 * counter), tw__start_rest does the rest the general way.  Returns 1 if
 * the tween lives. */
static int start_float(tw_manager *m, uint32_t s, uint32_t gen, uint32_t idx) {
  tw__tween *t = &m->active[idx];
  tw__record *r = m->arec[idx];
  uint32_t f = t->flags | TW__F_STARTED | TW__F_READING, moves = r->moves;
  tw__hot *h;
  tw__value v;

  tw__write_rest(m, s); /* tw__start's, for tw_writer */
  t->flags = f;
  TW__CALL(m, r->get(m->hot[idx].target, &v));
  if (!tw__alive(m, s, gen))
    return 0;
  if (!tw__finite(v.f[0])) /* tw__value_clean's, for a float */
    v.f[0] = 0;
  if (m->slots[s].index != idx || m->active[idx].flags != f ||
      r->moves != moves)
    return tw__start_rest(m, s, gen, &v);
  t = &m->active[idx];
  h = &m->hot[idx];
  memcpy(&h->sv.f, &v, sizeof h->sv.f);
  f &= ~(uint32_t)TW__F_READING;
  /* tw__ends_check's, for a float that is not plain */
  t->flags =
      tw__near(h->sv.f) && tw__near(h->ev.f) ? f | TW__F_NEAR : f & ~TW__F_NEAR;
  return 1;
}

/* The first step by dt of the setter tween at index idx (flags
 * TW__SETTER_FIRST), the walk w's cursor past it first: tw__step's, with
 * its start the general one (tw__start: the getter once, the overwrite,
 * START; start_float for a float with nothing else to run), then, when nothing
 * ran that moved or stopped it and it still has nothing for the slow step,
 * PLAYED set (it has no PLAY callback) and its first step short of its end
 * written through its setter as the running setter path writes (set_running);
 * else tw__step_on, the general rest.  Returns TW__V_ bits. */
static TW__NOINLINE int start_setter(tw_manager *m, tw__walk *w, uint32_t idx,
                                     double dt) {
  uint32_t s = m->aslot[idx], gen = m->slots[s].gen, ps, pgen, moves;
  tw__tween *t = &m->active[idx];
  tw__hot *h;
  double y;

  w->next = idx + 1;
  moves = tw__moves(m, t);
  if (TW__FAST_PATHS && t->type == TW_TYPE_FLOAT &&
      !(t->flags & TW__SETTER_START_SLOW)) {
    if (!start_float(m, s, gen, idx))
      return TW__V_RAN;
  } else if (!tw__start(m, s, gen))
    return TW__V_RAN;
  t = tw__t(m, s);
  if (tw__moves(m, t) != moves || !(t->flags & TW__F_PLAYING) ||
      (t->flags & TW__F_COMPLETE))
    return TW__V_RAN | TW__V_LIVES; /* a callback stopped the step */
  idx = m->slots[s].index;
  h = &m->hot[idx];
  if ((t->flags & (TW__F_SLOW | TW__F_PLAYED | TW__F_SETTER)) == TW__F_SETTER &&
      !(idx & TW__NESTED)) {
    double e = m->elapsed[idx] + dt, x = e / h->duration;
    t->flags |= TW__F_PLAYED;
    if (x < 1.0 - TW__SNAP) {
      tw__move(m, t, e);
      tw__wrote(m, s);
      y = t->ease == TW_EASE_OUT_QUAD ? tw__out_quad(x)
                                      : tw__ease_at(m, t, e, h->duration);
      set_running(m, w, t, h, idx, y, &ps, &pgen);
      return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
    }
  }
  tw__step_on(m, s, gen, dt);
  return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
}

/* One tween's update, the one at index idx, of the pass's type.  The
 * walk's cursor is set past idx before any code of the program runs.
 * Returns TW__V_ bits.  Inline: the two loops of tw_update each get
 * their own copy. */
static TW__INLINE int visit(tw_manager *m, tw__walk *w, uint32_t idx,
                            double sdt, double unscaled_dt) {
  tw__tween *t = &m->active[idx];
  tw__hot *h = &m->hot[idx];
  uint32_t f = t->flags, s, gen;
  double e, x, y;

  if (!TW__FAST_PATHS)
    goto slow;
  if ((f & TW__FAST) != (TW__F_RUNNING | TW__F_PLAIN)) {
    if ((f & (TW__F_SLOW | TW__F_RUN)) == TW__F_RUNNING)
      goto general;
    if ((f & (TW__F_SLOW | TW__F_RUN)) == TW__ADD_RUNNING &&
        tw__rec(m, t)->extra == TW__EXTRA_ADD) {
      int r = step_add(m, w, t, h, idx,
                       (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
      if (r >= 0)
        return r;
      goto slow;
    }
    if ((f & (TW__F_SLOW | TW__F_RUN)) == (TW__F_RUNNING | TW__F_SEQ)) {
      int r = step_seq(m, w, t, h, idx,
                       (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
      if (r >= 0)
        return r;
      goto slow;
    }
    if ((f & TW__FIRST) != (TW__F_PLAYING | TW__F_PLAIN) ||
        !start_plain(m, t, h, f)) {
      if ((f & TW__SETTER_FIRST_MASK) == TW__SETTER_FIRST)
        return start_setter(m, w, idx,
                            (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
      f = t->flags;
      goto slow;
    }
  }
  e = m->elapsed[idx] + sdt;
  x = e / h->duration;
  if (x < 1.0 - TW__SNAP) {
    step_plain(h, &m->elapsed[idx], e, x);
    return TW__V_LIVES;
  }
  s = m->aslot[idx];
  gen = m->slots[s].gen;
  if (finish_plain(m, t, h, idx, e)) /* runs no code of the program */
    return tw__alive(m, s, gen) ? TW__V_LIVES : 0;
  f = t->flags;
  goto slow;
general: /* running, with nothing for the slow step */
  if (step_running(m, t, h, &m->elapsed[idx],
                   (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt, &y)) {
    if (!(f & TW__F_SETTER)) {
      write_fast(m, t, h, idx, y);
      return TW__V_LIVES;
    }
    set_running(m, w, t, h, idx, y, &s, &gen);
    return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
  }
slow:
  s = m->aslot[idx];
  gen = m->slots[s].gen;
  w->next = idx + 1;
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
 * to visit, or to run_setters (or end). */
static TW__INLINE uint32_t run_inline(tw_manager *m, uint32_t i, uint32_t end,
                                      unsigned type, double sdt) {
  tw__tween *a = m->active, *t = a + i, *stop = a + end;
  tw__hot *h = m->hot + i; /* written at a first step only (start_plain) */
  /* a head and its elapsed time are both 8 bytes (tw__el_stride): the
   * elapsed time is at a fixed distance from the head, so that one
   * pointer walks both arrays (a third pointer, or an index, counted 32
   * instructions a plain float where this counts 31) */
  uintptr_t off = (uintptr_t)m->elapsed - (uintptr_t)a;
  /* in a local: a write through a target could alias m, so the compiler
   * would read it again after each; nothing here changes it (the wide
   * values' pointer too, but in a local it cost the other paths more) */
  const tw__type *types = m->types;

  /* two pointers, the heads' and the hot parts', and no index: the index
   * is t - a */
  for (; t < stop; t++, h++) {
    double *el = (double *)(void *)((uintptr_t)t + off);
    uint32_t f;
    double e, x, y;
    unsigned n;
    if (t->utype != type)
      continue;
    if (!TW__FAST_PATHS)
      break;
    f = t->flags;
    if ((f & TW__FAST) != (TW__F_RUNNING | TW__F_PLAIN)) {
      /* the two kinds of running tween first, then a plain tween's first
       * step, which comes once in its life */
      if ((f & (TW__F_SLOW | TW__F_RUN | TW__F_SETTER | TW__F_INDEPENDENT |
                TW__F_NEAR)) == (TW__F_RUNNING | TW__F_NEAR) &&
          (n = types[t->type].floats) >= 2) {
        /* a vector of floats by pointer, its ends near.  Its step is
         * step_running's written out: through it here, the plain float's
         * loop counted 32, not 31 */
        e = *el + sdt;
        x = e / h->duration;
        if (!(x < 1.0 - TW__SNAP))
          break;
        y = t->ease == TW_EASE_OUT_QUAD ? tw__out_quad(x)
                                        : tw__ease_at(m, t, e, h->duration);
        *el = e;
        write_floats(h->target, &m->wide[t - a], n, y, 1);
        continue;
      } else if ((f & TW__FIRST) != (TW__F_PLAYING | TW__F_PLAIN) ||
                 !start_plain(m, t, h, f)) {
        break; /* anything else, or a start visit takes the slow way */
      }
    }
    e = *el + sdt; /* a running plain tween */
    x = e / h->duration;
    if (!(x < 1.0 - TW__SNAP))
      break;
    step_plain(h, el, e, x);
  }
  return (uint32_t)(t - a);
}

/* The compacting pass's inner loop: from entry i, moves each survivor
 * down to *pdst (tw__shift's moves, the arrays in locals) and takes each
 * running plain tween short of its end the shortest way (visit's), and
 * stops at the first tween of the pass's type that needs more.  Runs no
 * code of the program.  Returns the index of the first entry it leaves (or
 * end), the next free place in *pdst. */
static TW__INLINE uint32_t compact_in(tw_manager *m, uint32_t i, uint32_t *pdst,
                                      uint32_t end, unsigned type, double sdt,
                                      tw__record **arec, tw__wide *wide,
                                      tw_setter_fn *aset) {
  tw__tween *a = m->active;
  tw__hot *hot = m->hot;
  double *el = m->elapsed;
  uint32_t *aslot = m->aslot, dst = *pdst;
  tw__slot *slots = m->slots;

  for (; i < end; i++) {
    uint32_t s = aslot[i];
    double e = 0, x = 0;
    if (s == TW__EMPTY)
      continue;
    if (a[i].utype == type) {
      if (!TW__FAST_PATHS ||
          (a[i].flags & TW__FAST) != (TW__F_RUNNING | TW__F_PLAIN))
        break;
      e = el[i] + sdt;
      x = e / hot[i].duration;
      if (!(x < 1.0 - TW__SNAP))
        break;
    }
    if (dst != i) { /* tw__shift(m, i, dst) */
      memcpy(&a[dst], &a[i], sizeof *a);
      el[dst] = el[i];
      memcpy(&hot[dst], &hot[i], sizeof *hot);
      aslot[dst] = s;
      slots[s].index = dst;
      aslot[i] = TW__EMPTY;
      a[i].utype = TW__HOLE;
      if (arec != NULL) {
        arec[dst] = arec[i];
        arec[i] = NULL;
      }
      if (wide != NULL)
        wide[dst] = wide[i];
      if (aset != NULL)
        aset[dst] = aset[i];
    }
    if (a[dst].utype == type)
      step_plain(&hot[dst], &el[dst], e, x);
    dst++;
  }
  *pdst = dst;
  return i;
}

/* compact_in, with the arrays beside the hot part; a copy of its loop
 * for a manager that has none of them. */
static TW__NOINLINE uint32_t compact_inline(tw_manager *m, uint32_t i,
                                            uint32_t *pdst, uint32_t end,
                                            unsigned type, double sdt) {
  if (m->arec == NULL && m->wide == NULL && m->aset == NULL)
    return compact_in(m, i, pdst, end, type, sdt, NULL, NULL, NULL);
  return compact_in(m, i, pdst, end, type, sdt, m->arec, m->wide, m->aset);
}

/* The parallel phase's step of the entries [i, end) (parallel.c): each
 * running tween of the type with no record, no key shared and a built-in
 * type, short of its end, moves exactly as the serial pass moves it
 * (run_inline's and visit's shortest paths, the same functions); every
 * other tween of the type goes into out as its slot and generation, for
 * the ordered phase.  Runs no code of the program and changes nothing but
 * those tweens and their targets.  Returns how many went into out. */
static TW__INLINE uint32_t par_step_in(tw_manager *m, uint32_t i, uint32_t end,
                                       unsigned type, double sdt,
                                       double unscaled_dt, tw__mark *out,
                                       tw__record *const *arec) {
  /* the tables in locals: a write through a target could alias m, so the
   * compiler would read them again after each; nothing changes them in
   * the phase.  Two pointers and no index, as run_inline. */
  tw__tween *a = m->active, *t = a + i, *stop = a + end;
  const tw__hot *h = m->hot + i;
  double *el = m->elapsed + i;
  const tw__type *types = m->types;
  uint32_t n = 0;

  for (; t < stop; t++, h++, el++) {
    uint32_t f;
    double e, x;
    if (t->utype != type)
      continue;
    f = t->flags;
    i = (uint32_t)(t - a);
    if (!TW__FAST_PATHS) {
      /* every tween to the ordered phase */
    } else if ((f & (TW__FAST | TW__F_SHARED)) ==
               (TW__F_RUNNING | TW__F_PLAIN)) {
      if (arec == NULL || arec[i] == NULL) { /* run_inline's plain tween */
        e = *el + sdt;
        x = e / h->duration;
        if (x < 1.0 - TW__SNAP) {
          step_plain(h, el, e, x);
          continue;
        }
      }
    } else if ((f & (TW__F_SHARED | TW__F_SLOW | TW__F_RUN)) == TW__F_RUNNING &&
               (arec == NULL || arec[i] == NULL) &&
               types[t->type].lerp == NULL) {
      double y;
      if (step_running(m, t, h, el, (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt,
                       &y)) { /* visit's */
        write_fast(m, t, h, i, y);
        continue;
      }
    }
    out[n].slot = m->aslot[i];
    out[n].gen = m->slots[out[n].slot].gen;
    n++;
  }
  return n;
}

uint32_t tw__par_step(tw_manager *m, uint32_t i, uint32_t end, unsigned type,
                      double sdt, double unscaled_dt, tw__mark *out) {
  /* a copy of the loop for a manager with no record at all */
  if (m->arec == NULL)
    return par_step_in(m, i, end, type, sdt, unscaled_dt, out, NULL);
  return par_step_in(m, i, end, type, sdt, unscaled_dt, out, m->arec);
}

/* The ordered phase's visit of the entry at idx (parallel.c): the serial
 * pass's, with the walk w. */
void tw__par_visit(tw_manager *m, tw__walk *w, uint32_t idx, double sdt,
                   double unscaled_dt) {
  (void)visit(m, w, idx, sdt, unscaled_dt);
}

/* The sentence of tw_update's refusal of its arguments (TW_EINVAL). */
static TW__NOINLINE int update_refused(const tw_manager *m, tw_update_type type,
                                       double dt, double unscaled_dt) {
  if ((unsigned)type > TW_UPDATE_MANUAL)
    return tw__fail(m, TW_EINVAL, "tw_update", "update type %d is not one",
                    (int)type);
  if (!tw__time_in(&dt))
    return tw__fail(m, TW_EINVAL, "tw_update", "dt %g %s", dt,
                    tw__time_why(dt, 0));
  return tw__fail(m, TW_EINVAL, "tw_update", "unscaled_dt %g %s", unscaled_dt,
                  tw__time_why(unscaled_dt, 0));
}

int tw_update(tw_manager *m, tw_update_type type, double dt,
              double unscaled_dt) {
  tw__walk w;
  uint32_t i, end, dst, from;
  double sdt;

  if (tw__door(m, "tw_update"))
    return TW_EBUSY;
  if (m == NULL || (unsigned)type > TW_UPDATE_MANUAL || !tw__time_in(&dt) ||
      !tw__time_in(&unscaled_dt))
    return update_refused(m, type, dt, unscaled_dt);
  if (m->depth > 0 || m->busy > 0)
    return tw__fail(m, TW_EBUSY, "tw_update",
                    "called from inside a callback of this manager");
  sdt = tw__sat(dt * m->timescale);
  tw__window(m); /* past the tweens killed at the front since */
  m->prev_clock[type] = m->pass_clock[type]; /* every write of the pass */
  m->pass_clock[type] = ++m->wclock;         /* counts here: keys.c */
  m->pass = (int)type + 1;
  tw__walk_begin(m, &w);
  end = w.end;
  from = w.next; /* the window's begin */
  if (m->par != NULL && tw__par_update(m, &w, (unsigned)type, sdt, unscaled_dt))
    dst = end = w.end;            /* parallel.c ran the pass */
  else if (!tw__compact_due(m)) { /* the holes stay: nothing moves */
    for (i = m->begin; i < end;) {
      i = run_inline(m, i, end, (unsigned)type, sdt);
      if (i >= end)
        break;
      if ((m->active[i].flags & (TW__SETTER_MASK & ~(uint32_t)TW__F_EXTRA)) ==
          TW__SETTER_RUNNING) { /* a running setter, retargeted or not */
        uint32_t j = run_setters(m, &w, i, (unsigned)type, sdt);
        end = w.end; /* a setter's code may have changed it */
        if (j != i) {
          i = j; /* the next entry: back to the loops */
          continue;
        }
        /* none written (its step reaches its end), or a compaction moved
         * the next entry to i: visit takes it */
      }
      if (visit(m, &w, i, sdt, unscaled_dt) & TW__V_RAN)
        i = w.next, end = w.end; /* as a compaction may have moved them */
      else
        i++;
    }
    dst = end;
  } else {
    size_t c = m->st.compactions;
    for (i = dst = m->begin; i < end;) {
      tw__tween *t;
      int r;
      i = compact_inline(m, i, &dst, end, (unsigned)type, sdt);
      if (i >= end)
        break;
      t = &m->active[i];
      if (t->utype != type) { /* a hole, or another update type */
        if (m->aslot[i] != TW__EMPTY && dst++ != i)
          tw__shift(m, i, dst - 1);
        i++;
        continue;
      }
      if (dst != i)
        tw__shift(m, i, dst);
      i++; /* the next entry to move; the tween is at dst now */
      t = &m->active[dst];
      if (TW__FAST_PATHS &&
          (t->flags & TW__FAST) == (TW__F_RUNNING | TW__F_PLAIN)) {
        const tw__hot *h = &m->hot[dst];
        double e = m->elapsed[dst] + sdt, x = e / h->duration;
        if (x < 1.0 - TW__SNAP) { /* visit's shortest path, inline */
          step_plain(h, &m->elapsed[dst], e, x);
          dst++;
          continue;
        }
      }
      r = visit(m, &w, dst, sdt, unscaled_dt);
      if ((r & TW__V_RAN) && m->st.compactions != c) {
        c = m->st.compactions; /* a callback compacted all: go on from */
        i = dst = w.next, end = w.end; /* the first survivor not visited */
      } else if (r & TW__V_LIVES) {
        dst++; /* else its place is free again */
      }
    }
  }
  tw__walk_end(m);
  m->pass = 0;
  m->st.last_visited = end > from ? end - from : 0;
  tw__drop_tail(m, dst, end);
  tw__window(m); /* past the tweens the pass killed at the front */
  tw__room_reset(m);
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* Floor 5, the update pass: the steps of its fast paths, for update.c
 * only, whose opening note lists the paths.  Each is a copy of a part of
 * the general step (tw__step, life.c) for one case: the writes of a
 * value, a running tween's step, a plain tween's start, step and end, the
 * loop of the running setter tweens and a setter tween's first step, the
 * steps of a tween retargeted additively and of a sequence.  Static, and
 * inline where the pass's registers serve them: a header, not a file of
 * its own, so that the pass's loops are compiled with them. */
#ifndef TWEEN_STEPS_H
#define TWEEN_STEPS_H

#include "additive.h"

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
    v.f[0] = tw__float_at(h->sv.f, h->ev.f, y, (t->flags & TW__F_NEAR) != 0);
  } else {
    size = m->types[t->type].size;
    tw__lerp(m, t->type, &v, tw__val(m, t, size, TW__START),
             tw__val(m, t, size, TW__END), y);
  }
  /* busy > 0 refuses what depth would */
  return m->aset[idx](h->target, &v);
}

/* set_fast, out of line: the setters' loop's for what its shortest way
 * does not take, so that the registers of that way are not its. */
static TW__NOINLINE int set_out(const tw_manager *m, tw__tween *t,
                                const tw__hot *h, uint32_t idx, double y) {
  return set_fast(m, t, h, idx, y);
}

/* A running tween's step by dt short of its end, on a fast path: its
 * eased fraction into *y and its elapsed time *el moved, or 0 and nothing
 * changed when the step reaches its end (a zero duration gives inf or
 * NaN: the same), which the slow step decides. */
static TW__INLINE int step_running(const tw_manager *m, tw__tween *t,
                                   const tw__hot *h, double *el, double dt,
                                   double *y) {
  double e = *el + dt;

  if (!tw__eased_short(m, t, e, h->duration, y))
    return 0;
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
#if TW__FLOAT_EASES
  /* the float form of OutQuad is 1 from x = 1 - 2^-12 up, where the
   * general way's lerp gives the end (tw__float_at's, which at 0 gives the
   * start, as this does) */
  float y = (float)tw__out_quad(x);

  *(float *)h->target = y < 1.0f ? h->sv.f + (h->ev.f - h->sv.f) * y : h->ev.f;
#else
  *(float *)h->target = h->sv.f + (h->ev.f - h->sv.f) * (float)tw__out_quad(x);
#endif
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

/* The step by dt of the sequence at index idx, running, with nothing else
 * for the slow step (no callback of its own, one loop, no delay, its own
 * time scale 1), short of its end: what tw__step and tw__advance do for it
 * (the time added, its timeline driven to its eased place, where the
 * children's and the items' callbacks run), the walk w's cursor past it
 * first.  Returns TW__V_ bits, or -1 (nothing changed) when the step
 * reaches its end, which the slow step decides.  Inline: visit's step_seq
 * and the loop of run_seqs. */
static TW__INLINE int seq_on(tw_manager *m, tw__walk *w, tw__tween *t,
                             const tw__hot *h, uint32_t idx, double dt) {
  double e = m->elapsed[idx] + dt, d = h->duration, x = e / d;
  uint32_t s = m->aslot[idx], gen = m->slots[s].gen;
  tw__record *r = m->arec[idx]; /* tw__rec's, of a tween of the array */

  if (!(tw__short_of_end(x)))
    return -1;
  w->next = idx + 1;
  m->elapsed[idx] = e; /* tw__move's */
  r->moves++;
  r->elapsed_c = 0;
  if (t->ease == TW_EASE_LINEAR && r->loop_type != TW_LOOP_INCREMENTAL) {
    /* tw__write_value's drive to tw__fraction_at's fraction, for one loop
     * of Linear short of its end (its place e, loop 0): e / d, back to a
     * time of the timeline */
    double to = x * d; /* the fraction rounded to a double first, as the
                          general path's is (x87 keeps e / d wider within
                          one expression) */
    to = to < 0 ? 0 : to > d ? d : to;
    if (!TW__FAST_PATHS || TW__FOR_SIZE)
      m->fx.seq_drive_rec(m, s, r, to);
    else if (tw__seq_running(m, s, r, to) == 1) /* tw__seq_drive_rec's */
      tw__seq_drive_stages(m, s, r, to);
  } else {
    tw__write_value(m, s, tw__fraction_at(m, t, e)); /* tw__seq_drive */
  }
  return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
}

/* visit's step by dt of the running tween at index idx with nothing for
 * the slow step, when the step reaches its end: tw__end_step, else the
 * slow step, the walk w's cursor past it first (its setter runs).  Out of
 * line, so that visit's registers are not its.  Returns TW__V_ bits. */
static TW__NOINLINE int end_visit(tw_manager *m, tw__walk *w, uint32_t idx,
                                  double dt) {
  uint32_t s = m->aslot[idx], gen = m->slots[s].gen;

  w->next = idx + 1;
  if (!tw__end_step(m, s, gen, dt))
    tw__step(m, s, dt);
  return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
}

/* seq_on, out of line, for visit; at its end, end_visit (a sequence of
 * one loop with no callbacks of its own ends as a running tween does). */
static TW__NOINLINE int step_seq(tw_manager *m, tw__walk *w, tw__tween *t,
                                 const tw__hot *h, uint32_t idx, double dt) {
  int r = seq_on(m, w, t, h, idx, dt);

  return r >= 0 || !TW__FAST_PATHS ? r : end_visit(m, w, idx, dt);
}

/* The flags of a running sequence with nothing else for the slow step, on
 * the manager's time (run_seqs). */
#define TW__SEQ_MASK (TW__F_SLOW | TW__F_RUN | TW__F_INDEPENDENT)
#define TW__SEQ_RUNNING (TW__F_RUNNING | TW__F_SEQ)

/* The update's loop for a run of running sequences (visit's step_seq),
 * from entry i, the first of them: each short of its end stepped by
 * seq_on, one whose step reaches its end by end_visit (tw__end_step, else
 * tw__step), the entries of other update types and the holes skipped.
 * Out of line, as run_setters: the program's code runs at each sequence
 * (its children's setters, its items' callbacks), so the cursor (set past
 * the sequence first) and the arrays are read again after each.  Returns
 * the index of the first entry it leaves (or the walk's end): one that is
 * not such a sequence, for visit. */
static TW__NOINLINE uint32_t run_seqs(tw_manager *m, tw__walk *w, uint32_t i,
                                      unsigned type, double sdt) {
  while (i < w->end) {
    tw__tween *t = &m->active[i];
    if (t->utype != type) {
      i++;
      continue;
    }
    if (!TW__FAST_PATHS || (t->flags & TW__SEQ_MASK) != TW__SEQ_RUNNING)
      break;
    if (seq_on(m, w, t, &m->hot[i], i, sdt) < 0)
      (void)end_visit(m, w, i, sdt); /* its step reaches its end */
    i = w->next; /* where a compaction during its drive moved it */
  }
  return i;
}

/* The flags of a setter tween's first step that starts it the short way:
 * playing, not started, a setter, nothing for the slow step, no from,
 * relative or speed-based start. */
#define TW__SETTER_FIRST_MASK                                                  \
  (TW__F_SLOW | TW__F_PLAYING | TW__F_STARTED | TW__F_COMPLETE |               \
   TW__F_SETTER | TW__PLAIN_START)
#define TW__SETTER_FIRST (TW__F_PLAYING | TW__F_SETTER)

/* The flags that keep a float setter tween's first step from the short
 * way (first_float), besides those TW__SETTER_FIRST_MASK tests: a
 * callback (START), an overwrite (its victims' KILL), a start given. */
#define TW__SETTER_START_SLOW                                                  \
  (TW__F_CALLBACKS | TW__F_OVERWRITE | TW__F_STARTSET | TW__F_BIG)

/* What start_setter does once the setter tween in slot s (generation gen,
 * its move counter moves before its start) has started and lives: when
 * nothing ran that moved or stopped it and it still has nothing for the
 * slow step, PLAYED set (it has no PLAY callback) and its first step by dt
 * short of its end written through its setter as the running setter path
 * writes (set_running); else tw__step_on, the general rest.  Returns
 * TW__V_ bits. */
static TW__NOINLINE int setter_started(tw_manager *m, tw__walk *w, uint32_t s,
                                       uint32_t gen, uint32_t moves,
                                       double dt) {
  tw__tween *t = tw__t(m, s);
  uint32_t idx, ps, pgen;
  tw__hot *h;
  double y;

  if (tw__moves(m, t) != moves || !(t->flags & TW__F_PLAYING) ||
      (t->flags & TW__F_COMPLETE))
    return TW__V_RAN | TW__V_LIVES; /* a callback stopped the step */
  idx = m->slots[s].index;
  h = &m->hot[idx];
  if ((t->flags & (TW__F_SLOW | TW__F_PLAYED | TW__F_SETTER)) == TW__F_SETTER &&
      !(idx & TW__NESTED)) {
    double e = m->elapsed[idx] + dt, x = tw__frac_hot(e, h);
    t->flags |= TW__F_PLAYED;
    if (tw__short_of_end(x)) {
      tw__move(m, t, e);
      tw__wrote(m, s);
      y = t->ease == TW_EASE_OUT_QUAD
              ? tw__out_quad(x)
              : tw__ease_running(m, t, x, e, h->duration);
      set_running(m, w, t, h, idx, y, &ps, &pgen);
      return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
    }
  }
  tw__step_on(m, s, gen, dt);
  return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
}

/* The flags run_setters tests for a float setter tween's first step it
 * takes whole (first_float): those of start_setter's test, and
 * INDEPENDENT (its step is by the pass's scaled dt). */
#define TW__FIRST_FLOAT_MASK                                                   \
  (TW__SETTER_FIRST_MASK | TW__SETTER_START_SLOW | TW__F_PLAYED |              \
   TW__F_INDEPENDENT)

/* first_float's eased fraction x of the setter tween t (its record r) at
 * elapsed e of duration d, short of its end, for an ease other than
 * OutQuad: tw__ease_running's (shape.c) forms in line, easeform.h's and the
 * Back eases' at the record's overshoot, else the call, which takes the
 * rest the same way. */
static TW__INLINE double first_ease(const tw_manager *m, const tw__tween *t,
                                    const tw__record *r, double x, double e,
                                    double d) {
  double y;

  if (!TW__FOR_SIZE && (tw__ease_form(t->ease, x, e, d, &y) ||
                        tw__ease_back_form(t->ease, x, r->overshoot, &y)))
    return y;
  return tw__ease_running(m, t, x, e, d);
}

/* The first step by dt of the float setter tween at index idx, its head
 * TW__SETTER_FIRST under TW__FIRST_FLOAT_MASK, for run_setters: what
 * start_setter does for it, written out in one piece (tw__start's short
 * way, start_float_short: the getter once, the start taken, whether its
 * ends are near; then
 * setter_started's PLAYED and first step short of its end through its
 * setter), the walk w's cursor past it first.  When the getter changed
 * it (its flags, its place in the array, its move counter), tw__start_rest
 * and setter_started do the rest the general way; at its end, tw__step_on. */
static TW__INLINE void first_float(tw_manager *m, tw__walk *w, uint32_t idx,
                                   double dt) {
  tw__tween *t = &m->active[idx];
  tw__record *r = m->arec[idx];
  uint32_t s = m->aslot[idx], gen = m->slots[s].gen, moves = r->moves,
           f = t->flags | TW__F_STARTED | TW__F_READING;
  uint64_t was, now; /* its slot's generation and index, both at once */
  tw__hot *h;
  tw__value v;
  double e, x;

  memcpy(&was, &m->slots[s], sizeof was);
  w->next = idx + 1;
  if (m->key_nheads != 0)
    tw__write_rest(m, s); /* tw__start's, for tw_writer */
  t->flags = f;
  TW__CALL(m, r->get(m->hot[idx].target, &v));
  /* tw__value_clean's, for a float; a near value is finite */
  if (!tw__near(v.f[0]) && !tw__finite(v.f[0]))
    v.f[0] = 0;
  t = &m->active[idx];
  memcpy(&now, &m->slots[s], sizeof now);
  if (now != was || t->flags != f || r->moves != moves) {
    if (tw__alive(m, s, gen) && tw__start_rest(m, s, gen, &v))
      (void)setter_started(m, w, s, gen, moves, dt);
    return;
  }
  h = &m->hot[idx];
  memcpy(&h->sv.f, &v, sizeof h->sv.f);
  f = t->flags & ~(uint32_t)TW__F_READING; /* f's, read again */
  /* tw__ends_check's, for a float that is not plain; PLAYED */
  f = tw__near(h->sv.f) && tw__near(h->ev.f) ? f | TW__F_NEAR : f & ~TW__F_NEAR;
  t->flags = f | TW__F_PLAYED;
  e = m->elapsed[idx] + dt;
  x = tw__frac_hot(e, h);
  if (tw__short_of_end(x)) {
    double y;
    m->elapsed[idx] = e; /* tw__move's */
    r->moves++;
    r->elapsed_c = 0;
    tw__wrote(m, s);
    y = t->ease == TW_EASE_OUT_QUAD ? tw__out_quad(x)
                                    : first_ease(m, t, r, x, e, h->duration);
    if (set_fast(m, t, h, idx, y) != 0 && tw__alive(m, s, gen))
      tw__setter_failed(m, s); /* a failing setter kills */
    return;
  }
  tw__step_on(m, s, gen, dt);
}

/* The first step by dt of the setter tween at index idx (flags
 * TW__SETTER_FIRST), the walk w's cursor past it first: tw__step's, with
 * its start tw__start's (the getter once, the overwrite, START), then
 * setter_started.  A float setter tween with nothing else to run is taken
 * whole by first_float, as run_firsts takes it (the compacting pass has no
 * run_firsts), but one played before its start, which no call makes (a
 * step starts a tween before it fires PLAY) and only a restored image
 * could hold.  Returns TW__V_ bits. */
static TW__NOINLINE int start_setter(tw_manager *m, tw__walk *w, uint32_t idx,
                                     double dt) {
  uint32_t s = m->aslot[idx], gen = m->slots[s].gen, moves;
  tw__tween *t = &m->active[idx];

  if (TW__FAST_PATHS && t->type == TW_TYPE_FLOAT &&
      !(t->flags & (TW__SETTER_START_SLOW | TW__F_PLAYED))) {
    first_float(m, w, idx, dt);
    return TW__V_RAN | (tw__alive(m, s, gen) ? TW__V_LIVES : 0);
  }
  w->next = idx + 1;
  moves = tw__moves(m, t);
  if (!tw__start(m, s, gen))
    return TW__V_RAN;
  return setter_started(m, w, s, gen, moves, dt);
}

/* The bits of the double 1 - 2^-20: an OutQuad fraction x above 0 and
 * below it is strictly between 0 and 1, and so its eased value (1 - y =
 * (1 - x)^2 > 2^-40, far above the roundings of x (2 - x)).  Where the
 * eases are floats (TW__FLOAT_EASES), 1 - 2^-11: (1 - x)^2 >= 2^-22, above
 * the roundings of the float form (2^-24 each), where 1 - 2^-40 would
 * round to 1. */
#if TW__FLOAT_EASES
#define TW__X_INSIDE UINT64_C(0x3FEFFC0000000000)
#else
#define TW__X_INSIDE UINT64_C(0x3FEFFFFE00000000)
#endif

/* The end of a setter that failed, called by the setters' loop with the
 * walk w's cursor past its tween, whose slot and generation it did not
 * keep: the tween is killed if it lives (a failing setter kills), found
 * where the setter's code left it (tw__walk_at). */
static TW__NOINLINE void failed_at(tw_manager *m, const tw__walk *w) {
  uint32_t idx = tw__walk_at(m, w);

  if (idx != TW__NO_SLOT)
    tw__setter_failed(m, m->aslot[idx]);
}

/* add_step's commoner cases of a float setter tween retargeted
 * additively (its record r), for run_setters: the tween's step by dt short
 * of its end, the running motion and the term past their starts, tested at
 * once (the term's fraction u is the tween's, e / its duration); the running
 * motion short of its end eased as add_fraction eases it there
 * (tw__ease_running's forms, then the call), or at its end, where an ease of
 * the additive way is 1 (tw__lerpf's end); the term as add_shapes and
 * tw__add_float_in give it, the sum within a float's range (a running value
 * that is not finite leaves it outside); the value through its setter as the
 * loop writes a float's (failed_at), the walk w's cursor past it first. Returns
 * 0, nothing changed, for anything else. */
static TW__INLINE int add_set_in(tw_manager *m, tw__walk *w, tw__tween *t,
                                 tw__hot *h, tw__record *r, uint32_t idx,
                                 double dt) {
  double e = m->elapsed[idx] + dt, u = e / h->duration, d0 = r->add_d0;
  double p = r->add_back ? r->add_e0 - e : r->add_e0 + e, f, y;
  float x;
  tw__value val;

  if (!(tw__short_of_end(u) && p > 0 && e > 0))
    return 0;
  if (p < d0) {
    float a = (float)r->add_a[0], b = (float)r->add_b[0];
    double xp = tw__frac(p, d0);
    if (!tw__ease_form(t->ease, xp, p, d0, &f) &&
        !tw__ease_back_form(t->ease, xp, r->overshoot, &f))
      f = tw__ease_running(m, t, xp, p, d0);
    /* tw__lerpf's, without its test of a value that is not finite, which
     * leaves the sum outside a float's range, below */
    x = f == 1.0 ? b : f == 0.0 ? a : a + (b - a) * (float)f;
  } else if (d0 > 0 && (unsigned)t->ease <= (unsigned)TW_EASE_IN_OUT_BOUNCE) {
    x = (float)r->add_b[0];
  } else {
    return 0;
  }
  if (!r->add_on) {
    if (!(x - x == 0)) /* tw__lerpf's far way */
      return 0;
  } else {
    /* u: add_shapes' e / d, 0 < e < d */
    y = (double)x + add_term_f(r, add_s(u), add_g(e, u));
    if (!(fabs(y) <= FLT_MAX)) /* NaN too */
      return 0;
    x = (float)y;
  }
  add_moved(m, r, idx, e);
  val.f[0] = x;
  w->next = idx + 1;
  if (m->aset[idx](h->target, &val) != 0)
    failed_at(m, w);
  return 1;
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
    double y;
    if (TW__FAST_PATHS && (head_bits(t) & mask) == want) {
      tw__value v;
      double e = m->elapsed[i] + sdt, x = tw__frac_hot(e, h);
      uint64_t xb;
      memcpy(&xb, &x, sizeof xb);
      if (t->ease == TW_EASE_OUT_QUAD && xb - 1 < TW__X_INSIDE - 1) {
        /* step_running's and set_fast's, in one test: x in (0, 1 - 2^-20)
         * (its bits, those of a positive double, in order), so OutQuad's
         * y strictly between 0 and 1, its ends near */
        m->elapsed[i] = e;
        v.f[0] = h->sv.f + (h->ev.f - h->sv.f) * (float)tw__out_quad(x);
      } else {
        if (!step_running(m, t, h, &m->elapsed[i], sdt, &y))
          break;
        v.f[0] = tw__float_at(h->sv.f, h->ev.f, y, 1); /* its ends near */
      }
      w->next = i + 1;
      if (m->aset[i](h->target, &v) != 0)
        failed_at(m, w);
      i = w->next; /* where a compaction during the setter moved it */
      continue;
    }
    if (t->utype != type) {
      i++;
      continue;
    }
    if (TW__FAST_PATHS &&
        (t->flags & TW__SETTER_MASK) == (TW__SETTER_RUNNING | TW__F_EXTRA) &&
        t->type == TW_TYPE_FLOAT) {
      /* a float retargeted additively (its extra the additive one):
       * visit's step_add, in a build for size through the entry a
       * retarget filled in */
      tw__record *r = m->arec[i];
      if (r->extra != TW__EXTRA_ADD)
        break;
      if ((TW__FOR_SIZE || !add_set_in(m, w, t, h, r, i, sdt)) &&
          m->fx.step_add(m, w, t, h, i, sdt) < 0)
        break;
      i = w->next; /* where a compaction during the setter moved it */
      continue;
    }
    if (!TW__FAST_PATHS || (t->flags & TW__SETTER_MASK) != TW__SETTER_RUNNING ||
        !step_running(m, t, h, &m->elapsed[i], sdt, &y))
      break;
    w->next = i + 1; /* set_running's, the tween found by failed_at */
    if (set_out(m, t, h, i, y) != 0)
      failed_at(m, w);
    i = w->next; /* where a compaction during the setter moved it */
  }
  return i;
}

/* The update's loop for a run of float setter tweens' first steps with
 * nothing else to run (their heads TW__SETTER_FIRST under
 * TW__FIRST_FLOAT_MASK, of update type `type`), from entry i, the first of
 * them: each taken whole by first_float, the holes and the entries of
 * other update types skipped, the array read again after each (the
 * program's code ran).  Returns the index of the first entry it leaves
 * (or the walk's end). */
static TW__NOINLINE uint32_t run_firsts(tw_manager *m, tw__walk *w, uint32_t i,
                                        unsigned type, double sdt) {
  const uint64_t mask = head_mask(TW__FIRST_FLOAT_MASK),
                 want = head_want(TW__SETTER_FIRST, TW_TYPE_FLOAT, type);

  while (i < w->end) {
    const tw__tween *t = &m->active[i];
    if (TW__FAST_PATHS && (head_bits(t) & mask) == want) {
      first_float(m, w, i, sdt);
      i = w->next; /* where a compaction during its code moved it */
    } else if (t->utype != type) {
      i++;
    } else {
      break;
    }
  }
  return i;
}

#endif

/* SPDX-License-Identifier: MIT */
/* The update pass: one walk of the active array, in creation order.
 *
 * The invariant: a tween created during a pass first runs on the next
 * update.  It is appended past `end` as read at the start of the pass,
 * and the walk stops at `end`.
 *
 * The fast paths, each a copy of the general step (tw__step, life.c) for
 * one case, beside it, off with --disable-fast-paths (TW__FAST_PATHS).
 * Their steps are in steps.h:
 *  - run_inline: runs of running plain tweens (a float by pointer,
 *    OutQuad, nothing else set) and of running floats and float vectors
 *    by pointer with nothing for the slow step (any ease, its ends near),
 *    each short of its end, through one inner loop that calls nothing but
 *    an ease, so that the array and dt stay in registers; at a float by
 *    pointer retargeted additively it hands the run of them from it to a
 *    loop of their own (m->fx.run_add_floats, retarget.c), and returns
 *    the entry that loop leaves (in a build for size it calls the step
 *    of each, m->fx.step_add_float);
 *  - run_setters: runs of running setter tweens short of their end,
 *    through a loop of its own, which reads the array again after each
 *    setter;
 *  - run_firsts: runs of float setter tweens' first steps with nothing
 *    else to run (first_float: the getter once, the start, the first
 *    write through the setter), through a loop of its own;
 *  - visit, for the first tween neither loop takes: a plain tween's start
 *    and end (start_plain, finish_plain); a started, playing tween with no
 *    record-held features (no callbacks, delay, loops, own time scale, big
 *    value; see TW__F_SLOW) short of its end, tw__step's middle part for
 *    the commonest tweens: add dt, ease, write through the one lerp of
 *    types.c (write_fast) or call its setter (set_running), which runs
 *    none of the program's code but that setter, as the last thing done
 *    for that tween; a tween retargeted additively (step_add); a sequence
 *    (step_seq, and in the pass that does not compact, run_seqs: a run
 *    of running sequences in a loop of its own, as run_setters); a setter
 *    tween's first step (start_setter, first_float for a float); the end
 *    of a running tween or sequence with nothing for the slow step
 *    (end_visit, steps.h: tw__end_step, life.c's copy of tw__advance's
 *    end for it);
 *  - compact_inline: the compacting pass's running plain tweens;
 *  - tw__par_step: the parallel update's phase (parallel.c), by the same
 *    steps.
 * Everything else (start, delay, loops, callbacks, the end) is tw__step.
 *
 * The walk's rules:
 *  - tw_update visits every slot below `end`.  Holes and tweens of other
 *    update types fail one compare of their update-type byte;
 *  - the first tween the loops cannot take goes to visit, and the loops
 *    pick up again after it;
 *  - the walk's cursor (tw__walk) is set past a tween before any code of
 *    the program runs for it.  A setter or callback may grow the array:
 *    the walk reads `active` afresh after each.  It may also, by creating
 *    tweens when the array is full to its end, compact it: the cursor
 *    then moves with the tweens, see manager.c;
 *  - when the holes are many (tw__compact_due), the pass also compacts as
 *    it goes: each survivor is shifted over the holes just before its
 *    visit, so it is written once, to its new place (manager.c says how). */
#include "life.h"
#include "steps.h"

/* One tween's update, the one at index idx, of the pass's type.  The
 * walk's cursor is set past idx before any code of the program runs.
 * Returns TW__V_ bits.  With `runs` (the pass that goes on at the walk's
 * cursor after a visit that ran the program's code, not the compacting
 * one), a running sequence takes the running sequences after it too
 * (run_seqs): then it returns TW__V_RAN, the cursor at the first entry
 * left.  Inline: the two loops of tw_update each get their own copy. */
static TW__INLINE int visit(tw_manager *m, tw__walk *w, uint32_t idx,
                            double sdt, double unscaled_dt, int runs) {
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
      int r = m->fx.step_add(m, w, t, h, idx,
                             (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
      if (r >= 0)
        return r;
      goto slow;
    }
    if ((f & (TW__F_SLOW | TW__F_RUN)) == (TW__F_RUNNING | TW__F_SEQ)) {
      int r;
      if (runs && !(f & TW__F_INDEPENDENT)) {
        uint32_t j = m->fx.run_seqs(m, w, idx, t->utype, sdt);
        if (j == idx)
          goto slow; /* its step reaches its end */
        w->next = j;
        return TW__V_RAN;
      }
      r = m->fx.step_seq(m, w, t, h, idx,
                         (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
      if (r >= 0)
        return r;
      goto slow;
    }
    if ((f & TW__FIRST) != (TW__F_PLAYING | TW__F_PLAIN) ||
        !start_plain(m, t, h, f)) {
      if ((f & TW__SETTER_FIRST_MASK) == TW__SETTER_FIRST)
        return m->fx.start_setter(m, w, idx,
                                  (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
      f = t->flags;
      goto slow;
    }
  }
  e = m->elapsed[idx] + sdt;
  x = tw__frac_hot(e, h);
  if (tw__short_of_end(x)) {
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
  return end_visit(m, w, idx, (f & TW__F_INDEPENDENT) ? unscaled_dt : sdt);
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
          (n = types[t->type].floats) >= 1) {
        /* a float or a vector of floats by pointer, its ends near.  Its
         * step is step_running's written out: through it here, the plain
         * float's loop counted 32, not 31 */
        e = *el + sdt;
        x = tw__frac_hot(e, h);
        if (!(tw__short_of_end(x)))
          break;
        y = t->ease == TW_EASE_OUT_QUAD
                ? tw__out_quad(x)
                : tw__ease_running(m, t, x, e, h->duration);
        *el = e;
        if (n == 1) /* write_fast's float, its ends near */
          *(float *)h->target = tw__float_at(h->sv.f, h->ev.f, y, 1);
        else
          write_floats(h->target, &m->wide[t - a], n, y, 1);
        continue;
      } else if ((f & TW__FIRST) == (TW__F_PLAYING | TW__F_PLAIN)) {
        if (!start_plain(m, t, h, f))
          break; /* a start visit takes the slow way */
      } else if ((f & TW__ADD_FLOAT_MASK) == TW__ADD_RUNNING &&
                 t->type == TW_TYPE_FLOAT &&
                 m->arec[t - a]->extra == TW__EXTRA_ADD) {
#if TW__FOR_SIZE
        /* a float by pointer retargeted additively: visit's step_add */
        if (!m->fx.step_add_float(m, t, h, (uint32_t)(t - a), sdt))
          break;
        continue;
#else
        /* a float by pointer retargeted additively, and the run of them
         * from it, in a loop of their own, without a call each; the entry
         * it leaves goes to the caller (the tweens of the pass's type
         * that this loop takes, visit takes too) */
        uint32_t j = m->fx.run_add_floats(m, (uint32_t)(t - a),
                                          (uint32_t)(stop - a), type, sdt);
        if (j == (uint32_t)(t - a))
          break; /* its step reaches its end */
        return j;
#endif
      } else {
        break; /* anything else */
      }
    }
    e = *el + sdt; /* a running plain tween */
    x = tw__frac_hot(e, h);
    if (!(tw__short_of_end(x)))
      break;
    step_plain(h, el, e, x);
  }
  return (uint32_t)(t - a);
}

/* Whether t, a tween of the pass's type, may take the compacting pass's
 * shortest path: a running plain tween (visit's flags test). */
static TW__INLINE int compact_runs(const tw__tween *t) {
  return TW__FAST_PATHS &&
         (t->flags & TW__FAST) == (TW__F_RUNNING | TW__F_PLAIN);
}

/* compact_in's test of entry j, a tween of the pass's type: one that
 * compact_runs takes, short of its end, its elapsed time after the step
 * in *e and its fraction in *x (visit's shortest path); else 0. */
static TW__INLINE int compact_plain(const tw__tween *a, const tw__hot *hot,
                                    const double *el, size_t j, double sdt,
                                    double *e, double *x) {
  if (!compact_runs(&a[j]))
    return 0;
  *e = el[j] + sdt;
  *x = tw__frac_hot(*e, &hot[j]);
  return tw__short_of_end(*x);
}

/* The columns compact_in moves, in locals, so that none is read again
 * after a store. */
typedef struct compact_cols {
  tw__tween *a;
  tw__hot *hot;
  uint32_t *aslot;
  tw__slot *slots;
  tw__record **arec;
  tw__wide *wide;
  tw_setter_fn *aset;
} compact_cols;

/* compact_in's move of the survivor at j, slot s, down to the hole d
 * (d < j): tw__shift's moves but the elapsed time's, which the caller
 * writes. */
static TW__INLINE void compact_move(const compact_cols *c, size_t j, size_t d,
                                    uint32_t s) {
  c->a[d] = c->a[j];
  c->hot[d] = c->hot[j];
  c->aslot[d] = s;
  c->slots[s].index = (uint32_t)d;
  c->aslot[j] = TW__EMPTY;
  c->a[j].utype = TW__HOLE;
  if (c->arec != NULL) {
    c->arec[d] = c->arec[j];
    c->arec[j] = NULL;
  }
  if (c->wide != NULL)
    c->wide[d] = c->wide[j];
  if (c->aset != NULL)
    c->aset[d] = c->aset[j];
}

/* The compacting pass's inner loop: from entry i, moves each survivor
 * down to *pdst (tw__shift's moves, compact_move) and takes each running
 * plain tween short of its end the shortest way (visit's), and stops at
 * the first tween of the pass's type that needs more.  Runs no code of
 * the program.  Returns the index of the first entry it leaves (or end),
 * the next free place in *pdst.  Until it passes a hole, nothing moves;
 * after, every survivor does, so that the loop after the first hole has
 * no test of whether to move. */
static TW__INLINE uint32_t compact_in(tw_manager *m, uint32_t i, uint32_t *pdst,
                                      uint32_t end, unsigned type, double sdt,
                                      tw__record **arec, tw__wide *wide,
                                      tw_setter_fn *aset) {
  compact_cols c;
  double *el = m->elapsed;
  size_t j = i, d = *pdst, n = end;
  double e, x;

  c.a = m->active;
  c.hot = m->hot;
  c.aslot = m->aslot;
  c.slots = m->slots;
  c.arec = arec;
  c.wide = wide;
  c.aset = aset;
  if (d == j) { /* no hole passed yet: each survivor stays */
    for (; j < n; j++) {
      if (c.aslot[j] == TW__EMPTY)
        break;
      if (c.a[j].utype == type) {
        if (!compact_plain(c.a, c.hot, el, j, sdt, &e, &x))
          break;
        step_plain(&c.hot[j], &el[j], e, x);
      }
    }
    d = j;
    if (j == n || c.aslot[j] != TW__EMPTY) /* the end, or a tween to visit */
      goto out;
  }
  for (; j < n; j++) { /* d < j: each survivor moves down to d */
    uint32_t s = c.aslot[j];
    if (s == TW__EMPTY)
      continue;
    if (c.a[j].utype != type) { /* another update type: moved only */
      el[d] = el[j];
      compact_move(&c, j, d, s);
    } else {
      if (!compact_plain(c.a, c.hot, el, j, sdt, &e, &x))
        break;
      compact_move(&c, j, d, s);
      step_plain(&c.hot[d], &el[d], e, x);
    }
    d++;
  }
out:
  *pdst = (uint32_t)d;
  return (uint32_t)j;
}

/* compact_in, with the arrays beside the hot part; a copy of its loop
 * for a manager that has none of them. */
static TW__NOINLINE uint32_t compact_loop(tw_manager *m, uint32_t i,
                                          uint32_t *pdst, uint32_t end,
                                          unsigned type, double sdt) {
  if (m->arec == NULL && m->wide == NULL && m->aset == NULL)
    return compact_in(m, i, pdst, end, type, sdt, NULL, NULL, NULL);
  return compact_in(m, i, pdst, end, type, sdt, m->arec, m->wide, m->aset);
}

/* compact_loop, but where it would stop at once, at a tween of the type
 * that is not a running plain one (one with a setter, say): that is
 * returned without the loop's loads and stores of registers. */
static TW__NOINLINE uint32_t compact_inline(tw_manager *m, uint32_t i,
                                            uint32_t *pdst, uint32_t end,
                                            unsigned type, double sdt) {
  const tw__tween *t = &m->active[i];

  if (i < end && t->utype == type && !compact_runs(t))
    return i;
  return compact_loop(m, i, pdst, end, type, sdt);
}

/* compact_in's columns, read from m (again after the program's code ran,
 * which may have grown the array). */
static TW__INLINE double *compact_cols_of(const tw_manager *m,
                                          compact_cols *c) {
  c->a = m->active;
  c->hot = m->hot;
  c->aslot = m->aslot;
  c->slots = m->slots;
  c->arec = m->arec;
  c->wide = m->wide;
  c->aset = m->aset;
  return m->elapsed;
}

/* The compacting pass's loop for a run of running float setter tweens
 * (run_setters' heads: nothing for the slow step, their ends near, on the
 * pass's time), from entry i, the first of them: each short of its end
 * moved down to *pdst as the pass moves it (compact_move, tw__shift's
 * moves), then stepped and written through its setter as visit does at
 * its new place (step_running, set_running; OutQuad well inside its span
 * as run_setters writes it); the holes skipped, the entries of other
 * update types moved only.  The program's code runs at each tween, the
 * cursor set past it first: the columns are read again after each, and a
 * failing setter's tween is found by failed_at.  Returns the index of the
 * first entry it leaves, not moved (a tween of the type for visit, or
 * end), the next free place in *pdst; at once when a setter's code
 * compacted the array, which the caller then finds. */
static TW__NOINLINE uint32_t compact_setters(tw_manager *m, tw__walk *w,
                                             uint32_t i, uint32_t *pdst,
                                             uint32_t end, unsigned type,
                                             double sdt) {
  const uint64_t mask = head_mask(TW__SETTER_MASK | TW__F_NEAR),
                 want = head_want(TW__SETTER_RUNNING | TW__F_NEAR,
                                  TW_TYPE_FLOAT, type);
  const size_t n = m->st.compactions;
  uint32_t d = *pdst;
  compact_cols c;
  double *el = compact_cols_of(m, &c);

  while (i < end) {
    const tw__tween *t = &c.a[i];
    const tw__hot *h;
    double e, x, y;
    uint64_t xb;
    tw__value v;
    if ((head_bits(t) & mask) != want) {
      uint32_t s;
      if (t->utype == type)
        break; /* for visit */
      s = c.aslot[i];
      if (s != TW__EMPTY) { /* another update type: moved only */
        if (d != i) {
          el[d] = el[i];
          compact_move(&c, i, d, s);
        }
        d++;
      }
      i++;
      continue;
    }
    h = &c.hot[i];
    e = el[i] + sdt;
    x = tw__frac_hot(e, h);
    if (!(tw__short_of_end(x)))
      break; /* its end: visit's */
    if (d != i) {
      compact_move(&c, i, d, c.aslot[i]);
      t = &c.a[d];
      h = &c.hot[d];
    }
    el[d] = e; /* step_running's, at its new place */
    memcpy(&xb, &x, sizeof xb);
    if (t->ease == TW_EASE_OUT_QUAD && xb - 1 < TW__X_INSIDE - 1) {
      v.f[0] = h->sv.f + (h->ev.f - h->sv.f) * (float)tw__out_quad(x);
    } else {
      y = t->ease == TW_EASE_OUT_QUAD
              ? tw__out_quad(x)
              : tw__ease_running(m, t, x, e, h->duration);
      v.f[0] = tw__float_at(h->sv.f, h->ev.f, y, 1); /* set_fast's */
    }
    w->next = d + 1;
    i++;
    if (c.aset[d](h->target, &v) != 0)
      failed_at(m, w); /* a failing setter kills */
    if (m->st.compactions != n)
      break; /* the caller goes on from the walk's cursor */
    el = compact_cols_of(m, &c);
    if (c.aslot[d] != TW__EMPTY)
      d++; /* it lives; else its place is free again */
  }
  *pdst = d;
  return i;
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
        x = tw__frac_hot(e, h);
        if (tw__short_of_end(x)) {
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
  (void)visit(m, w, idx, sdt, unscaled_dt, 0);
}

void tw__fx_sequences(tw_manager *m) {
  tw__fx_seq(m);
  m->fx.run_seqs = run_seqs;
  m->fx.step_seq = step_seq;
}

void tw__fx_setters(tw_manager *m) {
  m->fx.run_setters = run_setters;
  m->fx.run_firsts = run_firsts;
  m->fx.start_setter = start_setter;
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
      uint32_t f, j;
      i = run_inline(m, i, end, (unsigned)type, sdt);
      if (i >= end)
        break;
      f = m->active[i].flags;
      if (!(f & TW__F_SETTER))
        goto visit; /* a plain tween's start or end, and the rest */
      if ((f & TW__FIRST_FLOAT_MASK) == TW__SETTER_FIRST &&
          m->active[i].type == TW_TYPE_FLOAT) { /* a float setter's start */
        j = m->fx.run_firsts(m, &w, i, (unsigned)type, sdt);
        end = w.end;              /* its code may have changed it */
        if (j != i || i >= end) { /* as run_setters' below */
          i = j;
          continue;
        }
        f = m->active[i].flags; /* a compaction moved the next entry to i */
      }
      if ((f & (TW__SETTER_MASK & ~(uint32_t)TW__F_EXTRA)) ==
          TW__SETTER_RUNNING) { /* a running setter, retargeted or not */
        j = m->fx.run_setters(m, &w, i, (unsigned)type, sdt);
        end = w.end; /* a setter's code may have changed it */
        if (j != i || i >= end) {
          i = j; /* the next entry: back to the loops (or the walk's end,
                    to which a compaction may have moved it down) */
          continue;
        }
        /* none written (its step reaches its end), or a compaction moved
         * the next entry to i: visit takes it */
      }
    visit:
      if (visit(m, &w, i, sdt, unscaled_dt, 1) & TW__V_RAN)
        i = w.next, end = w.end; /* as a compaction may have moved them */
      else
        i++;
    }
    dst = end;
  } else {
    size_t c = m->st.compactions;
    const uint64_t smask = head_mask(TW__SETTER_MASK | TW__F_NEAR),
                   swant = head_want(TW__SETTER_RUNNING | TW__F_NEAR,
                                     TW_TYPE_FLOAT, (unsigned)type);
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
        double e = m->elapsed[dst] + sdt, x = tw__frac_hot(e, h);
        if (tw__short_of_end(x)) { /* visit's shortest path, inline */
          step_plain(h, &m->elapsed[dst], e, x);
          dst++;
          continue;
        }
      }
      r = visit(m, &w, dst, sdt, unscaled_dt, 0);
      if (r & TW__V_RAN) {
        if (m->st.compactions != c) {
          c = m->st.compactions; /* a callback compacted all: go on from */
          i = dst = w.next, end = w.end; /* the first survivor not visited */
          continue;
        }
        if (r & TW__V_LIVES)
          dst++;
        /* the program's code ran (a setter, say): a run of running float
         * setter tweens next goes to their loop, and the loop above
         * costs the plain tweens nothing more (a build for size keeps
         * the general way alone: its flash) */
        if (TW__FAST_PATHS && !TW__FOR_SIZE && i < end &&
            (head_bits(&m->active[i]) & smask) == swant) {
          i = compact_setters(m, &w, i, &dst, end, (unsigned)type, sdt);
          if (m->st.compactions != c) {
            c = m->st.compactions; /* a setter compacted all: as above */
            i = dst = w.next, end = w.end;
          }
        }
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

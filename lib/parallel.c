/* SPDX-License-Identifier: MIT */
/* The parallel update (DESIGN.md section 11): the program's parallel-for
 * computes the plain tweens, and the order of writes stays exact.
 *
 * tw_update hands its pass here when the manager has a hook.  The pass
 * has two phases:
 *
 *  - the parallel phase: the hook runs par_job() over the window
 *    [begin, end) of the active array in chunks; each chunk steps its
 *    eligible tweens with update.c's own step (tw__par_step: the same
 *    functions as the serial pass, so the same arithmetic) and lists
 *    every other tween of the update's type, in array order, as a slot
 *    and a generation in its own part of `list` (list[begin..], at most
 *    one mark per entry), with its end and count in list[begin] too;
 *  - the ordered phase, after the join, on the calling thread: the chunks
 *    in array order, and in each its marks in order, each visited as the
 *    serial pass visits it (tw__par_visit) if it still lives in the
 *    array with that type.  A callback may move tweens (a compaction) or
 *    grow the array: a mark finds its tween by its slot, wherever it is
 *    now.  A tween killed meanwhile is not visited; one created meanwhile
 *    has no mark.  Ends, kills, slot releases, generations and the free
 *    list all happen here, in array order, so handles and the pool come
 *    out as in the serial pass.
 *
 * An eligible tween writes only its own target, which no other live tween
 * shares (TW__F_SHARED, kept by keys.c when a tween joins the key index),
 * and reads only itself and the manager's tables, which nothing changes
 * during the phase: the chunks share no byte they write.  During the
 * phase, the manager refuses the calling thread: m->phase is
 * TW__PHASE_PARALLEL, and every public call on the manager tests it first
 * (tw__door, tween-private.h), so each refuses with TW_EBUSY before it
 * reads or writes anything a chunk may touch. */
#include "life.h"

/* What par_job() needs: the pass. */
typedef struct par_pass {
  tw_manager *m;
  uint32_t base; /* the window's begin: par_job's 0 */
  unsigned type;
  double sdt, unscaled_dt;
} par_pass;

static void par_job(void *arg, size_t begin, size_t end) {
  const par_pass *p = arg;
  struct tw__par *par = p->m->par;
  tw__mark *c;

  if (begin >= end || end > par->cap)
    return; /* a hook outside [0, n): nothing to do there */
  c = &par->list[begin];
  c->count =
      tw__par_step(p->m, p->base + (uint32_t)begin, p->base + (uint32_t)end,
                   p->type, p->sdt, p->unscaled_dt, c);
  c->end = (uint32_t)end;
}

/* Room for n marks; TW_ENOMEM keeps the list as it was. */
static int reserve(tw_manager *m, struct tw__par *p, size_t n) {
  size_t cap = tw__grown(p->cap, 1024, n, (size_t)-1 / sizeof(tw__mark));
  tw__mark *l;

  if (cap == 0 || (l = tw__realloc(m, p->list, p->cap * sizeof *l,
                                   cap * sizeof *l)) == NULL)
    return TW_ENOMEM;
  p->list = l;
  p->cap = cap;
  return 0;
}

int tw__par_update(tw_manager *m, tw__walk *w, unsigned type, double sdt,
                   double unscaled_dt) {
  struct tw__par *p = m->par;
  uint32_t end = w->end - w->next, b, i; /* the window's length */
  par_pass job_arg;

  if (m->live < p->threshold || end == 0 || tw__compact_due(m) || p->lost)
    return 0;               /* serial: small, empty, its holes are to close (the
                               serial pass closes them as it goes), or a tween with a
                               key of its own not kept (keys.c) */
  if (m->key_nheads == 0) { /* freed by a restore: built again */
    if (!tw__keys_on(m))
      return 0;
    tw__keys_share_all(m);
  }
  if (p->cap < end && reserve(m, p, end) != 0)
    return 0;
  job_arg.m = m;
  job_arg.base = w->next;
  job_arg.type = type;
  job_arg.sdt = sdt;
  job_arg.unscaled_dt = unscaled_dt;
  m->phase = TW__PHASE_PARALLEL;
  TW__CALL(m, p->hook(p->pool, par_job, &job_arg, end, p->grain));
  m->phase = 0;
  for (b = 0; b < end; b = p->list[b].end) {
    const tw__mark *c = &p->list[b];
    if (c->end <= b || c->end > end || c->count > c->end - b)
      break; /* a hook that did not cover [0, n) as it must */
    for (i = 0; i < c->count; i++) {
      const tw__mark *k = &p->list[b + i];
      uint32_t idx;
      if (!tw__alive(m, k->slot, k->gen))
        continue; /* killed by a callback */
      idx = m->slots[k->slot].index;
      if ((idx & TW__NESTED) || m->active[idx].utype != type)
        continue; /* gone into a sequence, or to another update type */
      tw__par_visit(m, w, idx, sdt, unscaled_dt);
    }
  }
  return 1;
}

void tw__par_free(tw_manager *m) {
  struct tw__par *p = m->par;

  if (p == NULL)
    return;
  tw__free(m, p->list, p->cap * sizeof *p->list);
  tw__keys_bytes_free(m); /* keys.c's chains, which it grows */
  tw__free(m, p, sizeof *p);
  m->par = NULL;
}

int tw_manager_set_parallel(tw_manager *m, tw_parallel_fn hook, void *pool,
                            size_t grain, size_t threshold) {
  struct tw__par *p;

  if (tw__door(m, "tw_manager_set_parallel"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  if (hook == NULL && pool != NULL)
    return tw__fail(m, TW_EINVAL, "tw_manager_set_parallel",
                    "a pool without a hook");
  if (hook != NULL && grain == 0)
    return tw__fail(m, TW_EINVAL, "tw_manager_set_parallel", "grain is 0");
  if (m->depth > 0 || m->busy > 0 || m->dying != 0)
    return tw__fail(m, TW_EBUSY, "tw_manager_set_parallel",
                    "called from inside a callback of this manager");
  if (hook == NULL) {
    tw__par_free(m); /* the marks stay: only a hook reads them */
    return 0;
  }
  p = m->par;
  if (p == NULL) {
    if ((p = tw__alloc(m, sizeof *p)) != NULL && !tw__keys_on(m)) {
      tw__free(m, p, sizeof *p);
      p = NULL;
    }
    if (p == NULL)
      return tw__fail(m, TW_ENOMEM, "tw_manager_set_parallel",
                      "no memory for the hook's state or the key index");
    memset(p, 0, sizeof *p);
    m->par = p;
    tw__keys_share_all(m);
  }
  p->hook = hook;
  p->pool = pool;
  p->grain = grain;
  p->threshold = threshold;
  return 0;
}

/* SPDX-License-Identifier: MIT */
/* tests/test_model.c's harness (model-harness.h): the rollback mode's runs. */
#include "model-harness.h"

/* ------------------------------------------------------------------ */
/* rollback                                                            */

/* Rollback mode: the random runs, and at random operations the library's
 * manager is snapshotted with the program's own state (its targets, its
 * handles, its callbacks' counters), then k operations run on both worlds
 * and are compared as ever, the library's log and targets after each one
 * recorded.  Then the manager is restored, the program's state put back,
 * and the same k operations run on the library alone: every log entry
 * (return codes, callbacks, setter failures) and every target must be bit
 * for bit the first run's, and tw_manager_validate clean after each; the
 * handles the first run issued stay stale.  Then both worlds go on,
 * compared as ever, the replays' setter failures counted out of the
 * library's statistics (they are cumulative: tween.h).  Every callback and
 * setter of the library finds tw_snapshot and tw_restore refused. */

#define RB_MAXK 16

void rollback_busy(const world *w) {
  unsigned char b[64];
  size_t used;

  if (w->model || !w->rollback)
    return;
  if (tw_snapshot(w->m, b, sizeof b, &used) != TW_EBUSY ||
      tw_restore(w->m, b, sizeof b) != TW_EBUSY)
    ck_abort_msg("tw_snapshot or tw_restore not refused in a callback");
}

/* L's log and targets after each operation of a window. */
typedef struct rb_rec {
  logent *log;
  int n, cap;
  targets tg;
} rb_rec;

static void rb_keep(rb_rec *r, const world *L) {
  if (L->nlog > r->cap) {
    logent *l = realloc(r->log, (size_t)L->nlog * sizeof *l);
    if (l == NULL)
      abort();
    r->log = l;
    r->cap = L->nlog;
  }
  if (L->nlog > 0)
    memcpy(r->log, L->log, (size_t)L->nlog * sizeof *L->log);
  r->n = L->nlog;
  r->tg = L->tg;
}

/* The operation ops[i] (generated if gen) on both worlds, compared. */
static void rb_step(world *L, world *M, rng *r, int crowd, op *ops, int i,
                    int n, outcome *out) {
  if (i == n - 1) {
    memset(&ops[i], 0, sizeof ops[i]);
    ops[i].kind = OP_FREE;
  } else {
    gen_op(r, M, crowd, &ops[i]);
    if (ops[i].kind == OP_CREATE && M->nserial >= SER_LIMIT)
      ops[i].kind = OP_KILL_ALL;
  }
  apply(L, &ops[i], 0);
  apply(M, &ops[i], 0);
  out->ops += 1 + count_ops(M);
}

void run_rollback(uint64_t seed, int n, outcome *out) {
  static world L, M;
  static op ops[TT_MODEL_MAXOPS];
  static rb_rec rec[RB_MAXK];
  static tw_handle hsave[MAXSER], first[MAXSER];
  static meta msave[MAXSER];
  static targets tgsave;
  static unsigned char *buf;
  static size_t bufcap;
  config c = config_of(seed);
  rng r, rb;
  int i = 0, j, k, crowd, nser, nfirst, rc;
  size_t used, sf0, sf1;
  tw_stats st;
  char *msg = out->msg;

  memset(out, 0, sizeof *out);
  seq_on = seq_run(seed, c.max_tweens);
  world_init(&L, 0, seed, &c);
  world_init(&M, 1, seed, &c);
  L.rollback = 1;
  M.tm.quirks = quirks_now;
  r.s = mix64(seed);
  rb.s = mix64(seed ^ 0x0b0b0b0bu);
  crowd = (int[]){8, 24, 48, 120}[seed % 4];
  while (i < n && !out->failed && !L.freed) {
    if (i + 1 < n - 1 && chance(&rb, 8)) {
      /* a window: snapshot, k operations, restore, the same again */
      k = 1 + rnd(&rb, RB_MAXK);
      if (i + k > n - 1)
        k = n - 1 - i;
      if (tw_snapshot_size(L.m, &used) != 0)
        abort();
      if (used > bufcap) {
        free(buf);
        bufcap = used * 2;
        if ((buf = malloc(bufcap)) == NULL)
          abort();
      }
      if (tw_snapshot(L.m, buf, bufcap, &used) != 0) {
        snprintf(msg, 512, "tw_snapshot failed");
        out->failed = i + 1;
        break;
      }
      nser = L.nserial;
      memcpy(hsave, L.h, (size_t)nser * sizeof *hsave);
      memcpy(msave, L.meta, (size_t)nser * sizeof *msave);
      tgsave = L.tg;
      tw_manager_stats(L.m, &st);
      sf0 = st.setter_failures;
      for (j = 0; j < k && !out->failed; j++) {
        rb_step(&L, &M, &r, crowd, ops, i + j, n, out);
        rb_keep(&rec[j], &L);
        compare(&L, &M, msg);
        if (msg[0])
          out->failed = i + j + 1;
      }
      if (out->failed)
        break;
      tw_manager_stats(L.m, &st);
      sf1 = st.setter_failures;
      nfirst = L.nserial - nser;
      memcpy(first, L.h + nser, (size_t)nfirst * sizeof *first);
      /* back to the snapshot, the program's state with it */
      if ((rc = tw_restore(L.m, buf, used)) != 0 ||
          (rc = tw_manager_validate(L.m)) != 0) {
        snprintf(msg, 512, "tw_restore failed, or left an invalid manager: %s",
                 tw_last_error_detail(L.m));
        out->failed = i + 1;
        break;
      }
      L.nserial = nser;
      memcpy(L.h, hsave, (size_t)nser * sizeof *hsave);
      memcpy(L.meta, msave, (size_t)nser * sizeof *msave);
      L.tg = tgsave;
      L.nlog = 0;
      L.replayed_failures += sf1 - sf0;
      for (j = 0; j < k && !out->failed; j++) {
        apply(&L, &ops[i + j], 0);
        out->ops += 1 + count_ops(&L);
        if (L.nlog != rec[j].n ||
            (L.nlog > 0 &&
             memcmp(L.log, rec[j].log, (size_t)L.nlog * sizeof *L.log) != 0))
          snprintf(msg, 512, "replay of operation %d: the log differs",
                   i + j + 1);
        else if (memcmp(&L.tg, &rec[j].tg, sizeof L.tg) != 0)
          snprintf(msg, 512, "replay of operation %d: the targets differ",
                   i + j + 1);
        else if (tw_manager_validate(L.m) != 0)
          snprintf(msg, 512, "replay of operation %d: validate failed",
                   i + j + 1);
        if (msg[0])
          out->failed = i + j + 1;
        L.nlog = 0;
      }
      for (j = 0; j < nfirst && !out->failed; j++)
        if (tw_is_active(L.m, first[j]) != 0 ||
            tw_kill(L.m, first[j], 0) != TW_ESTALE) {
          snprintf(msg, 512, "a handle of the undone run is not stale");
          out->failed = i + k;
        }
      if (!out->failed) {
        compare(&L, &M, msg); /* and the model agrees */
        if (msg[0])
          out->failed = i + k;
      }
      i += k;
      continue;
    }
    rb_step(&L, &M, &r, crowd, ops, i, n, out);
    compare(&L, &M, msg);
    if (msg[0])
      out->failed = i + 1;
    i++;
  }
  world_done(&L);
  world_done(&M);
}

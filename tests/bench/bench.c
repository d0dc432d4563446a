/* SPDX-License-Identifier: MIT */
/* make bench: libtween against a hand-written C baseline, in one run.
 *
 * The baseline is what a careful C programmer writes without a library:
 * an array of {target, from, to, duration, elapsed} updated with OutQuad,
 * finished entries removed by an in-order compaction in the same pass.
 * Each figure is the median of TW_BENCH_RUNS runs (default 5).  Sizes:
 * TW_BENCH_N (tweens, default 100000), TW_BENCH_UPDATES (default 600).
 * Prints one table: workload, libtween, baseline, ratio, target, met.
 * Rows without a target are shown for information.  TW_BENCH_ONLY=W0o
 * (a row group's id: W1, W1p, W0, W0o, W0f, W0k, W2, W3, W4, W5, W6, S,
 * M, SNAP, UI) runs one group alone (SNAP: the SNAP and RESTORE rows; W1p: the
 * parallel update's rows, W1p, W1p-small, W2p and the scaling rows P1 and
 * P2, which need the ready pool). */
#define _XOPEN_SOURCE 600
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tween.h"

#define DT (1.0 / 60.0)

static size_t N = 100000, UPDATES = 600, RUNS = 5;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static size_t env_size(const char *name, size_t def) {
  const char *v = getenv(name);
  long n = v != NULL ? atol(v) : 0;
  return n > 0 ? (size_t)n : def;
}

/* Whether the row group id runs (TW_BENCH_ONLY). */
static int want(const char *id) {
  const char *only = getenv("TW_BENCH_ONLY");
  return only == NULL || *only == 0 || strcmp(only, id) == 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, size_t n) {
  qsort(v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void die(int rc, const char *what) {
  if (rc < 0) {
    fprintf(stderr, "bench: %s: %s\n", what, tw_strerror(rc));
    exit(1);
  }
}

/* counting allocator */

typedef struct counter {
  size_t calls, bytes, peak;
} counter;

static void *count_alloc(void *ud, void *p, size_t old_n, size_t new_n) {
  counter *c = ud;
  if (new_n == 0) {
    c->bytes -= old_n;
    free(p);
    return NULL;
  }
  p = realloc(p, new_n);
  if (p != NULL) {
    c->calls++;
    c->bytes += new_n - old_n;
    if (c->bytes > c->peak)
      c->peak = c->bytes;
  }
  return p;
}

/* The parallel update of the managers manager() makes: the ready pool
 * (NULL: serial) and the threshold. */
static tw_threads *bench_pool;
static size_t bench_threshold = TW_DEFAULT_PARALLEL_THRESHOLD;

static tw_manager *manager(size_t tweens, counter *c) {
  tw_config cfg;
  tw_manager *m;

  tw_config_init(&cfg);
  if (tweens)
    cfg.tweens = tweens;
  cfg.warn = tw_warn_silent;
  cfg.pool_bound = 2 * N + 1000;
  if (c != NULL) {
    cfg.alloc = count_alloc;
    cfg.alloc_ud = c;
  }
  if (bench_pool != NULL) {
    cfg.parallel = tw_threads_parallel_for;
    cfg.parallel_pool = bench_pool;
    cfg.parallel_threshold = bench_threshold;
  }
  die(tw_manager_new(&cfg, &m), "manager");
  return m;
}

/* the baseline */

typedef struct base_tw {
  float *target;
  float from, to, duration, elapsed;
} base_tw;

typedef struct base_list {
  base_tw *a;
  size_t n, cap;
} base_list;

static void base_add(base_list *l, float *target, float to, float duration) {
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 256;
    l->a = realloc(l->a, l->cap * sizeof *l->a);
    if (l->a == NULL)
      exit(1);
  }
  l->a[l->n].target = target;
  l->a[l->n].from = *target;
  l->a[l->n].to = to;
  l->a[l->n].duration = duration;
  l->a[l->n].elapsed = 0;
  l->n++;
}

/* Copies the entry first and updates the copy: writing elapsed in place
 * and then copying the whole entry down would read a record just written,
 * which stalls store forwarding and makes the floor three times slower. */
static void base_update(base_list *l, float dt) {
  size_t i, j = 0;
  for (i = 0; i < l->n; i++) {
    base_tw t = l->a[i];
    float x, y;
    t.elapsed += dt;
    if (t.elapsed >= t.duration) {
      *t.target = t.to;
      continue;
    }
    x = t.elapsed / t.duration;
    y = x * (2.0f - x);
    *t.target = t.from + (t.to - t.from) * y;
    l->a[j++] = t;
  }
  l->n = j;
}

/* The baseline over five types: one struct per tween with a component
 * count, as a careful programmer would write for mixed vectors. */
typedef struct base_vec {
  float *target;
  int n;
  float from[4], to[4];
  float duration, elapsed;
} base_vec;

static void base_vec_update(base_vec *a, size_t n, float dt) {
  size_t i;
  int k;
  for (i = 0; i < n; i++) {
    base_vec *t = &a[i];
    float x, y;
    t->elapsed += dt;
    x = t->elapsed / t->duration;
    y = x * (2.0f - x);
    for (k = 0; k < t->n; k++)
      t->target[k] = t->from[k] + (t->to[k] - t->from[k]) * y;
  }
}

/* the table */

typedef struct row {
  const char *id, *what, *unit;
  double lib, base, target;
  int higher_ok; /* target is a plain bound on lib, not a ratio */
} row;

static row rows[64];
static int nrows;

static void add_row(const char *id, const char *what, const char *unit,
                    double lib, double base, double target) {
  row *r = &rows[nrows++];
  r->id = id;
  r->what = what;
  r->unit = unit;
  r->lib = lib;
  r->base = base;
  r->target = target;
  r->higher_ok = base <= 0;
}

/* A row with a baseline and no target: shown, not judged. */
static void add_info(const char *id, const char *what, const char *unit,
                     double lib, double base) {
  add_row(id, what, unit, lib, base, 0);
}

/* W1 / S: n float tweens by pointer (or setter), none finishing */

static int set_float(void *ud, const void *v) {
  memcpy(ud, v, sizeof(float));
  return 0;
}

static void get_float(void *ud, void *out) { memcpy(out, ud, sizeof(float)); }

static double w1_lib(size_t n, size_t updates, int setter) {
  double t[64], t0;
  size_t r, i, u;
  float *vals = calloc(n, sizeof *vals);
  for (r = 0; r < RUNS; r++) {
    tw_manager *m = manager(n, NULL);
    float end = 1.0f;
    for (i = 0; i < n; i++) {
      if (setter)
        die(tw_to_fn(m, TW_TYPE_FLOAT, set_float, get_float, &vals[i], &end,
                     1e6, NULL),
            "create");
      else
        die(tw_float_to(m, &vals[i], 1.0f, 1e6, NULL), "create");
    }
    tw_update(m, TW_UPDATE_NORMAL, DT, DT); /* starts them */
    t0 = now();
    for (u = 0; u < updates; u++)
      tw_update(m, TW_UPDATE_NORMAL, DT, DT);
    t[r] = (now() - t0) * 1e9 / ((double)n * (double)updates);
    tw_manager_free(m);
  }
  free(vals);
  return median(t, RUNS);
}

static double w1_base(size_t n, size_t updates) {
  double t[64], t0;
  size_t r, i, u;
  float *vals = calloc(n, sizeof *vals);
  for (r = 0; r < RUNS; r++) {
    base_list l = {NULL, 0, 0};
    for (i = 0; i < n; i++)
      base_add(&l, &vals[i], 1.0f, 1e6f);
    base_update(&l, (float)DT);
    t0 = now();
    for (u = 0; u < updates; u++)
      base_update(&l, (float)DT);
    t[r] = (now() - t0) * 1e9 / ((double)n * (double)updates);
    free(l.a);
  }
  free(vals);
  return median(t, RUNS);
}

/* W1s's baseline: the hand loop of W1, but each value written through a
 * setter called by pointer (set_float, as the library calls it), as a
 * toolkit's property setter is called: the entry keeps the setter and its
 * ud in place of the target. */
typedef struct base_set {
  int (*set)(void *ud, const void *v);
  void *ud;
  float from, to, duration, elapsed;
} base_set;

static double w1_base_setter(size_t n, size_t updates) {
  double t[64], t0;
  size_t r, i, u;
  float *vals = calloc(n, sizeof *vals);
  base_set *a = calloc(n, sizeof *a);
  if (vals == NULL || a == NULL)
    exit(1);
  for (r = 0; r < RUNS; r++) {
    size_t live = n;
    for (i = 0; i < n; i++) {
      a[i].set = set_float;
      a[i].ud = &vals[i];
      a[i].from = vals[i];
      a[i].to = 1.0f;
      a[i].duration = 1e6f;
      a[i].elapsed = 0;
    }
    t0 = now();
    for (u = 0; u <= updates; u++) {
      size_t j = 0;
      if (u == 1)
        t0 = now(); /* the first update starts them, as W1's */
      for (i = 0; i < live; i++) {
        base_set *e = &a[i];
        float el = e->elapsed + (float)DT, x, v;
        if (el >= e->duration) {
          v = e->to;
          (void)e->set(e->ud, &v);
          continue;
        }
        x = el / e->duration;
        v = e->from + (e->to - e->from) * (x * (2.0f - x));
        e->elapsed = el;
        if (e->set(e->ud, &v) != 0)
          continue;
        if (j != i)
          a[j] = a[i];
        j++;
      }
      live = j;
    }
    t[r] = (now() - t0) * 1e9 / ((double)n * (double)updates);
  }
  free(a);
  free(vals);
  return median(t, RUNS);
}

/* W0: creation, cold (fresh manager) and warm (capacity and pool ready) */

static void w0(void) {
  double tl[64], tw[64], bl[64], bw[64], t0;
  size_t r, i;
  float *vals = calloc(N, sizeof *vals);
  for (r = 0; r < RUNS; r++) {
    tw_manager *m = manager(0, NULL);
    base_list l = {NULL, 0, 0};
    t0 = now();
    for (i = 0; i < N; i++)
      tw_float_to(m, &vals[i], 1.0f, 1.0, NULL);
    tl[r] = (now() - t0) * 1e9 / (double)N;
    tw_kill_all(m, 0);
    tw_update(m, TW_UPDATE_NORMAL, 0, 0);
    t0 = now();
    for (i = 0; i < N; i++)
      tw_float_to(m, &vals[i], 1.0f, 1.0, NULL);
    tw[r] = (now() - t0) * 1e9 / (double)N;
    tw_manager_free(m);

    t0 = now();
    for (i = 0; i < N; i++)
      base_add(&l, &vals[i], 1.0f, 1.0f);
    bl[r] = (now() - t0) * 1e9 / (double)N;
    l.n = 0;
    t0 = now();
    for (i = 0; i < N; i++)
      base_add(&l, &vals[i], 1.0f, 1.0f);
    bw[r] = (now() - t0) * 1e9 / (double)N;
    free(l.a);
  }
  add_row("W0", "create floats, cold", "ns/tween", median(tl, RUNS),
          median(bl, RUNS), 2.0);
  add_row("W0", "create floats, warm", "ns/tween", median(tw, RUNS),
          median(bw, RUNS), 1.6);
  free(vals);
}

/* W0o: creation of N floats with overwrite on (tw_config.overwrite, the
 * index of keys built, as in a program that uses it) against the same with
 * it off, in the same run: within 1.5.  Then the start of those tweens
 * (one update: each overwriting tween looks for older ones on its key, in
 * the index, which does not grow with the number of live tweens; without
 * overwrite a plain tween starts inline in the pass). */
static void create_start(int overwrite, float *vals, double *create,
                         double *start) {
  tw_config cfg;
  tw_manager *m;
  tw_handle none;
  double t0;
  size_t i;

  tw_config_init(&cfg);
  cfg.tweens = N + 16;
  cfg.warn = tw_warn_silent;
  cfg.overwrite = overwrite;
  die(tw_manager_new(&cfg, &m), "manager");
  if (overwrite)
    tw_writer(m, &vals[0], &none); /* builds the index */
  t0 = now();
  for (i = 0; i < N; i++)
    tw_float_to(m, &vals[i], 1.0f, 1.0, NULL);
  *create = (now() - t0) * 1e9 / (double)N;
  t0 = now();
  tw_update(m, TW_UPDATE_NORMAL, DT, DT);
  *start = (now() - t0) * 1e9 / (double)N;
  tw_manager_free(m);
}

static void w0o(void) {
  double con[64], coff[64], son[64], soff[64];
  size_t r;
  float *vals = calloc(N, sizeof *vals);

  for (r = 0; r < RUNS; r++) {
    create_start(TW_OVERWRITE_NONE, vals, &coff[r], &soff[r]);
    create_start(TW_OVERWRITE_KILL, vals, &con[r], &son[r]);
  }
  add_row("W0o", "create floats, overwrite on vs off", "ns/tween",
          median(con, RUNS), median(coff, RUNS), 1.5);
  add_info("W0o", "first update (start), overwrite on vs off", "ns/tween",
           median(son, RUNS), median(soff, RUNS));
  free(vals);
}

/* W0 fresh: creation of N floats timed in a new process (this program run
 * again with --fresh), so that the page faults of first touching the
 * memory are paid as a program's first frames pay them.  The child prints
 * ns per tween, bytes allocated per tween and minor page faults per 1000
 * tweens. */

static long minor_faults(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_minflt;
}

static int fresh_child(const char *which) {
  float *vals = calloc(N, sizeof *vals);
  double t0, ns;
  size_t i, bytes;
  long f0, faults;
  if (vals == NULL)
    return 1;
  for (i = 0; i < N; i++) /* the targets are the program's, touched before */
    vals[i] = 0;
  if (strcmp(which, "lib") == 0) {
    counter c = {0, 0, 0};
    tw_manager *m = manager(0, &c);
    f0 = minor_faults();
    t0 = now();
    for (i = 0; i < N; i++)
      tw_float_to(m, &vals[i], 1.0f, 1.0, NULL);
    ns = (now() - t0) * 1e9 / (double)N;
    faults = minor_faults() - f0;
    bytes = c.bytes;
  } else {
    base_list l = {NULL, 0, 0};
    f0 = minor_faults();
    t0 = now();
    for (i = 0; i < N; i++)
      base_add(&l, &vals[i], 1.0f, 1.0f);
    ns = (now() - t0) * 1e9 / (double)N;
    faults = minor_faults() - f0;
    bytes = l.cap * sizeof *l.a;
  }
  printf("%.17g %.17g %.17g\n", ns, (double)bytes / (double)N,
         (double)faults * 1000.0 / (double)N);
  return 0;
}

/* Runs `self --fresh which` and reads its three figures; 0 on success. */
static int fresh_run(const char *self, const char *which, double out[3]) {
  int fd[2], st, ok;
  pid_t pid;
  FILE *f;
  if (pipe(fd) != 0)
    return -1;
  pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    char *args[4];
    args[0] = (char *)self;
    args[1] = (char *)"--fresh";
    args[2] = (char *)which;
    args[3] = NULL;
    close(fd[0]);
    dup2(fd[1], 1);
    execv(self, args);
    _exit(127);
  }
  close(fd[1]);
  f = fdopen(fd[0], "r");
  ok = f != NULL && fscanf(f, "%lf %lf %lf", &out[0], &out[1], &out[2]) == 3;
  if (f != NULL)
    fclose(f);
  else
    close(fd[0]);
  waitpid(pid, &st, 0);
  return ok && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static void w0_fresh(const char *self) {
  double l[3][64], b[3][64], v[3];
  size_t r;
  int k;
  for (r = 0; r < RUNS; r++) {
    if (fresh_run(self, "lib", v) != 0)
      return;
    for (k = 0; k < 3; k++)
      l[k][r] = v[k];
    if (fresh_run(self, "base", v) != 0)
      return;
    for (k = 0; k < 3; k++)
      b[k][r] = v[k];
  }
  add_row("W0f", "create floats, fresh process", "ns/tween", median(l[0], RUNS),
          median(b[0], RUNS), 2.5);
  add_info("W0f", "bytes allocated per tween, fresh", "bytes",
           median(l[1], RUNS), median(b[1], RUNS));
  add_info("W0f", "page faults per 1000 tweens, fresh", "faults",
           median(l[2], RUNS), median(b[2], RUNS));
}

/* W0k: floats with a key of their own (tw_set_key), created with a
 * parallel hook set, at 1k, 10k and 100k of them, against the same
 * without the hook; then as many plain floats created beside them.  Their
 * cost per creation must not grow with how many there are: the largest
 * size's over the smallest's within 1.3, as the S rows. */
static void serial_hook(void *pool, tw_job_fn job, void *arg, size_t n,
                        size_t grain) {
  (void)pool;
  (void)grain;
  job(arg, 0, n);
}

/* ns per own-key creation into own[r], per plain one beside into plain[r],
 * a run of about 100k of each (the smaller sizes repeated). */
static void own_key_runs(size_t n, int hook, double *own, double *plain) {
  size_t reps = n < 100000 ? 100000 / n : 1, r, k, i;
  float *vals = calloc(2 * n, sizeof *vals);
  char *keys = malloc(n);
  for (r = 0; r < RUNS; r++) {
    double to = 0, tp = 0, t0;
    for (k = 0; k < reps; k++) {
      tw_manager *m = manager(2 * n + 16, NULL);
      if (hook)
        die(tw_manager_set_parallel(m, serial_hook, NULL, 64, 0), "hook");
      t0 = now();
      for (i = 0; i < n; i++) {
        tw_handle h;
        die(tw_float_to(m, &vals[i], 1.0f, 1.0, &h), "create");
        die(tw_set_key(m, h, &keys[i]), "key");
      }
      to += now() - t0;
      t0 = now();
      for (i = 0; i < n; i++)
        die(tw_float_to(m, &vals[n + i], 1.0f, 1.0, NULL), "create");
      tp += now() - t0;
      tw_manager_free(m);
    }
    own[r] = to * 1e9 / ((double)n * (double)reps);
    plain[r] = tp * 1e9 / ((double)n * (double)reps);
  }
  free(vals);
  free(keys);
}

static void w0k(void) {
  static const size_t sizes[3] = {1000, 10000, 100000};
  static const char *const ids[3] = {"W0k 1k", "W0k 10k", "W0k 100k"};
  double own[3], plain[3], ho[64], hp[64], so[64], sp[64];
  size_t i;
  for (i = 0; i < 3; i++) {
    own_key_runs(sizes[i], 0, so, sp);
    own_key_runs(sizes[i], 1, ho, hp);
    own[i] = median(ho, RUNS);
    plain[i] = median(hp, RUNS);
    add_info(ids[i], "own-key float, hook set vs none", "ns/tween", own[i],
             median(so, RUNS));
    add_info(ids[i], "float beside them, hook set vs none", "ns/tween",
             plain[i], median(sp, RUNS));
  }
  add_row("W0k", "own-key float with a hook, 100k / 1k", "ratio",
          own[2] / own[0], 0, 1.3);
  add_row("W0k", "float beside them, 100k / 1k", "ratio", plain[2] / plain[0],
          0, 1.3);
}

/* W2 / Z: churn, 2000 new 0.5 s tweens per update */

/* The library's part of W2: the median ns per tween lifetime, and the
 * allocations after 100 updates. */
static double w2_lib(size_t *allocs_after) {
  size_t per = N / 50 ? N / 50 : 1, updates = UPDATES * 2;
  size_t live = per * 31, r, u, i;
  double tl[64], t0;
  float *vals = calloc(live, sizeof *vals);
  for (r = 0; r < RUNS; r++) {
    counter c = {0, 0, 0};
    tw_manager *m = manager(0, &c);
    size_t k = 0, calls_at_100 = 0;
    t0 = now();
    for (u = 0; u < updates; u++) {
      if (u == 100)
        calls_at_100 = c.calls;
      for (i = 0; i < per; i++, k++)
        tw_float_to(m, &vals[k % live], 1.0f, 0.5, NULL);
      tw_update(m, TW_UPDATE_NORMAL, DT, DT);
    }
    tl[r] = (now() - t0) * 1e9 / ((double)per * (double)updates);
    if (updates > 100)
      *allocs_after = c.calls - calls_at_100;
    tw_manager_free(m);
  }
  free(vals);
  return median(tl, RUNS);
}

static void w2(void) {
  size_t per = N / 50 ? N / 50 : 1, updates = UPDATES * 2;
  size_t live = per * 31, r, u, i, allocs_after = 0;
  double bl[64], t0, lib = w2_lib(&allocs_after);
  float *vals = calloc(live, sizeof *vals);
  for (r = 0; r < RUNS; r++) {
    base_list l = {NULL, 0, 0};
    size_t k = 0;
    t0 = now();
    for (u = 0; u < updates; u++) {
      for (i = 0; i < per; i++, k++)
        base_add(&l, &vals[k % live], 1.0f, 0.5f);
      base_update(&l, (float)DT);
    }
    bl[r] = (now() - t0) * 1e9 / ((double)per * (double)updates);
    free(l.a);
  }
  add_row("W2", "churn, per tween lifetime", "ns/tween", lib, median(bl, RUNS),
          1.5);
  add_row("Z", "allocations in W2 after 100 updates", "count",
          (double)allocs_after, 0, 0);
  free(vals);
}

/* W3: kill every other one of N, then one update; against one plain
 * update of N */

static void w3(void) {
  double tk[64], tp[64], t0;
  size_t r, i;
  float *vals = calloc(N, sizeof *vals);
  tw_handle *h = calloc(N, sizeof *h);
  for (r = 0; r < RUNS; r++) {
    tw_manager *m = manager(N, NULL);
    for (i = 0; i < N; i++)
      tw_float_to(m, &vals[i], 1.0f, 1e6, &h[i]);
    tw_update(m, TW_UPDATE_NORMAL, DT, DT);
    t0 = now();
    tw_update(m, TW_UPDATE_NORMAL, DT, DT);
    tp[r] = (now() - t0) * 1e9;
    t0 = now();
    for (i = 0; i < N; i += 2)
      tw_kill(m, h[i], 0);
    tw_update(m, TW_UPDATE_NORMAL, DT, DT);
    tk[r] = (now() - t0) * 1e9;
    tw_manager_free(m);
  }
  add_row("W3", "kill half of N + 1 update", "ns", median(tk, RUNS),
          median(tp, RUNS), 1.7);
  free(vals);
  free(h);
}

/* W4: 1000 creations needing a record (an id) with 100,000 vec3 records
 * pooled, against the same with an empty pool */

static double w4_once(int fill) {
  double t[64], t0;
  size_t r, i, k = 1000;
  float vals[1000];
  tw_vec3 v3 = {0, 0, 0}, *vs = calloc(N, sizeof *vs);
  for (r = 0; r < RUNS; r++) {
    tw_manager *m = manager(N + k, NULL);
    tw_handle h;
    if (fill) {
      for (i = 0; i < N; i++) {
        tw_vec3_to(m, &vs[i], v3, 1.0, &h);
        tw_set_id(m, h, 1);
      }
      tw_kill_all(m, 0);
      tw_update(m, TW_UPDATE_NORMAL, 0, 0);
    }
    t0 = now();
    for (i = 0; i < k; i++) {
      tw_float_to(m, &vals[i], 1.0f, 1.0, &h);
      tw_set_id(m, h, 2);
    }
    t[r] = (now() - t0) * 1e9 / (double)k;
    tw_manager_free(m);
  }
  free(vs);
  return median(t, RUNS);
}

/* W5: one update with 0 live at capacity 1,000,000 against capacity 200 */

static double w5_once(size_t cap) {
  double t[64], t0;
  size_t r, u, reps = 100000;
  for (r = 0; r < RUNS; r++) {
    tw_manager *m = manager(cap, NULL);
    float x = 0;
    tw_handle h;
    /* fill and empty it once, so the array has been used */
    tw_float_to(m, &x, 1.0f, 1.0, &h);
    tw_kill(m, h, 0);
    t0 = now();
    for (u = 0; u < reps; u++)
      tw_update(m, TW_UPDATE_NORMAL, DT, DT);
    t[r] = (now() - t0) * 1e9 / (double)reps;
    tw_manager_free(m);
  }
  return median(t, RUNS);
}

/* W6: N tweens over float, vec2, vec3, vec4, colour */

static void w6(void) {
  double tl[64], bl[64], t0;
  size_t r, i, u;
  tw_vec4 *vals = calloc(N, sizeof *vals);
  base_vec *b = calloc(N, sizeof *b);
  for (r = 0; r < RUNS; r++) {
    tw_manager *m = manager(N, NULL);
    for (i = 0; i < N; i++) {
      tw_vec4 e4 = {1, 2, 3, 4};
      tw_color ec = {1, 1, 1, 1};
      tw_vec2 e2 = {1, 2};
      tw_vec3 e3 = {1, 2, 3};
      switch (i % 5) {
      case 0:
        tw_float_to(m, &vals[i].x, 1.0f, 1e6, NULL);
        break;
      case 1:
        tw_vec2_to(m, (tw_vec2 *)&vals[i], e2, 1e6, NULL);
        break;
      case 2:
        tw_vec3_to(m, (tw_vec3 *)&vals[i], e3, 1e6, NULL);
        break;
      case 3:
        tw_vec4_to(m, &vals[i], e4, 1e6, NULL);
        break;
      default:
        tw_color_to(m, (tw_color *)&vals[i], ec, 1e6, NULL);
        break;
      }
    }
    tw_update(m, TW_UPDATE_NORMAL, DT, DT);
    t0 = now();
    for (u = 0; u < UPDATES; u++)
      tw_update(m, TW_UPDATE_NORMAL, DT, DT);
    tl[r] = (now() - t0) * 1e9 / ((double)N * (double)UPDATES);
    tw_manager_free(m);

    for (i = 0; i < N; i++) {
      int k;
      b[i].target = &vals[i].x;
      b[i].n = (int)(i % 5) + 1 > 4 ? 4 : (int)(i % 5) + 1;
      for (k = 0; k < 4; k++) {
        b[i].from[k] = 0;
        b[i].to[k] = (float)k + 1;
      }
      b[i].duration = 1e6f;
      b[i].elapsed = 0;
    }
    t0 = now();
    for (u = 0; u < UPDATES; u++)
      base_vec_update(b, N, (float)DT);
    bl[r] = (now() - t0) * 1e9 / ((double)N * (double)UPDATES);
  }
  add_row("W6", "5 value types, per tween-update", "ns", median(tl, RUNS),
          median(bl, RUNS), 1.5);
  free(vals);
  free(b);
}

/* UI: a toolkit's workload (DESIGN.md §14), the library against the
 * hand-written UI a programmer would write, in the same run, interleaved.
 * 2,000 widgets whose x, y, alpha and scale are written through setters
 * (which store the value and mark the widget dirty); 1,800 of them
 * animate x and alpha with four eases (OutQuad, InOutCubic, OutBack,
 * OutExpo) over 0.5 to 2 s; 200 run a sequence (y, then alpha, then
 * scale, then a callback), made again when it ends; every frame 5% of the
 * free tweens change their mind: UIk kills them and makes them anew from
 * the current value, UIr retargets them (a tween that has ended is made
 * anew).  The hand-written UI keeps an animation state per property in
 * the widget and calls the setter through a function pointer, as a
 * toolkit's table of functions would; it restarts from the current value
 * in both rows. */

enum { UI_WIDGETS = 2000, UI_FREE = 1800, UI_FRAMES = 600 };

/* out of line, so that make bench-ops's kin (callgrind) can tell the two
 * UIs' frames apart */
#if defined(__GNUC__)
#define BENCH_NOINLINE __attribute__((noinline))
#define BENCH_INLINE __inline__ __attribute__((always_inline))
#else
#define BENCH_NOINLINE
#define BENCH_INLINE
#endif

typedef struct ui_anim {
  float from, to, dur, t;
  int ease, on;
} ui_anim;

typedef struct widget {
  float p[4]; /* x, y, alpha, scale */
  unsigned dirty;
  ui_anim a[4]; /* the hand-written UI's state */
  int phase;    /* the hand-written sequence's child, 3: its callback */
  int rebuild;  /* the library's sequence ended */
  tw_handle h[2];
} widget;

static widget *ui_w;

#define UI_SETTER(name, k)                                                     \
  static int name(void *ud, const void *v) {                                   \
    widget *w = ud;                                                            \
    memcpy(&w->p[k], v, sizeof(float));                                        \
    w->dirty = 1;                                                              \
    return 0;                                                                  \
  }
UI_SETTER(ui_set_x, 0)
UI_SETTER(ui_set_y, 1)
UI_SETTER(ui_set_alpha, 2)
UI_SETTER(ui_set_scale, 3)
#define UI_GETTER(name, k)                                                     \
  static void name(void *ud, void *out) {                                      \
    memcpy(out, &((widget *)ud)->p[k], sizeof(float));                         \
  }
UI_GETTER(ui_get_x, 0)
UI_GETTER(ui_get_y, 1)
UI_GETTER(ui_get_alpha, 2)
UI_GETTER(ui_get_scale, 3)

static tw_setter_fn const ui_setters[4] = {ui_set_x, ui_set_y, ui_set_alpha,
                                           ui_set_scale};
static tw_getter_fn const ui_getters[4] = {ui_get_x, ui_get_y, ui_get_alpha,
                                           ui_get_scale};
static const tw_ease ui_eases[4] = {TW_EASE_OUT_QUAD, TW_EASE_IN_OUT_CUBIC,
                                    TW_EASE_OUT_BACK, TW_EASE_OUT_EXPO};

static unsigned ui_rand(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return (*s >> 8) & 0xffffffu;
}

/* a duration of 0.5 to 2 s, an end, an ease: the same for both UIs */
static void ui_pick(unsigned *s, float *end, float *dur, int *ease) {
  *end = (float)(ui_rand(s) % 1000) / 10.0f;
  *dur = 0.5f + (float)(ui_rand(s) % 1500) / 1000.0f;
  *ease = (int)(ui_rand(s) % 4);
}

/* in line in each frame, as in a program of one loop */
static BENCH_INLINE float ui_ease(int e, float x) {
  float c1 = 1.70158f, c3 = c1 + 1.0f, y;
  switch (e) {
  case 0:
    return x * (2.0f - x);
  case 1:
    if (x < 0.5f)
      return 4.0f * x * x * x;
    y = -2.0f * x + 2.0f;
    return 1.0f - y * y * y / 2.0f;
  case 2:
    y = x - 1.0f;
    return 1.0f + c3 * y * y * y + c1 * y * y;
  default:
    return x >= 1.0f ? 1.0f : 1.0f - powf(2.0f, -10.0f * x);
  }
}

/* What the hand-written UIs share, in line in each frame (so that each
 * frame's code is as a program of one loop would be): a start of an
 * animation (hw_start, ho_start), a change of mind's draws, and a
 * sequence's next child or the sequence made again. */
typedef void (*ui_start_fn)(widget *w, int k, float to, float dur, int ease);

/* A change of mind's draws: a free widget, x or alpha (*k), an end, a
 * duration and an ease; the same for every UI, in the same order. */
static BENCH_INLINE widget *ui_change(unsigned *s, int *k, float *end,
                                      float *dur, int *ease) {
  widget *w = &ui_w[ui_rand(s) % UI_FREE];
  *k = ui_rand(s) % 2 ? 2 : 0;
  ui_pick(s, end, dur, ease);
  return w;
}

/* A sequence made again (its callback): its first child, y. */
static BENCH_INLINE void ui_seq_first(widget *w, unsigned *s,
                                      ui_start_fn start) {
  float end, dur;
  int ease;
  ui_pick(s, &end, &dur, &ease);
  w->phase = 0;
  start(w, 1, end, 0.4f, 1);
}

/* A sequence's child ended: the next one (alpha, then scale), or the
 * sequence made again. */
static BENCH_INLINE void ui_seq_next(widget *w, unsigned *s,
                                     ui_start_fn start) {
  if (++w->phase < 3)
    start(w, w->phase + 1, w->p[w->phase + 1] > 0.5f ? 0.0f : 1.0f, 0.4f,
          w->phase == 1 ? 0 : 3);
  else
    ui_seq_first(w, s, start);
}

/* the hand-written UI */

static void hw_start(widget *w, int k, float to, float dur, int ease) {
  ui_anim *a = &w->a[k];
  a->from = w->p[k];
  a->to = to;
  a->dur = dur;
  a->t = 0;
  a->ease = ease;
  a->on = 1;
}

static BENCH_NOINLINE void hw_frame(unsigned *s, float dt) {
  size_t i, c;
  int k;
  /* the changes of mind */
  for (c = 0; c < UI_FREE * 2 / 20; c++) {
    float end, dur;
    int ease;
    widget *w = ui_change(s, &k, &end, &dur, &ease);
    hw_start(w, k, end, dur, ease);
  }
  for (i = 0; i < UI_WIDGETS; i++) {
    widget *w = &ui_w[i];
    for (k = 0; k < 4; k++) {
      ui_anim *a = &w->a[k];
      float v;
      if (!a->on)
        continue;
      a->t += dt;
      if (a->t >= a->dur) {
        v = a->to;
        a->on = 0;
      } else {
        v = a->from + (a->to - a->from) * ui_ease(a->ease, a->t / a->dur);
      }
      ui_setters[k](w, &v);
      if (!a->on && i >= UI_FREE) /* the sequence's next child */
        ui_seq_next(w, s, hw_start);
    }
  }
}

/* The hand-written UI again, written as the library's promise asks: one
 * array of animations in creation order, the newest last (so that the
 * last one made on a property writes last), a change of mind marking the
 * old entry dead and appending a new one, the pass compacting as it goes
 * and keeping each property's index of its entry.  The same work as
 * hw_frame in the order the library updates in: what the order costs a
 * program that keeps it by hand (the UIo rows). */

typedef struct ho_entry {
  widget *w;
  float from, to, dur, t;
  unsigned char k, ease, on, pad;
} ho_entry;

static ho_entry *ho_list;
static int *ho_at; /* each property's entry, -1: none */
static size_t ho_n;

static void ho_start(widget *w, int k, float to, float dur, int ease) {
  int *at = &ho_at[(w - ui_w) * 4 + k];
  ho_entry *e = &ho_list[ho_n];
  if (*at >= 0)
    ho_list[*at].on = 0; /* the old one: dead, its place dropped later */
  e->w = w;
  e->from = w->p[k];
  e->to = to;
  e->dur = dur;
  e->t = 0;
  e->k = (unsigned char)k;
  e->ease = (unsigned char)ease;
  e->on = 1;
  *at = (int)ho_n++;
}

static BENCH_NOINLINE void ho_frame(unsigned *s, float dt) {
  size_t i, c, d = 0;
  for (c = 0; c < UI_FREE * 2 / 20; c++) {
    float end, dur;
    int ease, k;
    widget *w = ui_change(s, &k, &end, &dur, &ease);
    ho_start(w, k, end, dur, ease);
  }
  for (i = 0; i < ho_n; i++) { /* ho_n grows as sequences go on */
    ho_entry *e = &ho_list[i];
    widget *w = e->w;
    int k = e->k, done;
    float v;
    if (!e->on)
      continue;
    e->t += dt;
    done = e->t >= e->dur;
    v = done ? e->to
             : e->from + (e->to - e->from) * ui_ease(e->ease, e->t / e->dur);
    ui_setters[k](w, &v);
    if (done) {
      ho_at[(w - ui_w) * 4 + k] = -1;
      if (w - ui_w >= UI_FREE) /* the sequence's next child */
        ui_seq_next(w, s, ho_start);
      continue;
    }
    if (d != i) {
      ho_list[d] = *e;
      ho_at[(w - ui_w) * 4 + k] = (int)d;
    }
    d++;
  }
  ho_n = d;
}

/* the library */

static void ui_done(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  ((widget *)ud)->rebuild = 1;
}

static tw_handle ui_child(tw_manager *m, widget *w, int k, float to, int ease) {
  tw_handle h;
  die(tw_to_fn(m, TW_TYPE_FLOAT, ui_setters[k], ui_getters[k], w, &to, 0.4, &h),
      "child");
  die(tw_set_ease(m, h, ui_eases[ease]), "ease");
  return h;
}

static void lib_seq(tw_manager *m, widget *w, unsigned *s) {
  tw_handle q;
  float end, dur;
  int ease;
  ui_pick(s, &end, &dur, &ease);
  die(tw_sequence(m, &q), "sequence");
  die(tw_seq_append(m, q, ui_child(m, w, 1, end, 1)), "append");
  die(tw_seq_append(m, q, ui_child(m, w, 2, w->p[2] > 0.5f ? 0.0f : 1.0f, 0)),
      "append");
  die(tw_seq_append(m, q, ui_child(m, w, 3, w->p[3] > 0.5f ? 0.0f : 1.0f, 3)),
      "append");
  die(tw_seq_append_callback(m, q, ui_done, w), "callback");
  w->rebuild = 0;
}

static void lib_new(tw_manager *m, widget *w, int k, float end, float dur,
                    int ease) {
  tw_handle *h = &w->h[k == 0 ? 0 : 1];
  die(tw_to_fn(m, TW_TYPE_FLOAT, ui_setters[k], ui_getters[k], w, &end, dur, h),
      "create");
  die(tw_set_ease(m, *h, ui_eases[ease]), "ease");
}

static BENCH_NOINLINE void lib_frame(tw_manager *m, unsigned *s, int retarget) {
  size_t i, c;
  for (c = 0; c < UI_FREE * 2 / 20; c++) {
    float end, dur;
    int ease, k;
    widget *w = ui_change(s, &k, &end, &dur, &ease);
    tw_handle *h = &w->h[k == 0 ? 0 : 1];
    if (tw_is_active(m, *h) > 0) { /* it has not ended */
      if (retarget && tw_retarget(m, *h, &end, dur) == 0)
        continue;
      tw_kill(m, *h, 0);
    }
    lib_new(m, w, k, end, dur, ease);
  }
  die(tw_update(m, TW_UPDATE_NORMAL, DT, DT), "update");
  for (i = UI_FREE; i < UI_WIDGETS; i++)
    if (ui_w[i].rebuild)
      lib_seq(m, &ui_w[i], s);
}

/* One run of a UI (lib 1: the library's, 0: the hand-written one, 2: the
 * hand-written one in creation order): ns per frame. */
static double ui_run(int lib, int retarget) {
  unsigned s = 12345;
  tw_manager *m = NULL;
  size_t i, f;
  int k;
  double t0, t;

  memset(ui_w, 0, UI_WIDGETS * sizeof *ui_w);
  ho_n = 0;
  for (i = 0; i < 4 * UI_WIDGETS; i++)
    ho_at[i] = -1;
  if (lib == 1)
    m = manager(4 * UI_WIDGETS, NULL);
  for (i = 0; i < UI_WIDGETS; i++) {
    widget *w = &ui_w[i];
    float end, dur;
    int ease;
    w->p[3] = 1.0f;
    if (i >= UI_FREE) {
      if (lib == 1)
        lib_seq(m, w, &s);
      else
        ui_seq_first(w, &s, lib == 2 ? ho_start : hw_start);
      continue;
    }
    for (k = 0; k < 4; k += 2) {
      ui_pick(&s, &end, &dur, &ease);
      if (k == 2)
        end /= 100.0f;
      if (lib == 1)
        lib_new(m, w, k, end, dur, ease);
      else if (lib == 2)
        ho_start(w, k, end, dur, ease);
      else
        hw_start(w, k, end, dur, ease);
    }
  }
  t0 = now();
  for (f = 0; f < UI_FRAMES; f++) {
    if (lib == 1)
      lib_frame(m, &s, retarget);
    else if (lib == 2)
      ho_frame(&s, (float)DT);
    else
      hw_frame(&s, (float)DT);
  }
  t = (now() - t0) * 1e9 / UI_FRAMES;
  if (lib == 1)
    tw_manager_free(m);
  return t;
}

static void ui(void) {
  double k[64], r[64], b[64], o[64];
  size_t i;
  /* TW_BENCH_UI=k, r or o: that row alone beside the hand-written UI (for
   * callgrind) */
  const char *only = getenv("TW_BENCH_UI");
  int rk = only == NULL || strcmp(only, "k") == 0,
      rr = only == NULL || strcmp(only, "r") == 0,
      ro = only == NULL || strcmp(only, "o") == 0;

  ui_w = calloc(UI_WIDGETS, sizeof *ui_w);
  ho_list = malloc(16 * UI_WIDGETS * sizeof *ho_list);
  ho_at = malloc(4 * UI_WIDGETS * sizeof *ho_at);
  if (ui_w == NULL || ho_list == NULL || ho_at == NULL)
    exit(1);
  for (i = 0; i < RUNS; i++) {
    if (rk)
      k[i] = ui_run(1, 0);
    b[i] = ui_run(0, 0);
    if (rr)
      r[i] = ui_run(1, 1);
    if (ro)
      o[i] = ui_run(2, 0);
  }
  if (rk)
    add_row("UIk", "UI, changes by kill + new, per frame", "ns",
            median(k, RUNS), median(b, RUNS), 1.5);
  if (rr)
    add_row("UIr", "UI, changes by tw_retarget, per frame", "ns",
            median(r, RUNS), median(b, RUNS), 2.0);
  if (ro) {
    add_info("UIo", "hand-written UI, creation order / by widget", "ns",
             median(o, RUNS), median(b, RUNS));
    if (rk)
      add_info("UIo", "UIk against the creation-order one", "ns",
               median(k, RUNS), median(o, RUNS));
  }
  free(ho_at);
  free(ho_list);
  free(ui_w);
}

/* M: bytes held per live float tween, through the allocator hook: the
 * growth of a manager's bytes from 1 to N live tweens at capacity set to
 * fit (what each tween costs), then the same grown from the default
 * capacity (what growth's slack adds), and the fixed bytes of an empty
 * manager. */
static size_t held(size_t n, size_t capacity) {
  counter c = {0, 0, 0};
  tw_manager *m = manager(capacity, &c);
  float *vals = calloc(n, sizeof *vals);
  size_t i, bytes;
  for (i = 0; i < n; i++)
    tw_float_to(m, &vals[i], 1.0f, 1.0, NULL);
  bytes = c.bytes;
  tw_manager_free(m);
  free(vals);
  return bytes;
}

static void mem(void) {
  size_t one = held(1, 1), fit = held(N, N), grown = held(N, 0);
  /* 52: the exact doubles (elapsed, duration), the 8-byte target and a
   * handle slot for every tween (doc/PERFORMANCE.md) */
  add_row("M", "bytes per float tween, capacity set", "bytes",
          (double)(fit - one) / (double)(N > 1 ? N - 1 : 1), 0, 52);
  add_row("M", "bytes per float tween, grown from 200", "bytes",
          (double)grown / (double)N, 0, 0);
  add_row("M", "bytes of an empty manager (capacity 1)", "bytes",
          (double)held(0, 1), 0, 0);
}

/* SNAP, RESTORE: a snapshot of N live plain float tweens, and its
 * restore, against a memcpy of the same bytes; then with a tenth of the
 * tweens holding a record (a delay). */

static double snap_once(int records, int restore, double *base) {
  tw_config c;
  tw_manager *m;
  float *vals = calloc(N, sizeof *vals);
  unsigned char *buf, *copy;
  double t[64], b[64], t0;
  size_t i, r, k, n = 0, used, reps = 10;
  tw_handle h;

  tw_config_init(&c);
  c.tweens = N;
  c.warn = tw_warn_silent;
  die(tw_manager_new(&c, &m), "tw_manager_new");
  for (i = 0; i < N; i++) {
    die(tw_float_to(m, &vals[i], 1.0f, 10.0, &h), "tw_float_to");
    if (records && i % 10 == 0)
      die(tw_set_id(m, h, 1), "tw_set_id");
  }
  die(tw_update(m, TW_UPDATE_NORMAL, DT, DT), "tw_update");
  die(tw_snapshot_size(m, &n), "tw_snapshot_size");
  buf = malloc(n);
  copy = malloc(n);
  if (vals == NULL || buf == NULL || copy == NULL)
    die(TW_ENOMEM, "malloc");
  die(tw_snapshot(m, buf, n, &used), "tw_snapshot");
  memcpy(copy, buf, n);
  for (r = 0; r < RUNS; r++) {
    t0 = now();
    for (k = 0; k < reps; k++)
      die(restore ? tw_restore(m, buf, n) : tw_snapshot(m, buf, n, &used),
          restore ? "tw_restore" : "tw_snapshot");
    t[r] = (now() - t0) / (double)reps * 1e6;
    t0 = now();
    for (k = 0; k < reps; k++) {
      memcpy(copy, buf, n);
      buf[k % n] ^= copy[(k * 7919) % n] & 1; /* kept, and undone below */
      buf[k % n] ^= copy[(k * 7919) % n] & 1;
    }
    b[r] = (now() - t0) / (double)reps * 1e6;
  }
  *base = median(b, RUNS);
  tw_manager_free(m);
  free(vals);
  free(buf);
  free(copy);
  return median(t, RUNS);
}

static void snaps(void) {
  double base, lib;

  lib = snap_once(0, 0, &base);
  add_row("SNAP", "snapshot of N plain floats vs memcpy", "us", lib, base, 2.0);
  lib = snap_once(0, 1, &base);
  add_row("RESTORE", "restore of N plain floats vs memcpy", "us", lib, base,
          3.0);
  lib = snap_once(1, 0, &base);
  add_row("SNAP", "snapshot, 10% with records, vs memcpy", "us", lib, base,
          2.0);
  lib = snap_once(1, 1, &base);
  add_row("RESTORE", "restore, 10% with records, vs memcpy", "us", lib, base,
          3.0);
}

/* W1p: W1 at 1M floats on the ready pool of 2 threads against the
 * hand-written loop; W1p-small: 1k floats with the hook set (the default
 * threshold) against the serial update; W2p: W2's churn with the hook
 * set; P1 and P2: W1 on 1 and 2 threads against the serial update at 10k,
 * 100k and 1M.  Interleaved: each figure is a median over runs. */
static void w1p(void) {
  static const size_t sizes[3] = {10000, 100000, 1000000};
  static const char *const p1[3] = {"P1 10k", "P1 100k", "P1 1M"};
  static const char *const p2[3] = {"P2 10k", "P2 100k", "P2 1M"};
  tw_threads *one, *two;
  double base, lib, ser;
  size_t i, u;

  if (tw_threads_new(1, &one) != 0 || tw_threads_new(2, &two) != 0) {
    printf("W1p: no ready pool in this build: skipped\n");
    return;
  }
  u = UPDATES < 60 ? UPDATES : 60;
  base = w1_base(1000000, u);
  bench_pool = two;
  lib = w1_lib(1000000, u, 0);
  bench_pool = NULL;
  add_row("W1p", "W1 at 1M, pool of 2 vs hand loop", "ns", lib, base, 0.6);
  ser = w1_lib(1000, UPDATES, 0);
  bench_pool = two;
  lib = w1_lib(1000, UPDATES, 0);
  bench_pool = NULL;
  add_row("W1p-small", "1k floats, hook set vs serial", "ns", lib, ser, 1.05);
  {
    size_t allocs;
    ser = w2_lib(&allocs);
    bench_pool = two;
    lib = w2_lib(&allocs);
    bench_pool = NULL;
    add_info("W2p", "W2 churn, hook set vs serial", "ns/tween", lib, ser);
  }
  for (i = 0; i < 3; i++) {
    size_t n = sizes[i], k = 60000000 / n;
    if (k > UPDATES)
      k = UPDATES;
    ser = w1_lib(n, k, 0);
    bench_threshold = 0;
    bench_pool = one;
    lib = w1_lib(n, k, 0);
    add_info(p1[i], "1 thread vs serial", "ns", lib, ser);
    bench_pool = two;
    lib = w1_lib(n, k, 0);
    add_info(p2[i], "2 threads vs serial", "ns", lib, ser);
    bench_pool = NULL;
    bench_threshold = TW_DEFAULT_PARALLEL_THRESHOLD;
  }
  tw_threads_free(one);
  tw_threads_free(two);
}

int main(int argc, char **argv) {
  int i, failed = 0;
  double s[4], smin, smax, b, bmin, bmax;
  static const size_t sizes[4] = {1000, 10000, 100000, 1000000};
  static const char *const snames[4] = {"S 1k", "S 10k", "S 100k", "S 1M"};

  N = env_size("TW_BENCH_N", N);
  UPDATES = env_size("TW_BENCH_UPDATES", UPDATES);
  RUNS = env_size("TW_BENCH_RUNS", RUNS);
  if (RUNS > 64)
    RUNS = 64;
  if (argc == 3 && strcmp(argv[1], "--fresh") == 0)
    return fresh_child(argv[2]);

  if (want("W1")) {
    double base = w1_base(N, UPDATES);
    add_row("W1", "floats by pointer, per tween-update", "ns",
            w1_lib(N, UPDATES, 0), base, 1.0);
    add_row("W1s", "floats by setter vs a setter loop", "ns",
            w1_lib(N, UPDATES, 1), w1_base_setter(N, UPDATES), 1.5);
  }
  if (want("W1p"))
    w1p();
  if (want("W0"))
    w0();
  if (want("W0o"))
    w0o();
  if (argc > 0 && want("W0f"))
    w0_fresh(argv[0]);
  if (want("W0k"))
    w0k();
  if (want("W2"))
    w2();
  if (want("W3"))
    w3();
  if (want("W4"))
    add_row("W4", "create+id with 100k vec3 pooled", "ns/tween", w4_once(1),
            w4_once(0), 1.2);
  if (want("W5"))
    add_row("W5", "empty update, cap 1M vs 200", "ns", w5_once(1000000),
            w5_once(200), 1.2);
  if (want("W6"))
    w6();
  if (want("UI"))
    ui();
  smin = bmin = 1e300;
  smax = bmax = 0;
  for (i = 0; i < 4 && want("S"); i++) {
    size_t n = sizes[i] * N / 100000,
           u = 60000000 / (sizes[i] > 0 ? sizes[i] : 1);
    if (n == 0)
      n = 1;
    if (u > UPDATES)
      u = UPDATES;
    if (u < 5)
      u = 5;
    s[i] = w1_lib(n, u, 0);
    b = w1_base(n, u);
    if (s[i] < smin)
      smin = s[i];
    if (s[i] > smax)
      smax = s[i];
    if (b < bmin)
      bmin = b;
    if (b > bmax)
      bmax = b;
    add_info(snames[i], "W1 at this size", "ns", s[i], b);
  }
  if (want("S")) {
    add_row("S", "slowest / fastest of the S rows", "ratio", smax / smin, 0,
            1.3);
    add_row("S", "the same, of the hand loop's times", "ratio", bmax / bmin, 0,
            0);
  }
  if (want("M"))
    mem();
  if (want("SNAP"))
    snaps();

  printf("libtween %s bench: N=%lu updates=%lu runs=%lu (medians)\n\n",
         tw_version_string(), (unsigned long)N, (unsigned long)UPDATES,
         (unsigned long)RUNS);
  printf("%-7s %-40s %12s %12s %8s %8s %s\n", "id", "workload", "libtween",
         "baseline", "ratio", "target", "met");
  for (i = 0; i < nrows; i++) {
    row *r = &rows[i];
    char lib[32], base[32], ratio[32], target[32];
    const char *met = "";
    snprintf(lib, sizeof lib, "%.2f %s", r->lib, r->unit);
    if (r->higher_ok) {
      strcpy(base, "-");
      strcpy(ratio, "-");
      if (r->target > 0 || strcmp(r->id, "Z") == 0) {
        snprintf(target, sizeof target, "<= %g", r->target);
        met = r->lib <= r->target ? "yes" : "NO";
      } else {
        strcpy(target, "-");
      }
    } else {
      snprintf(base, sizeof base, "%.2f", r->base);
      snprintf(ratio, sizeof ratio, "%.2f", r->lib / r->base);
      if (r->target > 0) {
        snprintf(target, sizeof target, "<= %gx", r->target);
        met = r->lib / r->base <= r->target ? "yes" : "NO";
      } else {
        strcpy(target, "-");
      }
    }
    if (strcmp(met, "NO") == 0)
      failed++;
    printf("%-7s %-40s %12s %12s %8s %8s %s\n", r->id, r->what, lib, base,
           ratio, target, met);
  }
  printf("\n%d target(s) not met\n", failed);
  return 0;
}

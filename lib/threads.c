/* SPDX-License-Identifier: MIT */
/* The ready pool: a tw_parallel_fn on POSIX threads, the optional part of
 * the library.  It is compiled where TW_THREADS is 1 (configure sets it
 * when it finds pthreads, unless --disable-threads; the amalgamation
 * leaves it to the program); without it the calls are there and
 * tw_threads_new returns TW_ENOTSUP, so that the rest of the library needs
 * libc and libm only.
 *
 * A call splits [0, n) into chunks and publishes them under the pool's
 * lock; the workers, asleep on `work`, wake, and every thread (the caller
 * too) takes the next chunk under the lock until none is left.  The
 * caller then sleeps on `done` until the chunks in flight have finished.
 * A worker that wakes late finds no chunk, or the next call's: it reads
 * the job under the lock with the chunk.  The lock orders every chunk's
 * writes before the caller's return.  Calls are one at a time: `call` is
 * held from start to end, so that a second caller waits; a call from a
 * thread of the pool (a job that calls it) would wait for itself, so it
 * runs its job inline. */
#include "tween-private.h"

#define TW__THREADS_MAX 256

/* tw_threads_new's arguments are refused alike with threads or without */
static int threads_args_bad(unsigned nthreads, tw_threads **out) {
  return out == NULL || nthreads == 0 || nthreads > TW__THREADS_MAX;
}

#if defined(TW_THREADS) && TW_THREADS

#include <pthread.h>
#include <stdlib.h>

struct tw_threads {
  pthread_mutex_t lock, call;
  pthread_cond_t work, done;
  pthread_t *workers;
  unsigned nworkers;
  int quit;
  /* the call in progress (under lock) */
  tw_job_fn job;
  void *arg;
  size_t n, chunk, next, inflight;
  pthread_t caller;
  int calling;
};

/* Whether the running thread is one of the pool's (lock held). */
static int own_thread(const tw_threads *p) {
  unsigned i;
  pthread_t me = pthread_self();

  if (p->calling && pthread_equal(p->caller, me))
    return 1;
  for (i = 0; i < p->nworkers; i++)
    if (pthread_equal(p->workers[i], me))
      return 1;
  return 0;
}

/* Runs chunks until none is left (lock held on entry and exit). */
static void run_chunks(tw_threads *p) {
  while (p->job != NULL && p->next < p->n) {
    size_t b = p->next, e = b + p->chunk < p->n ? b + p->chunk : p->n;
    tw_job_fn job = p->job;
    void *arg = p->arg;
    p->next = e;
    p->inflight++;
    pthread_mutex_unlock(&p->lock);
    job(arg, b, e);
    pthread_mutex_lock(&p->lock);
    if (--p->inflight == 0 && p->next >= p->n)
      pthread_cond_signal(&p->done);
  }
}

static void *worker(void *arg) {
  tw_threads *p = arg;

  pthread_mutex_lock(&p->lock);
  while (!p->quit) {
    if (p->job != NULL && p->next < p->n)
      run_chunks(p);
    else
      pthread_cond_wait(&p->work, &p->lock);
  }
  pthread_mutex_unlock(&p->lock);
  return NULL;
}

/* Stops and joins the first n workers, and frees p. */
static void stop(tw_threads *p, unsigned n) {
  unsigned i;

  pthread_mutex_lock(&p->lock);
  p->quit = 1;
  pthread_cond_broadcast(&p->work);
  pthread_mutex_unlock(&p->lock);
  for (i = 0; i < n; i++)
    pthread_join(p->workers[i], NULL);
  pthread_cond_destroy(&p->done);
  pthread_cond_destroy(&p->work);
  pthread_mutex_destroy(&p->call);
  pthread_mutex_destroy(&p->lock);
  free(p->workers);
  free(p);
}

int tw_threads_new(unsigned nthreads, tw_threads **out) {
  tw_threads *p;
  unsigned i;

  if (threads_args_bad(nthreads, out))
    return TW_EINVAL;
  p = calloc(1, sizeof *p);
  if (p == NULL)
    return TW_ENOMEM;
  p->workers = calloc(nthreads, sizeof *p->workers);
  if (p->workers == NULL) {
    free(p);
    return TW_ENOMEM;
  }
  if (pthread_mutex_init(&p->lock, NULL) != 0) {
    free(p->workers);
    free(p);
    return TW_ENOMEM;
  }
  if (pthread_mutex_init(&p->call, NULL) != 0) {
    pthread_mutex_destroy(&p->lock);
    free(p->workers);
    free(p);
    return TW_ENOMEM;
  }
  if (pthread_cond_init(&p->work, NULL) != 0) {
    pthread_mutex_destroy(&p->call);
    pthread_mutex_destroy(&p->lock);
    free(p->workers);
    free(p);
    return TW_ENOMEM;
  }
  if (pthread_cond_init(&p->done, NULL) != 0) {
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->call);
    pthread_mutex_destroy(&p->lock);
    free(p->workers);
    free(p);
    return TW_ENOMEM;
  }
  for (i = 0; i + 1 < nthreads; i++)
    if (pthread_create(&p->workers[i], NULL, worker, p) != 0) {
      stop(p, i);
      return TW_ENOMEM;
    }
  p->nworkers = nthreads - 1;
  *out = p;
  return 0;
}

int tw_threads_free(tw_threads *p) {
  if (p == NULL)
    return 0;
  pthread_mutex_lock(&p->lock);
  if (own_thread(p)) { /* from one of its jobs */
    pthread_mutex_unlock(&p->lock);
    return TW_EBUSY;
  }
  pthread_mutex_unlock(&p->lock);
  pthread_mutex_lock(&p->call); /* a call in progress ends first */
  pthread_mutex_unlock(&p->call);
  stop(p, p->nworkers);
  return 0;
}

void tw_threads_parallel_for(void *pool, tw_job_fn job, void *arg, size_t n,
                             size_t grain) {
  tw_threads *p = pool;
  size_t nthreads, chunk;

  if (p == NULL || job == NULL || n == 0)
    return;
  pthread_mutex_lock(&p->lock);
  if (own_thread(p)) { /* from inside one of its jobs */
    pthread_mutex_unlock(&p->lock);
    job(arg, 0, n);
    return;
  }
  pthread_mutex_unlock(&p->lock);
  pthread_mutex_lock(&p->call);
  nthreads = (size_t)p->nworkers + 1;
  if (grain == 0)
    grain = 1;
  chunk = n / (nthreads * 4) + (n % (nthreads * 4) != 0);
  if (chunk < grain)
    chunk = grain;
  if (p->nworkers == 0 || chunk >= n) { /* one chunk: here */
    pthread_mutex_lock(&p->lock);
    p->caller = pthread_self();
    p->calling = 1;
    pthread_mutex_unlock(&p->lock);
    job(arg, 0, n);
    pthread_mutex_lock(&p->lock);
    p->calling = 0;
    pthread_mutex_unlock(&p->lock);
    pthread_mutex_unlock(&p->call);
    return;
  }
  pthread_mutex_lock(&p->lock);
  p->caller = pthread_self();
  p->calling = 1;
  p->job = job;
  p->arg = arg;
  p->n = n;
  p->chunk = chunk;
  p->next = 0;
  pthread_cond_broadcast(&p->work);
  run_chunks(p);
  while (p->inflight > 0)
    pthread_cond_wait(&p->done, &p->lock);
  p->job = NULL;
  p->calling = 0;
  pthread_mutex_unlock(&p->lock);
  pthread_mutex_unlock(&p->call);
}

#else /* no threads: the calls are there, the pool is not */

int tw_threads_new(unsigned nthreads, tw_threads **out) {
  if (threads_args_bad(nthreads, out))
    return TW_EINVAL;
  *out = NULL;
  return TW_ENOTSUP;
}

int tw_threads_free(tw_threads *pool) {
  (void)pool;
  return 0;
}

void tw_threads_parallel_for(void *pool, tw_job_fn job, void *arg, size_t n,
                             size_t grain) {
  (void)pool;
  (void)grain;
  if (job != NULL && n > 0)
    job(arg, 0, n);
}

#endif

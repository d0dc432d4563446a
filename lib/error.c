/* SPDX-License-Identifier: MIT */
/* Error codes: names and sentences, from the one map in tween.h. */
#include "tween-private.h"

#include <stdio.h>

const char *tw_strerror(int err) {
  switch (err) {
#define TW__ERR_TEXT(name, code, text)                                         \
  case TW_##name:                                                              \
    return text;
    TW_ERRNO_MAP(TW__ERR_TEXT)
#undef TW__ERR_TEXT
  case 0:
    return "success";
  default:
    return "unknown error";
  }
}

const char *tw_err_name(int err) {
  switch (err) {
#define TW__ERR_NAME(name, code, text)                                         \
  case TW_##name:                                                              \
    return "TW_" #name;
    TW_ERRNO_MAP(TW__ERR_NAME)
#undef TW__ERR_NAME
  case 0:
    return "TW_OK";
  default:
    return "TW_UNKNOWN";
  }
}

int tw__vfail(const tw_manager *m, int code, const char *fn, const char *fmt,
              va_list ap) {
  char *d;
  int n;

  if (m == NULL)
    return code;
  d = ((tw_manager *)m)->detail; /* a manager is never a const object */
  ((tw_manager *)m)->detail_kind = TW__DETAIL_TEXT;
  n = snprintf(d, TW__DETAIL_MAX, "%s: ", fn);
  if (n < 0 || n >= TW__DETAIL_MAX)
    n = 0;
  if (vsnprintf(d + n, (size_t)(TW__DETAIL_MAX - n), fmt, ap) < 0)
    d[n] = '\0';
  return code;
}

int tw__fail(const tw_manager *m, int code, const char *fn, const char *fmt,
             ...) {
  va_list ap;

  va_start(ap, fmt);
  code = tw__vfail(m, code, fn, fmt, ap);
  va_end(ap);
  return code;
}

int tw__busy(const tw_manager *m, const char *fn) {
  return tw__fail(m, TW_EBUSY, fn,
                  "called from the parallel-for hook while the update's "
                  "chunks run: the manager is in use");
}

const char *tw__time_why(double t, int cap) {
  if (t != t)
    return "is not a number";
  if (t < 0)
    return "is negative";
  if (t > DBL_MAX)
    return "is infinite";
  return cap ? "is above 1e300" : "is not a time";
}

int tw__fail_handle(const tw_manager *m, int code, const char *fn, int kind,
                    tw_handle h, uint32_t gen) {
  tw_manager *w = (tw_manager *)m; /* a manager is never a const object */

  if (w == NULL)
    return code;
  w->detail_kind = kind;
  w->detail_fn = fn;
  w->detail_h = h;
  w->detail_gen = gen;
  return code;
}

/* The sentence of a refused handle, from the numbers tw__fail_handle
 * kept. */
static void handle_detail(tw_manager *m) {
  unsigned long i = (unsigned long)m->detail_h.index;
  unsigned long g = (unsigned long)m->detail_h.gen;
  const char *fn = m->detail_fn;

  switch (m->detail_kind) {
  case TW__DETAIL_NESTED:
    tw__fail(m, 0, fn,
             "handle (%lu, %lu) is a child of a sequence: the sequence "
             "controls it",
             i, g);
    break;
  case TW__DETAIL_ZERO:
    tw__fail(m, 0, fn, "handle (0, %lu) names no tween", g);
    break;
  case TW__DETAIL_FOREIGN:
    tw__fail(m, 0, fn,
             "handle (%lu, %lu) was never given by this manager (another "
             "manager's, or made by hand)",
             i, g);
    break;
  default:
    tw__fail(m, 0, fn,
             "handle (%lu, %lu) is stale: slot %lu is at generation %lu, its "
             "tween was killed",
             i, g, i, (unsigned long)m->detail_gen);
    break;
  }
}

const char *tw_last_error_detail(const tw_manager *m) {
  if (m == NULL)
    return "the manager is NULL";
  if (m->detail_kind != TW__DETAIL_TEXT)
    handle_detail((tw_manager *)m); /* a manager is never a const object */
  return m->detail;
}

/* SPDX-License-Identifier: MIT */
/* The allocator hook: every byte the library holds goes through here, so
 * a manager's memory can be counted, limited and made to fail in tests. */
#include "tween-private.h"

#include <stdlib.h>
#include <string.h>

void *tw__alloc(tw_manager *m, size_t n) { return tw__realloc(m, NULL, 0, n); }

void *tw__realloc(tw_manager *m, void *p, size_t old_n, size_t new_n) {
  void *q = m->alloc(m->alloc_ud, p, old_n, new_n);
  if (q != NULL) {
    m->st.bytes -= old_n;
    m->st.bytes += new_n;
  }
  return q;
}

void tw__free(tw_manager *m, void *p, size_t n) {
  if (p == NULL)
    return;
  m->alloc(m->alloc_ud, p, n, 0);
  m->st.bytes -= n;
}

size_t tw__mul(size_t n, size_t size) {
  if (size != 0 && n > (size_t)-1 / size)
    return 0;
  return n * size;
}

/* Grows a buffer of *cap elements of `size` bytes to hold `need`. */
int tw__room(tw_manager *m, void **buf, size_t *cap, size_t need, size_t size) {
  size_t ncap = *cap < 8 ? 8 : *cap;
  void *p;

  while (ncap < need) {
    if (ncap > ((size_t)-1) / 4 / size)
      return TW_ENOMEM;
    ncap *= 2;
  }
  if (ncap == *cap)
    return 0;
  if ((p = tw__realloc(m, *buf, *cap * size, ncap * size)) == NULL)
    return TW_ENOMEM;
  /* the new part zeroed: the padding of the structs it will hold, which
   * their writers do not touch, goes into snapshots as it is */
  memset((char *)p + *cap * size, 0, (ncap - *cap) * size);
  *buf = p;
  *cap = ncap;
  return 0;
}

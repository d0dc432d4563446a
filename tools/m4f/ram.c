/* SPDX-License-Identifier: MIT */
/* The heap a program pays on the board (newlib-nano's mallinfo): a
 * manager of the defaults before its first tween and after it, a manager
 * with room for one tween and one sequence, and one with room for N
 * tweens, each running a float tween with an ease.  Prints "default B",
 * "first B", "least B" and "per B", the last the bytes of each further
 * tween. */
#include <malloc.h>
#include <stdio.h>
#include <tween.h>

#define N 1000

static float x[N];

static long heap(void) { return (long)mallinfo().uordblks; }

/* The heap of a manager with room for n tweens (0: the defaults), after
 * made float tweens were made (n if made is -1) and updated once; -1 on a
 * failure. */
static long manager(int n, int made) {
  tw_manager *m;
  tw_config c;
  tw_handle h;
  long before = heap(), used;
  int i;

  tw_config_init(&c);
  if (n > 0) {
    c.tweens = (size_t)n;
    c.sequences = 1;
  }
  if (tw_manager_new(&c, &m) != TW_OK)
    return -1;
  if (made < 0)
    made = n;
  for (i = 0; i < made; i++)
    if (tw_float_to(m, &x[i], 1.0f, 1.0, &h) != TW_OK ||
        tw_set_ease(m, h, TW_EASE_OUT_SINE) != TW_OK)
      return -1;
  tw_update(m, TW_UPDATE_NORMAL, 1.0 / 60, 1.0 / 60);
  used = heap() - before;
  tw_manager_free(m);
  return used;
}

int main(void) {
  long d = manager(0, 0), first = manager(0, 1), one = manager(1, -1);
  long many = manager(N, -1);

  if (d < 0 || first < 0 || one < 0 || many < 0)
    return 1;
  printf("default %ld\nfirst %ld\nleast %ld\nper %ld\n", d, first, one,
         (many - one) / (N - 1));
  return 0;
}

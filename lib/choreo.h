/* SPDX-License-Identifier: MIT */
/* The choreography part of a tween's record (tw__record.ch): labels, the
 * loop delay and yoyo ease, snapping, punch and shake, additive writes;
 * and the seeded generator of stagger and shake.  Included by
 * tween-private.h.  Not installed. */
#ifndef TWEEN_CHOREO_H
#define TWEEN_CHOREO_H

#include <stddef.h>
#include <stdint.h>

/* A label of a sequence: a time, and its name at offset `name` of the
 * names buffer. */
typedef struct tw__label {
  double at;
  size_t name;
} tw__label;

/* The choreography settings of a tween (choreo.c, labels.c, wobble.c):
 * allocated on first use, and kept with its record in the pool with its
 * buffers. */
typedef struct tw__choreo {
  double loop_delay; /* seconds waited between loops */
  double snap;       /* written values rounded to multiples; 0: off */
  int yoyo_ease;     /* the backward half of yoyo loops; -1: the ease */
  /* punch and shake (wobble.c): the value is the start value plus an
   * offset through `segments` waypoints; wobble 0: none */
  int wobble, fade_out;
  float amount[4]; /* the punch, or the shake's strength */
  double segments; /* waypoints after the start, >= 2 */
  double spread;   /* punch: elasticity; shake: randomness / 180 */
  uint32_t seed;
  /* additive (wobble.c): the tween's own value at its last write, per
   * component; primed: set since it started */
  double last[4];
  int primed;
  /* paths (path.c): npts points of `dims` floats; for constant speed,
   * the length of the path at each of the TW__PATH_SAMPLES samples of
   * every segment, cumulated (arc[0] = 0) */
  int path, closed, constant;
  unsigned dims;
  float *pts;
  size_t npts, pts_cap;
  double *arc;
  size_t narc, arc_cap;
  tw__label *labels; /* a sequence's labels, in the order added */
  size_t nlabels, labels_cap;
  char *names; /* the labels' names, each ending in NUL */
  size_t names_len, names_cap;
} tw__choreo;

/* Samples per path segment in the arc-length table. */
#define TW__PATH_SAMPLES 32

/* The seeded generator of stagger's order and shake's waypoints (PCG's RXS-M-XS
 * 32 bit): the same seed gives the same numbers on every platform. */
static inline uint32_t tw__random(uint32_t *state) {
  uint32_t x = *state = *state * 747796405u + 2891336453u;

  x = ((x >> ((x >> 28) + 4u)) ^ x) * 277803737u;
  return (x >> 22) ^ x;
}

/* A number in [0, n) from the generator, without modulo bias worth the
 * name (n is far below 2^32). */
static inline uint32_t tw__random_below(uint32_t *state, uint32_t n) {
  return (uint32_t)(((uint64_t)tw__random(state) * n) >> 32);
}

#endif

/* SPDX-License-Identifier: MIT */
/* Value types: the built-ins and the ones a program registers.
 *
 * The type table is indexed by type id.  Ids 1..7 are the built-ins, ids
 * below TW_TYPE_FIRST_CUSTOM are reserved, registered types follow.  A
 * built-in is interpolated here per component in float (double for
 * TW_TYPE_DOUBLE, double then rounded for TW_TYPE_INT); at e == 0 and
 * e == 1 the start and end values are copied exactly, so a finished tween
 * holds its end value bit for bit. */
#include "tween-private.h"

#include <limits.h>
#include <math.h>

static const size_t builtin_size[TW_TYPE_COLOR + 1] = {
    0,
    sizeof(float),
    sizeof(double),
    sizeof(int),
    sizeof(tw_vec2),
    sizeof(tw_vec3),
    sizeof(tw_vec4),
    sizeof(tw_color),
};

int tw__types_init(tw_manager *m) {
  int cap = TW_TYPE_FIRST_CUSTOM + 4, t;

  m->types = tw__alloc(m, (size_t)cap * sizeof *m->types);
  if (m->types == NULL)
    return TW_ENOMEM;
  memset(m->types, 0, (size_t)cap * sizeof *m->types);
  for (t = TW_TYPE_FLOAT; t <= TW_TYPE_COLOR; t++)
    m->types[t].size = builtin_size[t];
  m->ntypes = TW_TYPE_FIRST_CUSTOM;
  m->types_cap = cap;
  return 0;
}

void tw__types_free(tw_manager *m) {
  tw__free(m, m->types, (size_t)m->types_cap * sizeof *m->types);
  m->types = NULL;
  m->ntypes = m->types_cap = 0;
}

int tw__type_valid(const tw_manager *m, int type) {
  return type > 0 && type < m->ntypes && m->types[type].size != 0;
}

int tw_register_type(tw_manager *m, size_t size, tw_lerp_fn lerp, void *ud,
                     int *out_type) {
  tw__type *ty;

  if (m == NULL || size == 0 || lerp == NULL || out_type == NULL ||
      size > ((size_t)1 << 24))
    return TW_EINVAL;
  if (m->ntypes == m->types_cap) {
    int ncap = m->types_cap * 2;
    if (ncap > UINT16_MAX)
      return TW_ENOMEM;
    ty = tw__realloc(m, m->types, (size_t)m->types_cap * sizeof *ty,
                     (size_t)ncap * sizeof *ty);
    if (ty == NULL)
      return TW_ENOMEM;
    memset(ty + m->types_cap, 0, (size_t)(ncap - m->types_cap) * sizeof *ty);
    m->types = ty;
    m->types_cap = ncap;
  }
  ty = &m->types[m->ntypes];
  ty->size = size;
  ty->lerp = lerp;
  ty->ud = ud;
  *out_type = m->ntypes++;
  return 0;
}

int tw_type_size(const tw_manager *m, int type) {
  if (m == NULL)
    return TW_EINVAL;
  if (!tw__type_valid(m, type))
    return TW_ETYPE;
  return (int)m->types[type].size;
}

static int int_lerp(int a, int b, double e) {
  double v = floor((double)a + ((double)b - (double)a) * e + 0.5);

  if (v >= (double)INT_MAX)
    return INT_MAX;
  if (v <= (double)INT_MIN)
    return INT_MIN;
  return (int)v;
}

void tw__lerp(const tw_manager *m, int type, void *out, const void *a,
              const void *b, double e) {
  size_t n = m->types[type].size;

  if (type >= TW_TYPE_FIRST_CUSTOM) {
    m->types[type].lerp(out, a, b, e, m->types[type].ud);
    return;
  }
  if (e == 0.0 || e == 1.0) {
    memcpy(out, e == 0.0 ? a : b, n);
    return;
  }
  switch (type) {
  case TW_TYPE_DOUBLE: {
    double x, y, v;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    v = x + (y - x) * e;
    memcpy(out, &v, sizeof v);
    break;
  }
  case TW_TYPE_INT: {
    int x, y, v;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    v = int_lerp(x, y, e);
    memcpy(out, &v, sizeof v);
    break;
  }
  default: { /* float, vec2, vec3, vec4, colour: n / 4 floats */
    float x[4], y[4], v[4], f = (float)e;
    size_t i, k = n / sizeof(float);
    memcpy(x, a, n);
    memcpy(y, b, n);
    for (i = 0; i < k; i++)
      v[i] = x[i] + (y[i] - x[i]) * f;
    memcpy(out, v, n);
    break;
  }
  }
}

void tw__add(int type, void *out, const void *a, const void *b) {
  switch (type) {
  case TW_TYPE_DOUBLE: {
    double x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    x += y;
    memcpy(out, &x, sizeof x);
    break;
  }
  case TW_TYPE_INT: {
    int x, y;
    double v;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    v = (double)x + (double)y;
    x = v >= (double)INT_MAX   ? INT_MAX
        : v <= (double)INT_MIN ? INT_MIN
                               : (int)v;
    memcpy(out, &x, sizeof x);
    break;
  }
  default: {
    float x[4], y[4];
    size_t i, n = builtin_size[type];
    memcpy(x, a, n);
    memcpy(y, b, n);
    for (i = 0; i < n / sizeof(float); i++)
      x[i] += y[i];
    memcpy(out, x, n);
    break;
  }
  }
}

double tw__distance(int type, const void *a, const void *b) {
  switch (type) {
  case TW_TYPE_DOUBLE: {
    double x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return fabs(y - x);
  }
  case TW_TYPE_INT: {
    int x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return fabs((double)y - (double)x);
  }
  default: {
    float x[4], y[4];
    size_t i, n = builtin_size[type];
    double sum = 0;
    memcpy(x, a, n);
    memcpy(y, b, n);
    for (i = 0; i < n / sizeof(float); i++)
      sum += ((double)y[i] - x[i]) * ((double)y[i] - x[i]);
    return sqrt(sum);
  }
  }
}

/* SPDX-License-Identifier: MIT */
/* tests/test_model.c's harness (model-harness.h): value kinds, targets and
 * their comparison. */
#include "model-harness.h"

const size_t kind_size[K_COUNT] = {
    sizeof(float),   sizeof(double),  sizeof(int),      sizeof(tw_vec2),
    sizeof(tw_vec3), sizeof(tw_vec4), sizeof(tw_color), sizeof(small_t),
    sizeof(big_t),   sizeof(tw_rgba8)};

static int32_t round_clamp(double r) {
  r = floor(r + 0.5);
  if (!(r > -1e9))
    return -1000000000;
  if (r > 1e9)
    return 1000000000;
  return (int32_t)r;
}

int lerp_ud_small, lerp_ud_big;

void small_lerp(void *out, const void *a, const void *b, double t, void *ud) {
  small_t x, y, v;

  memcpy(&x, a, sizeof x);
  memcpy(&y, b, sizeof y);
  v.x = x.x + (y.x - x.x) * (float)t;
  v.n = round_clamp((double)x.n + ((double)y.n - (double)x.n) * t);
  v.y = ud == &lerp_ud_small ? (float)t : -1.0f;
  memcpy(out, &v, sizeof v);
}

void big_lerp(void *out, const void *a, const void *b, double t, void *ud) {
  big_t x, y, v;
  int i;

  memcpy(&x, a, sizeof x);
  memcpy(&y, b, sizeof y);
  for (i = 0; i < 3; i++)
    v.d[i] = x.d[i] + (y.d[i] - x.d[i]) * t;
  v.n = round_clamp((double)x.n + ((double)y.n - (double)x.n) * t);
  v.f = ud == &lerp_ud_big ? (float)t : -1.0f;
  memcpy(out, &v, sizeof v);
}

void *target_of(targets *tg, int kind, int i) {
  switch (kind) {
  case K_FLOAT:
    return &tg->f[i];
  case K_DOUBLE:
    return &tg->d[i];
  case K_INT:
    return &tg->i[i];
  case K_VEC2:
    return &tg->v2[i];
  case K_VEC3:
    return &tg->v3[i];
  case K_VEC4:
    return &tg->v4[i];
  case K_COLOR:
    return &tg->c[i];
  case K_SMALL:
    return &tg->sm[i];
  case K_RGBA8:
    return &tg->c8[i];
  default:
    return &tg->bg[i];
  }
}

/* A value of the kind from four numbers. */
void make_value(int kind, const double v[4], void *out) {
  float f[4];
  int i;

  for (i = 0; i < 4; i++)
    f[i] = (float)v[i];
  switch (kind) {
  case K_DOUBLE:
    memcpy(out, &v[0], sizeof(double));
    break;
  case K_INT: { /* a huge number as the largest int */
    int n = v[0] >= 2e9 ? INT_MAX : v[0] <= -2e9 ? INT_MIN : (int)v[0];
    memcpy(out, &n, sizeof n);
    break;
  }
  case K_SMALL: {
    small_t s;
    s.x = f[0];
    s.n = v[1] >= 2e9 ? INT32_MAX : v[1] <= -2e9 ? INT32_MIN : (int32_t)v[1];
    s.y = f[2];
    memcpy(out, &s, sizeof s);
    break;
  }
  case K_RGBA8: {
    unsigned char c[4];
    for (i = 0; i < 4; i++) {
      double x = v[i] * 1.25 + 128.0;
      c[i] = x > 255 ? 255 : x > 0 ? (unsigned char)x : 0;
    }
    memcpy(out, c, sizeof c);
    break;
  }
  case K_BIG: {
    big_t b;
    b.d[0] = v[0];
    b.d[1] = v[1];
    b.d[2] = v[2];
    b.n = v[3] >= 2e9 ? INT32_MAX : v[3] <= -2e9 ? INT32_MIN : (int32_t)v[3];
    b.f = f[0];
    memcpy(out, &b, sizeof b);
    break;
  }
  default:
    memcpy(out, f, kind_size[kind]);
    break;
  }
}

/* A number that says what a target holds, for the callback log. */
double value_digest(targets *tg, int kind, int i) {
  void *p = target_of(tg, kind, i);
  double d;
  int n;
  float f;

  switch (kind) {
  case K_DOUBLE:
    memcpy(&d, p, sizeof d);
    return d;
  case K_INT:
    memcpy(&n, p, sizeof n);
    return n;
  case K_BIG:
    memcpy(&d, p, sizeof d);
    return d;
  case K_RGBA8: {
    const unsigned char *c = p;
    return ((c[0] * 256.0 + c[1]) * 256.0 + c[2]) * 256.0 + c[3];
  }
  default:
    memcpy(&f, p, sizeof f);
    return f;
  }
}

/* Set while bug B10 is present (see known_bugs): float values may then
 * differ by a few units in the last place, and the comparisons allow a
 * relative 1e-5.  Otherwise every value compares exactly (==). */
int loose_floats;

int feq(double a, double b) {
  if (a == b || (a != a && b != b))
    return 1;
  return loose_floats && fabs(a - b) <= 1e-5 * fmax(fabs(a), fabs(b));
}

/* Compares two targets of a kind; 1 if equal (floats by ==). */
int value_eq(int kind, const void *a, const void *b) {
  size_t n = kind_size[kind], i;

  switch (kind) {
  case K_DOUBLE: {
    double x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return feq(x, y);
  }
  case K_INT:
  case K_RGBA8:
    return memcmp(a, b, n) == 0;
  case K_SMALL: {
    small_t x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return feq(x.x, y.x) && x.n == y.n && feq(x.y, y.y);
  }
  case K_BIG: {
    big_t x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    for (i = 0; i < 3; i++)
      if (!feq(x.d[i], y.d[i]))
        return 0;
    return x.n == y.n && feq(x.f, y.f);
  }
  default: {
    float x[4], y[4];
    memcpy(x, a, n);
    memcpy(y, b, n);
    for (i = 0; i < n / sizeof(float); i++)
      if (!feq(x[i], y[i]))
        return 0;
    return 1;
  }
  }
}

const char *const op_names[OP_COUNT] = {
    "OP_CREATE",      "OP_UPDATE",     "OP_KILL",         "OP_COMPLETE",
    "OP_PAUSE",       "OP_PLAY",       "OP_SET",          "OP_KILL_ID",
    "OP_KILL_TARGET", "OP_KILL_ALL",   "OP_CLEAR",        "OP_TIMESCALE",
    "OP_CAPACITY",    "OP_FREE",       "OP_TOGGLE",       "OP_COMPLETE_SILENT",
    "OP_RESTART",     "OP_REWIND",     "OP_GOTO",         "OP_KILL_ALL_EXCEPT",
    "OP_RETARGET",    "OP_WRITER",     "OP_GO",           "OP_SPRING_GO",
    "OP_SEQ_NEW",     "OP_SEQ_ADD",    "OP_SEQ_INTERVAL", "OP_SEQ_CALLBACK",
    "OP_SEQ_LABEL",   "OP_SEQ_STAGGER"};

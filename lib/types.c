/* SPDX-License-Identifier: MIT */
/* Value types: the built-ins and the ones a program registers.
 *
 * The type table of a manager is indexed by type id.  Ids 1..7 and 9 are
 * the built-ins, 8 keys the pool of sequences, ids below
 * TW_TYPE_FIRST_CUSTOM are reserved, registered types follow.  Every
 * built-in is described once, in `builtins`: its size, how many float
 * components it has (0 for double, int and rgba8, which the update's fast
 * path must leave to tw__lerp), and whether it is bytes.  Its lerp, add
 * and distance follow from that.  tw__lerp calls the lerp through the
 * manager's type table, where tw__type_fill puts it (float's,
 * tw__types_init): a program that creates only floats links no other
 * type's lerp.  The table holds no function: tw__add and tw__distance (a
 * relative end, a speed-based duration) are reached through
 * m->fx.start_ends, which only the calls that set those fill in, and
 * tw_set_from's relative start.  Float types are interpolated per
 * component in float, double in double, int in double then rounded, rgba8
 * per channel in float then rounded and saturated; every interpolation is
 * tw__lerpf or tw__lerpd, which copy the start and the end exactly at 0
 * and 1, so a finished tween holds its end value bit for bit.  A
 * registered type's own lerp is always called, at every fraction. */
#include "tween-private.h"

#include <limits.h>
#include <math.h>

/* float types: n components */

static void lerp_floats(void *out, const void *a, const void *b, double e,
                        unsigned n) {
  float x[4], y[4];
  unsigned i;

  memcpy(x, a, n * sizeof(float));
  memcpy(y, b, n * sizeof(float));
  for (i = 0; i < n; i++)
    x[i] = tw__lerpf(x[i], y[i], e);
  memcpy(out, x, n * sizeof(float));
}

static void add_floats(void *out, const void *a, const void *b, unsigned n) {
  float x[4], y[4];
  unsigned i;

  memcpy(x, a, n * sizeof(float));
  memcpy(y, b, n * sizeof(float));
  for (i = 0; i < n; i++) { /* saturated, as every sum (a relative end) */
    double d = (double)x[i] + y[i];
    x[i] = d > FLT_MAX ? FLT_MAX : d < -FLT_MAX ? -FLT_MAX : x[i] + y[i];
  }
  memcpy(out, x, n * sizeof(float));
}

static double distance_floats(const void *a, const void *b, unsigned n) {
  float x[4], y[4];
  double sum = 0;
  unsigned i;

  memcpy(x, a, n * sizeof(float));
  memcpy(y, b, n * sizeof(float));
  for (i = 0; i < n; i++)
    sum += ((double)y[i] - x[i]) * ((double)y[i] - x[i]);
  return sqrt(sum);
}

/* double and int: one number, read as a double and written back (an int
 * rounded half up and saturated) */

static double number_of(const void *p, unsigned is_int) {
  double d;
  int i;

  if (is_int) {
    memcpy(&i, p, sizeof i);
    return (double)i;
  }
  memcpy(&d, p, sizeof d);
  return d;
}

static void put_number(void *out, double v, unsigned is_int) {
  int i;

  if (!is_int) {
    memcpy(out, &v, sizeof v);
    return;
  }
  v = floor(v + 0.5);
  i = v >= (double)INT_MAX ? INT_MAX : v <= (double)INT_MIN ? INT_MIN : (int)v;
  memcpy(out, &i, sizeof i);
}

static void lerp_number(void *out, const void *a, const void *b, double e,
                        unsigned is_int) {
  put_number(out, tw__lerpd(number_of(a, is_int), number_of(b, is_int), e),
             is_int);
}

static void add_number(void *out, const void *a, const void *b,
                       unsigned is_int) {
  put_number(out,
             tw__saturate(number_of(a, is_int) + number_of(b, is_int), DBL_MAX),
             is_int);
}

static double distance_number(const void *a, const void *b, unsigned is_int) {
  return fabs(number_of(b, is_int) - number_of(a, is_int));
}

/* bytes (tw_rgba8): n channels worked as floats, then rounded half up and
 * saturated to 0..255 (a NaN to 0) */

static void get_bytes(float *x, const void *p, unsigned n) {
  const unsigned char *c = p;
  unsigned i;

  for (i = 0; i < n; i++)
    x[i] = (float)c[i];
}

/* out = a + b, or (add 0) the value e of the way from a to b */
static void bytes_via_floats(void *out, const void *a, const void *b, double e,
                             unsigned n, int add) {
  unsigned char *c = out;
  float x[4] = {0}, y[4] = {0};
  unsigned i;

  get_bytes(x, a, n);
  get_bytes(y, b, n);
  for (i = 0; i < n; i++) {
    float f = add ? x[i] + y[i] : tw__lerpf(x[i], y[i], e);
    double v = floor((double)f + 0.5);
    c[i] = !(v > 0) ? 0 : v >= 255 ? 255 : (unsigned char)v;
  }
}

static void lerp_bytes(void *out, const void *a, const void *b, double e,
                       unsigned n) {
  bytes_via_floats(out, a, b, e, n, 0);
}

static void add_bytes(void *out, const void *a, const void *b, unsigned n) {
  bytes_via_floats(out, a, b, 0.0, n, 1);
}

static double distance_bytes(const void *a, const void *b, unsigned n) {
  float x[4] = {0}, y[4] = {0};

  get_bytes(x, a, n);
  get_bytes(y, b, n);
  return distance_floats(x, y, n);
}

/* the table */

typedef struct builtin { /* small numbers: bytes (a table of 40) */
  unsigned char size;
  unsigned char floats; /* float components, or 0 for one number or bytes */
  unsigned char arg;    /* what the functions take: the float or byte count,
                           or 1 for an int */
  unsigned char bytes;  /* 1 for bytes (rgba8) */
} builtin;

#define TW__FLOATS(ctype, n)                                                   \
  { sizeof(ctype), n, n, 0 }
#define TW__NUMBER(ctype, is_int)                                              \
  { sizeof(ctype), 0, is_int, 0 }
#define TW__BYTES(ctype, n)                                                    \
  { sizeof(ctype), 0, n, 1 }
#define TW__NONE                                                               \
  { 0, 0, 0, 0 }

/* The last built-in id; the ids without a type (0, and TW__TYPE_SEQ, which
 * only keys the pool of sequences) have size 0. */
#define TW__LAST_BUILTIN TW_TYPE_RGBA8

static const builtin builtins[TW__LAST_BUILTIN + 1] = {
    TW__NONE,
    TW__FLOATS(float, 1),
    TW__NUMBER(double, 0),
    TW__NUMBER(int, 1),
    TW__FLOATS(tw_vec2, 2),
    TW__FLOATS(tw_vec3, 3),
    TW__FLOATS(tw_vec4, 4),
    TW__FLOATS(tw_color, 4),
    TW__NONE, /* TW__TYPE_SEQ */
    TW__BYTES(tw_rgba8, 4),
};

#undef TW__FLOATS
#undef TW__NUMBER
#undef TW__BYTES
#undef TW__NONE

/* the built-in's lerp, by its description (none for TW__TYPE_SEQ) */
void tw__type_fill(tw_manager *m, int type) {
  const builtin *bt;

  if (type <= 0 || type > TW__LAST_BUILTIN || builtins[type].size == 0)
    return;
  bt = &builtins[type];
  m->types[type].u.blerp = bt->bytes    ? lerp_bytes
                           : bt->floats ? lerp_floats
                                        : lerp_number;
}

void tw__types_fill(tw_manager *m) {
  int t;

  for (t = TW_TYPE_FLOAT; t <= TW__LAST_BUILTIN; t++)
    tw__type_fill(m, t);
}

int tw__types_init(tw_manager *m) {
  int cap = TW_TYPE_FIRST_CUSTOM + 4, t;

  m->types = tw__alloc(m, (size_t)cap * sizeof *m->types);
  if (m->types == NULL)
    return TW_ENOMEM;
  memset(m->types, 0, (size_t)cap * sizeof *m->types);
  for (t = TW_TYPE_FLOAT; t <= TW__LAST_BUILTIN; t++) {
    m->types[t].size = builtins[t].size;
    m->types[t].floats = builtins[t].floats;
  }
  m->types[TW_TYPE_FLOAT].u.blerp = lerp_floats;
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

int tw__type_refused(const tw_manager *m, int type, const char *fn) {
  if (!tw__type_valid(m, type))
    return tw__fail(m, TW_ETYPE, fn,
                    "type %d is not a value type of this manager", type);
  return tw__fail(m, TW_EUNSUPPORTED, fn, "type %d is not one it takes", type);
}

int tw_register_type(tw_manager *m, size_t size, tw_lerp_fn lerp, void *ud,
                     int *out_type) {
  tw__type *ty;

  if (tw__door(m, "tw_register_type"))
    return TW_EBUSY;
  if (m == NULL || lerp == NULL || out_type == NULL)
    return tw__fail(m, TW_EINVAL, "tw_register_type", "%s is NULL",
                    lerp == NULL ? "lerp" : "out_type");
  if (size == 0 || size > ((size_t)1 << 24))
    return tw__fail(m, TW_EINVAL, "tw_register_type",
                    "size %lu is not in [1, 2^24]", (unsigned long)size);
  if (m->ntypes == m->types_cap) {
    int ncap = (int)tw__grown((size_t)m->types_cap, 1, (size_t)m->ntypes + 1,
                              UINT16_MAX);
    ty = ncap == 0 ? NULL
                   : tw__realloc(m, m->types, (size_t)m->types_cap * sizeof *ty,
                                 (size_t)ncap * sizeof *ty);
    if (ty == NULL)
      return tw__fail(m, TW_ENOMEM, "tw_register_type", "no memory for type %d",
                      m->ntypes);
    memset(ty + m->types_cap, 0, (size_t)(ncap - m->types_cap) * sizeof *ty);
    m->types = ty;
    m->types_cap = ncap;
  }
  ty = &m->types[m->ntypes];
  ty->size = size;
  ty->lerp = lerp;
  ty->u.ud = ud;
  *out_type = m->ntypes++;
  return 0;
}

int tw_type_size(const tw_manager *m, int type) {
  if (tw__door(m, "tw_type_size"))
    return TW_EBUSY;
  if (m == NULL)
    return TW_EINVAL;
  if (!tw__type_valid(m, type))
    return tw__type_refused(m, type, "tw_type_size");
  return (int)m->types[type].size;
}

void tw__lerp(const tw_manager *m, int type, void *out, const void *a,
              const void *b, double e) {
  if (type >= TW_TYPE_FIRST_CUSTOM) {
    m->types[type].lerp(out, a, b, e, m->types[type].u.ud);
    return;
  }
  m->types[type].u.blerp(out, a, b, e, builtins[type].arg);
}

/* add and distance by the description, here only, so that only a
 * program that sets a relative end or a speed-based duration links them */
void tw__add(int type, void *out, const void *a, const void *b) {
  const builtin *bt = &builtins[type];

  if (bt->bytes)
    add_bytes(out, a, b, bt->arg);
  else if (bt->floats)
    add_floats(out, a, b, bt->arg);
  else
    add_number(out, a, b, bt->arg);
}

double tw__distance(int type, const void *a, const void *b) {
  const builtin *bt = &builtins[type];

  return bt->bytes    ? distance_bytes(a, b, bt->arg)
         : bt->floats ? distance_floats(a, b, bt->arg)
                      : distance_number(a, b, bt->arg);
}

unsigned tw__components(int type, const void *v, double out[4]) {
  unsigned i, n;

  if (type <= 0 || type > TW__LAST_BUILTIN)
    return 0;
  n = builtins[type].floats;
  if (n == 0) {
    if (builtins[type].bytes || builtins[type].size == 0)
      return 0; /* bytes, or no type (TW__TYPE_SEQ) */
    out[0] = number_of(v, builtins[type].arg);
    return 1;
  }
  for (i = 0; i < n; i++) {
    float f;
    memcpy(&f, (const char *)v + i * sizeof f, sizeof f);
    out[i] = f;
  }
  return n;
}

int tw__value_finite(int type, const void *v) {
  double c[4];
  unsigned i, n = tw__components(type, v, c);

  for (i = 0; i < n; i++)
    if (!tw__finite(c[i]))
      return 0;
  return 1;
}

void tw__value_clean(int type, void *v) {
  double c[4];
  unsigned i, n = tw__components(type, v, c);
  float zero = 0;

  if (n > 0 && builtins[type].floats == 0) { /* a double (an int is finite) */
    if (!tw__finite(c[0]))
      put_number(v, 0.0, builtins[type].arg);
    return;
  }
  for (i = 0; i < n; i++)
    if (!tw__finite(c[i]))
      memcpy((char *)v + i * sizeof zero, &zero, sizeof zero);
}

void tw__lerp_extra(const tw_manager *m, int type, void *out, const void *a,
                    const void *b, double e, const double c[4], double g) {
  double x[4], y[4];
  unsigned i, n = tw__components(type, a, x);

  if (n == 0 || g == 0.0) { /* the ends: exactly the lerp */
    tw__lerp(m, type, out, a, b, e);
    return;
  }
  tw__components(type, b, y);
  /* c g is finite (c is, g is at most the time played), and so is the
   * lerp: their sum is finite or infinite, never NaN, saturated */
  if (builtins[type].floats == 0) {
    put_number(out, tw__saturate(tw__lerpd(x[0], y[0], e) + c[0] * g, DBL_MAX),
               builtins[type].arg);
    return;
  }
  for (i = 0; i < n; i++) {
    double v = (double)tw__lerpf((float)x[i], (float)y[i], e) + c[i] * g;
    float f = (float)tw__saturate(v, FLT_MAX);
    memcpy((char *)out + i * sizeof f, &f, sizeof f);
  }
}

void tw__lerp_add(int type, void *out, const double a[4], const double b[4],
                  double f, const double add[4], int on) {
  unsigned i, n = builtins[type].floats;

  if (n == 0) { /* double, int: in double, rounded once */
    double v = tw__lerpd(a[0], b[0], f);
    if (on)
      v = tw__saturate(v + add[0], DBL_MAX);
    put_number(out, v, builtins[type].arg);
    return;
  }
  for (i = 0; i < n; i++) { /* the running motion's float, as it was */
    float x = tw__lerpf((float)a[i], (float)b[i], f);
    if (on)
      x = (float)tw__saturate((double)x + add[i], FLT_MAX);
    memcpy((char *)out + i * sizeof x, &x, sizeof x);
  }
}

/* snapping */

/* x rounded to a multiple of step; a result within a billionth of step of
 * a or b (the start and the end) is that value, so ends that are
 * multiples stay exact.  A multiple too big to be finite leaves x. */
static double snap1(double x, double a, double b, double step) {
  double r = round(x / step) * step;

  if (!tw__finite(r))
    return x;
  if (fabs(r - b) <= step * 1e-9)
    return b;
  if (fabs(r - a) <= step * 1e-9)
    return a;
  return r;
}

void tw__snap(int type, void *v, const void *a, const void *b, double step) {
  const builtin *bt = &builtins[type];
  float x[4], fa[4], fb[4];
  unsigned i;

  if (bt->floats == 0) {
    put_number(v,
               snap1(number_of(v, bt->arg), number_of(a, bt->arg),
                     number_of(b, bt->arg), step),
               bt->arg);
    return;
  }
  memcpy(x, v, bt->size);
  memcpy(fa, a, bt->size);
  memcpy(fb, b, bt->size);
  for (i = 0; i < bt->floats; i++) { /* no float multiple: x as it is */
    double r = snap1(x[i], fa[i], fb[i], step);
    x[i] = r >= -FLT_MAX && r <= FLT_MAX ? (float)r : x[i];
  }
  memcpy(v, x, bt->size);
}

/* additive writes */

void tw__accumulate(int type, void *out, const void *v, double *last) {
  double now[4], cur[4];
  float x[4];
  unsigned i, n = tw__components(type, v, now);

  tw__components(type, out, cur);
  for (i = 0; i < n; i++) {
    double max = builtins[type].floats != 0 ? FLT_MAX : DBL_MAX;
    /* what the others made of the value, plus the tween's own value: a
     * tween alone on its value (cur == last) writes its value exactly,
     * at any magnitude; where a double overflows, the other orders of
     * the sum, then saturated: finite changes, finite sum */
    double sum = (cur[i] - last[i]) + now[i];
    if (!tw__finite(sum))
      sum = cur[i] + (now[i] - last[i]);
    if (!tw__finite(sum))
      sum = (cur[i] + now[i]) - last[i];
    if (!tw__finite(sum))
      sum = (cur[i] - last[i]) + now[i];
    cur[i] = tw__saturate(sum, max);
    last[i] = now[i];
    x[i] = (float)cur[i];
  }
  if (builtins[type].floats == 0)
    put_number(out, cur[0], builtins[type].arg);
  else
    memcpy(out, x, n * sizeof(float));
}

/* SPDX-License-Identifier: MIT */
/* Error codes: names and sentences, from the one map in tween.h. */
#include "tween-private.h"

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

/* The sentences' own formatter, so that the library needs no printf (a
 * small target's C library may lack %zu, or leave doubles out of its
 * printf unless the program asks): %s, %.Ns, %d, %ld, %u, %lu, %zu, %g
 * (printf's six digits) and %%, all that the sentences use; any other
 * conversion is copied as it stands.  Writes at most cap - 1 characters,
 * as snprintf does (the caller ends the text).  A %g is written later:
 * the number and where it stands are kept in m (detail_of.text), and
 * tw_last_error_detail writes it in when the program asks for the sentence
 * (detail_numbers), so that a program that never asks links no conversion of
 * doubles to text (m NULL: a %g writes nothing). */
typedef struct {
  char *d;
  size_t n, cap;
  tw_manager *m;
} err_out;

/* a place in detail fits in detail_of.text.at's unsigned char */
typedef char tw__detail_at_fits[TW__DETAIL_MAX <= 256 ? 1 : -1];

/* o writing into d (cap bytes) from its start, its %g kept in m. */
static void err_open(err_out *o, char *d, size_t cap, tw_manager *m) {
  o->d = d;
  o->n = 0;
  o->cap = cap;
  o->m = m;
}

static void err_put(err_out *o, const char *s, size_t len) {
  for (; len > 0 && o->n + 1 < o->cap; len--)
    o->d[o->n++] = *s++;
}

static void err_uint(err_out *o, int neg, uintmax_t v) {
  char b[24];
  size_t i = sizeof b;

  do
    b[--i] = (char)('0' + v % 10);
  while ((v /= 10) != 0);
  if (neg)
    b[--i] = '-';
  err_put(o, b + i, sizeof b - i);
}

#ifndef TW_TERSE_ERRORS /* %g: only the sentences use it */
/* a * b exactly, as the sum of the result and *lo (Dekker's product,
 * with no fused multiply-add).  One operation a statement: where doubles
 * live in wider registers (x87), each is rounded to a double as the
 * algorithm needs (the library's -fexcess-precision=standard). */
static double err_mul(double a, double b, double *lo) {
  double hi = a * b, c, ah, al, bh, bl, t, u;

  c = 134217729.0 * a; /* 2^27 + 1 */
  t = c - a;
  ah = c - t;
  al = a - ah;
  c = 134217729.0 * b;
  t = c - b;
  bh = c - t;
  bl = b - bh;
  t = ah * bh;
  t -= hi;
  u = ah * bl;
  t += u;
  u = al * bh;
  t += u;
  u = al * bl;
  *lo = t + u;
  return hi;
}

/* x + *lo times (step > 0) or divided by (step < 0) p, a power of ten up
 * to 10^22 (exact): the result, and its error in *lo, which keeps the
 * value's error below 2^-100 of it. */
static double err_step(double x, double *lo, double p, int step) {
  double hi, e, s, t;

  if (step > 0) {
    hi = err_mul(x, p, &e);
    t = *lo * p;
    e += t;
  } else {
    /* what x + *lo leaves over hi * p, in halves (hi * p may be near
     * DBL_MAX) */
    hi = x / p;
    p *= 0.5;
    s = err_mul(hi, p, &e);
    t = x * 0.5;
    t -= s;
    t -= e;
    e = *lo * 0.5;
    t += e;
    e = t / p;
  }
  s = hi + e;
  t = s - hi;
  *lo = e - t;
  return s;
}

/* v / 10^k rounded to a whole number as printf rounds (the exact value
 * decides, half to even), when it is from 10^5 to 10^6; else roughly. */
static double err_scale(double v, int k) {
  double p = 1, lo = 0;
  long n;
  int j, step = k < 0 ? 1 : -1;

  for (; k > 22 || k < -22; k += 22 * step)
    v = err_step(v, &lo, 1e22, step);
  for (j = k < 0 ? -k : k; j > 0; j--)
    p *= 10;
  v = err_step(v, &lo, p, step);
  if (v < 1e5 || v >= 1e6)
    return v;
  n = (long)v;
  v -= (double)n;
  if (v > 0.5 || (v == 0.5 && (lo > 0 || (lo == 0 && n % 2 == 1))))
    n++;
  return (double)n;
}

/* %g: six significant digits, rounded half to even, trailing zeros cut;
 * an exponent of at least two digits below 1e-4 and from 1e6. */
static void err_g(err_out *o, double v) {
  char b[6];
  double q;
  uint64_t bits;
  long digits;
  int e, i, n;

  if (signbit(v)) {
    err_put(o, "-", 1);
    v = -v;
  }
  if (v != v || v > DBL_MAX || v == 0) {
    err_put(o, v != v ? "nan" : v == 0 ? "0" : "inf", v == 0 ? 1 : 3);
    return;
  }
  /* the decimal exponent, from the binary one (the loop corrects it;
   * a subnormal starts at -308) */
  memcpy(&bits, &v, sizeof bits);
  e = ((int)(bits >> 52) - 1023) * 30103; /* log10(2) = 0.30103 */
  e = e >= 0 ? e / 100000 : -((99999 - e) / 100000);
  for (;;) {
    q = err_scale(v, e - 5);
    if (q == 1e6) { /* rounded up to the next power of ten */
      q = 1e5;
      e++;
    }
    if (q >= 1e6)
      e++;
    else if (q < 1e5)
      e--;
    else
      break;
  }
  digits = (long)q;
  for (i = 5; i >= 0; i--, digits /= 10)
    b[i] = (char)('0' + digits % 10);
  for (n = 6; n > 1 && b[n - 1] == '0'; n--)
    ;
  if (e < -4 || e >= 6) {
    err_put(o, b, 1);
    if (n > 1) {
      err_put(o, ".", 1);
      err_put(o, b + 1, (size_t)n - 1);
    }
    err_put(o, e < 0 ? "e-" : "e+", 2);
    if (e > -10 && e < 10)
      err_put(o, "0", 1);
    err_uint(o, 0, (uintmax_t)(e < 0 ? -e : e));
  } else if (e >= 0) {
    err_put(o, b, (size_t)e + 1);
    if (n > e + 1) {
      err_put(o, ".", 1);
      err_put(o, b + e + 1, (size_t)(n - e - 1));
    }
  } else {
    err_put(o, "0.", 2);
    for (i = -1; i > e; i--)
      err_put(o, "0", 1);
    err_put(o, b, (size_t)n);
  }
}

#endif

static void err_format(err_out *o, const char *f, va_list ap) {
  while (*f != '\0') {
    const char *p = f;
    size_t prec = (size_t)-1;
    char len = 0;

    while (*f != '\0' && *f != '%')
      f++;
    err_put(o, p, (size_t)(f - p));
    if (*f == '\0')
      break;
    p = f++;
    if (*f == '.')
      for (prec = 0, f++; *f >= '0' && *f <= '9'; f++)
        prec = prec * 10 + (size_t)(*f - '0');
    if (*f == 'l' || *f == 'z')
      len = *f++;
    switch (*f) {
    case 'd': {
      long v = len == 'l' ? va_arg(ap, long) : va_arg(ap, int);

      err_uint(o, v < 0, v < 0 ? 0 - (uintmax_t)v : (uintmax_t)v);
      break;
    }
    case 'u':
      err_uint(o, 0,
               len == 'l'   ? (uintmax_t)va_arg(ap, unsigned long)
               : len == 'z' ? (uintmax_t)va_arg(ap, size_t)
                            : (uintmax_t)va_arg(ap, unsigned));
      break;
    case 's': {
      const char *s = va_arg(ap, const char *);
      size_t n = 0;

      while (n < prec && s[n] != '\0')
        n++;
      err_put(o, s, n);
      break;
    }
#ifndef TW_TERSE_ERRORS
    case 'g': {
      double v = va_arg(ap, double);
      tw_manager *m = o->m;

      if (m != NULL && m->detail_nums < TW__DETAIL_NUMS) {
        m->detail_of.text.num[m->detail_nums] = v;
        m->detail_of.text.at[m->detail_nums++] = (unsigned char)o->n;
      }
      break;
    }
#endif
    case '%':
      err_put(o, "%", 1);
      break;
    default: /* not one of the sentences' */
      if (*f == '\0')
        f--;
      err_put(o, p, (size_t)(f - p + 1));
      break;
    }
    f++;
  }
}

/* Starts m's detail as the sentence of a refusal by fn: "fn: ". */
static void err_start(err_out *o, const tw_manager *m, const char *fn) {
  /* a manager is never a const object */
  err_open(o, ((tw_manager *)m)->detail, TW__DETAIL_MAX, (tw_manager *)m);
  o->m->detail_kind = TW__DETAIL_TEXT;
  o->m->detail_nums = 0;
  err_put(o, fn, strlen(fn));
  err_put(o, ": ", 2);
}

#ifdef TW_TERSE_ERRORS
/* The terse build: "fn: " and the code's text, for every refusal. */
int tw__fail_terse(const tw_manager *m, int code, const char *fn) {
  err_out o;
  const char *text = tw_strerror(code);

  if (m == NULL)
    return code;
  err_start(&o, m, fn);
  err_put(&o, text, strlen(text));
  o.d[o.n] = '\0';
  return code;
}
#else
int tw__vfail(const tw_manager *m, int code, const char *fn, const char *fmt,
              va_list ap) {
  err_out o;

  if (m == NULL)
    return code;
  err_start(&o, m, fn);
  err_format(&o, fmt, ap);
  o.d[o.n] = '\0';
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
#endif

void tw__format(char *buf, size_t size, const char *fmt, ...) {
  err_out o;
  va_list ap;

  err_open(&o, buf, size, NULL);
  va_start(ap, fmt);
  err_format(&o, fmt, ap);
  va_end(ap);
  o.d[o.n] = '\0';
}

int tw__busy(const tw_manager *m, const char *fn) {
  return tw__fail(m, TW_EBUSY, fn,
                  "called from the parallel-for hook while the update's "
                  "chunks run: the manager is in use");
}

#if TW__FOR_SIZE
int tw__door_once(const tw_manager *m, const char *fn) {
  return m != NULL && m->phase != 0 && tw__busy(m, fn) != 0;
}
#endif

#ifndef TW_TERSE_ERRORS
const char *tw__time_why(double t, int cap) {
  if (t != t)
    return "is not a number";
  if (t < 0)
    return "is negative";
  if (t > DBL_MAX)
    return "is infinite";
  return cap ? "is above 1e300" : "is not a time";
}
#endif

int tw__fail_handle(const tw_manager *m, int code, const char *fn, int kind,
                    tw_handle h, uint32_t gen) {
  tw_manager *w = (tw_manager *)m; /* a manager is never a const object */

  if (w == NULL)
    return code;
#ifdef TW_TERSE_ERRORS
  (void)kind;
  (void)h;
  (void)gen;
  return tw__fail_terse(m, code, fn);
#else
  w->detail_kind = kind;
  w->detail_nums = 0;
  w->detail_of.handle.fn = fn;
  w->detail_of.handle.h = h;
  w->detail_of.handle.gen = gen;
  return code;
#endif
}

#ifndef TW_TERSE_ERRORS
/* The sentence of a refused handle, from the numbers tw__fail_handle
 * kept. */
static void handle_detail(tw_manager *m) {
  unsigned long i = (unsigned long)m->detail_of.handle.h.index;
  unsigned long g = (unsigned long)m->detail_of.handle.h.gen;
  const char *fn = m->detail_of.handle.fn;

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
             i, g, i, (unsigned long)m->detail_of.handle.gen);
    break;
  }
}

/* Writes the sentence's numbers into detail, each where it stands (cut
 * where the whole sentence is cut). */
static void detail_numbers(tw_manager *m) {
  char text[TW__DETAIL_MAX];
  err_out o;
  size_t from = 0;
  int k, n = m->detail_nums;

  memcpy(text, m->detail, sizeof text);
  err_open(&o, m->detail, TW__DETAIL_MAX, NULL);
  m->detail_nums = 0;
  for (k = 0; k < n; k++) {
    err_put(&o, text + from, m->detail_of.text.at[k] - from);
    err_g(&o, m->detail_of.text.num[k]);
    from = m->detail_of.text.at[k];
  }
  err_put(&o, text + from, strlen(text + from));
  o.d[o.n] = '\0';
}
#endif

const char *tw_last_error_detail(const tw_manager *m) {
  if (m == NULL)
    return "the manager is NULL";
#ifndef TW_TERSE_ERRORS
  if (m->detail_kind != TW__DETAIL_TEXT)
    handle_detail((tw_manager *)m); /* a manager is never a const object */
  if (m->detail_nums != 0)
    detail_numbers((tw_manager *)m);
#endif
  return m->detail;
}

/* SPDX-License-Identifier: MIT */
/* The runner of tools/m4f/check/check.h: every test of a suite in one
 * process, a failed assertion jumping back here (setjmp/longjmp).  It
 * prints each failure and each skip with its reason, then one line:
 *   <suite>: N tests, P passed, F failed, S skipped
 * Integers are printed here (newlib-nano's printf has no %jd). */
#define _POSIX_C_SOURCE 200112L /* setenv */
#include "check.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#define TT_MAX_TESTS 640

struct TCase {
  const char *name;
  const char *tags; /* tcase_set_tags', or NULL */
  struct TCase *next;
};

typedef struct tt_test {
  TFun fn;
  const char *name;
  int start, end;
  const TCase *tc;
} tt_test;

struct Suite {
  const char *name;
};

struct SRunner {
  Suite *suite;
  int failed;
};

/* The tests in the order they were added (every case of the program). */
static tt_test tt_tests[TT_MAX_TESTS];
static int tt_ntests;
static Suite tt_suite;
static TCase tt_cases[TT_MAX_TESTS];
static int tt_ncases;
static SRunner tt_runner;
static jmp_buf tt_jmp;
static const char *tt_name;
static int tt_i;

/* The tests that do not run on the board, each with its reason: the
 * whole test (i < 0) or its loop's iteration i. */
static const struct {
  const char *test;
  int i;
  const char *reason;
} tt_skips[] = {
#include "skips.h"
};

Suite *suite_create(const char *name) {
  tt_suite.name = name;
  return &tt_suite;
}

TCase *tcase_create(const char *name) {
  TCase *tc;

  if (tt_ncases == TT_MAX_TESTS) {
    printf("m4f check: more than %d cases\n", TT_MAX_TESTS);
    exit(1);
  }
  tc = &tt_cases[tt_ncases++];
  tc->name = name;
  tc->tags = NULL;
  return tc;
}

void suite_add_tcase(Suite *s, TCase *tc) {
  (void)s;
  (void)tc;
}

void tcase_set_timeout(TCase *tc, double seconds) {
  (void)tc;
  (void)seconds;
}

void tcase_set_tags(TCase *tc, const char *tags) { tc->tags = tags; }

void tt_ck_add(TCase *tc, TFun fn, const char *name, int start, int end) {
  if (tt_ntests == TT_MAX_TESTS) {
    printf("m4f check: more than %d tests\n", TT_MAX_TESTS);
    exit(1);
  }
  tt_tests[tt_ntests].fn = fn;
  tt_tests[tt_ntests].name = name;
  tt_tests[tt_ntests].start = start;
  tt_tests[tt_ntests].end = end;
  tt_tests[tt_ntests].tc = tc;
  tt_ntests++;
}

SRunner *srunner_create(Suite *s) {
  tt_runner.suite = s;
  tt_runner.failed = 0;
  return &tt_runner;
}

/* Whether the space-separated list `tags` holds the word of n bytes at w. */
static int tt_has_tag(const char *tags, const char *w, size_t n) {
  const char *p = tags;

  while (p != NULL && *p != 0) {
    size_t k = strcspn(p, " ");
    if (k == n && strncmp(p, w, n) == 0)
      return 1;
    p += k + (p[k] == ' ');
  }
  return 0;
}

/* Whether a test case of these tags is left out, as Check leaves it out:
 * one of them is in CK_EXCLUDE_TAGS (set on the board from TT_M4F_ENV:
 * tools/m4f/suites.sh leaves out the cases tagged exhaustive, as valgrind
 * and qemu-user do; make check runs them, natively and under the
 * sanitizers). */
static int tt_excluded(const char *tags) {
  const char *x = getenv("CK_EXCLUDE_TAGS");

  while (x != NULL && *x != 0) {
    size_t k = strcspn(x, " ");
    if (k != 0 && tt_has_tag(tags, x, k))
      return 1;
    x += k + (x[k] == ' ');
  }
  return 0;
}

static const char *tt_skip_reason(const char *name, int i) {
  size_t k;

  for (k = 0; k < sizeof tt_skips / sizeof tt_skips[0]; k++)
    if (tt_skips[k].test != NULL && strcmp(tt_skips[k].test, name) == 0 &&
        (tt_skips[k].i < 0 || tt_skips[k].i == i))
      return tt_skips[k].reason;
  return NULL;
}

/* newlib's start-up and exit call these; tools/m4f/startup.c is all the
 * start-up code there is */
void _init(void);
void _fini(void);
void _init(void) {}
void _fini(void) {}

/* The heap: the board's 16 MB of PSRAM at 0x21000000 (its 4 MB of SSRAM
 * hold the data and the stack), for newlib's malloc.  A request that
 * does not fit fails with ENOMEM. */
#define TT_HEAP ((char *)0x21000000)
#define TT_HEAP_SIZE ((size_t)16 << 20)
void *_sbrk(ptrdiff_t incr);
void *_sbrk(ptrdiff_t incr) {
  static size_t used;
  char *p = TT_HEAP + used;

  if (incr < 0 || (size_t)incr > TT_HEAP_SIZE - used) {
    errno = ENOMEM;
    return (void *)-1;
  }
  used += (size_t)incr;
  return p;
}

/* newlib has no dup or dup2 (no file descriptors to share): these fail
 * as POSIX says a call the system lacks fails. */
int dup(int fd);
int dup2(int fd, int fd2);
int dup(int fd) {
  (void)fd;
  errno = ENOSYS;
  return -1;
}
int dup2(int fd, int fd2) {
  (void)fd;
  (void)fd2;
  errno = ENOSYS;
  return -1;
}

/* The environment the board's runs read (getenv): TT_M4F_ENV, a list of
 * NAME=VALUE separated by spaces or commas (a -D value holds no space). */
#ifndef TT_M4F_ENV
#define TT_M4F_ENV ""
#endif
static void tt_env(void) {
  static char env[] = TT_M4F_ENV;
  char *p = env, *q;

  while (*p != 0) {
    for (q = p; *q != 0 && *q != ' ' && *q != ','; q++) {
    }
    if (*q != 0)
      *q++ = 0;
    if (*p != 0) {
      char *eq = strchr(p, '=');
      if (eq != NULL) {
        *eq = 0;
        setenv(p, eq + 1, 1);
      }
    }
    p = q;
  }
}

/* the counts and the test's start (static: longjmp comes back into
 * srunner_run_all) */
static int tt_failed, tt_passed, tt_skipped;
static clock_t tt_t0;
/* a test that runs this many seconds or more is listed */
#define TT_SLOW_SECONDS 2

void srunner_run_all(SRunner *sr, enum print_output how) {
  int k;

  (void)how;
  /* a line at a time: what a test printed stays when qemu is stopped */
  setvbuf(stdout, NULL, _IOLBF, 256);
  tt_env();
  for (k = 0; k < tt_ntests; k++) {
    const tt_test *t = &tt_tests[k];
    const char *why =
        tt_excluded(t->tc->tags)
            ? "its tags are in CK_EXCLUDE_TAGS (make check runs it, "
              "natively and under the sanitizers)"
            : tt_skip_reason(t->name, -1);

    if (why != NULL) {
      printf("%s: %s skipped on the board: %s\n", sr->suite->name, t->name,
             why);
      tt_skipped++;
      continue;
    }
    tt_name = t->name;
    tt_failed = 0;
    tt_t0 = clock();
    for (tt_i = t->start; tt_i < t->end; tt_i++) {
      why = tt_skip_reason(t->name, tt_i);
      if (why != NULL)
        printf("%s: %s (_i = %d) skipped on the board: %s\n", sr->suite->name,
               t->name, tt_i, why);
      else if (setjmp(tt_jmp) == 0)
        t->fn(tt_i);
      else
        tt_failed = 1;
    }
    /* a slow test says so: the board's step has a time budget */
    if (clock() - tt_t0 >= TT_SLOW_SECONDS * CLOCKS_PER_SEC)
      printf("%s: %s took %.1f s\n", sr->suite->name, t->name,
             (double)(clock() - tt_t0) / CLOCKS_PER_SEC);
    if (tt_failed)
      sr->failed++;
    else
      tt_passed++;
  }
  printf("%s: %d tests, %d passed, %d failed, %d skipped\n", sr->suite->name,
         tt_ntests, tt_passed, sr->failed, tt_skipped);
  fflush(stdout);
}

int srunner_ntests_failed(SRunner *sr) { return sr->failed; }

void srunner_free(SRunner *sr) { (void)sr; }

static void tt_where(const char *file, int line, const char *what) {
  printf("%s:%d: %s (_i = %d): %s", file, line, tt_name, tt_i, what);
}

__attribute__((noreturn)) static void tt_fail(void) {
  printf("\n");
  fflush(stdout);
  longjmp(tt_jmp, 1);
}

void tt_ck_failed(const char *file, int line, const char *what, const char *fmt,
                  ...) {
  va_list ap;

  tt_where(file, line, what);
  if (fmt != NULL) {
    printf(": ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
  }
  tt_fail();
}

void tt_ck_failed0(const char *file, int line, const char *what) {
  tt_where(file, line, what);
  tt_fail();
}

/* Whether a op b holds, from the signs of a - b given as lt and eq. */
static int tt_holds(const char *op, int lt, int eq) {
  if (strcmp(op, "==") == 0)
    return eq;
  if (strcmp(op, "!=") == 0)
    return !eq;
  if (strcmp(op, "<") == 0)
    return lt;
  if (strcmp(op, "<=") == 0)
    return lt || eq;
  if (strcmp(op, ">") == 0)
    return !lt && !eq;
  return !lt; /* >= */
}

/* x op y failed: "Assertion 'x op y' failed: x == <a>, y == <b>", the
 * values as strings */
__attribute__((noreturn)) static void
tt_failed_cmp(const char *file, int line, const char *x, const char *op,
              const char *y, const char *a, const char *b) {
  tt_where(file, line, "Assertion '");
  printf("%s %s %s' failed: %s == %s, %s == %s", x, op, y, x, a, y, b);
  tt_fail();
}

/* u in decimal, with a minus when neg, into the end of buf[32] */
static const char *tt_dec(char *buf, uintmax_t u, int neg) {
  char *p = buf + 31;

  *p = 0;
  do {
    *--p = (char)('0' + u % 10);
    u /= 10;
  } while (u != 0);
  if (neg)
    *--p = '-';
  return p;
}

static const char *tt_sdec(char *buf, intmax_t v) {
  return v < 0 ? tt_dec(buf, -(uintmax_t)v, 1) : tt_dec(buf, (uintmax_t)v, 0);
}

void tt_ck_int(const char *file, int line, const char *x, const char *op,
               const char *y, intmax_t a, intmax_t b) {
  char sa[32], sb[32];

  if (!tt_holds(op, a < b, a == b))
    tt_failed_cmp(file, line, x, op, y, tt_sdec(sa, a), tt_sdec(sb, b));
}

void tt_ck_uint(const char *file, int line, const char *x, const char *op,
                const char *y, uintmax_t a, uintmax_t b) {
  char sa[32], sb[32];

  if (!tt_holds(op, a < b, a == b))
    tt_failed_cmp(file, line, x, op, y, tt_dec(sa, a, 0), tt_dec(sb, b, 0));
}

void tt_ck_dbl(const char *file, int line, const char *x, const char *op,
               const char *y, double a, double b) {
  char sa[40], sb[40];
  /* a NaN compares false with everything, as in C */
  int ok = strcmp(op, "==") == 0   ? a == b
           : strcmp(op, "!=") == 0 ? a != b
           : strcmp(op, "<") == 0  ? a < b
           : strcmp(op, "<=") == 0 ? a <= b
           : strcmp(op, ">") == 0  ? a > b
                                   : a >= b;

  if (!ok) {
    snprintf(sa, sizeof sa, "%.17g", a);
    snprintf(sb, sizeof sb, "%.17g", b);
    tt_failed_cmp(file, line, x, op, y, sa, sb);
  }
}

void tt_ck_tol(const char *file, int line, const char *x, const char *y,
               const char *t, double a, double b, double tol) {
  if (!(fabs(b - a) < tol)) {
    tt_where(file, line, "Assertion '");
    printf("fabs(%s - %s) < %s' failed: %s == %.17g, %s == %.17g, %s == %.17g",
           y, x, t, x, a, y, b, t, tol);
    tt_fail();
  }
}

void tt_ck_ptr(const char *file, int line, const char *x, const char *op,
               const char *y, const void *a, const void *b) {
  char sa[32], sb[32];

  if (!tt_holds(op, 0, a == b))
    tt_failed_cmp(file, line, x, op, y, tt_dec(sa, (uintptr_t)a, 0),
                  tt_dec(sb, (uintptr_t)b, 0));
}

void tt_ck_str(const char *file, int line, const char *x, const char *op,
               const char *y, const char *a, const char *b) {
  /* as Check: a NULL string fails either comparison */
  if (a == NULL || b == NULL || !tt_holds(op, 0, strcmp(a, b) == 0))
    tt_failed_cmp(file, line, x, op, y, a != NULL ? a : "(null)",
                  b != NULL ? b : "(null)");
}

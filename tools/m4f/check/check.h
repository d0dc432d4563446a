/* SPDX-License-Identifier: MIT */
/* The part of Check's API that tests/ uses, for a board where Check does
 * not build (tools/m4f/suites.sh: qemu's mps2-an386).  One process runs
 * every test in turn, as Check's no-fork mode does: a failed assertion
 * prints its message and jumps back to the runner (tools/m4f/check.c),
 * which goes on with the next test.  Timeouts are not kept.  A test named
 * in the runner's table of skips is not run; its reason is printed. */
#ifndef TT_M4F_CHECK_H
#define TT_M4F_CHECK_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct Suite Suite;
typedef struct TCase TCase;
typedef struct SRunner SRunner;
typedef void (*TFun)(int);

enum print_output { CK_SILENT, CK_MINIMAL, CK_NORMAL, CK_VERBOSE };

Suite *suite_create(const char *name);
TCase *tcase_create(const char *name);
void suite_add_tcase(Suite *s, TCase *tc);
void tcase_set_timeout(TCase *tc, double seconds);
/* Tags are taken and not read: the board runs every case (there is no
 * environment to exclude them by). */
void tcase_set_tags(TCase *tc, const char *tags);
void tt_ck_add(TCase *tc, TFun fn, const char *name, int start, int end);
#define tcase_add_test(tc, fn) tt_ck_add((tc), (fn), #fn, 0, 1)
#define tcase_add_loop_test(tc, fn, s, e) tt_ck_add((tc), (fn), #fn, (s), (e))

SRunner *srunner_create(Suite *s);
void srunner_run_all(SRunner *sr, enum print_output how);
int srunner_ntests_failed(SRunner *sr);
void srunner_free(SRunner *sr);

#define START_TEST(name) static void name(int _i __attribute__((unused))) {
#define END_TEST }
#define mark_point() ((void)0)

/* A failed assertion: its place, what failed, then a message (fmt may be
 * NULL); never returns. */
__attribute__((noreturn, format(printf, 4, 5))) void
tt_ck_failed(const char *file, int line, const char *what, const char *fmt,
             ...);
__attribute__((noreturn)) void tt_ck_failed0(const char *file, int line,
                                             const char *what);

#define ck_assert_msg(expr, ...)                                               \
  ((expr) ? (void)0                                                            \
          : tt_ck_failed(__FILE__, __LINE__, "Assertion '" #expr "' failed",   \
                         __VA_ARGS__))
#define ck_assert(expr)                                                        \
  ((expr) ? (void)0                                                            \
          : tt_ck_failed0(__FILE__, __LINE__, "Assertion '" #expr "' failed"))
#define ck_abort() tt_ck_failed0(__FILE__, __LINE__, "Failed")
#define ck_abort_msg(...)                                                      \
  tt_ck_failed(__FILE__, __LINE__, "Failed", __VA_ARGS__)

/* The typed comparisons: each operand is evaluated once; op is one of
 * == != < <= > >=. */
void tt_ck_int(const char *file, int line, const char *x, const char *op,
               const char *y, intmax_t a, intmax_t b);
void tt_ck_uint(const char *file, int line, const char *x, const char *op,
                const char *y, uintmax_t a, uintmax_t b);
void tt_ck_dbl(const char *file, int line, const char *x, const char *op,
               const char *y, double a, double b);
void tt_ck_tol(const char *file, int line, const char *x, const char *y,
               const char *t, double a, double b, double tol);
void tt_ck_ptr(const char *file, int line, const char *x, const char *op,
               const char *y, const void *a, const void *b);
void tt_ck_str(const char *file, int line, const char *x, const char *op,
               const char *y, const char *a, const char *b);

#define TT_CK_(f, type, X, op, Y)                                              \
  f(__FILE__, __LINE__, #X, #op, #Y, (type)(X), (type)(Y))
#define ck_assert_int_eq(X, Y) TT_CK_(tt_ck_int, intmax_t, X, ==, Y)
#define ck_assert_int_ne(X, Y) TT_CK_(tt_ck_int, intmax_t, X, !=, Y)
#define ck_assert_int_lt(X, Y) TT_CK_(tt_ck_int, intmax_t, X, <, Y)
#define ck_assert_int_le(X, Y) TT_CK_(tt_ck_int, intmax_t, X, <=, Y)
#define ck_assert_int_gt(X, Y) TT_CK_(tt_ck_int, intmax_t, X, >, Y)
#define ck_assert_int_ge(X, Y) TT_CK_(tt_ck_int, intmax_t, X, >=, Y)
#define ck_assert_uint_eq(X, Y) TT_CK_(tt_ck_uint, uintmax_t, X, ==, Y)
#define ck_assert_uint_ne(X, Y) TT_CK_(tt_ck_uint, uintmax_t, X, !=, Y)
#define ck_assert_uint_lt(X, Y) TT_CK_(tt_ck_uint, uintmax_t, X, <, Y)
#define ck_assert_uint_le(X, Y) TT_CK_(tt_ck_uint, uintmax_t, X, <=, Y)
#define ck_assert_uint_gt(X, Y) TT_CK_(tt_ck_uint, uintmax_t, X, >, Y)
#define ck_assert_uint_ge(X, Y) TT_CK_(tt_ck_uint, uintmax_t, X, >=, Y)
#define ck_assert_double_eq(X, Y) TT_CK_(tt_ck_dbl, double, X, ==, Y)
#define ck_assert_double_ne(X, Y) TT_CK_(tt_ck_dbl, double, X, !=, Y)
#define ck_assert_double_lt(X, Y) TT_CK_(tt_ck_dbl, double, X, <, Y)
#define ck_assert_double_le(X, Y) TT_CK_(tt_ck_dbl, double, X, <=, Y)
#define ck_assert_double_gt(X, Y) TT_CK_(tt_ck_dbl, double, X, >, Y)
#define ck_assert_double_ge(X, Y) TT_CK_(tt_ck_dbl, double, X, >=, Y)
#define ck_assert_float_eq(X, Y)                                               \
  tt_ck_dbl(__FILE__, __LINE__, #X, "==", #Y, (float)(X), (float)(Y))
#define ck_assert_double_eq_tol(X, Y, T)                                       \
  tt_ck_tol(__FILE__, __LINE__, #X, #Y, #T, (X), (Y), (T))
#define ck_assert_ptr_eq(X, Y) TT_CK_(tt_ck_ptr, const void *, X, ==, Y)
#define ck_assert_ptr_ne(X, Y) TT_CK_(tt_ck_ptr, const void *, X, !=, Y)
#define ck_assert_ptr_null(X) ck_assert_ptr_eq(X, NULL)
#define ck_assert_ptr_nonnull(X) ck_assert_ptr_ne(X, NULL)
#define ck_assert_str_eq(X, Y) TT_CK_(tt_ck_str, const char *, X, ==, Y)
#define ck_assert_str_ne(X, Y) TT_CK_(tt_ck_str, const char *, X, !=, Y)

#endif

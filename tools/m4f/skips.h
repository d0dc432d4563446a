/* SPDX-License-Identifier: MIT */
/* The tests of tests/ that tools/m4f/check.c does not run on the board,
 * each with its reason: {"test", i, "reason"}, i the loop's iteration
 * (-1: every one).  The board gives the tests a heap of 16 MB. */
#define TT_RAM(n) "needs more than the board's 16 MB of heap: " n
{"test_update_prefix", -1, TT_RAM("a capacity of 1,000,000 tweens")},
    {"test_pool_probes_stay_constant_however_full", -1,
     TT_RAM("100,000 live tweens")},
    {"test_manager_growth_copies_what_is_used", -1,
     TT_RAM("room for 200,000 sequences")},
    {"test_manager_growth_skips_the_front_holes", -1,
     TT_RAM("room for 200,000 sequences, then 300,000")},
    {"test_manager_growth_silent", -1,
     "captures stderr with dup2, which newlib does not have"},
    {"test_manager_growth_stderr", -1,
     "captures stderr with dup2, which newlib does not have"},
    {"test_errors_detail_format", -1,
     "compares the library's formatter with the C library's snprintf, and "
     "newlib's %g keeps a zero after rounding up (1.31020e+11)"},
/* The step that runs the suites on the board has a budget of about 3
 * minutes on 2 cores; these tests alone would take most of it under
 * emulation (every double is software there).  make check runs them.
 * (The test cases tagged exhaustive, test_errors_oom's 252 allocation
 * failures and the snapshot's forgeries, are left out by their tag:
 * tools/m4f/check.c.) */
#define TT_SLOW(n) "over the board's time budget: " n " of qemu's time"
    {"test_motion_spring_vector_settle", -1, TT_SLOW("24 s")},

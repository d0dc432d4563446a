/* SPDX-License-Identifier: MIT */
/* The ease gallery: every ease of libtween drawn as a small curve, each
 * panel labelled with its TW_EASE_* name (or the call that makes it) and
 * its name in GSAP or CSS where it has one, all in one PNG (make gallery
 * writes docs/eases.png).
 *
 * Each curve is sampled through the public API only: a double tween from 0
 * to 1 over one second with that ease, moved with tw_goto to each sample
 * time and read back.  Nothing here computes an ease itself, so the picture
 * shows what the library does.  Each panel has a time axis (0 to 1 s) and
 * a vertical scale of its own: 0 to 1 (with a margin) for the curves that
 * stay there, and wide enough for the lowest and the highest value of the
 * curve for those that leave it (Back, Elastic, a bezier that overshoots),
 * which say so in orange, so that the overshoot shows against the dashed
 * lines at 0 and 1 and no curve is squeezed by another's.
 *
 * Two more panels show a punch and a shake (tw_punch, tw_shake) of a float
 * that rests at 0.5, by 0.5, over one second, with a fixed seed for the
 * shake: those are played by tw_update in even steps and read after each,
 * as a program would see them, and dotted lines mark the rest value.
 *
 *   tools/gallery FILE.png
 *   tools/gallery --terminal CAPTURE FILE.png
 *
 * The second form draws a terminal's picture (tools/termshot.sh's
 * capture: text with the escapes of bold and reverse video) in a window
 * of its own, for the screenshot of examples/ncurses-ui. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "tween.h"

enum kind { PLAIN, PARAMS, BEZIER, STEPS, CURVE, USER, PUNCH, SHAKE };

struct panel {
  const char *name; /* the call that makes it; NULL: the ease's name */
  const char *also; /* its GSAP or CSS name, or its parameters */
  enum kind kind;
  tw_ease ease;
  double a, b, c, d; /* the parameters of the kind */
};

#define E(ease, also)                                                          \
  { NULL, also, PLAIN, ease, 0, 0, 0, 0 }

/* Six columns: two families of In, Out, InOut per row, then the Flash
 * eases, then the shaped eases.  GSAP's powerN is the ease of power N + 1
 * (power1 is Quad); CSS names only its bezier curves, linear and steps.
 * Elastic is drawn as a tween has it by default, DOTween's, whose
 * amplitude is the overshoot (1.70158): Out peaks near 1.87; GSAP's
 * elastic.out(1, 0.3), peaking near 1.37, is amplitude 1
 * (tw_set_ease_params). */
static const struct panel panels[] = {
    E(TW_EASE_IN_SINE, "GSAP sine.in"),
    E(TW_EASE_OUT_SINE, "GSAP sine.out"),
    E(TW_EASE_IN_OUT_SINE, "GSAP sine.inOut"),
    E(TW_EASE_IN_QUAD, "GSAP power1.in"),
    E(TW_EASE_OUT_QUAD, "GSAP power1.out (the default)"),
    E(TW_EASE_IN_OUT_QUAD, "GSAP power1.inOut"),
    E(TW_EASE_IN_CUBIC, "GSAP power2.in"),
    E(TW_EASE_OUT_CUBIC, "GSAP power2.out"),
    E(TW_EASE_IN_OUT_CUBIC, "GSAP power2.inOut"),
    E(TW_EASE_IN_QUART, "GSAP power3.in"),
    E(TW_EASE_OUT_QUART, "GSAP power3.out"),
    E(TW_EASE_IN_OUT_QUART, "GSAP power3.inOut"),
    E(TW_EASE_IN_QUINT, "GSAP power4.in"),
    E(TW_EASE_OUT_QUINT, "GSAP power4.out"),
    E(TW_EASE_IN_OUT_QUINT, "GSAP power4.inOut"),
    E(TW_EASE_IN_EXPO, "GSAP expo.in"),
    E(TW_EASE_OUT_EXPO, "GSAP expo.out"),
    E(TW_EASE_IN_OUT_EXPO, "GSAP expo.inOut"),
    E(TW_EASE_IN_CIRC, "GSAP circ.in"),
    E(TW_EASE_OUT_CIRC, "GSAP circ.out"),
    E(TW_EASE_IN_OUT_CIRC, "GSAP circ.inOut"),
    E(TW_EASE_IN_ELASTIC, "DOTween's: amplitude 1.70158"),
    E(TW_EASE_OUT_ELASTIC, "DOTween's: amplitude 1.70158"),
    E(TW_EASE_IN_OUT_ELASTIC, "DOTween's: amplitude 1.70158"),
    E(TW_EASE_IN_BACK, "GSAP back.in"),
    E(TW_EASE_OUT_BACK, "GSAP back.out"),
    E(TW_EASE_IN_OUT_BACK, "GSAP back.inOut"),
    E(TW_EASE_IN_BOUNCE, "GSAP bounce.in"),
    E(TW_EASE_OUT_BOUNCE, "GSAP bounce.out"),
    E(TW_EASE_IN_OUT_BOUNCE, "GSAP bounce.inOut"),
    E(TW_EASE_LINEAR, "GSAP none, CSS linear"),
    /* Flash: overshoot is the number of flashes, period the weight */
    {NULL, "4 flashes (DOTween's Flash)", PARAMS, TW_EASE_FLASH, 4, 0, 0, 0},
    {NULL, "5 flashes", PARAMS, TW_EASE_FLASH, 5, 0, 0, 0},
    {NULL, "5 flashes", PARAMS, TW_EASE_IN_FLASH, 5, 0, 0, 0},
    {NULL, "5 flashes", PARAMS, TW_EASE_OUT_FLASH, 5, 0, 0, 0},
    {NULL, "5 flashes", PARAMS, TW_EASE_IN_OUT_FLASH, 5, 0, 0, 0},
    /* Spring: period is the bounce */
    {NULL, "bounce 0 (the default)", PARAMS, TW_EASE_SPRING, 1.70158, 0, 0, 0},
    {NULL, "bounce 0.5", PARAMS, TW_EASE_SPRING, 1.70158, 0.5, 0, 0},
    {"tw_set_ease_bezier", "CSS ease: cubic-bezier(.25,.1,.25,1)", BEZIER,
     TW_EASE_LINEAR, .25, .1, .25, 1},
    {"tw_set_ease_bezier", "CSS cubic-bezier(.68,-.6,.32,1.6)", BEZIER,
     TW_EASE_LINEAR, .68, -.6, .32, 1.6},
    {"tw_set_ease_steps", "CSS steps(5, end), GSAP steps(5)", STEPS,
     TW_EASE_LINEAR, 5, TW_JUMP_END, 0, 0},
    {"tw_set_ease_steps", "CSS steps(4, jump-both)", STEPS, TW_EASE_LINEAR, 4,
     TW_JUMP_BOTH, 0, 0},
    {"tw_set_ease_curve", "4 keyframes (Unity's AnimationCurve)", CURVE,
     TW_EASE_LINEAR, 0, 0, 0, 0},
    {"tw_set_ease_fn", "a function: smootherstep", USER, TW_EASE_LINEAR, 0, 0,
     0, 0},
    /* punch: amount, vibrato, elasticity; shake: strength, vibrato,
     * randomness, seed (fading out) */
    {"tw_punch", "vibrato 10 (DOTween's DOPunch)", PUNCH, TW_EASE_LINEAR, 0.5,
     10, 1, 0},
    {"tw_shake", "seed 7 (DOTween's DOShake)", SHAKE, TW_EASE_LINEAR, 0.5, 10,
     90, 7},
};

/* Where the punch and the shake rest. */
#define REST 0.5f

#define NPANELS (sizeof panels / sizeof panels[0])
#define NSAMPLES 480
#define COLS 6
#define PANEL_W 216
#define PANEL_H 214
#define HEADER 62
#define FOOTER 26
/* A panel's scale: 0 to 1 and this much of it either side. */
#define MARGIN 0.08

static const tw_key curve_keys[] = {
    {0.0f, 0.0f, 0.0f, 3.0f},
    {0.35f, 0.75f, 0.0f, 0.0f},
    {0.6f, 0.45f, 0.0f, 0.0f},
    {1.0f, 1.0f, 2.5f, 0.0f},
};

static double smootherstep(double x, void *ud) {
  (void)ud;
  return x * x * x * (x * (x * 6.0 - 15.0) + 10.0);
}

static int fail(const char *what, int rc) {
  fprintf(stderr, "gallery: %s: %s\n", what, tw_strerror(rc));
  return -1;
}

/* Shapes tween h as panel p says. */
static int shape(tw_manager *m, tw_handle h, const struct panel *p) {
  switch (p->kind) {
  case PLAIN:
    return tw_set_ease(m, h, p->ease);
  case PARAMS: {
    int rc = tw_set_ease(m, h, p->ease);
    return rc < 0 ? rc : tw_set_ease_params(m, h, p->a, p->b);
  }
  case BEZIER:
    return tw_set_ease_bezier(m, h, p->a, p->b, p->c, p->d);
  case STEPS:
    return tw_set_ease_steps(m, h, (int)p->a, (tw_jump)(int)p->b);
  case CURVE:
    return tw_set_ease_curve(m, h, curve_keys,
                             sizeof curve_keys / sizeof curve_keys[0]);
  case USER:
    return tw_set_ease_fn(m, h, smootherstep, NULL);
  case PUNCH:
  case SHAKE:
    break;
  }
  return TW_EINVAL;
}

/* The panel's name: the call that makes it, or its ease's name. */
static const char *panel_name(const struct panel *p) {
  return p->name != NULL ? p->name : tw_ease_name(p->ease);
}

/* Plays panel p's punch or shake of a float at REST with NSAMPLES even
 * updates over its second, reading the float before the first and after
 * each into y; it must have ended (and been killed) by the last. */
static int play(tw_manager *m, const struct panel *p, double *y) {
  float v = REST, amount = (float)p->a;
  tw_handle h;
  int i, rc;

  if (p->kind == PUNCH)
    rc = tw_punch(m, TW_TYPE_FLOAT, &v, &amount, 1.0, (int)p->b, p->c, &h);
  else
    rc = tw_shake(m, TW_TYPE_FLOAT, &v, &amount, 1.0, (int)p->b, p->c,
                  (uint32_t)p->d, 1, &h);
  if (rc < 0)
    return fail(panel_name(p), rc);
  y[0] = v;
  for (i = 1; i <= NSAMPLES; i++) {
    if ((rc = tw_update(m, TW_UPDATE_NORMAL, 1.0 / NSAMPLES, 1.0 / NSAMPLES)) <
        0)
      return fail("tw_update", rc);
    y[i] = v;
  }
  if (tw_is_active(m, h) == 1) {
    fprintf(stderr, "gallery: %s: still running after its second\n",
            panel_name(p));
    return -1;
  }
  return 0;
}

/* Samples panel p's ease at NSAMPLES + 1 even times from 0 to 1 into y. */
static int sample(tw_manager *m, const struct panel *p, double *y) {
  double v = 0.0;
  tw_handle h;
  int i, rc;

  if (p->kind == PUNCH || p->kind == SHAKE)
    return play(m, p, y);
  if ((rc = tw_double_to(m, &v, 1.0, 1.0, &h)) < 0)
    return fail("tw_double_to", rc);
  /* kept alive at its end, so that it can be moved there and read */
  if ((rc = tw_set_autokill(m, h, 0)) < 0 || (rc = shape(m, h, p)) < 0)
    return fail(panel_name(p), rc);
  for (i = 0; i <= NSAMPLES; i++) {
    if ((rc = tw_goto(m, h, (double)i / NSAMPLES, 0)) < 0)
      return fail("tw_goto", rc);
    y[i] = v;
  }
  tw_kill(m, h, 0);
  return 0;
}

static void font(cairo_t *cr, int bold, double size) {
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD
                              : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

/* Shows s with its baseline at y, its right end at x (right) or its
 * middle (centre), else its left end. */
static void show(cairo_t *cr, const char *s, double x, double y, int align) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s, &e);
  if (align == 1)
    x -= e.x_advance;
  else if (align == 2)
    x -= e.x_advance / 2;
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, s);
}

/* One panel: its card, its names, its curve on a scale of its own, with
 * the lines at 0 and 1, and its time axis.  The scale is 0 to 1, or the
 * curve's lowest to highest value (ymin, ymax) where it leaves 0 to 1,
 * with a margin either side. */
static void draw_panel(cairo_t *cr, const struct panel *p, const double *y,
                       double x0, double y0, double ymin, double ymax) {
  const double left = 30.0, right = 12.0, top = 52.0, bottom = 34.0;
  double w = PANEL_W - left - right, h = PANEL_H - top - bottom;
  int wider = ymin < -1e-9 || ymax > 1.0 + 1e-9;
  double lo = ymin < 0.0 ? ymin : 0.0, hi = ymax > 1.0 ? ymax : 1.0;
  double span = hi - lo, sy;
  double dashes[] = {4.0, 3.0}, dots[] = {1.0, 3.0};
  char tag[48];
  int i;

  lo -= MARGIN * span;
  hi += MARGIN * span;
  sy = h / (hi - lo);
#define PX(t) (x0 + left + (t)*w)
#define PY(v) (y0 + top + (hi - (v)) * sy)

  /* the card */
  cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
  cairo_rectangle(cr, x0 + 4, y0 + 4, PANEL_W - 8, PANEL_H - 8);
  cairo_fill(cr);

  /* the names */
  cairo_set_source_rgb(cr, 0.12, 0.13, 0.17);
  font(cr, 1, 11.5);
  show(cr, panel_name(p), x0 + 12, y0 + 22, 0);
  cairo_set_source_rgb(cr, 0.38, 0.40, 0.46);
  font(cr, 0, 10.0);
  show(cr, p->also, x0 + 12, y0 + 37, 0);

  /* the unit square: time 0..1 across, value 0..1 up */
  cairo_set_line_width(cr, 1.0);
  cairo_set_source_rgb(cr, 0.93, 0.94, 0.97);
  cairo_rectangle(cr, PX(0), PY(1), w, PY(0) - PY(1));
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 0.62, 0.65, 0.72);
  cairo_set_dash(cr, dashes, 2, 0);
  cairo_move_to(cr, PX(0), floor(PY(0)) + 0.5);
  cairo_line_to(cr, PX(1), floor(PY(0)) + 0.5);
  cairo_move_to(cr, PX(0), floor(PY(1)) + 0.5);
  cairo_line_to(cr, PX(1), floor(PY(1)) + 0.5);
  cairo_stroke(cr);
  if (p->kind == PUNCH || p->kind == SHAKE) { /* the rest value */
    cairo_set_dash(cr, dots, 2, 0);
    cairo_move_to(cr, PX(0), floor(PY(REST)) + 0.5);
    cairo_line_to(cr, PX(1), floor(PY(REST)) + 0.5);
    cairo_stroke(cr);
  }
  cairo_set_dash(cr, NULL, 0, 0);

  /* the value axis: 0 and 1; a wider scale says so */
  cairo_set_source_rgb(cr, 0.38, 0.40, 0.46);
  font(cr, 0, 9.5);
  show(cr, "0", PX(0) - 5, floor(PY(0)) + 4, 1);
  show(cr, "1", PX(0) - 5, floor(PY(1)) + 4, 1);
  if (wider) {
    snprintf(tag, sizeof tag, "wider scale: %.2f to %.2f", ymin, ymax);
    cairo_set_source_rgb(cr, 0.86, 0.45, 0.05);
    cairo_rectangle(cr, x0 + 4, y0 + 4, 3, PANEL_H - 8);
    cairo_fill(cr);
    show(cr, tag, PX(1), y0 + top - 4, 1);
  }

  /* the time axis: 0 to 1 s */
  cairo_set_source_rgb(cr, 0.62, 0.65, 0.72);
  cairo_move_to(cr, PX(0), floor(y0 + PANEL_H - bottom + 6) + 0.5);
  cairo_line_to(cr, PX(1), floor(y0 + PANEL_H - bottom + 6) + 0.5);
  for (i = 0; i <= 4; i++) {
    double x = floor(PX(i / 4.0)) + 0.5;
    cairo_move_to(cr, x, floor(y0 + PANEL_H - bottom + 6) + 0.5);
    cairo_line_to(cr, x,
                  floor(y0 + PANEL_H - bottom + 6) + (i % 2 ? 3.5 : 5.5));
  }
  cairo_stroke(cr);
  cairo_set_source_rgb(cr, 0.38, 0.40, 0.46);
  show(cr, "0", PX(0), y0 + PANEL_H - bottom + 21, 2);
  show(cr, "0.5", PX(0.5), y0 + PANEL_H - bottom + 21, 2);
  show(cr, "1 s", PX(1), y0 + PANEL_H - bottom + 21, 2);

  /* the curve */
  cairo_set_source_rgb(cr, 0.85, 0.22, 0.25);
  cairo_set_line_width(cr, 2.0);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (i = 0; i <= NSAMPLES; i++) {
    double t = (double)i / NSAMPLES;
    if (i == 0)
      cairo_move_to(cr, PX(t), PY(y[i]));
    else
      cairo_line_to(cr, PX(t), PY(y[i]));
  }
  cairo_stroke(cr);
#undef PX
#undef PY
}

/* 0 when every ease of tw_ease has a panel of its own, so that an ease
 * added to the library cannot be left out of the picture. */
static int covers_every_ease(void) {
  int e, missing = 0;
  size_t i;
  for (e = 0; e < TW_EASE_COUNT; e++) {
    for (i = 0; i < NPANELS; i++)
      if ((panels[i].kind == PLAIN || panels[i].kind == PARAMS) &&
          (int)panels[i].ease == e)
        break;
    if (i == NPANELS) {
      fprintf(stderr, "gallery: %s has no panel in tools/gallery.c\n",
              tw_ease_name((tw_ease)e));
      missing = 1;
    }
  }
  return missing ? -1 : 0;
}

/* --terminal: a capture drawn as a terminal window. */
#define TERM_COLS 80
#define TERM_ROWS 24
#define CELL_W 9
#define CELL_H 19
#define TITLE_H 30
#define PAD 14

struct cell {
  char ch[5]; /* one UTF-8 character */
  int bold, reverse;
};

static int terminal(const char *capture, const char *file) {
  static struct cell grid[TERM_ROWS][TERM_COLS];
  const double bg[3] = {0.094, 0.106, 0.149}, fg[3] = {0.82, 0.84, 0.88};
  char line[4096];
  FILE *f = fopen(capture, "r");
  cairo_surface_t *s;
  cairo_t *cr;
  int row = 0, col, bold, reverse, width, height, r, c;

  if (!f) {
    fprintf(stderr, "gallery: cannot read %s\n", capture);
    return 1;
  }
  memset(grid, 0, sizeof grid);
  while (row < TERM_ROWS && fgets(line, sizeof line, f)) {
    const char *p = line;
    col = bold = reverse = 0;
    while (*p && *p != '\n' && col < TERM_COLS) {
      if (p[0] == '\033' && p[1] == '[') { /* SGR: ESC [ n;n;... m */
        const char *q = p + 2;
        while (*q && *q != 'm') {
          int n = (int)strtol(q, (char **)&q, 10);
          bold = n == 1 ? 1 : n == 0 || n == 22 ? 0 : bold;
          reverse = n == 7 ? 1 : n == 0 || n == 27 ? 0 : reverse;
          if (*q == ';')
            q++;
          else if (*q != 'm')
            break;
        }
        p = *q == 'm' ? q + 1 : q;
        continue;
      }
      {
        size_t n = 1;
        while (n < 4 && ((unsigned char)p[n] & 0xc0) == 0x80)
          n++;
        memcpy(grid[row][col].ch, p, n);
        grid[row][col].bold = bold;
        grid[row][col].reverse = reverse;
        p += n;
        col++;
      }
    }
    row++;
  }
  fclose(f);

  width = 2 * PAD + TERM_COLS * CELL_W;
  height = TITLE_H + 2 * PAD + TERM_ROWS * CELL_H;
  s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width + 32, height + 32);
  cr = cairo_create(s);
  cairo_set_source_rgb(cr, 0.88, 0.89, 0.92);
  cairo_paint(cr);
  /* the window: a title bar, then the screen */
  cairo_set_source_rgb(cr, 0.20, 0.22, 0.28);
  cairo_rectangle(cr, 16, 16, width, height);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, bg[0], bg[1], bg[2]);
  cairo_rectangle(cr, 16, 16 + TITLE_H, width, height - TITLE_H);
  cairo_fill(cr);
  for (c = 0; c < 3; c++) {
    const double dot[3][3] = {
        {0.93, 0.37, 0.35}, {0.96, 0.74, 0.27}, {0.38, 0.78, 0.42}};
    cairo_set_source_rgb(cr, dot[c][0], dot[c][1], dot[c][2]);
    cairo_arc(cr, 16 + 18 + 20 * c, 16 + TITLE_H / 2.0, 6, 0, 6.28318530718);
    cairo_fill(cr);
  }
  cairo_set_source_rgb(cr, 0.78, 0.80, 0.85);
  font(cr, 0, 12.0);
  show(cr, "examples/ncurses-ui  (80 x 24)", 16 + width / 2.0,
       16 + TITLE_H / 2.0 + 4, 2);

  cairo_select_font_face(cr, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL,
                         CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 14.5);
  for (r = 0; r < TERM_ROWS; r++)
    for (c = 0; c < TERM_COLS; c++) {
      const struct cell *e = &grid[r][c];
      double x = 16 + PAD + c * CELL_W, y = 16 + TITLE_H + PAD + r * CELL_H;
      const double *ink = e->reverse ? bg : fg;
      if (e->reverse) {
        cairo_set_source_rgb(cr, fg[0], fg[1], fg[2]);
        cairo_rectangle(cr, x, y, CELL_W, CELL_H);
        cairo_fill(cr);
      }
      if (!e->ch[0] || !strcmp(e->ch, " "))
        continue;
      cairo_select_font_face(cr, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL,
                             e->bold ? CAIRO_FONT_WEIGHT_BOLD
                                     : CAIRO_FONT_WEIGHT_NORMAL);
      if (e->bold && !e->reverse)
        cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
      else
        cairo_set_source_rgb(cr, ink[0], ink[1], ink[2]);
      cairo_move_to(cr, x, y + CELL_H - 5);
      cairo_show_text(cr, e->ch);
    }
  cairo_destroy(cr);
  if (cairo_surface_write_to_png(s, file) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "gallery: cannot write %s\n", file);
    cairo_surface_destroy(s);
    return 1;
  }
  cairo_surface_destroy(s);
  printf("gallery: %s: %s drawn as a terminal of %d x %d\n", file, capture,
         TERM_COLS, TERM_ROWS);
  return 0;
}

int main(int argc, char **argv) {
  static double ys[NPANELS][NSAMPLES + 1];
  double ymin[NPANELS], ymax[NPANELS];
  tw_manager *m;
  cairo_surface_t *s;
  cairo_t *cr;
  int nwider = 0;
  int rows = (int)((NPANELS + COLS - 1) / COLS), width, height, rc;
  size_t i, j;
  char footer[160];

  if (argc == 4 && !strcmp(argv[1], "--terminal"))
    return terminal(argv[2], argv[3]);
  if (argc != 2) {
    fprintf(stderr,
            "usage: %s FILE.png\n       %s --terminal CAPTURE FILE.png\n",
            argv[0], argv[0]);
    return 2;
  }
  if (covers_every_ease() < 0)
    return 1;
  if ((rc = tw_manager_new(NULL, &m)) < 0) {
    fail("tw_manager_new", rc);
    return 1;
  }
  for (i = 0; i < NPANELS; i++) {
    if (sample(m, &panels[i], ys[i]) < 0)
      return 1;
    ymin[i] = ymax[i] = ys[i][0];
    for (j = 0; j <= NSAMPLES; j++) {
      ymin[i] = ys[i][j] < ymin[i] ? ys[i][j] : ymin[i];
      ymax[i] = ys[i][j] > ymax[i] ? ys[i][j] : ymax[i];
    }
    nwider += ymin[i] < -1e-9 || ymax[i] > 1.0 + 1e-9;
  }
  tw_manager_free(m);

  width = COLS * PANEL_W;
  height = HEADER + rows * PANEL_H + FOOTER;
  s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create(s);
  cairo_set_source_rgb(cr, 0.88, 0.89, 0.92);
  cairo_paint(cr);

  cairo_set_source_rgb(cr, 0.12, 0.13, 0.17);
  font(cr, 1, 18.0);
  show(cr, "libtween eases, punch and shake", 16, 27, 0);
  cairo_set_source_rgb(cr, 0.25, 0.27, 0.32);
  font(cr, 0, 12.0);
  show(cr,
       "Each panel: a tween's value over its second, from 0 to 1 (dashed "
       "lines), on a scale of its own: 0 to 1, or wider for a curve that "
       "leaves it,",
       16, 44, 0);
  show(cr,
       "marked in orange.  Under each TW_EASE_* name (or the call that "
       "makes the curve), its name in GSAP or CSS where it has one.  Punch "
       "and shake move around 0.5 (dotted).",
       16, 58, 0);

  for (i = 0; i < NPANELS; i++)
    draw_panel(cr, &panels[i], ys[i], (double)(i % COLS) * PANEL_W,
               HEADER + (double)(i / COLS) * PANEL_H, ymin[i], ymax[i]);

  snprintf(footer, sizeof footer,
           "drawn by tools/gallery (make gallery) from libtween %s tweens, "
           "sampled with tw_goto; punch and shake played by tw_update",
           tw_version_string());
  cairo_set_source_rgb(cr, 0.35, 0.37, 0.42);
  cairo_set_font_size(cr, 11.0);
  cairo_move_to(cr, 16, height - 9);
  cairo_show_text(cr, footer);

  cairo_destroy(cr);
  if (cairo_surface_write_to_png(s, argv[1]) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "gallery: cannot write %s\n", argv[1]);
    cairo_surface_destroy(s);
    return 1;
  }
  cairo_surface_destroy(s);
  printf("gallery: %s: %zu panels (%d on a wider scale), %dx%d\n", argv[1],
         NPANELS, nwider, width, height);
  return 0;
}

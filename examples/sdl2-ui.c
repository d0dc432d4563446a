/* SPDX-License-Identifier: MIT */
/* A settings screen in an 800x600 SDL2 window, animated with libtween.
 *
 *   - the panel slides in with OutBack;
 *   - three buttons fade and rise in, one after the other;
 *   - a button's colour (TW_TYPE_RGBA8) tweens on hover; moving on and off
 *     quickly retargets the running tween, so the colour turns back from
 *     wherever it is, without a jump;
 *   - a card drops in on a bouncy TW_EASE_SPRING; drag it and it follows
 *     the mouse, let go and a spring (tw_spring_to_v) takes it home with the
 *     speed the hand gave it; grab it on its way and it stops under the
 *     hand;
 *   - a progress bar is an int tween, the status dot pulses forever (yoyo);
 *   - a toast is a sequence: slide in, wait, slide out;
 *   - a list of recent saves left of the panel slides and fades in row
 *     after row (tw_seq_stagger); its header replays it from the next
 *     place in turn: the start, the centre, the edges, the end, a seeded
 *     random order;
 *   - below it a dot runs for ever round a closed centripetal Catmull-Rom
 *     path at constant speed (tw_path), its tick pointing the way it goes
 *     (tw_path_tangent); the path's track is drawn from a second, paused
 *     path tween moved with tw_goto;
 *   - a PIN pad right of the panel: a wrong key shakes the field
 *     sideways (tw_shake, seeded, fading out), which ends exactly where it
 *     rests; the right code (PIN_CODE) is accepted with a toast;
 *   - P bursts 100,000 particles from the middle of the window, each a
 *     plain float tween (its distance along its own direction) in a
 *     manager of their own whose updates run on the ready pool of two
 *     threads (tw_threads_new, tw_manager_set_parallel); the corner shows
 *     how many fly and what their update takes.
 *
 * Mouse: hover and click the buttons, drag the card, click the list's
 * header and the PIN keys.  Keys: Up/Down/Tab move the focus, Enter or
 * Space toggles, R restarts the progress bar, L replays the list, 1 to 3
 * type the PIN, P bursts the particles, Escape or Q quits.
 *
 *   examples/sdl2-ui
 *   examples/sdl2-ui --screenshot FILE.png --frames N
 *                    [--mouse X,Y@F] [--down X,Y@F] [--up X,Y@F]
 *                    [--key NAME@F]...
 *
 * The second form opens no window: it renders N frames at 60 Hz with SDL's
 * software renderer into a surface and writes the last one to FILE.png
 * with SDL2_image (for CI: SDL_VIDEODRIVER=dummy).  Before frame F, --mouse
 * moves the mouse to X,Y, --down presses the left button there and --up
 * releases it, and --key presses the key SDL names NAME (p, 1, Tab...),
 * in the order given, through the same event handler as the window (a
 * drag is a --down, some --mouse and an --up; a click on the list's
 * header or a PIN key is a --down).  It prints the resting
 * rectangles of the panel, the buttons, the card, the list's header and
 * rows, the PIN field and keys, and the path's box (the track's bounding
 * box grown by the dot's reach), and the PIN code, which tests/sdl2-ui.sh
 * uses to compare screenshots, what the card does, and how many particles
 * fly at the end. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include "tween.h"

#define WIN_W 800
#define WIN_H 600
#define PANEL_X 180
#define PANEL_Y 90
#define PANEL_W 440
#define PANEL_H 400
#define NBUTTONS 3
#define BUTTON_H 56
#define CARD_X 645 /* the card's home, right of the panel */
#define CARD_Y (PANEL_Y + 86)
#define CARD_W 130
#define CARD_H 100
/* the column left of the panel: the list, then the path */
#define SIDE_X 12
#define SIDE_W 156
#define HEADER_Y 100
#define HEADER_H 26
#define NROWS 6
#define ROW_Y 136
#define ROW_H 24
#define ROW_STEP 30
#define ROW_SLIDE 48.0f /* a row slides in from this far left */
#define ROW_EACH 0.15   /* seconds between the rows' starts */
#define NPATH 7
#define NTRACK 96
#define DOT_R 5.0f
#define TICK 12 /* the direction tick's length from the dot's centre */
/* the PIN pad, below the card's home */
#define PIN_CODE "312"
#define PIN_LEN 3
#define FIELD_Y 322
#define FIELD_H 44
#define NKEYS 3
#define KEY_Y 378
#define KEY_W 38
#define KEY_H 34
#define KEY_GAP 8
#define SHAKE_PX 14.0f

static const tw_rgba8 button_idle = {54, 62, 86, 255};
static const tw_rgba8 button_hover = {66, 124, 226, 255};
static const tw_rgba8 card_idle = {132, 86, 204, 255};
static const tw_rgba8 card_held = {170, 128, 240, 255};
static const tw_vec2 card_home = {CARD_X, CARD_Y};
static const tw_rgba8 dot_color = {255, 128, 64, 255}; /* used nowhere else */

/* The path's points, around the column below the list. */
static const tw_vec2 path_points[NPATH] = {
    {38, 382},  {92, 358}, {150, 380}, {118, 424},
    {146, 468}, {84, 482}, {30, 454},
};

static const char *const row_labels[NROWS][2] = {
    {"Forest camp", "0:42"}, {"River ford", "3:10"}, {"Old mill", "7:55"},
    {"Watchtower", "1:08"},  {"Harbour", "9:21"},    {"Summit", "4:36"},
};
/* The list replays from these places in turn. */
static const tw_stagger_from list_froms[] = {
    TW_STAGGER_START, TW_STAGGER_CENTER, TW_STAGGER_EDGES, TW_STAGGER_END,
    TW_STAGGER_RANDOM};
static const char *const list_from_names[] = {"start", "center", "edges", "end",
                                              "random"};
#define NFROMS (sizeof list_froms / sizeof list_froms[0])

struct button {
  const char *label;
  int on;
  float alpha, rise; /* fade and rise in */
  tw_rgba8 color;    /* tweened on hover */
  tw_handle hover;   /* the colour's tween, retargeted on hover */
  float knob;        /* the switch: 0 off, 1 on, tweened between */
};

/* The draggable card. */
struct card {
  tw_vec2 pos; /* top left */
  tw_rgba8 color;
  int held;
  tw_vec2 grab;   /* the pointer's offset from pos while held */
  tw_vec2 sample; /* the pointer's last sample, at sample_ms */
  Uint32 sample_ms;
  tw_vec2 vel;    /* the pointer's velocity, pixels per second */
  tw_handle home; /* the spring home */
};

/* The particles (P): NPART plain float tweens, each a particle's distance
 * from the burst's centre along its own direction, in a manager of their
 * own, sized for them, whose updates run on the ready pool. */
#define NPART 100000
struct particles {
  tw_manager *m;             /* NULL until the first burst */
  tw_threads *pool;          /* NULL: serial (no POSIX threads) */
  float *r, *dx, *dy, *life; /* distance (tweened), direction, seconds */
  SDL_Point *pts;
  double age;       /* seconds since the burst */
  uint32_t bursts;  /* so far: the seed of the next */
  double update_ms; /* the last update's time */
  double shown_ms;  /* what the corner shows, refreshed every 15 frames */
  size_t live;      /* particles in flight */
};

struct ui {
  tw_manager *m;
  float panel_x;
  struct button buttons[NBUTTONS];
  int hot; /* the hovered or focused button, -1 none */
  struct card card;
  SDL_Window *window; /* NULL when headless */
  int log;            /* headless: say what the card does */
  int frame;
  int percent;
  tw_handle progress;
  float dot;
  float toast_y;
  tw_handle toast;
  char toast_text[40];
  /* the staggered list */
  float row_dx[NROWS], row_alpha[NROWS];
  tw_handle list; /* its sequence */
  int list_from;  /* index into list_froms of the last play */
  /* the path */
  tw_vec2 dot_pos, dot_dir;
  tw_handle path;
  SDL_Point track[NTRACK];
  SDL_Rect path_box; /* the track's bounding box grown by the dot's reach */
  /* the PIN pad */
  float field_dx; /* the field's shake, 0 at rest */
  tw_handle shake;
  uint32_t shakes; /* the number of shakes so far, their seed */
  float wrong;     /* the "wrong" sign's opacity */
  int pin_len, pin_ok;
  struct particles parts;
  int quit;
};

static int check(int rc, const char *what) {
  if (rc < 0)
    fprintf(stderr, "sdl2-ui: %s: %s\n", what, tw_strerror(rc));
  return rc;
}

/* Drawing.  Shapes are anti-aliased by coverage: a pixel is blended with
 * the part of it the shape covers, from the distance between its centre
 * and the shape's edge (a signed distance: negative inside), so edges are
 * smooth at any position, fractional ones too.  Text is DejaVu Sans,
 * rendered by SDL2_ttf once per string, font and size, in white, and
 * tinted with the texture's colour and alpha modulation. */

enum { F_SMALL, F_SMALL_BOLD, F_BODY, F_LABEL, F_TITLE, NFONTS };

#define NTEXTS 96 /* strings kept as textures */

struct text {
  int font;
  char s[96];
  SDL_Texture *t;
  int w, h;
  unsigned long used; /* the frame it was last drawn in, for eviction */
};

struct gfx {
  SDL_Renderer *r;
  TTF_Font *font[NFONTS];
  struct text texts[NTEXTS];
  unsigned long frame;
};

static int gfx_open(struct gfx *g, SDL_Renderer *r) {
  static const struct {
    const char *file;
    int size;
  } fonts[NFONTS] = {{"DejaVuSans.ttf", 11},
                     {"DejaVuSans-Bold.ttf", 11},
                     {"DejaVuSans.ttf", 14},
                     {"DejaVuSans-Bold.ttf", 16},
                     {"DejaVuSans-Bold.ttf", 26}};
  char path[512];
  int i;

  memset(g, 0, sizeof *g);
  g->r = r;
  for (i = 0; i < NFONTS; i++) {
    snprintf(path, sizeof path, "%s/%s", TW_FONT_DIR, fonts[i].file);
    if (!(g->font[i] = TTF_OpenFont(path, fonts[i].size))) {
      fprintf(stderr, "sdl2-ui: %s: %s\n", path, TTF_GetError());
      return -1;
    }
    TTF_SetFontHinting(g->font[i], TTF_HINTING_LIGHT);
  }
  SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
  return 0;
}

static void gfx_close(struct gfx *g) {
  int i;
  for (i = 0; i < NTEXTS; i++)
    if (g->texts[i].t)
      SDL_DestroyTexture(g->texts[i].t);
  for (i = 0; i < NFONTS; i++)
    if (g->font[i])
      TTF_CloseFont(g->font[i]);
}

/* The texture of s in font f, made on first use; NULL if it cannot be. */
static struct text *text_of(struct gfx *g, int f, const char *s) {
  struct text *t, *lru = &g->texts[0];
  SDL_Surface *surf;
  SDL_Color white = {255, 255, 255, 255};
  int i;

  for (i = 0; i < NTEXTS; i++) {
    t = &g->texts[i];
    if (t->t && t->font == f && !strcmp(t->s, s)) {
      t->used = g->frame;
      return t;
    }
    if (!t->t || (lru->t && t->used < lru->used))
      lru = t;
  }
  if (strlen(s) >= sizeof lru->s ||
      !(surf = TTF_RenderUTF8_Blended(g->font[f], s, white)))
    return NULL;
  if (lru->t)
    SDL_DestroyTexture(lru->t);
  lru->t = SDL_CreateTextureFromSurface(g->r, surf);
  SDL_FreeSurface(surf);
  if (!lru->t)
    return NULL;
  SDL_SetTextureBlendMode(lru->t, SDL_BLENDMODE_BLEND);
  SDL_QueryTexture(lru->t, NULL, NULL, &lru->w, &lru->h);
  lru->font = f;
  snprintf(lru->s, sizeof lru->s, "%s", s);
  lru->used = g->frame;
  return lru;
}

static int text_width(struct gfx *g, int f, const char *s) {
  int w = 0;
  TTF_SizeUTF8(g->font[f], s, &w, NULL);
  return w;
}

static int text_height(struct gfx *g, int f) {
  return TTF_FontHeight(g->font[f]);
}

enum { LEFT, CENTER, RIGHT };

/* Draws s with its top at y; x is its left end, middle or right end. */
static void text(struct gfx *g, int f, const char *s, int x, int y, int align,
                 tw_rgba8 c) {
  struct text *t;
  SDL_Rect dst;

  if (c.a == 0 || !*s || !(t = text_of(g, f, s)))
    return;
  dst.x = align == LEFT ? x : align == CENTER ? x - t->w / 2 : x - t->w;
  dst.y = y;
  dst.w = t->w;
  dst.h = t->h;
  SDL_SetTextureColorMod(t->t, c.r, c.g, c.b);
  SDL_SetTextureAlphaMod(t->t, c.a);
  SDL_RenderCopy(g->r, t->t, NULL, &dst);
}

/* Draws s centred in the box, both ways. */
static void text_in(struct gfx *g, int f, const char *s, SDL_Rect box,
                    tw_rgba8 c) {
  text(g, f, s, box.x + box.w / 2, box.y + (box.h - text_height(g, f)) / 2,
       CENTER, c);
}

static float clampf(float v, float lo, float hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

/* A colour with its alpha scaled by a (0..1). */
static tw_rgba8 faded(tw_rgba8 c, float a) {
  c.a = (uint8_t)(c.a * clampf(a, 0.0f, 1.0f) + 0.5f);
  return c;
}

/* The part of pixel centre px, py that the rounded rectangle of centre cx,
 * cy, half sizes hw, hh and corner radius rad covers. */
static float round_cover(float px, float py, float cx, float cy, float hw,
                         float hh, float rad) {
  float qx = fabsf(px - cx) - (hw - rad), qy = fabsf(py - cy) - (hh - rad);
  float ox = qx > 0.0f ? qx : 0.0f, oy = qy > 0.0f ? qy : 0.0f;
  float in = qx > qy ? qx : qy;
  return clampf(0.5f -
                    (sqrtf(ox * ox + oy * oy) + (in < 0.0f ? in : 0.0f) - rad),
                0.0f, 1.0f);
}

/* The runs of one row: pixels of one alpha side by side are one rect. */
struct runs {
  SDL_Renderer *r;
  tw_rgba8 c;
  int y, h;     /* the rows the runs stand for */
  int x0, n, a; /* the pending run */
};

static void run_flush(struct runs *u) {
  if (u->n > 0 && u->a > 0) {
    SDL_Rect px = {u->x0, u->y, u->n, u->h};
    SDL_SetRenderDrawColor(u->r, u->c.r, u->c.g, u->c.b, (Uint8)u->a);
    SDL_RenderFillRect(u->r, &px);
  }
  u->n = 0;
}

static void run_pixel(struct runs *u, int x, float cover) {
  int a = (int)(u->c.a * cover + 0.5f);
  if (u->n > 0 && (a != u->a || x != u->x0 + u->n))
    run_flush(u);
  if (u->n == 0) {
    u->x0 = x;
    u->a = a;
  }
  u->n++;
}

/* One row (or h alike) of a rounded rectangle: the pixels near the left
 * and right ends one by one, the middle as one run. */
static void round_row(struct runs *u, float py, int ix0, int ix1, float cx,
                      float cy, float hw, float hh, float rad) {
  int zone = (int)ceilf(rad) + 2, mid0 = ix0 + zone, mid1 = ix1 - zone, x;
  if (mid0 > mid1)
    mid0 = mid1 = (ix0 + ix1) / 2;
  for (x = ix0; x < mid0; x++)
    run_pixel(u, x, round_cover(x + 0.5f, py, cx, cy, hw, hh, rad));
  if (mid1 > mid0) {
    float mid = round_cover(cx, py, cx, cy, hw, hh, rad);
    int a = (int)(u->c.a * mid + 0.5f);
    if (u->n > 0 && (a != u->a || mid0 != u->x0 + u->n))
      run_flush(u);
    if (u->n == 0) {
      u->x0 = mid0;
      u->a = a;
    }
    u->n += mid1 - mid0;
  }
  for (x = mid1 > mid0 ? mid1 : mid0; x < ix1; x++)
    run_pixel(u, x, round_cover(x + 0.5f, py, cx, cy, hw, hh, rad));
  run_flush(u);
}

/* Fills the rectangle x, y, w, h with corners of radius rad. */
static void fill_round(struct gfx *g, float x, float y, float w, float h,
                       float rad, tw_rgba8 c) {
  float hw = w / 2, hh = h / 2, cx = x + hw, cy = y + hh;
  int ix0 = (int)floorf(x), ix1 = (int)ceilf(x + w);
  int iy0 = (int)floorf(y), iy1 = (int)ceilf(y + h), row;
  /* rows wholly inside, away from the corners, are alike: one band */
  int band0 = (int)ceilf(y + rad + 1.0f),
      band1 = (int)floorf(y + h - rad - 1.0f);
  struct runs u;

  if (w <= 0.0f || h <= 0.0f || c.a == 0)
    return;
  rad = clampf(rad, 0.0f, hw < hh ? hw : hh);
  u.r = g->r;
  u.c = c;
  u.n = 0;
  for (row = iy0; row < iy1; row++) {
    u.y = row;
    u.h = 1;
    if (row == band0 && band1 > band0) {
      u.h = band1 - band0;
      row = band1 - 1;
    }
    round_row(&u, u.y + 0.5f, ix0, ix1, cx, cy, hw, hh, rad);
  }
}

static void fill_circle(struct gfx *g, float cx, float cy, float radius,
                        tw_rgba8 c) {
  fill_round(g, cx - radius, cy - radius, 2 * radius, 2 * radius, radius, c);
}

/* A line x0, y0 to x1, y1 of the given half width, with round ends. */
static void stroke(struct gfx *g, float x0, float y0, float x1, float y1,
                   float half, tw_rgba8 c) {
  float dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
  int ix0 = (int)floorf((x0 < x1 ? x0 : x1) - half - 1);
  int ix1 = (int)ceilf((x0 > x1 ? x0 : x1) + half + 1);
  int iy0 = (int)floorf((y0 < y1 ? y0 : y1) - half - 1);
  int iy1 = (int)ceilf((y0 > y1 ? y0 : y1) + half + 1), x, y;
  struct runs u;

  u.r = g->r;
  u.c = c;
  u.n = 0;
  u.h = 1;
  for (y = iy0; y < iy1; y++) {
    u.y = y;
    for (x = ix0; x < ix1; x++) {
      float px = x + 0.5f - x0, py = y + 0.5f - y0;
      float t =
          len2 > 0.0f ? clampf((px * dx + py * dy) / len2, 0.0f, 1.0f) : 0.0f;
      float ex = px - t * dx, ey = py - t * dy;
      run_pixel(&u, x,
                clampf(half + 0.5f - sqrtf(ex * ex + ey * ey), 0.0f, 1.0f));
    }
    run_flush(&u);
  }
}

static SDL_Rect button_rect(const struct ui *ui, int i) {
  SDL_Rect b = {(int)ui->panel_x + 24, PANEL_Y + 86 + i * 72, PANEL_W - 48,
                BUTTON_H};
  b.y += (int)ui->buttons[i].rise;
  return b;
}

static void button_text(const struct button *b, char *out, size_t n) {
  snprintf(out, n, "%s: %s", b->label, b->on ? "on" : "off");
}

/* A toast: a new sequence slides it in from below the window, waits and
 * slides it out.  A toast that is still showing is replaced: its sequence
 * is killed and the new one slides in from where the old one left it. */
static void toast(struct ui *ui, const char *text, double after) {
  tw_handle in, out;
  tw_manager *m = ui->m;

  snprintf(ui->toast_text, sizeof ui->toast_text, "%s", text);
  if (tw_is_active(m, ui->toast))
    tw_kill(m, ui->toast, 0);
  if (check(tw_sequence(m, &ui->toast), "toast") < 0)
    return;
  check(tw_float_to(m, &ui->toast_y, WIN_H - 74, 0.45, &in), "toast in");
  tw_set_ease(m, in, TW_EASE_OUT_BACK);
  check(tw_float_to(m, &ui->toast_y, WIN_H + 10, 0.3, &out), "toast out");
  tw_set_ease(m, out, TW_EASE_IN_QUAD);
  if (after > 0.0)
    tw_seq_append_interval(m, ui->toast, after);
  check(tw_seq_append(m, ui->toast, in), "toast append");
  tw_seq_append_interval(m, ui->toast, 1.6);
  check(tw_seq_append(m, ui->toast, out), "toast append");
}

static void progress_done(tw_manager *m, tw_handle h, void *ud) {
  (void)m;
  (void)h;
  toast(ud, "Update downloaded", 0.0);
}

static void start_progress(struct ui *ui) {
  tw_manager *m = ui->m;
  if (tw_is_active(m, ui->progress))
    tw_kill(m, ui->progress, 0);
  ui->percent = 0;
  check(tw_int_to(m, &ui->percent, 100, 4.0, &ui->progress), "progress");
  tw_set_ease(m, ui->progress, TW_EASE_IN_OUT_SINE);
  tw_set_delay(m, ui->progress, 0.8);
  tw_on(m, ui->progress, TW_ON_COMPLETE, progress_done, ui);
}

/* Hover: the button that stops being hot goes back to idle, the new one
 * to the hover colour.  Each colour has one tween at most: while it runs,
 * a hover on or off retargets it (tw_retarget), which turns it round from
 * the value it has now, so moving on and off quickly never makes the
 * colour jump.  (An 8-bit colour keeps its value, not its speed: it may
 * turn sharply, never jump.)  Only once it has finished and is gone is a
 * new tween made.  Starting a second tween on the running one instead
 * would leave two tweens writing: the newest wins only while both run,
 * so an older, longer one would take the colour back once the new one
 * ended; killing the old one first is right but throws its state away. */
static void hover_to(struct ui *ui, struct button *b, const tw_rgba8 *to,
                     double duration) {
  tw_manager *m = ui->m;
  if (tw_is_active(m, b->hover)) {
    if (check(tw_retarget(m, b->hover, to, duration), "hover") == 0)
      return;
    tw_kill(m, b->hover, 0); /* cannot happen; but never two tweens */
  }
  check(tw_rgba8_to(m, &b->color, *to, duration, &b->hover), "hover");
}

static void set_hot(struct ui *ui, int hot) {
  if (hot == ui->hot)
    return;
  if (ui->hot >= 0)
    hover_to(ui, &ui->buttons[ui->hot], &button_idle, 0.35);
  if (hot >= 0)
    hover_to(ui, &ui->buttons[hot], &button_hover, 0.25);
  ui->hot = hot;
}

/* The card's colour: lighter while held.  Overwrite, the other cure for
 * two tweens on one value: when the new tween starts it kills the older
 * one, from the value that one left. */
static void card_color(struct ui *ui, const tw_rgba8 *to, double duration) {
  tw_handle h;
  if (check(tw_rgba8_to(ui->m, &ui->card.color, *to, duration, &h), "card") ==
      0)
    check(tw_set_overwrite(ui->m, h, TW_OVERWRITE_KILL), "card");
}

static int on_card(const struct ui *ui, int x, int y) {
  const struct card *c = &ui->card;
  return x >= c->pos.x && x < c->pos.x + CARD_W && y >= c->pos.y &&
         y < c->pos.y + CARD_H;
}

/* A grab stops whatever moves the card (its entrance, or the spring on its
 * way home) where it is, and the card follows the hand from there: the
 * offset of the pointer is kept, so nothing jumps.  The spring is killed,
 * not retargeted: while held, the card is where the hand is, and the
 * hand's speed replaces the spring's. */
static void grab(struct ui *ui, int x, int y, Uint32 ms) {
  struct card *c = &ui->card;
  tw_kill_target(ui->m, &c->pos, 0);
  c->held = 1;
  c->grab.x = (float)x - c->pos.x;
  c->grab.y = (float)y - c->pos.y;
  c->sample.x = (float)x;
  c->sample.y = (float)y;
  c->sample_ms = ms;
  c->vel.x = c->vel.y = 0.0f;
  card_color(ui, &card_held, 0.12);
  if (ui->window)
    SDL_CaptureMouse(SDL_TRUE); /* the release may come outside */
  if (ui->log)
    printf("sdl2-ui: frame %d: card grabbed at %d,%d\n", ui->frame, x, y);
}

/* The card follows the pointer; its velocity is measured over at least
 * 8 ms, since the events of one frame may come at one time. */
static void drag(struct ui *ui, int x, int y, Uint32 ms) {
  struct card *c = &ui->card;
  Uint32 dms = ms - c->sample_ms;
  c->pos.x = (float)x - c->grab.x;
  c->pos.y = (float)y - c->grab.y;
  if (dms >= 8) {
    c->vel.x = ((float)x - c->sample.x) * 1000.0f / (float)dms;
    c->vel.y = ((float)y - c->sample.y) * 1000.0f / (float)dms;
    c->sample.x = (float)x;
    c->sample.y = (float)y;
    c->sample_ms = ms;
  }
}

/* Let go: a spring takes the card home, starting at the hand's velocity,
 * as it is: each axis springs on its own (tw_spring_to_v), so a sideways
 * flick swings the card sideways, even from home.  A hand that stood
 * still for 50 ms before letting go gives no speed. */
static void release(struct ui *ui, int x, int y, Uint32 ms) {
  struct card *c = &ui->card;
  tw_spring spring;
  float speed;
  double settle = 0.0;

  if ((float)x - c->grab.x != c->pos.x || (float)y - c->grab.y != c->pos.y)
    drag(ui, x, y, ms);
  if (ms - c->sample_ms > 50)
    c->vel.x = c->vel.y = 0.0f;
  speed = sqrtf(c->vel.x * c->vel.x + c->vel.y * c->vel.y);
  if (speed > 2500.0f) { /* a flick, not a throw out of the window */
    c->vel.x *= 2500.0f / speed;
    c->vel.y *= 2500.0f / speed;
  }
  c->held = 0;
  if (ui->window)
    SDL_CaptureMouse(SDL_FALSE);
  card_color(ui, &card_idle, 0.3);
  tw_spring_init(&spring);
  tw_spring_duration_bounce(&spring, 0.5, 0.3);
  if (check(tw_spring_to_v(ui->m, TW_TYPE_VEC2, &c->pos, &card_home, &spring,
                           &c->vel, &c->home),
            "spring") == 0)
    tw_duration(ui->m, c->home, 0, &settle);
  if (ui->log)
    printf("sdl2-ui: frame %d: card released at %d,%d at %.0f,%.0f px/s, "
           "home in %.2f s\n",
           ui->frame, x, y, c->vel.x, c->vel.y, settle);
}

/* The list: every row slides and fades in, the rows `ROW_EACH` apart in
 * the order list_froms[from] says: two staggers of one sequence, one for
 * the slides and one for the fades, with the same places.  A replay kills
 * the sequence that runs (the rows stop where they are) and hides every
 * row at once, so that the new order shows from the first frame. */
static void play_list(struct ui *ui, int from, double at) {
  tw_manager *m = ui->m;
  tw_handle slide[NROWS], fade[NROWS];
  int i, made = 0;

  if (tw_is_active(m, ui->list))
    tw_kill(m, ui->list, 0);
  ui->list_from = from;
  for (i = 0; i < NROWS; i++) {
    ui->row_dx[i] = -ROW_SLIDE;
    ui->row_alpha[i] = 0.0f;
  }
  if (check(tw_sequence(m, &ui->list), "list") < 0)
    made = -1;
  for (i = 0; made >= 0 && i < NROWS; i++, made++) {
    if (check(tw_float_to(m, &ui->row_dx[i], 0.0f, 0.3, &slide[i]), "row") < 0)
      break;
    tw_set_ease(m, slide[i], TW_EASE_OUT_CUBIC);
    if (check(tw_float_to(m, &ui->row_alpha[i], 1.0f, 0.25, &fade[i]), "row") <
        0) {
      tw_kill(m, slide[i], 0);
      break;
    }
  }
  if (made == NROWS &&
      check(tw_seq_stagger(m, ui->list, slide, NROWS, at, ROW_EACH,
                           list_froms[from], 15),
            "stagger") == 0 &&
      check(tw_seq_stagger(m, ui->list, fade, NROWS, at, ROW_EACH,
                           list_froms[from], 15),
            "stagger") == 0)
    return;
  /* out of room: show the rows at rest */
  tw_kill(m, ui->list, 0);
  for (i = 0; i < made; i++) {
    tw_kill(m, slide[i], 1);
    tw_kill(m, fade[i], 1);
  }
  for (i = 0; i < NROWS; i++) {
    ui->row_dx[i] = 0.0f;
    ui->row_alpha[i] = 1.0f;
  }
}

static void replay_list(struct ui *ui) {
  play_list(ui, (int)((size_t)(ui->list_from + 1) % NFROMS), 0.0);
}

/* The path: the dot goes round it for ever at constant speed.  The track
 * drawn under it is the same path sampled by a second tween, moved with
 * tw_goto and killed, so that the picture shows what the library does;
 * its bounding box, grown by the dot's reach, is printed for the test. */
static void start_path(struct ui *ui) {
  const tw_path_kind kind =
      (tw_path_kind)(TW_PATH_CATMULL_ROM | TW_PATH_CLOSED |
                     TW_PATH_CONSTANT_SPEED);
  tw_manager *m = ui->m;
  tw_vec2 p = path_points[0];
  tw_handle h;
  int i, x0 = WIN_W, y0 = WIN_H, x1 = 0, y1 = 0;

  if (check(tw_path(m, TW_TYPE_VEC2, &p, path_points, NPATH, kind, 1.0, &h),
            "track") == 0) {
    tw_set_autokill(m, h, 0); /* kept at its end, to be moved and read */
    for (i = 0; i < NTRACK; i++) {
      tw_goto(m, h, (double)i / NTRACK, 0);
      ui->track[i].x = (int)lroundf(p.x);
      ui->track[i].y = (int)lroundf(p.y);
    }
    tw_kill(m, h, 0);
  } else {
    for (i = 0; i < NTRACK; i++) {
      ui->track[i].x = (int)path_points[i * NPATH / NTRACK].x;
      ui->track[i].y = (int)path_points[i * NPATH / NTRACK].y;
    }
  }
  for (i = 0; i < NTRACK; i++) {
    x0 = ui->track[i].x < x0 ? ui->track[i].x : x0;
    y0 = ui->track[i].y < y0 ? ui->track[i].y : y0;
    x1 = ui->track[i].x > x1 ? ui->track[i].x : x1;
    y1 = ui->track[i].y > y1 ? ui->track[i].y : y1;
  }
  /* the dot's reach: the tick, its width, and the sampling's rounding */
  ui->path_box.x = x0 - TICK - 3;
  ui->path_box.y = y0 - TICK - 3;
  ui->path_box.w = x1 - x0 + 2 * (TICK + 3) + 1;
  ui->path_box.h = y1 - y0 + 2 * (TICK + 3) + 1;

  ui->dot_pos = path_points[0];
  if (check(tw_path(m, TW_TYPE_VEC2, &ui->dot_pos, path_points, NPATH, kind,
                    3.0, &ui->path),
            "path") == 0)
    tw_set_loops(m, ui->path, TW_LOOPS_INFINITE, TW_LOOP_RESTART);
}

static SDL_Rect field_rect(const struct ui *ui) {
  SDL_Rect f = {CARD_X, FIELD_Y, CARD_W, FIELD_H};
  f.x += (int)lroundf(ui->field_dx);
  return f;
}

static SDL_Rect key_rect(int k) {
  SDL_Rect r = {CARD_X + k * (KEY_W + KEY_GAP), KEY_Y, KEY_W, KEY_H};
  return r;
}

/* The key under x, y: 0 to NKEYS - 1 for the digits 1 to NKEYS, or -1. */
static int key_at(int x, int y) {
  SDL_Point p = {x, y};
  int k;
  for (k = 0; k < NKEYS; k++) {
    SDL_Rect r = key_rect(k);
    if (SDL_PointInRect(&p, &r))
      return k;
  }
  return -1;
}

static int on_header(int x, int y) {
  SDL_Point p = {x, y};
  SDL_Rect r = {SIDE_X, HEADER_Y, SIDE_W, HEADER_H};
  return SDL_PointInRect(&p, &r);
}

/* A PIN digit.  A wrong one clears the entry and shakes the field
 * sideways: a float shake of its x offset, seeded by the number of shakes
 * so far, fading out.  A shake ends on the value it started from, so a
 * shake that runs is completed first (which puts the field back at 0)
 * before the next one starts there. */
static void pin_key(struct ui *ui, char digit) {
  tw_manager *m = ui->m;
  float strength = SHAKE_PX, opaque = 1.0f, clear = 0.0f;
  tw_handle h;

  if (ui->pin_ok) { /* a new entry */
    ui->pin_ok = 0;
    ui->pin_len = 0;
  }
  if (digit == PIN_CODE[ui->pin_len]) {
    if (++ui->pin_len == PIN_LEN) {
      ui->pin_ok = 1;
      toast(ui, "PIN accepted", 0.0);
    }
    return;
  }
  ui->pin_len = 0;
  if (tw_is_active(m, ui->shake))
    tw_kill(m, ui->shake, 1);
  ui->field_dx = 0.0f;
  check(tw_shake(m, TW_TYPE_FLOAT, &ui->field_dx, &strength, 0.5, 18, 30.0,
                 1515 + ui->shakes++, 1, &ui->shake),
        "shake");
  tw_kill_target(m, &ui->wrong, 0);
  if (check(tw_from_to(m, TW_TYPE_FLOAT, &ui->wrong, &opaque, &clear, 0.5, &h),
            "wrong") == 0)
    tw_set_delay(m, h, 0.4);
  if (ui->log)
    printf("sdl2-ui: frame %d: wrong pin key %c\n", ui->frame, digit);
}

/* A press flips the switch: its knob glides over (a new tween from where
 * it is: the one before, if it still runs, is killed first). */
static void press(struct ui *ui, int i) {
  char said[40];
  struct button *b = &ui->buttons[i];
  tw_handle h;
  b->on = !b->on;
  tw_kill_target(ui->m, &b->knob, 0);
  if (check(tw_float_to(ui->m, &b->knob, b->on ? 1.0f : 0.0f, 0.22, &h),
            "switch") == 0)
    tw_set_ease(ui->m, h, TW_EASE_OUT_CUBIC);
  button_text(b, said, sizeof said);
  toast(ui, said, 0.0);
}

static int hit(const struct ui *ui, int x, int y) {
  int i;
  if (on_card(ui, x, y)) /* the card is above the buttons */
    return -1;
  for (i = 0; i < NBUTTONS; i++) {
    SDL_Rect b = button_rect(ui, i);
    SDL_Point p = {x, y};
    if (ui->buttons[i].alpha > 0.5f && SDL_PointInRect(&p, &b))
      return i;
  }
  return -1;
}

/* The particles' manager, pool and arrays, made at the first burst;
 * -1 if they cannot be.  Without POSIX threads the updates are serial. */
static int particles_open(struct particles *p) {
  tw_config c;

  p->r = malloc(NPART * sizeof *p->r);
  p->dx = malloc(NPART * sizeof *p->dx);
  p->dy = malloc(NPART * sizeof *p->dy);
  p->life = malloc(NPART * sizeof *p->life);
  p->pts = malloc(NPART * sizeof *p->pts);
  tw_config_init(&c);
  c.tweens = NPART; /* room for a burst: no growth, no warning */
  if (!p->r || !p->dx || !p->dy || !p->life || !p->pts ||
      check(tw_manager_new(&c, &p->m), "particles") < 0)
    return -1;
  if (tw_threads_new(2, &p->pool) == 0 &&
      check(tw_manager_set_parallel(p->m, tw_threads_parallel_for, p->pool,
                                    TW_DEFAULT_PARALLEL_GRAIN,
                                    TW_DEFAULT_PARALLEL_THRESHOLD),
            "parallel") < 0) {
    tw_threads_free(p->pool);
    p->pool = NULL;
  }
  return 0;
}

static void particles_close(struct particles *p) {
  tw_manager_free(p->m); /* before its pool */
  tw_threads_free(p->pool);
  free(p->r);
  free(p->dx);
  free(p->dy);
  free(p->life);
  free(p->pts);
  memset(p, 0, sizeof *p);
}

/* A burst: the last one's particles go, NPART new ones fly out from the
 * middle, each on its own line, as far as 60 to 300 pixels in 1.2 to 2
 * seconds (OutQuad, the default: plain tweens, which the pool updates).
 * Seeded by the burst's number, so that a scripted run is the same on
 * every machine. */
static void burst(struct ui *ui) {
  struct particles *p = &ui->parts;
  uint32_t x = 0x9e3779b9u * (p->bursts++ + 1u);
  int i;

  if (!p->m && particles_open(p) < 0) {
    particles_close(p);
    return;
  }
  check(tw_kill_all(p->m, 0), "kill");
  for (i = 0; i < NPART; i++) {
    double a, u, v;
    x ^= x << 13; /* xorshift32 */
    x ^= x >> 17;
    x ^= x << 5;
    a = (x >> 8) * (6.283185307179586 / 16777216.0);
    u = (x & 0xffff) / 65536.0;
    v = ((x >> 4) & 0xfff) / 4096.0;
    p->dx[i] = (float)cos(a);
    p->dy[i] = (float)sin(a);
    p->r[i] = 0.0f;
    p->life[i] = (float)(1.2 + 0.8 * v);
    if (check(tw_float_to(p->m, &p->r[i], (float)(60.0 + 240.0 * sqrt(u)),
                          p->life[i], NULL),
              "particle") < 0)
      break;
  }
  p->age = 0;
  p->live = (size_t)i;
}

/* The particles' frame: their update, timed. */
static void particles_step(struct ui *ui, double dt) {
  struct particles *p = &ui->parts;
  Uint64 t0;
  tw_stats st;

  if (!p->m)
    return;
  t0 = SDL_GetPerformanceCounter();
  check(tw_update(p->m, TW_UPDATE_NORMAL, dt, dt), "particles");
  p->update_ms = (double)(SDL_GetPerformanceCounter() - t0) * 1e3 /
                 (double)SDL_GetPerformanceFrequency();
  if (ui->frame % 15 == 0 || p->shown_ms <= 0)
    p->shown_ms = p->update_ms;
  p->age += dt;
  if (tw_manager_stats(p->m, &st) == 0)
    p->live = st.live;
}

static void handle(struct ui *ui, const SDL_Event *e) {
  switch (e->type) {
  case SDL_QUIT:
    ui->quit = 1;
    break;
  case SDL_MOUSEMOTION:
    if (ui->card.held) /* no hover while dragging */
      drag(ui, e->motion.x, e->motion.y, e->motion.timestamp);
    else
      set_hot(ui, hit(ui, e->motion.x, e->motion.y));
    break;
  case SDL_MOUSEBUTTONDOWN:
    if (e->button.button == SDL_BUTTON_LEFT && !ui->card.held) {
      int i = hit(ui, e->button.x, e->button.y);
      if (on_card(ui, e->button.x, e->button.y))
        grab(ui, e->button.x, e->button.y, e->button.timestamp);
      else if (i >= 0)
        press(ui, i);
      else if (key_at(e->button.x, e->button.y) >= 0)
        pin_key(ui, (char)('1' + key_at(e->button.x, e->button.y)));
      else if (on_header(e->button.x, e->button.y))
        replay_list(ui);
    }
    break;
  case SDL_MOUSEBUTTONUP:
    if (e->button.button == SDL_BUTTON_LEFT && ui->card.held) {
      release(ui, e->button.x, e->button.y, e->button.timestamp);
      set_hot(ui, hit(ui, e->button.x, e->button.y));
    }
    break;
  case SDL_WINDOWEVENT: /* a drag ends when the window loses the mouse */
    if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST && ui->card.held)
      release(ui, (int)(ui->card.pos.x + ui->card.grab.x),
              (int)(ui->card.pos.y + ui->card.grab.y), e->window.timestamp);
    break;
  case SDL_KEYDOWN:
    switch (e->key.keysym.sym) {
    case SDLK_ESCAPE:
    case SDLK_q:
      ui->quit = 1;
      break;
    case SDLK_UP:
      set_hot(ui, ui->hot <= 0 ? NBUTTONS - 1 : ui->hot - 1);
      break;
    case SDLK_DOWN:
    case SDLK_TAB:
      set_hot(ui, (ui->hot + 1) % NBUTTONS);
      break;
    case SDLK_RETURN:
    case SDLK_SPACE:
      if (ui->hot >= 0)
        press(ui, ui->hot);
      break;
    case SDLK_r:
      start_progress(ui);
      break;
    case SDLK_l:
      replay_list(ui);
      break;
    case SDLK_p:
      burst(ui);
      break;
    case SDLK_1:
    case SDLK_2:
    case SDLK_3:
      pin_key(ui, (char)('1' + (e->key.keysym.sym - SDLK_1)));
      break;
    default:
      break;
    }
    break;
  default:
    break;
  }
}

/* The card, lifted (a soft shadow) while held. */
static void draw_card(struct gfx *g, const struct card *c) {
  static const tw_rgba8 shadow = {0, 0, 0, 38}, grip = {238, 241, 247, 130};
  static const tw_rgba8 label = {246, 244, 255, 255};
  float x = c->pos.x, y = c->pos.y;
  int i;

  if (c->held)
    for (i = 3; i >= 1; i--)
      fill_round(g, x + 4 - i, y + 9 - i, CARD_W + 2 * i, CARD_H + 2 * i,
                 14 + i, shadow);
  fill_round(g, x, y, CARD_W, CARD_H, 14, c->color);
  for (i = 0; i < 3; i++)
    fill_round(g, x + CARD_W / 2.0f - 16, y + 16 + 6 * i, 32, 2.5f, 1.25f,
               grip);
  text(g, F_LABEL, "Drag me", (int)lroundf(x + CARD_W / 2.0f),
       (int)lroundf(y) + CARD_H - 42, CENTER, label);
  text(g, F_SMALL, "springs home", (int)lroundf(x + CARD_W / 2.0f),
       (int)lroundf(y) + CARD_H - 22, CENTER, faded(label, 0.7f));
}

/* Where the toast rests, for its text. */
static SDL_Rect toast_rect(struct gfx *g, const struct ui *ui) {
  SDL_Rect t;
  t.w = text_width(g, F_LABEL, ui->toast_text) + 56;
  t.h = 46;
  t.x = (WIN_W - t.w) / 2;
  t.y = WIN_H - 74;
  return t;
}

/* The particles in flight, on top of everything, brighter the younger
 * (four shades, one draw call each); and in the corner how many fly and
 * what their update took. */
static void draw_particles(struct gfx *g, const struct ui *ui) {
  static const tw_rgba8 spark = {255, 178, 84, 255}, dim = {104, 112, 136, 255};
  const struct particles *p = &ui->parts;
  char buf[96];
  int i, k, n;

  if (!p->m)
    return;
  for (k = 0; k < 4; k++) {
    for (i = n = 0; i < NPART && p->live > 0; i++) {
      float left = p->life[i] - (float)p->age;
      if (left <= 0 || (int)(4.0f * left / p->life[i]) != k)
        continue;
      p->pts[n].x = (int)lroundf(WIN_W / 2.0f + p->dx[i] * p->r[i]);
      p->pts[n].y = (int)lroundf(WIN_H / 2.0f + p->dy[i] * p->r[i]);
      n++;
    }
    SDL_SetRenderDrawColor(g->r, spark.r, spark.g, spark.b,
                           (Uint8)(70 + 60 * k));
    if (n > 0)
      SDL_RenderDrawPoints(g->r, p->pts, n);
  }
  if (p->live >= 1000) /* 100,000 */
    snprintf(buf, sizeof buf, "%lu,%03lu", (unsigned long)p->live / 1000,
             (unsigned long)p->live % 1000);
  else
    snprintf(buf, sizeof buf, "%lu", (unsigned long)p->live);
  snprintf(buf + strlen(buf), sizeof buf - strlen(buf),
           " particles  \xc2\xb7  update %.2f ms on %s", p->shown_ms,
           p->pool ? "2 threads" : "1 thread");
  text(g, F_SMALL, buf, 16, WIN_H - 26, LEFT, dim);
}

static void draw(struct gfx *g, const struct ui *ui) {
  static const tw_rgba8 bg = {22, 25, 35, 255}, panel = {34, 39, 55, 255};
  static const tw_rgba8 panel_edge = {52, 59, 82, 255};
  static const tw_rgba8 white = {238, 241, 247, 255};
  static const tw_rgba8 grey = {146, 154, 176, 255};
  static const tw_rgba8 dim = {104, 112, 136, 255};
  static const tw_rgba8 accent = {66, 124, 226, 255};
  static const tw_rgba8 green = {88, 200, 140, 255};
  static const tw_rgba8 track = {22, 25, 35, 255};
  static const tw_rgba8 switch_off = {78, 88, 116, 255};
  static const tw_rgba8 toast_bg = {240, 196, 72, 255};
  static const tw_rgba8 ink = {24, 27, 38, 255};
  static const tw_rgba8 row_bg = {44, 51, 72, 255};
  static const tw_rgba8 track_dot = {76, 86, 114, 255};
  static const tw_rgba8 field_bg = {14, 16, 24, 255},
                        field_edge = {92, 102, 132, 255},
                        key_bg = {50, 58, 82, 255};
  static const tw_rgba8 red = {236, 92, 92, 255};
  const struct card *card = &ui->card;
  /* what the hand holds, or what flies home from it, is drawn last */
  int card_on_top = card->held || tw_is_active(ui->m, card->home);
  float px = ui->panel_x;
  char buf[64];
  int i;

  g->frame++;
  fill_round(g, 0, 0, WIN_W, WIN_H, 0, bg);
  text(g, F_LABEL, "libtween", 16, 14, LEFT, white);
  text(g, F_SMALL, "sdl2-ui example",
       16 + text_width(g, F_LABEL, "libtween") + 8, 19, LEFT, dim);
  text(g, F_SMALL,
       "mouse  \xc2\xb7  arrows, tab, enter  \xc2\xb7  r  l  p  1-3  "
       "\xc2\xb7  esc",
       WIN_W - 16, 19, RIGHT, dim);

  /* left of the panel, under it while it slides in: the list of saves ... */
  {
    SDL_Rect h = {SIDE_X, HEADER_Y, SIDE_W, HEADER_H};
    int ty = HEADER_Y + (HEADER_H - text_height(g, F_SMALL_BOLD)) / 2;
    fill_round(g, h.x, h.y, h.w, h.h, 8, accent);
    text(g, F_SMALL_BOLD, "SAVES", SIDE_X + 10, ty, LEFT, white);
    snprintf(buf, sizeof buf, "from %s  \xe2\x86\xbb",
             list_from_names[ui->list_from]);
    text(g, F_SMALL, buf, SIDE_X + SIDE_W - 9, ty, RIGHT, white);
  }
  for (i = 0; i < NROWS; i++) {
    float a = clampf(ui->row_alpha[i], 0.0f, 1.0f);
    float x = SIDE_X + ui->row_dx[i];
    int y = ROW_Y + i * ROW_STEP, ty = y + (ROW_H - text_height(g, F_BODY)) / 2;
    fill_round(g, x, (float)y, SIDE_W, ROW_H, 6, faded(row_bg, a));
    text(g, F_BODY, row_labels[i][0], (int)lroundf(x) + 10, ty, LEFT,
         faded(white, a));
    text(g, F_SMALL, row_labels[i][1], (int)lroundf(x) + SIDE_W - 10,
         y + (ROW_H - text_height(g, F_SMALL)) / 2, RIGHT, faded(grey, a));
  }

  /* ... and the path: its track, the dot and the tick along its way */
  text(g, F_SMALL_BOLD, "PATH", SIDE_X, ROW_Y + NROWS * ROW_STEP + 8, LEFT,
       grey);
  text(g, F_SMALL, "constant speed", SIDE_X + SIDE_W,
       ROW_Y + NROWS * ROW_STEP + 8, RIGHT, dim);
  for (i = 0; i < NTRACK; i++)
    fill_circle(g, ui->track[i].x + 0.5f, ui->track[i].y + 0.5f, 1.2f,
                track_dot);
  stroke(g, ui->dot_pos.x, ui->dot_pos.y, ui->dot_pos.x + ui->dot_dir.x * TICK,
         ui->dot_pos.y + ui->dot_dir.y * TICK, 1.5f, dot_color);
  fill_circle(g, ui->dot_pos.x, ui->dot_pos.y, DOT_R, dot_color);

  /* the panel and its status dot */
  fill_round(g, px, PANEL_Y, PANEL_W, PANEL_H, 14, panel_edge);
  fill_round(g, px + 1, PANEL_Y + 1, PANEL_W - 2, PANEL_H - 2, 13, panel);
  text(g, F_TITLE, "Settings", (int)lroundf(px) + 24, PANEL_Y + 26, LEFT,
       white);
  {
    float cx = px + PANEL_W - 36, cy = PANEL_Y + 44;
    tw_rgba8 halo = faded(green, 0.16f + 0.24f * (1.0f - ui->dot));
    fill_circle(g, cx, cy, 8.0f + 9.0f * ui->dot, halo);
    fill_circle(g, cx, cy, 6.0f, green);
    text(g, F_SMALL, "online", (int)lroundf(cx) - 22,
         (int)cy - text_height(g, F_SMALL) / 2, RIGHT, grey);
  }

  /* the buttons: a label and a switch */
  for (i = 0; i < NBUTTONS; i++) {
    const struct button *b = &ui->buttons[i];
    SDL_Rect br = button_rect(ui, i);
    float a = clampf(b->alpha, 0.0f, 1.0f), bx = px + 24;
    float sx = bx + br.w - 64, sy = br.y + (BUTTON_H - 24) / 2.0f;
    tw_rgba8 on = faded(green, a), off = faded(switch_off, a);
    if (i == ui->hot) /* the focus: a ring */
      fill_round(g, bx - 2, br.y - 2, br.w + 4, br.h + 4, 12,
                 faded(white, 0.55f * a));
    fill_round(g, bx, (float)br.y, (float)br.w, (float)br.h, 10,
               faded(b->color, a));
    text(g, F_LABEL, b->label, br.x + 20,
         br.y + (BUTTON_H - text_height(g, F_LABEL)) / 2, LEFT,
         faded(white, a));
    /* the switch's track blends from off to on as the knob moves */
    fill_round(g, sx, sy, 44, 24, 12, off);
    fill_round(g, sx, sy, 44, 24, 12, faded(on, b->knob));
    fill_circle(g, sx + 12 + 20 * b->knob, sy + 12, 9, faded(white, a));
  }

  /* the progress bar */
  snprintf(buf, sizeof buf, "Update  %d%%", ui->percent);
  text(g, F_SMALL, buf, (int)lroundf(px) + 24, PANEL_Y + 316, LEFT, grey);
  fill_round(g, px + 24, PANEL_Y + 340, PANEL_W - 48, 14, 7, track);
  if (ui->percent > 0)
    fill_round(g, px + 24, PANEL_Y + 340,
               14.0f + (PANEL_W - 48 - 14) * ui->percent / 100.0f, 14, 7,
               green);

  /* the PIN pad, under the card's home: the field (shaken, with all it
   * shows), the keys, and the sign of a wrong key */
  text(g, F_SMALL_BOLD, "PIN", CARD_X, FIELD_Y - 20, LEFT, grey);
  {
    SDL_Rect f = field_rect(ui);
    fill_round(g, f.x, f.y, f.w, f.h, 9, field_edge);
    fill_round(g, f.x + 1.5f, f.y + 1.5f, f.w - 3, f.h - 3, 7.5f, field_bg);
    if (ui->pin_ok) {
      text_in(g, F_LABEL, "accepted", f, green);
    } else {
      buf[0] = '\0';
      for (i = 0; i < PIN_LEN; i++) /* a dot per digit typed, rings to go */
        strcat(buf, i < ui->pin_len ? " \xe2\x97\x8f " : " \xe2\x97\x8b ");
      text_in(g, F_LABEL, buf, f, white);
    }
    for (i = 0; i < NKEYS; i++) {
      SDL_Rect k = key_rect(i);
      char digit[2] = {(char)('1' + i), '\0'};
      fill_round(g, k.x, k.y, k.w, k.h, 8, key_bg);
      text_in(g, F_LABEL, digit, k, white);
    }
    text(g, F_SMALL_BOLD, "wrong code", CARD_X + CARD_W / 2, KEY_Y + KEY_H + 10,
         CENTER, faded(red, ui->wrong));
  }

  if (!card_on_top)
    draw_card(g, card);

  /* the toast */
  if (ui->toast_y < WIN_H) {
    SDL_Rect t = toast_rect(g, ui);
    fill_round(g, t.x, ui->toast_y, t.w, t.h, t.h / 2.0f, toast_bg);
    t.y = (int)lroundf(ui->toast_y);
    text_in(g, F_LABEL, ui->toast_text, t, ink);
  }

  if (card_on_top)
    draw_card(g, card);
  draw_particles(g, ui);
}

/* The opening: panel, buttons (staggered), progress, pulse, a welcome. */
static void open_screen(struct ui *ui) {
  tw_manager *m = ui->m;
  tw_handle h;
  int i;

  /* the card drops in from above the window on a spring ease, which
   * overshoots with a bounce of 0.4 and rests by the end; tw_from_to puts
   * it up there at once */
  {
    tw_vec2 above = {CARD_X, -CARD_H - 20};
    ui->card.color = card_idle;
    check(
        tw_from_to(m, TW_TYPE_VEC2, &ui->card.pos, &above, &card_home, 0.9, &h),
        "card");
    tw_set_ease(m, h, TW_EASE_SPRING);
    tw_set_ease_params(m, h, 1.70158, 0.4);
    tw_set_delay(m, h, 0.55);
  }

  ui->panel_x = -PANEL_W - 20;
  check(tw_float_to(m, &ui->panel_x, PANEL_X, 0.7, &h), "panel");
  tw_set_ease(m, h, TW_EASE_OUT_BACK);

  for (i = 0; i < NBUTTONS; i++) {
    struct button *b = &ui->buttons[i];
    double delay = 0.45 + 0.12 * i;
    b->alpha = 0.0f;
    b->rise = 28.0f;
    b->color = button_idle;
    check(tw_float_to(m, &b->alpha, 1.0f, 0.4, &h), "fade");
    tw_set_delay(m, h, delay);
    check(tw_float_to(m, &b->rise, 0.0f, 0.5, &h), "rise");
    tw_set_ease(m, h, TW_EASE_OUT_CUBIC);
    tw_set_delay(m, h, delay);
  }

  start_progress(ui);

  check(tw_float_to(m, &ui->dot, 1.0f, 0.8, &h), "pulse");
  tw_set_ease(m, h, TW_EASE_IN_OUT_SINE);
  tw_set_loops(m, h, -1, TW_LOOP_YOYO);

  ui->toast_y = WIN_H + 10;
  toast(ui, "Welcome back", 1.0);

  play_list(ui, 0, 0.9);
  start_path(ui);
}

/* One frame's time; then the dot's direction, read where the path is. */
static void step(struct ui *ui, double dt) {
  check(tw_update(ui->m, TW_UPDATE_NORMAL, dt, dt), "update");
  particles_step(ui, dt);
  if (tw_is_active(ui->m, ui->path))
    check(tw_path_tangent(ui->m, ui->path, &ui->dot_dir), "tangent");
}

#define MAX_MOVES 32

/* A scripted event of the headless mode: SDL_MOUSEMOTION,
 * SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, or SDL_KEYDOWN of key. */
struct move {
  Uint32 type;
  int x, y, frame;
  SDL_Keycode key;
};

static int screenshot(struct ui *ui, const char *file, int frames,
                      const struct move *moves, int nmoves) {
  SDL_Surface *s;
  SDL_Renderer *r;
  struct gfx g;
  int i, j, rc = 0;

  s = SDL_CreateRGBSurfaceWithFormat(0, WIN_W, WIN_H, 32,
                                     SDL_PIXELFORMAT_ARGB8888);
  if (!s || !(r = SDL_CreateSoftwareRenderer(s))) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
    SDL_FreeSurface(s);
    return 1;
  }
  if (gfx_open(&g, r) != 0) {
    gfx_close(&g);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    return 1;
  }
  for (i = 0; i < frames; i++) {
    ui->frame = i;
    for (j = 0; j < nmoves; j++)
      if (moves[j].frame == i) {
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = moves[j].type;
        if (e.type == SDL_KEYDOWN) {
          e.key.timestamp = (Uint32)(i * 1000 / 60);
          e.key.keysym.sym = moves[j].key;
        } else if (e.type == SDL_MOUSEMOTION) {
          e.motion.timestamp = (Uint32)(i * 1000 / 60);
          e.motion.x = moves[j].x;
          e.motion.y = moves[j].y;
        } else {
          e.button.timestamp = (Uint32)(i * 1000 / 60);
          e.button.button = SDL_BUTTON_LEFT;
          e.button.x = moves[j].x;
          e.button.y = moves[j].y;
        }
        handle(ui, &e);
      }
    step(ui, 1.0 / 60);
    draw(&g, ui);
    SDL_RenderPresent(r);
  }
  SDL_RenderFlush(r);
  if (IMG_SavePNG(s, file) != 0) {
    fprintf(stderr, "sdl2-ui: %s: %s\n", file, IMG_GetError());
    rc = 1;
  } else {
    printf("sdl2-ui: %s: %d frames (%.2f s); panel %d %d %d %d\n", file, frames,
           frames / 60.0, PANEL_X, PANEL_Y, PANEL_W, PANEL_H);
    for (j = 0; j < NBUTTONS; j++) /* where the buttons come to rest */
      printf("sdl2-ui: button %d %d %d %d %d\n", j, PANEL_X + 24,
             PANEL_Y + 86 + j * 72, PANEL_W - 48, BUTTON_H);
    printf("sdl2-ui: card %d %d %d %d\n", CARD_X, CARD_Y, CARD_W, CARD_H);
    printf("sdl2-ui: list header %d %d %d %d\n", SIDE_X, HEADER_Y, SIDE_W,
           HEADER_H);
    for (j = 0; j < NROWS; j++)
      printf("sdl2-ui: row %d %d %d %d %d\n", j, SIDE_X, ROW_Y + j * ROW_STEP,
             SIDE_W, ROW_H);
    printf("sdl2-ui: path %d %d %d %d\n", ui->path_box.x, ui->path_box.y,
           ui->path_box.w, ui->path_box.h);
    printf("sdl2-ui: path dot colour %d,%d,%d\n", dot_color.r, dot_color.g,
           dot_color.b);
    printf("sdl2-ui: pin field %d %d %d %d\n", CARD_X, FIELD_Y, CARD_W,
           FIELD_H);
    for (j = 0; j < NKEYS; j++) {
      SDL_Rect k = key_rect(j);
      printf("sdl2-ui: key %d %d %d %d %d\n", j + 1, k.x, k.y, k.w, k.h);
    }
    printf("sdl2-ui: pin code %s\n", PIN_CODE);
    {
      SDL_Rect t = toast_rect(&g, ui);
      printf("sdl2-ui: toast \"%s\" %d %d %d %d\n", ui->toast_text, t.x, t.y,
             t.w, t.h);
    }
    printf("sdl2-ui: card held colour %d,%d,%d\n", card_held.r, card_held.g,
           card_held.b);
    printf("sdl2-ui: particles %lu\n", (unsigned long)ui->parts.live);
  }
  gfx_close(&g);
  SDL_DestroyRenderer(r);
  SDL_FreeSurface(s);
  return rc;
}

/* The window, until the user quits, or for `frames` frames (-1: no
 * limit).  Where there is no display, SDL falls back to a video driver
 * that shows nothing (offscreen, dummy): then it says so, and stops after
 * `frames` frames or NO_DISPLAY_SECONDS, rather than run unseen for ever. */
#define NO_DISPLAY_SECONDS 10

static int run_window(struct ui *ui, int frames) {
  SDL_Window *w;
  SDL_Renderer *r;
  SDL_RendererInfo info;
  struct gfx g;
  const char *driver = SDL_GetCurrentVideoDriver();
  Uint64 start, last, now, freq = SDL_GetPerformanceFrequency();
  double limit = -1.0;
  int vsync, n = 0;

  if (driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy"))) {
    if (frames < 0) {
      limit = NO_DISPLAY_SECONDS;
      fprintf(stderr,
              "sdl2-ui: no display: SDL's video driver is %s, which shows "
              "nothing; stopping after %d s (--frames N to choose; "
              "--screenshot FILE.png --frames N writes a frame)\n",
              driver, NO_DISPLAY_SECONDS);
    } else
      fprintf(stderr,
              "sdl2-ui: no display: SDL's video driver is %s, which shows "
              "nothing; stopping after %d frames (--screenshot FILE.png "
              "writes the last)\n",
              driver, frames);
  }

  w = SDL_CreateWindow("libtween sdl2-ui", SDL_WINDOWPOS_CENTERED,
                       SDL_WINDOWPOS_CENTERED, WIN_W, WIN_H, 0);
  if (!w) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
    return 1;
  }
  r = SDL_CreateRenderer(w, -1, SDL_RENDERER_PRESENTVSYNC);
  if (!r)
    r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE);
  if (!r) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
    SDL_DestroyWindow(w);
    return 1;
  }
  if (gfx_open(&g, r) != 0) {
    gfx_close(&g);
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(w);
    return 1;
  }
  ui->window = w;
  vsync = SDL_GetRendererInfo(r, &info) == 0 &&
          (info.flags & SDL_RENDERER_PRESENTVSYNC);
  start = last = SDL_GetPerformanceCounter();
  while (!ui->quit && (frames < 0 || n++ < frames) &&
         (limit < 0 || (double)(last - start) / (double)freq < limit)) {
    SDL_Event e;
    double dt;
    while (SDL_PollEvent(&e))
      handle(ui, &e);
    now = SDL_GetPerformanceCounter();
    dt = (double)(now - last) / (double)freq;
    last = now;
    if (dt > 0.1) /* after a stall, move on rather than jump */
      dt = 0.1;
    step(ui, dt);
    draw(&g, ui);
    SDL_RenderPresent(r);
    if (!vsync)
      SDL_Delay(10);
  }
  gfx_close(&g);
  SDL_DestroyRenderer(r);
  SDL_DestroyWindow(w);
  return 0;
}

static int usage(void) {
  fprintf(stderr, "usage: sdl2-ui [--frames N]\n"
                  "       sdl2-ui --screenshot FILE.png --frames N "
                  "[--mouse|--down|--up X,Y@FRAME] [--key NAME@FRAME]...\n");
  return 2;
}

int main(int argc, char **argv) {
  static const char *labels[NBUTTONS] = {"Sound", "Music", "Fullscreen"};
  struct ui ui;
  const char *shot = NULL;
  struct move moves[MAX_MOVES];
  int frames = -1, nmoves = 0, i, rc;
  Uint32 type;
  char key[16];

  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--screenshot") && i + 1 < argc)
      shot = argv[++i];
    else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
      frames = atoi(argv[++i]);
    else if ((type = !strcmp(argv[i], "--mouse")  ? SDL_MOUSEMOTION
                     : !strcmp(argv[i], "--down") ? SDL_MOUSEBUTTONDOWN
                     : !strcmp(argv[i], "--up")   ? SDL_MOUSEBUTTONUP
                                                  : 0) != 0 &&
             i + 1 < argc && nmoves < MAX_MOVES &&
             sscanf(argv[++i], "%d,%d@%d", &moves[nmoves].x, &moves[nmoves].y,
                    &moves[nmoves].frame) == 3) {
      moves[nmoves].type = type;
      nmoves++;
    } else if (!strcmp(argv[i], "--key") && i + 1 < argc &&
               nmoves < MAX_MOVES &&
               sscanf(argv[++i], "%15[^@]@%d", key, &moves[nmoves].frame) ==
                   2 &&
               (moves[nmoves].key = SDL_GetKeyFromName(key)) != SDLK_UNKNOWN) {
      moves[nmoves].type = SDL_KEYDOWN;
      nmoves++;
    } else
      return usage();
  }
  if ((shot != NULL && frames < 0) || (nmoves > 0 && !shot))
    return usage();

  memset(&ui, 0, sizeof ui);
  ui.hot = -1;
  ui.log = shot != NULL;
  for (i = 0; i < NBUTTONS; i++) {
    ui.buttons[i].label = labels[i];
    ui.buttons[i].on = i == 0;
    ui.buttons[i].knob = i == 0 ? 1.0f : 0.0f;
  }
  if (check(tw_manager_new(NULL, &ui.m), "manager") < 0)
    return 1;

  /* Headless, nothing but the software renderer is needed. */
  if (SDL_Init(shot ? 0 : SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
    tw_manager_free(ui.m);
    SDL_Quit();
    return 1;
  }
  open_screen(&ui);
  rc = shot ? screenshot(&ui, shot, frames, moves, nmoves)
            : run_window(&ui, frames);
  tw_manager_free(ui.m);
  particles_close(&ui.parts);
  TTF_Quit();
  SDL_Quit();
  return rc;
}

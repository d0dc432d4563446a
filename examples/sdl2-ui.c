/* SPDX-License-Identifier: MIT */
/* A settings screen in an 800x600 SDL2 window, animated with libtween.
 *
 *   - the panel slides in with OutBack;
 *   - three buttons fade and rise in, one after the other;
 *   - a button's colour (TW_TYPE_RGBA8) tweens on hover; moving on and off
 *     quickly retargets the running tween, so the colour turns back from
 *     wherever it is, without a jump;
 *   - a card drops in on a bouncy TW_EASE_SPRING; drag it and it follows
 *     the mouse, let go and a spring (tw_spring_to) takes it home with the
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
 *     rests; the right code (PIN_CODE) is accepted with a toast.
 *
 * Mouse: hover and click the buttons, drag the card, click the list's
 * header and the PIN keys.  Keys: Up/Down/Tab move the focus, Enter or
 * Space toggles, R restarts the progress bar, L replays the list, 1 to 3
 * type the PIN, Escape or Q quits.
 *
 *   examples/sdl2-ui
 *   examples/sdl2-ui --screenshot FILE.png --frames N
 *                    [--mouse X,Y@F] [--down X,Y@F] [--up X,Y@F]...
 *
 * The second form opens no window: it renders N frames at 60 Hz with SDL's
 * software renderer into a surface and writes the last one to FILE.png
 * with SDL2_image (for CI: SDL_VIDEODRIVER=dummy).  Before frame F, --mouse
 * moves the mouse to X,Y, --down presses the left button there and --up
 * releases it, in the order given, through the same event handler as the
 * window (a drag is a --down, some --mouse and an --up; a click on the
 * list's header or a PIN key is a --down).  It prints the resting
 * rectangles of the panel, the buttons, the card, the list's header and
 * rows, the PIN field and keys, and the path's box (the track's bounding
 * box grown by the dot's reach), and the PIN code, which tests/sdl2-ui.sh
 * uses to compare screenshots, and what the card does. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <SDL_image.h>

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

static const char *const row_labels[NROWS] = {
    "save 1 0:42", "save 2 3:10", "save 3 7:55",
    "save 4 1:08", "save 5 9:21", "save 6 4:36",
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
  int quit;
};

static int check(int rc, const char *what) {
  if (rc < 0)
    fprintf(stderr, "sdl2-ui: %s: %s\n", what, tw_strerror(rc));
  return rc;
}

/* A 5x7 font for capitals, digits and a few signs (lower case is drawn as
 * upper case), so that the example needs nothing but SDL2. */
static const char glyph_chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789%.:-!/_*";
static const uint8_t glyphs[][7] = {
    {14, 17, 17, 31, 17, 17, 17}, {30, 17, 17, 30, 17, 17, 30},
    {14, 17, 16, 16, 16, 17, 14}, {30, 17, 17, 17, 17, 17, 30},
    {31, 16, 16, 30, 16, 16, 31}, {31, 16, 16, 30, 16, 16, 16},
    {14, 17, 16, 23, 17, 17, 15}, {17, 17, 17, 31, 17, 17, 17},
    {14, 4, 4, 4, 4, 4, 14},      {7, 2, 2, 2, 2, 18, 12},
    {17, 18, 20, 24, 20, 18, 17}, {16, 16, 16, 16, 16, 16, 31},
    {17, 27, 21, 21, 17, 17, 17}, {17, 17, 25, 21, 19, 17, 17},
    {14, 17, 17, 17, 17, 17, 14}, {30, 17, 17, 30, 16, 16, 16},
    {14, 17, 17, 17, 21, 18, 13}, {30, 17, 17, 30, 20, 18, 17},
    {15, 16, 16, 14, 1, 1, 30},   {31, 4, 4, 4, 4, 4, 4},
    {17, 17, 17, 17, 17, 17, 14}, {17, 17, 17, 17, 17, 10, 4},
    {17, 17, 17, 21, 21, 21, 10}, {17, 17, 10, 4, 10, 17, 17},
    {17, 17, 17, 10, 4, 4, 4},    {31, 1, 2, 4, 8, 16, 31},
    {14, 17, 19, 21, 25, 17, 14}, {4, 12, 4, 4, 4, 4, 14},
    {14, 17, 1, 2, 4, 8, 31},     {31, 2, 4, 2, 1, 17, 14},
    {2, 6, 10, 18, 31, 2, 2},     {31, 16, 30, 1, 1, 17, 14},
    {6, 8, 16, 30, 17, 17, 14},   {31, 1, 2, 4, 8, 8, 8},
    {14, 17, 17, 14, 17, 17, 14}, {14, 17, 17, 15, 1, 2, 12},
    {24, 25, 2, 4, 8, 19, 3},     {0, 0, 0, 0, 0, 12, 12},
    {0, 12, 12, 0, 12, 12, 0},    {0, 0, 0, 31, 0, 0, 0},
    {4, 4, 4, 4, 4, 0, 4},        {0, 1, 2, 4, 8, 16, 0},
    {0, 0, 0, 0, 0, 0, 31},       {0, 4, 21, 14, 21, 4, 0},
};

static int text_width(const char *s, int scale) {
  return (int)strlen(s) * 6 * scale - scale;
}

static void draw_text(SDL_Renderer *r, const char *s, int x, int y, int scale,
                      SDL_Color c) {
  SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
  for (; *s; s++, x += 6 * scale) {
    const char *p;
    int ch = *s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s, row, col;
    if (ch == ' ' || !(p = strchr(glyph_chars, ch)))
      continue;
    for (row = 0; row < 7; row++)
      for (col = 0; col < 5; col++)
        if (glyphs[p - glyph_chars][row] & (16 >> col)) {
          SDL_Rect px = {x + col * scale, y + row * scale, scale, scale};
          SDL_RenderFillRect(r, &px);
        }
  }
}

static void fill(SDL_Renderer *r, int x, int y, int w, int h, tw_rgba8 c) {
  SDL_Rect rect = {x, y, w, h};
  SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
  SDL_RenderFillRect(r, &rect);
}

static void fill_circle(SDL_Renderer *r, int cx, int cy, float radius,
                        tw_rgba8 c) {
  int dy, ir = (int)ceilf(radius);
  SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
  for (dy = -ir; dy <= ir; dy++) {
    float half = radius * radius - (float)(dy * dy);
    if (half >= 0.0f) {
      int dx = (int)sqrtf(half);
      SDL_RenderDrawLine(r, cx - dx, cy + dy, cx + dx, cy + dy);
    }
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
  toast(ud, "update downloaded", 0.0);
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

/* Let go: a spring takes the card home, starting at the hand's speed.  A
 * spring's velocity is along its way, in distances per second: the
 * pointer's velocity projected on the way home, over the distance.  A
 * hand that stood still for 50 ms before letting go gives no speed. */
static void release(struct ui *ui, int x, int y, Uint32 ms) {
  struct card *c = &ui->card;
  tw_spring spring;
  float dx, dy, d2, speed;
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
  dx = card_home.x - c->pos.x;
  dy = card_home.y - c->pos.y;
  d2 = dx * dx + dy * dy;
  if (d2 < 0.25f) {
    c->pos = card_home;
  } else {
    tw_spring_init(&spring);
    tw_spring_duration_bounce(&spring, 0.5, 0.3);
    spring.velocity = (c->vel.x * dx + c->vel.y * dy) / d2;
    if (check(tw_spring_to(ui->m, TW_TYPE_VEC2, &c->pos, &card_home, &spring,
                           &c->home),
              "spring") == 0)
      tw_duration(ui->m, c->home, 0, &settle);
  }
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
      toast(ui, "pin accepted", 0.0);
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

static void press(struct ui *ui, int i) {
  char text[40];
  struct button *b = &ui->buttons[i];
  b->on = !b->on;
  button_text(b, text, sizeof text);
  toast(ui, text, 0.0);
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

static void draw(SDL_Renderer *r, const struct ui *ui) {
  static const SDL_Color white = {236, 239, 246, 255};
  static const SDL_Color grey = {150, 158, 178, 255};
  static const tw_rgba8 bg = {24, 27, 38, 255}, panel = {36, 41, 58, 255};
  static const tw_rgba8 edge = {66, 124, 226, 255}, track = {24, 27, 38, 255};
  static const tw_rgba8 bar = {88, 200, 140, 255},
                        toast_bg = {240, 196, 72, 255};
  static const tw_rgba8 header_bg = {66, 124, 226, 255},
                        row_bg = {48, 56, 80, 255};
  static const tw_rgba8 track_dot = {78, 88, 118, 255};
  static const tw_rgba8 field_bg = {14, 16, 24, 255},
                        field_edge = {96, 106, 136, 255},
                        key_bg = {54, 62, 86, 255};
  static const SDL_Color ok = {88, 200, 140, 255};
  int px = (int)ui->panel_x, i;
  char text[64];

  SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
  fill(r, 0, 0, WIN_W, WIN_H, bg);
  draw_text(r, "libtween sdl2-ui", 16, 14, 2, grey);
  draw_text(r, "arrows/tab, enter, r, l, 1-3, esc",
            WIN_W - 16 - text_width("arrows/tab, enter, r, l, 1-3, esc", 2), 14,
            2, grey);

  /* left of the panel, under it while it slides in: the list ... */
  fill(r, SIDE_X, HEADER_Y, SIDE_W, HEADER_H, header_bg);
  snprintf(text, sizeof text, "from %s", list_from_names[ui->list_from]);
  draw_text(r, text, SIDE_X + (SIDE_W - text_width(text, 2)) / 2,
            HEADER_Y + (HEADER_H - 14) / 2, 2, white);
  for (i = 0; i < NROWS; i++) {
    float alpha = ui->row_alpha[i] < 0.0f   ? 0.0f
                  : ui->row_alpha[i] > 1.0f ? 1.0f
                                            : ui->row_alpha[i];
    uint8_t a = (uint8_t)(alpha * 255.0f + 0.5f);
    int x = SIDE_X + (int)lroundf(ui->row_dx[i]), y = ROW_Y + i * ROW_STEP;
    tw_rgba8 c = row_bg;
    SDL_Color tc = white;
    c.a = a;
    tc.a = a;
    fill(r, x, y, SIDE_W, ROW_H, c);
    draw_text(r, row_labels[i], x + 10, y + (ROW_H - 14) / 2, 2, tc);
  }

  /* ... and the path, its track, the dot and its tick */
  draw_text(r, "path", SIDE_X, ROW_Y + NROWS * ROW_STEP + 12, 2, grey);
  for (i = 0; i < NTRACK; i++)
    fill(r, ui->track[i].x - 1, ui->track[i].y - 1, 2, 2, track_dot);
  {
    int cx = (int)lroundf(ui->dot_pos.x), cy = (int)lroundf(ui->dot_pos.y);
    int tx = (int)lroundf(ui->dot_pos.x + ui->dot_dir.x * TICK);
    int ty = (int)lroundf(ui->dot_pos.y + ui->dot_dir.y * TICK);
    fill_circle(r, cx, cy, DOT_R, dot_color);
    SDL_RenderDrawLine(r, cx, cy, tx, ty);
    SDL_RenderDrawLine(r, cx + 1, cy, tx + 1, ty);
    SDL_RenderDrawLine(r, cx, cy + 1, tx, ty + 1);
  }

  /* the panel and its status dot */
  fill(r, px, PANEL_Y, PANEL_W, PANEL_H, panel);
  fill(r, px, PANEL_Y, PANEL_W, 4, edge);
  draw_text(r, "Settings", px + 24, PANEL_Y + 30, 4, white);
  {
    tw_rgba8 halo = {88, 200, 140, (uint8_t)(40 + 60 * (1.0f - ui->dot))};
    int cx = px + PANEL_W - 40, cy = PANEL_Y + 44;
    fill_circle(r, cx, cy, 8.0f + 10.0f * ui->dot, halo);
    fill_circle(r, cx, cy, 7.0f, bar);
    draw_text(r, "online", cx - 18 - text_width("online", 2), cy - 7, 2, grey);
  }

  /* the buttons */
  for (i = 0; i < NBUTTONS; i++) {
    const struct button *b = &ui->buttons[i];
    SDL_Rect br = button_rect(ui, i);
    tw_rgba8 c = b->color;
    SDL_Color tc = white;
    uint8_t a = (uint8_t)(b->alpha < 0.0f   ? 0
                          : b->alpha > 1.0f ? 255
                                            : b->alpha * 255.0f + 0.5f);
    c.a = (uint8_t)(c.a * a / 255);
    tc.a = a;
    fill(r, br.x, br.y, br.w, br.h, c);
    if (i == ui->hot) {
      tw_rgba8 mark = {236, 239, 246, a};
      fill(r, br.x, br.y, 4, br.h, mark);
    }
    button_text(b, text, sizeof text);
    draw_text(r, text, br.x + 20, br.y + (BUTTON_H - 21) / 2, 3, tc);
  }

  /* the progress bar */
  snprintf(text, sizeof text, "update %d%%", ui->percent);
  draw_text(r, text, px + 24, PANEL_Y + 316, 2, grey);
  fill(r, px + 24, PANEL_Y + 340, PANEL_W - 48, 18, track);
  fill(r, px + 24, PANEL_Y + 340, (PANEL_W - 48) * ui->percent / 100, 18, bar);

  /* the PIN pad, under the card's home: the field (shaken, with all it
   * shows), the keys, and the sign of a wrong key */
  draw_text(r, "pin", CARD_X, FIELD_Y - 22, 2, grey);
  {
    SDL_Rect f = field_rect(ui);
    SDL_Color wrong = {236, 84, 84, 255};
    fill(r, f.x, f.y, f.w, f.h, field_edge);
    fill(r, f.x + 2, f.y + 2, f.w - 4, f.h - 4, field_bg);
    if (ui->pin_ok)
      snprintf(text, sizeof text, "ok");
    else
      for (i = 0; i < PIN_LEN; i++) {
        text[2 * i] = i < ui->pin_len ? '*' : '_';
        text[2 * i + 1] = i + 1 < PIN_LEN ? ' ' : '\0';
      }
    draw_text(r, text, f.x + (f.w - text_width(text, 3)) / 2,
              f.y + (f.h - 21) / 2, 3, ui->pin_ok ? ok : white);
    for (i = 0; i < NKEYS; i++) {
      SDL_Rect k = key_rect(i);
      char digit[2] = {(char)('1' + i), '\0'};
      fill(r, k.x, k.y, k.w, k.h, key_bg);
      draw_text(r, digit, k.x + (k.w - text_width(digit, 3)) / 2,
                k.y + (k.h - 21) / 2, 3, white);
    }
    wrong.a = (uint8_t)(ui->wrong <= 0.0f   ? 0
                        : ui->wrong >= 1.0f ? 255
                                            : ui->wrong * 255.0f + 0.5f);
    if (wrong.a > 0)
      draw_text(r, "wrong", CARD_X + (CARD_W - text_width("wrong", 2)) / 2,
                KEY_Y + KEY_H + 12, 2, wrong);
  }

  /* the card, above the panel; lifted (a shadow) while held */
  {
    const struct card *c = &ui->card;
    int x = (int)lroundf(c->pos.x), y = (int)lroundf(c->pos.y);
    tw_rgba8 shadow = {0, 0, 0, 110}, grip = {236, 239, 246, 120};
    SDL_Color label = {246, 244, 255, 255};
    if (c->held)
      fill(r, x + 6, y + 8, CARD_W, CARD_H, shadow);
    fill(r, x, y, CARD_W, CARD_H, c->color);
    for (i = 0; i < 3; i++)
      fill(r, x + CARD_W / 2 - 18, y + 16 + 6 * i, 36, 2, grip);
    draw_text(r, "drag me", x + (CARD_W - text_width("drag me", 2)) / 2,
              y + CARD_H - 36, 2, label);
  }

  /* the toast */
  if (ui->toast_y < WIN_H) {
    int w = text_width(ui->toast_text, 3) + 48;
    SDL_Color dark = {24, 27, 38, 255};
    fill(r, (WIN_W - w) / 2, (int)ui->toast_y, w, 52, toast_bg);
    draw_text(r, ui->toast_text, (WIN_W - w) / 2 + 24, (int)ui->toast_y + 15, 3,
              dark);
  }
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
  toast(ui, "welcome", 1.0);

  play_list(ui, 0, 0.9);
  start_path(ui);
}

/* One frame's time; then the dot's direction, read where the path is. */
static void step(struct ui *ui, double dt) {
  check(tw_update(ui->m, TW_UPDATE_NORMAL, dt, dt), "update");
  if (tw_is_active(ui->m, ui->path))
    check(tw_path_tangent(ui->m, ui->path, &ui->dot_dir), "tangent");
}

#define MAX_MOVES 32

/* A scripted mouse event of the headless mode: SDL_MOUSEMOTION,
 * SDL_MOUSEBUTTONDOWN or SDL_MOUSEBUTTONUP. */
struct move {
  Uint32 type;
  int x, y, frame;
};

static int screenshot(struct ui *ui, const char *file, int frames,
                      const struct move *moves, int nmoves) {
  SDL_Surface *s;
  SDL_Renderer *r;
  int i, j, rc = 0;

  s = SDL_CreateRGBSurfaceWithFormat(0, WIN_W, WIN_H, 32,
                                     SDL_PIXELFORMAT_ARGB8888);
  if (!s || !(r = SDL_CreateSoftwareRenderer(s))) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
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
        if (e.type == SDL_MOUSEMOTION) {
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
    draw(r, ui);
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
  }
  SDL_DestroyRenderer(r);
  SDL_FreeSurface(s);
  return rc;
}

static int run_window(struct ui *ui) {
  SDL_Window *w;
  SDL_Renderer *r;
  SDL_RendererInfo info;
  Uint64 last, now, freq = SDL_GetPerformanceFrequency();
  int vsync;

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
  ui->window = w;
  vsync = SDL_GetRendererInfo(r, &info) == 0 &&
          (info.flags & SDL_RENDERER_PRESENTVSYNC);
  last = SDL_GetPerformanceCounter();
  while (!ui->quit) {
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
    draw(r, ui);
    SDL_RenderPresent(r);
    if (!vsync)
      SDL_Delay(10);
  }
  SDL_DestroyRenderer(r);
  SDL_DestroyWindow(w);
  return 0;
}

static int usage(void) {
  fprintf(stderr, "usage: sdl2-ui [--screenshot FILE.png --frames N "
                  "[--mouse|--down|--up X,Y@FRAME]...]\n");
  return 2;
}

int main(int argc, char **argv) {
  static const char *labels[NBUTTONS] = {"Sound", "Music", "Fullscreen"};
  struct ui ui;
  const char *shot = NULL;
  struct move moves[MAX_MOVES];
  int frames = -1, nmoves = 0, i, rc;
  Uint32 type;

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
    } else
      return usage();
  }
  if ((shot != NULL) != (frames >= 0) || (nmoves > 0 && !shot))
    return usage();

  memset(&ui, 0, sizeof ui);
  ui.hot = -1;
  ui.log = shot != NULL;
  for (i = 0; i < NBUTTONS; i++) {
    ui.buttons[i].label = labels[i];
    ui.buttons[i].on = i == 0;
  }
  if (check(tw_manager_new(NULL, &ui.m), "manager") < 0)
    return 1;

  /* Headless, nothing but the software renderer is needed. */
  if (SDL_Init(shot ? 0 : SDL_INIT_VIDEO) != 0) {
    fprintf(stderr, "sdl2-ui: %s\n", SDL_GetError());
    tw_manager_free(ui.m);
    return 1;
  }
  open_screen(&ui);
  rc = shot ? screenshot(&ui, shot, frames, moves, nmoves) : run_window(&ui);
  tw_manager_free(ui.m);
  SDL_Quit();
  return rc;
}

/* SPDX-License-Identifier: MIT */
/* The picture checker of tests/sdl2-ui.sh: checks screenshots without Python.
 *
 *   pngcheck A.png                  A is not blank
 *   pngcheck A.png B.png X Y W H    both are not blank, have one size, and
 *                                   differ in the rectangle X Y W H
 *   pngcheck --same A.png B.png X Y W H
 *                                   the same, but they must be alike there
 *
 *   pngcheck --exact A.png B.png X Y W H
 *                                   the same, but not one pixel may differ
 *                                   there, by any amount
 *   pngcheck --moved A.png B.png X Y W H
 *                                   the same, but B shows A's rectangle
 *                                   moved sideways: prints "moved by DX",
 *                                   the shift in [-W/2, W/2] at which the
 *                                   fewest pixels differ; fails when that
 *                                   shift is 0 or over 1% differ at it
 *   pngcheck --within R,G,B A.png X Y W H
 *                                   A is not blank and has pixels of
 *                                   exactly that colour, every one inside
 *                                   the rectangle: prints "found at X Y W
 *                                   H", their bounding box
 *   pngcheck --covers R,G,B A.png X Y W H
 *                                   A is not blank and at least a quarter
 *                                   of the rectangle's pixels are exactly
 *                                   that colour (what is drawn on top)
 *
 * Not blank: at least 5% of the pixels differ from the top-left one and
 * there are at least 4 distinct colours.  Differ: at least 20% of the
 * rectangle's pixels differ by more than 48 (sum over R, G, B); alike: under
 * 1% do.  Prints
 * what it measured; exits 0 when the checks pass, 1 when one fails, 99
 * when a file cannot be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>
#include <SDL_image.h>

static SDL_Surface *load(const char *file) {
  SDL_Surface *raw = IMG_Load(file), *s;
  if (!raw) {
    fprintf(stderr, "pngcheck: %s: %s\n", file, IMG_GetError());
    return NULL;
  }
  s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
  SDL_FreeSurface(raw);
  if (!s)
    fprintf(stderr, "pngcheck: %s: %s\n", file, SDL_GetError());
  return s;
}

static const Uint8 *pixel(const SDL_Surface *s, int x, int y) {
  return (const Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch +
         (size_t)x * 4;
}

static int distance(const Uint8 *a, const Uint8 *b) {
  return abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2]);
}

/* 1 when s is not blank. */
static int not_blank(const char *file, const SDL_Surface *s) {
  static unsigned char seen[1 << 15]; /* colours at 5 bits per channel */
  const Uint8 *corner = pixel(s, 0, 0);
  long other = 0, total = (long)s->w * s->h;
  int x, y, colours = 0;

  memset(seen, 0, sizeof seen);
  for (y = 0; y < s->h; y++)
    for (x = 0; x < s->w; x++) {
      const Uint8 *p = pixel(s, x, y);
      int key = (p[0] >> 3) << 10 | (p[1] >> 3) << 5 | p[2] >> 3;
      if (distance(p, corner) > 16)
        other++;
      if (!seen[key]) {
        seen[key] = 1;
        colours++;
      }
    }
  printf("pngcheck: %s: %dx%d, %.1f%% of pixels unlike the corner, "
         "%d colours\n",
         file, s->w, s->h, 100.0 * (double)other / (double)total, colours);
  if (other * 20 < total || colours < 4) {
    printf("pngcheck: FAIL: %s is blank\n", file);
    return 0;
  }
  return 1;
}

/* The pixels of the rectangle at rx, ry in a that differ from b's at
 * dx to the right by more than `over`; b's pixels out of the picture all
 * count. */
static long count_differ(const SDL_Surface *a, const SDL_Surface *b, int rx,
                         int ry, int rw, int rh, int dx, int over) {
  long differ = 0;
  int x, y;
  for (y = ry; y < ry + rh; y++)
    for (x = rx; x < rx + rw; x++)
      if (x + dx < 0 || x + dx >= b->w ||
          distance(pixel(a, x, y), pixel(b, x + dx, y)) > over)
        differ++;
  return differ;
}

/* --moved: 1 when b shows a's rectangle shifted sideways, not in place. */
static int moved(const SDL_Surface *a, const SDL_Surface *b, int rx, int ry,
                 int rw, int rh) {
  long best = -1, n;
  int dx, best_dx = 0;
  for (dx = -rw / 2; dx <= rw / 2; dx++) {
    n = count_differ(a, b, rx, ry, rw, rh, dx, 48);
    if (best < 0 || n < best || (n == best && abs(dx) < abs(best_dx))) {
      best = n;
      best_dx = dx;
    }
  }
  printf("pngcheck: moved by %d (%.1f%% of the rectangle %d %d %d %d "
         "differs there)\n",
         best_dx, 100.0 * (double)best / ((double)rw * rh), rx, ry, rw, rh);
  if (best * 100 >= (long)rw * rh) {
    printf("pngcheck: FAIL: the rectangle is not in B at any shift\n");
    return 0;
  }
  if (best_dx == 0) {
    printf("pngcheck: FAIL: the rectangle has not moved\n");
    return 0;
  }
  return 1;
}

/* --within: 1 when s has pixels of colour rgb, all inside the rectangle. */
static int within(const SDL_Surface *s, const int *rgb, int rx, int ry, int rw,
                  int rh) {
  long found = 0, outside = 0;
  int x, y, x0 = s->w, y0 = s->h, x1 = -1, y1 = -1;
  for (y = 0; y < s->h; y++)
    for (x = 0; x < s->w; x++) {
      const Uint8 *p = pixel(s, x, y);
      if (p[0] != rgb[0] || p[1] != rgb[1] || p[2] != rgb[2])
        continue;
      found++;
      x0 = x < x0 ? x : x0;
      y0 = y < y0 ? y : y0;
      x1 = x > x1 ? x : x1;
      y1 = y > y1 ? y : y1;
      if (x < rx || x >= rx + rw || y < ry || y >= ry + rh)
        outside++;
    }
  if (!found) {
    printf("pngcheck: FAIL: no pixel of colour %d,%d,%d\n", rgb[0], rgb[1],
           rgb[2]);
    return 0;
  }
  printf("pngcheck: %ld pixels of colour %d,%d,%d, %ld outside the "
         "rectangle %d %d %d %d; found at %d %d %d %d\n",
         found, rgb[0], rgb[1], rgb[2], outside, rx, ry, rw, rh, x0, y0,
         x1 - x0 + 1, y1 - y0 + 1);
  if (outside) {
    printf("pngcheck: FAIL: the colour is outside the rectangle\n");
    return 0;
  }
  return 1;
}

/* --covers: 1 when a quarter of the rectangle of s is of colour rgb. */
static int covers(const SDL_Surface *s, const int *rgb, int rx, int ry, int rw,
                  int rh) {
  long found = 0;
  int x, y;
  for (y = ry; y < ry + rh; y++)
    for (x = rx; x < rx + rw; x++) {
      const Uint8 *p = pixel(s, x, y);
      if (p[0] == rgb[0] && p[1] == rgb[1] && p[2] == rgb[2])
        found++;
    }
  printf("pngcheck: %.1f%% of the rectangle %d %d %d %d is of colour "
         "%d,%d,%d\n",
         100.0 * (double)found / ((double)rw * rh), rx, ry, rw, rh, rgb[0],
         rgb[1], rgb[2]);
  if (found * 4 < (long)rw * rh) {
    printf("pngcheck: FAIL: the colour does not cover the rectangle\n");
    return 0;
  }
  return 1;
}

enum mode { DIFFER, SAME, EXACT, MOVED, WITHIN, COVERS };

int main(int argc, char **argv) {
  static const char *const modes[] = {"",        "--same",   "--exact",
                                      "--moved", "--within", "--covers"};
  SDL_Surface *a, *b;
  int ok, rx, ry, rw, rh, rgb[3], mode = DIFFER;
  long differ = 0;

  if (argc == 8)
    for (mode = SAME; mode <= COVERS; mode++)
      if (!strcmp(argv[1], modes[mode])) {
        argc--;
        argv++;
        break;
      }
  if ((argc != 2 && argc != 7) || mode > COVERS ||
      ((mode == WITHIN || mode == COVERS) &&
       sscanf(argv[1], "%d,%d,%d", &rgb[0], &rgb[1], &rgb[2]) != 3)) {
    fprintf(stderr, "usage: pngcheck [--same|--exact|--moved] A.png "
                    "[B.png X Y W H]\n"
                    "       pngcheck --within|--covers R,G,B A.png X Y W H\n");
    return 99;
  }
  if (mode == WITHIN || mode == COVERS) { /* the colour where B is */
    if (!(a = load(argv[2])))
      return 99;
    ok = not_blank(argv[2], a);
    ok =
        (mode == WITHIN ? within : covers)(a, rgb, atoi(argv[3]), atoi(argv[4]),
                                           atoi(argv[5]), atoi(argv[6])) &&
        ok;
    SDL_FreeSurface(a);
    return ok ? 0 : 1;
  }
  if (!(a = load(argv[1])))
    return 99;
  ok = not_blank(argv[1], a);
  if (argc == 2) {
    SDL_FreeSurface(a);
    return ok ? 0 : 1;
  }
  if (!(b = load(argv[2]))) {
    SDL_FreeSurface(a);
    return 99;
  }
  ok = not_blank(argv[2], b) && ok;
  rx = atoi(argv[3]);
  ry = atoi(argv[4]);
  rw = atoi(argv[5]);
  rh = atoi(argv[6]);
  if (a->w != b->w || a->h != b->h) {
    printf("pngcheck: FAIL: sizes differ\n");
    ok = 0;
  } else if (rw <= 0 || rh <= 0 || rx < 0 || ry < 0 || rx + rw > a->w ||
             ry + rh > a->h) {
    printf("pngcheck: FAIL: rectangle %d %d %d %d is not inside %dx%d\n", rx,
           ry, rw, rh, a->w, a->h);
    ok = 0;
  } else if (mode == MOVED) {
    ok = moved(a, b, rx, ry, rw, rh) && ok;
  } else if (mode == EXACT) {
    differ = count_differ(a, b, rx, ry, rw, rh, 0, 0);
    printf("pngcheck: %ld pixels of the rectangle %d %d %d %d differ\n", differ,
           rx, ry, rw, rh);
    if (differ) {
      printf("pngcheck: FAIL: the pictures are not identical there\n");
      ok = 0;
    }
  } else {
    differ = count_differ(a, b, rx, ry, rw, rh, 0, 48);
    printf("pngcheck: %.1f%% of the rectangle %d %d %d %d differs\n",
           100.0 * (double)differ / ((double)rw * rh), rx, ry, rw, rh);
    if (mode == SAME && differ * 100 >= (long)rw * rh) {
      printf("pngcheck: FAIL: the pictures differ there\n");
      ok = 0;
    } else if (mode == DIFFER && differ * 5 < (long)rw * rh) {
      printf("pngcheck: FAIL: the pictures do not differ there\n");
      ok = 0;
    }
  }
  SDL_FreeSurface(a);
  SDL_FreeSurface(b);
  return ok ? 0 : 1;
}

/*
 * svg.c - just enough SVG for the plots: a plotting area with linear or
 * logarithmic axes, grid, ticks and labels, polylines, markers, vertical
 * rules, a legend box and text.  Coordinates are written with two
 * decimals; every figure that reaches the output went through isfinite().
 */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../core/num.h"
#include "../core/banned.h"

#define LEGEND_W 290.0 /* the legend panel right of the plotting area */

void rp_num(pp_buf *out, double v, enum rp_ticks how, int sig)
{
    if (!isfinite(v)) {
        pp_buf_puts(out, "?");
        return;
    }
    if (v == 0) {
        pp_buf_putc(out, '0');
        return;
    }
    if (how == RP_TICK_COUNT && fabs(v) >= 1 && fabs(v) < 1e15) {
        pp_num_human(out, v, sig);
        return;
    }
    if (how == RP_TICK_PLAIN || (v != 0 && fabs(v) >= 1e-3 && fabs(v) < 1e6)) {
        pp_buf_printf(out, "%.*g", sig > 0 ? sig : 4, v);
        return;
    }
    /* 7.23e23: the way reports print compute */
    {
        int e = v == 0 ? 0 : (int)floor(log10(fabs(v)));
        double m = v / pow(10, e);
        if (fabs(m) >= 9.9995 && sig <= 4) {
            m /= 10;
            e++;
        }
        pp_buf_printf(out, "%.*ge%d", sig > 0 ? sig : 6, m, e);
    }
}

static double map(const struct rp_axis *a, double v, double from, double len)
{
    double t;
    if (a->log)
        t = (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
    else
        t = (v - a->lo) / (a->hi - a->lo);
    return from + t * len;
}

double rp_svg_x(const struct rp_plot *p, double v)
{
    return map(&p->x, v, p->left, p->width);
}

double rp_svg_y(const struct rp_plot *p, double v)
{
    return p->top + p->height - map(&p->y, v, 0, p->height);
}

static int inside(const struct rp_plot *p, double x, double y)
{
    return isfinite(x) && isfinite(y) && x >= p->left - 0.5 &&
           x <= p->left + p->width + 0.5 && y >= p->top - 0.5 &&
           y <= p->top + p->height + 0.5;
}

void rp_svg_text(struct rp_plot *p, double x, double y, const char *anchor,
                 const char *cls, const char *text)
{
    pp_buf_printf(p->out,
                  "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\"%s%s%s>", x, y,
                  anchor, cls ? " class=\"" : "", cls ? cls : "",
                  cls ? "\"" : "");
    rp_xml_escape(p->out, text);
    pp_buf_puts(p->out, "</text>\n");
}

void rp_svg_begin(struct rp_plot *p, pp_buf *out, int w, int h,
                  const char *title, const char *desc)
{
    memset(p, 0, sizeof *p);
    p->out = out;
    p->left = 90;
    p->top = 56;
    p->width = w - p->left - LEGEND_W - 20;
    p->height = h - p->top - 70;
    pp_buf_printf(out,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                  "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                  "role=\"img\" aria-labelledby=\"t d\" "
                  "font-family=\"DejaVu Sans, Arial, sans-serif\" "
                  "font-size=\"13\">\n<title id=\"t\">",
                  w, h, w, h);
    rp_xml_escape(out, title);
    pp_buf_puts(out, "</title>\n<desc id=\"d\">");
    rp_xml_escape(out, desc);
    pp_buf_puts(out, "</desc>\n<style>"
                     ".title{font-size:17px;font-weight:bold}"
                     ".axis{font-size:14px}.tick{fill:#333}"
                     ".note{font-size:12px;fill:#333}"
                     ".label{font-size:12px}</style>\n");
    pp_buf_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
                  w, h);
    rp_svg_text(p, w / 2.0, 28, "middle", "title", title);
}

/* Tick positions of an axis into v (at most 32). */
static size_t ticks(const struct rp_axis *a, double *v)
{
    size_t n = 0;
    if (a->log) {
        double e0 = floor(log10(a->lo)), e1 = ceil(log10(a->hi));
        int sub = e1 - e0 <= 2; /* few decades: 1, 2, 5 within each */
        for (double e = e0; e <= e1 && n < 32; e++) {
            static const double m[] = {1, 2, 5};
            for (int k = 0; k < (sub ? 3 : 1) && n < 32; k++) {
                double t = m[k] * pow(10, e);
                if (t >= a->lo * (1 - 1e-9) && t <= a->hi * (1 + 1e-9))
                    v[n++] = t;
            }
        }
        return n;
    }
    {
        double span = a->hi - a->lo, step = pow(10, floor(log10(span / 5)));
        if (span / step > 10)
            step *= span / step > 25 ? 5 : 2;
        for (double t = ceil(a->lo / step) * step;
             t <= a->hi + step * 1e-9 && n < 32; t += step)
            v[n++] = fabs(t) < step * 1e-9 ? 0 : t;
    }
    return n;
}

void rp_svg_axes(struct rp_plot *p)
{
    double v[32];
    size_t n;
    double bottom = p->top + p->height;
    pp_buf_puts(p->out, "<g stroke=\"#dddddd\" stroke-width=\"1\">\n");
    n = ticks(&p->x, v);
    for (size_t i = 0; i < n; i++)
        pp_buf_printf(p->out,
                      "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
                      "y2=\"%.2f\"/>\n",
                      rp_svg_x(p, v[i]), p->top, rp_svg_x(p, v[i]), bottom);
    n = ticks(&p->y, v);
    for (size_t i = 0; i < n; i++)
        pp_buf_printf(p->out,
                      "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
                      "y2=\"%.2f\"/>\n",
                      p->left, rp_svg_y(p, v[i]), p->left + p->width,
                      rp_svg_y(p, v[i]));
    pp_buf_puts(p->out, "</g>\n");
    pp_buf_printf(p->out,
                  "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
                  "height=\"%.2f\" fill=\"none\" stroke=\"#333333\"/>\n",
                  p->left, p->top, p->width, p->height);
    n = ticks(&p->x, v);
    for (size_t i = 0; i < n; i++) {
        pp_buf t = PP_BUF_INIT;
        rp_num(&t, v[i], p->x.ticks, 0);
        rp_svg_text(p, rp_svg_x(p, v[i]), bottom + 18, "middle", "tick",
                    pp_buf_cstr(&t));
        pp_buf_dispose(&t);
    }
    n = ticks(&p->y, v);
    for (size_t i = 0; i < n; i++) {
        pp_buf t = PP_BUF_INIT;
        rp_num(&t, v[i], p->y.ticks, 0);
        rp_svg_text(p, p->left - 8, rp_svg_y(p, v[i]) + 4, "end", "tick",
                    pp_buf_cstr(&t));
        pp_buf_dispose(&t);
    }
    rp_svg_text(p, p->left + p->width / 2, bottom + 44, "middle", "axis",
                p->x.label);
    pp_buf_printf(p->out,
                  "<text class=\"axis\" text-anchor=\"middle\" "
                  "transform=\"translate(22 %.2f) rotate(-90)\">",
                  p->top + p->height / 2);
    rp_xml_escape(p->out, p->y.label);
    pp_buf_puts(p->out, "</text>\n");
}

void rp_svg_line(struct rp_plot *p, const double *xs, const double *ys,
                 size_t n, const char *color, const char *dash)
{
    int open = 0;
    for (size_t i = 0; i < n; i++) {
        double x = rp_svg_x(p, xs[i]), y = rp_svg_y(p, ys[i]);
        if (!inside(p, x, y)) {
            if (open)
                pp_buf_puts(p->out, "\"/>\n");
            open = 0;
            continue;
        }
        if (!open)
            pp_buf_printf(p->out,
                          "<polyline fill=\"none\" stroke=\"%s\" "
                          "stroke-width=\"2\"%s%s%s points=\"",
                          color, dash ? " stroke-dasharray=\"" : "",
                          dash ? dash : "", dash ? "\"" : "");
        pp_buf_printf(p->out, "%s%.2f,%.2f", open ? " " : "", x, y);
        open = 1;
    }
    if (open)
        pp_buf_puts(p->out, "\"/>\n");
}

static void shape(pp_buf *out, double x, double y, char s, double r,
                  const char *color, int hollow)
{
    const char *fill = hollow ? "#ffffff" : color;
    if (s == 's')
        pp_buf_printf(out,
                      "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
                      "height=\"%.2f\" fill=\"%s\" stroke=\"%s\" "
                      "stroke-width=\"2\"/>\n",
                      x - r, y - r, 2 * r, 2 * r, fill, color);
    else if (s == 'd')
        pp_buf_printf(out,
                      "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f "
                      "%.2f,%.2f\" fill=\"%s\" stroke=\"%s\" "
                      "stroke-width=\"2\"/>\n",
                      x, y - r * 1.3, x + r * 1.3, y, x, y + r * 1.3,
                      x - r * 1.3, y, fill, color);
    else
        pp_buf_printf(out,
                      "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" "
                      "fill=\"%s\" fill-opacity=\"%s\" stroke=\"%s\" "
                      "stroke-width=\"2\"%s/>\n",
                      x, y, r, fill, hollow ? "1" : "0.55", color,
                      hollow ? " stroke-dasharray=\"3 2\"" : "");
}

static int overlap(const struct rp_box *a, const struct rp_box *b)
{
    return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

static void take(struct rp_plot *p, struct rp_box b)
{
    if (p->ntaken < (int)(sizeof p->taken / sizeof *p->taken))
        p->taken[p->ntaken++] = b;
}

/* Width of a label in px: about 6.6 px per character at 12 px. */
static double text_width(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return 6.6 * (double)n + 4;
}

/* Put a label near (px, py) where it covers no marker, no other label
 * and stays in the plotting area; a label pushed away from its point gets
 * a leader line. */
static void place_label(struct rp_plot *p, double px, double py, double r,
                        const char *label)
{
    double w = text_width(label), h = 14;
    struct rp_box best = {0, 0, 0, 0};
    int found = 0;
    for (int ring = 0; ring < 7 && !found; ring++) {
        double dy = 14.0 * ring;
        const double cand[][2] = {
            {r + 4, -r - 2 - dy},
            {r + 4, r + 12 + dy},
            {-(r + 4) - w, -r - 2 - dy},
            {-(r + 4) - w, r + 12 + dy},
        };
        for (size_t k = 0; k < 4 && !found; k++) {
            struct rp_box b = {px + cand[k][0], py + cand[k][1] - h + 3,
                               px + cand[k][0] + w, py + cand[k][1] + 3};
            int free_ = b.x0 >= p->left && b.x1 <= p->left + p->width &&
                        b.y0 >= p->top && b.y1 <= p->top + p->height;
            for (int i = 0; free_ && i < p->ntaken; i++)
                free_ = !overlap(&b, &p->taken[i]);
            if (free_ || (ring == 0 && k == 0)) {
                best = b;
                found = free_;
            }
        }
    }
    take(p, best);
    if (fabs((best.y0 + best.y1) / 2 - py) > r + 14)
        pp_buf_printf(p->out,
                      "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
                      "y2=\"%.2f\" stroke=\"#888888\" stroke-width=\"0.8\"/>\n",
                      px, py, best.x0 < px ? best.x1 : best.x0,
                      (best.y0 + best.y1) / 2);
    rp_svg_text(p, best.x0 + 2, best.y1 - 3, "start", "label", label);
}

void rp_svg_marker(struct rp_plot *p, double x, double y, char s, double r,
                   const char *color, int hollow, const char *label)
{
    double px = rp_svg_x(p, x), py = rp_svg_y(p, y);
    if (!inside(p, px, py))
        return;
    shape(p->out, px, py, s, r, color, hollow);
    take(p, (struct rp_box){px - r, py - r, px + r, py + r});
    if (label && p->nlabels < (int)(sizeof p->labels / sizeof *p->labels)) {
        char *copy = strdup(label);
        if (copy)
            p->labels[p->nlabels++] = (struct rp_label){px, py, r, copy};
    }
}

void rp_svg_vline(struct rp_plot *p, double x, const char *color,
                  const char *dash, const char *label)
{
    double px = rp_svg_x(p, x);
    if (!isfinite(px) || px < p->left || px > p->left + p->width)
        return;
    pp_buf_printf(p->out,
                  "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
                  "y2=\"%.2f\" stroke=\"%s\" stroke-width=\"1.5\"%s%s%s/>\n",
                  px, p->top, px, p->top + p->height, color,
                  dash ? " stroke-dasharray=\"" : "", dash ? dash : "",
                  dash ? "\"" : "");
    if (label)
        rp_svg_text(p, px + 5, p->top + p->height - 8, "start", "label", label);
}

void rp_svg_legend(struct rp_plot *p, const char *color, const char *dash,
                   char marker, const char *label)
{
    double x = p->left + p->width + 28;
    double y = p->top + 14 + 20 * p->legend_items;
    if (p->legend_items == 0)
        pp_buf_printf(p->out, "<g class=\"legend\">\n");
    if (marker)
        shape(p->out, x + 12, y - 4, marker, 5, color, dash != NULL);
    else
        pp_buf_printf(p->out,
                      "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
                      "y2=\"%.2f\" stroke=\"%s\" stroke-width=\"2\"%s%s%s/>\n",
                      x, y - 4, x + 24, y - 4, color,
                      dash ? " stroke-dasharray=\"" : "", dash ? dash : "",
                      dash ? "\"" : "");
    rp_svg_text(p, x + 32, y, "start", "label", label);
    p->legend_items++;
}

void rp_svg_end(struct rp_plot *p)
{
    if (p->legend_items)
        pp_buf_puts(p->out, "</g>\n");
    for (int i = 0; i < p->nlabels; i++) {
        place_label(p, p->labels[i].px, p->labels[i].py, p->labels[i].r,
                    p->labels[i].text);
        free(p->labels[i].text);
    }
    p->nlabels = 0;
    pp_buf_puts(p->out, "</svg>\n");
}

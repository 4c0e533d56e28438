/*
 * internal.h - what the files of report/ share: one passport value as a
 * "cell" (shown text, sort key, evidence level, citation, derivation),
 * escaping, and the SVG drawing primitives.  Not a public header.
 */
#ifndef PP_REPORT_INTERNAL_H
#define PP_REPORT_INTERNAL_H
#include "report.h"
#include "../schema/fact.h"

/* One value of a passport as shown.  Caller-owned: rp_cell_dispose(). */
struct rp_cell {
    pp_buf text; /* "1.04T", "undisclosed" */
    pp_buf note; /* derivation or evidence note; may be empty */
    double sort; /* numeric sort key when has_sort */
    int has_sort;
    const char *level;   /* fact, reported, interpretation, general,
                             derived, undisclosed; borrowed, never NULL */
    const char *source;  /* primary evidence: source id (borrowed) or NULL */
    const char *section; /* and section (borrowed) or NULL */
};
void rp_cell_init(struct rp_cell *c);
void rp_cell_dispose(struct rp_cell *c);

/* The cell of fact `name` of `doc` (absent: "undisclosed"). */
void rp_fact_cell(const cJSON *doc, const char *name, struct rp_cell *c);
/* Training compute 6·N_active·D and tokens per parameter, recomputed. */
void rp_compute_cell(const cJSON *doc, struct rp_cell *c);
void rp_tpp_cell(const cJSON *doc, struct rp_cell *c);
/* The level and citation of the first evidence of `ev` (an array). */
void rp_cite_first(const cJSON *evidence, struct rp_cell *c);

/* The source object `id` of `doc`, or NULL. */
const cJSON *rp_source(const cJSON *doc, const char *id);

/* Human words of an evidence level, for legends and tooltips. */
const char *rp_level_meaning(const char *level);

/* Escape `s` for HTML/XML text and attribute values (& < > " '). */
void rp_xml_escape(pp_buf *out, const char *s);
/* Escape `s` for a Markdown table cell (| and line breaks). */
void rp_md_escape(pp_buf *out, const char *s);

/* ---- SVG ---------------------------------------------------------------- */

enum rp_ticks { RP_TICK_COUNT, RP_TICK_SCI, RP_TICK_PLAIN };

struct rp_axis {
    double lo, hi;
    int log;             /* logarithmic scale */
    enum rp_ticks ticks; /* how tick labels are written */
    const char *label;
};

struct rp_box {
    double x0, y0, x1, y1;
};

struct rp_label {
    double px, py, r;
    char *text; /* owned */
};

struct rp_plot {
    pp_buf *out;
    double left, top, width, height; /* the plotting area, px */
    struct rp_axis x, y;
    int legend_items;
    struct rp_box taken[256]; /* markers and labels placed so far */
    int ntaken;
    struct rp_label labels[64]; /* marker labels, placed at the end */
    int nlabels;
};

/* Start an SVG document of w x h px with a title (also <title>) and a
 * description (<desc>); set up the plotting area. */
void rp_svg_begin(struct rp_plot *p, pp_buf *out, int w, int h,
                  const char *title, const char *desc);
/* Axes, grid, ticks and their labels, axis labels. */
void rp_svg_axes(struct rp_plot *p);
double rp_svg_x(const struct rp_plot *p, double v);
double rp_svg_y(const struct rp_plot *p, double v);
/* A polyline through n points (data coordinates), clipped to the area. */
void rp_svg_line(struct rp_plot *p, const double *xs, const double *ys,
                 size_t n, const char *color, const char *dash);
/* A marker at a data point: shape 'o' circle, 's' square, 'd' diamond;
 * r in px; hollow draws the outline only. */
void rp_svg_marker(struct rp_plot *p, double x, double y, char shape, double r,
                   const char *color, int hollow, const char *label);
/* A vertical line at data x. */
void rp_svg_vline(struct rp_plot *p, double x, const char *color,
                  const char *dash, const char *label);
/* One legend entry (a line sample or a marker) in the top-right box. */
void rp_svg_legend(struct rp_plot *p, const char *color, const char *dash,
                   char marker, const char *label);
/* A line of text at px position (x, y). */
void rp_svg_text(struct rp_plot *p, double x, double y, const char *anchor,
                 const char *cls, const char *text);
/* Place the marker labels (clear of every marker and of each other),
 * close the document and release what the plot holds. */
void rp_svg_end(struct rp_plot *p);

/* A figure for tick labels and annotations: "35.7B", "7.23e23", "1.95". */
void rp_num(pp_buf *out, double v, enum rp_ticks how, int sig);

#endif

/*
 * fuzz_html.c - fetched bodies: the kind of a body, text from HTML
 * (libxml2 SAX) and plain text, and quote matching over the result.  The
 * input's first line, when short, is also a quote to compile and search.
 */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "sources/sources.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *body = (const char *)data;
    pp_buf text = PP_BUF_INIT;
    enum pp_text_kind k = pp_text_kind_of(NULL, "file:///fuzz", body, size);
    const char *nl = memchr(body, '\n', size < 200 ? size : 200);
    if (k == PP_TEXT_NONE)
        k = PP_TEXT_PLAIN;
    pp_text_extract(&text, PP_TEXT_HTML, body, size, "text/html");
    pp_buf_clear(&text);
    if (pp_text_extract(&text, k, body, size, NULL) == 0 && nl) {
        char *q = fuzz_cstring(data, (size_t)(nl - body), 200);
        pp_quote *pq = NULL;
        size_t at;
        if (q && pp_quote_compile(&pq, q) == 0)
            pp_quote_find(pq, text.ptr ? text.ptr : "", text.len, &at);
        pp_quote_free(pq);
        free(q);
    }
    pp_buf_dispose(&text);
    return 0;
}

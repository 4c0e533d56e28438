/*
 * utf8.c - strict UTF-8 validation; simple lower-casing.
 */
#include "utf8.h"

#include "banned.h"

int pp_utf8_valid(const char *str, size_t len, size_t *bad)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;

    while (i < len) {
        unsigned c = s[i];
        size_t n;
        unsigned cp, min;

        if (c < 0x80) {
            i++;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            n = 1, cp = c & 0x1F, min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2, cp = c & 0x0F, min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3, cp = c & 0x07, min = 0x10000;
        } else {
            goto invalid;
        }
        if (len - i <= n)
            goto invalid;
        for (size_t k = 1; k <= n; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                goto invalid;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            goto invalid;
        i += n + 1;
    }
    return 1;
invalid:
    if (bad)
        *bad = i;
    return 0;
}

size_t pp_utf8_count(const char *str, size_t len)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            n++;
    return n;
}

int pp_utf8_fold(char *str, size_t n)
{
    unsigned char *u = (unsigned char *)str;
    int odd = 0;
    for (size_t i = 0; i < n; i++) {
        if (u[i] < 0x80) {
            if (u[i] >= 'A' && u[i] <= 'Z')
                u[i] = (unsigned char)(u[i] + 0x20);
        } else if (u[i] == 0xD0 && i + 1 < n) {
            if (u[i + 1] >= 0x90 && u[i + 1] <= 0x9F) {
                u[i + 1] += 0x20; /* А-П -> а-п */
            } else if (u[i + 1] >= 0xA0 && u[i + 1] <= 0xAF) {
                u[i] = 0xD1;
                u[i + 1] -= 0x20; /* Р-Я -> р-я */
            } else if (u[i + 1] == 0x81) {
                u[i] = 0xD1;
                u[i + 1] = 0x91; /* Ё -> ё */
            }
            i++;
        } else if (u[i] == 0xC5 && i + 1 < n && u[i + 1] == 0xBF) {
            odd = 1; /* U+017F LONG S */
        } else if (u[i] == 0xE2 && i + 2 < n && u[i + 1] == 0x84 &&
                   u[i + 2] == 0xAA) {
            odd = 1; /* U+212A KELVIN SIGN */
        } else if (u[i] == 0xE1 && i + 2 < n && u[i + 1] == 0xB2 &&
                   u[i + 2] <= 0x88) {
            odd = 1; /* U+1C80..U+1C88 */
        }
    }
    return odd;
}

/*
 * banned.h - functions that must not be used in this code base.
 *
 * Included last in every .c file (after the system headers), so a use of
 * one of these names becomes a compile error.  The reasons: unbounded
 * writes (strcpy, strcat, sprintf, vsprintf, gets), hidden global state
 * (strtok), silent failure on bad input (atoi, atol, atof), and the
 * truncation traps of strncpy/strncat.  Use pp_buf, snprintf and strtod
 * with an end pointer instead.
 */
#ifndef PP_BANNED_H
#define PP_BANNED_H

#define PP_BANNED(func) sorry_##func##_is_banned_in_passport

#undef strcpy
#define strcpy(x, y) PP_BANNED(strcpy)
#undef strcat
#define strcat(x, y) PP_BANNED(strcat)
#undef strncpy
#define strncpy(x, y, n) PP_BANNED(strncpy)
#undef strncat
#define strncat(x, y, n) PP_BANNED(strncat)
#undef sprintf
#define sprintf(...) PP_BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) PP_BANNED(vsprintf)
#undef strtok
#define strtok(x, y) PP_BANNED(strtok)
#undef gets
#define gets(x) PP_BANNED(gets)
#undef atoi
#define atoi(x) PP_BANNED(atoi)
#undef atol
#define atol(x) PP_BANNED(atol)
#undef atof
#define atof(x) PP_BANNED(atof)

#endif

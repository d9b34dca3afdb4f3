#ifndef COMPOSERPATTERNS_CPCRE2_SHIM_H
#define COMPOSERPATTERNS_CPCRE2_SHIM_H

// pcre2.h selects its code-unit width from this macro; it must be set before the include.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Swift imports none of pcre2.h's function-like or cast macros; these expose the values it needs.
static inline PCRE2_SIZE cp2_unset(void) { return PCRE2_UNSET; }
static inline PCRE2_SIZE cp2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }

#endif

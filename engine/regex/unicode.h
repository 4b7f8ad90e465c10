// The character facts `re` consults, answered as CPython 3.11's _sre does:
// \w \d \s in Unicode and ASCII mode, simple case mapping, and the extra
// case equivalences that IGNORECASE adds. Tables cover all of Unicode 14.0
// (generated from CPython by gen_unicode_tables.py).
#pragma once

#include <span>

namespace backstep::regex::unicode {

// Unicode mode (the default for str patterns).
bool is_word(char32_t c);   // str.isalnum() or '_'
bool is_digit(char32_t c);  // str.isdecimal()
bool is_space(char32_t c);  // str.isspace()
// The value of a decimal digit (0-9), or -1 when c is not one.
int decimal_value(char32_t c);

// Simple case mappings as _sre uses them: the first code point of the full
// mapping (so 'ß' uppercases to 'S' and 'İ' lowercases to 'i').
char32_t to_lower(char32_t c);
char32_t to_upper(char32_t c);
// _sre.unicode_iscased: the character has a different lower or upper case.
bool is_cased(char32_t c);
// Characters that IGNORECASE treats as equal to `lowered` although their
// lowercase differs (e.g. 's' and 'ſ'); empty for most characters.
std::span<const char32_t> extra_cases(char32_t lowered);

// ASCII mode (re.ASCII): only ASCII characters have the properties.
inline bool ascii_is_digit(char32_t c) { return c >= '0' && c <= '9'; }
inline bool ascii_is_alpha(char32_t c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
inline bool ascii_is_word(char32_t c) { return ascii_is_alpha(c) || ascii_is_digit(c) || c == '_'; }
inline bool ascii_is_space(char32_t c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
inline char32_t ascii_to_lower(char32_t c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }
inline bool ascii_is_cased(char32_t c) { return c < 128 && ascii_is_alpha(c); }

}  // namespace backstep::regex::unicode

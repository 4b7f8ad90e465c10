// Port of CPython 3.11's Python/formatter_unicode.c (and the digit grouping
// of Objects/stringlib/localeutil.h). Kept close to CPython's structure and
// check order, because the order decides which error message a spec with
// several problems gets.
#include "engine/format/format_spec.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <new>

#include "engine/format/float_repr.h"

namespace backstep::format {
namespace {

// ---- UTF-8 <-> code points (fill characters and widths are code points) ----

std::u32string decode_utf8(std::string_view s) {
  std::u32string out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (i + extra >= s.size()) extra = 0;  // truncated sequence: take the byte as is
    char32_t cp = extra == 0 ? c : (c & (0x3F >> extra));
    for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += 1 + extra;
  }
  return out;
}

void append_utf8(std::string& out, char32_t cp, int64_t count = 1) {
  char buf[4];
  int n;
  if (cp < 0x80) { buf[0] = static_cast<char>(cp); n = 1; }
  else if (cp < 0x800) { buf[0] = static_cast<char>(0xC0 | (cp >> 6)); n = 2; }
  else if (cp < 0x10000) { buf[0] = static_cast<char>(0xE0 | (cp >> 12)); n = 3; }
  else { buf[0] = static_cast<char>(0xF0 | (cp >> 18)); n = 4; }
  for (int k = 1; k < n; ++k) buf[k] = static_cast<char>(0x80 | ((cp >> (6 * (n - 1 - k))) & 0x3F));
  if (count <= 0) return;
  // A width like f"{1:{10**12}}" is one request the allocator can refuse
  // (MemoryError, as CPython's), not a loop growing until the OOM killer.
  if (static_cast<size_t>(count) > (out.max_size() - out.size()) / static_cast<size_t>(n)) throw std::bad_alloc();
  out.reserve(out.size() + static_cast<size_t>(count) * static_cast<size_t>(n));
  if (n == 1) {
    out.append(static_cast<size_t>(count), buf[0]);
    return;
  }
  for (int64_t i = 0; i < count; ++i) out.append(buf, n);
}

int64_t code_points(const std::string& s) {
  int64_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// ---- the parsed spec ----

enum Grouping { kNoGrouping, kComma, kUnderscore, kUnderscoreFour };

struct Spec {
  char32_t fill = ' ';
  char32_t align = '>';
  bool alternate = false;
  char32_t sign = 0;
  bool no_neg_0 = false;
  int64_t width = -1;
  Grouping grouping = kNoGrouping;
  int64_t precision = -1;
  char32_t type = 0;
};

std::string char_for_message(char32_t c) {
  // CPython prints printable ASCII as itself, anything else as \x<hex>.
  if (c > 32 && c < 128) return std::string(1, static_cast<char>(c));
  char buf[16];
  std::snprintf(buf, sizeof buf, "\\x%x", static_cast<unsigned>(c));
  return buf;
}

[[noreturn]] void unknown_type(char32_t type, const char* type_name) {
  throw FormatError("Unknown format code '" + char_for_message(type) + "' for object of type '" +
                    type_name + "'");
}

bool is_align(char32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }
bool is_sign(char32_t c) { return c == ' ' || c == '+' || c == '-'; }

// Reads decimal digits; returns how many were read. Overflow of Py_ssize_t is
// CPython's "Too many decimal digits" error.
int read_integer(const std::u32string& s, size_t& pos, int64_t& result) {
  int64_t acc = 0;
  int n = 0;
  for (; pos < s.size() && s[pos] >= '0' && s[pos] <= '9'; ++pos, ++n) {
    int64_t digit = s[pos] - '0';
    if (acc > (std::numeric_limits<int64_t>::max() - digit) / 10)
      throw FormatError("Too many decimal digits in format string");
    acc = acc * 10 + digit;
  }
  result = acc;
  return n;
}

void check_grouping_type(Spec& f) {
  if (f.grouping == kNoGrouping) return;
  switch (f.type) {
    case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
      return;
    case 'b': case 'o': case 'x': case 'X':
      if (f.grouping == kUnderscore) {  // PEP 515: every four digits in bin/oct/hex
        f.grouping = kUnderscoreFour;
        return;
      }
      break;
    default:
      break;
  }
  std::string sep = f.grouping == kComma ? "," : "_";
  throw FormatError("Cannot specify '" + sep + "' with '" + char_for_message(f.type) + "'.");
}

// parse_internal_render_format_spec
Spec parse_spec(std::string_view text, char32_t default_type, char32_t default_align,
                const char* type_name) {
  const std::u32string s = decode_utf8(text);
  const size_t end = s.size();
  size_t pos = 0;
  Spec f;
  f.align = default_align;
  f.type = default_type;
  bool fill_specified = false, align_specified = false;
  if (end - pos >= 2 && is_align(s[pos + 1])) {
    f.align = s[pos + 1];
    f.fill = s[pos];
    fill_specified = align_specified = true;
    pos += 2;
  } else if (end - pos >= 1 && is_align(s[pos])) {
    f.align = s[pos];
    align_specified = true;
    ++pos;
  }
  if (pos < end && is_sign(s[pos])) f.sign = s[pos++];
  if (pos < end && s[pos] == 'z') { f.no_neg_0 = true; ++pos; }
  if (pos < end && s[pos] == '#') { f.alternate = true; ++pos; }
  if (!fill_specified && pos < end && s[pos] == '0') {
    f.fill = '0';
    // Since 3.10 a leading 0 means '=' only for numbers (default align '>').
    if (!align_specified && default_align == '>') f.align = '=';
    ++pos;
  }
  if (read_integer(s, pos, f.width) == 0) f.width = -1;
  if (pos < end && s[pos] == ',') { f.grouping = kComma; ++pos; }
  if (pos < end && s[pos] == '_') {
    if (f.grouping != kNoGrouping) throw FormatError("Cannot specify both ',' and '_'.");
    f.grouping = kUnderscore;
    ++pos;
  }
  if (pos < end && s[pos] == ',') throw FormatError("Cannot specify both ',' and '_'.");
  if (pos < end && s[pos] == '.') {
    ++pos;
    if (read_integer(s, pos, f.precision) == 0)
      throw FormatError("Format specifier missing precision");
  }
  if (end - pos > 1)
    throw FormatError("Invalid format specifier '" + std::string(text) + "' for object of type '" +
                      type_name + "'");
  if (end - pos == 1) f.type = s[pos++];
  check_grouping_type(f);
  return f;
}

// ---- numbers: <lpad><sign><prefix><spad><grouped digits><decimal><remainder><rpad> ----

// _PyUnicode_InsertThousandsGrouping: groups `digits` from the right, left-
// padding with zeros (which get separators too) up to `min_width` characters.
std::string group_digits(const std::string& digits, int64_t min_width, int group, char sep) {
  std::string out;
  int64_t remaining = static_cast<int64_t>(digits.size());
  auto take = [&](int64_t l, bool with_sep) {
    int64_t zeros = std::max<int64_t>(0, l - remaining);
    int64_t chars = std::max<int64_t>(0, std::min(remaining, l));
    std::string piece(static_cast<size_t>(zeros), '0');
    piece.append(digits, static_cast<size_t>(remaining - chars), static_cast<size_t>(chars));
    if (with_sep) piece += sep;
    out.insert(0, piece);
    remaining -= chars;
  };
  bool use_sep = false;
  if (group > 0) {
    for (;;) {  // the grouping "\3" (or "\4") repeats forever
      int64_t l = std::min<int64_t>(group, std::max({remaining, min_width, int64_t{1}}));
      take(l, use_sep);
      use_sep = true;
      min_width -= l;
      if (remaining <= 0 && min_width <= 0) return out;
      min_width -= 1;  // the separator's width
    }
  }
  take(std::max({remaining, min_width, int64_t{1}}), false);
  return out;
}

struct Number {
  bool negative = false;
  std::string prefix;     // "0x" etc.
  std::string digits;     // integer digits (may be empty: 'c', inf, nan)
  bool has_decimal = false;
  std::string remainder;  // after the point: fraction, exponent, '%', or "inf"
};

// calc_number_widths + fill_number.
std::string render_number(const Number& n, const Spec& f, Grouping grouping, bool upper) {
  char sign = 0;
  if (f.sign == '+') sign = n.negative ? '-' : '+';
  else if (f.sign == ' ') sign = n.negative ? '-' : ' ';
  else if (n.negative) sign = '-';
  // Widths count code points: only the 'c' remainder can be non-ASCII.
  const int64_t fixed = (sign ? 1 : 0) + static_cast<int64_t>(n.prefix.size()) +
                        (n.has_decimal ? 1 : 0) + code_points(n.remainder);
  const int64_t min_width = (f.fill == '0' && f.align == '=') ? f.width - fixed : 0;
  std::string grouped;
  if (!n.digits.empty()) {
    int group = grouping == kUnderscoreFour ? 4 : grouping == kNoGrouping ? 0 : 3;
    grouped = group_digits(n.digits, min_width, group, grouping == kComma ? ',' : '_');
  }
  int64_t lpad = 0, spad = 0, rpad = 0;
  const int64_t padding = f.width - (fixed + static_cast<int64_t>(grouped.size()));
  if (padding > 0) {
    switch (f.align) {
      case '<': rpad = padding; break;
      case '^': lpad = padding / 2; rpad = padding - lpad; break;
      case '=': spad = padding; break;
      default: lpad = padding; break;
    }
  }
  std::string out;
  append_utf8(out, f.fill, lpad);
  if (sign) out += sign;
  std::string prefix = n.prefix;
  if (upper) {
    for (char& c : prefix) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (char& c : grouped) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  out += prefix;
  append_utf8(out, f.fill, spad);
  out += grouped;
  if (n.has_decimal) out += '.';
  out += n.remainder;
  append_utf8(out, f.fill, rpad);
  return out;
}

// format_float_internal
std::string format_float_spec(double value, const Spec& f) {
  if (f.precision > std::numeric_limits<int>::max()) throw FormatError("precision too big");
  int precision = static_cast<int>(f.precision);
  int default_precision = 6;
  unsigned flags = 0;
  if (f.alternate) flags |= kAlt;
  if (f.no_neg_0) flags |= kNoNegZero;
  char type = static_cast<char>(f.type);
  if (type == 0) {  // like repr, or like 'g' that keeps a ".0" when given a precision
    flags |= kAddDot0;
    type = 'r';
    default_precision = 0;
  }
  if (type == 'n') type = 'g';  // the C locale: 'n' is 'g' without grouping
  bool percent = false;
  if (type == '%') {
    type = 'f';
    value *= 100;
    percent = true;
  }
  if (precision < 0) precision = default_precision;
  else if (type == 'r') type = 'g';
  std::string text = double_to_string(value, type, precision, flags);
  if (percent) text += '%';

  Number n;
  size_t i = 0;
  if (text[0] == '-') { n.negative = true; i = 1; }
  size_t d = i;
  while (d < text.size() && text[d] >= '0' && text[d] <= '9') ++d;
  n.digits = text.substr(i, d - i);
  n.has_decimal = d < text.size() && text[d] == '.';
  n.remainder = text.substr(n.has_decimal ? d + 1 : d);
  return render_number(n, f, f.type == 'n' ? kNoGrouping : f.grouping, false);
}

std::string to_base(uint64_t magnitude, int base) {
  if (magnitude == 0) return "0";
  std::string out;
  for (; magnitude; magnitude /= base) out.insert(out.begin(), "0123456789abcdef"[magnitude % base]);
  return out;
}

// format_long_internal
std::string format_long_spec(int64_t value, const Spec& f) {
  if (f.precision != -1) throw FormatError("Precision not allowed in integer format specifier");
  if (f.no_neg_0)
    throw FormatError("Negative zero coercion (z) not allowed in integer format specifier");
  Number n;
  if (f.type == 'c') {
    if (f.sign != 0) throw FormatError("Sign not allowed with integer format specifier 'c'");
    if (f.alternate)
      throw FormatError("Alternate form (#) not allowed with integer format specifier 'c'");
    if (value < 0 || value > 0x10ffff)
      throw FormatError("%c arg not in range(0x110000)", "OverflowError");
    append_utf8(n.remainder, static_cast<char32_t>(value));
    return render_number(n, f, kNoGrouping, false);
  }
  int base = 10;
  const char* prefix = "";
  switch (f.type) {
    case 'b': base = 2; prefix = "0b"; break;
    case 'o': base = 8; prefix = "0o"; break;
    case 'x': case 'X': base = 16; prefix = "0x"; break;
    default: break;
  }
  n.negative = value < 0;
  uint64_t magnitude = n.negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  n.digits = to_base(magnitude, base);
  if (f.alternate) n.prefix = prefix;
  return render_number(n, f, f.type == 'n' ? kNoGrouping : f.grouping, f.type == 'X');
}

std::string format_integral(int64_t value, std::string_view spec, const char* type_name) {
  Spec f = parse_spec(spec, 'd', '>', type_name);
  switch (f.type) {
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
      return format_long_spec(value, f);
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
      return format_float_spec(static_cast<double>(value), f);
    default:
      unknown_type(f.type, type_name);
  }
}

}  // namespace

std::string format_int(int64_t value, std::string_view spec) {
  if (spec.empty()) return int_repr(value);
  return format_integral(value, spec, "int");
}

std::string format_big_int(bool negative, const std::function<std::string(int)>& digits,
                           const std::function<double()>& to_double, std::string_view spec) {
  Spec f = parse_spec(spec, 'd', '>', "int");
  switch (f.type) {
    case 'c':
      if (f.sign != 0) throw FormatError("Sign not allowed with integer format specifier 'c'");
      if (f.alternate) throw FormatError("Alternate form (#) not allowed with integer format specifier 'c'");
      throw FormatError("Python int too large to convert to C long", "OverflowError");
    case 'b': case 'd': case 'o': case 'x': case 'X': case 'n': {
      if (f.precision != -1) throw FormatError("Precision not allowed in integer format specifier");
      if (f.no_neg_0) throw FormatError("Negative zero coercion (z) not allowed in integer format specifier");
      int base = f.type == 'b' ? 2 : f.type == 'o' ? 8 : (f.type == 'x' || f.type == 'X') ? 16 : 10;
      Number n;
      n.negative = negative;
      n.digits = digits(base);
      if (f.alternate) n.prefix = base == 2 ? "0b" : base == 8 ? "0o" : base == 16 ? "0x" : "";
      return render_number(n, f, f.type == 'n' ? kNoGrouping : f.grouping, f.type == 'X');
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
      return format_float_spec(to_double(), f);
    default:
      unknown_type(f.type, "int");
  }
}

std::string format_bool(bool value, std::string_view spec) {
  if (spec.empty()) return value ? "True" : "False";
  return format_integral(value ? 1 : 0, spec, "bool");
}

std::string format_float(double value, std::string_view spec) {
  if (spec.empty()) return float_repr(value);
  Spec f = parse_spec(spec, 0, '>', "float");
  switch (f.type) {
    case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
      return format_float_spec(value, f);
    default:
      unknown_type(f.type, "float");
  }
}

// format_string_internal
std::string format_str(std::string_view value, std::string_view spec) {
  if (spec.empty()) return std::string(value);
  Spec f = parse_spec(spec, 's', '<', "str");
  if (f.type != 's') unknown_type(f.type, "str");
  if (f.sign == ' ') throw FormatError("Space not allowed in string format specifier");
  if (f.sign != 0) throw FormatError("Sign not allowed in string format specifier");
  if (f.no_neg_0)
    throw FormatError("Negative zero coercion (z) not allowed in string format specifier");
  if (f.alternate)
    throw FormatError("Alternate form (#) not allowed in string format specifier");
  if (f.align == '=') throw FormatError("'=' alignment not allowed in string format specifier");
  std::u32string chars = decode_utf8(value);
  int64_t len = static_cast<int64_t>(chars.size());
  if (f.precision >= 0 && len > f.precision) len = f.precision;
  int64_t total = f.width > len ? f.width : len;
  int64_t lpad = f.align == '>' ? total - len : f.align == '^' ? (total - len) / 2 : 0;
  std::string out;
  append_utf8(out, f.fill, lpad);
  for (int64_t i = 0; i < len; ++i) append_utf8(out, chars[static_cast<size_t>(i)]);
  append_utf8(out, f.fill, total - len - lpad);
  return out;
}

}  // namespace backstep::format

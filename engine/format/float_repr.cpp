// A port of CPython's float-to-text path (Python/pystrtod.c,
// format_float_short). CPython gets its digits from David Gay's dtoa in one
// of three modes; std::to_chars produces exactly the same digit strings
// (shortest round-trip, or correctly rounded to N significant digits, or to N
// places after the point), so only the layout logic needs porting.
#include "engine/format/float_repr.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace backstep::format {
namespace {

// What _Py_dg_dtoa returns for a finite value: significant digits without
// trailing zeros and the position of the decimal point (value =
// 0.DIGITS * 10**decpt). A value rounded away entirely in mode 3 gives no
// digits and decpt = -ndigits, as in Gay's code.
struct Digits {
  std::string digits;
  int decpt = 0;
  bool negative = false;
};

void strip_trailing_zeros(std::string& s) {
  while (!s.empty() && s.back() == '0') s.pop_back();
}

// Splits to_chars' scientific output "d.ddde+XX" into digits and decpt.
void parse_scientific(const char* first, const char* last, Digits& out) {
  const char* e = first;
  while (e < last && *e != 'e') ++e;
  for (const char* p = first; p < e; ++p)
    if (*p != '.') out.digits.push_back(*p);
  out.decpt = std::atoi(std::string(e + 1, last).c_str()) + 1;
  strip_trailing_zeros(out.digits);
}

// mode 0: shortest round-trip; mode 2: `ndigits` significant digits;
// mode 3: `ndigits` digits after the decimal point.
Digits dtoa(double value, int mode, int ndigits) {
  Digits out;
  out.negative = std::signbit(value);
  value = std::fabs(value);
  if (value == 0.0) {  // Gay's dtoa answers "0" at decpt 1 in every mode
    out.digits = "0";
    out.decpt = 1;
    return out;
  }
  std::vector<char> buf(static_cast<size_t>(ndigits) + 400);
  char* first = buf.data();
  char* last = first + buf.size();
  std::to_chars_result r;
  if (mode == 0) {
    r = std::to_chars(first, last, value, std::chars_format::scientific);
  } else if (mode == 2) {
    r = std::to_chars(first, last, value, std::chars_format::scientific, ndigits - 1);
  } else {
    r = std::to_chars(first, last, value, std::chars_format::fixed, ndigits);
  }
  if (r.ec != std::errc()) throw std::runtime_error("double_to_string: buffer too small");
  if (mode != 3) {
    parse_scientific(first, r.ptr, out);
    return out;
  }
  // Fixed: "III.FFF" -> digits "IIIFFF" with decpt = len("III"), then drop
  // leading zeros (each moves the point) and trailing zeros.
  const char* p = first;
  for (; p < r.ptr && *p != '.'; ++p) out.digits.push_back(*p);
  out.decpt = static_cast<int>(out.digits.size());
  for (++p; p < r.ptr; ++p) out.digits.push_back(*p);
  size_t lead = 0;
  while (lead < out.digits.size() && out.digits[lead] == '0') ++lead;
  if (lead == out.digits.size()) {  // rounded to zero: no digits at all
    out.digits.clear();
    out.decpt = -ndigits;
    return out;
  }
  out.digits.erase(0, lead);
  out.decpt -= static_cast<int>(lead);
  strip_trailing_zeros(out.digits);
  return out;
}

std::string exponent_text(int exp) {
  // C's "%+.02d": a sign and at least two digits.
  std::string digits = std::to_string(exp < 0 ? -exp : exp);
  if (digits.size() < 2) digits.insert(0, "0");
  return (exp < 0 ? "-" : "+") + digits;
}

struct ShortOptions {
  char code;  // e f g r
  int mode;
  int precision;
  bool add_sign, add_dot_0, alt, no_neg_0, upper;
};

// Where the decimal point goes and which slice of the zero-padded digit
// string to print; mirrors the vdigits bookkeeping of format_float_short.
std::string layout_digits(const Digits& d, const ShortOptions& o, bool negative) {
  const int digits_len = static_cast<int>(d.digits.size());
  int decpt = d.decpt;
  int vdigits_end = digits_len;
  bool use_exp = false;
  switch (o.code) {
    case 'e': use_exp = true; vdigits_end = o.precision; break;
    case 'f': vdigits_end = decpt + o.precision; break;
    case 'g':
      if (decpt <= -4 || decpt > (o.add_dot_0 ? o.precision - 1 : o.precision)) use_exp = true;
      if (o.alt) vdigits_end = o.precision;
      break;
    default:  // 'r': exponent from 1e16 on (see CPython's comment on 2e16+8)
      if (decpt <= -4 || decpt > 16) use_exp = true;
  }
  int exp = 0;
  if (use_exp) {
    exp = decpt - 1;
    decpt = 1;
  }
  const int vdigits_start = decpt <= 0 ? decpt - 1 : 0;
  if (!use_exp && o.add_dot_0)
    vdigits_end = vdigits_end > decpt ? vdigits_end : decpt + 1;
  else
    vdigits_end = vdigits_end > decpt ? vdigits_end : decpt;

  std::string s;
  if (negative) s += '-';
  else if (o.add_sign) s += '+';
  if (decpt <= 0) {
    s.append(decpt - vdigits_start, '0');
    s += '.';
    s.append(-decpt, '0');
  } else {
    s.append(-vdigits_start, '0');
  }
  if (0 < decpt && decpt <= digits_len) {
    s.append(d.digits, 0, decpt);
    s += '.';
    s.append(d.digits, decpt, std::string::npos);
  } else {
    s += d.digits;
  }
  if (digits_len < decpt) {
    s.append(decpt - digits_len, '0');
    s += '.';
    s.append(vdigits_end - decpt, '0');
  } else {
    s.append(vdigits_end - digits_len, '0');
  }
  if (s.back() == '.' && !o.alt) s.pop_back();
  if (use_exp) {
    s += o.upper ? 'E' : 'e';
    s += exponent_text(exp);
  }
  return s;
}

std::string format_float_short(double value, const ShortOptions& o) {
  if (std::isnan(value)) {  // the sign of a nan is never shown
    std::string s = o.add_sign ? "+" : "";
    return s + (o.upper ? "NAN" : "nan");
  }
  if (std::isinf(value)) {
    std::string s = value < 0 ? "-" : (o.add_sign ? "+" : "");
    return s + (o.upper ? "INF" : "inf");
  }
  Digits d = dtoa(value, o.mode, o.precision);
  bool negative = d.negative;
  // 'z' (3.11): drop the sign when what is printed is a zero.
  if (o.no_neg_0 && negative && (d.digits.empty() || d.digits == "0")) negative = false;
  return layout_digits(d, o, negative);
}

}  // namespace

std::string double_to_string(double value, char code, int precision, unsigned flags) {
  ShortOptions o{code, 0, precision, (flags & kAddSign) != 0, (flags & kAddDot0) != 0,
                 (flags & kAlt) != 0, (flags & kNoNegZero) != 0, false};
  switch (code) {
    case 'E': o.upper = true; [[fallthrough]];
    case 'e': o.code = 'e'; o.mode = 2; o.precision = precision + 1; break;
    case 'F': o.upper = true; [[fallthrough]];
    case 'f': o.code = 'f'; o.mode = 3; break;
    case 'G': o.upper = true; [[fallthrough]];
    case 'g':
      o.code = 'g';
      o.mode = 2;
      if (o.precision == 0) o.precision = 1;  // %.0g means one digit
      break;
    case 'r':
      if (precision != 0) throw std::invalid_argument("double_to_string: 'r' takes precision 0");
      o.mode = 0;
      break;
    default:
      throw std::invalid_argument(std::string("double_to_string: bad code ") + code);
  }
  return format_float_short(value, o);
}

std::string float_repr(double value) { return double_to_string(value, 'r', 0, kAddDot0); }

std::string int_repr(int64_t value) { return std::to_string(value); }

}  // namespace backstep::format

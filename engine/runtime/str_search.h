// The start/end-window searches of str (find, rfind, index, rindex, count,
// startswith, endswith) and str.splitlines, on backstep's UTF-8 strings
// with Python's code-point indices. Included by str_methods.cpp only; kept
// apart from it so the pylib tool modules had them while that file is
// being rewritten (helper "core").
#pragma once

#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace backstep::rt::str_search {

inline const std::string& str_arg(const Args& a, size_t i, const char* fn) {
  if (i >= a.pos.size()) raise_type_error(fmt::format("{}() takes at least {} argument", fn, i + 1));
  auto* s = a.pos[i].as<StrObject>();
  if (!s) raise_type_error(fmt::format("must be str, not {}", type_name(a.pos[i])));
  return s->value;
}

// start/end arguments of find, count, startswith, ... (Python's slice
// clamping, in code points) as a byte range of the UTF-8 text; nullopt when
// start lies past the end (nothing can match, not even '').
inline size_t byte_of(const std::string& s, int64_t cp) {
  size_t b = 0;
  for (int64_t n = 0; b < s.size() && n < cp; ++n)
    for (++b; b < s.size() && (static_cast<unsigned char>(s[b]) & 0xC0) == 0x80;) ++b;
  return b;
}
inline int64_t code_point_of(const std::string& s, size_t byte) {
  int64_t n = 0;
  for (size_t b = 0; b < byte && b < s.size(); ++b)
    if ((static_cast<unsigned char>(s[b]) & 0xC0) != 0x80) ++n;
  return n;
}
inline std::optional<std::pair<size_t, size_t>> search_window(const std::string& s, const Args& a, size_t first,
                                                              const char* fn) {
  expect_args(a, fn, first, first + 2);
  int64_t len = code_point_of(s, s.size());
  auto bound = [&](size_t i, int64_t fallback) {
    if (a.pos.size() <= i || a.pos[i].is_none()) return fallback;
    if (!a.pos[i].is_int_like())
      raise_type_error("slice indices must be integers or None or have an __index__ method");
    int64_t v = a.pos[i].to_int();
    if (v < 0) v = std::max<int64_t>(0, v + len);
    return std::min(v, len);
  };
  int64_t start = bound(first, 0), end = bound(first + 1, len);
  if (a.pos.size() > first && !a.pos[first].is_none() && a.pos[first].to_int() > len) return std::nullopt;
  if (start > end) return std::nullopt;
  return std::make_pair(byte_of(s, start), byte_of(s, end));
}
inline int64_t find_in_window(const std::string& s, const Args& a, const char* fn, bool reverse) {
  const std::string& sub = str_arg(a, 0, fn);
  auto w = search_window(s, a, 1, fn);
  if (!w || w->second - w->first < sub.size()) return -1;
  size_t p = reverse ? s.rfind(sub, w->second - sub.size()) : s.find(sub, w->first);
  if (p == std::string::npos || p < w->first || p + sub.size() > w->second) return -1;
  return code_point_of(s, p);
}
inline bool affix_in_window(Interpreter& in, const std::string& s, const Args& a, const char* fn, bool at_end) {
  auto w = search_window(s, a, 1, fn);
  auto test = [&](const std::string& affix) {
    if (!w || w->second - w->first < affix.size()) return false;
    size_t at = at_end ? w->second - affix.size() : w->first;
    return s.compare(at, affix.size(), affix) == 0;
  };
  if (a.pos.empty()) expect_args(a, fn, 1, 3);
  if (auto* t = a.pos[0].as<TupleObject>()) {
    for (const auto& p : t->items)
      if (test(str(in, p))) return true;
    return false;
  }
  return test(str_arg(a, 0, fn));
}

// str.splitlines: lines end at \n, \r\n, \r, \v, \f, \x1c-\x1e, \x85,
// U+2028 and U+2029 (minimal, for argparse's raw formatters; helper
// "core" rewrites str_methods.cpp).
inline std::vector<Value> split_lines(const std::string& s, bool keepends) {
  std::vector<Value> out;
  size_t begin = 0;
  for (size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    size_t width = 0;
    if (c == '\r') width = i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
    else if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e)) width = 1;
    else if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x85) width = 2;
    else if (c == 0xE2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
             (static_cast<unsigned char>(s[i + 2]) & 0xFE) == 0xA8)
      width = 3;
    if (!width) {
      ++i;
      continue;
    }
    out.push_back(make_str(s.substr(begin, (keepends ? i + width : i) - begin)));
    i += width;
    begin = i;
  }
  if (begin < s.size()) out.push_back(make_str(s.substr(begin)));
  return out;
}

}  // namespace backstep::rt::str_search

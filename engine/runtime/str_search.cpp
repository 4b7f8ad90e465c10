#include "engine/runtime/big_int.h"
#include "engine/runtime/str_search.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/str_chars.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt::str_search {

using namespace text;

void expect_no_kwargs_named(const Args& a, const char* fn) {
  if (!a.kw.empty()) raise_type_error(fmt::format("str.{}() takes no keyword arguments", fn));
}

int64_t int_arg(Interpreter& in, const Value& v) {
  if (v.is_int_like()) return v.to_int();
  if (!type_of(v).slots.index) raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  return to_index(in, v);
}

const std::string& str_arg(const Args& a, size_t i, const char* fn) {
  if (i >= a.pos.size()) raise_type_error(fmt::format("{}() takes at least {} argument", fn, i + 1));
  auto* s = a.pos[i].as<StrObject>();
  if (!s) raise_type_error(fmt::format("must be str, not {}", type_name(a.pos[i])));
  return s->value;
}

namespace {

// Argument counts as CPython words them for methods parsed with "O|OO:name".
void check_count(const Args& a, const char* fn, size_t min, size_t max) {
  expect_no_kwargs_named(a, fn);
  size_t n = a.pos.size();
  if (n < min)
    raise_type_error(fmt::format("{}() takes {} {} argument{} ({} given)", fn, min == max ? "exactly" : "at least",
                                 min, min == 1 ? "" : "s", n));
  if (n > max) {
    if (max == 0) raise_type_error(fmt::format("str.{}() takes no arguments ({} given)", fn, n));
    raise_type_error(fmt::format("{}() takes {} {} argument{} ({} given)", fn, min == max ? "exactly" : "at most", max,
                                 max == 1 ? "" : "s", n));
  }
}

// A start or end argument: None or anything with __index__.
int64_t slice_index(Interpreter& in, const Value& v, int64_t dflt) {
  if (v.is_none()) return dflt;
  if (v.is_int_like()) return v.to_int();
  const TypeObject& t = type_of(v);
  if (t.slots.index) return index_clamped(t.slots.index(in, v));
  raise_type_error("slice indices must be integers or None or have an __index__ method");
}

// The [start, end) window of find/count/startswith, clamped as CPython's
// ADJUST_INDICES does (code points).
struct Window {
  int64_t start, end;
};
Window window(Interpreter& in, const Args& a, size_t first, int64_t len) {
  int64_t start = a.pos.size() > first ? slice_index(in, a.pos[first], 0) : 0;
  int64_t end = a.pos.size() > first + 1 ? slice_index(in, a.pos[first + 1], len) : len;
  if (end > len) {
    end = len;
  } else if (end < 0) {
    end = std::max<int64_t>(end + len, 0);
  }
  if (start < 0) start = std::max<int64_t>(start + len, 0);
  return {start, end};
}

// find/rfind/index/rindex: the code-point index of `sub` in the window, or -1.
int64_t find_sub(Interpreter& in, const StrObject& self, const Args& a, const char* fn, bool reverse) {
  check_count(a, fn, 1, 3);
  const std::string& sub = str_arg(a, 0, fn);
  Text t(self.value);
  auto [start, end] = window(in, a, 1, t.len);
  int64_t sub_len = cp_count(sub);
  if (end - start < sub_len) return -1;
  if (sub_len == 0) return reverse ? end : start;
  size_t b0 = t.byte(start), b1 = t.byte(end);
  std::string_view hay = std::string_view(self.value).substr(b0, b1 - b0);
  size_t p = reverse ? hay.rfind(sub) : hay.find(sub);
  if (p == std::string_view::npos) return -1;
  return t.cp(b0 + p);
}

// startswith/endswith: prefix (or suffix) matched within the window.
Value tail_match(Interpreter& in, const StrObject& self, const Args& a, const char* fn, bool at_end) {
  check_count(a, fn, 1, 3);
  Text t(self.value);
  // Named, not a structured binding: clang before 16 (the fuzz build's)
  // cannot capture structured bindings in a lambda.
  const Window w = window(in, a, 1, t.len);
  const int64_t start = w.start, end = w.end;
  auto match = [&](const std::string& sub) {
    int64_t sub_len = cp_count(sub);
    if (end - sub_len < start) return false;
    if (sub_len == 0) return true;
    size_t b = at_end ? t.byte(end - sub_len) : t.byte(start);
    return self.value.compare(b, sub.size(), sub) == 0;
  };
  if (auto* tuple = a.pos[0].as<TupleObject>()) {
    for (const auto& item : tuple->items) {
      auto* s = item.as<StrObject>();
      if (!s) raise_type_error(fmt::format("tuple for {} must only contain str, not {}", fn, type_name(item)));
      if (match(s->value)) return true;
    }
    return false;
  }
  auto* s = a.pos[0].as<StrObject>();
  if (!s) raise_type_error(fmt::format("{} first arg must be str or a tuple of str, not {}", fn, type_name(a.pos[0])));
  return match(s->value);
}

// strip/lstrip/rstrip: whitespace, or the code points of `chars`.
std::string strip_chars(const std::string& s, const Args& a, bool left, bool right, const char* fn) {
  expect_no_kwargs_named(a, fn);
  if (a.pos.size() > 1) raise_type_error(fmt::format("{} expected at most 1 argument, got {}", fn, a.pos.size()));
  std::vector<uint32_t> chars;
  bool whitespace = a.pos.empty() || a.pos[0].is_none();
  if (!whitespace) {
    auto* c = a.pos[0].as<StrObject>();
    if (!c) raise_type_error(fmt::format("{} arg must be None or str", fn));
    chars = decode(c->value);
  }
  auto strip_this = [&](uint32_t c) {
    return whitespace ? cp_space(c) : std::find(chars.begin(), chars.end(), c) != chars.end();
  };
  size_t b = 0, e = s.size();
  if (left) {
    while (b < e) {
      size_t next = b;
      if (!strip_this(decode_at(s, next))) break;
      b = next;
    }
  }
  if (right) {
    while (e > b) {
      size_t start = e - 1;
      while (start > b && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
      size_t probe = start;
      if (!strip_this(decode_at(s, probe))) break;
      e = start;
    }
  }
  return s.substr(b, e - b);
}

Value split(Interpreter&, StrObject& self, Args& a, bool from_right) {
  const char* fn = from_right ? "rsplit" : "split";
  if (a.pos.size() > 2) raise_type_error(fmt::format("{}() takes at most 2 arguments ({} given)", fn, a.pos.size()));
  for (const auto& k : a.kw)
    if (k.name != "sep" && k.name != "maxsplit")
      raise_type_error(fmt::format("{}() got an unexpected keyword argument '{}'", fn, k.name));
  const std::string& s = self.value;
  const Value* sep_v = arg_or_kw(a, 0, "sep");
  const Value* max_v = arg_or_kw(a, 1, "maxsplit");
  int64_t maxsplit = max_v ? max_v->to_int() : -1;
  std::vector<std::string> parts;
  if (!sep_v || sep_v->is_none()) {
    // Whitespace split: runs of whitespace separate, no empty strings.
    std::vector<std::pair<size_t, size_t>> words;  // byte ranges
    auto space_at = [&](size_t i, size_t& next) {
      next = i;
      return cp_space(decode_at(s, next));
    };
    for (size_t i = 0; i < s.size();) {
      size_t next;
      while (i < s.size() && space_at(i, next)) i = next;
      size_t b = i;
      while (i < s.size() && !space_at(i, next)) i = next;
      if (i > b) words.emplace_back(b, i);
    }
    // Once maxsplit words are split off, the rest is one part: from the next
    // word to the end (rsplit: from the start), whitespace and all.
    if (maxsplit >= 0 && static_cast<int64_t>(words.size()) > maxsplit) {
      if (!from_right) {
        for (int64_t k = 0; k < maxsplit; ++k) parts.push_back(s.substr(words[k].first, words[k].second - words[k].first));
        parts.push_back(s.substr(words[static_cast<size_t>(maxsplit)].first));
      } else {
        size_t keep = words.size() - static_cast<size_t>(maxsplit);
        parts.push_back(s.substr(0, words[keep - 1].second));
        for (size_t k = keep; k < words.size(); ++k) parts.push_back(s.substr(words[k].first, words[k].second - words[k].first));
      }
    } else {
      for (auto& [b, e] : words) parts.push_back(s.substr(b, e - b));
    }
  } else {
    auto* sep_s = sep_v->as<StrObject>();
    if (!sep_s) raise_type_error(fmt::format("must be str or None, not {}", type_name(*sep_v)));
    const std::string& sep = sep_s->value;
    if (sep.empty()) raise_value_error("empty separator");
    if (!from_right) {
      size_t pos = 0;
      int64_t n = 0;
      while (true) {
        size_t hit = (maxsplit < 0 || n < maxsplit) ? s.find(sep, pos) : std::string::npos;
        if (hit == std::string::npos) {
          parts.push_back(s.substr(pos));
          break;
        }
        parts.push_back(s.substr(pos, hit - pos));
        pos = hit + sep.size();
        ++n;
      }
    } else {
      size_t end = s.size();
      int64_t n = 0;
      while (true) {
        size_t hit = (maxsplit < 0 || n < maxsplit) && end >= sep.size() ? s.rfind(sep, end - sep.size()) : std::string::npos;
        if (hit == std::string::npos) {
          parts.push_back(s.substr(0, end));
          break;
        }
        parts.push_back(s.substr(hit + sep.size(), end - hit - sep.size()));
        end = hit;
        ++n;
      }
      std::reverse(parts.begin(), parts.end());
    }
  }
  std::vector<Value> out;
  for (auto& p : parts) out.push_back(make_str(std::move(p)));
  return make_list(std::move(out));
}

Value splitlines(Interpreter& in, StrObject& self, Args& a) {
  if (a.pos.size() > 1) raise_type_error(fmt::format("splitlines() takes at most 1 argument ({} given)", a.pos.size()));
  for (const auto& k : a.kw)
    if (k.name != "keepends") raise_type_error(fmt::format("splitlines() got an unexpected keyword argument '{}'", k.name));
  const Value* keep_v = arg_or_kw(a, 0, "keepends");
  bool keepends = keep_v && truthy(in, *keep_v);
  const std::string& s = self.value;
  std::vector<Value> out;
  size_t line_start = 0;
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    uint32_t c = decode_at(s, i);
    if (!cp_line_break(c)) continue;
    if (c == '\r' && i < s.size() && s[i] == '\n') ++i;
    out.push_back(make_str(s.substr(line_start, (keepends ? i : at) - line_start)));
    line_start = i;
  }
  if (line_start < s.size()) out.push_back(make_str(s.substr(line_start)));
  return make_list(std::move(out));
}

// ljust/rjust/center: width in code points, one fill character.

Value partition(StrObject& self, Args& a, bool from_right) {
  const char* fn = from_right ? "rpartition" : "partition";
  expect_no_kwargs_named(a, fn);
  if (a.pos.size() != 1)
    raise_type_error(fmt::format("str.{}() takes exactly one argument ({} given)", fn, a.pos.size()));
  const std::string& sep = str_arg(a, 0, fn);
  if (sep.empty()) raise_value_error("empty separator");
  const std::string& s = self.value;
  size_t p = from_right ? s.rfind(sep) : s.find(sep);
  if (p == std::string::npos) {
    if (from_right) return make_tuple({make_str(""), make_str(""), make_str(s)});
    return make_tuple({make_str(s), make_str(""), make_str("")});
  }
  return make_tuple({make_str(s.substr(0, p)), make_str(sep), make_str(s.substr(p + sep.size()))});
}

Value replace(Interpreter& in, StrObject& self, Args& a) {
  expect_no_kwargs_named(a, "replace");
  expect_args(a, "replace", 2, 3);
  for (size_t i = 0; i < 2; ++i)
    if (!a.pos[i].as<StrObject>())
      raise_type_error(fmt::format("replace() argument {} must be str, not {}", i + 1, type_name(a.pos[i])));
  const std::string& s = self.value;
  const std::string& from = a.pos[0].as<StrObject>()->value;
  const std::string& to = a.pos[1].as<StrObject>()->value;
  int64_t count = a.pos.size() > 2 ? int_arg(in, a.pos[2]) : -1;
  std::string out;
  if (from.empty()) {
    // Between every character, and at both ends.
    int64_t n = 0;
    size_t i = 0;
    for (; i <= s.size(); ++n) {
      if (count >= 0 && n >= count) break;
      out += to;
      if (i == s.size()) {
        ++i;
        break;
      }
      size_t w = std::min(utf8_width(static_cast<unsigned char>(s[i])), s.size() - i);
      out.append(s, i, w);
      i += w;
    }
    if (i < s.size()) out.append(s, i, std::string::npos);
    return make_str(out);
  }
  size_t pos = 0;
  for (int64_t n = 0; count < 0 || n < count; ++n) {
    size_t hit = s.find(from, pos);
    if (hit == std::string::npos) break;
    out.append(s, pos, hit - pos);
    out += to;
    pos = hit + from.size();
  }
  out.append(s, pos, std::string::npos);
  return make_str(out);
}

}  // namespace

const std::vector<std::pair<const std::string_view, Method>>& methods() {
  static const std::vector<std::pair<const std::string_view, Method>> table{
      {"split", [](Interpreter& in, StrObject& self, Args& a) { return split(in, self, a, false); }},
      {"rsplit", [](Interpreter& in, StrObject& self, Args& a) { return split(in, self, a, true); }},
      {"splitlines", &splitlines},
      {"strip", [](Interpreter&, StrObject& self, Args& a) { return make_str(strip_chars(self.value, a, true, true, "strip")); }},
      {"lstrip", [](Interpreter&, StrObject& self, Args& a) { return make_str(strip_chars(self.value, a, true, false, "lstrip")); }},
      {"rstrip", [](Interpreter&, StrObject& self, Args& a) { return make_str(strip_chars(self.value, a, false, true, "rstrip")); }},
      {"startswith", [](Interpreter& in, StrObject& self, Args& a) { return tail_match(in, self, a, "startswith", false); }},
      {"endswith", [](Interpreter& in, StrObject& self, Args& a) { return tail_match(in, self, a, "endswith", true); }},
      {"replace", &replace},
      {"find", [](Interpreter& in, StrObject& self, Args& a) -> Value { return find_sub(in, self, a, "find", false); }},
      {"rfind", [](Interpreter& in, StrObject& self, Args& a) -> Value { return find_sub(in, self, a, "rfind", true); }},
      {"index", [](Interpreter& in, StrObject& self, Args& a) -> Value {
         int64_t p = find_sub(in, self, a, "index", false);
         if (p < 0) raise_value_error("substring not found");
         return p;
       }},
      {"rindex", [](Interpreter& in, StrObject& self, Args& a) -> Value {
         int64_t p = find_sub(in, self, a, "rindex", true);
         if (p < 0) raise_value_error("substring not found");
         return p;
       }},
      {"count", [](Interpreter& in, StrObject& self, Args& a) -> Value {
         check_count(a, "count", 1, 3);
         const std::string& sub = str_arg(a, 0, "count");
         Text t(self.value);
         auto [start, end] = window(in, a, 1, t.len);
         int64_t sub_len = cp_count(sub);
         if (end - start < sub_len) return int64_t(0);
         if (sub_len == 0) return end - start + 1;
         size_t b0 = t.byte(start), b1 = t.byte(end);
         std::string_view hay = std::string_view(self.value).substr(b0, b1 - b0);
         int64_t n = 0;
         for (size_t p = hay.find(sub); p != std::string_view::npos; p = hay.find(sub, p + sub.size())) ++n;
         return n;
       }},
      {"partition", [](Interpreter&, StrObject& self, Args& a) { return partition(self, a, false); }},
      {"rpartition", [](Interpreter&, StrObject& self, Args& a) { return partition(self, a, true); }},
  };
  return table;
}

}  // namespace backstep::rt::str_search

// The methods of bytes (decode, hex, fromhex, split, join, find, replace,
// strip, ...) and str.encode, with CPython's codecs for utf-8, ascii and
// latin-1 and their error messages.
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {
namespace {

const std::string& self_data(const Value& v) { return *bytes_data(v); }

[[noreturn]] void raise_named(const char* name, const std::string& message) {
  for (TypeObject* t : all_exception_types())
    if (t->name() == name) raise(*t, message);
  raise_value_error(message);
}

// Codec names as Python normalises them: "UTF-8", "utf_8", "utf8" -> "utf-8".
std::string codec(Interpreter& in, const Args& a, size_t index, const char* kw) {
  const Value* v = arg_or_kw(a, index, kw);
  if (!v) return "utf-8";
  std::string name;
  for (char c : str(in, *v)) name += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (name == "utf8") return "utf-8";
  if (name == "latin1" || name == "latin-1" || name == "iso-8859-1" || name == "iso8859-1" || name == "l1") return "latin-1";
  if (name == "ascii" || name == "us-ascii") return "ascii";
  if (name == "utf-8") return name;
  raise_named("LookupError", "unknown encoding: " + str(in, *v));
}

std::string errors_arg(Interpreter& in, const Args& a, size_t index) {
  const Value* v = arg_or_kw(a, index, "errors");
  return v ? str(in, *v) : "strict";
}

// The length of the UTF-8 sequence at data[i], or the reason it is invalid.
size_t utf8_sequence(const std::string& d, size_t i, const char** reason) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(d[k]); };
  unsigned char c = byte(i);
  size_t n = c < 0x80 ? 1 : (c >= 0xC2 && c <= 0xDF) ? 2 : (c >= 0xE0 && c <= 0xEF) ? 3 : (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
  if (n == 0) {
    *reason = "invalid start byte";
    return 0;
  }
  for (size_t k = 1; k < n; ++k) {
    if (i + k >= d.size()) {
      *reason = "unexpected end of data";
      return 0;
    }
    unsigned char x = byte(i + k);
    bool ok = x >= 0x80 && x <= 0xBF;
    if (k == 1 && c == 0xE0) ok = x >= 0xA0 && x <= 0xBF;
    if (k == 1 && c == 0xED) ok = x >= 0x80 && x <= 0x9F;
    if (k == 1 && c == 0xF0) ok = x >= 0x90 && x <= 0xBF;
    if (k == 1 && c == 0xF4) ok = x >= 0x80 && x <= 0x8F;
    if (!ok) {
      *reason = "invalid continuation byte";
      return 0;
    }
  }
  return n;
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

Value decode(Interpreter& in, const Value& self, Args& a) {
  const std::string& d = self_data(self);
  std::string enc = codec(in, a, 0, "encoding");
  std::string errors = errors_arg(in, a, 1);
  std::string out;
  for (size_t i = 0; i < d.size();) {
    auto c = static_cast<unsigned char>(d[i]);
    const char* reason = "ordinal not in range(128)";
    size_t n = enc == "utf-8" ? utf8_sequence(d, i, &reason) : (enc == "ascii" && c >= 0x80) ? 0 : 1;
    if (n > 0) {
      if (enc == "latin-1") append_utf8(out, c);
      else out.append(d, i, n);
      i += n;
      continue;
    }
    if (errors == "strict")
      raise_named("UnicodeDecodeError", fmt::format("'{}' codec can't decode byte 0x{:02x} in position {}: {}", enc, c, i, reason));
    if (errors == "replace") append_utf8(out, 0xFFFD);
    else if (errors != "ignore") raise_named("LookupError", "unknown error handler name '" + errors + "'");
    ++i;
  }
  return make_str(std::move(out));
}

Value encode(Interpreter& in, const Value& self, Args& a) {
  const std::string& s = self.as<StrObject>()->value;
  std::string enc = codec(in, a, 0, "encoding");
  std::string errors = errors_arg(in, a, 1);
  if (enc == "utf-8") return make_bytes(s);
  uint32_t limit = enc == "ascii" ? 0x80 : 0x100;
  std::string out;
  size_t position = 0;
  for (size_t i = 0; i < s.size(); ++position) {
    auto c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t cp = n == 1 ? c : c & (0x7F >> n);
    for (size_t k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += n;
    if (cp < limit) {
      out += static_cast<char>(cp);
      continue;
    }
    if (errors == "strict") {
      std::string shown = cp <= 0xFF ? fmt::format("\\x{:02x}", cp) : cp <= 0xFFFF ? fmt::format("\\u{:04x}", cp) : fmt::format("\\U{:08x}", cp);
      raise_named("UnicodeEncodeError", fmt::format("'{}' codec can't encode character '{}' in position {}: ordinal not in range({})",
                                                    enc, shown, position, limit));
    }
    if (errors == "replace") out += '?';
    else if (errors != "ignore") raise_named("LookupError", "unknown error handler name '" + errors + "'");
  }
  return make_bytes(std::move(out));
}

Value starts_or_ends(const Value& self, Args& a, bool starts) {
  const char* fn = starts ? "startswith" : "endswith";
  expect_args(a, fn, 1, 1);
  const std::string& d = self_data(self);
  auto test = [&](const std::string& p) {
    return p.size() <= d.size() && (starts ? d.compare(0, p.size(), p) == 0 : d.compare(d.size() - p.size(), p.size(), p) == 0);
  };
  if (auto* t = a.pos[0].as<TupleObject>()) {
    for (const Value& item : t->items)
      if (test(bytes_arg(item))) return true;
    return false;
  }
  if (!bytes_data(a.pos[0]))
    raise_type_error(fmt::format("{} first arg must be bytes or a tuple of bytes, not {}", fn, type_name(a.pos[0])));
  return test(*bytes_data(a.pos[0]));
}

// The needle of find/index/count: bytes or one byte as an int.
std::string needle(Interpreter& in, const Value& v) {
  if (const std::string* d = bytes_data(v)) return *d;
  if (!v.is_int_like()) raise_type_error(fmt::format("argument should be integer or bytes-like object, not '{}'", type_name(v)));
  int64_t n = to_index(in, v);
  if (n < 0 || n > 255) raise_value_error("byte must be in range(0, 256)");
  return std::string(1, static_cast<char>(n));
}


Value split(Interpreter& in, const Value& self, Args& a) {
  const std::string& d = self_data(self);
  const Value* sep = arg_or_kw(a, 0, "sep");
  const Value* max = arg_or_kw(a, 1, "maxsplit");
  int64_t maxsplit = max ? to_index(in, *max) : -1;
  std::vector<Value> parts;
  if (!sep || sep->is_none()) {
    size_t i = 0;
    while (true) {
      while (i < d.size() && is_ascii_space(d[i])) ++i;
      if (i >= d.size()) break;
      if (maxsplit >= 0 && static_cast<int64_t>(parts.size()) >= maxsplit) {
        size_t end = d.size();
        while (end > i && is_ascii_space(d[end - 1])) --end;
        parts.push_back(make_bytes(d.substr(i, end - i)));
        break;
      }
      size_t j = i;
      while (j < d.size() && !is_ascii_space(d[j])) ++j;
      parts.push_back(make_bytes(d.substr(i, j - i)));
      i = j;
    }
    return make_list(std::move(parts));
  }
  const std::string& s = bytes_arg(*sep);
  if (s.empty()) raise_value_error("empty separator");
  size_t start = 0;
  for (size_t k; (maxsplit < 0 || static_cast<int64_t>(parts.size()) < maxsplit) && (k = d.find(s, start)) != std::string::npos;
       start = k + s.size())
    parts.push_back(make_bytes(d.substr(start, k - start)));
  parts.push_back(make_bytes(d.substr(start)));
  return make_list(std::move(parts));
}

Value strip(Interpreter&, const Value& self, Args& a, bool left, bool right) {
  const std::string& d = self_data(self);
  const Value* chars = a.pos.empty() ? nullptr : &a.pos[0];
  auto strip_it = [&](char c) {
    if (!chars || chars->is_none()) return is_ascii_space(c);
    return bytes_arg(*chars).find(c) != std::string::npos;
  };
  size_t b = 0, e = d.size();
  if (left)
    while (b < e && strip_it(d[b])) ++b;
  if (right)
    while (e > b && strip_it(d[e - 1])) --e;
  return make_bytes(d.substr(b, e - b));
}

Value find(Interpreter& in, const Value& self, Args& a, bool raise_missing, bool reverse) {
  expect_args(a, raise_missing ? (reverse ? "rindex" : "index") : (reverse ? "rfind" : "find"), 1, 3);
  const std::string& d = self_data(self);
  std::string n = needle(in, a.pos[0]);
  auto size = static_cast<int64_t>(d.size());
  auto clamp = [&](int64_t i) { return std::clamp<int64_t>(i < 0 ? i + size : i, 0, size); };
  int64_t start = a.pos.size() > 1 && !a.pos[1].is_none() ? clamp(to_index(in, a.pos[1])) : 0;
  int64_t end = a.pos.size() > 2 && !a.pos[2].is_none() ? clamp(to_index(in, a.pos[2])) : size;
  int64_t found = -1;
  if (end - start >= static_cast<int64_t>(n.size())) {
    std::string window = d.substr(static_cast<size_t>(start), static_cast<size_t>(end - start));
    size_t k = reverse ? window.rfind(n) : window.find(n);
    if (k != std::string::npos) found = start + static_cast<int64_t>(k);
  }
  if (found < 0 && raise_missing) raise_value_error("subsection not found");
  return Value(found);
}

Value hex(Interpreter& in, const Value& self, Args& a) {
  const std::string& d = self_data(self);
  std::string sep = a.pos.empty() ? "" : str(in, a.pos[0]);
  std::string out;
  for (size_t i = 0; i < d.size(); ++i) {
    if (i && !sep.empty()) out += sep;
    out += fmt::format("{:02x}", static_cast<unsigned char>(d[i]));
  }
  return make_str(std::move(out));
}

Value fromhex(Interpreter&, Args& a) {
  expect_args(a, "fromhex", 1, 1);
  auto* s = a.pos[0].as<StrObject>();
  if (!s) raise_type_error(fmt::format("fromhex() argument must be str, not {}", type_name(a.pos[0])));
  const std::string& t = s->value;
  auto digit = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1; };
  std::string out;
  for (size_t i = 0; i < t.size();) {
    if (is_ascii_space(t[i])) {
      ++i;
      continue;
    }
    int hi = digit(t[i]);
    if (hi < 0) raise_value_error(fmt::format("non-hexadecimal number found in fromhex() arg at position {}", i));
    int lo = i + 1 < t.size() ? digit(t[i + 1]) : -1;
    if (lo < 0) raise_value_error(fmt::format("non-hexadecimal number found in fromhex() arg at position {}", i + 1));
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return make_bytes(std::move(out));
}

template <int (*F)(int)>
Value map_chars(Interpreter&, const Value& self, Args&) {
  std::string d = self_data(self);
  for (char& c : d)
    if (static_cast<unsigned char>(c) < 0x80) c = static_cast<char>(F(c));
  return make_bytes(std::move(d));
}

}  // namespace

void install_more_bytes_methods(TypeObject& t);  // bytes_more_methods.cpp

void install_bytes_methods(TypeObject& t) {
  install_more_bytes_methods(t);
  add_method(t, "decode", &decode);
  add_method(*mutable_types().str, "encode", &encode);
  add_method(t, "hex", &hex);
  t.set_class_attr("fromhex", make_builtin("fromhex", &fromhex));
  add_method(t, "startswith", [](Interpreter&, const Value& s, Args& a) { return starts_or_ends(s, a, true); });
  add_method(t, "endswith", [](Interpreter&, const Value& s, Args& a) { return starts_or_ends(s, a, false); });
  add_method(t, "split", &split);
  add_method(t, "join", [](Interpreter& in, const Value& self, Args& a) {
    expect_args(a, "join", 1, 1);
    std::string out;
    size_t i = 0;
    for_each(in, a.pos[0], [&](const Value& item) {
      const std::string* d = bytes_data(item);
      if (!d) raise_type_error(fmt::format("sequence item {}: expected a bytes-like object, {} found", i, type_name(item)));
      if (i++) out += self_data(self);
      out += *d;
      return true;
    });
    return make_bytes(std::move(out));
  });
  add_method(t, "find", [](Interpreter& in, const Value& s, Args& a) { return find(in, s, a, false, false); });
  add_method(t, "rfind", [](Interpreter& in, const Value& s, Args& a) { return find(in, s, a, false, true); });
  add_method(t, "index", [](Interpreter& in, const Value& s, Args& a) { return find(in, s, a, true, false); });
  add_method(t, "rindex", [](Interpreter& in, const Value& s, Args& a) { return find(in, s, a, true, true); });
  add_method(t, "count", [](Interpreter& in, const Value& self, Args& a) {
    expect_args(a, "count", 1, 1);
    const std::string& d = self_data(self);
    std::string n = needle(in, a.pos[0]);
    if (n.empty()) return Value(static_cast<int64_t>(d.size() + 1));
    int64_t c = 0;
    for (size_t k = d.find(n); k != std::string::npos; k = d.find(n, k + n.size())) ++c;
    return Value(c);
  });
  add_method(t, "replace", [](Interpreter& in, const Value& self, Args& a) {
    expect_args(a, "replace", 2, 3);
    const std::string& d = self_data(self);
    const std::string& old = bytes_arg(a.pos[0]);
    const std::string& rep = bytes_arg(a.pos[1]);
    int64_t max = a.pos.size() > 2 ? to_index(in, a.pos[2]) : -1;
    std::string out;
    size_t start = 0;
    for (int64_t n = 0; max < 0 || n < max; ++n) {
      size_t k = old.empty() ? (start <= d.size() && (n == 0 || start < d.size() + 1) ? start : std::string::npos) : d.find(old, start);
      if (k == std::string::npos || (old.empty() && k > d.size())) break;
      out.append(d, start, k - start);
      out += rep;
      if (old.empty()) {
        if (k < d.size()) out += d[k];
        start = k + 1;
        if (start > d.size()) break;
      } else {
        start = k + old.size();
      }
    }
    if (start <= d.size()) out.append(d, start, std::string::npos);
    return make_bytes(std::move(out));
  });
  add_method(t, "strip", [](Interpreter& in, const Value& s, Args& a) { return strip(in, s, a, true, true); });
  add_method(t, "lstrip", [](Interpreter& in, const Value& s, Args& a) { return strip(in, s, a, true, false); });
  add_method(t, "rstrip", [](Interpreter& in, const Value& s, Args& a) { return strip(in, s, a, false, true); });
  add_method(t, "upper", &map_chars<std::toupper>);
  add_method(t, "lower", &map_chars<std::tolower>);
  add_method(t, "isdigit", [](Interpreter&, const Value& self, Args&) {
    const std::string& d = self_data(self);
    return Value(!d.empty() && std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; }));
  });
}

}  // namespace backstep::rt

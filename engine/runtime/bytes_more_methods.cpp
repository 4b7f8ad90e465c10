// More of bytes' methods, with CPython's ASCII-only rules and messages:
// padding (ljust, rjust, center, zfill), removeprefix/removesuffix,
// partition/rpartition, rsplit, splitlines, expandtabs, translate and
// maketrans, the is* tests and the case changes (capitalize, swapcase,
// title). bytearray shares them (bytearray_object.cpp), results made
// bytearrays.
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cctype>

namespace backstep::rt {
namespace {

const std::string& data(const Value& v) { return *bytes_data(v); }

bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
bool is_alpha(unsigned char c) { return is_lower(c) || is_upper(c); }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
char to_lower(unsigned char c) { return is_upper(c) ? static_cast<char>(c + 32) : static_cast<char>(c); }
char to_upper(unsigned char c) { return is_lower(c) ? static_cast<char>(c - 32) : static_cast<char>(c); }

Value pad(Interpreter& in, const Value& self, Args& a, const char* name, int how) {
  expect_args(a, name, 1, 2);
  int64_t width = to_index(in, a.pos[0]);
  char fill = ' ';
  if (a.pos.size() > 1) {
    const std::string* f = bytes_data(a.pos[1]);
    if (!f || f->size() != 1)
      raise_type_error(fmt::format("{}() argument 2 must be a byte string of length 1, not {}", name,
                                   type_name(a.pos[1])));
    fill = (*f)[0];
  }
  const std::string& d = data(self);
  int64_t n = static_cast<int64_t>(d.size());
  if (width <= n) return make_bytes(d);
  int64_t padding = width - n, left = 0;
  if (how < 0) left = 0;
  else if (how > 0) left = padding;
  else left = padding / 2 + (padding & width & 1);
  return make_bytes(std::string(static_cast<size_t>(left), fill) + d +
                    std::string(static_cast<size_t>(padding - left), fill));
}

Value partition(const Value& self, Args& a, bool reverse) {
  expect_args(a, reverse ? "rpartition" : "partition", 1, 1);
  const std::string& d = data(self);
  const std::string& sep = bytes_arg(a.pos[0]);
  if (sep.empty()) raise_value_error("empty separator");
  size_t at = reverse ? d.rfind(sep) : d.find(sep);
  if (at == std::string::npos)
    return reverse ? make_tuple({make_bytes(""), make_bytes(""), make_bytes(d)})
                   : make_tuple({make_bytes(d), make_bytes(""), make_bytes("")});
  return make_tuple({make_bytes(d.substr(0, at)), make_bytes(sep), make_bytes(d.substr(at + sep.size()))});
}

Value rsplit(Interpreter& in, const Value& self, Args& a) {
  const Value* sep_v = arg_or_kw(a, 0, "sep");
  const Value* max_v = arg_or_kw(a, 1, "maxsplit");
  int64_t maxsplit = max_v ? to_index(in, *max_v) : -1;
  const std::string& d = data(self);
  std::vector<std::string> parts;
  if (!sep_v || sep_v->is_none()) {
    int64_t end = static_cast<int64_t>(d.size());
    while (true) {
      while (end > 0 && is_ascii_space(static_cast<unsigned char>(d[static_cast<size_t>(end - 1)]))) --end;
      if (end == 0) break;
      int64_t start = end;
      if (maxsplit >= 0 && static_cast<int64_t>(parts.size()) == maxsplit) {
        parts.push_back(d.substr(0, static_cast<size_t>(end)));
        break;
      }
      while (start > 0 && !is_ascii_space(static_cast<unsigned char>(d[static_cast<size_t>(start - 1)]))) --start;
      parts.push_back(d.substr(static_cast<size_t>(start), static_cast<size_t>(end - start)));
      end = start;
    }
  } else {
    const std::string& sep = bytes_arg(*sep_v);
    if (sep.empty()) raise_value_error("empty separator");
    size_t end = d.size();
    while (maxsplit < 0 || static_cast<int64_t>(parts.size()) < maxsplit) {
      size_t at = end >= sep.size() ? d.rfind(sep, end - sep.size()) : std::string::npos;
      if (at == std::string::npos) break;
      parts.push_back(d.substr(at + sep.size(), end - at - sep.size()));
      end = at;
    }
    parts.push_back(d.substr(0, end));
  }
  std::vector<Value> out;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) out.push_back(make_bytes(*it));
  return make_list(std::move(out));
}

Value splitlines(Interpreter& in, const Value& self, Args& a) {
  const Value* keep_v = arg_or_kw(a, 0, "keepends");
  bool keep = keep_v && truthy(in, *keep_v);
  const std::string& d = data(self);
  std::vector<Value> out;
  size_t start = 0, i = 0;
  while (i < d.size()) {
    if (d[i] == '\n' || d[i] == '\r') {
      size_t eol = i + ((d[i] == '\r' && i + 1 < d.size() && d[i + 1] == '\n') ? 2 : 1);
      out.push_back(make_bytes(d.substr(start, (keep ? eol : i) - start)));
      start = i = eol;
    } else {
      ++i;
    }
  }
  if (start < d.size()) out.push_back(make_bytes(d.substr(start)));
  return make_list(std::move(out));
}

Value translate(const Value& self, Args& a) {
  expect_args(a, "translate", 1, 2);
  const std::string* table = a.pos[0].is_none() ? nullptr : &bytes_arg(a.pos[0]);
  if (table && table->size() != 256) raise_value_error("translation table must be 256 characters long");
  std::string del = a.pos.size() > 1 ? bytes_arg(a.pos[1]) : std::string();
  std::string out;
  for (unsigned char c : data(self)) {
    if (del.find(static_cast<char>(c)) != std::string::npos) continue;
    out += table ? (*table)[c] : static_cast<char>(c);
  }
  return make_bytes(std::move(out));
}

// The is* tests: every byte passes (and there is one), ASCII only.
template <bool (*Test)(unsigned char)>
Value all_bytes(const Value& self) {
  const std::string& d = data(self);
  if (d.empty()) return Value(false);
  for (unsigned char c : d)
    if (!Test(c)) return Value(false);
  return Value(true);
}

bool is_alnum(unsigned char c) { return is_alpha(c) || is_digit(c); }

Value cased(const Value& self, bool want_lower) {
  bool any = false;
  for (unsigned char c : data(self)) {
    if (want_lower ? is_upper(c) : is_lower(c)) return Value(false);
    any = any || (want_lower ? is_lower(c) : is_upper(c));
  }
  return Value(any);
}

std::string title_case(const std::string& d, bool only_first) {
  std::string out;
  bool previous_cased = false;
  for (size_t i = 0; i < d.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(d[i]);
    if (only_first) out += i == 0 ? to_upper(c) : to_lower(c);
    else out += previous_cased ? to_lower(c) : to_upper(c);
    previous_cased = is_alpha(c);
  }
  return out;
}

void add_text_tests(TypeObject& t) {
  auto method0 = [&t](const char* name, Value (*fn)(const Value&)) {
    add_method(t, name, [name, fn](Interpreter&, const Value& self, Args& a) {
      expect_args(a, name, 0, 0);
      return fn(self);
    });
  };
  method0("isalnum", [](const Value& s) { return all_bytes<is_alnum>(s); });
  method0("isalpha", [](const Value& s) { return all_bytes<is_alpha>(s); });
  method0("isspace", [](const Value& s) { return all_bytes<is_ascii_space>(s); });
  method0("isascii", [](const Value& s) {
    for (unsigned char c : data(s))
      if (c >= 0x80) return Value(false);
    return Value(true);
  });
  method0("islower", [](const Value& s) { return cased(s, true); });
  method0("isupper", [](const Value& s) { return cased(s, false); });
  method0("istitle", [](const Value& s) {
    bool any_cased = false, previous_cased = false;
    for (unsigned char c : data(s)) {
      if (is_upper(c) || is_lower(c)) {
        if (is_upper(c) == previous_cased) return Value(false);  // upper after cased, or lower after uncased
        previous_cased = any_cased = true;
      } else {
        previous_cased = false;
      }
    }
    return Value(any_cased);
  });
  method0("capitalize", [](const Value& s) { return make_bytes(title_case(data(s), true)); });
  method0("title", [](const Value& s) { return make_bytes(title_case(data(s), false)); });
  method0("swapcase", [](const Value& s) {
    std::string out;
    for (unsigned char c : data(s)) out += is_upper(c) ? to_lower(c) : to_upper(c);
    return make_bytes(std::move(out));
  });
}

}  // namespace

void install_more_bytes_methods(TypeObject& t) {
  add_method(t, "ljust", [](Interpreter& in, const Value& s, Args& a) { return pad(in, s, a, "ljust", -1); });
  add_method(t, "rjust", [](Interpreter& in, const Value& s, Args& a) { return pad(in, s, a, "rjust", 1); });
  add_method(t, "center", [](Interpreter& in, const Value& s, Args& a) { return pad(in, s, a, "center", 0); });
  add_method(t, "zfill", [](Interpreter& in, const Value& self, Args& a) {
    expect_args(a, "zfill", 1, 1);
    const std::string& d = data(self);
    int64_t width = to_index(in, a.pos[0]);
    if (width <= static_cast<int64_t>(d.size())) return make_bytes(d);
    std::string out(static_cast<size_t>(width) - d.size(), '0');
    out += d;
    if (!d.empty() && (d[0] == '+' || d[0] == '-')) std::swap(out[0], out[static_cast<size_t>(width) - d.size()]);
    return make_bytes(std::move(out));
  });
  add_method(t, "removeprefix", [](Interpreter&, const Value& self, Args& a) {
    expect_args(a, "removeprefix", 1, 1);
    const std::string& d = data(self);
    const std::string& p = bytes_arg(a.pos[0]);
    return make_bytes(d.compare(0, p.size(), p) == 0 && d.size() >= p.size() ? d.substr(p.size()) : d);
  });
  add_method(t, "removesuffix", [](Interpreter&, const Value& self, Args& a) {
    expect_args(a, "removesuffix", 1, 1);
    const std::string& d = data(self);
    const std::string& p = bytes_arg(a.pos[0]);
    bool ends = !p.empty() && d.size() >= p.size() && d.compare(d.size() - p.size(), p.size(), p) == 0;
    return make_bytes(ends ? d.substr(0, d.size() - p.size()) : d);
  });
  add_method(t, "partition", [](Interpreter&, const Value& s, Args& a) { return partition(s, a, false); });
  add_method(t, "rpartition", [](Interpreter&, const Value& s, Args& a) { return partition(s, a, true); });
  add_method(t, "rsplit", &rsplit);
  add_method(t, "splitlines", &splitlines);
  add_method(t, "translate", [](Interpreter&, const Value& s, Args& a) { return translate(s, a); });
  add_method(t, "expandtabs", [](Interpreter& in, const Value& self, Args& a) {
    const Value* size_v = arg_or_kw(a, 0, "tabsize");
    int64_t tab = size_v ? to_index(in, *size_v) : 8;
    std::string out;
    int64_t column = 0;
    for (char c : data(self)) {
      if (c == '\t') {
        if (tab > 0) {
          int64_t n = tab - column % tab;
          out.append(static_cast<size_t>(n), ' ');
          column += n;
        }
      } else {
        out += c;
        column = (c == '\n' || c == '\r') ? 0 : column + 1;
      }
    }
    return make_bytes(std::move(out));
  });
  t.set_class_attr("maketrans", make_builtin("maketrans", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "maketrans", 2, 2);
    const std::string& from = bytes_arg(a.pos[0]);
    const std::string& to = bytes_arg(a.pos[1]);
    if (from.size() != to.size()) raise_value_error("maketrans arguments must have same length");
    std::string table(256, '\0');
    for (int i = 0; i < 256; ++i) table[static_cast<size_t>(i)] = static_cast<char>(i);
    for (size_t i = 0; i < from.size(); ++i) table[static_cast<unsigned char>(from[i])] = to[i];
    return make_bytes(std::move(table));
  }));
  add_text_tests(t);
}

}  // namespace backstep::rt

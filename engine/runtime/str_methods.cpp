// Methods of str.
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/str_format.h"
#include "engine/runtime/str_search.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/str_format.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {
namespace {

// str.isidentifier: a letter or '_' then letters, digits and '_'. Non-ASCII
// characters (UTF-8 bytes >= 0x80) count as letters, as most do in Python.
bool is_identifier(const std::string& s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    bool ok = c >= 0x80 || c == '_' || std::isalpha(c) || (i > 0 && std::isdigit(c));
    if (!ok) return false;
  }
  return true;
}

// str.istitle: uppercase letters only after uncased characters, lowercase
// only after cased ones, and at least one cased letter.
bool is_title(const std::string& s) {
  bool cased = false, previous_cased = false;
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    if (std::isupper(c)) {
      if (previous_cased) return false;
      previous_cased = cased = true;
    } else if (std::islower(c)) {
      if (!previous_cased) return false;
      previous_cased = cased = true;
    } else {
      previous_cased = false;
    }
  }
  return cased;
}

const std::string& str_arg(const Args& a, size_t i, const char* fn) {
  if (i >= a.pos.size()) raise_type_error(fmt::format("{}() takes at least {} argument", fn, i + 1));
  auto* s = a.pos[i].as<StrObject>();
  if (!s) raise_type_error(fmt::format("must be str, not {}", type_name(a.pos[i])));
  return s->value;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string strip_chars(const std::string& s, const Args& a, bool left, bool right) {
  auto strip_it = [&](auto pred) {
    size_t b = 0, e = s.size();
    if (left) while (b < e && pred(s[b])) ++b;
    if (right) while (e > b && pred(s[e - 1])) --e;
    return s.substr(b, e - b);
  };
  if (a.pos.empty() || a.pos[0].is_none()) return strip_it(is_space);
  const std::string& chars = str_arg(a, 0, "strip");
  return strip_it([&](char c) { return chars.find(c) != std::string::npos; });
}

Value split(Interpreter&, StrObject& self, Args& a, bool from_right) {
  const std::string& s = self.value;
  const Value* sep_v = arg_or_kw(a, 0, "sep");
  const Value* max_v = arg_or_kw(a, 1, "maxsplit");
  int64_t maxsplit = max_v ? max_v->to_int() : -1;
  std::vector<std::string> parts;
  if (!sep_v || sep_v->is_none()) {
    // Whitespace split: runs of whitespace separate, no empty strings.
    std::vector<std::pair<size_t, size_t>> words;
    for (size_t i = 0; i < s.size();) {
      while (i < s.size() && is_space(s[i])) ++i;
      size_t b = i;
      while (i < s.size() && !is_space(s[i])) ++i;
      if (i > b) words.emplace_back(b, i);
    }
    if (maxsplit >= 0 && static_cast<int64_t>(words.size()) > maxsplit + 1) {
      if (!from_right) {
        for (int64_t k = 0; k < maxsplit; ++k) parts.push_back(s.substr(words[k].first, words[k].second - words[k].first));
        size_t rest = words[static_cast<size_t>(maxsplit)].first;
        size_t end = s.find_last_not_of(" \t\n\r\f\v");
        parts.push_back(s.substr(rest, end + 1 - rest));
      } else {
        size_t keep = words.size() - static_cast<size_t>(maxsplit);
        size_t begin = s.find_first_not_of(" \t\n\r\f\v");
        parts.push_back(s.substr(begin, words[keep - 1].second - begin));
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

Value pad(StrObject& self, Args& a, char how) {
  int64_t width = a.pos.empty() ? 0 : a.pos[0].to_int();
  std::string fill = a.pos.size() > 1 ? str_arg(a, 1, "pad") : " ";
  int64_t len = 0;
  for (unsigned char c : self.value) len += (c & 0xC0) != 0x80;
  if (width <= len) return make_str(self.value);
  int64_t total = width - len, left = how == '<' ? 0 : how == '>' ? total : total / 2 + (total & width & 1);
  std::string out;
  for (int64_t i = 0; i < left; ++i) out += fill;
  out += self.value;
  for (int64_t i = 0; i < total - left; ++i) out += fill;
  return make_str(out);
}

template <class F>
Value test_chars(const std::string& s, F pred) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [&](char c) { return pred(static_cast<unsigned char>(c)); });
}

std::string map_case(const std::string& s, int (*f)(int)) {
  std::string out = s;
  for (auto& c : out) c = static_cast<char>(f(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string_view> code_points(const std::string& s);

const MethodTable<StrObject>& str_methods() {
  static const MethodTable<StrObject> table{
      {"join", [](Interpreter& in, StrObject& self, Args& a) -> Value {
         expect_args(a, "join", 1, 1);
         std::string out;
         bool first = true;
         for_each(in, a.pos[0], [&](const Value& v) {
           auto* s = v.as<StrObject>();
           if (!s) raise_type_error(fmt::format("sequence item {}: expected str instance, {} found", 0, type_name(v)));
           if (!first) out += self.value;
           first = false;
           out += s->value;
           return true;
         });
         return make_str(out);
       }},
      {"format", [](Interpreter& in, StrObject& self, Args& a) -> Value { return make_str(str_dot_format(in, self.value, a)); }},
      {"split", [](Interpreter& in, StrObject& self, Args& a) { return split(in, self, a, false); }},
      {"rsplit", [](Interpreter& in, StrObject& self, Args& a) { return split(in, self, a, true); }},
      {"splitlines", [](Interpreter& in, StrObject& self, Args& a) -> Value {
         auto b = bind_args(a, "splitlines", {"keepends"});
         return make_list(str_search::split_lines(self.value, bool_arg(in, b[0], false)));
       }},
      {"strip", [](Interpreter&, StrObject& self, Args& a) { return make_str(strip_chars(self.value, a, true, true)); }},
      {"lstrip", [](Interpreter&, StrObject& self, Args& a) { return make_str(strip_chars(self.value, a, true, false)); }},
      {"rstrip", [](Interpreter&, StrObject& self, Args& a) { return make_str(strip_chars(self.value, a, false, true)); }},
      {"startswith", [](Interpreter& in, StrObject& self, Args& a) -> Value {
         return str_search::affix_in_window(in, self.value, a, "startswith", false);
       }},
      {"endswith", [](Interpreter& in, StrObject& self, Args& a) -> Value {
         return str_search::affix_in_window(in, self.value, a, "endswith", true);
       }},
      {"replace", [](Interpreter&, StrObject& self, Args& a) -> Value {
         expect_args(a, "replace", 2, 3);
         const std::string& from = str_arg(a, 0, "replace");
         const std::string& to = str_arg(a, 1, "replace");
         int64_t count = a.pos.size() > 2 ? a.pos[2].to_int() : -1;
         std::string out;
         size_t pos = 0;
         for (int64_t n = 0; count < 0 || n < count; ++n) {
           size_t hit = from.empty() ? (pos <= self.value.size() ? pos : std::string::npos) : self.value.find(from, pos);
           if (hit == std::string::npos) break;
           out += self.value.substr(pos, hit - pos) + to;
           if (from.empty()) {
             if (hit < self.value.size()) out += self.value[hit];
             pos = hit + 1;
           } else {
             pos = hit + from.size();
           }
         }
         if (pos <= self.value.size()) out += self.value.substr(pos);
         return make_str(out);
       }},
      {"upper", [](Interpreter&, StrObject& self, Args&) { return make_str(map_case(self.value, ::toupper)); }},
      {"lower", [](Interpreter&, StrObject& self, Args&) { return make_str(map_case(self.value, ::tolower)); }},
      {"capitalize", [](Interpreter&, StrObject& self, Args&) {
         std::string s = map_case(self.value, ::tolower);
         if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
         return make_str(s);
       }},
      {"title", [](Interpreter&, StrObject& self, Args&) {
         std::string s = self.value;
         bool start = true;
         for (auto& c : s) {
           c = static_cast<char>(start ? std::toupper(static_cast<unsigned char>(c)) : std::tolower(static_cast<unsigned char>(c)));
           start = !std::isalpha(static_cast<unsigned char>(c));
         }
         return make_str(s);
       }},
      {"find", [](Interpreter&, StrObject& self, Args& a) -> Value {
         return str_search::find_in_window(self.value, a, "find", false);
       }},
      {"rfind", [](Interpreter&, StrObject& self, Args& a) -> Value {
         return str_search::find_in_window(self.value, a, "rfind", true);
       }},
      {"index", [](Interpreter&, StrObject& self, Args& a) -> Value {
         int64_t p = str_search::find_in_window(self.value, a, "index", false);
         if (p < 0) raise_value_error("substring not found");
         return p;
       }},
      {"rindex", [](Interpreter&, StrObject& self, Args& a) -> Value {
         int64_t p = str_search::find_in_window(self.value, a, "rindex", true);
         if (p < 0) raise_value_error("substring not found");
         return p;
       }},
      {"count", [](Interpreter&, StrObject& self, Args& a) -> Value {
         const std::string& sub = str_arg(a, 0, "count");
         auto w = str_search::search_window(self.value, a, 1, "count");
         if (!w) return int64_t(0);
         std::string_view v(self.value.data() + w->first, w->second - w->first);
         using str_search::code_point_of;
         if (sub.empty()) return code_point_of(self.value, w->second) - code_point_of(self.value, w->first) + 1;
         int64_t n = 0;
         for (size_t p = v.find(sub); p != std::string_view::npos; p = v.find(sub, p + sub.size())) ++n;
         return n;
       }},
      {"isdigit", [](Interpreter&, StrObject& self, Args&) { return test_chars(self.value, ::isdigit); }},
      {"isnumeric", [](Interpreter&, StrObject& self, Args&) { return test_chars(self.value, ::isdigit); }},
      {"isdecimal", [](Interpreter&, StrObject& self, Args&) { return test_chars(self.value, ::isdigit); }},
      {"isalpha", [](Interpreter&, StrObject& self, Args&) { return test_chars(self.value, ::isalpha); }},
      {"isascii", [](Interpreter&, StrObject& self, Args&) -> Value {
         return std::all_of(self.value.begin(), self.value.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
       }},
      {"isprintable", [](Interpreter&, StrObject& self, Args&) -> Value {
         return std::all_of(self.value.begin(), self.value.end(), [](char c) {
           auto u = static_cast<unsigned char>(c);
           return u >= 0x80 || std::isprint(u);
         });
       }},
      {"isidentifier", [](Interpreter&, StrObject& self, Args&) -> Value { return is_identifier(self.value); }},
      {"istitle", [](Interpreter&, StrObject& self, Args&) -> Value { return is_title(self.value); }},
      {"isalnum", [](Interpreter&, StrObject& self, Args&) { return test_chars(self.value, ::isalnum); }},
      {"isspace", [](Interpreter&, StrObject& self, Args&) { return test_chars(self.value, ::isspace); }},
      {"isupper", [](Interpreter&, StrObject& self, Args&) -> Value {
         bool any = std::any_of(self.value.begin(), self.value.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
         return any && std::none_of(self.value.begin(), self.value.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
       }},
      {"islower", [](Interpreter&, StrObject& self, Args&) -> Value {
         bool any = std::any_of(self.value.begin(), self.value.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
         return any && std::none_of(self.value.begin(), self.value.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
       }},
      {"ljust", [](Interpreter&, StrObject& self, Args& a) { return pad(self, a, '<'); }},
      {"rjust", [](Interpreter&, StrObject& self, Args& a) { return pad(self, a, '>'); }},
      {"center", [](Interpreter&, StrObject& self, Args& a) { return pad(self, a, '^'); }},
      {"zfill", [](Interpreter&, StrObject& self, Args& a) -> Value {
         int64_t width = a.pos.empty() ? 0 : a.pos[0].to_int();
         std::string s = self.value;
         if (static_cast<int64_t>(s.size()) >= width) return make_str(s);
         size_t sign = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
         s.insert(sign, std::string(static_cast<size_t>(width) - s.size(), '0'));
         return make_str(s);
       }},
      {"partition", [](Interpreter&, StrObject& self, Args& a) -> Value {
         const std::string& sep = str_arg(a, 0, "partition");
         size_t p = self.value.find(sep);
         if (p == std::string::npos) return make_tuple({make_str(self.value), make_str(""), make_str("")});
         return make_tuple({make_str(self.value.substr(0, p)), make_str(sep), make_str(self.value.substr(p + sep.size()))});
       }},
      {"rpartition", [](Interpreter&, StrObject& self, Args& a) -> Value {
         expect_args(a, "rpartition", 1, 1);
         const std::string& sep = str_arg(a, 0, "rpartition");
         if (sep.empty()) raise_value_error("empty separator");
         size_t p = self.value.rfind(sep);
         if (p == std::string::npos) return make_tuple({make_str(""), make_str(""), make_str(self.value)});
         return make_tuple({make_str(self.value.substr(0, p)), make_str(sep), make_str(self.value.substr(p + sep.size()))});
       }},
      {"removeprefix", [](Interpreter&, StrObject& self, Args& a) -> Value {
         const std::string& p = str_arg(a, 0, "removeprefix");
         return make_str(self.value.rfind(p, 0) == 0 ? self.value.substr(p.size()) : self.value);
       }},
      {"removesuffix", [](Interpreter&, StrObject& self, Args& a) -> Value {
         const std::string& p = str_arg(a, 0, "removesuffix");
         bool ends = p.size() <= self.value.size() && self.value.compare(self.value.size() - p.size(), p.size(), p) == 0;
         return make_str(ends && !p.empty() ? self.value.substr(0, self.value.size() - p.size()) : self.value);
       }},
  };
  return table;
}

}  // namespace

namespace {

StrObject& sv(const Value& v) { return *static_cast<StrObject*>(v.object_ptr()); }

std::string str_repr(Interpreter&, const Value& v) { return python_string_repr(sv(v).value); }
std::string str_str(Interpreter&, const Value& v) { return sv(v).value; }
int64_t str_hash(Interpreter&, const Value& v) { return sv(v).hash(); }

// Code points of a UTF-8 string (strings index by code point).
std::vector<std::string_view> code_points(const std::string& s) {
  std::vector<std::string_view> out;
  for (size_t i = 0; i < s.size();) {
    size_t n = 1;
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0xF0) n = 4;
    else if (c >= 0xE0) n = 3;
    else if (c >= 0xC0) n = 2;
    out.push_back(std::string_view(s).substr(i, n));
    i += n;
  }
  return out;
}

int64_t str_len(Interpreter&, const Value& v) {
  int64_t n = 0;
  for (unsigned char c : sv(v).value) n += (c & 0xC0) != 0x80;
  return n;
}

Value str_getitem(Interpreter& in, const Value& v, const Value& key) {
  auto chars = code_points(sv(v).value);
  if (auto* sl = key.as<SliceObject>()) {
    auto b = sl->indices(static_cast<int64_t>(chars.size()));
    std::string out;
    for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) out += chars[static_cast<size_t>(j)];
    return make_str(out);
  }
  int64_t i = normalize_index(to_index(in, key, "string indices"), static_cast<int64_t>(chars.size()), "string");
  return make_str(std::string(chars[static_cast<size_t>(i)]));
}

Value str_iter(Interpreter&, const Value& v) {
  auto chars = std::make_shared<std::vector<std::string>>();
  for (auto c : code_points(sv(v).value)) chars->emplace_back(c);
  auto pos = std::make_shared<size_t>(0);
  return Value(std::make_shared<IteratorObject>("str_ascii_iterator", [chars, pos](Interpreter&) -> std::optional<Value> {
    if (*pos >= chars->size()) return std::nullopt;
    return make_str((*chars)[(*pos)++]);
  }));
}

bool str_contains(Interpreter&, const Value& v, const Value& item) {
  auto* needle = item.as<StrObject>();
  if (!needle) raise_type_error(fmt::format("'in <string>' requires string as left operand, not {}", type_name(item)));
  return sv(v).value.find(needle->value) != std::string::npos;
}

Value str_compare(Interpreter&, const Value& a, const Value& b, CmpOp op) {
  auto* y = b.as<StrObject>();
  if (!y) return not_implemented();
  int c = sv(a).value.compare(y->value);  // UTF-8 byte order is code point order
  switch (op) {
    case CmpOp::Eq: return c == 0;
    case CmpOp::Ne: return c != 0;
    case CmpOp::Lt: return c < 0;
    case CmpOp::Le: return c <= 0;
    case CmpOp::Gt: return c > 0;
    case CmpOp::Ge: return c >= 0;
    default: return not_implemented();
  }
}

Value str_add(Interpreter&, const Value& a, const Value& b) {
  auto* x = a.as<StrObject>();
  auto* y = b.as<StrObject>();
  if (!x || !y) return not_implemented();
  return make_str(x->value + y->value);
}

Value str_mul(Interpreter&, const Value& a, const Value& b) {
  const Value& s = a.as<StrObject>() ? a : b;
  const Value& n = a.as<StrObject>() ? b : a;
  if (!s.as<StrObject>() || !n.is_int_like()) return not_implemented();
  std::string out;
  for (int64_t i = 0; i < n.to_int(); ++i) out += sv(s).value;
  return make_str(out);
}

Value str_mod(Interpreter& in, const Value& a, const Value& b) {
  if (!a.as<StrObject>()) return not_implemented();
  return make_str(percent_format(in, sv(a).value, b));
}

std::string str_format_slot(Interpreter& in, const Value& v, std::string_view spec) {
  return format_value(in, make_str(sv(v).value), spec);
}

}  // namespace

void install_str_slots() {
  TypeObject& t = *mutable_types().str;
  TypeSlots& s = t.slots;
  s.repr = &str_repr;
  s.str = &str_str;
  s.hash = &str_hash;
  s.len = &str_len;
  s.getitem = &str_getitem;
  s.iter = &str_iter;
  s.contains = &str_contains;
  s.compare = &str_compare;
  s.format = &str_format_slot;
  s.binary[static_cast<int>(BinOp::Add)] = &str_add;
  s.binary[static_cast<int>(BinOp::Mul)] = &str_mul;
  s.binary[static_cast<int>(BinOp::Mod)] = &str_mod;
  for (const auto& name : str_methods().names()) {
    auto m = str_methods().find(name);
    add_method(t, name, [m](Interpreter& in, const Value& self, Args& a) { return m(in, sv(self), a); });
  }
}

}  // namespace backstep::rt

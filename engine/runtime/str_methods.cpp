// Methods of str (the searching and splitting ones are in str_search.cpp)
// and its slots.
#include "engine/runtime/big_int.h"
#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/iterator_types.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/repetition.h"
#include "engine/runtime/str_chars.h"
#include "engine/runtime/str_format.h"
#include "engine/runtime/str_search.h"
#include "engine/runtime/three_way.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {
namespace {

using namespace text;
using str_search::expect_no_kwargs_named;
using str_search::int_arg;
using str_search::str_arg;

Value pad(Interpreter& in, StrObject& self, Args& a, char how, const char* fn) {
  expect_no_kwargs_named(a, fn);
  expect_args(a, fn, 1, 2);
  int64_t width = int_arg(in, a.pos[0]);
  std::string fill = " ";
  if (a.pos.size() > 1) {
    auto* f = a.pos[1].as<StrObject>();
    if (!f) raise_type_error(fmt::format("{}() argument 2 must be str, not {}", fn, type_name(a.pos[1])));
    if (cp_count(f->value) != 1) raise_type_error("The fill character must be exactly one character long");
    fill = f->value;
  }
  int64_t len = cp_count(self.value);
  if (width <= len) return make_str(self.value);
  int64_t total = width - len, left = how == '<' ? 0 : how == '>' ? total : total / 2 + (total & width & 1);
  std::string out;
  for (int64_t i = 0; i < left; ++i) out += fill;
  out += self.value;
  for (int64_t i = 0; i < total - left; ++i) out += fill;
  return make_str(out);
}

Value expandtabs(Interpreter& in, StrObject& self, Args& a) {
  if (a.pos.size() > 1) raise_type_error(fmt::format("expandtabs() takes at most 1 argument ({} given)", a.pos.size()));
  for (const auto& k : a.kw)
    if (k.name != "tabsize") raise_type_error(fmt::format("expandtabs() got an unexpected keyword argument '{}'", k.name));
  const Value* size_v = arg_or_kw(a, 0, "tabsize");
  int64_t tabsize = 8;
  if (size_v) {
    tabsize = int_arg(in, *size_v);
  }
  std::string out;
  int64_t column = 0;
  const std::string& s = self.value;
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    uint32_t c = decode_at(s, i);
    if (c == '\t') {
      if (tabsize > 0) {
        int64_t n = tabsize - column % tabsize;
        out.append(static_cast<size_t>(n), ' ');
        column += n;
      }
    } else {
      out.append(s, at, i - at);
      column = (c == '\n' || c == '\r') ? 0 : column + 1;
    }
  }
  return make_str(out);
}

// str.translate(table): table[ord(c)] is a str, a code point, or None
// (delete); a LookupError keeps the character.
Value translate(Interpreter& in, StrObject& self, Args& a) {
  expect_no_kwargs_named(a, "translate");
  if (a.pos.size() != 1)
    raise_type_error(fmt::format("str.translate() takes exactly one argument ({} given)", a.pos.size()));
  const Value& table = a.pos[0];
  std::string out;
  const std::string& s = self.value;
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    uint32_t c = decode_at(s, i);
    Value mapped;
    try {
      mapped = get_item(in, table, Value(static_cast<int64_t>(c)));
    } catch (ScriptError& e) {
      if (!e.type().is_subtype_of(*exc_types().lookup_error)) throw;
      out.append(s, at, i - at);
      continue;
    }
    if (mapped.is_none()) continue;
    if (mapped.is_int_like()) {
      int64_t m = mapped.to_int();
      if (m < 0 || m > 0x10FFFF) raise_value_error("character mapping must be in range(0x110000)");
      encode_to(static_cast<uint32_t>(m), out);
    } else if (auto* ms = mapped.as<StrObject>()) {
      out += ms->value;
    } else {
      raise_type_error("character mapping must return integer, None or str");
    }
  }
  return make_str(out);
}

// str.maketrans(x[, y[, z]]): the dict translate() takes.
Value maketrans(Interpreter& in, Args& a) {
  expect_no_kwargs_named(a, "maketrans");
  if (a.pos.empty() || a.pos.size() > 3)
    raise_type_error(fmt::format("maketrans() takes {} ({} given)",
                                 a.pos.empty() ? "at least 1 argument" : "at most 3 arguments", a.pos.size()));
  auto out = std::make_shared<DictObject>();
  if (a.pos.size() == 1) {
    auto* d = a.pos[0].as<DictObject>();
    if (!d) raise_type_error("if you give only one argument to maketrans it must be a dict");
    for (const auto& k : d->keys()) {
      Value v = *d->find(k);
      if (auto* ks = k.as<StrObject>()) {
        if (cp_count(ks->value) != 1) raise_value_error("string keys in translate table must be of length 1");
        size_t i = 0;
        out->set(Value(static_cast<int64_t>(decode_at(ks->value, i))), v);
      } else if (k.is_int_like()) {
        out->set(Value(k.to_int()), v);
      } else {
        raise_type_error("keys in translate table must be strings or integers");
      }
    }
    return Value(out);
  }
  auto* x = a.pos[0].as<StrObject>();
  if (!x) raise_type_error(fmt::format("maketrans() argument 1 must be str, not {}", type_name(a.pos[0])));
  auto* y = a.pos[1].as<StrObject>();
  if (!y) raise_type_error(fmt::format("maketrans() argument 2 must be str, not {}", type_name(a.pos[1])));
  auto xs = decode(x->value), ys = decode(y->value);
  if (xs.size() != ys.size()) raise_value_error("the first two maketrans arguments must have equal length");
  for (size_t i = 0; i < xs.size(); ++i) out->set(Value(static_cast<int64_t>(xs[i])), Value(static_cast<int64_t>(ys[i])));
  if (a.pos.size() == 3) {
    auto* z = a.pos[2].as<StrObject>();
    if (!z) raise_type_error(fmt::format("maketrans() argument 3 must be str, not {}", type_name(a.pos[2])));
    for (uint32_t c : decode(z->value)) out->set(Value(static_cast<int64_t>(c)), Value());
  }
  (void)in;
  return Value(out);
}

// str.format_map(mapping): the named fields are looked up in the mapping
// (with __getitem__, so a dict subclass's __missing__ counts).
Value format_map(Interpreter& in, StrObject& self, Args& a) {
  expect_no_kwargs_named(a, "format_map");
  if (a.pos.size() != 1)
    raise_type_error(fmt::format("str.format_map() takes exactly one argument ({} given)", a.pos.size()));
  const std::string& f = self.value;
  Args fields;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '{') continue;
    if (i + 1 < f.size() && f[i + 1] == '{') {
      ++i;
      continue;
    }
    size_t end = f.find_first_of(".[!:}{", i + 1);
    std::string name = f.substr(i + 1, end == std::string::npos ? std::string::npos : end - i - 1);
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) {
      if (name.empty()) raise_value_error("Format string contains positional fields");
      continue;
    }
    if (fields.find_kw(name)) continue;
    fields.kw.push_back({name, get_item(in, a.pos[0], make_str(name))});
  }
  return make_str(str_dot_format(in, f, fields));
}

Value zfill(Interpreter& in, StrObject& self, Args& a) {
  expect_no_kwargs_named(a, "zfill");
  if (a.pos.size() != 1) raise_type_error(fmt::format("str.zfill() takes exactly one argument ({} given)", a.pos.size()));
  int64_t width = int_arg(in, a.pos[0]);
  std::string s = self.value;
  int64_t len = cp_count(s);
  if (len >= width) return make_str(s);
  size_t sign = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  s.insert(sign, std::string(static_cast<size_t>(width - len), '0'));
  return make_str(s);
}

// Methods that take no arguments.
void no_args(const Args& a, const char* fn) {
  if (!a.pos.empty() || !a.kw.empty())
    raise_type_error(fmt::format("str.{}() takes no arguments ({} given)", fn, a.pos.size() + a.kw.size()));
}

const MethodTable<StrObject>& str_methods() {
  static const MethodTable<StrObject> table = [] {
    std::vector<std::pair<const std::string_view, MethodTable<StrObject>::Method>> entries{
      {"join", [](Interpreter& in, StrObject& self, Args& a) -> Value {
         expect_no_kwargs_named(a, "join");
         if (a.pos.size() != 1) raise_type_error(fmt::format("str.join() takes exactly one argument ({} given)", a.pos.size()));
         std::string out;
         size_t index = 0;
         for_each(in, a.pos[0], [&](const Value& v) {
           auto* s = v.as<StrObject>();
           if (!s) raise_type_error(fmt::format("sequence item {}: expected str instance, {} found", index, type_name(v)));
           if (index) out += self.value;
           ++index;
           out += s->value;
           return true;
         });
         return make_str(out);
       }},
      {"format", [](Interpreter& in, StrObject& self, Args& a) -> Value { return make_str(str_dot_format(in, self.value, a)); }},
      {"format_map", &format_map},
      {"expandtabs", &expandtabs},
      {"translate", &translate},
      {"upper", [](Interpreter&, StrObject& self, Args& a) {
         no_args(a, "upper");
         return make_str(map_chars(self.value, append_upper));
       }},
      {"lower", [](Interpreter&, StrObject& self, Args& a) {
         no_args(a, "lower");
         return make_str(map_chars(self.value, append_lower));
       }},
      {"casefold", [](Interpreter&, StrObject& self, Args& a) {
         no_args(a, "casefold");
         return make_str(map_chars(self.value, [](uint32_t c, std::string& out) {
           if (c == 0xDF) out += "ss";
           else append_lower(c, out);
         }));
       }},
      {"swapcase", [](Interpreter&, StrObject& self, Args& a) {
         no_args(a, "swapcase");
         return make_str(map_chars(self.value, [](uint32_t c, std::string& out) {
           if (cp_is_upper(c)) append_lower(c, out);
           else if (cp_is_lower(c)) append_upper(c, out);
           else encode_to(c, out);
         }));
       }},
      {"capitalize", [](Interpreter&, StrObject& self, Args& a) {
         no_args(a, "capitalize");
         bool first = true;
         return make_str(map_chars(self.value, [&](uint32_t c, std::string& out) {
           if (first) append_upper(c, out);
           else append_lower(c, out);
           first = false;
         }));
       }},
      {"title", [](Interpreter&, StrObject& self, Args& a) {
         no_args(a, "title");
         bool previous_cased = false;
         return make_str(map_chars(self.value, [&](uint32_t c, std::string& out) {
           if (previous_cased) append_lower(c, out);
           else append_upper(c, out);
           previous_cased = cp_cased(c);
         }));
       }},
      {"isdigit", [](Interpreter&, StrObject& self, Args& a) -> Value { no_args(a, "isdigit"); return all_chars(self.value, cp_digit); }},
      {"isnumeric", [](Interpreter&, StrObject& self, Args& a) -> Value { no_args(a, "isnumeric"); return all_chars(self.value, cp_digit); }},
      {"isdecimal", [](Interpreter&, StrObject& self, Args& a) -> Value { no_args(a, "isdecimal"); return all_chars(self.value, cp_digit); }},
      {"isalpha", [](Interpreter&, StrObject& self, Args& a) -> Value { no_args(a, "isalpha"); return all_chars(self.value, cp_alpha); }},
      {"isalnum", [](Interpreter&, StrObject& self, Args& a) -> Value {
         no_args(a, "isalnum");
         return all_chars(self.value, [](uint32_t c) { return cp_alpha(c) || cp_digit(c); });
       }},
      {"isspace", [](Interpreter&, StrObject& self, Args& a) -> Value { no_args(a, "isspace"); return all_chars(self.value, cp_space); }},
      {"isascii", [](Interpreter&, StrObject& self, Args& a) -> Value {
         no_args(a, "isascii");
         return std::all_of(self.value.begin(), self.value.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
       }},
      {"isprintable", [](Interpreter&, StrObject& self, Args& a) -> Value {
         no_args(a, "isprintable");
         return self.value.empty() || all_chars(self.value, cp_printable);
       }},
      {"isidentifier", [](Interpreter&, StrObject& self, Args& a) -> Value {
         no_args(a, "isidentifier");
         return is_identifier(self.value);
       }},
      {"istitle", [](Interpreter&, StrObject& self, Args& a) -> Value {
         no_args(a, "istitle");
         return is_title(self.value);
       }},
      {"isupper", [](Interpreter&, StrObject& self, Args& a) -> Value { no_args(a, "isupper"); return has_case(self.value, true); }},
      {"islower", [](Interpreter&, StrObject& self, Args& a) -> Value { no_args(a, "islower"); return has_case(self.value, false); }},
      {"ljust", [](Interpreter& in, StrObject& self, Args& a) { return pad(in, self, a, '<', "ljust"); }},
      {"rjust", [](Interpreter& in, StrObject& self, Args& a) { return pad(in, self, a, '>', "rjust"); }},
      {"center", [](Interpreter& in, StrObject& self, Args& a) { return pad(in, self, a, '^', "center"); }},
      {"zfill", &zfill},
      {"removeprefix", [](Interpreter&, StrObject& self, Args& a) -> Value {
         expect_no_kwargs_named(a, "removeprefix");
         if (a.pos.size() != 1)
           raise_type_error(fmt::format("str.removeprefix() takes exactly one argument ({} given)", a.pos.size()));
         auto* p = a.pos[0].as<StrObject>();
         if (!p) raise_type_error(fmt::format("removeprefix() argument must be str, not {}", type_name(a.pos[0])));
         return make_str(self.value.rfind(p->value, 0) == 0 ? self.value.substr(p->value.size()) : self.value);
       }},
      {"removesuffix", [](Interpreter&, StrObject& self, Args& a) -> Value {
         expect_no_kwargs_named(a, "removesuffix");
         if (a.pos.size() != 1)
           raise_type_error(fmt::format("str.removesuffix() takes exactly one argument ({} given)", a.pos.size()));
         auto* ps = a.pos[0].as<StrObject>();
         if (!ps) raise_type_error(fmt::format("removesuffix() argument must be str, not {}", type_name(a.pos[0])));
         const std::string& p = ps->value;
         bool ends = p.size() <= self.value.size() && self.value.compare(self.value.size() - p.size(), p.size(), p) == 0;
         return make_str(ends && !p.empty() ? self.value.substr(0, self.value.size() - p.size()) : self.value);
       }},
    };
    for (const auto& e : str_search::methods()) entries.push_back(e);
    return MethodTable<StrObject>(entries);
  }();
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
    size_t n = utf8_width(static_cast<unsigned char>(s[i]));
    out.push_back(std::string_view(s).substr(i, n));
    i += n;
  }
  return out;
}

int64_t str_len(Interpreter&, const Value& v) { return cp_count(sv(v).value); }

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
  // CPython iterates an all-ASCII str with its own iterator class.
  const char* name = chars->size() == sv(v).value.size() ? "str_ascii_iterator" : "str_iterator";
  auto it = std::make_shared<IteratorObject>(name, [chars, pos](Interpreter&) -> std::optional<Value> {
    if (*pos >= chars->size()) return std::nullopt;
    return make_str((*chars)[(*pos)++]);
  });
  it->set_length_hint([chars, pos] { return static_cast<int64_t>(chars->size() - *pos); });
  return named_iterator(std::move(it));
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
  if (!is_ordering(op)) return not_implemented();
  return three_way_answers(c, op);
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
  if (s.as<StrObject>() && is_big_int(n)) raise_overflow("cannot fit 'int' into an index-sized integer");
  if (!s.as<StrObject>() || !n.is_int_like()) return not_implemented();
  return make_str(repeat_string(sv(s).value, n.to_int()));
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
  t.dict().set_str("maketrans", Value(std::make_shared<StaticMethodObject>(types().staticmethod,
                                                                           make_builtin("maketrans", &maketrans))));
}

}  // namespace backstep::rt

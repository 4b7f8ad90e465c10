// Constructors of the builtin classes: int(), float(), str(), list(), ...
// as their __new__ and __init__ slots, so that subclasses (class
// Config(dict), IntEnum members, ...) are made the same way.
#include "engine/runtime/big_int.h"
#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/set_store.h"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace backstep::rt {
namespace {

std::string strip(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\n\r\f\v");
  size_t e = s.find_last_not_of(" \t\n\r\f\v");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// int(text, base): sign, an optional 0x/0o/0b prefix (base 0 or its own
// base), digits with single underscores between them; any size.
Value int_from_string(const std::string& text, int base) {
  auto bad = [&] {
    raise_value_error(fmt::format("invalid literal for int() with base {}: {}", base, python_string_repr(text)));
  };
  std::string s = strip(text);
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  int b = base;
  bool prefixed = false;
  if (s.size() > i + 1 && s[i] == '0' && std::strchr("xXoObB", s[i + 1])) {
    char p = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i + 1])));
    int prefix_base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    if (base == 0 || base == prefix_base) {
      b = prefix_base;
      i += 2;
      prefixed = true;
    }
  }
  if (b == 0) b = 10;
  std::string digits;
  for (size_t k = i; k < s.size(); ++k) {
    if (s[k] == '_') {
      // one underscore between digits (or right after a prefix)
      if (k + 1 >= s.size() || s[k + 1] == '_' || (digits.empty() && !prefixed)) bad();
      continue;
    }
    digits += s[k];
  }
  if (digits.empty()) bad();
  if (base == 0 && !prefixed && digits.size() > 1 && digits[0] == '0' && digits.find_first_not_of('0') != std::string::npos)
    bad();
  auto v = parse_big_int(digits, b, negative);
  if (!v) bad();
  return *v;
}

Value to_int(Interpreter& in, Args& a) {
  const Value* base_arg = a.pos.size() > 1 ? &a.pos[1] : a.find_kw("base");
  if (a.pos.empty()) {
    if (base_arg) raise_type_error("int() missing string argument");
    return int64_t(0);
  }
  const Value& v = a.pos[0];
  if (base_arg && !base_arg->is_int_like() && !type_of(*base_arg).slots.index)
    raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(*base_arg)));
  int base = base_arg ? static_cast<int>(to_index(in, *base_arg)) : 10;
  if (base_arg && base != 0 && (base < 2 || base > 36)) raise_value_error("int() base must be >= 2 and <= 36, or 0");
  if (base_arg && !v.as<StrObject>() && !bytes_data(v))
    raise_type_error("int() can't convert non-string with explicit base");
  if (auto n = unbox_number(v); n && !n->is_float()) return n->is_object() ? *n : Value(n->to_int());
  if (auto n = unbox_number(v)) {
    double d = n->as_float();
    if (std::isnan(d)) raise_value_error("cannot convert float NaN to integer");
    if (std::isinf(d)) raise_overflow("cannot convert float infinity to integer");
    return int_from_double(d);
  }
  if (v.is_float()) {
    double d = v.as_float();
    if (std::isnan(d)) raise_value_error("cannot convert float NaN to integer");
    if (std::isinf(d)) raise_overflow("cannot convert float infinity to integer");
    return static_cast<int64_t>(std::trunc(d));
  }
  if (auto* s = v.as<StrObject>()) return int_from_string(s->value, base);
  const TypeObject& t = type_of(v);
  if (t.slots.to_int) return t.slots.to_int(in, v);
  if (t.slots.index) return t.slots.index(in, v);
  raise_type_error(fmt::format("int() argument must be a string, a bytes-like object or a real number, not '{}'",
                               type_name(v)));
}

Value to_float(Interpreter& in, Args& a) {
  if (a.pos.empty()) return 0.0;
  const Value& v = a.pos[0];
  if (auto n = unbox_number(v)) return number_to_double(*n);
  if (auto* s = v.as<StrObject>()) {
    std::string t = strip(s->value);
    std::string lower;
    for (char c : t) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string body = lower;
    double sign = 1;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
      sign = body[0] == '-' ? -1 : 1;
      body = body.substr(1);
    }
    if (body == "nan") return std::copysign(NAN, sign);
    if (body == "inf" || body == "infinity") return sign * INFINITY;
    std::string digits;
    for (char c : t)
      if (c != '_') digits += c;
    char* end = nullptr;
    double d = digits.empty() ? 0 : std::strtod(digits.c_str(), &end);
    if (digits.empty() || *end != '\0' || body.find_first_of("x") != std::string::npos)
      raise_value_error("could not convert string to float: " + python_string_repr(s->value));
    return d;
  }
  const TypeObject& t = type_of(v);
  if (t.slots.to_float) return t.slots.to_float(in, v);
  if (t.slots.index) return number_to_double(t.slots.index(in, v));
  raise_type_error(fmt::format("float() argument must be a string or a real number, not '{}'", type_name(v)));
}

Value to_str(Interpreter& in, Args& a) {
  if (a.pos.size() > 1 || !a.kw.empty()) {  // str(b, encoding, errors): bytes.decode
    if (a.pos.empty() || !bytes_data(a.pos[0]))
      raise_type_error(fmt::format("decoding to str: need a bytes-like object, {} found",
                                   a.pos.empty() ? std::string("NoneType") : type_name(a.pos[0])));
    Args rest;
    rest.pos.assign(a.pos.begin() + 1, a.pos.end());
    rest.kw = a.kw;
    return call_method(in, a.pos[0], "decode", rest);
  }
  return make_str(a.pos.empty() ? "" : str(in, a.pos[0]));
}

}  // namespace

void update_dict(Interpreter& in, DictObject& d, const Value* source, const Args& a) {
  if (source) {
    if (auto* other = source->as<DictObject>(); other && !type_of(*source).is_heap_type()) {
      other->for_each([&](const Value& k, const Value& v) { d.set(k, v); });
    } else if (auto keys = try_get_attr(in, *source, "keys")) {
      for (const Value& k : to_vector(in, call(in, *keys, {}))) d.set(k, get_item(in, *source, k));
    } else {
      int64_t index = 0;
      for_each(in, *source, [&](const Value& item) {
        if (!type_of(item).slots.iter && !item.as<TupleObject>() && !item.as<ListObject>())
          raise_type_error(fmt::format("cannot convert dictionary update sequence element #{} to a sequence", index));
        auto pair = to_vector(in, item);
        if (pair.size() != 2)
          raise_value_error(fmt::format("dictionary update sequence element #{} has length {}; 2 is required", index,
                                        pair.size()));
        d.set(pair[0], pair[1]);
        ++index;
        return true;
      });
    }
  }
  for (const auto& kw : a.kw) d.set(make_str(kw.name), kw.value);
}

namespace {

Value slice_new(Interpreter&, TypeObject&, Args& a) {
  expect_args(a, "slice", 1, 3);
  if (a.pos.size() == 1) return Value(std::make_shared<SliceObject>(Value(), a.pos[0], Value()));
  return Value(std::make_shared<SliceObject>(a.pos[0], a.pos[1], a.pos.size() > 2 ? a.pos[2] : Value()));
}

Value range_new(Interpreter& in, TypeObject&, Args& a) {
  expect_no_kwargs(a, "range");
  if (a.pos.empty()) raise_type_error("range expected at least 1 argument, got 0");
  if (a.pos.size() > 3) raise_type_error(fmt::format("range expected at most 3 arguments, got {}", a.pos.size()));
  auto arg = [&](size_t i) {
    const Value& v = a.pos[i];
    if (!v.is_int_like() && !type_of(v).slots.index)
      raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
    return to_index(in, v);
  };
  int64_t start = 0, stop, step = 1;
  if (a.pos.size() == 1) {
    stop = arg(0);
  } else {
    start = arg(0);
    stop = arg(1);
    if (a.pos.size() == 3) step = arg(2);
  }
  if (step == 0) raise_value_error("range() arg 3 must not be zero");
  return Value(std::make_shared<RangeObject>(start, stop, step));
}

// --- __new__ / __init__ slots -------------------------------------------------

Value boxed(TypeObject& cls, const TypeObject* exact, Value v) {
  if (&cls == exact) return v;
  return Value(std::make_shared<BoxedNumber>(&cls, std::move(v)));
}

Value int_new(Interpreter& in, TypeObject& cls, Args& a) { return boxed(cls, types().int_, to_int(in, a)); }
Value float_new(Interpreter& in, TypeObject& cls, Args& a) { return boxed(cls, types().float_, to_float(in, a)); }
Value bool_new(Interpreter& in, TypeObject&, Args& a) {
  expect_no_kwargs(a, "bool");
  expect_args(a, "bool", 0, 1);
  return a.pos.empty() ? false : truthy(in, a.pos[0]);
}
Value str_new(Interpreter& in, TypeObject& cls, Args& a) {
  Value s = to_str(in, a);
  if (&cls == types().str) return s;
  return Value(std::make_shared<StrObject>(s.as<StrObject>()->value, &cls));
}
Value list_new(Interpreter&, TypeObject& cls, Args&) { return Value(std::make_shared<ListObject>(&cls)); }
void list_init(Interpreter& in, const Value& self, Args& a) {
  expect_no_kwargs(a, "list");
  expect_args(a, "list", 0, 1);
  auto* l = self.as<ListObject>();
  l->items.clear();
  if (!a.pos.empty()) l->items = to_vector(in, a.pos[0]);
}
Value tuple_new(Interpreter& in, TypeObject& cls, Args& a) {
  expect_no_kwargs(a, "tuple");
  expect_args(a, "tuple", 0, 1);
  if (&cls == types().tuple && !a.pos.empty() && &type_of(a.pos[0]) == types().tuple) return a.pos[0];
  std::vector<Value> items = a.pos.empty() ? std::vector<Value>{} : to_vector(in, a.pos[0]);
  if (&cls == types().tuple) return make_tuple(std::move(items));
  return Value(std::make_shared<TupleObject>(std::move(items), &cls));
}
Value dict_new(Interpreter&, TypeObject& cls, Args&) { return Value(std::make_shared<DictObject>(&cls)); }
void dict_init(Interpreter& in, const Value& self, Args& a) {
  if (a.pos.size() > 1) raise_type_error(fmt::format("dict expected at most 1 argument, got {}", a.pos.size()));
  update_dict(in, *self.as<DictObject>(), a.pos.empty() ? nullptr : &a.pos[0], a);
}
Value set_new(Interpreter& in, TypeObject& cls, Args& a) {
  bool frozen = cls.is_subtype_of(*types().frozenset);
  if (frozen) {
    expect_no_kwargs(a, "frozenset");
    expect_args(a, "frozenset", 0, 1);
    // frozenset(f) of an exact frozenset is f itself, as in CPython.
    if (&cls == types().frozenset && !a.pos.empty()) {
      auto* f = a.pos[0].as<SetObject>();
      if (f && &f->type() == types().frozenset) return a.pos[0];
    }
  }
  auto s = std::make_shared<SetObject>(&cls, frozen);
  if (frozen && !a.pos.empty()) set_update_from(in, *s, a.pos[0]);
  return Value(s);
}
void set_init(Interpreter& in, const Value& self, Args& a) {
  expect_no_kwargs(a, "set");
  expect_args(a, "set", 0, 1);
  auto* s = self.as<SetObject>();
  if (table_of(*s).fill() != 0) s->clear();
  if (!a.pos.empty()) set_update_from(in, *s, a.pos[0]);
}

}  // namespace

void install_constructor_slots() {
  auto& t = mutable_types();
  t.int_->slots.new_ = &int_new;
  t.float_->slots.new_ = &float_new;
  t.bool_->slots.new_ = &bool_new;
  t.str->slots.new_ = &str_new;
  t.list->slots.new_ = &list_new;
  t.list->slots.init = &list_init;
  t.tuple->slots.new_ = &tuple_new;
  t.dict->slots.new_ = &dict_new;
  t.dict->slots.init = &dict_init;
  t.set->slots.new_ = &set_new;
  t.set->slots.init = &set_init;
  t.frozenset->slots.new_ = &set_new;
  t.range->slots.new_ = &range_new;
  t.slice->slots.new_ = &slice_new;
}

void install_type_constructors(Interpreter& in) {
  auto& t = mutable_types();
  for (TypeObject* type : {t.int_, t.float_, t.bool_, t.str, t.list, t.tuple, t.dict, t.set, t.frozenset, t.range,
                           t.slice, t.type, t.object, t.property, t.staticmethod, t.classmethod, t.super})
    in.set_builtin(type->name(), type_value(*type));
}

}  // namespace backstep::rt

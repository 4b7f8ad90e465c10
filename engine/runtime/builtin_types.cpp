// Constructors of the builtin classes: int(), float(), str(), list(), ...
#include "engine/api/tensor_protocol.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace backstep::rt {
namespace {

std::string strip(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\n\r\f\v");
  size_t e = s.find_last_not_of(" \t\n\r\f\v");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

Value int_from_string(const std::string& text, int base) {
  std::string s = strip(text);
  std::string digits;
  for (char c : s)
    if (c != '_') digits += c;
  errno = 0;
  char* end = nullptr;
  long long v = digits.empty() ? 0 : std::strtoll(digits.c_str(), &end, base);
  if (digits.empty() || *end != '\0')
    raise_value_error(fmt::format("invalid literal for int() with base {}: {}", base, python_string_repr(text)));
  if (errno == ERANGE) raise_overflow("int too large for backstep's 64-bit ints");
  return static_cast<int64_t>(v);
}

Value to_int(Interpreter& in, Args& a) {
  if (a.pos.empty()) return int64_t(0);
  const Value& v = a.pos[0];
  int base = a.pos.size() > 1 ? static_cast<int>(a.pos[1].to_int()) : 10;
  if (v.is_int_like()) return v.to_int();
  if (v.is_float()) {
    double d = v.as_float();
    if (std::isnan(d)) raise_value_error("cannot convert float NaN to integer");
    if (std::isinf(d)) raise_overflow("cannot convert float infinity to integer");
    return static_cast<int64_t>(std::trunc(d));
  }
  if (auto* s = v.as<StrObject>()) return int_from_string(s->value, base);
  if (v.is_tensor()) {
    Value item = api::tensor_item(in, v.as_tensor());
    return item.is_float() ? Value(static_cast<int64_t>(std::trunc(item.as_float()))) : Value(item.to_int());
  }
  raise_type_error(fmt::format("int() argument must be a string, a bytes-like object or a real number, not '{}'",
                               type_name(v)));
}

Value to_float(Interpreter& in, Args& a) {
  if (a.pos.empty()) return 0.0;
  const Value& v = a.pos[0];
  if (v.is_number()) return v.to_float();
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
  if (v.is_tensor()) return api::tensor_item(in, v.as_tensor()).to_float();
  raise_type_error(fmt::format("float() argument must be a string or a real number, not '{}'", type_name(v)));
}

Value to_bool(Interpreter& in, Args& a) { return a.pos.empty() ? false : truthy(in, a.pos[0]); }

Value to_str(Interpreter& in, Args& a) { return make_str(a.pos.empty() ? "" : str(in, a.pos[0])); }

Value to_list(Interpreter& in, Args& a) { return make_list(a.pos.empty() ? std::vector<Value>{} : to_vector(in, a.pos[0])); }

Value to_tuple(Interpreter& in, Args& a) {
  if (!a.pos.empty())
    if (auto* t = a.pos[0].as<TupleObject>(); t && t->flavour == TupleObject::Flavour::Plain) return a.pos[0];
  return make_tuple(a.pos.empty() ? std::vector<Value>{} : to_vector(in, a.pos[0]));
}

Value to_dict(Interpreter& in, Args& a) {
  auto d = std::make_shared<DictObject>();
  if (!a.pos.empty()) {
    if (auto* other = a.pos[0].as<DictObject>()) {
      other->for_each([&](const Value& k, const Value& v) { d->set(k, v); });
    } else {
      for_each(in, a.pos[0], [&](const Value& item) {
        auto pair = to_vector(in, item);
        if (pair.size() != 2)
          raise_value_error(fmt::format("dictionary update sequence element has length {}; 2 is required", pair.size()));
        d->set(pair[0], pair[1]);
        return true;
      });
    }
  }
  for (const auto& kw : a.kw) d->set(make_str(kw.name), kw.value);
  return Value(d);
}

Value to_set(Interpreter& in, Args& a) {
  auto s = std::make_shared<SetObject>();
  if (!a.pos.empty()) for (const auto& v : to_vector(in, a.pos[0])) s->add(v);
  return Value(s);
}

Value make_range(Interpreter& in, Args& a) {
  expect_args(a, "range", 1, 3);
  auto arg = [&](size_t i) {
    const Value& v = a.pos[i];
    if (!v.is_int_like() && !v.is_tensor())
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

Value make_slice(Interpreter&, Args& a) {
  expect_args(a, "slice", 1, 3);
  if (a.pos.size() == 1) return Value(std::make_shared<SliceObject>(Value(), a.pos[0], Value()));
  return Value(std::make_shared<SliceObject>(a.pos[0], a.pos[1], a.pos.size() > 2 ? a.pos[2] : Value()));
}

Value type_of_value(Interpreter&, Args& a) {
  expect_args(a, "type", 1, 1);
  return type_value(type_of(a.pos[0]));
}

}  // namespace


void install_type_constructors(Interpreter& in) {
  auto& t = mutable_types();
  const std::pair<TypeObject*, TypeObject::Constructor> ctors[] = {
      {t.int_, to_int},     {t.float_, to_float}, {t.bool_, to_bool},   {t.str, to_str},
      {t.list, to_list},    {t.tuple, to_tuple},  {t.dict, to_dict},    {t.set, to_set},
      {t.range, make_range}, {t.slice, make_slice}, {t.type, type_of_value},
  };
  for (const auto& [type, ctor] : ctors) {
    type->set_constructor(ctor);
    in.set_builtin(type->name(), type_value(*type));
  }
  in.set_builtin("object", type_value(*t.object));
}

}  // namespace backstep::rt

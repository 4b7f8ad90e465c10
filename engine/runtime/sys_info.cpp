// sys's facts about the Python it stands for: version_info, version,
// hexversion, implementation-free constants and the recursion limit knobs.
// They are CPython 3.11.2's (the oracle's), since programs compare them
// (`sys.version_info >= (3, 8)`) and print them.
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <memory>

namespace backstep::rt {
namespace {

const char* const kVersionFields[] = {"major", "minor", "micro", "releaselevel", "serial"};

// sys.version_info: a tuple whose class names its fields, as CPython's
// struct sequence.
const TypeObject* version_info_type() {
  static TypeObject* t = [] {
    TypeObject* type = new_type("version_info", "sys", mutable_types().tuple);
    type->set_final(true);
    for (size_t i = 0; i < 5; ++i)
      add_getset(*type, kVersionFields[i], [i](Interpreter&, const Value& self) {
        return self.as<TupleObject>()->items[i];
      });
    type->slots.repr = [](Interpreter& in, const Value& self) {
      const auto& items = self.as<TupleObject>()->items;
      std::string out = "sys.version_info(";
      for (size_t i = 0; i < 5; ++i) out += fmt::format("{}{}={}", i ? ", " : "", kVersionFields[i], repr(in, items[i]));
      return out + ")";
    };
    type->slots.str = type->slots.repr;
    return type;
  }();
  return t;
}

int64_t& recursion_limit() {
  static int64_t limit = 1000;
  return limit;
}

}  // namespace

void add_sys_exc_info(ModuleObject& sys);  // traceback_primitives.cpp

void add_sys_info(ModuleObject& m) {
  add_sys_exc_info(m);
  std::vector<Value> version{Value(int64_t(3)), Value(int64_t(11)), Value(int64_t(2)), make_str("final"),
                             Value(int64_t(0))};
  m.set("version_info", Value(std::make_shared<TupleObject>(std::move(version), version_info_type())));
  m.set("version", make_str("3.11.2 (main, Apr 28 2025, 14:11:48) [GCC 12.2.0]"));
  m.set("hexversion", Value(int64_t(0x030B02F0)));
  m.set("byteorder", make_str("little"));
  m.set("maxunicode", Value(int64_t(0x10FFFF)));
  // The limit a program sets is remembered and read back; backstep's own
  // depth limit (RecursionError) does not change with it.
  m.def("getrecursionlimit", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "getrecursionlimit", 0, 0);
    return Value(recursion_limit());
  });
  m.def("setrecursionlimit", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "setrecursionlimit", 1, 1);
    if (!a.pos[0].is_int_like())
      raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(a.pos[0])));
    int64_t n = to_index(in, a.pos[0]);
    if (n < 1) raise_value_error("recursion limit must be greater or equal than 1");
    recursion_limit() = n;
    return Value();
  });
}

}  // namespace backstep::rt

// sys's facts about the Python it stands for: version_info, version,
// hexversion, float_info, executable, the encodings and the recursion
// limit knobs.
// They are CPython 3.11.2's (the oracle's), since programs compare them
// (`sys.version_info >= (3, 8)`) and print them.
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <vector>

namespace backstep::rt {
namespace {

// A struct sequence (sys.version_info, sys.float_info): a tuple whose class
// names its fields and prints as `sys.NAME(field=value, ...)`.
struct StructSeq {
  std::string name;  // "version_info"
  std::vector<std::string> fields;
};

const TypeObject* struct_seq_type(const StructSeq& seq) {
  TypeObject* type = new_type(seq.name, "sys", mutable_types().tuple);
  type->set_final(true);
  for (size_t i = 0; i < seq.fields.size(); ++i)
    add_getset(*type, seq.fields[i], [i](Interpreter&, const Value& self) { return self.as<TupleObject>()->items[i]; });
  // The repr needs the field names: keep them in the class namespace.
  std::vector<Value> names;
  for (const auto& f : seq.fields) names.push_back(make_str(f));
  type->set_class_attr("n_fields", Value(int64_t(seq.fields.size())));
  type->set_class_attr("_field_names", make_tuple(std::move(names)));
  type->slots.repr = [](Interpreter& in, const Value& self) {
    const auto& items = self.as<TupleObject>()->items;
    const auto& names = type_of(self).lookup("_field_names")->as<TupleObject>()->items;
    std::string out = "sys." + type_of(self).name() + "(";
    for (size_t i = 0; i < items.size() && i < names.size(); ++i)
      out += fmt::format("{}{}={}", i ? ", " : "", names[i].as<StrObject>()->value, repr(in, items[i]));
    return out + ")";
  };
  type->slots.str = type->slots.repr;
  return type;
}

Value make_struct_seq(const StructSeq& seq, std::vector<Value> values) {
  static std::map<std::string, const TypeObject*> types;
  const TypeObject*& t = types[seq.name];
  if (!t) t = struct_seq_type(seq);
  return Value(std::make_shared<TupleObject>(std::move(values), t));
}

Value float_info() {
  using L = std::numeric_limits<double>;
  return make_struct_seq({"float_info", {"max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig",
                                          "mant_dig", "epsilon", "radix", "rounds"}},
                         {Value(L::max()), Value(int64_t(L::max_exponent)), Value(int64_t(L::max_exponent10)),
                          Value(L::min()), Value(int64_t(L::min_exponent)), Value(int64_t(L::min_exponent10)),
                          Value(int64_t(L::digits10)), Value(int64_t(L::digits)), Value(L::epsilon()),
                          Value(int64_t(L::radix)), Value(int64_t(1))});
}

// sys.flags as CPython starts without options, with what the environment
// variables the golden tests set change (PYTHONDONTWRITEBYTECODE,
// PYTHONHASHSEED=0).
Value flags() {
  auto env_set = [](const char* name) {
    const char* v = std::getenv(name);
    return v && *v;
  };
  const char* seed = std::getenv("PYTHONHASHSEED");
  int64_t hash_randomization = seed && std::string(seed) == "0" ? 0 : 1;
  std::vector<std::string> names{"debug", "inspect", "interactive", "optimize", "dont_write_bytecode",
                                 "no_user_site", "no_site", "ignore_environment", "verbose", "bytes_warning", "quiet",
                                 "hash_randomization", "isolated", "dev_mode", "utf8_mode", "warn_default_encoding",
                                 "safe_path", "int_max_str_digits"};
  std::vector<Value> values(names.size(), Value(int64_t(0)));
  values[4] = Value(int64_t(env_set("PYTHONDONTWRITEBYTECODE")));
  values[11] = Value(hash_randomization);
  values[13] = Value(false);
  values[16] = Value(false);
  values[17] = Value(int64_t(-1));
  return make_struct_seq({"flags", names}, std::move(values));
}

std::string executable_path() {
  std::error_code ec;
  auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
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
  m.set("version_info",
        make_struct_seq({"version_info", {"major", "minor", "micro", "releaselevel", "serial"}}, std::move(version)));
  m.set("float_info", float_info());
  m.set("flags", flags());
  // The interpreter running the program: backstep's own binary.
  m.set("executable", make_str(executable_path()));
  m.def("getdefaultencoding", [](Interpreter&, Args&) -> Value { return make_str("utf-8"); });
  m.def("getfilesystemencoding", [](Interpreter&, Args&) -> Value { return make_str("utf-8"); });
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

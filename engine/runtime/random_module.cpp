// `_backstep.random_*`: the Mersenne Twister behind pylib's random.py
// (engine/pyrandom; the contract in engine/pylib/PRIMITIVES-random.md).
// Only argument and result conversion happens here.
#include "engine/runtime/backstep_module.h"

#include "engine/pyrandom/primitives.h"
#include "engine/runtime/big_int.h"
#include "engine/runtime/function.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <climits>
#include <vector>

namespace backstep::rt {
namespace {

namespace pr = backstep::pyrandom;

// The generator a Random instance keeps in self._mt: opaque to the script.
class RandomStateObject : public Object {
 public:
  explicit RandomStateObject(pr::RandomHandle h) : Object(ObjKind::Other), handle(std::move(h)) {}
  std::string repr(Interpreter&) const override { return "<random state>"; }
  pr::RandomHandle handle;
};

pr::MersenneTwister& state_arg(const Args& a, const char* fn) {
  auto* s = a.pos.empty() ? nullptr : dynamic_cast<RandomStateObject*>(a.pos[0].object_ptr());
  if (!s) raise_type_error(fmt::format("{}() needs a random state", fn));
  return *s->handle;
}

int64_t int_arg(const Value& v) {
  if (!v.is_int_like()) raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  return v.to_int();
}

// PyRandomError names the builtin exception class to raise.
[[noreturn]] void raise_random_error(const pr::PyRandomError& e) {
  const auto& t = exc_types();
  const TypeObject* cls = e.type() == "ValueError"      ? t.value_error
                          : e.type() == "OverflowError" ? t.overflow_error
                          : e.type() == "TypeError"     ? t.type_error
                          : e.type() == "OSError"       ? t.os_error
                                                        : t.runtime_error;
  raise(*cls, e.what());
}

// Runs one primitive, turning its PyRandomError into the Python exception.
template <class F>
Value guarded(F f) {
  try {
    return f();
  } catch (const pr::PyRandomError& e) {
    raise_random_error(e);
  }
}

// getrandbits(k) for k >= 64, a Python int of any size: CPython fills it
// 32 bits at a time from the least significant word up, the last word
// keeping its top k % 32 bits (_random_Random_getrandbits_impl).
Value wide_random_bits(pr::MersenneTwister& mt, int64_t k) {
  std::vector<uint32_t> words;
  words.reserve(static_cast<size_t>((k - 1) / 32 + 1));
  for (int64_t left = k; left > 0; left -= 32)
    words.push_back(static_cast<uint32_t>(mt.next_bits(left >= 32 ? 32 : static_cast<int>(left))));
  mpz_class value;
  mpz_import(value.get_mpz_t(), words.size(), -1, sizeof(uint32_t), 0, 0, words.data());
  return make_int(value);
}

pr::SeedArg seed_arg(const Value& a) {
  if (a.is_none()) return std::monostate{};
  if (a.is_int_like()) return a.to_int();
  if (a.is_float()) return a.as_float();
  if (auto* s = a.as<StrObject>()) return s->value;
  raise_type_error(pr::kSeedTypeMessage);
}

}  // namespace

void add_random_primitives(Interpreter&, ModuleObject& m) {
  m.def("random_new", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "random_new", 0, 0);
    return Value(std::make_shared<RandomStateObject>(pr::random_new()));
  });
  m.def("random_seed", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "random_seed", 3, 3);
    return guarded([&] {
      pr::random_seed(state_arg(a, "random_seed"), seed_arg(a.pos[1]), int_arg(a.pos[2]));
      return Value();
    });
  });
  m.def("random_random", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "random_random", 1, 1);
    return Value(pr::random_random(state_arg(a, "random_random")));
  });
  m.def("random_getrandbits", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "random_getrandbits", 2, 2);
    int64_t k = int_arg(a.pos[1]);
    if (k >= 64 && k <= INT_MAX) return wide_random_bits(state_arg(a, "random_getrandbits"), k);
    return guarded([&] { return Value(pr::random_getrandbits(state_arg(a, "random_getrandbits"), k)); });
  });
  m.def("random_randbelow", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "random_randbelow", 2, 2);
    return guarded([&] { return Value(pr::random_randbelow(state_arg(a, "random_randbelow"), int_arg(a.pos[1]))); });
  });
  m.def("random_getstate", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "random_getstate", 1, 1);
    std::vector<Value> items;
    for (int64_t w : pr::random_getstate(state_arg(a, "random_getstate"))) items.push_back(Value(w));
    return make_tuple(std::move(items));
  });
  m.def("random_setstate", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "random_setstate", 2, 2);
    std::vector<int64_t> words;
    for (const Value& v : to_vector(in, a.pos[1])) words.push_back(int_arg(v));
    return guarded([&] {
      pr::random_setstate(state_arg(a, "random_setstate"), words);
      return Value();
    });
  });
  m.def("random_urandom_random", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "random_urandom_random", 0, 0);
    return guarded([] { return Value(pr::random_urandom_random()); });
  });
  m.def("random_urandom_getrandbits", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "random_urandom_getrandbits", 1, 1);
    return guarded([&] { return Value(pr::random_urandom_getrandbits(int_arg(a.pos[0]))); });
  });
}

}  // namespace backstep::rt

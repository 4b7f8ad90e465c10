// Python values as the fixtures spell them (see set_scenarios.py), with
// CPython's hash and == semantics, for checking py_hash and SetTable.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "engine/pyhash/hash_secret.h"

namespace pyhash_test {

// A Python exception the harness raises or expects, by type name.
struct PyError {
  std::string type;
};

struct TKey {
  enum class Kind { kNone, kInt, kBool, kFloat, kStr, kTuple, kFrozenset, kObj, kUnhashable };
  Kind kind = Kind::kNone;
  int64_t number = 0;  // int value, bool 0/1, or the object's id
  double real = 0;
  std::string text;  // str as (generalised) UTF-8
  std::vector<TKey> items;
  int64_t obj_class = 0;  // objects of one class are == each other
  int64_t obj_hash = 0;
  std::string spec;  // how the fixture writes this key
};

TKey parse_key(const std::string& spec);
TKey int_key(int64_t value);
std::string from_hex(const std::string& hex);

// == between two keys that are not scripted objects (numbers across
// int/bool/float, str, tuple elementwise, frozensets as sets).
bool py_equal(const TKey& a, const TKey& b);

// hash(key) under `secret`; throws PyError{"TypeError"} if unhashable.
int64_t py_hash(const TKey& key, const backstep::pyhash::HashSecret& secret);

struct TKeyHash {
  const backstep::pyhash::HashSecret* secret;
  int64_t operator()(const TKey& key) const { return py_hash(key, *secret); }
};

// PyObject_RichCompareBool(stored, probe, Py_EQ) where scripted objects run
// `on_object_eq(id)` (their __eq__ hook) as Python's dispatch would:
// stored.__eq__ first, the probe's reflected __eq__ if stored is no object.
struct TKeyEq {
  const std::function<void(int64_t)>* on_object_eq;
  bool operator()(const TKey& stored, const TKey& probe) const;
};

std::filesystem::path fixture_path(const std::string& name);
std::vector<std::string> read_lines(const std::filesystem::path& path);
std::vector<std::string> split_words(const std::string& line);

}  // namespace pyhash_test

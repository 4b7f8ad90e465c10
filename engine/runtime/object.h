// Heap objects of the script language and the call convention.
//
// Every non-immediate, non-tensor value is an Object. The protocol operations
// Python spreads over dunder methods (len, iter, getitem, ==, hash, ...) are
// implemented in py_ops.cpp by switching on ObjKind, because the set of
// object kinds is closed (the language has no classes yet); only the
// operations whose behaviour really varies per object (attribute access,
// calls, repr) are virtual.
#pragma once

#include "engine/runtime/value.h"

#include <c10/util/SmallVector.h>

#include <optional>
#include <string>
#include <string_view>

namespace backstep::rt {

class Interpreter;
class TypeObject;

enum class ObjKind : uint8_t {
  Str,
  List,
  Tuple,  // also torch.Size and named tuples (torch.return_types.*)
  Dict,
  Set,
  Slice,
  Ellipsis,
  Range,
  Iterator,
  Function,     // a script function or lambda
  Builtin,      // a function implemented in C++
  BoundMethod,  // a callable with a bound first argument
  Module,
  Type,
  Exception,
  Cell,
  Other,  // torch objects: dtype, device, grad_fn nodes, handles, context managers, ...
};

// One keyword argument of a call.
struct Kwarg {
  std::string name;
  Value value;
};

// The arguments of a call, after *args and **kwargs were expanded.
struct Args {
  c10::SmallVector<Value, 6> pos;
  c10::SmallVector<Kwarg, 2> kw;

  Args() = default;
  Args(std::initializer_list<Value> values) : pos(values.begin(), values.end()) {}

  size_t size() const { return pos.size(); }
  const Value* find_kw(std::string_view name) const {
    for (const auto& k : kw)
      if (k.name == name) return &k.value;
    return nullptr;
  }
};

class Object : public std::enable_shared_from_this<Object> {
 public:
  explicit Object(ObjKind kind) : kind_(kind) {}
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object() = default;

  ObjKind kind() const { return kind_; }
  // The script-visible class (what type(x) returns).
  virtual const TypeObject& type() const = 0;

  // repr(x); str(x) defaults to it.
  virtual std::string repr(Interpreter& in) const;
  virtual std::string str(Interpreter& in) const { return repr(in); }

  // x.name: nullopt when there is no such attribute (the caller raises
  // AttributeError with attr_error_message()).
  virtual std::optional<Value> get_attr(Interpreter& in, std::string_view name);
  // x.name = v: false when the attribute cannot be set.
  virtual bool set_attr(Interpreter& in, std::string_view name, const Value& v);
  virtual std::string attr_error_message(std::string_view name) const;
  // Attribute names for dir() and tab completion.
  virtual std::vector<std::string> attr_names() const { return {}; }

  virtual bool callable() const { return false; }
  virtual Value call(Interpreter& in, Args& args);
  // obj.name(args) in one step, skipping the bound-method object; nullopt
  // when the object has no such method (the caller then tries get_attr).
  virtual std::optional<Value> call_method(Interpreter& in, std::string_view name, Args& args);

  // Identity address as Python's id() shows it.
  uintptr_t address() const { return reinterpret_cast<uintptr_t>(this); }

 private:
  ObjKind kind_;
};

// Checked downcast helpers: every concrete object class defines
// `static bool is_instance(const Object&)` so Value::as<T>() works.
template <ObjKind K>
struct KindTag {
  static bool is_instance(const Object& o) { return o.kind() == K; }
};

}  // namespace backstep::rt

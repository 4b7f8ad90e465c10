// A script value: what a Python variable holds.
//
// Immediate kinds (None, bool, int, float) live inline; tensors are held as
// at::Tensor (an intrusive pointer, so copying a Value is as cheap as copying
// a PyTorch reference); everything else is a reference-counted Object.
// Tensors are not wrapped in an Object on purpose: the operator bridge moves
// them in and out of ATen's IValue stacks on every call, and an extra
// allocation per result would cost more than the whole boxed call does.
#pragma once

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>

namespace backstep::rt {

class Object;
using Ref = std::shared_ptr<Object>;

class Value {
 public:
  enum class Kind : uint8_t { None, Bool, Int, Float, Tensor, Object };

  Value() noexcept = default;
  Value(bool b) noexcept : v_(b) {}                       // NOLINT: implicit on purpose
  Value(int64_t i) noexcept : v_(i) {}                    // NOLINT
  Value(int i) noexcept : v_(static_cast<int64_t>(i)) {}  // NOLINT
  Value(double d) noexcept : v_(d) {}                     // NOLINT
  Value(at::Tensor t) noexcept : v_(std::move(t)) {}      // NOLINT
  Value(Ref o) noexcept : v_(std::move(o)) {}             // NOLINT
  template <class T, class = std::enable_if_t<std::is_base_of_v<Object, T>>>
  Value(std::shared_ptr<T> o) noexcept : v_(Ref(std::move(o))) {}  // NOLINT

  static Value none() { return Value(); }

  Kind kind() const { return static_cast<Kind>(v_.index()); }
  bool is_none() const { return v_.index() == 0; }
  bool is_bool() const { return v_.index() == 1; }
  bool is_int() const { return v_.index() == 2; }  // a bool is not an int here
  bool is_float() const { return v_.index() == 3; }
  bool is_tensor() const { return v_.index() == 4; }
  bool is_object() const { return v_.index() == 5; }
  // int or bool: what Python's int() accepts without conversion.
  bool is_int_like() const { return is_int() || is_bool(); }
  bool is_number() const { return is_int() || is_bool() || is_float(); }

  bool as_bool() const { return std::get<1>(v_); }
  int64_t as_int() const { return std::get<2>(v_); }
  double as_float() const { return std::get<3>(v_); }
  const at::Tensor& as_tensor() const { return std::get<4>(v_); }
  at::Tensor& as_tensor() { return std::get<4>(v_); }
  const Ref& as_object() const { return std::get<5>(v_); }
  Object* object_ptr() const { return is_object() ? std::get<5>(v_).get() : nullptr; }

  // int-like as int64 (bool counts as 0/1, as in Python arithmetic).
  int64_t to_int() const { return is_bool() ? int64_t(as_bool()) : as_int(); }
  // any number as double.
  double to_float() const {
    return is_float() ? as_float() : static_cast<double>(to_int());
  }

  // Typed access to an object of class T (nullptr when the value is another kind).
  template <class T>
  T* as() const {
    Object* o = object_ptr();
    return (o && T::is_instance(*o)) ? static_cast<T*>(o) : nullptr;
  }
  template <class T>
  std::shared_ptr<T> as_shared() const {
    return as<T>() ? std::static_pointer_cast<T>(as_object()) : nullptr;
  }

 private:
  std::variant<std::monostate, bool, int64_t, double, at::Tensor, Ref> v_;
};

// A tensor, or None where libtorch has an undefined one (a gradient that
// does not exist, an optional output).
inline Value tensor_or_none(const at::Tensor& t) { return t.defined() ? Value(t) : Value(); }

}  // namespace backstep::rt

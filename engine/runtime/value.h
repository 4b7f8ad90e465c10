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

// Note [Value as a tagged union]: a kind byte and a union, not a
// std::variant. Every operand, local and argument is copied, moved and
// destroyed as a Value, and a variant with non-trivial members does each
// through an out-of-line visit table: ~420 of the ~2,760 instructions of
// one method-call iteration (callgrind, stop 27). Here the immediate kinds
// copy as 8 bytes, inline, and only a tensor or object takes a call to
// update its reference count. Reading the wrong kind throws std::bad_variant_access, as
// std::get did, so a confused caller still gets an error, not garbage.
class Value {
 public:
  enum class Kind : uint8_t { None, Bool, Int, Float, Tensor, Object };

  Value() noexcept : kind_(Kind::None), i_(0) {}
  Value(bool b) noexcept : kind_(Kind::Bool), i_(0) { b_ = b; }            // NOLINT: implicit on purpose
  Value(int64_t i) noexcept : kind_(Kind::Int), i_(i) {}                   // NOLINT
  Value(int i) noexcept : kind_(Kind::Int), i_(static_cast<int64_t>(i)) {}  // NOLINT
  Value(double d) noexcept : kind_(Kind::Float), d_(d) {}                  // NOLINT
  Value(at::Tensor t) noexcept : kind_(Kind::Tensor) { new (&t_) at::Tensor(std::move(t)); }  // NOLINT
  Value(Ref o) noexcept : kind_(Kind::Object) { new (&o_) Ref(std::move(o)); }                // NOLINT
  template <class T, class = std::enable_if_t<std::is_base_of_v<Object, T>>>
  Value(std::shared_ptr<T> o) noexcept : kind_(Kind::Object) {  // NOLINT
    new (&o_) Ref(std::move(o));
  }

  Value(const Value& other) noexcept : kind_(other.kind_), i_(other.i_) {
    if (counted()) copy_counted(other);
  }
  Value(Value&& other) noexcept : kind_(other.kind_), i_(other.i_) {
    if (counted()) take_counted(other);
  }
  Value& operator=(const Value& other) noexcept {
    if (!other.counted() && !counted()) {
      kind_ = other.kind_;
      i_ = other.i_;
      return *this;
    }
    assign_counted(other);
    return *this;
  }
  Value& operator=(Value&& other) noexcept {
    if (!counted()) {  // nothing of this value's to release: take other's as it is
      if (this == &other) return *this;
      kind_ = other.kind_;
      i_ = other.i_;
      if (counted()) take_counted(other);
      return *this;
    }
    if (this != &other) move_assign_counted(other);
    return *this;
  }
  ~Value() {
    if (counted()) release_counted();
  }

  static Value none() { return Value(); }

  Kind kind() const { return kind_; }
  bool is_none() const { return kind_ == Kind::None; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }  // a bool is not an int here
  bool is_float() const { return kind_ == Kind::Float; }
  bool is_tensor() const { return kind_ == Kind::Tensor; }
  bool is_object() const { return kind_ == Kind::Object; }
  // int or bool: what Python's int() accepts without conversion.
  bool is_int_like() const { return is_int() || is_bool(); }
  bool is_number() const { return is_int() || is_bool() || is_float(); }

  bool as_bool() const { return expect(Kind::Bool), b_; }
  int64_t as_int() const { return expect(Kind::Int), i_; }
  double as_float() const { return expect(Kind::Float), d_; }
  const at::Tensor& as_tensor() const { return expect(Kind::Tensor), t_; }
  at::Tensor& as_tensor() { return expect(Kind::Tensor), t_; }
  const Ref& as_object() const { return expect(Kind::Object), o_; }
  Object* object_ptr() const { return is_object() ? o_.get() : nullptr; }

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
  // A tensor or an object: the kinds that own a reference.
  bool counted() const { return kind_ >= Kind::Tensor; }
  void expect(Kind k) const {
    if (kind_ != k) [[unlikely]] throw std::bad_variant_access();
  }
  // The counted kinds' halves, out of line (value.cpp): a reference-count
  // update costs more than the call, and inlining them everywhere bloats
  // every function that touches a Value. The i_ copies above carry the
  // immediate kinds (and are overwritten here for the counted ones).
  void copy_counted(const Value& other) noexcept;
  // Leaves `other` None. Inline, unlike the others: a move is two or three
  // pointer copies, less than the call (stop 30).
  void take_counted(Value& other) noexcept {
    if (kind_ == Kind::Object) {
      new (&o_) Ref(std::move(other.o_));
      other.o_.~Ref();
    } else {
      new (&t_) at::Tensor(std::move(other.t_));
      other.t_.~Tensor();
    }
    other.kind_ = Kind::None;
    other.i_ = 0;
  }
  void assign_counted(const Value& other) noexcept;
  void move_assign_counted(Value& other) noexcept;
  void release_counted() noexcept;
  void adopt(Value& source) noexcept;  // assign_counted's and move_assign_counted's end

  Kind kind_;
  union {
    bool b_;
    int64_t i_;
    double d_;
    at::Tensor t_;
    Ref o_;
  };
};

// A tensor, or None where libtorch has an undefined one (a gradient that
// does not exist, an optional output).
inline Value tensor_or_none(const at::Tensor& t) { return t.defined() ? Value(t) : Value(); }

}  // namespace backstep::rt

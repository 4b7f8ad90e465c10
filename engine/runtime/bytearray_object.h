// Python's bytearray: a mutable sequence of bytes with bytes' methods (their
// bytes results come back as bytearrays), item and slice assignment and
// deletion, append/extend/insert/pop/remove/clear/reverse/copy, += and *=.
#pragma once

#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <string>

namespace backstep::rt {

TypeObject* bytearray_type();

class BytearrayObject : public Object {
 public:
  explicit BytearrayObject(std::string d, const TypeObject* cls = nullptr);
  static bool is_instance(const Object& o);
  const TypeObject& native_type() const override { return *bytearray_type(); }
  std::string repr(Interpreter& in) const override;

  std::string data;  // the bytes themselves
};

Value make_bytearray(std::string data);

// Slots and methods (once, from install_builtin_slots, after bytes').
void install_bytearray_type();

}  // namespace backstep::rt

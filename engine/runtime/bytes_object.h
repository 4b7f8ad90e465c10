// Python's bytes: an immutable sequence of small ints (0..255), with
// CPython's repr, hashing, comparison, indexing and the methods scripts use
// (decode, hex, split, join, find, replace, strip, ...).
#pragma once

#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <string>

namespace backstep::rt {

TypeObject* bytes_type();

class BytesObject : public Object {
 public:
  explicit BytesObject(std::string d) : Object(ObjKind::Other), data(std::move(d)) {}
  static bool is_instance(const Object& o);
  const TypeObject& native_type() const override { return *bytes_type(); }
  std::string repr(Interpreter& in) const override;

  const std::string data;  // the bytes themselves (not UTF-8 text)
};

Value make_bytes(std::string data);
// b'...' as CPython's repr writes it.
std::string bytes_repr(std::string_view data);
// The bytes of a bytes-like argument (bytes or bytearray), or null.
const std::string* bytes_data(const Value& v);
// The same, or CPython's TypeError ("a bytes-like object is required").
const std::string& bytes_arg(const Value& v);
// bytes.isspace's whitespace: space, \t \n \v \f \r.
inline bool is_ascii_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
// iter() of bytes or bytearray: their bytes as ints, read as it goes (a
// bytearray that grows while iterated yields the new bytes too).
Value byte_iterator(const Value& self, const char* type_name);

// Slots and methods of bytes and str.encode (once, from install_builtin_slots).
void install_bytes_type();
// bytes_methods.cpp: the methods of bytes and str.encode.
void install_bytes_methods(TypeObject& bytes);

}  // namespace backstep::rt

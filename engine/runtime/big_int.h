// Python ints beyond 64 bits.
//
// Note [two representations of int]: an int that fits in int64 is a Value
// held inline (Value::Kind::Int), as before; arithmetic that overflows int64
// promotes its result to a BigIntObject (GMP's mpz underneath), and every
// big result that fits in int64 again is demoted (make_int). So a Value of
// kind Int is never a big number in disguise, a BigIntObject never holds a
// value that fits in int64, and the small-int fast paths stay as they were.
// Both are instances of the one script class `int`: type_of gives int for
// either, and the int type's slots (number_slots.cpp) handle both.
#pragma once

#include "engine/lang/ast.h"
#include "engine/runtime/object.h"

#include <gmpxx.h>

#include <optional>
#include <string>

namespace backstep::rt {

using lang::BinOp;
using lang::CmpOp;

class BigIntObject : public Object {
 public:
  explicit BigIntObject(mpz_class v) : Object(ObjKind::Other), value(std::move(v)) {}
  static bool is_instance(const Object& o);
  const TypeObject& native_type() const override;
  std::string repr(Interpreter& in) const override;

  const mpz_class value;  // never fits in int64 (Note [two representations of int])
};

// The big value of an int Value (a BigIntObject, or an int subclass instance
// holding one); nullptr for small ints and everything else.
const mpz_class* big_int_of(const Value& v);
inline bool is_big_int(const Value& v) { return v.is_object() && big_int_of(v) != nullptr; }

// What an __index__ result gives as int64: a big int raises IndexError
// "cannot fit 'int' into an index-sized integer" (as a sequence index does).
int64_t index_to_int64(const Value& r);
// A slice bound: big ints clamp to the int64 range, as CPython's slices.
int64_t index_clamped(const Value& r);
// float(x) for an int, bool, float or big int.
double number_to_double(const Value& v);

// An int Value for `v`: inline when it fits in int64, else a BigIntObject.
Value make_int(const mpz_class& v);
// An int, bool or big int as mpz (the caller checked it is one of them).
mpz_class to_mpz(const Value& v);
inline mpz_class mpz_of_int64(int64_t v) {
  mpz_class r;
  mpz_set_si(r.get_mpz_t(), v);  // long is 64-bit here
  return r;
}

// float(x), correctly rounded (half to even) as CPython's int.__float__;
// OverflowError "int too large to convert to float" past DBL_MAX.
double big_to_double(const mpz_class& v);
// a / b for ints, correctly rounded as CPython's long_true_divide.
double int_true_divide(const mpz_class& a, const mpz_class& b);
// Digits in base 2, 8, 10 or 16 (lower case), with a '-' when negative.
std::string big_to_string(const mpz_class& v, int base = 10);
// format(v, spec) with a non-empty spec (the format-spec mini-language).
std::string format_big_int(const mpz_class& v, std::string_view spec);
// hash() as CPython: the value modulo 2**61 - 1, with its sign.
int64_t big_hash(const mpz_class& v);
// int(text, base) for digit strings that do not fit in int64: nullopt when
// `digits` (no sign, no underscores, no prefix) is not a valid number.
std::optional<Value> parse_big_int(const std::string& digits, int base, bool negative);
// A literal beyond int64 (its source text without underscores: "0x...", "123...").
Value big_int_literal(const std::string& text);
// int(d) for a finite float beyond int64.
Value int_from_double(double d);

// Arithmetic where an operand is a big int (or a small-int result overflowed):
// operands are ints, bools, big ints or floats. NotImplemented for other ops.
Value big_number_binary(BinOp op, const Value& a, const Value& b);
// Comparison where an operand is a big int; the other an int, bool, big int
// or float.
bool big_compare(CmpOp op, const Value& a, const Value& b);
// The int64 operation `op` on a, b overflowed: the exact result.
Value promoted_int_binary(BinOp op, int64_t a, int64_t b);

}  // namespace backstep::rt

// Builtins about ints, big or small: hex(), oct(), bin() and pow() with a
// modulus, with CPython's results and messages.
#include "engine/runtime/big_int.h"
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {
namespace {

// operator.index(v) as mpz: ints, bools, big ints and classes with __index__.
mpz_class index_mpz(Interpreter& in, const Value& v) {
  if (v.is_int_like() || is_big_int(v)) return to_mpz(v);
  const TypeObject& t = type_of(v);
  if (t.slots.index) return to_mpz(t.slots.index(in, v));
  raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
}

Value in_base(Interpreter& in, Args& a, const char* name, int base, const char* prefix) {
  expect_args(a, name, 1, 1);
  mpz_class v = index_mpz(in, a.pos[0]);
  std::string digits = big_to_string(abs(v), base);
  return make_str((sgn(v) < 0 ? "-" : "") + std::string(prefix) + digits);
}

// pow(base, exp, mod): mpz_powm, with a modular inverse for exp < 0 (3.8+).
Value modular_pow(Interpreter& in, const Value& b, const Value& e, const Value& m) {
  auto is_int = [](const Value& v) { return v.is_int_like() || is_big_int(v); };
  if (!is_int(b) || !is_int(e) || !is_int(m)) {
    if (b.is_number() && e.is_number() && m.is_number())
      raise_type_error("pow() 3rd argument not allowed unless all arguments are integers");
    raise_type_error(fmt::format("unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'", type_name(b),
                                 type_name(e), type_name(m)));
  }
  (void)in;
  mpz_class base = to_mpz(b), exp = to_mpz(e), mod = to_mpz(m);
  if (sgn(mod) == 0) raise_value_error("pow() 3rd argument cannot be 0");
  mpz_class amod = abs(mod);
  if (sgn(exp) < 0) {
    mpz_class inv;
    if (mpz_invert(inv.get_mpz_t(), base.get_mpz_t(), amod.get_mpz_t()) == 0)
      raise_value_error("base is not invertible for the given modulus");
    base = inv;
    exp = -exp;
  }
  mpz_class r;
  mpz_powm(r.get_mpz_t(), base.get_mpz_t(), exp.get_mpz_t(), amod.get_mpz_t());  // in [0, |mod|)
  if (sgn(mod) < 0 && sgn(r) != 0) r += mod;  // Python: the result takes the modulus's sign
  return make_int(r);
}

Value b_pow(Interpreter& in, Args& a) {
  if (a.pos.size() > 3) raise_type_error(fmt::format("pow() takes at most 3 arguments ({} given)", a.pos.size()));
  const Value* base = a.pos.size() > 0 ? &a.pos[0] : a.find_kw("base");
  const Value* exp = a.pos.size() > 1 ? &a.pos[1] : a.find_kw("exp");
  const Value* mod = a.pos.size() > 2 ? &a.pos[2] : a.find_kw("mod");
  if (!base) raise_type_error("pow() missing required argument 'base' (pos 1)");
  if (!exp) raise_type_error("pow() missing required argument 'exp' (pos 2)");
  if (!mod || mod->is_none()) return binary(in, BinOp::Pow, *base, *exp);
  return modular_pow(in, *base, *exp, *mod);
}

bool big_endian(Interpreter& in, const Value* order) {
  std::string o = order ? str(in, *order) : "big";
  if (o != "big" && o != "little") raise_value_error("byteorder must be either 'little' or 'big'");
  return o == "big";
}

// int.to_bytes(length=1, byteorder='big', *, signed=False)
Value to_bytes(Interpreter& in, const Value& self, Args& a) {
  const Value* len_arg = arg_or_kw(a, 0, "length");
  size_t length = len_arg ? static_cast<size_t>(to_index(in, *len_arg)) : 1;
  bool big = big_endian(in, arg_or_kw(a, 1, "byteorder"));
  const Value* sig = a.find_kw("signed");
  bool is_signed = sig && truthy(in, *sig);
  mpz_class v = to_mpz(*unbox_number(self));
  if (!is_signed && sgn(v) < 0) raise_overflow("can't convert negative int to unsigned");
  mpz_class limit;
  mpz_ui_pow_ui(limit.get_mpz_t(), 2, 8 * length - (is_signed && length ? 1 : 0));
  if (v >= limit || (is_signed && v < -limit)) raise_overflow("int too big to convert");
  if (sgn(v) < 0) {
    mpz_class wrap;
    mpz_ui_pow_ui(wrap.get_mpz_t(), 2, 8 * length);
    v += wrap;
  }
  std::string out(length, '\0');
  size_t count = 0;
  std::string digits(length + 1, '\0');
  mpz_export(digits.data(), &count, 1, 1, 1, 0, v.get_mpz_t());  // big-endian, no leading zeros
  std::copy(digits.begin(), digits.begin() + static_cast<std::ptrdiff_t>(count), out.end() - static_cast<std::ptrdiff_t>(count));
  if (!big) std::reverse(out.begin(), out.end());
  return make_bytes(std::move(out));
}

// int.from_bytes(bytes, byteorder='big', *, signed=False)
Value from_bytes(Interpreter& in, Args& a) {
  const Value* src = arg_or_kw(a, 0, "bytes");
  if (!src) raise_type_error("from_bytes() missing required argument 'bytes' (pos 1)");
  std::string data;
  if (const std::string* d = bytes_data(*src)) data = *d;
  else data = *bytes_data(call(in, type_value(*bytes_type()), {*src}));
  if (!big_endian(in, arg_or_kw(a, 1, "byteorder"))) std::reverse(data.begin(), data.end());
  mpz_class v;
  if (!data.empty()) mpz_import(v.get_mpz_t(), data.size(), 1, 1, 1, 0, data.data());
  const Value* sig = a.find_kw("signed");
  if (sig && truthy(in, *sig) && !data.empty() && (static_cast<unsigned char>(data[0]) & 0x80)) {
    mpz_class wrap;
    mpz_ui_pow_ui(wrap.get_mpz_t(), 2, 8 * data.size());
    v -= wrap;
  }
  return make_int(v);
}

}  // namespace

// Registered by install_builtins (builtins.cpp).
void install_int_builtins(Interpreter& in) {
  in.set_builtin("hex", make_builtin("hex", [](Interpreter& in, Args& a) { return in_base(in, a, "hex", 16, "0x"); }));
  in.set_builtin("oct", make_builtin("oct", [](Interpreter& in, Args& a) { return in_base(in, a, "oct", 8, "0o"); }));
  in.set_builtin("bin", make_builtin("bin", [](Interpreter& in, Args& a) { return in_base(in, a, "bin", 2, "0b"); }));
  in.set_builtin("pow", make_builtin("pow", b_pow));
  add_method(*mutable_types().int_, "to_bytes", &to_bytes);
  mutable_types().int_->set_class_attr("from_bytes", make_builtin("from_bytes", &from_bytes));
}

}  // namespace backstep::rt

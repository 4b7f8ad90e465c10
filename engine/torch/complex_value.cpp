#include "engine/torch/complex_value.h"

#include "engine/runtime/dict_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/type_object.h"

namespace backstep::torchb {

void install_complex_builtin(rt::Interpreter& in) {
  // The import makes `sys` (to search sys.path) before the program's argv
  // and -W options are known: it is made again, with them, when the program
  // first asks for it.
  bool had_sys = in.modules()->find_str("sys") != nullptr;
  try {
    in.set_builtin("complex", rt::get_attr(in, in.import_module("_complex"), "complex"));
  } catch (const rt::ScriptError&) {
    // A library folder without it (BACKSTEP_PYLIB_DIR): no complex numbers.
  }
  if (!had_sys) in.modules()->erase_str("sys");
}

rt::Value complex_value(c10::complex<double> z) {
  rt::Interpreter& in = rt::Interpreter::current();
  const rt::Value* cls = in.builtin("complex");
  if (!cls) rt::raise_type_error("complex numbers are not supported yet");
  return in.call(*cls, {rt::Value(z.real()), rt::Value(z.imag())});
}

std::optional<c10::complex<double>> complex_of(const rt::Value& v) {
  if (v.is_int() || v.is_float() || v.is_bool() || v.is_none() || v.is_tensor()) return std::nullopt;
  rt::Interpreter& in = rt::Interpreter::current();
  const rt::Value* cls = in.builtin("complex");
  const auto* type = cls ? cls->as<rt::TypeObject>() : nullptr;
  if (!type || !rt::isinstance(v, *type)) return std::nullopt;
  return c10::complex<double>(rt::to_double(in, rt::get_attr(in, v, "real")), rt::to_double(in, rt::get_attr(in, v, "imag")));
}

}  // namespace backstep::torchb

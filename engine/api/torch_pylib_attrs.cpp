// torch.X names that PyTorch defines in Python and backstep's library
// (engine/pylib/torch) defines the same way: resolved on first access from
// the module that holds them, as the submodules are (importing them while
// `torch` itself is being made would recurse).
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

#include <string>
#include <string_view>
#include <utility>

namespace backstep::api {

std::optional<rt::Value> torch_pylib_attribute(rt::Interpreter& in, std::string_view name) {
  static const std::pair<const char*, const char*> table[] = {
      {"finfo", "torch._type_info"},
      {"iinfo", "torch._type_info"},
      {"is_autocast_enabled", "torch._autocast_state"},
      {"get_autocast_dtype", "torch._autocast_state"},
      {"typename", "torch._typename"},
  };
  for (const auto& [attr, module] : table)
    if (name == attr) return rt::get_attr(in, in.import_module(module), attr);
  return std::nullopt;
}

}  // namespace backstep::api

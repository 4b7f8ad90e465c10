#include "engine/runtime/arg_binder.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cstring>

namespace backstep::rt {

std::vector<const Value*> bind_args(const Args& a, const char* fn, std::initializer_list<const char*> names,
                                    size_t required, size_t kw_only_from) {
  std::vector<const char*> params(names);
  std::vector<const Value*> out(params.size(), nullptr);
  size_t positional = std::min(kw_only_from, params.size());
  if (a.pos.size() > positional) {
    raise_type_error(fmt::format("{}() takes {} positional argument{} but {} {} given", fn,
                                 required == positional ? std::to_string(positional)
                                                        : fmt::format("from {} to {}", required, positional),
                                 positional == 1 ? "" : "s", a.pos.size(), a.pos.size() == 1 ? "was" : "were"));
  }
  for (size_t i = 0; i < a.pos.size(); ++i) out[i] = &a.pos[i];
  for (const auto& kw : a.kw) {
    size_t i = 0;
    while (i < params.size() && kw.name != params[i]) ++i;
    if (i == params.size()) raise_type_error(fmt::format("{}() got an unexpected keyword argument '{}'", fn, kw.name));
    if (out[i]) raise_type_error(fmt::format("{}() got multiple values for argument '{}'", fn, kw.name));
    out[i] = &kw.value;
  }
  for (size_t i = 0; i < required; ++i)
    if (!out[i])
      raise_type_error(fmt::format("{}() missing 1 required positional argument: '{}'", fn, params[i]));
  return out;
}

bool bool_arg(Interpreter& in, const Value* v, bool fallback) {
  if (!v || v->is_none()) return fallback;
  return truthy(in, *v);
}

}  // namespace backstep::rt

// torch.Generator (torch._C.Generator): a script object holding a libtorch
// at::Generator, so `generator=` arguments reach ATen's random operators and
// draw exactly as PyTorch's do. torch.default_generator wraps libtorch's
// default CPU generator (one object, as in PyTorch).
#pragma once

#include "engine/runtime/object.h"

#include <ATen/core/Generator.h>

namespace backstep::torchb {

class GeneratorObject : public rt::Object {
 public:
  explicit GeneratorObject(at::Generator g);
  static bool is_instance(const rt::Object& o);
  const rt::TypeObject& native_type() const override;
  std::string repr(rt::Interpreter& in) const override;  // <torch._C.Generator object at 0x...>

  at::Generator gen;
};

// The class torch.Generator (methods are added by the api layer).
rt::TypeObject& generator_type();
// torch.default_generator: the same object every time.
rt::Value default_generator_object();

}  // namespace backstep::torchb

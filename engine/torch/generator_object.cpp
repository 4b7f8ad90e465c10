#include "engine/torch/generator_object.h"

#include "engine/runtime/type_object.h"

#include <ATen/CPUGeneratorImpl.h>
#include <fmt/format.h>

namespace backstep::torchb {

GeneratorObject::GeneratorObject(at::Generator g) : Object(rt::ObjKind::Other), gen(std::move(g)) {}

bool GeneratorObject::is_instance(const rt::Object& o) { return o.type().is_subtype_of(generator_type()); }

const rt::TypeObject& GeneratorObject::native_type() const { return generator_type(); }

std::string GeneratorObject::repr(rt::Interpreter&) const {
  return fmt::format("<torch._C.Generator object at {:#x}>", address());
}

rt::TypeObject& generator_type() {
  static rt::TypeObject* t = rt::new_type("Generator", "torch._C", rt::mutable_types().object);
  return *t;
}

rt::Value default_generator_object() {
  static rt::Value g(std::make_shared<GeneratorObject>(at::detail::getDefaultCPUGenerator()));
  return g;
}

}  // namespace backstep::torchb

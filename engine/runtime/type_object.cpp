#include "engine/runtime/type_object.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/objects.h"

#include <fmt/format.h>

namespace backstep::rt {

TypeObject::TypeObject(std::string name, std::string module, const TypeObject* base, Constructor ctor)
    : Object(ObjKind::Type), name_(std::move(name)), module_(std::move(module)), base_(base), ctor_(std::move(ctor)) {}

const TypeObject& TypeObject::type() const { return *types().type; }

std::string TypeObject::qualified_name() const { return module_.empty() ? name_ : module_ + "." + name_; }

bool TypeObject::is_subtype_of(const TypeObject& other) const {
  for (const TypeObject* t = this; t; t = t->base_)
    if (t == &other) return true;
  return &other == types().object;
}

std::string TypeObject::repr(Interpreter&) const { return "<class '" + qualified_name() + "'>"; }

std::optional<Value> TypeObject::get_attr(Interpreter&, std::string_view name) {
  if (name == "__name__") return make_str(name_);
  if (name == "__qualname__") return make_str(name_);
  if (name == "__module__") return make_str(module_.empty() ? "builtins" : module_);
  for (const TypeObject* t = this; t; t = t->base_) {
    auto it = t->class_attrs_.find(std::string(name));
    if (it != t->class_attrs_.end()) return it->second;
  }
  return std::nullopt;
}

std::vector<std::string> TypeObject::attr_names() const {
  std::vector<std::string> out = {"__name__", "__qualname__", "__module__"};
  for (const auto& [k, v] : class_attrs_) out.push_back(k);
  return out;
}

Value TypeObject::call(Interpreter& in, Args& args) {
  if (!ctor_) raise_type_error(fmt::format("cannot create '{}' instances", qualified_name()));
  return ctor_(in, args);
}

TypeObject* new_type(std::string name, std::string module, const TypeObject* base, TypeObject::Constructor ctor) {
  static auto* keep = new std::vector<std::shared_ptr<TypeObject>>();  // never freed, on purpose
  keep->push_back(std::make_shared<TypeObject>(std::move(name), std::move(module), base, std::move(ctor)));
  return keep->back().get();
}

Value type_value(const TypeObject& t) {
  return Value(std::const_pointer_cast<Object>(t.shared_from_this()));
}

namespace {
BuiltinTypes& storage() {
  static BuiltinTypes t = [] {
    BuiltinTypes b{};
    auto make = [](const char* name, const char* module, const TypeObject* base) {
      return new_type(name, module, base);
    };
    b.object = make("object", "", nullptr);
    b.type = make("type", "", b.object);
    b.none = make("NoneType", "", b.object);
    b.int_ = make("int", "", b.object);
    b.bool_ = make("bool", "", b.int_);
    b.float_ = make("float", "", b.object);
    b.str = make("str", "", b.object);
    b.list = make("list", "", b.object);
    b.tuple = make("tuple", "", b.object);
    b.dict = make("dict", "", b.object);
    b.set = make("set", "", b.object);
    b.slice = make("slice", "", b.object);
    b.ellipsis = make("ellipsis", "", b.object);
    b.range = make("range", "", b.object);
    b.iterator = make("iterator", "", b.object);
    b.function = make("function", "", b.object);
    b.builtin_function = make("builtin_function_or_method", "", b.object);
    b.method = make("method", "", b.object);
    b.module = make("module", "", b.object);
    b.cell = make("cell", "", b.object);
    b.tensor = make("Tensor", "torch", b.object);
    b.parameter = make("Parameter", "torch.nn.parameter", b.tensor);
    b.size = make("Size", "torch", b.tuple);
    b.dtype = make("dtype", "torch", b.object);
    b.device = make("device", "torch", b.object);
    b.layout = make("layout", "torch", b.object);
    b.memory_format = make("memory_format", "torch", b.object);
    b.node = make("Node", "torch.autograd.graph", b.object);
    b.generic = make("object", "torch", b.object);
    return b;
  }();
  return t;
}
}  // namespace

const BuiltinTypes& types() { return storage(); }
BuiltinTypes& mutable_types() { return storage(); }

}  // namespace backstep::rt

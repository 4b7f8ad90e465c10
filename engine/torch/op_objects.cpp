// Looking families up by Python name, and the callable objects for torch.X.
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/torch/bridge.h"
#include "engine/torch/overload_index.h"

#include <fmt/format.h>

#include <mutex>
#include <set>
#include <unordered_map>

namespace backstep::torchb {

using rt::Value;

const OpFamily* find_op(std::string_view python_name) {
  const OpFamily* f = detail::family_for(python_name);
  return f && f->has_function() && f->module == OpModule::Torch ? f : nullptr;
}

const OpFamily* find_method(std::string_view python_name) {
  const OpFamily* f = detail::family_for(python_name);
  return f && f->has_method() ? f : nullptr;
}

namespace {
// torch.linalg.norm is torch._C._linalg.linalg_norm, and so on.
const char* module_prefix(OpModule m) {
  switch (m) {
    case OpModule::Linalg: return "linalg_";
    case OpModule::Special: return "special_";
    case OpModule::FFT: return "fft_";
    case OpModule::Sparse: return "sparse_";
    case OpModule::Nested: return "nested_";
    default: return "";
  }
}
}  // namespace

const OpFamily* find_module_op(OpModule module, std::string_view python_name) {
  std::string name = module_prefix(module) + std::string(python_name);
  const OpFamily* f = detail::family_for(name);
  if (!f && module != OpModule::Torch) f = detail::family_for(python_name);  // _C._nn.linear etc.
  return f && f->has_function() && f->module == module ? f : nullptr;
}

namespace {

// The module PyTorch's generated binding says it lives in (__module__):
// torch.nn.functional's re-exports show where they came from.
const char* binding_module(OpModule m) {
  switch (m) {
    case OpModule::NN: return "torch._C._nn";
    case OpModule::Linalg: return "torch._C._linalg";
    case OpModule::Special: return "torch._C._special";
    case OpModule::FFT: return "torch._C._fft";
    case OpModule::Sparse: return "torch.sparse";
    case OpModule::Nested: return "torch.nested";
    default: return "torch";
  }
}

// torch.X as a value: calling it runs the family as a function. It keeps a
// call-site cache of its own for calls through the object (f = torch.add;
// f(x, y)); direct `torch.add(...)` calls use the AST node's cache instead.
class OpFunction : public rt::Object {
 public:
  explicit OpFunction(const OpFamily& f) : Object(rt::ObjKind::Other), family(f) {}
  const rt::TypeObject& native_type() const override { return *rt::types().builtin_function; }
  std::string repr(rt::Interpreter&) const override {
    if (family.module != OpModule::Torch) return "<built-in function " + family.name + ">";
    // The owner is torch._C._VariableFunctions, one class for all functions.
    static const int owner = 0;
    return fmt::format("<built-in method {} of type object at {:#x}>", family.name,
                       reinterpret_cast<uintptr_t>(&owner));
  }
  std::optional<Value> get_attr(rt::Interpreter&, std::string_view name) override {
    if (name == "__name__" || name == "__qualname__") return rt::make_str(family.name);
    if (name == "__module__") return rt::make_str(binding_module(family.module));
    return std::nullopt;
  }
  bool callable() const override { return true; }
  Value call(rt::Interpreter& in, rt::Args& args) override { return call_op(in, family, nullptr, args, &cache); }

  const OpFamily& family;
  CallSiteCache cache;
};

// x.add as a value: the family bound to one tensor.
class OpMethod : public rt::Object {
 public:
  OpMethod(const OpFamily& f, Value self) : Object(rt::ObjKind::Other), family(f), self(std::move(self)) {}
  const rt::TypeObject& native_type() const override { return *rt::types().builtin_function; }
  std::string repr(rt::Interpreter&) const override {
    return fmt::format("<built-in method {} of Tensor object at {:#x}>", family.name,
                       reinterpret_cast<uintptr_t>(self.as_tensor().unsafeGetTensorImpl()));
  }
  std::optional<Value> get_attr(rt::Interpreter&, std::string_view name) override {
    if (name == "__name__" || name == "__qualname__") return rt::make_str(family.name);
    if (name == "__self__") return self;
    return std::nullopt;
  }
  bool callable() const override { return true; }
  Value call(rt::Interpreter& in, rt::Args& args) override { return call_op(in, family, &self, args, &cache); }

  const OpFamily& family;
  const Value self;
  CallSiteCache cache;
};

std::string param_text(const Param& p) {
  std::string s = std::string(ptype_display_name(p.type)) + (p.nullable ? "?" : "") + " " + p.name;
  return p.optional ? s + "=" + p.default_text : s;
}

std::string signature_line(const std::string& prefix, const Signature& sig) {
  std::string s = prefix + sig.name + "(";
  bool kw = false;
  for (size_t i = 0; i < sig.params.size(); ++i) {
    if (i) s += ", ";
    if (sig.params[i].keyword_only && !kw) s += "*, ", kw = true;
    s += param_text(sig.params[i]);
  }
  return s + ")";
}

}  // namespace

Value op_function_object(const OpFamily& family) {
  static std::mutex mu;
  static auto* objects = new std::unordered_map<const OpFamily*, Value>();
  std::lock_guard<std::mutex> lock(mu);
  auto& v = (*objects)[&family];
  if (v.is_none()) v = Value(std::make_shared<OpFunction>(family));
  return v;
}

const OpFamily* op_family_of(const Value& v) {
  rt::Object* o = v.object_ptr();
  auto* f = o && o->kind() == rt::ObjKind::Other ? dynamic_cast<OpFunction*>(o) : nullptr;
  return f ? &f->family : nullptr;
}

Value bound_method_object(const OpFamily& family, const Value& self) {
  return Value(std::make_shared<OpMethod>(family, self));
}

std::vector<std::string> op_schemas_text(const OpFamily& family) {
  std::vector<std::string> lines;
  std::set<std::string> schemas;
  const char* module = family.module == OpModule::Torch ? "torch." : "torch._C._nn.";
  for (const auto& sig : family.functions)
    if (!sig.hidden) lines.push_back(signature_line(module, sig));
  for (const auto& sig : family.methods)
    if (!sig.hidden) lines.push_back(signature_line("Tensor.", sig));
  for (const auto* sigs : {&family.functions, &family.methods})
    for (const auto& sig : *sigs)
      for (const auto* b : {&sig.base, &sig.out})
        if (*b) schemas.insert(c10::toString((*b)->op.schema()));
  lines.insert(lines.end(), schemas.begin(), schemas.end());
  return lines;
}

std::vector<std::string> all_op_names() { return detail::family_names(false, OpModule::Torch); }
std::vector<std::string> all_method_names() { return detail::family_names(true, OpModule::Torch); }

}  // namespace backstep::torchb

#include "engine/torch/manual_bindings.h"

#include "engine/runtime/big_int.h"
#include "engine/torch/complex_value.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"

#include <ATen/core/dispatch/Dispatcher.h>

namespace backstep::torchb::detail {

namespace {

using rt::Value;

// --- tensor metadata methods (no dispatcher operator behind them) -----------

// size(dim=None) / stride(dim=None): the whole shape, or one dimension
// (wrapped as PyTorch wraps negative dims, raising its IndexError).
Value size(const at::Tensor& t, const c10::IValue* a) {
  if (a[0].isNone()) return rt::make_size(t.sizes());
  return Value(t.size(a[0].toInt()));
}
Value stride(const at::Tensor& t, const c10::IValue* a) {
  if (!a[0].isNone()) return Value(t.stride(a[0].toInt()));
  std::vector<Value> items;
  for (int64_t s : t.strides()) items.emplace_back(s);
  return rt::make_tuple(std::move(items));
}
Value dim(const at::Tensor& t, const c10::IValue*) { return Value(t.dim()); }
Value numel(const at::Tensor& t, const c10::IValue*) { return Value(t.numel()); }
Value element_size(const at::Tensor& t, const c10::IValue*) { return Value(int64_t(t.element_size())); }
Value storage_offset(const at::Tensor& t, const c10::IValue*) { return Value(t.storage_offset()); }
Value get_device(const at::Tensor& t, const c10::IValue*) { return Value(t.get_device()); }
Value is_contiguous(const at::Tensor& t, const c10::IValue* a) {
  return Value(t.is_contiguous(a[0].isNone() ? at::MemoryFormat::Contiguous : a[0].toMemoryFormat()));
}

// Tensor.item(): a Python number; libtorch's own error for other sizes.
Value item(const at::Tensor& t, const c10::IValue*) {
  c10::Scalar s = t.item();
  // uint64 values past int64's range are Python ints all the same.
  if (t.scalar_type() == at::kUInt64 && s.isIntegral(false))
    return rt::make_int(mpz_class(static_cast<unsigned long>(s.to<uint64_t>())));
  if (s.isBoolean()) return Value(s.toBool());
  if (s.isIntegral(false)) return Value(s.toLong());
  if (s.isFloatingPoint()) return Value(s.toDouble());
  return complex_value(s.toComplexDouble());
}

using NativeFn = Value (*)(const at::Tensor&, const c10::IValue*);

struct Manual {
  const char* family;
  char ns;               // 'M' Tensor method, 'F' torch function
  const char* text;      // python_arg_parser signature
  const char* overload;  // "to.dtype_layout", "range.step|range.out" (with out=); nullptr for natives
  const char* renames;   // Python name -> schema name
  const char* implicit;  // "device=cpu": a value for a missing argument
  NativeFn native;
};

#define CONVERT(name, dtype)                                                              \
  {name, 'M', name "(*, MemoryFormat? memory_format=None)", "to.dtype", "", "dtype=" dtype, \
   nullptr}

// python_variable_methods.cpp's hand-written signatures, mapped onto the
// aten overloads those bindings end up calling.
const Manual kManual[] = {
    {"to", 'M',
     "to(Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False, *, "
     "MemoryFormat? memory_format=None)",
     "to.dtype_layout", "", "", nullptr},
    {"to", 'M',
     "to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? "
     "memory_format=None)",
     "to.dtype", "", "", nullptr},
    {"to", 'M',
     "to(Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? "
     "memory_format=None)",
     "to.other", "tensor:other", "", nullptr},
    {"cpu", 'M', "cpu(*, MemoryFormat? memory_format=None)", "to.dtype_layout", "", "device=cpu", nullptr},
    {"cuda", 'M', "cuda(Device? device=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
     "to.dtype_layout", "", "device=cuda", nullptr},
    CONVERT("double", "Double"), CONVERT("float", "Float"), CONVERT("half", "Half"),
    CONVERT("bfloat16", "BFloat16"), CONVERT("int", "Int"), CONVERT("long", "Long"),
    CONVERT("short", "Short"), CONVERT("char", "Char"), CONVERT("byte", "Byte"), CONVERT("bool", "Bool"),
    {"copy_", 'M', "copy_(Tensor other, bool non_blocking=False)", "copy_", "other:src", "", nullptr},
    {"copy_", 'M', "copy_(Tensor other, bool async=False)|deprecated", "copy_", "other:src,async:non_blocking", "",
     nullptr},
    // python_torch_functions_manual.cpp
    {"range", 'F',
     "range(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, ScalarType dtype=None, Layout "
     "layout=torch.strided, Device device=None, bool requires_grad=False)",
     "range.step|range.out", "", "", nullptr},
    {"size", 'M', "size(int64_t? dim=None)", nullptr, "", "", size},
    {"stride", 'M', "stride(int64_t? dim=None)", nullptr, "", "", stride},
    {"dim", 'M', "dim()", nullptr, "", "", dim},
    {"ndimension", 'M', "ndimension()", nullptr, "", "", dim},
    {"numel", 'M', "numel()", nullptr, "", "", numel},
    {"numel", 'F', "numel(Tensor input)", nullptr, "", "", numel},
    {"nelement", 'M', "nelement()", nullptr, "", "", numel},
    {"element_size", 'M', "element_size()", nullptr, "", "", element_size},
    {"storage_offset", 'M', "storage_offset()", nullptr, "", "", storage_offset},
    {"get_device", 'M', "get_device()", nullptr, "", "", get_device},
    {"get_device", 'F', "get_device(Tensor input)", nullptr, "", "", get_device},
    {"item", 'M', "item()", nullptr, "", "", item},
    {"is_contiguous", 'M', "is_contiguous(*, MemoryFormat memory_format=contiguous_format)", nullptr, "", "",
     is_contiguous},
};
#undef CONVERT

c10::ScalarType dtype_named(std::string_view n) {
  using S = c10::ScalarType;
  static const std::pair<const char*, S> names[] = {
      {"Double", S::Double}, {"Float", S::Float}, {"Half", S::Half},   {"BFloat16", S::BFloat16},
      {"Int", S::Int},       {"Long", S::Long},   {"Short", S::Short}, {"Char", S::Char},
      {"Byte", S::Byte},     {"Bool", S::Bool}};
  for (const auto& [name, t] : names)
    if (n == name) return t;
  throw std::runtime_error("unknown dtype in manual binding: " + std::string(n));
}

std::optional<c10::OperatorHandle> find_overload(std::string_view qualified) {
  auto dot = qualified.find('.');
  std::string name = "aten::" + std::string(qualified.substr(0, dot));
  std::string overload = dot == std::string_view::npos ? "" : std::string(qualified.substr(dot + 1));
  auto op = c10::Dispatcher::singleton().findSchema({name, overload});
  if (!op) return std::nullopt;
  return *op;
}

// nullopt when this libtorch lacks an operator the row names (a libtorch
// other than the pinned one, via Torch_DIR): the binding is left out, as
// PyTorch's own bindings only name operators that exist.
std::optional<Signature> manual_signature(const Manual& m) {
  Signature sig = parse_signature(m.text);
  sig.native = m.native;
  if (m.overload) {
    std::string_view spec = m.overload;
    std::string_view base = spec.substr(0, spec.find('|'));
    auto op = find_overload(base);
    if (!op) return std::nullopt;
    if (base.size() < spec.size()) {
      auto out = find_overload(spec.substr(base.size() + 1));
      if (!out) return std::nullopt;
      for (size_t i = 0; i < sig.params.size(); ++i)
        if (sig.params[i].name == "out") sig.out_param = int(i);
      sig.out = bind_schema(sig, *out, m.ns == 'M', m.renames);
    }
    sig.base = bind_schema(sig, *op, m.ns == 'M', m.renames);
    for (size_t i = 0; i < sig.params.size(); ++i)
      if (sig.params[i].name == "requires_grad" && sig.params[i].keyword_only) sig.requires_grad_param = int(i);
  }
  std::string_view imp = m.implicit;
  if (!imp.empty() && sig.base) {
    // A value for a schema argument the Python call left out (or None).
    auto eq = imp.find('=');
    std::string_view name = imp.substr(0, eq), value = imp.substr(eq + 1);
    c10::IValue v = name == "device" ? c10::IValue(c10::Device(std::string(value)))
                                     : c10::IValue(dtype_named(value));
    const auto& args = sig.base->op.schema().arguments();
    for (size_t i = 0; i < args.size(); ++i)
      if (args[i].name() == name) sig.implicit_args.emplace_back(int(i), v);
  }
  return sig;
}

// tools/autograd/deprecated.yaml, with `Tensor self` where the Tensor goes;
// each expands to a function form (self -> input) and a method form (self
// bound). The second field is the aten overload called.
const std::pair<const char*, const char*> kDeprecated[] = {
    {"add(Tensor self, Scalar alpha, Tensor other, *, Tensor out=None)", "Tensor"},
    {"add_(Tensor self, Scalar alpha, Tensor other)", "Tensor"},
    {"sub(Tensor self, Scalar alpha, Tensor other, *, Tensor out=None)", "Tensor"},
    {"sub_(Tensor self, Scalar alpha, Tensor other)", "Tensor"},
    {"addbmm(Scalar beta, Tensor self, Scalar alpha, Tensor batch1, Tensor batch2, *, Tensor out=None)", ""},
    {"addbmm(Scalar beta, Tensor self, Tensor batch1, Tensor batch2, *, Tensor out=None)", ""},
    {"addbmm_(Scalar beta, Tensor self, Scalar alpha, Tensor batch1, Tensor batch2)", ""},
    {"addbmm_(Scalar beta, Tensor self, Tensor batch1, Tensor batch2)", ""},
    {"addcdiv(Tensor self, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out=None)", ""},
    {"addcdiv_(Tensor self, Scalar value, Tensor tensor1, Tensor tensor2)", ""},
    {"addcmul(Tensor self, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out=None)", ""},
    {"addcmul_(Tensor self, Scalar value, Tensor tensor1, Tensor tensor2)", ""},
    {"addmm(Scalar beta, Tensor self, Scalar alpha, Tensor mat1, Tensor mat2, *, Tensor out=None)", ""},
    {"addmm(Scalar beta, Tensor self, Tensor mat1, Tensor mat2, *, Tensor out=None)", ""},
    {"addmm_(Scalar beta, Tensor self, Scalar alpha, Tensor mat1, Tensor mat2)", ""},
    {"addmm_(Scalar beta, Tensor self, Tensor mat1, Tensor mat2)", ""},
    {"addmv(Scalar beta, Tensor self, Scalar alpha, Tensor mat, Tensor vec, *, Tensor out=None)", ""},
    {"addmv(Scalar beta, Tensor self, Tensor mat, Tensor vec, *, Tensor out=None)", ""},
    {"addmv_(Scalar beta, Tensor self, Scalar alpha, Tensor mat, Tensor vec)", ""},
    {"addmv_(Scalar beta, Tensor self, Tensor mat, Tensor vec)", ""},
    {"addr(Scalar beta, Tensor self, Scalar alpha, Tensor vec1, Tensor vec2, *, Tensor out=None)", ""},
    {"addr(Scalar beta, Tensor self, Tensor vec1, Tensor vec2, *, Tensor out=None)", ""},
    {"addr_(Scalar beta, Tensor self, Scalar alpha, Tensor vec1, Tensor vec2)", ""},
    {"addr_(Scalar beta, Tensor self, Tensor vec1, Tensor vec2)", ""},
    {"baddbmm(Scalar beta, Tensor self, Scalar alpha, Tensor batch1, Tensor batch2, *, Tensor out=None)", ""},
    {"baddbmm(Scalar beta, Tensor self, Tensor batch1, Tensor batch2, *, Tensor out=None)", ""},
    {"baddbmm_(Scalar beta, Tensor self, Scalar alpha, Tensor batch1, Tensor batch2)", ""},
    {"baddbmm_(Scalar beta, Tensor self, Tensor batch1, Tensor batch2)", ""},
    {"sspaddmm(Scalar beta, Tensor self, Scalar alpha, Tensor mat1, Tensor mat2)", ""},
    {"sspaddmm(Scalar beta, Tensor self, Tensor mat1, Tensor mat2)", ""},
};

// The function or method form of a deprecated.yaml line.
std::string deprecated_text(std::string text, bool method) {
  if (method) {
    auto at = text.find("Tensor self");
    size_t len = std::string("Tensor self").size();
    if (text.compare(at + len, 2, ", ") == 0) len += 2;
    else if (at >= 2 && text.compare(at - 2, 2, ", ") == 0) at -= 2, len += 2;
    text.erase(at, len);
    if (auto star = text.find(", *, Tensor out=None"); star != std::string::npos) text.erase(star, 20);
  } else {
    text.replace(text.find("Tensor self"), 11, "Tensor input");
  }
  return text + "|deprecated";
}

}  // namespace

bool apply_manual_bindings(OpFamily& fam, bool method) {
  bool any = false;
  for (const Manual& m : kManual) {
    if (fam.name != m.family || (m.ns == 'M') != method) continue;
    any = true;
    if (auto sig = manual_signature(m)) (method ? fam.methods : fam.functions).push_back(std::move(*sig));
  }
  return any;
}

void add_deprecated_signatures(OpFamily& fam, bool method, const std::vector<c10::OperatorHandle>& ops) {
  auto& sigs = method ? fam.methods : fam.functions;
  if (sigs.empty()) return;  // the namespace does not have this name at all
  for (const auto& [text, overload] : kDeprecated) {
    std::string_view t = text;
    if (t.substr(0, t.find('(')) != fam.name) continue;
    Signature sig = parse_signature(deprecated_text(text, method));
    if (sig.params.back().name == "out") sig.out_param = int(sig.params.size()) - 1;
    for (const auto& op : ops) {
      const auto& ov = op.schema().overload_name();
      if (ov == overload) sig.base = bind_schema(sig, op, method);
      if (ov == "out" && sig.out_param >= 0) sig.out = bind_schema(sig, op, method);
    }
    if (!sig.base) continue;
    if (!sig.out) sig.out_param = -1;
    sigs.push_back(std::move(sig));
  }
}

std::vector<std::string> manual_binding_names() {
  std::vector<std::string> names;
  for (const Manual& m : kManual)
    if (names.empty() || names.back() != m.family) names.emplace_back(m.family);
  return names;
}

}  // namespace backstep::torchb::detail

// Tensor attributes (x.shape, x.grad, ...) and methods: the few that
// PyTorch implements in Python (torch/_tensor.py: backward, register_hook,
// split, ...) here, every other one through the operator bridge.
#include "engine/api/autograd_api.h"
#include "engine/api/legacy_constructors.h"
#include "engine/api/node_object.h"
#include "engine/api/op_site.h"
#include "engine/api/tensor_protocol.h"
#include "engine/api/tensor_registry.h"
#include "engine/runtime/big_int.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/bridge.h"
#include "engine/torch/complex_value.h"
#include "engine/torch/torch_objects.h"

#include <fmt/format.h>

#include <unordered_map>

namespace backstep::api {

rt::Value tensor_deepcopy(rt::Interpreter& in, const rt::Value& self, rt::Args& a);  // tensor_deepcopy.cpp
rt::Value tensor_set_(rt::Interpreter& in, const rt::Value& self, rt::Args& a);      // tensor_set.cpp
rt::Value tensor_is_view(rt::Interpreter& in, const rt::Value& self, rt::Args& a);   // tensor_set.cpp
std::optional<rt::Value> tensor_transpose_attr(rt::Interpreter& in, const rt::Value& self,
                                               std::string_view name);  // tensor_transposes.cpp

namespace {

using PyMethod = Value (*)(Interpreter&, const Value& self, rt::Args&);

Value scalar_value(const at::Tensor& t) {
  // uint64 values past int64's range are Python ints all the same.
  if (t.scalar_type() == at::kUInt64) return rt::make_int(mpz_class(static_cast<unsigned long>(*t.contiguous().data_ptr<uint64_t>())));
  at::Scalar s = t.item();
  if (s.isBoolean()) return Value(s.toBool());
  if (s.isIntegral(false)) return Value(s.toLong());
  if (s.isComplex()) return torchb::complex_value(s.toComplexDouble());
  return Value(s.toDouble());
}

// Nested lists of Python complex numbers (pylib _complex.py).
Value complex_list(const c10::complex<double>* data, const std::vector<int64_t>& sizes, size_t dim, int64_t& pos) {
  if (dim == sizes.size()) return torchb::complex_value(data[pos++]);
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(sizes[dim]));
  for (int64_t i = 0; i < sizes[dim]; ++i) items.push_back(complex_list(data, sizes, dim + 1, pos));
  return rt::make_list(std::move(items));
}

// Nested lists over a contiguous buffer of bool / int64 / double (the
// element values tolist gives): one pass, no tensor per element.
template <typename T>
Value nested_list(const T* data, const std::vector<int64_t>& sizes, size_t dim, int64_t& pos) {
  if (dim == sizes.size()) return Value(data[pos++]);
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(sizes[dim]));
  for (int64_t i = 0; i < sizes[dim]; ++i) items.push_back(nested_list(data, sizes, dim + 1, pos));
  return rt::make_list(std::move(items));
}

Value tolist_of(const at::Tensor& t) {
  if (t.dim() == 0) return scalar_value(t);
  std::vector<int64_t> sizes = t.sizes().vec();
  int64_t pos = 0;
  at::ScalarType st = t.scalar_type();
  if (st == at::kBool) {
    at::Tensor c = t.contiguous();
    return nested_list(c.data_ptr<bool>(), sizes, 0, pos);
  }
  if (c10::isIntegralType(st, /*includeBool=*/false) && st != at::kUInt64) {  // uint64 may not fit: item() below
    at::Tensor c = t.to(at::kLong).contiguous();
    return nested_list(c.data_ptr<int64_t>(), sizes, 0, pos);
  }
  if (c10::isComplexType(st)) {  // parts widen to double exactly, as item() does
    at::Tensor c = t.resolve_conj().resolve_neg().to(at::kComplexDouble).contiguous();
    return complex_list(c.data_ptr<c10::complex<double>>(), sizes, 0, pos);
  }
  if (c10::isFloatingType(st)) {  // half, bfloat16 and float widen to double exactly, as item() does
    at::Tensor c = t.to(at::kDouble).contiguous();
    return nested_list(c.data_ptr<double>(), sizes, 0, pos);
  }
  std::vector<Value> items;
  for (int64_t i = 0; i < t.size(0); ++i) items.push_back(tolist_of(t.select(0, i)));
  return rt::make_list(std::move(items));
}

Value m_tolist(Interpreter&, const Value& self, rt::Args& a) {
  rt::expect_args(a, "tolist", 0, 0);
  return tolist_of(self.as_tensor().detach().cpu());
}

Value m_backward(Interpreter& in, const Value& self, rt::Args& a) { return tensor_backward(in, self, a); }

Value m_register_hook(Interpreter& in, const Value& self, rt::Args& a) { return tensor_register_hook(in, self, a); }

Value m_type(Interpreter& in, const Value& self, rt::Args& a) {
  const at::Tensor& t = self.as_tensor();
  if (a.pos.empty() && a.kw.empty()) {
    std::string scalar = c10::toString(t.scalar_type());
    std::string prefix = t.is_cuda() ? "torch.cuda." : "torch.";
    return rt::make_str(prefix + scalar + "Tensor");
  }
  Value dtype = a.pos.empty() ? a.kw[0].value : a.pos[0];
  // x.type(torch.LongTensor) and x.type('torch.LongTensor') name a dtype by its legacy class.
  if (auto legacy = legacy_class_dtype(dtype)) dtype = torchb::dtype_object(*legacy);
  if (auto* s = dtype.as<rt::StrObject>()) {
    Value torch = in.import_module("torch");
    std::string name = s->value.rfind("torch.", 0) == 0 ? s->value.substr(6) : s->value;
    if (auto cls = rt::try_get_attr(in, torch, name); cls && legacy_class_dtype(*cls))
      dtype = torchb::dtype_object(*legacy_class_dtype(*cls));
    else rt::raise_value_error("invalid type: '" + s->value + "'");
  }
  rt::Args to_args{dtype};
  return rt::call_method(in, self, "to", to_args);
}

// Tensor.split (torch/_tensor.py): an int size goes to aten::split, a list
// of sizes to aten::split_with_sizes.
Value m_split(Interpreter& in, const Value& self, rt::Args& a) {
  const Value* size = rt::arg_or_kw(a, 0, "split_size");
  if (!size) rt::raise_type_error("split() missing required argument 'split_size'");
  const Value* dim = rt::arg_or_kw(a, 1, "dim");
  rt::Args call{*size, dim ? *dim : Value(int64_t(0))};
  bool is_list = size->as<rt::ListObject>() || size->as<rt::TupleObject>();
  const torchb::OpFamily* fam = torchb::find_method(is_list ? "split_with_sizes" : "split");
  return torchb::call_op(in, *fam, &self, call, nullptr);
}

Value m_numpy(Interpreter&, const Value&, rt::Args&) {
  rt::raise_not_implemented("Tensor.numpy() is not available in backstep (there is no numpy); use .tolist()");
}

Value m_data_ptr(Interpreter&, const Value& self, rt::Args&) {
  return static_cast<int64_t>(reinterpret_cast<intptr_t>(self.as_tensor().data_ptr()));
}

const std::unordered_map<std::string_view, PyMethod>& python_methods() {
  static const std::unordered_map<std::string_view, PyMethod> table = {
      {"tolist", m_tolist},   {"backward", m_backward}, {"register_hook", m_register_hook},
      {"type", m_type},       {"split", m_split},       {"numpy", m_numpy},
      {"data_ptr", m_data_ptr}, {"__deepcopy__", tensor_deepcopy}, {"new_tensor", tensor_new_tensor},
      {"new", tensor_new},
      {"set_", tensor_set_}, {"_is_view", tensor_is_view},
  };
  return table;
}

// `x.method` as a value: a bound method object.
class TensorMethod : public rt::Object {
 public:
  TensorMethod(Value self, std::string name) : Object(rt::ObjKind::BoundMethod), self_(std::move(self)), name_(std::move(name)) {}
  static bool is_instance(const rt::Object& o) { return dynamic_cast<const TensorMethod*>(&o) != nullptr; }
  // The tensor it is bound to (`t.register_hook(t.mul)` is a cycle).
  void gc_traverse(rt::GcVisitor& v) const override {
    Object::gc_traverse(v);
    v.visit(self_);
  }
  const rt::TypeObject& native_type() const override { return *rt::types().builtin_function; }
  std::string repr(Interpreter&) const override {
    return fmt::format("<built-in method {} of Tensor object at {:#x}>", name_, rt::identity(self_));
  }
  std::optional<Value> get_attr(Interpreter&, std::string_view name) override {
    if (name == "__name__" || name == "__qualname__") return rt::make_str(name_);
    if (name == "__self__") return self_;
    return std::nullopt;
  }
  bool callable() const override { return true; }
  Value call(Interpreter& in, rt::Args& args) override {
    auto r = tensor_call_method(in, self_, name_, args);
    return *r;
  }

 private:
  Value self_;
  std::string name_;
};

bool has_method(std::string_view name) {
  return python_methods().count(name) || torchb::find_method(name) != nullptr;
}

[[noreturn]] void not_writable(std::string_view name) {
  rt::raise_attribute_error(fmt::format("attribute '{}' of 'torch._C.TensorBase' objects is not writable", name));
}

}  // namespace

std::optional<Value> tensor_get_attr(Interpreter& in, const Value& self, std::string_view name) {
  const at::Tensor& t = self.as_tensor();
  static const std::unordered_map<std::string_view, Value (*)(const at::Tensor&)> properties = {
      {"shape", [](const at::Tensor& x) { return rt::make_size(x.sizes()); }},
      {"dtype", [](const at::Tensor& x) { return torchb::dtype_object(x.scalar_type()); }},
      {"device", [](const at::Tensor& x) { return torchb::device_object(x.device()); }},
      {"layout", [](const at::Tensor& x) { return torchb::layout_object(x.layout()); }},
      {"grad", [](const at::Tensor& x) { return x.grad().defined() ? Value(x.grad()) : Value(); }},
      {"grad_fn", [](const at::Tensor& x) { return node_object(x.grad_fn()); }},
      {"requires_grad", [](const at::Tensor& x) { return Value(x.requires_grad()); }},
      {"is_leaf", [](const at::Tensor& x) { return Value(x.is_leaf()); }},
      {"retains_grad", [](const at::Tensor& x) { return Value(x.retains_grad()); }},
      {"data", [](const at::Tensor& x) { return Value(x.variable_data()); }},
      {"_version", [](const at::Tensor& x) { return Value(static_cast<int64_t>(x._version())); }},
      {"ndim", [](const at::Tensor& x) { return Value(static_cast<int64_t>(x.dim())); }},
      {"is_cuda", [](const at::Tensor& x) { return Value(x.is_cuda()); }},
      {"is_cpu", [](const at::Tensor& x) { return Value(x.is_cpu()); }},
      {"is_sparse", [](const at::Tensor& x) { return Value(x.is_sparse()); }},
      {"is_quantized", [](const at::Tensor& x) { return Value(x.is_quantized()); }},
      {"is_meta", [](const at::Tensor& x) { return Value(x.is_meta()); }},
      {"output_nr", [](const at::Tensor& x) { return Value(static_cast<int64_t>(x.output_nr())); }},
      {"_base", [](const at::Tensor& x) { return x.is_view() ? Value(at::Tensor(x._base())) : Value(); }},
      {"is_nested", [](const at::Tensor& x) { return Value(x.is_nested()); }},
  };
  auto p = properties.find(name);
  if (p != properties.end()) return p->second(t);
  if (auto transposed = tensor_transpose_attr(in, self, name)) return transposed;
  if (name == "__class__") return rt::type_value(tensor_type(t));
  if (has_method(name)) return Value(std::make_shared<TensorMethod>(self, std::string(name)));
  return std::nullopt;
}

bool tensor_set_attr(Interpreter& in, const Value& self, std::string_view name, const Value& v) {
  at::Tensor t = self.as_tensor();
  if (name == "grad") {
    set_grad(in, t, v);
    return true;
  }
  if (name == "requires_grad") {
    if (!v.is_bool()) rt::raise_type_error(fmt::format("requires_grad must be a bool, not {}", rt::type_name(v)));
    set_requires_grad(t, v.as_bool());
    return true;
  }
  if (name == "data") {
    if (!v.is_tensor()) rt::raise_type_error(fmt::format("Variable data has to be a tensor, but got {}", rt::type_name(v)));
    t.set_data(v.as_tensor());
    return true;
  }
  static const char* read_only[] = {"shape", "dtype", "device", "grad_fn", "is_leaf", "_version", "ndim", "T", "layout",
                                    "is_cpu", "is_cuda"};
  for (const char* r : read_only)
    if (name == r) not_writable(name);
  return false;
}

std::vector<std::string> tensor_attr_names() {
  std::vector<std::string> out = {"shape", "dtype", "device", "layout", "grad", "grad_fn", "requires_grad",
                                  "is_leaf", "retains_grad", "data", "_version", "ndim", "T", "mT", "is_cuda",
                                  "is_cpu", "output_nr", "_base"};
  for (const auto& [k, v] : python_methods()) out.emplace_back(k);
  for (auto& n : torchb::all_method_names()) out.push_back(std::move(n));
  return out;
}

std::optional<Value> tensor_call_method(Interpreter& in, const Value& self, std::string_view name, rt::Args& args,
                                        std::shared_ptr<void>* site) {
  auto py = python_methods().find(name);
  if (py != python_methods().end()) return py->second(in, self, args);
  OpSite* s = op_site(site, OpSite::Kind::TensorMethod, [&] { return torchb::find_method(name); });
  const torchb::OpFamily* fam = s ? s->family : torchb::find_method(name);
  if (!fam) return std::nullopt;
  return torchb::call_op(in, *fam, &self, args, s ? &s->cache : nullptr);
}

}  // namespace backstep::api

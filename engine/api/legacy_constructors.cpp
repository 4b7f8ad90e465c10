// The legacy tensor constructors: torch.Tensor(...), torch.FloatTensor(...),
// torch.LongTensor(...) and the other torch.<Scalar>Tensor classes, with the
// argument rules of PyTorch's legacy_tensor_new (torch/csrc/utils/
// tensor_new.cpp): no argument is an empty tensor, ints or a torch.Size are
// a size (uninitialised memory, as in PyTorch), one list or tuple is data,
// a tensor is an alias. The torch.<Scalar>Tensor classes are instances of
// the metaclass torch.tensortype, whose __instancecheck__ answers by dtype
// (isinstance(torch.zeros(2), torch.FloatTensor) is True), as PyTorch's do.
#include "engine/api/legacy_constructors.h"

#include "engine/api/tensor_factory.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <unordered_map>

namespace backstep::api {

namespace {

using rt::Args;
using rt::Interpreter;
using rt::Value;

struct LegacyClass {
  const char* name;
  c10::ScalarType dtype;
};
constexpr LegacyClass kLegacyClasses[] = {
    {"FloatTensor", c10::kFloat}, {"DoubleTensor", c10::kDouble}, {"HalfTensor", c10::kHalf},
    {"BFloat16Tensor", c10::kBFloat16}, {"LongTensor", c10::kLong}, {"IntTensor", c10::kInt},
    {"ShortTensor", c10::kShort}, {"CharTensor", c10::kChar}, {"ByteTensor", c10::kByte},
    {"BoolTensor", c10::kBool}};

std::unordered_map<const rt::TypeObject*, c10::ScalarType>& legacy_dtypes() {
  static std::unordered_map<const rt::TypeObject*, c10::ScalarType> m;
  return m;
}

std::string arg_type_name(Interpreter& in, const Value& v) {
  if (v.is_tensor()) return "Tensor";
  if (v.as<torchb::DtypeObject>()) return "torch.dtype";
  if (v.as<torchb::DeviceObject>()) return "torch.device";
  (void)in;
  return rt::type_name(v);
}

// new()'s "invalid combination" error for keywords it does not take; the
// signatures that report them follow the positional arguments given.
[[noreturn]] void raise_bad_keywords(Interpreter& in, const Args& a, const std::vector<std::string>& bad) {
  std::string got;
  for (const auto& v : a.pos) got += (got.empty() ? "" : ", ") + arg_type_name(in, v);
  for (const auto& k : a.kw) got += (got.empty() ? "" : ", ") + k.name + "=" + arg_type_name(in, k.value);
  if (a.pos.empty()) got += ", ";
  std::string names;
  for (const auto& b : bad) names += (names.empty() ? "" : ", ") + b;
  std::string why = "      didn't match because some of the keywords were incorrect: " + names + "\n";
  bool all_ints = !a.pos.empty();
  for (const auto& v : a.pos) all_ints = all_ints && v.is_int();
  bool none = a.pos.empty();
  bool seq = !none && !all_ints;
  rt::raise_type_error(fmt::format(
      "new() received an invalid combination of arguments - got ({}), but expected one of:\n"
      " * (*, torch.device device = None)\n{}"
      " * (torch.Storage storage)\n{}"
      " * (Tensor other)\n{}"
      " * (tuple of ints size, *, torch.device device = None)\n{}"
      " * (object data, *, torch.device device = None)\n{}",
      got, seq ? why : "", none ? why : "", none ? why : "", all_ints ? why : "", all_ints ? why : ""));
}

std::vector<int64_t> size_from_ints(Interpreter& in, const std::vector<Value>& items) {
  std::vector<int64_t> dims;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is_int())
      rt::raise_type_error(fmt::format(
          "new(): argument 'size' failed to unpack the object at pos {} with error \"type must be tuple of ints,but "
          "got {}\"",
          i + 1, rt::type_name(items[i])));
    dims.push_back(items[i].as_int());
  }
  (void)in;
  return dims;
}

[[noreturn]] void raise_options_mismatch(c10::ScalarType want, c10::ScalarType got) {
  auto opts = [](c10::ScalarType t) {
    return fmt::format("TensorOptions(dtype={}, device=cpu, layout=Strided, requires_grad=false (default), "
                       "pinned_memory=false (default), memory_format=(nullopt))",
                       c10::scalarTypeToTypeMeta(t).name());
  };
  rt::raise_type_error(fmt::format("expected {} (got {})", opts(want), opts(got)));
}

void check_no_str(const Value& v);

// legacy_tensor_new for dtype `dtype`; `typed` is false for torch.Tensor
// itself, which takes a tensor of any dtype.
Value legacy_new(Interpreter& in, Args& a, c10::ScalarType dtype, bool typed) {
  std::optional<c10::Device> device;
  std::vector<std::string> bad;
  for (const auto& k : a.kw) {
    if (k.name == "device" && !k.value.is_none()) device = torchb::parse_device(k.value);
    else if (k.name != "device") bad.push_back(k.name);
  }
  if (!bad.empty()) raise_bad_keywords(in, a, bad);
  if (device) torchb::check_device_available(*device);
  auto options = at::TensorOptions().dtype(dtype).device(device.value_or(c10::Device(c10::kCPU)));
  if (a.pos.empty()) return Value(at::empty({0}, options));
  const Value& first = a.pos[0];
  if (a.pos.size() == 1) {
    if (first.is_tensor()) {
      const at::Tensor& other = first.as_tensor();
      if (typed && other.scalar_type() != dtype) raise_options_mismatch(dtype, other.scalar_type());
      return Value(other.alias());
    }
    auto* tuple = first.as<rt::TupleObject>();
    if (tuple && tuple->flavour == rt::TupleObject::Flavour::Size)
      return Value(at::empty(size_from_ints(in, tuple->items), options));
    if (tuple || first.as<rt::ListObject>()) {
      check_no_str(first);
      return Value(tensor_from_data(in, first, dtype, device));
    }
    if (first.as<rt::StrObject>()) rt::raise_type_error("new(): invalid data type 'str'");
    if (!first.is_int())
      rt::raise_type_error(fmt::format("new(): data must be a sequence (got {})", rt::type_name(first)));
  }
  std::vector<Value> items(a.pos.begin(), a.pos.end());
  return Value(at::empty(size_from_ints(in, items), options));
}

// With the dtype given, PyTorch converts each item without inferring a
// type, so a str item fails as float(str) does.
void check_no_str(const Value& v) {
  const std::vector<Value>* items = nullptr;
  if (auto* l = v.as<rt::ListObject>()) items = &l->items;
  else if (auto* t = v.as<rt::TupleObject>()) items = &t->items;
  if (!items) {
    if (v.as<rt::StrObject>()) rt::raise_type_error("must be real number, not str");
    return;
  }
  for (const auto& item : *items) check_no_str(item);
}

c10::ScalarType default_float() { return c10::typeMetaToScalarType(at::get_default_dtype()); }

rt::TypeObject& tensortype_meta() {
  static rt::TypeObject* meta = [] {
    rt::TypeObject* t = rt::new_type("tensortype", "torch", rt::mutable_types().type);
    rt::add_method(*t, "__instancecheck__", [](Interpreter&, const Value& self, Args& a) -> Value {
      auto it = legacy_dtypes().find(static_cast<const rt::TypeObject*>(self.object_ptr()));
      if (a.pos.size() != 1 || it == legacy_dtypes().end() || !a.pos[0].is_tensor()) return Value(false);
      const at::Tensor& t = a.pos[0].as_tensor();
      return Value(t.scalar_type() == it->second && t.device().is_cpu() && t.layout() == c10::kStrided);
    });
    return t;
  }();
  return *meta;
}

rt::TypeObject& legacy_class(const LegacyClass& c) {
  rt::TypeObject* t = rt::new_type(c.name, "torch", rt::mutable_types().object);
  t->set_class(&tensortype_meta());
  t->slots.new_ = [](Interpreter& in, rt::TypeObject& cls, Args& a) {
    return legacy_new(in, a, legacy_dtypes().at(&cls), true);
  };
  legacy_dtypes()[t] = c.dtype;
  return *t;
}

}  // namespace

std::optional<c10::ScalarType> legacy_class_dtype(const Value& v) {
  auto* t = v.as<rt::TypeObject>();
  if (!t) return std::nullopt;
  auto it = legacy_dtypes().find(t);
  if (it == legacy_dtypes().end()) return std::nullopt;
  return it->second;
}

void install_legacy_constructors(rt::ModuleObject& torch_module) {
  static std::vector<rt::TypeObject*> classes = [] {
    std::vector<rt::TypeObject*> out;
    for (const auto& c : kLegacyClasses) out.push_back(&legacy_class(c));
    rt::mutable_types().tensor->slots.new_ = [](Interpreter& in, rt::TypeObject&, Args& a) {
      return legacy_new(in, a, default_float(), false);
    };
    return out;
  }();
  for (rt::TypeObject* t : classes) torch_module.set(t->name(), rt::type_value(*t));
}

// Tensor.new_tensor(data, *, dtype=None, device=None, requires_grad=False):
// a copy of the data with self's dtype and device unless given.
Value tensor_new_tensor(Interpreter& in, const Value& self, Args& a) {
  const at::Tensor& t = self.as_tensor();
  const Value* data = a.pos.empty() ? a.find_kw("data") : &a.pos[0];
  if (!data) rt::raise_type_error("new_tensor() missing 1 required positional arguments: \"data\"");
  const Value* dt = a.find_kw("dtype");
  const Value* dev = a.find_kw("device");
  const Value* rg = a.find_kw("requires_grad");
  c10::ScalarType dtype = dt && !dt->is_none() ? *torchb::as_dtype(*dt) : t.scalar_type();
  c10::Device device = dev && !dev->is_none() ? torchb::parse_device(*dev) : t.device();
  if (data->is_tensor())
    in.warn("UserWarning",
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
            "sourceTensor.detach().clone().requires_grad_(True), rather than tensor.new_tensor(sourceTensor).");
  at::Tensor out = data->is_tensor() ? data->as_tensor().detach().to(device, dtype, false, true)
                                     : tensor_from_data(in, *data, dtype, device);
  if (rg && rt::truthy(in, *rg)) out.set_requires_grad(true);
  return Value(out);
}

// Tensor.new(...): the legacy constructor with self's dtype and device.
Value tensor_new(Interpreter& in, const Value& self, Args& a) {
  const at::Tensor& t = self.as_tensor();
  Args args = a;
  if (!args.find_kw("device") && !t.device().is_cpu()) args.kw.push_back({"device", torchb::device_object(t.device())});
  return legacy_new(in, args, t.scalar_type(), true);
}

}  // namespace backstep::api

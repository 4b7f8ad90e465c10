#include "engine/torch/torch_objects.h"

#include "engine/torch/cuda_runtime.h"

#include "engine/format/tensor_repr.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/arg_parser.h"

#include <ATen/Context.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>

#include <map>
#include <mutex>

namespace backstep::torchb {

using rt::Value;

// --- dtype --------------------------------------------------------------------

bool DtypeObject::is_instance(const rt::Object& o) {
  return o.kind() == rt::ObjKind::Other && &o.type() == rt::types().dtype;
}

std::string DtypeObject::repr(rt::Interpreter&) const { return format::dtype_name(dtype); }

std::optional<Value> DtypeObject::get_attr(rt::Interpreter&, std::string_view name) {
  if (name == "is_floating_point") return Value(c10::isFloatingType(dtype));
  if (name == "is_complex") return Value(c10::isComplexType(dtype));
  if (name == "itemsize") return Value(static_cast<int64_t>(c10::elementSize(dtype)));
  if (name == "is_signed") {
    try {
      return Value(c10::isSignedType(dtype));
    } catch (const std::exception& e) {
      throw rt::translate_torch_error(e);  // quantized types
    }
  }
  return std::nullopt;
}

std::vector<std::string> DtypeObject::attr_names() const {
  return {"is_complex", "is_floating_point", "is_signed", "itemsize"};
}

Value dtype_object(c10::ScalarType t) {
  // One object per ScalarType, never freed (shared across interpreters).
  static const auto* objects = [] {
    auto* v = new std::vector<Value>();
    for (int i = 0; i < int(c10::ScalarType::NumOptions); ++i)
      v->emplace_back(std::make_shared<DtypeObject>(static_cast<c10::ScalarType>(i)));
    return v;
  }();
  auto i = static_cast<size_t>(t);
  return i < objects->size() ? (*objects)[i] : Value();
}

std::optional<c10::ScalarType> as_dtype(const Value& v) {
  if (auto* d = v.as<DtypeObject>()) return d->dtype;
  const rt::Object* o = v.object_ptr();
  if (!o) return std::nullopt;
  // THPPythonScalarType_Check: the Python number types stand for dtypes.
  const auto& t = rt::types();
  if (o == t.float_) return c10::ScalarType::Double;
  if (o == t.int_) return c10::ScalarType::Long;
  if (o == t.bool_) return c10::ScalarType::Bool;
  return std::nullopt;
}

// --- device -------------------------------------------------------------------

bool DeviceObject::is_instance(const rt::Object& o) {
  return o.kind() == rt::ObjKind::Other && &o.type() == rt::types().device;
}

std::string DeviceObject::repr(rt::Interpreter&) const {
  std::string s = "device(type='" + c10::DeviceTypeName(device.type(), /*lower_case=*/true) + "'";
  if (device.has_index()) s += ", index=" + std::to_string(device.index());
  return s + ")";
}

std::string DeviceObject::str(rt::Interpreter&) const { return device.str(); }

std::optional<Value> DeviceObject::get_attr(rt::Interpreter&, std::string_view name) {
  if (name == "type") return rt::make_str(c10::DeviceTypeName(device.type(), true));
  if (name == "index") return device.has_index() ? Value(int64_t(device.index())) : Value();
  return std::nullopt;
}

std::vector<std::string> DeviceObject::attr_names() const { return {"index", "type"}; }

Value device_object(c10::Device d) {
  static std::mutex mu;
  static auto* interned = new std::map<std::pair<int, int>, Value>();
  std::lock_guard<std::mutex> lock(mu);
  auto key = std::make_pair(int(d.type()), int(d.index()));
  auto it = interned->find(key);
  if (it == interned->end()) it = interned->emplace(key, Value(std::make_shared<DeviceObject>(d))).first;
  return it->second;
}

c10::Device parse_device(const Value& v) {
  if (auto* d = v.as<DeviceObject>()) return d->device;
  try {
    if (v.is_int()) {
      // An int names a CUDA device (torch.device(1) is cuda:1).
      TORCH_CHECK(v.as_int() >= 0, "Device index must not be negative");
      return c10::Device(c10::DeviceType::CUDA, static_cast<c10::DeviceIndex>(v.as_int()));
    }
    if (auto* s = v.as<rt::StrObject>()) return c10::Device(s->value);
  } catch (const c10::Error& e) {
    throw rt::translate_torch_error(e);
  }
  rt::raise_type_error("expected torch.device, str or int, got " + py_type_name(v));
}

void check_device_available(c10::Device d) {
  switch (d.type()) {
    case c10::DeviceType::CPU:
    case c10::DeviceType::Meta: return;
    case c10::DeviceType::CUDA:
      ensure_cuda_initialized();  // PyTorch's lazy init: its error without a GPU
      return;
    default:
      // Any other backend works when it registered itself with c10.
      if (!c10::impl::hasDeviceGuardImpl(d.type()))
        rt::raise_runtime_error("Device type '" + c10::DeviceTypeName(d.type(), true) +
                                "' is not available in this build of libtorch.");
  }
}

Value construct_device(rt::Interpreter&, rt::Args& args) {
  static const std::vector<Signature> sigs = {
      parse_signature("device(Device device)"),
      parse_signature("device(c10::string_view type, int64_t? index=-1)")};
  detail::Slot slots[2];
  size_t which = detail::match_signature(sigs, args, nullptr, slots);
  if (which == 0) return device_object(parse_device(*slots[0].value));
  const std::string& type = slots[0].value->as<rt::StrObject>()->value;
  const Value* index = slots[1].value;
  if (!index || index->is_none()) return device_object(parse_device(*slots[0].value));
  try {
    TORCH_CHECK(type.find(':') == std::string::npos,
                "type (string) must not include an index because index was passed explicitly: ", type);
    TORCH_CHECK(index->as_int() >= 0, "Device index must not be negative");
    c10::Device d(type);
    return device_object(c10::Device(d.type(), static_cast<c10::DeviceIndex>(index->as_int())));
  } catch (const c10::Error& e) {
    throw rt::translate_torch_error(e);
  }
}

// --- layout and memory format -------------------------------------------------

bool LayoutObject::is_instance(const rt::Object& o) {
  return o.kind() == rt::ObjKind::Other && &o.type() == rt::types().layout;
}

namespace {
const char* layout_name(c10::Layout l) {
  switch (l) {
    case c10::Layout::Strided: return "strided";
    case c10::Layout::Sparse: return "sparse_coo";
    case c10::Layout::SparseCsr: return "sparse_csr";
    case c10::Layout::SparseCsc: return "sparse_csc";
    case c10::Layout::SparseBsr: return "sparse_bsr";
    case c10::Layout::SparseBsc: return "sparse_bsc";
    case c10::Layout::Mkldnn: return "_mkldnn";
    default: return nullptr;
  }
}
const char* memory_format_name(c10::MemoryFormat m) {
  switch (m) {
    case c10::MemoryFormat::Contiguous: return "contiguous_format";
    case c10::MemoryFormat::Preserve: return "preserve_format";
    case c10::MemoryFormat::ChannelsLast: return "channels_last";
    case c10::MemoryFormat::ChannelsLast3d: return "channels_last_3d";
    default: return nullptr;
  }
}
}  // namespace

std::string LayoutObject::repr(rt::Interpreter&) const { return std::string("torch.") + layout_name(layout); }

Value layout_object(c10::Layout l) {
  static auto* objects = new std::map<int, Value>();
  static std::once_flag once;
  std::call_once(once, [] {
    for (int i = 0; i < 16; ++i)
      if (layout_name(static_cast<c10::Layout>(i)))
        (*objects)[i] = Value(std::make_shared<LayoutObject>(static_cast<c10::Layout>(i)));
  });
  auto it = objects->find(int(l));
  return it == objects->end() ? Value() : it->second;
}

bool MemoryFormatObject::is_instance(const rt::Object& o) {
  return o.kind() == rt::ObjKind::Other && &o.type() == rt::types().memory_format;
}

std::string MemoryFormatObject::repr(rt::Interpreter&) const {
  return std::string("torch.") + memory_format_name(format);
}

Value memory_format_object(c10::MemoryFormat m) {
  static auto* objects = new std::map<int, Value>();
  static std::once_flag once;
  std::call_once(once, [] {
    for (int i = 0; i < 8; ++i)
      if (memory_format_name(static_cast<c10::MemoryFormat>(i)))
        (*objects)[i] = Value(std::make_shared<MemoryFormatObject>(static_cast<c10::MemoryFormat>(i)));
  });
  auto it = objects->find(int(m));
  return it == objects->end() ? Value() : it->second;
}

// --- torch.<constant> ---------------------------------------------------------

void for_each_torch_constant(const std::function<void(std::string_view, Value)>& f) {
  using S = c10::ScalarType;
  static const std::pair<const char*, S> dtypes[] = {
      {"float32", S::Float},   {"float", S::Float},          {"float64", S::Double},
      {"double", S::Double},   {"float16", S::Half},         {"half", S::Half},
      {"bfloat16", S::BFloat16}, {"complex32", S::ComplexHalf}, {"chalf", S::ComplexHalf},
      {"complex64", S::ComplexFloat}, {"cfloat", S::ComplexFloat}, {"complex128", S::ComplexDouble},
      {"cdouble", S::ComplexDouble}, {"uint8", S::Byte},     {"int8", S::Char},
      {"int16", S::Short},     {"short", S::Short},          {"int32", S::Int},
      {"int", S::Int},         {"int64", S::Long},           {"long", S::Long},
      {"bool", S::Bool},       {"qint8", S::QInt8},          {"quint8", S::QUInt8},
      {"qint32", S::QInt32},   {"quint4x2", S::QUInt4x2},    {"quint2x4", S::QUInt2x4},
      {"uint16", S::UInt16},   {"uint32", S::UInt32},        {"uint64", S::UInt64}};
  for (const auto& [name, t] : dtypes) f(name, dtype_object(t));
  for (int i = 0; i < 16; ++i)
    if (const char* n = layout_name(static_cast<c10::Layout>(i))) f(n, layout_object(static_cast<c10::Layout>(i)));
  for (int i = 0; i < 8; ++i)
    if (const char* n = memory_format_name(static_cast<c10::MemoryFormat>(i)))
      f(n, memory_format_object(static_cast<c10::MemoryFormat>(i)));
}

std::string py_type_name(const Value& v) {
  // CPython's tp_name: C types defined by torch carry their module
  // ("torch.dtype", "torch.Size"); Python classes (Tensor, Parameter) and
  // builtins do not.
  const rt::TypeObject& t = rt::type_of(v);
  const auto& b = rt::types();
  bool c_type = &t == b.dtype || &t == b.device || &t == b.layout || &t == b.memory_format || &t == b.size;
  std::string q = t.qualified_name();
  if (c_type || q.rfind("torch.return_types.", 0) == 0) return q;
  return t.name();
}

}  // namespace backstep::torchb

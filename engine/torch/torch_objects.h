// torch.dtype, torch.device, torch.layout and torch.memory_format as script
// objects.
//
// dtypes, layouts and memory formats are singletons (one object per value,
// created once and never freed), so `x.dtype is torch.float32` holds as in
// PyTorch. Devices are interned per (type, index): equal devices are the
// same object, which is what makes `==`, hashing and dict keys work with the
// object protocol's identity defaults.
#pragma once

#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <c10/core/Device.h>
#include <c10/core/Layout.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/ScalarType.h>

#include <functional>
#include <optional>
#include <string_view>

namespace backstep::torchb {

namespace rt = backstep::rt;

class DtypeObject : public rt::Object {
 public:
  explicit DtypeObject(c10::ScalarType t) : Object(rt::ObjKind::Other), dtype(t) {}
  static bool is_instance(const rt::Object& o);
  const rt::TypeObject& native_type() const override { return *rt::types().dtype; }
  std::string repr(rt::Interpreter& in) const override;  // torch.float32
  std::optional<rt::Value> get_attr(rt::Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;
  const c10::ScalarType dtype;
};

class DeviceObject : public rt::Object {
 public:
  explicit DeviceObject(c10::Device d) : Object(rt::ObjKind::Other), device(d) {}
  static bool is_instance(const rt::Object& o);
  const rt::TypeObject& native_type() const override { return *rt::types().device; }
  std::string repr(rt::Interpreter& in) const override;  // device(type='cuda', index=0)
  std::string str(rt::Interpreter& in) const override;   // cuda:0
  std::optional<rt::Value> get_attr(rt::Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;
  const c10::Device device;
};

class LayoutObject : public rt::Object {
 public:
  explicit LayoutObject(c10::Layout l) : Object(rt::ObjKind::Other), layout(l) {}
  static bool is_instance(const rt::Object& o);
  const rt::TypeObject& native_type() const override { return *rt::types().layout; }
  std::string repr(rt::Interpreter& in) const override;  // torch.strided
  const c10::Layout layout;
};

class MemoryFormatObject : public rt::Object {
 public:
  explicit MemoryFormatObject(c10::MemoryFormat m) : Object(rt::ObjKind::Other), format(m) {}
  static bool is_instance(const rt::Object& o);
  const rt::TypeObject& native_type() const override { return *rt::types().memory_format; }
  std::string repr(rt::Interpreter& in) const override;  // torch.contiguous_format
  const c10::MemoryFormat format;
};

rt::Value dtype_object(c10::ScalarType t);
rt::Value device_object(c10::Device d);
rt::Value layout_object(c10::Layout l);
rt::Value memory_format_object(c10::MemoryFormat m);

// A dtype argument: a torch.dtype, or the Python types int/float/bool
// (torch.zeros(2, dtype=float) is float64). nullopt for anything else.
std::optional<c10::ScalarType> as_dtype(const rt::Value& v);

// A device argument: torch.device, a string ('cpu', 'cuda:1') or an int (a
// CUDA index). Bad strings raise PyTorch's RuntimeError; other kinds
// raise TypeError.
c10::Device parse_device(const rt::Value& v);

// Raises when the device cannot be used by this libtorch: for CUDA without
// CUDA, PyTorch's RuntimeError (raise_cuda_unavailable); for other
// unavailable backends a RuntimeError of one sentence.
void check_device_available(c10::Device d);

// The RuntimeError a CUDA build of PyTorch raises when CUDA cannot start
// here: "Found no NVIDIA driver on your system. ..." without a driver,
// "No CUDA GPUs are available" with a driver and no GPU (cuda_runtime.cpp).
[[noreturn]] void raise_cuda_unavailable();
// torch.cuda.is_available(): libtorch_cuda loaded in this process and a GPU
// it can use (cuda_runtime.cpp).
bool cuda_usable();

// torch.device(...): the constructor of types().device.
rt::Value construct_device(rt::Interpreter& in, rt::Args& args);

// Every torch.<name> constant: dtypes under all their names (float32 and
// float, int64 and long, ...), layouts (strided, sparse_coo, ...) and memory
// formats (contiguous_format, channels_last, ...).
void for_each_torch_constant(const std::function<void(std::string_view name, rt::Value)>& f);

// Python's type name for error messages (CPython's tp_name): "int",
// "Tensor", "torch.dtype", "torch.Size", "NoneType".
std::string py_type_name(const rt::Value& v);

}  // namespace backstep::torchb

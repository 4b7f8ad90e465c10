// torch.cuda: the functions PyTorch programs call on it, with PyTorch's
// behaviour where there is no GPU (engine/torch/cuda_runtime.cpp, Note
// [loading libtorch_cuda]):
//  - queries answer quietly: is_available() False, device_count() 0,
//    is_initialized() False, memory_allocated() 0;
//  - seeding is quiet: PyTorch queues manual_seed until CUDA starts, which
//    never happens without a GPU;
//  - everything that needs the device (current_device, synchronize,
//    set_device, get_device_name, init) starts CUDA first and so raises the
//    RuntimeError PyTorch raises on this machine.
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/cuda_runtime.h"
#include "engine/torch/torch_objects.h"

#include <ATen/Context.h>
#include <c10/core/CachingDeviceAllocator.h>
#include <c10/core/impl/DeviceGuardImplInterface.h>

namespace backstep::api {

namespace {

using rt::Interpreter;
using rt::Value;

const c10::impl::DeviceGuardImplInterface& cuda_guard() {
  return *c10::impl::getDeviceGuardImpl(c10::DeviceType::CUDA);
}

// A device argument of torch.cuda (None: the current device), as
// torch.cuda._utils._get_device_index reads it. Starts CUDA.
c10::DeviceIndex device_index(const Value* v) {
  torchb::ensure_cuda_initialized();
  if (!v || v->is_none()) return cuda_guard().getDevice().index();
  c10::Device d = torchb::parse_device(*v);
  if (!d.is_cuda()) rt::raise_value_error("Expected a cuda device, but got: " + d.str());
  return d.has_index() ? d.index() : cuda_guard().getDevice().index();
}

// Seeds the default generator of one device (manual_seed) or of all.
void seed_cuda(int64_t seed, bool all_devices) {
  if (!torchb::cuda_usable()) return;  // PyTorch's queued seed never runs
  torchb::ensure_cuda_initialized();
  auto seed_one = [seed](c10::DeviceIndex i) {
    auto gen = at::globalContext().defaultGenerator(c10::Device(c10::DeviceType::CUDA, i));
    std::lock_guard<std::mutex> lock(gen.mutex());
    gen.set_current_seed(static_cast<uint64_t>(seed));
  };
  if (!all_devices) return seed_one(cuda_guard().getDevice().index());
  for (int64_t i = 0; i < torchb::cuda_device_count(); ++i) seed_one(static_cast<c10::DeviceIndex>(i));
}

int64_t cuda_seed_arg(const rt::Args& a, const char* fn) {
  auto b = rt::bind_args(a, fn, {"seed"}, 1);
  if (!b[0]->is_int_like()) rt::raise_type_error(std::string(fn) + "() seed must be an int, not " + rt::type_name(*b[0]));
  return b[0]->to_int();
}

// memory_allocated / max_memory_allocated: 0 until CUDA has started.
int64_t allocated_bytes(const rt::Args& a, const char* fn, bool peak) {
  auto b = rt::bind_args(a, fn, {"device"});
  if (!torchb::cuda_initialized()) return 0;
  auto stats = c10::getDeviceAllocator(c10::DeviceType::CUDA)->getDeviceStats(device_index(b[0]));
  const auto& stat = stats.allocated_bytes[static_cast<size_t>(c10::CachingAllocator::StatType::AGGREGATE)];
  return peak ? stat.peak : stat.current;
}

void install_queries(rt::ModuleObject& m) {
  m.def("is_available", [](Interpreter&, rt::Args&) { return Value(torchb::cuda_usable()); });
  m.def("device_count", [](Interpreter&, rt::Args&) { return Value(torchb::cuda_device_count()); });
  m.def("is_initialized", [](Interpreter&, rt::Args&) { return Value(torchb::cuda_initialized()); });
  m.def("memory_allocated",
        [](Interpreter&, rt::Args& a) { return Value(allocated_bytes(a, "memory_allocated", false)); });
  m.def("max_memory_allocated",
        [](Interpreter&, rt::Args& a) { return Value(allocated_bytes(a, "max_memory_allocated", true)); });
  m.def("empty_cache", [](Interpreter&, rt::Args&) {
    if (torchb::cuda_initialized()) c10::getDeviceAllocator(c10::DeviceType::CUDA)->emptyCache();
    return Value();
  });
}

void install_device_functions(rt::ModuleObject& m) {
  m.def("init", [](Interpreter&, rt::Args&) {
    torchb::ensure_cuda_initialized();
    return Value();
  });
  m.def("current_device", [](Interpreter&, rt::Args&) { return Value(int64_t{device_index(nullptr)}); });
  m.def("set_device", [](Interpreter&, rt::Args& a) {
    auto b = rt::bind_args(a, "set_device", {"device"}, 1);
    c10::DeviceIndex i = device_index(b[0]);
    if (i >= 0) cuda_guard().setDevice(c10::Device(c10::DeviceType::CUDA, i));
    return Value();
  });
  m.def("synchronize", [](Interpreter&, rt::Args& a) {
    auto b = rt::bind_args(a, "synchronize", {"device"});
    c10::DeviceIndex i = device_index(b[0]);  // starts CUDA (or raises) before the guard is asked for
    cuda_guard().synchronizeDevice(i);
    return Value();
  });
  m.def("get_device_name", [](Interpreter&, rt::Args& a) {
    auto b = rt::bind_args(a, "get_device_name", {"device"});
    return rt::make_str(torchb::cuda_device_name(device_index(b[0])));
  });
  m.def("manual_seed", [](Interpreter&, rt::Args& a) {
    seed_cuda(cuda_seed_arg(a, "manual_seed"), false);
    return Value();
  });
  m.def("manual_seed_all", [](Interpreter&, rt::Args& a) {
    seed_cuda(cuda_seed_arg(a, "manual_seed_all"), true);
    return Value();
  });
}

}  // namespace

void cuda_manual_seed_all(int64_t seed) { seed_cuda(seed, true); }

Value make_cuda_module(Interpreter&) {
  auto m = rt::make_module("torch.cuda");
  install_queries(*m);
  install_device_functions(*m);
  return Value(m);
}

}  // namespace backstep::api

// Why a CUDA request cannot be served, in PyTorch's words.
//
// backstep links libtorch_cpu and c10 only, so at::hasCUDA() is false even
// where the wheel is a CUDA build. PyTorch (a CUDA build) raises its error
// when it first initialises CUDA: no driver, or a driver and no GPU. We ask
// the driver the same two questions through the driver library itself,
// loaded only when a program asks for CUDA, so a machine without a GPU gets
// exactly PyTorch's message.
#include "engine/runtime/exceptions.h"
#include "engine/torch/torch_objects.h"

#include <ATen/Context.h>
#include <dlfcn.h>

namespace backstep::torchb {

namespace {

// What the driver says: no library, no device, or at least one device.
enum class DriverState { NoDriver, NoDevice, HasDevice };

DriverState probe_driver() {
  // Never closed: the driver library is meant to stay loaded once loaded.
  void* lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!lib) return DriverState::NoDriver;
  using InitFn = int (*)(unsigned);
  using CountFn = int (*)(int*);
  auto init = reinterpret_cast<InitFn>(dlsym(lib, "cuInit"));
  auto count = reinterpret_cast<CountFn>(dlsym(lib, "cuDeviceGetCount"));
  if (!init || !count) return DriverState::NoDriver;
  int n = 0;
  if (init(0) != 0 || count(&n) != 0 || n == 0) return DriverState::NoDevice;
  return DriverState::HasDevice;
}

DriverState driver_state() {
  static const DriverState state = probe_driver();
  return state;
}

}  // namespace

// The driver is only asked when libtorch's CUDA hooks are registered, so a
// CPU-only process never loads libcuda for this question.
bool cuda_usable() { return at::hasCUDA() && driver_state() == DriverState::HasDevice; }

[[noreturn]] void raise_cuda_unavailable() {
  switch (driver_state()) {
    case DriverState::NoDriver:
      // c10/cuda's message when cudaGetDeviceCount finds no driver.
      rt::raise_runtime_error(
          "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a "
          "driver from http://www.nvidia.com/Download/index.aspx");
    case DriverState::NoDevice: rt::raise_runtime_error("No CUDA GPUs are available");
    case DriverState::HasDevice: break;
  }
  // A GPU is there, but this build cannot reach it (PyTorch has no such case).
  rt::raise_runtime_error("CUDA is not available in this build of backstep: it links libtorch without CUDA");
}

}  // namespace backstep::torchb

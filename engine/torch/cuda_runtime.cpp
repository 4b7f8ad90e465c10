// CUDA in a process that links only libtorch_cpu and c10.
//
// Note [loading libtorch_cuda]
// libtorch_cuda (with cuBLAS, cuDNN, NCCL, ...) is not linked: loading it
// costs ~0.19 s and +370 MB resident (measured on the 2.15.0+cu132 wheel:
// `backstep run empty.py` 0.31-0.40 s / 122 MB, with it 0.59-0.64 s /
// 489 MB). dlopen(RTLD_GLOBAL) registers its kernels and its CUDAHooks with
// the dispatcher as linking would, but only if it happens before anything
// asks ATen about CUDA: at::detail::getCUDAHooks() caches its answer in a
// static at the first question (at::hasCUDA, at::manual_seed, the autograd
// engine's accelerator query at the first backward, ...), and the engine
// sizes its per-device queues at the first backward. Measured: loaded after
// at::hasCUDA(), every CUDA call fails with "Cannot initialize CUDA without
// ATen_cuda library". So "load it the first time a program asks for CUDA"
// is not something libtorch allows; what we do instead:
//  - a driver is installed (libcuda.so.1 opens): libtorch_cuda is loaded at
//    start-up, before the interpreter touches ATen. GPU machines pay the
//    0.19 s; CUDA then behaves exactly as in PyTorch, errors included.
//  - no driver: libtorch_cuda is never loaded (nothing in it could run).
//    torch.cuda.is_available() is False and device_count() 0, quietly. A
//    CUDA request raises what libtorch raises: we call c10's own
//    c10::cuda::device_count_ensure_non_zero from libc10_cuda (0.7 ms to
//    load, loaded on the first request), the function CUDAHooks::init calls,
//    so the message is PyTorch's by construction.
//  - a libtorch without CUDA: PyTorch's "Torch not compiled with CUDA
//    enabled" AssertionError.
#include "engine/torch/cuda_runtime.h"

#include "engine/runtime/exceptions.h"
#include "engine/torch/torch_objects.h"

#include <backstep/torch_build_info.h>

#include <ATen/Context.h>
#include <dlfcn.h>
#include <link.h>

#include <atomic>
#include <cstring>
#include <mutex>

namespace backstep::torchb {

namespace {

// The driver library, or null: opened once, never closed.
void* driver_library() {
  static void* const lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  return lib;
}

// The folder libtorch_cpu.so was loaded from: libtorch_cuda and c10_cuda
// sit beside it in every libtorch layout (wheel, zip, a build tree).
std::string torch_lib_dir() {
  static const std::string dir = [] {
    std::string found;
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* out) {
          std::string name = info->dlpi_name ? info->dlpi_name : "";
          auto slash = name.rfind('/');
          if (slash == std::string::npos || name.compare(slash, std::string::npos, "/libtorch_cpu.so") != 0) return 0;
          *static_cast<std::string*>(out) = name.substr(0, slash);
          return 1;
        },
        &found);
    return found;
  }();
  return dir;
}

struct CudaLibrary {
  void* handle = nullptr;
  std::string error;  // dlerror() when it did not load
};

CudaLibrary open_libtorch_cuda(int mode) {
  CudaLibrary lib;
  if (!BACKSTEP_TORCH_HAS_CUDA) return lib;
  lib.handle = dlopen((torch_lib_dir() + "/libtorch_cuda.so").c_str(), mode);
  if (!lib.handle) lib.error = dlerror();
  return lib;
}

CudaLibrary& loaded_library() {
  static CudaLibrary lib;
  return lib;
}
std::atomic<bool> g_initialized{false};

// c10's own "no driver / no GPU" check (see the Note), from libc10_cuda.
[[noreturn]] void raise_from_c10_cuda() {
  void* c10_cuda = dlopen((torch_lib_dir() + "/libc10_cuda.so").c_str(), RTLD_NOW | RTLD_LOCAL);
  using EnsureFn = signed char (*)();
  auto ensure = c10_cuda ? reinterpret_cast<EnsureFn>(dlsym(c10_cuda, "_ZN3c104cuda28device_count_ensure_non_zeroEv"))
                         : nullptr;
  if (ensure) {
    try {
      ensure();
    } catch (const c10::Error& e) {
      throw rt::translate_torch_error(e);
    }
  }
  // A GPU appeared after start-up, or c10_cuda is missing: say why.
  rt::raise_runtime_error(driver_library() ? "CUDA is not available: libtorch_cuda was not loaded at start-up"
                                           : "Found no NVIDIA driver on your system. Please check that you have an "
                                             "NVIDIA GPU and installed a driver from "
                                             "http://www.nvidia.com/Download/index.aspx");
}

}  // namespace

void load_cuda_where_a_driver_is() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (driver_library()) loaded_library() = open_libtorch_cuda(RTLD_NOW | RTLD_GLOBAL);
  });
}

bool cuda_loaded() { return loaded_library().handle != nullptr; }

// Before libtorch_cuda is loaded nothing may ask ATen about CUDA (see the
// Note): the answer would stick.
bool cuda_usable() { return cuda_loaded() && at::hasCUDA(); }

int64_t cuda_device_count() { return cuda_usable() ? at::getNumGPUs() : 0; }

bool cuda_initialized() { return g_initialized.load(); }

[[noreturn]] void raise_cuda_unavailable() {
  if (!BACKSTEP_TORCH_HAS_CUDA)
    rt::raise(*rt::exc_types().assertion_error, "Torch not compiled with CUDA enabled");
  if (driver_library() && !loaded_library().error.empty())
    rt::raise_runtime_error("libtorch_cuda could not be loaded: " + loaded_library().error);
  raise_from_c10_cuda();
}

void ensure_cuda_initialized() {
  if (g_initialized.load()) return;
  if (!cuda_loaded()) raise_cuda_unavailable();
  try {
    at::globalContext().lazyInitDevice(c10::DeviceType::CUDA);
  } catch (const c10::Error& e) {
    throw rt::translate_torch_error(e);
  }
  g_initialized = true;
}

std::string cuda_device_name(int64_t index) {
  ensure_cuda_initialized();
  if (index < 0 || index >= cuda_device_count()) rt::raise(*rt::exc_types().assertion_error, "Invalid device id");
  using GetFn = int (*)(int*, int);
  using NameFn = int (*)(char*, int, int);
  auto get = reinterpret_cast<GetFn>(dlsym(driver_library(), "cuDeviceGet"));
  auto name = reinterpret_cast<NameFn>(dlsym(driver_library(), "cuDeviceGetName"));
  int device = 0;
  char buf[256] = {0};
  if (!get || !name || get(&device, static_cast<int>(index)) != 0 || name(buf, sizeof buf, device) != 0)
    rt::raise_runtime_error("the CUDA driver did not name device " + std::to_string(index));
  return buf;
}

std::string cuda_runtime_report() {
  if (!BACKSTEP_TORCH_HAS_CUDA) return "CUDA: this libtorch is CPU-only";
  load_cuda_where_a_driver_is();
  CudaLibrary lib = driver_library() ? loaded_library() : open_libtorch_cuda(RTLD_LAZY | RTLD_LOCAL);
  std::string where = torch_lib_dir() + "/libtorch_cuda.so";
  if (!lib.handle) return "CUDA: " + where + " does not load: " + lib.error;
  std::string s = "CUDA: " + where + " loads; ";
  if (!driver_library()) return s + "no NVIDIA driver, so it is not loaded at start-up (no GPU)";
  int64_t n = cuda_device_count();
  return s + "loaded, " + std::to_string(n) + (n == 1 ? " GPU" : " GPUs");
}

}  // namespace backstep::torchb

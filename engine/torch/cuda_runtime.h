// CUDA in a process that links only libtorch_cpu: when libtorch_cuda is
// loaded, and what a CUDA request does where it is not (cuda_runtime.cpp,
// Note [loading libtorch_cuda]). No libtorch headers here: repl/version.cpp
// includes it.
#pragma once

#include <cstdint>
#include <string>

namespace backstep::torchb {

// At start-up, before anything asks ATen about CUDA: loads libtorch_cuda
// where an NVIDIA driver is installed, and does nothing (one failed dlopen
// of the driver) where none is.
void load_cuda_where_a_driver_is();

// libtorch_cuda is loaded in this process (its kernels and hooks registered).
bool cuda_loaded();

// torch.cuda._lazy_init(): initialises CUDA once, or raises the RuntimeError
// PyTorch raises on this machine. Every CUDA request goes through it.
void ensure_cuda_initialized();
// torch.cuda.is_initialized().
bool cuda_initialized();

// torch.cuda.device_count(): 0 without a GPU, quietly.
int64_t cuda_device_count();

// The device's name as the driver reports it (cudaDeviceProp.name).
std::string cuda_device_name(int64_t index);

// For `backstep --version`: whether this build's libtorch has CUDA, whether
// libtorch_cuda loads, and whether there is a driver and a GPU. Loads
// libtorch_cuda (RTLD_LOCAL) to find out; meant for --version only.
std::string cuda_runtime_report();

}  // namespace backstep::torchb

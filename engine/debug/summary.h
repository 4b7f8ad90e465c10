// Compact gradient summaries for the debugger's history and traces.
//
// Every node the debugger watches gets one summary per incoming and per
// produced gradient, so both the time to compute one and its size matter: a
// 1M-node backward must fit its history in ~200 MB and watching must cost
// ~10% of the backward. For contiguous CPU float tensors the statistics come
// from one pass over the data in C++ (no ATen kernels, no temporaries);
// other tensors fall back to ATen reductions.
#pragma once

#include "engine/autograd/graph_model.h"

#include <ATen/core/Tensor.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace backstep::debug {

struct Summary {
  static constexpr int kInlineDims = 6;
  bool defined = false;
  bool complete_shape = true;        // false when ndim > kInlineDims (shape truncated)
  c10::ScalarType dtype = c10::ScalarType::Undefined;
  uint8_t ndim = 0;
  std::array<int32_t, kInlineDims> shape{};
  float norm = 0, min = 0, max = 0;  // over finite values
  uint32_t nan = 0, inf = 0;
  bool stats = false;                // norm/min/max/nan/inf were computed
  c10::DeviceType device_type = c10::DeviceType::CPU;  // where the tensor lives (CUDA: computed there)
  c10::DeviceIndex device_index = -1;

  bool has_nonfinite() const { return nan != 0 || inf != 0; }
  autograd::TensorSummary to_full() const;
};

// Shape and dtype only (cheap: no data is read).
Summary describe(const at::Tensor& t);
// Shape, dtype and statistics.
Summary summarize(const at::Tensor& t);

// "cuda:0", or "" for a tensor on the CPU.
std::string device_text(const Summary& s);

// PyTorch's logging-hook text for a gradient: "f32[3, 4]", or "None".
std::string short_text(const Summary& s);
void append_short_text(std::string& out, const Summary& s);

}  // namespace backstep::debug

// x.T, x.mT, x.H, x.mH: the transposing properties PyTorch binds by hand
// (python_variable.cpp), through the operators PyTorch's would call, so the
// graph has its nodes: T reverses the dimensions (numpy_T: permute), mT and
// mH swap the last two (transpose, then conj for mH / H on complex tensors),
// H is for matrices only. The operator bridge skips these names (they are
// in SKIP_PYTHON_BINDINGS).
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/torch/bridge.h"

#include <fmt/format.h>

#include <vector>

namespace backstep::api {

namespace {

rt::Value call(rt::Interpreter& in, const char* op, const rt::Value& self, rt::Args args) {
  return torchb::call_op(in, *torchb::find_method(op), &self, args, nullptr);
}

rt::Value swap_last_two(rt::Interpreter& in, const rt::Value& self, bool conjugate) {
  rt::Value out = call(in, "transpose", self, rt::Args{rt::Value(int64_t(-2)), rt::Value(int64_t(-1))});
  if (conjugate && self.as_tensor().is_complex()) out = call(in, "conj", out, rt::Args{});
  return out;
}

}  // namespace

std::optional<rt::Value> tensor_transpose_attr(rt::Interpreter& in, const rt::Value& self, std::string_view name) {
  const at::Tensor& t = self.as_tensor();
  if (name == "T") {
    std::vector<rt::Value> dims;
    for (int64_t i = t.dim() - 1; i >= 0; --i) dims.emplace_back(i);
    return call(in, "permute", self, rt::Args{rt::make_tuple(std::move(dims))});
  }
  if (name == "mT" || name == "mH") {
    if (t.dim() < 2)
      rt::raise_runtime_error(fmt::format("tensor.{} is only supported on matrices or batches of matrices. Got {}-D tensor.",
                                          name, t.dim()));
    return swap_last_two(in, self, name == "mH");
  }
  if (name == "H") {
    if (t.dim() != 2)
      rt::raise_runtime_error(fmt::format("tensor.H is only supported on matrices (2-D tensors). Got {}-D tensor.{}",
                                          t.dim(), t.dim() > 2 ? " For batches of matrices, consider using tensor.mH" : ""));
    return swap_last_two(in, self, true);
  }
  return std::nullopt;
}

}  // namespace backstep::api

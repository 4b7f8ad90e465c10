#include "engine/api/install.h"
#include "test_env.h"

#include <ATen/ATen.h>

namespace backstep::test {

rt::Interpreter& interpreter() {
  static NullSink sink;
  static rt::Interpreter in(sink);
  static const bool torch_installed = (backstep::api::install_torch(in), true);
  (void)torch_installed;
  return in;
}

MiniEval make_eval() {
  MiniEval ev(interpreter());
  auto& e = ev.env;
  auto f32 = at::TensorOptions().dtype(at::kFloat);
  e["x"] = at::ones({2, 3});
  e["m"] = at::arange(6., f32).reshape({2, 3});
  e["xi"] = at::ones({2}, at::TensorOptions().dtype(at::kLong));
  e["v"] = at::tensor({1., 2., 3.}, f32);
  e["s0"] = at::scalar_tensor(2.0, f32);
  e["sg"] = at::scalar_tensor(2.0, f32).requires_grad_(true);
  e["i0"] = at::scalar_tensor(1, at::TensorOptions().dtype(at::kLong));
  e["idx"] = at::tensor({int64_t(0), int64_t(1)});
  e["w"] = at::ones({3}).requires_grad_(true);
  e["logits"] = at::tensor({1., 2., 3., 1., 0., -1.}, f32).reshape({2, 3});
  e["target"] = at::tensor({int64_t(2), int64_t(0)});
  e["probs"] = at::tensor({0.2, 0.7, 0.9}, f32);
  e["labels"] = at::tensor({0., 1., 1.}, f32);
  e["img"] = at::arange(16., f32).reshape({1, 1, 4, 4});
  e["ker"] = at::ones({1, 1, 2, 2});
  e["mask"] = at::tensor({0., 1., 1.}, f32).to(at::kBool);
  e["vm2"] = at::tensor({-1., 0., 1.}, f32);
  e["v2"] = at::tensor({1., 2.}, f32);
  e["l2"] = at::tensor({0., 1.}, f32);
  e["m2"] = at::arange(6., f32).reshape({2, 3}) > 2;
  e["logp"] = at::tensor({1., 2., 3., 1., 0., -1.}, f32).reshape({2, 3}).log_softmax(1);
  return ev;
}

}  // namespace backstep::test

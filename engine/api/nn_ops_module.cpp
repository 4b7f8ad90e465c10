// `_backstep_nn_ops`: torch._C._nn, the generated bindings PyTorch's
// torch/nn/functional.py calls (linear, gelu, softplus, mse_loss,
// nll_loss_nd, upsample_*, ...), for our own torch.nn.functional written in
// the language (engine/pylib/torch/nn/functional.py, see Note [F in pylib]
// there). Internal, as `_backstep_nn` is: programs use torch.nn.functional.
//
// Each attribute is the op's function object (repr
// <built-in function linear>), so `linear = _backstep_nn_ops.linear` in F
// makes F.linear that very builtin, as in PyTorch, and a call costs what
// torch.X costs.
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/torch/bridge.h"

namespace backstep::api {

using rt::Interpreter;
using rt::Value;

namespace {

Value make_nn_ops_module(Interpreter&) {
  auto m = rt::make_module("_backstep_nn_ops");
  m->set_fallback([](Interpreter&, std::string_view name) -> std::optional<Value> {
    const torchb::OpFamily* fam = torchb::find_module_op(torchb::OpModule::NN, name);
    if (!fam) return std::nullopt;
    return torchb::op_function_object(*fam);
  });
  return Value(m);
}

}  // namespace

void install_nn_ops_module(Interpreter& in) { in.register_module("_backstep_nn_ops", make_nn_ops_module); }

}  // namespace backstep::api

#include "engine/api/install.h"

#include "engine/api/function_api.h"
#include "engine/api/script_hooks.h"
#include "engine/api/tensor_type.h"
#include "engine/api/torch_errors.h"
#include "engine/autograd/backstep_engine.h"
#include "engine/runtime/interpreter.h"
#include "engine/torch/complex_value.h"
#include "engine/torch/cuda_runtime.h"

namespace backstep::api {

void install_torch_modules(rt::Interpreter& in);   // torch_module.cpp
void install_torch_warnings(rt::Interpreter& in);  // torch_warnings.cpp
void install_nn_scope_module(rt::Interpreter& in);  // nn_scope.cpp
void install_nn_parameter_module(rt::Interpreter& in);  // nn_parameter.cpp
void install_nn_ops_module(rt::Interpreter& in);    // nn_ops_module.cpp
void install_steps_module(rt::Interpreter& in);     // training_steps.cpp

void install_torch(rt::Interpreter& in) {
  torchb::load_cuda_where_a_driver_is();  // before anything asks ATen about CUDA (Note [loading libtorch_cuda])
  autograd::install_engine();  // before any graph exists: every node gets an origin
  install_torch_error_translation();
  install_tensor_type();
  install_torch_modules(in);
  install_torch_warnings(in);
  install_nn_scope_module(in);
  install_nn_parameter_module(in);
  install_nn_ops_module(in);
  install_steps_module(in);
  install_function_module(in);
  install_gc_autograd();
  torchb::install_complex_builtin(in);
}

}  // namespace backstep::api

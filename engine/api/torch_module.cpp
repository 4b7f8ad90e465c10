// The importable torch modules: torch, torch.autograd, torch.linalg,
// torch.special, torch.fft, torch.cuda. Operators come from the bridge on
// first use; what PyTorch writes in Python (torch.tensor, manual_seed, ...)
// is defined here. torch.nn and torch.nn.functional are pylib's
// (engine/pylib/torch/nn), nn.Parameter is engine/api/nn_parameter.cpp.
#include "engine/api/anomaly.h"
#include "engine/api/autograd_api.h"
#include "engine/api/generator_api.h"
#include "engine/api/gradcheck.h"
#include "engine/api/help.h"
#include "engine/api/legacy_constructors.h"
#include "engine/api/mutations.h"
#include "engine/api/saved_hooks.h"
#include "engine/api/serialization.h"
#include "engine/api/tensor_factory.h"
#include "engine/api/tensor_protocol.h"
#include "engine/api/tensor_registry.h"
#include "engine/format/tensor_repr.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/bridge.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <backstep/torch_build_info.h>
#include <fmt/format.h>

namespace backstep::api {

void install_grad_modes(rt::ModuleObject& m);  // grad_mode.cpp
void install_runtime_settings(rt::ModuleObject& m);  // runtime_settings.cpp
rt::Value make_func_module(rt::Interpreter& in);  // func_module.cpp
rt::Value make_cuda_module(rt::Interpreter& in);  // cuda_module.cpp
void cuda_manual_seed_all(int64_t seed);         // cuda_module.cpp
std::optional<Value> torch_pylib_attribute(Interpreter& in, std::string_view name);  // torch_pylib_attrs.cpp

namespace {

using rt::ModuleObject;

// Operators as module attributes, resolved through the bridge on first use.
// Submodules (torch.nn, ...) are imported on first access too: PyTorch's
// __init__ imports them eagerly, but doing that here would recurse into the
// import of `torch` itself.
void op_fallback(ModuleObject& m, torchb::OpModule module, std::vector<std::string> submodules = {}) {
  std::string prefix = m.name() + ".";
  ModuleObject* self = &m;  // the fallback lives in m
  m.set_fallback(
      [module, submodules, prefix, self](Interpreter& in, std::string_view name) -> std::optional<Value> {
        for (const auto& sub : submodules)
          if (sub == name) return in.import_module(prefix + sub);
        if (module == torchb::OpModule::Torch && name == "__version__") {
          // A TorchVersion (pylib torch/torch_version.py), made on first
          // use: importing torch.torch_version while torch is made recurses.
          Value cls = rt::get_attr(in, in.import_module("torch.torch_version"), "TorchVersion");
          Value version = rt::call(in, cls, {rt::make_str(BACKSTEP_TORCH_VERSION_FULL)});
          self->set("__version__", version);
          return version;
        }
        if (module == torchb::OpModule::Torch)
          if (auto attr = torch_pylib_attribute(in, name)) return attr;
        const torchb::OpFamily* fam =
            module == torchb::OpModule::Torch ? torchb::find_op(name) : torchb::find_module_op(module, name);
        if (!fam) return std::nullopt;
        return torchb::op_function_object(*fam);
      },
      module == torchb::OpModule::Torch ? torchb::all_op_names : std::function<std::vector<std::string>()>());
}

Value manual_seed(Interpreter&, rt::Args& a) {
  auto b = rt::bind_args(a, "manual_seed", {"seed"}, 1);
  if (!b[0]->is_int_like()) rt::raise_type_error("manual_seed expected a long, but got " + rt::type_name(*b[0]));
  auto gen = at::detail::getDefaultCPUGenerator();
  {
    std::lock_guard<std::mutex> lock(gen.mutex());
    gen.set_current_seed(static_cast<uint64_t>(b[0]->to_int()));
  }
  cuda_manual_seed_all(b[0]->to_int());  // as torch.manual_seed does (quiet without a GPU)
  return Value();
}

Value set_printoptions(Interpreter& in, rt::Args& a) {
  auto b = rt::bind_args(a, "set_printoptions",
                         {"precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode"});
  format::PrintOptionsUpdate u;
  auto given = [](const Value* v) { return v && !v->is_none(); };
  if (given(b[0])) u.precision = static_cast<int>(b[0]->to_int());
  if (given(b[1])) u.threshold = b[1]->is_float() ? INT64_MAX : b[1]->to_int();
  if (given(b[2])) u.edgeitems = b[2]->to_int();
  if (given(b[3])) u.linewidth = static_cast<int>(b[3]->to_int());
  if (given(b[4])) u.profile = rt::str(in, *b[4]);
  if (b[5]) u.sci_mode = b[5]->is_none() ? std::nullopt : std::optional<bool>(rt::truthy(in, *b[5]));
  format::set_printoptions(u);
  return Value();
}

Value make_size(Interpreter& in, rt::Args& a) {
  std::vector<int64_t> dims;
  if (!a.pos.empty())
    for (const auto& v : rt::to_vector(in, a.pos[0])) dims.push_back(rt::to_index(in, v));
  return rt::make_size(dims);
}

// torch.autograd. PyTorch loads the submodule torch.autograd.gradcheck while
// torch.autograd initialises and then binds the function of that name over
// it, so a later `import torch.autograd.gradcheck` (or `from ... import
// GradcheckError`) leaves torch.autograd.gradcheck the function.
class AutogradModule : public ModuleObject {
 public:
  AutogradModule() : ModuleObject("torch.autograd") {}
  bool set_attr(Interpreter& in, std::string_view name, const Value& v) override {
    if (name == "gradcheck" && v.as<ModuleObject>()) return true;
    return ModuleObject::set_attr(in, name, v);
  }
};

Value make_autograd(Interpreter&) {
  auto m = std::make_shared<AutogradModule>();
  m->def("grad", autograd_grad);
  m->def("backward", autograd_backward);
  m->def("gradcheck", gradcheck);
  m->def("gradgradcheck", gradgradcheck);
  install_grad_modes(*m);
  install_anomaly_functions(*m);
  m->set_fallback([](Interpreter& interp, std::string_view name) -> std::optional<Value> {
    if (name == "graph") return interp.import_module("torch.autograd.graph");
    if (name == "function" || name == "functional") return interp.import_module("torch.autograd." + std::string(name));
    if (name == "Function") return rt::get_attr(interp, interp.import_module("torch.autograd.function"), "Function");
    return std::nullopt;
  });
  return Value(m);
}

// A string or None, as version.py writes its optional fields.
Value str_or_none(const char* s) { return *s ? rt::make_str(s) : Value(); }

// torch.version: what the linked libtorch's wheel (or zip) calls itself,
// read at configure time (cmake/TorchBuildInfo.cmake), never a literal.
Value make_version(Interpreter&) {
  auto m = rt::make_module("torch.version");
  m->set("__version__", rt::make_str(BACKSTEP_TORCH_VERSION_FULL));
  m->set("cuda", str_or_none(BACKSTEP_TORCH_CUDA_VERSION));
  m->set("debug", Value(false));
  m->set("hip", Value());
  return Value(m);
}

Value op_module(const char* name, torchb::OpModule module) {
  auto m = rt::make_module(name);
  op_fallback(*m, module);
  return Value(m);
}

Value make_torch(Interpreter& in) {
  auto m = rt::make_module("torch");
  torchb::for_each_torch_constant([&](std::string_view name, Value v) { m->set(std::string(name), std::move(v)); });
  rt::mutable_types().size->slots.new_ = [](Interpreter& in, rt::TypeObject&, rt::Args& a) { return make_size(in, a); };
  rt::mutable_types().size->slots.init = nullptr;
  rt::mutable_types().device->slots.new_ = [](Interpreter& in, rt::TypeObject&, rt::Args& a) {
    return torchb::construct_device(in, a);
  };
  m->set("Tensor", rt::type_value(*rt::types().tensor));
  m->set("Size", rt::type_value(*rt::types().size));
  m->set("dtype", rt::type_value(*rt::types().dtype));
  m->set("device", rt::type_value(*rt::types().device));
  m->def("tensor", torch_tensor);
  m->def("as_tensor", torch_as_tensor);
  m->def("manual_seed", manual_seed);
  m->def("set_printoptions", set_printoptions);
  m->def("is_tensor", [](Interpreter&, rt::Args& a) { return Value(!a.pos.empty() && a.pos[0].is_tensor()); });
  m->def("get_default_dtype", [](Interpreter&, rt::Args&) {
    return torchb::dtype_object(c10::typeMetaToScalarType(at::get_default_dtype()));
  });
  m->def("set_default_dtype", [](Interpreter&, rt::Args& a) {
    auto st = a.pos.empty() ? std::nullopt : torchb::as_dtype(a.pos[0]);
    if (!st || !c10::isFloatingType(*st)) rt::raise_type_error("only floating-point types are supported as the default type");
    at::set_default_dtype(c10::scalarTypeToTypeMeta(*st));
    return Value();
  });
  install_grad_modes(*m);
  install_runtime_settings(*m);
  install_anomaly_queries(*m);
  serial::install_serialization(*m);
  install_generators(*m);
  install_legacy_constructors(*m);
  op_fallback(*m, torchb::OpModule::Torch, {"nn", "autograd", "cuda", "linalg", "special", "fft", "version", "func", "random", "serialization", "utils", "optim", "_VF", "backends", "accelerator", "onnx"});
  (void)in;
  return Value(m);
}

}  // namespace

void install_torch_modules(Interpreter& in) {
  in.register_module("torch", make_torch);
  in.register_module("torch.autograd", make_autograd);
  in.register_module("torch.autograd.graph", make_graph_module);
  in.register_module("torch.autograd.gradcheck", make_gradcheck_module);
  install_saved_hooks_provider(in);
  install_anomaly_printer(in);
  install_help(in);
  install_mutation_tracking();
  in.register_module("torch.cuda", make_cuda_module);
  in.register_module("torch.version", make_version);
  in.register_module("torch.random", make_random_module);
  serial::install_serialization_module(in);
  in.register_module("torch.func", make_func_module);
  in.register_module("torch.linalg", [](Interpreter&) { return op_module("torch.linalg", torchb::OpModule::Linalg); });
  in.register_module("torch.special", [](Interpreter&) { return op_module("torch.special", torchb::OpModule::Special); });
  in.register_module("torch.fft", [](Interpreter&) { return op_module("torch.fft", torchb::OpModule::FFT); });
}

}  // namespace backstep::api

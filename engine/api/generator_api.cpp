// torch.Generator, torch.default_generator, the global RNG functions
// (manual_seed, seed, initial_seed, get_rng_state, set_rng_state) and
// torch.random (the same plus fork_rng), with PyTorch's argument checks.
// The generators are libtorch's, so every draw is PyTorch's.
#include "engine/api/generator_api.h"

#include "engine/runtime/arg_binder.h"
#include "engine/runtime/context_manager.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/generator_object.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <fmt/format.h>

#include <mutex>

namespace backstep::api {

namespace {

using rt::Args;
using rt::Interpreter;
using rt::Value;
using torchb::GeneratorObject;

at::Generator& gen_of(const Value& self) { return self.as<GeneratorObject>()->gen; }

// Generator.manual_seed takes an int (a negative one wraps to uint64, as
// PyTorch's unpack does); anything else is PyTorch's TypeError.
uint64_t seed_arg(const Value& v) {
  if (!v.is_int_like()) rt::raise_runtime_error("manual_seed expected a long, but got " + rt::type_name(v));
  return static_cast<uint64_t>(v.to_int());
}

void set_seed(at::Generator& g, uint64_t seed) {
  std::lock_guard<std::mutex> lock(g.mutex());
  g.set_current_seed(seed);
}

Value get_state(at::Generator& g) {
  std::lock_guard<std::mutex> lock(g.mutex());
  return Value(g.get_state());
}

void set_state(at::Generator& g, const Value& state) {
  if (!state.is_tensor()) rt::raise_type_error("expected a torch.ByteTensor, but got " + rt::type_name(state));
  if (state.as_tensor().scalar_type() != at::kByte) rt::raise_type_error("RNG state must be a torch.ByteTensor");
  std::lock_guard<std::mutex> lock(g.mutex());
  g.set_state(state.as_tensor());
}

Value new_generator(Interpreter&, rt::TypeObject&, Args& a) {
  auto b = rt::bind_args(a, "Generator", {"device"});
  c10::Device device = b[0] && !b[0]->is_none() ? torchb::parse_device(*b[0]) : c10::Device(c10::kCPU);
  torchb::check_device_available(device);
  if (!device.is_cpu())
    rt::raise_not_implemented("torch.Generator on " + device.str() + " is not supported by backstep yet");
  return Value(std::make_shared<GeneratorObject>(at::make_generator<at::CPUGeneratorImpl>()));
}

void install_generator_methods(rt::TypeObject& t) {
  t.slots.new_ = new_generator;
  t.slots.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
  rt::add_method(t, "manual_seed", [](Interpreter&, const Value& self, Args& a) -> Value {
    auto b = rt::bind_args(a, "manual_seed", {"seed"}, 1);
    set_seed(gen_of(self), seed_arg(*b[0]));
    return self;
  });
  rt::add_method(t, "seed", [](Interpreter&, const Value& self, Args&) -> Value {
    at::Generator& g = gen_of(self);
    std::lock_guard<std::mutex> lock(g.mutex());
    return Value(static_cast<int64_t>(g.seed()));
  });
  rt::add_method(t, "initial_seed", [](Interpreter&, const Value& self, Args&) -> Value {
    return Value(static_cast<int64_t>(gen_of(self).current_seed()));
  });
  rt::add_method(t, "get_state", [](Interpreter&, const Value& self, Args&) { return get_state(gen_of(self)); });
  rt::add_method(t, "set_state", [](Interpreter&, const Value& self, Args& a) -> Value {
    auto b = rt::bind_args(a, "set_state", {"new_state"}, 1);
    set_state(gen_of(self), *b[0]);
    return self;
  });
  rt::add_getset(t, "device", [](Interpreter&, const Value& self) { return torchb::device_object(gen_of(self).device()); });
}

at::Generator& default_gen() { return torchb::default_generator_object().as<GeneratorObject>()->gen; }

// torch.manual_seed(seed): int(seed), then the default generator's seed; returns it.
Value torch_manual_seed(Interpreter& in, Args& a) {
  auto b = rt::bind_args(a, "manual_seed", {"seed"}, 1);
  Value seed = *b[0];
  if (!seed.is_int_like()) {
    if (!seed.is_float()) rt::raise_type_error("manual_seed expected a long, but got " + rt::type_name(seed));
    seed = rt::call(in, rt::type_value(*rt::types().int_), {seed});
  }
  set_seed(default_gen(), static_cast<uint64_t>(seed.to_int()));
  return torchb::default_generator_object();
}

// torch.random.fork_rng(): the CPU generator's state is put back on exit.
class ForkRng : public rt::Object, public rt::ContextManager {
 public:
  explicit ForkRng(bool enabled) : Object(rt::ObjKind::Other), enabled_(enabled) {}
  Value enter(Interpreter&) override {
    if (enabled_) saved_ = get_state(default_gen()).as_tensor();
    return Value();
  }
  bool exit(Interpreter&, const rt::ScriptError*) override {
    if (enabled_) set_state(default_gen(), Value(saved_));
    return false;
  }

 private:
  bool enabled_;
  at::Tensor saved_;
};

void install_rng_functions(rt::ModuleObject& m) {
  m.def("manual_seed", torch_manual_seed);
  m.def("seed", [](Interpreter&, Args&) {
    at::Generator& g = default_gen();
    std::lock_guard<std::mutex> lock(g.mutex());
    return Value(static_cast<int64_t>(g.seed()));
  });
  m.def("initial_seed", [](Interpreter&, Args&) { return Value(static_cast<int64_t>(default_gen().current_seed())); });
  m.def("get_rng_state", [](Interpreter&, Args&) { return get_state(default_gen()); });
  m.def("set_rng_state", [](Interpreter&, Args& a) {
    auto b = rt::bind_args(a, "set_rng_state", {"new_state"}, 1);
    set_state(default_gen(), *b[0]);
    return Value();
  });
}

}  // namespace

void install_generators(rt::ModuleObject& torch_module) {
  static bool methods = [] {
    install_generator_methods(torchb::generator_type());
    return true;
  }();
  (void)methods;
  torch_module.set("Generator", rt::type_value(torchb::generator_type()));
  torch_module.set("default_generator", torchb::default_generator_object());
  install_rng_functions(torch_module);
}

Value make_random_module(Interpreter&) {
  auto m = rt::make_module("torch.random");
  install_rng_functions(*m);
  m->def("fork_rng", [](Interpreter& in, Args& a) -> Value {
    auto b = rt::bind_args(a, "fork_rng", {"devices", "enabled", "_caller", "_devices_kw", "device_type"});
    return Value(std::make_shared<ForkRng>(rt::bool_arg(in, b[1], true)));
  });
  return Value(m);
}

}  // namespace backstep::api

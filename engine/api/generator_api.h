// torch.Generator and the global random-number functions (generator_api.cpp).
#pragma once

#include "engine/runtime/value.h"

namespace backstep::rt {
class Interpreter;
class ModuleObject;
}  // namespace backstep::rt

namespace backstep::api {

// torch.Generator, torch.default_generator, manual_seed, seed, initial_seed,
// get_rng_state, set_rng_state on the torch module.
void install_generators(rt::ModuleObject& torch_module);
// The module torch.random.
rt::Value make_random_module(rt::Interpreter& in);

}  // namespace backstep::api

// backstep's autograd engine: the stock libtorch engine with two seams
// filled in (see DESIGN.md, "Source locations"):
//  - make_anomaly_metadata() gives every node a NodeMetadata recording the
//    script line that created it;
//  - get_default_saved_variable_hooks() returns the innermost
//    saved_tensors_hooks pair the script has active.
// It is installed once, before any graph is built, with
// set_default_engine_stub; everything else is inherited unchanged.
#pragma once

#include <torch/csrc/autograd/engine.h>
#include <torch/csrc/autograd/saved_variable_hooks.h>

#include <functional>
#include <memory>

namespace backstep::autograd {

// Installs the engine (idempotent) and turns on origin recording. Origins
// ride on libtorch's anomaly-mode switch, which must therefore stay on;
// the NaN check and the traceback printing stay under the script's control
// (see set_user_anomaly_mode).
void install_engine();

// Whether new nodes record their origin (on by default). Off only for
// measuring what recording costs (bench/).
void set_origins_enabled(bool enabled);

// torch.autograd.set_detect_anomaly as the script sees it.
void set_user_anomaly_mode(bool enabled, bool check_nan);
bool user_anomaly_mode();
bool user_anomaly_check_nan();

// The provider of default saved-variable hooks (saved_tensors_hooks). Called
// whenever libtorch saves a tensor for backward; returns null when no hooks
// are active.
using SavedHooksProvider = std::function<std::unique_ptr<torch::autograd::SavedVariableHooks>()>;
void set_saved_hooks_provider(SavedHooksProvider provider);
// Whether the provider has anything to give. libtorch asks for default hooks
// for every tensor it saves, so while no hooks are active the answer must
// cost one atomic load, not a lock and a call.
void set_saved_hooks_active(bool active);

}  // namespace backstep::autograd

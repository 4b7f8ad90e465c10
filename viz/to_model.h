// Copies a snapshot and its annotations into viz's plain model (for tests
// and tools that call the renderers in render_model.h directly).
#pragma once

#include "viz/annotations.h"
#include "viz/model.h"

namespace backstep::viz {

model::Graph to_model(const autograd::GraphSnapshot& snapshot, const Annotations& notes);

}  // namespace backstep::viz

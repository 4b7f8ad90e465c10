// Script names for tensors, for pictures and debugger listings: `w` for the
// tensor bound to the global w, `params[0]` for the first item of a list,
// `f.x` for a local of a running function.
//
// Names are looked up when a graph is described, by scanning the variables
// that exist then, rather than recorded at every assignment: assignment is
// on the interpreter's hottest path and the lookup is needed rarely.
#pragma once

#include "engine/autograd/graph_model.h"
#include "engine/runtime/interpreter.h"

namespace backstep::api {

// A namer over the interpreter's variables at this moment. Call it on the
// interpreter thread; the map is built on first use and then reused.
autograd::TensorNamer tensor_namer(rt::Interpreter& in);

}  // namespace backstep::api

// What the debugger knows about a backward, as annotations for a picture:
// each node's execution state (done / current / pending), its gradient
// summaries, and the breakpoints that match it.
#pragma once

#include "engine/debug/debugger.h"
#include "viz/annotations.h"

namespace backstep::repl {

// `paused`: the record the debugger is paused at (SIZE_MAX: none; then
// nodes are Done or None).
viz::Annotations annotations_of(const debug::BackwardRun& run, const autograd::GraphSnapshot& graph,
                                const std::vector<debug::Breakpoint>& breakpoints, size_t paused);

}  // namespace backstep::repl

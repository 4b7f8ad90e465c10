// Module scopes as every reader of the graph sees them: a node's module
// stack as plain data (outermost first), its one-line text, and the
// session's catalogue of module paths and types, which `:break module`
// checks a spec against (an unknown path is refused with the nearest known
// names, never accepted silently).
#pragma once

#include "engine/autograd/module_scope.h"

#include <cstdint>
#include <string>
#include <vector>

namespace backstep::autograd {

// One nn.Module call around a node.
struct ModuleFrame {
  std::string path;       // "encoder.layers.0" ("" for the root module)
  std::string type;       // "TransformerEncoderLayer"
  uint64_t call_id = 0;   // distinct per call: the nodes of one call share it
};

// The stack of a scope, outermost first (empty for null).
std::vector<ModuleFrame> module_frames(const ModuleScope* innermost);

// "Net > fc1: Linear": outermost first; the root module (path "") by its type alone.
std::string module_stack_text(const std::vector<ModuleFrame>& frames);
// "fc1: Linear" ("Net" for the root module).
std::string module_frame_text(const std::string& path, const std::string& type);

// Whether `spec` names this module: its path exactly, a path prefix at a
// dot (`encoder.layers.1` covers `encoder.layers.1.linear1`), or its type.
bool module_spec_matches(const std::string& spec, const std::string& path, const std::string& type);

// The catalogue: every module entered (path and type) and every module
// owning a named parameter. Thread-safe.
void note_module(const std::string& path, const std::string& type);
bool any_module_known();
// Whether some known module matches the spec.
bool module_spec_known(const std::string& spec);
// Up to `limit` known paths and types nearest to the spec (edit distance), nearest first.
std::vector<std::string> near_module_names(const std::string& spec, size_t limit = 5);

}  // namespace backstep::autograd

// Breakpoints on backward nodes: by node type (`MulBackward0`), by node id
// (`#4`), by the program line that created the node (`prog.py:12`, `12`),
// or on the first node whose produced gradients hold NaN or Inf (`nan`,
// `inf`), or on every node made inside an nn.Module (`module PATH`, a path
// or a path prefix such as `encoder.layers.1`, or `module TYPE` such as
// `module Linear`), or on the first node of each backward of a training
// step (`step N`: after N optimizer.step() calls). Any of them may carry a condition (`... if EXPR`), evaluated by
// the interpreter with `node` and `grad_outputs` bound.
#pragma once

#include "engine/autograd/module_names.h"
#include "engine/autograd/origin.h"

#include <optional>
#include <string>
#include <vector>

namespace backstep::debug {

struct Breakpoint {
  enum class Kind { NodeName, NodeId, Line, Nan, Inf, Module, Step };
  int number = 0;        // as :breakpoints lists it; :delete N
  Kind kind = Kind::NodeName;
  std::string name;      // NodeName
  int node_id = -1;      // NodeId
  std::string file;      // Line: file name as typed ("" = any file)
  uint32_t line = 0;     // Line
  std::string module;    // Module: a module path, path prefix or type
  uint64_t step = 0;     // Step: the first node of each backward of that training step
  std::string condition; // "" = none
  std::string spec;      // what the user typed, for listings
  int hits = 0;
  bool module_checked = false;  // Module: checked against the program's modules (once some exist)

  // Whether the node's type/id/origin match (conditions are checked apart).
  bool matches_node(const std::string& node_name, int id, const lang::Span& origin) const;
  // Kind Module: whether one of the module calls around a node (innermost
  // first, through parent) is the one named.
  bool matches_module(const autograd::ModuleScope* innermost) const;
  bool matches_module(const std::vector<autograd::ModuleFrame>& stack) const;
  bool is_after_node() const { return kind == Kind::Nan || kind == Kind::Inf; }
  std::string describe() const;  // "MulBackward0", "#4", "prog.py:12", "nan" (+ " if ...")
};

// Parses a breakpoint spec; the error text says what was wrong.
struct ParsedBreakpoint {
  std::optional<Breakpoint> breakpoint;
  std::string error;
};
ParsedBreakpoint parse_breakpoint(const std::string& text);

// A module breakpoint names no module the program has made: the message
// says so, with the nearest known names. "" when it is fine, or when no
// module exists yet to check against (checked again at each backward).
std::string unknown_module_error(const Breakpoint& b);

}  // namespace backstep::debug

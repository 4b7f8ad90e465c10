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
  std::string watch;     // NodeId set by :watch NAME: the name watched
  int hits = 0;
  bool enabled = true;   // :disable / :enable
  bool temporary = false;  // :tbreak: deleted when first hit
  int ignore = 0;        // :ignore N COUNT: the next COUNT hits do not pause
  bool module_checked = false;  // Module: checked against the program's modules (once some exist)
  // Set before any backward could be checked against it: a node type or
  // line that no graph has shown yet (`:breakpoints` says "pending").
  bool pending = false;

  // Whether the node's type/id/origin match (conditions are checked apart).
  bool matches_node(const std::string& node_name, int id, const lang::Span& origin) const;
  // Kind Line: whether a position is on the breakpoint's line of its file
  // (the file as typed, absolute, ./-prefixed or by its base name).
  bool matches_position(const lang::Span& at) const;
  // Kind Module: whether one of the module calls around a node (innermost
  // first, through parent) is the one named.
  bool matches_module(const autograd::ModuleScope* innermost) const;
  bool matches_module(const std::vector<autograd::ModuleFrame>& stack) const;
  // The last file a position came from and whether it matched (one
  // backward asks once per node; its nodes share a few files).
  mutable uint32_t matched_file_ = 0;
  mutable bool matched_ = false;
  bool is_after_node() const { return kind == Kind::Nan || kind == Kind::Inf; }
  // Counts a hit (a match whose condition holds); false while :ignore's
  // count lasts, as gdb counts ignored hits too.
  bool take_hit() {
    ++hits;
    if (ignore <= 0) return true;
    --ignore;
    return false;
  }
  std::string describe() const;  // "MulBackward0", "#4", "prog.py:12", "nan" (+ " if ...")
};

// Parses a breakpoint spec; the error text says what was wrong.
struct ParsedBreakpoint {
  std::optional<Breakpoint> breakpoint;
  std::string error;
};
ParsedBreakpoint parse_breakpoint(const std::string& text);

// Whether a file named as typed (`prog.py`, `./prog.py`, `/abs/prog.py`,
// `dir/prog.py`) is the file a source was registered under (as the program
// was given: relative or absolute).
bool same_file(const std::string& typed, const std::string& actual);

// "MulBackward0" for "MulBackward0", "AccumulateGrad" for
// "torch::autograd::AccumulateGrad": node types are named without C++
// namespaces in breakpoints.
std::string_view unqualified_node_name(std::string_view name);

// A module breakpoint names no module the program has made: the message
// says so, with the nearest known names. "" when it is fine, or when no
// module exists yet to check against (checked again at each backward).
std::string unknown_module_error(const Breakpoint& b);

}  // namespace backstep::debug

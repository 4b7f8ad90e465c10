// The metadata backstep attaches to every autograd node, through libtorch's
// anomaly-metadata seam (Engine::make_anomaly_metadata).
//
// Stock anomaly metadata captures a C++ backtrace per node (milliseconds
// each); ours copies the interpreter's current origin instead, which is
// cheap enough to leave on for every program. It also carries the per-node
// state PyTorch keeps on the Python object of a node (the `metadata` dict),
// so it survives while the node lives, whoever looks at it.
#pragma once

#include "engine/autograd/module_scope.h"
#include "engine/autograd/origin.h"

#include <torch/csrc/autograd/anomaly_mode.h>
#include <torch/csrc/autograd/function.h>

#include <functional>

namespace backstep::autograd {

class NodeIds;

class NodeMetadata : public torch::autograd::AnomalyMetadata {
 public:
  ~NodeMetadata() override;
  void store_stack() override;
  void print_stack(const std::string& current_node_name) override;
  // The node whose backward made this one (double backward): not kept (see
  // Note [node ownership]; nothing reads it).
  void assign_parent(const c10::intrusive_ptr<torch::autograd::Node>& parent_node) override;

  const Origin& origin() const { return origin_; }
  // The nn.Module call the node was made in (null: outside any module).
  const std::shared_ptr<const ModuleScope>& module_scope() const { return module_; }
  // Storage for the language layer (the node's `metadata` dict); opaque here.
  std::shared_ptr<void>& script_data() { return script_data_; }

  // The node's session id (see NodeIds), -1 until something looks at it.
  // Kept here so that finding a node's id is a field read, not a map lookup.
  int id = -1;
  // The table that gave the id, told when the node dies (under
  // NodeIds::ownership_mutex()).
  NodeIds* ids_owner = nullptr;
  // Graph walks mark the nodes they have seen with their own stamp, so a
  // walk over a large graph needs no hash set.
  uint64_t visit_stamp = 0;

 private:
  Origin origin_;
  std::shared_ptr<const ModuleScope> module_;
  std::shared_ptr<void> script_data_;
};

// A stamp for one graph walk (distinct for every call).
uint64_t new_visit_stamp();

// The node's metadata when backstep's engine created it; null otherwise
// (nodes made before the engine was installed, or by another engine).
NodeMetadata* metadata_of(const torch::autograd::Node& node);
// Same, creating the metadata on demand (for nodes made while it was off).
NodeMetadata& ensure_metadata(torch::autograd::Node& node);

// Who prints the forward traceback when a backward fails in anomaly mode
// ("Traceback of forward call that caused the error:"); the language layer
// installs one that prints script frames. Without a printer nothing is
// printed (the engine's own C++ backtrace is never shown).
using TracebackPrinter = std::function<void(const std::string& node_name, const NodeMetadata&)>;
void set_traceback_printer(TracebackPrinter printer);

}  // namespace backstep::autograd

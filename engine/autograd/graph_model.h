// The graph model: one snapshot of the autograd graph reachable from some
// tensors, which every renderer and every debugger command reads.
//
// A snapshot is plain data (names, ids, shapes, origins), taken at one
// moment; it keeps only weak links to the live nodes, so holding one never
// keeps a graph alive. Node ids are small integers given by a session-wide
// NodeIds table the first time anything sees a node, so `#4` means the same
// node in `:nodes`, in a trace, in a picture and after a re-render.
#pragma once

#include "engine/autograd/libtorch_compat.h"
#include "engine/autograd/module_names.h"
#include "engine/autograd/origin.h"
#include "engine/autograd/saved_fields.h"

#include <torch/csrc/autograd/function.h>

#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace backstep::autograd {

class NodeMetadata;

// Session-wide stable node ids. Thread-safe (the engine thread asks too).
class NodeIds {
 public:
  NodeIds() = default;
  ~NodeIds();
  NodeIds(const NodeIds&) = delete;
  NodeIds& operator=(const NodeIds&) = delete;

  // The node's id, assigning the next free one on first sight.
  int id_of(const torch::autograd::Node& node);
  // Same, for a caller that has looked up metadata_of(node) already.
  int id_of(const torch::autograd::Node& node, NodeMetadata* metadata);
  // Names many nodes under one lock: a graph walk names up to millions,
  // and a lock each was a tenth of what watching a backward cost. Nothing
  // that can destroy a node may run while a Batch lives (~NodeMetadata
  // takes the same lock).
  class Batch {
   public:
    explicit Batch(NodeIds& ids) : ids_(ids), lock_(ownership_mutex()) {}
    int id_of(const torch::autograd::Node& node, NodeMetadata* metadata) {
      return ids_.id_of_locked(node, metadata);
    }

   private:
    NodeIds& ids_;
    std::lock_guard<std::mutex> lock_;
  };
  // The id when the node has one already; nullopt otherwise.
  std::optional<int> find(const torch::autograd::Node& node) const;
  // The live node of an id, when it still exists.
  NodePtr node(int id) const;

  // Guards NodeMetadata::ids_owner and forget(): a node can die on any
  // thread, and the table can die before the nodes it named.
  static std::mutex& ownership_mutex();
  // A node with this id died (called from ~NodeMetadata, under the mutex).
  void forget(int id);

 private:
  int id_of_locked(const torch::autograd::Node& node, NodeMetadata* metadata);
  // Raw pointers, cleared when a node dies: a weak_ptr per id would pin each
  // dead node's control block for the whole session (megabytes per 100k
  // nodes watched, and a fragmented heap that slows every later backward).
  // Nodes whose metadata is not backstep's (made by another engine: never
  // in practice) get an id but no entry: nothing would tell us they died.
  std::vector<torch::autograd::Node*> nodes_;  // by id; null once dead
};

// A marker for hooks backstep itself installs while watching a backward
// (logging, stepping): pictures and listings count only the program's own.
struct InternalHook {
  virtual ~InternalHook() = default;
};
// A libtorch hook object that stands for several of the program's hooks (the
// script's hooks of one kind on one node share one object, as in PyTorch):
// pictures and listings count what it stands for.
struct HookGroup {
  virtual ~HookGroup() = default;
  virtual size_t hook_count() const = 0;
};

// dtype and shape of a tensor, without its values.
struct TensorMeta {
  std::string dtype;             // "float32"
  std::vector<int64_t> shape;
  bool defined = false;
  std::string device;            // "cuda:0"; empty on the CPU (shown only where not CPU)
};
TensorMeta meta_of(const at::Tensor& t);

// A gradient (or any tensor) as the debugger shows it: no values, just what
// tells a healthy gradient from a broken one.
struct TensorSummary {
  TensorMeta meta;
  double norm = 0, min = 0, max = 0;
  int64_t nan = 0, inf = 0;
};

struct SavedFieldView {
  std::string name;
  SavedKind kind;
  TensorMeta tensor;         // kind Tensor
  std::string value;         // other kinds, as text ("(3, 4)", "True", "None")
  int64_t saved_version = -1;    // kind Tensor: the version it was saved at ...
  int64_t current_version = -1;  // ... and the tensor's version now
  bool released = false;     // freed by a backward without retain_graph
};

struct GraphNode {
  int id = -1;
  std::string name;          // "MulBackward0", "torch::autograd::AccumulateGrad"
  uint64_t sequence_nr = 0;
  Origin origin;             // invalid when unknown
  std::vector<ModuleFrame> modules;  // the nn.Module calls that made it, outermost first
  std::vector<SavedFieldView> saved;
  int pre_hooks = 0;
  int post_hooks = 0;
  int tensor_hooks = 0;      // hooks registered on the leaf tensor (AccumulateGrad only)
  struct Leaf {
    std::string variable;    // the script name bound to the tensor, "" if none
    std::string parameter;   // its path in a module ("fc1.weight"), "" if no module owns it
    TensorMeta tensor;
    // What pictures and listings call it: the parameter path ahead of the
    // script name, as dynamo names its sources.
    const std::string& name() const { return parameter.empty() ? variable : parameter; }
  };
  std::optional<Leaf> leaf;  // set for AccumulateGrad nodes
  std::vector<TensorMeta> inputs;  // metadata of the gradients this node receives, per input
};

struct GraphEdge {
  int from = -1;     // the consumer (whose next_functions list it is)
  int to = -1;       // the producer it sends gradient to
  int input_nr = 0;  // which input of `to`
  int index = 0;     // position in from's next_functions
};

// A root of the snapshot: the tensor whose graph it is.
struct GraphRoot {
  int node = -1;         // id of the tensor's grad_fn
  int output_nr = 0;
  std::string variable;  // script name of the tensor, "" if none
  TensorMeta tensor;
};

struct GraphSnapshot {
  std::vector<GraphRoot> roots;
  std::vector<GraphNode> nodes;  // BFS order from the roots
  std::vector<GraphEdge> edges;  // per node, in next_functions order

  const GraphNode* node(int id) const;
};

// Names tensors for the snapshot: the language layer knows script variables.
using TensorNamer = std::function<std::string(const at::Tensor&)>;

// The parameter path a module gave a tensor ("" if none). The language layer
// owns that table and installs the lookup once (engine/api/nn_scope.cpp).
void set_parameter_namer(TensorNamer namer);
std::string parameter_path_of(const at::Tensor& t);

struct SnapshotOptions {
  bool saved_fields = true;  // read saved fields (cheap: no tensor values are copied)
  size_t max_nodes = SIZE_MAX;
  // Called every kCheckEvery nodes: a caller that must stay interruptible
  // (Ctrl-C, --timeout) throws from it, and the snapshot is let go.
  std::function<void()> check;
  static constexpr size_t kCheckEvery = 1024;
};

// Describes one live node as a snapshot would.
GraphNode describe_node(NodeIds& ids, torch::autograd::Node& node, const TensorNamer& namer,
                        const SnapshotOptions& options = {});

// Takes a snapshot of everything reachable from the roots' grad_fns.
// Tensors without a grad_fn (leaves) contribute their AccumulateGrad node
// when they require grad.
GraphSnapshot snapshot(NodeIds& ids, const std::vector<at::Tensor>& roots, const TensorNamer& namer,
                       const SnapshotOptions& options = {});
// The same from nodes (e.g. the roots of a running backward).
GraphSnapshot snapshot_nodes(NodeIds& ids, const std::vector<NodePtr>& roots,
                             const TensorNamer& namer, const SnapshotOptions& options = {});

}  // namespace backstep::autograd

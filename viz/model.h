// viz's own copy of a graph snapshot plus its annotations, as plain data.
//
// Every renderer in viz reads this model, never autograd::GraphSnapshot
// directly: the snapshot's header pulls in libtorch (seconds per file to
// compile), and only model_from_snapshot.cpp needs to see it. Everything
// here is resolved text and numbers (file names, source lines, call chains),
// so the renderers need neither libtorch nor the source registry.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace backstep::viz::model {

struct Meta {
  std::string dtype;  // "float32"
  std::vector<int64_t> shape;
  bool defined = false;
  std::string device;  // "cuda:0"; empty on the CPU
};

struct GradStats {
  Meta meta;
  double norm = 0, min = 0, max = 0;
  int64_t nan = 0, inf = 0;
  bool broken() const { return nan > 0 || inf > 0; }
};

// One script function call around a node (outermost first in Node::calls).
struct Frame {
  uint64_t call_id = 0;
  std::string function;   // "layer", "<lambda>"
  std::string call_file;  // where the caller called it
  uint32_t call_line = 0;
  uint32_t call_col = 0;
  // An nn.Module call rather than a script call: `function` is then the
  // module's path ("encoder.layers.0", "" for the root module).
  std::string module_type;  // "TransformerEncoderLayer"
  bool is_module() const { return !module_type.empty(); }
};

struct Saved {
  std::string name;
  std::string kind;       // "Tensor", "IntList", ... (autograd::SavedKind's name)
  Meta tensor;            // kind Tensor, when readable
  std::string value;      // other kinds as text; "None" for an absent tensor
  bool released = false;
  int64_t saved_version = -1, current_version = -1;
  bool is_tensor() const { return kind == "Tensor"; }
  // Held by a saved_tensors_hooks pack hook: no shape to show.
  bool packed() const { return is_tensor() && !tensor.defined && value == "<packed by a hook>"; }
};

enum class State { None, Pending, Current, Done };

struct Node {
  int id = -1;
  std::string name;        // "MulBackward0"
  uint64_t seq = 0;        // creation order (sequence_nr)
  bool has_origin = false;
  std::string file;        // as registered ("prog.py", "<stdin>")
  uint32_t line = 0, col = 0, end_line = 0, end_col = 0;
  std::string source_text; // the creating source line, stripped
  std::vector<Frame> calls;  // script calls below <module>, outermost first
  std::vector<Frame> modules;  // nn.Module calls around it, outermost first (is_module())
  std::vector<Saved> saved;
  int pre_hooks = 0, post_hooks = 0, tensor_hooks = 0;
  bool is_leaf = false;
  std::string leaf_var;    // script name of the leaf tensor ("" unknown)
  std::string leaf_param;  // its parameter path in a module ("fc1.weight"; "" none)
  // What a picture calls the leaf: the parameter path ahead of the script name.
  const std::string& leaf_name() const { return leaf_param.empty() ? leaf_var : leaf_param; }
  Meta leaf_tensor;
  std::vector<Meta> inputs;  // per input: dtype and shape of the gradient it receives
  // Annotations (filled when the debugger supplies them).
  State state = State::None;
  bool breakpoint = false;
  std::vector<std::optional<GradStats>> grad_in;   // incoming (grad_outputs)
  std::vector<std::optional<GradStats>> grad_out;  // produced (grad_inputs)
  int hooks() const { return pre_hooks + post_hooks + tensor_hooks; }
  // Where a NaN/Inf gradient is born: every gradient this node received is
  // finite (or none came), and one it produced is not. Nodes downstream of
  // it merely carry the NaN/Inf (they receive one).
  bool nonfinite_born_here() const {
    for (const auto& g : grad_in)
      if (g && g->broken()) return false;
    for (const auto& g : grad_out)
      if (g && g->broken()) return true;
    return false;
  }
};

struct Edge {
  int from = -1;     // consumer node id (whose next_functions entry this is)
  int to = -1;       // producer node id
  int input_nr = 0;  // which input of `to`
  int index = 0;     // position in from's next_functions
};

struct ViewBase {
  Meta tensor;
  int node = -1;     // id of the base's grad_fn (or AccumulateGrad), -1 if not in the graph
};

struct Root {
  int node = -1;
  int output_nr = 0;
  std::string var;
  Meta tensor;
  std::optional<ViewBase> base;  // the root is a view of this tensor
};

struct Graph {
  std::vector<Node> nodes;  // BFS order from the roots (as the snapshot)
  std::vector<Edge> edges;  // per consumer, in next_functions order
  std::vector<Root> roots;
  bool has_states = false;  // some node has an execution state or breakpoint
  bool has_grads = false;   // some node has a gradient summary

  // Index into nodes of an id; -1 when absent.
  int index_of(int id) const {
    auto it = index_.find(id);
    return it == index_.end() ? -1 : it->second;
  }
  const Node* node(int id) const {
    int i = index_of(id);
    return i < 0 ? nullptr : &nodes[static_cast<size_t>(i)];
  }
  // Rebuilds the id index; call after filling nodes.
  void reindex() {
    index_.clear();
    for (size_t i = 0; i < nodes.size(); ++i) index_[nodes[i].id] = static_cast<int>(i);
  }

 private:
  std::unordered_map<int, int> index_;
};

}  // namespace backstep::viz::model

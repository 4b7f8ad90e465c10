#include "engine/autograd/graph_model.h"

#include "engine/autograd/node_metadata.h"
#include "engine/autograd/libtorch_compat.h"
#include "engine/format/tensor_repr.h"

#include <torch/csrc/autograd/functions/accumulate_grad.h>

#include <ATen/ATen.h>

#include <deque>
#include <sstream>
#include <unordered_set>

namespace backstep::autograd {

namespace ag = torch::autograd;

// Ids live in each node's metadata (one field read); the table maps ids
// back to nodes. A node whose metadata was not made by backstep's engine
// gets no id field, and falls back to the foreign maps.
std::mutex& NodeIds::ownership_mutex() {
  static auto* m = new std::mutex();  // never destroyed: nodes may die during exit
  return *m;
}

NodeIds::~NodeIds() {
  std::lock_guard<std::mutex> lock(ownership_mutex());
  for (ag::Node* n : nodes_)
    if (n)
      if (NodeMetadata* md = metadata_of(*n)) md->ids_owner = nullptr;
}

void NodeIds::forget(int id) {
  if (id >= 0 && static_cast<size_t>(id) < nodes_.size()) nodes_[static_cast<size_t>(id)] = nullptr;
}

int NodeIds::id_of(const ag::Node& node) { return id_of(node, metadata_of(node)); }

int NodeIds::id_of(const ag::Node& node, NodeMetadata* md) {
  if (md && md->id >= 0) return md->id;
  std::lock_guard<std::mutex> lock(ownership_mutex());
  return id_of_locked(node, md);
}

int NodeIds::id_of_locked(const ag::Node& node, NodeMetadata* md) {
  if (md && md->id >= 0) return md->id;
  int id = static_cast<int>(nodes_.size());
  auto* n = const_cast<ag::Node*>(&node);
  if (md) {
    md->id = id;
    md->ids_owner = this;
    nodes_.push_back(n);
  } else {
    nodes_.push_back(nullptr);
  }
  return id;
}

std::optional<int> NodeIds::find(const ag::Node& node) const {
  NodeMetadata* md = metadata_of(node);
  if (!md || md->id < 0) return std::nullopt;
  return md->id;
}

NodePtr NodeIds::node(int id) const {
  std::lock_guard<std::mutex> lock(ownership_mutex());
  if (id < 0 || static_cast<size_t>(id) >= nodes_.size()) return NodePtr();
  if (ag::Node* n = nodes_[static_cast<size_t>(id)]) return try_share_node(*n);  // null while it is dying
  return NodePtr();
}

TensorMeta meta_of(const at::Tensor& t) {
  TensorMeta m;
  if (!t.defined()) return m;
  m.defined = true;
  std::string name = format::dtype_name(t.scalar_type());  // "torch.float32"
  m.dtype = name.rfind("torch.", 0) == 0 ? name.substr(6) : name;
  m.shape.assign(t.sizes().begin(), t.sizes().end());
  if (!t.is_cpu()) m.device = t.device().str();
  return m;
}

namespace {
TensorNamer& parameter_namer() {
  static TensorNamer namer;
  return namer;
}
}  // namespace

void set_parameter_namer(TensorNamer namer) { parameter_namer() = std::move(namer); }

std::string parameter_path_of(const at::Tensor& t) {
  const TensorNamer& namer = parameter_namer();
  return namer ? namer(t) : std::string();
}

const GraphNode* GraphSnapshot::node(int id) const {
  for (const auto& n : nodes)
    if (n.id == id) return &n;
  return nullptr;
}

namespace {

std::string int_list_text(const std::vector<int64_t>& v) {
  std::ostringstream os;
  os << "(";
  for (size_t i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v[i];
  if (v.size() == 1) os << ",";
  os << ")";
  return os.str();
}

std::string ivalue_text(const c10::IValue& v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

// A tuple, as Python shows the foreach nodes' lists of Scalars: (0.5,).
std::string scalar_list_text(const c10::IValue& v) {
  const auto items = v.toListRef();
  std::string out = "(";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + ivalue_text(items[i]);
  return out + (items.size() == 1 ? ",)" : ")");
}

// Each tensor as `float32[3, 4]` (None for an undefined one), in a tuple as
// Python shows a saved tensor list; the values themselves are `:saved`'s business.
std::string tensor_list_text(const c10::IValue& v) {
  const auto items = v.toListRef();
  std::string out = "(";
  for (size_t i = 0; i < items.size(); ++i) {
    out += i ? ", " : "";
    TensorMeta m = items[i].isTensor() ? meta_of(items[i].toTensor()) : TensorMeta();
    if (!m.defined) {
      out += "None";
      continue;
    }
    out += m.dtype + "[";
    for (size_t d = 0; d < m.shape.size(); ++d) out += (d ? ", " : "") + std::to_string(m.shape[d]);
    out += "]";
  }
  return out + (items.size() == 1 ? ",)" : ")");
}

std::string value_text(const SavedValue& sv) {
  const c10::IValue& v = sv.value;
  if (sv.kind == SavedKind::Opaque) return sv.text;
  if (v.isNone()) return "None";
  switch (sv.kind) {
    case SavedKind::Int:
    case SavedKind::SymInt: return std::to_string(v.toInt());
    case SavedKind::IntList:
    case SavedKind::SymIntList: return int_list_text(v.toIntVector());
    case SavedKind::Bool: return v.toBool() ? "True" : "False";
    case SavedKind::ScalarType: return format::dtype_name(static_cast<c10::ScalarType>(v.toInt()));
    case SavedKind::String: return "'" + v.toStringRef() + "'";
    case SavedKind::ScalarList: return scalar_list_text(v);
    case SavedKind::TensorList: return tensor_list_text(v);
    default: return ivalue_text(v);
  }
}

void read_saved(ag::Node& node, GraphNode& out) {
  const auto* fields = saved_fields_of(node);
  if (!fields) return;
  for (const auto& f : *fields) {
    SavedFieldView view;
    view.name = f.name;
    view.kind = f.kind;
    if (f.kind == SavedKind::Tensor) {
      if (auto* sv = raw_saved_variable(node, f.name)) {
        SavedVariableState st = state_of(*sv);
        view.saved_version = st.saved_version;
        view.current_version = st.current_version;
        view.released = st.released;
        if (!st.released && !st.empty && !st.packed) {
          // From the saved data itself: unpack() would refuse a tensor
          // modified in place since, and that is exactly when it matters.
          view.tensor.defined = true;
          std::string name = format::dtype_name(st.dtype);
          view.tensor.dtype = name.rfind("torch.", 0) == 0 ? name.substr(6) : name;
          view.tensor.shape = st.shape;
        }
        if (st.empty) view.value = "None";
        if (st.packed) view.value = "<packed by a hook>";
      }
    } else {
      try {
        view.value = value_text(read_saved_field(node, f.name));
      } catch (const std::exception&) {
        view.released = true;
      }
    }
    out.saved.push_back(std::move(view));
  }
}

// How many of the program's hooks one libtorch hook object stands for.
template <class Hook>
int program_hooks_in(const Hook* h) {
  if (dynamic_cast<const InternalHook*>(h)) return 0;
  if (auto* group = dynamic_cast<const HookGroup*>(h)) return static_cast<int>(group->hook_count());
  return 1;
}

GraphNode describe(NodeIds& ids, ag::Node& node, const TensorNamer& namer, const SnapshotOptions& opt) {
  GraphNode g;
  g.id = ids.id_of(node);
  g.name = node.name();
  g.sequence_nr = node.sequence_nr();
  if (auto* md = metadata_of(node)) {
    g.origin = md->origin();
    g.modules = module_frames(md->module_scope().get());
  }
  // A non-leaf tensor's hooks are tensor pre-hooks of its grad_fn: counted
  // as the node's pre-hooks, since they run on its incoming gradient. (A
  // grad accumulator's tensor pre-hooks are its leaf's, counted below.)
  if (!dynamic_cast<ag::AccumulateGrad*>(&node))
    for (const auto& h : node.tensor_pre_hooks()) g.pre_hooks += program_hooks_in(h.get());
  for (const auto& h : node.pre_hooks()) g.pre_hooks += program_hooks_in(h.get());
  for (const auto& h : node.post_hooks()) g.post_hooks += program_hooks_in(h.get());
  for (uint32_t i = 0; i < node.num_inputs(); ++i) {
    const auto& im = node.input_metadata(i);
    TensorMeta m;
    m.defined = true;
    std::string name = format::dtype_name(c10::typeMetaToScalarType(im.dtype()));
    m.dtype = name.rfind("torch.", 0) == 0 ? name.substr(6) : name;
    m.shape = input_shape(im);
    if (im.device().type() != c10::DeviceType::CPU) m.device = im.device().str();
    g.inputs.push_back(std::move(m));
  }
  if (auto* acc = dynamic_cast<ag::AccumulateGrad*>(&node)) {
    GraphNode::Leaf leaf;
    leaf.tensor = meta_of(acc->variable);
    if (namer && acc->variable.defined()) leaf.variable = namer(acc->variable);
    if (acc->variable.defined()) leaf.parameter = parameter_path_of(acc->variable);
    for (const auto& h : ag::impl::hooks(acc->variable)) g.tensor_hooks += program_hooks_in(h.get());
    g.leaf = std::move(leaf);
  }
  if (opt.saved_fields) read_saved(node, g);
  return g;
}

}  // namespace

GraphNode describe_node(NodeIds& ids, ag::Node& node, const TensorNamer& namer, const SnapshotOptions& options) {
  return describe(ids, node, namer, options);
}

GraphSnapshot snapshot_nodes(NodeIds& ids, const std::vector<NodePtr>& roots,
                             const TensorNamer& namer, const SnapshotOptions& opt) {
  GraphSnapshot snap;
  std::deque<ag::Node*> queue;
  std::vector<ag::Node*> order;  // every node described, as snap.nodes
  std::unordered_set<ag::Node*> seen;
  // Ids go out in BFS order from the roots for nodes seen the first time.
  for (const auto& r : roots)
    if (r && seen.insert(r.get()).second) queue.push_back(r.get());
  while (!queue.empty() && snap.nodes.size() < opt.max_nodes) {
    ag::Node* n = queue.front();
    queue.pop_front();
    snap.nodes.push_back(describe(ids, *n, namer, opt));
    order.push_back(n);
    if (opt.check && order.size() % SnapshotOptions::kCheckEvery == 0) opt.check();
    for (const auto& e : n->next_edges())
      if (e.function && seen.insert(e.function.get()).second) queue.push_back(e.function.get());
  }
  // The roots hold the graph alive for the whole walk: raw pointers are safe.
  for (size_t i = 0; i < order.size(); ++i) {
    const GraphNode& g = snap.nodes[i];
    ag::Node* node = order[i];
    int index = 0;
    for (const auto& e : node->next_edges()) {
      if (e.function)
        if (auto to = ids.find(*e.function); to && seen.count(e.function.get()))
          snap.edges.push_back(GraphEdge{g.id, *to, static_cast<int>(e.input_nr), index});
      ++index;
    }
  }
  return snap;
}

GraphSnapshot snapshot(NodeIds& ids, const std::vector<at::Tensor>& roots, const TensorNamer& namer,
                       const SnapshotOptions& opt) {
  std::vector<NodePtr> nodes;
  std::vector<GraphRoot> root_info;
  for (const auto& t : roots) {
    if (!t.defined()) continue;
    ag::Edge edge = ag::impl::gradient_edge(t);
    if (!edge.function) continue;
    nodes.push_back(edge.function);
    GraphRoot r;
    r.output_nr = static_cast<int>(edge.input_nr);
    r.tensor = meta_of(t);
    if (namer) r.variable = namer(t);
    root_info.push_back(std::move(r));
  }
  GraphSnapshot snap = snapshot_nodes(ids, nodes, namer, opt);
  for (size_t i = 0; i < root_info.size(); ++i) {
    root_info[i].node = ids.id_of(*nodes[i]);
    snap.roots.push_back(root_info[i]);
  }
  return snap;
}

}  // namespace backstep::autograd

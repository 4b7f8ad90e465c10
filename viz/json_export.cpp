#include "viz/json_export.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace backstep::viz {

namespace {

using json = nlohmann::ordered_json;

json source_of(const model::Node& n) {
  if (!n.has_origin) return nullptr;
  return json{{"file", n.file},
              {"line", n.line},
              {"col", n.col},
              {"function", n.calls.empty() ? std::string("<module>") : n.calls.back().function}};
}

json saved_of(const model::Saved& s) {
  json j{{"name", s.name}, {"kind", s.kind}, {"dtype", nullptr}, {"shape", nullptr}, {"value", nullptr}};
  if (s.is_tensor()) {
    if (s.released) j["value"] = "<released>";
    else if (s.tensor.defined) {
      j["dtype"] = s.tensor.dtype;
      j["shape"] = s.tensor.shape;
    } else if (!s.value.empty()) {
      j["value"] = s.value;  // "None": an absent optional tensor
    }
  } else {
    j["value"] = s.released ? "<released>" : s.value;
  }
  return j;
}

// The same shape as a trace record's "module" (docs/graph.schema.json).
json module_of(const model::Node& n) {
  if (n.modules.empty()) return nullptr;
  json stack = json::array();
  for (const auto& f : n.modules) stack.push_back(json{{"path", f.function}, {"type", f.module_type}});
  return json{{"path", n.modules.back().function}, {"type", n.modules.back().module_type}, {"stack", std::move(stack)}};
}

json node_json(const model::Node& n) {
  json saved = json::array();
  for (const auto& s : n.saved) saved.push_back(saved_of(s));
  json leaf = nullptr;
  if (n.is_leaf) {
    leaf = json{{"var", n.leaf_var.empty() ? json(nullptr) : json(n.leaf_var)},
                {"param", n.leaf_param.empty() ? json(nullptr) : json(n.leaf_param)},
                {"dtype", n.leaf_tensor.defined ? json(n.leaf_tensor.dtype) : json(nullptr)},
                {"shape", n.leaf_tensor.shape}};
    if (!n.leaf_tensor.device.empty()) leaf["device"] = n.leaf_tensor.device;  // only where not the CPU
  }
  // libtorch gives AccumulateGrad the sequence number UINT64_MAX, which no
  // JSON reader in JavaScript could hold exactly: it is written as null.
  json seq = n.seq == UINT64_MAX ? json(nullptr) : json(n.seq);
  // Hooks on a leaf tensor run as AccumulateGrad's pre-hooks.
  return json{{"id", n.id},
              {"name", n.name},
              {"seq", seq},
              {"source", source_of(n)},
              {"module", module_of(n)},
              {"saved", std::move(saved)},
              {"hooks", {{"pre", n.pre_hooks + n.tensor_hooks}, {"post", n.post_hooks}}},
              {"leaf", std::move(leaf)}};
}

}  // namespace

std::string graph_json(const model::Graph& graph, int indent, const std::function<void()>& check) {
  json roots = json::array();
  for (const auto& r : graph.roots) roots.push_back(r.node);
  json nodes = json::array();
  for (const auto& n : graph.nodes) {
    nodes.push_back(node_json(n));
    if (check && nodes.size() % 1024 == 0) check();
  }
  json edges = json::array();
  for (const auto& e : graph.edges) edges.push_back(json{{"from", e.from}, {"to", e.to}, {"input_nr", e.input_nr}});
  json doc{{"format", "backstep.graph/v1"}, {"roots", std::move(roots)}, {"nodes", std::move(nodes)}, {"edges", std::move(edges)}};
  // Replace invalid UTF-8 (a saved value's text could hold any byte) instead of throwing.
  return doc.dump(indent, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace backstep::viz

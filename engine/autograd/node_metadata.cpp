#include "engine/autograd/node_metadata.h"

#include "engine/autograd/graph_model.h"

#include <atomic>
#include <mutex>

namespace backstep::autograd {

namespace {
std::mutex& printer_mutex() {
  static std::mutex m;
  return m;
}
TracebackPrinter& printer() {
  static TracebackPrinter p;
  return p;
}
}  // namespace

NodeMetadata::~NodeMetadata() {
  if (!ids_owner) return;
  std::lock_guard<std::mutex> lock(NodeIds::ownership_mutex());
  if (ids_owner) ids_owner->forget(id);
}

void NodeMetadata::store_stack() {
  origin_ = current_origin();
  module_ = current_module_scope();
}

void NodeMetadata::print_stack(const std::string& current_node_name) {
  TracebackPrinter p;
  {
    std::lock_guard<std::mutex> lock(printer_mutex());
    p = printer();
  }
  if (p) p(current_node_name, *this);
}

void NodeMetadata::assign_parent(const c10::intrusive_ptr<torch::autograd::Node>&) {}

uint64_t new_visit_stamp() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1);
}

NodeMetadata* metadata_of(const torch::autograd::Node& node) {
  // Node::metadata() creates the metadata on first access; that is what we
  // want (a node made with anomaly mode off then reports "no origin").
  // An exact type check, not dynamic_cast: this runs for every node of
  // every watched backward, and nothing derives from NodeMetadata.
  torch::autograd::AnomalyMetadata* m = const_cast<torch::autograd::Node&>(node).metadata();
  return m && typeid(*m) == typeid(NodeMetadata) ? static_cast<NodeMetadata*>(m) : nullptr;
}

NodeMetadata& ensure_metadata(torch::autograd::Node& node) {
  if (auto* m = metadata_of(node)) return *m;
  static NodeMetadata empty;  // only reached when another engine made the metadata
  return empty;
}

void set_traceback_printer(TracebackPrinter p) {
  std::lock_guard<std::mutex> lock(printer_mutex());
  printer() = std::move(p);
}

}  // namespace backstep::autograd

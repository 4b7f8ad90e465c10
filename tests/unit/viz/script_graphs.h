// Real autograd graphs built in C++ as if a script had built them: a fake
// source file is registered, and an origin context points at the "line"
// being run, so every node gets a span and a call chain exactly as the
// interpreter would give it. Shared by the viz tests and bench/viz_bench.cpp.
#pragma once

#include "engine/autograd/backstep_engine.h"
#include "engine/autograd/graph_model.h"
#include "engine/autograd/origin.h"
#include "engine/lang/source.h"

#include <ATen/ATen.h>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace backstep::viz::testing {

// Sets the origin of the nodes created while it lives.
class FakeScript {
 public:
  FakeScript(const std::string& name, const std::string& text) {
    autograd::install_engine();
    span_.file = lang::SourceRegistry::instance().add(name, text);
    call_ = std::make_shared<autograd::CallRecord>(autograd::CallRecord{"<module>", {}, next_id_++, nullptr, nullptr});
  }
  FakeScript(const FakeScript&) = delete;
  FakeScript& operator=(const FakeScript&) = delete;

  // The expression now running: line, and columns [col, end_col).
  void at(uint32_t line, uint32_t col = 1, uint32_t end_col = 0) {
    span_.line = span_.end_line = line;
    span_.col = col;
    span_.end_col = end_col ? end_col : col + 1;
  }
  // Calls a script function from the current span; ret() returns from it.
  void call(const std::string& function) {
    stack_.emplace_back(call_, span_);
    call_ = std::make_shared<autograd::CallRecord>(autograd::CallRecord{function, span_, next_id_++, call_, nullptr});
  }
  void ret() {
    call_ = stack_.back().first;
    span_ = stack_.back().second;
    stack_.pop_back();
  }

 private:
  lang::Span span_;
  std::shared_ptr<const autograd::CallRecord> call_;
  uint64_t next_id_ = 1;
  std::vector<std::pair<std::shared_ptr<const autograd::CallRecord>, lang::Span>> stack_;
  autograd::OriginContext ctx_{&span_, &call_};
  autograd::OriginScope scope_{&ctx_};
};

// Script variable names for tensors (what the interpreter's namer does).
class Names {
 public:
  at::Tensor add(at::Tensor t, const std::string& name) {
    names_[t.unsafeGetTensorImpl()] = name;
    return t;
  }
  autograd::TensorNamer namer() const {
    return [this](const at::Tensor& t) {
      auto it = names_.find(t.unsafeGetTensorImpl());
      return it == names_.end() ? std::string() : it->second;
    };
  }

 private:
  std::unordered_map<const void*, std::string> names_;
};

inline at::Tensor param(Names& names, const std::string& name, std::vector<int64_t> shape, double scale = 0.5) {
  at::manual_seed(static_cast<uint64_t>(std::hash<std::string>{}(name) & 0xffff));
  return names.add((at::randn(shape) * scale).requires_grad_(), name);
}

// A graph and what it was taken from (the tensors keep the nodes alive).
struct Built {
  std::vector<at::Tensor> roots;
  autograd::GraphSnapshot snapshot;
};

// h = tanh(x[t] @ W + h @ U + b) for `steps` steps, then loss = h.sum().
// Written at module level, or with the step in a function `cell` when use_call.
Built rnn(autograd::NodeIds& ids, int steps, bool use_call = false, int hidden = 4);
// Layers `relu(x @ w_i + b_i)` through a function `layer`, then a sum; each
// layer has its own parameters.
Built mlp(autograd::NodeIds& ids, int layers, int width = 4);
// a * b, summed: the torchviz example.
Built small(autograd::NodeIds& ids);
// A graph built outside any script (no origins at all): a chain of `n` ops,
// alternating tanh and *2, or in an order without any repeating pattern.
Built no_origin_chain(autograd::NodeIds& ids, int n, bool irregular = false);

}  // namespace backstep::viz::testing

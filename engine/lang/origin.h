// Where the interpreter is: the script position executing now and the chain
// of script calls around it, published for whoever needs to know where an
// event came from (autograd records it as the origin of every node libtorch
// creates). Torch-free: the autograd side reads it, the runtime writes it.
//
// The interpreter publishes its current position through a thread-local
// OriginContext (a pointer to the running frame's fields, so keeping it up
// to date costs nothing per operation); the engine's anomaly-metadata seam
// copies it into every node it creates (see node_metadata.h). A call chain is
// an immutable linked list shared by every node made during that call, so
// recording an origin is a span copy and one reference-count increment.
#pragma once

#include "engine/lang/source.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace backstep::lang {

// One script function call: made once per call by the interpreter.
struct CallRecord {
  std::string function;    // "<module>", "layer", "<lambda>"
  Span call_site;    // where the caller called it (invalid for <module>)
  uint64_t id = 0;         // distinct per call: nodes of one call share it
  std::shared_ptr<const CallRecord> parent;
  // The call's variables as it left them, kept by a debugger (while one is
  // attached) for a call some autograd node still points at, so `:up` at a
  // backward pause evaluates in the function that created the node.
  mutable std::shared_ptr<const void> frame_snapshot;
  int depth() const { return parent ? parent->depth() + 1 : 0; }
};

struct Origin {
  Span span;                          // the expression that created the node
  std::shared_ptr<const CallRecord> call;   // the call it ran in (null: unknown)
  bool valid() const { return span.valid(); }
  std::string function() const { return call ? call->function : std::string(); }
};

// What the interpreter thread points at while it runs script code.
struct OriginContext {
  const Span* span = nullptr;
  const std::shared_ptr<const CallRecord>* call = nullptr;
  const void* owner = nullptr;  // the interpreter's frame this is of, for the lazy origin hook
};

// The calling thread's context (null when no script code runs on it).
namespace detail {
extern thread_local constinit const OriginContext* t_origin_context;  // origin.cpp
}  // namespace detail
inline const OriginContext*& current_origin_context() { return detail::t_origin_context; }

// The origin at this moment on this thread (invalid when none).
Origin current_origin();

// Sets the context for a scope and restores the previous one on exit.
class OriginScope {
 public:
  explicit OriginScope(const OriginContext* ctx) : saved_(current_origin_context()) { current_origin_context() = ctx; }
  ~OriginScope() { current_origin_context() = saved_; }
  OriginScope(const OriginScope&) = delete;
  OriginScope& operator=(const OriginScope&) = delete;

 private:
  const OriginContext* saved_;
};

}  // namespace backstep::lang

// Per-call-site operator caches, stored in the AST node of the call or
// operator (Expr::cache). Resolving `x.add(y)` to an overload family and
// then to one overload costs far more than the call itself; a site remembers
// both, so a loop body pays it once.
#pragma once

#include "engine/torch/bridge.h"

#include <memory>

namespace backstep::api {

struct OpSite {
  enum class Kind : uint8_t { TensorMethod, Function, Operator };
  Kind kind;
  const torchb::OpFamily* family;
  torchb::CallSiteCache cache;
};

// The site stored in `slot` when it was made for the same kind of call and
// the same family; otherwise a fresh one replaces it (a call site that
// alternates between receivers just loses its cache). `resolve` names the
// family and runs only when the slot is empty or of another kind.
template <class Resolve>
OpSite* op_site(std::shared_ptr<void>* slot, OpSite::Kind kind, Resolve resolve) {
  if (!slot) return nullptr;
  auto* s = static_cast<OpSite*>(slot->get());
  if (s && s->kind == kind) return s->family ? s : nullptr;
  const torchb::OpFamily* family = resolve();
  auto fresh = std::make_shared<OpSite>(OpSite{kind, family, {}});
  *slot = fresh;
  return family ? fresh.get() : nullptr;
}

}  // namespace backstep::api

// Objects usable in a `with` statement (torch.no_grad(), detect_anomaly(),
// saved_tensors_hooks(...), ...). exit() runs also when the body raised;
// returning true swallows the exception, as __exit__ does.
#pragma once

#include "engine/runtime/exceptions.h"
#include "engine/runtime/object.h"

namespace backstep::rt {

class ContextManager {
 public:
  virtual ~ContextManager() = default;
  virtual Value enter(Interpreter& in) = 0;
  virtual bool exit(Interpreter& in, const ScriptError* error) = 0;
};

}  // namespace backstep::rt

#include "engine/autograd/module_scope.h"

namespace backstep::autograd {

std::shared_ptr<const ModuleScope>& current_module_scope() {
  thread_local std::shared_ptr<const ModuleScope> scope;
  return scope;
}

}  // namespace backstep::autograd

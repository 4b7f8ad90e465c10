#include "engine/api/interruptible_backward.h"

#include "engine/autograd/backward_interrupt.h"
#include "engine/runtime/exceptions.h"

#include <torch/csrc/autograd/engine.h>

namespace backstep::api {

std::vector<at::Tensor> execute_interruptibly(rt::Interpreter& in, const torch::autograd::edge_list& roots,
                                              const std::vector<at::Tensor>& grads, bool keep_graph,
                                              bool create_graph, bool accumulate_grad,
                                              const torch::autograd::edge_list& outputs) {
  autograd::InterruptibleBackward interruptible;
  in.check_interrupt();  // a request from before the scope opened is answered here
  try {
    return torch::autograd::Engine::get_default_engine().execute(roots, grads, keep_graph, create_graph,
                                                                 accumulate_grad, outputs);
  } catch (const autograd::BackwardInterrupted&) {
    in.check_interrupt();  // KeyboardInterrupt, with the reason the request gave
    // Nothing pending any more: a backward nested in this one (started by a
    // hook) answered the request. This one was interrupted all the same.
    throw rt::ScriptError(
        std::make_shared<rt::ExceptionObject>(*rt::exc_types().keyboard_interrupt, std::vector<rt::Value>{}));
  }
}

}  // namespace backstep::api

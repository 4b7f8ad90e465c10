// Interrupting a running backward (Note [Interrupting a running backward]):
// the engine stops between two nodes when asked while an interruptible
// backward runs, and only then. No timing: a node's pre-hook makes the
// request and waits until the relay has acted on it.
#include "engine/autograd/backstep_engine.h"
#include "engine/autograd/backward_interrupt.h"

#include <doctest/doctest.h>
#include <torch/csrc/autograd/engine.h>
#include <torch/csrc/autograd/function_hook.h>

#include <chrono>
#include <functional>
#include <thread>

namespace ba = backstep::autograd;
namespace ag = torch::autograd;

namespace {

class CallingPreHook : public ag::FunctionPreHook {
 public:
  explicit CallingPreHook(std::function<void()> f) : f_(std::move(f)) {}
  ag::variable_list operator()(const ag::variable_list& grads) override {
    f_();
    return grads;
  }

 private:
  std::function<void()> f_;
};

void add_pre_hook(const at::Tensor& t, std::function<void()> f) {
  t.grad_fn()->add_pre_hook(std::make_unique<CallingPreHook>(std::move(f)));
}

std::vector<at::Tensor> backward(const at::Tensor& loss) {
  return ag::Engine::get_default_engine().execute({ag::impl::gradient_edge(loss)}, {at::ones_like(loss)},
                                                  /*keep_graph=*/true, /*create_graph=*/false,
                                                  /*accumulate_grad=*/true);
}

// Waits until the relay has acted on `n` requests in all (a bound only so
// that a broken relay fails the test instead of hanging it).
void wait_relayed(uint64_t n) {
  auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (ba::interrupt_requests_relayed() < n && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  REQUIRE(ba::interrupt_requests_relayed() >= n);
}

}  // namespace

TEST_CASE("a request while an interruptible backward runs stops it after the node running") {
  ba::install_engine();
  at::Tensor x = at::ones({3}).requires_grad_();
  at::Tensor b = (x * 2).sin();
  at::Tensor c = b.cos();
  at::Tensor loss = c.sum();
  bool sin_ran = false;
  add_pre_hook(b, [&] { sin_ran = true; });
  // The relay starts with the first interruptible backward: the request
  // below is made while CosBackward0 (after SumBackward0) runs.
  add_pre_hook(c, [] {
    uint64_t before = ba::interrupt_requests_relayed();
    ba::interrupt_backwards();
    wait_relayed(before + 1);
  });
  {
    ba::InterruptibleBackward interruptible;
    CHECK_THROWS_AS(backward(loss), ba::BackwardInterrupted);
  }
  CHECK_FALSE(sin_ran);
  CHECK_FALSE(x.grad().defined());
}

TEST_CASE("requests reach only interruptible backwards, and only those running or started after them") {
  ba::install_engine();
  at::Tensor x = at::ones({2}).requires_grad_();
  at::Tensor loss = (x * 3).sum();
  SUBCASE("a backward outside any scope runs to the end") {
    add_pre_hook(loss, [] {
      uint64_t before = ba::interrupt_requests_relayed();
      ba::interrupt_backwards();
      wait_relayed(before + 1);
    });
    backward(loss);
    CHECK(x.grad().equal(at::full({2}, 3.0)));
  }
  SUBCASE("a request from before the scope opened is not this backward's") {
    uint64_t before = ba::interrupt_requests_relayed();
    ba::interrupt_backwards();
    ba::InterruptibleBackward interruptible;
    backward(loss);
    CHECK(x.grad().equal(at::full({2}, 3.0)));
    wait_relayed(before + 1);  // acted on while or after the backward ran: nothing failed
  }
  SUBCASE("a request after the scope opened fails the backward before its first node") {
    bool ran = false;
    add_pre_hook(loss, [&] { ran = true; });
    {
      ba::InterruptibleBackward interruptible;
      ba::interrupt_backwards();
      CHECK_THROWS_AS(backward(loss), ba::BackwardInterrupted);
    }
    CHECK_FALSE(ran);
    backward(loss);  // the graph is intact: it runs whole afterwards
    CHECK(ran);
    CHECK(x.grad().equal(at::full({2}, 3.0)));
  }
}

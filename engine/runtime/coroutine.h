// A body of C++ code with a stack of its own, which can suspend itself in
// the middle (yield) and be resumed later: what a generator's frame runs on.
//
// Note [generators on their own stacks]
// The interpreter walks the syntax tree recursively, so the place a
// generator stops -- inside `yield` inside a loop inside a try inside the
// function -- is a chain of C++ frames. Rather than turning every statement
// into a resumable state machine, each generator runs on a stack of its own
// and the interpreter switches stacks at yield (a few instructions: the
// callee-saved registers and the stack pointer, context_switch.S). So `yield`
// works anywhere an expression can be, and everything else in the
// interpreter stays as it is.
//
// What a switch must carry besides registers (coroutine.cpp):
//  - the C++ runtime's per-thread exception state (__cxa_eh_globals): a
//    generator may yield inside an `except` block, which is a C++ catch block
//    of the interpreter, while the caller handles exceptions of its own;
//  - the interpreter's own per-thread state (current frame, call depth, the
//    origin autograd reads): saved and restored by the generator around each
//    resume (generator.cpp).
// A body never lets an exception out of its stack: coroutine_main catches
// everything and hands it to resume(), which rethrows it on the caller's
// stack. Stacks are 8 MB of address space each (touched pages only take
// memory), so recursion inside a generator is as deep as on the main thread;
// finished stacks are pooled.
#pragma once

#include <cstddef>
#include <exception>
#include <functional>

namespace backstep::rt {

class Coroutine {
 public:
  using Body = std::function<void(Coroutine&)>;
  explicit Coroutine(Body body);
  // A coroutine must be finished (or never started) when destroyed: the
  // owner unwinds a suspended one first (a generator throws GeneratorExit in).
  ~Coroutine();
  Coroutine(const Coroutine&) = delete;
  Coroutine& operator=(const Coroutine&) = delete;

  // Runs the body until it suspends (true) or finishes (false). An exception
  // that escaped the body is rethrown here.
  bool resume();
  // From inside the body: back to resume()'s caller.
  void suspend();

  bool started() const { return started_; }
  bool finished() const { return finished_; }
  bool running() const { return running_; }

 private:
  friend void coroutine_main(Coroutine* co);
  struct Stack {
    void* base = nullptr;
    size_t size = 0;
  };
  static Stack take_stack();
  static void give_back(Stack s);
  void switch_in();
  void switch_out();
  void arrive_on_body_stack();

  // What the sanitizers are told at each switch (Note [sanitizers and stack
  // switching], coroutine.cpp); untouched in the release build.
  struct FiberState {
    void* caller_fake = nullptr;          // ASan: resume()'s fake stack while the body runs
    void* body_fake = nullptr;            // ASan: the body's while it is suspended
    const void* caller_bottom = nullptr;  // ASan: resume()'s stack, to switch back to
    size_t caller_size = 0;
    void* tsan_fiber = nullptr;           // TSan: the body's fiber
    void* tsan_caller = nullptr;          // TSan: resume()'s
  };

  Body body_;
  Stack stack_;
  void* sp_ = nullptr;         // the body's stack pointer while suspended
  void* caller_sp_ = nullptr;  // resume()'s while the body runs
  std::exception_ptr error_;
  FiberState fiber_;
  // The C++ runtime's exception state of whichever side is not running.
  void* saved_caught_ = nullptr;
  unsigned int saved_uncaught_ = 0;
  bool started_ = false;
  bool finished_ = false;
  bool running_ = false;
};

}  // namespace backstep::rt

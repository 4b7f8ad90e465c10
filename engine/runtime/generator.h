// Generators: what calling a function with `yield` in it returns, and what a
// generator expression evaluates to. The body runs on a coroutine of its own
// (Note [generators on their own stacks] in coroutine.h); next()/send()
// resume it, `yield` suspends it, throw()/close() raise inside it at the
// point it stopped, and `return v` ends it with StopIteration(v).
#pragma once

#include "engine/runtime/coroutine.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"

#include <optional>
#include <utility>

namespace backstep::rt {

struct Frame;

class GeneratorObject : public Object, public KindTag<ObjKind::Generator> {
 public:
  // `body` runs the generator's frame on the coroutine; it calls yield_value().
  GeneratorObject(Interpreter& in, std::string name, std::string qualname, std::function<void(GeneratorObject&)> body);
  ~GeneratorObject() override;
  const TypeObject& native_type() const override { return *types().generator; }
  void gc_traverse(GcVisitor& v) const override;
  std::string repr(Interpreter& in) const override;

  // gen.send(v) / next(gen): the next value, or nullopt when the generator
  // ended (its return value is then in return_value()).
  std::optional<Value> send(Interpreter& in, Value v);
  // gen.throw(exc): raises `exc` at the yield it stopped at.
  std::optional<Value> throw_in(Interpreter& in, const ScriptError& exc);
  // gen.close(): GeneratorExit at the yield; its finally blocks run.
  void close(Interpreter& in);
  const Value& return_value() const { return return_value_; }
  // The return value for the StopIteration that reports the end (only the
  // first report carries it, as in CPython).
  Value take_return_value() { return std::exchange(return_value_, Value()); }

  // From the body: hands `v` to the resumer and suspends; returns what the
  // next send() passes in (or raises what throw() passes in).
  Value yield_value(Interpreter& in, Value v);
  void set_return_value(Value v) { return_value_ = std::move(v); }

  bool running() const { return co_.running(); }
  bool finished() const { return co_.finished() || closed_; }
  bool started() const { return co_.started(); }
  const std::string& name() const { return name_; }
  const std::string& qualname() const { return qualname_; }
  void set_name(std::string n) { name_ = std::move(n); }
  void set_qualname(std::string n) { qualname_ = std::move(n); }

  // The generator's outermost frame (its parent is set to the resumer's
  // frame on every resume, so tracebacks read through the caller).
  Frame* frame = nullptr;
  // A function's generator before its first run: the bound arguments its
  // frame starts with (here rather than in the body's closure, so the
  // cycle collector sees them).
  c10::SmallVector<Value, 8> pending_locals;

 private:
  std::optional<Value> run(Interpreter& in);

  Interpreter& in_;
  std::string name_;
  std::string qualname_;
  Coroutine co_;
  Value sent_;
  Value yielded_;
  Value return_value_;
  std::optional<ScriptError> throw_;
  bool closed_ = false;
  // The interpreter's state inside the generator while it is suspended.
  Frame* inner_frame_ = nullptr;
  const void* inner_origin_ = nullptr;
};

// `yield from source` inside generator `g`: delegates until the source ends
// and returns its return value (PEP 380).
Value yield_from(Interpreter& in, GeneratorObject& g, const Value& source);

void install_generator_type();

}  // namespace backstep::rt

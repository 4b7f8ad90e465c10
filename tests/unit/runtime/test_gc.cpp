// The cycle collector (engine/runtime/gc.h): garbage cycles are freed (their
// weak references expire), anything held from C++ survives whole, and the
// C++ holders of script values (a module's globals) take part.
#include "engine/runtime/gc.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "tests/unit/collecting_sink.h"
#include "tests/unit/runtime/gc_fixtures.h"

#include <doctest/doctest.h>

namespace rt = backstep::rt;

namespace {

struct Collector {
  backstep::testing::CollectingSink sink;
  rt::Interpreter in{sink};
  int64_t collect() { return rt::gc_collect(in, 2); }
};

using backstep::testing::self_list;

}  // namespace

TEST_CASE("gc: a list that contains itself is freed") {
  Collector c;
  c.collect();
  std::weak_ptr<rt::Object> weak = self_list();
  REQUIRE_FALSE(weak.expired());  // reference counting alone cannot free it
  CHECK(c.collect() == 1);
  CHECK(weak.expired());
}

TEST_CASE("gc: a cycle held from C++ survives intact, and so does what it holds") {
  Collector c;
  auto l = self_list();
  auto inner = std::make_shared<rt::DictObject>();
  inner->set_str("back", rt::Value(l));
  l->items.push_back(rt::Value(inner));
  std::weak_ptr<rt::Object> weak_inner = inner;
  inner.reset();
  c.collect();
  REQUIRE(l->items.size() == 2);
  CHECK(l->items[0].object_ptr() == l.get());
  CHECK_FALSE(weak_inner.expired());
  CHECK(static_cast<rt::DictObject*>(l->items[1].object_ptr())->find_str("back")->object_ptr() == l.get());
  std::weak_ptr<rt::Object> weak = l;
  l.reset();
  CHECK(c.collect() == 2);
  CHECK(weak.expired());
  CHECK(weak_inner.expired());
}

TEST_CASE("gc: a cycle through a module's globals is freed, the globals cleared") {
  Collector c;
  auto globals = std::make_shared<rt::ModuleGlobals>();
  auto module = rt::make_module("m");
  module->set_namespace(globals, "m.py");
  globals->values.push_back(rt::Value(module));  // m.m = m, through the globals
  std::weak_ptr<rt::Object> weak = module;
  std::weak_ptr<rt::ModuleGlobals> weak_globals = globals;
  module.reset();
  globals.reset();
  REQUIRE_FALSE(weak.expired());
  c.collect();
  CHECK(weak.expired());
  CHECK(weak_globals.expired());
}

TEST_CASE("gc: scripts' cycles are collected and reachable ones keep working") {
  Collector c;
  auto outcome = c.in.run_source("<test>",
                                 "import gc\n"
                                 "gc.disable()\n"
                                 "gc.collect()\n"
                                 "def outer():\n"
                                 "    def f(): return f\n"
                                 "    return f\n"
                                 "class A: pass\n"
                                 "keep = A(); keep.me = keep; keep.f = outer()\n"
                                 "for i in range(10):\n"
                                 "    a = A(); a.me = a; a.f = outer()\n"
                                 "del a\n"
                                 "print(gc.collect(), keep.me is keep, keep.f() is keep.f)\n",
                                 rt::Interpreter::Mode::File);
  if (!outcome.ok()) c.in.report(outcome);
  CHECK(c.sink.text == "40 True True\n");
  rt::gc_set_enabled(true);
}

TEST_CASE("gc: automatic collection keeps a loop of cycles flat") {
  Collector c;
  rt::gc_set_enabled(true);
  auto outcome = c.in.run_source("<test>",
                                 "for i in range(5000):\n"
                                 "    x = [i]\n"
                                 "    x.append(x)\n",
                                 rt::Interpreter::Mode::File);
  REQUIRE(outcome.ok());
  // Each collection runs once the youngest generation passes 700 objects.
  CHECK(rt::gc_count(0) <= 701);
  size_t tracked = rt::gc_objects(-1).size();
  CHECK(tracked < 5000);
}

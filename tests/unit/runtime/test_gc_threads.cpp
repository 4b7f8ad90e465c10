// Collections and the autograd engine's threads (Note [collections and
// other threads] in engine/runtime/gc.h): while the interpreter thread waits
// for a worker in pump_until, a worker may drop the last reference to a
// tracked object at any moment, so no collection runs there; it runs once
// the wait is over. Under ThreadSanitizer/AddressSanitizer this test shows
// a collection never reads an object another thread is freeing.
#include "engine/runtime/gc.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "tests/unit/collecting_sink.h"
#include "tests/unit/runtime/gc_fixtures.h"

#include <doctest/doctest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace rt = backstep::rt;

namespace {

using backstep::testing::self_list;

// A list holding a dict: both tracked, freed by reference counting.
std::shared_ptr<rt::ListObject> plain_pair() {
  auto l = std::make_shared<rt::ListObject>();
  l->items.push_back(rt::Value(std::make_shared<rt::DictObject>()));
  return l;
}

}  // namespace

TEST_CASE("gc: no collection while a worker thread may free objects; it runs after the wait") {
  backstep::testing::CollectingSink sink;
  rt::Interpreter in{sink};
  rt::gc_collect(in, 2);

  std::vector<std::shared_ptr<rt::ListObject>> dropped_by_worker;
  for (int i = 0; i < 2000; ++i) dropped_by_worker.push_back(plain_pair());
  std::weak_ptr<rt::Object> garbage = self_list();

  std::atomic<int> workers_done{0};
  std::vector<int64_t> found_during;
  // One worker drops references (as a node dying with its hooks would),
  // another posts collections to the interpreter thread meanwhile.
  std::thread dropper([&] {
    while (!dropped_by_worker.empty()) dropped_by_worker.pop_back();
    workers_done.fetch_add(1);
    in.notify();
  });
  std::thread poster([&] {
    for (int i = 0; i < 50; ++i)
      in.run_on_interpreter_thread([&] {
        CHECK(rt::gc_held());
        found_during.push_back(rt::gc_collect(in, 2));
      });
    workers_done.fetch_add(1);
    in.notify();
  });
  in.pump_until([&] { return workers_done.load() == 2; });
  dropper.join();
  poster.join();

  CHECK_FALSE(rt::gc_held());
  REQUIRE(found_during.size() == 50);
  for (int64_t n : found_during) CHECK(n == 0);
  CHECK_FALSE(garbage.expired());  // waited for the end of the backward
  CHECK(rt::gc_pending());         // and is due at the next statement
  CHECK(rt::gc_collect(in, 2) == 1);
  CHECK(garbage.expired());
}

// Internal to the collector (gc.cpp, gc_collect.cpp): its lists and counters.
#pragma once

#include "engine/runtime/gc.h"

#include <atomic>

namespace backstep::rt::gc_detail {

// Objects are created and freed on the interpreter thread, but also freed
// on the autograd engine's threads (a node's hooks dying with the node): a
// lock that costs one atomic exchange when nobody holds it.
class SpinLock {
 public:
  void lock();
  void unlock() { flag_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> flag_{false};
};

struct LockGuard {
  explicit LockGuard(SpinLock& l) : lock(l) { lock.lock(); }
  ~LockGuard() { lock.unlock(); }
  LockGuard(const LockGuard&) = delete;
  LockGuard& operator=(const LockGuard&) = delete;
  SpinLock& lock;
};

// Flags of an object during a collection.
constexpr uint8_t kInCollection = 1;  // in the generations being collected
constexpr uint8_t kReachable = 2;     // reachable from outside them
constexpr uint8_t kUnowned = 4;       // no shared_ptr owns it (being freed): left alone

struct State {
  // Circular lists with these sentinels (linked on first use, since objects
  // are made during static initialisation).
  GcHeader generations[kGcGenerations];
  int64_t count[kGcGenerations] = {0, 0, 0};
  int64_t threshold[kGcGenerations] = {700, 10, 10};
  // CPython's guard against quadratic full collections (gc_collect_pending).
  int64_t long_lived_total = 0;
  int64_t long_lived_pending = 0;
  bool enabled = true;
  bool collecting = false;
  SpinLock lock;
  GcTensorTraverser tensor_traverser = nullptr;
};
extern constinit State g_state;

void list_init(GcHeader& head);
void list_append(GcHeader& head, GcHeader& node);
void list_remove(GcHeader& node);
void list_splice(GcHeader& from, GcHeader& to);  // moves all of `from` to the end of `to`
size_t list_size(GcHeader& head);

}  // namespace backstep::rt::gc_detail

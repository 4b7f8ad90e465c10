#include "engine/autograd/backstep_engine.h"

#include "engine/autograd/backward_interrupt.h"
#include "engine/autograd/node_metadata.h"

#include <torch/csrc/autograd/anomaly_mode.h>

#include <atomic>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <mutex>

namespace backstep::autograd {

namespace {

std::atomic<bool> g_user_anomaly{false};
std::atomic<bool> g_user_check_nan{true};
std::atomic<bool> g_saved_hooks_active{false};

std::mutex& provider_mutex() {
  static std::mutex m;
  return m;
}
SavedHooksProvider& provider() {
  static SavedHooksProvider p;
  return p;
}

class Engine final : public torch::autograd::Engine {
 public:
  // libtorch keeps a reference to the default engine until exit; the engine
  // owns worker threads that must be joined before its members go away,
  // which is what stop() does.
  ~Engine() override { stop(); }

  static Engine& instance() {
    static Engine* engine = new Engine();  // lives to the end: device threads refer to it
    return *engine;
  }

  std::unique_ptr<torch::autograd::AnomalyMetadata> make_anomaly_metadata() override {
    return std::make_unique<NodeMetadata>();
  }

  std::unique_ptr<torch::autograd::SavedVariableHooks> get_default_saved_variable_hooks() override {
    if (!g_saved_hooks_active.load(std::memory_order_acquire)) return nullptr;
    SavedHooksProvider p;
    {
      std::lock_guard<std::mutex> lock(provider_mutex());
      p = provider();
    }
    return p ? p() : nullptr;
  }

  // Every backward passes through here with its graph task (Engine::execute
  // makes it, then calls this); on the calling thread, the base runs the
  // whole backward before returning. Registered meanwhile, the task can be
  // interrupted between nodes (Note [Interrupting a running backward]).
  c10::intrusive_ptr<at::ivalue::Future> execute_with_graph_task(
      const std::shared_ptr<torch::autograd::GraphTask>& graph_task, c10::intrusive_ptr<torch::autograd::Node> graph_root,
      torch::autograd::InputBuffer&& input_buffer) override {
    RegisteredGraphTask interruptible(*graph_task);
    return torch::autograd::Engine::execute_with_graph_task(graph_task, std::move(graph_root), std::move(input_buffer));
  }

 private:
  Engine() = default;
};

torch::autograd::Engine& engine_stub() { return Engine::instance(); }

// Autograd graphs are made of hundreds of thousands of small objects (nodes,
// edges, saved variables, tensor impls) that are freed all at once when a
// graph dies. glibc parks small freed chunks in "fastbins" and later merges
// them in bulk (malloc_consolidate), which was a third of the time of a
// 100k-node backward here, growing as the heap ages. Without fastbins the
// merging happens as chunks are freed; plain backward measured 0.98 -> 0.73 s
// in steady state (bench_autograd backward-plain, BENCH_VERBOSE=1).
void tune_allocator() {
#if defined(__GLIBC__)
  mallopt(M_MXFAST, 0);
#endif
}

}  // namespace

void install_engine() {
  static std::once_flag once;
  std::call_once(once, [] {
    tune_allocator();
    torch::autograd::set_default_engine_stub(engine_stub);
    // Anomaly mode is libtorch's switch for calling store_stack() on every
    // new node; keep it on, with the NaN check off until the script asks.
    torch::autograd::AnomalyMode::set_enabled(true, /*check_nan=*/false);
  });
}

void set_origins_enabled(bool enabled) {
  torch::autograd::AnomalyMode::set_enabled(enabled || g_user_anomaly, g_user_anomaly && g_user_check_nan);
}

void set_user_anomaly_mode(bool enabled, bool check_nan) {
  g_user_anomaly = enabled;
  g_user_check_nan = check_nan;
  torch::autograd::AnomalyMode::set_enabled(true, enabled && check_nan);
}

bool user_anomaly_mode() { return g_user_anomaly; }
// As torch.is_anomaly_check_nan_enabled(): the flag itself, true by default
// and kept while anomaly mode is off (set_detect_anomaly(False) leaves it).
bool user_anomaly_check_nan() { return g_user_check_nan; }

void set_saved_hooks_active(bool active) { g_saved_hooks_active.store(active, std::memory_order_release); }

void set_saved_hooks_provider(SavedHooksProvider p) {
  std::lock_guard<std::mutex> lock(provider_mutex());
  provider() = std::move(p);
}

}  // namespace backstep::autograd

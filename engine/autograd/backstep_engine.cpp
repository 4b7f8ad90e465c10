#include "engine/autograd/backstep_engine.h"

#include "engine/autograd/node_metadata.h"

#include <torch/csrc/autograd/anomaly_mode.h>

#include <atomic>
#include <mutex>

namespace backstep::autograd {

namespace {

std::atomic<bool> g_user_anomaly{false};
std::atomic<bool> g_user_check_nan{true};

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
    SavedHooksProvider p;
    {
      std::lock_guard<std::mutex> lock(provider_mutex());
      p = provider();
    }
    return p ? p() : nullptr;
  }

 private:
  Engine() = default;
};

torch::autograd::Engine& engine_stub() { return Engine::instance(); }

}  // namespace

void install_engine() {
  static std::once_flag once;
  std::call_once(once, [] {
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
bool user_anomaly_check_nan() { return g_user_anomaly && g_user_check_nan; }

void set_saved_hooks_provider(SavedHooksProvider p) {
  std::lock_guard<std::mutex> lock(provider_mutex());
  provider() = std::move(p);
}

}  // namespace backstep::autograd

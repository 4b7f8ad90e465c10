#include "engine/api/mutations.h"

#include "engine/autograd/libtorch_compat.h"
#include "engine/autograd/node_metadata.h"
#include "engine/autograd/saved_fields.h"
#include "engine/torch/bridge.h"

#include <fmt/format.h>

#include <deque>
#include <map>
#include <mutex>
#include <unordered_set>

namespace backstep::api {

namespace ag = torch::autograd;

namespace {

struct Site {
  int64_t version_before;
  lang::Span span;
};

// Per storage, the most recent in-place sites. Storages die and their
// addresses get reused: an entry whose first recorded version is above the
// version a query asks about cannot be the same storage's history, and the
// table is trimmed to bounded size.
struct Tracker {
  std::mutex mutex;
  std::map<const void*, std::deque<Site>> sites;
  std::function<void(const at::Tensor&)> saved_handler;
  static constexpr size_t kPerStorage = 32;
  static constexpr size_t kStorages = 4096;

  void record(const at::Tensor& t) {
    if (!t.defined() || !t.has_storage()) return;
    lang::Span where = autograd::current_origin().span;
    std::lock_guard<std::mutex> lock(mutex);
    auto& list = sites[t.storage().unsafeGetStorageImpl()];
    list.push_back(Site{static_cast<int64_t>(t._version()), where});
    if (list.size() > kPerStorage) list.pop_front();
    if (sites.size() > kStorages) sites.erase(sites.begin());
  }
};

Tracker& tracker() {
  static Tracker* t = new Tracker();
  return *t;
}

// "prog.py:14:1  `z.add_(2)`": the operation itself when it fits on its
// line, else the whole line.
std::string location_text(const lang::Span& s) {
  if (!s.valid()) return "an unknown line";
  std::string_view line = lang::source_line(s);
  std::string code;
  if (s.end_line == s.line && s.end_col > s.col && s.end_col - 1 <= line.size()) {
    code = std::string(line.substr(s.col - 1, s.end_col - s.col));
  } else {
    size_t b = line.find_first_not_of(" \t");
    code = b == std::string_view::npos ? "" : std::string(line.substr(b));
  }
  return fmt::format("{}  `{}`", lang::format_location(s), code);
}

}  // namespace

void notify_mutation(const at::Tensor& t) {
  // An inference tensor has no version counter (reading it throws) and is
  // never saved for backward: nothing to track; the op itself then raises
  // PyTorch's error for an in-place update outside inference mode.
  if (t.defined() && t.is_inference()) return;
  Tracker& tr = tracker();
  tr.record(t);
  std::function<void(const at::Tensor&)> handler;
  {
    std::lock_guard<std::mutex> lock(tr.mutex);
    handler = tr.saved_handler;
  }
  if (handler) handler(t);
}

void install_mutation_tracking() { torchb::mutation_observer() = notify_mutation; }

void set_saved_mutation_handler(std::function<void(const at::Tensor&)> handler) {
  std::lock_guard<std::mutex> lock(tracker().mutex);
  tracker().saved_handler = std::move(handler);
}

std::vector<lang::Span> inplace_sites(const void* storage, int64_t from, int64_t to) {
  Tracker& tr = tracker();
  std::lock_guard<std::mutex> lock(tr.mutex);
  std::vector<lang::Span> out;
  auto it = tr.sites.find(storage);
  if (it == tr.sites.end()) return out;
  for (const auto& s : it->second)
    if (s.version_before >= from && s.version_before < to) out.push_back(s.span);
  return out;
}

std::vector<std::string> saved_field_mutation_sites(ag::Node& node, const std::string& field) {
  std::vector<std::string> out;
  auto* sv = autograd::raw_saved_variable(node, field);
  if (!sv) return out;
  autograd::SavedVariableState st = autograd::state_of(*sv);
  if (st.empty || st.released || st.current_version == st.saved_version) return out;
  for (const auto& s : inplace_sites(st.storage, st.saved_version, st.current_version)) out.push_back(location_text(s));
  return out;
}

std::vector<std::string> explain_inplace_error(autograd::NodeIds& ids, const std::vector<c10::intrusive_ptr<ag::Node>>& roots) {
  std::vector<std::string> notes;
  std::deque<ag::Node*> queue;
  std::unordered_set<ag::Node*> seen;
  for (const auto& r : roots)
    if (r && seen.insert(r.get()).second) queue.push_back(r.get());
  while (!queue.empty()) {
    ag::Node* n = queue.front();
    queue.pop_front();
    for (const auto& e : n->next_edges())
      if (e.function && seen.insert(e.function.get()).second) queue.push_back(e.function.get());
    const auto* fields = autograd::saved_fields_of(*n);
    if (!fields) continue;
    for (const auto& f : *fields) {
      if (f.kind != autograd::SavedKind::Tensor) continue;
      auto* sv = autograd::raw_saved_variable(*n, f.name);
      if (!sv) continue;
      autograd::SavedVariableState st = autograd::state_of(*sv);
      if (st.empty || st.released || st.current_version == st.saved_version) continue;
      std::string origin;
      if (auto* md = autograd::metadata_of(*n); md && md->origin().valid())
        origin = " (created at " + lang::format_location(md->origin().span) + ")";
      notes.push_back(fmt::format("backstep: #{} {}{} saved `{}` at version {}; that tensor is now at version {}.",
                                  ids.id_of(*n), n->name(), origin, f.name, st.saved_version, st.current_version));
      auto sites = inplace_sites(st.storage, st.saved_version, st.current_version);
      for (const auto& s : sites) notes.push_back("  modified in place at " + location_text(s));
      if (sites.empty()) notes.push_back("  (the in-place operation ran outside the program's own lines)");
    }
  }
  return notes;
}

}  // namespace backstep::api

#include "repl/run_annotations.h"

namespace backstep::repl {

viz::Annotations annotations_of(const debug::BackwardRun& run, const autograd::GraphSnapshot& graph,
                                const std::vector<debug::Breakpoint>& breakpoints, size_t paused) {
  viz::Annotations notes;
  bool in_progress = paused != SIZE_MAX;
  for (const auto& n : graph.nodes) {
    viz::NodeAnnotation& a = notes[n.id];
    a.state = in_progress ? viz::ExecState::Pending : viz::ExecState::None;
    for (const auto& bp : breakpoints)
      if (!bp.is_after_node() && (bp.kind == debug::Breakpoint::Kind::Module ? bp.matches_module(n.modules)
                                                                              : bp.matches_node(n.name, n.id, n.origin.span)))
        a.breakpoint = true;
  }
  for (size_t i = 0; i < run.records.size(); ++i) {
    const debug::NodeRecord& r = run.records[i];
    viz::NodeAnnotation& a = notes[r.id];
    a.state = i == paused ? viz::ExecState::Current : viz::ExecState::Done;
    a.incoming.clear();
    a.produced.clear();
    for (uint32_t k = 0; k < r.in_count; ++k) {
      const debug::Summary& s = run.incoming(r)[k];
      a.incoming.push_back(s.defined ? std::optional<autograd::TensorSummary>(s.to_full()) : std::nullopt);
    }
    for (uint32_t k = 0; k < r.out_count; ++k) {
      const debug::Summary& s = run.produced(r)[k];
      a.produced.push_back(s.defined ? std::optional<autograd::TensorSummary>(s.to_full()) : std::nullopt);
    }
  }
  return notes;
}

}  // namespace backstep::repl

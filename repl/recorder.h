// Records every backward of a batch run for the files CI asks for: a trace
// (backstep.trace/v1), the graph of each backward (backstep.graph/v1), and
// one picture per backward. The graph is snapshotted when a backward starts
// (its graph is whole then); the history comes from the debugger when it
// ends.
#pragma once

#include "engine/debug/debugger.h"
#include "viz/render_options.h"

#include <string>
#include <vector>

namespace backstep::repl {

class Recorder {
 public:
  struct Options {
    bool graphs = false;        // snapshot each backward's graph
    bool saved_fields = false;  // ... with saved fields (graph JSON wants them)
    // Only the last backward (`render` draws it): each earlier one's graph
    // and history go when the next starts, so a long loop holds one.
    bool last_only = false;
  };
  Recorder(debug::Debugger& d, rt::Interpreter& in, Options options);

  struct Entry {
    const debug::BackwardRun* run = nullptr;
    autograd::GraphSnapshot graph;
  };
  const std::vector<Entry>& entries() const { return entries_; }

  // The files; each returns "" or a sentence saying why it could not write.
  // `program` is the script's path, recorded in the file. (`backstep run`
  // streams its trace instead: trace_stream.h.)
  std::string write_trace(const std::string& path, const std::string& program) const;
  std::string write_pictures(const std::string& dir, viz::Format format) const;

 private:
  debug::Debugger& d_;
  std::vector<Entry> entries_;
};

}  // namespace backstep::repl

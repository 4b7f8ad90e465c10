// The text of trace files (docs/trace-format.md): one backward's header and
// one line per node record, appended to a buffer as fast as the records can
// be read. A trace of a 100k-node backward is written while the program
// runs, so building a JSON tree per record (what nlohmann::json costs) is
// too slow: names, files and modules are escaped once and copied after.
#pragma once

#include "engine/debug/debugger.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace backstep::repl {

using ordered_json = nlohmann::ordered_json;

// JSON has no NaN or Infinity: a value that is not finite is written null.
ordered_json finite_or_null(double v);
// {"file", "line", "col"}, or null for no position.
ordered_json where_json(const lang::Span& span);
// The fields a backward's entry starts with in every file that lists
// backwards (trace, graphs, summaries): number, kind, step, loss, call_site.
ordered_json backward_fields(const debug::BackwardRun& run);

class TraceText {
 public:
  // One backward: its header fields, then "records": [ with one line per
  // record, then ]}. `flush` is called whenever `out` holds over ~1 MB, to
  // write it out and clear it.
  template <class Flush>
  void append_run(std::string& out, const debug::BackwardRun& run, Flush&& flush) {
    append_header(out, run);
    begin_run(run);
    for (size_t i = 0; i < run.records.size(); ++i) {
      out += std::string_view(i ? ",\n  " : "\n  ");
      append_record(out, run, run.records[i]);
      if (out.size() > (size_t(1) << 20)) flush(out);
    }
    out += std::string_view(run.records.empty() ? "]}" : "\n ]}");
  }

 private:
  void append_header(std::string& out, const debug::BackwardRun& run);
  void begin_run(const debug::BackwardRun& run);
  void append_record(std::string& out, const debug::BackwardRun& run, const debug::NodeRecord& r);
  void append_summary(std::string& out, const debug::Summary& s);
  const std::string& meta_text(const debug::Summary& s);
  const std::string& name_text(const debug::BackwardRun& run, uint16_t index);
  const std::string& module_text(const debug::BackwardRun& run, uint16_t index);
  const std::string& file_text(const lang::Span& span);

  std::vector<std::string> names_;    // per run, by name index ("" = not made yet)
  std::vector<std::string> modules_;  // per run, by module index
  std::unordered_map<uint32_t, std::string> files_;  // by source file index
  const std::string* last_file_ = nullptr;  // the last one looked up (most records share it)
  uint32_t last_file_index_ = 0;
  std::unordered_map<int, std::string> dtypes_;      // by ScalarType
  debug::Summary last_meta_;       // the last summary's dtype, shape and device ...
  std::string last_meta_text_;     // ... as text: {"dtype":"float32","shape":[4]
  bool have_last_meta_ = false;
};

}  // namespace backstep::repl

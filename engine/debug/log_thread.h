// Logging to a file on a thread of its own. A logged backward makes a line
// per node, and making the text and writing it out cost a tenth of the
// backward itself; to a file, no one reads the lines while the backward
// runs, so the hooks only hand over what each line says (the node's record
// and its incoming gradients' summaries), in batches, and this thread makes
// and writes the text. Lines to a terminal or a stream stay on the hooks'
// thread (see Session::log): there they must stay in order with the
// program's own output.
#pragma once

#include "engine/debug/debugger.h"
#include "engine/debug/log_line.h"
#include "engine/files/atomic_file.h"

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace backstep::debug {

// Nodes of one backward, in the order they ran. `run` outlives the batch:
// a backward's batches are all written before it returns (Debugger::run).
struct LogBatch {
  const BackwardRun* run = nullptr;
  std::vector<NodeRecord> records;  // in_first indexes `summaries`
  std::vector<Summary> summaries;
  std::string step_text;  // LogLineWriter::set_step_text
};

class LogThread {
 public:
  // `file` is open (Note [Files whole or absent]): the log appears under its
  // name when logging ends.
  explicit LogThread(std::unique_ptr<files::AtomicFile> file);
  // close(), its error unseen.
  ~LogThread();
  LogThread(const LogThread&) = delete;
  LogThread& operator=(const LogThread&) = delete;

  // Queues a batch (waits while many are queued: the file is slower than
  // the backward).
  void post(LogBatch batch);
  // Returns once every batch posted so far is on disk.
  void drain();
  // Writes whatever is still queued and puts the file in place: "" or why
  // not (a full disk; then nothing is left under the name). Once.
  std::string close();

 private:
  void loop();
  void write(const LogBatch& batch);

  std::unique_ptr<files::AtomicFile> file_;
  bool closed_ = false;
  std::string close_error_;
  std::mutex mutex_;
  std::condition_variable wake_, progress_;
  std::deque<LogBatch> queue_;
  bool writing_ = false, stopping_ = false;
  // Used by the thread only.
  LogLineWriter writer_;
  uint64_t writer_run_ = 0;  // the run whose names writer_ has cached
  std::string text_;
  std::thread thread_;  // last: starts once the rest is built
};

}  // namespace backstep::debug

// The records of script calls (lang::CallRecord), made on demand (Note
// [Call records on demand] in call_records.cpp).
#pragma once

#include "engine/runtime/interpreter.h"

namespace backstep::rt {

// The record of the call frame `f` belongs to, made now if it was pending
// (with those of the calls around it); null for a frame that has none.
const std::shared_ptr<const lang::CallRecord>& frame_call(const Frame& f);

// --- for the interpreter ---------------------------------------------------------
// A record made now (the debugger traces the forward, or the frame's caller
// may be gone when anything asks).
std::shared_ptr<const lang::CallRecord> new_call_record(std::string_view function, const lang::Span& call_site,
                                                        uint64_t id, std::shared_ptr<const lang::CallRecord> parent);
// Lets a finished call's record go (Note [Reused call records]).
void recycle_call_record(std::shared_ptr<const lang::CallRecord>& record);

// A function frame whose record is pending from init_frame until the frame
// ends (or make_pending_call_now).
void push_pending_call(const Frame& f, uint64_t id, const lang::Span& call_site);
void make_pending_call_now(const Frame& f);  // the record now, and f no longer pending
class PendingCallScope {
 public:
  explicit PendingCallScope(const Frame& f) : f_(f), pushed_(!f.call) {}
  ~PendingCallScope();
  PendingCallScope(const PendingCallScope&) = delete;
  PendingCallScope& operator=(const PendingCallScope&) = delete;

 private:
  const Frame& f_;
  bool pushed_;
};

}  // namespace backstep::rt

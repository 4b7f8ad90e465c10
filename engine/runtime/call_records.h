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

// A function frame whose record is made later (or by make_pending_call_now).
inline void set_pending_call(Frame& f, uint64_t id, const lang::Span& call_site) {
  f.call_pending = true;
  f.call_id = id;
  f.call_site = call_site;
}
void make_pending_call_now(Frame& f);  // the record now, and f no longer pending

}  // namespace backstep::rt

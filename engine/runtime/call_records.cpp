// The records of script calls (lang::CallRecord, origin.h): made on demand.
//
// Note [Call records on demand]
// Autograd stamps every node it creates with the call chain that created it
// (the node's origin), and the debugger's frames (`:up` at a backward pause,
// a post-mortem) read the same records. Most calls create no node, so a
// function call does not make its record: init_frame writes what the
// record would say into the frame (the call's id, taken now so a record
// made later has the id it would have had, and the call site) and marks
// it pending, and the record -- with its callers' -- is made the first time
// something asks: current_origin() when a node is made (through the lazy
// origin hook, which finds the frame from its origin context), frame_call()
// for everyone else. The frame's `call` is null while pending and the
// record once made, exactly what it was before.
//
// Pending frames are reached only through live frames (the current one and
// its parents), so nothing is registered or unregistered per call. Frames
// that may be suspended or outlive their caller make their record at once
// and are never pending: a generator's frame (its caller changes with every
// resume), and a comprehension's or class body's frame shares its enclosing
// call's record, made when the frame is. While the debugger traces the
// forward, every record is made at the call, as before.
//
// A node made in library code is attributed to the user's call above it
// (Note [A node's origin is the user's line]): the hook climbs the pending
// frames themselves, so the library's own calls never make records.
#include "engine/runtime/call_records.h"

#include "engine/lang/origin_hook.h"

namespace backstep::rt {

namespace {

// Note [Reused call records]
// Records let go when the call returns (no node, no debugger kept one) go
// back to a small per-thread pool and the next record made refills one,
// instead of an allocation, a name copy and a free. Records are made
// mutable (make_shared of a non-const CallRecord), and one is refilled only
// while nothing else holds it (use_count() == 1); its parent is let go when
// it is pooled.
constexpr size_t kPooledRecords = 64;
thread_local std::vector<std::shared_ptr<const lang::CallRecord>> t_record_pool;

// The frame's record, made now if it is still pending.
const std::shared_ptr<const lang::CallRecord>& make_record(const Frame& frame) {
  auto& f = const_cast<Frame&>(frame);
  if (!f.call) f.call = new_call_record(f.function, f.call_site, f.call_id, f.parent ? frame_call(*f.parent) : nullptr);
  return f.call;
}

const Frame* pending(const Frame* f) { return f && f->call_pending ? f : nullptr; }

bool lazy_origin(const lang::OriginContext* ctx, lang::Origin& o) {
  const Frame* p = pending(static_cast<const Frame*>(ctx->owner));
  if (!p) return false;
  // As climb_out_of_library over records, over the frames while pending.
  while (!p->call && p->call_site.valid() && lang::in_library(o.span)) {
    o.span = p->call_site;
    const Frame* caller = p->parent;
    const Frame* up = caller && !caller->call ? pending(caller) : nullptr;
    if (!up) {
      o.call = caller ? frame_call(*caller) : nullptr;
      lang::climb_out_of_library(o);
      return true;
    }
    p = up;
  }
  o.call = make_record(*p);
  lang::climb_out_of_library(o);
  return true;
}

const bool g_hook_installed = (lang::set_lazy_origin_hook(&lazy_origin), true);

}  // namespace

std::shared_ptr<const lang::CallRecord> new_call_record(std::string_view function, const lang::Span& call_site,
                                                        uint64_t id, std::shared_ptr<const lang::CallRecord> parent) {
  (void)g_hook_installed;
  if (t_record_pool.empty())
    return std::make_shared<lang::CallRecord>(
        lang::CallRecord{std::string(function), call_site, id, std::move(parent), nullptr});
  std::shared_ptr<const lang::CallRecord> record = std::move(t_record_pool.back());
  t_record_pool.pop_back();
  auto& r = const_cast<lang::CallRecord&>(*record);
  r.function.assign(function);
  r.call_site = call_site;
  r.id = id;
  r.parent = std::move(parent);
  return record;
}

void recycle_call_record(std::shared_ptr<const lang::CallRecord>& record) {
  if (!record || record.use_count() != 1 || t_record_pool.size() >= kPooledRecords) return;
  auto& r = const_cast<lang::CallRecord&>(*record);
  r.parent.reset();
  r.frame_snapshot.reset();
  t_record_pool.push_back(std::move(record));
}

const std::shared_ptr<const lang::CallRecord>& frame_call(const Frame& f) {
  if (!f.call && f.call_pending) return make_record(f);
  return f.call;
}

void make_pending_call_now(Frame& f) {
  frame_call(f);
  f.call_pending = false;
}

}  // namespace backstep::rt

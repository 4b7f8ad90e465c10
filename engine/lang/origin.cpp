#include "engine/lang/origin.h"

#include "engine/lang/origin_hook.h"

namespace backstep::lang {

namespace detail {
thread_local constinit const OriginContext* t_origin_context = nullptr;
}  // namespace detail

namespace {
LazyOriginHook g_lazy_origin = nullptr;
}  // namespace

void set_lazy_origin_hook(LazyOriginHook hook) { g_lazy_origin = hook; }

bool in_library(const Span& span) {
  const SourceFile* f = span.file ? SourceRegistry::instance().get(span.file) : nullptr;
  return f && f->is_library();
}

void climb_out_of_library(Origin& o) {
  while (o.call && o.call->call_site.valid() && in_library(o.span)) {
    o.span = o.call->call_site;
    o.call = o.call->parent;
  }
}

// Note [A node's origin is the user's line]
// A node made inside backstep's own Python library (nn.Linear's forward
// calling F.linear, an optimizer's step) is attributed to the line of the
// user's code that called into the library, and to that call: a person asks
// "which line of mine made this", and the module path (module_scope.h) says
// which layer. The walk climbs the call chain while the position is library
// code; the chain is immutable, so this only picks which records to share.
Origin current_origin() {
  const OriginContext* ctx = current_origin_context();
  Origin o;
  if (!ctx) return o;
  if (ctx->span) o.span = *ctx->span;
  if (ctx->call) o.call = *ctx->call;
  if (!o.call && g_lazy_origin && g_lazy_origin(ctx, o)) return o;
  climb_out_of_library(o);
  return o;
}

}  // namespace backstep::lang

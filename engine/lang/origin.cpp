#include "engine/lang/origin.h"

namespace backstep::lang {

const OriginContext*& current_origin_context() {
  thread_local const OriginContext* ctx = nullptr;
  return ctx;
}

Origin current_origin() {
  const OriginContext* ctx = current_origin_context();
  Origin o;
  if (!ctx) return o;
  if (ctx->span) o.span = *ctx->span;
  if (ctx->call) o.call = *ctx->call;
  return o;
}

}  // namespace backstep::lang

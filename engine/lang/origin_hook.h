// How the interpreter makes call records on demand (Note [Call records on
// demand] in engine/runtime/call_records.cpp): current_origin() asks this
// hook when the context's record has not been made yet.
#pragma once

#include "engine/lang/origin.h"

namespace backstep::lang {

// Fills `o` (its span already set from the context) when `ctx` belongs to a
// call whose record is made on demand: makes the record, climbs out of
// library code; false when `ctx` is not such a call.
using LazyOriginHook = bool (*)(const OriginContext* ctx, Origin& o);
void set_lazy_origin_hook(LazyOriginHook hook);

// A position in backstep's own Python library.
bool in_library(const Span& span);
// Climbs `o` out of library code along its records (Note [A node's origin
// is the user's line]).
void climb_out_of_library(Origin& o);

}  // namespace backstep::lang

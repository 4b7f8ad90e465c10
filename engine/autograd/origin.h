// The interpreter's position as the autograd side sees it: engine/lang/origin.h
// under the names the autograd code uses.
#pragma once

#include "engine/lang/origin.h"

namespace backstep::autograd {
using lang::CallRecord;
using lang::current_origin;
using lang::current_origin_context;
using lang::Origin;
using lang::OriginContext;
using lang::OriginScope;
}  // namespace backstep::autograd

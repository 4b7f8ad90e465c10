// The help() builtin.
#pragma once

#include "engine/runtime/object.h"

namespace backstep::api {
void install_help(rt::Interpreter& in);
}

// Anomaly detection in the language (see anomaly.cpp).
#pragma once

#include "engine/autograd/origin.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/module.h"

namespace backstep::api {

// The script frames (outermost first) of the call chain that created a node.
std::vector<rt::TraceFrame> origin_frames(const autograd::Origin& origin);

void install_anomaly_functions(rt::ModuleObject& autograd_module);  // set_detect_anomaly, detect_anomaly
void install_anomaly_queries(rt::ModuleObject& torch_module);      // torch.is_anomaly_enabled, ...
// Prints the forward traceback of a failing node when anomaly mode is on.
void install_anomaly_printer(rt::Interpreter& in);

}  // namespace backstep::api

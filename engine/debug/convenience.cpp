#include "engine/debug/convenience.h"

#include "engine/runtime/module.h"

namespace backstep::debug {

ConvenienceNames::ConvenienceNames(rt::Interpreter& in, const std::vector<rt::Interpreter::Binding>& names) : in_(in) {
  for (const auto& b : names) {
    const rt::Value* before = in_.builtin(b.name);
    saved_.emplace_back(b.name, before ? std::optional<rt::Value>(*before) : std::nullopt);
    in_.set_builtin(b.name, b.value);
  }
}

ConvenienceNames::~ConvenienceNames() {
  // set_builtin with unbound() removes the name (interpreter.cpp).
  for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) in_.set_builtin(it->first, it->second.value_or(rt::unbound()));
}

}  // namespace backstep::debug

// Helpers shared by the front-end tests: parse (and resolve) a snippet.
#pragma once

#include "engine/lang/ast_dump.h"
#include "engine/lang/parser.h"
#include "engine/lang/resolver.h"

#include <string>

namespace backstep::test {

// The dumped tree of `code`, or "error: <type>: <message> @line:col".
inline std::string parse_dump(const std::string& code, bool resolve_names = false) {
  uint32_t file = lang::SourceRegistry::instance().add("<test>", code);
  auto m = lang::parse_module(file);
  auto error = [](const lang::Diagnostic& d) {
    return "error: " + d.type + ": " + d.message + " @" + std::to_string(d.span.line) + ":" +
           std::to_string(d.span.col) + (d.incomplete ? " (incomplete)" : "");
  };
  if (!m.ok()) return error(m.error());
  if (resolve_names) {
    lang::GlobalNames globals;
    auto r = lang::resolve(*m.value(), globals);
    if (!r.ok()) return error(r.error());
  }
  return lang::dump(*m.value());
}

}  // namespace backstep::test

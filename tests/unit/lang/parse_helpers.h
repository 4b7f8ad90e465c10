// Helpers shared by the front-end tests: parse (and resolve) a snippet.
#pragma once

#include "engine/lang/ast_dump.h"
#include "engine/lang/parser.h"
#include "engine/lang/resolver.h"

#include <memory>
#include <string>

namespace backstep::test {

inline std::string error_text(const lang::Diagnostic& d) {
  return "error: " + d.type + ": " + d.message + " @" + std::to_string(d.span.line) + ":" +
         std::to_string(d.span.col) + (d.incomplete ? " (incomplete)" : "");
}

// The tree of `code` (resolved if asked), or null with `error` set to
// "error: <type>: <message> @line:col".
struct Parsed {
  std::unique_ptr<lang::Module> module;
  std::string error;
};
inline Parsed parse_tree(const std::string& code, bool resolve_names = false) {
  uint32_t file = lang::SourceRegistry::instance().add("<test>", code);
  auto m = lang::parse_module(file);
  if (!m.ok()) return Parsed{nullptr, error_text(m.error())};
  if (resolve_names) {
    lang::GlobalNames globals;
    auto r = lang::resolve(*m.value(), globals);
    if (!r.ok()) return Parsed{nullptr, error_text(r.error())};
  }
  return Parsed{std::move(m.value()), ""};
}

// The dumped tree of `code`, or "error: <type>: <message> @line:col".
inline std::string parse_dump(const std::string& code, bool resolve_names = false) {
  Parsed p = parse_tree(code, resolve_names);
  return p.module ? lang::dump(*p.module) : p.error;
}

}  // namespace backstep::test

// The resolver: decides, for every name in a parsed module, where its value
// lives — a local slot of the running frame, a cell shared with closures, or
// a module global — following Python's scoping rules (a name assigned
// anywhere in a function is local to all of it unless declared global or
// nonlocal; comprehensions have their own scope). The interpreter then never
// looks a name up by string, except for builtins and in class bodies, whose
// names live in the class namespace (NameSlot::ClassBody / ClassBodyFree);
// functions nested in a class do not see that namespace.
#pragma once

#include "engine/lang/ast.h"
#include "engine/lang/diagnostic.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace backstep::lang {

// Module-level variables by slot. Grows as programs and shell inputs define
// new names; slots are never reused, so resolved code stays valid.
class GlobalNames {
 public:
  uint32_t intern(std::string_view name);
  const std::string& name(uint32_t slot) const { return names_[slot]; }
  const uint32_t* find(std::string_view name) const;
  size_t size() const { return names_.size(); }

 private:
  std::vector<std::string> names_;
  std::unordered_map<std::string, uint32_t> slots_;
};

// Resolves every name in `module` in place. Also reports the misplaced
// statements CPython rejects at compile time ('return' outside function, ...).
Result<bool> resolve(Module& module, GlobalNames& globals);

// Resolves code typed at a prompt paused inside a running function: the
// function's locals and cells (described by `frame`) are visible by name and
// assignable; other names are globals.
Result<bool> resolve_in_frame(Module& module, GlobalNames& globals, const ScopeInfo& frame);

}  // namespace backstep::lang

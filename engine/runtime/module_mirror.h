// globals() and a Python module's __dict__ as the live namespace.
//
// Note [globals() is live]
// CPython's module namespace is a dict; ours is slots (ModuleGlobals), so a
// global read is one index. globals() and module.__dict__ must still be the
// live dict: `globals()['X'] = 1` then `X`, `del globals()['X']`, a
// function's globals() seeing later assignments. The first request makes a
// dict of the bound names -- the module's mirror -- and from then on both
// sides write through: the interpreter's stores and deletes of a slot also
// update the mirror, and the mirror (marked kModuleMirror in its gc flags)
// sends its str-keyed stores, deletes and clear() to the slots. Both hold
// a reference to each value; the collector sees both (traverse_globals
// visits the mirror).
//
// The mirrors live in a per-thread table keyed by their ModuleGlobals (held
// weakly: a mirror whose module is gone turns into a plain dict), so no
// header of the object model changes. t_module_mirrors counts them: while
// it is zero -- every program that never asks for globals() -- a global
// store pays one thread-local load and a predictable branch; reads pay
// nothing.
#pragma once

#include "engine/runtime/dict_object.h"
#include "engine/runtime/module.h"

#include <memory>

namespace backstep::rt {

// How many mirrors this thread has (see above).
extern thread_local int t_module_mirrors;

// The module's live namespace dict, made on first use.
std::shared_ptr<DictObject> module_live_dict(ModuleGlobals& g);
// The globals a dict stands for when code runs with it as its globals
// (exec(code, d), eval(code, d)): the module it mirrors, or new globals
// made from its str keys, with `d` as their mirror from then on.
std::shared_ptr<ModuleGlobals> globals_for_dict(const std::shared_ptr<DictObject>& d);
// The mirror of `g`, or null.
DictObject* module_mirror(const ModuleGlobals& g);

// The interpreter's store or delete of a slot, into the mirror (if any).
void mirror_store(const ModuleGlobals& g, uint32_t slot, const Value& v);
void mirror_erase(const ModuleGlobals& g, uint32_t slot);

// A mirror dict's own writes, to its module's slots (DictObject calls these
// for a dict marked kModuleMirror).
void mirror_dict_set(DictObject& d, std::string_view name, const Value& v);
void mirror_dict_erase(DictObject& d, std::string_view name);
void mirror_dict_clear(DictObject& d);

// The end of a session: every mirror of this thread becomes a plain dict.
void drop_module_mirrors();

}  // namespace backstep::rt

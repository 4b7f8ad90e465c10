// What the end of a session does with the program's objects (Note [the end
// of a session]).
//
// Note [the end of a session]
// A collection while the interpreter still holds the program's globals
// frees only garbage: a cycle that a global refers to (`x = []; x.append(x)`
// at module level) is live then, and once the interpreter's members are
// destroyed nothing collects it any more. A process exits right after, but a
// session that ends inside a longer-lived process (the shell's new sessions,
// the fuzz target, the unit tests) would keep it. So, as CPython's
// finalize_modules does, the end of a session runs weakref.finalize's
// pending atexit finalizers, collects, then releases the globals of
// __main__ in order, then those of every other module, empties sys.modules,
// and collects again. Last, the namespaces of the classes the session made
// are emptied (Note [a session's classes] in gc_session_classes.cpp), and a
// last collection frees what only they held.
#include "engine/runtime/gc.h"

#include "engine/runtime/dict_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/gc_session_classes.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/module_mirror.h"
#include "engine/runtime/py_ops.h"

namespace backstep::rt {

namespace {

// Releases every bound global, in the order of the names (CPython's order:
// __main__'s dict, caught in a cycle with its functions, is cleared by the
// collector at exit, entry by entry). Each value released may run
// finalizers, which may read the globals still bound.
void clear_namespace(Interpreter& in, ModuleGlobals& g) {
  for (size_t slot = 0; slot < g.values.size(); ++slot) {
    if (is_unbound(g.values[slot]) || g.values[slot].is_none()) continue;
    if (g.names.name(static_cast<uint32_t>(slot)) == "__builtins__") continue;
    if (t_module_mirrors) mirror_store(g, static_cast<uint32_t>(slot), Value());
    Value old = std::move(g.values[slot]);
    g.values[slot] = Value();
    old = Value();
    gc_run_finalizers(in);
  }
}

// The functions given to atexit.register, last first (atexit.py), then
// weakref.finalize's objects whose atexit is true: both before modules are
// cleared, as CPython runs them from atexit. After an uncaught exception
// too: its traceback is printed before the session ends.
void run_atexit(Interpreter& in) {
  const Value* found = in.modules()->find_str("atexit");
  if (!found) return;
  Value atexit = *found;
  try {
    if (auto run = try_get_attr(in, atexit, "_run_exitfuncs")) call(in, *run, {});
  } catch (const ScriptError&) {
    report_ignored(in, atexit, std::current_exception());
  }
}

void run_weakref_atexit(Interpreter& in) {
  const Value* found = in.modules()->find_str("weakref");
  if (!found) return;
  Value weakref = *found;
  try {
    if (auto finalize = try_get_attr(in, weakref, "finalize"))
      if (auto exitfunc = try_get_attr(in, *finalize, "_exitfunc")) call(in, *exitfunc, {});
  } catch (const ScriptError&) {
    report_ignored(in, weakref, std::current_exception());
  }
}

}  // namespace

void gc_end_session(Interpreter& in) {
  gc_run_finalizers(in);
  run_atexit(in);
  run_weakref_atexit(in);
  gc_collect_full(in);
  clear_namespace(in, in.main_globals());
  std::vector<Value> modules;
  in.modules()->for_each([&](const Value&, const Value& m) { modules.push_back(m); });
  for (const Value& m : modules) {
    auto* module = dynamic_cast<ModuleObject*>(m.object_ptr());
    if (!module) continue;
    if (module->ns() && module->ns().get() != &in.main_globals()) clear_namespace(in, *module->ns());
  }
  for (const Value& m : modules)
    if (Object* o = m.object_ptr()) o->gc_clear();
  modules.clear();
  in.modules()->clear();
  drop_module_mirrors();  // the namespaces' dicts hold only None now
  gc_run_finalizers(in);
  gc_collect_full(in);
  gc_run_finalizers(in);
  // What only the session's classes still hold (Note [a session's classes]).
  gc_clear_session_classes(in);
  gc_collect_full(in);
  gc_run_finalizers(in);
  forget_finalizer_cache();
}

}  // namespace backstep::rt

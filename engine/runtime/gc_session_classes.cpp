// Note [a session's classes]
// Classes are immortal (Note [classes are immortal] in type_object.h): the
// process keeps every class, so nothing a class's namespace holds -- its
// methods, their defaults and closure cells, class attributes -- is ever
// released, and the collector cannot free it either (a class is not
// tracked, so its namespace looks held from outside). At the end of a
// session (gc_end_session) the modules' globals are gone, but every class
// the session made still held its namespace: a session that imported
// torch.nn left ~2,200 tracked objects behind (the fuzz target's leak check,
// tests/unit/torch/test_session_leftovers.cpp), and so did every later
// session of a longer-lived process (the shell's new sessions, the fuzz
// target, the unit tests). So a session remembers the classes it makes, and
// its end empties their namespaces, as CPython's type_clear does for a heap
// type at exit. The classes themselves stay (raw pointers to them stay
// valid), each with an empty namespace the collector no longer tracks (an
// immortal object, like the class); what only they held goes. Classes of another interpreter alive
// at the same time are not touched; builtin and library classes made in C++
// (new_type, not type.__new__) serve every session and keep theirs.
#include "engine/runtime/gc_session_classes.h"

#include "engine/runtime/dict_object.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/type_object.h"

#include <mutex>
#include <utility>
#include <vector>

namespace backstep::rt {

namespace {

struct SessionClasses {
  std::mutex mutex;
  std::vector<std::pair<const Interpreter*, TypeObject*>> made;  // in the order they were made
};

SessionClasses& session_classes() {
  static auto* classes = new SessionClasses();  // used by interpreters ending at exit
  return *classes;
}

std::vector<TypeObject*> take_classes_of(const Interpreter& in) {
  SessionClasses& s = session_classes();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::vector<TypeObject*> mine;
  std::vector<std::pair<const Interpreter*, TypeObject*>> others;
  for (const auto& [owner, cls] : s.made) {
    if (owner == &in) mine.push_back(cls);
    else others.emplace_back(owner, cls);
  }
  s.made.swap(others);
  return mine;
}

}  // namespace

void gc_note_session_class(Interpreter& in, TypeObject& cls) {
  SessionClasses& s = session_classes();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.made.emplace_back(&in, &cls);
}

// In the order the classes were made, each one's finalizers run before the
// next namespace goes (as clear_namespace releases globals one at a time).
void gc_clear_session_classes(Interpreter& in) {
  for (TypeObject* cls : take_classes_of(in)) {
    cls->dict().clear();
    gc_untrack(cls->dict());  // what is left of the class: it stays, untracked as the class is
    cls->invalidate();
    cls->refresh_slots();
    gc_run_finalizers(in);
  }
}

}  // namespace backstep::rt

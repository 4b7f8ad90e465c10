// The classes a session made, whose namespaces go with the session (Note
// [a session's classes] in gc_session_classes.cpp).
#pragma once

namespace backstep::rt {

class Interpreter;
class Object;
class TypeObject;

// A class statement or type(name, bases, dict) made `cls` in `in`'s session.
void gc_note_session_class(Interpreter& in, TypeObject& cls);
// Takes `o` out of the collector's lists (gc.cpp): an emptied class
// namespace, which lives as long as its class, for the whole process.
void gc_untrack(Object& o);
// Empties the namespaces of the classes `in`'s session made (gc_end_session).
void gc_clear_session_classes(Interpreter& in);

}  // namespace backstep::rt

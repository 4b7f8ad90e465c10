// The storage behind set and frozenset: engine/pyhash's replica of CPython
// 3.11's set table, keyed by Values, and the Python-level set operations
// built on the set algebra (set_algebra.h).
//
// Note [CPython set order]
// A set's iteration order is where its keys landed in CPython's open-address
// table: hash & mask, linear probes, perturbation, dummies after a discard,
// the resize rule, and how each operation builds its result (which operand
// is copied or iterated, presizing for a dict or set argument).  Programs
// that number a vocabulary with `sorted`-less `set(words)` or print a set
// depend on it, so every operation here follows setobject.c's route: an
// argument that is a set/frozenset is merged table to table, an exact dict
// gives its stored hashes, anything else is iterated and added one by one.
#pragma once

#include "engine/pyhash/set_algebra.h"
#include "engine/runtime/objects.h"

#include <memory>

namespace backstep::lang {
struct Expr;
struct SequenceExpr;
}  // namespace backstep::lang

namespace backstep::rt {

struct Frame;

// An exact dict (not a subclass): its stored hashes may be used as they are.
bool is_exact_dict(const Value& v);

// hash() and == as CPython's set uses them (the stored key on the left).
struct SetKeyHash {
  int64_t operator()(const Value& v) const;
};
struct SetKeyEq {
  bool operator()(const Value& stored, const Value& probe) const;
};
using SetValues = pyhash::SetTable<Value, SetKeyHash, SetKeyEq>;

struct SetStore {
  SetValues table;
};

inline SetValues& table_of(const SetObject& s) { return s.store().table; }

// set_update_internal: merge a set, an exact dict's keys, or any iterable.
void set_update_from(Interpreter& in, SetObject& so, const Value& other);
// make_new_set_basetype: an exact set (for a set or subclass) or frozenset,
// optionally filled from `iterable`.
std::shared_ptr<SetObject> new_set_basetype(Interpreter& in, const SetObject& like, const Value* iterable);
// A new set/frozenset holding `table` (moved in).
std::shared_ptr<SetObject> wrap_table(bool frozen, SetValues&& table);

// The operations of set's number and method slots (setobject.c names).
Value set_or(Interpreter& in, SetObject& so, const Value& other);
Value set_and(Interpreter& in, SetObject& so, const Value& other);
Value set_sub(Interpreter& in, SetObject& so, const Value& other);
Value set_xor(Interpreter& in, SetObject& so, const Value& other);
void set_intersection_update_with(Interpreter& in, SetObject& so, const Value& other);
void set_difference_update_with(Interpreter& in, SetObject& so, const Value& other);
void set_symmetric_difference_update_with(Interpreter& in, SetObject& so, const Value& other);
bool set_issubset_of(Interpreter& in, SetObject& so, const Value& other);
bool set_issuperset_of(Interpreter& in, SetObject& so, const Value& other);
bool set_isdisjoint_with(Interpreter& in, SetObject& so, const Value& other);

// `a op b` where a or b is a dict keys()/items() view (dictviews_or & co);
// op is a lang::BinOp (BitOr, BitAnd, Sub, BitXor) as an int.
Value dict_view_binary(Interpreter& in, const Value& a, const Value& b, int op);


// A set display's value from its evaluated items, and a `for`/comprehension
// iterable (a constant display there is a frozenset): Note [Constant set
// displays] in set_display.cpp.
Value make_set_display(const lang::SequenceExpr& display, const std::vector<Value>& items);
// A display with starred items ({*s, 1}): CPython's BUILD_SET of the items
// before the first star, SET_UPDATE for each starred one (a set merged as a
// table, a dict through its stored hashes), SET_ADD for each item after.
Value eval_starred_set_display(Interpreter& in, const lang::SequenceExpr& display, Frame& f);
Value eval_loop_iterable(Interpreter& in, const lang::Expr& iter, Frame& f);

}  // namespace backstep::rt

// Set displays ({a, b, c}) laid out as CPython 3.11 lays them out.
//
// Note [Constant set displays]
// CPython's compiler folds a display of three or more constants into a
// frozenset constant and emits BUILD_SET 0 + SET_UPDATE, and a display used
// as a `for` or comprehension iterable (any length) becomes that frozenset
// itself (ast_opt.c's fold_iter). The constant is built twice: once from
// the items in source order, then again, when the compiler merges
// constants (merge_consts_recursive), from the first one's iteration order.
// A display then merges that frozenset into a new set (presized for its
// length, so keys are re-inserted in the frozenset's order unless both
// tables have the same size). Each step can reorder keys, so
// list({10, 3, 7, 100, 33}) is [33, 3, 100, 7, 10] and
// {1, 2, 3, 200, 40, 17, 33, 65} prints 65 first.
#include "engine/lang/ast.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/set_store.h"

namespace backstep::rt {

namespace {

// What CPython's AST optimiser turns into a constant: literals, unary and
// binary operators on them, tuples of them.
bool folds_to_constant(const lang::Expr& e) {
  switch (e.kind) {
    case lang::ExprKind::Constant: return true;
    case lang::ExprKind::UnaryOp: return folds_to_constant(*static_cast<const lang::UnaryOpExpr&>(e).operand);
    case lang::ExprKind::BinOp: {  // 1 << 20, 2 ** 10, 'a' * 3 (CPython's size limits aside)
      const auto& b = static_cast<const lang::BinOpExpr&>(e);
      return folds_to_constant(*b.left) && folds_to_constant(*b.right);
    }
    case lang::ExprKind::Tuple:
      for (const auto& x : static_cast<const lang::SequenceExpr&>(e).elts)
        if (!folds_to_constant(*x)) return false;
      return true;
    default: return false;
  }
}

bool all_constant(const lang::SequenceExpr& display) {
  for (const auto& x : display.elts)
    if (!folds_to_constant(*x)) return false;
  return true;
}

}  // namespace

// The frozenset constant the compiler makes of constant items.
std::shared_ptr<SetObject> folded_frozenset(const std::vector<Value>& items) {
  SetObject first(true);
  for (const auto& v : items) first.add(v);
  auto merged = std::make_shared<SetObject>(types().frozenset, true);
  for (const auto& v : first.items()) merged->add(v);
  return merged;
}

Value make_set_display(const lang::SequenceExpr& display, const std::vector<Value>& items) {
  auto set = std::make_shared<SetObject>();
  if (items.size() > 2 && all_constant(display)) {
    auto folded = folded_frozenset(items);
    table_of(*set).update_from_set(table_of(*folded));
  } else {
    for (const auto& v : items) set->add(v);
  }
  return Value(set);
}

Value eval_starred_set_display(Interpreter& in, const lang::SequenceExpr& display, Frame& f) {
  auto set = std::make_shared<SetObject>();
  for (const auto& x : display.elts) {
    if (x->kind == lang::ExprKind::Starred) {
      Value more = in.eval(*static_cast<const lang::Starred&>(*x).value, f);
      set_update_from(in, *set, more);
    } else {
      Value v = in.eval(*x, f);
      set->add(v);
    }
  }
  return Value(set);
}

Value eval_loop_iterable(Interpreter& in, const lang::Expr& iter, Frame& f) {
  if (iter.kind != lang::ExprKind::Set) return in.eval(iter, f);
  const auto& display = static_cast<const lang::SequenceExpr&>(iter);
  if (!all_constant(display)) return in.eval(iter, f);
  std::vector<Value> items;
  for (const auto& x : display.elts) items.push_back(in.eval(*x, f));
  return Value(folded_frozenset(items));
}

}  // namespace backstep::rt

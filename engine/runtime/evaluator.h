// The cases of Interpreter::eval and Interpreter::exec, each a function of
// its own so that the dispatchers stay small (Note [Small dispatchers] in
// eval_expr.cpp). Private to the evaluator: the interpreter's friend.
#pragma once

#include "engine/lang/ast.h"
#include "engine/runtime/interpreter.h"

namespace backstep::rt {

class Evaluator {
 public:
  using Flow = Interpreter::Flow;

  // --- expressions (eval_expr.cpp) ---------------------------------------
  static Value first_constant(const lang::Expr& e);
  static Value load_name_slow(Interpreter& in, const lang::Name& n, Frame& f);
  static void store_slot_slow(const lang::NameSlot& slot, const std::string& name, Value v, Frame& f);
  static void assign_to(Interpreter& in, const lang::Expr& target, const Value& v, Frame& f);  // not a name
  static Value attribute(Interpreter& in, const lang::Attribute& a, Frame& f);
  static Value subscript(Interpreter& in, const lang::Subscript& s, Frame& f);
  static Value slice(Interpreter& in, const lang::Slice& s, Frame& f);
  static Value binop(Interpreter& in, const lang::BinOpExpr& b, Frame& f);
  static Value unaryop(Interpreter& in, const lang::UnaryOpExpr& u, Frame& f);
  static Value boolop(Interpreter& in, const lang::BoolOpExpr& b, Frame& f);
  static Value compare(Interpreter& in, const lang::Compare& c, Frame& f);
  static Value ifexp(Interpreter& in, const lang::IfExp& i, Frame& f);
  static Value display(Interpreter& in, const lang::SequenceExpr& display, Frame& f);
  static Value dict(Interpreter& in, const lang::DictExpr& d, Frame& f);
  [[noreturn]] static void misplaced_starred(const lang::Expr& e, Frame& f);
  static Value named(Interpreter& in, const lang::NamedExpr& n, Frame& f);

  // --- statements (exec_stmt.cpp) ----------------------------------------
  static void before_statement(Interpreter& in, const lang::Stmt& s, Frame& f);
  static Flow expression_statement(Interpreter& in, const lang::ExprStmt& s, Frame& f);
  static Flow assign_statement(Interpreter& in, const lang::Assign& a, Frame& f);
  static Flow augmented_assign(Interpreter& in, const lang::AugAssign& a, Frame& f);
  static Flow if_statement(Interpreter& in, const lang::If& i, Frame& f);
  static Flow while_statement(Interpreter& in, const lang::While& w, Frame& f);
  static Flow return_statement(Interpreter& in, const lang::Return& r, Frame& f);
  static Flow function_definition(Interpreter& in, const lang::FunctionDef& d, Frame& f);
  static Flow delete_statement(Interpreter& in, const lang::Del& d, Frame& f);
  static Flow assert_statement(Interpreter& in, const lang::Assert& a, Frame& f);
};

}  // namespace backstep::rt

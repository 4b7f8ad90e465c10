// The syntax tree of the Python subset.
//
// Nodes are plain structs tagged with a kind, so the interpreter dispatches
// with a switch and a static_cast rather than a visitor. The resolver fills
// in the scope information (which names are locals, cells or globals, and
// slot numbers) after parsing; the interpreter only reads it.
//
// `cache` lets the runtime attach data to a node (a constant's prebuilt
// value, an operator call site's chosen overload) without this layer knowing
// the runtime's types: the runtime owns what it stores there.
#pragma once

#include "engine/lang/source.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace backstep::lang {

enum class BinOp : uint8_t { Add, Sub, Mul, MatMul, Div, FloorDiv, Mod, Pow, LShift, RShift, BitAnd, BitOr, BitXor };
enum class CmpOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn, Is, IsNot };
enum class UnaryOp : uint8_t { Neg, Pos, Invert, Not };

enum class ExprKind : uint8_t {
  Constant, FString, Name, Attribute, Subscript, Slice, Call, BinOp, UnaryOp, BoolOp,
  Compare, IfExp, Lambda, List, Tuple, Dict, Set, Comprehension, Starred, NamedExpr,
  Yield, YieldFrom,
};

struct Expr {
  Expr(ExprKind k, Span s) : kind(k), span(s) {}
  virtual ~Expr() = default;
  const ExprKind kind;
  // Levels of nodes from this one down to its deepest leaf, set by the parser
  // (Note [expression depth] in expr_depth.h).
  uint32_t depth = 1;
  Span span;
  mutable std::shared_ptr<void> cache;
};
using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

struct Constant : Expr {
  enum class Type : uint8_t { None, True, False, Int, Float, Imaginary, Str, Bytes, Ellipsis };
  Constant(Span s, Type t) : Expr(ExprKind::Constant, s), type(t) {}
  Type type;
  int64_t int_value = 0;
  double float_value = 0;
  std::string str_value;
};

struct FStringPart {
  std::string literal;   // text before the replacement field (or the whole part)
  ExprPtr expr;          // null for a literal-only part
  char conversion = 0;   // 'r', 's', 'a' or 0
  ExprPtr format_spec;   // an FString or null
  std::string debug_text;  // f"{x=}": the "x=" text printed before the value
};
struct FString : Expr {
  explicit FString(Span s) : Expr(ExprKind::FString, s) {}
  std::vector<FStringPart> parts;
};

// How a name was resolved (filled by the resolver).
struct NameSlot {
  // ClassBody: in a class body; read the class namespace, then globals, then
  //   builtins; write/delete the class namespace (index unused, the Name's id
  //   is the key).
  // ClassBodyFree: in a class body, a name bound in an enclosing function:
  //   read the class namespace first, then the cell f.cells[index]
  //   (CPython's LOAD_CLASSDEREF).
  enum class Scope : uint8_t { Unresolved, Local, Cell, Global, ClassBody, ClassBodyFree };
  Scope scope = Scope::Unresolved;
  uint32_t index = 0;
};

struct Name : Expr {
  Name(Span s, std::string n) : Expr(ExprKind::Name, s), id(std::move(n)) {}
  std::string id;
  NameSlot slot;
};

struct Attribute : Expr {
  Attribute(Span s, ExprPtr v, std::string a) : Expr(ExprKind::Attribute, s), value(std::move(v)), attr(std::move(a)) {}
  ExprPtr value;
  std::string attr;
  Span attr_span;
};

struct Subscript : Expr {
  Subscript(Span s, ExprPtr v, ExprPtr i) : Expr(ExprKind::Subscript, s), value(std::move(v)), index(std::move(i)) {}
  ExprPtr value;
  ExprPtr index;
};

struct Slice : Expr {
  explicit Slice(Span s) : Expr(ExprKind::Slice, s) {}
  ExprPtr lower, upper, step;  // each may be null
};

struct Keyword {
  std::string name;  // empty for **mapping
  ExprPtr value;
  Span span;
};

struct Call : Expr {
  Call(Span s, ExprPtr f) : Expr(ExprKind::Call, s), func(std::move(f)) {}
  ExprPtr func;
  ExprList args;  // may contain Starred
  std::vector<Keyword> keywords;
  bool has_star_args() const;
  // Only positional arguments, none starred: worked out at the first
  // call (-1 until then).
  mutable int8_t positional_only = -1;
  bool positional_only_args() const {
    if (positional_only < 0) [[unlikely]] positional_only = keywords.empty() && !has_star_args();
    return positional_only;
  }
};

struct BinOpExpr : Expr {
  BinOpExpr(Span s, BinOp o, ExprPtr l, ExprPtr r)
      : Expr(ExprKind::BinOp, s), op(o), left(std::move(l)), right(std::move(r)) {}
  BinOp op;
  ExprPtr left, right;
};

struct UnaryOpExpr : Expr {
  UnaryOpExpr(Span s, UnaryOp o, ExprPtr v) : Expr(ExprKind::UnaryOp, s), op(o), operand(std::move(v)) {}
  UnaryOp op;
  ExprPtr operand;
};

struct BoolOpExpr : Expr {
  BoolOpExpr(Span s, bool is_and) : Expr(ExprKind::BoolOp, s), is_and(is_and) {}
  bool is_and;
  ExprList values;
};

struct Compare : Expr {
  Compare(Span s, ExprPtr l) : Expr(ExprKind::Compare, s), left(std::move(l)) {}
  ExprPtr left;
  std::vector<CmpOp> ops;
  ExprList comparators;
};

struct IfExp : Expr {
  explicit IfExp(Span s) : Expr(ExprKind::IfExp, s) {}
  ExprPtr test, body, orelse;
};

struct SequenceExpr : Expr {  // List, Tuple, Set
  SequenceExpr(ExprKind k, Span s) : Expr(k, s) {}
  ExprList elts;
};

struct DictExpr : Expr {
  explicit DictExpr(Span s) : Expr(ExprKind::Dict, s) {}
  ExprList keys;  // a null key means **values[i]
  ExprList values;
};

struct Starred : Expr {
  Starred(Span s, ExprPtr v) : Expr(ExprKind::Starred, s), value(std::move(v)) {}
  ExprPtr value;
};

struct NamedExpr : Expr {  // target := value
  NamedExpr(Span s, ExprPtr t, ExprPtr v) : Expr(ExprKind::NamedExpr, s), target(std::move(t)), value(std::move(v)) {}
  ExprPtr target, value;
};

struct YieldExpr : Expr {  // `yield` / `yield value` (a Tuple for `yield a, b`)
  YieldExpr(Span s, ExprPtr v) : Expr(ExprKind::Yield, s), value(std::move(v)) {}
  ExprPtr value;  // null for a bare `yield`
};

struct YieldFromExpr : Expr {  // `yield from value`
  YieldFromExpr(Span s, ExprPtr v) : Expr(ExprKind::YieldFrom, s), value(std::move(v)) {}
  ExprPtr value;
};

// --- scopes ----------------------------------------------------------------

// What the resolver computed for one function, lambda or comprehension body.
struct ScopeInfo {
  std::vector<std::string> local_names;  // slot -> name
  std::vector<std::string> cell_names;   // cells created by this scope (captured locals)
  std::vector<std::string> free_names;   // cells received from enclosing scopes
  // For each free name: index into the *enclosing* scope's cell array
  // (its cells followed by its frees), captured when the function is made.
  std::vector<uint32_t> free_sources;
  // For each parameter slot: the cell index it must be copied into, or -1.
  std::vector<int32_t> param_cells;
  size_t cell_count() const { return cell_names.size() + free_names.size(); }
};

struct Param {
  enum class Kind : uint8_t { Positional, VarArgs, KwOnly, KwArgs };
  std::string name;
  ExprPtr default_value;  // evaluated when the def runs
  ExprPtr annotation;     // `x: T`; may be null
  Kind kind = Kind::Positional;
  Span span;
};

// The code of a def or lambda, shared by every function object made from it.
struct FunctionCode {
  std::string name;      // "f", "<lambda>"
  std::string qualname;  // "outer.<locals>.f"
  std::vector<Param> params;
  StmtList body;         // def
  ExprPtr lambda_body;   // lambda
  ExprPtr returns;       // `-> T`; may be null
  Span span;             // the def line / lambda expression
  ScopeInfo scope;
  bool is_generator = false;  // its own body (not nested defs) has yield / yield from
  bool future_annotations = false;  // its module said `from __future__ import annotations`
  // Every parameter a plain positional one (no *args, keyword-only or
  // **kwargs), worked out at the first call: -1 until then.
  mutable int8_t all_positional = -1;
  bool only_positional_params() const {
    if (all_positional < 0) [[unlikely]] {
      all_positional = 1;
      for (const Param& p : params) all_positional &= p.kind == Param::Kind::Positional;
    }
    return all_positional;
  }
};

struct Lambda : Expr {
  Lambda(Span s, std::shared_ptr<FunctionCode> c) : Expr(ExprKind::Lambda, s), code(std::move(c)) {}
  std::shared_ptr<FunctionCode> code;
};

struct ComprehensionFor {
  ExprPtr target;
  ExprPtr iter;
  ExprList ifs;
};

struct Comprehension : Expr {
  enum class Type : uint8_t { List, Set, Dict, Generator };
  Comprehension(Span s, Type t) : Expr(ExprKind::Comprehension, s), type(t) {}
  Type type;
  ExprPtr elt;    // the element, or the key for dicts
  ExprPtr value;  // dicts only
  std::vector<ComprehensionFor> generators;
  ScopeInfo scope;
};

// --- statements ------------------------------------------------------------

enum class StmtKind : uint8_t {
  Expr, Assign, AugAssign, AnnAssign, If, For, While, Break, Continue, Return, Pass,
  FunctionDef, Global, Nonlocal, Del, Assert, Raise, Try, With, Import, ImportFrom,
  ClassDef,
};

struct Stmt {
  Stmt(StmtKind k, Span s) : kind(k), span(s) {}
  virtual ~Stmt() = default;
  const StmtKind kind;
  Span span;
};

struct ExprStmt : Stmt {
  ExprStmt(Span s, ExprPtr v) : Stmt(StmtKind::Expr, s), value(std::move(v)) {}
  ExprPtr value;
};

struct Assign : Stmt {
  explicit Assign(Span s) : Stmt(StmtKind::Assign, s) {}
  ExprList targets;  // a = b = value
  ExprPtr value;
};

struct AugAssign : Stmt {
  AugAssign(Span s, ExprPtr t, BinOp o, ExprPtr v)
      : Stmt(StmtKind::AugAssign, s), target(std::move(t)), op(o), value(std::move(v)) {}
  ExprPtr target;
  BinOp op;
  ExprPtr value;
  mutable std::shared_ptr<void> cache;  // the runtime's operator call-site cache
};

struct AnnAssign : Stmt {
  explicit AnnAssign(Span s) : Stmt(StmtKind::AnnAssign, s) {}
  ExprPtr target, annotation, value;  // value may be null
  bool future_annotations = false;    // the annotation is kept as text
};

struct If : Stmt {
  explicit If(Span s) : Stmt(StmtKind::If, s) {}
  ExprPtr test;
  StmtList body, orelse;
};

struct For : Stmt {
  explicit For(Span s) : Stmt(StmtKind::For, s) {}
  ExprPtr target, iter;
  StmtList body, orelse;
};

struct While : Stmt {
  explicit While(Span s) : Stmt(StmtKind::While, s) {}
  ExprPtr test;
  StmtList body, orelse;
};

struct SimpleStmt : Stmt {  // break, continue, pass
  SimpleStmt(StmtKind k, Span s) : Stmt(k, s) {}
};

struct Return : Stmt {
  explicit Return(Span s) : Stmt(StmtKind::Return, s) {}
  ExprPtr value;  // may be null
};

struct FunctionDef : Stmt {
  FunctionDef(Span s, std::shared_ptr<FunctionCode> c) : Stmt(StmtKind::FunctionDef, s), code(std::move(c)) {}
  std::shared_ptr<FunctionCode> code;
  ExprList decorators;
  NameSlot slot;            // where the function object is stored
  std::string stored_name;  // the name it is stored under: code->name, mangled in a class (resolver)
};

struct ClassDef : Stmt {
  explicit ClassDef(Span s) : Stmt(StmtKind::ClassDef, s) {}
  std::string name;
  std::string qualname;           // "Net", "Outer.Inner", "f.<locals>.C"
  ExprList bases;                 // may contain Starred
  std::vector<Keyword> keywords;  // metaclass=M, other class keywords, **kw (empty name)
  ExprList decorators;            // outermost first, as written
  StmtList body;
  ScopeInfo scope;                // the class body's own frame layout
  int32_t class_cell = -1;        // index of `__class__` in the class frame's cells, or -1
  bool has_annotations = false;   // an annotated simple name in the body (SETUP_ANNOTATIONS)
  NameSlot slot;                  // where the class object is stored
  std::string stored_name;        // name, mangled inside another class (resolver)
  Span name_span;
};

struct NamesStmt : Stmt {  // global, nonlocal
  NamesStmt(StmtKind k, Span s) : Stmt(k, s) {}
  std::vector<std::string> names;
};

struct Del : Stmt {
  explicit Del(Span s) : Stmt(StmtKind::Del, s) {}
  ExprList targets;
};

struct Assert : Stmt {
  explicit Assert(Span s) : Stmt(StmtKind::Assert, s) {}
  ExprPtr test, msg;
};

struct Raise : Stmt {
  explicit Raise(Span s) : Stmt(StmtKind::Raise, s) {}
  ExprPtr exc, cause;  // both may be null (bare raise)
};

struct ExceptHandler {
  ExprPtr type;      // null: bare except
  std::string name;  // `as name`, may be empty
  NameSlot slot;
  StmtList body;
  Span span;
};

struct Try : Stmt {
  explicit Try(Span s) : Stmt(StmtKind::Try, s) {}
  StmtList body;
  std::vector<ExceptHandler> handlers;
  StmtList orelse, finalbody;
};

struct WithItem {
  ExprPtr context;
  ExprPtr target;  // may be null
};

struct With : Stmt {
  explicit With(Span s) : Stmt(StmtKind::With, s) {}
  std::vector<WithItem> items;
  StmtList body;
};

struct ImportAlias {
  std::string name;    // dotted: "torch.nn.functional"
  std::string asname;  // may be empty
  NameSlot slot;       // where the bound name goes
  Span span;
};

struct Import : Stmt {
  explicit Import(Span s) : Stmt(StmtKind::Import, s) {}
  std::vector<ImportAlias> names;
};

struct ImportFrom : Stmt {
  explicit ImportFrom(Span s) : Stmt(StmtKind::ImportFrom, s) {}
  std::string module;
  std::vector<ImportAlias> names;  // name "*" for `from m import *`
};

// A parsed program or shell input.
struct Module {
  uint32_t file = 0;
  StmtList body;
  ScopeInfo scope;  // the module's own comprehension-free top level has no locals
  bool future_annotations = false;  // from __future__ import annotations
  bool has_annotations = false;     // module-level annotated simple names
};

// A statement that is a string literal alone: a module's, class's or
// function's docstring when it comes first.
inline bool is_docstring(const Stmt& s) {
  if (s.kind != StmtKind::Expr) return false;
  const Expr& e = *static_cast<const ExprStmt&>(s).value;
  return e.kind == ExprKind::Constant && static_cast<const Constant&>(e).type == Constant::Type::Str;
}

}  // namespace backstep::lang

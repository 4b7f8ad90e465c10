#include "engine/runtime/big_int.h"
#include "engine/runtime/unparse.h"

#include "engine/format/float_repr.h"
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/objects.h"

#include <fmt/format.h>

#include <cmath>

namespace backstep::rt {

using namespace lang;

namespace {

// CPython's precedence levels (ast_unparse.c).
enum Level : int {
  kTuple, kTest, kOr, kAnd, kNot, kCmp, kBor, kBxor, kBand, kShift, kArith, kTerm, kFactor, kPower, kAwait, kAtom,
};

struct BinInfo {
  const char* text;
  int level;
};

BinInfo bin_info(BinOp op) {
  switch (op) {
    case BinOp::Add: return {" + ", kArith};
    case BinOp::Sub: return {" - ", kArith};
    case BinOp::Mul: return {" * ", kTerm};
    case BinOp::MatMul: return {" @ ", kTerm};
    case BinOp::Div: return {" / ", kTerm};
    case BinOp::FloorDiv: return {" // ", kTerm};
    case BinOp::Mod: return {" % ", kTerm};
    case BinOp::Pow: return {" ** ", kPower};
    case BinOp::LShift: return {" << ", kShift};
    case BinOp::RShift: return {" >> ", kShift};
    case BinOp::BitAnd: return {" & ", kBand};
    case BinOp::BitOr: return {" | ", kBor};
    case BinOp::BitXor: return {" ^ ", kBxor};
  }
  return {" ? ", kAtom};
}

const char* cmp_text(CmpOp op) {
  static const char* t[] = {" == ", " != ", " < ", " <= ", " > ", " >= ", " in ", " not in ", " is ", " is not "};
  return t[static_cast<int>(op)];
}

class Unparser {
 public:
  std::string run(const Expr& e, int level) {
    expr(e, level);
    return std::move(out_);
  }

 private:
  void open(bool cond) {
    if (cond) out_ += '(';
  }
  void close(bool cond) {
    if (cond) out_ += ')';
  }
  void source(const Expr& e) { out_ += std::string(span_text(e.span)); }

  void constant(const Constant& c) {
    switch (c.type) {
      case Constant::Type::None: out_ += "None"; break;
      case Constant::Type::True: out_ += "True"; break;
      case Constant::Type::False: out_ += "False"; break;
      case Constant::Type::Int:
        out_ += c.str_value.empty() ? std::to_string(c.int_value) : big_to_string(to_mpz(big_int_literal(c.str_value)));
        break;
      case Constant::Type::Float:
        out_ += std::isinf(c.float_value) ? "1e309" : format::float_repr(c.float_value);
        break;
      case Constant::Type::Imaginary:
        out_ += (std::isinf(c.float_value) ? "1e309" : format::float_repr(c.float_value)) + "j";
        break;
      case Constant::Type::Str: out_ += python_string_repr(c.str_value); break;
      case Constant::Type::Bytes: out_ += bytes_repr(c.str_value); break;
      case Constant::Type::Ellipsis: out_ += "..."; break;
    }
  }

  void items(const ExprList& xs, int level) {
    for (size_t i = 0; i < xs.size(); ++i) {
      if (i) out_ += ", ";
      expr(*xs[i], level);
    }
  }

  void comprehension_fors(const Comprehension& c) {
    for (const auto& g : c.generators) {
      out_ += " for ";
      expr(*g.target, kTuple);
      out_ += " in ";
      expr(*g.iter, kTest + 1);
      for (const auto& cond : g.ifs) {
        out_ += " if ";
        expr(*cond, kTest + 1);
      }
    }
  }

  void params(const FunctionCode& code) {
    bool star_seen = false;
    for (size_t i = 0; i < code.params.size(); ++i) {
      const Param& p = code.params[i];
      if (i) out_ += ", ";
      if (p.kind == Param::Kind::KwOnly && !star_seen) {
        out_ += "*, ";
        star_seen = true;
      }
      if (p.kind == Param::Kind::VarArgs) {
        out_ += "*";
        star_seen = true;
      }
      if (p.kind == Param::Kind::KwArgs) out_ += "**";
      out_ += p.name;
      if (p.default_value) {
        out_ += "=";
        expr(*p.default_value, kTest);
      }
    }
  }

  void expr(const Expr& e, int level) {
    switch (e.kind) {
      case ExprKind::Constant: constant(static_cast<const Constant&>(e)); return;
      case ExprKind::Name: out_ += static_cast<const Name&>(e).id; return;
      case ExprKind::Attribute: {
        const auto& a = static_cast<const Attribute&>(e);
        expr(*a.value, kAtom);
        // `1 .real`: a space keeps an int literal from reading as a float.
        if (a.value->kind == ExprKind::Constant && static_cast<const Constant&>(*a.value).type == Constant::Type::Int)
          out_ += ' ';
        out_ += "." + a.attr;
        return;
      }
      case ExprKind::Subscript: {
        const auto& s = static_cast<const Subscript&>(e);
        expr(*s.value, kAtom);
        out_ += '[';
        expr(*s.index, kTuple);
        out_ += ']';
        return;
      }
      case ExprKind::Slice: {
        const auto& s = static_cast<const Slice&>(e);
        if (s.lower) expr(*s.lower, kTest);
        out_ += ':';
        if (s.upper) expr(*s.upper, kTest);
        if (s.step) {
          out_ += ':';
          expr(*s.step, kTest);
        }
        return;
      }
      case ExprKind::Call: {
        const auto& c = static_cast<const Call&>(e);
        expr(*c.func, kAtom);
        bool lone_genexp = c.args.size() == 1 && c.keywords.empty() && c.args[0]->kind == ExprKind::Comprehension &&
                           static_cast<const Comprehension&>(*c.args[0]).type == Comprehension::Type::Generator;
        if (lone_genexp) {
          expr(*c.args[0], kTest);
          return;
        }
        out_ += '(';
        items(c.args, kTest);
        for (size_t i = 0; i < c.keywords.size(); ++i) {
          if (i || !c.args.empty()) out_ += ", ";
          const Keyword& k = c.keywords[i];
          if (k.name.empty()) {
            out_ += "**";
            expr(*k.value, kExprLevel());
          } else {
            out_ += k.name + "=";
            expr(*k.value, kTest);
          }
        }
        out_ += ')';
        return;
      }
      case ExprKind::BinOp: {
        const auto& b = static_cast<const BinOpExpr&>(e);
        BinInfo info = bin_info(b.op);
        bool right_assoc = b.op == BinOp::Pow;
        open(level > info.level);
        expr(*b.left, info.level + (right_assoc ? 1 : 0));
        out_ += info.text;
        expr(*b.right, info.level + (right_assoc ? 0 : 1));
        close(level > info.level);
        return;
      }
      case ExprKind::UnaryOp: {
        const auto& u = static_cast<const UnaryOpExpr&>(e);
        const char* text = u.op == UnaryOp::Not ? "not " : u.op == UnaryOp::Neg ? "-" : u.op == UnaryOp::Pos ? "+" : "~";
        int pr = u.op == UnaryOp::Not ? kNot : kFactor;
        open(level > pr);
        out_ += text;
        expr(*u.operand, pr);
        close(level > pr);
        return;
      }
      case ExprKind::BoolOp: {
        const auto& b = static_cast<const BoolOpExpr&>(e);
        int pr = b.is_and ? kAnd : kOr;
        open(level > pr);
        for (size_t i = 0; i < b.values.size(); ++i) {
          if (i) out_ += b.is_and ? " and " : " or ";
          expr(*b.values[i], pr + 1);
        }
        close(level > pr);
        return;
      }
      case ExprKind::Compare: {
        const auto& c = static_cast<const Compare&>(e);
        open(level > kCmp);
        expr(*c.left, kCmp + 1);
        for (size_t i = 0; i < c.ops.size(); ++i) {
          out_ += cmp_text(c.ops[i]);
          expr(*c.comparators[i], kCmp + 1);
        }
        close(level > kCmp);
        return;
      }
      case ExprKind::IfExp: {
        const auto& x = static_cast<const IfExp&>(e);
        open(level > kTest);
        expr(*x.body, kTest + 1);
        out_ += " if ";
        expr(*x.test, kTest + 1);
        out_ += " else ";
        expr(*x.orelse, kTest);
        close(level > kTest);
        return;
      }
      case ExprKind::Lambda: {
        const auto& l = static_cast<const lang::Lambda&>(e);
        open(level > kTest);
        out_ += l.code->params.empty() ? "lambda" : "lambda ";
        params(*l.code);
        out_ += ": ";
        if (l.code->lambda_body) expr(*l.code->lambda_body, kTest);
        close(level > kTest);
        return;
      }
      case ExprKind::List: {
        out_ += '[';
        items(static_cast<const SequenceExpr&>(e).elts, kTest);
        out_ += ']';
        return;
      }
      case ExprKind::Set: {
        const auto& s = static_cast<const SequenceExpr&>(e);
        if (s.elts.empty()) {
          out_ += "{*()}";
          return;
        }
        out_ += '{';
        items(s.elts, kTest);
        out_ += '}';
        return;
      }
      case ExprKind::Tuple: {
        const auto& t = static_cast<const SequenceExpr&>(e);
        if (t.elts.empty()) {
          out_ += "()";
          return;
        }
        open(level > kTuple);
        items(t.elts, kTest);
        if (t.elts.size() == 1) out_ += ',';
        close(level > kTuple);
        return;
      }
      case ExprKind::Dict: {
        const auto& d = static_cast<const DictExpr&>(e);
        out_ += '{';
        for (size_t i = 0; i < d.values.size(); ++i) {
          if (i) out_ += ", ";
          if (!d.keys[i]) {
            out_ += "**";
            expr(*d.values[i], kExprLevel());
          } else {
            expr(*d.keys[i], kTest);
            out_ += ": ";
            expr(*d.values[i], kTest);
          }
        }
        out_ += '}';
        return;
      }
      case ExprKind::Comprehension: {
        const auto& c = static_cast<const Comprehension&>(e);
        const char* brackets = c.type == Comprehension::Type::List ? "[]"
                               : c.type == Comprehension::Type::Generator ? "()" : "{}";
        out_ += brackets[0];
        expr(*c.elt, kTest);
        if (c.type == Comprehension::Type::Dict && c.value) {
          out_ += ": ";
          expr(*c.value, kTest);
        }
        comprehension_fors(c);
        out_ += brackets[1];
        return;
      }
      case ExprKind::Starred: {
        out_ += '*';
        expr(*static_cast<const Starred&>(e).value, kExprLevel());
        return;
      }
      case ExprKind::NamedExpr: {
        const auto& n = static_cast<const NamedExpr&>(e);
        open(level > kTuple);
        expr(*n.target, kAtom);
        out_ += " := ";
        expr(*n.value, kAtom);
        close(level > kTuple);
        return;
      }
      default:
        // f-strings and yield keep the text they were written as.
        source(e);
        return;
    }
  }

  static int kExprLevel() { return kBor; }

  std::string out_;
};

}  // namespace

std::string unparse(const Expr& e) { return Unparser().run(e, kTest); }

}  // namespace backstep::rt

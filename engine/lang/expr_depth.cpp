#include "engine/lang/expr_depth.h"

#include <algorithm>

namespace backstep::lang {

namespace {

struct Deepest {
  uint32_t below = 0;
  void add(const ExprPtr& child) {
    if (child) below = std::max(below, child->depth);
  }
  void add(const ExprList& children) {
    for (const auto& c : children) add(c);
  }
};

void add_function(Deepest& d, const FunctionCode& code) {
  d.add(code.lambda_body);
  for (const Param& p : code.params) {
    d.add(p.default_value);
    d.add(p.annotation);
  }
}

void add_children(Deepest& d, const Expr& e) {
  switch (e.kind) {
    case ExprKind::Constant:
    case ExprKind::Name: return;
    case ExprKind::FString:
      for (const auto& part : static_cast<const FString&>(e).parts) {
        d.add(part.expr);
        d.add(part.format_spec);
      }
      return;
    case ExprKind::Attribute: d.add(static_cast<const Attribute&>(e).value); return;
    case ExprKind::Subscript: {
      const auto& s = static_cast<const Subscript&>(e);
      d.add(s.value);
      d.add(s.index);
      return;
    }
    case ExprKind::Slice: {
      const auto& s = static_cast<const Slice&>(e);
      d.add(s.lower);
      d.add(s.upper);
      d.add(s.step);
      return;
    }
    case ExprKind::Call: {
      const auto& c = static_cast<const Call&>(e);
      d.add(c.func);
      d.add(c.args);
      for (const Keyword& k : c.keywords) d.add(k.value);
      return;
    }
    case ExprKind::BinOp: {
      const auto& b = static_cast<const BinOpExpr&>(e);
      d.add(b.left);
      d.add(b.right);
      return;
    }
    case ExprKind::UnaryOp: d.add(static_cast<const UnaryOpExpr&>(e).operand); return;
    case ExprKind::BoolOp: d.add(static_cast<const BoolOpExpr&>(e).values); return;
    case ExprKind::Compare: {
      const auto& c = static_cast<const Compare&>(e);
      d.add(c.left);
      d.add(c.comparators);
      return;
    }
    case ExprKind::IfExp: {
      const auto& i = static_cast<const IfExp&>(e);
      d.add(i.test);
      d.add(i.body);
      d.add(i.orelse);
      return;
    }
    case ExprKind::Lambda: add_function(d, *static_cast<const Lambda&>(e).code); return;
    case ExprKind::List:
    case ExprKind::Tuple:
    case ExprKind::Set: d.add(static_cast<const SequenceExpr&>(e).elts); return;
    case ExprKind::Dict: {
      const auto& m = static_cast<const DictExpr&>(e);
      d.add(m.keys);
      d.add(m.values);
      return;
    }
    case ExprKind::Comprehension: {
      const auto& c = static_cast<const Comprehension&>(e);
      d.add(c.elt);
      d.add(c.value);
      for (const ComprehensionFor& g : c.generators) {
        d.add(g.target);
        d.add(g.iter);
        d.add(g.ifs);
      }
      return;
    }
    case ExprKind::Starred: d.add(static_cast<const Starred&>(e).value); return;
    case ExprKind::NamedExpr: {
      const auto& n = static_cast<const NamedExpr&>(e);
      d.add(n.target);
      d.add(n.value);
      return;
    }
    case ExprKind::Yield: d.add(static_cast<const YieldExpr&>(e).value); return;
    case ExprKind::YieldFrom: d.add(static_cast<const YieldFromExpr&>(e).value); return;
  }
}

}  // namespace

uint32_t direct_depth(const Expr& e) {
  Deepest d;
  add_children(d, e);
  return d.below + 1;
}

}  // namespace backstep::lang

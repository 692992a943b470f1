// The syntax tree of the Python subset gqleval reads (parser.h): the nodes of
// CPython's `ast` module that function-calling answers use, with the same
// names and the same structure, so that a tree can be checked against
// CPython's (tests/python_differential_test.py) and read by later stages
// (calls, arguments, response access chains).
//
// A node's children are in `items`, in a fixed order per kind:
//   Attribute   value                      (text: the attribute)
//   Subscript   value, slice
//   Slice       lower, upper, step         (nullptr when left out)
//   Call        func, positional arguments (Starred for *a), then Keyword nodes
//   Keyword     value                      (text: the name; empty for **a)
//   Starred     value
//   List, Tuple, Set                       elements
//   Dict        key, value, key, value ... (key nullptr for **d)
//   ListComp, SetComp, GeneratorExp        element, then Comprehension nodes
//   DictComp    key, value, then Comprehension nodes
//   Comprehension  target, iterable, then its `if` conditions
//   Compare     left, then one comparator per operator in `ops`
//   BoolOp      values                     (text: "and" or "or")
//   BinOp       left, right                (text: the operator, "+", "//" ...)
//   UnaryOp     operand                    (text: "not", "-", "+", "~")
//   IfExp       test, body, orelse
//   JoinedStr   Constant (str) and FormattedValue parts (an f-string)
//   FormattedValue  value, format spec (a JoinedStr or nullptr)
//                   (text: the conversion, "r", "s", "a" or empty)
// A Constant's text is the decoded value of a string (bytes as one char per
// byte) and the literal as written for a number (without underscores).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace gqleval::python_subset {

enum class ExprKind : uint8_t {
  kName,
  kConstant,
  kJoinedStr,
  kFormattedValue,
  kAttribute,
  kSubscript,
  kSlice,
  kCall,
  kKeyword,
  kStarred,
  kList,
  kTuple,
  kSet,
  kDict,
  kListComp,
  kSetComp,
  kDictComp,
  kGeneratorExp,
  kComprehension,
  kCompare,
  kBoolOp,
  kBinOp,
  kUnaryOp,
  kIfExp,
};

enum class ConstantKind : uint8_t {
  kStr,
  kBytes,
  kInt,
  kFloat,
  kImaginary,
  kTrue,
  kFalse,
  kNone,
  kEllipsis
};

struct Expr {
  ExprKind kind = ExprKind::kName;
  ConstantKind constant = ConstantKind::kNone;  // kConstant
  std::string text;
  std::vector<std::string> ops;  // kCompare: "==", "not in", "is not" ...
  std::vector<Expr*> items;
  uint32_t line = 0;
  uint32_t column = 0;     // 1-based, bytes; where the expression starts
  uint32_t name_line = 0;  // kAttribute: where the attribute's name is
  uint32_t name_column = 0;
};

enum class StmtKind : uint8_t {
  kAssign,
  kAugAssign,
  kExpr,
  kFor,
  kIf,
  kImport,
  kPass,
  kBreak,
  kContinue
};

struct Stmt {
  StmtKind kind = StmtKind::kExpr;
  std::vector<Expr*> targets;  // kAssign: every target (a = b = f()); kAugAssign, kFor: one
  Expr* value = nullptr;       // kAssign, kAugAssign, kExpr: the value; kFor: the iterable;
                               // kIf: the test
  std::string op;              // kAugAssign: "+=" ...
  std::vector<Stmt*> body;     // kFor, kIf
  std::vector<Stmt*> orelse;   // kFor, kIf (elif is an If here, as in CPython)
  uint32_t line = 0;
  uint32_t column = 0;
};

// A parsed program: its statements, and the nodes they point to.
struct Module {
  std::vector<Stmt*> body;
  std::deque<Expr> exprs;
  std::deque<Stmt> stmts;

  Expr* add(ExprKind kind, uint32_t line, uint32_t column) {
    Expr& e = exprs.emplace_back();
    e.kind = kind;
    e.line = line;
    e.column = column;
    return &e;
  }
  Stmt* add(StmtKind kind, uint32_t line, uint32_t column) {
    Stmt& s = stmts.emplace_back();
    s.kind = kind;
    s.line = line;
    s.column = column;
    return &s;
  }
};

}  // namespace gqleval::python_subset

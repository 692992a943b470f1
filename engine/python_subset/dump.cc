#include "engine/python_subset/dump.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "engine/base/concat.h"
#include "engine/base/string_literal.h"

namespace gqleval::python_subset {
namespace {

// The value of an int literal (hex, octal, binary or decimal, no
// underscores) in decimal, "big" from 2**127 on (where the CPython side of the
// differential stops printing values too). Decimal digits, least significant
// first, so any length works without a wide integer type.
std::string int_literal_value(const std::string& text) {
  unsigned base = 10;
  size_t i = 0;
  if (text.size() > 1 && text[0] == '0' && std::isalpha(static_cast<unsigned char>(text[1])) != 0) {
    const char b = static_cast<char>(std::tolower(static_cast<unsigned char>(text[1])));
    base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
    i = 2;
  }
  std::vector<unsigned> digits;  // least significant first
  for (; i < text.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    unsigned carry =
        c >= 'a' ? static_cast<unsigned>(c - 'a' + 10) : static_cast<unsigned>(c - '0');
    for (unsigned& d : digits) {
      const unsigned v = d * base + carry;
      d = v % 10;
      carry = v / 10;
    }
    for (; carry > 0; carry /= 10) digits.push_back(carry % 10);
  }
  while (!digits.empty() && digits.back() == 0) digits.pop_back();
  std::string out;
  for (unsigned d : digits) out += static_cast<char>('0' + d);
  std::reverse(out.begin(), out.end());
  if (out.empty()) return "0";
  constexpr std::string_view kTwoTo127 = "170141183460469231731687303715884105728";
  if (out.size() > kTwoTo127.size() || (out.size() == kTwoTo127.size() && out >= kTwoTo127)) {
    return "big";
  }
  return out;
}

class Dumper {
 public:
  std::string out;

  void expr(const Expr* e) {
    if (e == nullptr) {
      out += '_';
      return;
    }
    switch (e->kind) {
      case ExprKind::kName: out += concat({"(Name ", e->text, ")"}); return;
      case ExprKind::kConstant: constant(*e); return;
      case ExprKind::kJoinedStr: list("JoinedStr", e->items); return;
      case ExprKind::kFormattedValue: formatted_value(*e); return;
      case ExprKind::kAttribute:
        out += "(Attribute ";
        expr(e->items[0]);
        out += concat({" ", e->text, ")"});
        return;
      case ExprKind::kSubscript: fixed("Subscript", e->items); return;
      case ExprKind::kSlice: fixed("Slice", e->items); return;
      case ExprKind::kCall: call(*e); return;
      case ExprKind::kKeyword: fixed("kw", e->items); return;
      case ExprKind::kStarred: fixed("Starred", e->items); return;
      case ExprKind::kList: list("List", e->items); return;
      case ExprKind::kTuple: list("Tuple", e->items); return;
      case ExprKind::kSet: list("Set", e->items); return;
      case ExprKind::kDict: dict(*e); return;
      case ExprKind::kListComp: fixed("ListComp", e->items); return;
      case ExprKind::kSetComp: fixed("SetComp", e->items); return;
      case ExprKind::kDictComp: fixed("DictComp", e->items); return;
      case ExprKind::kGeneratorExp: fixed("GeneratorExp", e->items); return;
      case ExprKind::kComprehension: comprehension(*e); return;
      case ExprKind::kCompare: compare(*e); return;
      case ExprKind::kBoolOp:
      case ExprKind::kBinOp:
      case ExprKind::kUnaryOp: operation(*e); return;
      case ExprKind::kIfExp: fixed("IfExp", e->items); return;
    }
  }

  void stmt(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::kAssign:
        out += "(Assign (";
        for (size_t i = 0; i < s.targets.size(); ++i) {
          if (i > 0) out += ' ';
          expr(s.targets[i]);
        }
        out += ") ";
        expr(s.value);
        out += ')';
        return;
      case StmtKind::kAugAssign:
        out += "(AugAssign ";
        expr(s.targets[0]);
        out += concat({" ", std::string_view(s.op).substr(0, s.op.size() - 1), " "});
        expr(s.value);
        out += ')';
        return;
      case StmtKind::kExpr:
        out += "(Expr ";
        expr(s.value);
        out += ')';
        return;
      case StmtKind::kFor:
        out += "(For ";
        expr(s.targets[0]);
        out += ' ';
        expr(s.value);
        block(s.body);
        block(s.orelse);
        out += ')';
        return;
      case StmtKind::kIf:
        out += "(If ";
        expr(s.value);
        block(s.body);
        block(s.orelse);
        out += ')';
        return;
      case StmtKind::kImport: out += "(Import)"; return;
      case StmtKind::kPass: out += "(Pass)"; return;
      case StmtKind::kBreak: out += "(Break)"; return;
      case StmtKind::kContinue: out += "(Continue)"; return;
    }
  }

 private:
  void formatted_value(const Expr& e) {
    out += "(FormattedValue ";
    expr(e.items[0]);
    out += ' ';
    out += e.text.empty() ? "_" : e.text;
    out += ' ';
    expr(e.items[1]);
    out += ')';
  }

  // The positional arguments, then the keyword arguments, each in order.
  void call(const Expr& e) {
    out += "(Call ";
    expr(e.items[0]);
    out += " (";
    bool first = true;
    for (size_t i = 1; i < e.items.size(); ++i) {
      if (e.items[i]->kind == ExprKind::kKeyword) continue;
      if (!first) out += ' ';
      first = false;
      expr(e.items[i]);
    }
    out += ") (";
    first = true;
    for (size_t i = 1; i < e.items.size(); ++i) {
      const Expr* k = e.items[i];
      if (k->kind != ExprKind::kKeyword) continue;
      if (!first) out += ' ';
      first = false;
      out += concat(
          {"(kw ", k->text.empty() ? std::string_view("_") : std::string_view(k->text), " "});
      expr(k->items[0]);
      out += ')';
    }
    out += "))";
  }

  // Items alternate key, value.
  void dict(const Expr& e) {
    out += "(Dict";
    for (size_t i = 0; i + 1 < e.items.size(); i += 2) {
      out += " (";
      expr(e.items[i]);
      out += ' ';
      expr(e.items[i + 1]);
      out += ')';
    }
    out += ')';
  }

  // Items: the target, the iterable, then the conditions.
  void comprehension(const Expr& e) {
    out += "(comp ";
    expr(e.items[0]);
    out += ' ';
    expr(e.items[1]);
    out += " (";
    for (size_t i = 2; i < e.items.size(); ++i) {
      if (i > 2) out += ' ';
      expr(e.items[i]);
    }
    out += "))";
  }

  void compare(const Expr& e) {
    out += "(Compare ";
    expr(e.items[0]);
    for (size_t i = 0; i < e.ops.size(); ++i) {
      out += concat({" (", e.ops[i], " "});
      expr(e.items[i + 1]);
      out += ')';
    }
    out += ')';
  }

  // BoolOp, BinOp or UnaryOp: the operator, then the operands.
  void operation(const Expr& e) {
    out += e.kind == ExprKind::kBoolOp  ? "(BoolOp "
           : e.kind == ExprKind::kBinOp ? "(BinOp "
                                        : "(UnaryOp ";
    out += e.text;
    for (const Expr* item : e.items) {
      out += ' ';
      expr(item);
    }
    out += ')';
  }

  void block(const std::vector<Stmt*>& body) {
    out += " (";
    for (size_t i = 0; i < body.size(); ++i) {
      if (i > 0) out += ' ';
      stmt(*body[i]);
    }
    out += ')';
  }
  void fixed(std::string_view name, const std::vector<Expr*>& items) {
    out += '(';
    out += name;
    for (const Expr* item : items) {
      out += ' ';
      expr(item);
    }
    out += ')';
  }
  void list(std::string_view name, const std::vector<Expr*>& items) { fixed(name, items); }

  void constant(const Expr& e) {
    switch (e.constant) {
      case ConstantKind::kStr:
        out += "(Str ";
        append_string_literal<StringLiteralStyle::kJson>(out, e.text);
        out += ')';
        return;
      case ConstantKind::kBytes: {
        // One char per byte, as latin-1, so both dumps agree on any byte.
        std::string latin1;
        for (char c : e.text) {
          const auto u = static_cast<unsigned char>(c);
          if (u < 0x80) {
            latin1 += c;
          } else {
            latin1 += static_cast<char>(0xC0 | (u >> 6));
            latin1 += static_cast<char>(0x80 | (u & 0x3F));
          }
        }
        out += "(Bytes ";
        append_string_literal<StringLiteralStyle::kJson>(out, latin1);
        out += ')';
        return;
      }
      case ConstantKind::kInt: out += concat({"(Int ", int_literal_value(e.text), ")"}); return;
      case ConstantKind::kFloat:
        out += concat({"(Float ", float_repr(std::strtod(e.text.c_str(), nullptr)), ")"});
        return;
      case ConstantKind::kImaginary:
        out += concat({"(Imag ", float_repr(std::strtod(e.text.c_str(), nullptr)), ")"});
        return;
      case ConstantKind::kTrue: out += "(True)"; return;
      case ConstantKind::kFalse: out += "(False)"; return;
      case ConstantKind::kNone: out += "(None)"; return;
      case ConstantKind::kEllipsis: out += "(Ellipsis)"; return;
    }
  }
};

}  // namespace

std::string float_repr(double value) {
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (std::isnan(value)) return "nan";
  char buffer[64];
  auto [end, ec] =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  std::string sci(buffer, end);  // "-1.5e-07", "1e+16"
  const size_t e = sci.find('e');
  std::string mantissa = sci.substr(0, e);
  const int exponent = std::atoi(sci.c_str() + e + 1);
  const bool negative = mantissa[0] == '-';
  if (negative) mantissa.erase(0, 1);
  std::string digits;
  for (char c : mantissa) {
    if (c != '.') digits += c;
  }
  std::string out = negative ? "-" : "";
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) {
      out += concat({"0.", std::string(static_cast<size_t>(-exponent - 1), '0'), digits});
    } else if (static_cast<size_t>(exponent) + 1 >= digits.size()) {
      out += concat(
          {digits, std::string(static_cast<size_t>(exponent) + 1 - digits.size(), '0'), ".0"});
    } else {
      out += concat({std::string_view(digits).substr(0, static_cast<size_t>(exponent) + 1), ".",
                     std::string_view(digits).substr(static_cast<size_t>(exponent) + 1)});
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += concat({".", std::string_view(digits).substr(1)});
  std::string exp = std::to_string(std::abs(exponent));
  if (exp.size() < 2) exp.insert(exp.begin(), '0');
  out += exponent < 0 ? "e-" : "e+";
  return out + exp;
}

std::string int_value(const std::string& literal) { return int_literal_value(literal); }

std::string dump(const Expr& expr) {
  Dumper d;
  d.expr(&expr);
  return d.out;
}

std::string dump(const Module& module) {
  Dumper d;
  for (const Stmt* s : module.body) {
    d.stmt(*s);
    d.out += '\n';
  }
  return d.out;
}

}  // namespace gqleval::python_subset

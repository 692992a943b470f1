#include "engine/python_subset/parser.h"

#include "engine/base/concat.h"

#include <array>
#include <string>
#include <vector>

#include "engine/python_subset/lexer.h"
#include "engine/python_subset/string_literal.h"

namespace gqleval::python_subset {
namespace {

// The deepest expression a program may hold: every reader of the tree
// recurses on it, and the limit keeps that well within any stack.
constexpr size_t kMaxExpressionDepth = 500;

constexpr std::array<std::string_view, 35> kKeywords = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

bool is_keyword(std::string_view name) {
  for (std::string_view k : kKeywords) {
    if (k == name) return true;
  }
  return false;
}

// A syntax error unwinds the recursive descent as this exception, thrown and
// caught inside this file only: parse() returns it as the Result's error, so
// no exception crosses the module's interface. (Only unparseable programs
// throw; a program that parses never does.)
struct ParseFailure {
  Diagnostic diagnostic;
};

class Parser {
 public:
  Parser(std::vector<Token> tokens, Module& module) : t_(std::move(tokens)), m_(module) {}

  void module() {
    while (!at(TokenKind::kEnd)) {
      if (at(TokenKind::kNewline)) {
        ++i_;
        continue;
      }
      statement(m_.body);
    }
  }

  // An expression on its own (an f-string's replacement field).
  Expr* lone_expression() {
    Expr* e = star_expressions();
    while (at(TokenKind::kNewline)) ++i_;
    if (!at(TokenKind::kEnd)) fail_here("f-string: invalid syntax");
    return e;
  }

 private:
  // ---------------------------------------------------------------- tokens
  const Token& peek(size_t ahead = 0) const { return t_[std::min(i_ + ahead, t_.size() - 1)]; }
  bool at(TokenKind k) const { return peek().kind == k; }
  bool at_op(std::string_view op) const {
    return peek().kind == TokenKind::kOp && peek().text == op;
  }
  bool at_name(std::string_view name) const {
    return peek().kind == TokenKind::kName && peek().text == name;
  }
  const Token& take() { return t_[i_ < t_.size() - 1 ? i_++ : i_]; }
  bool eat_op(std::string_view op) {
    if (!at_op(op)) return false;
    ++i_;
    return true;
  }
  bool eat_name(std::string_view name) {
    if (!at_name(name)) return false;
    ++i_;
    return true;
  }
  void expect_op(std::string_view op) {
    if (!eat_op(op)) fail_here(concat({"expected '", op, "'"}));
  }
  [[noreturn]] void fail_at(const Token& t, std::string message) const {
    throw ParseFailure{make_error("SyntaxError", std::move(message), {t.line, t.column})};
  }
  [[noreturn]] void fail_here(std::string message) const { fail_at(peek(), std::move(message)); }
  [[noreturn]] void unsupported(const Token& t, std::string_view what) const {
    throw ParseFailure{make_error("Unsupported",
                                  concat({what, " is outside the Python subset gqleval reads"}),
                                  {t.line, t.column})};
  }

  Expr* node(ExprKind kind, const Token& at) { return m_.add(kind, at.line, at.column); }
  Expr* node(ExprKind kind, const Expr* at) { return m_.add(kind, at->line, at->column); }

  // ---------------------------------------------------------------- statements
  void statement(std::vector<Stmt*>& out) {
    const Token& t = peek();
    if (t.kind == TokenKind::kIndent) fail_at(t, "unexpected indent");
    if (t.kind == TokenKind::kName) {
      if (t.text == "if") return if_statement(out, false);
      if (t.text == "for") return for_statement(out);
      for (std::string_view k :
           {"def", "class", "while", "try", "with", "async", "return", "del", "global", "nonlocal",
            "assert", "raise", "yield", "lambda", "await", "except", "finally"}) {
        if (t.text == k) unsupported(t, concat({"'", k, "'"}));
      }
      if (t.text == "elif" || t.text == "else") fail_at(t, "invalid syntax");
    }
    simple_statements(out);
  }

  void simple_statements(std::vector<Stmt*>& out) {
    for (;;) {
      out.push_back(small_statement());
      if (!eat_op(";")) break;
      if (at(TokenKind::kNewline) || at(TokenKind::kEnd)) break;
    }
    if (at(TokenKind::kEnd)) return;
    if (!at(TokenKind::kNewline)) fail_here("invalid syntax");
    ++i_;
  }

  Stmt* small_statement() {
    const Token& t = peek();
    if (t.kind == TokenKind::kName) {
      if (t.text == "pass" || t.text == "break" || t.text == "continue") {
        ++i_;
        return m_.add(t.text == "pass"    ? StmtKind::kPass
                      : t.text == "break" ? StmtKind::kBreak
                                          : StmtKind::kContinue,
                      t.line, t.column);
      }
      if (t.text == "import" || t.text == "from") return import_statement();
      for (std::string_view k :
           {"return", "del", "global", "nonlocal", "assert", "raise", "yield", "lambda", "await"}) {
        if (t.text == k) unsupported(t, concat({"'", k, "'"}));
      }
    }
    Expr* first = star_expressions();
    if (at_op(":")) unsupported(peek(), "an annotation");
    for (std::string_view op :
         {"+=", "-=", "*=", "/=", "//=", "%=", "**=", ">>=", "<<=", "&=", "^=", "|=", "@="}) {
      if (at_op(op)) {
        ++i_;
        check_target(first, false);
        Stmt* s = m_.add(StmtKind::kAugAssign, t.line, t.column);
        s->targets.push_back(first);
        s->op = std::string(op);
        s->value = star_expressions();
        return s;
      }
    }
    if (!at_op("=")) {
      Stmt* s = m_.add(StmtKind::kExpr, t.line, t.column);
      s->value = first;
      return s;
    }
    Stmt* s = m_.add(StmtKind::kAssign, t.line, t.column);
    Expr* value = first;
    while (eat_op("=")) {
      check_target(value, true);
      s->targets.push_back(value);
      if (at_name("yield")) unsupported(peek(), "'yield'");
      value = star_expressions();
    }
    s->value = value;
    return s;
  }

  // Import lines are kept but not read (`import a.b as c, d`, `from ..a import
  // (b as c, d)`, `from a import *`); only their grammar is checked.
  Stmt* import_statement() {
    const Token& t = take();
    Stmt* s = m_.add(StmtKind::kImport, t.line, t.column);
    if (t.text == "import") {
      do {
        dotted_name();
        if (eat_name("as")) plain_name();
      } while (eat_op(","));
      return s;
    }
    bool dots = false;
    while (at_op(".") || at_op("...")) {
      ++i_;
      dots = true;
    }
    if (!dots || !at_name("import")) dotted_name();
    if (!eat_name("import")) fail_here("invalid syntax");
    if (eat_op("*")) return s;
    const bool parenthesized = eat_op("(");
    do {
      if (parenthesized && at_op(")")) break;
      plain_name();
      if (eat_name("as")) plain_name();
    } while (eat_op(","));
    if (parenthesized) expect_op(")");
    return s;
  }
  void plain_name() {
    const Token& n = take();
    if (n.kind != TokenKind::kName || is_keyword(n.text)) fail_at(n, "invalid syntax");
  }
  void dotted_name() {
    plain_name();
    while (eat_op(".")) plain_name();
  }

  void check_target(const Expr* e, bool many) const {
    switch (e->kind) {
      case ExprKind::kName:
      case ExprKind::kAttribute:
      case ExprKind::kSubscript: return;
      case ExprKind::kTuple:
      case ExprKind::kList:
        if (!many) break;
        for (const Expr* item : e->items) check_target(item, true);
        return;
      case ExprKind::kStarred:
        if (!many) break;
        check_target(e->items[0], true);
        return;
      default: break;
    }
    throw ParseFailure{
        make_error("SyntaxError", "cannot assign to expression", {e->line, e->column})};
  }

  void block(std::vector<Stmt*>& out) {
    expect_op(":");
    if (!at(TokenKind::kNewline)) {
      simple_statements(out);
      return;
    }
    ++i_;
    if (!at(TokenKind::kIndent)) fail_here("expected an indented block");
    ++i_;
    while (!at(TokenKind::kDedent) && !at(TokenKind::kEnd)) {
      if (at(TokenKind::kNewline)) {
        ++i_;
        continue;
      }
      statement(out);
    }
    if (at(TokenKind::kDedent)) ++i_;
  }

  void if_statement(std::vector<Stmt*>& out, bool) {
    const Token& t = take();  // if or elif
    Stmt* s = m_.add(StmtKind::kIf, t.line, t.column);
    s->value = named_expression();
    block(s->body);
    out.push_back(s);
    if (at_name("elif")) {
      if_statement(s->orelse, true);
    } else if (eat_name("else")) {
      block(s->orelse);
    }
  }

  void for_statement(std::vector<Stmt*>& out) {
    const Token& t = take();
    Stmt* s = m_.add(StmtKind::kFor, t.line, t.column);
    Expr* target = star_targets();
    check_target(target, true);
    s->targets.push_back(target);
    if (!eat_name("in")) fail_here("invalid syntax");
    s->value = star_expressions();
    block(s->body);
    if (eat_name("else")) block(s->orelse);
    out.push_back(s);
  }

  // `a, b` in `for a, b in ...`: targets stop before `in`.
  Expr* star_targets() {
    const Token& t = peek();
    Expr* first = target_atom();
    if (!at_op(",")) return first;
    Expr* tuple = node(ExprKind::kTuple, t);
    tuple->items.push_back(first);
    while (eat_op(",")) {
      if (at_name("in") || at_op("=")) break;
      tuple->items.push_back(target_atom());
    }
    return tuple;
  }
  Expr* target_atom() {
    if (at_op("*")) {
      const Token& t = take();
      Expr* s = node(ExprKind::kStarred, t);
      s->items.push_back(target_atom());
      return s;
    }
    return bitwise_or();
  }

  // ---------------------------------------------------------------- expressions
  Expr* star_expressions() {
    const Token& t = peek();
    Expr* first = star_expression();
    if (!at_op(",")) return first;
    Expr* tuple = node(ExprKind::kTuple, t);
    tuple->items.push_back(first);
    while (eat_op(",")) {
      if (ends_expression_list()) break;
      tuple->items.push_back(star_expression());
    }
    return tuple;
  }
  bool ends_expression_list() const {
    return at(TokenKind::kNewline) || at(TokenKind::kEnd) || at_op("=") || at_op(")") ||
           at_op(";") || at_op(":") || at_op("]") || at_op("}") ||
           (peek().kind == TokenKind::kOp && peek().text.size() >= 2 && peek().text.back() == '=' &&
            peek().text != "==" && peek().text != "<=" && peek().text != ">=" &&
            peek().text != "!=");
  }
  Expr* star_expression() {
    if (at_op("*")) {
      const Token& t = take();
      Expr* s = node(ExprKind::kStarred, t);
      s->items.push_back(bitwise_or());
      return s;
    }
    return expression();
  }
  Expr* named_expression() {
    Expr* e = expression();
    if (at_op(":=")) unsupported(peek(), "':='");
    return e;
  }

  // Recursion is bounded, so that no input can exhaust the stack: an
  // expression may nest kMaxNesting deep (CPython's own bracket limit is 200).
  struct Nesting {
    explicit Nesting(Parser& p) : parser(p) {
      if (++parser.nesting_ > kMaxNesting) {
        throw ParseFailure{make_error(
            "Unsupported",
            "an expression nested more than 200 deep is outside the Python subset gqleval reads",
            {parser.peek().line, parser.peek().column})};
      }
    }
    ~Nesting() { --parser.nesting_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;
    Parser& parser;
  };
  static constexpr int kMaxNesting = 200;

  Expr* expression() {
    const Nesting nesting(*this);
    if (at_name("lambda")) unsupported(peek(), "'lambda'");
    if (at_name("yield")) unsupported(peek(), "'yield'");
    Expr* body = disjunction();
    if (!at_name("if")) return body;
    ++i_;
    Expr* test = disjunction();
    if (!eat_name("else")) fail_here("expected 'else' after 'if' expression");
    Expr* orelse = expression();
    Expr* e = node(ExprKind::kIfExp, body);
    e->items = {test, body, orelse};
    return e;
  }

  Expr* bool_op(std::string_view op, Expr* (Parser::*next)()) {
    Expr* first = (this->*next)();
    if (!at_name(op)) return first;
    Expr* e = node(ExprKind::kBoolOp, first);
    e->text = std::string(op);
    e->items.push_back(first);
    while (eat_name(op)) e->items.push_back((this->*next)());
    return e;
  }
  Expr* disjunction() { return bool_op("or", &Parser::conjunction); }
  Expr* conjunction() { return bool_op("and", &Parser::inversion); }
  Expr* inversion() {
    const Nesting nesting(*this);
    if (at_name("not")) {
      const Token& t = take();
      Expr* e = node(ExprKind::kUnaryOp, t);
      e->text = "not";
      e->items.push_back(inversion());
      return e;
    }
    return comparison();
  }

  Expr* comparison() {
    Expr* left = bitwise_or();
    Expr* e = nullptr;
    for (;;) {
      std::string op;
      if (peek().kind == TokenKind::kOp &&
          (peek().text == "==" || peek().text == "!=" || peek().text == "<" ||
           peek().text == "<=" || peek().text == ">" || peek().text == ">=")) {
        op = std::string(take().text);
      } else if (at_name("in")) {
        ++i_;
        op = "in";
      } else if (at_name("not") && peek(1).kind == TokenKind::kName && peek(1).text == "in") {
        i_ += 2;
        op = "not in";
      } else if (at_name("is")) {
        ++i_;
        op = eat_name("not") ? "is not" : "is";
      } else {
        break;
      }
      if (e == nullptr) {
        e = node(ExprKind::kCompare, left);
        e->items.push_back(left);
      }
      e->ops.push_back(op);
      e->items.push_back(bitwise_or());
    }
    return e != nullptr ? e : left;
  }

  Expr* binary(std::initializer_list<std::string_view> ops, Expr* (Parser::*next)()) {
    Expr* left = (this->*next)();
    for (;;) {
      bool matched = false;
      for (std::string_view op : ops) {
        if (at_op(op)) {
          ++i_;
          Expr* e = node(ExprKind::kBinOp, left);
          e->text = std::string(op);
          e->items = {left, (this->*next)()};
          left = e;
          matched = true;
          break;
        }
      }
      if (!matched) return left;
    }
  }
  Expr* bitwise_or() { return binary({"|"}, &Parser::bitwise_xor); }
  Expr* bitwise_xor() { return binary({"^"}, &Parser::bitwise_and); }
  Expr* bitwise_and() { return binary({"&"}, &Parser::shift); }
  Expr* shift() { return binary({"<<", ">>"}, &Parser::sum); }
  Expr* sum() { return binary({"+", "-"}, &Parser::term); }
  Expr* term() { return binary({"*", "/", "//", "%", "@"}, &Parser::factor); }
  Expr* factor() {
    const Nesting nesting(*this);
    if (at_op("+") || at_op("-") || at_op("~")) {
      const Token& t = take();
      Expr* e = node(ExprKind::kUnaryOp, t);
      e->text = std::string(t.text);
      e->items.push_back(factor());
      return e;
    }
    return power();
  }
  Expr* power() {
    if (at_name("await")) unsupported(peek(), "'await'");
    Expr* base = primary();
    if (!eat_op("**")) return base;
    Expr* e = node(ExprKind::kBinOp, base);
    e->text = "**";
    e->items = {base, factor()};
    return e;
  }

  Expr* primary() {
    Expr* e = atom();
    for (;;) {
      if (at_op(".")) {
        ++i_;
        const Token& name = take();
        if (name.kind != TokenKind::kName || is_keyword(name.text)) fail_at(name, "invalid syntax");
        Expr* a = node(ExprKind::kAttribute, e);
        a->text = std::string(name.text);
        a->name_line = name.line;
        a->name_column = name.column;
        a->items.push_back(e);
        e = a;
      } else if (at_op("(")) {
        e = call(e);
      } else if (at_op("[")) {
        ++i_;
        Expr* s = node(ExprKind::kSubscript, e);
        s->items = {e, slices()};
        expect_op("]");
        e = s;
      } else {
        return e;
      }
    }
  }

  Expr* call(Expr* func) {
    const Token& open = take();
    Expr* c = node(ExprKind::kCall, func);
    c->items.push_back(func);
    std::vector<Expr*> keywords;
    bool keyword_seen = false;
    while (!at_op(")")) {
      const Token& t = peek();
      if (at_op("**")) {
        ++i_;
        Expr* k = node(ExprKind::kKeyword, t);
        k->items.push_back(expression());
        keywords.push_back(k);
        keyword_seen = true;
      } else if (at_op("*")) {
        ++i_;
        Expr* s = node(ExprKind::kStarred, t);
        s->items.push_back(expression());
        if (keyword_seen && !keywords.empty() && keywords.back()->text.empty()) {
          fail_at(t, "iterable argument unpacking follows keyword argument unpacking");
        }
        c->items.push_back(s);
      } else if (t.kind == TokenKind::kName && peek(1).kind == TokenKind::kOp &&
                 peek(1).text == "=") {
        if (is_keyword(t.text))
          fail_at(t, "expression cannot contain assignment, perhaps you meant \"==\"?");
        i_ += 2;
        Expr* k = node(ExprKind::kKeyword, t);
        k->text = std::string(t.text);
        k->items.push_back(expression());
        keywords.push_back(k);
        keyword_seen = true;
      } else {
        Expr* arg = named_expression();
        if (at_name("for")) {  // f(x for x in y): the only argument
          Expr* g = node(ExprKind::kGeneratorExp, arg);
          g->items.push_back(arg);
          comprehensions(g);
          arg = g;
          if (c->items.size() > 1 || !keywords.empty() || !at_op(")")) {
            throw ParseFailure{make_error("SyntaxError",
                                          "Generator expression must be parenthesized",
                                          {arg->line, arg->column})};
          }
        } else if (keyword_seen) {
          throw ParseFailure{
              make_error("SyntaxError",
                         !keywords.empty() && keywords.back()->text.empty()
                             ? "positional argument follows keyword argument unpacking"
                             : "positional argument follows keyword argument",
                         {arg->line, arg->column})};
        }
        c->items.push_back(arg);
      }
      if (!eat_op(",")) break;
    }
    if (!eat_op(")")) fail_at(open, "'(' was never closed");
    for (Expr* k : keywords) c->items.push_back(k);
    return c;
  }

  // The inside of `[...]` after a value: one slice, or several as a tuple.
  Expr* slices() {
    const Token& t = peek();
    Expr* first = slice();
    if (!at_op(",")) {
      if (first->kind != ExprKind::kStarred) return first;
      Expr* tuple = node(ExprKind::kTuple, t);  // a[*b] is a[(*b,)]
      tuple->items.push_back(first);
      return tuple;
    }
    Expr* tuple = node(ExprKind::kTuple, t);
    tuple->items.push_back(first);
    while (eat_op(",")) {
      if (at_op("]")) break;
      tuple->items.push_back(slice());
    }
    return tuple;
  }
  Expr* slice() {
    const Token& t = peek();
    Expr* lower = nullptr;
    if (at_op("*")) {  // a[*b]: '*' takes a whole expression here (Python 3.11)
      const Token& star = take();
      Expr* s = node(ExprKind::kStarred, star);
      s->items.push_back(expression());
      return s;
    }
    if (!at_op(":")) {
      lower = named_expression();
      if (!at_op(":")) return lower;
    }
    Expr* s = node(ExprKind::kSlice, lower != nullptr ? peek() : t);
    if (lower != nullptr) {
      s->line = lower->line;
      s->column = lower->column;
    }
    expect_op(":");
    Expr* upper = at_op(":") || at_op("]") || at_op(",") ? nullptr : expression();
    Expr* step = nullptr;
    if (eat_op(":")) step = at_op("]") || at_op(",") ? nullptr : expression();
    s->items = {lower, upper, step};
    return s;
  }

  void comprehensions(Expr* owner) {
    while (at_name("for") || at_name("async")) {
      if (at_name("async")) unsupported(peek(), "'async for'");
      const Token& t = take();
      Expr* c = node(ExprKind::kComprehension, t);
      Expr* target = star_targets();
      check_target(target, true);
      c->items.push_back(target);
      if (!eat_name("in")) fail_here("invalid syntax");
      c->items.push_back(disjunction());
      while (eat_name("if")) c->items.push_back(disjunction());
      owner->items.push_back(c);
    }
  }

  Expr* atom() {
    const Token& t = peek();
    switch (t.kind) {
      case TokenKind::kName: {
        ++i_;
        if (t.text == "True" || t.text == "False" || t.text == "None") {
          Expr* e = node(ExprKind::kConstant, t);
          e->constant = t.text == "True"    ? ConstantKind::kTrue
                        : t.text == "False" ? ConstantKind::kFalse
                                            : ConstantKind::kNone;
          return e;
        }
        if (is_keyword(t.text)) {
          if (t.text == "lambda" || t.text == "yield" || t.text == "await") {
            unsupported(t, concat({"'", t.text, "'"}));
          }
          fail_at(t, "invalid syntax");
        }
        Expr* e = node(ExprKind::kName, t);
        e->text = std::string(t.text);
        return e;
      }
      case TokenKind::kNumber: {
        ++i_;
        Expr* e = node(ExprKind::kConstant, t);
        std::string text;
        for (char c : t.text) {
          if (c != '_') text += c;
        }
        const char last = text.back();
        const bool hex = text.size() > 1 && (text[1] == 'x' || text[1] == 'X');
        if (last == 'j' || last == 'J') {
          e->constant = ConstantKind::kImaginary;
          text.pop_back();
        } else if (!hex && text.find_first_of(".eE") != std::string::npos) {
          e->constant = ConstantKind::kFloat;
        } else {
          e->constant = ConstantKind::kInt;
          if (!hex && text.size() > 1 && text[0] == '0' &&
              text.find_first_not_of('0') != std::string::npos &&
              std::isdigit(static_cast<unsigned char>(text[1])) != 0) {
            fail_at(t,
                    "leading zeros in decimal integer literals are not permitted; use an 0o "
                    "prefix for octal integers");
          }
        }
        e->text = std::move(text);
        return e;
      }
      case TokenKind::kString: return strings();
      case TokenKind::kOp:
        if (t.text == "(") return parenthesized();
        if (t.text == "[") return list_display();
        if (t.text == "{") return brace_display();
        if (t.text == "...") {
          ++i_;
          Expr* e = node(ExprKind::kConstant, t);
          e->constant = ConstantKind::kEllipsis;
          return e;
        }
        break;
      default: break;
    }
    if (t.kind == TokenKind::kNewline || t.kind == TokenKind::kEnd) fail_at(t, "invalid syntax");
    fail_at(t, "invalid syntax");
  }

  Expr* parenthesized() {
    const Token& open = take();
    if (eat_op(")")) return node(ExprKind::kTuple, open);
    if (at_name("yield")) unsupported(peek(), "'yield'");
    Expr* first = star_expression();
    if (at_op(":=")) unsupported(peek(), "':='");
    if (at_name("for")) {
      Expr* g = node(ExprKind::kGeneratorExp, open);
      g->items.push_back(first);
      comprehensions(g);
      expect_op(")");
      return g;
    }
    if (eat_op(")")) {
      if (first->kind == ExprKind::kStarred) fail_at(open, "cannot use starred expression here");
      return first;
    }
    Expr* tuple = node(ExprKind::kTuple, open);
    tuple->items.push_back(first);
    while (eat_op(",")) {
      if (at_op(")")) break;
      tuple->items.push_back(star_expression());
    }
    expect_op(")");
    return tuple;
  }

  Expr* list_display() {
    const Token& open = take();
    Expr* list = node(ExprKind::kList, open);
    if (eat_op("]")) return list;
    Expr* first = star_expression();
    if (at_name("for")) {
      Expr* c = node(ExprKind::kListComp, open);
      c->items.push_back(first);
      comprehensions(c);
      expect_op("]");
      return c;
    }
    list->items.push_back(first);
    while (eat_op(",")) {
      if (at_op("]")) break;
      list->items.push_back(star_expression());
    }
    expect_op("]");
    return list;
  }

  Expr* brace_display() {
    const Token& open = take();
    if (eat_op("}")) return node(ExprKind::kDict, open);
    if (at_op("**")) return dict_rest(open, nullptr, nullptr);
    Expr* first = star_expression();
    if (eat_op(":")) {
      Expr* value = expression();
      if (at_name("for")) {
        Expr* c = node(ExprKind::kDictComp, open);
        c->items = {first, value};
        comprehensions(c);
        expect_op("}");
        return c;
      }
      return dict_rest(open, first, value);
    }
    if (at_name("for")) {
      Expr* c = node(ExprKind::kSetComp, open);
      c->items.push_back(first);
      comprehensions(c);
      expect_op("}");
      return c;
    }
    Expr* set = node(ExprKind::kSet, open);
    set->items.push_back(first);
    while (eat_op(",")) {
      if (at_op("}")) break;
      set->items.push_back(star_expression());
    }
    expect_op("}");
    return set;
  }
  // The rest of a dict display after its first entry (none when key and
  // value are null and `**` comes first).
  Expr* dict_rest(const Token& open, Expr* key, Expr* value) {
    Expr* dict = node(ExprKind::kDict, open);
    if (value != nullptr) {
      dict->items = {key, value};
      if (!eat_op(",")) {
        expect_op("}");
        return dict;
      }
    }
    while (!at_op("}")) {
      if (eat_op("**")) {
        dict->items.push_back(nullptr);
        dict->items.push_back(bitwise_or());
      } else {
        dict->items.push_back(expression());
        expect_op(":");
        dict->items.push_back(expression());
      }
      if (!eat_op(",")) break;
    }
    expect_op("}");
    return dict;
  }

  // Adjacent string literals, concatenated: a Constant, or a JoinedStr when
  // one of them is an f-string.
  Expr* strings() {
    const Token& first = peek();
    StringParts parts;
    while (at(TokenKind::kString)) {
      const Token& t = take();
      if (auto error = read_string_literal(
              t, parts,
              [this](const Token& at, std::string_view text) { return f_expression(at, text); })) {
        throw ParseFailure{*error};
      }
    }
    return parts.to_expr(m_, first);
  }

  // The expression of an f-string replacement field, parsed on its own (its
  // nodes take the position of the string).
  Expr* f_expression(const Token& at, std::string_view text) {
    const std::string wrapped = concat({"(", text, "\n)"});
    auto tokens = tokenize(wrapped);
    if (!tokens.ok()) fail_at(at, concat({"f-string: ", tokens.error().message}));
    for (Token& tok : *tokens) {
      tok.line = at.line;
      tok.column = at.column;
    }
    Parser inner(std::move(*tokens), m_);
    Expr* e = inner.lone_expression();
    if (e->kind == ExprKind::kStarred) fail_at(at, "f-string: can't use starred expression here");
    return e;
  }

  std::vector<Token> t_;
  size_t i_ = 0;
  Module& m_;
  int nesting_ = 0;  // Nesting guards alive
};

// Whether `e` nests deeper than `limit`, walked with an explicit stack: a
// chain (`a.b.c...`, `a + b + c ...`) nests without recursing in the parser,
// and every reader of the tree recurses on it.
bool too_deep(const Expr* e, size_t limit) {
  std::vector<std::pair<const Expr*, size_t>> stack = {{e, 1}};
  while (!stack.empty()) {
    auto [x, depth] = stack.back();
    stack.pop_back();
    if (x == nullptr) continue;
    if (depth > limit) return true;
    for (const Expr* item : x->items) stack.emplace_back(item, depth + 1);
  }
  return false;
}

// The first top-level expression of a statement (a target or a value) that
// nests too deep, or nullptr.
const Expr* too_deep(const Module& module, size_t limit) {
  std::vector<const Stmt*> statements(module.body.rbegin(), module.body.rend());
  while (!statements.empty()) {
    const Stmt* s = statements.back();
    statements.pop_back();
    for (const Expr* t : s->targets) {
      if (too_deep(t, limit)) return t;
    }
    if (s->value != nullptr && too_deep(s->value, limit)) return s->value;
    statements.insert(statements.end(), s->orelse.rbegin(), s->orelse.rend());
    statements.insert(statements.end(), s->body.rbegin(), s->body.rend());
  }
  return nullptr;
}

}  // namespace

Result<std::unique_ptr<Module>, Diagnostic> parse(std::string_view source) {
  auto tokens = tokenize(source);
  if (!tokens.ok()) return Unexpected{std::move(tokens.error())};
  auto module = std::make_unique<Module>();
  try {
    Parser parser(std::move(*tokens), *module);
    parser.module();
  } catch (const ParseFailure& f) {
    return Unexpected{f.diagnostic};
  }
  if (const Expr* deep = too_deep(*module, kMaxExpressionDepth)) {
    return Unexpected{make_error("Unsupported",
                                 "an expression nested more than " +
                                     std::to_string(kMaxExpressionDepth) +
                                     " deep is outside the Python subset gqleval reads",
                                 {deep->line, deep->column})};
  }
  return module;
}

}  // namespace gqleval::python_subset

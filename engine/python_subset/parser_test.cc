#include "engine/python_subset/parser.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/python_subset/dump.h"

namespace gqleval::python_subset {
namespace {

std::string tree(std::string_view source) {
  auto m = parse(source);
  if (!m.ok()) {
    return "error " + std::to_string(m.error().pos().line) + ":" +
           std::to_string(m.error().pos().column) + " " + m.error().rule + ": " + m.error().message;
  }
  return dump(**m);
}

TEST(PythonParser, AGraphQLRestBenchAnswer) {
  EXPECT_EQ(tree("response_obj = GET_me_player_currently_playing()\n"
                 "response_obj1 = GET_tracks__id_(id=response_obj.item.id)\n"
                 "DELETE_me_following(type=\"artist\", ids=response_obj1.artists[0].id)\n"),
            "(Assign ((Name response_obj)) (Call (Name GET_me_player_currently_playing) () ()))\n"
            "(Assign ((Name response_obj1)) (Call (Name GET_tracks__id_) () ((kw id (Attribute "
            "(Attribute (Name response_obj) item) id)))))\n"
            "(Expr (Call (Name DELETE_me_following) () ((kw type (Str \"artist\")) (kw ids "
            "(Attribute (Subscript (Attribute (Name response_obj1) artists) (Int 0)) id)))))\n");
}

TEST(PythonParser, ComprehensionsSlicesAndStrings) {
  EXPECT_EQ(tree("x = \",\".join([item.uri for item in r.tracks.items[:3] if item.uri])"),
            "(Assign ((Name x)) (Call (Attribute (Str \",\") join) ((ListComp (Attribute (Name "
            "item) uri) (comp (Name item) (Subscript (Attribute (Attribute (Name r) tracks) items) "
            "(Slice _ (Int 3) _)) ((Attribute (Name item) uri))))) ()))\n");
  EXPECT_EQ(tree("s = 'a' \"b\" r'\\n' f\"{x!r:>{w}} {{y}}\""),
            "(Assign ((Name s)) (JoinedStr (Str \"ab\\\\n\") (FormattedValue (Name x) r (JoinedStr "
            "(Str \">\") (FormattedValue (Name w) _ _))) (Str \" {y}\")))\n");
  EXPECT_EQ(tree("n = [1, 1.0, 1e16, 0x1F, 2j, 1_000, .5, True, None, ...]"),
            "(Assign ((Name n)) (List (Int 1) (Float 1.0) (Float 1e+16) (Int 31) (Imag 2.0) (Int "
            "1000) (Float 0.5) (True) (None) (Ellipsis)))\n");
}

TEST(PythonParser, BlocksAndPrecedence) {
  EXPECT_EQ(
      tree("for a, b in pairs:\n    if a == 1 and not b or c:\n        f(a)\n"
           "    elif a in x:\n        pass\n    else:\n        g(-a ** 2 + 3 * b)\n"),
      "(For (Tuple (Name a) (Name b)) (Name pairs) ((If (BoolOp or (BoolOp and (Compare "
      "(Name a) (== (Int 1))) (UnaryOp not (Name b))) (Name c)) ((Expr (Call (Name f) ((Name "
      "a)) ()))) ((If (Compare (Name a) (in (Name x))) ((Pass)) ((Expr (Call (Name g) ((BinOp "
      "+ (UnaryOp - (BinOp ** (Name a) (Int 2))) (BinOp * (Int 3) (Name b)))) ()))))))) ())\n");
}

TEST(PythonParser, OutsideTheSubsetOrInvalid) {
  EXPECT_EQ(tree("def f():\n    pass\n"),
            "error 1:1 Unsupported: 'def' is outside the Python subset gqleval reads");
  EXPECT_EQ(tree("x = lambda: 1"),
            "error 1:5 Unsupported: 'lambda' is outside the Python subset gqleval reads");
  EXPECT_EQ(tree("f(a=1, 2)"),
            "error 1:8 SyntaxError: positional argument follows keyword argument");
  EXPECT_EQ(tree("x = 'abc"), "error 1:5 SyntaxError: unterminated string literal");
  EXPECT_EQ(tree("f(x"), "error 1:2 SyntaxError: '(' was never closed");
  EXPECT_EQ(tree("if x:\n    a\n  b\n"),
            "error 3:3 IndentationError: unindent does not match any outer indentation level");
  EXPECT_EQ(tree("f() = 1"), "error 1:1 SyntaxError: cannot assign to expression");
}

// Nesting is bounded, so no input exhausts the stack (the calls fuzzer found
// `r = +++...+1` with 870 operators overflowing it).
TEST(PythonParser, DeepNestingIsAnErrorNotACrash) {
  EXPECT_EQ(tree("r = " + std::string(870, '+') + "1").substr(0, 32),
            "error 1:203 Unsupported: an expr");
  EXPECT_EQ(tree("r = " + std::string(300, '(') + "1" + std::string(300, ')')),
            "error 1:205 SyntaxError: too many nested parentheses");
  std::string chain = "r = a";
  for (int i = 0; i < 2000; ++i) chain += ".b";
  EXPECT_EQ(tree(chain).substr(0, 26), "error 1:5 Unsupported: an ");
  std::string sum = "r = 1";
  for (int i = 0; i < 3000; ++i) sum += " + 1";
  EXPECT_EQ(tree(sum).substr(0, 26), "error 1:5 Unsupported: an ");
  std::string blocks;
  for (int i = 0; i < 120; ++i) blocks += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  blocks += std::string(120, ' ') + "pass\n";
  EXPECT_EQ(tree(blocks), "error 102:102 IndentationError: too many levels of indentation");
  EXPECT_EQ(tree("r = " + std::string(150, '-') + "1").substr(0, 24), "(Assign ((Name r)) (Unar");
}

TEST(PythonFloatRepr, AsPythonPrintsFloats) {
  EXPECT_EQ(float_repr(1.0), "1.0");
  EXPECT_EQ(float_repr(0.1), "0.1");
  EXPECT_EQ(float_repr(1e16), "1e+16");
  EXPECT_EQ(float_repr(123456789012345.6), "123456789012345.6");
  EXPECT_EQ(float_repr(0.0001), "0.0001");
  EXPECT_EQ(float_repr(0.00001), "1e-05");
  EXPECT_EQ(float_repr(-2.5e-07), "-2.5e-07");
  EXPECT_EQ(float_repr(1.5e300), "1.5e+300");
}

}  // namespace
}  // namespace gqleval::python_subset

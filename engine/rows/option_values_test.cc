// Options as the bindings hand them over: set by the name each binding's
// users write, with one message for each fault, whichever binding it is.
#include "engine/rows/option_values.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/rows/file_run.h"
#include "engine/rows/row_options.h"

namespace gqleval::rows {
namespace {

using Type = OptionValue::Type;

OptionValue number(double n) {
  OptionValue v;
  v.type = Type::kNumber;
  v.number = n;
  v.type_name = "number";
  return v;
}

OptionValue text(std::string t, std::string type_name = "string") {
  OptionValue v;
  v.type = Type::kText;
  v.text = std::move(t);
  v.type_name = std::move(type_name);
  return v;
}

std::string error_of(RowOptions& o, std::string_view name, const OptionValue& v) {
  auto error = set_row_option(o, name, v);
  return error ? error->rule + ": " + error->message : "(set)";
}

TEST(OptionValues, EachBindingNamesTheOptionsItsOwnWay) {
  RowOptions py;
  py.names = OptionNames::keywords();
  EXPECT_EQ(error_of(py, "rule_set", text("none", "str")), "(set)");
  EXPECT_EQ(py.rule_set, "none");
  EXPECT_EQ(error_of(py, "ignore_typename", text("yes", "str")),
            "TypeError: ignore_typename must be a bool, not str");
  EXPECT_EQ(
      error_of(py, "ruleSet", text("none", "str"))
          .rfind("TypeError: unknown option 'ruleSet' (the options: delta, rules, rule_set, mode, ",
                 0),
      0u);

  RowOptions js;
  js.names = OptionNames::camel_case();
  EXPECT_EQ(error_of(js, "ignoreTypename", text("yes")),
            "TypeError: ignoreTypename must be a boolean, not string");
  EXPECT_EQ(error_of(js, "schemaCacheMb", number(3)), "(set)");
  EXPECT_EQ(js.schema_cache_mb, 3u);
}

TEST(OptionValues, NumbersAreWholeAndWithinTheirRange) {
  RowOptions o;
  o.names = OptionNames::camel_case();
  EXPECT_EQ(error_of(o, "delta", number(-1)),
            "RangeError: delta must be a whole number from 0 to 4294967295, not -1");
  EXPECT_EQ(error_of(o, "delta", number(1.5)),
            "RangeError: delta must be a whole number from 0 to 4294967295, not 1.5");
  EXPECT_EQ(error_of(o, "delta", number(4294967296.0)).rfind("RangeError: delta must be", 0), 0u);
  EXPECT_EQ(error_of(o, "delta", number(7)), "(set)");
  EXPECT_EQ(o.delta, 7u);
  EXPECT_EQ(error_of(o, "maxFieldBytes", number(9007199254740992.0)).rfind("RangeError", 0), 0u);
  auto threads = read_threads(number(0), o.names);
  ASSERT_FALSE(threads);
  EXPECT_EQ(threads.error().message, "threads must be a whole number from 1 to 4096, not 0");
  EXPECT_EQ(*read_threads(OptionValue{}, o.names), 0u);  // absent: every core
  EXPECT_EQ(*read_threads(number(4096), o.names), 4096u);
}

TEST(OptionValues, AbsentKeepsTheDefaultAndTheDefaultRuleSetIsNoRequest) {
  RowOptions o;
  o.names = OptionNames::keywords();
  EXPECT_EQ(error_of(o, "extract", OptionValue{}), "(set)");
  EXPECT_TRUE(o.extract);
  EXPECT_EQ(error_of(o, "rule_set", text("cycles,endpoints", "str")), "(set)");
  EXPECT_FALSE(o.rule_set);
  // ...so a subset engine, which refuses a rule set asked for, takes it.
  EXPECT_EQ(error_of(o, "mode", text("subset", "str")), "(set)");
  EXPECT_TRUE(check_options(o));
}

TEST(OptionValues, FileRunsTakeOneTextOrAList) {
  FileRunOptions f;
  f.scoring.names = OptionNames::camel_case();
  OptionValue list;
  list.type = Type::kTextList;
  list.texts = {"gt_query", "gt_query_2"};
  ASSERT_FALSE(set_file_option(f, "referenceCol", list));
  EXPECT_EQ(f.reference_col, list.texts);
  ASSERT_FALSE(set_file_option(f, "groupBy", text("database")));
  EXPECT_EQ(f.group_by, std::vector<std::string>{"database"});
  OptionValue mixed;
  mixed.type = Type::kOther;
  mixed.type_name = "an Array";
  EXPECT_EQ(set_file_option(f, "keepCol", mixed)->message,
            "keepCol must be a string or an Array of strings, not an Array");
  EXPECT_EQ(set_file_option(f, "threads", number(0))->rule, "RangeError");
  // An engine's options are a file run's too, set in its `scoring`.
  ASSERT_FALSE(set_file_option(f, "ruleSet", text("none")));
  EXPECT_EQ(f.scoring.rule_set, "none");
  EXPECT_EQ(
      set_file_option(f, "outDir", text("x"))
          ->message.rfind(
              "unknown option 'outDir' (the options: delta, rules, ruleSet, mode, answer, extract, "
              "ignoreTypename, variablesByName, strictSchema, operation, maxFieldBytes, "
              "schemaCacheMb, out, outFormat, ",
              0),
      0u);
}

}  // namespace
}  // namespace gqleval::rows

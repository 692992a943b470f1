// The AST the parser builds, production by production.
#include "engine/graphql/parser.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/base/arena.h"

namespace gqleval::graphql {
namespace {

using namespace ast;  // NOLINT(google-build-using-namespace)

class ParserTest : public ::testing::Test {
 protected:
  const Document& parse_ok(std::string_view source) {
    auto result = parse(source, arena_);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
    if (!result.ok()) std::abort();
    return **result;
  }
  // The only definition of a one-definition document.
  template <class T>
  const T& only(std::string_view source) {
    const Document& doc = parse_ok(source);
    EXPECT_EQ(doc.definitions.size(), 1u);
    return as<T>(*doc.definitions[0]);
  }
  const Field& field_of(const Selection& s) {
    EXPECT_EQ(s.kind, SelectionKind::kField);
    return as<Field>(s);
  }
  // The value of the first argument of the first field of `{ f(x: VALUE) }`.
  const Value& value_of(std::string_view value_text) {
    source_ = "{ f(x: " + std::string(value_text) + ") }";
    const auto& op = only<OperationDefinition>(source_);
    return *field_of(*op.selection_set->selections[0]).arguments[0]->value;
  }
  // The type of `$v` in `query ($v: TYPE) { a }`.
  const Type& type_of(std::string_view type_text) {
    source_ = "query ($v: " + std::string(type_text) + ") { a }";
    return *only<OperationDefinition>(source_).variables[0]->type;
  }

  Arena arena_;
  std::string source_;
};

void expect_loc(const Loc& loc, uint32_t line, uint32_t column, uint32_t offset) {
  EXPECT_EQ(loc.line, line);
  EXPECT_EQ(loc.column, column);
  EXPECT_EQ(loc.offset, offset);
}

TEST_F(ParserTest, ShorthandQuery) {
  const auto& op = only<OperationDefinition>("{ a }");
  EXPECT_EQ(op.kind, DefinitionKind::kOperation);
  EXPECT_EQ(op.operation, OperationType::kQuery);
  EXPECT_TRUE(op.shorthand);
  EXPECT_TRUE(op.name.empty());
  EXPECT_TRUE(op.variables.empty());
  EXPECT_TRUE(op.directives.empty());
  ASSERT_EQ(op.selection_set->selections.size(), 1u);
  EXPECT_EQ(field_of(*op.selection_set->selections[0]).name.value, "a");
  expect_loc(op.loc, 1, 1, 0);
  expect_loc(op.selection_set->loc, 1, 1, 0);
}

TEST_F(ParserTest, OperationTypesAndNames) {
  const Document& doc = parse_ok("query Q { a } mutation M { b } subscription S { c } query { d }");
  ASSERT_EQ(doc.definitions.size(), 4u);
  const OperationType kinds[] = {OperationType::kQuery, OperationType::kMutation,
                                 OperationType::kSubscription, OperationType::kQuery};
  const char* names[] = {"Q", "M", "S", ""};
  for (size_t i = 0; i < 4; ++i) {
    const auto& op = as<OperationDefinition>(*doc.definitions[i]);
    EXPECT_EQ(op.operation, kinds[i]);
    EXPECT_EQ(op.name.value, names[i]);
    EXPECT_FALSE(op.shorthand);
  }
  expect_loc(doc.definitions[1]->loc, 1, 15, 14);
  EXPECT_EQ(as<OperationDefinition>(*doc.definitions[1]).name.loc.column, 24u);
}

TEST_F(ParserTest, VariableDefinitions) {
  const auto& op = only<OperationDefinition>(
      "query Q($a: Int = 1 @d, $b: [String!]!, $c: In = {x: [ONE]}) @dir(x: $a) { f }");
  ASSERT_EQ(op.variables.size(), 3u);
  const VariableDefinition& a = *op.variables[0];
  EXPECT_EQ(a.variable.value, "a");
  expect_loc(a.loc, 1, 9, 8);
  expect_loc(a.variable.loc, 1, 10, 9);
  EXPECT_EQ(a.type->kind, TypeKind::kNamed);
  EXPECT_EQ(a.type->name.value, "Int");
  ASSERT_NE(a.default_value, nullptr);
  EXPECT_EQ(a.default_value->kind, ValueKind::kInt);
  EXPECT_EQ(a.default_value->text, "1");
  ASSERT_EQ(a.directives.size(), 1u);
  EXPECT_EQ(a.directives[0]->name.value, "d");
  const VariableDefinition& b = *op.variables[1];
  EXPECT_EQ(b.default_value, nullptr);
  EXPECT_EQ(b.type->kind, TypeKind::kNonNull);
  EXPECT_EQ(op.variables[2]->default_value->kind, ValueKind::kObject);
  ASSERT_EQ(op.directives.size(), 1u);
  EXPECT_EQ(op.directives[0]->arguments[0]->value->kind, ValueKind::kVariable);
  EXPECT_EQ(op.directives[0]->arguments[0]->value->text, "a");
}

// graphql-js 16.15.0: descriptions on operations, fragments and variable
// definitions; a node with one starts at it (positions from graphql-js's
// node.loc.start for the same source).
TEST_F(ParserTest, ExecutableDefinitionDescriptions) {
  const Document& doc = parse_ok(
      "\"\"\"op\n  doc\"\"\" query Q(\"v\" $v: Int, $w: Int) { a }\n\"f\" fragment F on T { a }");
  ASSERT_EQ(doc.definitions.size(), 2u);
  const auto& op = as<OperationDefinition>(*doc.definitions[0]);
  ASSERT_NE(op.description, nullptr);
  EXPECT_EQ(op.description->kind, ValueKind::kString);
  EXPECT_TRUE(op.description->block);
  EXPECT_EQ(op.description->text, "op\ndoc");
  expect_loc(op.loc, 1, 1, 0);
  expect_loc(op.description->loc, 1, 1, 0);
  EXPECT_EQ(op.name.value, "Q");
  ASSERT_EQ(op.variables.size(), 2u);
  const VariableDefinition& v = *op.variables[0];
  ASSERT_NE(v.description, nullptr);
  EXPECT_EQ(v.description->text, "v");
  EXPECT_FALSE(v.description->block);
  expect_loc(v.loc, 2, 18, 23);
  expect_loc(v.description->loc, 2, 18, 23);
  expect_loc(v.variable.loc, 2, 23, 28);
  EXPECT_EQ(op.variables[1]->description, nullptr);
  expect_loc(op.variables[1]->loc, 2, 31, 36);
  const auto& fragment = as<FragmentDefinition>(*doc.definitions[1]);
  ASSERT_NE(fragment.description, nullptr);
  EXPECT_EQ(fragment.description->text, "f");
  expect_loc(fragment.loc, 3, 1, 51);
  // Without a description the fields stay null.
  const auto& plain = only<OperationDefinition>("query { a }");
  EXPECT_EQ(plain.description, nullptr);
  EXPECT_EQ(only<FragmentDefinition>("fragment F on T { a }").description, nullptr);
}

TEST_F(ParserTest, FieldsWithAliasArgumentsDirectivesAndSelections) {
  const auto& op = only<OperationDefinition>(
      "{\n  alias: field(a: 1, b: \"s\") @skip(if: false) @other {\n    leaf\n  }\n  plain\n}");
  ASSERT_EQ(op.selection_set->selections.size(), 2u);
  const Field& f = field_of(*op.selection_set->selections[0]);
  EXPECT_EQ(f.alias.value, "alias");
  EXPECT_EQ(f.name.value, "field");
  EXPECT_EQ(f.response_key(), "alias");
  expect_loc(f.loc, 2, 3, 4);
  expect_loc(f.alias.loc, 2, 3, 4);
  expect_loc(f.name.loc, 2, 10, 11);
  ASSERT_EQ(f.arguments.size(), 2u);
  EXPECT_EQ(f.arguments[0]->name.value, "a");
  expect_loc(f.arguments[0]->loc, 2, 16, 17);
  EXPECT_EQ(f.arguments[1]->value->kind, ValueKind::kString);
  EXPECT_EQ(f.arguments[1]->value->text, "s");
  ASSERT_EQ(f.directives.size(), 2u);
  EXPECT_EQ(f.directives[0]->name.value, "skip");
  expect_loc(f.directives[0]->loc, 2, 30, 31);
  EXPECT_EQ(f.directives[1]->name.value, "other");
  EXPECT_TRUE(f.directives[1]->arguments.empty());
  ASSERT_NE(f.selection_set, nullptr);
  expect_loc(f.selection_set->loc, 2, 54, 55);
  EXPECT_EQ(field_of(*f.selection_set->selections[0]).name.value, "leaf");
  expect_loc(f.selection_set->selections[0]->loc, 3, 5, 61);
  const Field& plain = field_of(*op.selection_set->selections[1]);
  EXPECT_TRUE(plain.alias.empty());
  EXPECT_EQ(plain.response_key(), "plain");
  EXPECT_EQ(plain.selection_set, nullptr);
}

TEST_F(ParserTest, FragmentsSpreadsAndInlineFragments) {
  const Document& doc = parse_ok(
      "{ ...F @d ... on T @e { a } ... @include(if: $x) { b } ... { c } }\n"
      "fragment F on T @f { d }");
  ASSERT_EQ(doc.definitions.size(), 2u);
  const auto& sels = as<OperationDefinition>(*doc.definitions[0]).selection_set->selections;
  ASSERT_EQ(sels.size(), 4u);
  ASSERT_EQ(sels[0]->kind, SelectionKind::kFragmentSpread);
  const auto& spread = as<FragmentSpread>(*sels[0]);
  EXPECT_EQ(spread.name.value, "F");
  EXPECT_EQ(spread.directives.size(), 1u);
  expect_loc(spread.loc, 1, 3, 2);
  ASSERT_EQ(sels[1]->kind, SelectionKind::kInlineFragment);
  const auto& typed = as<InlineFragment>(*sels[1]);
  EXPECT_EQ(typed.type_condition.value, "T");
  EXPECT_EQ(typed.directives[0]->name.value, "e");
  expect_loc(typed.loc, 1, 11, 10);
  const auto& untyped = as<InlineFragment>(*sels[2]);
  EXPECT_TRUE(untyped.type_condition.empty());
  EXPECT_EQ(untyped.directives[0]->name.value, "include");
  const auto& bare = as<InlineFragment>(*sels[3]);
  EXPECT_TRUE(bare.type_condition.empty());
  EXPECT_TRUE(bare.directives.empty());
  EXPECT_EQ(bare.selection_set->selections.size(), 1u);

  const auto& fragment = as<FragmentDefinition>(*doc.definitions[1]);
  EXPECT_EQ(fragment.kind, DefinitionKind::kFragment);
  EXPECT_EQ(fragment.name.value, "F");
  EXPECT_EQ(fragment.type_condition.value, "T");
  EXPECT_EQ(fragment.directives[0]->name.value, "f");
  expect_loc(fragment.loc, 2, 1, 67);
}

TEST_F(ParserTest, ScalarValues) {
  EXPECT_EQ(value_of("$var").kind, ValueKind::kVariable);
  EXPECT_EQ(value_of("$var").text, "var");
  EXPECT_EQ(value_of("-12").kind, ValueKind::kInt);
  EXPECT_EQ(value_of("-12").text, "-12");
  EXPECT_EQ(value_of("1.5e-3").kind, ValueKind::kFloat);
  EXPECT_EQ(value_of("1.5e-3").text, "1.5e-3");
  const Value& s = value_of("\"a\\nb\"");
  EXPECT_EQ(s.kind, ValueKind::kString);
  EXPECT_EQ(s.text, "a\nb");
  EXPECT_FALSE(s.block);
  const Value& block = value_of("\"\"\"\n    x\n      y\n  \"\"\"");
  EXPECT_EQ(block.kind, ValueKind::kString);
  EXPECT_TRUE(block.block);
  EXPECT_EQ(block.text, "x\n  y");
  EXPECT_EQ(value_of("true").kind, ValueKind::kBoolean);
  EXPECT_TRUE(value_of("true").boolean);
  EXPECT_FALSE(value_of("false").boolean);
  EXPECT_EQ(value_of("null").kind, ValueKind::kNull);
  EXPECT_EQ(value_of("RED").kind, ValueKind::kEnum);
  EXPECT_EQ(value_of("RED").text, "RED");
  expect_loc(value_of("RED").loc, 1, 8, 7);
  expect_loc(value_of("$v").loc, 1, 8, 7);
}

TEST_F(ParserTest, ListAndObjectValues) {
  const Value& list = value_of("[1, [2], {a: 3}, []]");
  ASSERT_EQ(list.kind, ValueKind::kList);
  ASSERT_EQ(list.list.size(), 4u);
  EXPECT_EQ(list.list[0]->text, "1");
  EXPECT_EQ(list.list[1]->kind, ValueKind::kList);
  EXPECT_EQ(list.list[1]->list[0]->text, "2");
  EXPECT_EQ(list.list[2]->kind, ValueKind::kObject);
  EXPECT_TRUE(list.list[3]->list.empty());
  const Value& object = value_of("{b: 1, a: {c: $v}, d: {}}");
  ASSERT_EQ(object.kind, ValueKind::kObject);
  ASSERT_EQ(object.fields.size(), 3u);  // source order
  EXPECT_EQ(object.fields[0]->name.value, "b");
  EXPECT_EQ(object.fields[1]->name.value, "a");
  expect_loc(object.fields[1]->loc, 1, 15, 14);
  EXPECT_EQ(object.fields[1]->value->fields[0]->value->kind, ValueKind::kVariable);
  EXPECT_TRUE(object.fields[2]->value->fields.empty());
}

TEST_F(ParserTest, TypeReferences) {
  const Type& named = type_of("Int");
  EXPECT_EQ(named.kind, TypeKind::kNamed);
  EXPECT_EQ(named.name.value, "Int");
  // [Int!]! is NonNull(List(NonNull(Named Int))).
  const Type& t = type_of("[Int!]!");
  ASSERT_EQ(t.kind, TypeKind::kNonNull);
  expect_loc(t.loc, 1, 12, 11);
  ASSERT_EQ(t.inner->kind, TypeKind::kList);
  expect_loc(t.inner->loc, 1, 12, 11);
  ASSERT_EQ(t.inner->inner->kind, TypeKind::kNonNull);
  ASSERT_EQ(t.inner->inner->inner->kind, TypeKind::kNamed);
  EXPECT_EQ(t.inner->inner->inner->name.value, "Int");
  expect_loc(t.inner->inner->inner->loc, 1, 13, 12);
}

TEST_F(ParserTest, SchemaDefinitionAndExtension) {
  const Document& doc = parse_ok(
      "\"\"\"The schema\"\"\" schema @d { query: Q mutation: M subscription: S }\n"
      "extend schema @e\nextend schema { query: Q2 }");
  const auto& schema = as<SchemaDefinition>(*doc.definitions[0]);
  EXPECT_EQ(schema.kind, DefinitionKind::kSchema);
  EXPECT_FALSE(schema.extension);
  ASSERT_NE(schema.description, nullptr);
  EXPECT_EQ(schema.description->text, "The schema");
  EXPECT_TRUE(schema.description->block);
  expect_loc(schema.loc, 1, 1, 0);  // the description starts the definition
  EXPECT_EQ(schema.directives.size(), 1u);
  ASSERT_EQ(schema.operation_types.size(), 3u);
  EXPECT_EQ(schema.operation_types[1]->operation, OperationType::kMutation);
  EXPECT_EQ(schema.operation_types[1]->type.value, "M");
  expect_loc(schema.operation_types[0]->loc, 1, 30, 29);
  const auto& ext1 = as<SchemaDefinition>(*doc.definitions[1]);
  EXPECT_TRUE(ext1.extension);
  EXPECT_EQ(ext1.directives.size(), 1u);
  EXPECT_TRUE(ext1.operation_types.empty());
  const auto& ext2 = as<SchemaDefinition>(*doc.definitions[2]);
  EXPECT_EQ(ext2.operation_types[0]->type.value, "Q2");
}

TEST_F(ParserTest, ScalarAndObjectTypes) {
  const Document& doc = parse_ok(
      "\"s\" scalar Date @specifiedBy(url: \"u\")\n"
      "type T implements & A & B @key(fields: \"id\") {\n"
      "  \"the id\" id: ID!\n"
      "  f(\"arg\" a: Int = 1 @d, b: [In!]): [T] @deprecated(reason: \"no\")\n"
      "}\n"
      "type Empty");
  const auto& scalar = as<TypeDefinition>(*doc.definitions[0]);
  EXPECT_EQ(scalar.kind, DefinitionKind::kScalar);
  EXPECT_EQ(scalar.description->text, "s");
  EXPECT_FALSE(scalar.description->block);
  EXPECT_EQ(scalar.name.value, "Date");
  EXPECT_EQ(scalar.directives[0]->name.value, "specifiedBy");
  const auto& object = as<TypeDefinition>(*doc.definitions[1]);
  EXPECT_EQ(object.kind, DefinitionKind::kObject);
  EXPECT_EQ(object.description, nullptr);
  ASSERT_EQ(object.interfaces.size(), 2u);
  EXPECT_EQ(object.interfaces[0]->value, "A");
  expect_loc(object.interfaces[0]->loc, 2, 21, 59);
  EXPECT_EQ(object.interfaces[1]->value, "B");
  ASSERT_EQ(object.fields.size(), 2u);
  const FieldDefinition& id = *object.fields[0];
  EXPECT_EQ(id.description->text, "the id");
  expect_loc(id.loc, 3, 3, 88);
  EXPECT_EQ(id.name.value, "id");
  EXPECT_EQ(id.type->kind, TypeKind::kNonNull);
  const FieldDefinition& f = *object.fields[1];
  ASSERT_EQ(f.arguments.size(), 2u);
  EXPECT_EQ(f.arguments[0]->description->text, "arg");
  EXPECT_EQ(f.arguments[0]->name.value, "a");
  EXPECT_EQ(f.arguments[0]->default_value->text, "1");
  EXPECT_EQ(f.arguments[0]->directives[0]->name.value, "d");
  EXPECT_EQ(f.arguments[1]->default_value, nullptr);
  EXPECT_EQ(f.type->kind, TypeKind::kList);
  EXPECT_EQ(f.directives[0]->name.value, "deprecated");
  const auto& empty = as<TypeDefinition>(*doc.definitions[2]);
  EXPECT_TRUE(empty.fields.empty());
}

TEST_F(ParserTest, InterfacesUnionsEnumsInputs) {
  const Document& doc = parse_ok(
      "interface Node implements Entity { id: ID! }\n"
      "union U @d = | A | B\n"
      "union V = C\n"
      "enum E { \"red\" RED @d GREEN }\n"
      "input I { a: Int = 1, \"b\" b: [I!] @d }");
  const auto& iface = as<TypeDefinition>(*doc.definitions[0]);
  EXPECT_EQ(iface.kind, DefinitionKind::kInterface);
  EXPECT_EQ(iface.interfaces[0]->value, "Entity");
  EXPECT_EQ(iface.fields[0]->name.value, "id");
  const auto& u = as<TypeDefinition>(*doc.definitions[1]);
  EXPECT_EQ(u.kind, DefinitionKind::kUnion);
  EXPECT_EQ(u.directives.size(), 1u);
  ASSERT_EQ(u.members.size(), 2u);
  EXPECT_EQ(u.members[0]->value, "A");
  EXPECT_EQ(u.members[1]->value, "B");
  EXPECT_EQ(as<TypeDefinition>(*doc.definitions[2]).members[0]->value, "C");
  const auto& e = as<TypeDefinition>(*doc.definitions[3]);
  EXPECT_EQ(e.kind, DefinitionKind::kEnum);
  ASSERT_EQ(e.values.size(), 2u);
  EXPECT_EQ(e.values[0]->description->text, "red");
  EXPECT_EQ(e.values[0]->name.value, "RED");
  expect_loc(e.values[0]->loc, 4, 10, 87);
  EXPECT_EQ(e.values[0]->directives.size(), 1u);
  EXPECT_EQ(e.values[1]->name.value, "GREEN");
  const auto& input = as<TypeDefinition>(*doc.definitions[4]);
  EXPECT_EQ(input.kind, DefinitionKind::kInputObject);
  ASSERT_EQ(input.input_fields.size(), 2u);
  EXPECT_EQ(input.input_fields[0]->default_value->text, "1");
  EXPECT_EQ(input.input_fields[1]->description->text, "b");
  EXPECT_EQ(input.input_fields[1]->directives.size(), 1u);
}

TEST_F(ParserTest, DirectiveDefinitions) {
  const Document& doc = parse_ok(
      "\"d\" directive @cache(ttl: Int = 60) repeatable on | FIELD | QUERY\n"
      "directive @plain on FIELD_DEFINITION");
  const auto& d = as<DirectiveDefinition>(*doc.definitions[0]);
  EXPECT_EQ(d.kind, DefinitionKind::kDirective);
  EXPECT_EQ(d.description->text, "d");
  EXPECT_EQ(d.name.value, "cache");
  ASSERT_EQ(d.arguments.size(), 1u);
  EXPECT_EQ(d.arguments[0]->default_value->text, "60");
  EXPECT_TRUE(d.repeatable);
  ASSERT_EQ(d.locations.size(), 2u);
  EXPECT_EQ(d.locations[0]->value, "FIELD");
  EXPECT_EQ(d.locations[1]->value, "QUERY");
  const auto& plain = as<DirectiveDefinition>(*doc.definitions[1]);
  EXPECT_FALSE(plain.repeatable);
  EXPECT_TRUE(plain.arguments.empty());
  EXPECT_EQ(plain.locations[0]->value, "FIELD_DEFINITION");
}

TEST_F(ParserTest, EveryDirectiveLocationIsAccepted) {
  parse_ok(
      "directive @d on QUERY | MUTATION | SUBSCRIPTION | FIELD | FRAGMENT_DEFINITION | "
      "FRAGMENT_SPREAD | INLINE_FRAGMENT | VARIABLE_DEFINITION | SCHEMA | SCALAR | OBJECT | "
      "FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | ENUM_VALUE | "
      "INPUT_OBJECT | INPUT_FIELD_DEFINITION");
}

TEST_F(ParserTest, TypeExtensions) {
  const Document& doc = parse_ok(
      "extend scalar S @d\n"
      "extend type T implements I\n"
      "extend type T @d\n"
      "extend type T { a: Int }\n"
      "extend interface I implements J\n"
      "extend union U = A\n"
      "extend enum E { X }\n"
      "extend input In @d");
  const DefinitionKind kinds[] = {DefinitionKind::kScalar,    DefinitionKind::kObject,
                                  DefinitionKind::kObject,    DefinitionKind::kObject,
                                  DefinitionKind::kInterface, DefinitionKind::kUnion,
                                  DefinitionKind::kEnum,      DefinitionKind::kInputObject};
  ASSERT_EQ(doc.definitions.size(), 8u);
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(doc.definitions[i]->kind, kinds[i]);
    EXPECT_TRUE(doc.definitions[i]->extension);
    EXPECT_EQ(doc.definitions[i]->loc.column, 1u);
    EXPECT_EQ(doc.definitions[i]->loc.line, i + 1);
  }
  EXPECT_EQ(as<TypeDefinition>(*doc.definitions[1]).interfaces[0]->value, "I");
  EXPECT_EQ(as<TypeDefinition>(*doc.definitions[3]).fields[0]->name.value, "a");
  EXPECT_EQ(as<TypeDefinition>(*doc.definitions[5]).members[0]->value, "A");
  EXPECT_EQ(as<TypeDefinition>(*doc.definitions[6]).values[0]->name.value, "X");
}

TEST_F(ParserTest, NamesAreViewsIntoTheSourceAndDecodedStringsLiveInTheArena) {
  std::string source = "{ field(a: \"x\\ty\", b: \"plain\") }";
  const auto& op = only<OperationDefinition>(source);
  const Field& f = field_of(*op.selection_set->selections[0]);
  EXPECT_EQ(f.name.value.data(), source.data() + 2);
  EXPECT_EQ(f.arguments[0]->value->text, "x\ty");
  EXPECT_TRUE(f.arguments[0]->value->text.data() < source.data() ||
              f.arguments[0]->value->text.data() >= source.data() + source.size());
  EXPECT_EQ(f.arguments[1]->value->text.data(), source.data() + 23);
  EXPECT_EQ(parse_ok(source).source.data(), source.data());
}

TEST_F(ParserTest, IgnoredTokensAnywhere) {
  const Document& doc = parse_ok("\xEF\xBB\xBF# leading comment\r\n{,a,,b # c\r d(x: [1,,2]) }");
  const auto& sels = as<OperationDefinition>(*doc.definitions[0]).selection_set->selections;
  ASSERT_EQ(sels.size(), 3u);
  expect_loc(sels[2]->loc, 3, 2, 34);  // the BOM is 3 bytes, 1 column
  EXPECT_EQ(field_of(*sels[2]).arguments[0]->value->list.size(), 2u);
}

TEST_F(ParserTest, KeywordsAreOrdinaryNamesElsewhere) {
  const auto& op = only<OperationDefinition>(
      "query query($on: on = on) { fragment: type(input: true) ... on on { on } ...query }");
  EXPECT_EQ(op.name.value, "query");
  EXPECT_EQ(op.variables[0]->variable.value, "on");
  EXPECT_EQ(op.variables[0]->default_value->kind, ValueKind::kEnum);
  const auto& sels = op.selection_set->selections;
  EXPECT_EQ(field_of(*sels[0]).alias.value, "fragment");
  EXPECT_EQ(as<InlineFragment>(*sels[1]).type_condition.value, "on");
  EXPECT_EQ(as<FragmentSpread>(*sels[2]).name.value, "query");
}

}  // namespace
}  // namespace gqleval::graphql

// Lookups by name: types, fields (with the meta fields), input fields, enum
// values, directives; written types to TypeRefs and back.
#include <deque>
#include <string>

#include <gtest/gtest.h>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/schema/schema.h"
#include "engine/schema/schema_test_util.h"

namespace gqleval::schema {
namespace {

using testing::kLibrarySdl;
using testing::must_build;

class SchemaLookupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    schema_ = must_build(kLibrarySdl);
    ASSERT_TRUE(schema_);
  }
  const Schema& s() const { return *schema_; }
  TypeId id(std::string_view name) const { return schema_->find_type(name); }

  // The TypeRef of a type written as in a variable definition.
  TypeRef written(std::string_view type) {
    std::string source = "query($v: " + std::string(type) + ") { a }";
    sources_.push_back(source);
    auto doc = graphql::parse(sources_.back(), arena_);
    EXPECT_TRUE(doc.ok());
    const auto& op = ast::as<ast::OperationDefinition>(*(*doc)->definitions[0]);
    return s().resolve(*op.variables[0]->type);
  }

  std::shared_ptr<const Schema> schema_;
  Arena arena_;
  std::deque<std::string> sources_;  // a deque never moves its strings
};

TEST_F(SchemaLookupTest, TypesByName) {
  EXPECT_EQ(s().type(id("Book")).name, "Book");
  EXPECT_EQ(s().type_named("Book"), &s().type(id("Book")));
  EXPECT_EQ(id("Nope"), kNone);
  EXPECT_EQ(s().type_named("Nope"), nullptr);
  EXPECT_EQ(id(""), kNone);
  EXPECT_EQ(id("book"), kNone);  // names are case-sensitive
  for (TypeId t = 0; t < s().type_count(); ++t) {
    EXPECT_EQ(id(s().type(t).name), t);
    EXPECT_EQ(s().type(t).id, t);
  }
}

TEST_F(SchemaLookupTest, FieldsByTypeAndName) {
  TypeId book = id("Book");
  FieldId title = s().find_field(book, "title");
  ASSERT_NE(title, kNone);
  EXPECT_EQ(s().field(title).name, "title");
  EXPECT_EQ(s().field(title).owner, book);
  EXPECT_EQ(s().field_named(book, "title"), &s().field(title));
  // The same name on another type is another field.
  FieldId movie_title = s().find_field(id("Movie"), "title");
  EXPECT_NE(movie_title, title);
  EXPECT_EQ(s().field(movie_title).owner, id("Movie"));
  // Interface fields.
  EXPECT_NE(s().find_field(id("Media"), "title"), kNone);
  // Misses.
  EXPECT_EQ(s().find_field(book, "minutes"), kNone);
  EXPECT_EQ(s().find_field(book, ""), kNone);
  EXPECT_EQ(s().field_named(book, "nope"), nullptr);
  EXPECT_EQ(s().find_field(id("SearchResult"), "title"), kNone);  // unions have no fields
  EXPECT_EQ(s().find_field(id("BookFilter"), "title"), kNone);    // input fields are not fields
  EXPECT_EQ(s().find_field(id("Unit"), "MIN"), kNone);
  EXPECT_EQ(s().find_field(kNone, "title"), kNone);
  // Every field is found under its owner.
  for (TypeId t = 0; t < s().type_count(); ++t) {
    for (FieldId f : s().type(t).fields) EXPECT_EQ(s().find_field(t, s().field(f).name), f);
  }
}

TEST_F(SchemaLookupTest, MetaFields) {
  FieldId typename_field = s().typename_field();
  for (std::string_view composite : {"Root", "Book", "Node", "SearchResult", "Mut"}) {
    EXPECT_EQ(s().find_field(id(composite), "__typename"), typename_field) << composite;
  }
  EXPECT_EQ(s().find_field(id("Unit"), "__typename"), kNone);
  EXPECT_EQ(s().find_field(kStringType, "__typename"), kNone);
  EXPECT_EQ(s().find_field(id("BookFilter"), "__typename"), kNone);
  const FieldDef& tn = s().field(typename_field);
  EXPECT_EQ(tn.name, "__typename");
  EXPECT_EQ(s().type_to_string(tn.type), "String!");
  EXPECT_EQ(tn.owner, kNone);
  EXPECT_EQ(tn.description, "The name of the current Object type at runtime.");

  // __schema and __type only on the query root.
  TypeId root = s().query_type();
  EXPECT_EQ(s().find_field(root, "__schema"), s().schema_field());
  EXPECT_EQ(s().find_field(root, "__type"), s().type_field());
  EXPECT_EQ(s().find_field(id("Book"), "__schema"), kNone);
  EXPECT_EQ(s().find_field(s().mutation_type(), "__type"), kNone);
  EXPECT_EQ(s().find_field(root, "__other"), kNone);
  EXPECT_EQ(s().type_to_string(s().field(s().schema_field()).type), "__Schema!");
  const FieldDef& type_field = s().field(s().type_field());
  EXPECT_EQ(s().type_to_string(type_field.type), "__Type");
  ASSERT_EQ(type_field.arguments.size(), 1u);
  EXPECT_EQ(type_field.arguments[0].name, "name");
  EXPECT_EQ(s().type_to_string(type_field.arguments[0].type), "String!");
  EXPECT_EQ(s().field_named(root, "__type"), &type_field);
}

TEST_F(SchemaLookupTest, InputFieldsAndEnumValues) {
  const InputValue* pages = s().input_field_named(id("BookFilter"), "pages");
  ASSERT_NE(pages, nullptr);
  EXPECT_EQ(pages->name, "pages");
  EXPECT_EQ(pages->type.named, kIntType);
  EXPECT_NE(s().input_field_named(id("BookFilter"), "author"), nullptr);  // from the extension
  EXPECT_EQ(s().input_field_named(id("BookFilter"), "nope"), nullptr);
  EXPECT_EQ(s().input_field_named(id("Book"), "title"), nullptr);  // not an input type
  const EnumValue* sec = s().enum_value_named(id("Unit"), "SEC");
  ASSERT_NE(sec, nullptr);
  EXPECT_TRUE(sec->deprecated);
  EXPECT_NE(s().enum_value_named(id("Unit"), "HOUR"), nullptr);
  EXPECT_EQ(s().enum_value_named(id("Unit"), "sec"), nullptr);
  EXPECT_EQ(s().enum_value_named(id("BookFilter"), "pages"), nullptr);
  EXPECT_NE(s().enum_value_named(id("__TypeKind"), "INPUT_OBJECT"), nullptr);
}

TEST_F(SchemaLookupTest, DirectiveLocations) {
  DirectiveLocation l;
  ASSERT_TRUE(directive_location_from_name("INPUT_FIELD_DEFINITION", &l));
  EXPECT_EQ(l, DirectiveLocation::kInputFieldDefinition);
  EXPECT_EQ(directive_location_name(l), "INPUT_FIELD_DEFINITION");
  EXPECT_EQ(directive_location_name(DirectiveLocation::kQuery), "QUERY");
  EXPECT_EQ(directive_location_name(DirectiveLocation::kVariableDefinition), "VARIABLE_DEFINITION");
  // graphql-js 16.14+ knows DIRECTIVE_DEFINITION; the names are case-sensitive.
  ASSERT_TRUE(directive_location_from_name("DIRECTIVE_DEFINITION", &l));
  EXPECT_EQ(l, DirectiveLocation::kDirectiveDefinition);
  EXPECT_EQ(directive_location_name(l), "DIRECTIVE_DEFINITION");
  EXPECT_FALSE(directive_location_from_name("directive_definition", &l));
  EXPECT_FALSE(directive_location_from_name("TYPE_DEFINITION", &l));
}

TEST_F(SchemaLookupTest, WrittenTypesToTypeRefsAndBack) {
  TypeRef t = written("[Int!]!");
  EXPECT_EQ(t, (TypeRef{kIntType, 1, 0b11}));
  EXPECT_EQ(s().type_to_string(t), "[Int!]!");
  EXPECT_TRUE(t.is_non_null());
  EXPECT_TRUE(t.is_list());
  EXPECT_EQ(t.nullable(), (TypeRef{kIntType, 1, 0b10}));
  EXPECT_EQ(t.nullable().item(), (TypeRef{kIntType, 0, 0b1}));
  EXPECT_EQ(s().type_to_string(t.nullable().item()), "Int!");
  EXPECT_EQ(written("Int"), (TypeRef{kIntType, 0, 0}));
  TypeRef nested = written("[[BookFilter]!]");
  EXPECT_EQ(nested, (TypeRef{id("BookFilter"), 2, 0b010}));
  EXPECT_EQ(s().type_to_string(nested), "[[BookFilter]!]");
  EXPECT_EQ(s().type_to_string(nested.item()), "[BookFilter]!");
  EXPECT_EQ(s().type_to_string(nested.item().nullable().item()), "BookFilter");
  EXPECT_EQ(written("Nope").named, kNone);
  EXPECT_EQ(written("[Nope!]").list_depth, 1u);
  // Lists nested deeper than a TypeRef can hold resolve to no type.
  EXPECT_EQ(written(std::string(15, '[') + "Int" + std::string(15, ']')).list_depth, 15u);
  EXPECT_EQ(written(std::string(16, '[') + "Int" + std::string(16, ']')).named, kNone);
}

}  // namespace
}  // namespace gqleval::schema

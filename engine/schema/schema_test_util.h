// Helpers shared by the schema tests: building a schema that must build, and
// the "library" schema that exercises every type kind and extension kind.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "engine/schema/schema.h"

namespace gqleval::schema::testing {

// Every type kind, every extension kind, interfaces implementing interfaces,
// arguments with defaults, deprecations, descriptions and a custom directive.
inline constexpr std::string_view kLibrarySdl = R"(schema { query: Root mutation: Mut }
"Anything with an id"
interface Node { id: ID! }
interface Media implements Node { id: ID! title: String }
type Book implements Media & Node { id: ID! title: String pages: Int }
type Movie implements Media & Node { id: ID! title: String minutes(unit: Unit = MIN): Int }
type Author implements Node {
  id: ID!
  name: String! @deprecated(reason: "use fullName")
  books(first: Int = 10, after: String): [Book!]!
}
union SearchResult = Book | Author
enum Unit { MIN SEC @deprecated }
input BookFilter { title: String pages: Int = 0 and: [BookFilter!] }
input Pick @oneOf { id: ID title: String }
scalar Url
directive @auth(role: String! = "user", level: Int!) repeatable
  on FIELD_DEFINITION | OBJECT | INTERFACE
type Root {
  node(id: ID!): Node
  search(text: String!, filter: BookFilter): [SearchResult]
  media: [Media]
  link: Url
}
type Mut { addBook(title: String!): Book }
type Sub { added: Book }
extend type Book { author: Author }
extend interface Node @auth(level: 1)
extend union SearchResult = Movie
extend enum Unit { HOUR }
extend input BookFilter { author: String }
extend scalar Url @specifiedBy(url: "https://url.spec.whatwg.org/")
extend schema { subscription: Sub }
)";

inline std::shared_ptr<const Schema> must_build(std::string_view sdl,
                                                const BuildOptions& options = {}) {
  auto built = Schema::build(sdl, options);
  if (!built.ok()) {
    std::string all;
    for (const Diagnostic& d : built.error()) all += format_diagnostic(d);
    ADD_FAILURE() << "schema did not build:\n" << all;
    return nullptr;
  }
  return *built;
}

}  // namespace gqleval::schema::testing

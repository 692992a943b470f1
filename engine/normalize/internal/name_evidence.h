// Name evidence (docs/semantics.md, Stage 3): what a schema's names must say before
// a rewrite rule is derived from it. Types alone never prove that two
// selections fetch the same data (`issue(id:)` and `attachmentIssue(id:)`
// share a signature and return different issues), so a derived rule needs
// the names to state the relation too:
//
//   inverse pair  A.f -> B and B.g -> A: f names B and g names A
//                 (`User.posts` and `Post.user`; not `Post.author`);
//   endpoints     a keyed lookup, one name being the other followed by `By`
//                 and its argument names in order (`usersById(id:)` and
//                 `users(id:)`; `user_by_email(email:)` and `user(email:)`),
//                 or StepZen's generated foreign-key lookups, a name being
//                 another's followed by `Using` and a constraint name ending
//                 in `_fkey`, or two such names on the same stem.
//
// Names are compared folded: case and underscores ignored. A type name also
// matches its English plural (`Post`: post, posts; `Category`: categories;
// `Address`: addresses; `Person`: people). Pure functions of the names; the
// structural conditions (types, arguments, uniqueness) are rewrites.cc's.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace gqleval::normalize {

// `name` in lower case without underscores.
std::string fold_name(std::string_view name);

// Whether the field name `field` names the type `type`: folded, the type's
// name or one of its plurals.
bool field_names_type(std::string_view field, std::string_view type);

// Whether `keyed` is `base` followed by `By` and the argument names in order
// (folded; `And` may separate the names): `usersByIdAndName` for
// `users(id:, name:)`.
bool is_keyed_lookup(std::string_view keyed, std::string_view base,
                     std::span<const std::string_view> arguments);

// Whether the two root field names are StepZen foreign-key lookups of one
// another: one is the other followed by `Using` (as StepZen writes it) and a
// name ending in `_fkey`, or both are one stem followed by `Using` and such a
// name. Stems compare folded.
bool are_foreign_key_lookups(std::string_view a, std::string_view b);

}  // namespace gqleval::normalize

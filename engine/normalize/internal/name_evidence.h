// Name evidence (docs/semantics.md, Stage 3): what a schema's names must say before
// a rewrite rule is derived from it. Types alone never prove that two
// selections fetch the same data (`issue(id:)` and `attachmentIssue(id:)`
// share a signature and return different issues), so a derived rule needs
// the names to state the relation too:
//
//   inverse pair  A.f (a way A -> B) and B.g (to-one, B -> A), one relation:
//                 - f names B and g names A (`User.posts` and `Post.user`;
//                   not `Post.author`), as hand-written, Keystone 6 and
//                   Prisma schemas name relation fields after the other model;
//                 - Hasura's default relationship names: a type is named after
//                   its table, often plural, the object relationship after the
//                   singular of the table it references and the array
//                   relationship after the plural (`datasets.runs` and
//                   `runs.dataset`), its `_aggregate` field being the same
//                   way; where that name is taken, the console adds `By` and
//                   the foreign-key columns (`authorByAuthorId`,
//                   `articlesByAuthorId`), evidence where both sides are
//                   keyed by the same columns;
//                 - PostGraphile's default inflector: `<B plural>By<columns>`
//                   on A and `<A>By<columns>` on B, the same columns on both
//                   sides (`User.postsByAuthorId`, `Post.userByAuthorId`;
//                   `...List` for simple collections); with the simplify
//                   inflector, the to-one field is named after its key column
//                   (`Post.author` for author_id, beside
//                   `User.postsByAuthorId`), the collection after the
//                   documented opposite of that name (`User.authoredPosts`),
//                   with `List` or `Connection` appended where configured;
//   endpoints     a keyed lookup, one name being the other followed by `By`
//                 and its argument names in order (`usersById(id:)` and
//                 `users(id:)`; `user_by_email(email:)` and `user(email:)`),
//                 or Hasura's primary-key lookup `<table>_by_pk` of the
//                 table's name or its singular (`runs_by_pk(id:)` and
//                 `runs(id:)` or `run(id:)`), or StepZen's generated
//                 foreign-key lookups, a name being another's followed by
//                 `Using` and a constraint name ending in `_fkey`, or two such
//                 names on the same stem.
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
// `users(id:, name:)`; or Hasura's primary-key lookup, a table's name followed
// by `_by_pk` (`ByPk` under graphql-default), where `base` is that table's name
// or its singular: `runs_by_pk` for `runs(id:)` and `run(id:)`, never for
// `dataset(id:)`. Either needs at least one argument.
bool is_keyed_lookup(std::string_view keyed, std::string_view base,
                     std::span<const std::string_view> arguments);

// Whether the names say that A.forward (a way from A to B) and B.back (to-one,
// B to A) are one relation seen from both sides: today's form (forward names
// B, back names A) or one of the generators' forms above. `Post.author` with
// `User.posts` says nothing; `User.postsByAuthorId` with `Post.userByEditorId`
// names two foreign keys.
bool names_inverse_pair(std::string_view a_type, std::string_view forward, std::string_view b_type,
                        std::string_view back);

// Negative evidence: names that say a way from A may reach Bs that are not
// A's own, so that no pair is derived from it (rewrites.cc).
//
// Whether `field`, a to-many way from `type` to itself, names the objects
// under it in a hierarchy: its children or descendants (`Category.children`,
// `Group.descendantGroups`, `Team.childTeams`), or `sub` and the type's name
// (`Initiative.subInitiatives`, `Group.subgroups`). Such a tree's
// collections often hold its descendants' objects as well as its own
// (Saleor's `Category.products`, GitLab's `Group.epics` by default). A
// commit's `parents` or `history` hold nothing under it.
bool names_hierarchy(std::string_view field, std::string_view type);

// Whether the argument name or type name `name` is the key of another object
// of `type`: the type's name followed by `Id` or `Ids`, folded
// (`Repository.packages(repositoryId:)`; GitLab's `incidentId: IssueID!` on an
// Issue field). A way with such an argument may reach another A's Bs.
bool names_key_of(std::string_view name, std::string_view type);

// Whether the two root field names are StepZen foreign-key lookups of one
// another: one is the other followed by `Using` (as StepZen writes it) and a
// name ending in `_fkey`, or both are one stem followed by `Using` and such a
// name. Stems compare folded.
bool are_foreign_key_lookups(std::string_view a, std::string_view b);

}  // namespace gqleval::normalize

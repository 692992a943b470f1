// The report `relay experimental-compare-document-ir` logs for a subset
// comparison (subset.h), byte for byte where Relay 21.0.1 is right, so that a
// grader that reads Relay's output can read gqleval's:
//
//   Subset test passed
// or
//   Found 2 missing selection(s):
//       3 │     id
//       4 │     name
//         │     ^^^^
//       5 │     email
//   * query -> user(id: 1) -> name
//   (a blank line)
//
// one code frame and one path line per missing subtree, in LEFT's order. The
// frame shows the LEFT document as Relay reformats it (graphql/relay_printer.h),
// one line around the line of the missing field's name, with `^` under that
// name; a missing operation kind points at the operation's name (the first
// character of the document when it has none). The path names each field by
// its schema name and its arguments as the LEFT document writes them (Relay's
// value text), and a leaf whose types are not all covered ends with
// ` on {Page, Group}` (schema order; Relay's order varies from run to run).
//
// The caller adds Relay's logger prefix (`[INFO] `) and final newline.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"
#include "engine/score/subset.h"

namespace gqleval::score {

// A whole comparison as Relay runs it: `result` is computed on the documents
// as given (its positions point there; invalid documents leave it invalid with
// its diagnostics), and, when both are valid, again on the documents as Relay
// reformats them, for `message` (Relay's report, code frames in the
// reformatted LEFT) and `paths` (Relay's path line of each missing subtree,
// in the order of result.missing).
struct RelaySubsetRun {
  SubsetResult result;
  std::string message;
  std::vector<std::string> paths;
};
RelaySubsetRun run_relay_subset(SubsetComparer& comparer, const schema::Schema& schema,
                                std::string_view left, std::string_view right,
                                const SubsetOptions& options = {});

// `left` is the reformatted LEFT document that `result` was computed on.
std::string relay_subset_message(const SubsetResult& result, const ast::Document& left,
                                 const schema::Schema& schema);

// Relay's code frame of the byte range [start, end) of `source` (its
// SourcePrinter with one line of context). Relay counts the range in bytes
// but walks it as characters, so with non-ASCII text before the range its
// carets move right; that is reproduced.
void append_relay_code_frame(std::string& out, std::string_view source, size_t start, size_t end);

}  // namespace gqleval::score

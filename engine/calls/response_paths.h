// Response paths (issue #15, "ours"): every access chain an answer reads from
// a response (program.h) must exist in the GraphQL type its function returns,
// the row's `GraphQL_schema` field `Query.<function>`: `.f` a field of the
// current object type, `[i]`, slices and iteration only on list types. A value
// of scalar type `JSON` is opaque: nothing below it is checked. Each invalid
// chain is reported once, at its first read, with the type where it failed:
//   GET_tracks__id_Root has no field "artist"; did you mean "artists"?
#pragma once

#include <string>
#include <vector>

#include "engine/base/diagnostic.h"
#include "engine/calls/program.h"
#include "engine/schema/schema.h"

namespace gqleval::calls {

struct InvalidPath {
  std::string path;  // path_text()
  SourcePos pos;     // of the step that failed
  std::string message;
};

std::vector<InvalidPath> check_paths(const Program& program, const schema::Schema& schema);

}  // namespace gqleval::calls

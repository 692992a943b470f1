// responses_match: the comparison of execute-and-match, as the RGEval paper
// describes it and as practitioners' scripts do it on parsed JSON responses.
//
// Two values match when they are equal as JSON with object member order
// ignored (objects: the same set of keys, each with matching values) and
// array order ignored, arrays being matched naively: for each item of A, the
// first still unused item of B that matches it (no hashing, no sorting), so a
// comparison of two arrays of n items costs O(n^2) item comparisons in the
// worst case. Numbers compare by value (1 matches 1.0).
//
// Keys are compared as written: an alias renames a response key, so a query
// that aliases a field never matches the same query without the alias. That is
// the known blind spot of the method, kept on purpose.
#pragma once

#include "bench/baseline/json_value.h"

namespace gqleval::baseline {

bool responses_match(const JsonValue& a, const JsonValue& b);

}  // namespace gqleval::baseline

// execute(): a small GraphQL executor over SyntheticData, standing in for the
// server that execute-and-match sends both queries to. It follows the spec's
// ExecuteRequest for a validated document and a chosen operation:
//
//   - variables: the row's JSON values, else the variable's default; a
//     required variable without a value is a request error (graphql-js's
//     message), and the response has "errors" and no "data";
//   - field collection: fragments (named and inline) expanded where their
//     type condition applies to the object's concrete type, @skip/@include
//     decided from literals or variables, fields merged by response key (the
//     alias, else the name), so aliases rename keys as on any server;
//   - resolution: a root field returns all objects of its type (of each
//     concrete type for an interface or union); any other field returns what
//     the object stores (synthetic_data.h); __typename the concrete type name;
//     __schema and __type are not served (null);
//   - arguments (with schema defaults) are honoured on object results:
//       first / limit / take / top: keep the first n;  last: keep the last n;
//       offset / skip / after (an Int): drop the first n;
//       filter / where (an input object): each member that names a field of
//         the item's type is a condition: a scalar means equality, an object
//         holds operators eq, ne/neq, gt, gte/ge, lt, lte/le, like (SQL % and _),
//         ilike, in, nin; other members (and/or/not, unknown operators) are ignored;
//       any other scalar or list argument: equality (a list: membership) on the
//         item field of the same name, else on the one field whose name ends in
//         "_" + the argument name (host_city_id for city_id), else, for an
//         id-like argument (name id or ending in id/Id/ID, or of type ID), on
//         the type's key field; otherwise it is ignored (orderBy, ...);
//     a singular result with conditions is the first object that passes them,
//     null when none does (real data often gives empty results); without
//     conditions it is the first object (root) or the stored one;
//   - completion: leaf values as stored (Int, Float, Boolean, String; ID and
//     custom scalars as strings), lists item by item, a null in a non-null
//     position propagates to the nearest nullable parent with a field error
//     ("Cannot return null for non-nullable field T.f.", with its path).
// Mutations and subscriptions are resolved like queries, without side effects.
//
// A guard, as real servers have depth and complexity limits: a response of more
// than max_values values stops execution with a request error (no "data"), so
// that a query whose nested lists multiply cannot stall a batch run.
//
// The response is {"data": ...}, with "errors" first when there are any, as
// graphql-js orders an ExecutionResult. Costs: proportional to the size of the
// response (objects x selected fields), plus a scan of the candidate objects of
// each root or filtered field; allocates the response tree on the heap.
#pragma once

#include <cstdint>

#include "bench/baseline/json_value.h"
#include "bench/baseline/synthetic_data.h"
#include "engine/graphql/ast.h"
#include "engine/schema/schema.h"

namespace gqleval::baseline {

struct ExecuteOptions {
  uint64_t max_values = 1'000'000;
};

// `variables` is the row's JSON object of variable values (null: none).
// The document must be valid against the schema and `operation` one of its
// operations.
JsonValue execute(const schema::Schema& schema, const SyntheticData& data,
                  const ast::Document& document, const ast::OperationDefinition& operation,
                  const JsonValue& variables, const ExecuteOptions& options = {});

}  // namespace gqleval::baseline

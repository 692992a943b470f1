// The addon's Engine class: a rows::RowEngine (engine/rows/row_engine.h) made
// from checked options, with the calls index.js builds the package's API on.
// Every method returns the engine's JSON text (index.js parses it): the
// members of a result line as the CLI's serializers write them.
//
//   new Engine({delta, rules, ruleSet, mode, extract, ignoreTypename,
//               variablesByName, strictSchema, operation, maxFieldBytes,
//               schemaCacheMb})
//       (each optional, read and checked by the engine: option_reader.h; a
//       bad value throws RangeError, a wrong type or name TypeError); the
//       engine is the one rows::shared_engines() keeps for these options
//   engineFor(options) -> Engine: the same object for the same options while
//       it is alive (so its last schema is kept between calls)
//   .score(schema, reference | reference[], candidate, variables, required,
//          excluded) -> string (required, excluded: a coverage row's lists as
//          JSON text, or null)
//   .scoreSameSchema(reference | reference[], candidate, variables, required,
//                    excluded) -> string
//       (the schema of the last score(): index.js calls it when a caller
//       gives the same schema again, which is then neither copied nor
//       looked up)
//   .validate(schema, query) -> string
//   .derivedRules(schema) -> string (a rules file); Error if it does not build
//   .scoreChunk(columns, first, count, threads) -> Promise<string>
//       (score_chunk.h)
#pragma once

#include <node_api.h>

#include <memory>
#include <string>

#include "engine/rows/row_engine.h"

namespace gqleval::js {

// What a JavaScript Engine object holds. The engine is shared with the
// chunks in flight, which keep it alive if the object is collected first.
struct EngineBox {
  std::shared_ptr<rows::RowEngine> engine;
  std::string schema;       // the schema of the last score()
  bool has_schema = false;  // whether `schema` is one
  std::string cells;        // the other cells of the call in progress (JavaScript thread)
  std::string out;
};

// The Engine class and engineFor(), for the module's exports; nullptr
// (thrown) on failure. define_engine_class() comes first: it sets up the
// environment's data that engineFor() reads.
napi_value define_engine_class(napi_env env);
napi_value define_engine_for(napi_env env);

}  // namespace gqleval::js

// Engine.scoreChunk(columns, first, count, threads): rows [first, first +
// count) of a batch, scored on the batch engine's threads off the JavaScript
// thread (a Node-API async work item, whose pool thread runs a oneTBB arena
// of `threads` threads, undefined: every core, as rows::read_threads reads
// it). Resolves to the JSON text of an array of the rows' results in row
// order (rows::append_results_array), each an object with the members of a
// score result line, led by `"id"` where the row has one; a row that repeats
// an earlier row of the chunk (every cell) is scored once and its text
// copied, so that each row still parses to an object of its own. A row the
// engine refuses (rows::check_table: no reference) throws a RangeError
// before the work is queued.
//
// columns (index.js builds them from the rows and checks them first):
//   schemas          the distinct schema texts
//   schemaIndex      Uint32Array, row -> schemas[k]; null: schemas[0] for all
//   references       every row's references, flat, in row order
//   referenceBegin   Uint32Array of rows + 1: row i's references are
//                    references[referenceBegin[i], referenceBegin[i + 1])
//   candidates       one per row
//   variables        one per row (JSON text or null), or null: none
//   ids              one per row (a string, a number or null), or null: none
//   required         one per row (a coverage row's list as JSON text), or null
//   excluded         one per row (JSON text or null), or null: none
// Cells are strings, or null or undefined for an empty cell. The cells are
// copied (as UTF-8) before the call returns.
#pragma once

#include <node_api.h>

#include <array>
#include <memory>

#include "engine/rows/row_engine.h"

namespace gqleval::js {

// `argv` is (columns, first, count, threads); returns the Promise, or
// nullptr with a TypeError or RangeError thrown.
napi_value start_score_chunk(napi_env env, const std::shared_ptr<rows::RowEngine>& engine,
                             const std::array<napi_value, 4>& argv);

}  // namespace gqleval::js

// scoreFile(path, options): `gqleval score PATH` (engine/rows/file_run.h)
// off the JavaScript thread (a Node-API async work item). The options are
// the command's flags in camelCase (out, outFormat, format, schema,
// schemaCol, schemaPathCol, referenceCol, candidateCol, idCol, variablesCol,
// groupBy, keepCol, mode, delta, rules, ruleSet, extract, ignoreTypename,
// variablesByName, strictSchema, operation, threads, failUnder,
// summaryFormat, task, resume), read and checked by the engine before the
// work starts (a bad one throws TypeError or RangeError). Resolves to the
// JSON text `{"summary":SUMMARY,"gatesMet":BOOL}`, the summary as --summary
// writes it; rejects with an Error whose `code` is "IO" for a file that
// cannot be read or written, else "Usage".
#pragma once

#include <node_api.h>

namespace gqleval::js {

// The function, for the module's exports; nullptr (thrown) on failure.
napi_value define_score_file(napi_env env);

}  // namespace gqleval::js

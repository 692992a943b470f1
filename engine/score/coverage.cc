#include "engine/score/coverage.h"

#include <simdjson.h>

#include <algorithm>
#include <tuple>
#include <utility>

#include "engine/base/arena.h"
#include "engine/base/concat.h"
#include "engine/score/coordinates.h"
#include "engine/score/internal/traversal.h"
#include "engine/score/query_front_end.h"
#include "engine/validate/document_check.h"

namespace gqleval::score {
namespace {

std::string position_text(SourcePos p) {
  return concat({std::to_string(p.line), ":", std::to_string(p.column)});
}

// Whether a selection on `on` reaches what a coordinate on `type` names: the
// same type, an interface `type` implements, or an implementation of the
// interface `type`.
bool related(const schema::Schema& schema, schema::TypeId on, schema::TypeId type) {
  return on == type || schema.is_sub_type(on, type) || schema.is_sub_type(type, on);
}

bool satisfiable(const schema::Schema& schema, const Coordinate& c) {
  const schema::TypeKind kind = schema.type(c.type).kind;
  return !c.field.empty() || kind == schema::TypeKind::kObject ||
         kind == schema::TypeKind::kInterface;
}

// Whether the traversal covers `c`; where it does not, the nearest place it
// came in `missing`.
bool covers(const schema::Schema& schema, const Traversal& t, const Coordinate& c,
            MissingCoordinate* missing) {
  const Traversal::Step* near_field = nullptr;
  const Traversal::Step* near_type = nullptr;
  for (const Traversal::Step& step : t.steps()) {
    if (!related(schema, step.on, c.type)) continue;
    if (c.field.empty()) return true;
    if (near_type == nullptr) near_type = &step;
    if (step.field != c.field) continue;
    if (c.argument.empty()) return true;
    const auto args = t.arguments(step);
    if (std::find(args.begin(), args.end(), c.argument) != args.end()) return true;
    if (near_field == nullptr) near_field = &step;
  }
  if (missing == nullptr) return false;
  missing->coordinate = c.text.empty() ? coordinate_text(schema, c) : c.text;
  const schema::TypeDef& type = schema.type(c.type);
  if (near_field != nullptr) {
    missing->nearest = concat(
        {type.name, ".", c.field, " at ", position_text(near_field->pos), " without ", c.argument});
    missing->pos = near_field->pos;
    missing->operation = static_cast<int32_t>(near_field->operation);
  } else if (near_type != nullptr) {
    missing->nearest =
        concat({type.name, " at ", position_text(near_type->pos), " (", near_type->field, ")"});
    missing->pos = near_type->pos;
    missing->operation = static_cast<int32_t>(near_type->operation);
  }
  return false;
}

}  // namespace

std::string_view coverage_verdict_name(CoverageVerdict verdict) {
  switch (verdict) {
    case CoverageVerdict::kCovered: return "covered";
    case CoverageVerdict::kNotCovered: return "not_covered";
    case CoverageVerdict::kNoQuery: return "no_query";
    case CoverageVerdict::kInvalidCandidate: return "invalid_candidate";
    case CoverageVerdict::kInvalidReference: return "invalid_reference";
    case CoverageVerdict::kInvalidSchema: return "invalid_schema";
  }
  return "invalid_candidate";
}

CoverageRow coverage_schema_failure(const Diagnostics& schema_errors) {
  CoverageRow row;
  row.verdict = CoverageVerdict::kInvalidSchema;
  for (const Diagnostic& d : schema_errors) row.errors.push_back({"schema", -1, d});
  return row;
}

struct CoverageGrader::Impl {
  Arena arena{size_t{16} * 1024};
  QueryFrontEnd front_end;
  validate::Validator validator;
  Traversal traversal;
  simdjson::dom::parser json;
  std::vector<std::string> texts;  // an answer's query texts
  std::vector<Coordinate> required;
  std::vector<Coordinate> excluded;

  // The coordinates of a list; an entry that is none is an error of `list`.
  void resolve(const schema::Schema& schema, std::span<const std::string> entries,
               std::string_view list, std::vector<Coordinate>& out, CoverageRow& row) {
    out.clear();
    for (size_t k = 0; k < entries.size(); ++k) {
      auto c = resolve_coordinate(schema, entries[k]);
      if (!c) {
        row.errors.push_back({list, static_cast<int32_t>(k), std::move(c.error())});
      } else {
        out.push_back(std::move(*c));
      }
    }
  }

  bool split_answer(std::string_view candidate, bool all, CoverageRow& row);
  bool derive(const schema::Schema& schema, std::string_view query, const CoverageOptions& options,
              std::vector<Coordinate>& out, std::vector<CoverageError>& errors);
  void read_text(const schema::Schema& schema, std::string_view text, QueryRole role,
                 const CoverageOptions& options, CoverageRow& row, bool& found);
  void add_document(const schema::Schema& schema, const validate::DocumentCheck& check,
                    const PositionMap& map, std::string_view role, CoverageRow& row);
};

CoverageGrader::CoverageGrader() : impl_(std::make_unique<Impl>()) {}
CoverageGrader::~CoverageGrader() = default;

// The answer's query texts: a JSON array of strings (with all operations),
// else the cell itself. False with the reason for an array that is not one.
bool CoverageGrader::Impl::split_answer(std::string_view candidate, bool all, CoverageRow& row) {
  texts.clear();
  size_t start = candidate.find_first_not_of(" \t\r\n");
  if (!all || start == std::string_view::npos || candidate[start] != '[') {
    texts.emplace_back(candidate);
    return true;
  }
  simdjson::dom::array array;
  if (json.parse(candidate.data(), candidate.size()).get_array().get(array) != simdjson::SUCCESS) {
    row.errors.push_back({"candidate", -1,
                          make_error("InvalidAnswer",
                                     "the answer is neither a query nor a JSON array of query "
                                     "texts")});
    return false;
  }
  for (simdjson::dom::element item : array) {
    std::string_view text;
    if (item.get_string().get(text) != simdjson::SUCCESS) {
      row.errors.push_back(
          {"candidate", static_cast<int32_t>(texts.size()),
           make_error("InvalidAnswer", concat({"entry ", std::to_string(texts.size()),
                                               " of the answer's array is not a string"}))});
      return false;
    }
    texts.emplace_back(text);
  }
  return true;
}

// Adds the operations of a checked document: with one picked, that one; else
// each operation the diagnostics leave valid (an error inside an operation
// marks it; one elsewhere, in a fragment or the whole document, all).
void CoverageGrader::Impl::add_document(const schema::Schema& schema,
                                        const validate::DocumentCheck& check,
                                        const PositionMap& map, std::string_view role,
                                        CoverageRow& row) {
  std::vector<const ast::OperationDefinition*> ops;
  std::vector<SourcePos> ends;  // where the definition after each operation starts
  const auto& defs = check.document->definitions;
  for (size_t k = 0; k < defs.size(); ++k) {
    if (defs[k]->kind != ast::DefinitionKind::kOperation) continue;
    ops.push_back(&ast::as<ast::OperationDefinition>(*defs[k]));
    ends.push_back(k + 1 < defs.size() ? defs[k + 1]->loc.pos() : SourcePos{UINT32_MAX, 0});
  }
  const auto before = [](SourcePos a, SourcePos b) {
    return a.line < b.line || (a.line == b.line && a.column < b.column);
  };
  for (size_t k = 0; k < ops.size(); ++k) {
    const auto index = static_cast<int32_t>(row.operations++);
    bool valid = true;
    for (const Diagnostic& d : check.diagnostics) {
      if (d.severity != Severity::kError) continue;
      const SourcePos at = d.locations.empty() ? SourcePos{} : d.locations.front();
      const bool inside = !before(at, ops[k]->loc.pos()) && before(at, ends[k]);
      bool elsewhere = true;
      for (size_t j = 0; j < ops.size() && elsewhere; ++j) {
        elsewhere = before(at, ops[j]->loc.pos()) || !before(at, ends[j]);
      }
      if (!inside && !elsewhere) continue;
      valid = false;
      Diagnostic mapped = d;
      for (SourcePos& p : mapped.locations) p = map.apply(p);
      row.errors.push_back({role, index, std::move(mapped)});
    }
    if (!valid) {
      ++row.invalid_operations;
      continue;
    }
    traversal.add(schema, *check.document, *ops[k], static_cast<uint32_t>(index), map);
  }
}

void CoverageGrader::Impl::read_text(const schema::Schema& schema, std::string_view text,
                                     QueryRole role, const CoverageOptions& options,
                                     CoverageRow& row, bool& found) {
  std::vector<QueryDiagnostic> errors;
  const std::string_view name = role == QueryRole::kReference ? "reference" : "candidate";
  const bool extract = role == QueryRole::kCandidate && options.extract;
  FrontEndQuery q = front_end.find(text, role, 0, extract, arena, errors);
  if (q.state == QueryState::kNoQuery) return;
  found = true;
  if (!options.all_operations || role == QueryRole::kReference) {
    front_end.check(q, role, 0, schema, options.operation_name, arena, errors);
    const auto index = static_cast<int32_t>(row.operations++);
    if (q.state == QueryState::kOk) {
      traversal.add(schema, *q.document, *q.operation, static_cast<uint32_t>(index), q.map);
    } else {
      ++row.invalid_operations;
    }
    for (QueryDiagnostic& e : errors) row.errors.push_back({name, index, std::move(e.diagnostic)});
    return;
  }
  const validate::DocumentCheck check =
      validate::check_document(validator, schema, q.query, validate::ValidateOptions{}, {},
                               validate::OperationName::kWhenSeveral, arena);
  if (check.document == nullptr) {  // a syntax error: the whole text is invalid
    const auto index = static_cast<int32_t>(row.operations++);
    ++row.invalid_operations;
    for (const Diagnostic& d : check.diagnostics) {
      Diagnostic mapped = d;
      for (SourcePos& p : mapped.locations) p = q.map.apply(p);
      row.errors.push_back({name, index, std::move(mapped)});
    }
    return;
  }
  add_document(schema, check, q.map, name, row);
}

// The coordinates `query` traverses, unique (texts left unwritten), into
// `out`; false with the errors when it is not valid.
bool CoverageGrader::Impl::derive(const schema::Schema& schema, std::string_view query,
                                  const CoverageOptions& options, std::vector<Coordinate>& out,
                                  std::vector<CoverageError>& errors) {
  arena.reset();
  traversal.clear();
  CoverageRow row;
  bool found = false;
  read_text(schema, query, QueryRole::kReference, options, row, found);
  if (row.invalid_operations != 0 || !found) {
    if (!found) {
      row.errors.push_back({"reference", -1, make_error("Extraction", "The reference is empty.")});
    }
    for (CoverageError& e : row.errors) errors.push_back(std::move(e));
    return false;
  }
  out.clear();
  for (const Traversal::Step& step : traversal.steps()) {
    Coordinate field;
    field.type = step.on;
    field.field = step.field;
    for (std::string_view a : traversal.arguments(step)) {
      Coordinate argument = field;
      argument.argument = a;
      out.push_back(std::move(argument));
    }
    out.push_back(std::move(field));
  }
  const auto key = [](const Coordinate& c) { return std::tie(c.type, c.field, c.argument); };
  std::sort(out.begin(), out.end(),
            [&](const Coordinate& a, const Coordinate& b) { return key(a) < key(b); });
  out.erase(std::unique(out.begin(), out.end(),
                        [&](const Coordinate& a, const Coordinate& b) { return key(a) == key(b); }),
            out.end());
  return true;
}

std::vector<std::string> CoverageGrader::derive(const schema::Schema& schema,
                                                std::string_view query,
                                                const CoverageOptions& options,
                                                std::vector<CoverageError>& errors) {
  std::vector<Coordinate> coordinates;
  std::vector<std::string> out;
  if (!impl_->derive(schema, query, options, coordinates, errors)) return out;
  for (const Coordinate& c : coordinates) out.push_back(coordinate_text(schema, c));
  std::sort(out.begin(), out.end());
  return out;
}

CoverageRow CoverageGrader::grade(const schema::Schema& schema, const CoverageTask& task,
                                  std::string_view candidate, const CoverageOptions& options) {
  Impl& m = *impl_;
  CoverageRow row;
  if (task.listed) {
    m.resolve(schema, task.required, "required", m.required, row);
  } else {
    m.derive(schema, task.reference, options, m.required, row.errors);
  }
  std::vector<Coordinate> excluded;
  m.resolve(schema, task.excluded, "excluded", excluded, row);
  const bool bad_reference = !row.errors.empty();

  m.arena.reset();
  m.traversal.clear();
  bool found = false;
  if (m.split_answer(candidate, options.all_operations, row)) {
    for (const std::string& text : m.texts) {
      m.read_text(schema, text, QueryRole::kCandidate, options, row, found);
    }
  } else {  // the answer as a whole is unreadable: one invalid operation
    found = true;
    ++row.operations;
    ++row.invalid_operations;
  }
  if (bad_reference) {
    row.verdict = CoverageVerdict::kInvalidReference;
    return row;
  }
  if (!found) {
    row.verdict = CoverageVerdict::kNoQuery;
    row.errors.push_back(
        {"candidate", -1, make_error("Extraction", "No GraphQL query found in the candidate.")});
    return row;
  }
  if (row.operations == row.invalid_operations) {
    row.verdict = CoverageVerdict::kInvalidCandidate;
    return row;
  }
  for (const Coordinate& c : m.required) {
    if (!satisfiable(schema, c)) {
      row.unsatisfiable.push_back(c.text);  // listed: derived ones are fields
      continue;
    }
    ++row.required;
    MissingCoordinate missing;
    if (covers(schema, m.traversal, c, &missing)) {
      ++row.covered;
    } else {
      row.missing.push_back(std::move(missing));
    }
  }
  for (const Coordinate& c : excluded) {
    if (satisfiable(schema, c) && covers(schema, m.traversal, c, nullptr)) {
      row.over_selected.push_back(c.text);
    }
  }
  std::sort(row.missing.begin(), row.missing.end(),
            [](const MissingCoordinate& a, const MissingCoordinate& b) {
              return a.coordinate < b.coordinate;
            });
  std::sort(row.unsatisfiable.begin(), row.unsatisfiable.end());
  std::sort(row.over_selected.begin(), row.over_selected.end());
  row.recall = row.required == 0 ? 1.0 : static_cast<double>(row.covered) / row.required;
  row.verdict = row.missing.empty() ? CoverageVerdict::kCovered : CoverageVerdict::kNotCovered;
  return row;
}

}  // namespace gqleval::score

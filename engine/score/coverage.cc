#include "engine/score/coverage.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "engine/base/arena.h"
#include "engine/base/concat.h"
#include "engine/score/coordinates.h"
#include "engine/score/internal/answer_reader.h"
#include "engine/score/internal/traversal.h"
#include "engine/score/query_front_end.h"

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
  AnswerReader reader;
  Answer answer;
  Traversal traversal;
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

  bool derive(const schema::Schema& schema, std::string_view query, const CoverageOptions& options,
              std::vector<Coordinate>& out, std::vector<CoverageError>& errors);
  // Reads an answer (the reference: its one operation, never extracted) into
  // the traversal; its counts and errors, under `role`, into `row`.
  void read(const schema::Schema& schema, std::string_view text, QueryRole role,
            const CoverageOptions& options, CoverageRow& row);
};

CoverageGrader::CoverageGrader() : impl_(std::make_unique<Impl>()) {}
CoverageGrader::~CoverageGrader() = default;

void CoverageGrader::Impl::read(const schema::Schema& schema, std::string_view text, QueryRole role,
                                const CoverageOptions& options, CoverageRow& row) {
  const bool candidate = role == QueryRole::kCandidate;
  reader.read(schema, text, role, candidate && options.all_operations, candidate && options.extract,
              options.operation_name, arena, answer);
  for (const AnswerOperation& op : answer.valid) {
    traversal.add(schema, *op.document, *op.operation, op.index, op.map);
  }
  row.operations = answer.operations;
  row.invalid_operations = answer.invalid;
  for (AnswerError& e : answer.errors) {
    row.errors.push_back(
        {candidate ? "candidate" : "reference", e.operation, std::move(e.diagnostic)});
  }
}

// The coordinates `query` traverses, unique (texts left unwritten), into
// `out`; false with the errors when it is not valid.
bool CoverageGrader::Impl::derive(const schema::Schema& schema, std::string_view query,
                                  const CoverageOptions& options, std::vector<Coordinate>& out,
                                  std::vector<CoverageError>& errors) {
  arena.reset();
  traversal.clear();
  CoverageRow row;
  read(schema, query, QueryRole::kReference, options, row);
  if (row.invalid_operations != 0) {  // (a reference is read whole: never "not found")
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
  m.read(schema, candidate, QueryRole::kCandidate, options, row);
  if (bad_reference) {
    row.verdict = CoverageVerdict::kInvalidReference;
    return row;
  }
  if (!m.answer.found) {
    row.verdict = CoverageVerdict::kNoQuery;  // (the reader said why)
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

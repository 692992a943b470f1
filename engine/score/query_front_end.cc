#include "engine/score/query_front_end.h"

#include <utility>

#include "engine/score/internal/answer_tree.h"
#include "engine/validate/document_check.h"
#include "io/query_extract.h"

namespace gqleval::score {

std::string_view query_role_name(QueryRole role) {
  switch (role) {
    case QueryRole::kSchema: return "schema";
    case QueryRole::kReference: return "reference";
    case QueryRole::kCandidate: return "candidate";
  }
  return "unknown";
}

bool is_blank(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  for (char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ',') return false;
  }
  return true;
}

void add_mapped_error(std::vector<QueryDiagnostic>& errors, QueryRole role, uint32_t index,
                      Diagnostic d, const PositionMap& map) {
  errors.push_back({role, index, map.apply(std::move(d))});
}

FrontEndQuery QueryFrontEnd::read(std::string_view text, QueryRole role, uint32_t index,
                                  bool extract, const schema::Schema& schema,
                                  std::string_view operation_name, Arena& arena,
                                  std::vector<QueryDiagnostic>& errors) {
  FrontEndQuery q = find(text, role, index, extract, arena, errors);
  if (q.state == QueryState::kOk) check(q, role, index, schema, operation_name, arena, errors);
  return q;
}

FrontEndQuery QueryFrontEnd::find(std::string_view text, QueryRole role, uint32_t index,
                                  bool extract, Arena& arena,
                                  std::vector<QueryDiagnostic>& errors) {
  FrontEndQuery q;
  q.query = text;
  if (extract) {
    const io::Extraction e = io::extract_query(text, arena);
    if (!e.found) {
      errors.push_back({role, index,
                        make_error("Extraction", "No GraphQL query found in the " +
                                                     std::string(query_role_name(role)) + ".")});
      q.state = role == QueryRole::kCandidate ? QueryState::kNoQuery : QueryState::kInvalid;
      return q;
    }
    q.query = e.query;
    q.map.origin = io::position_in_text(text, e, SourcePos{1, 1});
  } else if (role == QueryRole::kCandidate && is_blank(text)) {
    errors.push_back({role, index, make_error("Extraction", "The candidate is empty.")});
    q.state = QueryState::kNoQuery;
    return q;
  }
  q.state = QueryState::kOk;
  return q;
}

void QueryFrontEnd::check(FrontEndQuery& q, QueryRole role, uint32_t index,
                          const schema::Schema& schema, std::string_view operation_name,
                          Arena& arena, std::vector<QueryDiagnostic>& errors) {
  q.state = QueryState::kInvalid;
  validate::DocumentCheck check =
      validate::check_document(validator_, schema, q.query, options_, operation_name,
                               validate::OperationName::kWhenSeveral, arena);
  if (check.operation == nullptr) {
    // A valid document without an operation to run reports only that.
    if (check.operation_error) {
      add_mapped_error(errors, role, index, std::move(*check.operation_error), q.map);
    } else {
      for (Diagnostic& d : check.diagnostics) {
        add_mapped_error(errors, role, index, std::move(d), q.map);
      }
    }
    return;
  }
  q.document = check.document;
  q.operation = check.operation;
  q.state = QueryState::kOk;
}

bool QueryFrontEnd::normalize(FrontEndQuery& q, QueryRole role, uint32_t index,
                              const schema::Schema& schema, const normalize::Rewrites* rewrites,
                              const normalize::NormalizeOptions& options, Arena& arena,
                              std::vector<QueryDiagnostic>& errors, normalize::NormalTree& tree) {
  auto normal = normalizer_.run(schema, *q.document, *q.operation, options, rewrites, arena);
  if (!normal) {
    add_mapped_error(errors, role, index, std::move(normal.error()), q.map);
    q.state = QueryState::kInvalid;
    return false;
  }
  tree = *normal;
  return true;
}

bool QueryFrontEnd::read_in_one_pass(const FrontEndQuery& q, const schema::Schema& schema,
                                     const normalize::Rewrites* rewrites,
                                     const normalize::NormalizeOptions& options, Arena& arena,
                                     normalize::NormalTree& tree) {
  // The certificate stands for the rules only when all of them run.
  if (q.state != QueryState::kOk || !options_.rules.empty() || !options_.certify_simple) {
    return false;
  }
  std::optional<normalize::NormalTree> normal =
      normalizer_.run_one_pass(schema, q.query, options, rewrites, arena);
  if (!normal) return false;
  tree = *normal;
  return true;
}

Result<normalize::NormalTree> QueryFrontEnd::normalize_operation(
    const schema::Schema& schema, const ast::Document& document,
    const ast::OperationDefinition& operation, const normalize::Rewrites* rewrites,
    const normalize::NormalizeOptions& options, Arena& arena) {
  return normalizer_.run(schema, document, operation, options, rewrites, arena);
}

bool QueryFrontEnd::read_normal(std::string_view text, QueryRole role, uint32_t index, bool extract,
                                const schema::Schema& schema, std::string_view operation_name,
                                const normalize::Rewrites* rewrites,
                                const normalize::NormalizeOptions& options, Arena& arena,
                                std::vector<QueryDiagnostic>& errors, FrontEndQuery& q,
                                normalize::NormalTree& tree) {
  q = read(text, role, index, extract, schema, operation_name, arena, errors);
  return q.state == QueryState::kOk &&
         normalize(q, role, index, schema, rewrites, options, arena, errors, tree);
}

bool read_answer_normal(std::string_view text, bool extract, const schema::Schema& schema,
                        const normalize::Rewrites* rewrites,
                        const normalize::NormalizeOptions& options, Arena& arena,
                        normalize::NormalTree& tree) {
  QueryFrontEnd front_end;
  AnswerTreeReader reader;
  AnswerTree answer;
  std::vector<QueryDiagnostic> ignored;
  AnswerTreeOptions o;
  o.extract = extract;
  o.normalize = options;
  o.rewrites = rewrites;
  reader.read(schema, text, o, front_end, arena, ignored, answer);
  if (answer.state != QueryState::kOk) return false;
  tree = answer.tree;
  return true;
}

}  // namespace gqleval::score

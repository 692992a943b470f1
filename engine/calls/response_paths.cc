#include "engine/calls/response_paths.h"

#include <set>
#include <string_view>

#include "engine/schema/suggestions.h"

namespace gqleval::calls {
namespace {

bool is_opaque(const schema::Schema& schema, schema::TypeRef t) {
  return schema.type(t.named).kind == schema::TypeKind::kScalar &&
         schema.type(t.named).name == "JSON";
}

// The message of the first step of `path` that the schema does not have, or
// empty; `failed` is that step's index.
std::string first_failure(const AccessPath& path, schema::TypeRef t, const schema::Schema& schema,
                          size_t* failed) {
  for (size_t i = 0; i < path.steps.size(); ++i) {
    const PathStep& step = path.steps[i];
    *failed = i;
    if (t.list_depth == 0 && is_opaque(schema, t)) return {};
    const std::string type_text = schema.type_to_string(t);
    if (step.kind != PathStep::Kind::kField) {
      if (!t.is_list()) {
        const char* what = step.kind == PathStep::Kind::kEach    ? "iterated over"
                           : step.kind == PathStep::Kind::kSlice ? "sliced"
                                                                 : "indexed";
        return type_text + " is not a list: it cannot be " + what;
      }
      if (step.kind != PathStep::Kind::kSlice) t = t.item();
      continue;
    }
    if (t.is_list()) return type_text + " is a list: it has no field \"" + step.name + "\"";
    const schema::TypeDef& td = schema.type(t.named);
    if (td.kind != schema::TypeKind::kObject && td.kind != schema::TypeKind::kInterface) {
      return type_text + " is a scalar: it has no field \"" + step.name + "\"";
    }
    const schema::FieldDef* f = schema.field_named(t.named, step.name);
    if (f == nullptr || f->owner == schema::kNone) {
      std::vector<std::string_view> names;
      for (schema::FieldId id : td.fields) names.push_back(schema.field(id).name);
      const auto suggestions = schema::suggestion_list(step.name, names);
      std::string message = std::string(td.name) + " has no field \"" + step.name + "\"";
      if (!suggestions.empty()) {
        message += "; did you mean ";
        for (size_t i = 0; i < suggestions.size() && i < 5; ++i) {
          if (i > 0) message += i + 1 == suggestions.size() || i == 4 ? " or " : ", ";
          message += '"';
          message += suggestions[i];
          message += '"';
        }
        message += "?";
      }
      return message;
    }
    t = f->type;
  }
  return {};
}

}  // namespace

std::vector<InvalidPath> check_paths(const Program& program, const schema::Schema& schema) {
  std::vector<InvalidPath> out;
  std::set<std::string> seen;
  const schema::TypeId query = schema.query_type();
  for (const AccessPath& path : program.paths) {
    const ApiCall& call = program.calls[path.call];
    const schema::FieldDef* root =
        query == schema::kNone ? nullptr : schema.field_named(query, call.function);
    if (root == nullptr) {
      if (seen.insert(call.function).second) {
        out.push_back({call.id(), call.pos, "the schema has no field Query." + call.function});
      }
      continue;
    }
    size_t failed = 0;
    std::string message = first_failure(path, root->type, schema, &failed);
    if (message.empty()) continue;
    // The chain up to the step that failed: reported once, however many
    // longer chains share it.
    AccessPath prefix = path;
    prefix.steps.resize(failed + 1);
    std::string text = path_text(call, prefix);
    if (!seen.insert(text).second) continue;
    out.push_back({std::move(text), path.steps[failed].pos, std::move(message)});
  }
  return out;
}

}  // namespace gqleval::calls

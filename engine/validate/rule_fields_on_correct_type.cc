// FieldsOnCorrectType: every field exists on its parent type. graphql-js:
// `Cannot query field "f" on type "T".` at the field, followed by
// suggestions: first the types to use an inline fragment on (for an abstract
// parent: the possible types and their interfaces that define the field, the
// most common first, super types before subtypes, then by name), else field
// names close to "f" (lexical distance).
#include <string>
#include <vector>

#include "engine/schema/suggestions.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class FieldsOnCorrectType : public Visitor {
 public:
  explicit FieldsOnCorrectType(ValidationContext& ctx) : ctx_(ctx), s_(ctx.schema) {}

  void enter_field(const ast::Field& f, const TypeInfo& ti) override {
    if (ti.parent_type == schema::kNone || ti.field != nullptr) return;
    std::string message = "Cannot query field \"" + std::string(f.name.value) + "\" on type \"" +
                          std::string(s_.type(ti.parent_type).name) + "\".";
    if (!ctx_.options.hide_suggestions) {
      std::vector<std::string_view> types = suggested_type_names(ti.parent_type, f.name.value);
      std::string suggestion = schema::did_you_mean(types, "to use an inline fragment on");
      if (suggestion.empty())
        suggestion = schema::did_you_mean(suggested_field_names(ti.parent_type, f.name.value));
      message += suggestion;
    }
    ctx_.report(std::move(message), {f.loc.pos()});
  }

 private:
  // A field the type itself declares (not a meta field).
  bool declares(schema::TypeId type, std::string_view name) const {
    return !name.starts_with("__") && s_.field_named(type, name) != nullptr;
  }

  std::vector<std::string_view> suggested_type_names(schema::TypeId type,
                                                     std::string_view field) const {
    if (!s_.is_abstract(type)) return {};
    struct Candidate {
      schema::TypeId id;
      int usage;
    };
    std::vector<Candidate> found;
    auto bump = [&](schema::TypeId id, bool first) {
      for (Candidate& c : found) {
        if (c.id == id) {
          if (!first) ++c.usage;
          return;
        }
      }
      found.push_back({id, 1});
    };
    for (schema::TypeId possible : s_.possible_types(type)) {
      if (!declares(possible, field)) continue;
      // graphql-js sets the object's count to 1 and counts each interface use.
      bump(possible, true);
      for (schema::TypeId iface : s_.type(possible).interfaces) {
        if (!declares(iface, field)) continue;
        bump(iface, false);
      }
    }
    auto before = [&](const Candidate& a, const Candidate& b) {  // graphql-js comparator < 0
      if (a.usage != b.usage) return a.usage > b.usage;
      const bool a_iface = s_.type(a.id).kind == schema::TypeKind::kInterface;
      const bool b_iface = s_.type(b.id).kind == schema::TypeKind::kInterface;
      if (a_iface && s_.is_sub_type(a.id, b.id)) return true;
      if (b_iface && s_.is_sub_type(b.id, a.id)) return false;
      return schema::natural_compare(s_.type(a.id).name, s_.type(b.id).name) < 0;
    };
    // Insertion sort: safe with a comparator that need not be a strict weak order.
    for (size_t i = 1; i < found.size(); ++i) {
      Candidate c = found[i];
      size_t j = i;
      while (j > 0 && before(c, found[j - 1])) {
        found[j] = found[j - 1];
        --j;
      }
      found[j] = c;
    }
    std::vector<std::string_view> names;
    for (const Candidate& c : found) names.push_back(s_.type(c.id).name);
    return names;
  }

  std::vector<std::string_view> suggested_field_names(schema::TypeId type,
                                                      std::string_view field) const {
    const schema::TypeDef& t = s_.type(type);
    if (t.kind != schema::TypeKind::kObject && t.kind != schema::TypeKind::kInterface) return {};
    std::vector<std::string_view> names;
    for (schema::FieldId id : t.fields) names.push_back(s_.field(id).name);
    return schema::suggestion_list(field, names);
  }

  ValidationContext& ctx_;
  const schema::Schema& s_;
};

}  // namespace

void rule_fields_on_correct_type(ValidationContext& ctx) {
  // The hook reports only fields the walk could not resolve: when there are
  // none (every valid document), the replay would do nothing.
  if (!ctx.walk_has_unknown_field()) return;
  FieldsOnCorrectType v(ctx);
  ctx.walk(v);
}

}  // namespace gqleval::validate

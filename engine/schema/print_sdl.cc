// Schema::print_sdl: graphql-js 16's printSchema(), line for line: the schema
// definition when the root types do not have the default names (or, as the
// spec asks, when a type has a default name but is not that root), the schema's
// own directive definitions, then every type that is not built in, in type
// order, separated by blank lines, without a trailing newline. Descriptions
// print as block strings where graphql-js would, defaults as default_value.h
// explains. Dialect fixes are visible (declared scalars, inherited fields,
// merged definitions); kept server directives are not printed, so graphql-js
// accepts the output.
#include <string>
#include <vector>

#include "engine/base/concat.h"
#include "engine/graphql/block_string.h"
#include "engine/graphql/printer.h"
#include "engine/schema/internal/default_value.h"
#include "engine/schema/internal/schema_diagnostics.h"
#include "engine/schema/internal/schema_impl.h"
#include "engine/schema/internal/type_relations.h"
#include "engine/schema/schema.h"

namespace gqleval::schema {
namespace {

constexpr std::string_view kDefaultDeprecationReason = "No longer supported";

// graphql-js printDescription: nothing when there is no description, and
// `""""""` for an empty one (graphql::append_description writes nothing for an
// empty text, so that case is spelled out here, with its blank line before it).
std::string description(Description text, std::string_view indentation = {},
                        bool first_in_block = true) {
  std::string out;
  if (!text) return out;
  if (!text->empty()) {
    graphql::append_description(out, *text, indentation, first_in_block);
    return out;
  }
  if (!indentation.empty() && !first_in_block) out.push_back('\n');
  return out.append(indentation).append(R"("""""")").append("\n");
}

std::string deprecated(bool is_deprecated, std::string_view reason) {
  if (!is_deprecated) return {};
  if (reason != kDefaultDeprecationReason) {
    return concat({" @deprecated(reason: ", graphql::print_string(reason), ")"});
  }
  return " @deprecated";
}

std::string block(const std::vector<std::string>& items) {
  if (items.empty()) return {};
  std::string out = " {\n";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out.push_back('\n');
    out += items[i];
  }
  return out + "\n}";
}

class SdlPrinter {
 public:
  explicit SdlPrinter(const Schema::Impl& s) : s_(s) {}

  std::string print() {
    std::vector<std::string> parts;
    if (std::string def = schema_definition(); !def.empty()) parts.push_back(std::move(def));
    for (const DirectiveDef& d : s_.directives) {
      if (!d.built_in && d.declared && !d.dialect_declared) parts.push_back(directive(d));
    }
    for (const TypeDef& t : s_.types) {
      if (!t.built_in) parts.push_back(type(t));
    }
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i > 0) out += "\n\n";
      out += parts[i];
    }
    return out;
  }

 private:
  std::string_view name(TypeId t) const { return s_.types[t].name; }

  std::string schema_definition() {
    static constexpr std::string_view kOps[3] = {"query", "mutation", "subscription"};
    static constexpr std::string_view kDefault[3] = {"Query", "Mutation", "Subscription"};
    // The definition may be left out when re-reading the text by the default names
    // gives the same roots. graphql-js 16 only checks the names of the roots it
    // has; like the spec (RFC graphql-spec#987) and graphql-js 17, we also keep
    // the definition when a type with a default name is not that root.
    bool common_names = true;
    for (int op = 0; op < 3; ++op) {
      TypeId root = s_.roots[op];
      TypeId named = s_.type_index.find(NameTable::kNoScope, kDefault[op]);
      if (root != kNone ? s_.types[root].name != kDefault[op] : named != kNone) {
        common_names = false;
      }
    }
    // An empty description keeps the definition, as graphql-js tests `== null`.
    if (!s_.schema_description && common_names) return {};
    std::string out = concat({description(s_.schema_description), "schema {\n"});
    bool first = true;
    for (int op = 0; op < 3; ++op) {
      if (s_.roots[op] == kNone) continue;
      if (!first) out.push_back('\n');
      out.append("  ").append(kOps[op]).append(": ").append(name(s_.roots[op]));
      first = false;
    }
    return out.append("\n}");
  }

  std::string input_value(const InputValue& v) {
    std::string out = concat({v.name, ": ", type_ref_string(s_, v.type)});
    if (v.default_value != nullptr) {
      if (std::optional<std::string> d = print_default_value(s_, v.type, *v.default_value)) {
        out.append(" = ").append(*d);
      }
    }
    return out.append(deprecated(v.deprecated, v.deprecation_reason));
  }

  std::string arguments(std::span<const InputValue> args, std::string_view indentation = {}) {
    if (args.empty()) return {};
    // graphql-js prints the arguments on one line when no description is
    // truthy in JavaScript: an empty one does not count (and is not printed).
    bool any_description = false;
    for (const InputValue& a : args) {
      any_description = any_description || (a.description && !a.description->empty());
    }
    std::string out = "(";
    if (!any_description) {
      for (size_t i = 0; i < args.size(); ++i) {
        if (i > 0) out += ", ";
        out += input_value(args[i]);
      }
      return out.append(")");
    }
    std::string inner = concat({"  ", indentation});
    out += "\n";
    for (size_t i = 0; i < args.size(); ++i) {
      if (i > 0) out += "\n";
      out += concat({description(args[i].description, inner, i == 0), inner, input_value(args[i])});
    }
    return out.append("\n").append(indentation).append(")");
  }

  std::string directive(const DirectiveDef& d) {
    std::string out = concat({description(d.description), "directive @", d.name,
                              arguments(d.arguments), d.repeatable ? " repeatable" : "", " on "});
    const ast::DirectiveDefinition* node = s_.directive_syntax[d.id].definition;
    for (size_t i = 0; node != nullptr && i < node->locations.size(); ++i) {
      if (i > 0) out += " | ";
      out.append(node->locations[i]->value);
    }
    return out;
  }

  std::string implements(const TypeDef& t) {
    if (t.interfaces.empty()) return {};
    std::string out = " implements ";
    for (size_t i = 0; i < t.interfaces.size(); ++i) {
      if (i > 0) out += " & ";
      out.append(name(t.interfaces[i]));
    }
    return out;
  }

  std::string fields(const TypeDef& t) {
    std::vector<std::string> items;
    for (size_t i = 0; i < t.fields.size(); ++i) {
      const FieldDef& f = s_.fields[t.fields[i]];
      items.push_back(concat({description(f.description, "  ", i == 0), "  ", f.name,
                              arguments(f.arguments, "  "), ": ", type_ref_string(s_, f.type),
                              deprecated(f.deprecated, f.deprecation_reason)}));
    }
    return block(items);
  }

  std::string type(const TypeDef& t) {
    std::string head = description(t.description);
    switch (t.kind) {
      case TypeKind::kScalar: {
        std::string out = concat({head, "scalar ", t.name});
        if (!t.specified_by_url.empty()) {
          out += concat({" @specifiedBy(url: ", graphql::print_string(t.specified_by_url), ")"});
        }
        return out;
      }
      case TypeKind::kObject: return concat({head, "type ", t.name, implements(t), fields(t)});
      case TypeKind::kInterface:
        return concat({head, "interface ", t.name, implements(t), fields(t)});
      case TypeKind::kUnion: {
        std::string out = concat({head, "union ", t.name});
        for (size_t i = 0; i < t.union_members.size(); ++i) {
          out.append(i == 0 ? " = " : " | ").append(name(t.union_members[i]));
        }
        return out;
      }
      case TypeKind::kEnum: {
        std::vector<std::string> items;
        for (size_t i = 0; i < t.enum_values.size(); ++i) {
          const EnumValue& v = t.enum_values[i];
          items.push_back(concat({description(v.description, "  ", i == 0), "  ", v.name,
                                  deprecated(v.deprecated, v.deprecation_reason)}));
        }
        return concat({head, "enum ", t.name, block(items)});
      }
      case TypeKind::kInputObject: {
        std::vector<std::string> items;
        for (size_t i = 0; i < t.input_fields.size(); ++i) {
          const InputValue& f = t.input_fields[i];
          items.push_back(concat({description(f.description, "  ", i == 0), "  ", input_value(f)}));
        }
        return concat({head, "input ", t.name, t.one_of ? " @oneOf" : "", block(items)});
      }
    }
    return head;
  }

  const Schema::Impl& s_;
};

}  // namespace

std::string Schema::print_sdl() const { return SdlPrinter(*impl_).print(); }

}  // namespace gqleval::schema

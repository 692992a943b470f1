#include "engine/graphql/printer.h"

#include <string_view>
#include <vector>

#include "engine/base/concat.h"
#include "engine/base/string_literal.h"
#include "engine/base/utf8.h"
#include "engine/graphql/block_string.h"

namespace gqleval::graphql {

namespace {

// The helpers of graphql-js's printer, with the same semantics: empty parts
// are skipped by join(), wrap() of an empty string is empty, and indent()
// indents every line, block-string lines included.
using Parts = std::vector<std::string>;

std::string join(const Parts& parts, std::string_view separator = {}) {
  std::string out;
  bool first = true;
  for (const std::string& p : parts) {
    if (p.empty()) continue;
    if (!first) out.append(separator);
    out.append(p);
    first = false;
  }
  return out;
}

std::string wrap(std::string_view start, const std::string& s, std::string_view end = {}) {
  if (s.empty()) return {};
  std::string out(start);
  out.append(s).append(end);
  return out;
}

std::string indent(const std::string& s) {
  if (s.empty()) return {};
  std::string out = "  ";
  for (char c : s) {
    out.push_back(c);
    if (c == '\n') out.append("  ");
  }
  return out;
}

std::string block(const Parts& items) { return wrap("{\n", indent(join(items, "\n")), "\n}"); }

bool has_multiline_items(const Parts& items) {
  for (const std::string& s : items) {
    if (s.find('\n') != std::string::npos) return true;
  }
  return false;
}

std::string print_value(const ast::Value& v);
std::string print_type(const ast::Type& t);
std::string print_selection_set(const ast::SelectionSet* s);

template <class T, class Fn>
Parts map(ast::List<T> items, Fn fn) {
  Parts out;
  out.reserve(items.size());
  for (const T* item : items) out.push_back(fn(*item));
  return out;
}

std::string name_of(const ast::Name& n) { return std::string(n.value); }

std::string print_description(const ast::Value* description) {
  return description ? print_value(*description) : std::string();
}

std::string print_argument(const ast::Argument& a) {
  return concat({a.name.value, ": ", print_value(*a.value)});
}

std::string print_directive(const ast::Directive& d) {
  return concat({"@", d.name.value, wrap("(", join(map(d.arguments, print_argument), ", "), ")")});
}

std::string print_directives(ast::List<ast::Directive> directives) {
  return join(map(directives, print_directive), " ");
}

std::string print_value(const ast::Value& v) {
  switch (v.kind) {
    case ast::ValueKind::kVariable: return concat({"$", v.text});
    case ast::ValueKind::kInt:
    case ast::ValueKind::kFloat:
    case ast::ValueKind::kEnum: return std::string(v.text);
    case ast::ValueKind::kString:
      return v.block ? print_block_string(v.text) : print_string(v.text);
    case ast::ValueKind::kBoolean: return v.boolean ? "true" : "false";
    case ast::ValueKind::kNull: return "null";
    case ast::ValueKind::kList:
      return concat(
          {"[", join(map(v.list, [](const ast::Value& x) { return print_value(x); }), ", "), "]"});
    case ast::ValueKind::kObject:
      return concat({"{",
                     join(map(v.fields,
                              [](const ast::ObjectField& f) {
                                return concat({f.name.value, ": ", print_value(*f.value)});
                              }),
                          ", "),
                     "}"});
  }
  return {};
}

std::string print_type(const ast::Type& t) {
  switch (t.kind) {
    case ast::TypeKind::kNamed: return name_of(t.name);
    case ast::TypeKind::kList: return concat({"[", print_type(*t.inner), "]"});
    case ast::TypeKind::kNonNull: return concat({print_type(*t.inner), "!"});
  }
  return {};
}

// ---------------------------------------------------------------- executable

constexpr size_t kMaxLineLength = 80;

std::string print_field(const ast::Field& f) {
  std::string prefix = concat({wrap("", name_of(f.alias), ": "), f.name.value});
  Parts args = map(f.arguments, print_argument);
  std::string args_line = concat({prefix, wrap("(", join(args, ", "), ")")});
  if (utf8::utf16_length(args_line) > kMaxLineLength) {
    args_line = concat({prefix, wrap("(\n", indent(join(args, "\n")), "\n)")});
  }
  return join({args_line, print_directives(f.directives), print_selection_set(f.selection_set)},
              " ");
}

std::string print_selection(const ast::Selection& s) {
  switch (s.kind) {
    case ast::SelectionKind::kField: return print_field(ast::as<ast::Field>(s));
    case ast::SelectionKind::kFragmentSpread: {
      const auto& spread = ast::as<ast::FragmentSpread>(s);
      return concat({"...", spread.name.value, wrap(" ", print_directives(spread.directives))});
    }
    case ast::SelectionKind::kInlineFragment: {
      const auto& fragment = ast::as<ast::InlineFragment>(s);
      return join(
          {"...", wrap("on ", name_of(fragment.type_condition)),
           print_directives(fragment.directives), print_selection_set(fragment.selection_set)},
          " ");
    }
  }
  return {};
}

std::string print_selection_set(const ast::SelectionSet* s) {
  if (!s) return {};
  return block(map(s->selections, print_selection));
}

std::string print_variable_definition(const ast::VariableDefinition& v) {
  return concat({wrap("", print_description(v.description), "\n"), "$", v.variable.value, ": ",
                 print_type(*v.type),
                 wrap(" = ", v.default_value ? print_value(*v.default_value) : std::string()),
                 wrap(" ", print_directives(v.directives))});
}

// As graphql-js 16.15: when any variable definition spans lines (a description
// or a block-string default does), each goes on its own line, not indented.
std::string print_variable_definitions(ast::List<ast::VariableDefinition> variables) {
  Parts defs = map(variables, print_variable_definition);
  if (has_multiline_items(defs)) return wrap("(\n", join(defs, "\n"), "\n)");
  return wrap("(", join(defs, ", "), ")");
}

std::string print_operation(const ast::OperationDefinition& op) {
  std::string_view keyword = ast::operation_type_name(op.operation);
  std::string prefix = join(
      {std::string(keyword), join({name_of(op.name), print_variable_definitions(op.variables)}),
       print_directives(op.directives)},
      " ");
  // An anonymous query with no description, variables or directives uses the
  // short form.
  if (op.description == nullptr && prefix == "query") {
    return print_selection_set(op.selection_set);
  }
  return concat({wrap("", print_description(op.description), "\n"), prefix, " ",
                 print_selection_set(op.selection_set)});
}

std::string print_fragment(const ast::FragmentDefinition& f) {
  return concat({wrap("", print_description(f.description), "\n"), "fragment ", f.name.value,
                 " on ", f.type_condition.value, " ", wrap("", print_directives(f.directives), " "),
                 print_selection_set(f.selection_set)});
}

// ---------------------------------------------------------------- type system

std::string print_input_value(const ast::InputValueDefinition& v) {
  return concat({wrap("", print_description(v.description), "\n"),
                 join({concat({v.name.value, ": ", print_type(*v.type)}),
                       wrap("= ", v.default_value ? print_value(*v.default_value) : std::string()),
                       print_directives(v.directives)},
                      " ")});
}

// Argument definitions go on separate lines when any of them spans lines
// (a description does).
std::string print_argument_definitions(ast::List<ast::InputValueDefinition> arguments) {
  Parts args = map(arguments, print_input_value);
  if (has_multiline_items(args)) return wrap("(\n", indent(join(args, "\n")), "\n)");
  return wrap("(", join(args, ", "), ")");
}

std::string print_field_definition(const ast::FieldDefinition& f) {
  return concat({wrap("", print_description(f.description), "\n"), f.name.value,
                 print_argument_definitions(f.arguments), ": ", print_type(*f.type),
                 wrap(" ", print_directives(f.directives))});
}

std::string print_enum_value(const ast::EnumValueDefinition& v) {
  return concat({wrap("", print_description(v.description), "\n"),
                 join({name_of(v.name), print_directives(v.directives)}, " ")});
}

std::string join_names(ast::List<ast::Name> names, std::string_view separator) {
  return join(map(names, name_of), separator);
}

std::string print_schema(const ast::SchemaDefinition& s) {
  Parts operation_types = map(s.operation_types, [](const ast::OperationTypeDefinition& o) {
    return concat({ast::operation_type_name(o.operation), ": ", o.type.value});
  });
  if (s.extension) {
    return join({"extend schema", print_directives(s.directives), block(operation_types)}, " ");
  }
  return concat({wrap("", print_description(s.description), "\n"),
                 join({"schema", print_directives(s.directives), block(operation_types)}, " ")});
}

std::string print_type_definition(const ast::TypeDefinition& t) {
  std::string keyword;
  switch (t.kind) {
    case ast::DefinitionKind::kScalar: keyword = "scalar"; break;
    case ast::DefinitionKind::kObject: keyword = "type"; break;
    case ast::DefinitionKind::kInterface: keyword = "interface"; break;
    case ast::DefinitionKind::kUnion: keyword = "union"; break;
    case ast::DefinitionKind::kEnum: keyword = "enum"; break;
    case ast::DefinitionKind::kInputObject: keyword = "input"; break;
    default: break;
  }
  std::string head = t.extension ? concat({"extend ", keyword}) : keyword;
  std::string description =
      t.extension ? std::string() : wrap("", print_description(t.description), "\n");
  std::string directives = print_directives(t.directives);
  std::string body;
  switch (t.kind) {
    case ast::DefinitionKind::kObject:
    case ast::DefinitionKind::kInterface:
      body = join({wrap("implements ", join_names(t.interfaces, " & ")), directives,
                   block(map(t.fields, print_field_definition))},
                  " ");
      break;
    case ast::DefinitionKind::kUnion:
      body = join({directives, wrap("= ", join_names(t.members, " | "))}, " ");
      break;
    case ast::DefinitionKind::kEnum:
      body = join({directives, block(map(t.values, print_enum_value))}, " ");
      break;
    case ast::DefinitionKind::kInputObject:
      body = join({directives, block(map(t.input_fields, print_input_value))}, " ");
      break;
    default: body = directives; break;
  }
  return concat({description, join({head, name_of(t.name), body}, " ")});
}

std::string print_directive_definition(const ast::DirectiveDefinition& d) {
  return concat({wrap("", print_description(d.description), "\n"), "directive @", d.name.value,
                 print_argument_definitions(d.arguments), d.repeatable ? " repeatable" : "", " on ",
                 join_names(d.locations, " | ")});
}

std::string print_definition(const ast::Definition& d) {
  switch (d.kind) {
    case ast::DefinitionKind::kOperation:
      return print_operation(ast::as<ast::OperationDefinition>(d));
    case ast::DefinitionKind::kFragment: return print_fragment(ast::as<ast::FragmentDefinition>(d));
    case ast::DefinitionKind::kSchema: return print_schema(ast::as<ast::SchemaDefinition>(d));
    case ast::DefinitionKind::kDirective:
      return print_directive_definition(ast::as<ast::DirectiveDefinition>(d));
    default: return print_type_definition(ast::as<ast::TypeDefinition>(d));
  }
}

}  // namespace

std::string print_string(std::string_view value) {
  std::string out;
  out.reserve(value.size() + 2);
  append_string_literal<StringLiteralStyle::kGraphQL>(out, value);
  return out;
}

std::string print(const ast::Document& document) {
  return join(map(document.definitions, print_definition), "\n\n");
}

std::string print(const ast::Definition& definition) { return print_definition(definition); }

std::string print(const ast::Value& value) { return print_value(value); }

std::string print(const ast::Type& type) { return print_type(type); }

std::string print(const ast::SelectionSet& selection_set) {
  return print_selection_set(&selection_set);
}

}  // namespace gqleval::graphql

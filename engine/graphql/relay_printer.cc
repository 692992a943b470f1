#include "engine/graphql/relay_printer.h"

#include <charconv>
#include <cstdint>

#include "engine/graphql/number.h"

namespace gqleval::graphql {
namespace {

enum class Numbers : uint8_t { kAsWritten, kAsValues };

// The raw text between the quotes of the (non-block) string token at
// `offset`, escapes as written.
std::string_view raw_string(std::string_view source, uint32_t offset) {
  if (offset >= source.size() || source[offset] != '"') return {};
  size_t end = offset + 1;
  while (end < source.size() && source[end] != '"') end += source[end] == '\\' ? 2 : 1;
  end = std::min(end, source.size());
  return source.substr(offset + 1, end - offset - 1);
}

void append_int(std::string& out, std::string_view text) {
  int64_t value = 0;
  const char* first = text.data();
  if (!text.empty() && text.front() == '-') ++first;
  auto [ptr, ec] = std::from_chars(first, text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) {
    out += text;  // out of range: left as written
    return;
  }
  if (first != text.data()) value = -value;
  out += std::to_string(value);
}

void append_float_value(std::string& out, double d) {
  char buffer[400];
  auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof buffer, d, std::chars_format::fixed);
  if (ec != std::errc()) return;
  out.append(buffer, ptr);
}

class RelayPrinter {
 public:
  explicit RelayPrinter(std::string_view source) : source_(source) {}

  std::string take() { return std::move(out_); }

  void document(const ast::Document& doc) {
    bool first = true;
    for (const ast::Definition* d : doc.definitions) {
      if (d->kind != ast::DefinitionKind::kOperation && d->kind != ast::DefinitionKind::kFragment) {
        continue;
      }
      if (!first) out_ += "\n\n";
      first = false;
      if (d->kind == ast::DefinitionKind::kOperation) {
        operation(static_cast<const ast::OperationDefinition&>(*d));
      } else {
        fragment(static_cast<const ast::FragmentDefinition&>(*d));
      }
    }
  }

  void value(const ast::Value& v, Numbers numbers, bool float_position) {
    switch (v.kind) {
      case ast::ValueKind::kVariable:
        out_ += '$';
        out_ += v.text;
        return;
      case ast::ValueKind::kInt:
        if (numbers == Numbers::kAsValues && float_position) {
          append_float_value(out_, number_value(v.text));
        } else {
          append_int(out_, v.text);
        }
        return;
      case ast::ValueKind::kFloat:
        if (numbers == Numbers::kAsValues) {
          append_float_value(out_, number_value(v.text));
        } else {
          out_ += v.text;
        }
        return;
      case ast::ValueKind::kString:
        if (v.block && numbers == Numbers::kAsValues) {  // a value: its text in quotes
          out_ += '"';
          out_ += v.text;
          out_ += '"';
        } else if (v.block) {
          out_ += "\"\"\"";
          out_ += v.text;
          out_ += "\"\"\"";
        } else {
          out_ += '"';
          out_ += raw_string(source_, v.loc.offset);
          out_ += '"';
        }
        return;
      case ast::ValueKind::kBoolean: out_ += v.boolean ? "true" : "false"; return;
      case ast::ValueKind::kNull: out_ += "null"; return;
      case ast::ValueKind::kEnum: out_ += v.text; return;
      case ast::ValueKind::kList:
        out_ += '[';
        for (size_t i = 0; i < v.list.size(); ++i) {
          if (i > 0) out_ += ", ";
          value(*v.list[i], numbers, float_position);
        }
        out_ += ']';
        return;
      case ast::ValueKind::kObject:
        out_ += '{';
        for (size_t i = 0; i < v.fields.size(); ++i) {
          if (i > 0) out_ += ", ";
          out_ += v.fields[i]->name.value;
          out_ += ": ";
          value(*v.fields[i]->value, numbers, false);
        }
        out_ += '}';
        return;
    }
  }

 private:
  void arguments(ast::List<ast::Argument> args) {
    if (args.empty()) return;
    out_ += '(';
    for (size_t i = 0; i < args.size(); ++i) {
      if (i > 0) out_ += ", ";
      out_ += args[i]->name.value;
      out_ += ": ";
      value(*args[i]->value, Numbers::kAsWritten, false);
    }
    out_ += ')';
  }

  void directives(ast::List<ast::Directive> list) {
    for (const ast::Directive* d : list) {
      out_ += " @";
      out_ += d->name.value;
      arguments(d->arguments);
    }
  }

  void type(const ast::Type& t) {
    switch (t.kind) {
      case ast::TypeKind::kNamed: out_ += t.name.value; return;
      case ast::TypeKind::kList:
        out_ += '[';
        type(*t.inner);
        out_ += ']';
        return;
      case ast::TypeKind::kNonNull:
        type(*t.inner);
        out_ += '!';
        return;
    }
  }

  void variables(ast::List<ast::VariableDefinition> vars) {
    if (vars.empty()) return;
    out_ += '(';
    for (size_t i = 0; i < vars.size(); ++i) {
      const ast::VariableDefinition& v = *vars[i];
      if (i > 0) out_ += ", ";
      out_ += '$';
      out_ += v.variable.value;
      out_ += ": ";
      type(*v.type);
      if (v.default_value != nullptr) {
        out_ += " = ";
        value(*v.default_value, Numbers::kAsWritten, false);
      }
      directives(v.directives);
    }
    out_ += ')';
  }

  void selection_set(const ast::SelectionSet& set, size_t indent) {
    out_ += " {\n";
    for (const ast::Selection* s : set.selections) {
      out_.append(indent, ' ');
      selection(*s, indent);
      out_ += '\n';
    }
    out_.append(indent - 2, ' ');
    out_ += '}';
  }

  void selection(const ast::Selection& s, size_t indent) {
    switch (s.kind) {
      case ast::SelectionKind::kField: {
        const auto& f = ast::as<ast::Field>(s);
        if (!f.alias.empty()) {
          out_ += f.alias.value;
          out_ += ": ";
        }
        out_ += f.name.value;
        arguments(f.arguments);
        directives(f.directives);
        if (f.selection_set != nullptr) selection_set(*f.selection_set, indent + 2);
        return;
      }
      case ast::SelectionKind::kFragmentSpread: {
        const auto& f = ast::as<ast::FragmentSpread>(s);
        out_ += "...";
        out_ += f.name.value;
        directives(f.directives);
        return;
      }
      case ast::SelectionKind::kInlineFragment: {
        const auto& f = ast::as<ast::InlineFragment>(s);
        out_ += "...";
        if (!f.type_condition.empty()) {
          out_ += " on ";
          out_ += f.type_condition.value;
        }
        directives(f.directives);
        selection_set(*f.selection_set, indent + 2);
        return;
      }
    }
  }

  void operation(const ast::OperationDefinition& op) {
    if (!op.shorthand) out_ += ast::operation_type_name(op.operation);
    if (!op.name.empty()) {
      out_ += ' ';
      out_ += op.name.value;
    }
    variables(op.variables);
    directives(op.directives);
    selection_set(*op.selection_set, 2);
  }

  void fragment(const ast::FragmentDefinition& f) {
    out_ += "fragment ";
    out_ += f.name.value;
    out_ += " on ";
    out_ += f.type_condition.value;
    directives(f.directives);
    selection_set(*f.selection_set, 2);
  }

  std::string_view source_;
  std::string out_;
};

}  // namespace

std::string relay_print(const ast::Document& document) {
  RelayPrinter p(document.source);
  p.document(document);
  return p.take();
}

std::string relay_value_text(const ast::Value& value, std::string_view source,
                             bool float_position) {
  RelayPrinter p(source);
  p.value(value, Numbers::kAsValues, float_position);
  return p.take();
}

}  // namespace gqleval::graphql

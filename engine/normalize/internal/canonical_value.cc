#include "engine/normalize/internal/canonical_value.h"

#include "engine/base/string_literal.h"

namespace gqleval::normalize {

bool values_equal(const CValue& a, const CValue& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case CKind::kNull: return true;
    case CKind::kBoolean: return a.boolean == b.boolean;
    case CKind::kSymbol: return a.symbol == b.symbol;
    case CKind::kInt:
    case CKind::kFloat:
    case CKind::kString:
    case CKind::kEnum: return a.text == b.text;
    case CKind::kList:
      if (a.items.size() != b.items.size()) return false;
      for (size_t i = 0; i < a.items.size(); ++i) {
        if (!values_equal(*a.items[i], *b.items[i])) return false;
      }
      return true;
    case CKind::kObject:
      if (a.fields.size() != b.fields.size()) return false;
      for (size_t i = 0; i < a.fields.size(); ++i) {
        if (a.fields[i].name != b.fields[i].name) return false;
        if (!values_equal(*a.fields[i].value, *b.fields[i].value)) return false;
      }
      return true;
  }
  return false;
}

bool arguments_equal(std::span<const CArgument> a, std::span<const CArgument> b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].name != b[i].name || !values_equal(*a[i].value, *b[i].value)) return false;
  }
  return true;
}

bool has_symbol(const CValue& v) {
  switch (v.kind) {
    case CKind::kSymbol: return true;
    case CKind::kList:
      for (const CValue* item : v.items) {
        if (has_symbol(*item)) return true;
      }
      return false;
    case CKind::kObject:
      for (const CField& f : v.fields) {
        if (has_symbol(*f.value)) return true;
      }
      return false;
    default: return false;
  }
}

void append_symbol_marker(std::string& out, uint32_t index) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back(kSymbolMarker);
  for (int shift = 12; shift >= 0; shift -= 4) out.push_back(kHex[(index >> shift) & 15]);
}

uint32_t read_symbol_marker(std::string_view text, size_t pos) {
  uint32_t index = 0;
  for (size_t i = pos + 1; i < pos + kSymbolMarkerSize && i < text.size(); ++i) {
    char c = text[i];
    index = (index << 4) | static_cast<uint32_t>(c <= '9' ? c - '0' : c - 'a' + 10);
  }
  return index;
}

void append_value(std::string& out, const CValue& v) {
  switch (v.kind) {
    case CKind::kNull: out.append("null"); return;
    case CKind::kBoolean: out.append(v.boolean ? "true" : "false"); return;
    case CKind::kInt:
    case CKind::kFloat:
    case CKind::kEnum: out.append(v.text); return;
    case CKind::kString: append_string_literal<StringLiteralStyle::kCanonical>(out, v.text); return;
    case CKind::kSymbol: append_symbol_marker(out, v.symbol); return;
    case CKind::kList:
      out.push_back('[');
      for (size_t i = 0; i < v.items.size(); ++i) {
        if (i) out.append(", ");
        append_value(out, *v.items[i]);
      }
      out.push_back(']');
      return;
    case CKind::kObject:
      out.push_back('{');
      for (size_t i = 0; i < v.fields.size(); ++i) {
        if (i) out.append(", ");
        out.append(v.fields[i].name).append(": ");
        append_value(out, *v.fields[i].value);
      }
      out.push_back('}');
      return;
  }
}

void append_arguments(std::string& out, std::span<const CArgument> args) {
  if (args.empty()) return;
  out.push_back('(');
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) out.append(", ");
    out.append(args[i].name).append(": ");
    append_value(out, *args[i].value);
  }
  out.push_back(')');
}

}  // namespace gqleval::normalize

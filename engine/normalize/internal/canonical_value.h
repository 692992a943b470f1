// Canonical values: argument and directive values after the spec's input
// coercion, in a form where two inputs that coerce to the same value are equal
// structurally and print to the same text.
//
// Canonical means: Int and Float as normalised number text (`1` and `1.0` at a
// Float position are both `1.0`), an ID always as a string (`1` -> `"1"`), a
// single value at a list position wrapped in a one-element list, input-object
// fields sorted by name with the fields equal to their declared default left
// out, strings decoded (block or not) and printed as string literals in the
// canonical style of engine/base/string_literal.h.
//
// A variable that has no value stays a symbol: a CValue of kind kSymbol that
// carries the variable's index. In text, a symbol prints as a marker (a 0x01
// byte and four hex digits) that the normaliser later replaces by `$1`, `$2`,
// ...; a printed string never contains a raw 0x01 byte (it is escaped), so the
// marker cannot be confused with data.
//
// CValues live in an Arena and are trivially destructible.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace gqleval::normalize {

enum class CKind : uint8_t {
  kNull,
  kInt,
  kFloat,
  kString,
  kBoolean,
  kEnum,
  kList,
  kObject,
  kSymbol
};

struct CValue;

struct CField {
  std::string_view name;
  const CValue* value;
};

struct CValue {
  CKind kind = CKind::kNull;
  bool boolean = false;  // kBoolean
  uint32_t symbol = 0;   // kSymbol: the variable (or pattern capture) index
  // kInt, kFloat: canonical number text; kString: the decoded value; kEnum: the name.
  std::string_view text;
  std::span<const CValue* const> items;  // kList
  std::span<const CField> fields;        // kObject, sorted by name, unique
};

// One argument of a field or directive after coercion.
struct CArgument {
  std::string_view name;
  const CValue* value;
};

// Structural equality; two symbols are equal when they carry the same index.
bool values_equal(const CValue& a, const CValue& b);
bool arguments_equal(std::span<const CArgument> a, std::span<const CArgument> b);

// True when the value contains a symbol anywhere.
bool has_symbol(const CValue& v);

// Appends the canonical text of v: `1`, `1.5`, `"s"`, `ASC`, `[1, 2]`,
// `{a: 1, b: "x"}`, `null`, or a symbol marker.
void append_value(std::string& out, const CValue& v);
// Appends `(a: 1, b: 2)` for a non-empty argument list (sorted by the caller).
void append_arguments(std::string& out, std::span<const CArgument> args);

// ---- symbol markers
inline constexpr char kSymbolMarker = '\x01';
inline constexpr size_t kSymbolMarkerSize = 5;  // marker byte + 4 hex digits
inline constexpr uint32_t kMaxSymbols = 0xffff;
void append_symbol_marker(std::string& out, uint32_t index);
// The index encoded at text[pos] (which must be kSymbolMarker).
uint32_t read_symbol_marker(std::string_view text, size_t pos);

// Calls f(index, offset in the masked text) for every symbol marker of text; a
// marker counts as one character of the masked text.
template <class F>
void for_each_symbol_marker(std::string_view text, F&& f) {
  size_t masked = 0;
  for (size_t i = 0; i < text.size(); ++masked) {
    if (text[i] == kSymbolMarker) {
      f(read_symbol_marker(text, i), masked);
      i += kSymbolMarkerSize;
    } else {
      ++i;
    }
  }
}

}  // namespace gqleval::normalize

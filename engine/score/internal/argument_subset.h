// Subset semantics for arguments (gqleval subset, subset.h): does a RIGHT
// field's argument list give everything a LEFT field's asks for?
//
// Both lists are the canonical texts of normal-form nodes (`(id: "1", filter:
// {name: "a"})`, variables as `$1`): values are already coerced, so `1` and
// `1.0` for a Float, `1` and `"1"` for an ID, and input objects in any field
// order compare equal as text. On top of that, per the contract
// (Relay's rules, its defects fixed):
//   - every argument the LEFT field gives must be given by RIGHT with a value
//     that is a subset; an argument only RIGHT gives is ignored;
//   - any value is a subset of a variable; a variable is a subset of nothing
//     else (with variables bound by name, set_variables_by_name, a variable
//     is one value the harness sends for its name: only the same variable
//     is a subset of it);
//   - a RIGHT value with no variable in it gives exactly itself: the values
//     must be equal (an input object in any field order);
//   - a RIGHT list with a variable in it: item by item, the same length;
//   - a RIGHT input object with a variable in it: field by field by name,
//     RIGHT may give more fields.
// The normal form leaves out an argument or input field equal to its declared
// default, so a left-out one stands for its default here (LEFT `avatar` with
// `size: Int = 50` is not a subset of RIGHT `avatar(size: 10)`).
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/schema/schema.h"

namespace gqleval::score {

class ArgumentSubset {
 public:
  explicit ArgumentSubset(const schema::Schema& schema);
  ~ArgumentSubset();
  ArgumentSubset(const ArgumentSubset&) = delete;
  ArgumentSubset& operator=(const ArgumentSubset&) = delete;

  // `left` and `right` are the `arguments` texts of two nodes of the same
  // field (`field` is its definition); empty text means no arguments.
  bool holds(std::string_view left, std::string_view right, const schema::FieldDef& field);
  // Variables bound by name (NormalizeOptions::variables_by_name): a variable
  // holds only itself. Off by default.
  void set_variables_by_name(bool on) { variables_by_name_ = on; }

  struct Value;  // a parsed canonical value (argument_subset.cc)

 private:
  bool value_subset(const Value& l, const Value& r, schema::TypeRef type);
  bool members_subset(const Value& l, const Value& r,
                      std::span<const schema::InputValue> definitions);
  const Value* default_of(const schema::InputValue& definition);

  struct Default;
  struct Scratch;  // the two lists holds() reads, reused from call to call
  const schema::Schema& schema_;
  std::unique_ptr<Scratch> scratch_;
  bool variables_by_name_ = false;
  // Each definition's default, parsed once (null when it has none).
  std::unordered_map<const schema::InputValue*, std::unique_ptr<Default>> defaults_;
};

}  // namespace gqleval::score

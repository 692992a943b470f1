#include "engine/score/internal/argument_subset.h"

#include <vector>

#include "engine/normalize/canonical_default.h"

namespace gqleval::score {

struct ArgumentSubset::Value {
  enum class Kind : uint8_t { kScalar, kVariable, kList, kObject };
  struct Member;
  Kind kind = Kind::kScalar;
  bool has_variable = false;    // a variable is this value or inside it
  std::string_view text;        // the whole value as printed
  std::vector<Member> members;  // list items (no name) or object fields
};

struct ArgumentSubset::Value::Member {
  std::string_view name;
  Value value;
};

struct ArgumentSubset::Scratch {
  Value left;
  Value right;
};

struct ArgumentSubset::Default {
  std::string text;  // what `value` points into
  Value value;
  bool parsed = false;
};

namespace {

using Value = ArgumentSubset::Value;  // NOLINT: private type, named inside this file only

bool is_name_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Reads the canonical text the normalizer prints (canonical_value.h):
// `"s"` with backslash escapes, numbers, names, `$N`, `[a, b]`, `{a: 1}`.
class CanonicalReader {
 public:
  explicit CanonicalReader(std::string_view text) : s_(text) {}

  // `(a: v, b: v)` or empty text.
  bool arguments(std::vector<Value::Member>& out) {
    if (s_.empty()) return true;
    if (!eat('(')) return false;
    return members(')', true, out) && at_ == s_.size();
  }
  bool whole_value(Value& out) { return value(out) && at_ == s_.size(); }

 private:
  bool eat(char c) {
    if (at_ < s_.size() && s_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  void skip_blanks() {
    while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == ',')) ++at_;
  }
  std::string_view name() {
    const size_t begin = at_;
    while (at_ < s_.size() && is_name_char(s_[at_])) ++at_;
    return s_.substr(begin, at_ - begin);
  }
  bool members(char close, bool named, std::vector<Value::Member>& out) {
    for (;;) {
      skip_blanks();
      if (eat(close)) return true;
      if (at_ >= s_.size()) return false;
      Value::Member m;
      if (named) {
        m.name = name();
        if (m.name.empty() || !eat(':')) return false;
        skip_blanks();
      }
      if (!value(m.value)) return false;
      has_variable_ = has_variable_ || m.value.has_variable;
      out.push_back(std::move(m));
    }
  }
  bool value(Value& out) {
    if (at_ >= s_.size()) return false;
    const size_t begin = at_;
    const char c = s_[at_];
    bool ok = true;
    if (c == '[' || c == '{') {
      ++at_;
      out.kind = c == '[' ? Value::Kind::kList : Value::Kind::kObject;
      const bool outer = has_variable_;
      has_variable_ = false;
      ok = members(c == '[' ? ']' : '}', c == '{', out.members);
      out.has_variable = has_variable_;
      has_variable_ = outer || has_variable_;
    } else if (c == '"') {
      ++at_;
      while (at_ < s_.size() && s_[at_] != '"') at_ += s_[at_] == '\\' ? 2 : 1;
      ok = eat('"');
    } else {
      out.kind = c == '$' ? Value::Kind::kVariable : Value::Kind::kScalar;
      out.has_variable = c == '$';
      if (c == '$') ++at_;
      while (at_ < s_.size() &&
             (is_name_char(s_[at_]) || s_[at_] == '-' || s_[at_] == '.' || s_[at_] == '+')) {
        ++at_;
      }
      ok = at_ > begin;
    }
    out.text = s_.substr(begin, at_ - begin);
    return ok;
  }

  std::string_view s_;
  size_t at_ = 0;
  bool has_variable_ = false;  // in the list or object being read
};

const Value* find_member(const Value& object, std::string_view name) {
  for (const Value::Member& m : object.members) {
    if (m.name == name) return &m.value;
  }
  return nullptr;
}

}  // namespace

ArgumentSubset::ArgumentSubset(const schema::Schema& schema)
    : schema_(schema), scratch_(std::make_unique<Scratch>()) {}
ArgumentSubset::~ArgumentSubset() = default;

const Value* ArgumentSubset::default_of(const schema::InputValue& definition) {
  std::unique_ptr<Default>& slot = defaults_[&definition];
  if (!slot) {
    slot = std::make_unique<Default>();
    if (auto text = normalize::canonical_default_text(schema_, definition)) {
      slot->text = std::move(*text);
      slot->parsed = CanonicalReader(slot->text).whole_value(slot->value);
    }
  }
  return slot->parsed ? &slot->value : nullptr;
}

bool ArgumentSubset::holds(std::string_view left, std::string_view right,
                           const schema::FieldDef& field) {
  if (left.empty() && right.empty()) return true;
  // Reused: arguments of scalars and variables (the usual ones) are read
  // without allocating once the lists have grown.
  Value& l = scratch_->left;
  Value& r = scratch_->right;
  l.members.clear();
  r.members.clear();
  l.kind = r.kind = Value::Kind::kObject;
  l.has_variable = r.has_variable = false;
  l.text = r.text = {};
  if (!CanonicalReader(left).arguments(l.members) || !CanonicalReader(right).arguments(r.members)) {
    return left == right;  // not the normalizer's text: only equal texts can be trusted
  }
  return members_subset(l, r, field.arguments);
}

// Every member LEFT gives (or stands for by its default) is given by RIGHT
// (or by RIGHT's default) with a value it is a subset of.
bool ArgumentSubset::members_subset(const Value& l, const Value& r,
                                    std::span<const schema::InputValue> definitions) {
  for (const schema::InputValue& def : definitions) {
    const Value* lv = find_member(l, def.name);
    const Value* rv = find_member(r, def.name);
    if (lv == nullptr && rv == nullptr) continue;  // both the default, or both not given
    if (lv == nullptr) lv = default_of(def);
    if (lv == nullptr) continue;  // LEFT does not ask for it
    if (rv == nullptr) rv = default_of(def);
    if (rv == nullptr || !value_subset(*lv, *rv, def.type)) return false;
  }
  return true;
}

bool ArgumentSubset::value_subset(const Value& l, const Value& r, schema::TypeRef type) {
  // By name, `$x` is the value sent for x, which no other value is known to
  // be: equal texts only, as for a constant.
  if (r.kind == Value::Kind::kVariable) return !variables_by_name_ || l.text == r.text;
  // A constant RIGHT value gives exactly itself: equal values only (in any
  // field order, as canonical text sorts fields).
  if (l.kind == Value::Kind::kVariable || !r.has_variable) return l.text == r.text;
  if (l.kind == Value::Kind::kList && r.kind == Value::Kind::kList && type.is_list()) {
    if (l.members.size() != r.members.size()) return false;
    const schema::TypeRef item = type.item();
    for (size_t i = 0; i < l.members.size(); ++i) {
      if (!value_subset(l.members[i].value, r.members[i].value, item)) return false;
    }
    return true;
  }
  if (l.kind == Value::Kind::kObject && r.kind == Value::Kind::kObject && !type.is_list() &&
      type.named != schema::kNone &&
      schema_.type(type.named).kind == schema::TypeKind::kInputObject) {
    return members_subset(l, r, schema_.type(type.named).input_fields);
  }
  return l.text == r.text;
}

}  // namespace gqleval::score

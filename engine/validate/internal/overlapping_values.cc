#include "engine/validate/internal/overlapping_values.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace gqleval::validate {
namespace {

// The fields of an input object (or the arguments of a field) in a stable sort by
// name, as graphql-js's `slice().sort(...)` orders them. Small lists stay on the stack.
template <class T>
class SortedByName {
 public:
  explicit SortedByName(ast::List<T> items) {
    if (items.size() <= kInlineCapacity) {
      std::copy(items.begin(), items.end(), inline_.begin());
      view_ = std::span<const T*>(inline_.data(), items.size());
    } else {
      heap_.assign(items.begin(), items.end());
      view_ = std::span<const T*>(heap_);
    }
    std::stable_sort(view_.begin(), view_.end(),
                     [](const T* x, const T* y) { return x->name.value < y->name.value; });
  }
  SortedByName(const SortedByName&) = delete;  // view_ may point into inline_
  SortedByName& operator=(const SortedByName&) = delete;
  std::span<const T*> items() const { return view_; }

 private:
  static constexpr size_t kInlineCapacity = 16;
  std::array<const T*, kInlineCapacity> inline_{};
  std::vector<const T*> heap_;
  std::span<const T*> view_;
};

void append_text(std::string_view text, std::string& out) {
  uint32_t n = static_cast<uint32_t>(text.size());
  out.append(reinterpret_cast<const char*>(&n), sizeof n);  // length prefix: prefix-free
  out.append(text);
}

void append_count(size_t count, std::string& out) {
  uint32_t n = static_cast<uint32_t>(count);
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
}

void append_value_key(const ast::Value& v, std::string& out) {
  out.push_back(static_cast<char>(v.kind));
  switch (v.kind) {
    case ast::ValueKind::kVariable:
    case ast::ValueKind::kInt:
    case ast::ValueKind::kFloat:
    case ast::ValueKind::kEnum: append_text(v.text, out); break;
    case ast::ValueKind::kString:
      out.push_back(v.block ? 'b' : 'q');
      append_text(v.text, out);
      break;
    case ast::ValueKind::kBoolean: out.push_back(v.boolean ? 't' : 'f'); break;
    case ast::ValueKind::kNull: break;
    case ast::ValueKind::kList:
      append_count(v.list.size(), out);
      for (const ast::Value* item : v.list) append_value_key(*item, out);
      break;
    case ast::ValueKind::kObject: {
      append_count(v.fields.size(), out);
      SortedByName<ast::ObjectField> sorted(v.fields);
      for (const ast::ObjectField* f : sorted.items()) {
        append_text(f->name.value, out);
        append_value_key(*f->value, out);
      }
      break;
    }
  }
}

}  // namespace

bool same_value(const ast::Value& a, const ast::Value& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ast::ValueKind::kVariable:
    case ast::ValueKind::kInt:
    case ast::ValueKind::kFloat:
    case ast::ValueKind::kEnum: return a.text == b.text;
    case ast::ValueKind::kString: return a.block == b.block && a.text == b.text;
    case ast::ValueKind::kBoolean: return a.boolean == b.boolean;
    case ast::ValueKind::kNull: return true;
    case ast::ValueKind::kList:
      if (a.list.size() != b.list.size()) return false;
      for (size_t i = 0; i < a.list.size(); ++i) {
        if (!same_value(*a.list[i], *b.list[i])) return false;
      }
      return true;
    case ast::ValueKind::kObject: {
      if (a.fields.size() != b.fields.size()) return false;
      SortedByName<ast::ObjectField> fa(a.fields);
      SortedByName<ast::ObjectField> fb(b.fields);
      for (size_t i = 0; i < fa.items().size(); ++i) {
        const ast::ObjectField& x = *fa.items()[i];
        const ast::ObjectField& y = *fb.items()[i];
        if (x.name.value != y.name.value || !same_value(*x.value, *y.value)) return false;
      }
      return true;
    }
  }
  return false;
}

bool same_arguments(ast::List<ast::Argument> a, ast::List<ast::Argument> b) {
  if (a.empty()) return b.empty();
  if (a.size() != b.size()) return false;
  for (const ast::Argument* arg : a) {
    const ast::Argument* match = nullptr;
    for (const ast::Argument* candidate : b) {
      if (candidate->name.value == arg->name.value) match = candidate;  // the last one wins
    }
    if (match == nullptr || !same_value(*arg->value, *match->value)) return false;
  }
  return true;
}

bool append_arguments_key(ast::List<ast::Argument> args, std::string& out) {
  SortedByName<ast::Argument> sorted(args);
  std::span<const ast::Argument*> items = sorted.items();
  for (size_t i = 1; i < items.size(); ++i) {
    if (items[i]->name.value == items[i - 1]->name.value) return false;
  }
  append_count(items.size(), out);
  for (const ast::Argument* arg : items) {
    append_text(arg->name.value, out);
    append_value_key(*arg->value, out);
  }
  return true;
}

}  // namespace gqleval::validate

// UniqueInputFieldNames: an input object literal names each field once.
// graphql-js: `There can be only one input field named "f".` for every repeat,
// at the name of the first occurrence and of the repeat, reported as the
// traversal reaches the repeat (so an error inside a nested object that comes
// first in the source is reported first). Like graphql-js, which visits the
// whole document, this also checks the literals of type-system definitions in
// the document: directive arguments and default values, in source order.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "engine/validate/internal/definition_walk.h"
#include "engine/validate/internal/sdl_directives.h"
#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

class UniqueInputFieldNames : public Visitor {
 public:
  explicit UniqueInputFieldNames(ValidationContext& ctx) : ctx_(ctx) {}

  void enter_value(const ast::Value& v, const TypeInfo&) override {
    if (v.kind != ast::ValueKind::kObject) return;
    if (depth_ < kInline) {
      inline_[depth_] = &v;
    } else {
      deeper_.push_back(&v);
    }
    ++depth_;
  }
  void leave_value(const ast::Value& v, const TypeInfo&) override {
    if (v.kind != ast::ValueKind::kObject) return;
    --depth_;
    if (depth_ >= kInline) deeper_.pop_back();
  }
  void enter_object_field(const ast::ObjectField& f, const TypeInfo&) override {
    if (depth_ == 0) return;
    const ast::Value* object = depth_ <= kInline ? inline_[depth_ - 1] : deeper_.back();
    for (const ast::ObjectField* earlier : object->fields) {
      if (earlier == &f) break;
      if (earlier->name.value == f.name.value) {
        ctx_.report(
            "There can be only one input field named \"" + std::string(f.name.value) + "\".",
            {earlier->name.loc.pos(), f.name.loc.pos()});
        break;
      }
    }
  }

  // The same checks on a literal outside the typed walk.
  void visit(const ast::Value& v) {
    TypeInfo none;
    enter_value(v, none);
    if (v.kind == ast::ValueKind::kList) {
      for (const ast::Value* item : v.list) visit(*item);
    } else if (v.kind == ast::ValueKind::kObject) {
      for (const ast::ObjectField* f : v.fields) {
        enter_object_field(*f, none);
        if (f->value) visit(*f->value);
      }
    }
    leave_value(v, none);
  }

 private:
  // The object literals being visited, innermost last: the first kInline in
  // inline_ (no allocation for the usual shallow literals), the rest in deeper_.
  static constexpr size_t kInline = 16;
  ValidationContext& ctx_;
  std::array<const ast::Value*, kInline> inline_{};
  std::vector<const ast::Value*> deeper_;
  size_t depth_ = 0;
};

// The literals of a type-system definition (directive arguments, default
// values) in source order, which is graphql-js's visiting order there.
std::vector<const ast::Value*> sdl_literals(const ast::Definition& def) {
  std::vector<const ast::Value*> out;
  for (const SdlDirectiveList& list : sdl_directive_lists(def)) {
    for (const ast::Directive* d : list.directives) {
      for (const ast::Argument* a : d->arguments) {
        if (a->value) out.push_back(a->value);
      }
    }
  }
  auto defaults = [&](ast::List<ast::InputValueDefinition> values) {
    for (const ast::InputValueDefinition* v : values) {
      if (v->default_value) out.push_back(v->default_value);
    }
  };
  if (def.kind == ast::DefinitionKind::kDirective) {
    defaults(ast::as<ast::DirectiveDefinition>(def).arguments);
  } else if (ast::is_type_definition(def.kind)) {
    const auto& t = ast::as<ast::TypeDefinition>(def);
    for (const ast::FieldDefinition* f : t.fields) defaults(f->arguments);
    defaults(t.input_fields);
  }
  std::stable_sort(out.begin(), out.end(), [](const ast::Value* a, const ast::Value* b) {
    return a->loc.offset < b->loc.offset;
  });
  return out;
}

}  // namespace

void rule_unique_input_field_names(ValidationContext& ctx) {
  UniqueInputFieldNames v(ctx);
  // Only object fields can repeat: without one in the operations and
  // fragments (most documents), their walk would report nothing.
  const bool walk_executable = ctx.walk_has(WalkNode::kObjectField);
  walk_definitions(
      ctx, v,
      [&](const ast::Definition& def) {
        for (const ast::Value* literal : sdl_literals(def)) v.visit(*literal);
      },
      walk_executable);
}

}  // namespace gqleval::validate

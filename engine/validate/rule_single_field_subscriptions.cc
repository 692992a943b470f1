// SingleFieldSubscriptions: a subscription selects exactly one root field, and
// not an introspection field. Fields are collected as graphql-js execution's
// collectFields does with no variable values: fragments are expanded (each
// once), type conditions must match the subscription root type, and
// `@skip(if: true)` / `@include(if: false)` exclude a selection.
// Messages: `Subscription "S" must select only one top level field.` (or
// "Anonymous Subscription ...") at every field after the first response key;
// `Subscription "S" must not select an introspection top level field.` at the
// fields of each `__` root field.
//
// Deviation: a @skip/@include condition that is not a Boolean literal (a
// variable, a missing or malformed argument) makes graphql-js throw from inside
// validation; here it simply does not exclude the selection.
#include <string>
#include <utility>
#include <vector>

#include "engine/validate/rule.h"

namespace gqleval::validate {
namespace {

// The literal value of `if` on the first @name directive, or -1 when absent or
// not a Boolean literal.
int literal_condition(ast::List<ast::Directive> directives, std::string_view name) {
  for (const ast::Directive* d : directives) {
    if (d->name.value != name) continue;
    for (const ast::Argument* a : d->arguments) {
      if (a->name.value == "if" && a->value && a->value->kind == ast::ValueKind::kBoolean) {
        return a->value->boolean ? 1 : 0;
      }
    }
    return -1;
  }
  return -1;
}

bool should_include(ast::List<ast::Directive> directives) {
  if (literal_condition(directives, "skip") == 1) return false;
  if (literal_condition(directives, "include") == 0) return false;
  return true;
}

class Collector {
 public:
  Collector(ValidationContext& ctx, schema::TypeId root) : ctx_(ctx), root_(root) {}

  void collect(const ast::SelectionSet& set) {
    for (const ast::Selection* s : set.selections) {
      switch (s->kind) {
        case ast::SelectionKind::kField: {
          const auto& f = ast::as<ast::Field>(*s);
          if (!should_include(f.directives)) break;
          add(f);
          break;
        }
        case ast::SelectionKind::kInlineFragment: {
          const auto& f = ast::as<ast::InlineFragment>(*s);
          if (!should_include(f.directives) || !condition_matches(f.type_condition)) break;
          if (f.selection_set) collect(*f.selection_set);
          break;
        }
        case ast::SelectionKind::kFragmentSpread: {
          const auto& spread = ast::as<ast::FragmentSpread>(*s);
          if (visited(spread.name.value) || !should_include(spread.directives)) break;
          visited_.push_back(spread.name.value);
          const ast::FragmentDefinition* frag = ctx_.fragment(spread.name.value);
          if (!frag || !condition_matches(frag->type_condition)) break;
          if (frag->selection_set) collect(*frag->selection_set);
          break;
        }
      }
    }
  }

  // Response key -> fields, in order of first appearance.
  std::vector<std::pair<std::string_view, std::vector<const ast::Field*>>> fields;

 private:
  void add(const ast::Field& f) {
    for (auto& [key, list] : fields) {
      if (key == f.response_key()) {
        list.push_back(&f);
        return;
      }
    }
    fields.push_back({f.response_key(), {&f}});
  }

  bool visited(std::string_view name) const {
    for (std::string_view v : visited_) {
      if (v == name) return true;
    }
    return false;
  }

  bool condition_matches(const ast::Name& condition) const {
    if (condition.empty()) return true;
    schema::TypeId t = ctx_.find_type(condition.value);
    if (t == schema::kNone) return false;
    if (t == root_) return true;
    return ctx_.schema.is_abstract(t) && ctx_.schema.is_sub_type(t, root_);
  }

  ValidationContext& ctx_;
  schema::TypeId root_;
  std::vector<std::string_view> visited_;
};

}  // namespace

void rule_single_field_subscriptions(ValidationContext& ctx) {
  schema::TypeId root = ctx.schema.subscription_type();
  if (root == schema::kNone) return;
  for (const ast::OperationDefinition* op : ctx.operations) {
    if (op->operation != ast::OperationType::kSubscription || !op->selection_set) continue;
    Collector collector(ctx, root);
    collector.collect(*op->selection_set);
    std::string subject = op->name.empty() ? std::string("Anonymous Subscription")
                                           : "Subscription \"" + std::string(op->name.value) + "\"";
    if (collector.fields.size() > 1) {
      std::vector<SourcePos> extra;
      for (size_t i = 1; i < collector.fields.size(); ++i) {
        for (const ast::Field* f : collector.fields[i].second) extra.push_back(f->loc.pos());
      }
      ctx.report(subject + " must select only one top level field.", std::move(extra));
    }
    for (const auto& [key, list] : collector.fields) {
      if (!list.front()->name.value.starts_with("__")) continue;
      std::vector<SourcePos> at;
      for (const ast::Field* f : list) at.push_back(f->loc.pos());
      ctx.report(subject + " must not select an introspection top level field.", std::move(at));
    }
  }
}

}  // namespace gqleval::validate

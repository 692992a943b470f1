// The equivalent rewrites of query_rewriter.h: variables, alias, fragments,
// shuffle. Each pass maps the current definitions to new ones; parsed nodes
// are never modified (the copies share the unchanged parts).
#include "datasets/generator/query_rewriter.h"

#include <memory>
#include <utility>

#include "datasets/generator/ast_builder.h"
#include "datasets/generator/seeded_random.h"
#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/graphql/printer.h"

namespace gqleval::rewrite {
namespace {

using schema::TypeId;

template <class T>
T* clone(Arena& arena, const T& node) {
  T* copy = arena.make<T>();
  *copy = node;
  return copy;
}

bool has_variable(const ast::Value& v) {
  switch (v.kind) {
    case ast::ValueKind::kVariable: return true;
    case ast::ValueKind::kList:
      for (const ast::Value* item : v.list) {
        if (has_variable(*item)) return true;
      }
      return false;
    case ast::ValueKind::kObject:
      for (const ast::ObjectField* f : v.fields) {
        if (has_variable(*f->value)) return true;
      }
      return false;
    default: return false;
  }
}

void append_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back('"');
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (u < 0x20) {
      out.append("\\u00");
      out.push_back(kHex[u >> 4]);
      out.push_back(kHex[u & 15]);
    } else {
      out.push_back(c);
    }
  }
  out.push_back('"');
}

// The JSON form of a constant value, as a client would send it as a variable:
// enums as strings, the rest as themselves.
void append_json(std::string& out, const ast::Value& v) {
  switch (v.kind) {
    case ast::ValueKind::kInt:
    case ast::ValueKind::kFloat: out.append(v.text); break;
    case ast::ValueKind::kString:
    case ast::ValueKind::kEnum: append_json_string(out, v.text); break;
    case ast::ValueKind::kBoolean: out.append(v.boolean ? "true" : "false"); break;
    case ast::ValueKind::kNull:
    case ast::ValueKind::kVariable: out.append("null"); break;  // never called on variables
    case ast::ValueKind::kList: {
      out.push_back('[');
      for (size_t i = 0; i < v.list.size(); ++i) {
        if (i) out.push_back(',');
        append_json(out, *v.list[i]);
      }
      out.push_back(']');
      break;
    }
    case ast::ValueKind::kObject: {
      out.push_back('{');
      for (size_t i = 0; i < v.fields.size(); ++i) {
        if (i) out.push_back(',');
        append_json_string(out, v.fields[i]->name.value);
        out.push_back(':');
        append_json(out, *v.fields[i]->value);
      }
      out.push_back('}');
      break;
    }
  }
}

class EquivalentRewriter {
 public:
  EquivalentRewriter(const schema::Schema& schema, const ast::Document& document,
                     const RewriteOptions& options, Arena& arena)
      : schema_(schema),
        document_(document),
        options_(options),
        arena_(arena),
        random_(options.seed),
        fresh_(document.source),
        defs_(to_vector(document.definitions)) {}

  Rewritten run() {
    if (options_.variables != VariableMode::kNone) lift_variables();
    if (options_.alias) alias_fields();
    if (options_.fragments) move_into_fragments();
    if (options_.shuffle) shuffle_everything();
    ast::Document out;
    out.source = document_.source;
    out.definitions = to_list(arena_, defs_);
    result_.query = graphql::print(out);
    if (options_.variables == VariableMode::kJson) {
      json_.push_back('}');
      result_.variables_json = std::move(json_);
    }
    return std::move(result_);
  }

 private:
  size_t operation_count() const {
    size_t n = 0;
    for (const ast::Definition* d : defs_) n += d->kind == ast::DefinitionKind::kOperation;
    return n;
  }

  TypeId scope_of(const ast::FragmentDefinition& f) const {
    return schema_.find_type(f.type_condition.value);
  }
  TypeId scope_of(const ast::InlineFragment& f, TypeId enclosing) const {
    return f.type_condition.empty() ? enclosing : schema_.find_type(f.type_condition.value);
  }

  // ------------------------------------------------------------ variables

  void lift_variables() {
    json_.assign(1, '{');  // (operator= of a literal trips GCC 12 -Wrestrict)
    const bool fragments_too = operation_count() == 1;
    size_t lifted = 0;
    for (ast::Definition*& d : defs_) {
      if (d->kind != ast::DefinitionKind::kOperation) continue;
      auto* op = clone(arena_, ast::as<ast::OperationDefinition>(*d));
      std::vector<ast::VariableDefinition*> vars = to_vector(op->variables);
      const size_t before = vars.size();
      op->selection_set = lift_in_set(op->selection_set, schema_.root_type(op->operation), vars);
      if (fragments_too) {
        for (ast::Definition*& f : defs_) {
          if (f->kind != ast::DefinitionKind::kFragment) continue;
          auto* frag = clone(arena_, ast::as<ast::FragmentDefinition>(*f));
          frag->selection_set = lift_in_set(frag->selection_set, scope_of(*frag), vars);
          f = frag;
        }
      }
      lifted += vars.size() - before;
      op->variables = to_list(arena_, vars);
      d = op;
    }
    result_.applied.push_back("variables: " + std::to_string(lifted) + " literal(s) lifted");
  }

  ast::SelectionSet* lift_in_set(const ast::SelectionSet* set, TypeId scope,
                                 std::vector<ast::VariableDefinition*>& vars) {
    if (!set) return nullptr;
    std::vector<ast::Selection*> items;
    for (ast::Selection* s : set->selections) {
      switch (s->kind) {
        case ast::SelectionKind::kField: {
          auto* f = clone(arena_, ast::as<ast::Field>(*s));
          const schema::FieldDef* def =
              scope == schema::kNone ? nullptr : schema_.field_named(scope, f->name.value);
          if (def) f->arguments = lift_arguments(f->arguments, def->arguments, vars);
          f->directives = lift_directives(f->directives, vars);
          f->selection_set =
              lift_in_set(f->selection_set, def ? def->type.named : schema::kNone, vars);
          items.push_back(f);
          break;
        }
        case ast::SelectionKind::kInlineFragment: {
          auto* f = clone(arena_, ast::as<ast::InlineFragment>(*s));
          f->directives = lift_directives(f->directives, vars);
          f->selection_set = lift_in_set(f->selection_set, scope_of(*f, scope), vars);
          items.push_back(f);
          break;
        }
        case ast::SelectionKind::kFragmentSpread: {
          auto* f = clone(arena_, ast::as<ast::FragmentSpread>(*s));
          f->directives = lift_directives(f->directives, vars);
          items.push_back(f);
          break;
        }
      }
    }
    auto* out = clone(arena_, *set);
    out->selections = to_list(arena_, items);
    return out;
  }

  ast::List<ast::Argument> lift_arguments(ast::List<ast::Argument> arguments,
                                          std::span<const schema::InputValue> definitions,
                                          std::vector<ast::VariableDefinition*>& vars) {
    std::vector<ast::Argument*> out;
    for (ast::Argument* a : arguments) {
      const schema::InputValue* def = schema::find_input_value(definitions, a->name.value);
      if (!def || has_variable(*a->value)) {
        out.push_back(a);
        continue;
      }
      const std::string name = fresh_.variable();
      auto* var = arena_.make<ast::VariableDefinition>();
      var->variable = make_name(arena_, name);
      var->type = make_type(arena_, schema_, def->type);
      if (options_.variables == VariableMode::kDefaults) {
        var->default_value = a->value;
      } else {
        if (json_.size() > 1) json_.push_back(',');
        append_json_string(json_, name);
        json_.push_back(':');
        append_json(json_, *a->value);
      }
      vars.push_back(var);
      auto* use = arena_.make<ast::Value>();
      use->kind = ast::ValueKind::kVariable;
      use->text = var->variable.value;
      auto* lifted = clone(arena_, *a);
      lifted->value = use;
      out.push_back(lifted);
    }
    return to_list(arena_, out);
  }

  // Only @skip and @include: their one argument is the built-in Boolean!.
  ast::List<ast::Directive> lift_directives(ast::List<ast::Directive> directives,
                                            std::vector<ast::VariableDefinition*>& vars) {
    std::vector<ast::Directive*> out;
    for (ast::Directive* d : directives) {
      const schema::DirectiveDef* def = schema_.directive_named(d->name.value);
      if (def && def->built_in && (d->name.value == "skip" || d->name.value == "include")) {
        auto* copy = clone(arena_, *d);
        copy->arguments = lift_arguments(d->arguments, def->arguments, vars);
        out.push_back(copy);
      } else {
        out.push_back(d);
      }
    }
    return to_list(arena_, out);
  }

  // ------------------------------------------------------------ alias

  void alias_fields() {
    aliased_ = 0;
    for (ast::Definition*& d : defs_) {
      if (d->kind == ast::DefinitionKind::kOperation) {
        auto* op = clone(arena_, ast::as<ast::OperationDefinition>(*d));
        op->selection_set = alias_set(op->selection_set);
        d = op;
      } else if (d->kind == ast::DefinitionKind::kFragment) {
        auto* f = clone(arena_, ast::as<ast::FragmentDefinition>(*d));
        f->selection_set = alias_set(f->selection_set);
        d = f;
      }
    }
    result_.applied.push_back("alias: " + std::to_string(aliased_) + " field(s)");
  }

  ast::SelectionSet* alias_set(const ast::SelectionSet* set) {
    if (!set) return nullptr;
    std::vector<ast::Selection*> items;
    for (ast::Selection* s : set->selections) {
      if (s->kind == ast::SelectionKind::kField) {
        auto* f = clone(arena_, ast::as<ast::Field>(*s));
        if (random_.chance(options_.alias_percent)) {
          f->alias = make_name(arena_, fresh_.alias());
          ++aliased_;
        }
        f->selection_set = alias_set(f->selection_set);
        items.push_back(f);
      } else if (s->kind == ast::SelectionKind::kInlineFragment) {
        auto* f = clone(arena_, ast::as<ast::InlineFragment>(*s));
        f->selection_set = alias_set(f->selection_set);
        items.push_back(f);
      } else {
        items.push_back(s);
      }
    }
    auto* out = clone(arena_, *set);
    out->selections = to_list(arena_, items);
    return out;
  }

  // ------------------------------------------------------------ fragments

  void move_into_fragments() {
    std::vector<ast::Definition*> created;
    for (ast::Definition*& d : defs_) {
      if (d->kind == ast::DefinitionKind::kOperation) {
        auto* op = clone(arena_, ast::as<ast::OperationDefinition>(*d));
        op->selection_set =
            fragment_set(op->selection_set, schema_.root_type(op->operation), created);
        d = op;
      } else if (d->kind == ast::DefinitionKind::kFragment) {
        auto* f = clone(arena_, ast::as<ast::FragmentDefinition>(*d));
        f->selection_set = fragment_set(f->selection_set, scope_of(*f), created);
        d = f;
      }
    }
    // At least one of each kind, at the root of the first operation.
    for (ast::Definition*& d : defs_) {
      if (d->kind != ast::DefinitionKind::kOperation) continue;
      auto* op = clone(arena_, ast::as<ast::OperationDefinition>(*d));
      const TypeId root = schema_.root_type(op->operation);
      if (root == schema::kNone || op->selection_set->selections.empty()) break;
      if (named_ == 0) {
        op->selection_set = wrap_named(to_vector(op->selection_set->selections), root, created);
      }
      if (inline_ == 0) {
        op->selection_set = wrap_inline(to_vector(op->selection_set->selections), root, true);
      }
      d = op;
      break;
    }
    defs_.insert(defs_.end(), created.begin(), created.end());
  }

  ast::SelectionSet* make_set(const std::vector<ast::Selection*>& items) {
    auto* set = arena_.make<ast::SelectionSet>();
    set->selections = to_list(arena_, items);
    return set;
  }

  // `{ ...rwFn }` with `fragment rwFn on Scope { items }` added to `created`.
  ast::SelectionSet* wrap_named(const std::vector<ast::Selection*>& items, TypeId scope,
                                std::vector<ast::Definition*>& created) {
    return make_set({named_spread(items, scope, created)});
  }

  ast::Selection* named_spread(const std::vector<ast::Selection*>& items, TypeId scope,
                               std::vector<ast::Definition*>& created) {
    auto* def = arena_.make<ast::FragmentDefinition>();
    def->kind = ast::DefinitionKind::kFragment;
    def->name = make_name(arena_, fresh_.fragment());
    def->type_condition = make_name(arena_, schema_.type(scope).name);
    def->selection_set = make_set(items);
    created.push_back(def);
    auto* spread = arena_.make<ast::FragmentSpread>();
    spread->kind = ast::SelectionKind::kFragmentSpread;
    spread->name = def->name;
    ++named_;
    result_.applied.push_back("named fragment " + std::string(def->name.value) + " on " +
                              std::string(schema_.type(scope).name));
    return spread;
  }

  ast::SelectionSet* wrap_inline(const std::vector<ast::Selection*>& items, TypeId scope,
                                 bool with_condition) {
    return make_set({inline_fragment(items, scope, with_condition)});
  }

  ast::Selection* inline_fragment(const std::vector<ast::Selection*>& items, TypeId scope,
                                  bool with_condition) {
    auto* f = arena_.make<ast::InlineFragment>();
    f->kind = ast::SelectionKind::kInlineFragment;
    if (with_condition) f->type_condition = make_name(arena_, schema_.type(scope).name);
    f->selection_set = make_set(items);
    ++inline_;
    result_.applied.push_back(with_condition
                                  ? "inline fragment on " + std::string(schema_.type(scope).name)
                                  : std::string("inline fragment without condition"));
    return f;
  }

  // Children first (so fragments nest), then this set's selections: each
  // one, with options_.fragment_percent, joins the set's inline group or its
  // named group; each group becomes one fragment, placed where its first
  // member was.
  ast::SelectionSet* fragment_set(const ast::SelectionSet* set, TypeId scope,
                                  std::vector<ast::Definition*>& created) {
    if (!set) return nullptr;
    std::vector<ast::Selection*> items;
    for (ast::Selection* s : set->selections) {
      if (s->kind == ast::SelectionKind::kField) {
        auto* f = clone(arena_, ast::as<ast::Field>(*s));
        f->selection_set =
            fragment_set(f->selection_set, field_type(schema_, scope, f->name.value), created);
        items.push_back(f);
      } else if (s->kind == ast::SelectionKind::kInlineFragment) {
        auto* f = clone(arena_, ast::as<ast::InlineFragment>(*s));
        f->selection_set = fragment_set(f->selection_set, scope_of(*f, scope), created);
        items.push_back(f);
      } else {
        items.push_back(s);
      }
    }
    if (scope == schema::kNone) return make_set(items);
    enum Group : uint8_t { kStay, kInline, kNamed };
    std::vector<Group> group(items.size(), kStay);
    std::vector<ast::Selection*> inline_items, named_items;
    for (size_t i = 0; i < items.size(); ++i) {
      if (!random_.chance(options_.fragment_percent)) continue;
      group[i] = random_.chance(50) ? kInline : kNamed;
      (group[i] == kInline ? inline_items : named_items).push_back(items[i]);
    }
    const bool with_condition = random_.chance(50);
    std::vector<ast::Selection*> out;
    bool inline_placed = false, named_placed = false;
    for (size_t i = 0; i < items.size(); ++i) {
      if (group[i] == kStay) {
        out.push_back(items[i]);
      } else if (group[i] == kInline && !inline_placed) {
        out.push_back(inline_fragment(inline_items, scope, with_condition));
        inline_placed = true;
      } else if (group[i] == kNamed && !named_placed) {
        out.push_back(named_spread(named_items, scope, created));
        named_placed = true;
      }
    }
    return make_set(out);
  }

  // ------------------------------------------------------------ shuffle

  void shuffle_everything() {
    for (ast::Definition*& d : defs_) {
      if (d->kind == ast::DefinitionKind::kOperation) {
        auto* op = clone(arena_, ast::as<ast::OperationDefinition>(*d));
        std::vector<ast::VariableDefinition*> vars;
        for (ast::VariableDefinition* v : op->variables) {
          auto* copy = clone(arena_, *v);
          if (copy->default_value) copy->default_value = shuffle_value(copy->default_value);
          vars.push_back(copy);
        }
        random_.shuffle(std::span(vars));
        op->variables = to_list(arena_, vars);
        op->selection_set = shuffle_set(op->selection_set);
        d = op;
      } else if (d->kind == ast::DefinitionKind::kFragment) {
        auto* f = clone(arena_, ast::as<ast::FragmentDefinition>(*d));
        f->selection_set = shuffle_set(f->selection_set);
        d = f;
      }
    }
    random_.shuffle(std::span(defs_));
    result_.applied.push_back("shuffle");
  }

  ast::Value* shuffle_value(const ast::Value* v) {
    auto* copy = clone(arena_, *v);
    if (v->kind == ast::ValueKind::kList) {
      std::vector<ast::Value*> items;
      for (const ast::Value* item : v->list) items.push_back(shuffle_value(item));
      copy->list = to_list(arena_, items);  // list order is data: kept
    } else if (v->kind == ast::ValueKind::kObject) {
      std::vector<ast::ObjectField*> fields;
      for (const ast::ObjectField* f : v->fields) {
        auto* field = clone(arena_, *f);
        field->value = shuffle_value(f->value);
        fields.push_back(field);
      }
      random_.shuffle(std::span(fields));
      copy->fields = to_list(arena_, fields);
    }
    return copy;
  }

  ast::List<ast::Argument> shuffle_arguments(ast::List<ast::Argument> arguments) {
    std::vector<ast::Argument*> out;
    for (const ast::Argument* a : arguments) {
      auto* copy = clone(arena_, *a);
      copy->value = shuffle_value(a->value);
      out.push_back(copy);
    }
    random_.shuffle(std::span(out));
    return to_list(arena_, out);
  }

  ast::List<ast::Directive> shuffle_directives(ast::List<ast::Directive> directives) {
    std::vector<ast::Directive*> out;
    for (const ast::Directive* d : directives) {
      auto* copy = clone(arena_, *d);
      copy->arguments = shuffle_arguments(d->arguments);
      out.push_back(copy);
    }
    random_.shuffle(std::span(out));
    return to_list(arena_, out);
  }

  ast::SelectionSet* shuffle_set(const ast::SelectionSet* set) {
    if (!set) return nullptr;
    std::vector<ast::Selection*> items;
    for (ast::Selection* s : set->selections) {
      if (s->kind == ast::SelectionKind::kField) {
        auto* f = clone(arena_, ast::as<ast::Field>(*s));
        f->arguments = shuffle_arguments(f->arguments);
        f->directives = shuffle_directives(f->directives);
        f->selection_set = shuffle_set(f->selection_set);
        items.push_back(f);
      } else if (s->kind == ast::SelectionKind::kInlineFragment) {
        auto* f = clone(arena_, ast::as<ast::InlineFragment>(*s));
        f->directives = shuffle_directives(f->directives);
        f->selection_set = shuffle_set(f->selection_set);
        items.push_back(f);
      } else {
        auto* f = clone(arena_, ast::as<ast::FragmentSpread>(*s));
        f->directives = shuffle_directives(f->directives);
        items.push_back(f);
      }
    }
    random_.shuffle(std::span(items));
    return make_set(items);
  }

  const schema::Schema& schema_;
  const ast::Document& document_;
  const RewriteOptions& options_;
  Arena& arena_;
  SeededRandom random_;
  FreshNames fresh_;
  std::vector<ast::Definition*> defs_;
  Rewritten result_;
  std::string json_;
  size_t aliased_ = 0;
  size_t named_ = 0;
  size_t inline_ = 0;
};

}  // namespace

Result<Rewritten> rewrite_equivalent(const schema::Schema& schema, std::string_view query,
                                     const RewriteOptions& options) {
  Arena arena;
  auto parsed = graphql::parse(query, arena);
  if (!parsed.ok()) return Unexpected{std::move(parsed).error()};
  EquivalentRewriter rewriter(schema, *parsed.value(), options, arena);
  return rewriter.run();
}

}  // namespace gqleval::rewrite

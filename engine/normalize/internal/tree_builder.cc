// Expansion of selection sets into the build tree: fragments in place, ground
// types, arguments, directives, merging, and the endpoint rules on root fields.
#include "engine/normalize/internal/tree_builder.h"

#include <algorithm>

namespace gqleval::normalize {

namespace {

// Fragment spreads and fields nested this deep cannot come from a validated
// document with max_depth levels of fields; it guards the recursion when
// validation was skipped (a fragment cycle, say).
constexpr uint32_t kMaxNesting = 1024;

const schema::InputValue* find_input(std::span<const schema::InputValue> defs,
                                     std::string_view name) {
  for (const schema::InputValue& d : defs) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

}  // namespace

Result<NormalTree> TreeBuilder::run(const schema::Schema& schema, const ast::Document& document,
                                    const ast::OperationDefinition& operation,
                                    const NormalizeOptions& options, const Rewrites* rewrites,
                                    Arena& arena) {
  fragments_.clear();
  for (const ast::Definition* d : document.definitions) {
    if (d->kind == ast::DefinitionKind::kFragment) {
      fragments_.push_back(&ast::as<ast::FragmentDefinition>(*d));
    }
  }
  if (!begin(schema, operation, operation.selection_set != nullptr, options, rewrites, arena) ||
      !expand(0, *operation.selection_set, schema.possible_types(nodes_[0].type), 0, 0, 0)) {
    return Unexpected{std::move(*error_)};
  }
  return finish();
}

bool TreeBuilder::begin(const schema::Schema& schema, const ast::OperationDefinition& operation,
                        bool has_selection_set, const NormalizeOptions& options,
                        const Rewrites* rewrites, Arena& arena) {
  schema_ = &schema;
  operation_ = &operation;
  options_ = &options;
  rewrites_ = rewrites;
  arena_ = &arena;
  coercer_.emplace(schema, arena);
  coercer_->set_resolver(&variables_);
  error_.reset();
  nodes_.clear();
  atoms_.clear();
  firings_.clear();
  live_nodes_ = 0;
  steps_ = 0;
  spreads_done_.clear();
  any_symbols_ = false;
  boolean_type_ = schema::kNone;

  if (auto err = variables_.bind(schema, operation, options.variables_json)) {
    error_ = std::move(*err);
    return false;
  }
  const schema::TypeId root_type = schema.root_type(operation.operation);
  const std::string_view kind = ast::operation_type_name(operation.operation);
  if (root_type == schema::kNone || !has_selection_set) {
    error_ = make_error("OperationTypeExistence",
                        "Schema is not configured to execute " + std::string(kind) + " operation.",
                        operation.loc.pos());
    return false;
  }

  // The root: the operation kind, with the operation's own directives (skip
  // and include are not allowed there; any other is kept in its identity).
  bool excluded = false;
  if (!apply_directives(operation.directives, excluded)) return false;
  BuildNode root;
  root.name = kind;
  root.type = root_type;
  root.pos = operation.loc.pos();
  root.cond = make_condition(0, root.has_symbols);
  any_symbols_ = root.has_symbols;
  atoms_.clear();
  nodes_.push_back(root);
  live_nodes_ = 1;
  return true;
}

NormalTree TreeBuilder::finish() {
  if (rewrites_ != nullptr && options_->rules.cycles) apply_cycles();
  return finalize();
}

bool TreeBuilder::limit_error(std::string message, SourcePos pos) {
  if (!error_) error_ = make_error("NormalizeLimit", std::move(message), pos);
  return false;
}

bool TreeBuilder::coercion_failed() {
  if (!error_) error_ = coercer_->error();
  return false;
}

bool TreeBuilder::expand(uint32_t parent, const ast::SelectionSet& set,
                         std::span<const schema::TypeId> possible, size_t atoms_begin,
                         uint32_t depth, uint32_t nesting) {
  // Fragments spread here already, without directives: spreading one again
  // under the same parent, types and conditions adds nothing (its nodes merge
  // into the ones it made), so it is skipped. This keeps `...F ...F` chains,
  // which double at every level, linear. (A false return ends the run, and
  // run() empties the list, so only the normal end pops this scope.)
  const size_t spreads_mark = spreads_done_.size();
  for (const ast::Selection* sel : set.selections) {
    if (++steps_ > kMaxExpansionSteps) {
      return limit_error("The query's fragments expand to more than " +
                             std::to_string(kMaxExpansionSteps) +
                             " selections (the limit); they may expand exponentially.",
                         sel->loc.pos());
    }
    switch (sel->kind) {
      case ast::SelectionKind::kField:
        if (!add_field(parent, ast::as<ast::Field>(*sel), possible, atoms_begin, depth, nesting)) {
          return false;
        }
        break;
      case ast::SelectionKind::kInlineFragment: {
        const auto& f = ast::as<ast::InlineFragment>(*sel);
        if (f.selection_set == nullptr) break;
        if (!add_fragment(parent, *f.selection_set, f.type_condition.value, f.directives, {},
                          possible, atoms_begin, depth, nesting)) {
          return false;
        }
        break;
      }
      case ast::SelectionKind::kFragmentSpread: {
        const auto& s = ast::as<ast::FragmentSpread>(*sel);
        const ast::FragmentDefinition* def = nullptr;
        for (const ast::FragmentDefinition* f : fragments_) {
          if (f->name.value == s.name.value) {
            def = f;
            break;
          }
        }
        if (def == nullptr || def->selection_set == nullptr) break;  // validation reports it
        if (s.directives.empty() && def->directives.empty()) {
          const auto done = spreads_done_.begin() + static_cast<ptrdiff_t>(spreads_mark);
          if (std::find(done, spreads_done_.end(), def) != spreads_done_.end()) break;
          spreads_done_.push_back(def);
        }
        if (!add_fragment(parent, *def->selection_set, def->type_condition.value, s.directives,
                          def->directives, possible, atoms_begin, depth, nesting)) {
          return false;
        }
        break;
      }
    }
  }
  spreads_done_.resize(spreads_mark);
  return true;
}

std::span<const schema::TypeId> TreeBuilder::narrow(std::span<const schema::TypeId> possible,
                                                    schema::TypeId condition) {
  std::span<const schema::TypeId> cond = schema_->possible_types(condition);
  if (cond.size() == 1) {
    // A concrete condition (the common case): no allocation.
    return std::binary_search(possible.begin(), possible.end(), cond[0])
               ? cond
               : std::span<const schema::TypeId>{};
  }
  if (possible.size() == 1) {
    return std::binary_search(cond.begin(), cond.end(), possible[0])
               ? possible
               : std::span<const schema::TypeId>{};
  }
  auto out = arena_->make_array<schema::TypeId>(std::min(possible.size(), cond.size()));
  auto end = std::set_intersection(possible.begin(), possible.end(), cond.begin(), cond.end(),
                                   out.begin());
  return {out.data(), static_cast<size_t>(end - out.begin())};
}

bool TreeBuilder::add_fragment(uint32_t parent, const ast::SelectionSet& set,
                               std::string_view type_condition,
                               std::span<const ast::Directive* const> directives,
                               std::span<const ast::Directive* const> definition_directives,
                               std::span<const schema::TypeId> possible, size_t atoms_begin,
                               uint32_t depth, uint32_t nesting) {
  const size_t mark = atoms_.size();
  bool excluded = false;
  if (!apply_directives(directives, excluded) ||
      !apply_directives(definition_directives, excluded)) {
    return false;
  }
  if (!excluded) {
    std::span<const schema::TypeId> narrowed = possible;
    if (!type_condition.empty()) {
      schema::TypeId t = schema_->find_type(type_condition);
      narrowed = t == schema::kNone ? std::span<const schema::TypeId>{} : narrow(possible, t);
    }
    if (!narrowed.empty()) {
      if (nesting + 1 > kMaxNesting) {
        return limit_error(
            "Fragments nest deeper than " + std::to_string(kMaxNesting) + " levels (the limit).",
            set.loc.pos());
      }
      if (!expand(parent, set, narrowed, atoms_begin, depth, nesting + 1)) return false;
    }
  }
  atoms_.resize(mark);
  return true;
}

bool TreeBuilder::apply_directives(std::span<const ast::Directive* const> directives,
                                   bool& excluded) {
  for (const ast::Directive* d : directives) {
    const std::string_view name = d->name.value;
    const schema::DirectiveDef* def = schema_->directive_named(name);
    const bool condition = def != nullptr && def->built_in && (name == "skip" || name == "include");
    if (condition) {
      const ast::Argument* if_arg = nullptr;
      for (const ast::Argument* a : d->arguments) {
        if (a->name.value == "if") if_arg = a;
      }
      if (if_arg == nullptr) continue;  // validation reports it
      if (boolean_type_ == schema::kNone) boolean_type_ = schema_->find_type("Boolean");
      const CValue* v =
          coercer_->coerce_literal(*if_arg->value, schema::TypeRef{boolean_type_, 0, 1});
      if (v == nullptr) return coercion_failed();
      if (v->kind == CKind::kBoolean) {
        if (name == "skip" ? v->boolean : !v->boolean) excluded = true;
        continue;  // decided statically: nothing stays in the identity
      }
      // An unbound variable: the condition becomes part of the identity.
      text_.clear();
      text_.push_back('@');
      text_.append(name);
      text_.append("(if: ");
      append_value(text_, *v);
      text_.push_back(')');
    } else {
      // Any other executable directive is kept, printed canonically.
      directive_args_.clear();
      if (def != nullptr) {
        if (!coercer_->coerce_arguments(d->arguments, def->arguments, directive_args_)) {
          return coercion_failed();
        }
      } else {
        for (const ast::Argument* a : d->arguments) {
          const CValue* v = coercer_->coerce_literal(*a->value, schema::TypeRef{});
          if (v == nullptr) return coercion_failed();
          directive_args_.push_back(CArgument{a->name.value, v});
        }
        std::sort(directive_args_.begin(), directive_args_.end(),
                  [](const CArgument& x, const CArgument& y) { return x.name < y.name; });
      }
      text_.clear();
      text_.push_back('@');
      text_.append(name);
      append_arguments(text_, directive_args_);
    }
    atoms_.push_back(arena_->copy_string(text_));
  }
  return true;
}

std::string_view TreeBuilder::make_condition(size_t atoms_begin, bool& has_symbols) {
  has_symbols = false;
  if (atoms_.size() <= atoms_begin) return {};
  cond_scratch_.assign(atoms_.begin() + static_cast<ptrdiff_t>(atoms_begin), atoms_.end());
  std::sort(cond_scratch_.begin(), cond_scratch_.end());
  cond_scratch_.erase(std::unique(cond_scratch_.begin(), cond_scratch_.end()), cond_scratch_.end());
  text_.clear();
  for (size_t i = 0; i < cond_scratch_.size(); ++i) {
    if (i) text_.push_back(kAtomSeparator);
    text_.append(cond_scratch_[i]);
  }
  has_symbols = text_.find(kSymbolMarker) != std::string::npos;
  return arena_->copy_string(text_);
}

bool TreeBuilder::add_field(uint32_t parent, const ast::Field& field,
                            std::span<const schema::TypeId> possible, size_t atoms_begin,
                            uint32_t depth, uint32_t nesting) {
  const size_t mark = atoms_.size();
  bool excluded = false;
  // (Most fields have no directive and sit under no condition: the tests are
  // inline, the calls are not made.)
  if (!field.directives.empty() && !apply_directives(field.directives, excluded)) return false;
  const bool is_typename = field.name.value == "__typename";
  if (excluded || (is_typename && options_->ignore_typename)) {
    atoms_.resize(mark);
    return true;
  }
  bool cond_symbols = false;
  const std::string_view cond =
      atoms_.size() > atoms_begin ? make_condition(atoms_begin, cond_symbols) : std::string_view{};
  atoms_.resize(mark);
  if (depth + 1 > options_->max_depth) {
    return limit_error("The query nests fields deeper than " + std::to_string(options_->max_depth) +
                           " levels (the limit).",
                       field.loc.pos());
  }

  const bool abstract = schema_->is_abstract(nodes_[parent].type);
  for (schema::TypeId t : possible) {
    const uint32_t child = add_selection(parent, field, t, abstract, cond, cond_symbols);
    if (child == kNoNode) {
      if (error_) return false;
      continue;  // not a field of t: validation reports it
    }
    if (field.selection_set != nullptr) {
      const schema::TypeId rt = nodes_[child].type;
      if (rt == schema::kNone) continue;
      if (nesting + 1 > kMaxNesting) {
        return limit_error(
            "Fields nest deeper than " + std::to_string(kMaxNesting) + " levels (the limit).",
            field.loc.pos());
      }
      if (!expand(child, *field.selection_set, schema_->possible_types(rt), atoms_.size(),
                  depth + 1, nesting + 1)) {
        return false;
      }
    }
  }
  return true;
}

// The node that `field` selects on the possible type t of parent's type
// (found or added; t is its on_type when that type is abstract): the field
// looked up, its arguments coerced, the Stage 3 rules on them. kNoNode when
// t has no such field, or on an error (error_ set).
uint32_t TreeBuilder::add_selection(uint32_t parent, const ast::Field& field, schema::TypeId t,
                                    bool abstract, std::string_view cond, bool cond_symbols) {
  const bool at_query_root =
      parent == 0 && operation_->operation == ast::OperationType::kQuery && rewrites_ != nullptr;
  schema::FieldId fid = schema::kNone;
  if (field.name.value == "__typename") {
    fid = schema_->typename_field();
  } else if (field.resolved_in == schema_ && field.resolved_on == t) {
    fid = field.resolved_field;  // validation looked it up
  } else {
    fid = schema_->find_field(t, field.name.value);
  }
  if (fid == schema::kNone) return kNoNode;
  if (!coercer_->coerce_arguments(field.arguments, schema_->field(fid).arguments, args_)) {
    coercion_failed();
    return kNoNode;
  }
  // (Most fields meet no rule: the test is inline, the work is not.)
  const WrittenAs written =
      rewrites_ != nullptr && (at_query_root || rewrites_->ignores_arguments_of(fid))
          ? rewrite_field(fid, field, parent, at_query_root)
          : WrittenAs{};
  std::string_view args_text;
  bool arg_symbols = false;
  if (!args_.empty()) {
    text_.clear();
    append_arguments(text_, args_);
    arg_symbols = text_.find(kSymbolMarker) != std::string::npos;
    args_text = arena_->copy_string(text_);
  }
  return find_or_add(parent, fid, abstract ? t : schema::kNone, args_text, cond,
                     arg_symbols || cond_symbols, field.loc.pos(), written);
}

WrittenAs TreeBuilder::rewrite_field(schema::FieldId& fid, const ast::Field& source,
                                     uint32_t parent, bool at_query_root) {
  const bool ignores = rewrites_->ignores_arguments_of(fid);
  if (!ignores && !(at_query_root && may_map_endpoint(fid))) return {};
  written_text_.assign(schema_->field(fid).name);
  append_arguments(written_text_, args_);
  MappedBy rule = MappedBy::kNone;
  if (ignores && drop_ignored_arguments(fid)) {
    rule = MappedBy::kIgnoreArguments;
    path_text_.clear();
    append_raw_path(path_text_, parent);
    path_text_.append(" -> ").append(written_text_);
    fire(kRuleIgnoreArguments, path_text_,
         "arguments declared in the rules file left out of the identity", source.loc.pos());
  }
  if (at_query_root) {
    const MappedBy mapped = apply_endpoint_rules(fid, source);
    if (mapped != MappedBy::kNone) {
      rule = mapped;
      // The field it became may ignore arguments of its own.
      if (rewrites_->ignores_arguments_of(fid)) drop_ignored_arguments(fid);
    }
  }
  if (rule == MappedBy::kNone) return {};
  return WrittenAs{arena_->copy_string(written_text_), rule};
}

// Whether an endpoint rule that is on could change fid (so that a field no
// rule touches costs no text).
bool TreeBuilder::may_map_endpoint(schema::FieldId fid) const {
  const RuleSwitches& on = options_->rules;
  return (on.endpoints && (rewrites_->canonical_endpoint(fid) != fid ||
                           !rewrites_->argument_maps_from(fid).empty())) ||
         (on.rgeval && rewrites_->rgeval_endpoint(fid) != fid);
}

// Declared argument insensitivity (rules file `ignore_arguments`): the
// declared arguments of fid leave the identity.
bool TreeBuilder::drop_ignored_arguments(schema::FieldId fid) {
  const size_t before = args_.size();
  std::erase_if(args_,
                [&](const CArgument& a) { return rewrites_->ignores_argument(fid, a.name); });
  return args_.size() != before;
}

MappedBy TreeBuilder::apply_endpoint_rules(schema::FieldId& fid, const ast::Field& source) {
  const RuleSwitches& on = options_->rules;
  const SourcePos pos = source.loc.pos();
  MappedBy rule = MappedBy::kNone;
  if (on.endpoints) {
    const bool mapped = apply_argument_maps(fid, pos);
    if (apply_canonical_endpoint(fid, pos) || mapped) rule = MappedBy::kEndpoints;
  }
  if (on.rgeval && apply_rgeval_endpoint(fid, pos)) rule = MappedBy::kRgeval;
  return rule;
}

// The first argument map from fid whose pattern matches the arguments:
// its target's arguments replace them, and fid becomes the map's target.
bool TreeBuilder::apply_argument_maps(schema::FieldId& fid, SourcePos pos) {
  for (const ArgumentMap& m : rewrites_->argument_maps_from(fid)) {
    captures_.assign(m.capture_count, nullptr);
    if (!match_arguments(m.pattern, args_, captures_)) continue;
    mapped_args_.clear();
    for (const CArgument& a : m.target) {
      mapped_args_.push_back(CArgument{a.name, substitute_captures(*a.value, captures_, *arena_)});
    }
    args_.swap(mapped_args_);
    drop_default_arguments(m.to);
    detail_text_.assign("argument map ").append(m.text);
    fire(kRuleEndpoints, endpoint_path(), detail_text_, pos);
    fid = m.to;
    return true;
  }
  return false;
}

// A field that serves the same data as a canonical one becomes that one.
bool TreeBuilder::apply_canonical_endpoint(schema::FieldId& fid, SourcePos pos) {
  const schema::FieldId canonical = rewrites_->canonical_endpoint(fid);
  if (canonical == fid) return false;
  fire(kRuleEndpoints, endpoint_path(), rename_detail(fid, canonical, " (same data)"), pos);
  fill_default_arguments(fid);
  fid = canonical;
  drop_default_arguments(fid);
  return true;
}

// RGEval's rule: a field becomes the representative of its base type's fields.
bool TreeBuilder::apply_rgeval_endpoint(schema::FieldId& fid, SourcePos pos) {
  const schema::FieldId representative = rewrites_->rgeval_endpoint(fid);
  if (representative == fid) return false;
  rename_detail(fid, representative, " (same base type ");
  detail_text_.append(schema_->type(schema_->field(fid).type.named).name).push_back(')');
  fire(kRuleRgeval, endpoint_path(), detail_text_, pos);
  fid = representative;
  return true;
}

// Where an endpoint rule fired: the selection as the query wrote it.
std::string_view TreeBuilder::endpoint_path() {
  path_text_.assign(nodes_[0].name);
  path_text_.append(" -> ").append(written_text_);
  return path_text_;
}

std::string_view TreeBuilder::rename_detail(schema::FieldId from, schema::FieldId to,
                                            std::string_view suffix) {
  detail_text_.assign(schema_->field(from).name);
  detail_text_.append(" -> ").append(schema_->field(to).name).append(suffix);
  return detail_text_;
}

void TreeBuilder::drop_default_arguments(schema::FieldId f) {
  const auto defs = schema_->field(f).arguments;
  size_t kept = 0;
  for (const CArgument& a : args_) {
    const schema::InputValue* def = find_input(defs, a.name);
    if (def != nullptr && def->default_value != nullptr) {
      const CValue* d = coercer_->default_of(*def);
      if (d != nullptr && values_equal(*a.value, *d)) continue;
    }
    args_[kept++] = a;
  }
  args_.resize(kept);
}

// The defaults of f made explicit: a field renamed to its canonical one keeps
// the values it meant, also where the two declare other defaults.
void TreeBuilder::fill_default_arguments(schema::FieldId f) {
  const size_t given = args_.size();
  for (const schema::InputValue& def : schema_->field(f).arguments) {
    bool present = false;
    for (size_t i = 0; i < given; ++i) present = present || args_[i].name == def.name;
    if (present) continue;
    if (const CValue* d = coercer_->default_of(def)) args_.push_back(CArgument{def.name, d});
  }
  if (args_.size() == given) return;
  std::sort(args_.begin(), args_.end(),
            [](const CArgument& a, const CArgument& b) { return a.name < b.name; });
}

uint32_t TreeBuilder::find_or_add(uint32_t parent, schema::FieldId field, schema::TypeId on_type,
                                  std::string_view args, std::string_view cond, bool has_symbols,
                                  SourcePos pos, const WrittenAs& written) {
  for (uint32_t c = nodes_[parent].first_child; c != kNoNode; c = nodes_[c].next_sibling) {
    const BuildNode& n = nodes_[c];
    if (n.field == field && n.on_type == on_type && n.args == args && n.cond == cond) return c;
  }
  if (live_nodes_ > options_->max_nodes) {
    limit_error("The query normalizes to more than " + std::to_string(options_->max_nodes) +
                    " response nodes (the limit); its fragments may expand exponentially.",
                pos);
    return kNoNode;
  }
  const schema::FieldDef& def = schema_->field(field);
  const auto index = static_cast<uint32_t>(nodes_.size());
  // Built in place: a stack copy written field by field and then copied whole
  // stalls on store forwarding.
  BuildNode& n = nodes_.emplace_back();
  n.field = field;
  n.on_type = on_type;
  n.type = def.type.named;
  n.name = def.name;
  n.args = args;
  n.cond = cond;
  n.pos = pos;
  n.has_symbols = has_symbols;
  if (!written.text.empty()) {
    n.written = written.text;
    n.mapped_by = written.rule;
    any_symbols_ |= written.text.find(kSymbolMarker) != std::string_view::npos;
  }
  append_child(parent, index);
  ++live_nodes_;
  any_symbols_ |= has_symbols;
  return index;
}

void TreeBuilder::append_child(uint32_t parent, uint32_t child) {
  BuildNode& p = nodes_[parent];
  nodes_[child].parent = parent;
  nodes_[child].next_sibling = kNoNode;
  if (p.last_child == kNoNode) {
    p.first_child = child;
  } else {
    nodes_[p.last_child].next_sibling = child;
  }
  p.last_child = child;
}

void TreeBuilder::append_raw_key(std::string& out, uint32_t node) const {
  const BuildNode& n = nodes_[node];
  if (n.written.empty()) {
    out.append(n.name);
    out.append(n.args);
  } else {
    out.append(n.written);
  }
  if (n.on_type != schema::kNone) out.append(" on ").append(schema_->type(n.on_type).name);
  if (!n.cond.empty()) {
    out.push_back(' ');
    for (char c : n.cond) out.push_back(c == kAtomSeparator ? ' ' : c);
  }
}

void TreeBuilder::append_raw_path(std::string& out, uint32_t node) const {
  if (nodes_[node].parent != kNoNode) {
    append_raw_path(out, nodes_[node].parent);
    out.append(" -> ");
  }
  append_raw_key(out, node);
}

void TreeBuilder::fire(std::string_view rule, std::string_view path, std::string_view detail,
                       SourcePos pos) {
  if (path.find(kSymbolMarker) != std::string_view::npos ||
      detail.find(kSymbolMarker) != std::string_view::npos) {
    any_symbols_ = true;
  }
  firings_.push_back(
      BuildFiring{rule, arena_->copy_string(path), arena_->copy_string(detail), pos});
}

}  // namespace gqleval::normalize

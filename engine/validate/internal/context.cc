#include "engine/validate/internal/context.h"

#include <memory>
#include <utility>

#include "engine/validate/internal/walk_tape.h"
#include "engine/validate/internal/walker.h"
#include "engine/validate/internal/workspace_buffers.h"

namespace gqleval::validate {

using schema::kNone;

ValidationContext::ValidationContext(const schema::Schema& schema, const ast::Document& document,
                                     const ValidateOptions& options)
    : schema(schema), document(document), options(options) {
  own_ = std::make_unique<Buffers>();
  b_ = own_.get();
  start();
}

ValidationContext::ValidationContext(const schema::Schema& schema, const ast::Document& document,
                                     const ValidateOptions& options, ValidationWorkspace& workspace)
    : schema(schema), document(document), options(options) {
  if (workspace.in_use_) {
    own_ = std::make_unique<Buffers>();
    b_ = own_.get();
  } else {
    if (!workspace.buffers_) workspace.buffers_ = std::make_unique<Buffers>();
    workspace.in_use_ = true;
    workspace_ = &workspace;
    b_ = workspace.buffers_.get();
  }
  start();
}

ValidationContext::~ValidationContext() {
  if (workspace_ != nullptr) workspace_->in_use_ = false;
}

void ValidationContext::start() {
  b_->clear();
  for (const ast::Definition* d : document.definitions) {
    if (d->kind == ast::DefinitionKind::kOperation) {
      b_->operations.push_back(&ast::as<ast::OperationDefinition>(*d));
    } else if (d->kind == ast::DefinitionKind::kFragment) {
      b_->fragments.push_back(&ast::as<ast::FragmentDefinition>(*d));
    }
  }
  operations = b_->operations;
  fragments = b_->fragments;
}

const ast::FragmentDefinition* ValidationContext::fragment(std::string_view name) const {
  // The last definition of a name wins, as graphql-js's fragment map keeps it.
  // (A reverse iterator loop, not std::views::reverse: clang 14 cannot use
  // libstdc++ 12's ranges.)
  for (auto it = fragments.rbegin(); it != fragments.rend(); ++it) {
    if ((*it)->name.value == name) return *it;
  }
  return nullptr;
}

namespace {

// The built-in scalars that graphql-js's type map holds only when referenced.
constexpr std::string_view kOptionalScalars[] = {"Int", "Float", "ID"};

void mark_referenced(const schema::Schema& s, schema::TypeRef t, int& bits) {
  if (t.named == kNone) return;
  std::string_view name = s.type(t.named).name;
  for (int i = 0; i < 3; ++i) {
    if (name == kOptionalScalars[i]) bits |= 1 << i;
  }
}

}  // namespace

schema::TypeId ValidationContext::find_type(std::string_view name) const {
  schema::TypeId id = schema.find_type(name);
  if (id == kNone || !schema.type(id).built_in) return id;
  int bit = -1;
  for (int i = 0; i < 3; ++i) {
    if (name == kOptionalScalars[i]) bit = i;
  }
  if (bit < 0) return id;
  if (referenced_scalars_ < 0) {
    int bits = 0;
    for (size_t f = 0; f < schema.field_count(); ++f) {
      const schema::FieldDef& fd = schema.field(static_cast<schema::FieldId>(f));
      mark_referenced(schema, fd.type, bits);
      for (const schema::InputValue& a : fd.arguments) mark_referenced(schema, a.type, bits);
    }
    for (size_t t = 0; t < schema.type_count(); ++t) {
      for (const schema::InputValue& a : schema.type(static_cast<schema::TypeId>(t)).input_fields) {
        mark_referenced(schema, a.type, bits);
      }
    }
    for (const schema::DirectiveDef& d : schema.directives()) {
      if (!d.declared) continue;
      for (const schema::InputValue& a : d.arguments) mark_referenced(schema, a.type, bits);
    }
    referenced_scalars_ = bits;
  }
  return (referenced_scalars_ >> bit) & 1 ? id : kNone;
}

schema::TypeRef ValidationContext::resolve(const ast::Type& type) const {
  schema::TypeRef ref = schema.resolve(type);
  if (ref.named == kNone) return ref;
  const ast::Type* t = &type;
  while (t->kind != ast::TypeKind::kNamed) t = t->inner;
  if (find_type(t->name.value) == kNone) ref.named = kNone;
  return ref;
}

const schema::DirectiveDef* ValidationContext::directive(std::string_view name) const {
  const schema::DirectiveDef* d = schema.directive_named(name);
  return d && d->declared ? d : nullptr;
}

const WalkTape& ValidationContext::tape() const {
  WalkTape& t = b_->tape;
  if (!t.recorded()) t.record(*this);
  return t;
}

bool ValidationContext::walk_has(WalkNode node) const { return tape().has(node); }

size_t ValidationContext::walk_count(WalkNode node) const { return tape().count(node); }

bool ValidationContext::walk_has_unknown_field() const { return tape().has_unknown_field(); }

void ValidationContext::walk_hooks(Visitor& visitor, uint32_t hooks) const {
  tape().replay(visitor, hooks);
}

void ValidationContext::walk_hooks(const ast::Definition& definition, Visitor& visitor,
                                   uint32_t hooks) const {
  const WalkTape& t = tape();
  if (const WalkTape::Range* r = t.range_of(definition)) {
    t.replay(r->begin, r->end, visitor, hooks);
    return;
  }
  // Not a definition of this document: walk it live.
  Walker<Visitor> walker(*this, visitor);
  walker.definition(definition);
}

void ValidationContext::walk_directives(ast::List<ast::Directive> directives,
                                        schema::DirectiveLocation where, Visitor& visitor) const {
  Walker<Visitor> walker(*this, visitor);
  walker.directive_list(directives, where);
}

void ValidationContext::report(Diagnostic d) {
  if (aborted) return;
  if (d.rule.empty()) d.rule = std::string(rule_name);
  if (report_as_warning) d.severity = Severity::kWarning;
  if (d.severity == Severity::kError) {
    if (error_count >= options.max_errors) {
      Diagnostic too_many;
      too_many.rule = "Validation";
      too_many.message = std::string(kTooManyErrorsMessage);
      diagnostics.push_back(std::move(too_many));
      aborted = true;
      return;
    }
    ++error_count;
  }
  diagnostics.push_back(std::move(d));
}

void ValidationContext::report(std::string message, std::vector<SourcePos> locations) {
  Diagnostic d;
  d.message = std::move(message);
  d.locations = std::move(locations);
  report(std::move(d));
}

void ValidationContext::report(std::string message, std::initializer_list<SourcePos> locations) {
  report(std::move(message), std::vector<SourcePos>(locations));
}

}  // namespace gqleval::validate

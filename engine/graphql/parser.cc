#include "engine/graphql/parser.h"

#include <new>
#include <optional>
#include <string>
#include <vector>

#include "engine/base/concat.h"
#include "engine/graphql/internal/lexer.h"
#include "engine/graphql/internal/location.h"
#include "engine/graphql/internal/token.h"

namespace gqleval::graphql {

namespace {

using ast::List;
using ast::Loc;
using ast::Name;

// Buffers reused by every parse on a thread: the stack on which lists are
// built before they are copied to the arena, and the lexer's string buffer.
struct Scratch {
  std::vector<void*> stack;
  std::string text;
};

Scratch& thread_scratch() {
  thread_local Scratch scratch;
  return scratch;
}

bool is_directive_location(std::string_view name) {
  for (std::string_view l : ast::directive_location_names()) {
    if (l == name) return true;
  }
  return false;
}

// Returns a value-initialised result ({} is nullptr or false) from the
// enclosing parse function when `expr` fails; the error is already recorded.
#define GQL_TRY(expr)       \
  do {                      \
    if (!(expr)) return {}; \
  } while (0)

// One parse. Every parse_* function mirrors the graphql-js Parser method of
// the same name, in the same order of checks, so that the first error found
// is the one graphql-js reports. A function returns nullptr (or false) after
// recording an error; the first error recorded wins, and a lexical error is
// recorded the moment the lexer meets it, as graphql-js throws it then.
class Parser {
 public:
  Parser(std::string_view source, Arena& arena, const ParseOptions& options, Scratch& scratch)
      : source_(source),
        arena_(arena),
        options_(options),
        stack_(scratch.stack),
        lexer_(source, arena, &scratch.text) {
    stack_.clear();
    advance();  // past the start-of-file token
  }

  Result<const ast::Document*> parse_document() {
    size_t m = mark();
    do {
      ast::Definition* d = parse_definition();
      if (!d) return Unexpected{take_error()};
      push(d);
    } while (!expect_optional(TokenKind::kEOF));
    auto* doc = arena_.make<ast::Document>();
    doc->source = source_;
    doc->definitions = take<ast::Definition>(m);
    return doc;
  }

  // parse_simple_operation(): the operation's head as parse_operation_definition()
  // reads it, then its selection set into the sink.
  bool stream_document(SelectionSink& sink) {
    const Token start = tok_;
    ast::OperationType type = ast::OperationType::kQuery;
    if (!peek(TokenKind::kBraceL)) {
      // Anything but a name here is a description, or no operation.
      if (!peek(TokenKind::kName) || !parse_operation_type(type)) return false;
      if (peek(TokenKind::kName)) advance();        // the operation's name
      if (!peek(TokenKind::kBraceL)) return false;  // variable definitions, directives
    }
    return sink.operation(type, loc(start)) && stream_selection_set(sink) &&
           peek(TokenKind::kEOF) && !failed_;
  }

 private:
  // ------------------------------------------------------------ tokens

  void advance() {
    if (has_lookahead_) {
      tok_ = lookahead_;
      has_lookahead_ = false;
    } else {
      // Constructed in place (guaranteed elision: the lexer writes straight
      // into tok_); an assignment would copy a temporary whose fields were
      // just stored one by one, and the wide loads of that copy stall on store
      // forwarding. Token is trivially destructible.
      ::new (static_cast<void*>(&tok_)) Token(lexer_.next());
    }
    if (tok_.kind == TokenKind::kError) record_lexer_error();
  }

  const Token& lookahead() {
    if (!has_lookahead_) {
      ::new (static_cast<void*>(&lookahead_)) Token(lexer_.next());  // as in advance()
      has_lookahead_ = true;
      if (lookahead_.kind == TokenKind::kError) record_lexer_error();
    }
    return lookahead_;
  }

  void record_lexer_error() {
    if (failed_) return;
    failed_ = true;
    error_ = lexer_.error();
  }

  void fail(uint32_t offset, std::string_view message) {
    if (failed_) return;
    failed_ = true;
    error_ =
        make_error("Syntax", concat({"Syntax Error: ", message}), position_at(source_, offset));
  }

  Diagnostic take_error() {
    if (!error_) return make_error("Syntax", "Syntax Error: Unexpected parser state.", {});
    return std::move(*error_);
  }

  bool peek(TokenKind kind) const { return tok_.kind == kind; }

  bool expect(TokenKind kind) {
    if (tok_.kind == kind) {
      advance();
      return true;
    }
    fail(tok_.start, concat({"Expected ", token_kind_description(kind), ", found ",
                             token_description(tok_), "."}));
    return false;
  }

  bool expect_optional(TokenKind kind) {
    if (tok_.kind != kind) return false;
    advance();
    return true;
  }

  bool is_keyword(std::string_view word) const {
    return tok_.kind == TokenKind::kName && tok_.value == word;
  }

  bool expect_keyword(std::string_view word) {
    if (is_keyword(word)) {
      advance();
      return true;
    }
    fail(tok_.start, concat({"Expected \"", word, "\", found ", token_description(tok_), "."}));
    return false;
  }

  bool expect_optional_keyword(std::string_view word) {
    if (!is_keyword(word)) return false;
    advance();
    return true;
  }

  void unexpected(const Token& token) {
    fail(token.start, concat({"Unexpected ", token_description(token), "."}));
  }

  static Loc loc(const Token& t) { return Loc{t.line, t.column, t.start}; }

  // ------------------------------------------------------------ nesting

  // Consumes the opening token of a nested construct, counting its depth.
  bool open_nested(TokenKind kind) {
    if (tok_.kind != kind) return expect(kind);  // records graphql-js's error
    if (++depth_ > options_.max_depth) {
      fail(tok_.start, concat({"Document nesting exceeds the limit of ",
                               std::to_string(options_.max_depth), "."}));
      return false;
    }
    advance();
    return true;
  }
  void close_nested() { --depth_; }

  // ------------------------------------------------------------ lists

  size_t mark() const { return stack_.size(); }
  void push(void* node) { stack_.push_back(node); }

  template <class T>
  List<T> take(size_t m) {
    size_t n = stack_.size() - m;
    if (n == 0) return {};
    T** items = static_cast<T**>(arena_.allocate(sizeof(T*) * n, alignof(T*)));
    for (size_t i = 0; i < n; ++i) items[i] = static_cast<T*>(stack_[m + i]);
    stack_.resize(m);
    return List<T>(items, n);
  }

  // graphql-js many(): one or more items, the opening token already consumed.
  template <class T, class Item>
  bool many(TokenKind close, Item item, List<T>& out) {
    size_t m = mark();
    do {
      T* node = item();
      GQL_TRY(node);
      push(node);
    } while (!expect_optional(close));
    out = take<T>(m);
    return true;
  }

  // graphql-js any(): zero or more items, the opening token already consumed.
  template <class T, class Item>
  bool any(TokenKind close, Item item, List<T>& out) {
    size_t m = mark();
    while (!expect_optional(close)) {
      T* node = item();
      GQL_TRY(node);
      push(node);
    }
    out = take<T>(m);
    return true;
  }

  // graphql-js optionalMany(): nothing, or open, one or more items, close.
  template <class T, class Item>
  bool optional_many(TokenKind open, Item item, TokenKind close, List<T>& out) {
    out = {};
    if (!expect_optional(open)) return true;
    return many(close, item, out);
  }

  // graphql-js delimitedMany(): an optional leading delimiter, then items
  // separated by the delimiter.
  template <class T, class Item>
  bool delimited_many(TokenKind delimiter, Item item, List<T>& out) {
    expect_optional(delimiter);
    size_t m = mark();
    do {
      T* node = item();
      GQL_TRY(node);
      push(node);
    } while (expect_optional(delimiter));
    out = take<T>(m);
    return true;
  }

  // ------------------------------------------------------------ document

  ast::Definition* parse_definition() {
    if (peek(TokenKind::kBraceL)) return parse_operation_definition();
    // Many definitions begin with a description and need a lookahead.
    bool has_description = peek_description();
    const Token keyword = has_description ? lookahead() : tok_;
    if (has_description && keyword.kind == TokenKind::kBraceL) {
      fail(tok_.start,
           "Unexpected description, descriptions are not supported on shorthand queries.");
      return nullptr;
    }
    if (keyword.kind == TokenKind::kName) {
      std::string_view v = keyword.value;
      if (v == "schema") return parse_schema(false);
      if (v == "scalar") return parse_type_definition(ast::DefinitionKind::kScalar, false);
      if (v == "type") return parse_type_definition(ast::DefinitionKind::kObject, false);
      if (v == "interface") return parse_type_definition(ast::DefinitionKind::kInterface, false);
      if (v == "union") return parse_type_definition(ast::DefinitionKind::kUnion, false);
      if (v == "enum") return parse_type_definition(ast::DefinitionKind::kEnum, false);
      if (v == "input") return parse_type_definition(ast::DefinitionKind::kInputObject, false);
      if (v == "directive") return parse_directive_definition();
      if (v == "query" || v == "mutation" || v == "subscription") {
        return parse_operation_definition();
      }
      if (v == "fragment") return parse_fragment_definition();
      if (has_description) {
        fail(tok_.start, "Unexpected description, only GraphQL definitions support descriptions.");
        return nullptr;
      }
      if (v == "extend") return parse_type_system_extension();
    }
    unexpected(keyword);
    return nullptr;
  }

  // ------------------------------------------------------------ operations

  ast::OperationDefinition* parse_operation_definition() {
    const Token start = tok_;
    auto* op = arena_.make<ast::OperationDefinition>();
    op->kind = ast::DefinitionKind::kOperation;
    op->loc = loc(start);
    if (peek(TokenKind::kBraceL)) {
      op->operation = ast::OperationType::kQuery;
      op->shorthand = true;
      op->selection_set = parse_selection_set();
      GQL_TRY(op->selection_set);
      return op;
    }
    op->description = parse_description();
    GQL_TRY(parse_operation_type(op->operation));
    if (peek(TokenKind::kName)) GQL_TRY(parse_name(op->name));
    GQL_TRY(optional_many(
        TokenKind::kParenL, [&] { return parse_variable_definition(); }, TokenKind::kParenR,
        op->variables));
    GQL_TRY(parse_directives(false, op->directives));
    op->selection_set = parse_selection_set();
    GQL_TRY(op->selection_set);
    return op;
  }

  bool parse_operation_type(ast::OperationType& out) {
    const Token token = tok_;
    GQL_TRY(expect(TokenKind::kName));
    if (token.value == "query") {
      out = ast::OperationType::kQuery;
    } else if (token.value == "mutation") {
      out = ast::OperationType::kMutation;
    } else if (token.value == "subscription") {
      out = ast::OperationType::kSubscription;
    } else {
      unexpected(token);
      return false;
    }
    return true;
  }

  ast::VariableDefinition* parse_variable_definition() {
    auto* v = arena_.make<ast::VariableDefinition>();
    v->loc = loc(tok_);
    v->description = parse_description();
    GQL_TRY(expect(TokenKind::kDollar));
    GQL_TRY(parse_name(v->variable));
    GQL_TRY(expect(TokenKind::kColon));
    v->type = parse_type_reference();
    GQL_TRY(v->type);
    if (expect_optional(TokenKind::kEquals)) {
      v->default_value = parse_value(true);
      GQL_TRY(v->default_value);
    }
    GQL_TRY(parse_directives(true, v->directives));
    return v;
  }

  bool parse_name(Name& out) {
    const Token token = tok_;
    GQL_TRY(expect(TokenKind::kName));
    out.value = token.value;
    out.loc = loc(token);
    return true;
  }

  Name* parse_named_type() {
    auto* name = arena_.make<Name>();
    GQL_TRY(parse_name(*name));
    return name;
  }

  ast::SelectionSet* parse_selection_set() {
    auto* set = arena_.make<ast::SelectionSet>();
    set->loc = loc(tok_);
    GQL_TRY(open_nested(TokenKind::kBraceL));
    bool ok = many(
        TokenKind::kBraceR, [&] { return parse_selection(); }, set->selections);
    close_nested();
    GQL_TRY(ok);
    return set;
  }

  ast::Selection* parse_selection() {
    if (peek(TokenKind::kSpread)) return parse_fragment();
    return parse_field();
  }

  ast::Field* parse_field() {
    auto* field = arena_.make<ast::Field>();
    field->kind = ast::SelectionKind::kField;
    field->loc = loc(tok_);
    Name name_or_alias;
    GQL_TRY(parse_name(name_or_alias));
    if (expect_optional(TokenKind::kColon)) {
      field->alias = name_or_alias;
      GQL_TRY(parse_name(field->name));
    } else {
      field->name = name_or_alias;
    }
    GQL_TRY(parse_arguments(false, field->arguments));
    GQL_TRY(parse_directives(false, field->directives));
    if (peek(TokenKind::kBraceL)) {
      field->selection_set = parse_selection_set();
      GQL_TRY(field->selection_set);
    }
    return field;
  }

  bool parse_arguments(bool is_const, List<ast::Argument>& out) {
    return optional_many(
        TokenKind::kParenL, [&] { return parse_argument(is_const); }, TokenKind::kParenR, out);
  }

  ast::Argument* parse_argument(bool is_const) {
    auto* arg = arena_.make<ast::Argument>();
    arg->loc = loc(tok_);
    GQL_TRY(parse_name(arg->name));
    GQL_TRY(expect(TokenKind::kColon));
    arg->value = parse_value(is_const);
    GQL_TRY(arg->value);
    return arg;
  }

  // ------------------------------------------------------------ one pass

  // parse_selection_set() without the set: each field goes to the sink.
  bool stream_selection_set(SelectionSink& sink) {
    GQL_TRY(open_nested(TokenKind::kBraceL));
    bool ok = true;
    do {
      ok = !peek(TokenKind::kSpread) && stream_field(sink);
    } while (ok && !expect_optional(TokenKind::kBraceR));
    close_nested();
    if (ok) sink.end_selection_set();
    return ok;
  }

  // parse_field() into a field on the stack, handed to the sink before its
  // selection set is read.
  bool stream_field(SelectionSink& sink) {
    ast::Field field{};
    field.kind = ast::SelectionKind::kField;
    field.loc = loc(tok_);
    Name name_or_alias;
    GQL_TRY(parse_name(name_or_alias));
    if (expect_optional(TokenKind::kColon)) {
      field.alias = name_or_alias;
      GQL_TRY(parse_name(field.name));
    } else {
      field.name = name_or_alias;
    }
    GQL_TRY(parse_arguments(false, field.arguments));
    if (peek(TokenKind::kAt)) return false;
    const bool has_selection_set = peek(TokenKind::kBraceL);
    GQL_TRY(sink.field(field, has_selection_set));
    return !has_selection_set || stream_selection_set(sink);
  }

  // ------------------------------------------------------------ fragments

  ast::Selection* parse_fragment() {
    const Token start = tok_;
    GQL_TRY(expect(TokenKind::kSpread));
    bool has_type_condition = expect_optional_keyword("on");
    if (!has_type_condition && peek(TokenKind::kName)) {
      auto* spread = arena_.make<ast::FragmentSpread>();
      spread->kind = ast::SelectionKind::kFragmentSpread;
      spread->loc = loc(start);
      GQL_TRY(parse_fragment_name(spread->name));
      GQL_TRY(parse_directives(false, spread->directives));
      return spread;
    }
    auto* inline_fragment = arena_.make<ast::InlineFragment>();
    inline_fragment->kind = ast::SelectionKind::kInlineFragment;
    inline_fragment->loc = loc(start);
    if (has_type_condition) GQL_TRY(parse_name(inline_fragment->type_condition));
    GQL_TRY(parse_directives(false, inline_fragment->directives));
    inline_fragment->selection_set = parse_selection_set();
    GQL_TRY(inline_fragment->selection_set);
    return inline_fragment;
  }

  ast::FragmentDefinition* parse_fragment_definition() {
    auto* fragment = arena_.make<ast::FragmentDefinition>();
    fragment->kind = ast::DefinitionKind::kFragment;
    fragment->loc = loc(tok_);
    fragment->description = parse_description();
    GQL_TRY(expect_keyword("fragment"));
    GQL_TRY(parse_fragment_name(fragment->name));
    GQL_TRY(expect_keyword("on"));
    GQL_TRY(parse_name(fragment->type_condition));
    GQL_TRY(parse_directives(false, fragment->directives));
    fragment->selection_set = parse_selection_set();
    GQL_TRY(fragment->selection_set);
    return fragment;
  }

  // A fragment may not be named `on`. graphql-js compares the value of any
  // token, so a string "on" is refused here too.
  bool parse_fragment_name(Name& out) {
    if (tok_.has_value() && tok_.value == "on") {
      unexpected(tok_);
      return false;
    }
    return parse_name(out);
  }

  // ------------------------------------------------------------ values

  ast::Value* make_value(ast::ValueKind kind, const Token& token, std::string_view text = {}) {
    auto* value = arena_.make<ast::Value>();
    value->kind = kind;
    value->loc = loc(token);
    value->text = text;
    return value;
  }

  ast::Value* parse_value(bool is_const) {
    const Token token = tok_;
    switch (token.kind) {
      case TokenKind::kBracketL: return parse_list(is_const);
      case TokenKind::kBraceL: return parse_object(is_const);
      case TokenKind::kInt: advance(); return make_value(ast::ValueKind::kInt, token, token.value);
      case TokenKind::kFloat:
        advance();
        return make_value(ast::ValueKind::kFloat, token, token.value);
      case TokenKind::kString:
      case TokenKind::kBlockString: return parse_string_literal();
      case TokenKind::kName: {
        advance();
        if (token.value == "true" || token.value == "false") {
          ast::Value* value = make_value(ast::ValueKind::kBoolean, token);
          value->boolean = token.value == "true";
          return value;
        }
        if (token.value == "null") return make_value(ast::ValueKind::kNull, token);
        return make_value(ast::ValueKind::kEnum, token, token.value);
      }
      case TokenKind::kDollar:
        if (is_const) {
          GQL_TRY(expect(TokenKind::kDollar));
          if (tok_.kind == TokenKind::kName) {
            fail(token.start,
                 concat({"Unexpected variable \"$", tok_.value, "\" in constant value."}));
          } else {
            unexpected(token);
          }
          return nullptr;
        }
        return parse_variable();
      default: unexpected(tok_); return nullptr;
    }
  }

  ast::Value* parse_variable() {
    const Token start = tok_;
    GQL_TRY(expect(TokenKind::kDollar));
    Name name;
    GQL_TRY(parse_name(name));
    return make_value(ast::ValueKind::kVariable, start, name.value);
  }

  ast::Value* parse_string_literal() {
    const Token token = tok_;
    advance();
    ast::Value* value = make_value(ast::ValueKind::kString, token, token.value);
    value->block = token.kind == TokenKind::kBlockString;
    return value;
  }

  ast::Value* parse_list(bool is_const) {
    ast::Value* list = make_value(ast::ValueKind::kList, tok_);
    GQL_TRY(open_nested(TokenKind::kBracketL));
    bool ok = any(
        TokenKind::kBracketR, [&] { return parse_value(is_const); }, list->list);
    close_nested();
    GQL_TRY(ok);
    return list;
  }

  ast::Value* parse_object(bool is_const) {
    ast::Value* object = make_value(ast::ValueKind::kObject, tok_);
    GQL_TRY(open_nested(TokenKind::kBraceL));
    bool ok = any(
        TokenKind::kBraceR, [&] { return parse_object_field(is_const); }, object->fields);
    close_nested();
    GQL_TRY(ok);
    return object;
  }

  ast::ObjectField* parse_object_field(bool is_const) {
    auto* field = arena_.make<ast::ObjectField>();
    field->loc = loc(tok_);
    GQL_TRY(parse_name(field->name));
    GQL_TRY(expect(TokenKind::kColon));
    field->value = parse_value(is_const);
    GQL_TRY(field->value);
    return field;
  }

  // ------------------------------------------------------------ directives, types

  bool parse_directives(bool is_const, List<ast::Directive>& out) {
    if (!peek(TokenKind::kAt)) {  // nearly every field and operation
      out = {};
      return true;
    }
    size_t m = mark();
    while (peek(TokenKind::kAt)) {
      ast::Directive* directive = parse_directive(is_const);
      GQL_TRY(directive);
      push(directive);
    }
    out = take<ast::Directive>(m);
    return true;
  }

  ast::Directive* parse_directive(bool is_const) {
    auto* directive = arena_.make<ast::Directive>();
    directive->loc = loc(tok_);
    GQL_TRY(expect(TokenKind::kAt));
    GQL_TRY(parse_name(directive->name));
    GQL_TRY(parse_arguments(is_const, directive->arguments));
    return directive;
  }

  ast::Type* parse_type_reference() {
    const Token start = tok_;
    ast::Type* type = arena_.make<ast::Type>();
    type->loc = loc(start);
    if (peek(TokenKind::kBracketL)) {
      GQL_TRY(open_nested(TokenKind::kBracketL));
      type->kind = ast::TypeKind::kList;
      type->inner = parse_type_reference();
      close_nested();
      GQL_TRY(type->inner);
      GQL_TRY(expect(TokenKind::kBracketR));
    } else {
      type->kind = ast::TypeKind::kNamed;
      GQL_TRY(parse_name(type->name));
    }
    if (expect_optional(TokenKind::kBang)) {
      ast::Type* non_null = arena_.make<ast::Type>();
      non_null->kind = ast::TypeKind::kNonNull;
      non_null->inner = type;
      non_null->loc = loc(start);
      return non_null;
    }
    return type;
  }

  // ------------------------------------------------------------ type system

  bool peek_description() const {
    return peek(TokenKind::kString) || peek(TokenKind::kBlockString);
  }

  ast::Value* parse_description() { return peek_description() ? parse_string_literal() : nullptr; }

  // A schema definition, or (extension) a schema extension.
  ast::SchemaDefinition* parse_schema(bool extension) {
    auto* schema = arena_.make<ast::SchemaDefinition>();
    schema->kind = ast::DefinitionKind::kSchema;
    schema->extension = extension;
    schema->loc = loc(tok_);
    if (extension) {
      GQL_TRY(expect_keyword("extend"));
    } else {
      schema->description = parse_description();
    }
    GQL_TRY(expect_keyword("schema"));
    GQL_TRY(parse_directives(true, schema->directives));
    auto item = [&] { return parse_operation_type_definition(); };
    if (extension) {
      GQL_TRY(optional_many(TokenKind::kBraceL, item, TokenKind::kBraceR, schema->operation_types));
      if (schema->directives.empty() && schema->operation_types.empty()) {
        unexpected(tok_);
        return nullptr;
      }
    } else {
      GQL_TRY(expect(TokenKind::kBraceL));
      GQL_TRY(many(TokenKind::kBraceR, item, schema->operation_types));
    }
    return schema;
  }

  ast::OperationTypeDefinition* parse_operation_type_definition() {
    auto* def = arena_.make<ast::OperationTypeDefinition>();
    def->loc = loc(tok_);
    GQL_TRY(parse_operation_type(def->operation));
    GQL_TRY(expect(TokenKind::kColon));
    GQL_TRY(parse_name(def->type));
    return def;
  }

  static std::string_view type_keyword(ast::DefinitionKind kind) {
    switch (kind) {
      case ast::DefinitionKind::kScalar: return "scalar";
      case ast::DefinitionKind::kObject: return "type";
      case ast::DefinitionKind::kInterface: return "interface";
      case ast::DefinitionKind::kUnion: return "union";
      case ast::DefinitionKind::kEnum: return "enum";
      case ast::DefinitionKind::kInputObject: return "input";
      default: return "";
    }
  }

  // The six type definitions and their extensions, in graphql-js's order:
  // [description] [extend] keyword Name [implements] directives body.
  ast::TypeDefinition* parse_type_definition(ast::DefinitionKind kind, bool extension) {
    using K = ast::DefinitionKind;
    auto* def = arena_.make<ast::TypeDefinition>();
    def->kind = kind;
    def->extension = extension;
    def->loc = loc(tok_);
    if (extension) {
      GQL_TRY(expect_keyword("extend"));
    } else {
      def->description = parse_description();
    }
    GQL_TRY(expect_keyword(type_keyword(kind)));
    GQL_TRY(parse_name(def->name));
    if ((kind == K::kObject || kind == K::kInterface) && expect_optional_keyword("implements")) {
      GQL_TRY(delimited_many(
          TokenKind::kAmp, [&] { return parse_named_type(); }, def->interfaces));
    }
    GQL_TRY(parse_directives(true, def->directives));
    if (accept_empty_extension_body(*def)) return def;
    bool has_body = false;
    switch (kind) {
      case K::kObject:
      case K::kInterface:
        GQL_TRY(optional_many(
            TokenKind::kBraceL, [&] { return parse_field_definition(); }, TokenKind::kBraceR,
            def->fields));
        has_body = !def->interfaces.empty() || !def->fields.empty();
        break;
      case K::kUnion:
        if (expect_optional(TokenKind::kEquals)) {
          GQL_TRY(delimited_many(
              TokenKind::kPipe, [&] { return parse_named_type(); }, def->members));
        }
        has_body = !def->members.empty();
        break;
      case K::kEnum:
        GQL_TRY(optional_many(
            TokenKind::kBraceL, [&] { return parse_enum_value_definition(); }, TokenKind::kBraceR,
            def->values));
        has_body = !def->values.empty();
        break;
      case K::kInputObject:
        GQL_TRY(optional_many(
            TokenKind::kBraceL, [&] { return parse_input_value_definition(); }, TokenKind::kBraceR,
            def->input_fields));
        has_body = !def->input_fields.empty();
        break;
      default: break;
    }
    // An extension must add something.
    if (extension && def->directives.empty() && !has_body) {
      unexpected(tok_);
      return nullptr;
    }
    return def;
  }

  // ParseOptions::empty_extension_body: `{}` right after an extension of an
  // object, interface, enum or input object that already adds directives or
  // interfaces is consumed, and the position of its `}` (where graphql-js
  // reports "Expected Name, found "}".") is recorded in empty_body.
  bool accept_empty_extension_body(ast::TypeDefinition& def) {
    using K = ast::DefinitionKind;
    if (!options_.empty_extension_body || !def.extension || def.kind == K::kScalar ||
        def.kind == K::kUnion) {
      return false;
    }
    if (def.directives.empty() && def.interfaces.empty()) return false;
    if (!peek(TokenKind::kBraceL) || lookahead().kind != TokenKind::kBraceR) return false;
    advance();
    def.empty_body = loc(tok_);
    advance();
    return true;
  }

  ast::FieldDefinition* parse_field_definition() {
    auto* field = arena_.make<ast::FieldDefinition>();
    field->loc = loc(tok_);
    field->description = parse_description();
    GQL_TRY(parse_name(field->name));
    GQL_TRY(parse_argument_definitions(field->arguments));
    GQL_TRY(expect(TokenKind::kColon));
    field->type = parse_type_reference();
    GQL_TRY(field->type);
    GQL_TRY(parse_directives(true, field->directives));
    return field;
  }

  bool parse_argument_definitions(List<ast::InputValueDefinition>& out) {
    return optional_many(
        TokenKind::kParenL, [&] { return parse_input_value_definition(); }, TokenKind::kParenR,
        out);
  }

  ast::InputValueDefinition* parse_input_value_definition() {
    auto* input = arena_.make<ast::InputValueDefinition>();
    input->loc = loc(tok_);
    input->description = parse_description();
    GQL_TRY(parse_name(input->name));
    GQL_TRY(expect(TokenKind::kColon));
    input->type = parse_type_reference();
    GQL_TRY(input->type);
    if (expect_optional(TokenKind::kEquals)) {
      input->default_value = parse_value(true);
      GQL_TRY(input->default_value);
    }
    GQL_TRY(parse_directives(true, input->directives));
    return input;
  }

  ast::EnumValueDefinition* parse_enum_value_definition() {
    auto* value = arena_.make<ast::EnumValueDefinition>();
    value->loc = loc(tok_);
    value->description = parse_description();
    // graphql-js compares the value of any token here, strings included.
    if (tok_.has_value() &&
        (tok_.value == "true" || tok_.value == "false" || tok_.value == "null")) {
      fail(tok_.start,
           concat({token_description(tok_), " is reserved and cannot be used for an enum value."}));
      return nullptr;
    }
    GQL_TRY(parse_name(value->name));
    GQL_TRY(parse_directives(true, value->directives));
    return value;
  }

  ast::DirectiveDefinition* parse_directive_definition() {
    auto* def = arena_.make<ast::DirectiveDefinition>();
    def->kind = ast::DefinitionKind::kDirective;
    def->loc = loc(tok_);
    def->description = parse_description();
    GQL_TRY(expect_keyword("directive"));
    GQL_TRY(expect(TokenKind::kAt));
    GQL_TRY(parse_name(def->name));
    GQL_TRY(parse_argument_definitions(def->arguments));
    def->repeatable = expect_optional_keyword("repeatable");
    GQL_TRY(expect_keyword("on"));
    GQL_TRY(delimited_many(
        TokenKind::kPipe, [&] { return parse_directive_location(); }, def->locations));
    return def;
  }

  Name* parse_directive_location() {
    const Token start = tok_;
    Name* name = parse_named_type();
    GQL_TRY(name);
    if (is_directive_location(name->value)) return name;
    unexpected(start);
    return nullptr;
  }

  ast::Definition* parse_type_system_extension() {
    const Token keyword = lookahead();
    if (keyword.kind == TokenKind::kName) {
      std::string_view v = keyword.value;
      if (v == "schema") return parse_schema(true);
      if (v == "scalar") return parse_type_definition(ast::DefinitionKind::kScalar, true);
      if (v == "type") return parse_type_definition(ast::DefinitionKind::kObject, true);
      if (v == "interface") return parse_type_definition(ast::DefinitionKind::kInterface, true);
      if (v == "union") return parse_type_definition(ast::DefinitionKind::kUnion, true);
      if (v == "enum") return parse_type_definition(ast::DefinitionKind::kEnum, true);
      if (v == "input") return parse_type_definition(ast::DefinitionKind::kInputObject, true);
    }
    unexpected(keyword);
    return nullptr;
  }

  std::string_view source_;
  Arena& arena_;
  const ParseOptions& options_;
  std::vector<void*>& stack_;
  Lexer lexer_;
  Token tok_;
  Token lookahead_;
  bool has_lookahead_ = false;
  uint32_t depth_ = 0;
  bool failed_ = false;
  std::optional<Diagnostic> error_;
};

#undef GQL_TRY

}  // namespace

Result<const ast::Document*> parse(std::string_view source, Arena& arena,
                                   const ParseOptions& options) {
  Parser parser(source, arena, options, thread_scratch());
  return parser.parse_document();
}

bool parse_simple_operation(std::string_view source, Arena& arena, SelectionSink& sink,
                            const ParseOptions& options) {
  Parser parser(source, arena, options, thread_scratch());
  return parser.stream_document(sink);
}

}  // namespace gqleval::graphql

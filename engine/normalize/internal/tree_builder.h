// TreeBuilder: the machinery behind normalize() (normalize.h), internal to this
// folder. It builds a mutable tree of BuildNodes (sibling lists by index, so
// that merging and the cycles rule can move subtrees), then lays the final
// NormalTree out in the caller's arena. Five files implement it, one step
// each: tree_builder.cc (expansion, arguments, directives, endpoints),
// one_pass.cc (the tree built while a simple query is parsed),
// cycles_rule.cc (the cycles rewrite), finalize.cc (symbol numbering, keys,
// layout, hashes), symmetric_symbols.cc (the numbering search for variables
// that no hash tells apart).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/base/arena.h"
#include "engine/base/result.h"
#include "engine/graphql/ast.h"
#include "engine/normalize/internal/canonical_value.h"
#include "engine/normalize/internal/coerce.h"
#include "engine/normalize/internal/connections.h"
#include "engine/normalize/normal_tree.h"
#include "engine/normalize/normalize.h"
#include "engine/normalize/rewrites.h"
#include "engine/normalize/variables.h"
#include "engine/schema/schema.h"
#include "engine/validate/simple_document.h"

namespace gqleval::normalize {

// Condition atoms are kept in `cond` separated by this byte while building
// (canonical text never contains it), and joined with spaces at the end.
inline constexpr char kAtomSeparator = '\x03';

// Splits a build-time condition into its atoms (none for an empty one).
void split_atoms(std::string_view cond, std::vector<std::string_view>& out);

struct BuildNode {
  // Every member has an initializer; a user-provided constructor keeps
  // value-initialisation (nodes_.emplace_back()) from zero-filling the whole
  // node first.
  BuildNode() {}

  schema::FieldId field = schema::kNone;
  schema::TypeId on_type = schema::kNone;  // the concrete type when the parent is abstract
  schema::TypeId type = schema::kNone;     // the named return type
  std::string_view name;
  std::string_view args;  // canonical text, symbols as markers
  std::string_view cond;  // atoms sorted by raw text, kAtomSeparator between them
  uint32_t parent = kNoNode;
  uint32_t first_child = kNoNode;
  uint32_t last_child = kNoNode;
  uint32_t next_sibling = kNoNode;
  SourcePos pos;
  bool removed = false;
  bool has_symbols = false;  // args or cond contain a symbol marker
  MappedBy mapped_by = MappedBy::kNone;
  std::string_view written;  // what the query wrote, where a rule changed it (may hold markers)
  // Set by finalize.
  std::string_view key;
  std::string_view final_args;
  std::string_view final_cond;
};

// What a field selection wrote, where a Stage 3 rule changed its field or
// which of its arguments count: `name(arguments)`, symbols as markers.
struct WrittenAs {
  std::string_view text;
  MappedBy rule = MappedBy::kNone;
};

struct BuildFiring {
  std::string_view rule;
  std::string_view path;    // may contain symbol markers until finalize
  std::string_view detail;  // likewise
  SourcePos pos;
};

class TreeBuilder {
 public:
  Result<NormalTree> run(const schema::Schema& schema, const ast::Document& document,
                         const ast::OperationDefinition& operation, const NormalizeOptions& options,
                         const Rewrites* rewrites, Arena& arena);

  // ---- one_pass.cc
  // Normalizer::run_one_pass (normalize.h).
  std::optional<NormalTree> run_one_pass(const schema::Schema& schema, std::string_view text,
                                         const NormalizeOptions& options, const Rewrites* rewrites,
                                         Arena& arena);

 private:
  class OnePassSink;
  // A selection set run_one_pass() is reading: the node its fields go under,
  // the type validation checks them on, and where its response keys start in
  // one_pass_keys_.
  struct OnePassSet {
    uint32_t node;
    schema::TypeId type;
    size_t keys_mark;
  };
  bool one_pass_field(uint32_t parent, const ast::Field& field, uint32_t depth, uint32_t& child);

  // ---- tree_builder.cc
  // The run's state reset and its root made: false (error_ set) when the
  // variables do not bind or the schema has no root type for the operation.
  bool begin(const schema::Schema& schema, const ast::OperationDefinition& operation,
             bool has_selection_set, const NormalizeOptions& options, const Rewrites* rewrites,
             Arena& arena);
  // The tree built: the cycles rule, then finalize().
  NormalTree finish();
  bool expand(uint32_t parent, const ast::SelectionSet& set,
              std::span<const schema::TypeId> possible, size_t atoms_begin, uint32_t depth,
              uint32_t nesting);
  bool add_field(uint32_t parent, const ast::Field& field, std::span<const schema::TypeId> possible,
                 size_t atoms_begin, uint32_t depth, uint32_t nesting);
  bool add_fragment(uint32_t parent, const ast::SelectionSet& set, std::string_view type_condition,
                    std::span<const ast::Directive* const> directives,
                    std::span<const ast::Directive* const> definition_directives,
                    std::span<const schema::TypeId> possible, size_t atoms_begin, uint32_t depth,
                    uint32_t nesting);
  // Evaluates directives: sets `excluded` for a known-false condition, pushes
  // an atom onto atoms_ for every directive kept in the identity.
  bool apply_directives(std::span<const ast::Directive* const> directives, bool& excluded);
  std::string_view make_condition(size_t atoms_begin, bool& has_symbols);
  // The Stage 3 rules on one field selection and its arguments (args_):
  // declared argument insensitivity, and at the query root the endpoints and
  // rgeval rules. May change fid and the arguments; records each firing and,
  // where anything changed, what the query wrote.
  WrittenAs rewrite_field(schema::FieldId& fid, const ast::Field& source, uint32_t parent,
                          bool at_query_root);
  bool may_map_endpoint(schema::FieldId fid) const;
  // Each returns whether it changed the field or its arguments.
  bool drop_ignored_arguments(schema::FieldId fid);
  MappedBy apply_endpoint_rules(schema::FieldId& fid, const ast::Field& source);
  bool apply_argument_maps(schema::FieldId& fid, SourcePos pos);
  bool apply_canonical_endpoint(schema::FieldId& fid, SourcePos pos);
  bool apply_rgeval_endpoint(schema::FieldId& fid, SourcePos pos);
  std::string_view endpoint_path();  // the selection as written, into path_text_
  std::string_view rename_detail(schema::FieldId from, schema::FieldId to,
                                 std::string_view suffix);  // into detail_text_
  // Drops the arguments equal to f's defaults; adds f's defaults not given.
  void drop_default_arguments(schema::FieldId f);
  void fill_default_arguments(schema::FieldId f);
  uint32_t add_selection(uint32_t parent, const ast::Field& field, schema::TypeId t, bool abstract,
                         std::string_view cond, bool cond_symbols);
  std::span<const schema::TypeId> narrow(std::span<const schema::TypeId> possible,
                                         schema::TypeId condition);
  uint32_t find_or_add(uint32_t parent, schema::FieldId field, schema::TypeId on_type,
                       std::string_view args, std::string_view cond, bool has_symbols,
                       SourcePos pos, const WrittenAs& written);
  void append_child(uint32_t parent, uint32_t child);
  // A node's key and path as built so far (symbols still markers), for firings.
  void append_raw_key(std::string& out, uint32_t node) const;
  void append_raw_path(std::string& out, uint32_t node) const;
  void fire(std::string_view rule, std::string_view path, std::string_view detail, SourcePos pos);
  bool limit_error(std::string message, SourcePos pos);
  bool coercion_failed();

  // ---- cycles_rule.cc
  void apply_cycles();
  bool cycles_pass(uint32_t node);
  bool try_cycle(uint32_t a);
  bool try_fold_in_connection(uint32_t a, uint32_t b, schema::TypeId target);
  bool try_fold_under(uint32_t a, uint32_t b, uint32_t element, schema::TypeId target);
  bool is_plain_step(uint32_t x, ConnectionStep step) const;
  void merge_children(uint32_t from, uint32_t into);
  void unlink_child(uint32_t parent, uint32_t child);
  bool same_identity(const BuildNode& x, const BuildNode& y) const;

  // ---- finalize.cc
  NormalTree finalize();
  uint32_t number_symbols();
  void hash_masked_keys();
  void hash_refined_keys();
  void hash_subtrees();
  bool number_in_tree_order(uint32_t& next);
  void number_symbols_in(std::string_view text, uint32_t& next);
  bool number_node_symbols(const BuildNode& node, uint32_t& next);
  bool push_children_in_order(const BuildNode& node);
  uint64_t masked_hash(std::string_view text, bool refined);
  std::string_view masked_text(std::string_view text);
  std::string_view renumber(std::string_view text);
  std::string_view final_condition(std::string_view cond, bool renumbered);

  // ---- symmetric_symbols.cc
  void settle_symmetric_symbols(uint32_t in_tree);
  void canonical_text(const std::vector<uint32_t>& numbers, std::string& out);
  void append_key(std::string& out, const BuildNode& node, const std::vector<uint32_t>& numbers);
  void write_subtree(std::string& out, uint32_t node);

  // Per run.
  ast::OperationDefinition one_pass_operation_{};  // the operation run_one_pass() read
  const schema::Schema* schema_ = nullptr;
  const ast::OperationDefinition* operation_ = nullptr;
  const NormalizeOptions* options_ = nullptr;
  const Rewrites* rewrites_ = nullptr;
  Arena* arena_ = nullptr;
  std::optional<ValueCoercer> coercer_;
  std::optional<Diagnostic> error_;
  schema::TypeId boolean_type_ = schema::kNone;
  uint32_t live_nodes_ = 0;
  uint32_t steps_ = 0;
  bool any_symbols_ = false;

  // Scratch, reused across runs.
  std::vector<OnePassSet> one_pass_sets_;
  validate::ResponseKeys one_pass_keys_;
  VariableBindings variables_;
  std::vector<BuildNode> nodes_;
  std::vector<std::string_view> atoms_;
  std::vector<std::string_view> cond_scratch_;
  std::vector<CArgument> directive_args_;
  std::vector<CArgument> args_;
  std::vector<CArgument> mapped_args_;
  std::vector<const CValue*> captures_;
  std::vector<const ast::FragmentDefinition*> fragments_;
  std::vector<const ast::FragmentDefinition*> spreads_done_;  // per expand(), see there
  std::vector<BuildFiring> firings_;
  std::vector<uint32_t> symbol_numbers_;  // by variable index; 0 = not numbered
  std::vector<uint32_t> order_;
  std::vector<uint32_t> layout_parent_;
  std::vector<uint64_t> masked_key_, masked_path_, refined_key_, subtree_, usage_;
  std::vector<uint8_t> subtree_symbols_;  // the subtree holds a symbol
  // settle_symmetric_symbols()
  std::vector<uint32_t> search_vars_, search_numbers_, best_numbers_;
  std::vector<std::pair<size_t, size_t>> search_blocks_;  // [first, last) in search_vars_
  std::vector<std::string> search_keys_, search_atoms_;
  std::vector<uint32_t> search_children_;
  std::string search_text_, best_text_;
  std::vector<std::pair<uint64_t, uint32_t>> sort_scratch_;
  std::vector<std::string_view> atom_scratch_;
  std::vector<std::string_view> masked_keys_;
  std::vector<std::string_view> masked_atoms_;
  std::string hash_text_;
  std::string head_text_;
  std::string path_text_;
  std::string detail_text_;
  std::string written_text_;  // the selection being rewritten, as written
  std::string text_;
};

}  // namespace gqleval::normalize

#include "engine/sources/schema_sources.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <system_error>
#include <utility>

#include "engine/base/arena.h"
#include "engine/graphql/parser.h"
#include "engine/introspection/introspection.h"
#include "io/file.h"

namespace gqleval::sources {
namespace {

namespace fs = std::filesystem;

bool has_wildcard(std::string_view s) { return s.find_first_of("*?[") != std::string_view::npos; }

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t slash = path.find('/', start);
    const size_t end = slash == std::string_view::npos ? path.size() : slash;
    if (end > start) out.emplace_back(path.substr(start, end - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return out;
}

// Whether the path segments `name[i..]` match the pattern segments `pat[j..]`
// (`**` matches any number of segments).
bool match_segments(const std::vector<std::string>& pat, size_t j,
                    const std::vector<std::string>& name, size_t i) {
  if (j == pat.size()) return i == name.size();
  if (pat[j] == "**") {
    for (size_t k = i; k <= name.size(); ++k) {
      if (match_segments(pat, j + 1, name, k)) return true;
    }
    return false;
  }
  if (i == name.size()) return false;
  if (::fnmatch(pat[j].c_str(), name[i].c_str(), FNM_PERIOD) != 0) return false;
  return match_segments(pat, j + 1, name, i + 1);
}

// The files a glob pattern matches, sorted.
std::vector<std::string> expand_glob(const std::string& pattern) {
  const bool absolute = !pattern.empty() && pattern.front() == '/';
  const std::vector<std::string> segments = split_path(pattern);
  // The folder before the first segment with a wildcard.
  std::string base = absolute ? "/" : "";
  size_t first_wild = 0;
  while (first_wild < segments.size() && !has_wildcard(segments[first_wild])) {
    if (first_wild + 1 == segments.size()) break;  // the last segment names files
    base += segments[first_wild] + "/";
    ++first_wild;
  }
  const std::vector<std::string> rest(segments.begin() + static_cast<std::ptrdiff_t>(first_wild),
                                      segments.end());
  std::vector<std::string> out;
  std::error_code ec;
  const fs::path root = base.empty() ? fs::path(".") : fs::path(base);
  for (auto it = fs::recursive_directory_iterator(
           root, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const std::string relative = fs::relative(it->path(), root, ec).generic_string();
    if (match_segments(rest, 0, split_path(relative), 0)) out.push_back(base + relative);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Whether a text opens as JSON does (an SDL document cannot start with '{'
// or '[').
bool looks_like_json(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

// The files an `@sdl(files: [...])` on a schema definition or extension names.
std::vector<std::pair<std::string, SourcePos>> sdl_includes(const ast::Document& doc) {
  std::vector<std::pair<std::string, SourcePos>> out;
  for (const ast::Definition* d : doc.definitions) {
    if (d->kind != ast::DefinitionKind::kSchema) continue;
    for (const ast::Directive* dir : ast::as<ast::SchemaDefinition>(*d).directives) {
      if (dir->name.value != "sdl") continue;
      for (const ast::Argument* arg : dir->arguments) {
        if (arg->name.value != "files") continue;
        const ast::Value* v = arg->value;
        if (v->kind == ast::ValueKind::kString) {
          out.emplace_back(std::string(v->text), v->loc.pos());
        } else if (v->kind == ast::ValueKind::kList) {
          for (const ast::Value* item : v->list) {
            if (item->kind == ast::ValueKind::kString) {
              out.emplace_back(std::string(item->text), item->loc.pos());
            }
          }
        }
      }
    }
  }
  return out;
}

class Loader {
 public:
  Result<LoadedSchema, Diagnostic> load(std::span<const std::string> sources) {
    for (const std::string& source : sources) {
      if (auto error = add_source(source)) return Unexpected{std::move(*error)};
    }
    return std::move(loaded_);
  }

 private:
  std::optional<Diagnostic> add_source(const std::string& source) {
    if (source.empty()) return make_error("Schema", "an empty schema path was given");
    if (has_wildcard(source)) {
      const std::vector<std::string> files = expand_glob(source);
      if (files.empty()) return make_error("Schema", "no file matches " + source);
      for (const std::string& f : files) {
        if (auto error = add_file(f, "", {})) return error;
      }
      return std::nullopt;
    }
    std::error_code ec;
    if (fs::is_directory(source, ec)) {
      const std::string index = (fs::path(source) / "index.graphql").string();
      if (!fs::exists(index, ec)) {
        return make_error("Schema", "the folder " + source +
                                        " has no index.graphql (a StepZen project's schema)");
      }
      return add_file(index, "", {});
    }
    return add_file(source, "", {});
  }

  std::optional<Diagnostic> add_file(const std::string& file, const std::string& included_by,
                                     SourcePos at) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(fs::path(file), ec);
    if (ec) canonical = fs::absolute(fs::path(file), ec);
    const std::string key = canonical.string();
    if (std::find(stack_.begin(), stack_.end(), key) != stack_.end()) {
      std::string chain;
      bool in_cycle = false;
      for (size_t i = 0; i < stack_.size(); ++i) {
        if (stack_[i] == key) in_cycle = true;
        if (in_cycle) chain += stack_names_[i] + " -> ";
      }
      return make_error("Schema", where(included_by, at) + "include cycle: " + chain + file);
    }
    if (std::find(seen_.begin(), seen_.end(), key) != seen_.end()) return std::nullopt;
    seen_.push_back(key);
    auto text = io::read_file(file);
    if (!text) {
      std::string message = text.error().message;
      if (!included_by.empty()) {
        message = where(included_by, at) + "@sdl names a file that cannot be read: " + message;
      }
      return make_error("IO", std::move(message));
    }
    const bool json = introspection::is_introspection_json(*text);
    if (json) {
      auto sdl = introspection::introspection_to_sdl(*text, file);
      if (!sdl) return sdl.error().front();
      *text = std::move(*sdl);
    } else if (looks_like_json(*text)) {
      return make_error("Schema", file +
                                      " is neither SDL nor introspection JSON (JSON with no "
                                      "\"__schema\" member, nor {\"data\": {\"__schema\": ...}})");
    }
    if (!loaded_.sdl.empty() && loaded_.sdl.back() != '\n') {  // each file on its own lines
      loaded_.sdl.push_back('\n');
      ++line_;
    }
    SchemaPart part;
    part.file = file;
    part.included_by = included_by;
    part.first_line = line_ + 1;
    part.introspection = json;
    loaded_.parts.push_back(std::move(part));
    append(*text);
    if (json) return std::nullopt;

    // Its includes, relative to its folder.
    Arena arena(size_t{16} * 1024);
    graphql::ParseOptions parse_options;
    parse_options.empty_extension_body = true;  // as the dialect reads it
    auto doc = graphql::parse(*text, arena, parse_options);
    if (!doc) return std::nullopt;  // its syntax error is the build's to report, with its place
    const std::vector<std::pair<std::string, SourcePos>> includes = sdl_includes(**doc);
    if (includes.empty()) return std::nullopt;
    stack_.push_back(key);
    stack_names_.push_back(file);
    const fs::path folder = fs::path(file).parent_path();
    for (const auto& [name, pos] : includes) {
      const std::string path = fs::path(name).is_absolute() ? name : (folder / name).string();
      if (auto error = add_file(path, file, pos)) return error;
    }
    stack_.pop_back();
    stack_names_.pop_back();
    return std::nullopt;
  }

  static std::string where(const std::string& file, SourcePos at) {
    if (file.empty()) return "";
    return file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": ";
  }

  void append(std::string_view text) {
    // A single file reads as its exact text (its hash keys rows without an id).
    loaded_.sdl.append(text);
    line_ += static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n'));
  }

  LoadedSchema loaded_;
  uint32_t line_ = 0;  // lines in loaded_.sdl so far
  std::vector<std::string> seen_;
  std::vector<std::string> stack_;        // canonical paths of the files being included
  std::vector<std::string> stack_names_;  // and their names as given
};

}  // namespace

const SchemaPart* LoadedSchema::part_of(uint32_t line) const {
  const SchemaPart* found = nullptr;
  for (const SchemaPart& p : parts) {
    if (p.first_line <= line) found = &p;
  }
  return found;
}

std::string LoadedSchema::where(SourcePos pos) const {
  const SchemaPart* p = part_of(pos.line);
  if (p == nullptr) return parts.empty() ? std::string("schema") : parts.front().file;
  if (pos.line == 0) return p->file;
  return p->file + ":" + std::to_string(pos.line - p->first_line + 1) + ":" +
         std::to_string(pos.column);
}

Result<LoadedSchema, Diagnostic> load_schema(std::span<const std::string> sources) {
  return Loader().load(sources);
}

}  // namespace gqleval::sources

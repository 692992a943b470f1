#include "engine/calls/program.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "engine/python_subset/dump.h"

namespace gqleval::calls {
namespace {

using python_subset::ConstantKind;
using python_subset::Expr;
using python_subset::ExprKind;
using python_subset::Stmt;
using python_subset::StmtKind;

void append_quoted(std::string& out, std::string_view s, bool bytes) {
  static const char kHex[] = "0123456789abcdef";
  out += bytes ? "b\"" : "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (u < 0x20 || u == 0x7F || (bytes && u >= 0x80)) {
          out += "\\x";
          out += kHex[u >> 4];
          out += kHex[u & 15];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void merge(std::vector<uint32_t>& into, const std::vector<uint32_t>& more) {
  into.insert(into.end(), more.begin(), more.end());
  std::sort(into.begin(), into.end());
  into.erase(std::unique(into.begin(), into.end()), into.end());
}

SourcePos at(const Expr* e) { return {e->line, e->column}; }

// What an expression stands for: its canonical text, the responses it reads,
// and, when it is a chain read from a response, that call and the steps.
struct Value {
  std::string text;
  std::vector<uint32_t> reads;
  bool chain = false;
  uint32_t call = 0;
  std::vector<PathStep> steps;
  SourcePos pos;
};

class Standardizer {
 public:
  explicit Standardizer(const FunctionSpecs& functions) : functions_(functions) {
    scopes_.emplace_back();
  }

  Program run(const python_subset::Module& module) {
    block(module.body);
    return std::move(out_);
  }

 private:
  // ---------------------------------------------------------------- statements
  void block(const std::vector<Stmt*>& body) {
    for (const Stmt* s : body) statement(*s);
  }

  void statement(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::kAssign: {
        const Value v = eval(s.value);
        for (const Expr* target : s.targets) bind(target, v);
        return;
      }
      case StmtKind::kAugAssign: {
        const Value v = eval(s.value);
        if (s.targets[0]->kind != ExprKind::kName) {
          eval(s.targets[0]);
          return;
        }
        Value old = eval(s.targets[0]);
        Value sum;
        sum.text = "(" + old.text + " " + s.op.substr(0, s.op.size() - 1) + " " + v.text + ")";
        sum.reads = old.reads;
        merge(sum.reads, v.reads);
        bind(s.targets[0], sum);
        return;
      }
      case StmtKind::kExpr: eval(s.value); return;
      case StmtKind::kFor: {
        const Value iterable = eval(s.value);
        // A loop variable outlives its loop (Python's scoping), so it keeps a
        // name of its own for the whole program.
        bind_iteration(s.targets[0], iterable, scopes_.front(), "_f", next_loop_variable_);
        block(s.body);
        block(s.orelse);
        return;
      }
      case StmtKind::kIf:
        eval(s.value);
        block(s.body);
        block(s.orelse);
        return;
      case StmtKind::kImport:
      case StmtKind::kPass:
      case StmtKind::kBreak:
      case StmtKind::kContinue: return;
    }
  }

  // `name = value`: later uses of name stand for value. Other targets are
  // read for their chains only.
  void bind(const Expr* target, const Value& v) {
    if (target->kind == ExprKind::kName) {
      scopes_.front()[target->text] = v;
      return;
    }
    if (target->kind == ExprKind::kTuple || target->kind == ExprKind::kList) {
      for (size_t i = 0; i < target->items.size(); ++i) {
        Value item;
        item.text = v.text + "[" + std::to_string(i) + "]";
        item.reads = v.reads;
        if (v.chain) {
          item.chain = true;
          item.call = v.call;
          item.steps = v.steps;
          item.steps.push_back({PathStep::Kind::kIndex, {}, at(target->items[i])});
        }
        bind(target->items[i]->kind == ExprKind::kStarred ? target->items[i]->items[0]
                                                          : target->items[i],
             item);
      }
      return;
    }
    eval(target);
  }

  // A `for` or comprehension target over `iterable`: each name renamed to
  // `prefix` and the next number of `counter`; a single name over a response
  // chain reads its elements.
  void bind_iteration(const Expr* target, const Value& iterable,
                      std::unordered_map<std::string, Value>& scope, std::string_view prefix,
                      uint32_t& counter) {
    if (target->kind == ExprKind::kName) {
      Value v;
      v.text = std::string(prefix) + std::to_string(counter++);
      v.reads = iterable.reads;
      if (iterable.chain) {
        v.chain = true;
        v.call = iterable.call;
        v.steps = iterable.steps;
        v.steps.push_back({PathStep::Kind::kEach, {}, at(target)});
      }
      scope[target->text] = v;
      return;
    }
    if (target->kind != ExprKind::kTuple && target->kind != ExprKind::kList) {
      eval(target);  // `for a.b in ...`, `for a[0] in ...`: no name is bound
      return;
    }
    for (const Expr* item : target->items) {
      Value element;
      element.reads = iterable.reads;
      bind_iteration(item->kind == ExprKind::kStarred ? item->items[0] : item, element, scope,
                     prefix, counter);
    }
  }

  // The innermost binding of `name` (comprehension scopes shadow the module's).
  const Value* lookup(const std::string& name) const {
    for (size_t i = scopes_.size(); i-- > 0;) {
      auto found = scopes_[i].find(name);
      if (found != scopes_[i].end()) return &found->second;
    }
    return nullptr;
  }

  // ---------------------------------------------------------------- expressions
  // An expression whose chain, if any, ends here: the chain is recorded.
  Value eval(const Expr* e) {
    Value v = chain(e, false);
    record(v);
    return v;
  }
  void record(const Value& v) {
    if (!v.chain || v.steps.empty()) return;
    AccessPath p;
    p.call = v.call;
    p.steps = v.steps;
    p.pos = v.pos;
    out_.paths.push_back(std::move(p));
  }

  // An expression that a longer chain may extend (`called`: it is the
  // function of a call, so an attribute is a method, not a field).
  Value chain(const Expr* e, bool called) {
    if (e == nullptr) return {};
    switch (e->kind) {
      case ExprKind::kName: {
        if (const Value* bound = lookup(e->text)) {
          Value v = *bound;
          v.pos = at(e);
          return v;
        }
        Value v;
        v.text = e->text;
        v.pos = at(e);
        return v;
      }
      case ExprKind::kAttribute: {
        Value base = chain(e->items[0], false);
        Value v;
        v.text = base.text + "." + e->text;
        v.reads = base.reads;
        v.pos = at(e);
        if (base.chain && !called) {
          v.chain = true;
          v.call = base.call;
          v.steps = std::move(base.steps);
          v.steps.push_back({PathStep::Kind::kField, e->text, {e->name_line, e->name_column}});
        } else {
          record(base);  // a method of the value read so far
        }
        return v;
      }
      case ExprKind::kSubscript: {
        Value base = chain(e->items[0], false);
        const Expr* index = e->items[1];
        const Value key = eval(index);
        Value v;
        v.text = base.text + "[" + key.text + "]";
        v.reads = base.reads;
        merge(v.reads, key.reads);
        v.pos = at(e);
        if (base.chain) {
          v.chain = true;
          v.call = base.call;
          v.steps = std::move(base.steps);
          if (index->kind == ExprKind::kConstant && index->constant == ConstantKind::kStr) {
            v.steps.push_back({PathStep::Kind::kField, index->text, at(index)});
          } else if (index->kind == ExprKind::kSlice) {
            v.steps.push_back({PathStep::Kind::kSlice, {}, at(index)});
          } else {
            v.steps.push_back({PathStep::Kind::kIndex, {}, at(index)});
          }
        }
        return v;
      }
      case ExprKind::kCall: return call(e);
      default: return plain(e);
    }
  }

  Value call(const Expr* e) {
    const Expr* func = e->items[0];
    const FunctionSpec* spec = func->kind == ExprKind::kName && lookup(func->text) == nullptr
                                   ? functions_.find(func->text)
                                   : nullptr;
    if (spec == nullptr) {
      Value f = chain(func, true);
      Value v;
      v.reads = f.reads;
      v.text = f.text + "(" + arguments_text(e, v.reads) + ")";
      v.pos = at(e);
      return v;
    }
    ApiCall c;
    c.function = spec->name;
    c.pos = at(e);
    size_t positional = 0;
    for (size_t i = 1; i < e->items.size(); ++i) {
      const Expr* a = e->items[i];
      if (a->kind == ExprKind::kKeyword && a->text.empty() &&
          a->items[0]->kind == ExprKind::kDict) {
        const Expr* d = a->items[0];  // f(**{"k": v}): its keys are the names
        for (size_t k = 0; k + 1 < d->items.size(); k += 2) {
          const Expr* key = d->items[k];
          const bool named = key != nullptr && key->kind == ExprKind::kConstant &&
                             key->constant == ConstantKind::kStr;
          add_argument(c, named ? key->text : "**", d->items[k + 1]);
        }
        continue;
      }
      if (a->kind == ExprKind::kKeyword) {
        add_argument(c, a->text.empty() ? "**" : a->text, a->items[0]);
      } else if (a->kind == ExprKind::kStarred) {
        add_argument(c, "*", a->items[0]);
      } else {
        add_argument(c,
                     positional < spec->parameters.size() ? spec->parameters[positional]
                                                          : "#" + std::to_string(positional),
                     a);
        ++positional;
      }
    }
    c.occurrence = occurrences_[c.function]++;
    Value v;
    v.text = c.id();
    v.chain = true;
    v.call = static_cast<uint32_t>(out_.calls.size());
    v.reads = {v.call};
    v.pos = c.pos;
    out_.calls.push_back(std::move(c));
    return v;
  }

  void add_argument(ApiCall& c, std::string parameter, const Expr* value) {
    const Value v = eval(value);
    merge(c.reads, v.reads);
    c.arguments.push_back({c.function, std::move(parameter), v.text, at(value)});
  }

  std::string arguments_text(const Expr* call, std::vector<uint32_t>& reads) {
    std::string out;
    bool first = true;
    auto sep = [&] {
      if (!first) out += ", ";
      first = false;
    };
    for (size_t i = 1; i < call->items.size(); ++i) {
      const Expr* a = call->items[i];
      if (a->kind == ExprKind::kKeyword) continue;
      sep();
      const Value v = eval(a);
      merge(reads, v.reads);
      out += v.text;
    }
    for (size_t i = 1; i < call->items.size(); ++i) {
      const Expr* a = call->items[i];
      if (a->kind != ExprKind::kKeyword) continue;
      sep();
      const Value v = eval(a->items[0]);
      merge(reads, v.reads);
      out += a->text.empty() ? "**" + v.text : a->text + "=" + v.text;
    }
    return out;
  }

  // Everything but names, attributes, subscripts and calls.
  Value plain(const Expr* e) {
    Value v;
    v.pos = at(e);
    auto add = [&](const Expr* sub) {
      const Value s = eval(sub);
      merge(v.reads, s.reads);
      return s.text;
    };
    auto join = [&](const std::vector<Expr*>& items, size_t from = 0) {
      std::string out;
      for (size_t i = from; i < items.size(); ++i) {
        if (i > from) out += ", ";
        out += items[i] == nullptr ? "" : add(items[i]);
      }
      return out;
    };
    switch (e->kind) {
      case ExprKind::kConstant: v.text = constant(*e); break;
      case ExprKind::kJoinedStr: v.text = "f" + joined(e, v.reads); break;
      case ExprKind::kStarred: v.text = "*" + add(e->items[0]); break;
      case ExprKind::kList: v.text = "[" + join(e->items) + "]"; break;
      case ExprKind::kSet: v.text = "{" + join(e->items) + "}"; break;
      case ExprKind::kTuple:
        v.text = "(" + join(e->items) + (e->items.size() == 1 ? ",)" : ")");
        break;
      case ExprKind::kDict: {
        v.text = "{";
        for (size_t i = 0; i + 1 < e->items.size(); i += 2) {
          if (i > 0) v.text += ", ";
          if (e->items[i] == nullptr) {
            v.text += "**" + add(e->items[i + 1]);
          } else {
            v.text += add(e->items[i]) + ": " + add(e->items[i + 1]);
          }
        }
        v.text += "}";
        break;
      }
      case ExprKind::kSlice: {
        const Expr* step = e->items[2];
        v.text =
            (e->items[0] ? add(e->items[0]) : "") + ":" + (e->items[1] ? add(e->items[1]) : "");
        if (step != nullptr) v.text += ":" + add(step);
        break;
      }
      case ExprKind::kListComp:
      case ExprKind::kSetComp:
      case ExprKind::kGeneratorExp:
      case ExprKind::kDictComp: v.text = comprehension(e, v.reads); break;
      case ExprKind::kCompare: {
        v.text = "(" + add(e->items[0]);
        for (size_t i = 0; i < e->ops.size(); ++i)
          v.text += " " + e->ops[i] + " " + add(e->items[i + 1]);
        v.text += ")";
        break;
      }
      case ExprKind::kBoolOp: {
        v.text = "(";
        for (size_t i = 0; i < e->items.size(); ++i) {
          if (i > 0) v.text += " " + e->text + " ";
          v.text += add(e->items[i]);
        }
        v.text += ")";
        break;
      }
      case ExprKind::kBinOp:
        v.text = "(" + add(e->items[0]) + " " + e->text + " " + add(e->items[1]) + ")";
        break;
      case ExprKind::kUnaryOp:
        v.text = "(" + e->text + (e->text == "not" ? " " : "") + add(e->items[0]) + ")";
        break;
      case ExprKind::kIfExp:
        v.text =
            "(" + add(e->items[1]) + " if " + add(e->items[0]) + " else " + add(e->items[2]) + ")";
        break;
      default: v.text = "?"; break;
    }
    return v;
  }

  static std::string constant(const Expr& e) {
    std::string out;
    switch (e.constant) {
      case ConstantKind::kStr: append_quoted(out, e.text, false); return out;
      case ConstantKind::kBytes: append_quoted(out, e.text, true); return out;
      case ConstantKind::kInt: return python_subset::int_value(e.text);
      case ConstantKind::kFloat:
        return python_subset::float_repr(std::strtod(e.text.c_str(), nullptr));
      case ConstantKind::kImaginary:
        return python_subset::float_repr(std::strtod(e.text.c_str(), nullptr)) + "j";
      case ConstantKind::kTrue: return "True";
      case ConstantKind::kFalse: return "False";
      case ConstantKind::kNone: return "None";
      case ConstantKind::kEllipsis: return "...";
    }
    return out;
  }

  // An f-string's parts: literal text escaped as in a string, fields as
  // {value!conversion:spec}.
  std::string joined(const Expr* e, std::vector<uint32_t>& reads) {
    std::string body;
    for (const Expr* part : e->items) {
      if (part->kind == ExprKind::kConstant) {
        std::string quoted;
        append_quoted(quoted, part->text, false);
        for (size_t i = 1; i + 1 < quoted.size(); ++i) {
          const char c = quoted[i];
          body += c;
          if (c == '{' || c == '}') body += c;
        }
        continue;
      }
      const Value v = eval(part->items[0]);
      merge(reads, v.reads);
      body += "{" + v.text;
      if (!part->text.empty()) body += "!" + part->text;
      if (part->items[1] != nullptr) {
        const std::string spec = joined(part->items[1], reads);
        body += ":" + spec.substr(1, spec.size() - 2);
      }
      body += "}";
    }
    return "\"" + body + "\"";
  }

  // A comprehension's variables are numbered from where the enclosing
  // comprehensions' stop (from 0 outside any), and the numbers are free again
  // after it: the same comprehension prints the same wherever it is, and the
  // variables in scope at once (nested comprehensions, several `for`
  // clauses) have distinct names. Loop variables are `_f`, so never clash.
  std::string comprehension(const Expr* e, std::vector<uint32_t>& reads) {
    scopes_.emplace_back();
    const uint32_t outer_variables = comprehension_variables_;
    const size_t first = e->kind == ExprKind::kDictComp ? 2 : 1;
    std::string generators;
    for (size_t i = first; i < e->items.size(); ++i) {
      const Expr* g = e->items[i];
      const Value iterable = eval(g->items[1]);
      merge(reads, iterable.reads);
      bind_iteration(g->items[0], iterable, scopes_.back(), "_v", comprehension_variables_);
      generators += " for " + chain(g->items[0], false).text + " in " + iterable.text;
      for (size_t k = 2; k < g->items.size(); ++k) {
        const Value c = eval(g->items[k]);
        merge(reads, c.reads);
        generators += " if " + c.text;
      }
    }
    std::string element;
    if (e->kind == ExprKind::kDictComp) {
      const Value k = eval(e->items[0]);
      const Value v = eval(e->items[1]);
      merge(reads, k.reads);
      merge(reads, v.reads);
      element = k.text + ": " + v.text;
    } else {
      const Value v = eval(e->items[0]);
      merge(reads, v.reads);
      element = v.text;
    }
    scopes_.pop_back();
    comprehension_variables_ = outer_variables;
    switch (e->kind) {
      case ExprKind::kListComp: return "[" + element + generators + "]";
      case ExprKind::kSetComp:
      case ExprKind::kDictComp: return "{" + element + generators + "}";
      default: return "(" + element + generators + ")";
    }
  }

  const FunctionSpecs& functions_;
  Program out_;
  std::map<std::string, uint32_t> occurrences_;
  std::vector<std::unordered_map<std::string, Value>>
      scopes_;                            // the module's, then comprehensions'
  uint32_t next_loop_variable_ = 0;       // `for` statements', over the program
  uint32_t comprehension_variables_ = 0;  // bound by the comprehensions being read
};

}  // namespace

std::vector<std::string> Program::sequence() const {
  std::vector<std::string> out;
  out.reserve(calls.size());
  for (const ApiCall& c : calls) out.push_back(c.function);
  return out;
}

Program standardize(const python_subset::Module& module, const FunctionSpecs& functions) {
  return Standardizer(functions).run(module);
}

std::string path_text(const ApiCall& call, const AccessPath& path) {
  std::string out = call.id();
  for (const PathStep& s : path.steps) {
    switch (s.kind) {
      case PathStep::Kind::kField: out += "." + s.name; break;
      case PathStep::Kind::kIndex: out += "[i]"; break;
      case PathStep::Kind::kSlice: out += "[:]"; break;
      case PathStep::Kind::kEach: out += "[*]"; break;
    }
  }
  return out;
}

}  // namespace gqleval::calls

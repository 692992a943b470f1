#!/usr/bin/env python3
"""`gqleval subset` against Relay's own binary, pair by pair (issue #14).

Usage: relay_differential_test.py GQLEVAL GQLEVAL_GENERATE BUILD_DIR SHARED_DIR

Relay 21.0.1's `relay experimental-compare-document-ir` is the command
`gqleval subset` replaces. This test runs both on the same pairs of documents
and fails on any difference that is not one of the differences gqleval makes
on purpose (the table of docs/commands/subset.md, "Where gqleval and Relay differ";
tests/data/relay-subset/differences.txt).

Relay: the npm package relay-compiler@21.0.1 ships the binary as
linux-x64/relay. The test installs it into BUILD_DIR/relay-compiler with npm
when it is not there yet (never into the repository), and skips (exit 77,
SKIP_RETURN_CODE in tests/CMakeLists.txt) with a message when it cannot: no
npm, no registry, not Linux x86-64, or no NL2GQL data under SHARED_DIR.

Pairs (deterministic, the same on every run):
  - the NL2GQL references: gt_query against gt_query_2, both ways;
  - gqleval-generate's rows (seeded): reference against candidate, both ways
    (aliases, fragments, variables, shuffles, and labelled mutations: a leaf
    or subtree dropped, added, moved or replaced, an argument changed, added
    or dropped);
  - variants made here from the references, without the schema (seeded): a
    leaf or subtree dropped, selections reordered, a field aliased, a field
    added (__typename), selections moved into an inline fragment, a literal
    changed, a string respelled (an escape, a block string), a field selected
    twice with its children split between the copies, @include/@skip added,
    the keys of an input object reordered, an unused fragment or variable or
    two fields under one name added; both ways.
Relay refuses many NL2GQL schemas and documents that gqleval accepts (its
StepZen dialect, e.g. a type that implements an interface without repeating
its fields): those pairs are counted as refused by Relay and not compared.
The test fails when fewer than MIN_COMPARED NL2GQL pairs were compared by
both. Relay's recorded cases (tests/data/relay-subset, over a schema with
interfaces, unions, lists, enums, defaults and a custom scalar) and variants
of their documents are compared too.

For each pair both compared:
  - Relay's stdout against `gqleval subset`'s, byte for byte, except that
    Relay prints the types of a leaf's type gap (` on {Page, Group}`) in a
    random order: they compare as a set. Identical stdout means the same
    verdict ("Subset test passed" or not), the same code frames and the same
    missing-path lines in the same order; the paths of `--json` must be the
    same lines too;
  - the score. Relay's CLI does not print it (only its library returns it:
    1 - nodes in missing subtrees / nodes of LEFT's tree, root included).
    The test computes it from Relay's path lines and LEFT's tree as Relay
    builds it (RelayTree below: fragments inlined, aliases dropped, a field
    repeated with equal arguments counted once, the children of a repeated
    linked field dropped) and compares it with `gqleval subset --json`'s.
    Where a path line does not name exactly one node of that tree (a value
    the model does not print as Relay does), the score is not checked and
    the pair is counted under "score not checked".

A pair that differs must be explained by a deliberate difference (the
table of docs/commands/subset.md, "Where gqleval and Relay differ";
tests/data/relay-subset/differences.txt): gqleval refuses a document that
graphql-js refuses (invalid_document), or a check on the pair (CATEGORIES)
names the fields a deliberate difference may be on, and every path line
that one tool prints and the other does not goes through one of them. Three
are confirmed where they apply alone: gqleval runs again on the pair
rewritten as Relay reads it (@include/@skip dropped, variables' defaults
dropped, a linked field's second copy dropped) and must then give Relay's
verdict, path lines and score. A difference nothing explains fails the
test, with the pair and both outputs printed. The summary gives the pairs
generated, compared, identical, differing per category, and refused by
Relay and by gqleval.

Environment: GQLEVAL_RELAY_JOBS (default 2) processes at a time;
GQLEVAL_RELAY_DUMP=FILE writes every pair and both answers as JSON Lines;
GQLEVAL_RELAY_VERBOSE=1 prints one example of each category;
GQLEVAL_RELAY_SEED=N draws other pairs (default 14), to hunt for more;
GQLEVAL_RELAY_EVERY=N compares every N-th pair only (MIN_COMPARED divided by
N): the sanitizer build's run, where the point is gqleval's memory safety on
these documents and each of its processes starts several times slower.
"""
import collections
import concurrent.futures
import copy
import csv
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77  # ctest's SKIP_RETURN_CODE for this test
RELAY_VERSION = "21.0.1"
MIN_COMPARED = 1000
SEED = int(os.environ.get("GQLEVAL_RELAY_SEED", "14"))
GENERATED_ROWS = 700  # gqleval-generate rows; each gives two pairs


def skip(message):
    print(f"relay_differential_test: SKIPPED: {message}")
    sys.exit(SKIP)


# --------------------------------------------------------------------------
# Relay's binary


def relay_binary(build_dir):
    """The path of Relay's binary, installed with npm into the build folder
    when it is not there yet; skips the test when it cannot be."""
    prefix = os.path.join(build_dir, "relay-compiler")
    binary = os.path.join(prefix, "node_modules", "relay-compiler", "linux-x64", "relay")
    if relay_version(binary) == RELAY_VERSION:
        return binary
    if platform.system() != "Linux" or platform.machine() not in ("x86_64", "AMD64"):
        skip("relay-compiler ships linux-x64/relay; this is "
             f"{platform.system()} {platform.machine()}")
    npm = shutil.which("npm")
    if npm is None:
        skip("npm is not installed (it installs relay-compiler@" + RELAY_VERSION + ")")
    print(f"relay_differential_test: npm install --prefix {prefix} relay-compiler@{RELAY_VERSION}",
          flush=True)
    # Short network timeouts: an offline machine should skip in seconds, not
    # after npm's default five-minute retries.
    command = [npm, "install", "--prefix", prefix, "--no-audit", "--no-fund", "--loglevel=error",
               "--fetch-retries=1", "--fetch-timeout=30000", f"relay-compiler@{RELAY_VERSION}"]
    try:
        p = subprocess.run(command, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        skip("npm install of relay-compiler timed out (no registry?)")
    if p.returncode != 0:
        # npm's first lines name the cause (`npm error code ECONNREFUSED`).
        head = "\n".join((p.stderr or p.stdout).strip().splitlines()[:4])
        skip(f"npm install of relay-compiler failed (exit {p.returncode}):\n{head}")
    version = relay_version(binary)
    if version != RELAY_VERSION:
        skip(f"{binary} does not run as Relay {RELAY_VERSION} (got {version!r})")
    return binary


def relay_version(binary):
    if not os.access(binary, os.X_OK):
        return None
    try:
        p = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r"Relay Compiler (\S+)", p.stdout)
    return m.group(1) if m else None


# --------------------------------------------------------------------------
# A small GraphQL parser for executable documents: enough to make variants,
# model Relay's tree and check the categories. Values keep their source text
# (Relay prints Int and String values as written, see print_value).


class ParseError(Exception):
    pass


TOKEN = re.compile(r'''
    (?P<ignored>[\s,\ufeff]+|\#[^\n\r]*)
  | (?P<block>"""(?:\\"""|[^"]|"(?!""))*""")
  | (?P<string>"(?:\\.|[^"\\\n\r])*")
  | (?P<float>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+(?:[eE][+-]?[0-9]+)?|[eE][+-]?[0-9]+))
  | (?P<int>-?(?:0|[1-9][0-9]*))
  | (?P<name>[_A-Za-z][_0-9A-Za-z]*)
  | (?P<punct>\.\.\.|[!$&():=@\[\]{|}])
''', re.VERBOSE)


def tokenize(text):
    tokens = []
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise ParseError(f"unexpected character {text[pos]!r} at {pos}")
        pos = m.end()
        if m.lastgroup != "ignored":
            tokens.append((m.lastgroup, m.group()))
    tokens.append(("eof", ""))
    return tokens


# AST: plain dicts and lists, printed back by print_document.
#   document  {"definitions": [op | fragment]}
#   op        {"kind": "op", "keyword": "query"|None, "name", "vars", "dirs", "sels"}
#   var       {"name", "type": text, "default": value|None, "dirs"}
#   fragment  {"kind": "fragment", "name", "on", "dirs", "sels"}
#   field     {"kind": "field", "alias", "name", "args": [(name, value)], "dirs", "sels"|None}
#   inline    {"kind": "inline", "on"|None, "dirs", "sels"}
#   spread    {"kind": "spread", "name", "dirs"}
#   value     ("int"|"float"|"string"|"block"|"name"|"var", text) | ("list", [v]) |
#             ("object", [(name, v)])
#   dirs      [(name, args)]


class Parser:
    def __init__(self, text):
        self.tokens = tokenize(text)
        self.i = 0

    def peek(self, value=None):
        kind, text = self.tokens[self.i]
        return text == value if value is not None else (kind, text)

    def take(self, value=None, kind=None):
        k, t = self.tokens[self.i]
        if (value is not None and t != value) or (kind is not None and k != kind) or k == "eof":
            raise ParseError(f"expected {value or kind}, got {t!r}")
        self.i += 1
        return t

    def document(self):
        definitions = []
        while self.peek()[0] != "eof":
            definitions.append(self.definition())
        return {"definitions": definitions}

    def definition(self):
        if self.peek("{"):
            return {"kind": "op", "keyword": None, "name": None, "vars": [], "dirs": [],
                    "sels": self.selections()}
        keyword = self.take(kind="name")
        if keyword == "fragment":
            name = self.take(kind="name")
            self.take("on")
            on = self.take(kind="name")
            return {"kind": "fragment", "name": name, "on": on, "dirs": self.directives(),
                    "sels": self.selections()}
        if keyword not in ("query", "mutation", "subscription"):
            raise ParseError(f"unexpected {keyword!r}")
        name = self.take(kind="name") if self.peek()[0] == "name" else None
        variables = []
        if self.peek("("):
            self.take("(")
            while not self.peek(")"):
                self.take("$")
                var = {"name": self.take(kind="name")}
                self.take(":")
                var["type"] = self.type()
                var["default"] = None
                if self.peek("="):
                    self.take("=")
                    var["default"] = self.value()
                var["dirs"] = self.directives()
                variables.append(var)
            self.take(")")
        return {"kind": "op", "keyword": keyword, "name": name, "vars": variables,
                "dirs": self.directives(), "sels": self.selections()}

    def type(self):
        if self.peek("["):
            self.take("[")
            text = "[" + self.type() + "]"
            self.take("]")
        else:
            text = self.take(kind="name")
        if self.peek("!"):
            self.take("!")
            text += "!"
        return text

    def selections(self):
        self.take("{")
        sels = []
        while not self.peek("}"):
            sels.append(self.selection())
        self.take("}")
        if not sels:
            raise ParseError("empty selection set")
        return sels

    def selection(self):
        if self.peek("..."):
            self.take("...")
            if self.peek("on"):
                self.take("on")
                on = self.take(kind="name")
                return {"kind": "inline", "on": on, "dirs": self.directives(),
                        "sels": self.selections()}
            if self.peek()[0] == "name":
                return {"kind": "spread", "name": self.take(kind="name"), "dirs": self.directives()}
            return {"kind": "inline", "on": None, "dirs": self.directives(),
                    "sels": self.selections()}
        name = self.take(kind="name")
        alias = None
        if self.peek(":"):
            self.take(":")
            alias, name = name, self.take(kind="name")
        args = self.arguments()
        dirs = self.directives()
        sels = self.selections() if self.peek("{") else None
        return {"kind": "field", "alias": alias, "name": name, "args": args, "dirs": dirs,
                "sels": sels}

    def arguments(self):
        args = []
        if self.peek("("):
            self.take("(")
            while not self.peek(")"):
                name = self.take(kind="name")
                self.take(":")
                args.append((name, self.value()))
            self.take(")")
        return args

    def directives(self):
        dirs = []
        while self.peek("@"):
            self.take("@")
            dirs.append((self.take(kind="name"), self.arguments()))
        return dirs

    def value(self):
        kind, text = self.peek()
        if text == "$":
            self.take("$")
            return ("var", self.take(kind="name"))
        if text == "[":
            self.take("[")
            items = []
            while not self.peek("]"):
                items.append(self.value())
            self.take("]")
            return ("list", items)
        if text == "{":
            self.take("{")
            fields = []
            while not self.peek("}"):
                name = self.take(kind="name")
                self.take(":")
                fields.append((name, self.value()))
            self.take("}")
            return ("object", fields)
        if kind in ("int", "float", "string", "block", "name"):
            self.i += 1
            return (kind, text)
        raise ParseError(f"unexpected {text!r} in a value")


def parse(text):
    return Parser(text).document()


def print_value(v):
    kind, x = v
    if kind == "var":
        return "$" + x
    if kind == "list":
        return "[" + ", ".join(print_value(i) for i in x) + "]"
    if kind == "object":
        return "{" + ", ".join(f"{k}: {print_value(i)}" for k, i in x) + "}"
    return x


def print_args(args):
    return "(" + ", ".join(f"{k}: {print_value(v)}" for k, v in args) + ")" if args else ""


def print_dirs(dirs):
    return "".join(f" @{n}{print_args(a)}" for n, a in dirs)


def print_selections(sels, indent):
    out = " {\n"
    for s in sels:
        out += "  " * (indent + 1)
        if s["kind"] == "field":
            out += (s["alias"] + ": " if s["alias"] else "") + s["name"] + print_args(s["args"])
            out += print_dirs(s["dirs"])
        elif s["kind"] == "inline":
            out += "..." + (" on " + s["on"] if s["on"] else "") + print_dirs(s["dirs"])
        else:
            out += "..." + s["name"] + print_dirs(s["dirs"])
        if s.get("sels"):
            out += print_selections(s["sels"], indent + 1)
        out += "\n"
    return out + "  " * indent + "}"


def print_document(doc):
    parts = []
    for d in doc["definitions"]:
        if d["kind"] == "fragment":
            head = f"fragment {d['name']} on {d['on']}{print_dirs(d['dirs'])}"
        elif d["keyword"] is None:
            head = ""
        else:
            head = d["keyword"] + (" " + d["name"] if d["name"] else "")
            if d["vars"]:
                head += "(" + ", ".join(
                    f"${v['name']}: {v['type']}"
                    + (f" = {print_value(v['default'])}" if v["default"] else "")
                    + print_dirs(v["dirs"]) for v in d["vars"]) + ")"
            head += print_dirs(d["dirs"])
        parts.append((head + print_selections(d["sels"], 0)).lstrip())
    return "\n\n".join(parts)


# --------------------------------------------------------------------------
# Relay's normalized tree (SPEC §3), for the score and the category checks.
# A node is [label, children (None for a leaf), arguments by name]; `label`
# is the path step Relay prints (field name and arguments), which is also
# what Relay compares to merge siblings.


def rust_float(text):
    """A Float as Relay's path line prints it: Rust's f64 Display (shortest
    round trip, no exponent)."""
    f = float(text)
    if f == int(f) and abs(f) < 1e16:
        return str(int(f))
    r = repr(f)
    if "e" in r:
        raise ValueError("exponent")  # Rust writes the digits out; not modelled
    return r


def relay_value(v):
    kind, x = v
    if kind == "int":
        return str(int(x))
    if kind == "float":
        return rust_float(x)
    if kind == "block":
        # Relay prints a block string's value; modelled for one line only.
        if "\n" in x or "\\" in x or x[3:-3].strip() != x[3:-3]:
            raise ValueError("block string")
        return '"' + x[3:-3] + '"'
    if kind == "list":
        return "[" + ", ".join(relay_value(i) for i in x) + "]"
    if kind == "object":
        return "{" + ", ".join(f"{k}: {relay_value(i)}" for k, i in x) + "}"
    return print_value(v)


def relay_label(field):
    """The step Relay's path line prints for a field (its schema name and
    arguments as written), and whether the model prints it exactly so."""
    try:
        args, exact = ", ".join(f"{k}: {relay_value(v)}" for k, v in field["args"]), True
    except ValueError:
        args, exact = ", ".join(f"{k}: {print_value(v)}" for k, v in field["args"]), False
    return field["name"] + (f"({args})" if args else ""), exact


def by_name(args):
    return sorted(args, key=lambda a: a[0])


class RelayTree:
    """LEFT's (or RIGHT's) tree as Relay's NormalizedTreeCollector builds it."""

    def __init__(self, doc):
        self.fragments = {d["name"]: d for d in doc["definitions"] if d["kind"] == "fragment"}
        ops = [d for d in doc["definitions"] if d["kind"] == "op"]
        if len(ops) != 1:
            raise ValueError("not one operation")
        self.exact = True  # False when a label is not printed as Relay prints it
        self.repeated_names = set()  # linked fields selected again with equal arguments
        self.same_field_names = set()  # fields selected twice under one parent, other arguments
        self.reordered_args = set()  # linked fields selected again, arguments in another order
        self.root = [ops[0]["keyword"] or "query", [], None]
        self.visit(ops[0]["sels"], self.root, set())

    def label(self, field):
        label, exact = relay_label(field)
        self.exact = self.exact and exact
        return label

    def visit(self, sels, parent, spreading):
        for s in sels:
            if s["kind"] == "inline":
                self.visit(s["sels"], parent, spreading)
            elif s["kind"] == "spread":
                if s["name"] in spreading or s["name"] not in self.fragments:
                    raise ValueError("fragment cycle or unknown fragment")
                self.visit(self.fragments[s["name"]]["sels"], parent, spreading | {s["name"]})
            else:
                label = self.label(s)
                is_leaf = s["sels"] is None
                same = [c for c in parent[1] if c[0] == label and (c[1] is None) == is_leaf]
                if any(c[0].split("(")[0] == s["name"] and c[0] != label for c in parent[1]):
                    self.same_field_names.add(s["name"])
                if not is_leaf and any(
                        c[1] is not None and c[0] != label and c[2] == by_name(s["args"])
                        for c in parent[1]):
                    self.reordered_args.add(s["name"])
                if same and is_leaf:
                    continue  # Relay merges the leaf into the first one
                node = [label, None if is_leaf else [], by_name(s["args"])]
                if same:
                    self.repeated_names.add(s["name"])  # Relay walks it, detached
                else:
                    parent[1].append(node)
                if not is_leaf:
                    self.visit(s["sels"], node, spreading)

    @staticmethod
    def size(node):
        return 1 + (sum(RelayTree.size(c) for c in node[1]) if node[1] is not None else 0)

    def find(self, path):
        """The node a Relay path line ("query -> user(id: 1) -> name", maybe
        with " on {...}") names, or None when none or several match."""
        if not path.startswith(self.root[0]):
            return None
        matches = []

        def walk(node, rest):
            if rest == "" or rest.startswith(" on {"):
                matches.append(node)
                return
            if not rest.startswith(" -> ") or node[1] is None:
                return
            rest = rest[4:]
            for c in node[1]:
                if rest.startswith(c[0]):
                    walk(c, rest[len(c[0]):])

        walk(self.root, path[len(self.root[0]):])
        return matches[0] if len(matches) == 1 else None


# --------------------------------------------------------------------------
# Variants made here (no schema needed): each keeps the document valid for
# any schema the original is valid for, or changes it in a way both tools
# must judge.


def fields_of(doc):
    """Every field selection in the document, with the list that holds it."""
    out = []

    def walk(sels):
        for s in sels:
            if s["kind"] == "field":
                out.append((s, sels))
            if s.get("sels"):
                walk(s["sels"])

    for d in doc["definitions"]:
        walk(d["sels"])
    return out


def selection_sets(doc):
    out = []

    def walk(sels):
        out.append(sels)
        for s in sels:
            if s.get("sels"):
                walk(s["sels"])

    for d in doc["definitions"]:
        walk(d["sels"])
    return out


def literals(doc, kinds):
    """(holder, index) of every argument or input-object field whose value
    is of one of `kinds`; holder[index] is its (name, value)."""
    out = []

    def walk(pairs):
        for i, (_, v) in enumerate(pairs):
            if v[0] in kinds:
                out.append((pairs, i))
            elif v[0] == "object":
                walk(v[1])

    for f, _ in fields_of(doc):
        walk(f["args"])
    return out


def objects(doc):
    """Every input object literal, at any depth (in lists too)."""
    out = []

    def walk(v):
        if v[0] == "object":
            out.append(v)
            for _, i in v[1]:
                walk(i)
        elif v[0] == "list":
            for i in v[1]:
                walk(i)

    for f, _ in fields_of(doc):
        for _, v in f["args"]:
            walk(v)
    return out


def typename_field():
    return {"kind": "field", "alias": None, "name": "__typename", "args": [], "dirs": [],
            "sels": None}


def drop_leaf(doc, rnd):
    c = [(f, s) for f, s in fields_of(doc) if f["sels"] is None and len(s) > 1]
    if not c:
        return False
    f, sels = rnd.choice(c)
    sels.remove(f)
    return True


def drop_subtree(doc, rnd):
    c = [(f, s) for f, s in fields_of(doc) if f["sels"] is not None and len(s) > 1]
    if not c:
        return False
    f, sels = rnd.choice(c)
    sels.remove(f)
    return True


def reorder(doc, rnd):
    c = [s for s in selection_sets(doc) if len(s) > 1]
    if not c:
        return False
    sels = rnd.choice(c)
    before = [id(x) for x in sels]  # by identity: equal selections may repeat
    while [id(x) for x in sels] == before:
        rnd.shuffle(sels)
    return True


def alias(doc, rnd):
    f, _ = rnd.choice(fields_of(doc))
    f["alias"] = f"al{rnd.randrange(1000)}"
    return True


def add_typename(doc, rnd):
    rnd.choice(selection_sets(doc)).append(typename_field())
    return True


def inline_fragment(doc, rnd):
    sels = rnd.choice(selection_sets(doc))
    n = rnd.randrange(1, len(sels) + 1)
    start = rnd.randrange(len(sels) - n + 1)
    inline = {"kind": "inline", "on": None, "dirs": [], "sels": sels[start:start + n]}
    sels[start:start + n] = [inline]
    return True


def change_literal(doc, rnd):
    c = literals(doc, ("int", "string", "name"))
    c = [(h, i) for h, i in c if h[i][1][0] != "name" or h[i][1][1] in ("true", "false")]
    if not c:
        return False
    holder, i = rnd.choice(c)
    name, (kind, text) = holder[i]
    if kind == "int":
        text = str(int(text) + rnd.choice((1, 7, 100)))
    elif kind == "string":
        text = text[:-1] + "x" + '"'
    else:
        text = "false" if text == "true" else "true"
    holder[i] = (name, (kind, text))
    return True


def split_repeated(doc, rnd):
    """`user { a b }` -> `user { a } user { b }`: Relay keeps only the first
    copy's children (a deliberate difference)."""
    c = [(f, s) for f, s in fields_of(doc) if f["sels"] is not None and len(f["sels"]) > 1]
    if not c:
        return False
    f, sels = rnd.choice(c)
    n = rnd.randrange(1, len(f["sels"]))
    second = dict(f, sels=f["sels"][n:])
    f["sels"] = f["sels"][:n]
    sels.insert(sels.index(f) + 1, second)
    return True


def add_condition(doc, rnd):
    """@include(if: false) / @skip(if: true), which Relay ignores (a deliberate
    difference), or their no-op forms."""
    f, _ = rnd.choice(fields_of(doc))
    f["dirs"] = f["dirs"] + [rnd.choice([("include", [("if", ("name", "false"))]),
                                         ("skip", [("if", ("name", "true"))]),
                                         ("include", [("if", ("name", "true"))]),
                                         ("skip", [("if", ("name", "false"))])])]
    return True


def reorder_object(doc, rnd):
    c = [o for o in objects(doc) if len(o[1]) > 1]
    if not c:
        return False
    o = rnd.choice(c)
    o[1].reverse()
    return True


def respell_string(doc, rnd):
    """The same string with a letter as a \\u escape (Relay compares strings
    as written: a deliberate difference), or as a block string (Relay reads
    its value)."""
    c = [(h, i) for h, i in literals(doc, ("string",))
         if re.fullmatch(r'"[^"\\]*[A-Za-z][^"\\]*"', h[i][1][1])]
    if not c:
        return False
    holder, i = rnd.choice(c)
    name, (_, text) = holder[i]
    if rnd.random() < 0.5:
        holder[i] = (name, ("block", '""' + text + '""'))
    else:
        k = rnd.choice([k for k, ch in enumerate(text) if ch.isalpha()])
        holder[i] = (name, ("string", text[:k] + "\\u%04x" % ord(text[k]) + text[k + 1:]))
    return True


def make_invalid(doc, rnd):
    """What graphql-js refuses and Relay compares (a deliberate difference):
    an unused fragment, an unused variable, or two fields under one name."""
    op = next(d for d in doc["definitions"] if d["kind"] == "op")
    choice = rnd.randrange(3)
    if choice == 0:
        doc["definitions"].append({"kind": "fragment", "name": "Unused", "on": "Query", "dirs": [],
                                   "sels": [typename_field()]})
    elif choice == 1:
        op["keyword"] = op["keyword"] or "query"
        op["vars"].append({"name": "unused", "type": "Int", "default": None, "dirs": []})
    else:
        c = [s for s in selection_sets(doc)
             if len([f for f in s if f["kind"] == "field" and f["sels"] is None]) > 1]
        if not c:
            return False
        leaves = [f for f in rnd.choice(c) if f["kind"] == "field" and f["sels"] is None]
        a, b = rnd.sample(leaves, 2)
        if a["name"] == b["name"]:
            return False
        a["alias"] = b["alias"] or b["name"]
    return True


VARIANTS = [drop_leaf, drop_subtree, reorder, alias, add_typename, inline_fragment, change_literal,
            split_repeated, add_condition, reorder_object, respell_string, make_invalid]


def make_variant(text, rnd):
    """A variant of `text` with one or two changes, and their names."""
    doc = parse(text)
    done = []
    for _ in range(rnd.choice((1, 1, 2))):
        for _ in range(10):
            change = rnd.choice(VARIANTS)
            if change(doc, rnd):
                done.append(change.__name__)
                break
    return print_document(doc), "+".join(done)


# --------------------------------------------------------------------------
# Pairs


def make_pairs(csv_path, generate, tmp):
    """Every pair, in a fixed order: dicts with source, schema (a file), left,
    right."""
    with open(csv_path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    schemas = {}
    os.makedirs(os.path.join(tmp, "schemas"))
    for row in rows:
        if row["database"] not in schemas:
            path = os.path.join(tmp, "schemas", row["database"] + ".graphql")
            with open(path, "w", encoding="utf-8") as f:
                f.write(row["schema"])
            schemas[row["database"]] = path
    pairs = []

    def add(source, schema, a, b):
        pairs.append({"source": source, "schema": schema, "left": a, "right": b})
        pairs.append({"source": source + " (swapped)", "schema": schema, "left": b, "right": a})

    # The NL2GQL pairs first; MIN_COMPARED counts those.
    for row in rows:
        gt, gt2 = row["gt_query"].strip(), row["gt_query_2"].strip()
        if gt2 and gt2 != gt:
            add(f"nl2gql row {row['id']}: gt_query, gt_query_2", schemas[row["database"]], gt, gt2)

    out = os.path.join(tmp, "generated", "rows.csv")
    os.makedirs(os.path.dirname(out))
    p = subprocess.run([generate, "--rows", str(GENERATED_ROWS), "--seed", str(SEED), "--out", out,
                        "--source", csv_path], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"relay_differential_test: gqleval-generate failed: {p.stderr[-1000:]}")
    with open(out, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            schema = os.path.join(os.path.dirname(out), row["schema_path"])
            add(f"gqleval-generate row {row['id']} ({row['transform']}): reference, candidate",
                schema, row["reference"], row["candidate"])

    rnd = random.Random(SEED)
    unparsed = 0
    for row in rows:
        try:
            variant, changes = make_variant(row["gt_query"], rnd)
        except (ParseError, ValueError, IndexError, StopIteration):
            unparsed += 1
            continue
        add(f"nl2gql row {row['id']}: gt_query, variant ({changes})", schemas[row["database"]],
            row["gt_query"].strip(), variant)

    # Relay's recorded cases (tests/data/relay-subset), live, and variants of
    # their documents: the NL2GQL schemas Relay builds have no interface or
    # union it can use, nor list, enum or custom-scalar arguments; that
    # schema has them all.
    nl2gql = len(pairs)
    cases = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "relay-subset")
    schema = os.path.join(cases, "schema.graphql")
    for name in sorted(os.listdir(os.path.join(cases, "cases"))):
        if not name.endswith(".left"):
            continue
        base = os.path.join(cases, "cases", name[:-5])
        with open(base + ".left", encoding="utf-8") as f:
            left = f.read()
        with open(base + ".right", encoding="utf-8") as f:
            right = f.read()
        add(f"relay-subset case {name[:-5]}", schema, left, right)
        for side, text in (("left", left), ("right", right)):
            for _ in range(2):
                try:
                    variant, changes = make_variant(text, rnd)
                except (ParseError, ValueError, IndexError, StopIteration):
                    unparsed += 1
                    continue
                add(f"relay-subset case {name[:-5]}: {side}, variant ({changes})", schema, text,
                    variant)
    for i, pair in enumerate(pairs):
        pair["nl2gql"] = i < nl2gql
    return pairs, unparsed


# --------------------------------------------------------------------------
# Running both


RELAY_ENV = {k: v for k, v in os.environ.items()
             if k not in ("RUST_BACKTRACE", "CLICOLOR_FORCE", "NO_COLOR")}
RELAY_ENV["TERM"] = "dumb"  # no colour escapes around `[INFO] ` (SPEC §5.3)


def run(command, env=None):
    p = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    return {"rc": p.returncode, "out": p.stdout, "err": p.stderr}


def run_pair(relay, gqleval, pair):
    documents = ["--left", pair["left"], "--right", pair["right"], "--schemaPaths", pair["schema"]]
    r = run([relay, "experimental-compare-document-ir"] + documents, env=RELAY_ENV)
    g = run([gqleval, "subset"] + documents)
    j = run([gqleval, "subset", "--json"] + documents) if r["rc"] == 0 and g["rc"] == 0 else None
    return r, g, j


# --------------------------------------------------------------------------
# The pair as Relay reads it


def as_relay_reads(doc):
    """A copy of `doc` that gqleval reads as Relay reads `doc`, where Relay's
    reading differs on purpose in a way a document can express: @include and
    @skip dropped (Relay ignores them), variables without their default
    values (Relay takes `$v` for any value), and fragments inlined with the
    second copy of a linked field dropped (Relay loses its children)."""
    doc = copy.deepcopy(doc)
    fragments = {d["name"]: d for d in doc["definitions"] if d["kind"] == "fragment"}

    def inline(sels):
        out = []
        for s in sels:
            s["dirs"] = [d for d in s["dirs"] if d[0] not in ("include", "skip")]
            if s["kind"] == "spread":
                f = fragments[s["name"]]
                s = {"kind": "inline", "on": f["on"], "dirs": s["dirs"],
                     "sels": inline(copy.deepcopy(f["sels"]))}
            elif s.get("sels"):
                s["sels"] = inline(s["sels"])
            out.append(s)
        return out

    def drop_repeats(sels, seen):
        out = []
        for s in sels:
            if s["kind"] == "inline":
                s["sels"] = drop_repeats(s["sels"], seen)
                if not s["sels"]:
                    continue
            elif s["sels"] is not None:
                label, _ = relay_label(s)
                if label in seen:
                    continue
                seen.add(label)
                s["sels"] = drop_repeats(s["sels"], set())
            out.append(s)
        return out

    ops = [d for d in doc["definitions"] if d["kind"] == "op"]
    for op in ops:
        op["sels"] = drop_repeats(inline(op["sels"]), set())
        used = set(re.findall(r"\$(\w+)", print_document({"definitions": [dict(op, vars=[])]})))
        op["vars"] = [v for v in op["vars"] if v["name"] in used]
        for v in op["vars"]:
            if v["default"] is not None:
                v["default"] = None
                v["type"] += "" if v["type"].endswith("!") else "!"
    return {"definitions": ops}


# --------------------------------------------------------------------------
# Comparing


def normal_stdout(text):
    """Relay's type-gap suffix (` on {Page, Group}`) in one order: Relay
    prints the types in HashSet order, random from run to run."""
    def sort_types(m):
        return m.group(1) + " on {" + ", ".join(sorted(m.group(2).split(", "))) + "}"
    return re.sub(r"(?m)^(\* .*) on \{([^{}]*)\}$", sort_types, text)


def path_fields(line):
    """The field names on a path line."""
    return {re.match(r"\w*", step).group() for step in line.split(" -> ")}


def path_lines(text):
    return [line[2:] for line in normal_stdout(text).splitlines() if line.startswith("* ")]


def relay_score(pair, relay_out):
    """Relay's library score for the pair, from its path lines and LEFT's
    tree as Relay builds it; None when the model cannot say reliably."""
    tree = pair.get("left_tree")
    if tree is None or not tree.exact:
        return None
    total = RelayTree.size(tree.root)
    missing = 0
    for path in path_lines(relay_out):
        node = tree.find(path)
        if node is None:
            return None
        # A type gap (` on {...}`) counts the leaf once, as Relay does.
        missing += RelayTree.size(node)
    return 1 - missing / total


JS_ONLY_RULES = {"NoUnusedFragments", "NoUnusedVariables", "OverlappingFieldsCanBeMerged"}


def rules_named(stderr):
    return set(re.findall(r"(?m)^--(?:left|right):\d+:\d+: (\w+):", stderr))


def invalid_document(g):
    """graphql-js rejects a document that Relay's IR builder accepts (unused
    variables or fragments, fields that cannot merge): gqleval exits 2."""
    rules = rules_named(g["err"])
    return g["rc"] == 2 and rules and rules <= JS_ONLY_RULES


# Each category below is a check on the pair that names the fields a
# difference of that kind may be on (an empty set: it does not apply). A
# path line that one tool prints and the other does not must go through one
# of the fields the applicable categories name.


def include_skip(pair):
    """Relay ignores @include and @skip: the fields under a condition."""
    scope = set()
    for side in ("left_doc", "right_doc"):
        doc = pair[side]
        fragments = {d["name"]: d for d in doc["definitions"] if d["kind"] == "fragment"}
        for sels in selection_sets(doc):
            for s in sels:
                if not any(d[0] in ("include", "skip") for d in s["dirs"]):
                    continue
                if s["kind"] == "field":
                    scope.add(s["name"])
                below = fragments.get(s["name"]) if s["kind"] == "spread" else s
                if below and below.get("sels"):
                    scope |= {f["name"] for f, _ in fields_of({"definitions": [below]})}
    return scope


def repeated_field(pair):
    """Relay keeps only the first copy's children of a linked field selected
    twice with equal arguments, and takes one selected again with its
    arguments in another order for another field: those fields."""
    return set().union(*(t.repeated_names | t.reordered_args
                         for t in (pair["left_tree"], pair["right_tree"])))


def variable_default(pair):
    """gqleval gives a variable with a default value that value (SEMANTICS
    Stage 2: no variables are given); Relay takes it for any value: the
    fields whose arguments use such a variable."""
    scope = set()
    for side in ("left_doc", "right_doc"):
        doc = pair[side]
        defaulted = {v["name"] for op in doc["definitions"] if op["kind"] == "op"
                     for v in op["vars"] if v["default"] is not None}
        scope |= {f for f, _, (kind, x), _ in field_values(doc)
                  if kind == "var" and x in defaulted}
    return scope


def field_values(doc):
    """(field name, argument or input-field name, value, whether a list item)
    of every value the document's arguments hold, at any depth."""
    out = []

    def walk(field, name, v, item):
        out.append((field, name, v, item))
        if v[0] == "object":
            for k, i in v[1]:
                walk(field, k, i, False)
        elif v[0] == "list":
            for i in v[1]:
                walk(field, name, i, True)

    for f, _ in fields_of(doc):
        for k, v in f["args"]:
            walk(f["name"], k, v, False)
    return out


def greedy(pair):
    """Relay matches a LEFT field against the first RIGHT field with its name
    and compatible arguments only: the fields RIGHT selects twice, with
    different arguments, under one parent."""
    t = pair.get("right_tree")
    return t.same_field_names if t else set()


def object_key_order(pair):
    """Relay compares constant input objects key by key in order: the fields
    whose arguments hold objects with the same keys in another order in the
    other document (or elsewhere)."""
    values = [v for side in ("left_doc", "right_doc") for v in field_values(pair[side])]
    orders = {}
    for _, _, (kind, x), _ in values:
        if kind == "object":
            keys = tuple(k for k, _ in x)
            orders.setdefault(frozenset(keys), set()).add(keys)
    return {f for f, _, (kind, x), _ in values
            if kind == "object" and len(orders[frozenset(k for k, _ in x)]) > 1}


def coercion(pair):
    """gqleval compares values after input coercion: the fields with a string
    written with an escape or as a block string, a number written as a
    string in the other document (an ID), one value where the other gives a
    list, or an argument or input field written in one document only whose
    schema default stands for it in the other."""
    lv, rv = field_values(pair["left_doc"]), field_values(pair["right_doc"])
    scope = {f for f, _, (kind, x), _ in lv + rv
             if kind == "block" or (kind == "string" and "\\" in x)}

    def strings(vs):
        return {x[1:-1] for _, _, (kind, x), _ in vs if kind == "string"}

    def numbers(vs):
        return {x for _, _, (kind, x), _ in vs if kind in ("int", "float")}

    both = (strings(lv) & numbers(rv)) | (strings(rv) & numbers(lv))
    scope |= {f for f, _, (kind, x), _ in lv + rv if kind in ("string", "int", "float")
              and (x[1:-1] if kind == "string" else x) in both}

    def shapes(vs):
        out = {}
        for f, n, (kind, _), item in vs:
            if not item and kind != "var":
                out.setdefault((f, n), set()).add(kind == "list")
        return out

    ls, rs = shapes(lv), shapes(rv)
    scope |= {f for f, n in ls.keys() & rs.keys() if ls[(f, n)] != rs[(f, n)]}
    with open(pair["schema"], encoding="utf-8") as file:
        sdl = file.read()
    written = [{(f, n) for f, n, _, _ in vs} for vs in (lv, rv)]
    scope |= {f for f, n in written[0] ^ written[1]
              if re.search(rf"\b{n}\s*:\s*[\w\[\]!]+\s*=", sdl)}
    return scope


# The deliberate differences (tests/data/relay-subset/differences.txt), in
# the order they name a pair. The first three can also be confirmed: gqleval
# runs again on the pair as Relay reads it (as_relay_reads) and must then
# answer as Relay did (pass/fail, path lines, score).
CATEGORIES = [
    ("include_skip", include_skip),
    ("repeated_field", repeated_field),
    ("variable_default", variable_default),
    ("object_key_order", object_key_order),
    ("coercion", coercion),
    ("greedy", greedy),
]
CONFIRMABLE = ("include_skip", "repeated_field", "variable_default")


def prepare(pair):
    """Parses both documents and builds Relay's trees, for the checks; a
    document the small parser cannot read (or with other than one
    operation) leaves them out, and a difference then stays unexplained."""
    for side in ("left", "right"):
        try:
            doc = parse(pair[side])
            pair[side + "_tree"] = RelayTree(doc)
            pair[side + "_doc"] = doc
        except (ParseError, ValueError, KeyError, RecursionError):
            pass


def json_paths(j):
    """--json's paths as path_lines() reads them from the text (a block
    string's newline breaks a path line there)."""
    return path_lines("".join(f"* {m['path']}\n" for m in json.loads(j["out"])["missing"]))


def judge(pair, r, g, j, gqleval):
    """One of: identical, refused_relay, refused_both, unexplained, or a
    category name; and what differs."""
    if g["rc"] not in (0, 2):
        return "unexplained", f"gqleval exited {g['rc']}"
    if r["rc"] != 0:
        return ("refused_both" if g["rc"] == 2 else "refused_relay"), ""
    prepare(pair)
    if g["rc"] == 2:
        if invalid_document(g):
            return "invalid_document", "gqleval refused the pair"
        return "unexplained", "gqleval refused the pair"
    relay_passed = "Subset test passed" in r["out"]
    try:
        ours = json.loads(j["out"])
    except ValueError:
        return "unexplained", f"gqleval subset --json printed no JSON (exit {j['rc']})"
    score = relay_score(pair, r["out"])
    pair["relay_score"] = score
    pair["score_unchecked"] = score is None
    # What the deliberate differences may change: the verdict, the missing
    # paths, the score, and with them the code frames. --json must say what
    # the text says in every pair.
    semantic = []
    if relay_passed != ours["passed"]:
        semantic.append("pass/fail")
    if path_lines(r["out"]) != path_lines(g["out"]):
        semantic.append("path lines")
    if score is not None and abs(score - ours["score"]) > 1e-9:
        semantic.append(f"score ({score} by Relay, {ours['score']} by gqleval)")
    if not semantic and normal_stdout(r["out"]) != normal_stdout(g["out"]):
        semantic.append("stdout")  # the code frames
    what = ", ".join(semantic)
    if path_lines(g["out"]) != json_paths(j) or \
            ("Subset test passed" in g["out"]) != ours["passed"]:
        return "unexplained", ", ".join(semantic + ["--json against the text"])
    if not what:
        return "identical", ""
    if "left_tree" not in pair or "right_tree" not in pair:
        return "unexplained", what
    scopes = [(name, check(pair)) for name, check in CATEGORIES]
    confirmable = [name for name, scope in scopes if scope and name in CONFIRMABLE]
    if confirmable:
        left = print_document(as_relay_reads(pair["left_doc"]))
        right = print_document(as_relay_reads(pair["right_doc"]))
        n = run([gqleval, "subset", "--json", "--left", left, "--right", right,
                 "--schemaPaths", pair["schema"]])
        pair["as_relay_reads"] = {"left": left, "right": right, "gqleval": n}
        if n["rc"] == 0 and n["out"].startswith("{"):
            theirs = json.loads(n["out"])
            if theirs["passed"] == relay_passed and json_paths(n) == path_lines(r["out"]) and \
                    (score is None or abs(score - theirs["score"]) <= 1e-9):
                return confirmable[0], what
    # Not confirmed: every path line printed by one tool only must go
    # through a field some category names; the first such category names
    # the pair. Without such lines (the same paths, another score or code
    # frame) only a confirmation explains a pair, or Relay's LEFT tree
    # having another size (a field selected again, arguments reordered).
    our_paths = collections.Counter(path_lines(g["out"]))
    relay_paths = collections.Counter(path_lines(r["out"]))
    differing = list(((our_paths - relay_paths) + (relay_paths - our_paths)).elements())
    if not differing:
        if "stdout" not in what and pair["left_tree"].reordered_args:
            return "repeated_field", what
        return "unexplained", what
    every = set().union(*(scope for _, scope in scopes))
    if all(path_fields(line) & every for line in differing):
        for name, scope in scopes:
            if any(path_fields(line) & scope for line in differing):
                return name, what
    return "unexplained", what


def show(pair, r, g, j, what):
    lines = [f"--- {pair['source']}: {what}", f"schema: {pair['schema']}",
             "LEFT:", pair["left"], "RIGHT:", pair["right"],
             f"Relay (exit {r['rc']}):", r["out"] + r["err"],
             f"gqleval subset (exit {g['rc']}):", g["out"] + g["err"]]
    if j:
        lines.append("gqleval subset --json: " + j["out"].strip())
    if pair.get("as_relay_reads"):
        n = pair["as_relay_reads"]
        lines += ["The pair as Relay reads it, LEFT:", n["left"], "RIGHT:", n["right"],
                  f"gqleval subset on it (exit {n['gqleval']['rc']}):",
                  n["gqleval"]["out"] + n["gqleval"]["err"]]
    if pair.get("relay_score") is not None:
        lines.append(f"Relay's score: {pair['relay_score']}")
    return "\n".join(lines)


# --------------------------------------------------------------------------


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    gqleval, generate, build_dir, shared = sys.argv[1:5]
    csv_path = os.path.join(shared, "datasets", "nl2gql", "nl2gql_test.csv")
    if not os.path.exists(csv_path):
        skip(f"NL2GQL data absent: {csv_path}")
    relay = relay_binary(build_dir)
    jobs = int(os.environ.get("GQLEVAL_RELAY_JOBS", "2"))
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="relay_differential.") as tmp:
        pairs, unparsed = make_pairs(csv_path, generate, tmp)
        # A schema Relay cannot build refuses every pair on it: ask once.
        schema_files = sorted(set(p["schema"] for p in pairs))
        refused_schemas = set()
        for path in schema_files:
            r = run([relay, "experimental-compare-document-ir", "--left", "{ __typename }",
                     "--right", "{ __typename }", "--schemaPaths", path], env=RELAY_ENV)
            if r["rc"] != 0:
                refused_schemas.add(path)
        every = int(os.environ.get("GQLEVAL_RELAY_EVERY", "1"))
        todo = [p for p in pairs[::every] if p["schema"] not in refused_schemas]

        def work(pair):
            r, g, j = run_pair(relay, gqleval, pair)
            return (r, g, j) + judge(pair, r, g, j, gqleval)

        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            answers = list(pool.map(work, todo))
    seconds = time.monotonic() - started

    counts = collections.Counter(verdict for _, _, _, verdict, _ in answers)
    compared = sum(r["rc"] == 0 and g["rc"] == 0 for r, g, _, _, _ in answers)
    from_nl2gql = sum(r["rc"] == 0 and g["rc"] == 0 and pair["nl2gql"]
                      for pair, (r, g, _, _, _) in zip(todo, answers))
    unchecked = sum(verdict == "identical" and pair["score_unchecked"]
                    for pair, (_, _, _, verdict, _) in zip(todo, answers))
    by_schema = len(pairs[::every]) - len(todo)
    by_relay = counts["refused_relay"] + counts["refused_both"]
    print(f"relay_differential_test: Relay {RELAY_VERSION} against gqleval subset, "
          f"{jobs} jobs, {seconds:.1f} s" + (f", every {every}th pair" if every > 1 else ""))
    print(f"  pairs generated            {len(pairs)}"
          f"  (references the variant maker could not read: {unparsed})")
    print(f"  refused by Relay           {by_schema + by_relay}  (schema does not build: "
          f"{by_schema} pairs, {len(refused_schemas)} of {len(schema_files)} schema files; "
          f"document: {by_relay}, of which gqleval refuses too: {counts['refused_both']})")
    print(f"  refused by gqleval only    {counts['invalid_document']}"
          "  (invalid_document: graphql-js rejects them, Relay compares)")
    print(f"  compared by both           {compared}  (NL2GQL references and their variants: "
          f"{from_nl2gql}; Relay's cases in tests/data/relay-subset and their variants: "
          f"{compared - from_nl2gql})")
    print(f"  identical                  {counts['identical']}  (score not checked: {unchecked})")
    for name, _ in CATEGORIES:
        print(f"  differ: {name:<18} {counts[name]}")
    print(f"  differ: unexplained        {counts['unexplained']}")

    dump = os.environ.get("GQLEVAL_RELAY_DUMP")
    if dump:
        with open(dump, "w", encoding="utf-8") as f:
            for pair, (r, g, j, verdict, what) in zip(todo, answers):
                record = {k: v for k, v in pair.items() if not k.endswith(("_doc", "_tree"))}
                f.write(json.dumps(dict(record, verdict=verdict, what=what, relay=r, gqleval=g,
                                        gqleval_json=j)) + "\n")
    shown = set()
    failed = False
    for pair, (r, g, j, verdict, what) in zip(todo, answers):
        if verdict == "unexplained":
            if not failed:
                print(f"\n{counts['unexplained']} differences that no deliberate category "
                      "explains (the first 10):")
            failed = True
            if len(shown) < 10:
                shown.add(pair["source"])
                print(show(pair, r, g, j, what))
        elif os.environ.get("GQLEVAL_RELAY_VERBOSE") and verdict not in shown and \
                verdict not in ("identical", "refused_relay", "refused_both"):
            shown.add(verdict)
            print(show(pair, r, g, j, what))
    if from_nl2gql < MIN_COMPARED // every:
        print(f"only {from_nl2gql} NL2GQL pairs compared by both, fewer than "
              f"{MIN_COMPARED // every}: "
              "add variants")
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

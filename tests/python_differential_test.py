"""gqleval's Python reader against CPython's own parser (issue #15).

Every `output` of GraphQLRestBench's three splits, and at least 10,000
snippets mutated from them (deterministic), go through CPython's `ast.parse`
(this interpreter: Debian's python3) and through engine/python_subset (the
tool python_dump_tool, one process for all). For each snippet:
  - CPython refuses it                      -> gqleval must refuse it;
  - CPython accepts it, outside the subset  -> gqleval must refuse it;
  - CPython accepts it, inside the subset   -> gqleval must accept it with
    the same tree (tests/python_ast_dump.py writes CPython's in gqleval's form).
Usage: python_differential_test.py TOOL SHARED_DIR
"""
import ast
import io
import json
import os
import random
import subprocess
import sys
import tokenize
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import python_ast_dump  # noqa: E402

MUTATIONS = 10_500
SEED = 15


def hand_written_forms():
    """Forms the dataset has few of (f-strings, numbers, escapes, every error
    kind), each read by both parsers and mutated too."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "python", "forms.json")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def ground_truths(shared):
    out = []
    for split in ("train", "valid", "test"):
        path = os.path.join(shared, "datasets", "graphqlrestbench", split + ".jsonl")
        with open(path, encoding="utf-8") as f:
            out += [json.loads(line)["output"] for line in f if line.strip()]
    return out


# ASCII only: identifier validity beyond ASCII is not checked by gqleval (documented).
ALPHABET = list("()[]{},.:;=+-*/%<>!&|^~@'\"#\\ \t\n_xyz019") + [
    "if ", " else ", "for ", " in ", "not ", " and ", " or ", "lambda ", "def ", "f'", "b'",
    "r'", "'''", "**", "//", " is ", "None", "True", "[0]", ".id", "(x)", "{x}", ":\n    "]


def mutate(text, rng):
    kind = rng.randrange(7)
    if not text:
        return rng.choice(ALPHABET)
    i = rng.randrange(len(text) + 1)
    if kind == 0:  # delete a stretch
        return text[:i] + text[i + rng.randrange(1, 4):]
    if kind in (1, 2):  # insert
        return text[:i] + rng.choice(ALPHABET) + text[i:]
    if kind == 3:  # swap two neighbours
        if i + 1 < len(text):
            return text[:i] + text[i + 1] + text[i] + text[i + 2:]
        return text + ")"
    lines = text.split("\n")
    j = rng.randrange(len(lines))
    if kind == 4:  # indent or dedent a line
        lines[j] = ("    " + lines[j]) if rng.random() < 0.7 else lines[j].lstrip()
    elif kind == 5:  # duplicate or drop a line
        if rng.random() < 0.5:
            lines.insert(j, lines[j])
        else:
            del lines[j]
    else:  # wrap the rest in a block
        head = rng.choice(["for item in response_obj.items:", "if x:", "if a == 1:\n    pass\nelse:"])
        lines = lines[:j] + [head] + ["    " + line for line in lines[j:]]
    return "\n".join(lines)


def named_escape(text):
    """Whether a (non-raw) string literal of the program holds a \\N{...} escape."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING and "\\N{" in tok.string:
                prefix = tok.string[:tok.string.index(tok.string[-1])].lower()
                if "r" not in prefix:
                    return True
    except (tokenize.TokenError, SyntaxError):
        return False
    return False


def cpython(text):
    """('refuse', why) or ('subset', dump) or ('outside', why)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(text)
    except (SyntaxError, ValueError) as e:
        return "refuse", str(e)
    if named_escape(text):  # gqleval refuses them (documented)
        return "outside", "\\N{...}"
    if not python_ast_dump.in_subset(tree):
        return "outside", "node outside the subset"
    try:
        return "subset", python_ast_dump.dump(tree)
    except (ValueError, UnicodeEncodeError) as e:
        return "outside", str(e)


def main():
    tool, shared = sys.argv[1], sys.argv[2]
    if not os.path.isdir(os.path.join(shared, "datasets", "graphqlrestbench")):
        print("SKIP: GraphQLRestBench data absent under", shared)
        return 0
    truths = ground_truths(shared)
    n_truths = len(truths)
    truths += hand_written_forms()
    rng = random.Random(SEED)
    mutated = []
    for k in range(MUTATIONS):
        text = truths[k % len(truths)]
        for _ in range(rng.randrange(1, 4)):
            text = mutate(text, rng)
        mutated.append(text)
    snippets = truths + mutated
    for s in snippets:
        assert "\0" not in s
    run = subprocess.run([tool], input="\0".join(snippets).encode("utf-8") + b"\0",
                         stdout=subprocess.PIPE, check=True)
    answers = run.stdout.decode("utf-8", errors="replace").split("\0")[:-1]
    assert len(answers) == len(snippets), (len(answers), len(snippets))

    counts = {"refuse": 0, "outside": 0, "subset": 0}
    bad = []
    truth_refused = []
    for i, (text, ours) in enumerate(zip(snippets, answers)):
        kind, theirs = cpython(text)
        counts[kind] += 1
        if i < n_truths and kind == "refuse":
            truth_refused.append((i, theirs))
        if kind in ("refuse", "outside"):
            if not ours.startswith("ERR "):
                bad.append((i, kind, theirs, ours))
        elif ours != "OK\n" + theirs:
            bad.append((i, kind, theirs, ours))
    print("snippets: %d (%d ground truths, %d hand-written forms, %d mutated); CPython: %d "
          "refused, %d outside the subset, %d inside" % (
              len(snippets), n_truths, len(truths) - n_truths, len(mutated), counts["refuse"],
                                 counts["outside"], counts["subset"]))
    print("ground truths CPython refuses: %d %s" % (len(truth_refused), truth_refused))
    print("disagreements: %d" % len(bad))
    for i, kind, theirs, ours in bad[:15]:
        print("--- snippet %d (%s)\n%s\n--- CPython: %s\n--- gqleval: %s" %
              (i, kind, snippets[i], theirs.strip(), ours.strip()))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks gqleval's manual page against `gqleval help`, its one source.

Usage: man_page_test.py GQLEVAL MAN_PAGE

MAN_PAGE (BUILD/gqleval.1, what `cmake --install` installs) must be what
`gqleval help --man` writes; it must name every command `gqleval --help` lists,
each in a subsection (.SS) of its own, in that order; per command its options
must be exactly the flags `gqleval help COMMAND` lists, with the same letters,
values and descriptions (a hidden flag on the page fails, as a missing one
does); and `gqleval help COMMAND` must print what `gqleval COMMAND --help`
prints. Then the page must render with groff and with `man -l` without a
warning, the rendered text holding every paragraph of every command's help.
Without groff or man (Debian's groff-base and man-db, which
scripts/install-deps.sh --test installs) the rendering is not checked and the
test exits 77 (skipped) after the other checks.
"""
import os
import re
import shutil
import subprocess
import sys

GQLEVAL, MAN_PAGE = sys.argv[1:3]
failures = []


def run(args, env=None):
    r = subprocess.run(args, capture_output=True, text=True, env=env)
    return r.returncode, r.stdout, r.stderr


def listed_commands():
    """The (name, summary) pairs of `gqleval --help`'s Commands block."""
    _, out, _ = run([GQLEVAL, "--help"])
    block = out.split("\nCommands:\n", 1)[1].split("\n\n", 1)[0]
    return [re.match(r"  (\S+) +(.*)", line).groups() for line in block.splitlines()]


FLAG = re.compile(r"(?:-(\w), )?--([A-Za-z0-9-]+)(?: (\S+))?")


def help_flags(options):
    """(letter, name, value, description) of each flag of an Options block."""
    flags = []
    for line in options.splitlines()[1:]:
        if line.startswith(" " * 28):
            flags[-1][3] = line[28:]
            continue
        m = FLAG.match(line.strip())
        flags.append([m.group(1), m.group(2), m.group(3), line[28:] if len(line) > 28 else ""])
    return [tuple(f) for f in flags]


def unroff(line):
    """The text of a roff line as the reader sees it (fonts dropped)."""
    line = re.sub(r"\\f[BIR]", "", line)
    line = line.replace("\\-", "-").replace("\\(aq", "'").replace("\\(ga", "`")
    return line.replace("\\&", "").replace("\\e", "\\")


def page_flags(section):
    """(letter, name, value, description) of each .TP entry of a subsection."""
    lines = section.splitlines()
    flags = []
    for i, line in enumerate(lines):
        if line == ".TP":
            m = FLAG.fullmatch(unroff(lines[i + 1]))
            if m is None:
                failures.append(f"not a flag: {lines[i + 1]!r}")
                continue
            flags.append(m.groups() + (unroff(lines[i + 2]),))
    return flags


MACROS = {"TH", "SH", "SS", "PP", "TP", "B", "I", "RI", "br", "nh", "ad"}


def check_escaping(page):
    """Every line a known macro or text, no hyphen, quote or backquote unescaped."""
    for n, line in enumerate(page.splitlines(), 1):
        if line.startswith('.\\"'):
            continue
        if line.startswith((".", "'")) and line[1:].split(" ", 1)[0] not in MACROS:
            failures.append(f"{MAN_PAGE}:{n}: not a macro of the page: {line!r}")
        if re.search(r"[-'`]", re.sub(r"\\(\(..|.)", "", line)):
            failures.append(f"{MAN_PAGE}:{n}: an unescaped hyphen or quote: {line!r}")


def check_structure(page, commands):
    code, generated, err = run([GQLEVAL, "help", "--man"])
    if code != 0 or err or generated != page:
        failures.append(f"{MAN_PAGE} is not what `gqleval help --man` writes (exit {code}, {err})")
    sections = page.split("\n.SH COMMANDS\n", 1)[1].split("\n.SH ", 1)[0].split(".SS ")[1:]
    named = [s.split("\n", 1)[0] for s in sections]
    if named != [name for name, _ in commands]:
        failures.append(f"the page's commands {named} are not gqleval --help's {commands}")
    description = page.split("\n.SH DESCRIPTION\n", 1)[1].split("\n.SH ", 1)[0]
    listed = [(name, unroff(summary))
              for name, summary in re.findall(r"\.TP\n\.B (\S+)\n(.*)\n", description)]
    if listed != commands:
        failures.append(f"DESCRIPTION lists {listed}, not gqleval --help's {commands}")
    texts = {}
    for name, section in zip(named, sections):
        code, text, err = run([GQLEVAL, "help", name])
        if code != 0 or err or text != run([GQLEVAL, name, "--help"])[1]:
            failures.append(f"{name}: gqleval help {name} differs from {name} --help")
        body, options = text.split("Options:\n", 1)
        texts[name] = body
        want, got = help_flags("Options:\n" + options), page_flags(section)
        if want != got:
            failures.append(f"{name}: the page's options differ from --help's:\n"
                            f"  only in --help: {[f for f in want if f not in got]}\n"
                            f"  only on the page: {[f for f in got if f not in want]}")
        print(f"man_page_test: {name}: {len(got)} flags, as --help lists them")
    return texts


def words(text):
    """Text with its runs of white space made one space, typographic marks plain."""
    for fancy, plain in [("\u2212", "-"), ("\u2010", "-"), ("\u2018", "'"), ("\u2019", "'")]:
        text = text.replace(fancy, plain)
    return " ".join(re.sub(r".\x08|\x1b\[[0-9;]*m", "", text).split())


def check_rendering(texts):
    env = dict(os.environ, LC_ALL="C.UTF-8", MANWIDTH="80")
    env.pop("MANPAGER", None)
    env.pop("PAGER", None)
    code, _, err = run(["groff", "-man", "-ww", "-z", "-Tutf8", MAN_PAGE], env)
    if code != 0 or err:
        failures.append(f"groff -man -ww: exit {code}, warnings:\n{err}")
    # man-db's --warnings=w: groff's every warning, as -ww.
    code, out, err = run(["man", "--warnings=w", "-l", MAN_PAGE], env)
    if code != 0 or err:
        failures.append(f"man -l: exit {code}, warnings:\n{err}")
    rendered = words(out)
    paragraphs = [(name, p) for name, text in texts.items()
                  for p in text.removeprefix("Usage: ").split("\n\n") if p.strip()]
    for name, paragraph in paragraphs:
        if words(paragraph) not in rendered:
            failures.append(f"{name}: not in the rendered page: {paragraph!r}")
    print(f"man_page_test: man -l renders {len(out.splitlines())} lines holding the "
          f"{len(paragraphs)} paragraphs of the commands' help")


def main():
    with open(MAN_PAGE, encoding="utf-8") as f:
        page = f.read()
    commands = listed_commands()
    check_escaping(page)
    texts = check_structure(page, commands)
    missing = [tool for tool in ("groff", "man") if shutil.which(tool) is None]
    if not missing:
        check_rendering(texts)
    for failure in failures:
        print("FAIL:", failure)
    if failures:
        return 1
    if missing:
        print(f"man_page_test: SKIP the rendering: {' and '.join(missing)} not installed "
              "(apt-get install groff-base man-db)")
        return 77
    print(f"man_page_test: {len(commands)} commands, the page renders without a warning")
    return 0


if __name__ == "__main__":
    sys.exit(main())

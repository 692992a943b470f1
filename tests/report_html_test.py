#!/usr/bin/env python3
"""The HTML report of `gqleval report` in a real browser (Debian's chromium,
headless, with every network request sent to a dead proxy).

    report_html_test.py GQLEVAL OUT_DIR

Writes three runs of 40 rows (hand-made results lines, seeded), asks gqleval for
--html and --json, and checks that:
  - the page refers to nothing outside itself (no URL, src, href, @import);
  - it loads with no console message and no script error (the page counts them
    in <html data-errors>), and its script ran (data-ready);
  - the leaderboard in the DOM holds the JSON's numbers, and sorting works: the
    page opened as report.html#sort=leaderboard-table.3.desc lists the runs by
    pass rate, highest first, and #sort=leaderboard-table.0.desc by name, Z to A;
  - a screenshot at 1280 pixels wide and a PDF print are made; both are kept in
    OUT_DIR/report_html_test/ as artifacts to look at.
Exits 77 (skipped) with a message when chromium is not installed.
"""
import html.parser
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys

SKIP = 77


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def results_line(n, rid, verdict, f1, name, topic):
    passes = verdict in ("equivalent", "overfetch_ok")
    compared = verdict != "no_query"
    row = {"row": n, "id": rid, "reference_hash": "%016x" % (n * 7919 + 1), "hops": topic,
           "reference": "query {\n  farm(farm_id: %d) {\n    cows\n    pigs\n  }\n}" % n,
           name: "```graphql\n{ farm(farm_id: %d) { cows } }\n```" % n,
           "verdict": verdict, "pass": passes, "compared": compared,
           "missing": (1 if verdict in ("underfetch", "mismatch") else 0) if compared else None,
           "extra": (1 if verdict in ("overfetch", "mismatch") else 0) if compared else None,
           "precision": 1, "recall": 1, "f1": f1,
           "matched_reference": 0 if compared else None,
           "missing_paths": [{"path": "query -> farm(farm_id: %d) -> pigs" % n, "line": 4,
                              "column": 5, "nodes": 1}] if verdict in ("underfetch", "mismatch")
           else [],
           "extra_paths": [], "rules_fired": [], "errors": []}
    return json.dumps(row) + "\n"


def write_runs(folder):
    rng = random.Random(5)
    # gamma falls back below alpha on some rows: regressed rows to show.
    shares = {"alpha": 0.6, "beta": 0.8, "gamma": 0.45}
    difficulty = [rng.random() for _ in range(40)]
    topics = ["One", "Two", "Zero", "One"]
    paths = []
    for name, share in shares.items():
        path = os.path.join(folder, name + ".jsonl")
        with open(path, "w") as f:
            for i, d in enumerate(difficulty):
                good = d + rng.gauss(0, 0.15) < share
                verdict = "equivalent" if good else rng.choice(["underfetch", "mismatch",
                                                                  "no_query"])
                f1 = {"equivalent": 1, "underfetch": 0.8, "mismatch": 0.5, "no_query": 0}[verdict]
                f.write(results_line(i, "q%d" % i, verdict, f1, name, topics[i % 4]))
        paths.append(path)
    return paths


class Tables(html.parser.HTMLParser):
    """The rows of the table with id `wanted`, each a list of cell texts, and
    the attributes of <html> and of the table's header cells."""

    def __init__(self, wanted):
        super().__init__()
        self.wanted = wanted
        self.inside = False
        self.rows = []
        self.cell = None
        self.root = {}
        self.heads = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.root = a
        if tag == "table" and a.get("id") == self.wanted:
            self.inside = True
        if not self.inside:
            return
        if tag == "th":
            self.heads.append(a)
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th"):
            self.cell = ""

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        if self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(self.cell.strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def run_browser(chromium, args, url):
    # A dead proxy: any request for something outside the file would fail (and
    # show as a console error); file:// itself needs no network.
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
           "--enable-logging=stderr", "--v=0", "--no-first-run"] + args + [url]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        fail("chromium exited %d: %s" % (r.returncode, r.stderr[-2000:]))
    console = [line for line in r.stderr.splitlines() if ":CONSOLE" in line]
    if console:
        fail("console messages:\n" + "\n".join(console))
    return r.stdout


def leaderboard(chromium, page, fragment):
    dom = run_browser(chromium, ["--virtual-time-budget=2000", "--dump-dom"],
                      "file://" + page + fragment)
    t = Tables("leaderboard-table")
    t.feed(dom)
    if t.root.get("data-errors") != "0" or t.root.get("data-ready") != "1":
        fail("the page's script: data-errors=%r data-ready=%r" % (t.root.get("data-errors"),
                                                                  t.root.get("data-ready")))
    return t


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        fail(path + " is not a PNG")
    return struct.unpack(">II", head[16:24])


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    gqleval, out_root = sys.argv[1], sys.argv[2]
    chromium = browser()
    if chromium is None:
        print("SKIP: chromium is not installed (apt-get install chromium; "
              "scripts/install-deps.sh installs it), so the HTML report is not checked in a "
              "browser")
        sys.exit(SKIP)
    out = os.path.abspath(os.path.join(out_root, "report_html_test"))
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    runs = write_runs(out)
    page = os.path.join(out, "report.html")
    r = subprocess.run([gqleval, "report"] + runs + ["--group-by", "hops", "--html", page,
                                                     "--json", os.path.join(out, "report.json"),
                                                     "--title", "Browser test (synthetic runs)",
                                                     "-q"], capture_output=True, text=True)
    if r.returncode != 0:
        fail("gqleval report exited %d: %s" % (r.returncode, r.stderr))
    text = open(page, encoding="utf-8").read()
    for remote in ("http:", "https:", "src=", "href=", "@import", "url("):
        if remote in text:
            fail("the page refers to something outside itself: " + remote)
    report = json.load(open(os.path.join(out, "report.json")))
    expected = {run["name"]: run for run in report["runs"]}

    t = leaderboard(chromium, page, "#sort=leaderboard-table.3.desc")
    body = t.rows[1:]
    if len(body) != 3:
        fail("the leaderboard has %d rows, not 3: %r" % (len(body), t.rows))
    names = [row[0].replace(" (baseline)", "") for row in body]
    rates = [expected[n]["pass_rate"] for n in names]
    if rates != sorted(rates, reverse=True):
        fail("sorted by pass rate, highest first, the runs are %r (%r)" % (names, rates))
    if t.heads[3].get("aria-sort") != "descending":
        fail("the pass rate header is not marked descending: %r" % t.heads[3])
    for row, name in zip(body, names):
        run = expected[name]
        want = ["%d" % run["rows"], "%d" % run["pass"], "%.1f%%" % (100 * run["pass_rate"]),
                "%.1f-%.1f%%" % tuple(100 * x for x in run["pass_rate_interval"]),
                "%.3f" % run["mean_f1"]]
        if row[1:6] != want:
            fail("leaderboard row of %s is %r, the JSON says %r" % (name, row[1:6], want))
    # By name, Z to A: not the order the runs were given in.
    t = leaderboard(chromium, page, "#sort=leaderboard-table.0.desc")
    names = [row[0].replace(" (baseline)", "") for row in t.rows[1:]]
    if names != sorted(names, reverse=True):
        fail("sorted by name, Z to A, the runs are %r" % names)

    shot = os.path.join(out, "report.png")
    run_browser(chromium, ["--window-size=1280,2200", "--screenshot=" + shot], "file://" + page)
    width, height = png_size(shot)
    if width != 1280:
        fail("the screenshot is %dx%d, not 1280 wide" % (width, height))
    pdf = os.path.join(out, "report.pdf")
    run_browser(chromium, ["--no-pdf-header-footer", "--print-to-pdf=" + pdf], "file://" + page)
    data = open(pdf, "rb").read()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
    if not data.startswith(b"%PDF") or pages < 1:
        fail("the PDF print is not a PDF with pages")
    print("report_html_test: leaderboard %r checked in chromium; screenshot %s (%dx%d), PDF %s "
          "(%d pages)" % (names, shot, width, height, pdf, pages))


if __name__ == "__main__":
    main()

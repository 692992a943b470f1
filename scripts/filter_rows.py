#!/usr/bin/env python3
"""Keeps the rows of a CSV whose COLUMN is not blank, all columns as they are.

    scripts/filter_rows.py INPUT.csv COLUMN OUT.csv

scripts/setup.sh uses it to score only the NL2GQL rows that have a second
ground truth (gt_query_2): the other rows have no answer to score.
"""
import csv
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    source, column, out = sys.argv[1:]
    with open(source, newline="", encoding="utf-8-sig") as f:
        reader = csv.DictReader(f)
        if column not in reader.fieldnames:
            sys.exit("filter_rows: %s has no column %s" % (source, column))
        rows = [r for r in reader if r[column].strip()]
        names = reader.fieldnames
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=names, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print("filter_rows: %d rows of %s have a %s" % (len(rows), source, column))


if __name__ == "__main__":
    main()

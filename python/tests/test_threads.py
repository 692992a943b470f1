"""One Scorer shared by Python threads gives what one thread gives."""

import threading

import gqleval
from conftest import sample_rows


def test_threads_sharing_a_scorer_equal_one_thread():
    _, rows = sample_rows()
    scorer = gqleval.Scorer()
    expected = [scorer.score(r["schema"], r["reference"], r["candidate"],
                             variables=r["variables"]) for r in rows]
    results = {}
    errors = []

    def work(k):
        try:
            # Each thread in its own order, so that they interleave rows.
            order = list(range(len(rows)))[k:] + list(range(len(rows)))[:k]
            mine = {}
            for _ in range(3):
                for i in order:
                    r = rows[i]
                    mine[i] = scorer.score(r["schema"], r["reference"], r["candidate"],
                                           variables=r["variables"])
            results[k] = [mine[i] for i in range(len(rows))]
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k * 37,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 8
    for k, got in results.items():
        assert got == expected, k


def test_concurrent_batches_equal_one_batch():
    _, rows = sample_rows()
    args = ([r["schema"] for r in rows], [r["reference"] for r in rows],
            [r["candidate"] for r in rows])
    variables = [r["variables"] for r in rows]
    scorer = gqleval.Scorer()
    expected = scorer.score_batch(*args, variables=variables, threads=1)
    got = [None] * 4

    def work(k):
        got[k] = scorer.score_batch(*args, variables=variables, threads=2)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(g == expected for g in got)


def test_repeated_rows_are_scored_once_with_the_results_of_each():
    # A batch of checkpoints that mostly agree: each row repeated, and rows
    # that differ from a repeat in one cell only (schema, references,
    # variables) and score otherwise, in an order that spreads repeats over
    # the engine's tasks.
    _, rows = sample_rows()
    batch = []
    for r in rows:
        batch.append(dict(r))
        batch.append(dict(r, schema=r["schema"] + "\ntype Unfinished {\n"))
        batch.append(dict(r, reference=[r["reference"], r["candidate"]]))
        batch.append(dict(r, variables="[1]"))
    n = len(batch)
    batch = batch + batch[::-1] + batch
    scorer = gqleval.Scorer()
    expected = [scorer.score(r["schema"], r["reference"], r["candidate"],
                             variables=r["variables"]) for r in batch]
    for threads in (1, 2):
        got = scorer.score_batch([r["schema"] for r in batch], [r["reference"] for r in batch],
                                 [r["candidate"] for r in batch],
                                 variables=[r["variables"] for r in batch], threads=threads)
        assert got == expected
        # Each row its own objects: changing one result changes no other
        # (row 2n - 1 repeats row 0).
        got[0]["verdict"] = "changed"
        assert got[2 * n - 1] == expected[2 * n - 1] == expected[0]

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

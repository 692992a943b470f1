"""gqleval.dask on a distributed.LocalCluster of 2 worker processes: the same
rows, row for row, as one process scores them, and the same summary."""

import pytest

import gqleval
import gqleval.dask
from conftest import sample_rows

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_a_cluster_of_two_workers_equals_one_process(client):
    _, rows = sample_rows()
    frame = pd.DataFrame(rows)
    frame.index = frame.index * 10  # an index of its own, kept
    ddf = dd.from_pandas(frame, npartitions=7)
    results = gqleval.dask.score_dataframe(ddf, variables="variables")
    got = results.compute()
    # The partitions ran on both workers.
    assert len(client.scheduler_info()["workers"]) == 2
    single = gqleval.score_batch(frame["schema"], frame["reference"], frame["candidate"],
                                 variables=frame["variables"], as_frame=True)
    pd.testing.assert_frame_equal(got, single)
    assert list(got.index) == list(frame.index)
    assert got.to_dict("records") == single.to_dict("records")
    assert gqleval.dask.summary(results) == gqleval.summary(single)
    assert gqleval.summary(single)["rows"] == len(rows)


def test_options_reach_the_workers_and_are_checked_first(client):
    _, rows = sample_rows()
    ddf = dd.from_pandas(pd.DataFrame(rows), npartitions=3)
    with pytest.raises(ValueError, match="unknown rule"):
        gqleval.dask.score_dataframe(ddf, rule_set="nope")
    got = gqleval.dask.score_dataframe(ddf, variables="variables", delta=2).compute()
    single = gqleval.score_batch([r["schema"] for r in rows], [r["reference"] for r in rows],
                                 [r["candidate"] for r in rows],
                                 variables=[r["variables"] for r in rows], delta=2)
    assert got.reset_index(drop=True)["verdict"].tolist() == [r["verdict"] for r in single]

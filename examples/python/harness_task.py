"""An lm-evaluation-harness-style task metric: process_results(doc, results)
scores one model answer with gqleval, as a harness calls it once per sample.

In an lm-evaluation-harness task (a YAML file naming this function as
`process_results: !function harness_task.process_results`), `doc` is the
dataset row and `results` the model's filtered outputs. The harness averages
each returned metric over the samples ("aggregation: mean").

Run as a script, it scores the four samples of examples/samples.jsonl.gz
(the README's lm-eval sample log) and prints the means.
"""

import gzip
import json
import os
import sys

import gqleval

# One Scorer for the whole task: options checked once, each schema built once
# and kept, safe to share if the harness scores from several threads.
SCORER = gqleval.Scorer(delta=0)


def process_results(doc, results):
    """The metrics of one sample: pass (0/1) and F1, as the harness expects."""
    r = SCORER.score(doc["schema"], doc["target"], results[0])
    return {"pass": float(r["pass"]), "f1": float(r["f1"]), "verdict": r["verdict"]}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "samples.jsonl.gz")
    metrics = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            sample = json.loads(line)
            m = process_results(sample["doc"] | {"target": sample["target"]},
                                sample["filtered_resps"])
            print(f"sample {sample['doc_id']}: {m['verdict']}")
            metrics.append(m)
    n = len(metrics)
    print(f"pass {sum(m['pass'] for m in metrics) / n:.3f}, "
          f"f1 {sum(m['f1'] for m in metrics) / n:.3f} over {n} samples")


if __name__ == "__main__":
    main()

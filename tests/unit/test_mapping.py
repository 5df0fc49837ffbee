"""map_records: the one record-by-record crossing from Spark into Python (run here on plain pandas batches)."""

from __future__ import annotations

import pandas as pd

from storyline.spark.mapping import map_records


def test_each_record_of_each_batch_goes_through_the_function_and_out_in_the_given_columns():
    run = map_records(lambda r: {"id": r["id"], "n": len(r["text"])} if r["text"] else {"id": r["id"]}, ["id", "n"])
    batches = [pd.DataFrame({"id": ["a", "b"], "text": ["xyz", ""]}), pd.DataFrame({"id": [], "text": []})]
    out = list(run(iter(batches)))
    assert len(out) == 2 and list(out[1].columns) == ["id", "n"] and out[1].empty
    assert out[0]["id"].tolist() == ["a", "b"] and out[0]["n"].iloc[0] == 3 and pd.isna(out[0]["n"].iloc[1])

"""Malformed Parquet files (wrong column types, a file cut short) are read through Spark and every row is
accounted for: an article, or a reject that names its file."""

from __future__ import annotations

import json
from pathlib import Path

def test_parquet_with_wrong_types_or_cut_short_is_accounted_for(spark, tmp_path):
    """Parquet is read by Spark itself: a file cut short, an empty file, or columns of another type in one file
    must not fail the run; each is refused with a reason, and the good file still becomes an article."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from storyline.config import load_config
    from storyline.run.runner import run

    inp = tmp_path / "in"
    inp.mkdir()
    text = " ".join(["The council voted on Monday to raise bus fares by fifty cents after a long debate."] * 5)
    pq.write_table(pa.table({"id": ["a", "b"], "text": [text, None]}), inp / "good.parquet")
    pq.write_table(pa.table({"id": [1, 2], "text": [3, 4]}), inp / "numbers.parquet")
    data = (inp / "good.parquet").read_bytes()
    (inp / "cut.parquet").write_bytes(data[: len(data) // 2])
    (inp / "empty.parquet").write_bytes(b"")
    out = tmp_path / "out"
    run([str(inp)], out, load_config(overrides={"spark.master": "local[2]"}), spark=spark)
    run_doc = json.loads((out / "run.json").read_text())
    c = run_doc["counts"]
    assert c["articles"] == 1 and c["records_in"] == 6 and c["rejects"] == 5
    rejects = spark.read.parquet(str(out / "rejects")).where("level = 'record'").toPandas()
    assert sorted(Path(p).name for p in rejects[rejects.reason == "unreadable"].source_path) == [
        "cut.parquet", "empty.parquet"]
    assert all(rejects.reason.astype(bool)) and all(rejects.source_path.astype(bool))

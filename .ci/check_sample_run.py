"""Check the README's sample run: every page in sample/html became an article, and nothing was rejected."""
import json
import sys
from pathlib import Path

import pyarrow.parquet as pq

out = Path(sys.argv[1])
html = sorted(p.name for p in Path("sample/html").iterdir())
articles = pq.read_table(out / "articles", columns=["source_path"]).column("source_path").to_pylist()
rejects = pq.read_table(out / "rejects").to_pylist()
records = [r for r in rejects if r.get("level") == "record"]
seen = {Path(p).name for p in articles if p}
missing = [name for name in html if name not in seen]
if missing or records:
    print(f"sample run: {len(missing)} HTML page(s) missing from articles: {missing}", file=sys.stderr)
    for r in records:
        print(f"  rejected: {r}", file=sys.stderr)
    sys.exit(1)
print(f"sample run: all {len(html)} HTML pages are articles; 0 records rejected "
      f"({json.loads((out / 'run.json').read_text())['counts']})")

"""The claims bench's real-text pairs: pointers into a Multi-News style file, resolved and checked by hash."""

import json
from pathlib import Path

import pytest

from storyline.bench.claims_gold import REAL_PAIRS, pointer_of, read_real_pairs, run

DOCS = {"s1": ["Police arrested eight people after the march. The march began at noon.",
               "Officers said the crowd was calm."],
        "s2": ["Nine people were arrested after the march, police said.",
               "The march began at noon on Saturday."]}


def _write(folder: Path, lines: list[tuple[str, str, str, int, str, str, int, str]]) -> Path:
    rows = ["kind\thalf\tstory_a\tarticle_a\tstart_a\tend_a\tsha1_a\tstory_b\tarticle_b\tstart_b\tend_b\tsha1_b"]
    for kind, half, sa, ka, qa, sb, kb, qb in lines:
        a, b = pointer_of(sa, ka, DOCS[sa][ka], qa), pointer_of(sb, kb, DOCS[sb][kb], qb)
        rows.append("\t".join(map(str, [kind, half, a.story, a.article, a.start, a.end, a.sha1,
                                         b.story, b.article, b.start, b.end, b.sha1])))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pairs.tsv").write_text("kind\tfirst outlet\tsecond outlet\n", encoding="utf-8")
    (folder / REAL_PAIRS).write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def _text(tmp: Path, docs: dict[str, list[str]]) -> Path:
    f = tmp / "mn.jsonl"
    f.write_text("".join(json.dumps({"id": k, "documents": v}) + "\n" for k, v in docs.items()), encoding="utf-8")
    return f


def test_real_pairs_are_read_from_the_file_they_point_into_and_scored_as_a_row_of_their_own(tmp_path: Path) -> None:
    data = _write(tmp_path / "pairs", [
        ("numeric", "tune", "s1", 0, "Police arrested eight people after the march.",
         "s2", 0, "Nine people were arrested after the march, police said."),
        ("trap", "tune", "s1", 0, "The march began at noon.", "s2", 1, "The march began at noon on Saturday.")])
    rows = {(r["set"], r["mechanism"]): r for r in run([data], "tune", _text(tmp_path, DOCS))}
    real = rows[("pairs-real", "meaning")]
    assert (real["planted"], real["traps"]) == (1, 1)
    assert real["found"] == 1 and real["traps_flagged"] == 0, real
    assert rows[("pairs", "meaning")]["planted"] == 0  # the planted pairs' own row reads pairs.tsv alone


def test_a_pointer_into_changed_text_names_the_line_and_what_to_do(tmp_path: Path) -> None:
    data = _write(tmp_path / "pairs", [("numeric", "tune", "s1", 0, "Police arrested eight people after the march.",
                                        "s2", 0, "Nine people were arrested after the march, police said.")])
    changed = {"s1": ["Police arrested seven people after the march. The march began at noon.", DOCS["s1"][1]],
               "s2": DOCS["s2"]}
    with pytest.raises(ValueError, match=r"real.tsv:2: article 0 of story .* differs"):
        run([data], "tune", _text(tmp_path, changed))
    assert len(read_real_pairs(data / REAL_PAIRS)) == 1

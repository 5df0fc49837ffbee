"""The reading layer: the checked parser model, typed parses out, and one-line errors for a missing or altered
model file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from storyline.core.nlp.embed import ModelError
from storyline.core.nlp.parse import FILES, Parse, check_model, model_dir, parse


@pytest.fixture()
def model_copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(model_dir(), tmp_path / "model"))


def test_the_installed_model_passes_its_check() -> None:
    assert check_model() == model_dir()


def test_an_altered_weight_file_stops_with_one_line_naming_it_and_the_hash_expected(model_copy: Path) -> None:
    weights = model_copy / "ner" / "model"
    data = bytearray(weights.read_bytes())
    data[len(data) // 2] ^= 0xFF
    weights.write_bytes(bytes(data))
    with pytest.raises(ModelError) as err:
        check_model(model_copy)
    msg = str(err.value)
    assert "\n" not in msg and str(weights) in msg and FILES["ner/model"] in msg and "pip install" in msg


def test_a_missing_model_file_stops_with_one_line_naming_it(model_copy: Path) -> None:
    (model_copy / "parser" / "model").unlink()
    with pytest.raises(ModelError, match=r"parser model file .*parser/model is missing \(expected SHA-256 e0098910"):
        check_model(model_copy)


def test_a_parse_is_typed_values_the_same_in_any_batch() -> None:
    texts = ["Prime Minister Jacinda Ardern said on Tuesday that New Zealand would ban the rifles.",
             "Shares of Tesla fell 4% after the company recalled 30,000 cars. Analysts were surprised."]
    together = parse(texts)
    assert all(isinstance(p, Parse) for p in together)
    assert together == [parse([t])[0] for t in reversed(texts)][::-1] == parse(texts)  # batch and order apart
    first, second = together
    assert {(e.text, e.label) for e in first.entities} >= {("Jacinda Ardern", "PERSON"), ("New Zealand", "GPE")}
    said = first.tokens[first.roots()[0]]
    assert (said.text, said.lemma, said.pos) == ("said", "say", "VERB")
    assert [first.tokens[k].text for k in first.children(first.roots()[0]) if first.tokens[k].dep == "nsubj"] == [
        "Ardern"]
    assert len(second.sentences) == 2 and second.tokens[second.sentences[1][0]].text == "Analysts"
    assert parse([]) == []

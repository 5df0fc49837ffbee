"""The embedding layer: checked model files, unit vectors, meaning over words."""

import shutil

import numpy as np
import pytest

from storyline.core.nlp import embed
from storyline.core.nlp.embed import ModelError, StaticEmbedder, encode


def test_vectors_are_unit_length_and_deterministic():
    texts = ["The council voted to close the library.", "Officials shut the library after a vote.", ""]
    a, b = encode(texts), encode(texts)
    assert a.dtype == np.float32 and a.shape == (3, 256)
    assert np.array_equal(a, b)
    assert np.allclose(np.linalg.norm(a[:2], axis=1), 1.0, atol=1e-5)
    assert not a[2].any()  # no token, no direction


def test_a_paraphrase_is_nearer_than_a_sentence_sharing_words():
    v = encode(["Dean will take the team on Saturday.", "Dean will be in charge for Saturday's game.",
                "Dean bought a team shirt on Saturday morning at the market."])
    assert v[0] @ v[1] > v[0] @ v[2]


def test_an_altered_model_file_stops_with_the_file_and_expected_hash(tmp_path):
    folder = tmp_path / "model"
    shutil.copytree(embed.STATIC_DIR, folder)
    with open(folder / "model.safetensors", "r+b") as f:
        f.seek(1000)
        f.write(b"\x00\x01\x02\x03")
    with pytest.raises(ModelError) as e:
        StaticEmbedder.load(folder)
    assert str(folder / "model.safetensors") in str(e.value) and embed.STATIC_SHA256 in str(e.value)


def test_a_missing_model_file_names_it(tmp_path):
    with pytest.raises(ModelError, match="missing"):
        StaticEmbedder.load(tmp_path)


def test_an_unknown_model_name_is_refused():
    with pytest.raises(ModelError, match="unknown embedding model"):
        embed.embedder("word2vec")


def test_the_model_loads_from_the_zip_shipped_to_a_clusters_executors(tmp_path):
    import subprocess
    import sys

    from storyline.spark.session import package_zip

    code = ("import sys; sys.path.insert(0, sys.argv[1]); import storyline; "
            "assert '.zip' in storyline.__file__, storyline.__file__; "
            "from storyline.core.nlp.embed import encode; print(encode(['A ferry sank.']).shape)")
    out = subprocess.run([sys.executable, "-c", code, package_zip()], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(1, 256)"


def test_the_zip_shipped_to_executors_carries_the_word_lists_and_leaves_the_benchmarks_out(tmp_path):
    import subprocess
    import sys
    import zipfile

    from storyline.spark.session import package_zip

    path = package_zip()
    names = zipfile.ZipFile(path).namelist()
    assert "storyline/lexicon/text/stopwords.txt" in names and "storyline/core/text/text.py" in names
    assert not [n for n in names if n.startswith("storyline/bench/")]
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import storyline.core.text.text as t; "
            "assert '.zip' in t.__file__, t.__file__; print(len(t.STOPWORDS), 'the' in t.STOPWORDS)")
    out = subprocess.run([sys.executable, "-c", code, path], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[1] == "True" and int(out.stdout.split()[0]) > 100

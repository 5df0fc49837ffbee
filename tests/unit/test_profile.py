"""The digest's profile: what ``storyline run --profile`` writes, and the costliest functions read back."""

from storyline.profile import TaskProfile, main, profiles_in, top_functions


def _slow(n: int) -> int:
    return sum(i * i for i in range(n))


def _quick() -> int:
    return 1


def test_a_task_profile_writes_one_file_that_names_the_costly_function(tmp_path):
    task = TaskProfile(str(tmp_path / "prof"))
    assert task.call(_slow, 200_000) == sum(i * i for i in range(200_000))
    assert task.call(_quick) == 1
    path = task.save()
    assert path is not None and profiles_in(tmp_path / "prof") == [path]
    names = [r.function for r in top_functions([path], n=50)]
    slow = next(r for r in top_functions([path], n=5) if r.function.endswith("(_slow)"))
    assert slow.calls == 1 and slow.total_s > 0
    assert names.index(slow.function) < next(k for k, f in enumerate(names) if f.endswith("(_quick)"))


def test_without_a_folder_nothing_is_profiled_or_written(tmp_path):
    task = TaskProfile(None)
    assert task.call(_quick) == 1
    assert task.save() is None


def test_two_tasks_merge_their_calls(tmp_path):
    for _ in range(2):
        task = TaskProfile(str(tmp_path))
        task.call(_slow, 1000)
        task.save()
    paths = profiles_in(tmp_path)
    assert len(paths) == 2
    assert next(r for r in top_functions(paths, 50) if r.function.endswith("(_slow)")).calls == 2


def test_the_command_lists_the_functions_and_says_when_there_is_nothing(tmp_path, capsys):
    assert main([str(tmp_path)]) == 2
    assert "no profiles" in capsys.readouterr().err
    task = TaskProfile(str(tmp_path))
    task.call(_slow, 1000)
    task.save()
    assert main([str(tmp_path), "--top", "5", "--sort", "own"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["calls", "own", "s", "total", "s", "function"]
    assert len(out.splitlines()) <= 6

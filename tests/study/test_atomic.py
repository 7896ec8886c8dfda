"""All-or-nothing folders: a temporary sibling renamed into place, signals turned into cleanup."""

import os
import signal
import threading

import pytest

import groundlab.study.atomic as atomic
from groundlab.study.atomic import TEMP_PREFIX, create_folder, is_temporary
from groundlab.study.signals import RunInterrupted


def _entries(folder):
    return sorted(p.name for p in folder.iterdir())


def _fill(*names):
    def fill(folder):
        for name in names:
            (folder / name).write_text(name)

    return fill


def test_the_folder_appears_complete_and_nothing_else_is_left(tmp_path):
    seen = []

    def fill(folder):
        seen.append((folder.parent, folder.name.startswith(TEMP_PREFIX), (tmp_path / "out").exists()))
        _fill("a.json", "b.json")(folder)

    create_folder(tmp_path / "out", fill)
    assert seen == [(tmp_path, True, False)]
    assert _entries(tmp_path) == ["out"]
    assert _entries(tmp_path / "out") == ["a.json", "b.json"]


def test_the_folder_gets_the_mode_of_a_plain_mkdir(tmp_path):
    (tmp_path / "plain").mkdir()
    create_folder(tmp_path / "out", _fill())
    assert (tmp_path / "out").stat().st_mode == (tmp_path / "plain").stat().st_mode


def test_missing_parents_are_created_and_a_file_in_the_way_is_not_called_existing(tmp_path):
    create_folder(tmp_path / "a" / "b" / "out", _fill("x"))
    assert _entries(tmp_path / "a" / "b") == ["out"]
    (tmp_path / "file").write_text("x")
    with pytest.raises(NotADirectoryError):
        create_folder(tmp_path / "file" / "out", _fill("x"))


def test_an_error_while_filling_leaves_nothing(tmp_path):
    def fill(folder):
        (folder / "a.json").write_text("half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        create_folder(tmp_path / "out", fill)
    assert _entries(tmp_path) == []


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_while_filling_unwinds_and_leaves_nothing(tmp_path, name):
    signum = getattr(signal, name)
    before = signal.getsignal(signum)

    def fill(folder):
        (folder / "a.json").write_text("half")
        os.kill(os.getpid(), signum)
        for _ in range(1000):  # the handler runs between bytecodes
            (folder / "b.json").write_text("more")
        pytest.fail("the signal did not interrupt the fill")

    expected = KeyboardInterrupt if name == "SIGINT" else RunInterrupted
    with pytest.raises(expected) as info:
        create_folder(tmp_path / "out", fill)
    if name != "SIGINT":
        assert (info.value.signum, info.value.name, str(info.value)) == (signum, name, f"interrupted by {name}")
    assert _entries(tmp_path) == []
    assert signal.getsignal(signum) is before


def test_a_signal_once_the_folder_is_complete_waits_and_then_has_its_usual_effect(tmp_path, monkeypatch):
    received = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: received.append((signum, (tmp_path / "out").is_dir())))
    real_rename = atomic._rename_no_replace

    def rename(src, dst):
        os.kill(os.getpid(), signal.SIGTERM)  # arrives in the critical section
        for _ in range(1000):
            pass
        real_rename(src, dst)

    monkeypatch.setattr(atomic, "_rename_no_replace", rename)
    try:
        create_folder(tmp_path / "out", _fill("a.json"))
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert received == [(signal.SIGTERM, True)]  # the caller's own handler, after the folder was in place
    assert _entries(tmp_path / "out") == ["a.json"]


def test_a_signal_while_the_sibling_is_made_is_raised_once_it_can_be_cleaned(tmp_path, monkeypatch):
    real_mkdtemp = atomic.tempfile.mkdtemp

    def mkdtemp(**kwargs):
        made = real_mkdtemp(**kwargs)
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(1000):
            pass
        return made

    monkeypatch.setattr(atomic.tempfile, "mkdtemp", mkdtemp)
    with pytest.raises(RunInterrupted):
        create_folder(tmp_path / "out", lambda folder: pytest.fail("filled after the signal"))
    assert _entries(tmp_path) == []


@pytest.mark.parametrize("kernel", ["renameat2", "check then rename"])
def test_the_rename_never_replaces_a_folder_made_meanwhile(tmp_path, monkeypatch, kernel):
    if kernel == "check then rename":
        monkeypatch.setattr(atomic, "_renameat2", lambda: None)
    elif atomic._renameat2() is None:
        pytest.skip("no renameat2 here")

    def fill(folder):
        (folder / "a.json").write_text("ours")
        (tmp_path / "out").mkdir()  # someone else, meanwhile: an EMPTY folder POSIX rename would replace

    with pytest.raises(FileExistsError):
        create_folder(tmp_path / "out", fill)
    assert _entries(tmp_path) == ["out"]
    assert _entries(tmp_path / "out") == []


def test_the_check_before_the_rename_catches_a_folder_made_after_the_kernel_said_no(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic, "_renameat2", lambda: None)
    real_rename = os.rename

    def racing_rename(src, dst):
        os.mkdir(dst)
        (tmp_path / "out" / "theirs").write_text("x")
        real_rename(src, dst)

    monkeypatch.setattr(atomic.os, "rename", racing_rename)
    with pytest.raises(FileExistsError):
        create_folder(tmp_path / "out", _fill("a.json"))
    assert _entries(tmp_path / "out") == ["theirs"]
    assert _entries(tmp_path) == ["out"]


def test_off_the_main_thread_no_handler_is_installed_and_the_folder_is_still_made(tmp_path):
    before = signal.getsignal(signal.SIGTERM)
    during = []

    def fill(folder):
        during.append(signal.getsignal(signal.SIGTERM))

    thread = threading.Thread(target=create_folder, args=(tmp_path / "out", fill))
    thread.start()
    thread.join()
    assert during == [before]
    assert _entries(tmp_path) == ["out"]


def test_temporary_siblings_are_told_apart_through_symlinks(tmp_path):
    (tmp_path / f"{TEMP_PREFIX}abc").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / f"{TEMP_PREFIX}abc")
    assert is_temporary(tmp_path / f"{TEMP_PREFIX}abc") and is_temporary(tmp_path / "link")
    assert not is_temporary(tmp_path / "evidence") and not is_temporary(tmp_path / "groundlab-run-x")

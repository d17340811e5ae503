"""The directors' passwords and the club code keep argon2's recommended cost in the app; only
the test suite's own variable makes hashing cheap
(``src/euchre/store/access/password_hashing.py``)."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher
from argon2.exceptions import VerifyMismatchError

from euchre.store.access.password_hashing import CHEAP_HASH_VARIABLE, password_hasher


def test_the_app_hashes_passwords_at_argon2s_recommended_cost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(CHEAP_HASH_VARIABLE, raising=False)
    hasher, recommended = password_hasher(), PasswordHasher()
    assert (hasher.time_cost, hasher.memory_cost, hasher.parallelism) == (
        recommended.time_cost,
        recommended.memory_cost,
        recommended.parallelism,
    )


def test_a_password_hashed_cheaply_in_tests_is_still_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(CHEAP_HASH_VARIABLE, "1")
    hashed = password_hasher().hash("correct horse battery")
    monkeypatch.delenv(CHEAP_HASH_VARIABLE)
    assert password_hasher().verify(hashed, "correct horse battery")
    with pytest.raises(VerifyMismatchError):
        password_hasher().verify(hashed, "wrong horse battery")

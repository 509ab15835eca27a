import pytest

from tutor.lib.numbers import whole


@pytest.mark.parametrize(
    "text, most, expected",
    [
        ("7", 18, 7),
        ("007", 18, 7),
        ("9" * 18, 18, 10**18 - 1),
        ("9" * 19, 18, None),  # would not fit a 64-bit column
        ("9" * 5000, 18, None),  # over int()'s own limit of 4,300 digits
        ("12345", 4, None),
        ("1234", 4, 1234),
        ("", 18, None),
        ("²", 18, None),  # isdigit() is true of it, int() refuses it
        ("١٢", 18, None),  # Arabic-Indic digits: int() would read them
        ("１２", 18, None),  # full-width digits
        ("-3", 18, None),
        ("+3", 18, None),
        (" 3", 18, None),
        ("3.0", 18, None),
    ],
)
def test_a_whole_number_is_one_to_most_ascii_digits(text, most, expected):
    assert whole(text, most) == expected

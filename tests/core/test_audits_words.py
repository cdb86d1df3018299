"""The audits' words: amounts in the currency's units, ISO days, games labelled by the
options that changed their price."""

from __future__ import annotations

from pitchside.core.audits import AuditDay, amount, day_of, game_label, games_by_label
from pitchside.core.pricing import Extra, Pricing

EURO = Pricing(currency="€", extras=(
    Extra("players", "doubles", 50), Extra("games", 3, 100, game="pitchnut"),
    Extra("technique_foul", True, 20, game="pichenotte"),
))


def test_amounts_in_units() -> None:
    cents = (0, 5, 150, 100_000, -250)
    assert [amount(EURO, c) for c in cents] == ["€0.00", "€0.05", "€1.50", "€1000.00", "-€2.50"]
    assert amount(EURO, 150, symbol=False) == "1.50"
    assert amount(Pricing(), 150) == "1.50"


def test_days() -> None:
    assert day_of("2026-12-04") == ("2026-12-04", True)
    assert day_of("2026-12-04?") == ("2026-12-04", False)
    assert day_of("unknown") == ("", False)


def test_game_labels() -> None:
    assert game_label("pichenotte players=doubles,pucks=12", EURO) == "pichenotte players=doubles"
    key = "pichenotte players=singles,pucks=12,technique_foul=True"
    assert game_label(key, EURO) == "pichenotte technique_foul=True"
    assert game_label("pitchnut games=3,pieces=10", EURO) == "pitchnut games=3"
    assert game_label("pichenotte games=3", EURO) == "pichenotte"  # that surcharge is pitchnut's
    assert game_label("pichenotte players=doublesx", EURO) == "pichenotte"
    assert game_label("pichenotte", EURO) == "pichenotte"
    day = AuditDay("2026-12-04", games={
        "pichenotte players=singles,pucks=12": 2, "pichenotte players=singles,pucks=10": 1,
        "pichenotte players=doubles,pucks=12": 4,
    })
    assert games_by_label(day, EURO) == {"pichenotte": 3, "pichenotte players=doubles": 4}

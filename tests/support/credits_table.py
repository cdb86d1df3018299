"""A paying Pichenotte table on a real journal, for the credit tests
(tests/app/test_credits.py, test_service_audits.py): the prices, the ledger as another
process reads it, and a sink that notes the committed balance at each frame shown."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from pitchside.app.journal import Journal
from pitchside.app.recorder import Recorder
from pitchside.app.runtime import Runtime, TableParts
from pitchside.core.pricing import Extra, Pricing
from pitchside.core.rules import pichenotte as rules
from pitchside.core.sides import Side
from pitchside.signals.events import ButtonPressed, ButtonReleased
from pitchside.tables import kiosk
from pitchside.tables import pichenotte as table

PRICES = Pricing(coins=((1, 50), (2, 100)), game=100, extras=(Extra("players", "doubles", 50),),
                 bonus=((200, 100),), currency="€")  # fmt: skip
SETTINGS = kiosk.KioskSettings(pricing=PRICES)
OPTIONS = rules.Options(pucks=1, rounds_to_win=1)


def ledger(path: Path) -> list[tuple[str, int, int, int | None]]:
    """The credits rows as another process would read them: committed ones only."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return list(conn.execute("SELECT kind, amount, balance, match_id FROM credits ORDER BY id"))


@dataclass
class CheckingSink:
    """Records, for each frame shown, the journal's committed balance at that moment."""

    path: Path
    balances: list[int] = field(default_factory=list)

    def show(self, image: Image.Image) -> None:
        rows = ledger(self.path)
        self.balances.append(rows[-1][2] if rows else 0)


class Table:
    def __init__(self, path: Path, settings: kiosk.KioskSettings = SETTINGS) -> None:
        self.path = path
        self.t = 0.0
        self.journal = Journal.open(path, wall=lambda: 1_700_000_000.0, synced=lambda: True)
        self.recorder = Recorder(self.journal, lambda: self.t)
        start = self.recorder.resume(table.new_table(OPTIONS))
        self.sink = CheckingSink(path)
        self.rt = Runtime(start, TableParts(self.sink, self.toss, lambda: self.t, recorder=self.recorder, settings=settings))
        self.rt.refresh()

    @staticmethod
    def toss() -> Side:
        return "A"

    def post(self, *events: object) -> None:
        for e in events:
            self.t += 0.5
            self.rt.post(e)  # type: ignore[arg-type]
        self.rt.process_pending()

    def press(self, name: str) -> None:
        self.t += 0.5
        self.post(ButtonPressed(name, self.t), ButtonReleased(name, self.t + 0.1))

    def shown(self) -> int:
        return kiosk.shown_credit(self.rt.kiosk)

    def close(self) -> None:
        self.journal.close()

"""A table that offers several games: ``[table] games`` in the
config (the panel wires the union of the games' buttons and sensors, each game's options
from its own table), the kiosk's "Game" row, each game hearing only its own inputs, and
a match on hold or in the journal resuming in its own game. Pure kiosk and a real
journal in a temporary directory; no sleeps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from pitchside.tables import effects as fx
from pitchside.tables import kiosk as k
from pitchside.app.assembly import input_names, kiosk_settings
from pitchside.cli.main import main
from pitchside.app.config import ConfigErrors, TableConfig, load_config, locate
from pitchside.tables.registry import app_for
from pitchside.app.journal import Journal
from pitchside.app.recorder import Recorder
from pitchside.app.runtime import Runtime, TableParts
from pitchside.render.kiosk import (
    AttractView,
    ConfirmView,
    MenuView,
    render_kiosk,
)
from pitchside.render.service import ServiceView
from pitchside.signals.events import (
    BeamBroken,
    ButtonPressed,
    ButtonReleased,
    TimerFired,
)

ROOT = Path(__file__).resolve().parents[2]
COMBO = ROOT / "hardware" / "pitchside_hw" / "configs" / "combo.toml"
TEXT = COMBO.read_text()
PICHENOTTE_ROWS = (("Players", "SINGLES"), ("Match", "FIRST TO 4"), ("To win", "4 ROUNDS"), ("Pucks", "12 EACH"))
PITCHNUT_ROWS = (("Players", "SINGLES"), ("Match", "1 GAME"), ("Rules", "STANDARD"))
NAMES_ROW = ("Names", "Ann v Bob")
"""The menu's last row, on every game (the names entry)."""


def _load(tmp_path: Path, *edits: str) -> TableConfig:
    text = TEXT
    for old, new in zip(edits[::2], edits[1::2]):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "table.toml"
    path.write_text(text)
    return load_config(path)


def _problems(tmp_path: Path, *edits: str) -> dict[str, str]:
    with pytest.raises(ConfigErrors) as info:
        _load(tmp_path, *edits)
    return {p.key: p.message for p in info.value.problems}


# --- config ----------------------------------------------------------------------------


def test_the_combo_config_offers_both_games_on_the_union_of_their_panels() -> None:
    config = load_config(COMBO)
    assert (config.game, config.games, config.offered_games) == (
        "pichenotte", ("pichenotte", "pitchnut"), ("pichenotte", "pitchnut"),
    )  # fmt: skip
    pich, nut = app_for("pichenotte"), app_for("pitchnut")
    assert {b.name for b in config.buttons} == set(pich.buttons) | set(nut.buttons)
    assert len(config.buttons) == 13  # 12 of Pichenotte + PITCH OFF; COIN, SHOT DONE, UNDO, NEW, +, -, NEXT shared
    assert [b.name for b in config.beams] == ["pocket_1", "pocket_2", "pocket_3", "pocket_4", "twenty"]
    assert config.button("pitch_off").pin == "GPIO18"
    pins = [b.pin for b in config.buttons] + [b.pin for b in config.beams]
    assert len(set(pins)) == len(pins) == 18  # no clash
    assert config.options_for("pichenotte") == config.options == pich.parse_options({"pucks": 12})
    assert config.options_for("pitchnut") == nut.parse_options({"pieces": 10})
    assert dict(config.game_options) == {"pichenotte": config.options, "pitchnut": config.options_for("pitchnut")}


def test_the_combo_wiring_doc_lists_its_pins() -> None:
    wiring = (COMBO.parents[1] / "WIRING_COMBO.md").read_text()
    config = load_config(COMBO)
    for b in config.buttons:
        assert f"| `buttons.{b.name}` | {b.pin} |" in wiring
    for beam in config.beams:
        assert f"| `beams.{beam.name}.pin` | {beam.pin} |" in wiring


def test_each_game_takes_its_options_from_its_own_table(tmp_path: Path) -> None:
    config = _load(tmp_path, "pucks = 12 ", "pucks = 8 ", "pieces = 10 ", "pieces = 6 ")
    assert config.options_for("pichenotte").pucks == 8
    assert config.options_for("pitchnut").pieces == 6


def test_a_one_game_config_is_unchanged() -> None:
    config = load_config(ROOT / "hardware" / "pitchside_hw" / "configs" / "pitchnut.toml")
    assert (config.game, config.games, config.offered_games, config.game_options) == (
        "pitchnut", (), ("pitchnut",), (),
    )  # fmt: skip
    assert config.options_for("pitchnut") is config.options
    settings = kiosk_settings(config)
    assert settings.games == () and not any(line.startswith("games") for line in settings.status_lines)


def test_a_missing_button_or_beam_of_the_second_game_is_named_with_the_game(tmp_path: Path) -> None:
    found = _problems(tmp_path, 'pitch_off = "GPIO18"', "", '[beams.pocket_2]\npin = "GPIO15"', "[beams.pocket_2]")
    assert found == {
        "buttons.pitch_off": "missing pin (pitchnut needs it)",
        "beams.pocket_2.pin": "missing pin",
    }
    found = _problems(tmp_path, '[beams.pocket_3]\npin = "GPIO14"', "[beams.x3]\npin = \"GPIO14\"")
    assert found["beams.pocket_3"] == "missing: this sensor needs a pin (pitchnut needs it)"
    assert found["beams.x3"].startswith("not a pichenotte or pitchnut sensor (twenty, pocket_1, ")
    found = _problems(tmp_path, 'coin = "GPIO4"', "")  # shared by both games
    assert found == {"buttons.coin": "missing pin (pichenotte and pitchnut need it)"}


def test_check_config_names_the_missing_button_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TEXT.replace('pitch_off = "GPIO18"          # Pitchnut: the pitch left the board\n', "")
    path = tmp_path / "table.toml"
    path.write_text(text)
    assert main(["check-config", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}:{locate(text, 'buttons.pitch_off')}: buttons.pitch_off: missing pin (pitchnut needs it)"
    assert out[-1] == f"{path}: 1 problem(s)"


def test_games_errors_are_named(tmp_path: Path) -> None:
    both = _problems(tmp_path, "[table]\n", '[table]\ngame = "pitchnut"\n')
    assert both == {"table.games": "give either game (one) or games (several), not both"}
    unknown = _problems(tmp_path, '["pichenotte", "pitchnut"]', '["pichenotte", "chess"]')
    assert unknown["table.games"].startswith("must be a list of games from pichenotte, ")
    assert unknown["table.games"].endswith("not ['pichenotte', 'chess']")
    twice = _problems(tmp_path, '["pichenotte", "pitchnut"]', '["pitchnut", "pichenotte", "pitchnut"]')
    assert twice == {"table.games": "names a game twice: ['pitchnut', 'pichenotte', 'pitchnut']"}
    not_list = _problems(tmp_path, '["pichenotte", "pitchnut"]', '"pitchnut"')
    assert not_list["table.games"] == (
        "must be a list of games from pichenotte, pitchnut, boulomania, pitchbowl, mastermove, not 'pitchnut'"
    )
    bad_option = _problems(tmp_path, "pieces = 10 ", "pieces = 0 ")
    assert list(bad_option) == ["pitchnut.pieces"]
    neither = _problems(tmp_path, 'pitch_off = "GPIO18"', 'pitch_off = "GPIO18"\nroll = "GPIO14"')
    assert neither["buttons.roll"].startswith("not a pichenotte or pitchnut button (coin, call, ")
    clash = _problems(tmp_path, 'pitch_off = "GPIO18"', 'pitch_off = "GPIO17"')
    assert clash == {"buttons.shot_done": "GPIO17 is already used by buttons.pitch_off: use GPIO18 (header pin 12), "
                                          "which nothing on this table uses"}


def test_a_one_game_table_refuses_the_other_games_panel_as_before(tmp_path: Path) -> None:
    found = _problems(tmp_path, 'games = ["pichenotte", "pitchnut"]', 'game = "pichenotte"', "[pitchnut]", "[pitchnut_]")
    assert found["buttons.pitch_off"] == (
        "not a pichenotte button (coin, call, no_contact, ditch_a, ditch_b, whose, shot_done, undo, new, plus, minus, next)"
    )
    assert "beams.pocket_1" in found and "pitchnut_" in found


# --- kiosk -----------------------------------------------------------------------------


SETTINGS = kiosk_settings(load_config(COMBO))
INPUTS = input_names(load_config(COMBO))


def boot(ts: Any = None, settings: k.KioskSettings = SETTINGS) -> k.KioskState:
    config = load_config(COMBO)
    ks, _ = k.start(settings, ts or settings.app.new_table(config.options, ("Ann", "Bob")), INPUTS, 0.0)
    return ks


def tap(ks: k.KioskState, name: str, at: float) -> tuple[k.KioskState, list[k.Effect]]:
    ks, e1 = k.handle(ks, ButtonPressed(name, at))
    ks, e2 = k.handle(ks, ButtonReleased(name, at + 0.1))
    return ks, [*e1, *e2]


def tosses(ks: k.KioskState, at: float, winner: str = "A") -> tuple[k.KioskState, list[k.Effect]]:
    """COIN, and the toss the runtime would send back."""
    ks, eff = tap(ks, "coin", at)
    assert fx.TossCoin() in eff
    ks, more = k.handle(ks, fx.CoinTossed(winner, at + 0.05))  # type: ignore[arg-type]
    return ks, [*eff, *more]


def test_settings_hold_every_game_and_the_status_page_lists_them() -> None:
    assert [a.name for a in SETTINGS.games] == ["pichenotte", "pitchnut"]
    assert SETTINGS.app.name == "pichenotte"
    assert SETTINGS.status_lines[:2] == ("table Combo", "games pichenotte, pitchnut")
    ks = boot()
    ks = k.KioskState(SETTINGS, ks.table, mode="service", inputs=INPUTS, service_page=4)
    v = k.view(ks)
    assert isinstance(v, ServiceView) and v.page == "status"
    assert ("games pichenotte, pitchnut",) in v.rows


def test_attract_names_each_game_in_turn() -> None:
    ks = boot()
    v = k.view(ks)
    assert v == AttractView("PICHENOTTE", ("PRESS ANY BUTTON", "TO CHOOSE A GAME"), (0, 0))
    ks, _ = k.handle(ks, TimerFired("shift", 30.0))
    v = k.view(ks)
    assert isinstance(v, AttractView) and v.title == "PITCHNUT" and v.shift == k.SHIFTS[1]
    ks, _ = k.handle(ks, TimerFired("shift", 60.0))
    assert k.view(ks).title == "PICHENOTTE"  # type: ignore[union-attr]
    img = render_kiosk(k.view(ks))
    assert img.size == (128, 64) and img.getbbox() is not None
    nut = app_for("pitchnut")
    ks = boot(nut.new_table(nut.parse_options({}), ("Ann", "Bob")))  # Pitchnut chosen: named first
    assert ks.settings.app.name == "pitchnut"
    assert k.view(ks).title == "PITCHNUT"  # type: ignore[union-attr]


def test_the_menu_starts_on_the_game_row_and_plus_switches_game_and_its_rows() -> None:
    ks = boot()
    ks, _ = tap(ks, "next", 1.0)  # wake
    assert ks.mode == "menu" and ks.cursor == 0
    assert k.view(ks) == MenuView("PICHENOTTE", (("Game", "PICHENOTTE"), *PICHENOTTE_ROWS, NAMES_ROW), 0, "DONE: PLAY   NEXT + -: SET")
    ks, eff = tap(ks, "plus", 2.0)
    assert eff == [] or not any(isinstance(e, fx.NewMatch) for e in eff)
    assert ks.settings.app.name == "pitchnut" and ks.table.match.codec.name == "pitchnut"
    assert k.view(ks) == MenuView("PITCHNUT", (("Game", "PITCHNUT"), *PITCHNUT_ROWS, NAMES_ROW), 0, "DONE: PLAY   NEXT + -: SET")
    ks, _ = tap(ks, "minus", 3.0)  # and back
    assert ks.settings.app.name == "pichenotte"
    ks, _ = tap(ks, "minus", 4.0)  # wraps round
    assert ks.settings.app.name == "pitchnut"


def test_options_set_for_a_game_are_kept_when_switching_away_and_back() -> None:
    ks = boot()
    ks, _ = tap(ks, "coin", 1.0)
    ks, _ = tap(ks, "next", 1.5)  # Players row of Pichenotte
    ks, _ = tap(ks, "plus", 2.0)
    assert ks.table.match.options.players == "doubles"
    ks, _ = tap(ks, "next", 2.5)
    ks, _ = tap(ks, "next", 3.0)  # the fourth row: To win
    ks, _ = tap(ks, "next", 3.2)  # the fifth row: the Pucks row
    assert ks.cursor == 4
    v = k.view(ks)
    assert isinstance(v, MenuView) and v.fields[4] == ("Pucks", "12 EACH")
    ks, _ = tap(ks, "next", 3.5)  # the Names row
    assert ks.cursor == 5
    ks, _ = tap(ks, "next", 4.0)  # wraps to the Game row
    assert ks.cursor == 0
    ks, _ = tap(ks, "plus", 4.5)  # Pitchnut, with its configured options
    assert ks.table.match.options == load_config(COMBO).options_for("pitchnut")
    ks, _ = tap(ks, "next", 5.0)
    ks, _ = tap(ks, "plus", 5.5)  # Pitchnut doubles
    ks, _ = tap(ks, "next", 6.0)
    ks, _ = tap(ks, "next", 6.5)
    ks, _ = tap(ks, "next", 6.8)  # the Names row
    ks, _ = tap(ks, "next", 7.0)  # back on the Game row
    ks, _ = tap(ks, "plus", 7.5)
    assert (ks.settings.app.name, ks.table.match.options.players) == ("pichenotte", "doubles")
    ks, _ = tap(ks, "plus", 8.0)
    assert (ks.settings.app.name, ks.table.match.options.players) == ("pitchnut", "doubles")


def test_the_menu_shows_three_rows_and_scrolls_to_the_cursor() -> None:
    fields = (("Game", "PICHENOTTE"), *PICHENOTTE_ROWS)
    top = render_kiosk(MenuView("PICHENOTTE", fields, 0, "hint"))
    bottom = render_kiosk(MenuView("PICHENOTTE", fields, 3, "hint"))
    three = render_kiosk(MenuView("PICHENOTTE", fields[:3], 0, "hint"))
    assert top.tobytes() == three.tobytes()  # rows 0-2 with the cursor on row 0
    assert bottom.tobytes() != top.tobytes()
    assert isinstance(bottom, Image.Image) and bottom.size == (128, 64)


def test_the_default_game_starts_with_two_presses_and_the_other_with_three() -> None:
    ks = boot()
    ks, _ = tap(ks, "coin", 1.0)  # 1: wake
    ks, eff = tap(ks, "shot_done", 2.0)  # 2: play the defaults
    assert ks.mode == "playing" and fx.NewMatch() in eff
    assert ks.table.match.codec.name == "pichenotte" and ks.table.match.options == load_config(COMBO).options

    ks = boot()
    ks, _ = tap(ks, "coin", 1.0)  # 1: wake
    ks, _ = tap(ks, "plus", 2.0)  # 2: the next game
    ks, eff = tap(ks, "shot_done", 3.0)  # 3: play it
    assert ks.mode == "playing" and fx.NewMatch() in eff
    assert ks.settings.app.name == ks.table.match.codec.name == "pitchnut"
    assert ks.table.match.options == load_config(COMBO).options_for("pitchnut")
    ks, eff = tosses(ks, 4.0)
    assert any(isinstance(e, fx.Accepted) for e in eff)
    assert ks.table.match.codec.output(ks.table.match.state)["status"] != "finished"


def test_each_game_hears_only_its_own_buttons_and_beams() -> None:
    ks = boot()
    ks, _ = tap(ks, "coin", 1.0)
    ks, _ = tap(ks, "plus", 1.5)
    ks, _ = tap(ks, "shot_done", 2.0)  # Pitchnut
    ks, _ = tosses(ks, 3.0)
    before = ks.table
    for name in ("call", "no_contact", "ditch_a", "whose"):  # Pichenotte's
        ks, eff = tap(ks, name, 4.0)
        assert ks.table == before and not any(isinstance(e, fx.Accepted) for e in eff)
    ks, eff = k.handle(ks, BeamBroken("twenty", 5.0, 0.02))
    assert ks.table == before and not any(isinstance(e, fx.Accepted) for e in eff)
    ks, _ = tap(ks, "shot_done", 6.0)  # the break, then a piece in a pocket is Pitchnut's business
    ks, _ = k.handle(ks, BeamBroken("pocket_2", 7.0, 0.02))
    assert ks.table.draft.sensed() == (0, 1, 0, 0)

    ks = boot()
    ks, _ = tap(ks, "coin", 1.0)
    ks, _ = tap(ks, "shot_done", 2.0)  # Pichenotte
    before = ks.table
    ks, eff = k.handle(ks, BeamBroken("pocket_1", 3.0, 0.02))
    assert ks.table == before and not any(isinstance(e, fx.Accepted) for e in eff)
    ks, eff = tap(ks, "pitch_off", 4.0)
    assert ks.table == before and not any(isinstance(e, fx.Accepted) for e in eff)


def test_a_match_on_hold_of_the_second_game_resumes_in_it() -> None:
    ks = boot()
    ks, _ = tap(ks, "coin", 1.0)
    ks, _ = tap(ks, "plus", 1.5)
    ks, _ = tap(ks, "shot_done", 2.0)
    ks, _ = tosses(ks, 3.0)
    held = ks.table
    ks, _ = k.handle(ks, TimerFired("suspend", 3.0 + SETTINGS.suspend_after_s))
    assert ks.mode == "attract" and ks.table is held
    ks, _ = tap(ks, "coin", 2000.0)
    assert ks.mode == "resume"
    v = k.view(ks)
    assert isinstance(v, ConfirmView) and v.title == "MATCH ON HOLD"
    ks, _ = tap(ks, "shot_done", 2001.0)
    assert ks.mode == "playing" and ks.table is held and ks.settings.app.name == "pitchnut"
    assert type(k.view(ks)).__name__ == "PitchnutView"


def test_a_match_of_the_second_game_from_the_journal_goes_back_on_in_its_game() -> None:
    nut = app_for("pitchnut")
    ks = boot()
    ks, _ = tap(ks, "coin", 1.0)
    ks, _ = tap(ks, "plus", 1.5)
    ks, _ = tap(ks, "shot_done", 2.0)
    ks, _ = tosses(ks, 3.0)
    rebuilt = nut.resumed(ks.table.match, ("Ann", "Bob"), False)
    ks2 = boot(rebuilt)  # the settings say Pichenotte first; the match says Pitchnut
    assert ks2.mode == "playing" and ks2.settings.app.name == "pitchnut"
    assert ks2.settings.games == SETTINGS.games


# --- recorder and runtime --------------------------------------------------------------


class Sink:
    def __init__(self) -> None:
        self.frames: list[Image.Image] = []

    def show(self, image: Image.Image) -> None:
        self.frames.append(image)


def _runtime(config: TableConfig, journal: Journal, now: list[float]) -> tuple[Runtime, Recorder]:
    rec = Recorder(journal, lambda: now[0])
    fresh = app_for(config.game).new_table(config.options, config.sides)
    rt = Runtime(
        rec.resume(fresh, config.offered_games), TableParts(Sink(), toss=lambda: "A", clock=lambda: now[0], recorder=rec,
        settings=kiosk_settings(config), inputs=input_names(config)),
    )  # fmt: skip
    return rt, rec


def _play(rt: Runtime, now: list[float], *names: str) -> None:
    for name in names:
        now[0] += 1.0
        rt.post(ButtonPressed(name, now[0]))
        rt.post(ButtonReleased(name, now[0] + 0.1))
        rt.process_pending()


@pytest.mark.parametrize("game, presses", [("pichenotte", ("coin", "coin")), ("pitchnut", ("coin", "plus", "coin"))])
def test_the_recorder_resumes_a_match_of_either_game_after_a_restart(
    tmp_path: Path, game: str, presses: tuple[str, ...]
) -> None:
    config = load_config(COMBO)
    now = [0.0]
    with Journal.open(tmp_path / "j.db") as journal:
        rt, rec = _runtime(config, journal, now)
        _play(rt, now, *presses)  # wake, (the other game,) start and toss
        assert rt.state.match.codec.name == game and rec.match_id is not None
        mid = rec.match_id
    with Journal.open(tmp_path / "j.db") as journal:
        rt, rec = _runtime(config, journal, now)  # the table restarts on its first game
        assert rec.match_id == mid
        assert rt.state.match.codec.name == game
        assert rt.kiosk.mode == "playing" and rt.kiosk.settings.app.name == game
        assert rt.state.match.can_undo()


def test_a_match_of_another_game_stays_on_hold_for_a_table_that_plays_it(tmp_path: Path) -> None:
    config = load_config(COMBO)
    now = [0.0]
    with Journal.open(tmp_path / "j.db") as journal:
        rt, rec = _runtime(config, journal, now)
        _play(rt, now, "coin", "plus", "coin")  # a Pitchnut match
        mid = rec.match_id
    one = load_config(ROOT / "hardware" / "pitchside_hw" / "configs" / "pichenotte.toml")
    with Journal.open(tmp_path / "j.db") as journal:
        rec = Recorder(journal, lambda: now[0])
        fresh = app_for("pichenotte").new_table(one.options, one.sides)
        assert rec.resume(fresh, one.offered_games) is fresh  # a Pichenotte table starts fresh
        assert rec.match_id is None
        assert mid is not None and journal.running() == mid  # ... and the Pitchnut match is kept
        assert journal.running(("pichenotte",)) is None
    with Journal.open(tmp_path / "j.db") as journal:  # the combo table comes back: it resumes
        rec = Recorder(journal, lambda: now[0])
        fresh = app_for("pichenotte").new_table(config.options, config.sides)
        resumed = rec.resume(fresh, config.offered_games)
        assert rec.match_id == mid and resumed.match.codec.name == "pitchnut"

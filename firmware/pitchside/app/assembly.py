"""Settings the app derives from a table config (shared by the real and simulated
tables, so both run the same flow)."""

from __future__ import annotations

from pitchside.app.config import TableConfig
from pitchside.tables.kiosk import DOOR_KEY, KioskSettings
from pitchside.tables.registry import app_for


def kiosk_settings(config: TableConfig) -> KioskSettings:
    """The kiosk flow's settings, with the config summary for the service status page."""
    k = config.kiosk
    d = config.display
    bus = f"i2c-{d.i2c_port} {d.i2c_address:#04x}" if d.interface == "i2c" else f"{d.interface} {d.spi_port}.{d.spi_device}"
    status: tuple[str, ...] = (
        f"table {config.name}",
        f"display {d.driver} {bus}",
        f"pins {config.pin_factory or 'env'}, {len(config.buttons)} btn {len(config.beams)} beam",
        f"journal {config.storage.journal}",
        f"config {config.source}",
    )
    if len(config.offered_games) > 1:
        status = (*status[:1], f"games {', '.join(config.offered_games)}", *status[1:])
    settings = KioskSettings(
        dim_after_s=k.dim_after_s,
        suspend_after_s=k.suspend_after_s,
        result_timeout_s=k.result_timeout_s,
        shift_every_s=k.shift_every_s,
        stuck_after_s=k.stuck_after_s,
        contrast=k.contrast,
        dim_contrast=k.dim_contrast,
        moment_s=k.moment_s,
        start_in_service=k.service,
        attract=k.attract,
        app=app_for(config.game),
        games=tuple(app_for(g) for g in config.offered_games) if len(config.offered_games) > 1 else (),
        game_options=tuple((g, config.options_for(g)) for g in config.offered_games),
        status_lines=status,
        pricing=config.pricing,
        url=config.web.url if config.web is not None else None,
        sides=config.sides,
    )
    # the [tournament] file, read here at power-on (the runtime reads it again at each
    # new match: pitchside.app.tournament_file.new_match_events); imported here: a table
    # without a tournament file never loads the tournament code (start-up)
    if config.tournament is None:
        return settings
    from pitchside.app import tournament_file

    return tournament_file.configured(settings, config.tournament)


def input_names(config: TableConfig) -> tuple[str, ...]:
    """Every button and sensor, in pin-map order (beams, then serial devices, last)."""
    return (
        tuple(b.name for b in config.buttons)
        + tuple(b.name for b in config.beams)
        + tuple(s.name for s in config.serial)
        + ((config.coin.name,) if config.coin is not None else ())
        + (("free_credit",) if config.coin is not None and config.coin.free_credit_pin else ())
        + ((DOOR_KEY,) if config.coin is not None and config.coin.door_pin else ())
    )

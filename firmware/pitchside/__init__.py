"""Pitchside: scoreboard and referee firmware for pub game tables.

This package is the functional core and its shell: rules engines (``core``), input
gesture decoding (``signals``), rendering (``render``) and the application (``app``).
It never imports gpiozero, luma or pyserial; those live in ``pitchside_hw``.
"""

__version__ = "0.1.0"

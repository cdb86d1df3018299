"""Drivers over gpiozero, luma and pyserial; pin maps and wiring docs beside them."""

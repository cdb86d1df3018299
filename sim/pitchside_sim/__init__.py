"""The simulated table: drives the real drivers at the pin, port and device level."""

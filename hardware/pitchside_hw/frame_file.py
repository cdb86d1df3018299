"""The ``file`` display driver: a panel that is a file.

Each frame handed to it is kept in ``.image`` (as luma's ``dummy`` does) and written, whole
and atomically (a new file renamed over the old), to ``frame.pbm`` in the working
directory: the service's ``/run/pitchside`` (its ``WorkingDirectory=``). The PBM's comment
line carries the frame's number since the start (``# frame 12``), so a reader that polls
the file sees each new frame once. It serves a table without a panel that something else
watches: the system tests read it in the guest to know which inputs the table showed.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from luma.core.device import dummy

FRAME_FILE = "frame.pbm"
"""The file's name, in the working directory."""


class FrameFile(dummy):  # type: ignore[misc]  # luma ships no types
    """luma's ``dummy`` device that also writes each frame to :data:`FRAME_FILE`."""

    def __init__(self, path: Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.path = Path(FRAME_FILE) if path is None else path
        self.frames = 0

    def display(self, image: Any) -> None:
        super().display(image)
        self.frames += 1
        buf = io.BytesIO()
        self.image.convert("1").save(buf, format="PPM")
        head, _, rest = buf.getvalue().partition(b"\n")
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_bytes(head + b"\n# frame %d\n" % self.frames + rest)
        os.replace(tmp, self.path)

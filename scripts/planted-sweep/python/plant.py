"""Shared by the sweep's Python writers: distinct canaries, each named after its field, printed
as JSON for the TypeScript side (`python-writers.ts`) to register. Run with /usr/bin/python3,
which has mutagen, python-docx, openpyxl, PIL and pikepdf."""

import json
import sys


class Canaries:
    """`Zp0001x`, `Zp0002x`, ...: apart from the TypeScript side's `Zq` ones."""

    def __init__(self):
        self.rows = []

    def text(self, field):
        value = "Zp%04dx" % (len(self.rows) + 1)
        self.rows.append([field, value, False])
        return value

    def content(self, field):
        """A canary in what the file shows: it must stay."""
        value = self.text(field)
        self.rows[-1][2] = True
        return value

    def fixed(self, field, value):
        self.rows.append([field, value, False])
        return value

    def dump(self):
        json.dump(self.rows, sys.stdout)


def small_jpeg(canaries, what):
    """A JPEG with a canary in its comment and EXIF Artist, made by PIL."""
    import io
    from PIL import Image

    image = Image.new("RGB", (16, 16), (200, 40, 40))
    exif = Image.Exif()
    exif[0x013B] = canaries.text(what + " EXIF Artist")
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif.tobytes(), comment=canaries.text(what + " JPEG comment"))
    return out.getvalue()

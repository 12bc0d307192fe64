"""Images as PIL writes them, with a canary in every field it sets:
  pil_plant.py png|jpeg|mpo|tiff|tiff-pages|webp|webp-animated|gif PATH
PNG tEXt, zTXt and iTXt (keyword, language, translated keyword) and eXIf; JPEG comment and
EXIF with its Exif and GPS directories; TIFF text tags and a private one (in one page or two);
WebP EXIF and XMP (a still or an animation);
a GIF comment. Prints the canaries as JSON."""

import sys

from PIL import Image, PngImagePlugin, TiffImagePlugin, TiffTags
from plant import Canaries

ARTIST, SOFTWARE, DESCRIPTION, COPYRIGHT, MAKE, MODEL = 0x013B, 0x0131, 0x010E, 0x8298, 0x010F, 0x0110
DATE_TIME, EXIF_IFD, GPS_IFD, USER_COMMENT, OWNER, SERIAL = 0x0132, 0x8769, 0x8825, 0x9286, 0xA430, 0xA431
GPS_LAT_REF, GPS_LAT, GPS_LON_REF, GPS_LON = 1, 2, 3, 4
PRIVATE_TAG = 65000


def exif(c):
    e = Image.Exif()
    for tag, name in ((ARTIST, "Artist"), (SOFTWARE, "Software"), (DESCRIPTION, "ImageDescription"),
                      (COPYRIGHT, "Copyright"), (MAKE, "Make"), (MODEL, "Model")):
        e[tag] = c.text("EXIF " + name)
    e[DATE_TIME] = "1971:02:03 04:05:06"
    c.fixed("EXIF DateTime", "1971:02:03")
    # Pillow writes a sub-directory given as a dict; one read back by get_ifd stays unwritten.
    e[EXIF_IFD] = {
        USER_COMMENT: b"ASCII\0\0\0" + c.text("EXIF UserComment").encode(),
        OWNER: c.text("EXIF CameraOwnerName"),
        SERIAL: c.text("EXIF BodySerialNumber"),
    }
    e[GPS_IFD] = {
        GPS_LAT_REF: "N", GPS_LAT: (37.0, 42.0, 44.28),
        GPS_LON_REF: "E", GPS_LON: (112.0, 27.0, 24.12),
    }
    return e.tobytes()


def xmp(c):
    return ('<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
            '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description '
            'rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>%s'
            '</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
            % c.text("XMP dc:creator")).encode()


def picture():
    image = Image.new("RGB", (48, 32))
    image.putdata([(x * 5, y * 7, 90) for y in range(32) for x in range(48)])
    return image


def png(path, c):
    info = PngImagePlugin.PngInfo()
    for key in ("Author", "Comment", "Software", "Title", "Description", "Copyright", "Source"):
        info.add_text(key, c.text("PNG tEXt " + key))
    info.add_text(c.text("PNG tEXt own keyword"), c.text("PNG tEXt own value"))
    info.add_text("Disclaimer", c.text("PNG zTXt Disclaimer"), zip=True)
    info.add_itxt("Author", c.text("PNG iTXt Author"), lang="en", tkey=c.text("PNG iTXt translated keyword"))
    info.add_itxt("Comment", c.text("PNG iTXt compressed Comment"), zip=True)
    info.add_text("Creation Time", "1971-02-03T04:05:06")
    c.fixed("PNG tEXt Creation Time", "1971-02-03")
    picture().save(path, "PNG", pnginfo=info, exif=exif(c))


def jpeg(path, c):
    picture().save(path, "JPEG", exif=exif(c), comment=c.text("JPEG comment"), quality=90)


def tiff(path, c, pages=1):
    info = TiffImagePlugin.ImageFileDirectory_v2()
    for tag, name in ((ARTIST, "Artist"), (SOFTWARE, "Software"), (DESCRIPTION, "ImageDescription"),
                      (COPYRIGHT, "Copyright"), (MAKE, "Make"), (MODEL, "Model"),
                      (269, "DocumentName"), (285, "PageName"), (316, "HostComputer")):
        info[tag] = c.text("TIFF " + name)
    info[DATE_TIME] = "1971:02:03 04:05:06"
    c.fixed("TIFF DateTime", "1971:02:03")
    info[PRIVATE_TAG] = c.text("TIFF private tag")
    info.tagtype[PRIVATE_TAG] = TiffTags.ASCII
    # Pillow writes the same tags in every page's directory.
    more = [picture().rotate(90 * i) for i in range(1, pages)]
    picture().save(path, "TIFF", tiffinfo=info, save_all=pages > 1, append_images=more)


def mpo(path, c):
    """Two pictures in one file (a stereo pair), the EXIF in the first."""
    picture().save(path, "MPO", save_all=True, append_images=[picture().rotate(90)], exif=exif(c))


def webp(path, c, frames=1):
    more = [picture().rotate(180)] if frames > 1 else []
    picture().save(path, "WEBP", exif=exif(c), xmp=xmp(c), lossless=True, save_all=frames > 1,
                   append_images=more, duration=100)


def gif(path, c):
    picture().convert("P").save(path, "GIF", comment=c.text("GIF comment").encode())


def main():
    kind, path = sys.argv[1], sys.argv[2]
    c = Canaries()
    writers = {"png": png, "jpeg": jpeg, "tiff": tiff, "webp": webp, "gif": gif, "mpo": mpo,
               "tiff-pages": lambda p, c: tiff(p, c, pages=2),
               "webp-animated": lambda p, c: webp(p, c, frames=2)}
    writers[kind](path, c)
    c.dump()


main()

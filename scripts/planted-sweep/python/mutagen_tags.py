"""Plants a canary in every tag mutagen writes in an audio file made by ffmpeg, in place:
  mutagen_tags.py KIND PATH
KIND: id3v23, id3v24 (MP3), mp4 (M4A), flac, ogg, opus, oggflac, theora (an Ogg video), asf,
ape (APEv2 on an MP3), aiff, wav.
Prints the canaries as JSON."""

import sys

from mutagen import id3
from plant import Canaries, small_jpeg

# Text frames whose value is a number, a date or a key mutagen checks.
NOT_TEXT = {"TBPM", "TLEN", "TDLY", "TSIZ", "TDAT", "TIME", "TYER", "TORY", "TRDA", "TCMP"}
DATE_FRAMES = {"TDRC", "TDEN", "TDOR", "TDRL", "TDTG"}
PEOPLE = {"TIPL", "TMCL", "IPLS"}


def id3_frames(c):
    """Every ID3v2.4 frame mutagen can write with a text or a description in it."""
    frames = []
    for name, cls in sorted(id3.Frames.items()):
        if name in NOT_TEXT or name in PEOPLE or name in ("TXXX", "WXXX"):
            continue
        if issubclass(cls, id3.TimeStampTextFrame) or name in DATE_FRAMES:
            frames.append(cls(encoding=3, text=["1971-02-03"]))
        elif issubclass(cls, id3.TextFrame):
            frames.append(cls(encoding=3, text=[c.text("ID3 " + name)]))
        elif issubclass(cls, id3.UrlFrame):
            frames.append(cls(url="http://example.com/" + c.text("ID3 " + name)))
    t = c.text
    frames += [
        id3.TXXX(encoding=3, desc=t("TXXX description"), text=[t("TXXX value")]),
        id3.WXXX(encoding=3, desc=t("WXXX description"), url="http://example.com/" + t("WXXX url")),
        id3.COMM(encoding=3, lang="eng", desc=t("COMM description"), text=[t("COMM text")]),
        id3.USLT(encoding=3, lang="eng", desc=t("USLT description"), text=t("USLT lyrics")),
        id3.SYLT(encoding=3, lang="eng", format=2, type=1, desc=t("SYLT description"),
                 text=[(t("SYLT line 1"), 0), (t("SYLT line 2"), 500)]),
        id3.APIC(encoding=3, mime="image/jpeg", type=3, desc=t("APIC description"),
                 data=small_jpeg(c, "APIC picture")),
        id3.PRIV(owner=t("PRIV owner"), data=t("PRIV data").encode()),
        id3.GEOB(encoding=3, mime="text/plain", filename=t("GEOB filename") + ".txt",
                 desc=t("GEOB description"), data=t("GEOB data").encode()),
        id3.UFID(owner=t("UFID owner"), data=t("UFID data").encode()),
        id3.TIPL(encoding=3, people=[[t("TIPL role"), t("TIPL person")]]),
        id3.TMCL(encoding=3, people=[[t("TMCL instrument"), t("TMCL musician")]]),
        id3.POPM(email=t("POPM e-mail") + "@example.com", rating=128, count=7),
        id3.USER(encoding=3, lang="eng", text=t("USER terms")),
        id3.OWNE(encoding=3, price="USD1", date="19710203", seller=t("OWNE seller")),
        id3.COMR(encoding=3, price="USD1", valid_until="19710203", contact=t("COMR contact"),
                 format=0, seller=t("COMR seller"), desc=t("COMR description")),
        id3.LINK(frameid="WXXX", url="http://example.com/" + t("LINK url"), data=t("LINK data").encode()),
        id3.AENC(owner=t("AENC owner"), preview_start=0, preview_length=0, data=b""),
        id3.ENCR(owner=t("ENCR owner"), method=0x80, data=t("ENCR data").encode()),
        id3.GRID(owner=t("GRID owner"), group=0x80, data=t("GRID data").encode()),
        id3.RVA2(desc=t("RVA2 description"), channel=1, gain=1.0, peak=0.5),
        id3.MCDI(data=t("MCDI data").encode()),
        id3.SIGN(group=0x80, sig=t("SIGN signature").encode()),
        id3.CHAP(element_id=t("CHAP element id"), start_time=0, end_time=500,
                 sub_frames=[id3.TIT2(encoding=3, text=[t("CHAP TIT2 title")]),
                             id3.TIT3(encoding=3, text=[t("CHAP TIT3 subtitle")]),
                             id3.WXXX(encoding=3, desc=t("CHAP WXXX description"),
                                      url="http://example.com/" + t("CHAP WXXX url")),
                             id3.APIC(encoding=3, mime="image/jpeg", type=0,
                                      desc=t("CHAP APIC description"),
                                      data=small_jpeg(c, "CHAP APIC picture"))]),
        id3.CTOC(element_id=t("CTOC element id"), flags=3, child_element_ids=[],
                 sub_frames=[id3.TIT2(encoding=3, text=[t("CTOC TIT2 title")])]),
    ]
    return frames


def id3_tags(path, version, c):
    tags = id3.ID3()
    for frame in id3_frames(c):
        tags.add(frame)
    tags.save(path, v2_version=version, v1=2)


def mp4(path, c):
    from mutagen.mp4 import MP4, MP4Cover, MP4FreeForm

    f = MP4(path)
    if f.tags is None:
        f.add_tags()
    for key in ["\xa9nam", "\xa9alb", "\xa9ART", "aART", "\xa9wrt", "\xa9gen", "\xa9cmt", "desc",
                "ldes", "\xa9grp", "\xa9lyr", "\xa9too", "cprt", "soal", "soaa", "soar", "sonm",
                "soco", "sosn", "tvsh", "tven", "tvnn", "\xa9mvn", "\xa9wrk", "purl", "egid",
                "catg", "keyw", "\xa9enc", "\xa9st3"]:
        f.tags[key] = [c.text("MP4 " + key.replace("\xa9", "(c)"))]
    f.tags["\xa9day"] = ["1971-02-03"]
    c.fixed("MP4 (c)day", "1971-02-03")
    f.tags["----:com.apple.iTunes:" + c.text("freeform name")] = [
        MP4FreeForm(c.text("freeform value").encode())]
    f.tags["----:" + c.text("freeform mean") + ":iTunNORM"] = [
        MP4FreeForm(c.text("freeform iTunNORM").encode())]
    f.tags["covr"] = [MP4Cover(small_jpeg(c, "covr"), imageformat=MP4Cover.FORMAT_JPEG)]
    f.save()


def vorbis_like(f, c, label):
    from mutagen.flac import Picture
    import base64

    for key in ["TITLE", "ARTIST", "ALBUM", "COMMENT", "DESCRIPTION", "COPYRIGHT", "LICENSE",
                "ORGANIZATION", "CONTACT", "LOCATION", "PERFORMER", "COMPOSER", "ENCODER",
                "ENCODED-BY", "LYRICS", "ISRC", "GENRE", "TRACKNUMBER"]:
        f[key] = c.text(label + " " + key)
    f["DATE"] = "1971-02-03"
    c.fixed(label + " DATE", "1971-02-03")
    f[c.text(label + " own key name")] = c.text(label + " own key value")
    picture = Picture()
    picture.type = 3
    picture.mime = "image/jpeg"
    picture.desc = c.text(label + " picture description")
    picture.data = small_jpeg(c, label + " picture")
    picture.width = picture.height = 16
    picture.depth = 24
    if hasattr(f, "add_picture"):
        f.add_picture(picture)
    else:
        f["METADATA_BLOCK_PICTURE"] = base64.b64encode(picture.write()).decode()
    return f


def vorbis_file(path, c, cls, label):
    f = cls(path)
    if f.tags is None:
        f.add_tags()
    vorbis_like(f, c, label)
    f.tags.vendor = c.text(label + " vendor string")
    f.save()


def asf(path, c):
    from mutagen.asf import ASF, ASFUnicodeAttribute

    f = ASF(path)
    for key in ["Title", "Author", "Copyright", "Description", "Rating", "WM/AlbumTitle",
                "WM/AlbumArtist", "WM/Composer", "WM/Publisher", "WM/EncodedBy",
                "WM/ToolName", "WM/Lyrics", "WM/Genre", "WM/Writer", "WM/Conductor",
                "WM/ContentDistributor", "WM/MediaStationName", "WM/AuthorURL"]:
        f[key] = c.text("ASF " + key)
    f[c.text("ASF own attribute name")] = c.text("ASF own attribute value")
    # A language or a stream number puts the attribute in the Metadata Library object.
    f["WM/SubTitle"] = [ASFUnicodeAttribute(c.text("ASF metadata library value"), language=1)]
    f["WM/Mood"] = [ASFUnicodeAttribute(c.text("ASF metadata object value"), stream=1)]
    f.save()


def ape(path, c):
    from mutagen.apev2 import APEv2, APEBinaryValue

    tags = APEv2()
    for key in ["Title", "Artist", "Album", "Comment", "Copyright", "Publisher", "Composer",
                "Conductor", "Subtitle", "Debut Album", "Record Location", "File", "Related",
                "ISRC", "Abstract", "Bibliography", "Introplay", "Media", "Genre"]:
        tags[key] = c.text("APE " + key)
    tags["Year"] = "1971-02-03"
    c.fixed("APE Year", "1971-02-03")
    tags["Cover Art (Front)"] = APEBinaryValue(
        (c.text("APE cover file name") + ".jpg\0").encode() + small_jpeg(c, "APE cover"))
    tags[c.text("APE own key name")] = c.text("APE own key value")
    tags.save(path)


def chunk_id3(path, c, cls):
    f = cls(path)
    if f.tags is None:
        f.add_tags()
    for frame in id3_frames(c):
        f.tags.add(frame)
    f.save()


def main():
    kind, path = sys.argv[1], sys.argv[2]
    c = Canaries()
    if kind == "id3v23":
        id3_tags(path, 3, c)
    elif kind == "id3v24":
        id3_tags(path, 4, c)
    elif kind == "mp4":
        mp4(path, c)
    elif kind == "flac":
        from mutagen.flac import FLAC
        vorbis_file(path, c, FLAC, "FLAC")
    elif kind == "ogg":
        from mutagen.oggvorbis import OggVorbis
        vorbis_file(path, c, OggVorbis, "Vorbis")
    elif kind == "opus":
        from mutagen.oggopus import OggOpus
        vorbis_file(path, c, OggOpus, "Opus")
    elif kind == "oggflac":
        from mutagen.oggflac import OggFLAC
        vorbis_file(path, c, OggFLAC, "Ogg FLAC")
    elif kind == "theora":
        from mutagen.oggtheora import OggTheora
        vorbis_file(path, c, OggTheora, "Theora")
    elif kind == "asf":
        asf(path, c)
    elif kind == "ape":
        ape(path, c)
    elif kind == "aiff":
        from mutagen.aiff import AIFF
        chunk_id3(path, c, AIFF)
    elif kind == "wav":
        from mutagen.wave import WAVE
        chunk_id3(path, c, WAVE)
    else:
        raise SystemExit("unknown kind " + kind)
    c.dump()


main()

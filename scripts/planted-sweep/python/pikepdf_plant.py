"""A one-page PDF made by pikepdf with a canary in every place a PDF tool writes metadata:
  pikepdf_plant.py PATH
Info (its own key too), XMP through open_metadata, the catalog's and the page's PieceInfo,
XMP on the page and on an image, a photo's EXIF, a thumbnail, a note's author, subject, name and
text, a square's rich text, a pop-up's and a reply's author, an article thread's author, an
attachment's description and a photo attached, Web Capture's URLs, POST data, cookie and
digests, a key ISO 32000 does not define; and what must stay: a thread's title, the page's text, a text box's text, a link, a text file
attached, a bookmark, a form field's name, tooltip and value. Prints the canaries."""

import sys

import pikepdf
from pikepdf import Array, Dictionary, Name, String
from plant import Canaries, small_jpeg

DATE = "D:19710203040506Z"


def xmp_stream(pdf, c, what):
    packet = (
        '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF '
        'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">'
        "<dc:creator><rdf:Seq><rdf:li>%s</rdf:li></rdf:Seq></dc:creator>"
        "</rdf:Description></rdf:RDF></x:xmpmeta>"
        '<?xpacket end="w"?>' % c.text(what + " XMP dc:creator")
    )
    return pikepdf.Stream(pdf, packet.encode(), Type=Name.Metadata, Subtype=Name.XML)


def page_with_text(pdf, c):
    font = Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica)
    jpeg = small_jpeg(c, "image XObject")
    image = pikepdf.Stream(pdf, jpeg, Type=Name.XObject, Subtype=Name.Image, Width=16,
                           Height=16, ColorSpace=Name.DeviceRGB, BitsPerComponent=8,
                           Filter=Name.DCTDecode)
    image.Metadata = xmp_stream(pdf, c, "image")
    text = c.content("page text")
    content = b"BT /F1 12 Tf 20 100 Td (%s) Tj ET q 16 0 0 16 20 20 cm /Im1 Do Q" % text.encode()
    page = pikepdf.Page(Dictionary(
        Type=Name.Page,
        MediaBox=Array([0, 0, 200, 150]),
        Contents=pikepdf.Stream(pdf, content),
        Resources=Dictionary(Font=Dictionary(F1=font), XObject=Dictionary(Im1=image)),
    ))
    pdf.pages.append(page)
    return pdf.pages[0]


def annotations(pdf, page, c):
    note = Dictionary(Type=Name.Annot, Subtype=Name.Text, Rect=Array([10, 10, 30, 30]),
                      T=String(c.text("note /T author")), Contents=String(c.text("note /Contents")),
                      Subj=String(c.text("note /Subj")), NM=String(c.text("note /NM")),
                      M=String(DATE), CreationDate=String(DATE))
    box = Dictionary(Type=Name.Annot, Subtype=Name.FreeText, Rect=Array([40, 10, 120, 30]),
                     DA=String("/Helv 10 Tf 0 g"), T=String(c.text("text box /T author")),
                     Contents=String(c.content("text box /Contents")), M=String(DATE))
    link = Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([130, 10, 190, 30]),
                      A=Dictionary(S=Name.URI, URI=String("http://example.com/" + c.content("link URI"))))
    field = Dictionary(Type=Name.Annot, Subtype=Name.Widget, FT=Name.Tx, Rect=Array([10, 40, 90, 60]),
                       T=String(c.content("form field /T name")), TU=String(c.content("form field /TU tooltip")),
                       TM=String(c.content("form field /TM export name")),
                       V=String(c.content("form field /V value")), DA=String("/Helv 10 Tf 0 g"))
    square = Dictionary(Type=Name.Annot, Subtype=Name.Square, Rect=Array([100, 40, 140, 60]),
                        T=String(c.text("square /T author")), Contents=String(c.text("square /Contents")),
                        RC=String("<body><p>%s</p></body>" % c.text("square /RC rich text")))
    objects = [pdf.make_indirect(a) for a in (note, box, link, field, square)]
    popup = pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.Popup, Rect=Array([150, 40, 190, 60]),
                                         Parent=objects[4], T=String(c.text("popup /T author"))))
    objects[4].Popup = popup
    reply = pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.Text, Rect=Array([10, 70, 30, 90]),
                                         IRT=objects[0], T=String(c.text("reply /T author")),
                                         Contents=String(c.text("reply /Contents"))))
    objects += [popup, reply]
    for a in objects:
        a.P = page.obj
    page.obj.Annots = Array(objects)
    pdf.Root.AcroForm = Dictionary(Fields=Array([objects[3]]), DA=String("/Helv 10 Tf 0 g"))


def thread(pdf, page, c):
    """An article thread: its title is what a viewer shows, its author and subject go."""
    bead = pdf.make_indirect(Dictionary(Type=Name.Bead, R=Array([0, 0, 200, 150]), P=page.obj))
    info = Dictionary(Title=String(c.content("thread /I Title")), Author=String(c.text("thread /I Author")),
                      Subject=String(c.text("thread /I Subject")), CreationDate=String(DATE))
    item = pdf.make_indirect(Dictionary(Type=Name.Thread, F=bead, I=info))
    bead.T, bead.N, bead.V = item, bead, bead
    page.obj.B = Array([bead])
    pdf.Root.Threads = Array([item])


def web_capture(pdf, page, c):
    """Web Capture (ISO 32000-2, 14.10): the command that fetched the page, its source, digests."""
    command = pdf.make_indirect(Dictionary(
        URL=String("https://intranet.example/" + c.text("Web Capture command URL")), L=1, F=0,
        P=String("user=" + c.text("Web Capture POST data")),
        H=String("Cookie: session=" + c.text("Web Capture HTTP header"))))
    content_set = pdf.make_indirect(Dictionary(
        Type=Name.SpiderContentSet, S=Name.SPS, ID=String(c.text("Web Capture content set digest")),
        O=Array([page.obj]), T=String(c.text("Web Capture content set title")), TS=String(DATE),
        SI=Dictionary(AU=String("https://intranet.example/" + c.text("Web Capture source URL")),
                      TS=String(DATE), C=command)))
    pdf.Root.SpiderInfo = Dictionary(V=1.0, C=Array([command]))
    names = pdf.Root.get("/Names") or Dictionary()
    names.URLS = Dictionary(Names=Array([String("https://intranet.example/" + c.text("Web Capture /URLS key")),
                                         content_set]))
    pdf.Root.Names = names
    page.obj.ID = String(c.text("Web Capture page digest"))


def attachments(pdf, c):
    for name, data, desc_field, data_field in (
        ("notes.txt", None, "text attachment /Desc", "text attachment contents"),
        ("photo.jpg", small_jpeg(c, "photo attachment"), "photo attachment /Desc", None),
    ):
        body = data if data is not None else c.content(data_field).encode()
        spec = pikepdf.AttachedFileSpec(pdf, body, description=c.text(desc_field),
                                        filename=name, mime_type="application/octet-stream")
        pdf.attachments[name] = spec


def main():
    path = sys.argv[1]
    c = Canaries()
    pdf = pikepdf.new()
    page = page_with_text(pdf, c)
    page.obj.Metadata = xmp_stream(pdf, c, "page")
    page.obj.PieceInfo = Dictionary(Planted=Dictionary(
        LastModified=String(DATE), Private=String(c.text("page PieceInfo Private"))))
    page.obj.LastModified = String(DATE)
    thumb = pikepdf.Stream(pdf, (c.text("page thumbnail pixels") * 4).encode()[:48], Width=4,
                           Height=4, ColorSpace=Name.DeviceRGB, BitsPerComponent=8)
    page.obj.Thumb = thumb
    annotations(pdf, page, c)
    thread(pdf, page, c)
    attachments(pdf, c)
    web_capture(pdf, page, c)
    outline_title = c.content("bookmark title")
    with pdf.open_outline() as outline:
        outline.root.append(pikepdf.OutlineItem(outline_title, 0))
    pdf.Root.PieceInfo = Dictionary(Planted=Dictionary(
        LastModified=String(DATE), Private=String(c.text("catalog PieceInfo Private"))))
    pdf.Root[Name("/" + c.text("catalog key ISO does not define"))] = String(c.text("catalog own key value"))
    info = pdf.docinfo
    for key in ("Title", "Author", "Subject", "Keywords", "Creator", "Producer"):
        info[Name("/" + key)] = String(c.text("Info " + key))
    info[Name("/" + c.text("Info own key name"))] = String(c.text("Info own key value"))
    info.CreationDate = String(DATE)
    c.fixed("Info, PieceInfo, annotation dates", "19710203040506")
    c.fixed("XMP xmp:CreateDate", "1971-02-03")
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
        meta["dc:title"] = c.text("XMP dc:title")
        meta["dc:creator"] = [c.text("XMP dc:creator")]
        meta["dc:description"] = c.text("XMP dc:description")
        meta["xmp:CreatorTool"] = c.text("XMP xmp:CreatorTool")
        meta["pdf:Producer"] = c.text("XMP pdf:Producer")
        meta["xmp:CreateDate"] = "1971-02-03T04:05:06Z"
    pdf.save(path)
    c.dump()


main()

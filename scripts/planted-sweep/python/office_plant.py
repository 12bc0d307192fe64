"""Word and Excel files as python-docx and openpyxl write them, with a canary in every field
they set, then the parts those libraries do not write added by hand (comments, custom
properties, a custom XML item):
  office_plant.py docx|xlsx PATH
Prints the canaries as JSON."""

import os
import sys
import tempfile
import zipfile
from datetime import datetime

from plant import Canaries, small_jpeg

WHEN = datetime(1971, 2, 3, 4, 5, 6)
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CUSTOM = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
          '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" '
          'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
          '<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="%s">'
          "<vt:lpwstr>%s</vt:lpwstr></property></Properties>")


# The text fields of core.xml as each library names them.
CORE_TEXT = {
    "docx": ("author", "title", "subject", "keywords", "category", "comments", "identifier",
             "language", "last_modified_by", "content_status", "version"),
    "xlsx": ("creator", "title", "subject", "keywords", "category", "description", "identifier",
             "language", "lastModifiedBy", "contentStatus", "version"),
}
CORE_DATES = {"docx": ("created", "modified", "last_printed"),
              "xlsx": ("created", "modified", "lastPrinted")}


def core(props, c, label):
    for field in CORE_TEXT[label]:
        setattr(props, field, c.text("%s core %s" % (label, field)))
    for field in CORE_DATES[label]:
        setattr(props, field, WHEN)
    c.fixed(label + " core dates", "1971-02-03")


def rewrite(path, changes):
    """The package at `path` with members replaced or added by `changes(members)`."""
    with zipfile.ZipFile(path) as z:
        members = {name: z.read(name) for name in z.namelist()}
    changes(members)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)


def add_part(members, name, data, content_type, owner_rels, rel_type):
    members[name] = data.encode()
    types = members["[Content_Types].xml"].decode()
    members["[Content_Types].xml"] = types.replace(
        "</Types>", '<Override PartName="/%s" ContentType="%s"/></Types>' % (name, content_type)).encode()
    rels = members[owner_rels].decode()
    owner_dir = owner_rels.split("_rels/")[0]
    target = name[len(owner_dir):] if name.startswith(owner_dir) else "../" + name
    members[owner_rels] = rels.replace(
        "</Relationships>",
        '<Relationship Id="rIdPlanted%d" Type="%s" Target="%s"/></Relationships>'
        % (len(members), rel_type, target)).encode()


def custom_parts(members, c, label, main_rels):
    add_part(members, "docProps/custom.xml",
             CUSTOM % (c.text(label + " custom property name"), c.text(label + " custom property value")),
             "application/vnd.openxmlformats-officedocument.custom-properties+xml", "_rels/.rels",
             REL + "/custom-properties")
    add_part(members, "customXml/planted1.xml",
             '<?xml version="1.0"?><data><owner>%s</owner></data>' % c.text(label + " custom XML item"),
             "application/xml", main_rels, REL + "/customXml")


def docx(path, c):
    import docx as python_docx
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.oxml.ns import qn
    from docx.oxml import OxmlElement

    doc = python_docx.Document()
    core(doc.core_properties, c, "docx")
    doc.core_properties.revision = 7
    doc.add_heading(c.content("heading text"), 1)
    para = doc.add_paragraph(c.content("body text") + " ")
    url = "http://example.com/" + c.content("hyperlink target")
    r_id = doc.part.relate_to(url, RT.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), r_id)
    run = OxmlElement("w:r")
    text = OxmlElement("w:t")
    text.text = c.content("hyperlink text")
    run.append(text)
    link.append(run)
    para._p.append(link)
    # python-docx names the picture after the file it was read from (pic:cNvPr name): the
    # cleaner keeps a picture's name, its file name without the folders, as the author's words.
    folder = tempfile.mkdtemp()
    picture = os.path.join(folder, c.content("picture file name (pic:cNvPr name)") + ".jpg")
    with open(picture, "wb") as f:
        f.write(small_jpeg(c, "docx picture"))
    doc.add_picture(picture)
    doc_pr = doc.inline_shapes[0]._inline.docPr
    doc_pr.set("descr", c.content("picture descr (alt text)"))
    doc_pr.set("title", c.content("picture title"))
    doc.sections[0].header.paragraphs[0].text = c.content("header text")
    doc.sections[0].footer.paragraphs[0].text = c.content("footer text")
    doc.add_paragraph(c.content("commented text"))
    doc.save(path)

    def comments(members):
        body = members["word/document.xml"].decode()
        commented = body.rfind("<w:r>")
        end = body.find("</w:r>", commented) + len("</w:r>")
        members["word/document.xml"] = (
            body[:commented] + '<w:commentRangeStart w:id="0"/>' + body[commented:end]
            + '<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r>'
            + body[end:]).encode()
        add_part(members, "word/comments.xml",
                 '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:comments xmlns:w="%s">'
                 '<w:comment w:id="0" w:author="%s" w:initials="%s" w:date="1971-02-03T04:05:06Z">'
                 "<w:p><w:r><w:t>%s</w:t></w:r></w:p></w:comment></w:comments>"
                 % (W, c.text("comment author"), c.text("comment initials"), c.text("comment text")),
                 "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml",
                 "word/_rels/document.xml.rels", REL + "/comments")
        custom_parts(members, c, "docx", "word/_rels/document.xml.rels")

    rewrite(path, comments)


def xlsx(path, c):
    from openpyxl import Workbook
    from openpyxl.comments import Comment
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation

    wb = Workbook()
    core(wb.properties, c, "xlsx")
    ws = wb.active
    ws.title = c.content("sheet name")
    ws["A1"] = c.content("cell text")
    ws["A2"] = c.content("commented cell text")
    ws["A2"].comment = Comment(c.text("comment text"), c.text("comment author"))
    ws["A3"] = c.content("hyperlink cell text")
    ws["A3"].hyperlink = "http://example.com/" + c.content("hyperlink target")
    ws.oddHeader.center.text = c.content("header text")
    ws.oddFooter.center.text = c.content("footer text")
    rule = DataValidation(type="list", formula1='"yes,no"', showInputMessage=True,
                          promptTitle=c.content("validation prompt title"),
                          prompt=c.content("validation prompt"),
                          errorTitle=c.content("validation error title"),
                          error=c.content("validation error"))
    ws.add_data_validation(rule)
    rule.add("B1")
    wb.defined_names.append(DefinedName(c.content("defined name"), attr_text="'%s'!$A$1" % ws.title))
    wb.save(path)
    rewrite(path, lambda members: custom_parts(members, c, "xlsx", "xl/_rels/workbook.xml.rels"))


def main():
    kind, path = sys.argv[1], sys.argv[2]
    c = Canaries()
    {"docx": docx, "xlsx": xlsx}[kind](path, c)
    c.dump()


main()

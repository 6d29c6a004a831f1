#!/usr/bin/env bash
# Rebuilds the evaluation corpus from Debian 12 (bookworm) packages into OUT (default: this folder).
# Needs: apt-get (with a fresh `apt-get update`), dpkg-deb, python3, pandoc, libreoffice (writer + impress).
# The PDFs and the two text specifications are copied byte for byte; the other documents are converted,
# so LibreOffice and pandoc versions other than those named in SOURCES.md may give slightly different bytes
# (and then the page numbers of questions must be checked again with `node --import tsx eval/ai/pages.ts`).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${1:-$HERE}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

PACKAGES=(libtasn1-doc debian-policy camlidl-doc fasta3-doc 4ti2-doc sqlite3-doc nano python3.11-doc docbook-slides-demo)
for p in "${PACKAGES[@]}"; do apt-get download "$p" >/dev/null; done
mkdir root
for f in ./*.deb; do dpkg-deb -x "$f" root; done
D=root/usr/share/doc

# PDF manuals and specifications, unchanged.
cp "$D/libtasn1-doc/libtasn1.pdf" "$OUT/libtasn1-manual.pdf"
zcat "$D/debian-policy/fhs/fhs-3.0.pdf.gz" >"$OUT/fhs-3.0.pdf"
cp "$D/camlidl/camlidl-1.04.doc.pdf" "$OUT/camlidl-manual.pdf"
cp "$D/fasta3/fasta_guide.pdf" "$OUT/fasta-guide.pdf"
cp "$D/4ti2/4ti2_manual.pdf" "$OUT/4ti2-manual.pdf"

# Plain-text specifications (RFC-style), unchanged.
zcat "$D/debian-policy/debconf_specification.txt.gz" >"$OUT/debconf-specification.txt"
zcat "$D/debian-policy/copyright-format-1.0.txt.gz" >"$OUT/copyright-format-1.0.txt"

# HTML pages: only the page body, links kept as their text, pictures dropped.
cat >nolinks.lua <<'EOF'
function Link(el) return el.content end
function Image(el) return {} end
EOF
python3 - "$D" <<'EOF'
import sys
d = sys.argv[1]
def between(path, start, end):
    s = open(path, encoding="utf-8").read()
    i = s.index(start)
    return s[i:s.index(end, i)]
py = d + "/python3.11-doc/html"
for name, src in [("functional", "/howto/functional.html"), ("classes", "/tutorial/classes.html")]:
    body = between(py + src, '<div class="body" role="main">', '<div class="sphinxsidebar"')
    body = body.replace('\u00b6</a>', '</a>')  # the pilcrow permalinks after each heading
    open(name + ".html", "w", encoding="utf-8").write(
        '<html><head><meta charset="utf-8"></head><body>' + body + "</body></html>")
s = open(d + "/sqlite3/datatype3.html", encoding="utf-8").read()
s = s[s.index('<div class="fancy_title">'):]
i = s.index('<div class="fancy_toc">')
s = s[:i] + s[s.index("<h1", i):]  # the collapsible table of contents
open("datatype3.html", "w", encoding="utf-8").write('<html><head><meta charset="utf-8"></head><body>' + s)
s = open(d + "/nano/nano.html", encoding="utf-8").read()
open("nano.html", "w", encoding="utf-8").write('<html><head><meta charset="utf-8"></head>' + s[s.index("<body"):])
EOF
pandoc -f html-native_divs-native_spans -t gfm-raw_html --wrap=none --lua-filter nolinks.lua functional.html \
  -o "$OUT/python-functional-howto.md"
pandoc -f html-native_divs-native_spans -t plain --wrap=auto --columns=80 --lua-filter nolinks.lua datatype3.html \
  -o "$OUT/sqlite-datatypes.txt"
pandoc -f html -t gfm-raw_html --wrap=none --lua-filter nolinks.lua nano.html -o nano.md
python3 -c "
import re, sys
s = open('nano.md').read()
open(sys.argv[1], 'w').write(re.sub(r'^</?div[^>]*>\n\n?', '', s, flags=re.M))" "$OUT/nano-manual.md"

# DOCX: the Python tutorial's chapter 9 (Classes), opened and saved by LibreOffice Writer.
mkdir docx
libreoffice --headless --infilter="HTML (StarWriter)" --convert-to 'docx:MS Word 2007 XML' --outdir docx classes.html
cp docx/classes.docx "$OUT/python-classes-tutorial.docx"

# PPTX: the DocBook Slides demo presentation, one slide per foil (plus a title slide), written by pandoc
# and then opened and saved by LibreOffice Impress.
python3 - "$D/docbook-slides-demo/default" <<'EOF'
import re, subprocess, sys
base = sys.argv[1] + "/"
order = ["foil01", "foilgroup01", "foil02", "foil03", "foil04", "foilgroup02", "foil05", "foil06", "foil07",
         "foilgroup03", "foil08", "foil09", "foil10", "foil11", "foilgroup04", "foil12", "foil13", "foilgroup05",
         "foil14", "foil15", "foil16"]
out = ["---", "title: The Slides Document Type", "author: Norman Walsh", "date: Friday, 19 Dec 2003", "---", ""]
for i, name in enumerate(order, start=1):
    s = open(base + name + ".html", encoding="latin-1").read()
    assert int(re.search(r'<span class="index">(\d+)</span>', s).group(1)) == i, name
    body = re.search(r'<div class="(?:foil|foilgroup)-body">(.*?)</div><div id="overlayDiv"', s, re.S).group(1)
    body = body.replace('<h1 class="title">', "<h2>").replace("</h1>", "</h2>")
    md = subprocess.run(
        ["pandoc", "-f", "html", "-t", "markdown-raw_html-native_divs-native_spans", "--wrap=none",
         "--lua-filter", "nolinks.lua"], input=body, capture_output=True, text=True, check=True).stdout
    out += [md.strip(), ""]
open("slides.md", "w").write("\n".join(out))
EOF
mkdir pandoc-pptx pptx
pandoc slides.md --slide-level=2 -o pandoc-pptx/docbook-slides.pptx
libreoffice --headless --convert-to 'pptx:Impress MS PowerPoint 2007 XML' --outdir pptx pandoc-pptx/docbook-slides.pptx
cp pptx/docbook-slides.pptx "$OUT/docbook-slides.pptx"
echo "documents written to $OUT"
